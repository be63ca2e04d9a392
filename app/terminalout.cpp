// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/terminalout.h"

namespace shmwise::cli {

namespace {
bool isControl(char16_t c)
{
    return (c < 0x20 && c != u'\t' && c != u'\n') || c == 0x7f || (c >= 0x80 && c <= 0x9f);
}
} // namespace

QString escapeControls(const QString &text)
{
    qsizetype first = 0;
    while (first < text.size() && !isControl(text.at(first).unicode()))
        ++first;
    if (first == text.size())
        return text;
    QString result = text.left(first);
    result.reserve(text.size() + 16);
    for (qsizetype i = first; i < text.size(); ++i) {
        const char16_t c = text.at(i).unicode();
        if (isControl(c))
            result += QStringLiteral("\\u%1").arg(int(c), 4, 16, QLatin1Char('0'));
        else
            result += QChar(c);
    }
    return result;
}

EscapingDevice::EscapingDevice(FILE *stream) : m_stream(stream)
{
    open(QIODevice::WriteOnly | QIODevice::Unbuffered);
}

qint64 EscapingDevice::writeData(const char *data, qint64 size)
{
    // The decoder keeps a multi-byte sequence split between two writes for the next one.
    const QString text = m_decoder.decode(QByteArrayView(data, size));
    const QByteArray bytes = escapeControls(text).toUtf8();
    if (!bytes.isEmpty()) {
        std::fwrite(bytes.constData(), 1, size_t(bytes.size()), m_stream);
        std::fflush(m_stream);
    }
    return size;
}

} // namespace shmwise::cli
