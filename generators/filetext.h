// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The language of the comments ShmWise writes into generated files. It is a generation option,
// chosen apart from the user interface's language: a Chinese UI may save English files for a
// team that reads English, and the reverse. Everything else in a file (keys, commands, paths,
// messages scripts print) stays as it is in every language.

#include "core/fit.h"

#include <QString>
#include <QStringList>

#include <optional>

namespace shmwise {

enum class CommentLanguage
{
    English,
    SimplifiedChinese
};

struct GenerateOptions
{
    CommentLanguage comments = CommentLanguage::English;
};

// The codes the command line and the settings use: "en", "zh_CN".
QString commentLanguageCode(CommentLanguage language);
std::optional<CommentLanguage> commentLanguageFromCode(const QString &code);
QStringList commentLanguageCodes();

namespace gen {

// Translates the texts of comments (and of Markdown documents) written into files. They are
// marked QT_TRANSLATE_NOOP("shmwise::FileText", "...") and looked up in the catalogue's own
// translator, never in the one the application installed for its UI.
class FileText
{
public:
    explicit FileText(CommentLanguage language = CommentLanguage::English) : m_language(language) {}
    CommentLanguage language() const { return m_language; }
    bool isEnglish() const { return m_language == CommentLanguage::English; }
    // The text in the file's language (English where the catalogue has no translation).
    QString operator()(const char *source) const { return (*this)("shmwise::FileText", source); }
    // The same for a text of another context, such as the fit's sentences (core/fit.h).
    QString operator()(const char *context, const char *source) const;
    // The fit's sentences in the file's language.
    FitText fitText() const
    {
        return [*this](const char *source) {
            return (*this)("shmwise::Fit", source);
        };
    }

private:
    CommentLanguage m_language;
};

// Comment lines for `text` behind `prefix` ("# ", "    # "). A line break in the text ends a
// line. English texts are written with their own breaks; a translation is wrapped so that no
// line is wider than `width` display columns (a CJK character takes two), by wrapLine's rules
// (core/textwidth.h).
constexpr int kCommentWidth = 88;
QStringList commentLines(const QString &prefix, const QString &text, bool wrap,
                         int width = kCommentWidth);

} // namespace gen
} // namespace shmwise
