# expect: error 2 unknown flag: --shm_size (did you mean --shm-size?)
docker run --shm_size=8g pytorch/pytorch:latest
