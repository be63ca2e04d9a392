#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Builds ShmWise and runs its whole test suite inside a Debian 13 (trixie) root, on any Debian
# host with root rights. Debian 13 is where Qt 6.8 with KSyntaxHighlighting and PyTorch 2.6 come
# from the distribution, so this lane covers what a Debian 12 host cannot.
#
#   packaging/debian13-lane.sh
#
# The root is made with mmdebstrap from packaging/deps-debian13.txt and cached outside the
# source tree, under $SHMWISE_LANE_CACHE (default /var/cache/shmwise), keyed on the package
# list: adding a package to the list makes a new root on the next run, and older roots go.
# Every run sees the cached root through a fresh overlay, so builds and tests never change it,
# and all mounts live in a private mount namespace: nothing reaches the host's mount table,
# /dev/shm, fstab or sysctl, and the kernel drops the mounts even if this script is killed.
#
# Environment: SHMWISE_LANE_CACHE (cache folder), SHMWISE_DEBIAN_MIRROR (Debian mirror URL).
set -eu

# Bump when the way the root is made changes (hooks, options), so cached roots are remade.
recipe=r1
suite=trixie
mirror=${SHMWISE_DEBIAN_MIRROR:-http://deb.debian.org/debian}
cache=${SHMWISE_LANE_CACHE:-/var/cache/shmwise}
chroot_path=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin

self=$(cd "$(dirname "$0")" && pwd)/$(basename "$0")
here=$(dirname "$self")
src=$(cd "$here/.." && pwd)
deps=$here/deps-debian13.txt

say() { echo "debian13-lane: $*" >&2; }
die() { echo "debian13-lane: FAILED: $*" >&2; exit 1; }

# The package list exactly as packaging/build.sh reads it (whole-line '#' comments, any
# whitespace between names), plus trailing comments, sorted and unique so that the cache key
# changes only when the set of packages does.
packages() {
    sed -e 's/#.*//' "$deps" | awk 'NF { print $1 }' | LC_ALL=C sort -u
}

# rm -rf, but never through a mount: a bind of the source tree or /dev under a folder being
# removed would otherwise be emptied. Our own mounts live in other namespaces, so one seen here
# means something is wrong; refuse instead of guessing.
safe_rm() {
    d=$1
    [ -e "$d" ] || return 0
    if awk -v d="$d" '$5 == d || index($5, d "/") == 1 { found = 1 } END { exit !found }' \
        /proc/self/mountinfo; then
        die "refusing to remove $d: something is mounted under it"
    fi
    rm -rf --one-file-system "$d"
}

# ---------------------------------------------------------------------------------------------
# Second stage: runs as "debian13-lane.sh --inside ROOT RUNDIR SRC NPM CCACHE" in the private mount
# namespace made by the first stage, mounts what the root needs and runs the tests in it.
if [ "${1:-}" = "--inside" ]; then
    root=$2 run=$3 src=$4 npm_tools=$5 ccache_dir=$6
    m=$run/merged
    # These mounts must never land in the host's mount table: unshare execs this stage, so its
    # parent is the first stage, which stays in the host's mount namespace.
    own=$(readlink /proc/self/ns/mnt || true)
    parent=$(readlink "/proc/$PPID/ns/mnt" || true)
    if [ -z "$own" ] || [ -z "$parent" ] || [ "$own" = "$parent" ]; then
        die "--inside is only for the private mount namespace the lane makes"
    fi

    # The overlay keeps the cached root pristine (a run's build and test files land in
    # $run/upper) and is itself a mount point, which `unshare -m` inside the chroot needs (it
    # fails with "cannot change root filesystem propagation" otherwise). Without overlayfs, a
    # bind of the root onto the mount point serves the second purpose and the root is used
    # writable; the build folder is separate either way.
    if ! mount -t overlay overlay -o "lowerdir=$root,upperdir=$run/upper,workdir=$run/work" "$m" 2>/dev/null; then
        say "overlayfs not available; using the cached root writable through a bind mount"
        mount --bind "$root" "$m"
    fi
    mkdir -p "$m/proc" "$m/dev" "$m/sys" "$m/tmp" "$m/src" "$m/build-debian13"
    mount --bind /proc "$m/proc"
    mount --rbind /dev "$m/dev"
    # A /dev/shm of its own: tests size and fill it, and the host's must stay untouched.
    mount -t tmpfs -o mode=1777,nosuid,nodev shm "$m/dev/shm"
    mount --rbind /sys "$m/sys"
    mount -t tmpfs -o mode=1777,nosuid,nodev tmp "$m/tmp"
    # Read-only, so a build step that writes into the source tree fails here instead of
    # silently working; the build goes to its own folder, never to the host's build/.
    mount --bind "$src" "$m/src"
    mount -o remount,bind,ro "$m/src"
    mount --bind "$run/build" "$m/build-debian13"
    # The npm test tools, installed on the host (whose certificate store reaches the registry)
    # and read-only here, where packaging/npm-tools.sh finds them in place.
    mkdir -p "$m/var/cache/shmwise/npm"
    mount --bind "$npm_tools" "$m/var/cache/shmwise/npm"
    mount -o remount,bind,ro "$m/var/cache/shmwise/npm"
    # The compiler cache outlives the run (writable), so the next run rebuilds only what changed.
    mkdir -p "$m/var/cache/shmwise/ccache"
    mount --bind "$ccache_dir" "$m/var/cache/shmwise/ccache"

    # A clean environment, as on a fresh Debian 13 machine; CI is passed on so tests behave as
    # they do in the host lane. The fuzz targets are skipped here: the host lane builds and
    # runs them on the same sources.
    exec chroot "$m" env -i PATH="$chroot_path" HOME=/root LANG=C.UTF-8 ${CI:+"CI=$CI"} \
        CCACHE_DIR=/var/cache/shmwise/ccache SHMWISE_FUZZ_SECONDS=0 \
        sh -c 'cd /src && SHMWISE_BUILD_DIR=/build-debian13 packaging/build.sh test &&
               packaging/deb-check.sh build /build-debian13'
fi

# ---------------------------------------------------------------------------------------------
# First stage: make or reuse the root, then run the second stage in a private mount namespace.
echo "======================================================================"
echo "== Debian 13 (trixie) lane: build and test in a Debian 13 root"
echo "======================================================================"

[ "$(id -u)" -eq 0 ] || die "must run as root (mmdebstrap, mounts and chroot need it)"
[ -r "$deps" ] || die "missing $deps"
for tool in unshare chroot flock mount awk sha256sum; do
    command -v "$tool" >/dev/null 2>&1 || die "missing $tool"
done
if ! command -v mmdebstrap >/dev/null 2>&1; then
    say "installing mmdebstrap"
    DEBIAN_FRONTEND=noninteractive apt-get update -q >/dev/null ||
        die "apt-get update failed"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
        mmdebstrap debian-archive-keyring </dev/null || die "could not install mmdebstrap"
fi

list=$(packages)
[ -n "$list" ] || die "no packages in $deps"
key=$(printf '%s\n' "$list" | sha256sum | cut -c1-16)
name=debian13-$recipe-$key
root=$cache/$name

mkdir -p "$cache"
# One lane at a time per cache: two runs must not build the same root or remove a root the
# other one is using. The test run does not inherit the lock (9>&- below), so a process left
# behind by a test cannot block later runs.
exec 9>"$cache/lock"
if ! flock -n 9; then
    say "waiting for another lane run to finish"
    flock 9
fi

# Leftovers of runs that were killed: half-built roots and per-run folders. Only this lane's
# names: the cache folder holds other tools' files too.
for d in "$cache"/tmp-debian13.* "$cache"/run-debian13.*; do
    [ -e "$d" ] || continue
    say "removing leftover $d"
    safe_rm "$d"
done

if [ -d "$root" ]; then
    say "reusing root $root"
else
    say "building root $root"
    say "packages: $(printf '%s\n' "$list" | paste -sd' ')"
    t0=$(date +%s)
    # Built under a temporary name and renamed only when complete, so a half-built root is
    # never taken for a finished one. mmdebstrap runs in its own mount namespace so mounts it
    # makes cannot outlive it on the host if it is killed, and it keeps the lock so that a run
    # started while an orphaned mmdebstrap still writes waits before removing its folder.
    tmp=$(mktemp -d "$cache/tmp-debian13.$name.XXXXXX")
    # Tests need "localhost" without DNS: netbase usually brings /etc/hosts, and the hook
    # writes one when nothing did. /src and /build-debian13 are the second stage's mount points.
    # shellcheck disable=SC2016 # the hooks' $1 is the root, expanded by mmdebstrap's shell
    if ! unshare -m --propagation private -- mmdebstrap --variant=apt \
        --include="$(printf '%s\n' "$list" | paste -sd,)" \
        --customize-hook='[ -e "$1/etc/hosts" ] || printf "127.0.0.1\tlocalhost\n::1\tlocalhost ip6-localhost ip6-loopback\n" > "$1/etc/hosts"' \
        --customize-hook='mkdir -p "$1/src" "$1/build-debian13"' \
        "$suite" "$tmp" "$mirror" </dev/null; then
        safe_rm "$tmp"
        die "mmdebstrap could not build the Debian 13 root (mirror $mirror)"
    fi
    printf '%s\n' "$list" >"$tmp/etc/shmwise-lane-packages"
    mv -T "$tmp" "$root"
    say "root built in $(($(date +%s) - t0)) s, size $(du -sh --one-file-system "$root" | cut -f1)"
fi

# Older roots (other package lists or recipes) are dead weight.
for d in "$cache"/debian13-*; do
    [ -e "$d" ] || continue
    [ "$d" = "$root" ] && continue
    say "removing old root $d"
    safe_rm "$d"
done

run=$(mktemp -d "$cache/run-debian13.XXXXXX")
trap 'safe_rm "$run"' EXIT
# Turn signals into a normal exit so the EXIT trap removes the run folder.
trap 'exit 130' INT
trap 'exit 143' TERM
mkdir "$run/upper" "$run/work" "$run/merged" "$run/build"

# npm inside the root would not trust the certificates this host's registry access needs; the
# tools are plain JavaScript, so the host installs them once and the root reads them.
npm_tools=$cache/npm
if ! command -v npm >/dev/null 2>&1; then
    say "installing npm"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends npm </dev/null ||
        die "could not install npm"
fi
"$here/npm-tools.sh" "$npm_tools" >/dev/null || die "could not install the npm test tools"

say "running packaging/build.sh test, then packaging/deb-check.sh build, in the Debian 13 root"
t0=$(date +%s)
status=0
ccache_dir=$cache/ccache-debian13
mkdir -p "$ccache_dir"
unshare -m --propagation private -- bash "$self" --inside "$root" "$run" "$src" "$npm_tools" \
    "$ccache_dir" </dev/null 9>&- ||
    status=$?
secs=$(($(date +%s) - t0))

# ---- Package check: the DEB built above (with lintian) goes into a fresh Debian 13 root. ----
if [ "$status" -eq 0 ]; then
    say "installing the Debian 13 build's DEB into a fresh Debian 13 root"
    "$here/deb-check.sh" install "$suite" "$run/build" </dev/null 9>&- || status=$?
    secs=$(($(date +%s) - t0))
fi

if [ "$status" -eq 0 ]; then
    echo "== Debian 13 lane: PASS (${secs} s)"
else
    echo "== Debian 13 lane: FAIL (exit $status, ${secs} s)"
fi
exit "$status"
