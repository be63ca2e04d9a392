# expect: error 11 is a float: PyTorch raises TypeError
# expect: warning 12 PyTorch 1.13 accepts it
# expect: warning 13 PyTorch 1.13 raises
# expect: error 14 is a float
# DataLoader arguments whose verdict depends on the PyTorch version (checked against Debian's
# python3-torch 1.13 and the DataLoader.__init__ of PyTorch 2.x), and one that fails in every
# version when the loader is iterated: range() takes no float.
from torch.utils.data import DataLoader

ds = list(range(10))
a = DataLoader(ds, batch_size=2, num_workers=2.0)
b = DataLoader(ds, batch_size=2, num_workers=0, prefetch_factor=2)
c = DataLoader(ds, batch_size=2, num_workers=4, prefetch_factor=None)
d = DataLoader(ds, batch_size=2, num_workers=1e1)
