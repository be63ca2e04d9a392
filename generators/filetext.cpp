// SPDX-License-Identifier: GPL-3.0-or-later
#include "generators/filetext.h"

#include "core/textwidth.h"

#include <QTranslator>

namespace shmwise {

namespace {

struct Code
{
    CommentLanguage language;
    const char *code;
};
constexpr Code kCodes[] = {
    {CommentLanguage::English, "en"},
    {CommentLanguage::SimplifiedChinese, "zh_CN"},
};

// Loaded once from the catalogue compiled into the program (the file the UI's translator reads
// too, but in a QTranslator of its own that QCoreApplication never sees).
const QTranslator *chineseTranslator()
{
    static const QTranslator *const translator = [] {
        auto *t = new QTranslator;
        if (!t->load(QStringLiteral(":/i18n/shmwise_zh_CN.qm"))) {
            delete t;
            t = nullptr;
        }
        return t;
    }();
    return translator;
}

} // namespace

QString commentLanguageCode(CommentLanguage language)
{
    for (const Code &c : kCodes) {
        if (c.language == language)
            return QLatin1String(c.code);
    }
    return QStringLiteral("en");
}

std::optional<CommentLanguage> commentLanguageFromCode(const QString &code)
{
    for (const Code &c : kCodes) {
        if (code == QLatin1String(c.code))
            return c.language;
    }
    return std::nullopt;
}

QStringList commentLanguageCodes()
{
    QStringList codes;
    for (const Code &c : kCodes)
        codes << QLatin1String(c.code);
    return codes;
}

namespace gen {

QString FileText::operator()(const char *context, const char *source) const
{
    if (m_language == CommentLanguage::SimplifiedChinese) {
        if (const QTranslator *t = chineseTranslator()) {
            const QString s = t->translate(context, source);
            if (!s.isEmpty())
                return s;
        }
    }
    return QString::fromUtf8(source);
}

QStringList commentLines(const QString &prefix, const QString &text, bool wrap, int width)
{
    QStringList out;
    const int room = width - displayWidth(prefix);
    for (const QString &line : text.split(QLatin1Char('\n'))) {
        const QStringList wrapped = wrap ? wrapLine(line, room) : QStringList{line};
        for (const QString &w : wrapped)
            out << trimmedEnd(prefix + w);
    }
    return out;
}

} // namespace gen
} // namespace shmwise
