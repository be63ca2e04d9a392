# expect: error 2 at least 1
loader = DataLoader(ds, num_workers=8, prefetch_factor=0)
