// SPDX-License-Identifier: GPL-3.0-or-later
// The Simplified Chinese catalogue, read from its .ts file: every entry translated, and each
// translation keeps what must not change (placeholders, markup, shortcuts, technical tokens);
// and the catalogue follows the sources: lupdate run over them into a copy adds no entry and
// finds none that has gone.
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

namespace {

struct Entry
{
    QString context;
    QString source;
    QString type;      // the translation's type attribute: empty when finished
    QStringList forms; // the translation, or its numerus forms
    bool numerus = false;
    QStringList locations; // file:line, where lupdate wrote them
};

QList<Entry> readCatalogue(const QString &path, QString *error)
{
    QList<Entry> entries;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = file.errorString();
        return entries;
    }
    QXmlStreamReader xml(&file);
    QString context;
    Entry entry;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement())
            continue;
        const auto name = xml.name();
        if (name == QLatin1String("name")) {
            context = xml.readElementText();
        } else if (name == QLatin1String("message")) {
            entry = Entry();
            entry.context = context;
            entry.numerus =
                xml.attributes().value(QLatin1String("numerus")) == QLatin1String("yes");
        } else if (name == QLatin1String("location")) {
            const auto attributes = xml.attributes();
            entry.locations << QStringLiteral("%1:%2").arg(
                attributes.value(QLatin1String("filename")).toString(),
                attributes.value(QLatin1String("line")).toString());
        } else if (name == QLatin1String("source")) {
            entry.source = xml.readElementText();
        } else if (name == QLatin1String("translation")) {
            entry.type = xml.attributes().value(QLatin1String("type")).toString();
            if (!entry.numerus) {
                entry.forms << xml.readElementText();
                entries << entry;
            } else {
                while (xml.readNextStartElement()) {
                    if (xml.name() == QLatin1String("numerusform"))
                        entry.forms << xml.readElementText();
                    else
                        xml.skipCurrentElement();
                }
                entries << entry;
            }
        }
    }
    if (xml.hasError())
        *error = QStringLiteral("line %1: %2").arg(xml.lineNumber()).arg(xml.errorString());
    return entries;
}

QSet<QString> matches(const QRegularExpression &re, const QString &text)
{
    QSet<QString> found;
    auto it = re.globalMatch(text);
    while (it.hasNext())
        found.insert(it.next().captured());
    return found;
}

QString where(const Entry &e)
{
    return QStringLiteral("%1: \"%2\"").arg(e.context, e.source.left(80));
}

const QString kCatalogue =
    QStringLiteral(SHMWISE_SOURCE_DIR "/resources/translations/shmwise_zh_CN.ts");

} // namespace

class TestTranslations : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QString error;
        m_entries = readCatalogue(kCatalogue, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        // The sources hold well over a thousand strings; far fewer means the reading broke.
        QVERIFY2(m_entries.size() > 1000, qPrintable(QString::number(m_entries.size())));
    }

    void everyEntryTranslated()
    {
        QStringList problems;
        for (const Entry &e : m_entries) {
            if (!e.type.isEmpty())
                problems << QStringLiteral("%1 is %2").arg(where(e), e.type);
            else if (e.forms.isEmpty())
                problems << where(e) + QStringLiteral(" has no translation");
            for (const QString &f : e.forms) {
                if (f.trimmed().isEmpty())
                    problems << where(e) + QStringLiteral(" has an empty translation");
            }
        }
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
    }

    void translationsAreChinese()
    {
        // A translation may equal its source only where the source is a technical token
        // (a name, a metavariable, a unit); sentences must be in Chinese.
        static const QRegularExpression han(QStringLiteral("[\\x{4e00}-\\x{9fff}]"));
        static const QRegularExpression sentence(QStringLiteral("[a-z]{3,} [a-z]{3,} [a-z]{3,}"));
        QStringList problems;
        for (const Entry &e : m_entries) {
            for (const QString &f : e.forms) {
                if (sentence.match(e.source).hasMatch() && !han.match(f).hasMatch() &&
                    !e.source.startsWith(QLatin1String("RuntimeError")))
                    problems << where(e);
            }
        }
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
    }

    // docs/zh_CN-glossary.md: one word for one idea, so that a label and the sentence under it
    // agree. A job is 任务 (AWS Batch's job definition is 作业定义, as AWS writes it); a batch
    // stays "batch" (a walk found "Batch 大小", "批大小" and "分组批次大小" on one page).
    void glossaryWordsKept()
    {
        static const QRegularExpression batchWords(QStringLiteral("批次|每批|批大小|一批|成批"));
        QStringList problems;
        for (const Entry &e : m_entries) {
            for (const QString &f : e.forms) {
                if (batchWords.match(f).hasMatch())
                    problems << where(e) + QStringLiteral(": a batch is \"batch\"");
                if (f.contains(QStringLiteral("作业")) && !f.contains(QStringLiteral("作业定义")))
                    problems << where(e) + QStringLiteral(": a job is 任务");
            }
        }
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
    }

    void placeholdersMarkupAndTokensKept()
    {
        static const QRegularExpression placeholder(QStringLiteral("%(\\d+|n)"));
        static const QRegularExpression tag(QStringLiteral("</?[a-z0-9]+>"));
        // Never translated (docs/zh_CN-glossary.md): options, /dev/shm, snake_case and
        // camelCase names, file names, and anything in backquotes.
        static const QRegularExpression token(QStringLiteral(
            "--[A-Za-z][\\w-]*|/dev/shm|\\b[A-Za-z]\\w*_\\w+\\b|\\b[a-z]+[A-Z]\\w*\\b|"
            "\\b[\\w-]+\\.(?:yaml|yml|json|sh|conf|py|ini|sbatch|bak)\\b|`[^`]+`"));
        QStringList problems;
        for (const Entry &e : m_entries) {
            for (const QString &f : e.forms) {
                if (matches(placeholder, e.source) != matches(placeholder, f))
                    problems << where(e) + QStringLiteral(": placeholders differ: ") + f;
                if (matches(tag, e.source) != matches(tag, f))
                    problems << where(e) + QStringLiteral(": markup differs: ") + f;
                // Leftovers of a translation tool's own syntax ({1,?}) shown to the user.
                static const QRegularExpression toolSyntax(QStringLiteral("\\{\\d+(,[^}]*)?\\}"));
                if (matches(toolSyntax, f) != matches(toolSyntax, e.source))
                    problems << where(e) + QStringLiteral(": a {N} that is not the source's: ") + f;
                const QSet<QString> tokens = matches(token, e.source);
                for (const QString &t : tokens) {
                    if (!f.contains(t))
                        problems << where(e) + QStringLiteral(": lost '%1': ").arg(t) + f;
                }
                // A keyboard shortcut (&X) in the source needs one in the translation.
                const bool shortcut = QString(e.source)
                                          .remove(QStringLiteral("&&"))
                                          .contains(QRegularExpression(QStringLiteral("&\\w")));
                if (shortcut && !f.contains(QRegularExpression(QStringLiteral("&\\w"))))
                    problems << where(e) + QStringLiteral(": lost its shortcut: ") + f;
            }
        }
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
    }

    void pluralsUseTheNumerusForm()
    {
        // Chinese has one plural form; a %n entry must carry exactly it.
        int plurals = 0;
        QStringList problems;
        for (const Entry &e : m_entries) {
            if (!e.source.contains(QLatin1String("%n")))
                continue;
            ++plurals;
            if (!e.numerus || e.forms.size() != 1)
                problems << where(e);
        }
        QVERIFY(plurals > 0);
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
    }

    // lupdate over the sources (the list update_translations uses) into a copy of the
    // catalogue: every string of the sources must already be there, translated, and every entry
    // of the catalogue must still have its string in the sources. Entries are compared, not
    // bytes, so the lupdate of Qt 6.4 and that of Qt 6.8 give the same verdict.
    void catalogueFollowsTheSources()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString copy = dir.filePath(QStringLiteral("shmwise_zh_CN.ts"));
        QVERIFY(QFile::copy(kCatalogue, copy));
        QFile::setPermissions(copy, QFile::ReadOwner | QFile::WriteOwner);
        QProcess lupdate;
        lupdate.setProcessChannelMode(QProcess::MergedChannels);
        // Absolute locations, so each new string can be named with its file and line; without
        // -no-obsolete, so entries whose string is gone stay, marked vanished or obsolete.
        lupdate.start(QStringLiteral(SHMWISE_LUPDATE),
                      {QStringLiteral("-locations"), QStringLiteral("absolute"),
                       QStringLiteral("@" SHMWISE_TR_SOURCES), QStringLiteral("-ts"), copy});
        QVERIFY2(lupdate.waitForFinished(240000), qPrintable(lupdate.errorString()));
        const QString log = QString::fromUtf8(lupdate.readAll());
        QVERIFY2(lupdate.exitStatus() == QProcess::NormalExit && lupdate.exitCode() == 0,
                 qPrintable(log));

        QString error;
        const QList<Entry> updated = readCatalogue(copy, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QVERIFY2(updated.size() >= m_entries.size() / 2, qPrintable(log));
        const QDir source(QStringLiteral(SHMWISE_SOURCE_DIR));
        QStringList added;
        QStringList gone;
        for (const Entry &e : updated) {
            if (e.type == QLatin1String("vanished") || e.type == QLatin1String("obsolete")) {
                gone << QStringLiteral("  %1 (no longer in the sources)").arg(where(e));
            } else if (e.type == QLatin1String("unfinished")) {
                QStringList at;
                // lupdate writes file names relative to the .ts file.
                for (const QString &l : e.locations)
                    at << source.relativeFilePath(
                        QDir::cleanPath(QDir(dir.path()).absoluteFilePath(l)));
                added << QStringLiteral("  %1: %2").arg(at.join(QStringLiteral(", ")), where(e));
            }
        }
        QStringList problems;
        if (!added.isEmpty())
            problems << QStringLiteral("%1 string(s) of the sources are not translated in %2:")
                            .arg(added.size())
                            .arg(kCatalogue)
                     << added;
        if (!gone.isEmpty())
            problems << QStringLiteral("%1 entr(ies) of %2 have no source any more:")
                            .arg(gone.size())
                            .arg(kCatalogue)
                     << gone;
        if (!problems.isEmpty())
            problems << QStringLiteral("Run `cmake --build build --target update_translations`, "
                                       "then translate the new entries "
                                       "(HACKING.md, Translations).");
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
    }

private:
    QList<Entry> m_entries;
};

QTEST_GUILESS_MAIN(TestTranslations)
#include "tst_translations.moc"
