// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/profile.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;

namespace shmwise {

class Session;

// The loaders of the job (training, validation, ...): which one the Workload page edits, adding
// and removing loaders, and the chosen loader's name and lifetime.
class LoaderPicker : public QWidget
{
    Q_OBJECT
public:
    explicit LoaderPicker(Session *session, QWidget *parent = nullptr);

    // The loader being edited, an index into Profile::loaders().
    int current() const { return m_current; }
    void sync();
    QLineEdit *nameField() const { return m_name; }

    // Loader `index` of Profile::loaders(), to edit in place.
    static Workload &loaderAt(Profile &profile, int index);
    static const Workload &loaderAt(const Profile &profile, int index);

Q_SIGNALS:
    // Another loader was chosen: the page shows its fields.
    void currentChanged();

private:
    void choose(int index);
    void addLoader();
    void removeLoader();

    Session *m_session;
    QComboBox *m_pick;
    QPushButton *m_add;
    QPushButton *m_remove;
    QLineEdit *m_name;
    QComboBox *m_lifetime;
    QLabel *m_nameLabel;
    QLabel *m_lifetimeLabel;
    int m_current = 0;
};

} // namespace shmwise
