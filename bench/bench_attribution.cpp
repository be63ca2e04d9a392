// SPDX-License-Identifier: GPL-3.0-or-later
// Who holds /dev/shm on a busy host: a private /dev/shm of FILES files (PyTorch's, NCCL's,
// multiprocessing's, others; most sparse, a tenth with a page written) and PROCESSES small
// processes that each hold one open, map two and hold one more they unlinked; then
// `shmwise probe --json` as a whole process, the probe script alone, and its report parsed and
// attributed in this process:
//   build/bin/shmwise-bench-attribution [FILES [PROCESSES [ROUNDS [SHMWISE]]]]
// As root (it runs itself again in a private mount namespace through tests/helpers/with-shm.sh).
// Target: the whole process under 1 s and 64 MiB at 100,000 files and 2,000 processes (exit 1
// otherwise).
#include "probes/attribution.h"
#include "probes/probefacts.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

using namespace shmwise;

namespace {

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v.empty() ? 0 : v[v.size() / 2];
}

// Runs argv with stdin from `in` (or /dev/null) and stdout to /dev/null or a pipe read into
// *out; returns the wall time in ms, the largest resident set of the process tree in KiB and the
// CPU time (user and system) of the whole tree in ms.
bool runTimed(const std::vector<std::string> &argv, const QByteArray &in, QByteArray *out,
              double *ms, long *maxRssKiB, double *cpuMs)
{
    int inPipe[2], outPipe[2];
    if (pipe(inPipe) != 0 || pipe(outPipe) != 0)
        return false;
    QElapsedTimer t;
    t.start();
    const pid_t pid = fork();
    if (pid == 0) {
        dup2(inPipe[0], 0);
        if (out) {
            dup2(outPipe[1], 1);
        } else {
            const int null = open("/dev/null", O_WRONLY);
            dup2(null, 1);
        }
        close(inPipe[1]);
        close(outPipe[0]);
        std::vector<char *> args;
        for (const std::string &a : argv)
            args.push_back(const_cast<char *>(a.c_str()));
        args.push_back(nullptr);
        execv(args[0], args.data());
        _exit(127);
    }
    close(inPipe[0]);
    close(outPipe[1]);
    if (!in.isEmpty() && write(inPipe[1], in.constData(), size_t(in.size())) != in.size())
        return false;
    close(inPipe[1]);
    char buf[65536];
    for (;;) {
        const ssize_t r = read(outPipe[0], buf, sizeof buf);
        if (r <= 0)
            break;
        if (out)
            out->append(buf, int(r));
    }
    close(outPipe[0]);
    int status = 0;
    struct rusage ru;
    if (wait4(pid, &status, 0, &ru) != pid)
        return false;
    *ms = double(t.nsecsElapsed()) / 1e6;
    *maxRssKiB = ru.ru_maxrss;
    *cpuMs = (ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1e3 +
             (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e3;
    return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

bool makeFiles(int files, int held)
{
    static const char *const kinds[] = {"torch_%d_%d_0", "torch_%d_%d_1", "psm_%x%x",
                                        "sem.mp-%x%x",   "nccl-%x%x",     "pym-%d-%d",
                                        "data_%d_%d",    "torch_%d_%d_2"};
    char name[128];
    const QByteArray page(4096, 'x');
    for (int i = 0; i < files; ++i) {
        if (i < held)
            std::snprintf(name, sizeof name, "/dev/shm/f%d", i);
        else {
            char base[64];
            std::snprintf(base, sizeof base, kinds[i % 8], i, i * 7);
            std::snprintf(name, sizeof name, "/dev/shm/%s", base);
        }
        const int fd = open(name, O_RDWR | O_CREAT | O_EXCL, 0600);
        if (fd < 0)
            return false;
        bool ok = ftruncate(fd, 4096 * (1 + i % 16)) == 0;
        if (i % 10 == 0 || i < held)
            ok = ok && write(fd, page.constData(), 4096) == 4096;
        close(fd);
        if (!ok)
            return false;
    }
    return true;
}

} // namespace

int main(int argc, char **argv)
{
    if (!std::getenv("SHMWISE_BENCH_INSIDE")) {
        if (geteuid() != 0) {
            std::fprintf(stderr, "needs root: it makes a private /dev/shm (unshare -m)\n");
            return 2;
        }
        setenv("SHMWISE_BENCH_INSIDE", "1", 1);
        std::vector<char *> args{
            const_cast<char *>(SHMWISE_SOURCE_DIR "/tests/helpers/with-shm.sh"),
            const_cast<char *>("4g")};
        for (int i = 0; i < argc; ++i)
            args.push_back(argv[i]);
        args.push_back(nullptr);
        execv(args[0], args.data());
        std::perror("with-shm.sh");
        return 2;
    }
    QCoreApplication app(argc, argv);
    const int files = argc > 1 ? std::atoi(argv[1]) : 100000;
    const int processes = argc > 2 ? std::atoi(argv[2]) : 2000;
    const int rounds = argc > 3 ? std::atoi(argv[3]) : 5;
    const std::string shmwise = argc > 4 ? argv[4] : SHMWISE_BIN_DIR "/shmwise";
    if (!makeFiles(files, 3 * processes)) {
        std::fprintf(stderr, "cannot make the files in /dev/shm\n");
        return 2;
    }
    QProcess holder;
    holder.start(QStringLiteral(SHMWISE_BIN_DIR "/shmwise-bench-shm-holder"),
                 {QString::number(processes)});
    if (!holder.waitForReadyRead(120000) || !holder.readLine().startsWith("ready")) {
        std::fprintf(stderr, "the holders did not start\n");
        return 2;
    }
    const QByteArray script = probeScript();
    std::vector<double> whole, scriptMs, parseMs, wholeCpu, scriptCpu;
    long wholeRss = 0, scriptRss = 0;
    QByteArray report;
    for (int r = 0; r < rounds; ++r) {
        double ms = 0, cpu = 0;
        long rss = 0;
        if (!runTimed({shmwise, "probe", "--json"}, {}, nullptr, &ms, &rss, &cpu)) {
            std::fprintf(stderr, "%s probe --json failed\n", shmwise.c_str());
            return 2;
        }
        whole.push_back(ms);
        wholeCpu.push_back(cpu);
        wholeRss = std::max(wholeRss, rss);
        report.clear();
        if (!runTimed({"/bin/sh", "-s"}, script, &report, &ms, &rss, &cpu))
            return 2;
        scriptMs.push_back(ms);
        scriptCpu.push_back(cpu);
        scriptRss = std::max(scriptRss, rss);
        QElapsedTimer t;
        t.start();
        const HostFacts f = parseProbeReport(report);
        const ShmAttribution a = attributeShm(f);
        parseMs.push_back(double(t.nsecsElapsed()) / 1e6);
        if (r == 0)
            std::printf("report %lld bytes: %lld files listed of %llu, %lld holders, %llu "
                        "unlinked held, %s\n",
                        static_cast<long long>(report.size()),
                        static_cast<long long>(f.shmScan.files.size()),
                        static_cast<unsigned long long>(a.namedCount),
                        static_cast<long long>(f.shmScan.holders.size()),
                        static_cast<unsigned long long>(a.unlinkedCount),
                        qPrintable(a.accountedText()));
    }
    holder.closeWriteChannel();
    holder.waitForFinished(60000);
    const double w = median(whole);
    std::printf("%d files, %d processes, %d rounds\n", files, processes, rounds);
    double load[3] = {0, 0, 0};
    if (getloadavg(load, 3) < 1)
        load[0] = -1;
    std::printf("shmwise probe --json (whole process): median %.0f ms (%.0f to %.0f), CPU time "
                "of its process tree median %.0f ms, largest resident set in it %ld KiB\n",
                w, *std::min_element(whole.begin(), whole.end()),
                *std::max_element(whole.begin(), whole.end()), median(wholeCpu), wholeRss);
    std::printf("probe script alone (sh -s): median %.0f ms, CPU time %.0f ms, largest resident "
                "set %ld KiB\n",
                median(scriptMs), median(scriptCpu), scriptRss);
    std::printf("load average while measuring: %.2f on %ld CPUs\n", load[0],
                sysconf(_SC_NPROCESSORS_ONLN));
    std::printf("parse + attribute in process: median %.1f ms\n", median(parseMs));
    const bool ok = w < 1000 && wholeRss < 64 * 1024;
    std::printf("target: under 1 s and 64 MiB: %s\n", ok ? "met" : "NOT met");
    return ok ? 0 : 1;
}
