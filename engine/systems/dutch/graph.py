"""The weighted graph of a round's matchings (C.04.3 article 3: a pairing is a
maximum-weight matching of it) and the matchings made on it: the whole graph,
or a rustworkx graph kept from one matching to the next."""

from __future__ import annotations

import builtins  # (builtins.set in the signatures of Graph, which has a method named set)
from collections.abc import Callable, Iterator
from itertools import compress, repeat
from operator import itemgetter
from typing import cast

from ...matching import max_weight_matching_rx, rx
from .weights import (
    FINAL, _FIELDS_OF, FieldKey, Fields, Layout, Weight, _bits, _PackedWeights, _peaks_of, _WeightTable,
)


class Graph:
    """The weighted graph on all players to pair (bbp's "matching computer"):
    its edges, their layout and the matchings made on it; :class:`.state.MatchingState`
    adds the shortcuts (:mod:`.shortcuts`) and the one ``compute`` that takes them."""

    def __init__(self, n: int):
        self.n = n
        self.w: list[list[Weight | None]] = [[None] * n for _ in range(n)]
        self.layout: Layout | None = None
        self.fixed = [-1] * n  # the partner of a vertex whose pair is final
        # (higher vertex, lower vertex) -> preference among equally good matchings
        self.tiebreak: dict[tuple[int, int], int] | None = None
        self.tiebreak_bits = 0  # the tie-break's sum over a matching is below 2**tiebreak_bits
        self.lowered: dict[tuple[int, int], Weight] = {}  # (higher vertex, lower) -> weight with a low part
        # changed with the low parts or the fixed pairs: what depends only on
        # them is kept from one matching to the next (low_shift, the bracket alone)
        self.version = 0
        self._low_shift: tuple[int, int] = (-1, 0)  # (version, low_shift())
        self._lowered_inside: tuple[int, object] = (-1, None)  # (version, Below) checked
        # the rustworkx graph kept between matchings (nodes: the vertices not
        # fixed), for one layout and scale; edges changed since: ``dirty``;
        # edges whose weight there has a low part or a tie-break: ``special``
        self.graph: rx.PyGraph | None = None
        self.graph_table: _WeightTable | None = None  # the weights' values now
        self.graph_kept_table: _WeightTable | None = None  # ... in the kept graph
        self.dirty: set[tuple[int, int]] = set()
        self.special: set[tuple[int, int]] = set()
        self.gone: list[int] = []  # vertices fixed since, still to be removed from the graph
        # players whom every best matching pairs among themselves, matched
        # apart (None: not now); the others' partners in a best matching
        self.apart: list[bool] | None = None
        self.apart_mate: list[int] = []
        # the kept graph: on the bracket of that Below, on the players set
        # apart (that list), or all (None)
        self.graph_scope: object = None  # (compared by identity)
        # the layout of the edges inside that bracket (narrower: made on demand)
        self.bracket_layout: Layout | None = None
        self.made_alone = False  # the last matching was of that bracket alone

    def layout_edge_bits(self) -> int:
        assert self.layout is not None
        return self.layout.edge_bits

    def set(self, a: int, b: int, weight: Weight | None) -> None:
        self.w[a][b] = weight
        self.w[b][a] = weight
        key = (a, b) if a > b else (b, a)
        if self.graph is not None:
            self.dirty.add(key)
        if weight is not None and weight.low:
            self.lowered[key] = weight
            self.version += 1
        elif self.lowered and self.lowered.pop(key, None) is not None:
            self.version += 1

    def set_row(self, a: int, others: list[int], weights: list[Weight | None]) -> None:
        """:meth:`set` for the edges from ``a`` to each of ``others``."""
        w = self.w
        row = w[a]
        dirty = self.dirty if self.graph is not None else None
        lowered = self.lowered
        self.version += 1
        for b, x in zip(others, weights, strict=True):
            row[b] = x
            w[b][a] = x
            if dirty is None and not lowered and (x is None or not x.low):
                continue
            key = (a, b) if a > b else (b, a)
            if dirty is not None:
                dirty.add(key)
            if x is not None and x.low:
                lowered[key] = x
            elif lowered:
                lowered.pop(key, None)

    def reset_among(self, players: list[int]) -> None:
        """Before every edge among ``players`` is set again: the kept graph
        goes (it would be remade: most of its edges change) and so do the
        low parts of those edges (the new weights bring their own)."""
        self.graph = None
        among = [False] * self.n
        for v in players:
            among[v] = True
        if self.lowered:
            self.lowered = {(a, b): x for (a, b), x in self.lowered.items()
                            if not (among[a] and among[b])}
            self.version += 1

    def finalize(self, a: int, b: int) -> None:
        """Fix the pair a–b: every other edge at a or b goes.  ``w`` is
        symmetric (every write sets both ``w[u][v]`` and ``w[v][u]``), so the
        edges at a are where a's own row has one: only those are cleared."""
        self.fixed[a] = b
        self.fixed[b] = a
        self.version += 1
        if self.graph is not None:  # their edges go with them (at the next matching, if any)
            self.gone.extend((a, b))
        w = self.w
        for v in (a, b):
            for u in compress(range(self.n), w[v]):
                w[u][v] = None
        w[a] = [None] * self.n
        w[b] = [None] * self.n
        w[a][b] = w[b][a] = Weight(FINAL)
        if self.lowered:
            self.lowered = {k: x for k, x in self.lowered.items() if a not in k and b not in k}

    def new_layout(self) -> None:
        """Lay out the fields of every edge now in the graph (of the edges
        among :attr:`apart`, while it is set): :meth:`layout_of`."""
        self.layout = self.layout_of(None if self.apart is None else
                                     [v for v in range(self.n) if self.apart[v]])
        self.bracket_layout = None

    def layout_of(self, players: list[int] | None) -> Layout:
        """The layout of the fields of the edges among ``players`` not fixed
        (None: all).  A field's width
        holds its largest possible sum over a matching, bounded by a vertex
        cover: every matched edge has a vertex in the cover, so the sum is at
        most the sum of the largest values met at the cover's vertices.  The
        covers tried: all vertices (counted half), the higher players, the
        lower players of the edges."""
        # per field: the sums over the vertices of the largest value met at
        # each (cover: all vertices), as the higher player, as the lower
        sums: dict[FieldKey, list[int]] = {}
        # the same fields met make the same largest values: by the fields met
        peaks: dict[tuple[frozenset[Fields], frozenset[Fields]],
                    list[tuple[FieldKey, int, int, int]]] = {}
        fixed = self.fixed
        active = [v for v in (range(self.n) if players is None else players) if fixed[v] < 0]
        whole = players is None  # (a row's entries at fixed vertices are None)
        for ia, a in enumerate(active):
            row = self.w[a]
            # the distinct fields met at a: on edges to earlier vertices (a
            # the lower player) and to later ones (a the higher)
            if whole:  # distinct weights first (few: they are shared), then their fields
                met_low, met_high = set(row[:a]), set(row[a + 1:])
                met_low.discard(None)
                met_high.discard(None)
                low = frozenset(map(_FIELDS_OF, met_low))
                high = frozenset(map(_FIELDS_OF, met_high))
            else:
                low = frozenset(map(_FIELDS_OF, filter(None, map(row.__getitem__, active[:ia]))))
                high = frozenset(map(_FIELDS_OF, filter(None, map(row.__getitem__,
                                                                   active[ia + 1:]))))
            at = peaks.get((low, high))
            if at is None:
                at = peaks[(low, high)] = _peaks_of(low, high)
            for k, both, hi, lo in at:
                per = sums.get(k)
                if per is None:
                    sums[k] = [both, hi, lo]
                else:
                    per[0] += both
                    per[1] += hi
                    per[2] += lo
        widths = {k: max(1, _bits(min(both // 2, hi, lo))) for k, (both, hi, lo) in sums.items()}
        return Layout(widths)

    def low_shift(self) -> int:
        """The bits kept below the fields for the low parts of the weights
        (of the players not fixed)."""
        version, shift = self._low_shift
        if version != self.version:
            shift = self._low_shift_of([v for v in range(self.n) if self.fixed[v] < 0])
            self._low_shift = (self.version, shift)
        return shift

    def _low_shift_of(self, active: list[int]) -> int:
        pos = [-1] * self.n
        for i, v in enumerate(active):
            pos[v] = i
        any_peak = [0] * len(active)
        high_peak = [0] * len(active)
        low_peak = [0] * len(active)
        for (a, b), x in self.lowered.items():  # the few edges with a low part (a > b)
            ia, ib = pos[a], pos[b]
            if ia < 0 or ib < 0:
                continue
            low = x.low
            m = -low if low < 0 else low
            if any_peak[ia] < m:
                any_peak[ia] = m
            if any_peak[ib] < m:
                any_peak[ib] = m
            if high_peak[ib] < m:
                high_peak[ib] = m
            if low_peak[ia] < m:
                low_peak[ia] = m
        # the low part is signed: two matchings differ by at most twice the
        # bound (by vertex cover, as for the fields) on its sum
        bound = min(sum(any_peak) // 2, sum(high_peak), sum(low_peak))
        return _bits(2 * bound)

    def _packed_edges(self, vertices: list[int], shift: int, tb: dict[tuple[int, int], int] | None,
                      tbb: int, layout: Layout | None = None) -> list[tuple[int, int, int]]:
        """The edges among ``vertices`` (by position) with their packed
        weights: fields (under ``layout``, by default the graph's), then the
        low part, then the tie-break."""
        layout = layout or self.layout
        assert layout is not None
        edges: list[tuple[int, int, int]] = []
        append = edges.append
        w = self.w
        packed: dict[int, int] = {}  # id(weight) -> fields and low part (weights are shared)
        for ia, a in enumerate(vertices):
            row = w[a]
            met = [(ib, x) for ib, x in enumerate(map(row.__getitem__, vertices[:ia]))
                   if x is not None]
            for ib, x in met:
                h = packed.get(id(x))
                if h is None:
                    f = x.fields
                    h = f._code if f._layout is layout else f.code(layout)
                    if h > 0 and shift:
                        h = (h << shift) + x.low
                    packed[id(x)] = h
                if h > 0:
                    if tb:
                        # below everything else: changes only which of the best matchings is found
                        h = (h << tbb) + tb.get((a, vertices[ib]), 0)
                    append((ia, ib, h))
        return edges

    def _packed_edges_by_row(self, vertices: list[int], shift: int,
                             tb: dict[tuple[int, int], int] | None, tbb: int
                             ) -> list[tuple[int, int, int]]:
        """:meth:`_packed_edges` (the same edges, weights and order), a row at
        a time at C speed: its edges found with ``compress``, their weights
        looked up per Weight (:class:`_PackedWeights`); the tie-breaks added
        on the few rows that have one."""
        layout = self.layout
        assert layout is not None
        w = self.w
        table = _PackedWeights(layout, shift, tbb if tb else 0)
        ties: dict[int, dict[int, int]] = {}  # lower vertex -> higher vertex -> tie-break
        for (a, b), t in (tb or {}).items():
            ties.setdefault(a, {})[b] = t
        edges: list[tuple[int, int, int]] = []
        for ia, a in enumerate(vertices):
            xs = list(map(w[a].__getitem__, vertices[:ia]))
            at = list(compress(range(ia), xs))
            if not at:
                continue
            hs = list(map(table.__getitem__, cast("Iterator[Weight]", compress(xs, xs))))
            tie = ties.get(a)
            if tie:
                hs = [h + tie.get(vertices[ib], 0) if h > 0 else h
                      for h, ib in zip(hs, at, strict=True)]
            edges.extend(zip(repeat(ia), at, hs))
        if table.nonpositive:
            edges = [e for e in edges if e[2] > 0]
        return edges

    def mate_of(self, vertices: list[int], sub: list[int]) -> list[int]:
        """The whole graph's mates after a matching of ``vertices`` alone
        (``sub``: by position, a player left unpaired his own): the fixed
        pairs, and ``vertices`` as ``sub`` pairs them."""
        mate = [v if f < 0 else f for v, f in enumerate(self.fixed)]
        for i, v in enumerate(vertices):
            mate[v] = vertices[sub[i]]
        return mate

    def independence_bound(self, vertices: list[int]) -> int:
        """An upper bound on the largest set of ``vertices`` with no edge
        between any two: at most k players of it can each have k − 1
        non-neighbours among the others."""
        if len(vertices) < 2:
            return len(vertices)
        get = itemgetter(*vertices)
        w = self.w
        missing = sorted((get(w[a]).count(None) - 1 for a in vertices), reverse=True)
        bound = 0
        for i, d in enumerate(missing):
            if d < i:
                break
            bound = i + 1
        return max(bound, 1)

    def _compute_kept(self, active: list[int], shift: int, tb: dict[tuple[int, int], int] | None,
                      tbb: int, scale: int, scope: object = None,
                      layout: Layout | None = None) -> list[int]:
        """:meth:`compute` on the kept rustworkx graph, changing only the
        edges set since the last matching and those with a tie-break (all
        of them when most have changed).  An edge weighs ``code << scale``
        plus its low part ``<< low`` plus its tie-break, ``low`` as far up
        as ``shift`` leaves room: the same order of matchings as the packed
        weight of :meth:`compute` (``scale`` exceeds ``shift + tbb``), and
        the same edge weights from one matching to the next while ``shift``
        stays.  The graph is on ``active``: all players not fixed, or with
        ``scope`` the bracket's (:meth:`_compute_bracket_alone`, whose
        ``layout`` is that of the bracket's edges) or those set apart
        (:meth:`_compute_apart`)."""
        layout = layout or self.layout
        assert layout is not None
        w = self.w
        fixed = self.fixed
        low = scale - shift - 1
        inside = [False] * self.n
        for v in active:
            inside[v] = True
        table = self.graph_table
        if (table is None or table.layout is not layout or table.unit != 1 << scale
                or table.low != low):
            table = self.graph_table = _WeightTable(layout, scale, low)

        def weight(a: int, b: int) -> int | None:
            x = w[a][b]
            if x is None:
                return None
            h = table[x]
            if h <= 0:
                return None
            if tb:
                h += tb.get((a, b), 0)
            return h

        g = self.graph
        if (g is None or self.graph_table is not self.graph_kept_table
                or self.graph_scope is not scope or 2 * len(self.dirty) > g.num_edges()):
            g, special = self._new_kept_graph(active, inside, table, tb, weight)
            self.graph = g
            self.graph_kept_table = table
            self.graph_scope = scope
        else:
            special = self._update_kept_graph(g, inside, tb, weight)
        self.dirty = set()
        self.gone = []
        self.special = special
        mate = max_weight_matching_rx(g, self.n)
        for v, f in enumerate(fixed):
            if f >= 0:
                mate[v] = f
        return mate

    def _new_kept_graph(self, active: list[int], inside: list[bool], table: _WeightTable,
                        tb: dict[tuple[int, int], int] | None,
                        weight: Callable[[int, int], int | None]
                        ) -> tuple[rx.PyGraph, builtins.set[tuple[int, int]]]:
        """The kept graph made anew on ``active`` (:meth:`_compute_kept`), and
        its edges with a tie-break."""
        w = self.w
        g = rx.PyGraph(multigraph=False)
        g.add_nodes_from(range(self.n))
        g.remove_nodes_from([v for v in range(self.n) if not inside[v]])
        # every edge at its weight (looked up once per Weight: they are
        # shared), in C-level iteration; then those with a tie-break
        edges: list[tuple[int, int, int]] = []
        for ia, a in enumerate(active):
            row = w[a]
            others = active[:ia]
            xs = list(map(row.__getitem__, others))
            present = list(map(bool, xs))
            edges.extend(zip(repeat(a), compress(others, present),
                             map(table.__getitem__,
                                 cast("Iterator[Weight]", compress(xs, present)))))
        if table.nonpositive:
            edges = [e for e in edges if e[2] > 0]
        g.add_edges_from(edges)
        special: set[tuple[int, int]] = set()
        for a, b in tb or ():
            if inside[a] and inside[b]:
                h = weight(a, b)
                if h is not None:
                    g.update_edge(a, b, h)
                    special.add((a, b))
        return g, special

    def _update_kept_graph(self, g: rx.PyGraph, inside: list[bool],
                           tb: dict[tuple[int, int], int] | None,
                           weight: Callable[[int, int], int | None]) -> builtins.set[tuple[int, int]]:
        """The kept graph brought up to date (:meth:`_compute_kept`): the
        vertices fixed since go, the edges set since and those with a
        tie-break (then and now) are changed; its edges with a tie-break."""
        g.remove_nodes_from(self.gone)
        keys = self.dirty | self.special
        if tb:
            keys.update(tb)
        special = set()
        for key in keys:
            a, b = key
            if not (inside[a] and inside[b]):
                continue
            h = weight(a, b)
            if h is None:
                if g.has_edge(a, b):
                    g.remove_edge(a, b)
                continue
            if g.has_edge(a, b):
                g.update_edge(a, b, h)
            else:
                g.add_edge(a, b, h)
            if tb and key in tb:
                special.add(key)
        return special
