# expect: error 9 persistent_workers=True
# expect: warning 18 2.0 and later raise ValueError
from torch.utils.data import DataLoader


def make_loader(dataset, **overrides):
    settings = dict(
        batch_size=64,
        persistent_workers=True,
    )
    settings.update(overrides)
    return DataLoader(dataset, **settings)


def other(dataset):
    kwargs = {
        "num_workers": 0,
        "prefetch_factor": 2,
    }
    return DataLoader(dataset, batch_size=8, **kwargs)
