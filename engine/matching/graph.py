"""The part of ``rustworkx.PyGraph`` the systems use, in pure Python: the graph
the exact fallback (:mod:`.blossom`) matches when rustworkx cannot be
imported (:mod:`.backend` hands it out as ``rx.PyGraph``)."""

from __future__ import annotations

from typing import Any, Iterable, Sequence


class Graph:
    """The part of ``rustworkx.PyGraph`` the systems use, in pure Python
    (nodes carry payloads and keep their indices; one edge per pair)."""

    def __init__(self, multigraph: bool = False) -> None:
        self._nodes: dict[int, Any] = {}
        self._adj: dict[int, dict[int, int]] = {}  # node -> neighbour -> edge index
        self._edges: dict[int, tuple[int, int, Any]] = {}
        self._next_node = 0
        self._next_edge = 0

    def __getitem__(self, node: int) -> Any:
        return self._nodes[node]

    def __len__(self) -> int:
        return len(self._nodes)

    def add_node(self, payload: Any) -> int:
        i = self._next_node
        self._next_node += 1
        self._nodes[i] = payload
        self._adj[i] = {}
        return i

    def add_nodes_from(self, payloads: Iterable[Any]) -> list[int]:
        return [self.add_node(p) for p in payloads]

    def node_indices(self) -> list[int]:
        return list(self._nodes)

    def num_nodes(self) -> int:
        return len(self._nodes)

    def num_edges(self) -> int:
        return len(self._edges)

    def remove_node(self, node: int) -> None:
        for other, e in self._adj.pop(node, {}).items():
            del self._edges[e]
            if other != node:
                del self._adj[other][node]
        self._nodes.pop(node, None)

    def remove_nodes_from(self, nodes: Iterable[int]) -> None:
        for v in list(nodes):
            self.remove_node(v)

    def add_edge(self, a: int, b: int, payload: Any) -> int:
        e = self._adj[a].get(b)
        if e is not None:  # not a multigraph: the payload is replaced
            self._edges[e] = (self._edges[e][0], self._edges[e][1], payload)
            return e
        e = self._next_edge
        self._next_edge += 1
        self._edges[e] = (a, b, payload)
        self._adj[a][b] = e
        self._adj[b][a] = e
        return e

    def add_edges_from(self, edges: Iterable[tuple[int, int, Any]]) -> list[int]:
        return [self.add_edge(a, b, w) for a, b, w in edges]

    def has_edge(self, a: int, b: int) -> bool:
        return b in self._adj.get(a, {})

    def get_edge_data(self, a: int, b: int) -> Any:
        return self._edges[self._adj[a][b]][2]

    def update_edge(self, a: int, b: int, payload: Any) -> None:
        e = self._adj[a][b]
        self._edges[e] = (self._edges[e][0], self._edges[e][1], payload)

    def remove_edge(self, a: int, b: int) -> None:
        e = self._adj[a].pop(b)
        del self._adj[b][a]
        del self._edges[e]

    def incident_edge_index_map(self, node: int) -> dict[int, tuple[int, int, Any]]:
        return {e: (node, other, self._edges[e][2]) for other, e in self._adj[node].items()}

    def weighted_edge_list(self) -> list[tuple[int, int, Any]]:
        return list(self._edges.values())

    def subgraph(self, nodes: Sequence[int]) -> "Graph":
        """The graph on ``nodes`` (renumbered 0.. in the order given), payloads kept."""
        g = Graph()
        new = {v: g.add_node(self._nodes[v]) for v in nodes}
        for a, b, w in self._edges.values():
            if a in new and b in new:
                g.add_edge(new[a], new[b], w)
        return g


__all__ = ["Graph"]
