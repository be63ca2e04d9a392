// SPDX-License-Identifier: GPL-3.0-or-later
// Ansible inventories (INI and YAML): every host, address, port, user and group membership
// resolved from each test inventory equals what Ansible itself says (`ansible-inventory --list`),
// --limit patterns select what `ansible PATTERN --list-hosts` selects, and malformed inventories
// are refused with the file and line.
#include "testutil.h"

#include "probes/inventory.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QStandardPaths>
#include <QTest>

using namespace shmwise;

namespace {

QStringList inventoryFiles()
{
    const QDir dir(testutil::testData(QStringLiteral("inventory")));
    QStringList files;
    for (const QString &f : dir.entryList(QDir::Files, QDir::Name))
        files << dir.filePath(f);
    return files;
}

bool haveAnsible(QString *why)
{
    if (QStandardPaths::findExecutable(QStringLiteral("ansible-inventory")).isEmpty() ||
        QStandardPaths::findExecutable(QStringLiteral("ansible")).isEmpty()) {
        *why = QStringLiteral("needs Ansible (Debian: ansible)");
        return false;
    }
    return true;
}

QProcessEnvironment ansibleEnv(const QString &home)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("HOME"), home);
    env.insert(QStringLiteral("ANSIBLE_LOCAL_TEMP"), home + QStringLiteral("/tmp"));
    env.insert(QStringLiteral("ANSIBLE_INVENTORY_UNPARSED_FAILED"), QStringLiteral("true"));
    env.insert(QStringLiteral("ANSIBLE_NOCOLOR"), QStringLiteral("1"));
    return env;
}

// Every host of a group as ansible-inventory lists it, children followed.
QStringList members(const QJsonObject &list, const QString &group, int depth = 0)
{
    QStringList out;
    if (depth > 64)
        return out;
    const QJsonObject g = list.value(group).toObject();
    for (const QJsonValue &h : g.value(QStringLiteral("hosts")).toArray())
        out << h.toString();
    for (const QJsonValue &c : g.value(QStringLiteral("children")).toArray())
        out << members(list, c.toString(), depth + 1);
    out.removeDuplicates();
    return out;
}

QStringList sorted(QStringList l)
{
    l.removeDuplicates();
    l.sort();
    return l;
}

} // namespace

class TestInventory : public QObject
{
    Q_OBJECT
    QTemporaryDir m_home;

private Q_SLOTS:
    void matchesAnsible_data()
    {
        QTest::addColumn<QString>("file");
        for (const QString &f : inventoryFiles())
            QTest::newRow(qPrintable(QFileInfo(f).fileName())) << f;
    }
    void matchesAnsible()
    {
        QFETCH(QString, file);
        QString why;
        if (!haveAnsible(&why))
            QSKIP(qPrintable(why));
        const InventoryResult mine = loadInventory(file);
        QVERIFY2(mine.ok(), qPrintable(mine.error));
        const testutil::RunResult r =
            testutil::run(QStringLiteral("ansible-inventory"),
                          {QStringLiteral("-i"), file, QStringLiteral("--list")}, {}, 120000,
                          ansibleEnv(m_home.path()));
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject list = QJsonDocument::fromJson(r.out).object();
        const QJsonObject hostvars = list.value(QStringLiteral("_meta"))
                                         .toObject()
                                         .value(QStringLiteral("hostvars"))
                                         .toObject();
        QVERIFY(!hostvars.isEmpty());
        // Hosts without variables are absent from hostvars; all's members are every host.
        QStringList names;
        for (const InventoryHost &h : mine.inventory.hosts)
            names << h.name;
        QCOMPARE(sorted(names), sorted(members(list, QStringLiteral("all"))));
        for (const InventoryHost &h : mine.inventory.hosts) {
            const QJsonObject v = hostvars.value(h.name).toObject();
            const QString address = v.value(QStringLiteral("ansible_host")).toString(h.name);
            const QJsonValue port = v.value(QStringLiteral("ansible_port"));
            const int wantPort = port.isString() ? port.toString().toInt() : port.toInt(0);
            QCOMPARE(h.address, address);
            QCOMPARE(h.port, wantPort);
            QCOMPARE(h.user, v.value(QStringLiteral("ansible_user")).toString());
            QCOMPARE(h.connection, v.value(QStringLiteral("ansible_connection")).toString());
        }
        QStringList groups;
        for (auto it = list.constBegin(); it != list.constEnd(); ++it)
            if (it.key() != QLatin1String("_meta"))
                groups << it.key();
        for (const QString &g : std::as_const(groups)) {
            QCOMPARE(sorted(mine.inventory.members.value(g)), sorted(members(list, g)));
            for (const QString &h : members(list, g))
                QVERIFY2(mine.inventory.host(h)->groups.contains(g),
                         qPrintable(h + QLatin1Char(' ') + g));
        }
    }

    void limitMatchesAnsible_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("pattern");
        const QString ini = testutil::testData(QStringLiteral("inventory/cluster.ini"));
        const QString yml = testutil::testData(QStringLiteral("inventory/cluster.yml"));
        QTest::newRow("group") << ini << QStringLiteral("rack2");
        QTest::newRow("parent group") << ini << QStringLiteral("gpu");
        QTest::newRow("exclude") << ini << QStringLiteral("rack1:!gpu01");
        QTest::newRow("intersect") << ini << QStringLiteral("gpu:&docker");
        QTest::newRow("union") << ini << QStringLiteral("rack1,login01");
        QTest::newRow("wildcard") << ini << QStringLiteral("node-*");
        QTest::newRow("yaml children") << yml << QStringLiteral("training");
        QTest::newRow("yaml ungrouped") << yml << QStringLiteral("ungrouped");
        // Ansible applies unions, then intersections, then exclusions, whatever the order.
        QTest::newRow("exclusion first") << ini << QStringLiteral("!gpu01:rack1");
        QTest::newRow("intersection between unions") << ini << QStringLiteral("gpu:&rack1:docker");
        QTest::newRow("intersection first") << ini << QStringLiteral("&docker:gpu");
        QTest::newRow("exclusion alone") << ini << QStringLiteral("!rack1");
        QTest::newRow("all four") << ini << QStringLiteral("rack1:rack2:&docker:!gpu01");
        QTest::newRow("commas") << ini << QStringLiteral("rack1,!gpu02,&gpu");
        QTest::newRow("subscript") << ini << QStringLiteral("rack2[0]");
        QTest::newRow("subscript range") << ini << QStringLiteral("rack2[1:2]");
        QTest::newRow("subscript from the end") << ini << QStringLiteral("rack2[-1]");
        QTest::newRow("regular expression") << ini << QStringLiteral("~gpu0[12]");
        QTest::newRow("question mark") << ini << QStringLiteral("node-?.example.org");
        QTest::newRow("wildcard exclusion") << ini << QStringLiteral("*.example.org:!node-a*");
        QTest::newRow("negated class") << ini << QStringLiteral("gpu0[!1]");
        QTest::newRow("class over groups") << ini << QStringLiteral("[!g]*");
    }
    void limitMatchesAnsible()
    {
        QFETCH(QString, file);
        QFETCH(QString, pattern);
        QString why;
        if (!haveAnsible(&why))
            QSKIP(qPrintable(why));
        const InventoryResult mine = loadInventory(file);
        QVERIFY2(mine.ok(), qPrintable(mine.error));
        QVector<InventoryHost> selected;
        QString error;
        QVERIFY2(limitInventory(mine.inventory, pattern, &selected, &error), qPrintable(error));
        QStringList names;
        for (const InventoryHost &h : std::as_const(selected))
            names << h.name;
        const testutil::RunResult r =
            testutil::run(QStringLiteral("ansible"),
                          {pattern, QStringLiteral("-i"), file, QStringLiteral("--list-hosts")}, {},
                          120000, ansibleEnv(m_home.path()));
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QStringList want;
        for (const QByteArray &line : r.out.split('\n')) {
            const QString l = QString::fromUtf8(line).trimmed();
            if (!l.isEmpty() && !l.startsWith(QLatin1String("hosts (")))
                want << l;
        }
        QVERIFY(!want.isEmpty());
        QCOMPARE(sorted(names), sorted(want));
    }

    // Every pattern made of the test inventories' names, alone and in pairs with each operator,
    // selects what Ansible's own InventoryManager selects (one Python process for all of them).
    void limitMatchesAnsibleEverywhere()
    {
        QString why;
        if (!haveAnsible(&why))
            QSKIP(qPrintable(why));
        for (const QString &file : inventoryFiles()) {
            const InventoryResult mine = loadInventory(file);
            QVERIFY2(mine.ok(), qPrintable(mine.error));
            QStringList names = mine.inventory.members.keys();
            for (const InventoryHost &h : std::as_const(mine.inventory.hosts))
                names << h.name;
            QStringList patterns = names;
            for (const QString &a : std::as_const(names))
                for (const QString &b : std::as_const(names))
                    if (a != b)
                        for (const char *op : {",", ",!", ",&", ":!", ":&"})
                            patterns << a + QLatin1String(op) + b;
            for (const QString &a : std::as_const(names))
                patterns << QLatin1Char('!') + a << QLatin1Char('&') + a
                         << a.left(3) + QLatin1Char('*') << QLatin1Char('*') + a.right(2);
            const QString script =
                QStringLiteral("import json, sys\n"
                               "from ansible.parsing.dataloader import DataLoader\n"
                               "from ansible.inventory.manager import InventoryManager\n"
                               "im = InventoryManager(loader=DataLoader(), sources=[sys.argv[1]])\n"
                               "for p in sys.stdin.read().split('\\n'):\n"
                               "    im.clear_pattern_cache()\n"
                               "    print(json.dumps(sorted(h.name for h in im.get_hosts(p))))\n");
            const testutil::RunResult r = testutil::run(
                QStringLiteral("/usr/bin/python3"), {QStringLiteral("-c"), script, file},
                patterns.join(QLatin1Char('\n')).toUtf8(), 300000, ansibleEnv(m_home.path()));
            QVERIFY2(r.exitCode == 0, r.err.constData());
            const QList<QByteArray> lines = r.out.trimmed().split('\n');
            QCOMPARE(lines.size(), patterns.size());
            int compared = 0;
            for (int i = 0; i < patterns.size(); ++i) {
                QStringList want;
                for (const QJsonValue &v : QJsonDocument::fromJson(lines[i]).array())
                    want << v.toString();
                QVector<InventoryHost> selected;
                QString error;
                const bool ok = limitInventory(mine.inventory, patterns[i], &selected, &error);
                QStringList got;
                for (const InventoryHost &h : std::as_const(selected))
                    got << h.name;
                // Ansible ignores a piece that matches nothing, with a warning; ShmWise refuses
                // it. Where Ansible selects nothing, ShmWise says so.
                if (!ok && error.contains(QLatin1String("matches no group")))
                    continue;
                QVERIFY2(ok == !want.isEmpty(), qPrintable(file + QLatin1Char(' ') + patterns[i] +
                                                           QLatin1Char(' ') + error));
                QVERIFY2(sorted(got) == want,
                         qPrintable(file + QLatin1Char(' ') + patterns[i] + QStringLiteral(": ") +
                                    got.join(QLatin1Char(' ')) + QStringLiteral(" vs ") +
                                    want.join(QLatin1Char(' '))));
                ++compared;
            }
            QVERIFY(compared > patterns.size() / 2);
        }
    }

    // fnmatch's wildcards, checked against Python's own, and a thousand stars in linear time.
    void globMatchesFnmatch()
    {
        const QStringList names = {QStringLiteral("gpu01"), QStringLiteral("node-a.example.org"),
                                   QStringLiteral("a]b"),   QStringLiteral("x-y"),
                                   QStringLiteral("[web]"), QString()};
        const QStringList globs = {
            QStringLiteral("*"),        QStringLiteral("gpu0?"), QStringLiteral("gpu0[1-3]"),
            QStringLiteral("gpu0[!1]"), QStringLiteral("*.org"), QStringLiteral("a[]]b"),
            QStringLiteral("x[-]y"),    QStringLiteral("[web]"), QStringLiteral("\\[web]"),
            QStringLiteral("[[]web]"),  QStringLiteral("*a*b*"), QStringLiteral("node-*-*"),
            QStringLiteral("gpu[0"),    QStringLiteral("**01"),  QStringLiteral("?"),
            QStringLiteral("[a-c]]b"),  QStringLiteral("[!]]*"), QString()};
        QStringList lines;
        for (const QString &g : globs)
            for (const QString &n : names)
                lines << QString::fromUtf8(
                    QJsonDocument(QJsonArray{g, n}).toJson(QJsonDocument::Compact));
        const testutil::RunResult r =
            testutil::run(QStringLiteral("/usr/bin/python3"),
                          {QStringLiteral("-c"),
                           QStringLiteral("import fnmatch, json, sys\n"
                                          "for l in sys.stdin.read().split('\\n'):\n"
                                          "    g, n = json.loads(l)\n"
                                          "    print(1 if fnmatch.fnmatchcase(n, g) else 0)\n")},
                          lines.join(QLatin1Char('\n')).toUtf8());
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QList<QByteArray> want = r.out.trimmed().split('\n');
        QCOMPARE(want.size(), lines.size());
        int i = 0;
        for (const QString &g : globs)
            for (const QString &n : names) {
                QVERIFY2(globMatch(g, n) == (want[i] == "1"), qPrintable(g + QLatin1Char(' ') + n));
                ++i;
            }
        // A thousand stars against a long name that does not match: no backtracking blow-up.
        const QString stars = QString(1000, QLatin1Char('*')) + QLatin1Char('x');
        QVERIFY(!globMatch(stars, QString(5000, QLatin1Char('a'))));
        QVERIFY(globMatch(stars, QString(5000, QLatin1Char('a')) + QLatin1Char('x')));
    }

    // A Jinja template in a connection variable (a host's or a group's) leaves that host
    // unresolved, reported and not probed; the rest of the inventory reads.
    void jinjaTemplates()
    {
        const InventoryResult r = parseInventory(
            QByteArray("[g]\nh1\nh2 ansible_connection=\"{{ 'local' }}\"\n[g:vars]\n"
                       "ansible_port={{ base_port + 1 }}\n[other]\nh3 ansible_port=2200\n"),
            QStringLiteral("j.ini"));
        QVERIFY2(r.ok(), qPrintable(r.error));
        QCOMPARE(r.inventory.host(QStringLiteral("h1"))->unexpanded,
                 QStringLiteral("ansible_port={{ base_port + 1 }}"));
        QVERIFY(r.inventory.host(QStringLiteral("h2"))
                    ->unexpanded.contains(QLatin1String("ansible_connection={{ 'local' }}")));
        QVERIFY(r.inventory.host(QStringLiteral("h3"))->unexpanded.isEmpty());
        QCOMPARE(r.inventory.host(QStringLiteral("h3"))->port, 2200);
    }

    // An alias bomb in YAML children reads in linear time: a group read once from a node is not
    // read again through another alias of it.
    void yamlAliasBomb()
    {
        QByteArray y("all:\n  children:\n    l0: &l0\n      hosts: {h1: , h2: }\n");
        for (int i = 1; i < 40; ++i)
            y += "    l" + QByteArray::number(i) + ": &l" + QByteArray::number(i) +
                 "\n      children: {a" + QByteArray::number(i) + ": *l" +
                 QByteArray::number(i - 1) + ", b" + QByteArray::number(i) + ": *l" +
                 QByteArray::number(i - 1) + "}\n";
        const InventoryResult r = parseInventory(y, QStringLiteral("bomb.yml"));
        QVERIFY2(r.ok(), qPrintable(r.error));
        QCOMPARE(r.inventory.hosts.size(), 2);
        QCOMPARE(sorted(r.inventory.members.value(QStringLiteral("l39"))),
                 (QStringList{QStringLiteral("h1"), QStringLiteral("h2")}));
    }

    // Many hosts stay fast (a set per group, an index by name): 100,000 hosts read, resolve and
    // pass a --limit of wildcards and an exclusion.
    void manyHosts()
    {
        const InventoryResult r = parseInventory(
            QByteArray("[web]\nweb[0:99999]\n[db]\nweb[0:9]\n"), QStringLiteral("big.ini"));
        QVERIFY2(r.ok(), qPrintable(r.error));
        QCOMPARE(r.inventory.hosts.size(), 100000);
        QVector<InventoryHost> out;
        QString error;
        QVERIFY2(limitInventory(r.inventory, QStringLiteral("web*5:!db"), &out, &error),
                 qPrintable(error));
        QCOMPARE(out.size(), 10000 - 1);
        QCOMPARE(r.inventory.host(QStringLiteral("web99999"))->name, QStringLiteral("web99999"));
    }

    void targets()
    {
        const InventoryResult r =
            loadInventory(testutil::testData(QStringLiteral("inventory/cluster.yml")));
        QVERIFY2(r.ok(), qPrintable(r.error));
        QCOMPARE(r.inventory.host(QStringLiteral("h100-01"))->targetText(),
                 QStringLiteral("ssh://fleet@192.0.2.31:2222"));
        QCOMPARE(r.inventory.host(QStringLiteral("2001:db8::7"))->targetText(),
                 QStringLiteral("ssh://fleet@[2001:db8::7]:2300"));
        const InventoryResult l =
            loadInventory(testutil::testData(QStringLiteral("inventory/local.ini")));
        QVERIFY2(l.ok(), qPrintable(l.error));
        QCOMPARE(l.inventory.host(QStringLiteral("localhost"))->targetText(),
                 QStringLiteral("local"));
        QCOMPARE(l.inventory.host(QStringLiteral("w3"))->targetText(),
                 QStringLiteral("ssh://someone@127.0.0.1"));
    }

    void refused_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("expected");
        QTest::newRow("bad section")
            << QStringLiteral("a.ini") << QByteArray("[web\nh1\n") << QStringLiteral("a.ini:1: ");
        QTest::newRow("bad suffix") << QStringLiteral("a.ini") << QByteArray("h0\n[web:hosts2]\n")
                                    << QStringLiteral("a.ini:2: ");
        QTest::newRow("host var") << QStringLiteral("a.ini") << QByteArray("\n\nh1 port\n")
                                  << QStringLiteral("a.ini:3: ");
        QTest::newRow("vars line") << QStringLiteral("a.ini") << QByteArray("[g:vars]\nnovalue\n")
                                   << QStringLiteral("a.ini:2: ");
        QTest::newRow("range") << QStringLiteral("a.ini") << QByteArray("web[3:1]\n")
                               << QStringLiteral("a.ini:1: ");
        QTest::newRow("port") << QStringLiteral("a.ini") << QByteArray("h1 ansible_port=ssh\n")
                              << QStringLiteral("ansible_port 'ssh'");
        QTest::newRow("yaml list")
            << QStringLiteral("a.yml") << QByteArray("- a\n- b\n") << QStringLiteral("a.yml: ");
        QTest::newRow("yaml hosts")
            << QStringLiteral("a.yml") << QByteArray("all:\n  hosts:\n    - h1\n")
            << QStringLiteral("a.yml:3: ");
        QTest::newRow("yaml syntax")
            << QStringLiteral("a.yml") << QByteArray("all: [\n") << QStringLiteral("a.yml:");
        // Ranges multiply: each is within bounds, their product is not (10^10 hosts).
        QTest::newRow("ranges multiplied")
            << QStringLiteral("a.ini") << QByteArray("[g]\nh[0:99999]x[0:99999]\n")
            << QStringLiteral("a.ini:2: host pattern 'h[0:99999]x[0:99999]' expands to more "
                              "than 100000 hosts");
        QTest::newRow("ranges multiplied, yaml")
            << QStringLiteral("a.yml") << QByteArray("all:\n  hosts:\n    h[0:999]x[0:999]:\n")
            << QStringLiteral("expands to more than 100000 hosts");
        // A line of 20,000 ranges: refused at once, without recursing through them.
        QTest::newRow("20000 ranges") << QStringLiteral("a.ini") << [] {
            QByteArray line("h");
            for (int i = 0; i < 20000; ++i)
                line += "[1:1]";
            return line + '\n';
        }() << QStringLiteral("a.ini:1: host pattern 'h[1:1]");
        // The whole inventory is capped, not only each pattern.
        QTest::newRow("too many hosts")
            << QStringLiteral("a.ini") << QByteArray("[a]\nh[0:60000]\n[b]\ng[0:60000]\n")
            << QStringLiteral("a.ini:4: the inventory names more than 100000 hosts");
        QTest::newRow("too many memberships") << QStringLiteral("a.ini") << [] {
            QByteArray t;
            for (int i = 0; i < 30; ++i)
                t += "[g" + QByteArray::number(i) + "]\nh[0:99999]\n";
            return t;
        }() << QStringLiteral("a.ini:42: the inventory lists hosts in groups more than");
        // A port after the host must be one: 0 and out-of-range numbers were dropped (port 22).
        QTest::newRow("port zero") << QStringLiteral("a.ini") << QByteArray("[g]\nh:0\n")
                                   << QStringLiteral("a.ini:2: host pattern 'h:0': port '0'");
        QTest::newRow("port too large")
            << QStringLiteral("a.ini") << QByteArray("h:99999999999\n")
            << QStringLiteral("a.ini:1: host pattern 'h:99999999999': port '99999999999'");
        QTest::newRow("port zero, v6")
            << QStringLiteral("a.yml") << QByteArray("all:\n  hosts:\n    '[2001:db8::1]:0':\n")
            << QStringLiteral("a.yml:3: ");
        QTest::newRow("ansible_port zero")
            << QStringLiteral("a.ini") << QByteArray("h ansible_port=0\n")
            << QStringLiteral("ansible_port '0' is not a port number");
        // Aliases that name ever new groups: a budget on the walk, not only the memo.
        QTest::newRow("alias budget") << QStringLiteral("a.yml") << [] {
            QByteArray y("all:\n  children:\n    h0: &h0 {children: {");
            for (int i = 0; i < 3000; ++i)
                y += "c" + QByteArray::number(i) + ": , ";
            y += "}}\n";
            for (int i = 0; i < 3000; ++i)
                y += "    g" + QByteArray::number(i) + ": *h0\n";
            return y;
        }() << QStringLiteral("excessive aliasing");
    }

    // Deep and wide group graphs resolve without recursion: a chain of 20,000 :children groups,
    // and 40 layers of diamonds (each layer's two groups both hold the layer below), which a walk
    // of every path would take 2^40 steps over.
    void deepGroupGraphs()
    {
        QByteArray chain("[g0]\nh1\n");
        for (int i = 1; i < 20000; ++i)
            chain +=
                "[g" + QByteArray::number(i) + ":children]\ng" + QByteArray::number(i - 1) + "\n";
        InventoryResult r = parseInventory(chain, QStringLiteral("chain.ini"));
        QVERIFY2(r.ok(), qPrintable(r.error));
        QCOMPARE(r.inventory.members.value(QStringLiteral("g19999")),
                 QStringList{QStringLiteral("h1")});
        QCOMPARE(r.inventory.hosts.constFirst().groups.size(), 20001); // all and every g
        QByteArray diamonds("[l0]\nh1\n");
        for (int i = 1; i < 40; ++i)
            for (const char *side : {"a", "b"}) {
                diamonds += "[l" + QByteArray::number(i) + side + ":children]\n";
                if (i == 1)
                    diamonds += "l0\n";
                else
                    diamonds += "l" + QByteArray::number(i - 1) + "a\nl" +
                                QByteArray::number(i - 1) + "b\n";
            }
        r = parseInventory(diamonds, QStringLiteral("diamonds.ini"));
        QVERIFY2(r.ok(), qPrintable(r.error));
        QCOMPARE(r.inventory.members.value(QStringLiteral("l39a")),
                 QStringList{QStringLiteral("h1")});
        // A cycle is still refused, naming a group on it.
        r = parseInventory(QByteArray("[a:children]\nb\n[b:children]\na\n"),
                           QStringLiteral("c.ini"));
        QVERIFY(!r.ok());
        QVERIFY2(r.error.contains(QLatin1String("its own descendant")), qPrintable(r.error));
    }

    // Several ranges in one pattern expand as Ansible does, the first varying slowest.
    void severalRanges()
    {
        const InventoryResult r = parseInventory(QByteArray("[g]\nrack[1:2]-node[a:b].lab:2222\n"),
                                                 QStringLiteral("a.ini"));
        QVERIFY2(r.ok(), qPrintable(r.error));
        QStringList names;
        for (const auto &h : r.inventory.hosts)
            names << h.name;
        QCOMPARE(names, (QStringList{
                            QStringLiteral("rack1-nodea.lab"), QStringLiteral("rack1-nodeb.lab"),
                            QStringLiteral("rack2-nodea.lab"), QStringLiteral("rack2-nodeb.lab")}));
        QCOMPARE(r.inventory.hosts.constFirst().port, 2222);
    }
    void refused()
    {
        QFETCH(QString, name);
        QFETCH(QByteArray, text);
        QFETCH(QString, expected);
        const InventoryResult r = parseInventory(text, name);
        QVERIFY(!r.ok());
        QVERIFY2(r.error.startsWith(expected) || r.error.contains(expected), qPrintable(r.error));
    }

    // Ansible's split: ':' separates outside brackets; an IPv6 address (with "::" or eight
    // groups) stays whole, while db1:db2:db3, all hex letters and digits, is three patterns.
    void limitSplitsAsAnsible()
    {
        QCOMPARE(
            splitLimit(QStringLiteral("db1:db2:db3")),
            (QStringList{QStringLiteral("db1"), QStringLiteral("db2"), QStringLiteral("db3")}));
        QCOMPARE(splitLimit(QStringLiteral("2001:db8::1")),
                 QStringList{QStringLiteral("2001:db8::1")});
        QCOMPARE(splitLimit(QStringLiteral("1:2:3:4:5:6:7:8")),
                 QStringList{QStringLiteral("1:2:3:4:5:6:7:8")});
        QCOMPARE(splitLimit(QStringLiteral("web[1:3]:!db")),
                 (QStringList{QStringLiteral("web[1:3]"), QStringLiteral("!db")}));
        QCOMPARE(splitLimit(QStringLiteral(" a , b ,")),
                 (QStringList{QStringLiteral("a"), QStringLiteral("b")}));
        // A subscript far past the end selects nothing rather than wrapping to the start.
        const InventoryResult r =
            loadInventory(testutil::testData(QStringLiteral("inventory/cluster.ini")));
        QVERIFY(r.ok());
        QVector<InventoryHost> out;
        QString error;
        QVERIFY(!limitInventory(r.inventory, QStringLiteral("rack2[99999999999999999999]"), &out,
                                &error));
    }

    void limitRefused()
    {
        const InventoryResult r =
            loadInventory(testutil::testData(QStringLiteral("inventory/cluster.ini")));
        QVERIFY(r.ok());
        QVector<InventoryHost> out;
        QString error;
        QVERIFY(!limitInventory(r.inventory, QStringLiteral("nosuchgroup"), &out, &error));
        QVERIFY2(error.contains(QLatin1String("nosuchgroup")), qPrintable(error));
    }
};

QTEST_GUILESS_MAIN(TestInventory)
#include "tst_inventory.moc"
