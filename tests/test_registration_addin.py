"""导入选手 Import players on the ribbon and in xlwings Lite (issue 29 item 5): the same
import as ``bianpai import-players``.  On Office.js (Lite, Server: no file can be read) the
list is a sheet of the workbook the organiser moved or copied in; on the desktop the file
picked in Excel's open dialog.  Run on xlwings' remote interpreter (tests/remote.py), the
actions replayed onto the file, and compared with the CLI."""

from __future__ import annotations

import shutil
from pathlib import Path
from types import SimpleNamespace

import openpyxl
import pytest

import remote
from bianpai.addin.jobs import registration as R
from bianpai.addin.excel import xl
from test_addin_remote import by_addin, run_cli, values_of
from test_registration import EXPECTED, WPS_HEADER, WPS_ROWS, wps_xlsx


@pytest.fixture(autouse=True)
def licence(monkeypatch):
    monkeypatch.setenv("XLWINGS_LICENSE_KEY", "noncommercial")
    remote.ensure_remote_engine()


@pytest.fixture
def event(tmp_path: Path) -> Path:
    path = tmp_path / "event.xlsx"
    run_cli("new", str(path), "--name", "冬季公开赛")
    return path


def with_list_sheet(event: Path, tmp_path: Path) -> Path:
    """The event with the form's sheet moved in (右键工作表标签 → 移动或复制)."""
    path = tmp_path / "with_list.xlsx"
    shutil.copy(event, path)
    wb = openpyxl.load_workbook(path)
    ws = wb.create_sheet("报名")
    ws.append(["2026年冬季象棋公开赛报名表"])
    ws.append([])
    ws.append(WPS_HEADER)
    for r in WPS_ROWS:
        ws.append(r)
    wb.save(path)
    return path


def players_of(values: dict) -> list[tuple]:
    return [tuple(r[:4]) for r in values["选手"][3:] if r and r[0] is not None]


def test_on_lite_the_list_is_a_sheet_of_the_workbook_and_the_import_is_the_clis(event: Path, tmp_path: Path):
    state = with_list_sheet(event, tmp_path)
    values, replay, outcome, actions = by_addin(state, xl.import_players)
    assert outcome.ok and replay.alerts == []
    assert outcome.message.startswith("列的对应（报名，标题在第3行）：姓名 ← C列 1、姓名（必填）;")
    assert players_of(values) == EXPECTED
    cli = tmp_path / "cli.xlsx"
    shutil.copy(state, cli)
    run_cli("import-players", str(cli), str(wps_xlsx(tmp_path / "报名.xlsx")))
    assert values["选手"] == values_of(cli)["选手"]
    assert values["报名"] == values_of(state)["报名"]  # the organiser's sheet is left as it was


def test_a_bad_cell_of_the_list_sheet_is_named_by_its_cell_in_one_message_box(event: Path, tmp_path: Path):
    state = with_list_sheet(event, tmp_path)
    wb = openpyxl.load_workbook(state)
    wb["报名"]["G5"] = "约1700"
    wb.save(state)
    values, replay, outcome, actions = by_addin(state, xl.import_players)
    assert [a["func"] for a in actions] == ["alert"]
    assert outcome.problems == ("报名!G5: 等级分 '约1700' 不是 ≥ 0 的整数",)
    assert values == values_of(state)


def test_without_a_list_sheet_the_message_says_how_to_bring_one_in(event: Path):
    values, replay, outcome, actions = by_addin(event, xl.import_players)
    assert [a["func"] for a in actions] == ["alert"]
    (problem,) = outcome.problems
    assert problem.startswith("没有报名表：请打开报名表文件，把它的工作表移动或复制到本工作簿")
    assert values == values_of(event)


def test_on_the_desktop_the_file_picked_is_imported(event: Path, tmp_path: Path, monkeypatch):
    """The picked file (its reading: registration.read_file) goes through the same job."""
    form = wps_xlsx(tmp_path / "报名.xlsx")
    monkeypatch.setattr(xl, "pick_registration", lambda io: R.read_file(form))
    values, replay, outcome, actions = by_addin(event, xl.import_players)
    assert outcome.ok and outcome.message.startswith(f"列的对应（{form} 报名，标题在第3行）")
    assert players_of(values) == EXPECTED


def test_the_open_dialog_cancelled_writes_nothing(event: Path, monkeypatch):
    monkeypatch.setattr(xl, "pick_registration", lambda io: False)
    values, replay, outcome, actions = by_addin(event, xl.import_players)
    assert actions == [] and outcome.ok and values == values_of(event)


def test_pick_registration_asks_excels_open_dialog_on_the_desktop_only(tmp_path: Path):
    form = wps_xlsx(tmp_path / "报名.xlsx")
    asked: list[str] = []

    def dialog(filter_: str) -> object:
        asked.append(filter_)
        return str(form)

    def io(api: object, office_js: bool = False) -> SimpleNamespace:
        return SimpleNamespace(is_office_js=office_js, book=SimpleNamespace(app=SimpleNamespace(api=api)),
                               count=lambda kind: None)

    table = xl.pick_registration(io(SimpleNamespace(GetOpenFilename=dialog)))
    assert asked == [xl.REGISTRATION_FILTER] and table.sheet == "报名" and table.where == str(form)
    assert xl.pick_registration(io(SimpleNamespace(GetOpenFilename=lambda f: False))) is False  # cancelled
    assert xl.pick_registration(io(SimpleNamespace())) is None  # no such dialog: the list sheet
    assert xl.pick_registration(io(SimpleNamespace(GetOpenFilename=dialog), office_js=True)) is None
