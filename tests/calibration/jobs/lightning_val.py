#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""An image classifier trained the way Lightning's fit loop runs it.

A sanity check draws two validation batches before training; validation runs
every --val-every training steps (mid-epoch: the training iterator is paused
with its prefetch queue full) or at the end of each epoch; with --val-kept the
validation iterator is made once at start-up and one validation batch is
drawn every --val-every steps, so its queue stays full all along.
"""
import argparse
import time

import torch
from torch.utils.data import DataLoader, Dataset


class Images(Dataset):
    def __init__(self, n, size):
        self.n, self.size = n, size

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        image = torch.full((3, self.size, self.size), 0.5 + i % 3)
        return image, torch.tensor(i % 10)


def loader(ds, batch, args, shuffle):
    kw = {}
    if args.workers:
        kw = {"prefetch_factor": args.prefetch, "persistent_workers": args.persistent}
        if args.start_method != "fork":
            kw["multiprocessing_context"] = args.start_method
    return DataLoader(ds, batch_size=batch, shuffle=shuffle, num_workers=args.workers,
                      drop_last=shuffle, **kw)


def step(batch, sleep):
    images, labels = batch
    assert images.shape[0] == labels.shape[0]
    time.sleep(sleep)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--batch-size", type=int, default=16)
    p.add_argument("--val-batch-size", type=int, default=32)
    p.add_argument("--image-size", type=int, default=224)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--prefetch", type=int, default=2)
    p.add_argument("--persistent", action="store_true")
    p.add_argument("--start-method", default="fork")
    p.add_argument("--epochs", type=int, default=2)
    p.add_argument("--steps", type=int, default=12, help="training steps per epoch")
    p.add_argument("--val-steps", type=int, default=6)
    p.add_argument("--val-every", type=int, default=0, help="0: at the end of each epoch")
    p.add_argument("--val-kept", action="store_true")
    p.add_argument("--step-sleep", type=float, default=0.05)
    args = p.parse_args()

    train = loader(Images(args.steps * args.batch_size, args.image_size), args.batch_size, args,
                   True)
    val = loader(Images(args.val_steps * args.val_batch_size, args.image_size),
                 args.val_batch_size, args, False)

    def validate():
        for vb in val:
            step(vb, args.step_sleep / 2)

    # Sanity check: two validation batches, then the iterator is dropped.
    for i, vb in enumerate(val):
        if i == 1:
            break
    kept = iter(val) if args.val_kept else None
    for _epoch in range(args.epochs):
        for i, batch in enumerate(train):
            step(batch, args.step_sleep)
            if args.val_every and (i + 1) % args.val_every == 0:
                if kept is not None:
                    try:
                        step(next(kept), 0)
                    except StopIteration:
                        kept = iter(val)
                else:
                    validate()
        if not args.val_every:
            validate()
    print("done")


if __name__ == "__main__":
    main()
