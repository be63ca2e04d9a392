// SPDX-License-Identifier: GPL-3.0-or-later
// Fleet probing: N real sshd instances on 127.0.0.1 (tests/sshdfixture.h) probed with
// --jobs N, against one of them alone, in two ways that are the same for 1 and for N hosts:
//   cold: a fresh control directory, so every probe opens its own connection (key exchange,
//         authentication, then the session);
//   warm: the shared connections are opened by an untimed probe first, so the timed probe
//         is only a session on an open connection.
// Besides wall time it measures the CPU time of the timed probes on both sides, from /proc
// before and after: the client (this process; the ssh clients; the background ssh masters,
// which this process adopts as a child subreaper) and the server (each sshd's process tree,
// live or reaped: connections, sessions, login shells). From that it prints the CPU floor
// (CPU per probe x N / CPUs), the machine's load during the run and the fleet's share of it,
// the spread of the per-host probe times, and the resident memory before and after.
//
// Run as root, the sessions log in as an unprivileged user whose login shell is /bin/sh (the
// uid and gid of `nobody`, named in a copy of /etc/passwd bind-mounted over the real one in a
// private mount namespace for each sshd; the machine's own files are untouched), so that a
// login shell's start-up files (root's ~/.bashrc) are not measured. Run as another user, the
// sessions are that user's, with its own login shell (printed).
//
//   shmwise-bench-fleet [--hosts N] [--rounds R] [--kex LIST]
//
// --kex sets the client's KexAlgorithms, to show what the key exchange costs: ssh's default
// (sntrup761x25519-sha512) spends most of a new connection's client CPU time.
#include "probes/fleet.h"
#include "sshdfixture.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTextStream>

#include <algorithm>
#include <cmath>
#include <memory>
#include <vector>

#include <pwd.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace shmwise;

namespace {

const char *const BenchUser = "shmwise-bench";

qint64 rssKiB()
{
    QFile f(QStringLiteral("/proc/self/status"));
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : f.readAll().split('\n'))
        if (line.startsWith("VmRSS:"))
            return line.mid(6).trimmed().split(' ').value(0).toLongLong();
    return -1;
}

QByteArray readFile(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

double tvMs(const timeval &tv)
{
    return double(tv.tv_sec) * 1000.0 + double(tv.tv_usec) / 1000.0;
}

// CPU time (user + system, ms) of this process, or of the children it reaped.
double cpuMs(int who)
{
    rusage u{};
    getrusage(who, &u);
    return tvMs(u.ru_utime) + tvMs(u.ru_stime);
}

QList<qint64> childrenOf(qint64 pid)
{
    QList<qint64> out;
    const QDir tasks(QStringLiteral("/proc/%1/task").arg(pid));
    for (const QString &t : tasks.entryList(QDir::Dirs | QDir::NoDotAndDotDot))
        for (const QByteArray &c :
             readFile(tasks.filePath(t + QStringLiteral("/children"))).split(' '))
            if (c.trimmed().toLongLong() > 0)
                out << c.trimmed().toLongLong();
    return out;
}

// CPU time (ms) of a process tree so far: the process's utime, stime, cutime and cstime (the
// children it reaped), plus the same of its live children, recursively. Children are read
// before their parent, so one that ends in between is counted twice rather than lost.
double treeCpuMs(qint64 pid)
{
    double ms = 0;
    for (qint64 c : childrenOf(pid))
        ms += treeCpuMs(c);
    const QByteArray stat = readFile(QStringLiteral("/proc/%1/stat").arg(pid));
    const int close = stat.lastIndexOf(')');
    if (close < 0)
        return ms;
    // After "pid (comm) " come state (field 3) ... utime (14), stime, cutime, cstime (17).
    const QList<QByteArray> f = stat.mid(close + 2).split(' ');
    if (f.size() < 15)
        return ms;
    const double tick = 1000.0 / double(sysconf(_SC_CLK_TCK));
    return ms + double(f[11].toLongLong() + f[12].toLongLong() + f[13].toLongLong() +
                       f[14].toLongLong()) *
                    tick;
}

QByteArray commOf(qint64 pid)
{
    return readFile(QStringLiteral("/proc/%1/comm").arg(pid)).trimmed();
}

// Reaps the ssh processes this process adopted (background masters, `ssh -O exit` runs), so
// their CPU time is counted; waits until none is left (or the deadline).
void reapAdoptedSsh(QDeadlineTimer deadline)
{
    const qint64 me = getpid();
    for (;;) {
        bool left = false;
        for (qint64 c : childrenOf(me)) {
            if (commOf(c) != "ssh")
                continue;
            int st = 0;
            if (waitpid(pid_t(c), &st, WNOHANG) == 0)
                left = true;
        }
        if (!left || deadline.hasExpired())
            return;
        QThread::msleep(5);
    }
}

// CPU time (ms) of the ssh processes: those this process reaped, and the live ones (the
// background masters it adopted).
double sshCpuMs()
{
    double ms = cpuMs(RUSAGE_CHILDREN);
    for (qint64 c : childrenOf(getpid()))
        if (commOf(c) == "ssh")
            ms += treeCpuMs(c);
    return ms;
}

// The machine's busy CPU time (ms, all CPUs, every process) from /proc/stat.
double machineBusyMs()
{
    const QList<QByteArray> f =
        readFile(QStringLiteral("/proc/stat")).split('\n').value(0).simplified().split(' ');
    double busy = 0;
    for (int i = 1; i < f.size(); ++i)
        if (i != 4 && i != 5) // idle, iowait
            busy += f[i].toDouble();
    return busy * 1000.0 / double(sysconf(_SC_CLK_TCK));
}

struct Sample
{
    qint64 wallMs = 0;
    double selfCpuMs = 0;   // this process: the fleet code, Qt, parsing
    double sshCpuMs = 0;    // ssh clients and masters
    double serverCpuMs = 0; // sshd, with the sessions and login shells
    double machineMs = 0;   // the machine's busy CPU time, every process
    QVector<qint64> hostMs; // each host's own probe time
    int failed = 0;
};

class Bench
{
public:
    QVector<FleetHost> hosts;
    QVector<Target> targets;
    QList<qint64> sshdPids;
    ProbeOptions options;
    QString tmpDir;
    int round = 0;

    double serverCpuMs() const
    {
        double ms = 0;
        for (qint64 pid : sshdPids)
            ms += treeCpuMs(pid);
        return ms;
    }

    // Closes every master, reaps it (it is this process's adopted child) and waits until the
    // sshd of every host has reaped its connection, so the next run starts cold.
    void closeAll(int n)
    {
        std::vector<std::unique_ptr<QProcess>> quits;
        for (int i = 0; i < n; ++i) {
            quits.push_back(std::make_unique<QProcess>());
            quits.back()->start(
                QStringLiteral("ssh"),
                {QStringLiteral("-F"), options.sshConfig, QStringLiteral("-o"),
                 QStringLiteral("ControlPath=") + sshControlPath(targets[i], options),
                 QStringLiteral("-O"), QStringLiteral("exit"), QStringLiteral("-p"),
                 QString::number(targets[i].port), QStringLiteral("-l"), targets[i].user,
                 QStringLiteral("--"), targets[i].host});
        }
        for (auto &q : quits)
            q->waitForFinished(20000);
        const QDeadlineTimer deadline(20000);
        reapAdoptedSsh(deadline);
        for (int i = 0; i < n; ++i)
            while (!childrenOf(sshdPids[i]).isEmpty() && !deadline.hasExpired())
                QThread::msleep(5);
    }

    // warm: an untimed probe opens the shared connections first.
    Sample run(int n, bool warm)
    {
        options.controlDir = QDir(tmpDir).filePath(QStringLiteral("c%1").arg(round++));
        const QVector<FleetHost> some = hosts.mid(0, n);
        if (warm)
            probeFleetBlocking(some, options, n, {});
        const double c0 = sshCpuMs(), s0 = serverCpuMs(), m0 = machineBusyMs();
        const double self0 = cpuMs(RUSAGE_SELF);
        Sample s;
        QElapsedTimer t;
        t.start();
        const QVector<FleetHostResult> rs = probeFleetBlocking(some, options, n, {});
        s.wallMs = t.elapsed();
        s.selfCpuMs = cpuMs(RUSAGE_SELF) - self0;
        s.sshCpuMs = sshCpuMs() - c0;
        s.serverCpuMs = serverCpuMs() - s0;
        s.machineMs = machineBusyMs() - m0;
        for (const FleetHostResult &r : rs) {
            s.hostMs << r.result.elapsedMs;
            if (!r.result.ok()) {
                ++s.failed;
                QTextStream(stderr) << r.host.name << ": " << r.result.error << '\n';
            }
        }
        closeAll(n);
        return s;
    }
};

// A copy of /etc/passwd naming the bench user (nobody's uid and gid, login shell /bin/sh,
// home /), and the wrapper that runs sshd with it bind-mounted over /etc/passwd in a private
// mount namespace. Empty when not root.
QStringList benchUserWrapper(const QString &dir, QString *why)
{
    if (geteuid() != 0)
        return {};
    const struct passwd *nobody = getpwnam("nobody");
    if (!nobody) {
        *why = QStringLiteral("no user 'nobody' to borrow a uid from");
        return {};
    }
    const QString passwd = QDir(dir).filePath(QStringLiteral("passwd"));
    QFile f(passwd);
    if (!f.open(QIODevice::WriteOnly)) {
        *why = QStringLiteral("cannot write ") + passwd;
        return {};
    }
    f.write(readFile(QStringLiteral("/etc/passwd")));
    f.write(QStringLiteral("%1:x:%2:%3:ShmWise benchmark:/:/bin/sh\n")
                .arg(QLatin1String(BenchUser))
                .arg(nobody->pw_uid)
                .arg(nobody->pw_gid)
                .toUtf8());
    f.close();
    f.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ReadGroup | QFile::ReadOther);
    return {QStringLiteral("unshare"),
            QStringLiteral("-m"),
            QStringLiteral("--"),
            QStringLiteral("sh"),
            QStringLiteral("-c"),
            QStringLiteral("mount --bind \"$0\" /etc/passwd && exec \"$@\""),
            passwd};
}

QString ms(double v)
{
    return QString::number(v, 'f', 0);
}

template <typename T> T median(QVector<T> v)
{
    std::sort(v.begin(), v.end());
    return v.isEmpty() ? T() : v.at(v.size() / 2);
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    const QCommandLineOption hostsOpt(QStringLiteral("hosts"), QStringLiteral("sshd instances"),
                                      QStringLiteral("N"), QStringLiteral("32"));
    const QCommandLineOption roundsOpt(QStringLiteral("rounds"), QStringLiteral("repetitions"),
                                       QStringLiteral("R"), QStringLiteral("3"));
    const QCommandLineOption kexOpt(
        QStringLiteral("kex"),
        QStringLiteral("KexAlgorithms for the client (default: ssh's own, which is "
                       "sntrup761x25519-sha512 first since OpenSSH 9.0)"),
        QStringLiteral("LIST"));
    parser.addOptions({hostsOpt, roundsOpt, kexOpt});
    parser.addHelpOption();
    parser.process(app);
    const int n = std::max(1, parser.value(hostsOpt).toInt());
    const int rounds = std::max(1, parser.value(roundsOpt).toInt());
    QTextStream out(stdout);
    // Background ssh masters are adopted by this process when they detach, so their CPU time
    // can be counted when they end.
    prctl(PR_SET_CHILD_SUBREAPER, 1);

    QTemporaryDir tmp;
    QString why;
    const QStringList wrapper = benchUserWrapper(tmp.path(), &why);
    if (!why.isEmpty()) {
        QTextStream(stderr) << why << '\n';
        return 77;
    }
    Bench bench;
    std::vector<std::unique_ptr<SshdFixture>> sshd;
    QString known;
    QByteArray key;
    for (int i = 0; i < n; ++i) {
        sshd.push_back(std::make_unique<SshdFixture>());
        SshdFixture &s = *sshd.back();
        if (!s.start(wrapper)) {
            QTextStream(stderr) << "cannot start sshd: " << s.why() << '\n';
            return 77;
        }
        // One user key for all: offering 32 keys would exceed sshd's MaxAuthTries.
        if (key.isEmpty())
            key = readFile(sshd.front()->path(QStringLiteral("user_key.pub")));
        QFile auth(s.path(QStringLiteral("authorized_keys")));
        if (auth.open(QIODevice::Append))
            auth.write(key);
        auth.close();
        if (!wrapper.isEmpty()) {
            // sshd reads authorized_keys as the user logging in.
            auth.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ReadOther);
            QFile::setPermissions(QFileInfo(auth.fileName()).absolutePath(),
                                  QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner |
                                      QFile::ExeOther);
        }
        known += QLatin1Char(' ') + s.path(QStringLiteral("known_hosts"));
        const QString target = wrapper.isEmpty() ? s.target()
                                                 : QStringLiteral("ssh://%1@127.0.0.1:%2")
                                                       .arg(QLatin1String(BenchUser))
                                                       .arg(s.port());
        bench.hosts << FleetHost{QStringLiteral("node%1").arg(i), target};
        bench.targets << *parseTarget(target);
        bench.sshdPids << readFile(s.path(QStringLiteral("sshd.pid"))).trimmed().toLongLong();
    }
    QFile cfg(tmp.filePath(QStringLiteral("ssh_config")));
    if (!cfg.open(QIODevice::WriteOnly))
        return 1;
    cfg.write(QStringLiteral("Host *\n  IdentityFile %1\n  IdentitiesOnly yes\n"
                             "  UserKnownHostsFile%2\n  GlobalKnownHostsFile /dev/null\n"
                             "  StrictHostKeyChecking yes\n  LogLevel ERROR\n")
                  .arg(sshd.front()->path(QStringLiteral("user_key")), known)
                  .toUtf8());
    if (parser.isSet(kexOpt))
        cfg.write(QStringLiteral("  KexAlgorithms %1\n").arg(parser.value(kexOpt)).toUtf8());
    cfg.close();
    bench.options.sshConfig = cfg.fileName();
    bench.options.timeoutMs = 120000;
    bench.options.connectTimeoutS = 60;
    bench.tmpDir = tmp.path();

    const QString user = bench.targets.first().user;
    const struct passwd *pw = wrapper.isEmpty() ? getpwuid(getuid()) : nullptr;
    out << "sessions log in as " << user << ", login shell "
        << (pw ? QString::fromLocal8Bit(pw->pw_shell) : QStringLiteral("/bin/sh"))
        << "; key exchange "
        << (parser.isSet(kexOpt) ? parser.value(kexOpt) : QStringLiteral("ssh's default")) << "; "
        << sysconf(_SC_NPROCESSORS_ONLN) << " CPUs online\n";

    const double cpus = double(sysconf(_SC_NPROCESSORS_ONLN));
    // The probe script alone, run locally by sh (no ssh): its own CPU time.
    {
        ProbeOptions local;
        probeBlocking(QStringLiteral("local"), local);
        const double c0 = cpuMs(RUSAGE_CHILDREN);
        QElapsedTimer t;
        t.start();
        const int runs = 10;
        for (int i = 0; i < runs; ++i)
            probeBlocking(QStringLiteral("local"), local);
        out << "probe script alone (local sh -s): " << ms(double(t.elapsed()) / runs)
            << " ms wall, " << ms((cpuMs(RUSAGE_CHILDREN) - c0) / runs) << " ms CPU per probe\n";
    }
    bench.run(1, false); // warms the page cache: ssh, sshd and sh are loaded once

    int failed = 0;
    const qint64 rssStart = rssKiB();
    struct Row
    {
        QVector<qint64> wall;
        QVector<double> self, ssh, server, busy; // busy: the machine's share of CPU used
        QVector<qint64> hostMs;
    };
    Row rows[2][2]; // [warm][many]
    for (int r = 0; r < rounds; ++r)
        for (int warm = 0; warm < 2; ++warm)
            for (int many = 0; many < 2; ++many) {
                const int k = many ? n : 1;
                const Sample s = bench.run(k, warm != 0);
                failed += s.failed;
                Row &row = rows[warm][many];
                row.wall << s.wallMs;
                row.self << s.selfCpuMs / k;
                row.ssh << s.sshCpuMs / k;
                row.server << s.serverCpuMs / k;
                row.busy << s.machineMs / (double(std::max<qint64>(1, s.wallMs)) * cpus);
                row.hostMs += s.hostMs;
            }
    const qint64 rssEnd = rssKiB();

    auto cpu = [&](int warm, int many, double *self, double *ssh, double *server) {
        const Row &row = rows[warm][many];
        *self = median(row.self);
        *ssh = median(row.ssh);
        *server = median(row.server);
    };
    auto cpuText = [&](int warm, int many, double *total) {
        double self = 0, ssh = 0, server = 0;
        cpu(warm, many, &self, &ssh, &server);
        *total = self + ssh + server;
        return QStringLiteral("CPU per probe %1 ms (shmwise %2, ssh %3, sshd and shell %4)")
            .arg(ms(*total), ms(self), ms(ssh), ms(server));
    };
    for (int warm = 0; warm < 2; ++warm) {
        const qint64 w1 = median(rows[warm][0].wall), wn = median(rows[warm][1].wall);
        QVector<qint64> hs = rows[warm][1].hostMs;
        std::sort(hs.begin(), hs.end());
        double total1 = 0, totalN = 0;
        const QString one = cpuText(warm, 0, &total1), many = cpuText(warm, 1, &totalN);
        const double floorMs = totalN * n / cpus;
        out << (warm ? "warm (shared connections opened by an untimed probe first):\n"
                     : "cold (each probe opens its connection):\n")
            << "  one host: median " << w1 << " ms; " << one << '\n'
            << "  " << n << " hosts, --jobs " << n << ": median " << wn << " ms ("
            << QString::number(double(wn) / double(std::max<qint64>(1, w1)), 'f', 2) << "x one); "
            << many << '\n'
            << "  machine CPU busy during the " << n << "-host run (every process): "
            << QString::number(100.0 * median(rows[warm][1].busy), 'f', 0)
            << "%, this fleet's processes "
            << QString::number(100.0 * totalN * n / (double(std::max<qint64>(1, wn)) * cpus), 'f',
                               0)
            << "%\n"
            << "  per-host probe times: " << hs.first() << " to " << hs.last() << " ms, median "
            << hs.at(hs.size() / 2) << '\n'
            << "  CPU floor: " << ms(totalN) << " ms x " << n << " / " << cpus
            << " CPUs = " << ms(floorMs) << " ms ("
            << QString::number(floorMs / double(std::max<qint64>(1, w1)), 'f', 2) << "x one)\n"
            << "  CPUs needed for under 3x one (this CPU per probe x " << n << " / (3 x " << w1
            << " ms)): at least "
            << int(std::ceil(totalN * n / (3.0 * double(std::max<qint64>(1, w1))))) << '\n';
    }
    out << "resident memory: " << rssStart << " KiB before, " << rssEnd << " KiB after "
        << rounds * 2 * (n + 1) << " timed probes\n"
        << "failed probes: " << failed << '\n';
    return failed == 0 ? 0 : 1;
}
