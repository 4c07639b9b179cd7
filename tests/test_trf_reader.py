"""The one reader of a TRF into the engine's event (issue 23 item 3, issue 30
item 2): ``trf-pair``, ``trf-standings`` and ``import-trf`` read the ``XXB``
player records (club, seed, joins, status, board order) and the system of a
``092``/``192``/``XXB set system`` record the same way (engine/trf.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bianpai.addin import jobs
from bianpai.addin import sheets as S
from bianpai.addin.cli import main
from bianpai.addin.messages import messages_of
from bianpai.engine.model import Bye, ByeKind, Game, GameResult, Player, Round, Tournament
from bianpai.engine.pairing import InputError
from bianpai.engine.trf import STATUS_WORDS, format_trf, parse_trf

W = GameResult.RED_WIN


def four(records: tuple[tuple[str, str], ...] = (), feds: tuple[str, ...] = ("", "", "", "")) -> str:
    """Four players after round 1 (1 beat 3, 2 beat 4): round 2's natural
    pairs are 1–2 and 3–4."""
    players = tuple(Player(i, f"P{i}", 2000 - i, federation=feds[i - 1]) for i in range(1, 5))
    t = Tournament("e", players, (Round(1, (Game(1, 3, W), Game(4, 2, GameResult.BLACK_WIN))),),
                   total_rounds=5, records=records)
    return format_trf(t)


def trf_pair(tmp_path: Path, text: str, *args: str) -> tuple[int, list[str]]:
    src, out = tmp_path / "in.trf", tmp_path / "out.txt"
    src.write_text(text, encoding="utf-8")
    code = main(["trf-pair", str(src), "-p", str(out), *args])
    return code, out.read_text(encoding="utf-8").split("\n")[1:-1] if code == 0 else []


def mates(lines: list[str], clubs: dict[int, str]) -> list[str]:
    return [ln for ln in lines if len(set(clubs.get(int(x), "?") for x in ln.split())) == 1]


CLUBS = (("XXB", "club 1 AA"), ("XXB", "club 2 AA"), ("XXB", "club 3 BB"), ("XXB", "club 4 BB"),
         ("XXB", "set club_rounds 2-5"))


def test_xxb_clubs_are_read_and_trf_pair_keeps_club_mates_apart(tmp_path: Path) -> None:
    t = parse_trf(four(CLUBS))
    assert [p.club for p in t.players] == ["AA", "AA", "BB", "BB"]
    code, lines = trf_pair(tmp_path, four(CLUBS))
    assert code == 0 and len(lines) == 2
    assert mates(lines, {1: "AA", 2: "AA", 3: "BB", 4: "BB"}) == []


def test_a_plain_trf_takes_each_federation_as_club(tmp_path: Path) -> None:
    text = four((("XXB", "set club_rounds 2-5"),), feds=("CHN", "CHN", "HKG", "HKG"))
    assert [p.club for p in parse_trf(text).players] == ["CHN", "CHN", "HKG", "HKG"]
    code, lines = trf_pair(tmp_path, text)
    assert code == 0 and mates(lines, {1: "C", 2: "C", 3: "H", 4: "H"}) == []
    # an XXB club record anywhere: the clubs are the records' (no federation as club)
    assert [p.club for p in parse_trf(four(CLUBS[:1], feds=("CHN",) * 4)).players] == ["AA", "", "", ""]


def test_a_withdrawn_player_gets_no_bye(tmp_path: Path) -> None:
    """Five players, the fifth withdrawn after round 1: round 2 pairs four, no bye."""
    players = tuple(Player(i, f"P{i}", 2000 - i) for i in range(1, 6))
    t = Tournament("e", players, (Round(1, (Game(1, 3, W), Game(4, 2, W)), (Bye(5, ByeKind.PAIRING),)),),
                   total_rounds=5, records=(("XXB", "status 5 withdrawn"),))
    text = format_trf(t)
    back = parse_trf(text)
    assert back.player(5).withdrawn_from == 2 and back.to_pair() == (1, 2, 3, 4)
    code, lines = trf_pair(tmp_path, text)
    assert code == 0 and len(lines) == 2 and all("5" not in ln.split() and "0" not in ln.split()
                                                 for ln in lines)


def test_statuses_seeds_late_entries_and_requests_are_read() -> None:
    t = parse_trf(four((("XXB", "seed 2"), ("XXB", "joins 4 3"), ("XXB", "status 3 half-point bye"),
                        ("XXB", "status 1 退赛 4"))))
    assert t.player(2).seeded and t.player(4).joins_from == 3 and t.player(1).withdrawn_from == 4
    assert [(r, b.player, b.kind) for r, b in t.requests] == [(2, 3, ByeKind.HALF)]


@pytest.mark.parametrize("record, key", [
    ("club 9 AA", "problem.trf_xxb_player"), ("status x withdrawn", "problem.trf_xxb_player"),
    ("status 2 resting", "problem.trf_xxb_record"), ("joins 2 soon", "problem.trf_xxb_record"),
    ("boards x 1", "problem.trf_xxb_record"),
])
def test_an_xxb_record_not_understood_is_refused_naming_its_line(record: str, key: str) -> None:
    text = four((("XXB", record),))
    with pytest.raises(InputError) as e:
        parse_trf(text, "ev.trf")
    assert [p.key for p in e.value.problems] == [key]
    assert e.value.problems[0].where == "ev.trf:2:5"
    assert all(messages_of(e.value, lang) for lang in ("zh", "en"))


def test_the_status_words_are_the_players_sheets() -> None:
    from bianpai.addin import labels as L

    for key in ("status.active", "status.withdrawn", "status.absent", "status.half_bye",
                "status.full_bye", "status.zero_bye"):
        zh, en = L.LABELS[key]
        assert zh in STATUS_WORDS and en in STATUS_WORDS and STATUS_WORDS[zh] == STATUS_WORDS[en]


def test_import_trf_and_trf_pair_read_the_same_event() -> None:
    """import-trf reads the clubs and statuses through the same reader: the
    workbook holds the same players and requests as ``parse_trf`` gives."""
    text = four(CLUBS + (("XXB", "status 3 absent"),))
    t = parse_trf(text)
    values = jobs.apply_values({}, jobs.import_trf(None, text, "en"))
    w = S.read_event(values).tournament
    assert [(p.number, p.club, p.withdrawn_from) for p in w.players] == \
        [(p.number, p.club, p.withdrawn_from) for p in t.players]
    assert w.requests == t.requests
