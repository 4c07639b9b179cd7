"""The Colours sheet (先后手), derived: per player per round 红/黑 and the counts (dingwei.md §1)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bianpai.engine.model import (
    Colour,
)

from ..words import text
from .cells import Cell, _table
from .layout import BLACK_FILL, RED_FILL, WHITE, PrintSetup, SheetOut, Style, _derived_head, _derived_styles

if TYPE_CHECKING:

    from .event import Event


def render_colours(ev: Event) -> SheetOut:
    """先后手: per player per round 红/黑 (filled red / black), then R, B, d,
    streak and the arbiter's label (dingwei.md §1)."""
    # start-up time: check imports no standings (tests/test_check_startup.py)
    from bianpai.engine.standings.individual import colour_summary

    t, lang = ev.tournament, ev.lang
    k = len(t.rounds)
    width = 2 + k + 5
    rows = _derived_head(text("colours.title", lang), ev, width)
    rows.append(list[Cell]([text("col.number", lang), text("col.name", lang)]
                + [text("col.round", lang, k=i) for i in range(1, k + 1)]
                + [text(c, lang) for c in ("col.R", "col.B", "col.d", "col.streak", "col.label")]))
    names = {p.number: p.name for p in t.players}
    red, black = text("colour.red", lang), text("colour.black", lang)
    styles: list[Style] = []
    for cr in colour_summary(t):
        r = len(rows) + 1
        cells: list[Cell] = []
        for i, c in enumerate(cr.by_round):
            if c is Colour.RED:
                cells.append(red)
                styles.append(Style(r, 3 + i, r, 3 + i, fill=RED_FILL, colour=WHITE, align="center",
                                    bold=True))
            elif c is Colour.BLACK:
                cells.append(black)
                styles.append(Style(r, 3 + i, r, 3 + i, fill=BLACK_FILL, colour=WHITE, align="center",
                                    bold=True))
            else:
                cells.append(None)
        cells += [None] * (k - len(cells))
        rows.append([cr.number, names.get(cr.number, "")] + cells
                    + [cr.reds, cr.blacks, cr.d, cr.streak, cr.label])
    base = _derived_styles(width, 3, len(rows))
    return SheetOut(ev.sheet_name("sheet.colours"), "sheet.colours", _table(rows),
                    widths=(6, 12) + (5,) * k + (4, 4, 7, 6, 10), styles=tuple(base + styles),
                    print_setup=PrintSetup(orientation="landscape", repeat_rows=(3, 3),
                                           header=ev.tournament.name, footer=text("print.page", lang)),
                    freeze="C4", derived=True)
