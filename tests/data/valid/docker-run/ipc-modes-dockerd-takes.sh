# Every IPC mode dockerd takes, and the ends of the --oom-score-adj range.
docker run --rm --ipc=shareable --oom-score-adj=-1000 pytorch/pytorch:latest python a.py
docker run --rm --ipc=private --oom-score-adj=1000 pytorch/pytorch:latest python b.py
docker run --rm --ipc=none pytorch/pytorch:latest python c.py
docker run --rm --ipc=container:trainer pytorch/pytorch:latest python d.py
