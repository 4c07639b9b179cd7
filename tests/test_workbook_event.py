"""Issue 13: the workbook through a real event — each test reproduces one item
of the issue (standings between pairing and results, data loss, Chinese
throughout, printing)."""

from __future__ import annotations

import pytest

from bianpai.addin import jobs
from bianpai.addin import labels as L
from bianpai.addin import sheets as S

from workbook_helpers import enter_results, event, pair, play, round_sheet, game_rows


def _sheet(values, key):
    return next(rows for name, rows in values.items() if L.sheet_key(name) == key)


DERIVED = ("sheet.standings", "sheet.crosstable", "sheet.colours", "sheet.floats")


# -- item 1: the derived sheets describe finished rounds only ---------------------------------

def test_derived_sheets_are_the_same_before_and_after_the_next_round_is_paired():
    values = play(event(12, rounds=5, clubs=True), 3, seed=5)
    before = jobs.apply_values(values, jobs.update(values))
    after = pair(before)
    for key in DERIVED:
        assert _sheet(after, key) == _sheet(before, key), key
    head = _sheet(after, "sheet.standings")[0][0]
    assert "第3轮后" in head


def test_a_round_with_some_results_is_not_counted_yet():
    values = pair(play(event(10, rounds=5), 2, seed=3))
    rows = game_rows(values, 3)
    rows[0][S.C_RESULT - 1] = "1:0"
    done = jobs.apply_values(values, jobs.update(values))
    assert "第2轮后" in _sheet(done, "sheet.standings")[0][0]
    cross = _sheet(done, "sheet.crosstable")
    assert not any(str(c).startswith("第3轮") for c in cross[2] if c)
