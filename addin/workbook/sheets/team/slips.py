"""记分单 of a team event (issue 23 item 10): one match slip per match of the last round — both
teams, each board with its players and colours and a cell for its result, the match's 局分 and
场分, both captains' and the arbiter's signatures — :data:`TEAM_SLIPS_PER_PAGE` to an A4 page.
A renderer only: the slips are rewritten by every job while the workbook has the sheet (as the
individual 记分单, :func:`~.cards.render_slips`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bianpai.engine.model import Colour
from bianpai.engine.teams.points import first_team_colour

from ...words import text
from ..cells import Cell, _table
from ..layout import HEADER_FILL, RED_FILL, PrintSetup, SheetOut, Style

if TYPE_CHECKING:
    from .event import TeamWorkbook

TEAM_SLIPS_PER_PAGE = 2
"""Decision: two match slips to an A4 page (a 4-board slip is 13 rows; 6 boards still fit)."""

TEAM_SLIP_ROW_HEIGHT = 21.0
_WIDTH = 6


def _colour(c: Colour, lang: str) -> str:
    return text("team.colour_red" if c is Colour.RED else "team.colour_black", lang)


def render_team_slips(wb: TeamWorkbook) -> SheetOut:
    """记分单 of the last round: one slip per match (a team bye has none)."""
    lang, ev = wb.lang, wb.event
    rows: list[list[Cell]] = []
    styles: list[Style] = []
    heights: list[tuple[int, int, float]] = []
    breaks: list[int] = []
    if not ev.rounds:
        rows.append([text("slips.none", lang)] + [None] * (_WIDTH - 1))
    else:
        rnd = ev.rounds[-1]
        teams = {t.number: t.name for t in ev.teams}
        players = {m.number: m.name for t in ev.teams for m in t.roster}

        def player(n: int | None) -> Cell:
            return f"{n} {players.get(n, '')}".strip() if n is not None else None

        for i, m in enumerate(rnd.matches, start=1):
            top = len(rows) + 1
            rows += [
                [ev.name, None, None, text("slip.title", lang, k=rnd.number), None,
                 text("team_slip.match", lang, n=i)],
                [text("col.first_name", lang), m.first, teams.get(m.first, ""), text("col.second_name", lang),
                 m.second, teams.get(m.second, "")],
                [text("col.board", lang), text("col.first_colour", lang),
                 text("team_slip.first_player", lang), text("slip.result", lang),
                 text("col.second_colour", lang), text("team_slip.second_player", lang)],
            ]
            for b in m.boards:
                c1 = first_team_colour(b.board, ev.settings.colours)
                rows.append([b.board, _colour(c1, lang), player(b.first), None, _colour(c1.opposite, lang),
                             player(b.second)])
                for col, c in ((2, c1), (5, c1.opposite)):
                    if c is Colour.RED:
                        styles.append(Style(len(rows), col, len(rows), col, colour=RED_FILL, bold=True))
            rows += [
                [text("team_slip.board_points", lang), None, None, ":", None, None],
                [text("team_slip.match_points", lang), None, None, ":", None, None],
                [text("team_slip.first_captain", lang), None, None, text("team_slip.second_captain", lang),
                 None, None],
                [text("slip.arbiter_sign", lang), None, None, text("slip.time", lang), None, None],
                [text("team_slip.note", lang)] + [None] * (_WIDTH - 1),
                [None] * _WIDTH,
            ]
            last = len(rows) - 2  # the note and the blank row below it are outside the box
            styles += [
                Style(top, 1, last, _WIDTH, border=True),
                Style(top, 1, top, _WIDTH, bold=True, fill=HEADER_FILL),
                Style(top, _WIDTH, top, _WIDTH, bold=True, size=14, align="center", fill=HEADER_FILL),
                Style(top + 1, 1, top + 1, _WIDTH, bold=True, size=12),
                Style(top + 2, 1, top + 2, _WIDTH, bold=True, align="center"),
                Style(top + 3, 1, last - 4, 2, align="center"),
                Style(top + 3, 4, last - 2, 5, align="center"),
                Style(last + 1, 1, last + 1, 1, size=9),
            ]
            heights.append((top, len(rows), TEAM_SLIP_ROW_HEIGHT))
            if i % TEAM_SLIPS_PER_PAGE == 0 and i < len(rnd.matches):
                breaks.append(len(rows))
    return SheetOut(
        wb.sheet_name("sheet.slips"),
        "sheet.slips",
        _table(rows),
        widths=(10, 6, 20, 12, 6, 20),
        styles=tuple(styles),
        print_setup=PrintSetup(header=ev.name, footer=text("print.page", lang), row_breaks=tuple(breaks)),
        derived=True,
        row_heights=tuple(heights),
    )


__all__ = ["TEAM_SLIPS_PER_PAGE", "render_team_slips"]
