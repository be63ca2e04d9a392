#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""A job that is hard to stop: it ignores SIGINT and SIGTERM, starts a
grandchild in a session of its own that outlives it, keeps a file open in
/dev/shm, and then, by --mode, hangs after a few batches, crashes, or runs
forever drawing batches."""
import argparse
import os
import signal
import subprocess
import sys
import time

import torch
from torch.utils.data import DataLoader, Dataset


class Ones(Dataset):
    def __len__(self):
        return 1 << 20

    def __getitem__(self, i):
        return torch.ones(64, 64)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--mode", choices=["hang", "crash", "forever"], default="hang")
    args = p.parse_args()
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    # A grandchild that leaves the job's process group.
    child = subprocess.Popen(["sleep", "600"], start_new_session=True)
    print("grandchild %d" % child.pid, flush=True)
    held = open("/dev/shm/shmwise-unruly-%d" % os.getpid(), "wb")
    held.write(b"x" * 65536)
    held.flush()
    loader = DataLoader(Ones(), batch_size=4, num_workers=1)
    for i, batch in enumerate(loader):
        time.sleep(0.01)
        if i == 5 and args.mode == "crash":
            print("crashing", flush=True)
            os.abort()
        if i == 5 and args.mode == "hang":
            print("hanging", flush=True)
            while True:
                time.sleep(1)
    sys.exit(0)


if __name__ == "__main__":
    main()
