"""engine/rules.py: the typed rules, read from text once and written back."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bianpai.engine.model import Player, Tournament
from bianpai.engine.problems import InputError
from bianpai.engine.rules import (
    CLUB_SOFT, DEFAULT_RULES, RANDOM, Rules, changed_rule_texts, club_rounds_text, parse_rules, rule_texts,
)
from bianpai.engine.trf import format_trf, parse_trf

SOME = Rules(round1=RANDOM, round1_seed=42, club_rounds=frozenset({1, 2, 3, 5}), club_strength=CLUB_SOFT,
             float_balance=True, high_score_first=True, provisional=True, rr_cycles=2, rr_draw_seed=7,
             rr_swap_last_two=False, colour_preferences="B", primary_scores=((1, (2.0, 1.5)),),
             secondary_scores=((1, (1.0,)), (2, (0.5,))))


@pytest.mark.parametrize("sheet", [False, True])
def test_the_texts_read_back_to_the_same_rules(sheet: bool) -> None:
    """(The sheet shows inferred round-robin cycles as 1, its default.)"""
    for rules in (DEFAULT_RULES, SOME, Rules(club_rounds=None)):
        want = replace(rules, rr_cycles=rules.rr_cycles or 1) if sheet else rules
        assert parse_rules(rule_texts(rules, sheet), 7) == want


def test_the_sheet_counts_the_first_rounds() -> None:
    assert parse_rules([("club_rounds", "3")], 7).club_rounds == frozenset({1, 2, 3})
    assert parse_rules([("avoid_same_club", "3")], 7).club_rounds == frozenset({3})
    assert club_rounds_text(frozenset({1, 2, 3}), sheet=True) == "3"
    assert club_rounds_text(frozenset({1, 2, 3, 5})) == "1-3,5"
    assert club_rounds_text(frozenset(), sheet=True) == "0" and club_rounds_text(None) == "all"


def test_every_problem_at_once_naming_its_setting() -> None:
    with pytest.raises(InputError) as e:
        parse_rules([("round1", "alphabetical"), ("round1.seed", "x"), ("float_balance", "maybe"),
                     ("no.such", "1")], 7)
    assert [(p.key, p.setting) for p in e.value.problems] == [
        ("problem.round1_method", "round1"), ("problem.not_integer", "round1.seed"),
        ("problem.on_off", "float_balance"), ("problem.unknown_setting", "no.such")]


def test_a_trf_carries_the_rules_and_the_system_in_xxb_records() -> None:
    t = Tournament("x", (Player(1, "A"), Player(2, "B")), total_rounds=7, system="adjacent",
                   rules=SOME)
    text = format_trf(t)
    assert "XXB set first_round random" in text and "XXB option round1.seed 42" in text
    back = parse_trf(text)
    assert (back.rules, back.system, back.records) == (SOME, "adjacent", ())
    assert changed_rule_texts(DEFAULT_RULES) == ()
    assert "XXB" not in format_trf(Tournament("x", (Player(1, "A"),)))


def test_a_bad_rule_record_names_its_line() -> None:
    with pytest.raises(InputError) as e:
        parse_trf("012 x\nXXR 5\nXXB option round1.seed abc\n", "ev.trf")
    assert str(e.value.problems[0]).startswith("ev.trf:3:1: ")
