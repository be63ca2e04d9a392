# expect: error 2 nofile cannot be unlimited
docker run --ulimit nofile=-1 --shm-size 8g pytorch/pytorch:latest
