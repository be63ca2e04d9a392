// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/shmowners.h"

#include "core/size.h"
#include "probes/attribution.h"
#include "ui/page.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSet>
#include <QTableWidget>
#include <QThread>
#include <QVBoxLayout>

#include <algorithm>
#include <climits>
#include <memory>

#include <unistd.h>

namespace shmwise {

namespace {

// Owners shown per group (kind, process, container, pod); the table scrolls.
const int RowsPerGroup = 10;

int clampCount(quint64 n)
{
    return int(std::min<quint64>(n, INT_MAX));
}

QString ageText(qint64 s)
{
    if (s < 120)
        return ShmCleanDialog::tr("%1 s").arg(s);
    if (s < 7200)
        return ShmCleanDialog::tr("%1 min").arg(s / 60);
    if (s < 172800)
        return ShmCleanDialog::tr("%1 h").arg(s / 3600);
    return ShmCleanDialog::tr("%1 d").arg(s / 86400);
}

// Runs `work` on a thread of its own and hands its result to `done` on `context`'s thread; a
// context deleted meanwhile drops the result, and the thread still ends and is deleted.
template <class Result, class Work, class Done>
void runInThread(QObject *context, Work work, Done done)
{
    auto result = std::make_shared<Result>();
    QThread *thread = QThread::create([result, work] { *result = work(); });
    QObject::connect(thread, &QThread::finished, thread, &QObject::deleteLater);
    QObject::connect(thread, &QThread::finished, context, [result, done] { done(*result); });
    thread->start();
}

QTableWidgetItem *item(const QString &text, Qt::Alignment align = Qt::AlignLeft)
{
    auto *it = new QTableWidgetItem(text);
    it->setTextAlignment(align | Qt::AlignVCenter);
    it->setToolTip(text);
    return it;
}

QTableWidget *compactTable(int columns, QWidget *parent)
{
    auto *t = new QTableWidget(0, columns, parent);
    t->verticalHeader()->setVisible(false);
    t->verticalHeader()->setDefaultSectionSize(t->fontMetrics().height() + 6);
    t->setEditTriggers(QAbstractItemView::NoEditTriggers);
    t->setSelectionBehavior(QAbstractItemView::SelectRows);
    t->setTabKeyNavigation(false);
    t->setWordWrap(false);
    t->setTextElideMode(Qt::ElideMiddle);
    return t;
}

} // namespace

// What the listing thread found.
struct ShmCleanDialog::Listing
{
    QString error;
    QVector<ShmCandidate> candidates; // what a dry run of the removal would remove
    QHash<QString, qint64> ages;
    int held = 0;
    Bytes heldBytes = 0;
    int others = 0;
    int young = 0;
    int special = 0;
    int changed = 0; // refused by the dry run's second look
};

ShmCleanDialog::ShmCleanDialog(const ShmCleanScope &scope, QWidget *parent)
    : QDialog(parent), m_scope(scope)
{
    setWindowTitle(tr("Clean Up Leaked Files"));
    const uint uid = uint(getuid());
    const QString folder = QDir::toNativeSeparators(scope.folder);
    const QString age = ageText(scope.olderThanSeconds);
    m_intro = new QLabel(
        unbreakable(uid == 0
                        ? tr("Files in %1 that no process holds or maps, of any owner (you are "
                             "root), unchanged for %2: left by jobs that crashed or were killed. "
                             "Each is checked again just before it is removed.")
                              .arg(folder, age)
                        : tr("Files in %1 that no process holds or maps, owned by you and "
                             "unchanged for %2: left by jobs that crashed or were killed. Each "
                             "is checked again just before it is removed.")
                              .arg(folder, age)),
        this);
    m_intro->setWordWrap(true);
    m_files = compactTable(5, this);
    m_files->setHorizontalHeaderLabels(
        {tr("Name"), tr("Kind"), tr("Size"), tr("Age"), tr("Result")});
    m_files->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    for (int c = 1; c < 4; ++c)
        m_files->horizontalHeader()->setSectionResizeMode(c, QHeaderView::ResizeToContents);
    m_files->horizontalHeader()->setSectionResizeMode(4, QHeaderView::Stretch);
    m_files->setColumnHidden(4, true);
    m_files->setAccessibleName(tr("Leaked files"));
    m_summary = new QLabel(tr("Looking for leaked files in %1…").arg(folder), this);
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::PlainText);
    m_summary->setAccessibleName(tr("Clean-up summary"));
    m_notConsidered = new QLabel(this);
    m_notConsidered->setWordWrap(true);
    m_notConsidered->setTextFormat(Qt::PlainText);
    m_notConsidered->setAccessibleName(tr("Files left alone"));
    m_notConsidered->setVisible(false);

    auto *buttons = new QDialogButtonBox(this);
    m_remove = buttons->addButton(tr("&Remove"), QDialogButtonBox::DestructiveRole);
    m_cancel = buttons->addButton(QDialogButtonBox::Cancel);
    m_remove->setAutoDefault(false);
    m_remove->setEnabled(false);
    m_cancel->setDefault(true);
    connect(m_remove, &QPushButton::clicked, this, &ShmCleanDialog::startRemoval);
    connect(m_cancel, &QPushButton::clicked, this, &ShmCleanDialog::reject);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_intro);
    layout->addWidget(m_files, 1);
    layout->addWidget(m_summary);
    layout->addWidget(m_notConsidered);
    layout->addWidget(buttons);
    resizeWithinScreen(this, QSize(620, 380));
    m_cancel->setFocus();

    // The same rule as `shmwise clean`: files no process holds, the caller's (root: anyone's),
    // old enough, then a dry run of the removal, which looks at each again.
    const ShmCleanScope s = scope;
    runInThread<Listing>(
        this,
        [s, uid] {
            Listing r;
            const QVector<ShmListing> all = listShmFolder(s.folder, &r.error);
            if (!r.error.isEmpty())
                return r;
            QVector<ShmCandidate> offered;
            for (const ShmListing &l : all) {
                r.ages.insert(l.name, l.ageSeconds);
                if (!l.regular)
                    ++r.special;
                else if (l.holder != 0) {
                    ++r.held;
                    r.heldBytes += l.allocated;
                } else if (uid != 0 && l.uid != uid)
                    ++r.others;
                else if (l.ageSeconds < s.olderThanSeconds)
                    ++r.young;
                else
                    offered.append({l.name, l.key, l.allocated, QStringLiteral("leaked")});
            }
            std::sort(
                offered.begin(), offered.end(), [](const ShmCandidate &a, const ShmCandidate &b) {
                    return a.allocated != b.allocated ? a.allocated > b.allocated : a.name < b.name;
                });
            RemovalPolicy dry;
            dry.callerUid = uid;
            dry.olderThanSeconds = s.olderThanSeconds;
            dry.dryRun = true;
            QSet<QString> passed;
            for (const RemovalOutcome &o : removeShmFiles(s.folder, offered, dry))
                if (o.removed)
                    passed.insert(o.name);
            for (const ShmCandidate &c : offered) {
                if (passed.contains(c.name))
                    r.candidates.append(c);
                else
                    ++r.changed;
            }
            return r;
        },
        [this](const Listing &r) { showListing(r); });
}

void ShmCleanDialog::showListing(const Listing &r)
{
    m_listed = true;
    m_ages = r.ages;
    const QString folder = QDir::toNativeSeparators(m_scope.folder);
    if (!r.error.isEmpty()) {
        m_summary->setText(tr("Nothing can be cleaned: %1").arg(r.error));
        m_files->setVisible(false);
        m_remove->setVisible(false);
        m_cancel->setText(tr("&Close"));
        adjustSize();
        return;
    }
    m_candidates = r.candidates;
    m_files->setRowCount(int(m_candidates.size()));
    Bytes total = 0;
    for (int i = 0; i < m_candidates.size(); ++i) {
        const ShmCandidate &c = m_candidates.at(i);
        total += c.allocated;
        m_files->setItem(i, 0, item(c.name));
        m_files->setItem(i, 1, item(shmKindTitle(shmKindOfName(QFile::encodeName(c.name)))));
        m_files->setItem(i, 2, item(formatSize(c.allocated), Qt::AlignRight));
        m_files->setItem(i, 3, item(ageText(m_ages.value(c.name)), Qt::AlignRight));
    }
    if (m_candidates.isEmpty()) {
        m_summary->setText(getuid() == 0
                               ? tr("Nothing to clean in %1: no file there is unheld and older "
                                    "than %2.")
                                     .arg(folder, ageText(m_scope.olderThanSeconds))
                               : tr("Nothing to clean in %1: no file there is unheld, yours and "
                                    "older than %2.")
                                     .arg(folder, ageText(m_scope.olderThanSeconds)));
        // Nothing to confirm: an empty list and Remove would only ask a question with no answer.
        m_files->setVisible(false);
        m_remove->setVisible(false);
        m_cancel->setText(tr("&Close"));
        adjustSize();
    } else
        m_summary->setText(countText(int(m_candidates.size()), tr("1 file, %1, will be removed."),
                                     tr("%1 files, %2 in all, will be removed."))
                               .arg(formatSize(total)));
    QStringList left;
    if (r.held > 0)
        left << countText(r.held, tr("1 held by a process (%1)"), tr("%1 held by a process (%2)"))
                    .arg(formatSize(r.heldBytes));
    if (r.others > 0)
        left << countText(r.others, tr("1 of another user"), tr("%1 of other users"));
    if (r.young > 0)
        left << countText(r.young, tr("1 changed within %1"), tr("%1 changed within %2"))
                    .arg(ageText(m_scope.olderThanSeconds));
    if (r.special > 0)
        left << countText(r.special, tr("1 not a regular file"), tr("%1 not regular files"));
    if (r.changed > 0)
        left << countText(r.changed, tr("1 that changed while it was checked"),
                          tr("%1 that changed while they were checked"));
    m_notConsidered->setText(
        left.isEmpty() ? QString() : tr("Left alone: %1.").arg(left.join(QStringLiteral("; "))));
    m_notConsidered->setVisible(!left.isEmpty());
    m_remove->setEnabled(!m_candidates.isEmpty());
}

void ShmCleanDialog::startRemoval()
{
    if (!m_listed || m_removing || m_done || m_candidates.isEmpty())
        return;
    m_removing = true;
    m_remove->setEnabled(false);
    m_cancel->setEnabled(false);
    m_summary->setText(tr("Removing…"));
    RemovalPolicy policy;
    policy.callerUid = uint(getuid());
    policy.olderThanSeconds = m_scope.olderThanSeconds;
    const QString folder = m_scope.folder;
    const QVector<ShmCandidate> listed = m_candidates; // these and no other
    runInThread<QVector<RemovalOutcome>>(
        this, [folder, listed, policy] { return removeShmFiles(folder, listed, policy); },
        [this](const QVector<RemovalOutcome> &outcomes) {
            m_outcomes = outcomes;
            m_removing = false;
            m_done = true;
            showOutcomes();
            Q_EMIT cleaned();
        });
}

void ShmCleanDialog::showOutcomes()
{
    QHash<QString, RemovalOutcome> byName;
    for (const RemovalOutcome &o : m_outcomes)
        byName.insert(o.name, o);
    int removed = 0, left = 0;
    Bytes removedBytes = 0;
    m_files->setColumnHidden(4, false);
    for (int i = 0; i < m_candidates.size(); ++i) {
        const ShmCandidate &c = m_candidates.at(i);
        QString result;
        if (!byName.contains(c.name)) {
            result = tr("already gone");
        } else if (const RemovalOutcome &o = byName[c.name]; o.removed) {
            result = tr("removed");
            ++removed;
            removedBytes += o.allocated;
        } else {
            result = tr("left: %1").arg(o.reason);
            ++left;
        }
        m_files->setItem(i, 4, item(result));
    }
    QString text = countText(removed, tr("Removed 1 file, %1."), tr("Removed %1 files, %2."))
                       .arg(formatSize(removedBytes));
    if (left > 0)
        text += QLatin1Char(' ') + countText(left, tr("1 file was left; the list says why."),
                                             tr("%1 files were left; the list says why."));
    m_summary->setText(text);
    m_remove->setVisible(false);
    m_cancel->setText(tr("&Close"));
    m_cancel->setEnabled(true);
    m_cancel->setFocus();
}

void ShmCleanDialog::reject()
{
    // A removal under way finishes and says what it did; closing meanwhile would hide that.
    if (m_removing)
        return;
    QDialog::reject();
}

ShmOwnersPanel::ShmOwnersPanel(QWidget *parent) : QGroupBox(tr("Who holds /dev/shm"), parent)
{
    m_summary = new QLabel(this);
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::PlainText);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_summary->setAccessibleName(tr("Who holds /dev/shm"));
    m_detail = new QLabel(this);
    m_detail->setWordWrap(true);
    m_detail->setTextFormat(Qt::PlainText);
    m_detail->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_detail->setAccessibleName(tr("What the rest is"));
    m_owners = compactTable(4, this);
    m_owners->setHorizontalHeaderLabels({tr("Owner"), tr("By"), tr("Size"), tr("Leaked")});
    m_owners->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    for (int c = 1; c < 4; ++c)
        m_owners->horizontalHeader()->setSectionResizeMode(c, QHeaderView::ResizeToContents);
    m_owners->setAccessibleName(tr("Largest owners of /dev/shm"));
    m_owners->setMinimumHeight(m_owners->horizontalHeader()->sizeHint().height() +
                               4 * m_owners->verticalHeader()->defaultSectionSize() + 4);
    m_clean = new QPushButton(tr("Clean Up Lea&ked Files…"), this);
    connect(m_clean, &QPushButton::clicked, this, &ShmOwnersPanel::openCleanDialog);

    auto *side = new QVBoxLayout;
    side->addWidget(m_summary);
    side->addWidget(m_detail);
    side->addStretch();
    auto *b = new QHBoxLayout;
    b->addStretch();
    b->addWidget(m_clean);
    side->addLayout(b);
    auto *layout = new QHBoxLayout(this);
    layout->addWidget(m_owners, 3);
    layout->addLayout(side, 2);
    clear();
}

void ShmOwnersPanel::clear()
{
    m_summary->setText(tr("Not probed yet."));
    m_detail->clear();
    m_detail->setVisible(false);
    m_owners->setRowCount(0);
    m_rows.clear();
    m_clean->setEnabled(false);
    m_clean->setToolTip(tr("Removes leaked files from this computer's /dev/shm after you "
                           "confirm; it needs a probe first."));
}

void ShmOwnersPanel::showFacts(const HostFacts &facts, const Target &target,
                               const QString &targetText)
{
    const ShmAttribution a = attributeShm(facts);
    QStringList notes;
    if (!a.available) {
        m_summary->setText(a.accountedText());
    } else {
        QStringList parts{
            countText(clampCount(a.namedCount), tr("1 named file, %1"), tr("%1 named files, %2"))
                .arg(formatSize(a.namedBytes))};
        if (a.unlinkedCount > 0)
            parts << countText(clampCount(a.unlinkedCount), tr("1 unlinked file still held, %1"),
                               tr("%1 unlinked files still held, %2"))
                         .arg(formatSize(a.unlinkedBytes));
        const QString accounted =
            a.usedBytes ? tr("Accounted for %1 of %2 used")
                              .arg(formatSize(a.accountedBytes), formatSize(*a.usedBytes))
                        : tr("Accounted for %1; how much is in use is not known")
                              .arg(formatSize(a.accountedBytes));
        const QString leaked =
            a.leakedCount > 0
                ? countText(clampCount(a.leakedCount), tr("Leaked: 1 file no process holds, %1."),
                            tr("Leaked: %1 files no process holds, %2."))
                      .arg(formatSize(a.leakedBytes))
                : tr("Leaked: none.");
        // Two sentences in one string: a translation joins them as its language does.
        m_summary->setText(
            tr("%1: %2. %3").arg(accounted, parts.join(QStringLiteral("; ")), leaked));
        notes << a.unaccountedText();
        if (!a.holdersComplete)
            notes << tr("Only %1 of %2 processes could be inspected: files of other users are "
                        "not called leaked.")
                         .arg(a.processesReadable ? QString::number(*a.processesReadable)
                                                  : tr("unknown"),
                              a.processesTotal ? QString::number(*a.processesTotal)
                                               : tr("unknown"));
        if (a.filesTruncated || a.holdersTruncated)
            notes << tr("The probe listed the largest files and the first holders only; the "
                        "totals count everything.");
    }
    notes.removeAll(QString());
    m_detail->setText(notes.join(QLatin1Char('\n')));
    m_detail->setVisible(!notes.isEmpty());

    struct Group
    {
        const QVector<ShmOwnerBytes> *owners;
        QString by;
    };
    const Group groups[] = {{&a.byKind, tr("kind")},
                            {&a.byProcess, tr("process")},
                            {&a.byContainer, tr("container")},
                            {&a.byPod, tr("pod")}};
    QVector<QStringList> rows;
    for (const Group &g : groups) {
        for (int i = 0; i < g.owners->size() && i < RowsPerGroup; ++i) {
            const ShmOwnerBytes &o = g.owners->at(i);
            rows.append({o.label, g.by,
                         countText(clampCount(o.files), tr("%1 in 1 file"), tr("%2 in %1 files"))
                             .arg(formatSize(o.bytes)),
                         o.leakedFiles > 0 ? formatSize(o.leakedBytes) : QStringLiteral("—")});
        }
    }
    // The page refreshes every 5 s: a table rebuilt with the same rows would lose the user's
    // place in it for nothing.
    if (rows != m_rows) {
        m_rows = rows;
        m_owners->setRowCount(int(rows.size()));
        for (int r = 0; r < rows.size(); ++r)
            for (int c = 0; c < 4; ++c)
                m_owners->setItem(r, c, item(rows[r][c], c >= 2 ? Qt::AlignRight : Qt::AlignLeft));
    }

    // Clean Up: only here, on this computer, and only when the probe saw something to offer.
    if (target.kind != Target::Kind::Local) {
        m_clean->setEnabled(false);
        m_clean->setToolTip(unbreakable(
            tr("Leaked files are removed from here only on this computer. For %1, "
               "run `shmwise clean --target %1` on the command line: it lists them, and with --yes "
               "removes them.")
                .arg(targetText)));
        return;
    }
    const uint uid = uint(getuid());
    int offered = 0;
    Bytes offeredBytes = 0;
    for (const ShmObject &f : a.files) {
        if (f.leaked && f.linked && f.type == 'f' && (uid == 0 || f.uid == uid) &&
            f.ageSeconds.value_or(0) >= m_scope.olderThanSeconds) {
            ++offered;
            offeredBytes += f.allocated;
        }
    }
    m_clean->setEnabled(offered > 0);
    const QString age = ageText(m_scope.olderThanSeconds);
    if (!a.available)
        m_clean->setToolTip(tr("The probe could not list /dev/shm: %1").arg(a.unavailableReason));
    else if (offered == 0)
        m_clean->setToolTip(
            uid == 0 ? tr("The probe saw no leaked file unchanged for %1.").arg(age)
                     : tr("The probe saw no leaked file of yours unchanged for %1.").arg(age));
    else
        m_clean->setToolTip(countText(offered,
                                      tr("The probe saw 1 leaked file, %1, unchanged for %2: "
                                         "lists it and removes it after you confirm."),
                                      tr("The probe saw %1 leaked files, %2, unchanged for %3: "
                                         "lists them and removes them after you confirm."))
                                .arg(formatSize(offeredBytes), age));
}

void ShmOwnersPanel::openCleanDialog()
{
    if (m_dialog)
        return;
    auto *dialog = new ShmCleanDialog(m_scope, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &ShmCleanDialog::cleaned, this, &ShmOwnersPanel::cleaned);
    m_dialog = dialog;
    dialog->open();
}

} // namespace shmwise
