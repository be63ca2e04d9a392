// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QHash>
#include <QPointer>
#include <QStringList>
#include <QWizardPage>

class QLabel;
class QLineEdit;

namespace shmwise {

class Session;

// A wizard page over the shared Session. It blocks Next while the profile has problems under the
// page's keys or a field holds text that cannot be read, and says which and why in a message
// at the bottom of the page.
class Page : public QWizardPage
{
    Q_OBJECT
public:
    Page(Session *session, QStringList keyPrefixes, QWidget *parent = nullptr);
    bool isComplete() const override;
    QString messageText() const;

protected:
    Session *session() const { return m_session; }
    // Marks a field that holds unreadable text (an empty message clears it).
    void setFieldError(QWidget *field, const QString &message);
    // Adds the message area; call last when building the layout.
    QLabel *messageLabel() const { return m_message; }
    // Reads a size typed into `edit`: empty is "unknown" when `optional`, else an error.
    bool readSize(QLineEdit *edit, bool optional, std::optional<quint64> *out);
    void refresh();
    // Called when the session changes; pages update their widgets from the profile here.
    virtual void syncFromProfile() = 0;

private:
    Session *m_session;
    QStringList m_prefixes;
    QLabel *m_message;
    QHash<QWidget *, QString> m_fieldErrors;
    QHash<QWidget *, QAction *> m_errorActions;
};

// Blocks a widget's signals while the page writes the profile's value into it.
template <class W, class F> void quietly(W *widget, F set)
{
    const bool old = widget->blockSignals(true);
    set(widget);
    widget->blockSignals(old);
}

} // namespace shmwise
