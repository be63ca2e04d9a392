#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
#
# run-fuzz.sh [SECONDS [TARGET...]]   (default 60 seconds; every target)
#
# Builds the libFuzzer targets with clang (ASan and UBSan on) in build-fuzz/ and runs each for
# SECONDS. Targets: probe_report, profile, diagnosis, inventory, limit, validate_fstab,
# validate_sysctl, validate_limits, validate_docker_run, validate_compose, validate_kubernetes,
# validate_python.
#
# Each starts from its seeds: tests/fuzz/corpus/TARGET/, the test data of its kind, and
# tests/fuzz/regressions/TARGET/, the inputs that once crashed it (run first, every time).
# Exits non-zero when the fuzzer finds a crash; the input is left in BUILD/crashes/TARGET/:
# fix the code, then add the file to tests/fuzz/regressions/TARGET/.
#
# SHMWISE_FUZZ_SECONDS, when set, overrides SECONDS; 0 builds and runs nothing and exits 77
# (skipped): the Debian 13 CI lane sets it, since the host lane already builds and fuzzes the
# same sources, and the sanitizer build would double that lane's time.
set -eu
seconds=${1:-60}
[ $# -gt 0 ] && shift
seconds=${SHMWISE_FUZZ_SECONDS:-$seconds}
case $seconds in '' | *[!0-9]*) echo "usage: $0 [SECONDS [TARGET...]] (SHMWISE_FUZZ_SECONDS: a number)" >&2; exit 2 ;; esac
if [ "$seconds" -eq 0 ]; then
    echo "$0: SKIP: SHMWISE_FUZZ_SECONDS=0 (no fuzzing here)" >&2
    exit 77
fi
all="probe_report profile measurement diagnosis inventory limit validate_fstab validate_sysctl validate_limits"
all="$all validate_docker_run validate_compose validate_kubernetes validate_python"
targets=${*:-$all}
src=$(cd "$(dirname "$0")/../.." && pwd)
build=${SHMWISE_FUZZ_BUILD:-$src/build-fuzz}
command -v clang++ >/dev/null 2>&1 || { echo "$0: SKIP: clang++ not found (Debian: clang)" >&2; exit 77; }
for t in $targets; do
    case " $all " in *" $t "*) ;; *) echo "$0: unknown target '$t'; known: $all" >&2; exit 2 ;; esac
done
# -O1, as libFuzzer's documentation suggests: most of the speed, far less compile time.
flags="-O1 -g -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer"
# ccache, where installed, makes a rebuild of unchanged sources (the next CI run) cheap.
launcher=
command -v ccache >/dev/null 2>&1 && launcher=-DCMAKE_CXX_COMPILER_LAUNCHER=ccache
# shellcheck disable=SC2086
cmake -S "$src" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=None $launcher \
    -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_CXX_FLAGS="$flags" \
    -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=address,undefined" \
    -DSHMWISE_FUZZ=ON -DSHMWISE_SYNTAX_HIGHLIGHTING=OFF >/dev/null
names=
for t in $targets; do names="$names fuzz_$t"; done
# shellcheck disable=SC2086
cmake --build "$build" --target $names

# The test data of each kind seeds its target (read-only, like the corpus in the tree).
seeds() {
    case $1 in
        probe_report) echo "$src/tests/data/probe" ;;
        profile) echo "$src/tests/data/golden" ;;
        diagnosis) echo "$src/tests/data/logs" ;;
        inventory) echo "$src/tests/data/inventory" ;;
        validate_docker_run) echo "$src/tests/data/broken/docker-run $src/tests/data/golden" ;;
        validate_*) echo "$src/tests/data/broken/${1#validate_} $src/tests/data/golden" ;;
    esac
}

status=0
for t in $targets; do
    work=$build/fuzz-corpus/$t
    crashes=$build/crashes/$t/
    mkdir -p "$work" "$crashes"
    dirs=
    for d in "$src/tests/fuzz/regressions/$t" "$src/tests/fuzz/corpus/$t" $(seeds "$t"); do
        [ -d "$d" ] && dirs="$dirs $d"
    done
    echo "== fuzz_$t for ${seconds}s"
    # New inputs go to the build's corpus (the first directory); the seeds stay untouched.
    # -timeout=30: an input the code takes long on by design (an inventory range of 100,000
    # hosts, the most it expands) runs under ASan beside the other tests at -j2; a real hang
    # still ends the run.
    # shellcheck disable=SC2086
    if ! "$build/bin/fuzz_$t" -max_total_time="$seconds" -max_len=65536 -timeout=30 \
        -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$crashes" \
        "$work" $dirs; then
        echo "$0: fuzz_$t failed; the input is in $crashes" >&2
        status=1
    fi
done
exit $status
