"""Conformance: the 475 single-round cases of ``conformance/dutch-features``,
each a TRF (``NAME.trf``) and the reference engine's pairing of its next round
(``NAME.expected``, compared as text: board order included).

The cases come from the ``conformance/dutch`` tournaments with the inputs the
reference engine honours beside the rounds: forbidden pairs (``XXP``, an
absolute criterion), acceleration (``XXA`` virtual points in rounds 1–2, and
``192 FIDE_DUTCH_2025_BAKU``, the Baku method; FIDE C.04.5) and the points
system (``BBW``/``BBD`` lines, ``162``).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pytest

from bianpai.engine.systems.dutch import pair
from bianpai.engine.results import pairing_output
from bianpai.engine.formats.trf import read_trf

from conftest import corpus

CASES = corpus("dutch-features", minimum=475)
EXPECTED_CASES = 475
KINDS = {"xxp": 179, "xxa": 57, "baku": 49, "bbw": 190}


def kind(path: Path) -> str:
    return path.stem.rsplit("_", 1)[1]


@lru_cache(maxsize=None)
def case_difference(path: Path) -> str | None:
    want = path.with_suffix(".expected").read_text(encoding="utf-8")
    try:
        got = pairing_output(pair(read_trf(path)))
    except Exception as e:  # reported as a difference, counted in the summary
        return f"{path.name}: {type(e).__name__}: {e}"
    return None if got == want else f"{path.name}: expected\n{want}got\n{got}"


def test_the_cases_are_there() -> None:
    assert len(CASES) == EXPECTED_CASES
    counts: dict[str, int] = {}
    for c in CASES:
        counts[kind(c)] = counts.get(kind(c), 0) + 1
        assert c.with_suffix(".expected").is_file(), c
    assert counts == KINDS


@pytest.mark.parametrize("path", CASES, ids=[c.stem for c in CASES])
def test_case(path: Path) -> None:
    assert case_difference(path) is None


def test_summary() -> None:
    diffs = [d for c in CASES if (d := case_difference(c)) is not None]
    message = f"dutch-features conformance: {len(CASES) - len(diffs)}/{len(CASES)} identical"
    print("\n" + message)
    for d in diffs:
        print("  " + d.splitlines()[0])
    assert diffs == [], message
