# expect: warning 2 unknown option '--shm_size'
docker run --shm_size=8g pytorch/pytorch:latest
