"""The 回避名单 sheet (Kept apart): pairs or groups the chief arbiter keeps from
meeting (siblings, a coach and pupil, one school), with the rounds it applies
to.  A source sheet: each row is one :class:`~bianpai.engine.model.ForbiddenPairs`
(engine/constraints/apart.py; TRF ``XXP`` / ``260`` in ``export-trf``).

Layout: row 1 title, row 2 help, row 3 the header (选手序号 | 自第几轮 |
至第几轮 | 说明), one group a row below it.  The players cell holds two or more
numbers separated by blanks, commas or 、; blank rounds mean every round.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from bianpai.engine.model import ForbiddenPairs
from bianpai.engine.problems import Problem, problem

from ..words import text
from .cells import Cell, Rows, _at, _blank, _find_header, _optional_whole, _str, _table, where
from .layout import HEADER_FILL, INPUT_FILL, NOTE_COLOUR, PrintSetup, SheetOut, Style

if TYPE_CHECKING:

    from .event import Event


APART_COLUMNS: tuple[str, ...] = ("col.apart_players", "col.apart_first", "col.apart_last", "col.apart_note")
APART_HEADER_ROW = 3  # 1-based (row 1 title, row 2 help)
APART_INPUT_ROWS = 20
"""Decision: the sheet offers 20 input rows (yellow) below the header; more
rows may be typed, they are read the same."""


def _numbers(cell: Cell) -> list[int] | None:
    """``"3 17, 25"`` → [3, 17, 25]; a lone number cell; None when a part is not a number."""
    if isinstance(cell, (int, float)) and not isinstance(cell, bool):
        return [int(cell)] if float(cell).is_integer() else None
    parts = [x for x in re.split(r"[\s,，、;；/]+", _str(cell)) if x]
    if not all(re.fullmatch(r"\d+", x) for x in parts):
        return None
    return [int(x) for x in parts]


def read_apart(sheet: str, rows: Rows, problems: list[Problem], numbers: set[int]
               ) -> tuple[tuple[ForbiddenPairs, ...], tuple[str, ...]]:
    """The groups kept apart and each row's note; every problem named by its cell."""
    h = _find_header(rows, "col.apart_players", any_column=True)
    start = APART_HEADER_ROW if h is None else h + 1
    out: list[ForbiddenPairs] = []
    notes: list[str] = []
    for r in range(start, len(rows)):
        cells = [_at(rows, r, c) for c in range(4)]
        if all(_blank(v) for v in cells[:3]):
            continue
        found = _numbers(cells[0])
        if found is None or len(set(found)) < 2:
            problems.append(problem("problem.apart_players", where=where(sheet, r + 1, 1)))
            continue
        unknown = [n for n in found if numbers and n not in numbers]
        for n in unknown:
            problems.append(problem("problem.apart_unknown", player=n, where=where(sheet, r + 1, 1)))
        first = _optional_whole(cells[1], 1, 1)
        last = _optional_whole(cells[2], 1, 0)
        if first is None or last is None or (last and last < first):
            problems.append(problem("problem.apart_rounds", where=where(sheet, r + 1, 2)))
            continue
        if unknown:
            continue
        out.append(ForbiddenPairs(tuple(dict.fromkeys(found)), first, last or None))
        notes.append(_str(cells[3]))
    return tuple(out), tuple(notes)


def render_apart(ev: Event) -> SheetOut:
    """The sheet from the event's list (each row's note kept)."""
    lang = ev.lang
    rows: list[list[Cell]] = [[text("apart.title", lang), None, None, None],
                              [text("apart.help", lang), None, None, None],
                              [text(k, lang) for k in APART_COLUMNS]]
    notes = ev.apart_notes
    for i, fp in enumerate(ev.tournament.forbidden_pairs):
        rows.append([" ".join(map(str, fp.players)), fp.first_round if fp.first_round != 1 else None,
                     fp.last_round, notes[i] if i < len(notes) and notes[i] else None])
    h = APART_HEADER_ROW
    last = max(len(rows), h + APART_INPUT_ROWS)
    styles = (Style(1, 1, 1, 4, bold=True, size=14), Style(2, 1, 2, 4, colour=NOTE_COLOUR),
              Style(h, 1, h, 4, bold=True, fill=HEADER_FILL, border=True, align="center"),
              Style(h + 1, 1, last, 4, border=True, fill=INPUT_FILL),
              Style(h + 1, 2, last, 3, align="center"))
    return SheetOut(ev.sheet_name("sheet.apart"), "sheet.apart", _table(rows),
                    widths=(24, 10, 10, 30), styles=styles,
                    print_setup=PrintSetup(repeat_rows=(h, h), header=ev.tournament.name,
                                           footer=text("print.page", lang)),
                    freeze=f"A{h + 1}")


__all__ = ["APART_COLUMNS", "APART_HEADER_ROW", "APART_INPUT_ROWS", "read_apart", "render_apart"]
