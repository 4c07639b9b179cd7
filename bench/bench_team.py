"""Benchmark: a 64-team, 6-board, 9-round team event (issue 18), engine time.

For each system the event is simulated round by round (seeded; reserves, empty
boards and no-shows now and then); each round's team pairing
(:func:`team_tournament.pair_team_round`: the team-level tournament built from
the board results, then the system's pairing) is timed, and the median and
the slowest round are printed with the whole event's total.  Round robin plays
its first 9 rounds of 63.

The whole command (goal: ``bianpai pair`` under 1 s): a team workbook with
the first rounds played is written, and ``bianpai pair`` pairs its last round
— the command as the organiser runs it (a new process: start-up, read, check,
pair, render, atomic save), the median of a few runs on fresh copies.

    python bench/bench_team.py [teams] [boards] [rounds]
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from dataclasses import replace

from bianpai.engine.teams.model import TeamEvent, TeamSettings
from bianpai.engine.simulate.team import play_match, random_teams
from bianpai.engine.standings.team import TEAM_PRESETS, team_standings
from bianpai.engine.teams.projection import pair_team_round

SYSTEMS = ("dingwei", "adjacent", "dutch", "fide-team", "roundrobin")


def bench(system: str, n: int, boards: int, rounds: int, seed: int = 2026) -> tuple[list[float], float]:
    rng = random.Random(seed)
    ev = TeamEvent(f"bench {system}", random_teams(n, boards, rng), boards=boards, total_rounds=rounds,
                   settings=TeamSettings())
    times = []
    for k in range(1, rounds + 1):
        s = time.perf_counter()
        tp = pair_team_round(ev, system)
        times.append(time.perf_counter() - s)
        matches = tuple(play_match(ev, m, rng, 0.2, 0.03, 0.01, k) for m in tp.matches)
        ev = ev.with_round(replace(tp.as_round(), matches=matches))
    s = time.perf_counter()
    team_standings(ev, TEAM_PRESETS["team"])
    return times, time.perf_counter() - s


def team_workbook(path: str, system: str, n: int, boards: int, rounds: int, seed: int = 2026) -> None:
    """A team workbook at ``path``: ``n`` teams, every round but the last played with ``system``."""
    from bianpai.addin.files import xlsx
    from bianpai.addin.jobs.kinds import TEAM
    from bianpai.addin.jobs.team import event_workbook
    from bianpai.engine.simulate.team import play_team_event

    ev = play_team_event(n, boards, rounds, system, seed, upto=rounds - 1, reserve_rate=0.2, empty_rate=0.03)
    wb = event_workbook(ev, "zh")
    wb = replace(wb, event=replace(wb.event, system=system, total_rounds=rounds))
    xlsx.write_new(path, TEAM.result(wb, None, ""))


def bench_command(system: str, n: int, boards: int, rounds: int, runs: int = 5) -> list[float]:
    """Seconds of ``bianpai pair`` (a new process each run) on a fresh copy of the workbook."""
    import shutil
    import subprocess
    import tempfile
    from pathlib import Path

    import os

    exe = Path(sys.executable).with_name("bianpai")
    with tempfile.TemporaryDirectory() as tmp:
        # as an installed package runs: byte code cached (this machine sets PYTHONDONTWRITEBYTECODE)
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = f"{tmp}/pycache"
        base = f"{tmp}/base.xlsx"
        team_workbook(base, system, n, boards, rounds)
        shutil.copy(base, f"{tmp}/warm.xlsx")
        subprocess.run([str(exe), "pair", f"{tmp}/warm.xlsx"], capture_output=True, env=env, check=True)
        times = []
        for i in range(runs):
            path = f"{tmp}/run{i}.xlsx"
            shutil.copy(base, path)
            s = time.perf_counter()
            done = subprocess.run([str(exe), "pair", path], capture_output=True, text=True, env=env)
            times.append(time.perf_counter() - s)
            if done.returncode != 0:
                raise SystemExit(done.stderr)
    return times


def main(argv: list[str]) -> None:
    n, boards, rounds = (int(a) for a in (argv + ["64", "6", "9"][len(argv):])[:3])
    print(f"{n} teams, {boards} boards, {rounds} rounds: seconds per round's pairing (engine)")
    print(f"{'system':<11} {'median':>8} {'slowest':>8} {'total':>8} {'standings':>10}")
    for system in SYSTEMS:
        times, st = bench(system, n, boards, rounds)
        print(f"{system:<11} {statistics.median(times):>8.3f} {max(times):>8.3f} {sum(times):>8.3f} "
              f"{st:>10.3f}")
    print()
    print(f"whole command: bianpai pair of round {rounds} on a {n}-team, {boards}-board workbook "
          f"(seconds, new process, goal < 1 s)")
    print(f"{'system':<11} {'median':>8} {'slowest':>8}")
    for system in SYSTEMS:
        times = bench_command(system, n, boards, rounds)
        print(f"{system:<11} {statistics.median(times):>8.3f} {max(times):>8.3f}")


if __name__ == "__main__":
    main(sys.argv[1:])
