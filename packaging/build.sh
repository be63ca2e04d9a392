#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs what is missing, builds ShmWise, then starts it (run) or runs every test (test).
#   packaging/build.sh run  [-- ARGS...]   build and start shmwise
#   packaging/build.sh test                build and run the whole test suite
#   packaging/build.sh deps                install missing packages only
# Environment: SHMWISE_BUILD_DIR (default: build), SHMWISE_DEPS (package list file).
set -eu

here=$(cd "$(dirname "$0")" && pwd)
src=$(cd "$here/.." && pwd)
mode=${1:-}
[ $# -gt 0 ] && shift
build=${SHMWISE_BUILD_DIR:-$src/build}

die() { echo "build.sh: $*" >&2; exit 1; }

deps_file() {
    if [ -n "${SHMWISE_DEPS:-}" ]; then echo "$SHMWISE_DEPS"; return; fi
    codename=$( (. /etc/os-release && echo "${VERSION_CODENAME:-}") 2>/dev/null || true)
    case "$codename" in
        trixie|forky|sid) echo "$here/deps-debian13.txt" ;;
        *) echo "$here/deps-debian12.txt" ;;
    esac
}

install_deps() {
    command -v dpkg-query >/dev/null 2>&1 || { echo "build.sh: not a Debian system; install the packages in $(deps_file) by hand" >&2; return 0; }
    missing=""
    # Each line: a package, and optionally a command that already satisfies it (a tool
    # installed another way, such as Node.js from elsewhere, is not replaced).
    list=$(sed -e 's/#.*//' "$(deps_file)" | awk 'NF { print $1 " " ($2 == "" ? "-" : $2) }')
    while read -r p cmd; do
        [ -n "$p" ] || continue
        if [ "$cmd" != "-" ] && command -v "$cmd" >/dev/null 2>&1; then
            continue
        fi
        dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q '^install ok installed' || missing="$missing $p"
    done <<EOF_LIST
$list
EOF_LIST
    [ -z "$missing" ] && return 0
    echo "build.sh: installing:$missing" >&2
    sudo=""
    if [ "$(id -u)" -ne 0 ]; then
        command -v sudo >/dev/null 2>&1 || die "need root (or sudo) to install:$missing"
        sudo=sudo
    fi
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get update -q >/dev/null
    # shellcheck disable=SC2086
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $missing
}

configure_build() {
    # ccache, where installed, makes rebuilding unchanged sources cheap, also from another clone
    # of the tree (paths are hashed relative to the source folder).
    launcher=""
    if command -v ccache >/dev/null 2>&1; then
        launcher=-DCMAKE_CXX_COMPILER_LAUNCHER=ccache
        export CCACHE_BASEDIR="$src" CCACHE_NOHASHDIR=true
    fi
    # shellcheck disable=SC2086 # the extra arguments are words on purpose
    cmake -S "$src" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo $launcher ${SHMWISE_CMAKE_ARGS:-}
    cmake --build "$build" --parallel "$(nproc 2>/dev/null || echo 2)"
}

case "$mode" in
    deps) install_deps ;;
    run)
        install_deps
        configure_build
        [ "${1:-}" = "--" ] && shift
        exec "$build/bin/shmwise" "$@"
        ;;
    test)
        install_deps
        # The Kubernetes schema validator the tests check manifests with comes from npm.
        "$here/npm-tools.sh" >/dev/null || die "could not install the npm test tools (packaging/npm-tools.sh)"
        configure_build
        exec ctest --test-dir "$build" --output-on-failure -j "$(nproc 2>/dev/null || echo 2)" --timeout 900
        ;;
    *) echo "usage: $0 run [-- ARGS...] | test | deps" >&2; exit 2 ;;
esac
