"""Conformance: TRF ``XXC rank`` — the initial ranking is the order of the
``001`` lines, not the start numbers (as the reference engine reads it).

``tests/data/dutch-rank``: 72 single-round cases of ``dutch-features`` (60
with forbidden pairs, other points or XXA acceleration, 12 with the Baku
method, which accelerates the top half of the initial ranking) with ``rank``
added to ``XXC`` and the ``001`` lines shuffled, and the reference engine's
pairing of each (``NAME.expected``, compared as text); made by
``tests/make_dutch_rank_cases.py``.  In 58 of the 72 the pairing differs from
the unshuffled case's, so the order is what decides.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from bianpai.engine.systems.dutch import pair
from bianpai.engine.results import pairing_output
from bianpai.engine.formats.trf import format_trf, parse_trf, read_trf

DATA = Path(__file__).resolve().parent / "data" / "dutch-rank"
CASES = sorted(DATA.glob("*.trf"))
EXPECTED_CASES = 72


def test_the_cases_are_all_there():
    assert len(CASES) == EXPECTED_CASES, f"{DATA}: {len(CASES)} cases, {EXPECTED_CASES} expected"
    assert all(c.with_suffix(".expected").exists() for c in CASES)


@pytest.mark.parametrize("case", CASES, ids=lambda p: p.stem)
def test_the_initial_ranking_is_the_file_order(case: Path):
    t = read_trf(case)
    assert t.initial_order and len(t.initial_order) == len(t.players)
    assert pairing_output(pair(t)) == case.with_suffix(".expected").read_text(encoding="utf-8")


def test_xxc_rank_is_written_back():
    t = read_trf(CASES[0])
    again = parse_trf(format_trf(t))
    assert again.initial_order == t.initial_order and again == t


def test_a_workbook_refuses_a_trf_ranked_by_file_order(tmp_path: Path):
    """A workbook ranks its players by number: a TRF whose XXC rank order differs is
    refused on import, saying how to renumber, and nothing is written."""
    from bianpai.addin.jobs import api as jobs
    from bianpai.addin.workbook.messages import WorkbookInputError

    with pytest.raises(WorkbookInputError) as e:
        jobs.import_trf(None, CASES[0].read_text(encoding="utf-8"), "zh", where=CASES[0].name)
    (msg,) = e.value.messages
    assert msg.startswith(f"{CASES[0].name}: 此 TRF 用 XXC rank") and "重新编号" in msg
    # in number order already: XXC rank changes nothing, and the TRF imports
    t = read_trf(CASES[0])
    ordered = replace(t, initial_order=tuple(sorted(t.initial_order)))
    assert jobs.import_trf(None, format_trf(ordered), "zh").sheets
