"""What a bracket can still reach, by maximum-weight matching on its graph
(:class:`bracket._Bracket`): the best value from a state, with the 先编者
paired to one of some cards, and the whole pairing a matching makes."""

from __future__ import annotations

from typing import Any, Sequence

from ....matching import rx  # rustworkx, or the pure-Python fallback without it

from ..core import BYE
from .bracket import _Bracket, _graph_for, _State
from .order import _apply
from .witness import GREEDY_WITNESS, _Best, _pairing_bound, _settled

def best(br: _Bracket, st: _State) -> _Best | None:
    """The best main value the bracket can still reach from ``st`` (None: the
    round can no longer be completed), with a matching that reaches it."""
    br.matchings += 1
    _graph_for(br, st)
    alive = list(st.unpaired)
    if br.combined:
        alive += list(st.floated) + br.lower + ([BYE] if br.rnd.bye_needed else [])
    g = br.graph.subgraph([br.node[n] for n in alive])
    weight = br.weight
    m = rx.max_weight_matching(g, max_cardinality=br.combined, weight_fn=weight.__getitem__)
    if br.combined and 2 * len(m) != len(alive):
        return None
    partner: dict[int, int | None] = {n: None for n in st.unpaired}
    total = st.fixed - st.rem_lc
    tu = br.tie_unit
    for i, j in m:
        w = weight[g.get_edge_data(i, j)]
        if w != 0:  # a pair of the bracket (a club pair may weigh less than 0, criterion 1b)
            a, b = g[i], g[j]
            partner[a], partner[b] = b, a
            total += w // tu
    return _Best(total, partner)


def best_with(br: _Bracket, st: _State, p: int, among: Sequence[int]) -> _Best | None:
    """The best value reachable with ``p`` paired to one of ``among`` now (None:
    none reachable): the matching with a bonus on ``p``'s edges to ``among``,
    large enough that he is matched to one of them if he can be, and his
    other edges at 0."""
    if len(among) == 1:  # p takes that one card: settled without a matching when the rest is plain
        q = among[0]
        got = _settled(br, _apply(br, st, p, "pair", q))
        if got is not None:
            return _Best(got.value, got.partner | {p: q, q: p})
    _graph_for(br, st)
    weight = br.weight
    keep = set(among)
    mine = br.bracket_edges(p)
    saved = [(e, weight[e]) for e, _ in mine]
    for e, other in mine:
        weight[e] = weight[e] + br.bonus if other in keep else 0
    try:
        r = best(br, st)
    finally:
        for e, w in saved:
            weight[e] = w
    if r is None or r.partner.get(p) not in keep:
        return None
    return _Best(r.value - br.bonus // br.tie_unit, r.partner)


def _best_ahead(br: _Bracket, st: _State, p: int, ahead: Sequence[int]) -> _Best | None:
    """The best value reachable with ``p`` paired to one of ``ahead`` (the
    options ahead of the one taken: :data:`BROKEN_REASON_OF_THE_OPTIONS_AHEAD`),
    each settled without a matching where it can be (:func:`_settled`)."""
    if br.combined or not GREEDY_WITNESS:
        return best_with(br, st, p, ahead)
    tid, lc, row_of = br.tid, br.lc, br.row_of
    bounds: dict[tuple[Any, ...], int | None] = {}
    bound: dict[int, int] = {}
    for q in ahead:  # alike cards lead to alike bounds
        key = (tid[q], lc[q], row_of[q], q in st.passed)
        if key not in bounds:
            bounds[key] = _pairing_bound(br, _apply(br, st, p, "pair", q))
        b = bounds[key]
        if b is None:
            return best_with(br, st, p, ahead)
        bound[q] = b
    got: _Best | None = None
    for q in sorted(ahead, key=lambda q: -bound[q]):  # stable: the order of the options within a bound
        if got is not None and got.value >= bound[q]:
            break  # no card left can do better
        r = _settled(br, _apply(br, st, p, "pair", q))
        if r is None:
            return best_with(br, st, p, ahead)
        if got is None or r.value > got.value:
            got = _Best(r.value, r.partner | {p: q, q: p})
    return got


def _best_with_pair_values(br: _Bracket, st: _State, p: int, among: Sequence[int]) -> _Best | None:
    """:func:`best_with` when ``p``'s edges to ``among`` may have been ruled out
    by the search (passed over): their values for the pair are put back for
    the call (used only to word why ``p`` floats, §10)."""
    keep = set(among)
    saved: list[tuple[int, int]] = []
    for e, other in br.bracket_edges(p):
        if other in keep:
            saved.append((e, br.weight[e]))
            br.weight[e] = (br.value(p, other) + br.lc[p] + br.lc[other]) * br.tie_unit
    try:
        return best_with(br, st, p, among)
    finally:
        for e, w in saved:
            br.weight[e] = w


def _full(br: _Bracket, st: _State, r: _Best) -> tuple[list[tuple[int, int]], list[int]]:
    """The whole bracket pairing of a matching reached from ``st``."""
    pairs = list(st.pairs)
    left = list(st.floated)
    for a, b in r.partner.items():
        if b is None:
            left.append(a)
        elif a < b:
            pairs.append((a, b))
    return pairs, left
