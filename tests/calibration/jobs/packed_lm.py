#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""A language model's loader over a packed token corpus the Dataset holds in
memory: an IterableDataset, sharded across workers, yields whole batches that
are slices of the corpus (batch_size=None), the way packed pretraining loaders
do. --clone copies each batch out of the corpus first."""
import argparse
import time

import torch
from torch.utils.data import DataLoader, IterableDataset, get_worker_info


class PackedCorpus(IterableDataset):
    def __init__(self, corpus_bytes, batch_size, block, batches, clone):
        self.tokens = torch.full((corpus_bytes // 4,), 11, dtype=torch.int32)
        self.batch_size, self.block, self.batches, self.clone = batch_size, block, batches, clone

    def __iter__(self):
        info = get_worker_info()
        worker, workers = (info.id, info.num_workers) if info else (0, 1)
        span = self.batch_size * self.block
        for b in range(worker, self.batches, workers):
            start = (b * span) % (self.tokens.numel() - span)
            x = self.tokens[start:start + span].view(self.batch_size, self.block)
            yield x.clone() if self.clone else x


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--corpus-mib", type=int, default=64)
    p.add_argument("--batch-size", type=int, default=8)
    p.add_argument("--block", type=int, default=1024)
    p.add_argument("--workers", type=int, default=4)
    p.add_argument("--prefetch", type=int, default=2)
    p.add_argument("--persistent", action="store_true")
    p.add_argument("--start-method", default="fork")
    p.add_argument("--clone", action="store_true")
    p.add_argument("--epochs", type=int, default=2)
    p.add_argument("--batches", type=int, default=24)
    p.add_argument("--step-sleep", type=float, default=0.05)
    args = p.parse_args()
    ds = PackedCorpus(args.corpus_mib << 20, args.batch_size, args.block, args.batches,
                      args.clone)
    kw = {}
    if args.workers:
        kw = {"prefetch_factor": args.prefetch, "persistent_workers": args.persistent}
        if args.start_method != "fork":
            kw["multiprocessing_context"] = args.start_method
    dl = DataLoader(ds, batch_size=None, num_workers=args.workers, **kw)
    for _epoch in range(args.epochs):
        for x in dl:
            assert x.shape == (args.batch_size, args.block)
            time.sleep(args.step_sleep)
    print("done")


if __name__ == "__main__":
    main()
