"""Plain-text tables for the terminal: the pairing ``bianpai pair`` prints and the standings
``bianpai standings`` prints (CJK characters take two columns)."""

from __future__ import annotations

from ..workbook import sheets as S
from ..workbook import words as L
from ..workbook.sheets import Event, SheetOut

PAIRING_COLUMNS = 8
"""The round sheet's printed columns (A–H: board, red number, name, score,
result, score, name, black number) that ``bianpai pair`` prints."""


def pairing_lines(sheet: SheetOut) -> tuple[str, ...]:
    """The pairing as the round sheet shows it — its header row, each board
    and the bye rows, columns A–H — as lines of a plain text table (issue 13
    item 16: ``bianpai pair`` prints the pairing itself)."""
    h = S.ROUND_HEADER_ROW
    table: list[list[str]] = []
    for i, row in enumerate(sheet.rows[h - 1:]):
        cells = ["" if v is None else str(v) for v in list(row[:PAIRING_COLUMNS])]
        if i and not any(cells):
            break
        table.append(cells + [""] * (PAIRING_COLUMNS - len(cells)))
    if not table:
        return ()
    widths = [max(display_width(r[c]) for r in table) for c in range(PAIRING_COLUMNS)]
    return tuple("  ".join(padded(c, w) for c, w in zip(r, widths, strict=True)).rstrip() for r in table)


def standings_table(ev: Event) -> str:
    """The standings as a plain text table (for the terminal), after the
    finished rounds (as the Standings sheet)."""
    codes, rows = S.standings_rows(S.finished_event(ev))
    lang = ev.lang
    head = [L.text(c, lang) for c in ("col.rank", "col.number", "col.name", "col.points")] + \
        [S.code_word(c, lang) for c in codes]  # issue 25: every code in words
    body = [[r.rank_label, str(r.number), r.name, plain_number(r.points)]
            + [plain_number(v) for v in r.values]
            for r in rows]
    widths = ([max(display_width(x) for x in col) for col in zip(head, *body, strict=True)] if body
              else [display_width(h) for h in head])
    lines = ["  ".join(padded(c, w) for c, w in zip(row, widths, strict=True)).rstrip()
             for row in [head, *body]]
    return "\n".join(lines)


def plain_number(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


def display_width(s: str) -> int:
    """Display width: CJK characters take two columns."""
    return sum(2 if ord(ch) > 0x2E80 else 1 for ch in s)


def padded(s: str, w: int) -> str:
    return s + " " * (w - display_width(s))
