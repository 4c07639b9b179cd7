"""Benchmark: pair one middle round of simulated 定位编排 events.

For each size an event of 9 rounds is simulated (seeded, 2/1/0, a few forfeits)
up to round 4; round 5 is then paired ``REPEAT`` times and the median printed.
Goals (issue 27): 3,000 players under 1 s, 1,000 under 0.1 s (issue 2: 1,000
under 1 s, 200 under 0.1 s) on 2 cores.

    python bench/bench_dingwei.py [sizes…]
    python bench/bench_dingwei.py --before REV [--repeat N] [sizes…]

``--before REV``: the engine of git revision ``REV`` (e.g. ``HEAD~3``) is
loaded beside the working tree's, and each size's round is paired by both,
the runs interleaved (before, after, after, before, …) so that the load of a
shared machine falls on both alike; the medians of wall and CPU time are
printed with the load average, and whether the two pairings are identical.
"""

from __future__ import annotations

import importlib
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from io import BytesIO
from pathlib import Path
from typing import Any, Callable

from bianpai.engine.systems.chinese import dingwei
from bianpai.engine.simulate.individual import play_event
from middle_round import MIDDLE, ROUNDS, time_middle_round

SIZES = (50, 200, 1000, 3000)
REPEAT = 5


def bench(n: int) -> tuple[float, float, int]:
    """(median seconds, simulation seconds, boards) for pairing round 5 of ``n`` players."""
    return time_middle_round("dingwei", dingwei.pair, n, REPEAT if n <= 1000 else 3,
                             forfeit_rate=0.02)


def engine_at(rev: str, into: Path) -> Any:
    """The ``dingwei`` module of git revision ``rev``, imported as
    ``bianpai_before.engine.systems.chinese.dingwei`` (``…engine.dingwei`` before issue
    28's move) from a copy of its ``engine/``."""
    root = Path(__file__).resolve().parent.parent
    blob = subprocess.run(["git", "archive", "--format=tar", rev, "engine"], cwd=root,
                          capture_output=True, check=True).stdout
    pkg = into / "bianpai_before"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    with tarfile.open(fileobj=BytesIO(blob)) as tar:
        tar.extractall(pkg, filter="data")
    sys.path.insert(0, str(into))
    where = ("systems/chinese/dingwei", "dingwei")  # since issue 28's move, and before it
    module = next(w for w in where if (pkg / "engine" / w).exists() or (pkg / "engine" / f"{w}.py").exists())
    return importlib.import_module("bianpai_before.engine." + module.replace("/", "."))


def timed(pair: Callable[[Any], Any], t: Any) -> tuple[float, float, Any]:
    w, c = time.perf_counter(), time.process_time()
    p = pair(t)
    return time.perf_counter() - w, time.process_time() - c, p


def compare(rev: str, sizes: list[int], repeat: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        before = engine_at(rev, Path(tmp))
        sim = Path(tmp) / "bianpai_before" / "engine" / "simulate"
        before_sim = importlib.import_module("bianpai_before.engine.simulate" + (
            ".individual" if sim.is_dir() else ""))  # a package since issue 28's move
        print(f"before = {rev} (git), after = working tree; round {MIDDLE} of {ROUNDS}, "
              f"{repeat} runs each, interleaved; medians", flush=True)
        for n in sizes:
            # each engine simulates rounds 1–4 itself (its own model classes): the same
            # event when it pairs them as the other does (the last round is compared below)
            t = play_event(n, ROUNDS, "dingwei", 2026, upto=MIDDLE - 1, forfeit_rate=0.02)
            t_old = before_sim.play_event(n, ROUNDS, "dingwei", 2026, upto=MIDDLE - 1, forfeit_rate=0.02)
            load0 = os.getloadavg()[0]
            runs: dict[str, list[tuple[float, float]]] = {"before": [], "after": []}
            same = True
            for i in range(repeat):
                order = (("before", before.pair, t_old), ("after", dingwei.pair, t))
                for name, pair, ev in (order if i % 2 == 0 else order[::-1]):
                    w, c, p = timed(pair, ev)
                    runs[name].append((w, c))
                    if name == "before":
                        old = repr(p)
                    else:
                        new = repr(p)
                same = same and old == new
            load1 = os.getloadavg()[0]

            def med(name: str, k: int, runs: dict[str, list[tuple[float, float]]] = runs) -> float:
                return statistics.median(r[k] for r in runs[name]) * 1000

            print(f"dingwei {n:>5} players: before {med('before', 0):8.1f} ms wall "
                  f"({med('before', 1):8.1f} ms CPU), after {med('after', 0):8.1f} ms wall "
                  f"({med('after', 1):8.1f} ms CPU); ×{med('before', 0) / med('after', 0):.1f}; "
                  f"load {load0:.1f}→{load1:.1f}; pairings {'identical' if same else 'DIFFER'}",
                  flush=True)


def main(argv: list[str]) -> None:
    rev = None
    repeat = 5
    if "--before" in argv:
        i = argv.index("--before")
        rev = argv[i + 1]
        del argv[i:i + 2]
    if "--repeat" in argv:
        i = argv.index("--repeat")
        repeat = int(argv[i + 1])
        del argv[i:i + 2]
    sizes = [int(a) for a in argv] or list(SIZES)
    if rev is not None:
        compare(rev, sizes, repeat)
        return
    for n in sizes:
        med, sim, boards = bench(n)
        print(f"dingwei {n:>5} players, round {MIDDLE}: median {med * 1000:8.1f} ms "
              f"({boards} boards; simulating rounds 1–{MIDDLE - 1}: {sim:.1f} s)", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
