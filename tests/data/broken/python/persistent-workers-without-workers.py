# expect: error 6 persistent_workers=True
from torch.utils.data import DataLoader


def make_loader(dataset):
    return DataLoader(dataset, batch_size=64, persistent_workers=True)
