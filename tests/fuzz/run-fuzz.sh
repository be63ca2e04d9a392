#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
#
# run-fuzz.sh [SECONDS]   (default 60)
#
# Builds the libFuzzer target for the probe-report parser with clang (ASan and UBSan on) in
# build-fuzz/ and runs it for SECONDS, starting from tests/fuzz/corpus. Exits non-zero when the
# fuzzer finds a crash; the crashing input is left in build-fuzz/.
set -eu
seconds=${1:-60}
case $seconds in '' | *[!0-9]*) echo "usage: $0 [SECONDS]" >&2; exit 2 ;; esac
src=$(cd "$(dirname "$0")/../.." && pwd)
build=${SHMWISE_FUZZ_BUILD:-$src/build-fuzz}
command -v clang++ >/dev/null 2>&1 || { echo "$0: SKIP: clang++ not found (Debian: clang)" >&2; exit 77; }
flags="-fsanitize=fuzzer-no-link,address,undefined -fno-omit-frame-pointer -g"
cmake -S "$src" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_CXX_FLAGS="$flags" \
    -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=address,undefined" \
    -DSHMWISE_FUZZ=ON -DSHMWISE_SYNTAX_HIGHLIGHTING=OFF >/dev/null
cmake --build "$build" --target fuzz_probe_report
work=$build/fuzz-corpus
mkdir -p "$work"
cd "$build"
# The seed corpus stays read-only in the source tree; new inputs go to the build's corpus.
exec ./bin/fuzz_probe_report -max_total_time="$seconds" -max_len=65536 -timeout=10 \
    -rss_limit_mb=2048 -print_final_stats=1 "$work" "$src/tests/fuzz/corpus"
