# expect: error 2 no image
docker run --rm -it --shm-size 8g
