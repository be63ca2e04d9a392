// SPDX-License-Identifier: GPL-3.0-or-later
// `shmwise watch --target k8s://NAMESPACE/ --kubelet`: a namespace's memory emptyDirs from the
// kubelets' Summary API, without exec into any pod.
#include "app/cmd_watch_cluster.h"

#include "app/cliutil.h"
#include "app/watchutil.h"
#include "core/exitcodes.h"

#include <QDateTime>
#include <QEventLoop>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTimer>

namespace shmwise {

using namespace cli;
using namespace cli::watch;

int watchCluster(const ClusterWatch &w)
{
    const QString cmd = QStringLiteral("watch");
    TextfileWriter textfile(w.textfileDir);
    const QString target = QStringLiteral("k8s://%1/").arg(w.ns);
    qint64 rounds = 0;
    int code = ExitOk;
    while (!stopRequested()) {
        const qint64 started = QDateTime::currentMSecsSinceEpoch();
        const ClusterView view = readClusterView(w.ns, w.selector, w.options, w.jobs, w.thresholds);
        code = ExitOk;
        QJsonObject o;
        o.insert(QStringLiteral("time"),
                 QDateTime::fromMSecsSinceEpoch(started).toUTC().toString(Qt::ISODateWithMs));
        o.insert(QStringLiteral("target"), target);
        if (!view.error.isEmpty()) {
            code = ExitUsage;
            if (w.json) {
                o.insert(QStringLiteral("error"), view.error);
                out() << QJsonDocument(o).toJson(QJsonDocument::Compact) << '\n';
            } else {
                printError(cmd, printable(view.error));
            }
        } else {
            for (const ClusterRow &r : view.rows) {
                const int rowCode = !r.error.isEmpty()              ? int(ExitUsage)
                                    : r.level == ClusterLevel::Crit ? ExitCrit
                                    : r.level == ClusterLevel::Warn ? ExitWarn
                                                                    : int(ExitOk);
                code = worseExit(code, rowCode);
            }
            if (w.json) {
                o.insert(QStringLiteral("pods_listed"), view.pods);
                o.insert(QStringLiteral("nodes_asked"), view.nodes);
                if (!view.nodesNote.isEmpty())
                    o.insert(QStringLiteral("nodes_note"), view.nodesNote);
                QJsonArray rows;
                for (const ClusterRow &r : view.rows)
                    rows.append(clusterRowToJson(r));
                o.insert(QStringLiteral("pods"), rows);
                out() << QJsonDocument(o).toJson(QJsonDocument::Compact) << '\n';
            } else {
                out() << printable(Tr::tr("%1  %2: %3 pods listed, %4 memory emptyDir volumes, %5 "
                                          "kubelets asked")
                                       .arg(QDateTime::fromMSecsSinceEpoch(started).toString(
                                                QStringLiteral("HH:mm:ss")),
                                            target)
                                       .arg(view.pods)
                                       .arg(view.rows.size())
                                       .arg(view.nodes))
                      << '\n';
                if (!view.nodesNote.isEmpty())
                    out() << printable(view.nodesNote) << '\n';
                if (view.rows.isEmpty())
                    out() << Tr::tr("No listed pod has an emptyDir with medium: Memory.") << '\n';
                else
                    for (const QString &l : clusterTable(view.rows))
                        out() << printable(l) << '\n';
                out() << '\n';
            }
            textfile.write(clusterPrometheusText(view.rows));
        }
        out().flush();
        ++rounds;
        if (w.samples && rounds >= *w.samples)
            return code;
        // The next round an interval after this one started; Ctrl-C is heard meanwhile.
        const qint64 wait = std::max<qint64>(
            0, qint64(w.interval * 1000) - (QDateTime::currentMSecsSinceEpoch() - started));
        QEventLoop loop;
        QTimer done, stopCheck;
        done.setSingleShot(true);
        QObject::connect(&done, &QTimer::timeout, &loop, &QEventLoop::quit);
        QObject::connect(&stopCheck, &QTimer::timeout, &loop, [&] {
            if (stopRequested())
                loop.quit();
        });
        done.start(int(wait));
        stopCheck.start(50);
        loop.exec();
    }
    clearStop();
    return ExitOk;
}

} // namespace shmwise
