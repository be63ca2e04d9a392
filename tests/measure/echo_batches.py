#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Prints what every batch holds, so that its output shows any change the
measuring hook would make to the data, the order or the settings."""
import torch
from torch.utils.data import DataLoader, Dataset


class Squares(Dataset):
    def __len__(self):
        return 40

    def __getitem__(self, i):
        return {"x": torch.arange(i, i + 6, dtype=torch.float32) ** 2, "i": i}


def main():
    torch.manual_seed(7)
    loader = DataLoader(Squares(), batch_size=6, num_workers=2, shuffle=True,
                        prefetch_factor=3, persistent_workers=True)
    for epoch in range(2):
        for batch in loader:
            print(epoch, batch["i"].tolist(), "%.1f" % batch["x"].sum().item())
    print("start method", torch.multiprocessing.get_start_method(allow_none=True))
    print("done")


if __name__ == "__main__":
    main()
