"""Make the ``tests/data/dutch-rank`` cases (run by hand; the tests only read them).

TRF ``XXC rank`` (read by the reference engine, bbpPairings): the players'
initial ranking — the effective pairing numbers that choose colours and
break ties — is the order of their ``001`` lines in the file, not their
start numbers.  Each case is a single-round case of
``tests/data/conformance/dutch-features`` with ``rank`` added to its ``XXC``
record and its ``001`` lines shuffled (a fixed seed per case), and the
reference engine's pairing of it (``NAME.expected``).

    python tests/make_dutch_rank_cases.py --reference /path/to/bbpPairings.exe [N]

The reference is built by hand from its own repository; it is not part of
this project.
"""

from __future__ import annotations

import argparse
import random
import re
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
SOURCE = HERE / "data" / "conformance" / "dutch-features"
OUT = HERE / "data" / "dutch-rank"
SEED = 20261201
KINDS = ("xxp", "bbw", "xxa")
BAKU_CASES = 12
"""Besides: Baku cases (the accelerated top half is the top of the initial ranking)."""


def with_rank(text: str, rng: random.Random) -> str:
    """``text`` with ``XXC … rank`` and its ``001`` lines in a shuffled order."""
    lines = re.split(r"\r\n|\r|\n", text)
    players = [i for i, line in enumerate(lines) if line.startswith("001")]
    order = [lines[i] for i in players]
    rng.shuffle(order)
    for i, line in zip(players, order, strict=True):
        lines[i] = line
    xxc = [i for i, line in enumerate(lines) if line.startswith("XXC")]
    if xxc:
        lines[xxc[0]] = lines[xxc[0]].rstrip() + " rank"
    else:
        lines.insert(players[0], "XXC rank")
    return "\n".join(lines)


def main(argv: list[str]) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--reference", required=True, metavar="PATH")
    ap.add_argument("count", type=int, nargs="?", default=60)
    ap.add_argument("--baku", type=int, default=BAKU_CASES)
    args = ap.parse_args(argv)
    OUT.mkdir(parents=True, exist_ok=True)
    cases = sorted(p for p in SOURCE.glob("*.trf") if p.stem.rsplit("_", 1)[1] in KINDS)
    baku = sorted(p for p in SOURCE.glob("*.trf") if p.stem.endswith("_baku"))
    rng = random.Random(SEED)
    made = 0
    chosen = rng.sample(cases, min(args.count, len(cases)))
    chosen += random.Random(SEED + 1).sample(baku, min(args.baku, len(baku)))
    for src in chosen:
        trf = OUT / f"{src.stem}_rank.trf"
        trf.write_text(with_rank(src.read_text(encoding="utf-8"), random.Random(f"{SEED}:{src.stem}")),
                       encoding="utf-8")
        expected = trf.with_suffix(".expected")
        run = subprocess.run([args.reference, "--dutch", str(trf), "-p", str(expected)],
                             capture_output=True, text=True)
        if run.returncode != 0:
            print(f"{trf.name}: the reference refused it ({run.returncode}): {run.stdout}{run.stderr}")
            trf.unlink()
            expected.unlink(missing_ok=True)
            continue
        made += 1
    print(f"{made} cases in {OUT}")


if __name__ == "__main__":
    main(sys.argv[1:])
