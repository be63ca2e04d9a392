#!/bin/bash
# Forms the shell takes: command substitution with spaces inside, backquotes, parameter
# expansion with defaults, env prefixes, sudo with options, here-documents and redirections.
TAG=$(date +%Y%m%d)
cat > run.env <<EOT
docker run --not-a-flag
EOT
DOCKER_BUILDKIT=1 sudo -E -u root docker container run --rm \
    -v "$(pwd)/data dir":/data -v `pwd`:/w \
    --shm-size="${SHM:-8g}" --gpus '"device=0,1"' \
    --user "$(id -u):$(id -g)" \
    MyRegistry.example.com:5000/team/trainer:v1 python train.py 2>&1 | tee train.log
nvidia-docker run --rm --ipc=host -p 8888:8888 nvcr.io/nvidia/pytorch:23.10-py3 jupyter lab
