"""What the workbook commands refuse on the organiser's input (issue 23 items 6–9):
a round paired twice, a renamed round sheet, a player typed twice, a CSV numbered
before the draw."""

from __future__ import annotations

import pytest
from workbook_helpers import enter_results, event, pair, play

from bianpai.addin import jobs


# -- item 9: pair run twice on a round with no results -----------------------------------------

@pytest.mark.parametrize("provisional", [False, True])
def test_pair_twice_says_the_round_was_just_paired_and_offers_no_provisional_pairing(provisional):
    values = pair(play(event(8, rounds=7), 5, seed=3))  # round 6 paired, nothing typed
    with pytest.raises(jobs.InputError) as e:
        jobs.pair(values, provisional=provisional)
    assert e.value.messages == ["第6轮: 第6轮已编排，尚未录入成绩；录入成绩后再编排第7轮"]
    assert "--provisional" not in str(e.value) and "预排" not in str(e.value)


def test_pair_twice_in_english():
    values = pair(play(event(8, rounds=7, lang="en"), 1, seed=3))
    with pytest.raises(jobs.InputError) as e:
        jobs.pair(values)
    assert e.value.messages == ["Round 2: round 2 has been paired and no result is entered yet; "
                                "enter its results before pairing round 3"]


def test_a_round_played_in_part_still_offers_provisional_pairing():
    values = enter_results(pair(play(event(6, rounds=5), 1, seed=3)), 2, ["红胜", None, "和"])
    with pytest.raises(jobs.InputError) as e:
        jobs.pair(values)
    assert len(e.value.messages) == 1 and "pair --provisional" in e.value.messages[0]
    assert "第3轮" in jobs.pair(values, provisional=True).message
