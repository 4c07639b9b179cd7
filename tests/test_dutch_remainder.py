"""The remainder of a bracket matched on its S1 v S2 pairs when counting
bounds prove that pairing best (``_Bracket._remainder_by_bound`` in
``engine/systems/dutch/``) is a speed measure only: whenever it is taken, its
matching weighs, on the bracket, what the general matching it replaces
weighs (so it is a best one), and every round is paired as without it — on
the conformance events, and on simulated ones with forfeits, byes and
withdrawals, small and large (the bound is taken and declined in both)."""

from __future__ import annotations

from dataclasses import replace
from functools import partial

import pytest

from bianpai.engine.systems import dutch
from bianpai.engine.systems.dutch import DEFAULT_OPTIONS, MatchingState, _Bracket
from bianpai.engine.model import CHESS_POINTS, XIANGQI_POINTS
from bianpai.engine.simulate.individual import play_event

from replay import replay_differences
from test_conformance_dutch import FILES, event


def bracket_weight(state: MatchingState, players: list[int], mate: list[int],
                   tie: dict[tuple[int, int], int] | None, product: int) -> int:
    """The packed weight of ``mate``'s pairs among ``players`` as the
    bracket's matching weighs them: fields, then low parts, then S1 ranks."""
    layout = state.bracket_layout or state.layout_of(players)
    shift = state.low_shift()
    tbb = product.bit_length() if tie else 0
    among = set(players)
    total = 0
    for a in players:
        b = mate[a]
        if b in among and b < a:
            x = state.w[a][b]
            assert x is not None
            total += (((x.fields.code(layout) << shift) + x.low) << tbb) + \
                (tie.get((a, b), 0) if tie else 0)
    return total


@pytest.fixture
def checked(monkeypatch: pytest.MonkeyPatch) -> dict[bool | str, int]:
    """``_remainder_by_bound`` with every matching it gives weighed against
    the general matching it replaces; how often it gave one or declined
    (and ``"last"``: how often it gave one for the last bracket, the bye)."""
    said = {True: 0, False: 0, "last": 0}
    by_bound = _Bracket._remainder_by_bound

    def checking(self: _Bracket, remainder: list[int], rem_pairs: int,
                 tie: dict[tuple[int, int], int] | None, product: int) -> list[int] | None:
        mate = by_bound(self, remainder, rem_pairs, tie, product)
        said[mate is not None] += 1
        if mate is not None:
            said["last"] += self.rnd.state.below is None
            state = self.rnd.state
            players = [self.players_by_index[pi] for pi in remainder]
            full = state.compute_ranked(tie, product) if tie else state.compute()
            assert bracket_weight(state, players, mate, tie, product) == \
                bracket_weight(state, players, full, tie, product)
            # (the S1 players the ranks settle get the same opponents)
            ranked = {s1 for _, s1 in tie} if tie else set()
            assert all(mate[v] == full[v] for v in ranked)
        return mate

    monkeypatch.setattr(_Bracket, "_remainder_by_bound", checking)
    return said


BASE = replace(DEFAULT_OPTIONS, first_matching_s1_v_s2=False)
"""The options the bound is tested under: the S1 v S2 first matching
(``MatchingState.compute_s1_v_s2``, tested in ``test_dutch_s1_v_s2.py``) takes
most remainders before the bound sees them, so it is off on both sides."""


def test_on_the_conformance_events_it_is_a_best_matching_and_pairs_the_same(
        checked: dict[bool | str, int]) -> None:
    without = partial(dutch.pair, options=replace(BASE, remainder_by_bound=False))
    for path in FILES[::4]:
        t = event(path)
        assert replay_differences(path.name, t, partial(dutch.pair, options=BASE)) == ()
        assert replay_differences(path.name, t, without) == ()
    assert checked[True] > 100 and checked[False] > 100 and checked["last"] > 10


# (players, rounds, points, forfeit rate, absence rate, withdrawal rate, seed)
EVENTS = [
    (30, 7, CHESS_POINTS, 0.05, 0.05, 0.02, 21),
    (64, 9, XIANGQI_POINTS, 0.02, 0.02, 0.0, 22),
    (101, 9, CHESS_POINTS, 0.02, 0.01, 0.01, 23),
    (160, 7, XIANGQI_POINTS, 0.0, 0.0, 0.0, 24),
    (301, 5, CHESS_POINTS, 0.01, 0.01, 0.0, 25),
]


@pytest.mark.parametrize("n,rounds,points,forfeits,absences,withdrawals,seed", EVENTS)
def test_simulated_rounds_paired_with_it_equal_those_without(
        checked: dict[bool | str, int], n: int, rounds: int, points, forfeits: float,
        absences: float, withdrawals: float, seed: int) -> None:
    t = play_event(n, rounds, "dutch", seed, points=points, forfeit_rate=forfeits,
                   absence_rate=absences, withdraw_rate=withdrawals)
    for k in checked:
        checked[k] = 0
    assert replay_differences(t.name, t, partial(dutch.pair, options=BASE)) == ()
    assert checked[True] > 0, "the bound was never taken: this event tests nothing"
    without = partial(dutch.pair, options=replace(BASE, remainder_by_bound=False))
    assert replay_differences(t.name, t, without) == ()
