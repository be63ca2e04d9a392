# expect: error 3 unknown start method 'fork_server'
import multiprocessing
multiprocessing.set_start_method('fork_server')
