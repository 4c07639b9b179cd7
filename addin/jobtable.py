"""Kept for callers of ``bianpai.addin.jobtable``: older Lite scripts import Job and ribbon_jobs from here.

The module is :mod:`bianpai.addin.jobs.table`."""

from bianpai.addin.jobs.table import *  # noqa: F401,F403
