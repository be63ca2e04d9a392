// SPDX-License-Identifier: GPL-3.0-or-later
#include "testutil.h"

#include "core/size.h"
#include "validators/imageref_p.h"
#include "validators/jsonschema_p.h"
#include "validators/shellwords_p.h"
#include "validators/validate_common_p.h"
#include "validators/validators.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <iterator>

using namespace shmwise;
using namespace shmwise::validators;

namespace {

// A parsed size is the expected bytes, or (bytes < 0) refused with a reason.
void checkSize(const std::optional<quint64> &v, const QString &why, qint64 bytes)
{
    if (bytes < 0) {
        QVERIFY(!v);
        QVERIFY(!why.isEmpty());
    } else {
        QVERIFY2(v, qPrintable(why));
        QCOMPARE(qint64(*v), bytes);
    }
}

QString readText(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(f.readAll());
}

QString dump(const QVector<Diagnostic> &diags)
{
    QString s;
    for (const Diagnostic &d : diags)
        s += QStringLiteral("  %1:%2: %3: %4\n")
                 .arg(d.line)
                 .arg(d.column)
                 .arg(severityName(d.severity), d.message);
    return s;
}

// Every corpus file lives in a directory named after its kind: broken/<kind>/<what is wrong>.
void addCorpusRows(const QString &sub)
{
    QTest::addColumn<int>("kind");
    QTest::addColumn<QString>("path");
    const QString base = testutil::testData(sub);
    QDirIterator it(base, QDir::Files, QDirIterator::Subdirectories);
    QStringList paths;
    while (it.hasNext())
        paths << it.next();
    paths.sort();
    QVERIFY2(!paths.isEmpty(), qPrintable(base));
    for (const QString &p : std::as_const(paths)) {
        const QString rel = QDir(base).relativeFilePath(p);
        const auto kind = configKindFromName(rel.section(QLatin1Char('/'), 0, 0));
        QVERIFY2(kind, qPrintable(rel));
        QTest::newRow(qPrintable(rel)) << int(*kind) << p;
    }
}

struct Expectation
{
    QString severity;
    int line = 0;
    QString text;
};

// Header comments such as `# expect: error 3 write '8G'` (or `; expect:` in sysctl files).
QVector<Expectation> expectations(const QString &text)
{
    static const QRegularExpression re(
        QStringLiteral("^[#;] expect: (error|warning|info) (\\d+) (.+)$"),
        QRegularExpression::MultilineOption);
    QVector<Expectation> out;
    for (auto it = re.globalMatch(text); it.hasNext();) {
        const auto m = it.next();
        out.append({m.captured(1), m.captured(2).toInt(), m.captured(3).trimmed()});
    }
    return out;
}

} // namespace

class TestValidators : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void broken_data() { addCorpusRows(QStringLiteral("broken")); }
    void broken()
    {
        QFETCH(int, kind);
        QFETCH(QString, path);
        const QString text = readText(path);
        const QVector<Expectation> expected = expectations(text);
        QVERIFY2(!expected.isEmpty(), "a broken file needs at least one '# expect:' line");
        const QVector<Diagnostic> diags = validateConfig(ConfigKind(kind), text);
        for (const Expectation &e : expected) {
            bool found = false;
            for (const Diagnostic &d : diags)
                found = found || (severityName(d.severity) == e.severity && d.line == e.line &&
                                  d.message.contains(e.text));
            QVERIFY2(found,
                     qPrintable(QStringLiteral("expected %1 on line %2 containing '%3'; got:\n%4")
                                    .arg(e.severity)
                                    .arg(e.line)
                                    .arg(e.text, dump(diags))));
        }
        // No error beyond the expected ones: a validator that cries wolf gets ignored.
        for (const Diagnostic &d : diags) {
            if (d.severity != Severity::Error)
                continue;
            bool listed = false;
            for (const Expectation &e : expected)
                listed = listed || (e.severity == QLatin1String("error") && e.line == d.line);
            QVERIFY2(listed, qPrintable(QStringLiteral("unexpected error:\n%1").arg(dump({d}))));
        }
    }

    void valid_data() { addCorpusRows(QStringLiteral("valid")); }
    void valid()
    {
        QFETCH(int, kind);
        QFETCH(QString, path);
        const QVector<Diagnostic> diags = validateConfig(ConfigKind(kind), readText(path));
        for (const Diagnostic &d : diags)
            QVERIFY2(d.severity != Severity::Error, qPrintable(dump(diags)));
    }

    // Every key of the generated list of keys only some kernels have: a warning that names
    // where it exists, never an error; every removed or read-only key: an error.
    void sysctlKeyLists()
    {
        struct Key
        {
            const char *key;
            int kernels;
            const char *provider;
        };
        const Key optional[] = {
#define SYSCTL_OPTIONAL(key, kernels, provider) {key, kernels, provider},
#define SYSCTL_REMOVED(key, release, commit)
#define SYSCTL_READONLY(key)
#define SYSCTL_NEWER(key, kernels)
#include "../validators/sysctl_keys_optional.inc"
#undef SYSCTL_OPTIONAL
#undef SYSCTL_REMOVED
#undef SYSCTL_READONLY
#undef SYSCTL_NEWER
        };
        const char *const refused[] = {
#define SYSCTL_OPTIONAL(key, kernels, provider)
#define SYSCTL_REMOVED(key, release, commit) key,
#define SYSCTL_READONLY(key) key,
#define SYSCTL_NEWER(key, kernels)
#include "../validators/sysctl_keys_optional.inc"
#undef SYSCTL_OPTIONAL
#undef SYSCTL_REMOVED
#undef SYSCTL_READONLY
#undef SYSCTL_NEWER
        };
        const char *const newer[] = {
#define SYSCTL_OPTIONAL(key, kernels, provider)
#define SYSCTL_REMOVED(key, release, commit)
#define SYSCTL_READONLY(key)
#define SYSCTL_NEWER(key, kernels) key,
#include "../validators/sysctl_keys_optional.inc"
#undef SYSCTL_OPTIONAL
#undef SYSCTL_REMOVED
#undef SYSCTL_READONLY
#undef SYSCTL_NEWER
        };
        QVERIFY(std::size(optional) > 100);
        QVERIFY(std::size(newer) > 10);
        for (const char *k : newer) {
            if (std::any_of(std::begin(refused), std::end(refused),
                            [&](const char *r) { return qstrcmp(r, k) == 0; }))
                continue;
            const QString key =
                QString::fromLatin1(k).replace(QLatin1Char('*'), QLatin1String("eth0"));
            const QVector<Diagnostic> diags =
                validateConfig(ConfigKind::Sysctl, key + QLatin1String(" = 1\n"));
            bool warned = false;
            for (const Diagnostic &d : diags) {
                QVERIFY2(d.severity != Severity::Error, qPrintable(dump(diags)));
                warned = warned || (d.severity == Severity::Warning &&
                                    d.message.contains(QLatin1String("newer kernels")));
            }
            QVERIFY2(warned, qPrintable(key + QLatin1String(": ") + dump(diags)));
        }
        QVERIFY(std::size(refused) > 10);
        int fromBinaries = 0;
        for (const Key &k : optional) {
            if (std::any_of(std::begin(refused), std::end(refused),
                            [&](const char *r) { return qstrcmp(r, k.key) == 0; }))
                continue; // read-only where it exists: an error, checked below
            const QString key =
                QString::fromLatin1(k.key).replace(QLatin1Char('*'), QLatin1String("eth0"));
            const QVector<Diagnostic> diags =
                validateConfig(ConfigKind::Sysctl, key + QLatin1String(" = 1\n"));
            bool warned = false;
            for (const Diagnostic &d : diags) {
                QVERIFY2(d.severity != Severity::Error, qPrintable(dump(diags)));
                warned = warned ||
                         (d.severity == Severity::Warning &&
                          d.message.contains(QLatin1String("exists only on")) &&
                          (qstrncmp(k.provider, "CONFIG_", 7) != 0 ||
                           d.message.contains(QLatin1String(k.provider))) &&
                          (qstrncmp(k.provider, "module ", 7) != 0 ||
                           d.message.contains(QLatin1String(k.provider + 7))) &&
                          // a patch or distribution the validator can name
                          (!*k.provider ||
                           !d.message.contains(QLatin1String("depending on how they are built"))));
            }
            QVERIFY2(warned, qPrintable(key + QLatin1String(": ") + dump(diags)));
            fromBinaries += k.kernels != 0;
        }
        QVERIFY(fromBinaries > 100);
        for (const char *k : refused) {
            const QString key =
                QString::fromLatin1(k).replace(QLatin1Char('*'), QLatin1String("eth0"));
            const QVector<Diagnostic> diags =
                validateConfig(ConfigKind::Sysctl, key + QLatin1String(" = 1\n"));
            bool error = false;
            for (const Diagnostic &d : diags)
                error = error || d.severity == Severity::Error;
            QVERIFY2(error, qPrintable(key + QLatin1String(": ") + dump(diags)));
        }
    }

    // What is said about a key (where it exists, what it limits) comes once, on the first line
    // that sets it; every later line gets the duplicate warning, and each line with a made-up
    // key stays an error, with a hint only while hints are cheap.
    void sysctlRepeatedKeys()
    {
        const QVector<Diagnostic> diags = validateConfig(
            ConfigKind::Sysctl, QStringLiteral("kernel.shmmni = 1\nkernel.sysrq = 1\n"
                                               "kernel.shmmni = 2\nkernel.sysrq = 0\n"));
        int shm = 0, sysrq = 0, again = 0;
        for (const Diagnostic &d : diags) {
            shm += d.message.contains(QLatin1String("System V"));
            sysrq += d.message.contains(QLatin1String("CONFIG_MAGIC_SYSRQ"));
            again += d.message.contains(QLatin1String("is also set on line"));
            QVERIFY2(d.severity != Severity::Error, qPrintable(dump(diags)));
        }
        QCOMPARE(shm, 1);
        QCOMPARE(sysrq, 1);
        QCOMPARE(again, 2);

        QString many;
        for (int i = 0; i < 2000; ++i)
            many += QStringLiteral("kernel.shmmnx%1 = 1\n").arg(i);
        const QVector<Diagnostic> unknown = validateConfig(ConfigKind::Sysctl, many);
        int errors = 0, hinted = 0;
        for (const Diagnostic &d : unknown) {
            errors += d.severity == Severity::Error;
            hinted += d.message.contains(QLatin1String("(did you mean kernel.shm"));
        }
        // The first 1000 are listed, the rest counted in one last error.
        QCOMPARE(errors, 1001);
        QVERIFY2(hinted > 0 && hinted < 1000, qPrintable(QString::number(hinted)));
        QCOMPARE(unknown.last().message, QStringLiteral("1000 more problem(s) are not listed"));
        QCOMPARE(unknown.last().line, 1001);
    }

    void dockerSize_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<qint64>("bytes"); // -1: rejected
        QTest::newRow("8g") << "8g" << qint64(8) * 1024 * 1024 * 1024;
        QTest::newRow("8gb") << "8gb" << qint64(8) * 1024 * 1024 * 1024;
        QTest::newRow("8GB") << "8GB" << qint64(8) * 1024 * 1024 * 1024;
        QTest::newRow("8GiB") << "8GiB" << qint64(8) * 1024 * 1024 * 1024;
        QTest::newRow("1.5g") << "1.5g" << qint64(1536) * 1024 * 1024;
        QTest::newRow("space") << "32.3 mb" << qint64(32.3 * 1024 * 1024);
        QTest::newRow("bytes") << "1000" << qint64(1000);
        QTest::newRow("32b") << "32b" << qint64(32);
        QTest::newRow("8Gi") << "8Gi" << qint64(-1);
        QTest::newRow("negative") << "-32" << qint64(-1);
        QTest::newRow("32bm") << "32bm" << qint64(-1);
        QTest::newRow("32m b") << "32m b" << qint64(-1);
        QTest::newRow("padded") << " 32 " << qint64(-1);
        QTest::newRow("empty") << "" << qint64(-1);
        QTest::newRow("exa") << "1e" << qint64(-1);
    }
    void dockerSize()
    {
        QFETCH(QString, text);
        QFETCH(qint64, bytes);
        QString why;
        checkSize(parseDockerSize(text, &why), why, bytes);
    }

    void kernelSize_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<qint64>("bytes");
        QTest::newRow("8G") << "8G" << qint64(8) * 1024 * 1024 * 1024;
        QTest::newRow("8g") << "8g" << qint64(8) * 1024 * 1024 * 1024;
        QTest::newRow("512m") << "512m" << qint64(512) * 1024 * 1024;
        QTest::newRow("bytes") << "4096" << qint64(4096);
        QTest::newRow("8gb") << "8gb" << qint64(-1);
        QTest::newRow("8GiB") << "8GiB" << qint64(-1);
        QTest::newRow("1.5g") << "1.5g" << qint64(-1);
        QTest::newRow("empty") << "" << qint64(-1);
    }
    void kernelSize()
    {
        QFETCH(QString, text);
        QFETCH(qint64, bytes);
        QString why;
        const auto v = parseKernelSize(text, &why);
        checkSize(v ? std::optional<quint64>(v->value) : std::nullopt, why, bytes);
        const auto pct = parseKernelSize(QStringLiteral("50%"), nullptr);
        QVERIFY(pct && pct->percent && pct->value == 50);
    }

    void quantity_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<qint64>("bytes");
        QTest::newRow("8Gi") << "8Gi" << qint64(8) * 1024 * 1024 * 1024;
        QTest::newRow("8G") << "8G" << qint64(8000000000);
        QTest::newRow("500k") << "500k" << qint64(500000);
        QTest::newRow("1.5Gi") << "1.5Gi" << qint64(1536) * 1024 * 1024;
        QTest::newRow("exponent") << "1e3" << qint64(1000);
        QTest::newRow("plain") << "1024" << qint64(1024);
        QTest::newRow("8GB") << "8GB" << qint64(-1);
        QTest::newRow("8g") << "8g" << qint64(-1);
        QTest::newRow("8gi") << "8gi" << qint64(-1);
        QTest::newRow("500K") << "500K" << qint64(-1);
        QTest::newRow("negative") << "-1Gi" << qint64(-1);
    }
    void quantity()
    {
        QFETCH(QString, text);
        QFETCH(qint64, bytes);
        QString why;
        checkSize(parseKubernetesQuantity(text, &why), why, bytes);
    }

    void guess_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("kind"); // -1: cannot tell
        const int fstab = int(ConfigKind::Fstab), sysctl = int(ConfigKind::Sysctl),
                  limits = int(ConfigKind::Limits), run = int(ConfigKind::DockerRun),
                  compose = int(ConfigKind::Compose), k8s = int(ConfigKind::Kubernetes),
                  py = int(ConfigKind::Python);
        QTest::newRow("fstab") << "/etc/fstab"
                               << "" << fstab;
        QTest::newRow("py") << "train.py"
                            << "" << py;
        QTest::newRow("compose") << "docker-compose.override.yml"
                                 << "" << compose;
        QTest::newRow("compose.yaml") << "compose.yaml"
                                      << "" << compose;
        QTest::newRow("sysctl.d") << "/etc/sysctl.d/90-shm.conf"
                                  << "" << sysctl;
        QTest::newRow("*.sysctl") << "shm.sysctl"
                                  << "" << sysctl;
        QTest::newRow("limits.d") << "/etc/security/limits.d/nofile.conf"
                                  << "" << limits;
        QTest::newRow("limits.conf") << "limits.conf"
                                     << "" << limits;
        QTest::newRow("k8s yaml") << "job.yaml"
                                  << "apiVersion: v1\nkind: Pod\n"
                                  << k8s;
        QTest::newRow("compose yaml") << "stack.yml"
                                      << "services:\n  a: {}\n"
                                      << compose;
        QTest::newRow("other yaml") << "x.yaml"
                                    << "a: 1\n"
                                    << -1;
        QTest::newRow("sh") << "run.sh"
                            << "#!/bin/sh\nexec docker run --rm img\n"
                            << run;
        QTest::newRow("podman") << "-"
                                << "podman run img" << run;
        QTest::newRow("stdin k8s") << ""
                                   << "---\napiVersion: apps/v1\nkind: Deployment\n"
                                   << k8s;
        QTest::newRow("stdin python") << ""
                                      << "import torch\nx = 1\n"
                                      << py;
        QTest::newRow("stdin limits") << ""
                                      << "* soft nofile 65536\n"
                                      << limits;
        QTest::newRow("stdin sysctl") << ""
                                      << "kernel.shmmni = 4096\n"
                                      << sysctl;
        QTest::newRow("stdin fstab") << ""
                                     << "tmpfs /dev/shm tmpfs size=8G 0 0\n"
                                     << fstab;
        QTest::newRow("nonsense") << "notes.txt"
                                  << "hello world\n"
                                  << -1;
    }

    // The shell splitting docker-run relies on: words as sh makes them before expansion.
    void shellWords_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QStringList>("first"); // the first command's words
        QTest::addColumn<int>("commands");
        QTest::newRow("substitution with spaces")
            << QStringLiteral("docker run -v $(pwd -P):/w x")
            << QStringList{QStringLiteral("docker"), QStringLiteral("run"), QStringLiteral("-v"),
                           QStringLiteral("$(pwd -P):/w"), QStringLiteral("x")}
            << 1;
        QTest::newRow("nested and quoted")
            << QStringLiteral("a \"$(echo \"$(b c)\")\" `d e` ${X:-y z}")
            << QStringList{QStringLiteral("a"), QStringLiteral("$(echo \"$(b c)\")"),
                           QStringLiteral("`d e`"), QStringLiteral("${X:-y z}")}
            << 1;
        QTest::newRow("continuation and comment")
            << QStringLiteral("a \\\n  b # c d\ne")
            << QStringList{QStringLiteral("a"), QStringLiteral("b")} << 2;
        QTest::newRow("redirections dropped")
            << QStringLiteral("a 2>&1 >out b <in | c")
            << QStringList{QStringLiteral("a"), QStringLiteral("b")} << 2;
        QTest::newRow("here-document skipped")
            << QStringLiteral("cat <<EOF\ndocker run --x\nEOF\nls")
            << QStringList{QStringLiteral("cat")} << 2;
    }
    void shellWords()
    {
        QFETCH(QString, text);
        QFETCH(QStringList, first);
        QFETCH(int, commands);
        Sink sink;
        const QVector<ShellCommand> cmds = splitShellCommands(text, sink);
        QCOMPARE(cmds.size(), commands);
        QStringList words;
        for (const ShellWord &w : cmds.first())
            words << w.text;
        QCOMPARE(words, first);
        QVERIFY(sink.take().isEmpty());
    }

    // Image references as the distribution/reference grammar reads them.
    void imageReference_data()
    {
        QTest::addColumn<QString>("ref");
        QTest::addColumn<bool>("valid");
        QTest::newRow("plain") << QStringLiteral("pytorch/pytorch:2.1.0-cuda12.1") << true;
        QTest::newRow("registry with port") << QStringLiteral("localhost:5000/a/b:v1") << true;
        QTest::newRow("capital registry") << QStringLiteral("MyReg.example.com/a/b") << true;
        QTest::newRow("capital first part is a registry") << QStringLiteral("Foo/bar") << true;
        QTest::newRow("digest") << QStringLiteral("ubuntu@sha256:") + QString(64, QLatin1Char('a'))
                                << true;
        QTest::newRow("capital repository") << QStringLiteral("pytorch/PyTorch") << false;
        QTest::newRow("capital single name") << QStringLiteral("Ubuntu") << false;
        QTest::newRow("two tags") << QStringLiteral("ubuntu:lat:est") << false;
        QTest::newRow("double separator") << QStringLiteral("a..b") << false;
    }
    void imageReference()
    {
        QFETCH(QString, ref);
        QFETCH(bool, valid);
        QCOMPARE(!checkImageReference(ref).has_value(), valid);
    }

    void guess()
    {
        QFETCH(QString, name);
        QFETCH(QString, text);
        QFETCH(int, kind);
        const auto k = guessConfigKind(name, text);
        QCOMPARE(k ? int(*k) : -1, kind);
    }

    void lineEndingsAndPositions()
    {
        // CRLF files give the same lines; columns point at the value.
        const auto d = validateConfig(
            ConfigKind::Fstab, QStringLiteral("# x\r\ntmpfs /dev/shm tmpfs size=8gb 0 0\r\n"));
        QCOMPARE(d.size(), 1);
        QCOMPARE(d[0].line, 2);
        QCOMPARE(d[0].column, 22);
        const auto r = validateConfig(ConfigKind::DockerRun,
                                      QStringLiteral("docker run --shm-size=8Gi img\n"));
        QCOMPARE(r.size(), 1);
        QCOMPARE(r[0].column, 23);
    }

    void neverCrashes_data()
    {
        QTest::addColumn<int>("kind");
        QTest::addColumn<QString>("text");
        QRandomGenerator rng(20240601);
        const QString deepFlow = QString(QLatin1Char('[')).repeated(100000);
        QString deepBlock;
        for (int i = 0; i < 3000; ++i)
            deepBlock += QString(i * 2, QLatin1Char(' ')) + QStringLiteral("a:\n");
        const QString hugeLine = QStringLiteral("x").repeated(2 * 1024 * 1024);
        const QString parens = QStringLiteral("DataLoader(").repeated(20000);
        const QString quotes = QStringLiteral("\"'\\").repeated(50000);
        const QString manyDashes = QStringLiteral("---\n").repeated(20000);
        for (int k = 0; k <= int(ConfigKind::Python); ++k) {
            const QString name = configKindName(ConfigKind(k));
            for (int i = 0; i < 20; ++i) {
                QByteArray bytes(int(rng.bounded(1, 4096)), Qt::Uninitialized);
                for (char &c : bytes)
                    c = char(rng.bounded(256));
                QTest::newRow(qPrintable(QStringLiteral("%1 random %2").arg(name).arg(i)))
                    << k << QString::fromUtf8(bytes);
            }
            QTest::newRow(qPrintable(name + QStringLiteral(" deep flow"))) << k << deepFlow;
            QTest::newRow(qPrintable(name + QStringLiteral(" deep block"))) << k << deepBlock;
            QTest::newRow(qPrintable(name + QStringLiteral(" huge line"))) << k << hugeLine;
            QTest::newRow(qPrintable(name + QStringLiteral(" parens"))) << k << parens;
            QTest::newRow(qPrintable(name + QStringLiteral(" quotes"))) << k << quotes;
            QTest::newRow(qPrintable(name + QStringLiteral(" documents"))) << k << manyDashes;
            QTest::newRow(qPrintable(name + QStringLiteral(" nul")))
                << k << QString::fromLatin1("services:\0\n  a: {shm_size: \"\0\"}\n", 30);
            QTest::newRow(qPrintable(name + QStringLiteral(" empty"))) << k << QString();
        }
    }
    void neverCrashes()
    {
        QFETCH(int, kind);
        QFETCH(QString, text);
        const QVector<Diagnostic> d = validateConfig(ConfigKind(kind), text);
        for (const Diagnostic &x : d) {
            QVERIFY(x.line >= 0);
            QVERIFY(!x.message.isEmpty());
        }
    }

    void cliExitCodes_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QByteArray>("input");
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("output"); // substring of stdout+stderr
        const QString valid =
            testutil::testData(QStringLiteral("valid/compose/docker-compose.yml"));
        const QString broken = testutil::testData(QStringLiteral("broken/fstab/size-8gb.fstab"));
        const QString warnOnly = testutil::testData(QStringLiteral("broken/compose/no-shm.yml"));
        QTest::newRow("valid") << QStringList{valid} << QByteArray() << 0 << "0 error(s)";
        QTest::newRow("warnings only")
            << QStringList{warnOnly} << QByteArray() << 0 << "no-shm.yml:3: warning:";
        QTest::newRow("error") << QStringList{broken} << QByteArray() << 1
                               << "size-8gb.fstab:3: error: '8gb' is not a kernel size";
        QTest::newRow("yaml syntax")
            << QStringList{testutil::testData(QStringLiteral("broken/compose/syntax-error.yml"))}
            << QByteArray() << 1 << "not valid YAML";
        QTest::newRow("stdin with kind")
            << QStringList{QStringLiteral("-"), QStringLiteral("--kind"),
                           QStringLiteral("kubernetes")}
            << QByteArray("apiVersion: v1\nkind: Pod\nspec:\n  containers: []\n  volumes:\n"
                          "    - {name: x, emptyDir: {medium: memory}}\n")
            << 1 << "<stdin>:6: error:";
        QTest::newRow("stdin guessed")
            << QStringList{QStringLiteral("-")} << QByteArray("docker run --shm-size 8g img\n") << 0
            << "docker-run";
        QTest::newRow("cannot guess")
            << QStringList{QStringLiteral("-")} << QByteArray("hello\n") << 2 << "--kind";
        QTest::newRow("missing file") << QStringList{QStringLiteral("/nonexistent/fstab")}
                                      << QByteArray() << 2 << "cannot read";
        QTest::newRow("unknown kind") << QStringList{valid, QStringLiteral("--kind=yaml")}
                                      << QByteArray() << 2 << "unknown kind 'yaml'";
        QTest::newRow("no file") << QStringList{} << QByteArray() << 2 << "give the file";
        QTest::newRow("two files") << QStringList{valid, valid} << QByteArray() << 2 << "one file";
        QTest::newRow("too big") << QStringList{QStringLiteral("-"), QStringLiteral("--kind"),
                                                QStringLiteral("fstab")}
                                 << QByteArray(5 * 1024 * 1024, '#') << 2 << "larger than";
    }
    void cliExitCodes()
    {
        QFETCH(QStringList, args);
        QFETCH(QByteArray, input);
        QFETCH(int, code);
        QFETCH(QString, output);
        const testutil::RunResult r = testutil::run(
            testutil::shmwiseBinary(), QStringList{QStringLiteral("validate")} + args, input);
        QVERIFY2(r.started, r.err.constData());
        const QString all = QString::fromUtf8(r.out + r.err);
        QVERIFY2(all.contains(output), qPrintable(all));
        QCOMPARE(r.exitCode, code);
    }

    // Syntax the built-in check misses, refused by CPython's own parser where python3 is
    // installed: a missing comma between arguments, a decimal literal with a leading zero.
    void cliUsesCPythonsParser_data()
    {
        QTest::addColumn<QByteArray>("source");
        QTest::addColumn<QString>("said");
        QTest::newRow("missing comma")
            << QByteArray("from torch.utils.data import DataLoader\n"
                          "loader = DataLoader(ds, batch_size=8 num_workers=2)\n")
            << QStringLiteral("comma");
        QTest::newRow("leading zero")
            << QByteArray("from torch.utils.data import DataLoader\n"
                          "loader = DataLoader(ds, batch_size=8, num_workers=08)\n")
            << QStringLiteral("leading zeros");
    }
    void cliUsesCPythonsParser()
    {
        QFETCH(QByteArray, source);
        QFETCH(QString, said);
        if (QStandardPaths::findExecutable(QStringLiteral("python3")).isEmpty())
            QSKIP("no python3 here: validate falls back to its own syntax check");
        const testutil::RunResult r =
            testutil::run(testutil::shmwiseBinary(),
                          {QStringLiteral("validate"), QStringLiteral("--kind"),
                           QStringLiteral("python"), QStringLiteral("-")},
                          source);
        const QString all = QString::fromUtf8(r.out + r.err);
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(all.contains(QLatin1String("<stdin>:2: error: Python's own parser (CPython")) &&
                     all.contains(said),
                 qPrintable(all));
        // A file CPython parses gets no such error.
        const testutil::RunResult ok =
            testutil::run(testutil::shmwiseBinary(),
                          {QStringLiteral("validate"), QStringLiteral("--kind"),
                           QStringLiteral("python"), QStringLiteral("-")},
                          QByteArray("from torch.utils.data import DataLoader\n"
                                     "loader = DataLoader(ds, batch_size=8, num_workers=2)\n"));
        QVERIFY2(!ok.out.contains("Python's own parser"), ok.out.constData());
    }

    void cliJson()
    {
        const QString path =
            testutil::testData(QStringLiteral("broken/kubernetes/medium-lowercase.yaml"));
        const testutil::RunResult r =
            testutil::run(testutil::shmwiseBinary(),
                          {QStringLiteral("validate"), path, QStringLiteral("--json")});
        QCOMPARE(r.exitCode, 1);
        QJsonParseError pe;
        const QJsonObject o = QJsonDocument::fromJson(r.out, &pe).object();
        QVERIFY2(pe.error == QJsonParseError::NoError, r.out.constData());
        QCOMPARE(o.value(QStringLiteral("file")).toString(), path);
        QCOMPARE(o.value(QStringLiteral("kind")).toString(), QStringLiteral("kubernetes"));
        QCOMPARE(o.value(QStringLiteral("errors")).toInt(), 1);
        const QJsonArray list = o.value(QStringLiteral("diagnostics")).toArray();
        QCOMPARE(list.size(), 1);
        const QJsonObject first = list.at(0).toObject();
        QCOMPARE(first.value(QStringLiteral("severity")).toString(), QStringLiteral("error"));
        QCOMPARE(first.value(QStringLiteral("line")).toInt(), 16);
        QVERIFY(first.value(QStringLiteral("column")).toInt() > 0);
        QVERIFY(
            first.value(QStringLiteral("message")).toString().contains(QLatin1String("Memory")));
    }

    // A memory quantity the schema's pattern refuses is said once, by the check that names the
    // quantity's forms; and a schema message does not end its sentence before ours goes on.
    void badQuantitySaidOnce()
    {
        const QString pod = QStringLiteral(
            "apiVersion: v1\nkind: Pod\nmetadata:\n  name: x\nspec:\n  containers:\n"
            "    - name: t\n      image: i\n      volumeMounts:\n        - name: dshm\n"
            "          mountPath: /dev/shm\n  volumes:\n    - name: dshm\n      emptyDir:\n"
            "        medium: Memory\n        sizeLimit: abc\n");
        const QVector<Diagnostic> d = validateConfig(ConfigKind::Kubernetes, pod);
        QCOMPARE(d.size(), 1);
        QCOMPARE(d.first().line, 16);
        QVERIFY(d.first().message.contains(QLatin1String("not a Kubernetes quantity")));
        QString other = pod;
        other.replace(QStringLiteral("sizeLimit: abc"), QStringLiteral("sizeLimit: 1Gi\n        "
                                                                       "oops: 1"));
        for (const Diagnostic &x : validateConfig(ConfigKind::Kubernetes, other))
            QVERIFY2(!x.message.contains(QLatin1String(".;")), qPrintable(x.message));
    }
};

QTEST_GUILESS_MAIN(TestValidators)
#include "tst_validators.moc"
