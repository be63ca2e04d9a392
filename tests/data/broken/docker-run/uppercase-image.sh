# expect: error 2 must be lowercase
sudo docker run --shm-size 8g pytorch/PyTorch:latest
