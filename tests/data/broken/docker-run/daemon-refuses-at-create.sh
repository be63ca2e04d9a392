# expect: error 7 'bogus' is not an IPC mode
# expect: error 8 outside -1000..1000
# The docker CLI passes both values (its --ipc check was dropped in 2017, and --oom-score-adj is
# read as any integer); dockerd refuses the container at create: "invalid IPC mode: bogus" and
# "Invalid value 1001, range for oom score adj is [-1000, 1000]". ns:PATH is Podman's and stays.
docker run --rm --shm-size=8g \
    --ipc=bogus \
    --oom-score-adj=1001 \
    pytorch/pytorch:latest python train.py
