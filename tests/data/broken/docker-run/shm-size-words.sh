# expect: error 5 not a Docker size
docker run --rm \
  --gpus all \
  -v "$PWD:/work" \
  --shm-size "8 gigabytes" \
  pytorch/pytorch:latest python train.py
