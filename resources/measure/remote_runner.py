# SPDX-License-Identifier: GPL-3.0-or-later
# `shmwise measure --target ssh://HOST`: run on the host, by the Python it has (standard library
# only, Python 3.6 or later), from a temporary folder the measuring shell script wrote and
# removes. It runs the job with ShmWise's hook on PYTHONPATH, watches it as `shmwise measure` does
# on this computer (/dev/shm every 10 ms; the job's processes, the /dev/shm files they hold, their
# PSS and the cgroup's memory every 100 ms), stops it and whatever it left running, and removes
# what it provably left in /dev/shm. It writes one line per message on its standard output:
#   H <a line of the hook's log>
#   P {"t": seconds, "batches": n}
#   F {"name": a /dev/shm file that appeared during the run, "removed": bool, "why": code}
#   R {what was seen}
# The job's own output goes to standard error. When nobody reads standard output any more (the
# connection closed, the user cancelled), the job is stopped all the same.
#
# The job's processes are the live descendants of this runner (a child subreaper on Linux, so
# what the job leaves behind stays below it), or, where that is not offered, of the job's main
# process and its process group and session; each is known by its PID and its start time, so a
# PID that another program reuses is never taken for the job's.
#
# A /dev/shm file is removed only when (1) it appeared during the run (inotify watches /dev/shm
# from before the job starts; without inotify, or when its queue overflows, nothing is removed),
# (2) the job made it: its name is torch_<PID>_... for a live process of the job when its creation
# was read, or at the first sample after it appeared a process of the job held or mapped it and
# no other process did, and (3) it passes the removal checks `shmwise clean` makes on any host
# (shmclean.py, written beside this runner: opened without following links or blocking, still
# that regular file, owned by this user, no process holds or maps it as far as /proc can be
# read, and the kernel grants a write lease on it, unbroken right before the unlink).
# Every file that appeared and is left is reported with the reason.
import errno
import json
import os
import re
import signal
import stat
import struct
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from shmclean import holders, maps_lines, read_small, remove_files  # noqa: E402

HERE = sys.argv[1]
LOG = os.path.join(HERE, "measure.jsonl")
LINE_MAX = 1 << 20  # a longer line is not the hook's
NAMES_MAX = 100000  # new /dev/shm names followed; more are reported, not removed
PROCS_MAX = 4096  # processes described in the result
LEFT_MAX = 100000  # leftover processes counted one by one
SHM = "/dev/shm"


class Gone(Exception):
    pass


def say(kind, payload):
    try:
        sys.stdout.write(kind + " " + payload + "\n")
        sys.stdout.flush()
    except (BrokenPipeError, OSError, ValueError):
        raise Gone()


def kb_field(text, name):
    m = re.search(rb"\n" + name + rb":\s+(\d+) kB", b"\n" + text)
    return int(m.group(1)) * 1024 if m else 0


def shm_usage():
    try:
        s = os.statvfs(SHM)
    except OSError:
        return None
    return (s.f_blocks - s.f_bfree) * s.f_frsize, s.f_blocks * s.f_frsize


def stat_of(pid):
    """(ppid, state, name, pgid, sid, start time) of a process, or None."""
    raw = read_small("/proc/%d/stat" % pid, 4096).decode("utf-8", "replace")
    close = raw.rfind(")")
    if close < 0:
        return None
    fields = raw[close + 2:].split()
    if len(fields) < 20:
        return None
    try:
        return (int(fields[1]), fields[0], raw[raw.find("(") + 1:close], int(fields[2]),
                int(fields[3]), int(fields[19]))
    except ValueError:
        return None


def start_of(pid):
    st = stat_of(pid)
    return st[5] if st else None


def libc():
    try:
        import ctypes
        return ctypes.CDLL(None, use_errno=True)
    except Exception:
        return None


def become_subreaper():
    """Orphans of the job are given to this process instead of init (Linux 3.4)."""
    if not sys.platform.startswith("linux"):
        return False
    c = libc()
    if c is None:
        return False
    try:
        import ctypes
        return c.prctl(ctypes.c_int(36), ctypes.c_ulong(1), ctypes.c_ulong(0), ctypes.c_ulong(0),
                       ctypes.c_ulong(0)) == 0  # PR_SET_CHILD_SUBREAPER
    except Exception:
        return False


def exit_status(status):
    if os.WIFSIGNALED(status):
        return -os.WTERMSIG(status)
    if os.WIFEXITED(status):
        return os.WEXITSTATUS(status)
    return None


class Tree:
    """The job's processes, followed live: descendants of this runner when it is a subreaper,
    else of the job's main process, and its process group and session while the main process is
    not reaped (its PID, and so the group's and session's, cannot be anyone else's then). Each is
    known by PID and start time."""

    def __init__(self, main, reaper):
        self.runner = os.getpid()
        self.main = main
        self.reaper = reaper
        self.main_start = start_of(main)
        self.main_reaped = False
        self.status = None
        self.known = {}  # pid -> start time, the job's processes at the last look
        self.seen = 0  # processes the job has had

    def reap(self):
        """Reaps the main process and, as a subreaper, the orphans given to this one."""
        while True:
            try:
                pid, status = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                return
            except InterruptedError:
                continue
            if pid == 0:
                return
            if pid == self.main:
                self.main_reaped = True
                self.status = exit_status(status)

    def _table(self):
        table = {}
        try:
            names = os.listdir("/proc")
        except OSError:
            return table
        for name in names:
            if name.isdigit():
                st = stat_of(int(name))
                if st:
                    table[int(name)] = st
        return table

    def _select(self, table):
        children = {}
        for pid, st in table.items():
            children.setdefault(st[0], []).append(pid)
        root = self.runner if self.reaper else self.main
        job = set()
        todo = [root]
        if not self.reaper and self.main in table:
            job.add(self.main)
        while todo:
            for c in children.get(todo.pop(), ()):
                if c not in job and c != self.runner:
                    job.add(c)
                    todo.append(c)
        if not self.main_reaped:
            for pid, st in table.items():
                if (st[3] == self.main or st[4] == self.main) and pid not in job:
                    job.add(pid)
                    for c in children.get(pid, ()):
                        todo.append(c)
            while todo:
                for c in children.get(todo.pop(), ()):
                    if c not in job and c != self.runner:
                        job.add(c)
                        todo.append(c)
        elif not self.reaper:
            # The group and session outlive the main process; members seen before stay the
            # job's while their start time is the one recorded.
            for pid, st in table.items():
                if (st[3] == self.main or st[4] == self.main) and self.known.get(pid) == st[5]:
                    job.add(pid)
        return job

    def processes(self):
        """The job's live processes (zombies left out), sorted."""
        table = self._table()
        job = self._select(table)
        known = {}
        for pid in job:
            st = table[pid]
            if pid not in self.known or self.known[pid] != st[5]:
                self.seen += 1
            known[pid] = st[5]
        self.known = known
        return sorted(p for p in job if table[p][1] not in ("Z", "X"))

    def member(self, pid):
        """The start time of `pid` when it is now a process of the job, else None."""
        st = stat_of(pid)
        if not st or st[1] in ("Z", "X"):
            return None
        if not self.main_reaped and (st[3] == self.main or st[4] == self.main):
            return st[5]
        root = self.runner if self.reaper else self.main
        if pid == root and not self.reaper:
            return st[5]
        p, hops = st[0], 0
        while p > 1 and hops < 4096:
            if p == root:
                return st[5]
            up = stat_of(p)
            if not up:
                break
            p, hops = up[0], hops + 1
        if self.known.get(pid) == st[5] and not self.reaper and (
                st[3] == self.main or st[4] == self.main):
            return st[5]
        return None

    def items(self):
        self.processes()
        return list(self.known.items())

    def signal(self, sig):
        if not self.main_reaped:
            try:
                os.killpg(self.main, sig)
            except OSError:
                pass
        for pid, start in self.items():
            send(pid, start, sig)


def send(pid, start, sig):
    """Signals `pid` only while it is the process that started at `start`: through a pidfd
    where Python and the kernel offer one (no PID can be reused under it), else after one more
    look."""
    if hasattr(os, "pidfd_open") and hasattr(signal, "pidfd_send_signal"):
        try:
            fd = os.pidfd_open(pid)
        except OSError as e:
            if e.errno == errno.ESRCH:
                return
            fd = None
        if fd is not None:
            try:
                if start_of(pid) == start:
                    signal.pidfd_send_signal(fd, sig)
            except OSError:
                pass
            finally:
                os.close(fd)
            return
    if start_of(pid) == start:
        try:
            os.kill(pid, sig)
        except OSError:
            pass


def read_job(pids):
    """What the job's processes hold: per process its memory and /dev/shm files; over the job
    the files (each once), their (dev, inode), and the cgroup."""
    files = {}
    procs = []
    for pid in pids:
        st = stat_of(pid)
        if not st:
            continue
        rollup = read_small("/proc/%d/smaps_rollup" % pid)
        p = {"pid": pid, "ppid": st[0], "name": st[2], "pss": kb_field(rollup, b"Pss"),
             "pss_shmem": kb_field(rollup, b"Pss_Shmem"),
             "private_dirty": kb_field(rollup, b"Private_Dirty"), "held": 0}
        mine = set()
        fd_dir = "/proc/%d/fd" % pid
        try:
            fds = os.listdir(fd_dir)
        except OSError:
            fds = []
        for fd in fds:
            link = os.path.join(fd_dir, fd)
            try:
                target = os.readlink(link)
            except OSError:
                continue
            if not target.startswith(SHM + "/"):
                continue
            try:
                s = os.stat(link)
            except OSError:
                continue
            key = (s.st_dev, s.st_ino)
            mine.add(key)
            files[key] = max(files.get(key, 0), s.st_blocks * 512)
        for dev, ino, length, path in (maps_lines(pid) or ()):
            if not path.startswith(SHM.encode() + b"/"):
                continue
            key = (dev, ino)
            mine.add(key)
            files[key] = max(files.get(key, 0), length)
        p["held"] = sum(files.get(k, 0) for k in mine)
        procs.append(p)
    cgroup = None
    limit = None
    if pids:
        for line in read_small("/proc/%d/cgroup" % pids[0], 65536).split(b"\n"):
            if not line.startswith(b"0::"):
                continue
            d = "/sys/fs/cgroup" + line[3:].decode("utf-8", "replace")
            try:
                cgroup = int(read_small(d + "/memory.current").strip())
            except ValueError:
                pass
            try:
                limit = int(read_small(d + "/memory.max").strip())
            except ValueError:
                pass
    return procs, sum(files.values()), set(files), cgroup, limit


def file_kind(mode):
    for test, name in ((stat.S_ISFIFO, "fifo"), (stat.S_ISLNK, "symlink"), (stat.S_ISDIR, "folder"),
                       (stat.S_ISSOCK, "socket"), (stat.S_ISCHR, "device"),
                       (stat.S_ISBLK, "device")):
        if test(mode):
            return name
    return "other"


class HookTail:
    """The hook's log as it grows: each line forwarded, and the loaders' batches counted. The
    file is opened without following a link or blocking, and read only while it is a regular
    file; a line longer than LINE_MAX is dropped and counted."""

    FLAGS = os.O_RDONLY | os.O_NONBLOCK | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0) | \
        getattr(os, "O_NOCTTY", 0)

    def __init__(self, path):
        self.path = path
        self.fd = None
        self.key = None
        self.pending = b""
        self.skipping = False  # within a line already too long
        self.bad_lines = 0
        self.refused = None  # what the log was replaced by, when it was not a regular file
        self.loaders = {}
        self.total = 0
        self.workers = 0  # the most workers any loader has

    def _open(self):
        try:
            st = os.lstat(self.path)
        except OSError:
            return
        if not stat.S_ISREG(st.st_mode):
            self.refused = self.refused or file_kind(st.st_mode)
            return
        try:
            fd = os.open(self.path, self.FLAGS)
        except OSError as e:
            if e.errno == errno.ELOOP:
                self.refused = self.refused or "symlink"
            return
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            self.refused = self.refused or file_kind(st.st_mode)
            os.close(fd)
            return
        if self.fd is not None:
            os.close(self.fd)
        self.fd, self.key = fd, (st.st_dev, st.st_ino)
        self.pending, self.skipping = b"", False

    def poll(self):
        try:
            st = os.lstat(self.path)
            now = (st.st_dev, st.st_ino)
        except OSError:
            st, now = None, None
        if st is not None and now != self.key:
            # Replaced by the job: a regular file is read from its start, anything else is not
            # opened at all (the old file is still read).
            self._open()
        if self.fd is None:
            return
        for _ in range(16):
            try:
                chunk = os.read(self.fd, 1 << 20)
            except OSError:
                return
            if not chunk:
                return
            self._feed(chunk)

    def _feed(self, chunk):
        data = self.pending + chunk
        start = 0
        while True:
            nl = data.find(b"\n", start)
            if nl < 0:
                break
            if self.skipping:
                self.skipping = False
            elif nl - start > LINE_MAX:
                self.bad_lines += 1
            else:
                self._line(data[start:nl])
            start = nl + 1
        rest = data[start:]
        if self.skipping:
            rest = b""
        elif len(rest) > LINE_MAX:
            self.bad_lines += 1
            self.skipping = True
            rest = b""
        self.pending = rest

    def _line(self, raw):
        if not raw.strip():
            return
        line = raw.decode("utf-8", "replace")
        say("H", line)
        try:
            o = json.loads(line)
        except ValueError:
            return
        if not isinstance(o, dict):
            return
        key = (o.get("pid"), o.get("id"))
        if not isinstance(key[0], (int, str, type(None))) or not isinstance(
                key[1], (int, str, type(None))):
            return
        if o.get("t") == "loader":
            if len(self.loaders) < 10000:
                self.loaders.setdefault(key, 0)
            if isinstance(o.get("num_workers"), int):
                self.workers = max(self.workers, min(o["num_workers"], 4096))
        elif o.get("t") == "batch" and key in self.loaders:
            self.loaders[key] += 1
            self.total += 1

    def fewest(self):
        return min(self.loaders.values()) if self.loaders else 0


class ShmWatch:
    """Files that appear in /dev/shm while the job runs, and whether the job made them."""

    IN_MOVED_TO = 0x80
    IN_CREATE = 0x100
    IN_Q_OVERFLOW = 0x4000
    IN_NONBLOCK = 0o4000
    IN_CLOEXEC = 0o2000000
    TORCH = re.compile(r"^torch_(\d+)_")
    REASONS = {"held": "in-use", "opened": "in-use", "not-plain-name": "unremovable"}

    def __init__(self):
        self.fd = -1
        self.dirfd = -1
        self.dev = None
        self.problem = None  # why nothing can be removed
        self.overflow = False
        self.new = {}  # name -> {"ino", "proof", "why", "waiting"}
        self.untracked = 0
        try:
            self.dirfd = os.open(SHM, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) |
                                 getattr(os, "O_CLOEXEC", 0))
            self.dev = os.fstat(self.dirfd).st_dev
        except OSError as e:
            self.problem = "no /dev/shm: %s" % (e.strerror or e)
            return
        c = libc()
        if c is None or not hasattr(c, "inotify_init1"):
            self.problem = "no inotify on this host"
            return
        import ctypes
        fd = c.inotify_init1(self.IN_NONBLOCK | self.IN_CLOEXEC)
        if fd < 0:
            self.problem = "inotify: %s" % os.strerror(ctypes.get_errno())
            return
        wd = c.inotify_add_watch(fd, ("/proc/self/fd/%d" % self.dirfd).encode(),
                                 ctypes.c_uint32(self.IN_CREATE | self.IN_MOVED_TO))
        if wd < 0:
            self.problem = "inotify: %s" % os.strerror(ctypes.get_errno())
            os.close(fd)
            return
        self.fd = fd

    def read(self, tree):
        """Reads the creations since the last call; a torch_<PID>_ name is the job's when PID
        is now one of its processes."""
        if self.fd < 0 or self.overflow:
            return
        while True:
            try:
                buf = os.read(self.fd, 65536)
            except BlockingIOError:
                return
            except OSError as e:
                self.problem = "inotify: %s" % (e.strerror or e)
                return
            if not buf:
                return
            at = 0
            while at + 16 <= len(buf):
                _, mask, _, length = struct.unpack_from("iIII", buf, at)
                name = buf[at + 16:at + 16 + length].split(b"\0", 1)[0]
                at += 16 + length
                if mask & self.IN_Q_OVERFLOW:
                    self.overflow = True
                    return
                if name:
                    self.created(os.fsdecode(name), tree)

    def created(self, name, tree):
        try:
            st = os.stat(name, dir_fd=self.dirfd, follow_symlinks=False)
        except OSError:
            return  # gone already
        old = self.new.get(name)
        if old is not None and old["ino"] == st.st_ino:
            return
        if old is None and len(self.new) >= NAMES_MAX:
            self.untracked += 1
            return
        entry = {"ino": st.st_ino, "proof": None, "why": "not-held", "waiting": True}
        m = self.TORCH.match(name)
        if m and len(m.group(1)) < 12 and tree.member(int(m.group(1))) is not None:
            entry["proof"], entry["waiting"] = "torch", False
        self.new[name] = entry

    def sample(self, job_keys, job_pids, tree):
        """At a sample: each file that appeared since the last one is the job's when a process
        of the job holds or maps it and no other process does (a process the job started since
        its processes were listed is looked up again)."""
        waiting = {}
        for name, e in self.new.items():
            if not e["waiting"]:
                continue
            e["waiting"] = False
            key = (self.dev, e["ino"])
            if key in job_keys:
                waiting[key] = e
        if not waiting:
            return
        found, _ = holders(set(waiting), set(job_pids) | {os.getpid()})
        for key, e in waiting.items():
            if any(tree.member(pid) is None for pid in found.get(key, ())):
                e["why"] = "held-by-other"
            else:
                e["proof"] = "held"

    def clean(self):
        """Removes the job's files (the rule above); returns (removed, kept, blind): the names
        removed, [(name, why)] for the others that are still there, and how many processes
        could not be looked into."""
        removed, kept = [], []
        if self.dirfd < 0:
            return removed, kept, 0
        names = sorted(self.new)
        if self.problem or self.overflow:
            for name in names:
                if self._present(name):
                    kept.append((name, "overflow" if self.overflow else "no-watch"))
            return removed, kept, 0
        uid = os.geteuid()
        mine = [(n, self.new[n]["ino"]) for n in names if self.new[n]["proof"]]
        for name in names:
            if not self.new[name]["proof"] and self._present(name):
                kept.append((name, self.new[name]["why"]))

        def report(name, code, _detail):
            if code is None:
                removed.append(name)
            else:
                # The codes measure has always sent: a holder found, a lease refused or broken
                # are all "in use"; no age is asked here.
                kept.append((name, self.REASONS.get(code, code)))
            return True

        blind = remove_files(self.dirfd, self.dev, mine, uid, skip={os.getpid()}, batch=256,
                             report=report)
        return removed, kept, blind

    def _present(self, name):
        try:
            return os.stat(name, dir_fd=self.dirfd, follow_symlinks=False).st_ino == \
                self.new[name]["ino"]
        except OSError:
            return False


def main():
    result = {"started": False}
    if ":" in HERE:
        # PYTHONPATH would split the hook's folder in two.
        result.update({"why": "unsafe-folder", "dir": HERE})
        say("R", json.dumps(result))
        return
    with open(os.path.join(HERE, "config.json")) as f:
        config = json.load(f)
    command = config["command"]
    seconds = float(config.get("seconds", 60))
    batches = int(config.get("batches", 0))
    workdir = config.get("workdir") or os.path.expanduser("~")
    try:
        if not stat.S_ISDIR(os.stat(workdir).st_mode):
            result.update({"why": "workdir-not-folder", "dir": workdir})
            say("R", json.dumps(result))
            return
    except OSError as e:
        result.update({"why": "no-workdir" if e.errno == errno.ENOENT else "workdir",
                       "dir": workdir, "error": e.strerror or str(e)})
        say("R", json.dumps(result))
        return
    env = dict(os.environ)
    env["PYTHONPATH"] = HERE + (":" + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    env["SHMWISE_MEASURE_OUT"] = LOG
    open(LOG, "w").close()
    reaper = become_subreaper()
    watch = ShmWatch()
    usage = shm_usage()
    result.update({"shm_baseline": usage[0] if usage else 0,
                   "shm_size": usage[1] if usage else None, "python": sys.version.split()[0]})
    tail = HookTail(LOG)
    tail.poll()
    try:
        job = subprocess.Popen(command, cwd=workdir, env=env, stdin=subprocess.DEVNULL,
                               stdout=sys.stderr.fileno(), stderr=sys.stderr.fileno(),
                               start_new_session=True)
    except OSError as e:
        if e.filename == workdir:
            result.update({"why": "workdir", "dir": workdir, "error": e.strerror or str(e)})
        else:
            result["error"] = "%s: %s" % (command[0], e.strerror or e)
        say("R", json.dumps(result))
        return
    result["started"] = True
    tree = Tree(job.pid, reaper)
    start = time.monotonic()
    procs = {}
    peak = peak_time = held_peak = 0
    cgroup_peak = cgroup_limit = None
    samples = 0
    stop = ""
    stage = 0
    stage_at = 0.0
    final_signal = ""
    by_signal = False
    left = {}  # (pid, start) of what the job left running once its main process had gone
    left_more = 0
    left_at = None
    last_detail = -1.0
    last_batch_seen = 0.0
    longest_gap = 0.0
    batches_seen = 0
    procs_more = 0
    listening = True

    def stop_everything(why):
        nonlocal stop, stage, stage_at, final_signal
        if not stop:
            stop = why
        tree.signal(signal.SIGINT)
        final_signal = "SIGINT"
        stage = 1
        stage_at = time.monotonic() - start

    while True:
        now = time.monotonic() - start
        tree.reap()
        watch.read(tree)
        detailed = now - last_detail >= 0.1
        if detailed:
            last_detail = now
            if listening:
                try:
                    tail.poll()
                    say("P", json.dumps({"t": round(now, 3), "batches": tail.total}))
                except Gone:
                    listening = False
                    if stage == 0 and not tree.main_reaped:
                        stop_everything("interrupted")
            if tail.total != batches_seen:
                batches_seen = tail.total
                if last_batch_seen > 0:
                    longest_gap = max(longest_gap, now - last_batch_seen)
                last_batch_seen = now
        pids = tree.processes() if detailed else []
        u = shm_usage()
        samples += 1
        if u:
            used = max(0, u[0] - result["shm_baseline"])
            if used > peak:
                peak, peak_time = used, now
        if detailed:
            rs, held, keys, cg, lim = read_job(pids)
            watch.sample(keys, pids, tree)
            held_peak = max(held_peak, held)
            if cg is not None:
                cgroup_peak = max(cgroup_peak or 0, cg)
            if lim is not None:
                cgroup_limit = lim
            for p in rs:
                if p["pid"] not in procs and len(procs) >= PROCS_MAX:
                    procs_more += 1
                    continue
                m = procs.setdefault(p["pid"], {"pid": p["pid"], "first_seen": now,
                                                "batches_at_start": tail.total, "settled": False,
                                                "max_pss": 0, "max_private": 0, "first_dirty": 0,
                                                "max_dirty_after": 0, "max_held": 0})
                if not m["settled"] and tail.total >= m["batches_at_start"] + tail.workers + 1:
                    m["settled"] = True
                    m["first_dirty"] = p["private_dirty"]
                m["name"] = p["name"]
                m["ppid"] = p["ppid"]
                m["last_seen"] = now
                m["max_pss"] = max(m["max_pss"], p["pss"])
                m["max_private"] = max(m["max_private"], max(0, p["pss"] - p["pss_shmem"]))
                if m["settled"]:
                    m["max_dirty_after"] = max(m["max_dirty_after"], p["private_dirty"])
                m["max_held"] = max(m["max_held"], p["held"])
        if tree.main_reaped:
            if left_at is None:
                left_at = now
            alive = tree.processes()
            for pid in alive:
                key = (pid, tree.known[pid])
                if key not in left:
                    if len(left) < LEFT_MAX:
                        left[key] = True
                    else:
                        left_more += 1
            if not alive or now - left_at > 15:
                break
            if stage < 2:
                tree.signal(signal.SIGTERM)
                stage, stage_at = 2, now
            elif stage == 2 and now - stage_at > 2:
                tree.signal(signal.SIGKILL)
                stage, stage_at = 3, now
            elif stage == 3 and now - stage_at > 0.5:
                # What the job keeps starting is killed as it shows.
                tree.signal(signal.SIGKILL)
                stage_at = now
            time.sleep(0.01)
            continue
        if stage == 0:
            why = ""
            if now >= seconds:
                why = "time"
            elif batches > 0 and tail.loaders and tail.fewest() >= batches:
                why = "batches"
            elif batches_seen > 0 and now - last_batch_seen > max(30.0, 20 * longest_gap):
                why = "hang"
            if why:
                stop_everything(why)
        elif stage == 1 and now - stage_at > 5:
            tree.signal(signal.SIGTERM)
            final_signal, by_signal, stage, stage_at = "SIGTERM", True, 2, now
        elif stage == 2 and now - stage_at > 3:
            tree.signal(signal.SIGKILL)
            final_signal, stage, stage_at = "SIGKILL", 3, now
        elif stage == 3 and now - stage_at > 30:
            # The main process does not die (uninterruptible sleep): give up on it.
            break
        time.sleep(0.01)

    status = tree.status
    job.returncode = status if status is not None else 0  # reaped here, not by Popen
    tree.reap()
    running = set(tree.items())
    still = sum(1 for key in left if key in running)
    watch.read(tree)
    removed, kept, blind = watch.clean()
    result.update({
        "seconds": time.monotonic() - start, "stop": stop or "exited",
        "exit_code": status if status is not None and status >= 0 else None,
        "exit_signal": -status if status is not None and status < 0 else None,
        "final_signal": final_signal, "stopped_by_signal": by_signal,
        "leftover": len(left) + left_more, "leftover_stopped": len(left) - still,
        "leftover_running": still + left_more, "subreaper": reaper,
        "job_processes": tree.seen, "processes_more": procs_more,
        "shm_peak": peak, "shm_peak_time": peak_time, "shm_held_peak": held_peak,
        "samples": samples, "cgroup_peak": cgroup_peak, "cgroup_limit": cgroup_limit,
        "processes": list(procs.values()), "main_pid": job.pid,
        "removed": sorted(removed)[:1000], "removed_count": len(removed),
        "kept_count": len(kept), "new_files_untracked": watch.untracked,
        "shm_watch": "overflow" if watch.overflow else ("failed" if watch.problem else "inotify"),
        "shm_watch_error": watch.problem, "unreadable_processes": blind,
        "bad_lines": tail.bad_lines, "hook_log_refused": tail.refused,
    })
    if listening:
        try:
            tail.poll()
            result["bad_lines"] = tail.bad_lines
            for name in sorted(removed):
                say("F", json.dumps({"name": name, "removed": True}))
            for name, why in kept:
                say("F", json.dumps({"name": name, "removed": False, "why": why}))
            say("R", json.dumps(result))
        except Gone:
            pass


if __name__ == "__main__":
    main()
