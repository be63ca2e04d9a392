// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/loaderpicker.h"

#include "ui/page.h"
#include "ui/session.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace shmwise {

Workload &LoaderPicker::loaderAt(Profile &profile, int index)
{
    return index <= 0 || index > profile.otherLoaders.size() ? profile.workload
                                                             : profile.otherLoaders[index - 1];
}

const Workload &LoaderPicker::loaderAt(const Profile &profile, int index)
{
    return index <= 0 || index > profile.otherLoaders.size() ? profile.workload
                                                             : profile.otherLoaders[index - 1];
}

LoaderPicker::LoaderPicker(Session *session, QWidget *parent) : QWidget(parent), m_session(session)
{
    m_pick = new QComboBox(this);
    m_pick->setAccessibleName(tr("Loader"));
    m_pick->setToolTip(tr("The job's DataLoaders: a training script that validates has two, and "
                          "both can hold /dev/shm at once. The plan counts the fullest moment."));
    m_add = new QPushButton(tr("Add loa&der"), this);
    m_add->setToolTip(tr("Another DataLoader of the job (validation, test), starting from the "
                         "settings of the one shown."));
    m_remove = new QPushButton(tr("Remove loader"), this);
    m_name = new QLineEdit(this);
    m_name->setAccessibleName(tr("Loader name"));
    m_name->setMaxLength(64);
    m_name->setToolTip(tr("train, val, ...: letters, digits, _ and -. The generated module has "
                          "a make_NAME_loader() for it."));
    m_lifetime = new QComboBox(this);
    m_lifetime->setAccessibleName(tr("Lifetime"));
    m_lifetime->addItem(tr("One at a time"), loaderLifetimeName(LoaderLifetime::OneAtATime));
    m_lifetime->setItemData(0,
                            tr("Iterated to its end before another loader starts (an evaluation "
                               "loader; training validated at the end of each epoch)."),
                            Qt::ToolTipRole);
    m_lifetime->addItem(tr("Parked mid-epoch"), loaderLifetimeName(LoaderLifetime::Parked));
    m_lifetime->setItemData(1,
                            tr("Paused with its queue full while another runs (validation every "
                               "N steps, Lightning's val_check_interval)."),
                            Qt::ToolTipRole);
    m_lifetime->addItem(tr("Kept all along"), loaderLifetimeName(LoaderLifetime::Kept));
    m_lifetime->setItemData(2,
                            tr("Its iterator never ends or is kept from start-up (a sampler that "
                               "repeats forever; iter(val_loader) made once)."),
                            Qt::ToolTipRole);
    m_lifetime->setToolTip(tr("What this loader keeps in /dev/shm while another one runs."));

    // Two rows, so a narrow window still shows the name whole: which loader, then (with several
    // loaders) its name and lifetime.
    auto *rows = new QVBoxLayout(this);
    rows->setContentsMargins(0, 0, 0, 0);
    auto *row = new QHBoxLayout;
    auto *pickLabel = new QLabel(tr("Loade&r:"), this);
    pickLabel->setBuddy(m_pick);
    row->addWidget(pickLabel);
    row->addWidget(m_pick, 1);
    row->addWidget(m_add);
    row->addWidget(m_remove);
    rows->addLayout(row);
    auto *details = new QHBoxLayout;
    m_nameLabel = new QLabel(tr("Name:"), this);
    m_nameLabel->setBuddy(m_name);
    details->addWidget(m_nameLabel);
    details->addWidget(m_name, 1);
    m_lifetimeLabel = new QLabel(tr("Lifetime:"), this);
    m_lifetimeLabel->setBuddy(m_lifetime);
    details->addWidget(m_lifetimeLabel);
    details->addWidget(m_lifetime, 1);
    rows->addLayout(details);

    connect(m_pick, qOverload<int>(&QComboBox::activated), this, &LoaderPicker::choose);
    connect(m_add, &QPushButton::clicked, this, &LoaderPicker::addLoader);
    connect(m_remove, &QPushButton::clicked, this, &LoaderPicker::removeLoader);
    connect(m_name, &QLineEdit::textEdited, this, [this](const QString &text) {
        m_session->edit([&](Profile &p) { loaderAt(p, m_current).name = text.trimmed(); });
    });
    connect(m_lifetime, qOverload<int>(&QComboBox::activated), this, [this] {
        if (const auto l = loaderLifetimeFromName(m_lifetime->currentData().toString()))
            m_session->edit([&](Profile &p) { loaderAt(p, m_current).lifetime = *l; });
    });
    sync();
}

void LoaderPicker::sync()
{
    const Profile &p = m_session->profile();
    const QVector<Workload> all = p.loaders();
    m_current = qBound(0, m_current, int(all.size()) - 1);
    const bool several = all.size() > 1;
    quietly(m_pick, [&](QComboBox *c) {
        c->clear();
        for (int i = 0; i < all.size(); ++i) {
            const QString name = all[i].name.isEmpty() ? tr("Loader %1").arg(i + 1) : all[i].name;
            c->addItem(i == 0 ? (p.serving.used ? tr("%1 (the service's)").arg(name)
                                                : tr("%1 (training)").arg(name))
                              : name);
        }
        if (!several)
            c->setItemText(0,
                           p.serving.used ? tr("The service's loader") : tr("The training loader"));
        c->setCurrentIndex(m_current);
    });
    m_pick->setEnabled(several);
    m_remove->setEnabled(several);
    m_add->setEnabled(all.size() < MaxLoaders);
    for (QWidget *w :
         {static_cast<QWidget *>(m_name), static_cast<QWidget *>(m_lifetime),
          static_cast<QWidget *>(m_nameLabel), static_cast<QWidget *>(m_lifetimeLabel)})
        w->setVisible(several);
    const Workload &w = all[m_current];
    if (m_name->text().trimmed() != w.name)
        quietly(m_name, [&](QLineEdit *e) { e->setText(w.name); });
    quietly(m_lifetime,
            [&](QComboBox *c) { c->setCurrentIndex(c->findData(loaderLifetimeName(w.lifetime))); });
}

void LoaderPicker::choose(int index)
{
    if (index < 0 || index == m_current)
        return;
    m_current = index;
    sync();
    Q_EMIT currentChanged();
}

void LoaderPicker::addLoader()
{
    int added = 0;
    m_session->edit([&](Profile &p) {
        if (p.otherLoaders.isEmpty() && p.workload.name.isEmpty())
            p.workload.name = QStringLiteral("train");
        Workload w = loaderAt(p, m_current);
        w.processesPerNode = p.workload.processesPerNode;
        w.lifetime = LoaderLifetime::OneAtATime;
        w.preset.clear();
        QStringList taken;
        for (const Workload &l : p.loaders())
            taken << l.name;
        w.name = QStringLiteral("val");
        for (int n = 2; taken.contains(w.name); ++n)
            w.name = QStringLiteral("loader%1").arg(n);
        p.otherLoaders.append(w);
        added = int(p.otherLoaders.size());
    });
    m_current = added;
    sync();
    Q_EMIT currentChanged();
    m_name->setFocus();
    m_name->selectAll();
}

void LoaderPicker::removeLoader()
{
    const int index = m_current;
    m_session->edit([&](Profile &p) {
        if (p.otherLoaders.isEmpty())
            return;
        if (index == 0) {
            // The next loader becomes the training loader; the job's processes stay.
            const quint64 processes = p.workload.processesPerNode;
            p.workload = p.otherLoaders.takeFirst();
            p.workload.processesPerNode = processes;
        } else if (index - 1 < p.otherLoaders.size()) {
            p.otherLoaders.remove(index - 1);
        }
    });
    m_current = qMax(0, index - 1);
    sync();
    Q_EMIT currentChanged();
}

} // namespace shmwise
