"""Timing one middle round of a simulated event: the harness the pairing
benchmarks share (bench_dingwei.py, bench_dutch.py)."""

from __future__ import annotations

import statistics
import time
from typing import Any, Callable

from bianpai.engine.model import Tournament
from bianpai.engine.results import Pairing
from bianpai.engine.simulate.individual import play_event

ROUNDS = 9
MIDDLE = 5


def time_middle_round(system: str, pair: Callable[[Tournament], Pairing], n: int, repeat: int,
                      seed: int = 2026, **event: Any) -> tuple[float, float, int]:
    """(median seconds over ``repeat`` runs, simulation seconds, boards) for
    pairing round :data:`MIDDLE` of an ``n``-player, :data:`ROUNDS`-round event
    whose rounds before it were paired by ``system`` itself (``event``: the
    other :func:`play_event` arguments)."""
    t0 = time.perf_counter()
    t = play_event(n, ROUNDS, system, seed, upto=MIDDLE - 1, **event)
    sim = time.perf_counter() - t0
    times = []
    boards = 0
    for _ in range(repeat):
        s = time.perf_counter()
        boards = len(pair(t).boards)
        times.append(time.perf_counter() - s)
    return statistics.median(times), sim, boards
