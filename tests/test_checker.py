"""engine/checker.py: the rule checks on a history, as structured problems
(key and locators), and the systems' records they ask (engine/registry.py)."""

from __future__ import annotations

from bianpai.addin.workbook.messages import message
from bianpai.engine import checker, registry as systems
from bianpai.engine.model import Bye, Game, GameResult, Player, Round, Tournament
from bianpai.engine.problems import InputError, problem
from bianpai.engine.rules import Rules

W, F = GameResult.RED_WIN, GameResult.RED_FORFEIT_WIN


def event(rounds: tuple[Round, ...], n: int = 4, club: str = "", **kw) -> Tournament:
    """``n`` players; players 1 and 2 of ``club``."""
    players = tuple(Player(i, f"P{i}", club=club if i in (1, 2) else "") for i in range(1, n + 1))
    return Tournament("t", players, rounds, **kw)


def keys(problems) -> list[tuple[str, int | None, int | None]]:
    return [(p.key, p.round, p.board) for p in problems]


def test_a_rematch_names_round_board_and_the_first_meeting():
    t = event((Round(1, (Game(1, 2, W), Game(3, 4, W), Game(5, 6, W))),
               Round(2, (Game(3, 4, W), Game(1, 5, W), Game(2, 6, W)))), n=6)
    (p,) = checker.check(t, systems.get("dingwei")).problems
    assert (p.key, p.round, p.board, p.side, p.arg("first")) == ("problem.rematch", 2, 1, "red", 1)
    assert message(p, "en") == "3 P3 and 4 P4 already met in round 1"


def test_a_forfeit_is_a_meeting_where_the_system_says_so():
    """定位编排: paired is met, forfeits included; FIDE (dutch): only games played over the board."""
    t = event((Round(1, (Game(1, 2, F), Game(3, 4, W))), Round(2, (Game(1, 2, W), Game(3, 4, W)))))
    assert ("problem.rematch", 2, 1) in keys(checker.check(t, systems.get("dingwei")).problems)
    assert ("problem.rematch", 2, 1) not in keys(checker.check(t, systems.get("dutch")).problems)


def test_a_round_robin_meets_once_per_cycle():
    t = event((Round(1, (Game(1, 2, W),)), Round(2, (Game(2, 1, W),))), n=2,
              rules=Rules(rr_cycles=2), system="roundrobin", total_rounds=2)
    assert checker.check(t, systems.of(t)).problems == ()


def test_second_bye_missing_player_and_unfinished_game():
    r1 = Round(1, (Game(1, 2, W), Game(3, 4)), (Bye(5),))
    r2 = Round(2, (Game(1, 3, W),), (Bye(5),))
    found = checker.check(event((r1, r2), n=5), systems.get("dingwei")).problems
    assert keys(found) == [("problem.unfinished_followed", 1, 2), ("problem.second_bye", 2, None),
                           ("problem.not_paired", 2, None), ("problem.not_paired", 2, None)]
    assert [p.player for p in found[1:]] == [5, 2, 4]


def test_pairing_problems_refuse_the_last_round_unfinished_unless_provisional():
    t = event((Round(1, (Game(1, 2, W), Game(3, 4))),))
    dingwei = systems.get("dingwei")
    assert keys(checker.pairing_problems(t, dingwei)) == [("problem.unfinished_last", 1, 2)]
    assert checker.pairing_problems(t, dingwei, provisional=True) == []


def test_all_rounds_paired_names_the_setting():
    t = event((Round(1, (Game(1, 2, W), Game(3, 4, W))),), total_rounds=1)
    (p,) = checker.pairing_problems(t, systems.get("dingwei"))
    assert (p.key, p.setting, p.arg("next")) == ("problem.all_rounds_paired", "total_rounds", 2)


def test_same_club_in_an_avoided_round():
    t = event((Round(1, (Game(1, 2, W), Game(3, 4, W))),), club="A",
              rules=Rules(club_rounds=frozenset({1})))
    (p,) = checker.check(t, systems.get("dingwei")).problems
    assert (p.key, p.round, p.board, p.arg("club")) == ("problem.same_club", 1, 1, "A")


def test_problems_carry_no_words_and_plain_strings_still_report():
    p = problem("problem.rematch", round=2, board=1, red=1, black=2, red_name="a", black_name="b", first=1)
    assert str(p) == ("problem.rematch (round=2, board=1, red=1, black=2, red_name='a', "
                      "black_name='b', first=1)")
    e = InputError("something plain")
    assert [message(x, "zh") for x in e.problems] == ["something plain"] and str(e) == "something plain"


def test_the_registry_is_the_one_list_of_systems():
    from bianpai.addin.workbook import sheets as S
    from bianpai.engine.registry import SYSTEMS

    assert list(SYSTEMS) == [s.name for s in systems.REGISTRY]
    assert S.WORKBOOK_SYSTEMS == tuple(s.name for s in systems.REGISTRY if s.workbook)
    assert [s.name for s in systems.REGISTRY if s.scheduled] == ["roundrobin"]
