"""TRF reading and writing: what is read is written back unchanged."""
import re
from pathlib import Path

import pytest

from bianpai.engine.model import ByeKind, Colour, GameResult
from bianpai.addin.messages import messages_of
from bianpai.engine.pairing import InputError
from bianpai.engine.trf import format_trf, parse_trf, read_trf

from conftest import CONFORMANCE, corpus

ROUND_TRIP_CORPORA = ("dingwei-v2", "dutch", "dutch-cases")
"""The corpora whose every file is read and written back unchanged.  The
``dutch-features`` cases (XXP, XXA, BBW … header lines) join this list when the
reader understands those lines (the Dutch TRF-inputs issue)."""
FILES = [f for c in ROUND_TRIP_CORPORA for f in corpus(c)]


def _player_lines(text: str) -> list[str]:
    # the rank (columns 86-89) is the writer's own; everything else must match
    return [l.rstrip()[:85] + l.rstrip()[89:] for l in re.split(r"\r\n|\r|\n", text)
            if l.startswith("001")]


def test_corpus_is_there():
    assert len(FILES) >= 270


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_round_trip(path: Path):
    t = read_trf(path)
    text = format_trf(t)
    assert _player_lines(text) == _player_lines(path.read_text())
    assert parse_trf(text) == t


def test_red_is_w_and_results_from_red_side():
    t = read_trf(CONFORMANCE / "dingwei-v2" / "dingwei_8001.trf")
    g = t.rounds[0].games
    # player 1: "   2 w 1" in round 1: red against 2, won
    first = next(x for x in g if 1 in (x.red, x.black))
    assert (first.red, first.black, first.result) == (1, 2, GameResult.RED_WIN)
    assert t.points.win == 2.0 and t.points.draw == 1.0 and t.points.bye == 2.0
    assert t.total_rounds == 7
    assert t.rounds[1].pairing_bye == 2


def test_requested_byes_of_next_round_become_requests():
    t = read_trf(CONFORMANCE / "dutch-cases" / "dutch_2025_C5.trf")
    assert len(t.rounds) == 2 and t.total_rounds == 3
    assert t.requests == ((3, t.requests[0][1]),)
    assert t.requests[0][1].player == 4 and t.requests[0][1].kind is ByeKind.ZERO
    assert 4 not in t.to_pair()


def test_all_problems_reported_with_line():
    text = ("012 x\n"
            "001    1      A                                 2000                             0.0    1"
            "     2 w 1\n"
            "001    2      B                                 2000                             0.0    2"
            "     1 b 1\n"
            "001    3      C                                 20x0                             0.0    3"
            "     9 w 1\n")
    with pytest.raises(InputError) as e:
        parse_trf(text, "ev.trf")
    msgs = messages_of(e.value, "en")
    assert any(m.startswith("ev.trf:4:") and "rating" in m for m in msgs)
    assert any(m.startswith("ev.trf:2:") and "do not agree" in m for m in msgs)
    assert any(m.startswith("ev.trf:4:") and "opponent 9" in m for m in msgs)


def test_xxc_and_colour():
    t = parse_trf("012 x\nXXC black1\nXXR 5\n")
    assert t.first_colour is Colour.BLACK and t.total_rounds == 5
