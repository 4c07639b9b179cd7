"""The chief arbiter's control on real files through the CLI (issue 17): a
回避名单 and a 固定对阵 sheet typed in with openpyxl (as a save from Excel),
a hand edit refused by ``pair`` and kept by ``pair --keep``, ``undo`` exact."""

from __future__ import annotations

from pathlib import Path

import openpyxl
from workbook_helpers import normal

from bianpai.addin.cli.app import EXIT_BAD_INPUT, main
from bianpai.addin.files.reader import read_workbook


def _values(path: Path) -> dict:
    return normal(read_workbook(path))


def _pairs(path: Path, sheet: str) -> list[tuple[int, int]]:
    ws = openpyxl.load_workbook(path)[sheet]
    out = []
    for r in range(4, ws.max_row + 1):
        if isinstance(ws.cell(r, 1).value, int):
            out.append((ws.cell(r, 2).value, ws.cell(r, 8).value))
        else:
            break
    return out


def test_lists_and_a_hand_edit_through_files(tmp_path: Path, capsys) -> None:
    path = tmp_path / "event.xlsx"
    assert main(["new", str(path)]) == 0
    csv = tmp_path / "players.csv"
    csv.write_text("姓名,单位\n" + "".join(f"选手{i},队{i % 3}\n" for i in range(1, 9)), encoding="utf-8-sig")
    assert main(["import-players", str(path), str(csv)]) == 0
    wb = openpyxl.load_workbook(path)
    ws = wb.create_sheet("回避名单")
    head = ["选手序号", "自第几轮", "至第几轮", "说明"]
    for row in (["回避名单"], [None], head, ["1 2", None, None, "兄妹"]):
        ws.append(row)
    ws = wb.create_sheet("固定对阵")
    for row in (["固定对阵"], [None], ["轮次", "红方序号", "黑方序号", "说明"], [2, 8, 3, "直播台"]):
        ws.append(row)
    wb.save(path)
    assert main(["pair", str(path)]) == 0
    assert (1, 2) not in _pairs(path, "第1轮") and (2, 1) not in _pairs(path, "第1轮")
    wb = openpyxl.load_workbook(path)
    for r in range(4, 8):
        wb["第1轮"].cell(r, 5).value = "红胜"
    wb.save(path)
    assert main(["pair", str(path)]) == 0
    assert _pairs(path, "第2轮")[0] == (8, 3)
    # the arbiter exchanges the black players of boards 2 and 3 of round 2
    wb = openpyxl.load_workbook(path)
    ws = wb["第2轮"]
    for c in (6, 7, 8):
        ws.cell(5, c).value, ws.cell(6, c).value = ws.cell(6, c).value, ws.cell(5, c).value
    for r in range(4, 8):
        ws.cell(r, 5).value = "和"
    wb.save(path)
    capsys.readouterr()
    before = _values(path)
    assert main(["pair", str(path)]) == EXIT_BAD_INPUT
    err = capsys.readouterr()
    assert "pair --keep" in err.out + err.err
    assert _values(path) == before
    assert main(["pair", str(path), "--keep"]) == 0
    assert "变更记录" in openpyxl.load_workbook(path).sheetnames
    assert main(["check", str(path)]) == 0
    assert main(["undo", str(path)]) == 0
    after = _values(path)
    assert {k: v for k, v in after.items() if k not in ("先后手", "升降", "名次", "成绩表")} == \
        {k: v for k, v in before.items() if k not in ("先后手", "升降", "名次", "成绩表")}
