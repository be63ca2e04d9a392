#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""A detector's training data path as Detectron2 builds it with
DATALOADER.ASPECT_RATIO_GROUPING (its default): the sampler is sharded across
the workers of an iterable dataset, the DataLoader yields single per-image
dicts (its collate takes element 0 of a batch of one), and the main process
groups them into batches of --batch-size in two buckets, landscape and
portrait, so up to two part-filled batches wait beside the one trained on. The
training step keeps its batch only for the step, as a trainer's run_step
does, or, with --loop for, as a plain training loop (a for statement keeps
the last batch while the next one is grouped)."""
import argparse
import operator
import random
import time

import torch
from torch.utils.data import DataLoader, IterableDataset, get_worker_info


class ShardedImages(IterableDataset):
    """Every worker takes its share of an endless shuffled index stream."""

    def __init__(self, n, long_side, short_side, seed=0):
        rng = random.Random(seed)
        self.landscape = [rng.random() < 0.5 for _ in range(n)]
        self.long_side, self.short_side, self.seed = long_side, short_side, seed

    def __iter__(self):
        info = get_worker_info()
        worker, workers = (info.id, info.num_workers) if info else (0, 1)
        rng = random.Random(self.seed)
        k = 0
        while True:
            for i in rng.sample(range(len(self.landscape)), len(self.landscape)):
                if k % workers == worker:
                    h, w = ((self.short_side, self.long_side) if self.landscape[i]
                            else (self.long_side, self.short_side))
                    yield {"image": torch.full((3, h, w), 5, dtype=torch.uint8),
                           "height": h, "width": w, "image_id": i}
                k += 1


class GroupedByAspect:
    """Batches of images of one orientation, grouped in the main process."""

    def __init__(self, loader, batch_size):
        self.loader, self.batch_size = loader, batch_size
        self.buckets = ([], [])

    def __iter__(self):
        for d in self.loader:
            bucket = self.buckets[0 if d["width"] > d["height"] else 1]
            bucket.append(d)
            if len(bucket) == self.batch_size:
                yield bucket[:]
                del bucket[:]


def run_step(it, args):
    batch = next(it)
    assert len(batch) == args.batch_size
    assert len({d["width"] > d["height"] for d in batch}) == 1
    time.sleep(args.step_sleep)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--batch-size", type=int, default=8)
    p.add_argument("--workers", type=int, default=4)
    p.add_argument("--long-side", type=int, default=800)
    p.add_argument("--short-side", type=int, default=600)
    p.add_argument("--iterations", type=int, default=40)
    p.add_argument("--step-sleep", type=float, default=0.02)
    p.add_argument("--loop", choices=("step", "for"), default="step")
    args = p.parse_args()
    loader = DataLoader(ShardedImages(200, args.long_side, args.short_side),
                        num_workers=args.workers, collate_fn=operator.itemgetter(0))
    grouped = GroupedByAspect(loader, args.batch_size)
    if args.loop == "step":
        it = iter(grouped)
        for _ in range(args.iterations):
            run_step(it, args)
    else:
        for batch, _ in zip(grouped, range(args.iterations)):
            assert len(batch) == args.batch_size
            time.sleep(args.step_sleep)
    print("done")


if __name__ == "__main__":
    main()
