# expect: error 5 kernel.shmmax cannot be set with --ipc=host
# expect: error 6 net.core.somaxconn cannot be set with --network=host
# runc refuses to start both: 'sysctl "kernel.shmmax" is not allowed in the hosts ipc namespace'
# and 'sysctl "net.core.somaxconn" not allowed in host network namespace'.
docker run --rm --ipc=host --sysctl kernel.shmmax=68719476736 pytorch/pytorch:latest python a.py
docker run --rm --network=host --sysctl net.core.somaxconn=1024 pytorch/pytorch:latest python b.py
