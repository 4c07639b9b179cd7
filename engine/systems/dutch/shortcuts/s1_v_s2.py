"""Shortcut ``first_matching_s1_v_s2`` (:class:`~..options.DutchOptions`), the
graph's side: a best matching made on S1 v S2 alone when that is shown best
(:meth:`S1VS2Matching.compute_s1_v_s2`, whose docstring is the proof); the
bracket's side is :mod:`..bracket.first_matching`."""

from __future__ import annotations

from ....matching import max_weight_matching
from ..weights import Layout, _bits
from .alone import AloneMatching
from .stand_ins import StandInsMatching


class S1VS2Matching(AloneMatching, StandInsMatching):
    """A matching made on S1 v S2 alone (:meth:`compute_s1_v_s2`)."""

    def compute_s1_v_s2(self, s1: list[int], s2: list[int], pinned: tuple[int, int] | None,
                        tie: dict[tuple[int, int], int], product: int,
                        best: list[int] | None = None) -> list[int] | None:
        """A best matching of the graph with the remainder ``s1 + s2``
        (positions in that order, ``len(s1)`` pairs) at its exchange terms
        (:meth:`..bracket.base.BracketBase.exchange_weight`), the MDP ``pinned[0]`` at his
        opponent ranks (above the exchange terms) and ``tie`` ranking the S1
        players' opponents in S2 (:func:`_opponent_ranks`) — made on S1 v S2
        alone, when that is shown to be one; else None.  The weights now in
        the graph need not carry those terms: only the fields and ``tie``
        are read.  ``best``: the last :meth:`compute`, a best matching of
        the fields and the MDP's ranks alone (no other low part), giving the
        best sum of fields and the MDP's best opponent ``pinned[1]``; None
        (no MDP): the best sum of fields is found here.

        Weights compare lexicographically: the fields (C1–C21), the MDP's
        opponent, the exchange terms, the ranks.  The exchange terms sum to
        their most when every S1 player is the higher player of a pair (each
        pair has one; fewest exchanges, then the smallest numbers, C.04.3
        2.3), and only then: when every S1 player meets one of S2.  Let H be
        the graph without the edges inside the remainder but S1 v S2 and
        without those at the pinned players but their own; a best matching
        M of H (S1 v S2 bipartite: fast) at the fields and ``tie`` alone,
        when it pins that pair, pairs every S1 player into S2 and reaches the
        best sum of fields of the whole graph, is a best matching: any other
        is below it in the fields, or in the MDP's opponent, or in the
        exchange terms, or else it is in H with every S1 player in S2 (the
        exchange terms then all alike), so at most M.  (M pairs ``pinned``:
        no matching as good in the fields gives the MDP a higher opponent,
        ``best`` being one of the best of them.)  The graph is the
        bracket alone (the players it leaves placed below, :class:`Below`)
        or all players to pair."""
        if self.apart is not None:
            return None
        tbb = _bits(product) if tie else 0
        alone = self.made_alone if best is not None else self.below is not None
        scope = self._bracket_alone_scope(tie) if alone and self.below is not None else None
        if scope is not None:
            vertices, layout = scope
        elif (alone and best is not None) or self.outside is not None:
            return None  # (not the graph ``best`` is of; the whole graph with stand-ins)
        else:
            assert self.layout is not None
            vertices, layout = [v for v in range(self.n) if self.fixed[v] < 0], self.layout
        ends = list(pinned) if pinned is not None else []
        others = self._outside_remainder(s1, s2 + ends, vertices)
        if others is None:
            return None
        order = s1 + s2 + ends + others
        n1, n2 = len(s1), len(s1) + len(s2)
        edges = self._s1_v_s2_edges(order, n1, n2, pinned is not None, tie, tbb, layout)
        sub = max_weight_matching(len(order), edges, layout.edge_bits + tbb)
        if pinned is not None and sub[n2 + 1] != n2:
            return None
        if any(not n1 <= sub[i] < n2 for i in range(n1)):
            return None
        mate = self.mate_of(order, sub)
        most = (self._best_fields_sum(vertices, layout) if best is None
                else self._fields_sum(best, vertices, layout))
        if self._fields_sum(mate, vertices, layout) != most:
            return None
        if scope is not None:
            assert self.below is not None
            return self.with_sent_placed(mate, vertices, self.below)
        return mate

    def _outside_remainder(self, s1: list[int], rest: list[int], vertices: list[int]
                           ) -> list[int] | None:
        """The players of ``vertices`` outside the remainder ``s1 + rest``
        (the next score group, those below), or None when a player of the
        remainder is not among ``vertices``."""
        at = [-1] * self.n
        for v in vertices:
            at[v] = 2
        for v in s1 + rest:
            if at[v] != 2:
                return None
            at[v] = 1
        for v in s1:
            at[v] = 0
        return [v for v in vertices if at[v] == 2]

    def _s1_v_s2_edges(self, order: list[int], n1: int, n2: int, pinned: bool,
                       tie: dict[tuple[int, int], int], tbb: int, layout: Layout
                       ) -> list[tuple[int, int, int]]:
        """The edges of H (:meth:`compute_s1_v_s2`) by position in ``order``
        (S1 up to ``n1``, S2 up to ``n2``, the pinned pair when ``pinned``,
        the others): the fields' code, then ``tie``."""
        w = self.w
        codes: dict[int, int] = {}  # id(weight) -> its fields' code << tbb (weights are shared)
        edges: list[tuple[int, int, int]] = []
        first_other = n2 + 2 * pinned
        # the rows of H: pinned[0] to pinned[1]; each of S1 to S2; each other
        # player to S2 and the other players before him
        ranked = {v for key in tie for v in key}
        rows = [(n2, [n2 + 1])] if pinned else []
        rows += [(ia, list(range(n1, n2))) for ia in range(n1)]
        rows += [(ia, list(range(n1, n2)) + list(range(first_other, ia)))
                 for ia in range(first_other, len(order))]
        for ia, among in rows:
            a = order[ia]
            row = w[a]
            for ib in among:
                b = order[ib]
                x = row[b]
                if x is None:
                    continue
                h = codes.get(id(x))
                if h is None:
                    h = codes[id(x)] = x.fields.code(layout) << tbb
                if h > 0:
                    if a in ranked:
                        h += tie.get((a, b) if a > b else (b, a), 0)
                    edges.append((ia, ib, h))
        return edges

    def _fields_sum(self, mate: list[int], vertices: list[int], layout: Layout) -> int:
        """The fields of the pairs of ``mate`` among ``vertices``, summed."""
        w = self.w
        inside = set(vertices)
        total = 0
        for v in vertices:
            m = mate[v]
            if m < v and m in inside:
                x = w[v][m]
                assert x is not None
                total += x.fields.code(layout)
        return total

    def _best_fields_sum(self, vertices: list[int], layout: Layout) -> int:
        """The largest sum of the fields over the matchings of ``vertices``:
        one matching on the fields alone (no low part, no tie-break)."""
        edges = self._packed_edges(vertices, 0, None, 0, layout)
        sub = max_weight_matching(len(vertices), edges, layout.edge_bits)
        mate = list(range(self.n))
        for i, v in enumerate(vertices):
            mate[v] = vertices[sub[i]]
        return self._fields_sum(mate, vertices, layout)
