#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""An iterable dataset whose workers load a shard and yield views of it as whole batches
(batch_size=None): each batch shares the shard's whole storage, not only its own rows."""
import time

import torch
from torch.utils.data import DataLoader, IterableDataset, get_worker_info


class Shards(IterableDataset):
    def __iter__(self):
        info = get_worker_info()
        wid = info.id if info else 0
        for shard in range(3):
            rows = torch.full((2048, 1024), float(wid * 10 + shard))  # 8 MiB
            for start in range(0, 2048, 256):
                yield rows[start:start + 256]


def main():
    loader = DataLoader(Shards(), batch_size=None, num_workers=2)
    n = 0
    for batch in loader:
        assert batch.shape == (256, 1024)
        n += 1
        time.sleep(0.005)
    assert n == 48, n
    print("done", flush=True)


if __name__ == "__main__":
    main()
