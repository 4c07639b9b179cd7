"""The Crosstable sheet (成绩表), derived."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bianpai.engine.model import (
    Colour,
)

from ..words import text
from .cells import Cell, _fmt, _table
from .layout import PrintSetup, SheetOut, Style, _derived_head, _derived_styles
from bianpai.engine.model import Outcome
from .standings import standings_rows

if TYPE_CHECKING:
    from bianpai.engine.model import Player
    from bianpai.engine.standings.individual import CrosstableCell

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


def absence_word(p: "Player", k: int, lang: str) -> str | None:
    """An absent round of ``p`` in words: 退赛 from his withdrawal on, 未报到
    before his late entry (issue 13 item 10); None for any other absence."""
    if p.withdrawn_from is not None and k >= p.withdrawn_from:
        return text("remark.withdrawn", lang)
    if k < p.joins_from:
        return text("cross.not_yet", lang)
    return None


def render_crosstable(ev: Event) -> SheetOut:
    """成绩表: number, name, 单位, one cell per round (opponent, colour,
    result; 退赛 / 未报到 / 缺席 for unpaired rounds), total and 名次 (the
    Standings' rank; blank for a player the standings leave out)."""
    # start-up time: check imports no standings (tests/test_check_startup.py)
    from bianpai.engine.standings.individual import crosstable


    t, lang = ev.tournament, ev.lang
    k = len(t.rounds)
    width = 3 + k + 2
    rows = _derived_head(text("crosstable.title", lang), ev, width)
    rows.append(list[Cell]([text("col.number", lang), text("col.name", lang), text("col.club", lang)]
                + [text("col.round", lang, k=i) for i in range(1, k + 1)]
                + [text("col.total", lang), text("col.rank", lang)]))
    players = {p.number: p for p in t.players}
    rank = {sr.number: sr.rank for sr in standings_rows(ev)[1]}
    for cr in crosstable(t):
        p = players[cr.number]
        cells: list[Cell] = [
            (absence_word(p, c.round, lang) or crosstable_text(c, lang)) if c.outcome is Outcome.ABSENT
            else crosstable_text(c, lang) for c in cr.cells]
        cells += [None] * (k - len(cells))
        rows.append([cr.number, cr.name, p.club or None] + cells + [_fmt(cr.total), rank.get(cr.number)])
    styles = _derived_styles(width, 3, len(rows))
    if len(rows) > 3 and k:
        styles.append(Style(4, 4, len(rows), 3 + k, align="center"))
    if len(rows) > 3:
        styles.append(Style(4, width - 1, len(rows), width, align="center", bold=True))
    return SheetOut(ev.sheet_name("sheet.crosstable"), "sheet.crosstable", _table(rows),
                    widths=(5, 10, 12) + (7,) * k + (6, 5), styles=tuple(styles),
                    print_setup=PrintSetup(orientation="landscape", repeat_rows=(3, 3),
                                           header=ev.tournament.name, footer=text("print.page", lang)),
                    freeze="D4", derived=True)
