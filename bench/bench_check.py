"""Benchmark (issue 27, "every size fast"): ``bianpai check`` on event workbooks,
with each round's fingerprint (only rounds whose pairing inputs changed are
re-paired) and without (every played round re-paired, as before).

Builds a 200- and a 1,000-player workbook of an 11-round event with 10 rounds
played, paired round by round through the workbook (``pair`` writes each round's
fingerprint), results typed at random, players of eight clubs.  Then prints, as
medians of fresh ``bianpai check`` processes (wall and CPU seconds): the
workbook as paired (nothing changed: no round re-paired); the same workbook
with its fingerprint cells cleared (a workbook of an earlier version: every
round re-paired — the figure before the fingerprints); and with the colours of
round 3's first board turned round by hand (rounds 3–10 re-paired, round 3
named).  In process:
the re-pairing part of ``check`` alone, with and without fingerprints.  Goal:
under 0.5 s at 1,000 players with nothing changed (2.2 s before).

    python bench/bench_check.py [--before REV] [--repeat N] [--workbooks DIR] [sizes…]

``--before REV``: ``bianpai check`` of git revision ``REV`` too (its ``engine/`` and
``addin/`` copied out and run by the same interpreter), the runs interleaved (before,
after, after, before …) so that the load of a shared machine falls on both alike.
``--workbooks DIR``: keep the built workbooks there and use them again (building the
1,000-player event takes minutes).  Byte code is cached (as an installed package has
it), whatever ``PYTHONDONTWRITEBYTECODE`` says, and each command runs once unmeasured
first.  CPU seconds are the child's user + system time: the figure to compare on a
loaded machine, where wall times vary several-fold.
"""

from __future__ import annotations

import copy
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Sequence

from bianpai.addin.jobs import api as jobs
from bianpai.addin.jobs.check import repair_notes
from bianpai.addin.files import xlsx
from bianpai.addin.workbook import sheets as S
from bianpai.engine.simulate.individual import random_players, random_result

ROUNDS, PLAYED, REPEATS = 11, 10, 5
GOAL = 0.5


def build(n: int, seed: int = 5) -> dict[str, list[list[object]]]:
    rng = random.Random(seed)
    values = jobs.apply_values({}, jobs.new("zh", f"基准赛 {n} 人"))
    for row in values["设置"]:
        if row and row[0] == "总轮次":
            row[1] = ROUNDS
    players = random_players(n, rng)
    table = [["序号", "姓名", "单位", "等级分"]] + [[p.number, p.name, p.club, p.rating] for p in players]
    values = jobs.apply_values(values, jobs.import_players(values, table))
    words = S.CANONICAL_RESULTS["zh"]
    for k in range(1, PLAYED + 1):
        values = jobs.apply_values(values, jobs.pair(values))
        for r in values[f"第{k}轮"][S.ROUND_HEADER_ROW:]:
            if not r or S.as_int(r[0]) is None:
                break
            r[S.C_RESULT - 1] = words[random_result(rng)]
    return values


def save(values: dict[str, list[list[object]]], path: Path) -> None:
    xlsx.write_new(path, jobs.update(values), values)


def without_fingerprints(values):
    out = copy.deepcopy(values)
    for k in range(1, PLAYED + 1):
        out[f"第{k}轮"][S.FINGERPRINT_ROW - 1][S.FINGERPRINT_COLUMN - 1] = None
    return out


def hand_edited(values, k: int = 3):
    """Board 1 of round ``k`` with its colours turned round by hand (a change that makes no
    rematch later, whatever the event: the workbook stays valid)."""
    out = copy.deepcopy(values)
    row = out[f"第{k}轮"][S.ROUND_HEADER_ROW]
    for a, b in ((S.C_RED, S.C_BLACK), (S.C_RED_NAME, S.C_BLACK_NAME), (S.C_RED_SCORE, S.C_BLACK_SCORE)):
        row[a - 1], row[b - 1] = row[b - 1], row[a - 1]
    return out


RUNNER = ("import sys\n"
          "if sys.argv[1]: sys.path.insert(0, sys.argv[1])\n"
          "from bianpai.addin.cli.command import main\n"
          "sys.argv = ['bianpai'] + sys.argv[2:]\n"
          "sys.exit(main())\n")
"""What the ``bianpai`` console script runs (``bianpai.addin.cli.command.main``), from the
package found first on ``sys.argv[1]`` ("": the installed one)."""

ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def _children_cpu() -> float:
    """User + system seconds of the finished child processes (microseconds where
    ``resource`` is there; ``os.times`` counts clock ticks of 10 ms)."""
    try:
        import resource
    except ImportError:
        t = os.times()
        return t.children_user + t.children_system
    ru = resource.getrusage(resource.RUSAGE_CHILDREN)
    return ru.ru_utime + ru.ru_stime


def run_check(root: str, path: Path) -> tuple[float, float, str]:
    """Wall and CPU seconds of one ``bianpai check`` process (the package under ``root``;
    "": the installed one), and its first line."""
    before = _children_cpu()
    t0 = time.perf_counter()
    r = subprocess.run([sys.executable, "-c", RUNNER, root, "check", str(path)], capture_output=True,
                       text=True, env=ENV)
    wall = time.perf_counter() - t0
    cpu = _children_cpu() - before
    out = r.stdout or r.stderr
    return wall, cpu, out.splitlines()[0] if out else ""


def time_check(path: Path, roots: Sequence[str] = ("",), repeats: int = REPEATS
               ) -> list[tuple[float, float, str]]:
    """For each package root: median wall and CPU seconds of ``bianpai check`` in fresh
    processes, and its first line; the roots' runs interleaved (a, b, b, a, …)."""
    for root in roots:
        run_check(root, path)  # byte code written, file cached
    runs: list[list[tuple[float, float, str]]] = [[] for _ in roots]
    for i in range(repeats):
        order = list(range(len(roots)))
        for j in order if i % 2 == 0 else order[::-1]:
            runs[j].append(run_check(roots[j], path))
    return [(statistics.median(w for w, _c, _f in r), statistics.median(c for _w, c, _f in r), r[-1][2])
            for r in runs]


def package_at(rev: str, into: Path) -> str:
    """A copy of ``engine/`` and ``addin/`` of git revision ``rev`` as the package
    ``bianpai`` under ``into``; the directory to put first on ``sys.path``."""
    repo = Path(__file__).resolve().parent.parent
    pkg = into / "bianpai"
    pkg.mkdir(parents=True)
    archive = subprocess.run(["git", "-C", str(repo), "archive", rev, "engine", "addin"], capture_output=True,
                             check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(pkg)], input=archive, check=True)
    return str(into)


def repair_part(values, fingerprints: bool) -> tuple[float, int]:
    """CPU seconds of check's re-pairing part in process, and the notes it gives."""
    ev = S.read_event(values)
    t0 = time.process_time()
    notes = repair_notes(ev, fingerprints=fingerprints)
    return time.process_time() - t0, len(notes)


def main(argv: list[str]) -> None:
    before, repeats, keep = None, REPEATS, None
    while argv and argv[0].startswith("--"):
        opt, value, argv = argv[0], argv[1], argv[2:]
        if opt == "--before":
            before = value
        elif opt == "--repeat":
            repeats = int(value)
        elif opt == "--workbooks":
            keep = Path(value)
        else:
            raise SystemExit(f"unknown option {opt}")
    sizes = [int(a) for a in argv] or [200, 1000]
    with tempfile.TemporaryDirectory() as d:
        roots = [""] if before is None else [package_at(before, Path(d) / "before"), ""]
        names = ["now"] if before is None else [f"before ({before})", "after"]
        where = keep or Path(d)
        where.mkdir(parents=True, exist_ok=True)
        for n in sizes:
            t0 = time.perf_counter()
            values = None
            cases = (("nothing changed (fingerprints)", "e", lambda v: v),
                     ("fingerprints cleared: every round re-paired, as before", "n", without_fingerprints),
                     ("round 3 board 1 colours turned by hand: rounds 3-10 re-paired", "h", hand_edited))
            for _label, prefix, make in cases:
                path = where / f"{prefix}{n}.xlsx"
                if not path.exists():
                    values = values if values is not None else build(n)
                    save(make(values), path)
            built = time.perf_counter() - t0
            print(f"== {n} players, {PLAYED} of {ROUNDS} rounds played (workbooks ready in {built:.0f} s; "
                  f"medians of {repeats} fresh processes)", flush=True)
            for label, prefix, _make in cases:
                path = where / f"{prefix}{n}.xlsx"
                found = time_check(path, roots, repeats)
                goal = f"  (goal < {GOAL} s CPU)" if prefix == "e" and n == 1000 else ""
                figures = ", ".join(f"{name} {cpu:.3f} s CPU / {wall:.2f} s wall"
                                    for name, (wall, cpu, _first) in zip(names, found, strict=True))
                print(f"bianpai check, {label}: {figures}{goal} — {found[-1][2]}", flush=True)
                if len({first for _w, _c, first in found}) > 1:
                    print("  the first lines differ: " + " | ".join(f for _w, _c, f in found), flush=True)
            if values is None:
                from bianpai.addin.files import xlsx as X

                values = dict(X.read_values(where / f"e{n}.xlsx"))
            for fp in (True, False):
                secs, notes = repair_part(values, fp)
                print(f"  in process, check's re-pairing part {'with' if fp else 'without'} fingerprints: "
                      f"{secs:.3f} s CPU, {notes} notes", flush=True)
            secs, notes = repair_part(hand_edited(values), True)
            print(f"  in process, round 3 edited, with fingerprints: {secs:.3f} s CPU, {notes} notes",
                  flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
