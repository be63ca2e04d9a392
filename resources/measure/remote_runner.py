# SPDX-License-Identifier: GPL-3.0-or-later
# `shmwise measure --target ssh://HOST`: run on the host, by the Python it has (standard library
# only), from a temporary folder the measuring shell script wrote and removes. It runs the job
# with ShmWise's hook on PYTHONPATH, watches it as `shmwise measure` does on this computer
# (/dev/shm every 10 ms; the job's processes, the /dev/shm files they hold, their PSS and the
# cgroup's memory every 100 ms), stops it, and removes what it left in /dev/shm. It writes one
# line per message on its standard output:
#   H <a line of the hook's log>
#   P {"t": seconds, "batches": n}
#   R {what was seen}
# The job's own output goes to standard error. When nobody reads standard output any more (the
# connection closed, the user cancelled), the job is stopped all the same.
import json
import os
import re
import signal
import subprocess
import sys
import time

HERE = sys.argv[1]
CONFIG = json.load(open(os.path.join(HERE, "config.json")))
LOG = os.path.join(HERE, "measure.jsonl")


class Gone(Exception):
    pass


def say(kind, payload):
    try:
        sys.stdout.write(kind + " " + payload + "\n")
        sys.stdout.flush()
    except (BrokenPipeError, OSError):
        raise Gone()


def read_small(path, limit=1 << 20):
    try:
        with open(path, "rb") as f:
            return f.read(limit)
    except OSError:
        return b""


def kb_field(text, name):
    m = re.search(rb"\n" + name + rb":\s+(\d+) kB", b"\n" + text)
    return int(m.group(1)) * 1024 if m else 0


def shm_usage():
    try:
        s = os.statvfs("/dev/shm")
    except OSError:
        return None
    return (s.f_blocks - s.f_bfree) * s.f_frsize, s.f_blocks * s.f_frsize


def shm_names():
    try:
        return set(os.listdir("/dev/shm")[:100000])
    except OSError:
        return set()


def stat_of(pid):
    raw = read_small("/proc/%d/stat" % pid, 4096).decode("utf-8", "replace")
    close = raw.rfind(")")
    if close < 0:
        return None
    fields = raw[close + 2:].split()
    if len(fields) < 2:
        return None
    return int(fields[1]), fields[0], raw[raw.find("(") + 1:close]


class Tree:
    """The job's processes: its process group and whatever descends from its main process."""

    def __init__(self, main):
        self.main = main
        self.seen = {main}

    def processes(self):
        parents = {}
        groups = {}
        for name in os.listdir("/proc"):
            if not name.isdigit():
                continue
            pid = int(name)
            st = stat_of(pid)
            if not st or st[1] == "Z":
                continue
            parents[pid] = st[0]
            try:
                groups[pid] = os.getpgid(pid)
            except OSError:
                pass
        alive = set(p for p, g in groups.items() if g == self.main)
        changed = True
        while changed:
            changed = False
            for p, pp in parents.items():
                if p not in alive and (pp in alive or pp == self.main):
                    alive.add(p)
                    changed = True
        if self.main in parents:
            alive.add(self.main)
        # A process seen before stays the job's after its parent is gone (a daemon reparented
        # to init, in a session of its own).
        alive |= set(p for p in self.seen if p in parents)
        self.seen |= alive
        return sorted(alive)

    def signal(self, sig):
        try:
            os.killpg(self.main, sig)
        except OSError:
            pass
        for p in self.processes():
            try:
                os.kill(p, sig)
            except OSError:
                pass


def read_job(pids):
    """What the job's processes hold: per process its memory and /dev/shm files; over the job
    the files (each once), the names and the cgroup."""
    files = {}
    names = set()
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
            if not target.startswith("/dev/shm/"):
                continue
            try:
                s = os.stat(link)
            except OSError:
                continue
            key = (s.st_dev, s.st_ino)
            mine.add(key)
            files[key] = max(files.get(key, 0), s.st_blocks * 512)
            if not target.endswith(" (deleted)") and len(names) < 100000:
                names.add(target[9:])
        for line in read_small("/proc/%d/maps" % pid, 64 << 20).split(b"\n"):
            at = line.find(b" /dev/shm/")
            if at < 0:
                continue
            f = line[:at].split()
            if len(f) < 5:
                continue
            lo, _, hi = f[0].partition(b"-")
            major, _, minor = f[3].partition(b":")
            try:
                key = (os.makedev(int(major, 16), int(minor, 16)), int(f[4]))
                length = int(hi, 16) - int(lo, 16)
            except ValueError:
                continue
            mine.add(key)
            files[key] = max(files.get(key, 0), length)
            name = line[at + 10:].decode("utf-8", "replace")
            if not name.endswith(" (deleted)") and len(names) < 100000:
                names.add(name)
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
    return procs, sum(files.values()), names, cgroup, limit


class HookTail:
    """The hook's log as it grows: each line forwarded, and the loaders' batches counted."""

    def __init__(self, path):
        self.path = path
        self.offset = 0
        self.pending = b""
        self.loaders = {}
        self.total = 0
        self.workers = 0  # the most workers any loader has

    def poll(self):
        try:
            with open(self.path, "rb") as f:
                f.seek(self.offset)
                chunk = f.read(16 << 20)
        except OSError:
            return
        self.offset += len(chunk)
        self.pending += chunk
        lines = self.pending.split(b"\n")
        self.pending = lines.pop()
        for raw in lines:
            if not raw.strip() or len(raw) > (1 << 20):
                continue
            line = raw.decode("utf-8", "replace")
            say("H", line)
            try:
                o = json.loads(line)
            except ValueError:
                continue
            if not isinstance(o, dict):
                continue
            key = (o.get("pid"), o.get("id"))
            if o.get("t") == "loader":
                self.loaders.setdefault(key, 0)
                if isinstance(o.get("num_workers"), int):
                    self.workers = max(self.workers, o["num_workers"])
            elif o.get("t") == "batch" and key in self.loaders:
                self.loaders[key] += 1
                self.total += 1

    def fewest(self):
        return min(self.loaders.values()) if self.loaders else 0


def main():
    command = CONFIG["command"]
    seconds = float(CONFIG.get("seconds", 60))
    batches = int(CONFIG.get("batches", 0))
    env = dict(os.environ)
    env["PYTHONPATH"] = HERE + (":" + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    env["SHMWISE_MEASURE_OUT"] = LOG
    open(LOG, "w").close()
    before = shm_names()
    usage = shm_usage()
    result = {"started": False, "shm_baseline": usage[0] if usage else 0,
              "shm_size": usage[1] if usage else None, "python": sys.version.split()[0]}
    workdir = CONFIG.get("workdir") or os.path.expanduser("~")
    try:
        job = subprocess.Popen(command, cwd=workdir, env=env, stdin=subprocess.DEVNULL,
                               stdout=sys.stderr.fileno(), stderr=sys.stderr.fileno(),
                               start_new_session=True)
    except OSError as e:
        result["error"] = "%s: %s" % (command[0], e.strerror or e)
        say("R", json.dumps(result))
        return
    result["started"] = True
    tree = Tree(job.pid)
    tail = HookTail(LOG)
    start = time.monotonic()
    procs = {}
    held_names = set()
    peak = peak_time = held_peak = 0
    cgroup_peak = cgroup_limit = None
    samples = 0
    stop = ""
    stage = 0
    stage_at = 0.0
    final_signal = ""
    by_signal = False
    leftover = 0
    last_detail = -1.0
    last_batch_seen = 0.0
    longest_gap = 0.0
    batches_seen = 0
    main_done = False
    status = None
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
        if not main_done:
            r = job.poll()
            if r is not None:
                main_done = True
                status = r
        detailed = now - last_detail >= 0.1
        if detailed:
            last_detail = now
            if listening:
                try:
                    tail.poll()
                    say("P", json.dumps({"t": round(now, 3), "batches": tail.total}))
                except Gone:
                    listening = False
                    if stage == 0 and not main_done:
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
        if detailed and pids:
            rs, held, names, cg, lim = read_job(pids)
            held_peak = max(held_peak, held)
            held_names |= names
            if cg is not None:
                cgroup_peak = max(cgroup_peak or 0, cg)
            if lim is not None:
                cgroup_limit = lim
            for p in rs:
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
        if main_done:
            left = tree.processes()
            if not left:
                break
            if stage < 2:
                leftover = max(leftover, len(left))
                tree.signal(signal.SIGTERM)
                stage, stage_at = 2, now
            elif stage == 2 and now - stage_at > 2:
                tree.signal(signal.SIGKILL)
                stage, stage_at = 3, now
            elif stage == 3 and now - stage_at > 5:
                break
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
        time.sleep(0.01)

    if status is None:
        status = job.wait()
    removed = []
    torch_name = re.compile(r"^torch_(\d+)_")
    for name in shm_names() - before:
        m = torch_name.match(name)
        if name in held_names or (m and int(m.group(1)) in tree.seen):
            try:
                os.unlink("/dev/shm/" + name)
                removed.append(name)
            except OSError:
                pass
    result.update({
        "seconds": time.monotonic() - start, "stop": stop or "exited",
        "exit_code": status if status >= 0 else None,
        "exit_signal": -status if status < 0 else None, "final_signal": final_signal,
        "stopped_by_signal": by_signal, "leftover": leftover, "shm_peak": peak,
        "shm_peak_time": peak_time, "shm_held_peak": held_peak, "samples": samples,
        "cgroup_peak": cgroup_peak, "cgroup_limit": cgroup_limit,
        "processes": list(procs.values()), "removed": sorted(removed), "main_pid": job.pid,
    })
    if listening:
        try:
            tail.poll()
            say("R", json.dumps(result))
        except Gone:
            pass


if __name__ == "__main__":
    main()
