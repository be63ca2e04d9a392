# SPDX-License-Identifier: GPL-3.0-or-later
#
# ShmWise host probe. Fed to `sh -s` on stdin by every transport (local, ssh, docker exec,
# kubectl exec), so it must run under any POSIX sh (dash, busybox ash), as any user, without
# writing anything or installing anything.
#
# Output: a versioned report of key=value lines, first line "shmwise-probe 1", last line
# "shmwise-probe-end". Every fact is printed, with the value "unknown" when it cannot be learnt.
# Sizes keep the unit of their source (_kb: KiB, _bytes: bytes, _mib: MiB).
#
# SHMWISE_PROBE_ROOT, when set, is a prefix for every file read (/proc, /sys, /etc, /.dockerenv),
# so the probe can be tested against fixture trees; commands (df, nvidia-smi, dmesg) are taken
# from PATH and are replaced with stand-ins by the tests.
#
# Everything is inside one function that runs with stdin from /dev/null: the shell parses the
# whole function before running any of it, so a truncated transfer runs nothing, and no command
# can swallow the rest of the script from stdin.

shmwise_probe() {
    R=${SHMWISE_PROBE_ROOT:-}
    U=unknown
    LC_ALL=C
    export LC_ALL

    # Runs a command for at most $1 seconds. timeout(1) exists in coreutils and busybox; without
    # it the command runs in the background and a watcher kills it, so a hung nvidia-smi cannot
    # hold the whole probe.
    if command -v timeout >/dev/null 2>&1; then
        lim() { _t=$1; shift; timeout "$_t" "$@"; }
    else
        lim() {
            _t=$1; shift
            "$@" &
            _p=$!
            (sleep "$_t"; kill -9 "$_p") >/dev/null 2>&1 &
            _w=$!
            wait "$_p"
            _r=$?
            kill "$_w" 2>/dev/null
            return "$_r"
        }
    fi

    # Prints key=value, with a value that is empty or missing reported as unknown.
    kv() { if [ -n "$2" ]; then echo "$1=$2"; else echo "$1=$U"; fi; }
    # First line of a file, or nothing.
    first() { _v=; [ -r "$1" ] && IFS= read -r _v <"$1" 2>/dev/null; printf '%s' "$_v"; }

    echo "shmwise-probe 1"

    # /dev/shm: df for size and use (one process), /proc/mounts for the file system and options.
    shm_size=; shm_used=; shm_free=
    if command -v df >/dev/null 2>&1; then
        _n=0
        # Split on purpose, but never expanded as file patterns.
        set -f
        for _w in $(lim 1 df -P -k "$R/dev/shm" 2>/dev/null); do
            _n=$((_n + 1))
            case $_n in
                9) shm_size=$_w ;;
                10) shm_used=$_w ;;
                11) shm_free=$_w ;;
            esac
        done
        set +f
    fi
    kv shm.size_kb "$shm_size"
    kv shm.used_kb "$shm_used"
    kv shm.free_kb "$shm_free"
    shm_fs=; shm_opts=; shm_mounted=$U
    if [ -r "$R/proc/mounts" ]; then
        shm_mounted=0
        while read -r _dev _mnt _fs _opts _rest; do
            if [ "$_mnt" = /dev/shm ]; then
                shm_mounted=1 shm_fs=$_fs shm_opts=$_opts
            fi
        done <"$R/proc/mounts"
    fi
    kv shm.mounted "$shm_mounted"
    kv shm.fstype "$shm_fs"
    kv shm.options "$shm_opts"
    _c=$U
    if [ -d "$R/dev/shm" ]; then
        _c=0
        for _f in "$R"/dev/shm/torch_* "$R"/dev/shm/nccl-*; do
            [ -e "$_f" ] && _c=$((_c + 1))
        done
    fi
    kv shm.torch_files "$_c"

    # Memory.
    mt=; ma=; ms=; st=; sf=
    if [ -r "$R/proc/meminfo" ]; then
        while read -r _k _v _u; do
            case $_k in
                MemTotal:) mt=$_v ;;
                MemAvailable:) ma=$_v ;;
                Shmem:) ms=$_v ;;
                SwapTotal:) st=$_v ;;
                SwapFree:) sf=$_v ;;
            esac
        done <"$R/proc/meminfo"
    fi
    kv memory.total_kb "$mt"
    kv memory.available_kb "$ma"
    kv memory.shmem_kb "$ms"
    kv swap.total_kb "$st"
    kv swap.free_kb "$sf"

    # cgroups. v2 when the unified hierarchy is mounted at /sys/fs/cgroup; otherwise v1 with a
    # memory and a cpu controller. The path in /proc/self/cgroup is only valid under the mount
    # when the cgroup namespace is the host's; inside containers the limits sit at the root.
    cg=$U; cg_path=; cg_mem=; cg_cpu=; mem_limit=; mem_usage=; cpu_max=; cpu_quota=; cpu_period=
    if [ -r "$R/proc/self/cgroup" ]; then
        while IFS=: read -r _id _ctl _path; do
            case $_id:$_ctl in
                0:) cg_path=$_path ;;
            esac
            case ,$_ctl, in
                *,memory,*) cg_mem=$_path ;;
                *,cpu,*) cg_cpu=$_path ;;
            esac
        done <"$R/proc/self/cgroup"
    fi
    if [ -r "$R/sys/fs/cgroup/cgroup.controllers" ]; then
        cg=2
        _d=$R/sys/fs/cgroup$cg_path
        [ -d "$_d" ] || _d=$R/sys/fs/cgroup
        # The tightest limit may be set on a parent; walk up to the mount.
        while :; do
            _v=$(first "$_d/memory.max")
            if [ -n "$_v" ] && [ "$_v" != max ]; then
                if [ -z "$mem_limit" ] || [ "$mem_limit" = max ] || [ "$_v" -lt "$mem_limit" ] 2>/dev/null; then
                    mem_limit=$_v
                fi
            elif [ "$_v" = max ] && [ -z "$mem_limit" ]; then
                mem_limit=max
            fi
            [ -z "$mem_usage" ] && mem_usage=$(first "$_d/memory.current")
            [ -z "$cpu_max" ] && [ -r "$_d/cpu.max" ] && cpu_max=$(first "$_d/cpu.max") &&
                [ "${cpu_max%% *}" = max ] && cpu_max=
            [ "$_d" = "$R/sys/fs/cgroup" ] && break
            _d=${_d%/*}
            case $_d in "$R/sys/fs/cgroup"*) ;; *) break ;; esac
        done
        if [ -n "$cpu_max" ]; then
            cpu_quota=${cpu_max%% *} cpu_period=${cpu_max#* }
        elif [ -r "$R/sys/fs/cgroup/cgroup.controllers" ]; then
            cpu_quota=max
        fi
    elif [ -d "$R/sys/fs/cgroup/memory" ] || [ -d "$R/sys/fs/cgroup/cpu" ]; then
        cg=1
        _d=$R/sys/fs/cgroup/memory$cg_mem
        [ -r "$_d/memory.limit_in_bytes" ] || _d=$R/sys/fs/cgroup/memory
        mem_limit=$(first "$_d/memory.limit_in_bytes")
        mem_usage=$(first "$_d/memory.usage_in_bytes")
        for _b in cpu cpu,cpuacct cpuacct,cpu; do
            _d=$R/sys/fs/cgroup/$_b$cg_cpu
            [ -r "$_d/cpu.cfs_quota_us" ] || _d=$R/sys/fs/cgroup/$_b
            if [ -r "$_d/cpu.cfs_quota_us" ]; then
                cpu_quota=$(first "$_d/cpu.cfs_quota_us")
                cpu_period=$(first "$_d/cpu.cfs_period_us")
                break
            fi
        done
    fi
    kv cgroup.version "$cg"
    if [ "$cg" = 2 ]; then kv cgroup.path "$cg_path"; else kv cgroup.path "$cg_mem"; fi
    kv cgroup.memory_limit_bytes "$mem_limit"
    kv cgroup.memory_usage_bytes "$mem_usage"
    kv cgroup.cpu_quota_us "$cpu_quota"
    kv cgroup.cpu_period_us "$cpu_period"

    # CPUs: online in the machine, and allowed to this process (affinity: taskset, cpusets).
    kv cpu.online "$(first "$R/sys/devices/system/cpu/online")"
    _al=
    if [ -r "$R/proc/self/status" ]; then
        while read -r _k _v; do
            [ "$_k" = Cpus_allowed_list: ] && _al=$_v
        done <"$R/proc/self/status"
    fi
    kv cpu.allowed_list "$_al"

    # Containers and orchestrators, each with the file that gave it away.
    rt=none; ev=none; orch=none; oev=none
    _p1=; [ -r "$R/proc/1/cgroup" ] && _p1=$(cat "$R/proc/1/cgroup" 2>/dev/null)
    _ctr=$(first "$R/run/systemd/container")
    if [ -e "$R/.dockerenv" ]; then
        rt=docker ev=/.dockerenv
    elif [ -e "$R/run/.containerenv" ]; then
        rt=podman ev=/run/.containerenv
    else
        case $_p1 in
            *docker*) rt=docker ev=/proc/1/cgroup ;;
            *libpod*) rt=podman ev=/proc/1/cgroup ;;
            *crio*) rt=cri-o ev=/proc/1/cgroup ;;
            *containerd*) rt=containerd ev=/proc/1/cgroup ;;
            */lxc/* | *lxc.payload*) rt=lxc ev=/proc/1/cgroup ;;
        esac
        if [ "$rt" = none ] && [ -n "$_ctr" ]; then
            rt=$_ctr ev=/run/systemd/container
        fi
        # With a private cgroup namespace /proc/1/cgroup is just "0::/"; the mounts still name
        # the runtime's storage.
        if [ "$rt" = none ] && [ -r "$R/proc/self/mountinfo" ]; then
            if grep -q 'containerd' "$R/proc/self/mountinfo" 2>/dev/null; then
                rt=containerd ev=/proc/self/mountinfo
            elif grep -q '/docker/' "$R/proc/self/mountinfo" 2>/dev/null; then
                rt=docker ev=/proc/self/mountinfo
            fi
        fi
    fi
    if [ -d "$R/var/run/secrets/kubernetes.io/serviceaccount" ] ||
        [ -d "$R/run/secrets/kubernetes.io/serviceaccount" ]; then
        orch=kubernetes oev=/var/run/secrets/kubernetes.io/serviceaccount
    elif [ -n "${KUBERNETES_SERVICE_HOST:-}" ]; then
        orch=kubernetes oev=KUBERNETES_SERVICE_HOST
    else
        case $_p1 in *kubepods*) orch=kubernetes oev=/proc/1/cgroup ;; esac
    fi
    # Docker's default /dev/shm for containers that ask for none: default-shm-size in
    # /etc/docker/daemon.json when the file sets it (the value as written, quotes included: the
    # reader parses it with Docker's size syntax), "unset" when the file does not set it or does
    # not exist (the built-in 64 MiB then applies, unless dockerd's command line says otherwise),
    # unknown when it cannot be read. The file is JSON: sed gathers all of it before looking, so
    # a key and its value on two lines are found too.
    _ds=$U
    _dj=$R/etc/docker/daemon.json
    if [ ! -e "$_dj" ]; then
        _ds="unset"
    elif [ -r "$_dj" ] && [ -f "$_dj" ] && command -v sed >/dev/null 2>&1; then
        # shellcheck disable=SC2016
        _ds=$(sed -n 'H;${x;s/[[:space:]]/ /g;s/.*"default-shm-size" *: *\([^,}]*\).*/\1/p;}' \
            "$_dj" 2>/dev/null | sed 's/ *$//')
        [ -n "$_ds" ] || _ds="unset"
    fi
    kv docker.default_shm_size "$_ds"
    kv container.runtime "$rt"
    kv container.evidence "$ev"
    kv container.orchestrator "$orch"
    kv container.orchestrator_evidence "$oev"
    _wsl=0
    case $(first "$R/proc/sys/kernel/osrelease") in *[Mm]icrosoft* | *WSL*) _wsl=1 ;; esac
    kv host.wsl "$_wsl"

    # Sandboxed runtimes. gVisor's kernel calls itself 4.19.0-gvisor (4.4.0 with the same 2016
    # build string before release-20260427.0; pkg/sentry/kernel/version/version.go), in
    # /proc/version too, since older sandboxes have no /proc/sys/kernel/osrelease (gvisor#12487).
    # Kata's
    # guest mounts the host's share with the tag kataShared (virtio-fs or 9p; kata_agent.go), and
    # a systemd guest boots kata-containers.target.
    _sb=none
    case $(first "$R/proc/sys/kernel/osrelease") in *-gvisor) _sb=gvisor ;; esac
    case $(first "$R/proc/version") in
        *-gvisor\ * | *"Sun Jan 10 15:06:54 PST 2016"*) _sb=gvisor ;;
    esac
    if [ "$_sb" = none ]; then
        if [ -r "$R/proc/self/mountinfo" ] &&
            grep -q ' kataShared ' "$R/proc/self/mountinfo" 2>/dev/null; then
            _sb=kata
        elif [ -r "$R/proc/cmdline" ] &&
            grep -q 'kata-containers.target' "$R/proc/cmdline" 2>/dev/null; then
            _sb=kata
        fi
    fi
    kv container.sandbox "$_sb"
    # A host that runs Kata with QEMU and virtio-fs backs each VM's memory with a file in its own
    # /dev/shm (kata-containers docs, how-to-use-virtio-fs-with-kata.md): the first Kata
    # configuration found, as the runtime looks for it.
    _kv=0
    for _f in "$R/etc/kata-containers/configuration.toml" \
        "$R/usr/share/defaults/kata-containers/configuration.toml" \
        "$R/opt/kata/share/defaults/kata-containers/configuration.toml"; do
        [ -r "$_f" ] || continue
        if grep -q '^\[hypervisor\.qemu\]' "$_f" 2>/dev/null &&
            grep -q '^[[:space:]]*shared_fs[[:space:]]*=[[:space:]]*"virtio-fs' "$_f" 2>/dev/null; then
            _kv=1
        fi
        break
    done
    kv kata.host_virtiofs "$_kv"

    # systemd-logind's RemoveIPC (yes by default): when a user's last session ends, logind removes
    # their POSIX shared memory (/dev/shm files) and System V IPC; root, system users and lingering
    # users keep theirs. The last setting read wins: logind.conf, then its drop-ins.
    _ri=$U
    if [ -x "$R/lib/systemd/systemd-logind" ] || [ -x "$R/usr/lib/systemd/systemd-logind" ]; then
        _ri=yes
        for _f in "$R/etc/systemd/logind.conf" "$R"/usr/lib/systemd/logind.conf.d/*.conf \
            "$R"/run/systemd/logind.conf.d/*.conf "$R"/etc/systemd/logind.conf.d/*.conf; do
            [ -r "$_f" ] || continue
            while IFS= read -r _l; do
                case $_l in
                    [#\;]*) ;;
                    *RemoveIPC*=*)
                        _k=$(printf '%s' "${_l%%=*}" | tr -d ' \t')
                        _v=$(printf '%s' "${_l#*=}" | tr -d ' \t' | tr '[:upper:]' '[:lower:]')
                        if [ "$_k" = RemoveIPC ]; then
                            case $_v in
                                yes | true | on | 1) _ri=yes ;;
                                no | false | off | 0) _ri=no ;;
                            esac
                        fi
                        ;;
                esac
            done <"$_f"
        done
    fi
    kv logind.remove_ipc "$_ri"
    _uid=$(id -u 2>/dev/null)
    _un=$(id -un 2>/dev/null)
    kv user.uid "$_uid"
    kv user.name "$_un"
    # No linger folder: nobody lingers yet.
    _lg=$U
    if [ -n "$_un" ] && [ "$_ri" != "$U" ]; then
        _lg=0
        [ -e "$R/var/lib/systemd/linger/$_un" ] && _lg=1
    fi
    kv user.linger "$_lg"

    # GPUs: only through nvidia-smi, which can hang when the driver is wedged.
    if command -v nvidia-smi >/dev/null 2>&1; then
        _out=$(lim 1 nvidia-smi --query-gpu=name,memory.total --format=csv,noheader,nounits 2>/dev/null)
        _r=$?
        if [ "$_r" -ne 0 ]; then
            kv gpu.count "$U"
            kv gpu.error "nvidia-smi exit $_r"
        else
            _i=0
            _old=$IFS
            IFS='
'
            for _l in $_out; do
                kv "gpu.$_i.name" "$(echo "${_l%,*}" | sed 's/^ *//;s/ *$//')"
                _m=${_l##*,}
                kv "gpu.$_i.memory_mib" "${_m# }"
                _i=$((_i + 1))
            done
            IFS=$_old
            kv gpu.count "$_i"
        fi
        kv gpu.source nvidia-smi
    else
        kv gpu.count 0
        kv gpu.source none
    fi

    # Open files: the soft limit is what a DataLoader runs into.
    kv ulimit.nofile_soft "$(ulimit -n 2>/dev/null)"
    kv ulimit.nofile_hard "$(ulimit -H -n 2>/dev/null)"

    # System V limits: reported because people raise them for /dev/shm, which they do not size.
    # Numeric sysctl files answer only whole reads (the shell's read builtin reads byte by byte
    # and would get one digit), so one cat reads all three.
    _max=; _all=; _mni=
    if [ -r "$R/proc/sys/kernel/shmmni" ]; then
        # shellcheck disable=SC2046
        set -- $(cat "$R/proc/sys/kernel/shmmax" "$R/proc/sys/kernel/shmall" \
            "$R/proc/sys/kernel/shmmni" 2>/dev/null)
        _max=${1:-} _all=${2:-} _mni=${3:-}
    fi
    kv sysctl.shmmax "$_max"
    kv sysctl.shmall "$_all"
    kv sysctl.shmmni "$_mni"
    _c=
    if [ -r "$R/proc/sysvipc/shm" ]; then
        _c=-1
        while read -r _l; do _c=$((_c + 1)); done <"$R/proc/sysvipc/shm"
        [ "$_c" -lt 0 ] && _c=0
    fi
    kv sysv.shm_segments "$_c"

    # OS and kernel.
    _os=
    if [ -r "$R/etc/os-release" ]; then
        while IFS='=' read -r _k _v; do
            if [ "$_k" = PRETTY_NAME ]; then
                _v=${_v#\"}
                _os=${_v%\"}
            fi
        done <"$R/etc/os-release"
    fi
    kv os.name "$_os"
    kv os.kernel "$(first "$R/proc/sys/kernel/osrelease")"

    # PyTorch: importing torch takes seconds, so only its installed metadata is looked at.
    _tv=
    for _d in "$R"/usr/lib/python3/dist-packages/torch-* "$R"/usr/local/lib/python3*/*-packages/torch-* \
        "$R"/usr/lib/python3*/site-packages/torch-* "$R"/opt/conda/lib/python3*/site-packages/torch-* \
        ${VIRTUAL_ENV:+"$VIRTUAL_ENV"/lib/python3*/site-packages/torch-*} \
        ${CONDA_PREFIX:+"$CONDA_PREFIX"/lib/python3*/site-packages/torch-*}; do
        case $_d in
            *.dist-info | *.egg-info)
                [ -e "$_d" ] || continue
                _v=${_d##*/torch-}
                _tv=${_v%.*-info}
                ;;
        esac
    done
    kv torch.version "$_tv"

    # Recent kernel messages about Bus errors and the OOM killer (dmesg may be restricted).
    if command -v dmesg >/dev/null 2>&1 && _k=$(lim 1 dmesg 2>/dev/null); then
        echo "kernel.messages=readable"
        _i=0
        _old=$IFS
        IFS='
'
        # One message a line; "[123.4]" in a kernel message must not be taken for a pattern.
        set -f
        for _l in $(printf '%s\n' "$_k" | grep -E 'Bus error|bus error|Out of memory|oom-kill|Killed process|oom_reaper' | tail -n 8); do
            echo "kernel.message.$_i=$_l"
            _i=$((_i + 1))
        done
        set +f
        IFS=$_old
    else
        echo "kernel.messages=unreadable"
    fi

    echo "shmwise-probe-end"
}
shmwise_probe </dev/null
