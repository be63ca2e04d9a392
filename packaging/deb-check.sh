#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Checks the Debian package the way a user meets it.
#
#   packaging/deb-check.sh build BUILD_DIR
#       CPack's DEB (and its -dbgsym debug package) from a finished build, then lintian on it;
#       fails on any lintian error or warning that packaging/lintian-overrides does not explain.
#   packaging/deb-check.sh install SUITE BUILD_DIR        (root; SUITE: bookworm or trixie)
#       installs that DEB with apt into a fresh minimal Debian root of SUITE and runs what a
#       user would: shmwise --version, plan on an installed example, man shmwise and the bash
#       completion, loaded the way bash-completion loads it.
#
# The root is made with mmdebstrap and cached under $SHMWISE_LANE_CACHE (default
# /var/cache/shmwise), keyed on the suite and the package's Depends: it holds only Debian's
# packages, and every run installs the DEB into a throwaway overlay of it, in a private mount
# namespace, so the cached root stays fresh and nothing reaches the host's mounts.
# Environment: SHMWISE_LANE_CACHE, SHMWISE_DEBIAN_MIRROR.
set -eu

recipe=r1
mirror=${SHMWISE_DEBIAN_MIRROR:-http://deb.debian.org/debian}
cache=${SHMWISE_LANE_CACHE:-/var/cache/shmwise}
chroot_path=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
self=$(cd "$(dirname "$0")" && pwd)/$(basename "$0")

say() { echo "deb-check: $*" >&2; }
die() { echo "deb-check: FAILED: $*" >&2; exit 1; }

# The binary package (not the -dbgsym one) CPack left in BUILD_DIR.
the_deb() {
    local d
    for d in "$1"/shmwise_*.deb; do
        [ -f "$d" ] && { echo "$d"; return 0; }
    done
    return 1
}

# ---------------------------------------------------------------------------------------------
# Runs inside the fresh root (chroot), as root, after apt installed the package.
if [ "${1:-}" = "--smoke" ]; then
    set -x
    shmwise --version
    shmwise plan --profile /usr/share/doc/shmwise/examples/docker-images.yaml >/tmp/plan.txt
    grep -q 'Required /dev/shm' /tmp/plan.txt
    MANPAGER=cat MANWIDTH=80 man shmwise >/tmp/man.txt
    grep -q 'EXIT STATUS' /tmp/man.txt
    grep -q -- '--ssh-config' /tmp/man.txt
    # bash-completion loads the file on first use from its standard folder.
    bash --norc -c '
        . /usr/share/bash-completion/bash_completion
        __load_completion shmwise || exit 1
        COMP_WORDS=(shmwise validate --kind d); COMP_CWORD=3; _shmwise
        [ "${COMPREPLY[*]}" = docker-run ]'
    [ -f /usr/share/zsh/vendor-completions/_shmwise ]
    ls /usr/share/doc/shmwise/examples/*.yaml >/dev/null
    exit 0
fi

# Second stage of install: in a private mount namespace, an overlay of the cached root.
if [ "${1:-}" = "--inside" ]; then
    root=$2 run=$3 deb=$4
    m=$run/merged
    mount -t overlay overlay -o "lowerdir=$root,upperdir=$run/upper,workdir=$run/work" "$m" ||
        die "overlayfs is needed"
    mount --bind /proc "$m/proc"
    mount --rbind /dev "$m/dev"
    mount -t tmpfs -o mode=1777,nosuid,nodev tmp "$m/tmp"
    cp "$deb" "$m/tmp/"
    cp "$self" "$m/tmp/deb-check.sh"
    chroot "$m" env -i PATH="$chroot_path" HOME=/root LANG=C.UTF-8 DEBIAN_FRONTEND=noninteractive \
        apt-get install -y -q --no-install-recommends "/tmp/$(basename "$deb")" ||
        die "apt could not install $(basename "$deb")"
    exec chroot "$m" env -i PATH="$chroot_path" HOME=/root LANG=C.UTF-8 \
        bash /tmp/deb-check.sh --smoke
fi

mode=${1:-}
case "$mode" in
build)
    build=${2:?usage: $0 build BUILD_DIR}
    [ -f "$build/CPackConfig.cmake" ] || die "$build is not a configured build folder"
    t0=$(date +%s)
    rm -f "$build"/shmwise_*.deb "$build"/shmwise-dbgsym_*.ddeb
    (cd "$build" && cpack -G DEB) >"$build/cpack-deb.log" 2>&1 ||
        { cat "$build/cpack-deb.log" >&2; die "cpack -G DEB failed"; }
    deb=$(the_deb "$build") || die "cpack made no .deb in $build"
    ls "$build"/shmwise-dbgsym_*.ddeb >/dev/null 2>&1 || die "cpack made no debug package"
    say "built $(basename "$deb") and $(basename "$build"/shmwise-dbgsym_*.ddeb)"
    dpkg-deb -f "$deb" Package Version Section Maintainer Depends Homepage >&2
    command -v lintian >/dev/null 2>&1 || die "lintian is not installed"
    # Errors and warnings fail; info and pedantic tags are shown for the record.
    lintian --fail-on error,warning --display-info --pedantic --tag-display-limit 0 "$deb" ||
        die "lintian found problems in $(basename "$deb") (fix them, or explain them in packaging/lintian-overrides)"
    say "DEB built and lintian-clean in $(($(date +%s) - t0)) s"
    ;;
install)
    suite=${2:?usage: $0 install SUITE BUILD_DIR}
    build=${3:?usage: $0 install SUITE BUILD_DIR}
    [ "$(id -u)" -eq 0 ] || die "install must run as root (mmdebstrap, mounts and chroot)"
    deb=$(the_deb "$build") || die "no .deb in $build (run: $0 build $build)"
    t0=$(date +%s)
    if ! command -v mmdebstrap >/dev/null 2>&1; then
        say "installing mmdebstrap"
        DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
            mmdebstrap debian-archive-keyring </dev/null >&2 || die "could not install mmdebstrap"
    fi
    # What apt will need from the archive: the package's Depends (first alternatives, without
    # versions; apt checks the versions when it installs the DEB), plus man-db and
    # bash-completion, which a user who reads the page and tabs has.
    depends=$(dpkg-deb -f "$deb" Depends | tr ',' '\n' | sed -e 's/|.*//' -e 's/(.*//' |
        awk 'NF { print $1 }' | LC_ALL=C sort -u)
    list=$(printf '%s\n' "$depends" man-db bash-completion | LC_ALL=C sort -u)
    key=$(printf '%s\n' "$suite" "$list" | sha256sum | cut -c1-16)
    root=$cache/pkgroot-$suite-$recipe-$key
    mkdir -p "$cache"
    exec 9>"$cache/pkgroot.lock"
    flock 9
    for d in "$cache"/tmp-pkgroot.* "$cache"/run-pkgroot.*; do
        [ -e "$d" ] && rm -rf --one-file-system "$d"
    done
    if [ -d "$root" ]; then
        say "reusing root $root"
    else
        say "building a minimal $suite root with: $(printf '%s\n' "$list" | paste -sd' ')"
        tmp=$(mktemp -d "$cache/tmp-pkgroot.XXXXXX")
        unshare -m --propagation private -- mmdebstrap --variant=apt --quiet \
            --include="$(printf '%s\n' "$list" | paste -sd,)" \
            "$suite" "$tmp" "$mirror" </dev/null >&2 ||
            { rm -rf --one-file-system "$tmp"; die "mmdebstrap could not build the $suite root"; }
        mv -T "$tmp" "$root"
        # Roots for other Depends lists of this suite are dead weight.
        for d in "$cache"/pkgroot-"$suite"-*; do
            [ "$d" = "$root" ] || rm -rf --one-file-system "$d"
        done
    fi
    run=$(mktemp -d "$cache/run-pkgroot.XXXXXX")
    trap 'rm -rf --one-file-system "$run"' EXIT
    mkdir "$run/upper" "$run/work" "$run/merged"
    status=0
    unshare -m --propagation private -- bash "$self" --inside "$root" "$run" "$deb" </dev/null 9>&- ||
        status=$?
    [ "$status" -eq 0 ] || die "the installed package failed its checks in the $suite root"
    say "installed with apt and checked in a fresh $suite root in $(($(date +%s) - t0)) s"
    ;;
*)
    echo "usage: $0 build BUILD_DIR | install SUITE BUILD_DIR" >&2
    exit 2
    ;;
esac
