# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes the generated half of the differential corpus: for every kind, files that are valid
but unusual (forms people write that the real tool takes) and realistic mistakes. The output is
deterministic, so each file's content hash stays the key of its recorded real-tool verdict.

    python3 generate.py OUTDIR
"""
import os
import sys


def fstab():
    good = {
        "plain": "tmpfs /dev/shm tmpfs defaults,size=8g 0 0\n",
        "upper-suffix": "tmpfs /dev/shm tmpfs size=8G 0 0\n",
        "percent": "tmpfs /dev/shm tmpfs rw,nosuid,nodev,size=50% 0 0\n",
        "mode-01777": "tmpfs /dev/shm tmpfs mode=01777,size=4g 0 0\n",
        "mode-1777": "tmpfs /dev/shm tmpfs mode=1777,size=4g 0 0\n",
        "three-fields": "tmpfs /dev/shm tmpfs\n",
        "four-fields": "tmpfs /dev/shm tmpfs size=2g\n",
        "five-fields": "tmpfs /dev/shm tmpfs size=2g 0\n",
        "trailing-comment": "tmpfs /dev/shm tmpfs size=2g 0 0 # raised for the loaders\n",
        "size-zero": "tmpfs /dev/shm tmpfs size=0 0 0\n",
        "nr-inodes": "tmpfs /dev/shm tmpfs size=8g,nr_inodes=1m 0 0\n",
        "nr-inodes-zero": "tmpfs /dev/shm tmpfs size=8g,nr_inodes=0 0 0\n",
        "huge-within": "tmpfs /dev/shm tmpfs size=8g,huge=within_size 0 0\n",
        "huge-never": "tmpfs /dev/shm tmpfs size=8g,huge=never 0 0\n",
        "huge-advise": "tmpfs /dev/shm tmpfs size=8g,huge=advise 0 0\n",
        "uid-gid": "tmpfs /dev/shm tmpfs size=8g,uid=0,gid=0 0 0\n",
        "noauto-nofail": "tmpfs /dev/shm tmpfs size=8g,noauto,nofail 0 0\n",
        "systemd-opts": "tmpfs /dev/shm tmpfs size=8g,x-systemd.automount,x-systemd.idle-timeout=60 0 0\n",
        "tabs": "tmpfs\t/dev/shm\ttmpfs\tdefaults,size=16g\t0\t0\n",
        "source-none": "none /dev/shm tmpfs defaults,size=8g 0 0\n",
        "source-shm": "shm /dev/shm tmpfs defaults,size=8g 0 0\n",
        "with-root": "UUID=0a1b2c3d-1111-2222-3333-444455556666 / ext4 errors=remount-ro 0 1\n"
                     "tmpfs /dev/shm tmpfs defaults,size=8g 0 0\n",
        "comments-blank": "# /etc/fstab\n\n# shm for training\ntmpfs /dev/shm tmpfs size=8g 0 0\n\n",
        "size-k": "tmpfs /dev/shm tmpfs size=8388608k 0 0\n",
        "size-bytes": "tmpfs /dev/shm tmpfs size=8589934592 0 0\n",
        "size-t": "tmpfs /dev/shm tmpfs size=1t 0 0\n",
        "mode-0777": "tmpfs /dev/shm tmpfs mode=0777,size=8g 0 0\n",
        "exec-rw": "tmpfs /dev/shm tmpfs rw,exec,size=8g 0 0\n",
    }
    bad = {
        "size-8gb": "tmpfs /dev/shm tmpfs size=8gb 0 0\n",
        "size-8GiB": "tmpfs /dev/shm tmpfs size=8GiB 0 0\n",
        "size-space": "tmpfs /dev/shm tmpfs size=8 g 0 0\n",
        "size-word": "tmpfs /dev/shm tmpfs size=eight 0 0\n",
        "size-fraction": "tmpfs /dev/shm tmpfs size=1.5g 0 0\n",
        "size-percent-over": "tmpfs /dev/shm tmpfs size=50%%,size=x 0 0\n",
        "huge-yes": "tmpfs /dev/shm tmpfs size=8g,huge=yes 0 0\n",
        "huge-true": "tmpfs /dev/shm tmpfs size=8g,huge=true 0 0\n",
        "unknown-option": "tmpfs /dev/shm tmpfs sise=8g 0 0\n",
        "unknown-option-2": "tmpfs /dev/shm tmpfs size=8g,shmsize=8g 0 0\n",
        "mode-word": "tmpfs /dev/shm tmpfs mode=rwx,size=8g 0 0\n",
        "mode-nine": "tmpfs /dev/shm tmpfs mode=1799,size=8g 0 0\n",
        "dump-word": "tmpfs /dev/shm tmpfs size=8g zero 0\n",
        "pass-word": "tmpfs /dev/shm tmpfs size=8g 0 x\n",
        "two-fields": "tmpfs /dev/shm\n",
        "one-field": "tmpfs\n",
        "uid-word": "tmpfs /dev/shm tmpfs size=8g,uid=nobody-user 0 0\n",
        "nr-inodes-word": "tmpfs /dev/shm tmpfs size=8g,nr_inodes=many 0 0\n",
        "size-empty": "tmpfs /dev/shm tmpfs size=,mode=1777 0 0\n",
        "second-line-bad": "tmpfs /tmp tmpfs size=2g 0 0\ntmpfs /dev/shm tmpfs size=8gb 0 0\n",
        "size-neg": "tmpfs /dev/shm tmpfs size=-8g 0 0\n",
        "gid-neg": "tmpfs /dev/shm tmpfs size=8g,gid=-5 0 0\n",
        "mpol-bad": "tmpfs /dev/shm tmpfs size=8g,mpol=everywhere 0 0\n",
        "size-hex-suffix": "tmpfs /dev/shm tmpfs size=8gig 0 0\n",
    }
    return good, bad


def sysctl():
    good = {
        "shmmax": "kernel.shmmax = 68719476736\n",
        "shmall-hex": "kernel.shmall = 0x1000000\n",
        "no-spaces": "kernel.shmmni=8192\n",
        "slashes": "kernel/shmmni = 4096\n",
        "dash-prefix": "-kernel.msgmni = 4096\n",
        "semicolon-comment": "; IPC for PostgreSQL\nkernel.sem = 250 32000 100 128\n",
        "hash-comment": "# shared memory\nkernel.shmmax = 17179869184\n\n",
        "sem-tabs": "kernel.sem = 250\t32000\t100\t128\n",
        "msgmnb": "kernel.msgmnb = 65536\nkernel.msgmax = 65536\n",
        "rmid-forced": "kernel.shm_rmid_forced = 1\n",
        "host-key-vm": "vm.overcommit_memory = 1\n",
        "host-key-fs": "fs.file-max = 2097152\n",
        "host-key-nr-open": "fs.nr_open = 1048576\n",
        "net-key": "net.ipv4.ip_forward = 1\n",
        "net-somaxconn": "net.core.somaxconn = 1024\n",
        "mqueue": "fs.mqueue.msg_max = 100\n",
        "leading-spaces": "   kernel.shmmni = 4096\n",
        "shmall-max": "kernel.shmall = 18446744073692774399\n",
        "msgmni-max": "kernel.msgmni = 32768\n",
        "crlf": "kernel.shmmni = 4096\r\n",
        "mixed": "# tuning\nvm.swappiness = 10\nkernel.shmmax = 68719476736\nkernel.shmall = 16777216\n",
        "zero-shmmax": "kernel.shmmax = 0\n",
    }
    bad = {
        "no-such-key": "kernel.shm_max = 68719476736\n",
        "typo-shmal": "kernel.shmal = 16777216\n",
        "vm-typo": "vm.overcomit_memory = 1\n",
        "value-word": "kernel.shmmax = lots\n",
        "value-suffix": "kernel.shmmax = 64G\n",
        "trailing-comment": "kernel.shmmni = 4096 # raised\n",
        "sem-three": "kernel.sem = 250 32000 100\n",
        "sem-big": "kernel.sem = 250 32000 100 99999999\n",
        "msgmni-neg": "kernel.msgmni = -1\n",
        "msgmnb-neg": "kernel.msgmnb = -5\n",
        "shmmni-huge": "kernel.shmmni = 99999999\n",
        "rmid-two": "kernel.shm_rmid_forced = 2\n",
        "net-typo": "net.ipv4.ip_forwarding = 1\n",
        "dev-shm-key": "dev.shm.size = 8G\n",
        "fs-shm": "fs.shm_size = 8589934592\n",
        "second-line": "kernel.shmmax = 68719476736\nkernel.shmmaxx = 1\n",
        "empty-value-word": "kernel.shmall = all\n",
        "float": "kernel.shmmax = 1.5\n",
        "sem-words": "kernel.sem = a b c d\n",
        "mqueue-zero": "fs.mqueue.msg_max = 0\n",
        # sysctl -p exits 0 on these and sets nothing for the line; systemd-sysctl ignores it
        "no-equals": "kernel.shmmni 4096\n",
        "colon": "kernel.shmmni: 4096\n",
        "stray-line": "v#\nkernel.shmmni = 4096\n",
        # no prefix: /proc/sys/shmmax does not exist
        "no-prefix": "shmmax = 68719476736\n",
    }
    return good, bad


def limits():
    good = {
        "star-nofile": "* soft nofile 65536\n* hard nofile 65536\n",
        "dash-type": "* - nofile 1048576\n",
        "memlock-unlimited": "* soft memlock unlimited\n* hard memlock unlimited\n",
        "memlock-infinity": "* - memlock infinity\n",
        "memlock-minus-one": "* - memlock -1\n",
        "group": "@trainers soft nofile 65536\n@trainers hard nofile 65536\n",
        "user": "alice - nofile 65536\n",
        "tabs": "*\tsoft\tnofile\t65536\n",
        "comment-end": "* soft nofile 65536 # loaders\n",
        "comments": "# /etc/security/limits.d/90-train.conf\n\n* - nofile 65536\n",
        "nproc": "* soft nproc 4096\n",
        "stack": "* soft stack 8192\n",
        "core-zero": "* hard core 0\n",
        "soft-above-hard": "* soft nofile 65536\n* hard nofile 4096\n",
        "uid-range": "1000: - nofile 65536\n",
        "percent-group": "%trainers - nofile 65536\n",
        "nofile-small": "* - nofile 1024\n",
        "data-unlimited": "* - data unlimited\n",
        "rss": "* - rss 1000000\n",
        "as": "* soft as unlimited\n",
    }
    bad = {
        "Soft": "* Soft nofile 65536\n",
        "NOFILE": "* soft NOFILE 65536\n",
        "nofiles": "* soft nofiles 65536\n",
        "three-fields": "* nofile 65536\n",
        "five-fields": "* soft nofile 65536 65536\n",
        "value-word": "* soft nofile many\n",
        "value-64k": "* soft nofile 64k\n",
        "nofile-unlimited": "* hard nofile unlimited\n",
        "nofile-minus-one": "* - nofile -1\n",
        "type-both": "* both nofile 65536\n",
        "memlock-1g": "* - memlock 1g\n",
        "open-files": "* - open_files 65536\n",
        "second-line": "* soft nofile 65536\n* hard nofil 65536\n",
        "nofile-huge": "* - nofile 99999999\n",
        "shm": "* - shm 8589934592\n",
        "equals": "* soft nofile=65536\n",
        "colon": "*:soft:nofile:65536\n",
        "value-float": "* soft nofile 1.5\n",
    }
    return good, bad


def dockerrun():
    pre = "#!/bin/sh\n"
    good = {
        "pwd-subst": "docker run --rm --gpus all --shm-size=8g -v $(pwd):/workspace pytorch/pytorch:2.1.0-cuda12.1-cudnn8-runtime python train.py\n",
        "backticks": "docker run --rm --shm-size 8g -v `pwd`/data:/data pytorch/pytorch python train.py\n",
        "variables": "IMAGE=pytorch/pytorch:latest\nSHM=16g\ndocker run --rm --shm-size=$SHM \"$IMAGE\" python -c 'print(1)'\n",
        "braces": "TAG=2.1.0\ndocker run --rm --shm-size=\"${SHM:-8g}\" pytorch/pytorch:${TAG} python train.py\n",
        "continuations": "docker run -it --rm \\\n  --gpus all \\\n  --ipc=host \\\n  --ulimit memlock=-1 \\\n  --ulimit stack=67108864 \\\n  nvcr.io/nvidia/pytorch:23.10-py3\n",
        "sudo": "sudo docker run --rm --shm-size=8g ubuntu:22.04 df -h /dev/shm\n",
        "sudo-E": "sudo -E docker run --rm --shm-size=1gb ubuntu df -h /dev/shm\n",
        "exec": "exec docker run --rm --shm-size=2g ubuntu df -h /dev/shm\n",
        "env-prefix": "DOCKER_BUILDKIT=1 docker run --rm --shm-size=2g ubuntu true\n",
        "container-run": "docker container run --rm --shm-size=4g ubuntu true\n",
        "nvidia-docker": "nvidia-docker run --rm --shm-size=8g -v $(pwd):/w -w /w nvidia/cuda:12.2.0-base-ubuntu22.04 nvidia-smi\n",
        "podman": "podman run --rm --shm-size=8g docker.io/library/ubuntu:22.04 true\n",
        "gpus-device": "docker run --rm --gpus '\"device=0,1\"' --shm-size=8g pytorch/pytorch true\n",
        "gpus-count": "docker run --rm --gpus 2 --shm-size=8g pytorch/pytorch true\n",
        "registry-port": "docker run --rm --shm-size=8g localhost:5000/team/trainer:v1 true\n",
        "registry-caps": "docker run --rm --shm-size=8g MyRegistry.example.com:5000/team/trainer:v1 true\n",
        "digest": "docker run --rm --shm-size=8g ubuntu@sha256:" + "a" * 64 + " true\n",
        "shm-gb": "docker run --rm --shm-size=8gb ubuntu true\n",
        "shm-GiB": "docker run --rm --shm-size=8GiB ubuntu true\n",
        "shm-bytes": "docker run --rm --shm-size=8589934592 ubuntu true\n",
        "shm-fraction": "docker run --rm --shm-size=1.5g ubuntu true\n",
        "ipc-host": "docker run --rm --ipc=host --gpus all pytorch/pytorch python train.py\n",
        "ulimit-nofile": "docker run --rm --ulimit nofile=65536:65536 --shm-size=8g ubuntu true\n",
        "env-flags": "docker run --rm -e NCCL_DEBUG=INFO --env=OMP_NUM_THREADS=4 --shm-size=8g ubuntu env\n",
        "short-cluster": "docker run -dit --name trainer --shm-size=8g ubuntu bash\n",
        "short-value-attached": "docker run --rm -v/data:/data -p8888:8888 --shm-size=8g ubuntu true\n",
        "double-dash-args": "docker run --rm --shm-size=8g ubuntu -- ls -la\n",
        "if-block": "if [ -n \"$GPU\" ]; then\n  docker run --rm --gpus all --shm-size=8g pytorch/pytorch true\nelse\n  docker run --rm --shm-size=8g pytorch/pytorch true\nfi\n",
        "function": "run() {\n  docker run --rm --shm-size=8g \"$@\"\n}\nrun ubuntu true\n",
        "semicolons": "cd /tmp; docker run --rm --shm-size=8g ubuntu true; echo done\n",
        "and-chain": "mkdir -p out && docker run --rm --shm-size=8g -v \"$PWD/out\":/out ubuntu true\n",
        "home-var": "docker run --rm --shm-size=8g -v $HOME/.cache:/root/.cache ubuntu true\n",
        "quoted-cmd": "docker run --rm --shm-size=8g ubuntu bash -c \"df -h /dev/shm && echo ok\"\n",
        "pid-host": "docker run --rm --pid=host --shm-size=8g ubuntu true\n",
        "user-uid": "docker run --rm -u $(id -u):$(id -g) --shm-size=8g ubuntu true\n",
        "memory-and-shm": "docker run --rm --memory=32g --shm-size=8g ubuntu true\n",
        "no-shm": "docker run --rm ubuntu true\n",
        "platform": "docker run --rm --platform linux/amd64 --shm-size=8g ubuntu true\n",
        "comment-after": "docker run --rm --shm-size=8g ubuntu true  # check shm\n",
        # values only dockerd and runc check (the oracle creates and starts the container)
        "memory-6m": "docker run --rm --memory=6m ubuntu true\n",
        "swap-unlimited": "docker run --rm --memory=16g --memory-swap=-1 ubuntu true\n",
        "swap-equal": "docker run --rm --memory=16g --memory-swap=16g ubuntu true\n",
        "reservation-below": "docker run --rm --memory=16g --memory-reservation=8g ubuntu true\n",
        "stop-signal-name": "docker run --rm --stop-signal=sigint ubuntu true\n",
        "stop-signal-rt": "docker run --rm --stop-signal=SIGRTMIN+3 ubuntu true\n",
        "stop-signal-number": "docker run --rm --stop-signal=15 ubuntu true\n",
        "cap-lower": "docker run --rm --cap-add=sys_nice --cap-add CAP_IPC_LOCK ubuntu true\n",
        "cap-drop-all": "docker run --rm --cap-drop=all --cap-add=CHOWN ubuntu true\n",
        "cap-bpf": "docker run --rm --cap-add=BPF ubuntu true\n",
        "kernel-memory-tiny": "docker run --rm --kernel-memory=1m ubuntu true\n",
        "cpu-period-quota": "docker run --rm --cpu-period=100000 --cpu-quota=200000 ubuntu true\n",
        "cpu-quota-unset": "docker run --rm --cpu-quota=-1 ubuntu true\n",
        "ipc-shareable": "docker run --rm --ipc=shareable --shm-size=8g ubuntu true\n",
        "ipc-none": "docker run --rm --ipc=none ubuntu true\n",
        "sysctl-shm-private": "docker run --rm --sysctl kernel.shmmax=68719476736 ubuntu true\n",
        "sysctl-net-bridge": "docker run --rm --sysctl net.core.somaxconn=1024 ubuntu true\n",
        "oom-score-low": "docker run --rm --oom-score-adj=-500 ubuntu true\n",
        "tmpfs-shm": "docker run --rm --tmpfs /dev/shm:rw,nosuid,nodev,size=8g ubuntu true\n",
        "memlock-unlimited": "docker run --rm --ulimit memlock=-1:-1 --shm-size=8g ubuntu true\n",
        "pids-negative": "docker run --rm --pids-limit=-1 ubuntu true\n",
    }
    bad = {
        "shm-typo": "docker run --rm --shm-szie=8g ubuntu true\n",
        "shmsize": "docker run --rm --shmsize=8g ubuntu true\n",
        "single-dash": "docker run --rm -shm-size=8g ubuntu true\n",
        "shm-space-unit": "docker run --rm --shm-size=8 GB ubuntu true\n",
        "shm-word": "docker run --rm --shm-size=eight ubuntu true\n",
        "shm-suffix-bad": "docker run --rm --shm-size=8x ubuntu true\n",
        "ulimit-soft-above": "docker run --rm --ulimit nofile=65536:1024 ubuntu true\n",
        "ulimit-name": "docker run --rm --ulimit nofiles=65536 ubuntu true\n",
        "ulimit-word": "docker run --rm --ulimit nofile=many ubuntu true\n",
        "gpus-bad": "docker run --rm --gpus count=x ubuntu true\n",
        "gpus-key": "docker run --rm --gpus gpu=0 ubuntu true\n",
        "pid-bad": "docker run --rm --pid=hots ubuntu true\n",
        "uppercase-repo": "docker run --rm --shm-size=8g PyTorch/pytorch true\n".replace("PyTorch/pytorch", "pytorch/PyTorch"),
        "uppercase-single": "docker run --rm --shm-size=8g Ubuntu true\n",
        "image-bad-tag": "docker run --rm --shm-size=8g ubuntu:lat:est true\n",
        "no-image": "docker run --rm --shm-size=8g\n",
        "unknown-flag": "docker run --rm --gpu all ubuntu true\n",
        "unknown-long": "docker run --rm --ipc-mode=host ubuntu true\n",
        "unknown-short": "docker run --rm -Z ubuntu true\n",
        "memory-bad": "docker run --rm --memory=lots ubuntu true\n",
        "cpus-bad": "docker run --rm --cpus=two ubuntu true\n",
        "env-prefix-typo": "DOCKER_BUILDKIT=1 docker run --rm --shm-sz=2g ubuntu true\n",
        "sudo-typo": "sudo docker run --rm --shm_size=8g ubuntu true\n",
        "nvidia-typo": "nvidia-docker run --rm --shm-size 8g --runtim=nvidia ubuntu true\n",
        "container-run-typo": "docker container run --rm --shm-sise=4g ubuntu true\n",
        "continuation-broken": "docker run --rm \\ \n  --shm-size=8g ubuntu true\n",
        "no-run": "docker pull ubuntu\n",
        "publish-bad": "docker run --rm -p 99999:80 ubuntu true\n",
        "restart-bad": "docker run --rm --restart=sometimes ubuntu true\n",
        "shm-empty": "docker run --rm --shm-size= ubuntu true\n",
        # refused by dockerd at create or start, or by runc, though the CLI passes them
        "ipc-bogus": "docker run --rm --ipc=hots ubuntu true\n",
        "ipc-private-typo": "docker run --rm --ipc=privat --shm-size=8g ubuntu true\n",
        "oom-score-high": "docker run --rm --oom-score-adj=5000 ubuntu true\n",
        "memory-tiny": "docker run --rm --memory=4m ubuntu true\n",
        "memory-bytes-tiny": "docker run --rm --memory=1048576 --shm-size=8g ubuntu true\n",
        "swap-below-memory": "docker run --rm --memory=256g --memory-swap=64g ubuntu true\n",
        "swap-without-memory": "docker run --rm --memory-swap=8g ubuntu true\n",
        "reservation-above": "docker run --rm --memory=8g --memory-reservation=16g ubuntu true\n",
        "reservation-tiny": "docker run --rm --memory-reservation=1m ubuntu true\n",
        "stop-signal-bad": "docker run --rm --stop-signal=SIGTERMINATE ubuntu true\n",
        "stop-signal-zero": "docker run --rm --stop-signal=0 ubuntu true\n",
        "cap-bogus": "docker run --rm --cap-add=SYS_NICENESS ubuntu true\n",
        "cap-all-prefixed": "docker run --rm --cap-add=CAP_ALL ubuntu true\n",
        "cap-drop-bogus": "docker run --rm --cap-drop=NET_RAWW ubuntu true\n",
        "cpu-period-low": "docker run --rm --cpu-period=100 ubuntu true\n",
        "cpu-period-high": "docker run --rm --cpu-period=2000000 ubuntu true\n",
        "cpu-quota-low": "docker run --rm --cpu-quota=500 ubuntu true\n",
        "sysctl-ipc-host": "docker run --rm --ipc=host --sysctl kernel.shmmax=68719476736 ubuntu true\n",
        "sysctl-msg-ipc-host": "docker run --rm --sysctl kernel.msgmax=65536 --ipc=host ubuntu true\n",
        "sysctl-net-host": "docker run --rm --network=host --sysctl net.core.somaxconn=1024 ubuntu true\n",
        "shm-negative-bytes": "docker run --rm --shm-size=-1 ubuntu true\n",
    }
    return ({k: pre + v for k, v in good.items()}, {k: pre + v for k, v in bad.items()})


def compose():
    svc = "services:\n  train:\n    image: pytorch/pytorch\n"
    good = {
        "shm-string": svc + "    shm_size: '8gb'\n",
        "shm-int": svc + "    shm_size: 8589934592\n",
        "shm-G": svc + "    shm_size: 8G\n",
        "shm-plain-8g": svc + "    shm_size: 8g\n",
        "version-3": "version: '3.8'\n" + svc + "    shm_size: '8gb'\n",
        "version-2": "version: '2.4'\n" + svc + "    shm_size: 8g\n",
        "ulimits": svc + "    shm_size: 8g\n    ulimits:\n      nofile:\n        soft: 65536\n        hard: 65536\n      memlock: -1\n",
        "ipc-host": svc + "    ipc: host\n",
        "anchor-merge": "x-common: &common\n  image: pytorch/pytorch\n  shm_size: 8g\nservices:\n  a:\n    <<: *common\n  b:\n    <<: *common\n    command: python b.py\n",
        "gpus-deploy": svc + "    shm_size: 8g\n    deploy:\n      resources:\n        reservations:\n          devices:\n            - driver: nvidia\n              count: all\n              capabilities: [gpu]\n",
        "mem-limit": svc + "    shm_size: 8g\n    mem_limit: 32g\n",
        "tmpfs-mount": svc + "    volumes:\n      - type: tmpfs\n        target: /dev/shm\n        tmpfs:\n          size: 8589934592\n",
        "x-extension": "x-notes: raised shm for loaders\n" + svc + "    shm_size: 8g\n",
        "flow-style": "services: {train: {image: pytorch/pytorch, shm_size: 8g}}\n",
        "env-interp": svc + "    shm_size: ${SHM_SIZE:-8g}\n",
        "comment": "# training\n" + svc + "    shm_size: 8g # for DataLoader workers\n",
        "command-list": svc + "    shm_size: 8g\n    command: [\"python\", \"train.py\", \"--workers\", \"8\"]\n",
        "environment-map": svc + "    shm_size: 8g\n    environment:\n      NCCL_DEBUG: INFO\n      OMP_NUM_THREADS: 4\n",
        "two-services": svc + "    shm_size: 8g\n  tb:\n    image: tensorflow/tensorflow\n    command: tensorboard --logdir /logs\n",
        "shm-fraction": svc + "    shm_size: 1.5g\n",
        "document-marker": "---\n" + svc + "    shm_size: 8g\n",
    }
    bad = {
        "shm-dash": svc + "    shm-size: 8g\n",
        "shmsize": svc + "    shmsize: 8g\n",
        "shm-top-level": svc + "shm_size: 8g\n",
        "shm-under-deploy": svc + "    deploy:\n      shm_size: 8g\n",
        "shm-list": svc + "    shm_size: [8g]\n",
        "shm-bool": svc + "    shm_size: true\n",
        "services-list": "services:\n  - image: pytorch/pytorch\n",
        "ulimits-word": svc + "    ulimits:\n      nofile:\n        soft: lots\n        hard: 65536\n",
        "ulimits-no-hard": svc + "    ulimits:\n      nofile:\n        soft: 65536\n",
        "image-list": "services:\n  train:\n    image: [pytorch/pytorch]\n",
        "tab-indent": "services:\n  train:\n\timage: pytorch/pytorch\n",
        "unknown-key": svc + "    gpus_all: true\n",
        "ipc-list": svc + "    ipc: [host]\n",
        "bad-yaml": svc + "    shm_size: \"8g\n",
        "mem-limit-word": svc + "    mem_limit: lots\n",
        "deploy-unknown": svc + "    deploy:\n      resources:\n        limit:\n          memory: 8g\n",
        "environment-nested": svc + "    environment:\n      A:\n        B: 1\n",
        "command-map": svc + "    command:\n      run: python\n",
        "volumes-map-bad": svc + "    volumes:\n      - type: tmpfs\n        target: /dev/shm\n        tmpfs:\n          sise: 1\n",
        "duplicate-key": svc + "    shm_size: 8g\n    shm_size: 16g\n",
    }
    return good, bad


def kubernetes():
    def pod(mount="        volumeMounts:\n        - name: dshm\n          mountPath: /dev/shm\n",
            vol="      - name: dshm\n        emptyDir:\n          medium: Memory\n          sizeLimit: 8Gi\n",
            name="train", kind="Pod", extra=""):
        return ("apiVersion: v1\nkind: %s\nmetadata:\n  name: %s\nspec:\n  containers:\n  - name: train\n"
                "    image: pytorch/pytorch\n%s  volumes:\n%s%s" % (kind, name, mount.replace("        ", "    ", 1)
                                                               .replace("\n        ", "\n    "), vol.replace("      ", "  "), extra))
    dep = ("apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: trainer\nspec:\n  replicas: 1\n"
           "  selector:\n    matchLabels: {app: t}\n  template:\n    metadata:\n      labels: {app: t}\n"
           "    spec:\n      containers:\n      - name: train\n        image: pytorch/pytorch\n"
           "        volumeMounts:\n        - name: dshm\n          mountPath: /dev/shm\n"
           "      volumes:\n      - name: dshm\n        emptyDir:\n          medium: Memory\n          sizeLimit: %s\n")
    job = ("apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: train-job\nspec:\n  backoffLimit: 0\n  template:\n"
           "    spec:\n      restartPolicy: Never\n      containers:\n      - name: train\n        image: pytorch/pytorch\n"
           "        resources:\n          limits:\n            memory: %s\n"
           "        volumeMounts:\n        - name: dshm\n          mountPath: /dev/shm\n"
           "      volumes:\n      - name: dshm\n        emptyDir:\n          medium: Memory\n")
    ptj = ("apiVersion: kubeflow.org/v1\nkind: PyTorchJob\nmetadata:\n  name: ddp\nspec:\n  pytorchReplicaSpecs:\n"
           "    %s:\n      replicas: %s\n      restartPolicy: OnFailure\n      template:\n        spec:\n"
           "          containers:\n          - name: %s\n            image: pytorch/pytorch\n"
           "            volumeMounts:\n            - name: dshm\n              mountPath: /dev/shm\n"
           "          volumes:\n          - name: dshm\n            emptyDir:\n              medium: Memory\n")
    good = {
        "pod": pod(),
        "pod-8G": pod(vol="      - name: dshm\n        emptyDir:\n          medium: Memory\n          sizeLimit: 8G\n"),
        "pod-int-size": pod(vol="      - name: dshm\n        emptyDir:\n          medium: Memory\n          sizeLimit: 8589934592\n"),
        "pod-no-limit": pod(vol="      - name: dshm\n        emptyDir:\n          medium: Memory\n"),
        "pod-medium-empty": pod(vol="      - name: dshm\n        emptyDir:\n          medium: \"\"\n"),
        "pod-hostpath": pod(vol="      - name: dshm\n        hostPath:\n          path: /dev/shm\n"),
        "pod-fraction": pod(vol="      - name: dshm\n        emptyDir:\n          medium: Memory\n          sizeLimit: 1.5Gi\n"),
        "pod-dotted-name": pod(name="train.v1"),
        "deployment": dep % "8Gi",
        "deployment-Mi": dep % "8192Mi",
        "deployment-quoted": dep % "\"8Gi\"",
        "job": job % "32Gi",
        "job-int-memory": job % "34359738368",
        "pytorchjob-master": ptj % ("Master", "1", "pytorch"),
        "pytorchjob-worker": ptj % ("Worker", "2", "pytorch"),
        "two-docs": pod() + "---\n" + dep % "4Gi",
        "comment-docs": "# training pod\n---\n" + pod(),
        "flow-mount": pod(mount="        volumeMounts: [{name: dshm, mountPath: /dev/shm}]\n"),
        "cronjob": ("apiVersion: batch/v1\nkind: CronJob\nmetadata:\n  name: nightly\nspec:\n  schedule: \"0 2 * * *\"\n"
                    "  jobTemplate:\n    spec:\n      template:\n        spec:\n          restartPolicy: OnFailure\n"
                    "          containers:\n          - name: train\n            image: pytorch/pytorch\n"
                    "            volumeMounts:\n            - name: dshm\n              mountPath: /dev/shm\n"
                    "          volumes:\n          - name: dshm\n            emptyDir:\n              medium: Memory\n"),
        "anchors": pod().replace("metadata:\n  name: train\n", "metadata:\n  name: train\n  labels: &l {app: t}\n  annotations: *l\n"),
    }
    bad = {
        "mountpath": pod(mount="        volumeMounts:\n        - name: dshm\n          mountpath: /dev/shm\n"),
        "mountpath-both": pod(mount="        volumeMounts:\n        - name: dshm\n          mountPath: /dev/shm\n          readonly: false\n"),
        "sizelimit": pod(vol="      - name: dshm\n        emptyDir:\n          medium: Memory\n          sizelimit: 8Gi\n"),
        "size-8GB": pod(vol="      - name: dshm\n        emptyDir:\n          medium: Memory\n          sizeLimit: 8GB\n"),
        "size-8gi": pod(vol="      - name: dshm\n        emptyDir:\n          medium: Memory\n          sizeLimit: 8gi\n"),
        "size-space": pod(vol="      - name: dshm\n        emptyDir:\n          medium: Memory\n          sizeLimit: 8 Gi\n"),
        "medium-typo": pod(vol="      - name: dshm\n        emptyDir:\n          meduim: Memory\n"),
        "misplaced-mounts": pod(mount="", extra="  volumeMounts:\n  - name: dshm\n    mountPath: /dev/shm\n"),
        "kind-lower": pod(kind="pod"),
        "kind-typo": pod(kind="Pods"),
        "name-upper": pod(name="Train"),
        "name-underscore": pod(name="train_job"),
        "missing-volume": pod(vol="      - name: other\n        emptyDir: {}\n"),
        "volume-name-upper": pod(mount="        volumeMounts:\n        - name: DSHM\n          mountPath: /dev/shm\n",
                                 vol="      - name: DSHM\n        emptyDir:\n          medium: Memory\n"),
        "deployment-replicas-string": (dep % "8Gi").replace("replicas: 1", "replicas: \"1\""),
        "deployment-size-8g-word": dep % "eight",
        "job-memory-typo": job % "32GiB",
        "emptydir-string": pod(vol="      - name: dshm\n        emptyDir: Memory\n"),
        "containers-map": pod().replace("  containers:\n  - name: train\n    image: pytorch/pytorch\n",
                                        "  containers:\n    name: train\n    image: pytorch/pytorch\n"),
        "pytorchjob-container-name": ptj % ("Master", "1", "trainer"),
        "pytorchjob-two-masters": ptj % ("Master", "2", "pytorch"),
        "pytorchjob-chief": ptj % ("Chief", "1", "pytorch"),
        "pytorchjob-unknown-field": (ptj % ("Worker", "2", "pytorch")).replace("      restartPolicy: OnFailure\n", "      restartPolicy: OnFailure\n      restartpolicy: Never\n"),
        "template-spec-typo": (dep % "8Gi").replace("    spec:\n      containers", "    sepc:\n      containers"),
        "tab": pod().replace("  containers:", "\tcontainers:"),
    }
    g2, b2 = kubernetes_operators()
    good.update(g2)
    bad.update(b2)
    return good, bad


def kubernetes_operators():
    """KubeRay's RayJob and RayCluster, Kubeflow Trainer's TrainJob at each release, Kyverno's
    ClusterPolicy: the shapes ShmWise writes and the slips people make in them."""
    def group(container, indent, params='        object-store-memory: "8000000000"\n'):
        pad = " " * indent
        return "".join(pad + line + "\n" for line in (
            "rayStartParams:" + ("" if params else " {}"),) ) + "".join(
            pad + l + "\n" for l in params.strip("\n").split("\n") if params) + "".join(pad + line + "\n" for line in (
            "template:", "  spec:", "    containers:", "      - name: %s" % container,
            "        image: rayproject/ray:2.52.0", "        resources:", "          limits:",
            "            memory: 40Gi", "        volumeMounts:", "          - name: dshm",
            "            mountPath: /dev/shm", "    volumes:", "      - name: dshm", "        emptyDir:",
            "          medium: Memory", "          sizeLimit: 16Gi"))
    def cluster(indent, params='        object-store-memory: "8000000000"\n', lo="1", hi="1", name="gpu"):
        pad = " " * indent
        return (pad + "headGroupSpec:\n" + group("ray-head", indent + 2, params) +
                pad + "workerGroupSpecs:\n" + pad + "  - groupName: %s\n" % name + pad + "    replicas: 1\n" +
                pad + "    minReplicas: %s\n" % lo + pad + "    maxReplicas: %s\n" % hi +
                group("ray-worker", indent + 4, params))
    rc = "apiVersion: ray.io/v1\nkind: RayCluster\nmetadata:\n  name: %s\nspec:\n%s"
    rj = ("apiVersion: ray.io/v1\nkind: RayJob\nmetadata:\n  name: %s\nspec:\n  entrypoint: python train.py\n"
          "  shutdownAfterJobFinishes: true\n  rayClusterSpec:\n%s")
    patch = ("      volumes:\n        - name: dshm\n          emptyDir:\n            medium: Memory\n            sizeLimit: 8Gi\n"
             "      containers:\n        - name: %s\n          volumeMounts:\n            - name: dshm\n              mountPath: /dev/shm\n")
    tj = ("apiVersion: trainer.kubeflow.org/v1alpha1\nkind: TrainJob\nmetadata:\n  name: %s\nspec:\n"
          "  runtimeRef:\n    name: torch-distributed\n  trainer:\n    image: pytorch/pytorch\n"
          "    command: [torchrun, train.py]\n    numNodes: 2\n    numProcPerNode: %s\n"
          "    resourcesPerNode:\n      limits:\n        memory: 40Gi\n%s")
    def v20(c="node"):
        return "  podSpecOverrides:\n    - targetJobs:\n        - name: node\n" + patch.replace("\n      ", "\n      ") % c
    def v21(c="node"):
        return ("  podTemplateOverrides:\n    - targetJobs:\n        - name: node\n      spec:\n" +
                "".join("  " + l + "\n" for l in (patch % c).rstrip("\n").split("\n")))
    def v22(c="node", manager="example.com/dev-shm"):
        return ("  runtimePatches:\n    - manager: %s\n      trainingRuntimeSpec:\n        template:\n          spec:\n"
                "            replicatedJobs:\n              - name: node\n                template:\n"
                "                  spec:\n                    template:\n                      spec:\n" % manager +
                "".join(" " * 18 + l + "\n" for l in (patch % c).rstrip("\n").split("\n")))
    kyv = ("apiVersion: kyverno.io/v1\nkind: ClusterPolicy\nmetadata:\n  name: add-dshm\nspec:\n  background: false\n"
           "  rules:\n    - name: add-dshm\n      match:\n        any:\n          - resources:\n              kinds: [Pod]\n"
           "      mutate:\n        foreach:\n          - list: request.object.spec.containers\n"
           "            patchStrategicMerge:\n              spec:\n                containers:\n"
           "                  - name: '{{ element.name }}'\n                    volumeMounts:\n"
           "                      - name: dshm\n                        mountPath: /dev/shm\n"
           "                volumes:\n                  - name: dshm\n                    emptyDir:\n"
           "                      medium: Memory\n                      sizeLimit: 16Gi\n")
    good = {
        "raycluster": rc % ("ray-cluster", cluster(2)),
        "raycluster-no-params": rc % ("ray-cluster", cluster(2, params="")),
        "rayjob": rj % ("ray-train", cluster(4)),
        "trainjob-v2.0": tj % ("vit", "8", v20()),
        "trainjob-v2.1": tj % ("vit", "8", v21()),
        "trainjob-v2.2": tj % ("vit", "8", v22()),
        "trainjob-auto-v2.0": tj % ("vit", "auto", v20()),
        "kyverno-dshm": kyv,
    }
    bad = {
        "rayjob-name-long": rj % ("ray-train-" + "x" * 40, cluster(4)),
        "raycluster-name-digit": rc % ("1ray", cluster(2)),
        "raycluster-store-int": rc % ("ray-cluster", cluster(2, params="        object-store-memory: 8000000000\n")),
        "raycluster-min-over-max": rc % ("ray-cluster", cluster(2, lo="3", hi="2")),
        "raycluster-no-head-template": rc % ("ray-cluster", "  headGroupSpec:\n    rayStartParams: {}\n"),
        "rayjob-no-cluster": "apiVersion: ray.io/v1\nkind: RayJob\nmetadata:\n  name: ray-train\nspec:\n  entrypoint: python train.py\n",
        "rayjob-apiversion-v1alpha2": (rj % ("ray-train", cluster(4))).replace("ray.io/v1", "ray.io/v1alpha2"),
        "trainjob-v2.1-field-as-v2.0": (tj % ("vit", "8", v20())).replace("podSpecOverrides", "podTemplateOverrides"),
        "trainjob-container-trainer": tj % ("vit", "8", v21("trainer")),
        "trainjob-manager-no-domain": tj % ("vit", "8", v22(manager="shmwise")),
        "trainjob-auto-v2.2": tj % ("vit", "auto", v22()),
        "trainjob-resources-in-patch": (tj % ("vit", "8", v21())).replace(
            "          volumeMounts:", "          resources:\n            limits:\n              memory: 40Gi\n          volumeMounts:"),
        "kyverno-rules-typo": kyv.replace("  rules:", "  rule:"),
    }
    return good, bad


def python():
    head = ("import torch\nfrom torch.utils.data import DataLoader, TensorDataset, RandomSampler, SequentialSampler\n"
            "import torch.multiprocessing as mp\n\n")
    def main(body):
        return head + "def main():\n    ds = TensorDataset(torch.arange(32))\n" + body + \
            "    for _ in loader:\n        pass\n\n\nif __name__ == \"__main__\":\n    main()\n"
    good = {
        "zero-workers": main("    loader = DataLoader(ds, batch_size=8, num_workers=0)\n"),
        "two-workers": main("    loader = DataLoader(ds, batch_size=8, num_workers=2)\n"),
        "persistent": main("    loader = DataLoader(ds, batch_size=8, num_workers=2, persistent_workers=True)\n"),
        "prefetch": main("    loader = DataLoader(ds, batch_size=8, num_workers=2, prefetch_factor=4)\n"),
        "spawn": main("    loader = DataLoader(ds, batch_size=8, num_workers=2, multiprocessing_context=\"spawn\")\n"),
        "fork-ctx-obj": main("    loader = DataLoader(ds, batch_size=8, num_workers=2, multiprocessing_context=mp.get_context(\"fork\"))\n"),
        "file-system": head.replace("\n\n", "\ntorch.multiprocessing.set_sharing_strategy(\"file_system\")\n\n", 1) +
            "ds = TensorDataset(torch.arange(32))\nloader = DataLoader(ds, batch_size=8, num_workers=2)\nfor _ in loader:\n    pass\n",
        "sampler": main("    loader = DataLoader(ds, batch_size=8, sampler=SequentialSampler(ds), num_workers=2)\n"),
        "sampler-shuffle-false": main("    loader = DataLoader(ds, batch_size=8, shuffle=False, sampler=RandomSampler(ds))\n"),
        "batch-none": main("    loader = DataLoader(ds, batch_size=None)\n"),
        "pin-memory": main("    loader = DataLoader(ds, batch_size=8, pin_memory=False, drop_last=True)\n"),
        "timeout": main("    loader = DataLoader(ds, batch_size=8, num_workers=2, timeout=30)\n"),
        "kwargs-dict": main("    kw = dict(batch_size=8, num_workers=2, pin_memory=False)\n    loader = DataLoader(ds, **kw)\n"),
        "positional": main("    loader = DataLoader(ds, 8, True)\n"),
        "set-start-method": head + "def main():\n    ds = TensorDataset(torch.arange(32))\n    loader = DataLoader(ds, batch_size=8, num_workers=2)\n    for _ in loader:\n        pass\n\n\nif __name__ == \"__main__\":\n    mp.set_start_method(\"spawn\", force=True)\n    main()\n",
        "generator": main("    g = torch.Generator()\n    g.manual_seed(0)\n    loader = DataLoader(ds, batch_size=8, shuffle=True, generator=g, num_workers=2)\n"),
        "worker-init": head + "def init(i):\n    torch.manual_seed(i)\n\n\ndef main():\n    ds = TensorDataset(torch.arange(32))\n    loader = DataLoader(ds, batch_size=8, num_workers=2, worker_init_fn=init)\n    for _ in loader:\n        pass\n\n\nif __name__ == \"__main__\":\n    main()\n",
        "strategy-fd": head + "torch.multiprocessing.set_sharing_strategy(\"file_descriptor\")\n\n" +
            "ds = TensorDataset(torch.arange(32))\nloader = DataLoader(ds, batch_size=8, num_workers=2)\nfor _ in loader:\n    pass\n",
        "line-continuation": main("    loader = DataLoader(\n        ds,\n        batch_size=8,  # per GPU\n        num_workers=2,\n    )\n"),
        "prefetch-none-zero": main("    loader = DataLoader(ds, batch_size=8, num_workers=0)\n    assert loader.num_workers == 0\n"),
    }
    bad = {
        "batch-zero": main("    loader = DataLoader(ds, batch_size=0)\n"),
        "timeout-negative": main("    loader = DataLoader(ds, batch_size=8, num_workers=2, timeout=-1)\n"),
        "shuffle-sampler": main("    loader = DataLoader(ds, batch_size=8, shuffle=True, sampler=RandomSampler(ds))\n"),
        "ctx-no-workers": main("    loader = DataLoader(ds, batch_size=8, multiprocessing_context=\"spawn\")\n"),
        "persistent-no-workers": main("    loader = DataLoader(ds, batch_size=8, persistent_workers=True)\n"),
        "prefetch-no-workers": main("    loader = DataLoader(ds, batch_size=8, prefetch_factor=4)\n"),
        "unknown-kw": main("    loader = DataLoader(ds, batch_size=8, num_worker=2)\n"),
        "unknown-kw-2": main("    loader = DataLoader(ds, batch_size=8, workers=2)\n"),
        "negative-workers": main("    loader = DataLoader(ds, batch_size=8, num_workers=-1)\n"),
        "bad-context": main("    loader = DataLoader(ds, batch_size=8, num_workers=2, multiprocessing_context=\"threads\")\n"),
        "bad-strategy": head + "torch.multiprocessing.set_sharing_strategy(\"file_sytem\")\n",
        "bad-start-method": head + "if __name__ == \"__main__\":\n    mp.set_start_method(\"spwan\")\n",
        "syntax-error": main("    loader = DataLoader(ds, batch_size=8, num_workers=2\n"),
        "indent-error": main("    loader = DataLoader(ds, batch_size=8)\n      x = 1\n"),
        "batch-sampler-conflict": main("    from torch.utils.data import BatchSampler\n    bs = BatchSampler(SequentialSampler(ds), 8, False)\n    loader = DataLoader(ds, batch_size=8, batch_sampler=bs)\n"),
        "prefetch-zero": main("    loader = DataLoader(ds, batch_size=8, num_workers=2, prefetch_factor=0)\n"),
        "batch-none-drop-last": main("    loader = DataLoader(ds, batch_size=None, drop_last=True)\n"),
        "shuffle-string": main("    loader = DataLoader(ds, batch_size=8, sampler=RandomSampler(ds), shuffle=\"yes\")\n"),
        "batch-negative": main("    loader = DataLoader(ds, batch_size=-8)\n"),
        "workers-string": main("    loader = DataLoader(ds, batch_size=8, num_workers=\"2\")\n"),
    }
    return good, bad


KINDS = {
    "fstab": (fstab, "fstab"),
    "sysctl": (sysctl, "conf"),
    "limits": (limits, "conf"),
    "docker-run": (dockerrun, "sh"),
    "compose": (compose, "yml"),
    "kubernetes": (kubernetes, "yaml"),
    "python": (python, "py"),
}


def generate(outdir):
    """Writes the files; returns [(kind, path, intent)] with intent 'unusual' or 'mistake'."""
    files = []
    for kind, (fn, ext) in KINDS.items():
        good, bad = fn()
        d = os.path.join(outdir, kind)
        os.makedirs(d, exist_ok=True)
        for intent, cases in (("unusual", good), ("mistake", bad)):
            for name, text in cases.items():
                p = os.path.join(d, "%s-%s.%s" % (intent, name, ext))
                with open(p, "w", encoding="utf-8", newline="") as f:
                    f.write(text)
                files.append((kind, p, intent))
    return files


if __name__ == "__main__":
    out = generate(sys.argv[1])
    print("%d files (%d unusual, %d mistakes)" % (len(out), sum(1 for f in out if f[2] == "unusual"),
                                                   sum(1 for f in out if f[2] == "mistake")))
