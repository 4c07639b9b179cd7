"""Shortcut ``first_round_direct`` (:class:`~..options.DutchOptions`): a round
nobody has played before paired directly, as its matchings would pair it
(the proof is in :func:`_first_round`'s docstring)."""

from __future__ import annotations


def _first_round(n: int) -> list[int]:
    """The partners when nobody has a round behind him: one bracket whose
    players no criterion tells apart (one score, no colours, floats or
    opponents, all eligible for the bye), so its best pairing is S1 v S2 in
    order (C.04.3 2.3: no exchange, each S1 player the highest S2 player
    left), the last player over for the bye when they are odd (C.04.1)."""
    mate = list(range(n))
    half = n // 2
    for i in range(half):
        mate[i] = half + i
        mate[half + i] = i
    return mate
