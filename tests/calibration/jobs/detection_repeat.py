#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""A detector's loaders built the way Detectron2 builds them: a training
sampler that repeats forever (the iterator never ends, so its workers and full
prefetch queue live for the whole run), a collate that returns the list of
per-sample dicts unchanged, images of varying size, and an evaluation loader
(batch size 1) run every --eval-every iterations."""
import argparse
import itertools
import random
import time

import torch
from torch.utils.data import DataLoader, Dataset, Sampler


class TrainingSampler(Sampler):
    def __init__(self, size, seed=0):
        self.size, self.seed = size, seed

    def __iter__(self):
        g = torch.Generator()
        g.manual_seed(self.seed)
        while True:
            yield from torch.randperm(self.size, generator=g).tolist()


class Detections(Dataset):
    def __init__(self, n, shortest, longest, seed=0):
        rng = random.Random(seed)
        self.sizes = [(rng.randint(shortest, longest), rng.randint(shortest, longest))
                      for _ in range(n)]

    def __len__(self):
        return len(self.sizes)

    def __getitem__(self, i):
        h, w = self.sizes[i]
        return {"image": torch.full((3, h, w), 7, dtype=torch.uint8),
                "boxes": torch.full((50, 4), 1.0), "classes": torch.full((50,), 3),
                "height": h, "width": w, "image_id": i}


def trivial_batch_collator(batch):
    return batch


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--batch-size", type=int, default=4)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--eval-workers", type=int, default=2)
    p.add_argument("--shortest", type=int, default=480)
    p.add_argument("--longest", type=int, default=800)
    p.add_argument("--iterations", type=int, default=30)
    p.add_argument("--eval-every", type=int, default=12)
    p.add_argument("--eval-images", type=int, default=8)
    p.add_argument("--step-sleep", type=float, default=0.05)
    args = p.parse_args()
    ds = Detections(64, args.shortest, args.longest)
    train = DataLoader(ds, batch_size=args.batch_size, sampler=TrainingSampler(len(ds)),
                       num_workers=args.workers, collate_fn=trivial_batch_collator)
    evaluation = DataLoader(Detections(args.eval_images, args.shortest, args.longest, 1),
                            batch_size=1, num_workers=args.eval_workers,
                            collate_fn=trivial_batch_collator)
    for it, batch in zip(range(args.iterations), train):
        assert len(batch) == args.batch_size and batch[0]["image"].dtype == torch.uint8
        time.sleep(args.step_sleep)
        if (it + 1) % args.eval_every == 0:
            for inputs in evaluation:
                time.sleep(args.step_sleep / 2)
    print("done")


if __name__ == "__main__":
    main()
