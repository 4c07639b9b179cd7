"""Conformance: every round of the 150 reference events of ``conformance/dingwei-v2``.

The events (120 of 6–16 players, 30 of 18–30; 2/1/0 points, forfeits, byes,
withdrawals) were paired round by round by an independent, exhaustive
implementation of docs/spec/dingwei.md version 2 (every Decision as written
there, settings at their defaults).  For
round r the event as it stood before round r (``before_round(r)``) is paired
again and must give the same pairs, the same colours (red = TRF ``w``) and the
same bye (``tests/replay.py``).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pytest

from bianpai.engine.systems.chinese.dingwei import pair
from bianpai.engine.model import Tournament
from bianpai.engine.formats.trf import read_trf

from conftest import CONFORMANCE, corpus
from replay import replay_differences

DIR = CONFORMANCE / "dingwei-v2"
FILES = corpus("dingwei-v2", minimum=150)
EXPECTED_ROUNDS = 1014


@lru_cache(maxsize=None)
def event(path: Path) -> Tournament:
    return read_trf(path)


@lru_cache(maxsize=None)
def differences(path: Path) -> tuple[str, ...]:
    """The rounds of one event that differ from the reference, explained."""
    return replay_differences(path.name, event(path), pair)


def test_the_conformance_data_is_there() -> None:
    assert len(FILES) == 150
    assert sum(len(event(f).rounds) for f in FILES) == EXPECTED_ROUNDS


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_event_replays_identically(path: Path) -> None:
    t = event(path)
    assert t.total_rounds >= len(t.rounds)  # XXR gives the total rounds (§6.4, §5 final round)
    assert differences(path) == ()


def test_summary() -> None:
    total = sum(len(event(f).rounds) for f in FILES)
    diffs = [d for f in FILES for d in differences(f)]
    identical = total - len(diffs)
    print(f"\ndingwei conformance: {identical}/{total} rounds identical")
    for d in diffs:
        print("  " + d)
    assert (identical, total) == (EXPECTED_ROUNDS, EXPECTED_ROUNDS)
