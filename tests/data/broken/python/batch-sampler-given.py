# expect: error 12 batch_sampler with batch_size
# expect: error 13 batch_sampler with batch_size
# expect: error 14 shuffle with a sampler
# A batch sampler given by a call, or by a name last assigned one, with batch_size=8: PyTorch
# raises ValueError ("batch_sampler option is mutually exclusive with batch_size, shuffle,
# sampler, and drop_last"); so does shuffle=True beside a sampler.
from torch.utils.data import BatchSampler, DataLoader, RandomSampler, SequentialSampler, TensorDataset
import torch

ds = TensorDataset(torch.arange(32))
bs = BatchSampler(SequentialSampler(ds), 8, False)
a = DataLoader(ds, batch_size=8, batch_sampler=bs)
b = DataLoader(ds, batch_size=8, batch_sampler=BatchSampler(RandomSampler(ds), 8, False))
c = DataLoader(ds, batch_size=8, shuffle=True, sampler=RandomSampler(ds))
