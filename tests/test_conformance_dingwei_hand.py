"""An arbiter's hand pairings (``tests/data/conformance/dingwei-hand``): rounds
of events with clubs in ``XXB club`` records and 同单位回避 (``XXB set
club_rounds``), paired by hand with cards from the seeds alone.

``trf-pair`` must reproduce each exactly (pairs, colours, the bye; board order
is not part of the answer), and so must the workbook route (``import-trf``
then ``pair``): both read the TRF through the engine's one reader
(engine/formats/trf.py), which applies the ``XXB`` clubs and statuses.  Before that
reader, ``trf-pair`` dropped the clubs and paired club mates in both rounds.
A round that fails stays failing and is counted (never skipped)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bianpai.addin.jobs import api as jobs
from bianpai.addin.workbook import sheets as S
from bianpai.addin.cli.app import main
from bianpai.engine.results import InputError, PairingError

from conftest import corpus

CASES = corpus("dingwei-hand", minimum=2)

Answer = tuple[frozenset[tuple[int, int]], int | None]


def expected(case: Path) -> Answer:
    """The arbiter's pairing: (red, black) pairs and the bye (``N 0``)."""
    lines = case.with_suffix(".expected").read_text(encoding="utf-8").split("\n")
    n = int(lines[0])
    return as_answer(lines[1:n + 1])


def as_answer(lines: list[str]) -> Answer:
    pairs, bye = set(), None
    for line in lines:
        a, b = (int(x) for x in line.split())
        if b == 0:
            bye = a
        else:
            pairs.add((a, b))
    return frozenset(pairs), bye


def by_trf_pair(case: Path, tmp_path: Path) -> Answer | str:
    out = tmp_path / f"{case.stem}.txt"
    code = main(["trf-pair", str(case), "-p", str(out)])
    if code != 0:
        return f"trf-pair exit {code}"
    lines = out.read_text(encoding="utf-8").split("\n")
    return as_answer(lines[1:int(lines[0]) + 1])


def by_workbook(case: Path) -> Answer | str:
    try:
        values = jobs.apply_values({}, jobs.import_trf(None, case.read_text(encoding="utf-8"), "zh"))
        rnd = S.read_event(jobs.apply_values(values, jobs.pair(values))).tournament.rounds[-1]
    except (InputError, PairingError) as e:
        return f"{type(e).__name__}: {e}"
    return frozenset((g.red, g.black) for g in rnd.games), rnd.pairing_bye


def test_both_cases_are_there() -> None:
    assert [c.stem for c in CASES] == ["club_E2_r2", "club_E3b_r5"]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.stem)
def test_trf_pair_reproduces_the_hand_pairing(case: Path, tmp_path: Path) -> None:
    assert by_trf_pair(case, tmp_path) == expected(case)


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.stem)
def test_the_workbook_reproduces_the_hand_pairing(case: Path) -> None:
    assert by_workbook(case) == expected(case)


def test_every_hand_round_is_counted(tmp_path: Path) -> None:
    """How many of the hand rounds each route reproduces (all of them)."""
    counts = {"trf-pair": 0, "workbook": 0}
    for case in CASES:
        want = expected(case)
        counts["trf-pair"] += by_trf_pair(case, tmp_path) == want
        counts["workbook"] += by_workbook(case) == want
    print(f"dingwei-hand: trf-pair {counts['trf-pair']}/{len(CASES)}, "
          f"workbook {counts['workbook']}/{len(CASES)}")
    assert counts == {"trf-pair": len(CASES), "workbook": len(CASES)}
