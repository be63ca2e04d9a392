# expect: error 10 --memory-swap 64g is less than --memory 256g
# expect: error 11 --memory-swap needs --memory
# expect: error 12 --memory-reservation 16g is above --memory 8g
# expect: warning 12 dockerd 20.10 (Debian 12's docker.io) refuses
# --memory-swap is memory plus swap. Line 10 is github.com/lance0108/docker, airflow_dgx1/run.sh:
# dockerd 20.10 and 26.1 refuse it at create ("Minimum memoryswap limit should be larger than
# memory limit"), "You should always set the Memory limit when using Memoryswap limit", and
# "Minimum memory limit can not be less than memory reservation limit"; 20.10 refuses a
# kernel memory limit under 6MB, which 26.1 ignores.
docker run --rm --memory=256g --memory-swap=64g --shm-size=8g pytorch/pytorch:latest python a.py
docker run --rm --memory-swap=8g pytorch/pytorch:latest python b.py
docker run --rm --memory=8g --memory-reservation=16g --kernel-memory=1m pytorch/pytorch:latest python c.py
