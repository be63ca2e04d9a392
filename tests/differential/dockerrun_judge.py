# SPDX-License-Identifier: GPL-3.0-or-later
"""The docker-run judge of oracle.py: bash runs the script with the real Docker CLI behind a
stand-in daemon socket, which passes each create request on to a real dockerd (dockerd.py)."""
import json
import os
import pty
import re
import shutil
import socket
import tempfile
import threading

import dockerd
import oracle
from oracle import _run, can_unshare


# --- docker run: the script run by bash with docker's CLI behind a stand-in daemon ------------

_FAKE_API = "1.41"


class _FakeDaemon:
    """Answers the CLI's /_ping and /info, refuses every create, so the CLI's own checks (flags,
    values, the image reference) decide: reaching "create" means the CLI accepted the command.
    With a real dockerd (dockerd.py), the create request is also put to it, and its answer is
    the message the CLI gets back."""

    def __init__(self, path, dockerd=None):
        self.path = path
        self.dockerd = dockerd
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.bind(path)
        self.sock.listen(16)
        self.thread = threading.Thread(target=self.loop, daemon=True)
        self.thread.start()

    def loop(self):
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            threading.Thread(target=self.serve, args=(conn,), daemon=True).start()

    def serve(self, conn):
        try:
            buf = b""
            while True:
                while b"\r\n\r\n" not in buf:
                    chunk = conn.recv(65536)
                    if not chunk:
                        return
                    buf += chunk
                head, buf = buf.split(b"\r\n\r\n", 1)
                lines = head.decode(errors="replace").split("\r\n")
                method, target = lines[0].split(" ")[:2]
                length = 0
                for h in lines[1:]:
                    if h.lower().startswith("content-length:"):
                        length = int(h.split(":", 1)[1])
                while len(buf) < length:
                    chunk = conn.recv(65536)
                    if not chunk:
                        return
                    buf += chunk
                payload, buf = buf[:length], buf[length:]
                if target.endswith("/_ping"):
                    status, body = "200 OK", b"OK"
                    ctype = "text/plain"
                elif target.endswith("/info"):
                    status, body = "200 OK", json.dumps({"OSType": "linux"}).encode()
                    ctype = "application/json"
                elif target.endswith("/version"):
                    status, body = "200 OK", json.dumps({"ApiVersion": _FAKE_API, "Os": "linux"}).encode()
                    ctype = "application/json"
                else:
                    status = "409 Conflict"
                    message = "oracle: reached " + target.split("?")[0]
                    if self.dockerd and method == "POST" and target.split("?")[0].endswith("/containers/create"):
                        try:
                            verdict, detail = self.dockerd.check(json.loads(payload or b"{}"))
                        except (OSError, ValueError) as e:
                            verdict, detail = "error", str(e)
                        message = "oracle: dockerd %s: %s" % (verdict, detail)
                    body = json.dumps({"message": message}).encode()
                    ctype = "application/json"
                conn.sendall(("HTTP/1.1 %s\r\nContent-Type: %s\r\nApi-Version: %s\r\nOstype: linux\r\n"
                              "Content-Length: %d\r\n\r\n" % (status, ctype, _FAKE_API, len(body))).encode()
                             + (b"" if method == "HEAD" else body))
        except Exception:
            pass
        finally:
            conn.close()

    def close(self):
        self.sock.close()


_SHIM = r'''#!/bin/sh
# Stands in for %(name)s: records the call, then lets the real docker CLI parse it.
printf '%%s\n' "---" >>"$ORACLE_LOG"
for a in "$@"; do printf '%%s\n' "$a" | sed 's/^/  /' >>"$ORACLE_LOG"; done
out=$("$ORACLE_DOCKER" "$@" 2>&1); rc=$?
printf 'rc=%%s\n%%s\n' "$rc" "$out" | sed 's/^/> /' >>"$ORACLE_LOG"
exit 0
'''

_SUDO = r'''#!/bin/sh
while [ $# -gt 0 ]; do
  case $1 in
    -u|-g|-C|-D|-h|-p|-r|-t|-U) shift 2 ;;
    --) shift; break ;;
    -*) shift ;;
    *) break ;;
  esac
done
exec "$@"
'''

_NOOP = ["mkdir", "touch", "rm", "cp", "mv", "chmod", "chown", "ln", "nvidia-smi", "xhost",
         "cd", "source", "git", "pip", "wget", "curl", "sleep", "kill"]

# Harmless commands scripts use inside $(...) and around their docker call.
_SAFE = ["pwd", "id", "echo", "printf", "dirname", "basename", "nproc", "hostname", "whoami",
         "date", "uname", "true", "false", "readlink", "realpath", "expr", "seq", "sed", "tr",
         "cut", "head", "tail", "grep", "awk", "env", "test", "["]


def judge_dockerrun(path):
    docker = shutil.which("docker")
    if not docker or not can_unshare():
        return None
    tool = oracle.tool_id("docker-run")
    real = None
    if "+dockerd-" in tool:
        real = dockerd.daemon()
        if real is None:
            return None  # dockerd is installed but did not start: no verdict of this version
    d = tempfile.mkdtemp()
    daemon = None
    try:
        bindir = os.path.join(d, "bin")
        os.mkdir(bindir)
        for name in ("docker", "nvidia-docker", "podman"):
            with open(os.path.join(bindir, name), "w") as f:
                f.write(_SHIM % {"name": name})
            os.chmod(os.path.join(bindir, name), 0o755)
        # Commands that would change files stand in as no-ops that succeed.
        for name in _NOOP:
            with open(os.path.join(bindir, name), "w") as f:
                f.write("#!/bin/sh\nexit 0\n")
            os.chmod(os.path.join(bindir, name), 0o755)
        with open(os.path.join(bindir, "sudo"), "w") as f:
            f.write(_SUDO)
        os.chmod(os.path.join(bindir, "sudo"), 0o755)
        for name in _SAFE:
            w = shutil.which(name)
            if w:
                os.symlink(w, os.path.join(bindir, name))
        sockpath = os.path.join(d, "docker.sock")
        daemon = _FakeDaemon(sockpath, real)
        log = os.path.join(d, "log")
        open(log, "w").close()
        work = os.path.join(d, "work")
        os.mkdir(work)
        env = {"PATH": bindir, "HOME": work, "ORACLE_LOG": log, "ORACLE_DOCKER": docker,
               "DOCKER_HOST": "unix://" + sockpath, "DOCKER_CONFIG": os.path.join(d, "cfg"),
               "LC_ALL": "C"}
        text = open(path, encoding="utf-8", errors="replace").read()
        bash = shutil.which("bash")
        rc, out = _run([bash, "-n", path], env=env)
        if rc != 0:
            return tool, "refuse", "bash: " + out.strip()
        # The script runs without network, in a scratch directory, with only the commands above.
        # Standard input is a terminal, as where people type these commands (-t needs one).
        master, slave = pty.openpty()
        try:
            rc, out = _run([shutil.which("unshare"), "-n", bash, path], timeout=20, env=env,
                           cwd=work, stdin=slave)
        finally:
            os.close(master)
            os.close(slave)
        calls = open(log).read()
        runs = [c for c in calls.split("---\n")[1:]]
        checked = 0
        for c in runs:
            args = [l[2:] for l in c.splitlines() if l.startswith("  ")]
            res = "\n".join(l[2:] for l in c.splitlines() if l.startswith("> "))
            if not any(a == "run" for a in args[:4]):
                continue
            checked += 1
            if "oracle: reached" in res or "oracle: dockerd accept" in res:
                continue
            if "oracle: dockerd error" in res:
                return None
            m = re.search(r"oracle: dockerd refuse: (.*)", res)
            if m:
                return tool, "refuse", m.group(1)
            # Run without the arguments its user gives ($1, $@...): a refusal may be theirs.
            if re.search(r"\$(\{#?)?[1-9@*]", text):
                return None
            msg = [l for l in res.splitlines()[1:] if l.strip()]
            return tool, "refuse", msg[0] if msg else res.strip()
        if not checked:
            return tool, "refuse", "no docker run was executed"
        return tool, "accept", ""
    finally:
        if daemon:
            daemon.close()
        shutil.rmtree(d, ignore_errors=True)
