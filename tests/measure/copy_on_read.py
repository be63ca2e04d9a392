#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""A Dataset that keeps its index as a Python list of dicts: under fork, each
worker reading it touches the objects' reference counts and so copies their
pages, and its private memory grows to the size of the list (copy-on-read)."""
import time

import torch
from torch.utils.data import DataLoader, Dataset


class Indexed(Dataset):
    def __init__(self, n):
        self.items = [{"path": "img_%08d.jpg" % i, "label": i % 1000} for i in range(n)]

    def __len__(self):
        return len(self.items) // 1000

    def __getitem__(self, i):
        # One sample reads a thousand entries (the labels of a clip's frames, say).
        label = sum(item["label"] for item in self.items[i * 1000:(i + 1) * 1000])
        return torch.zeros(16), label


def main():
    ds = Indexed(3_000_000)
    loader = DataLoader(ds, batch_size=16, num_workers=2)
    for _batch in loader:
        time.sleep(0.005)
    print("done")


if __name__ == "__main__":
    main()
