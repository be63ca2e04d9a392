# expect: error 2 not a start method
loader = DataLoader(ds, num_workers=4, multiprocessing_context="threads")
