// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/watchutil.h"

#include "app/cliutil.h"
#include "core/exitcodes.h"

#include <QDir>
#include <QFileInfo>
#include <QSaveFile>

#include <atomic>

#include <sys/ioctl.h>
#include <unistd.h>

namespace shmwise::cli::watch {

namespace {
std::atomic_bool g_stop{false};

extern "C" void onStopSignal(int)
{
    g_stop = true;
}
} // namespace

bool stopRequested()
{
    return g_stop;
}

void clearStop()
{
    g_stop = false;
}

StopSignals::StopSignals()
{
    struct sigaction sa
    {};
    sa.sa_handler = onStopSignal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, &m_oldInt);
    sigaction(SIGTERM, &sa, &m_oldTerm);
}

StopSignals::~StopSignals()
{
    sigaction(SIGINT, &m_oldInt, nullptr);
    sigaction(SIGTERM, &m_oldTerm, nullptr);
}

int sampleExitCode(const WatchSample &s, WatchLevel level)
{
    return !s.ok                       ? int(ExitUsage)
           : level == WatchLevel::Crit ? ExitCrit
           : level == WatchLevel::Warn ? ExitWarn
                                       : int(ExitOk);
}

QString printable(QString line)
{
    for (QChar &c : line)
        if (c.category() == QChar::Other_Control || c.category() == QChar::Other_Format)
            c = QLatin1Char('?');
    return line;
}

std::optional<double> readPercent(QString text)
{
    text = text.trimmed();
    if (text.endsWith(QLatin1Char('%')))
        text.chop(1);
    const std::optional<double> v = cli::parseSeconds(text, 1, 100);
    return v;
}

int terminalWidth()
{
    struct winsize ws
    {};
    if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0)
        return ws.ws_col;
    return 100;
}

bool checkTextfileDir(const QString &dir, QString *why)
{
    const QFileInfo info(dir);
    if (info.isSymLink()) {
        *why = Tr::tr("--textfile %1 is a symbolic link (to %2); name the folder itself")
                   .arg(dir, info.symLinkTarget());
        return false;
    }
    if (!info.exists()) {
        *why = Tr::tr("--textfile %1 does not exist").arg(dir);
        return false;
    }
    if (!info.isDir()) {
        *why = Tr::tr("--textfile %1 is not a folder").arg(dir);
        return false;
    }
    if (access(QFile::encodeName(dir).constData(), W_OK | X_OK) != 0) {
        *why = Tr::tr("--textfile %1 is not writable").arg(dir);
        return false;
    }
    return true;
}

// Replaces DIR/shmwise_shm.prom atomically (node_exporter never reads half a file); a link put
// in its place is refused, never written through.
namespace {
bool writeTextfile(const QString &dir, const QByteArray &text, QString *why)
{
    const QString path = QDir(dir).filePath(QStringLiteral("shmwise_shm.prom"));
    if (QFileInfo(path).isSymLink()) {
        *why = Tr::tr("%1 is a symbolic link; not written through").arg(path);
        return false;
    }
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(text) != text.size() || !f.commit()) {
        *why = Tr::tr("cannot write %1: %2").arg(path, f.errorString());
        return false;
    }
    return true;
}
} // namespace

void TextfileWriter::write(const QByteArray &text)
{
    if (m_dir.isEmpty())
        return;
    QString why;
    if (!writeTextfile(m_dir, text, &why)) {
        if (!m_broken)
            printError(QStringLiteral("watch"), why);
        m_broken = true;
    } else {
        m_broken = false;
    }
}

} // namespace shmwise::cli::watch
