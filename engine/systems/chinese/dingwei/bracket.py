"""A bracket being paired (§4, §5): its rows, the value of a pairing as one
integer (the fields of :mod:`criteria` in mixed radix), the values by cost
type, and the matching graph of what the bracket can still reach; the state
of the §4 search (:class:`_State`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

from ....matching import rx  # rustworkx, or the pure-Python fallback without it

from ....model import Colour
from ..core import BYE, dirac_completable
from .cards import Card, lay_out_rows
from .criteria import DOUBLE_FLOAT_LIMIT, F_CLUB, FLOAT_COUNTED_WHERE_IT_BEGAN
from .round import _Round

@dataclass
class _State:
    """The §4 search so far: players still to place, those passed over (通行),
    those left over (to float down), the pairs made, and their main value."""

    unpaired: list[int]  # in urgency order
    passed: frozenset[int]
    floated: tuple[int, ...]
    pairs: tuple[tuple[int, int], ...]
    fixed: int
    rem_lc: int  # sum of the left-over costs of ``unpaired``


MAX_WEIGHT_BITS = 116
"""Internal: matching weights stay below 2**116 (rustworkx computes in i128)."""


@dataclass
class _Bracket:
    """A bracket being paired, and the matching graph of what it can still reach.

    The value of a bracket pairing is a vector of §5 criteria (the fields
    ``F_*``: club pairs, pairs, nearest scores, colours (a)–(d), floats),
    encoded as one integer in mixed radix (``unit``), larger = better.  Every
    field is a sum over the pairs (``pair_vector``) and the left-over players
    (``left_vector``), so the best value is a maximum-weight matching.

    The lowest digit of a bracket edge's weight (``tie``, below ``tie_unit``) is
    a tie-break among equally good matchings only: cross-row pairs close in the
    two rows (n² − Δpos²) are preferred, so that the witness matching tends to
    be the one the §4 order meets first.  It never changes the result, only how
    often the §4 search must verify an option.

    Graph nodes: the bracket's players (and, when the completion of the round
    is at stake, the lower brackets and a bye node).  Edge payloads are indices
    into ``weight``.  An edge between two bracket players that may still pair
    here weighs ``(value + lc(a) + lc(b)) · tie_unit + tie``; every other edge
    (both left over and paired below, lower brackets, bye) weighs 0, and so
    does a bracket edge the §4 search has ruled out (passed over, left over).
    The value of a bracket pairing is the sum of its pairs' values minus the
    left-over costs ``lc``, so a maximum-weight matching on the players still
    in play reaches the best value.
    """

    rnd: _Round
    score: float
    cards: list[Card]
    row_of: dict[int, Colour]
    rows: dict[Colour, list[int]]
    pos: dict[int, int]
    floaters: frozenset[int]
    lower: list[int]
    bye_ok: frozenset[int]
    combined: bool
    unit: list[int]
    near_w: dict[float, int]
    tie_unit: int
    bonus: int  # more than any edge weight (best_with)
    lc: dict[int, int] = field(default_factory=dict)
    graph: rx.PyGraph = field(default_factory=rx.PyGraph)
    node: dict[int, int] = field(default_factory=dict)
    weight: list[int] = field(default_factory=list)
    tid: dict[int, int] = field(default_factory=dict)  # player -> cost type
    table: list[list[int]] = field(default_factory=list)  # pair value by cost types
    matchings: int = 0
    tie_max: int = 0
    built: bool = False  # the matching graph (LAZY_GRAPH)
    flows: dict[tuple[tuple[tuple[int, int], int], ...], int] = field(default_factory=dict)
    """Speed only: the most valuable flow of :func:`witness._pairing_bound` by the sizes of
    the classes (cost type, left-over cost) still unpaired — ``lc`` and ``table`` are set
    once, when the bracket is made, so the flow depends on nothing else."""

    def encode(self, vector: Sequence[int]) -> int:
        """A vector of the fields ``F_*`` as one integer."""
        return sum(v * u for v, u in zip(vector, self.unit, strict=True))

    def pair_vector(self, a: Card, b: Card) -> tuple[int, ...]:
        """The §5 fields of the pair a—b (larger = better)."""
        rnd = self.rnd
        club = -int(rnd.soft_club and rnd.club_mates(a.number, b.number))
        fs = fl = 0
        if rnd.floats_on and a.score != b.score:
            fs, fl = rnd.up_float_costs(a if a.score < b.score else b)
        ca, cb, cc, cd = rnd.colour_costs(a, b)
        return (club, 1, 0, -fl, -fs, -ca, -cb, -cc, -cd)

    def left_vector(self, c: Card) -> tuple[int, ...]:
        """The §5 fields of leaving ``c`` over (criterion 3 nearest scores; 3b floats)."""
        fs = fl = 0
        # a floater left over again floats on: his downfloat counted where it began (criterion 3b)
        if self.rnd.floats_on and self.lower and \
                (c.number not in self.floaters or not FLOAT_COUNTED_WHERE_IT_BEGAN):
            fs, fl = self.rnd.down_float_costs(c)
        return (0, 0, -self.near_w[c.score], -fl, -fs, 0, 0, 0, 0)

    def value(self, a: int, b: int) -> int:
        """The §5 value of the pair a—b."""
        return self.table[self.tid[a]][self.tid[b]]

    def vector_of(self, pairs: Sequence[tuple[int, int]], left: Sequence[int]) -> tuple[int, ...]:
        """The §5 fields of a whole bracket pairing."""
        e = self.rnd.entrants
        out = [0] * len(self.unit)
        for a, b in pairs:
            for i, v in enumerate(self.pair_vector(e[a], e[b])):
                out[i] += v
        for n in left:
            for i, v in enumerate(self.left_vector(e[n])):
                out[i] += v
        return tuple(out)

    def bracket_edges(self, p: int) -> list[tuple[int, int]]:
        """(weight index, other player) of ``p``'s edges to bracket players."""
        node, g = self.node[p], self.graph
        return [(e, g[v]) for _, v, e in self.graph.incident_edge_index_map(node).values()
                if g[v] in self.row_of]


def cost_type(rnd: _Round, c: Card) -> tuple[Any, ...]:
    """What a player's §5 costs depend on (players of one type are alike)."""
    cs = c.colours
    club = c.number if rnd.soft_club and rnd.club.get(c.number) else 0  # club mates: each his own type
    floats = (c.last_float, c.ups >= DOUBLE_FLOAT_LIMIT, c.number in rnd.alone) if rnd.floats_on else ()
    return (c.score, cs.d, cs.streak, cs.last, club) + floats


def nearest_weights(cards: Sequence[Card]) -> tuple[dict[float, int], int]:
    """§5 criterion 3 as one field: the weight of leaving over a player of each
    score, and the field's radix.  With the number left over fixed (criterion
    2), comparing their scores highest first is comparing how many are left at
    each score level, highest level first — a mixed-radix number: the lowest
    score weighs 0, each higher level more than all the levels below it can
    add up to."""
    count: dict[float, int] = {}
    for c in cards:
        count[c.score] = count.get(c.score, 0) + 1
    levels = sorted(count)
    weights = {levels[0]: 0}
    w = 1
    for s in levels[1:]:
        weights[s] = w
        w *= count[s] + 1
    return weights, w


def make_bracket(rnd: _Round, score: float, cards: list[Card], floaters: frozenset[int],
                 lower: list[int], bye_score: float | None) -> _Bracket:
    red, black = lay_out_rows(cards)
    row_of = {c.number: Colour.RED for c in red} | {c.number: Colour.BLACK for c in black}
    rows = {Colour.RED: [c.number for c in red], Colour.BLACK: [c.number for c in black]}
    pos = {n: i for r in rows.values() for i, n in enumerate(r)}
    n = len(cards)
    near_w, near_radix = nearest_weights(cards)
    small = 2 * n + 2  # a colour or float field: at most 2 per pair, 1 per player
    radix = [n // 2 + 1, n // 2 + 1, near_radix, small if rnd.floats_on else 1,
             small if rnd.floats_on else 1, small, small, small, small]
    if not rnd.soft_club:
        radix[F_CLUB] = 1
    unit = [1] * len(radix)
    for i in range(len(radix) - 2, -1, -1):
        unit[i] = unit[i + 1] * radix[i + 1]
    main_bits = (unit[0] * radix[0]).bit_length() + 1
    tie_max = n * n
    tie_bits = ((n // 2 + 1) * tie_max + 1).bit_length()
    if main_bits + tie_bits > MAX_WEIGHT_BITS - 1:
        tie_bits = max(1, MAX_WEIGHT_BITS - 1 - main_bits)
        tie_max = ((1 << tie_bits) - 1) // (n // 2 + 1)
    members = [c.number for c in cards]
    bye_ok = frozenset(m for m in members + lower
                       if rnd.bye_needed and rnd.entrants[m].bye_ok and rnd.entrants[m].score == bye_score)
    # completion is certain when the players below, but the bye, are many (Dirac) — not when
    # none are left but the bye: the floaters of this bracket would then have no one to meet
    below = len(lower) - (1 if rnd.bye_needed else 0)
    big_lower = below > 0 and dirac_completable(below, rnd.delta) and \
        (not rnd.bye_needed or any(m in bye_ok for m in lower))
    br = _Bracket(rnd, score, cards, row_of, rows, pos, floaters, lower, bye_ok,
                  not big_lower, unit, near_w, 1 << tie_bits, 1 << (main_bits + tie_bits))
    for c in cards:
        br.lc[c.number] = -br.encode(br.left_vector(c))
    br.tie_max = tie_max
    # §5 values by cost type: players of one type are alike (and §6.4 only
    # decides between players of one type, where the costs are symmetric)
    by_type: dict[tuple[Any, ...], list[Card]] = {}
    for c in cards:
        by_type.setdefault(cost_type(rnd, c), []).append(c)
    kinds = list(by_type.values())
    tid = br.tid
    for i, same in enumerate(kinds):
        for c in same:
            tid[c.number] = i
    table = br.table = [[0] * len(kinds) for _ in kinds]
    for i, xs in enumerate(kinds):
        for j in range(i, len(kinds)):
            ys = kinds[j]
            if i == j and len(xs) < 2:
                continue
            x, y = xs[0], (ys[1] if i == j else ys[0])  # two real players: §6.4 needs them
            table[i][j] = table[j][i] = br.encode(br.pair_vector(x, y))
    if br.combined or not LAZY_GRAPH:
        _build_graph(br)
    return br


LAZY_GRAPH = True
"""Speed only: a bracket whose completion is not at stake builds its matching
graph (every eligible pair of the bracket: quadratic in its size) only when a
matching is first needed (:func:`_graph_for`); the §4 order played out and
:func:`_pairing_bound` often show that none is."""


def _build_graph(br: _Bracket) -> None:
    """The bracket's matching graph (see :class:`_Bracket`).  Its edges in the
    order of the members (each with the later ones), weights by cost type:
    the per-player values are looked up once, not per edge (speed only)."""
    rnd, row_of, pos, tid, table = br.rnd, br.row_of, br.pos, br.tid, br.table
    members = [c.number for c in br.cards]
    lower, tie_max = br.lower, br.tie_max
    g = br.graph
    nodes = members + (lower + ([BYE] if rnd.bye_needed else []) if br.combined else [])
    br.node = {m: i for m, i in zip(nodes, g.add_nodes_from(nodes), strict=True)}
    idx, tu, lc = br.node, br.tie_unit, br.lc
    weight = br.weight
    edges: list[tuple[int, int, int]] = []
    n = len(members)
    at = {m: j for j, m in enumerate(members)}
    tids = [tid[m] for m in members]
    base = [lc[m] * tu for m in members]  # the left-over cost of each, scaled
    ps = [pos[m] for m in members]
    red = [row_of[m] is Colour.RED for m in members]
    nid = [idx[m] for m in members]
    tie = [max(0, tie_max - d * d) for d in range(n)]  # a cross-row pair |Δpos| = d apart
    by_type: dict[int, list[int]] = {}  # cost type of a -> (value with b + lc(b)) · tie_unit, by b
    for i, a in enumerate(members):
        row = by_type.get(tids[i])
        if row is None:
            va = [v * tu for v in table[tids[i]]]
            row = by_type[tids[i]] = [va[tj] + bj for tj, bj in zip(tids, base, strict=True)]
        la, pa, sa = base[i], ps[i], red[i]
        out = {at[b] for b in rnd.forbidden[a] if b in at}
        js = [j for j in range(i + 1, n) if j not in out] if out else range(i + 1, n)
        first = len(weight)
        weight.extend([row[j] + la + (tie[abs(pa - ps[j])] if red[j] is not sa else 0) for j in js])
        edges.extend(zip([nid[i]] * len(js), [nid[j] for j in js], range(first, len(weight)), strict=True))
    if br.combined:
        zero = len(weight)
        weight.append(0)
        for i, a in enumerate(lower):
            for b in members + lower[:i]:
                if b not in rnd.forbidden[a]:
                    edges.append((idx[a], idx[b], zero))
        if rnd.bye_needed:
            edges += [(idx[m], idx[BYE], zero) for m in br.bye_ok]
    g.add_edges_from(edges)
    br.built = True


def _graph_for(br: _Bracket, st: _State) -> None:
    """The matching graph, built now if it was not (:data:`LAZY_GRAPH`), with
    the §4 decisions of ``st`` on it: the cross-row edges of the players passed
    over weigh 0 (:func:`_apply`; the players placed are not in play)."""
    if br.built:
        return
    _build_graph(br)
    for p in st.passed:
        for e, other in br.bracket_edges(p):
            if br.row_of[other] is not br.row_of[p]:
                br.weight[e] = 0
