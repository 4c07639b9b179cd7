"""The Floats sheet (升降), derived: per round ↓/↑ and the counts (dingwei.md §1)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..words import text
from .cells import Cell, _table
from .layout import PrintSetup, SheetOut, Style, _derived_head, _derived_styles

if TYPE_CHECKING:

    from .event import Event


def render_floats(ev: Event) -> SheetOut:
    """升降: ↓ (下调) / ↑ (上调) per round and the counts (dingwei.md §1)."""
    # start-up time: check imports no standings (tests/test_check_startup.py)
    from bianpai.engine.standings.individual import float_summary

    t, lang = ev.tournament, ev.lang
    k = len(t.rounds)
    width = 2 + k + 2
    rows = _derived_head(text("floats.title", lang), ev, width)
    rows.append(list[Cell]([text("col.number", lang), text("col.name", lang)]
                + [text("col.round", lang, k=i) for i in range(1, k + 1)]
                + [text("col.downs", lang), text("col.ups", lang)]))
    names = {p.number: p.name for p in t.players}
    for fr in float_summary(t):
        cells: list[Cell] = [f.value if f is not None else None for f in fr.by_round]
        cells += [None] * (k - len(cells))
        rows.append([fr.number, names.get(fr.number, "")] + cells + [fr.downs, fr.ups])
    styles = _derived_styles(width, 3, len(rows))
    if len(rows) > 3 and k:
        styles.append(Style(4, 3, len(rows), 2 + k, align="center"))
    return SheetOut(ev.sheet_name("sheet.floats"), "sheet.floats", _table(rows),
                    widths=(6, 12) + (5,) * k + (8, 8), styles=tuple(styles),
                    print_setup=PrintSetup(orientation="landscape", repeat_rows=(3, 3),
                                           header=ev.tournament.name, footer=text("print.page", lang)),
                    freeze="C4", derived=True)
