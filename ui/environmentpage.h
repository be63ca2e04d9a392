// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ui/page.h"

class QCheckBox;
class QComboBox;
class QFormLayout;
class QLineEdit;
class QSpinBox;
class QLabel;

namespace shmwise {

// Where training runs, what it runs, and what the host gives it.
class EnvironmentPage : public Page
{
    Q_OBJECT
public:
    explicit EnvironmentPage(Session *session, QWidget *parent = nullptr);

protected:
    void syncFromProfile() override;
    void memoryNotice();

private:
    std::optional<Environment> m_syncedEnvironment; // whose syntax the size fields are in
    QComboBox *m_environment;
    QLabel *m_environmentNote;
    QComboBox *m_kind;
    QComboBox *m_trainer;        // kubernetes.trainer_release, for a TrainJob
    QComboBox *m_slurmContainer; // slurm.container
    QLineEdit *m_namespace;
    QFormLayout *m_whereForm;
    QFormLayout *m_jobForm;
    QCheckBox *m_adjustable;
    QLineEdit *m_shm;
    QLineEdit *m_name;
    QLineEdit *m_image;
    QLineEdit *m_command;
    QLineEdit *m_jobMemory;
    QSpinBox *m_gpus;
    QComboBox *m_p2p;  // nccl.p2p: not known, yes, no
    QSpinBox *m_nodes; // nccl.nodes: 0 for not known
    QCheckBox *m_ray;
    QLineEdit *m_objectStore;  // ray.object_store_memory: empty for Ray's default
    QWidget *m_objectStoreRow; // the field with its "= N bytes" label
    QLineEdit *m_hostMemory;
    QSpinBox *m_cpus;
};

} // namespace shmwise
