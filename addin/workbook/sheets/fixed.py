"""The 固定对阵 sheet (Fixed pairs): boards the chief arbiter sets before a
round is paired (issue 17).  A source sheet: each row is a round, its red and
black player and a note; ``pair`` pairs every other player by the system
around the fixed boards of the round it pairs, which come first
(engine/constraints/fixed.py).  Rows of rounds already paired stay as the record of what
was fixed (the next commands compare those rounds with the system's pairing
around them).

Layout: row 1 title, row 2 help, row 3 the header (轮次 | 红方序号 | 黑方序号 |
说明), one board a row below it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bianpai.engine.problems import Problem, problem

from ..words import text
from .cells import Cell, Rows, _at, _blank, _find_header, _str, _table, as_int, where
from .layout import HEADER_FILL, INPUT_FILL, NOTE_COLOUR, PrintSetup, SheetOut, Style

if TYPE_CHECKING:

    from .event import Event


FIXED_COLUMNS: tuple[str, ...] = ("col.round_no", "col.red_no", "col.black_no", "col.apart_note")
FIXED_HEADER_ROW = 3
FIXED_INPUT_ROWS = 10
"""Decision: ten input rows (yellow) below the header; more may be typed."""


def read_fixed(sheet: str, rows: Rows, problems: list[Problem], numbers: set[int]
               ) -> tuple[tuple[tuple[int, int, int], ...], tuple[str, ...]]:
    """The fixed boards ``(round, red, black)`` and each row's note; every problem named by its cell."""
    h = _find_header(rows, "col.red_no", any_column=True)
    start = FIXED_HEADER_ROW if h is None else h + 1
    out: list[tuple[int, int, int]] = []
    notes: list[str] = []
    for r in range(start, len(rows)):
        cells = [_at(rows, r, c) for c in range(4)]
        if all(_blank(v) for v in cells[:3]):
            continue
        values = [as_int(v) for v in cells[:3]]
        ok = True
        for c, v in enumerate(values):
            if v is None or v < 1:
                problems.append(problem("problem.fixed_cell", where=where(sheet, r + 1, c + 1),
                                        value=_str(cells[c])))
                ok = False
            elif c and numbers and v not in numbers:
                problems.append(problem("problem.fixed_unknown", where=where(sheet, r + 1, c + 1), player=v))
                ok = False
        if ok:
            k, red, black = values
            out.append((k, red, black))  # type: ignore[arg-type]
            notes.append(_str(cells[3]))
    return tuple(out), tuple(notes)


def render_fixed(ev: Event) -> SheetOut:
    lang = ev.lang
    rows: list[list[Cell]] = [[text("fixed.title", lang), None, None, None],
                              [text("fixed.help", lang), None, None, None],
                              [text(k, lang) for k in FIXED_COLUMNS]]
    notes = ev.fixed_notes
    for i, (k, red, black) in enumerate(ev.tournament.fixed_pairs):
        rows.append([k, red, black, notes[i] if i < len(notes) and notes[i] else None])
    h = FIXED_HEADER_ROW
    last = max(len(rows), h + FIXED_INPUT_ROWS)
    styles = (Style(1, 1, 1, 4, bold=True, size=14), Style(2, 1, 2, 4, colour=NOTE_COLOUR),
              Style(h, 1, h, 4, bold=True, fill=HEADER_FILL, border=True, align="center"),
              Style(h + 1, 1, last, 4, border=True, fill=INPUT_FILL),
              Style(h + 1, 1, last, 3, align="center"))
    return SheetOut(ev.sheet_name("sheet.fixed"), "sheet.fixed", _table(rows),
                    widths=(8, 10, 10, 30), styles=styles,
                    print_setup=PrintSetup(repeat_rows=(h, h), header=ev.tournament.name,
                                           footer=text("print.page", lang)),
                    freeze=f"A{h + 1}")


__all__ = ["FIXED_COLUMNS", "FIXED_HEADER_ROW", "read_fixed", "render_fixed"]
