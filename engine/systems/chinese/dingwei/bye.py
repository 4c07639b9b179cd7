"""The bye (§7) as the explanation words it (§10): why it went to the player
who has it, and whether it is the bye that blocks a pair."""

from __future__ import annotations

from typing import Sequence

from ....matching import rx  # rustworkx, or the pure-Python fallback without it

from ....reasons import ByeReason
from ..core import BYE
from .bracket import _Bracket, _State
from .round import _Round

def _bye_blocks(br: _Bracket, st: _State) -> bool:
    """Whether the round would complete from ``st`` if the bye could go to
    anyone still unpaired who may take one, whatever his score: then the bye
    of the lowest score group (§7) is what blocks, not a rematch.  (Used only
    to word a 拆对.)"""
    rnd = br.rnd
    if not (rnd.bye_needed and br.combined):
        return False
    alive = list(st.unpaired) + list(st.floated) + br.lower
    g = rx.PyGraph()
    idx = {m: i for m, i in zip(alive, g.add_nodes_from(alive), strict=True)}
    bye = g.add_node(BYE)
    for i, a in enumerate(alive):
        for b in alive[i + 1:]:
            if rnd.eligible(a, b):
                g.add_edge(idx[a], idx[b], 1)
        if rnd.entrants[a].bye_ok:  # any score: floated down as far as needed
            g.add_edge(idx[a], bye, 1)
    return 2 * len(rx.max_weight_matching(g, max_cardinality=True, weight_fn=lambda w: w)) == len(alive) + 1


def _bye_reason(rnd: _Round, players: Sequence[int], bye: int | None) -> ByeReason | None:
    """Why the bye went to ``bye`` (§7, §10): when players below him could not
    have it, who had had a bye (or a point without playing) before and whose
    bye would have left the round incomplete."""
    if bye is None:
        return None
    e = rnd.entrants
    score = e[bye].score
    below = sorted(n for n in players if e[n].score < score)
    return ByeReason(bye, score, not below, tuple(n for n in below if not e[n].bye_ok),
                     tuple(n for n in below if e[n].bye_ok))
