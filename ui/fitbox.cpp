// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/fitbox.h"

#include "core/fit.h"
#include "ui/loaderpicker.h"
#include "ui/page.h"
#include "ui/session.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

namespace shmwise {

FitBox::FitBox(Session *session, QWidget *parent) : QGroupBox(parent), m_session(session)
{
    // When /dev/shm cannot be raised, the settings that fit the /dev/shm there is, beside the
    // profile's own.
    setTitle(tr("Fitted to the /dev/shm there is"));
    setAccessibleName(tr("Fitted settings"));
    m_fitState = new QLabel(this);
    m_fitState->setWordWrap(true);
    m_fitState->setTextFormat(Qt::PlainText);
    m_fitState->setAccessibleName(tr("Fit state"));
    m_fitTable = new QTableWidget(4, 2, this);
    m_fitTable->setAccessibleName(tr("Your settings and the fitted ones"));
    m_fitTable->setHorizontalHeaderLabels({tr("Yours"), tr("Fitted")});
    m_fitTable->setVerticalHeaderLabels(
        {tr("Workers"), tr("Prefetch factor"), tr("Batch size"), tr("/dev/shm needed")});
    m_fitTable->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_fitTable->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_fitTable->setSelectionMode(QAbstractItemView::NoSelection);
    m_fitTable->setFocusPolicy(Qt::NoFocus);
    m_fitTable->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    m_fitTable->setFixedHeight(m_fitTable->horizontalHeader()->sizeHint().height() +
                               4 * (fontMetrics().height() + 6) + 4);
    m_fitTable->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_fitTable->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_fitCosts = new QLabel(this);
    m_fitCosts->setWordWrap(true);
    m_fitCosts->setTextFormat(Qt::PlainText);
    m_fitCosts->setAccessibleName(tr("What the fit costs"));
    m_applyFit = new QPushButton(tr("App&ly fitted settings"), this);
    m_applyFit->setToolTip(tr("Set workers, prefetch factor and batch size to the fitted ones."));
    auto *fitLayout = new QVBoxLayout(this);
    fitLayout->addWidget(m_fitState);
    fitLayout->addWidget(m_fitTable);
    fitLayout->addWidget(m_fitCosts);
    auto *applyRow = new QHBoxLayout;
    applyRow->addStretch();
    applyRow->addWidget(m_applyFit);
    fitLayout->addLayout(applyRow);
    connect(m_applyFit, &QPushButton::clicked, this, &FitBox::apply);
}

void FitBox::apply()
{
    const Session *s = m_session;
    if (!s->problems().isEmpty())
        return;
    const LoaderSettings fit = loaderSettings(s->profile(), s->plan());
    if (!fit.fitted || !fit.fits)
        return;
    m_session->edit([&](Profile &p) {
        // Every loader's fitted settings: they fit together.
        const int n = int(p.loaders().size());
        for (int i = 0; i < n; ++i) {
            Workload &w = LoaderPicker::loaderAt(p, i);
            const ShmFitOption o = i < fit.loaders.size()
                                       ? fit.loaders[i]
                                       : ShmFitOption{fit.numWorkers, fit.prefetchFactor,
                                                      fit.batchSize, fit.requiredBytes};
            w.setNumWorkers(o.numWorkers);
            w.batchSize = o.batchSize;
            if (o.numWorkers > 0 && o.prefetchFactor > 0)
                w.prefetchFactor = o.prefetchFactor;
        }
    });
}

void FitBox::sync(int shown)
{
    const Session *s = m_session;
    const Profile &profile = s->profile();
    const bool show = s->problems().isEmpty() && !profile.shmAdjustable();
    setVisible(show);
    if (!show)
        return;
    const ShmPlan &plan = s->plan();
    LoaderSettings fit = loaderSettings(profile, plan);
    const Workload &w = LoaderPicker::loaderAt(profile, shown);
    // The table shows the loader being edited; the fit holds every loader's settings.
    if (shown < fit.loaders.size() && fit.fits) {
        fit.numWorkers = fit.loaders[shown].numWorkers;
        fit.prefetchFactor = fit.loaders[shown].prefetchFactor;
        fit.batchSize = fit.loaders[shown].batchSize;
    }
    const QString there =
        fit.shmAssumed
            ? tr("%1 (assumed: no current /dev/shm was given)").arg(formatSize(fit.availableShm))
            : formatSize(fit.availableShm);
    auto cell = [&](int row, int col, const QString &text) {
        auto *item = m_fitTable->item(row, col);
        if (!item) {
            item = new QTableWidgetItem;
            m_fitTable->setItem(row, col, item);
        }
        item->setText(text);
    };
    const quint64 ownPrefetch = w.numWorkers > 0 ? w.effectivePrefetchFactor() : 0;
    cell(0, 0, QString::number(w.numWorkers));
    cell(1, 0, ownPrefetch ? QString::number(ownPrefetch) : tr("none"));
    cell(2, 0, QString::number(w.batchSize));
    cell(3, 0, formatSize(plan.requiredBytes));
    cell(0, 1, QString::number(fit.numWorkers));
    cell(1, 1, fit.prefetchFactor ? QString::number(fit.prefetchFactor) : tr("none"));
    cell(2, 1, QString::number(fit.batchSize));
    cell(3, 1, formatSize(fit.requiredBytes));
    // Nothing to apply only when every loader keeps its settings.
    bool asConfigured = settingsAsConfigured(w, fit);
    const QVector<Workload> all = profile.loaders();
    for (int i = 0; fit.fits && i < fit.loaders.size() && i < all.size(); ++i) {
        const ShmFitOption &o = fit.loaders[i];
        const Workload &l = all[i];
        asConfigured = asConfigured && o.numWorkers == l.numWorkers && o.batchSize == l.batchSize &&
                       (o.numWorkers == 0 || o.prefetchFactor == l.effectivePrefetchFactor());
    }
    QPalette pal = palette();
    if (!fit.fits) {
        m_fitState->setText(tr("Nothing fits: even loading in the main process needs %1, more "
                               "than the %2 /dev/shm there is. Raise /dev/shm, or lower the "
                               "processes per node.")
                                .arg(formatSize(fit.requiredBytes), there));
        pal.setColor(QPalette::WindowText, QColor(0xda, 0x44, 0x53));
    } else if (asConfigured) {
        m_fitState->setText(
            tr("/dev/shm here is %1 and cannot be raised; your settings fit.").arg(there));
    } else {
        m_fitState->setText(tr("/dev/shm here is %1 and cannot be raised; your settings need "
                               "%2. The generated files already use the settings that fit "
                               "(apply them here to plan with them):")
                                .arg(there, formatSize(plan.requiredBytes)));
        pal.setColor(QPalette::WindowText, QColor(0xf6, 0x74, 0x00));
    }
    m_fitState->setPalette(pal);
    m_fitState->setProperty("fits", fit.fits);
    QStringList costs;
    for (const QString &c : fit.costs)
        costs << QStringLiteral("• ") + c;
    m_fitCosts->setText(unbreakable(costs.join(QLatin1Char('\n'))));
    m_fitCosts->setVisible(!costs.isEmpty());
    m_applyFit->setEnabled(fit.fits && !asConfigured);
}

} // namespace shmwise
