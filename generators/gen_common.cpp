// SPDX-License-Identifier: GPL-3.0-or-later
#include "generators/gen_common.h"

#include "core/textwidth.h"

#include "core/yamlscalar.h"

#include <QCoreApplication>
#include <QRegularExpression>

#include <algorithm>

namespace shmwise::gen {

int TextBuilder::line(const QString &text)
{
    m_lines << text;
    return m_lines.size();
}

void TextBuilder::comment(const char *prefix, const QString &text, const char *firstPrefix)
{
    const bool wrap = !m_fileText.isEnglish();
    if (!firstPrefix) {
        m_lines << commentLines(QLatin1String(prefix), text, wrap);
        return;
    }
    const QString first = QLatin1String(firstPrefix);
    const QString rest = QLatin1String(prefix);
    const QStringList lines = commentLines(
        QString(), text, wrap, kCommentWidth - std::max(displayWidth(first), displayWidth(rest)));
    for (int i = 0; i < lines.size(); ++i)
        m_lines << ((i == 0 ? first : rest) + lines.at(i));
}

void TextBuilder::docstring(const char *indent, const char *source)
{
    const QString text = fileText(source);
    const QString quotes = QLatin1String(indent) + QLatin1String("\"\"\"");
    const QString oneLine = quotes + text + QLatin1String("\"\"\"");
    if (m_fileText.isEnglish() || displayWidth(oneLine) <= kCommentWidth) {
        m_lines << oneLine;
        return;
    }
    m_lines << quotes;
    m_lines << commentLines(QLatin1String(indent), text, true);
    m_lines << quotes;
}

void TextBuilder::prose(const QString &text)
{
    m_lines << text.split(QLatin1Char('\n'));
}

void TextBuilder::note(const QString &text)
{
    noteAt(m_lines.size(), text);
}

void TextBuilder::noteAt(int line, const QString &text)
{
    m_notes.append({line, text});
}

QString TextBuilder::text() const
{
    return m_lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

void TextBuilder::addJsonCommas()
{
    for (int i = 0; i + 1 < m_lines.size(); ++i) {
        const QString cur = m_lines.at(i).trimmed();
        const QString next = m_lines.at(i + 1).trimmed();
        if (cur.endsWith(QLatin1Char('{')) || cur.endsWith(QLatin1Char('[')) ||
            cur.endsWith(QLatin1Char(',')))
            continue;
        if (next.startsWith(QLatin1Char('}')) || next.startsWith(QLatin1Char(']')))
            continue;
        m_lines[i] += QLatin1Char(',');
    }
}

void TextBuilder::finish(Artifact *a) const
{
    a->text = text();
    a->notes = m_notes;
    std::stable_sort(a->notes.begin(), a->notes.end(),
                     [](const LineNote &x, const LineNote &y) { return x.line < y.line; });
}

QString shellQuote(const QString &word)
{
    // anchoredPattern(): ^...$ would leave a word with a final newline bare.
    static const QRegularExpression safe(
        QRegularExpression::anchoredPattern(QStringLiteral("[A-Za-z0-9_@%+=:,./-]+")));
    if (safe.match(word).hasMatch())
        return word;
    QString q = word;
    q.replace(QLatin1Char('\''), QStringLiteral("'\\''"));
    return QLatin1Char('\'') + q + QLatin1Char('\'');
}

QString shellJoin(const QStringList &words)
{
    QStringList q;
    for (const QString &w : words)
        q << shellQuote(w);
    return q.join(QLatin1Char(' '));
}

QString quoted(const QString &s)
{
    QString q = s;
    q.replace(QLatin1Char('\\'), QStringLiteral("\\\\"));
    q.replace(QLatin1Char('"'), QStringLiteral("\\\""));
    return QLatin1Char('"') + q + QLatin1Char('"');
}

QString yamlScalar(const QString &s)
{
    return yamlPlainIsSafe(s) ? s : quoted(s);
}

QString dollarsEscaped(const QString &s)
{
    QString out = s;
    return out.replace(QLatin1Char('$'), QStringLiteral("$$"));
}

QStringList dollarsEscaped(const QStringList &list)
{
    QStringList out;
    for (const QString &s : list)
        out << dollarsEscaped(s);
    return out;
}

QString yamlFlowList(const QStringList &items)
{
    QStringList q;
    for (const QString &i : items)
        q << quoted(i);
    return QLatin1Char('[') + q.join(QStringLiteral(", ")) + QLatin1Char(']');
}

Bytes shmSize(const ShmPlan &plan)
{
    const Bytes s = std::max(plan.recommendedBytes, plan.requiredBytes);
    // The plan never recommends less than Docker's default; this only guards a zeroed plan.
    return s == 0 ? 64 * MiB : s;
}

std::optional<Bytes> memoryWithShm(const Profile &profile, const ShmPlan &plan)
{
    if (!profile.job.memoryBytes)
        return std::nullopt;
    return satAdd(*profile.job.memoryBytes, shmSize(plan));
}

bool needsNofile(const ShmPlan &plan)
{
    return plan.nofileLimit > model::DefaultNofile;
}

QVector<ContainerOption> containerSizeOptions(const Profile &profile, const ShmPlan &plan,
                                              bool withShmSize)
{
    QVector<ContainerOption> options;
    if (withShmSize)
        options.append({ContainerOption::ShmSize,
                        {QStringLiteral("--shm-size=%1").arg(dockerSize(shmSize(plan)))}});
    if (const auto memory = memoryWithShm(profile, plan))
        options.append(
            {ContainerOption::Memory, {QStringLiteral("--memory=%1").arg(dockerSize(*memory))}});
    if (needsNofile(plan))
        options.append(
            {ContainerOption::Nofile,
             {QStringLiteral("--ulimit"), QStringLiteral("nofile=%1:%1").arg(plan.nofileLimit)}});
    return options;
}

QString sizeWords(Bytes bytes)
{
    return Tr::tr("%1 (%2 bytes)").arg(formatSize(bytes)).arg(bytes);
}

QString notAdjustableRemark(const Profile &profile)
{
    if (profile.shmAdjustable())
        return {};
    return QLatin1Char(' ') +
           Tr::tr("The profile says /dev/shm cannot be changed for this job, so this file is what "
                  "whoever runs the host would apply; until then the DataLoader snippet is fitted "
                  "to the /dev/shm there is.");
}

} // namespace shmwise::gen
