"""循环制: the round robin from the FIDE Berger tables (C.05 Annex 1), issue #7.

The published tables below are typed from the handbook's Berger tables (the
first-named player has white = red).  For every size 3–16 the generator is
also checked against the rule the tables are built on, written here in an
independent closed form (Schurig's rule):

* two players i, j < N meet in the round r ≡ i + j − 1 (mod N−1);
  the smaller number is red when i + j is odd, the larger when it is even;
* player N meets i in the round r ≡ 2i − 1 (mod N−1); he is black against
  i ≤ N/2 and red against i > N/2;
* the pair with N is on board 1 (the handbook lays it out first).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from itertools import combinations
from pathlib import Path

import pytest

from bianpai.addin.workbook.messages import wording  # the engine's records, worded as the workbook shows them
from bianpai.engine.model import Bye, ByeKind, Colour, GameResult, history
from bianpai.engine.results import InputError, PairingError, pairing_output
from bianpai.engine.registry import pair_next_round
from bianpai.engine.systems.roundrobin import (
    ROUND_ROBIN_BELOW, STEP_FORFEIT,
    STEP_SCHEDULED, berger_size, berger_table, draw_order,
    excluded_from_standings, for_final_standings, forfeit_results, pair, round_robin_rounds, schedule,
    seat_order,
    advise_round_robin, withdrawals,
)
from bianpai.engine.simulate.individual import new_event, play_event, play_round
from bianpai.engine.rules import RR_CYCLES, RR_DRAW_SEED, RR_SWAP_LAST_TWO, Rules, parse_rules
from bianpai.engine.formats.trf import write_trf

from conftest import bianpai_in_process

# C.05 Annex 1, "Berger Tables for Round-Robin Tournaments" (3 or 4 … 11 or 12 players).
PUBLISHED = {
    4: """1-4 2-3
          4-3 1-2
          2-4 3-1""",
    6: """1-6 2-5 3-4
          6-4 5-3 1-2
          2-6 3-1 4-5
          6-5 1-4 2-3
          3-6 4-2 5-1""",
    8: """1-8 2-7 3-6 4-5
          8-5 6-4 7-3 1-2
          2-8 3-1 4-7 5-6
          8-6 7-5 1-4 2-3
          3-8 4-2 5-1 6-7
          8-7 1-6 2-5 3-4
          4-8 5-3 6-2 7-1""",
    10: """1-10 2-9 3-8 4-7 5-6
           10-6 7-5 8-4 9-3 1-2
           2-10 3-1 4-9 5-8 6-7
           10-7 8-6 9-5 1-4 2-3
           3-10 4-2 5-1 6-9 7-8
           10-8 9-7 1-6 2-5 3-4
           4-10 5-3 6-2 7-1 8-9
           10-9 1-8 2-7 3-6 4-5
           5-10 6-4 7-3 8-2 9-1""",
    12: """1-12 2-11 3-10 4-9 5-8 6-7
           12-7 8-6 9-5 10-4 11-3 1-2
           2-12 3-1 4-11 5-10 6-9 7-8
           12-8 9-7 10-6 11-5 1-4 2-3
           3-12 4-2 5-1 6-11 7-10 8-9
           12-9 10-8 11-7 1-6 2-5 3-4
           4-12 5-3 6-2 7-1 8-11 9-10
           12-10 11-9 1-8 2-7 3-6 4-5
           5-12 6-4 7-3 8-2 9-1 10-11
           12-11 1-10 2-9 3-8 4-7 5-6
           6-12 7-5 8-4 9-3 10-2 11-1""",
}


def parse_table(text: str) -> tuple[tuple[tuple[int, int], ...], ...]:
    return tuple(
        tuple(tuple(int(x) for x in pair.split("-")) for pair in line.split())  # type: ignore[misc]
        for line in text.strip().splitlines()
    )


@pytest.mark.parametrize("size", sorted(PUBLISHED))
def test_generated_table_is_the_published_one(size: int) -> None:
    """Board by board and colour by colour, the generated table is the handbook's."""
    assert berger_table(size) == parse_table(PUBLISHED[size])


@pytest.mark.parametrize("n", range(3, 17))
def test_every_size_follows_the_construction_rule(n: int) -> None:
    """Schurig's closed form (module docstring) for every pair of every size 3–16;
    an odd field plays the table of N+1 with the last seat as the bye."""
    size = berger_size(n)
    assert size == (n if n % 2 == 0 else n + 1)
    table = berger_table(size)
    assert len(table) == size - 1
    m = size - 1

    def residue(x: int) -> int:
        return (x - 1) % m + 1

    for r, pairs in enumerate(table, start=1):
        assert len(pairs) == size // 2
        assert size in pairs[0]  # the pair with N stands on board 1
        for red, black in pairs:
            if size in (red, black):
                i = black if red == size else red
                assert residue(2 * i - 1) == r
                assert (red == size) == (i > size // 2)
            else:
                i, j = sorted((red, black))
                assert residue(i + j - 1) == r
                assert red == (i if (i + j) % 2 else j)


@pytest.mark.parametrize("n", range(3, 17))
@pytest.mark.parametrize("cycles", [1, 2])
def test_every_pair_meets_once_per_cycle_and_odd_fields_have_one_bye_each(n: int, cycles: int) -> None:
    plan = schedule(n, cycles)
    size = berger_size(n)
    assert len(plan) == round_robin_rounds(n, cycles) == cycles * (size - 1)
    for c in range(1, cycles + 1):
        rounds = [s for s in plan if s.cycle == c]
        met = Counter(frozenset(p) for s in rounds for p in s.pairs)
        assert set(met) == {frozenset(p) for p in combinations(range(1, size + 1), 2)}
        assert set(met.values()) == {1}
        for s in rounds:  # everyone in every round exactly once
            assert sorted(x for p in s.pairs for x in p) == list(range(1, size + 1))
        if n % 2:  # the dummy seat N+1 = the bye, once for each player
            byes = [x for s in rounds for p in s.pairs if size in p for x in p if x != size]
            assert sorted(byes) == list(range(1, n + 1))


def _colours(plan, n: int) -> dict[int, list[Colour]]:
    """Colours of real games only (a pair with the dummy seat is a bye)."""
    size = berger_size(n)
    out: dict[int, list[Colour]] = {s: [] for s in range(1, n + 1)}
    for s in plan:
        for red, black in s.pairs:
            if size in (red, black) and n % 2:
                continue
            out[red].append(Colour.RED)
            out[black].append(Colour.BLACK)
    return out


@pytest.mark.parametrize("n", range(3, 17))
def test_colours_balanced_as_the_tables_intend(n: int) -> None:
    """In one cycle nobody's reds and blacks differ by more than one (an even
    field: half the players have one red more); over two cycles everyone has
    exactly as many reds as blacks."""
    single = _colours(schedule(n, 1), n)
    diffs = [c.count(Colour.RED) - c.count(Colour.BLACK) for c in single.values()]
    assert all(abs(d) <= 1 for d in diffs)
    if n % 2 == 0:
        assert diffs.count(1) == diffs.count(-1) == n // 2
    double = _colours(schedule(n, 2), n)
    assert all(c.count(Colour.RED) == c.count(Colour.BLACK) for c in double.values())


@pytest.mark.parametrize("n", range(3, 17))
def test_second_cycle_is_the_table_with_colours_reversed(n: int) -> None:
    size = berger_size(n)
    table = berger_table(size)
    plan = schedule(n, 2, swap_last_two=True)
    first, second = plan[: size - 1], plan[size - 1:]
    for k, s in enumerate(second, start=1):
        assert s.cycle == 2 and s.reversed and s.table_round == k
        assert s.pairs == tuple((b, r) for r, b in table[k - 1])
    # C.05 Annex 1: the last two rounds of the first cycle are switched …
    assert [s.table_round for s in first] == list(range(1, size - 2)) + [size - 1, size - 2]
    assert schedule(n, 2, swap_last_two=False)[size - 2].pairs == table[-1]
    # … so that nobody plays three equal colours in a row across the cycles.
    assert max(_longest_run(c) for c in _colours(plan, n).values()) <= 2


def _longest_run(colours: list[Colour]) -> int:
    best = run = 0
    for i, c in enumerate(colours):
        run = run + 1 if i and c is colours[i - 1] else 1
        best = max(best, run)
    return best


def test_single_round_robin_is_never_reordered() -> None:
    assert tuple(s.pairs for s in schedule(8, 1)) == berger_table(8)


@pytest.mark.parametrize("n", [3, 4, 7, 10])
def test_pair_follows_the_schedule_round_by_round(n: int) -> None:
    """A simulated single round robin: round k's boards are the table's round k
    (numbers as entered = Berger numbers); in an odd field the partner of seat
    N+1 has the bye; board steps and colour rules say so."""
    rounds = round_robin_rounds(n)
    t = play_event(n, rounds, "roundrobin", seed=n)
    table = berger_table(berger_size(n))
    for k, rnd in enumerate(t.rounds, start=1):
        expected = [p for p in table[k - 1] if max(p) <= n]
        assert [(g.red, g.black) for g in rnd.games] == expected
        dummy = [p for p in table[k - 1] if max(p) > n]
        assert rnd.pairing_bye == (min(dummy[0]) if dummy else None)
    p = pair(t.before_round(rounds))
    assert {b.step for b in p.boards} == {STEP_SCHEDULED}
    assert all(b.colour_rule for b in p.boards) and p.notes == ()
    with pytest.raises(PairingError):
        pair(t)  # round rounds+1 does not exist


def test_double_round_robin_second_cycle_reverses_colours() -> None:
    """Six players, two cycles (inferred from 10 rounds): round 6 is table round
    1 reversed: 6–1, 5–2, 4–3."""
    t = play_event(6, 10, "roundrobin", seed=3)
    assert [(g.red, g.black) for g in t.rounds[5].games] == [(6, 1), (5, 2), (4, 3)]
    assert pair(t.before_round(6)).boards[0].colour_rule.startswith("Berger 表颠倒")
    # the rule overrides the inference
    single = replace(new_event(6, 1, total_rounds=10), rules=Rules(rr_cycles=1))
    assert wording(pair(single).notes[0], "zh").startswith("总轮次 10")


def test_first_colour_black_swaps_every_board() -> None:
    """TRF ``XXC black1``: seat 1 drew black, so every board of the table is
    reversed (round 3 of 6 players: 6–2, 1–3, 5–4)."""
    t = replace(play_event(6, 5, "roundrobin", seed=2, upto=2), first_colour=Colour.BLACK)
    p = pair(t)
    assert p.pairs() == [(6, 2), (1, 3), (5, 4)]
    assert all(b.colour_rule.endswith("XXC black1: 全部先后对调") for b in p.boards)


def test_pairing_numbers_by_recorded_draw() -> None:
    """rr.draw_seed: the seat order is a seeded shuffle of the numbers — the same
    seed gives the same seats; round 1 pairs seat 1 v seat N, …"""
    order = draw_order(range(1, 9), 2026)  # type: ignore[arg-type]
    assert sorted(order) == list(range(1, 9)) and order == draw_order(list(range(8, 0, -1)), 2026)
    t = replace(new_event(8, 5, total_rounds=7), rules=Rules(rr_draw_seed=2026))
    assert seat_order(t) == order
    p = pair(t)
    assert p.pairs() == [(order[a - 1], order[b - 1]) for a, b in berger_table(8)[0]]
    with pytest.raises(InputError, match="rr.draw_seed"):
        parse_rules([(RR_DRAW_SEED, "abc")], 7)
    with pytest.raises(InputError, match="rr.cycles"):
        parse_rules([(RR_CYCLES, "3")], 7)
    with pytest.raises(InputError, match=RR_SWAP_LAST_TWO):
        parse_rules([(RR_SWAP_LAST_TWO, "yes")], 7)


def test_withdrawn_players_games_are_forfeits() -> None:
    """Six players; player 2 withdraws after round 2, player 5 asks for round 3 off.
    Round 3 of the table: 2–6, 3–1, 4–5.  C.05: the games stay on their boards,
    6 wins by forfeit against 2 (+/−), 4 against 5; 3–1 is played.  The round
    has no byes and nobody twice."""
    t = play_event(6, 5, "roundrobin", seed=11, upto=2)
    players = tuple(replace(p, withdrawn_from=3) if p.number == 2 else p for p in t.players)
    t = replace(t, players=players, requests=((3, Bye(5, ByeKind.HALF)),))
    p = pair(t)
    assert p.pairs() == [(2, 6), (3, 1), (4, 5)]
    assert [b.step for b in p.boards] == [STEP_FORFEIT, STEP_SCHEDULED, STEP_FORFEIT]
    assert forfeit_results(t, p) == {2: GameResult.BLACK_FORFEIT_WIN, 4: GameResult.RED_FORFEIT_WIN}
    rnd = p.as_round(t)
    assert rnd.byes == () and len(rnd.games) == 3
    # standings data: 2 played 2 of his 5 games (< 50%): his results do not count
    t = replace(t, rounds=t.rounds + (rnd,), requests=())
    w = withdrawals(t)
    assert [(x.player, x.from_round, x.games_played, x.games_scheduled) for x in w] == [(2, 3, 2, 5)]
    assert not w[0].counts_in_standings and excluded_from_standings(t) == (2,)
    # … so the final standings are those of the event without him and his games
    view = for_final_standings(t)
    assert 2 not in view.numbers and all(2 not in (g.red, g.black) for r in view.rounds for g in r.games)
    assert len(view.rounds[2].games) == 2 and sum(len(r.games) for r in view.rounds) == 2 + 2 + 2


def test_both_players_absent_is_a_double_forfeit() -> None:
    t = new_event(4, 2, total_rounds=3)
    t = replace(t, requests=((1, Bye(1, ByeKind.ABSENT)), (1, Bye(4, ByeKind.ABSENT))))
    p = pair(t)
    assert forfeit_results(t, p) == {1: GameResult.DOUBLE_FORFEIT}


def test_withdrawal_after_half_the_games_still_counts() -> None:
    t = play_event(4, 3, "roundrobin", seed=5, upto=2)
    t = replace(t, players=tuple(replace(p, withdrawn_from=3) if p.number == 4 else p
                                 for p in t.players))
    (w,) = withdrawals(t)
    assert (w.games_played, w.games_scheduled, w.counts_in_standings) == (2, 3, True)
    assert excluded_from_standings(t) == ()


def test_bye_of_an_odd_field_scores_and_colours_nothing() -> None:
    t = play_event(5, 5, "roundrobin", seed=8)
    for _num, h in history(t).items():
        assert sum(1 for e in h.entries if e.opponent is None) == 1  # one bye each
        assert len(h.colours) == 4


def test_round_robin_is_suggested_below_ten_players() -> None:
    """Seed 003 §(四): 参赛选手少于10 人时建议采用循环制."""
    assert ROUND_ROBIN_BELOW == 10
    assert [n for n in range(1, 13) if advise_round_robin(n)] == list(range(2, 10))


def test_registry_and_trf_pair_command(tmp_path: Path) -> None:
    """``bianpai trf-pair --system roundrobin`` pairs the next round of a TRF
    file exactly as the engine does (JaVaFo ``-p`` format)."""
    t = play_event(7, 7, "roundrobin", seed=4, upto=3)
    assert pair_next_round(t, "roundrobin") == pair(t)
    path = tmp_path / "rr.trf"
    write_trf(t, path)
    done = bianpai_in_process("trf-pair", str(path), "--system", "roundrobin")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert out == pairing_output(pair(t))
    assert out.splitlines()[0] == "4" and out.splitlines()[-1].endswith(" 0")  # 3 boards + bye


def test_play_round_records_the_schedule_deterministically() -> None:
    import random
    a = play_round(new_event(9, 1, total_rounds=9), "roundrobin", random.Random(1))
    b = play_round(new_event(9, 1, total_rounds=9), "roundrobin", random.Random(1))
    assert a == b
