// SPDX-License-Identifier: GPL-3.0-or-later
#include "probes/remoteclean.h"

#include "core/atomicfile.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>

#include <cmath>

namespace shmwise {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(shmwise::RemoteClean)
};

// Why a file was left: the words of probes/shmowner.cpp, in its context, so that a file left on
// a host reads as one left on this computer (and shares its translation).
struct OwnerTr
{
    Q_DECLARE_TR_FUNCTIONS(shmwise::ShmOwner)
};

// A line of the script is a file's name (at most 255 bytes, base64 or JSON-escaped) and a few
// numbers: anything much longer is not the script's.
constexpr qsizetype MaxLine = 64 * 1024;

QByteArray resource(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// A word for sh: single-quoted, each ' closed, escaped and reopened.
QByteArray shellQuote(const QString &text)
{
    QByteArray q = text.toUtf8();
    q.replace('\'', "'\\''");
    return '\'' + q + '\'';
}

// A count or a size from the host: a finite, non-negative whole number below a bound.
std::optional<qint64> wholeOf(const QJsonValue &v, double max)
{
    if (!v.isDouble())
        return std::nullopt;
    const double d = v.toDouble();
    if (!std::isfinite(d) || d < 0 || d > max || d != std::floor(d))
        return std::nullopt;
    return qint64(d);
}

int countOf(const QJsonValue &v)
{
    return int(wholeOf(v, 1e9).value_or(0));
}

// The host's own words (an error), bounded and on one line.
QString hostText(const QJsonValue &v)
{
    return pathText(v.toString().left(200));
}

QString leftBecause(const QString &code, const QJsonObject &o, const QString &dir)
{
    if (code == QLatin1String("symlink"))
        return OwnerTr::tr("it is a symbolic link now");
    if (code == QLatin1String("unreadable"))
        return OwnerTr::tr("cannot open it: %1").arg(hostText(o.value(QLatin1String("error"))));
    if (code == QLatin1String("not-regular"))
        return OwnerTr::tr("not a regular file");
    if (code == QLatin1String("replaced"))
        return OwnerTr::tr("replaced by another file since it was listed");
    if (code == QLatin1String("other-owner"))
        return OwnerTr::tr("owned by user %1")
            .arg(wholeOf(o.value(QLatin1String("uid")), 4e9).value_or(0));
    if (code == QLatin1String("young"))
        return OwnerTr::tr("changed %1 s ago")
            .arg(wholeOf(o.value(QLatin1String("age")), 1e12).value_or(0));
    if (code == QLatin1String("held"))
        return OwnerTr::tr("held by process %1")
            .arg(wholeOf(o.value(QLatin1String("pid")), 4e9).value_or(0));
    if (code == QLatin1String("in-use"))
        return OwnerTr::tr("open in another process");
    if (code == QLatin1String("opened"))
        return OwnerTr::tr("opened by another process while it was checked");
    if (code == QLatin1String("not-plain-name"))
        return OwnerTr::tr("not a name directly in %1").arg(pathText(dir));
    if (code == QLatin1String("unremovable"))
        return OwnerTr::tr("cannot remove it: %1").arg(hostText(o.value(QLatin1String("error"))));
    return OwnerTr::tr("cannot remove it: %1").arg(hostText(code.left(32)));
}

// A name as the script sent it: UTF-8 in "name", any other bytes in "name_b64". Empty when it is
// not a name directly in a folder.
QString nameOf(const QJsonObject &o)
{
    QByteArray raw;
    if (o.value(QLatin1String("name")).isString()) {
        raw = o.value(QLatin1String("name")).toString().toUtf8();
    } else if (o.value(QLatin1String("name_b64")).isString()) {
        const auto decoded =
            QByteArray::fromBase64Encoding(o.value(QLatin1String("name_b64")).toString().toLatin1(),
                                           QByteArray::AbortOnBase64DecodingErrors);
        if (!decoded)
            return {};
        raw = *decoded;
    }
    if (raw.isEmpty() || raw.size() > 255 || raw.contains('/') || raw.contains('\0') ||
        raw == "." || raw == "..")
        return {};
    return QFile::decodeName(raw);
}

} // namespace

QByteArray remoteCleanScript(const CleanOptions &options)
{
    QByteArray s;
    s += "set -u\n"
         "t=${TMPDIR:-/tmp}\n"
         "case $t in /*) ;; *) t=/tmp ;; esac\n"
         "d=$(mktemp -d \"$t/shmwise-remote-clean-XXXXXX\") || {\n"
         "  echo '{\"t\":\"error\",\"why\":\"no-temporary-folder\"}'; exit 0; }\n"
         "trap 'rm -rf \"$d\"' EXIT\n"
         "trap 'exit 1' HUP INT TERM\n"
         "cat >\"$d/shmclean.py\" <<'SHMWISE_END_OF_CLEAN'\n";
    s += resource(QStringLiteral(":/clean/shmclean.py"));
    s += "\nSHMWISE_END_OF_CLEAN\n"
         "py=$(command -v python3) || {\n"
         "  echo '{\"t\":\"error\",\"why\":\"no-python\"}'; exit 0; }\n"
         // -I: neither the environment's PYTHONPATH nor the login's site-packages are read.
         "\"$py\" -I \"$d/shmclean.py\" --dir=";
    s += shellQuote(options.dir);
    s += " --older-than=" + QByteArray::number(options.olderThanSeconds);
    if (!options.dryRun)
        s += " --yes";
    // Root removes anyone's files, as on this computer.
    s += " --uid-any </dev/null\n";
    return s;
}

RemoteCleanReader::RemoteCleanReader(const QString &where, qint64 maxFiles)
    : m_where(where), m_maxFiles(maxFiles)
{}

void RemoteCleanReader::feed(const QByteArray &bytes)
{
    qsizetype start = 0;
    if (m_skipping) {
        // The rest of a line already too long: dropped up to its end.
        const qsizetype nl = bytes.indexOf('\n');
        if (nl < 0)
            return;
        m_skipping = false;
        start = nl + 1;
    }
    m_pending += bytes.mid(start);
    start = 0;
    for (;;) {
        const qsizetype nl = m_pending.indexOf('\n', start);
        if (nl < 0)
            break;
        if (nl - start > MaxLine)
            ++m_result.badLines;
        else
            line(m_pending.mid(start, nl - start));
        start = nl + 1;
    }
    m_pending.remove(0, start);
    if (m_pending.size() > MaxLine) {
        m_pending.clear();
        m_pending.squeeze();
        m_skipping = true;
        ++m_result.badLines;
    }
}

void RemoteCleanReader::line(const QByteArray &text)
{
    if (text.trimmed().isEmpty())
        return;
    QJsonParseError pe{};
    const QJsonDocument doc = QJsonDocument::fromJson(text, &pe);
    if (pe.error != QJsonParseError::NoError || !doc.isObject()) {
        ++m_result.badLines;
        return;
    }
    const QJsonObject o = doc.object();
    const QString t = o.value(QLatin1String("t")).toString();
    m_any = true;
    if (m_summary || !m_result.error.isEmpty())
        return; // nothing counts after the end
    if (t == QLatin1String("start")) {
        m_dir = o.value(QLatin1String("dir")).toString().left(4096);
    } else if (t == QLatin1String("wait")) {
        // alive
    } else if (t == QLatin1String("file")) {
        const QString name = nameOf(o);
        const auto bytes = wholeOf(o.value(QLatin1String("bytes")), 9e15);
        const auto age = wholeOf(o.value(QLatin1String("age")), 1e12);
        if (name.isEmpty() || !bytes || !age) {
            ++m_result.badLines;
            return;
        }
        if (m_result.files.size() >= m_maxFiles) {
            ++m_unlisted;
            return;
        }
        CleanedFile f;
        f.name = name;
        f.allocated = Bytes(*bytes);
        f.ageSeconds = *age;
        const QJsonValue why = o.value(QLatin1String("left_because"));
        // Removed (or would be) unless a reason is given; --yes is this side's, not the host's.
        f.removed = why.isNull() || why.isUndefined();
        if (!f.removed)
            f.reason = leftBecause(why.toString(), o, m_dir);
        m_result.files.append(f);
    } else if (t == QLatin1String("summary")) {
        m_summary = true;
        m_result.held = countOf(o.value(QLatin1String("held")));
        m_result.heldBytes = Bytes(wholeOf(o.value(QLatin1String("held_bytes")), 9e18).value_or(0));
        m_result.otherOwners = countOf(o.value(QLatin1String("other_owners")));
        m_result.younger = countOf(o.value(QLatin1String("younger")));
        m_result.notRegular = countOf(o.value(QLatin1String("not_regular")));
        m_result.notListed += wholeOf(o.value(QLatin1String("over_cap")), 1e12).value_or(0);
        m_result.unreadableProcesses = countOf(o.value(QLatin1String("unreadable_processes")));
    } else if (t == QLatin1String("error")) {
        const QString why = o.value(QLatin1String("why")).toString();
        const QString dir = pathText(o.value(QLatin1String("dir")).toString().left(4096));
        const QString said = hostText(o.value(QLatin1String("error")));
        if (why == QLatin1String("no-python"))
            m_result.error = Tr::tr("no python3 on %1: clean runs its checks there with python3 "
                                    "(nothing is installed); install python3 there, or run "
                                    "shmwise clean on that host itself")
                                 .arg(m_where);
        else if (why == QLatin1String("old-python"))
            m_result.error = Tr::tr("python3 on %1 is %2; clean needs Python 3.6 or later there")
                                 .arg(m_where, said);
        else if (why == QLatin1String("no-temporary-folder"))
            m_result.error = Tr::tr("cannot make a temporary folder on %1 (mktemp -d in $TMPDIR "
                                    "or /tmp)")
                                 .arg(m_where);
        else if (why == QLatin1String("no-dir"))
            m_result.error = Tr::tr("--dir: %1 is not a folder on %2").arg(dir, m_where);
        else if (why == QLatin1String("system-dir"))
            m_result.error = Tr::tr("--dir: %1 is the system directory %2 on %3; clean removes "
                                    "only shared-memory files")
                                 .arg(dir, hostText(o.value(QLatin1String("system"))), m_where);
        else if (why == QLatin1String("unreadable-dir"))
            m_result.error = Tr::tr("cannot read %1 on %2: %3").arg(dir, m_where, said);
        else
            m_result.error = Tr::tr("clean on %1 failed: %2")
                                 .arg(m_where, said.isEmpty() ? hostText(why.left(32)) : said);
    } else {
        ++m_result.badLines;
    }
}

CleanResult RemoteCleanReader::finish()
{
    if (!m_skipping && !m_pending.isEmpty())
        line(m_pending);
    m_pending.clear();
    m_skipping = false;
    m_result.notListed += m_unlisted;
    m_unlisted = 0;
    if (m_result.error.isEmpty() && !m_summary) {
        m_result.error =
            m_result.files.isEmpty()
                ? Tr::tr("the answer from %1 ended before clean said what it did").arg(m_where)
                : Tr::tr("the answer from %1 ended after %n file(s), before clean said what it "
                         "did; those are listed above",
                         nullptr, int(std::min<qint64>(m_result.files.size(), 1000000000)))
                      .arg(m_where);
    }
    return m_result;
}

CleanResult runRemoteClean(const Target &target, const ProbeOptions &probe,
                           const CleanOptions &options)
{
    const QString where = target.toString();
    CleanResult result;
    if (target.kind == Target::Kind::Local) {
        result.error = Tr::tr("clean on this computer does not go through a shell");
        return result;
    }
    QString error;
    const std::optional<ProbeCommand> command = probeCommand(target, probe, &error);
    if (!command) {
        result.error = error;
        return result;
    }
    QProcess process;
    process.setProgram(command->program);
    process.setArguments(command->arguments);
    process.start();
    if (!process.waitForStarted(10000)) {
        result.error = Tr::tr("cannot start %1: %2").arg(command->program, process.errorString());
        return result;
    }
    process.write(remoteCleanScript(options));
    process.closeWriteChannel();

    RemoteCleanReader reader(where);
    QByteArray errors; // the last of what the target said on standard error
    QElapsedTimer idle;
    idle.start();
    QElapsedTimer total;
    total.start();
    // However much the host keeps saying it is alive, a run ends within half an hour.
    constexpr qint64 MaxRunMs = 30 * 60 * 1000;
    bool timedOut = false;
    for (;;) {
        const bool running = process.state() != QProcess::NotRunning;
        if (running)
            process.waitForReadyRead(100);
        const QByteArray e = process.readAllStandardError();
        if (!e.isEmpty()) {
            errors += e;
            if (errors.size() > 65536)
                errors = errors.right(65536);
        }
        const QByteArray got = process.readAllStandardOutput();
        if (!got.isEmpty()) {
            idle.restart();
            reader.feed(got);
        }
        if (!running)
            break;
        if (idle.elapsed() > probe.timeoutMs || total.elapsed() > MaxRunMs) {
            timedOut = true;
            // Closing the connection stops the script there: it removes nothing more once
            // nobody reads what it says.
            process.kill();
            process.waitForFinished(5000);
            break;
        }
    }
    process.waitForFinished(5000);
    result = reader.finish();
    if (timedOut && !reader.sawSummary()) {
        result.error = Tr::tr("%1 said nothing for %2 s; the connection was closed, which stops "
                              "clean there")
                           .arg(where)
                           .arg(probe.timeoutMs / 1000.0);
    } else if (!reader.sawAnything()) {
        const QString said = transportStderrText(errors);
        const QString why =
            explainTransportFailure(target, said, process.exitCode(), probe.sshConfig);
        const QString last = said.trimmed().section(QLatin1Char('\n'), -1).trimmed().left(500);
        result.error = !why.isEmpty()    ? why
                       : !last.isEmpty() ? Tr::tr("clean on %1 failed: %2").arg(where, last)
                                         : Tr::tr("clean on %1 ended without an answer (exit "
                                                  "code %2)")
                                               .arg(where)
                                               .arg(process.exitCode());
    }
    return result;
}

} // namespace shmwise
