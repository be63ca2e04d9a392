# Source: github.com/rom1504/clip-retrieval, clip_retrieval/clip_inference/reader.py (commit ee0931f89c69cf2e39b5187d50a40873b7999d2b; the DataLoader block the traceback in issue #356 points at, line 191)
from torch.utils.data import DataLoader
from torch.utils.data.dataloader import default_collate


def dataset_to_dataloader(dataset, batch_size, num_prepro_workers, input_format):
    """Create a pytorch dataloader from a dataset"""

    def collate_fn(batch):
        batch = list(filter(lambda x: x is not None, batch))
        return default_collate(batch)

    data = DataLoader(
        dataset,
        batch_size=batch_size,
        shuffle=False,
        num_workers=num_prepro_workers,
        pin_memory=True,
        prefetch_factor=2,
        collate_fn=collate_fn if input_format == "files" else None,
    )
    return data
