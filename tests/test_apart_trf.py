"""回避名单 and TRF (issue 17): ``export-trf`` writes the list as ``XXP`` (every
round) or TRF-2026 ``260`` lines, ``import-trf`` brings ``XXP`` in as the
回避名单 sheet, and the Dutch system honours it as the reference engine takes
``XXP`` (engine/systems/dutch/players.py), naming the pairs when it blocks."""

from __future__ import annotations

import copy
from dataclasses import replace

import pytest
from workbook_helpers import event, game_rows, pair, set_setting

from bianpai.addin.jobs import api as jobs
from bianpai.addin.workbook import sheets as S
from bianpai.engine.model import ForbiddenPairs, GameResult, Player, Tournament
from bianpai.engine.results import InputError
from bianpai.engine.registry import pair_next_round


def _with_sheet(values: dict, *rows: list[object]) -> dict:
    values = copy.deepcopy(values)
    head: list[list[object]] = [["回避名单"], [None], ["选手序号", "自第几轮", "至第几轮", "说明"]]
    values["回避名单"] = head + [list(r) for r in rows]
    return values


def test_export_trf_writes_the_list_and_import_brings_it_back() -> None:
    values = _with_sheet(event(8), ["1 2", None, None, "兄妹"], ["3 4 5", 2, 3, None])
    trf = jobs.export_trf(values).output
    lines = trf.replace("\r", "\n").splitlines()
    assert "XXP 1 2" in lines
    assert any(line.startswith("260 002 003") and line.split()[3:] == ["3", "4", "5"] for line in lines)
    back = jobs.apply_values({}, jobs.import_trf(None, trf, "zh"))
    ev = S.read_event(back)
    assert ev.tournament.forbidden_pairs == (ForbiddenPairs((1, 2)), ForbiddenPairs((3, 4, 5), 2, 3))
    assert "回避名单" in back


def test_the_dutch_system_keeps_the_pair_apart_in_the_workbook() -> None:
    values = event(8)
    set_setting(values, "set.system", "dutch")
    free = pair(values)
    a, b = (game_rows(free, 1)[0][S.C_RED - 1], game_rows(free, 1)[0][S.C_BLACK - 1])
    kept = pair(_with_sheet(values, [f"{a} {b}", None, None, None]))
    pairs = {frozenset((r[S.C_RED - 1], r[S.C_BLACK - 1])) for r in game_rows(kept, 1)}
    assert frozenset((a, b)) not in pairs


def test_the_dutch_system_names_the_pairs_that_block_the_round() -> None:
    t = Tournament("t", tuple(Player(i, f"p{i}") for i in range(1, 5)), total_rounds=3, system="dutch")
    p = pair_next_round(t)
    t = t.with_round(p.as_round(t))
    t = t.with_results(1, {g.red: GameResult.RED_WIN for g in t.rounds[0].games})
    t = replace(t, forbidden_pairs=(ForbiddenPairs((1, 2, 3, 4)),))
    with pytest.raises(InputError) as e:
        pair_next_round(t)
    assert e.value.problems[0].key == "problem.apart_blocks"
