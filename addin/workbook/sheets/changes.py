"""The 变更记录 sheet (Changes): the log of the boards the chief arbiter changed
by hand after pairing (issue 17).  One row per kept hand edit: when it was
recorded, the round and board, the pair as changed, the system's pairing, the
round whose pairing recorded it, and the board's explanation cells as they
were (so that ``undo`` of that round restores them exactly).

A source sheet (the arbiter may annotate it): read back as it stands and
appended to by ``pair`` (engine/checker.py finds the changed boards).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from bianpai.engine.problems import Problem

from ..words import text
from .cells import Cell, Rows, _at, _find_header, _str, _table, as_int
from .layout import HEADER_FILL, NOTE_COLOUR, PrintSetup, SheetOut, Style

if TYPE_CHECKING:

    from .event import Event


CHANGES_COLUMNS: tuple[str, ...] = ("col.when", "col.round_no", "col.board", "col.changed_to",
                                    "col.system_pairing", "col.recorded_with", "col.old_step",
                                    "col.old_rule", "col.old_mark")
CHANGES_HEADER_ROW = 2  # 1-based (row 1 title)


@dataclass(frozen=True)
class ChangeRecord:
    """One kept hand edit (a row of the log)."""

    when: str
    round: int
    board: int
    changed_to: str  # "red–black" as changed
    system: str  # the system's boards holding these players, "3–5, 4–6"
    recorded_with: int  # the round whose pairing recorded it (undo of that round removes the record)
    old_step: str = ""
    old_rule: str = ""
    old_mark: str = ""


def read_changes(sheet: str, rows: Rows, problems: list[Problem]) -> tuple[ChangeRecord, ...]:
    """The log's rows (rows without a round and board number are the arbiter's own and skipped)."""
    h = _find_header(rows, "col.when")
    start = CHANGES_HEADER_ROW if h is None else h + 1
    out: list[ChangeRecord] = []
    for r in range(start, len(rows)):
        k, board, rec = as_int(_at(rows, r, 1)), as_int(_at(rows, r, 2)), as_int(_at(rows, r, 5))
        if k is None or board is None or rec is None:
            continue
        cells = [_str(_at(rows, r, c)) for c in range(9)]
        out.append(ChangeRecord(cells[0], k, board, cells[3], cells[4], rec, cells[6], cells[7], cells[8]))
    return tuple(out)


def render_changes(ev: Event) -> SheetOut:
    lang = ev.lang
    rows: list[list[Cell]] = [[text("changes.title", lang)] + [None] * 8,
                              [text(k, lang) for k in CHANGES_COLUMNS]]
    for c in ev.changes:
        rows.append([c.when, c.round, c.board, c.changed_to, c.system, c.recorded_with,
                     c.old_step or None, c.old_rule or None, c.old_mark or None])
    h = CHANGES_HEADER_ROW
    styles = [Style(1, 1, 1, 9, bold=True, size=14),
              Style(h, 1, h, 9, bold=True, fill=HEADER_FILL, border=True, align="center", wrap=True)]
    if len(rows) > h:
        styles += [Style(h + 1, 1, len(rows), 9, border=True),
                   Style(h + 1, 7, len(rows), 9, colour=NOTE_COLOUR, size=9)]
    return SheetOut(ev.sheet_name("sheet.changes"), "sheet.changes", _table(rows),
                    widths=(20, 7, 7, 12, 16, 10, 12, 16, 16), styles=tuple(styles),
                    print_setup=PrintSetup(orientation="landscape", repeat_rows=(h, h),
                                           header=ev.tournament.name, footer=text("print.page", lang)),
                    freeze=f"A{h + 1}")


__all__ = ["CHANGES_COLUMNS", "CHANGES_HEADER_ROW", "ChangeRecord", "read_changes", "render_changes"]
