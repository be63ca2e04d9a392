# SPDX-License-Identifier: GPL-3.0-or-later
import torch.utils.data as data


class AspectRatioGroupedDataset(data.IterableDataset):
    """Groups the dicts an iterable yields into lists of `batch_size`, by orientation."""

    def __init__(self, dataset, batch_size):
        self.dataset = dataset
        self.batch_size = batch_size
        self._buckets = [[] for _ in range(2)]

    def __iter__(self):
        for d in self.dataset:
            bucket = self._buckets[0 if d["width"] > d["height"] else 1]
            bucket.append(d)
            if len(bucket) == self.batch_size:
                yield bucket[:]
                del bucket[:]
