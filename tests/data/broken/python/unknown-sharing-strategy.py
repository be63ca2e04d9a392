# expect: error 4 unknown sharing strategy 'shared_memory'
import torch.multiprocessing as mp

mp.set_sharing_strategy("shared_memory")
