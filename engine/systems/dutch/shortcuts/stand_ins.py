"""Shortcut ``reduce_outside`` (:class:`~..options.DutchOptions`): the players
below a bracket and its next score group stood in for by a few of them
(:class:`Outside`, whose docstring is the proof: Dirac's theorem)."""

from __future__ import annotations

from operator import itemgetter

from ....matching import max_weight_matching
from ..graph import Graph
from ..options import DEFAULT_OPTIONS
from ..weights import _TOP, _UP, Fields, SharedKey


class Outside:
    """The players below the bracket and its next score group ("the rest")
    while that bracket is paired, and a few of them standing in for all.

    No criterion of the bracket concerns the rest: an edge at one of its
    players weighs K + φ(a) + φ(b), φ a per-player term (C2/C4: not a bye
    candidate; C9: the rank of his played games).  So, over the matchings
    that pair everyone but the bye, the weight depends on the rest only
    through the set X of bracket players paired into it and, when the bye
    is there, the φ of its holder.  A matching is made on the bracket and s
    stand-ins from the rest — one of least φ and the highest others — joined
    to each other and to every bracket player by edges of that form, whether
    or not the players could meet:

    * it is at least as good as the whole graph's best: in that, two players
      of X who may meet could be paired instead (C5 or C7 gains a pair,
      nothing above it changes), so X can be taken with no edge inside it,
      at most :meth:`MatchingState.independence_bound` players, fewer than s;
    * it is no better when the rest really takes the X it found and its bye
      (:meth:`completes`): then its bracket pairs are those of a best
      matching of the whole graph.  Otherwise the whole graph is matched.
    """

    def __init__(self, state: Graph, bracket: list[int], rest: list[int],
                 top_part: list[int], up_part: list[int], shared: dict[SharedKey, Fields],
                 factor: int = DEFAULT_OPTIONS.stand_in_factor):
        self.rest = rest
        self.factor = factor  # DutchOptions.stand_in_factor
        self.inside = [False] * state.n
        for v in bracket:
            self.inside[v] = True
        self.top_part = top_part
        self.up_part = up_part
        self.max_up = max(up_part)
        self.shared = shared
        # the bye's place among the stand-ins: a player of least φ
        self.lowest = min(rest, key=lambda v: (top_part[v], up_part[v], v))
        # compatible partners in the rest (an edge at the rest is never changed in a bracket)
        get = itemgetter(*rest)
        size = len(rest)
        w = state.w
        self.degree = [0] * state.n
        for v in rest + [v for v in bracket if state.fixed[v] < 0]:
            self.degree[v] = size - get(w[v]).count(None)  # (v's own entry is None)
        self.rest_degree = min(self.degree[v] for v in rest)

    def stand_ins(self, independence: int) -> list[int] | None:
        """Enough stand-ins for at most ``independence`` bracket players
        paired into the rest and a bye (as many as the rest, in parity), or
        None when they would not be much fewer than the rest."""
        s = independence + 1
        if (len(self.rest) - s) % 2:
            s += 1
        if s * self.factor > len(self.rest):
            return None
        others = [v for v in self.rest[:s] if v != self.lowest]
        return sorted([self.lowest] + others[:s - 1])

    def stand_in_fields(self, a: int, b: int) -> Fields:
        """The fields of an edge a–b at the rest (C2/C4, C9), as the edges of
        the whole graph have them."""
        top = 1 + self.top_part[a] + self.top_part[b]
        up = self.up_part[a] + self.up_part[b]
        key = (top, up, None)
        f = self.shared.get(key)
        if f is None:
            f = self.shared[key] = Fields({(_TOP,): top, (_UP,): up} if up else {(_TOP,): top})
        return f

    def completes(self, sent: list[int], bye_in_rest: int) -> bool:
        """Whether the rest can pair the bracket players ``sent`` to it and
        all its own players but the bye's holder (when ``bye_in_rest``):
        every player of that graph (edges to the rest only) has at least half
        of it as partners, so it has a Hamiltonian cycle (Dirac) and so a
        perfect matching."""
        size = len(self.rest) - bye_in_rest + len(sent)
        if size < 3:
            return size == 0
        least = min([self.rest_degree] + [self.degree[v] for v in sent]) - bye_in_rest
        return 2 * least >= size


class StandInsMatching(Graph):
    """:meth:`compute` with stand-ins for the rest (:class:`Outside`)."""

    outside: Outside | None

    def _compute_with_stand_ins(self, active: list[int], shift: int,
                                tb: dict[tuple[int, int], int] | None, tbb: int) -> list[int] | None:
        """:meth:`compute` on the bracket's players and a few stand-ins for
        the rest (:class:`Outside`), or None when that cannot be shown to
        give a best matching of the whole graph (then it is made whole)."""
        out = self.outside
        layout = self.layout
        assert out is not None and layout is not None
        inside = out.inside
        bracket = [v for v in active if inside[v]]
        stand_ins = out.stand_ins(self.independence_bound(bracket))
        if stand_ins is None:
            return None
        vertices = bracket + stand_ins
        half = len(vertices) // 2  # the most edges of a matching
        if (3 * half).bit_length() > layout.widths[(_TOP,)]:
            return None
        if out.max_up and (2 * out.max_up * half).bit_length() > layout.widths.get((_UP,), 0):
            return None
        edges = self._packed_edges(bracket, shift, tb, tbb)
        append = edges.append
        low = shift + tbb
        for ia in range(len(bracket), len(vertices)):
            a = vertices[ia]
            for ib in range(ia):
                h = out.stand_in_fields(a, vertices[ib]).code(layout)
                append((ia, ib, h << low))
        sub = max_weight_matching(len(vertices), edges, layout.edge_bits + shift + 1 + tbb)
        # the certificate: the rest takes the bracket players the matching
        # sends there (and the bye, when one of the stand-ins has it)
        sent = [v for i, v in enumerate(bracket) if sub[i] >= len(bracket)]
        unpaired = [i for i, j in enumerate(sub) if i == j]
        if len(unpaired) > 1 or (unpaired and out.top_part[vertices[unpaired[0]]]):
            return None  # (not all paired, the bye to a candidate: C2/C4 as the whole graph's best)
        bye_in_rest = int(bool(unpaired) and unpaired[0] >= len(bracket))
        if not out.completes(sent, bye_in_rest):
            return None
        mate = self.mate_of(vertices, sub)
        return mate
