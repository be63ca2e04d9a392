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
    _leaf=; cg=$U; cg_path=; cg_mem=; cg_cpu=; mem_limit=; mem_usage=; cpu_max=; cpu_quota=; cpu_period=
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
        _leaf=$_d
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
        _leaf=$_d
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
    # What the cgroup's memory is (memory.stat, bytes): shmem counts /dev/shm pages charged here,
    # and System V segments and shared anonymous memory too; v1 names anon rss and file cache.
    _msh=; _man=; _mfi=
    if [ -n "$_leaf" ] && [ -f "$_leaf/memory.stat" ] && [ -r "$_leaf/memory.stat" ]; then
        while read -r _k _v; do
            case $_k in
                shmem) _msh=$_v ;;
                anon | rss) _man=$_v ;;
                file | cache) _mfi=$_v ;;
            esac
        done <"$_leaf/memory.stat"
    fi
    kv cgroup.memory_stat_shmem_bytes "$_msh"
    kv cgroup.memory_stat_anon_bytes "$_man"
    kv cgroup.memory_stat_file_bytes "$_mfi"

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
        # Only a regular file: grep would wait for ever on a FIFO, and a device may never end.
        if [ ! -f "$_f" ] || [ ! -r "$_f" ] || [ -p "$_f" ]; then
            continue
        fi
        if grep -q '^\[hypervisor\.qemu\]' "$_f" 2>/dev/null &&
            grep -q '^[[:space:]]*shared_fs[[:space:]]*=[[:space:]]*"virtio-fs' "$_f" 2>/dev/null; then
            _kv=1
        fi
        break
    done
    kv kata.host_virtiofs "$_kv"

    # systemd-logind's RemoveIPC (yes by default): when a user's last session ends, logind removes
    # their POSIX shared memory (/dev/shm files) and System V IPC; root, system users and lingering
    # users keep theirs. Read as systemd reads it (src/shared/conf-parser.c, conf-files.c; what
    # `systemd-analyze cat-config systemd/logind.conf` shows): the first logind.conf of
    # /etc/systemd, /run/systemd, /usr/local/lib/systemd and /usr/lib/systemd, then the *.conf
    # drop-ins of their logind.conf.d folders sorted by file name, a name in an earlier folder
    # hiding the same name in a later one (a link to /dev/null masks it). Only regular files and
    # links are drop-ins, and only regular files are read: a FIFO or a device would block. Comment
    # lines start with # or ;, a line ending in an odd number of backslashes goes on in the next,
    # only assignments in [Login] count, the last valid one wins, booleans are systemd's
    # (1/yes/y/true/t/on, 0/no/n/false/f/off, any case), and a broken section header ends the
    # reading there, as it ends systemd's.
    _ri=$U
    if [ -x "$R/lib/systemd/systemd-logind" ] || [ -x "$R/usr/lib/systemd/systemd-logind" ]; then
        _ri=yes
        _ws=" 	$(printf '\r')"
        _bom=$(printf '\357\273\277')
        # One logical line; sets _stop on a broken section header.
        _lgline() {
            _l=${1#"${1%%[!"$_ws"]*}"}
            _l=${_l%"${_l##*[!"$_ws"]}"}
            case $_l in
                '' | [#\;]*) ;;
                \[*\]) _sec=${_l#\[} _sec=${_sec%\]} ;;
                \[*) _stop=1 ;;
                *=*)
                    [ "$_sec" = Login ] || return 0
                    _k=${_l%%=*}
                    _k=${_k%"${_k##*[!"$_ws"]}"}
                    [ "$_k" = RemoveIPC ] || return 0
                    _v=${_l#*=}
                    _v=${_v#"${_v%%[!"$_ws"]*}"}
                    case $_v in
                        1 | [Yy][Ee][Ss] | [Yy] | [Tt][Rr][Uu][Ee] | [Tt] | [Oo][Nn]) _ri=yes ;;
                        0 | [Nn][Oo] | [Nn] | [Ff][Aa][Ll][Ss][Ee] | [Ff] | [Oo][Ff][Ff]) _ri=no ;;
                    esac
                    ;;
            esac
        }
        _cf=
        for _d in etc run usr/local/lib usr/lib; do
            if [ -e "$R/$_d/systemd/logind.conf" ]; then
                _cf=$R/$_d/systemd/logind.conf
                break
            fi
        done
        # Drop-ins as "NAME/PATH" lines (a name holds no '/'), the first folder's of each name.
        _dn=/ _dl=
        for _d in etc run usr/local/lib usr/lib; do
            for _f in "$R/$_d/systemd/logind.conf.d"/*.conf; do
                [ -f "$_f" ] || [ -L "$_f" ] || continue
                _b=${_f##*/}
                case $_b in *'
'*) continue ;; esac
                case $_dn in *"/$_b/"*) continue ;; esac
                _dn="$_dn$_b/"
                _dl="$_dl$_b/$_f
"
            done
        done
        [ -n "$_dl" ] && _dl=$(printf '%s' "$_dl" | sort -t / -k 1,1 2>/dev/null | sed 's|^[^/]*/||')
        _old=$IFS
        IFS='
'
        set -f
        _stop=
        for _f in $_cf $_dl; do
            IFS=$_old
            [ -z "$_stop" ] || break
            if [ ! -f "$_f" ] || [ ! -r "$_f" ] || [ -p "$_f" ]; then
                continue
            fi
            _sec='' _acc='' _first=1
            while IFS= read -r _l || [ -n "$_l" ]; do
                [ -z "$_stop" ] || break
                if [ -n "$_first" ]; then
                    _l=${_l#"$_bom"}
                    _first=
                fi
                # A comment line is skipped, also in the middle of a continued line.
                case ${_l#"${_l%%[!"$_ws"]*}"} in [#\;]*) continue ;; esac
                _x=$_l _c=0
                while [ "${_x%\\}" != "$_x" ]; do _x=${_x%\\}; _c=$((_c + 1)); done
                if [ $((_c % 2)) = 1 ]; then
                    _acc="$_acc${_l%\\} "
                    continue
                fi
                _lgline "$_acc$_l"
                _acc=
            done <"$_f"
            [ -z "$_acc" ] || [ -n "$_stop" ] || _lgline "$_acc"
        done
        set +f
        IFS=$_old
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

    # /dev/shm as this target sees it, file by file, and who holds each file, for the attribution
    # of its use (probes/attribution.cpp). Bounded: at most $_mf files (the largest first) and
    # $_mh holders are listed; the totals count every one, and *_truncated=1 says a list is
    # short. A name of printable ASCII is printed as it is (shm.f); any other is hex-encoded
    # (shm.fx), so that no name can forge a line. Sizes are bytes, the allocated ones (st_blocks x
    # 512: what a file costs the tmpfs, touched pages only) before the length:
    #   shm.f=ALLOCATED INODE LENGTH UID MTIME TYPE NAME
    #       TYPE: find's letter (f, d, l, p, s, b, c) or stat's st_mode in hex; MTIME "-" from ls
    #   shm.fx=the same with the name's bytes in hex (a few; the rest counted only)
    #   shm.h=PID HOW DEV INODE ALLOCATED LENGTH UID MTIME PATH
    #       HOW: fd:N or map; DEV: st_dev in decimal, or MAJOR:MINOR in hex as maps shows it;
    #       "-" where not known; PATH as the kernel shows it, with " (deleted)" once unlinked
    #   shm.st=DEV INODE ALLOCATED LENGTH UID MTIME   (an unlinked file through map_files)
    #   shm.p=PID UID NAME and shm.pc=PID CGROUP      (each holder: /proc/PID/status, cgroup)
    #   sysv.seg=the columns of /proc/sysvipc/shm, named by sysv.columns
    _mf=20000 _mh=20000 _ms=4096 _mx=100
    case ${SHMWISE_PROBE_MAX_FILES:-} in
        '' | *[!0-9]*) ;;
        *) [ "${#SHMWISE_PROBE_MAX_FILES}" -lt 6 ] && [ "$SHMWISE_PROBE_MAX_FILES" -lt "$_mf" ] &&
            _mf=$SHMWISE_PROBE_MAX_FILES ;;
    esac
    case ${SHMWISE_PROBE_MAX_HOLDERS:-} in
        '' | *[!0-9]*) ;;
        *) [ "${#SHMWISE_PROBE_MAX_HOLDERS}" -lt 6 ] && [ "$SHMWISE_PROBE_MAX_HOLDERS" -lt "$_mh" ] &&
            _mh=$SHMWISE_PROBE_MAX_HOLDERS ;;
    esac
    _sd=$R/dev/shm
    _why=
    for _t in awk sort; do
        command -v "$_t" >/dev/null 2>&1 || _why="${_why:+$_why, }no $_t"
    done
    command -v stat >/dev/null 2>&1 || command -v ls >/dev/null 2>&1 || _why="${_why:+$_why, }no stat or ls"
    [ -d "$_sd" ] || _why="no /dev/shm"
    if [ -n "$_why" ]; then
        echo "shm.scan=unavailable ($_why)"
        _c=$U
        if [ -d "$_sd" ]; then
            _c=0
            for _f in "$_sd"/torch_* "$_sd"/nccl-*; do
                [ -e "$_f" ] && _c=$((_c + 1))
            done
        fi
        kv shm.torch_files "$_c"
    else
        _st=0
        command -v stat >/dev/null 2>&1 && command -v find >/dev/null 2>&1 && _st=1
        # GNU find prints what it stats itself (fastest); busybox find has no -printf.
        _gf=0
        [ "$_st" = 1 ] && find "$_sd" -maxdepth 0 -printf '' >/dev/null 2>&1 && _gf=1
        echo "shm.scan=1"
        kv shm.scan_time "$(date +%s 2>/dev/null)"
        [ "$_st" = 1 ] && kv shm.dev "$(stat -c %d "$_sd" 2>/dev/null)"
        # Every file: one pass over all names, the largest first. GNU find ends each name with
        # a NUL, and tr turns a newline in a name into '/' (never part of a name) and the NUL into
        # the line's end; a name of other bytes is counted here and listed apart, hex-encoded.
        # Without stat (a small busybox): ls -lnisa, no times, 1 KiB blocks.
        _files() {
            (
                cd "$_sd" 2>/dev/null || exit 0
                if [ "$_gf" = 1 ]; then
                    lim 4 find . -mindepth 1 -maxdepth 1 -printf '%b %i %s %U %T@ %y ./%f\0' \
                        2>/dev/null | tr '\n\0' '/\n'
                elif [ "$_st" = 1 ]; then
                    lim 4 find . -mindepth 1 -maxdepth 1 -name '*[! -~]*' \
                        -exec stat -c '%b %i %s %u %Y %f ?' {} + 2>/dev/null
                    lim 4 find . -mindepth 1 -maxdepth 1 ! -name '*[! -~]*' \
                        -exec stat -c '%b %i %s %u %Y %f %n' {} + 2>/dev/null
                else
                    lim 4 ls -lnisa . 2>/dev/null | awk '
                        $3 ~ /^[-dlpsbc]/ && $7 ~ /^[0-9]+$/ {
                            n = $0
                            sub(/^ *[0-9]+ +[0-9]+ +[^ ]+ +[0-9]+ +[0-9]+ +[0-9]+ +[0-9]+ +[^ ]+ +[^ ]+ +[^ ]+ /, "", n)
                            if (n == "." || n == "..") next
                            m = substr($3, 1, 1)
                            print $2 * 2, $1, $7, $5, "-", m == "-" ? "f" : m, "./" n
                        }'
                fi
            ) | sort -k1,1nr 2>/dev/null | awk -v max="$_mf" '
                NF >= 7 {
                    b = $1 * 512
                    if ($7 == "?" && NF == 7) { x++; xb += b; next }
                    # The only "/" of a line is the one before the name: a second was a newline.
                    if ($0 ~ /[^ -~]|\/.*\/|\.\/$/) { x++; xb += b; next }
                    n++
                    t += b
                    if (index($7, "./torch_") == 1 || index($7, "./nccl-") == 1) tc++
                    if (n > max) { tr = 1; next }
                    nm = substr($0, index($0, " ./") + 3)
                    m = $5
                    sub(/\..*/, "", m)
                    printf "shm.f=%.0f %s %s %s %s %s %s\n", b, $2, $3, $4, m, $6, nm
                }
                END {
                    printf "shm.files_count=%d\nshm.files_bytes=%.0f\n", n, t
                    printf "shm.files_truncated=%d\nshm.torch_files=%d\n", tr, tc
                    printf "shm.files_other_count=%d\nshm.files_other_bytes=%.0f\n", x, xb
                }'
        }
        # Names of other bytes, hex-encoded: the first few (each costs a few processes).
        _oddnames() {
            (
                cd "$_sd" 2>/dev/null || exit 0
                # shellcheck disable=SC2016
                lim 2 find . -mindepth 1 -maxdepth 1 -name '*[! -~]*' -exec sh -c '
                    for f; do
                        s=$(stat -c "%b %B %i %s %u %Y %f" "$f" 2>/dev/null) || continue
                        printf "%s " "$s"
                        printf %s "${f#./}" | od -An -v -tx1 | tr -d " \n"
                        echo
                    done' shmwise-probe {} + 2>/dev/null
            ) | head -n "$_mx" |
                awk 'NF == 8 { printf "shm.fx=%.0f %s %s %s %s %s %s\n", $1 * $2, $3, $4, $5, $6, $7, $8 }'
        }
        # Holders: /proc/PID/fd and /proc/PID/maps of every process this user may inspect (all of
        # them as root). Files unlinked while held ("(deleted)") are seen only there. One find (or
        # ls), one stat and one grep for all processes; the kernel's st_dev tells this /dev/shm
        # from another mount namespace's. "PID FD LINK" lines, then "# READABLE FOUND".
        _fds() {
            if [ "$_gf" = 1 ]; then
                lim 3 find "$R"/proc/[0-9]*/fd -maxdepth 1 \( -name fd \( -readable -printf 'D\0' -o -printf 'U\0' \) \) -o \
                    \( -lname '*/dev/shm/*' -printf '%h %f %l\0' \) 2>/dev/null | tr '\n\0' '?\n'
            else
                lim 3 ls -ln /dev/null "$R"/proc/[0-9]*/fd 2>/dev/null | awk '
                    /^l/ {
                        if (p == "") next
                        i = index($0, " -> ")
                        if (i == 0) next
                        t = substr($0, i + 4)
                        if (index(t, "/dev/shm/") == 0) next
                        k = split(substr($0, 1, i - 1), a, " ")
                        print d, a[k], t
                        next
                    }
                    /\/proc\/[0-9]+\/fd:$/ { d = substr($0, 1, length($0) - 1); p = 1; print "L" }'
            fi | awk -v max="$_mh" '
                $0 == "D" { r++; t++; next }
                $0 == "U" { t++; next }
                $0 == "L" { r++; next }
                {
                    i = index($0, "/fd ")
                    if (i == 0) next
                    p = substr($0, 1, i - 1)
                    sub(/.*\//, "", p)
                    l = substr($0, i + 4)
                    j = index(l, " ")
                    f = substr(l, 1, j - 1)
                    if (p !~ /^[0-9]+$/ || f !~ /^[0-9]+$/) next
                    n++
                    if (n <= max) print p, f, substr(l, j + 1)
                }
                END { print "#", r + 0, n + 0, t + 0 }'
        }
        # Mappings: "M PID DEV INODE EXTENT PATH" (the furthest byte mapped), one a process and
        # file, and "R PID RANGE" for an unlinked file's first mapping.
        _maps() {
            lim 3 grep -H /dev/shm/ "$R"/proc/[0-9]*/maps 2>/dev/null | awk -v max="$_mh" '
                function hex(s,   i, v, c) {
                    v = 0
                    for (i = 1; i <= length(s); i++) {
                        c = index("0123456789abcdef", substr(s, i, 1))
                        if (c == 0) return 0
                        v = v * 16 + c - 1
                    }
                    return v
                }
                {
                    i = index($0, "/maps:")
                    if (i == 0) next
                    p = substr($0, 1, i - 1)
                    sub(/.*\//, "", p)
                    l = substr($0, i + 6)
                    if (p !~ /^[0-9]+$/ || split(l, a, " ") < 6) next
                    f = l
                    sub(/^[^ ]+ +[^ ]+ +[^ ]+ +[^ ]+ +[^ ]+ +/, "", f)
                    if (index(f, "/dev/shm/") == 0) next
                    # How far it maps matters only for an unlinked file (what it may cost).
                    e = 0
                    if (f ~ / \(deleted\)$/) {
                        split(a[1], z, "-")
                        e = hex(a[3]) + hex(z[2]) - hex(z[1])
                    }
                    k = p " " a[4] " " a[5]
                    if (k in x) {
                        if (e > x[k]) x[k] = e
                    } else if (n < max) {
                        x[k] = e
                        o[++n] = k
                        w[k] = f
                        g[k] = a[1]
                    } else {
                        more++
                    }
                }
                END {
                    for (j = 1; j <= n; j++) {
                        k = o[j]
                        printf "M %s %.0f %s\n", k, x[k], w[k]
                        if (w[k] ~ / \(deleted\)$/) {
                            y = g[k]
                            sub(/^0+/, "", y)
                            sub(/-0+/, "-", y)
                            split(k, a, " ")
                            print "R", a[1], y, a[3]
                        }
                    }
                    print "#", n + more
                }'
        }
        # The files go out last: the holders are looked for meanwhile (both take seconds on a
        # busy host), the mappings beside the descriptors.
        _files | {
            _maps </dev/null | {
                # Every process, readable or not (find tells them apart; ls lists only the
                # readable ones).
                if [ "$_gf" != 1 ]; then
                    set -- "$R"/proc/[0-9]*
                    [ -e "${1:-}" ] || set --
                    kv shm.procs_total "$#"
                fi
                _fdl=$(_fds)
                _old=$IFS
                IFS='
'
                set -f
                # shellcheck disable=SC2046
                set -- $(printf '%s\n' "$_fdl" |
                    awk '$1 ~ /^[0-9]+$/ { print ENVIRON["SHMWISE_PROBE_ROOT"] "/proc/" $1 "/fd/" $2 }')
                set +f
                IFS=$_old
                _fdh=$({
                    printf '%s\n' "$_fdl"
                    echo '#stat'
                    if [ "$_st" = 1 ] && [ "$#" -gt 0 ]; then
                        lim 2 stat -L -c '%d %i %b %B %s %u %Y %n' "$@" 2>/dev/null
                    fi
                } | awk '
                    $0 == "#stat" { s = 1; next }
                    !s {
                        if ($1 == "#") { r = $2; c = $3; all = $4; next }
                        k = $1 " " $2
                        t[k] = substr($0, length(k) + 2)
                        o[++n] = k
                        next
                    }
                    match($0, /\/proc\/[0-9]+\/fd\/[0-9]+$/) {
                        split(substr($0, RSTART + 6), a, "/")
                        st[a[1] " " a[3]] = $1 " " $2 " " sprintf("%.0f", $3 * $4) " " $5 " " $6 " " $7
                    }
                    END {
                        for (j = 1; j <= n; j++) {
                            k = o[j]
                            split(k, a, " ")
                            printf "shm.h=%s fd:%s %s %s\n", a[1], a[2], (k in st) ? st[k] : "- - - - - -", t[k]
                        }
                        printf "shm.procs_fd_readable=%d\nshm.holders_fd_count=%d\n", r, c
                        if (all > 0) printf "shm.procs_total=%d\n", all
                    }')
                printf '%s\n' "$_fdh"
                # The mappings, in what the descriptors left of the bound; an unlinked file that is
                # only mapped costs what map_files says (root only).
                _mpl=$({
                    printf '%s\n' "$_fdh"
                    cat
                } | awk -v max="$_mh" '
                    /^shm\.h=/ { h++; fd[$4] = 1; next }
                    /^shm\./ { next }
                    $1 == "#" { total = $2; next }
                    $1 == "M" {
                        if (h + m >= max) { more = 1; next }
                        m++
                        l = $0
                        sub(/^M [^ ]+ [^ ]+ [^ ]+ [^ ]+ /, "", l)
                        printf "shm.h=%s map %s %s - %s - - %s\n", $2, $3, $4, $5, l
                        next
                    }
                    $1 == "R" && !($4 in fd) { print "#mf", $2, $3 }
                    END {
                        printf "shm.holders_map_count=%d\nshm.holders_map_truncated=%d\n", total, (more || total > m) ? 1 : 0
                    }')
                printf '%s\n' "$_mpl" | grep -v '^#mf '
                IFS='
'
                set -f
                # shellcheck disable=SC2046
                set -- $(printf '%s\n' "$_mpl" |
                    awk '$1 == "#mf" { print ENVIRON["SHMWISE_PROBE_ROOT"] "/proc/" $2 "/map_files/" $3 }')
                set +f
                IFS=$_old
                if [ "$_st" = 1 ] && [ "$#" -gt 0 ]; then
                    lim 2 stat -L -c '%d %i %b %B %s %u %Y' "$@" 2>/dev/null |
                        awk 'NF == 7 { printf "shm.st=%s %s %.0f %s %s %s\n", $1, $2, $3 * $4, $5, $6, $7 }'
                fi
                # The holders: name, user, cgroup (a container's or a pod's).
                IFS='
'
                set -f
                # shellcheck disable=SC2046
                set -- $(printf '%s\n%s\n' "$_fdh" "$_mpl" | awk '
                    /^shm\.h=/ {
                        p = substr($1, 7)
                        if (p in s) next
                        s[p] = 1
                        print ENVIRON["SHMWISE_PROBE_ROOT"] "/proc/" p "/status"
                        print ENVIRON["SHMWISE_PROBE_ROOT"] "/proc/" p "/cgroup"
                    }')
                set +f
                IFS=$_old
                if [ "$#" -gt 0 ]; then
                    lim 2 grep -H -e '^Name:' -e '^Uid:' -e '^0::' -e '^[0-9]*:[^:]*memory[^:]*:' "$@" 2>/dev/null | awk '
                        {
                            i = index($0, "/status:")
                            if (i) {
                                p = substr($0, 1, i - 1)
                                sub(/.*\//, "", p)
                                l = substr($0, i + 8)
                                if (!(p in u)) { u[p] = "-"; o[++n] = p }
                                if (l ~ /^Name:/) { sub(/^Name:[ \t]*/, "", l); m[p] = l }
                                else if (l ~ /^Uid:/) { split(l, a, " "); u[p] = a[3] }
                                next
                            }
                            i = index($0, "/cgroup:")
                            if (i) {
                                p = substr($0, 1, i - 1)
                                sub(/.*\//, "", p)
                                l = substr($0, i + 8)
                                sub(/^[0-9]+:[^:]*:/, "", l)
                                printf "shm.pc=%s %s\n", p, l
                            }
                        }
                        END { for (j = 1; j <= n; j++) printf "shm.p=%s %s %s\n", o[j], u[o[j]], m[o[j]] }'
                fi
            }
            # The files' lines, and the odd names when there are some.
            awk '{ print } /^shm\.files_other_count=/ { x = substr($0, 23) + 0 } END { if (x > 0) exit 3 }'
            [ "$?" = 3 ] && [ "$_st" = 1 ] && _oddnames
        }
        # System V segments (not in /dev/shm, but in Shmem and in the cgroup's shmem).
        if [ -f "$R/proc/sysvipc/shm" ] && [ -r "$R/proc/sysvipc/shm" ]; then
            awk -v max="$_ms" '
                NR == 1 { $1 = $1; print "sysv.columns=" $0; next }
                NF >= 8 { n++; b += $4; if (n <= max) { $1 = $1; print "sysv.seg=" $0 } }
                END { tr = n > max ? 1 : 0; printf "sysv.segments_bytes=%.0f\nsysv.segments_truncated=%d\n", b, tr }' \
                "$R/proc/sysvipc/shm" 2>/dev/null
        fi
    fi
    # Quotas: a tmpfs mounted with usrquota (Linux 6.6+; systemd 258 turns it on for /dev/shm)
    # fails writes with EDQUOT at the user's limit while df still shows room. The mount options
    # (shm.options) carry the default limits; the user's own limit and use come from quota(1)
    # where it is installed (KiB: used, soft, hard; 0 is no limit).
    _qo=none
    case ,$shm_opts, in *,usrquota,* | *,usrquota_* | *,quota,*) _qo=user ;; esac
    kv shm.quota "$_qo"
    if [ "$_qo" = user ]; then
        _qu=
        if command -v quota >/dev/null 2>&1 && command -v awk >/dev/null 2>&1; then
            _qu=$(lim 2 quota -u -v -w -p -f "$R/dev/shm" 2>/dev/null | awk '
                NF >= 4 && $2 ~ /^[0-9]+\*?$/ && $3 ~ /^[0-9]+$/ && $4 ~ /^[0-9]+$/ {
                    sub(/\*$/, "", $2)
                    print $2, $3, $4
                    exit
                }')
        fi
        kv shm.quota_user_kb "$_qu"
    fi

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

    # Python's version decides multiprocessing's default start method, which DataLoader follows
    # (forkserver from 3.14 on Linux, fork before). From the file python3 links to (python3.N),
    # else asked of the interpreter in one short run.
    _pv=
    if _py=$(command -v python3 2>/dev/null); then
        _pr=$(readlink -f "$_py" 2>/dev/null)
        case ${_pr##*/} in python3.[0-9]*) _pv=${_pr##*/python} ;; esac
        case $_pv in
            3.[0-9] | 3.[0-9][0-9]) ;;
            *) _pv=$(lim 2 "$_py" -c 'import sys; print("%d.%d" % sys.version_info[:2])' \
                2>/dev/null </dev/null) ;;
        esac
        case $_pv in 3.[0-9] | 3.[0-9][0-9]) ;; *) _pv= ;; esac
    fi
    kv python.version "$_pv"

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
