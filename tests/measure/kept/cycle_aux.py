#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""A main loader and an auxiliary one drawn through itertools.cycle(): cycle keeps every batch
of the auxiliary loader's first pass referenced, so the whole pass stays in /dev/shm."""
import itertools
import time

import torch
from torch.utils.data import DataLoader, Dataset


class Images(Dataset):
    def __init__(self, n, size):
        self.n, self.size = n, size

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        return torch.full((3, self.size, self.size), float(i % 7)), torch.tensor(i % 10)


def main():
    train = DataLoader(Images(96, 96), batch_size=8, num_workers=2, shuffle=True)
    aux = DataLoader(Images(40, 128), batch_size=4, num_workers=2)
    aux_batches = itertools.cycle(aux)
    for epoch in range(2):
        for images, labels in train:
            extra, _ = next(aux_batches)
            assert images.shape[0] == labels.shape[0] and extra.shape[0] == 4
            time.sleep(0.005)
    print("done", flush=True)


if __name__ == "__main__":
    main()
