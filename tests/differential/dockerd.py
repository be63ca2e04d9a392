# SPDX-License-Identifier: GPL-3.0-or-later
"""The create and start steps of `docker run`, asked of a real dockerd.

The docker CLI passes values only the daemon checks (an --ipc mode it does not know, an
--oom-score-adj out of range, a memory limit under 6 MB, a stop signal that does not exist...).
When Debian's docker.io is installed, the oracle starts one dockerd of its own for the whole
run, in private mount, network and PID namespaces: its data, exec root, /run and containerd live
in a temporary folder, it sets up no bridge, iptables or proxy, stores layers with vfs and is
killed with the namespace. An image holding only /usr/bin/true (copied from this machine with
its libraries) stands in for every image a script names.

The configuration the CLI sends to create is forwarded with what depends on this machine taken
out (host paths, devices, GPUs, runtimes, networks, other containers, CPU sets, log drivers, the
image and its command); the daemon then creates the container and starts it. Its refusals at
create, and its own refusals at start, are the verdict. Failures of the OCI runtime at start
depend on the host that runs it (capabilities, rlimits and cgroups this machine grants), so
they are not counted, except the few that follow from the configuration alone.
"""
import atexit
import glob
import http.client
import json
import os
import re
import shutil
import socket
import subprocess
import tempfile
import threading
import time
import urllib.parse

IMAGE = "shmwise-oracle/true:1"

# runc failures that follow from the configuration alone, on any host.
_RUNC_CONFIG_ERRORS = re.compile(
    r"not allowed in (?:the )?hosts? (?:ipc|network|uts) namespace")

_START = r'''
set -e
d=$1
mount -t tmpfs -o mode=0755 tmpfs /run
mkdir -p "$d/exec" "$d/root"
exec dockerd --data-root "$d/root" --exec-root "$d/exec" --pidfile "$d/dockerd.pid" \
    -H "unix://$d/docker.sock" --iptables=false --ip6tables=false --bridge=none \
    --ip-masq=false --userland-proxy=false --storage-driver=vfs --log-level=error \
    --cgroup-parent=shmwise-oracle >"$d/dockerd.log" 2>&1
'''


class _UnixHTTP(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.path = path

    def connect(self):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(self.timeout)
        self.sock.connect(self.path)


def dockerd_version():
    exe = shutil.which("dockerd")
    if not exe:
        return None
    try:
        out = subprocess.run([exe, "--version"], capture_output=True, text=True, timeout=20).stdout
    except (OSError, subprocess.TimeoutExpired):
        return None
    m = re.search(r"(\d+\.\d+\.\d+)", out)
    return m.group(1) if m else None


class Dockerd:
    """One daemon for the oracle's whole run, started on first use."""

    def __init__(self):
        self.lock = threading.Lock()
        self.dir = None
        self.proc = None
        self.failed = None
        self.ncpu = os.cpu_count() or 1

    def _request(self, method, target, body=None, timeout=60):
        c = _UnixHTTP(os.path.join(self.dir, "docker.sock"), timeout)
        try:
            data = None if body is None else (body if isinstance(body, bytes) else json.dumps(body).encode())
            headers = {"Content-Type": "application/json" if not isinstance(body, bytes) else "application/x-tar"}
            c.request(method, target, body=data, headers=headers)
            r = c.getresponse()
            raw = r.read()
            try:
                parsed = json.loads(raw) if raw else {}
            except ValueError:
                parsed = {"message": raw.decode(errors="replace")}
            return r.status, parsed
        finally:
            c.close()

    def _start(self):
        if os.geteuid() != 0 or not shutil.which("dockerd") or not shutil.which("unshare"):
            self.failed = "dockerd or root rights missing"
            return False
        self.dir = tempfile.mkdtemp(prefix="shmwise-dockerd-")
        self.proc = subprocess.Popen(
            ["unshare", "-m", "-n", "-p", "--fork", "--kill-child", "--mount-proc",
             "--propagation", "private", "sh", "-c", _START, "sh", self.dir],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            start_new_session=True)
        atexit.register(self.stop)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                break
            try:
                status, _ = self._request("GET", "/_ping", timeout=5)
            except OSError:
                status = 0
            if status == 200:
                try:
                    if self._import_image():
                        return True
                except (OSError, subprocess.SubprocessError) as e:
                    self.failed = "could not import the stand-in image: %s" % e
                self.stop()
                return False
            time.sleep(0.2)
        try:
            log = open(os.path.join(self.dir, "dockerd.log"), errors="replace").read().strip()
        except OSError:
            log = ""
        self.failed = "dockerd did not start: " + (log.splitlines()[-1] if log else "no log")
        self.stop()
        return False

    def _import_image(self):
        """An image of /usr/bin/true and the libraries it loads, from this machine."""
        tar_path = os.path.join(self.dir, "true.tar")
        root = os.path.join(self.dir, "image")
        files = ["/usr/bin/true"]
        out = subprocess.run(["ldd", "/usr/bin/true"], capture_output=True, text=True).stdout
        files += re.findall(r"(/\S+)", out)
        for f in files:
            dest = root + f
            os.makedirs(os.path.dirname(dest), exist_ok=True)
            shutil.copy(os.path.realpath(f), dest)
        subprocess.run(["tar", "-C", root, "-cf", tar_path, "."], check=True)
        repo, tag = IMAGE.rsplit(":", 1)
        query = urllib.parse.urlencode({"fromSrc": "-", "repo": repo, "tag": tag,
                                        "changes": 'CMD ["/usr/bin/true"]'})
        with open(tar_path, "rb") as f:
            status, body = self._request("POST", "/images/create?" + query, f.read())
        if status != 200:
            self.failed = "could not import the stand-in image: %s" % body
            return False
        return True

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.kill()  # unshare --kill-child takes the whole PID namespace with it
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                pass
        self.proc = None
        # The daemon's cgroup parent, in the v2 hierarchy or under each v1 controller; its
        # containers' cgroups are gone once they are removed, so empty folders are all that
        # is left.
        for p in glob.glob("/sys/fs/cgroup/shmwise-oracle") + glob.glob("/sys/fs/cgroup/*/shmwise-oracle"):
            for c in sorted(glob.glob(p + "/*/"), reverse=True) + [p]:
                try:
                    os.rmdir(c)
                except OSError:
                    pass
        if self.dir:
            shutil.rmtree(self.dir, ignore_errors=True)
            self.dir = None

    def available(self):
        with self.lock:
            if self.failed:
                return False
            if self.proc is None:
                return self._start()
            return True

    def sanitize(self, cfg):
        """The create request with what depends on this machine taken out."""
        cfg = dict(cfg)
        cfg["Image"] = IMAGE
        cfg["Cmd"] = ["/usr/bin/true"]
        cfg["Entrypoint"] = None
        user = cfg.get("User") or ""
        if not re.fullmatch(r"\d+(:\d+)?", user):
            cfg["User"] = ""  # a name must be in the image's /etc/passwd
        cfg.pop("MacAddress", None)
        cfg["NetworkingConfig"] = None
        cfg["ExposedPorts"] = None
        hc = dict(cfg.get("HostConfig") or {})
        # The host's network stands for itself (the daemon's namespace is empty); any other
        # network is the user's.
        hc["NetworkMode"] = "host" if hc.get("NetworkMode") == "host" else "none"
        for k in ("PortBindings", "Links", "VolumesFrom", "Devices", "DeviceRequests",
                  "BlkioDeviceReadBps", "BlkioDeviceWriteBps", "BlkioDeviceReadIOps",
                  "BlkioDeviceWriteIOps", "BlkioWeightDevice", "StorageOpt", "Dns",
                  "DnsSearch", "DnsOptions"):
            hc[k] = None
        hc["PublishAllPorts"] = False
        hc["Runtime"] = ""
        hc["CgroupParent"] = ""
        hc["CpusetCpus"] = ""
        hc["CpusetMems"] = ""
        hc["LogConfig"] = {"Type": "", "Config": None}
        for mode in ("IpcMode", "PidMode", "UTSMode", "CgroupnsMode"):
            if str(hc.get(mode) or "").startswith("container:"):
                hc[mode] = ""  # another container of the user's machine
        if hc.get("NanoCpus") and hc["NanoCpus"] > self.ncpu * 10**9:
            hc["NanoCpus"] = self.ncpu * 10**9  # the daemon caps it at this machine's CPUs
        # Host paths and bind mounts are the user's machine; named volumes and tmpfs are not.
        hc["Binds"] = [b for b in (hc.get("Binds") or [])
                       if not re.match(r"[/.~$]", b.split(":", 1)[0]) and ":" in b] or None
        hc["Mounts"] = [m for m in (hc.get("Mounts") or []) if m.get("Type") in ("tmpfs", "volume")] or None
        hc["SecurityOpt"] = [s for s in (hc.get("SecurityOpt") or [])
                             if not re.match(r"(apparmor|label|seccomp)[=:]", s) or s.endswith("unconfined")] or None
        hc["GroupAdd"] = [g for g in (hc.get("GroupAdd") or []) if g.isdigit()] or None
        cfg["HostConfig"] = hc
        return cfg

    def check(self, cfg):
        """("accept"|"refuse", message) for one create request of the CLI."""
        status, body = self._request("POST", "/containers/create", self.sanitize(cfg))
        if status >= 300:
            msg = str(body.get("message", status))
            if "not available in the current environment" in msg:
                # 26.1 checks capabilities against its own bounding set: this machine's
                return "accept", "dockerd at create, host-dependent: " + msg
            return "refuse", "dockerd at create: " + msg
        cid = body.get("Id", "")
        try:
            status, body = self._request("POST", "/containers/%s/start" % cid, {})
            if status >= 300:
                msg = str(body.get("message", status))
                if "OCI runtime" in msg and not _RUNC_CONFIG_ERRORS.search(msg):
                    return "accept", "dockerd at start, host-dependent: " + msg
                return "refuse", "dockerd at start: " + msg
            self._request("POST", "/containers/%s/wait" % cid, {}, timeout=30)
            return "accept", ""
        finally:
            self._request("DELETE", "/containers/%s?force=1&v=1" % cid)


_DAEMON = None
_DAEMON_LOCK = threading.Lock()


def daemon():
    """The shared daemon, or None when dockerd cannot run here."""
    global _DAEMON
    with _DAEMON_LOCK:
        if _DAEMON is None:
            _DAEMON = Dockerd()
    return _DAEMON if _DAEMON.available() else None
