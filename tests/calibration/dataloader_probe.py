#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Measure the peak /dev/shm use of one real PyTorch DataLoader configuration.

Run it inside a private /dev/shm (tests/helpers/with-shm.sh): it attributes
every byte used on /dev/shm during the run to the loaders it starts.

Three kinds of process take part:
  * the orchestrator (this script without hidden flags) starts everything,
    enforces the overall timeout and prints one JSON object on stdout;
  * a sampler that polls statvfs("/dev/shm") about every millisecond; it
    is a separate process so that the loaders' GIL and CPU use cannot delay
    it, and it never imports torch;
  * one "rank" process per --processes, each with its own DataLoader, started
    as fresh interpreters the way torchrun starts DDP ranks.

Exit status: 0 when every rank finished, 1 otherwise (including timeouts),
2 for a usage error.
"""

import argparse
import ctypes
import json
import math
import os
import queue
import select
import signal
import subprocess
import sys
import tempfile
import threading
import time
import traceback

# Workers started with spawn/forkserver re-import this file as __mp_main__
# and only see module-level code, so the sharing strategy has to be applied
# here; set_sharing_strategy() inside main() would not reach them. The
# sampler process has no such variable and so never pays for importing torch.
_STRATEGY_ENV = "SHMWISE_PROBE_SHARING_STRATEGY"
_RUN_ENV = "SHMWISE_PROBE_RUN"
if os.environ.get(_STRATEGY_ENV):
    import torch
    import torch.multiprocessing

    torch.multiprocessing.set_sharing_strategy(os.environ[_STRATEGY_ENV])

SHM_PATH = "/dev/shm"
PAGE = 4096
DTYPE_SIZES = {
    "float32": 4,
    "float16": 2,
    "bfloat16": 2,
    "int64": 8,
    "int32": 4,
    "uint8": 1,
    "bool": 1,
}
# Collate writes every byte of a batch into /dev/shm whatever the values;
# non-zero fills let the training step check that the data really arrived.
_FILL = {"bool": True, "uint8": 3, "int32": 3, "int64": 3}
_FILL_FLOAT = 1.5


def _die_with_parent(parent_pid):
    """Make this process get SIGKILL when its parent dies, so that a killed
    orchestrator leaves no rank or sampler behind (DataLoader workers already
    watch their own parent)."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, int(signal.SIGKILL), 0, 0, 0)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass
    if os.getppid() != parent_pid:
        os._exit(1)


def _shm_used():
    st = os.statvfs(SHM_PATH)
    return (st.f_blocks - st.f_bfree) * st.f_frsize


def batch_bytes(sample, batch_size, rounded=False):
    total = 0
    for t in sample:
        n = math.prod(t["shape"]) * DTYPE_SIZES[t["dtype"]] * batch_size
        # tmpfs allocates whole pages per shm object, and collate makes one
        # object per tensor (per dict key) per batch.
        total += -(-n // PAGE) * PAGE if rounded else n
    return total


# --------------------------------------------------------------------------
# Sampler


def sampler_main(parent_pid, quantum):
    _die_with_parent(parent_pid)
    # Up to a dozen busy workers share two cores here; without a real-time
    # (or at least raised) priority, the sampler would sleep through the
    # short moments that make the peak.
    priority = "normal"
    try:
        os.sched_setscheduler(0, os.SCHED_FIFO, os.sched_param(10))
        priority = "SCHED_FIFO"
    except (OSError, AttributeError):
        try:
            os.setpriority(os.PRIO_PROCESS, 0, -15)
            priority = "nice-15"
        except OSError:
            pass

    baseline = 0
    for _ in range(30):
        baseline = max(baseline, _shm_used())
        time.sleep(0.001)
    print(json.dumps({"event": "ready", "baseline": baseline}), flush=True)

    # Time spent at each level (in units of `quantum`, normally one rounded
    # batch) tells a steady full prefetch queue apart from a brief overlap.
    levels = {}
    peak, peak_t, count = baseline, 0.0, 0
    t0 = time.monotonic()
    stdin = sys.stdin.fileno()
    while True:
        readable, _, _ = select.select([stdin], [], [], 0.001)
        used = _shm_used()
        count += 1
        if used > peak:
            peak, peak_t = used, time.monotonic() - t0
        if quantum > 0:
            lvl = round((used - baseline) / quantum, 1)
            levels[lvl] = levels.get(lvl, 0) + 1
        if readable:
            break
    elapsed = time.monotonic() - t0
    print(
        json.dumps(
            {
                "event": "result",
                "baseline": baseline,
                "peak": peak,
                "peak_at_seconds": round(peak_t, 4),
                "final": _shm_used(),
                "samples": count,
                "mean_interval_ms": round(1000 * elapsed / max(count, 1), 3),
                "priority": priority,
                "levels": {str(k): v for k, v in sorted(levels.items())},
            }
        ),
        flush=True,
    )


# --------------------------------------------------------------------------
# Rank: one DataLoader


class ProbeDataset:
    """Map-style dataset of constant-filled samples.

    DataLoader only needs __len__/__getitem__, so this needs no torch base
    class; that keeps the module importable without torch in the sampler.
    """

    def __init__(self, spec, length, as_dict, as_numpy, resident_bytes):
        self.spec = spec
        self.length = length
        self.as_dict = as_dict
        self.as_numpy = as_numpy
        # Stands for what real datasets keep on the object (a tensor of
        # labels, an index, a preloaded table): under spawn/forkserver it is
        # pickled to the workers, which moves it into shared memory.
        self.resident = (
            torch.full((resident_bytes,), 7, dtype=torch.uint8)
            if resident_bytes > 0
            else None
        )

    def __len__(self):
        return self.length

    def _make(self, t):
        fill = _FILL.get(t["dtype"], _FILL_FLOAT)
        if self.as_numpy:
            import numpy as np

            return np.full(t["shape"], fill, dtype=np.dtype(t["dtype"]))
        return torch.full(t["shape"], fill, dtype=getattr(torch, t["dtype"]))

    def __getitem__(self, index):
        if self.as_dict:
            return {t["name"]: self._make(t) for t in self.spec}
        return tuple(self._make(t) for t in self.spec)


def _leaves(batch):
    if isinstance(batch, dict):
        return list(batch.values())
    if isinstance(batch, (list, tuple)):
        return list(batch)
    return [batch]


def _check_batch(batch, batch_size):
    # A function of its own so that no stray local keeps a tensor of the last
    # batch alive: under file_system, a tensor still referenced when the rank
    # exits leaves its /dev/shm/torch_* file behind.
    for leaf in _leaves(batch):
        if leaf.shape[0] != batch_size:
            raise RuntimeError(f"unexpected batch shape {tuple(leaf.shape)}")
        if leaf.reshape(-1)[0].item() == 0:
            raise RuntimeError("batch arrived zero-filled")


def rank_main(args, rank, parent_pid):
    _die_with_parent(parent_pid)
    out = sys.stdout

    def emit(obj):
        out.write(json.dumps(obj) + "\n")
        out.flush()

    result = {"event": "result", "rank": rank, "ok": False, "error": None,
              "batches_done": 0}
    try:
        import torch.utils.data

        result["torch_version"] = torch.__version__
        result["sharing_strategy"] = torch.multiprocessing.get_sharing_strategy()
        spec = args.sample
        dataset = ProbeDataset(
            spec,
            args.batch_size * args.batches,
            args.dict,
            args.numpy,
            args.dataset_resident_bytes,
        )
        kwargs = dict(
            batch_size=args.batch_size,
            num_workers=args.num_workers,
            pin_memory=args.pin_memory,
            persistent_workers=args.persistent_workers,
        )
        if args.num_workers > 0:
            kwargs["timeout"] = args.loader_timeout
            kwargs["multiprocessing_context"] = args.start_method
        if args.prefetch_factor is not None:
            kwargs["prefetch_factor"] = args.prefetch_factor
        loader = torch.utils.data.DataLoader(dataset, **kwargs)
        result["prefetch_factor_effective"] = (
            loader.prefetch_factor if args.num_workers > 0 else None
        )
        result["pin_memory_effective"] = bool(
            args.pin_memory and torch.cuda.is_available()
        )

        emit({"event": "ready", "rank": rank})
        if sys.stdin.readline().strip() != "go":
            raise RuntimeError("orchestrator went away before the start signal")

        for _epoch in range(args.epochs):
            for batch in loader:
                # A real step reads the batch (to(device), forward) and keeps
                # it referenced until the next one arrives; the loop variable
                # does exactly that while we sleep.
                _check_batch(batch, args.batch_size)
                result["batches_done"] += 1
                if args.step_sleep > 0:
                    time.sleep(args.step_sleep)
        batch = None
        del loader
        result["ok"] = True
    except BaseException as exc:  # report everything, including SystemExit
        result["error"] = f"{type(exc).__name__}: {exc}".strip()
        # The orchestrator keeps the tail of stderr: where the failure
        # surfaced in the loader matters when reading a new error text.
        traceback.print_exc()
    emit(result)
    # Skip interpreter teardown: a failed loader's worker handles can make
    # shutdown slow, and the orchestrator has what it needs.
    out.flush()
    sys.stderr.flush()
    os._exit(0 if result["ok"] else 1)


# --------------------------------------------------------------------------
# Orchestrator


class _Child:
    def __init__(self, name, argv, env, stderr_file):
        self.name = name
        self.lines = queue.Queue()
        self.proc = subprocess.Popen(
            argv,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=stderr_file,
            env=env,
            text=True,
            bufsize=1,
            # Own process group, so that a kill reaches its DataLoader
            # workers, forkserver and torch_shm_manager too.
            start_new_session=True,
        )
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self):
        for line in self.proc.stdout:
            line = line.strip()
            if not line:
                continue
            try:
                self.lines.put(json.loads(line))
            except ValueError:
                self.lines.put({"event": "noise", "text": line})
        self.lines.put({"event": "eof"})

    def next_event(self, deadline):
        """Next JSON line from the child, or None at the deadline."""
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            try:
                ev = self.lines.get(timeout=min(left, 0.5))
            except queue.Empty:
                continue
            if ev.get("event") != "noise":
                return ev

    def send(self, text):
        try:
            self.proc.stdin.write(text)
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError, ValueError):
            pass

    def drain(self, grace):
        """Give the process group `grace` seconds to exit on its own, then
        kill it. torch_shm_manager (file_system strategy) unlinks leftover
        /dev/shm/torch_* files only if it is allowed to finish."""
        end = time.monotonic() + grace
        while time.monotonic() < end:
            try:
                os.killpg(self.proc.pid, 0)
            except (ProcessLookupError, PermissionError):
                break
            time.sleep(0.05)
        self.kill()

    def kill(self):
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            pass


def _wait_for_shm_managers(token, grace):
    """Wait for the torch_shm_manager daemons of this run to exit.

    They detach into their own session (so a process-group kill misses them)
    and linger a few seconds after their last client; they unlink leftover
    torch_* files on the way out. They inherit the ranks' environment, which
    carries this run's token, so concurrent runs are told apart."""
    needle = f"{_RUN_ENV}={token}".encode()

    def managers():
        found = []
        for pid in os.listdir("/proc"):
            if not pid.isdigit():
                continue
            try:
                with open(f"/proc/{pid}/comm") as f:
                    # comm is cut to 15 characters.
                    if f.read().strip() != "torch_shm_manager"[:15]:
                        continue
                with open(f"/proc/{pid}/environ", "rb") as f:
                    if needle in f.read().split(b"\0"):
                        found.append(int(pid))
            except OSError:
                continue
        return found

    end = time.monotonic() + grace
    while True:
        pids = managers()
        if not pids:
            return
        if time.monotonic() > end:
            for pid in pids:
                try:
                    os.kill(pid, signal.SIGTERM)
                except OSError:
                    pass
            return
        time.sleep(0.1)


def _signal_name(returncode):
    try:
        return signal.Signals(-returncode).name
    except ValueError:
        return f"signal {-returncode}"


def _tail(path, limit=4000):
    try:
        with open(path, "rb") as f:
            f.seek(0, os.SEEK_END)
            size = f.tell()
            f.seek(max(0, size - limit))
            # PyTorch's SIGBUS handler writes its message with the C
            # string's terminating NUL.
            return f.read().decode("utf-8", "replace").replace("\x00", "")
    except OSError:
        return ""


def orchestrate(args, argv):
    t_start = time.monotonic()
    deadline = t_start + args.timeout
    me = os.path.abspath(__file__)
    parent = str(os.getpid())
    quantum = batch_bytes(args.sample, args.batch_size, rounded=True)
    config = {
        "sample": args.sample,
        "dict": args.dict,
        "numpy": args.numpy,
        "batch_size": args.batch_size,
        "num_workers": args.num_workers,
        "prefetch_factor": args.prefetch_factor,
        "persistent_workers": args.persistent_workers,
        "pin_memory": args.pin_memory,
        "start_method": args.start_method,
        "sharing_strategy": args.sharing_strategy,
        "dataset_resident_bytes": args.dataset_resident_bytes,
        "processes": args.processes,
        "batches": args.batches,
        "epochs": args.epochs,
        "step_sleep": args.step_sleep,
    }
    report = {
        "ok": False,
        "error": None,
        "peak_used_bytes": None,
        "baseline_used_bytes": None,
        "peak_bytes": None,
        "final_used_bytes": None,
        "samples": 0,
        "torch_version": None,
        "wall_seconds": None,
        "shm_size_bytes": None,
        "batch_bytes": batch_bytes(args.sample, args.batch_size),
        "batch_bytes_rounded": quantum,
        "config": config,
    }
    st = os.statvfs(SHM_PATH)
    report["shm_size_bytes"] = st.f_blocks * st.f_frsize

    token = f"{os.getpid()}-{time.time_ns()}"
    errors = []
    children = []
    tmpdir = tempfile.mkdtemp(prefix="shmwise-probe-")  # not on /dev/shm
    sampler = None
    try:
        env = {k: v for k, v in os.environ.items()
               if k not in (_STRATEGY_ENV, _RUN_ENV)}
        sampler_err = open(os.path.join(tmpdir, "sampler.err"), "w")
        sampler = _Child(
            "sampler",
            [sys.executable, me, "--_sampler", parent, str(quantum)],
            env,
            sampler_err,
        )
        ev = sampler.next_event(min(deadline, time.monotonic() + 30))
        if not ev or ev.get("event") != "ready":
            raise RuntimeError("sampler did not start: "
                               + _tail(sampler_err.name).strip())
        report["baseline_used_bytes"] = ev["baseline"]

        rank_env = dict(env)
        rank_env[_STRATEGY_ENV] = args.sharing_strategy
        rank_env[_RUN_ENV] = token
        # The torch thread pools would otherwise size themselves to the
        # machine in every rank and worker and fight the sampler for CPU.
        rank_env.setdefault("OMP_NUM_THREADS", "1")
        for r in range(args.processes):
            err = open(os.path.join(tmpdir, f"rank{r}.err"), "w")
            children.append(
                (_Child(f"rank{r}", [sys.executable, me, "--_rank", str(r), parent]
                        + argv, rank_env, err), err.name)
            )

        # Start the loaders together, as DDP ranks that meet in the first
        # collective would; staggered starts would understate the overlap.
        results = {}
        for r, (child, errpath) in enumerate(children):
            ev = child.next_event(deadline)
            if ev is None:
                errors.append(f"rank {r}: timed out before its loader was ready")
                child.kill()
                results[r] = {"ok": False, "error": None, "timed_out": True}
            elif ev.get("event") == "result":
                results[r] = ev
            elif ev.get("event") != "ready":
                results[r] = {"ok": False, "error": None}
        for child, _ in children:
            child.send("go\n")

        for r, (child, errpath) in enumerate(children):
            while r not in results:
                ev = child.next_event(deadline)
                if ev is None:
                    errors.append(f"rank {r}: overall timeout of {args.timeout:g} s")
                    child.kill()
                    results[r] = {"ok": False, "error": None, "timed_out": True}
                elif ev.get("event") in ("result", "eof"):
                    results[r] = ev if ev.get("event") == "result" else {
                        "ok": False, "error": None}
            try:
                child.proc.wait(timeout=max(1.0, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                child.kill()
            res = results[r]
            rc = child.proc.returncode
            if res.get("torch_version"):
                report["torch_version"] = res["torch_version"]
            if "prefetch_factor_effective" in res:
                report["prefetch_factor_effective"] = res["prefetch_factor_effective"]
                report["pin_memory_effective"] = res["pin_memory_effective"]
                report["sharing_strategy_effective"] = res["sharing_strategy"]
            if not res.get("ok") or rc != 0:
                why = res.get("error")
                if why is None and not res.get("timed_out"):
                    if rc is not None and rc < 0:
                        # Without a result line: the rank itself died, e.g. of
                        # SIGBUS while moving a spawn dataset into /dev/shm.
                        why = f"rank process killed by {_signal_name(rc)}"
                    else:
                        why = f"rank process exited with status {rc} without a result"
                if why:
                    errors.append(f"rank {r}: {why}")
                tail = _tail(errpath).strip()
                if tail:
                    report.setdefault("stderr", {})[f"rank{r}"] = tail
            report.setdefault("batches_done", []).append(res.get("batches_done", 0))

        sampler.send("stop\n")
        ev = sampler.next_event(min(deadline + 10, time.monotonic() + 10))
        if not ev or ev.get("event") != "result":
            raise RuntimeError("sampler gave no result")
        report["peak_used_bytes"] = ev["peak"]
        report["peak_bytes"] = ev["peak"] - ev["baseline"]
        report["final_used_bytes"] = ev["final"]
        report["samples"] = ev["samples"]
        report["sample_interval_ms"] = ev["mean_interval_ms"]
        report["peak_at_seconds"] = ev["peak_at_seconds"]
        report["sampler_priority"] = ev["priority"]
        report["levels"] = ev["levels"]
        for child, _ in children:
            child.drain(5.0)
        _wait_for_shm_managers(token, 15.0)
        report["after_exit_used_bytes"] = _shm_used()
    except BaseException as exc:
        errors.append(f"probe: {type(exc).__name__}: {exc}")
    finally:
        for child, _ in children:
            child.kill()
        if sampler is not None:
            sampler.kill()
        for name in os.listdir(tmpdir):
            os.unlink(os.path.join(tmpdir, name))
        os.rmdir(tmpdir)

    report["ok"] = not errors
    report["error"] = "; ".join(errors) if errors else None
    report["wall_seconds"] = round(time.monotonic() - t_start, 3)
    return report


# --------------------------------------------------------------------------
# Command line


def _parse_sample(text):
    try:
        spec = json.loads(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(f"--sample is not JSON: {exc}")
    if not isinstance(spec, list) or not spec:
        raise argparse.ArgumentTypeError("--sample must be a non-empty JSON list")
    names = set()
    for t in spec:
        if not isinstance(t, dict) or set(t) != {"name", "shape", "dtype"}:
            raise argparse.ArgumentTypeError(
                'each --sample entry must be {"name", "shape", "dtype"}')
        if t["dtype"] not in DTYPE_SIZES:
            raise argparse.ArgumentTypeError(
                f"dtype {t['dtype']!r} not one of {', '.join(DTYPE_SIZES)}")
        if not isinstance(t["shape"], list) or not all(
                isinstance(d, int) and d > 0 for d in t["shape"]):
            raise argparse.ArgumentTypeError(f"bad shape {t['shape']!r}")
        if t["name"] in names:
            raise argparse.ArgumentTypeError(f"duplicate name {t['name']!r}")
        names.add(t["name"])
    return spec


def _nonneg_int(text):
    v = int(text)
    if v < 0:
        raise argparse.ArgumentTypeError("must be >= 0")
    return v


def _pos_int(text):
    v = int(text)
    if v < 1:
        raise argparse.ArgumentTypeError("must be >= 1")
    return v


def build_parser():
    p = argparse.ArgumentParser(
        description="Measure the peak /dev/shm use of one DataLoader "
        "configuration. Run inside a private /dev/shm (tests/helpers/with-shm.sh).")
    p.add_argument("--sample", type=_parse_sample, required=True,
                   help='JSON list of {"name","shape":[...],"dtype"}')
    p.add_argument("--dict", action="store_true",
                   help="samples are dicts keyed by name (default: tuples)")
    p.add_argument("--numpy", action="store_true",
                   help="samples hold numpy arrays (default collate)")
    p.add_argument("--batch-size", type=_pos_int, default=1)
    p.add_argument("--num-workers", type=_nonneg_int, default=0)
    p.add_argument("--prefetch-factor", type=int, default=None,
                   help="omit for the PyTorch default")
    p.add_argument("--persistent-workers", action="store_true")
    p.add_argument("--pin-memory", action="store_true")
    p.add_argument("--start-method", choices=["fork", "spawn", "forkserver"],
                   default="fork")
    p.add_argument("--sharing-strategy", choices=["file_descriptor", "file_system"],
                   default="file_descriptor")
    p.add_argument("--dataset-resident-bytes", type=_nonneg_int, default=0)
    p.add_argument("--processes", type=_pos_int, default=1,
                   help="independent loader processes sharing /dev/shm (DDP ranks)")
    p.add_argument("--batches", type=_pos_int, default=8,
                   help="batches per epoch per process")
    p.add_argument("--epochs", type=_pos_int, default=1)
    p.add_argument("--step-sleep", type=float, default=0.05,
                   help="seconds each training step takes (default 0.05)")
    p.add_argument("--loader-timeout", type=float, default=120.0,
                   help="DataLoader timeout per batch, seconds")
    p.add_argument("--timeout", type=float, default=600.0,
                   help="overall limit for the whole run, seconds")
    return p


def main():
    argv = sys.argv[1:]
    if argv[:1] == ["--_sampler"]:
        sampler_main(int(argv[1]), int(argv[2]))
        return 0
    rank = None
    if argv[:1] == ["--_rank"]:
        rank, parent_pid, argv = int(argv[1]), int(argv[2]), argv[3:]
    args = build_parser().parse_args(argv)
    if args.numpy and any(t["dtype"] == "bfloat16" for t in args.sample):
        build_parser().error("numpy has no bfloat16")
    if rank is not None:
        rank_main(args, rank, parent_pid)
        return 1  # not reached

    # Terminate through the normal path so that the finally block kills the
    # children's process groups.
    def _on_signal(signum, _frame):
        raise KeyboardInterrupt(signal.Signals(signum).name)

    signal.signal(signal.SIGTERM, _on_signal)
    signal.signal(signal.SIGHUP, _on_signal)
    report = orchestrate(args, argv)
    print(json.dumps(report), flush=True)
    if report["error"]:
        print(f"dataloader_probe: {report['error']}", file=sys.stderr)
    return 0 if report["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
