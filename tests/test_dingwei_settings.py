"""The 定位编排 settings on the Settings sheet: 同单位回避 strength, the float
criterion, and the avoidance rounds checked against the event's rounds."""

from __future__ import annotations

import pytest

from bianpai.addin.jobs import api as jobs
from bianpai.addin.workbook import sheets as S
from bianpai.engine.results import InputError
from bianpai.engine.rules import CLUB_HARD, CLUB_SOFT

from workbook_helpers import event, set_setting


def test_new_settings_reach_the_engine() -> None:
    v = event(8)
    set_setting(v, "set.club_strength", "尽量回避")
    set_setting(v, "set.float_balance", "是")
    rules = S.read_event(v).tournament.rules
    assert (rules.club_strength, rules.float_balance) == (CLUB_SOFT, True)


def test_defaults_are_hard_and_off() -> None:
    rules = S.read_event(event(8)).tournament.rules
    assert (rules.club_strength, rules.float_balance) == (CLUB_HARD, False)


def test_bad_values_name_their_cells() -> None:
    v = event(8)
    set_setting(v, "set.club_strength", "sometimes")
    set_setting(v, "set.float_balance", "maybe")
    with pytest.raises(InputError) as e:
        jobs.update(v)
    text = "\n".join(e.value.messages)
    assert "'sometimes' 不是 hard（必须回避）或 soft（尽量回避）" in text and "'maybe' 不是 on/off" in text
    assert text.count("设置!B") >= 2


@pytest.mark.parametrize("cell", [30000000, "1-30000000", "6"])
def test_club_rounds_beyond_the_event_are_refused_at_once(cell: object) -> None:
    """Five rounds: avoidance in round 6 or in the first 30,000,000 rounds is
    refused, naming the cell, without building the rounds."""
    v = event(8, rounds=5)
    set_setting(v, "set.club_rounds", cell)
    with pytest.raises(InputError) as e:
        jobs.update(v)
    assert "设置!B" in "\n".join(e.value.messages)


def test_club_rounds_within_the_event_are_accepted() -> None:
    v = event(8, rounds=9)
    set_setting(v, "set.club_rounds", "9")
    assert S.read_event(v).tournament.rules.club_rounds == frozenset(range(1, 10))
