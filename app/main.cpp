// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli.h"

#include <QCoreApplication>

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("shmwise"));
    QCoreApplication::setOrganizationName(QStringLiteral("ShmWise"));
    QCoreApplication::setApplicationVersion(QStringLiteral(SHMWISE_VERSION));
    return shmwise::runCli(QCoreApplication::arguments());
}
