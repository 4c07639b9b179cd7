"""The matching backend: ``rustworkx`` (Rust, 128-bit integers) when it can be
imported and the weights fit, else the exact pure-Python fallback
(:mod:`.graph`, :mod:`.blossom`) under the same names.

``rustworkx`` is optional at run time (some Pyodide builds lack it) and
imported only when a matching is first needed (:func:`rustworkx`).
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any, Callable, Sequence

from .blossom import max_weight_matching_py
from .graph import Graph

#: Set (to anything) to pair without rustworkx even where it is installed.
NO_RUSTWORKX_ENV = "BIANPAI_NO_RUSTWORKX"

_rustworkx: Any = None  # the module once imported; False when it cannot be

#: Decision: the largest edge weight handed to rustworkx.  Its Rust code keeps
#: weights and dual variables in signed 128-bit integers (doubled internally),
#: so weights stay below 2**124 (the dual variables then stay below 2**126);
#: larger weights go to the pure-Python algorithm.  Checked against it on
#: random graphs with weights just below the limit.
RUSTWORKX_WEIGHT_LIMIT = 1 << 124


#: The weight of an edge whose payload is its (integer) weight: ``int`` is a
#: C function, cheaper per edge for rustworkx to call than a Python one.
_identity: Callable[[Any], int] = int


def rustworkx() -> Any:
    """The ``rustworkx`` module, imported on first use; None when it cannot be
    imported (or :data:`NO_RUSTWORKX_ENV` is set)."""
    global _rustworkx
    if _rustworkx is None:
        _rustworkx = False
        if not os.environ.get(NO_RUSTWORKX_ENV):
            try:
                import rustworkx as module  # start-up time: rustworkx only when a matching is made
                _rustworkx = module
            except ImportError:
                pass
    return _rustworkx or None


def use_rustworkx(on: bool) -> None:
    """Use rustworkx (when it can be imported) or always the pure-Python
    blossom; for tests that compare the two."""
    global _rustworkx
    _rustworkx = None if on else False


def graph_matching(graph: Any, max_cardinality: bool = False,
                   weight_fn: Callable[[Any], int] | None = None) -> set[tuple[int, int]]:
    """``rustworkx.max_weight_matching`` for a :class:`Graph` (or a rustworkx
    graph when rustworkx is there): the matched pairs.  ``max_cardinality``:
    of the matchings with the most pairs, one of largest weight (each weight
    raised by more than any matching's total, so one more pair always wins)."""
    rxm = rustworkx()
    if rxm is not None and not isinstance(graph, Graph):
        out: set[tuple[int, int]] = rxm.max_weight_matching(
            graph, max_cardinality=max_cardinality, weight_fn=weight_fn or _identity)
        return out
    fn = weight_fn or _identity
    nodes = graph.node_indices()
    index = {v: i for i, v in enumerate(nodes)}
    edges = [(index[a], index[b], int(fn(w))) for a, b, w in graph.weighted_edge_list()]
    if max_cardinality and edges:
        lift = (len(nodes) // 2) * max(0, max(w for _, _, w in edges)) + 1
        edges = [(a, b, w + lift) for a, b, w in edges]
    edges = [e for e in edges if e[2] > 0]
    mate = max_weight_matching_py(len(nodes), edges) if edges else list(range(len(nodes)))
    return {(nodes[v], nodes[m]) for v, m in enumerate(mate) if v < m}


class _Backend:
    """:data:`rx`: ``rustworkx`` when it can be imported (on first use), else
    the pure-Python :class:`Graph` and :func:`graph_matching`."""

    @property
    def PyGraph(self) -> Any:  # noqa: N802 (rustworkx's name)
        rxm = rustworkx()
        return Graph if rxm is None else rxm.PyGraph

    @staticmethod
    def max_weight_matching(graph: Any, max_cardinality: bool = False,
                            weight_fn: Callable[[Any], int] | None = None) -> set[tuple[int, int]]:
        return graph_matching(graph, max_cardinality, weight_fn)


if TYPE_CHECKING:
    import rustworkx as rx
else:
    rx = _Backend()


def max_weight_matching(n: int, edges: Sequence[tuple[int, int, int]],
                        weight_bits: int | None = None) -> list[int]:
    """A maximum-weight matching of the graph on vertices ``0..n-1``.

    ``edges`` are ``(u, v, weight)`` with ``weight > 0``.  Returns ``mate``:
    ``mate[v]`` is v's partner, or ``v`` itself when v is unmatched (the
    convention of bbpPairings' matching computer).  Not necessarily of maximum
    cardinality: only the total weight counts.  ``weight_bits``, when given,
    is a bound on the bit length of the weights (saves looking at them all).
    """
    mate = list(range(n))
    if not edges:
        return mate
    if weight_bits is None:
        weight_bits = max(e[2] for e in edges).bit_length()
    rxm = rustworkx()
    if rxm is not None and weight_bits <= RUSTWORKX_WEIGHT_LIMIT.bit_length() - 1:
        g = rxm.PyGraph(multigraph=False)
        g.add_nodes_from(range(n))
        g.add_edges_from(edges)
        for u, v in rxm.max_weight_matching(g, max_cardinality=False, weight_fn=_identity):
            mate[u] = v
            mate[v] = u
        return mate
    return max_weight_matching_py(n, edges)


def max_weight_matching_rx(graph: Any, n: int) -> list[int]:
    """A maximum-weight matching of a graph made with ``rx.PyGraph`` whose
    nodes are (a subset of) ``0..n-1`` and whose edge payloads are the integer
    weights, below :data:`RUSTWORKX_WEIGHT_LIMIT`; ``mate`` as
    :func:`max_weight_matching`.  For a caller that keeps one graph and
    changes only some of its edges."""
    mate = list(range(n))
    for u, v in graph_matching(graph):
        mate[u] = v
        mate[v] = u
    return mate


__all__ = [
    "NO_RUSTWORKX_ENV", "RUSTWORKX_WEIGHT_LIMIT", "graph_matching", "max_weight_matching",
    "max_weight_matching_rx", "rustworkx", "rx", "use_rustworkx",
]
