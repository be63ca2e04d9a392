// SPDX-License-Identifier: GPL-3.0-or-later
#include "page.h"

#include "session.h"
#include "size.h"

#include <QAction>
#include <QLabel>
#include <QLineEdit>
#include <QStyle>

namespace shmwise {

Page::Page(Session *session, QStringList keyPrefixes, QWidget *parent)
    : QWizardPage(parent), m_session(session), m_prefixes(std::move(keyPrefixes))
{
    m_message = new QLabel(this);
    m_message->setWordWrap(true);
    m_message->setTextFormat(Qt::PlainText);
    m_message->setObjectName(QStringLiteral("pageMessage"));
    m_message->setAccessibleName(tr("Problems on this page"));
    m_message->setVisible(false);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QPalette pal = m_message->palette();
    pal.setColor(QPalette::WindowText, QColor(0xda, 0x44, 0x53));
    m_message->setPalette(pal);
    connect(m_session, &Session::changed, this, [this] {
        syncFromProfile();
        refresh();
    });
}

bool Page::isComplete() const
{
    return m_fieldErrors.isEmpty() && m_session->problemsUnder(m_prefixes).isEmpty();
}

QString Page::messageText() const
{
    QStringList lines;
    for (auto it = m_fieldErrors.cbegin(); it != m_fieldErrors.cend(); ++it)
        lines << it.value();
    const QVector<ProfileProblem> problems = m_session->problemsUnder(m_prefixes);
    for (const ProfileProblem &p : problems)
        lines << p.key + QStringLiteral(": ") + p.message;
    lines.sort();
    lines.removeDuplicates();
    return lines.join(QLatin1Char('\n'));
}

void Page::setFieldError(QWidget *field, const QString &message)
{
    auto *edit = qobject_cast<QLineEdit *>(field);
    if (message.isEmpty()) {
        m_fieldErrors.remove(field);
        if (QAction *a = m_errorActions.take(field)) {
            if (edit)
                edit->removeAction(a);
            a->deleteLater();
        }
        field->setToolTip(field->property("shmwiseTip").toString());
    } else {
        m_fieldErrors.insert(field, message);
        if (edit && !m_errorActions.contains(field)) {
            QAction *a = edit->addAction(style()->standardIcon(QStyle::SP_MessageBoxCritical),
                                         QLineEdit::TrailingPosition);
            m_errorActions.insert(field, a);
        }
        if (!field->property("shmwiseTip").isValid())
            field->setProperty("shmwiseTip", field->toolTip());
        field->setToolTip(message);
    }
    refresh();
}

bool Page::readSize(QLineEdit *edit, bool optional, std::optional<quint64> *out)
{
    const QString text = edit->text().trimmed();
    if (text.isEmpty()) {
        if (optional) {
            out->reset();
            setFieldError(edit, QString());
            return true;
        }
        setFieldError(edit, tr("%1 is required").arg(edit->accessibleName()));
        return false;
    }
    QString error;
    const auto v = parseSize(text, &error);
    if (!v) {
        setFieldError(edit, edit->accessibleName() + QStringLiteral(": ") + error);
        return false;
    }
    setFieldError(edit, QString());
    *out = *v;
    return true;
}

void Page::refresh()
{
    const QString text = messageText();
    m_message->setText(text);
    m_message->setVisible(!text.isEmpty());
    Q_EMIT completeChanged();
}

} // namespace shmwise
