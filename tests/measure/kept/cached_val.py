#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Validation batches cached in a list the first time and reused each epoch, and a gradient
accumulation window of four micro-batches pulled from the loader before the step."""
import time

import torch
from torch.utils.data import DataLoader, Dataset


class Images(Dataset):
    def __init__(self, n, size):
        self.n, self.size = n, size

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        return torch.full((3, self.size, self.size), float(i % 5)), torch.tensor(i % 10)


def main():
    train = DataLoader(Images(128, 112), batch_size=8, num_workers=2, shuffle=True, drop_last=True)
    val = DataLoader(Images(48, 112), batch_size=8, num_workers=2)
    cached = None
    for epoch in range(2):
        it = iter(train)
        while True:
            window = []
            try:
                for _ in range(4):
                    window.append(next(it))
            except StopIteration:
                break
            for images, labels in window:
                assert images.shape[0] == labels.shape[0]
            time.sleep(0.01)
            del window
        if cached is None:
            cached = [batch for batch in val]
        total = sum(int(labels.sum()) for _, labels in cached)
        assert total >= 0
    print("done", flush=True)


if __name__ == "__main__":
    main()
