"""The bound the 定位编排 engine uses to skip a matching (speed only, never the result):
the most valuable flow over classes of alike players.

``_flow`` finds each shortest path by a queue of the nodes whose distance fell,
over capacity and cost matrices; it was written first with Bellman-Ford's full
passes over every node of arc lists.  The two are compared here on random class
graphs built as ``_pairing_bound`` builds them; ``_class_flow``, which builds the
matrices of a bracket's classes, is compared with the flow of their class graph;
and the flow's value on a small graph is checked against every pairing of its
players.
"""

from __future__ import annotations

import copy
import itertools
from types import SimpleNamespace

from hypothesis import given, settings
from hypothesis import strategies as st

from bianpai.engine.systems.chinese.dingwei.witness import _class_flow, _flow


def _most_valuable_flow(arcs: list[list[list[int]]], source: int, sink: int, room: int) -> int:
    """The engine's ``_flow`` over the residual graph ``arcs`` (each arc [head, capacity,
    −value, index of the reverse arc]; at most one arc from a node to another), put into
    the matrices it searches."""
    nodes = len(arcs)
    cap = [[0] * nodes for _ in range(nodes)]
    cost = [[0] * nodes for _ in range(nodes)]
    out: list[list[int]] = [[] for _ in range(nodes)]
    for u, row in enumerate(arcs):
        for v, c, w, _ in row:
            assert v not in out[u], f"two arcs from {u} to {v}"
            out[u].append(v)
            cap[u][v], cost[u][v] = c, w
    return _flow(cap, cost, out, source, sink, room)


def _flow_by_full_passes(arcs: list[list[list[int]]], source: int, sink: int, room: int) -> int:
    """``_most_valuable_flow`` as first written: Bellman-Ford, every node each pass."""
    nodes = len(arcs)
    total = 0
    while room > 0:
        dist: list[int | None] = [None] * nodes
        back: list[tuple[int, int] | None] = [None] * nodes
        dist[source] = 0
        for _ in range(nodes - 1):
            changed = False
            for u in range(nodes):
                du = dist[u]
                if du is None:
                    continue
                for i, (v, cap, cost, _) in enumerate(arcs[u]):
                    dv = dist[v]
                    if cap > 0 and (dv is None or du + cost < dv):
                        dist[v], back[v] = du + cost, (u, i)
                        changed = True
            if not changed:
                break
        reach = dist[sink]
        if reach is None or reach >= 0:
            break
        push, v = room, sink
        while v != source:
            b = back[v]
            assert b is not None
            push = min(push, arcs[b[0]][b[1]][1])
            v = b[0]
        v = sink
        while v != source:
            b = back[v]
            assert b is not None
            a = arcs[b[0]][b[1]]
            a[1] -= push
            arcs[v][a[3]][1] += push
            v = b[0]
        total -= push * reach
        room -= push
    return total


def class_graph(sizes: list[int],
                values: dict[tuple[int, int], int]) -> tuple[list[list[list[int]]], int, int]:
    """The residual graph ``_pairing_bound`` builds: a source, each class on the left
    and on the right, a sink; a pair of classes worth ``values`` (symmetric)."""
    k = len(sizes)
    source, sink = 2 * k, 2 * k + 1
    arcs: list[list[list[int]]] = [[] for _ in range(2 * k + 2)]

    def arc(u: int, v: int, cap: int, cost: int) -> None:
        arcs[u].append([v, cap, cost, len(arcs[v])])
        arcs[v].append([u, 0, -cost, len(arcs[u]) - 1])

    for c in range(k):
        arc(source, c, sizes[c], 0)
        arc(k + c, sink, sizes[c], 0)
        for d in range(k):
            w = values[min(c, d), max(c, d)]
            cap = sizes[c] if c != d else sizes[c] // 2 * 2
            if w > 0 and cap > 0:
                arc(c, k + d, cap, -w)
    return arcs, source, sink


@st.composite
def class_graphs(draw):
    k = draw(st.integers(1, 12))
    sizes = draw(st.lists(st.integers(1, 9), min_size=k, max_size=k))
    values = {(c, d): draw(st.sampled_from((0, 1, 2, 3, 5, 8, 40, 41, 1000)))
              for c in range(k) for d in range(c, k)}
    return sizes, values


@settings(max_examples=300, deadline=None)
@given(class_graphs())
def test_the_queue_finds_the_value_the_full_passes_found(graph) -> None:
    sizes, values = graph
    arcs, source, sink = class_graph(sizes, values)
    room = sum(sizes) // 2 * 2
    assert _most_valuable_flow(copy.deepcopy(arcs), source, sink, room) == _flow_by_full_passes(
        arcs, source, sink, room)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(0, 2), min_size=2, max_size=7),
       st.dictionaries(st.tuples(st.integers(0, 2), st.integers(0, 2)), st.integers(0, 9)))
def test_half_the_flow_bounds_every_pairing(classes: list[int], drawn: dict[tuple[int, int], int]) -> None:
    """Players of classes ``classes``: no pairing of them is worth more than half the flow."""
    kinds = sorted(set(classes))
    index = {c: i for i, c in enumerate(kinds)}
    sizes = [classes.count(c) for c in kinds]
    values = {(index[a], index[b]): drawn.get((a, b), drawn.get((b, a), 0))
              for a in kinds for b in kinds if index[a] <= index[b]}
    arcs, source, sink = class_graph(sizes, values)
    bound = _most_valuable_flow(arcs, source, sink, len(classes) // 2 * 2) // 2
    players = list(range(len(classes)))

    def best(left: list[int]) -> int:
        if len(left) < 2:
            return 0
        first, rest = left[0], left[1:]
        out = best(rest)  # the first left unpaired
        for q in rest:
            a, b = sorted((index[classes[first]], index[classes[q]]))
            out = max(out, values[a, b] + best([r for r in rest if r != q]))
        return out

    assert best(players) <= bound
    pairs_of_classes = itertools.combinations_with_replacement(range(len(kinds)), 2)
    if all(values[a, b] == values[0, 0] for a, b in pairs_of_classes):
        assert best(players) == bound  # one value for every pair: the bound is reached


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 6), st.data())
def test_the_class_flow_of_a_bracket_is_the_flow_of_its_class_graph(types: int, data) -> None:
    """``_class_flow`` builds its graph as a matrix: the same value as the arc lists of
    :func:`class_graph` for the classes (cost type, left-over cost) of a bracket."""
    table = [[0] * types for _ in range(types)]
    for i in range(types):
        for j in range(i, types):
            table[i][j] = table[j][i] = data.draw(st.sampled_from((0, 1, 3, 7, 40, 1000)))
    keys = data.draw(st.lists(st.tuples(st.integers(0, types - 1), st.sampled_from((0, -1, -5))),
                              min_size=1, max_size=10, unique=True))
    size = {key: data.draw(st.integers(1, 7)) for key in keys}
    br = SimpleNamespace(table=table)
    values = {(c, d): table[keys[c][0]][keys[d][0]] + keys[c][1] + keys[d][1]
              for c in range(len(keys)) for d in range(c, len(keys))}
    arcs, source, sink = class_graph([size[key] for key in keys], values)
    assert _class_flow(br, size) == _flow_by_full_passes(arcs, source, sink, sum(size.values()) // 2 * 2)
