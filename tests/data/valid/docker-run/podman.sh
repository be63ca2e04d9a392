podman run --rm --shm-size 8GiB --ulimit nofile=65536 docker.io/pytorch/pytorch:latest python -c 'print("ok # not a comment")'
docker container run -d --name train --shm-size 1.5g pytorch/pytorch:latest && echo started
