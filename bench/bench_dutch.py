"""Benchmark: pair one middle round of simulated 分区编排 (FIDE Dutch) events.

For each size an event of 9 rounds (seeded, 1/½/0, a few forfeits and
half-point byes) is simulated by pairing every round with the Dutch engine
itself, up to round 4; round 5 is then paired ``REPEAT`` times (up to 200
players; once above, where one round takes seconds) and the median printed.  The reference engine takes about 3 s at 500 players and 30 s at
1,000 here.

    python bench/bench_dutch.py [sizes…]
"""

from __future__ import annotations

import sys

from bianpai.engine import dutch
from bianpai.engine.model import CHESS_POINTS
from middle_round import MIDDLE, time_middle_round

SIZES = (50, 200, 500, 1000)
REPEAT = 3


def bench(n: int) -> tuple[float, float, int]:
    """(median seconds, simulation seconds, boards) for pairing round 5 of ``n``
    players: ``REPEAT`` runs up to 200 players, one run above."""
    return time_middle_round("dutch", dutch.pair, n, REPEAT if n <= 200 else 1,
                             points=CHESS_POINTS, forfeit_rate=0.02, absence_rate=0.01)


def main(argv: list[str]) -> None:
    sizes = [int(a) for a in argv] or list(SIZES)
    for n in sizes:
        med, sim, boards = bench(n)
        print(f"dutch {n:>5} players, round {MIDDLE}: median {med:8.2f} s "
              f"({boards} boards; simulating rounds 1–{MIDDLE - 1}: {sim:.1f} s)", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
