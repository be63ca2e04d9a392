#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Measure the peak /dev/shm use of one training script, run as it is.

    job_probe.py [--timeout S] SCRIPT [ARGS...]

Run it inside a private /dev/shm (tests/helpers/with-shm.sh). The sampler of
dataloader_probe.py polls statvfs("/dev/shm") about every millisecond while
SCRIPT runs under the same Python; one JSON object is printed: peak_bytes
(peak use above the baseline), ok (the script exited 0), the script's exit
status and the tail of its output, and the PyTorch version.
"""
import json
import os
import signal
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
PROBE = os.path.join(HERE, "dataloader_probe.py")


def main():
    argv = sys.argv[1:]
    timeout = 300.0
    if argv[:1] == ["--timeout"]:
        timeout, argv = float(argv[1]), argv[2:]
    if not argv:
        print(__doc__, file=sys.stderr)
        return 2
    sampler = subprocess.Popen([sys.executable, PROBE, "--_sampler", str(os.getpid()), "0"],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    ready = json.loads(sampler.stdout.readline())
    report = {"script": os.path.basename(argv[0]), "args": argv[1:], "ok": False,
              "baseline_bytes": ready["baseline"]}
    job = subprocess.Popen([sys.executable] + argv, stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, start_new_session=True)
    try:
        out, _ = job.communicate(timeout=timeout)
        report["exit_status"] = job.returncode
    except subprocess.TimeoutExpired:
        os.killpg(job.pid, signal.SIGKILL)
        out, _ = job.communicate()
        report["exit_status"] = None
        report["error"] = f"timed out after {timeout:g} s"
    try:  # workers left behind by a dying script
        os.killpg(job.pid, signal.SIGKILL)
    except OSError:
        pass
    sampler.stdin.write("\n")
    sampler.stdin.flush()
    result = json.loads(sampler.stdout.readline())
    sampler.wait()
    text = out.decode("utf-8", "replace")
    report["ok"] = report["exit_status"] == 0 and text.rstrip().endswith("done")
    report["peak_bytes"] = result["peak"] - result["baseline"]
    report["output_tail"] = text[-3000:]
    import torch  # after the run, so that the script's own start-up is not measured

    report["torch"] = torch.__version__
    print(json.dumps(report), flush=True)
    return 0 if report["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
