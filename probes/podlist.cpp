// SPDX-License-Identifier: GPL-3.0-or-later
#include "probes/podlist.h"

#include "core/size.h"

#include <QCoreApplication>
#include <QEventLoop>
#include <QProcess>
#include <QRegularExpression>
#include <QTimer>

namespace shmwise {

namespace {
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(PodList)
};
} // namespace

QString checkLabelSelector(const QString &selector)
{
    if (selector.trimmed().isEmpty())
        return Tr::tr("the selector is empty; write labels such as app=train or "
                      "job-name=ddp,role in (worker)");
    if (selector.size() > 1024)
        return Tr::tr("the selector is longer than 1024 characters");
    // Label keys and values (a DNS prefix, names of [A-Za-z0-9._-]), the operators =, ==, !=,
    // in, notin, !, and the parentheses and commas of set-based terms.
    static const QRegularExpression allowed(QStringLiteral("^[A-Za-z0-9._/\\-=!(), ]+$"));
    if (!allowed.match(selector).hasMatch())
        return Tr::tr("'%1' holds characters no label selector has (letters, digits, '.', '_', "
                      "'/', '-', '=', '!', '(', ')', ',' and spaces only)")
            .arg(selector);
    if (selector.startsWith(QLatin1Char('-')))
        return Tr::tr("'%1' starts with '-'").arg(selector);
    return {};
}

std::optional<QString> podFleetNamespace(const QString &targetText)
{
    static const QRegularExpression re(
        QStringLiteral("^k8s://([a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?)?/$"));
    const QRegularExpressionMatch m = re.match(targetText);
    if (!m.hasMatch())
        return std::nullopt;
    return m.captured(1);
}

ProbeCommand podListCommand(const QString &ns, const QString &selector, const ProbeOptions &options)
{
    ProbeCommand c;
    c.program = options.kubectlProgram;
    c.arguments << QStringLiteral("get") << QStringLiteral("pods");
    if (!ns.isEmpty())
        c.arguments << QStringLiteral("-n") << ns;
    // One argument each: the selector never reads as an option of its own.
    c.arguments << QStringLiteral("--selector=") + selector
                << QStringLiteral("--field-selector=status.phase=Running") << QStringLiteral("-o")
                << QStringLiteral("jsonpath={range .items[*]}{.metadata.name}{\"\\n\"}{end}");
    return c;
}

PodListing listPods(const QString &ns, const QString &selector, const ProbeOptions &options)
{
    PodListing out;
    const QString bad = checkLabelSelector(selector);
    if (!bad.isEmpty()) {
        out.error = Tr::tr("--selector: %1").arg(bad);
        return out;
    }
    const ProbeCommand c = podListCommand(ns, selector, options);
    // Read as it comes, never more than MaxPodListBytes of names and a few lines of errors:
    // kubectl (or what stands in for it) may print without end.
    QProcess p;
    p.setProcessChannelMode(QProcess::SeparateChannels);
    QByteArray names, err;
    constexpr qsizetype MaxErrorBytes = 64 * 1024;
    bool tooMuch = false, timedOut = false;
    QEventLoop loop;
    QTimer timer;
    timer.setSingleShot(true);
    QObject::connect(&timer, &QTimer::timeout, &loop, [&] {
        timedOut = true;
        loop.quit();
    });
    QObject::connect(&p, &QProcess::readyReadStandardOutput, &loop, [&] {
        const QByteArray piece = p.readAllStandardOutput();
        if (tooMuch)
            return;
        if (names.size() + piece.size() > MaxPodListBytes) {
            tooMuch = true;
            loop.quit();
            return;
        }
        names += piece;
    });
    QObject::connect(&p, &QProcess::readyReadStandardError, &loop, [&] {
        const QByteArray piece = p.readAllStandardError();
        if (err.size() < MaxErrorBytes)
            err += piece.left(MaxErrorBytes - err.size());
    });
    QObject::connect(&p, &QProcess::finished, &loop, &QEventLoop::quit);
    QObject::connect(&p, &QProcess::errorOccurred, &loop, [&](QProcess::ProcessError e) {
        if (e == QProcess::FailedToStart)
            loop.quit();
    });
    p.start(c.program, c.arguments, QIODevice::ReadOnly);
    if (!p.waitForStarted(5000)) {
        out.error = Tr::tr("cannot run %1: %2").arg(c.program, p.errorString());
        return out;
    }
    timer.start(options.timeoutMs);
    if (p.state() != QProcess::NotRunning)
        loop.exec();
    // What was left in the pipes when it ended, counted the same way.
    if (!tooMuch && !timedOut) {
        names += p.readAllStandardOutput();
        tooMuch = names.size() > MaxPodListBytes;
        err += p.readAllStandardError().left(qMax<qsizetype>(0, MaxErrorBytes - err.size()));
    }
    if (tooMuch || timedOut) {
        p.kill();
        p.waitForFinished(2000);
        if (tooMuch)
            out.error = Tr::tr("%1 get pods printed more than %2, more than the names of %3 "
                               "pods: stopped it. Narrow the selector; at most %3 pods are "
                               "probed at once, as many as an inventory may name")
                            .arg(c.program, formatSize(Bytes(MaxPodListBytes)))
                            .arg(MaxPods);
        else
            out.error = Tr::tr("%1 get pods gave no answer in %2 s")
                            .arg(c.program)
                            .arg(options.timeoutMs / 1000);
        return out;
    }
    const QString errText = QString::fromUtf8(err).trimmed();
    if (p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
        out.error =
            Tr::tr("%1 get pods failed: %2")
                .arg(c.program, errText.isEmpty() ? Tr::tr("exit %1").arg(p.exitCode())
                                                  : errText.section(QLatin1Char('\n'), 0, 2));
        return out;
    }
    const QString where = ns.isEmpty() ? Tr::tr("the current namespace") : ns;
    const QStringList lines = QString::fromUtf8(names).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    if (lines.size() > MaxPods) {
        out.error = Tr::tr("%1 get pods listed %2 running pods for %3; at most %4 are probed at "
                           "once, as many as an inventory may name: narrow the selector")
                        .arg(c.program)
                        .arg(lines.size())
                        .arg(selector)
                        .arg(MaxPods);
        return out;
    }
    for (const QString &raw : lines) {
        const QString name = raw.trimmed();
        const QString text = QStringLiteral("k8s://%1/%2").arg(ns, name);
        QString why;
        if (!parseTarget(ns.isEmpty() ? QStringLiteral("k8s://") + name : text, nullptr, &why)) {
            out.error = Tr::tr("%1 get pods printed '%2', which is not a pod name: %3")
                            .arg(c.program, name, why);
            out.targets.clear();
            return out;
        }
        out.targets << (ns.isEmpty() ? QStringLiteral("k8s://") + name : text);
    }
    if (out.targets.isEmpty())
        out.error = Tr::tr("no running pod in %1 matches %2").arg(where, selector);
    return out;
}

} // namespace shmwise
