#!/bin/sh
set -eu
# One container for the whole node.
IMAGE="${IMAGE:-pytorch/pytorch:latest}"
exec docker run --rm -it --gpus all \
    --shm-size=8g \
    --memory 64g \
    --ulimit nofile=65536:65536 \
    --ulimit memlock=-1 --ulimit stack=67108864 \
    -v "$PWD:/workspace" -w /workspace \
    -e NCCL_DEBUG=INFO \
    "$IMAGE" python train.py --epochs 10
