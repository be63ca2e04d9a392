// SPDX-License-Identifier: GPL-3.0-or-later
// A log read line by line: the lines worth a look, the rule that claims each, the context that
// decides a bare message, messages wrapped over two lines.
#include "probes/diagnosis_p.h"

#include <QCoreApplication>
#include <QIODevice>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

#include <algorithm>
#include <array>
#include <cstring>
#include <limits>
#include <optional>
#include <string_view>

namespace shmwise {

namespace diagnosisread {

using namespace diagnosisrules;

const std::vector<KeywordScanner> &ruleScanners()
{
    static const std::vector<KeywordScanner> s = [] {
        std::vector<KeywordScanner> out;
        for (const Rule &r : rules())
            out.emplace_back(r.keywords);
        return out;
    }();
    return s;
}

const KeywordScanner &scanner()
{
    static const KeywordScanner s = [] {
        std::vector<QByteArray> all = contextKeywords();
        for (const Rule &r : rules())
            all.insert(all.end(), r.keywords.begin(), r.keywords.end());
        return KeywordScanner(all);
    }();
    return s;
}

bool contains(const KeywordScanner &keys, QByteArrayView bytes)
{
    return keys.find(bytes.data(), 0, bytes.size()) >= 0;
}

const QRegularExpression &enospc()
{
    static const QRegularExpression re(QStringLiteral(R"(\[Errno 28\]|No space left on device)"));
    return re;
}

// Docker's json-file driver wraps every line: {"log":"Killed\n","stream":"stderr",...}. The
// message inside, or nothing when the line is not such a wrapper.
std::optional<QString> unwrapDockerJson(QByteArrayView line)
{
    const QByteArrayView t = line.trimmed();
    if (!t.startsWith("{\"log\":"))
        return std::nullopt;
    const QJsonDocument doc = QJsonDocument::fromJson(t.toByteArray());
    if (!doc.isObject())
        return std::nullopt;
    QString log = doc.object().value(QLatin1String("log")).toString();
    while (log.endsWith(QLatin1Char('\n')) || log.endsWith(QLatin1Char('\r')))
        log.chop(1);
    // Escapes arrive as text inside the JSON, so the decoder could not drop them.
    static const QRegularExpression ansi(QStringLiteral("\x1b\\[[0-9;?]*[ -/]*[@-~]"));
    return log.remove(ansi);
}

QString shorten(const QString &line, qsizetype at)
{
    const QString t = line.trimmed();
    if (t.size() <= MaxEvidence)
        return t;
    qsizetype lead = 0;
    while (lead < line.size() && line.at(lead).isSpace())
        ++lead;
    at = qBound<qsizetype>(0, at - lead, t.size());
    qsizetype from = qMax<qsizetype>(0, at - MaxEvidence / 3);
    qsizetype to = qMin(t.size(), from + MaxEvidence);
    from = qMax<qsizetype>(0, to - MaxEvidence);
    QString out = t.mid(from, to - from);
    if (from > 0)
        out.prepend(QChar(0x2026));
    if (to < t.size())
        out.append(QChar(0x2026));
    return out;
}

} // namespace diagnosisread

using namespace diagnosisrules;
using namespace diagnosisread;

size_t LogDiagnoser::Private::ruleIndex(const char *id) const
{
    const std::vector<Rule> &all = rules();
    return static_cast<size_t>(
        std::find_if(all.begin(), all.end(),
                     [id](const Rule &x) { return x.id == std::string_view(id); }) -
        all.begin());
}

void LogDiagnoser::Private::readNcclFigures(const QString &text)
{
    // "NCCL version 2.18.1+cuda12.1"; "... shared memory segment /dev/shm/nccl-X (size 9637888)",
    // "failed to extend /dev/shm/nccl-X to 9637892 bytes".
    static const QRegularExpression version(
        QStringLiteral(R"(\bNCCL version (\d+\.\d+(?:\.\d+)?))"));
    static const QRegularExpression size(QStringLiteral(
        R"((?:/dev/shm/nccl-\S*|shared memory segment \S*)\s*(?:\(size (\d+)\)|to (\d+) bytes))"));
    static const QRegularExpression allocated(
        QStringLiteral(R"(\bAllocated (\d+) bytes of shared memory in /dev/shm/)"));
    if (const QRegularExpressionMatch m = version.match(text); m.hasMatch())
        figures.ncclVersion = m.captured(1);
    if (const QRegularExpressionMatch m = allocated.match(text); m.hasMatch()) {
        figures.ncclAllocated = satAdd(figures.ncclAllocated, m.captured(1).toULongLong());
        ++figures.ncclAllocations;
    }
    // The segment's own size is said with "(size N)"; the file it extends holds 4 bytes more.
    if (const QRegularExpressionMatch m = size.match(text); m.hasMatch()) {
        if (!m.captured(1).isEmpty()) {
            const Bytes b = m.captured(1).toULongLong();
            figures.ncclSegment = ncclSized ? std::max(figures.ncclSegment, b) : b;
            ncclSized = true;
        } else if (!ncclSized) {
            figures.ncclSegment = std::max(figures.ncclSegment, m.captured(2).toULongLong());
        }
    }
}

void LogDiagnoser::Private::record(size_t rule, Certainty certainty, const char *reason,
                                   const QString &text, qsizetype at, qint64 lineNo)
{
    Finding &f = found[rule];
    // The first line at the surest certainty is the evidence.
    if (f.id.isEmpty() || certainty < f.certainty) {
        const bool had = !f.id.isEmpty();
        f.id = QLatin1String(rules()[rule].id);
        f.severity = rules()[rule].severity;
        f.line = int(qMin<qint64>(lineNo, std::numeric_limits<int>::max()));
        f.evidence = shorten(text, at);
        f.certainty = certainty;
        why[rule] = reason;
        if (!had)
            f.occurrences = 0;
    }
    if (lastLine[rule] != lineNo) {
        lastLine[rule] = lineNo;
        ++f.occurrences;
    }
    static const QRegularExpression srunKilled(
        QStringLiteral(R"(\btasks? [\d,\-\[\]]+: Killed\s*$)"));
    if ((rules()[rule].id == std::string_view(diagnosis::HostOom) ||
         rules()[rule].id == std::string_view(diagnosis::OomFromShm)) &&
        !srunKilled.match(text).hasMatch())
        hostOomStrong = true;
}

QByteArray LogDiagnoser::Private::shapeOf(QByteArrayView line)
{
    if (line.size() > 512)
        return {};
    QByteArray key(line.data(), line.size());
    for (char &c : key)
        if (c >= '0' && c <= '9')
            c = '0';
    return key;
}

int LogDiagnoser::Private::match(QByteArrayView raw, const QString &text, qint64 lineNo)
{
    const std::vector<Rule> &all = rules();
    const std::vector<KeywordScanner> &keys = ruleScanners();
    Q_ASSERT(keys.size() == all.size());
    // Python's source line echoed in a traceback repeats the message's format string
    // ("raise RuntimeError('DataLoader worker (pid {}) is killed by signal: {}'"); only the
    // message is evidence, except where a truncated traceback shows nothing else.
    if (text.trimmed().startsWith(QLatin1String("raise "))) {
        if (!text.contains(QLatin1String("items of ancdata")))
            return -1;
    }
    static const KeywordScanner semLock({"semlock"});
    static const KeywordScanner shmWords({"shm", "shared memory", "共享内存"});
    static const KeywordScanner cancelWords({"cancelled at", "forcing job termination"});
    static const KeywordScanner loaderWords({"dataloader", "worker", "torch", "multiprocessing"});
    static const KeywordScanner frameWords({"in __next__", "in _next_data"});
    if (contains(semLock, raw))
        semLockLine = lineNo;
    if (!shmMentioned && contains(shmWords, raw))
        shmMentioned = true;
    if (contains(cancelWords, raw))
        stepCancelled = true;
    static const KeywordScanner launcherWords({"received sigquit from a child process",
                                               "forcefully exitting via 9",
                                               "forcefully exiting via 9"});
    if (contains(launcherWords, raw))
        launcherKilled = true;
    if (!loaderMentioned && contains(loaderWords, raw))
        loaderMentioned = true;
    // A traceback read as frames: `File ".../dataloader.py", line 450, in __next__`.
    static const QRegularExpression loaderFrame(QStringLiteral(
        R"(^\s*File "[^"]*(?i:data_?loader|dataset|data_?pipe)[^"]*", line \d+, in (?:__next__|_next_data)\b)"));
    if (contains(frameWords, raw) && loaderFrame.match(text).hasMatch())
        loaderFrameLine = lineNo;
    static const KeywordScanner writerWords({"semlock", "shared_memory", "heap.py", "_share_f",
                                             "share_memory_", "shm_open", "/dev/shm/"});
    if (contains(writerWords, raw) && shmWriterFrame().match(text).hasMatch())
        shmWriterLine = lineNo;
    static const KeywordScanner ncclFrameWords(ncclFrameKeywords());
    static const QRegularExpression ncclFrame(QStringLiteral(
        R"(libnccl\S*\.so|\bnccl(?:Shm|Proxy|Group|Comm|GetUniqueId|AllReduce)\w*|shmutils\.cc)"));
    if (contains(ncclFrameWords, raw) && ncclFrame.match(text).hasMatch())
        ncclFrameLine = lineNo;
    for (size_t r = 0; r < all.size(); ++r) {
        if (!contains(keys[r], raw))
            continue;
        const Rule &rule = all[r];
        const std::array<std::pair<const QRegularExpression *, Certainty>, 3> levels = {
            {{&rule.certain, Certainty::Certain},
             {&rule.likely, Certainty::Likely},
             {&rule.possible, Certainty::Possible}}};
        for (const auto &[re, certainty] : levels) {
            if (re->pattern().isEmpty())
                continue;
            const QRegularExpressionMatch m = re->match(text);
            if (!m.hasMatch())
                continue;
            const char *reason = certainty == Certainty::Likely     ? rule.likelyWhy
                                 : certainty == Certainty::Possible ? rule.possibleWhy
                                                                    : nullptr;
            record(r, certainty, reason, text, m.capturedStart(), lineNo);
            return int(r);
        }
    }
    // The exception that ends a traceback through a data loader's __next__, raised without a
    // message (MXNet Gluon's worker pool): the frames are the evidence.
    static const QRegularExpression bareTimeout(
        QStringLiteral(R"(^\s*(?:[\w.]+\.)?TimeoutError\s*:?\s*$)"));
    if (lineNo - loaderFrameLine <= LoaderFrameReach && bareTimeout.match(text).hasMatch()) {
        const auto timeout = static_cast<size_t>(
            std::find_if(all.begin(), all.end(),
                         [](const Rule &x) {
                             return x.id == std::string_view(diagnosis::DataLoaderTimeout);
                         }) -
            all.begin());
        record(timeout, Certainty::Likely,
               QT_TRANSLATE_NOOP("shmwise::Diagnosis",
                                 "A TimeoutError without a message ends a traceback through a "
                                 "data loader's __next__: the frames, not the message, name the "
                                 "loader."),
               text, 0, lineNo);
        return -2;
    }
    // "OSError: [Errno 122] Disk quota exceeded" a few lines under a frame that writes shared
    // memory (a SemLock, multiprocessing.shared_memory, a tensor moved to shared memory) is the
    // quota on /dev/shm.
    if (lineNo - shmWriterLine <= ShmWriterReach) {
        const QRegularExpressionMatch m = bareQuotaError().match(text);
        if (m.hasMatch()) {
            record(ruleIndex(diagnosis::ShmQuotaExceeded), Certainty::Likely,
                   QT_TRANSLATE_NOOP("shmwise::Diagnosis",
                                     "A quota error that names no file, a few lines under a "
                                     "frame of code that writes shared memory."),
                   text, m.capturedStart(), lineNo);
            return -2;
        }
    }
    // A segment of multiprocessing.shared_memory (any name) or a file of /dev/shm opened and
    // found gone: "FileNotFoundError: [Errno 2] No such file or directory: 'name'" under the
    // frame that opened it.
    if (lineNo - shmWriterLine <= ShmWriterReach) {
        static const QRegularExpression gone(
            QStringLiteral(R"(^\s*FileNotFoundError\b.*No such file or directory)"));
        const QRegularExpressionMatch m = gone.match(text);
        if (m.hasMatch()) {
            record(ruleIndex(diagnosis::ShmFilesRemoved), Certainty::Likely,
                   QT_TRANSLATE_NOOP("shmwise::Diagnosis",
                                     "A file that is not found, a few lines under the frame of "
                                     "code that opens shared memory by name."),
                   text, m.capturedStart(), lineNo);
            return -2;
        }
    }
    // Python's multiprocessing creates its semaphores in /dev/shm: "OSError: [Errno 28]" a few
    // lines under a SemLock frame is /dev/shm running out.
    if (lineNo - semLockLine <= SemLockReach) {
        const QRegularExpressionMatch m = enospc().match(text);
        if (m.hasMatch()) {
            const auto exhausted = static_cast<size_t>(
                std::find_if(all.begin(), all.end(),
                             [](const Rule &x) {
                                 return x.id == std::string_view(diagnosis::ShmExhausted);
                             }) -
                all.begin());
            record(exhausted, Certainty::Likely,
                   QT_TRANSLATE_NOOP("shmwise::Diagnosis",
                                     "\"No space left on device\" a few lines under a SemLock "
                                     "frame: Python's multiprocessing makes its semaphores in "
                                     "/dev/shm."),
                   text, m.capturedStart(), lineNo);
            return -2;
        }
    }
    return -1;
}

bool LogDiagnoser::Private::matchJoined(QByteArrayView first, QByteArrayView second, qint64 lineNo)
{
    if (first.size() > WrapTail)
        first = first.last(WrapTail);
    if (second.size() > WrapTail)
        second = second.first(WrapTail);
    QByteArray joined;
    joined.reserve(first.size() + 1 + second.size());
    joined.append(first.data(), first.size());
    joined.append(' ');
    joined.append(second.data(), second.size());
    const QString text = QString::fromUtf8(joined).simplified();
    return match(text.toUtf8(), text, lineNo) != -1;
}

void LogDiagnoser::Private::classify(const char *p, qsizetype n, qint64 lineNo, QByteArrayView prev,
                                     QByteArrayView next)
{
    const QByteArrayView self(p, n);
    // Figures are read once per line (match() also sees lines joined with their neighbours).
    static const KeywordScanner ncclWords({"nccl"});
    if (contains(ncclWords, self))
        readNcclFigures(QString::fromUtf8(p, n));
    static const KeywordScanner chargeWords(shmChargeKeywords());
    if (contains(chargeWords, self))
        readShmCharge(QString::fromUtf8(p, n), lineNo, figures);
    if (const std::optional<QString> inner = unwrapDockerJson(self)) {
        if (match(inner->toUtf8(), *inner, lineNo) != -1)
            return;
    } else {
        const QByteArray key = shapeOf(self);
        for (const Shape &sh : shapes) {
            if (sh.rule >= 0 && sh.key == key && !key.isEmpty()) {
                const auto r = size_t(sh.rule);
                if (lastLine[r] != lineNo) {
                    lastLine[r] = lineNo;
                    ++found[r].occurrences;
                }
                return;
            }
        }
        const int r = match(self, QString::fromUtf8(p, n), lineNo);
        if (r >= 0 && !key.isEmpty()) {
            shapes[nextShape] = Shape{key, r};
            nextShape = (nextShape + 1) % shapes.size();
        }
        if (r != -1)
            return;
    }
    // A message wrapped over two lines ("... killed by signal: Bus" / "error. It is possible").
    if (!prev.isEmpty() && matchJoined(prev, self, lineNo - 1))
        return;
    if (!next.isEmpty())
        matchJoined(self, next, lineNo);
}

void LogDiagnoser::Private::scan(const char *data, qsizetype n, bool endsLine)
{
    const KeywordScanner &keys = scanner();
    qsizetype counted = 0; // newlines before this offset are in `line`
    qsizetype pos = 0;
    while (pos < n) {
        const qsizetype hit = keys.find(data, pos, n);
        if (hit < 0)
            break;
        const auto *nl = static_cast<const char *>(memrchr(data, '\n', size_t(hit)));
        const qsizetype start = nl ? (nl - data) + 1 : 0;
        const auto *endp = static_cast<const char *>(memchr(data + hit, '\n', size_t(n - hit)));
        const qsizetype end = endp ? endp - data : n;
        line += std::count(data + counted, data + start, '\n');
        counted = start;
        QByteArrayView prev;
        if (start > 0) {
            const auto *pnl =
                start >= 2 ? static_cast<const char *>(memrchr(data, '\n', size_t(start - 1)))
                           : nullptr;
            const qsizetype ps = pnl ? (pnl - data) + 1 : 0;
            prev = QByteArrayView(data + ps, start - 1 - ps);
        } else {
            prev = prevTail;
        }
        QByteArrayView next;
        if (end + 1 < n) {
            const auto *nnl =
                static_cast<const char *>(memchr(data + end + 1, '\n', size_t(n - end - 1)));
            next = QByteArrayView(data + end + 1, (nnl ? nnl - data : n) - end - 1);
        }
        classify(data + start, end - start, line, prev, next);
        pos = end + 1;
    }
    line += std::count(data + counted, data + n, '\n');
    // Keep the end of the last complete line for a message wrapped onto the next chunk.
    if (endsLine && n > 0) {
        const qsizetype last = n - 1; // the '\n'
        const auto *pnl =
            last > 0 ? static_cast<const char *>(memrchr(data, '\n', size_t(last))) : nullptr;
        const qsizetype ps = pnl ? (pnl - data) + 1 : 0;
        const qsizetype from = qMax(ps, last - WrapTail);
        prevTail = QByteArray(data + from, last - from);
    }
}

void LogDiagnoser::Private::consume(bool atEnd)
{
    const auto *nl =
        static_cast<const char *>(memrchr(pending.constData(), '\n', size_t(pending.size())));
    if (nl) {
        const qsizetype complete = (nl - pending.constData()) + 1;
        scan(pending.constData(), complete, true);
        pending.remove(0, complete);
    }
    while (pending.size() > MaxPiece) {
        // One line longer than a piece: search it piece by piece, keeping an overlap.
        scan(pending.constData(), MaxPiece, false);
        pending.remove(0, MaxPiece - Overlap);
    }
    if (atEnd) {
        if (!pending.isEmpty()) {
            scan(pending.constData(), pending.size(), false);
            lines = line;
        } else {
            lines = line - 1;
        }
        pending.clear();
    }
}

} // namespace shmwise
