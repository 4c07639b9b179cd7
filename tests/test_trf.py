"""TRF reading and writing: what is read is written back unchanged."""
import re
from pathlib import Path

import pytest

from dataclasses import replace

from bianpai.engine.model import Bye, ByeKind, Colour, GameResult
from bianpai.addin.workbook.messages import messages_of
from bianpai.engine.results import InputError
from bianpai.engine.formats.trf import format_trf, parse_trf, read_trf

from conftest import CONFORMANCE, corpus

ROUND_TRIP_CORPORA = ("dingwei-v2", "dutch", "dutch-cases", "dutch-features")
"""The corpora whose every file is read and written back unchanged (the
``dutch-features`` cases carry XXP, XXA, 192 Baku, BBW/BBD and 162 lines)."""
FILES = [f for c in ROUND_TRIP_CORPORA for f in corpus(c)]


def _player_lines(text: str) -> list[str]:
    # the rank (columns 86-89) is the writer's own; everything else must match
    return [l.rstrip()[:85] + l.rstrip()[89:] for l in re.split(r"\r\n|\r|\n", text)
            if l.startswith("001")]


def test_corpus_is_there():
    assert len(FILES) >= 270 + 475


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
            "001    1      A                                 2000"
            "                             0.0    1     2 w 1\n"
            "001    2      B                                 2000"
            "                             0.0    2     1 b 1\n"
            "001    3      C                                 20x0"
            "                             0.0    3     9 w 1\n")
    with pytest.raises(InputError) as e:
        parse_trf(text, "ev.trf")
    msgs = messages_of(e.value, "en")
    assert any(m.startswith("ev.trf:4:") and "rating" in m for m in msgs)
    assert any(m.startswith("ev.trf:2:") and "do not agree" in m for m in msgs)
    assert any(m.startswith("ev.trf:4:") and "opponent 9" in m for m in msgs)


def test_xxc_and_colour():
    t = parse_trf("012 x\nXXC black1\nXXR 5\n")
    assert t.first_colour is Colour.BLACK and t.total_rounds == 5


# -- the inputs the reference engine reads beside the rounds -----------------

def _event(*header: str, players: int = 4) -> str:
    lines = ["012 x", "XXR 5", *header]
    lines += [f"001 {n:>4}      P{n}".ljust(48) + f"{2100 - n:>4}" for n in range(1, players + 1)]
    return "\r".join(lines) + "\r"


def test_forbidden_pairs_xxp_and_260():
    t = parse_trf(_event("XXP 1 2 3", "260 002 003    3    4"))
    from bianpai.engine.model import ForbiddenPairs
    assert t.forbidden_pairs == (ForbiddenPairs((1, 2, 3)), ForbiddenPairs((3, 4), 2, 3))
    assert t.forbidden_pairs[1].applies_to(3) and not t.forbidden_pairs[1].applies_to(4)
    assert parse_trf(format_trf(t)) == t


def test_forbidden_pairs_are_an_absolute_criterion():
    from bianpai.engine.systems.dutch import pair
    free = pair(parse_trf(_event()))
    assert (1, 3) in free.pairs() or (3, 1) in free.pairs()  # S1 v S2: 1–3, 2–4
    p = pair(parse_trf(_event("XXP 1 3")))
    assert not {(1, 3), (3, 1)} & set(p.pairs()) and len(p.boards) == 2


def test_accelerations_xxa_250_and_baku():
    xxa = parse_trf(_event("XXA    1  1.0  0.5", "XXA    2  1.0  0.5"))
    r250 = parse_trf(_event("250       1.0 001 001 0001 0002", "250       0.5 002 002 0001 0002"))
    assert xxa.accelerations == r250.accelerations
    assert xxa.accelerations[0].in_round(2) == 0.5 and xxa.accelerations[0].in_round(3) == 0.0
    assert parse_trf(format_trf(xxa)) == xxa
    from bianpai.engine.systems.dutch.players import accelerations
    baku = parse_trf(_event("192 FIDE_DUTCH_2025_BAKU", players=5).replace("XXR 5", "XXR 9"))
    assert baku.acceleration_method == "baku"
    # 9 rounds: rounds 1–5 accelerated (1–3 a win, 4–5 a draw), for the first ⌈5/2⌉ = 3 players
    assert accelerations(baku) == {n: (10, 10, 10, 5, 5) for n in (1, 2, 3)}
    assert parse_trf(format_trf(baku)) == baku


def test_point_values_bb_and_162():
    t = parse_trf(_event("BBW  3.0", "BBD  1.0", "BBL  0.5", "BBZ  0.2", "BBF  0.1", "BBU  2.0"))
    p = t.points
    assert (p.win, p.draw, p.loss, p.zero_bye, p.forfeit_loss, p.bye) == (3.0, 1.0, 0.5, 0.2, 0.1, 2.0)
    assert (p.forfeit_win, p.full_bye, p.half_bye) == (3.0, 3.0, 1.0)
    assert parse_trf(format_trf(t)) == t
    q = parse_trf(_event("162  W 2.0    D 1.0    L 0.0    A 0.5    P 1.5")).points
    assert (q.win, q.draw, q.zero_bye, q.forfeit_loss, q.bye) == (2.0, 1.0, 0.5, 0.5, 1.5)


def test_initial_colour_152_and_bye_records_240():
    t = parse_trf(_event("152 B", "240 H 001    2    4", "240 Z 001    3"))
    assert t.first_colour is Colour.BLACK
    assert dict((b.player, b.kind) for _, b in t.requests) == {
        2: ByeKind.HALF, 4: ByeKind.HALF, 3: ByeKind.ZERO}
    assert t.to_pair() == (1,)


def test_240_records_of_a_paired_round_say_again_what_its_column_says():
    """The reference reads a 240 record only for the round to pair; for a paired
    round it must agree with the player's column (a H there), else it is refused."""
    played = parse_trf(_event("152 W"))
    from bianpai.engine.model import Game, GameResult, Round

    r1 = Round(1, (Game(1, 2, GameResult.RED_WIN),), (Bye(3, ByeKind.HALF), Bye(4, ByeKind.ZERO)))
    text = format_trf(replace(played, rounds=(r1,)))
    lines = text.split("\r")
    again = "\r".join(lines[:2] + ["240 H 001    3", "240 Z 001    4"] + lines[2:])
    assert parse_trf(again).rounds == (r1,)
    wrong = "\r".join(lines[:2] + ["240 H 001    1"] + lines[2:])
    with pytest.raises(InputError) as e:
        parse_trf(wrong, "ev.trf")
    (msg,) = messages_of(e.value, "en")
    assert msg == "ev.trf:3:1: 240 record: round 1 is paired, and player 1's record of it is not a H bye"


@pytest.mark.parametrize("line, says", [
    ("XYZ something", "not understood"), ("299 W  1.0", "abnormal"),
    ("192 FIDE_BURSTEIN", "not supported"), ("162 X 1.0", "X"),
    ("152 R", "W or B"), ("250 01.0 01.0 001 002 0001 0002", "team events"), ("240 Q 001    1", "F, H or Z"),
    ("XXP 1 9", "9 is not a player"), ("XXR0", "blank"),
])
def test_a_record_not_understood_is_refused_naming_its_line(line: str, says: str):
    with pytest.raises(InputError) as e:
        parse_trf(_event(line), "ev.trf")
    msgs = messages_of(e.value, "en")  # structured problems, worded from the zh/en table
    assert all(p.line == 3 for p in e.value.problems if p.where.startswith("ev.trf:3:"))
    assert any(m.startswith("ev.trf:3:") and says in m for m in msgs), msgs


def test_an_empty_file_is_refused():
    with pytest.raises(InputError) as e:
        parse_trf("", "ev.trf")
    assert list(map(str, e.value.problems))[0].startswith("ev.trf:1:1: ")


def test_both_players_with_one_colour_is_refused():
    text = ("012 x\r" + "001    1      A".ljust(48) + "2000".ljust(43) + "   2 w 1\r"
            + "001    2      B".ljust(48) + "2000".ljust(43) + "   1 w 0\r")
    with pytest.raises(InputError) as e:
        parse_trf(text, "ev.trf")
    msgs = messages_of(e.value, "en")
    assert any("both have colour 'w'" in m and m.startswith("ev.trf:2:97:") for m in msgs)


def test_team_records_are_kept_for_the_team_reader_and_refused_by_dutch():
    from bianpai.engine.systems.dutch import pair
    from bianpai.engine.formats.trf import team_records
    t = parse_trf(_event("013 Team A                            1    2"))
    assert team_records(t) == ("013",) and parse_trf(format_trf(t)) == t
    with pytest.raises(InputError) as e:
        pair(t)
    assert "team" in list(map(str, e.value.problems))[0]


def test_problems_are_structured_with_their_line_and_worded_in_both_languages():
    """Issue 12: every problem of a TRF at once, each a key of the zh/en table
    with its line (and ``file:line:column``), worded by the workbook layer."""
    text = "012 x\nXXR abc\nXYZ what\n" + "001    1      A".ljust(48) + "20x0\n"
    with pytest.raises(InputError) as e:
        parse_trf(text, "ev.trf")
    got = [(p.key, p.line) for p in e.value.problems]
    assert got == [("problem.trf_not_number", 2), ("problem.trf_unknown_record", 3),
                   ("problem.trf_field_number", 4)]
    zh = messages_of(e.value, "zh")
    assert zh[0].startswith("ev.trf:2:1: ") and "总轮数 'abc' 不是数字" in zh[0]
    assert messages_of(e.value, "en")[2] == "ev.trf:4:49: rating '20x0' (columns 49-52) is not a number"
