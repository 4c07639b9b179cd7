"""The matching state of a round (:class:`MatchingState`): the graph
(:mod:`.graph`) with its shortcuts, and :meth:`MatchingState.compute`, which
takes the first shortcut that applies and else matches the whole graph."""

from __future__ import annotations

from ...matching import RUSTWORKX_WEIGHT_LIMIT, max_weight_matching
from .shortcuts.apart import ApartMatching
from .shortcuts.s1_v_s2 import S1VS2Matching
from .weights import _bits


class MatchingState(S1VS2Matching, ApartMatching):
    """The weighted graph on all players to pair (bbp's "matching computer"),
    with the shortcuts of :mod:`.shortcuts` that make a matching on part of it."""

    def __init__(self, n: int):
        super().__init__(n)
        # the players below the bracket and its next score group, while a
        # bracket is paired (None: every matching on the whole graph)
        self.outside = None
        # the next score group and those below while a bracket is paired,
        # for matching the bracket alone (None: not now)
        self.below = None

    def compute_ranked(self, tie: dict[tuple[int, int], int], product: int) -> list[int]:
        """:meth:`compute` with ``tie`` (S1 players' opponent ranks, from
        :func:`_opponent_ranks`) below every other weight (C.04.3 2.3.2)."""
        self.tiebreak = tie
        self.tiebreak_bits = _bits(product)
        try:
            return self.compute()
        finally:
            self.tiebreak = None

    def compute(self) -> list[int]:
        """A maximum-weight matching of the graph as it stands (bbp's
        ``computeMatching``): ``mate[v]``, or ``v`` when unmatched.  Fixed
        pairs keep their partners and are left out of the computation."""
        layout = self.layout
        assert layout is not None
        fixed = self.fixed
        active = [v for v in range(self.n) if fixed[v] < 0]
        shift = self.low_shift()
        tb = self.tiebreak
        tbb = self.tiebreak_bits if tb else 0
        self.made_alone = False
        if self.apart is not None:
            mate = self._compute_apart(active, shift, tb, tbb)
            if mate is not None:
                return mate
            # (not met: C5 pairs them all) the whole graph, laid out whole again
            self.apart = None
            self.new_layout()
            return self.compute()
        if self.below is not None:
            mate = self._compute_bracket_alone(shift, tb, tbb)
            if mate is not None:
                self.made_alone = True
                return mate
        if self.outside is not None:
            mate = self._compute_with_stand_ins(active, shift, tb, tbb)
            if mate is not None:
                return mate
        scale = RUSTWORKX_WEIGHT_LIMIT.bit_length() - 2 - layout.edge_bits
        if shift + tbb + 1 <= scale:
            return self._compute_kept(active, shift, tb, tbb, scale)
        self.graph = None
        edges = self._packed_edges(active, shift, tb, tbb)
        sub = max_weight_matching(len(active), edges, layout.edge_bits + shift + 1 + tbb)
        mate = self.mate_of(active, sub)
        return mate
