#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Four workers, each with two 12 MiB batches ahead of a slow training loop: 96 MiB of
/dev/shm in flight, so a 32 MiB /dev/shm dies of the Bus error. With the plan's size it runs."""

import sys
import time

import torch
from torch.utils.data import DataLoader, Dataset


class Images(Dataset):
    def __len__(self):
        return 4096

    def __getitem__(self, i):
        return torch.full((3, 256, 256), float(i % 7)), i % 10


def main():
    steps = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    loader = DataLoader(Images(), batch_size=16, num_workers=4, prefetch_factor=2)
    for step, (x, y) in enumerate(loader):
        time.sleep(0.1)  # the model's step: the workers fill their queues meanwhile
        if step + 1 >= steps:
            break
    print("done", flush=True)


if __name__ == "__main__":
    main()
