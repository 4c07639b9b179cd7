"""Registration lists (issue 29): what pandas costs at start-up, and reading and importing a
form's list of 1,000 and 10,000 players (.xlsx and CSV) — figures printed, nothing asserted.

    python bench/bench_registration.py
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from pathlib import Path

import openpyxl

from bianpai.addin.jobs import api as jobs, registration as R


def best_of(n: int, f) -> float:
    times = []
    for _ in range(n):
        t = time.perf_counter()
        f()
        times.append(time.perf_counter() - t)
    return min(times)


def startup() -> None:
    """A fresh interpreter: the CLI module alone, then pandas on top."""
    def run(code: str) -> float:
        return best_of(3, lambda: subprocess.run([sys.executable, "-c", code], check=True))

    base = run("from bianpai.addin import cli")
    with_pandas = run("from bianpai.addin import cli; import pandas")
    print(f"start-up: the CLI {base:.2f} s; with pandas {with_pandas:.2f} s "
          f"(+{with_pandas - base:.2f} s, paid by import-players only)")


HEADER = ["序号", "提交时间", "1、姓名（必填）", "性别", "出生年份", "所在俱乐部", "等级分", "联系电话",
          "组别"]


def rows(n: int) -> list[list[object]]:
    return [[i, "2026-11-20 09:30", f"选手{i:05d}", "男" if i % 3 else "女", 1990 + i % 20,
             f"俱乐部{i % 40}", 1500 + i % 700, f"000-{i:05d}", "公开组"] for i in range(1, n + 1)]


def lists(folder: Path, n: int) -> dict[str, Path]:
    book = openpyxl.Workbook(write_only=True)
    ws = book.create_sheet("报名")
    ws.append(HEADER)
    for r in rows(n):
        ws.append(r)
    xlsx = folder / f"list{n}.xlsx"
    book.save(xlsx)
    csv = folder / f"list{n}.csv"
    csv.write_bytes(("\n".join(",".join(map(str, r)) for r in [HEADER, *rows(n)]) + "\n").encode("gb18030"))
    return {"xlsx": xlsx, "csv (GB18030)": csv}


def main() -> None:
    startup()
    event = jobs.apply_values({}, jobs.new("zh", "基准"))
    with tempfile.TemporaryDirectory() as d:
        for n in (1_000, 10_000):
            for kind, path in lists(Path(d), n).items():
                read = best_of(3, lambda path=path: R.read_file(path))
                table = R.read_file(path)
                job = best_of(3, lambda table=table: jobs.import_players(event, table))
                print(f"{n:>6,} players, {kind:<13}: read {read:.2f} s, map + import job {job:.2f} s "
                      f"({path.stat().st_size / 1e6:.1f} MB)")


if __name__ == "__main__":
    main()
