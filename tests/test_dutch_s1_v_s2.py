"""A bracket's first matching made on S1 v S2 alone (``engine/systems/dutch/``,
:meth:`MatchingState.compute_s1_v_s2`): with one MDP, after the MDP's
matching on the fields and his opponent ranks
(:meth:`_Bracket._first_matching_by_s1_v_s2`); without MDPs, the
remainder's matching (:meth:`_Bracket._remainder_by_s1_v_s2`).  Whenever
an S1 v S2 matching is taken it is a best matching of the whole
lexicographic weight (fields, the MDP's opponent, the exchange terms of
C.04.3 2.3, the S1 ranks) — checked against one matching of that weight
built here from its definition — and the rounds pair as without the
shortcut (``DutchOptions.first_matching_s1_v_s2``)."""

from __future__ import annotations

from dataclasses import replace
from functools import partial

import pytest

from bianpai.engine.systems import dutch
from bianpai.engine.systems.dutch import DEFAULT_OPTIONS, MatchingState
from bianpai.engine.matching import max_weight_matching
from bianpai.engine.model import CHESS_POINTS, XIANGQI_POINTS
from bianpai.engine.simulate.individual import play_event

from replay import replay_differences
from test_conformance_dutch import FILES, event

WITHOUT = replace(DEFAULT_OPTIONS, first_matching_s1_v_s2=False)
COMPUTE_S1_V_S2 = MatchingState.compute_s1_v_s2

# (players, rounds, points, forfeit rate, absence rate, withdrawal rate, seed)
EVENTS = [
    (48, 9, CHESS_POINTS, 0.02, 0.02, 0.0, 21),
    (97, 7, XIANGQI_POINTS, 0.05, 0.02, 0.01, 22),
    (151, 9, CHESS_POINTS, 0.02, 0.01, 0.01, 23),
    (200, 6, XIANGQI_POINTS, 0.0, 0.0, 0.0, 24),
    (301, 5, CHESS_POINTS, 0.02, 0.02, 0.0, 25),
]


def whole_weight_best(state: MatchingState, s1: list[int], s2: list[int],
                      pinned: tuple[int, int] | None, tie: dict[tuple[int, int], int],
                      product: int, vertices: list[int], layout: dutch.Layout,
                      mate: list[int]) -> tuple[int, int]:
    """The lexicographic weight, from its definition, of ``mate`` and of a
    best matching of ``vertices``: the fields, then the MDP's opponent (the
    higher the resident, the better; none outside the bracket), then the
    exchange terms (most S1 players as the higher of a pair, then the
    smallest positions of the higher players), then the ranks ``tie``."""
    remainder = s1 + s2
    position = {v: i for i, v in enumerate(remainder)}
    n = len(vertices)
    big = 1 << (2 * n.bit_length() + 2)  # one more higher player in S1 beats any positions
    exchange_bits = (2 * (len(s1) * big + n * n)).bit_length() + 1
    tie_bits = product.bit_length()
    rank_bits = (n + 1).bit_length() + 1
    residents = set(remainder) | ({pinned[1]} if pinned else set())

    def weight(a: int, b: int) -> int | None:
        x = state.w[a][b]
        if x is None:
            return None
        code = x.fields.code(layout)
        if code <= 0:
            return None
        rank = 0
        if pinned is not None and pinned[0] in (a, b):
            other = b if a == pinned[0] else a
            rank = state.n - other if other in residents else 0
        exchange = 0
        if a in position and b in position:
            higher = min(position[a], position[b])
            exchange = big * (higher < len(s1)) - higher
        ranked = tie.get((max(a, b), min(a, b)), 0)
        return ((((code << rank_bits) + rank) << exchange_bits) + exchange << tie_bits) + ranked

    edges = []
    for ia, a in enumerate(vertices):
        for ib in range(ia):
            h = weight(a, vertices[ib])
            if h is not None:
                edges.append((ia, ib, h))
    sub = max_weight_matching(n, edges)
    best = sum(e[2] for e in edges if sub[e[0]] == e[1])
    inside = set(vertices)
    got = 0
    for v in vertices:
        if mate[v] < v and mate[v] in inside:
            h = weight(v, mate[v])
            assert h is not None
            got += h
    return got, best


@pytest.fixture
def checked(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """Each S1 v S2 matching taken checked against the whole weight's best;
    whether each attempt was taken."""
    taken: list[bool] = []
    shortcut = MatchingState.compute_s1_v_s2

    def checking(self: MatchingState, s1, s2, pinned, tie, product, best=None):
        alone = self.made_alone if best is not None else self.below is not None
        mate = shortcut(self, s1, s2, pinned, tie, product, best)
        taken.append(mate is not None)
        if mate is not None:
            if alone:
                scope = self._bracket_alone_scope(tie)
                assert scope is not None
                vertices, layout = scope
            else:
                vertices = [v for v in range(self.n) if self.fixed[v] < 0]
                layout = self.layout
            got, most = whole_weight_best(self, s1, s2, pinned, tie, product, vertices, layout,
                                          mate)
            assert got == most
        return mate

    monkeypatch.setattr(MatchingState, "compute_s1_v_s2", checking)
    return taken


@pytest.mark.parametrize("n,rounds,points,forfeits,absences,withdrawals,seed", EVENTS)
def test_the_first_matching_by_s1_v_s2_is_best_and_pairs_as_without(
        checked: list[bool], n: int, rounds: int, points, forfeits: float, absences: float,
        withdrawals: float, seed: int) -> None:
    with pytest.MonkeyPatch.context() as m:  # played unchecked: the replay with it below checks the same
        m.setattr(MatchingState, "compute_s1_v_s2", COMPUTE_S1_V_S2)  # matchings (the same rounds)
        t = play_event(n, rounds, "dutch", seed, points=points, forfeit_rate=forfeits,
                       absence_rate=absences, withdraw_rate=withdrawals)
    assert not checked
    assert replay_differences(t.name, t, partial(dutch.pair, options=WITHOUT)) == ()
    assert not checked, "(the option is off: never asked)"
    assert replay_differences(t.name, t, dutch.pair) == ()
    assert any(checked), "the shortcut was never taken: this event tests nothing"


def test_the_first_matching_by_s1_v_s2_on_the_reference_events(checked: list[bool]) -> None:
    for path in FILES[::5]:
        t = event(path)
        assert replay_differences(path.stem, t, partial(dutch.pair, options=WITHOUT)) == ()
    assert not checked
    for path in FILES[::5]:
        t = event(path)
        assert replay_differences(path.stem, t, dutch.pair) == ()
    assert checked.count(True) > 20
