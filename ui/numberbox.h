// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QSpinBox>

#include <functional>

namespace shmwise {

// A spin box that says why it refuses what is typed, instead of letting letters vanish and a
// number beyond its range lose digits without a word: refused() carries a translated message
// naming the field by its accessible name, shown as a tooltip at the field.
class NumberBox : public QSpinBox
{
    Q_OBJECT
public:
    explicit NumberBox(QWidget *parent = nullptr);
    // The last refusal's message (empty when the last input was taken).
    QString refusal() const { return m_refusal; }

Q_SIGNALS:
    // `editEnded`: the refusal came as the edit ended (text put back on focus out or Enter), so
    // the next edit starts afresh.
    void refused(const QString &message, bool editEnded);

protected:
    QValidator::State validate(QString &input, int &pos) const override;
    void focusOutEvent(QFocusEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;

private:
    void endEdit(const std::function<void()> &end);
    QString bare(const QString &input) const;
    QString refusalFor(const QString &input) const;
    void refuse(const QString &message, bool editEnded = false) const;
    mutable QString m_refusal;
    // The text as typed through consecutive refused keys ("abc" typed over "13" is "abc", not
    // the last letter alone); cleared by input the box takes and when the edit ends.
    mutable QString m_refusedRun;
    mutable QString m_taken; // the last text validate() took: the text the field shows
};

} // namespace shmwise
