// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "probes/fleet.h"

#include <QDialog>

#include <optional>

class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QSpinBox;
class QTableWidget;

namespace shmwise {

// Many hosts at once, from the Target page: targets typed one per line and/or an Ansible
// inventory (with a --limit pattern), probed in parallel; a table coloured by what will break
// the job (red: breaks it or could not be probed, amber: warnings), refreshable, with the
// selected host's facts and findings, exported as CSV or JSON.
class FleetView : public QDialog
{
    Q_OBJECT
public:
    explicit FleetView(const std::optional<ShmPlan> &plan, const QString &sshConfig = {},
                       QWidget *parent = nullptr);

    void setTargets(const QStringList &targets);
    void setInventory(const QString &path, const QString &limit = {});
    // Reads the hosts from the fields and probes them all; false (message shown) when the
    // inventory or a target is refused. finished() follows when every host is done.
    bool refresh();
    bool isBusy() const { return m_fleet->isBusy(); }
    const QVector<FleetHostResult> &results() const { return m_fleet->results(); }
    QTableWidget *table() const { return m_table; }
    QString details() const;
    QString message() const;

    QByteArray csv() const;
    QByteArray json() const;
    // Atomic writes; false with `error` set on failure.
    bool exportCsv(const QString &path, QString *error);
    bool exportJson(const QString &path, QString *error);

Q_SIGNALS:
    void finished();

private:
    void fillRow(int row);
    void showDetails();
    void exportAs(bool json);

    FleetProber *m_fleet;
    std::optional<ShmPlan> m_plan;
    QString m_sshConfig;
    QPlainTextEdit *m_targets;
    QLineEdit *m_inventory;
    QLineEdit *m_limit;
    QSpinBox *m_jobs;
    QPushButton *m_refresh;
    QTableWidget *m_table;
    QPlainTextEdit *m_details;
    QLabel *m_message;
};

} // namespace shmwise
