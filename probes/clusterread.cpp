// SPDX-License-Identifier: GPL-3.0-or-later
// readClusterView(): the kubectl calls of a cluster's view, in parallel and bounded.
#include "probes/clusterview.h"

#include <QCoreApplication>
#include <QEventLoop>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QTimer>

#include <deque>
#include <functional>
#include <memory>

namespace shmwise {

namespace {
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(shmwise::ClusterView)
};

constexpr qsizetype MaxErrorBytes = 64 * 1024;

// One kubectl call: its output read as it comes and never past MaxClusterAnswerBytes, its
// errors up to 64 KiB; stopped at the timeout. `done` is called once, with the output or the
// reason there is none.
class Call
{
public:
    Call(const ProbeCommand &c, int timeoutMs,
         std::function<void(const QByteArray &out, const QString &error)> done)
        : m_command(c), m_done(std::move(done))
    {
        m_timer.setSingleShot(true);
        QObject::connect(&m_timer, &QTimer::timeout, [this] {
            finish(Tr::tr("%1 gave no answer in %2 s").arg(what()).arg(m_timer.interval() / 1000));
        });
        QObject::connect(&m_process, &QProcess::readyReadStandardOutput, [this] {
            const QByteArray piece = m_process.readAllStandardOutput();
            if (m_out.size() + piece.size() > MaxClusterAnswerBytes) {
                finish(Tr::tr("%1 printed more than %2: stopped it")
                           .arg(what(), formatSize(Bytes(MaxClusterAnswerBytes))));
                return;
            }
            m_out += piece;
        });
        QObject::connect(&m_process, &QProcess::readyReadStandardError, [this] {
            const QByteArray piece = m_process.readAllStandardError();
            if (m_err.size() < MaxErrorBytes)
                m_err += piece.left(MaxErrorBytes - m_err.size());
        });
        QObject::connect(&m_process, &QProcess::finished, [this] {
            if (m_ended)
                return;
            m_out += m_process.readAllStandardOutput();
            m_err += m_process.readAllStandardError().left(
                qMax<qsizetype>(0, MaxErrorBytes - m_err.size()));
            if (m_out.size() > MaxClusterAnswerBytes) {
                finish(Tr::tr("%1 printed more than %2: stopped it")
                           .arg(what(), formatSize(Bytes(MaxClusterAnswerBytes))));
                return;
            }
            if (m_process.exitStatus() != QProcess::NormalExit || m_process.exitCode() != 0) {
                const QString err = QString::fromUtf8(m_err).trimmed();
                finish(Tr::tr("%1 failed: %2")
                           .arg(what(), err.isEmpty() ? Tr::tr("exit %1").arg(m_process.exitCode())
                                                      : err.section(QLatin1Char('\n'), 0, 2)));
                return;
            }
            finish({});
        });
        QObject::connect(&m_process, &QProcess::errorOccurred, [this](QProcess::ProcessError e) {
            if (e == QProcess::FailedToStart)
                finish(Tr::tr("cannot run %1: %2").arg(m_command.program, m_process.errorString()));
        });
        m_timer.setInterval(timeoutMs);
    }
    // Separate from the constructor: a program that cannot start ends the call at once, and its
    // owner must know the call by then.
    void start()
    {
        m_timer.start();
        m_process.start(m_command.program, m_command.arguments, QIODevice::ReadOnly);
    }
    ~Call()
    {
        m_ended = true;
        if (m_process.state() != QProcess::NotRunning) {
            m_process.kill();
            m_process.waitForFinished(2000);
        }
    }
    Call(const Call &) = delete;
    Call &operator=(const Call &) = delete;

private:
    QString what() const
    {
        return m_command.program + QLatin1Char(' ') +
               m_command.arguments.mid(0, 3).join(QLatin1Char(' ')).left(80);
    }
    void finish(const QString &error)
    {
        if (m_ended)
            return;
        m_ended = true;
        m_timer.stop();
        if (m_process.state() != QProcess::NotRunning)
            m_process.kill();
        // Called last: the owner may delete this call from it.
        auto done = std::move(m_done);
        const QByteArray out = error.isEmpty() ? std::move(m_out) : QByteArray();
        done(out, error);
    }

    ProbeCommand m_command;
    std::function<void(const QByteArray &, const QString &)> m_done;
    QProcess m_process;
    QTimer m_timer;
    QByteArray m_out, m_err;
    bool m_ended = false;
};

} // namespace

ClusterView readClusterView(const QString &ns, const QString &selector, const ProbeOptions &options,
                            int jobs, const ClusterThresholds &thresholds)
{
    ClusterView view;
    QEventLoop loop;
    std::vector<std::unique_ptr<Call>> finished; // deleted once the loop is left
    std::vector<std::unique_ptr<Call>> running;
    auto retire = [&](Call *c) {
        for (auto it = running.begin(); it != running.end(); ++it)
            if (it->get() == c) {
                finished.push_back(std::move(*it));
                running.erase(it);
                return;
            }
    };

    // The pods and the nodes at once.
    std::optional<QVector<ClusterPod>> pods;
    QHash<QString, Bytes> allocatable;
    int pending = 2;
    auto firstDone = [&] {
        if (--pending == 0)
            loop.quit();
    };
    Call *podsCall = nullptr, *nodesCall = nullptr;
    running.push_back(std::make_unique<Call>(clusterPodsCommand(ns, selector, options),
                                             options.timeoutMs,
                                             [&](const QByteArray &out, const QString &error) {
                                                 retire(podsCall);
                                                 QString why;
                                                 if (!error.isEmpty())
                                                     view.error = error;
                                                 else if (!(pods = parseClusterPods(out, &why)))
                                                     view.error = why;
                                                 firstDone();
                                             }));
    podsCall = running.back().get();
    podsCall->start();
    running.push_back(std::make_unique<Call>(
        clusterNodesCommand(options), options.timeoutMs,
        [&](const QByteArray &out, const QString &error) {
            retire(nodesCall);
            QString why;
            if (!error.isEmpty()) {
                view.nodesNote = Tr::tr("allocatable memory unknown (%1); the sizes are the "
                                        "kubelet's own")
                                     .arg(error);
            } else if (auto a = parseNodeAllocatable(out, &why)) {
                allocatable = *a;
            } else {
                view.nodesNote = why;
            }
            firstDone();
        }));
    nodesCall = running.back().get();
    nodesCall->start();
    if (pending > 0)
        loop.exec();
    if (!pods)
        return view;
    view.pods = int(pods->size());

    // Each node that runs a pod with a memory emptyDir, once. A node's name goes into the API
    // path asked for: one that is not a DNS subdomain (what kubectl printed, not what the API
    // server allows) is never asked about.
    static const QRegularExpression nodeName(
        QStringLiteral("^[a-z0-9]([-a-z0-9.]{0,251}[a-z0-9])?$"));
    std::deque<QString> nodes;
    QSet<QString> seen;
    QHash<QString, QVector<SummaryPod>> summaries;
    QHash<QString, QString> nodeErrors;
    for (const ClusterPod &p : *pods)
        if (!p.memoryVolumes.isEmpty() && !p.node.isEmpty() && !seen.contains(p.node)) {
            seen.insert(p.node);
            if (nodeName.match(p.node).hasMatch())
                nodes.push_back(p.node);
            else
                nodeErrors.insert(
                    p.node, Tr::tr("'%1' is not a node name; not asked").arg(p.node.left(80)));
        }
    view.nodes = int(nodes.size());
    std::function<void()> startNext = [&] {
        while (!nodes.empty() && int(running.size()) < std::max(1, jobs)) {
            const QString node = nodes.front();
            nodes.pop_front();
            auto self = std::make_shared<Call *>(nullptr);
            running.push_back(std::make_unique<Call>(
                kubeletSummaryCommand(node, options), options.timeoutMs,
                [&, node, self](const QByteArray &out, const QString &error) {
                    retire(*self);
                    QString why;
                    if (!error.isEmpty())
                        nodeErrors.insert(node, error);
                    else if (auto s = parseKubeletSummary(out, &why))
                        summaries.insert(node, std::move(*s));
                    else
                        nodeErrors.insert(node, why);
                    if (nodes.empty() && running.empty())
                        loop.quit();
                    else
                        QTimer::singleShot(0, &loop, startNext);
                }));
            *self = running.back().get();
            (*self)->start();
        }
    };
    if (!nodes.empty()) {
        QTimer::singleShot(0, &loop, startNext);
        loop.exec();
    }
    running.clear();
    finished.clear();
    view.rows = clusterRows(*pods, allocatable, summaries, nodeErrors, thresholds);
    return view;
}

} // namespace shmwise
