// SPDX-License-Identifier: GPL-3.0-or-later
// The free helpers page.h declares for every window: text that wraps without splitting a flag or
// a path, English plurals, a target's title, a window sized within its screen, a plain warning.
#include "ui/page.h"

#include <QMessageBox>
#include <QRegularExpression>
#include <QScreen>

namespace shmwise {

void resizeWithinScreen(QWidget *window, QSize wanted)
{
    if (const QScreen *s = window->screen())
        wanted = wanted.boundedTo(s->availableGeometry().size() * 0.95);
    window->resize(wanted);
}

QString unbreakable(const QString &input)
{
    static const QRegularExpression token(QStringLiteral(
        "(?<![A-Za-z0-9_/])(?:--?[A-Za-z][\\w.-]*(?:=[^\\s,;)]*)?|/[\\w.-]+(?:/[\\w.*-]+)+"
        // A file or command name with hyphens: shm-preflight.sh, docker-compose, nvidia-smi.
        "|\\w+(?:-\\w+)+\\.[A-Za-z0-9]{1,8}\\b|docker-compose\\b|nvidia-smi\\b|default-shm-size\\b"
        // A subcommand with hyphens: systemctl daemon-reload.
        "|(?<=systemctl )[a-z]+(?:-[a-z]+)+\\b"
        // A key with a domain, and its value: shmwise.io/inject-dshm=true, ray.io/v1.
        "|[a-z0-9][\\w-]*(?:\\.[\\w-]+)+/[\\w.-]+(?:=[\\w.-]*)?"
        // A path under a hidden folder: .github/workflows/.
        "|\\.[\\w-]+(?:/[\\w.*-]*)+)"));
    static const QRegularExpression ulimit(QStringLiteral("\\bulimit -n\\b"));
    const QChar nbHyphen(0x2011);
    const QChar joiner(0x2060);
    // A command to type stays on one line: "kubectl apply -f job.yaml".
    static const QRegularExpression apply(
        QStringLiteral("\\bkubectl (?:apply|create|delete) -f [\\w./-]*\\w"));
    // A number and its unit stay together: "23.5 GiB", "16 bytes", "49 ms".
    static const QRegularExpression unit(
        QStringLiteral("(\\d) (B|KiB|MiB|GiB|TiB|PiB|EiB|kB|MB|GB|TB|bytes?|ms|s|字节)(?![\\w])"));
    QString text = input;
    text.replace(unit, QStringLiteral("\\1") + QChar(0x00a0) + QStringLiteral("\\2"));
    text.replace(ulimit, QStringLiteral("ulimit") + QChar(0x00a0) + QStringLiteral("-n"));
    for (auto it = apply.globalMatch(text); it.hasNext();) {
        const auto m = it.next();
        text.replace(m.capturedStart(), m.capturedLength(),
                     m.captured().replace(QLatin1Char(' '), QChar(0x00a0)));
    }
    QString out;
    qsizetype last = 0;
    auto it = token.globalMatch(text);
    while (it.hasNext()) {
        const auto m = it.next();
        out += text.mid(last, m.capturedStart() - last);
        QString t = m.captured();
        t.replace(QLatin1Char('-'), nbHyphen);
        t.replace(QLatin1Char('/'), QString(joiner) + QLatin1Char('/') + joiner);
        if (t.startsWith(joiner))
            t.remove(0, 1);
        out += t;
        last = m.capturedEnd();
    }
    out += text.mid(last);
    return out;
}

QString breakable(const QString &text)
{
    QString out = text;
    out.replace(QChar(0x2011), QLatin1Char('-'));
    out.remove(QChar(0x2060));
    out.replace(QChar(0x00a0), QLatin1Char(' '));
    return out;
}

QString targetTitle(const QString &targetText)
{
    return targetText == QLatin1String("local") ? Page::tr("this computer") : targetText;
}

QString countText(int n, const QString &one, const QString &many)
{
    return n == 1 ? one : many.arg(n);
}

void showPlainWarning(QWidget *parent, const QString &title, const QString &text)
{
    QMessageBox box(QMessageBox::Warning, title, text, QMessageBox::Ok, parent);
    box.setTextFormat(Qt::PlainText);
    box.exec();
}

} // namespace shmwise
