# expect: error 2 soft limit must be less than or equal to hard limit
docker run --ulimit nofile=65536:1024 --shm-size 8g pytorch/pytorch:latest
