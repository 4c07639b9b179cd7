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
"""

from __future__ import annotations

import copy
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bianpai.addin import jobs, xlsx
from bianpai.addin import sheets as S
from bianpai.engine.simulate import random_players, random_result

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


def time_check(path: Path, repeats: int = REPEATS) -> tuple[float, float, str]:
    """Median wall and CPU seconds of ``bianpai check`` in fresh processes, and its first line."""
    exe = Path(sys.executable).with_name("bianpai")
    walls, cpus, first = [], [], ""
    for _ in range(repeats):
        before = os.times()
        t0 = time.perf_counter()
        r = subprocess.run([str(exe), "check", str(path)], capture_output=True, text=True)
        walls.append(time.perf_counter() - t0)
        after = os.times()
        cpus.append(after.children_user - before.children_user
                    + after.children_system - before.children_system)
        first = (r.stdout or r.stderr).splitlines()[0] if (r.stdout or r.stderr) else ""
    return statistics.median(walls), statistics.median(cpus), first


def repair_part(values, fingerprints: bool) -> tuple[float, int]:
    """CPU seconds of check's re-pairing part in process, and the notes it gives."""
    ev = S.read_event(values)
    t0 = time.process_time()
    notes = jobs._repair_notes(ev, fingerprints=fingerprints)
    return time.process_time() - t0, len(notes)


def main() -> None:
    sizes = [int(a) for a in sys.argv[1:]] or [200, 1000]
    with tempfile.TemporaryDirectory() as d:
        for n in sizes:
            t0 = time.perf_counter()
            values = build(n)
            built = time.perf_counter() - t0
            print(f"== {n} players, {PLAYED} of {ROUNDS} rounds played (built in {built:.0f} s)", flush=True)
            for label, v in (("nothing changed (fingerprints)", values),
                             ("fingerprints cleared: every round re-paired, as before",
                              without_fingerprints(values)),
                             ("round 3 board 1 colours turned by hand: rounds 3-10 re-paired",
                              hand_edited(values))):
                path = Path(d) / f"e{n}.xlsx"
                if path.exists():
                    path.unlink()
                save(v, path)
                wall, cpu, first = time_check(path)
                goal = f"  (goal < {GOAL} s)" if v is values and n == 1000 else ""
                print(f"bianpai check, {label}: median {wall:.2f} s wall, {cpu:.2f} s CPU{goal} — {first}",
                      flush=True)
                shutil.copy(path, Path(d) / f"last{n}.xlsx")
            for fp in (True, False):
                secs, notes = repair_part(values, fp)
                print(f"  in process, check's re-pairing part {'with' if fp else 'without'} fingerprints: "
                      f"{secs:.3f} s CPU, {notes} notes", flush=True)
            secs, notes = repair_part(hand_edited(values), True)
            print(f"  in process, round 3 edited, with fingerprints: {secs:.3f} s CPU, {notes} notes",
                  flush=True)


if __name__ == "__main__":
    main()
