# Source: github.com/pytorch/pytorch issue #3492 (the code block in poedator's comment of 2022-10-30)
import datasets
wnut = datasets.load_dataset("wnut_17")
import torch 
torch.multiprocessing.set_start_method('spawn')
