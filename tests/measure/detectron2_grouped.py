#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""A Detectron2-style training run (tests/measure/frameworks): the loader is built by the
framework's build_batch_data_loader with aspect-ratio grouping, IMS_PER_BATCH 8 on one GPU, 4
workers; the trainer's run_step takes one grouped batch per iteration."""
import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "frameworks"))

import torch  # noqa: E402
from torch.utils.data import IterableDataset, get_worker_info  # noqa: E402

from detectron2.data import build_batch_data_loader  # noqa: E402


class Images(IterableDataset):
    def __iter__(self):
        info = get_worker_info()
        rng = random.Random(info.id if info else 0)
        while True:
            h, w = (600, 800) if rng.random() < 0.5 else (800, 600)
            yield {"image": torch.full((3, h, w), 3, dtype=torch.uint8), "height": h, "width": w}


def main():
    loader = build_batch_data_loader(Images(), 8, num_workers=4)
    it = iter(loader)
    for _ in range(30):
        batch = next(it)
        assert len(batch) == 8
        time.sleep(0.02)
    print("done")


if __name__ == "__main__":
    main()
