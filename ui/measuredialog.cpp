// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/measuredialog.h"

#include "core/measurement.h"
#include "core/sizing.h"
#include "probes/jobmeasure.h"
#include "probes/jobwatch.h"
#include "probes/remotemeasure.h"
#include "ui/page.h"
#include "ui/textview.h"
#include "validators/validators.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDateTime>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPointer>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTextBrowser>
#include <QThread>
#include <QVBoxLayout>

#include <climits>

namespace shmwise {

namespace {

QString cell(const QString &text)
{
    return htmlText(text);
}

// Where the job's whole output is kept: the cache, the newest few runs.
QString newOutputLog()
{
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::CacheLocation) +
                        QStringLiteral("/measure");
    if (!QDir().mkpath(dir))
        return QString();
    QFileInfoList old =
        QDir(dir).entryInfoList({QStringLiteral("output-*.log")}, QDir::Files, QDir::Time);
    for (qsizetype i = 4; i < old.size(); ++i)
        QFile::remove(old.at(i).absoluteFilePath());
    return dir +
           QStringLiteral("/output-%1.log")
               .arg(QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss-zzz")));
}

} // namespace

MeasureDialog::MeasureDialog(Environment environment, QWidget *parent)
    : QDialog(parent), m_environment(environment)
{
    setWindowTitle(tr("Measure a Training Script"));
    auto *intro = new QLabel(this);
    m_intro = intro;
    intro->setWordWrap(true);
    m_where = new QComboBox(this);
    m_where->setAccessibleName(tr("Run on"));
    m_where->addItem(tr("This computer"), QStringLiteral("local"));
    m_command = new QLineEdit(this);
    m_command->setAccessibleName(tr("Training command"));
    m_command->setPlaceholderText(tr("python train.py --config configs/base.yaml"));
    m_localFolder = QDir::currentPath();
    // The last command and folder measured, so a second run needs no retyping.
    const QSettings settings;
    const QString lastFolder = settings.value(QStringLiteral("measure/folder")).toString();
    if (!lastFolder.isEmpty() && QFileInfo(lastFolder).isDir())
        m_localFolder = lastFolder;
    m_command->setText(settings.value(QStringLiteral("measure/command")).toString());
    m_folder = new QLineEdit(m_localFolder, this);
    m_folder->setAccessibleName(tr("Folder to run it in"));
    m_browse = new QPushButton(tr("&Browse…"), this);
    m_seconds = new QSpinBox(this);
    m_seconds->setRange(5, 3600);
    m_seconds->setValue(60);
    m_seconds->setSuffix(tr(" s"));
    m_seconds->setAccessibleName(tr("How long to watch"));
    m_private = new QCheckBox(tr("In a private /dev/shm of"), this);
    m_private->setToolTip(tr("Run the job in a /dev/shm of its own, of this size, leaving this "
                             "computer's alone (needs root, or a kernel that lets users make user "
                             "namespaces). Try Docker's 64 MiB to see whether the job fits."));
    m_shmSize = new QLineEdit(QStringLiteral("64MiB"), this);
    m_shmSize->setAccessibleName(tr("Private /dev/shm size"));
    m_shmSize->setEnabled(false);
    m_progress = new QProgressBar(this);
    m_progress->setRange(0, 60);
    m_progress->setValue(0);
    m_progress->setFormat(tr("%v s of %m s"));
    m_status = new QLabel(this);
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_result = new TextView(this);
    m_result->setAccessibleName(tr("What was measured"));
    m_result->setMinimumHeight(fontMetrics().height() * 10);

    auto *folderRow = new QHBoxLayout;
    folderRow->addWidget(m_folder, 1);
    folderRow->addWidget(m_browse);
    auto *shmRow = new QHBoxLayout;
    shmRow->addWidget(m_private);
    shmRow->addWidget(m_shmSize);
    shmRow->addStretch();
    auto *form = new QFormLayout;
    form->addRow(tr("&Run on:"), m_where);
    form->addRow(tr("&Command:"), m_command);
    auto *folderLabel = new QLabel(tr("&Folder:"), this);
    folderLabel->setBuddy(m_folder);
    form->addRow(folderLabel, folderRow);
    form->addRow(tr("&Watch for:"), m_seconds);
    form->addRow(QString(), shmRow);

    auto *buttons = new QDialogButtonBox(this);
    m_start = buttons->addButton(tr("&Start"), QDialogButtonBox::ActionRole);
    m_use = buttons->addButton(tr("&Use These Loaders"), QDialogButtonBox::AcceptRole);
    m_use->setEnabled(false);
    m_output = buttons->addButton(tr("Show &Output…"), QDialogButtonBox::ActionRole);
    m_output->setToolTip(tr("Everything the job printed while it was measured"));
    m_output->setEnabled(false);
    m_cancelButton = buttons->addButton(QDialogButtonBox::Cancel);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addLayout(form);
    layout->addWidget(m_progress);
    layout->addWidget(m_status);
    layout->addWidget(m_result, 1);
    layout->addWidget(buttons);
    resizeWithinScreen(this, QSize(760, 560));

    connect(m_private, &QCheckBox::toggled, m_shmSize, &QWidget::setEnabled);
    connect(m_where, qOverload<int>(&QComboBox::currentIndexChanged), this,
            &MeasureDialog::whereChanged);
    whereChanged();
    connect(m_browse, &QPushButton::clicked, this, [this] {
        const QString dir =
            QFileDialog::getExistingDirectory(this, tr("Folder to Run In"), m_folder->text());
        if (!dir.isEmpty())
            m_folder->setText(dir);
    });
    connect(m_start, &QPushButton::clicked, this, &MeasureDialog::start);
    connect(m_output, &QPushButton::clicked, this, &MeasureDialog::showOutput);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &MeasureDialog::reject);
}

MeasureDialog::~MeasureDialog()
{
    if (m_thread) {
        m_cancel->store(true);
        m_thread->wait();
    }
}

void MeasureDialog::setCommand(const QString &command, const QString &folder)
{
    m_command->setText(command);
    m_folder->setText(folder);
}

void MeasureDialog::setSeconds(int seconds)
{
    m_seconds->setValue(seconds);
}

void MeasureDialog::setTarget(const QString &target, const QString &sshConfig)
{
    m_sshConfig = sshConfig;
    while (m_where->count() > 1)
        m_where->removeItem(1);
    const std::optional<Target> t = parseTarget(target);
    if (!t || t->kind != Target::Kind::Ssh)
        return;
    m_where->addItem(tr("%1 (the wizard's SSH host)").arg(t->toString()), t->toString());
    m_where->setCurrentIndex(1);
}

bool MeasureDialog::remote() const
{
    return m_where->currentIndex() > 0;
}

void MeasureDialog::whereChanged()
{
    const bool there = remote();
    m_intro->setText(
        there ? tr("ShmWise runs the training command on %1 for a while, over your SSH "
                   "connection, with a small Python hook and a runner sent with it (nothing is "
                   "installed there and your code is not changed; the host needs python3). It "
                   "watches every DataLoader the job makes and the /dev/shm it uses, then stops "
                   "it. The loaders it saw replace the ones on the Workload page.")
                    .arg(m_where->currentData().toString())
              : tr("ShmWise runs the training command on this computer for a while with a small "
                   "Python hook (nothing is installed, your code is not changed), watches every "
                   "DataLoader it makes and the /dev/shm it uses, then stops it. The loaders it "
                   "saw replace the ones on the Workload page."));
    // The folder is the host's there: nothing to browse here, and empty is the login's home.
    if (there && m_folder->text() == m_localFolder)
        m_folder->clear();
    else if (!there && m_folder->text().isEmpty())
        m_folder->setText(m_localFolder);
    m_folder->setPlaceholderText(there ? tr("on the host; empty: your home folder there")
                                       : QString());
    m_browse->setEnabled(!there);
    // A private /dev/shm is made on this computer only.
    m_private->setEnabled(!there);
    if (there)
        m_private->setChecked(false);
    m_private->setToolTip(
        there ? tr("A private /dev/shm is made on this computer only: to try one on the host, "
                   "run shmwise measure --shm SIZE there.")
              : tr("Run the job in a /dev/shm of its own, of this size, leaving this computer's "
                   "alone (needs root, or a kernel that lets users make user namespaces). Try "
                   "Docker's 64 MiB to see whether the job fits."));
}

void MeasureDialog::showError(const QString &message)
{
    m_status->setText(
        QStringLiteral("<span style='color:#c0392b'>%1</span>").arg(message.toHtmlEscaped()));
}

void MeasureDialog::start()
{
    if (m_thread)
        return;
    // Split as sh splits it (python -c 'import x; ...' is three words), since it runs without
    // a shell: what only a shell reads (an open quote, ;, >, $HOME) is said, not passed on.
    QString why;
    const std::optional<QStringList> words = splitCommandWords(m_command->text(), &why);
    if (!words) {
        showError(tr("The command cannot be read: %1.").arg(why));
        m_command->setFocus();
        return;
    }
    const QStringList command = *words;
    if (command.isEmpty()) {
        showError(tr("Type the command that starts training, such as python train.py."));
        m_command->setFocus();
        return;
    }
    const QFileInfo folder(m_folder->text());
    const bool there = remote();
    if (!there && (m_folder->text().isEmpty() || !folder.isDir())) {
        showError(tr("The folder %1 does not exist.").arg(m_folder->text()));
        m_folder->setFocus();
        return;
    }
    MeasureOptions options;
    options.command = command;
    options.workDir = there ? m_folder->text().trimmed() : folder.absoluteFilePath();
    options.seconds = m_seconds->value();
    options.handleSignals = false;
    options.jobStdoutToStderr = false;
    // The job's output is kept, not passed to the terminal ShmWise may have been started from.
    options.forwardOutput = false;
    options.outputLog = newOutputLog();
    if (m_private->isChecked()) {
        QString error;
        const auto size = parseSize(m_shmSize->text(), &error);
        if (!size || *size < PageSize) {
            showError(size ? tr("The private /dev/shm must be at least 4 KiB.")
                           : tr("Private /dev/shm size: %1").arg(error));
            m_shmSize->setFocus();
            return;
        }
        options.privateShm = *size;
    }
    if (!there) {
        QSettings settings;
        settings.setValue(QStringLiteral("measure/command"), m_command->text());
        settings.setValue(QStringLiteral("measure/folder"), options.workDir);
    }
    m_cancelButton->setText(tr("Cancel"));
    m_cancel = std::make_shared<std::atomic_bool>(false);
    m_run = std::make_shared<MeasureRun>();
    m_profile.reset();
    m_use->setEnabled(false);
    m_output->setEnabled(false);
    m_start->setEnabled(false);
    m_result->clear();
    m_progress->setRange(0, m_seconds->value());
    m_progress->setValue(0);
    m_progress->setFormat(tr("%v s of %m s"));
    m_status->setText(tr("Running %1…").arg(command.join(QLatin1Char(' '))));
    const QPointer<MeasureDialog> self(this);
    const auto cancel = m_cancel;
    options.progress = [self, cancel](double seconds, quint64 batches) {
        QMetaObject::invokeMethod(
            self.data(),
            [self, seconds, batches] {
                if (!self)
                    return;
                self->m_progress->setValue(int(seconds));
                self->m_status->setText(
                    tr("Watching the job: %n batch(es) so far.", nullptr, int(batches)));
            },
            Qt::QueuedConnection);
        return !cancel->load();
    };
    const auto run = m_run;
    if (there) {
        const Target target = *parseTarget(m_where->currentData().toString());
        ProbeOptions probe;
        probe.sshConfig = m_sshConfig;
        m_status->setText(
            tr("Running %1 on %2…").arg(command.join(QLatin1Char(' ')), target.toString()));
        m_thread = QThread::create(
            [run, options, target, probe] { *run = runRemoteMeasurement(target, probe, options); });
    } else {
        m_thread = QThread::create([run, options] { *run = runMeasurement(options); });
    }
    connect(m_thread, &QThread::finished, this, &MeasureDialog::onFinished);
    m_thread->start();
}

void MeasureDialog::onFinished()
{
    m_thread->deleteLater();
    m_thread = nullptr;
    // Nothing runs to cancel any more: the way out is closing.
    m_cancelButton->setText(tr("&Close"));
    m_start->setEnabled(true);
    m_progress->setValue(m_progress->maximum());
    m_progress->setFormat(tr("Finished"));
    const MeasureRun &run = *m_run;
    if (!run.started) {
        showError(run.error);
        Q_EMIT finished();
        return;
    }
    const MeasureReport report = measureReport(run, m_environment);
    m_profile = report.profile;
    m_peak = report.peak;
    QString html;
    // The cause, when the output names one, is the status line above the results.
    for (const MeasuredLoader &l : run.log.loaders) {
        html += QStringLiteral("<h3>%1</h3><p>")
                    .arg(tr("Loader %1, made at %2").arg(cell(l.name), cell(l.where())));
        if (!l.framework.isEmpty())
            html += tr("Made by %1.").arg(cell(l.framework)) + QStringLiteral(" ");
        html += tr("Batch size %1, %2 workers, %n batch(es) seen, at most %3 each in /dev/shm.",
                   nullptr, int(std::min<quint64>(l.batches, INT_MAX)))
                    .arg(l.batchSize ? QString::number(*l.batchSize) : QStringLiteral("None"))
                    .arg(l.numWorkers)
                    .arg(formatSize(l.maxShmBytes));
        if (!l.seen() && l.workerBatchBytes > 0)
            html += QLatin1Char(' ') + tr("Its workers made batches of up to %1 that never "
                                          "reached the training loop.")
                                           .arg(formatSize(l.workerBatchBytes));
        html += QStringLiteral("</p>");
        if (l.seen())
            html += QStringLiteral("<p>%1</p>")
                        .arg(cell(tr("Sample (%1): %2").arg(l.kind, measuredSampleText(l))));
        const LoaderLifetime life = measuredLifetime(l);
        if (life != LoaderLifetime::OneAtATime)
            html += QStringLiteral("<p>%1</p>")
                        .arg(cell(tr("Lifetime: %1; its iterator stayed open while another "
                                     "loader ran.")
                                      .arg(loaderLifetimeName(life))));
        if (const auto k = frameworkKnobs(l.framework))
            html += QStringLiteral("<p>%1 %2</p>")
                        .arg(tr("Set it in %1: workers %2, batch %3.")
                                 .arg(cell(k->framework), cell(k->workers), cell(k->batch)),
                             cell(k->note));
    }
    if (report.plan)
        html += QStringLiteral("<p><b>%1</b></p>")
                    .arg(tr("Measured peak %1; the plan of what was seen needs %2.")
                             .arg(formatSize(report.peak), formatSize(report.plan->requiredBytes)));
    else
        html += QStringLiteral("<p><b>%1</b></p>")
                    .arg(tr("Measured peak of /dev/shm: %1.").arg(formatSize(report.peak)));
    for (const QString &n : report.notes)
        if (n != report.causeText)
            html += QStringLiteral("<p>• %1</p>").arg(cell(n));
    // The end of what the job printed, where a failure's traceback is.
    if ((report.failed || report.cause) && !run.output.tail.isEmpty()) {
        const QStringList last =
            run.output.tail.mid(std::max<qsizetype>(0, run.output.tail.size() - 30));
        QString pre;
        for (const QString &line : last)
            pre += line.left(400).toHtmlEscaped() + QLatin1Char('\n');
        html += QStringLiteral("<p><b>%1</b></p><pre>%2</pre>")
                    .arg(tr("The job's output ended with (the last %1 of %n line(s)):", nullptr,
                            int(std::min<qint64>(run.output.lines, INT_MAX)))
                             .arg(last.size()),
                         pre);
    }
    m_result->setHtml(html);
    m_use->setEnabled(m_profile.has_value());
    m_outputLog = run.output.logPath;
    m_outputTruncated = run.output.logTruncated;
    m_output->setEnabled(!m_outputLog.isEmpty() && QFileInfo::exists(m_outputLog));
    const QString secs = QString::number(run.seconds, 'f', 1);
    QString how;
    if (run.stopReason == QLatin1String("interrupted"))
        how = tr("Cancelled after %1 s; the job was stopped.").arg(secs);
    else if (run.stopReason == QLatin1String("hang"))
        how = tr("Stopped the job after %1 s: no batch came for a long while, it seems to hang.")
                  .arg(secs);
    else if (run.stopReason != QLatin1String("exited"))
        how = tr("Measured for %1 s, then stopped the job as planned.").arg(secs);
    else if (!report.causeText.isEmpty() && report.failed)
        how = report.causeText;
    else if (run.exitCode && *run.exitCode != 0)
        how = tr("The job ended with exit status %1 after %2 s; its output says why (Show "
                 "Output).")
                  .arg(*run.exitCode)
                  .arg(secs);
    else if (run.exitSignal)
        how = tr("The job was killed by %1 after %2 s.").arg(signalName(*run.exitSignal), secs);
    else
        how = tr("The job ran to its end in %1 s.").arg(secs);
    if (report.failed)
        showError(how);
    else
        m_status->setText(how);
    Q_EMIT finished();
}

void MeasureDialog::showOutput()
{
    QFile file(m_outputLog);
    if (!file.open(QIODevice::ReadOnly)) {
        showError(tr("Cannot read %1: %2").arg(m_outputLog, file.errorString()));
        return;
    }
    // The last 8 MiB at most: a view, not a second copy of a huge log in memory.
    const qint64 limit = 8 << 20;
    const bool cut = file.size() > limit;
    if (cut)
        file.seek(file.size() - limit);
    const QByteArray bytes = file.read(limit);
    auto *view = new QDialog(this);
    view->setAttribute(Qt::WA_DeleteOnClose);
    view->setWindowTitle(tr("The Job's Output"));
    auto *note = new QLabel(view);
    note->setWordWrap(true);
    note->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QString where = tr("Kept in %1.").arg(m_outputLog);
    if (cut)
        where += QLatin1Char(' ') + tr("Only its last 8 MiB are shown here.");
    if (m_outputTruncated)
        where += QLatin1Char(' ') + tr("The file stopped at 64 MiB; the job printed more.");
    note->setText(where);
    auto *text = new QPlainTextEdit(view);
    text->setReadOnly(true);
    text->setLineWrapMode(QPlainTextEdit::NoWrap);
    text->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    text->setAccessibleName(tr("The job's output"));
    text->setPlainText(terminalLines(bytes, INT_MAX).join(QLatin1Char('\n')));
    // The end, where a traceback is, from the start of its last line.
    text->moveCursor(QTextCursor::End);
    text->moveCursor(QTextCursor::StartOfLine);
    auto *close = new QDialogButtonBox(QDialogButtonBox::Close, view);
    close->button(QDialogButtonBox::Close)->setText(tr("&Close"));
    connect(close, &QDialogButtonBox::rejected, view, &QDialog::reject);
    auto *layout = new QVBoxLayout(view);
    layout->addWidget(note);
    layout->addWidget(text, 1);
    layout->addWidget(close);
    resizeWithinScreen(view, QSize(820, 560));
    view->show();
}

void MeasureDialog::reject()
{
    if (m_thread) {
        // Cancel first: the job is stopped (SIGINT, then SIGTERM, then SIGKILL), then it closes.
        m_cancel->store(true);
        m_status->setText(tr("Stopping the job…"));
        connect(this, &MeasureDialog::finished, this, &QDialog::reject, Qt::UniqueConnection);
        return;
    }
    QDialog::reject();
}

} // namespace shmwise
