# SPDX-License-Identifier: GPL-3.0-or-later
import operator

import torch.utils.data as torchdata

from .common import AspectRatioGroupedDataset


def build_batch_data_loader(dataset, total_batch_size, *, world_size=1, num_workers=0,
                            prefetch_factor=2):
    """The training loader: single images from the workers, grouped in the main process."""
    assert total_batch_size % world_size == 0
    batch_size = total_batch_size // world_size
    loader = torchdata.DataLoader(dataset, num_workers=num_workers,
                                  collate_fn=operator.itemgetter(0),
                                  prefetch_factor=prefetch_factor if num_workers > 0 else None)
    return AspectRatioGroupedDataset(loader, batch_size)
