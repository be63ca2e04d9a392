// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

class QObject;

namespace shmwise {

// The application-wide input rules of the desktop, installed once on the application by the
// main window (and by a test on its own widgets):
// - Alt with a letter is a mnemonic. When it reaches nothing (the button it names is disabled,
//   such as Next while a field is empty), a text field would type the letter: it types nothing.
// - The mouse wheel scrolls the page. A combo box, spin box or slider changes its value with the
//   wheel only when it has the keyboard focus; otherwise the wheel goes to the scroll area it
//   sits in (or nowhere), so scrolling a long form never edits a field under the pointer. Such
//   fields lose Qt's wheel focus (the wheel would give them the keyboard first) when polished.
// - Return in a table of fields edits the current cell (opens its editor, or its combo box's
//   list) instead of pressing the page's default button.
void installInputFilters(QObject *owner);

} // namespace shmwise
