// SPDX-License-Identifier: GPL-3.0-or-later
#include "probes/joboutput.h"

#include "probes/diagnosis.h"

#include <QElapsedTimer>
#include <QRegularExpression>

#include <cerrno>
#include <poll.h>
#include <unistd.h>

namespace shmwise {

namespace {

void writeAll(int fd, QByteArrayView bytes)
{
    const char *p = bytes.data();
    qsizetype left = bytes.size();
    while (left > 0) {
        const ssize_t n = ::write(fd, p, size_t(left));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return; // a closed terminal or pipe: the job's output is still read and kept
        p += n;
        left -= n;
    }
}

} // namespace

JobOutput::JobOutput(const Options &options)
    : m_options(options), m_diagnoser(std::make_unique<LogDiagnoser>())
{
    if (!options.logPath.isEmpty()) {
        m_log.setFileName(options.logPath);
        m_logOpen = m_log.open(QIODevice::WriteOnly | QIODevice::Truncate);
        m_summary.logPath = options.logPath;
        if (!m_logOpen)
            m_summary.logError = m_log.errorString();
    }
}

JobOutput::~JobOutput() = default;

void JobOutput::feed(int stream, QByteArrayView bytes)
{
    if (bytes.isEmpty())
        return;
    const int forward = stream == 1 ? m_options.forwardOut : m_options.forwardErr;
    if (forward >= 0)
        writeAll(forward, bytes);
    m_diagnoser->feed(bytes);
    m_bytes += bytes.size();
    m_newlines += std::count(bytes.begin(), bytes.end(), '\n');
    m_lastNewline = bytes.back() == '\n';
    if (m_logOpen) {
        const qint64 room = m_options.logLimit - m_log.pos();
        if (room > 0)
            m_log.write(bytes.data(), std::min<qint64>(room, bytes.size()));
        if (bytes.size() > room) {
            m_summary.logTruncated = true;
            m_log.close();
            m_logOpen = false;
        }
    }
    const qsizetype keep = qsizetype(m_options.tailBytes);
    if (bytes.size() >= keep) {
        m_recent = bytes.last(keep).toByteArray();
    } else {
        m_recent.append(bytes);
        if (m_recent.size() > 2 * keep)
            m_recent.remove(0, m_recent.size() - keep);
    }
}

JobOutputSummary JobOutput::finish()
{
    if (m_logOpen) {
        if (!m_log.flush())
            m_summary.logError = m_log.errorString();
        m_log.close();
        m_logOpen = false;
    }
    m_summary.findings = m_diagnoser->finish();
    m_summary.bytes = m_bytes;
    m_summary.lines = m_newlines + (m_bytes > 0 && !m_lastNewline ? 1 : 0);
    QByteArray recent = m_recent.right(m_options.tailBytes);
    // A tail cut inside a line starts at the next whole one, when there is one.
    if (m_bytes > recent.size()) {
        const qsizetype nl = recent.indexOf('\n');
        if (nl >= 0 && nl + 1 < recent.size())
            recent.remove(0, nl + 1);
    }
    m_summary.tail = terminalLines(recent, m_options.tailLines);
    return m_summary;
}

QStringList terminalLines(const QByteArray &bytes, int count)
{
    static const QRegularExpression escapes(
        QStringLiteral("\x1b(\\[[0-?]*[ -/]*[@-~]|\\][^\x07\x1b]*(\x07|\x1b\\\\)?|[@-Z\\\\-_])"));
    // NUL bytes are not text: PyTorch's worker signal handlers write their message's
    // terminating NUL too, which must not end the tail as an empty line.
    QByteArray text = bytes;
    text.replace('\0', QByteArrayView());
    QList<QByteArray> raw = text.split('\n');
    const auto blank = [](const QByteArray &l) {
        return l.trimmed().isEmpty();
    };
    // The tail ends on the last line that says something.
    while (!raw.isEmpty() && blank(raw.last()))
        raw.removeLast();
    QStringList out;
    const qsizetype first = std::max<qsizetype>(0, raw.size() - count);
    for (qsizetype i = first; i < raw.size(); ++i) {
        QString line = QString::fromUtf8(raw.at(i));
        line.remove(escapes);
        // A carriage return rewrites the line: what the last one left shows.
        while (line.endsWith(QLatin1Char('\r')))
            line.chop(1);
        const qsizetype cr = line.lastIndexOf(QLatin1Char('\r'));
        if (cr >= 0)
            line = line.mid(cr + 1);
        out << line;
    }
    return out;
}

// Reads the job's output into `output` until every process that holds the pipes has closed
// them, or until `stop` is set and nothing came for a tenth of a second, or two seconds after
// `stop` at most (a process that escaped the job and keeps a pipe open, or keeps writing, does
// not hold the measurement up).
void readJobOutput(int outFd, int errFd, JobOutput &output, const std::atomic_bool &stop)
{
    pollfd fds[2] = {{outFd, POLLIN, 0}, {errFd, POLLIN, 0}};
    QByteArray buffer(64 * 1024, Qt::Uninitialized);
    QElapsedTimer sinceStop;
    while (fds[0].fd >= 0 || fds[1].fd >= 0) {
        if (stop.load()) {
            if (!sinceStop.isValid())
                sinceStop.start();
            else if (sinceStop.elapsed() > 2000)
                return;
        }
        const int n = ::poll(fds, 2, 100);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            if (n < 0 || stop.load())
                return;
            continue;
        }
        for (int i = 0; i < 2; ++i) {
            if (fds[i].fd < 0 || !(fds[i].revents & (POLLIN | POLLHUP | POLLERR)))
                continue;
            const ssize_t got = ::read(fds[i].fd, buffer.data(), size_t(buffer.size()));
            if (got > 0)
                output.feed(i + 1, QByteArrayView(buffer.constData(), got));
            else if (got == 0 || (errno != EINTR && errno != EAGAIN))
                fds[i].fd = -1; // the caller closes the descriptor
        }
    }
}

} // namespace shmwise
