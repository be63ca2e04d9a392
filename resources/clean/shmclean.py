# SPDX-License-Identifier: GPL-3.0-or-later
# What in a shared-memory folder is provably ours to delete, and deleting it safely, on a host
# ShmWise reaches over SSH, Docker or Kubernetes: the rule of probes/shmowner.h, for the host's
# own Python (standard library only, Python 3.6 or later). Nothing is installed there: the
# script is written to a temporary folder, run and removed.
#
# Two users, one implementation:
#   - `shmwise clean --target T` runs it as a program:
#       python3 shmclean.py --dir DIR --older-than SECONDS [--yes] [--uid-any]
#     It writes one JSON object per line on its standard output (ASCII only):
#       {"t": "start", "version": 1, "uid": the caller, "dir": the folder's real path}
#       {"t": "wait"}                          while a long scan goes on (every 2 s at most)
#       {"t": "file", "name" or "name_b64", "bytes", "age", "removed", "would_remove",
#        "left_because": null or a code, "pid"/"uid"/"error" with some codes}
#       {"t": "summary", "dry_run", "listed", "held", "held_bytes", "other_owners", "younger",
#        "not_regular", "over_cap", "unreadable_processes"}
#       {"t": "error", "why": a code, "error": text, "dir": path}
#     A name that is not UTF-8 comes as "name_b64" (its bytes in base64).
#   - `shmwise measure --target ssh://...`: remote_runner.py imports it from its folder and
#     removes what the measured job provably left through remove_files().
#
# A file is removed only when, just before its unlink:
#   - it is a regular file directly in the folder, opened with O_NOFOLLOW | O_NONBLOCK (no link,
#     FIFO, device or folder is ever opened for reading or removed);
#   - it is the same inode that was listed, owned by the caller (root: anyone, when asked);
#   - for clean, unchanged for at least --older-than seconds;
#   - no process holds it open or maps it (every /proc/PID/fd and maps that can be read), and a
#     write lease on it is granted, which the kernel refuses while any other open file refers to
#     it, in any process or container; right before the unlink the name is checked to be that
#     file still and the lease unbroken.
# Anything else is left alone, with the reason. Files it did not list are never removed, and
# when nobody reads its output any more (the connection closed) it removes nothing more.
import base64
import errno
import json
import os
import re
import signal
import stat
import sys
import time

SHM = "/dev/shm"
MAX_FILES = 1000000  # files listed (and so removed) at most in one run; the rest are counted
# The system folders `shmwise clean` refuses on this computer (core/atomicfile's
# systemDirectory()), checked here on the host's own paths.
SYSTEM_DIRS = ("/etc", "/usr", "/boot", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/var/lib")
F_SETLEASE = 1024
F_GETLEASE = 1025
OPEN_FLAGS = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0) | \
    getattr(os, "O_NOCTTY", 0)
MAPS_LINE = re.compile(rb"(?m)^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ ([0-9a-f]+):([0-9a-f]+) (\d+) *(.*)$")


def read_small(path, limit=1 << 20):
    try:
        with open(path, "rb") as f:
            return f.read(limit)
    except OSError:
        return b""


def fd_keys(pid, inodes, prefix=SHM + "/"):
    """(dev, inode) of the files the process holds open whose inode is in `inodes`; None when
    they cannot be read. A file is stat()ed only when its path starts with `prefix` or its inode
    (as fdinfo says, so that no other file system is asked) is one of those, or fdinfo is
    silent."""
    fd_dir = "/proc/%d/fd" % pid
    try:
        fds = os.listdir(fd_dir)
    except (FileNotFoundError, ProcessLookupError):
        return set()
    except OSError:
        return None
    keys = set()
    for fd in fds:
        link = fd_dir + "/" + fd
        try:
            target = os.readlink(link)
        except OSError:
            continue
        if target.startswith(("pipe:", "socket:", "anon_inode:")):
            continue
        if not target.startswith(prefix):
            m = re.search(rb"\nino:\s*(\d+)", b"\n" + read_small("/proc/%d/fdinfo/%s" % (pid, fd),
                                                                 4096))
            if m and int(m.group(1)) not in inodes:
                continue
        try:
            s = os.stat(link)
        except OSError:
            continue
        if s.st_ino in inodes:
            keys.add((s.st_dev, s.st_ino))
    return keys


def maps_lines(pid, wanted=None, prefix=SHM + "/"):
    """The file mappings of a process as (dev, inode, length, path): those whose path starts
    with `prefix`, or when `wanted` (a set of inodes) is given, those whose inode is in it; None
    when they cannot be read."""
    try:
        with open("/proc/%d/maps" % pid, "rb") as f:
            data = f.read(64 << 20)
    except (FileNotFoundError, ProcessLookupError):
        return []
    except OSError:
        return None
    if wanted is not None and len(wanted) <= 64 and \
            not any((b" %d " % ino) in data for ino in wanted):
        return []
    out = []
    want_path = os.fsencode(prefix)
    for m in MAPS_LINE.finditer(data):
        lo, hi, major, minor, ino, path = m.groups()
        ino = int(ino)
        if ino == 0:
            continue
        if wanted is None:
            if not path.startswith(want_path):
                continue
        elif ino not in wanted:
            continue
        out.append((os.makedev(int(major, 16), int(minor, 16)), ino, int(hi, 16) - int(lo, 16),
                    path.strip()))
    return out


def holders(keys, skip, prefix=SHM + "/", tick=None):
    """Which processes (other than those in `skip`) hold or map any of `keys` ((dev, inode)
    pairs): {key: [pid, ...]}, and how many processes could not be looked into. `tick` is
    called now and then during a long scan."""
    found = {}
    blind = 0
    if not keys:
        return found, blind
    inodes = set(k[1] for k in keys)
    try:
        names = os.listdir("/proc")
    except OSError:
        return found, 1
    for n, name in enumerate(names):
        if not name.isdigit():
            continue
        if tick is not None and n % 64 == 0:
            tick()
        pid = int(name)
        if pid in skip:
            continue
        held = fd_keys(pid, inodes, prefix)
        mapped = maps_lines(pid, inodes, prefix)
        if held is None or mapped is None:
            blind += 1
        for k in (held or ()):
            if k in keys:
                found.setdefault(k, []).append(pid)
        for dev, ino, _, _ in (mapped or ()):
            if (dev, ino) in keys:
                found.setdefault((dev, ino), []).append(pid)
    return found, blind


def lease(fd):
    """Takes a write lease on an open file, which the kernel grants only while no other open
    file (a descriptor or a mapping, of any process) refers to it, and which holds off anyone
    who opens it until it is released: True when granted, False when another open file exists,
    None where leases are not offered."""
    try:
        import fcntl
        fcntl.fcntl(fd, getattr(fcntl, "F_SETLEASE", F_SETLEASE), fcntl.F_WRLCK)
    except OSError as e:
        return False if e.errno in (errno.EAGAIN, errno.EBUSY) else None
    except ImportError:
        return None
    return True


def lease_held(fd):
    """Whether this write lease is still unbroken (nobody tried to open the file meanwhile)."""
    try:
        import fcntl
        return fcntl.fcntl(fd, getattr(fcntl, "F_GETLEASE", F_GETLEASE)) == fcntl.F_WRLCK
    except (OSError, ImportError):
        return False


def unlease(fd):
    try:
        import fcntl
        fcntl.fcntl(fd, getattr(fcntl, "F_SETLEASE", F_SETLEASE), fcntl.F_UNLCK)
    except (OSError, ImportError):
        pass


class NoSigio:
    """SIGIO (a lease being broken) ignored while leases are held: by default it would end this
    process. `ok` is False where it cannot be (not the main thread): then no lease is taken."""

    def __enter__(self):
        self.old = None
        self.ok = False
        try:
            self.old = signal.signal(signal.SIGIO, signal.SIG_IGN)
            self.ok = True
        except (AttributeError, ValueError, OSError):
            pass
        return self

    def __exit__(self, *exc):
        if self.ok:
            try:
                signal.signal(signal.SIGIO, self.old if self.old is not None else signal.SIG_DFL)
            except (ValueError, OSError):
                pass
        return False


def age_of(st, now):
    """Seconds since the file was last modified or changed, whichever is later."""
    return max(0, int(now - max(st.st_mtime, st.st_ctime)))


def plain_name(name):
    return bool(name) and "/" not in name and "\0" not in name and name not in (".", "..")


def remove_files(dirfd, dev, wanted, owner, older_than=None, dry_run=False, skip=(),
                 prefix=SHM + "/", batch=None, report=None, tick=None):
    """Removes from the folder open at `dirfd` (on device `dev`) each of `wanted`, a list of
    (name, inode) as listed, that passes every check above at the moment of its removal.
    `owner`: the uid a file must have (None: any). `older_than`: seconds a file must be unchanged
    (None: no age asked). `skip`: PIDs not counted as holders. Holders are looked up once for
    `batch` files at a time (all at once when None), right before those are checked.
    `report(name, code, detail)` is called for each file still there: code None when it was
    removed (in a dry run: would be), else why it was left ("symlink", "unreadable",
    "not-regular", "replaced", "other-owner", "young", "held", "in-use", "opened",
    "unremovable", "not-plain-name"), with a pid, uid, age or error text as detail; when it
    returns False nothing more is removed. Returns how many processes could not be looked
    into."""
    blind = 0
    skip = set(skip) | {os.getpid()}
    step = batch or max(1, len(wanted))
    with NoSigio() as sigio:
        for at in range(0, len(wanted), step):
            part = wanted[at:at + step]
            found, b = holders(set((dev, ino) for _, ino in part), skip, prefix, tick)
            blind = max(blind, b)
            for name, ino in part:
                if tick is not None:
                    tick()
                code, detail = _remove_one(dirfd, dev, name, ino, owner, older_than, dry_run,
                                           found, sigio.ok)
                if code == "gone":
                    continue  # removed by its owner meanwhile: nothing left to say
                if report is not None and report(name, code, detail) is False:
                    return blind
    return blind


def _remove_one(dirfd, dev, name, ino, owner, older_than, dry_run, found, may_lease):
    if not plain_name(name):
        return "not-plain-name", None
    try:
        fd = os.open(name, OPEN_FLAGS, dir_fd=dirfd)
    except FileNotFoundError:
        return "gone", None
    except OSError as err:
        if err.errno == errno.ELOOP:
            return "symlink", None
        return "unreadable", err.strerror or str(err)
    try:
        st = os.fstat(fd)
        key = (st.st_dev, st.st_ino)
        if not stat.S_ISREG(st.st_mode):
            return "not-regular", None
        if key != (dev, ino):
            return "replaced", None
        if owner is not None and st.st_uid != owner:
            return "other-owner", st.st_uid
        if older_than is not None and age_of(st, time.time()) < older_than:
            return "young", age_of(st, time.time())
        if key in found:
            return "held", found[key][0]
        leased = lease(fd) if may_lease else None
        if leased is False:
            return "in-use", None
        try:
            # The lease (where granted) makes any later open wait for it; the name is checked
            # to be this file still, and the lease unbroken, right before the unlink.
            try:
                now = os.stat(name, dir_fd=dirfd, follow_symlinks=False)
            except OSError:
                return "replaced", None
            if (now.st_dev, now.st_ino) != key:
                return "replaced", None
            if leased and not lease_held(fd):
                return "opened", None
            if dry_run:
                return None, None
            try:
                os.unlink(name, dir_fd=dirfd)
            except OSError as err:
                return "unremovable", err.strerror or str(err)
            return None, None
        finally:
            if leased:
                unlease(fd)
    except OSError as err:
        return "unremovable", err.strerror or str(err)
    finally:
        os.close(fd)


def list_folder(dirfd, dev, prefix, now, tick=None):
    """Every entry directly in the folder: [(name, ino, allocated bytes, uid, age, regular)], and
    {(dev, ino): [pid, ...]} of the regular files some process holds or maps, and how many
    processes could not be looked into."""
    entries = []
    for n, name in enumerate(os.listdir(dirfd)):
        if tick is not None and n % 4096 == 0:
            tick()
        try:
            st = os.stat(name, dir_fd=dirfd, follow_symlinks=False)
        except OSError:
            continue  # removed meanwhile
        entries.append((name, st.st_ino, st.st_blocks * 512, st.st_uid, age_of(st, now),
                        stat.S_ISREG(st.st_mode) and st.st_dev == dev))
    keys = set((dev, e[1]) for e in entries if e[5])
    found, blind = holders(keys, {os.getpid()}, prefix, tick)
    return entries, found, blind


class Out:
    """One JSON object per line on standard output; `gone` once nobody reads it."""

    def __init__(self):
        self.gone = False
        self.last = time.monotonic()

    def say(self, obj):
        if self.gone:
            return False
        try:
            sys.stdout.write(json.dumps(obj, ensure_ascii=True, separators=(",", ":")) + "\n")
            sys.stdout.flush()
        except (OSError, ValueError):
            self.gone = True
            return False
        self.last = time.monotonic()
        return True

    def tick(self):
        if time.monotonic() - self.last >= 2:
            self.say({"t": "wait"})


def name_fields(name):
    raw = os.fsencode(name)
    try:
        return {"name": raw.decode("utf-8")}
    except UnicodeDecodeError:
        return {"name_b64": base64.b64encode(raw).decode("ascii")}


def system_directory(real):
    if real == "/":
        return real
    for d in SYSTEM_DIRS:
        if real == d or real.startswith(d + "/"):
            return d
    return None


def parse_args(argv):
    opts = {"dir": SHM, "older_than": 600, "yes": False, "uid_any": False}
    it = iter(argv)
    for arg in it:
        key, eq, value = arg.partition("=")
        if key in ("--dir", "--older-than") and not eq:
            value = next(it, None)
            if value is None:
                raise ValueError("%s needs a value" % key)
        if key == "--dir":
            opts["dir"] = value
        elif key == "--older-than":
            if not value.isdigit() or len(value) > 12:
                raise ValueError("--older-than wants whole seconds, not %r" % value)
            opts["older_than"] = int(value)
        elif arg == "--yes":
            opts["yes"] = True
        elif arg == "--uid-any":
            opts["uid_any"] = True
        else:
            raise ValueError("unknown argument %r" % arg)
    if not opts["dir"]:
        raise ValueError("--dir is empty")
    return opts


def main(argv):
    out = Out()
    if sys.version_info < (3, 6):
        out.say({"t": "error", "why": "old-python", "error": sys.version.split()[0]})
        return 2
    try:
        opts = parse_args(argv)
    except ValueError as e:
        out.say({"t": "error", "why": "bad-usage", "error": str(e)})
        return 2
    folder = opts["dir"]
    uid = os.geteuid()
    try:
        dirfd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) |
                        getattr(os, "O_CLOEXEC", 0))
    except OSError as e:
        why = "no-dir" if e.errno in (errno.ENOENT, errno.ENOTDIR) else "unreadable-dir"
        out.say({"t": "error", "why": why, "error": e.strerror or str(e), "dir": folder})
        return 2
    try:
        real = os.path.realpath(folder)
        system = system_directory(real)
        if system:
            out.say({"t": "error", "why": "system-dir", "dir": folder, "system": system})
            return 2
        dev = os.fstat(dirfd).st_dev
        prefix = real.rstrip("/") + "/"
        out.say({"t": "start", "version": 1, "uid": uid, "dir": real})
        now = time.time()
        try:
            entries, found, blind = list_folder(dirfd, dev, prefix, now, out.tick)
        except OSError as e:
            out.say({"t": "error", "why": "unreadable-dir", "error": e.strerror or str(e),
                     "dir": folder})
            return 2
        # Root may remove anyone's files when asked (as on this computer); anyone else only
        # their own (a lease needs the file's owner anyway).
        owner = None if (uid == 0 and opts["uid_any"]) else uid
        summary = {"t": "summary", "dry_run": not opts["yes"], "held": 0, "held_bytes": 0,
                   "other_owners": 0, "younger": 0, "not_regular": 0, "over_cap": 0}
        candidates = []
        for name, ino, size, fuid, age, regular in entries:
            if not regular:
                summary["not_regular"] += 1
            elif (dev, ino) in found:
                summary["held"] += 1
                summary["held_bytes"] += size
            elif owner is not None and fuid != owner:
                summary["other_owners"] += 1
            elif age < opts["older_than"]:
                summary["younger"] += 1
            else:
                candidates.append((name, ino, size, age))
        # The largest first; what is over the cap is neither listed nor removed.
        candidates.sort(key=lambda c: (-c[2], c[0]))
        summary["over_cap"] = max(0, len(candidates) - MAX_FILES)
        candidates = candidates[:MAX_FILES]
        info = dict((c[0], c) for c in candidates)
        listed = [0]

        def report(name, code, detail):
            _, _, size, age = info[name]
            line = {"t": "file", "bytes": size, "age": age, "removed": code is None and opts["yes"],
                    "would_remove": code is None and not opts["yes"], "left_because": code}
            line.update(name_fields(name))
            if code == "held":
                line["pid"] = detail
            elif code == "other-owner":
                line["uid"] = detail
            elif code == "young":
                line["age"] = detail
            elif detail is not None:
                line["error"] = str(detail)[:200]
            listed[0] += 1
            return out.say(line)

        blind = max(blind, remove_files(dirfd, dev, [(c[0], c[1]) for c in candidates], owner,
                                        opts["older_than"], not opts["yes"], prefix=prefix,
                                        report=report, tick=out.tick))
        summary["listed"] = listed[0]
        summary["unreadable_processes"] = blind
        out.say(summary)
        return 0
    finally:
        os.close(dirfd)
        if out.gone:
            # Nobody reads any more: what Python would flush at exit goes nowhere.
            try:
                os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            except OSError:
                pass


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
