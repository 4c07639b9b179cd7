"""The completion check of a round (C.04.3 C2, C4: everyone paired, the bye
to an eligible player of the lowest score possible, C.04.1; and the first
bracket's C9) by a matching.  Without one, when Dirac's condition decides it:
:mod:`.shortcuts.dirac`."""

from __future__ import annotations

from itertools import compress

from ...matching import max_weight_matching
from ...results import PairingError, problem
from .players import DutchPlayer
from .weights import _bits


_NOT_COMPLETE = problem("pairing.dutch_incomplete")
"""No pairing keeps the absolute criteria (C.04.3 C1–C3; the bye only to an eligible
player, C.04.1); :func:`pair` adds the round."""


def _completion_by_matching(sp: list[DutchPlayer], compat: list[list[bool]],
                            group_size: dict[int, int], sgb: int, top_score: int,
                            odd: bool) -> tuple[int, bool]:
    """The completion check (C2, C4) by a matching: all paired, the bye to an
    eligible player of the lowest score possible; and whether, so, the top
    score group pairs within itself (the first bracket's C9)."""
    n = len(sp)
    edges: list[tuple[int, int, int]] = []
    if odd:
        dense = {s: i for i, s in enumerate(sorted(group_size))}
        mid_bits = _bits(2 * len(dense) * n)
        for a in range(n):
            may_meet = compat[a]
            for b in range(a):
                if may_meet[b]:
                    top = 1 + (not sp[a].eligible_for_bye) + (not sp[b].eligible_for_bye)
                    w = (top << mid_bits) | (dense[sp[a].score] + dense[sp[b].score])
                    w = (w << sgb) | int(sp[a].score >= top_score)
                    edges.append((a, b, w))
    else:
        for a in range(n):
            edges.extend((a, b, 1) for b in compress(range(a), compat[a]))
    m0 = max_weight_matching(n, edges)
    unmatched = [i for i in range(n) if m0[i] == i]
    if len(unmatched) > 1 or (unmatched and not sp[unmatched[0]].eligible_for_bye):
        raise PairingError(_NOT_COMPLETE)
    if not odd:
        return 0, False
    bye_score = sp[unmatched[0]].score
    single_is_bye = False
    if bye_score >= top_score:
        single_is_bye = True
        for i, p in enumerate(sp):
            if p.score < top_score:
                break
            if sp[m0[i]].score < top_score:
                single_is_bye = False
                break
    return bye_score, single_is_bye
