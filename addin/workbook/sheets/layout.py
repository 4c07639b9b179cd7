"""Formatting as plain records (fills, bold, widths, number formats, drop-down lists, A4 print
setup), the derived sheets' common head, and :func:`cell_properties`, the one merge of a
sheet's styles cell by cell that every backend applies."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Iterable

from ..words import text
from .cells import Cell

if TYPE_CHECKING:

    from .event import Event


RED_FILL = "C00000"
BLACK_FILL = "000000"
WHITE = "FFFFFF"
HEADER_FILL = "D9D9D9"
NOTE_COLOUR = "7F7F7F"
INPUT_FILL = "FFF2CC"  # cells the organiser types into


@dataclass(frozen=True)
class Style:
    """Formatting of the cells in rows ``top..bottom``, columns
    ``left..right`` (1-based, inclusive).  None leaves a property alone."""

    top: int
    left: int
    bottom: int
    right: int
    bold: bool = False
    size: float | None = None
    fill: str | None = None  # RGB hex
    colour: str | None = None  # font RGB hex
    align: str | None = None  # left / center / right
    wrap: bool = False
    border: bool = False
    number_format: str | None = None

    def properties(self) -> dict[str, object]:
        """The properties this style sets (what a backend applies to each cell)."""
        p: dict[str, object] = {}
        if self.bold:
            p["bold"] = True
        for name in ("size", "fill", "colour", "align", "number_format"):
            v = getattr(self, name)
            if v is not None:
                p[name] = v
        if self.wrap:
            p["wrap"] = True
        if self.border:
            p["border"] = True
        return p


def cell_properties(styles: Iterable[Style]) -> dict[tuple[int, int], dict[str, object]]:
    """Every styled cell's properties, later styles overriding earlier ones
    property by property: the one merge of a sheet's :class:`Style` records,
    which every backend applies (the file writers and Excel)."""
    cells: dict[tuple[int, int], dict[str, object]] = {}
    for s in styles:
        p = s.properties()
        if not p:
            continue
        for r in range(s.top, s.bottom + 1):
            for c in range(s.left, s.right + 1):
                cur = cells.get((r, c))
                if cur is None:
                    cells[(r, c)] = dict(p)
                else:
                    cur.update(p)
    return cells


@dataclass(frozen=True)
class Validation:
    """A drop-down list on a range (``E4:E40``); other values are still allowed
    (the reader accepts variants), so Excel only warns."""

    ref: str
    options: tuple[str, ...]
    prompt: str = ""


@dataclass(frozen=True)
class PrintSetup:
    """A4 page setup: orientation, fit all columns to the page width, the
    rows repeated at the top of every page, header and footer text."""

    orientation: str = "portrait"
    paper: str = "A4"
    fit_width: bool = True
    repeat_rows: tuple[int, int] | None = None
    header: str = ""
    footer: str = ""
    centre_horizontally: bool = True
    area: str | None = None  # e.g. "A:H"; None prints everything
    row_breaks: tuple[int, ...] = ()  # a page break after each of these rows (1-based): 记分单, 编排卡


@dataclass(frozen=True)
class SheetOut:
    """One sheet to write: values (row-major, None for empty) and formatting.

    ``key`` is the sheet's role (``sheet.players``, ``round``, …); ``derived``
    sheets are rewritten from the sources every time."""

    name: str
    key: str
    rows: tuple[tuple[Cell, ...], ...]
    widths: tuple[float, ...] = ()  # column widths from column A
    styles: tuple[Style, ...] = ()
    validations: tuple[Validation, ...] = ()
    print_setup: PrintSetup = field(default_factory=PrintSetup)
    freeze: str | None = None  # top-left unfrozen cell, e.g. "A4"
    comments: tuple[tuple[str, str], ...] = ()  # (cell, text)
    derived: bool = False
    row_heights: tuple[tuple[int, int, float], ...] = ()  # (first row, last row, height in points)


def _derived_head(title: str, ev: Event, width: int) -> list[list[Cell]]:
    k = len(ev.tournament.rounds)
    after = text("standings.after", ev.lang, k=k) if k else text("standings.before", ev.lang)
    return [[f"{title} — {ev.tournament.name} ({after})"] + [None] * (width - 1),
            [text("derived.note", ev.lang)] + [None] * (width - 1)]


def _derived_styles(width: int, header_row: int, last: int) -> list[Style]:
    out = [Style(1, 1, 1, width, bold=True, size=14), Style(2, 1, 2, width, colour=RED_FILL, bold=True),
           Style(header_row, 1, header_row, width, bold=True, fill=HEADER_FILL, border=True, align="center")]
    if last > header_row:
        out.append(Style(header_row + 1, 1, last, width, border=True))
    return out
