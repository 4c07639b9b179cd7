"""Kept for callers of ``bianpai.addin.xl``: run_from_excel and the entry functions the add-in's VBA and
older Lite scripts call.

The module is :mod:`bianpai.addin.excel.xl`."""

from bianpai.addin.excel.xl import *  # noqa: F401,F403
from bianpai.addin.excel.entry import NO_WORKBOOK_MESSAGE, run_from_excel, target_book  # noqa: F401
