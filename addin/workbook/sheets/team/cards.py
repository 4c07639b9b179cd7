"""编排卡 of a team event (issue 23 item 10: cards per team): one card per team as the arbiter
keeps them — 队号, 队名, 单位, and per round the opponent, the team's colour (its board-1 colour,
红/黑), the match result, 局分 for:against and the 场分 after the round — two cards across, in team
number order.  A renderer only: rewritten by every job while the workbook has the sheet (as the
individual 编排卡, :func:`~.cards.render_cards`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bianpai.engine.model import Colour
from bianpai.engine.standings.team import team_crosstable

from ...words import text
from ..cards import _OUTCOME_KEYS, CARD_WIDTH, CARDS_ACROSS, place_cards
from ..cells import Cell, _fmt, _table
from ..layout import RED_FILL, PrintSetup, SheetOut, Style

if TYPE_CHECKING:
    from .event import TeamWorkbook


def _card(wb: TeamWorkbook, team: int, cells: dict[int, tuple[Cell, ...]]) -> list[list[Cell]]:
    lang, ev = wb.lang, wb.event
    t = ev.team(team)
    rows: list[list[Cell]] = [
        [text("col.team_no", lang), team, text("col.team_name", lang), t.name, None, None],
        [text("col.club", lang), t.unit or None, None, None, None, None],
        [text(k, lang) for k in ("card.round", "card.opponent", "team_card.colour", "card.result",
                                 "code.BP", "team_card.match_points")],
    ]
    for k in range(1, ev.total_rounds + 1):
        rows.append([k] + list(cells.get(k, (None,) * (CARD_WIDTH - 1))))
    return rows


def render_team_cards(wb: TeamWorkbook) -> SheetOut:
    """编排卡: a card per team, two across, a card never split over two pages."""
    lang, ev = wb.lang, wb.event
    width = CARDS_ACROSS * CARD_WIDTH + (CARDS_ACROSS - 1)
    rows: list[list[Cell]] = [[text("cards.title", lang) + " — " + ev.name] + [None] * (width - 1)]
    styles: list[Style] = [Style(1, 1, 1, width, bold=True, size=14)]
    breaks: list[int] = []
    per_team: dict[int, dict[int, tuple[Cell, ...]]] = {}
    red = text("team.colour_red", lang)
    for row in team_crosstable(ev):
        total = 0.0
        cells: dict[int, tuple[Cell, ...]] = {}
        for c in row.cells:
            total += c.match_points
            colour = None if c.colour is None else text(
                "team.colour_red" if c.colour is Colour.RED else "team.colour_black", lang)
            points = (f"{_fmt(c.board_points)}:{_fmt(c.opponent_board_points)}" if c.opponent is not None
                      else _fmt(c.board_points))
            cells[c.round] = (c.opponent, colour, text(_OUTCOME_KEYS[c.outcome], lang), points, _fmt(total))
        per_team[row.team] = cells

    def red_colour(row: int, left: int, cells_row: list[Cell]) -> list[Style]:
        """A round the team played with red: its colour cell in red."""
        if cells_row[2] != red:
            return []
        return [Style(row, left + 3, row, left + 3, colour=RED_FILL, bold=True)]

    place_cards(rows, styles, breaks, sorted(per_team), 3 + ev.total_rounds,
                lambda n: _card(wb, n, per_team[n]), red_colour)
    widths = tuple(([6, 8, 6, 8, 8, 7] + [2]) * CARDS_ACROSS)[:width]
    return SheetOut(wb.sheet_name("sheet.cards"), "sheet.cards", _table(rows), widths=widths,
                    styles=tuple(styles),
                    print_setup=PrintSetup(header=ev.name, footer=text("print.page", lang),
                                           row_breaks=tuple(breaks)),
                    derived=True)


__all__ = ["render_team_cards"]
