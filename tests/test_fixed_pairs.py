"""Fixed pairs before pairing (裁判长固定对阵, issue 17): the arbiter lists
boards for a round on the 固定对阵 sheet; ``pair`` puts them first, pairs
everyone else by the system around them, and the explanation says they were
fixed by hand (engine/constraints/fixed.py, addin/workbook/sheets/fixed.py)."""

from __future__ import annotations

import copy
from dataclasses import replace

import pytest
from workbook_helpers import enter_results, event, game_rows, normal, pair, round_sheet

from bianpai.addin.jobs import api as jobs
from bianpai.addin.workbook import sheets as S
from bianpai.addin.workbook.explain import explanation_rows
from bianpai.engine.constraints.fixed import FIXED_STEP, pair_around_fixed
from bianpai.engine.model import ForbiddenPairs, GameResult, Player, Tournament
from bianpai.engine.results import InputError
from bianpai.engine.registry import pair_next_round

Values = dict[str, list[list[object]]]


def _with_fixed(values: Values, lang: str, *rows: tuple[object, object, object]) -> Values:
    values = copy.deepcopy(values)
    name = "固定对阵" if lang == "zh" else "Fixed pairs"
    values[name] = [["固定对阵"], [None], ["轮次", "红方序号", "黑方序号", "说明"], *[list(r) for r in rows]]
    return values


def test_engine_pairs_the_rest_around_the_fixed_boards() -> None:
    t = Tournament("t", tuple(Player(i, f"p{i}") for i in range(1, 9)), total_rounds=5)
    t = t.with_round(pair_next_round(t).as_round(t))
    t = t.with_results(1, {g.red: GameResult.RED_WIN for g in t.rounds[0].games})
    fixed = replace(t, fixed_pairs=((2, 8, 1),))
    p = pair_around_fixed(fixed, pair_next_round)
    assert (p.boards[0].red, p.boards[0].black, p.boards[0].step) == (8, 1, FIXED_STEP)
    rest = {n for b in p.boards[1:] for n in (b.red, b.black)}
    assert rest == {2, 3, 4, 5, 6, 7}
    assert [b.number for b in p.boards] == list(range(1, 5))
    assert all(n > 1 for br in p.brackets for n in br.boards)
    zh = explanation_rows(p, "zh")[0][0]
    en = explanation_rows(p, "en")[0][0]
    assert "裁判长固定" in str(zh) and "fixed by the chief arbiter" in str(en)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_pair_puts_the_fixed_board_first_and_explains_it(lang: str) -> None:
    values = enter_results(pair(event(8, lang=lang)), 1, seed=2, lang=lang)
    after = pair(_with_fixed(values, lang, (2, 7, 2, "电视台")))
    rows = game_rows(after, 2)
    assert (rows[0][S.C_RED - 1], rows[0][S.C_BLACK - 1]) == (7, 2)
    assert rows[0][S.C_STEP - 1] == ("裁判长固定" if lang == "zh" else "fixed by hand")
    assert rows[0][S.C_RULE - 1] == ("裁判长指定" if lang == "zh" else "set by hand")
    assert {n for r in rows[1:] for n in (r[S.C_RED - 1], r[S.C_BLACK - 1])} == {1, 3, 4, 5, 6, 8}
    # the fixed board is the system's own: the next commands do not call it a hand edit
    res = jobs.check(after)
    assert not res.problems
    assert not [n for n in res.notes if "裁判长调整" in n or "changed by hand" in n]
    after = pair(enter_results(after, 2, seed=3, lang=lang))
    assert round_sheet(after, 3)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_fixed_rematch_or_kept_apart_pair_is_refused_and_nothing_written(lang: str) -> None:
    values = enter_results(pair(event(8, lang=lang)), 1, seed=2, lang=lang)
    a, b = game_rows(values, 1)[0][S.C_RED - 1], game_rows(values, 1)[0][S.C_BLACK - 1]
    bad = _with_fixed(values, lang, (2, a, b, None), (2, 5, 5, None))
    before = normal(bad)
    with pytest.raises(InputError) as e:
        jobs.pair(bad)
    text = str(e.value)
    assert ("已相遇过" if lang == "zh" else "have met") in text
    assert ("出现不止一次" if lang == "zh" else "more than one board") in text
    assert normal(bad) == before
    t = S.read_event(bad).tournament
    kept = replace(t, fixed_pairs=((2, 1, 3),), forbidden_pairs=(ForbiddenPairs((1, 3)),))
    with pytest.raises(InputError) as e2:
        pair_around_fixed(kept, pair_next_round)
    assert e2.value.problems[0].key == "problem.fixed_apart"


def test_bad_fixed_rows_are_named_by_cell() -> None:
    values = _with_fixed(pair(event(6)), "zh", (2, "x", 3, None), (2, 4, 99, None))
    with pytest.raises(InputError) as e:
        jobs.pair(enter_results(values, 1))
    text = str(e.value)
    assert "固定对阵!B4" in text and "固定对阵!C5" in text
