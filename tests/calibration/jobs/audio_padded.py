#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""A speech model's loader: clips of 1 to 10 s at 16 kHz, padded per batch to
the longest clip (pad_sequence), with their lengths, as ASR recipes collate."""
import argparse
import random
import time

import torch
from torch.nn.utils.rnn import pad_sequence
from torch.utils.data import DataLoader, Dataset

RATE = 16000


class Clips(Dataset):
    def __init__(self, n, shortest, longest, seed=0):
        rng = random.Random(seed)
        self.lengths = [rng.randint(shortest * RATE, longest * RATE) for _ in range(n)]

    def __len__(self):
        return len(self.lengths)

    def __getitem__(self, i):
        return torch.full((self.lengths[i],), 0.25), i % 30


def collate(batch):
    waves, labels = zip(*batch)
    lengths = torch.tensor([w.shape[0] for w in waves])
    return pad_sequence(waves, batch_first=True), lengths, torch.tensor(labels)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--batch-size", type=int, default=16)
    p.add_argument("--workers", type=int, default=3)
    p.add_argument("--prefetch", type=int, default=2)
    p.add_argument("--shortest", type=int, default=1)
    p.add_argument("--longest", type=int, default=10)
    p.add_argument("--epochs", type=int, default=2)
    p.add_argument("--steps", type=int, default=14)
    p.add_argument("--step-sleep", type=float, default=0.06)
    args = p.parse_args()
    ds = Clips(args.steps * args.batch_size, args.shortest, args.longest)
    dl = DataLoader(ds, batch_size=args.batch_size, shuffle=True, num_workers=args.workers,
                    prefetch_factor=args.prefetch, collate_fn=collate, drop_last=True)
    for _epoch in range(args.epochs):
        for waves, lengths, labels in dl:
            assert waves.shape[1] == int(lengths.max())
            time.sleep(args.step_sleep)
    print("done")


if __name__ == "__main__":
    main()
