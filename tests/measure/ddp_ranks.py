#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Two data-parallel ranks on one host, started the way torch.multiprocessing.spawn
starts them, each with its own DataLoader (a DistributedSampler over the same
images) and two workers, joined by a gloo process group on 127.0.0.1."""
import argparse
import os
import tempfile
import time

import torch
import torch.distributed as dist
import torch.multiprocessing as mp
from torch.utils.data import DataLoader, Dataset
from torch.utils.data.distributed import DistributedSampler


class Images(Dataset):
    def __len__(self):
        return 128

    def __getitem__(self, i):
        return torch.full((3, 128, 128), float(i % 7)), i % 10


def rank_main(rank, args):
    dist.init_process_group("gloo", init_method="file://" + args.store, rank=rank, world_size=2)
    ds = Images()
    loader = DataLoader(ds, batch_size=args.batch_size, num_workers=2,
                        sampler=DistributedSampler(ds, num_replicas=2, rank=rank))
    total = torch.zeros(1)
    for images, _labels in loader:
        total += images.sum()
        time.sleep(0.02)
    dist.all_reduce(total)
    if rank == 0:
        print("total %.1f" % total.item())
    dist.destroy_process_group()


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--batch-size", type=int, default=8)
    args = p.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        args.store = os.path.join(tmp, "store")
        mp.spawn(rank_main, args=(args,), nprocs=2)
    print("done")


if __name__ == "__main__":
    main()
