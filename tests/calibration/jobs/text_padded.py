#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""A text classifier's loaders as a Hugging Face Trainer builds them: token
sequences of 32 to 512 tokens, padded per batch to the longest (the
DataCollatorWithPadding pattern: input_ids, attention_mask, labels), and an
evaluation loader at the end of each epoch."""
import argparse
import random
import time

import torch
from torch.utils.data import DataLoader, Dataset


class Tokenized(Dataset):
    def __init__(self, n, shortest, longest, seed):
        rng = random.Random(seed)
        self.lengths = [rng.randint(shortest, longest) for _ in range(n)]

    def __len__(self):
        return len(self.lengths)

    def __getitem__(self, i):
        n = self.lengths[i]
        return {"input_ids": list(range(101, 101 + n)), "label": i % 2}


def pad_collate(features):
    longest = max(len(f["input_ids"]) for f in features)
    ids = torch.zeros((len(features), longest), dtype=torch.int64)
    mask = torch.zeros((len(features), longest), dtype=torch.int64)
    for row, f in enumerate(features):
        n = len(f["input_ids"])
        ids[row, :n] = torch.tensor(f["input_ids"])
        mask[row, :n] = 1
    labels = torch.tensor([f["label"] for f in features])
    return {"input_ids": ids, "attention_mask": mask, "labels": labels}


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--batch-size", type=int, default=32)
    p.add_argument("--eval-batch-size", type=int, default=64)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--prefetch", type=int, default=2)
    p.add_argument("--longest", type=int, default=512)
    p.add_argument("--epochs", type=int, default=2)
    p.add_argument("--steps", type=int, default=14)
    p.add_argument("--eval-steps", type=int, default=4)
    p.add_argument("--step-sleep", type=float, default=0.05)
    args = p.parse_args()
    kw = {"num_workers": args.workers, "collate_fn": pad_collate}
    if args.workers:
        kw["prefetch_factor"] = args.prefetch
    train = DataLoader(Tokenized(args.steps * args.batch_size, 32, args.longest, 1),
                       batch_size=args.batch_size, shuffle=True, drop_last=True, **kw)
    evaluation = DataLoader(Tokenized(args.eval_steps * args.eval_batch_size, 32, args.longest,
                                      2), batch_size=args.eval_batch_size, **kw)
    for _epoch in range(args.epochs):
        for batch in train:
            assert batch["input_ids"].shape == batch["attention_mask"].shape
            time.sleep(args.step_sleep)
        for batch in evaluation:
            time.sleep(args.step_sleep / 2)
    print("done")


if __name__ == "__main__":
    main()
