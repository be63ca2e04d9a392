// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ui/page.h"

#include <QSet>

#include <functional>
#include <optional>
#include <utility>

class QAction;
class QCheckBox;
class QComboBox;
class QGroupBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QTableWidget;
class QTextBrowser;

namespace shmwise {

class BreakdownBar;
class FitBox;
class FrameworkRow;
class LoaderPicker;
struct Profile;
struct ServingSpec;
struct Workload;

// The workload: the job's loaders, and for the one chosen a preset, the tensors of one sample,
// batch size and DataLoader settings, with the /dev/shm the job needs updating as the user
// types.
class WorkloadPage : public Page
{
    Q_OBJECT
public:
    explicit WorkloadPage(Session *session, QWidget *parent = nullptr);

    // Asked from a diagnosis ("show the plan for this job"): marks the fields that decide the
    // plan and says that their numbers are the preset's defaults (`defaults`), or the open
    // profile's, until changed. The marks go as soon as the workload is edited.
    void askToCheck(bool defaults);
    bool isAskingToCheck() const;

Q_SIGNALS:
    // The user asked what /dev/shm is (the link under the plan, the bar's What's This).
    void lessonRequested();

protected:
    void syncFromProfile() override;
    QString boundKey(const QString &key) const override;

private:
    // The columns of the tensor table.
    enum Column
    {
        NameColumn,
        ShapeColumn,
        DTypeColumn,
        BytesColumn
    };

    // The constructor's steps, in the order the fields are created (their tab order).
    void createServingFields();
    void createSampleFields();
    void createLoaderFields();
    // workloadserving.cpp: "Train or serve?", the server and its settings.
    QWidget *layOutServing();
    void connectServing();
    void syncServing();
    // Changes the profile's server settings; the image and command follow them unless the user
    // wrote their own.
    void editServing(const std::function<void(ServingSpec &)> &change);
    void createPlanView();
    void layOut();
    void connectFields();
    void explainFields();

    // The loader the page edits (LoaderPicker::current()).
    Workload &loader(Profile &p) const;
    const Workload &loader(const Profile &p) const;

    void measureScript();
    void syncTable();
    void syncPlan();
    void clearCheckMarks();
    // Takes the mark off one field the diagnosis asked to check, once the user set it.
    void unmarkChecked(QWidget *field);
    static QString checkTip();
    void fieldErrorsChanged() override;
    void readRow(int row);
    // The critical icon and the message on each tensor row that has a problem.
    void markRows();
    // Forgets the shape that could not be read, when its rows are replaced.
    void dropBadShape();
    int m_badShapeRow = -1; // the row whose shape text cannot be read
    QString m_badShape;

    QComboBox *m_kind = nullptr;      // trains or serves a model
    QComboBox *m_server = nullptr;    // which server
    QGroupBox *m_serverBox = nullptr; // the server's settings
    // Each server setting's row (its label and field), shown for the servers that have it.
    QHash<QWidget *, QLabel *> m_serverLabels;
    QLabel *m_serverLabel = nullptr;
    QSpinBox *m_tp = nullptr;
    QSpinBox *m_pp = nullptr;
    QSpinBox *m_dp = nullptr;
    QSpinBox *m_instances = nullptr;
    QSpinBox *m_maxRequests = nullptr;
    QLineEdit *m_version = nullptr;
    QLineEdit *m_kvOffload = nullptr;
    QLineEdit *m_payload = nullptr;
    QLabel *m_serverNote = nullptr;
    QList<QWidget *> m_loaderOnly; // hidden for a server that runs no loader of the profile's
    LoaderPicker *m_loaders;
    QPushButton *m_measure;
    QLabel *m_measureNote;                 // what applying the last measurement changed and kept
    std::optional<quint64> m_measuredPeak; // /dev/shm the last measured run used at most
    QComboBox *m_preset;
    QTableWidget *m_sample;
    QPushButton *m_addTensor;
    QPushButton *m_removeTensor;
    QLineEdit *m_sampleBytes;
    QSpinBox *m_batch;
    QSpinBox *m_processes;
    QSpinBox *m_workers;
    QSpinBox *m_prefetch;
    QCheckBox *m_persistent;
    QCheckBox *m_pin;
    QComboBox *m_start;
    QComboBox *m_strategy;
    FrameworkRow *m_framework;
    QLineEdit *m_resident;
    QLabel *m_required;
    QLabel *m_recommended;
    QTextBrowser *m_breakdown;
    QSet<QString> m_openDetails; // the breakdown's terms whose details are unfolded
    QLabel *m_warnings;
    BreakdownBar *m_bar;
    FitBox *m_fitBox;
    QLabel *m_checkNote; // shown by askToCheck()
    QLabel *m_checkIcon;
    QHash<QLineEdit *, QAction *> m_checkActions; // the information mark in each field to check
    QLabel *m_lessonLink;
    QList<QWidget *> m_checked;
    std::optional<Profile> m_checkedFrom; // the profile when askToCheck() marked the fields
    bool m_syncing = false;
    bool m_planWaits = false; // the plan is hidden while a field cannot be read
    // Persistent workers and the prefetch factor as they were before workers went to 0.
    std::optional<std::pair<bool, std::optional<quint64>>> m_parked;
    std::optional<Workload> m_parkedIn; // the workload (with 0 workers) they were taken from
};

} // namespace shmwise
