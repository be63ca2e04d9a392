# expect: error 9 PyTorch raises ValueError
from torch.utils.data import DataLoader

loader = DataLoader(
    dataset,
    batch_size=64,
    shuffle=True,  # the usual
    num_workers=0,
    prefetch_factor=4,
)
