# expect: warning 2 below the 64 MiB default
docker run --shm-size=8 pytorch/pytorch:latest
