"""Benchmark: pair one middle round of simulated 分区编排 (FIDE Dutch) events.

For each size an event of 9 rounds (seeded, 1/½/0, a few forfeits and
half-point byes) is simulated by pairing every round with the Dutch engine
itself, up to round 4; round 5 is then paired ``REPEAT`` times and the median
printed.  The reference engine takes about 3 s at 500 players and 30 s at
1,000 here.  With ``--every-round N`` one N-player event is simulated to the
end instead, then each of its 9 rounds paired again from the event as it
stood before it and timed (once each).

    python bench/bench_dutch.py [sizes…]
    python bench/bench_dutch.py --every-round 1000
"""

from __future__ import annotations

import sys
import time

from bianpai.engine import dutch
from bianpai.engine.model import CHESS_POINTS
from bianpai.engine.simulate import play_event
from middle_round import MIDDLE, ROUNDS, time_middle_round

SIZES = (50, 200, 500, 1000)
REPEAT = 3
EVENT = dict(points=CHESS_POINTS, forfeit_rate=0.02, absence_rate=0.01)


def bench(n: int) -> tuple[float, float, int]:
    """(median seconds, simulation seconds, boards) for pairing round 5 of ``n`` players."""
    return time_middle_round("dutch", dutch.pair, n, REPEAT, **EVENT)


def every_round(n: int, seed: int = 2026) -> list[tuple[int, float, int]]:
    """(round, seconds, boards) for each round of the event :func:`bench`
    simulates, played to the end and then paired again round by round from
    the event as it stood before it (each pairing timed once)."""
    t = play_event(n, ROUNDS, "dutch", seed, **EVENT)
    times = []
    for k in range(1, ROUNDS + 1):
        before = t.before_round(k)
        s = time.perf_counter()
        pairing = dutch.pair(before)
        times.append((k, time.perf_counter() - s, len(pairing.boards)))
    return times


def main(argv: list[str]) -> None:
    if argv[:1] == ["--every-round"]:
        n = int(argv[1])
        for k, seconds, boards in every_round(n):
            print(f"dutch {n:>5} players, round {k}: {seconds:8.2f} s ({boards} boards)", flush=True)
        return
    sizes = [int(a) for a in argv] or list(SIZES)
    for n in sizes:
        med, sim, boards = bench(n)
        print(f"dutch {n:>5} players, round {MIDDLE}: median {med:8.2f} s "
              f"({boards} boards; simulating rounds 1–{MIDDLE - 1}: {sim:.1f} s)", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
