// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/profile.h"

#include "probes/probefacts.h"

#include <QDialog>
#include <QWidget>

#include <optional>

class QTextBrowser;

namespace shmwise {

// The three kinds of memory a newcomer confuses, drawn from a probed host: GPU memory per device
// (where the model lives), RAM with its limit (where the process lives), and /dev/shm inside RAM
// (where the DataLoader's batches wait). Unknown facts are drawn as unknown, never guessed.
class MemoryLayers : public QWidget
{
    Q_OBJECT
public:
    explicit MemoryLayers(QWidget *parent = nullptr);
    // `job`: the /dev/shm the job will have (the picture's /dev/shm row), which is the probed
    // host's only where the job runs on the host itself.
    void setFacts(const std::optional<HostFacts> &facts, std::optional<Bytes> required,
                  const JobShm &job = {});
    QSize sizeHint() const override;
    // What the picture shows, in words (its accessible description and tooltip).
    QString description() const;

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    std::optional<HostFacts> m_facts;
    std::optional<Bytes> m_required;
    JobShm m_job;
};

// "What is /dev/shm?": what it is, what it is not (GPU memory), why DataLoader workers use it,
// what each environment gives by default, with the picture of the probed host's layers.
class ShmLesson : public QDialog
{
    Q_OBJECT
public:
    explicit ShmLesson(QWidget *parent = nullptr);
    // The host the picture is drawn from (the Host page's last probe), the job's need, and the
    // /dev/shm the job will have.
    void setFacts(const std::optional<HostFacts> &facts, std::optional<Bytes> required,
                  const JobShm &job = {});
    QString text() const;

protected:
    void showEvent(QShowEvent *event) override;

private:
    MemoryLayers *m_layers;
    QTextBrowser *m_text;
};

} // namespace shmwise
