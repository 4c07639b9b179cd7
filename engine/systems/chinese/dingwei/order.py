"""The §4 order within a bracket: the 先编者 and his options (同位, 错位, then
通行; once all are passed, 同行 by want category, then 下调), and taking one of
them (:func:`_apply`)."""

from __future__ import annotations

from ....model import Colour
from .bracket import _Bracket, _State
from .cards import SAME_ROW_STRONG_ORDER, SAME_ROW_WEAK_ORDER

def _apply(br: _Bracket, st: _State, p: int, kind: str, q: int | None) -> _State:
    """Take one §4 decision (the weights of ruled-out bracket edges become 0)."""
    weight, row_of = br.weight, br.row_of
    if kind == "pass":  # no more cross-row pairs for p
        for e, other in br.bracket_edges(p) if br.built else ():
            if row_of[other] is not row_of[p]:
                weight[e] = 0
        return _State(st.unpaired, st.passed | {p}, st.floated, st.pairs, st.fixed, st.rem_lc)
    unpaired = list(st.unpaired)
    unpaired.remove(p)
    if q is not None:
        unpaired.remove(q)
    passed = st.passed - {p, q} if st.passed else st.passed
    if kind == "float":  # p is left over: he may still pair below
        for e, _ in br.bracket_edges(p) if br.built else ():
            weight[e] = 0
        return _State(unpaired, passed, st.floated + (p,), st.pairs, st.fixed - br.lc[p],
                      st.rem_lc - br.lc[p])
    assert q is not None
    return _State(unpaired, passed, st.floated, st.pairs + ((p, q),),
                  st.fixed + br.value(p, q), st.rem_lc - br.lc[p] - br.lc[q])


def _consistent(br: _Bracket, witness: dict[int, int | None], p: int, kind: str, q: int | None) -> bool:
    """Whether the witness matching takes the same decision (then it is optimal)."""
    w = witness.get(p)
    if kind == "pair":
        return w == q
    if kind == "pass":
        return w is None or br.row_of[w] is br.row_of[p]
    return w is None


def _same_row_order(br: _Bracket, p: int, own: list[int]) -> list[int]:
    """§4.4: the 先编者's own-row cards in the order he takes them — by want
    category (:data:`SAME_ROW_STRONG_ORDER` / :data:`SAME_ROW_WEAK_ORDER`),
    within one the nearest card below him first (the row's order)."""
    e = br.rnd.entrants
    order = SAME_ROW_STRONG_ORDER if e[p].strong else SAME_ROW_WEAK_ORDER
    rank = {cat: i for i, cat in enumerate(order)}
    return sorted(own, key=lambda q: rank[e[q].category])  # stable: row order within a category


def _options(br: _Bracket, st: _State) -> tuple[int, list[tuple[str, int | None]], list[int], bool]:
    """The 先编者, his options in §4 order: cross-row (同位, 错位) then passing
    over (通行); once all are passed, same-row (同行) then floating (下调); and
    the cards he may choose among, eligible or not (in order)."""
    rnd = br.rnd
    passed = st.passed
    first = next((n for n in st.unpaired if n not in passed), None)
    if first is not None:
        p = first
        other = Colour.BLACK if br.row_of[p] is Colour.RED else Colour.RED
        free_set = set(st.unpaired).difference(passed)
        cands = [q for q in br.rows[other] if q in free_set]
        met = rnd.forbidden[p]  # rnd.eligible(p, q), inline: asked of every card of the row
        opts: list[tuple[str, int | None]] = [("pair", q) for q in cands if q not in met]
        opts.append(("pass", None))
        return p, opts, cands, True
    p = st.unpaired[0]
    left = set(st.unpaired)
    own = _same_row_order(br, p, [q for q in br.rows[br.row_of[p]] if q != p and q in left])
    opts = [("pair", q) for q in own if rnd.eligible(p, q)]
    opts.append(("float", None))
    return p, opts, own, False
