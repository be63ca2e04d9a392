# expect: warning 2 OOM-killed
docker run -m 4g --shm-size 8g pytorch/pytorch:latest
