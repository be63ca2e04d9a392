#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
#
# regen-golden.sh [BUILD_DIR]
#
# Rewrites tests/data/golden/<case>/*.expected from the generators, after an intended change
# of their output. Review the result with `git diff tests/data/golden` before committing it.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
build=${1:-$here/../../build}
bin=$build/bin/tst_generators
[ -x "$bin" ] || bin=$build/tests/tst_generators
[ -x "$bin" ] || {
    echo "regen-golden.sh: $build has no tst_generators; build it first" >&2
    exit 2
}
SHMWISE_REGENERATE=1 LC_ALL=C.UTF-8 LANGUAGE= "$bin" golden
echo "regen-golden.sh: rewrote the golden files; review with: git diff tests/data/golden" >&2
