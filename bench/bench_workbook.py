"""Benchmark (issue #5): the whole ``bianpai pair`` command on event workbooks.

Builds a 1,000-player and a 200-player workbook of an 11-round event with 10
rounds played (simulated with the dingwei system, written through the
workbook layer), then times ``bianpai pair`` — a fresh process each time,
reading the workbook, pairing round 11 and saving every sheet — and prints
the median.  Goals: 1,000 players under 3 s, 200 players under 1 s.
"""

from __future__ import annotations

import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bianpai.addin.jobs import api as jobs
from bianpai.addin.files import xlsx
from bianpai.engine.simulate.individual import play_event

GOALS = {1000: 3.0, 200: 1.0}
ROUNDS = 11
REPEATS = 5


def build(path: Path, n: int, system: str = "dingwei", seed: int = 5) -> None:
    t = play_event(n, ROUNDS, system, seed, upto=ROUNDS - 1)
    from bianpai.engine.simulate.individual import simulated_trf

    xlsx.apply(path, jobs.import_trf(None, simulated_trf(t), "zh"))


def time_pair(src: Path, repeats: int = REPEATS) -> list[float]:
    exe = Path(sys.executable).with_name("bianpai")
    out = []
    for i in range(repeats):
        work = src.with_name(f"run{i}.xlsx")
        shutil.copy(src, work)
        t0 = time.perf_counter()
        r = subprocess.run([str(exe), "pair", str(work)], capture_output=True, text=True)
        out.append(time.perf_counter() - t0)
        if r.returncode != 0:
            raise SystemExit(f"bianpai pair failed: {r.stderr}")
    return out


def main() -> None:
    with tempfile.TemporaryDirectory() as d:
        for n in (200, 1000):
            src = Path(d) / f"event{n}.xlsx"
            t0 = time.perf_counter()
            build(src, n)
            built = time.perf_counter() - t0
            times = time_pair(src)
            med = statistics.median(times)
            ok = "ok" if med < GOALS[n] else "SLOWER THAN GOAL"
            print(f"bianpai pair, {n} players, round {ROUNDS} of {ROUNDS}: median {med:.2f} s "
                  f"(min {min(times):.2f}, max {max(times):.2f}, {len(times)} runs; "
                  f"goal < {GOALS[n]:.0f} s: {ok}; "
                  f"workbook {src.stat().st_size // 1024} KiB built in {built:.1f} s)")


if __name__ == "__main__":
    main()
