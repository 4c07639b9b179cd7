"""The one reader of a TRF into the engine's event (issue 23 item 3, issue 30
item 2): ``trf-pair``, ``trf-standings`` and ``import-trf`` read the ``XXB``
player records (club, seed, joins, status, board order) and the system of a
``092``/``192``/``XXB set system`` record the same way (engine/formats/trf.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bianpai.addin.jobs import api as jobs
from bianpai.addin.workbook import sheets as S
from bianpai.addin.cli.app import main
from bianpai.addin.workbook.messages import messages_of
from bianpai.engine.model import Bye, ByeKind, Game, GameResult, Player, Round, Tournament
from bianpai.engine.results import InputError
from bianpai.engine.formats.trf import format_trf, parse_trf

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
    from bianpai.addin.workbook import words as L
    from bianpai.engine.formats.trf import STATUS_WORDS

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


# -- issue 30 item 2: the system of a TRF (092 / 192 / XXB set system) --------------------------

F = GameResult.RED_FORFEIT_WIN


def rematch_after_forfeit(*records: tuple[str, str]) -> str:
    """Round 1: 1 wins 2 by forfeit; round 2: 1 and 2 play over the board.
    Under FIDE rules that is their first game; under 定位编排 their second meeting."""
    players = tuple(Player(i, f"P{i}", 2000 - i) for i in range(1, 7))
    rounds = (Round(1, (Game(1, 2, F), Game(3, 4, W), Game(5, 6, W))),
              Round(2, (Game(2, 1, W), Game(3, 5, W), Game(6, 4, W))))
    return format_trf(Tournament("e", players, rounds, total_rounds=5, records=records))


def test_092_fide_dutch_gives_the_system() -> None:
    assert parse_trf(rematch_after_forfeit(("092", "FIDE_DUTCH_2025"))).system == "dutch"
    assert parse_trf(rematch_after_forfeit(("192", "FIDE_DUTCH_2025"))).system == "dutch"
    assert parse_trf(rematch_after_forfeit(("092", "Individual: Swiss-System"))).system == "dingwei"


def test_import_trf_of_a_dutch_trf_takes_its_system_and_check_accepts_it() -> None:
    text = rematch_after_forfeit(("092", "FIDE_DUTCH_2025"))
    values = jobs.apply_values({}, jobs.import_trf(None, text, "zh"))
    assert S.read_event(values).tournament.system == "dutch"
    done = jobs.check(values)
    assert done.problems == ()


def test_import_trf_refuses_what_its_system_cannot_hold_naming_the_line() -> None:
    """The same rounds as 定位编排 (no system line): a rematch, refused at
    player 2's 001 record (line 5), round 2's block (column 102); nothing written."""
    from bianpai.addin.workbook.messages import WorkbookInputError

    text = rematch_after_forfeit()
    with pytest.raises(WorkbookInputError) as e:
        jobs.import_trf(None, text, "en", "ev.trf")
    assert [p.key for p in e.value.problems] == ["problem.rematch"]
    assert e.value.problems[0].where == "ev.trf:5:102"
    assert "ev.trf:5:102" in e.value.messages[0]


def test_a_system_line_and_an_xxb_system_that_disagree_are_refused() -> None:
    text = rematch_after_forfeit(("092", "FIDE_DUTCH_2025"), ("XXB", "set system dingwei"))
    with pytest.raises(InputError) as e:
        parse_trf(text, "ev.trf")
    assert [(p.key, p.where) for p in e.value.problems] == [("problem.trf_systems_differ", "ev.trf:3:1")]


def test_a_fide_type_bianpai_cannot_pair_is_refused_naming_its_line() -> None:
    with pytest.raises(InputError) as e:
        parse_trf(rematch_after_forfeit(("092", "FIDE_BURSTEIN_2025")), "ev.trf")
    assert [(p.key, p.where) for p in e.value.problems] == [("problem.trf_type", "ev.trf:2:1")]


# -- issue 23 item 4: trf-pair of a TRF-2026 team file pairs the teams ----------------------------


def test_trf_pair_fide_team_pairs_the_teams_of_a_team_file(tmp_path: Path) -> None:
    """Six teams of four boards after three rounds: the output names teams
    (1–6), as the team-level tournament pairs them — not the 24+ players."""
    from bianpai.engine.results import pairing_output
    from bianpai.engine.simulate.team import play_team_event
    from bianpai.engine.teams.projection import pair_team_round
    from bianpai.engine.formats.trf_team import format_team_trf, parse_team_trf

    ev = play_team_event(6, 4, 7, "fide-team", 5, upto=3, reserve_rate=0.2)
    text = format_team_trf(ev)
    code, lines = trf_pair(tmp_path, text, "--system", "fide-team")
    assert code == 0
    assert {int(x) for ln in lines for x in ln.split()} <= set(range(0, 7))
    want = pairing_output(pair_team_round(parse_team_trf(text), "fide-team").pairing)
    assert (tmp_path / "out.txt").read_text(encoding="utf-8") == want


def test_trf_pair_fide_team_refuses_a_trf_of_players_naming_why(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    code, _ = trf_pair(tmp_path, four(), "--system", "fide-team")
    assert code == 3
    err = capsys.readouterr().err
    assert "in.trf:4:1: " in err and "no team records" in err


# -- a round paired on a provisional draw (pair --provisional) -----------------------------------


def _provisional_event(mark: bool) -> str:
    """Round 1's game 3–4 unfinished; round 2 was paired on it counted as a draw."""
    players = tuple(Player(i, f"P{i}", 2000 - i) for i in range(1, 7))
    rounds = (Round(1, (Game(1, 2, W), Game(3, 4), Game(5, 6, W))),
              Round(2, (Game(1, 5, W), Game(3, 6, W), Game(4, 2, W))))
    records = (("XXB", "provisional 1 3"),) if mark else ()
    return format_trf(Tournament("e", players, rounds, total_rounds=5, records=records))


def test_xxb_provisional_marks_the_games_counted_as_draws(tmp_path: Path) -> None:
    """``export-trf`` writes the marks of a round paired provisionally
    (``XXB provisional 1 3``); the reader gives them back, so ``trf-pair``
    pairs round 3 as the workbook does (without them: refused, unfinished)."""
    assert parse_trf(_provisional_event(True)).rounds[0].provisional == (3,)
    code, lines = trf_pair(tmp_path, _provisional_event(True))
    assert code == 0 and len(lines) == 3
    assert trf_pair(tmp_path, _provisional_event(False))[0] == 3


def test_trf_pair_provisional_counts_the_last_rounds_unfinished_games_as_draws(tmp_path: Path) -> None:
    players = tuple(Player(i, f"P{i}", 2000 - i) for i in range(1, 5))
    text = format_trf(Tournament("e", players, (Round(1, (Game(1, 3, W), Game(4, 2))),), total_rounds=5))
    assert trf_pair(tmp_path, text)[0] == 3
    code, lines = trf_pair(tmp_path, text, "--provisional")
    assert code == 0 and len(lines) == 2


def test_the_dutch_system_does_not_import_the_trf_reader() -> None:
    """The Dutch system asks whether it was given a team event through
    engine/records.py, not the TRF reader (the engine's dependencies point
    from the reader to the systems, never back)."""
    import subprocess
    import sys

    code = "import sys, bianpai.engine.systems.dutch; print('bianpai.engine.formats.trf' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.stdout.strip() == "False", done.stderr


def test_export_trf_refuses_a_workbook_that_check_refuses() -> None:
    """Player 1 marked 退赛 1 after playing round 1: ``pair`` and ``check``
    refuse the workbook (a withdrawn player paired); ``export-trf`` refuses it
    too, naming the cell, instead of writing a TRF the other routes pair."""
    from bianpai.addin.workbook.messages import WorkbookInputError

    from workbook_helpers import enter_results, event, pair, players_sheet

    values = enter_results(pair(event(6)), 1)
    rows = values[players_sheet(values)]
    row = next(r for r in rows[S.PLAYERS_HEADER_ROW:] if r and S.as_int(r[0]) == 1)
    row[5] = "退赛 1"
    with pytest.raises(WorkbookInputError) as e:
        jobs.export_trf(values)
    assert [p.key for p in e.value.problems] == ["problem.withdrawn_paired"]
    assert e.value.messages[0].startswith("第1轮!")


def test_a_team_file_keeps_withdrawn_teams_and_requested_team_byes() -> None:
    """``XXB team T withdrawn K`` / ``XXB team T absent K``: without them the
    TRF-2026 file paired a withdrawn team, or one that asked for a bye."""
    from dataclasses import replace

    from bianpai.engine.teams.model import TeamBye
    from bianpai.engine.simulate.team import play_team_event
    from bianpai.engine.formats.trf_team import format_team_trf, parse_team_trf

    ev = play_team_event(7, 4, 7, "dingwei", 3, upto=2)
    teams = tuple(replace(x, withdrawn_from=3) if x.number == 2 else x for x in ev.teams)
    ev = replace(ev, teams=teams, requests=((3, TeamBye(5, ByeKind.ABSENT)), (4, TeamBye(6, ByeKind.ZERO))))
    text = format_team_trf(ev)
    assert "XXB team 2 withdrawn 3" in text and "XXB team 5 absent 3" in text
    back = parse_team_trf(text)
    assert back.team(2).withdrawn_from == 3 and back.requests == ev.requests
    with pytest.raises(InputError) as e:
        parse_team_trf(text.replace("XXB team 5 absent 3", "XXB team 5 resting 3"), "ev.trf")
    assert [p.key for p in e.value.problems] == ["problem.trf_xxb_record"]


def test_byes_asked_for_later_rounds_are_written_for_their_rounds() -> None:
    """Only the next round has a column; byes asked for later rounds are
    ``240`` records (an absence: ``XXB status N absent K``).  A second column
    was written before, and read back as the next round's requests."""
    from bianpai.engine.model import Bye

    players = tuple(Player(i, f"P{i}") for i in range(1, 6))
    t = Tournament("e", players, (Round(1, (Game(1, 2, W), Game(3, 4, GameResult.DRAW)),
                                           (Bye(5, ByeKind.PAIRING),)),),
                   requests=((2, Bye(1, ByeKind.HALF)), (3, Bye(2, ByeKind.HALF)),
                             (3, Bye(4, ByeKind.ABSENT)), (4, Bye(3, ByeKind.ZERO))))
    back = parse_trf(format_trf(t))
    assert sorted(back.requests, key=str) == sorted(t.requests, key=str)
    assert back.to_pair() == (2, 3, 4, 5)


def test_trf_standings_reads_through_the_same_reader(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    """``trf-standings`` refuses the XXB record ``trf-pair`` and ``import-trf``
    refuse (it read the TRF its own way before: the record passed unread)."""
    src = tmp_path / "in.trf"
    src.write_text(four((("XXB", "club 9 AA"),)), encoding="utf-8")
    assert main(["trf-standings", str(src)]) == 3
    assert "in.trf:2:5: " in capsys.readouterr().err
    src.write_text(four(CLUBS), encoding="utf-8")
    assert main(["trf-standings", str(src), "-o", str(tmp_path / "s.csv")]) == 0


def test_match_records_without_team_records_are_refused_naming_the_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A ``300`` match record with no ``310``/``013`` team: trf-pair cannot
    pair teams it does not know, and says where (it said only the file)."""
    code, _ = trf_pair(tmp_path, four((("300", "  1   1   2    1    3"),)))
    assert code == 3
    assert "in.trf:2:1: " in capsys.readouterr().err
