"""``export-players`` (issue 29 item 3): the player list as .xlsx or CSV in the column words
``import-players`` reads; exported and imported into a new workbook, the list is the same."""

from __future__ import annotations

import csv
from pathlib import Path

import openpyxl
import pytest

from bianpai.addin.cli.app import EXIT_BAD_INPUT, main
from bianpai.addin.files.reader import read_workbook

from test_registration import EXPECTED, wps_xlsx
from test_registration_teams import roster_rows, xlsx as roster_xlsx
from workbook_helpers import normal


def sheets(path: Path):
    return normal(read_workbook(path))


def list_rows(path: Path, sheet: str) -> list[tuple]:
    """A sheet's table from its header row (row 3) on, blank rows dropped."""
    return [r for r in sheets(path)[sheet][2:] if any(v is not None for v in r)]


@pytest.fixture
def event(tmp_path: Path) -> Path:
    """An event whose list has everything a list can say: numbers, clubs, ratings, a seed, a
    late entry, a withdrawal, a bye request, and the form's carried columns (性别, 出生年份, 组别)."""
    path = tmp_path / "event.xlsx"
    assert main(["new", str(path)]) == 0
    assert main(["import-players", str(path), str(wps_xlsx(tmp_path / "报名.xlsx"))]) == 0
    more = tmp_path / "more.csv"
    more.write_text("序号,姓名,单位,种子,状态,报到轮次\n"
                    "5,钱·多,棋院,是,,\n6,孙小明,,,退赛 2,\n7,周正,少年宫,,请假 1,2\n", encoding="utf-8")
    assert main(["import-players", str(path), str(more)]) == 0
    return path


@pytest.mark.parametrize("suffix", [".xlsx", ".csv"])
def test_export_then_import_gives_the_same_list(event: Path, tmp_path: Path, suffix: str, capsys):
    out = tmp_path / f"名单{suffix}"
    assert main(["export-players", str(event), str(out)]) == 0
    assert f"{out}: 已导出 7 名选手" in capsys.readouterr().out
    again = tmp_path / "again.xlsx"
    assert main(["new", str(again)]) == 0
    assert main(["import-players", str(again), str(out)]) == 0
    assert list_rows(again, "选手") == list_rows(event, "选手")
    assert [r[:4] for r in list_rows(again, "选手")[1:5]] == EXPECTED


def test_the_export_uses_the_sheets_column_words(event: Path, tmp_path: Path):
    out = tmp_path / "名单.csv"
    assert main(["export-players", str(event), str(out)]) == 0
    raw = out.read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf")  # UTF-8 with BOM: Excel opens it as Chinese text
    rows = list(csv.reader(raw.decode("utf-8-sig").splitlines()))
    assert rows[0] == ["序号", "姓名", "单位", "等级分", "种子", "状态", "报到轮次", "犯规", "组别",
                       "性别", "出生年份"]
    assert rows[2][:4] == ["2", "买买提·艾力", "少年宫", "1720"]
    book = tmp_path / "名单.xlsx"
    assert main(["export-players", str(event), str(book)]) == 0
    ws = openpyxl.load_workbook(book).active
    assert ws.title == "选手" and [c.value for c in ws[1]][:4] == ["序号", "姓名", "单位", "等级分"]


def test_a_team_list_goes_round_trip(tmp_path: Path, capsys):
    team = tmp_path / "team.xlsx"
    assert main(["new", str(team), "--team"]) == 0
    assert main(["import-players", str(team), str(roster_xlsx(tmp_path / "名单.xlsx", roster_rows()))]) == 0
    out = tmp_path / "导出.csv"
    assert main(["export-players", str(team), str(out)]) == 0
    again = tmp_path / "again.xlsx"
    assert main(["new", str(again), "--team"]) == 0
    assert main(["import-players", str(again), str(out)]) == 0
    for sheet in ("参赛队", "选手"):
        assert list_rows(again, sheet) == list_rows(team, sheet)


def test_another_kind_of_file_is_refused_before_anything_is_read(event: Path, tmp_path: Path, capsys):
    out = tmp_path / "名单.txt"
    assert main(["export-players", str(event), str(out)]) == EXIT_BAD_INPUT
    assert "只能导出为 .xlsx, .csv" in capsys.readouterr().err
    assert not out.exists()
