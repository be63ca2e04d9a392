# SPDX-License-Identifier: GPL-3.0-or-later
"""A DataLoader built with the planned settings. DataLoader(x, persistent_workers=True) here is text."""
import torch
import torch.multiprocessing as mp
from torch.utils.data import DataLoader

# At import time, so workers started with spawn get it too.
mp.set_sharing_strategy("file_system")


def make_loader(dataset, **overrides):
    args = dict(batch_size=64, num_workers=8, prefetch_factor=2, persistent_workers=True,
                pin_memory=True, multiprocessing_context="spawn")
    args.update(overrides)
    return DataLoader(dataset, **args)


def simple(dataset, workers):
    return DataLoader(dataset, batch_size=32, num_workers=workers,
                      prefetch_factor=2, persistent_workers=True)


def single_process(dataset):
    return DataLoader(dataset, batch_size=32, num_workers=0, prefetch_factor=None)


if __name__ == "__main__":
    loader = make_loader(torch.utils.data.TensorDataset(torch.zeros(8, 3)))
