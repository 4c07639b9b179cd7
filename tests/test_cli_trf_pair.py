"""``bianpai trf-pair --system dingwei IN.trf -p OUT.txt`` as a separate process.

The output is the JaVaFo / bbpPairings ``-p`` format (number of pairs, then
``red black`` per line, a bye as ``N 0``); the exit codes are theirs:
0 paired, 1 no valid pairing, 3 bad input, 5 file error.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from conftest import CONFORMANCE

from bianpai.engine.model import Game, GameResult, Player, Round, Tournament
from bianpai.engine.formats.trf import read_trf, write_trf

BIANPAI = Path(sys.executable).with_name("bianpai")
EVENT = CONFORMANCE / "dingwei-v2" / "dingwei_8024.trf"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(BIANPAI), "trf-pair", "--system", "dingwei", *args],
                          capture_output=True, text=True, timeout=60)


def test_pairs_a_conformance_round(tmp_path: Path) -> None:
    """Round 4 of dingwei_8024 from the file as it stood before round 4: the
    output names the reference pairs (red first) and the bye (6)."""
    full = read_trf(EVENT)
    before = tmp_path / "before4.trf"
    write_trf(full.before_round(4), before)
    out = tmp_path / "pairs.txt"
    done = run(str(before), "-p", str(out))
    assert done.returncode == 0, done.stderr
    lines = out.read_text(encoding="utf-8").splitlines()
    rnd = full.rounds[3]
    expected = {f"{g.red} {g.black}" for g in rnd.games} | {f"{rnd.pairing_bye} 0"}
    assert int(lines[0]) == len(lines) - 1 == len(rnd.games) + 1
    assert set(lines[1:]) == expected
    assert lines[-1] == f"{rnd.pairing_bye} 0"  # the bye comes last


def test_writes_to_standard_output_without_p(tmp_path: Path) -> None:
    before = tmp_path / "before2.trf"
    write_trf(read_trf(EVENT).before_round(2), before)
    done = run(str(before))
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0] == "6"  # 11 players: five boards and a bye


def test_exit_1_when_no_pairing_exists(tmp_path: Path) -> None:
    """Four players after a full round robin: no fourth round."""
    players = tuple(Player(i, "ABCD"[i - 1]) for i in range(1, 5))
    rounds = tuple(Round(k, (Game(a, b, GameResult.DRAW), Game(c, d, GameResult.DRAW)))
                   for k, (a, b, c, d) in enumerate(((1, 2, 3, 4), (1, 3, 2, 4), (1, 4, 2, 3)), 1))
    trf = tmp_path / "rr.trf"
    write_trf(Tournament("all met", players, rounds, total_rounds=5), trf)
    done = run(str(trf), "-p", str(tmp_path / "out.txt"))
    assert done.returncode == 1
    assert "no valid pairing for round 4" in done.stderr
    assert not (tmp_path / "out.txt").exists()


def test_exit_3_on_bad_input_naming_file_and_line(tmp_path: Path) -> None:
    trf = tmp_path / "bad.trf"
    trf.write_text("012 bad\n001    1      A\n001    x      B\n", encoding="utf-8")
    done = run(str(trf))
    assert done.returncode == 3
    assert f"{trf}:3" in done.stderr


def test_exit_5_on_file_errors(tmp_path: Path) -> None:
    missing = run(str(tmp_path / "missing.trf"))
    assert missing.returncode == 5
    assert "missing.trf" in missing.stderr
    good = tmp_path / "ok.trf"
    write_trf(read_trf(EVENT).before_round(2), good)
    unwritable = run(str(good), "-p", str(tmp_path / "no" / "such" / "dir" / "out.txt"))
    assert unwritable.returncode == 5


def loaded_by_a_dutch_round(tmp_path: Path, k: int) -> set[str]:
    """What ``trf-pair --system dutch`` of the first Dutch conformance event,
    as it stood before round ``k``, leaves in a fresh interpreter: every
    module imported, and those of the explanation records engine/results.py
    has made (its names, on first use)."""
    t = read_trf(CONFORMANCE / "dutch" / sorted(p.name for p in (CONFORMANCE / "dutch").glob("*.trf"))[0])
    src = tmp_path / f"r{k}.trf"
    write_trf(t.before_round(k), src)
    code = ("import sys; from bianpai.addin.cli import main; rc = main(sys.argv[1:]); "
            "made = [n for n in ('PairReason', 'BracketLayout') "
            "        if n in vars(sys.modules['bianpai.engine.results'])]; "
            "print(' '.join(sorted(sys.modules) + made)); sys.exit(rc)")
    done = subprocess.run([sys.executable, "-c", code, "trf-pair", "--system", "dutch", str(src)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return set(done.stdout.splitlines()[-1].split())


def test_start_up_imports_only_what_the_job_needs(tmp_path: Path) -> None:
    """Round 1 of a Dutch event is paired directly: no matching, so rustworkx
    is not imported; nor is anything of the workbook layer or another system,
    nor the word table (only a message needs it)."""
    loaded = loaded_by_a_dutch_round(tmp_path, 1)
    assert not {m for m in loaded if m.startswith(("rustworkx", "openpyxl", "pandas", "xlwings"))}
    assert not loaded & {"bianpai.engine.systems.chinese.dingwei", "bianpai.engine.systems.chinese.core",
                         "bianpai.engine.standings.individual",
                         "bianpai.engine.systems.chinese.adjacent", "bianpai.engine.systems.roundrobin"}
    assert not loaded & {"bianpai.addin.workbook.words", "bianpai.addin.workbook.messages",
                         "bianpai.addin.jobs.api"}


def test_a_dutch_round_after_the_first_imports_only_what_it_needs(tmp_path: Path) -> None:
    """A Dutch round >= 2 is matched (rustworkx is imported), but nothing of
    the Swiss methods' round (engine/systems/chinese/core.py, round 1's engine/systems/round1.py and
    its random draw), the Swiss methods' float records (engine/history/floats.py) nor
    the explanation records (engine/reasons.py: the Dutch system gives none)
    is: each is made only when a job needs it (issue 16)."""
    loaded = loaded_by_a_dutch_round(tmp_path, 3)
    assert {"bianpai.engine.systems.dutch", "rustworkx"} <= loaded
    assert not loaded & {"PairReason", "BracketLayout"}  # (their classes not made in engine/results.py)
    assert not loaded & {"bianpai.engine.systems.chinese.core", "bianpai.engine.systems.round1",
                         "bianpai.engine.reasons",
                         "bianpai.engine.systems.chinese.dingwei", "bianpai.engine.history.colours",
                         "bianpai.engine.history.floats",
                         "random"}
    assert not loaded & {"bianpai.addin.workbook.words", "bianpai.addin.workbook.messages",
                         "bianpai.addin.jobs.api"}


def test_the_command_loads_its_modules_with_the_collector_paused(tmp_path: Path) -> None:
    """The console script enters through bianpai.addin.cli.command: Python's cyclic
    collector is off while the modules load, and on again when the job runs,
    what was loaded frozen out of its collections; cli.main called directly
    leaves the collector as it is (issue 16)."""
    before = tmp_path / "before2.trf"
    write_trf(read_trf(EVENT).before_round(2), before)
    spy = ("import gc, sys; import bianpai.addin.cli.trf as job; run = job.run; "
           "job.run = lambda a: print('job', gc.isenabled(), gc.get_freeze_count() > 0, flush=True) "
           "or run(a); ")
    as_command = spy + "from bianpai.addin.cli.command import main; sys.argv[1:] = %r; main()" % (
        ["trf-pair", str(before)],)
    direct = spy + "from bianpai.addin.cli import main; sys.exit(main(%r))" % (["trf-pair", str(before)],)
    for code, seen in ((as_command, "job True True"), (direct, "job True False")):
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stderr
        assert done.stdout.splitlines()[:2] == [seen, "6"]  # then the pairing: five boards and a bye
    scripts = (Path(__file__).parents[1] / "pyproject.toml").read_text(encoding="utf-8")
    assert 'bianpai = "bianpai.addin.cli.command:main"' in scripts


def test_the_command_ends_with_its_output_complete(capsys) -> None:
    """Run as the command, a TRF job ends its process itself (cli.quick_exit):
    what it wrote to a pipe is all there, and its exit code is the job's."""
    from bianpai.addin.cli.app import main

    big = sorted((CONFORMANCE / "dutch").glob("*.trf"), key=lambda p: p.stat().st_size)[-1]
    assert main(["trf-standings", str(big)]) == 0
    expected = capsys.readouterr().out
    done = subprocess.run([str(BIANPAI), "trf-standings", str(big)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stdout == expected and expected.count("\n") > 50
    missing = subprocess.run([str(BIANPAI), "trf-standings", str(big) + ".missing"],
                             capture_output=True, text=True, timeout=60)
    assert missing.returncode == 5 and missing.stderr.startswith("bianpai: ") and missing.stdout == ""
