# SPDX-License-Identifier: GPL-3.0-or-later
from .build import build_batch_data_loader  # noqa: F401
from .common import AspectRatioGroupedDataset  # noqa: F401
