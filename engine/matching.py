"""Maximum-weight matching on a general graph, with exact integer weights.

The Dutch system (C.04.3) is computed as a sequence of maximum-weight
matchings whose edge weights encode the quality criteria lexicographically
(one bit field per criterion).  :func:`max_weight_matching` finds one such
matching exactly.  It uses ``rustworkx`` (Rust, 128-bit integers) when the
weights fit, and otherwise the pure-Python blossom algorithm below
(Python integers are unbounded), which is exact but slower.

``rustworkx`` is optional at run time (some Pyodide builds lack it) and
imported only when a matching is first needed: without it the pure-Python
blossom serves, with the same results.  The systems that build their own
graphs (:mod:`.swiss`, :mod:`.dingwei`) use :data:`rx`, which is
``rustworkx`` itself when it can be imported and otherwise :class:`Graph` and
:func:`graph_matching` under the same names.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, Sequence

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
                import rustworkx as module
                _rustworkx = module
            except ImportError:
                pass
    return _rustworkx or None


def use_rustworkx(on: bool) -> None:
    """Use rustworkx (when it can be imported) or always the pure-Python
    blossom; for tests that compare the two."""
    global _rustworkx
    _rustworkx = None if on else False


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


def max_weight_matching_py(n: int, edges: Sequence[tuple[int, int, int]]) -> list[int]:
    """Edmonds' blossom algorithm for maximum-weight matching, in the primal-dual
    form of Galil (1986), with exact integer arithmetic (no cardinality goal).

    Written after the public description of Van Rantwijk's ``mwmatching``;
    used only when weights exceed :data:`RUSTWORKX_WEIGHT_LIMIT`.
    Returns ``mate`` as :func:`max_weight_matching` does.
    """
    nedge = len(edges)
    nvertex = n
    maxweight = max(0, max((w for _, _, w in edges), default=0))
    endpoint = [edges[p // 2][p % 2] for p in range(2 * nedge)]
    neighbend: list[list[int]] = [[] for _ in range(nvertex)]
    for k, (i, j, _w) in enumerate(edges):
        neighbend[i].append(2 * k + 1)
        neighbend[j].append(2 * k)
    mate = [-1] * nvertex
    label = [0] * (2 * nvertex)
    labelend = [-1] * (2 * nvertex)
    inblossom = list(range(nvertex))
    blossomparent = [-1] * (2 * nvertex)
    blossomchilds: list[list[int] | None] = [None] * (2 * nvertex)
    blossombase = list(range(nvertex)) + [-1] * nvertex
    blossomendps: list[list[int] | None] = [None] * (2 * nvertex)
    bestedge = [-1] * (2 * nvertex)
    blossombestedges: list[list[int] | None] = [None] * (2 * nvertex)
    unusedblossoms = list(range(nvertex, 2 * nvertex))
    dualvar = [maxweight] * nvertex + [0] * nvertex
    allowedge = [False] * nedge
    queue: list[int] = []

    def slack(k: int) -> int:
        i, j, wt = edges[k]
        return dualvar[i] + dualvar[j] - 2 * wt

    def blossom_leaves(b: int) -> Iterator[int]:
        if b < nvertex:
            yield b
        else:
            for t in blossomchilds[b]:  # type: ignore[union-attr]
                if t < nvertex:
                    yield t
                else:
                    yield from blossom_leaves(t)

    def assign_label(w: int, t: int, p: int) -> None:
        b = inblossom[w]
        label[w] = label[b] = t
        labelend[w] = labelend[b] = p
        bestedge[w] = bestedge[b] = -1
        if t == 1:
            queue.extend(blossom_leaves(b))
        elif t == 2:
            base = blossombase[b]
            assign_label(endpoint[mate[base]], 1, mate[base] ^ 1)

    def scan_blossom(v: int, w: int) -> int:
        path = []
        base = -1
        while v != -1 or w != -1:
            b = inblossom[v]
            if label[b] & 4:
                base = blossombase[b]
                break
            path.append(b)
            label[b] = 5
            if labelend[b] == -1:
                v = -1
            else:
                v = endpoint[labelend[b]]
                b = inblossom[v]
                v = endpoint[labelend[b]]
            if w != -1:
                v, w = w, v
        for b in path:
            label[b] = 1
        return base

    def add_blossom(base: int, k: int) -> None:
        v, w, _wt = edges[k]
        bb = inblossom[base]
        bv = inblossom[v]
        bw = inblossom[w]
        b = unusedblossoms.pop()
        blossombase[b] = base
        blossomparent[b] = -1
        blossomparent[bb] = b
        path: list[int] = []
        endps: list[int] = []
        while bv != bb:
            blossomparent[bv] = b
            path.append(bv)
            endps.append(labelend[bv])
            v = endpoint[labelend[bv]]
            bv = inblossom[v]
        path.append(bb)
        path.reverse()
        endps.reverse()
        endps.append(2 * k)
        while bw != bb:
            blossomparent[bw] = b
            path.append(bw)
            endps.append(labelend[bw] ^ 1)
            w = endpoint[labelend[bw]]
            bw = inblossom[w]
        blossomchilds[b] = path
        blossomendps[b] = endps
        label[b] = 1
        labelend[b] = labelend[bb]
        dualvar[b] = 0
        for v in blossom_leaves(b):
            if label[inblossom[v]] == 2:
                queue.append(v)
            inblossom[v] = b
        bestedgeto = [-1] * (2 * nvertex)
        for bv in path:
            if blossombestedges[bv] is None:
                nblists = [[p // 2 for p in neighbend[v]] for v in blossom_leaves(bv)]
            else:
                nblists = [blossombestedges[bv]]  # type: ignore[list-item]
            for nblist in nblists:
                for kk in nblist:
                    i, j, _ = edges[kk]
                    if inblossom[j] == b:
                        i, j = j, i
                    bj = inblossom[j]
                    if (bj != b and label[bj] == 1 and
                            (bestedgeto[bj] == -1 or slack(kk) < slack(bestedgeto[bj]))):
                        bestedgeto[bj] = kk
            blossombestedges[bv] = None
            bestedge[bv] = -1
        blossombestedges[b] = [kk for kk in bestedgeto if kk != -1]
        bestedge[b] = -1
        for kk in blossombestedges[b]:  # type: ignore[union-attr]
            if bestedge[b] == -1 or slack(kk) < slack(bestedge[b]):
                bestedge[b] = kk

    def way_round(childs: list[int], i: int) -> tuple[int, int, int]:
        """From child ``i`` of a blossom to its base the even-length way
        round: the start index (negative when going forward), the step, and
        the endpoint trick of the direction."""
        if i & 1:
            return i - len(childs), 1, 0
        return i, -1, 1

    def expand_blossom(b: int, endstage: bool) -> None:
        for s in blossomchilds[b]:  # type: ignore[union-attr]
            blossomparent[s] = -1
            if s < nvertex:
                inblossom[s] = s
            elif endstage and dualvar[s] == 0:
                expand_blossom(s, endstage)
            else:
                for v in blossom_leaves(s):
                    inblossom[v] = s
        if (not endstage) and label[b] == 2:
            childs = blossomchilds[b]
            endps = blossomendps[b]
            entrychild = inblossom[endpoint[labelend[b] ^ 1]]
            j, jstep, endptrick = way_round(childs, childs.index(entrychild))  # type: ignore[arg-type,union-attr]
            p = labelend[b]
            while j != 0:
                label[endpoint[p ^ 1]] = 0
                label[endpoint[endps[j - endptrick] ^ endptrick ^ 1]] = 0  # type: ignore[index]
                assign_label(endpoint[p ^ 1], 2, p)
                allowedge[endps[j - endptrick] // 2] = True  # type: ignore[index]
                j += jstep
                p = endps[j - endptrick] ^ endptrick  # type: ignore[index]
                allowedge[p // 2] = True
                j += jstep
            bv = childs[j]  # type: ignore[index]
            label[endpoint[p ^ 1]] = label[bv] = 2
            labelend[endpoint[p ^ 1]] = labelend[bv] = p
            bestedge[bv] = -1
            j += jstep
            while childs[j] != entrychild:  # type: ignore[index]
                bv = childs[j]  # type: ignore[index]
                if label[bv] == 1:
                    j += jstep
                    continue
                for v in blossom_leaves(bv):
                    if label[v] != 0:
                        break
                if label[v] != 0:
                    label[v] = 0
                    label[endpoint[mate[blossombase[bv]]]] = 0
                    assign_label(v, 2, labelend[v])
                j += jstep
        label[b] = labelend[b] = -1
        blossomchilds[b] = blossomendps[b] = None
        blossombase[b] = -1
        blossombestedges[b] = None
        bestedge[b] = -1
        unusedblossoms.append(b)

    def augment_blossom(b: int, v: int) -> None:
        t = v
        while blossomparent[t] != b:
            t = blossomparent[t]
        if t >= nvertex:
            augment_blossom(t, v)
        childs = blossomchilds[b]
        endps = blossomendps[b]
        i = childs.index(t)  # type: ignore[union-attr]
        j, jstep, endptrick = way_round(childs, i)  # type: ignore[arg-type]
        while j != 0:
            j += jstep
            t = childs[j]  # type: ignore[index]
            p = endps[j - endptrick] ^ endptrick  # type: ignore[index]
            if t >= nvertex:
                augment_blossom(t, endpoint[p])
            j += jstep
            t = childs[j]  # type: ignore[index]
            if t >= nvertex:
                augment_blossom(t, endpoint[p ^ 1])
            mate[endpoint[p]] = p ^ 1
            mate[endpoint[p ^ 1]] = p
        blossomchilds[b] = childs[i:] + childs[:i]  # type: ignore[index]
        blossomendps[b] = endps[i:] + endps[:i]  # type: ignore[index]
        blossombase[b] = blossombase[blossomchilds[b][0]]  # type: ignore[index]

    def augment_matching(k: int) -> None:
        v, w, _wt = edges[k]
        for s, p in ((v, 2 * k + 1), (w, 2 * k)):
            while True:
                bs = inblossom[s]
                if bs >= nvertex:
                    augment_blossom(bs, s)
                mate[s] = p
                if labelend[bs] == -1:
                    break
                t = endpoint[labelend[bs]]
                bt = inblossom[t]
                s = endpoint[labelend[bt]]
                j = endpoint[labelend[bt] ^ 1]
                if bt >= nvertex:
                    augment_blossom(bt, j)
                mate[j] = labelend[bt]
                p = labelend[bt] ^ 1

    for _stage in range(nvertex):
        for i in range(2 * nvertex):
            label[i] = 0
            bestedge[i] = -1
        for i in range(nvertex, 2 * nvertex):
            blossombestedges[i] = None
        for i in range(nedge):
            allowedge[i] = False
        queue.clear()
        for v in range(nvertex):
            if mate[v] == -1 and label[inblossom[v]] == 0:
                assign_label(v, 1, -1)
        augmented = False
        while True:
            while queue and not augmented:
                v = queue.pop()
                for p in neighbend[v]:
                    k = p // 2
                    w = endpoint[p]
                    if inblossom[v] == inblossom[w]:
                        continue
                    if not allowedge[k]:
                        kslack = slack(k)
                        if kslack <= 0:
                            allowedge[k] = True
                    if allowedge[k]:
                        if label[inblossom[w]] == 0:
                            assign_label(w, 2, p ^ 1)
                        elif label[inblossom[w]] == 1:
                            base = scan_blossom(v, w)
                            if base >= 0:
                                add_blossom(base, k)
                            else:
                                augment_matching(k)
                                augmented = True
                                break
                        elif label[w] == 0:
                            label[w] = 2
                            labelend[w] = p ^ 1
                    elif label[inblossom[w]] == 1:
                        b = inblossom[v]
                        if bestedge[b] == -1 or kslack < slack(bestedge[b]):
                            bestedge[b] = k
                    elif label[w] == 0:
                        if bestedge[w] == -1 or kslack < slack(bestedge[w]):
                            bestedge[w] = k
            if augmented:
                break
            deltatype = 1
            delta = min(dualvar[:nvertex])
            deltaedge = deltablossom = -1
            for v in range(nvertex):
                if label[inblossom[v]] == 0 and bestedge[v] != -1:
                    d = slack(bestedge[v])
                    if deltatype == -1 or d < delta:
                        delta = d
                        deltatype = 2
                        deltaedge = bestedge[v]
            for b in range(2 * nvertex):
                if blossomparent[b] == -1 and label[b] == 1 and bestedge[b] != -1:
                    kslack = slack(bestedge[b])
                    d = kslack // 2
                    if deltatype == -1 or d < delta:
                        delta = d
                        deltatype = 3
                        deltaedge = bestedge[b]
            for b in range(nvertex, 2 * nvertex):
                if (blossombase[b] >= 0 and blossomparent[b] == -1 and label[b] == 2
                        and (deltatype == -1 or dualvar[b] < delta)):
                    delta = dualvar[b]
                    deltatype = 4
                    deltablossom = b
            for v in range(nvertex):
                lb = label[inblossom[v]]
                if lb == 1:
                    dualvar[v] -= delta
                elif lb == 2:
                    dualvar[v] += delta
            for b in range(nvertex, 2 * nvertex):
                if blossombase[b] >= 0 and blossomparent[b] == -1:
                    if label[b] == 1:
                        dualvar[b] += delta
                    elif label[b] == 2:
                        dualvar[b] -= delta
            if deltatype == 1:
                break
            elif deltatype == 2:
                allowedge[deltaedge] = True
                i, j, _ = edges[deltaedge]
                if label[inblossom[i]] == 0:
                    i, j = j, i
                queue.append(i)
            elif deltatype == 3:
                allowedge[deltaedge] = True
                i, j, _ = edges[deltaedge]
                queue.append(i)
            elif deltatype == 4:
                expand_blossom(deltablossom, False)
        if not augmented:
            break
        for b in range(nvertex, 2 * nvertex):
            if (blossomparent[b] == -1 and blossombase[b] >= 0 and label[b] == 1
                    and dualvar[b] == 0):
                expand_blossom(b, True)

    result = list(range(n))
    for v in range(nvertex):
        if mate[v] >= 0:
            result[v] = endpoint[mate[v]]
    return result

__all__ = [
    "Graph", "NO_RUSTWORKX_ENV", "RUSTWORKX_WEIGHT_LIMIT", "graph_matching", "max_weight_matching",
    "max_weight_matching_py", "max_weight_matching_rx", "rustworkx", "rx", "use_rustworkx",
]
