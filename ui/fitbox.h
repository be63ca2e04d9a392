// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QGroupBox>

class QLabel;
class QPushButton;
class QTableWidget;

namespace shmwise {

class Session;

// Where /dev/shm cannot be raised: the settings that fit the /dev/shm there is beside the
// profile's own, what they cost, and a button that applies them to every loader of the job.
class FitBox : public QGroupBox
{
    Q_OBJECT
public:
    explicit FitBox(Session *session, QWidget *parent = nullptr);

    // Shows the fit, its table for loader `shown` of Profile::loaders(); hidden where /dev/shm
    // can be raised or the profile has problems.
    void sync(int shown);

private:
    void apply();

    Session *m_session;
    QTableWidget *m_fitTable;
    QLabel *m_fitState;
    QLabel *m_fitCosts;
    QPushButton *m_applyFit;
};

} // namespace shmwise
