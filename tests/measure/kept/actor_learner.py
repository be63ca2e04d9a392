#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Actors send rollouts to the learner through a torch.multiprocessing.Queue; the learner keeps
the last ones in a replay buffer (they arrived in /dev/shm and stay there) and also trains on
demonstrations from a DataLoader."""

import torch
import torch.multiprocessing as mp
from torch.utils.data import DataLoader, TensorDataset


def actor(rank, queue, steps, finished):
    for i in range(steps):
        queue.put(torch.full((64, 4, 84, 84), float(rank * 100 + i)))
    queue.put(None)
    # A sender must outlive the receiving of what it sent (its descriptors go through it).
    finished.wait(60)


def main():
    queue = mp.Queue(maxsize=4)
    finished_all = mp.Event()
    actors = [mp.Process(target=actor, args=(r, queue, 40, finished_all)) for r in range(2)]
    for a in actors:
        a.start()
    demos = DataLoader(TensorDataset(torch.randn(64, 4, 84, 84)), batch_size=8, num_workers=2)
    demo_batches = iter(demos)
    replay, finished = [], 0
    while finished < len(actors):
        # An actor that died (a Bus error in a /dev/shm too small) sends nothing more: fail,
        # do not wait for ever.
        rollout = queue.get(timeout=30)
        if rollout is None:
            finished += 1
            continue
        replay.append(rollout)
        replay = replay[-8:]
        try:
            (demo,) = next(demo_batches)
        except StopIteration:
            demo_batches = iter(demos)
            (demo,) = next(demo_batches)
        assert demo.shape[0] == 8 and rollout.shape[0] == 64
    finished_all.set()
    for a in actors:
        a.join()
    print("done", flush=True)


if __name__ == "__main__":
    main()
