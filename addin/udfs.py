"""Kept for callers of ``bianpai.addin.udfs``: xlwings imports the worksheet functions from the module named
in its settings.

The module is :mod:`bianpai.addin.excel.udfs`."""

from bianpai.addin.excel.udfs import *  # noqa: F401,F403
