// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace shmwise {

// The help page of each wizard page (Wizard::PageId), as HTML: what the page is for and what
// each of its fields means. Shown by Help > Contents (F1) and the wizard's Help button.
QString pageHelpHtml(int pageId);
// The windows besides the wizard's pages and where each is opened from, as HTML.
QString otherWindowsHelpHtml();
// A list of links to each of those windows' help, for the contents.
QString otherWindowsContentsHtml();

// What's This text of the Workload page's DataLoader settings, keyed by the field's accessible
// name; empty for other names. Each says what the setting is and how it changes /dev/shm.
QString dataLoaderWhatsThis(const QString &field);

} // namespace shmwise
