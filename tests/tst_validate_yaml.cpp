// SPDX-License-Identifier: GPL-3.0-or-later
// YAML as validate reads it (validators/yamldoc, yamljson, jsonschema): typing under YAML 1.1
// and 1.2, anchors and merge keys and their bounds, syntax errors at libyaml's line and column,
// schema problems' lines, any number of documents.
#include "validators/jsonschema_p.h"
#include "validators/validators.h"
#include "validators/yamldoc_p.h"
#include "validators/yamljson_p.h"

#include <QTest>

#include <algorithm>

using namespace shmwise;
using namespace shmwise::validators;

namespace {

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

} // namespace

class TestValidateYaml : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    // YAML scalars typed as each tool types them: Kubernetes reads YAML 1.1, Compose v2 1.2.
    void yamlTyping()
    {
        const YamlParse p = parseYamlStream(
            "a: yes\nb: 0777\nc: '8'\nd: 8589934592\ne: ~\n<<: {f: 1}\ng: 0x1f\nh: 0o17\n"
            "i: 1_000\nj: 1.5e3\nk: -.inf\nl: !!str 12\nm: on\n");
        QVERIFY(p.ok);
        QCOMPARE(p.tree->documents(), size_t(1));
        const YamlNode n = p.tree->root(0);
        const nlohmann::json y11 = yamlToJson(n, YamlTyping::Yaml11, false, 100).value;
        const nlohmann::json y12 = yamlToJson(n, YamlTyping::Core12, false, 100).value;
        QVERIFY2(y11["a"] == nlohmann::json(true), y11["a"].dump().c_str());
        QVERIFY2(y12["a"] == nlohmann::json("yes"), y12["a"].dump().c_str());
        QVERIFY2(y11["b"] == nlohmann::json(511), y11["b"].dump().c_str());
        QVERIFY2(y12["b"] == nlohmann::json(777), y12["b"].dump().c_str());
        QVERIFY2(y11["c"] == nlohmann::json("8"), y11["c"].dump().c_str());
        QVERIFY2(y11["d"] == nlohmann::json(std::int64_t(8589934592)), y11["d"].dump().c_str());
        QVERIFY(y11["e"].is_null());
        QVERIFY2(y11["f"] == nlohmann::json(1), y11["f"].dump().c_str()); // merged from <<
        QVERIFY2(y11["g"] == nlohmann::json(31), y11["g"].dump().c_str());
        QVERIFY2(y12["g"] == nlohmann::json(31), y12["g"].dump().c_str());
        QVERIFY2(y11["h"] == nlohmann::json("0o17"), y11["h"].dump().c_str()); // YAML 1.1 has no 0o
        QVERIFY2(y12["h"] == nlohmann::json(15), y12["h"].dump().c_str());
        QVERIFY2(y11["i"] == nlohmann::json(1000),
                 y11["i"].dump().c_str()); // 1.1 drops the underscores
        QVERIFY2(y12["i"] == nlohmann::json("1_000"), y12["i"].dump().c_str()); // 1.2 has none
        QVERIFY2(y12["j"] == nlohmann::json(1500), y12["j"].dump().c_str());
        QVERIFY(y12["k"].is_number());
        QVERIFY2(y11["l"] == nlohmann::json("12"), y11["l"].dump().c_str());
        QVERIFY2(y11["m"] == nlohmann::json(true), y11["m"].dump().c_str());
        QVERIFY2(y12["m"] == nlohmann::json("on"), y12["m"].dump().c_str());
    }

    // Nested aliases that expand a small file a billionfold are refused, not expanded.
    void aliasesAreBounded()
    {
        QString text = QStringLiteral(
            "services:\n  a:\n    image: x\nx-l0: &l0 [x, x, x, x, x, x, x, x, x, x]\n");
        for (int i = 1; i < 10; ++i) {
            QStringList refs;
            for (int k = 0; k < 10; ++k)
                refs << QStringLiteral("*l%1").arg(i - 1);
            text +=
                QStringLiteral("x-l%1: &l%1 [%2]\n").arg(i).arg(refs.join(QStringLiteral(", ")));
        }
        const QVector<Diagnostic> d = validateConfig(ConfigKind::Compose, text);
        QVERIFY2(std::any_of(d.cbegin(), d.cend(),
                             [](const Diagnostic &x) {
                                 return x.severity == Severity::Error &&
                                        x.message.contains(QLatin1String("aliases"));
                             }),
                 qPrintable(dump(d)));
    }

    // A schema problem points at the unknown key's own line.
    void schemaProblemsHaveLines()
    {
        const QString text = QStringLiteral(
            "apiVersion: v1\nkind: Pod\nmetadata: {name: a}\nspec:\n  containers:\n"
            "  - name: c\n    image: x\n    volumeMounts:\n    - name: d\n      mountPath: "
            "/dev/shm\n"
            "      mountpath: /x\n  volumes:\n  - name: d\n    emptyDir: {medium: Memory}\n");
        const QVector<Diagnostic> d = validateConfig(ConfigKind::Kubernetes, text);
        bool found = false;
        for (const Diagnostic &x : d)
            found = found || (x.severity == Severity::Error && x.line == 11 &&
                              x.message.contains(QLatin1String("unknown key 'mountpath'")));
        QVERIFY2(found, qPrintable(dump(d)));
    }

    // YAML syntax errors give libyaml's reason (as go-yaml and PyYAML word it) at the line and
    // column it names; anchors follow go-yaml's rules.
    void yamlSyntaxErrors_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("line");
        QTest::addColumn<int>("column");
        QTest::addColumn<QString>("reason");
        QTest::newRow("mapping value")
            << QStringLiteral("services:\n  a:\n    image: x: y\n") << 3 << 13
            << QStringLiteral("mapping values are not allowed in this context");
        QTest::newRow("open flow sequence")
            << QStringLiteral("services:\n  a:\n    command: [a, b\n    shm_size: 8g\n") << 4 << 13
            << QStringLiteral("did not find expected ',' or ']'");
        QTest::newRow("quote never closed")
            << QStringLiteral("services:\n  a:\n    image: \"x\n    shm_size: 8g\n") << 3 << 12
            << QStringLiteral("found unexpected end of stream");
        QTest::newRow("lone comma") << QStringLiteral(",\n") << 1 << 1
                                    << QStringLiteral("did not find expected node content");
        QTest::newRow("unknown anchor") << QStringLiteral("services:\n  a: *nope\n") << 2 << 6
                                        << QStringLiteral("unknown anchor 'nope' referenced");
        QTest::newRow("anchor inside itself")
            << QStringLiteral("services: &a\n  b: [*a]\n") << 2 << 7
            << QStringLiteral("anchor 'a' value contains itself");
        QTest::newRow("too deep") << QString(20000, QLatin1Char('[')) << 1 << 10001
                                  << QStringLiteral("exceeded max depth of 10000");
        QTest::newRow("second document broken")
            << QStringLiteral("services:\n  a: {image: x}\n---\nservices:\n  b: {image: x\n") << 6
            << 1 << QStringLiteral("did not find expected ',' or '}'");
    }
    void yamlSyntaxErrors()
    {
        QFETCH(QString, text);
        QFETCH(int, line);
        QFETCH(int, column);
        QFETCH(QString, reason);
        const QVector<Diagnostic> d = validateConfig(ConfigKind::Compose, text);
        QVERIFY2(d.size() == 1, qPrintable(dump(d)));
        QCOMPARE(d[0].severity, Severity::Error);
        QVERIFY2(d[0].message.startsWith(QLatin1String("not valid YAML: ")) &&
                     d[0].message.contains(reason),
                 qPrintable(dump(d)));
        QCOMPARE(d[0].line, line);
        QCOMPARE(d[0].column, column);
    }

    // Extension keys (patternProperties `^x-`) are taken where the Compose schema allows them,
    // and only there; ulimits' values are checked under names that match `^[a-z]+$`.
    void composePatternProperties()
    {
        const QVector<Diagnostic> ok = validateConfig(
            ConfigKind::Compose,
            QStringLiteral("x-top: 1\nservices:\n  a:\n    image: x\n    shm_size: 8gb\n"
                           "    x-note: {any: thing}\n    ulimits: {memlock: -1}\n"));
        QVERIFY2(ok.isEmpty(), qPrintable(dump(ok)));
        for (const QString &line : {QStringLiteral("y-note: 1"), QStringLiteral("xnote: 1"),
                                    QStringLiteral("ulimits: {memlock: [1]}")}) {
            const QVector<Diagnostic> bad = validateConfig(
                ConfigKind::Compose,
                QStringLiteral("services:\n  a:\n    image: x\n    shm_size: 8gb\n    ") + line +
                    QLatin1Char('\n'));
            QVERIFY2(bad.size() == 1 && bad[0].severity == Severity::Error && bad[0].line == 5,
                     qPrintable(line + QLatin1Char('\n') + dump(bad)));
        }
    }

    // Merge keys through aliases of aliases (each level merging the one below ten times) are
    // looked up and expanded within bounds, not walked a billion times.
    void mergeChainsAreBounded()
    {
        QString text = QStringLiteral("x-l0: &l0 {a: 1}\n");
        for (int i = 1; i < 10; ++i) {
            QStringList refs;
            for (int k = 0; k < 10; ++k)
                refs << QStringLiteral("*l%1").arg(i - 1);
            text += QStringLiteral("x-l%1: &l%1 {<<: [%2]}\n")
                        .arg(i)
                        .arg(refs.join(QStringLiteral(", ")));
        }
        text += QStringLiteral("services:\n  s:\n    <<: *l9\n    image: x\n");
        const QVector<Diagnostic> d = validateConfig(ConfigKind::Compose, text);
        QVERIFY2(std::any_of(d.cbegin(), d.cend(),
                             [](const Diagnostic &x) {
                                 return x.severity == Severity::Error &&
                                        x.message.contains(QLatin1String("aliases"));
                             }),
                 qPrintable(dump(d)));
    }

    // Values filled in by merge keys count as written (Compose and go-yaml merge them), at the
    // place they are written.
    void mergedValuesCount()
    {
        const QString text = QStringLiteral(
            "x-defaults: &d\n  image: x\n  shm_size: 1k\nservices:\n  a:\n    <<: *d\n"
            "  b:\n    <<: [{image: y}, *d]\n    shm_size: 8gb\n");
        const QVector<Diagnostic> d = validateConfig(ConfigKind::Compose, text);
        QVERIFY2(d.size() == 1, qPrintable(dump(d)));
        QCOMPARE(d[0].severity, Severity::Warning);
        QCOMPARE(d[0].line, 3); // a's shm_size, from the anchor; b writes its own
        QVERIFY2(d[0].message.contains(QLatin1String("below the 64 MiB default")),
                 qPrintable(dump(d)));
    }

    // kubectl and Compose take files of any number of documents: each one is checked, with
    // lines counted in the whole file.
    void manyDocuments()
    {
        const QString pod = QStringLiteral(
            "---\napiVersion: v1\nkind: Pod\nmetadata:\n  name: p%1\nspec:\n  hostIPC: true\n"
            "  containers:\n  - name: c\n    image: x\n");
        QString text;
        for (int i = 0; i < 3000; ++i)
            text += pod.arg(i);
        QVERIFY2(validateConfig(ConfigKind::Kubernetes, text).isEmpty(),
                 qPrintable(dump(validateConfig(ConfigKind::Kubernetes, text).mid(0, 3))));
        // A mistake in the last document, and a duplicate key in the 2,000th.
        text += pod.arg(3000).replace(QStringLiteral("image: x"), QStringLiteral("imagee: x"));
        text.replace(QStringLiteral("name: p1999\n"), QStringLiteral("name: p1999\n  name: q\n"));
        // Document i (from 0) starts at line 10 i + 1, its name at 10 i + 5.
        const QVector<Diagnostic> d = validateConfig(ConfigKind::Kubernetes, text);
        QVERIFY2(d.size() == 2, qPrintable(dump(d)));
        QCOMPARE(d[0].line, 1999 * 10 + 6);
        QCOMPARE(d[0].column, 3);
        QVERIFY(d[0].message.startsWith(QLatin1String("duplicate key 'name'")));
        QCOMPARE(d[1].line, 3000 * 10 + 10 + 1); // its tenth line; one line was added above
        QVERIFY(d[1].message.contains(QLatin1String("unknown key 'imagee'")));
    }
};

QTEST_GUILESS_MAIN(TestValidateYaml)
#include "tst_validate_yaml.moc"
