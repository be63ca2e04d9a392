// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/helptexts.h"

#include "ui/wizard.h"

#include <QCoreApplication>
#include <QVector>

#include <utility>

namespace shmwise {

namespace {
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(shmwise::Help)
};

QString field(const QString &name, const QString &text)
{
    return QStringLiteral("<dt><b>%1</b></dt><dd>%2</dd>").arg(name.toHtmlEscaped(), text);
}
} // namespace

QString dataLoaderWhatsThis(const QString &f)
{
    if (f == QLatin1String("Batch size"))
        return Tr::tr("<b>Batch size</b>: samples per batch (DataLoader batch_size). Every batch "
                      "a worker prepares sits in /dev/shm, so /dev/shm grows in step with it.");
    if (f == QLatin1String("Processes per node"))
        return Tr::tr("<b>Processes per node</b>: data-parallel ranks on one host (torchrun "
                      "--nproc-per-node). Each has its own DataLoader and workers, so the /dev/shm "
                      "of one process is multiplied by this; with NCCL, its intra-node buffers "
                      "are added per rank.");
    if (f == QLatin1String("Workers"))
        return Tr::tr("<b>Workers</b>: worker processes that load batches (num_workers). Each "
                      "collates its batches into /dev/shm: up to workers × prefetch factor "
                      "batches are in flight, plus the ones the training loop holds. 0 loads in "
                      "the main process and uses no /dev/shm for batches.");
    if (f == QLatin1String("Prefetch factor"))
        return Tr::tr("<b>Prefetch factor</b>: batches each worker prepares ahead "
                      "(prefetch_factor; PyTorch's default is 2). /dev/shm holds workers × this "
                      "many batches. Only allowed with workers.");
    if (f == QLatin1String("Persistent workers"))
        return Tr::tr("<b>Persistent workers</b>: keep the workers between epochs "
                      "(persistent_workers). Saves starting them again, and the measured /dev/shm "
                      "peak was about one batch lower. Needs workers.");
    if (f == QLatin1String("Pin memory"))
        return Tr::tr("<b>Pin memory</b>: copies each batch into page-locked RAM for faster GPU "
                      "transfer (pin_memory). It uses RAM, not /dev/shm, so it does not change "
                      "the size needed.");
    if (f == QLatin1String("Start method"))
        return Tr::tr("<b>Start method</b>: how workers are started (fork, spawn, forkserver). "
                      "Under spawn and forkserver the tensors the Dataset object holds are moved "
                      "into /dev/shm for the loader's life; fork shares them without /dev/shm.");
    if (f == QLatin1String("Framework"))
        return Tr::tr("<b>Framework</b>: what builds this DataLoader when your script does not "
                      "call DataLoader itself (Hugging Face's Trainer, Lightning, Ultralytics, "
                      "MMEngine, Detectron2, timm, Accelerate). The settings below are then "
                      "shown in its own words, the ones to change in your script or config, with "
                      "what they mean there: some count the batch over all GPUs. Measure My "
                      "Training Script… finds it.");
    if (f == QLatin1String("Sharing strategy"))
        return Tr::tr("<b>Sharing strategy</b>: how tensors are passed between processes. Both "
                      "keep the data in /dev/shm: file_descriptor (the default on Linux) holds an "
                      "open file per shared tensor, so it needs a high ulimit -n; file_system "
                      "passes names instead and can leave torch_* files behind after a crash. "
                      "Neither makes /dev/shm smaller.");
    if (f == QLatin1String("Dataset tensors in memory"))
        return Tr::tr("<b>Dataset tensors</b>: tensors the Dataset object itself holds (for "
                      "example a preloaded table). Under spawn or forkserver they are moved into "
                      "/dev/shm and stay there. Type a size such as 512MiB or 2GiB.");
    if (f == QLatin1String("Sample size"))
        return Tr::tr("<b>Sample size</b>: the bytes of one sample when you do not list its "
                      "tensors, such as 4MiB. A batch is this times the batch size, and each "
                      "batch in flight takes that much /dev/shm.");
    return {};
}

QString pageHelpHtml(int pageId)
{
    QString h;
    switch (pageId) {
    case Wizard::TargetPageId:
        h = Tr::tr("<h3>Target</h3><p>The machine whose /dev/shm, memory and limits ShmWise "
                   "reads. The probe is a read-only shell script sent on standard input; "
                   "nothing is installed.</p>");
        h += QStringLiteral("<dl>");
        h += field(Tr::tr("This computer"), Tr::tr("Probe the machine ShmWise runs on."));
        h += field(Tr::tr("SSH host"),
                   Tr::tr("[user@]host[:port], or an alias from your SSH config. Keys and "
                          "agents are your own ssh's; ShmWise never asks for a password."));
        h += field(Tr::tr("Config file"),
                   Tr::tr("Another OpenSSH config file (ssh -F); empty for your own."));
        h += field(Tr::tr("Docker container"),
                   Tr::tr("The name of a running container, probed with docker exec: the "
                          "/dev/shm inside is the one a job there gets."));
        h += field(Tr::tr("Kubernetes pod"),
                   Tr::tr("Namespace, pod and container, probed with kubectl exec."));
        h += QStringLiteral("</dl>");
        break;
    case Wizard::EnvironmentPageId:
        h = Tr::tr("<h3>Environment</h3><p>Where the training job runs decides who sets "
                   "/dev/shm and in which syntax: the generated files follow it.</p>");
        h += QStringLiteral("<dl>");
        h += field(Tr::tr("Runs on"),
                   Tr::tr("Bare metal, a container runtime, Kubernetes or a cloud service. "
                          "Containers get 64 MiB unless configured (Azure ML 2 GiB)."));
        h += field(Tr::tr("Kubernetes kind and namespace"),
                   Tr::tr("The object the manifest describes (Pod, Deployment, Job, "
                          "PyTorchJob) and its namespace; shown for Kubernetes only."));
        h += field(Tr::tr("I can change the size of /dev/shm there"),
                   Tr::tr("Off when someone else runs the host: then the DataLoader settings "
                          "are fitted to the /dev/shm there is (Workload page)."));
        h += field(Tr::tr("Current /dev/shm"),
                   Tr::tr("Its size there, if you know it, such as 64MiB or 8GiB."));
        h += field(Tr::tr("Job name, image, command"),
                   Tr::tr("Used in the generated files: the container image and the command "
                          "that starts training."));
        h += field(Tr::tr("Job memory"),
                   Tr::tr("The container's memory limit before /dev/shm. /dev/shm pages count "
                          "against the limit, so the files add /dev/shm on top."));
        h += field(Tr::tr("GPUs per node"), Tr::tr("GPUs the job uses on one host."));
        h += field(Tr::tr("Host memory and CPUs"),
                   Tr::tr("What the host has; the Host page can fill them from a probe."));
        h += QStringLiteral("</dl><p>") +
             Tr::tr("Sizes are read the way the environment reads them: 8G is 8 GiB to Docker "
                    "but 8×10<sup>9</sup> bytes to Kubernetes. The bytes they mean are shown "
                    "beside each size field.") +
             QStringLiteral("</p>");
        break;
    case Wizard::WorkloadPageId:
        h = Tr::tr("<h3>Workload</h3><p>What one sample holds and how the DataLoader runs; the "
                   "/dev/shm needed is computed as you type, drawn as a bar with the /dev/shm "
                   "there is and the memory limit.</p>");
        h += QStringLiteral("<dl>");
        h += field(Tr::tr("Preset"), Tr::tr("A typical workload to start from."));
        h += field(Tr::tr("Tensors of one sample"),
                   Tr::tr("One row per tensor the Dataset returns for one sample: name, shape "
                          "without the batch dimension (3, 224, 224), and type."));
        h += QStringLiteral("</dl>");
        for (const char *name : {"Sample size", "Batch size", "Processes per node", "Workers",
                                 "Prefetch factor", "Persistent workers", "Pin memory",
                                 "Start method", "Sharing strategy", "Dataset tensors in memory"})
            h += QStringLiteral("<p>") + dataLoaderWhatsThis(QLatin1String(name)) +
                 QStringLiteral("</p>");
        h += QStringLiteral("<dl>");
        h += field(Tr::tr("Fitted to the /dev/shm there is"),
                   Tr::tr("Shown when /dev/shm cannot be raised: your settings beside the "
                          "largest that fit, what each change costs, and Apply fitted "
                          "settings. Red when nothing fits."));
        h += QStringLiteral("</dl>");
        break;
    case Wizard::HostPageId:
        h = Tr::tr("<h3>Host</h3><p>What the target gives a job today, and what will break "
                   "training there.</p>");
        h += QStringLiteral("<dl>");
        h += field(Tr::tr("Facts"),
                   Tr::tr("/dev/shm size and use over time (the chart, with the job's "
                          "requirement as a dashed line), memory and its limit, CPUs, ulimit -n, "
                          "container, GPUs and PyTorch."));
        h += field(Tr::tr("Findings"),
                   Tr::tr("Each problem with the facts that show it and the fix. A container "
                          "job probed on its host is told about the container's /dev/shm, not "
                          "the host's."));
        h += field(Tr::tr("Refresh every 5 s, Refresh, Cancel"),
                   Tr::tr("Probe again now, regularly, or stop. An error stays shown until a "
                          "probe succeeds."));
        h += field(Tr::tr("Use These Facts"),
                   Tr::tr("Copy memory, CPUs and (for a job that runs on this host) /dev/shm "
                          "into the Environment page's fields. The profile is everything the "
                          "wizard's pages hold, saved and opened with the File menu as a YAML "
                          "file."));
        h += field(Tr::tr("Check in a container"),
                   Tr::tr("With Docker or Podman installed: start a throw-away container of the "
                          "job's image with the generated flags and probe it, so you see what "
                          "the job will get."));
        h += field(Tr::tr("Diagnose a log"), Tr::tr("Paste an error log to have it explained."));
        h += QStringLiteral("</dl>");
        break;
    case Wizard::ResultsPageId:
        h = Tr::tr("<h3>Results</h3><p>The files for your environment, each checked as you edit "
                   "it. Select a line to see why it is there.</p>");
        h += QStringLiteral("<dl>");
        h += field(Tr::tr("Files"),
                   Tr::tr("A badge says whether the file passed its checks. Your edits are kept "
                          "when you go back and return, unless the profile changed."));
        h += field(Tr::tr("Copy"), Tr::tr("Copies the file's text to the clipboard."));
        h += field(Tr::tr("Save, Save all"),
                   Tr::tr("Write the file (or all of them into a folder); a file with errors "
                          "is saved only after you confirm, and a file that differs is kept as "
                          "FILE.bak."));
        h += QStringLiteral("</dl>");
        break;
    default:
        break;
    }
    return h;
}

namespace {
// The windows besides the pages: each one's name (with where it opens) and what it does.
QVector<std::pair<QString, QString>> otherWindows()
{
    return {
        {Tr::tr("Diagnose an Error Log (Tools, Help, the Target and Host pages)"),
         Tr::tr("Paste or open a job's log: the window names what ended the job (a full "
                "/dev/shm, the memory limit, the OOM killer, the accelerator's memory), how sure "
                "it is, and the fix; its link opens the /dev/shm plan on the Workload page.")},
        {Tr::tr("What Is /dev/shm? (Help, the Workload page)"),
         Tr::tr("A picture of the memory the job will have: RAM, the /dev/shm it gets and what "
                "the DataLoaders put there.")},
        {Tr::tr("Measure My Training Script (the Workload page)"),
         Tr::tr("Runs your own training command in a private /dev/shm, watches its loaders and "
                "peak, and fills the Workload page from what it saw. Its output is kept, with "
                "its last lines in the window.")},
        {Tr::tr("Fleet view (the Target page)"),
         Tr::tr("Probes many hosts at once from an inventory file and exports the table as CSV "
                "or JSON.")},
        {Tr::tr("Clean Up Leaked Files (the Host page)"),
         Tr::tr("Lists /dev/shm files that no process holds, with their bytes, and removes the "
                "ones you confirm; a file that changed since it was listed is left alone.")},
        {Tr::tr("Language (Tools)"),
         Tr::tr("English or Chinese, or the system's language, from the next start.")},
    };
}
} // namespace

QString otherWindowsHelpHtml()
{
    QString h = Tr::tr("<h3>Other windows</h3><p>What the wizard's pages open, and the menus.</p>");
    h += QStringLiteral("<dl>");
    const auto windows = otherWindows();
    for (int i = 0; i < windows.size(); ++i)
        h += QStringLiteral("<dt><a name=\"window-%1\"><b>%2</b></a></dt><dd>%3</dd>")
                 .arg(i)
                 .arg(windows[i].first.toHtmlEscaped(), windows[i].second);
    h += QStringLiteral("</dl>");
    return h;
}

QString otherWindowsContentsHtml()
{
    QString h = QStringLiteral("<ul>");
    const auto windows = otherWindows();
    for (int i = 0; i < windows.size(); ++i)
        h += QStringLiteral("<li><a href=\"#window-%1\">%2</a></li>")
                 .arg(i)
                 .arg(windows[i].first.toHtmlEscaped());
    return h + QStringLiteral("</ul>");
}

} // namespace shmwise
