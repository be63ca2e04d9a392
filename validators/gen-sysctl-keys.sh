#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
#
# gen-sysctl-keys.sh > sysctl_keys.inc
#
# Lists the sysctl keys of the running kernel (the baseline; gen-sysctl-keys-optional.py
# lists the keys of the Debian kernels beyond it) (/proc/sys, and a fresh network namespace's view
# when unshare works) as C string literals, interface names replaced by '*', so validate can
# tell a misspelt key from a real one without reading the host it runs on. Run it on a recent
# kernel and keep the result under version control; keys that need a module (netfilter,
# bridge, ...) are reported as warnings, not errors, by the validator.
set -eu
export LC_ALL=C
list() {
    find /proc/sys -type f 2>/dev/null | sed 's|^/proc/sys/||; s|/|.|g'
}
{
    list
    unshare -n sh -c "$(declare -f list 2>/dev/null || true); find /proc/sys/net -type f 2>/dev/null | sed 's|^/proc/sys/||; s|/|.|g'" 2>/dev/null || true
} | sed -E 's/^(net\.ipv[46]\.(conf|neigh))\.[^.]+\./\1.*./' |
    sed -E 's/^(net\.mpls\.conf)\.[^.]+\./\1.*./' | sort -u |
    sed 's/.*/"&",/'
