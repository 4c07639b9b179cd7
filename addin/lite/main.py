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

from bianpai.addin import xl


@script
def next_step(book: xw.Book):
    """下一步 Next step: pair the next round if the last is complete, else update standings."""
    xl.next_step(book)


@script
def new_event(book: xw.Book):
    """新建赛事 New event: create the event sheets from the template."""
    xl.new_event(book)


@script
def draw_numbers(book: xw.Book):
    """抽签 Draw numbers: renumber the players before round 1, seeded players on odd numbers."""
    xl.draw_numbers(book)


@script
def check(book: xw.Book):
    """检查 Check: list every problem in the workbook; writes nothing."""
    xl.check(book)


@script
def pair_next_round(book: xw.Book):
    """编排下一轮 Pair next round."""
    xl.pair_next_round(book)


@script
def pair_provisional(book: xw.Book):
    """预排 Provisional pairing: unfinished games count as draws."""
    xl.pair_provisional(book)


@script
def undo_last_round(book: xw.Book):
    """撤销上一轮 Undo last round."""
    xl.undo_last_round(book)


@script
def update_standings(book: xw.Book):
    """更新名次 Update standings, colours, floats, tie-breaks and crosstable."""
    xl.update_standings(book)


@script
def export_trf(book: xw.Book):
    """导出 TRF Export TRF: adds a sheet holding the TRF text (Lite cannot write files)."""
    xl.export_trf(book)


# ======================================================================================
# Worksheet functions: =BIANPAI_SCORE(…), =BIANPAI_COLOUR_DIFF(…) … — the same as the
# desktop add-in's bianpai.addin.udfs (every name in its __all__; tests/test_lite.py
# checks that Lite registers each one, under Pyodide too). This part is kept by hand,
# apart from the job scripts above.
# ======================================================================================

from xlwings import arg, func  # noqa: E402

from bianpai.addin import udfs  # noqa: E402


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
