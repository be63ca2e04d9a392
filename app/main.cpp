// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli.h"
#include "mainwindow.h"
#include "session.h"
#include "wizard.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFile>
#include <QLocale>
#include <QTextStream>
#include <QTimer>
#include <QTranslator>

#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace {

// Messages in the user's language where a translation exists; English otherwise.
void installTranslator(QCoreApplication &app)
{
    auto *translator = new QTranslator(&app);
    if (translator->load(QLocale(), QStringLiteral("shmwise"), QStringLiteral("_"),
                         QStringLiteral(":/i18n")))
        app.installTranslator(translator);
}

void setIdentity()
{
    QCoreApplication::setApplicationName(QStringLiteral("shmwise"));
    QCoreApplication::setOrganizationName(QStringLiteral("ShmWise"));
    QCoreApplication::setApplicationVersion(QStringLiteral(SHMWISE_VERSION));
}

bool haveDisplay()
{
    // A platform chosen on purpose (offscreen, vnc, ...) is taken at its word.
    for (const char *var : {"QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY"}) {
        const char *v = std::getenv(var);
        if (v && *v)
            return true;
    }
    return false;
}

int runGui(int argc, char **argv)
{
    if (!haveDisplay()) {
        std::fputs("shmwise: no display to show the wizard on (neither DISPLAY nor "
                   "WAYLAND_DISPLAY is set).\nUse the command line instead: shmwise --help\n",
                   stderr);
        return 2;
    }
    QApplication app(argc, argv);
    setIdentity();
    installTranslator(app);
    QApplication::setApplicationDisplayName(QStringLiteral("ShmWise"));
    QApplication::setDesktopFileName(QStringLiteral("io.github.shmwise.ShmWise"));
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("gui"), QString());
    const QCommandLineOption profile(QStringLiteral("profile"), QString(), QStringLiteral("FILE"));
    parser.addOption(profile);
    parser.parse(QCoreApplication::arguments());
    shmwise::MainWindow window;
    if (parser.isSet(profile) && !window.openProfile(parser.value(profile))) {
        // The message box has told the user; start with a new profile.
    }
    window.show();
    if (qEnvironmentVariableIntValue("SHMWISE_BENCH_STARTUP") == 1) {
        // For bench/bench_startup.cpp: say when the window is up, then build the results page
        // and report the resident memory it takes.
        QTimer::singleShot(0, &window, [&window] {
            std::fputs("shmwise-bench shown\n", stdout);
            std::fflush(stdout);
            for (int i = 0; i < 8 && window.wizard()->currentId() != shmwise::Wizard::ResultsPageId;
                 ++i)
                window.wizard()->next();
            QCoreApplication::processEvents();
            QFile status(QStringLiteral("/proc/self/status"));
            QByteArray rss = "unknown";
            if (status.open(QIODevice::ReadOnly)) {
                for (const QByteArray &line : status.readAll().split('\n')) {
                    if (line.startsWith("VmRSS:"))
                        rss = line.mid(6).trimmed();
                }
            }
            std::printf("shmwise-bench rss %s page %d\n", rss.constData(),
                        window.wizard()->currentId());
            std::fflush(stdout);
            window.session()->markSaved(window.session()->path());
            QCoreApplication::quit();
        });
    }
    return app.exec();
}

} // namespace

int main(int argc, char **argv)
{
    if (argc == 1 || std::strcmp(argv[1], "gui") == 0)
        return runGui(argc, argv);
    QCoreApplication app(argc, argv);
    setIdentity();
    installTranslator(app);
    return shmwise::runCli(QCoreApplication::arguments());
}
