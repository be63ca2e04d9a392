// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/cli.h"
#include "app/terminalout.h"
#include "ui/mainwindow.h"
#include "ui/session.h"
#include "ui/wizard.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFile>
#include <QLibraryInfo>
#include <QLocale>
#include <QMessageBox>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTextStream>
#include <QTimer>
#include <QTranslator>

#include <cerrno>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include <netdb.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

namespace {

// Messages in the user's language where a translation exists; English otherwise. The
// language comes from LANGUAGE, LC_ALL, LC_MESSAGES or LANG, as for other programs. Where
// ShmWise has the language, Qt's own strings (the wizard's Back and Next, the options and
// arguments of --help, standard dialogs) follow it from Qt's catalogue (qtbase_*.qm); an
// untranslated language keeps them English too, so one window never mixes two languages.
void installTranslator(QCoreApplication &app, const QLocale &locale = QLocale())
{
    // Called again for the window's chosen language: the translators of the last call go.
    static QTranslator *ours = nullptr;
    static QTranslator *qts = nullptr;
    for (QTranslator **t : {&ours, &qts})
        if (*t) {
            QCoreApplication::removeTranslator(*t);
            delete *t;
            *t = nullptr;
        }
    auto *translator = new QTranslator(&app);
    if (!translator->load(locale, QStringLiteral("shmwise"), QStringLiteral("_"),
                          QStringLiteral(":/i18n"))) {
        delete translator;
        return;
    }
    app.installTranslator(translator);
    ours = translator;
    auto *qtTranslator = new QTranslator(&app);
    if (qtTranslator->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
                           QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
        app.installTranslator(qtTranslator);
        qts = qtTranslator;
    } else {
        delete qtTranslator;
    }
}

void setIdentity()
{
    QCoreApplication::setApplicationName(QStringLiteral("shmwise"));
    QCoreApplication::setOrganizationName(QStringLiteral("ShmWise"));
    QCoreApplication::setApplicationVersion(QStringLiteral(SHMWISE_VERSION));
}

// A socket that accepts a connection within a moment: the X server or Wayland compositor is
// there. Qt aborts (qFatal) when its platform plugin cannot connect, so this is asked first.
bool canConnectUnix(const std::string &path, bool abstract)
{
    sockaddr_un addr{};
    addr.sun_family = AF_UNIX;
    const size_t offset = abstract ? 1 : 0;
    if (path.size() + offset >= sizeof addr.sun_path)
        return false;
    std::memcpy(addr.sun_path + offset, path.data(), path.size());
    const socklen_t len =
        socklen_t(offsetof(sockaddr_un, sun_path) + offset + path.size() + (abstract ? 0 : 1));
    const int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0)
        return false;
    const bool ok = ::connect(fd, reinterpret_cast<const sockaddr *>(&addr), len) == 0;
    ::close(fd);
    return ok;
}

bool canConnectTcp(const std::string &host, int port)
{
    addrinfo hints{};
    hints.ai_socktype = SOCK_STREAM;
    addrinfo *found = nullptr;
    if (::getaddrinfo(host.c_str(), std::to_string(port).c_str(), &hints, &found) != 0)
        return false;
    bool ok = false;
    for (addrinfo *a = found; a && !ok; a = a->ai_next) {
        const int fd =
            ::socket(a->ai_family, a->ai_socktype | SOCK_CLOEXEC | SOCK_NONBLOCK, a->ai_protocol);
        if (fd < 0)
            continue;
        if (::connect(fd, a->ai_addr, a->ai_addrlen) == 0) {
            ok = true;
        } else if (errno == EINPROGRESS) {
            pollfd p{fd, POLLOUT, 0};
            int soError = 0;
            socklen_t soLen = sizeof soError;
            ok = ::poll(&p, 1, 3000) == 1 &&
                 ::getsockopt(fd, SOL_SOCKET, SO_ERROR, &soError, &soLen) == 0 && soError == 0;
        }
        ::close(fd);
    }
    ::freeaddrinfo(found);
    return ok;
}

// DISPLAY is [host]:number[.screen]; no host (or "unix") is the local socket, as Xlib reads it.
bool xServerReachable(const char *display)
{
    if (!display || !*display)
        return false;
    const std::string d(display);
    const size_t colon = d.rfind(':');
    if (colon == std::string::npos)
        return false;
    const std::string host = d.substr(0, colon);
    std::string number = d.substr(colon + 1);
    number = number.substr(0, number.find('.'));
    if (number.empty() || number.size() > 5 ||
        number.find_first_not_of("0123456789") != std::string::npos)
        return false;
    const int n = std::atoi(number.c_str());
    if (host.empty() || host == "unix") {
        const std::string path = "/tmp/.X11-unix/X" + number;
        return canConnectUnix(path, true) || canConnectUnix(path, false);
    }
    if (host.find('/') != std::string::npos) // a launchd-style socket path
        return canConnectUnix(d.substr(0, colon), false);
    return canConnectTcp(host, 6000 + n);
}

bool waylandReachable(const char *display)
{
    std::string name = display && *display ? display : "wayland-0";
    if (name.front() != '/') {
        const char *runtime = std::getenv("XDG_RUNTIME_DIR");
        if (!runtime || !*runtime)
            return false;
        name = std::string(runtime) + '/' + name;
    }
    return canConnectUnix(name, false);
}

// Whether Qt's GUI can start here, decided before QApplication is made: a platform chosen on
// purpose must be one Qt has, and xcb or wayland need their server to answer. Returns an empty
// string when it can, or the reason when it cannot.
std::string displayProblem()
{
    const char *platform = std::getenv("QT_QPA_PLATFORM");
    const char *x = std::getenv("DISPLAY");
    const char *wayland = std::getenv("WAYLAND_DISPLAY");
    if (platform && *platform) {
        // "name:options", possibly a list "wayland;xcb": any one that works will do.
        std::string list(platform);
        std::string reasons;
        size_t start = 0;
        while (start <= list.size()) {
            const size_t end = std::min(list.find(';', start), list.size());
            const std::string entry = list.substr(start, end - start);
            const std::string name = entry.substr(0, entry.find(':'));
            start = end + 1;
            if (name == "xcb") {
                if (xServerReachable(x))
                    return {};
                reasons = "QT_QPA_PLATFORM=xcb, but DISPLAY=" + std::string(x ? x : "") +
                          " cannot be reached";
            } else if (name.rfind("wayland", 0) == 0) {
                if (waylandReachable(wayland))
                    return {};
                reasons = "QT_QPA_PLATFORM=" + name +
                          ", but WAYLAND_DISPLAY=" + std::string(wayland ? wayland : "") +
                          " cannot be reached";
            } else if (name == "offscreen" || name == "minimal" || name == "vnc" ||
                       name == "eglfs" || name == "linuxfb" || name == "minimalegl" ||
                       name == "vkkhrdisplay") {
                return {};
            } else if (reasons.empty()) {
                reasons = "QT_QPA_PLATFORM=" + name + " is not a platform this program knows";
            }
        }
        return reasons;
    }
    const bool haveX = x && *x;
    const bool haveWayland = wayland && *wayland;
    if (!haveX && !haveWayland)
        return "neither DISPLAY nor WAYLAND_DISPLAY is set";
    if (haveX && xServerReachable(x))
        return {};
    if (haveWayland && waylandReachable(wayland)) {
        // Qt would try xcb first where the session is not marked as Wayland.
        ::setenv("QT_QPA_PLATFORM", "wayland", 1);
        return {};
    }
    std::string why;
    if (haveX)
        why = "DISPLAY=" + std::string(x) + " cannot be reached";
    if (haveWayland)
        why += (why.empty() ? "" : "; ") + std::string("WAYLAND_DISPLAY=") + wayland +
               " cannot be reached";
    return why;
}

// The settings file is read whole by QSettings when the window starts: a FIFO there would hang
// it, a huge file would take seconds and hundreds of megabytes. Such a file is left alone and
// this session keeps its settings in a private folder instead. Returns why, or empty.
QString guardSettingsFile(QTemporaryDir *instead)
{
    constexpr qint64 MaxSettingsBytes = 1 << 20;
    const QString file = QStandardPaths::writableLocation(QStandardPaths::GenericConfigLocation) +
                         QLatin1Char('/') + QCoreApplication::organizationName() +
                         QLatin1Char('/') + QCoreApplication::applicationName() +
                         QStringLiteral(".conf");
    struct stat st;
    if (::stat(QFile::encodeName(file).constData(), &st) != 0)
        return {};
    QString why;
    if (!S_ISREG(st.st_mode))
        why = QCoreApplication::translate("shmwise::Main",
                                          "%1 is not a regular file (a FIFO, device or socket)")
                  .arg(file);
    else if (st.st_size > MaxSettingsBytes)
        why = QCoreApplication::translate("shmwise::Main", "%1 is %2 MiB, far more than settings "
                                                           "take (at most 1 MiB is read)")
                  .arg(file)
                  .arg(st.st_size >> 20);
    if (why.isEmpty() || !instead->isValid())
        return why;
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, instead->path());
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, instead->path());
    return QCoreApplication::translate("shmwise::Main",
                                       "The settings file is ignored: %1. ShmWise starts with "
                                       "default settings, and what this session changes is not "
                                       "kept; move or remove the file.")
        .arg(why);
}

int runGui(int argc, char **argv)
{
    const std::string problem = displayProblem();
    if (!problem.empty()) {
        // Escaped like all printed text: the variables' values come from outside.
        const QByteArray why =
            shmwise::cli::escapeControls(QString::fromLocal8Bit(problem.c_str())).toLocal8Bit();
        std::fprintf(stderr,
                     "shmwise: no display to show the wizard on (%s).\nUse the command line "
                     "instead: shmwise --help\n",
                     why.constData());
        return 2;
    }
    QApplication app(argc, argv);
    setIdentity();
    installTranslator(app);
    QApplication::setApplicationDisplayName(QStringLiteral("ShmWise"));
    QApplication::setDesktopFileName(QStringLiteral("io.github.shmwise.ShmWise"));
    QTemporaryDir privateSettings;
    const QString settingsProblem = guardSettingsFile(&privateSettings);
    if (!settingsProblem.isEmpty())
        std::fprintf(stderr, "shmwise: %s\n",
                     shmwise::cli::escapeControls(settingsProblem).toLocal8Bit().constData());
    // The language chosen in the window (Tools > Language) over the system's.
    if (const QString language = shmwise::MainWindow::chosenLanguage(); !language.isEmpty()) {
        QLocale::setDefault(QLocale(language));
        installTranslator(app, QLocale(language));
    }
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
    if (!settingsProblem.isEmpty())
        QTimer::singleShot(0, &window, [&window, settingsProblem] {
            QMessageBox::warning(&window, QStringLiteral("ShmWise"), settingsProblem);
        });
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
