"""Benchmark (issue #26): calls into desktop Excel per ribbon job, at 200 and 1,000 players.

xlwings' desktop engines (COM on Windows, AppleScript on macOS) make one call into
the Excel process per operation, 1–5 ms each out of process, so the number of
calls is what a click costs. Excel does not run here: each job runs against the
recording stand-in of tests/xlrecorder.py (the objects xlwings gives, every
operation charged as the engine makes it, ``Range.set_colors`` one call per cell),
on the Windows path and the macOS path, and this prints the calls per job, the
sheets touched and the most calls any one sheet took.

    python bench/bench_excel_calls.py [N ...]     (default: 200 1000)
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

import xlrecorder  # noqa: E402


def main(sizes: list[int]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        d = Path(tmp)
        for n in sizes:
            files = xlrecorder.event_states(d, n)
            for job, state in xlrecorder.JOB_STATES:
                for platform in ("win32", "darwin"):
                    t0 = time.perf_counter()
                    book, outcome = xlrecorder.run_on_desktop(job, files[state] if state else None,
                                                              platform, str(d / "event.xlsx"))
                    seconds = time.perf_counter() - t0
                    log = book.app.log
                    per_sheet = {k: v for k, v in log.per_sheet().items() if k}
                    most = max(per_sheet.values(), default=0)
                    state_text = "ok" if outcome.ok else f"{len(outcome.problems)} problem(s) shown"
                    print(f"{n:>5} players  {job:<17} {platform:<6} calls into Excel: {log.total():>7}"
                          f"  sheets touched {len(per_sheet):>2}, most on one sheet {most:>6}"
                          f"  (wall {seconds:.2f} s, the stand-in included; {state_text})", flush=True)


if __name__ == "__main__":
    main([int(a) for a in sys.argv[1:]] or [200, 1000])
