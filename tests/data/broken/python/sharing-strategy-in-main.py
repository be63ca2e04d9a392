# expect: warning 10 module level
import torch.multiprocessing as mp
from torch.utils.data import DataLoader

# set_sharing_strategy("bogus") in a comment is not code


if __name__ == "__main__":
    mp.set_start_method("spawn")
    mp.set_sharing_strategy("file_system")
    loader = DataLoader(ds, num_workers=4)
