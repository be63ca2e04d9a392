# SPDX-License-Identifier: GPL-3.0-or-later
# Read by CPack once per generator (CPACK_PROJECT_CONFIG_FILE).
if(CPACK_GENERATOR STREQUAL "TGZ")
    set(CPACK_STRIP_FILES ON)
endif()
