# Source: github.com/taronegeorage/MyUbuntuConfig, Docker/start_pytorch_example.sh (commit 6d33f3f8f578)
docker run --rm -it --init \
  --runtime=nvidia \
  --ipc=host \
  --user="$(id -u):$(id -g)" \
  --volume=$PWD:/app \
  -e NVIDIA_VISIBLE_DEVICES=0 \
  anibali/pytorch python3 main.py
