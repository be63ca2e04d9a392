#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Hogwild: a model moved to shared memory with share_memory() and trained by two processes
at once, each with its own DataLoader."""

import torch
import torch.multiprocessing as mp
from torch.utils.data import DataLoader, TensorDataset


def train(rank, model):
    # One thread per process, as Hogwild code does: a forked child that enters the OpenMP
    # pool its parent started hangs with PyTorch 2.
    torch.set_num_threads(1)
    torch.manual_seed(rank)
    data = TensorDataset(torch.randn(128, 512), torch.randint(0, 10, (128,)))
    loader = DataLoader(data, batch_size=32, num_workers=2)
    opt = torch.optim.SGD(model.parameters(), lr=0.01)
    for epoch in range(2):
        for x, y in loader:
            opt.zero_grad()
            loss = torch.nn.functional.cross_entropy(model(x), y)
            loss.backward()
            opt.step()


def main():
    model = torch.nn.Sequential(torch.nn.Linear(512, 4096), torch.nn.ReLU(),
                                torch.nn.Linear(4096, 2048), torch.nn.ReLU(),
                                torch.nn.Linear(2048, 10))
    model.share_memory()
    procs = [mp.Process(target=train, args=(r, model)) for r in range(2)]
    for p in procs:
        p.start()
    for p in procs:
        p.join()
        assert p.exitcode == 0, p.exitcode
    print("done", flush=True)


if __name__ == "__main__":
    main()
