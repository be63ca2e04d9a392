#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
#
# with-shm.sh SIZE CMD [ARGS...]
#
# Runs CMD with a fresh, private tmpfs of SIZE on /dev/shm, so that tests and
# calibration runs can fill (or overflow) /dev/shm without touching the host's.
# SIZE is a byte count or kernel tmpfs size syntax (64m, 2g, 512k, 10%).
#
# Exit status: that of CMD; 77 when the environment cannot provide a private
# /dev/shm (not root, no unshare/mount, namespaces forbidden), so that test
# harnesses (CTest SKIP_RETURN_CODE, automake) report a skip rather than a
# failure; 2 for a usage error.

me=with-shm.sh

skip() {
    echo "$me: SKIP: $*" >&2
    exit 77
}

usage() {
    echo "usage: $me SIZE CMD [ARGS...]   (SIZE: bytes or tmpfs syntax, e.g. 64m)" >&2
    exit 2
}

[ "$#" -ge 2 ] || usage
size=$1
shift

# Validate here rather than let mount reject it: a mount failure is reported
# as a skip, and a typo must not silently turn into a skipped test.
case $size in
    '' | *[!0-9kKmMgGtTpPeE%]* | [!0-9]* | *[kKmMgGtTpPeE%]?*)
        echo "$me: invalid size '$size' (want bytes or e.g. 64m, 2g, 10%)" >&2
        exit 2 ;;
esac
# size=0 means "no limit" to tmpfs, which is never what a caller asking for a
# small /dev/shm wants.
case $size in
    0 | 0[!0-9]* | 00*)
        echo "$me: size '$size' would mean an unlimited tmpfs; refusing" >&2
        exit 2 ;;
esac

[ "$(id -u 2>/dev/null)" = 0 ] || skip "needs root to mount a private tmpfs on /dev/shm"
command -v unshare >/dev/null 2>&1 || skip "unshare(1) not found (util-linux)"
command -v mount >/dev/null 2>&1 || skip "mount(8) not found"
[ -d /dev/shm ] || skip "/dev/shm does not exist here"

# Probe separately so that a refused unshare (seccomp, missing CAP_SYS_ADMIN)
# is a skip and not confused with CMD's own exit status.
unshare -m --propagation private true >/dev/null 2>&1 ||
    skip "cannot create a private mount namespace (unshare -m failed)"

# Private propagation keeps the new mount out of the host's namespace; exec
# keeps CMD's exit status and lets signals reach CMD directly. The inner
# script is single-quoted on purpose: it expands its own positional args.
# shellcheck disable=SC2016
exec unshare -m --propagation private -- sh -c '
    me=$1 size=$2
    shift 2
    if ! mount -t tmpfs -o "size=$size,mode=1777,nosuid,nodev" shmwise-shm /dev/shm; then
        echo "$me: SKIP: cannot mount a tmpfs of size $size on /dev/shm" >&2
        exit 77
    fi
    exec "$@"
' "$me" "$me" "$size" "$@"
