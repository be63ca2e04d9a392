# SPDX-License-Identifier: GPL-3.0-or-later
"""Reproduces the DataLoader failures whose output is in this corpus, with real PyTorch.

Usage: python3 reproduce.py CASE    (run `bus-error` inside tests/helpers/with-shm.sh 64m)
Cases: bus-error, fd-exhausted, timeout, worker-sigkill, worker-exit.
The traceback goes to stderr; the corpus files keep it as printed, paths shortened.
"""
import os
import signal
import sys
import time

import torch
from torch.utils.data import DataLoader, Dataset


class Big(Dataset):
    """Samples of 16 MiB: a few batches fill a 64 MiB /dev/shm."""

    def __len__(self):
        return 64

    def __getitem__(self, i):
        return torch.ones(4 * 1024 * 1024)


class Many(Dataset):
    """Samples of many small tensors: one shared-memory descriptor each."""

    def __len__(self):
        return 100000

    def __getitem__(self, i):
        return [torch.ones(1) for _ in range(64)]


class Slow(Dataset):
    def __len__(self):
        return 8

    def __getitem__(self, i):
        time.sleep(5)
        return torch.ones(1)


class Dies(Dataset):
    def __init__(self, how):
        self.how = how

    def __len__(self):
        return 8

    def __getitem__(self, i):
        if self.how == "kill":
            os.kill(os.getpid(), signal.SIGKILL)
        os._exit(3)


def main(case):
    if case == "bus-error":
        loader = DataLoader(Big(), batch_size=4, num_workers=4, prefetch_factor=2)
    elif case == "fd-exhausted":
        import resource
        resource.setrlimit(resource.RLIMIT_NOFILE, (128, 128))
        loader = DataLoader(Many(), batch_size=8, num_workers=2, prefetch_factor=8)
    elif case == "timeout":
        loader = DataLoader(Slow(), batch_size=1, num_workers=1, timeout=1)
    elif case == "worker-sigkill":
        loader = DataLoader(Dies("kill"), batch_size=1, num_workers=2)
    elif case == "worker-exit":
        loader = DataLoader(Dies("exit"), batch_size=1, num_workers=2)
    else:
        sys.exit("unknown case " + case)
    held = []
    for batch in loader:
        held.append(batch)  # keep batches alive so shared memory stays in use
        time.sleep(0.05)


if __name__ == "__main__":
    main(sys.argv[1])
