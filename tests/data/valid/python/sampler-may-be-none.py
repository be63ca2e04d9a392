# A loader factory whose samplers are attributes or expressions that may be None, as in
# github.com/kaiko-ai/eva, src/eva/core/data/dataloaders/dataloader.py: PyTorch raises only when
# a batch sampler is really given with batch_size, shuffle, sampler or drop_last.
from torch.utils.data import DataLoader


class Factory:
    batch_size = 8
    shuffle = False
    sampler = None
    batch_sampler = None
    drop_last = False

    def __call__(self, dataset, sampler=None):
        return DataLoader(
            dataset=dataset,
            batch_size=self.batch_size,
            shuffle=self.shuffle,
            sampler=sampler or self.sampler,
            batch_sampler=self.batch_sampler,
            drop_last=self.drop_last,
            num_workers=2,
        )
