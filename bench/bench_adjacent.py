"""Benchmark: pair one middle round of simulated 临近编排 events, and one round
of a round robin.

For each size an event of 9 rounds is simulated (seeded, 2/1/0, a few forfeits)
up to round 4; round 5 is then paired ``REPEAT`` times and the median printed,
with how many groups needed the completion search (the rest followed the plain
order).  The round robin figure is round 5 of a 16-player double round robin.

    python bench/bench_adjacent.py [sizes…]
"""

from __future__ import annotations

import statistics
import sys
import time

from bianpai.engine.systems.chinese import adjacent
from bianpai.engine.systems import roundrobin
from bianpai.engine.simulate.individual import play_event

SIZES = (50, 200, 1000)
ROUNDS = 9
MIDDLE = 5
REPEAT = 5


def _median(f, repeat: int) -> tuple[float, object]:
    times, out = [], None
    for _ in range(repeat):
        s = time.perf_counter()
        out = f()
        times.append(time.perf_counter() - s)
    return statistics.median(times), out


def bench(n: int, seed: int = 2026) -> tuple[float, float, int, int]:
    """(median seconds, simulation seconds, boards, groups searched) for round 5."""
    t0 = time.perf_counter()
    t = play_event(n, ROUNDS, "adjacent", seed, forfeit_rate=0.02, upto=MIDDLE - 1)
    sim = time.perf_counter() - t0
    searched = 0
    original = adjacent.search_group

    def counting(*args, **kwargs):  # count the groups that needed the search
        nonlocal searched
        searched += 1
        return original(*args, **kwargs)

    adjacent.search_group = counting  # type: ignore[assignment]
    try:
        med, p = _median(lambda: adjacent.pair(t), REPEAT)
    finally:
        adjacent.search_group = original  # type: ignore[assignment]
    return med, sim, len(p.boards), searched // REPEAT  # type: ignore[union-attr]


def main(argv: list[str]) -> None:
    sizes = [int(a) for a in argv] or list(SIZES)
    for n in sizes:
        med, sim, boards, searched = bench(n)
        print(f"adjacent {n:>5} players, round {MIDDLE}: median {med * 1000:8.1f} ms "
              f"({boards} boards, {searched} group(s) searched; simulating rounds 1–{MIDDLE - 1}: "
              f"{sim:.1f} s)", flush=True)
    t = play_event(16, 30, "roundrobin", 2026, upto=4)
    med, _ = _median(lambda: roundrobin.pair(t), REPEAT)
    print(f"roundrobin   16 players, double, round 5: median {med * 1000:8.2f} ms", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
