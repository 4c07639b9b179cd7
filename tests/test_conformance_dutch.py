"""Conformance: every round of the 150 reference events of ``conformance/dutch``
(分区编排 = FIDE Dutch system, C.04.3 2025 text), and the three single-round
cases of ``conformance/dutch-cases``.

The events (5–80 players; 1/½/0, 2/1/0 and 3/1/0 points; forfeits, withdrawals,
half- and zero-point byes) were paired round by round by a FIDE-endorsed Dutch
engine.  For round r the event as it stood before round r (``before_round(r)``,
with the byes requested for round r) is paired again and must give the same
pairs, the same colours (white = red = TRF ``w``) and the same
pairing-allocated bye.  The files carry no ``XXC``: the colour of the top
player in round 1 (the colour drawn for round 1) is taken from round 1 itself.
TRF files do not keep the board order, so boards are compared as a set.
The dutch-cases are compared as text, board order included.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from pathlib import Path

import pytest

from bianpai.engine.systems.dutch import pair
from bianpai.engine.model import Colour, Tournament
from bianpai.engine.results import pairing_output
from bianpai.engine.formats.trf import read_trf

from conftest import CONFORMANCE, corpus
from replay import replay_differences

DIR = CONFORMANCE / "dutch"
FILES = corpus("dutch", minimum=150)
CASES_DIR = CONFORMANCE / "dutch-cases"
CASES = corpus("dutch-cases", minimum=3)
EXPECTED_ROUNDS = 1009


def drawn_colour(t: Tournament) -> Colour | None:
    """The colour of the highest-ranked player who played in round 1 (XXC)."""
    first = t.rounds[0]
    for p in sorted(t.players, key=lambda p: p.number):
        for g in first.games:
            if p.number in (g.red, g.black):
                return Colour.RED if g.red == p.number else Colour.BLACK
    return None


@lru_cache(maxsize=None)
def event(path: Path) -> Tournament:
    t = read_trf(path)
    return replace(t, first_colour=drawn_colour(t))


@lru_cache(maxsize=None)
def differences(path: Path) -> tuple[str, ...]:
    """The rounds of one event that differ from the reference, explained."""
    return replay_differences(path.name, event(path), pair)


@lru_cache(maxsize=None)
def case_difference(path: Path) -> str | None:
    want = path.with_suffix(".expected").read_text(encoding="utf-8")
    try:
        got = pairing_output(pair(read_trf(path)))
    except Exception as e:
        return f"{path.name}: {type(e).__name__}: {e}"
    return None if got == want else f"{path.name}: expected\n{want}got\n{got}"


def test_the_conformance_data_is_there() -> None:
    assert len(FILES) == 150
    assert sum(len(event(f).rounds) for f in FILES) == EXPECTED_ROUNDS
    assert [c.stem for c in CASES] == ["dutch_2025_C5", "dutch_2025_C9", "issue_7"]


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_event_replays_identically(path: Path) -> None:
    assert differences(path) == ()


@pytest.mark.parametrize("path", CASES, ids=[c.stem for c in CASES])
def test_single_round_case(path: Path) -> None:
    assert case_difference(path) is None


def test_summary() -> None:
    total = sum(len(event(f).rounds) for f in FILES)
    diffs = [d for f in FILES for d in differences(f)]
    identical = total - len(diffs)
    case_diffs = [d for c in CASES if (d := case_difference(c)) is not None]
    message = (f"dutch conformance: {identical}/{total} rounds identical, "
               f"{len(CASES) - len(case_diffs)}/{len(CASES)} dutch-cases identical")
    print("\n" + message)
    for d in diffs + case_diffs:
        print("  " + d)
    assert (identical, total, case_diffs) == (EXPECTED_ROUNDS, EXPECTED_ROUNDS, []), message
