#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Time per batch of DataLoader loops, for shmwise-bench-measure, which runs this
with and without `shmwise measure`'s hook on PYTHONPATH. Prints one JSON object:
seconds per batch for each loop, best of ROUNDS.

    hook_overhead.py [ROUNDS]
"""
import json
import sys
import time

import torch
from torch.utils.data import DataLoader, Dataset


class Samples(Dataset):
    def __init__(self, n, keys):
        self.n, self.keys = n, keys

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        if self.keys == 1:
            return torch.zeros(3, 32, 32), i
        return {"k%d" % k: torch.zeros(16) for k in range(self.keys)}


def per_batch(loader, step):
    best = None
    for _ in range(ROUNDS):
        t = time.perf_counter()
        n = 0
        for _batch in loader:
            if step:
                time.sleep(step)
            n += 1
        dt = (time.perf_counter() - t) / n
        best = dt if best is None else min(best, dt)
    return best


ROUNDS = int(sys.argv[1]) if len(sys.argv) > 1 else 5


def main():
    out = {}
    # The hook's own cost shows most where the loop does nothing else: batches made in the
    # main process, two tensors or 64 of them each.
    out["main_2_tensors"] = per_batch(DataLoader(Samples(4096, 1), batch_size=8), 0)
    out["main_64_tensors"] = per_batch(DataLoader(Samples(1024, 64), batch_size=8), 0)
    # A training step of 10 ms, with two workers.
    out["workers_step_10ms"] = per_batch(
        DataLoader(Samples(800, 1), batch_size=8, num_workers=2), 0.01)
    print(json.dumps(out))


if __name__ == "__main__":
    main()
