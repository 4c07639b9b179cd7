"""The Crosstable sheet (成绩表), derived."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bianpai.engine.model import (
    Colour,
)

from ..labels import text
from .cells import Cell, _fmt, _table
from .layout import PrintSetup, SheetOut, Style, _derived_head, _derived_styles

if TYPE_CHECKING:
    from bianpai.engine.standings import CrosstableCell

    from .event import Event


_CROSS_MARK = {
    "zh": {"1": "胜", "=": "和", "0": "负", "+": "+", "-": "-", "*": "*",
           "U": "轮空", "F": "全分轮空", "H": "半分轮空", "Z": "零分轮空", "A": "缺席"},
    "en": {"1": "1", "=": "=", "0": "0", "+": "+", "-": "-", "*": "*",
           "U": "bye", "F": "F", "H": "H", "Z": "Z", "A": "-"},
}


def crosstable_text(cell: "CrosstableCell", lang: str) -> str:
    """``12先胜`` / ``12R1``: opponent, colour (先 red / 后 black), result;
    unpaired rounds 轮空/请假… (``U``, ``H`` … in English)."""
    from bianpai.engine.model import Outcome

    mark = {Outcome.WIN: "1", Outcome.DRAW: "=", Outcome.LOSS: "0", Outcome.FORFEIT_WIN: "+",
            Outcome.FORFEIT_LOSS: "-", Outcome.UNFINISHED: "*", Outcome.PAIRING_BYE: "U",
            Outcome.FULL_BYE: "F", Outcome.HALF_BYE: "H", Outcome.ZERO_BYE: "Z",
            Outcome.ABSENT: "A"}[cell.outcome]
    m = _CROSS_MARK[lang][mark]
    if cell.opponent is None:
        return m
    side = ("先" if cell.colour is Colour.RED else "后") if lang == "zh" else (
        "R" if cell.colour is Colour.RED else "B")
    return f"{cell.opponent}{side}{m}"


def render_crosstable(ev: Event) -> SheetOut:
    from bianpai.engine.standings import crosstable

    t, lang = ev.tournament, ev.lang
    k = len(t.rounds)
    width = 2 + k + 1
    rows = _derived_head(text("crosstable.title", lang), ev, width)
    rows.append(list[Cell]([text("col.number", lang), text("col.name", lang)]
                + [text("col.round", lang, k=i) for i in range(1, k + 1)] + [text("col.total", lang)]))
    for cr in crosstable(t):
        cells: list[Cell] = [crosstable_text(c, lang) for c in cr.cells]
        cells += [None] * (k - len(cells))
        rows.append([cr.number, cr.name] + cells + [_fmt(cr.total)])
    styles = _derived_styles(width, 3, len(rows))
    if len(rows) > 3 and k:
        styles.append(Style(4, 3, len(rows), 2 + k, align="center"))
    return SheetOut(ev.sheet_name("sheet.crosstable"), "sheet.crosstable", _table(rows),
                    widths=(6, 12) + (8,) * k + (7,), styles=tuple(styles),
                    print_setup=PrintSetup(orientation="landscape", repeat_rows=(3, 3),
                                           header=ev.settings.name, footer=text("print.page", lang)),
                    freeze="C4", derived=True)
