# SPDX-License-Identifier: GPL-3.0-or-later
"""Stand-in for the parts of Detectron2 that build its training DataLoader (see ../README.md)."""
