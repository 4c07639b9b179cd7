"""Shortcut ``pair_s1_apart`` (:class:`~..options.DutchOptions`): when a
bracket's whole remainder is in S1 v S2 pairs, every best matching pairs it
within itself (C5, C6: see :meth:`..bracket.remainder.RemainderPhases.pair_s1`), so the S1
players' opponents are found on it alone (:meth:`ApartMatching.set_apart`)."""

from __future__ import annotations

from ....matching import RUSTWORKX_WEIGHT_LIMIT, max_weight_matching
from ..graph import Graph


class ApartMatching(Graph):
    """:meth:`compute` on the players set apart."""

    def set_apart(self, players: list[int] | None, mate: list[int]) -> None:
        """From now on, while the best matchings pair ``players`` among
        themselves and no edge at the others changes, match them apart: the
        others keep their partners in ``mate`` (a best matching), which stay
        those of a best matching, whatever the players get.  None: no more."""
        if players is None:
            self.apart = None
            return
        self.apart = [False] * self.n
        for v in players:
            self.apart[v] = True
        self.apart_mate = list(mate)

    def _compute_apart(self, active: list[int], shift: int, tb: dict[tuple[int, int], int] | None,
                       tbb: int) -> list[int] | None:
        """:meth:`compute` on the players set apart alone (:meth:`set_apart`),
        or None if they are not all paired there (then the whole graph)."""
        layout = self.layout
        apart = self.apart
        assert layout is not None and apart is not None
        players = [v for v in active if apart[v]]
        scale = RUSTWORKX_WEIGHT_LIMIT.bit_length() - 2 - layout.edge_bits
        if shift + tbb + 1 <= scale:  # the kept graph, on them (from one S1 chunk to the next)
            kept = self._compute_kept(players, shift, tb, tbb, scale, apart)
            partner = [kept[v] for v in players]
        else:
            edges = self._packed_edges_by_row(players, shift, tb, tbb)
            sub = max_weight_matching(len(players), edges, layout.edge_bits + shift + 1 + tbb)
            partner = [players[i] for i in sub]
        if any(v == m for v, m in zip(players, partner, strict=True)):
            return None
        mate = list(self.apart_mate)
        for v, f in enumerate(self.fixed):
            if f >= 0:
                mate[v] = f
        for v, m in zip(players, partner, strict=True):
            mate[v] = m
        return mate
