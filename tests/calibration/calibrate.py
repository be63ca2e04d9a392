#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Measure peak /dev/shm use over a designed grid of DataLoader setups.

Each grid row runs tests/calibration/dataloader_probe.py once, inside a
private tmpfs on /dev/shm made by tests/helpers/with-shm.sh, and becomes one
line of JSON in the output (JSON Lines). The committed result,
tests/data/calibration.jsonl, is what ShmWise's estimator is fitted to.

Needs root (for the private mount namespace); exits 77 (skip) without it.
See README.md next to this file for the grid and the method.
"""

import argparse
import json
import os
import platform
import re
import signal
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
PROBE = os.path.join(HERE, "dataloader_probe.py")
WITH_SHM = os.path.join(ROOT, "tests", "helpers", "with-shm.sh")
DEFAULT_OUT = os.path.join(ROOT, "tests", "data", "calibration.jsonl")

PAGE = 4096
MIB = 1 << 20
GIB = 1 << 30
EPOCHS = 2
DTYPE_SIZES = {"float32": 4, "float16": 2, "bfloat16": 2, "int64": 8,
               "int32": 4, "uint8": 1, "bool": 1}
SKIP = 77


def t(name, shape, dtype):
    return {"name": name, "shape": shape, "dtype": dtype}


# Per-sample shapes, from ~12 KiB to 6 MiB. Odd sizes (not a multiple of a
# page) and tiny dict entries are there to expose per-object page rounding.
SAMPLES = {
    "tiny12k": [t("x", [3, 32, 32], "float32")],
    "small48k": [t("x", [3, 64, 64], "float32")],
    "odd30k": [t("x", [3, 100, 100], "uint8")],
    "img588k": [t("image", [3, 224, 224], "float32")],
    "imgu8": [t("image", [3, 224, 224], "uint8")],
    "img3m": [t("image", [3, 512, 512], "float32")],
    "video6m": [t("clip", [16, 3, 256, 256], "float16")],
    "bf16_2m": [t("x", [1024, 1024], "bfloat16")],
    "tok16k": [t("input_ids", [2048], "int64")],
    # One page per batch: what is left is the loader's fixed overhead.
    "scalar4b": [t("x", [1], "float32")],
    "mask1m": [t("mask", [1024, 1024], "bool"), t("ids", [1024], "int32")],
    # Text-to-audio conditioning: mel spectrogram + CLAP embedding + T5
    # encoder states and mask; two of the keys are far below a page.
    "audio4": [t("mel", [128, 1024], "float32"), t("clap", [512], "float32"),
               t("t5", [128, 768], "float32"), t("t5_mask", [128], "bool")],
    "imglabel2": [t("image", [3, 224, 224], "uint8"), t("label", [1], "int64")],
    "nlp3": [t("input_ids", [512], "int32"), t("attention_mask", [512], "bool"),
             t("labels", [512], "int64")],
    "np_hwc": [t("image", [224, 224, 3], "uint8")],
    "np_mel": [t("mel", [80, 3000], "float32")],
    "np_mel_label": [t("mel", [80, 3000], "float32"), t("label", [1], "int64")],
    # Many small keys (tabular, recsys): each key of each batch is its own
    # shared-memory object, so under file_system its header can add a page.
    # 16 float32 per key: 4 KiB per key at batch 64, 16 KiB at batch 256.
    "keys48": [t(f"f{i}", [16], "float32") for i in range(48)],
    "keys64": [t(f"f{i}", [16], "float32") for i in range(64)],
    "keys192": [t(f"f{i}", [16], "float32") for i in range(192)],
    # 4 KiB per key per sample: page-exact at any batch size.
    "keys16_4k": [t(f"e{i}", [1024], "float32") for i in range(16)],
    # 4064 bytes per key: just under a page without the header, over with it.
    "near32": [t(f"n{i}", [1016], "float32") for i in range(32)],
    # 200 scalar features: 4 KiB per key at batch 1024, 1 KiB at 256.
    "tab200": [t(f"c{i}", [1], "float32") for i in range(200)],
}


def row(sample, bs, w, pf=None, *, persistent=False, start="fork",
        strategy="file_descriptor", as_dict=False, as_numpy=False,
        resident=0, processes=1, pin=False):
    return {
        "sample_id": sample, "sample": SAMPLES[sample], "dict": as_dict,
        "numpy": as_numpy, "batch_size": bs, "num_workers": w,
        "prefetch_arg": pf, "persistent_workers": persistent,
        "pin_memory": pin, "start_method": start, "sharing_strategy": strategy,
        "processes": processes, "dataset_resident_bytes": resident,
    }


def grid():
    """The designed grid: a base sweep over sample size, batch size and
    workers, then one-factor variations around a few anchors (img588k x 16,
    tiny12k x 8, img3m x 8) so that each effect can be read off a pair."""
    R = row
    rows = [
        # Base: fork, file_descriptor, tuples, default prefetch.
        R("tiny12k", 8, 0), R("tiny12k", 8, 1), R("tiny12k", 8, 2),
        R("tiny12k", 8, 4), R("small48k", 4, 2), R("odd30k", 1, 2),
        R("odd30k", 3, 3), R("img588k", 1, 2), R("img588k", 4, 2),
        R("img588k", 16, 0), R("img588k", 16, 1), R("img588k", 16, 2),
        R("img588k", 16, 3), R("img588k", 16, 4), R("img588k", 32, 2),
        R("img588k", 64, 2), R("imgu8", 64, 3), R("img3m", 8, 2),
        R("img3m", 32, 1), R("video6m", 32, 1, 1), R("video6m", 32, 1),
        R("video6m", 16, 2), R("video6m", 16, 0), R("bf16_2m", 8, 2),
        R("tok16k", 64, 2), R("mask1m", 8, 2), R("scalar4b", 1, 1),
        R("scalar4b", 1, 4),
        # prefetch_factor
        R("img588k", 16, 2, 1), R("img588k", 16, 2, 4), R("tiny12k", 8, 4, 1),
        R("tiny12k", 8, 4, 4), R("img3m", 8, 1, 4), R("img588k", 32, 3, 4),
        R("small48k", 4, 1, 1),
        # persistent_workers (pairs with base rows)
        R("tiny12k", 8, 2, persistent=True), R("img588k", 16, 2, persistent=True),
        R("img3m", 8, 2, persistent=True), R("video6m", 16, 2, persistent=True),
        R("tiny12k", 8, 4, 4, persistent=True),
        R("img588k", 16, 4, persistent=True),
        # start method
        R("tiny12k", 8, 2, start="spawn"), R("img588k", 16, 2, start="spawn"),
        R("img3m", 8, 2, start="spawn"),
        R("img588k", 16, 2, start="spawn", persistent=True),
        R("img588k", 16, 4, 1, start="spawn"),
        R("img588k", 16, 2, start="forkserver"),
        R("img3m", 8, 2, start="forkserver", persistent=True),
        # sharing strategy
        R("img588k", 16, 2, strategy="file_system"),
        R("tiny12k", 8, 4, strategy="file_system"),
        R("img3m", 8, 2, strategy="file_system"),
        R("img588k", 16, 2, start="spawn", strategy="file_system"),
        R("video6m", 16, 2, strategy="file_system", persistent=True),
        # dict samples
        R("audio4", 1, 2, as_dict=True), R("audio4", 8, 2, as_dict=True),
        R("audio4", 32, 2, as_dict=True),
        R("audio4", 32, 4, as_dict=True, persistent=True),
        R("imglabel2", 32, 2, as_dict=True), R("imglabel2", 64, 3, 4, as_dict=True),
        R("nlp3", 64, 2, as_dict=True), R("nlp3", 8, 4, as_dict=True),
        R("audio4", 16, 2, as_dict=True, start="spawn", strategy="file_system"),
        R("audio4", 16, 0, as_dict=True),
        # numpy samples, default collate
        R("np_hwc", 32, 2, as_numpy=True), R("np_mel", 16, 3, as_numpy=True),
        R("np_mel_label", 16, 2, as_numpy=True, as_dict=True),
        R("np_hwc", 64, 2, as_numpy=True, start="spawn", persistent=True),
        # tensors held by the Dataset object
        R("img588k", 16, 1, start="spawn", resident=64 * MIB),
        R("img588k", 16, 2, start="spawn", resident=64 * MIB),
        R("img588k", 16, 4, start="spawn", resident=64 * MIB),
        R("img588k", 16, 2, start="fork", resident=64 * MIB),
        R("img588k", 16, 2, start="forkserver", resident=64 * MIB),
        R("img588k", 16, 2, start="spawn", persistent=True, resident=64 * MIB),
        R("img588k", 16, 0, start="spawn", resident=64 * MIB),
        R("img588k", 16, 2, start="spawn", strategy="file_system",
          resident=64 * MIB),
        R("img3m", 8, 2, start="spawn", resident=256 * MIB),
        R("img588k", 16, 2, start="spawn", resident=64 * MIB, processes=2),
        # several loader processes on one /dev/shm (DDP ranks)
        R("img588k", 16, 2, processes=2), R("img588k", 16, 2, processes=3),
        R("img3m", 8, 1, processes=2), R("tiny12k", 8, 1, processes=3),
        R("audio4", 16, 2, as_dict=True, persistent=True, processes=2),
        # pin_memory (without CUDA, PyTorch 1.13 turns it off silently)
        R("img588k", 16, 2, pin=True), R("img3m", 8, 2, pin=True, persistent=True),
        # many keys, page-exact per batch: file_system against file_descriptor
        R("keys48", 64, 4, persistent=True, as_dict=True, strategy="file_system"),
        R("keys48", 64, 4, persistent=True, as_dict=True),
        R("keys48", 64, 4, as_dict=True, strategy="file_system"),
        R("keys48", 64, 2, as_dict=True, strategy="file_system"),
        R("keys48", 64, 1, as_dict=True, strategy="file_system"),
        R("keys48", 64, 2, 4, as_dict=True, strategy="file_system"),
        R("keys48", 64, 0, as_dict=True, strategy="file_system"),
        R("keys48", 64, 2, as_dict=True, start="spawn", strategy="file_system"),
        R("keys48", 64, 2, as_dict=True, start="forkserver", strategy="file_system"),
        R("keys48", 64, 2, as_dict=True, strategy="file_system", processes=2),
        R("keys64", 256, 4, as_dict=True, strategy="file_system"),
        R("keys64", 256, 4, as_dict=True),
        R("keys64", 256, 2, as_dict=True, persistent=True, strategy="file_system"),
        R("keys64", 256, 3, as_dict=True, strategy="file_system"),
        R("keys64", 256, 2, 1, as_dict=True, strategy="file_system"),
        R("keys64", 256, 2, strategy="file_system"),
        R("keys16_4k", 8, 2, as_dict=True, strategy="file_system"),
        R("keys16_4k", 8, 2, as_dict=True),
        R("keys16_4k", 1, 4, as_dict=True, strategy="file_system"),
        R("keys16_4k", 32, 2, as_dict=True, persistent=True, strategy="file_system"),
        R("keys16_4k", 8, 2, as_dict=True, as_numpy=True, strategy="file_system"),
        R("near32", 1, 2, as_dict=True, strategy="file_system"),
        R("near32", 1, 2, as_dict=True),
        R("near32", 1, 4, 4, as_dict=True, strategy="file_system"),
        R("tab200", 1024, 2, as_dict=True, strategy="file_system"),
        R("tab200", 1024, 1, as_dict=True),
        R("tab200", 256, 2, as_dict=True, strategy="file_system"),
        # enough page-exact keys that the headers outgrow the fixed margin
        R("keys192", 64, 4, as_dict=True, persistent=True, strategy="file_system"),
        R("keys192", 64, 4, as_dict=True, persistent=True),
        R("keys192", 64, 3, 4, as_dict=True, strategy="file_system"),
    ]
    quick = [
        R("tiny12k", 8, 2), R("img588k", 16, 0),
        R("audio4", 8, 2, as_dict=True),
        R("np_hwc", 16, 1, as_numpy=True),
        R("small48k", 8, 1, start="spawn", resident=8 * MIB),
    ]
    return rows, quick


def row_id(r):
    parts = [r["sample_id"], f"b{r['batch_size']}", f"w{r['num_workers']}"]
    if r["prefetch_arg"] is not None:
        parts.append(f"p{r['prefetch_arg']}")
    parts.append(r["start_method"])
    parts.append("fs" if r["sharing_strategy"] == "file_system" else "fd")
    for key, tag in (("dict", "dict"), ("numpy", "numpy"),
                     ("persistent_workers", "persist"), ("pin_memory", "pin")):
        if r[key]:
            parts.append(tag)
    if r["dataset_resident_bytes"]:
        parts.append(f"res{r['dataset_resident_bytes'] // MIB}m")
    if r["processes"] > 1:
        parts.append(f"x{r['processes']}")
    return "-".join(parts)


def batch_bytes(sample, bs, rounded=False):
    total = 0
    for x in sample:
        n = DTYPE_SIZES[x["dtype"]] * bs
        for d in x["shape"]:
            n *= d
        total += -(-n // PAGE) * PAGE if rounded else n
    return total


def effective_prefetch(r):
    if r["num_workers"] == 0:
        return None
    return 2 if r["prefetch_arg"] is None else r["prefetch_arg"]


def plan(r):
    """Choose the training-step time and the length of a run.

    The peak only shows once the prefetch queue is full, which needs the
    step to be slower than the workers. Producing a batch costs about one
    pass to fill the samples and one to collate into /dev/shm (~500 MB/s on
    one core here, rounded down); the workers of all ranks share two cores,
    and the main process and the sampler need some CPU too."""
    w = r["num_workers"]
    pf = effective_prefetch(r) or 0
    b = batch_bytes(r["sample"], r["batch_size"])
    t_batch = 0.005 + b / 300e6
    if w == 0:
        step = 0.03
    else:
        cores_per_rank = min(float(w), 2.0 / r["processes"])
        step = max(0.03, 2.5 * t_batch / cores_per_rank)
    # Filling takes about 2*W*P steps at that margin; then a few in steady
    # state.
    batches = 2 * w * pf + 8
    est = r["processes"] * ((w * pf + 4) * batch_bytes(
        r["sample"], r["batch_size"], rounded=True) + r["dataset_resident_bytes"])
    shm_size = max(2 * GIB, 2 * est + 64 * MIB)
    return round(step, 3), batches, shm_size


def _kill_group(proc):
    # SIGTERM first: the probe then kills its ranks' process groups (workers
    # included) itself; a SIGKILL would leave those to notice on their own.
    for sig, grace in ((signal.SIGTERM, 15), (signal.SIGKILL, 10)):
        try:
            os.killpg(proc.pid, sig)
        except ProcessLookupError:
            break
        try:
            proc.communicate(timeout=grace)
            return
        except subprocess.TimeoutExpired:
            continue
    proc.communicate()


def run_probe(r, python, timeout):
    step, batches, shm_size = plan(r)
    argv = [
        WITH_SHM, str(shm_size), python, PROBE,
        "--sample", json.dumps(r["sample"]),
        "--batch-size", str(r["batch_size"]),
        "--num-workers", str(r["num_workers"]),
        "--start-method", r["start_method"],
        "--sharing-strategy", r["sharing_strategy"],
        "--dataset-resident-bytes", str(r["dataset_resident_bytes"]),
        "--processes", str(r["processes"]),
        "--batches", str(batches), "--epochs", str(EPOCHS),
        "--step-sleep", str(step), "--timeout", str(timeout),
    ]
    if r["prefetch_arg"] is not None:
        argv += ["--prefetch-factor", str(r["prefetch_arg"])]
    for key, flag in (("dict", "--dict"), ("numpy", "--numpy"),
                      ("persistent_workers", "--persistent-workers"),
                      ("pin_memory", "--pin-memory")):
        if r[key]:
            argv.append(flag)
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, start_new_session=True)
    try:
        out, err = proc.communicate(timeout=timeout + 60)
    except subprocess.TimeoutExpired:
        # The probe enforces its own limit; this is the backstop should it
        # hang itself. Its process group holds everything it started.
        _kill_group(proc)
        return None, f"probe did not finish within {timeout + 60} s", proc.returncode
    except BaseException:
        # Ctrl-C reaches only our own process group, not the probe's.
        _kill_group(proc)
        raise
    if proc.returncode == SKIP:
        return None, err.strip(), SKIP
    try:
        return json.loads(out.strip().splitlines()[-1]), err.strip(), proc.returncode
    except (ValueError, IndexError):
        return None, (err.strip() or "probe printed no JSON"), proc.returncode


def to_record(r, rep, kernel):
    return {
        "sample": r["sample"],
        "dict": r["dict"],
        "numpy": r["numpy"],
        "batch_size": r["batch_size"],
        "num_workers": r["num_workers"],
        "prefetch_factor": effective_prefetch(r),
        "persistent_workers": r["persistent_workers"],
        "pin_memory": r["pin_memory"],
        "start_method": r["start_method"],
        "sharing_strategy": r["sharing_strategy"],
        "processes": r["processes"],
        "dataset_resident_bytes": r["dataset_resident_bytes"],
        "batches": plan(r)[1],
        "peak_bytes": rep.get("peak_bytes") if rep else None,
        "baseline_bytes": rep.get("baseline_used_bytes") if rep else None,
        "batch_bytes": batch_bytes(r["sample"], r["batch_size"]),
        "torch": rep.get("torch_version") if rep else None,
        "host_kernel": kernel,
        "ok": bool(rep and rep.get("ok")),
    }


def write_atomic(path, lines):
    if path == "-":
        sys.stdout.write("".join(lines))
        sys.stdout.flush()
        return
    d = os.path.dirname(os.path.abspath(path))
    os.makedirs(d, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".calibration-", suffix=".tmp", dir=d)
    try:
        with os.fdopen(fd, "w") as f:
            f.writelines(lines)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--out", default=None,
                   help=f"JSON Lines output, '-' for stdout (default {DEFAULT_OUT}; "
                   "a partial grid needs an explicit --out)")
    p.add_argument("--quick", action="store_true",
                   help="a handful of small rows, for smoke tests")
    p.add_argument("--filter", action="append", default=[], metavar="REGEX",
                   help="only rows whose id matches (repeatable; see --list)")
    p.add_argument("--list", action="store_true", help="print the row ids and exit")
    p.add_argument("--raw", metavar="FILE",
                   help="also keep every probe's full report here (JSON Lines)")
    p.add_argument("--python", default=sys.executable,
                   help="interpreter with torch for the probe (default: this one)")
    p.add_argument("--timeout", type=float, default=300.0,
                   help="limit per row, seconds (default 300)")
    p.add_argument("--retries", type=int, default=1,
                   help="reruns of a failed row before recording it as ok=false")
    args = p.parse_args()

    rows, quick = grid()
    rows = quick if args.quick else rows
    try:
        pats = [re.compile(f) for f in args.filter]
    except re.error as exc:
        p.error(f"bad --filter: {exc}")
    if pats:
        rows = [r for r in rows if any(pt.search(row_id(r)) for pt in pats)]
    if args.list:
        for r in rows:
            step, batches, size = plan(r)
            print(f"{row_id(r)}  B={batch_bytes(r['sample'], r['batch_size'])}"
                  f"  step={step}s  batches={batches}x{EPOCHS}")
        return 0
    if not rows:
        p.error("no grid row matches --filter")
    partial = args.quick or bool(pats)
    if args.out is None:
        if partial:
            p.error("--quick/--filter need an explicit --out; the default file "
                    "holds the full grid")
        args.out = DEFAULT_OUT

    kernel = platform.release()
    lines, raw, failed = [], [], 0
    t0 = time.monotonic()
    for i, r in enumerate(rows, 1):
        rid = row_id(r)
        for attempt in range(args.retries + 1):
            t1 = time.monotonic()
            rep, err, rc = run_probe(r, args.python, args.timeout)
            if rc == SKIP:
                print(f"calibrate: cannot run: {err}", file=sys.stderr)
                return SKIP
            if rep and rep.get("ok"):
                break
            why = (rep or {}).get("error") or err or f"exit status {rc}"
            print(f"[{i}/{len(rows)}] {rid}: FAILED (attempt {attempt + 1}): {why}",
                  file=sys.stderr)
        rec = to_record(r, rep, kernel)
        failed += not rec["ok"]
        lines.append(json.dumps(rec) + "\n")
        if rep is not None:
            raw.append(json.dumps(dict(rep, row_id=rid)) + "\n")
        msg = f"[{i}/{len(rows)}] {rid}: "
        if rec["peak_bytes"] is not None:
            br = batch_bytes(r["sample"], r["batch_size"], rounded=True)
            msg += (f"peak {rec['peak_bytes'] / MIB:.2f} MiB = "
                    f"{rec['peak_bytes'] / br:.2f} x B_rounded")
        else:
            msg += "no measurement"
        print(f"{msg} ({time.monotonic() - t1:.1f} s)", file=sys.stderr, flush=True)

    write_atomic(args.out, lines)
    if args.raw:
        write_atomic(args.raw, raw)
    print(f"calibrate: {len(rows)} rows, {failed} failed, "
          f"{time.monotonic() - t0:.0f} s -> {args.out}", file=sys.stderr)
    return 1 if failed else 0


def _on_sigterm(_signum, _frame):
    # Unwind through run_probe so that the running probe is killed too.
    raise KeyboardInterrupt


if __name__ == "__main__":
    signal.signal(signal.SIGTERM, _on_sigterm)
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        sys.exit(130)
