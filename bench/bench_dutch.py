"""Benchmark: 分区编排 (FIDE Dutch) pairing times.

Three kinds of measurement:

* (default) one middle round of simulated events: for each size an event of
  9 rounds (seeded, 1/½/0, a few forfeits and half-point byes) is simulated
  by pairing every round with the Dutch engine itself, up to round 4; round 5
  is then paired ``REPEAT`` times and the median printed;
* ``--every-round N``: one N-player event simulated to the end, then each of
  its 9 rounds paired again from the event as it stood before it (timed once,
  in-process, CPU seconds beside the wall time); with ``--reference PATH``
  the event is made by the reference's generator instead (random results,
  as tournament generators make them; ``--trf FILE``: a given event), and
  each round is also compared with the reference's own pairing of it;
* ``--reference PATH`` (the bbpPairings binary, built by hand: it is not part
  of this repository): side by side, as whole processes.  For each size the
  reference's own generator (``-g``: random ratings and results drawn from
  them, as tournament generators make histories) makes a 9-round event; for
  the rounds ``--rounds`` the event as it stood before the round is written as
  a TRF and paired by ``bianpai trf-pair --system dutch`` and by the
  reference (``--dutch FILE -p OUT``), each timed as a process (wall time,
  best of ``--repeat``), and the outputs compared.  Wall time and CPU time
  (user + system) are both printed: on a shared machine the CPU time is the
  steadier.  ``--trf FILE`` uses a given event instead of a generated one.

Decision (issue 16): the side-by-side run measures what a user gets, not a
developer's checkout.  ``make`` installs Bianpai *editable*, and setuptools'
editable finder then runs in every process (about 10 ms on the development
machine: it imports pathlib, urllib and ipaddress), which an installed
package does not.  So the bench lays the package out in a temporary virtual
environment as a wheel installs it (the ``package-dir`` of pyproject.toml,
byte code compiled as pip compiles it), writes the ``bianpai`` console
script as pip writes it, lets that environment see the dependencies of
``.venv`` through a ``.pth`` line, and times ``bianpai trf-pair --system
dutch`` there.  ``--in-place`` times ``python -m bianpai.addin.cli`` of the
running environment instead (the editable install, byte code cached in a
temporary ``PYTHONPYCACHEPREFIX``).

    python bench/bench_dutch.py [sizes…]
    python bench/bench_dutch.py --every-round 1000
    python bench/bench_dutch.py --every-round 2000 --reference /tmp/bbp/bbpPairings.exe
    python bench/bench_dutch.py --reference /tmp/bbp/bbpPairings.exe 100 200 500 1000
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import time
import tomllib
from collections.abc import Iterator
from pathlib import Path

from bianpai.engine.systems import dutch
from bianpai.engine.model import CHESS_POINTS, Tournament
from bianpai.engine.simulate.individual import play_event
from bianpai.engine.formats.trf import read_trf, write_trf
from middle_round import MIDDLE, ROUNDS, time_middle_round

SIZES = (50, 200, 500, 1000)
SIDE_BY_SIDE_ROUNDS = (2, 3, 5, 8)
REPEAT = 3
EVENT = dict(points=CHESS_POINTS, forfeit_rate=0.02, absence_rate=0.01)
GENERATOR_SEED = 7
ROOT = Path(__file__).resolve().parent.parent

CONSOLE_SCRIPT = """#!{python}
import sys
from bianpai.addin.cli.command import main
if __name__ == '__main__':
    sys.argv[0] = sys.argv[0].removesuffix('.exe')
    sys.exit(main())
"""
"""The ``bianpai`` script as pip writes it for ``[project.scripts]``."""

USER_ENV = {k: v for k, v in os.environ.items()
            if k not in ("PYTHONDONTWRITEBYTECODE", "PYTHONPYCACHEPREFIX", "PYTHONPATH")}
"""The environment of a user's command: byte code where pip compiled it."""


def bench(n: int) -> tuple[float, float, int]:
    """(median seconds, simulation seconds, boards) for pairing round 5 of ``n`` players."""
    return time_middle_round("dutch", dutch.pair, n, REPEAT, **EVENT)


def every_round(n: int, seed: int = 2026, event: Tournament | None = None
                ) -> Iterator[tuple[int, float, float, int, bool | None]]:
    """(round, wall seconds, CPU seconds, boards, same as the event's own
    pairing or None) for each round of ``event`` — by default the event
    :func:`bench` simulates, played to the end — paired again round by round
    from the event as it stood before it (each pairing timed once).  The
    comparison is made for an event paired by another engine (``event``)."""
    t = event if event is not None else play_event(n, ROUNDS, "dutch", seed, **EVENT)
    for k in range(1, len(t.rounds) + 1):
        before = t.before_round(k)
        s, c = time.perf_counter(), time.process_time()
        pairing = dutch.pair(before)
        wall, cpu = time.perf_counter() - s, time.process_time() - c
        same = None
        if event is not None:
            rnd = t.rounds[k - 1]
            same = (frozenset(pairing.pairs()) == frozenset((g.red, g.black) for g in rnd.games)
                    and pairing.bye == rnd.pairing_bye)
        yield k, wall, cpu, len(pairing.boards), same


def generate(reference: str, n: int, folder: Path, seed: int = GENERATOR_SEED) -> Path:
    """A 9-round, ``n``-player event made by the reference's generator."""
    config = folder / f"gen{n}.cfg"
    config.write_text(f"PlayersNumber={n}\nRoundsNumber={ROUNDS}\n", encoding="utf-8")
    out = folder / f"gen{n}.trf"
    subprocess.run([reference, "--dutch", "-g", str(config), "-o", str(out), "-s", str(seed)],
                   check=True, capture_output=True)
    return out


def user_install(folder: Path) -> Path:
    """The ``bianpai`` command of a temporary virtual environment in ``folder``
    that holds Bianpai as a wheel installs it (see the module's docstring)."""
    venv = folder / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    site = Path(subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                               check=True, capture_output=True, text=True).stdout.strip())
    setup = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    for package in setup["packages"]:
        source = ROOT / setup["package-dir"].get(package, package.replace(".", "/"))
        if package not in setup["package-dir"]:  # a subpackage below a mapped one
            parent, _, leaf = package.rpartition(".")
            source = ROOT / setup["package-dir"].get(parent, parent.replace(".", "/")) / leaf
        target = site.joinpath(*package.split("."))
        target.mkdir(parents=True, exist_ok=True)
        for f in source.glob("*.py"):
            shutil.copy2(f, target / f.name)
    subprocess.run([str(python), "-m", "compileall", "-q", str(site / "bianpai")], check=True, env=USER_ENV)
    dependencies = sysconfig.get_path("purelib")
    (site / "bianpai_bench_dependencies.pth").write_text(dependencies + "\n", encoding="utf-8")
    script = venv / "bin" / "bianpai"
    script.write_text(CONSOLE_SCRIPT.format(python=python), encoding="utf-8")
    script.chmod(0o755)
    return script


def _timed(cmd: list[str], env: dict[str, str] | None, repeat: int) -> tuple[float, float]:
    """(best wall seconds, best CPU seconds: user + system) of running ``cmd``."""
    best_wall = best_cpu = float("inf")
    for _ in range(repeat):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        s = time.perf_counter()
        subprocess.run(cmd, check=True, capture_output=True, env=env)
        wall = time.perf_counter() - s
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        best_wall, best_cpu = min(best_wall, wall), min(best_cpu, cpu)
    return best_wall, best_cpu


def side_by_side(reference: str, event: Path, rounds: tuple[int, ...], repeat: int,
                 folder: Path, command: list[str]) -> None:
    """Print, for each round, our and the reference's whole-process times
    (``command``: how Bianpai is started)."""
    t = read_trf(event)
    n = len(t.players)
    bianpai = command + ["trf-pair", "--system", "dutch"]
    env = dict(USER_ENV)
    if command[0] == sys.executable:  # in place: the checkout has no byte code of its own
        env["PYTHONPYCACHEPREFIX"] = str(folder / "pycache")
    for k in rounds:
        if k > len(t.rounds) + 1:
            continue
        before = folder / f"before{n}_{k}.trf"
        write_trf(t.before_round(k) if k <= len(t.rounds) else t, before)  # (k: the next round)
        ours_out, ref_out = folder / "ours.txt", folder / "ref.txt"
        subprocess.run(bianpai + [str(before), "-p", str(ours_out)], check=True, env=env)  # warm
        ours, ours_cpu = _timed(bianpai + [str(before), "-p", str(ours_out)], env, repeat)
        ref, ref_cpu = _timed([reference, "--dutch", str(before), "-p", str(ref_out)], None, repeat)
        same = ours_out.read_text() == ref_out.read_text()
        print(f"dutch {n:>5} players, round {k}: wall bianpai {ours:7.3f} s, reference {ref:7.3f} s;"
              f" CPU {ours_cpu:7.3f} s v {ref_cpu:7.3f} s (reference/bianpai {ref_cpu / ours_cpu:5.2f}x)"
              f" {'identical' if same else 'DIFFERENT'}", flush=True)


def main(argv: list[str]) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("sizes", nargs="*", type=int)
    ap.add_argument("--every-round", type=int, metavar="N")
    ap.add_argument("--reference", metavar="PATH", help="the bbpPairings binary: side by side")
    ap.add_argument("--trf", metavar="FILE", help="with --reference: this event, not a generated one")
    ap.add_argument("--rounds", default=",".join(map(str, SIDE_BY_SIDE_ROUNDS)))
    ap.add_argument("--repeat", type=int, default=REPEAT)
    ap.add_argument("--in-place", action="store_true",
                    help="with --reference: time this environment's (editable) install, not a user's")
    args = ap.parse_args(argv)
    if args.every_round:
        event = None
        if args.trf:
            event = read_trf(args.trf)
        elif args.reference:
            folder = Path(tempfile.mkdtemp(prefix="bench_dutch_"))
            try:
                event = read_trf(generate(args.reference, args.every_round, folder))
            finally:
                shutil.rmtree(folder, ignore_errors=True)
        for k, wall, cpu, boards, same in every_round(args.every_round, event=event):
            told = "" if same is None else (", as the reference" if same else ", DIFFERENT")
            print(f"dutch {args.every_round:>5} players, round {k}: {wall:8.2f} s wall, "
                  f"{cpu:8.2f} s CPU ({boards} boards{told}; load {os.getloadavg()[0]:.2f})",
                  flush=True)
        return
    if args.reference:
        rounds = tuple(int(r) for r in args.rounds.split(","))
        folder = Path(tempfile.mkdtemp(prefix="bench_dutch_"))
        try:
            command = ([sys.executable, "-m", "bianpai.addin.cli"] if args.in_place
                       else [str(user_install(folder))])
            events = ([Path(args.trf)] if args.trf else
                      [generate(args.reference, n, folder) for n in args.sizes or (100, 200, 500)])
            for e in events:
                side_by_side(args.reference, e, rounds, args.repeat, folder, command)
        finally:
            shutil.rmtree(folder, ignore_errors=True)
        return
    for n in args.sizes or list(SIZES):
        med, sim, boards = bench(n)
        print(f"dutch {n:>5} players, round {MIDDLE}: median {med:8.2f} s "
              f"({boards} boards; simulating rounds 1–{MIDDLE - 1}: {sim:.1f} s)", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
