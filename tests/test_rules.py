"""engine/rules.py: the typed rules, read from text once and written back."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bianpai.engine.model import Player, Tournament
from bianpai.engine.problems import InputError
from bianpai.engine.rules import (
    CLUB_SOFT, DEFAULT_RULES, RANDOM, Rules, changed_rule_texts, club_rounds_text, parse_rules, rule_texts,
)
from bianpai.engine.formats.trf import format_trf, parse_trf

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


# Each rule's reading, good and bad (issue 28: ``rules._value`` became one parser per rule in a
# table; these are the readings and problems of the chain it replaced, value for value).
_CHOICES = "adjacent-numbers, first-last, half-cross, random"
READINGS: list[tuple[str, str, dict[str, object] | tuple[str, tuple[tuple[str, object], ...]]]] = [
    ("round1", "", {}), ("round1", "近号配对", {}), ("round1", "RANDOM", {"round1": "random"}),
    ("round1", " fold ", ("problem.round1_method", (("value", "fold"), ("choices", _CHOICES)))),
    ("round1", "alphabetical", ("problem.round1_method", (("value", "alphabetical"), ("choices", _CHOICES)))),
    ("first_round", "Fold", {"round1": "first-last"}), ("first_round", "抽签", {"round1": "random"}),
    ("first_round", " nope ", ("problem.first_round_choice", (("value", " nope "), ("choices", _CHOICES)))),
    ("round1.seed", "", {}), ("round1.seed", " 42 ", {"round1_seed": 42}),
    ("round1.seed", "x", ("problem.not_integer", (("value", "x"),))),
    ("rr.draw_seed", "7", {"rr_draw_seed": 7}),
    ("rr.draw_seed", "7.5", ("problem.not_integer", (("value", "7.5"),))),
    ("avoid_same_club", "1-3,5", {"club_rounds": frozenset({1, 2, 3, 5})}),
    ("avoid_same_club", "all", {"club_rounds": None}),
    ("avoid_same_club", "3", {"club_rounds": frozenset({3})}),
    ("avoid_same_club", "9", ("problem.club_rounds_range", (("rounds", "9"), ("total", 7)))),
    ("avoid_same_club", "a-b", ("problem.club_rounds", (("value", "a-b"),))),
    ("club_rounds", "3", {"club_rounds": frozenset({1, 2, 3})}), ("club_rounds", "0", {}),
    ("club_rounds", "8", ("problem.club_rounds_range", (("rounds", "1-8"), ("total", 7)))),
    ("avoid_same_club.strength", "", {}), ("club_strength", "尽量", {"club_strength": "soft"}),
    ("club_strength", " Medium ",
     ("problem.club_strength", (("value", "medium"), ("hard", "hard"), ("soft", "soft")))),
    ("float_balance", "", {}), ("float_balance", "是", {"float_balance": True}),
    ("high_score_first", "ON", {"high_score_first": True}),
    ("provisional", "maybe ", ("problem.on_off", (("value", "maybe "),))),
    ("rr.cycles", "", {}), ("rr_cycles", "双循环", {"rr_cycles": 2}), ("rr.cycles", "2", {"rr_cycles": 2}),
    ("rr.cycles", "3", ("problem.rr_cycles", (("value", 3),))),
    ("rr.cycles", "three", ("problem.rr_cycles", (("value", "three"),))),
    ("rr.swap_last_two", "", {}), ("rr.swap_last_two", "0", {"rr_swap_last_two": False}),
    ("rr.swap_last_two", "yes", ("problem.zero_or_one", (("value", "yes"),))),
    ("fide-team.colour-preferences", "", {}),
    ("fide-team.colour-preferences", "b", {"colour_preferences": "B"}),
    ("fide-team.colour-preferences", "None", {"colour_preferences": "none"}),
    ("fide-team.colour-preferences", "c",
     ("problem.colour_preferences", (("value", "c"), ("choices", "A, B, none")))),
    ("fide-team.primary-scores", "", {}),
    ("fide-team.primary-scores", "1:2,1;2:0.5", {"primary_scores": ((1, (2.0, 1.0)), (2, (0.5,)))}),
    ("fide-team.secondary-scores", "1:x;y", ("problem.team_scores", (("value", "'1:x', 'y'"),))),
    ("no.such", "1", ("problem.unknown_setting", (("label", "no.such"),))),
]


@pytest.mark.parametrize(("key", "text", "want"), READINGS)
def test_each_rule_reads_its_text_or_names_the_problem(
        key: str, text: str, want: dict[str, object] | tuple[str, tuple[tuple[str, object], ...]]) -> None:
    """Every rule (by its engine key and its sheet name) read from good and bad text: the fields
    it sets over the defaults, or the one problem, naming the setting as given."""
    if isinstance(want, dict):
        assert parse_rules([(key, text)], 7) == replace(DEFAULT_RULES, **want)  # type: ignore[arg-type]
        return
    with pytest.raises(InputError) as e:
        parse_rules([(key, text)], 7)
    assert [(p.key, p.args, p.setting) for p in e.value.problems] == [(want[0], want[1], key)]
