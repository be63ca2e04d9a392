# expect: warning 2 default of 64 MiB
docker run --shm-size 0 pytorch/pytorch:latest
