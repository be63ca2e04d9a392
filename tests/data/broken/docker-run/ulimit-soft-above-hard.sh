# expect: error 2 above the hard limit
docker run --ulimit nofile=65536:1024 --shm-size 8g pytorch/pytorch:latest
