# expect: error 2 Podman refuses
podman run --ipc host --shm-size 8g docker.io/pytorch/pytorch:latest
