# Source: github.com/pytorch/vision issue #544 (the python code block in fmassa's comment of 2018-07-13)
from tqdm import tqdm
import multiprocessing as mp
mp.set_start_method('spawn')
