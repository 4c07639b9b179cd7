"""Benchmark (issue 27): the test suite as ``make test`` runs it, timed by pytest itself.

Runs ``python -m pytest -n auto --dist worksteal`` (the Makefile's test command, byte code
written) ``REPEAT`` times in this checkout and prints each run's "N passed in X s", the
median and the load average before and after.  ``--cold``: the byte code of engine/, addin/
and tests/ (pytest's rewritten asserts among it) removed before each run, as on a fresh
clone; the Pyodide cache under build/ is kept (filling it is a download).  Goal: under 90 s
on a quiet 2-core machine.  Needs the test extras (``make .venv/.test-extras``).

    python bench/bench_suite.py [--cold] [REPEAT]
"""

from __future__ import annotations

import os
import re
import shutil
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
REPEAT = 1


def run_once(cold: bool) -> tuple[int, float]:
    """(tests passed, pytest's seconds) of one run of the suite; exits naming the failure."""
    if cold:
        for part in ("engine", "addin", "tests"):
            for cache in (ROOT / part).rglob("__pycache__"):
                shutil.rmtree(cache, ignore_errors=True)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    done = subprocess.run([sys.executable, "-m", "pytest", "-n", "auto", "--dist", "worksteal",
                           "-p", "no:cacheprovider"], cwd=ROOT, env=env, capture_output=True, text=True)
    last = done.stdout.strip().splitlines()[-1] if done.stdout.strip() else done.stderr[-2000:]
    m = re.search(r"(\d+) passed in ([\d.]+)s", last)
    if done.returncode != 0 or m is None or "failed" in last or "error" in last:
        sys.exit(f"the suite did not pass: {last}")
    return int(m.group(1)), float(m.group(2))


def main(argv: list[str]) -> None:
    try:
        import xdist  # noqa: F401
    except ImportError:
        sys.exit("bench_suite: needs the test extras (make .venv/.test-extras)")
    cold = "--cold" in argv
    args = [a for a in argv if a != "--cold"]
    repeat = int(args[0]) if args else REPEAT
    load0 = os.getloadavg()[0]
    times = []
    for i in range(repeat):
        n, seconds = run_once(cold)
        times.append(seconds)
        print(f"run {i + 1}: {n} passed in {seconds:.2f} s{' (cold)' if cold else ''}", flush=True)
    print(f"suite: median {statistics.median(times):.2f} s over {repeat} run(s) on {os.cpu_count()} cores; "
          f"load {load0:.1f}→{os.getloadavg()[0]:.1f} (goal < 90 s quiet)")


if __name__ == "__main__":
    main(sys.argv[1:])
