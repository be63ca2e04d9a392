# expect: error 10 'SIGTERMINATE' is not a signal
# expect: error 11 'SYS_NICENESS' is not a capability
# expect: error 12 outside 1000..1000000
# expect: error 13 below 1000
# expect: error 14 below 6 MiB
# expect: warning 15 dockerd 20.10 (Debian 12's docker.io) does not know BPF
# Values the docker CLI passes and dockerd refuses at create: "Invalid signal: SIGTERMINATE",
# "unknown capability: CAP_SYS_NICENESS", the CFS period and quota ranges, the 6MB minimum;
# CAP_BPF is unknown to dockerd 20.10 and taken by 26.1.
docker run --rm --stop-signal=SIGTERMINATE pytorch/pytorch:latest python a.py
docker run --rm --cap-add=SYS_NICENESS pytorch/pytorch:latest python b.py
docker run --rm --cpu-period=100 pytorch/pytorch:latest python c.py
docker run --rm --cpu-quota=500 pytorch/pytorch:latest python d.py
docker run --rm --memory=4m pytorch/pytorch:latest python e.py
docker run --rm --cap-add=BPF pytorch/pytorch:latest python f.py
