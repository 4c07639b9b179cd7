"""Robustness: mutated TRF files never give a traceback, only exit codes.

A seeded, bounded mutator (deterministic: the same cases on every run) takes
small files of every corpus, changes them the way hand-edited or truncated
files go wrong (a character changed in a round block or a header, a line
dropped, doubled or cut short, a bye given a game result, a header record
with a bad value) and runs ``bianpai trf-pair`` in-process for every system.
Every run must end with exit 0 (paired), 1 (no valid pairing), 3 (bad
input, with ``line:column``) or 5 (file error) and never raise.
"""

from __future__ import annotations

import argparse
import random
import re
from pathlib import Path

import pytest

from bianpai.addin.cli import trf as cmd_trf
from bianpai.engine.registry import SYSTEMS
from bianpai.engine.registry import get as get_system

from conftest import corpus

SEED = 20261201
CASES_PER_SYSTEM = 200
MAX_PLAYERS = 24  # small files: the whole test runs in seconds

_SMALL = [f for c in ("dingwei-v2", "dutch", "dutch-cases", "dutch-features")
          for f in corpus(c) if f.read_text(encoding="utf-8").count("001 ") <= MAX_PLAYERS]
_ALPHABET = "0123456789 wb-+=UFHZDLW1x.\t"
_HEADERS = ["XXR 0", "XXR x", "XXC rank", "XXC purple", "162 W x", "162 Q 1.0", "XXP 1",
            "XXP 1 999", "XXA    1 abcd", "250 01.0 01.0 001 002 0001 0002", "260 002 001    1    2",
            "240 Q 001    1", "240 H 001 9999", "192 FIDE_BURSTEIN", "152 X", "BBW x", "013 team",
            "XYZ what", "0000 - 1", "001", "001 9999", "001    0", ""]


def _mutate(text: str, rng: random.Random) -> str:
    lines = re.split(r"\r\n|\r|\n", text)
    for _ in range(rng.randint(1, 3)):
        what = rng.randrange(6)
        i = rng.randrange(len(lines))
        line = lines[i]
        if what == 0 and line:  # one character changed, most often in a round block
            col = rng.randrange(91, len(line)) if len(line) > 92 and rng.random() < 0.7 \
                else rng.randrange(len(line))
            lines[i] = line[:col] + rng.choice(_ALPHABET) + line[col + 1:]
        elif what == 1:
            del lines[i]
        elif what == 2:
            lines.insert(i, line)
        elif what == 3:
            lines[i] = line[:rng.randrange(len(line) + 1)]
        elif what == 4:
            lines.insert(i, rng.choice(_HEADERS))
        elif what == 5 and len(line) > 92:  # a bye block given a game result
            col = 91 + 10 * rng.randrange((len(line) - 91) // 10 + 1)
            lines[i] = line[:col].ljust(col) + "0000 - " + rng.choice("10=+WDL")
        if not lines:
            lines = [""]
    return "\r".join(lines)


def _team_sources() -> list[tuple[str, str]]:
    """Small TRF-2026 team files (simulated events part-way through): the
    sources of a system that pairs teams only (``fide-team`` refuses a TRF
    of players: issue 23 item 4)."""
    from bianpai.engine.simulate.team import play_team_event
    from bianpai.engine.formats.trf_team import format_team_trf

    return [(f"team{n}-{upto}", format_team_trf(play_team_event(n, 4, 7, "fide-team", n * 10 + upto,
                                                                upto=upto, reserve_rate=0.2)))
            for n in (5, 6, 8) for upto in (1, 3)]


def _cases(system: str) -> list[tuple[str, str]]:
    rng = random.Random(f"{SEED}-{system}")
    out = [("empty", ""), ("blank", "\r\n\r\n"), ("bye-with-result",
            "012 x\rXXR 3\r001    1      A" + " " * 76 + "0000 - 1\r")]
    sources = _team_sources() if get_system(system).pairs_teams else \
        [(f.stem, f.read_text(encoding="utf-8")) for f in _SMALL]
    for k in range(CASES_PER_SYSTEM):
        name, text = rng.choice(sources)
        out.append((f"{name}#{k}", _mutate(text, rng)))
    return out


@pytest.mark.parametrize("system", list(SYSTEMS))
def test_mutated_trfs_end_with_an_exit_code(system: str, tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    seen: dict[int, int] = {}
    for name, text in _cases(system):
        path = tmp_path / "in.trf"
        path.write_text(text, encoding="utf-8", newline="")
        args = argparse.Namespace(command="trf-pair", trf=str(path), system=system,
                                  output=str(tmp_path / "out.txt"))
        code = cmd_trf.run(args)  # any exception fails the test: never a traceback
        err = capsys.readouterr().err
        assert code in (0, 1, 3, 5), (name, code, err)
        if code == 3:
            assert re.search(r"in\.trf:\d+:\d+: ", err), (name, err)
        seen[code] = seen.get(code, 0) + 1
    print(system, dict(sorted(seen.items())))
    assert seen.get(3, 0) >= 3 and seen.get(0, 0) >= 3  # the mutations reach the reader and the systems


def test_empty_and_bye_with_result_are_bad_input(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    bye_with_result = "012 x\rXXR 3\r001    1      A" + " " * 76 + "0000 - 1\r"
    for text, where in (("", ":1:1: "), (bye_with_result, ":3:99: ")):
        path = tmp_path / "in.trf"
        path.write_text(text, encoding="utf-8", newline="")
        code = cmd_trf.run(argparse.Namespace(command="trf-pair", trf=str(path), system="dutch",
                                              output=None))
        assert code == 3
        assert f"in.trf{where}" in capsys.readouterr().err
