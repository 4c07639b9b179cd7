"""Benchmark: pair one middle round of simulated 定位编排 events.

For each size an event of 9 rounds is simulated (seeded, 2/1/0, a few forfeits)
up to round 4; round 5 is then paired ``REPEAT`` times and the median printed.
Goals (issue #2): 1,000 players under 1 s, 200 under 0.1 s on 2 cores.

    python bench/bench_dingwei.py [sizes…]
"""

from __future__ import annotations

import sys

from bianpai.engine import dingwei
from middle_round import MIDDLE, time_middle_round

SIZES = (50, 200, 1000, 3000)
REPEAT = 5


def bench(n: int) -> tuple[float, float, int]:
    """(median seconds, simulation seconds, boards) for pairing round 5 of ``n`` players."""
    return time_middle_round("dingwei", dingwei.pair, n, REPEAT if n <= 1000 else 3,
                             forfeit_rate=0.02)


def main(argv: list[str]) -> None:
    sizes = [int(a) for a in argv] or list(SIZES)
    for n in sizes:
        med, sim, boards = bench(n)
        print(f"dingwei {n:>5} players, round {MIDDLE}: median {med * 1000:8.1f} ms "
              f"({boards} boards; simulating rounds 1–{MIDDLE - 1}: {sim:.1f} s)", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
