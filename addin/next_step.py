"""Kept for callers of ``bianpai.addin.next_step``: the known-good add-in bianpai.addin.next_step.xlam runs
main() of this module.

The module is :mod:`bianpai.addin.excel.next_step`."""

from bianpai.addin.excel.next_step import *  # noqa: F401,F403
