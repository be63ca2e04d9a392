# expect: warning 2 no effect with --ipc=host
docker run --ipc=host --shm-size=8g pytorch/pytorch:latest
