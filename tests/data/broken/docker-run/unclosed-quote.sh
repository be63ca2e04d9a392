# expect: error 2 never closed
docker run --shm-size 8g pytorch/pytorch:latest sh -c 'python train.py
