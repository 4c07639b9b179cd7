"""The edges of a matching made a row at a time at C speed
(``MatchingState._packed_edges_by_row`` in ``engine/systems/dutch/``) are those
:meth:`MatchingState._packed_edges` makes — the same edges, weights and
order — on random graphs with low parts, tie-breaks and edges of no
positive weight, and in every matching of simulated events."""

from __future__ import annotations

import itertools
import random

import pytest

from bianpai.engine.systems.dutch import Fields, MatchingState, Weight
from bianpai.engine.model import CHESS_POINTS
from bianpai.engine.simulate.individual import play_event


def test_on_random_graphs_the_rows_give_the_edges_pair_by_pair_gives() -> None:
    rng = random.Random(16)
    for _ in range(200):
        n = rng.randint(2, 14)
        state = MatchingState(n)
        fields = [Fields({("top",): rng.randint(0, 3), ("c1",): rng.choice((0, -1))})
                  for _ in range(4)]
        for a, b in itertools.combinations(range(n), 2):
            if rng.random() < 0.7:
                state.set(a, b, Weight(rng.choice(fields), rng.choice((0, 0, 1, -2, 5))))
        state.new_layout()
        vertices = sorted(rng.sample(range(n), rng.randint(1, n)))
        shift = state.low_shift()
        tie = {(b, a): rng.randint(0, 9) for a, b in itertools.combinations(vertices, 2)
               if rng.random() < 0.3}
        for tb, tbb in ((None, 0), ({}, 4), (tie, 4)):
            assert state._packed_edges_by_row(vertices, shift, tb, tbb) == \
                state._packed_edges(vertices, shift, tb, tbb)


def test_in_the_matchings_of_an_event_the_rows_give_the_same_edges(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Wherever an event's matchings pack their edges (``_packed_edges`` on the
    graph's layout; the row builder itself serves only where the S1 phase's
    kept graph cannot hold the weights), the rows give the same edges."""
    compared = []
    pair_by_pair = MatchingState._packed_edges

    def comparing(self: MatchingState, vertices: list[int], shift: int, tb, tbb: int, layout=None):
        edges = pair_by_pair(self, vertices, shift, tb, tbb, layout)
        if layout is None or layout is self.layout:
            assert self._packed_edges_by_row(vertices, shift, tb, tbb) == edges
            compared.append(len(edges))
        return edges

    monkeypatch.setattr(MatchingState, "_packed_edges", comparing)
    play_event(200, 6, "dutch", 3, points=CHESS_POINTS)
    for n, seed in ((61, 4), (120, 5)):
        play_event(n, 9, "dutch", seed, points=CHESS_POINTS, forfeit_rate=0.03, absence_rate=0.02)
    assert len(compared) >= 5 and max(compared) > 300
