"""What the Chinese Swiss methods share (engine/systems/chinese/core.py): who has met whom
(dingwei.md §1), who may take the bye and from which score group (§7), and
whether a round can be completed (§5 criterion 1).  Small hand-made rounds;
the methods' own tests (test_dingwei, test_adjacent) use all of it through
``pair``."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bianpai.addin.workbook.messages import wording  # the engine's records, worded as the workbook shows them
from bianpai.engine.history.colours import NO_COLOURS
from bianpai.engine.model import Bye, ByeKind, Game, GameResult, Player, Round, Tournament, history
from bianpai.engine.results import InputError, Pairing, PairingError
from bianpai.engine.registry import pair_next_round
from bianpai.engine.rules import Rules, parse_rules
from bianpai.engine.systems.chinese.core import (
    Entrant, RoundStart, SwissRound, bye_group, completable, completion_bye_group, dirac_completable,
    entrant_of, met_opponents, most_forbidden, score_groups, start_round,
)


def round_of(k: int, scores: dict[int, float], met: list[tuple[int, int]],
             no_bye: tuple[int, ...] = ()) -> SwissRound[Entrant]:
    """Round ``k`` of the players of ``scores``, who have met the pairs ``met``;
    the players of ``no_bye`` have had a bye already."""
    forbidden = {n: frozenset(b if a == n else a for a, b in met if n in (a, b)) for n in scores}
    entrants = {n: Entrant(n, s, NO_COLOURS, n not in no_bye) for n, s in scores.items()}
    return SwissRound(k, 9, False, entrants, forbidden, most_forbidden(forbidden), len(scores) % 2 == 1)


def test_met_includes_forfeits_and_bye_eligibility_follows_unplayed_points() -> None:
    """§1: 1 and 2 met although 2 did not come (1 won by forfeit); 3 and 4
    played.  §7: 1 (forfeit win) and 5 (pairing bye) may not take the bye
    again; 2, 3 and 4 may."""
    t = Tournament("例", tuple(Player(i, f"P{i}") for i in range(1, 6)),
                   (Round(1, (Game(1, 2, GameResult.RED_FORFEIT_WIN), Game(3, 4, GameResult.DRAW)),
                          (Bye(5, ByeKind.PAIRING),)),), total_rounds=5)
    hist = history(t, 2)
    everyone = frozenset(range(1, 6))
    assert met_opponents(hist[1], everyone) == {2}
    assert met_opponents(hist[3], everyone) == {4}
    assert met_opponents(hist[3], everyone - {4}) == frozenset()  # 4 is not in this round
    assert [n for n in range(1, 6) if entrant_of(hist[n]).bye_ok] == [2, 3, 4]


def test_a_history_made_once_is_the_one_made_again() -> None:
    """history() keeps what it made for a tournament (speed only): asked again it gives
    equal histories in a dict of the caller's own, which the caller may change; a
    tournament made by replace() keeps nothing of the one it came from; the kept
    histories change neither equality nor repr."""
    t = Tournament("例", tuple(Player(i, f"P{i}") for i in range(1, 6)),
                   (Round(1, (Game(1, 2, GameResult.RED_WIN), Game(3, 4, GameResult.DRAW)),
                          (Bye(5, ByeKind.PAIRING),)),
                    Round(2, (Game(5, 1, GameResult.BLACK_WIN), Game(2, 3, None)), ())), total_rounds=5)
    fresh = replace(t)
    before = repr(t)
    first = history(t)
    first.pop(1)
    again = history(t)
    assert again == history(fresh) and 1 in again and again is not first
    assert history(t, 2) != again and history(t, 2) == history(replace(t), 2)
    assert history(t, provisional_draws=True)[2].entries[-1].points == 1.0  # a draw of 2/1/0: kept apart
    assert history(t)[2].entries[-1].points == 0.0
    assert t == fresh and repr(t) == before
    changed = replace(t, rounds=t.rounds[:1])
    assert len(history(changed)[1].entries) == 1 and len(history(t)[1].entries) == 2


def test_dirac_bound() -> None:
    """Each player may not meet at most Δ others: any even set of at least
    2Δ+2 players can be paired (and never fewer than 4 without looking)."""
    assert dirac_completable(0, 3)
    assert not dirac_completable(2, 0)  # two players: they may have met
    assert dirac_completable(4, 1)
    assert not dirac_completable(6, 3)
    assert dirac_completable(8, 3)


def test_completion_by_matching() -> None:
    """1–2, 3–4 and 1–3 have met: 1–4, 2–3 is the only way, so the round is
    completable; once 1–4 have met too, 1 has no opponent left."""
    assert completable(round_of(4, dict.fromkeys((1, 2, 3, 4), 1.0), [(1, 2), (3, 4), (1, 3)]),
                       [1, 2, 3, 4], None)
    assert not completable(round_of(4, dict.fromkeys((1, 2, 3, 4), 1.0),
                                    [(1, 2), (3, 4), (1, 3), (1, 4)]), [1, 2, 3, 4], None)


def test_bye_group_is_the_lowest_that_leaves_the_rest_completable() -> None:
    """Scores 1: 2, 2 and 3: 0.  1 has met both 2 and 3, so whichever of 2, 3
    takes the bye, 1 cannot be paired: the bye goes to the 2-point group (§7)."""
    rnd = round_of(3, {1: 2.0, 2: 0.0, 3: 0.0}, [(1, 2), (1, 3)])
    groups = score_groups(rnd, [1, 2, 3])
    assert groups == [(2.0, [1]), (0.0, [2, 3])]
    assert bye_group(rnd, groups, [1, 2, 3]) == (2.0, frozenset({1}))
    plain = round_of(3, {1: 2.0, 2: 0.0, 3: 0.0}, [])
    assert bye_group(plain, groups, [1, 2, 3]) == (0.0, frozenset({2, 3}))


def test_no_completion_is_a_pairing_error_saying_why() -> None:
    """Three players who have all had a bye; three who have all met (the one
    who could take the bye leaves the other two with a rematch); four who have
    all met."""
    everyone_had_one = round_of(4, dict.fromkeys((1, 2, 3), 1.0), [], no_bye=(1, 2, 3))
    with pytest.raises(PairingError) as e:
        completion_bye_group(everyone_had_one, score_groups(everyone_had_one, [1, 2, 3]), [1, 2, 3])
    assert wording(e.value.problem, "en") == ("round 4: 3 players to pair and every one has had a bye, a "
                                              "full-point bye or a forfeit win")
    all_met = round_of(4, dict.fromkeys((1, 2, 3), 1.0), [(1, 2), (1, 3), (2, 3)], no_bye=(1, 2))
    with pytest.raises(PairingError) as e:
        completion_bye_group(all_met, score_groups(all_met, [1, 2, 3]), [1, 2, 3])
    assert e.value.problem.key == "pairing.bye_blocks"
    assert wording(e.value.problem, "zh") == "第4轮：无论谁轮空，其余选手都无法不重复对局地全部编排"
    everyone_met = [(a, b) for a in range(1, 5) for b in range(a + 1, 5)]
    four = round_of(4, dict.fromkeys((1, 2, 3, 4), 1.0), everyone_met)
    with pytest.raises(PairingError) as e:
        completion_bye_group(four, score_groups(four, [1, 2, 3, 4]), [1, 2, 3, 4])
    assert "the 4 players cannot all be paired without a rematch" in wording(e.value.problem, "en")


def test_start_of_a_round() -> None:
    """Round 1 is paired by §3 at once; from round 2 the method's round comes
    back grouped by score with its bye group; a setting is on for 'on', '是' …"""
    rules = parse_rules([("high_score_first", "是")], 3)
    t = Tournament("例", tuple(Player(i, f"P{i}") for i in range(1, 4)), total_rounds=3, rules=rules)
    assert t.rules.high_score_first and not t.rules.provisional
    first = start_round(t, "dingwei", lambda _: pytest.fail("round 1 needs no round built"))
    assert isinstance(first, Pairing) and first.round == 1
    t2 = Tournament(t.name, t.players, (Round(1, (Game(1, 2, GameResult.RED_WIN),), (Bye(3),)),),
                    total_rounds=3)
    rnd = round_of(2, {1: 2.0, 2: 0.0, 3: 2.0}, [(1, 2)], no_bye=(3,))
    start = start_round(t2, "dingwei", lambda _: (rnd, [1, 2, 3], ["note"]))
    assert isinstance(start, RoundStart)
    assert start.groups == [(2.0, [1, 3]), (0.0, [2])]
    assert start.bye == (0.0, frozenset({2})) and start.notes == ["note"]


@pytest.mark.parametrize("system", ["dingwei", "adjacent", "dutch"])
def test_unfinished_games_follow_section_8_in_every_system(system: str) -> None:
    """§8, the same in every system.  Four players; round 1: 1–2 drawn, 3–4 not
    finished; round 2: 1–3 and 2–4 both decided.  Pairing round 3:
    * the round-1 game 3–4 is unfinished and was not counted as a draw when
      round 2 was paired, so it is an input error naming it, even with the
      provisional setting on (that covers only the last round);
    * once round 1 marks it provisional (it was counted as a draw then), it
      counts as a draw again and the pairing notes say so."""
    players = tuple(Player(i, f"P{i}") for i in range(1, 7))
    r1 = Round(1, (Game(1, 2, GameResult.DRAW), Game(3, 4), Game(5, 6, GameResult.RED_WIN)))
    r2 = Round(2, (Game(1, 3, GameResult.RED_WIN), Game(2, 5, GameResult.BLACK_WIN),
                   Game(4, 6, GameResult.DRAW)))
    t = Tournament("§8", players, (r1, r2), total_rounds=5, rules=Rules(provisional=True))
    with pytest.raises(InputError) as e:
        pair_next_round(t, system)
    assert [(p.key, p.round, p.arg("red"), p.arg("black")) for p in e.value.problems] == [
        ("problem.unfinished", 1, 3, 4)]
    marked = replace(t, rounds=(replace(r1, provisional=(3,)), r2))
    p = pair_next_round(marked, system)
    assert any(wording(n, "en") == "paired counting round 1: 3–4 as draws" for n in p.notes)
