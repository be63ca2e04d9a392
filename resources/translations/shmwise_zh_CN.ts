<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>shmwise::AtomicFile</name>
    <message>
        <source>%1 is a directory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 exists and differs; not overwritten</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot write %1: %2 (no space left; the old file, if any, is kept)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot write a file with an empty name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot write %1: the name holds a NUL character</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is a symbolic link; not written through it (remove the link or choose another directory)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a regular file (a FIFO, device or socket); not written</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 exists and cannot be read (%2); not overwritten</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 exists and cannot be read (%2), so it cannot be kept as %1.bak; not replaced</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 exists and cannot be read (%2); not replaced</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot keep a backup of %1 as %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot read: no such file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot read: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot read: it is a directory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>too large (over %1 MiB); not read further</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>too large (over %1 KiB); not read further</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>shmwise::BreakdownBar</name>
    <message>
        <source>Breakdown bar</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Needed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>memory limit: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>shmwise::Cli</name>
    <message>
        <source>compute the /dev/shm a training job needs, and why</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>write the configs for the profile&apos;s environment, with why</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>check a config file (fstab, sysctl, limits, docker run, compose, Kubernetes, Python)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>report what a host (local, ssh, docker, k8s) gives a job, and what will break it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>explain a DataLoader, NCCL or OOM error log and say what to do</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1: %n error(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Usage: shmwise [COMMAND] [OPTIONS]

Sizes /dev/shm for PyTorch DataLoader training and explains the number.

Commands:
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The profile to plan for.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FILE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Print one JSON object on stdout.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Also fit the DataLoader settings to a /dev/shm of SIZE (default: the profile&apos;s host.shm_bytes).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SIZE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Computes the /dev/shm the profile&apos;s training job needs on one host: the least that runs without a Bus error, what to configure, and a breakdown of why.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>shmwise plan: --fit: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>warning: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Plan for %1 (%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, preset %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One batch: %1 (%2 samples of %3); %4 batches in flight per process.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Required /dev/shm:    %1 (%2 bytes)</source>
        <translation>所需 /dev/shm：    %1（%2 字节）</translation>
    </message>
    <message>
        <source>Recommended /dev/shm: %1</source>
        <translation>建议 /dev/shm：    %1</translation>
    </message>
    <message>
        <source>  (default here: %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open files:           %1 shared-memory descriptors; ulimit -n %2 covers them</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fits in %1 as configured.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>To fit in %1: num_workers=%2, prefetch_factor=%3, batch_size=%4 (needs %5).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Host %1:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nothing there will break this job.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warnings:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show this help.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Try &apos;shmwise %1 --help&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Usage: shmwise %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Size against this host: local, ssh://[user@]host[:port], docker://CONTAINER or k8s://[NAMESPACE/]POD[/CONTAINER].</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>T</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>shmwise: unknown command &apos;%1&apos;</source>
        <translation>shmwise：未知命令“%1”</translation>
    </message>
    <message>
        <source>Also probe this host (local, ssh://..., docker://..., k8s://...) and use its facts.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Give up probing after SECONDS (default 15).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SECONDS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The log to read; &apos;-&apos; or nothing reads standard input.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reads error output (a traceback, a job log, dmesg) and says which shared-memory, open-file or memory failure it shows, and what to do.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>shmwise diagnose: one log at a time (got %1 arguments)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>shmwise diagnose: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>shmwise diagnose: cannot read %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No known shared-memory, open-file or memory failure in %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the input</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>line %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>(%n line(s) like it)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Fix: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>On %1:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no host findings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The profile to generate files for.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write the files into DIR instead of printing them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DIR</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only these artifacts (comma-separated ids).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ID,...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replace files in DIR that differ, keeping the old one as FILE.bak.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Generates the configuration files that give the profile&apos;s training job the /dev/shm it needs, each with an explanation, plus the DataLoader settings and a preflight check. Without --out they are printed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 (%3): %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>shmwise generate: --only: no artifact &apos;%1&apos; for environment %2; valid ids: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>shmwise generate: --only needs at least one id; valid ids: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>shmwise generate: cannot create directory %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>wrote %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unchanged %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>shmwise generate: cannot write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>shmwise generate: %1 exists and differs; not overwritten (use --force to replace it, keeping the old one as %1.bak)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unlimited</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No findings.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Findings:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Host %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kernel %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>/dev/shm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, %2 used, %3 free (%4; %5)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 total, %2 available, %3 in shared memory; cgroup limit: %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 usable (%2 online%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, cgroup quota %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; orchestrator: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; WSL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Container</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown (nvidia-smi did not answer)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none found (no nvidia-smi)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ulimit -n</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (hard %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>System V shm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>shmmax %1, shmall %2, shmmni %3; %4 segments</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PyTorch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not found</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernel log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no Bus error or OOM-killer messages</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n Bus error or OOM-killer message(s); latest:</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>not readable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>note: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>shmwise probe: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>  (%1 said: %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Where to probe: local (default), ssh://[user@]host[:port], docker://container, k8s://[namespace/]pod[/container].</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Also check the host against this profile&apos;s plan.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Print JSON on stdout (one object per line with --watch).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Probe again every SECONDS until interrupted.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reports what a host gives a training job: /dev/shm, memory and its limits, CPUs, containers, GPUs, open-file limits, and what in them will break the job.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>shmwise probe: unexpected argument &apos;%1&apos;; the target is given with --target T</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the file is larger than %1 MiB; config files are much smaller, so check that this is the right file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The file&apos;s format: fstab, sysctl, limits, docker-run, compose, kubernetes or python (guessed from the name and content when not given).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KIND</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The file to check; - reads stdin.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checks a config file (fstab, sysctl.d, limits.d, a docker or podman run command, a compose file, Kubernetes manifests or PyTorch code) for the mistakes that break shared memory. Exit status: 0 no error (warnings are printed), 1 at least one error, 2 the file cannot be read or the usage is wrong.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>shmwise validate: give the file to check (- for stdin)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>shmwise validate: give one file, not %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>shmwise validate: unknown kind &apos;%1&apos;; use fstab, sysctl, limits, docker-run, compose, kubernetes or python</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>shmwise validate: cannot read %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>shmwise validate: cannot tell what kind of file %1 is; give --kind fstab, sysctl, limits, docker-run, compose, kubernetes or python</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: no problems found (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>
Options:
  -h, --help     show this help (shmwise COMMAND --help for a command)
  -v, --version  show the version

Exit codes: 0 done (warnings are output, not failure); 1 a file was judged invalid;
2 bad usage, an unreadable file, an invalid profile or a file that could not be written.
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The OpenSSH client configuration for ssh:// targets (ssh -F).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--timeout wants seconds between 0.1 and 3600, not &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unexpected argument &apos;%1&apos;; the profile is given with --profile FILE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--profile FILE is required</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot probe %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>shmwise diagnose: cannot read %1 after %2 bytes: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>possible:</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Read %n line(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>%1 bytes (%2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>shmwise generate: --out wants a directory; it is empty (use --out . for the current directory)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>shmwise probe: --watch takes one target</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>shmwise probe: --watch wants seconds between 0.1 and 86400, not &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not probed (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>breaks: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>warns: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ok</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HOST</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TARGET</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>/DEV/SHM</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>USED</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MEMORY</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NOFILE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>VERDICT</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 host(s): %2 probed, %3 could not be probed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Would break the job: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Most common /dev/shm: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Outliers (another /dev/shm size): %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Smallest /dev/shm: %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not probe:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Probe the hosts of this Ansible inventory (INI or YAML).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only the inventory&apos;s hosts in these groups or hosts (Ansible patterns: a,b  a:!b  a:&amp;b  web*).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PATTERN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Probe at most N hosts at the same time (default 8).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>N</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--limit needs --inventory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the inventory %1 has no hosts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--jobs wants a number from 1 to 256</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>sized for the smallest of %n host(s): %1 (/dev/shm %2)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
</context>
<context>
    <name>shmwise::ContainerCheck</name>
    <message>
        <source>No container client (docker or podman) was found in PATH.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The container did not answer within %1 seconds.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot run %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 exited with code %2 without a report: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it printed nothing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 crashed.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>shmwise::DiagnoseDialog</name>
    <message>
        <source>Diagnose an Error Log</source>
        <translation>诊断错误日志</translation>
    </message>
    <message>
        <source>RuntimeError: DataLoader worker (pid 4242) is killed by signal: Bus error. …</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Error log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Diagnosis</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Findings appear here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing in this log points at shared memory, file descriptors, GPU memory or the OOM killer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Paste the output of a failed training run, open a log file or drop one here. ShmWise points at the lines that matter and says what to do; GPU memory and the OOM killer are told apart from shared memory.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open Log…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open Error Log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Logs (*.log *.txt *.out *.err);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read %1 after %2 bytes: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1: %n line(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>%1 bytes, %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Showing the first %n line(s); the findings cover the whole file.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Possible:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Line %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>(%n line(s) like it)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Line %1 is past the part of the log shown here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use the file_system sharing strategy in the wizard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the /dev/shm plan for this job in the wizard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The workload now uses the file_system sharing strategy: the generated DataLoader code sets it at import time.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The wizard shows the /dev/shm plan for this job.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The wizard stopped on a page that needs an answer before the plan.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>shmwise::Diagnosis</name>
    <message>
        <source>/dev/shm on the probed host is %1 (%2 free).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Give the job a larger /dev/shm (run `shmwise plan` for the size: docker --shm-size, a Kubernetes emptyDir with medium: Memory, or remount /dev/shm), or lower num_workers, prefetch_factor or batch_size. The file_system sharing strategy does not help: it uses /dev/shm too.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The open-files limit ran out (one descriptor per shared tensor)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Raise ulimit -n (limits.d, or docker --ulimit nofile=N:N), or call torch.multiprocessing.set_sharing_strategy(&apos;file_system&apos;) at import time (module level, so spawned workers get it too).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ulimit -n on the probed host is %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A DataLoader worker exited without a named signal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The log does not say why. Look above the traceback for the worker&apos;s own error, run once with num_workers=0 to see it in the main process, and check the kernel log (dmesg) for the OOM killer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NCCL could not allocate its shared memory in /dev/shm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NCCL&apos;s intra-node transport allocates in /dev/shm next to the DataLoader: give the job a larger /dev/shm (or --ipc=host). NCCL_SHM_DISABLE=1 turns the transport off at a speed cost; NCCL_DEBUG=INFO NCCL_DEBUG_SUBSYS=ALLOC shows what it allocates.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The GPU ran out of memory (not a /dev/shm problem)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This is GPU memory: a larger /dev/shm does not help. Lower the batch size, use mixed precision or gradient checkpointing, or free cached tensors.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A process was killed for memory: RAM or the cgroup limit, not /dev/shm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The probed host&apos;s cgroup memory limit is %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>/dev/shm ran out (DataLoader workers, multiprocessing and Ray share memory through it)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only a bus error is named here: check that /dev/shm was full (df -h /dev/shm while the job runs) before resizing it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A worker crashed in its own code (SIGSEGV or SIGABRT), not for memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A segmentation fault or abort is a bug in the worker&apos;s code or a native library it calls (image decoders, OpenCV threads, a C extension). A larger /dev/shm does not help. Run once with num_workers=0 to get the real traceback, enable faulthandler (python -X faulthandler), and check the dataset code for the failing sample.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The data loader timed out waiting for a batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A worker hung or was too slow for the loader&apos;s timeout. Raise timeout (or leave it at 0), and look for a worker stuck on I/O or on too few open files (which can hang the main process until the timeout fires).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The OOM killer or a memory limit ended it. A larger /dev/shm does not help and inside a memory-limited container makes the kill come sooner (its pages count against the limit). Raise the memory limit (or the Windows paging file) or lower memory use: fewer workers, smaller batches.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>shmwise::Environment</name>
    <message>
        <source>Bare metal or VM</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Docker (docker run)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Docker Compose</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Docker Swarm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Podman</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kubernetes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Azure Machine Learning</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AWS Batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Amazon ECS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Amazon SageMaker</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Google Vertex AI</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Slurm (sbatch)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bare-metal fleet (Ansible)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>shmwise::EnvironmentPage</name>
    <message>
        <source>Environment</source>
        <translation>运行环境</translation>
    </message>
    <message>
        <source>Where will the training job run, and what does it get there?</source>
        <translation>训练任务在哪里运行？在那里能得到什么资源？</translation>
    </message>
    <message>
        <source>Kubernetes workload kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Namespace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clear this on a shared cluster or a platform where /dev/shm is fixed; ShmWise then fits the DataLoader to what there is.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown, e.g. 64MiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Current /dev/shm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The /dev/shm the job gets today; a probe of the host fills it in.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Job name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Command</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The program and its arguments; quote an argument that holds spaces.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown, e.g. 32GiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Job memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The job&apos;s own memory need, not counting /dev/shm; memory limits are raised by the /dev/shm size on top of it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown, e.g. 128GiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Host memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Where</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Runs on:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kubernetes &amp;kind:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Current /dev/&amp;shm:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Job</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Image:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Command:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;GPUs per node:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Host</source>
        <translation>主机</translation>
    </message>
    <message>
        <source>Host memor&amp;y:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CP&amp;Us:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>/dev/shm is a tmpfs of half the RAM by default; it is resized with mount and fstab.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Containers get 64 MiB of /dev/shm unless docker run is given --shm-size.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Services get 64 MiB unless the compose file sets shm_size.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Swarm ignores shm_size; a tmpfs volume mounted at /dev/shm is the way.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Podman gives 64 MiB unless --shm-size is set.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pods get 64 MiB; Kubernetes has no shm setting, so an emptyDir with medium: Memory is mounted at /dev/shm.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Command jobs get 2 GiB unless resources.shm_size says otherwise.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Job definitions set linuxParameters.sharedMemorySize in MiB (not on Fargate).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Task definitions set linuxParameters.sharedMemorySize in MiB (not on Fargate).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Training jobs have no /dev/shm setting: only DataLoader settings can keep the job within it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Custom training has no /dev/shm setting: only DataLoader settings can keep the job within it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Like bare metal, on every host of an inventory: a playbook sets the fstab line, remounts, and checks each host.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Jobs get the node&apos;s /dev/shm (shared with other jobs), or a private one of half the node&apos;s RAM with job_container/tmpfs; sbatch has no size option.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>I can change the size of /dev/shm th&amp;ere</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Names&amp;pace:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Job n&amp;ame:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Job mem&amp;ory:</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>shmwise::Findings</name>
    <message>
        <source>Mount an emptyDir with medium: Memory and sizeLimit: %1 at /dev/shm, and raise the container&apos;s limits.memory by the same amount (its pages count against the memory limit).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run the container with --shm-size=%1 (or --ipc=host, which shares the host&apos;s /dev/shm; podman refuses both together).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run the container with --shm-size=%1 (compose: shm_size: %1), or with --ipc=host to share the host&apos;s /dev/shm.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resize /dev/shm now with `mount -o remount,size=%1 /dev/shm`, and for reboots add `tmpfs /dev/shm tmpfs defaults,size=%1 0 0` to /etc/fstab.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>/dev/shm is the 64 MiB container default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kubernetes pod</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 container</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no container detected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>/dev/shm is 64 MiB (%1). A DataLoader with workers fills that with a few batches and its workers die with a Bus error.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use `shmwise plan` to size it for your job instead of guessing.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>/dev/shm is smaller than the job needs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>/dev/shm is %1; the plan needs at least %2 (recommended %3).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>/dev/shm is big enough, but too full for the job</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>/dev/shm is %1 with only %2 free; the plan needs %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Find what holds it (`ls -la /dev/shm`): leftover torch_* files of crashed jobs can be removed once no job runs; otherwise make /dev/shm larger.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The memory limit is below what /dev/shm will hold</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The cgroup memory limit is %1; the job&apos;s /dev/shm alone needs %2, and its processes need memory besides.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The cgroup memory limit is %1 and /dev/shm is %2: filling /dev/shm gets the job OOM-killed first, since its pages count against the limit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Raise the container&apos;s resources.limits.memory to cover /dev/shm plus the job&apos;s own memory.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Raise the memory limit (docker --memory, compose mem_limit or deploy.resources.limits.memory) to cover /dev/shm plus the job&apos;s own memory.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The open-files limit is below what the job holds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ulimit -n is %1; the main process holds about %2 shared-memory descriptors at once and the plan asks for %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run the container with --ulimit nofile=%1:%1 (compose: ulimits: nofile: {soft: %1, hard: %1}), or use the file_system sharing strategy.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Raise it with `ulimit -n %1` in the job&apos;s shell (up to the hard limit, %2) or a nofile line in /etc/security/limits.d/, or use the file_system sharing strategy.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kernel.shm* settings do not size /dev/shm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 differ from the kernel&apos;s defaults. They limit System V shared memory (shmget), which PyTorch&apos;s DataLoader does not use.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Leave them at the defaults (since Linux 3.16 effectively unlimited) and size /dev/shm itself.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>/dev/shm is more than half full of PyTorch or NCCL files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 torch_* or nccl-* files; %2 of %3 used.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>If no training job runs now they are left over from crashed jobs (the file_system strategy leaves them behind): remove them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>info</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>warning</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The job sees its container&apos;s /dev/shm, not this host&apos;s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This host&apos;s /dev/shm is %1, but a job in %2 gets a /dev/shm of its own, whose size the platform does not document.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A job in %1 gets a /dev/shm of its own, not this host&apos;s, whose size the platform does not document.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This host&apos;s /dev/shm is %1, but a job in %2 gets a /dev/shm of its own: %3 unless its configuration sets another size.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A job in %1 gets a /dev/shm of its own, not this host&apos;s: %2 unless its configuration sets another size.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The plan needs at least %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measure it inside the job (the generated preflight script prints it) and put it in the profile as host.shm_bytes; the generated DataLoader module fits its settings to the free /dev/shm when it starts.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing to change: the default is enough for this plan.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Apply the generated setting (on the Results page, or `shmwise generate`): it sets the container&apos;s /dev/shm to %1. Until it is applied the job gets %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The size cannot be raised for this job: use the DataLoader settings fitted to %1 (Workload page, or `shmwise plan --fit %2`).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>shmwise::FleetView</name>
    <message>
        <source>unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>probing…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not probed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>breaks the job: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>warnings: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ok</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unlimited</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fleet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Targets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>one target per line: ssh://user@host:port, local, ...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ansible inventory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>optional: an Ansible inventory (INI or YAML)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Limit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>optional: groups or hosts, e.g. gpu:!gpu01</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Probes at once</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Probe all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Host</source>
        <translation type="unfinished">主机</translation>
    </message>
    <message>
        <source>Target</source>
        <translation type="unfinished">目标主机</translation>
    </message>
    <message>
        <source>/dev/shm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ulimit -n</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Host details</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export &amp;CSV…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export &amp;JSON…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Targets:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Inventory:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Limit:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Probes at &amp;once:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 host(s): %2 probed, %3 could not be probed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Would break the job: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Outliers (another /dev/shm size than the usual %1): %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Smallest /dev/shm: %1 (%2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Give at least one target or an inventory with hosts.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Probing %n host(s)…</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Probing…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not be probed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>/dev/shm: %1, %2 used (%3; %4)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory: %1 total, %2 available; cgroup limit: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPUs: %1 usable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Container: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ulimit -n: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PyTorch: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not found</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No findings.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fix: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export JSON</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export CSV</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wrote %1.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>shmwise::Generators</name>
    <message>
        <source>Resize /dev/shm now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tmpfs takes RAM only as files are written, but a full /dev/shm competes with processes and the page cache: keep it well under the machine&apos;s memory.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shows the new size.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>/etc/fstab line for /dev/shm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keeps /dev/shm at %1 across reboots. Replace the existing /dev/shm line of /etc/fstab, if there is one, with this line.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>To apply it without a reboot: mount -o remount /dev/shm (mount takes the options from /etc/fstab).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open-file limit (/etc/security/limits.d)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The soft limit is what `ulimit -n` shows; %1 covers the shared tensors and the files a training process holds anyway.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pam_limits applies this to login sessions. A systemd service needs LimitNOFILE=%1 in its unit instead.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>System V shared memory settings (not for /dev/shm)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only for programs that use System V shared memory (shmget), such as some databases. kernel.shmmax, kernel.shmall and kernel.shmmni do not size /dev/shm: raising them does nothing for a PyTorch DataLoader, whose shared memory lives in /dev/shm. Since Linux 3.16 the first two default to effectively unlimited, so this file only restores the kernel defaults where something lowered them. Install as /etc/sysctl.d/90-shmwise-sysv-ipc.conf and load it with sysctl -p FILE.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The largest single System V segment, in bytes: the kernel&apos;s own default since 3.16 (ULONG_MAX - 2^24).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All System V segments together, in pages: the kernel&apos;s default since 3.16.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The number of System V segments: the kernel&apos;s default. The kernel accepts at most 32768.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>These limits are per IPC namespace: a container sees its own defaults, not the host&apos;s values.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Azure ML command job with a sized /dev/shm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The folder uploaded as the job&apos;s working directory; it holds the training script.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is %2: digits and one letter (k, m or g); Azure ML rejects &quot;gb&quot; and &quot;Gi&quot;. The plan needs at least %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>With the file_descriptor sharing strategy the main process holds about %1 shared-memory files at once.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>An integer number of MiB: %1. The plan needs at least %2. Not available on Fargate.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The profile gives no job memory, so no memory is written: add one, in MiB, that includes %1 MiB for /dev/shm.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AWS Batch job definition with a sized /dev/shm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>An AWS Batch job definition for EC2 compute environments. Register with: aws batch register-job-definition --cli-input-json file://batch-job-definition.json. Fargate has no sharedMemorySize, and Batch on EKS sizes /dev/shm with an emptyDir as in the Kubernetes manifests.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The host&apos;s CPUs from the profile.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One CPU for each training process and each DataLoader worker.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MiB: the job&apos;s %1 plus %2 for /dev/shm, which is charged to the container&apos;s memory.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Amazon ECS task definition with a sized /dev/shm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>An ECS task definition for the EC2 launch type. Register with: aws ecs register-task-definition --cli-input-json file://ecs-task-definition.json. Fargate has no sharedMemorySize.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hard limit in MiB: the job&apos;s %1 plus %2 for /dev/shm, which is charged to the container&apos;s memory.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>/dev/shm on SageMaker training jobs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>/dev/shm on Vertex AI custom training</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>## What helps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>- Fit the DataLoader to the /dev/shm there is: shmwise_loader.py uses num_workers=%1, prefetch_factor=%2, batch_size=%3, which need %4.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fitted with the same model as the plan.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>- Run shm-preflight.sh before the training script, so a too small /dev/shm fails at start-up with a clear message rather than a Bus error later.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>- num_workers=0 loads in the main process and uses no /dev/shm, at the cost of loading speed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>## What does not help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>- kernel.shmmax, kernel.shmall and kernel.shmmni: they limit System V shared memory, not /dev/shm.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>- pin_memory: it copies batches into page-locked RAM, not into /dev/shm.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2 bytes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The profile says /dev/shm cannot be changed for this job, so this file is what whoever runs the host would apply; until then the DataLoader snippet is fitted to the /dev/shm there is.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DataLoader settings (Python)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>/dev/shm cannot be raised here, so the settings are fitted to %1: they need %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fitted: the profile&apos;s batch size is %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fitted: the profile has %1 workers.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>With no workers the main process loads every batch and uses no /dev/shm.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Under spawn and forkserver, tensors the Dataset holds are moved into /dev/shm when it is sent to the workers; the plan counts them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pin_memory copies batches into page-locked RAM; it does not use /dev/shm.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Preflight check for the container entrypoint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: what the fitted DataLoader settings need.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the least /dev/shm the plan allows (it recommends %2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exits before training starts: a full /dev/shm otherwise shows up as &quot;Bus error&quot; or &quot;DataLoader worker ... is killed by signal&quot; much later.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A low limit gives &quot;Too many open files&quot; or &quot;received 0 items of ancdata&quot; in the DataLoader.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>docker run with the host&apos;s /dev/shm (--ipc=host)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The alternative NVIDIA&apos;s NGC containers recommend: the container uses the host&apos;s IPC namespace and its /dev/shm instead of a private one. It needs no size, but the host&apos;s /dev/shm must hold at least %1, and the container can see and change the host&apos;s shared memory: weaker isolation. Prefer the --shm-size command unless you trust the image.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>podman run with a sized /dev/shm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>docker run with a sized /dev/shm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runs the training container with a private /dev/shm of %1 instead of the %2 default.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shares the host&apos;s IPC namespace: /dev/shm is the host&apos;s (half of RAM by default on systemd hosts) and System V segments are shared too. Do not combine it with --shm-size.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is %2: what the plan recommends for this job (it needs at least %3).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Podman refuses --shm-size together with --ipc=host; --shm-size=0 would mean unlimited, which is never written here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The job&apos;s %1 plus %2 for /dev/shm: pages in /dev/shm are charged to the container&apos;s memory limit, and a container that fills its /dev/shm past the limit is OOM-killed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>soft:hard open-file limit. With the file_descriptor sharing strategy the main process holds about %1 shared-memory files at once.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs through CDI (nvidia-ctk cdi generate); Podman has no count, so limit them with CUDA_VISIBLE_DEVICES if the job should use %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Needs the NVIDIA Container Toolkit on the host.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The other two settings NGC images ask for; they do not affect /dev/shm.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Docker daemon default /dev/shm (daemon.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>For a host where every container should get %1 of /dev/shm: merge this key into /etc/docker/daemon.json and restart the Docker daemon. Containers created afterwards get it; --shm-size and shm_size still override it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A quoted string with a unit, the form Docker documents for this key.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compose needs both soft and hard for nofile. With the file_descriptor sharing strategy the main process holds about %1 shared-memory files at once.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Docker Compose service with a sized /dev/shm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is %2, what the plan recommends (it needs at least %3). Quoted, so every Compose version reads it as a size string.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs need the NVIDIA Container Toolkit on the host.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Docker Swarm stack with a tmpfs /dev/shm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The long volume syntax with tmpfs.size needs file format 3.6 or later.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The long syntax: stack deploy silently drops the short form (tmpfs: - /dev/shm:size=...).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>An integer number of bytes (%1): the only form stack deploy accepts here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A training run that finishes should not be started again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The job&apos;s %1 plus %2 for /dev/shm, whose pages are charged to the container. Swarm takes the limit only from deploy.resources; mem_limit makes stack deploy fail.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The Kubeflow training operator finds the training container by this name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The job&apos;s %1 plus %2 for /dev/shm: pages of a memory-backed emptyDir are charged to the container that writes them, so without the extra %2 the container is OOM-killed when /dev/shm fills. Since Kubernetes 1.22 the tmpfs is also capped at the pod&apos;s memory limit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Needs the NVIDIA device plugin on the node.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replaces the runtime&apos;s 64 MiB /dev/shm, which all containers of a pod share.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;Memory&quot; with a capital M makes the emptyDir a tmpfs; any other spelling is rejected or gives a disk-backed directory.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is %2 as a Kubernetes quantity (Gi and Mi are binary; &quot;GB&quot; or &quot;g&quot; are invalid). The plan needs at least %3. Kubernetes has no shmSize field; on clusters older than 1.22 df shows half the node&apos;s RAM and the limit is enforced by eviction.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The profile gives no job memory, so no memory limit is written; if you set one, add %1 for /dev/shm to it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mounts a memory-backed emptyDir of %1 at /dev/shm, the accepted way to size /dev/shm in Kubernetes. Apply with: kubectl apply -f %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kubernetes Pod with a sized /dev/shm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kubernetes Deployment with a sized /dev/shm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A Deployment restarts its pods forever; for a run that ends, a Job is the better kind.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kubernetes Job with a sized /dev/shm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A failed training pod is not retried, so a Bus error is seen, not hidden behind restarts.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kubeflow PyTorchJob with a sized /dev/shm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This is the kubeflow.org/v1 PyTorchJob of the Kubeflow training operator, not the newer Kubeflow Trainer TrainJob API. Each replica gets the same /dev/shm.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A PyTorchJob has exactly one Master.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One more node; raise replicas for more nodes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kubernetes has no field for the open-file limit (about %1 needed): the container gets the container runtime&apos;s; the preflight script checks it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The namespace from the profile.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ansible playbook for /dev/shm on every host</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run with ansible-playbook -i inventory.ini shm-playbook.yml (Debian&apos;s ansible package has the ansible.posix collection it uses). On each host whose /dev/shm is smaller than %1 it writes the /dev/shm line of /etc/fstab and remounts; a larger /dev/shm is left alone. %2Hosts with shmwise_docker=true also get default-shm-size in /etc/docker/daemon.json and a Docker restart. The last task fails every host whose /dev/shm is still below %3. A second run changes nothing.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>It also installs the open-file limit of %1. </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every host of the inventory unless -e shmwise_hosts=GROUP (or --limit) says otherwise.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 in the kernel&apos;s tmpfs syntax: what the plan recommends.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The least /dev/shm the job runs in: the final check fails a host below it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Never shrinks: a host whose /dev/shm is already at least this size is skipped, its fstab untouched.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mount -o remount keeps the files in /dev/shm; no reboot needed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The file_descriptor sharing strategy keeps about %1 files open in the main process. It applies from the next login.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keeps the file&apos;s other keys, and a larger default-shm-size.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A host that could not be changed (a read-only fstab, a container) fails here with its size, instead of a Bus error in training.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Docker reads daemon.json when it starts; running containers keep their /dev/shm until they are recreated.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Example Ansible inventory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>An example of the hosts the playbook runs on: replace the names and addresses with your own. Hosts in the docker group get Docker&apos;s default-shm-size too. shmwise probe --inventory inventory.ini shows which hosts need the change before you run it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>These hosts run training in Docker containers: the playbook also sets default-shm-size in /etc/docker/daemon.json and restarts Docker.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The command the handler runs to restart Docker, when it is not systemd&apos;s.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>systemd mounts /dev/shm at half of RAM by default (%1 on this host), unless the host&apos;s fstab says otherwise.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>systemd mounts /dev/shm at half of RAM by default, unless the host&apos;s fstab says otherwise.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check /dev/shm (no change needed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This job puts nothing in /dev/shm (no DataLoader workers and nothing else shared), so /dev/shm needs no change; a smaller size would only shrink it for every other user of the host. The script shows its size.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>/dev/shm is %1 (host.shm_bytes), at least the %2 this job needs: nothing to change, and writing a smaller size would shrink it for every other user of the host. The script checks that it is still that large.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the least /dev/shm the plan allows for this job.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The size was probed earlier; this catches a host that changed since.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>/dev/shm is %1 (host.shm_bytes), less than the %2 this job needs. </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The script compares the current size first: below %1 it resizes the running /dev/shm to %1 without a reboot and without touching the files in it; at %1 or more it leaves it as it is, since a smaller size would shrink it for every other user of the host. A resize lasts until the next boot; the fstab line makes it permanent.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, what the plan recommends (it needs at least %2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Never shrinks: a remount below the current size would starve other jobs, and one below the current use fails.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run as root. tmpfs takes k, m, g or t after the number (not &quot;gb&quot;); %1 is %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use the line only where df -h /dev/shm shows less than %1: on a host where it is larger, the line would shrink it at the next boot.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The current size was not probed: compare with df -h /dev/shm first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>size=%1 is %2 in the kernel&apos;s tmpfs syntax (the plan needs at least %3). nosuid and nodev are what distributions mount /dev/shm with.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>With the file_descriptor sharing strategy the main process keeps one open file per shared tensor: about %1 here, more than the usual soft limit of %2. Too low a limit gives &quot;Too many open files&quot; or &quot;received 0 items of ancdata&quot;. Install as /etc/security/limits.d/90-shmwise-nofile.conf; it applies from the next login.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pam_limits does not apply &apos;*&apos; lines to root: this line is for training run as root.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Above systemd&apos;s default hard limit of %1, so the hard limit is raised too: a soft limit above the hard one is lowered to it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No hard line: systemd&apos;s default hard limit is %1, above %2, and a hard line below the current hard limit would lower it. If ulimit -Hn shows less than %2, the soft limit is capped there: raise the hard limit to %2 as well.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Submit with: az ml job create -f azureml-job.yml --set compute=azureml:CLUSTER; without a compute target Azure ML runs it on serverless compute.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>An Azure Machine Learning (CLI v2) command job whose container gets %1 of /dev/shm instead of the 2g default.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>An Azure Machine Learning (CLI v2) command job. The 2g default /dev/shm is enough for this job; it is written out so the job keeps it if the default changes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This platform has no setting for the size of /dev/shm and does not document the size its training containers get, so the job must measure it first; then the DataLoader can be fitted to it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This platform has no setting for the size of /dev/shm, so the job must fit the /dev/shm it gets: the DataLoader snippet is fitted to the %1 the profile gives.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SageMaker training jobs have no setting for the size of /dev/shm: neither the CreateTrainingJob API nor the SageMaker Python SDK&apos;s estimators have one. What hosted training containers get is not documented (local mode gives 64 MiB; hosted sizes may scale with the instance type).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Vertex AI custom training jobs have no setting for the size of /dev/shm. `sharedMemorySizeMb` exists only for model serving containers, not for training. What training containers get is not documented.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This job needs %1 of /dev/shm as configured (%2 recommended). The profile gives no host.shm_bytes, so nothing is fitted to an assumed size.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>## Measure it first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>- Run shm-preflight.sh as the job&apos;s entry point, on the instance type you train on: it prints the size of /dev/shm and stops with a clear message when it is smaller than the job needs. `df -h /dev/shm` or `shmwise probe` inside the job tell the same.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A measurement, not a guess: a DataLoader fitted to an assumed 64 MiB wastes a larger /dev/shm, and one sized for more dies with a Bus error.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>- Put the measured size in the profile (host.shm_bytes) and generate again: the DataLoader settings are then fitted to it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This job needs %1 of /dev/shm as configured (%2 recommended); the profile says this platform gives %3 (host.shm_bytes).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>- Nothing fits in %1: even with no workers the job needs %2 (NCCL&apos;s share). Set NCCL_SHM_DISABLE=1 (slower, over the network) or run where /dev/shm is larger.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>- The file_system sharing strategy: it avoids running out of file descriptors but keeps the data in /dev/shm all the same (a tensor whose size is a multiple of 4 KiB even takes one page more).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A module for the training script to import at module level: make_loader(dataset) returns the DataLoader with the settings the /dev/shm size was planned for, so the plan and the code cannot drift apart. Valid on PyTorch 1.13 and 2.x.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, so make_loader() reads the free space of /dev/shm when it is called and takes the richest planned settings that fit (the job as profiled needs %2; the leanest settings need %3), or stops before any worker starts, saying how much is needed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>/dev/shm here is %1 and cannot be raised</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>/dev/shm here cannot be raised and its size is not known in advance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>/dev/shm was %1 when measured, and may still be when the job starts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none (no workers)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>file_system passes shared-memory names instead of file descriptors, so no process runs out of open files. It does not reduce /dev/shm use: each shared tensor&apos;s file also holds a %1-byte header (the plan counts it), and /dev/shm/torch_* files stay behind if a process crashes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The profile&apos;s own settings: they need %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The leanest: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The leanest: no workers, no /dev/shm.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Free space, not the size: another process may hold part of /dev/shm.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each worker keeps up to this many batches ready in /dev/shm.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stops before any worker starts, instead of a Bus error later.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>So make_loader(dataset, num_workers=0) works: PyTorch 2.x raises ValueError for any prefetch_factor, and every version for persistent_workers=True, without workers.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>It also applies to Swarm tasks, which have no shm_size of their own: set it on every node that may run the service, as a second fix beside the stack file&apos;s tmpfs volume.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each $ of the command is written $$: Compose would otherwise replace $NAME with a variable of the environment that deploys the file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A compose service whose /dev/shm is %1 instead of Docker&apos;s 64 MiB default. Works with docker compose v2 and docker-compose 1.x; not with docker stack deploy, which ignores shm_size (use the Swarm stack file).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The job&apos;s %1 plus %2 for /dev/shm, whose pages are charged to the container. Do not also set deploy.resources.limits.memory to another value: since Compose v2.26 two different values are an error (&quot;can&apos;t set distinct values on &apos;mem_limit&apos; and &apos;deploy.resources.limits.memory&apos;&quot;); older versions silently used the deploy value.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This GPU block needs docker-compose 1.28 or later (or Compose v2); older versions reject it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Swarm services cannot set shm_size: docker stack deploy prints &quot;Ignoring unsupported options: shm_size&quot; and the task gets the daemon&apos;s default (64 MiB unless daemon.json sets default-shm-size). This stack mounts a tmpfs of %1 at /dev/shm instead. Deploy with: docker stack deploy -c stack.yaml NAME.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Swarm&apos;s way to request GPUs in a stack file: the task is placed on a node that advertises enough of this generic resource.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Must match the name the nodes advertise: node-generic-resources in each GPU node&apos;s daemon.json (for example &quot;NVIDIA-GPU=GPU-&lt;uuid&gt;&quot;, one entry per GPU), with the NVIDIA Container Toolkit set up to pass them on.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>torchrun starts the %1 training processes of this node (pod); the training operator gives each pod the rendezvous settings torchrun reads (PET_* variables in recent releases). Newer operators also take spec.nprocPerNode, which is not written here: older PyTorchJob CRDs reject it under strict validation. torchrun takes --nproc_per_node on every PyTorch release; the --nproc-per-node spelling only on 2.x.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The plan counts %1 training processes in each pod: this command must start them (torchrun --nproc_per_node=%1 does).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each $ of the command is written $$: Kubernetes expands $(NAME) from the container&apos;s environment and reads $$ as one literal $.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checks the free space in /dev/shm and the open-file limit when the job starts and stops it with a clear message, instead of a Bus error an hour into training. Run it before the training command: shm-preflight.sh %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>It prints the size of /dev/shm it finds: this platform does not document it, so put what it prints in the profile (host.shm_bytes) and generate again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: what the profile&apos;s own DataLoader settings need. With less free, make_loader() takes leaner settings that fit, so this only warns.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About %1 shared-memory files open at once in the main process, plus %2 for the files a training process holds anyway (the plan recommends a limit of %3).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The size this platform gives: put it in the profile as host.shm_bytes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Free space, not the size: files other processes keep in /dev/shm count against this job too.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sbatch script with a /dev/shm preflight</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Submit with sbatch train.sbatch. Before training it checks that /dev/shm on the node is at least %1 and has that much free, and that ulimit -n is at least %2, and stops with a message saying which is short; then it starts the training processes with srun. Slurm has no per-job /dev/shm size: the job gets the node&apos;s /dev/shm (recommended: %3, set by an administrator in each node&apos;s /etc/fstab), or, with the job_container/tmpfs plugin, a private one of half the node&apos;s RAM.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One task per training process; srun below starts them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Each training process and its %n DataLoader worker(s).</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>The job&apos;s memory plus its /dev/shm: files in a tmpfs are charged to the memory cgroup of the process that writes them, so with Slurm&apos;s memory enforcement they count against --mem.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>By default Slurm copies every resource limit of the submitting shell to the job (slurm.conf(5), PropagateResourceLimits); this names the open-file limit explicitly. Raise it before sbatch with ulimit -n if it is low.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What this environment gives a job, as Slurm&apos;s documentation for both releases describes it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>On a shared /dev/shm other jobs&apos; files and stale torch_* files of crashed jobs take space this job needs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Raises the soft limit when the hard limit allows it; never lowers it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fitted to the /dev/shm there is: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The profile&apos;s own settings.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>shmwise::Help</name>
    <message>
        <source>&lt;b&gt;Batch size&lt;/b&gt;: samples per batch (DataLoader batch_size). Every batch a worker prepares sits in /dev/shm, so /dev/shm grows in step with it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Processes per node&lt;/b&gt;: data-parallel ranks on one host (torchrun --nproc-per-node). Each has its own DataLoader and workers, so the /dev/shm of one process is multiplied by this; with NCCL, its intra-node buffers are added per rank.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Workers&lt;/b&gt;: worker processes that load batches (num_workers). Each collates its batches into /dev/shm: up to workers × prefetch factor batches are in flight, plus the ones the training loop holds. 0 loads in the main process and uses no /dev/shm for batches.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Prefetch factor&lt;/b&gt;: batches each worker prepares ahead (prefetch_factor; PyTorch&apos;s default is 2). /dev/shm holds workers × this many batches. Only allowed with workers.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Persistent workers&lt;/b&gt;: keep the workers between epochs (persistent_workers). Saves starting them again, and the measured /dev/shm peak was about one batch lower. Needs workers.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Pin memory&lt;/b&gt;: copies each batch into page-locked RAM for faster GPU transfer (pin_memory). It uses RAM, not /dev/shm, so it does not change the size needed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Start method&lt;/b&gt;: how workers are started (fork, spawn, forkserver). Under spawn and forkserver the tensors the Dataset object holds are moved into /dev/shm for the loader&apos;s life; fork shares them without /dev/shm.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Sharing strategy&lt;/b&gt;: how tensors are passed between processes. Both keep the data in /dev/shm: file_descriptor (the default on Linux) holds an open file per shared tensor, so it needs a high ulimit -n; file_system passes names instead and can leave torch_* files behind after a crash. Neither makes /dev/shm smaller.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Dataset tensors&lt;/b&gt;: tensors the Dataset object itself holds (for example a preloaded table). Under spawn or forkserver they are moved into /dev/shm and stay there. Type a size such as 512MiB or 2GiB.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Sample size&lt;/b&gt;: the bytes of one sample when you do not list its tensors, such as 4MiB. A batch is this times the batch size, and each batch in flight takes that much /dev/shm.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;h3&gt;Target&lt;/h3&gt;&lt;p&gt;The machine whose /dev/shm, memory and limits ShmWise reads. The probe is a read-only shell script sent on standard input; nothing is installed.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This computer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Probe the machine ShmWise runs on.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SSH host</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>[user@]host[:port], or an alias from your SSH config. Keys and agents are your own ssh&apos;s; ShmWise never asks for a password.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Config file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Another OpenSSH config file (ssh -F); empty for your own.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Docker container</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The name of a running container, probed with docker exec: the /dev/shm inside is the one a job there gets.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kubernetes pod</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Namespace, pod and container, probed with kubectl exec.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;h3&gt;Environment&lt;/h3&gt;&lt;p&gt;Where the training job runs decides who sets /dev/shm and in which syntax: the generated files follow it.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runs on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bare metal, a container runtime, Kubernetes or a cloud service. Containers get 64 MiB unless configured (Azure ML 2 GiB).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kubernetes kind and namespace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The object the manifest describes (Pod, Deployment, Job, PyTorchJob) and its namespace; shown for Kubernetes only.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>I can change the size of /dev/shm there</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Off when someone else runs the host: then the DataLoader settings are fitted to the /dev/shm there is (Workload page).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Current /dev/shm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Its size there, if you know it, such as 64MiB or 8GiB.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Job name, image, command</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Used in the generated files: the container image and the command that starts training.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Job memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The container&apos;s memory limit before /dev/shm. /dev/shm pages count against the limit, so the files add /dev/shm on top.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs per node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs the job uses on one host.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Host memory and CPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What the host has; the Host page can fill them from a probe.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sizes are read the way the environment reads them: 8G is 8 GiB to Docker but 8×10&lt;sup&gt;9&lt;/sup&gt; bytes to Kubernetes. The bytes they mean are shown beside each size field.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;h3&gt;Workload&lt;/h3&gt;&lt;p&gt;What one sample holds and how the DataLoader runs; the /dev/shm needed is computed as you type, drawn as a bar with the /dev/shm there is and the memory limit.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Preset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A typical workload to start from.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tensors of one sample</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One row per tensor the Dataset returns for one sample: name, shape without the batch dimension (3, 224, 224), and type.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fitted to the /dev/shm there is</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shown when /dev/shm cannot be raised: your settings beside the largest that fit, what each change costs, and Apply fitted settings. Red when nothing fits.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;h3&gt;Host&lt;/h3&gt;&lt;p&gt;What the target gives a job today, and what will break training there.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Facts</source>
        <translation type="unfinished">主机信息</translation>
    </message>
    <message>
        <source>/dev/shm size and use over time (the chart, with the job&apos;s requirement as a dashed line), memory and its limit, CPUs, ulimit -n, container, GPUs and PyTorch.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Findings</source>
        <translation type="unfinished">发现的问题</translation>
    </message>
    <message>
        <source>Each problem with the facts that show it and the fix. A container job probed on its host is told about the container&apos;s /dev/shm, not the host&apos;s.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refresh every 5 s, Refresh, Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Probe again now, regularly, or stop. An error stays shown until a probe succeeds.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use in profile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy memory, CPUs and (for a job that runs on this host) /dev/shm into the profile.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check in a container</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>With Docker or Podman installed: start a throw-away container of the job&apos;s image with the generated flags and probe it, so you see what the job will get.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Diagnose a log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Paste an error log to have it explained.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;h3&gt;Results&lt;/h3&gt;&lt;p&gt;The files for your environment, each checked as you edit it. Select a line to see why it is there.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A badge says whether the file passed its checks. Your edits are kept when you go back and return, unless the profile changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copies the file&apos;s text to the clipboard.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save, Save all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write the file (or all of them into a folder); a file with errors is saved only after you confirm, and a file that differs is kept as FILE.bak.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>shmwise::HostPage</name>
    <message>
        <source>Host</source>
        <translation>主机</translation>
    </message>
    <message>
        <source>What the target really gives a job today, and what in it will break training.</source>
        <translation>目标主机现在实际能给任务什么，以及其中哪些会导致训练失败。</translation>
    </message>
    <message>
        <source>Probing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation>刷新(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>取消(&amp;C)</translation>
    </message>
    <message>
        <source>Refresh every &amp;5 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Use in profile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy /dev/shm, memory and CPUs into the profile&apos;s host section, so the plan and fit use what this host has.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fact</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Host facts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Findings</source>
        <translation>发现的问题</translation>
    </message>
    <message>
        <source>Facts</source>
        <translation>主机信息</translation>
    </message>
    <message>
        <source>Probing %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Probe of %1 cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 probed in %2 ms at %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>/dev/shm size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>/dev/shm used</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>/dev/shm mount options</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory available</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory limit (cgroup)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPUs usable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open files (ulimit -n)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Container</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Orchestrator</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kernel.shmmni</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>System</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PyTorch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing here will break the job.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Probe state</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Probe error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check in a cont&amp;ainer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start a throw-away container of the job&apos;s image with the generated flags and probe it: /dev/shm, memory and ulimit -n as the job will see them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Diagnose a &amp;log…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not probed yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Starting a container of %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check in a container failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The container check did not finish.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Inside a container of %1 started with the generated flags.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not probed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 said: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Probe of %1 failed at %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>shmwise::Inventory</name>
    <message>
        <source>unclosed &apos;[&apos; in host pattern &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>host range &apos;%1&apos; is not [begin:end] or [begin:end:step]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>host range &apos;%1&apos; has a bad step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>host range &apos;%1&apos; is empty or too large</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>host range &apos;%1&apos; is neither numeric nor single letters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid section &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>section suffix &apos;:%1&apos; is not vars or children</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected key=value in [%1:vars], found &apos;%2&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unterminated quote</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected key=value host variable after &apos;%1&apos;, found &apos;%2&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vars must be a mapping</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>groups nested too deep at &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>group &apos;%1&apos; must be a mapping of hosts, vars and children</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; of group &apos;%2&apos; must be a mapping</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>group &apos;%1&apos; is its own descendant</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>host &apos;%1&apos;: ansible_port &apos;%2&apos; is not a port number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a YAML inventory must be a mapping of groups</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>larger than 16 MiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--limit: &apos;%1&apos; matches no group or host of the inventory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--limit &apos;%1&apos; selects no host</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>shmwise::MainWindow</name>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;New Profile</source>
        <translation>新建配置(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Open Profile…</source>
        <translation>打开配置(&amp;O)…</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Save Profile</source>
        <translation>保存配置(&amp;S)</translation>
    </message>
    <message>
        <source>Save Profile &amp;As…</source>
        <translation>配置另存为(&amp;A)…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;About ShmWise</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About ShmWise</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;ShmWise %1&lt;/b&gt;&lt;/p&gt;&lt;p&gt;Shared-memory configuration assistant for PyTorch training.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ready</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot open profile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has problems:

%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Opened %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot save profile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open Profile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ShmWise profiles (*.yaml *.yml);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save Profile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ShmWise profiles (*.yaml *.yml)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unsaved profile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The profile has changes. Save them?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Untitled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1[*] — ShmWise</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Tools</source>
        <translation>工具(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Diagnose an Error Log…</source>
        <translation>诊断错误日志(&amp;D)…</translation>
    </message>
    <message>
        <source>&amp;Contents</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;What&apos;s This?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ShmWise Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Help text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ShmWise sizes /dev/shm for PyTorch DataLoader training. Press Shift+F1 and click a field for what it means. The command line does the same as the wizard: run shmwise --help.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unsaved files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>You edited generated files on the Results page and did not save them. Discard those edits?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Discard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation type="unfinished">取消(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>shmwise::Page</name>
    <message>
        <source>Problems on this page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is required</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>= %1 bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Docker</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kubernetes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a percentage is not a size here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the kernel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (nor as %2 reads sizes: %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 in bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sample size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Batch size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Workers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Prefetch factor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Persistent workers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Processes per node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pin memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start method</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sharing strategy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dataset tensors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tensors of one sample</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Preset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Job name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Command</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs per node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Namespace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kubernetes kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Current /dev/shm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tensor %1, %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Job memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Host memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tensors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>preset</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>shmwise::Presets</name>
    <message>
        <source>Image classification (224x224)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ResNet/ViT-style training: one 3x224x224 float32 image and a label per sample.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Object detection (640x640, YOLO-like)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>YOLO-style training: a 3x640x640 uint8 image and padded box targets per sample.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Audio generation (mel + CLAP + T5)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Text-to-music training with a dict sample: a mel spectrogram, a CLAP embedding and T5 text features.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Video clips (16 frames, 224x224)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Video classification: a 3x16x224x224 float32 clip and a label per sample.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Multimodal image + text (CLIP-like)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Contrastive image-text training: a 224x224 image with 77 text tokens and their attention mask.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>shmwise::Probe</name>
    <message>
        <source>line %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>more problems not shown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unreadable report header</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not a key=value line: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no probe report header (&quot;shmwise-probe 1&quot;)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>report version %1 is newer than this ShmWise reads (%2); known facts are used</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the report was cut off (no end marker)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>refused target: the %1 &apos;%2&apos; %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is too long</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>starts with &apos;-&apos;, which a client would read as an option</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>holds a control character</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>holds a space</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>holds &apos;%1&apos;; only letters, digits, &apos;.&apos;, &apos;_&apos; and &apos;-&apos; are allowed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>user</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>refused target: &apos;[&apos; without &apos;]&apos; in &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>refused target: unexpected &apos;%1&apos; after the host</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>host</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>refused target: &apos;%1&apos; is not a port (1-65535)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>container</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>refused target: &apos;%1&apos; has too many parts; write k8s://pod, k8s://namespace/pod or k8s://namespace/pod/container</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>namespace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pod</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown target &apos;%1&apos;; write local, ssh://[user@]host[:port], docker://container or k8s://[namespace/]pod[/container]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot create the ssh control directory %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The host key of %1 is not in your known_hosts file, so ssh refused to connect without asking. Connect once with `ssh %1` and check the fingerprint it shows, or add the key with `ssh-keyscan %1 &gt;&gt; ~/.ssh/known_hosts` after checking it; then probe again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The host key of %1 has changed since it was stored in known_hosts. This may be an attack, or a reinstalled host: check with its administrator, then remove the old key with `ssh-keygen -R %1`.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 did not accept any of your keys (it may only allow passwords, which ShmWise never asks for). Load a key into ssh-agent (`ssh-add`) and install it on the host with `ssh-copy-id %1`, or name the key with IdentityFile in your ssh config.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The host name %1 could not be resolved; check the name or add a Host entry to your ssh config.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 refused the connection: no ssh server listens on that port.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The connection to %1 timed out; check the host, the port and any firewall or VPN in between.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 closed the connection after too many keys were offered; set IdentitiesOnly yes and IdentityFile for it in your ssh config.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no running container named %1 (see `docker ps`).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The container %1 is not running; the probe needs a running container.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>You may not use the Docker daemon; join the docker group or use sudo.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The pod %1 was not found; check the name and the namespace (kubectl get pods -n NAMESPACE).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your Kubernetes account may not exec into %1 (it needs the pods/exec permission).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The target has no /bin/sh to run the probe with.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the ssh control directory %1 is not a directory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the ssh control directory %1 belongs to another user (uid %2), who could take over the connections; set XDG_RUNTIME_DIR to a private directory of yours (for example XDG_RUNTIME_DIR=/run/user/%3, or mkdir -m 700 ~/.shmwise-run and point XDG_RUNTIME_DIR there) and probe again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the ssh control directory %1 is open to other users (mode %2); it must have mode 0700 (chmod 700 %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the ssh control socket %1 would be longer than %2 bytes, more than a socket name can hold; use a shorter XDG_RUNTIME_DIR</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>shmwise::Prober</name>
    <message>
        <source>the probe was cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the probe of %1 failed: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the probe of %1 failed (exit code %2) without a report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot run %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 did not answer within %2 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 sent more than %2 MiB of report; the probe was stopped (a report is a few KiB: is the login shell printing without end?)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 wrote more than %2 KiB of errors; the probe was stopped</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>shmwise::Profile</name>
    <message>
        <source>must not be empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a valid name: use at most 63 lower-case letters, digits and &apos;-&apos;, starting and ending with a letter or digit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not an image reference: write it as [registry/]name[:tag], for example pytorch/pytorch:2.6.0-cuda12.4-cudnn9-runtime</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must name at least the program to run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>holds an empty argument</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a usable tensor name: use letters, digits and &apos;_&apos;, not starting with a digit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be a mapping of keys to values</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>keys must be plain names</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>duplicate key; only one &apos;%1&apos; is allowed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown key &apos;%1&apos;; expected one of: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>has no value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be a text value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be a whole number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a whole number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must not be negative (got %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be at least %1 (got %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be true or false</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be a size such as 64MiB or a number of bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown value &apos;%1&apos;; expected one of: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be a list of tensors, each {name, shape, dtype}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>needs &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tensor name &apos;%1&apos; is used twice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be a list of dimensions, such as [3, 224, 224] or [] for a scalar</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the tensor&apos;s size overflows 64 bits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>give either &apos;sample&apos; or &apos;sample_bytes&apos;, not both</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be more than 0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a tab is used for indentation; YAML indents with spaces</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the workload needs &apos;sample&apos; (its tensors), &apos;sample_bytes&apos; or a &apos;preset&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the workload needs a batch_size of at least 1 (or a &apos;preset&apos;)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>prefetch_factor needs num_workers &gt; 0; PyTorch raises ValueError otherwise (remove it, or set num_workers)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>persistent_workers: true needs num_workers &gt; 0; PyTorch raises ValueError otherwise</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be at least 1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>one batch (sample size x batch_size) overflows 64 bits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not valid YAML: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the profile is empty; it needs at least &apos;shmwise: 1&apos;, &apos;environment&apos; and &apos;workload&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>missing; the first line of a profile is &apos;shmwise: 1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>profile version %1 is not supported; this version of ShmWise reads version 1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>missing; one of: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be a list of arguments, such as [python, train.py]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>missing; it needs a &apos;sample&apos; (or &apos;sample_bytes&apos; or a &apos;preset&apos;) and a &apos;batch_size&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown preset &apos;%1&apos;; expected one of: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unreadable: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>profile version %1 is not supported</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dimension %1 is negative</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a dimension: write whole numbers such as 3, 224, 224</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>holds a line break (%1); remove it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>holds the invisible format character %1, which shows text in another order or hides it; remove it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>holds the control character %1; remove it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>argument %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>at most %1 GPUs per node (got %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>at most 1 EiB (%1 bytes); got %2 bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the /dev/shm this job would need is beyond 1 EiB; check batch_size, num_workers, prefetch_factor and processes_per_node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>at most %1 (got %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; is quoted, so YAML reads it as a string; %2 is needed: write it without quotes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; is tagged !!str, so it is a string; %2 is needed: write it without the tag</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; has the tag %2; %3 is needed: write it without a tag</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a whole number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a count: write it without the minus sign</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is too large (at most 2^64-1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>true or false</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>shmwise::ResultsPage</name>
    <message>
        <source>Results</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>The files for your environment, checked as you edit them. Select a line to see why it is there.</source>
        <translation>适用于你的环境的配置文件，编辑时实时检查。选中一行即可查看它的理由。</translation>
    </message>
    <message>
        <source>Generated files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>File contents</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Explanation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation>复制(&amp;C)</translation>
    </message>
    <message>
        <source>Copy this file&apos;s text to the clipboard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sa&amp;ve…</source>
        <translation>保存(&amp;V)…</translation>
    </message>
    <message>
        <source>Save this file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save &amp;all…</source>
        <translation>全部保存(&amp;A)…</translation>
    </message>
    <message>
        <source>Save every file into a folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no validator for this format</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>valid</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: no validator for this format.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: no problems found.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Line %1:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copied %1 to the clipboard.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save all files into</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replace files?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>These files exist and differ:
%1

Replace them? The old ones are kept as .bak files.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Some files were not saved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Results status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The profile changed, so these files were generated again and your edits to them replaced: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 errors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 warning</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 warnings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>But no DataLoader setting fits the %1 /dev/shm there: see the Workload page.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2, %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 problem</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 problems</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copied %1 as a command to paste: it runs in a shell of its own (sh -c), so its exit does not close yours.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save files with errors?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The checks found errors that will stop these files from working:
%1

The lines are underlined; select one to see the error.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Save Anyway</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation type="unfinished">取消(&amp;C)</translation>
    </message>
    <message>
        <source>Saved %1 of %2 in %3; %4 kept as they were.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved %1 in %2.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>shmwise::Severity</name>
    <message>
        <source>error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>warning</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>info</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>shmwise::ShmChart</name>
    <message>
        <source>/dev/shm use over time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 used</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No samples yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>job needs %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>/dev/shm: %1 used of %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>shmwise::Size</name>
    <message>
        <source>&apos;%1&apos; is not a size: write a whole number of bytes, or a number with a unit such as 64MiB, 8GiB or 10GB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown size unit &apos;%1&apos; in &apos;%2&apos;: use B, KiB, MiB, GiB, TiB (binary) or KB, MB, GB, TB (decimal)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; has a fraction of a byte: sizes in bytes are whole numbers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; is too large: sizes must fit in 64 bits</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>shmwise::Sizing</name>
    <message>
        <source>Batches prefetched by workers</source>
        <translation>worker 预取的批次</translation>
    </message>
    <message>
        <source>%1 workers x prefetch_factor %2 = %3 batches of %4 each, collated by the workers straight into /dev/shm and waiting for the training loop.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Batches held by the training loop</source>
        <translation>训练循环持有的批次</translation>
    </message>
    <message>
        <source>%1 more batches stay in /dev/shm: the batch being trained on, the one being handed over, and, at each new epoch, the last batch, which the freshly forked workers inherit (persistent_workers=True avoids that one).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 more batches stay in /dev/shm while the loop uses them: the batch being trained on and the one being handed over.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dataset tensors moved to /dev/shm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Under the %1 start method the Dataset is pickled to each worker; its tensors are moved into /dev/shm once and stay there for the loader&apos;s life. Under fork they would be inherited instead.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Multiprocessing semaphores</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Python&apos;s multiprocessing keeps its semaphores in /dev/shm: a few pages per loader and per worker, doubled at an epoch boundary when workers restart.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>num_workers is 0: the main process loads every batch itself, so the DataLoader puts nothing in /dev/shm (and loading is not parallel).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Other data-parallel processes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 processes on this host each run their own DataLoader, so the terms above are needed %1 times over one shared /dev/shm.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NCCL intra-node buffers (estimate)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NCCL&apos;s SHM transport and proxy allocate in /dev/shm. Estimated from NCCL&apos;s documented NCCL_BUFFSIZE (4 MiB) for a send and a receive connection on each of %1 channels, per process; NCCL_DEBUG=INFO NCCL_DEBUG_SUBSYS=ALLOC prints the real figure. This term is an estimate, not a measurement.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Margin</source>
        <translation>余量</translation>
    </message>
    <message>
        <source>%1 plus %2% over the measured peaks: repeated runs of one configuration differ by a few percent, and batches of variable-size samples vary more.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The recommended /dev/shm (%1) is more than half of the host&apos;s memory (%2): it competes with the page cache and the job&apos;s own memory. Lower num_workers, prefetch_factor or batch_size.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The job&apos;s memory (%1) plus /dev/shm (%2) is more than the host has (%3): pages in /dev/shm count against the same memory, so the job would be OOM-killed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 workers in all (%2 per process) for %3 CPUs: workers beyond the CPUs add /dev/shm use without loading faster.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>prefetch_factor %1 keeps %2 batches per worker in /dev/shm; more than 2-4 rarely speeds training up.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>/dev/shm here is %1 and cannot be changed, but the job needs %2: use the fitted DataLoader settings.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has no setting for /dev/shm; only DataLoader settings can keep the job within what it gives.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>/dev/shm is %1 today but the job needs %2: raise it before training.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing fits in %1: NCCL alone needs more. Set NCCL_SHM_DISABLE=1 (slower, over the network) or give the job more /dev/shm.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>num_workers %1 instead of %2: fewer batches are prepared in parallel, so loading may become the bottleneck.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>prefetch_factor %1 instead of %2: a shorter queue absorbs less variation in loading time.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>batch_size %1 instead of %2: this changes training itself (scale the learning rate, or accumulate gradients over %3 steps).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>num_workers 0: batches are loaded in the training process, one at a time, with no /dev/shm used; expect slower steps.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>file_system headers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Under the file_system strategy each shared tensor&apos;s file holds a %1-byte header in front of the data (measured), so a tensor whose bytes per batch are a multiple of 4 KiB, or just under one, takes one page more: %2 per batch here, over %3 batches in flight. file_descriptor has no header.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>spawn or forkserver together with the file_system strategy was seen to hang at interpreter exit on PyTorch 2.6 with Python 3.13, after training finished (torch_shm_manager). Prefer file_descriptor with a raised ulimit -n.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The file_system sharing strategy keeps the same data in /dev/shm as file_descriptor plus a %1-byte header per shared tensor, %2 in all here (counted above). It avoids running out of file descriptors, and leaves /dev/shm/torch_* files behind when a process crashes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The main process can hold up to about %1 shared-memory file descriptors: raise ulimit -n to %2 (or use the file_system strategy), or the loader fails with &quot;Too many open files&quot; or &quot;received 0 items of ancdata&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>shmwise::TargetPage</name>
    <message>
        <source>Target</source>
        <translation>目标主机</translation>
    </message>
    <message>
        <source>Which machine should ShmWise look at? It runs a read-only probe there and installs nothing.</source>
        <translation>ShmWise 应该检查哪台机器？它只在那里运行只读探测，不安装任何东西。</translation>
    </message>
    <message>
        <source>An &amp;SSH host</source>
        <translation>SSH 主机(&amp;S)</translation>
    </message>
    <message>
        <source>A running &amp;Docker container</source>
        <translation>运行中的 Docker 容器(&amp;D)</translation>
    </message>
    <message>
        <source>SSH host</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>[user@]host[:port] or an alias from ~/.ssh/config</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Uses your OpenSSH client, so ~/.ssh/config, the agent, ProxyJump and known_hosts work as in a terminal. The host key must already be known.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SSH config file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>optional: a config file passed to ssh -F</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Container</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>container name or id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pod namespace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>current namespace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pod</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pod container</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the pod&apos;s default container</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Pod:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cont&amp;ainer:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SSH config file %1 does not exist</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This &amp;computer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A K&amp;ubernetes pod</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Test connect&amp;ion</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run the probe on the chosen target once, to see that it answers.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connection test result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>H&amp;ost:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Config fi&amp;le:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Na&amp;mespace:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Contain&amp;er:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fleet &amp;view…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Probe many hosts at once (targets or an Ansible inventory) and see which of them would break the job.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 answered in %2 ms: %3, /dev/shm %4.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown system</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>shmwise::Validators</name>
    <message>
        <source>&apos;%1&apos; is not a kernel size: tmpfs takes one letter after the number and refuses anything more; write &apos;%2&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a kernel size: write digits with an optional k, m, g or t suffix (8G), or a percentage of RAM (50%)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; is Kubernetes syntax; Docker reads sizes like 8g, 8GB or 8GiB (write &apos;%2&apos;)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; is negative; a size is a positive number such as 8g</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a Docker size: write a number with b, k, m, g, t or p (binary units), such as 8g, 1.5g or 8GiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (write &apos;%1&apos; for binary or &apos;%2&apos; for decimal units)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a Kubernetes quantity: use a suffix Ki, Mi, Gi, Ti (binary) or k, M, G, T (decimal)%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; is negative; a memory size must be positive</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>duplicate key &apos;%1&apos;: YAML tools disagree on which value wins; keep one and delete the other</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a tab is used for indentation; YAML indents with spaces only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>more than %1 YAML documents in one file; split it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not valid YAML: %1; fix the syntax here (check indentation, quotes and brackets)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not valid YAML</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>could not check the file: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 needs a size, such as &quot;8gb&quot; or a number of bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ulimits is a mapping, such as nofile: {soft: 65536, hard: 65536}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ulimits.nofile needs both soft and hard, such as {soft: 65536, hard: 65536}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nofile soft must be a whole number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nofile hard must be a whole number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the nofile soft limit %1 is above the hard limit %2; make soft &lt;= hard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ulimits.nofile is a whole number or {soft: N, hard: N}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>service &apos;%1&apos; must be a mapping (image:, shm_size:, ...)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>shm_size 0 gives Docker&apos;s default of 64 MiB; give a size such as &quot;8gb&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>shm_size %1 is below the 64 MiB default; a plain number is bytes (write &quot;%1gb&quot; for gigabytes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>shm_size has no effect with ipc: host (the host&apos;s /dev/shm is used); remove one of them</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the memory limit %1 is smaller than shm_size %2: /dev/shm pages count against it, so the container is OOM-killed when /dev/shm fills; raise the limit above the shm size plus what the job needs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>docker stack deploy ignores shm_size; for Swarm mount a tmpfs volume at /dev/shm with an integer size in bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the short tmpfs form for /dev/shm is silently dropped by docker stack deploy; use shm_size, or a long-syntax volume of type tmpfs with tmpfs.size in bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this tmpfs at /dev/shm has no tmpfs.size, so it may grow to half the RAM; give a size in bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tmpfs.size 0 means no limit; give a size in bytes, such as 8589934592 for 8 GiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>docker stack deploy needs tmpfs.size as an integer number of bytes; write %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tmpfs.size must be an integer number of bytes (8589934592 for 8 GiB)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>service &apos;%1&apos; sets no shm_size, so /dev/shm is Docker&apos;s 64 MiB default; a DataLoader with workers needs more (add shm_size: &quot;8gb&quot;)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a compose file is a mapping with a &apos;services:&apos; section</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the file needs a &apos;services:&apos; mapping with at least one service</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this single quote is never closed; add the closing &apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this double quote is never closed; add the closing &quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nofile above 1048576 (the default fs.nr_open) fails unless the host raised fs.nr_open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no image: %1 run needs an image after the options, such as pytorch/pytorch:latest</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--shm-size is given twice; the last one wins, so keep one</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--shm-size=0 makes Podman&apos;s /dev/shm unlimited (up to all RAM); give a size such as 8g</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--shm-size=0 gives Docker&apos;s default of 64 MiB, not more; give a size such as 8g</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--shm-size %1 is below the 64 MiB default; did you mean %1g?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Podman refuses --shm-size together with --ipc=host; keep one (--ipc=host uses the host&apos;s /dev/shm)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--shm-size has no effect with --ipc=host: the container uses the host&apos;s /dev/shm; remove one of them</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--memory %1 is smaller than --shm-size %2: /dev/shm pages count against the memory limit, so the container is OOM-killed when it fills /dev/shm; raise --memory above the shm size plus what the job needs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no &apos;docker run&apos; or &apos;podman run&apos; command found; write one, such as docker run --shm-size=8g IMAGE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the %1 field must be a number (usually 0), not &apos;%2&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dump</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pass</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>/dev/shm must be mounted with type tmpfs, not &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>empty option (two commas in a row); remove it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>option &apos;%1&apos; needs a value (%1=...)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>size=0 makes the tmpfs unlimited: a runaway process can fill all RAM; give a size such as size=8G</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>size=%1 is more than the RAM; /dev/shm competes with processes and page cache, so keep it well under 100%</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>size=%1 is under 64 MiB, smaller than Docker&apos;s default; a DataLoader with workers will hit a Bus error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mode=%1 is not an octal mode; /dev/shm needs mode=1777 (everyone may create files, the sticky bit protects them)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mode=%1 stops other users&apos; processes from creating shared memory; /dev/shm is normally mode=1777</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no size= option: the kernel default is half of the RAM; add size=... to set it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no line mounts /dev/shm; add &apos;tmpfs /dev/shm tmpfs defaults,nosuid,nodev,size=8G 0 0&apos; to size it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 needs a quantity, such as 8Gi</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: &apos;%2&apos; means thousandths of a byte (m is milli); write %3Mi</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the pod spec must be a mapping</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>each volume needs a name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>volume name &apos;%1&apos; is used twice; names must be unique</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>medium must be exactly &apos;Memory&apos; (capital M); &apos;%1&apos; is rejected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown emptyDir medium &apos;%1&apos;; for /dev/shm write medium: Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>volumes must be a list</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>requests.memory is above limits.memory; the request must not exceed the limit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>volumeMount &apos;%1&apos; names no volume of the pod; add it under spec.volumes or fix the name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the /dev/shm emptyDir &apos;%1&apos; has no sizeLimit; set one (and raise limits.memory by as much)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>limits.memory %1 is below the /dev/shm sizeLimit %2: a memory-backed emptyDir counts against the container&apos;s memory limit, so the container is OOM-killed when /dev/shm fills; raise limits.memory by the shm size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no volume is mounted at /dev/shm, so the pod gets the runtime&apos;s 64 MiB default; mount an emptyDir with medium: Memory and a sizeLimit there</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a Kubernetes manifest is a mapping with apiVersion, kind and spec</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the manifest has no &apos;kind&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the manifest has no &apos;apiVersion&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a PyTorchJob needs spec.pytorchReplicaSpecs (Master, Worker)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the file holds no Kubernetes manifest</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown item &apos;%1&apos;; pam_limits ignores the line (nofile is the open files limit)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nofile %1 is very low; a DataLoader with workers can fail with &apos;Too many open files&apos; (use 65536 or more)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>num_workers must be 0 or more; PyTorch raises ValueError</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>num_workers=0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no num_workers (so 0)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>persistent_workers=True with %1: PyTorch raises ValueError; set num_workers &gt; 0 or drop persistent_workers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>prefetch_factor with %1: PyTorch 2.0 and later raise ValueError; set num_workers &gt; 0 or remove prefetch_factor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>prefetch_factor must be at least 1 (it is the batches each worker loads ahead)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>multiprocessing_context &apos;%1&apos; is not a start method; use &apos;fork&apos;, &apos;spawn&apos; or &apos;forkserver&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown sharing strategy &apos;%1&apos;; use &apos;file_descriptor&apos; or &apos;file_system&apos; (both keep batches in /dev/shm)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>set_sharing_strategy() inside &apos;if __name__ == &quot;__main__&quot;&apos; is not run in workers started with spawn or forkserver; call it at module level, right after the imports</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown start method &apos;%1&apos;; use &apos;fork&apos;, &apos;spawn&apos; or &apos;forkserver&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the key before &apos;=&apos; is missing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a sysctl key: keys are names separated by dots, such as kernel.shmmni</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; has no value after &apos;=&apos;; give one or delete the line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; is also set on line %2; the later line wins, so keep only one</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not under any /proc/sys directory (kernel, vm, fs, net, ...); check the spelling</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 limits System V shared memory (shmget), not /dev/shm: raising it does not help a PyTorch DataLoader; size /dev/shm with its mount (size=), --shm-size or a memory-backed emptyDir instead</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 = 0 allows no System V shared memory at all; use a positive value or delete the line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 must be a whole number, not &apos;%2&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid ulimit argument &apos;%1&apos;: write NAME=SOFT[:HARD], such as nofile=65536:65536</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid ulimit type &apos;%1&apos;; Docker knows %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>too many limit values in &apos;%1&apos;: write SOFT[:HARD]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos;: the limits must be whole numbers, such as nofile=65536:65536</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ulimit soft limit must be less than or equal to hard limit: %1 &gt; %2 (write %3=%2:%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a valid --gpus value (a quote is out of place)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid count (%1): write a number or all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gpu request key &apos;%1&apos; can be specified only once</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unexpected key &apos;%1&apos; in &apos;%2&apos;; --gpus takes all, a count, or count=, device=, driver=, capabilities=, options=</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid proto: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid IP address in &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid port specification: &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no port specified: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid containerPort: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid hostPort: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid argument &quot;%1&quot; for --%2: write true or false</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a number of CPUs, such as 1.5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--%1 takes a whole number, not &apos;%2&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--%1 takes a duration such as 30s or 1m30s, not &apos;%2&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid range format for --expose: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--pid: invalid PID mode &apos;%1&apos;; use host or container:NAME</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--%1: invalid mode &apos;%2&apos;; the only mode is host</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--cgroupns: invalid mode &apos;%1&apos;; use host or private</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>valid streams are STDIN, STDOUT and STDERR, not &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--sysctl takes KEY=VALUE, not &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sysctl &apos;%1&apos; is not allowed: a container may only set namespaced keys (kernel.shm*, kernel.msg*, kernel.sem, fs.mqueue.*, net.*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the image name is empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid reference format: the digest after @ must be like sha256:&lt;64 hex digits&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid reference format: tag &apos;%1&apos; (a tag is letters, digits, _, . and -, up to 128)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid reference format: registry &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid reference format: repository name (%1) must be lowercase</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid reference format: &apos;%1&apos; (names are lowercase letters, digits and single separators . _ -, parts joined by /)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid reference format: the repository name is longer than 255 characters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>its anchors and aliases expand to far more values than the file holds, too many to check (YAML tools refuse such excessive aliasing)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the document is %1, not a mapping</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown key &apos;%1&apos; at the top level</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown key &apos;%1&apos; in %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 needs &apos;%2&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the document</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has the wrong type: %2 is not allowed here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this backquote is never closed; add the closing `</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this %1 is never closed; add the closing %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2; Compose v2 refuses the file, docker-compose 1.x passes it on and Docker refuses it at &apos;up&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (Compose v2 refuses the file; docker-compose 1.x takes the last value)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1; Compose refuses the file (compose-spec schema)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nofile cannot be unlimited (-1): the kernel caps it at fs.nr_open, so the container fails to start; use a number such as 1048576</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--%1: %2; %3 run refuses it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown flag: --%1; %2 run refuses the command</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown flag: --%1 (did you mean --%2?); %3 run refuses the command</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>flag needs an argument: --%1 (and the image must follow the options)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown shorthand flag: &apos;%1&apos; in %2; %3 run refuses the command</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>flag needs an argument: -%1 (and the image must follow the options)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>conflicting options: cannot specify both --restart and --rm; docker run refuses the command (drop one)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>conflicting options: cannot specify both --attach and --detach; %1 run refuses the command</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>image &apos;%1&apos;: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an fstab line needs at least 3 fields: device, mount point and type (tmpfs /dev/shm tmpfs defaults,size=8G 0 0); mount skips this line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fields after the sixth are ignored; write a space in a path as \040</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>option &apos;%1&apos; needs Linux %2 or later; older kernels refuse the mount</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown option &apos;%1&apos;: tmpfs refuses to mount with an option it does not know; check the spelling</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1=%2: tmpfs takes a numeric id here, not a name; the kernel refuses the mount</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>huge=%1 is not a tmpfs value; the kernel refuses the mount (use never, always, within_size or advise)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mpol=%1 is not a memory policy the kernel reads (default, prefer:NODE, bind:NODES, interleave, local); it refuses the mount</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>volume &apos;%1&apos; at /dev/shm is not an emptyDir with medium: Memory: it is disk-backed or the node&apos;s own /dev/shm, shared and unlimited; use medium: Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>metadata.name &apos;%1&apos; is not a DNS-1123 subdomain (lower-case letters, digits, &apos;-&apos; and &apos;.&apos;); the API server refuses it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 name &apos;%2&apos; is not a DNS-1123 label (lower-case letters, digits and &apos;-&apos;, up to 63); the API server refuses it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>replica type &apos;%1&apos;: a PyTorchJob has only Master and Worker; the training operator refuses it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: no container is named &apos;pytorch&apos;; the training operator refuses the job (it finds the training container by that name)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Master must have exactly 1 replica; the training operator refuses %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Worker needs at least 1 replica; the training operator refuses 0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an elasticPolicy needs a Worker replica spec; the training operator refuses the job</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is served as apiVersion %2, not &apos;%3&apos;; the API server has no such kind there</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kind &apos;%1&apos; does not exist (kinds are case-sensitive: %2); the API server refuses the manifest</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1; the API server refuses it (strict field validation)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a limits line has 4 fields: &lt;domain&gt; &lt;type&gt; &lt;item&gt; &lt;value&gt;, such as &apos;* soft nofile 65536&apos;; pam_limits skips this line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pam_limits reads 4 fields and ignores the rest (&apos;%1&apos; has no effect)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the type is soft, hard or - (both), not &apos;%1&apos;; pam_limits skips the line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the value must be a whole number or &apos;unlimited&apos;, not &apos;%1&apos;; pam_limits skips the line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pam_limits reads only the leading digits: &apos;%1&apos; sets %2%3, not what the suffix suggests; write the whole number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (KiB for memory items)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nofile &apos;%1&apos;: Linux-PAM 1.5 (Debian 12) and later set fs.nr_open instead (1048576 by default); older versions fail to set it; write a number such as 1048576</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nofile %1 is above fs.nr_open (1048576 by default): setrlimit fails and the limit is not set; raise fs.nr_open in sysctl.d first, or use 1048576</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the soft limit for %1 (line %2) is above the hard limit (line %3); pam_limits lowers the soft limit to the hard one</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unmatched &apos;%1&apos;: Python raises SyntaxError</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>closing &apos;%1&apos; does not match &apos;%2&apos; on line %3: Python raises SyntaxError</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; was never closed: Python raises SyntaxError</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unexpected indent: Python raises IndentationError</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected an indented block after the line before: Python raises IndentationError</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unindent does not match any outer indentation level: Python raises IndentationError</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>in_order= came with PyTorch 2.6; PyTorch 1.13 to 2.5 raise TypeError (unexpected keyword argument)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DataLoader has no argument &apos;%1&apos;; PyTorch raises TypeError (unexpected keyword argument)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DataLoader has no argument &apos;%1&apos; (did you mean %2?); PyTorch raises TypeError (unexpected keyword argument)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>batch_size=%1: PyTorch raises ValueError (batch_size should be a positive integer); use None to turn batching off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>drop_last with batch_size=None: PyTorch raises ValueError (no batching, so nothing to drop)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>timeout must be 0 or more; PyTorch raises ValueError</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>shuffle with a sampler: PyTorch raises ValueError (sampler option is mutually exclusive with shuffle); let the sampler shuffle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>batch_sampler with batch_size, shuffle, sampler or drop_last: PyTorch raises ValueError (they are mutually exclusive); the batch sampler decides the batches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>num_workers is a number, not the string %1; PyTorch raises TypeError</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>multiprocessing_context with %1: PyTorch raises ValueError (it needs num_workers &gt; 0)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no &apos;=&apos; on this line: sysctl -p reads it as a query and sets nothing; write key = value, or start the line with # to make it a comment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (did you mean %1?)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a key of Linux 6.18 without modules%2; it exists only where its module or device is present, else sysctl -p fails on it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a sysctl key%2: sysctl -p fails with &quot;cannot stat /proc/sys/%3&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; is read-only (it reports a count or a name); sysctl -p fails with &quot;permission denied&quot;; delete the line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 must be a whole number up to 18446744073709551615, not &apos;%2&apos;; the kernel refuses it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kernel.sem takes four whole numbers (SEMMSL SEMMNS SEMOPM SEMMNI), such as 250 32000 100 128; the kernel refuses &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SEMMNI (the 4th value of kernel.sem) is at most 32768; the kernel refuses %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 must be a whole number, not &apos;%2&apos;; the kernel refuses it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 must be between %2 and %3; the kernel refuses %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not valid YAML: this quote is never closed; add the closing quote</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>shmwise::Wizard</name>
    <message>
        <source>&amp;Done</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What this page and its fields mean (F1)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>shmwise::WorkloadPage</name>
    <message>
        <source>Workload</source>
        <translation>工作负载</translation>
    </message>
    <message>
        <source>What one sample holds and how the DataLoader runs. The /dev/shm it needs updates as you type.</source>
        <translation>一个样本包含什么，DataLoader 如何运行。所需的 /dev/shm 会随输入实时更新。</translation>
    </message>
    <message>
        <source>Custom</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Preset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shape</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tensors of one sample</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One row per tensor the Dataset returns for ONE sample; the shape without the batch dimension, such as 3, 224, 224 (empty for a scalar).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Add tensor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Re&amp;move tensor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sample size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>used when no tensors are listed, e.g. 4MiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Batch size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Processes per node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Data-parallel ranks on one host (torchrun --nproc-per-node); each runs its own DataLoader.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Workers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Prefetch factor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Batches each worker prepares ahead (PyTorch&apos;s default is 2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Page-locked copies for faster GPU transfer; uses RAM, not /dev/shm.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start method</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sharing strategy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dataset tensors in memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tensors the Dataset object itself holds; spawn and forkserver move them into /dev/shm.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Required /dev/shm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Breakdown of the /dev/shm needed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One sample</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pre&amp;set:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DataLoader</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Workers:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>/dev/shm needed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tensor %1, shape: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tensor type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>too large</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>—</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fix the problems below to see the plan.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 required</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Configure %1. One batch is %2; %3 batches are in flight per process.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The main process holds about %1 shared-memory files (ulimit -n %2 covers them).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Persistent wor&amp;kers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pin memor&amp;y</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fitted to the /dev/shm there is</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fitted settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fit state</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your settings and the fitted ones</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Yours</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fitted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What the fit costs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>App&amp;ly fitted settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set workers, prefetch factor and batch size to the fitted ones.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sample s&amp;ize:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Batch si&amp;ze:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Processes per node:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Prefetch fa&amp;ctor:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start m&amp;ethod:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sharing strate&amp;gy:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dataset tens&amp;ors:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Persistent workers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pin memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (assumed: the profile does not say)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing fits: even loading in the main process needs %1, more than the %2 /dev/shm there is. Raise /dev/shm, or lower the processes per node.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>/dev/shm here is %1 and cannot be raised; your settings fit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>/dev/shm here is %1 and cannot be raised; your settings need %2. These fit:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>/dev/shm there</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>default /dev/shm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 needed as configured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One batch is %1; %2 batches are in flight per process.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
