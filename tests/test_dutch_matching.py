"""The maximum-weight matching behind the Dutch system (engine/matching/).

Weights beyond rustworkx's 128 bits go to the pure-Python blossom algorithm;
both must find matchings of the same (maximum) weight.
"""

from __future__ import annotations

import random

import rustworkx as rx

from bianpai.engine.matching import RUSTWORKX_WEIGHT_LIMIT, max_weight_matching, max_weight_matching_py


def weight(mate: list[int], edges: list[tuple[int, int, int]]) -> int:
    w = {(min(a, b), max(a, b)): x for a, b, x in edges}
    return sum(w[(v, mate[v])] for v in range(len(mate)) if mate[v] > v)


def is_matching(mate: list[int], edges: list[tuple[int, int, int]]) -> bool:
    present = {(min(a, b), max(a, b)) for a, b, _ in edges}
    return all(mate[mate[v]] == v and (mate[v] == v or (min(v, mate[v]), max(v, mate[v])) in present)
               for v in range(len(mate)))


def rustworkx_weight(n: int, edges: list[tuple[int, int, int]]) -> int:
    g = rx.PyGraph()
    g.add_nodes_from(range(n))
    g.add_edges_from(edges)
    mate = list(range(n))
    for a, b in rx.max_weight_matching(g, weight_fn=lambda x: x):
        mate[a], mate[b] = b, a
    return weight(mate, edges)


def test_the_python_blossom_finds_a_maximum_weight_matching() -> None:
    rng = random.Random(2026)
    for _ in range(300):
        n = rng.randint(1, 13)
        edges = [(a, b, rng.choice((rng.randint(1, 9), rng.randint(1, 10**9))))
                 for a in range(n) for b in range(a) if rng.random() < rng.choice((0.3, 0.7, 1.0))]
        mate = max_weight_matching_py(n, edges)
        assert is_matching(mate, edges)
        assert weight(mate, edges) == rustworkx_weight(n, edges)


def test_weights_beyond_128_bits_are_exact() -> None:
    """A path a–b–c–d whose middle edge is worth one more than the two outer
    ones together, all above 2**200: the middle edge alone is best."""
    big = 1 << 200
    edges = [(0, 1, big), (1, 2, 2 * big + 1), (2, 3, big)]
    assert big > RUSTWORKX_WEIGHT_LIMIT
    assert max_weight_matching(4, edges) == [0, 2, 1, 3]
    edges = [(0, 1, big), (1, 2, 2 * big - 1), (2, 3, big)]
    assert max_weight_matching(4, edges) == [1, 0, 3, 2]


def test_an_unmatched_vertex_is_its_own_mate() -> None:
    assert max_weight_matching(3, [(0, 1, 5)]) == [1, 0, 2]
    assert max_weight_matching(2, []) == [0, 1]
