#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""gen-sysctl-keys-optional.py > sysctl_keys_optional.inc

Lists the sysctl keys that real distribution kernels have but the baseline list
(sysctl_keys.inc, a minimal kernel without modules) lacks, so validate can tell "exists only
on some kernels" (a warning) from "no kernel has it" (an error); the baseline's keys that a
distribution kernel lacks (newer keys: a warning); and the keys no one may write (mode 0444 on
every kernel read: an error). Offline, from the kernels' own binaries:

  apt-get download linux-image-6.1.0-50-amd64                   # Debian 12, 6.1.176-1
  apt-get -o Dir=<trixie apt root> download linux-image-6.12.117+deb13-amd64   # Debian 13
  apt-get -o Dir=<trixie apt root> download linux-source-6.12   # documentation, 6.12.117-1
  gen-sysctl-keys-optional.py --kernel 'Debian 12=linux-image-6.1.0-50-amd64_6.1.176-1_amd64.deb' \
      --kernel 'Debian 13=linux-image-6.12.117+deb13-amd64_6.12.117-1_amd64.deb' \
      --docs linux-source-6.12/Documentation > sysctl_keys_optional.inc

How a key is found. vmlinuz is a bzImage whose payload (xz or zstd) is the stripped vmlinux
ELF; modules (.ko, .ko.xz) are relocatable ELF. A sysctl table is an array of struct
ctl_table: procname (a pointer to the leaf name), data, maxlen, mode, [child on 6.1],
proc_handler, ... (64 bytes per entry on 6.1, 56 on 6.11+). In vmlinux an entry is recognised
by its shape (procname points to a name, mode is a permission, proc_handler points into
.text); in a module the table is a data symbol whose relocations point to names and
functions. The leaf's directory is not in the table: it is the path string passed to
register_sysctl*() next to the table's address in the code (mov/lea of both within 64
bytes; 6.1's ctl_path arrays and child entries are followed), and, where no such string is
found, the directory of the baseline or documented keys that share the most leaf names with
the table. The script prints on stderr how often the two ways agree where both answer; a
table neither places is left out (counted on stderr).
"""
import argparse
import lzma
import os
import re
import struct
import subprocess
import sys
import tempfile
from collections import Counter, defaultdict

NAME = re.compile(rb"[A-Za-z0-9_][A-Za-z0-9_-]{0,63}\Z")
PATH = re.compile(rb"(abi|crypto|debug|dev|fs|kernel|net|sunrpc|user|vm)(/[A-Za-z0-9_%-]+)*\Z")
MODES = {0o644, 0o444, 0o600, 0o200, 0o555, 0o400, 0o640, 0o222, 0o664, 0o666, 0o440, 0o604}
IFACE = re.compile(r"^(net\.ipv[46]\.(?:conf|neigh)|net\.mpls\.conf)\.[^.]+\.")


def log(*a):
    print(*a, file=sys.stderr)


def sections(b):
    shoff, = struct.unpack_from("<Q", b, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", b, 0x3A)
    secs = []
    for i in range(shnum):
        n, t, fl, a, o, sz, lk, inf, _al, es = struct.unpack_from("<IIQQQQIIQQ", b, shoff + i * shentsize)
        secs.append(dict(name=n, type=t, flags=fl, addr=a, off=o, size=sz, link=lk, info=inf, entsize=es))
    st = secs[shstrndx]
    for s in secs:
        p = st["off"] + s["name"]
        s["name"] = b[p:b.index(b"\0", p)].decode()
    return secs


def cstr(b, off, limit=128):
    e = b.find(b"\0", off, off + limit)
    return b[off:e] if e >= 0 else None


def normalise_dir(d):
    d = d.strip("/").replace("/", ".")
    return IFACE.sub(r"\1.*.", d + ".")[:-1]


def known_dirs(keys):
    """leaf -> set of directories, from full key names."""
    by_leaf = defaultdict(set)
    for k in keys:
        d, _, leaf = k.rpartition(".")
        by_leaf[leaf].add(d)
    return by_leaf


def overlap_dirs(leaves, by_leaf):
    """The directories a table of leaves belongs to, by the known keys: the one that holds most
    of its leaves, or both of IPv4's and IPv6's twins (the neighbour table is registered under
    each); [] when that is not clear."""
    votes = Counter()
    for leaf in leaves:
        for d in by_leaf.get(leaf, ()):
            votes[d] += 1
    if not votes:
        return []
    n = max(votes.values())
    best = sorted(d for d, c in votes.items() if c == n)
    if 2 * n <= len(leaves):
        return []
    if len(best) == 1 or len({d.replace("ipv6", "ipv4") for d in best}) == 1:
        return best
    return []


def compare(stats, what, label, cp, ods):
    """Counts whether the path beside the table in the code and the leaves' directory agree."""
    if cp and ods:
        same = normalise_dir(cp) in ods
        if not same:
            log("%s %s: code says %s, leaves say %s" % (label, what, cp, " or ".join(ods)))
        stats["%s %s: code path and leaf overlap %s" % (label, what, "agree" if same else "differ")] += 1


# --- vmlinux ----------------------------------------------------------------------------------

def vmlinux_from_vmlinuz(path):
    b = open(path, "rb").read()
    for magic, how in ((b"\xfd7zXZ\x00", "xz"), (b"\x28\xb5\x2f\xfd", "zstd"), (b"\x1f\x8b\x08\x00", "gz")):
        i = b.find(magic, 0x200)
        if i < 0:
            continue
        if how == "xz":
            return lzma.LZMADecompressor().decompress(b[i:])
        cmd = ["zstd", "-dcq"] if how == "zstd" else ["gzip", "-dcq"]
        # The stream is followed by the bzImage trailer: the tool complains, the data is whole.
        return subprocess.run(cmd, input=b[i:], capture_output=True).stdout
    raise SystemExit("no xz, zstd or gzip stream in " + path)


def vmlinux_tables(b):
    secs = sections(b)
    loaded = [s for s in secs if s["type"] == 1 and s["addr"] >= 0xFFFFFFFF80000000]
    text = [s for s in loaded if s["flags"] & 4]
    data = [s for s in loaded if not s["flags"] & 4 and not s["name"].startswith((".BTF", ".orc"))]

    def v2o(a):
        for s in loaded:
            if s["addr"] <= a < s["addr"] + s["size"]:
                return s["off"] + a - s["addr"]
        return None

    def intext(a):
        return any(s["addr"] <= a < s["addr"] + s["size"] for s in text)

    def name_at(a):
        o = v2o(a)
        n = cstr(b, o) if o is not None else None
        return n.decode() if n and NAME.match(n) else None

    # The entry size: 56 bytes when the word after the ipc table's "shmmax" entry is a name.
    stride = 64
    for m in re.finditer(rb"\0shmmax\0", b):
        s = next((s for s in loaded if s["off"] <= m.start() < s["off"] + s["size"]), None)
        if not s:
            continue
        ref = b.find(struct.pack("<Q", s["addr"] + m.start() + 1 - s["off"]))
        if ref > 0 and name_at(struct.unpack_from("<Q", b, ref + 56)[0]):
            stride = 56
    hoff = 32 if stride == 64 else 24
    entries, modes = {}, {}
    for s in data:
        o = s["off"] + (-s["off"]) % 8
        end = s["off"] + s["size"] - stride
        while o < end:
            p, = struct.unpack_from("<Q", b, o)
            if p >> 32 == 0xFFFFFFFF:
                maxlen, mode = struct.unpack_from("<iH", b, o + 16)
                h, = struct.unpack_from("<Q", b, o + hoff)
                child = struct.unpack_from("<Q", b, o + 24)[0] if stride == 64 else 0
                is_dir = stride == 64 and mode == 0o555 and h == 0 and child >> 32 == 0xFFFFFFFF
                if mode in MODES and 0 <= maxlen <= 1 << 20 and (intext(h) or is_dir):
                    nm = name_at(p)
                    if nm:
                        entries[s["addr"] + o - s["off"]] = (nm, child if is_dir else 0)
                        modes[s["addr"] + o - s["off"]] = mode
            o += 8
    # Code references: mov $imm32,%reg (sign-extended) and lea disp32(%rip),%reg.
    refs = defaultdict(list)
    for s in text:
        seg = b[s["off"]:s["off"] + s["size"]]
        for m in re.finditer(rb"[\x48\x49]\xc7[\xc0-\xc7]", seg):
            imm, = struct.unpack_from("<i", seg, m.end())
            refs[imm & 0xFFFFFFFFFFFFFFFF].append(s["addr"] + m.start())
        for m in re.finditer(rb"[\x48\x4c]\x8d[\x05\x0d\x15\x1d\x25\x2d\x35\x3d]", seg):
            disp, = struct.unpack_from("<i", seg, m.end())
            refs[(s["addr"] + m.start() + 7 + disp) & 0xFFFFFFFFFFFFFFFF].append(s["addr"] + m.start())
    near = defaultdict(list)  # code address -> referenced values, to find the path beside a table
    for val, sites in refs.items():
        for a in sites:
            near[a >> 6].append((a, val))

    def path_at(a):
        n = cstr(b, v2o(a)) if v2o(a) is not None else None
        if n and PATH.match(n):
            return n.decode()
        # 6.1's struct ctl_path[]: pointers to names, ending in NULL.
        o = v2o(a)
        if o is None or not PATH.match(cstr(b, v2o(struct.unpack_from("<Q", b, o)[0]) or 0) or b"-"):
            return None
        parts = []
        while True:
            p, = struct.unpack_from("<Q", b, o)
            if p == 0:
                return "/".join(parts)
            n = name_at(p)
            if not n:
                return None
            parts.append(n)
            o += 8

    def code_path(tab):
        found = set()
        for site in refs.get(tab, ()):
            for bucket in (site >> 6) - 1, site >> 6, (site >> 6) + 1:
                for a, val in near.get(bucket, ()):
                    if abs(a - site) <= 64 and val != tab:
                        p = path_at(val)
                        if p:
                            found.add(p)
        return found.pop() if len(found) == 1 else None

    # Runs of entries; 6.11+ tables have no end marker, so a run is cut where code points.
    tables, cur = [], None
    for a in sorted(entries):
        if cur and a == cur[-1] + stride and a not in refs:
            cur.append(a)
        else:
            cur = [a]
            tables.append(cur)
    return stride, [[(a,) + entries[a] for a in t] for t in tables], code_path, modes


# --- modules ----------------------------------------------------------------------------------

def module_tables(b, stride):
    secs = sections(b)
    symtab = next((s for s in secs if s["type"] == 2), None)
    if not symtab:
        return []
    strtab = secs[symtab["link"]]
    syms = []
    for i in range(symtab["size"] // 24):
        n, info, _other, shndx, val, size = struct.unpack_from("<IBBHQQ", b, symtab["off"] + i * 24)
        syms.append((cstr(b, strtab["off"] + n, 256) or b"", info, shndx, val, size))
    relocs = defaultdict(dict)  # section index -> {offset: (symbol, addend)}
    for s in secs:
        if s["type"] != 4:
            continue
        for i in range(s["size"] // 24):
            off, info, add = struct.unpack_from("<QQq", b, s["off"] + i * 24)
            kind = info & 0xFFFFFFFF
            if kind in (1, 2, 4, 11):  # R_X86_64_64, PC32, PLT32, 32S
                # The address meant: a PC-relative one is written 4 bytes before its target.
                relocs[s["info"]][off] = (info >> 32, add + 4 if kind in (2, 4) else add)

    def target_str(sym, add):
        _n, _info, shndx, val, _size = syms[sym]
        if not 0 < shndx < len(secs) or secs[shndx]["type"] != 1:
            return None
        o = secs[shndx]["off"] + val + add
        return cstr(b, o)

    hoff = 32 if stride == 64 else 24
    tables = []
    for n, info, shndx, val, size in syms:
        if info & 0xF != 1 or not 0 < shndx < len(secs) or size < stride:
            continue
        rel = relocs.get(shndx, {})
        leaves = []
        for e in range(val, val + size - stride + 1, stride):
            if e not in rel:
                continue
            nm = target_str(*rel[e])
            maxlen, mode = struct.unpack_from("<iH", b, secs[shndx]["off"] + e + 16)
            if not nm or not NAME.match(nm) or mode not in MODES or (e + hoff not in rel and e + 24 not in rel):
                break
            child = None
            if stride == 64 and mode == 0o555 and e + 24 in rel:  # 6.1: a directory entry
                csym, cadd = rel[e + 24]
                cn, cinfo, cshndx, cval, _cs = syms[csym]
                child = cn.decode() if cinfo & 0xF == 1 else next(
                    (x[0].decode() for x in syms if x[2] == cshndx and x[3] == cval + cadd and x[1] & 0xF == 1), None)
            leaves.append((nm.decode(), mode, child))
        if not leaves:
            continue
        # The path: a string relocation within 64 bytes of a code relocation to this table.
        paths = set()
        for tsec, rs in relocs.items():
            if not secs[tsec]["flags"] & 4:
                continue
            sites = [o for o, (sym, add) in rs.items()
                     if syms[sym][2] == shndx and syms[sym][3] + add == val]
            for site in sites:
                for o, (sym, add) in rs.items():
                    if abs(o - site) <= 64:
                        s2 = target_str(sym, add)
                        if s2 and PATH.match(s2):
                            paths.add(s2.decode())
        tables.append((n.decode(), leaves, paths.pop() if len(paths) == 1 else None))
    return tables


# --- documentation ----------------------------------------------------------------------------

def doc_keys(docdir):
    keys = set()
    if not docdir:
        return keys
    for f, d in (("admin-guide/sysctl/kernel.rst", "kernel"), ("admin-guide/sysctl/vm.rst", "vm")):
        text = open(os.path.join(docdir, f), encoding="utf-8").read()
        for m in re.finditer(r"^([a-z0-9_-]+(?:, [a-z0-9_-]+)*)\n[=~-]{3,}$", text, re.M):
            for leaf in m.group(1).split(", "):
                keys.add(d + "." + leaf)
    yama = os.path.join(docdir, "admin-guide/LSM/Yama.rst")
    if os.path.exists(yama) and "/proc/sys/kernel/yama/ptrace_scope" in open(yama).read():
        keys.add("kernel.yama.ptrace_scope")
    return keys


# --- what a key needs, where the binaries do not say it ---------------------------------------

# Built-in keys of an optional part of the kernel: the key's prefix and the option that builds
# it (from the sources that register them). Checked against each kernel's /boot/config-*.
OPTIONS = [
    ("kernel.sysrq", "CONFIG_MAGIC_SYSRQ"),
    ("kernel.yama.", "CONFIG_SECURITY_YAMA"),
    ("kernel.kexec_", "CONFIG_KEXEC_CORE"),
    ("kernel.modprobe", "CONFIG_MODULES"),
    ("kernel.modules_disabled", "CONFIG_MODULES"),
    ("kernel.sched_schedstats", "CONFIG_SCHEDSTATS"),
    ("kernel.stack_tracer_enabled", "CONFIG_STACK_TRACER"),
    ("kernel.ftrace_", "CONFIG_FUNCTION_TRACER"),
    ("kernel.tracepoint_printk", "CONFIG_TRACING"),
    ("kernel.traceoff_on_warning", "CONFIG_TRACING"),
    ("kernel.ftrace_dump_on_oops", "CONFIG_TRACING"),
    ("kernel.numa_balancing", "CONFIG_NUMA_BALANCING"),
    ("kernel.hung_task_", "CONFIG_DETECT_HUNG_TASK"),
    ("kernel.watchdog", "CONFIG_LOCKUP_DETECTOR"),
    ("kernel.nmi_watchdog", "CONFIG_HARDLOCKUP_DETECTOR"),
    ("kernel.soft_watchdog", "CONFIG_SOFTLOCKUP_DETECTOR"),
    ("kernel.softlockup_", "CONFIG_SOFTLOCKUP_DETECTOR"),
    ("kernel.keys.", "CONFIG_KEYS"),
    ("kernel.perf_", "CONFIG_PERF_EVENTS"),
    ("kernel.unprivileged_bpf_disabled", "CONFIG_BPF_SYSCALL"),
    ("kernel.bpf_stats_enabled", "CONFIG_BPF_SYSCALL"),
    ("net.core.bpf_jit", "CONFIG_BPF_JIT"),
    ("kernel.acct", "CONFIG_BSD_PROCESS_ACCT"),
    ("kernel.randomize_va_space", "CONFIG_MMU"),
    ("kernel.apparmor_", "CONFIG_SECURITY_APPARMOR"),
    ("vm.nr_hugepages", "CONFIG_HUGETLBFS"),
    ("vm.hugetlb_", "CONFIG_HUGETLBFS"),
    ("vm.nr_overcommit_hugepages", "CONFIG_HUGETLBFS"),
    ("vm.compact", "CONFIG_COMPACTION"),
    ("vm.extfrag_threshold", "CONFIG_COMPACTION"),
    ("vm.numa_", "CONFIG_NUMA"),
    ("vm.zone_reclaim_mode", "CONFIG_NUMA"),
    ("vm.min_unmapped_ratio", "CONFIG_NUMA"),
    ("vm.min_slab_ratio", "CONFIG_NUMA"),
    ("vm.memory_failure_", "CONFIG_MEMORY_FAILURE"),
    ("vm.mmap_rnd_compat_bits", "CONFIG_HAVE_ARCH_MMAP_RND_COMPAT_BITS"),
    ("fs.binfmt_misc.", "CONFIG_BINFMT_MISC"),
    ("fs.quota.", "CONFIG_QUOTA"),
    ("fs.verity.", "CONFIG_FS_VERITY"),
    ("fs.nfs.", "CONFIG_NFS_FS"),
    ("user.max_", "CONFIG_USER_NS"),
]

# Keys of other distributions' own kernel patches (no Debian binary has them). The value names
# the distribution for validate, which words the message (so it can be translated).
# Sources: Ubuntu's AppArmor user namespace restriction (from Ubuntu 23.10, "mantic"; its
# _complain and _force switches came with it into Ubuntu's kernels) and Red Hat Enterprise
# Linux 7's kernel (fs.may_detach_mounts, asked for by container runtimes).
OTHER_DISTRIBUTIONS = {
    "kernel.apparmor_restrict_unprivileged_userns": "distribution:ubuntu-apparmor-userns",
    "kernel.apparmor_restrict_unprivileged_unconfined": "distribution:ubuntu-apparmor-userns",
    "kernel.apparmor_restrict_unprivileged_userns_complain": "distribution:ubuntu-apparmor-userns",
    "kernel.apparmor_restrict_unprivileged_userns_force": "distribution:ubuntu-apparmor-userns",
    "fs.may_detach_mounts": "distribution:rhel-7",
}

# Keys mainline removed before the oldest supported kernel: the release and the commit that
# removed them. Only ones known for certain.
REMOVED = {
    "net.ipv4.tcp_tw_recycle": ("4.12", "4396e46187ca"),  # "tcp: remove tcp_tw_recycle"
}

# Keys only a distribution's own patch adds to its kernel binary (the binary shows the key, not
# where it comes from). Debian carries the user namespace patch from Ubuntu.
PATCHES = {
    "kernel.unprivileged_userns_clone": "patch:debian-ubuntu-userns",
}

IPC_WRITABLE_BY_ROOT = {"kernel.msg_next_id", "kernel.sem_next_id", "kernel.shm_next_id"}


def config_of(root):
    for dp, _dn, fn in os.walk(os.path.join(root, "boot")):
        for f in fn:
            if f.startswith("config-"):
                return dict(re.findall(r"^(CONFIG_\w+)=(\S+)$", open(os.path.join(dp, f)).read(), re.M))
    return {}


def kernel_keys(label, deb, by_leaf, stats):
    """{key: provider} for one kernel package (a .deb or an unpacked tree)."""
    tmp = None
    root = deb
    if deb.endswith(".deb"):
        tmp = tempfile.TemporaryDirectory()
        subprocess.run(["dpkg-deb", "-x", deb, tmp.name], check=True)
        root = tmp.name
    vmlinuz = next(os.path.join(dp, f) for dp, _dn, fn in os.walk(root) for f in fn
                   if f.startswith("vmlinuz-"))
    b = vmlinux_from_vmlinuz(vmlinuz)
    stride, tables, code_path, modes = vmlinux_tables(b)
    keys, writable, unplaced = {}, {}, set()
    by_addr = {t[0][0]: t for t in tables}
    placed = {}
    for t in tables:
        cp = code_path(t[0][0])
        ods = overlap_dirs([e[1] for e in t if not e[2]], by_leaf)
        compare(stats, "vmlinux", label, cp, ods)
        ds = [normalise_dir(cp)] if cp else ods
        if all(child and PATH.match(leaf.encode()) and "/" not in leaf for _a, leaf, child in t):
            ds = [""]  # 6.1's sysctl_base_table: the top-level directories
        if ds:
            placed[t[0][0]] = ds
    # 6.1: a directory entry's child table lies under it.
    changed = True
    while changed:
        changed = False
        for a, ds in list(placed.items()):
            for _a, leaf, child in by_addr[a]:
                if child in by_addr and child not in placed:
                    placed[child] = [normalise_dir(d + "." + leaf if d else leaf) for d in ds]
                    changed = True
    for t in tables:
        ds = placed.get(t[0][0], [])
        stats[label + " vmlinux tables " + ("placed" if ds else "left out")] += 1
        if not ds:
            unplaced.update(leaf for _a, leaf, _c in t)
        for d in ds:
            for a, leaf, child in t:
                if not child:
                    keys.setdefault(normalise_dir(d + "." + leaf), "")
                    writable.setdefault(normalise_dir(d + "." + leaf), bool(modes[a] & 0o222))
    nmod = 0
    for dp, _dn, fn in os.walk(root):
        for f in fn:
            if not (f.endswith(".ko") or f.endswith(".ko.xz")):
                continue
            mb = open(os.path.join(dp, f), "rb").read()
            if f.endswith(".xz"):
                mb = lzma.decompress(mb)
            if b"register_sysctl" not in mb and b"register_net_sysctl" not in mb:
                continue
            mod = f.split(".ko")[0].replace("-", "_")
            nmod += 1
            tabs = module_tables(mb, stride)
            mplaced = {}
            for sym, leaves, cp in tabs:
                if all(child and PATH.match(leaf.encode()) for leaf, _m, child in leaves):
                    mplaced[sym] = ""  # 6.1: a root table of directories
            changed = True
            while changed:
                changed = False
                for sym, leaves, _cp in tabs:
                    if sym in mplaced:
                        for leaf, _m, child in leaves:
                            if child and child not in mplaced:
                                d0 = mplaced[sym]
                                mplaced[child] = normalise_dir(d0 + "." + leaf if d0 else leaf)
                                changed = True
            for sym, leaves, cp in tabs:
                if all(child for _l, _m, child in leaves):
                    continue  # directories only: their children carry the keys
                ods = overlap_dirs([leaf for leaf, _m, child in leaves if not child], by_leaf)
                compare(stats, "modules", label, cp, ods)
                if cp:
                    ds = [normalise_dir(cp)]
                elif mplaced.get(sym):
                    ds = [mplaced[sym]]
                else:
                    ds = ods
                stats[label + " module tables " + ("placed" if ds else "left out")] += 1
                if not ds:
                    unplaced.update(leaf for leaf, _m, _c in leaves)
                for d in ds:
                    for leaf, mode, _child in leaves:
                        keys.setdefault(d + "." + leaf, "module " + mod)
                        writable.setdefault(d + "." + leaf, bool(mode & 0o222))
    stats[label + " modules with sysctl tables"] = nmod
    cfg = config_of(root)
    if tmp:
        tmp.cleanup()
    return keys, writable, unplaced, cfg


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--kernel", action="append", required=True, help="LABEL=linux-image .deb or tree")
    ap.add_argument("--baseline", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "sysctl_keys.inc"))
    ap.add_argument("--docs", help="a kernel source tree's Documentation directory")
    args = ap.parse_args()
    baseline = set(re.findall(r'^"([^"]+)",$', open(args.baseline).read(), re.M))
    docs = doc_keys(args.docs)
    by_leaf = known_dirs(baseline | docs)
    stats = Counter()
    labels = []
    found = defaultdict(dict)  # key -> {label: provider}
    readonly = defaultdict(set)  # key -> labels of the kernels where no one may write it
    unplaced = {}  # label -> leaf names of the tables no directory was found for
    configs = {}
    for spec in args.kernel:
        label, path = spec.split("=", 1)
        labels.append((label, os.path.basename(path)))
        keys, writable, unplaced[label], configs[label] = kernel_keys(label, path, by_leaf, stats)
        for k, prov in keys.items():
            found[k][label] = prov
            if not writable[k]:
                readonly[k].add(label)
    for k, v in sorted(stats.items()):
        log("%-70s %d" % (k, v))
    print("// Generated by gen-sysctl-keys-optional.py; do not edit. Kernels read:")
    for i, (label, name) in enumerate(labels):
        print("//   bit %d: %s, %s" % (i, label, name))
    if args.docs:
        print("// Documentation read (to place tables of leaf names only): %s"
              % os.path.basename(os.path.dirname(os.path.abspath(args.docs))))
    print("// SYSCTL_OPTIONAL(key, kernels that have it (bits above; 0: none of them), what provides it)")
    print("// SYSCTL_REMOVED(key, the Linux release that removed it, the commit)")
    print("// SYSCTL_NEWER(key, kernels above that have it): a key of the baseline list's kernel")
    print("// SYSCTL_READONLY(key): read-only (no write permission) on every kernel above that has it")
    names = [label for label, _n in labels]
    n = 0
    for k in sorted(found):
        if k in baseline or "%" in k:
            continue
        bits = sum(1 << i for i, label in enumerate(names) if label in found[k])
        provs = {p for p in found[k].values() if p}
        prov = sorted(provs)[0] if provs else ""
        if k in PATCHES:
            prov = PATCHES[k]
        if not prov:
            for prefix, opt in OPTIONS:
                if k.startswith(prefix):
                    prov = opt
                    break
        print('SYSCTL_OPTIONAL("%s", %d, "%s")' % (k, bits, prov))
        n += 1
    for k, where in sorted(OTHER_DISTRIBUTIONS.items()):
        if k not in found and k not in baseline:
            print('SYSCTL_OPTIONAL("%s", 0, "%s")' % (k, where))
    # Read-only on every Debian kernel that has it: sysctl -p fails with "permission denied".
    # Not the IPC namespace's *_next_id keys: mode 0444, but ipc_permissions() lets a holder of
    # CAP_CHECKPOINT_RESTORE (root) write them.
    nro = 0
    for k in sorted(readonly):
        if readonly[k] == set(found[k]) and "%" not in k and k not in IPC_WRITABLE_BY_ROOT:
            print('SYSCTL_READONLY("%s")' % k)
            nro += 1
    log("read-only keys: %d" % nro)
    # Keys of the baseline's newer kernel that a Debian kernel lacks: sysctl -p fails on them
    # there. Not leaves the kernel numbers at run time (net.netfilter.nf_log.0, ...), nor a
    # leaf that a table left out holds (the key may be there).
    nnew = 0
    for k in sorted(baseline):
        leaf = k.rpartition(".")[2]
        bits = sum(1 << i for i, label in enumerate(names)
                   if label in found.get(k, {}) or leaf in unplaced[label])
        if bits != (1 << len(names)) - 1 and not leaf.isdigit():
            print('SYSCTL_NEWER("%s", %d)' % (k, bits))
            nnew += 1
    log("keys of the baseline that a kernel read lacks: %d" % nnew)
    for k, (release, commit) in sorted(REMOVED.items()):
        print('SYSCTL_REMOVED("%s", "%s", "%s")' % (k, release, commit))
    for label, cfg in configs.items():
        miss = [o for _p, o in OPTIONS if cfg.get(o) not in ("y", "m")]
        log("%s: options of the OPTIONS table not set: %s" % (label, " ".join(sorted(set(miss))) or "none"))
    log("keys not on the baseline list: %d" % n)


if __name__ == "__main__":
    main()
