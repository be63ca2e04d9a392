#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
#
# npm-tools.sh [DIR]
#
# Installs the npm packages the real-tool tests use to check generated Kubernetes manifests
# against the Kubernetes OpenAPI schemas: kubernetes-models ships the schemas compiled into
# validators, so checking needs no network and no cluster; js-yaml reads the manifests; ajv
# (which kubernetes-models brings) checks custom resources against their pinned CRDs;
# @actions/workflow-parser is GitHub's own parser of Actions workflows.
# They go into DIR (default /var/cache/shmwise/npm), outside the source tree, so a build never
# picks them up. tests/tst_realtools finds them there or through SHMWISE_NPM_TOOLS.
set -eu

dir=${1:-${SHMWISE_NPM_TOOLS:-/var/cache/shmwise/npm}}

# Already there at the pinned versions: nothing to fetch (a read-only copy works too).
installed() {
    grep -q "\"version\": \"$2\"" "$dir/node_modules/$1/package.json" 2>/dev/null
}
if installed kubernetes-models 5.1.0 && installed js-yaml 4.1.0 &&
    installed @actions/workflow-parser 0.3.61; then
    echo "npm-tools.sh: already installed in $dir"
    exit 0
fi
command -v npm >/dev/null 2>&1 || {
    echo "npm-tools.sh: npm not found (Debian: apt-get install npm)" >&2
    exit 1
}
mkdir -p "$dir"
cd "$dir"
[ -f package.json ] || echo '{"name": "shmwise-test-tools", "private": true}' >package.json
# Versions are pinned so a schema change upstream does not change test results silently.
npm install --no-audit --no-fund --loglevel=error \
    kubernetes-models@5.1.0 js-yaml@4.1.0 @actions/workflow-parser@0.3.61
echo "npm-tools.sh: installed into $dir"
