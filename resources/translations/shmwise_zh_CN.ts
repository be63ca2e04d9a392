<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>PodList</name>
    <message>
        <source>the selector is empty; write labels such as app=train or job-name=ddp,role in (worker)</source>
        <translation>选择器为空；请写出标签，例如 app=train 或 job-name=ddp,role in (worker)</translation>
    </message>
    <message>
        <source>the selector is longer than 1024 characters</source>
        <translation>选择器长度超过 1024 个字符</translation>
    </message>
    <message>
        <source>&apos;%1&apos; holds characters no label selector has (letters, digits, &apos;.&apos;, &apos;_&apos;, &apos;/&apos;, &apos;-&apos;, &apos;=&apos;, &apos;!&apos;, &apos;(&apos;, &apos;)&apos;, &apos;,&apos; and spaces only)</source>
        <translation>&apos;%1&apos; 含有标签选择器中不会出现的字符（只能是字母、数字、&apos;.&apos;、&apos;_&apos;、&apos;/&apos;、&apos;-&apos;、&apos;=&apos;、&apos;!&apos;、&apos;(&apos;、&apos;)&apos;、&apos;,&apos; 和空格）</translation>
    </message>
    <message>
        <source>&apos;%1&apos; starts with &apos;-&apos;</source>
        <translation>&apos;%1&apos; 以 &apos;-&apos; 开头</translation>
    </message>
    <message>
        <source>--selector: %1</source>
        <translation>--selector：%1</translation>
    </message>
    <message>
        <source>cannot run %1: %2</source>
        <translation>无法运行 %1：%2</translation>
    </message>
    <message>
        <source>%1 get pods gave no answer in %2 s</source>
        <translation>%1 get pods 在 %2 秒内没有响应</translation>
    </message>
    <message>
        <source>%1 get pods failed: %2</source>
        <translation>%1 get pods 失败：%2</translation>
    </message>
    <message>
        <source>exit %1</source>
        <translation>退出码 %1</translation>
    </message>
    <message>
        <source>the current namespace</source>
        <translation>当前命名空间</translation>
    </message>
    <message>
        <source>%1 get pods printed &apos;%2&apos;, which is not a pod name: %3</source>
        <translation>%1 get pods 输出了 &apos;%2&apos;，这不是 Pod 名称：%3</translation>
    </message>
    <message>
        <source>no running pod in %1 matches %2</source>
        <translation>%1 中没有与 %2 匹配的运行中 Pod</translation>
    </message>
    <message>
        <source>%1 get pods printed more than %2, more than the names of %3 pods: stopped it. Narrow the selector; at most %3 pods are probed at once, as many as an inventory may name</source>
        <translation>%1 get pods 的输出超过 %2，多于 %3 个 Pod 的名称所需：已将其停止。请缩小选择器范围；一次最多探测 %3 个 Pod，与一个清单（inventory）最多可列出的数量相同</translation>
    </message>
    <message>
        <source>%1 get pods listed %2 running pods for %3; at most %4 are probed at once, as many as an inventory may name: narrow the selector</source>
        <translation>%1 get pods 为 %3 列出了 %2 个运行中的 Pod；一次最多探测 %4 个，与一个清单（inventory）最多可列出的数量相同：请缩小选择器范围</translation>
    </message>
</context>
<context>
    <name>Ray</name>
    <message>
        <source>Ray&apos;s object store of %1 (ray.object_store_memory) lives in /dev/shm, and the job&apos;s DataLoaders share it: the store can fill to its size.</source>
        <translation>Ray 的 %1 对象存储（ray.object_store_memory）位于 /dev/shm 中，任务的 DataLoader 与它共享该空间：对象存储可能占满它的全部大小。</translation>
    </message>
    <message>
        <source>A store larger than the free /dev/shm moves to /tmp when it is 10 GB or less (slower, with a warning) and stops Ray with a ValueError when it is larger, unless RAY_OBJECT_STORE_ALLOW_SLOW_STORAGE=1.</source>
        <translation>大于空闲 /dev/shm 的对象存储在不超过 10 GB 时会移到 /tmp（更慢，并给出警告），更大时则以 ValueError 使 Ray 停止，除非设置了 RAY_OBJECT_STORE_ALLOW_SLOW_STORAGE=1。</translation>
    </message>
    <message>
        <source>Ray&apos;s object store lives in /dev/shm beside the job&apos;s DataLoaders. Unset, Ray makes it %1% of the memory available when it starts (of %2 here: %3), at most 200 GB, and on Linux at most the larger of 10 GB and 95% of the free /dev/shm: a /dev/shm made larger for the loaders alone is then mostly taken by the store. KubeRay&apos;s files set the store to %3 (object-store-memory); elsewhere start Ray with --object-store-memory, so the two fit side by side.</source>
        <translation>Ray 的对象存储与任务的 DataLoader 一起位于 /dev/shm 中。未设置时，Ray 将其设为启动时可用内存的 %1%（此处按 %2 计算为 %3），最多 200 GB，在 Linux 上最多为 10 GB 与空闲 /dev/shm 的 95% 两者中的较大者：于是仅为 DataLoader 增大的 /dev/shm 大部分会被对象存储占用。KubeRay 的文件将对象存储设为 %3（object-store-memory）；在其他环境中请用 --object-store-memory 启动 Ray，使两者可以并存。</translation>
    </message>
    <message>
        <source>Ray&apos;s object store shares /dev/shm with the job, and its default size follows the memory Ray sees, which the profile does not give: set ray.object_store_memory (Object store size in the wizard) or the job&apos;s memory.</source>
        <translation>Ray 的对象存储与任务共享 /dev/shm，其默认大小取决于 Ray 所见的内存，而配置档案没有给出该内存：请设置 ray.object_store_memory（向导中的“对象存储大小”）或任务的内存。</translation>
    </message>
    <message>
        <source>Ray&apos;s object store</source>
        <translation>Ray 的对象存储</translation>
    </message>
    <message>
        <source>Ray&apos;s object store (%1) does not fit the %2 of /dev/shm that cannot change here, so Ray puts it in /tmp, on disk: slower, and Ray warns at start. The plan counts no store in /dev/shm.</source>
        <translation>Ray 的对象存储（%1）放不进此处无法更改的 %2 /dev/shm，因此 Ray 会把它放在磁盘上的 /tmp 中：速度更慢，并且 Ray 启动时会给出警告。规划不在 /dev/shm 中计入对象存储。</translation>
    </message>
    <message>
        <source>Ray&apos;s object store (%1) is over 10 GB and larger than the %2 of /dev/shm that cannot change here: Ray refuses to start with a ValueError. Set a smaller ray.object_store_memory, or RAY_OBJECT_STORE_ALLOW_SLOW_STORAGE=1 to let it use /tmp.</source>
        <translation>Ray 的对象存储（%1）超过 10 GB，且大于此处无法更改的 %2 /dev/shm：Ray 会以 ValueError 拒绝启动。请设置更小的 ray.object_store_memory，或设置 RAY_OBJECT_STORE_ALLOW_SLOW_STORAGE=1 让它使用 /tmp。</translation>
    </message>
</context>
<context>
    <name>shmwise::AtomicFile</name>
    <message>
        <source>%1 is a directory</source>
        <translation>%1 是一个目录</translation>
    </message>
    <message>
        <source>%1 exists and differs; not overwritten</source>
        <translation>%1 已存在且内容不同；未覆盖</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>cannot write %1: %2 (no space left; the old file, if any, is kept)</source>
        <translation>无法写入 %1：%2（磁盘空间不足；原有文件（如有）已保留）</translation>
    </message>
    <message>
        <source>cannot write a file with an empty name</source>
        <translation>无法写入名称为空的文件</translation>
    </message>
    <message>
        <source>cannot write %1: the name holds a NUL character</source>
        <translation>无法写入 %1：名称中含有 NUL 字符</translation>
    </message>
    <message>
        <source>%1 is a symbolic link; not written through it (remove the link or choose another directory)</source>
        <translation>%1 是符号链接；不会通过它写入（请删除该链接或选择其他目录）</translation>
    </message>
    <message>
        <source>%1 is not a regular file (a FIFO, device or socket); not written</source>
        <translation>%1 不是普通文件（FIFO、设备或套接字）；未写入</translation>
    </message>
    <message>
        <source>%1 exists and cannot be read (%2); not overwritten</source>
        <translation>%1 已存在但无法读取（%2）；未覆盖</translation>
    </message>
    <message>
        <source>%1 exists and cannot be read (%2), so it cannot be kept as %1.bak; not replaced</source>
        <translation>%1 已存在但无法读取（%2），因此无法保留为 %1.bak；未替换</translation>
    </message>
    <message>
        <source>%1 exists and cannot be read (%2); not replaced</source>
        <translation>%1 已存在但无法读取（%2）；未替换</translation>
    </message>
    <message>
        <source>cannot keep a backup of %1 as %2: %3</source>
        <translation>无法将 %1 备份为 %2：%3</translation>
    </message>
    <message>
        <source>cannot read: no such file</source>
        <translation>无法读取：文件不存在</translation>
    </message>
    <message>
        <source>cannot read: %1</source>
        <translation>无法读取：%1</translation>
    </message>
    <message>
        <source>cannot read: it is a directory</source>
        <translation>无法读取：这是一个目录</translation>
    </message>
    <message>
        <source>too large (over %1 MiB); not read further</source>
        <translation>文件过大（超过 %1 MiB）；不再继续读取</translation>
    </message>
    <message>
        <source>too large (over %1 KiB); not read further</source>
        <translation>文件过大（超过 %1 KiB）；不再继续读取</translation>
    </message>
    <message>
        <source>cannot write %1: other programs keep creating and removing it</source>
        <translation>无法写入 %1：其他程序在不断创建和删除它</translation>
    </message>
    <message>
        <source>cannot create directory %1: %2 is not a directory</source>
        <translation>无法创建目录 %1：%2 不是目录</translation>
    </message>
    <message>
        <source>cannot create directory %1: %2 is a symbolic link to %3, which does not exist</source>
        <translation>无法创建目录 %1：%2 是指向 %3 的符号链接，而 %3 不存在</translation>
    </message>
    <message>
        <source>cannot create directory %1: %2: %3</source>
        <translation>无法创建目录 %1：%2：%3</translation>
    </message>
</context>
<context>
    <name>shmwise::Attribution</name>
    <message>
        <source>PyTorch shared tensors</source>
        <translation>PyTorch 共享张量</translation>
    </message>
    <message>
        <source>NCCL</source>
        <translation>NCCL</translation>
    </message>
    <message>
        <source>multiprocessing semaphores</source>
        <translation>multiprocessing 信号量</translation>
    </message>
    <message>
        <source>POSIX semaphores</source>
        <translation>POSIX 信号量</translation>
    </message>
    <message>
        <source>multiprocessing SharedMemory</source>
        <translation>multiprocessing SharedMemory</translation>
    </message>
    <message>
        <source>multiprocessing heap (Value, Array)</source>
        <translation>multiprocessing 堆（Value、Array）</translation>
    </message>
    <message>
        <source>Ray object store</source>
        <translation>Ray 对象存储</translation>
    </message>
    <message>
        <source>vLLM</source>
        <translation>vLLM</translation>
    </message>
    <message>
        <source>PostgreSQL</source>
        <translation>PostgreSQL</translation>
    </message>
    <message>
        <source>Triton Python backend</source>
        <translation>Triton Python 后端</translation>
    </message>
    <message>
        <source>web browser</source>
        <translation>网页浏览器</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>the probe did not list /dev/shm (an older probe)</source>
        <translation>探测没有列出 /dev/shm（探测脚本版本较旧）</translation>
    </message>
    <message>
        <source>uid %1</source>
        <translation>uid %1</translation>
    </message>
    <message>
        <source>unknown user</source>
        <translation>未知用户</translation>
    </message>
    <message>
        <source>pid %1</source>
        <translation>pid %1</translation>
    </message>
    <message>
        <source>%1 (pid %2)</source>
        <translation>%1（pid %2）</translation>
    </message>
    <message>
        <source>container %1</source>
        <translation>容器 %1</translation>
    </message>
    <message>
        <source>pod %1</source>
        <translation>Pod %1</translation>
    </message>
    <message>
        <source>smaller files the probe did not list</source>
        <translation>探测未列出的较小文件</translation>
    </message>
    <message>
        <source>Who holds /dev/shm is not known: %1.</source>
        <translation>无法得知谁持有 /dev/shm：%1。</translation>
    </message>
    <message>
        <source>accounted %1 (how much is in use is not known)</source>
        <translation>已查明归属 %1（已用量未知）</translation>
    </message>
    <message>
        <source>accounted %1 of %2 used</source>
        <translation>已用 %2，其中 %1 已查明归属</translation>
    </message>
    <message>
        <source>Everything in use is accounted for.</source>
        <translation>已用的空间全部查明了归属。</translation>
    </message>
    <message>
        <source>The other %1 are most likely files unlinked while still held by processes this probe could not inspect (another user&apos;s: probe as root to see every process), by processes in another PID namespace (other containers sharing this /dev/shm), or files written or freed while the probe ran.</source>
        <translation>其余的 %1 最可能是：已解除链接、但仍被本次探测无法检查的进程持有的文件（属于其他用户的进程：以 root 探测才能看到所有进程）；被另一个 PID 命名空间中的进程（共用此 /dev/shm 的其他容器）持有的文件；或在探测运行期间写入或释放的文件。</translation>
    </message>
    <message>
        <source>The other %1 are most likely held by processes in another PID namespace (other containers sharing this /dev/shm), or were written or freed while the probe ran.</source>
        <translation>其余的 %1 最可能被另一个 PID 命名空间中的进程（共用此 /dev/shm 的其他容器）持有，或是在探测运行期间写入或释放的。</translation>
    </message>
    <message>
        <source>The probe listed only part of the holders, so some unlinked files were not seen.</source>
        <translation>探测只列出了部分持有者，因此有些已解除链接的文件没有被看到。</translation>
    </message>
</context>
<context>
    <name>shmwise::BreakdownBar</name>
    <message>
        <source>Breakdown bar</source>
        <translation>构成明细条</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Needed: %1</source>
        <translation>所需：%1</translation>
    </message>
    <message>
        <source>memory limit: %1</source>
        <translation>内存限制：%1</translation>
    </message>
    <message>
        <source>measured peak: %1</source>
        <translation>测得峰值：%1</translation>
    </message>
    <message>
        <source>&lt;p&gt;The /dev/shm the job needs, term by term, on one scale with the /dev/shm there is and the memory limit it counts against. /dev/shm lives in RAM, not in GPU memory.&lt;/p&gt;&lt;p&gt;&lt;a href=&apos;lesson&apos;&gt;What is /dev/shm?&lt;/a&gt;&lt;/p&gt;</source>
        <translation>&lt;p&gt;任务所需的 /dev/shm，逐项列出，与现有的 /dev/shm 以及它所计入的内存限制画在同一刻度上。/dev/shm 位于内存（RAM）中，而不是 GPU 显存中。&lt;/p&gt;&lt;p&gt;&lt;a href=&apos;lesson&apos;&gt;什么是 /dev/shm？&lt;/a&gt;&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Needed: unknown until the problems below are fixed</source>
        <translation>所需：在修正下面的问题之前未知</translation>
    </message>
</context>
<context>
    <name>shmwise::Cli</name>
    <message>
        <source>compute the /dev/shm a training job needs, and why</source>
        <translation>计算训练任务所需的 /dev/shm 大小，并说明原因</translation>
    </message>
    <message>
        <source>write the configs for the profile&apos;s environment, with why</source>
        <translation>为配置档案的运行环境生成配置文件，并附说明</translation>
    </message>
    <message>
        <source>check a config file (fstab, sysctl, limits, docker run, compose, Kubernetes, Python)</source>
        <translation>检查配置文件（fstab、sysctl、limits、docker run、compose、Kubernetes、Python）</translation>
    </message>
    <message>
        <source>report what a host (local, ssh, docker, k8s) gives a job, and what will break it</source>
        <translation>报告主机（local、ssh、docker、k8s）能提供给任务的资源，以及会导致任务失败的问题</translation>
    </message>
    <message>
        <source>explain a DataLoader, NCCL or OOM error log and say what to do</source>
        <translation>解释 DataLoader、NCCL 或 OOM 错误日志，并给出处理办法</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n error(s)</source>
        <translation>
            <numerusform>%1：%n 个错误</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s)</source>
        <translation>
            <numerusform>%n 个警告</numerusform>
        </translation>
    </message>
    <message>
        <source>Usage: shmwise [COMMAND] [OPTIONS]

Sizes /dev/shm for PyTorch DataLoader training and explains the number.

Commands:
</source>
        <translation>用法：shmwise [COMMAND] [OPTIONS]

为 PyTorch DataLoader 训练确定 /dev/shm 大小，并解释这个数值。

命令：
</translation>
    </message>
    <message>
        <source>The profile to plan for.</source>
        <translation>要规划的配置档案。</translation>
    </message>
    <message>
        <source>FILE</source>
        <translation>FILE</translation>
    </message>
    <message>
        <source>Print one JSON object on stdout.</source>
        <translation>在 stdout 上输出一个 JSON 对象。</translation>
    </message>
    <message>
        <source>Also fit the DataLoader settings to a /dev/shm of SIZE (default: the profile&apos;s host.shm_bytes).</source>
        <translation>同时调整 DataLoader 设置，使其适合 SIZE 大小的 /dev/shm（默认：配置档案中的 host.shm_bytes）。</translation>
    </message>
    <message>
        <source>SIZE</source>
        <translation>SIZE</translation>
    </message>
    <message>
        <source>Computes the /dev/shm the profile&apos;s training job needs on one host: the least that runs without a Bus error, what to configure, and a breakdown of why.</source>
        <translation>计算配置档案中的训练任务在单台主机上所需的 /dev/shm：不出现 Bus error 的最小值、应配置的值，以及原因的构成明细。</translation>
    </message>
    <message>
        <source>--fit: %1</source>
        <translation>--fit：%1</translation>
    </message>
    <message>
        <source>warning: %1</source>
        <translation>警告：%1</translation>
    </message>
    <message>
        <source>%1: %2 (%3)</source>
        <translation>%1：%2（%3）</translation>
    </message>
    <message>
        <source>One batch: %1 (%2 samples of %3); %4 batches in flight per process.</source>
        <translation>一个 batch：%1（%2 个样本，每个 %3）；每个进程有 %4 个 batch 在途。</translation>
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
        <translation>  （此处默认：%1）</translation>
    </message>
    <message>
        <source>Open files:           %1 shared-memory descriptors; ulimit -n %2 covers them</source>
        <translation>打开的文件：       %1 个共享内存描述符；ulimit -n %2 足够</translation>
    </message>
    <message>
        <source>Fits in %1 as configured.</source>
        <translation>按当前配置可放入 %1。</translation>
    </message>
    <message>
        <source>To fit in %1: num_workers=%2, prefetch_factor=%3, batch_size=%4 (needs %5).</source>
        <translation>要放入 %1：num_workers=%2，prefetch_factor=%3，batch_size=%4（需要 %5）。</translation>
    </message>
    <message>
        <source>Host %1:</source>
        <translation>主机 %1：</translation>
    </message>
    <message>
        <source>nothing there will break this job.</source>
        <translation>该主机上没有会导致此任务失败的问题。</translation>
    </message>
    <message>
        <source>Warnings:</source>
        <translation>警告：</translation>
    </message>
    <message>
        <source>Show this help.</source>
        <translation>显示此帮助。</translation>
    </message>
    <message>
        <source>Try &apos;shmwise %1 --help&apos;.</source>
        <translation>请尝试 &apos;shmwise %1 --help&apos;。</translation>
    </message>
    <message>
        <source>Usage: shmwise %1</source>
        <translation>用法：shmwise %1</translation>
    </message>
    <message>
        <source>Size against this host: local, ssh://[user@]host[:port], docker://CONTAINER or k8s://[NAMESPACE/]POD[/CONTAINER].</source>
        <translation>按此主机确定大小：local、ssh://[user@]host[:port]、docker://CONTAINER 或 k8s://[NAMESPACE/]POD[/CONTAINER]。</translation>
    </message>
    <message>
        <source>T</source>
        <translation>T</translation>
    </message>
    <message>
        <source>shmwise: unknown command &apos;%1&apos;</source>
        <translation>shmwise：未知命令“%1”</translation>
    </message>
    <message>
        <source>Also probe this host (local, ssh://..., docker://..., k8s://...) and use its facts.</source>
        <translation>同时探测此主机（local、ssh://...、docker://...、k8s://...）并使用其实际情况。</translation>
    </message>
    <message>
        <source>Give up probing after SECONDS (default 15).</source>
        <translation>探测超过 SECONDS 秒后放弃（默认 15）。</translation>
    </message>
    <message>
        <source>SECONDS</source>
        <translation>SECONDS</translation>
    </message>
    <message>
        <source>The log to read; &apos;-&apos; or nothing reads standard input.</source>
        <translation>要读取的日志；&apos;-&apos; 或不指定则读取标准输入。</translation>
    </message>
    <message>
        <source>Reads error output (a traceback, a job log, dmesg) and says which shared-memory, open-file or memory failure it shows, and what to do.</source>
        <translation>读取错误输出（traceback、任务日志、dmesg），指出其中是哪种共享内存、打开文件数或内存故障，以及应如何处理。</translation>
    </message>
    <message>
        <source>one log at a time (got %1 arguments)</source>
        <translation>一次只能处理一个日志（收到 %1 个参数）</translation>
    </message>
    <message>
        <source>%1</source>
        <translation>%1</translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>No known shared-memory, open-file or memory failure in %1.</source>
        <translation>%1 中没有已知的共享内存、打开文件数或内存故障。</translation>
    </message>
    <message>
        <source>the input</source>
        <translation>输入</translation>
    </message>
    <message>
        <source>line %1: %2</source>
        <translation>第 %1 行：%2</translation>
    </message>
    <message>
        <source>Fix: %1</source>
        <translation>处理：%1</translation>
    </message>
    <message>
        <source>On %1:</source>
        <translation>在 %1 上：</translation>
    </message>
    <message>
        <source>no host findings</source>
        <translation>没有主机检查发现</translation>
    </message>
    <message>
        <source>The profile to generate files for.</source>
        <translation>要为其生成文件的配置档案。</translation>
    </message>
    <message>
        <source>Write the files into DIR instead of printing them.</source>
        <translation>将文件写入 DIR，而不是打印出来。</translation>
    </message>
    <message>
        <source>DIR</source>
        <translation>DIR</translation>
    </message>
    <message>
        <source>Only these artifacts (comma-separated ids).</source>
        <translation>只生成这些文件（以逗号分隔的 id）。</translation>
    </message>
    <message>
        <source>ID,...</source>
        <translation>ID,...</translation>
    </message>
    <message>
        <source>Replace files in DIR that differ, keeping the old one as FILE.bak.</source>
        <translation>替换 DIR 中内容不同的文件，旧文件保留为 FILE.bak。</translation>
    </message>
    <message>
        <source>Generates the configuration files that give the profile&apos;s training job the /dev/shm it needs, each with an explanation, plus the DataLoader settings and a preflight check. Without --out they are printed.</source>
        <translation>生成为配置档案中的训练任务提供所需 /dev/shm 的配置文件，每个都附有说明，另有 DataLoader 设置和一个预检脚本。不指定 --out 时直接打印。</translation>
    </message>
    <message>
        <source>%1: %2 (%3): %4</source>
        <translation>%1：%2（%3）：%4</translation>
    </message>
    <message>
        <source>--only: no artifact &apos;%1&apos; for environment %2; valid ids: %3</source>
        <translation>--only：运行环境 %2 没有生成文件 &apos;%1&apos;；有效的 id：%3</translation>
    </message>
    <message>
        <source>--only needs at least one id; valid ids: %1</source>
        <translation>--only 至少需要一个 id；有效的 id：%1</translation>
    </message>
    <message>
        <source>wrote %1</source>
        <translation>已写入 %1</translation>
    </message>
    <message>
        <source>unchanged %1</source>
        <translation>未改变 %1</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>%1 exists and differs; not overwritten (use --force to replace it, keeping the old one as %1.bak)</source>
        <translation>%1 已存在且内容不同；未覆盖（使用 --force 替换，旧文件保留为 %1.bak）</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>unlimited</source>
        <translation>无限制</translation>
    </message>
    <message>
        <source>No findings.</source>
        <translation>没有检查发现。</translation>
    </message>
    <message>
        <source>Findings:</source>
        <translation>检查发现：</translation>
    </message>
    <message>
        <source>Host %1</source>
        <translation>主机 %1</translation>
    </message>
    <message>
        <source>kernel %1</source>
        <translation>内核 %1</translation>
    </message>
    <message>
        <source>/dev/shm</source>
        <translation>/dev/shm</translation>
    </message>
    <message>
        <source>%1, %2 used, %3 free (%4; %5)</source>
        <translation>%1，已用 %2，空闲 %3（%4；%5）</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>内存</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>CPUs</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>%1 usable (%2 online%3)</source>
        <translation>可用 %1 个（在线 %2 个%3）</translation>
    </message>
    <message>
        <source>, cgroup quota %1</source>
        <translation>，cgroup 配额 %1</translation>
    </message>
    <message>
        <source>; orchestrator: %1</source>
        <translation>；编排器：%1</translation>
    </message>
    <message>
        <source>; WSL</source>
        <translation>；WSL</translation>
    </message>
    <message>
        <source>Container</source>
        <translation>容器</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>unknown (nvidia-smi did not answer)</source>
        <translation>未知（nvidia-smi 没有响应）</translation>
    </message>
    <message>
        <source>none found (no nvidia-smi)</source>
        <translation>未发现（没有 nvidia-smi）</translation>
    </message>
    <message>
        <source>ulimit -n</source>
        <translation>ulimit -n</translation>
    </message>
    <message>
        <source>%1 (hard %2)</source>
        <translation>%1（硬限制 %2）</translation>
    </message>
    <message>
        <source>System V shm</source>
        <translation>System V 共享内存</translation>
    </message>
    <message>
        <source>shmmax %1, shmall %2, shmmni %3; %4 segments</source>
        <translation>shmmax %1，shmall %2，shmmni %3；%4 个段</translation>
    </message>
    <message>
        <source>PyTorch</source>
        <translation>PyTorch</translation>
    </message>
    <message>
        <source>not found</source>
        <translation>未找到</translation>
    </message>
    <message>
        <source>Kernel log</source>
        <translation>内核日志</translation>
    </message>
    <message>
        <source>no Bus error or OOM-killer messages</source>
        <translation>没有 Bus error 或 OOM killer 消息</translation>
    </message>
    <message numerus="yes">
        <source>%n Bus error or OOM-killer message(s); latest:</source>
        <translation>
            <numerusform>%n 条 Bus error 或 OOM killer 消息；最近一条：</numerusform>
        </translation>
    </message>
    <message>
        <source>not readable</source>
        <translation>不可读</translation>
    </message>
    <message>
        <source>note: %1</source>
        <translation>提示：%1</translation>
    </message>
    <message>
        <source>  (%1 said: %2)</source>
        <translation>  （%1 提示：%2）</translation>
    </message>
    <message>
        <source>Where to probe: local (default), ssh://[user@]host[:port], docker://container, k8s://[namespace/]pod[/container].</source>
        <translation>要探测的位置：local（默认）、ssh://[user@]host[:port]、docker://container、k8s://[namespace/]pod[/container]。</translation>
    </message>
    <message>
        <source>Also check the host against this profile&apos;s plan.</source>
        <translation>同时按此配置档案的规划检查主机。</translation>
    </message>
    <message>
        <source>Print JSON on stdout (one object per line with --watch).</source>
        <translation>在 stdout 上输出 JSON（使用 --watch 时每行一个对象）。</translation>
    </message>
    <message>
        <source>Probe again every SECONDS until interrupted.</source>
        <translation>每隔 SECONDS 秒再次探测，直到被中断。</translation>
    </message>
    <message>
        <source>Reports what a host gives a training job: /dev/shm, memory and its limits, CPUs, containers, GPUs, open-file limits, and what in them will break the job.</source>
        <translation>报告主机能提供给训练任务的资源：/dev/shm、内存及其限制、CPU、容器、GPU、打开文件数限制，以及其中会导致任务失败的问题。</translation>
    </message>
    <message>
        <source>unexpected argument &apos;%1&apos;; the target is given with --target T</source>
        <translation>意外的参数 &apos;%1&apos;；目标应通过 --target T 指定</translation>
    </message>
    <message>
        <source>the file is larger than %1 MiB; config files are much smaller, so check that this is the right file</source>
        <translation>文件大于 %1 MiB；配置文件通常小得多，请确认文件是否正确</translation>
    </message>
    <message>
        <source>The file&apos;s format: fstab, sysctl, limits, docker-run, compose, kubernetes or python (guessed from the name and content when not given).</source>
        <translation>文件格式：fstab、sysctl、limits、docker-run、compose、kubernetes 或 python（未指定时根据文件名和内容推断）。</translation>
    </message>
    <message>
        <source>KIND</source>
        <translation>KIND</translation>
    </message>
    <message>
        <source>The file to check; - reads stdin.</source>
        <translation>要检查的文件；- 表示读取 stdin。</translation>
    </message>
    <message>
        <source>Checks a config file (fstab, sysctl.d, limits.d, a docker or podman run command, a compose file, Kubernetes manifests or PyTorch code) for the mistakes that break shared memory. Exit status: 0 no error (warnings are printed), 1 at least one error, 2 the file cannot be read or the usage is wrong.</source>
        <translation>检查配置文件（fstab、sysctl.d、limits.d、docker 或 podman run 命令、compose 文件、Kubernetes 清单或 PyTorch 代码）中会破坏共享内存的错误。退出状态：0 没有错误（会打印警告），1 至少有一个错误，2 文件无法读取或用法错误。</translation>
    </message>
    <message>
        <source>give the file to check (- for stdin)</source>
        <translation>请给出要检查的文件（- 表示 stdin）</translation>
    </message>
    <message>
        <source>give one file, not %1</source>
        <translation>只能给出一个文件，而不是 %1 个</translation>
    </message>
    <message>
        <source>unknown kind &apos;%1&apos;; use fstab, sysctl, limits, docker-run, compose, kubernetes or python</source>
        <translation>未知类型 &apos;%1&apos;；请使用 fstab、sysctl、limits、docker-run、compose、kubernetes 或 python</translation>
    </message>
    <message>
        <source>cannot tell what kind of file %1 is; give --kind fstab, sysctl, limits, docker-run, compose, kubernetes or python</source>
        <translation>无法判断 %1 是哪种文件；请指定 --kind fstab、sysctl、limits、docker-run、compose、kubernetes 或 python</translation>
    </message>
    <message>
        <source>%1: no problems found (%2)</source>
        <translation>%1：未发现问题（%2）</translation>
    </message>
    <message>
        <source>
Options:
  -h, --help     show this help (shmwise COMMAND --help for a command)
  -v, --version  show the version

Exit codes: 0 done (warnings are output, not failure); 1 a file was judged invalid;
2 bad usage, an unreadable file, an invalid profile or a file that could not be written.
</source>
        <translation>
选项：
  -h, --help     显示此帮助（shmwise COMMAND --help 显示某个命令的帮助）
  -v, --version  显示版本

退出码：0 完成（警告只是输出，不算失败）；1 某个文件被判定为无效；
2 用法错误、文件不可读、配置档案无效或文件无法写入。
</translation>
    </message>
    <message>
        <source>The OpenSSH client configuration for ssh:// targets (ssh -F).</source>
        <translation>用于 ssh:// 目标的 OpenSSH 客户端配置（ssh -F）。</translation>
    </message>
    <message>
        <source>--timeout wants seconds between 0.1 and 3600, not &apos;%1&apos;</source>
        <translation>--timeout 需要 0.1 到 3600 之间的秒数，而不是 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>unexpected argument &apos;%1&apos;; the profile is given with --profile FILE</source>
        <translation>意外的参数 &apos;%1&apos;；配置档案应通过 --profile FILE 指定</translation>
    </message>
    <message>
        <source>--profile FILE is required</source>
        <translation>必须指定 --profile FILE</translation>
    </message>
    <message>
        <source>cannot probe %1: %2</source>
        <translation>无法探测 %1：%2</translation>
    </message>
    <message>
        <source>cannot read %1 after %2 bytes: %3</source>
        <translation>读取 %1 到 %2 字节后失败：%3</translation>
    </message>
    <message>
        <source>possible:</source>
        <translation>可能：</translation>
    </message>
    <message numerus="yes">
        <source>Read %n line(s)</source>
        <translation>
            <numerusform>读取了 %n 行</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 bytes (%2).</source>
        <translation>%1 字节（%2）。</translation>
    </message>
    <message>
        <source>--out wants a directory; it is empty (use --out . for the current directory)</source>
        <translation>--out 需要一个目录；当前为空（当前目录请用 --out .）</translation>
    </message>
    <message>
        <source>--watch takes one target</source>
        <translation>--watch 只接受一个目标</translation>
    </message>
    <message>
        <source>--watch wants seconds between 0.1 and 86400, not &apos;%1&apos;</source>
        <translation>--watch 需要 0.1 到 86400 之间的秒数，而不是 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>HOST</source>
        <translation>主机</translation>
    </message>
    <message>
        <source>TARGET</source>
        <translation>目标</translation>
    </message>
    <message>
        <source>/DEV/SHM</source>
        <translation>/DEV/SHM</translation>
    </message>
    <message>
        <source>USED</source>
        <translation>已用</translation>
    </message>
    <message>
        <source>MEMORY</source>
        <translation>内存</translation>
    </message>
    <message>
        <source>NOFILE</source>
        <translation>NOFILE</translation>
    </message>
    <message>
        <source>VERDICT</source>
        <translation>结论</translation>
    </message>
    <message>
        <source>%1 host(s): %2 probed, %3 could not be probed.</source>
        <translation>%1 台主机：已探测 %2 台，%3 台无法探测。</translation>
    </message>
    <message>
        <source>Would break the job: %1</source>
        <translation>会导致任务失败：%1</translation>
    </message>
    <message>
        <source>Most common /dev/shm: %1</source>
        <translation>最常见的 /dev/shm：%1</translation>
    </message>
    <message>
        <source>Outliers (another /dev/shm size): %1</source>
        <translation>异常值（/dev/shm 大小不同）：%1</translation>
    </message>
    <message>
        <source>Smallest /dev/shm: %1 (%2)</source>
        <translation>最小的 /dev/shm：%1（%2）</translation>
    </message>
    <message>
        <source>Could not probe:</source>
        <translation>无法探测：</translation>
    </message>
    <message>
        <source>Probe the hosts of this Ansible inventory (INI or YAML).</source>
        <translation>探测此 Ansible 清单（INI 或 YAML）中的主机。</translation>
    </message>
    <message>
        <source>Only the inventory&apos;s hosts in these groups or hosts (Ansible patterns: a,b  a:!b  a:&amp;b  web*).</source>
        <translation>只探测清单中这些组或主机（Ansible 模式：a,b  a:!b  a:&amp;b  web*）。</translation>
    </message>
    <message>
        <source>PATTERN</source>
        <translation>PATTERN</translation>
    </message>
    <message>
        <source>Probe at most N hosts at the same time (default 8).</source>
        <translation>最多同时探测 N 台主机（默认 8）。</translation>
    </message>
    <message>
        <source>N</source>
        <translation>N</translation>
    </message>
    <message>
        <source>--limit needs --inventory</source>
        <translation>--limit 需要配合 --inventory</translation>
    </message>
    <message>
        <source>the inventory %1 has no hosts</source>
        <translation>清单 %1 中没有主机</translation>
    </message>
    <message>
        <source>--jobs wants a number from 1 to 256</source>
        <translation>--jobs 需要 1 到 256 之间的数字</translation>
    </message>
    <message numerus="yes">
        <source>sized for the smallest of %n host(s): %1 (/dev/shm %2)</source>
        <translation>
            <numerusform>按 %n 台主机中最小的一台确定大小：%1（/dev/shm %2）</numerusform>
        </translation>
    </message>
    <message>
        <source>%1, %2</source>
        <comment>the two halves of one summary line</comment>
        <translation>%1，%2</translation>
    </message>
    <message>
        <source>The language of the comments in the files: en (the default) or zh_CN. Everything else in them is the same in both.</source>
        <translation>生成文件中注释的语言：en（默认）或 zh_CN。文件的其余内容在两种语言下完全相同。</translation>
    </message>
    <message>
        <source>LANG</source>
        <translation>LANG</translation>
    </message>
    <message>
        <source>--comment-language: &apos;%1&apos; is not a language of comments; use one of: %2</source>
        <translation>--comment-language：&apos;%1&apos; 不是可用的注释语言；请使用以下之一：%2</translation>
    </message>
    <message>
        <source>Plan for %1 (%2)</source>
        <translation>%1 的规划（%2）</translation>
    </message>
    <message>
        <source>Plan for %1 (%2, preset %3)</source>
        <translation>%1 的规划（%2，预设 %3）</translation>
    </message>
    <message>
        <source>shmwise %1: %2</source>
        <translation>shmwise %1：%2</translation>
    </message>
    <message>
        <source>Loader %1: </source>
        <translation>加载器 %1：</translation>
    </message>
    <message>
        <source>One batch: %1 (the Dataset yields whole batches); %2 batches in flight per process.</source>
        <translation>一个 batch：%1（Dataset 直接产出整个 batch）；每个进程有 %2 个 batch 在途。</translation>
    </message>
    <message>
        <source>The fullest moment: while %1 runs, with the other loaders idle beside it.</source>
        <translation>占用最多的时刻：%1 运行时，其他加载器在旁闲置。</translation>
    </message>
    <message>
        <source>To fit in %1 (needs %2):</source>
        <translation>要放进 %1（需要 %2）：</translation>
    </message>
    <message>
        <source>Loader %1: num_workers=%2, prefetch_factor=%3, batch_size=%4</source>
        <translation>加载器 %1：num_workers=%2，prefetch_factor=%3，batch_size=%4</translation>
    </message>
    <message>
        <source>Python&apos;s own parser (CPython %1) refuses the file: %2</source>
        <translation>Python 自带的解析器（CPython %1）拒绝此文件：%2</translation>
    </message>
    <message>
        <source>run a training command briefly, watch its DataLoaders, plan from them</source>
        <translation>短暂运行训练命令，观察其 DataLoader，并据此规划</translation>
    </message>
    <message>
        <source>stopped after %1 s</source>
        <translation>在 %1 秒后停止</translation>
    </message>
    <message>
        <source>stopped once every loader had delivered its batches</source>
        <translation>在每个加载器都交付了所需 batch 后停止</translation>
    </message>
    <message>
        <source>stopped: no batch came for a long while, the job seems to hang</source>
        <translation>已停止：很久没有新 batch，任务似乎卡住了</translation>
    </message>
    <message>
        <source>stopped on request</source>
        <translation>应请求停止</translation>
    </message>
    <message>
        <source>ran to its end</source>
        <translation>运行到结束</translation>
    </message>
    <message>
        <source>; exit status %1</source>
        <translation>；退出状态 %1</translation>
    </message>
    <message>
        <source>; killed by %1</source>
        <translation>；被 %1 终止</translation>
    </message>
    <message>
        <source> (it ignored SIGINT; %1 stopped it)</source>
        <translation>（它忽略了 SIGINT；由 %1 停止）</translation>
    </message>
    <message numerus="yes">
        <source>; %n process(es) it left running were stopped</source>
        <translation>
            <numerusform>；它遗留运行的 %n 个进程已被停止</numerusform>
        </translation>
    </message>
    <message>
        <source>Measured: %1</source>
        <translation>测量：%1</translation>
    </message>
    <message>
        <source>%1 s; the job %2.</source>
        <translation>%1 秒；任务%2。</translation>
    </message>
    <message numerus="yes">
        <source>Python %1, PyTorch %2; the hook ran in %n process(es).</source>
        <translation>
            <numerusform>Python %1，PyTorch %2；钩子在 %n 个进程中运行。</numerusform>
        </translation>
    </message>
    <message>
        <source>not imported</source>
        <translation>未导入</translation>
    </message>
    <message>
        <source>Loader %1: made at %2</source>
        <translation>加载器 %1：创建于 %2</translation>
    </message>
    <message>
        <source>, by %1</source>
        <translation>，由 %1 创建</translation>
    </message>
    <message numerus="yes">
        <source>, in %n process(es)</source>
        <translation>
            <numerusform>，在 %n 个进程中</numerusform>
        </translation>
    </message>
    <message>
        <source>collate %1, batch sampler %2, dataset %3</source>
        <translation>collate %1，batch 采样器 %2，数据集 %3</translation>
    </message>
    <message>
        <source>no batch was delivered while the job was measured</source>
        <translation>测量期间没有交付任何 batch</translation>
    </message>
    <message>
        <source>%1 batches: in /dev/shm at most %2 each (p50 %3, p99 %4), %5 shared objects</source>
        <translation>%1 个 batch：每个 batch 在 /dev/shm 中最多 %2（p50 %3，p99 %4），%5 个共享对象</translation>
    </message>
    <message>
        <source>sample (%1): %2</source>
        <translation>样本（%1）：%2</translation>
    </message>
    <message>
        <source>its tensors are views into a storage of %1 the Dataset holds</source>
        <translation>其张量是 Dataset 持有的 %1 存储的视图</translation>
    </message>
    <message>
        <source>lifetime: %1 (its iterator stayed open while %2 ran)</source>
        <translation>生命周期：%1（%2 运行时它的迭代器仍未结束）</translation>
    </message>
    <message>
        <source>set it in %1: workers %2; batch %3</source>
        <translation>在 %1 中设置：worker 数 %2；batch 大小 %3</translation>
    </message>
    <message>
        <source>; prefetch %1</source>
        <translation>；预取 %1</translation>
    </message>
    <message>
        <source>/dev/shm: a private one of %1; at most %2 in use (at %3 s).</source>
        <translation>/dev/shm：私有的 %1；最多使用 %2（在 %3 秒时）。</translation>
    </message>
    <message>
        <source>/dev/shm: the host&apos;s, %1; it grew by at most %2 while the job ran.</source>
        <translation>/dev/shm：主机的，%1；任务运行期间最多增长 %2。</translation>
    </message>
    <message>
        <source>The job&apos;s processes held at most %1 of /dev/shm files.</source>
        <translation>任务的进程最多持有 %1 的 /dev/shm 文件。</translation>
    </message>
    <message numerus="yes">
        <source>Removed %n file(s) the job left in /dev/shm.</source>
        <translation>
            <numerusform>已删除任务遗留在 /dev/shm 中的 %n 个文件。</numerusform>
        </translation>
    </message>
    <message>
        <source>Memory: the main process %1 (private, PSS less shared memory)</source>
        <translation>内存：主进程 %1（私有部分，即 PSS 减去共享内存）</translation>
    </message>
    <message>
        <source>; the cgroup at most %1</source>
        <translation>；cgroup 最多 %1</translation>
    </message>
    <message>
        <source> of a %1 limit</source>
        <translation>，上限 %1</translation>
    </message>
    <message>
        <source>Plan from what was measured (%1):</source>
        <translation>根据测量结果的规划（%1）：</translation>
    </message>
    <message>
        <source>Measured peak:        %1, within the plan.</source>
        <translation>测得峰值：           %1，在规划之内。</translation>
    </message>
    <message>
        <source>Measured peak:        %1, above the plan (see the notes).</source>
        <translation>测得峰值：           %1，超出规划（见说明）。</translation>
    </message>
    <message>
        <source>Notes:</source>
        <translation>说明：</translation>
    </message>
    <message>
        <source>Wrote the profile %1.</source>
        <translation>已写入配置档 %1。</translation>
    </message>
    <message>
        <source>Stop the job after S seconds (default 60; at most 86400).</source>
        <translation>S 秒后停止任务（默认 60；最多 86400）。</translation>
    </message>
    <message>
        <source>S</source>
        <translation>S</translation>
    </message>
    <message>
        <source>Stop once every loader has delivered N batches (default: no such limit).</source>
        <translation>每个加载器都交付 N 个 batch 后停止（默认：无此限制）。</translation>
    </message>
    <message>
        <source>Run the job in a private /dev/shm of SIZE (&quot;64MiB&quot;), leaving the host&apos;s alone; as root, or where the kernel lets a user make a user namespace.</source>
        <translation>在大小为 SIZE（“64MiB”）的私有 /dev/shm 中运行任务，不动主机的 /dev/shm；需要 root，或内核允许普通用户创建用户命名空间。</translation>
    </message>
    <message>
        <source>Write the profile of the measured loaders to FILE (an existing file is kept as FILE.bak).</source>
        <translation>把测得的加载器写成配置档 FILE（已有文件保留为 FILE.bak）。</translation>
    </message>
    <message>
        <source>The environment to plan for (default: where ShmWise runs: docker, kubernetes, slurm or bare-metal).</source>
        <translation>规划所针对的环境（默认：ShmWise 所在之处：docker、kubernetes、slurm 或 bare-metal）。</translation>
    </message>
    <message>
        <source>ENV</source>
        <translation>ENV</translation>
    </message>
    <message>
        <source>Run the command in DIR (default: here).</source>
        <translation>在 DIR 中运行命令（默认：当前目录）。</translation>
    </message>
    <message>
        <source>Print one JSON object on stdout; the job&apos;s own output goes to stderr.</source>
        <translation>在标准输出打印一个 JSON 对象；任务自己的输出转到标准错误。</translation>
    </message>
    <message>
        <source>Runs a training command with ShmWise&apos;s Python hook, watches its DataLoaders and its /dev/shm for a while, then stops it and plans from what it saw.</source>
        <translation>带 ShmWise 的 Python 钩子运行训练命令，观察其 DataLoader 和 /dev/shm 一段时间，然后停止它并根据所见进行规划。</translation>
    </message>
    <message>
        <source>put the command after --, as in: shmwise measure -- python train.py (got &apos;%1&apos; before it)</source>
        <translation>请把命令放在 -- 之后，例如：shmwise measure -- python train.py（在它之前收到了“%1”）</translation>
    </message>
    <message>
        <source>no command to measure: shmwise measure -- python train.py</source>
        <translation>没有要测量的命令：shmwise measure -- python train.py</translation>
    </message>
    <message>
        <source>--seconds: &apos;%1&apos; is not a number of seconds from 0.1 to 86400</source>
        <translation>--seconds：“%1”不是 0.1 到 86400 之间的秒数</translation>
    </message>
    <message>
        <source>--batches: &apos;%1&apos; is not a count from 1 to 100000000</source>
        <translation>--batches：“%1”不是 1 到 100000000 之间的数量</translation>
    </message>
    <message>
        <source>--shm: %1</source>
        <translation>--shm：%1</translation>
    </message>
    <message>
        <source>--shm: %1 is outside 4 KiB to 1 TiB</source>
        <translation>--shm：%1 不在 4 KiB 到 1 TiB 之间</translation>
    </message>
    <message>
        <source>--environment: unknown environment &apos;%1&apos; (one of: %2)</source>
        <translation>--environment：未知环境“%1”（可选：%2）</translation>
    </message>
    <message>
        <source>--dir: %1 is not a folder</source>
        <translation>--dir：%1 不是文件夹</translation>
    </message>
    <message>
        <source>--out: cannot write a profile to &apos;%1&apos;</source>
        <translation>--out：无法把配置档写到“%1”</translation>
    </message>
    <message>
        <source>No profile was written to %1: no loader was measured.</source>
        <translation>没有写入 %1：没有测到任何加载器。</translation>
    </message>
    <message numerus="yes">
        <source>, %n worker process(es) over the run, each up to %1</source>
        <translation>
            <numerusform>，运行期间共 %n 个 worker 进程，每个最多 %1</numerusform>
        </translation>
    </message>
    <message>
        <source>--out %1 is the system directory %2: the generated files are fragments to review and install as each one&apos;s explanation says (written there, &quot;fstab&quot; would replace /etc/fstab). Write them into a folder of your own.</source>
        <translation>--out %1 是系统目录 %2：生成的文件是片段，需要审阅后按各自的说明安装（写到那里，&quot;fstab&quot; 会替换 /etc/fstab）。请写入你自己的文件夹。</translation>
    </message>
    <message>
        <source>its single samples are grouped into batches of %1 by the main process (aspect-ratio grouping): up to two part-filled batches wait in /dev/shm beside the one trained on</source>
        <translation>它的单个样本由主进程分组为每个 batch %1 个（按宽高比分组）：除正在训练的一个 batch 外，最多还有两个未满的 batch 留在 /dev/shm 中</translation>
    </message>
    <message>
        <source>Where to run the command: local (default), or ssh://[user@]host[:port], over your OpenSSH client; the hook and its runner go with the command and are removed after it (the host needs python3).</source>
        <translation>在哪里运行命令：local（默认），或 ssh://[user@]host[:port]，经由你的 OpenSSH 客户端；钩子及其运行器随命令一起发送，结束后删除（主机需要有 python3）。</translation>
    </message>
    <message>
        <source>--target: measuring runs on this computer or on an SSH host, not in %1</source>
        <translation>--target：测量只能在本机或 SSH 主机上运行，不能在 %1 中运行</translation>
    </message>
    <message>
        <source>--shm makes a private /dev/shm on this computer only: run shmwise measure --shm on %1 itself</source>
        <translation>--shm 只能在本机创建私有 /dev/shm：请在 %1 上直接运行 shmwise measure --shm</translation>
    </message>
    <message>
        <source>With --target k8s://NAMESPACE/: probe every running pod these labels select (kubectl&apos;s -l syntax: app=train,role=worker).</source>
        <translation>与 --target k8s://NAMESPACE/ 一起使用：探测这些标签选中的每个运行中 Pod（kubectl 的 -l 语法：app=train,role=worker）。</translation>
    </message>
    <message>
        <source>LABELS</source>
        <translation>LABELS</translation>
    </message>
    <message>
        <source>%1 names a namespace: add --selector LABELS to probe the pods they pick, or name one pod (k8s://NAMESPACE/POD)</source>
        <translation>%1 指定的是一个命名空间：请添加 --selector LABELS 以探测这些标签选中的 Pod，或指定一个 Pod（k8s://NAMESPACE/POD）</translation>
    </message>
    <message>
        <source>--selector needs --target k8s://NAMESPACE/ (k8s:/// for kubectl&apos;s current namespace)</source>
        <translation>--selector 需要 --target k8s://NAMESPACE/（k8s:/// 表示 kubectl 的当前命名空间）</translation>
    </message>
    <message>
        <source>list (and with --yes remove) /dev/shm files no process holds any more</source>
        <translation>列出（加 --yes 时删除）已没有进程持有的 /dev/shm 文件</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 分钟</translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation>%1 小时</translation>
    </message>
    <message>
        <source>%1 d</source>
        <translation>%1 天</translation>
    </message>
    <message>
        <source>The shared-memory folder to clean (default: /dev/shm). Only files directly in it are considered.</source>
        <translation>要清理的共享内存文件夹（默认：/dev/shm）。只考虑直接位于其中的文件。</translation>
    </message>
    <message>
        <source>Leave files changed more recently than AGE: seconds, or a number with s, m, h or d (default: 10m).</source>
        <translation>不动在 AGE 之内改动过的文件：AGE 为秒数，或带 s、m、h 或 d 的数字（默认：10m）。</translation>
    </message>
    <message>
        <source>AGE</source>
        <translation>AGE</translation>
    </message>
    <message>
        <source>Remove the files listed; without it nothing is removed (a dry run).</source>
        <translation>删除列出的文件；不加此选项则不删除任何文件（试运行）。</translation>
    </message>
    <message>
        <source>Print one JSON object.</source>
        <translation>输出一个 JSON 对象。</translation>
    </message>
    <message>
        <source>Lists the files in /dev/shm that no process holds or maps any more (left by jobs that crashed or were killed), owned by you (root: by anyone) and unchanged for AGE; with --yes removes them. Each file is checked again just before it is removed: one that was replaced, linked, opened or changed meanwhile is left, and said so.</source>
        <translation>列出 /dev/shm 中已没有进程持有或映射（由崩溃或被终止的任务遗留）、属于你（root：属于任何人）且在 AGE 内未改动的文件；加 --yes 时删除它们。每个文件在删除前都会再检查一次：期间被替换、被链接、被打开或被改动的文件会保留，并说明原因。</translation>
    </message>
    <message>
        <source>unexpected argument &apos;%1&apos;</source>
        <translation>意外的参数 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>--older-than: &apos;%1&apos; is not an age such as 600, 10m, 2h or 1d (at most a year)</source>
        <translation>--older-than：&apos;%1&apos; 不是有效的时长，应形如 600、10m、2h 或 1d（最多一年）</translation>
    </message>
    <message>
        <source>--dir: %1 is the system directory %2; clean removes only shared-memory files</source>
        <translation>--dir：%1 是系统目录 %2；clean 只删除共享内存文件</translation>
    </message>
    <message>
        <source>Nothing to clean in %1: no file there is unheld, yours and older than %2.</source>
        <translation>%1 中没有要清理的文件：其中没有同时满足无进程持有、属于你、且超过 %2 未改动的文件。</translation>
    </message>
    <message>
        <source>would remove</source>
        <translation>将删除</translation>
    </message>
    <message>
        <source>removed</source>
        <translation>已删除</translation>
    </message>
    <message>
        <source>left: %1</source>
        <translation>保留：%1</translation>
    </message>
    <message numerus="yes">
        <source>%n file(s), %1, would be removed. Nothing was removed: run again with --yes to remove them.</source>
        <translation>
            <numerusform>将删除 %n 个文件，共 %1。尚未删除任何文件：加 --yes 再运行一次即可删除。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Removed %n file(s), %1.</source>
        <translation>
            <numerusform>已删除 %n 个文件，共 %1。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n held by a process (%1)</source>
        <translation>
            <numerusform>%n 个被进程持有（%1）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n of other users</source>
        <translation>
            <numerusform>%n 个属于其他用户</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n changed within %1</source>
        <translation>
            <numerusform>%n 个在 %1 内改动过</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n not a regular file</source>
        <translation>
            <numerusform>%n 个不是普通文件</numerusform>
        </translation>
    </message>
    <message>
        <source>Not considered: %1.</source>
        <translation>未考虑：%1。</translation>
    </message>
    <message numerus="yes">
        <source>Left %n file(s) made in /dev/shm during the run (`shmwise clean` lists them later):</source>
        <translation>
            <numerusform>保留了运行期间在 /dev/shm 中创建的 %n 个文件（之后可用 `shmwise clean` 列出）：</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>and %n more</source>
        <translation>
            <numerusform>另有 %n 个</numerusform>
        </translation>
    </message>
    <message>
        <source>--out %1 is in the system directory %2: a profile there could replace a system file. Write it into a folder of your own.</source>
        <translation>--out %1 位于系统目录 %2 中：写在那里的配置档案可能会替换系统文件。请写入你自己的文件夹。</translation>
    </message>
    <message>
        <source>%1 total, %2 available, %3 Shmem (all shared memory, not only /dev/shm); cgroup limit: %4</source>
        <translation>共 %1，可用 %2，Shmem %3（全部共享内存，不只是 /dev/shm）；cgroup 限制：%4</translation>
    </message>
    <message>
        <source>pid %1</source>
        <translation>pid %1</translation>
    </message>
    <message>
        <source>%1 (pid %2)</source>
        <translation>%1（pid %2）</translation>
    </message>
    <message>
        <source>in pod %1</source>
        <translation>位于 Pod %1</translation>
    </message>
    <message>
        <source>in container %1</source>
        <translation>位于容器 %1</translation>
    </message>
    <message numerus="yes">
        <source>%1 %2 (%n file(s))</source>
        <translation>
            <numerusform>%1 %2（%n 个文件）</numerusform>
        </translation>
    </message>
    <message>
        <source>[%1 leaked]</source>
        <translation>[遗留 %1]</translation>
    </message>
    <message numerus="yes">
        <source>%n more</source>
        <translation>
            <numerusform>另有 %n 个</numerusform>
        </translation>
    </message>
    <message>
        <source>Who holds /dev/shm</source>
        <translation>谁持有 /dev/shm</translation>
    </message>
    <message>
        <source>Files</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>not listed: %1</source>
        <translation>未列出：%1</translation>
    </message>
    <message numerus="yes">
        <source>%n named file(s), %1</source>
        <translation>
            <numerusform>%n 个具名文件，%1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n unlinked file(s) still held, %1</source>
        <translation>
            <numerusform>%n 个已解除链接但仍被持有的文件，%1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n leaked file(s) no process holds, %1</source>
        <translation>
            <numerusform>%n 个无进程持有的遗留文件，%1</numerusform>
        </translation>
    </message>
    <message>
        <source>Accounted</source>
        <translation>已查明归属</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>Only %1 of %2 processes could be inspected: files of the others&apos; users are not called leaked.</source>
        <translation>%2 个进程中只有 %1 个可以检查：其余进程所属用户的文件不算作遗留。</translation>
    </message>
    <message>
        <source>The probe listed the largest files and the first holders only; the totals count everything.</source>
        <translation>探测只列出了最大的文件和最先找到的持有者；各项总计则计入了全部。</translation>
    </message>
    <message>
        <source>By kind</source>
        <translation>按类型</translation>
    </message>
    <message>
        <source>By process</source>
        <translation>按进程</translation>
    </message>
    <message>
        <source>By container</source>
        <translation>按容器</translation>
    </message>
    <message>
        <source>By pod</source>
        <translation>按 Pod</translation>
    </message>
    <message>
        <source>Largest files</source>
        <translation>最大的文件</translation>
    </message>
    <message>
        <source>%1 (unlinked)</source>
        <translation>%1（已解除链接）</translation>
    </message>
    <message>
        <source>leaked (no process holds it)</source>
        <translation>遗留（无进程持有）</translation>
    </message>
    <message>
        <source>age %1 s</source>
        <translation>已存在 %1 秒</translation>
    </message>
    <message numerus="yes">
        <source>%n more file(s)</source>
        <translation>
            <numerusform>另有 %n 个文件</numerusform>
        </translation>
    </message>
    <message>
        <source>System V</source>
        <translation>System V</translation>
    </message>
    <message numerus="yes">
        <source>%n segment(s), %1 (not in /dev/shm; counted in Shmem)</source>
        <translation>
            <numerusform>%n 个共享内存段，%1（不在 /dev/shm 中；计入 Shmem）</numerusform>
        </translation>
    </message>
    <message>
        <source>yours %1, %2 used</source>
        <translation>你的限额 %1，已用 %2</translation>
    </message>
    <message>
        <source>on, no limit for you</source>
        <translation>已启用，你没有限额</translation>
    </message>
    <message>
        <source>on, %1 per user by default; yours is unknown (no quota tool)</source>
        <translation>已启用，默认每用户 %1；你的限额未知（没有 quota 工具）</translation>
    </message>
    <message>
        <source>on; your limit is unknown (no quota tool)</source>
        <translation>已启用；你的限额未知（没有 quota 工具）</translation>
    </message>
    <message>
        <source>none or unknown</source>
        <translation>无或未知</translation>
    </message>
    <message>
        <source>%1 in use</source>
        <translation>已用 %1</translation>
    </message>
    <message>
        <source>(shmem %1, anon %2, file %3)</source>
        <translation>（shmem %1，anon %2，file %3）</translation>
    </message>
    <message>
        <source>Limits</source>
        <translation>限制</translation>
    </message>
    <message>
        <source>size %1; quota: %2; memory limit: %3</source>
        <translation>大小 %1；配额：%2；内存限制：%3</translation>
    </message>
    <message>
        <source>the selector picks more than %1 pods in these namespaces; at most %1 are probed at once, as many as an inventory may name: narrow the selector</source>
        <translation>选择器在这些命名空间中选中了超过 %1 个 Pod；一次最多探测 %1 个，与一个清单（inventory）最多可列出的数量相同：请缩小选择器范围</translation>
    </message>
    <message>
        <source>%1 on %2</source>
        <translation>%2 上的 %1</translation>
    </message>
    <message numerus="yes">
        <source>%n more file(s) would qualify but were not listed (over %1 in one run) and were left alone; run clean again for them.</source>
        <translation>
            <numerusform>另有 %n 个文件符合条件，但未列出（一次运行最多 %1 个），已原样保留；请再运行一次 clean 处理它们。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n process(es) on %1 could not be looked into; the write lease taken right before each removal still leaves any file another process has open or mapped.</source>
        <translation>
            <numerusform>%1 上有 %n 个进程无法查看；每次删除前获取的写租约仍会保留任何被其他进程打开或映射的文件。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n line(s) from %1 were not clean&apos;s and were ignored.</source>
        <translation>
            <numerusform>来自 %1 的 %n 行不是 clean 的输出，已忽略。</numerusform>
        </translation>
    </message>
    <message>
        <source>Where to clean: local (default), ssh://[user@]host[:port], docker://CONTAINER or k8s://[NAMESPACE/]POD[/CONTAINER]; the checks run there with its python3, sent with the command and removed after it.</source>
        <translation>在哪里清理：local（默认）、ssh://[user@]host[:port]、docker://CONTAINER 或 k8s://[NAMESPACE/]POD[/CONTAINER]；检查在那里用它的 python3 运行，随命令发送，运行后删除。</translation>
    </message>
    <message>
        <source>watch /dev/shm while a job runs: use, owners, trend, alerts, metrics</source>
        <translation>在任务运行期间监视 /dev/shm：用量、归属、趋势、告警、指标</translation>
    </message>
    <message>
        <source>no batch was delivered while the job was measured; its workers made batches of up to %1</source>
        <translation>测量期间没有交付任何 batch；其 worker 生成的 batch 最大为 %1</translation>
    </message>
    <message numerus="yes">
        <source>The job&apos;s output ended with (the last %1 of %n line(s)):</source>
        <translation>
            <numerusform>任务输出的结尾（共 %n 行中的最后 %1 行）：</numerusform>
        </translation>
    </message>
    <message>
        <source>--textfile %1 is a symbolic link (to %2); name the folder itself</source>
        <translation>--textfile %1 是符号链接（指向 %2）；请直接指定文件夹本身</translation>
    </message>
    <message>
        <source>--textfile %1 does not exist</source>
        <translation>--textfile %1 不存在</translation>
    </message>
    <message>
        <source>--textfile %1 is not a folder</source>
        <translation>--textfile %1 不是文件夹</translation>
    </message>
    <message>
        <source>--textfile %1 is not writable</source>
        <translation>--textfile %1 不可写</translation>
    </message>
    <message>
        <source>%1 is a symbolic link; not written through</source>
        <translation>%1 是符号链接；不会通过它写入</translation>
    </message>
    <message>
        <source>Sample every INTERVAL (2s by default; 500ms, 0.05; at least 50ms, and 1s for a remote target, whose every sample is a probe).</source>
        <translation>每隔 INTERVAL 采样一次（默认 2s；也可写作 500ms、0.05；至少 50ms，远程目标至少 1s，因为它的每次采样都是一次探测）。</translation>
    </message>
    <message>
        <source>INTERVAL</source>
        <translation>INTERVAL</translation>
    </message>
    <message>
        <source>Warn at this fullness of /dev/shm, its quota or the memory limit it is charged to (default 80%).</source>
        <translation>当 /dev/shm、其配额或其所计入的内存限制的占用率达到此值时发出警告（默认 80%）。</translation>
    </message>
    <message>
        <source>PERCENT</source>
        <translation>PERCENT</translation>
    </message>
    <message>
        <source>Critical at this fullness (default 95%).</source>
        <translation>占用率达到此值时为严重级别（默认 95%）。</translation>
    </message>
    <message>
        <source>Sample once (with the owners) and exit: 0 below --warn, 3 at --warn, 4 at --crit, 2 when the target cannot be sampled.</source>
        <translation>采样一次（包括归属）后退出，退出状态：低于 --warn 时为 0，达到 --warn 时为 3，达到 --crit 时为 4，无法对目标采样时为 2。</translation>
    </message>
    <message>
        <source>Stop after N samples; the exit status is the last one&apos;s, as with --once.</source>
        <translation>采样 N 次后停止；退出状态取最后一次采样的结果，与 --once 相同。</translation>
    </message>
    <message>
        <source>Print one JSON object per sample, a line each.</source>
        <translation>每次采样输出一个 JSON 对象，各占一行。</translation>
    </message>
    <message>
        <source>Write DIR/shmwise_shm.prom at each sample, atomically: the Prometheus text format for node_exporter&apos;s textfile collector (--collector.textfile.directory=DIR).</source>
        <translation>每次采样时以原子方式写入 DIR/shmwise_shm.prom：采用 Prometheus 文本格式，供 node_exporter 的 textfile collector 读取（--collector.textfile.directory=DIR）。</translation>
    </message>
    <message>
        <source>On this computer, scan the owners of /dev/shm every SECONDS (default 10); the size and use are read at every sample.</source>
        <translation>在本机上每 SECONDS 秒扫描一次 /dev/shm 的归属（默认 10）；大小和用量在每次采样时读取。</translation>
    </message>
    <message>
        <source>Watches /dev/shm while a job or a service runs: size, use, free, the quota and the memory limit it is charged to, its largest owners and leaked bytes, and how fast it fills. Ctrl-C ends it.</source>
        <translation>在任务或服务运行期间监视 /dev/shm：大小、用量、空闲空间、配额及其所计入的内存限制、占用最多的归属和遗留字节数，以及它被填满的速度。按 Ctrl-C 结束。</translation>
    </message>
    <message>
        <source>--interval wants a time from 50ms to 86400s (2s, 500ms), not &apos;%1&apos;</source>
        <translation>--interval 需要 50ms 到 86400s 之间的时间（如 2s、500ms），而不是 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>--warn and --crit want a percentage from 1% to 100%, not &apos;%1&apos;</source>
        <translation>--warn 和 --crit 需要 1% 到 100% 之间的百分比，而不是 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>--warn (%1%) is above --crit (%2%)</source>
        <translation>--warn（%1%）高于 --crit（%2%）</translation>
    </message>
    <message>
        <source>--samples wants a whole number from 1, not &apos;%1&apos;</source>
        <translation>--samples 需要不小于 1 的整数，而不是 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>--owners-every wants seconds from 1 to 86400, not &apos;%1&apos;</source>
        <translation>--owners-every 需要 1 到 86400 之间的秒数，而不是 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>--textfile wants a folder</source>
        <translation>--textfile 需要一个文件夹</translation>
    </message>
    <message>
        <source>--interval for a remote target is at least 1s: each sample is a probe over its connection</source>
        <translation>远程目标的 --interval 至少为 1s：每次采样都是通过其连接进行的一次探测</translation>
    </message>
    <message>
        <source>likely:</source>
        <translation>很可能：</translation>
    </message>
    <message>
        <source>How sure: %1. %2</source>
        <translation>把握：%1。%2</translation>
    </message>
    <message>
        <source>No request came while the service was measured: no DataLoader delivered a batch in %1 s. Send it a load meanwhile (a client script, curl in a loop, a benchmark tool) so its loaders run, or give a longer --seconds.</source>
        <translation>测量服务期间没有收到请求：%1 秒内没有任何 DataLoader 交付 batch。请在测量的同时向它发送负载（客户端脚本、循环执行的 curl、压测工具），让它的加载器运行起来，或者给出更长的 --seconds。</translation>
    </message>
    <message>
        <source>The command is a service that answers requests (send it a load while it is measured): the profile says workload.kind: serving, and each of its worker processes runs the loaders.</source>
        <translation>该命令是一个响应请求的服务（测量期间请向它发送负载）：配置档案中写的是 workload.kind: serving，它的每个 worker 进程都运行这些加载器。</translation>
    </message>
    <message>
        <source>A %1 server: what it keeps in /dev/shm, term by term.</source>
        <translation>%1 服务器：它在 /dev/shm 中保存的内容，逐项列出。</translation>
    </message>
    <message>
        <source>What to watch: local (default), ssh://[user@]host[:port], docker://container, k8s://[namespace/]pod[/container]; given more than once, or k8s://NAMESPACE/ with --selector, each of them.</source>
        <translation>要监视的目标：local（默认）、ssh://[user@]host[:port]、docker://container、k8s://[namespace/]pod[/container]；多次给出，或 k8s://NAMESPACE/ 加 --selector 时，逐个监视。</translation>
    </message>
    <message>
        <source>--interval for several targets is at least 1s: each sample is a probe of every one</source>
        <translation>多个目标时 --interval 至少为 1s：每次采样都要探测每一个目标</translation>
    </message>
    <message>
        <source>(and 1 more line like it)</source>
        <translation>（另有 1 行与之类似）</translation>
    </message>
    <message>
        <source>(and %1 more lines like it)</source>
        <translation>（另有 %1 行与之类似）</translation>
    </message>
    <message>
        <source>With --target k8s://NAMESPACE/: read each node&apos;s kubelet Summary API (one kubectl call per node, no exec into any pod) and show every pod&apos;s memory emptyDir against its sizeLimit, the pod&apos;s memory limit and the size the kubelet gives it; --selector narrows the pods.</source>
        <translation>与 --target k8s://NAMESPACE/ 一起使用：读取每个节点 kubelet 的 Summary API（每个节点一次 kubectl 调用，不进入任何 Pod 执行命令），显示每个 Pod 的内存 emptyDir 与其 sizeLimit、Pod 的内存限制以及 kubelet 给它的大小的对比；--selector 缩小 Pod 范围。</translation>
    </message>
    <message>
        <source>--kubelet wants one --target k8s://NAMESPACE/ (k8s:/// for kubectl&apos;s current namespace) and no --inventory</source>
        <translation>--kubelet 需要一个 --target k8s://NAMESPACE/（k8s:/// 表示 kubectl 的当前命名空间），且不能与 --inventory 同用</translation>
    </message>
    <message>
        <source>--selector: %1</source>
        <translation>--selector：%1</translation>
    </message>
    <message>
        <source>--interval with --kubelet is at least 1s: each sample asks every node&apos;s kubelet</source>
        <translation>--kubelet 的 --interval 至少为 1s：每次采样都要询问每个节点的 kubelet</translation>
    </message>
    <message>
        <source>%1  %2: %3 pods listed, %4 memory emptyDir volumes, %5 kubelets asked</source>
        <translation>%1  %2：列出 %3 个 Pod，%4 个内存 emptyDir，询问了 %5 个 kubelet</translation>
    </message>
    <message>
        <source>No listed pod has an emptyDir with medium: Memory.</source>
        <translation>列出的 Pod 都没有 medium: Memory 的 emptyDir。</translation>
    </message>
</context>
<context>
    <name>shmwise::ClusterView</name>
    <message>
        <source>%1 gave no answer in %2 s</source>
        <translation>%1 在 %2 秒内没有回应</translation>
    </message>
    <message>
        <source>%1 printed more than %2: stopped it</source>
        <translation>%1 输出超过 %2：已停止它</translation>
    </message>
    <message>
        <source>%1 failed: %2</source>
        <translation>%1 失败：%2</translation>
    </message>
    <message>
        <source>exit %1</source>
        <translation>退出码 %1</translation>
    </message>
    <message>
        <source>cannot run %1: %2</source>
        <translation>无法运行 %1：%2</translation>
    </message>
    <message>
        <source>allocatable memory unknown (%1); the sizes are the kubelet&apos;s own</source>
        <translation>可分配内存未知（%1）；大小取自 kubelet 自己的数字</translation>
    </message>
    <message>
        <source>line %1 of kubectl get pods is not a pod as asked for: &apos;%2&apos;</source>
        <translation>kubectl get pods 的第 %1 行不是所请求格式的 pod：&apos;%2&apos;</translation>
    </message>
    <message>
        <source>line %1 of kubectl get nodes is not a node and its allocatable memory: &apos;%2&apos;</source>
        <translation>kubectl get nodes 的第 %1 行不是节点及其可分配内存：&apos;%2&apos;</translation>
    </message>
    <message>
        <source>the Summary API answer is not JSON: %1 at byte %2</source>
        <translation>Summary API 的回答不是 JSON：%1，位于第 %2 字节</translation>
    </message>
    <message>
        <source>the Summary API answer is not a JSON object</source>
        <translation>Summary API 的回答不是 JSON 对象</translation>
    </message>
    <message>
        <source>the Summary API answer&apos;s &quot;pods&quot; is not an array</source>
        <translation>Summary API 回答中的 &quot;pods&quot; 不是数组</translation>
    </message>
    <message>
        <source>%1 of %2 used (%3%): a write past the size fails with &quot;No space left on device&quot;, a DataLoader&apos;s with a Bus error</source>
        <translation>已用 %1，共 %2（%3%）：超出大小的写入会以 &quot;No space left on device&quot; 失败，DataLoader 的写入则以 Bus error 失败</translation>
    </message>
    <message>
        <source>sizeLimit %1 is above the pod&apos;s memory limit %2: the limit wins, and since the files are charged to the pod with its other memory, the pod is OOM-killed before the emptyDir is full</source>
        <translation>sizeLimit %1 大于 Pod 的内存限制 %2：以限制为准；而且这些文件与 Pod 的其他内存一起计入 Pod，所以 emptyDir 写满之前 Pod 就会被 OOM 杀死</translation>
    </message>
    <message>
        <source>an init container has no memory limit, which removes the pod&apos;s (kubernetes#125852): the tmpfs is sized to %1 instead of the containers&apos; limits; give every init container a memory limit</source>
        <translation>有一个 init 容器没有内存限制，这会取消 Pod 的内存限制（kubernetes#125852）：tmpfs 的大小变成 %1，而不是各容器的限制；请给每个 init 容器设置内存限制</translation>
    </message>
    <message>
        <source>the node&apos;s allocatable memory</source>
        <translation>节点的可分配内存</translation>
    </message>
    <message>
        <source>no memory limit and no sizeLimit: the tmpfs may grow to %1 and take memory from every pod on the node</source>
        <translation>没有内存限制，也没有 sizeLimit：tmpfs 可能增长到 %1，挤占节点上每个 Pod 的内存</translation>
    </message>
    <message>
        <source>the pod uses %1, above its memory request %2 (the emptyDir&apos;s %3 count in it): under node memory pressure the kubelet evicts such pods first</source>
        <translation>Pod 使用了 %1，超过其内存请求 %2（emptyDir 的 %3 计入其中）：节点内存紧张时，kubelet 会先驱逐这样的 Pod</translation>
    </message>
    <message>
        <source>the pod asks for no memory and uses %1 (the emptyDir&apos;s %2 count in it): under node memory pressure the kubelet evicts it first</source>
        <translation>Pod 没有请求内存，却使用了 %1（emptyDir 的 %2 计入其中）：节点内存紧张时，kubelet 会先驱逐它</translation>
    </message>
    <message>
        <source>the kubelet mounted it with %1, not the %2 its spec gives (a kubelet before 1.22, or SizeMemoryBackedVolumes off, leaves the host&apos;s default of half its memory)</source>
        <translation>kubelet 挂载它时用的是 %1，而不是其规格给出的 %2（1.22 之前的 kubelet，或关闭了 SizeMemoryBackedVolumes，会沿用主机默认的一半内存）</translation>
    </message>
    <message>
        <source>not scheduled to a node (%1)</source>
        <translation>尚未调度到节点（%1）</translation>
    </message>
    <message>
        <source>node %1 was not read</source>
        <translation>未读取节点 %1</translation>
    </message>
    <message>
        <source>the kubelet of %1 does not list this pod (%2)</source>
        <translation>%1 的 kubelet 没有列出这个 Pod（%2）</translation>
    </message>
    <message>
        <source>the kubelet has no stats of this volume yet</source>
        <translation>kubelet 还没有这个卷的统计数据</translation>
    </message>
    <message>
        <source>POD</source>
        <translation>POD</translation>
    </message>
    <message>
        <source>VOLUME</source>
        <translation>卷</translation>
    </message>
    <message>
        <source>NODE</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>USED</source>
        <translation>已用</translation>
    </message>
    <message>
        <source>SIZE</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>SIZELIMIT</source>
        <translation>SIZELIMIT</translation>
    </message>
    <message>
        <source>MEMORY LIMIT</source>
        <translation>内存限制</translation>
    </message>
    <message>
        <source>USE</source>
        <translation>使用率</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>not measured: %1</source>
        <translation>未测量：%1</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a node name; not asked</source>
        <translation>&apos;%1&apos; 不是节点名称；未询问</translation>
    </message>
</context>
<context>
    <name>shmwise::ContainerProbe</name>
    <message>
        <source>No container client (docker or podman) was found in PATH.</source>
        <translation>在 PATH 中没有找到容器客户端（docker 或 podman）。</translation>
    </message>
    <message>
        <source>The container did not answer within %1 seconds.</source>
        <translation>容器在 %1 秒内没有响应。</translation>
    </message>
    <message>
        <source>Cannot run %1: %2</source>
        <translation>无法运行 %1：%2</translation>
    </message>
    <message>
        <source>%1 exited with code %2 without a report: %3</source>
        <translation>%1 以退出码 %2 退出，没有给出报告：%3</translation>
    </message>
    <message>
        <source>it printed nothing</source>
        <translation>没有任何输出</translation>
    </message>
    <message>
        <source>%1 crashed.</source>
        <translation>%1 崩溃了。</translation>
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
        <translation>RuntimeError: DataLoader worker (pid 4242) is killed by signal: Bus error. …</translation>
    </message>
    <message>
        <source>Error log</source>
        <translation>错误日志</translation>
    </message>
    <message>
        <source>Diagnosis</source>
        <translation>诊断</translation>
    </message>
    <message>
        <source>Findings appear here.</source>
        <translation>检查发现显示在这里。</translation>
    </message>
    <message>
        <source>Nothing in this log points at shared memory, file descriptors, GPU memory or the OOM killer.</source>
        <translation>此日志中没有指向共享内存、文件描述符、GPU 显存或 OOM killer 的内容。</translation>
    </message>
    <message>
        <source>Paste the output of a failed training run, open a log file or drop one here. ShmWise points at the lines that matter and says what to do; GPU memory and the OOM killer are told apart from shared memory.</source>
        <translation>粘贴失败的训练任务的输出、打开日志文件，或将文件拖放到这里。ShmWise 会指出关键的行并给出处理办法；GPU 显存和 OOM killer 问题会与共享内存问题区分开。</translation>
    </message>
    <message>
        <source>&amp;Open Log…</source>
        <translation>打开日志(&amp;O)…</translation>
    </message>
    <message>
        <source>Open Error Log</source>
        <translation>打开错误日志</translation>
    </message>
    <message>
        <source>Logs (*.log *.txt *.out *.err);;All files (*)</source>
        <translation>日志 (*.log *.txt *.out *.err);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>Cannot read %1 after %2 bytes: %3</source>
        <translation>读取 %1 到 %2 字节后失败：%3</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n line(s)</source>
        <translation>
            <numerusform>%1：%n 行</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 bytes, %2.</source>
        <translation>%1 字节，%2。</translation>
    </message>
    <message numerus="yes">
        <source>Showing the first %n line(s); the findings cover the whole file.</source>
        <translation>
            <numerusform>只显示前 %n 行；检查发现覆盖整个文件。</numerusform>
        </translation>
    </message>
    <message>
        <source>Possible:</source>
        <translation>可能：</translation>
    </message>
    <message>
        <source>Line %1</source>
        <translation>第 %1 行</translation>
    </message>
    <message>
        <source>Line %1 is past the part of the log shown here.</source>
        <translation>第 %1 行不在此处显示的日志范围内。</translation>
    </message>
    <message>
        <source>Use the file_system sharing strategy in the wizard</source>
        <translation>在向导中使用 file_system 共享策略</translation>
    </message>
    <message>
        <source>Show the /dev/shm plan for this job in the wizard</source>
        <translation>在向导中显示此任务的 /dev/shm 规划</translation>
    </message>
    <message>
        <source>The workload now uses the file_system sharing strategy: the generated DataLoader code sets it at import time.</source>
        <translation>工作负载现在使用 file_system 共享策略：生成的 DataLoader 代码会在导入时设置它。</translation>
    </message>
    <message>
        <source>The wizard stopped on a page that needs an answer before the plan.</source>
        <translation>向导停在一个需要先填写才能得出规划的页面。</translation>
    </message>
    <message>
        <source>What Is /dev/&amp;shm?</source>
        <translation>什么是 /dev/shm(&amp;S)？</translation>
    </message>
    <message>
        <source>The wizard shows the Workload page: its numbers are the preset&apos;s defaults until you set the failed job&apos;s (the fields to check are marked).</source>
        <translation>向导显示的是“工作负载”页面：在你填入失败任务的数值之前，这些数值都是预设的默认值（需要核对的字段已标出）。</translation>
    </message>
    <message>
        <source>The wizard shows the Workload page: check the marked fields against the failed job; the plan follows them.</source>
        <translation>向导显示的是“工作负载”页面：请对照失败的任务核对已标出的字段；规划随之更新。</translation>
    </message>
    <message>
        <source>S&amp;top Reading</source>
        <translation>停止读取(&amp;T)</translation>
    </message>
    <message>
        <source>Stopped reading %1; the findings are those of the log shown.</source>
        <translation>已停止读取 %1；检查发现基于已显示的日志。</translation>
    </message>
    <message>
        <source>%1 is a folder, not a log file.</source>
        <translation>%1 是文件夹，不是日志文件。</translation>
    </message>
    <message>
        <source>%1 is not a regular file (a FIFO, a device or a socket, which may never end): save the log to a file first, or paste it here.</source>
        <translation>%1 不是普通文件（而是 FIFO、设备或套接字，可能永远读不完）：请先把日志保存到文件，或粘贴到这里。</translation>
    </message>
    <message>
        <source>%1 is %2, more than the %3 this window reads: diagnose it with `shmwise diagnose %4`, which reads a log of any size.</source>
        <translation>%1 大小为 %2，超过此窗口可读取的 %3：请用 `shmwise diagnose %4` 诊断，它可以读取任意大小的日志。</translation>
    </message>
    <message>
        <source>Reading %1: %2 of %3…</source>
        <translation>正在读取 %1：%2 / %3…</translation>
    </message>
    <message>
        <source>%1 grew past the %2 this window reads while it was read: diagnose it with `shmwise diagnose %3`, which reads a log of any size.</source>
        <translation>%1 在读取期间增长到超过此窗口可读取的 %2：请用 `shmwise diagnose %3` 诊断，它可以读取任意大小的日志。</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>关闭(&amp;C)</translation>
    </message>
    <message>
        <source>Likely:</source>
        <translation>很可能：</translation>
    </message>
    <message>
        <source>How sure: %1. %2</source>
        <translation>把握：%1。%2</translation>
    </message>
    <message>
        <source>The plan is for a job run by %1 (the Environment page, one page back, changes it).</source>
        <translation>该计划针对由 %1 运行的任务（在上一页“环境”页可以更改）。</translation>
    </message>
    <message>
        <source>From Diagnose: the plan for a job run by %1; check the marked fields.</source>
        <translation>来自诊断：这是由 %1 运行的任务的计划；请检查标出的字段。</translation>
    </message>
    <message>
        <source>(and 1 more line like it)</source>
        <translation>（另有 1 行与之类似）</translation>
    </message>
    <message>
        <source>(and %1 more lines like it)</source>
        <translation>（另有 %1 行与之类似）</translation>
    </message>
    <message>
        <source>The log shows %1 (&quot;%2&quot;), so the plan is for a job run by %1 (the Environment page, one page back, changes it).</source>
        <translation>日志显示的是 %1（“%2”），因此规划针对由 %1 运行的任务（前一页“运行环境”可以修改）。</translation>
    </message>
    <message>
        <source>The plan is for a job run by %1, as the profile says, though the log shows %2 (&quot;%3&quot;): the Environment page, one page back, changes it.</source>
        <translation>规划按配置档案所说，针对由 %1 运行的任务，但日志显示的是 %2（“%3”）：前一页“运行环境”可以修改。</translation>
    </message>
</context>
<context>
    <name>shmwise::Diagnosis</name>
    <message>
        <source>/dev/shm on the probed host is %1 (%2 free).</source>
        <translation>被探测主机上的 /dev/shm 为 %1（空闲 %2）。</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>The open-files limit ran out (one descriptor per shared tensor)</source>
        <translation>打开文件数限制已用尽（每个共享张量占用一个描述符）</translation>
    </message>
    <message>
        <source>Raise ulimit -n (limits.d, or docker --ulimit nofile=N:N), or call torch.multiprocessing.set_sharing_strategy(&apos;file_system&apos;) at import time (module level, so spawned workers get it too).</source>
        <translation>提高 ulimit -n（limits.d，或 docker --ulimit nofile=N:N），或在导入时调用 torch.multiprocessing.set_sharing_strategy(&apos;file_system&apos;)（放在模块级，这样 spawn 出的 worker 也会继承）。</translation>
    </message>
    <message>
        <source>ulimit -n on the probed host is %1.</source>
        <translation>被探测主机上的 ulimit -n 为 %1。</translation>
    </message>
    <message>
        <source>A DataLoader worker exited without a named signal</source>
        <translation>一个 DataLoader worker 退出了，但没有给出信号名</translation>
    </message>
    <message>
        <source>The log does not say why. Look above the traceback for the worker&apos;s own error, run once with num_workers=0 to see it in the main process, and check the kernel log (dmesg) for the OOM killer.</source>
        <translation>日志没有说明原因。请在 traceback 上方查找 worker 自己的错误，用 num_workers=0 运行一次以在主进程中看到它，并检查内核日志（dmesg）中是否有 OOM killer 记录。</translation>
    </message>
    <message>
        <source>NCCL could not allocate its shared memory in /dev/shm</source>
        <translation>NCCL 无法在 /dev/shm 中分配其共享内存</translation>
    </message>
    <message>
        <source>NCCL&apos;s intra-node transport allocates in /dev/shm next to the DataLoader: give the job a larger /dev/shm (or --ipc=host). NCCL_SHM_DISABLE=1 turns the transport off at a speed cost; NCCL_DEBUG=INFO NCCL_DEBUG_SUBSYS=ALLOC shows what it allocates.</source>
        <translation>NCCL 的节点内传输与 DataLoader 一样在 /dev/shm 中分配内存：请为任务提供更大的 /dev/shm（或 --ipc=host）。NCCL_SHM_DISABLE=1 会关闭该传输，但会降低速度；NCCL_DEBUG=INFO NCCL_DEBUG_SUBSYS=ALLOC 会显示它分配了什么。</translation>
    </message>
    <message>
        <source>A process was killed for memory: RAM or the cgroup limit, not /dev/shm</source>
        <translation>进程因内存被终止：原因是 RAM 或 cgroup 限制，而不是 /dev/shm</translation>
    </message>
    <message>
        <source>The probed host&apos;s cgroup memory limit is %1.</source>
        <translation>被探测主机的 cgroup 内存限制为 %1。</translation>
    </message>
    <message>
        <source>Only a bus error is named here: check that /dev/shm was full (df -h /dev/shm while the job runs) before resizing it.</source>
        <translation>这里只提到了总线错误：在调整大小前，请确认 /dev/shm 确实已满（任务运行时执行 df -h /dev/shm）。</translation>
    </message>
    <message>
        <source>A worker crashed in its own code (SIGSEGV or SIGABRT), not for memory</source>
        <translation>worker 在自身代码中崩溃（SIGSEGV 或 SIGABRT），与内存无关</translation>
    </message>
    <message>
        <source>A segmentation fault or abort is a bug in the worker&apos;s code or a native library it calls (image decoders, OpenCV threads, a C extension). A larger /dev/shm does not help. Run once with num_workers=0 to get the real traceback, enable faulthandler (python -X faulthandler), and check the dataset code for the failing sample.</source>
        <translation>段错误或 abort 是 worker 代码或其调用的本地库（图像解码器、OpenCV 线程、C 扩展）中的缺陷。更大的 /dev/shm 没有帮助。请用 num_workers=0 运行一次以获得真正的 traceback，启用 faulthandler（python -X faulthandler），并检查数据集代码中出错的样本。</translation>
    </message>
    <message>
        <source>The data loader timed out waiting for a batch</source>
        <translation>数据加载器等待 batch 时超时</translation>
    </message>
    <message>
        <source>A worker hung or was too slow for the loader&apos;s timeout. Raise timeout (or leave it at 0), and look for a worker stuck on I/O or on too few open files (which can hang the main process until the timeout fires).</source>
        <translation>某个 worker 卡住了，或慢到超过了加载器的 timeout。请调大 timeout（或保持为 0），并检查是否有 worker 卡在 I/O 上或受困于过低的打开文件数限制（这可能让主进程一直挂起直到超时）。</translation>
    </message>
    <message>
        <source>The OOM killer or a memory limit ended it. A larger /dev/shm does not help and inside a memory-limited container makes the kill come sooner (its pages count against the limit). Raise the memory limit (or the Windows paging file) or lower memory use: fewer workers, smaller batches.</source>
        <translation>进程被 OOM killer 或内存限制终止。更大的 /dev/shm 没有帮助；在有内存限制的容器中反而会让终止来得更早（它的页面计入内存限制）。请提高内存限制（或 Windows 页面文件），或降低内存用量：更少的 worker、更小的 batch。</translation>
    </message>
    <message>
        <source>Give the job a larger /dev/shm (the wizard&apos;s Workload page or `shmwise plan` sizes it for the job; the setting is docker --shm-size, a Kubernetes emptyDir with medium: Memory, or a remount of /dev/shm), or lower num_workers, prefetch_factor or batch_size. The file_system sharing strategy does not help: it uses /dev/shm too.</source>
        <translation>为任务提供更大的 /dev/shm（向导的“工作负载”页或 `shmwise plan` 会按任务确定大小；设置项是 docker --shm-size、medium: Memory 的 Kubernetes emptyDir，或重新挂载 /dev/shm），或降低 num_workers、prefetch_factor 或 batch_size。file_system 共享策略没有帮助：它同样使用 /dev/shm。</translation>
    </message>
    <message>
        <source>the buffers of one SHM-transport connection on one channel at NCCL&apos;s default sizes (4096 + LL 524288 + LL128 4915200 + SIMPLE 4194304 bytes), which the receiving side allocates. NCCL uses that transport between GPUs of one host that cannot reach each other directly (no P2P, or NCCL_P2P_DISABLE=1), one such segment per channel, per peer and per direction, so a node needs many of them at once</source>
        <translation>按 NCCL 默认大小，一个通道上一个 SHM 传输连接的缓冲区（4096 + LL 524288 + LL128 4915200 + SIMPLE 4194304 字节），由接收方分配。NCCL 在同一主机上无法直接互访的 GPU 之间（没有 P2P，或设置了 NCCL_P2P_DISABLE=1）使用这种传输，每个通道、每个对端、每个方向各一个这样的段，因此一个节点同时需要许多个</translation>
    </message>
    <message>
        <source>the buffers of %1 SHM-transport connections at NCCL&apos;s default sizes (9637888 bytes each), used between GPUs of one host that cannot reach each other directly</source>
        <translation>按 NCCL 默认大小，%1 个 SHM 传输连接的缓冲区（每个 9637888 字节），用于同一主机上无法直接互访的 GPU 之间</translation>
    </message>
    <message>
        <source>the proxy&apos;s operations pool of NCCL %1, which NCCL creates in /dev/shm whole for each process with network connections (between nodes, or within one when P2P and SHM are not used); the last local rank to attach unlinks it, so `ls /dev/shm` may not show it</source>
        <translation>NCCL %1 代理的操作池：NCCL 为每个有网络连接的进程（节点之间，或在节点内不使用 P2P 和 SHM 时）在 /dev/shm 中整块创建它；最后一个附加的本地 rank 会将其删除，因此 `ls /dev/shm` 可能看不到它</translation>
    </message>
    <message>
        <source>NCCL asked for %1 in /dev/shm.</source>
        <translation>NCCL 在 /dev/shm 中申请了 %1。</translation>
    </message>
    <message>
        <source>NCCL asked for %1: %2.</source>
        <translation>NCCL 申请了 %1：%2。</translation>
    </message>
    <message>
        <source>Before that, NCCL&apos;s INFO lines show one segment of %1 allocated in /dev/shm.</source>
        <translation>在此之前，NCCL 的 INFO 行显示它已在 /dev/shm 中分配了一个 %1 的段。</translation>
    </message>
    <message>
        <source>Before that, NCCL&apos;s INFO lines show %1 allocated in /dev/shm in %2 segments.</source>
        <translation>在此之前，NCCL 的 INFO 行显示它已在 /dev/shm 中分配了 %1，共 %2 个段。</translation>
    </message>
    <message>
        <source>Shared-memory files vanished while the job was running</source>
        <translation>任务运行期间共享内存文件消失了</translation>
    </message>
    <message>
        <source>Something removed the job&apos;s files in /dev/shm (or its System V IPC) under it. Most often it is systemd-logind: with RemoveIPC=yes, the default, it removes a user&apos;s shared memory when their last session ends, so a job started over SSH with nohup, screen or tmux, or by mpirun, loses it at logout. Keep it with loginctl enable-linger USER, run the job as a system user or a service (systemd-run, Slurm), or set RemoveIPC=no in /etc/systemd/logind.conf and restart systemd-logind; `shmwise probe` says whether the host removes it. Otherwise look for a cleaner of /dev/shm (a cron job, another job&apos;s rm) or a container that was restarted. A larger /dev/shm does not help.</source>
        <translation>有东西在任务运行时删除了它在 /dev/shm 中的文件（或它的 System V IPC）。最常见的是 systemd-logind：在 RemoveIPC=yes（默认值）下，它会在用户最后一个会话结束时删除该用户的共享内存，所以通过 SSH 用 nohup、screen 或 tmux 启动、或由 mpirun 启动的任务会在注销时失去它。要保留它：执行 loginctl enable-linger USER，以系统用户或服务（systemd-run、Slurm）运行任务，或在 /etc/systemd/logind.conf 中设置 RemoveIPC=no 并重启 systemd-logind；`shmwise probe` 会说明主机是否会删除它。否则请查找清理 /dev/shm 的程序（cron 任务、其他任务的 rm）或被重启的容器。更大的 /dev/shm 没有帮助。</translation>
    </message>
    <message>
        <source>The log names a memory limit of %1 (line %2).</source>
        <translation>日志给出的内存限制为 %1（第 %2 行）。</translation>
    </message>
    <message>
        <source>df or du shows %1 in /dev/shm (line %2).</source>
        <translation>df 或 du 显示 /dev/shm 中有 %1（第 %2 行）。</translation>
    </message>
    <message>
        <source>Of the %1 limit, that leaves %2 for the job&apos;s own memory.</source>
        <translation>在 %1 的限制中，留给任务自身内存的只有 %2。</translation>
    </message>
    <message>
        <source>That alone fills the %1 limit.</source>
        <translation>仅这一项就占满了 %1 的限制。</translation>
    </message>
    <message>
        <source>Line %1 writes into /dev/shm.</source>
        <translation>第 %1 行向 /dev/shm 写入数据。</translation>
    </message>
    <message>
        <source>Line %1 has a memory-backed emptyDir (medium: Memory) with a sizeLimit of %2.</source>
        <translation>第 %1 行有一个基于内存的 emptyDir（medium: Memory），其 sizeLimit 为 %2。</translation>
    </message>
    <message>
        <source>Line %1 has a memory-backed emptyDir (medium: Memory).</source>
        <translation>第 %1 行有一个基于内存的 emptyDir（medium: Memory）。</translation>
    </message>
    <message>
        <source>The killed process held %1 of shared memory (shmem-rss, line %2); that figure also counts System V segments, shared anonymous memory and pinned buffers, not only /dev/shm.</source>
        <translation>被杀死的进程持有 %1 的共享内存（shmem-rss，第 %2 行）；这个数字还包括 System V 共享内存段、共享匿名内存和锁页缓冲区，不只是 /dev/shm。</translation>
    </message>
    <message>
        <source>The cgroup held %1 of shmem (line %2), which also counts System V segments and pinned buffers.</source>
        <translation>该 cgroup 持有 %1 的 shmem（第 %2 行），其中也包括 System V 共享内存段和锁页缓冲区。</translation>
    </message>
    <message>
        <source>A per-user quota on /dev/shm refused the write (EDQUOT), though df may show room</source>
        <translation>/dev/shm 上的每用户配额拒绝了写入（EDQUOT），尽管 df 可能显示仍有空间</translation>
    </message>
    <message>
        <source>The write failed with EDQUOT (&quot;Disk quota exceeded&quot;, errno 122): /dev/shm is mounted with a per-user quota, so this user may write no more while df still shows free space. systemd 258 and later mount /dev/shm with usrquota where the kernel supports it (Linux 6.6+) and give each regular user 80% of it (devShmLimit in the user record). See the limit and the use with `quota -u USER` (as root: `repquota /dev/shm`) and the mount options (usrquota, usrquota_block_hardlimit) with `findmnt /dev/shm`; `shmwise probe` reports both. To lift it: as root, setquota -u USER 0 LIMIT 0 0 /dev/shm (until the next login sets it again); for good, the user record&apos;s devShmLimit, or /dev/shm remounted without usrquota or with a larger usrquota_block_hardlimit. Root and system users are not held to it, so a service account can run the job; or size the job to what the quota leaves. A larger /dev/shm helps only as far as the user&apos;s share grows with it.</source>
        <translation>写入因 EDQUOT（&quot;Disk quota exceeded&quot;，errno 122）失败：/dev/shm 挂载时带有每用户配额，因此该用户已不能再写入，而 df 仍显示有空闲空间。systemd 258 及以后的版本在内核支持时（Linux 6.6+）以 usrquota 挂载 /dev/shm，并给每个普通用户其中的 80%（用户记录中的 devShmLimit）。用 `quota -u USER`（root 可用 `repquota /dev/shm`）查看配额和用量，用 `findmnt /dev/shm` 查看挂载选项（usrquota、usrquota_block_hardlimit）；`shmwise probe` 会报告这两者。解除方法：以 root 执行 setquota -u USER 0 LIMIT 0 0 /dev/shm（用户下次登录时会被重新设置）；长期的办法是修改用户记录中的 devShmLimit，或者重新挂载 /dev/shm，不带 usrquota 或设置更大的 usrquota_block_hardlimit。root 和系统用户不受此配额限制，因此可以用服务账户运行任务；或者按配额剩下的空间调整任务。更大的 /dev/shm 只有在该用户的份额随之增长时才有帮助。</translation>
    </message>
    <message>
        <source>On the probed host this user&apos;s quota on /dev/shm is %1 (%2 in use).</source>
        <translation>在被探测主机上，该用户在 /dev/shm 上的配额为 %1（已用 %2）。</translation>
    </message>
    <message>
        <source>Killed for memory, with /dev/shm&apos;s pages counted in the memory limit</source>
        <translation>因内存不足被杀死，/dev/shm 的页面也计入了内存限制</translation>
    </message>
    <message>
        <source>Pages in /dev/shm, and in a memory-backed emptyDir, are charged to the memory cgroup of the process that wrote them and count toward the container&apos;s limit like its own memory, so a job that fills them is OOM-killed (&quot;Killed&quot;, exit code 137, OOMKilled) before it sees a Bus error. The memory limit must hold the job&apos;s own memory plus its /dev/shm: raise it by what /dev/shm needs (`shmwise plan` sizes it; docker --memory, resources.limits.memory, a Slurm job&apos;s --mem), or keep less there: fewer DataLoader workers, a smaller prefetch_factor or batch_size, no files left behind by crashed runs (`shmwise clean`). A larger /dev/shm alone does not help.</source>
        <translation>/dev/shm 中的页面，以及基于内存的 emptyDir 中的页面，会计入写入它们的进程所在的内存 cgroup，并像容器自身的内存一样计入容器的限制，所以写满它们的任务会先被 OOM 杀死（&quot;Killed&quot;、退出码 137、OOMKilled），而不是遇到 Bus error（总线错误）。内存限制必须容纳任务自身的内存加上它的 /dev/shm：按 /dev/shm 所需的大小提高限制（`shmwise plan` 会算出它；docker --memory、resources.limits.memory、Slurm 任务的 --mem），或者少往那里放：更少的 DataLoader worker、更小的 prefetch_factor 或 batch_size，并清除崩溃的运行留下的文件（`shmwise clean`）。只增大 /dev/shm 没有帮助。</translation>
    </message>
    <message>
        <source>In Kubernetes a memory emptyDir outlives the container: its files survive a restart and are charged again, so the kill repeats on every restart (kubernetes/kubernetes#128339) until they are deleted or the pod is recreated. Give limits.memory room for the emptyDir&apos;s sizeLimit on top of the job&apos;s own memory.</source>
        <translation>在 Kubernetes 中，基于内存的 emptyDir 比容器存在得更久：它的文件在重启后仍然存在并再次计入，所以每次重启都会再次被杀死（kubernetes/kubernetes#128339），直到这些文件被删除或 Pod 被重新创建。请让 limits.memory 在任务自身内存之外再留出 emptyDir 的 sizeLimit。</translation>
    </message>
    <message>
        <source>The log does not show /dev/shm itself filling the limit: compare df -h /dev/shm with the limit (memory.max, kubectl describe pod) while the job runs before acting on it.</source>
        <translation>日志没有显示 /dev/shm 本身占满了限制：采取行动之前，请在任务运行时把 df -h /dev/shm 与该限制（memory.max、kubectl describe pod）比较。</translation>
    </message>
    <message>
        <source>A TimeoutError without a message ends a traceback through a data loader&apos;s __next__: the frames, not the message, name the loader.</source>
        <translation>一个没有消息的 TimeoutError 结束了一段经过数据加载器 __next__ 的调用栈：点明加载器的是调用帧，而不是报错消息。</translation>
    </message>
    <message>
        <source>A quota error that names no file, a few lines under a frame of code that writes shared memory.</source>
        <translation>一个没有指明文件的配额错误，出现在写共享内存的代码的调用帧下方几行之内。</translation>
    </message>
    <message>
        <source>A file that is not found, a few lines under the frame of code that opens shared memory by name.</source>
        <translation>一个找不到的文件，出现在按名称打开共享内存的代码的调用帧下方几行之内。</translation>
    </message>
    <message>
        <source>&quot;No space left on device&quot; a few lines under a SemLock frame: Python&apos;s multiprocessing makes its semaphores in /dev/shm.</source>
        <translation>在 SemLock 调用帧下方几行之内出现 &quot;No space left on device&quot;：Python 的 multiprocessing 在 /dev/shm 中创建它的信号量。</translation>
    </message>
    <message>
        <source>The log shows a kill for memory and /dev/shm itself filling the memory limit it is charged to.</source>
        <translation>日志显示进程因内存不足被杀，并显示 /dev/shm 本身填满了它所计入的内存限制。</translation>
    </message>
    <message>
        <source>The log shows a kill for memory and shared memory charged to the limit, but not /dev/shm itself filling it.</source>
        <translation>日志显示进程因内存不足被杀，并显示有共享内存计入了该限制，但没有显示 /dev/shm 本身把限制填满。</translation>
    </message>
    <message>
        <source>A bus error whose stack runs through NCCL&apos;s shared-memory code (libnccl, ncclShm...): NCCL&apos;s segment in /dev/shm, not a DataLoader&apos;s.</source>
        <translation>调用栈经过 NCCL 共享内存代码（libnccl、ncclShm...）的 bus error：这是 NCCL 在 /dev/shm 中的段，而不是 DataLoader 的。</translation>
    </message>
    <message>
        <source>The line names only a bus error; the log speaks of shared memory elsewhere.</source>
        <translation>这一行只提到了 bus error；日志在别处提到了共享内存。</translation>
    </message>
    <message>
        <source>The log&apos;s own message names this failure.</source>
        <translation>日志自身的报错消息点明了这个故障。</translation>
    </message>
    <message>
        <source>Only a bus error is named, and nothing in the log ties it to shared memory: a memory-mapped file that shrank or a bad binary gives one too.</source>
        <translation>只提到了 bus error，日志中没有任何内容把它与共享内存联系起来：被截短的内存映射文件或有问题的二进制程序也会引起它。</translation>
    </message>
    <message>
        <source>The log shows a kill signal (SIGKILL, exit status 137, &quot;Killed&quot;). The OOM killer sends it, but so do kill -9, a scheduler&apos;s time limit and a launcher stopping its workers: the kernel&apos;s log (dmesg, journalctl -k) says which.</source>
        <translation>日志显示了一个终止信号（SIGKILL、退出状态 137、&quot;Killed&quot;）。OOM killer 会发送它，但 kill -9、调度器的时间限制和结束子进程的启动器也会发送：内核日志（dmesg、journalctl -k）会说明是哪一个。</translation>
    </message>
    <message>
        <source>Ray names the OOM killer as one of several possible causes of a worker&apos;s death, beside `ray stop --force` and a crash.</source>
        <translation>Ray 把 OOM killer 列为 worker 死亡的几种可能原因之一，此外还有 `ray stop --force` 和崩溃。</translation>
    </message>
    <message>
        <source>PostgreSQL keeps the dynamic shared memory of parallel queries (dynamic_shared_memory_type = posix, the default on Linux) in /dev/shm, and a container&apos;s 64 MiB runs out under a parallel hash join or a large sort. Give the container a larger /dev/shm (docker --shm-size, compose shm_size, a Kubernetes emptyDir with medium: Memory on /dev/shm), or lower max_parallel_workers_per_gather or work_mem.</source>
        <translation>PostgreSQL 把并行查询的动态共享内存（dynamic_shared_memory_type = posix，Linux 上的默认值）放在 /dev/shm 中，容器的 64 MiB 在并行哈希连接或大排序时会用完。请给容器更大的 /dev/shm（docker --shm-size、compose shm_size、挂载到 /dev/shm 的 medium: Memory 的 Kubernetes emptyDir），或者调低 max_parallel_workers_per_gather 或 work_mem。</translation>
    </message>
    <message>
        <source>Triton&apos;s Python backend gives each model instance a shared-memory pool in /dev/shm that starts at shm-default-byte-size and grows by shm-growth-byte-size as tensors pass through it; the container&apos;s /dev/shm could not hold the next step. Give the container a larger /dev/shm (docker --shm-size, a memory emptyDir on /dev/shm), or fewer model instances or smaller batches.</source>
        <translation>Triton 的 Python 后端为每个模型实例在 /dev/shm 中分配一个共享内存池，初始大小为 shm-default-byte-size，张量经过时按 shm-growth-byte-size 增长；容器的 /dev/shm 容纳不下下一次增长。请给容器更大的 /dev/shm（docker --shm-size、挂载到 /dev/shm 的内存型 emptyDir），或者减少模型实例、减小 batch。</translation>
    </message>
    <message>
        <source>vLLM checks /dev/shm before it starts: its multiprocess executor passes requests and results through shared-memory message queues, far more than Docker&apos;s 64 MiB at any tensor-parallel size. Give the container a larger /dev/shm (docker --shm-size or --ipc=host, compose shm_size, a memory emptyDir on /dev/shm).</source>
        <translation>vLLM 启动前会检查 /dev/shm：它的多进程执行器通过共享内存消息队列传递请求和结果，在任何张量并行规模下都远超 Docker 的 64 MiB。请给容器更大的 /dev/shm（docker --shm-size 或 --ipc=host、compose shm_size、挂载到 /dev/shm 的内存型 emptyDir）。</translation>
    </message>
    <message>
        <source>vLLM&apos;s shared-memory message queue waited a minute for a reader (a stalled worker, not a full /dev/shm)</source>
        <translation>vLLM 的共享内存消息队列等一个读取方等了一分钟（是某个 worker 停住了，不是 /dev/shm 满了）</translation>
    </message>
    <message>
        <source>vLLM&apos;s broadcast queue in /dev/shm is in place; a reader, one of its worker processes, has not taken the last message for the warning interval (VLLM_RINGBUFFER_WARNING_INTERVAL, 60 s by default). It is busy (compiling, capturing CUDA graphs, loading weights), stuck in a collective, or dead: read the workers&apos; own lines above and below. A larger /dev/shm does not help.</source>
        <translation>vLLM 在 /dev/shm 中的广播队列完好；一个读取方，即它的某个 worker 进程，在警告间隔（VLLM_RINGBUFFER_WARNING_INTERVAL，默认 60 秒）内没有取走上一条消息。它正忙（编译、捕获 CUDA graph、加载权重）、卡在集合通信中，或者已经退出：请查看上下文中 worker 自己输出的行。增大 /dev/shm 没有帮助。</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Ascend NPU</source>
        <translation>昇腾 NPU</translation>
    </message>
    <message>
        <source>Apple GPU (MPS)</source>
        <translation>Apple GPU（MPS）</translation>
    </message>
    <message>
        <source>AMD GPU (ROCm)</source>
        <translation>AMD GPU（ROCm）</translation>
    </message>
    <message>
        <source>Intel GPU (XPU)</source>
        <translation>Intel GPU（XPU）</translation>
    </message>
    <message>
        <source>Cambricon MLU</source>
        <translation>寒武纪 MLU</translation>
    </message>
    <message>
        <source>accelerator (XLA: TPU or GPU)</source>
        <translation>加速器（XLA：TPU 或 GPU）</translation>
    </message>
    <message>
        <source>The %1 ran out of memory (not a /dev/shm problem)</source>
        <translation>%1 的显存不足（不是 /dev/shm 的问题）</translation>
    </message>
    <message>
        <source>This is the accelerator&apos;s own memory: a larger /dev/shm does not help. Lower the batch size, use mixed precision or gradient checkpointing, or free cached tensors.</source>
        <translation>这是加速器自身的内存：增大 /dev/shm 没有帮助。请减小 batch 大小、使用混合精度或梯度检查点，或释放缓存的张量。</translation>
    </message>
    <message>
        <source>/dev/shm ran out</source>
        <translation>/dev/shm 用完了</translation>
    </message>
    <message>
        <source>/dev/shm ran out under PostgreSQL&apos;s parallel queries</source>
        <translation>/dev/shm 在 PostgreSQL 的并行查询中用完了</translation>
    </message>
    <message>
        <source>/dev/shm ran out under Triton&apos;s Python backend</source>
        <translation>/dev/shm 在 Triton 的 Python 后端中用完了</translation>
    </message>
    <message>
        <source>/dev/shm is too small for vLLM&apos;s message queues</source>
        <translation>/dev/shm 容纳不下 vLLM 的消息队列</translation>
    </message>
</context>
<context>
    <name>shmwise::Environment</name>
    <message>
        <source>Bare metal or VM</source>
        <translation>物理机或虚拟机</translation>
    </message>
    <message>
        <source>Docker (docker run)</source>
        <translation>Docker（docker run）</translation>
    </message>
    <message>
        <source>Docker Compose</source>
        <translation>Docker Compose</translation>
    </message>
    <message>
        <source>Docker Swarm</source>
        <translation>Docker Swarm</translation>
    </message>
    <message>
        <source>Podman</source>
        <translation>Podman</translation>
    </message>
    <message>
        <source>Kubernetes</source>
        <translation>Kubernetes</translation>
    </message>
    <message>
        <source>Azure Machine Learning</source>
        <translation>Azure Machine Learning</translation>
    </message>
    <message>
        <source>AWS Batch</source>
        <translation>AWS Batch</translation>
    </message>
    <message>
        <source>Amazon ECS</source>
        <translation>Amazon ECS</translation>
    </message>
    <message>
        <source>Amazon SageMaker</source>
        <translation>Amazon SageMaker</translation>
    </message>
    <message>
        <source>Google Vertex AI</source>
        <translation>Google Vertex AI</translation>
    </message>
    <message>
        <source>Slurm (sbatch)</source>
        <translation>Slurm（sbatch）</translation>
    </message>
    <message>
        <source>Bare-metal fleet (Ansible)</source>
        <translation>物理机主机群（Ansible）</translation>
    </message>
</context>
<context>
    <name>shmwise::EnvironmentPage</name>
    <message>
        <source>Environment</source>
        <translation>运行环境</translation>
    </message>
    <message>
        <source>Kubernetes workload kind</source>
        <translation>Kubernetes 工作负载类型</translation>
    </message>
    <message>
        <source>Namespace</source>
        <translation>命名空间</translation>
    </message>
    <message>
        <source>Clear this on a shared cluster or a platform where /dev/shm is fixed; ShmWise then fits the DataLoader to what there is.</source>
        <translation>在共享集群或 /dev/shm 固定不变的平台上请取消勾选；ShmWise 会让 DataLoader 适应现有的大小。</translation>
    </message>
    <message>
        <source>Current /dev/shm</source>
        <translation>当前 /dev/shm</translation>
    </message>
    <message>
        <source>The /dev/shm the job gets today; a probe of the host fills it in.</source>
        <translation>任务目前得到的 /dev/shm；探测主机时会自动填写。</translation>
    </message>
    <message>
        <source>Job name</source>
        <translation>任务名称</translation>
    </message>
    <message>
        <source>Image</source>
        <translation>镜像</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>命令</translation>
    </message>
    <message>
        <source>The program and its arguments; quote an argument that holds spaces.</source>
        <translation>程序及其参数；含空格的参数请加引号。</translation>
    </message>
    <message>
        <source>Job memory</source>
        <translation>任务内存</translation>
    </message>
    <message>
        <source>The job&apos;s own memory need, not counting /dev/shm; memory limits are raised by the /dev/shm size on top of it.</source>
        <translation>任务自身所需的内存，不含 /dev/shm；内存限制会在此基础上再加上 /dev/shm 的大小。</translation>
    </message>
    <message>
        <source>Host memory</source>
        <translation>主机内存</translation>
    </message>
    <message>
        <source>CPUs</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>Where</source>
        <translation>运行位置</translation>
    </message>
    <message>
        <source>&amp;Runs on:</source>
        <translation>运行于(&amp;R)：</translation>
    </message>
    <message>
        <source>Kubernetes &amp;kind:</source>
        <translation>Kubernetes 类型(&amp;K)：</translation>
    </message>
    <message>
        <source>Current /dev/&amp;shm:</source>
        <translation>当前 /dev/shm(&amp;S)：</translation>
    </message>
    <message>
        <source>Job</source>
        <translation>任务</translation>
    </message>
    <message>
        <source>&amp;Image:</source>
        <translation>镜像(&amp;I)：</translation>
    </message>
    <message>
        <source>&amp;Command:</source>
        <translation>命令(&amp;C)：</translation>
    </message>
    <message>
        <source>&amp;GPUs per node:</source>
        <translation>每节点 GPU 数(&amp;G)：</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>主机</translation>
    </message>
    <message>
        <source>Host memor&amp;y:</source>
        <translation>主机内存(&amp;Y)：</translation>
    </message>
    <message>
        <source>CP&amp;Us:</source>
        <translation>CPU(&amp;U)：</translation>
    </message>
    <message>
        <source>/dev/shm is a tmpfs of half the RAM by default; it is resized with mount and fstab.</source>
        <translation>/dev/shm 默认是大小为一半内存的 tmpfs；用 mount 和 fstab 调整大小。</translation>
    </message>
    <message>
        <source>Containers get 64 MiB of /dev/shm unless docker run is given --shm-size.</source>
        <translation>除非 docker run 指定了 --shm-size，容器只有 64 MiB 的 /dev/shm。</translation>
    </message>
    <message>
        <source>Services get 64 MiB unless the compose file sets shm_size.</source>
        <translation>除非 compose 文件设置了 shm_size，服务只有 64 MiB。</translation>
    </message>
    <message>
        <source>Swarm ignores shm_size; a tmpfs volume mounted at /dev/shm is the way.</source>
        <translation>Swarm 会忽略 shm_size；应在 /dev/shm 挂载一个 tmpfs 卷。</translation>
    </message>
    <message>
        <source>Podman gives 64 MiB unless --shm-size is set.</source>
        <translation>除非设置了 --shm-size，Podman 只提供 64 MiB。</translation>
    </message>
    <message>
        <source>Pods get 64 MiB; Kubernetes has no shm setting, so an emptyDir with medium: Memory is mounted at /dev/shm.</source>
        <translation>Pod 只有 64 MiB；Kubernetes 没有 shm 设置，因此要在 /dev/shm 挂载一个 medium: Memory 的 emptyDir。</translation>
    </message>
    <message>
        <source>Command jobs get 2 GiB unless resources.shm_size says otherwise.</source>
        <translation>除非 resources.shm_size 另有设置，命令任务有 2 GiB。</translation>
    </message>
    <message>
        <source>Job definitions set linuxParameters.sharedMemorySize in MiB (not on Fargate).</source>
        <translation>作业定义用 linuxParameters.sharedMemorySize 以 MiB 为单位设置（Fargate 不支持）。</translation>
    </message>
    <message>
        <source>Task definitions set linuxParameters.sharedMemorySize in MiB (not on Fargate).</source>
        <translation>任务定义用 linuxParameters.sharedMemorySize 以 MiB 为单位设置（Fargate 不支持）。</translation>
    </message>
    <message>
        <source>Training jobs have no /dev/shm setting: only DataLoader settings can keep the job within it.</source>
        <translation>训练任务没有 /dev/shm 设置：只能靠 DataLoader 设置让任务不超出它。</translation>
    </message>
    <message>
        <source>Custom training has no /dev/shm setting: only DataLoader settings can keep the job within it.</source>
        <translation>自定义训练没有 /dev/shm 设置：只能靠 DataLoader 设置让任务不超出它。</translation>
    </message>
    <message>
        <source>Like bare metal, on every host of an inventory: a playbook sets the fstab line, remounts, and checks each host.</source>
        <translation>与物理机相同，但作用于清单中的每台主机：playbook 写入 fstab 行、重新挂载并检查每台主机。</translation>
    </message>
    <message>
        <source>Jobs get the node&apos;s /dev/shm (shared with other jobs), or a private one of half the node&apos;s RAM with job_container/tmpfs; sbatch has no size option.</source>
        <translation>任务使用节点的 /dev/shm（与其他任务共享），或通过 job_container/tmpfs 获得一个大小为节点一半内存的私有 /dev/shm；sbatch 没有大小选项。</translation>
    </message>
    <message>
        <source>I can change the size of /dev/shm th&amp;ere</source>
        <translation>我可以修改那里的 /dev/shm 大小(&amp;E)</translation>
    </message>
    <message>
        <source>Names&amp;pace:</source>
        <translation>命名空间(&amp;P)：</translation>
    </message>
    <message>
        <source>Job n&amp;ame:</source>
        <translation>任务名称(&amp;A)：</translation>
    </message>
    <message>
        <source>Job mem&amp;ory:</source>
        <translation>任务内存(&amp;O)：</translation>
    </message>
    <message>
        <source>GPUs per node</source>
        <translation>每节点 GPU 数</translation>
    </message>
    <message>
        <source>%1: %2 is only %3; a size without a unit is in bytes (write 16GiB for 16 GiB)</source>
        <translation>%1：%2 只有 %3；不带单位的大小以字节计（16 GiB 请写 16GiB）</translation>
    </message>
    <message>
        <source>1 byte</source>
        <translation>1 字节</translation>
    </message>
    <message>
        <source>%1 bytes</source>
        <translation>%1 字节</translation>
    </message>
    <message>
        <source>Current /dev/shm: %1 was given for %2; check that it is what a job gets on %3</source>
        <translation>当前 /dev/shm：%1 是为%2给出的；请确认这就是任务在%3上得到的大小</translation>
    </message>
    <message>
        <source>not known</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>yes, directly (NVLink or PCIe P2P)</source>
        <translation>是，直接互联（NVLink 或 PCIe P2P）</translation>
    </message>
    <message>
        <source>no (no P2P, or NCCL_P2P_DISABLE=1)</source>
        <translation>否（无 P2P，或 NCCL_P2P_DISABLE=1）</translation>
    </message>
    <message>
        <source>GPUs reach each other</source>
        <translation>GPU 是否直接互联</translation>
    </message>
    <message>
        <source>Whether this host&apos;s GPUs reach each other directly: nvidia-smi topo -p2p r says OK between them. If not, NCCL&apos;s SHM transport puts about 9.2 MiB per connection in /dev/shm, 2 to 6 connections per process.</source>
        <translation>这台主机的 GPU 能否彼此直接访问：nvidia-smi topo -p2p r 在它们之间显示 OK 即为能。否则 NCCL 的 SHM 传输会在 /dev/shm 中为每个连接放约 9.2 MiB，每个进程 2 到 6 个连接。</translation>
    </message>
    <message>
        <source>Hosts in the job</source>
        <translation>任务的主机数</translation>
    </message>
    <message>
        <source>Hosts the job spans. On more than one, NCCL&apos;s proxy keeps an operations pool in /dev/shm for each process: 4 to 33 MiB, by NCCL release (the profile&apos;s nccl.version names it).</source>
        <translation>任务跨越的主机数。多于一台时，NCCL 的 proxy 会为每个进程在 /dev/shm 中保留一个操作池：4 到 33 MiB，取决于 NCCL 版本（配置文件的 nccl.version 指明）。</translation>
    </message>
    <message>
        <source>&amp;Direct GPU links:</source>
        <translation>GPU 直接互联(&amp;D)：</translation>
    </message>
    <message>
        <source>Hosts in the &amp;job:</source>
        <translation>任务主机数(&amp;J)：</translation>
    </message>
    <message>
        <source>Kubeflow Trainer release</source>
        <translation>Kubeflow Trainer 发布版本</translation>
    </message>
    <message>
        <source>The release of Kubeflow Trainer on the cluster: each one names the TrainJob field that patches the runtime&apos;s pods differently.</source>
        <translation>集群上 Kubeflow Trainer 的发布版本：各版本中用于修补运行时 Pod 的 TrainJob 字段名称各不相同。</translation>
    </message>
    <message>
        <source>Ray &amp;manages the job (its object store is in /dev/shm)</source>
        <translation>由 Ray 管理任务（其对象存储位于 /dev/shm）(&amp;M)</translation>
    </message>
    <message>
        <source>Ray Train, Ray Data or any Ray job: Ray&apos;s object store lives in /dev/shm beside the DataLoaders, so the plan counts it.</source>
        <translation>Ray Train、Ray Data 或任何 Ray 任务：Ray 的对象存储与 DataLoader 一起位于 /dev/shm 中，因此规划会计入它。</translation>
    </message>
    <message>
        <source>Ray&apos;s default: 30% of memory</source>
        <translation>Ray 默认值：内存的 30%</translation>
    </message>
    <message>
        <source>Object store</source>
        <translation>对象存储</translation>
    </message>
    <message>
        <source>Ray&apos;s --object-store-memory. Left empty, Ray takes 30% of the memory it sees, which the job&apos;s or the host&apos;s memory gives.</source>
        <translation>Ray 的 --object-store-memory。留空时，Ray 取它所见内存的 30%，该内存由任务的内存或主机的内存决定。</translation>
    </message>
    <message>
        <source>Trainer re&amp;lease:</source>
        <translation>Trainer 发布版本(&amp;L)：</translation>
    </message>
    <message>
        <source>Object store si&amp;ze:</source>
        <translation>对象存储大小(&amp;Z)：</translation>
    </message>
    <message>
        <source>none: on the node itself</source>
        <translation>无：直接在节点上运行</translation>
    </message>
    <message>
        <source>Apptainer (apptainer exec)</source>
        <translation>Apptainer（apptainer exec）</translation>
    </message>
    <message>
        <source>enroot with pyxis (srun --container-image)</source>
        <translation>enroot 配合 pyxis（srun --container-image）</translation>
    </message>
    <message>
        <source>Container on the node</source>
        <translation>节点上的容器</translation>
    </message>
    <message>
        <source>Both share the node&apos;s /dev/shm with the job, so its size is the node&apos;s either way.</source>
        <translation>两者都让任务共享节点的 /dev/shm，因此无论哪种方式，其大小都是节点的大小。</translation>
    </message>
    <message>
        <source>Container &amp;via:</source>
        <translation>容器运行方式(&amp;V)：</translation>
    </message>
    <message>
        <source>not known, e.g. 64MiB</source>
        <translation>未知，如 64MiB</translation>
    </message>
    <message>
        <source>not known, e.g. 32GiB</source>
        <translation>未知，如 32GiB</translation>
    </message>
    <message>
        <source>not known, e.g. 128GiB</source>
        <translation>未知，如 128GiB</translation>
    </message>
    <message>
        <source>%1: 0 bytes is no /dev/shm; leave the field empty when its size is not known</source>
        <translation>%1：0 字节不是 /dev/shm 的大小；不知道其大小时请留空</translation>
    </message>
    <message>
        <source>Where will the job run, and what does it get there?</source>
        <translation>任务将在哪里运行，在那里能得到什么？</translation>
    </message>
    <message>
        <source>PyTorchJob is the Kubeflow training operator&apos;s (v1); TrainJob is Kubeflow Trainer&apos;s (v2); RayJob and RayCluster are KubeRay&apos;s; LeaderWorkerSet (LWS) runs a server as a group of pods across hosts; InferenceService is KServe&apos;s.</source>
        <translation>PyTorchJob 是 Kubeflow 训练 operator 的（v1）；TrainJob 是 Kubeflow Trainer 的（v2）；RayJob 和 RayCluster 是 KubeRay 的；LeaderWorkerSet（LWS）把一个服务作为跨主机的一组 Pod 运行；InferenceService 是 KServe 的。</translation>
    </message>
</context>
<context>
    <name>shmwise::FileText</name>
    <message>
        <source>/dev/shm for the training job &quot;%1&quot;: ShmWise&apos;s bare-metal settings on every host.</source>
        <translation>训练任务 &quot;%1&quot; 的 /dev/shm：在每台主机上应用 ShmWise 的裸机设置。</translation>
    </message>
    <message>
        <source>Hosts whose /dev/shm the playbook sets; names and addresses are examples.</source>
        <translation>playbook 要设置 /dev/shm 的主机；名称和地址仅为示例。</translation>
    </message>
    <message>
        <source>df -P&apos;s last line: filesystem, size in KiB, used, available, use%, mount.</source>
        <translation>df -P 输出的最后一行：文件系统、大小（KiB）、已用、可用、use%、挂载点。</translation>
    </message>
    <message>
        <source>/dev/shm sized for the training job; replaces any other /dev/shm line</source>
        <translation>按训练任务设定大小的 /dev/shm；替换其他任何 /dev/shm 行</translation>
    </message>
    <message>
        <source>/dev/shm sized for the training job; replaces any other /dev/shm line
only where /dev/shm is now smaller than %1: never shrink it</source>
        <translation>按训练任务设定大小的 /dev/shm；替换其他任何 /dev/shm 行
仅用于 /dev/shm 当前小于 %1 的主机：切勿缩小它</translation>
    </message>
    <message>
        <source>System V IPC only: these do NOT change the size of /dev/shm.</source>
        <translation>仅用于 System V IPC：这些设置不会改变 /dev/shm 的大小。</translation>
    </message>
    <message>
        <source># /dev/shm on SageMaker training jobs</source>
        <translation># SageMaker 训练任务中的 /dev/shm</translation>
    </message>
    <message>
        <source># /dev/shm on Vertex AI custom training</source>
        <translation># Vertex AI 自定义训练中的 /dev/shm</translation>
    </message>
    <message>
        <source>SageMaker training jobs have no setting for the size of /dev/shm: neither the CreateTrainingJob API nor the SageMaker Python SDK&apos;s estimators have one. What hosted training containers get is not documented (local mode gives 64 MiB; hosted sizes may scale with the instance type).</source>
        <translation>SageMaker 训练任务没有设置 /dev/shm 大小的选项：CreateTrainingJob API 和 SageMaker Python SDK 的 estimator 都没有。托管训练容器获得的大小没有文档说明（本地模式为 64 MiB；托管环境的大小可能随实例类型变化）。</translation>
    </message>
    <message>
        <source>Vertex AI custom training jobs have no setting for the size of /dev/shm. `sharedMemorySizeMb` exists only for model serving containers, not for training. What training containers get is not documented.</source>
        <translation>Vertex AI 自定义训练任务没有设置 /dev/shm 大小的选项。`sharedMemorySizeMb` 只用于模型服务容器，不用于训练。训练容器获得的大小没有文档说明。</translation>
    </message>
    <message>
        <source>This job needs %1 of /dev/shm as configured (%2 recommended). The profile gives no host.shm_bytes, so nothing is fitted to an assumed size.</source>
        <translation>按当前配置，此任务需要 %1 的 /dev/shm（建议 %2）。配置档案没有给出 host.shm_bytes，因此不会按假设的大小进行适配。</translation>
    </message>
    <message>
        <source>## Measure it first</source>
        <translation>## 先测量</translation>
    </message>
    <message>
        <source>- Run shm-preflight.sh as the job&apos;s entry point, on the instance type you train on: it prints the size of /dev/shm and stops with a clear message when it is smaller than the job needs. `df -h /dev/shm` or `shmwise probe` inside the job tell the same.</source>
        <translation>- 在你训练所用的实例类型上，把 shm-preflight.sh 作为任务的入口点运行：它会打印 /dev/shm 的大小，并在小于任务所需时以明确的消息停止。在任务内运行 `df -h /dev/shm` 或 `shmwise probe` 也能得到同样的信息。</translation>
    </message>
    <message>
        <source>- Put the measured size in the profile (host.shm_bytes) and generate again: the DataLoader settings are then fitted to it.</source>
        <translation>- 把测得的大小写入配置档案（host.shm_bytes）并重新生成：DataLoader 设置随后会适配到该大小。</translation>
    </message>
    <message>
        <source>## What helps</source>
        <translation>## 有帮助的做法</translation>
    </message>
    <message>
        <source>This job needs %1 of /dev/shm as configured (%2 recommended); the profile says this platform gives %3 (host.shm_bytes).</source>
        <translation>按当前配置，此任务需要 %1 的 /dev/shm（建议 %2）；配置档案表明此平台提供 %3（host.shm_bytes）。</translation>
    </message>
    <message>
        <source>- Nothing fits in %1: even with no workers the job needs %2 (NCCL&apos;s share). Set NCCL_SHM_DISABLE=1 (slower, over the network) or run where /dev/shm is larger.</source>
        <translation>- %1 中放不下任何配置：即使没有 worker，任务也需要 %2（NCCL 的部分）。请设置 NCCL_SHM_DISABLE=1（通过网络，较慢），或在 /dev/shm 更大的地方运行。</translation>
    </message>
    <message>
        <source>- Fit the DataLoader to the /dev/shm there is: shmwise_loader.py uses num_workers=%1, prefetch_factor=%2, batch_size=%3, which need %4.</source>
        <translation>- 让 DataLoader 适应现有的 /dev/shm：shmwise_loader.py 使用 num_workers=%1、prefetch_factor=%2、batch_size=%3，需要 %4。</translation>
    </message>
    <message>
        <source>- Run shm-preflight.sh before the training script, so a too small /dev/shm fails at start-up with a clear message rather than a Bus error later.</source>
        <translation>- 在训练脚本之前运行 shm-preflight.sh，这样 /dev/shm 过小时会在启动时给出明确的报错，而不是稍后出现 Bus error。</translation>
    </message>
    <message>
        <source>- num_workers=0 loads in the main process and uses no /dev/shm, at the cost of loading speed.</source>
        <translation>- num_workers=0 在主进程中加载数据，不使用 /dev/shm，代价是加载速度。</translation>
    </message>
    <message>
        <source>## What does not help</source>
        <translation>## 没有帮助的做法</translation>
    </message>
    <message>
        <source>- kernel.shmmax, kernel.shmall and kernel.shmmni: they limit System V shared memory, not /dev/shm.</source>
        <translation>- kernel.shmmax、kernel.shmall 和 kernel.shmmni：它们限制的是 System V 共享内存，而不是 /dev/shm。</translation>
    </message>
    <message>
        <source>- The file_system sharing strategy: it avoids running out of file descriptors but keeps the data in /dev/shm all the same (a tensor whose size is a multiple of 4 KiB even takes one page more).</source>
        <translation>- file_system 共享策略：它能避免文件描述符耗尽，但数据同样保存在 /dev/shm 中（大小恰为 4 KiB 整数倍的张量甚至要多占一页）。</translation>
    </message>
    <message>
        <source>- pin_memory: it copies batches into page-locked RAM, not into /dev/shm.</source>
        <translation>- pin_memory：它把 batch 复制到页锁定内存中，而不是 /dev/shm。</translation>
    </message>
    <message>
        <source>DataLoader settings sized for /dev/shm.</source>
        <translation>按 /dev/shm 大小设定的 DataLoader 设置。</translation>
    </message>
    <message>
        <source>Import it at module level of the training script (at the top, not inside
`if __name__ == &quot;__main__&quot;:`), then call make_loader():</source>
        <translation>在训练脚本的模块级导入它（放在文件顶部，而不是 `if __name__ == &quot;__main__&quot;:` 之内），然后调用 make_loader()：</translation>
    </message>
    <message>
        <source>Under spawn and forkserver, workers import the script&apos;s modules again but skip
the `__main__` block: only a module-level import gives them the file_system
sharing strategy this module sets.</source>
        <translation>在 spawn 和 forkserver 下，worker 会重新导入脚本的模块，但会跳过 `__main__` 代码块：只有模块级导入才能让它们使用本模块设置的 file_system 共享策略。</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>/dev/shm here cannot be raised, so make_loader() reads its free space when it
is called (statvfs: f_bavail x f_frsize) and takes the first settings in FITS
that fit (the profile&apos;s own settings need %1, the leanest %2). If
not even the leanest fit, it raises RuntimeError before any worker starts.
Passing batch_size, num_workers or prefetch_factor turns the fitting off.</source>
        <translation>此处的 /dev/shm 无法增大，因此 make_loader() 在被调用时读取它的可用空间（statvfs：f_bavail x f_frsize），并采用 FITS 中第一组放得下的设置（配置档案自身的设置需要 %1；最精简的：%2）。如果连最精简的设置也放不下，它会在任何 worker 启动之前抛出 RuntimeError。
传入 batch_size、num_workers 或 prefetch_factor 会关闭这种适配。</translation>
    </message>
    <message>
        <source>The sizes count all %1 processes on the host: build each process&apos;s loader
before any of them iterates.</source>
        <translation>这些大小计入了主机上全部 %1 个进程：请在任何进程开始迭代之前构建每个进程的 loader。</translation>
    </message>
    <message>
        <source>/dev/shm here cannot be raised and is assumed to be %1 (the
default; measure it with `df -h /dev/shm` and put it in the profile), so
load in the main process; even that needs %2 (NCCL&apos;s share).</source>
        <translation>此处的 /dev/shm 无法增大，假定为 %1（默认值；请用 `df -h /dev/shm` 测量并写入配置档案），因此这些设置在主进程中加载；即便如此也需要 %2（NCCL 的部分）。</translation>
    </message>
    <message>
        <source>/dev/shm here is %1 and cannot be raised, so these settings
are fitted to it (they need %2; the job as profiled needs %3).</source>
        <translation>此处的 /dev/shm 为 %1 且无法增大，因此这些设置已适配到该大小（它们需要 %2；按配置档案，任务需要 %3）。</translation>
    </message>
    <message>
        <source>/dev/shm here is %1 and cannot be raised, so these settings
load in the main process; even that needs %2 (NCCL&apos;s share).</source>
        <translation>此处的 /dev/shm 为 %1 且无法增大，因此这些设置在主进程中加载；即便如此也需要 %2（NCCL 的部分）。</translation>
    </message>
    <message>
        <source>What that costs:</source>
        <translation>代价：</translation>
    </message>
    <message>
        <source>These settings need %1 of /dev/shm; the job is configured with %2.
Changing them changes what /dev/shm must hold: plan again first.</source>
        <translation>这些设置需要 %1 的 /dev/shm；任务配置的是 %2。
修改它们会改变 /dev/shm 需要容纳的内容：请先重新规划。</translation>
    </message>
    <message>
        <source>At import time, not under `if __name__ == &quot;__main__&quot;`: spawned workers import
the training script&apos;s modules but skip that block, and they must use the same
strategy as the main process.</source>
        <translation>在导入时执行，而不是放在 `if __name__ == &quot;__main__&quot;` 之下：以 spawn 方式启动的 worker 会导入训练脚本的模块但跳过该代码块，而它们必须与主进程使用相同的共享策略。</translation>
    </message>
    <message>
        <source>Arguments PyTorch accepts only with workers (ValueError when num_workers is 0).</source>
        <translation>PyTorch 只在有 worker 时才接受的参数（num_workers 为 0 时会引发 ValueError）。</translation>
    </message>
    <message>
        <source>(num_workers, prefetch_factor, batch_size, /dev/shm bytes they need), richest
first, as planned; each needs less than the one before.</source>
        <translation>（num_workers, prefetch_factor, batch_size, 它们需要的 /dev/shm 字节数），按规划从最充裕的开始排列；每一组都比前一组需要的少。</translation>
    </message>
    <message>
        <source>Bytes of /dev/shm this process can still use.</source>
        <translation>本进程仍可使用的 /dev/shm 字节数。</translation>
    </message>
    <message>
        <source>The richest settings of FITS that need at most `free` bytes, or None.</source>
        <translation>FITS 中需要不超过 `free` 字节的最充裕设置，没有则为 None。</translation>
    </message>
    <message>
        <source>Returns the DataLoader for `dataset`; keyword arguments override the settings.</source>
        <translation>返回 `dataset` 的 DataLoader；关键字参数会覆盖这些设置。</translation>
    </message>
    <message>
        <source>Fails fast when /dev/shm has less free space, or `ulimit -n` is lower, than this
training job needs, then runs the command given as arguments (e.g. as a container
entrypoint).</source>
        <translation>当 /dev/shm 的可用空间少于此训练任务所需、或 `ulimit -n` 低于所需时立即失败；否则运行作为参数给出的命令（例如用作容器的 entrypoint）。</translation>
    </message>
    <message>
        <source>Split in a function, whose own arguments this replaces, so awk is not
needed (slim images may lack it).</source>
        <translation>在函数中拆分（替换的是函数自身的参数），因此不需要 awk（精简镜像可能没有它）。</translation>
    </message>
    <message>
        <source>ulimit -n is not in POSIX, but dash, bash and busybox sh all have it.</source>
        <translation>ulimit -n 不在 POSIX 中，但 dash、bash 和 busybox sh 都支持它。</translation>
    </message>
    <message>
        <source>/dev/shm on Slurm nodes:
- Without a job container plugin every job on a node shares the node&apos;s /dev/shm:
  its size is the node&apos;s (its /etc/fstab line, else half of its RAM), other jobs&apos;
  files use it too, and files left by jobs that crashed (torch_*, nccl-*) stay
  until someone deletes them or the node reboots. So this script checks the free
  space as well as the size.
- With JobContainerType=job_container/tmpfs (which needs PrologFlags=Contain in
  slurm.conf) each job gets a private /dev/shm, emptied when the job ends. It is a
  tmpfs mounted without a size option, so its limit is half of the node&apos;s RAM;
  job_container.conf has no setting for its size.
- Slurm 22.05 (Debian 12) always makes both /tmp and /dev/shm private with that
  plugin; later releases (24.11 in Debian 13) choose the directories with Dirs=
  in job_container.conf (default /tmp,/dev/shm).</source>
        <translation>Slurm 节点上的 /dev/shm：
- 没有任务容器（job container）插件时，节点上的所有任务共享该节点的 /dev/shm：它的大小由节点决定（节点 /etc/fstab 中的那一行，否则为其内存的一半），其他任务的文件也占用它，崩溃任务留下的文件（torch_*、nccl-*）会一直保留，直到有人删除或节点重启。因此本脚本既检查大小，也检查可用空间。
- 使用 JobContainerType=job_container/tmpfs（需要在 slurm.conf 中设置 PrologFlags=Contain）时，每个任务获得私有的 /dev/shm，任务结束时清空。它是不带 size 选项挂载的 tmpfs，因此上限为节点内存的一半；job_container.conf 中没有设置其大小的选项。
- Slurm 22.05（Debian 12）使用该插件时总是把 /tmp 和 /dev/shm 都设为私有；之后的版本（Debian 13 中的 24.11）用 job_container.conf 中的 Dirs= 选择目录（默认 /tmp,/dev/shm）。</translation>
    </message>
    <message>
        <source>Sources: job_container.conf(5) and slurm.conf(5) of Slurm 22.05 and 24.11,
https://slurm.schedmd.com/job_container.conf.html and
https://slurm.schedmd.com/job_container_tmpfs.html</source>
        <translation>来源：Slurm 22.05 和 24.11 的 job_container.conf(5) 与 slurm.conf(5)，
https://slurm.schedmd.com/job_container.conf.html 和
https://slurm.schedmd.com/job_container_tmpfs.html</translation>
    </message>
    <message>
        <source>The DataLoader settings this job was sized for (shmwise_loader.py uses the same).</source>
        <translation>此任务规划时所用的 DataLoader 设置（shmwise_loader.py 使用相同的设置）。</translation>
    </message>
    <message>
        <source>Import it at module level of the training script (at the top, not inside
`if __name__ == &quot;__main__&quot;:`), then make each loader of the job with its own function:</source>
        <translation>在训练脚本的模块级导入它（放在顶部，不要放在 `if __name__ == &quot;__main__&quot;:` 里），然后用各自的函数创建任务的每个加载器：</translation>
    </message>
    <message>
        <source>The sizes are the whole job&apos;s: each loader&apos;s settings are planned beside what the
others keep in /dev/shm at the fullest moment.</source>
        <translation>这些大小针对整个任务：每个加载器的设置都按最满时刻其他加载器留在 /dev/shm 中的内容一并规划。</translation>
    </message>
    <message>
        <source>Per row: (num_workers, prefetch_factor, batch_size) of each loader of LOADERS, and
the /dev/shm bytes the whole job needs with them; richest first, each needing
less than the one before. The other loaders lean before the training loader
(the first), prefetch depth before workers, their batch before the training batch.</source>
        <translation>每行：LOADERS 中每个加载器的 (num_workers, prefetch_factor, batch_size)，以及整个任务在这些设置下需要的 /dev/shm 字节数；最充裕的在前，每行都比上一行需要得少。其他加载器先于训练加载器（第一个）缩减，先减预取深度再减 worker，先减它们的 batch 再减训练 batch。</translation>
    </message>
    <message>
        <source>The row chosen when the first loader was made: every loader of the job takes its
settings from the same row, so together they fit.</source>
        <translation>创建第一个加载器时选中的行：任务的每个加载器都从同一行取设置，因此它们合起来放得下。</translation>
    </message>
    <message>
        <source>The richest row of FITS that needs at most `free` bytes, or None.</source>
        <translation>FITS 中需要不超过 `free` 字节的最充裕的一行，否则为 None。</translation>
    </message>
    <message>
        <source>Free space is read once, when the first loader is made: make every loader
before any of them iterates.</source>
        <translation>空闲空间只在创建第一个加载器时读取一次：请在任何加载器开始迭代之前创建全部加载器。</translation>
    </message>
    <message>
        <source>The job&apos;s DataLoader `loader` for `dataset`; keywords override its settings.</source>
        <translation>任务中名为 `loader` 的 DataLoader，用于 `dataset`；关键字参数覆盖其设置。</translation>
    </message>
    <message>
        <source>%1 builds the loader &quot;%2&quot; from the training loader&apos;s settings (above): it has no settings of its own there.</source>
        <translation>%1 根据训练加载器的设置（见上文）构建加载器&quot;%2&quot;：它在那里没有自己的设置。</translation>
    </message>
    <message>
        <source>%1 builds the loader &quot;%2&quot;, not make_loader(): give it the planned settings in its own words instead:</source>
        <translation>加载器&quot;%2&quot;由 %1 构建，而不是由 make_loader() 构建：请改用它自己的设置项给出规划的设置：</translation>
    </message>
    <message>
        <source>Its workers are the training loader&apos;s: the framework has one setting for both.</source>
        <translation>它的 worker 与训练加载器相同：该框架对两者只有一个设置。</translation>
    </message>
    <message>
        <source>These are the profile&apos;s own settings: the fitting at run time of make_loader() does not run inside the framework, so check that they fit the /dev/shm the job gets.</source>
        <translation>这些是配置档案自身的设置：make_loader() 的运行时适配不会在框架内运行，因此请确认它们能放入任务实际获得的 /dev/shm。</translation>
    </message>
    <message>
        <source>Where the training script makes a DataLoader itself (not through the framework named
below), import this module at its top level (not inside
`if __name__ == &quot;__main__&quot;:`), then call make_loader():</source>
        <translation>训练脚本自己创建 DataLoader（而不是通过下面提到的框架）时，在脚本顶层导入本模块（不要放在 `if __name__ == &quot;__main__&quot;:` 之内），然后调用 make_loader()：</translation>
    </message>
    <message>
        <source>Where the training script makes its DataLoaders itself (not through the framework
named below), import this module at its top level (not inside
`if __name__ == &quot;__main__&quot;:`), then make each loader with its own function:</source>
        <translation>训练脚本自己创建 DataLoader（而不是通过下面提到的框架）时，在脚本顶层导入本模块（不要放在 `if __name__ == &quot;__main__&quot;:` 之内），然后用各自的函数创建每个加载器：</translation>
    </message>
    <message>
        <source>/dev/shm was %1 when probed or given, and the other files give the job %4;
make_loader() reads its free space when it is called (statvfs: f_bavail x
f_frsize), so it runs before and after they are applied, and takes the
first settings in FITS that fit (the profile&apos;s own settings need %2,
the leanest %3). If not even the leanest fit, it raises RuntimeError
before any worker starts. Passing batch_size, num_workers or
prefetch_factor turns the fitting off.</source>
        <translation>探测或给定时 /dev/shm 为 %1，其他文件为任务提供 %4；
make_loader() 在被调用时读取它的可用空间（statvfs：f_bavail x f_frsize），
因此在应用这些文件之前和之后都能运行，并采用 FITS 中第一组放得下的设置
（配置档案自身的设置需要 %2，最精简的：%3）。如果连最精简的设置也放不下，
它会在任何 worker 启动之前抛出 RuntimeError。传入 batch_size、num_workers 或
prefetch_factor 会关闭这种适配。</translation>
    </message>
    <message>
        <source>/dev/shm here cannot be raised and is assumed to be %1 (the
default; measure it with `df -h /dev/shm` and put it in the profile), so these
settings are fitted to it (they need %2; the job as profiled needs %3).</source>
        <translation>此处的 /dev/shm 无法增大，假定为 %1（默认值；请用 `df -h /dev/shm` 测量并写入配置档案），
因此这些设置按它适配（它们需要 %2；按配置档案，任务需要 %3）。</translation>
    </message>
    <message>
        <source>Prometheus alerting rules for /dev/shm. They read the metrics that shmwise watch
--textfile writes for node_exporter&apos;s textfile collector. Add this file to rule_files
in prometheus.yml.</source>
        <translation>/dev/shm 的 Prometheus 告警规则。它们读取 shmwise watch --textfile 为 node_exporter 的 textfile 收集器写入的指标。请把本文件加入 prometheus.yml 的 rule_files。</translation>
    </message>
    <message>
        <source>Writes the /dev/shm metrics for node_exporter&apos;s textfile collector; started by its
timer.</source>
        <translation>为 node_exporter 的 textfile 收集器写入 /dev/shm 指标；由它的定时器启动。</translation>
    </message>
    <message>
        <source>--once exits 3 at the warning and 4 at the critical threshold: the alerts report
those, the unit has not failed.</source>
        <translation>--once 在达到警告阈值时以 3 退出，达到严重阈值时以 4 退出：这些由告警报告，单元并未失败。</translation>
    </message>
    <message>
        <source>Read-only but for the textfile directory. No PrivateDevices or PrivateIPC: they would
give the service a /dev/shm of its own.</source>
        <translation>除 textfile 目录外只读。不要使用 PrivateDevices 或 PrivateIPC：它们会给服务一个自己的 /dev/shm。</translation>
    </message>
    <message>
        <source>Starts the /dev/shm metrics service every 30 seconds.</source>
        <translation>每 30 秒启动一次 /dev/shm 指标服务。</translation>
    </message>
</context>
<context>
    <name>shmwise::Findings</name>
    <message>
        <source>Mount an emptyDir with medium: Memory and sizeLimit: %1 at /dev/shm, and raise the container&apos;s limits.memory by the same amount (its pages count against the memory limit).</source>
        <translation>在 /dev/shm 挂载一个 medium: Memory、sizeLimit: %1 的 emptyDir，并将容器的 limits.memory 提高同样的量（它的页面计入内存限制）。</translation>
    </message>
    <message>
        <source>Run the container with --shm-size=%1 (or --ipc=host, which shares the host&apos;s /dev/shm; podman refuses both together).</source>
        <translation>使用 --shm-size=%1 运行容器（或使用 --ipc=host 共享主机的 /dev/shm；podman 不允许两者同时使用）。</translation>
    </message>
    <message>
        <source>Run the container with --shm-size=%1 (compose: shm_size: %1), or with --ipc=host to share the host&apos;s /dev/shm.</source>
        <translation>使用 --shm-size=%1 运行容器（compose：shm_size: %1），或使用 --ipc=host 共享主机的 /dev/shm。</translation>
    </message>
    <message>
        <source>Resize /dev/shm now with `mount -o remount,size=%1 /dev/shm`, and for reboots add `tmpfs /dev/shm tmpfs defaults,size=%1 0 0` to /etc/fstab.</source>
        <translation>现在用 `mount -o remount,size=%1 /dev/shm` 调整 /dev/shm 大小；为在重启后保持，在 /etc/fstab 中加入 `tmpfs /dev/shm tmpfs defaults,size=%1 0 0`。</translation>
    </message>
    <message>
        <source>/dev/shm is the 64 MiB container default</source>
        <translation>/dev/shm 是容器默认的 64 MiB</translation>
    </message>
    <message>
        <source>Kubernetes pod</source>
        <translation>Kubernetes Pod</translation>
    </message>
    <message>
        <source>%1 container</source>
        <translation>%1 容器</translation>
    </message>
    <message>
        <source>no container detected</source>
        <translation>未检测到容器</translation>
    </message>
    <message>
        <source>/dev/shm is 64 MiB (%1). A DataLoader with workers fills that with a few batches and its workers die with a Bus error.</source>
        <translation>/dev/shm 为 64 MiB（%1）。使用 worker 的 DataLoader 几个 batch 就会将其填满，其 worker 会因 Bus error 而终止。</translation>
    </message>
    <message>
        <source>/dev/shm is smaller than the job needs</source>
        <translation>/dev/shm 小于任务所需</translation>
    </message>
    <message>
        <source>/dev/shm is %1; the plan needs at least %2 (recommended %3).</source>
        <translation>/dev/shm 为 %1；规划至少需要 %2（建议 %3）。</translation>
    </message>
    <message>
        <source>/dev/shm is big enough, but too full for the job</source>
        <translation>/dev/shm 足够大，但已用得太满，任务放不下</translation>
    </message>
    <message>
        <source>/dev/shm is %1 with only %2 free; the plan needs %3.</source>
        <translation>/dev/shm 为 %1，只剩 %2 空闲；规划需要 %3。</translation>
    </message>
    <message>
        <source>Find what holds it (`ls -la /dev/shm`): leftover torch_* files of crashed jobs can be removed once no job runs; otherwise make /dev/shm larger.</source>
        <translation>查找是什么占用了它（`ls -la /dev/shm`）：崩溃任务遗留的 torch_* 文件可在没有任务运行时删除；否则请增大 /dev/shm。</translation>
    </message>
    <message>
        <source>The memory limit is below what /dev/shm will hold</source>
        <translation>内存限制低于 /dev/shm 将容纳的量</translation>
    </message>
    <message>
        <source>The cgroup memory limit is %1; the job&apos;s /dev/shm alone needs %2, and its processes need memory besides.</source>
        <translation>cgroup 内存限制为 %1；任务的 /dev/shm 单独就需要 %2，而其进程还需要额外的内存。</translation>
    </message>
    <message>
        <source>The cgroup memory limit is %1 and /dev/shm is %2: filling /dev/shm gets the job OOM-killed first, since its pages count against the limit.</source>
        <translation>cgroup 内存限制为 %1，而 /dev/shm 为 %2：填充 /dev/shm 会先让任务被 OOM killer 终止，因为它的页面计入内存限制。</translation>
    </message>
    <message>
        <source>Raise the container&apos;s resources.limits.memory to cover /dev/shm plus the job&apos;s own memory.</source>
        <translation>提高容器的 resources.limits.memory，使其覆盖 /dev/shm 加上任务自身的内存。</translation>
    </message>
    <message>
        <source>Raise the memory limit (docker --memory, compose mem_limit or deploy.resources.limits.memory) to cover /dev/shm plus the job&apos;s own memory.</source>
        <translation>提高内存限制（docker --memory、compose mem_limit 或 deploy.resources.limits.memory），使其覆盖 /dev/shm 加上任务自身的内存。</translation>
    </message>
    <message>
        <source>The open-files limit is below what the job holds</source>
        <translation>打开文件数限制低于任务持有的数量</translation>
    </message>
    <message>
        <source>ulimit -n is %1; the main process holds about %2 shared-memory descriptors at once and the plan asks for %3.</source>
        <translation>ulimit -n 为 %1；主进程同时持有约 %2 个共享内存描述符，规划要求 %3。</translation>
    </message>
    <message>
        <source>Run the container with --ulimit nofile=%1:%1 (compose: ulimits: nofile: {soft: %1, hard: %1}), or use the file_system sharing strategy.</source>
        <translation>使用 --ulimit nofile=%1:%1 运行容器（compose：ulimits: nofile: {soft: %1, hard: %1}），或使用 file_system 共享策略。</translation>
    </message>
    <message>
        <source>Raise it with `ulimit -n %1` in the job&apos;s shell (up to the hard limit, %2) or a nofile line in /etc/security/limits.d/, or use the file_system sharing strategy.</source>
        <translation>在任务的 shell 中用 `ulimit -n %1` 提高（不超过硬限制 %2），或在 /etc/security/limits.d/ 中加一行 nofile，或使用 file_system 共享策略。</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>kernel.shm* settings do not size /dev/shm</source>
        <translation>kernel.shm* 设置不决定 /dev/shm 的大小</translation>
    </message>
    <message>
        <source>%1 differ from the kernel&apos;s defaults. They limit System V shared memory (shmget), which PyTorch&apos;s DataLoader does not use.</source>
        <translation>%1 与内核默认值不同。它们限制的是 System V 共享内存（shmget），PyTorch 的 DataLoader 并不使用它。</translation>
    </message>
    <message>
        <source>Leave them at the defaults (since Linux 3.16 effectively unlimited) and size /dev/shm itself.</source>
        <translation>保持默认值（自 Linux 3.16 起实际上不受限制），直接调整 /dev/shm 的大小。</translation>
    </message>
    <message>
        <source>/dev/shm is more than half full of PyTorch or NCCL files</source>
        <translation>/dev/shm 一半以上被 PyTorch 或 NCCL 文件占用</translation>
    </message>
    <message>
        <source>%1 torch_* or nccl-* files; %2 of %3 used.</source>
        <translation>%1 个 torch_* 或 nccl-* 文件；已用 %2，共 %3。</translation>
    </message>
    <message>
        <source>If no training job runs now they are left over from crashed jobs (the file_system strategy leaves them behind): remove them.</source>
        <translation>如果现在没有训练任务在运行，它们是崩溃任务遗留的（file_system 策略会留下它们）：请删除。</translation>
    </message>
    <message>
        <source>info</source>
        <translation>信息</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>The job sees its container&apos;s /dev/shm, not this host&apos;s</source>
        <translation>任务看到的是容器的 /dev/shm，而不是此主机的</translation>
    </message>
    <message>
        <source>This host&apos;s /dev/shm is %1, but a job in %2 gets a /dev/shm of its own, whose size the platform does not document.</source>
        <translation>此主机的 /dev/shm 为 %1，但 %2 中的任务有自己的 /dev/shm，平台没有说明其大小。</translation>
    </message>
    <message>
        <source>A job in %1 gets a /dev/shm of its own, not this host&apos;s, whose size the platform does not document.</source>
        <translation>%1 中的任务有自己的 /dev/shm（不是此主机的），平台没有说明其大小。</translation>
    </message>
    <message>
        <source>The plan needs at least %1.</source>
        <translation>规划至少需要 %1。</translation>
    </message>
    <message>
        <source>Nothing to change: the default is enough for this plan.</source>
        <translation>无需更改：默认值足以满足此规划。</translation>
    </message>
    <message>
        <source>The size cannot be raised for this job: use the DataLoader settings fitted to %1 (Workload page, or `shmwise plan --fit %2`).</source>
        <translation>此任务无法增大 /dev/shm：请使用适应 %1 的 DataLoader 设置（“工作负载”页面，或 `shmwise plan --fit %2`）。</translation>
    </message>
    <message>
        <source>default-shm-size %1 in this host&apos;s /etc/docker/daemon.json</source>
        <translation>本机 /etc/docker/daemon.json 中的 default-shm-size %1</translation>
    </message>
    <message>
        <source>Docker&apos;s built-in default; this host&apos;s /etc/docker/daemon.json sets no default-shm-size</source>
        <translation>Docker 的内置默认值；本机 /etc/docker/daemon.json 未设置 default-shm-size</translation>
    </message>
    <message>
        <source>Docker&apos;s built-in default; this host&apos;s /etc/docker/daemon.json could not be read, and a default-shm-size there would change it</source>
        <translation>Docker 的内置默认值；无法读取本机 /etc/docker/daemon.json，其中的 default-shm-size 会改变此值</translation>
    </message>
    <message>
        <source>Docker&apos;s built-in default; the default-shm-size %1 in this host&apos;s /etc/docker/daemon.json is not a Docker size, and the daemon refuses to start with it</source>
        <translation>Docker 的内置默认值；本机 /etc/docker/daemon.json 中的 default-shm-size %1 不是 Docker 的大小写法，Docker 守护进程会因此拒绝启动</translation>
    </message>
    <message>
        <source>Docker&apos;s built-in default; whether /etc/docker/daemon.json changes it is unknown</source>
        <translation>Docker 的内置默认值；不确定 /etc/docker/daemon.json 是否改变了它</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>The job gets a new container&apos;s /dev/shm, not this container&apos;s</source>
        <translation>任务得到的是新容器的 /dev/shm，而不是当前容器的</translation>
    </message>
    <message>
        <source>a container runtime</source>
        <translation>某个容器运行时</translation>
    </message>
    <message>
        <source>This computer is itself a container (%1) with a /dev/shm of %2; that is not what the job gets. </source>
        <translation>本机本身就是一个容器（%1），其 /dev/shm 为 %2；任务得到的并不是它。</translation>
    </message>
    <message>
        <source>This computer is itself a container (%1); its /dev/shm is not what the job gets. </source>
        <translation>本机本身就是一个容器（%1）；任务得到的并不是它的 /dev/shm。</translation>
    </message>
    <message>
        <source>Size it for your job on the wizard&apos;s Workload page or with `shmwise plan` instead of guessing.</source>
        <translation>请在向导的“工作负载”页或用 `shmwise plan` 按任务确定大小，而不要靠猜。</translation>
    </message>
    <message>
        <source>Docker&apos;s built-in default; a default-shm-size in the daemon.json of the machine that runs the Docker daemon would change it</source>
        <translation>Docker 的内置默认值；运行 Docker 守护进程的机器上 daemon.json 中的 default-shm-size 会改变它</translation>
    </message>
    <message>
        <source>This host&apos;s /dev/shm is %1, but a job in %2 gets a /dev/shm of its own: %3, until the job&apos;s own settings give it another size.</source>
        <translation>此主机的 /dev/shm 为 %1，但 %2 中的任务有自己的 /dev/shm：%3，直到任务自己的设置给它另一个大小。</translation>
    </message>
    <message>
        <source>A job in %1 gets a /dev/shm of its own, not this host&apos;s: %2, until the job&apos;s own settings give it another size.</source>
        <translation>%1 中的任务有自己的 /dev/shm，而不是此主机的：%2，直到任务自己的设置给它另一个大小。</translation>
    </message>
    <message>
        <source>Measure it inside the job (the generated preflight script prints it) and give it as the current /dev/shm (the wizard&apos;s Environment page, or host.shm_bytes in a profile file); the generated DataLoader module fits its settings to the free /dev/shm when it starts.</source>
        <translation>在任务内部测量它（生成的预检脚本会打印出来），并把它填作当前 /dev/shm（向导的“运行环境”页，或配置档案文件中的 host.shm_bytes）；生成的 DataLoader 模块会在启动时按空闲的 /dev/shm 调整设置。</translation>
    </message>
    <message>
        <source>Apply the generated setting (the wizard&apos;s Results page writes it; on the command line, `shmwise generate`): it sets the container&apos;s /dev/shm to %1. Until it is applied the job gets %2.</source>
        <translation>应用生成的设置（向导的“结果”页会写出它；命令行上用 `shmwise generate`）：它将容器的 /dev/shm 设为 %1。应用之前任务只有 %2。</translation>
    </message>
    <message>
        <source>Logging out deletes this user&apos;s /dev/shm files</source>
        <translation>注销会删除该用户的 /dev/shm 文件</translation>
    </message>
    <message>
        <source>systemd-logind has RemoveIPC=yes (the default), and %1 (uid %2) is neither root nor a system user and does not linger: when the user&apos;s last session ends, logind removes the user&apos;s POSIX shared memory (/dev/shm files) and System V IPC. A training job started over SSH with nohup, screen or tmux loses its DataLoader&apos;s shared memory then, and fails with files that vanished.</source>
        <translation>systemd-logind 设置了 RemoveIPC=yes（默认值），而 %1（uid %2）既不是 root 也不是系统用户，也没有启用 linger：该用户最后一个会话结束时，logind 会删除该用户的 POSIX 共享内存（/dev/shm 文件）和 System V IPC。通过 SSH 用 nohup、screen 或 tmux 启动的训练任务届时会失去 DataLoader 的共享内存，并因文件消失而失败。</translation>
    </message>
    <message>
        <source>Any one of: loginctl enable-linger %1 (the user&apos;s IPC then stays); run the job as a system user or as a service (systemd-run, a Slurm or cron job); or set RemoveIPC=no in /etc/systemd/logind.conf and restart systemd-logind.</source>
        <translation>以下任选其一：loginctl enable-linger %1（该用户的 IPC 会保留）；以系统用户或服务运行任务（systemd-run、Slurm 或 cron 任务）；或在 /etc/systemd/logind.conf 中设置 RemoveIPC=no 并重启 systemd-logind。</translation>
    </message>
    <message>
        <source>WSL 2: /dev/shm comes out of the WSL virtual machine&apos;s memory</source>
        <translation>WSL 2：/dev/shm 来自 WSL 虚拟机的内存</translation>
    </message>
    <message>
        <source>This is WSL 2 (the kernel says so). /dev/shm, the job and everything else in WSL share the memory of its virtual machine, which .wslconfig&apos;s memory= sets: by default half of Windows&apos; memory. /dev/shm here is %1 of %2. Docker Desktop on the WSL 2 backend has no memory setting of its own: its containers run in the same virtual machine, and each still gets a 64 MiB /dev/shm unless --shm-size is given.</source>
        <translation>这是 WSL 2（内核版本表明）。/dev/shm、任务以及 WSL 中的其他一切共用其虚拟机的内存，该内存由 .wslconfig 的 memory= 设定：默认是 Windows 内存的一半。这里的 /dev/shm 为 %1，总内存 %2。使用 WSL 2 后端的 Docker Desktop 没有自己的内存设置：它的容器运行在同一个虚拟机中，除非指定 --shm-size，每个容器仍只有 64 MiB 的 /dev/shm。</translation>
    </message>
    <message>
        <source>For more, raise memory= under [wsl2] in %UserProfile%\.wslconfig on Windows, run wsl --shutdown and start WSL again; then size /dev/shm in WSL (mount -o remount,size=...) or give containers --shm-size (shm_size in Compose).</source>
        <translation>如需更多，请在 Windows 上的 %UserProfile%\.wslconfig 的 [wsl2] 下调大 memory=，执行 wsl --shutdown 后重新启动 WSL；然后在 WSL 中调整 /dev/shm（mount -o remount,size=...），或为容器指定 --shm-size（Compose 中为 shm_size）。</translation>
    </message>
    <message>
        <source>gVisor: /dev/shm is a tmpfs of the sandbox&apos;s own memory</source>
        <translation>gVisor：/dev/shm 是使用沙箱自身内存的 tmpfs</translation>
    </message>
    <message>
        <source>The kernel here is gVisor&apos;s (runsc). Its /dev/shm is a tmpfs inside the sandbox, whose pages count against the sandbox&apos;s memory. A private /dev/shm keeps the size Docker&apos;s --shm-size gives it; one shared in from outside (a Kubernetes pod&apos;s, or Docker&apos;s shareable IPC) becomes a sandbox tmpfs without that size, so half of the memory by default (the shim&apos;s configureShm). Older runsc releases reported no free space in /dev/shm (gvisor#1936). /dev/shm here: %1.</source>
        <translation>此处的内核是 gVisor 的（runsc）。其 /dev/shm 是沙箱内的 tmpfs，其页面计入沙箱的内存。私有的 /dev/shm 保持 Docker 的 --shm-size 所给的大小；从外部共享进来的 /dev/shm（Kubernetes Pod 的，或 Docker 的 shareable IPC）会变成不带该大小的沙箱 tmpfs，因此默认为内存的一半（shim 的 configureShm）。较早的 runsc 版本报告 /dev/shm 中没有可用空间（gvisor#1936）。此处的 /dev/shm：%1。</translation>
    </message>
    <message>
        <source>Trust the size this probe measured inside the sandbox over the flag; size it with --shm-size or a memory emptyDir as elsewhere, and give the container a memory limit that holds it.</source>
        <translation>以此次探测在沙箱内测得的大小为准，而不是该标志；与其他环境一样，用 --shm-size 或基于内存的 emptyDir 设置其大小，并为容器设置能容纳它的内存限制。</translation>
    </message>
    <message>
        <source>Kata Containers: /dev/shm is a tmpfs inside the virtual machine</source>
        <translation>Kata Containers：/dev/shm 是虚拟机内的 tmpfs</translation>
    </message>
    <message>
        <source>This container runs in a Kata virtual machine. Its /dev/shm is a tmpfs of the guest, shared by the pod&apos;s containers and taken from the VM&apos;s memory (2048 MiB by default, plus what the pod&apos;s limits add). Kata sizes it from the host only when /dev/shm arrives as a bind of a host tmpfs (Docker&apos;s --shm-size, a Kubernetes sandbox&apos;s); otherwise it is 64 MiB (the runtime&apos;s getShmSize). /dev/shm here: %1.</source>
        <translation>此容器运行在 Kata 虚拟机中。其 /dev/shm 是客户机（guest）的 tmpfs，由 Pod 的各容器共享，并占用虚拟机的内存（默认 2048 MiB，再加上 Pod 的限制所增加的部分）。只有当 /dev/shm 以主机 tmpfs 的绑定挂载形式传入时（Docker 的 --shm-size、Kubernetes 沙箱的 /dev/shm），Kata 才按主机确定其大小；否则为 64 MiB（运行时的 getShmSize）。此处的 /dev/shm：%1。</translation>
    </message>
    <message>
        <source>Check the size this probe measured after each change; give the pod a memory limit that holds /dev/shm, since the VM&apos;s memory is sized from it.</source>
        <translation>每次更改后检查此次探测测得的大小；为 Pod 设置能容纳 /dev/shm 的内存限制，因为虚拟机的内存按它确定大小。</translation>
    </message>
    <message>
        <source>Kata&apos;s virtual machines keep their memory in this host&apos;s /dev/shm</source>
        <translation>Kata 的虚拟机把内存放在此主机的 /dev/shm 中</translation>
    </message>
    <message>
        <source>This host runs Kata Containers with QEMU and virtio-fs: each Kata VM&apos;s memory is a file in this host&apos;s /dev/shm (Kata&apos;s virtio-fs how-to), so /dev/shm (%1 here) caps the memory of every Kata VM together. When it is full, a new VM fails to start and running ones are killed by SIGBUS, which the kubelet does not see.</source>
        <translation>此主机以 QEMU 和 virtio-fs 运行 Kata Containers：每个 Kata 虚拟机的内存都是此主机 /dev/shm 中的一个文件（Kata 的 virtio-fs 使用指南），因此 /dev/shm（此处为 %1）限制了所有 Kata 虚拟机内存的总和。它写满时，新虚拟机无法启动，运行中的虚拟机会被 SIGBUS 终止，而 kubelet 看不到这些情况。</translation>
    </message>
    <message>
        <source>Size this host&apos;s /dev/shm for the Kata VMs&apos; memory together (a size= line for /dev/shm in /etc/fstab, then mount -o remount /dev/shm), and keep the kubelet&apos;s reservations in step with it.</source>
        <translation>按所有 Kata 虚拟机内存的总和设置此主机 /dev/shm 的大小（在 /etc/fstab 中为 /dev/shm 写一行 size=，然后执行 mount -o remount /dev/shm），并让 kubelet 的预留量与之保持一致。</translation>
    </message>
    <message>
        <source>this user&apos;s quota (quota -u)</source>
        <translation>此用户的配额（quota -u）</translation>
    </message>
    <message>
        <source>the default per-user quota of the mount options (usrquota_block_hardlimit)</source>
        <translation>挂载选项中的默认每用户配额（usrquota_block_hardlimit）</translation>
    </message>
    <message>
        <source>A per-user quota stops writes to /dev/shm before it is full</source>
        <translation>每用户配额会在 /dev/shm 写满之前阻止写入</translation>
    </message>
    <message>
        <source>/dev/shm is mounted with usrquota, and %1 lets this user write %2 more (limit %3, %4 in use) while df shows %5 free; the plan needs %6. The job&apos;s writes fail with EDQUOT (&quot;Disk quota exceeded&quot;), or its workers die with a Bus error, although df shows room.</source>
        <translation>/dev/shm 以 usrquota 挂载，%1 只允许此用户再写入 %2（限额 %3，已用 %4），而 df 显示空闲 %5；规划需要 %6。任务的写入会以 EDQUOT（&quot;Disk quota exceeded&quot;）失败，或者其 worker 因 Bus error 退出，尽管 df 显示还有空间。</translation>
    </message>
    <message>
        <source>/dev/shm is mounted with usrquota, and %1 lets this user write %2 more (limit %3, %4 in use) of a /dev/shm of %5 with %6 free. Writes past it fail with EDQUOT (&quot;Disk quota exceeded&quot;) while df still shows room.</source>
        <translation>/dev/shm 以 usrquota 挂载，%1 只允许此用户再写入 %2（限额 %3，已用 %4），而该 /dev/shm 大小为 %5、空闲 %6。超出后的写入会以 EDQUOT（&quot;Disk quota exceeded&quot;）失败，而 df 仍显示有空间。</translation>
    </message>
    <message>
        <source>Raise the user&apos;s limit on /dev/shm (setquota -u USER 0 LIMIT 0 0 /dev/shm as root; with systemd 258 the user record&apos;s devShmLimit), run the job as a user whose limit is larger, or size the job to what the quota leaves.</source>
        <translation>提高该用户在 /dev/shm 上的限额（以 root 执行 setquota -u USER 0 LIMIT 0 0 /dev/shm；systemd 258 起可用用户记录中的 devShmLimit），以限额更大的用户运行任务，或按配额剩下的空间调整任务的大小。</translation>
    </message>
    <message>
        <source>/dev/shm and the job&apos;s other memory reach the memory limit</source>
        <translation>/dev/shm 与任务的其他内存合计达到内存限制</translation>
    </message>
    <message>
        <source>anon %1, file %2, of which shmem %3</source>
        <translation>anon %1，file %2，其中 shmem %3</translation>
    </message>
    <message>
        <source>The cgroup&apos;s memory limit is %1 and it uses %2 now (%3). Its memory besides shared memory (%4) plus the %5 of /dev/shm the plan needs make %6: /dev/shm pages count toward the limit, so the job is OOM-killed (&quot;Killed&quot;, no Bus error) before /dev/shm is full.</source>
        <translation>cgroup 的内存限制为 %1，当前使用 %2（%3）。共享内存之外的内存（%4）加上规划所需的 %5 /dev/shm，合计 %6：/dev/shm 的页面计入内存限制，因此任务会在 /dev/shm 写满之前被 OOM killer 终止（&quot;Killed&quot;，没有 Bus error）。</translation>
    </message>
    <message>
        <source>The cgroup&apos;s memory limit is %1 and it uses %2 now (%3). /dev/shm pages count toward the limit: a job that fills more of /dev/shm here is OOM-killed (&quot;Killed&quot;, no Bus error) before /dev/shm is full.</source>
        <translation>cgroup 的内存限制为 %1，当前使用 %2（%3）。/dev/shm 的页面计入内存限制：在这里占用更多 /dev/shm 的任务会在 /dev/shm 写满之前被 OOM killer 终止（&quot;Killed&quot;，没有 Bus error）。</translation>
    </message>
    <message>
        <source>Raise the container&apos;s resources.limits.memory to hold /dev/shm plus the job&apos;s own memory; a memory emptyDir survives a container restart, so an OOM it causes repeats until the pod is deleted.</source>
        <translation>提高容器的 resources.limits.memory，使其容纳 /dev/shm 加上任务自身的内存；内存型 emptyDir 在容器重启后仍然保留，因此它引起的 OOM 会反复发生，直到 Pod 被删除。</translation>
    </message>
    <message>
        <source>Raise the memory limit (docker --memory, compose mem_limit or deploy.resources.limits.memory, a Slurm job&apos;s --mem) to hold /dev/shm plus the job&apos;s own memory, or use fewer DataLoader workers or a smaller prefetch_factor.</source>
        <translation>提高内存限制（docker --memory、compose mem_limit 或 deploy.resources.limits.memory、Slurm 任务的 --mem），使其容纳 /dev/shm 加上任务自身的内存，或者减少 DataLoader 的 worker，或减小 prefetch_factor。</translation>
    </message>
    <message>
        <source>Shmem in /proc/meminfo is not /dev/shm</source>
        <translation>/proc/meminfo 中的 Shmem 不等于 /dev/shm</translation>
    </message>
    <message numerus="yes">
        <source>System V segments hold %1 of it (%n segment(s)).</source>
        <translation>
            <numerusform>System V 共享内存段占其中的 %1（%n 个段）。</numerusform>
        </translation>
    </message>
    <message>
        <source>Shmem is %1, while /dev/shm holds %2 (statvfs). Shmem also counts System V segments, shared anonymous memory, other tmpfs mounts (/run, other containers&apos; /dev/shm) and CUDA pinned host buffers.%3</source>
        <translation>Shmem 为 %1，而 /dev/shm 中有 %2（statvfs）。Shmem 还计入了 System V 共享内存段、共享匿名内存、其他 tmpfs 挂载（/run、其他容器的 /dev/shm）以及 CUDA 锁页主机缓冲区。%3</translation>
    </message>
    <message>
        <source>Nothing to change for /dev/shm: size it from what /dev/shm holds and from the plan, not from Shmem or free -m&apos;s shared column.</source>
        <translation>/dev/shm 无需更改：请根据 /dev/shm 中的实际内容和规划来确定其大小，而不是根据 Shmem 或 free -m 的 shared 列。</translation>
    </message>
    <message>
        <source>Python %1 starts DataLoader workers with forkserver, not fork</source>
        <translation>Python %1 以 forkserver 而非 fork 启动 DataLoader 的 worker</translation>
    </message>
    <message>
        <source>python3 here is %1; from 3.14 on Linux multiprocessing&apos;s default start method is forkserver, and DataLoader follows it. The profile&apos;s loaders say start_method: fork.</source>
        <translation>这里的 python3 是 %1；从 3.14 起，Linux 上 multiprocessing 的默认启动方式是 forkserver，DataLoader 随之采用。而配置文件中的加载器写的是 start_method: fork。</translation>
    </message>
    <message>
        <source>Set start_method: forkserver in the profile (the Dataset&apos;s tensors are then pickled into /dev/shm and counted), unless the script passes multiprocessing_context=&apos;fork&apos; to its DataLoaders.</source>
        <translation>在配置文件中设置 start_method: forkserver（这样 Dataset 的张量会被 pickle 到 /dev/shm 并计入计划），除非脚本给其 DataLoader 传入了 multiprocessing_context=&apos;fork&apos;。</translation>
    </message>
    <message>
        <source>From the job&apos;s plan (the Workload page).</source>
        <translation>来自任务的规划（“工作负载”页面）。</translation>
    </message>
    <message>
        <source>certain</source>
        <translation>确定</translation>
    </message>
    <message>
        <source>likely</source>
        <translation>很可能</translation>
    </message>
    <message>
        <source>possible</source>
        <translation>可能</translation>
    </message>
</context>
<context>
    <name>shmwise::Fit</name>
    <message>
        <source>Nothing fits in %1: NCCL alone needs more. Set NCCL_SHM_DISABLE=1 (slower, over the network) or give the job more /dev/shm.</source>
        <translation>%1 中放不下任何配置：仅 NCCL 就需要更多。请设置 NCCL_SHM_DISABLE=1（通过网络，较慢），或为任务提供更多 /dev/shm。</translation>
    </message>
    <message>
        <source>num_workers %1 instead of %2: fewer batches are prepared in parallel, so loading may become the bottleneck.</source>
        <translation>num_workers 从 %2 改为 %1：并行准备的 batch 更少，加载可能成为瓶颈。</translation>
    </message>
    <message>
        <source>prefetch_factor %1 instead of %2: a shorter queue absorbs less variation in loading time.</source>
        <translation>prefetch_factor 从 %2 改为 %1：更短的队列对加载时间波动的缓冲更少。</translation>
    </message>
    <message>
        <source>batch_size %1 instead of %2: this changes training itself (scale the learning rate, or accumulate gradients over %3 steps).</source>
        <translation>batch_size 从 %2 改为 %1：这会改变训练本身（请相应缩放学习率，或在 %3 步上累积梯度）。</translation>
    </message>
    <message>
        <source>num_workers 0: batches are loaded in the training process, one at a time, with no /dev/shm used; expect slower steps.</source>
        <translation>num_workers 为 0：batch 在训练进程中逐个加载，不使用 /dev/shm；每步会变慢。</translation>
    </message>
    <message>
        <source>Loader %1: %2</source>
        <translation>加载器 %1：%2</translation>
    </message>
    <message>
        <source>The server&apos;s own structures need %1, more than the %2 of /dev/shm there; no DataLoader setting changes them. Lower the server&apos;s settings (vLLM: VLLM_MQ_MAX_CHUNK_BYTES_MB, fewer tensor-parallel processes; Triton: fewer instances, smaller requests), or run it where /dev/shm can be raised.</source>
        <translation>服务器自身的结构需要 %1，超过了那里 %2 的 /dev/shm；任何 DataLoader 设置都改变不了它们。请调低服务器的设置（vLLM：VLLM_MQ_MAX_CHUNK_BYTES_MB、减少张量并行进程；Triton：减少实例、减小请求），或者在可以增大 /dev/shm 的地方运行它。</translation>
    </message>
</context>
<context>
    <name>shmwise::FitBox</name>
    <message>
        <source>Fitted to the /dev/shm there is</source>
        <translation>适配现有的 /dev/shm</translation>
    </message>
    <message>
        <source>Fitted settings</source>
        <translation>适配后的设置</translation>
    </message>
    <message>
        <source>Fit state</source>
        <translation>适配状态</translation>
    </message>
    <message>
        <source>Your settings and the fitted ones</source>
        <translation>你的设置与适配后的设置</translation>
    </message>
    <message>
        <source>Yours</source>
        <translation>你的</translation>
    </message>
    <message>
        <source>Fitted</source>
        <translation>适配后</translation>
    </message>
    <message>
        <source>Workers</source>
        <translation>Worker 数</translation>
    </message>
    <message>
        <source>Prefetch factor</source>
        <translation>预取因子</translation>
    </message>
    <message>
        <source>Batch size</source>
        <translation>Batch 大小</translation>
    </message>
    <message>
        <source>/dev/shm needed</source>
        <translation>所需 /dev/shm</translation>
    </message>
    <message>
        <source>What the fit costs</source>
        <translation>适配的代价</translation>
    </message>
    <message>
        <source>App&amp;ly fitted settings</source>
        <translation>应用适配设置(&amp;L)</translation>
    </message>
    <message>
        <source>Set workers, prefetch factor and batch size to the fitted ones.</source>
        <translation>把 worker 数、预取因子和 batch 大小设为适配后的值。</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Nothing fits: even loading in the main process needs %1, more than the %2 /dev/shm there is. Raise /dev/shm, or lower the processes per node.</source>
        <translation>放不下任何配置：即使在主进程中加载也需要 %1，多于现有的 %2 /dev/shm。请增大 /dev/shm，或减少每节点进程数。</translation>
    </message>
    <message>
        <source>/dev/shm here is %1 and cannot be raised; your settings fit.</source>
        <translation>此处的 /dev/shm 为 %1 且无法增大；你的设置放得下。</translation>
    </message>
    <message>
        <source>%1 (assumed: no current /dev/shm was given)</source>
        <translation>%1（假设值：未给出当前 /dev/shm）</translation>
    </message>
    <message>
        <source>/dev/shm here is %1 and cannot be raised; your settings need %2. The generated files already use the settings that fit (apply them here to plan with them):</source>
        <translation>此处的 /dev/shm 为 %1 且无法增大；你的设置需要 %2。生成的文件已经采用放得下的设置（在此应用即可按它们规划）：</translation>
    </message>
</context>
<context>
    <name>shmwise::Fleet</name>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>probing…</source>
        <translation>正在探测…</translation>
    </message>
    <message>
        <source>not probed: %1</source>
        <translation>未探测：%1</translation>
    </message>
    <message>
        <source>not probed (%1)</source>
        <translation>未探测（%1）</translation>
    </message>
    <message>
        <source>breaks the job: %1</source>
        <translation>会导致任务失败：%1</translation>
    </message>
    <message>
        <source>breaks: %1</source>
        <translation>会失败：%1</translation>
    </message>
    <message>
        <source>warnings: %1</source>
        <translation>警告：%1</translation>
    </message>
    <message>
        <source>warns: %1</source>
        <translation>有警告：%1</translation>
    </message>
    <message>
        <source>ok</source>
        <translation>正常</translation>
    </message>
    <message>
        <source>unlimited</source>
        <translation>无限制</translation>
    </message>
    <message>
        <source>refused host: its variable %1 is a Jinja template, which ShmWise does not expand; give the value itself, or probe the host with --target</source>
        <translation>已拒绝主机：它的变量 %1 是 Jinja 模板，ShmWise 不展开模板；请直接给出值，或用 --target 探测该主机</translation>
    </message>
    <message>
        <source>this computer could not start more probes at once (%1); ran at most %2 at a time</source>
        <translation>本机无法同时启动更多探测（%1）；每次最多运行 %2 个</translation>
    </message>
    <message>
        <source>%1 probes at once do not fit this computer&apos;s open-files limit (ulimit -n %2, %3 open); ran at most %4 at a time. Raise the limit (ulimit -n) to run more.</source>
        <translation>同时运行 %1 个探测超出了本机的打开文件数限制（ulimit -n %2，已打开 %3 个）；每次最多运行 %4 个。提高该限制（ulimit -n）即可同时运行更多。</translation>
    </message>
</context>
<context>
    <name>shmwise::FleetView</name>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>Fleet</source>
        <translation>主机群</translation>
    </message>
    <message>
        <source>Targets</source>
        <translation>目标</translation>
    </message>
    <message>
        <source>one target per line: ssh://user@host:port, local, ...</source>
        <translation>每行一个目标：ssh://user@host:port、local、...</translation>
    </message>
    <message>
        <source>Ansible inventory</source>
        <translation>Ansible 清单</translation>
    </message>
    <message>
        <source>optional: an Ansible inventory (INI or YAML)</source>
        <translation>可选：Ansible 清单（INI 或 YAML）</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>浏览(&amp;B)…</translation>
    </message>
    <message>
        <source>Limit</source>
        <translation>范围</translation>
    </message>
    <message>
        <source>optional: groups or hosts, e.g. gpu:!gpu01</source>
        <translation>可选：组或主机，例如 gpu:!gpu01</translation>
    </message>
    <message>
        <source>Probes at once</source>
        <translation>同时探测数</translation>
    </message>
    <message>
        <source>&amp;Probe all</source>
        <translation>全部探测(&amp;P)</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>主机</translation>
    </message>
    <message>
        <source>Target</source>
        <translation>目标</translation>
    </message>
    <message>
        <source>/dev/shm</source>
        <translation>/dev/shm</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>内存</translation>
    </message>
    <message>
        <source>ulimit -n</source>
        <translation>ulimit -n</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>结论</translation>
    </message>
    <message>
        <source>Host details</source>
        <translation>主机详情</translation>
    </message>
    <message>
        <source>Export &amp;CSV…</source>
        <translation>导出 CSV(&amp;C)…</translation>
    </message>
    <message>
        <source>Export &amp;JSON…</source>
        <translation>导出 JSON(&amp;J)…</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>&amp;Targets:</source>
        <translation>目标(&amp;T)：</translation>
    </message>
    <message>
        <source>&amp;Inventory:</source>
        <translation>清单(&amp;I)：</translation>
    </message>
    <message>
        <source>&amp;Limit:</source>
        <translation>范围(&amp;L)：</translation>
    </message>
    <message>
        <source>Probes at &amp;once:</source>
        <translation>同时探测数(&amp;O)：</translation>
    </message>
    <message>
        <source>%1 host(s): %2 probed, %3 could not be probed.</source>
        <translation>%1 台主机：已探测 %2 台，%3 台无法探测。</translation>
    </message>
    <message>
        <source>Would break the job: %1.</source>
        <translation>会导致任务失败：%1。</translation>
    </message>
    <message>
        <source>Outliers (another /dev/shm size than the usual %1): %2.</source>
        <translation>异常值（/dev/shm 大小不同于常见的 %1）：%2。</translation>
    </message>
    <message>
        <source>Smallest /dev/shm: %1 (%2).</source>
        <translation>最小的 /dev/shm：%1（%2）。</translation>
    </message>
    <message>
        <source>Give at least one target or an inventory with hosts.</source>
        <translation>请至少给出一个目标，或一个含有主机的清单。</translation>
    </message>
    <message numerus="yes">
        <source>Probing %n host(s)…</source>
        <translation>
            <numerusform>正在探测 %n 台主机…</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>Probing…</source>
        <translation>正在探测…</translation>
    </message>
    <message>
        <source>Could not be probed: %1</source>
        <translation>无法探测：%1</translation>
    </message>
    <message>
        <source>/dev/shm: %1, %2 used (%3; %4)</source>
        <translation>/dev/shm：%1，已用 %2（%3；%4）</translation>
    </message>
    <message>
        <source>Memory: %1 total, %2 available; cgroup limit: %3</source>
        <translation>内存：共 %1，可用 %2；cgroup 限制：%3</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>CPUs: %1 usable</source>
        <translation>CPU：可用 %1 个</translation>
    </message>
    <message>
        <source>Container: %1</source>
        <translation>容器：%1</translation>
    </message>
    <message>
        <source>ulimit -n: %1</source>
        <translation>ulimit -n：%1</translation>
    </message>
    <message>
        <source>PyTorch: %1</source>
        <translation>PyTorch：%1</translation>
    </message>
    <message>
        <source>not found</source>
        <translation>未找到</translation>
    </message>
    <message>
        <source>No findings.</source>
        <translation>没有检查发现。</translation>
    </message>
    <message>
        <source>Fix: %1</source>
        <translation>处理：%1</translation>
    </message>
    <message>
        <source>Export JSON</source>
        <translation>导出 JSON</translation>
    </message>
    <message>
        <source>Export CSV</source>
        <translation>导出 CSV</translation>
    </message>
    <message>
        <source>Could not write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>Wrote %1.</source>
        <translation>已写入 %1。</translation>
    </message>
    <message>
        <source>Used</source>
        <translation>已用</translation>
    </message>
    <message>
        <source>%1 (%2%)</source>
        <translation>%1（%2%）</translation>
    </message>
</context>
<context>
    <name>shmwise::FrameworkRow</name>
    <message>
        <source>Framework</source>
        <translation>框架</translation>
    </message>
    <message>
        <source>None (a DataLoader of my own)</source>
        <translation>无（自己创建的 DataLoader）</translation>
    </message>
    <message>
        <source>Framework settings</source>
        <translation>框架设置</translation>
    </message>
    <message>
        <source>%1 sets this loader with: %2</source>
        <translation>%1 通过以下设置创建此加载器：%2</translation>
    </message>
    <message>
        <source>%1 sets this loader from the training loader&apos;s settings (%2, %3).</source>
        <translation>%1 按训练加载器的设置创建此加载器（%2、%3）。</translation>
    </message>
</context>
<context>
    <name>shmwise::Generators</name>
    <message>
        <source>Resize /dev/shm now</source>
        <translation>立即调整 /dev/shm 大小</translation>
    </message>
    <message>
        <source>tmpfs takes RAM only as files are written, but a full /dev/shm competes with processes and the page cache: keep it well under the machine&apos;s memory.</source>
        <translation>tmpfs 只在写入文件时占用内存，但写满的 /dev/shm 会与进程和页缓存争用内存：请让它远小于机器的内存。</translation>
    </message>
    <message>
        <source>Shows the new size.</source>
        <translation>显示新的大小。</translation>
    </message>
    <message>
        <source>/etc/fstab line for /dev/shm</source>
        <translation>/dev/shm 的 /etc/fstab 行</translation>
    </message>
    <message>
        <source>Keeps /dev/shm at %1 across reboots. Replace the existing /dev/shm line of /etc/fstab, if there is one, with this line.</source>
        <translation>让 /dev/shm 在重启后保持 %1。如果 /etc/fstab 中已有 /dev/shm 行，请用这一行替换它。</translation>
    </message>
    <message>
        <source>To apply it without a reboot: mount -o remount /dev/shm (mount takes the options from /etc/fstab).</source>
        <translation>无需重启即可应用：mount -o remount /dev/shm（mount 会从 /etc/fstab 读取选项）。</translation>
    </message>
    <message>
        <source>Open-file limit (/etc/security/limits.d)</source>
        <translation>打开文件数限制（/etc/security/limits.d）</translation>
    </message>
    <message>
        <source>The soft limit is what `ulimit -n` shows; %1 covers the shared tensors and the files a training process holds anyway.</source>
        <translation>软限制就是 `ulimit -n` 显示的值；%1 足以覆盖共享张量以及训练进程本来就会打开的文件。</translation>
    </message>
    <message>
        <source>pam_limits applies this to login sessions. A systemd service needs LimitNOFILE=%1 in its unit instead.</source>
        <translation>pam_limits 会将其应用于登录会话。systemd 服务则需要在其 unit 中设置 LimitNOFILE=%1。</translation>
    </message>
    <message>
        <source>System V shared memory settings (not for /dev/shm)</source>
        <translation>System V 共享内存设置（与 /dev/shm 无关）</translation>
    </message>
    <message>
        <source>Only for programs that use System V shared memory (shmget), such as some databases. kernel.shmmax, kernel.shmall and kernel.shmmni do not size /dev/shm: raising them does nothing for a PyTorch DataLoader, whose shared memory lives in /dev/shm. Since Linux 3.16 the first two default to effectively unlimited, so this file only restores the kernel defaults where something lowered them. Install as /etc/sysctl.d/90-shmwise-sysv-ipc.conf and load it with sysctl -p FILE.</source>
        <translation>仅用于使用 System V 共享内存（shmget）的程序，例如某些数据库。kernel.shmmax、kernel.shmall 和 kernel.shmmni 不决定 /dev/shm 的大小：提高它们对 PyTorch DataLoader 毫无作用，它的共享内存位于 /dev/shm。自 Linux 3.16 起前两者默认实际上不受限制，因此此文件只在它们被调低时恢复内核默认值。安装为 /etc/sysctl.d/90-shmwise-sysv-ipc.conf，并用 sysctl -p FILE 加载。</translation>
    </message>
    <message>
        <source>The largest single System V segment, in bytes: the kernel&apos;s own default since 3.16 (ULONG_MAX - 2^24).</source>
        <translation>单个 System V 段的最大字节数：自 3.16 起内核自身的默认值（ULONG_MAX - 2^24）。</translation>
    </message>
    <message>
        <source>All System V segments together, in pages: the kernel&apos;s default since 3.16.</source>
        <translation>所有 System V 段的总量，以页为单位：自 3.16 起的内核默认值。</translation>
    </message>
    <message>
        <source>The number of System V segments: the kernel&apos;s default. The kernel accepts at most 32768.</source>
        <translation>System V 段的数量：内核默认值。内核最多接受 32768。</translation>
    </message>
    <message>
        <source>These limits are per IPC namespace: a container sees its own defaults, not the host&apos;s values.</source>
        <translation>这些限制按 IPC 命名空间计算：容器看到的是它自己的默认值，而不是主机上的值。</translation>
    </message>
    <message>
        <source>Azure ML command job with a sized /dev/shm</source>
        <translation>带有指定大小 /dev/shm 的 Azure ML 命令任务</translation>
    </message>
    <message>
        <source>The folder uploaded as the job&apos;s working directory; it holds the training script.</source>
        <translation>作为任务工作目录上传的文件夹；其中包含训练脚本。</translation>
    </message>
    <message>
        <source>%1 is %2: digits and one letter (k, m or g); Azure ML rejects &quot;gb&quot; and &quot;Gi&quot;. The plan needs at least %3.</source>
        <translation>%1 为 %2：数字加一个字母（k、m 或 g）；Azure ML 不接受 &quot;gb&quot; 和 &quot;Gi&quot;。规划至少需要 %3。</translation>
    </message>
    <message>
        <source>With the file_descriptor sharing strategy the main process holds about %1 shared-memory files at once.</source>
        <translation>使用 file_descriptor 共享策略时，主进程同时持有约 %1 个共享内存文件。</translation>
    </message>
    <message>
        <source>An integer number of MiB: %1. The plan needs at least %2. Not available on Fargate.</source>
        <translation>以 MiB 为单位的整数：%1。规划至少需要 %2。Fargate 不支持。</translation>
    </message>
    <message>
        <source>The profile gives no job memory, so no memory is written: add one, in MiB, that includes %1 MiB for /dev/shm.</source>
        <translation>配置档案没有给出任务内存，因此未写入内存：请添加一个以 MiB 为单位的值，其中包含 /dev/shm 的 %1 MiB。</translation>
    </message>
    <message>
        <source>AWS Batch job definition with a sized /dev/shm</source>
        <translation>带有指定大小 /dev/shm 的 AWS Batch 作业定义</translation>
    </message>
    <message>
        <source>An AWS Batch job definition for EC2 compute environments. Register with: aws batch register-job-definition --cli-input-json file://batch-job-definition.json. Fargate has no sharedMemorySize, and Batch on EKS sizes /dev/shm with an emptyDir as in the Kubernetes manifests.</source>
        <translation>用于 EC2 计算环境的 AWS Batch 作业定义。注册命令：aws batch register-job-definition --cli-input-json file://batch-job-definition.json。Fargate 没有 sharedMemorySize，而 EKS 上的 Batch 与 Kubernetes 清单一样用 emptyDir 设置 /dev/shm 大小。</translation>
    </message>
    <message>
        <source>The host&apos;s CPUs from the profile.</source>
        <translation>配置档案中主机的 CPU 数。</translation>
    </message>
    <message>
        <source>One CPU for each training process and each DataLoader worker.</source>
        <translation>每个训练进程和每个 DataLoader worker 各一个 CPU。</translation>
    </message>
    <message>
        <source>MiB: the job&apos;s %1 plus %2 for /dev/shm, which is charged to the container&apos;s memory.</source>
        <translation>MiB：任务的 %1 加上 /dev/shm 的 %2，后者计入容器的内存。</translation>
    </message>
    <message>
        <source>Amazon ECS task definition with a sized /dev/shm</source>
        <translation>带有指定大小 /dev/shm 的 Amazon ECS 任务定义</translation>
    </message>
    <message>
        <source>An ECS task definition for the EC2 launch type. Register with: aws ecs register-task-definition --cli-input-json file://ecs-task-definition.json. Fargate has no sharedMemorySize.</source>
        <translation>用于 EC2 启动类型的 ECS 任务定义。注册命令：aws ecs register-task-definition --cli-input-json file://ecs-task-definition.json。Fargate 没有 sharedMemorySize。</translation>
    </message>
    <message>
        <source>Hard limit in MiB: the job&apos;s %1 plus %2 for /dev/shm, which is charged to the container&apos;s memory.</source>
        <translation>以 MiB 为单位的硬限制：任务的 %1 加上 /dev/shm 的 %2，后者计入容器的内存。</translation>
    </message>
    <message>
        <source>/dev/shm on SageMaker training jobs</source>
        <translation>SageMaker 训练任务上的 /dev/shm</translation>
    </message>
    <message>
        <source>/dev/shm on Vertex AI custom training</source>
        <translation>Vertex AI 自定义训练上的 /dev/shm</translation>
    </message>
    <message>
        <source>Fitted with the same model as the plan.</source>
        <translation>使用与规划相同的模型计算得出。</translation>
    </message>
    <message>
        <source>%1 (%2 bytes)</source>
        <translation>%1（%2 字节）</translation>
    </message>
    <message>
        <source>The profile says /dev/shm cannot be changed for this job, so this file is what whoever runs the host would apply; until then the DataLoader snippet is fitted to the /dev/shm there is.</source>
        <translation>配置档案表明此任务的 /dev/shm 不可更改，因此此文件供主机管理者应用；在此之前，DataLoader 代码片段会适应现有的 /dev/shm。</translation>
    </message>
    <message>
        <source>DataLoader settings (Python)</source>
        <translation>DataLoader 设置（Python）</translation>
    </message>
    <message>
        <source>/dev/shm cannot be raised here, so the settings are fitted to %1: they need %2.</source>
        <translation>此处无法增大 /dev/shm，因此设置已适配到 %1：需要 %2。</translation>
    </message>
    <message>
        <source>Fitted: the profile&apos;s batch size is %1.</source>
        <translation>已适配：配置档案中的 batch 大小为 %1。</translation>
    </message>
    <message>
        <source>Fitted: the profile has %1 workers.</source>
        <translation>已适配：配置档案中有 %1 个 worker。</translation>
    </message>
    <message>
        <source>With no workers the main process loads every batch and uses no /dev/shm.</source>
        <translation>没有 worker 时，主进程加载每个 batch，不使用 /dev/shm。</translation>
    </message>
    <message>
        <source>Under spawn and forkserver, tensors the Dataset holds are moved into /dev/shm when it is sent to the workers; the plan counts them.</source>
        <translation>在 spawn 和 forkserver 下，Dataset 持有的张量会在发送给 worker 时移入 /dev/shm；规划已将其计入。</translation>
    </message>
    <message>
        <source>pin_memory copies batches into page-locked RAM; it does not use /dev/shm.</source>
        <translation>pin_memory 把 batch 复制到页锁定内存中；它不使用 /dev/shm。</translation>
    </message>
    <message>
        <source>Preflight check for the container entrypoint</source>
        <translation>容器入口点的预检脚本</translation>
    </message>
    <message>
        <source>%1: what the fitted DataLoader settings need.</source>
        <translation>%1：适配后的 DataLoader 设置所需的大小。</translation>
    </message>
    <message>
        <source>%1: the least /dev/shm the plan allows (it recommends %2).</source>
        <translation>%1：规划允许的最小 /dev/shm（建议 %2）。</translation>
    </message>
    <message>
        <source>Exits before training starts: a full /dev/shm otherwise shows up as &quot;Bus error&quot; or &quot;DataLoader worker ... is killed by signal&quot; much later.</source>
        <translation>在训练开始前退出：否则 /dev/shm 写满会在很久之后才表现为 &quot;Bus error&quot; 或 &quot;DataLoader worker ... is killed by signal&quot;。</translation>
    </message>
    <message>
        <source>A low limit gives &quot;Too many open files&quot; or &quot;received 0 items of ancdata&quot; in the DataLoader.</source>
        <translation>限制过低会在 DataLoader 中导致 &quot;Too many open files&quot; 或 &quot;received 0 items of ancdata&quot;。</translation>
    </message>
    <message>
        <source>docker run with the host&apos;s /dev/shm (--ipc=host)</source>
        <translation>使用主机 /dev/shm 的 docker run（--ipc=host）</translation>
    </message>
    <message>
        <source>The alternative NVIDIA&apos;s NGC containers recommend: the container uses the host&apos;s IPC namespace and its /dev/shm instead of a private one. It needs no size, but the host&apos;s /dev/shm must hold at least %1, and the container can see and change the host&apos;s shared memory: weaker isolation. Prefer the --shm-size command unless you trust the image.</source>
        <translation>NVIDIA NGC 容器推荐的替代方案：容器使用主机的 IPC 命名空间及其 /dev/shm，而不是私有的。它不需要指定大小，但主机的 /dev/shm 必须至少容纳 %1，而且容器能看到并修改主机的共享内存：隔离性更弱。除非信任该镜像，否则优先使用 --shm-size 命令。</translation>
    </message>
    <message>
        <source>podman run with a sized /dev/shm</source>
        <translation>带有指定大小 /dev/shm 的 podman run</translation>
    </message>
    <message>
        <source>docker run with a sized /dev/shm</source>
        <translation>带有指定大小 /dev/shm 的 docker run</translation>
    </message>
    <message>
        <source>Runs the training container with a private /dev/shm of %1 instead of the %2 default.</source>
        <translation>以 %1 的私有 /dev/shm 运行训练容器，而不是默认的 %2。</translation>
    </message>
    <message>
        <source>Shares the host&apos;s IPC namespace: /dev/shm is the host&apos;s (half of RAM by default on systemd hosts) and System V segments are shared too. Do not combine it with --shm-size.</source>
        <translation>共享主机的 IPC 命名空间：/dev/shm 就是主机的（在 systemd 主机上默认为一半内存），System V 段也会共享。不要与 --shm-size 同时使用。</translation>
    </message>
    <message>
        <source>%1 is %2: what the plan recommends for this job (it needs at least %3).</source>
        <translation>%1 为 %2：规划为此任务建议的值（至少需要 %3）。</translation>
    </message>
    <message>
        <source>Podman refuses --shm-size together with --ipc=host; --shm-size=0 would mean unlimited, which is never written here.</source>
        <translation>Podman 不允许 --shm-size 与 --ipc=host 同时使用；--shm-size=0 表示不限制，这里从不会写入。</translation>
    </message>
    <message>
        <source>The job&apos;s %1 plus %2 for /dev/shm: pages in /dev/shm are charged to the container&apos;s memory limit, and a container that fills its /dev/shm past the limit is OOM-killed.</source>
        <translation>任务的 %1 加上 /dev/shm 的 %2：/dev/shm 中的页面计入容器的内存限制，容器写满 /dev/shm 超过限制时会被 OOM killer 终止。</translation>
    </message>
    <message>
        <source>soft:hard open-file limit. With the file_descriptor sharing strategy the main process holds about %1 shared-memory files at once.</source>
        <translation>soft:hard 打开文件数限制。使用 file_descriptor 共享策略时，主进程同时持有约 %1 个共享内存文件。</translation>
    </message>
    <message>
        <source>GPUs through CDI (nvidia-ctk cdi generate); Podman has no count, so limit them with CUDA_VISIBLE_DEVICES if the job should use %1.</source>
        <translation>通过 CDI 使用 GPU（nvidia-ctk cdi generate）；Podman 没有数量参数，如果任务应使用 %1 个，请用 CUDA_VISIBLE_DEVICES 加以限制。</translation>
    </message>
    <message>
        <source>Needs the NVIDIA Container Toolkit on the host.</source>
        <translation>需要主机上安装 NVIDIA Container Toolkit。</translation>
    </message>
    <message>
        <source>Docker daemon default /dev/shm (daemon.json)</source>
        <translation>Docker 守护进程默认 /dev/shm（daemon.json）</translation>
    </message>
    <message>
        <source>For a host where every container should get %1 of /dev/shm: merge this key into /etc/docker/daemon.json and restart the Docker daemon. Containers created afterwards get it; --shm-size and shm_size still override it.</source>
        <translation>适用于每个容器都应获得 %1 /dev/shm 的主机：将此键合并到 /etc/docker/daemon.json 并重启 Docker 守护进程。之后创建的容器会获得该值；--shm-size 和 shm_size 仍可覆盖它。</translation>
    </message>
    <message>
        <source>A quoted string with a unit, the form Docker documents for this key.</source>
        <translation>带单位的带引号字符串，这是 Docker 文档为此键规定的形式。</translation>
    </message>
    <message>
        <source>Compose needs both soft and hard for nofile. With the file_descriptor sharing strategy the main process holds about %1 shared-memory files at once.</source>
        <translation>Compose 的 nofile 需要同时给出 soft 和 hard。使用 file_descriptor 共享策略时，主进程同时持有约 %1 个共享内存文件。</translation>
    </message>
    <message>
        <source>Docker Compose service with a sized /dev/shm</source>
        <translation>带有指定大小 /dev/shm 的 Docker Compose 服务</translation>
    </message>
    <message>
        <source>%1 is %2, what the plan recommends (it needs at least %3). Quoted, so every Compose version reads it as a size string.</source>
        <translation>%1 为 %2，即规划建议的值（至少需要 %3）。加了引号，因此每个 Compose 版本都会将其作为大小字符串读取。</translation>
    </message>
    <message>
        <source>GPUs need the NVIDIA Container Toolkit on the host.</source>
        <translation>GPU 需要主机上安装 NVIDIA Container Toolkit。</translation>
    </message>
    <message>
        <source>Docker Swarm stack with a tmpfs /dev/shm</source>
        <translation>带有 tmpfs /dev/shm 的 Docker Swarm stack</translation>
    </message>
    <message>
        <source>The long volume syntax with tmpfs.size needs file format 3.6 or later.</source>
        <translation>带 tmpfs.size 的长卷语法需要文件格式 3.6 或更高版本。</translation>
    </message>
    <message>
        <source>The long syntax: stack deploy silently drops the short form (tmpfs: - /dev/shm:size=...).</source>
        <translation>长语法：stack deploy 会静默丢弃短格式（tmpfs: - /dev/shm:size=...）。</translation>
    </message>
    <message>
        <source>An integer number of bytes (%1): the only form stack deploy accepts here.</source>
        <translation>以字节为单位的整数（%1）：这是 stack deploy 在此处唯一接受的形式。</translation>
    </message>
    <message>
        <source>A training run that finishes should not be started again.</source>
        <translation>已完成的训练不应再次启动。</translation>
    </message>
    <message>
        <source>The job&apos;s %1 plus %2 for /dev/shm, whose pages are charged to the container. Swarm takes the limit only from deploy.resources; mem_limit makes stack deploy fail.</source>
        <translation>任务的 %1 加上 /dev/shm 的 %2，后者的页面计入容器内存。Swarm 只从 deploy.resources 读取限制；mem_limit 会让 stack deploy 失败。</translation>
    </message>
    <message>
        <source>The Kubeflow training operator finds the training container by this name.</source>
        <translation>Kubeflow training operator 通过这个名称找到训练容器。</translation>
    </message>
    <message>
        <source>The job&apos;s %1 plus %2 for /dev/shm: pages of a memory-backed emptyDir are charged to the container that writes them, so without the extra %2 the container is OOM-killed when /dev/shm fills. Since Kubernetes 1.22 the tmpfs is also capped at the pod&apos;s memory limit.</source>
        <translation>任务的 %1 加上 /dev/shm 的 %2：基于内存的 emptyDir 的页面计入写入它们的容器，因此没有额外的 %2 时，/dev/shm 写满就会让容器被 OOM killer 终止。自 Kubernetes 1.22 起，该 tmpfs 也以 Pod 的内存限制为上限。</translation>
    </message>
    <message>
        <source>Needs the NVIDIA device plugin on the node.</source>
        <translation>需要节点上安装 NVIDIA device plugin。</translation>
    </message>
    <message>
        <source>Replaces the runtime&apos;s 64 MiB /dev/shm, which all containers of a pod share.</source>
        <translation>替换运行时默认的 64 MiB /dev/shm，Pod 中的所有容器共享它。</translation>
    </message>
    <message>
        <source>&quot;Memory&quot; with a capital M makes the emptyDir a tmpfs; any other spelling is rejected or gives a disk-backed directory.</source>
        <translation>首字母大写的 &quot;Memory&quot; 才会让 emptyDir 成为 tmpfs；其他写法会被拒绝，或得到一个基于磁盘的目录。</translation>
    </message>
    <message>
        <source>%1 is %2 as a Kubernetes quantity (Gi and Mi are binary; &quot;GB&quot; or &quot;g&quot; are invalid). The plan needs at least %3. Kubernetes has no shmSize field; on clusters older than 1.22 df shows half the node&apos;s RAM and the limit is enforced by eviction.</source>
        <translation>%1 为 %2，以 Kubernetes 数量表示（Gi 和 Mi 是二进制单位；&quot;GB&quot; 或 &quot;g&quot; 无效）。规划至少需要 %3。Kubernetes 没有 shmSize 字段；在早于 1.22 的集群上，df 显示的是节点一半的内存，限制通过驱逐来执行。</translation>
    </message>
    <message>
        <source>The profile gives no job memory, so no memory limit is written; if you set one, add %1 for /dev/shm to it.</source>
        <translation>配置档案没有给出任务内存，因此未写入内存限制；如果要设置，请在其中加上 /dev/shm 的 %1。</translation>
    </message>
    <message>
        <source>Mounts a memory-backed emptyDir of %1 at /dev/shm, the accepted way to size /dev/shm in Kubernetes. Apply with: kubectl apply -f %2.</source>
        <translation>在 /dev/shm 挂载一个 %1 的基于内存的 emptyDir，这是 Kubernetes 中公认的设置 /dev/shm 大小的方法。应用命令：kubectl apply -f %2。</translation>
    </message>
    <message>
        <source>Kubernetes Pod with a sized /dev/shm</source>
        <translation>带有指定大小 /dev/shm 的 Kubernetes Pod</translation>
    </message>
    <message>
        <source>Kubernetes Deployment with a sized /dev/shm</source>
        <translation>带有指定大小 /dev/shm 的 Kubernetes Deployment</translation>
    </message>
    <message>
        <source>A Deployment restarts its pods forever; for a run that ends, a Job is the better kind.</source>
        <translation>Deployment 会无限重启其 Pod；对于会结束的训练，Job 是更合适的类型。</translation>
    </message>
    <message>
        <source>Kubernetes Job with a sized /dev/shm</source>
        <translation>带有指定大小 /dev/shm 的 Kubernetes Job</translation>
    </message>
    <message>
        <source>A failed training pod is not retried, so a Bus error is seen, not hidden behind restarts.</source>
        <translation>失败的训练 Pod 不会重试，因此 Bus error 能被看到，而不会被重启掩盖。</translation>
    </message>
    <message>
        <source>Kubeflow PyTorchJob with a sized /dev/shm</source>
        <translation>带有指定大小 /dev/shm 的 Kubeflow PyTorchJob</translation>
    </message>
    <message>
        <source>This is the kubeflow.org/v1 PyTorchJob of the Kubeflow training operator, not the newer Kubeflow Trainer TrainJob API. Each replica gets the same /dev/shm.</source>
        <translation>这是 Kubeflow training operator 的 kubeflow.org/v1 PyTorchJob，而不是较新的 Kubeflow Trainer TrainJob API。每个副本获得相同的 /dev/shm。</translation>
    </message>
    <message>
        <source>Kubernetes has no field for the open-file limit (about %1 needed): the container gets the container runtime&apos;s; the preflight script checks it.</source>
        <translation>Kubernetes 没有设置打开文件数限制的字段（约需 %1）：容器使用容器运行时的限制；预检脚本会检查它。</translation>
    </message>
    <message>
        <source>The namespace from the profile.</source>
        <translation>配置档案中的命名空间。</translation>
    </message>
    <message>
        <source>Ansible playbook for /dev/shm on every host</source>
        <translation>为每台主机设置 /dev/shm 的 Ansible playbook</translation>
    </message>
    <message>
        <source>Run with ansible-playbook -i inventory.ini shm-playbook.yml (Debian&apos;s ansible package has the ansible.posix collection it uses). On each host whose /dev/shm is smaller than %1 it writes the /dev/shm line of /etc/fstab and remounts; a larger /dev/shm is left alone. %2Hosts with shmwise_docker=true also get default-shm-size in /etc/docker/daemon.json and a Docker restart. The last task fails every host whose /dev/shm is still below %3. A second run changes nothing.</source>
        <translation>用 ansible-playbook -i inventory.ini shm-playbook.yml 运行（Debian 的 ansible 软件包包含它所用的 ansible.posix collection）。对于 /dev/shm 小于 %1 的每台主机，它会写入 /etc/fstab 中的 /dev/shm 行并重新挂载；更大的 /dev/shm 保持不变。%2设置了 shmwise_docker=true 的主机还会在 /etc/docker/daemon.json 中写入 default-shm-size 并重启 Docker。最后一个任务会让 /dev/shm 仍低于 %3 的每台主机失败。再次运行不会有任何改变。</translation>
    </message>
    <message>
        <source>It also installs the open-file limit of %1. </source>
        <translation>它还会安装 %1 的打开文件数限制。</translation>
    </message>
    <message>
        <source>Every host of the inventory unless -e shmwise_hosts=GROUP (or --limit) says otherwise.</source>
        <translation>清单中的每台主机，除非 -e shmwise_hosts=GROUP（或 --limit）另有指定。</translation>
    </message>
    <message>
        <source>%1 in the kernel&apos;s tmpfs syntax: what the plan recommends.</source>
        <translation>以内核 tmpfs 语法表示的 %1：规划建议的值。</translation>
    </message>
    <message>
        <source>The least /dev/shm the job runs in: the final check fails a host below it.</source>
        <translation>任务能运行的最小 /dev/shm：最终检查会让低于它的主机失败。</translation>
    </message>
    <message>
        <source>Never shrinks: a host whose /dev/shm is already at least this size is skipped, its fstab untouched.</source>
        <translation>绝不缩小：/dev/shm 已不小于此大小的主机会被跳过，其 fstab 不变。</translation>
    </message>
    <message>
        <source>mount -o remount keeps the files in /dev/shm; no reboot needed.</source>
        <translation>mount -o remount 会保留 /dev/shm 中的文件；无需重启。</translation>
    </message>
    <message>
        <source>The file_descriptor sharing strategy keeps about %1 files open in the main process. It applies from the next login.</source>
        <translation>file_descriptor 共享策略会在主进程中保持约 %1 个文件打开。从下次登录起生效。</translation>
    </message>
    <message>
        <source>Keeps the file&apos;s other keys, and a larger default-shm-size.</source>
        <translation>保留文件中的其他键，以及更大的 default-shm-size。</translation>
    </message>
    <message>
        <source>A host that could not be changed (a read-only fstab, a container) fails here with its size, instead of a Bus error in training.</source>
        <translation>无法修改的主机（fstab 只读、容器）会在这里带着其大小失败，而不是在训练中出现 Bus error。</translation>
    </message>
    <message>
        <source>Docker reads daemon.json when it starts; running containers keep their /dev/shm until they are recreated.</source>
        <translation>Docker 在启动时读取 daemon.json；正在运行的容器在重新创建之前保持原有的 /dev/shm。</translation>
    </message>
    <message>
        <source>Example Ansible inventory</source>
        <translation>Ansible 清单示例</translation>
    </message>
    <message>
        <source>An example of the hosts the playbook runs on: replace the names and addresses with your own. Hosts in the docker group get Docker&apos;s default-shm-size too. shmwise probe --inventory inventory.ini shows which hosts need the change before you run it.</source>
        <translation>playbook 所运行主机的示例：请替换为你自己的名称和地址。docker 组中的主机还会获得 Docker 的 default-shm-size。运行之前，shmwise probe --inventory inventory.ini 会显示哪些主机需要修改。</translation>
    </message>
    <message>
        <source>These hosts run training in Docker containers: the playbook also sets default-shm-size in /etc/docker/daemon.json and restarts Docker.</source>
        <translation>这些主机在 Docker 容器中运行训练：playbook 还会在 /etc/docker/daemon.json 中设置 default-shm-size 并重启 Docker。</translation>
    </message>
    <message>
        <source>The command the handler runs to restart Docker, when it is not systemd&apos;s.</source>
        <translation>当 Docker 不由 systemd 管理时，handler 用来重启 Docker 的命令。</translation>
    </message>
    <message>
        <source>systemd mounts /dev/shm at half of RAM by default, unless the host&apos;s fstab says otherwise.</source>
        <translation>除非主机的 fstab 另有设置，systemd 默认以一半内存挂载 /dev/shm。</translation>
    </message>
    <message>
        <source>Check /dev/shm (no change needed)</source>
        <translation>检查 /dev/shm（无需修改）</translation>
    </message>
    <message>
        <source>This job puts nothing in /dev/shm (no DataLoader workers and nothing else shared), so /dev/shm needs no change; a smaller size would only shrink it for every other user of the host. The script shows its size.</source>
        <translation>此任务不在 /dev/shm 中放置任何内容（没有 DataLoader worker，也没有其他共享数据），因此 /dev/shm 无需修改；更小的大小只会让主机上的其他用户可用空间变小。脚本会显示它的大小。</translation>
    </message>
    <message>
        <source>%1: the least /dev/shm the plan allows for this job.</source>
        <translation>%1：规划为此任务允许的最小 /dev/shm。</translation>
    </message>
    <message>
        <source>The size was probed earlier; this catches a host that changed since.</source>
        <translation>大小是之前探测得到的；这一步能发现此后发生变化的主机。</translation>
    </message>
    <message>
        <source>The script compares the current size first: below %1 it resizes the running /dev/shm to %1 without a reboot and without touching the files in it; at %1 or more it leaves it as it is, since a smaller size would shrink it for every other user of the host. A resize lasts until the next boot; the fstab line makes it permanent.</source>
        <translation>脚本先比较当前大小：低于 %1 时，它会将正在使用的 /dev/shm 调整为 %1，无需重启，也不会动其中的文件；达到 %1 或更大时保持不变，因为更小的大小会让主机上的其他用户可用空间变小。调整在下次启动前有效；fstab 行使其永久生效。</translation>
    </message>
    <message>
        <source>%1, what the plan recommends (it needs at least %2).</source>
        <translation>%1，即规划建议的值（至少需要 %2）。</translation>
    </message>
    <message>
        <source>Never shrinks: a remount below the current size would starve other jobs, and one below the current use fails.</source>
        <translation>绝不缩小：重新挂载为小于当前大小会让其他任务空间不足，小于当前用量则会失败。</translation>
    </message>
    <message>
        <source>Run as root. tmpfs takes k, m, g or t after the number (not &quot;gb&quot;); %1 is %2.</source>
        <translation>以 root 运行。tmpfs 在数字后接 k、m、g 或 t（不是 &quot;gb&quot;）；%1 为 %2。</translation>
    </message>
    <message>
        <source>Use the line only where df -h /dev/shm shows less than %1: on a host where it is larger, the line would shrink it at the next boot.</source>
        <translation>仅在 df -h /dev/shm 显示小于 %1 时使用这一行：在更大的主机上，这一行会在下次启动时将其缩小。</translation>
    </message>
    <message>
        <source>The current size was not probed: compare with df -h /dev/shm first.</source>
        <translation>当前大小未经探测：请先用 df -h /dev/shm 比较。</translation>
    </message>
    <message>
        <source>size=%1 is %2 in the kernel&apos;s tmpfs syntax (the plan needs at least %3). nosuid and nodev are what distributions mount /dev/shm with.</source>
        <translation>size=%1 是以内核 tmpfs 语法表示的 %2（规划至少需要 %3）。nosuid 和 nodev 是各发行版挂载 /dev/shm 时使用的选项。</translation>
    </message>
    <message>
        <source>With the file_descriptor sharing strategy the main process keeps one open file per shared tensor: about %1 here, more than the usual soft limit of %2. Too low a limit gives &quot;Too many open files&quot; or &quot;received 0 items of ancdata&quot;. Install as /etc/security/limits.d/90-shmwise-nofile.conf; it applies from the next login.</source>
        <translation>使用 file_descriptor 共享策略时，主进程为每个共享张量保持一个打开的文件：此处约 %1 个，多于通常的软限制 %2。限制过低会导致 &quot;Too many open files&quot; 或 &quot;received 0 items of ancdata&quot;。安装为 /etc/security/limits.d/90-shmwise-nofile.conf；从下次登录起生效。</translation>
    </message>
    <message>
        <source>pam_limits does not apply &apos;*&apos; lines to root: this line is for training run as root.</source>
        <translation>pam_limits 不会把 &apos;*&apos; 行应用于 root：这一行用于以 root 运行的训练。</translation>
    </message>
    <message>
        <source>Above systemd&apos;s default hard limit of %1, so the hard limit is raised too: a soft limit above the hard one is lowered to it.</source>
        <translation>高于 systemd 默认的硬限制 %1，因此硬限制也会提高：高于硬限制的软限制会被降到硬限制。</translation>
    </message>
    <message>
        <source>No hard line: systemd&apos;s default hard limit is %1, above %2, and a hard line below the current hard limit would lower it. If ulimit -Hn shows less than %2, the soft limit is capped there: raise the hard limit to %2 as well.</source>
        <translation>没有硬限制行：systemd 默认的硬限制为 %1，高于 %2，而低于当前硬限制的 hard 行会将其降低。如果 ulimit -Hn 显示小于 %2，软限制会被限制在那里：请把硬限制也提高到 %2。</translation>
    </message>
    <message>
        <source>Submit with: az ml job create -f azureml-job.yml --set compute=azureml:CLUSTER; without a compute target Azure ML runs it on serverless compute.</source>
        <translation>提交命令：az ml job create -f azureml-job.yml --set compute=azureml:CLUSTER；不指定计算目标时，Azure ML 会在无服务器计算上运行它。</translation>
    </message>
    <message>
        <source>An Azure Machine Learning (CLI v2) command job whose container gets %1 of /dev/shm instead of the 2g default.</source>
        <translation>一个 Azure Machine Learning（CLI v2）命令任务，其容器获得 %1 的 /dev/shm，而不是默认的 2g。</translation>
    </message>
    <message>
        <source>An Azure Machine Learning (CLI v2) command job. The 2g default /dev/shm is enough for this job; it is written out so the job keeps it if the default changes.</source>
        <translation>一个 Azure Machine Learning（CLI v2）命令任务。默认的 2g /dev/shm 对此任务已足够；显式写出是为了在默认值改变时任务仍保持该值。</translation>
    </message>
    <message>
        <source>This platform has no setting for the size of /dev/shm and does not document the size its training containers get, so the job must measure it first; then the DataLoader can be fitted to it.</source>
        <translation>此平台没有设置 /dev/shm 大小的选项，也没有说明其训练容器获得的大小，因此任务必须先测量它；然后才能让 DataLoader 适应它。</translation>
    </message>
    <message>
        <source>A measurement, not a guess: a DataLoader fitted to an assumed 64 MiB wastes a larger /dev/shm, and one sized for more dies with a Bus error.</source>
        <translation>是测量值，而不是猜测：按假设的 64 MiB 适配的 DataLoader 会浪费更大的 /dev/shm，而按更大值设置的则会因 Bus error 而终止。</translation>
    </message>
    <message>
        <source>A module for the training script to import at module level: make_loader(dataset) returns the DataLoader with the settings the /dev/shm size was planned for, so the plan and the code cannot drift apart. Valid on PyTorch 1.13 and 2.x.</source>
        <translation>供训练脚本在模块级导入的模块：make_loader(dataset) 返回使用规划 /dev/shm 大小时所依据设置的 DataLoader，因此规划与代码不会脱节。适用于 PyTorch 1.13 和 2.x。</translation>
    </message>
    <message>
        <source>%1, so make_loader() reads the free space of /dev/shm when it is called and takes the richest planned settings that fit (the job as profiled needs %2; the leanest settings need %3), or stops before any worker starts, saying how much is needed.</source>
        <translation>%1，因此 make_loader() 在调用时读取 /dev/shm 的空闲空间，并选用放得下的最充裕的规划设置（按配置档案，任务需要 %2；最精简的设置需要 %3），否则在任何 worker 启动之前停止，并说明需要多少。</translation>
    </message>
    <message>
        <source>/dev/shm here is %1 and cannot be raised</source>
        <translation>此处的 /dev/shm 为 %1，且无法增大</translation>
    </message>
    <message>
        <source>/dev/shm here cannot be raised and its size is not known in advance</source>
        <translation>此处的 /dev/shm 无法增大，且大小事先未知</translation>
    </message>
    <message>
        <source>none (no workers)</source>
        <translation>无（没有 worker）</translation>
    </message>
    <message>
        <source>file_system passes shared-memory names instead of file descriptors, so no process runs out of open files. It does not reduce /dev/shm use: each shared tensor&apos;s file also holds a %1-byte header (the plan counts it), and /dev/shm/torch_* files stay behind if a process crashes.</source>
        <translation>file_system 传递共享内存名称而不是文件描述符，因此不会有进程耗尽打开文件数。它不会减少 /dev/shm 用量：每个共享张量的文件还带有一个 %1 字节的头部（规划已计入），而且进程崩溃时 /dev/shm/torch_* 文件会遗留下来。</translation>
    </message>
    <message>
        <source>The profile&apos;s own settings: they need %1.</source>
        <translation>配置档案自身的设置：需要 %1。</translation>
    </message>
    <message>
        <source>The leanest: %1.</source>
        <translation>最精简：%1。</translation>
    </message>
    <message>
        <source>The leanest: no workers, no /dev/shm.</source>
        <translation>最精简：没有 worker，不使用 /dev/shm。</translation>
    </message>
    <message>
        <source>Free space, not the size: another process may hold part of /dev/shm.</source>
        <translation>是空闲空间而不是大小：其他进程可能占用了部分 /dev/shm。</translation>
    </message>
    <message>
        <source>Each worker keeps up to this many batches ready in /dev/shm.</source>
        <translation>每个 worker 在 /dev/shm 中最多准备好这么多个 batch。</translation>
    </message>
    <message>
        <source>Stops before any worker starts, instead of a Bus error later.</source>
        <translation>在任何 worker 启动之前停止，而不是稍后出现 Bus error。</translation>
    </message>
    <message>
        <source>So make_loader(dataset, num_workers=0) works: PyTorch 2.x raises ValueError for any prefetch_factor, and every version for persistent_workers=True, without workers.</source>
        <translation>这样 make_loader(dataset, num_workers=0) 可以工作：没有 worker 时，PyTorch 2.x 对任何 prefetch_factor 都会抛出 ValueError，而所有版本对 persistent_workers=True 都会如此。</translation>
    </message>
    <message>
        <source>It also applies to Swarm tasks, which have no shm_size of their own: set it on every node that may run the service, as a second fix beside the stack file&apos;s tmpfs volume.</source>
        <translation>它同样适用于 Swarm 任务（它们自己没有 shm_size）：在每个可能运行该服务的节点上设置，作为 stack 文件中 tmpfs 卷之外的第二重修正。</translation>
    </message>
    <message>
        <source>Each $ of the command is written $$: Compose would otherwise replace $NAME with a variable of the environment that deploys the file.</source>
        <translation>命令中的每个 $ 都写成 $$：否则 Compose 会用部署该文件的环境中的变量替换 $NAME。</translation>
    </message>
    <message>
        <source>The job&apos;s %1 plus %2 for /dev/shm, whose pages are charged to the container. Do not also set deploy.resources.limits.memory to another value: since Compose v2.26 two different values are an error (&quot;can&apos;t set distinct values on &apos;mem_limit&apos; and &apos;deploy.resources.limits.memory&apos;&quot;); older versions silently used the deploy value.</source>
        <translation>任务的 %1 加上 /dev/shm 的 %2，后者的页面计入容器内存。不要再把 deploy.resources.limits.memory 设为另一个值：自 Compose v2.26 起，两个不同的值会报错（&quot;can&apos;t set distinct values on &apos;mem_limit&apos; and &apos;deploy.resources.limits.memory&apos;&quot;）；旧版本会静默使用 deploy 中的值。</translation>
    </message>
    <message>
        <source>This GPU block needs docker-compose 1.28 or later (or Compose v2); older versions reject it.</source>
        <translation>此 GPU 配置块需要 docker-compose 1.28 或更高版本（或 Compose v2）；旧版本会拒绝它。</translation>
    </message>
    <message>
        <source>Swarm services cannot set shm_size: docker stack deploy prints &quot;Ignoring unsupported options: shm_size&quot; and the task gets the daemon&apos;s default (64 MiB unless daemon.json sets default-shm-size). This stack mounts a tmpfs of %1 at /dev/shm instead. Deploy with: docker stack deploy -c stack.yaml NAME.</source>
        <translation>Swarm 服务无法设置 shm_size：docker stack deploy 会打印 &quot;Ignoring unsupported options: shm_size&quot;，任务获得守护进程的默认值（除非 daemon.json 设置了 default-shm-size，否则为 64 MiB）。因此此 stack 改为在 /dev/shm 挂载一个 %1 的 tmpfs。部署命令：docker stack deploy -c stack.yaml NAME。</translation>
    </message>
    <message>
        <source>Swarm&apos;s way to request GPUs in a stack file: the task is placed on a node that advertises enough of this generic resource.</source>
        <translation>在 stack 文件中请求 GPU 的 Swarm 方式：任务会被调度到声明了足够此类通用资源的节点上。</translation>
    </message>
    <message>
        <source>Must match the name the nodes advertise: node-generic-resources in each GPU node&apos;s daemon.json (for example &quot;NVIDIA-GPU=GPU-&lt;uuid&gt;&quot;, one entry per GPU), with the NVIDIA Container Toolkit set up to pass them on.</source>
        <translation>必须与节点声明的名称一致：即每个 GPU 节点 daemon.json 中的 node-generic-resources（例如 &quot;NVIDIA-GPU=GPU-&lt;uuid&gt;&quot;，每个 GPU 一项），并配置好 NVIDIA Container Toolkit 以传递它们。</translation>
    </message>
    <message>
        <source>torchrun starts the %1 training processes of this node (pod); the training operator gives each pod the rendezvous settings torchrun reads (PET_* variables in recent releases). Newer operators also take spec.nprocPerNode, which is not written here: older PyTorchJob CRDs reject it under strict validation. torchrun takes --nproc_per_node on every PyTorch release; the --nproc-per-node spelling only on 2.x.</source>
        <translation>torchrun 启动此节点（Pod）的 %1 个训练进程；training operator 为每个 Pod 提供 torchrun 读取的 rendezvous 设置（较新版本中为 PET_* 变量）。较新的 operator 也接受 spec.nprocPerNode，但这里不写入：较旧的 PyTorchJob CRD 在严格校验下会拒绝它。所有 PyTorch 版本的 torchrun 都接受 --nproc_per_node；--nproc-per-node 写法仅在 2.x 中可用。</translation>
    </message>
    <message>
        <source>The plan counts %1 training processes in each pod: this command must start them (torchrun --nproc_per_node=%1 does).</source>
        <translation>规划在每个 Pod 中计入 %1 个训练进程：此命令必须启动它们（torchrun --nproc_per_node=%1 会这样做）。</translation>
    </message>
    <message>
        <source>Each $ of the command is written $$: Kubernetes expands $(NAME) from the container&apos;s environment and reads $$ as one literal $.</source>
        <translation>命令中的每个 $ 都写成 $$：Kubernetes 会用容器环境展开 $(NAME)，并把 $$ 读作一个字面的 $。</translation>
    </message>
    <message>
        <source>Checks the free space in /dev/shm and the open-file limit when the job starts and stops it with a clear message, instead of a Bus error an hour into training. Run it before the training command: shm-preflight.sh %1.</source>
        <translation>在任务启动时检查 /dev/shm 的空闲空间和打开文件数限制，并以明确的消息停止任务，而不是在训练一小时后出现 Bus error。请在训练命令之前运行：shm-preflight.sh %1。</translation>
    </message>
    <message>
        <source>%1: what the profile&apos;s own DataLoader settings need. With less free, make_loader() takes leaner settings that fit, so this only warns.</source>
        <translation>%1：配置档案自身的 DataLoader 设置所需的大小。空闲空间更少时，make_loader() 会选用放得下的更精简设置，因此这里只给出警告。</translation>
    </message>
    <message>
        <source>About %1 shared-memory files open at once in the main process, plus %2 for the files a training process holds anyway (the plan recommends a limit of %3).</source>
        <translation>主进程中同时打开约 %1 个共享内存文件，另加训练进程本来就会打开的 %2 个文件（规划建议的限制为 %3）。</translation>
    </message>
    <message>
        <source>The size this platform gives: put it in the profile as host.shm_bytes.</source>
        <translation>此平台提供的大小：请写入配置档案的 host.shm_bytes。</translation>
    </message>
    <message>
        <source>Free space, not the size: files other processes keep in /dev/shm count against this job too.</source>
        <translation>是空闲空间而不是大小：其他进程保留在 /dev/shm 中的文件同样会占用此任务的空间。</translation>
    </message>
    <message>
        <source>sbatch script with a /dev/shm preflight</source>
        <translation>带有 /dev/shm 预检的 sbatch 脚本</translation>
    </message>
    <message>
        <source>One task per training process; srun below starts them.</source>
        <translation>每个训练进程一个 task；下面的 srun 启动它们。</translation>
    </message>
    <message numerus="yes">
        <source>Each training process and its %n DataLoader worker(s).</source>
        <translation>
            <numerusform>每个训练进程及其 %n 个 DataLoader worker。</numerusform>
        </translation>
    </message>
    <message>
        <source>The job&apos;s memory plus its /dev/shm: files in a tmpfs are charged to the memory cgroup of the process that writes them, so with Slurm&apos;s memory enforcement they count against --mem.</source>
        <translation>任务的内存加上其 /dev/shm：tmpfs 中的文件计入写入它们的进程所在的内存 cgroup，因此在 Slurm 强制执行内存限制时，它们计入 --mem。</translation>
    </message>
    <message>
        <source>By default Slurm copies every resource limit of the submitting shell to the job (slurm.conf(5), PropagateResourceLimits); this names the open-file limit explicitly. Raise it before sbatch with ulimit -n if it is low.</source>
        <translation>默认情况下，Slurm 会把提交 shell 的每个资源限制复制给任务（slurm.conf(5)，PropagateResourceLimits）；这里显式指定打开文件数限制。如果它偏低，请在 sbatch 之前用 ulimit -n 提高。</translation>
    </message>
    <message>
        <source>What this environment gives a job, as Slurm&apos;s documentation for both releases describes it.</source>
        <translation>此运行环境给任务提供的资源，依据 Slurm 两个版本的文档描述。</translation>
    </message>
    <message>
        <source>On a shared /dev/shm other jobs&apos; files and stale torch_* files of crashed jobs take space this job needs.</source>
        <translation>在共享的 /dev/shm 上，其他任务的文件和崩溃任务遗留的 torch_* 文件会占用此任务所需的空间。</translation>
    </message>
    <message>
        <source>Raises the soft limit when the hard limit allows it; never lowers it.</source>
        <translation>在硬限制允许时提高软限制；绝不降低它。</translation>
    </message>
    <message>
        <source>Fitted to the /dev/shm there is: %1.</source>
        <translation>已适配现有的 /dev/shm：%1。</translation>
    </message>
    <message>
        <source>The profile&apos;s own settings.</source>
        <translation>配置档案自身的设置。</translation>
    </message>
    <message>
        <source>The warning names the line of the training script that made the first loader.</source>
        <translation>警告会指出训练脚本中创建第一个加载器的那一行。</translation>
    </message>
    <message>
        <source>A module for the training script to import at module level, with one function per loader of the job (%1), each returning its DataLoader with the settings the /dev/shm size was planned for, so the plan and the code cannot drift apart. Valid on PyTorch 1.13 and 2.x.</source>
        <translation>供训练脚本在模块级导入的模块，任务的每个加载器各有一个函数（%1），各自返回按规划 /dev/shm 大小所用设置构建的 DataLoader，使规划与代码不会脱节。适用于 PyTorch 1.13 和 2.x。</translation>
    </message>
    <message>
        <source>The first one called reads the free space of /dev/shm and takes the richest planned settings of all the loaders that fit together (the job as profiled needs %1, the leanest settings %2), or stops before any worker starts.</source>
        <translation>第一个被调用的函数读取 /dev/shm 的空闲空间，为所有加载器选取合起来放得下的最充裕的规划设置（按配置档案任务需要 %1，最精简的设置需要 %2），否则在任何 worker 启动前停止。</translation>
    </message>
    <message>
        <source>/dev/shm cannot be raised here, so the loaders are fitted to %1 together: they need %2.</source>
        <translation>这里的 /dev/shm 无法调大，因此各加载器一起适配到 %1：它们需要 %2。</translation>
    </message>
    <message>
        <source>%1 builds the loaders here: the module&apos;s docstring gives the planned settings in its own words, to set there instead of calling make_loader().</source>
        <translation>这里的加载器由 %1 构建：模块的文档字符串用它自己的设置项给出规划的设置，请在那里设置，而不是调用 make_loader()。</translation>
    </message>
    <message>
        <source>/dev/shm is %1 (probed or given), at least the %2 this job needs: nothing to change, and writing a smaller size would shrink it for every other user of the host. The script checks that it is still that large.</source>
        <translation>/dev/shm 为 %1（探测或给定的值），不小于此任务所需的 %2：无需修改，写入更小的大小会让主机上的其他用户可用空间变小。脚本会检查它是否仍有这么大。</translation>
    </message>
    <message>
        <source>/dev/shm is %1 (probed or given), less than the %2 this job needs. </source>
        <translation>/dev/shm 为 %1（探测或给定的值），小于此任务所需的 %2。</translation>
    </message>
    <message>
        <source>/dev/shm is %1 as probed or given, and may still be when the job starts</source>
        <translation>/dev/shm 为 %1（探测或给定的值），任务启动时可能仍是如此</translation>
    </message>
    <message>
        <source>Preflight check before the training command</source>
        <translation>训练命令之前的预检脚本</translation>
    </message>
    <message>
        <source>It prints the size of /dev/shm it finds: this platform does not document it, so give what it prints as the current /dev/shm (the profile&apos;s host.shm_bytes) and generate again.</source>
        <translation>它会打印找到的 /dev/shm 大小：此平台没有说明该值，因此请把打印结果填作当前 /dev/shm（配置档案中的 host.shm_bytes）并重新生成。</translation>
    </message>
    <message>
        <source>This platform has no setting for the size of /dev/shm, so the job must fit the /dev/shm it gets: the DataLoader snippet is fitted to the %1 given as its current /dev/shm.</source>
        <translation>此平台没有设置 /dev/shm 大小的选项，因此任务必须适应它得到的 /dev/shm：DataLoader 代码片段已适配到作为当前 /dev/shm 给出的 %1。</translation>
    </message>
    <message>
        <source>Unlimited locked memory, which NVIDIA&apos;s NGC images ask for (page-locked buffers for GPU transfers); it does not affect /dev/shm.</source>
        <translation>NVIDIA NGC 镜像要求的不限量锁定内存（用于 GPU 传输的页锁定缓冲区）；它不影响 /dev/shm。</translation>
    </message>
    <message>
        <source>The 64 MiB stack NVIDIA&apos;s NGC images ask for; it does not affect /dev/shm.</source>
        <translation>NVIDIA NGC 镜像要求的 64 MiB 栈；它不影响 /dev/shm。</translation>
    </message>
    <message>
        <source>Kyverno policy: /dev/shm for labelled pods</source>
        <translation>Kyverno 策略：为带标签的 Pod 提供 /dev/shm</translation>
    </message>
    <message>
        <source>Needs Kyverno 1.10 or later. Apply with: kubectl apply -f %1.</source>
        <translation>需要 Kyverno 1.10 或更高版本。应用命令：kubectl apply -f %1。</translation>
    </message>
    <message>
        <source>Kyverno copies this pod rule to these controllers&apos; pod templates; pods of other owners (PyTorchJob, TrainJob, RayCluster) are changed as they are created.</source>
        <translation>Kyverno 会将这条 Pod 规则复制到这些控制器的 Pod 模板中；其他所有者（PyTorchJob、TrainJob、RayCluster）的 Pod 在创建时被修改。</translation>
    </message>
    <message>
        <source>Only new pods: a pod&apos;s volumes cannot change once it exists.</source>
        <translation>仅限新 Pod：Pod 一旦存在，其卷就无法更改。</translation>
    </message>
    <message>
        <source>The label is tested here, not with a selector under match: a selector there turns off the copies for the controllers.</source>
        <translation>标签在这里检查，而不是用 match 下的选择器：在那里使用选择器会关闭向控制器的规则复制。</translation>
    </message>
    <message>
        <source>Only pods labelled %1=true.</source>
        <translation>仅限带有 %1=true 标签的 Pod。</translation>
    </message>
    <message>
        <source>A pod that already has a dshm volume or a /dev/shm mount is left as it is.</source>
        <translation>已有 dshm 卷或 /dev/shm 挂载的 Pod 保持原样。</translation>
    </message>
    <message>
        <source>Once per container: each one mounts the volume.</source>
        <translation>每个容器一次：每个容器都要挂载该卷。</translation>
    </message>
    <message>
        <source>A tmpfs: &quot;Memory&quot; with a capital M.</source>
        <translation>tmpfs：&quot;Memory&quot;，M 为大写。</translation>
    </message>
    <message>
        <source>MutatingAdmissionPolicy: /dev/shm for labelled pods</source>
        <translation>MutatingAdmissionPolicy：为带标签的 Pod 提供 /dev/shm</translation>
    </message>
    <message>
        <source>Kubernetes&apos; own admission policy, without Kyverno: admissionregistration.k8s.io/v1 from Kubernetes 1.36. On 1.34 and 1.35 write v1beta1, on 1.32 and 1.33 v1alpha1, and enable the MutatingAdmissionPolicy feature gate and that API version (--runtime-config). Apply with: kubectl apply -f %1.</source>
        <translation>Kubernetes 自带的准入策略，无需 Kyverno：自 Kubernetes 1.36 起为 admissionregistration.k8s.io/v1。在 1.34 和 1.35 上写 v1beta1，在 1.32 和 1.33 上写 v1alpha1，并启用 MutatingAdmissionPolicy 特性门控和该 API 版本（--runtime-config）。应用命令：kubectl apply -f %1。</translation>
    </message>
    <message>
        <source>v1 from Kubernetes 1.36; v1beta1 on 1.34 and 1.35, v1alpha1 on 1.32 and 1.33, behind the MutatingAdmissionPolicy feature gate. The fields are the same in all three.</source>
        <translation>自 Kubernetes 1.36 起为 v1；1.34 和 1.35 上为 v1beta1，1.32 和 1.33 上为 v1alpha1，需启用 MutatingAdmissionPolicy 特性门控。三者的字段相同。</translation>
    </message>
    <message>
        <source>New pods only: a pod&apos;s volumes cannot change once it exists.</source>
        <translation>仅限新 Pod：Pod 一旦存在，其卷就无法更改。</translation>
    </message>
    <message>
        <source>Merged as server-side apply merges: volumes and containers by name, mounts by path, so what the pod has is kept.</source>
        <translation>按 server-side apply 的方式合并：卷和容器按名称合并，挂载按路径合并，因此 Pod 原有的内容会保留。</translation>
    </message>
    <message>
        <source>A tmpfs of %1, what the plan recommends for one of these pods.</source>
        <translation>大小为 %1 的 tmpfs，即规划为其中一个 Pod 推荐的大小。</translation>
    </message>
    <message>
        <source>A policy acts only through a binding.</source>
        <translation>策略只有通过绑定（binding）才会生效。</translation>
    </message>
    <message>
        <source>Every namespace; narrow it with matchLabels to the training namespaces.</source>
        <translation>所有命名空间；可用 matchLabels 将其缩小到训练用的命名空间。</translation>
    </message>
    <message>
        <source>%1 for Ray&apos;s object store (ray start --object-store-memory; a string, as every rayStartParams value). Counted in the /dev/shm below beside the DataLoaders.</source>
        <translation>为 Ray 的对象存储分配 %1（ray start --object-store-memory；与所有 rayStartParams 的值一样是字符串）。与 DataLoader 一起计入下面的 /dev/shm。</translation>
    </message>
    <message>
        <source>A /dev/shm of this container&apos;s own: KubeRay then mounts none (it would size one to the whole memory limit, without counting the store and the DataLoaders apart).</source>
        <translation>此容器自己的 /dev/shm：这样 KubeRay 就不会再挂载（它挂载的 /dev/shm 以整个内存限制为大小，而不分别计算对象存储和 DataLoader）。</translation>
    </message>
    <message>
        <source>The head runs the driver and Ray&apos;s services, and has an object store of its own; it is given no GPU.</source>
        <translation>head 运行 driver 和 Ray 的各项服务，并有自己的对象存储；不为它分配 GPU。</translation>
    </message>
    <message>
        <source>One worker pod per host of the job (nccl.nodes).</source>
        <translation>任务的每台主机一个 worker Pod（nccl.nodes）。</translation>
    </message>
    <message>
        <source>One worker pod: the profile gives no host count (nccl.nodes).</source>
        <translation>一个 worker Pod：配置档案未给出主机数（nccl.nodes）。</translation>
    </message>
    <message>
        <source>KubeRay needs both bounds when autoscaling is off; equal, the group stays at its size.</source>
        <translation>关闭自动伸缩时，KubeRay 需要上下两个界限；两者相等时，该组保持其大小不变。</translation>
    </message>
    <message>
        <source>KubeRay RayJob with a sized /dev/shm</source>
        <translation>带有指定大小 /dev/shm 的 KubeRay RayJob</translation>
    </message>
    <message>
        <source>KubeRay RayCluster with a sized /dev/shm</source>
        <translation>带有指定大小 /dev/shm 的 KubeRay RayCluster</translation>
    </message>
    <message>
        <source>The job&apos;s command, run by the submitter once the cluster is up; Ray Train starts the training workers on the worker pods.</source>
        <translation>任务的命令，集群就绪后由 submitter 运行；Ray Train 在 worker Pod 上启动训练 worker。</translation>
    </message>
    <message>
        <source>The cluster is deleted when the job ends, so its memory is not held.</source>
        <translation>任务结束时删除集群，因此不会一直占用其内存。</translation>
    </message>
    <message>
        <source>The trainer&apos;s container in every runtime Trainer ships is named node; a patch naming a container the runtime lacks is refused by Trainer&apos;s webhook.</source>
        <translation>Trainer 自带的每个运行时中，trainer 的容器都名为 node；补丁若指定了运行时中不存在的容器，会被 Trainer 的 webhook 拒绝。</translation>
    </message>
    <message>
        <source>Added to the runtime&apos;s own mounts (the patch merges, it does not replace), so the node container&apos;s /dev/shm is this volume instead of the runtime&apos;s 64 MiB.</source>
        <translation>添加到运行时自身的挂载中（补丁是合并而不是替换），因此 node 容器的 /dev/shm 是这个卷，而不是运行时默认的 64 MiB。</translation>
    </message>
    <message>
        <source>Kubeflow Trainer TrainJob with a sized /dev/shm</source>
        <translation>带有指定大小 /dev/shm 的 Kubeflow Trainer TrainJob</translation>
    </message>
    <message>
        <source>The ClusterTrainingRuntime for PyTorch that Trainer ships (kind and apiGroup default to it). A runtime of your own works the same if its trainer job and container are named node.</source>
        <translation>Trainer 自带的 PyTorch ClusterTrainingRuntime（kind 和 apiGroup 默认指向它）。自定义的运行时只要其 trainer 任务和容器都名为 node，同样适用。</translation>
    </message>
    <message>
        <source>torchrun starts the node&apos;s training processes; the torch runtime passes it the nodes, the processes per node and the rendezvous (PET_* variables).</source>
        <translation>torchrun 启动该节点的训练进程；torch 运行时向它传递节点数、每节点进程数和 rendezvous 设置（PET_* 变量）。</translation>
    </message>
    <message>
        <source>The hosts in the job (nccl.nodes).</source>
        <translation>任务中的主机数（nccl.nodes）。</translation>
    </message>
    <message>
        <source>One node: the profile gives no host count (nccl.nodes).</source>
        <translation>一个节点：配置档案未给出主机数（nccl.nodes）。</translation>
    </message>
    <message>
        <source>The plan counts %1 training processes in each node, all sharing its /dev/shm.</source>
        <translation>规划在每个节点中计入 %1 个训练进程，它们共享该节点的 /dev/shm。</translation>
    </message>
    <message>
        <source>The job&apos;s %1 plus %2 for /dev/shm, whose pages count against the node container&apos;s memory limit. A patch cannot set resources: resourcesPerNode is the trainer container&apos;s.</source>
        <translation>任务的 %1 加上 /dev/shm 的 %2，/dev/shm 的页面计入 node 容器的内存限制。补丁无法设置 resources：resourcesPerNode 即 trainer 容器的资源。</translation>
    </message>
    <message>
        <source>v2.0&apos;s field for changing the runtime&apos;s pods; v2.1 renamed it podTemplateOverrides and v2.2 replaced it with runtimePatches.</source>
        <translation>v2.0 中用于修改运行时 Pod 的字段；v2.1 将其更名为 podTemplateOverrides，v2.2 用 runtimePatches 取代了它。</translation>
    </message>
    <message>
        <source>The runtime&apos;s replicated job for the training nodes.</source>
        <translation>运行时中对应训练节点的 replicated job。</translation>
    </message>
    <message>
        <source>v2.1&apos;s field for changing the runtime&apos;s pods (v2.0 called it podSpecOverrides; v2.2 replaced it with runtimePatches).</source>
        <translation>v2.1 中用于修改运行时 Pod 的字段（v2.0 中名为 podSpecOverrides；v2.2 用 runtimePatches 取代了它）。</translation>
    </message>
    <message>
        <source>From v2.2 a TrainJob patches its runtime with runtimePatches (before it: podTemplateOverrides in v2.1, podSpecOverrides in v2.0).</source>
        <translation>自 v2.2 起，TrainJob 用 runtimePatches 修补其运行时（此前：v2.1 中为 podTemplateOverrides，v2.0 中为 podSpecOverrides）。</translation>
    </message>
    <message>
        <source>Each patch names who manages it, as a domain and a path; the webhook refuses a name without a domain. Any name your team owns will do.</source>
        <translation>每个补丁都以域名加路径的形式指明由谁管理它；webhook 会拒绝不含域名的名称。任何属于你们团队的名称都可以。</translation>
    </message>
    <message>
        <source>The size counts Ray&apos;s object store (%1) beside the DataLoaders: start Ray with ray start --object-store-memory=%2 (or ray.init(object_store_memory=%2)), so it keeps to its share instead of taking up to 95% of /dev/shm.</source>
        <translation>此大小已把 Ray 的对象存储（%1）与 DataLoader 一并计入：启动 Ray 时请用 ray start --object-store-memory=%2（或 ray.init(object_store_memory=%2)），使其只占自己那一份，而不是占用最多 95% 的 /dev/shm。</translation>
    </message>
    <message>
        <source>%1, what the plan recommends for one of these pods; a policy such as Kyverno&apos;s add-emptydir-sizelimit, which gives emptyDir volumes without a sizeLimit 100Mi, then leaves it alone.</source>
        <translation>%1，即规划为其中一个 Pod 推荐的大小；这样，像 Kyverno 的 add-emptydir-sizelimit 这类为没有 sizeLimit 的 emptyDir 设置 100Mi 的策略就不会再改动它。</translation>
    </message>
    <message>
        <source>GitHub Actions job in a container with a sized /dev/shm</source>
        <translation>在带有指定大小 /dev/shm 的容器中运行的 GitHub Actions 任务</translation>
    </message>
    <message>
        <source>A GitHub Actions workflow (put it in .github/workflows/) whose job runs in the training image with a /dev/shm of %1: a job container gets Docker&apos;s 64 MiB unless its options say otherwise. Each service container has options of its own.</source>
        <translation>一个 GitHub Actions 工作流（放在 .github/workflows/ 中），其任务在训练镜像中运行，/dev/shm 为 %1：除非 options 另有指定，任务容器只有 Docker 默认的 64 MiB。每个服务容器都有自己的 options。</translation>
    </message>
    <message>
        <source>GitHub&apos;s hosted runners have no GPUs: a self-hosted runner with the NVIDIA container toolkit, labelled gpu here.</source>
        <translation>GitHub 托管的运行器没有 GPU：此处为安装了 NVIDIA container toolkit 的自托管运行器，标签为 gpu。</translation>
    </message>
    <message>
        <source>A container job needs a Linux runner.</source>
        <translation>容器任务需要 Linux 运行器。</translation>
    </message>
    <message>
        <source>Flags of docker create, which the runner passes on as written: --shm-size=%1 gives the job&apos;s container %2 of /dev/shm (the plan needs at least %3).</source>
        <translation>docker create 的标志，运行器会原样传递：--shm-size=%1 为任务的容器提供 %2 的 /dev/shm（规划至少需要 %3）。</translation>
    </message>
    <message>
        <source>The job&apos;s command, run by the shell in the container.</source>
        <translation>任务的命令，由容器中的 shell 运行。</translation>
    </message>
    <message>
        <source>GitLab Runner (Docker executor) with a sized /dev/shm</source>
        <translation>带有指定大小 /dev/shm 的 GitLab Runner（Docker executor）</translation>
    </message>
    <message>
        <source>A runner section for GitLab Runner&apos;s config.toml (/etc/gitlab-runner/ on the runner host; restart it after editing): every job it runs, and its service containers, get a /dev/shm of %1. .gitlab-ci.yml has no setting for it, so runners meant for DataLoader tests are sized here; register the runner first and merge these keys into its section.</source>
        <translation>GitLab Runner 的 config.toml 中的一个运行器配置节（位于运行器主机的 /etc/gitlab-runner/；编辑后请重启它）：它运行的每个任务及其服务容器都获得 %1 的 /dev/shm。.gitlab-ci.yml 中没有对应的设置，因此用于 DataLoader 测试的运行器要在这里设置大小；请先注册运行器，再将这些键合并到它的配置节中。</translation>
    </message>
    <message>
        <source>The section gitlab-runner register wrote, with its url and token, which are left out here.</source>
        <translation>gitlab-runner register 写入的配置节，含有其 url 和 token，此处省略。</translation>
    </message>
    <message>
        <source>The image for jobs that name none.</source>
        <translation>用于未指定镜像的任务的镜像。</translation>
    </message>
    <message>
        <source>The job&apos;s memory plus its /dev/shm, whose pages count against the container&apos;s memory limit.</source>
        <translation>任务的内存加上其 /dev/shm，/dev/shm 的页面计入容器的内存限制。</translation>
    </message>
    <message>
        <source>The runner host&apos;s GPUs, through the NVIDIA container toolkit.</source>
        <translation>运行器主机的 GPU，通过 NVIDIA container toolkit 提供。</translation>
    </message>
    <message>
        <source>For a cluster where many jobs need it: every new pod labelled %1=true gets an emptyDir in memory (medium: Memory) of %2 at /dev/shm, unless it already mounts one. It does not raise the pods&apos; memory limits, which must hold the %2 as well, since the tmpfs pages count against them.</source>
        <translation>适用于许多任务都需要它的集群：每个带有 %1=true 标签的新 Pod 都会在 /dev/shm 获得一个 %2 的基于内存的 emptyDir（medium: Memory），除非它已挂载了一个。它不会提高 Pod 的内存限制，而内存限制也必须容纳这 %2，因为 tmpfs 的页面计入内存限制。</translation>
    </message>
    <message>
        <source>Every Ray pod gets an emptyDir in memory of %1 at /dev/shm: Ray&apos;s object store (%2) and the DataLoaders share it. Apply with: kubectl apply -f %3.</source>
        <translation>每个 Ray Pod 都在 /dev/shm 获得一个 %1 的基于内存的 emptyDir：Ray 的对象存储（%2）和 DataLoader 共享它。应用命令：kubectl apply -f %3。</translation>
    </message>
    <message>
        <source>The job runs in %1 with Apptainer, which shares the node&apos;s /dev/shm.</source>
        <translation>任务通过 Apptainer 在 %1 中运行，Apptainer 共享节点的 /dev/shm。</translation>
    </message>
    <message>
        <source>The job runs in %1 with enroot through pyxis (srun --container-image), which binds the node&apos;s /dev/shm in.</source>
        <translation>任务通过 pyxis（srun --container-image）用 enroot 在 %1 中运行，enroot 会将节点的 /dev/shm 绑定挂载进来。</translation>
    </message>
    <message>
        <source>Apptainer binds the node&apos;s /dev (mount dev = yes in apptainer.conf), so the job sees the node&apos;s /dev/shm that the check above measured. Do not add --contain or --containall: they give the container a private tmpfs /dev/shm mounted without a size (half of the node&apos;s RAM), which the check did not see (internal/pkg/runtime/engine/apptainer/container_linux.go, addDevMount, v1.5.3).</source>
        <translation>Apptainer 绑定挂载节点的 /dev（apptainer.conf 中的 mount dev = yes），因此任务看到的是上面的检查所测量的节点 /dev/shm。不要添加 --contain 或 --containall：它们会为容器提供一个未指定大小挂载的私有 tmpfs /dev/shm（节点内存的一半），而上面的检查看不到它（internal/pkg/runtime/engine/apptainer/container_linux.go，addDevMount，v1.5.3）。</translation>
    </message>
    <message>
        <source>--nv makes the node&apos;s NVIDIA driver and GPUs visible in the container.</source>
        <translation>--nv 使节点的 NVIDIA 驱动和 GPU 在容器中可见。</translation>
    </message>
    <message>
        <source>pyxis runs the image with enroot, which bind-mounts the node&apos;s /dev/shm into the container (conf/mounts/10-system.fstab, enroot 4.1.2): the check above measured what the job gets, shared with the node&apos;s other jobs. pyxis 0.24&apos;s --container-unshare=ipc would give a private one through ENROOT_UNSHARE_IPC, which no enroot release has yet; pyxis has no size option for /dev/shm.</source>
        <translation>pyxis 用 enroot 运行镜像，enroot 将节点的 /dev/shm 绑定挂载到容器中（conf/mounts/10-system.fstab，enroot 4.1.2）：上面的检查测量的正是任务获得的 /dev/shm，它与节点上的其他任务共享。pyxis 0.24 的 --container-unshare=ipc 本可通过 ENROOT_UNSHARE_IPC 提供一个私有的 /dev/shm，但目前还没有任何 enroot 发布版本支持它；pyxis 没有设置 /dev/shm 大小的选项。</translation>
    </message>
    <message>
        <source>enroot writes the registry and the image apart, with &apos;#&apos;: %1 is %2.</source>
        <translation>enroot 用 &apos;#&apos; 分隔镜像仓库和镜像：%1 写作 %2。</translation>
    </message>
    <message>
        <source>A Kubeflow Trainer v%1 TrainJob on the torch-distributed runtime, with an emptyDir in memory of %2 at /dev/shm in every node. Trainer&apos;s runtimes mount no /dev/shm, so without it each node gets the container runtime&apos;s 64 MiB. Apply with: kubectl apply -f trainjob.yaml. The field that patches the runtime changed in each release: set the release in the profile (kubernetes.trainer_release) to the one on the cluster.</source>
        <translation>基于 torch-distributed 运行时的 Kubeflow Trainer v%1 TrainJob，在每个节点的 /dev/shm 挂载一个 %2 的基于内存的 emptyDir。Trainer 的运行时不挂载 /dev/shm，因此没有它时每个节点只有容器运行时默认的 64 MiB。应用命令：kubectl apply -f trainjob.yaml。用于修补运行时的字段在每个发布版本中都有变化：请在配置档案中（kubernetes.trainer_release）将发布版本设为集群上的版本。</translation>
    </message>
    <message>
        <source>An integer of bytes (%1), not a string such as &quot;8g&quot;: gitlab-runner reads it as an int64 (common/config.go). It applies to the build and service containers.</source>
        <translation>以字节为单位的整数（%1），而不是 &quot;8g&quot; 这样的字符串：gitlab-runner 将其读取为 int64（common/config.go）。它适用于构建容器和服务容器。</translation>
    </message>
    <message>
        <source>No store size: the profile gives neither ray.object_store_memory nor the job&apos;s memory, so Ray takes 30% of what it sees; set one and generate again.</source>
        <translation>未设置对象存储大小：配置档案既没有给出 ray.object_store_memory，也没有给出任务的内存，因此 Ray 会取其所见内存的 30%；请设置其中之一后重新生成。</translation>
    </message>
    <message>
        <source>size not known</source>
        <translation>大小未知</translation>
    </message>
    <message>
        <source>%1 holds ${{, which GitHub would evaluate as an expression (a pull request&apos;s title could become part of it): each ${{ is written as ${{ &apos;${{&apos; }}, which GitHub reads as the literal ${{.</source>
        <translation>%1 中含有 ${{，GitHub 会把它当作表达式求值（拉取请求的标题可能成为其中一部分）：每个 ${{ 都写成 ${{ &apos;${{&apos; }}，GitHub 会将其读作字面的 ${{。</translation>
    </message>
    <message>
        <source>The image</source>
        <translation>镜像</translation>
    </message>
    <message>
        <source>The job&apos;s command (job.command)</source>
        <translation>任务的命令（job.command）</translation>
    </message>
    <message>
        <source>Each $ of the command is written $$: KubeRay&apos;s submitter runs it from a container&apos;s args, where Kubernetes expands $(NAME) from the container&apos;s environment and reads $$ as one literal $.</source>
        <translation>命令中的每个 $ 都写成 $$：KubeRay 的 submitter 从容器的 args 运行它，而 Kubernetes 会用容器的环境变量展开其中的 $(NAME)，并把 $$ 读作一个字面的 $。</translation>
    </message>
    <message>
        <source>A PyTorchJob has exactly one Master; with the Workers, one pod per host of the job (nccl.nodes: %1).</source>
        <translation>PyTorchJob 恰好有一个 Master；加上各 Worker，任务的每台主机一个 pod（nccl.nodes: %1）。</translation>
    </message>
    <message>
        <source>A PyTorchJob has exactly one Master. The profile gives no host count (nccl.nodes), so the job is this one pod; add a Worker spec for more hosts.</source>
        <translation>PyTorchJob 恰好有一个 Master。配置文件没有给出主机数（nccl.nodes），所以任务只有这一个 pod；要用更多主机，请加上 Worker 规格。</translation>
    </message>
    <message>
        <source>The other hosts of the job: %1 hosts in all (nccl.nodes).</source>
        <translation>任务的其余主机：共 %1 台主机（nccl.nodes）。</translation>
    </message>
    <message>
        <source>This is one pod on one host, but the job has %1 hosts (nccl.nodes): for a job across hosts choose a PyTorchJob, a TrainJob or a RayJob on the Environment page, which start one pod per host with the same /dev/shm.</source>
        <translation>这是一台主机上的一个 Pod，但任务有 %1 台主机（nccl.nodes）：跨主机的任务请在“运行环境”页面选择 PyTorchJob、TrainJob 或 RayJob，它们会在每台主机上启动一个 Pod，并使用相同的 /dev/shm。</translation>
    </message>
    <message>
        <source>Submit with sbatch train.sbatch. Before training it checks that /dev/shm on each node of the job is at least %1 and has that much free, and that ulimit -n is at least %2, and stops with a message saying which is short; then it starts the training processes with srun. Slurm has no per-job /dev/shm size: the job gets the node&apos;s /dev/shm (recommended: %3, set by an administrator in each node&apos;s /etc/fstab), or, with the job_container/tmpfs plugin, a private one of half the node&apos;s RAM.</source>
        <translation>用 sbatch train.sbatch 提交。训练开始前，它会检查任务每个节点上的 /dev/shm 至少为 %1 且有这么多空闲空间，以及 ulimit -n 至少为 %2；若有不足，则停止并说明哪一项不够；然后用 srun 启动训练进程。Slurm 没有按任务设置的 /dev/shm 大小：任务使用节点的 /dev/shm（建议：%3，由管理员在每个节点的 /etc/fstab 中设置），或者在使用 job_container/tmpfs 插件时，使用一个大小为节点内存一半的私有 /dev/shm。</translation>
    </message>
    <message>
        <source>The job&apos;s hosts (nccl.nodes).</source>
        <translation>任务的主机数（nccl.nodes）。</translation>
    </message>
    <message>
        <source>A copy of this script run by the line below stops here: it only checks.</source>
        <translation>由下面一行运行的本脚本副本会在此处停止：它只做检查。</translation>
    </message>
    <message>
        <source>The checks above ran on the first node only: every node of the job runs them on its own /dev/shm, one task each, reading this script on its standard input.</source>
        <translation>上面的检查只在第一个节点上运行过：任务的每个节点都在自己的 /dev/shm 上运行这些检查，每个节点一个 task，从标准输入读取本脚本。</translation>
    </message>
    <message>
        <source>The image&apos;s entrypoint is its server (vllm serve): the command&apos;s program replaces it, so the arguments below are not given to it twice.</source>
        <translation>镜像的 entrypoint 就是它的服务器（vllm serve）：命令中的程序会取代它，因此下面的参数不会被重复传给它。</translation>
    </message>
    <message>
        <source>systemd mounts /dev/shm at half of RAM by default (%1 of this host&apos;s %2), unless the host&apos;s fstab or its mount options say otherwise: df -h /dev/shm shows the size it has.</source>
        <translation>systemd 默认以一半内存挂载 /dev/shm（此主机 %2 中的 %1），除非主机的 fstab 或其挂载选项另有设置：df -h /dev/shm 会显示它的实际大小。</translation>
    </message>
    <message>
        <source>A compose service whose /dev/shm is %1 instead of Docker&apos;s 64 MiB default. Works with docker compose v2 and docker-compose 1.x; not with docker stack deploy, which ignores shm_size: for Swarm, choose Docker Swarm as where the job runs (environment: swarm) for a stack file that mounts a tmpfs.</source>
        <translation>一个 /dev/shm 为 %1 而非 Docker 默认 64 MiB 的 compose 服务。适用于 docker compose v2 和 docker-compose 1.x；不适用于会忽略 shm_size 的 docker stack deploy：对于 Swarm，请把任务运行位置选为 Docker Swarm（environment: swarm），以得到挂载 tmpfs 的 stack 文件。</translation>
    </message>
    <message>
        <source>Prometheus alerting rules for /dev/shm</source>
        <translation>/dev/shm 的 Prometheus 告警规则</translation>
    </message>
    <message>
        <source>Alerts before /dev/shm breaks the job: at %1% and %2% full, at %1% of the user&apos;s quota, near the memory limit /dev/shm is charged to, for files no process holds, and when the metrics stop. They read the metrics shmwise watch --textfile writes for node_exporter&apos;s textfile collector (node_exporter leaves /dev/shm out of its own file system metrics). Add the file to rule_files in prometheus.yml; promtool check rules shm-alerts.yml checks it.</source>
        <translation>在 /dev/shm 让任务失败之前告警：使用达到 %1% 和 %2% 时、用户配额用到 %1% 时、接近 /dev/shm 所计入的内存限制时、有文件不被任何进程持有时，以及指标停止更新时。它们读取 shmwise watch --textfile 为 node_exporter 的 textfile 收集器写入的指标（node_exporter 自己的文件系统指标不包含 /dev/shm）。把该文件加入 prometheus.yml 的 rule_files；promtool check rules shm-alerts.yml 可检查它。</translation>
    </message>
    <message>
        <source>No sampler is generated for %1: run shmwise watch --target T --textfile DIR where it reaches the job (a pod&apos;s k8s:// target from a machine with kubectl), with DIR node_exporter&apos;s textfile directory.</source>
        <translation>没有为 %1 生成采样器：请在能访问到任务的地方运行 shmwise watch --target T --textfile DIR（对 Pod 的 k8s:// 目标，在装有 kubectl 的机器上运行），DIR 为 node_exporter 的 textfile 目录。</translation>
    </message>
    <message>
        <source>They watch %1 only, and say when its /dev/shm is smaller than the %2 the job needs.</source>
        <translation>它们只监视 %1，并在其 /dev/shm 小于任务所需的 %2 时告警。</translation>
    </message>
    <message>
        <source>The plan&apos;s least /dev/shm for this job, %1: below it the job dies with a Bus error.</source>
        <translation>规划给出的本任务最小 /dev/shm 为 %1：低于它，任务会因 Bus error 而终止。</translation>
    </message>
    <message>
        <source>memory.current counts the page cache too, which the kernel reclaims first: the alert waits for %1% for five minutes.</source>
        <translation>memory.current 也计入页缓存，内核会先回收它：该告警等到 %1% 持续五分钟才触发。</translation>
    </message>
    <message>
        <source>Only the metrics of %1, the target the generated timer samples.</source>
        <translation>只针对 %1 的指标，即生成的定时器所采样的目标。</translation>
    </message>
    <message>
        <source>systemd service that writes the /dev/shm metrics</source>
        <translation>写入 /dev/shm 指标的 systemd 服务</translation>
    </message>
    <message>
        <source>Samples %1 once (shmwise watch --once) and writes shmwise_shm.prom into %2, the directory Debian&apos;s prometheus-node-exporter reads, atomically. Its timer starts it; install both into /etc/systemd/system.</source>
        <translation>对 %1 采样一次（shmwise watch --once），并以原子方式把 shmwise_shm.prom 写入 %2，即 Debian 的 prometheus-node-exporter 读取的目录。由它的定时器启动；把两个文件都安装到 /etc/systemd/system。</translation>
    </message>
    <message>
        <source>The container docker run names %1: the /dev/shm inside it is the job&apos;s, not the host&apos;s.</source>
        <translation>docker run 命名的容器 %1：其中的 /dev/shm 属于任务，而不是主机。</translation>
    </message>
    <message>
        <source>systemd timer that samples /dev/shm every 30 seconds</source>
        <translation>每 30 秒对 /dev/shm 采样的 systemd 定时器</translation>
    </message>
    <message>
        <source>Starts the service every 30 seconds, so the alerts&apos; 5-minute windows have ten samples. After copying both files: systemctl daemon-reload &amp;&amp; systemctl enable --now %1.timer.</source>
        <translation>每 30 秒启动一次该服务，使告警的 5 分钟窗口内有十个样本。复制两个文件后执行：systemctl daemon-reload &amp;&amp; systemctl enable --now %1.timer。</translation>
    </message>
    <message>
        <source>LeaderWorkerSet with a sized /dev/shm</source>
        <translation>/dev/shm 已定大小的 LeaderWorkerSet</translation>
    </message>
    <message>
        <source>A LeaderWorkerSet (the LWS operator, v0.10) starts each replica as a group of %1 pods, one per host, the leader first; each gets the same /dev/shm, and LWS gives each its LWS_LEADER_ADDRESS, LWS_GROUP_SIZE and LWS_WORKER_INDEX for the server&apos;s multi-host start.</source>
        <translation>LeaderWorkerSet（LWS operator，v0.10）把每个副本作为一组 %1 个 Pod 启动，每台主机一个，leader 最先启动；每个 Pod 得到同样的 /dev/shm，LWS 还给每个 Pod 设置 LWS_LEADER_ADDRESS、LWS_GROUP_SIZE 和 LWS_WORKER_INDEX，供服务跨主机启动使用。</translation>
    </message>
    <message>
        <source>One pod per host of a replica (nccl.nodes: %1).</source>
        <translation>副本的每台主机一个 Pod（nccl.nodes：%1）。</translation>
    </message>
    <message>
        <source>One pod: the profile gives no host count (nccl.nodes); set it for a server across hosts.</source>
        <translation>一个 Pod：配置档案没有给出主机数（nccl.nodes）；服务跨主机时请设置它。</translation>
    </message>
    <message>
        <source>A pod that fails restarts its whole group: a server&apos;s processes across hosts start together or not at all.</source>
        <translation>一个 Pod 失败会重启整组：服务在各主机上的进程要么一起启动，要么都不启动。</translation>
    </message>
    <message>
        <source>The leader starts Ray&apos;s head for the group&apos;s %1 pods, then the server, which spreads its processes over them; Kubernetes puts LWS_GROUP_SIZE in.</source>
        <translation>leader 先为组内的 %1 个 Pod 启动 Ray 的 head，再启动服务，服务把它的进程分布到这些 Pod 上；LWS_GROUP_SIZE 由 Kubernetes 填入。</translation>
    </message>
    <message>
        <source>Each worker joins the leader&apos;s Ray cluster and runs the server&apos;s processes it is given.</source>
        <translation>每个 worker 加入 leader 的 Ray 集群，运行分配给它的服务进程。</translation>
    </message>
    <message>
        <source>Ray&apos;s object store is in each pod&apos;s /dev/shm too: the plan counts it when the profile gives its size (ray.object_store_memory); Ray takes 30% of the pod&apos;s memory otherwise, up to what /dev/shm has free.</source>
        <translation>Ray 的对象存储也在每个 Pod 的 /dev/shm 中：配置档案给出其大小（ray.object_store_memory）时，规划会计入它；否则 Ray 取 Pod 内存的 30%，以 /dev/shm 的剩余空间为上限。</translation>
    </message>
    <message>
        <source>For the pods of namespace %1 they also read what shmwise watch --kubelet writes from the kubelets (each memory emptyDir&apos;s use, size and sizeLimit, and the pod&apos;s memory limit), and say when one is smaller than the %2 the job needs.</source>
        <translation>对于命名空间 %1 中的 Pod，它们还读取 shmwise watch --kubelet 从各 kubelet 写出的数字（每个内存 emptyDir 的已用、大小和 sizeLimit，以及 Pod 的内存限制），并在某个 emptyDir 小于任务所需的 %2 时告警。</translation>
    </message>
    <message>
        <source>Install them on a machine whose root has a kubeconfig for the cluster (its own, or the one KUBECONFIG names in the service&apos;s environment) and whose node_exporter Prometheus scrapes; the kubeconfig&apos;s user needs to list pods and nodes and to get the nodes/proxy resource. No pod is entered: each node&apos;s kubelet is asked once.</source>
        <translation>请把它们装在一台 root 拥有该集群 kubeconfig（它自己的，或服务环境中 KUBECONFIG 指定的那个）、且其 node_exporter 被 Prometheus 抓取的机器上；kubeconfig 的用户需要能列出 pods 和 nodes，并能 get nodes/proxy 资源。不进入任何 Pod：每个节点的 kubelet 只被询问一次。</translation>
    </message>
    <message>
        <source>Every memory emptyDir volume of the namespace, from each node&apos;s kubelet (one kubectl call per node), with no exec into any pod.</source>
        <translation>命名空间中的内存 emptyDir 取自每个节点的 kubelet（每个节点一次 kubectl 调用），不在任何 Pod 中执行命令。</translation>
    </message>
    <message>
        <source>KServe InferenceService with a sized /dev/shm</source>
        <translation>/dev/shm 已定大小的 KServe InferenceService</translation>
    </message>
    <message>
        <source>A KServe InferenceService whose predictor runs the server&apos;s own container with the emptyDir at /dev/shm, in KServe&apos;s raw deployment mode (a Deployment and a Service, no Knative, which takes an emptyDir only where its operator allows one).</source>
        <translation>一个 KServe InferenceService：其 predictor 运行服务自己的容器，/dev/shm 上挂载 emptyDir，使用 KServe 的 raw deployment 模式（一个 Deployment 和一个 Service，不经过 Knative；Knative 只在其管理员允许时才接受 emptyDir）。</translation>
    </message>
    <message>
        <source>Raw deployment: KServe makes a plain Deployment, whose pod spec takes the emptyDir as written.</source>
        <translation>Raw deployment：KServe 生成普通的 Deployment，其 Pod 规格按原样接受这个 emptyDir。</translation>
    </message>
</context>
<context>
    <name>shmwise::Help</name>
    <message>
        <source>&lt;b&gt;Batch size&lt;/b&gt;: samples per batch (DataLoader batch_size). Every batch a worker prepares sits in /dev/shm, so /dev/shm grows in step with it.</source>
        <translation>&lt;b&gt;Batch 大小&lt;/b&gt;：每个 batch 的样本数（DataLoader batch_size）。worker 准备的每个 batch 都放在 /dev/shm 中，因此 /dev/shm 随之同步增长。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Processes per node&lt;/b&gt;: data-parallel ranks on one host (torchrun --nproc-per-node). Each has its own DataLoader and workers, so the /dev/shm of one process is multiplied by this; with NCCL, its intra-node buffers are added per rank.</source>
        <translation>&lt;b&gt;每节点进程数&lt;/b&gt;：一台主机上的数据并行 rank 数（torchrun --nproc-per-node）。每个进程都有自己的 DataLoader 和 worker，因此单个进程的 /dev/shm 要乘以此数；使用 NCCL 时，每个 rank 还要加上其节点内缓冲区。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Workers&lt;/b&gt;: worker processes that load batches (num_workers). Each collates its batches into /dev/shm: up to workers × prefetch factor batches are in flight, plus the ones the training loop holds. 0 loads in the main process and uses no /dev/shm for batches.</source>
        <translation>&lt;b&gt;Worker 数&lt;/b&gt;：加载 batch 的 worker 进程数（num_workers）。每个 worker 把 batch 整理到 /dev/shm 中：最多有 worker 数 × 预取因子个 batch 在途，另加训练循环持有的 batch。0 表示在主进程中加载，batch 不使用 /dev/shm。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Prefetch factor&lt;/b&gt;: batches each worker prepares ahead (prefetch_factor; PyTorch&apos;s default is 2). /dev/shm holds workers × this many batches. Only allowed with workers.</source>
        <translation>&lt;b&gt;预取因子&lt;/b&gt;：每个 worker 提前准备的 batch 数（prefetch_factor；PyTorch 默认为 2）。/dev/shm 容纳 worker 数 × 此数个 batch。仅在有 worker 时允许设置。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Persistent workers&lt;/b&gt;: keep the workers between epochs (persistent_workers). Saves starting them again, and the measured /dev/shm peak was about one batch lower. Needs workers.</source>
        <translation>&lt;b&gt;持久 worker&lt;/b&gt;：在 epoch 之间保留 worker（persistent_workers）。省去重新启动它们的开销，实测 /dev/shm 峰值约低一个 batch。需要有 worker。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Pin memory&lt;/b&gt;: copies each batch into page-locked RAM for faster GPU transfer (pin_memory). It uses RAM, not /dev/shm, so it does not change the size needed.</source>
        <translation>&lt;b&gt;锁页内存&lt;/b&gt;：把每个 batch 复制到页锁定内存以加快向 GPU 传输（pin_memory）。它使用的是内存而不是 /dev/shm，因此不改变所需大小。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Start method&lt;/b&gt;: how workers are started (fork, spawn, forkserver). Under spawn and forkserver the tensors the Dataset object holds are moved into /dev/shm for the loader&apos;s life; fork shares them without /dev/shm.</source>
        <translation>&lt;b&gt;启动方式&lt;/b&gt;：worker 的启动方式（fork、spawn、forkserver）。在 spawn 和 forkserver 下，Dataset 对象持有的张量会在加载器存续期间移入 /dev/shm；fork 则不经 /dev/shm 共享它们。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Sharing strategy&lt;/b&gt;: how tensors are passed between processes. Both keep the data in /dev/shm: file_descriptor (the default on Linux) holds an open file per shared tensor, so it needs a high ulimit -n; file_system passes names instead and can leave torch_* files behind after a crash. Neither makes /dev/shm smaller.</source>
        <translation>&lt;b&gt;共享策略&lt;/b&gt;：张量在进程间传递的方式。两种策略都把数据保存在 /dev/shm 中：file_descriptor（Linux 上的默认值）为每个共享张量持有一个打开的文件，因此需要较高的 ulimit -n；file_system 改为传递名称，崩溃后可能遗留 torch_* 文件。两者都不会让 /dev/shm 变小。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Dataset tensors&lt;/b&gt;: tensors the Dataset object itself holds (for example a preloaded table). Under spawn or forkserver they are moved into /dev/shm and stay there. Type a size such as 512MiB or 2GiB.</source>
        <translation>&lt;b&gt;Dataset 张量&lt;/b&gt;：Dataset 对象自身持有的张量（例如预加载的表）。在 spawn 或 forkserver 下，它们会移入 /dev/shm 并一直留在那里。请输入大小，例如 512MiB 或 2GiB。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Sample size&lt;/b&gt;: the bytes of one sample when you do not list its tensors, such as 4MiB. A batch is this times the batch size, and each batch in flight takes that much /dev/shm.</source>
        <translation>&lt;b&gt;样本大小&lt;/b&gt;：未列出张量时一个样本的字节数，例如 4MiB。一个 batch 为此值乘以 batch 大小，每个在途的 batch 占用这么多 /dev/shm。</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Target&lt;/h3&gt;&lt;p&gt;The machine whose /dev/shm, memory and limits ShmWise reads. The probe is a read-only shell script sent on standard input; nothing is installed.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;目标主机&lt;/h3&gt;&lt;p&gt;ShmWise 读取其 /dev/shm、内存和限制的机器。探测是一个通过标准输入发送的只读 shell 脚本；不会安装任何东西。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>This computer</source>
        <translation>本机</translation>
    </message>
    <message>
        <source>Probe the machine ShmWise runs on.</source>
        <translation>探测运行 ShmWise 的机器。</translation>
    </message>
    <message>
        <source>SSH host</source>
        <translation>SSH 主机</translation>
    </message>
    <message>
        <source>[user@]host[:port], or an alias from your SSH config. Keys and agents are your own ssh&apos;s; ShmWise never asks for a password.</source>
        <translation>[user@]host[:port]，或 SSH 配置中的别名。密钥和 agent 使用你自己的 ssh；ShmWise 从不询问密码。</translation>
    </message>
    <message>
        <source>Config file</source>
        <translation>配置文件</translation>
    </message>
    <message>
        <source>Another OpenSSH config file (ssh -F); empty for your own.</source>
        <translation>另一个 OpenSSH 配置文件（ssh -F）；留空则使用你自己的。</translation>
    </message>
    <message>
        <source>Docker container</source>
        <translation>Docker 容器</translation>
    </message>
    <message>
        <source>The name of a running container, probed with docker exec: the /dev/shm inside is the one a job there gets.</source>
        <translation>正在运行的容器名称，通过 docker exec 探测：其中的 /dev/shm 就是在那里运行的任务所获得的。</translation>
    </message>
    <message>
        <source>Kubernetes pod</source>
        <translation>Kubernetes Pod</translation>
    </message>
    <message>
        <source>Namespace, pod and container, probed with kubectl exec.</source>
        <translation>命名空间、Pod 和容器，通过 kubectl exec 探测。</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Environment&lt;/h3&gt;&lt;p&gt;Where the training job runs decides who sets /dev/shm and in which syntax: the generated files follow it.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;运行环境&lt;/h3&gt;&lt;p&gt;训练任务在哪里运行，决定了由谁以何种语法设置 /dev/shm：生成的文件会随之调整。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Runs on</source>
        <translation>运行于</translation>
    </message>
    <message>
        <source>Bare metal, a container runtime, Kubernetes or a cloud service. Containers get 64 MiB unless configured (Azure ML 2 GiB).</source>
        <translation>物理机、容器运行时、Kubernetes 或云服务。除非另行配置，容器只有 64 MiB（Azure ML 为 2 GiB）。</translation>
    </message>
    <message>
        <source>Kubernetes kind and namespace</source>
        <translation>Kubernetes 类型和命名空间</translation>
    </message>
    <message>
        <source>The object the manifest describes (Pod, Deployment, Job, PyTorchJob) and its namespace; shown for Kubernetes only.</source>
        <translation>清单所描述的对象（Pod、Deployment、Job、PyTorchJob）及其命名空间；仅对 Kubernetes 显示。</translation>
    </message>
    <message>
        <source>I can change the size of /dev/shm there</source>
        <translation>我可以修改那里的 /dev/shm 大小</translation>
    </message>
    <message>
        <source>Off when someone else runs the host: then the DataLoader settings are fitted to the /dev/shm there is (Workload page).</source>
        <translation>当主机由他人管理时关闭：此时 DataLoader 设置会适配到现有的 /dev/shm（“工作负载”页面）。</translation>
    </message>
    <message>
        <source>Current /dev/shm</source>
        <translation>当前 /dev/shm</translation>
    </message>
    <message>
        <source>Its size there, if you know it, such as 64MiB or 8GiB.</source>
        <translation>如果知道，填写它在那里的大小，例如 64MiB 或 8GiB。</translation>
    </message>
    <message>
        <source>Job name, image, command</source>
        <translation>任务名称、镜像、命令</translation>
    </message>
    <message>
        <source>Used in the generated files: the container image and the command that starts training.</source>
        <translation>用于生成的文件：容器镜像和启动训练的命令。</translation>
    </message>
    <message>
        <source>Job memory</source>
        <translation>任务内存</translation>
    </message>
    <message>
        <source>The container&apos;s memory limit before /dev/shm. /dev/shm pages count against the limit, so the files add /dev/shm on top.</source>
        <translation>不含 /dev/shm 的容器内存限制。/dev/shm 的页面计入限制，因此生成的文件会在此基础上加上 /dev/shm。</translation>
    </message>
    <message>
        <source>GPUs per node</source>
        <translation>每节点 GPU 数</translation>
    </message>
    <message>
        <source>GPUs the job uses on one host.</source>
        <translation>任务在一台主机上使用的 GPU 数。</translation>
    </message>
    <message>
        <source>Host memory and CPUs</source>
        <translation>主机内存和 CPU</translation>
    </message>
    <message>
        <source>What the host has; the Host page can fill them from a probe.</source>
        <translation>主机拥有的资源；“主机”页面可以通过探测填写。</translation>
    </message>
    <message>
        <source>Sizes are read the way the environment reads them: 8G is 8 GiB to Docker but 8×10&lt;sup&gt;9&lt;/sup&gt; bytes to Kubernetes. The bytes they mean are shown beside each size field.</source>
        <translation>大小按运行环境的方式解读：8G 对 Docker 是 8 GiB，对 Kubernetes 则是 8×10&lt;sup&gt;9&lt;/sup&gt; 字节。每个大小字段旁边会显示其实际字节数。</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Workload&lt;/h3&gt;&lt;p&gt;What one sample holds and how the DataLoader runs; the /dev/shm needed is computed as you type, drawn as a bar with the /dev/shm there is and the memory limit.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;工作负载&lt;/h3&gt;&lt;p&gt;一个样本包含什么，以及 DataLoader 如何运行；所需的 /dev/shm 会在输入时实时计算，并与现有的 /dev/shm 和内存限制一起绘制为条形图。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Preset</source>
        <translation>预设</translation>
    </message>
    <message>
        <source>A typical workload to start from.</source>
        <translation>一个可作为起点的典型工作负载。</translation>
    </message>
    <message>
        <source>Tensors of one sample</source>
        <translation>单个样本的张量</translation>
    </message>
    <message>
        <source>One row per tensor the Dataset returns for one sample: name, shape without the batch dimension (3, 224, 224), and type.</source>
        <translation>Dataset 为一个样本返回的每个张量占一行：名称、不含 batch 维度的形状（3, 224, 224）和类型。</translation>
    </message>
    <message>
        <source>Fitted to the /dev/shm there is</source>
        <translation>适配现有的 /dev/shm</translation>
    </message>
    <message>
        <source>Shown when /dev/shm cannot be raised: your settings beside the largest that fit, what each change costs, and Apply fitted settings. Red when nothing fits.</source>
        <translation>当 /dev/shm 无法增大时显示：你的设置与放得下的最大设置并列，每项改动的代价，以及“应用适配设置”。放不下任何配置时显示为红色。</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Host&lt;/h3&gt;&lt;p&gt;What the target gives a job today, and what will break training there.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;主机&lt;/h3&gt;&lt;p&gt;目标目前能提供给任务的资源，以及会导致那里的训练失败的问题。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Facts</source>
        <translation>主机信息</translation>
    </message>
    <message>
        <source>/dev/shm size and use over time (the chart, with the job&apos;s requirement as a dashed line), memory and its limit, CPUs, ulimit -n, container, GPUs and PyTorch.</source>
        <translation>/dev/shm 的大小和随时间变化的用量（图表中以虚线表示任务所需），内存及其限制、CPU、ulimit -n、容器、GPU 和 PyTorch。</translation>
    </message>
    <message>
        <source>Findings</source>
        <translation>检查发现</translation>
    </message>
    <message>
        <source>Each problem with the facts that show it and the fix. A container job probed on its host is told about the container&apos;s /dev/shm, not the host&apos;s.</source>
        <translation>每个问题连同表明它的事实和修正方法。在主机上探测容器任务时，给出的是容器的 /dev/shm，而不是主机的。</translation>
    </message>
    <message>
        <source>Refresh every 5 s, Refresh, Cancel</source>
        <translation>每 5 秒刷新、刷新、取消</translation>
    </message>
    <message>
        <source>Probe again now, regularly, or stop. An error stays shown until a probe succeeds.</source>
        <translation>立即再次探测、定期探测或停止。错误会一直显示，直到探测成功。</translation>
    </message>
    <message>
        <source>Check in a container</source>
        <translation>在容器中检查</translation>
    </message>
    <message>
        <source>With Docker or Podman installed: start a throw-away container of the job&apos;s image with the generated flags and probe it, so you see what the job will get.</source>
        <translation>已安装 Docker 或 Podman 时：用生成的参数启动一个任务镜像的临时容器并探测它，让你看到任务将获得什么。</translation>
    </message>
    <message>
        <source>Diagnose a log</source>
        <translation>诊断日志</translation>
    </message>
    <message>
        <source>Paste an error log to have it explained.</source>
        <translation>粘贴错误日志以获得解释。</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Results&lt;/h3&gt;&lt;p&gt;The files for your environment, each checked as you edit it. Select a line to see why it is there.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;结果&lt;/h3&gt;&lt;p&gt;适用于你的运行环境的文件，编辑时会实时检查。选中一行可查看它为什么在那里。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Files</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>A badge says whether the file passed its checks. Your edits are kept when you go back and return, unless the profile changed.</source>
        <translation>标记显示文件是否通过了检查。返回上一页再回来时你的编辑会保留，除非配置档案已更改。</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>Copies the file&apos;s text to the clipboard.</source>
        <translation>把文件的文本复制到剪贴板。</translation>
    </message>
    <message>
        <source>Save, Save all</source>
        <translation>保存、全部保存</translation>
    </message>
    <message>
        <source>Write the file (or all of them into a folder); a file with errors is saved only after you confirm, and a file that differs is kept as FILE.bak.</source>
        <translation>写入文件（或把全部文件写入一个文件夹）；有错误的文件需你确认后才会保存，内容不同的已有文件会保留为 FILE.bak。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Framework&lt;/b&gt;: what builds this DataLoader when your script does not call DataLoader itself (Hugging Face&apos;s Trainer, Lightning, Ultralytics, MMEngine, Detectron2, timm, Accelerate). The settings below are then shown in its own words, the ones to change in your script or config, with what they mean there: some count the batch over all GPUs. Measure My Training Script… finds it.</source>
        <translation>&lt;b&gt;框架&lt;/b&gt;：当脚本不直接调用 DataLoader 时，由谁创建这个 DataLoader（Hugging Face 的 Trainer、Lightning、Ultralytics、MMEngine、Detectron2、timm、Accelerate）。下面的设置随后会用该框架自己的写法给出，也就是要在脚本或配置里修改的那些，并说明它们在那里的含义：有些框架的 batch 大小是所有 GPU 的总和。“测量我的训练脚本…”能找出它。</translation>
    </message>
    <message>
        <source>Use These Facts</source>
        <translation>采用这些事实</translation>
    </message>
    <message>
        <source>Copy memory, CPUs and (for a job that runs on this host) /dev/shm into the Environment page&apos;s fields. The profile is everything the wizard&apos;s pages hold, saved and opened with the File menu as a YAML file.</source>
        <translation>把内存、CPU 以及（对于在此主机上运行的任务）/dev/shm 复制到“运行环境”页的字段中。配置档案就是向导各页所填的全部内容，可通过“文件”菜单保存和打开，格式为 YAML。</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Other windows&lt;/h3&gt;&lt;p&gt;What the wizard&apos;s pages open, and the menus.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;其他窗口&lt;/h3&gt;&lt;p&gt;向导各页面和菜单打开的窗口。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Diagnose an Error Log (Tools, Help, the Target and Host pages)</source>
        <translation>诊断错误日志（“工具”、“帮助”菜单，“目标”和“主机”页面）</translation>
    </message>
    <message>
        <source>Paste or open a job&apos;s log: the window names what ended the job (a full /dev/shm, the memory limit, the OOM killer, the accelerator&apos;s memory), how sure it is, and the fix; its link opens the /dev/shm plan on the Workload page.</source>
        <translation>粘贴或打开任务的日志：窗口会指出是什么终止了任务（/dev/shm 已满、内存限制、OOM killer、加速器内存）、有多大把握以及如何修复；其中的链接会在“工作负载”页面打开 /dev/shm 规划。</translation>
    </message>
    <message>
        <source>What Is /dev/shm? (Help, the Workload page)</source>
        <translation>什么是 /dev/shm？（“帮助”菜单，“工作负载”页面）</translation>
    </message>
    <message>
        <source>A picture of the memory the job will have: RAM, the /dev/shm it gets and what the DataLoaders put there.</source>
        <translation>任务将拥有的内存的示意图：内存、它得到的 /dev/shm，以及 DataLoader 放在其中的内容。</translation>
    </message>
    <message>
        <source>Measure My Training Script (the Workload page)</source>
        <translation>测量我的训练脚本（“工作负载”页面）</translation>
    </message>
    <message>
        <source>Runs your own training command in a private /dev/shm, watches its loaders and peak, and fills the Workload page from what it saw. Its output is kept, with its last lines in the window.</source>
        <translation>在私有的 /dev/shm 中运行你自己的训练命令，观察它的加载器和峰值，并用观察结果填写“工作负载”页面。它的输出会被保留，最后几行显示在窗口中。</translation>
    </message>
    <message>
        <source>Fleet view (the Target page)</source>
        <translation>主机群视图（“目标”页面）</translation>
    </message>
    <message>
        <source>Probes many hosts at once from an inventory file and exports the table as CSV or JSON.</source>
        <translation>根据清单文件同时探测多台主机，并把表格导出为 CSV 或 JSON。</translation>
    </message>
    <message>
        <source>Clean Up Leaked Files (the Host page)</source>
        <translation>清理遗留文件（“主机”页面）</translation>
    </message>
    <message>
        <source>Lists /dev/shm files that no process holds, with their bytes, and removes the ones you confirm; a file that changed since it was listed is left alone.</source>
        <translation>列出没有任何进程持有的 /dev/shm 文件及其字节数，并删除你确认的文件；列出后有变化的文件不会被删除。</translation>
    </message>
    <message>
        <source>Language (Tools)</source>
        <translation>语言（“工具”菜单）</translation>
    </message>
    <message>
        <source>English or Chinese, or the system&apos;s language, from the next start.</source>
        <translation>英文、中文或系统语言，下次启动时生效。</translation>
    </message>
</context>
<context>
    <name>shmwise::HostPage</name>
    <message>
        <source>Host</source>
        <translation>主机</translation>
    </message>
    <message>
        <source>Probing</source>
        <translation>探测</translation>
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
        <translation>每 5 秒刷新(&amp;5)</translation>
    </message>
    <message>
        <source>Fact</source>
        <translation>项目</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>Host facts</source>
        <translation>主机实际情况</translation>
    </message>
    <message>
        <source>Findings</source>
        <translation>检查发现</translation>
    </message>
    <message>
        <source>Facts</source>
        <translation>主机信息</translation>
    </message>
    <message>
        <source>Probing %1…</source>
        <translation>正在探测 %1…</translation>
    </message>
    <message>
        <source>Probe of %1 cancelled.</source>
        <translation>已取消对 %1 的探测。</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>/dev/shm size</source>
        <translation>/dev/shm 大小</translation>
    </message>
    <message>
        <source>/dev/shm used</source>
        <translation>/dev/shm 已用</translation>
    </message>
    <message>
        <source>/dev/shm mount options</source>
        <translation>/dev/shm 挂载选项</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>内存</translation>
    </message>
    <message>
        <source>Memory available</source>
        <translation>可用内存</translation>
    </message>
    <message>
        <source>Memory limit (cgroup)</source>
        <translation>内存限制（cgroup）</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>CPUs usable</source>
        <translation>可用 CPU</translation>
    </message>
    <message>
        <source>Open files (ulimit -n)</source>
        <translation>打开文件数（ulimit -n）</translation>
    </message>
    <message>
        <source>Container</source>
        <translation>容器</translation>
    </message>
    <message>
        <source>Orchestrator</source>
        <translation>编排器</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>kernel.shmmni</source>
        <translation>kernel.shmmni</translation>
    </message>
    <message>
        <source>System</source>
        <translation>系统</translation>
    </message>
    <message>
        <source>PyTorch</source>
        <translation>PyTorch</translation>
    </message>
    <message>
        <source>Nothing here will break the job.</source>
        <translation>这里没有会导致任务失败的问题。</translation>
    </message>
    <message>
        <source>Probe state</source>
        <translation>探测状态</translation>
    </message>
    <message>
        <source>Probe error</source>
        <translation>探测错误</translation>
    </message>
    <message>
        <source>Check in a cont&amp;ainer</source>
        <translation>在容器中检查(&amp;A)</translation>
    </message>
    <message>
        <source>Start a throw-away container of the job&apos;s image with the generated flags and probe it: /dev/shm, memory and ulimit -n as the job will see them.</source>
        <translation>用生成的参数启动一个任务镜像的临时容器并探测它：得到任务将看到的 /dev/shm、内存和 ulimit -n。</translation>
    </message>
    <message>
        <source>Diagnose a &amp;log…</source>
        <translation>诊断日志(&amp;L)…</translation>
    </message>
    <message>
        <source>Not probed yet.</source>
        <translation>尚未探测。</translation>
    </message>
    <message>
        <source>Starting a container of %1…</source>
        <translation>正在启动 %1 的容器…</translation>
    </message>
    <message>
        <source>Check in a container failed: %1</source>
        <translation>在容器中检查失败：%1</translation>
    </message>
    <message>
        <source>The container check did not finish.</source>
        <translation>容器检查没有完成。</translation>
    </message>
    <message>
        <source>Not probed.</source>
        <translation>未探测。</translation>
    </message>
    <message>
        <source>%1 said: %2</source>
        <translation>%1 提示：%2</translation>
    </message>
    <message>
        <source>Probe of %1 failed at %2.</source>
        <translation>对 %1 的探测在 %2 失败。</translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation>内核</translation>
    </message>
    <message>
        <source>Container check</source>
        <translation>容器检查</translation>
    </message>
    <message>
        <source>Container facts</source>
        <translation>容器信息</translation>
    </message>
    <message>
        <source>Container findings</source>
        <translation>容器检查发现</translation>
    </message>
    <message>
        <source>Copy the container&apos;s /dev/shm, memory and CPUs into the profile: they are what the job gets.</source>
        <translation>把容器的 /dev/shm、内存和 CPU 复制到配置档案：这些正是任务得到的。</translation>
    </message>
    <message>
        <source>Dis&amp;miss</source>
        <translation>关闭(&amp;M)</translation>
    </message>
    <message>
        <source>Close the container check&apos;s result</source>
        <translation>关闭容器检查的结果</translation>
    </message>
    <message>
        <source>In a container of %1, started with the generated flags</source>
        <translation>在用生成的参数启动的 %1 容器中</translation>
    </message>
    <message>
        <source>Checked inside a container of %1; its result is in its own panel below.</source>
        <translation>已在 %1 容器中检查；结果显示在下方单独的面板中。</translation>
    </message>
    <message>
        <source>Used in profile</source>
        <translation>已用于配置档案</translation>
    </message>
    <message>
        <source>host memory %1</source>
        <translation>主机内存 %1</translation>
    </message>
    <message>
        <source>1 CPU</source>
        <translation>1 个 CPU</translation>
    </message>
    <message>
        <source>%1 CPUs</source>
        <translation>%1 个 CPU</translation>
    </message>
    <message>
        <source>current /dev/shm %1</source>
        <translation>当前 /dev/shm %1</translation>
    </message>
    <message>
        <source>The probe gave nothing the profile can take.</source>
        <translation>探测结果中没有配置档案能采用的值。</translation>
    </message>
    <message>
        <source>The profile already had these: %1.</source>
        <translation>配置档案中已经是这些值：%1。</translation>
    </message>
    <message>
        <source>The profile now has %1 (the Environment page shows them).</source>
        <translation>配置档案现在采用了%1（见“运行环境”页）。</translation>
    </message>
    <message>
        <source>No findings: the probe did not answer (see why above). What is found once it does shows here.</source>
        <translation>没有发现：探测没有应答（原因见上方）。探测成功后，发现的问题会显示在这里。</translation>
    </message>
    <message>
        <source>&amp;Use These Facts</source>
        <translation>采用这些事实(&amp;U)</translation>
    </message>
    <message>
        <source>Copy /dev/shm, memory and CPUs into the Environment page&apos;s fields (the host section of the profile you save), so the plan and the fit use what this host has.</source>
        <translation>把 /dev/shm、内存和 CPU 复制到“运行环境”页的字段中（即所保存配置档案的 host 部分），使规划和适配采用此主机的实际情况。</translation>
    </message>
    <message>
        <source>Use the C&amp;ontainer&apos;s Facts</source>
        <translation>采用容器的事实(&amp;O)</translation>
    </message>
    <message>
        <source>Probed %1 in %2 ms at %3.</source>
        <translation>%3 探测了 %1，用时 %2 毫秒。</translation>
    </message>
    <message>
        <source>limit %1, %2 used</source>
        <translation>限额 %1，已用 %2</translation>
    </message>
    <message>
        <source>on, no limit for you</source>
        <translation>已启用，你没有限额</translation>
    </message>
    <message>
        <source>%1 per user by default; yours is unknown</source>
        <translation>默认每用户 %1；你的限额未知</translation>
    </message>
    <message>
        <source>on; your limit is unknown</source>
        <translation>已启用；你的限额未知</translation>
    </message>
    <message>
        <source>(root writes past it)</source>
        <translation>（root 不受其限制）</translation>
    </message>
    <message>
        <source>/dev/shm quota (yours)</source>
        <translation>/dev/shm 配额（你的）</translation>
    </message>
    <message>
        <source>Shared memory in the cgroup</source>
        <translation>cgroup 中的共享内存</translation>
    </message>
    <message>
        <source>%1, %2 in use</source>
        <translation>%1，已用 %2</translation>
    </message>
    <message>
        <source>What the target really gives a job today, and what in it will break the job.</source>
        <translation>目标主机现在实际能给任务什么，以及其中哪些会导致任务失败。</translation>
    </message>
</context>
<context>
    <name>shmwise::Inventory</name>
    <message>
        <source>unclosed &apos;[&apos; in host pattern &apos;%1&apos;</source>
        <translation>主机模式 &apos;%1&apos; 中的 &apos;[&apos; 没有闭合</translation>
    </message>
    <message>
        <source>host range &apos;%1&apos; is not [begin:end] or [begin:end:step]</source>
        <translation>主机范围 &apos;%1&apos; 不是 [begin:end] 或 [begin:end:step]</translation>
    </message>
    <message>
        <source>host range &apos;%1&apos; has a bad step</source>
        <translation>主机范围 &apos;%1&apos; 的步长无效</translation>
    </message>
    <message>
        <source>host range &apos;%1&apos; is empty or too large</source>
        <translation>主机范围 &apos;%1&apos; 为空或过大</translation>
    </message>
    <message>
        <source>host range &apos;%1&apos; is neither numeric nor single letters</source>
        <translation>主机范围 &apos;%1&apos; 既不是数字也不是单个字母</translation>
    </message>
    <message>
        <source>invalid section &apos;%1&apos;</source>
        <translation>无效的节 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>section suffix &apos;:%1&apos; is not vars or children</source>
        <translation>节后缀 &apos;:%1&apos; 不是 vars 或 children</translation>
    </message>
    <message>
        <source>expected key=value in [%1:vars], found &apos;%2&apos;</source>
        <translation>[%1:vars] 中应为 key=value，实际为 &apos;%2&apos;</translation>
    </message>
    <message>
        <source>unterminated quote</source>
        <translation>引号未闭合</translation>
    </message>
    <message>
        <source>expected key=value host variable after &apos;%1&apos;, found &apos;%2&apos;</source>
        <translation>&apos;%1&apos; 之后应为 key=value 形式的主机变量，实际为 &apos;%2&apos;</translation>
    </message>
    <message>
        <source>vars must be a mapping</source>
        <translation>vars 必须是映射</translation>
    </message>
    <message>
        <source>groups nested too deep at &apos;%1&apos;</source>
        <translation>组在 &apos;%1&apos; 处嵌套过深</translation>
    </message>
    <message>
        <source>group &apos;%1&apos; must be a mapping of hosts, vars and children</source>
        <translation>组 &apos;%1&apos; 必须是由 hosts、vars 和 children 组成的映射</translation>
    </message>
    <message>
        <source>&apos;%1&apos; of group &apos;%2&apos; must be a mapping</source>
        <translation>组 &apos;%2&apos; 的 &apos;%1&apos; 必须是映射</translation>
    </message>
    <message>
        <source>group &apos;%1&apos; is its own descendant</source>
        <translation>组 &apos;%1&apos; 是它自己的后代</translation>
    </message>
    <message>
        <source>a YAML inventory must be a mapping of groups</source>
        <translation>YAML 清单必须是由组组成的映射</translation>
    </message>
    <message>
        <source>larger than 16 MiB</source>
        <translation>大于 16 MiB</translation>
    </message>
    <message>
        <source>the limit pattern &apos;%1&apos; matches no group or host of the inventory</source>
        <translation>限定模式 &apos;%1&apos; 与清单中的任何组或主机都不匹配</translation>
    </message>
    <message>
        <source>the limit &apos;%1&apos; selects no host</source>
        <translation>限定条件 &apos;%1&apos; 没有选中任何主机</translation>
    </message>
    <message>
        <source>host pattern &apos;%1&apos; has more than %2 ranges</source>
        <translation>主机模式 &apos;%1&apos; 含有超过 %2 个范围</translation>
    </message>
    <message>
        <source>host pattern &apos;%1&apos; expands to more than %2 hosts</source>
        <translation>主机模式 &apos;%1&apos; 展开后超过 %2 台主机</translation>
    </message>
    <message>
        <source>the inventory names more than %1 hosts</source>
        <translation>清单中的主机超过 %1 台</translation>
    </message>
    <message>
        <source>the inventory lists hosts in groups more than %1 times</source>
        <translation>清单在组中列出主机的次数超过 %1 次</translation>
    </message>
    <message>
        <source>host &apos;%1&apos;: ansible_port &apos;%2&apos; is not a port number (1-65535)</source>
        <translation>主机 &apos;%1&apos;：ansible_port &apos;%2&apos; 不是端口号（1-65535）</translation>
    </message>
    <message>
        <source>the limit pattern &apos;%1&apos; is not a valid regular expression: %2</source>
        <translation>范围模式 &apos;%1&apos; 不是有效的正则表达式：%2</translation>
    </message>
    <message>
        <source>host pattern &apos;%1&apos;: port &apos;%2&apos; is not a port number (1-65535)</source>
        <translation>主机模式 &apos;%1&apos;：端口 &apos;%2&apos; 不是端口号（1-65535）</translation>
    </message>
    <message>
        <source>its anchors and aliases expand to far more groups and hosts than the file holds (excessive aliasing)</source>
        <translation>其锚点和别名展开后的组和主机远多于文件本身所含（别名过度使用）</translation>
    </message>
    <message>
        <source>nested more than 2000 levels deep (brackets, braces or indentation), deeper than YAML readers go</source>
        <translation>嵌套超过 2000 层（方括号、花括号或缩进），超出了 YAML 读取器所能处理的深度</translation>
    </message>
</context>
<context>
    <name>shmwise::JobWatch</name>
    <message>
        <source>python -S does not import site, so the hook (a sitecustomize) does not load</source>
        <translation>python -S 不导入 site，因此钩子（一个 sitecustomize）不会加载</translation>
    </message>
    <message>
        <source>python -E ignores PYTHONPATH, so the hook does not load</source>
        <translation>python -E 忽略 PYTHONPATH，因此钩子不会加载</translation>
    </message>
    <message>
        <source>python -I (isolated mode) ignores PYTHONPATH, so the hook does not load</source>
        <translation>python -I（隔离模式）忽略 PYTHONPATH，因此钩子不会加载</translation>
    </message>
    <message>
        <source>cannot make a temporary folder: %1</source>
        <translation>无法创建临时文件夹：%1</translation>
    </message>
    <message>
        <source>cannot write the hook to %1: %2</source>
        <translation>无法把钩子写入 %1：%2</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>no command to run</source>
        <translation>没有要运行的命令</translation>
    </message>
    <message>
        <source>cannot make a pipe: %1</source>
        <translation>无法创建管道：%1</translation>
    </message>
    <message>
        <source>cannot start the job: %1</source>
        <translation>无法启动任务：%1</translation>
    </message>
    <message>
        <source>cannot make a private /dev/shm: this kernel does not let a user make a user namespace (%1); run as root, or without --shm</source>
        <translation>无法创建私有 /dev/shm：此内核不允许普通用户创建用户命名空间（%1）；请以 root 运行，或不带 --shm</translation>
    </message>
    <message>
        <source>cannot make a private /dev/shm: unshare failed (%1)</source>
        <translation>无法创建私有 /dev/shm：unshare 失败（%1）</translation>
    </message>
    <message>
        <source>cannot mount a private /dev/shm of %1: %2</source>
        <translation>无法挂载大小为 %1 的私有 /dev/shm：%2</translation>
    </message>
    <message>
        <source>cannot change to %1: %2</source>
        <translation>无法进入 %1：%2</translation>
    </message>
    <message>
        <source>cannot run %1: %2</source>
        <translation>无法运行 %1：%2</translation>
    </message>
    <message>
        <source>loader %1 delivered no batch, so its sample is a guess</source>
        <translation>加载器 %1 没有交付任何 batch，其样本只是推测</translation>
    </message>
    <message>
        <source>the batches of %1 hold more tensors than were counted</source>
        <translation>%1 的 batch 所含张量多于统计到的数量</translation>
    </message>
    <message>
        <source>A worker&apos;s private memory grew by %1 while it ran: copy-on-read. Reading Python lists and dicts of the Dataset touches their reference counts and copies their pages into every worker; hold such data in NumPy arrays or tensors.</source>
        <translation>某个 worker 的私有内存在运行中增长了 %1：读时复制（copy-on-read）。读取 Dataset 中的 Python 列表和字典会改动其引用计数，把所在内存页复制到每个 worker；请把这类数据存放在 NumPy 数组或张量中。</translation>
    </message>
    <message>
        <source>The job&apos;s memory limit, %1, must hold its RAM (about %2 measured) and its /dev/shm (%3 planned): tmpfs pages are charged to the job&apos;s cgroup.</source>
        <translation>任务的内存上限 %1 必须同时容纳其内存（测得约 %2）和 /dev/shm（规划 %3）：tmpfs 页计入任务的 cgroup。</translation>
    </message>
    <message>
        <source>The hook never ran: the command did not start Python, or started it without site or PYTHONPATH. Only the /dev/shm use is measured.</source>
        <translation>钩子没有运行：该命令没有启动 Python，或启动时未加载 site 或 PYTHONPATH。只测量了 /dev/shm 的用量。</translation>
    </message>
    <message>
        <source>%1. Only the /dev/shm use is measured.</source>
        <translation>%1。只测量了 /dev/shm 的用量。</translation>
    </message>
    <message>
        <source>The job never imported torch.utils.data: no DataLoader to measure. Only the /dev/shm use is measured.</source>
        <translation>任务从未导入 torch.utils.data：没有可测量的 DataLoader。只测量了 /dev/shm 的用量。</translation>
    </message>
    <message>
        <source>The hook switched itself off (%1); the job went on without it.</source>
        <translation>钩子已自行关闭（%1）；任务在没有它的情况下继续运行。</translation>
    </message>
    <message>
        <source>measuring runs on this computer or on an SSH host, not on %1</source>
        <translation>测量只能在本机或 SSH 主机上运行，不能在 %1 上运行</translation>
    </message>
    <message>
        <source>a private /dev/shm (--shm) is made on this computer only: run `shmwise measure --shm SIZE` on %1 itself, or measure there without it</source>
        <translation>私有 /dev/shm（--shm）只能在本机创建：请在 %1 上直接运行 `shmwise measure --shm SIZE`，或在那里不带它测量</translation>
    </message>
    <message>
        <source>cannot start %1: %2</source>
        <translation>无法启动 %1：%2</translation>
    </message>
    <message>
        <source>the measurement on %1 sent no result within %2 s; the connection was closed, which stops the job there</source>
        <translation>%1 上的测量在 %2 秒内没有返回结果；连接已关闭，这会停止那里的任务</translation>
    </message>
    <message>
        <source>the measurement on %1 failed: %2</source>
        <translation>%1 上的测量失败：%2</translation>
    </message>
    <message>
        <source>the measurement on %1 ended without a result (exit code %2)</source>
        <translation>%1 上的测量结束但没有结果（退出码 %2）</translation>
    </message>
    <message>
        <source>cannot make a temporary folder on the host (mktemp -d in $TMPDIR or /tmp)</source>
        <translation>无法在主机上创建临时文件夹（在 $TMPDIR 或 /tmp 中执行 mktemp -d）</translation>
    </message>
    <message>
        <source>the host has no python3 (nor python) to run the measurement with</source>
        <translation>主机上没有用于运行测量的 python3（也没有 python）</translation>
    </message>
    <message>
        <source>/dev/shm could not be watched (%1), so nothing the job left there was removed</source>
        <translation>无法监视 /dev/shm（%1），因此没有删除任务在那里遗留的任何文件</translation>
    </message>
    <message>
        <source>The loaders as measured make no valid profile (%1: %2), so there is nothing to plan from; the hook&apos;s log may have been written by the job itself.</source>
        <translation>按测得的加载器无法构成有效的配置档案（%1：%2），因此无从规划；钩子的日志可能是任务自己写入的。</translation>
    </message>
    <message>
        <source>tensors shared by the script at %1 (%2)</source>
        <translation>脚本在 %1 处共享的张量（%2）</translation>
    </message>
    <message>
        <source>an unknown place</source>
        <translation>未知位置</translation>
    </message>
    <message>
        <source>not explained by the loaders&apos; batches: tensors sent through queues, batches kept by the script&apos;s own objects, NCCL, a Dataset moved to /dev/shm</source>
        <translation>无法用加载器的 batch 解释的部分：通过队列发送的张量、脚本自己的对象保留的 batch、NCCL、移入 /dev/shm 的 Dataset</translation>
    </message>
    <message>
        <source>The measured peak, %1, is above what the loaders&apos; terms explain (%2): the rest, %3, is planned as the job&apos;s other shared memory (%4), so the plan is never below what was measured.</source>
        <translation>测得的峰值 %1 高于加载器各项所能解释的量（%2）：其余的 %3 作为任务的其他共享内存（%4）计入规划，因此规划绝不会低于实测值。</translation>
    </message>
    <message>
        <source>The plan, %1, is more than three times the measured peak, %2: the plan counts every worker&apos;s queue full and the largest batch seen at once, which a short run rarely reaches; check the loaders&apos; settings above if that is not so.</source>
        <translation>规划 %1 超过测得峰值 %2 的三倍：规划假定每个 worker 的队列同时全满、且都是观察到的最大 batch，短时间运行很少会达到这种情况；如果并非如此，请检查上面加载器的设置。</translation>
    </message>
    <message>
        <source>no process of the job held it when it was first seen, so it is not provably the job&apos;s</source>
        <translation>首次发现它时，任务中没有进程持有它，因此无法证明它属于任务</translation>
    </message>
    <message>
        <source>a process that is not the job&apos;s held it too when it was first seen</source>
        <translation>首次发现它时，还有不属于任务的进程持有它</translation>
    </message>
    <message>
        <source>the watch on /dev/shm overflowed, so no file is provably the job&apos;s</source>
        <translation>对 /dev/shm 的监视溢出了，因此没有文件能证明属于任务</translation>
    </message>
    <message>
        <source>/dev/shm could not be watched, so no file is provably the job&apos;s</source>
        <translation>无法监视 /dev/shm，因此没有文件能证明属于任务</translation>
    </message>
    <message>
        <source>a symbolic link</source>
        <translation>一个符号链接</translation>
    </message>
    <message>
        <source>not a regular file</source>
        <translation>不是普通文件</translation>
    </message>
    <message>
        <source>another file took its name during the run</source>
        <translation>运行期间另一个文件占用了它的名称</translation>
    </message>
    <message>
        <source>owned by another user</source>
        <translation>属于其他用户</translation>
    </message>
    <message>
        <source>a process still holds it open or maps it</source>
        <translation>仍有进程打开或映射着它</translation>
    </message>
    <message>
        <source>it could not be opened</source>
        <translation>无法打开它</translation>
    </message>
    <message>
        <source>it could not be removed</source>
        <translation>无法删除它</translation>
    </message>
    <message>
        <source>a FIFO</source>
        <translation>一个 FIFO</translation>
    </message>
    <message>
        <source>a folder</source>
        <translation>一个文件夹</translation>
    </message>
    <message>
        <source>a socket</source>
        <translation>一个套接字</translation>
    </message>
    <message>
        <source>a device</source>
        <translation>一个设备</translation>
    </message>
    <message>
        <source>something other than a regular file</source>
        <translation>普通文件以外的东西</translation>
    </message>
    <message>
        <source>the folder %1 does not exist on %2</source>
        <translation>%2 上不存在文件夹 %1</translation>
    </message>
    <message>
        <source>%1 on %2 is not a folder</source>
        <translation>%2 上的 %1 不是文件夹</translation>
    </message>
    <message>
        <source>cannot run the command in %1 on %2: %3</source>
        <translation>无法在 %2 上的 %1 中运行命令：%3</translation>
    </message>
    <message>
        <source>the temporary folder on %1 has a &apos;:&apos; in its path (%2), which would split it on PYTHONPATH; set TMPDIR there to a folder without one</source>
        <translation>%1 上的临时文件夹路径中含有 &apos;:&apos;（%2），这会使它在 PYTHONPATH 中被拆开；请在那里把 TMPDIR 设为路径中不含 &apos;:&apos; 的文件夹</translation>
    </message>
    <message>
        <source>the job replaced its log with %1, which was not opened: what it wrote there was not read</source>
        <translation>任务把它的日志换成了%1，因此没有打开它：任务写在那里的内容没有被读取</translation>
    </message>
    <message>
        <source>the watch on /dev/shm overflowed (more files were made at once than inotify queues), so nothing the job left there was removed</source>
        <translation>对 /dev/shm 的监视溢出了（同时创建的文件多于 inotify 能排队的数量），因此没有删除任务在那里遗留的任何文件</translation>
    </message>
    <message numerus="yes">
        <source>%n more file(s) made in /dev/shm during the run were not followed (over 100000) and were left</source>
        <translation>
            <numerusform>运行期间在 /dev/shm 中创建的另外 %n 个文件没有被跟踪（超过 100000 个），已保留</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n more file(s) in /dev/shm were named by the host and are not listed</source>
        <translation>
            <numerusform>/dev/shm 中另有 %n 个文件，主机报告了它们的名称，但这里没有列出</numerusform>
        </translation>
    </message>
    <message>
        <source>cannot make a pipe for the job&apos;s output: %1</source>
        <translation>无法为任务的输出创建管道：%1</translation>
    </message>
    <message>
        <source>the private /dev/shm of %1</source>
        <translation>大小为 %1 的私有 /dev/shm</translation>
    </message>
    <message>
        <source>/dev/shm (%1)</source>
        <translation>/dev/shm（%1）</translation>
    </message>
    <message>
        <source>line %1 of its output</source>
        <translation>其输出的第 %1 行</translation>
    </message>
    <message>
        <source>The job died because %1 was full: “%2” (%3).</source>
        <translation>任务因 %1 已满而终止：“%2”（%3）。</translation>
    </message>
    <message>
        <source>The job&apos;s output shows %1 full: “%2” (%3).</source>
        <translation>任务的输出显示 %1 已满：“%2”（%3）。</translation>
    </message>
    <message>
        <source>The job failed: %1: “%2” (%3).</source>
        <translation>任务失败：%1：“%2”（%3）。</translation>
    </message>
    <message>
        <source>The job&apos;s output shows a failure: %1: “%2” (%3).</source>
        <translation>任务的输出显示出现了故障：%1：“%2”（%3）。</translation>
    </message>
    <message>
        <source>Killed by SIGBUS with /dev/shm full</source>
        <translation>/dev/shm 已满时被 SIGBUS 终止</translation>
    </message>
    <message>
        <source>SIGBUS, /dev/shm at %1 of %2</source>
        <translation>SIGBUS，/dev/shm 已用 %1（共 %2）</translation>
    </message>
    <message>
        <source>The job was killed by SIGBUS when %1 was full (%2 in use): a write into shared memory found no page left.</source>
        <translation>任务在 %1 已满时（已用 %2）被 SIGBUS 终止：向共享内存写入时已没有可用的页面。</translation>
    </message>
</context>
<context>
    <name>shmwise::LoaderPicker</name>
    <message>
        <source>Loader</source>
        <translation>加载器</translation>
    </message>
    <message>
        <source>The job&apos;s DataLoaders: a training script that validates has two, and both can hold /dev/shm at once. The plan counts the fullest moment.</source>
        <translation>任务的各个 DataLoader：做验证的训练脚本有两个，而且两者可能同时占用 /dev/shm。规划按最满的时刻计算。</translation>
    </message>
    <message>
        <source>Add loa&amp;der</source>
        <translation>添加加载器(&amp;D)</translation>
    </message>
    <message>
        <source>Another DataLoader of the job (validation, test), starting from the settings of the one shown.</source>
        <translation>任务的另一个 DataLoader（验证、测试），从当前显示的加载器的设置开始。</translation>
    </message>
    <message>
        <source>Remove loader</source>
        <translation>移除加载器</translation>
    </message>
    <message>
        <source>Loader name</source>
        <translation>加载器名称</translation>
    </message>
    <message>
        <source>train, val, ...: letters, digits, _ and -. The generated module has a make_NAME_loader() for it.</source>
        <translation>train、val 等：字母、数字、_ 和 -。生成的模块会为它提供 make_NAME_loader()。</translation>
    </message>
    <message>
        <source>Lifetime</source>
        <translation>生命周期</translation>
    </message>
    <message>
        <source>One at a time</source>
        <translation>一次一个</translation>
    </message>
    <message>
        <source>Iterated to its end before another loader starts (an evaluation loader; training validated at the end of each epoch).</source>
        <translation>在另一个加载器开始前迭代到结束（评估加载器；在每个 epoch 结束时验证的训练）。</translation>
    </message>
    <message>
        <source>Parked mid-epoch</source>
        <translation>epoch 中途暂停</translation>
    </message>
    <message>
        <source>Paused with its queue full while another runs (validation every N steps, Lightning&apos;s val_check_interval).</source>
        <translation>另一个加载器运行时，它带着满队列暂停（每 N 步验证一次，Lightning 的 val_check_interval）。</translation>
    </message>
    <message>
        <source>Kept all along</source>
        <translation>始终保留</translation>
    </message>
    <message>
        <source>Its iterator never ends or is kept from start-up (a sampler that repeats forever; iter(val_loader) made once).</source>
        <translation>它的迭代器永不结束，或从启动起一直保留（无限重复的采样器；只创建一次的 iter(val_loader)）。</translation>
    </message>
    <message>
        <source>What this loader keeps in /dev/shm while another one runs.</source>
        <translation>另一个加载器运行时，这个加载器在 /dev/shm 中保留的内容。</translation>
    </message>
    <message>
        <source>Loade&amp;r:</source>
        <translation>加载器(&amp;R)：</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>名称：</translation>
    </message>
    <message>
        <source>Lifetime:</source>
        <translation>生命周期：</translation>
    </message>
    <message>
        <source>Loader %1</source>
        <translation>加载器 %1</translation>
    </message>
    <message>
        <source>%1 (training)</source>
        <translation>%1（训练）</translation>
    </message>
    <message>
        <source>The training loader</source>
        <translation>训练加载器</translation>
    </message>
    <message>
        <source>%1 (the service&apos;s)</source>
        <translation>%1（服务的）</translation>
    </message>
    <message>
        <source>The service&apos;s loader</source>
        <translation>服务的加载器</translation>
    </message>
</context>
<context>
    <name>shmwise::Main</name>
    <message>
        <source>%1 is not a regular file (a FIFO, device or socket)</source>
        <translation>%1 不是普通文件（FIFO、设备或套接字）</translation>
    </message>
    <message>
        <source>%1 is %2 MiB, far more than settings take (at most 1 MiB is read)</source>
        <translation>%1 有 %2 MiB，远超设置文件应有的大小（最多读取 1 MiB）</translation>
    </message>
    <message>
        <source>The settings file is ignored: %1. ShmWise starts with default settings, and what this session changes is not kept; move or remove the file.</source>
        <translation>已忽略设置文件：%1。ShmWise 以默认设置启动，本次会话中的更改不会保存；请移走或删除该文件。</translation>
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
        <translation>新建配置档案(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Open Profile…</source>
        <translation>打开配置档案(&amp;O)…</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Save Profile</source>
        <translation>保存配置档案(&amp;S)</translation>
    </message>
    <message>
        <source>Save Profile &amp;As…</source>
        <translation>配置档案另存为(&amp;A)…</translation>
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
        <translation>关于 ShmWise(&amp;A)</translation>
    </message>
    <message>
        <source>About ShmWise</source>
        <translation>关于 ShmWise</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;ShmWise %1&lt;/b&gt;&lt;/p&gt;&lt;p&gt;Shared-memory configuration assistant for PyTorch training.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;ShmWise %1&lt;/b&gt;&lt;/p&gt;&lt;p&gt;PyTorch 训练的共享内存配置助手。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>就绪</translation>
    </message>
    <message>
        <source>Cannot open profile</source>
        <translation>无法打开配置档案</translation>
    </message>
    <message>
        <source>%1 has problems:

%2</source>
        <translation>%1 有问题：

%2</translation>
    </message>
    <message>
        <source>Opened %1</source>
        <translation>已打开 %1</translation>
    </message>
    <message>
        <source>Cannot save profile</source>
        <translation>无法保存配置档案</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <source>Open Profile</source>
        <translation>打开配置档案</translation>
    </message>
    <message>
        <source>ShmWise profiles (*.yaml *.yml);;All files (*)</source>
        <translation>ShmWise 配置档案 (*.yaml *.yml);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Save Profile</source>
        <translation>保存配置档案</translation>
    </message>
    <message>
        <source>ShmWise profiles (*.yaml *.yml)</source>
        <translation>ShmWise 配置档案 (*.yaml *.yml)</translation>
    </message>
    <message>
        <source>Unsaved profile</source>
        <translation>未保存的配置档案</translation>
    </message>
    <message>
        <source>The profile has changes. Save them?</source>
        <translation>配置档案有更改。是否保存？</translation>
    </message>
    <message>
        <source>Untitled</source>
        <translation>未命名</translation>
    </message>
    <message>
        <source>%1[*] — ShmWise</source>
        <translation>%1[*] — ShmWise</translation>
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
        <translation>目录(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;What&apos;s This?</source>
        <translation>这是什么？(&amp;W)</translation>
    </message>
    <message>
        <source>ShmWise Help</source>
        <translation>ShmWise 帮助</translation>
    </message>
    <message>
        <source>Help text</source>
        <translation>帮助文本</translation>
    </message>
    <message>
        <source>ShmWise sizes /dev/shm for PyTorch DataLoader training. Press Shift+F1 and click a field for what it means. The command line does the same as the wizard: run shmwise --help.</source>
        <translation>ShmWise 为 PyTorch DataLoader 训练确定 /dev/shm 大小。按 Shift+F1 再点击某个字段即可查看其含义。命令行与向导功能相同：运行 shmwise --help。</translation>
    </message>
    <message>
        <source>Unsaved files</source>
        <translation>未保存的文件</translation>
    </message>
    <message>
        <source>You edited generated files on the Results page and did not save them. Discard those edits?</source>
        <translation>你在“结果”页面编辑了生成的文件但没有保存。放弃这些编辑吗？</translation>
    </message>
    <message>
        <source>&amp;Discard</source>
        <translation>放弃(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>取消(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <source>What Is /dev/&amp;shm?</source>
        <translation>什么是 /dev/shm(&amp;S)？</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>The System&apos;s (%1)</source>
        <translation>系统语言（%1）</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <source>ShmWise shows the new language from its next start. Restart now? Your profile is saved first if you choose to.</source>
        <translation>ShmWise 将在下次启动时使用新语言。现在重启吗？如果选择重启，会先询问是否保存配置档案。</translation>
    </message>
    <message>
        <source>&amp;Restart Now</source>
        <translation>立即重启(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Later</source>
        <translation>稍后(&amp;L)</translation>
    </message>
    <message>
        <source>The System&apos;s</source>
        <translation>系统语言</translation>
    </message>
    <message>
        <source>Contents</source>
        <translation>目录</translation>
    </message>
    <message>
        <source>Other windows</source>
        <translation>其他窗口</translation>
    </message>
</context>
<context>
    <name>shmwise::MeasureDialog</name>
    <message>
        <source>Measure a Training Script</source>
        <translation>测量训练脚本</translation>
    </message>
    <message>
        <source>ShmWise runs the training command on this computer for a while with a small Python hook (nothing is installed, your code is not changed), watches every DataLoader it makes and the /dev/shm it uses, then stops it. The loaders it saw replace the ones on the Workload page.</source>
        <translation>ShmWise 在本机带一个小小的 Python 钩子运行训练命令一段时间（不安装任何东西，也不改动你的代码），观察它创建的每个 DataLoader 和它使用的 /dev/shm，然后停止它。观察到的加载器会替换工作负载页面上的加载器。</translation>
    </message>
    <message>
        <source>Training command</source>
        <translation>训练命令</translation>
    </message>
    <message>
        <source>python train.py --config configs/base.yaml</source>
        <translation>python train.py --config configs/base.yaml</translation>
    </message>
    <message>
        <source>Folder to run it in</source>
        <translation>运行所在的文件夹</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>浏览(&amp;B)…</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>How long to watch</source>
        <translation>观察多久</translation>
    </message>
    <message>
        <source>In a private /dev/shm of</source>
        <translation>在私有 /dev/shm 中，大小</translation>
    </message>
    <message>
        <source>Run the job in a /dev/shm of its own, of this size, leaving this computer&apos;s alone (needs root, or a kernel that lets users make user namespaces). Try Docker&apos;s 64 MiB to see whether the job fits.</source>
        <translation>在一个这么大的专用 /dev/shm 中运行任务，不动本机的 /dev/shm（需要 root，或内核允许普通用户创建用户命名空间）。试试 Docker 的 64 MiB，看任务是否放得下。</translation>
    </message>
    <message>
        <source>Private /dev/shm size</source>
        <translation>私有 /dev/shm 大小</translation>
    </message>
    <message>
        <source>%v s of %m s</source>
        <translation>%v / %m 秒</translation>
    </message>
    <message>
        <source>What was measured</source>
        <translation>测量结果</translation>
    </message>
    <message>
        <source>&amp;Command:</source>
        <translation>命令(&amp;C)：</translation>
    </message>
    <message>
        <source>&amp;Folder:</source>
        <translation>文件夹(&amp;F)：</translation>
    </message>
    <message>
        <source>&amp;Watch for:</source>
        <translation>观察时长(&amp;W)：</translation>
    </message>
    <message>
        <source>&amp;Start</source>
        <translation>开始(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Use These Loaders</source>
        <translation>使用这些加载器(&amp;U)</translation>
    </message>
    <message>
        <source>Folder to Run In</source>
        <translation>运行所在的文件夹</translation>
    </message>
    <message>
        <source>Type the command that starts training, such as python train.py.</source>
        <translation>请输入启动训练的命令，例如 python train.py。</translation>
    </message>
    <message>
        <source>The folder %1 does not exist.</source>
        <translation>文件夹 %1 不存在。</translation>
    </message>
    <message>
        <source>The private /dev/shm must be at least 4 KiB.</source>
        <translation>私有 /dev/shm 至少要 4 KiB。</translation>
    </message>
    <message>
        <source>Private /dev/shm size: %1</source>
        <translation>私有 /dev/shm 大小：%1</translation>
    </message>
    <message>
        <source>Running %1…</source>
        <translation>正在运行 %1…</translation>
    </message>
    <message numerus="yes">
        <source>Watching the job: %n batch(es) so far.</source>
        <translation>
            <numerusform>正在观察任务：目前 %n 个 batch。</numerusform>
        </translation>
    </message>
    <message>
        <source>Finished</source>
        <translation>已完成</translation>
    </message>
    <message>
        <source>Loader %1, made at %2</source>
        <translation>加载器 %1，创建于 %2</translation>
    </message>
    <message>
        <source>Made by %1.</source>
        <translation>由 %1 创建。</translation>
    </message>
    <message>
        <source>Sample (%1): %2</source>
        <translation>样本（%1）：%2</translation>
    </message>
    <message>
        <source>Lifetime: %1; its iterator stayed open while another loader ran.</source>
        <translation>生命周期：%1；另一个加载器运行时它的迭代器仍未结束。</translation>
    </message>
    <message>
        <source>Set it in %1: workers %2, batch %3.</source>
        <translation>在 %1 中设置：worker 数 %2，batch 大小 %3。</translation>
    </message>
    <message>
        <source>Measured peak %1; the plan of what was seen needs %2.</source>
        <translation>测得峰值 %1；按观察结果规划需要 %2。</translation>
    </message>
    <message>
        <source>Measured peak of /dev/shm: %1.</source>
        <translation>测得的 /dev/shm 峰值：%1。</translation>
    </message>
    <message>
        <source>Cancelled after %1 s; the job was stopped.</source>
        <translation>%1 秒后取消；任务已停止。</translation>
    </message>
    <message>
        <source>Stopping the job…</source>
        <translation>正在停止任务…</translation>
    </message>
    <message>
        <source>Run on</source>
        <translation>运行位置</translation>
    </message>
    <message>
        <source>This computer</source>
        <translation>本机</translation>
    </message>
    <message>
        <source>&amp;Run on:</source>
        <translation>运行位置(&amp;R)：</translation>
    </message>
    <message>
        <source>%1 (the wizard&apos;s SSH host)</source>
        <translation>%1（向导的 SSH 主机）</translation>
    </message>
    <message>
        <source>ShmWise runs the training command on %1 for a while, over your SSH connection, with a small Python hook and a runner sent with it (nothing is installed there and your code is not changed; the host needs python3). It watches every DataLoader the job makes and the /dev/shm it uses, then stops it. The loaders it saw replace the ones on the Workload page.</source>
        <translation>ShmWise 通过你的 SSH 连接在 %1 上运行训练命令一段时间，并随之发送一个小的 Python 钩子和一个运行器（那里不安装任何东西，也不改动你的代码；主机需要有 python3）。它观察任务创建的每个 DataLoader 及其使用的 /dev/shm，然后停止任务。它看到的加载器会替换“工作负载”页上的加载器。</translation>
    </message>
    <message>
        <source>on the host; empty: your home folder there</source>
        <translation>主机上的文件夹；留空：你在那里的主目录</translation>
    </message>
    <message>
        <source>A private /dev/shm is made on this computer only: to try one on the host, run shmwise measure --shm SIZE there.</source>
        <translation>私有 /dev/shm 只能在本机创建：要在主机上试用，请在那里运行 shmwise measure --shm SIZE。</translation>
    </message>
    <message>
        <source>Running %1 on %2…</source>
        <translation>正在 %2 上运行 %1…</translation>
    </message>
    <message>
        <source>The command cannot be read: %1.</source>
        <translation>无法解析该命令：%1。</translation>
    </message>
    <message>
        <source>Show &amp;Output…</source>
        <translation>显示输出(&amp;O)…</translation>
    </message>
    <message>
        <source>Everything the job printed while it was measured</source>
        <translation>任务在测量期间输出的全部内容</translation>
    </message>
    <message numerus="yes">
        <source>The job&apos;s output ended with (the last %1 of %n line(s)):</source>
        <translation>
            <numerusform>任务输出的结尾（共 %n 行中的最后 %1 行）：</numerusform>
        </translation>
    </message>
    <message>
        <source>Stopped the job after %1 s: no batch came for a long while, it seems to hang.</source>
        <translation>%1 秒后停止了任务：很久没有新的 batch，任务似乎卡住了。</translation>
    </message>
    <message>
        <source>Measured for %1 s, then stopped the job as planned.</source>
        <translation>测量了 %1 秒，然后按计划停止了任务。</translation>
    </message>
    <message>
        <source>The job ended with exit status %1 after %2 s; its output says why (Show Output).</source>
        <translation>任务在 %2 秒后结束，退出状态为 %1；原因见其输出（“显示输出”）。</translation>
    </message>
    <message>
        <source>The job was killed by %1 after %2 s.</source>
        <translation>任务在 %2 秒后被 %1 终止。</translation>
    </message>
    <message>
        <source>The job ran to its end in %1 s.</source>
        <translation>任务在 %1 秒内运行完毕。</translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>The Job&apos;s Output</source>
        <translation>任务的输出</translation>
    </message>
    <message>
        <source>Kept in %1.</source>
        <translation>保存在 %1 中。</translation>
    </message>
    <message>
        <source>Only its last 8 MiB are shown here.</source>
        <translation>此处只显示最后 8 MiB。</translation>
    </message>
    <message>
        <source>The file stopped at 64 MiB; the job printed more.</source>
        <translation>文件在 64 MiB 处截止；任务实际输出的内容更多。</translation>
    </message>
    <message>
        <source>The job&apos;s output</source>
        <translation>任务的输出</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>关闭(&amp;C)</translation>
    </message>
    <message>
        <source>Its workers made batches of up to %1 that never reached the training loop.</source>
        <translation>它的 worker 整理出了最大 %1 的 batch，但都没有到达训练循环。</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message numerus="yes">
        <source>Batch size %1, %2 workers, %n batch(es) seen, at most %3 each in /dev/shm.</source>
        <translation>
            <numerusform>batch 大小 %1，%2 个 worker，观察到 %n 个 batch，每个 batch 在 /dev/shm 中最多 %3。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>shmwise::Measurement</name>
    <message>
        <source>an unknown place</source>
        <translation>未知位置</translation>
    </message>
    <message>
        <source>The loader made at %1 was replaced by a later one over the same dataset and never ran; it is left out.</source>
        <translation>创建于 %1 的加载器被之后基于同一数据集的加载器取代，从未运行；已略去。</translation>
    </message>
    <message>
        <source>No DataLoader delivered a batch while the job was measured, so there is nothing to plan from.</source>
        <translation>测量期间没有 DataLoader 交付 batch，因此无从规划。</translation>
    </message>
    <message>
        <source>Loader %1 (%2) delivered no batch while the job was measured; it is planned with the sample of loader %3.</source>
        <translation>加载器 %1（%2）在测量期间没有交付 batch；按加载器 %3 的样本进行规划。</translation>
    </message>
    <message>
        <source>The Trainer makes one DataLoader per process; the batch sizes are per device, so each rank holds its own.</source>
        <translation>Trainer 在每个进程中创建一个 DataLoader；batch 大小按设备计，因此每个 rank 各自占用一份。</translation>
    </message>
    <message>
        <source>accelerator.prepare() makes a new loader from yours with the same settings; the batch size stays per process.</source>
        <translation>accelerator.prepare() 会按相同设置基于你的加载器新建一个；batch 大小仍按进程计。</translation>
    </message>
    <message>
        <source>Lightning runs the DataLoaders its DataModule returns (re-made with a distributed sampler under DDP); validation in the middle of an epoch (val_check_interval) parks the training loader with its queue full.</source>
        <translation>Lightning 运行其 DataModule 返回的 DataLoader（在 DDP 下用分布式采样器重建）；在 epoch 中途验证（val_check_interval）会让训练加载器带着满队列暂停。</translation>
    </message>
    <message>
        <source>MMEngine passes the dict&apos;s keys to the DataLoader of each rank; batch_size is per GPU, and val_dataloader has its own.</source>
        <translation>MMEngine 把字典的键传给每个 rank 的 DataLoader；batch_size 按 GPU 计，val_dataloader 有自己的设置。</translation>
    </message>
    <message>
        <source>Detectron2&apos;s IMS_PER_BATCH is the total over all GPUs; NUM_WORKERS is per rank. With DATALOADER.ASPECT_RATIO_GROUPING (its default) the workers yield single images, which the main process groups into batches, holding up to two part-filled batches as well.</source>
        <translation>Detectron2 的 IMS_PER_BATCH 是所有 GPU 的总和；NUM_WORKERS 按 rank 计。启用 DATALOADER.ASPECT_RATIO_GROUPING（默认）时，worker 逐张产出图像，由主进程分组成 batch，另外还会持有最多两个未满的 batch。</translation>
    </message>
    <message>
        <source>timm&apos;s -b is per process; validation uses --validation-batch-size or the same batch.</source>
        <translation>timm 的 -b 按进程计；验证使用 --validation-batch-size 或相同的 batch 大小。</translation>
    </message>
    <message numerus="yes">
        <source>and %n more</source>
        <translation>
            <numerusform>另有 %n 个</numerusform>
        </translation>
    </message>
    <message>
        <source>Ultralytics&apos; batch is the total over all GPUs (each rank takes batch divided by the world size) and workers is per rank; its validation loader uses twice the batch (but for obb, semantic and depth tasks) and twice the workers. Its loaders repeat their sampler forever, so the training loader&apos;s queue stays full while validation runs.</source>
        <translation>Ultralytics 的 batch 是所有 GPU 的总和（每个 rank 取 batch 除以 world size），workers 按 rank 计；其验证加载器使用两倍的 batch 大小（obb、semantic 和 depth 任务除外）和两倍的 worker 数。它的加载器无限重复其采样器，因此验证期间训练加载器的队列一直是满的。</translation>
    </message>
    <message numerus="yes">
        <source>The script kept up to %n batch(es) of loader %1 referenced besides the two the loop holds%2; they stay in /dev/shm and are planned as %3.</source>
        <translation>
            <numerusform>除循环持有的两个 batch 外，脚本还引用着加载器 %1 的最多 %n 个 batch %2；它们留在 /dev/shm 中，按 %3 计入规划。</numerusform>
        </translation>
    </message>
    <message>
        <source> (a whole pass of its batches)</source>
        <translation>（即一整轮的全部 batch）</translation>
    </message>
    <message>
        <source>Loader %1 delivered no batch, but its workers made batches of up to %2: the plan is made from those.</source>
        <translation>加载器 %1 没有交付任何 batch，但其 worker 生成的 batch 最大为 %2：规划以这些 batch 为依据。</translation>
    </message>
    <message>
        <source>%1 %2 → %3</source>
        <translation>%1 %2 → %3</translation>
    </message>
    <message>
        <source>on</source>
        <translation>开启</translation>
    </message>
    <message>
        <source>off</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>batch size</source>
        <translation>batch 大小</translation>
    </message>
    <message>
        <source>workers</source>
        <translation>worker 数</translation>
    </message>
    <message>
        <source>prefetch factor</source>
        <translation>预取因子</translation>
    </message>
    <message>
        <source>persistent workers</source>
        <translation>持久 worker</translation>
    </message>
    <message>
        <source>pin memory</source>
        <translation>锁页内存</translation>
    </message>
    <message>
        <source>start method</source>
        <translation>启动方式</translation>
    </message>
    <message>
        <source>sharing strategy</source>
        <translation>共享策略</translation>
    </message>
    <message numerus="yes">
        <source>the sample as measured (%n tensor(s))</source>
        <translation>
            <numerusform>实测的样本（%n 个张量）</numerusform>
        </translation>
    </message>
    <message>
        <source>other loaders %1 → %2</source>
        <translation>其他加载器 %1 → %2</translation>
    </message>
    <message>
        <source>other shared memory %1 → %2</source>
        <translation>其他共享内存 %1 → %2</translation>
    </message>
    <message>
        <source>processes per node kept at %1 (the measured run had %2)</source>
        <translation>每节点进程数保持为 %1（测量运行时为 %2）</translation>
    </message>
    <message>
        <source>an itertools.cycle over the batches asked for at %1</source>
        <translation>对在 %1 处取得的 batch 进行循环的 itertools.cycle</translation>
    </message>
    <message>
        <source>a list of the batches asked for at %1</source>
        <translation>保存在 %1 处取得的 batch 的列表（list）</translation>
    </message>
    <message>
        <source>the batches asked for at %1</source>
        <translation>在 %1 处取得的 batch</translation>
    </message>
    <message>
        <source>a %1 of the batches asked for at %2</source>
        <translation>保存在 %2 处取得的 batch 的 %1</translation>
    </message>
    <message>
        <source>What keeps them: %1.</source>
        <translation>保留它们的是：%1。</translation>
    </message>
</context>
<context>
    <name>shmwise::MemoryLayers</name>
    <message>
        <source>GPU memory, RAM and /dev/shm of this host</source>
        <translation>此主机的 GPU 显存、内存和 /dev/shm</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>No host probed yet: the Host page&apos;s probe fills this picture.</source>
        <translation>尚未探测主机：“主机”页面的探测结果会填入此图。</translation>
    </message>
    <message>
        <source>GPU memory: no GPU reported (nvidia-smi).</source>
        <translation>GPU 显存：未报告 GPU（nvidia-smi）。</translation>
    </message>
    <message>
        <source>GPU memory: %1, %2 (separate from RAM; /dev/shm is not here).</source>
        <translation>GPU 显存：%1，%2（与内存分开；/dev/shm 不在这里）。</translation>
    </message>
    <message>
        <source>RAM: %1; memory limit: %2.</source>
        <translation>内存：%1；内存限制：%2。</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>The job needs %1 of /dev/shm.</source>
        <translation>任务需要 %1 的 /dev/shm。</translation>
    </message>
    <message>
        <source>GPU memory</source>
        <translation>GPU 显存</translation>
    </message>
    <message>
        <source>no GPU reported</source>
        <translation>未报告 GPU</translation>
    </message>
    <message numerus="yes">
        <source>%n device(s): %1</source>
        <translation>
            <numerusform>%n 个设备：%1</numerusform>
        </translation>
    </message>
    <message>
        <source>not probed</source>
        <translation>未探测</translation>
    </message>
    <message>
        <source>RAM and its limit</source>
        <translation>内存及其限制</translation>
    </message>
    <message>
        <source>limit %1</source>
        <translation>限制 %1</translation>
    </message>
    <message>
        <source>%1 used</source>
        <translation>已用 %1</translation>
    </message>
    <message>
        <source>job needs %1</source>
        <translation>任务需要 %1</translation>
    </message>
    <message>
        <source>the probed host&apos;s /dev/shm</source>
        <translation>被探测主机的 /dev/shm</translation>
    </message>
    <message>
        <source>The job&apos;s /dev/shm (in RAM, counted against the limit): %1, %2.</source>
        <translation>任务的 /dev/shm（位于内存中，计入内存限制）：%1，%2。</translation>
    </message>
    <message>
        <source>The job&apos;s /dev/shm (inside RAM)</source>
        <translation>任务的 /dev/shm（位于内存中）</translation>
    </message>
</context>
<context>
    <name>shmwise::Nccl</name>
    <message>
        <source>NCCL puts two things in /dev/shm. Between GPUs of one host that cannot reach each other directly, its SHM transport gives each connection a file of 9637888 bytes (NCCL&apos;s default buffers: 4096 + LL 524288 + LL128 4915200 + SIMPLE 4194304), 2 to 6 per process (2 channels; a ring&apos;s link, plus a tree&apos;s two). Between hosts, each process&apos;s proxy keeps an operations pool of 4.0 MiB (NCCL 2.19) to 32.6 MiB (2.28 and later), allocated in full and unlinked once its peers attach, so ls /dev/shm does not show it.</source>
        <translation>NCCL 在 /dev/shm 中放两样东西。同一主机上彼此不能直接访问的 GPU 之间，它的 SHM 传输为每个连接建一个 9637888 字节的文件（NCCL 的默认缓冲区：4096 + LL 524288 + LL128 4915200 + SIMPLE 4194304），每个进程 2 到 6 个（2 个通道；环的一条链接，再加树的两条）。主机之间，每个进程的 proxy 保留一个操作池，大小从 4.0 MiB（NCCL 2.19）到 32.6 MiB（2.28 及以后），一次分配满，对端连上后即 unlink，所以 ls /dev/shm 看不到它。</translation>
    </message>
    <message>
        <source>This host&apos;s GPUs reach each other directly (nccl.p2p), so the SHM transport is not used.</source>
        <translation>这台主机的 GPU 可以彼此直接访问（nccl.p2p），所以不使用 SHM 传输。</translation>
    </message>
    <message>
        <source>NCCL_CUMEM_HOST_ENABLE (NCCL 2.24.3 and later) puts those buffers in pinned host memory instead of /dev/shm.</source>
        <translation>NCCL_CUMEM_HOST_ENABLE（NCCL 2.24.3 及以后）把这些缓冲区放在锁页主机内存中，而不是 /dev/shm。</translation>
    </message>
    <message>
        <source>NCCL_DEBUG=INFO NCCL_DEBUG_SUBSYS=ALLOC,SHM prints the real figures; shmwise diagnose reads them.</source>
        <translation>NCCL_DEBUG=INFO NCCL_DEBUG_SUBSYS=ALLOC,SHM 会打印真实数值；shmwise diagnose 能读取它们。</translation>
    </message>
    <message>
        <source>%1 to %2</source>
        <translation>%1 至 %2</translation>
    </message>
    <message>
        <source>up to %1</source>
        <translation>最多 %1</translation>
    </message>
    <message>
        <source>%1 GPU processes on this host that do not reach each other directly exchange data through files in /dev/shm: %2.</source>
        <translation>此主机上 %1 个彼此不能直接互联的 GPU 进程通过 /dev/shm 中的文件交换数据：%2。</translation>
    </message>
    <message>
        <source>%1 GPU processes on this host exchange data through files in /dev/shm unless their GPUs reach each other directly, which is not known (Direct GPU links): %2.</source>
        <translation>此主机上 %1 个 GPU 进程通过 /dev/shm 中的文件交换数据，除非它们的 GPU 直接互联，而这一点未知（GPU 直接互联）：%2。</translation>
    </message>
    <message>
        <source>A job on more than one host adds a pool per process, up to %1 in all; how many hosts is not known (Hosts in the job).</source>
        <translation>跨多台主机的任务会为每个进程增加一个池，合计最多 %1；主机数未知（任务主机数）。</translation>
    </message>
    <message>
        <source>The job spans %1 hosts, which adds a pool per process: %2.</source>
        <translation>任务跨 %1 台主机，会为每个进程增加一个池：%2。</translation>
    </message>
    <message>
        <source>The plan counts the most; the details say what narrows it.</source>
        <translation>计划按最大值计算；详情说明了如何缩小范围。</translation>
    </message>
    <message>
        <source>NCCL&apos;s buffers between GPUs</source>
        <translation>NCCL 在 GPU 之间的缓冲区</translation>
    </message>
    <message>
        <source>NCCL&apos;s proxy pools</source>
        <translation>NCCL 的 proxy 池</translation>
    </message>
    <message>
        <source>NCCL&apos;s buffers and proxy pools</source>
        <translation>NCCL 的缓冲区和 proxy 池</translation>
    </message>
    <message>
        <source>%1 bytes a connection (its buffers&apos; file and its 4096-byte header file, each with NCCL&apos;s 4-byte reference count and taken in whole 4 KiB pages)</source>
        <translation>每个连接 %1 字节（缓冲区文件和 4096 字节的头文件，各带 NCCL 的 4 字节引用计数，按整个 4 KiB 页计）</translation>
    </message>
    <message>
        <source>SHM transport on this host: %1 processes x up to %2 connections x %3 = up to %4.</source>
        <translation>本主机上的 SHM 传输：%1 个进程 x 最多 %2 个连接 x %3 = 最多 %4。</translation>
    </message>
    <message>
        <source>SHM transport on this host: %1 processes x %2 to %3 connections x %4 = %5 to %6.</source>
        <translation>本主机上的 SHM 传输：%1 个进程 x %2 到 %3 个连接 x %4 = %5 到 %6。</translation>
    </message>
    <message>
        <source>Proxy pools: %1 processes x %2 = %3.</source>
        <translation>proxy 池：%1 个进程 x %2 = %3。</translation>
    </message>
    <message>
        <source>Proxy pools, if the job spans more than one host: %1 processes x up to %2 = up to %3.</source>
        <translation>proxy 池（任务跨多台主机时）：%1 个进程 x 最多 %2 = 最多 %3。</translation>
    </message>
    <message>
        <source>Proxy pools: %1 processes x %2 to %3 = %4 to %5.</source>
        <translation>proxy 池：%1 个进程 x %2 到 %3 = %4 到 %5。</translation>
    </message>
    <message>
        <source>Direct GPU links (the Environment page; nccl.p2p in the profile file): yes where nvidia-smi topo -p2p r says OK between the GPUs and NCCL_P2P_DISABLE is not set, and then the SHM transport is not used.</source>
        <translation>GPU 直接互联（“运行环境”页面；配置档案中的 nccl.p2p）：当 nvidia-smi topo -p2p r 显示 GPU 之间为 OK 且未设置 NCCL_P2P_DISABLE 时为“是”，此时不使用 SHM 传输。</translation>
    </message>
    <message>
        <source>Hosts in the job (the Environment page; nccl.nodes in the profile file): one host has no proxy pools.</source>
        <translation>任务的主机数（“运行环境”页面；配置档案中的 nccl.nodes）：单台主机没有 proxy 池。</translation>
    </message>
    <message>
        <source>NCCL&apos;s release, nccl.version in the profile file (the wizard does not ask it): python -c &quot;import torch; print(torch.cuda.nccl.version())&quot; prints (2, 21, 5) for 2.21.5.</source>
        <translation>NCCL 的版本，即配置档案中的 nccl.version（向导不询问）：python -c &quot;import torch; print(torch.cuda.nccl.version())&quot; 对 2.21.5 输出 (2, 21, 5)。</translation>
    </message>
    <message>
        <source>Whether NCCL 2.24.3 or later keeps those buffers in pinned host memory instead, nccl.cumem_host in the profile file (the wizard does not ask it): it does unless NCCL_CUMEM_HOST_ENABLE=0, the driver is older than 12.6 or Docker runs without --cap-add SYS_NICE, so the plan cannot count on it.</source>
        <translation>NCCL 2.24.3 及以后版本是否把这些缓冲区改放在锁页主机内存中，即配置档案中的 nccl.cumem_host（向导不询问）：除非 NCCL_CUMEM_HOST_ENABLE=0、驱动早于 12.6 或 Docker 运行时没有 --cap-add SYS_NICE，否则会这样做，因此规划不能指望它。</translation>
    </message>
    <message>
        <source>The plan counts the high end. What narrows it: %1</source>
        <translation>规划按上限计算。可以缩小它的是：%1</translation>
    </message>
</context>
<context>
    <name>shmwise::NumberBox</name>
    <message>
        <source>%1: &apos;%2&apos; is not a whole number</source>
        <translation>%1：&apos;%2&apos; 不是整数</translation>
    </message>
    <message>
        <source>%1: %2 is more than %3, the most this field takes</source>
        <translation>%1：%2 超过了 %3，这是此字段允许的最大值</translation>
    </message>
    <message>
        <source>%1: %2 is less than %3, the least this field takes</source>
        <translation>%1：%2 小于 %3，这是此字段允许的最小值</translation>
    </message>
    <message>
        <source>%1: &apos;%2&apos; is not taken</source>
        <translation>%1：不接受 &apos;%2&apos;</translation>
    </message>
    <message>
        <source>%1: an empty field is not a number</source>
        <translation>%1：空字段不是数字</translation>
    </message>
    <message>
        <source>%1: &apos;%2&apos;: no negative number is taken; the least is %3</source>
        <translation>%1：&apos;%2&apos;：不接受负数；最小为 %3</translation>
    </message>
</context>
<context>
    <name>shmwise::Page</name>
    <message>
        <source>Problems on this page</source>
        <translation>此页面上的问题</translation>
    </message>
    <message>
        <source>%1 is required</source>
        <translation>%1 为必填项</translation>
    </message>
    <message>
        <source>= %1 bytes</source>
        <translation>= %1 字节</translation>
    </message>
    <message>
        <source>Docker</source>
        <translation>Docker</translation>
    </message>
    <message>
        <source>Kubernetes</source>
        <translation>Kubernetes</translation>
    </message>
    <message>
        <source>a percentage is not a size here</source>
        <translation>此处百分比不是有效的大小</translation>
    </message>
    <message>
        <source>the kernel</source>
        <translation>内核</translation>
    </message>
    <message>
        <source>%1 (nor as %2 reads sizes: %3)</source>
        <translation>%1（按 %2 解读大小的方式也不是：%3）</translation>
    </message>
    <message>
        <source>%1 in bytes</source>
        <translation>%1（字节）</translation>
    </message>
    <message>
        <source>Sample size</source>
        <translation>样本大小</translation>
    </message>
    <message>
        <source>Batch size</source>
        <translation>Batch 大小</translation>
    </message>
    <message>
        <source>Workers</source>
        <translation>Worker 数</translation>
    </message>
    <message>
        <source>Prefetch factor</source>
        <translation>预取因子</translation>
    </message>
    <message>
        <source>Persistent workers</source>
        <translation>持久 worker</translation>
    </message>
    <message>
        <source>Processes per node</source>
        <translation>每节点进程数</translation>
    </message>
    <message>
        <source>Pin memory</source>
        <translation>锁页内存</translation>
    </message>
    <message>
        <source>Start method</source>
        <translation>启动方式</translation>
    </message>
    <message>
        <source>Sharing strategy</source>
        <translation>共享策略</translation>
    </message>
    <message>
        <source>Dataset tensors</source>
        <translation>Dataset 张量</translation>
    </message>
    <message>
        <source>Tensors of one sample</source>
        <translation>单个样本的张量</translation>
    </message>
    <message>
        <source>Preset</source>
        <translation>预设</translation>
    </message>
    <message>
        <source>Job name</source>
        <translation>任务名称</translation>
    </message>
    <message>
        <source>Image</source>
        <translation>镜像</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>命令</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>内存</translation>
    </message>
    <message>
        <source>GPUs per node</source>
        <translation>每节点 GPU 数</translation>
    </message>
    <message>
        <source>Namespace</source>
        <translation>命名空间</translation>
    </message>
    <message>
        <source>Kubernetes kind</source>
        <translation>Kubernetes 类型</translation>
    </message>
    <message>
        <source>Current /dev/shm</source>
        <translation>当前 /dev/shm</translation>
    </message>
    <message>
        <source>CPUs</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>Tensor %1, %2</source>
        <translation>张量 %1，%2</translation>
    </message>
    <message>
        <source>Job memory</source>
        <translation>任务内存</translation>
    </message>
    <message>
        <source>Host memory</source>
        <translation>主机内存</translation>
    </message>
    <message>
        <source>tensors</source>
        <translation>张量</translation>
    </message>
    <message>
        <source>preset</source>
        <translation>预设</translation>
    </message>
    <message>
        <source>The plan</source>
        <translation>规划</translation>
    </message>
    <message>
        <source>%1: the profile holds %2, more than this field takes (%3); type a value up to %3</source>
        <translation>%1：配置文件中的值为 %2，超过此字段可接受的上限（%3）；请输入不超过 %3 的值</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is more than 1 EiB, the largest size a field takes</source>
        <translation>“%1”超过 1 EiB，即字段可接受的最大大小</translation>
    </message>
    <message>
        <source>%1; the field holds %2</source>
        <translation>%1；该字段现为 %2</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Framework</source>
        <translation>框架</translation>
    </message>
    <message>
        <source>Grouped batch size</source>
        <translation>分组 batch 大小</translation>
    </message>
    <message>
        <source>this computer</source>
        <translation>本机</translation>
    </message>
    <message>
        <source>Tensor-parallel size</source>
        <translation>张量并行规模</translation>
    </message>
    <message>
        <source>Pipeline-parallel size</source>
        <translation>流水线并行规模</translation>
    </message>
    <message>
        <source>Data-parallel size</source>
        <translation>数据并行规模</translation>
    </message>
    <message>
        <source>KV-offload tier</source>
        <translation>KV 卸载层</translation>
    </message>
    <message>
        <source>Largest request and response</source>
        <translation>最大请求和响应</translation>
    </message>
    <message>
        <source>Requests at once</source>
        <translation>同时处理的请求数</translation>
    </message>
    <message>
        <source>Model instances</source>
        <translation>模型实例数</translation>
    </message>
    <message>
        <source>vLLM release</source>
        <translation>vLLM 版本</translation>
    </message>
</context>
<context>
    <name>shmwise::Presets</name>
    <message>
        <source>Image classification (224x224)</source>
        <translation>图像分类（224x224）</translation>
    </message>
    <message>
        <source>ResNet/ViT-style training: one 3x224x224 float32 image and a label per sample.</source>
        <translation>ResNet/ViT 类训练：每个样本一张 3x224x224 float32 图像和一个标签。</translation>
    </message>
    <message>
        <source>Object detection (640x640, YOLO-like)</source>
        <translation>目标检测（640x640，类 YOLO）</translation>
    </message>
    <message>
        <source>YOLO-style training: a 3x640x640 uint8 image and padded box targets per sample.</source>
        <translation>YOLO 类训练：每个样本一张 3x640x640 uint8 图像和填充后的框目标。</translation>
    </message>
    <message>
        <source>Audio generation (mel + CLAP + T5)</source>
        <translation>音频生成（mel + CLAP + T5）</translation>
    </message>
    <message>
        <source>Text-to-music training with a dict sample: a mel spectrogram, a CLAP embedding and T5 text features.</source>
        <translation>以字典为样本的文本生成音乐训练：一个 mel 频谱图、一个 CLAP 嵌入和 T5 文本特征。</translation>
    </message>
    <message>
        <source>Video clips (16 frames, 224x224)</source>
        <translation>视频片段（16 帧，224x224）</translation>
    </message>
    <message>
        <source>Video classification: a 3x16x224x224 float32 clip and a label per sample.</source>
        <translation>视频分类：每个样本一个 3x16x224x224 float32 片段和一个标签。</translation>
    </message>
    <message>
        <source>Multimodal image + text (CLIP-like)</source>
        <translation>多模态图像 + 文本（类 CLIP）</translation>
    </message>
    <message>
        <source>Contrastive image-text training: a 224x224 image with 77 text tokens and their attention mask.</source>
        <translation>图文对比训练：一张 224x224 图像，以及 77 个文本 token 和它们的注意力掩码。</translation>
    </message>
</context>
<context>
    <name>shmwise::Probe</name>
    <message>
        <source>line %1: %2</source>
        <translation>第 %1 行：%2</translation>
    </message>
    <message>
        <source>more problems not shown</source>
        <translation>还有更多问题未显示</translation>
    </message>
    <message>
        <source>unreadable report header</source>
        <translation>报告头无法读取</translation>
    </message>
    <message>
        <source>not a key=value line: %1</source>
        <translation>不是 key=value 行：%1</translation>
    </message>
    <message>
        <source>no probe report header (&quot;shmwise-probe 1&quot;)</source>
        <translation>没有探测报告头（&quot;shmwise-probe 1&quot;）</translation>
    </message>
    <message>
        <source>report version %1 is newer than this ShmWise reads (%2); known facts are used</source>
        <translation>报告版本 %1 比此 ShmWise 能读取的版本（%2）更新；将使用已知的字段</translation>
    </message>
    <message>
        <source>the report was cut off (no end marker)</source>
        <translation>报告被截断（没有结束标记）</translation>
    </message>
    <message>
        <source>starts with &apos;-&apos;, which a client would read as an option</source>
        <translation>以 &apos;-&apos; 开头，客户端会把它当作选项</translation>
    </message>
    <message>
        <source>holds a control character</source>
        <translation>含有控制字符</translation>
    </message>
    <message>
        <source>holds a space</source>
        <translation>含有空格</translation>
    </message>
    <message>
        <source>user</source>
        <translation>用户名</translation>
    </message>
    <message>
        <source>host</source>
        <translation>主机名</translation>
    </message>
    <message>
        <source>container</source>
        <translation>容器名</translation>
    </message>
    <message>
        <source>namespace</source>
        <translation>命名空间</translation>
    </message>
    <message>
        <source>pod</source>
        <translation>Pod 名</translation>
    </message>
    <message>
        <source>unknown target &apos;%1&apos;; write local, ssh://[user@]host[:port], docker://container or k8s://[namespace/]pod[/container]</source>
        <translation>未知目标 &apos;%1&apos;；请写成 local、ssh://[user@]host[:port]、docker://container 或 k8s://[namespace/]pod[/container]</translation>
    </message>
    <message>
        <source>cannot create the ssh control directory %1: %2</source>
        <translation>无法创建 ssh 控制目录 %1：%2</translation>
    </message>
    <message>
        <source>%1 did not accept any of your keys (it may only allow passwords, which ShmWise never asks for). Load a key into ssh-agent (`ssh-add`) and install it on the host with `ssh-copy-id %1`, or name the key with IdentityFile in your ssh config.</source>
        <translation>%1 没有接受你的任何密钥（它可能只允许密码登录，而 ShmWise 从不询问密码）。请把密钥加载到 ssh-agent（`ssh-add`）并用 `ssh-copy-id %1` 安装到主机上，或在 ssh 配置中用 IdentityFile 指定密钥。</translation>
    </message>
    <message>
        <source>The host name %1 could not be resolved; check the name or add a Host entry to your ssh config.</source>
        <translation>无法解析主机名 %1；请检查名称，或在 ssh 配置中添加一个 Host 条目。</translation>
    </message>
    <message>
        <source>%1 refused the connection: no ssh server listens on that port.</source>
        <translation>%1 拒绝了连接：该端口上没有 ssh 服务器在监听。</translation>
    </message>
    <message>
        <source>The connection to %1 timed out; check the host, the port and any firewall or VPN in between.</source>
        <translation>连接 %1 超时；请检查主机、端口以及中间的防火墙或 VPN。</translation>
    </message>
    <message>
        <source>%1 closed the connection after too many keys were offered; set IdentitiesOnly yes and IdentityFile for it in your ssh config.</source>
        <translation>提供的密钥过多，%1 关闭了连接；请在 ssh 配置中为它设置 IdentitiesOnly yes 和 IdentityFile。</translation>
    </message>
    <message>
        <source>There is no running container named %1 (see `docker ps`).</source>
        <translation>没有名为 %1 的正在运行的容器（参见 `docker ps`）。</translation>
    </message>
    <message>
        <source>The container %1 is not running; the probe needs a running container.</source>
        <translation>容器 %1 没有在运行；探测需要一个正在运行的容器。</translation>
    </message>
    <message>
        <source>You may not use the Docker daemon; join the docker group or use sudo.</source>
        <translation>你无权使用 Docker 守护进程；请加入 docker 组或使用 sudo。</translation>
    </message>
    <message>
        <source>The pod %1 was not found; check the name and the namespace (kubectl get pods -n NAMESPACE).</source>
        <translation>找不到 Pod %1；请检查名称和命名空间（kubectl get pods -n NAMESPACE）。</translation>
    </message>
    <message>
        <source>Your Kubernetes account may not exec into %1 (it needs the pods/exec permission).</source>
        <translation>你的 Kubernetes 帐户无权 exec 进入 %1（需要 pods/exec 权限）。</translation>
    </message>
    <message>
        <source>The target has no /bin/sh to run the probe with.</source>
        <translation>目标上没有用于运行探测的 /bin/sh。</translation>
    </message>
    <message>
        <source>the ssh control directory %1 is not a directory</source>
        <translation>ssh 控制目录 %1 不是目录</translation>
    </message>
    <message>
        <source>the ssh control directory %1 belongs to another user (uid %2), who could take over the connections; set XDG_RUNTIME_DIR to a private directory of yours (for example XDG_RUNTIME_DIR=/run/user/%3, or mkdir -m 700 ~/.shmwise-run and point XDG_RUNTIME_DIR there) and probe again</source>
        <translation>ssh 控制目录 %1 属于另一个用户（uid %2），该用户可以接管连接；请把 XDG_RUNTIME_DIR 设为你自己的私有目录（例如 XDG_RUNTIME_DIR=/run/user/%3，或 mkdir -m 700 ~/.shmwise-run 并让 XDG_RUNTIME_DIR 指向它），然后再次探测</translation>
    </message>
    <message>
        <source>the ssh control directory %1 is open to other users (mode %2); it must have mode 0700 (chmod 700 %1)</source>
        <translation>ssh 控制目录 %1 对其他用户开放（权限 %2）；它的权限必须是 0700（chmod 700 %1）</translation>
    </message>
    <message>
        <source>the ssh control socket %1 would be longer than %2 bytes, more than a socket name can hold; use a shorter XDG_RUNTIME_DIR</source>
        <translation>ssh 控制套接字 %1 将超过 %2 字节，超出套接字名称的容量；请使用更短的 XDG_RUNTIME_DIR</translation>
    </message>
    <message>
        <source>/etc/docker/daemon.json sets default-shm-size to %1, which is not a quoted Docker size such as &quot;2g&quot;; the Docker daemon refuses to start with it</source>
        <translation>/etc/docker/daemon.json 将 default-shm-size 设为 %1，这不是带引号的 Docker 大小（如 &quot;2g&quot;）；Docker 守护进程会因此拒绝启动</translation>
    </message>
    <message>
        <source>%1 refused one more session on the shared connection: its sshd allows only so many at once (MaxSessions, 10 by default). Probe fewer of its targets at a time (--jobs), or raise MaxSessions in its sshd_config.</source>
        <translation>%1 拒绝在共享连接上再开一个会话：它的 sshd 只允许同时打开有限个会话（MaxSessions，默认 10）。请每次少探测它的几个目标（--jobs），或在其 sshd_config 中提高 MaxSessions。</translation>
    </message>
    <message>
        <source>the %1 &apos;%2&apos; %3</source>
        <translation>%1 &apos;%2&apos; %3</translation>
    </message>
    <message>
        <source>&apos;[&apos; without &apos;]&apos; in &apos;%1&apos;</source>
        <translation>&apos;%1&apos; 中的 &apos;[&apos; 没有对应的 &apos;]&apos;</translation>
    </message>
    <message>
        <source>unexpected &apos;%1&apos; after the host</source>
        <translation>主机之后出现意外的 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a port (1-65535)</source>
        <translation>&apos;%1&apos; 不是端口号（1-65535）</translation>
    </message>
    <message>
        <source>&apos;%1&apos; has too many parts; write k8s://pod, k8s://namespace/pod or k8s://namespace/pod/container</source>
        <translation>&apos;%1&apos; 的部分过多；请写成 k8s://pod、k8s://namespace/pod 或 k8s://namespace/pod/container</translation>
    </message>
    <message>
        <source>refused target: %1</source>
        <translation>拒绝的目标：%1</translation>
    </message>
    <message>
        <source>kubectl could not reach a Kubernetes cluster: no cluster is configured for it (a kubeconfig file and its current context), or the cluster&apos;s API server is down or out of reach. Check with `kubectl config current-context` and `kubectl get pods -n NAMESPACE`, then probe again.</source>
        <translation>kubectl 无法连接到 Kubernetes 集群：它没有配置集群（kubeconfig 文件及其当前上下文），或集群的 API 服务器已停止或无法访问。请用 `kubectl config current-context` 和 `kubectl get pods -n NAMESPACE` 检查，然后重新探测。</translation>
    </message>
    <message>
        <source>The Kubernetes cluster did not accept your credentials (they may have expired): log in again as your cluster&apos;s tooling asks, then probe again.</source>
        <translation>Kubernetes 集群不接受你的凭据（可能已过期）：按集群工具的要求重新登录，然后重新探测。</translation>
    </message>
    <message>
        <source>&apos;%1&apos; names a namespace, not a pod: write k8s://NAMESPACE/POD (probe, plan and generate take k8s://NAMESPACE/ with --selector LABELS)</source>
        <translation>&apos;%1&apos; 指的是命名空间而不是 Pod：请写 k8s://NAMESPACE/POD（probe、plan 和 generate 接受 k8s://NAMESPACE/ 与 --selector LABELS 一起使用）</translation>
    </message>
    <message>
        <source>%1, line %2</source>
        <translation>%1，第 %2 行</translation>
    </message>
    <message>
        <source>The host key of %1 has CHANGED since it was stored (%2). Someone may be impersonating the host, or it was reinstalled: check the new key&apos;s fingerprint with its administrator before you trust it. Then remove the old key with `%3`, connect once with `%4` to store the new one, and probe again.</source>
        <translation>%1 的主机密钥自保存（%2）以来已经发生变化。可能有人在冒充该主机，也可能该主机已重装：在信任新密钥之前，请先与其管理员核对新密钥的指纹。然后用 `%3` 删除旧密钥，用 `%4` 连接一次以保存新密钥，再重新探测。</translation>
    </message>
    <message>
        <source>The host key of %1 is not known yet (no %2 entry in known_hosts), so ssh refused to connect without asking. Connect once with `%3` in a terminal, check the fingerprint it shows with the host&apos;s administrator and accept it; then probe again.</source>
        <translation>%1 的主机密钥尚不为人知（known_hosts 中没有 %2 的条目），因此 ssh 拒绝在不询问的情况下连接。请在终端中用 `%3` 连接一次，与该主机的管理员核对它显示的指纹并接受；然后重新探测。</translation>
    </message>
    <message>
        <source>%1 (%2, port %3)</source>
        <translation>%1（%2，端口 %3）</translation>
    </message>
    <message>
        <source>the %1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>the %1 is missing</source>
        <translation>缺少%1</translation>
    </message>
    <message>
        <source>is longer than 253 characters</source>
        <translation>超过 253 个字符</translation>
    </message>
    <message>
        <source>holds &apos;%1&apos;; only ASCII letters (a-z, A-Z), digits, &apos;.&apos;, &apos;_&apos; and &apos;-&apos; are allowed</source>
        <translation>含有 &apos;%1&apos;；只允许 ASCII 字母（a-z、A-Z）、数字、&apos;.&apos;、&apos;_&apos; 和 &apos;-&apos;</translation>
    </message>
</context>
<context>
    <name>shmwise::Prober</name>
    <message>
        <source>the probe was cancelled</source>
        <translation>探测已取消</translation>
    </message>
    <message>
        <source>the probe of %1 failed: %2</source>
        <translation>对 %1 的探测失败：%2</translation>
    </message>
    <message>
        <source>the probe of %1 failed (exit code %2) without a report</source>
        <translation>对 %1 的探测失败（退出码 %2），没有报告</translation>
    </message>
    <message>
        <source>cannot run %1: %2</source>
        <translation>无法运行 %1：%2</translation>
    </message>
    <message>
        <source>%1 did not answer within %2 s</source>
        <translation>%1 在 %2 秒内没有响应</translation>
    </message>
    <message>
        <source>%1 sent more than %2 MiB of report; the probe was stopped (a report is a few KiB: is the login shell printing without end?)</source>
        <translation>%1 发送的报告超过 %2 MiB；探测已停止（报告只有几 KiB：登录 shell 是否在无休止地输出？）</translation>
    </message>
    <message>
        <source>%1 wrote more than %2 KiB of errors; the probe was stopped</source>
        <translation>%1 写出的错误超过 %2 KiB；探测已停止</translation>
    </message>
    <message>
        <source>%1 ended without sending a report</source>
        <translation>%1 结束了，但没有发送报告</translation>
    </message>
    <message>
        <source>%1 sent %2 bytes that are not a probe report, and ended (is its login shell printing, or not a POSIX shell?)</source>
        <translation>%1 发送了 %2 字节不是探测报告的内容后结束（它的登录 shell 是否在输出内容，或者不是 POSIX shell？）</translation>
    </message>
</context>
<context>
    <name>shmwise::Profile</name>
    <message>
        <source>must not be empty</source>
        <translation>不能为空</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a valid name: use at most 63 lower-case letters, digits and &apos;-&apos;, starting and ending with a letter or digit</source>
        <translation>&apos;%1&apos; 不是有效的名称：最多 63 个小写字母、数字和 &apos;-&apos;，并以字母或数字开头和结尾</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not an image reference: write it as [registry/]name[:tag], for example pytorch/pytorch:2.6.0-cuda12.4-cudnn9-runtime</source>
        <translation>&apos;%1&apos; 不是镜像引用：请写成 [registry/]name[:tag]，例如 pytorch/pytorch:2.6.0-cuda12.4-cudnn9-runtime</translation>
    </message>
    <message>
        <source>must name at least the program to run</source>
        <translation>至少要指定要运行的程序</translation>
    </message>
    <message>
        <source>holds an empty argument</source>
        <translation>含有空参数</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a usable tensor name: use letters, digits and &apos;_&apos;, not starting with a digit</source>
        <translation>&apos;%1&apos; 不是可用的张量名称：请使用字母、数字和 &apos;_&apos;，且不以数字开头</translation>
    </message>
    <message>
        <source>must be a mapping of keys to values</source>
        <translation>必须是键到值的映射</translation>
    </message>
    <message>
        <source>keys must be plain names</source>
        <translation>键必须是普通名称</translation>
    </message>
    <message>
        <source>duplicate key; only one &apos;%1&apos; is allowed</source>
        <translation>键重复；只允许一个 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>unknown key &apos;%1&apos;; expected one of: %2</source>
        <translation>未知的键 &apos;%1&apos;；应为以下之一：%2</translation>
    </message>
    <message>
        <source>has no value</source>
        <translation>没有值</translation>
    </message>
    <message>
        <source>must be a text value</source>
        <translation>必须是文本值</translation>
    </message>
    <message>
        <source>must be a whole number</source>
        <translation>必须是整数</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a whole number</source>
        <translation>&apos;%1&apos; 不是整数</translation>
    </message>
    <message>
        <source>must not be negative (got %1)</source>
        <translation>不能为负数（实际为 %1）</translation>
    </message>
    <message>
        <source>must be at least %1 (got %2)</source>
        <translation>至少为 %1（实际为 %2）</translation>
    </message>
    <message>
        <source>must be true or false</source>
        <translation>必须是 true 或 false</translation>
    </message>
    <message>
        <source>must be a size such as 64MiB or a number of bytes</source>
        <translation>必须是大小（例如 64MiB）或字节数</translation>
    </message>
    <message>
        <source>unknown value &apos;%1&apos;; expected one of: %2</source>
        <translation>未知的值 &apos;%1&apos;；应为以下之一：%2</translation>
    </message>
    <message>
        <source>must be a list of tensors, each {name, shape, dtype}</source>
        <translation>必须是张量列表，每项为 {name, shape, dtype}</translation>
    </message>
    <message>
        <source>needs &apos;%1&apos;</source>
        <translation>需要 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>tensor name &apos;%1&apos; is used twice</source>
        <translation>张量名称 &apos;%1&apos; 被使用了两次</translation>
    </message>
    <message>
        <source>must be a list of dimensions, such as [3, 224, 224] or [] for a scalar</source>
        <translation>必须是维度列表，例如 [3, 224, 224]，标量则为 []</translation>
    </message>
    <message>
        <source>the tensor&apos;s size overflows 64 bits</source>
        <translation>张量大小超出 64 位</translation>
    </message>
    <message>
        <source>give either &apos;sample&apos; or &apos;sample_bytes&apos;, not both</source>
        <translation>只能给出 &apos;sample&apos; 或 &apos;sample_bytes&apos; 其中之一，不能同时给出</translation>
    </message>
    <message>
        <source>must be more than 0</source>
        <translation>必须大于 0</translation>
    </message>
    <message>
        <source>a tab is used for indentation; YAML indents with spaces</source>
        <translation>使用了 tab 缩进；YAML 用空格缩进</translation>
    </message>
    <message>
        <source>the workload needs &apos;sample&apos; (its tensors), &apos;sample_bytes&apos; or a &apos;preset&apos;</source>
        <translation>工作负载需要 &apos;sample&apos;（其张量）、&apos;sample_bytes&apos; 或 &apos;preset&apos;</translation>
    </message>
    <message>
        <source>the workload needs a batch_size of at least 1 (or a &apos;preset&apos;)</source>
        <translation>工作负载需要至少为 1 的 batch_size（或 &apos;preset&apos;）</translation>
    </message>
    <message>
        <source>prefetch_factor needs num_workers &gt; 0; PyTorch raises ValueError otherwise (remove it, or set num_workers)</source>
        <translation>prefetch_factor 需要 num_workers &gt; 0；否则 PyTorch 会抛出 ValueError（请删除它，或设置 num_workers）</translation>
    </message>
    <message>
        <source>persistent_workers: true needs num_workers &gt; 0; PyTorch raises ValueError otherwise</source>
        <translation>persistent_workers: true 需要 num_workers &gt; 0；否则 PyTorch 会抛出 ValueError</translation>
    </message>
    <message>
        <source>must be at least 1</source>
        <translation>至少为 1</translation>
    </message>
    <message>
        <source>one batch (sample size x batch_size) overflows 64 bits</source>
        <translation>一个 batch（样本大小 x batch_size）超出 64 位</translation>
    </message>
    <message>
        <source>not valid YAML: %1</source>
        <translation>不是有效的 YAML：%1</translation>
    </message>
    <message>
        <source>the profile is empty; it needs at least &apos;shmwise: 1&apos;, &apos;environment&apos; and &apos;workload&apos;</source>
        <translation>配置档案为空；至少需要 &apos;shmwise: 1&apos;、&apos;environment&apos; 和 &apos;workload&apos;</translation>
    </message>
    <message>
        <source>missing; the first line of a profile is &apos;shmwise: 1&apos;</source>
        <translation>缺失；配置档案的第一行是 &apos;shmwise: 1&apos;</translation>
    </message>
    <message>
        <source>profile version %1 is not supported; this version of ShmWise reads version 1</source>
        <translation>不支持配置档案版本 %1；此版本的 ShmWise 读取版本 1</translation>
    </message>
    <message>
        <source>missing; one of: %1</source>
        <translation>缺失；应为以下之一：%1</translation>
    </message>
    <message>
        <source>must be a list of arguments, such as [python, train.py]</source>
        <translation>必须是参数列表，例如 [python, train.py]</translation>
    </message>
    <message>
        <source>unknown preset &apos;%1&apos;; expected one of: %2</source>
        <translation>未知的预设 &apos;%1&apos;；应为以下之一：%2</translation>
    </message>
    <message>
        <source>unreadable: %1</source>
        <translation>无法读取：%1</translation>
    </message>
    <message>
        <source>profile version %1 is not supported</source>
        <translation>不支持配置档案版本 %1</translation>
    </message>
    <message>
        <source>dimension %1 is negative</source>
        <translation>第 %1 个维度为负数</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a dimension: write whole numbers such as 3, 224, 224</source>
        <translation>&apos;%1&apos; 不是维度：请写整数，例如 3, 224, 224</translation>
    </message>
    <message>
        <source>holds a line break (%1); remove it</source>
        <translation>含有换行（%1）；请删除</translation>
    </message>
    <message>
        <source>holds the invisible format character %1, which shows text in another order or hides it; remove it</source>
        <translation>含有不可见的格式字符 %1，它会改变文本的显示顺序或将其隐藏；请删除</translation>
    </message>
    <message>
        <source>holds the control character %1; remove it</source>
        <translation>含有控制字符 %1；请删除</translation>
    </message>
    <message>
        <source>argument %1: %2</source>
        <translation>参数 %1：%2</translation>
    </message>
    <message>
        <source>at most %1 GPUs per node (got %2)</source>
        <translation>每节点最多 %1 个 GPU（实际为 %2）</translation>
    </message>
    <message>
        <source>at most 1 EiB (%1 bytes); got %2 bytes</source>
        <translation>最多 1 EiB（%1 字节）；实际为 %2 字节</translation>
    </message>
    <message>
        <source>the /dev/shm this job would need is beyond 1 EiB; check batch_size, num_workers, prefetch_factor and processes_per_node</source>
        <translation>此任务所需的 /dev/shm 超过 1 EiB；请检查 batch_size、num_workers、prefetch_factor 和 processes_per_node</translation>
    </message>
    <message>
        <source>at most %1 (got %2)</source>
        <translation>最多 %1（实际为 %2）</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is quoted, so YAML reads it as a string; %2 is needed: write it without quotes</source>
        <translation>&apos;%1&apos; 加了引号，因此 YAML 将其读作字符串；需要的是%2：请去掉引号</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is tagged !!str, so it is a string; %2 is needed: write it without the tag</source>
        <translation>&apos;%1&apos; 带有 !!str 标签，因此是字符串；需要的是%2：请去掉该标签</translation>
    </message>
    <message>
        <source>&apos;%1&apos; has the tag %2; %3 is needed: write it without a tag</source>
        <translation>&apos;%1&apos; 带有标签 %2；需要的是%3：请去掉标签</translation>
    </message>
    <message>
        <source>a whole number</source>
        <translation>整数</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a count: write it without the minus sign</source>
        <translation>&apos;%1&apos; 不是计数：请去掉负号</translation>
    </message>
    <message>
        <source>%1 is too large (at most 2^64-1)</source>
        <translation>%1 过大（最大为 2^64-1）</translation>
    </message>
    <message>
        <source>true or false</source>
        <translation>true 或 false</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a range of a dimension: write SMALLEST..LARGEST, such as 16000..160000</source>
        <translation>&apos;%1&apos; 不是维度的范围：请写成 最小..最大，例如 16000..160000</translation>
    </message>
    <message>
        <source>&apos;%1&apos;: the smallest value comes first, as in %2..%3</source>
        <translation>&apos;%1&apos;：较小的值写在前面，如 %2..%3</translation>
    </message>
    <message>
        <source>loader name %1 must start with a letter and hold only letters, digits, &apos;_&apos; and &apos;-&apos; (at most 32), such as train or val</source>
        <translation>加载器名称 %1 必须以字母开头，只含字母、数字、&apos;_&apos; 和 &apos;-&apos;（最多 32 个），例如 train 或 val</translation>
    </message>
    <message>
        <source>views_into_dataset: true needs dataset_resident_bytes, the size of the tensor the samples are slices of</source>
        <translation>views_into_dataset: true 需要 dataset_resident_bytes，即样本所切片的那个张量的大小</translation>
    </message>
    <message>
        <source>with batch_size: none the Dataset yields whole batches and no collate_fn batches them; remove &apos;collate&apos;</source>
        <translation>batch_size: none 时 Dataset 直接产出整个 batch，没有 collate_fn 来组 batch；请删除 &apos;collate&apos;</translation>
    </message>
    <message>
        <source>a range of a dimension is written SMALLEST..LARGEST, such as 16000..160000</source>
        <translation>维度的范围写成 最小..最大，例如 16000..160000</translation>
    </message>
    <message>
        <source>a job with several loaders names each one, such as train and val</source>
        <translation>有多个加载器的任务需要为每个加载器命名，例如 train 和 val</translation>
    </message>
    <message>
        <source>loader name &apos;%1&apos; is used twice</source>
        <translation>加载器名称 &apos;%1&apos; 用了两次</translation>
    </message>
    <message>
        <source>processes_per_node is the job&apos;s, not one loader&apos;s: give it on the first loader only</source>
        <translation>processes_per_node 属于整个任务，而不是某个加载器：只在第一个加载器上给出</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not one dimension: write a count, or SMALLEST..LARGEST such as 16000..160000</source>
        <translation>&apos;%1&apos; 不是一个维度：请写一个数，或 最小..最大，例如 16000..160000</translation>
    </message>
    <message>
        <source>must be a list of the job&apos;s DataLoaders, the training loader first, each a mapping like &apos;workload&apos;</source>
        <translation>必须是任务的 DataLoader 列表，训练加载器在前，每一项都是与 &apos;workload&apos; 相同的映射</translation>
    </message>
    <message>
        <source>at most %1 loaders (got %2)</source>
        <translation>最多 %1 个加载器（实际 %2 个）</translation>
    </message>
    <message>
        <source>give either &apos;workload&apos; (one loader) or &apos;loaders&apos; (the job&apos;s loaders), not both</source>
        <translation>请给出 &apos;workload&apos;（一个加载器）或 &apos;loaders&apos;（任务的所有加载器）之一，不能同时给出</translation>
    </message>
    <message>
        <source>missing; it needs a &apos;sample&apos; (or &apos;sample_bytes&apos; or a &apos;preset&apos;) and a &apos;batch_size&apos; (or &apos;loaders&apos;, a list of such mappings)</source>
        <translation>缺失；它需要 &apos;sample&apos;（或 &apos;sample_bytes&apos; 或 &apos;preset&apos;）和 &apos;batch_size&apos;（或 &apos;loaders&apos;，即此类映射的列表）</translation>
    </message>
    <message numerus="yes">
        <source>%n more problem(s) are not listed</source>
        <translation>
            <numerusform>另有 %n 个问题未列出</numerusform>
        </translation>
    </message>
    <message>
        <source>not valid YAML: nested more than 2000 levels deep (brackets, braces or indentation), deeper than YAML readers go</source>
        <translation>不是有效的 YAML：嵌套超过 2000 层（方括号、花括号或缩进），超出了 YAML 读取器所能处理的深度</translation>
    </message>
    <message>
        <source>the file starts with a %1 byte-order mark, but the text after it is UTF-8: YAML readers take it for %1 and read noise. Remove the first %2 bytes (or save it as UTF-8 without a mark)</source>
        <translation>文件以 %1 字节顺序标记开头，但其后的文本是 UTF-8：YAML 读取器会把它当作 %1，读出乱码。请删除开头的 %2 个字节（或另存为不带标记的 UTF-8）</translation>
    </message>
    <message>
        <source>the file is %1 text (it starts with that byte-order mark); save it as UTF-8</source>
        <translation>文件是 %1 文本（以该字节顺序标记开头）；请另存为 UTF-8</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a valid Swarm service name: use at most 63 letters, digits, &apos;-&apos; and &apos;_&apos;, starting and ending with a letter or digit</source>
        <translation>&apos;%1&apos; 不是有效的 Swarm 服务名称：最多 63 个字母、数字、&apos;-&apos; 和 &apos;_&apos;，并以字母或数字开头和结尾</translation>
    </message>
    <message>
        <source>&apos;%1&apos; has an empty dimension (two separators in a row): write whole numbers such as 3, 224, 224 or 3x224x224</source>
        <translation>&apos;%1&apos; 含有空的维度（两个分隔符相连）：请写整数，例如 3, 224, 224 或 3x224x224</translation>
    </message>
    <message>
        <source>tensor name &apos;%1&apos; is used twice (also tensor %2)</source>
        <translation>张量名称 &apos;%1&apos; 被使用了两次（张量 %2 也用了它）</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a valid container name: use %2 to 128 letters, digits, &apos;_&apos;, &apos;.&apos; and &apos;-&apos;, starting with a letter or digit</source>
        <translation>&apos;%1&apos; 不是有效的容器名称：请使用 %2 到 128 个字母、数字、&apos;_&apos;、&apos;.&apos; 和 &apos;-&apos;，并以字母或数字开头</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a dimension: write the largest value it takes, or a range such as 16000..160000 when it varies</source>
        <translation>“%1”不是维度：请写它可能取的最大值；若会变化，请写范围，例如 16000..160000</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a framework ShmWise knows: one of %2, or leave it out when the script builds the DataLoader itself</source>
        <translation>“%1”不是 ShmWise 认识的框架：应为 %2 之一；若脚本自己构建 DataLoader，请省略此项</translation>
    </message>
    <message>
        <source>grouped_batch_size is for a DataLoader that yields single samples, which the main process groups into batches: set batch_size: 1 (got %1)</source>
        <translation>grouped_batch_size 用于逐个产出样本、由主进程分组成 batch的 DataLoader：请设置 batch_size: 1（当前为 %1）</translation>
    </message>
    <message>
        <source>one sample of this tensor is %1, more than 1 TiB: check its shape</source>
        <translation>此张量的一个样本为 %1，超过 1 TiB：请检查它的形状</translation>
    </message>
    <message>
        <source>%1 is more than 1 TiB for one sample</source>
        <translation>一个样本 %1，超过 1 TiB</translation>
    </message>
    <message>
        <source>0 bytes is no memory at all: give the size, or leave it empty when it is not known</source>
        <translation>0 字节等于没有内存：请填写大小，不知道时留空</translation>
    </message>
    <message>
        <source>between 1 and %1 hosts (got %2)</source>
        <translation>主机数须在 1 到 %1 之间（当前为 %2）</translation>
    </message>
    <message>
        <source>%1 is not an NCCL release; write it as 2.21.5 where torch.cuda.nccl.version() prints (2, 21, 5)</source>
        <translation>%1 不是 NCCL 版本号；请写成 2.21.5 这样的形式（torch.cuda.nccl.version() 输出 (2, 21, 5)）</translation>
    </message>
    <message>
        <source>a %1&apos;s name is %2: lower-case letters, digits and &apos;-&apos;, at most %3 characters, starting with %4 and ending with a letter or digit (got %5)</source>
        <translation>%1 的名称为 %2：小写字母、数字和 &apos;-&apos;，最多 %3 个字符，以%4开头，以字母或数字结尾（实际为 %5）</translation>
    </message>
    <message>
        <source>a DNS-1035 label</source>
        <translation>DNS-1035 标签</translation>
    </message>
    <message>
        <source>a DNS-1123 label</source>
        <translation>DNS-1123 标签</translation>
    </message>
    <message>
        <source>a letter</source>
        <translation>字母</translation>
    </message>
    <message>
        <source>a letter or digit</source>
        <translation>字母或数字</translation>
    </message>
    <message>
        <source>Ray refuses an object store under %1 (got %2 bytes)</source>
        <translation>Ray 拒绝小于 %1 的对象存储（实际为 %2 字节）</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a Kubeflow Trainer release ShmWise writes a TrainJob for; one of: %2 (the v2 minor release, as in v2.2.0)</source>
        <translation>&apos;%1&apos; 不是 ShmWise 能为其生成 TrainJob 的 Kubeflow Trainer 发布版本；可选值：%2（v2 的次版本号，如 v2.2.0）</translation>
    </message>
    <message>
        <source>the /dev/shm the profile gives the job</source>
        <translation>配置档案为任务指定的 /dev/shm</translation>
    </message>
    <message>
        <source>%1&apos;s default, with no setting</source>
        <translation>%1 的默认值（未作设置）</translation>
    </message>
    <message>
        <source>the probed host&apos;s own /dev/shm, which the job uses</source>
        <translation>被探测主机自身的 /dev/shm，任务使用的就是它</translation>
    </message>
    <message>
        <source>not known for %1: measure it</source>
        <translation>对于 %1 未知：请测量</translation>
    </message>
    <message>
        <source>%1 is more memory than any single machine has (64 TiB is already beyond the largest): check the unit</source>
        <translation>%1 超过了任何一台机器的内存（64 TiB 已超过最大的机器）：请检查单位</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a release such as 0.11.1</source>
        <translation>&apos;%1&apos; 不是 0.11.1 这样的版本号</translation>
    </message>
    <message>
        <source>Triton refuses a shm-default-byte-size under 1 MiB</source>
        <translation>Triton 不接受小于 1 MiB 的 shm-default-byte-size</translation>
    </message>
    <message>
        <source>Triton refuses a shm-growth-byte-size of 0</source>
        <translation>Triton 不接受为 0 的 shm-growth-byte-size</translation>
    </message>
    <message>
        <source>the kind is the job&apos;s: give it on the first loader only</source>
        <translation>kind 属于整个任务：只在第一个加载器上给出</translation>
    </message>
    <message>
        <source>%1 runs no DataLoader of the profile&apos;s: &apos;workload&apos; holds only &apos;kind: serving&apos; (a plain or torchserve server runs loaders)</source>
        <translation>%1 不运行配置档案中的 DataLoader：&apos;workload&apos; 中只能有 &apos;kind: serving&apos;（plain 或 torchserve 服务器才运行加载器）</translation>
    </message>
    <message>
        <source>a server&apos;s settings need &apos;kind: serving&apos; in &apos;workload&apos; (or in the first of &apos;loaders&apos;)</source>
        <translation>服务器的设置需要在 &apos;workload&apos;（或 &apos;loaders&apos; 的第一项）中写 &apos;kind: serving&apos;</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a valid name: use at most 253 lower-case letters, digits, &apos;-&apos; and &apos;.&apos;, starting and ending with a letter or digit</source>
        <translation>“%1”不是有效名称：最多 253 个小写字母、数字、“-”和“.”，并以字母或数字开头和结尾</translation>
    </message>
</context>
<context>
    <name>shmwise::RemoteClean</name>
    <message>
        <source>no python3 on %1: clean runs its checks there with python3 (nothing is installed); install python3 there, or run shmwise clean on that host itself</source>
        <translation>%1 上没有 python3：clean 在那里用 python3 运行检查（不安装任何东西）；请在那里安装 python3，或在该主机上直接运行 shmwise clean</translation>
    </message>
    <message>
        <source>python3 on %1 is %2; clean needs Python 3.6 or later there</source>
        <translation>%1 上的 python3 是 %2；clean 在那里需要 Python 3.6 或更高版本</translation>
    </message>
    <message>
        <source>cannot make a temporary folder on %1 (mktemp -d in $TMPDIR or /tmp)</source>
        <translation>无法在 %1 上创建临时文件夹（在 $TMPDIR 或 /tmp 中执行 mktemp -d）</translation>
    </message>
    <message>
        <source>--dir: %1 is not a folder on %2</source>
        <translation>--dir：%1 在 %2 上不是文件夹</translation>
    </message>
    <message>
        <source>--dir: %1 is the system directory %2 on %3; clean removes only shared-memory files</source>
        <translation>--dir：%1 是 %3 上的系统目录 %2；clean 只删除共享内存文件</translation>
    </message>
    <message>
        <source>cannot read %1 on %2: %3</source>
        <translation>无法读取 %2 上的 %1：%3</translation>
    </message>
    <message>
        <source>clean on %1 failed: %2</source>
        <translation>%1 上的 clean 失败：%2</translation>
    </message>
    <message>
        <source>the answer from %1 ended before clean said what it did</source>
        <translation>来自 %1 的回应在 clean 说明其所做之事之前就结束了</translation>
    </message>
    <message numerus="yes">
        <source>the answer from %1 ended after %n file(s), before clean said what it did; those are listed above</source>
        <translation>
            <numerusform>来自 %1 的回应在 %n 个文件之后、clean 说明其所做之事之前就结束了；这些文件已在上方列出</numerusform>
        </translation>
    </message>
    <message>
        <source>clean on this computer does not go through a shell</source>
        <translation>在本机上的 clean 不经过 shell</translation>
    </message>
    <message>
        <source>cannot start %1: %2</source>
        <translation>无法启动 %1：%2</translation>
    </message>
    <message>
        <source>%1 said nothing for %2 s; the connection was closed, which stops clean there</source>
        <translation>%1 在 %2 秒内没有响应；连接已关闭，这会停止那里的 clean</translation>
    </message>
    <message>
        <source>clean on %1 ended without an answer (exit code %2)</source>
        <translation>%1 上的 clean 结束时没有回应（退出码 %2）</translation>
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
        <translation>生成的文件</translation>
    </message>
    <message>
        <source>File contents</source>
        <translation>文件内容</translation>
    </message>
    <message>
        <source>Explanation</source>
        <translation>说明</translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation>复制(&amp;C)</translation>
    </message>
    <message>
        <source>Copy this file&apos;s text to the clipboard</source>
        <translation>把此文件的文本复制到剪贴板</translation>
    </message>
    <message>
        <source>Sa&amp;ve…</source>
        <translation>保存(&amp;V)…</translation>
    </message>
    <message>
        <source>Save this file</source>
        <translation>保存此文件</translation>
    </message>
    <message>
        <source>Save &amp;all…</source>
        <translation>全部保存(&amp;A)…</translation>
    </message>
    <message>
        <source>Save every file into a folder</source>
        <translation>把所有文件保存到一个文件夹</translation>
    </message>
    <message>
        <source>valid</source>
        <translation>有效</translation>
    </message>
    <message>
        <source>%1: no problems found.</source>
        <translation>%1：未发现问题。</translation>
    </message>
    <message>
        <source>Line %1:</source>
        <translation>第 %1 行：</translation>
    </message>
    <message>
        <source>Copied %1 to the clipboard.</source>
        <translation>已将 %1 复制到剪贴板。</translation>
    </message>
    <message>
        <source>Save %1</source>
        <translation>保存 %1</translation>
    </message>
    <message>
        <source>Save failed</source>
        <translation>保存失败</translation>
    </message>
    <message>
        <source>Saved %1.</source>
        <translation>已保存 %1。</translation>
    </message>
    <message>
        <source>Save all files into</source>
        <translation>把所有文件保存到</translation>
    </message>
    <message>
        <source>Replace files?</source>
        <translation>替换文件？</translation>
    </message>
    <message>
        <source>These files exist and differ:
%1

Replace them? The old ones are kept as .bak files.</source>
        <translation>以下文件已存在且内容不同：
%1

要替换它们吗？旧文件会保留为 .bak 文件。</translation>
    </message>
    <message>
        <source>Some files were not saved</source>
        <translation>部分文件未保存</translation>
    </message>
    <message>
        <source>Results status</source>
        <translation>结果状态</translation>
    </message>
    <message>
        <source>The profile changed, so these files were generated again and your edits to them replaced: %1.</source>
        <translation>配置档案已更改，因此这些文件已重新生成，你对它们的编辑已被替换：%1。</translation>
    </message>
    <message>
        <source>1 error</source>
        <translation>1 个错误</translation>
    </message>
    <message>
        <source>%1 errors</source>
        <translation>%1 个错误</translation>
    </message>
    <message>
        <source>1 warning</source>
        <translation>1 个警告</translation>
    </message>
    <message>
        <source>%1 warnings</source>
        <translation>%1 个警告</translation>
    </message>
    <message>
        <source>But no DataLoader setting fits the %1 /dev/shm there: see the Workload page.</source>
        <translation>但没有任何 DataLoader 设置能放入那里 %1 的 /dev/shm：请查看“工作负载”页面。</translation>
    </message>
    <message>
        <source>%1: %2, %3.</source>
        <translation>%1：%2，%3。</translation>
    </message>
    <message>
        <source>1 problem</source>
        <translation>1 个问题</translation>
    </message>
    <message>
        <source>%1 problems</source>
        <translation>%1 个问题</translation>
    </message>
    <message>
        <source>Copied %1 as a command to paste: it runs in a shell of its own (sh -c), so its exit does not close yours.</source>
        <translation>已将 %1 复制为可粘贴的命令：它在自己的 shell（sh -c）中运行，因此它退出时不会关闭你的 shell。</translation>
    </message>
    <message>
        <source>Save files with errors?</source>
        <translation>保存有错误的文件？</translation>
    </message>
    <message>
        <source>&amp;Save Anyway</source>
        <translation>仍然保存(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>取消(&amp;C)</translation>
    </message>
    <message>
        <source>Saved %1 of %2 in %3; %4 kept as they were.</source>
        <translation>已在 %3 中保存 %1（共 %2）；%4 保持原样。</translation>
    </message>
    <message>
        <source>1 file</source>
        <translation>1 个文件</translation>
    </message>
    <message>
        <source>%1 files</source>
        <translation>%1 个文件</translation>
    </message>
    <message>
        <source>Saved %1 in %2.</source>
        <translation>已在 %2 中保存 %1。</translation>
    </message>
    <message>
        <source>English</source>
        <translation>英语</translation>
    </message>
    <message>
        <source>Co&amp;mments in generated files:</source>
        <translation>生成文件中的注释(&amp;M)：</translation>
    </message>
    <message>
        <source>The comments&apos; language changed, so these files were generated again and your edits to them replaced: %1.</source>
        <translation>注释语言已更改，因此这些文件已重新生成，你对它们的编辑已被替换：%1。</translation>
    </message>
    <message>
        <source>Copy command &amp;line</source>
        <translation>复制命令行(&amp;L)</translation>
    </message>
    <message>
        <source>Copy the command itself (docker run …) to paste into a terminal, without the script around it</source>
        <translation>只复制命令本身（docker run …），用于粘贴到终端，不带外层脚本</translation>
    </message>
    <message>
        <source>Copied the command of %1 to paste into a terminal.</source>
        <translation>已复制 %1 中的命令，可粘贴到终端。</translation>
    </message>
    <message>
        <source>not checked: ShmWise has no checker for this format</source>
        <translation>未检查：ShmWise 没有此格式的检查器</translation>
    </message>
    <message>
        <source>%1: not checked; ShmWise has no checker for this format (the others are checked as you edit).</source>
        <translation>%1：未检查；ShmWise 没有此格式的检查器（其他文件会在编辑时检查）。</translation>
    </message>
    <message>
        <source>The checks found 1 problem:</source>
        <translation>检查发现 1 个问题：</translation>
    </message>
    <message>
        <source>The checks found %1 problems:</source>
        <translation>检查发现 %1 个问题：</translation>
    </message>
    <message>
        <source>Line %1</source>
        <translation>第 %1 行</translation>
    </message>
    <message>
        <source>The file</source>
        <translation>整个文件</translation>
    </message>
    <message>
        <source>%1, %2: %3</source>
        <translation>%1，%2：%3</translation>
    </message>
    <message>
        <source>and %1 more</source>
        <translation>以及另外 %1 个</translation>
    </message>
    <message>
        <source>%1: %2; the first, line %3: %4</source>
        <translation>%1：%2；第一个在第 %3 行：%4</translation>
    </message>
    <message>
        <source>%1: %2; the first: %3</source>
        <translation>%1：%2；第一个：%3</translation>
    </message>
    <message>
        <source>The checks found errors that will stop these files from working:
%1

Each file&apos;s problems are listed under its text, with their lines.</source>
        <translation>检查发现了会让这些文件无法工作的错误：
%1

每个文件的问题都列在其内容下方，并注明行号。</translation>
    </message>
    <message>
        <source>its YAML reads; ShmWise has no checker for what it means</source>
        <translation>YAML 语法可以读取；ShmWise 没有检查其含义的检查器</translation>
    </message>
    <message>
        <source>%1: its YAML reads; ShmWise has no checker for what it means (the other files are checked as you edit).</source>
        <translation>%1：YAML 语法可以读取；ShmWise 没有检查其含义的检查器（其他文件会在编辑时检查）。</translation>
    </message>
    <message>
        <source>%1: no problems found; %2 below.</source>
        <translation>%1：未发现问题；下面有 %2。</translation>
    </message>
    <message>
        <source>1 note</source>
        <translation>1 条说明</translation>
    </message>
    <message>
        <source>%1 notes</source>
        <translation>%1 条说明</translation>
    </message>
    <message>
        <source>The checks have 1 note:</source>
        <translation>检查给出 1 条说明：</translation>
    </message>
    <message>
        <source>The checks have %1 notes:</source>
        <translation>检查给出 %1 条说明：</translation>
    </message>
</context>
<context>
    <name>shmwise::Serving</name>
    <message>
        <source>vLLM&apos;s broadcast queue</source>
        <translation>vLLM 的广播队列</translation>
    </message>
    <message>
        <source>The multiprocess executor sends each step to its %1 worker process(es) through one shared-memory ring of %2 chunks of %3 (VLLM_MQ_MAX_CHUNK_BYTES_MB) plus a flag byte per reader and chunk: %4 per engine, %5 engine(s).</source>
        <translation>多进程执行器通过一个共享内存环形缓冲区把每一步发给它的 %1 个 worker 进程，该缓冲区由 %2 个 %3 的块（VLLM_MQ_MAX_CHUNK_BYTES_MB）组成，另加每个读取方每块一个标志字节：每个引擎 %4，共 %5 个引擎。</translation>
    </message>
    <message>
        <source>vLLM&apos;s response queues</source>
        <translation>vLLM 的响应队列</translation>
    </message>
    <message>
        <source>Each worker process answers through a ring of its own, %1 chunks of %2 (%3 each; the chunk does not follow VLLM_MQ_MAX_CHUNK_BYTES_MB), %4 of them.</source>
        <translation>每个 worker 进程通过自己的环形缓冲区应答，由 %1 个 %2 的块组成（每个 %3；块大小不受 VLLM_MQ_MAX_CHUNK_BYTES_MB 影响），共 %4 个。</translation>
    </message>
    <message>
        <source>Releases before 0.11.1 use 10 MiB chunks, %1 in all; serving.version decides.</source>
        <translation>0.11.1 之前的版本使用 10 MiB 的块，总共 %1；由 serving.version 决定。</translation>
    </message>
    <message>
        <source>vLLM&apos;s release is not given (serving.version): its response queues are planned with the 24 MiB chunks of 0.11.1 and later, the larger of the two sizes vLLM has used.</source>
        <translation>未给出 vLLM 的版本（serving.version）：其响应队列按 0.11.1 及以后版本的 24 MiB 块规划，这是 vLLM 用过的两种大小中较大的一种。</translation>
    </message>
    <message>
        <source>One process on a GPU runs vLLM&apos;s single-process executor, which keeps no message queue in /dev/shm; the multiprocess executor (--distributed-executor-backend mp, the CPU build, data parallelism) adds %1 (serving.multiprocess_executor).</source>
        <translation>GPU 上只有一个进程时，vLLM 运行单进程执行器，它不在 /dev/shm 中保留消息队列；多进程执行器（--distributed-executor-backend mp、CPU 构建、数据并行）会增加 %1（serving.multiprocess_executor）。</translation>
    </message>
    <message>
        <source>The tensor-parallel group&apos;s broadcaster</source>
        <translation>张量并行组的广播器</translation>
    </message>
    <message>
        <source>Rank 0 of each tensor-parallel group broadcasts to the other %1 through a ring of %2 chunks of %3: %4 each, %5 group(s).</source>
        <translation>每个张量并行组的 rank 0 通过一个由 %2 个 %3 的块组成的环形缓冲区向其他 %1 个 rank 广播：每组 %4，共 %5 组。</translation>
    </message>
    <message>
        <source>The CPU KV-offload tier</source>
        <translation>CPU KV 卸载层</translation>
    </message>
    <message>
        <source>Before 0.26 the default CPU offload of %1 is pinned host memory, not /dev/shm (only the opt-in TieringOffloadingSpec puts it there).</source>
        <translation>0.26 之前，%1 的默认 CPU 卸载使用主机上的锁页内存，而不是 /dev/shm（只有需显式启用的 TieringOffloadingSpec 才会把它放在那里）。</translation>
    </message>
    <message>
        <source>From 0.26 the CPU KV-offload tier (--kv-offloading-size) is one file of the whole instance, /dev/shm/vllm_offload_*.mmap, populated in full at start. A hybrid model was seen to take 1.92 times the size (vllm#53042): measure it.</source>
        <translation>从 0.26 起，CPU KV 卸载层（--kv-offloading-size）是整个实例共用的一个文件 /dev/shm/vllm_offload_*.mmap，在启动时全部填充。曾观察到混合模型占用了该大小的 1.92 倍（vllm#53042）：请实际测量。</translation>
    </message>
    <message>
        <source>The multimodal processor cache</source>
        <translation>多模态处理器缓存</translation>
    </message>
    <message>
        <source>--mm-processor-cache-type shm keeps the processed multimodal inputs in one ring of --mm-processor-cache-gb in /dev/shm (4 GiB unless set), filled as it is used.</source>
        <translation>--mm-processor-cache-type shm 把处理后的多模态输入保存在 /dev/shm 中一个大小为 --mm-processor-cache-gb 的环形缓冲区里（未设置时为 4 GiB），随使用逐渐填满。</translation>
    </message>
    <message>
        <source>SGLang&apos;s tensor-parallel group broadcasts to its other %1 rank(s) through a ring of %2 chunks of %3 (SGLANG_USE_MESSAGE_QUEUE_BROADCASTER, on by default): %4 per group, %5 group(s).</source>
        <translation>SGLang 的张量并行组通过一个由 %2 个 %3 的块组成的环形缓冲区向组内其他 %1 个 rank 广播（SGLANG_USE_MESSAGE_QUEUE_BROADCASTER，默认开启）：每组 %4，共 %5 组。</translation>
    </message>
    <message>
        <source>Multimodal features in flight</source>
        <translation>在途的多模态特征</translation>
    </message>
    <message>
        <source>On one node the tokenizer hands each multimodal feature tensor to the scheduler in a /dev/shm segment of its size, freed once the scheduler has it: the features in flight at once (serving.payload_bytes).</source>
        <translation>在单个节点上，分词器把每个多模态特征张量放在与其大小相同的 /dev/shm 段中交给调度器，调度器取走后即释放：此项即同时在途的特征（serving.payload_bytes）。</translation>
    </message>
    <message>
        <source>A multimodal model&apos;s features pass from SGLang&apos;s tokenizer to its scheduler through /dev/shm (freed when taken); set serving.payload_bytes to the features in flight at once to plan them. Text models need none.</source>
        <translation>多模态模型的特征经由 /dev/shm 从 SGLang 的分词器传给调度器（取走后释放）；请把 serving.payload_bytes 设为同时在途的特征大小，以便规划它们。纯文本模型不需要。</translation>
    </message>
    <message>
        <source>Triton&apos;s Python-backend pools</source>
        <translation>Triton Python 后端的内存池</translation>
    </message>
    <message>
        <source>Each of the %1 model instance(s) has a pool of its own that starts at %2 (shm-default-byte-size) and grows by %3 steps (shm-growth-byte-size) to hold the request and response tensors of %4 (serving.payload_bytes): %5 each. A pool never shrinks.</source>
        <translation>%1 个模型实例各有自己的内存池，初始为 %2（shm-default-byte-size），按 %3 的步长（shm-growth-byte-size）增长，以容纳 %4 的请求和响应张量（serving.payload_bytes）：每个 %5。内存池从不收缩。</translation>
    </message>
    <message>
        <source>Each of the %1 model instance(s) has a pool of its own that starts at %2 (shm-default-byte-size) and grows by %3 steps as tensors pass through it, never shrinking.</source>
        <translation>%1 个模型实例各有自己的内存池，初始为 %2（shm-default-byte-size），张量经过时按 %3 的步长增长，从不收缩。</translation>
    </message>
    <message>
        <source>Triton&apos;s Python-backend pools grow without a limit to the largest request and response an instance holds at once: set serving.payload_bytes to it, or the plan counts only their starting size.</source>
        <translation>Triton Python 后端的内存池会无上限地增长到一个实例同时持有的最大请求和响应：请把 serving.payload_bytes 设为该大小，否则规划只计入它们的初始大小。</translation>
    </message>
    <message>
        <source>LightLLM&apos;s request structures</source>
        <translation>LightLLM 的请求结构</translation>
    </message>
    <message>
        <source>%1 requests (--running_max_req_size) of up to %2 tokens (--max_req_total_len): %3 bytes of request structure and 16 bytes of token log-probabilities per token each, as LightLLM&apos;s own check computes.</source>
        <translation>%1 个请求（--running_max_req_size），每个最多 %2 个 token（--max_req_total_len）：每个请求占 %3 字节的请求结构，外加每个 token 16 字节的 token 对数概率，与 LightLLM 自身检查的计算方式一致。</translation>
    </message>
    <message>
        <source>LightLLM&apos;s own headroom</source>
        <translation>LightLLM 自身的余量</translation>
    </message>
    <message>
        <source>LightLLM recommends 2 GiB more than its structures for text models (shm_size_check.py) and warns, without stopping, below that; a multimodal model&apos;s image cache (--cache_capacity) adds more.</source>
        <translation>对于文本模型，LightLLM 建议在其结构之外再多留 2 GiB（shm_size_check.py），低于此值时会发出警告但不会停止；多模态模型的图像缓存（--cache_capacity）还会增加更多。</translation>
    </message>
    <message>
        <source>The server&apos;s other shared memory</source>
        <translation>服务器的其他共享内存</translation>
    </message>
    <message>
        <source>Shared memory the server kept in /dev/shm besides the terms above, as measured.</source>
        <translation>服务器在以上各项之外保留在 /dev/shm 中的共享内存（实测）。</translation>
    </message>
    <message>
        <source>Shared memory the server kept in /dev/shm besides the terms above, as measured: %1.</source>
        <translation>服务器在以上各项之外保留在 /dev/shm 中的共享内存（实测）：%1。</translation>
    </message>
    <message>
        <source>The server needs %1 of /dev/shm, more than the host&apos;s memory (%2): /dev/shm lives in memory, so it can never hold that.</source>
        <translation>服务器需要 %1 的 /dev/shm，超过了主机内存（%2）：/dev/shm 位于内存中，永远容纳不下。</translation>
    </message>
    <message>
        <source>The server needs %1 of /dev/shm, more than its memory limit (%2): pages in /dev/shm count against the limit, so it is OOM-killed before /dev/shm fills. Raise the limit.</source>
        <translation>服务器需要 %1 的 /dev/shm，超过了它的内存限制（%2）：/dev/shm 中的页面计入该限制，因此它会在 /dev/shm 填满之前被 OOM killer 终止。请提高限制。</translation>
    </message>
</context>
<context>
    <name>shmwise::Severity</name>
    <message>
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>info</source>
        <translation>信息</translation>
    </message>
</context>
<context>
    <name>shmwise::ShmChart</name>
    <message>
        <source>/dev/shm use over time</source>
        <translation>/dev/shm 用量随时间变化</translation>
    </message>
    <message>
        <source>%1 of %2 used</source>
        <translation>已用 %1，共 %2</translation>
    </message>
    <message>
        <source>No samples yet</source>
        <translation>尚无采样</translation>
    </message>
    <message>
        <source>time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>job needs %1</source>
        <translation>任务需要 %1</translation>
    </message>
    <message>
        <source>/dev/shm: %1 used of %2</source>
        <translation>/dev/shm：已用 %1，共 %2</translation>
    </message>
    <message>
        <source>your quota %1</source>
        <translation>你的配额 %1</translation>
    </message>
    <message>
        <source>memory limit %1</source>
        <translation>内存限制 %1</translation>
    </message>
    <message>
        <source>%1 (above)</source>
        <translation>%1（高于图表）</translation>
    </message>
    <message>
        <source>warn %1%</source>
        <translation>警告线 %1%</translation>
    </message>
</context>
<context>
    <name>shmwise::ShmCleanDialog</name>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 分钟</translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation>%1 小时</translation>
    </message>
    <message>
        <source>%1 d</source>
        <translation>%1 天</translation>
    </message>
    <message>
        <source>Clean Up Leaked Files</source>
        <translation>清理遗留文件</translation>
    </message>
    <message>
        <source>Files in %1 that no process holds or maps, of any owner (you are root), unchanged for %2: left by jobs that crashed or were killed. Each is checked again just before it is removed.</source>
        <translation>%1 中无进程持有或映射、属于任何用户（你是 root）、且已 %2 未改动的文件：由崩溃或被杀死的任务遗留。每个文件在删除前都会再检查一次。</translation>
    </message>
    <message>
        <source>Files in %1 that no process holds or maps, owned by you and unchanged for %2: left by jobs that crashed or were killed. Each is checked again just before it is removed.</source>
        <translation>%1 中无进程持有或映射、属于你、且已 %2 未改动的文件：由崩溃或被杀死的任务遗留。每个文件在删除前都会再检查一次。</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>Age</source>
        <translation>未改动时长</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>Leaked files</source>
        <translation>遗留文件</translation>
    </message>
    <message>
        <source>Looking for leaked files in %1…</source>
        <translation>正在 %1 中查找遗留文件…</translation>
    </message>
    <message>
        <source>Clean-up summary</source>
        <translation>清理摘要</translation>
    </message>
    <message>
        <source>Files left alone</source>
        <translation>未处理的文件</translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation>删除(&amp;R)</translation>
    </message>
    <message>
        <source>Nothing can be cleaned: %1</source>
        <translation>无法清理：%1</translation>
    </message>
    <message>
        <source>Nothing to clean in %1: no file there is unheld, yours and older than %2.</source>
        <translation>%1 中没有要清理的文件：其中没有同时满足无进程持有、属于你、且超过 %2 未改动的文件。</translation>
    </message>
    <message>
        <source>1 file, %1, will be removed.</source>
        <translation>将删除 1 个文件，%1。</translation>
    </message>
    <message>
        <source>%1 files, %2 in all, will be removed.</source>
        <translation>将删除 %1 个文件，共 %2。</translation>
    </message>
    <message>
        <source>1 held by a process (%1)</source>
        <translation>1 个被进程持有（%1）</translation>
    </message>
    <message>
        <source>%1 held by a process (%2)</source>
        <translation>%1 个被进程持有（%2）</translation>
    </message>
    <message>
        <source>1 of another user</source>
        <translation>1 个属于其他用户</translation>
    </message>
    <message>
        <source>%1 of other users</source>
        <translation>%1 个属于其他用户</translation>
    </message>
    <message>
        <source>1 changed within %1</source>
        <translation>1 个在 %1 内有改动</translation>
    </message>
    <message>
        <source>%1 changed within %2</source>
        <translation>%1 个在 %2 内有改动</translation>
    </message>
    <message>
        <source>1 not a regular file</source>
        <translation>1 个不是普通文件</translation>
    </message>
    <message>
        <source>%1 not regular files</source>
        <translation>%1 个不是普通文件</translation>
    </message>
    <message>
        <source>1 that changed while it was checked</source>
        <translation>1 个在检查期间发生了变化</translation>
    </message>
    <message>
        <source>%1 that changed while they were checked</source>
        <translation>%1 个在检查期间发生了变化</translation>
    </message>
    <message>
        <source>Left alone: %1.</source>
        <translation>未处理：%1。</translation>
    </message>
    <message>
        <source>Removing…</source>
        <translation>正在删除…</translation>
    </message>
    <message>
        <source>already gone</source>
        <translation>已不存在</translation>
    </message>
    <message>
        <source>removed</source>
        <translation>已删除</translation>
    </message>
    <message>
        <source>left: %1</source>
        <translation>保留：%1</translation>
    </message>
    <message>
        <source>Removed 1 file, %1.</source>
        <translation>已删除 1 个文件，%1。</translation>
    </message>
    <message>
        <source>Removed %1 files, %2.</source>
        <translation>已删除 %1 个文件，共 %2。</translation>
    </message>
    <message>
        <source>1 file was left; the list says why.</source>
        <translation>保留了 1 个文件；列表中写明了原因。</translation>
    </message>
    <message>
        <source>%1 files were left; the list says why.</source>
        <translation>保留了 %1 个文件；列表中写明了原因。</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>关闭(&amp;C)</translation>
    </message>
    <message>
        <source>Nothing to clean in %1: no file there is unheld and older than %2.</source>
        <translation>%1 中没有要清理的文件：其中没有同时满足无进程持有、且超过 %2 未改动的文件。</translation>
    </message>
</context>
<context>
    <name>shmwise::ShmLesson</name>
    <message>
        <source>What is /dev/shm?</source>
        <translation>什么是 /dev/shm？</translation>
    </message>
    <message>
        <source>the host&apos;s: half of RAM on a systemd host, unless fstab sets a size</source>
        <translation>即主机的 /dev/shm：在 systemd 主机上为内存的一半，除非 fstab 设置了大小</translation>
    </message>
    <message>
        <source>not documented: measure it (the preflight script prints it)</source>
        <translation>未有文档说明：请实际测量（预检脚本会输出它）</translation>
    </message>
    <message>
        <source>Three kinds of memory</source>
        <translation>三种内存</translation>
    </message>
    <message>
        <source>GPU memory holds the model and the tensors on the device; a CUDA out-of-memory error is about it. RAM holds the processes: the training loop, its DataLoader workers, the page cache. /dev/shm is a file system (tmpfs) that lives in RAM: what is written there takes RAM, and inside a container it counts against the container&apos;s memory limit. It is not GPU memory, and a bigger GPU does not make it bigger.</source>
        <translation>GPU 显存存放模型和设备上的张量；CUDA out of memory 错误说的就是它。内存（RAM）存放各个进程：训练循环、它的 DataLoader worker、页缓存。/dev/shm 是位于内存中的文件系统（tmpfs）：写入其中的内容占用内存，在容器里还计入容器的内存限制。它不是 GPU 显存，更大的 GPU 也不会让它变大。</translation>
    </message>
    <message>
        <source>Why the DataLoader uses it</source>
        <translation>DataLoader 为什么使用它</translation>
    </message>
    <message>
        <source>With num_workers above 0 each worker is a process of its own. It collates a batch and hands it to the training process through shared memory: every tensor of the batch becomes a file in /dev/shm until the training loop is done with it. Workers × prefetch factor batches wait there, plus the ones the loop holds, for every process on the node. When it is full a worker dies with &quot;Bus error&quot; and &quot;out of shared memory&quot;.</source>
        <translation>num_workers 大于 0 时，每个 worker 都是独立的进程。它整理好一个 batch，通过共享内存交给训练进程：batch 中的每个张量都会成为 /dev/shm 中的一个文件，直到训练循环用完为止。节点上的每个进程都有 worker 数 × 预取因子个 batch 在那里等待，另加训练循环持有的 batch。/dev/shm 满了，worker 就会以 &quot;Bus error&quot; 和 &quot;out of shared memory&quot; 退出。</translation>
    </message>
    <message>
        <source>What fixes it</source>
        <translation>如何解决</translation>
    </message>
    <message>
        <source>A larger /dev/shm where the environment lets you set one (the Results page writes the setting: --shm-size, shm_size, an emptyDir with medium: Memory, an fstab size), within the memory it lives in; or DataLoader settings that need less (fewer workers, a smaller prefetch factor or batch). Raising kernel.shmmax does nothing for /dev/shm.</source>
        <translation>在环境允许设置的地方使用更大的 /dev/shm（“结果”页面会写出这一设置：--shm-size、shm_size、medium: Memory 的 emptyDir、fstab 中的 size），但不超过它所在的内存；或者使用需要更少空间的 DataLoader 设置（更少的 worker、更小的预取因子或 batch）。提高 kernel.shmmax 对 /dev/shm 毫无作用。</translation>
    </message>
    <message>
        <source>What each environment gives by default</source>
        <translation>各环境默认提供的大小</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>关闭(&amp;C)</translation>
    </message>
</context>
<context>
    <name>shmwise::ShmOwner</name>
    <message>
        <source>cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>cannot open %1: %2</source>
        <translation>无法打开 %1：%2</translation>
    </message>
    <message>
        <source>not a name directly in %1</source>
        <translation>不是直接位于 %1 中的名称</translation>
    </message>
    <message>
        <source>it is a symbolic link now</source>
        <translation>它现在是符号链接</translation>
    </message>
    <message>
        <source>cannot open it: %1</source>
        <translation>无法打开它：%1</translation>
    </message>
    <message>
        <source>not a regular file</source>
        <translation>不是普通文件</translation>
    </message>
    <message>
        <source>replaced by another file since it was listed</source>
        <translation>列出后被另一个文件替换</translation>
    </message>
    <message>
        <source>owned by user %1</source>
        <translation>属于用户 %1</translation>
    </message>
    <message>
        <source>changed %1 s ago</source>
        <translation>%1 秒前改动过</translation>
    </message>
    <message>
        <source>held by process %1</source>
        <translation>被进程 %1 持有</translation>
    </message>
    <message>
        <source>open in another process</source>
        <translation>在另一个进程中打开着</translation>
    </message>
    <message>
        <source>opened by another process while it was checked</source>
        <translation>检查期间被另一个进程打开</translation>
    </message>
    <message>
        <source>cannot remove it: %1</source>
        <translation>无法删除它：%1</translation>
    </message>
    <message>
        <source>made by process %1, which is not the job&apos;s</source>
        <translation>由进程 %1 创建，该进程不属于任务</translation>
    </message>
    <message>
        <source>its name names process %1, which was not the job&apos;s when the file was made</source>
        <translation>文件名指向进程 %1，而创建该文件时该进程不属于任务</translation>
    </message>
    <message>
        <source>made during the run by a process that cannot be told here (that needs fanotify, as root)</source>
        <translation>运行期间由一个此处无法确定的进程创建（要确定它，需要以 root 使用 fanotify）</translation>
    </message>
    <message>
        <source>%1: the watch of %2 overflowed, so no file made during the run is provably the job&apos;s</source>
        <translation>%1：对 %2 的监视溢出了，因此运行期间创建的文件都无法证明属于任务</translation>
    </message>
</context>
<context>
    <name>shmwise::ShmOwnersPanel</name>
    <message>
        <source>Who holds /dev/shm</source>
        <translation>谁持有 /dev/shm</translation>
    </message>
    <message>
        <source>What the rest is</source>
        <translation>其余部分是什么</translation>
    </message>
    <message>
        <source>Owner</source>
        <translation>归属</translation>
    </message>
    <message>
        <source>By</source>
        <translation>归类</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>Leaked</source>
        <translation>遗留</translation>
    </message>
    <message>
        <source>Largest owners of /dev/shm</source>
        <translation>占用 /dev/shm 最多的归属</translation>
    </message>
    <message>
        <source>Clean Up Lea&amp;ked Files…</source>
        <translation>清理遗留文件(&amp;K)…</translation>
    </message>
    <message>
        <source>Not probed yet.</source>
        <translation>尚未探测。</translation>
    </message>
    <message>
        <source>Removes leaked files from this computer&apos;s /dev/shm after you confirm; it needs a probe first.</source>
        <translation>经你确认后删除本机 /dev/shm 中的遗留文件；需要先进行探测。</translation>
    </message>
    <message>
        <source>1 named file, %1</source>
        <translation>1 个具名文件，%1</translation>
    </message>
    <message>
        <source>%1 named files, %2</source>
        <translation>%1 个具名文件，%2</translation>
    </message>
    <message>
        <source>1 unlinked file still held, %1</source>
        <translation>1 个已解除链接但仍被持有的文件，%1</translation>
    </message>
    <message>
        <source>%1 unlinked files still held, %2</source>
        <translation>%1 个已解除链接但仍被持有的文件，%2</translation>
    </message>
    <message>
        <source>Accounted for %1 of %2 used</source>
        <translation>已用 %2，其中 %1 已查明归属</translation>
    </message>
    <message>
        <source>Accounted for %1; how much is in use is not known</source>
        <translation>已查明归属 %1；已用量未知</translation>
    </message>
    <message>
        <source>Leaked: 1 file no process holds, %1.</source>
        <translation>遗留：1 个无进程持有的文件，%1。</translation>
    </message>
    <message>
        <source>Leaked: %1 files no process holds, %2.</source>
        <translation>遗留：%1 个无进程持有的文件，%2。</translation>
    </message>
    <message>
        <source>Leaked: none.</source>
        <translation>遗留：无。</translation>
    </message>
    <message>
        <source>Only %1 of %2 processes could be inspected: files of other users are not called leaked.</source>
        <translation>%2 个进程中只有 %1 个可以检查：其他用户的文件不算作遗留。</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>The probe listed the largest files and the first holders only; the totals count everything.</source>
        <translation>探测只列出了最大的文件和最先找到的持有者；各项总计则计入了全部。</translation>
    </message>
    <message>
        <source>kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>process</source>
        <translation>进程</translation>
    </message>
    <message>
        <source>container</source>
        <translation>容器</translation>
    </message>
    <message>
        <source>pod</source>
        <translation>Pod</translation>
    </message>
    <message>
        <source>%1 in 1 file</source>
        <translation>%1，1 个文件</translation>
    </message>
    <message>
        <source>%2 in %1 files</source>
        <translation>%2，%1 个文件</translation>
    </message>
    <message>
        <source>The probe could not list /dev/shm: %1</source>
        <translation>探测无法列出 /dev/shm：%1</translation>
    </message>
    <message>
        <source>The probe saw no leaked file unchanged for %1.</source>
        <translation>探测没有发现已 %1 未改动的遗留文件。</translation>
    </message>
    <message>
        <source>The probe saw no leaked file of yours unchanged for %1.</source>
        <translation>探测没有发现属于你、且已 %1 未改动的遗留文件。</translation>
    </message>
    <message>
        <source>The probe saw 1 leaked file, %1, unchanged for %2: lists it and removes it after you confirm.</source>
        <translation>探测发现 1 个已 %2 未改动的遗留文件（%1）：先列出它，经你确认后再删除。</translation>
    </message>
    <message>
        <source>The probe saw %1 leaked files, %2, unchanged for %3: lists them and removes them after you confirm.</source>
        <translation>探测发现 %1 个已 %3 未改动的遗留文件（共 %2）：先列出它们，经你确认后再删除。</translation>
    </message>
    <message>
        <source>Leaked files are removed from here only on this computer. For %1, run `shmwise clean --target %1` on the command line: it lists them, and with --yes removes them.</source>
        <translation>只有本机的遗留文件可以在这里删除。对于 %1，请在命令行运行 `shmwise clean --target %1`：它会列出这些文件，加上 --yes 则删除它们。</translation>
    </message>
    <message>
        <source>%1: %2. %3</source>
        <translation>%1：%2。%3</translation>
    </message>
</context>
<context>
    <name>shmwise::Size</name>
    <message>
        <source>&apos;%1&apos; is not a size: write a whole number of bytes, or a number with a unit such as 64MiB, 8GiB or 10GB</source>
        <translation>&apos;%1&apos; 不是大小：请写整数字节数，或带单位的数字，例如 64MiB、8GiB 或 10GB</translation>
    </message>
    <message>
        <source>unknown size unit &apos;%1&apos; in &apos;%2&apos;: use B, KiB, MiB, GiB, TiB (binary) or KB, MB, GB, TB (decimal)</source>
        <translation>&apos;%2&apos; 中的大小单位 &apos;%1&apos; 未知：请使用 B、KiB、MiB、GiB、TiB（二进制）或 KB、MB、GB、TB（十进制）</translation>
    </message>
    <message>
        <source>&apos;%1&apos; has a fraction of a byte: sizes in bytes are whole numbers</source>
        <translation>&apos;%1&apos; 含有不足一字节的小数部分：以字节为单位的大小必须是整数</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is too large: sizes must fit in 64 bits</source>
        <translation>&apos;%1&apos; 过大：大小必须能用 64 位表示</translation>
    </message>
    <message>
        <source> (write &apos;%1&apos; for binary or &apos;%2&apos; for decimal units)</source>
        <translation>（二进制单位请写 &apos;%1&apos;，十进制单位请写 &apos;%2&apos;）</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a Kubernetes quantity: use a suffix Ki, Mi, Gi, Ti (binary) or k, M, G, T (decimal)%2</source>
        <translation>&apos;%1&apos; 不是 Kubernetes 数量：请使用后缀 Ki、Mi、Gi、Ti（二进制）或 k、M、G、T（十进制）%2</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is negative; a memory size must be positive</source>
        <translation>&apos;%1&apos; 为负数；内存大小必须是正数</translation>
    </message>
</context>
<context>
    <name>shmwise::Sizing</name>
    <message>
        <source>Batches prefetched by workers</source>
        <translation>worker 预取的 batch</translation>
    </message>
    <message>
        <source>%1 workers x prefetch_factor %2 = %3 batches of %4 each, collated by the workers straight into /dev/shm and waiting for the training loop.</source>
        <translation>%1 个 worker x prefetch_factor %2 = %3 个 batch，每个 %4，由 worker 直接整理到 /dev/shm 中，等待训练循环取用。</translation>
    </message>
    <message>
        <source>Batches held by the training loop</source>
        <translation>训练循环持有的 batch</translation>
    </message>
    <message>
        <source>%1 more batches stay in /dev/shm: the batch being trained on, the one being handed over, and, at each new epoch, the last batch, which the freshly forked workers inherit (persistent_workers=True avoids that one).</source>
        <translation>另有 %1 个 batch 留在 /dev/shm 中：正在训练的 batch、正在交接的 batch，以及在每个新 epoch 开始时，新 fork 出的 worker 继承的上一个 batch（persistent_workers=True 可避免这一个）。</translation>
    </message>
    <message>
        <source>%1 more batches stay in /dev/shm while the loop uses them: the batch being trained on and the one being handed over.</source>
        <translation>训练循环使用期间，另有 %1 个 batch 留在 /dev/shm 中：正在训练的 batch 和正在交接的 batch。</translation>
    </message>
    <message>
        <source>Dataset tensors moved to /dev/shm</source>
        <translation>移入 /dev/shm 的 Dataset 张量</translation>
    </message>
    <message>
        <source>Under the %1 start method the Dataset is pickled to each worker; its tensors are moved into /dev/shm once and stay there for the loader&apos;s life. Under fork they would be inherited instead.</source>
        <translation>在 %1 启动方式下，Dataset 会被 pickle 后发送给每个 worker；它的张量会一次性移入 /dev/shm，并在加载器存续期间一直留在那里。在 fork 下它们则会被继承。</translation>
    </message>
    <message>
        <source>Multiprocessing semaphores</source>
        <translation>multiprocessing 信号量</translation>
    </message>
    <message>
        <source>Python&apos;s multiprocessing keeps its semaphores in /dev/shm: a few pages per loader and per worker, doubled at an epoch boundary when workers restart.</source>
        <translation>Python 的 multiprocessing 把信号量保存在 /dev/shm 中：每个加载器和每个 worker 占几页，在 epoch 边界 worker 重启时翻倍。</translation>
    </message>
    <message>
        <source>num_workers is 0: the main process loads every batch itself, so the DataLoader puts nothing in /dev/shm (and loading is not parallel).</source>
        <translation>num_workers 为 0：主进程自己加载每个 batch，因此 DataLoader 不在 /dev/shm 中放置任何内容（加载也不是并行的）。</translation>
    </message>
    <message>
        <source>Other data-parallel processes</source>
        <translation>其他数据并行进程</translation>
    </message>
    <message>
        <source>%1 processes on this host each run their own DataLoader, so the terms above are needed %1 times over one shared /dev/shm.</source>
        <translation>此主机上的 %1 个进程各自运行自己的 DataLoader，因此上述各项在同一个共享的 /dev/shm 上需要 %1 倍。</translation>
    </message>
    <message>
        <source>Margin</source>
        <translation>余量</translation>
    </message>
    <message>
        <source>The recommended /dev/shm (%1) is more than half of the host&apos;s memory (%2): it competes with the page cache and the job&apos;s own memory. Lower num_workers, prefetch_factor or batch_size.</source>
        <translation>建议的 /dev/shm（%1）超过主机内存（%2）的一半：它会与页缓存和任务自身的内存争用。请降低 num_workers、prefetch_factor 或 batch_size。</translation>
    </message>
    <message>
        <source>The job&apos;s memory (%1) plus /dev/shm (%2) is more than the host has (%3): pages in /dev/shm count against the same memory, so the job would be OOM-killed.</source>
        <translation>任务内存（%1）加上 /dev/shm（%2）超过了主机拥有的内存（%3）：/dev/shm 中的页面占用同一份内存，因此任务会被 OOM killer 终止。</translation>
    </message>
    <message>
        <source>%1 workers in all (%2 per process) for %3 CPUs: workers beyond the CPUs add /dev/shm use without loading faster.</source>
        <translation>共 %1 个 worker（每个进程 %2 个），CPU 只有 %3 个：超出 CPU 数的 worker 会增加 /dev/shm 用量，却不会加快加载。</translation>
    </message>
    <message>
        <source>prefetch_factor %1 keeps %2 batches per worker in /dev/shm; more than 2-4 rarely speeds training up.</source>
        <translation>prefetch_factor %1 使每个 worker 在 /dev/shm 中保留 %2 个 batch；超过 2-4 很少能加快训练。</translation>
    </message>
    <message>
        <source>/dev/shm here is %1 and cannot be changed, but the job needs %2: use the fitted DataLoader settings.</source>
        <translation>此处的 /dev/shm 为 %1 且无法更改，但任务需要 %2：请使用适配后的 DataLoader 设置。</translation>
    </message>
    <message>
        <source>%1 has no setting for /dev/shm; only DataLoader settings can keep the job within what it gives.</source>
        <translation>%1 没有 /dev/shm 设置；只能靠 DataLoader 设置让任务不超出它提供的大小。</translation>
    </message>
    <message>
        <source>/dev/shm is %1 today but the job needs %2: raise it before training.</source>
        <translation>/dev/shm 目前为 %1，但任务需要 %2：请在训练前增大它。</translation>
    </message>
    <message>
        <source>file_system headers</source>
        <translation>file_system 头部</translation>
    </message>
    <message>
        <source>Under the file_system strategy each shared tensor&apos;s file holds a %1-byte header in front of the data (measured), so a tensor whose bytes per batch are a multiple of 4 KiB, or just under one, takes one page more: %2 per batch here, over %3 batches in flight. file_descriptor has no header.</source>
        <translation>在 file_system 策略下，每个共享张量的文件在数据前有一个 %1 字节的头部（实测），因此每个 batch 字节数恰为 4 KiB 整数倍或略小于整数倍的张量要多占一页：此处每个 batch 多 %2，共 %3 个 batch 在途。file_descriptor 没有头部。</translation>
    </message>
    <message>
        <source>spawn or forkserver together with the file_system strategy was seen to hang at interpreter exit on PyTorch 2.6 with Python 3.13, after training finished (torch_shm_manager). Prefer file_descriptor with a raised ulimit -n.</source>
        <translation>已观察到在 PyTorch 2.6 与 Python 3.13 上，spawn 或 forkserver 与 file_system 策略一起使用时，训练结束后在解释器退出时会挂起（torch_shm_manager）。建议使用 file_descriptor 并提高 ulimit -n。</translation>
    </message>
    <message>
        <source>The file_system sharing strategy keeps the same data in /dev/shm as file_descriptor plus a %1-byte header per shared tensor, %2 in all here (counted above). It avoids running out of file descriptors, and leaves /dev/shm/torch_* files behind when a process crashes.</source>
        <translation>file_system 共享策略在 /dev/shm 中保存与 file_descriptor 相同的数据，另加每个共享张量 %1 字节的头部，此处共 %2（已计入上方）。它能避免文件描述符耗尽，但进程崩溃时会遗留 /dev/shm/torch_* 文件。</translation>
    </message>
    <message>
        <source>The main process can hold up to about %1 shared-memory file descriptors: raise ulimit -n to %2 (or use the file_system strategy), or the loader fails with &quot;Too many open files&quot; or &quot;received 0 items of ancdata&quot;.</source>
        <translation>主进程最多可能持有约 %1 个共享内存文件描述符：请把 ulimit -n 提高到 %2（或使用 file_system 策略），否则加载器会因 &quot;Too many open files&quot; 或 &quot;received 0 items of ancdata&quot; 而失败。</translation>
    </message>
    <message>
        <source> Samples vary in size: every batch is counted at the largest shape given, since a collate that pads to the longest sample makes a batch of batch_size x the longest.</source>
        <translation> 样本大小不固定：每个 batch 都按给出的最大形状计算，因为按最长样本填充的 collate 会让一个 batch 达到 batch_size x 最长样本。</translation>
    </message>
    <message>
        <source>Dataset tensor shared whole by each worker</source>
        <translation>每个 worker 整体共享的 Dataset 张量</translation>
    </message>
    <message>
        <source>Each sample is a slice of the Dataset&apos;s %1 tensor and reaches the queue uncopied. Under fork, sharing a slice moves the slice&apos;s whole storage into /dev/shm, once in each worker: %2 copies (measured), one more at each new epoch while the loop holds the last batch unless persistent_workers=True. .clone() the slice in the Dataset, or use spawn, and only the batches take /dev/shm.</source>
        <translation>每个样本都是 Dataset 中 %1 张量的切片，且未经复制就进入队列。在 fork 下，共享一个切片会把该切片的整个存储移入 /dev/shm，每个 worker 一次：共 %2 份（实测）；若未设 persistent_workers=True，每个新 epoch 在循环仍持有上一个 batch 时还会多一份。在 Dataset 中对切片 .clone()，或改用 spawn，/dev/shm 中就只剩 batch。</translation>
    </message>
    <message>
        <source>%1 (%2, running)</source>
        <translation>%1（%2，运行中）</translation>
    </message>
    <message>
        <source>%1, done, while %2 runs</source>
        <translation>%1，已结束，%2 运行时</translation>
    </message>
    <message>
        <source>%1 runs to its end before %2 starts, so its queue is empty; the loop variable still holds its last batch (%3), and its semaphores stay.</source>
        <translation>%1 在 %2 开始前已运行到结束，所以它的队列为空；循环变量仍持有它的最后一个 batch（%3），它的信号量也还在。</translation>
    </message>
    <message>
        <source>%1, parked while %2 runs</source>
        <translation>%1，在 %2 运行时暂停</translation>
    </message>
    <message>
        <source>%1, kept alive while %2 runs</source>
        <translation>%1，在 %2 运行时保持存活</translation>
    </message>
    <message>
        <source>%1&apos;s iterator stays alive with its prefetch queue full while %2 runs (measured): %3 batches of %4, counting the one the loop still holds, and its semaphores.</source>
        <translation>%2 运行时，%1 的迭代器仍然存活且预取队列已满（实测）：%3 个 batch，每个 %4，含循环仍持有的那一个，另有它的信号量。</translation>
    </message>
    <message>
        <source> Its Dataset&apos;s tensors in /dev/shm stay with it.</source>
        <translation> 它的 Dataset 在 /dev/shm 中的张量也随之保留。</translation>
    </message>
    <message>
        <source>Loader %1: </source>
        <translation>加载器 %1：</translation>
    </message>
    <message>
        <source>each of the %1 workers moves the Dataset&apos;s whole %2 tensor into /dev/shm when it shares the first slice (counted above, %3 copies). .clone() the slice in __getitem__ or __iter__ (or use the spawn start method) and only the batches take /dev/shm.</source>
        <translation>%1 个 worker 在共享第一个切片时，各自把 Dataset 的整个 %2 张量移入 /dev/shm（已计入上方，共 %3 份）。在 __getitem__ 或 __iter__ 中对切片 .clone()（或使用 spawn 启动方式），/dev/shm 中就只剩 batch。</translation>
    </message>
    <message>
        <source>Samples reach the queue uncopied (%1). If they are slices of the Dataset&apos;s %2 tensor, each worker moves all of it into /dev/shm, which this plan does not count: set views_into_dataset: true, or .clone() the slices.</source>
        <translation>样本未经复制就进入队列（%1）。如果它们是 Dataset 中 %2 张量的切片，每个 worker 都会把整个张量移入 /dev/shm，本规划没有计入这部分：请设置 views_into_dataset: true，或对切片 .clone()。</translation>
    </message>
    <message>
        <source>The main process can hold up to about %1 shared-memory file descriptors, more than any process may open (fs.nr_open, %2 by default): the limit is set to %2, which is not enough. Use the file_system sharing strategy, fewer workers or a smaller prefetch factor.</source>
        <translation>主进程最多可能持有约 %1 个共享内存文件描述符，超过任何进程能打开的数量（fs.nr_open，默认 %2）：限制设为 %2，但这还不够。请使用 file_system 共享策略、减少 worker 或减小预取因子。</translation>
    </message>
    <message>
        <source>The job needs %1 of /dev/shm, more than the host&apos;s memory (%2): /dev/shm lives in memory, so it can never hold that. Lower batch_size, num_workers or prefetch_factor.</source>
        <translation>任务需要 %1 的 /dev/shm，超过了主机内存（%2）：/dev/shm 位于内存中，永远容纳不下。请减小 batch_size、num_workers 或 prefetch_factor。</translation>
    </message>
    <message>
        <source>The job needs %1 of /dev/shm, more than its memory limit (%2): pages in /dev/shm count against the limit, so the job is OOM-killed long before /dev/shm fills. Lower batch_size, num_workers or prefetch_factor, or raise the limit.</source>
        <translation>任务需要 %1 的 /dev/shm，超过了它的内存限制（%2）：/dev/shm 中的页面计入该限制，任务会在 /dev/shm 填满之前很早就被 OOM 终止。请减小 batch_size、num_workers 或 prefetch_factor，或提高限制。</translation>
    </message>
    <message>
        <source>The job needs %1 of /dev/shm, more than any single machine&apos;s memory (%2 is already far beyond most): check batch_size, num_workers and prefetch_factor.</source>
        <translation>任务需要 %1 的 /dev/shm，超过了任何单台机器的内存（%2 已远超绝大多数机器）：请检查 batch_size、num_workers 和 prefetch_factor。</translation>
    </message>
    <message>
        <source>Samples grouped by the main process</source>
        <translation>主进程分组中的样本</translation>
    </message>
    <message>
        <source>The DataLoader yields single samples, which the main process groups into batches of %1 in two buckets by aspect ratio (Detectron2&apos;s ASPECT_RATIO_GROUPING): the batch being trained on, %1 samples, and up to %2 more in the two part-filled buckets, all still in /dev/shm.</source>
        <translation>DataLoader 逐个产出样本，主进程按宽高比把它们分到两个桶中，每个 batch %1 个（Detectron2 的 ASPECT_RATIO_GROUPING）：正在训练的一个 batch %1 个样本，加上两个未满的桶中最多 %2 个，全部仍在 /dev/shm 中。</translation>
    </message>
    <message>
        <source>%1 plus %2% over the terms above: when ShmWise measured real PyTorch DataLoaders, repeated runs of one configuration peaked a few percent apart, and batches of variable-size samples vary more.</source>
        <translation>在以上各项之上再加 %1 和 %2%：ShmWise 用真实的 PyTorch DataLoader 测量时，同一配置的多次运行峰值相差几个百分点，而大小不一的样本组成的 batch 差别更大。</translation>
    </message>
    <message numerus="yes">
        <source>%n batch(es) (a window of batches pulled ahead, a list of recent ones)</source>
        <translation>
            <numerusform>%n 个 batch（预先拉取的一段 batch 窗口、最近 batch 的列表）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n sample(s) kept across batches (a pass kept by itertools.cycle, cached validation batches)</source>
        <translation>
            <numerusform>跨 batch 保留的 %n 个样本（itertools.cycle 保留的一整轮、缓存的验证 batch）</numerusform>
        </translation>
    </message>
    <message>
        <source>Batches the script keeps</source>
        <translation>脚本保留的 batch</translation>
    </message>
    <message>
        <source>The script keeps references to %1 (measured). A batch from the workers stays in /dev/shm as long as anything refers to it, so these are counted whole, at %2 a batch. Copy what must be kept (tensor.clone()), or keep less, and they leave /dev/shm.</source>
        <translation>脚本保留着对 %1 的引用（实测）。来自 worker 的 batch 只要还被引用，就会一直留在 /dev/shm 中，因此这些按整个 batch 计算，每个 %2。复制需要保留的内容（tensor.clone()），或少保留一些，它们就会离开 /dev/shm。</translation>
    </message>
    <message>
        <source> and </source>
        <translation>以及</translation>
    </message>
    <message>
        <source>The job&apos;s other shared memory</source>
        <translation>任务的其他共享内存</translation>
    </message>
    <message>
        <source>Shared memory the job keeps in /dev/shm besides its loaders&apos; batches, as measured.</source>
        <translation>任务在加载器的 batch 之外保留在 /dev/shm 中的共享内存（实测）。</translation>
    </message>
    <message>
        <source>Shared memory the job keeps in /dev/shm besides its loaders&apos; batches, as measured: %1.</source>
        <translation>任务在加载器的 batch 之外保留在 /dev/shm 中的共享内存（实测）：%1。</translation>
    </message>
    <message>
        <source> It does not change with the loaders&apos; settings; measure again after changing what the script shares.</source>
        <translation>它不随加载器的设置而变化；修改脚本共享的内容后请重新测量。</translation>
    </message>
    <message>
        <source>The server&apos;s other worker processes</source>
        <translation>服务器的其他 worker 进程</translation>
    </message>
    <message>
        <source>%1 worker processes of the server each run their own DataLoaders for the requests they answer, all at once under load, so the terms above are needed %1 times over one shared /dev/shm.</source>
        <translation>服务器的 %1 个 worker 进程各自为其应答的请求运行自己的 DataLoader，在负载下同时运行，因此上述各项在同一个共享的 /dev/shm 上需要 %1 倍。</translation>
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
        <translation>SSH 主机</translation>
    </message>
    <message>
        <source>[user@]host[:port] or an alias from ~/.ssh/config</source>
        <translation>[user@]host[:port] 或 ~/.ssh/config 中的别名</translation>
    </message>
    <message>
        <source>Uses your OpenSSH client, so ~/.ssh/config, the agent, ProxyJump and known_hosts work as in a terminal. The host key must already be known.</source>
        <translation>使用你的 OpenSSH 客户端，因此 ~/.ssh/config、agent、ProxyJump 和 known_hosts 与在终端中一样生效。主机密钥必须已知。</translation>
    </message>
    <message>
        <source>SSH config file</source>
        <translation>SSH 配置文件</translation>
    </message>
    <message>
        <source>optional: a config file passed to ssh -F</source>
        <translation>可选：传给 ssh -F 的配置文件</translation>
    </message>
    <message>
        <source>Container</source>
        <translation>容器</translation>
    </message>
    <message>
        <source>container name or id</source>
        <translation>容器名称或 id</translation>
    </message>
    <message>
        <source>Pod namespace</source>
        <translation>Pod 命名空间</translation>
    </message>
    <message>
        <source>current namespace</source>
        <translation>当前命名空间</translation>
    </message>
    <message>
        <source>Pod</source>
        <translation>Pod</translation>
    </message>
    <message>
        <source>Pod container</source>
        <translation>Pod 容器</translation>
    </message>
    <message>
        <source>the pod&apos;s default container</source>
        <translation>Pod 的默认容器</translation>
    </message>
    <message>
        <source>&amp;Pod:</source>
        <translation>Pod(&amp;P)：</translation>
    </message>
    <message>
        <source>Cont&amp;ainer:</source>
        <translation>容器(&amp;A)：</translation>
    </message>
    <message>
        <source>SSH config file %1 does not exist</source>
        <translation>SSH 配置文件 %1 不存在</translation>
    </message>
    <message>
        <source>This &amp;computer</source>
        <translation>本机(&amp;C)</translation>
    </message>
    <message>
        <source>A K&amp;ubernetes pod</source>
        <translation>Kubernetes Pod(&amp;U)</translation>
    </message>
    <message>
        <source>Test connect&amp;ion</source>
        <translation>测试连接(&amp;I)</translation>
    </message>
    <message>
        <source>Run the probe on the chosen target once, to see that it answers.</source>
        <translation>在所选目标上运行一次探测，确认它能响应。</translation>
    </message>
    <message>
        <source>Connection test result</source>
        <translation>连接测试结果</translation>
    </message>
    <message>
        <source>H&amp;ost:</source>
        <translation>主机(&amp;O)：</translation>
    </message>
    <message>
        <source>Config fi&amp;le:</source>
        <translation>配置文件(&amp;L)：</translation>
    </message>
    <message>
        <source>Na&amp;mespace:</source>
        <translation>命名空间(&amp;M)：</translation>
    </message>
    <message>
        <source>Contain&amp;er:</source>
        <translation>容器(&amp;E)：</translation>
    </message>
    <message>
        <source>Fleet &amp;view…</source>
        <translation>主机群视图(&amp;V)…</translation>
    </message>
    <message>
        <source>Probe many hosts at once (targets or an Ansible inventory) and see which of them would break the job.</source>
        <translation>同时探测多台主机（目标或 Ansible 清单），查看其中哪些会导致任务失败。</translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation>正在连接 %1…</translation>
    </message>
    <message>
        <source>unknown system</source>
        <translation>未知系统</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>memory %1</source>
        <translation>内存 %1</translation>
    </message>
    <message numerus="yes">
        <source>%n CPU(s)</source>
        <translation>
            <numerusform>%n 个 CPU</numerusform>
        </translation>
    </message>
    <message>
        <source>Host facts filled in: %1.</source>
        <translation>已填入主机信息：%1。</translation>
    </message>
    <message>
        <source>SSH host: &apos;%1&apos; is a %2 target; choose &quot;%3&quot; above instead</source>
        <translation>SSH 主机：&apos;%1&apos; 是 %2 目标；请改为选择上方的&quot;%3&quot;</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is probed over SSH as a host of that name. To look at this computer without SSH, choose &quot;%2&quot; above.</source>
        <translation>&apos;%1&apos; 会被当作同名主机通过 SSH 探测。若要不经 SSH 查看本机，请选择上方的&quot;%2&quot;。</translation>
    </message>
    <message numerus="yes">
        <source>It has %n GPU(s), but GPUs per node is 0, so the generated files request none: set GPUs per node on the Environment page.</source>
        <translation>
            <numerusform>它有 %n 个 GPU，但“每节点 GPU 数”为 0，因此生成的文件不会请求任何 GPU：请在“环境”页面设置每节点 GPU 数。</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 is empty: type it to go on</source>
        <translation>%1 为空：请填写后继续</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Did a training job die with &quot;Bus error&quot; or &quot;out of shared memory&quot;? Start from its log:</source>
        <translation>训练任务因 Bus error 或共享内存不足（shm）而终止？从它的日志开始：</translation>
    </message>
    <message>
        <source>Dia&amp;gnose an Error Log…</source>
        <translation>诊断错误日志(&amp;G)…</translation>
    </message>
    <message>
        <source>Paste or open the log: ShmWise says what ran out and what to change, then plans /dev/shm for that job.</source>
        <translation>粘贴或打开日志：ShmWise 会说明什么耗尽了、该改什么，然后为这个任务规划 /dev/shm。</translation>
    </message>
    <message>
        <source>Answered from %1 in %2 ms: %3, /dev/shm %4.</source>
        <translation>%1 在 %2 毫秒内应答：%3，/dev/shm %4。</translation>
    </message>
    <message>
        <source>Next and Test connection wait for the %1 field.</source>
        <translation>下一步和“测试连接”在等待“%1”字段。</translation>
    </message>
</context>
<context>
    <name>shmwise::Validators</name>
    <message>
        <source>&apos;%1&apos; is not a kernel size: tmpfs takes one letter after the number and refuses anything more; write &apos;%2&apos;</source>
        <translation>&apos;%1&apos; 不是内核大小：tmpfs 在数字后只接受一个字母，多了就会拒绝；请写成 &apos;%2&apos;</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a kernel size: write digits with an optional k, m, g or t suffix (8G), or a percentage of RAM (50%)</source>
        <translation>&apos;%1&apos; 不是内核大小：请写数字加可选的 k、m、g 或 t 后缀（8G），或内存的百分比（50%）</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is Kubernetes syntax; Docker reads sizes like 8g, 8GB or 8GiB (write &apos;%2&apos;)</source>
        <translation>&apos;%1&apos; 是 Kubernetes 语法；Docker 读取的大小形如 8g、8GB 或 8GiB（请写成 &apos;%2&apos;）</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is negative; a size is a positive number such as 8g</source>
        <translation>&apos;%1&apos; 为负数；大小必须是正数，例如 8g</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a Docker size: write a number with b, k, m, g, t or p (binary units), such as 8g, 1.5g or 8GiB</source>
        <translation>&apos;%1&apos; 不是 Docker 大小：请写数字加 b、k、m、g、t 或 p（二进制单位），例如 8g、1.5g 或 8GiB</translation>
    </message>
    <message>
        <source>duplicate key &apos;%1&apos;: YAML tools disagree on which value wins; keep one and delete the other</source>
        <translation>键 &apos;%1&apos; 重复：各 YAML 工具对哪个值生效看法不一；保留一个，删除另一个</translation>
    </message>
    <message>
        <source>a tab is used for indentation; YAML indents with spaces only</source>
        <translation>使用了 tab 缩进；YAML 只用空格缩进</translation>
    </message>
    <message>
        <source>not valid YAML: %1; fix the syntax here (check indentation, quotes and brackets)</source>
        <translation>不是有效的 YAML：%1；请修正此处的语法（检查缩进、引号和括号）</translation>
    </message>
    <message>
        <source>could not check the file: %1</source>
        <translation>无法检查该文件：%1</translation>
    </message>
    <message>
        <source>%1 needs a size, such as &quot;8gb&quot; or a number of bytes</source>
        <translation>%1 需要一个大小，例如 &quot;8gb&quot; 或字节数</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>ulimits is a mapping, such as nofile: {soft: 65536, hard: 65536}</source>
        <translation>ulimits 是一个映射，例如 nofile: {soft: 65536, hard: 65536}</translation>
    </message>
    <message>
        <source>ulimits.nofile needs both soft and hard, such as {soft: 65536, hard: 65536}</source>
        <translation>ulimits.nofile 需要同时给出 soft 和 hard，例如 {soft: 65536, hard: 65536}</translation>
    </message>
    <message>
        <source>nofile soft must be a whole number</source>
        <translation>nofile soft 必须是整数</translation>
    </message>
    <message>
        <source>nofile hard must be a whole number</source>
        <translation>nofile hard 必须是整数</translation>
    </message>
    <message>
        <source>the nofile soft limit %1 is above the hard limit %2; make soft &lt;= hard</source>
        <translation>nofile 软限制 %1 高于硬限制 %2；请使 soft &lt;= hard</translation>
    </message>
    <message>
        <source>ulimits.nofile is a whole number or {soft: N, hard: N}</source>
        <translation>ulimits.nofile 是整数或 {soft: N, hard: N}</translation>
    </message>
    <message>
        <source>service &apos;%1&apos; must be a mapping (image:, shm_size:, ...)</source>
        <translation>服务 &apos;%1&apos; 必须是映射（image:、shm_size:、...）</translation>
    </message>
    <message>
        <source>shm_size 0 gives Docker&apos;s default of 64 MiB; give a size such as &quot;8gb&quot;</source>
        <translation>shm_size 0 会得到 Docker 默认的 64 MiB；请给出大小，例如 &quot;8gb&quot;</translation>
    </message>
    <message>
        <source>shm_size %1 is below the 64 MiB default; a plain number is bytes (write &quot;%1gb&quot; for gigabytes)</source>
        <translation>shm_size %1 低于默认的 64 MiB；纯数字表示字节（GB 请写 &quot;%1gb&quot;）</translation>
    </message>
    <message>
        <source>shm_size has no effect with ipc: host (the host&apos;s /dev/shm is used); remove one of them</source>
        <translation>与 ipc: host 一起使用时 shm_size 无效（使用的是主机的 /dev/shm）；请删除其中一个</translation>
    </message>
    <message>
        <source>the memory limit %1 is smaller than shm_size %2: /dev/shm pages count against it, so the container is OOM-killed when /dev/shm fills; raise the limit above the shm size plus what the job needs</source>
        <translation>内存限制 %1 小于 shm_size %2：/dev/shm 的页面计入限制，因此 /dev/shm 写满时容器会被 OOM killer 终止；请把限制提高到 shm 大小加上任务所需内存以上</translation>
    </message>
    <message>
        <source>docker stack deploy ignores shm_size; for Swarm mount a tmpfs volume at /dev/shm with an integer size in bytes</source>
        <translation>docker stack deploy 会忽略 shm_size；对于 Swarm，请在 /dev/shm 挂载一个以整数字节表示大小的 tmpfs 卷</translation>
    </message>
    <message>
        <source>the short tmpfs form for /dev/shm is silently dropped by docker stack deploy; use shm_size, or a long-syntax volume of type tmpfs with tmpfs.size in bytes</source>
        <translation>docker stack deploy 会静默丢弃 /dev/shm 的短 tmpfs 格式；请使用 shm_size，或使用长语法、type 为 tmpfs 且 tmpfs.size 以字节表示的卷</translation>
    </message>
    <message>
        <source>this tmpfs at /dev/shm has no tmpfs.size, so it may grow to half the RAM; give a size in bytes</source>
        <translation>/dev/shm 上的这个 tmpfs 没有 tmpfs.size，因此可能增长到一半内存；请给出以字节为单位的大小</translation>
    </message>
    <message>
        <source>tmpfs.size 0 means no limit; give a size in bytes, such as 8589934592 for 8 GiB</source>
        <translation>tmpfs.size 0 表示不限制；请给出以字节为单位的大小，例如 8 GiB 为 8589934592</translation>
    </message>
    <message>
        <source>docker stack deploy needs tmpfs.size as an integer number of bytes; write %1</source>
        <translation>docker stack deploy 要求 tmpfs.size 为整数字节数；请写成 %1</translation>
    </message>
    <message>
        <source>tmpfs.size must be an integer number of bytes (8589934592 for 8 GiB)</source>
        <translation>tmpfs.size 必须是整数字节数（8 GiB 为 8589934592）</translation>
    </message>
    <message>
        <source>service &apos;%1&apos; sets no shm_size, so /dev/shm is Docker&apos;s 64 MiB default; a DataLoader with workers needs more (add shm_size: &quot;8gb&quot;)</source>
        <translation>服务 &apos;%1&apos; 没有设置 shm_size，因此 /dev/shm 为 Docker 默认的 64 MiB；使用 worker 的 DataLoader 需要更多（添加 shm_size: &quot;8gb&quot;）</translation>
    </message>
    <message>
        <source>a compose file is a mapping with a &apos;services:&apos; section</source>
        <translation>compose 文件是一个含有 &apos;services:&apos; 节的映射</translation>
    </message>
    <message>
        <source>the file needs a &apos;services:&apos; mapping with at least one service</source>
        <translation>该文件需要一个至少含有一个服务的 &apos;services:&apos; 映射</translation>
    </message>
    <message>
        <source>this single quote is never closed; add the closing &apos;</source>
        <translation>此单引号没有闭合；请加上闭合的 &apos;</translation>
    </message>
    <message>
        <source>this double quote is never closed; add the closing &quot;</source>
        <translation>此双引号没有闭合；请加上闭合的 &quot;</translation>
    </message>
    <message>
        <source>nofile above 1048576 (the default fs.nr_open) fails unless the host raised fs.nr_open</source>
        <translation>nofile 超过 1048576（fs.nr_open 的默认值）会失败，除非主机提高了 fs.nr_open</translation>
    </message>
    <message>
        <source>no image: %1 run needs an image after the options, such as pytorch/pytorch:latest</source>
        <translation>没有镜像：%1 run 需要在选项之后给出镜像，例如 pytorch/pytorch:latest</translation>
    </message>
    <message>
        <source>--shm-size is given twice; the last one wins, so keep one</source>
        <translation>--shm-size 给出了两次；最后一个生效，请只保留一个</translation>
    </message>
    <message>
        <source>--shm-size=0 makes Podman&apos;s /dev/shm unlimited (up to all RAM); give a size such as 8g</source>
        <translation>--shm-size=0 使 Podman 的 /dev/shm 不受限制（最多占满全部内存）；请给出大小，例如 8g</translation>
    </message>
    <message>
        <source>--shm-size=0 gives Docker&apos;s default of 64 MiB, not more; give a size such as 8g</source>
        <translation>--shm-size=0 只会得到 Docker 默认的 64 MiB，不会更多；请给出大小，例如 8g</translation>
    </message>
    <message>
        <source>--shm-size %1 is below the 64 MiB default; did you mean %1g?</source>
        <translation>--shm-size %1 低于默认的 64 MiB；你是想写 %1g 吗？</translation>
    </message>
    <message>
        <source>Podman refuses --shm-size together with --ipc=host; keep one (--ipc=host uses the host&apos;s /dev/shm)</source>
        <translation>Podman 不允许 --shm-size 与 --ipc=host 同时使用；请保留一个（--ipc=host 使用主机的 /dev/shm）</translation>
    </message>
    <message>
        <source>--shm-size has no effect with --ipc=host: the container uses the host&apos;s /dev/shm; remove one of them</source>
        <translation>与 --ipc=host 一起使用时 --shm-size 无效：容器使用主机的 /dev/shm；请删除其中一个</translation>
    </message>
    <message>
        <source>--memory %1 is smaller than --shm-size %2: /dev/shm pages count against the memory limit, so the container is OOM-killed when it fills /dev/shm; raise --memory above the shm size plus what the job needs</source>
        <translation>--memory %1 小于 --shm-size %2：/dev/shm 的页面计入内存限制，因此容器写满 /dev/shm 时会被 OOM killer 终止；请把 --memory 提高到 shm 大小加上任务所需内存以上</translation>
    </message>
    <message>
        <source>no &apos;docker run&apos; or &apos;podman run&apos; command found; write one, such as docker run --shm-size=8g IMAGE</source>
        <translation>没有找到 &apos;docker run&apos; 或 &apos;podman run&apos; 命令；请写一个，例如 docker run --shm-size=8g IMAGE</translation>
    </message>
    <message>
        <source>the %1 field must be a number (usually 0), not &apos;%2&apos;</source>
        <translation>%1 字段必须是数字（通常为 0），而不是 &apos;%2&apos;</translation>
    </message>
    <message>
        <source>dump</source>
        <translation>dump</translation>
    </message>
    <message>
        <source>pass</source>
        <translation>pass</translation>
    </message>
    <message>
        <source>/dev/shm must be mounted with type tmpfs, not &apos;%1&apos;</source>
        <translation>/dev/shm 必须以 tmpfs 类型挂载，而不是 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>empty option (two commas in a row); remove it</source>
        <translation>空选项（连续两个逗号）；请删除</translation>
    </message>
    <message>
        <source>option &apos;%1&apos; needs a value (%1=...)</source>
        <translation>选项 &apos;%1&apos; 需要一个值（%1=...）</translation>
    </message>
    <message>
        <source>size=0 makes the tmpfs unlimited: a runaway process can fill all RAM; give a size such as size=8G</source>
        <translation>size=0 使 tmpfs 不受限制：失控的进程可能占满全部内存；请给出大小，例如 size=8G</translation>
    </message>
    <message>
        <source>size=%1 is more than the RAM; /dev/shm competes with processes and page cache, so keep it well under 100%</source>
        <translation>size=%1 超过了内存大小；/dev/shm 与进程和页缓存争用内存，请让它远低于 100%</translation>
    </message>
    <message>
        <source>size=%1 is under 64 MiB, smaller than Docker&apos;s default; a DataLoader with workers will hit a Bus error</source>
        <translation>size=%1 小于 64 MiB，比 Docker 的默认值还小；使用 worker 的 DataLoader 会遇到 Bus error</translation>
    </message>
    <message>
        <source>mode=%1 is not an octal mode; /dev/shm needs mode=1777 (everyone may create files, the sticky bit protects them)</source>
        <translation>mode=%1 不是八进制权限；/dev/shm 需要 mode=1777（所有人都可创建文件，粘滞位保护这些文件）</translation>
    </message>
    <message>
        <source>mode=%1 stops other users&apos; processes from creating shared memory; /dev/shm is normally mode=1777</source>
        <translation>mode=%1 会阻止其他用户的进程创建共享内存；/dev/shm 通常为 mode=1777</translation>
    </message>
    <message>
        <source>no size= option: the kernel default is half of the RAM; add size=... to set it</source>
        <translation>没有 size= 选项：内核默认为一半内存；添加 size=... 来设置</translation>
    </message>
    <message>
        <source>no line mounts /dev/shm; add &apos;tmpfs /dev/shm tmpfs defaults,nosuid,nodev,size=8G 0 0&apos; to size it</source>
        <translation>没有挂载 /dev/shm 的行；添加 &apos;tmpfs /dev/shm tmpfs defaults,nosuid,nodev,size=8G 0 0&apos; 来设置其大小</translation>
    </message>
    <message>
        <source>%1 needs a quantity, such as 8Gi</source>
        <translation>%1 需要一个数量，例如 8Gi</translation>
    </message>
    <message>
        <source>%1: &apos;%2&apos; means thousandths of a byte (m is milli); write %3Mi</source>
        <translation>%1：&apos;%2&apos; 表示千分之一字节（m 是 milli）；请写成 %3Mi</translation>
    </message>
    <message>
        <source>the pod spec must be a mapping</source>
        <translation>Pod spec 必须是映射</translation>
    </message>
    <message>
        <source>each volume needs a name</source>
        <translation>每个卷都需要一个名称</translation>
    </message>
    <message>
        <source>volume name &apos;%1&apos; is used twice; names must be unique</source>
        <translation>卷名称 &apos;%1&apos; 被使用了两次；名称必须唯一</translation>
    </message>
    <message>
        <source>medium must be exactly &apos;Memory&apos; (capital M); &apos;%1&apos; is rejected</source>
        <translation>medium 必须恰好是 &apos;Memory&apos;（大写 M）；&apos;%1&apos; 会被拒绝</translation>
    </message>
    <message>
        <source>unknown emptyDir medium &apos;%1&apos;; for /dev/shm write medium: Memory</source>
        <translation>未知的 emptyDir medium &apos;%1&apos;；对于 /dev/shm 请写 medium: Memory</translation>
    </message>
    <message>
        <source>volumes must be a list</source>
        <translation>volumes 必须是列表</translation>
    </message>
    <message>
        <source>requests.memory is above limits.memory; the request must not exceed the limit</source>
        <translation>requests.memory 高于 limits.memory；请求不能超过限制</translation>
    </message>
    <message>
        <source>volumeMount &apos;%1&apos; names no volume of the pod; add it under spec.volumes or fix the name</source>
        <translation>volumeMount &apos;%1&apos; 没有对应 Pod 中的任何卷；请在 spec.volumes 下添加它，或修正名称</translation>
    </message>
    <message>
        <source>limits.memory %1 is below the /dev/shm sizeLimit %2: a memory-backed emptyDir counts against the container&apos;s memory limit, so the container is OOM-killed when /dev/shm fills; raise limits.memory by the shm size</source>
        <translation>limits.memory %1 低于 /dev/shm 的 sizeLimit %2：基于内存的 emptyDir 计入容器的内存限制，因此 /dev/shm 写满时容器会被 OOM killer 终止；请把 limits.memory 提高 shm 的大小</translation>
    </message>
    <message>
        <source>no volume is mounted at /dev/shm, so the pod gets the runtime&apos;s 64 MiB default; mount an emptyDir with medium: Memory and a sizeLimit there</source>
        <translation>没有卷挂载在 /dev/shm，因此 Pod 得到运行时默认的 64 MiB；请在那里挂载一个 medium: Memory 并带有 sizeLimit 的 emptyDir</translation>
    </message>
    <message>
        <source>a Kubernetes manifest is a mapping with apiVersion, kind and spec</source>
        <translation>Kubernetes 清单是一个含有 apiVersion、kind 和 spec 的映射</translation>
    </message>
    <message>
        <source>the manifest has no &apos;kind&apos;</source>
        <translation>清单没有 &apos;kind&apos;</translation>
    </message>
    <message>
        <source>the manifest has no &apos;apiVersion&apos;</source>
        <translation>清单没有 &apos;apiVersion&apos;</translation>
    </message>
    <message>
        <source>a PyTorchJob needs spec.pytorchReplicaSpecs (Master, Worker)</source>
        <translation>PyTorchJob 需要 spec.pytorchReplicaSpecs（Master、Worker）</translation>
    </message>
    <message>
        <source>the file holds no Kubernetes manifest</source>
        <translation>该文件中没有 Kubernetes 清单</translation>
    </message>
    <message>
        <source>unknown item &apos;%1&apos;; pam_limits ignores the line (nofile is the open files limit)</source>
        <translation>未知的项目 &apos;%1&apos;；pam_limits 会忽略这一行（nofile 才是打开文件数限制）</translation>
    </message>
    <message>
        <source>nofile %1 is very low; a DataLoader with workers can fail with &apos;Too many open files&apos; (use 65536 or more)</source>
        <translation>nofile %1 非常低；使用 worker 的 DataLoader 可能因 &apos;Too many open files&apos; 而失败（请使用 65536 或更高）</translation>
    </message>
    <message>
        <source>num_workers must be 0 or more; PyTorch raises ValueError</source>
        <translation>num_workers 必须大于或等于 0；否则 PyTorch 会抛出 ValueError</translation>
    </message>
    <message>
        <source>num_workers=0</source>
        <translation>num_workers=0</translation>
    </message>
    <message>
        <source>no num_workers (so 0)</source>
        <translation>没有 num_workers（即为 0）</translation>
    </message>
    <message>
        <source>persistent_workers=True with %1: PyTorch raises ValueError; set num_workers &gt; 0 or drop persistent_workers</source>
        <translation>persistent_workers=True 与 %1 同时使用：PyTorch 会抛出 ValueError；请设置 num_workers &gt; 0 或去掉 persistent_workers</translation>
    </message>
    <message>
        <source>prefetch_factor must be at least 1 (it is the batches each worker loads ahead)</source>
        <translation>prefetch_factor 必须至少为 1（它是每个 worker 提前加载的 batch 数）</translation>
    </message>
    <message>
        <source>multiprocessing_context &apos;%1&apos; is not a start method; use &apos;fork&apos;, &apos;spawn&apos; or &apos;forkserver&apos;</source>
        <translation>multiprocessing_context &apos;%1&apos; 不是启动方式；请使用 &apos;fork&apos;、&apos;spawn&apos; 或 &apos;forkserver&apos;</translation>
    </message>
    <message>
        <source>unknown sharing strategy &apos;%1&apos;; use &apos;file_descriptor&apos; or &apos;file_system&apos; (both keep batches in /dev/shm)</source>
        <translation>未知的共享策略 &apos;%1&apos;；请使用 &apos;file_descriptor&apos; 或 &apos;file_system&apos;（两者都把 batch 保存在 /dev/shm 中）</translation>
    </message>
    <message>
        <source>set_sharing_strategy() inside &apos;if __name__ == &quot;__main__&quot;&apos; is not run in workers started with spawn or forkserver; call it at module level, right after the imports</source>
        <translation>写在 &apos;if __name__ == &quot;__main__&quot;&apos; 中的 set_sharing_strategy() 不会在以 spawn 或 forkserver 启动的 worker 中运行；请在模块级、紧接着 import 之后调用它</translation>
    </message>
    <message>
        <source>unknown start method &apos;%1&apos;; use &apos;fork&apos;, &apos;spawn&apos; or &apos;forkserver&apos;</source>
        <translation>未知的启动方式 &apos;%1&apos;；请使用 &apos;fork&apos;、&apos;spawn&apos; 或 &apos;forkserver&apos;</translation>
    </message>
    <message>
        <source>the key before &apos;=&apos; is missing</source>
        <translation>缺少 &apos;=&apos; 之前的键</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a sysctl key: keys are names separated by dots, such as kernel.shmmni</source>
        <translation>&apos;%1&apos; 不是 sysctl 键：键是以点分隔的名称，例如 kernel.shmmni</translation>
    </message>
    <message>
        <source>&apos;%1&apos; has no value after &apos;=&apos;; give one or delete the line</source>
        <translation>&apos;%1&apos; 在 &apos;=&apos; 之后没有值；请给出一个值或删除这一行</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is also set on line %2; the later line wins, so keep only one</source>
        <translation>&apos;%1&apos; 在第 %2 行也有设置；后面的行生效，请只保留一个</translation>
    </message>
    <message>
        <source>%1 limits System V shared memory (shmget), not /dev/shm: raising it does not help a PyTorch DataLoader; size /dev/shm with its mount (size=), --shm-size or a memory-backed emptyDir instead</source>
        <translation>%1 限制的是 System V 共享内存（shmget），而不是 /dev/shm：提高它对 PyTorch DataLoader 没有帮助；请改用挂载选项（size=）、--shm-size 或基于内存的 emptyDir 设置 /dev/shm 大小</translation>
    </message>
    <message>
        <source>%1 = 0 allows no System V shared memory at all; use a positive value or delete the line</source>
        <translation>%1 = 0 完全不允许 System V 共享内存；请使用正值或删除这一行</translation>
    </message>
    <message>
        <source>%1 must be a whole number, not &apos;%2&apos;</source>
        <translation>%1 必须是整数，而不是 &apos;%2&apos;</translation>
    </message>
    <message>
        <source>invalid ulimit argument &apos;%1&apos;: write NAME=SOFT[:HARD], such as nofile=65536:65536</source>
        <translation>无效的 ulimit 参数 &apos;%1&apos;：请写成 NAME=SOFT[:HARD]，例如 nofile=65536:65536</translation>
    </message>
    <message>
        <source>invalid ulimit type &apos;%1&apos;; Docker knows %2</source>
        <translation>无效的 ulimit 类型 &apos;%1&apos;；Docker 支持 %2</translation>
    </message>
    <message>
        <source>too many limit values in &apos;%1&apos;: write SOFT[:HARD]</source>
        <translation>&apos;%1&apos; 中的限制值过多：请写成 SOFT[:HARD]</translation>
    </message>
    <message>
        <source>&apos;%1&apos;: the limits must be whole numbers, such as nofile=65536:65536</source>
        <translation>&apos;%1&apos;：限制必须是整数，例如 nofile=65536:65536</translation>
    </message>
    <message>
        <source>ulimit soft limit must be less than or equal to hard limit: %1 &gt; %2 (write %3=%2:%2)</source>
        <translation>ulimit 软限制必须小于或等于硬限制：%1 &gt; %2（请写成 %3=%2:%2）</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a valid --gpus value (a quote is out of place)</source>
        <translation>&apos;%1&apos; 不是有效的 --gpus 值（引号位置不对）</translation>
    </message>
    <message>
        <source>invalid count (%1): write a number or all</source>
        <translation>无效的数量（%1）：请写数字或 all</translation>
    </message>
    <message>
        <source>gpu request key &apos;%1&apos; can be specified only once</source>
        <translation>GPU 请求键 &apos;%1&apos; 只能指定一次</translation>
    </message>
    <message>
        <source>unexpected key &apos;%1&apos; in &apos;%2&apos;; --gpus takes all, a count, or count=, device=, driver=, capabilities=, options=</source>
        <translation>&apos;%2&apos; 中出现意外的键 &apos;%1&apos;；--gpus 接受 all、数量，或 count=、device=、driver=、capabilities=、options=</translation>
    </message>
    <message>
        <source>invalid proto: %1</source>
        <translation>无效的协议：%1</translation>
    </message>
    <message>
        <source>invalid IP address in &apos;%1&apos;</source>
        <translation>&apos;%1&apos; 中的 IP 地址无效</translation>
    </message>
    <message>
        <source>invalid port specification: &apos;%1&apos;</source>
        <translation>无效的端口规格：&apos;%1&apos;</translation>
    </message>
    <message>
        <source>no port specified: %1</source>
        <translation>未指定端口：%1</translation>
    </message>
    <message>
        <source>invalid containerPort: %1</source>
        <translation>无效的 containerPort：%1</translation>
    </message>
    <message>
        <source>invalid hostPort: %1</source>
        <translation>无效的 hostPort：%1</translation>
    </message>
    <message>
        <source>invalid argument &quot;%1&quot; for --%2: write true or false</source>
        <translation>--%2 的参数 &quot;%1&quot; 无效：请写 true 或 false</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a number of CPUs, such as 1.5</source>
        <translation>&apos;%1&apos; 不是 CPU 数量，例如 1.5</translation>
    </message>
    <message>
        <source>--%1 takes a whole number, not &apos;%2&apos;</source>
        <translation>--%1 接受整数，而不是 &apos;%2&apos;</translation>
    </message>
    <message>
        <source>--%1 takes a duration such as 30s or 1m30s, not &apos;%2&apos;</source>
        <translation>--%1 接受时长，例如 30s 或 1m30s，而不是 &apos;%2&apos;</translation>
    </message>
    <message>
        <source>invalid range format for --expose: %1</source>
        <translation>--expose 的范围格式无效：%1</translation>
    </message>
    <message>
        <source>--pid: invalid PID mode &apos;%1&apos;; use host or container:NAME</source>
        <translation>--pid：无效的 PID 模式 &apos;%1&apos;；请使用 host 或 container:NAME</translation>
    </message>
    <message>
        <source>--%1: invalid mode &apos;%2&apos;; the only mode is host</source>
        <translation>--%1：无效的模式 &apos;%2&apos;；唯一的模式是 host</translation>
    </message>
    <message>
        <source>--cgroupns: invalid mode &apos;%1&apos;; use host or private</source>
        <translation>--cgroupns：无效的模式 &apos;%1&apos;；请使用 host 或 private</translation>
    </message>
    <message>
        <source>valid streams are STDIN, STDOUT and STDERR, not &apos;%1&apos;</source>
        <translation>有效的流是 STDIN、STDOUT 和 STDERR，而不是 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>--sysctl takes KEY=VALUE, not &apos;%1&apos;</source>
        <translation>--sysctl 接受 KEY=VALUE，而不是 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>sysctl &apos;%1&apos; is not allowed: a container may only set namespaced keys (kernel.shm*, kernel.msg*, kernel.sem, fs.mqueue.*, net.*)</source>
        <translation>不允许 sysctl &apos;%1&apos;：容器只能设置带命名空间的键（kernel.shm*、kernel.msg*、kernel.sem、fs.mqueue.*、net.*）</translation>
    </message>
    <message>
        <source>the image name is empty</source>
        <translation>镜像名称为空</translation>
    </message>
    <message>
        <source>invalid reference format: the digest after @ must be like sha256:&lt;64 hex digits&gt;</source>
        <translation>引用格式无效：@ 之后的摘要必须形如 sha256:&lt;64 个十六进制数字&gt;</translation>
    </message>
    <message>
        <source>invalid reference format: tag &apos;%1&apos; (a tag is letters, digits, _, . and -, up to 128)</source>
        <translation>引用格式无效：标签 &apos;%1&apos;（标签由字母、数字、_、. 和 - 组成，最多 128 个字符）</translation>
    </message>
    <message>
        <source>invalid reference format: registry &apos;%1&apos;</source>
        <translation>引用格式无效：镜像仓库地址 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>invalid reference format: repository name (%1) must be lowercase</source>
        <translation>引用格式无效：仓库名称（%1）必须为小写</translation>
    </message>
    <message>
        <source>invalid reference format: &apos;%1&apos; (names are lowercase letters, digits and single separators . _ -, parts joined by /)</source>
        <translation>引用格式无效：&apos;%1&apos;（名称由小写字母、数字和单个分隔符 . _ - 组成，各部分以 / 连接）</translation>
    </message>
    <message>
        <source>invalid reference format: the repository name is longer than 255 characters</source>
        <translation>引用格式无效：仓库名称超过 255 个字符</translation>
    </message>
    <message>
        <source>its anchors and aliases expand to far more values than the file holds, too many to check (YAML tools refuse such excessive aliasing)</source>
        <translation>其锚点和别名展开后的值远多于文件本身所含，多到无法检查（YAML 工具会拒绝这种过度的别名引用）</translation>
    </message>
    <message>
        <source>the document is %1, not a mapping</source>
        <translation>文档是 %1，而不是映射</translation>
    </message>
    <message>
        <source>unknown key &apos;%1&apos; at the top level</source>
        <translation>顶层的未知键 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>unknown key &apos;%1&apos; in %2</source>
        <translation>%2 中的未知键 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>%1 needs &apos;%2&apos;</source>
        <translation>%1 需要 &apos;%2&apos;</translation>
    </message>
    <message>
        <source>the document</source>
        <translation>文档</translation>
    </message>
    <message>
        <source>%1 has the wrong type: %2 is not allowed here</source>
        <translation>%1 类型错误：此处不允许 %2</translation>
    </message>
    <message>
        <source>this backquote is never closed; add the closing `</source>
        <translation>此反引号没有闭合；请加上闭合的 `</translation>
    </message>
    <message>
        <source>this %1 is never closed; add the closing %2</source>
        <translation>此 %1 没有闭合；请加上闭合的 %2</translation>
    </message>
    <message>
        <source>%1; Compose refuses the file (compose-spec schema)</source>
        <translation>%1；Compose 会拒绝该文件（compose-spec schema）</translation>
    </message>
    <message>
        <source>nofile cannot be unlimited (-1): the kernel caps it at fs.nr_open, so the container fails to start; use a number such as 1048576</source>
        <translation>nofile 不能为 unlimited（-1）：内核以 fs.nr_open 为上限，因此容器无法启动；请使用数字，例如 1048576</translation>
    </message>
    <message>
        <source>--%1: %2; %3 run refuses it</source>
        <translation>--%1：%2；%3 run 会拒绝它</translation>
    </message>
    <message>
        <source>unknown flag: --%1; %2 run refuses the command</source>
        <translation>未知参数：--%1；%2 run 会拒绝该命令</translation>
    </message>
    <message>
        <source>unknown flag: --%1 (did you mean --%2?); %3 run refuses the command</source>
        <translation>未知参数：--%1（你是想写 --%2 吗？）；%3 run 会拒绝该命令</translation>
    </message>
    <message>
        <source>flag needs an argument: --%1 (and the image must follow the options)</source>
        <translation>参数需要一个值：--%1（而且镜像必须位于选项之后）</translation>
    </message>
    <message>
        <source>unknown shorthand flag: &apos;%1&apos; in %2; %3 run refuses the command</source>
        <translation>未知的短参数：%2 中的 &apos;%1&apos;；%3 run 会拒绝该命令</translation>
    </message>
    <message>
        <source>flag needs an argument: -%1 (and the image must follow the options)</source>
        <translation>参数需要一个值：-%1（而且镜像必须位于选项之后）</translation>
    </message>
    <message>
        <source>conflicting options: cannot specify both --restart and --rm; docker run refuses the command (drop one)</source>
        <translation>选项冲突：不能同时指定 --restart 和 --rm；docker run 会拒绝该命令（删除其中一个）</translation>
    </message>
    <message>
        <source>conflicting options: cannot specify both --attach and --detach; %1 run refuses the command</source>
        <translation>选项冲突：不能同时指定 --attach 和 --detach；%1 run 会拒绝该命令</translation>
    </message>
    <message>
        <source>image &apos;%1&apos;: %2</source>
        <translation>镜像 &apos;%1&apos;：%2</translation>
    </message>
    <message>
        <source>an fstab line needs at least 3 fields: device, mount point and type (tmpfs /dev/shm tmpfs defaults,size=8G 0 0); mount skips this line</source>
        <translation>fstab 行至少需要 3 个字段：设备、挂载点和类型（tmpfs /dev/shm tmpfs defaults,size=8G 0 0）；mount 会跳过这一行</translation>
    </message>
    <message>
        <source>fields after the sixth are ignored; write a space in a path as \040</source>
        <translation>第六个字段之后的字段会被忽略；路径中的空格请写成 \040</translation>
    </message>
    <message>
        <source>option &apos;%1&apos; needs Linux %2 or later; older kernels refuse the mount</source>
        <translation>选项 &apos;%1&apos; 需要 Linux %2 或更高版本；较旧的内核会拒绝挂载</translation>
    </message>
    <message>
        <source>unknown option &apos;%1&apos;: tmpfs refuses to mount with an option it does not know; check the spelling</source>
        <translation>未知选项 &apos;%1&apos;：tmpfs 遇到不认识的选项会拒绝挂载；请检查拼写</translation>
    </message>
    <message>
        <source>huge=%1 is not a tmpfs value; the kernel refuses the mount (use never, always, within_size or advise)</source>
        <translation>huge=%1 不是 tmpfs 的有效值；内核会拒绝挂载（请使用 never、always、within_size 或 advise）</translation>
    </message>
    <message>
        <source>mpol=%1 is not a memory policy the kernel reads (default, prefer:NODE, bind:NODES, interleave, local); it refuses the mount</source>
        <translation>mpol=%1 不是内核能识别的内存策略（default、prefer:NODE、bind:NODES、interleave、local）；它会拒绝挂载</translation>
    </message>
    <message>
        <source>volume &apos;%1&apos; at /dev/shm is not an emptyDir with medium: Memory: it is disk-backed or the node&apos;s own /dev/shm, shared and unlimited; use medium: Memory</source>
        <translation>/dev/shm 上的卷 &apos;%1&apos; 不是 medium: Memory 的 emptyDir：它基于磁盘，或是节点自己的 /dev/shm（共享且不受限制）；请使用 medium: Memory</translation>
    </message>
    <message>
        <source>metadata.name &apos;%1&apos; is not a DNS-1123 subdomain (lower-case letters, digits, &apos;-&apos; and &apos;.&apos;); the API server refuses it</source>
        <translation>metadata.name &apos;%1&apos; 不是 DNS-1123 子域名（小写字母、数字、&apos;-&apos; 和 &apos;.&apos;）；API server 会拒绝它</translation>
    </message>
    <message>
        <source>%1 name &apos;%2&apos; is not a DNS-1123 label (lower-case letters, digits and &apos;-&apos;, up to 63); the API server refuses it</source>
        <translation>%1 名称 &apos;%2&apos; 不是 DNS-1123 标签（小写字母、数字和 &apos;-&apos;，最多 63 个字符）；API server 会拒绝它</translation>
    </message>
    <message>
        <source>replica type &apos;%1&apos;: a PyTorchJob has only Master and Worker; the training operator refuses it</source>
        <translation>副本类型 &apos;%1&apos;：PyTorchJob 只有 Master 和 Worker；training operator 会拒绝它</translation>
    </message>
    <message>
        <source>%1: no container is named &apos;pytorch&apos;; the training operator refuses the job (it finds the training container by that name)</source>
        <translation>%1：没有名为 &apos;pytorch&apos; 的容器；training operator 会拒绝该任务（它通过这个名称找到训练容器）</translation>
    </message>
    <message>
        <source>Master must have exactly 1 replica; the training operator refuses %1</source>
        <translation>Master 必须恰好有 1 个副本；training operator 会拒绝 %1</translation>
    </message>
    <message>
        <source>Worker needs at least 1 replica; the training operator refuses 0</source>
        <translation>Worker 至少需要 1 个副本；training operator 会拒绝 0</translation>
    </message>
    <message>
        <source>an elasticPolicy needs a Worker replica spec; the training operator refuses the job</source>
        <translation>elasticPolicy 需要一个 Worker 副本规格；training operator 会拒绝该任务</translation>
    </message>
    <message>
        <source>%1 is served as apiVersion %2, not &apos;%3&apos;; the API server has no such kind there</source>
        <translation>%1 的 apiVersion 为 %2，而不是 &apos;%3&apos;；API server 在那里没有这种 kind</translation>
    </message>
    <message>
        <source>kind &apos;%1&apos; does not exist (kinds are case-sensitive: %2); the API server refuses the manifest</source>
        <translation>kind &apos;%1&apos; 不存在（kind 区分大小写：%2）；API server 会拒绝该清单</translation>
    </message>
    <message>
        <source>%1; the API server refuses it (strict field validation)</source>
        <translation>%1；API server 会拒绝它（严格字段校验）</translation>
    </message>
    <message>
        <source>a limits line has 4 fields: &lt;domain&gt; &lt;type&gt; &lt;item&gt; &lt;value&gt;, such as &apos;* soft nofile 65536&apos;; pam_limits skips this line</source>
        <translation>limits 行有 4 个字段：&lt;domain&gt; &lt;type&gt; &lt;item&gt; &lt;value&gt;，例如 &apos;* soft nofile 65536&apos;；pam_limits 会跳过这一行</translation>
    </message>
    <message>
        <source>pam_limits reads 4 fields and ignores the rest (&apos;%1&apos; has no effect)</source>
        <translation>pam_limits 只读取 4 个字段并忽略其余部分（&apos;%1&apos; 不起作用）</translation>
    </message>
    <message>
        <source>the type is soft, hard or - (both), not &apos;%1&apos;; pam_limits skips the line</source>
        <translation>类型应为 soft、hard 或 -（两者），而不是 &apos;%1&apos;；pam_limits 会跳过这一行</translation>
    </message>
    <message>
        <source>the value must be a whole number or &apos;unlimited&apos;, not &apos;%1&apos;; pam_limits skips the line</source>
        <translation>值必须是整数或 &apos;unlimited&apos;，而不是 &apos;%1&apos;；pam_limits 会跳过这一行</translation>
    </message>
    <message>
        <source>pam_limits reads only the leading digits: &apos;%1&apos; sets %2%3, not what the suffix suggests; write the whole number</source>
        <translation>pam_limits 只读取开头的数字：&apos;%1&apos; 设置的是 %2%3，而不是后缀所暗示的值；请写出完整的数字</translation>
    </message>
    <message>
        <source> (KiB for memory items)</source>
        <translation>（内存类项目以 KiB 为单位）</translation>
    </message>
    <message>
        <source>nofile &apos;%1&apos;: Linux-PAM 1.5 (Debian 12) and later set fs.nr_open instead (1048576 by default); older versions fail to set it; write a number such as 1048576</source>
        <translation>nofile &apos;%1&apos;：Linux-PAM 1.5（Debian 12）及更高版本会改为设置 fs.nr_open（默认 1048576）；较旧版本无法设置它；请写数字，例如 1048576</translation>
    </message>
    <message>
        <source>nofile %1 is above fs.nr_open (1048576 by default): setrlimit fails and the limit is not set; raise fs.nr_open in sysctl.d first, or use 1048576</source>
        <translation>nofile %1 高于 fs.nr_open（默认 1048576）：setrlimit 会失败，限制不会生效；请先在 sysctl.d 中提高 fs.nr_open，或使用 1048576</translation>
    </message>
    <message>
        <source>the soft limit for %1 (line %2) is above the hard limit (line %3); pam_limits lowers the soft limit to the hard one</source>
        <translation>%1 的软限制（第 %2 行）高于硬限制（第 %3 行）；pam_limits 会把软限制降到硬限制</translation>
    </message>
    <message>
        <source>unmatched &apos;%1&apos;: Python raises SyntaxError</source>
        <translation>不匹配的 &apos;%1&apos;：Python 会抛出 SyntaxError</translation>
    </message>
    <message>
        <source>closing &apos;%1&apos; does not match &apos;%2&apos; on line %3: Python raises SyntaxError</source>
        <translation>闭合的 &apos;%1&apos; 与第 %3 行的 &apos;%2&apos; 不匹配：Python 会抛出 SyntaxError</translation>
    </message>
    <message>
        <source>&apos;%1&apos; was never closed: Python raises SyntaxError</source>
        <translation>&apos;%1&apos; 没有闭合：Python 会抛出 SyntaxError</translation>
    </message>
    <message>
        <source>unexpected indent: Python raises IndentationError</source>
        <translation>意外的缩进：Python 会抛出 IndentationError</translation>
    </message>
    <message>
        <source>expected an indented block after the line before: Python raises IndentationError</source>
        <translation>上一行之后需要一个缩进块：Python 会抛出 IndentationError</translation>
    </message>
    <message>
        <source>unindent does not match any outer indentation level: Python raises IndentationError</source>
        <translation>取消缩进与任何外层缩进级别都不匹配：Python 会抛出 IndentationError</translation>
    </message>
    <message>
        <source>in_order= came with PyTorch 2.6; PyTorch 1.13 to 2.5 raise TypeError (unexpected keyword argument)</source>
        <translation>in_order= 从 PyTorch 2.6 开始才有；PyTorch 1.13 到 2.5 会抛出 TypeError（unexpected keyword argument）</translation>
    </message>
    <message>
        <source>DataLoader has no argument &apos;%1&apos;; PyTorch raises TypeError (unexpected keyword argument)</source>
        <translation>DataLoader 没有参数 &apos;%1&apos;；PyTorch 会抛出 TypeError（unexpected keyword argument）</translation>
    </message>
    <message>
        <source>DataLoader has no argument &apos;%1&apos; (did you mean %2?); PyTorch raises TypeError (unexpected keyword argument)</source>
        <translation>DataLoader 没有参数 &apos;%1&apos;（你是想写 %2 吗？）；PyTorch 会抛出 TypeError（unexpected keyword argument）</translation>
    </message>
    <message>
        <source>batch_size=%1: PyTorch raises ValueError (batch_size should be a positive integer); use None to turn batching off</source>
        <translation>batch_size=%1：PyTorch 会抛出 ValueError（batch_size should be a positive integer）；用 None 可关闭分批</translation>
    </message>
    <message>
        <source>drop_last with batch_size=None: PyTorch raises ValueError (no batching, so nothing to drop)</source>
        <translation>drop_last 与 batch_size=None 同时使用：PyTorch 会抛出 ValueError（不分批，因此没有可丢弃的）</translation>
    </message>
    <message>
        <source>timeout must be 0 or more; PyTorch raises ValueError</source>
        <translation>timeout 必须大于或等于 0；否则 PyTorch 会抛出 ValueError</translation>
    </message>
    <message>
        <source>shuffle with a sampler: PyTorch raises ValueError (sampler option is mutually exclusive with shuffle); let the sampler shuffle</source>
        <translation>shuffle 与 sampler 同时使用：PyTorch 会抛出 ValueError（sampler option is mutually exclusive with shuffle）；请让 sampler 负责打乱</translation>
    </message>
    <message>
        <source>batch_sampler with batch_size, shuffle, sampler or drop_last: PyTorch raises ValueError (they are mutually exclusive); the batch sampler decides the batches</source>
        <translation>batch_sampler 与 batch_size、shuffle、sampler 或 drop_last 同时使用：PyTorch 会抛出 ValueError（它们互斥）；batch 由 batch sampler 决定</translation>
    </message>
    <message>
        <source>num_workers is a number, not the string %1; PyTorch raises TypeError</source>
        <translation>num_workers 是数字，而不是字符串 %1；PyTorch 会抛出 TypeError</translation>
    </message>
    <message>
        <source>multiprocessing_context with %1: PyTorch raises ValueError (it needs num_workers &gt; 0)</source>
        <translation>multiprocessing_context 与 %1 同时使用：PyTorch 会抛出 ValueError（它需要 num_workers &gt; 0）</translation>
    </message>
    <message>
        <source> (did you mean %1?)</source>
        <translation>（你是想写 %1 吗？）</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a key of Linux 6.18 without modules%2; it exists only where its module or device is present, else sysctl -p fails on it</source>
        <translation>&apos;%1&apos; 不是不带模块的 Linux 6.18 的键%2；它只在相应模块或设备存在时才有，否则 sysctl -p 会在这里失败</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a sysctl key%2: sysctl -p fails with &quot;cannot stat /proc/sys/%3&quot;</source>
        <translation>&apos;%1&apos; 不是 sysctl 键%2：sysctl -p 会以 &quot;cannot stat /proc/sys/%3&quot; 失败</translation>
    </message>
    <message>
        <source>%1 must be a whole number up to 18446744073709551615, not &apos;%2&apos;; the kernel refuses it</source>
        <translation>%1 必须是不超过 18446744073709551615 的整数，而不是 &apos;%2&apos;；内核会拒绝它</translation>
    </message>
    <message>
        <source>kernel.sem takes four whole numbers (SEMMSL SEMMNS SEMOPM SEMMNI), such as 250 32000 100 128; the kernel refuses &apos;%1&apos;</source>
        <translation>kernel.sem 接受四个整数（SEMMSL SEMMNS SEMOPM SEMMNI），例如 250 32000 100 128；内核会拒绝 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>SEMMNI (the 4th value of kernel.sem) is at most 32768; the kernel refuses %1</source>
        <translation>SEMMNI（kernel.sem 的第 4 个值）最大为 32768；内核会拒绝 %1</translation>
    </message>
    <message>
        <source>%1 must be a whole number, not &apos;%2&apos;; the kernel refuses it</source>
        <translation>%1 必须是整数，而不是 &apos;%2&apos;；内核会拒绝它</translation>
    </message>
    <message>
        <source>%1 must be between %2 and %3; the kernel refuses %4</source>
        <translation>%1 必须在 %2 到 %3 之间；内核会拒绝 %4</translation>
    </message>
    <message>
        <source>Debian 12 (Linux 6.1) and Debian 13 (Linux 6.12): yes</source>
        <translation>Debian 12（Linux 6.1）和 Debian 13（Linux 6.12）：有</translation>
    </message>
    <message>
        <source>Debian 12 (Linux 6.1): yes; Debian 13 (Linux 6.12): no</source>
        <translation>Debian 12（Linux 6.1）：有；Debian 13（Linux 6.12）：没有</translation>
    </message>
    <message>
        <source>Debian 12 (Linux 6.1): no; Debian 13 (Linux 6.12): yes</source>
        <translation>Debian 12（Linux 6.1）：没有；Debian 13（Linux 6.12）：有</translation>
    </message>
    <message>
        <source>Debian 12 (Linux 6.1) and Debian 13 (Linux 6.12): no</source>
        <translation>Debian 12（Linux 6.1）和 Debian 13（Linux 6.12）：没有</translation>
    </message>
    <message>
        <source>kernels built with %1</source>
        <translation>编译时启用了 %1 的内核</translation>
    </message>
    <message>
        <source>kernels where the module %1 is loaded</source>
        <translation>加载了模块 %1 的内核</translation>
    </message>
    <message>
        <source>kernels with Debian&apos;s and Ubuntu&apos;s user namespace patch</source>
        <translation>带有 Debian 和 Ubuntu 的用户命名空间补丁的内核</translation>
    </message>
    <message>
        <source>Ubuntu&apos;s kernels with its AppArmor user namespace restriction (Ubuntu 23.10 and later)</source>
        <translation>带有 AppArmor 用户命名空间限制的 Ubuntu 内核（Ubuntu 23.10 及更高版本）</translation>
    </message>
    <message>
        <source>Red Hat Enterprise Linux 7 kernels (a Red Hat patch)</source>
        <translation>Red Hat Enterprise Linux 7 的内核（Red Hat 的补丁）</translation>
    </message>
    <message>
        <source>some kernels, depending on how they are built</source>
        <translation>部分内核，取决于其编译方式</translation>
    </message>
    <message>
        <source>&apos;%1&apos; exists only on %2; the Debian 12 (Linux 6.1) and Debian 13 (Linux 6.12) kernels do not have it, and there sysctl -p fails with &quot;cannot stat /proc/sys/%3&quot;</source>
        <translation>&apos;%1&apos; 只存在于%2；Debian 12（Linux 6.1）和 Debian 13（Linux 6.12）的内核都没有它，在那里 sysctl -p 会失败并报告 &quot;cannot stat /proc/sys/%3&quot;</translation>
    </message>
    <message>
        <source>&apos;%1&apos; exists only on %2 (%3); elsewhere sysctl -p fails on it with &quot;cannot stat /proc/sys/%4&quot;</source>
        <translation>&apos;%1&apos; 只存在于%2（%3）；在其他内核上 sysctl -p 会在这里失败并报告 &quot;cannot stat /proc/sys/%4&quot;</translation>
    </message>
    <message>
        <source>&apos;-%1&apos; with no value leaves %1 out of the glob lines (such as net.ipv4.conf.*.rp_filter) for systemd-sysctl; procps sysctl -p skips the line</source>
        <translation>不带值的 &apos;-%1&apos; 让 systemd-sysctl 在通配行（如 net.ipv4.conf.*.rp_filter）中跳过 %1；procps 的 sysctl -p 会跳过这一行</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is read-only (the kernel only reports it); sysctl -p fails with &quot;permission denied&quot;; delete the line</source>
        <translation>&apos;%1&apos; 是只读的（内核只报告它的值）；sysctl -p 会失败并报告 &quot;permission denied&quot;；请删除这一行</translation>
    </message>
    <message>
        <source>&apos;%1&apos; was removed in Linux %2 (commit %3): no supported kernel has it, and sysctl -p fails with &quot;cannot stat /proc/sys/%4&quot;; delete the line</source>
        <translation>&apos;%1&apos; 已在 Linux %2 中移除（提交 %3）：没有受支持的内核还有它，sysctl -p 会失败并报告 &quot;cannot stat /proc/sys/%4&quot;；请删除这一行</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is a key of newer kernels: Linux 6.18 has it, but not every supported kernel (%2); where it is missing, sysctl -p fails with &quot;cannot stat /proc/sys/%3&quot;</source>
        <translation>&apos;%1&apos; 是较新内核的键：Linux 6.18 有它，但并非每个受支持的内核都有（%2）；缺少它的地方，sysctl -p 会失败并报告 &quot;cannot stat /proc/sys/%3&quot;</translation>
    </message>
    <message>
        <source>unknown anchor &apos;%1&apos; referenced</source>
        <translation>引用了未知的锚点 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>anchor &apos;%1&apos; value contains itself</source>
        <translation>锚点 &apos;%1&apos; 的值包含了它自己</translation>
    </message>
    <message>
        <source>exceeded max depth of %1</source>
        <translation>超过了最大嵌套深度 %1</translation>
    </message>
    <message>
        <source>%1: %2; Compose v2 (compose-go 2.11 and later) and docker-compose 1.29 load it, and dockerd refuses the container at create (&quot;SHM size can not be less than 0&quot;)</source>
        <translation>%1：%2；Compose v2（compose-go 2.11 及以后）和 docker-compose 1.29 会加载它，而 dockerd 在创建容器时拒绝（“SHM size can not be less than 0”）</translation>
    </message>
    <message>
        <source>%1: %2; Compose v2 refuses the file at load (&quot;invalid suffix&quot;), and docker-compose 1.x passes &apos;config&apos; but fails at &apos;up&apos;</source>
        <translation>%1：%2；Compose v2 在加载时拒绝此文件（“invalid suffix”），docker-compose 1.x 能通过 &apos;config&apos;，但在 &apos;up&apos; 时失败</translation>
    </message>
    <message>
        <source>ulimits.%1: &apos;%2&apos; is not a whole number: docker-compose 1.29 fails to convert it (write -1 for unlimited)</source>
        <translation>ulimits.%1：&apos;%2&apos; 不是整数：docker-compose 1.29 无法转换它（不限制请写 -1）</translation>
    </message>
    <message>
        <source>%1: Compose v2 refuses the file, and docker-compose 1.29 (the one Debian 12 packages) silently keeps the last value, so what runs depends on the tool</source>
        <translation>%1：Compose v2 拒绝此文件，而 docker-compose 1.29（Debian 12 打包的版本）会悄悄保留最后一个值，因此实际运行的内容取决于所用工具</translation>
    </message>
    <message>
        <source>%1=%2: not a numeric id, and not an account every system has; mount(8) turns a name into its id only where the account exists, and the mount fails elsewhere: write the id</source>
        <translation>%1=%2：不是数字 id，也不是每个系统都有的账户；mount(8) 只在该账户存在的主机上把名称转换为 id，在其他主机上挂载会失败：请写 id</translation>
    </message>
    <message>
        <source>no &apos;=&apos; on this line, so the setting is never applied: sysctl -p prints &quot;invalid syntax, continuing...&quot; and skips it, and systemd-sysctl, which applies sysctl.d at boot, says &quot;Line is not an assignment, ignoring&quot;; write key = value, or start the line with # to make it a comment</source>
        <translation>这一行没有 &apos;=&apos;，因此该设置永远不会生效：sysctl -p 输出“invalid syntax, continuing...”并跳过它，启动时应用 sysctl.d 的 systemd-sysctl 则提示“Line is not an assignment, ignoring”；请写成 key = value，或在行首加 # 使其成为注释</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not under any /proc/sys directory (kernel, vm, fs, net, ...): sysctl -p fails with &quot;cannot stat /proc/sys/%2&quot;%3</source>
        <translation>&apos;%1&apos; 不在任何 /proc/sys 目录下（kernel、vm、fs、net 等）：sysctl -p 会失败并提示“cannot stat /proc/sys/%2”%3</translation>
    </message>
    <message>
        <source>; did you mean %1?</source>
        <translation>；你是不是想写 %1？</translation>
    </message>
    <message>
        <source>the command in these backquotes leaves a %1 quote open; sh refuses the line (&quot;Unterminated quoted string&quot;)</source>
        <translation>这对反引号中的命令有一个 %1 引号没有闭合；sh 会拒绝这一行（&quot;Unterminated quoted string&quot;）</translation>
    </message>
    <message numerus="yes">
        <source>%n more problem(s) are not listed</source>
        <translation>
            <numerusform>另有 %n 个问题未列出</numerusform>
        </translation>
    </message>
    <message>
        <source>a NUL byte: Python refuses the file (&quot;source code string cannot contain null bytes&quot;)</source>
        <translation>含有 NUL 字节：Python 拒绝该文件（&quot;source code string cannot contain null bytes&quot;）</translation>
    </message>
    <message>
        <source>&apos;%1&apos; matches no sysctl key of Linux 6.18: sysctl -p sets nothing for it, and says nothing</source>
        <translation>&apos;%1&apos; 不匹配 Linux 6.18 的任何 sysctl 键：sysctl -p 不会为它设置任何值，也不提示</translation>
    </message>
    <message>
        <source>num_workers=%1 is a float: PyTorch raises TypeError when the loader is iterated (range() takes whole numbers); write a whole number</source>
        <translation>num_workers=%1 是浮点数：迭代加载器时 PyTorch 会抛出 TypeError（range() 只接受整数）；请写整数</translation>
    </message>
    <message>
        <source>prefetch_factor=None: PyTorch 1.13 raises (ValueError without workers, TypeError with them); 2.0 and later accept it</source>
        <translation>prefetch_factor=None：PyTorch 1.13 会报错（没有 worker 时为 ValueError，有 worker 时为 TypeError）；2.0 及以后版本接受它</translation>
    </message>
    <message>
        <source>prefetch_factor=2 with %1: PyTorch 1.13 accepts it (2 is its default), 2.0 and later raise ValueError; remove prefetch_factor</source>
        <translation>prefetch_factor=2 且 %1：PyTorch 1.13 接受（2 是其默认值），2.0 及以后版本抛出 ValueError；请删除 prefetch_factor</translation>
    </message>
    <message>
        <source>prefetch_factor with %1: PyTorch raises ValueError; set num_workers &gt; 0 or remove prefetch_factor</source>
        <translation>prefetch_factor 且 %1：PyTorch 抛出 ValueError；请设置 num_workers &gt; 0 或删除 prefetch_factor</translation>
    </message>
    <message>
        <source>%1 is outside -1000..1000: the docker CLI passes it and dockerd refuses the container at create (&quot;range for oom score adj is [-1000, 1000]&quot;)</source>
        <translation>%1 超出 -1000..1000：docker CLI 会放行，但 dockerd 在创建容器时拒绝（“range for oom score adj is [-1000, 1000]”）</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a signal: the docker CLI passes it and dockerd refuses the container at create (&quot;Invalid signal&quot;); use a name such as SIGTERM or SIGINT</source>
        <translation>“%1”不是信号：docker CLI 会放行，但 dockerd 在创建容器时拒绝（“Invalid signal”）；请使用 SIGTERM 或 SIGINT 这样的名称</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a capability: the docker CLI passes it and dockerd refuses the container at create (&quot;invalid %2: unknown capability&quot;); use a name such as SYS_NICE or IPC_LOCK, or ALL</source>
        <translation>“%1”不是 capability：docker CLI 会放行，但 dockerd 在创建容器时拒绝（“invalid %2: unknown capability”）；请使用 SYS_NICE、IPC_LOCK 这样的名称，或 ALL</translation>
    </message>
    <message>
        <source>%1 is below 6 MiB, the least --%2 dockerd takes: it refuses the container at create (&quot;%3&quot;)</source>
        <translation>%1 低于 6 MiB，即 dockerd 接受的最小 --%2：它在创建容器时拒绝（“%3”）</translation>
    </message>
    <message>
        <source>%1 µs is outside 1000..1000000: dockerd refuses the container at create (&quot;CPU cfs period can not be less than 1ms (i.e. 1000) or larger than 1s&quot;)</source>
        <translation>%1 µs 超出 1000..1000000：dockerd 在创建容器时拒绝（“CPU cfs period can not be less than 1ms (i.e. 1000) or larger than 1s”）</translation>
    </message>
    <message>
        <source>%1 µs is below 1000: dockerd refuses the container at create (&quot;CPU cfs quota can not be less than 1ms&quot;); -1 or 0 leaves the quota unset</source>
        <translation>%1 µs 低于 1000：dockerd 在创建容器时拒绝（“CPU cfs quota can not be less than 1ms”）；-1 或 0 表示不设配额</translation>
    </message>
    <message>
        <source>--memory-swap %1 is less than --memory %2: --memory-swap is memory plus swap, and dockerd refuses the container at create (&quot;Minimum memoryswap limit should be larger than memory limit&quot;); give at least --memory, or -1 for unlimited swap</source>
        <translation>--memory-swap %1 小于 --memory %2：--memory-swap 是内存加交换区的总量，dockerd 在创建容器时拒绝（“Minimum memoryswap limit should be larger than memory limit”）；请至少给出 --memory 的值，或用 -1 表示不限交换区</translation>
    </message>
    <message>
        <source>--memory-swap needs --memory: dockerd refuses the container at create (&quot;You should always set the Memory limit when using Memoryswap limit&quot;)</source>
        <translation>--memory-swap 需要同时给出 --memory：dockerd 在创建容器时拒绝（“You should always set the Memory limit when using Memoryswap limit”）</translation>
    </message>
    <message>
        <source>--memory-reservation %1 is above --memory %2: dockerd refuses the container at create (&quot;Minimum memory limit can not be less than memory reservation limit&quot;)</source>
        <translation>--memory-reservation %1 高于 --memory %2：dockerd 在创建容器时拒绝（“Minimum memory limit can not be less than memory reservation limit”）</translation>
    </message>
    <message>
        <source>--sysctl %1 cannot be set with --ipc=host: the container shares the host&apos;s IPC namespace, and runc refuses to start it (&quot;not allowed in the hosts ipc namespace&quot;); set it on the host or drop --ipc=host</source>
        <translation>--sysctl %1 不能与 --ipc=host 同用：容器共享主机的 IPC 命名空间，runc 拒绝启动它（“not allowed in the hosts ipc namespace”）；请在主机上设置，或去掉 --ipc=host</translation>
    </message>
    <message>
        <source>--sysctl %1 cannot be set with --network=host: the container shares the host&apos;s network namespace, and runc refuses to start it (&quot;not allowed in host network namespace&quot;); set it on the host or drop --network=host</source>
        <translation>--sysctl %1 不能与 --network=host 同用：容器共享主机的网络命名空间，runc 拒绝启动它（“not allowed in host network namespace”）；请在主机上设置，或去掉 --network=host</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not an IPC mode: the docker CLI and Compose pass it, and dockerd refuses the container (&quot;invalid IPC mode&quot;: 26.1 at create, 20.10 when it starts); use private, shareable, host, none or container:NAME</source>
        <translation>“%1”不是 IPC 模式：docker CLI 和 Compose 会放行，但 dockerd 拒绝该容器（“invalid IPC mode”：26.1 在创建时，20.10 在启动时）；请使用 private、shareable、host、none 或 container:NAME</translation>
    </message>
    <message>
        <source>%1 is below 6 MiB: dockerd 20.10 (Debian 12&apos;s docker.io) refuses the container at create (&quot;Minimum kernel memory limit allowed is 6MB&quot;), and 26.1 ignores --kernel-memory, which is deprecated; drop it</source>
        <translation>%1 低于 6 MiB：dockerd 20.10（Debian 12 的 docker.io）在创建容器时拒绝（“Minimum kernel memory limit allowed is 6MB”），26.1 则忽略已弃用的 --kernel-memory；请删除它</translation>
    </message>
    <message>
        <source>dockerd 20.10 (Debian 12&apos;s docker.io) does not know %1 and refuses the container at create (&quot;unknown capability&quot;); 26.1 takes it where the kernel has it (Linux 5.8, CHECKPOINT_RESTORE 5.9)</source>
        <translation>dockerd 20.10（Debian 12 的 docker.io）不认识 %1，会在创建容器时拒绝（“unknown capability”）；26.1 在内核支持时接受（Linux 5.8，CHECKPOINT_RESTORE 需 5.9）</translation>
    </message>
    <message>
        <source>ulimits.%1: &apos;%2&apos; is not a whole number, and %1 is a key of the service, not a limit: Compose refuses it; indent it as far as ulimits</source>
        <translation>ulimits.%1：“%2”不是整数，而且 %1 是服务的键，不是限制项：Compose 会拒绝；请把它缩进到与 ulimits 同级</translation>
    </message>
    <message>
        <source>service &apos;%1&apos; has neither an image nor a build: Compose refuses the file (&quot;neither an image nor a build context specified&quot;); add image: NAME</source>
        <translation>服务“%1”既没有 image 也没有 build：Compose 会拒绝该文件（“neither an image nor a build context specified”）；请加上 image: NAME</translation>
    </message>
    <message>
        <source>a %1&apos;s name has at most %2 characters (got %3); KubeRay refuses it, since its pods and services are named after it</source>
        <translation>%1 的名称最多 %2 个字符（实际为 %3）；KubeRay 会拒绝它，因为其 Pod 和 Service 以此名称命名</translation>
    </message>
    <message>
        <source>a %1&apos;s name is a DNS-1035 label: it starts with a lower-case letter; KubeRay refuses &apos;%2&apos;</source>
        <translation>%1 的名称是 DNS-1035 标签：必须以小写字母开头；KubeRay 会拒绝 &apos;%2&apos;</translation>
    </message>
    <message>
        <source>%1 has no container; KubeRay refuses the cluster</source>
        <translation>%1 没有容器；KubeRay 会拒绝该集群</translation>
    </message>
    <message>
        <source>object-store-memory is a whole number of bytes for ray start, not &apos;%1&apos;</source>
        <translation>object-store-memory 对 ray start 而言是一个整数字节数，而不是 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>with plasma-directory set, KubeRay 1.6 and later mount no /dev/shm in %1: it gets the runtime&apos;s 64 MiB, too little for DataLoader workers; mount a memory emptyDir at /dev/shm</source>
        <translation>设置了 plasma-directory 时，KubeRay 1.6 及更高版本不会在 %1 中挂载 /dev/shm：它只有运行时默认的 64 MiB，对 DataLoader worker 来说太小；请在 /dev/shm 挂载一个基于内存的 emptyDir</translation>
    </message>
    <message>
        <source>KubeRay mounts a memory emptyDir at /dev/shm sized to the Ray container&apos;s memory limit, else its request; %1 has neither, so its /dev/shm is unbounded and its pages count against nothing the pod asked for: set limits.memory</source>
        <translation>KubeRay 会在 /dev/shm 挂载一个基于内存的 emptyDir，大小为 Ray 容器的内存限制，没有限制时取其请求值；%1 两者都没有，因此它的 /dev/shm 没有上限，其页面也不计入 Pod 申请的任何资源：请设置 limits.memory</translation>
    </message>
    <message>
        <source>Ray&apos;s object store (%1) does not fit the /dev/shm of %2 (%3): Ray puts it in /tmp when it is 10 GB or less, and refuses to start when larger; make /dev/shm the store plus what the DataLoaders need</source>
        <translation>Ray 的对象存储（%1）放不进 %2 的 /dev/shm（%3）：不超过 10 GB 时 Ray 会把它放到 /tmp，更大时则拒绝启动；请将 /dev/shm 设为对象存储加上 DataLoader 所需的大小</translation>
    </message>
    <message>
        <source>no object-store-memory in %1&apos;s rayStartParams: Ray makes its store 30% of the memory it sees, up to 95% of the free /dev/shm, which can leave the DataLoaders little of it; set the store&apos;s size</source>
        <translation>%1 的 rayStartParams 中没有 object-store-memory：Ray 会将对象存储设为其所见内存的 30%，最多为空闲 /dev/shm 的 95%，这可能只给 DataLoader 留下很少的空间；请设置对象存储的大小</translation>
    </message>
    <message>
        <source>%1: minReplicas %2 is above maxReplicas %3; KubeRay refuses the cluster</source>
        <translation>%1：minReplicas %2 大于 maxReplicas %3；KubeRay 会拒绝该集群</translation>
    </message>
    <message>
        <source>a RayJob needs rayClusterSpec or clusterSelector; KubeRay refuses it</source>
        <translation>RayJob 需要 rayClusterSpec 或 clusterSelector；KubeRay 会拒绝它</translation>
    </message>
    <message>
        <source>the head group</source>
        <translation>head 组</translation>
    </message>
    <message>
        <source>worker group %1</source>
        <translation>worker 组 %1</translation>
    </message>
    <message>
        <source>worker group &apos;%1&apos;</source>
        <translation>worker 组 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>manager &apos;%1&apos; must be a domain and a path, such as example.com/dev-shm; Trainer&apos;s webhook refuses it</source>
        <translation>manager &apos;%1&apos; 必须由域名和路径组成，例如 example.com/dev-shm；Trainer 的 webhook 会拒绝它</translation>
    </message>
    <message>
        <source>runtime %1 has no container &apos;%2&apos; (its trainer&apos;s container is node); Trainer&apos;s webhook refuses the TrainJob</source>
        <translation>运行时 %1 没有容器 &apos;%2&apos;（其 trainer 的容器是 node）；Trainer 的 webhook 会拒绝该 TrainJob</translation>
    </message>
    <message>
        <source>resourcesPerNode&apos;s memory limit %1 is below the /dev/shm sizeLimit %2: the emptyDir&apos;s pages count against the node container&apos;s limit, so it is OOM-killed when /dev/shm fills</source>
        <translation>resourcesPerNode 的内存限制 %1 低于 /dev/shm 的 sizeLimit %2：emptyDir 的页面计入 node 容器的限制，因此 /dev/shm 写满时该容器会被 OOM killer 终止</translation>
    </message>
    <message>
        <source>no patch mounts /dev/shm in the trainer&apos;s node container, and the runtimes Trainer ships mount none: each node gets the container runtime&apos;s 64 MiB. Add a memory emptyDir at /dev/shm through runtimePatches (v2.2 and later), podTemplateOverrides (v2.1) or podSpecOverrides (v2.0)</source>
        <translation>没有补丁在 trainer 的 node 容器中挂载 /dev/shm，而 Trainer 自带的运行时也都不挂载：每个节点只有容器运行时默认的 64 MiB。请通过 runtimePatches（v2.2 及更高版本）、podTemplateOverrides（v2.1）或 podSpecOverrides（v2.0）在 /dev/shm 添加一个基于内存的 emptyDir</translation>
    </message>
    <message>
        <source>runtime %1 is not one Trainer ships: unless it mounts /dev/shm, %2</source>
        <translation>运行时 %1 不是 Trainer 自带的运行时：除非它挂载了 /dev/shm，否则%2</translation>
    </message>
    <message>
        <source>the /dev/shm emptyDir &apos;%1&apos; has no sizeLimit; set one (and raise limits.memory by as much). A cluster policy may set one for you: Kyverno&apos;s add-emptydir-sizelimit gives every emptyDir without one 100Mi</source>
        <translation>/dev/shm 的 emptyDir &apos;%1&apos; 没有 sizeLimit；请设置一个（并将 limits.memory 提高同样的量）。集群策略可能会替你设置：Kyverno 的 add-emptydir-sizelimit 会为每个没有 sizeLimit 的 emptyDir 设置 100Mi</translation>
    </message>
    <message>
        <source>%1 is still served as %2, but ShmWise checks its fields only as %3, the version the operator stores</source>
        <translation>%1 仍以 %2 提供服务，但 ShmWise 只按 %3（operator 存储的版本）检查其字段</translation>
    </message>
    <message>
        <source>%1; the API server refuses it (strict field validation, Kubeflow Trainer v%2&apos;s TrainJob, the release it is closest to)</source>
        <translation>%1；API server 会拒绝它（严格字段校验，按最接近的发布版本 Kubeflow Trainer v%2 的 TrainJob 校验）</translation>
    </message>
    <message>
        <source>this mutation gives emptyDir volumes a sizeLimit without looking at their medium, so a memory-backed /dev/shm written without one is capped too (Kyverno&apos;s add-emptydir-sizelimit makes it 100Mi, and DataLoader workers fail with a Bus error): skip emptyDir volumes with medium: Memory, or give every /dev/shm volume its own sizeLimit</source>
        <translation>此 mutation 为 emptyDir 设置 sizeLimit 时不检查其 medium，因此未写 sizeLimit 的基于内存的 /dev/shm 也会被限制（Kyverno 的 add-emptydir-sizelimit 会将其设为 100Mi，DataLoader worker 随即因 Bus error 失败）：请跳过 medium: Memory 的 emptyDir，或为每个 /dev/shm 卷设置各自的 sizeLimit</translation>
    </message>
    <message>
        <source>%1 needs a shell, and the command runs without one: quote it, or run the line through one (sh -c &apos;...&apos;)</source>
        <translation>%1 需要 shell，而该命令不经 shell 运行：请给它加引号，或通过 shell 运行这一行（sh -c &apos;...&apos;）</translation>
    </message>
    <message>
        <source>the single quote (&apos;) at character %1 is never closed</source>
        <translation>第 %1 个字符处的单引号（&apos;）没有闭合</translation>
    </message>
    <message>
        <source>the backquote (`) at character %1</source>
        <translation>第 %1 个字符处的反引号（`）</translation>
    </message>
    <message>
        <source>the $ at character %1</source>
        <translation>第 %1 个字符处的 $</translation>
    </message>
    <message>
        <source>the double quote (&quot;) at character %1 is never closed</source>
        <translation>第 %1 个字符处的双引号（&quot;）没有闭合</translation>
    </message>
    <message>
        <source>the line ends in a backslash (\) that escapes nothing</source>
        <translation>这一行以反斜杠（\）结尾，但它没有转义任何字符</translation>
    </message>
    <message>
        <source>a line break</source>
        <translation>换行符</translation>
    </message>
    <message>
        <source>the %1 at character %2</source>
        <translation>第 %2 个字符处的 %1</translation>
    </message>
    <message>
        <source>no --shm-size, so /dev/shm is %1&apos;s 64 MiB default; a DataLoader with workers needs more (add --shm-size=8g, or the size `shmwise plan` gives)</source>
        <translation>没有 --shm-size，所以 /dev/shm 是 %1 默认的 64 MiB；带 worker 的 DataLoader 需要更多（加上 --shm-size=8g，或 `shmwise plan` 给出的大小）</translation>
    </message>
    <message>
        <source>%1=%2 is above the %3 the plan sized /dev/shm for: what the loaders hold grows with it, and /dev/shm is not sized for that. Set %2 on the Workload page to plan it, or keep %3</source>
        <translation>%1=%2 高于规划为 /dev/shm 定大小时所用的 %3：加载器占用的空间随之增长，而 /dev/shm 没有按此定大小。请在工作负载页面上设为 %2 以重新规划，或保持 %3</translation>
    </message>
    <message>
        <source>%1 gives /dev/shm %2, less than the %3 the job needs (the plan on the Workload page): the job dies with a Bus error; write at least %4</source>
        <translation>%1 给 /dev/shm %2，少于任务所需的 %3（见“工作负载”页面上的规划）：任务会因 Bus error 而终止；请至少写 %4</translation>
    </message>
    <message>
        <source>no --shm-size: the container gets the runtime&apos;s 64 MiB /dev/shm, less than the %1 the job needs (the plan on the Workload page); add --shm-size=%2</source>
        <translation>没有 --shm-size：容器得到运行时默认的 64 MiB /dev/shm，少于任务所需的 %1（见“工作负载”页面上的规划）；请加上 --shm-size=%2</translation>
    </message>
    <message>
        <source>no shm_size: the service gets the runtime&apos;s 64 MiB /dev/shm, less than the %1 the job needs (the plan on the Workload page); add shm_size: &quot;%2&quot;</source>
        <translation>没有 shm_size：服务得到运行时默认的 64 MiB /dev/shm，少于任务所需的 %1（见“工作负载”页面上的规划）；请加上 shm_size: &quot;%2&quot;</translation>
    </message>
    <message>
        <source>nothing is mounted at /dev/shm: the pod gets the runtime&apos;s 64 MiB, less than the %1 the job needs (the plan on the Workload page); mount an emptyDir with medium: Memory and sizeLimit: %2 there</source>
        <translation>/dev/shm 上没有挂载任何东西：Pod 得到运行时默认的 64 MiB，少于任务所需的 %1（见“工作负载”页面上的规划）；请在那里挂载一个 medium: Memory、sizeLimit: %2 的 emptyDir</translation>
    </message>
</context>
<context>
    <name>shmwise::Watch</name>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>/min</source>
        <translation>/分钟</translation>
    </message>
    <message>
        <source>full in %1 s</source>
        <translation>%1 秒后写满</translation>
    </message>
    <message>
        <source>full in %1 min</source>
        <translation>%1 分钟后写满</translation>
    </message>
    <message>
        <source>full in %1 h</source>
        <translation>%1 小时后写满</translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>%1 %2: no answer: %3</source>
        <translation>%1 %2：无响应：%3</translation>
    </message>
    <message>
        <source>%1 %2: %3 of %4 used, %5 free</source>
        <translation>%1 %2：已用 %3（共 %4），空闲 %5</translation>
    </message>
    <message>
        <source>leaked %1</source>
        <translation>遗留 %1</translation>
    </message>
    <message>
        <source>/dev/shm on %1 at %2 (warn %3%, critical %4%)</source>
        <translation>%1 上的 /dev/shm，时间 %2（警告阈值 %3%，严重阈值 %4%）</translation>
    </message>
    <message>
        <source>No answer: %1. Watching again when it answers.</source>
        <translation>无响应：%1。待其响应后继续监视。</translation>
    </message>
    <message>
        <source>size %1, used %2, free %3</source>
        <translation>大小 %1，已用 %2，空闲 %3</translation>
    </message>
    <message>
        <source>your quota: %1 of %2</source>
        <translation>你的配额：已用 %1（共 %2）</translation>
    </message>
    <message>
        <source>memory limit it is charged to: %1 of %2 in use</source>
        <translation>所计入的内存限制：已用 %1（共 %2）</translation>
    </message>
    <message>
        <source>trend: %1</source>
        <translation>趋势：%1</translation>
    </message>
    <message>
        <source>not enough samples yet</source>
        <translation>采样次数还不够</translation>
    </message>
    <message numerus="yes">
        <source>owners (%1 s ago): %n file(s), %2 leaked</source>
        <translation>
            <numerusform>归属（%1 秒前）：%n 个文件，遗留 %2</numerusform>
        </translation>
    </message>
    <message>
        <source>owners: not probed yet</source>
        <translation>归属：尚未探测</translation>
    </message>
    <message>
        <source>CRITICAL: %1% full</source>
        <translation>严重：已用 %1%</translation>
    </message>
    <message>
        <source>WARNING: %1% full</source>
        <translation>警告：已用 %1%</translation>
    </message>
</context>
<context>
    <name>shmwise::Wizard</name>
    <message>
        <source>&amp;Done</source>
        <translation>完成(&amp;D)</translation>
    </message>
    <message>
        <source>Help</source>
        <translation>帮助</translation>
    </message>
    <message>
        <source>What this page and its fields mean (F1)</source>
        <translation>此页面及其字段的含义（F1）</translation>
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
        <translation>自定义</translation>
    </message>
    <message>
        <source>Preset</source>
        <translation>预设</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Shape</source>
        <translation>形状</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation>字节</translation>
    </message>
    <message>
        <source>Tensors of one sample</source>
        <translation>单个样本的张量</translation>
    </message>
    <message>
        <source>&amp;Add tensor</source>
        <translation>添加张量(&amp;A)</translation>
    </message>
    <message>
        <source>Re&amp;move tensor</source>
        <translation>移除张量(&amp;M)</translation>
    </message>
    <message>
        <source>Sample size</source>
        <translation>样本大小</translation>
    </message>
    <message>
        <source>used when no tensors are listed, e.g. 4MiB</source>
        <translation>未列出张量时使用，例如 4MiB</translation>
    </message>
    <message>
        <source>Batch size</source>
        <translation>Batch 大小</translation>
    </message>
    <message>
        <source>Processes per node</source>
        <translation>每节点进程数</translation>
    </message>
    <message>
        <source>Data-parallel ranks on one host (torchrun --nproc-per-node); each runs its own DataLoader.</source>
        <translation>一台主机上的数据并行 rank 数（torchrun --nproc-per-node）；每个进程运行自己的 DataLoader。</translation>
    </message>
    <message>
        <source>Workers</source>
        <translation>Worker 数</translation>
    </message>
    <message>
        <source>Prefetch factor</source>
        <translation>预取因子</translation>
    </message>
    <message>
        <source>Batches each worker prepares ahead (PyTorch&apos;s default is 2).</source>
        <translation>每个 worker 提前准备的 batch 数（PyTorch 默认为 2）。</translation>
    </message>
    <message>
        <source>Page-locked copies for faster GPU transfer; uses RAM, not /dev/shm.</source>
        <translation>页锁定副本，用于加快向 GPU 传输；使用内存，而不是 /dev/shm。</translation>
    </message>
    <message>
        <source>Start method</source>
        <translation>启动方式</translation>
    </message>
    <message>
        <source>Sharing strategy</source>
        <translation>共享策略</translation>
    </message>
    <message>
        <source>Tensors the Dataset object itself holds; spawn and forkserver move them into /dev/shm.</source>
        <translation>Dataset 对象自身持有的张量；spawn 和 forkserver 会把它们移入 /dev/shm。</translation>
    </message>
    <message>
        <source>Required /dev/shm</source>
        <translation>所需 /dev/shm</translation>
    </message>
    <message>
        <source>Breakdown of the /dev/shm needed</source>
        <translation>所需 /dev/shm 的构成明细</translation>
    </message>
    <message>
        <source>One sample</source>
        <translation>单个样本</translation>
    </message>
    <message>
        <source>Pre&amp;set:</source>
        <translation>预设(&amp;S)：</translation>
    </message>
    <message>
        <source>DataLoader</source>
        <translation>DataLoader</translation>
    </message>
    <message>
        <source>&amp;Workers:</source>
        <translation>Worker 数(&amp;W)：</translation>
    </message>
    <message>
        <source>/dev/shm needed</source>
        <translation>所需 /dev/shm</translation>
    </message>
    <message>
        <source>Tensor %1, shape: %2</source>
        <translation>张量 %1，形状：%2</translation>
    </message>
    <message>
        <source>Tensor type</source>
        <translation>张量类型</translation>
    </message>
    <message>
        <source>too large</source>
        <translation>过大</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>Fix the problems below to see the plan.</source>
        <translation>请修正下面的问题以查看规划。</translation>
    </message>
    <message>
        <source>%1 required</source>
        <translation>需要 %1</translation>
    </message>
    <message>
        <source>Configure %1. One batch is %2; %3 batches are in flight per process.</source>
        <translation>配置 %1。一个 batch 为 %2；每个进程有 %3 个 batch 在途。</translation>
    </message>
    <message>
        <source>The main process holds about %1 shared-memory files (ulimit -n %2 covers them).</source>
        <translation>主进程持有约 %1 个共享内存文件（ulimit -n %2 足够）。</translation>
    </message>
    <message>
        <source>Persistent wor&amp;kers</source>
        <translation>持久 worker(&amp;K)</translation>
    </message>
    <message>
        <source>Pin memor&amp;y</source>
        <translation>锁页内存(&amp;Y)</translation>
    </message>
    <message>
        <source>Sample s&amp;ize:</source>
        <translation>样本大小(&amp;I)：</translation>
    </message>
    <message>
        <source>Batch si&amp;ze:</source>
        <translation>Batch 大小(&amp;Z)：</translation>
    </message>
    <message>
        <source>&amp;Processes per node:</source>
        <translation>每节点进程数(&amp;P)：</translation>
    </message>
    <message>
        <source>Prefetch fa&amp;ctor:</source>
        <translation>预取因子(&amp;C)：</translation>
    </message>
    <message>
        <source>Start m&amp;ethod:</source>
        <translation>启动方式(&amp;E)：</translation>
    </message>
    <message>
        <source>Sharing strate&amp;gy:</source>
        <translation>共享策略(&amp;G)：</translation>
    </message>
    <message>
        <source>Dataset tens&amp;ors:</source>
        <translation>Dataset 张量(&amp;O)：</translation>
    </message>
    <message>
        <source>Persistent workers</source>
        <translation>持久 worker</translation>
    </message>
    <message>
        <source>Pin memory</source>
        <translation>锁页内存</translation>
    </message>
    <message>
        <source>/dev/shm there</source>
        <translation>那里的 /dev/shm</translation>
    </message>
    <message>
        <source>default /dev/shm</source>
        <translation>默认 /dev/shm</translation>
    </message>
    <message>
        <source>%1 needed as configured</source>
        <translation>按当前配置需要 %1</translation>
    </message>
    <message>
        <source>One batch is %1; %2 batches are in flight per process.</source>
        <translation>一个 batch 为 %1；每个进程有 %2 个 batch 在途。</translation>
    </message>
    <message>
        <source>One row per tensor the Dataset returns for ONE sample; the shape without the batch dimension, such as 3, 224, 224 (empty for a scalar). When samples vary in size, write the longest, or a range such as 16000..160000: a collate that pads to the longest makes every batch batch_size x the longest sample, so the typical size breaks the job.</source>
        <translation>每行对应 Dataset 为一个样本返回的一个张量；形状不含 batch 维度，例如 3, 224, 224（标量留空）。样本大小不固定时，请写最长的，或写一个范围，例如 16000..160000：按最长样本填充的 collate 会让每个 batch 都是 batch_size x 最长样本，按典型大小填写会让任务失败。</translation>
    </message>
    <message>
        <source>Meas&amp;ure My Training Script…</source>
        <translation>测量我的训练脚本(&amp;U)…</translation>
    </message>
    <message>
        <source>Run your training command for a while and take the loaders, their settings and their largest batches from what it does, when the shapes are made by a framework or vary.</source>
        <translation>当形状由框架生成或会变化时，运行你的训练命令一段时间，从它的实际行为中取得加载器、其设置和最大的 batch。</translation>
    </message>
    <message>
        <source>What is /dev/shm?</source>
        <translation>什么是 /dev/shm？</translation>
    </message>
    <message>
        <source>Fields to check</source>
        <translation>需要核对的字段</translation>
    </message>
    <message>
        <source>Check the marked fields against the job that failed (the sample, batch size, workers, prefetch factor): the plan is only as right as they are.</source>
        <translation>请对照失败的任务核对标出的字段（样本、Batch 大小、Worker 数、预取因子）：它们准确，规划才准确。</translation>
    </message>
    <message>
        <source>Check this against the job that failed.</source>
        <translation>请对照失败的任务核对此项。</translation>
    </message>
    <message>
        <source>No size to configure: this is more than the memory there (below). One batch is %1; %2 batches are in flight per process: lower the largest terms.</source>
        <translation>没有可配置的大小：这超过了那里的内存（见下文）。一个 batch 为 %1；每个进程有 %2 个 batch 在途：请降低最大的几项。</translation>
    </message>
    <message>
        <source>The memory limit the files set is %1: the job&apos;s %2 plus this /dev/shm, which counts against it.</source>
        <translation>这些文件设置的内存限制为 %1：任务自身的 %2 加上这部分 /dev/shm，因为它计入内存限制。</translation>
    </message>
    <message>
        <source>Dataset tensors</source>
        <translation>Dataset 张量</translation>
    </message>
    <message>
        <source>These numbers are the preset&apos;s defaults, not your job&apos;s, until you change them: set the marked fields (the sample, batch size, workers, prefetch factor) to those of the job that failed, or measure it with Measure My Training Script…; the plan follows them.</source>
        <translation>在你修改之前，这些数值是预设的默认值，而不是你的任务的：请把标出的字段（样本、Batch 大小、Worker 数、预取因子）设为失败任务的数值，或用“测量我的训练脚本…”测量；规划随之更新。</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Framework:</source>
        <translation>框架：</translation>
    </message>
    <message>
        <source>Tensor %1 (%2): an empty shape is one value, a scalar; it was %3</source>
        <translation>张量 %1（%2）：空形状表示单个值，即标量；原来是 %3</translation>
    </message>
    <message>
        <source>Tensor %1 (%2), shape: %3</source>
        <translation>张量 %1（%2），形状：%3</translation>
    </message>
    <message>
        <source>Tensor %1 (%2): a dimension of 0 makes it empty, 0 bytes; write the largest size it takes</source>
        <translation>张量 %1（%2）：为 0 的维度使它为空，即 0 字节；请写出它可能的最大尺寸</translation>
    </message>
    <message>
        <source>none; e.g. 2GiB</source>
        <translation>无；例如 2GiB</translation>
    </message>
    <message>
        <source>No size to configure yet: Ray&apos;s object store is part of it, and its size is not known (below).</source>
        <translation>暂时无法给出要配置的大小：其中包含 Ray 的对象存储，而它的大小未知（见下文）。</translation>
    </message>
    <message>
        <source>What the measurement changed</source>
        <translation>测量带来的更改</translation>
    </message>
    <message>
        <source>The measured loaders are the ones already here: nothing changed.</source>
        <translation>测得的加载器与此处已有的相同：没有更改。</translation>
    </message>
    <message>
        <source>From the measurement: %1.</source>
        <translation>根据测量结果：%1。</translation>
    </message>
    <message>
        <source>Plan warnings</source>
        <translation>规划警告</translation>
    </message>
    <message>
        <source>No size to configure: this is more than the memory there (below).</source>
        <translation>没有可配置的大小：这超过了那里的内存（见下文）。</translation>
    </message>
    <message>
        <source>Configure %1: the server&apos;s own structures in /dev/shm, below.</source>
        <translation>配置 %1：服务器自身在 /dev/shm 中的结构，见下文。</translation>
    </message>
    <message>
        <source>The server&apos;s own structures in /dev/shm, below.</source>
        <translation>服务器自身在 /dev/shm 中的结构，见下文。</translation>
    </message>
    <message>
        <source>A service of my own (its workers run DataLoaders)</source>
        <translation>我自己的服务（其 worker 运行 DataLoader）</translation>
    </message>
    <message>
        <source>TorchServe</source>
        <translation>TorchServe</translation>
    </message>
    <message>
        <source>vLLM</source>
        <translation>vLLM</translation>
    </message>
    <message>
        <source>SGLang</source>
        <translation>SGLang</translation>
    </message>
    <message>
        <source>Triton, Python backend</source>
        <translation>Triton，Python 后端</translation>
    </message>
    <message>
        <source>LightLLM</source>
        <translation>LightLLM</translation>
    </message>
    <message>
        <source>Each worker process (gunicorn&apos;s -w, uvicorn&apos;s --workers) runs the DataLoaders below for the requests it answers, all at once under load: set Processes per node to the workers.</source>
        <translation>每个 worker 进程（gunicorn 的 -w、uvicorn 的 --workers）都为其应答的请求运行下面的 DataLoader，在负载下同时运行：请把“每节点进程数”设为 worker 数。</translation>
    </message>
    <message>
        <source>Each TorchServe worker is a process that runs the handler&apos;s DataLoaders: set Processes per node to the workers (default_workers_per_model, else the GPUs, else the CPUs).</source>
        <translation>每个 TorchServe worker 都是一个运行 handler 中 DataLoader 的进程：请把“每节点进程数”设为 worker 数（default_workers_per_model；未设置时为 GPU 数，没有 GPU 时为 CPU 数）。</translation>
    </message>
    <message>
        <source>vLLM&apos;s multiprocess executor keeps shared-memory message queues in /dev/shm: 160 MiB, plus 240 MiB per worker process, plus 24 MiB per tensor-parallel group. One process on a GPU keeps none.</source>
        <translation>vLLM 的多进程执行器在 /dev/shm 中保留共享内存消息队列：160 MiB，每个 worker 进程再加 240 MiB，每个张量并行组再加 24 MiB。GPU 上只有一个进程时则不保留。</translation>
    </message>
    <message>
        <source>SGLang keeps 24 MiB per tensor-parallel group, and a multimodal model&apos;s features in flight between its tokenizer and scheduler.</source>
        <translation>SGLang 为每个张量并行组保留 24 MiB，另有多模态模型在其分词器和调度器之间在途的特征。</translation>
    </message>
    <message>
        <source>Each model instance of the Python backend has a pool in /dev/shm that grows to the largest request and response it holds, and never shrinks.</source>
        <translation>Python 后端的每个模型实例在 /dev/shm 中都有一个内存池，它会增长到该实例持有的最大请求和响应，且从不收缩。</translation>
    </message>
    <message>
        <source>LightLLM keeps its request structures in /dev/shm and asks for 2 GiB more than them.</source>
        <translation>LightLLM 把请求结构保存在 /dev/shm 中，并要求在此之外再多留 2 GiB。</translation>
    </message>
    <message>
        <source>Trains a model</source>
        <translation>训练模型</translation>
    </message>
    <message>
        <source>Serves a model (inference)</source>
        <translation>提供模型服务（推理）</translation>
    </message>
    <message>
        <source>Train or serve</source>
        <translation>训练或推理服务</translation>
    </message>
    <message>
        <source>A training run, or a service that answers requests: a model server keeps its own structures in /dev/shm, or runs DataLoaders in each of its worker processes.</source>
        <translation>一次训练运行，或一个响应请求的服务：模型服务器要么在 /dev/shm 中保存自己的结构，要么在它的每个 worker 进程中运行 DataLoader。</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>服务器</translation>
    </message>
    <message>
        <source>Tensor-parallel size</source>
        <translation>张量并行规模</translation>
    </message>
    <message>
        <source>Pipeline-parallel size</source>
        <translation>流水线并行规模</translation>
    </message>
    <message>
        <source>Data-parallel size</source>
        <translation>数据并行规模</translation>
    </message>
    <message>
        <source>Model instances</source>
        <translation>模型实例数</translation>
    </message>
    <message>
        <source>Requests at once</source>
        <translation>同时处理的请求数</translation>
    </message>
    <message>
        <source>vLLM release</source>
        <translation>vLLM 版本</translation>
    </message>
    <message>
        <source>e.g. 0.11.1; empty: the larger queues</source>
        <translation>例如 0.11.1；留空：按较大的队列计算</translation>
    </message>
    <message>
        <source>KV-offload tier</source>
        <translation>KV 卸载层</translation>
    </message>
    <message>
        <source>--kv-offloading-size, e.g. 8GiB</source>
        <translation>--kv-offloading-size，例如 8GiB</translation>
    </message>
    <message>
        <source>Largest request and response</source>
        <translation>最大请求和响应</translation>
    </message>
    <message>
        <source>tensors one instance holds at once, e.g. 100MiB</source>
        <translation>一个实例同时持有的张量，例如 100MiB</translation>
    </message>
    <message>
        <source>The &amp;job:</source>
        <translation>任务(&amp;J)：</translation>
    </message>
    <message>
        <source>Ser&amp;ver:</source>
        <translation>服务器(&amp;V)：</translation>
    </message>
    <message>
        <source>The server</source>
        <translation>服务器</translation>
    </message>
    <message>
        <source>Tensor-parallel size:</source>
        <translation>张量并行规模：</translation>
    </message>
    <message>
        <source>Pipeline-parallel size:</source>
        <translation>流水线并行规模：</translation>
    </message>
    <message>
        <source>Data-parallel size:</source>
        <translation>数据并行规模：</translation>
    </message>
    <message>
        <source>vLLM release:</source>
        <translation>vLLM 版本：</translation>
    </message>
    <message>
        <source>KV-offload tier:</source>
        <translation>KV 卸载层：</translation>
    </message>
    <message>
        <source>Model instances:</source>
        <translation>模型实例数：</translation>
    </message>
    <message>
        <source>Largest request:</source>
        <translation>最大请求：</translation>
    </message>
    <message>
        <source>Requests at once:</source>
        <translation>同时处理的请求数：</translation>
    </message>
    <message>
        <source>vLLM release: &apos;%1&apos; is not a release such as 0.11.1</source>
        <translation>vLLM 版本：&apos;%1&apos; 不是 0.11.1 这样的版本号</translation>
    </message>
    <message>
        <source>Which server, and the settings that change what it keeps in /dev/shm. The /dev/shm it needs updates as you type.</source>
        <translation>选择哪种服务器，以及会改变它在 /dev/shm 中所保存内容的设置。所需的 /dev/shm 会随输入实时更新。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Tensor-parallel size&lt;/b&gt;: processes that hold one model together (--tensor-parallel-size, --tp). vLLM gives each a response queue of 240 MiB in /dev/shm; vLLM and SGLang add a 24 MiB broadcaster per group above one; NCCL&apos;s share grows with it.</source>
        <translation>&lt;b&gt;张量并行规模&lt;/b&gt;：共同承载一个模型的进程数（--tensor-parallel-size、--tp）。vLLM 在 /dev/shm 中为每个进程分配一个 240 MiB 的响应队列；规模大于 1 时，vLLM 和 SGLang 每组再加一个 24 MiB 的广播缓冲区；NCCL 的份额也随之增长。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Pipeline-parallel size&lt;/b&gt;: stages of the model (--pipeline-parallel-size). Each stage&apos;s processes have their own queues and groups.</source>
        <translation>&lt;b&gt;流水线并行规模&lt;/b&gt;：模型的流水线阶段数（--pipeline-parallel-size）。每个阶段的进程各有自己的队列和组。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Data-parallel size&lt;/b&gt;: engines on this host (--data-parallel-size), each with all of vLLM&apos;s queues.</source>
        <translation>&lt;b&gt;数据并行规模&lt;/b&gt;：此主机上的引擎数（--data-parallel-size），每个引擎都有 vLLM 的全部队列。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Model instances&lt;/b&gt;: instances of every Python-backend model together (instance_group counts, times the GPUs for KIND_GPU). Each has a pool of its own in /dev/shm.</source>
        <translation>&lt;b&gt;模型实例数&lt;/b&gt;：所有 Python 后端模型的实例合计（instance_group 各组数量之和，KIND_GPU 时再乘以 GPU 数）。每个实例在 /dev/shm 中都有自己的内存池。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Requests at once&lt;/b&gt;: LightLLM&apos;s --running_max_req_size (256). Its request structures in /dev/shm grow with it.</source>
        <translation>&lt;b&gt;同时处理的请求数&lt;/b&gt;：LightLLM 的 --running_max_req_size（默认 256）。它在 /dev/shm 中的请求结构随之增长。</translation>
    </message>
    <message>
        <source>&lt;b&gt;vLLM release&lt;/b&gt;: the response queues&apos; chunks were 10 MiB before 0.11.1 and 24 MiB since; the KV-offload tier is in /dev/shm from 0.26. Empty plans the larger figures.</source>
        <translation>&lt;b&gt;vLLM 版本&lt;/b&gt;：0.11.1 之前响应队列的块大小为 10 MiB，之后为 24 MiB；从 0.26 起 KV 卸载层位于 /dev/shm 中。留空则按较大的数字规划。</translation>
    </message>
    <message>
        <source>&lt;b&gt;KV-offload tier&lt;/b&gt;: --kv-offloading-size. From vLLM 0.26 it is one file in /dev/shm of this size, filled at start.</source>
        <translation>&lt;b&gt;KV 卸载层&lt;/b&gt;：--kv-offloading-size。从 vLLM 0.26 起，它是 /dev/shm 中一个这么大的文件，启动时全部填充。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Largest request&lt;/b&gt;: the request and response tensors one Triton instance holds at once (its pool grows to them and never shrinks), or SGLang&apos;s multimodal features in flight. Empty: not known, said in the plan.</source>
        <translation>&lt;b&gt;最大请求和响应&lt;/b&gt;：一个 Triton 实例同时持有的请求和响应张量（它的内存池会增长到这么大，且从不收缩），或 SGLang 在途的多模态特征。留空表示未知，规划中会说明。</translation>
    </message>
    <message>
        <source>memory limit the files set: %1</source>
        <translation>生成的文件设定的内存限制：%1</translation>
    </message>
    <message>
        <source>the job&apos;s memory: %1</source>
        <translation>任务自身的内存：%1</translation>
    </message>
    <message>
        <source>host memory: %1</source>
        <translation>主机内存：%1</translation>
    </message>
    <message>
        <source>Hide how this is counted</source>
        <translation>收起计算方式</translation>
    </message>
    <message>
        <source>How this is counted</source>
        <translation>计算方式</translation>
    </message>
    <message>
        <source>Meas&amp;ure My Service…</source>
        <translation>测量我的服务(&amp;U)…</translation>
    </message>
</context>
</TS>
