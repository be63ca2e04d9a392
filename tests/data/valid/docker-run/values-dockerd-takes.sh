# Values dockerd 20.10 and 26.1 take at create and start: signals by name in any case, by
# number and real-time ones; capabilities in any case, with or without CAP_, and ALL; swap equal
# to memory or unlimited; a reservation under the limit; the ends of the CFS ranges; namespaced
# sysctls in the container's own namespaces.
docker run --rm --stop-signal=sigint --cap-add=sys_nice --cap-add CAP_IPC_LOCK pytorch/pytorch python a.py
docker run --rm --stop-signal=SIGRTMIN+3 --cap-drop=all --cap-add=ALL pytorch/pytorch python b.py
docker run --rm --stop-signal=15 --memory=16g --memory-swap=16g --memory-reservation=8g pytorch/pytorch python c.py
docker run --rm --memory=6m --memory-swap=-1 --cpu-period=1000 --cpu-quota=1000 pytorch/pytorch python d.py
docker run --rm --cpu-period=1000000 --cpu-quota=-1 --sysctl kernel.shmmax=68719476736 pytorch/pytorch python e.py
docker run --rm --ipc=shareable --sysctl net.core.somaxconn=1024 pytorch/pytorch python f.py
docker run --rm --memory=$MEM --memory-swap=64g pytorch/pytorch python g.py
