// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/cli.h"
#include "app/cliutil.h"
#include "app/commands.h"

#include "core/exitcodes.h"
#include "validators/validators.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QTextStream>

namespace shmwise {

namespace {

using namespace cli;

struct Command
{
    const char *name;
    const char *summary;
    int (*run)(const QStringList &args);
};

const Command kCommands[] = {
    {"plan",
     QT_TRANSLATE_NOOP("shmwise::Cli", "compute the /dev/shm a training job needs, and why"),
     &runPlan},
    {"generate",
     QT_TRANSLATE_NOOP("shmwise::Cli", "write the configs for the profile's environment, with why"),
     &runGenerate},
    {"validate",
     QT_TRANSLATE_NOOP(
         "shmwise::Cli",
         "check a config file (fstab, sysctl, limits, docker run, compose, Kubernetes, Python)"),
     &runValidate},
    {"probe",
     QT_TRANSLATE_NOOP(
         "shmwise::Cli",
         "report what a host (local, ssh, docker, k8s) gives a job, and what will break it"),
     &runProbe},
    {"measure",
     QT_TRANSLATE_NOOP("shmwise::Cli",
                       "run a training command briefly, watch its DataLoaders, plan from them"),
     &runMeasure},
    {"watch",
     QT_TRANSLATE_NOOP("shmwise::Cli",
                       "watch /dev/shm while a job runs: use, owners, trend, alerts, metrics"),
     &runWatch},
    {"clean",
     QT_TRANSLATE_NOOP("shmwise::Cli",
                       "list (and with --yes remove) /dev/shm files no process holds any more"),
     &runClean},
    {"diagnose",
     QT_TRANSLATE_NOOP("shmwise::Cli",
                       "explain a DataLoader, NCCL or OOM error log and say what to do"),
     &runDiagnose},
};

QString mainHelp()
{
    QString h = Tr::tr("Usage: shmwise [COMMAND] [OPTIONS]\n"
                       "\n"
                       "Sizes /dev/shm for PyTorch DataLoader training and explains the number.\n"
                       "\n"
                       "Commands:\n");
    for (const Command &c : kCommands)
        h += QStringLiteral("  %1  %2\n")
                 .arg(QLatin1String(c.name), -10)
                 .arg(QCoreApplication::translate("shmwise::Cli", c.summary));
    h += Tr::tr("\n"
                "Options:\n"
                "  -h, --help     show this help (shmwise COMMAND --help for a command)\n"
                "  -v, --version  show the version\n"
                "\n"
                "Exit codes: 0 done (warnings are output, not failure); 1 a file was judged "
                "invalid;\n"
                "2 bad usage, an unreadable file, an invalid profile or a file that could not "
                "be written.\n");
    return h;
}

} // namespace

QString versionText()
{
    return QStringLiteral("shmwise %1 (Qt %2, yaml-cpp %3, libyaml %4, KSyntaxHighlighting: %5)")
        .arg(QStringLiteral(SHMWISE_VERSION), QLatin1String(qVersion()),
             QStringLiteral(SHMWISE_YAML_CPP_VERSION), yamlParserVersion(),
#ifdef SHMWISE_HAVE_KSYNTAXHIGHLIGHTING
             QStringLiteral("yes")
#else
             QStringLiteral("no")
#endif
        );
}

int runCli(const QStringList &arguments)
{
    const QStringList args = arguments.mid(1);
    if (args.isEmpty()) {
        out() << mainHelp();
        return ExitOk;
    }
    const QString first = args.constFirst();
    if (first == QLatin1String("-h") || first == QLatin1String("--help") ||
        first == QLatin1String("help")) {
        if (first == QLatin1String("help") && args.size() > 1) {
            for (const Command &c : kCommands) {
                if (args.at(1) == QLatin1String(c.name))
                    return c.run({QStringLiteral("shmwise"), QStringLiteral("--help")});
            }
            err() << Tr::tr("shmwise: unknown command '%1'").arg(args.at(1)) << '\n';
            return ExitUsage;
        }
        out() << mainHelp();
        return ExitOk;
    }
    if (first == QLatin1String("-v") || first == QLatin1String("--version")) {
        out() << versionText() << '\n';
        return ExitOk;
    }
    for (const Command &c : kCommands) {
        if (first == QLatin1String(c.name)) {
            QStringList rest = args;
            rest[0] = QStringLiteral("shmwise ") + first; // parser skips the program name
            const int code = c.run(rest);
            out().flush();
            err().flush();
            return code;
        }
    }
    err() << Tr::tr("shmwise: unknown command '%1'").arg(first) << '\n' << mainHelp();
    return ExitUsage;
}

} // namespace shmwise
