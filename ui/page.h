// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QHash>
#include <QPointer>
#include <QSet>
#include <QStringList>
#include <QWizardPage>

#include "core/environments.h"
#include "core/profile.h"

class QLabel;
class QLineEdit;
class QSpinBox;

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
    // `errors`, when given, is set when a line is an error rather than a notice.
    QString messageText(bool *errors = nullptr) const;
    // The label the wizard shows for a profile key ("workload.batch_size" -> "Batch size"), and
    // a message with the profile file's names replaced by those labels.
    static QString fieldLabel(const QString &key);
    static QString inFieldWords(const QString &message);
    // The wizard has left the page: what its number boxes refused ends with the visit, so that
    // coming back the fields say what they hold, not what was typed into them before.
    void left();

protected:
    Session *session() const { return m_session; }
    // Marks a field that holds unreadable text (an empty message clears it).
    void setFieldError(QWidget *field, const QString &message);
    // Marks a field and says why like an error, without holding the page back (an empty
    // message clears it).
    void setNotice(QWidget *field, const QString &message);
    // The profile key a field edits ("job.name"): a problem of the profile under that key marks
    // the field the same way as unreadable text, and the page's message names the field by its
    // accessible name (the label the user sees) rather than the profile file's word.
    void bindField(QWidget *field, const QString &key);
    // The key a bound name stands for now; a page that edits one of several loaders maps
    // "workload.batch_size" to the current loader's key.
    virtual QString boundKey(const QString &key) const { return key; }
    // Shows `value` in a number box; a value beyond what the box takes is marked on the field
    // with both numbers, never silently shown as the box's maximum. `unset` shows as the box's
    // minimum (its special value text).
    void showNumber(QSpinBox *box, quint64 value, std::optional<quint64> unset = std::nullopt);
    // Adds the message area; call last when building the layout.
    QLabel *messageLabel() const { return m_message; }
    // Reads a size typed into `edit`: empty is "unknown" when `optional`, else an error.
    bool readSize(QLineEdit *edit, bool optional, std::optional<quint64> *out);
    // A size as the profile's environment reads it (1g for Docker, 8Gi or 8G = 8x10^9 for
    // Kubernetes, 4g for a tmpfs on bare metal), else in the profile's own syntax (512MiB).
    std::optional<quint64> parseFieldSize(const QString &text, QString *error = nullptr) const;
    static std::optional<quint64> parseSizeAs(Environment environment, const QString &text,
                                              QString *error = nullptr);
    // `edit` in a row with a label that shows the bytes it is read as.
    QWidget *withBytes(QLineEdit *edit);
    static void showBytes(QLabel *label, std::optional<quint64> bytes);
    void refresh();
    // Whether a field holds text that cannot be read (or a number its box refused).
    bool hasFieldErrors() const;
    // Whether `field` holds text that cannot be read: a sync from the profile leaves its text
    // alone, so the mark stays on what the user typed until they change it.
    bool holdsUnreadableText(QWidget *field) const { return !m_fieldErrors.value(field).isEmpty(); }
    // Called after the page's messages change; a page that shows a result of its fields hides
    // it here while one cannot be read.
    virtual void fieldErrorsChanged() {}
    // Called when the session changes; pages update their widgets from the profile here.
    virtual void syncFromProfile() = 0;

private:
    // The field's problems (unreadable text first, then the profile's), as one message.
    QString fieldMessage(QWidget *field) const;
    void markFields();
    void setMark(QWidget *field, const QString &message, bool noticeOnly = false);
    // Whether the field holds unreadable text or a value the profile refuses (not a notice).
    bool hasError(QWidget *field) const;

    Session *m_session;
    QStringList m_prefixes;
    QLabel *m_message;
    QHash<QWidget *, QString> m_fieldErrors;
    // A number box's refused input: the message, and whether the edit it came in has ended.
    struct Refusal
    {
        QString message;
        bool ended = false;
    };
    QHash<QWidget *, Refusal> m_refusals;
    QHash<QWidget *, QString> m_notices;
    QHash<QWidget *, QString> m_boundKeys;
    QHash<QWidget *, QAction *> m_errorActions;
    QHash<QWidget *, QString> m_marks;
    QHash<QLineEdit *, QLabel *> m_bytesLabels;
};

// Text for a label whose wrapping must not split a flag, a path or `ulimit -n`: their hyphens
// become non-breaking ones and their parts are joined. For display only (not for text a user
// copies into a shell).
QString unbreakable(const QString &text);
// The text unbreakable() made, as a shell or an editor reads it again.
QString breakable(const QString &text);

// Resizes a window to `wanted`, or to the screen it opens on where that is smaller (a dialog
// of 820x640 on an 800x600 screen would hide its buttons).
void resizeWithinScreen(QWidget *window, QSize wanted);

// A target as the wizard names it: "this computer" for local, else the target's text.
QString targetTitle(const QString &targetText);

// "1 file", "4 files": English plurals without a translation file (`many` holds %1).
QString countText(int n, const QString &one, const QString &many);

// A warning whose text comes from outside (file names, error strings, log lines): shown as plain
// text, so a '<' in a path is not read as markup.
void showPlainWarning(QWidget *parent, const QString &title, const QString &text);

// Blocks a widget's signals while the page writes the profile's value into it.
template <class W, class F> void quietly(W *widget, F set)
{
    const bool old = widget->blockSignals(true);
    set(widget);
    widget->blockSignals(old);
}

} // namespace shmwise
