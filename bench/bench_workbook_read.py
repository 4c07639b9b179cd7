"""Benchmark (issue 12 section 4, issue 15 item 3): reading a 1,000-player
event workbook — 11 rounds, 10 played — as ``bianpai pair`` reads it.

Prints the median of several runs of: the safety look at the file
(:func:`bianpai.addin.files.safezip.inspect`), the cell read by python-calamine of
the source sheets, the whole :func:`bianpai.addin.files.xlsx.read_values` (both, and
the file's version hash), and for comparison openpyxl's read-only mode on the
same sheets.  Measured where the change was made (2 shared cores, load 5.5):
the own reader that calamine replaced read these sheets in 0.76 s (median of
7); now calamine reads them in 0.13 s, and read_values — with the safety look
(0.24 s) and the version hash — takes 0.39 s.  The whole ``bianpai pair`` is
unchanged within the noise (3.2–4.5 s at 1,000 players, 1.0–1.4 s at 200,
before and after): pairing and writing dominate.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_workbook import build  # noqa: E402

from bianpai.addin.files import safezip, xlsx  # noqa: E402
from bianpai.addin.files import reader as R  # noqa: E402
from bianpai.addin.workbook.words import sheet_key  # noqa: E402

REPEATS = 7


def wanted(name: str) -> bool:
    return sheet_key(name) in ("round", "sheet.settings", "sheet.players")


def median(f: Callable[[], object]) -> float:
    times = []
    for _ in range(REPEATS):
        xlsx._PACKAGES.clear()
        t0 = time.perf_counter()
        f()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def main() -> None:
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "event1000.xlsx"
        build(path, 1000)
        cells = sum(len(r) for rows in xlsx.read_values(path).values() for r in rows)
        print(f"1,000 players, 11 rounds (10 played): {path.stat().st_size / 1e6:.2f} MB, "
              f"{cells:,} source cells read")
        print(f"  safezip.inspect:          {median(lambda: safezip.inspect(path)):.3f} s")
        print(f"  calamine, source sheets:  {median(lambda: R._read_calamine(path, wanted, set())):.3f} s")
        print(f"  read_values (all of it):  {median(lambda: xlsx.read_values(path)):.3f} s")
        print(f"  openpyxl read-only:       {median(lambda: R._read_openpyxl(path, wanted, None)):.3f} s")


if __name__ == "__main__":
    main()
