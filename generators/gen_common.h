// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Shared pieces of the generators: translation, a line builder that ties notes to lines, the
// quoting rules of each syntax, and the sizes every generator writes.

#include "generators/artifacts.h"
#include "generators/filetext.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include <optional>

namespace shmwise::gen {

// Every user-facing generator string shown beside the files (titles, summaries, notes) goes
// through this context, in the UI's language. Text written into a file never does: comments go
// through FileText (filetext.h), in the language the generation options ask for.
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(shmwise::Generators)
};

// Builds an artifact's text line by line, so a note always names the line it explains even when
// optional lines before it come and go.
class TextBuilder
{
public:
    // `fileText` is the language of the comments this file gets.
    explicit TextBuilder(const FileText &fileText = FileText()) : m_fileText(fileText) {}
    // Appends one line (no newline inside) and returns its 1-based number.
    int line(const QString &text);
    int line(const char *latin1) { return line(QLatin1String(latin1)); }
    // The text of a comment in the file's language: `source` is marked
    // QT_TRANSLATE_NOOP("shmwise::FileText", "...").
    QString fileText(const char *source) const { return m_fileText(source); }
    // Writes a comment, each line behind `prefix` ("# ", "    # "), the first behind
    // `firstPrefix` when one is given (a docstring's opening quotes): English as written, a
    // translation wrapped to the width of the file's comments.
    void comment(const char *prefix, const QString &text, const char *firstPrefix = nullptr);
    void comment(const char *prefix, const char *source, const char *firstPrefix = nullptr)
    {
        comment(prefix, fileText(source), firstPrefix);
    }
    // A Python docstring behind `indent`: one line, `"""text"""`, where it fits the width of
    // the file's comments, else the opening quotes, the wrapped text and the closing quotes.
    void docstring(const char *indent, const char *source);
    // Lines of a Markdown document, in the file's language, each as written (a line break
    // inside a Markdown paragraph would read as a space between Chinese characters).
    void prose(const QString &text);
    void prose(const char *source) { prose(fileText(source)); }
    // Notes the last line written.
    void note(const QString &text);
    void noteAt(int line, const QString &text);
    int lineCount() const { return m_lines.size(); }
    QString text() const;
    QVector<LineNote> notes() const { return m_notes; }
    // Puts the commas into pretty-printed JSON written one value per line: after every line
    // that opens nothing and is followed by another value, not by a closing bracket.
    void addJsonCommas();
    // Fills text and notes of `a`.
    void finish(Artifact *a) const;

private:
    FileText m_fileText;
    QStringList m_lines;
    QVector<LineNote> m_notes;
};

// POSIX sh word: left bare when it has only safe characters, else single-quoted.
QString shellQuote(const QString &word);
QString shellJoin(const QStringList &words);
// YAML scalar: bare when no YAML 1.1 or 1.2 reader can take it for anything but this string
// (not 123, true, no, on, 0x1f, 012, ~, 1e3, .inf, 12:30, ...), else double-quoted.
QString yamlScalar(const QString &s);
// `$` written as `$$`: Compose interpolates `$` from the deployer's environment and Kubernetes
// expands `$(VAR)` in command and args; both read `$$` as one literal `$`.
QString dollarsEscaped(const QString &s);
QStringList dollarsEscaped(const QStringList &list);
// Always double-quoted (YAML and JSON read the same escapes for the characters a profile allows).
QString quoted(const QString &s);
// A flow sequence of double-quoted strings: ["python", "train.py"].
QString yamlFlowList(const QStringList &items);
inline QString jsonList(const QStringList &items)
{
    return yamlFlowList(items);
}

// The /dev/shm size every config writes: the plan's recommendation, never below what the job
// requires and never 0 (0 means "unlimited" to tmpfs and Podman).
Bytes shmSize(const ShmPlan &plan);
// Container memory limit that leaves room for /dev/shm on top of the job's own memory, since
// shm pages are charged to the container's memory cgroup. nullopt when the job's memory is
// unknown.
std::optional<Bytes> memoryWithShm(const Profile &profile, const ShmPlan &plan);
// Whether an open-file limit must be raised for this plan.
bool needsNofile(const ShmPlan &plan);

// The options of `docker run` / `podman run` that size a container for the plan, as the run
// artifacts write them: --shm-size, --memory when the job's memory is known, --ulimit nofile
// when the plan needs more open files. The container check runs a probe with these.
struct ContainerOption
{
    enum Kind
    {
        ShmSize,
        Memory,
        Nofile
    };
    Kind kind;
    QStringList arguments; // as the command line takes them: {"--ulimit", "nofile=N:N"}
};
QVector<ContainerOption> containerSizeOptions(const Profile &profile, const ShmPlan &plan,
                                              bool withShmSize = true);

// A sentence that names the size in people's units and the tool's, for notes.
QString sizeWords(Bytes bytes);

// Added to summaries of files that raise /dev/shm when the profile says it cannot be raised.
QString notAdjustableRemark(const Profile &profile);

} // namespace shmwise::gen
