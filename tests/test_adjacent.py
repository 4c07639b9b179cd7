"""临近编排 — the adjacent method (seed 003 §(三)3, systems.md), issue #3.

Worked examples derived by hand (points 2/1/0, red named first), a comparison
with an exhaustive reference implementation of the rule on small events, and
properties on simulated events of 2–60 players.
"""

from __future__ import annotations

import random
from dataclasses import replace
from itertools import combinations
from typing import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bianpai.engine.systems.chinese import adjacent
from bianpai.engine.systems.chinese.adjacent import (
    STEP_ADJACENT, STEP_BROKEN, STEP_DOWNFLOAT, STEP_NEXT_ELIGIBLE, _Round, group_order, pair,
    plain_order,
)
from bianpai.engine.systems.chinese.colours import RULE_AVOID_THREE, RULE_FEWER_REDS, RULE_NUMBER_SUM
from bianpai.engine.history.colours import NO_COLOURS
from bianpai.engine.model import (
    Bye, ByeKind, Game, GameResult, Player, Round, Tournament, history,
)
from bianpai.engine.results import InputError, Pairing, PairingError
from bianpai.engine.registry import pair_next_round
from bianpai.engine.rules import Rules
from bianpai.engine.simulate.individual import new_event, play_round, random_players, random_result

from conftest import bianpai_in_process

W, D, L = GameResult.RED_WIN, GameResult.DRAW, GameResult.BLACK_WIN


def event(n: int, *rounds: Round, total: int = 7) -> Tournament:
    return Tournament("例", tuple(Player(i, f"棋手{i}") for i in range(1, n + 1)), tuple(rounds),
                      total_rounds=total)


def boards(p: Pairing) -> list[tuple[int, int, str, str]]:
    return [(b.red, b.black, b.step, b.colour_rule) for b in p.boards]


# ---------------------------------------------------------------------------
# Worked examples
# ---------------------------------------------------------------------------

R1_EIGHT = Round(1, (Game(1, 2, W), Game(4, 3, W), Game(5, 6, D), Game(8, 7, D)))
R2_EIGHT = Round(2, (Game(1, 4, W), Game(6, 8, D), Game(7, 5, W), Game(2, 3, W)))


def test_seed_orders_odd_rounds_ascending_even_rounds_descending() -> None:
    """Seed 003 §(三)3 (4): a group of 1, 8, 13, 19, 25, 36 pairs 1–8, 13–19,
    25–36 in an odd round and 36–25, 19–13, 8–1 in an even round."""
    group = [36, 1, 19, 8, 25, 13]
    assert group_order(group, 3) == [1, 8, 13, 19, 25, 36]
    assert group_order(group, 4) == [36, 25, 19, 13, 8, 1]
    rnd = _Round(4, 9, False, {}, {n: frozenset() for n in group}, 0, False)
    assert [(a, b) for a, b, _ in plain_order(rnd, group_order(group, 4), frozenset())[0]] == \
        [(36, 25), (19, 13), (8, 1)]


def test_seed_example_of_three_floaters() -> None:
    """Seed 003 §(三)3 (5): 6, 45 and 89 (who have all met) float into a group
    of 18, 29, 30, 51, 62, 63, 84 in an odd round.  They stand first and each
    takes the next eligible player: 6–18, 45–29, 89–30, then 51–62, 63–84."""
    floaters = [6, 45, 89]
    group = [18, 29, 30, 51, 62, 63, 84]
    everyone = floaters + group
    met = {n: frozenset(set(floaters) - {n}) if n in floaters else frozenset() for n in everyone}
    rnd = _Round(5, 9, False, {}, met, 2, False)
    pairs, left = plain_order(rnd, floaters + group_order(group, 5), frozenset(floaters))
    assert [(a, b) for a, b, _ in pairs] == [(6, 18), (45, 29), (89, 30), (51, 62), (63, 84)]
    assert [s for _, _, s in pairs] == [STEP_DOWNFLOAT] * 3 + [STEP_ADJACENT] * 2
    assert left == []


def test_round_one_is_adjacent_numbers_by_default() -> None:
    """dingwei.md §3 近号配对: 1–2, 4–3, 5–6, 8–7 (odd boards smaller number red)."""
    assert pair(event(8)).pairs() == [(1, 2), (4, 3), (5, 6), (8, 7)]
    p = pair(event(5))
    assert p.pairs() == [(1, 2), (4, 3)] and p.bye == 5


def test_even_round_descending_with_a_rematch_skipped() -> None:
    """Round 1: 1–2 1-0, 4–3 1-0, 5–6 draw, 8–7 draw.  Scores: 1, 4 two points;
    5, 6, 7, 8 one; 2, 3 none.  Round 2 is even: groups in descending order.

    * 2 points [4, 1]: 4–1 相邻.  Both 平... no: both had red (d = +1, 上先);
      §6.5: 1 + 4 = 5 is odd, the smaller number red → 1–4.
    * 1 point [8, 7, 6, 5]: 8 and 7 have met, so 8 takes 6 (顺延); 7–5 相邻.
      8 (d = +1) v 6 (d = −1): §6.2 少先 red → 6–8; 7 (−1) v 5 (+1) → 7–5.
    * 0 points [3, 2]: 3–2; both had black (d = −1, 上后), 3 + 2 odd → 2–3.
    """
    p = pair(event(8, R1_EIGHT))
    assert boards(p) == [
        (1, 4, STEP_ADJACENT, RULE_NUMBER_SUM),
        (6, 8, STEP_NEXT_ELIGIBLE, RULE_FEWER_REDS),
        (7, 5, STEP_ADJACENT, RULE_FEWER_REDS),
        (2, 3, STEP_ADJACENT, RULE_NUMBER_SUM),
    ]
    assert p.bye is None
    assert [(b.score, b.red_row) for b in p.brackets] == [(2, (4, 1)), (1, (8, 7, 6, 5)), (0, (3, 2))]


def test_odd_round_float_and_broken_pair() -> None:
    """Round 2 (above): 1–4 1-0, 6–8 draw, 7–5 1-0, 2–3 1-0.  Scores: 1 four;
    7 three; 2, 4, 6, 8 two; 5 one; 3 none.  Round 3 is odd: ascending.

    * [1] alone floats down (下调) and is paired first in [1, 7]: 1–7.
      1 had red twice (连先, d = +2): red again would be three → §6.1, 7 red: 7–1.
    * [2, 4, 6, 8]: in order 2–4, then 6 and 8 have met (6–8 in round 2) and
      the group could not be completed.  2–6 and 4–8 complete it, and 5–3 can
      still meet below, so the pair 2–4 is broken (拆对): 2 takes 6, 4 takes 8.
      2 and 6 are both 平先上先, 4 and 8 both 平先上后: §6.5, sums even, the
      larger number red: 6–2, 8–4.
    * [5] floats into [5, 3]: 5–3 下调.  3 had black twice (连后): §6.1, 3–5.
    """
    p = pair(event(8, R1_EIGHT, R2_EIGHT))
    assert boards(p) == [
        (7, 1, STEP_DOWNFLOAT, RULE_AVOID_THREE),
        (6, 2, STEP_BROKEN, RULE_NUMBER_SUM),
        (8, 4, STEP_ADJACENT, RULE_NUMBER_SUM),
        (3, 5, STEP_DOWNFLOAT, RULE_AVOID_THREE),
    ]
    assert [b.floaters for b in p.brackets] == [(), (1,), (), (), (5,)]


def test_bye_to_the_lowest_group_and_pairs_broken_above_to_allow_it() -> None:
    """Five players.  Round 1: 1–2 1-0, 4–3 draw, 5 has the bye (highest number).
    Scores: 5, 1 two; 4, 3 one; 2 none.  Round 2 is even: descending.

    The bye goes to the lowest group that can give it: 2 (no bye yet), since
    1–3 and 4–5 (or 1–4, 3–5) can then be played.  In order, [5, 1] would pair
    5–1, but then 4 and 3 (who have met) would be left with 2 and the bye:
    impossible.  So 5–1 is broken and both float into [5, 1, 4, 3]: 5 takes
    4 (拆对: 1 was nearer), 1 takes 3 (下调); 2 has the bye.
    5 (no colour yet, d = 0) v 4 (d = +1): §6.2 → 5–4; 1 (+1) v 3 (−1) → 3–1.
    """
    r1 = Round(1, (Game(1, 2, W), Game(4, 3, D)), (Bye(5, ByeKind.PAIRING),))
    p = pair(event(5, r1))
    assert boards(p) == [(5, 4, STEP_BROKEN, RULE_FEWER_REDS), (3, 1, STEP_DOWNFLOAT, RULE_FEWER_REDS)]
    assert p.bye == 2


def test_forfeits_count_as_met() -> None:
    """1–2 was forfeited in round 1 (2 did not come): they have still met
    (MET_INCLUDES_FORFEITS), so in round 2 1 takes 4 instead."""
    assert adjacent.MET_INCLUDES_FORFEITS is True
    r1 = Round(1, (Game(1, 2, GameResult.RED_FORFEIT_WIN), Game(4, 3, W)))
    p = pair(event(4, r1))
    assert {frozenset(x) for x in p.pairs()} == {frozenset((1, 4)), frozenset((2, 3))}


def test_unfinished_games_need_the_provisional_setting() -> None:
    r1 = Round(1, (Game(1, 2, W), Game(4, 3, None)))
    with pytest.raises(InputError, match="red=4, black=3"):
        pair(event(4, r1))
    t = replace(event(4, r1), rules=Rules(provisional=True))
    assert pair(t).notes[0].key == "xp.note.provisional"


def test_no_pairing_is_an_error() -> None:
    """Three players who have all met, each with a bye already: no round 4."""
    t = event(3, Round(1, (Game(1, 2, W),), (Bye(3),)), Round(2, (Game(3, 1, W),), (Bye(2),)),
              Round(3, (Game(2, 3, W),), (Bye(1),)))
    with pytest.raises(PairingError):
        pair(t)


# ---------------------------------------------------------------------------
# An exhaustive reference of the rule, for small events
# ---------------------------------------------------------------------------


def _matchable(players: list[int], met: dict[int, frozenset[int]], bye: frozenset[int] | None) -> bool:
    """Brute force: can ``players`` all be paired (one of ``bye`` taking the bye)?"""
    if not players:
        return bye is None
    first, rest = players[0], players[1:]
    if bye is not None and first in bye and _matchable(rest, met, None):
        return True
    return any(_matchable([x for x in rest if x != q], met, bye) for q in rest if q not in met[first])


Outcome = tuple[list[tuple[int, int]], list[int]]  # (pairs, left over)


def _outcomes(order: list[int], met: dict[int, frozenset[int]]) -> Iterator[Outcome]:
    """Every way to pair a group, in the order of the rule: the first player
    takes each later eligible player in turn, and last is left over."""
    if not order:
        yield [], []
        return
    p, rest = order[0], order[1:]
    for q in rest:
        if q not in met[p]:
            for pairs, left in _outcomes([x for x in rest if x != q], met):
                yield [(p, q)] + pairs, left
    for pairs, left in _outcomes(rest, met):
        yield pairs, [p] + left


def reference(t: Tournament) -> tuple[list[frozenset[int]], int | None]:
    """The rule read literally: groups from the top; in each, among the ways
    that leave the round completable, those with the most pairs; of them the
    first in order.  The bye: the lowest group with a player who may take it
    and leave the round completable."""
    k = t.next_round
    players = list(t.to_pair(k))
    h = history(t, k)
    met = {n: frozenset(h[n].opponents_paired) & set(players) for n in players}
    score = {n: h[n].score for n in players}
    groups = [group_order([n for n in players if score[n] == s], k)
              for s in sorted(set(score.values()), reverse=True)]
    bye: frozenset[int] | None = None
    if len(players) % 2:
        for g in reversed(groups):
            cands = frozenset(n for n in g if not h[n].had_full_point_unplayed)
            if cands and _matchable(players, met, cands):
                bye = cands
                break
        assert bye is not None
    pairs: list[frozenset[int]] = []
    carry: list[int] = []
    for gi, g in enumerate(groups):
        rest = [n for gg in groups[gi + 1:] for n in gg]
        best: Outcome | None = None
        for ps, left in _outcomes(carry + g, met):
            if (best is None or len(ps) > len(best[0])) and _matchable(left + rest, met, bye):
                best = (ps, left)
        assert best is not None
        pairs += [frozenset(x) for x in best[0]]
        carry = best[1]
    return pairs, (carry[0] if carry else None)


def _play(n: int, rounds: int, seed: int, forfeit_rate: float = 0.05) -> Iterator[Tournament]:
    """The event before each round from 2 on, played with the adjacent method
    until its end or a round that cannot be paired."""
    rng = random.Random(seed)
    t = Tournament(f"sim {n}", random_players(n, rng), total_rounds=rounds)
    for k in range(1, rounds + 1):
        try:
            pair(t)
        except PairingError:
            return
        if k > 1:
            yield t
        t = play_round(t, "adjacent", rng, forfeit_rate)


@pytest.mark.parametrize("n", range(3, 11))
def test_same_pairs_and_bye_as_the_exhaustive_reference(n: int) -> None:
    """Every round 2+ of 25 seeded events of each size 3–10, to the last round
    possible: the engine's pairs (in board order) and bye are the reference's."""
    checked = 0
    for seed in range(25):
        for t in _play(n, n - 1, seed):
            p = pair(t)
            assert ([frozenset(x) for x in p.pairs()], p.bye) == reference(t), (n, seed, t.next_round)
            checked += 1
    assert checked >= 12


@pytest.mark.parametrize("n", [16, 18])
def test_same_as_the_reference_with_many_players_below(n: int) -> None:
    """Rounds 3–9 of 6 seeded events of 16 and 18 players: groups with many
    players below them are paired on their own (Dirac), and still agree."""
    checked = 0
    for seed in range(6):
        for t in _play(n, 9, seed):
            if t.next_round >= 3:
                p = pair(t)
                assert ([frozenset(x) for x in p.pairs()], p.bye) == reference(t), (n, seed, t.next_round)
                checked += 1
    assert checked >= 30


# ---------------------------------------------------------------------------
# Properties on simulated events of 2–60 players
# ---------------------------------------------------------------------------


def _check_round(t: Tournament, p: Pairing) -> None:
    k = t.next_round
    to_pair = set(t.to_pair(k))
    seen = [n for b in p.boards for n in (b.red, b.black)] + ([p.bye] if p.bye is not None else [])
    assert sorted(seen) == sorted(to_pair), "everyone paired once or has the bye"
    assert (p.bye is not None) == (len(to_pair) % 2 == 1), "at most one bye, only when odd"
    h = history(t, k)
    for b in p.boards:
        assert b.black not in h[b.red].opponents_paired, "no rematch (forfeits count)"
        if k > 1:
            assert b.step in (STEP_ADJACENT, STEP_NEXT_ELIGIBLE, STEP_DOWNFLOAT, STEP_BROKEN)
        assert b.colour_rule.startswith("§")
    if p.bye is not None:
        assert not h[p.bye].had_full_point_unplayed, "no second bye (or bye after a forfeit win)"


def _no_pairing_exists(t: Tournament) -> bool:
    """Independent check that a round really cannot be paired (any bye)."""
    k = t.next_round
    players = list(t.to_pair(k))
    h = history(t, k)
    met = {n: frozenset(h[n].opponents_paired) for n in players}
    bye = frozenset(n for n in players if not h[n].had_full_point_unplayed) if len(players) % 2 else None
    if bye is not None and not bye:
        return True
    import rustworkx as rx
    g = rx.PyGraph()
    nodes = players + ([-1] if bye is not None else [])
    g.add_nodes_from(nodes)
    idx = {v: i for i, v in enumerate(nodes)}
    g.add_edges_from([(idx[a], idx[b], 1) for a, b in combinations(players, 2) if b not in met[a]] +
                     [(idx[c], idx[-1], 1) for c in (bye or ())])
    return 2 * len(rx.max_weight_matching(g, max_cardinality=True)) < len(nodes)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.integers(2, 60), rounds=st.integers(1, 11), seed=st.integers(0, 10**6),
       forfeits=st.sampled_from([0.0, 0.05]), absences=st.sampled_from([0.0, 0.05]))
def test_properties_on_simulated_events(n: int, rounds: int, seed: int, forfeits: float,
                                        absences: float) -> None:
    """Played to the end: no rematch, everyone paired once or the bye, at most
    one bye and never twice, deterministic (also with the players listed in
    another order); a round that fails really has no pairing."""
    rng = random.Random(seed)
    t = Tournament(f"sim {n}", random_players(n, rng), total_rounds=rounds)
    for k in range(1, rounds + 1):
        if k > 1 and absences:
            t = replace(t, requests=tuple((k, Bye(p.number, ByeKind.HALF)) for p in t.players
                                          if rng.random() < absences))
        try:
            p = pair(t)
        except PairingError:
            assert k > 1 and _no_pairing_exists(t)
            return
        _check_round(t, p)
        assert pair(t) == p
        assert pair(replace(t, players=tuple(reversed(t.players)))) == p
        assert pair_next_round(t, "adjacent") == p
        rnd = p.as_round(t)
        games = tuple(replace(g, result=random_result(rng, forfeits)) for g in rnd.games)
        t = t.with_round(replace(rnd, games=games))


def test_simulate_plays_a_whole_adjacent_event() -> None:
    from bianpai.engine.simulate.individual import play_event
    t = play_event(30, 7, "adjacent", seed=7, forfeit_rate=0.03)
    assert len(t.rounds) == 7
    for k in range(1, 8):
        before = t.before_round(k)
        _check_round(before, pair(before))
    assert new_event(30, 7).next_round == 1 and NO_COLOURS.d == 0


def test_trf_pair_command_with_the_adjacent_system(tmp_path) -> None:
    """``bianpai trf-pair --system adjacent`` gives the engine's pairing of the file."""
    from bianpai.engine.results import pairing_output
    from bianpai.engine.simulate.individual import play_event
    from bianpai.engine.formats.trf import read_trf, write_trf

    path = tmp_path / "adj.trf"
    write_trf(play_event(15, 7, "adjacent", seed=9, upto=3), path)
    done = bianpai_in_process("trf-pair", str(path), "--system", "adjacent")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert out == pairing_output(pair(read_trf(path)))
    assert out.splitlines()[0] == "8"  # 7 boards and the bye
