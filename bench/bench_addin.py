"""Benchmark (issue #6): the add-in's round trips and Python time per job.

xlwings round trips to Excel are the slow part of a button click, so this
prints, for events of 24, 200 and 1,000 players (11 rounds, 10 played, built
with the workbook layer), how many xlwings calls each ribbon job makes — reads
and writes as counted by :class:`bianpai.addin.xl.Gateway`, and the Office.js
actions xlwings' remote interpreter returns — and the Python time of the job
on the remote interpreter (no Excel here, so no Excel time).
"""

from __future__ import annotations

import contextlib
import io
import os
import statistics
import tempfile
import time
from pathlib import Path

import openpyxl

os.environ.setdefault("XLWINGS_LICENSE_KEY", "noncommercial")  # xlwings PRO, non-commercial use

import xlwings as xw  # noqa: E402

import sys  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))  # the test harness remote.py

import remote  # noqa: E402

from bianpai.addin.jobs import api as jobs
from bianpai.addin.excel import xl
from bianpai.addin.files import xlsx  # noqa: E402
from bianpai.engine.simulate.individual import play_event  # noqa: E402
from bianpai.engine.simulate.individual import simulated_trf  # noqa: E402

ROUNDS = 11
REPEATS = 3
JOBS = ("standings", "pair", "pair_provisional", "undo", "check", "export_trf")


def build(path: Path, n: int) -> None:
    t = play_event(n, ROUNDS, "dingwei", 5, upto=ROUNDS - 1)
    xlsx.apply(path, jobs.import_trf(None, simulated_trf(t), "zh"))


def run(wb: openpyxl.Workbook, job: str) -> tuple[float, xl.Outcome, int]:
    book = xw.Book(json=remote.payload_from_workbook(wb))
    t0 = time.perf_counter()
    with contextlib.redirect_stdout(io.StringIO()):  # the message Lite would show
        outcome = xl.ENTRY_FUNCTIONS[job](book)
    return time.perf_counter() - t0, outcome, len(book.json()["actions"])


def main() -> None:
    remote.ensure_remote_engine()
    with tempfile.TemporaryDirectory() as d:
        for n in (24, 200, 1000):
            path = Path(d) / f"event{n}.xlsx"
            build(path, n)
            wb = openpyxl.load_workbook(path)
            for job in JOBS:
                times, outcome, actions = [], None, 0
                for _ in range(REPEATS):
                    seconds, outcome, actions = run(wb, job)
                    times.append(seconds)
                calls = outcome.calls
                reads = sum(v for k, v in calls.items() if k.startswith("read."))
                writes = sum(v for k, v in calls.items() if k.startswith("write."))
                state = "ok" if outcome.ok else f"{len(outcome.problems)} problem(s) shown"
                print(f"{n:>5} players  {job:<17} xlwings calls: {reads:>3} reads, {writes:>4} writes"
                      f" ({actions:>4} Office.js actions); Python {statistics.median(times):.2f} s"
                      f" median of {REPEATS}; {state}", flush=True)


if __name__ == "__main__":
    main()
