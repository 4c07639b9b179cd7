"""Registration lists as organisers receive them (issue 29): a form's .xlsx (WPS / 问卷星 style,
extra columns, a submission-time column, a title row, blank rows), an old .xls, CSV in UTF-8,
UTF-8 with BOM and GB18030 — read with pandas, mapped by header words (the mapping printed
before anything is written), normalised, handed to the one player-adding rule.

Every fixture is made here, with made-up names and no personal data."""

from __future__ import annotations

import datetime
import subprocess
import sys
from pathlib import Path

import openpyxl
import pytest

from bianpai.addin.jobs import registration as R
from bianpai.addin.cli.app import EXIT_BAD_INPUT, main
from bianpai.addin.files.reader import read_workbook

from workbook_helpers import normal

WPS_HEADER = ["序号", "提交时间", "1、姓名（必填）", "性别", "出生年份", "所在俱乐部", "等级分", "联系电话",
              "组别"]
WHEN = datetime.datetime(2026, 11, 20, 9, 30)
WPS_ROWS = [
    [1, WHEN, "王\u3000伟", "男", 1990, " 东城象棋俱乐部 ", "１８５０", "000-0000-0001", "公开组"],
    [2, WHEN, "买买提・艾力", "男", 2010, "少年宫", 1720.0, "000-0000-0002", "少年组"],
    [None] * 9,
    [4, WHEN, "李\u3000娜", "女", 1996, "市棋院", "无", "000-0000-0004", "女子组"],
    [5, WHEN, "Chen Ming", "男", 2001, "ＡＢ棋社", None, "000-0000-0005", None],
]
"""A WPS 表单 export: its own 序号 (3 deleted), submission time, a phone column, a prize group;
a name padded with a full-width space, full-width digits, a katakana middle dot, 无 for no rating."""

EXPECTED = [  # 序号 姓名 单位 等级分 (the form's numbers not taken: the players numbered in order)
    (1, "王伟", "东城象棋俱乐部", 1850),
    (2, "买买提·艾力", "少年宫", 1720),
    (3, "李娜", "市棋院", None),
    (4, "Chen Ming", "AB棋社", None),
]

WPS_MAPPING = ("姓名 ← C列 1、姓名（必填）; 性别 ← D列 性别; 出生年份 ← E列 出生年份; 单位 ← F列 所在俱乐部; "
               "等级分 ← G列 等级分; 组别 ← I列 组别; 表单的序号是答卷的编号，不作选手序号; "
               "已忽略: 序号, 提交时间, 联系电话")


def values(path: Path):
    return normal(read_workbook(path))


def players(path: Path) -> list[tuple]:
    rows = values(path)["选手"]
    return [tuple(r[:4]) for r in rows[3:] if r and r[0] is not None]


def wps_xlsx(path: Path, rows=WPS_ROWS, title: bool = True) -> Path:
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "报名"
    if title:
        ws.append(["2026年冬季象棋公开赛报名表"])
        ws.append([])
    ws.append(WPS_HEADER)
    for r in rows:
        ws.append(r)
    wb.save(path)
    return path


@pytest.fixture
def event(tmp_path: Path) -> Path:
    path = tmp_path / "event.xlsx"
    assert main(["new", str(path), "--name", "冬季公开赛"]) == 0
    return path


def test_a_wps_form_export_is_mapped_printed_normalised_and_imported(event: Path, tmp_path: Path, capsys):
    form = wps_xlsx(tmp_path / "报名.xlsx")
    capsys.readouterr()
    assert main(["import-players", str(event), str(form)]) == 0
    out = capsys.readouterr().out
    assert f"列的对应（{form} 报名，标题在第3行）：{WPS_MAPPING}" in out
    assert out.index("列的对应") < out.index("新增 4 名选手")
    assert players(event) == EXPECTED
    sheet = values(event)["选手"]
    # 组别 into the sheet's own column (犯规 beside it, none given); 性别, 出生年份 carried onto 选手
    # as the organiser's own columns, after ours
    assert sheet[2][7:] == ("犯规", "组别", "性别", "出生年份")
    assert [r[7:] for r in sheet[3:7]] == [(None, "公开组", "男", 1990), (None, "少年组", "男", 2010),
                                           (None, "女子组", "女", 1996), (None, None, "男", 2001)]


def test_dry_run_prints_the_mapping_and_writes_nothing(event: Path, tmp_path: Path, capsys):
    form = wps_xlsx(tmp_path / "报名.xlsx")
    before = event.read_bytes()
    assert main(["import-players", str(event), str(form), "--dry-run"]) == 0
    out = capsys.readouterr().out
    assert WPS_MAPPING in out and "新增 4 名选手" in out and "试运行：未写入任何内容" in out
    assert event.read_bytes() == before


def test_an_old_xls_is_read_as_the_xlsx(event: Path, tmp_path: Path, capsys):
    import xlwt  # the test extras: the one registry package that writes .xls

    book = xlwt.Workbook(encoding="utf-8")
    ws = book.add_sheet("报名")
    ws.write(0, 0, "2026年冬季象棋公开赛报名表")
    for c, h in enumerate(WPS_HEADER):
        ws.write(2, c, h)
    for r, row in enumerate(WPS_ROWS, start=3):
        for c, v in enumerate(row):
            if v is None:
                continue
            if isinstance(v, datetime.datetime):
                ws.write(r, c, v, xlwt.easyxf(num_format_str="yyyy-mm-dd hh:mm"))
            else:
                ws.write(r, c, v)
    xls = tmp_path / "报名.xls"
    book.save(str(xls))
    assert xls.read_bytes()[:4] == b"\xd0\xcf\x11\xe0"  # an OLE2 file, as Excel 97-2003 saves
    assert main(["import-players", str(event), str(xls)]) == 0
    assert WPS_MAPPING in capsys.readouterr().out
    assert players(event) == EXPECTED


@pytest.mark.parametrize("encoding", ["gb18030", "utf-8-sig", "utf-8"])
def test_csv_in_each_encoding_with_english_headers(event: Path, tmp_path: Path, capsys, encoding: str):
    csv = tmp_path / "entries.csv"
    text = ("Player Name,Phone,Club,Rating\r\n"
            "欧阳\u3000明,000-1,棋协,２０１０\r\n"
            ",,,\r\n"
            "阿依古丽·买买提 ,000-2,少年宫,1650\r\n")
    csv.write_bytes(text.encode(encoding))
    assert main(["import-players", str(event), str(csv)]) == 0
    out = capsys.readouterr().out
    assert "姓名 ← A列 Player Name; 单位 ← C列 Club; 等级分 ← D列 Rating; 已忽略: Phone" in out
    assert players(event) == [(1, "欧阳明", "棋协", 2010), (2, "阿依古丽·买买提", "少年宫", 1650)]


def test_a_required_header_not_found_is_refused_with_the_words_known(event: Path, tmp_path: Path, capsys):
    csv = tmp_path / "p.csv"
    csv.write_text("参赛人,单位\n王伟,棋院\n", encoding="utf-8")
    before = event.read_bytes()
    assert main(["import-players", str(event), str(csv)]) == EXIT_BAD_INPUT
    err = capsys.readouterr().err
    assert f"{csv} 第1行: 找不到姓名列；标题行是：参赛人, 单位。认得的姓名标题：姓名 / 名字 /" in err
    assert "Name" in err and "未写入任何内容" in err
    assert event.read_bytes() == before


def test_two_columns_of_one_field_are_refused(event: Path, tmp_path: Path, capsys):
    csv = tmp_path / "p.csv"
    csv.write_text("姓名,名字,单位\n王伟,王伟,棋院\n", encoding="utf-8")
    before = event.read_bytes()
    assert main(["import-players", str(event), str(csv)]) == EXIT_BAD_INPUT
    assert "有两列都是姓名：A 姓名, B 名字" in capsys.readouterr().err
    assert event.read_bytes() == before


def test_a_bad_cell_of_a_workbook_is_named_by_its_cell_and_nothing_is_written(event: Path, tmp_path: Path,
                                                                              capsys):
    rows = [list(r) for r in WPS_ROWS]
    rows[1][6] = "约1700"
    form = wps_xlsx(tmp_path / "报名.xlsx", rows)
    before = event.read_bytes()
    assert main(["import-players", str(event), str(form)]) == EXIT_BAD_INPUT
    assert f"{form} 报名!G5: 等级分 '约1700' 不是 ≥ 0 的整数" in capsys.readouterr().err
    assert event.read_bytes() == before


def test_the_list_imported_twice_is_refused_by_the_one_duplicate_rule(event: Path, tmp_path: Path, capsys):
    form = wps_xlsx(tmp_path / "报名.xlsx")
    assert main(["import-players", str(event), str(form)]) == 0
    before = event.read_bytes()
    assert main(["import-players", str(event), str(form)]) == EXIT_BAD_INPUT
    err = capsys.readouterr().err
    assert f"{form} 报名!C4: " in err and "选手 1" in err  # the row, and the player it repeats
    assert event.read_bytes() == before


def test_a_name_typed_with_another_middle_dot_or_full_width_is_the_same_player():
    from bianpai.engine.checker import player_key

    assert player_key("买买提・艾力", "少年宫") == player_key("买买提·艾力", "少年宫")
    assert player_key("选手８", "ＡＢ") == player_key("选手8", "ab")


@pytest.mark.parametrize("raw, key, cleaned", [
    ("  王\u3000伟 ", "col.name", "王伟"),
    ("Chen  Ming", "col.name", "Chen Ming"),
    ("买买提•艾力", "col.name", "买买提·艾力"),
    ("１８５０", "col.rating", 1850),
    ("1850.0", "col.rating", 1850),
    (1850.0, "col.rating", 1850),
    ("无", "col.rating", None),
    ("—", "col.rating", None),
    ("约1700", "col.rating", "约1700"),
    ("\u3000", "col.club", None),
    (float("nan"), "col.club", None),
    (datetime.datetime(2010, 5, 3), "reg.col.birth", "2010-05-03"),
])
def test_cells_are_normalised(raw, key, cleaned):
    assert R.clean(raw, key) == cleaned


@pytest.mark.parametrize("header, key", [
    ("姓名", "col.name"), ("1、姓名（必填）", "col.name"), ("Q2. 您的姓名：", "col.name"),
    ("Player Name", "col.name"), ("所在俱乐部", "col.club"), ("单位*", "col.club"),
    ("ＲＡＴＩＮＧ", "col.rating"), ("等级分", "col.rating"),
    ("参赛队", "col.team_name"), ("队名", "col.team_name"), ("台次", "col.board_order"),
    ("出生年份", "reg.col.birth"), ("组别", "col.group"), ("犯规", "col.fouls"),
    ("提交答卷时间", "reg.col.submitted"), ("联系电话", None), ("备注", None),
])
def test_header_words(header, key):
    assert R.field_of(header) == key


def test_the_reading_path_alone_imports_pandas(tmp_path: Path):
    """pandas takes about a second to import: a command that reads no registration list never pays it."""
    path = tmp_path / "e.xlsx"
    assert main(["new", str(path)]) == 0
    code = ("import sys; from bianpai.addin.cli import main; rc = main(['check', %r]); "
            "print('pandas' in sys.modules)" % str(path))
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split()[-1] == "False"


def test_prize_group_and_fouls_are_read_and_carried_onto_the_players_sheet(event: Path, tmp_path: Path,
                                                                           capsys):
    """Issue 25's 组别 and 犯规, read when a list has them: into 选手's own 犯规 and 组别 columns;
    a number of fouls is a number."""
    csv = tmp_path / "p.csv"
    csv.write_text("姓名,参赛组别,犯规次数\n王伟,公开组,１\n李娜,女子组,\n", encoding="utf-8")
    assert main(["import-players", str(event), str(csv)]) == 0
    assert "组别 ← B列 参赛组别; 犯规 ← C列 犯规次数" in capsys.readouterr().out
    sheet = values(event)["选手"]
    assert sheet[2][7:] == ("犯规", "组别")
    assert [r[:2] + r[7:] for r in sheet[3:5]] == [(1, "王伟", 1, "公开组"), (2, "李娜", None, "女子组")]
