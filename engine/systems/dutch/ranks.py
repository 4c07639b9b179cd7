"""The S1 players' opponents ranked (C.04.3 2.3.2: each S1 player, in order,
the highest possible opponent in S2) as tie-breaks below every criterion,
and a choice the current best matching already makes taken by a swap."""

from __future__ import annotations

from .graph import Graph
from .weights import Fields, _bits


def _opponent_ranks(s1: list[int], s2: list[int], base: dict[tuple[int, int], "Fields | None"],
                    pbi: list[int], room: int, cap: int | None = None,
                    cut: list[int] | None = None) -> tuple[dict[tuple[int, int], int], int, int]:
    """Tie-break values that make a best matching give the first S1 players,
    in order, the highest possible opponents (2.3.2), within ``room`` bits:
    each ranks his own possible opponents in S2 (a mixed radix, the first
    player most significant).  Returns the values by (higher vertex, lower
    vertex), their bound (the sum over a matching is below it) and how many
    S1 players they settle.

    With ``cap``, the k-th player ranks only his first ``k + cap`` possible
    opponents (the others 0; such players are added to ``cut``): a player is
    then settled only when he got a ranked opponent and so did every capped
    player before him — a better opponent would be ranked higher, so the
    matching would not be best (see :func:`_ranked_prefix`)."""
    candidates: list[list[int]] = []
    product = 1
    for pi in s1:
        own = [oi for oi in s2 if oi > pi and base.get((oi, pi)) is not None]
        if cap is not None and len(own) > len(candidates) + cap:
            del own[len(candidates) + cap:]
            if cut is not None:
                cut.append(pi)
        if _bits(product * (len(own) + 1)) > room:
            break
        product *= len(own) + 1
        candidates.append(own)
    tie: dict[tuple[int, int], int] = {}
    unit = product
    for pi, own in zip(s1, candidates, strict=False):  # (candidates may stop early)
        unit //= len(own) + 1
        for j, oi in enumerate(own):
            tie[(pbi[oi], pbi[pi])] = (len(own) - j) * unit
    return tie, product, len(candidates)


def _ranked_prefix(tie: dict[tuple[int, int], int], cut: list[int], chunk: list[int],
                   pbi: list[int], mate: list[int]) -> int:
    """How many of ``chunk`` (S1, in order) got, one after another, an
    opponent their ranks name or had all their possible opponents ranked
    (``cut``: the players whose ranks were capped)."""
    count = 0
    for pi in chunk:
        pv = pbi[pi]
        if pi in cut and not tie.get((mate[pv], pv)):
            break
        count += 1
    return count


def _swap_for(state: Graph, mate: list[int], v: int, b: int) -> list[int]:
    """``mate`` with ``v`` paired to ``b`` when swapping the partners of v
    and b (v–b and x–y for v–x and b–y) keeps the weight: that matching is
    then also a best one, which proves ``b`` the best opponent ``v`` can have
    without computing a new matching.  ``mate`` itself otherwise."""
    x = mate[v]
    y = mate[b]
    if x == v or state.fixed[y] >= 0 or state.fixed[x] >= 0:
        return mate
    w = state.w
    layout = state.layout
    assert layout is not None
    old1, new1 = w[v][x], w[v][b]
    if old1 is None or new1 is None:
        return mate
    old_code, old_low = old1.fields.code(layout), old1.low
    new_code, new_low = new1.fields.code(layout), new1.low
    if y != b:  # b's partner takes v's
        old2, new2 = w[y][b], w[y][x]
        if old2 is None or new2 is None:
            return mate
        old_code += old2.fields.code(layout)
        old_low += old2.low
        new_code += new2.fields.code(layout)
        new_low += new2.low
    if new_code != old_code or new_low != old_low:
        return mate
    mate = list(mate)
    if y != b:
        mate[y], mate[x] = x, y
    else:
        mate[x] = x
    mate[v], mate[b] = b, v
    return mate
