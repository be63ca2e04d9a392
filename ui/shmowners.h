// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "probes/probefacts.h"
#include "probes/probetarget.h"
#include "probes/shmowner.h"

#include <QDialog>
#include <QGroupBox>
#include <QPointer>
#include <QStringList>
#include <QVector>

class QLabel;
class QPushButton;
class QTableWidget;

namespace shmwise {

// The folder the Host page's Clean Up works on, and the age a file must have: `shmwise clean`'s
// defaults. Tests give a temporary folder and age 0 (a file's change time cannot be set back).
struct ShmCleanScope
{
    QString folder = QStringLiteral("/dev/shm");
    qint64 olderThanSeconds = 600;
};

// Asks before removing leaked files: lists each file that `shmwise clean` would remove (name,
// size, age) and the total; Remove removes those and no other (removeShmFiles checks each again
// just before its unlink), then says what went and what was left and why. The listing and the
// removal run on a thread of their own; Cancel is the default and Esc closes.
class ShmCleanDialog : public QDialog
{
    Q_OBJECT
public:
    explicit ShmCleanDialog(const ShmCleanScope &scope, QWidget *parent = nullptr);

    bool isListed() const { return m_listed; }
    bool isRemoving() const { return m_removing; }
    bool removalDone() const { return m_done; }
    const QVector<ShmCandidate> &candidates() const { return m_candidates; }
    const QVector<RemovalOutcome> &outcomes() const { return m_outcomes; }
    QPushButton *removeButton() const { return m_remove; }
    QPushButton *cancelButton() const { return m_cancel; }

    void reject() override;

Q_SIGNALS:
    // A removal ran (whatever it removed): what was probed is out of date.
    void cleaned();

private:
    struct Listing;
    void showListing(const Listing &listing);
    void startRemoval();
    void showOutcomes();

    ShmCleanScope m_scope;
    QLabel *m_intro;
    QTableWidget *m_files;
    QLabel *m_summary;
    QLabel *m_notConsidered;
    QPushButton *m_remove;
    QPushButton *m_cancel;
    QVector<ShmCandidate> m_candidates;
    QHash<QString, qint64> m_ages;
    QVector<RemovalOutcome> m_outcomes;
    bool m_listed = false;
    bool m_removing = false;
    bool m_done = false;
};

// "Who holds /dev/shm" on the Host page: accounted of used, the largest owners (kind, process,
// container, pod) with their bytes and what of it leaked, and Clean Up Leaked Files… where the
// probed target is this computer. Everything comes from attributeShm() over the probe's facts.
class ShmOwnersPanel : public QGroupBox
{
    Q_OBJECT
public:
    explicit ShmOwnersPanel(QWidget *parent = nullptr);

    void showFacts(const HostFacts &facts, const Target &target, const QString &targetText);
    void clear();
    void setCleanScope(const ShmCleanScope &scope) { m_scope = scope; }

    QLabel *summaryLabel() const { return m_summary; }
    QTableWidget *ownersTable() const { return m_owners; }
    QPushButton *cleanButton() const { return m_clean; }
    // The Clean Up dialog while it is open.
    ShmCleanDialog *cleanDialog() const { return m_dialog; }

Q_SIGNALS:
    void cleaned();

private:
    void openCleanDialog();

    ShmCleanScope m_scope;
    QLabel *m_summary;
    QLabel *m_detail;
    QTableWidget *m_owners;
    QVector<QStringList> m_rows; // what m_owners shows
    QPushButton *m_clean;
    QPointer<ShmCleanDialog> m_dialog;
};

} // namespace shmwise
