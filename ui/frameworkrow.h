// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWidget>

class QComboBox;
class QLabel;

namespace shmwise {

struct Workload;

// Which framework builds a loader (plain PyTorch, Hugging Face's Trainer, Ultralytics, ...), and,
// when one does, the loader's settings in that framework's own words with what they mean there:
// a newcomer sets workers and the batch through the framework, not through a DataLoader call.
class FrameworkRow : public QWidget
{
    Q_OBJECT
public:
    explicit FrameworkRow(QWidget *parent = nullptr);
    // The list the user picks from (a form row's buddy).
    QComboBox *picker() const { return m_picker; }
    QLabel *note() const { return m_note; }
    // Shows `w`'s framework and its settings; `training` is whether `w` is the job's first
    // loader.
    void sync(const Workload &w, bool training);

Q_SIGNALS:
    // The user chose a framework (empty: plain PyTorch).
    void chosen(const QString &framework);

private:
    QComboBox *m_picker;
    QLabel *m_note;
};

} // namespace shmwise
