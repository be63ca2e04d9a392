#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
#
# slurm-node.sh DIR SCRIPT
#
# Starts a single-node Slurm cluster as root without systemd (munged, slurmctld -D, slurmd -D,
# proctrack/linuxproc, task/none), everything under DIR, submits SCRIPT with `sbatch --wait`
# and prints the job's output file; exits with sbatch's status. Meant to run inside a private
# mount namespace (tests/helpers/with-shm.sh), so the job sees that namespace's /dev/shm.
# Exit 77 when Slurm or munge is missing or not root.
set -u
me=slurm-node.sh
dir=$1
script=$2
[ "$(id -u)" = 0 ] || { echo "$me: SKIP: needs root" >&2; exit 77; }
for c in munged slurmctld slurmd sbatch; do
    command -v "$c" >/dev/null 2>&1 || [ -x "/usr/sbin/$c" ] ||
        { echo "$me: SKIP: $c not found (Debian: slurm-wlm, munge)" >&2; exit 77; }
done
PATH=$PATH:/usr/sbin
host=$(hostname -s)
port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
ctld_port=$(port)
slurmd_port=$(port)
mkdir -p "$dir/state" "$dir/spool" "$dir/munge"
chmod 700 "$dir/munge"
dd if=/dev/urandom of="$dir/munge/munge.key" bs=1024 count=1 2>/dev/null
chmod 400 "$dir/munge/munge.key"
cat > "$dir/slurm.conf" <<CONF
ClusterName=shmwise
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$dir/munge/munge.socket
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SchedulerType=sched/builtin
MpiDefault=none
ReturnToService=2
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
SlurmdParameters=config_overrides
NodeName=shmnode NodeHostname=$host NodeAddr=127.0.0.1 CPUs=64 RealMemory=1000 State=UNKNOWN
PartitionName=test Nodes=shmnode Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF="$dir/slurm.conf"
munged --force --key-file="$dir/munge/munge.key" --socket="$dir/munge/munge.socket" \
    --pid-file="$dir/munge/munged.pid" --log-file="$dir/munge/munged.log" \
    --seed-file="$dir/munge/munged.seed" || { cat "$dir/munge/munged.log" >&2; exit 1; }
slurmctld -D -i > "$dir/slurmctld.out" 2>&1 &
ctld=$!
slurmd -D -N shmnode > "$dir/slurmd.out" 2>&1 &
slurmd=$!
# shellcheck disable=SC2317 # called by the EXIT trap
stop() {
    kill "$slurmd" "$ctld" 2>/dev/null
    [ -f "$dir/munge/munged.pid" ] && kill "$(cat "$dir/munge/munged.pid")" 2>/dev/null
    wait 2>/dev/null
}
trap stop EXIT
i=0
until sinfo -h -o %T 2>/dev/null | grep -q idle; do
    i=$((i + 1))
    if [ "$i" -gt 60 ]; then
        echo "$me: the node did not come up" >&2
        sinfo >&2; tail -n 20 "$dir/slurmctld.log" "$dir/slurmd.log" >&2
        exit 1
    fi
    sleep 1
done
cd "$dir" || exit 1
sbatch --wait --output="$dir/job.out" "$script"
rc=$?
cat "$dir/job.out" 2>/dev/null
exit $rc
