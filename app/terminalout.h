// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QIODevice>
#include <QString>
#include <QStringDecoder>

#include <cstdio>

namespace shmwise::cli {

// Text from a target, a log, a profile or a file under validation must not drive the terminal
// it is printed on (ESC ] 0; ... BEL sets the window title, ESC [2J clears the screen, U+009B
// is a one-character CSI). Writes every C0 control but tab and newline, DEL and every C1
// control as \uXXXX: readable text, and inside a JSON string the same escape JSON itself
// uses, so a JSON reader still gets the original characters.
QString escapeControls(const QString &text);

// What out() and err() write through: every byte printed by a command passes escapeControls(),
// so no command has to remember to call it.
class EscapingDevice : public QIODevice
{
public:
    explicit EscapingDevice(FILE *stream);

protected:
    qint64 readData(char *, qint64) override { return -1; }
    qint64 writeData(const char *data, qint64 size) override;

private:
    FILE *m_stream;
    QStringDecoder m_decoder{QStringDecoder::Utf8};
};

} // namespace shmwise::cli
