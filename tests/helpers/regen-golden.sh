#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
#
# regen-golden.sh [BUILD_DIR]
#
# Rewrites tests/data/golden/<case>/*.expected (English comments) and
# tests/data/golden-zh_CN/<case>/*.expected (Chinese comments, for the cases that have a folder
# there) from the generators, after an intended change of their output. Review the result with
# `git diff tests/data` before committing it.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
build=${1:-$here/../../build}
for test in tst_generators tst_filetext; do
    bin=$build/bin/$test
    [ -x "$bin" ] || bin=$build/tests/$test
    [ -x "$bin" ] || {
        echo "regen-golden.sh: $build has no $test; build it first" >&2
        exit 2
    }
    SHMWISE_REGENERATE=1 LC_ALL=C.UTF-8 LANGUAGE= "$bin" golden
done
echo "regen-golden.sh: rewrote the golden files; review with: git diff tests/data" >&2
