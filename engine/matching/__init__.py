"""Maximum-weight matching on a general graph, with exact integer weights.

The Dutch system (C.04.3) is computed as a sequence of maximum-weight
matchings whose edge weights encode the quality criteria lexicographically
(one bit field per criterion).  :func:`max_weight_matching` finds one such
matching exactly.  It uses ``rustworkx`` (Rust, 128-bit integers) when the
weights fit, and otherwise the pure-Python blossom algorithm (:mod:`.blossom`:
Python integers are unbounded), which is exact but slower.

``rustworkx`` is optional at run time (some Pyodide builds lack it) and
imported only when a matching is first needed: without it the pure-Python
blossom serves, with the same results.  The systems that build their own
graphs (engine/systems/chinese/core.py, engine/systems/chinese/dingwei/) use :data:`rx`, which is
``rustworkx`` itself when it can be imported and otherwise :class:`Graph` and
:func:`.backend.graph_matching` under the same names.

The modules: :mod:`.backend` (the choice, rustworkx's use, :data:`rx`),
:mod:`.graph` (the pure-Python graph) and :mod:`.blossom` (the exact
pure-Python algorithm).  This package names what the rest of Bianpai uses.
"""

from .backend import (
    RUSTWORKX_WEIGHT_LIMIT, max_weight_matching, max_weight_matching_rx, rustworkx, rx, use_rustworkx,
)
from .blossom import max_weight_matching_py
from .graph import Graph

__all__ = [
    "Graph", "RUSTWORKX_WEIGHT_LIMIT", "max_weight_matching", "max_weight_matching_py",
    "max_weight_matching_rx", "rustworkx", "rx", "use_rustworkx",
]
