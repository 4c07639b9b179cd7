"""The workbook path pairs as the engine does: every round of the conformance
events, written into a workbook (``import-trf``) as it stood before the round
and paired by the ``pair`` job, gives the engine's own pairing of that round
— the workbook layer loses nothing the engine needs (players, ratings,
colours, byes, absences, points, options, the first colour)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bianpai.addin.jobs import api as jobs
from bianpai.addin.workbook import sheets as S
from bianpai.engine.results import InputError, PairingError
from bianpai.engine.registry import pair_next_round
from bianpai.engine.formats.trf import format_trf, parse_trf

from conftest import corpus
from workbook_helpers import set_setting


def replay(path: Path, system: str) -> tuple[int, list[str]]:
    """(rounds compared, rounds where the workbook and the engine differ)."""
    full = parse_trf(path.read_text(encoding="utf-8"))
    compared, differ = 0, []
    for k in range(1, len(full.rounds) + 1):
        before = full.before_round(k)
        try:
            engine = pair_next_round(before, system)
            want: object = (sorted(engine.pairs()), engine.bye)
        except (InputError, PairingError) as e:
            want = type(e).__name__
        values = jobs.apply_values({}, jobs.import_trf(None, format_trf(before), "zh"))
        set_setting(values, "set.system", system)
        try:
            rnd = S.read_event(jobs.apply_values(values, jobs.pair(values))).tournament.rounds[-1]
            got: object = (sorted((g.red, g.black) for g in rnd.games), rnd.pairing_bye)
        except (InputError, PairingError) as e:
            got = type(e).__name__
        compared += 1
        if got != want:
            differ.append(f"{path.name} round {k}")
    return compared, differ


def test_dingwei_conformance_rounds_through_the_workbook(conformance: Path):
    files = corpus("dingwei-v2", minimum=150)
    assert len(files) == 150
    total, differ = 0, []
    for f in files:
        n, d = replay(f, "dingwei")
        total += n
        differ += d
    print(f"dingwei: {total - len(differ)}/{total} rounds paired identically through the workbook")
    assert total == 1014
    assert differ == []


def test_dutch_conformance_rounds_through_the_workbook(conformance: Path):
    """Every tenth Dutch event (the whole set takes a minute)."""
    files = corpus("dutch", minimum=150)[::10]
    total, differ = 0, []
    for f in files:
        n, d = replay(f, "dutch")
        total += n
        differ += d
    print(f"dutch: {total - len(differ)}/{total} rounds paired identically through the workbook")
    assert len(files) == 15 and total > 0
    assert differ == []


@pytest.mark.parametrize("colour, word", [(None, None), ("red", "red"), ("black", "black")])
def test_first_colour_survives_the_workbook(colour, word):
    """TRF XXC (player 1's colour in round 1) becomes the Settings row first_colour."""
    from bianpai.engine.model import Colour, Player, Tournament

    c = {None: None, "red": Colour.RED, "black": Colour.BLACK}[colour]
    t = Tournament("x", tuple(Player(i, f"P{i}") for i in (1, 2)), first_colour=c)
    values = jobs.apply_values({}, jobs.import_trf(None, format_trf(t), "en"))
    assert S.read_event(values).tournament.first_colour is c
    rows = [r for r in values["Settings"] if r and r[0] == S.FIRST_COLOUR_OPTION]
    assert [r[1] for r in rows] == ([word] if word else [])
