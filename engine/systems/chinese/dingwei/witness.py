"""What a bracket can still reach, found without a matching (speed only,
never the result): the §4 order played out with every 先编者 taking his first
option (:func:`_first_options`), an upper bound over classes of alike players
(:func:`_pairing_bound`), and when the two meet, the best value settled."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Any, Sequence

from ....model import Colour
from .bracket import _Bracket, _State
from .order import _apply, _same_row_order

@dataclass(frozen=True)
class _Best:
    value: int
    partner: dict[int, int | None]  # bracket player -> in-bracket partner (None: left over)


GREEDY_WITNESS = True
"""Speed only (never the result): before a maximum-weight matching is asked
whether the 先编者's first option still reaches the bracket's best value, the
§4 order is played out from the state with every 先编者 taking his first
option (:func:`_first_options`).  When that pairing reaches the best value it
is a witness that every one of those choices does, and no matching is needed:
in a large bracket the plain order is nearly always optimal, and a matching
there costs hundreds of times more than playing the order out."""


def _first_options(br: _Bracket, st: _State) -> _Best:
    """The bracket pairing the §4 order makes from ``st`` when every 先编者
    takes his first option (:func:`_options`, :func:`_apply` without the
    weights), and its value as :func:`best` counts it.  Without a matching:
    each 先编者 takes the first eligible free card of the other row, a
    player with none is passed over, and the passed pair in their rows or
    float."""
    rnd, rows, row_of = br.rnd, br.rows, br.row_of
    order = list(st.unpaired)
    partner: dict[int, int | None] = {n: None for n in order}
    left = set(order)  # still to place
    passed = set(st.passed)
    total = st.fixed - st.rem_lc
    # the rows and where each starts (every card before it is placed or passed), by
    # "is the red row" (a Colour as a key costs a Python-level hash: speed only)
    by_red = {True: rows[Colour.RED], False: rows[Colour.BLACK]}
    start = {True: 0, False: 0}
    for p in order:  # the free 先编者 in urgency order (§4: 同位, 错位, else 通行)
        if p not in left or p in passed:
            continue
        other = row_of[p] is not Colour.RED
        row = by_red[other]
        i = start[other]
        while i < len(row) and (row[i] not in left or row[i] in passed):
            i += 1
        start[other] = i
        q = next((row[j] for j in range(i, len(row))
                  if row[j] in left and row[j] not in passed and rnd.eligible(p, row[j])), None)
        if q is None:
            passed.add(p)
            continue
        partner[p], partner[q] = q, p
        left -= {p, q}
        total += br.value(p, q) + br.lc[p] + br.lc[q]
    for p in order:  # the passed (§4 同行, else 下调)
        if p not in left:
            continue
        own = _same_row_order(br, p, [q for q in rows[row_of[p]] if q != p and q in left])
        q = next((c for c in own if rnd.eligible(p, c)), None)
        left.discard(p)
        if q is not None:
            partner[p], partner[q] = q, p
            left.discard(q)
            total += br.value(p, q) + br.lc[p] + br.lc[q]
    return _Best(total, partner)


BOUND_CLASSES = 40
"""Speed only: :func:`_pairing_bound` is tried on brackets whose players fall
into at most this many classes (alike in every §5 value)."""


def _pairing_bound(br: _Bracket, st: _State) -> int | None:
    """An upper bound on the best value reachable from ``st`` in a bracket whose
    completion is not at stake (None: not computed — too many classes).
    Players alike in every §5 value and in what the §4 search still allows
    them (cost type, left-over cost, row, passed over) form a class; forgetting who
    has met whom, a pairing is a flow between two copies of the classes, each class sending and
    receiving at most its size (twice its pairs within itself, at most its
    size rounded down to even) and all together at most the players rounded
    down to even; it carries twice the value of the pairs.  The best such flow
    (successive shortest paths, a few classes) bounds twice the best pairing,
    so half of it rounded down bounds the best value: when the §4 order
    reaches it, that order is optimal without a matching."""
    if br.combined or st.passed:
        return None
    lc, tid = br.lc, br.tid
    size: dict[tuple[int, int], int] = {}
    for n in st.unpaired:
        key = (tid[n], lc[n])
        size[key] = size.get(key, 0) + 1
    if len(size) > BOUND_CLASSES:
        return None
    classes = tuple(sorted(size.items()))
    flow = br.flows.get(classes)
    if flow is None:
        flow = br.flows[classes] = _class_flow(br, size)
    return st.fixed - st.rem_lc + flow // 2


def _class_flow(br: _Bracket, size: dict[tuple[int, int], int]) -> int:
    """The most valuable flow of :func:`_pairing_bound` over the classes of ``size``:
    a source, each class on the left (``c``) and on the right (``k + c``), a sink."""
    table = br.table
    keys = list(size)
    k = len(keys)
    nodes = 2 * k + 2
    source, sink = 2 * k, 2 * k + 1
    cap = [[0] * nodes for _ in range(nodes)]
    cost = [[0] * nodes for _ in range(nodes)]
    out: list[list[int]] = [[] for _ in range(nodes)]
    for c, (tc, lcc) in enumerate(keys):
        n = size[keys[c]]
        cap[source][c] = cap[k + c][sink] = n
        out[source].append(c)
        out[c].append(source)
        out[k + c].append(sink)
        out[sink].append(k + c)
        row_cap, row_cost, table_c = cap[c], cost[c], table[tc]
        for d, (td, lcd) in enumerate(keys):
            w = table_c[td] + lcc + lcd
            room = n if c != d else n // 2 * 2
            if w > 0 and room > 0:
                row_cap[k + d], row_cost[k + d], cost[k + d][c] = room, -w, w
                out[c].append(k + d)
                out[k + d].append(c)
    return _flow(cap, cost, out, source, sink, sum(size.values()) // 2 * 2)


def _flow(cap: list[list[int]], cost: list[list[int]], out: list[list[int]], source: int, sink: int,
          room: int) -> int:
    """The value of the most valuable flow of at most ``room`` units from ``source``
    to ``sink``: residual capacities ``cap`` and costs (−value) ``cost`` by (tail,
    head), ``out`` each node's neighbours (``cap`` changed in place).  Successive
    shortest paths, each found by a queue of the nodes whose distance fell
    (Bellman-Ford's label correcting, no negative cycle: the paths are shortest).
    Which of equally short paths is taken changes no value: the most valuable flow
    of each size is one number."""
    nodes = len(cap)
    never = float("inf")
    total = 0
    while room > 0:
        dist: list[float] = [never] * nodes
        back = [-1] * nodes
        dist[source] = 0
        queue = deque([source])
        queued = [False] * nodes
        queued[source] = True
        while queue:
            u = queue.popleft()
            queued[u] = False
            du, cap_u, cost_u = dist[u], cap[u], cost[u]
            for v in out[u]:
                if cap_u[v] > 0:
                    dv = du + cost_u[v]
                    if dv < dist[v]:
                        dist[v], back[v] = dv, u
                        if not queued[v]:
                            queued[v] = True
                            queue.append(v)
        reach = dist[sink]
        if reach == never or reach >= 0:
            break
        push, v = room, sink
        while v != source:
            u = back[v]
            push = min(push, cap[u][v])
            v = u
        v = sink
        while v != source:
            u = back[v]
            cap[u][v] -= push
            cap[v][u] += push
            v = u
        total -= push * int(reach)
        room -= push
    return total


def _settled(br: _Bracket, st: _State) -> _Best | None:
    """The best value reachable from ``st`` and a pairing that reaches it,
    without a matching, when the §4 order played out reaches the bound of
    :func:`_pairing_bound` (None: not settled so)."""
    if br.combined or not GREEDY_WITNESS:
        return None
    plain = _first_options(br, st)
    return plain if plain.value == _pairing_bound(br, st) else None


def _first_reaching(br: _Bracket, st: _State, p: int, options: Sequence[tuple[str, int | None]],
                    upto: int, target: int) -> tuple[int | None, _Best | None, bool]:
    """Speed only: the first of ``options[:upto]`` with which the 先编者 ``p``
    still reaches ``target``, and a pairing from ``st`` that does — found
    without a matching: an option falls short when the bound of the state it
    leads to (:func:`_pairing_bound`) is below ``target``, and reaches it when
    the §4 order played out from there does.  ``(None, None, True)``: none of
    them reaches it; ``(None, None, False)``: not settled so."""
    if br.combined or not GREEDY_WITNESS:
        return None, None, False
    tid, lc, row_of = br.tid, br.lc, br.row_of
    bounds: dict[tuple[Any, ...], int | None] = {}
    for i, (kind, q) in enumerate(options[:upto]):
        if kind != "pair" and br.built:
            return None, None, False  # (:func:`_apply` would change the graph's weights)
        after = _apply(br, st, p, kind, q)
        key = (kind,) if q is None else (kind, tid[q], lc[q], row_of[q], q in st.passed)
        if key not in bounds:  # alike cards lead to alike bounds
            bounds[key] = _pairing_bound(br, after)
        bound = bounds[key]
        if bound is None:
            return None, None, False
        if bound < target:
            continue
        plain = _first_options(br, after)
        if plain.value != target:
            return None, None, False
        # p's own decision: paired to q, left over; passed over, he is still in the pairing played out
        mine: dict[int, int | None] = {p: q, q: p} if kind == "pair" and q is not None else \
            {p: None} if kind == "float" else {}
        return i, _Best(target, plain.partner | mine), True
    return None, None, True
