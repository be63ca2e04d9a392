// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Helpers shared by the robustness tests: they run the real binary, with stand-in clients
// (a `docker` on PATH that is a shell script) where a target must misbehave on purpose.

#include "testutil.h"

#include <QDir>
#include <QFile>
#include <QProcessEnvironment>
#include <QTemporaryDir>

#include <algorithm>

#include <sys/stat.h>
#include <unistd.h>

namespace robust {

inline const QByteArray kProfile = "shmwise: 1\nenvironment: docker\nhost: {shm_bytes: 64MiB}\n"
                                   "workload:\n  preset: image-classification\n";

inline bool writeFile(const QString &path, const QByteArray &data, int mode = 0644)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return false;
    const bool ok = f.write(data) == data.size();
    f.close();
    return ok && ::chmod(QFile::encodeName(path).constData(), mode_t(mode)) == 0;
}

inline QByteArray readFile(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray("<unreadable>");
}

inline testutil::RunResult
shmwise(const QStringList &args,
        const QProcessEnvironment &env = QProcessEnvironment::systemEnvironment(),
        int timeoutMs = 60000, const QByteArray &input = {})
{
    return testutil::run(testutil::shmwiseBinary(), args, input, timeoutMs, env);
}

// An environment whose PATH starts with `binDir`, where the test puts stand-in clients.
inline QProcessEnvironment withPath(const QString &binDir)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("PATH"),
               binDir + QLatin1Char(':') + env.value(QStringLiteral("PATH")));
    return env;
}

// A `docker` client that runs `script` (POSIX sh) in place of `docker exec -i C sh -s`; the
// probe script arrives on its stdin.
inline bool fakeDocker(const QString &binDir, const QByteArray &script)
{
    return writeFile(binDir + QStringLiteral("/docker"), "#!/bin/sh\n" + script, 0755);
}

// The first terminal control in `text` (C0 but tab and newline, DEL, C1 as UTF-8), or -1.
inline int firstControl(const QByteArray &text)
{
    for (int i = 0; i < text.size(); ++i) {
        const unsigned char c = static_cast<unsigned char>(text.at(i));
        if ((c < 0x20 && c != '\t' && c != '\n') || c == 0x7f)
            return i;
        if (c == 0xc2 && i + 1 < text.size()) {
            const unsigned char d = static_cast<unsigned char>(text.at(i + 1));
            if (d >= 0x80 && d <= 0x9f)
                return i;
        }
    }
    return -1;
}

inline QByteArray around(const QByteArray &text, int at)
{
    return text.mid(std::max(0, at - 40), 80).toPercentEncoding(" /:;=,.()'\"");
}

} // namespace robust
