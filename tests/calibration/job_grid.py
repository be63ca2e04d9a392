#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Measure the training scripts of jobs/ over a grid of their settings.

Each row runs one script of tests/calibration/jobs/ with some arguments under
job_probe.py, inside a private tmpfs on /dev/shm (tests/helpers/with-shm.sh)
far larger than it needs, and records its peak /dev/shm use together with the
profile a user of that script writes by following docs/profile.md. The
committed result, tests/data/calibration_jobs.jsonl, holds rows for every
PyTorch it was run with: a run replaces the rows of its own PyTorch version
and keeps the others. tst_calibration holds the plan of every row's profile
to its peak.

    sudo /usr/bin/python3 tests/calibration/job_grid.py [--list] [--filter RE] [--out FILE]

Needs root (for the private mount namespace); exits 77 (skip) without it.
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
JOB_PROBE = os.path.join(HERE, "job_probe.py")
JOBS = os.path.join(HERE, "jobs")
WITH_SHM = os.path.join(ROOT, "tests", "helpers", "with-shm.sh")
DEFAULT_OUT = os.path.join(ROOT, "tests", "data", "calibration_jobs.jsonl")
SKIP = 77


def t(name, shape, dtype):
    return {"name": name, "shape": shape, "dtype": dtype}


def loader(sample, batch, workers, prefetch=2, **keys):
    d = {"sample": sample, "batch_size": batch, "num_workers": workers}
    if workers:
        d["prefetch_factor"] = prefetch
    d.update(keys)
    return d


def profile(*loaders):
    p = {"shmwise": 1, "environment": "docker"}
    if len(loaders) == 1:
        p["workload"] = loaders[0]
    else:
        p["loaders"] = list(loaders)
    return p


def lightning(batch=16, val_batch=32, size=224, workers=2, prefetch=2, persistent=False,
              start="fork", val_every=0, val_kept=False):
    """lightning_val.py: a training and a validation loader of the same images."""
    args = ["--batch-size", str(batch), "--val-batch-size", str(val_batch), "--image-size",
            str(size), "--workers", str(workers), "--prefetch", str(prefetch),
            "--start-method", start]
    if persistent:
        args.append("--persistent")
    if val_every:
        args += ["--val-every", str(val_every)]
    if val_kept:
        args.append("--val-kept")
    sample = [t("image", [3, size, size], "float32"), t("label", [], "int64")]
    extra = {}
    if persistent:
        extra["persistent_workers"] = True
    if start != "fork":
        extra["start_method"] = start
    # Validation in the middle of an epoch parks the training iterator with its queue full; a
    # validation iterator made at start-up and drawn from now and then is kept.
    train_life = "parked" if val_every and not val_kept else "one_at_a_time"
    val_life = "kept" if val_kept else "one_at_a_time"
    train = loader(sample, batch, workers, prefetch, name="train", lifetime=train_life, **extra)
    val = loader(sample, val_batch, workers, prefetch, name="val", lifetime=val_life, **extra)
    return "lightning_val.py", args, profile(train, val)


def audio(batch=16, workers=3, prefetch=2, shortest=1, longest=10):
    """audio_padded.py: clips padded per batch to the longest."""
    args = ["--batch-size", str(batch), "--workers", str(workers), "--prefetch", str(prefetch),
            "--shortest", str(shortest), "--longest", str(longest)]
    sample = [t("wave", [f"{shortest * 16000}..{longest * 16000}"], "float32"),
              t("length", [], "int64"), t("label", [], "int64")]
    return "audio_padded.py", args, profile(loader(sample, batch, workers, prefetch))


def text(batch=32, eval_batch=64, workers=2, prefetch=2, longest=512):
    """text_padded.py: token sequences padded per batch, and an evaluation loader."""
    args = ["--batch-size", str(batch), "--eval-batch-size", str(eval_batch), "--workers",
            str(workers), "--prefetch", str(prefetch), "--longest", str(longest)]
    sample = [t("input_ids", [f"32..{longest}"], "int64"),
              t("attention_mask", [f"32..{longest}"], "int64"), t("labels", [], "int64")]
    return "text_padded.py", args, profile(
        loader(sample, batch, workers, prefetch, name="train"),
        loader(sample, eval_batch, workers, prefetch, name="eval"))


def detection(batch=4, workers=2, eval_workers=2, shortest=480, longest=800):
    """detection_repeat.py: a repeating training sampler, list collate, an eval loader."""
    args = ["--batch-size", str(batch), "--workers", str(workers), "--eval-workers",
            str(eval_workers), "--shortest", str(shortest), "--longest", str(longest)]
    side = f"{shortest}..{longest}"
    sample = [t("image", [3, side, side], "uint8"), t("boxes", [50, 4], "float32"),
              t("classes", [50], "int64")]
    return "detection_repeat.py", args, profile(
        loader(sample, batch, workers, name="train", lifetime="kept", collate="list"),
        loader(sample, 1, eval_workers, name="eval", collate="list"))


def packed(corpus_mib=64, batch=8, block=1024, workers=4, prefetch=2, persistent=False,
           start="fork", clone=False):
    """packed_lm.py: whole batches that are slices of a corpus the Dataset holds."""
    args = ["--corpus-mib", str(corpus_mib), "--batch-size", str(batch), "--block", str(block),
            "--workers", str(workers), "--prefetch", str(prefetch), "--start-method", start]
    if persistent:
        args.append("--persistent")
    if clone:
        args.append("--clone")
    extra = {"dataset": "iterable", "dataset_resident_bytes": f"{corpus_mib}MiB"}
    if not clone:
        extra["views_into_dataset"] = True
    if persistent:
        extra["persistent_workers"] = True
    if start != "fork":
        extra["start_method"] = start
    w = loader([t("tokens", [batch, block], "int32")], "none", workers, prefetch, **extra)
    return "packed_lm.py", args, profile(w)


# (id, mechanism, row)
GRID = [
    ("lightning-mid-w2", "parked", lightning(val_every=5)),
    ("lightning-mid-w1", "parked", lightning(workers=1, val_every=5)),
    ("lightning-mid-w4-pf4", "parked", lightning(workers=4, prefetch=4, val_every=3)),
    ("lightning-mid-persistent", "parked", lightning(persistent=True, val_every=5)),
    ("lightning-mid-spawn", "parked", lightning(start="spawn", val_every=5)),
    ("lightning-end-w2", "one_at_a_time", lightning()),
    ("lightning-end-w4", "one_at_a_time", lightning(workers=4, val_batch=16)),
    ("lightning-kept", "kept", lightning(val_every=4, val_kept=True)),
    ("lightning-kept-w3", "kept", lightning(workers=3, val_every=3, val_kept=True)),
    ("detection-repeat", "repeating_sampler,list_collate", detection()),
    ("detection-repeat-w3", "repeating_sampler,list_collate",
     detection(batch=2, workers=3, eval_workers=1)),
    ("detection-repeat-small", "repeating_sampler,list_collate",
     detection(batch=8, shortest=320, longest=640)),
    ("audio-padded", "padded", audio()),
    ("audio-padded-b8-pf4", "padded", audio(batch=8, workers=2, prefetch=4)),
    ("audio-padded-short", "padded", audio(batch=32, workers=2, shortest=1, longest=4)),
    ("text-padded", "padded", text()),
    ("text-padded-1024", "padded", text(batch=64, eval_batch=128, workers=3, longest=1024)),
    ("packed-fork-w4", "views_fork,batch_size_none", packed()),
    ("packed-fork-w2", "views_fork,batch_size_none", packed(workers=2)),
    ("packed-fork-w1", "views_fork,batch_size_none", packed(workers=1)),
    ("packed-fork-persistent", "views_fork,batch_size_none", packed(persistent=True)),
    ("packed-fork-32m-w3", "views_fork,batch_size_none", packed(corpus_mib=32, workers=3)),
    ("packed-spawn", "views_spawn,batch_size_none", packed(start="spawn")),
    ("packed-clone", "batch_size_none", packed(clone=True)),
]


def run(script, args, python, size):
    cmd = [WITH_SHM, size, python, JOB_PROBE, "--timeout", "240",
           os.path.join(JOBS, script)] + args
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                       timeout=300)
    if p.returncode == SKIP:
        sys.stderr.write(p.stderr)
        sys.exit(SKIP)
    try:
        return json.loads(p.stdout.strip().splitlines()[-1])
    except (ValueError, IndexError):
        return {"ok": False, "error": (p.stdout + p.stderr)[-2000:]}


def torch_version(python):
    out = subprocess.run([python, "-c", "import torch; print(torch.__version__)"],
                         stdout=subprocess.PIPE, text=True, check=True).stdout.strip()
    return out


def minor(version):
    return ".".join(version.split(".")[:2])


def write_atomic(path, lines):
    directory = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(dir=directory, prefix=".calibration_jobs.")
    try:
        with os.fdopen(fd, "w") as f:
            f.writelines(line + "\n" for line in lines)
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--list", action="store_true", help="print the grid and exit")
    ap.add_argument("--filter", help="only the rows whose id matches this regular expression")
    ap.add_argument("--out", default=DEFAULT_OUT)
    ap.add_argument("--python", default=sys.executable)
    ap.add_argument("--shm", default="2g", help="size of the private /dev/shm of each run")
    a = ap.parse_args()
    rows = [g for g in GRID if not a.filter or re.search(a.filter, g[0])]
    if a.list:
        for rid, mechanism, (script, args, _) in rows:
            print(f"{rid:28} {mechanism:32} {script} {' '.join(args)}")
        return 0
    if os.geteuid() != 0:
        print("job_grid.py: needs root for a private /dev/shm", file=sys.stderr)
        return SKIP
    version = torch_version(a.python)
    kept = []
    if os.path.exists(a.out):
        with open(a.out) as f:
            for line in f:
                if not line.strip():
                    continue
                old = json.loads(line)
                if minor(old.get("torch", "")) != minor(version) or (
                        a.filter and not re.search(a.filter, old.get("id", ""))):
                    kept.append(old)
    failed = 0
    records = []
    for i, (rid, mechanism, (script, args, prof)) in enumerate(rows, 1):
        sys.stderr.write(f"[{i}/{len(rows)}] {rid} ... ")
        sys.stderr.flush()
        rep = run(script, args, a.python, a.shm)
        if not rep.get("ok"):
            rep = run(script, args, a.python, a.shm)  # one retry: a loaded machine
        ok = bool(rep.get("ok"))
        failed += not ok
        sys.stderr.write(f"{rep.get('peak_bytes', 0) / 1048576:.1f} MiB\n" if ok else
                         f"FAILED {rep.get('error', '')} {rep.get('output_tail', '')[-400:]}\n")
        records.append({"id": rid, "mechanism": mechanism, "script": script, "args": args,
                        "profile": prof, "peak_bytes": rep.get("peak_bytes", 0),
                        "torch": rep.get("torch", version), "ok": ok})
    everything = kept + records
    everything.sort(key=lambda r: (r["id"], r["torch"]))
    write_atomic(a.out, [json.dumps(r, sort_keys=True) for r in everything])
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
