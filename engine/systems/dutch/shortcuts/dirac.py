"""Shortcut ``completion_by_dirac`` (:class:`~..options.DutchOptions`): the
round's completion check (C2, C4; the first bracket's C9) without a matching
when Dirac's condition decides it (a graph in which everyone may meet at
least half the others has a Hamiltonian cycle, so it can be paired with any
one player left out).  The check by a matching: :mod:`..completion`."""

from __future__ import annotations

from itertools import compress
from operator import not_

from ....results import PairingError
from ..completion import _NOT_COMPLETE
from ..players import DutchPlayer


def _dirac(compat: list[list[bool]], lo: int, hi: int) -> bool:
    """Dirac's condition on the players ``lo..hi-1``: each may meet at least
    half of them, so they have a Hamiltonian cycle — and so they can all be
    paired, or all but any one of them."""
    size = hi - lo
    if size < 3:
        return size == 0 or (size == 2 and compat[hi - 1][lo])
    missing = [0] * size  # the players each may not meet (few)
    for a in range(lo, hi):
        cannot = list(compress(range(lo, a), map(not_, compat[a][lo:a])))
        missing[a - lo] += len(cannot)
        for b in cannot:
            missing[b - lo] += 1
    return 2 * (size - 1 - max(missing)) >= size


def _completion_by_dirac(sp: list[DutchPlayer], compat: list[list[bool]], top_score: int,
                         odd: bool) -> tuple[int, bool] | None:
    """The completion check (C2, C4) without a matching, when Dirac's
    condition (:func:`_dirac`) decides it: every player can then be left
    out for the bye, so it is an eligible player of the lowest score (C.04.1);
    whether the top score group pairs within itself (the first bracket's C9)
    needs the same condition on it and on the others.  None: not decided."""
    n = len(sp)
    if not _dirac(compat, 0, n):
        return None
    if not odd:
        return 0, False
    eligible = [p.score for p in sp if p.eligible_for_bye]
    if not eligible:
        raise PairingError(_NOT_COMPLETE)
    bye_score = min(eligible)
    if bye_score < top_score:
        return bye_score, False
    g = sum(1 for p in sp if p.score >= top_score)  # the top score group: players 0..g-1
    if g % 2 == 0:  # one of them pairs below, whoever has the bye
        return bye_score, False
    if _dirac(compat, 0, g) and _dirac(compat, g, n):
        return bye_score, True
    return None
