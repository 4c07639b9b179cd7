"""The Players sheet (选手) of a team event: each player's team and board
order (台次), reserves (替补) allowed; its reader and its renderer.

A team's roster is its players in board order: the regular players by 台次,
then the reserves by 台次 (docs/team.md, ``Team.roster``).  A player is a
reserve when the 替补 column says so, or, without a mark, when his 台次 is
beyond the boards of a match."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from bianpai.engine.problems import Problem, problem
from bianpai.engine.teams.model import Member

from ... import words as L
from ...words import text
from ..cells import (
    Cell, Rows, _find_header, _optional_whole, _str, _table, as_int, header_columns,
    missing_header, table_rows, where,
)
from ..layout import HEADER_FILL, NOTE_COLOUR, PrintSetup, SheetOut, Style, Validation
from ..players import _SEED_NO, _SEED_YES

if TYPE_CHECKING:
    from .event import TeamWorkbook

TEAM_PLAYER_COLUMNS: tuple[str, ...] = (
    "col.number",
    "col.name",
    "col.team_no",
    "col.board_order",
    "col.reserve",
    "col.rating",
)
TEAM_PLAYERS_HEADER_ROW = 3


@dataclass(frozen=True)
class RosterLine:
    """A Players line of a team event: the member, his team and 台次, and his sheet row."""

    member: Member
    team: int
    order: int
    row: int


def read_team_players(
    sheet: str, rows: Rows, problems: list[Problem], boards: int, teams: set[int]
) -> list[RosterLine]:
    """The Players sheet of a team event; every bad cell a problem (an unknown
    team, a 台次 used twice in a team, a number used twice)."""
    h = _find_header(rows, "col.number", any_column=True)
    if h is None:
        problems.append(missing_header("problem.players_header", where(sheet, TEAM_PLAYERS_HEADER_ROW, 1),
                                       "col.number"))
        return []
    col = header_columns(rows[h], TEAM_PLAYER_COLUMNS)
    out: list[RosterLine] = []
    seen: dict[int, int] = {}
    orders: dict[tuple[int, int], int] = {}
    for row in table_rows(rows, h, col, lambda r, c: where(sheet, r, c)):
        get, at = row.get, row.at

        number, name = as_int(get("col.number")), _str(get("col.name"))
        team, order = as_int(get("col.team_no")), as_int(get("col.board_order"))
        ok = True
        if number is None or number < 1:
            problems.append(problem("problem.player_number", where=at("col.number"), value=get("col.number")))
            ok = False
        elif number in seen:
            problems.append(
                problem("problem.player_number_used", where=at("col.number"), number=number, row=seen[number])
            )
            ok = False
        if not name:
            problems.append(problem("problem.player_no_name", where=at("col.name"), number=number or ""))
            ok = False
        if team is None or team not in teams:
            problems.append(
                problem("problem.player_team", where=at("col.team_no"), value=_str(get("col.team_no")))
            )
            ok = False
        if order is None or order < 1:
            problems.append(
                problem(
                    "problem.board_order", where=at("col.board_order"), value=_str(get("col.board_order"))
                )
            )
            ok = False
        elif team is not None and (team, order) in orders:
            problems.append(
                problem(
                    "problem.board_order_used",
                    where=at("col.board_order"),
                    team=team,
                    order=order,
                    row=orders[(team, order)],
                )
            )
            ok = False
        mark = L.norm(_str(get("col.reserve")))
        if mark not in _SEED_YES and mark not in _SEED_NO and L.lookup(mark, ("reserve.yes",)) is None:
            problems.append(
                problem("problem.reserve_mark", where=at("col.reserve"), value=_str(get("col.reserve")))
            )
            ok = False
        rating = _optional_whole(get("col.rating"), 0, default=0)
        if rating is None:
            problems.append(problem("problem.rating", where=at("col.rating"), value=get("col.rating")))
            ok = False
        if number is not None and number >= 1 and number not in seen:
            seen[number] = row.row
        if team is not None and order is not None and (team, order) not in orders:
            orders[(team, order)] = row.row
        if not ok or number is None or team is None or order is None or rating is None:
            continue
        reserve = (
            (mark in _SEED_YES or L.lookup(mark, ("reserve.yes",)) is not None) if mark else order > boards
        )
        out.append(RosterLine(Member(number, name, rating, reserve=reserve), team, order, row.row))
    return out


def rosters(lines: list[RosterLine]) -> dict[int, tuple[Member, ...]]:
    """Each team's roster in board order: regulars by 台次, then reserves by 台次."""
    by_team: dict[int, list[RosterLine]] = {}
    for ln in lines:
        by_team.setdefault(ln.team, []).append(ln)
    return {
        t: tuple(ln.member for ln in sorted(ls, key=lambda ln: (ln.member.reserve, ln.order)))
        for t, ls in by_team.items()
    }


def render_team_players(wb: TeamWorkbook) -> SheetOut:
    lang = wb.lang
    rows: list[list[Cell]] = [
        [text("players.title", lang) + " — " + wb.event.name] + [None] * 5,
        [text("team_players.note", lang)] + [None] * 5,
        [text(k, lang) for k in TEAM_PLAYER_COLUMNS],
    ]
    for t in sorted(wb.event.teams, key=lambda t: t.number):
        for i, m in enumerate(t.roster, start=1):
            rows.append(
                [
                    m.number,
                    m.name,
                    t.number,
                    i,
                    text("reserve.yes", lang) if m.reserve else None,
                    m.rating or None,
                ]
            )
    h = TEAM_PLAYERS_HEADER_ROW
    last = max(len(rows), h + 1)
    styles = (
        Style(1, 1, 1, 6, bold=True, size=14),
        Style(2, 1, 2, 6, colour=NOTE_COLOUR),
        Style(h, 1, h, 6, bold=True, fill=HEADER_FILL, border=True, align="center"),
        Style(h + 1, 1, last, 6, border=True),
        Style(h + 1, 1, last, 5, align="center"),
    )
    return SheetOut(
        wb.sheet_name("sheet.players"),
        "sheet.players",
        _table(rows),
        widths=(7, 14, 8, 7, 7, 9),
        styles=styles,
        validations=(Validation(f"E{h + 1}:E{h + 400}", (text("reserve.yes", lang),)),),
        print_setup=PrintSetup(repeat_rows=(h, h), header=wb.event.name, footer=text("print.page", lang)),
        freeze=f"A{h + 1}",
    )


__all__ = ["TEAM_PLAYER_COLUMNS", "RosterLine", "read_team_players", "render_team_players", "rosters"]
