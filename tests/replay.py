"""Replaying a reference event round by round (the conformance tests).

For round r the event as it stood before round r (``before_round(r)``, with the
byes requested for round r) is paired again and must give the same pairs, the
same colours (red = TRF ``w``) and the same pairing-allocated bye.  TRF files do
not keep the board order, so boards are compared as a set of (red, black).
"""

from __future__ import annotations

from typing import Callable

from bianpai.engine.model import Tournament
from bianpai.engine.results import Pairing

Outcome = tuple[frozenset[tuple[int, int]], "int | None"]


def expected(t: Tournament, r: int) -> Outcome:
    """Round ``r`` of the reference: its (red, black) pairs and its pairing bye."""
    rnd = t.rounds[r - 1]
    return frozenset((g.red, g.black) for g in rnd.games), rnd.pairing_bye


def paired(t: Tournament, r: int, pair: Callable[[Tournament], Pairing]) -> Outcome:
    """Round ``r`` paired again by ``pair``."""
    p = pair(t.before_round(r))
    return frozenset(p.pairs()), p.bye


def replay_differences(name: str, t: Tournament,
                       pair: Callable[[Tournament], Pairing]) -> tuple[str, ...]:
    """The rounds of ``t`` that ``pair`` does not reproduce, each explained."""
    out = []
    for r in range(1, len(t.rounds) + 1):
        want = expected(t, r)
        try:
            got = paired(t, r, pair)
        except Exception as e:  # a crash is a difference too, shown as such
            out.append(f"{name} round {r}: {type(e).__name__}: {e}")
            continue
        if got != want:
            out.append(f"{name} round {r}: expected {sorted(want[0])} bye {want[1]}, "
                       f"got {sorted(got[0])} bye {got[1]}")
    return tuple(out)
