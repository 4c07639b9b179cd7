"""The worksheet functions agree with the sheets the add-in writes.

A demo event (11 players, 4 rounds, results in; ``bianpai demo``) is read with
openpyxl. For every player:

* ``BIANPAI_COLOUR_DIFF`` / ``BIANPAI_COLOUR_STATE`` over the player's round cells
  on the Colours sheet equal that row's d and label columns;
* ``BIANPAI_FLOATS`` over the Floats row equals its down / up counts;
* ``BIANPAI_SCORE`` over the Settings and the four round sheets equals the score on
  the Standings sheet.

Called as plain functions (xlwings' ``@func`` only registers them inside Excel).
"""

from __future__ import annotations

import openpyxl
import pytest

from bianpai.addin.cli import app as cli
from bianpai.addin.excel import udfs
from bianpai.addin.workbook.words import round_of_sheet, sheet_key

ROUNDS = 4


@pytest.fixture(scope="module")
def demo(tmp_path_factory) -> dict[str, list[list[object]]]:
    path = tmp_path_factory.mktemp("demo") / "demo.xlsx"
    assert cli.main(["demo", "--out", str(path), "--players", "11", "--rounds", str(ROUNDS)]) == 0
    wb = openpyxl.load_workbook(path)
    return {ws.title: [list(r) for r in ws.iter_rows(values_only=True)] for ws in wb.worksheets}


def sheet(demo, key: str) -> list[list[object]]:
    return next(rows for name, rows in demo.items() if sheet_key(name) == key)


def player_rows(rows: list[list[object]]) -> list[list[object]]:
    return [r for r in rows[3:] if isinstance(r[0], int)]


def test_colour_functions_match_the_colours_sheet(demo):
    rows = player_rows(sheet(demo, "sheet.colours"))
    assert len(rows) == 11
    for r in rows:
        cells = r[2:2 + ROUNDS]
        reds, blacks, d, streak, label = r[2 + ROUNDS:7 + ROUNDS]
        assert udfs.BIANPAI_COLOUR_DIFF(cells) == d == reds - blacks
        assert udfs.BIANPAI_COLOUR_STATE(cells) == label
        assert udfs.BIANPAI_COLOUR_WANT(cells) in ("红", "黑", "")


def test_float_counts_match_the_floats_sheet(demo):
    rows = player_rows(sheet(demo, "sheet.floats"))
    assert len(rows) == 11
    for r in rows:
        cells = r[2:2 + ROUNDS]
        downs, ups = r[2 + ROUNDS:4 + ROUNDS]
        assert udfs.BIANPAI_FLOATS(cells) == downs
        assert udfs.BIANPAI_FLOATS(cells, "up") == udfs.BIANPAI_FLOATS(cells, "上调") == ups


def test_score_matches_the_standings_sheet(demo):
    settings = sheet(demo, "sheet.settings")
    rounds = [rows for name, rows in sorted(demo.items(), key=lambda kv: round_of_sheet(kv[0]) or 0)
              if round_of_sheet(name) is not None]
    assert len(rounds) == ROUNDS
    standings = sheet(demo, "sheet.standings")
    header = standings[2]
    number_col, score_col = header.index("序号"), header.index("积分")
    checked = 0
    for r in standings[3:]:
        if not isinstance(r[number_col], int):
            continue
        assert udfs.BIANPAI_SCORE(r[number_col], settings, *rounds) == r[score_col]
        checked += 1
    assert checked == 11


def test_colour_state_worked_example():
    """红, 黑, 红, (no game), 红: R = 3, B = 1, d = +2 (多先), last two played games
    red → 连先; wants black."""
    cells = ["红", "黑", "红", None, "R"]
    assert udfs.BIANPAI_COLOUR_DIFF(cells) == 2
    assert udfs.BIANPAI_COLOUR_STATE(cells) == "多先连先"
    assert udfs.BIANPAI_COLOUR_WANT(cells) == "黑"
    assert udfs.BIANPAI_COLOUR_WANT(cells, "en") == "B"
    assert udfs.BIANPAI_COLOUR_WANT([]) == ""
