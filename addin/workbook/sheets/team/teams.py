"""The Teams sheet (参赛队) of a team event: team number, name, unit, captain,
status; its reader and its renderer.  The rosters come from the Players sheet
(:mod:`.team_players`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from bianpai.engine.model import ByeKind
from bianpai.engine.problems import Problem, problem
from bianpai.engine.teams.model import Team

from ...words import text
from ..cells import (
    Cell, Rows, _find_header, _str, _table, as_int, header_columns, missing_header, table_rows, where,
)
from ..layout import HEADER_FILL, NOTE_COLOUR, PrintSetup, SheetOut, Style, Validation
from ..players import PlayerStatus, parse_status, status_text

if TYPE_CHECKING:
    from .event import TeamWorkbook

TEAM_COLUMNS: tuple[str, ...] = ("col.team_no", "col.team_name", "col.club", "col.captain", "col.status")
TEAMS_HEADER_ROW = 3  # 1-based (row 1 title, row 2 note)
TEAMS_INPUT_ROWS = 100


@dataclass(frozen=True)
class TeamRow:
    """A Teams sheet line: the team (no roster yet), its status and its sheet row."""

    team: Team
    status: PlayerStatus
    row: int


def read_teams(sheet: str, rows: Rows, problems: list[Problem]) -> list[TeamRow]:
    """The Teams sheet: a header row (the one holding 队号/Team No.; columns found
    by their headers), one team per row, blank rows skipped."""
    h = _find_header(rows, "col.team_no", any_column=True)
    if h is None:
        problems.append(missing_header("problem.teams_header", where(sheet, TEAMS_HEADER_ROW, 1),
                                       "col.team_no"))
        return []
    col = header_columns(rows[h], TEAM_COLUMNS)
    out: list[TeamRow] = []
    seen: dict[int, int] = {}
    for row in table_rows(rows, h, col, lambda r, c: where(sheet, r, c)):
        get, at = row.get, row.at

        number, name = as_int(get("col.team_no")), _str(get("col.team_name"))
        ok = True
        if number is None or number < 1:
            problems.append(
                problem("problem.team_number", where=at("col.team_no"), value=_str(get("col.team_no")))
            )
            ok = False
        elif number in seen:
            problems.append(
                problem("problem.team_number_used", where=at("col.team_no"), number=number, row=seen[number])
            )
            ok = False
        if not name:
            problems.append(problem("problem.team_no_name", where=at("col.team_name"), number=number or ""))
            ok = False
        status = parse_status(get("col.status"))
        if status is not None and (
            0 in (status.withdrawn_from, status.request_round)
            or status.request in (ByeKind.HALF, ByeKind.FULL)
        ):
            status = None
        if status is None:
            problems.append(
                problem("problem.team_status", where=at("col.status"), value=_str(get("col.status")))
            )
            ok = False
        if number is not None and number >= 1 and number not in seen:
            seen[number] = row.row
        if ok and number is not None and status is not None:
            out.append(
                TeamRow(
                    Team(
                        number,
                        name,
                        unit=_str(get("col.club")),
                        captain=_str(get("col.captain")),
                        withdrawn_from=status.withdrawn_from,
                    ),
                    status,
                    row.row,
                )
            )
    return out


def render_teams(wb: TeamWorkbook) -> SheetOut:
    lang = wb.lang
    statuses = dict(wb.team_statuses)
    rows: list[list[Cell]] = [
        [text("teams.title", lang) + " — " + wb.event.name] + [None] * 4,
        [text("teams.note", lang)] + [None] * 4,
        [text(k, lang) for k in TEAM_COLUMNS],
    ]
    for t in sorted(wb.event.teams, key=lambda t: t.number):
        rows.append(
            [t.number, t.name, t.unit or None, t.captain or None, status_text(statuses.get(t.number), lang)]
        )
    h = TEAMS_HEADER_ROW
    last = max(len(rows), h + 1)
    status_opts = tuple(
        text(k, lang) for k in ("status.active", "status.withdrawn", "status.absent", "status.zero_bye")
    )
    styles = (
        Style(1, 1, 1, 5, bold=True, size=14),
        Style(2, 1, 2, 5, colour=NOTE_COLOUR),
        Style(h, 1, h, 5, bold=True, fill=HEADER_FILL, border=True, align="center"),
        Style(h + 1, 1, last, 5, border=True),
        Style(h + 1, 1, last, 1, align="center"),
    )
    return SheetOut(
        wb.sheet_name("sheet.teams"),
        "sheet.teams",
        _table(rows),
        widths=(8, 20, 18, 12, 14),
        styles=styles,
        validations=(Validation(f"E{h + 1}:E{h + TEAMS_INPUT_ROWS}", status_opts),),
        print_setup=PrintSetup(repeat_rows=(h, h), header=wb.event.name, footer=text("print.page", lang)),
        freeze=f"A{h + 1}",
    )


__all__ = ["TEAM_COLUMNS", "TEAMS_HEADER_ROW", "TeamRow", "read_teams", "render_teams"]
