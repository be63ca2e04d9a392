#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""A detection collate that stacks the images and keeps the boxes, labels and masks as lists of
one tensor per sample, under file_system: each listed tensor is its own file in /dev/shm."""
import time

import torch
import torch.multiprocessing as mp
from torch.utils.data import DataLoader, Dataset

class Det(Dataset):
    def __len__(self): return 256
    def __getitem__(self, i):
        n = 3 + i % 5
        return {"image": torch.rand(3, 64, 64), "boxes": torch.rand(n, 4), "labels": torch.randint(0, 9, (n,)),
                "masks": torch.rand(n, 16, 16)}

def collate(samples):
    out = {"image": torch.stack([s["image"] for s in samples])}
    for k in ("boxes", "labels", "masks"):
        out[k] = [s[k] for s in samples]
    return out

def main():
    mp.set_sharing_strategy("file_system")
    loader = DataLoader(Det(), batch_size=16, num_workers=4, collate_fn=collate)
    for epoch in range(2):
        for b in loader:
            assert len(b["boxes"]) == 16
            time.sleep(0.005)
    print("done", flush=True)

if __name__ == "__main__":
    main()
