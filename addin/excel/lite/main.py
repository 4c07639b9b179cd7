"""xlwings Lite scripts for Bianpai (编排): the same jobs as the ribbon add-in.

xlwings Lite runs Python inside Excel (Pyodide, no Python install); this file
goes into the Lite task pane's ``main.py`` and ``requirements.txt`` next to it
lists what Lite installs. Each ``@script`` becomes a button in the task pane
and runs one organiser job on the open workbook through the same code the
desktop add-in uses (:mod:`bianpai.addin.xl`): read every sheet once, run the
job, write the result, or list every problem in one message box and write
nothing.
"""

import xlwings as xw
from xlwings import script

from bianpai.addin.excel import xl
from bianpai.addin.jobs.table import Job, ribbon_jobs


def _script(job: Job):
    """The task-pane button of ``job``: its entry function of the add-in, under its name."""
    entry = xl.ENTRY_FUNCTIONS[job.ribbon or ""]

    def run(book: xw.Book):
        entry(book)

    run.__name__ = run.__qualname__ = job.entry or ""
    run.__doc__ = f"{job.label}: {job.doc}."
    return script(run)


# One decorated function per ribbon job of the job table (next_step, new_event, draw_numbers …).
for _job in ribbon_jobs():
    globals()[_job.entry or ""] = _script(_job)
del _job


# ======================================================================================
# Worksheet functions: =BIANPAI_SCORE(…), =BIANPAI_COLOUR_DIFF(…) … — the same as the
# desktop add-in's bianpai.addin.udfs (every name in its __all__; tests/test_lite.py
# checks that Lite registers each one, under Pyodide too). This part is kept by hand,
# apart from the job scripts above.
# ======================================================================================

from xlwings import arg, func  # noqa: E402

from bianpai.addin.excel import udfs  # noqa: E402


@func
@arg("colours", ndim=1)
def BIANPAI_COLOUR_DIFF(colours):
    """先后差 d = R − B of a row of the Colours sheet."""
    return udfs.BIANPAI_COLOUR_DIFF(colours)


@func
@arg("colours", ndim=1)
def BIANPAI_COLOUR_STATE(colours):
    """少先/多先/平先 with 上先/上后/连先/连后."""
    return udfs.BIANPAI_COLOUR_STATE(colours)


@func
@arg("colours", ndim=1)
def BIANPAI_COLOUR_WANT(colours, lang="zh"):
    """The colour wanted next: 红/黑 (R/B with lang "en")."""
    return udfs.BIANPAI_COLOUR_WANT(colours, lang)


@func
@arg("floats", ndim=1)
def BIANPAI_FLOATS(floats, direction="down"):
    """Number of ↓ (or ↑ with direction "up") in a row of the Floats sheet."""
    return udfs.BIANPAI_FLOATS(floats, direction)


@func
@arg("settings", ndim=2)
@arg("rounds", ndim=2)
def BIANPAI_SCORE(number, settings, *rounds):
    """A player's score over the given round sheets with the Settings' points."""
    return udfs.BIANPAI_SCORE(number, settings, *rounds)
