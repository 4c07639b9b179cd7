"""``export-players`` (issue 29 item 3): the event's player list as an ``.xlsx``
or a CSV, in the same column words ``import-players`` reads, so that a list
can go back to the form's owner and be read back unchanged.

An individual event: the 选手 sheet's table (序号, 姓名, 单位, 等级分, 种子,
状态, 报到轮次 and the organiser's own columns such as 性别, 组别).  A team
event: one row per player — 队名, 台次, 姓名, 等级分, 替补, 单位, 队长 (the
roster import's columns).  Written atomically (:mod:`bianpai.addin.files.atomic`)."""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Sequence

from bianpai.engine.problems import InputError, problem

from ..files import atomic
from ..workbook import sheets as S
from ..workbook import words as L
from ..workbook.sheets.team.event import is_team_workbook, read_team_workbook

EXPORT_CSV_ENCODING = "utf-8-sig"
"""Decision: a CSV is written in UTF-8 with a BOM — Excel and WPS open it as
Chinese text (without the BOM Excel on a Chinese system reads it as GBK)."""

EXPORT_SUFFIXES: tuple[str, ...] = (".xlsx", ".csv")

TEAM_LIST_COLUMNS: tuple[str, ...] = ("col.team_name", "col.board_order", "col.name", "col.rating",
                                      "col.reserve", "col.club", "col.captain")


def player_list(values: S.SheetValues) -> tuple[str, list[list[object]]]:
    """The workbook's language and its player list (header first)."""

    if is_team_workbook(values):
        wb = read_team_workbook(values)
        lang = wb.lang
        rows: list[list[object]] = [[L.text(k, lang) for k in TEAM_LIST_COLUMNS]]
        for t in sorted(wb.event.teams, key=lambda t: t.number):
            for i, m in enumerate(t.roster, start=1):
                reserve = L.text("reserve.yes", lang) if m.reserve else None
                rows.append([t.name, i, m.name, m.rating or None, reserve, t.unit or None, t.captain or None])
        return lang, rows
    ev = S.read_event(values)
    out = S.carry_extra_columns(S.render_players(ev), values.get(ev.sheet_name("sheet.players"), ()))
    table = [list(r) for r in out.rows[S.PLAYERS_HEADER_ROW - 1:]]
    return ev.lang, [table[0]] + [r for r in table[1:] if any(v is not None for v in r)]


def write_list(path: Path, rows: Sequence[Sequence[object]], sheet: str) -> None:
    """``rows`` written to ``path`` (``.xlsx``: one sheet named ``sheet``; ``.csv``), atomically."""
    suffix = path.suffix.lower()
    if suffix == ".csv":
        buf = io.StringIO()
        writer = csv.writer(buf, lineterminator="\r\n")
        for r in rows:
            writer.writerow(["" if v is None else v for v in r])
        atomic.write_text(path, buf.getvalue(), encoding=EXPORT_CSV_ENCODING)
    elif suffix == ".xlsx":
        import openpyxl  # start-up time: openpyxl only for an .xlsx list (a CSV list never pays for it)

        def save(tmp: Path) -> None:
            wb = openpyxl.Workbook(write_only=True)
            ws = wb.create_sheet(sheet)
            for r in rows:
                ws.append(list(r))
            wb.save(tmp)

        atomic.refuse_hard_link(atomic.target(path))
        atomic.replace_file(path, save, workbook=False)
    else:
        raise InputError(problem("reg.export_kind", where=str(path), kinds=", ".join(EXPORT_SUFFIXES)))


__all__ = ["EXPORT_CSV_ENCODING", "player_list", "write_list"]
