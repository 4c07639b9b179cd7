"""The derived sheets of a team event: team standings (团体名次), 台次成绩
(each board's individual standings) and the team crosstable (团体成绩表) —
renderers only (rewritten from the sources every time; engine/standings/team.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bianpai.engine.standings.team import (
    TeamStandingRow,
    board_standings,
    team_crosstable,
    team_standings,
)

from ...words import text
from ..cells import Cell, _fmt, _table, column_letter
from ..layout import RED_FILL, PrintSetup, SheetOut, Style, _derived_styles
from bianpai.engine.standings.tiebreaks import TiebreakSettings

if TYPE_CHECKING:
    from .event import TeamWorkbook

TEAM_CODE_LABELS: dict[str, str] = {
    "MP": "code.MP",
    "BP": "code.BP",
    "OPP": "code.OPP",
    "OBP": "code.OBP",
    "DE": "code.DE",
    "MW": "code.MW",
}
"""The team tie-break codes' column heads (other codes are shown as they are)."""


def _head(title: str, wb: TeamWorkbook, width: int) -> list[list[Cell]]:
    after = text("standings.after", wb.lang, k=len(wb.event.rounds))
    return [
        [f"{title} — {wb.event.name} ({after})"] + [None] * (width - 1),
        [text("derived.note", wb.lang)] + [None] * (width - 1),
    ]


def code_label(code: str, lang: str) -> str:
    return text(TEAM_CODE_LABELS[code], lang) if code in TEAM_CODE_LABELS else code


def team_standing_rows(wb: TeamWorkbook) -> list[TeamStandingRow]:
    unplayed = wb.settings.unplayed_rule  # issue 25: blank means the preset's convention
    return list(team_standings(wb.event, wb.block.codes, TiebreakSettings(unplayed=unplayed)))


def render_team_standings(wb: TeamWorkbook) -> SheetOut:
    lang = wb.lang
    codes = wb.block.codes
    width = 5 + len(codes)
    rows = _head(text("team_standings.title", lang), wb, width)
    first = "code.MP" if wb.event.settings.rank_by.value == "match" else "code.BP"
    rows.append(
        list[Cell]([text(c, lang) for c in ("col.rank", "col.team_no", "col.team_name", "col.club", first)])
        + [code_label(c, lang) for c in codes]
    )
    units = {t.number: t.unit for t in wb.event.teams}
    for r in team_standing_rows(wb):
        lead = r.match_points if first == "code.MP" else r.board_points
        rows.append(
            [r.rank_label, r.team, r.name, units.get(r.team) or None, _fmt(lead)]
            + [_fmt(v) for v in r.values]
        )
    last = len(rows)
    styles = _derived_styles(width, 3, last)
    if last > 3:
        styles += [Style(4, 1, last, 2, align="center"), Style(4, 5, last, 5, bold=True)]
    rows.append([None] * width)
    rows.append(
        [
            text(
                "team_standings.how",
                lang,
                first=text(first, lang),
                codes=", ".join(code_label(c, lang) for c in codes),
            )
        ]
        + [None] * (width - 1)
    )
    styles.append(Style(last + 2, 1, last + 2, 1, size=9))
    widths = (7, 7, 18, 16, 7) + (8,) * len(codes)
    return SheetOut(
        wb.sheet_name("sheet.team_standings"),
        "sheet.team_standings",
        _table(rows),
        widths=widths,
        styles=tuple(styles),
        derived=True,
        freeze="A4",
        print_setup=PrintSetup(
            repeat_rows=(3, 3),
            header=wb.event.name,
            footer=text("print.page", lang),
            area=f"A1:{column_letter(width)}{len(rows)}",
        ),
    )


def render_board_standings(wb: TeamWorkbook) -> SheetOut:
    """台次成绩: per board, its players by points and percentage; the best of each board marked."""
    lang = wb.lang
    width = 7
    rows = _head(text("board_standings.title", lang), wb, width)
    teams = {t.number: t.name for t in wb.event.teams}
    styles: list[Style] = []
    least = wb.block.least_games(len(wb.event.rounds))
    for board, table in board_standings(wb.event, least).items():
        rows.append([text("board_standings.board", lang, board=board)] + [None] * (width - 1))
        styles.append(Style(len(rows), 1, len(rows), width, bold=True, size=12))
        rows.append(
            [
                text(c, lang)
                for c in (
                    "col.rank",
                    "col.number",
                    "col.name",
                    "col.team_name",
                    "col.games",
                    "col.points",
                    "col.percentage",
                )
            ]
        )
        head = len(rows)
        styles += _derived_styles(width, head, head + len(table))[2:]
        styles += [
            Style(head + 1, 1, head + len(table), 2, align="center"),
            Style(head + 1, 5, head + len(table), 7, align="center"),
        ]
        for r in table:
            rows.append(
                [
                    r.rank_label,
                    r.player,
                    r.name,
                    teams.get(r.team, ""),
                    r.games,
                    _fmt(r.points),
                    f"{r.percentage:.1f}%",
                ]
            )
            if r.rank == 1 and r.games:
                styles.append(Style(len(rows), 1, len(rows), width, bold=True, colour=RED_FILL))
        rows.append([None] * width)
    if least:
        rows.append([text("board_standings.least", lang, n=least)] + [None] * (width - 1))
        styles.append(Style(len(rows), 1, len(rows), 1, size=9))
    styles = [
        Style(1, 1, 1, width, bold=True, size=14),
        Style(2, 1, 2, width, colour=RED_FILL, bold=True),
    ] + styles
    return SheetOut(
        wb.sheet_name("sheet.board_standings"),
        "sheet.board_standings",
        _table(rows),
        widths=(7, 7, 14, 18, 7, 7, 9),
        styles=tuple(styles),
        derived=True,
        print_setup=PrintSetup(header=wb.event.name, footer=text("print.page", lang)),
    )


def render_team_crosstable(wb: TeamWorkbook) -> SheetOut:
    """Per team, every round's opponent, colour, match result and board points (``5红胜 5:3``), and totals."""
    lang = wb.lang
    k = len(wb.event.rounds)
    width = 3 + k + 2
    rows = _head(text("team_crosstable.title", lang), wb, width)
    rows.append(
        list[Cell]([text("col.team_no", lang), text("col.team_name", lang), text("col.club", lang)])
        + [text("col.round", lang, k=i) for i in range(1, k + 1)]
        + [text("code.MP", lang), text("code.BP", lang)]
    )
    units = {t.number: t.unit for t in wb.event.teams}
    for row in team_crosstable(wb.event):
        rows.append(
            [row.team, row.name, units.get(row.team) or None]
            + [c.text for c in row.cells]
            + [_fmt(row.match_points), _fmt(row.board_points)]
        )
    last = len(rows)
    styles = _derived_styles(width, 3, last)
    if last > 3:
        styles.append(Style(4, 4, last, 3 + k, align="center"))
    rows.append([None] * width)
    rows.append([text("team_crosstable.legend", lang)] + [None] * (width - 1))
    styles.append(Style(last + 2, 1, last + 2, 1, size=9))
    return SheetOut(
        wb.sheet_name("sheet.team_crosstable"),
        "sheet.team_crosstable",
        _table(rows),
        widths=(6, 16, 14) + (10,) * k + (7, 7),
        styles=tuple(styles),
        derived=True,
        freeze="D4",
        print_setup=PrintSetup(
            orientation="landscape",
            repeat_rows=(3, 3),
            header=wb.event.name,
            footer=text("print.page", lang),
        ),
    )


__all__ = [
    "TEAM_CODE_LABELS",
    "code_label",
    "render_board_standings",
    "render_team_crosstable",
    "render_team_standings",
    "team_standing_rows",
]
