# SPDX-License-Identifier: GPL-3.0-or-later
"""Asks the real tools whether they accept a config file.

Each judge returns (tool, verdict, detail) with verdict "accept" or "refuse", or None when the
tool is not available on this machine. Nothing here touches the machine's real /dev/shm,
fstab, sysctl values or limits: mounts happen in private mount namespaces, sysctl writes only
keys of a private IPC/network namespace, pam_limits runs in a private mount namespace with its
own PAM service and user, the Docker CLI talks to a stand-in daemon socket that answers its
version handshake and puts each create request to a dockerd of the oracle's own in private
namespaces (dockerd.py) when docker.io is installed, refusing it otherwise.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

import dockerd

HERE = os.path.dirname(os.path.abspath(__file__))


def _run(argv, timeout=30, **kw):
    try:
        p = subprocess.run(argv, capture_output=True, text=True, timeout=timeout, **kw)
        return p.returncode, p.stdout + p.stderr
    except subprocess.TimeoutExpired:
        return 124, "timed out"


def _can_unshare():
    if os.geteuid() != 0 or not shutil.which("unshare"):
        return False
    rc, _ = _run(["unshare", "-m", "-i", "-n", "true"])
    return rc == 0


_UNSHARE = None


def can_unshare():
    global _UNSHARE
    if _UNSHARE is None:
        _UNSHARE = _can_unshare()
    return _UNSHARE


def version(argv, pattern=r"(\d+\.\d+(?:\.\d+)?)"):
    rc, out = _run(argv)
    m = re.search(pattern, out)
    return m.group(1) if rc == 0 and m else None


# --- fstab: libmount's parser (findmnt) and the kernel's tmpfs option parser (mount) ---------

def judge_fstab(path):
    if not can_unshare() or not shutil.which("findmnt"):
        return None
    tool = "libmount+kernel-" + os.uname().release.split("-")[0]
    rc, out = _run(["findmnt", "--tab-file", path, "-n", "-r", "-o", "FSTYPE,OPTIONS"])
    if "parse error" in out:
        return tool, "refuse", out.strip().splitlines()[-1]
    for line in out.splitlines():
        # findmnt -r escapes blanks as \x20; an empty option list prints as nothing.
        parts = line.split(" ")
        if parts[0] != "tmpfs":
            continue
        opts = parts[1] if len(parts) > 1 and parts[1] else "defaults"
        opts = opts.encode().decode("unicode_escape")
        script = 'd=$(mktemp -d) && mount -t tmpfs -o "$1" tmpfs "$d"; r=$?; umount "$d" 2>/dev/null; rmdir "$d"; exit $r'
        mrc, mout = _run(["unshare", "-m", "--propagation", "private", "sh", "-c", script, "sh", opts])
        if mrc != 0:
            return tool, "refuse", "mount -o %s: %s" % (opts, mout.strip().splitlines()[0] if mout.strip() else mrc)
    return tool, "accept", ""


# --- sysctl: procps `sysctl -p` in private IPC and network namespaces ------------------------

# Keys the IPC namespace owns; everything under net.* belongs to the network namespace.
IPC_KEYS = {"kernel.shmmax", "kernel.shmall", "kernel.shmmni", "kernel.shm_rmid_forced",
            "kernel.msgmax", "kernel.msgmni", "kernel.msgmnb", "kernel.sem",
            "kernel.shm_next_id", "kernel.msg_next_id", "kernel.sem_next_id"}


def _sysctl_key(line):
    s = line.strip()
    if not s or s[0] in "#;":
        return None
    if s.startswith("-"):
        s = s[1:]
    if "=" not in s:
        return None
    k = s.split("=", 1)[0].strip()
    # sysctl's own rule: a key with a '/' before any '.' uses '/' as the separator.
    if "/" in k and ("." not in k or k.index("/") < k.index(".")):
        k = k.replace(".", "\0").replace("/", ".").replace("\0", "/")
    return k


_IFACE = re.compile(r"^(net\.ipv[46]\.(?:conf|neigh)|net\.mpls\.conf)\.[^.]+\.")
_DEBIAN_KEYS = None


def debian_kernel_keys():
    """Keys that this kernel lacks but a Debian kernel has, as validators/gen-sysctl-keys-optional.py
    read them from the Debian 12 and 13 kernel binaries (linux-image packages): {key: [label]},
    and a short id of that list (part of the tool id, so verdicts follow a new list)."""
    global _DEBIAN_KEYS
    if _DEBIAN_KEYS is None:
        inc = os.path.join(HERE, "..", "..", "validators", "sysctl_keys_optional.inc")
        keys, labels = {}, {}
        try:
            text = open(inc, encoding="utf-8").read()
        except OSError:
            text = ""
        for m in re.finditer(r"^//   bit (\d+): ([^,]+), (.+)$", text, re.M):
            labels[int(m.group(1))] = m.group(2)
        for m in re.finditer(r'^SYSCTL_OPTIONAL\("([^"]+)", (\d+), ', text, re.M):
            bits = int(m.group(2))
            if bits:  # 0: a key only documented for other distributions, not read from a binary
                keys[m.group(1)] = [labels.get(b, "bit %d" % b) for b in labels if bits >> b & 1]
        import hashlib
        digest = hashlib.sha1("\n".join(sorted(keys)).encode()).hexdigest()[:8]
        _DEBIAN_KEYS = keys, ("debian-kernel-keys-" + digest if keys else None)
    return _DEBIAN_KEYS


def sysctl_tool():
    tool = "procps-sysctl-" + (version(["sysctl", "--version"]) or "?")
    extra = debian_kernel_keys()[1]
    return tool + "+" + extra if extra else tool


def judge_sysctl(path):
    if not can_unshare() or not shutil.which("sysctl"):
        return None
    tool = sysctl_tool()
    text = open(path, encoding="utf-8", errors="replace").read()
    keys = [k for k in (_sysctl_key(line) for line in text.splitlines()) if k]
    # Which net.* keys a network namespace has its own writable copy of (others are host-wide).
    net = [k for k in keys if k.startswith("net.")]
    in_netns = set()
    if net:
        probe = ("import glob,json,os,sys; print(json.dumps([k for k in sys.argv[1:] if "
                 "(glob.glob('/proc/sys/' + k.replace('.', '/')) or ['-'])[0] != '-' and all("
                 "os.access(p, os.W_OK) for p in glob.glob('/proc/sys/' + k.replace('.', '/')))]))")
        rc, out = _run(["unshare", "-n", sys.executable, "-c", probe] + net)
        if rc == 0:
            in_netns = set(json.loads(out.strip().splitlines()[-1]))
    debian = debian_kernel_keys()[0]
    kept = []
    for line in text.splitlines():
        k = _sysctl_key(line)
        namespaced = k is not None and (k in IPC_KEYS or k.startswith("fs.mqueue.")
                                         or k in in_netns)
        if k is not None and not namespaced:
            # Never written: a key outside the private namespaces is judged by its existence.
            p = "/proc/sys/" + k.replace(".", "/")
            if not os.path.exists(p):
                # A key this kernel lacks is accepted when a Debian kernel has it (sysctl -p
                # there finds it): the file is refused by one supported kernel, not by all.
                if _IFACE.sub(r"\1.*.", k) in debian:
                    kept.append("# (key of the %s kernel, not this one) %s"
                                % (" and ".join(debian[_IFACE.sub(r"\1.*.", k)]), line))
                    continue
                return tool, "refuse", "cannot stat " + p
            if not os.access(p, os.W_OK):
                return tool, "refuse", "permission denied on key '%s' (read-only)" % k
            kept.append("# (host-wide key, not written) " + line)
        else:
            kept.append(line)
    with tempfile.NamedTemporaryFile("w", suffix=".conf", delete=False) as f:
        f.write("\n".join(kept) + "\n")
        tmp = f.name
    try:
        rc, out = _run(["unshare", "-i", "-n", "-m", "sysctl", "-q", "-p", tmp])
    finally:
        os.unlink(tmp)
    if rc != 0:
        return tool, "refuse", out.strip()
    # A line that is no assignment: sysctl -p says so and goes on with exit status 0, and
    # systemd-sysctl, which applies sysctl.d at boot, ignores it ("Line is not an assignment"):
    # what it was meant to set is never set.
    bad = [l for l in out.splitlines() if "invalid syntax" in l]
    if bad:
        return tool, "refuse", bad[0].strip()
    return tool, "accept", ""


# --- limits: pam_limits.so conf=FILE in a PAM session ----------------------------------------

_PAM_PY = r'''
import ctypes, ctypes.util, resource, sys, json
pam = ctypes.CDLL(ctypes.util.find_library("pam") or "libpam.so.0")
class Msg(ctypes.Structure): _fields_ = [("style", ctypes.c_int), ("msg", ctypes.c_char_p)]
class Resp(ctypes.Structure): _fields_ = [("resp", ctypes.c_char_p), ("code", ctypes.c_int)]
CONV = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_int, ctypes.POINTER(ctypes.POINTER(Msg)),
                        ctypes.POINTER(ctypes.POINTER(Resp)), ctypes.c_void_p)
log = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
log.bind("/dev/log")  # pam_limits reports through syslog(3); this namespace's /dev is private
log.setblocking(False)
msgs = []
def conv(n, m, r, d):
    for i in range(n):
        msgs.append(m[i].contents.msg.decode(errors="replace"))
    r[0] = ctypes.cast(ctypes.CDLL(None).calloc(n, ctypes.sizeof(Resp)), ctypes.POINTER(Resp))
    return 0
class Conv(ctypes.Structure): _fields_ = [("conv", CONV), ("data", ctypes.c_void_p)]
c = Conv(CONV(conv), None)
h = ctypes.c_void_p()
rc = pam.pam_start(b"shmwise-diff", b"shmwisediff", ctypes.byref(c), ctypes.byref(h))
rc = rc or pam.pam_open_session(h, 0)
syslog = []
while True:
    try:
        syslog.append(log.recv(65536).decode(errors="replace"))
    except BlockingIOError:
        break
out = {"rc": rc, "msgs": msgs, "syslog": syslog}
for name in ("NOFILE", "NPROC", "MEMLOCK", "STACK", "CORE", "AS", "DATA", "FSIZE", "RSS", "CPU", "SIGPENDING", "MSGQUEUE", "NICE", "RTPRIO"):
    out[name.lower()] = list(resource.getrlimit(getattr(resource, "RLIMIT_" + name)))
print(json.dumps(out))
'''

_PAM_SH = r'''
set -e
d=$1; conf=$2; py=$3
cp /etc/passwd "$d/passwd"; cp /etc/group "$d/group"
echo 'shmwisediff:x:4242:4242::/nonexistent:/bin/sh' >>"$d/passwd"
echo 'shmwisediff:x:4242:' >>"$d/group"
mkdir -p "$d/pam.d"
printf 'session required pam_limits.so conf=%s\n' "$conf" >"$d/pam.d/shmwise-diff"
printf 'session required pam_permit.so\n' >"$d/pam.d/other"
mount --bind "$d/passwd" /etc/passwd
mount --bind "$d/group" /etc/group
mount --bind "$d/pam.d" /etc/pam.d
mkdir "$d/dev"
mount --bind /dev "$d/dev"
mount -t tmpfs -o mode=755 tmpfs /dev
for n in null zero full random urandom tty; do
    touch "/dev/$n" && mount --bind "$d/dev/$n" "/dev/$n"
done
ln -s /proc/self/fd /dev/fd
exec python3 "$py"
'''


def _pam_available():
    import ctypes.util
    return (can_unshare() and ctypes.util.find_library("pam") is not None and
            any(os.path.exists(p) for p in ("/usr/lib/x86_64-linux-gnu/security/pam_limits.so",
                                            "/lib/x86_64-linux-gnu/security/pam_limits.so",
                                            "/usr/lib/security/pam_limits.so",
                                            "/usr/lib64/security/pam_limits.so")))


def _pam_session(conf):
    d = tempfile.mkdtemp()
    try:
        with open(os.path.join(d, "s.py"), "w") as f:
            f.write(_PAM_PY)
        rc, out = _run(["unshare", "-m", "--propagation", "private", "sh", "-c", _PAM_SH, "sh", d,
                        conf, os.path.join(d, "s.py")])
        last = out.strip().splitlines()[-1] if out.strip() else ""
        try:
            return json.loads(last)
        except ValueError:
            return {"rc": -1, "msgs": [out]}
    finally:
        shutil.rmtree(d, ignore_errors=True)


_ITEMS = {"nofile", "nproc", "memlock", "stack", "core", "as", "data", "fsize", "rss", "cpu",
          "locks", "sigpending", "msgqueue", "nice", "rtprio"}


def judge_limits(path):
    """One PAM session per line, for user shmwisediff (group shmwisediff), with pam_limits'
    syslog messages captured: a line it skips or rejects ("invalid line", "unknown limit item",
    "wrong limit value", ...) or a limit set to anything other than the number written is a
    refusal. Lines for other domains are judged as if written for '*': pam_limits reads them the
    same way. Where this machine does not let a process raise its hard limits, a limit above
    them cannot be set here; it counts as read right, except nofile above fs.nr_open (or
    unlimited), which setrlimit refuses on every machine."""
    if not _pam_available():
        return None
    tool = tool_id("limits")
    base = _pam_session("/dev/null")
    if base.get("rc") != 0:
        return None
    try:
        nr_open = int(open("/proc/sys/fs/nr_open").read())
    except (OSError, ValueError):
        nr_open = 1048576
    lines = open(path, encoding="utf-8", errors="replace").read().splitlines()
    for no, line in enumerate(lines, 1):
        s = line.split("#", 1)[0].strip()
        if not s:
            continue
        fields = s.split()
        if len(fields) == 4:
            fields[0] = "*"
        with tempfile.NamedTemporaryFile("w", suffix=".conf", delete=False) as f:
            f.write(" ".join(fields) + "\n")
            conf = f.name
        try:
            r = _pam_session(conf)
        finally:
            os.unlink(conf)
        if r.get("rc") != 0:
            return tool, "refuse", "line %d: the PAM session fails (%s)" % (no, r.get("rc"))
        log = [m.split("pam_limits(", 1)[1].split(": ", 1)[-1]
               for m in r.get("syslog", []) if "pam_limits(" in m]
        skipped = [m for m in log if "Could not set limit" not in m]
        if skipped:
            return tool, "refuse", "line %d: %s" % (no, skipped[0][:200])
        if len(fields) != 4:
            continue
        _, typ, item, value = fields
        if item not in _ITEMS or item in ("nice", "rtprio", "locks") or typ not in ("soft", "hard", "-"):
            continue
        got = r[item]
        base_hard = base[item][1]
        infinite = value in ("unlimited", "infinity", "-1")
        m = re.match(r"[0-9]+", value)
        want = resource_infinity() if infinite else int(m.group(0)) if m else None
        if want is None:
            continue
        if not infinite:
            if item in ("memlock", "stack", "core", "as", "data", "fsize", "rss"):
                want *= 1024
            if item == "cpu":
                want *= 60
        mine = [x for x in log if x.startswith("Could not set limit for '%s'" % item)]
        if mine:
            mm = re.search(r"soft=(-?[0-9]+), hard=(-?[0-9]+)", mine[0])
            vals = [int(mm.group(1)), int(mm.group(2))] if mm else [-1, -1]
            if item == "nofile" and any(v < 0 or v > nr_open for v in vals):
                return tool, "refuse", "line %d: nofile %s is above fs.nr_open (%d): setrlimit " \
                    "fails" % (no, value, nr_open)
            if any(v < 0 or v > base_hard for v in vals):
                continue  # this machine cannot raise it; the line itself was read
            return tool, "refuse", "line %d: %s" % (no, mine[0][:200])
        idx = {"soft": [0], "hard": [1], "-": [0, 1]}[typ]
        # pam_limits lowers a soft limit above the hard one to the hard one.
        if any(got[i] != want and not (i == 0 and got[0] == got[1] and got[1] < want) for i in idx):
            if want > base_hard:
                continue
            return tool, "refuse", "line %d: %s %s is %s, not %s" % (no, typ, item, got, want)
    return tool, "accept", ""


def resource_infinity():
    import resource
    return resource.RLIM_INFINITY


# --- compose: docker-compose v1 (Debian 12) or `docker compose` v2 (Debian 13) ---------------

def compose_command():
    v1 = shutil.which("docker-compose")
    if v1:
        v = version([v1, "version", "--short"]) or version([v1, "--version"])
        # Debian 13's docker-compose package is Compose v2 under the old command name.
        major = "v2" if v and not v.startswith("1.") else "v1"
        # v1's verdict includes the conversions `up` makes before it asks the daemon ("+up").
        return [v1], "docker-compose-%s-%s%s" % (major, v or "?", "+up" if major == "v1" else "")
    docker = shutil.which("docker")
    if docker:
        rc, out = _run([docker, "compose", "version", "--short"])
        if rc == 0:
            return [docker, "compose"], "docker-compose-v2-" + out.strip().lstrip("v")
    return None, None


# The interpreter docker-compose 1.x runs under (Debian's python3-compose), and the conversions
# its `up` makes for a container: docker-py's parse_bytes on every size, and its Ulimit on every
# ulimit (compose.service.build_ulimits).
_V1_PYTHON = "/usr/bin/python3"
_V1_UP_CHECK = r"""
import sys, yaml
from docker.utils import parse_bytes
from docker.types import Ulimit
from compose.service import build_ulimits
doc = yaml.safe_load(sys.stdin.read()) or {}
for name, svc in (doc.get("services") or {}).items():
    for key in ("mem_limit", "memswap_limit", "mem_reservation", "shm_size"):
        if svc.get(key) is not None:
            parse_bytes(svc[key])
    res = (svc.get("deploy") or {}).get("resources") or {}
    for part in ("limits", "reservations"):
        m = (res.get(part) or {}).get("memory")
        if m is not None:
            parse_bytes(m)
    for u in build_ulimits(svc.get("ulimits")) or []:
        Ulimit(**u)
"""


def judge_compose(path):
    cmd, tool = compose_command()
    if not cmd:
        return None
    d = tempfile.mkdtemp()
    try:
        f = os.path.join(d, "docker-compose.yml")
        shutil.copy(path, f)
        env = dict(os.environ, COMPOSE_PROJECT_NAME="diff", DOCKER_HOST="unix:///nonexistent.sock")
        rc, out = _run(cmd + ["-f", f, "config", "-q"], env=env, cwd=d)
        # Variables with no default come from the user's shell or .env, which the oracle does not
        # have (Compose puts in an empty string): a refusal may be theirs, so no verdict.
        text = open(path, encoding="utf-8", errors="replace").read()
        unset = re.search(r"\$(\{[A-Za-z_][A-Za-z0-9_]*\}|[A-Za-z_])", text)
        if rc != 0:
            if unset:
                return None
            return tool, "refuse", out.strip().splitlines()[-1] if out.strip() else str(rc)
        if tool.endswith("+up"):
            # docker-compose 1.x passes sizes and ulimits through `config` unchecked and converts
            # them (docker-py) when `up` creates the container: run those conversions, with its
            # own code, on the configuration it resolved.
            # stdout only: its warnings (a variable not set) go to stderr.
            try:
                p = subprocess.run(cmd + ["-f", f, "config"], capture_output=True, text=True,
                                   timeout=30, env=env, cwd=d)
                rc, resolved = p.returncode, p.stdout
            except subprocess.TimeoutExpired:
                rc, resolved = 124, ""
            if rc == 0:
                rc, out = _run([_V1_PYTHON, "-c", _V1_UP_CHECK], input=resolved, env=env, cwd=d)
                if rc != 0 and unset:
                    return None
                if rc != 0:
                    return tool, "refuse", "up: " + (out.strip().splitlines()[-1] if out.strip() else str(rc))
        return tool, "accept", ""
    finally:
        shutil.rmtree(d, ignore_errors=True)


# --- kubernetes: the OpenAPI schemas (kubernetes-models) with strict fields, the PyTorchJob CRD
# schema and the training operator's webhook rules ----------------------------------------------

# The judge's name in the verdicts: the schemas and CRDs it holds files against.
K8S_JUDGE = ("kubernetes-models-5.1.0+strict+pytorchjob-crd-1.9.0+kuberay-crd-1.7.0"
             "+trainjob-crd-2.0.1-2.3.0+kyverno-crd-1.19.0+lws-crd-0.10.0+kserve-crd-0.20.0+crd-nulls-pruned")


def judge_kubernetes(path):
    node = shutil.which("node")
    tools = os.environ.get("SHMWISE_NPM_TOOLS", "/var/cache/shmwise/npm")
    if not node or not os.path.isdir(os.path.join(tools, "node_modules", "kubernetes-models")):
        return None
    tool = K8S_JUDGE
    rc, out = _run([node, os.path.join(HERE, "k8s-judge.js"), tools, path])
    if rc == 0:
        return tool, "accept", ""
    first = out.strip().splitlines()[0] if out.strip() else str(rc)
    # A custom resource (Ray, LeaderWorkerSet, Kueue, MPIJob...) this judge has no CRD for: a
    # cluster with that operator installed takes it, one without refuses it; no verdict.
    m = re.match(r"no such kind: ([^/]+)/[^/]+/(\S+)", first)
    if m and "." in m.group(1) and (not m.group(1).endswith(".k8s.io") or m.group(1).endswith("x-k8s.io")) \
            and m.group(2) not in ("PyTorchJob", "RayJob", "RayCluster", "TrainJob", "ClusterPolicy",
                                   "LeaderWorkerSet", "InferenceService"):
        return None
    # Kubernetes' admission policies are served by the API server itself, whose OpenAPI for
    # admissionregistration.k8s.io is not kept here: no verdict.
    if m and m.group(1) == "admissionregistration.k8s.io":
        return None
    return tool, "refuse", first


# --- python: the file run by real Python and PyTorch ------------------------------------------

def judge_python(path):
    py = "/usr/bin/python3"
    tool = tool_id("python")
    if not tool:
        return None
    d = tempfile.mkdtemp()
    try:
        argv = [py, path]
        if can_unshare():
            argv = ["unshare", "-n"] + argv
        rc, out = _run(argv, timeout=120, cwd=d)
        if rc == 124 and out == "timed out":
            return None  # no verdict: asked again next run
        if rc == 0:
            return tool, "accept", ""
        lines = [l for l in out.strip().splitlines() if l.strip()]
        last = lines[-1] if lines else str(rc)
        # A module of a real project imports its package's other modules or libraries this
        # machine lacks, or needs a GPU it does not have: that says nothing about the file.
        # CPython's compiler still judges it.
        m = re.match(r"(ModuleNotFoundError: No module named '([^']+)'|ImportError: attempted "
                     r"relative import with no known parent package|AssertionError: Torch not "
                     r"compiled with CUDA enabled|RuntimeError: (?:No CUDA GPUs are available|"
                     r"Found no NVIDIA driver.*))", last)
        if m and not (m.group(2) or "").split(".")[0] == "torch":
            crc, cout = _run([py, "-c", "import sys; compile(open(sys.argv[1], 'rb').read(), "
                              "sys.argv[1], 'exec')", path], cwd=d)
            if crc == 0:
                return tool, "accept", "not run (%s); compiled" % m.group(1)
            clines = [l for l in cout.strip().splitlines() if l.strip()]
            return tool, "refuse", clines[-1] if clines else str(crc)
        return tool, "refuse", last
    finally:
        shutil.rmtree(d, ignore_errors=True)


import dockerrun_judge  # noqa: E402 (it uses the helpers above)

JUDGES = {
    "fstab": judge_fstab,
    "sysctl": judge_sysctl,
    "limits": judge_limits,
    "docker-run": dockerrun_judge.judge_dockerrun,
    "compose": judge_compose,
    "kubernetes": judge_kubernetes,
    "python": judge_python,
}


_TOOL_IDS = {}


def tool_id(kind):
    """The id of the tool that judges `kind` here (name and version), or None when it is
    missing; cheap, so a recorded verdict can be reused without asking the tool."""
    if kind in _TOOL_IDS:
        return _TOOL_IDS[kind]
    t = None
    if kind == "fstab" and can_unshare() and shutil.which("findmnt"):
        t = "libmount+kernel-" + os.uname().release.split("-")[0]
    elif kind == "sysctl" and can_unshare() and shutil.which("sysctl"):
        t = sysctl_tool()
    elif kind == "limits" and _pam_available():
        t = "pam_limits-" + (version(["dpkg-query", "-W", "-f", "${Version}", "libpam-modules"],
                                     r"([0-9][^\s]*)") or "?")
    elif kind == "docker-run" and shutil.which("docker") and can_unshare():
        t = "docker-cli-" + (version([shutil.which("docker"), "--version"]) or "?")
        daemon_version = dockerd.dockerd_version()
        if daemon_version:
            t += "+dockerd-" + daemon_version
    elif kind == "compose":
        t = compose_command()[1]
    elif kind == "kubernetes":
        tools = os.environ.get("SHMWISE_NPM_TOOLS", "/var/cache/shmwise/npm")
        if shutil.which("node") and os.path.isdir(os.path.join(tools, "node_modules", "kubernetes-models")):
            t = K8S_JUDGE
    elif kind == "python":
        rc, out = _run(["/usr/bin/python3", "-c", "import torch; print(torch.__version__)"])
        t = "torch-" + out.strip().split("+")[0] if rc == 0 else None
    _TOOL_IDS[kind] = t
    return t
