"""Standings: ranking by points then the listed tie-breaks, shared places,
direct encounter, the crosstable and the colour/float summaries, and the
``bianpai trf-standings`` command.

The small events are those of test_tiebreaks.py (crosstables in their
docstrings); the tie-break values quoted here are derived there.
"""

from __future__ import annotations

import random
import subprocess
from dataclasses import replace

import pytest
from hypothesis import given, settings, strategies as st

from bianpai.engine.history.floats import Float
from bianpai.engine.model import (
    XIANGQI_POINTS, Bye, ByeKind, Colour, Game, GameResult, Player, Round, Tournament,
)
from bianpai.engine.results import InputError
from bianpai.engine.standings.individual import (
    PRESETS, TIEBREAK_CODES, colour_summary, crosstable, describe, float_summary,
    parse_tiebreaks, standings,
)
from bianpai.engine.standings.tiebreaks import TiebreakSettings
from bianpai.engine.formats.trf import format_trf, read_trf

from conftest import ROOT, bianpai_in_process, corpus
from test_tiebreaks import clean_event, random_event, unplayed_event

RW, D, BW = GameResult.RED_WIN, GameResult.DRAW, GameResult.BLACK_WIN


def table(rows) -> list[tuple[str, int]]:
    return [(r.rank_label, r.number) for r in rows]


# ---------------------------------------------------------------------------
# Parsing the list
# ---------------------------------------------------------------------------


def test_codes_cover_tiebreaks_md():
    assert TIEBREAK_CODES == ("BH", "BH-C1", "BH-C2", "BH-M1", "BH-M2", "BH-CUT", "SB", "PS",
                              "PS-C1", "WIN", "BWIN", "BPG", "DE", "ARO", "ARO-C1", "RTG", "KOYA",
                              "FOUL", "PREV", "STD")  # issue 25: 犯规少者, 前轮成绩, C.07 2026 7.7


def test_presets_are_those_of_seed_003():
    """003 §(五): all rated → ARO, ARO-C1; mostly rated → PS, PS-C1, RTG, WIN;
    mostly unrated → Solkoff BH, median BH-M1, cut BH-CUT*."""
    assert {k: PRESETS[k] for k in ("rated", "mostly-rated", "unrated", "round-robin")} == {
        "rated": ("ARO", "ARO-C1"), "mostly-rated": ("PS", "PS-C1", "RTG", "WIN"),
        "unrated": ("BH", "BH-M1", "BH-CUT"),
        "round-robin": ("SB", "DE", "WIN", "KOYA")}  # issue #7: the round robin's list


def test_presets_named_after_their_source():
    """Issue 25: the 2020 xiangqi rules' order, Match BP's, the Asian federation's, FIDE 2026's."""
    assert PRESETS["cxa-2020"] == ("PS", "DE", "WIN", "BPG", "FOUL", "PREV")
    assert PRESETS["match-bp"] == ("BH", "WIN", "FOUL", "BWIN", "BPG")
    assert PRESETS["axf"] == ("BH", "DE", "WIN", "BWIN", "BPG", "FOUL")
    assert PRESETS["fide-2026"] == ("BH-C1", "BH", "DE", "WIN", "BWIN", "STD")
    assert set(PRESETS) == {"cxa-2020", "match-bp", "axf", "fide-2026", "rated", "mostly-rated", "unrated",
                            "round-robin"}


def test_parse_codes_in_order():
    assert parse_tiebreaks("BH,BH-C1,SB") == ("BH", "BH-C1", "SB")
    assert parse_tiebreaks(" bh-c1 、 sb，DE ") == ("BH-C1", "SB", "DE")
    assert parse_tiebreaks("BH-CUT*") == ("BH-CUT",)
    assert parse_tiebreaks("") == ()


def test_parse_preset_names():
    assert parse_tiebreaks("unrated") == ("BH", "BH-M1", "BH-CUT")
    assert parse_tiebreaks("rated,RTG") == ("ARO", "ARO-C1", "RTG")


def test_parse_names_every_bad_code():
    with pytest.raises(InputError) as e:
        parse_tiebreaks("BH,XYZ,SB,BH-C9")
    assert "'XYZ'" in str(e.value) and "'BH-C9'" in str(e.value)


# ---------------------------------------------------------------------------
# Ranking and shared places
# ---------------------------------------------------------------------------


def test_points_only_share_places():
    """Clean event: 1 (5), 2 and 6 (4), 5 (3), 3 and 4 (1).  Nothing listed:
    the level players share 2-3 and 5-6 — never split by number."""
    assert table(standings(clean_event(), ())) == [
        ("1", 1), ("2-3", 2), ("2-3", 6), ("4", 5), ("5-6", 3), ("5-6", 4)]


def test_bh_splits_3_and_4_but_not_2_and_6():
    """BH: 2 and 6 both 9 (still 2-3); 4 has 10, 3 has 8."""
    rows = standings(clean_event(), ("BH",))
    assert table(rows) == [("1", 1), ("2-3", 2), ("2-3", 6), ("4", 5), ("5", 4), ("6", 3)]
    assert [r.values for r in rows] == [(9,), (9,), (9,), (9,), (10,), (8,)]


def test_second_tiebreak_only_splits_the_still_level():
    """BH then SB: 2 (SB 5) before 6 (SB 4)."""
    rows = standings(clean_event(), ("BH", "SB"))
    assert table(rows) == [("1", 1), ("2", 2), ("3", 6), ("4", 5), ("5", 4), ("6", 3)]
    assert rows[1].value("SB") == 5 and rows[2].value("SB") == 4


def test_rank_label_and_fields():
    row = standings(clean_event(), ())[1]
    assert (row.rank, row.rank_to, row.rank_label, row.shared) == (2, 3, "2-3", True)
    assert (row.number, row.name, row.points) == (2, "P2", 4)


def test_de_does_not_apply_when_tied_players_never_met():
    """2 and 6 never met: DE leaves them sharing 2-3; 3 and 4 drew: still 5-6."""
    rows = standings(clean_event(), ("DE",))
    assert table(rows) == [("1", 1), ("2-3", 2), ("2-3", 6), ("4", 5), ("5-6", 3), ("5-6", 4)]
    assert {r.number: r.value("DE") for r in rows} == {1: 0, 2: 0, 6: 0, 5: 0, 3: 1, 4: 1}


def de_event() -> Tournament:
    """Five players, four rounds, 2/1/0.  1, 2 and 3 finish on 4 and all met:
    1 beat 2 and 3, 2 and 3 drew.

    R1: 1–2 1-0, 3–4 draw, 5 pairing bye.   R2: 3–1 0-1, 2–5 draw, 4 pairing bye.
    R3: 2–3 draw, 4–1 1-0, 5 zero bye.       R4: 2–4 1-0, 3–5 1-0, 1 zero bye.
    Points: 1: 2+2+0+0 = 4; 2: 0+1+1+2 = 4; 3: 1+0+1+2 = 4; 4: 1+2+2+0 = 5;
    5: 2+1+0+0 = 3.  Mini-table of {1,2,3}: 1: 4, 2: 1, 3: 1.
    """
    players = tuple(Player(n, f"P{n}") for n in range(1, 6))
    rounds = (
        Round(1, (Game(1, 2, RW), Game(3, 4, D)), (Bye(5, ByeKind.PAIRING),)),
        Round(2, (Game(3, 1, BW), Game(2, 5, D)), (Bye(4, ByeKind.PAIRING),)),
        Round(3, (Game(2, 3, D), Game(4, 1, RW)), (Bye(5, ByeKind.ZERO),)),
        Round(4, (Game(2, 4, RW), Game(3, 5, RW)), (Bye(1, ByeKind.ZERO),)),
    )
    return Tournament("de", players, rounds, total_rounds=4, points=XIANGQI_POINTS)


def test_de_splits_when_all_met_and_reapplies_to_the_rest():
    """C.07 6.2: 1 is first of the three; re-applied to {2, 3}, who drew: they
    share 3-4."""
    rows = standings(de_event(), ("DE",))
    assert table(rows) == [("1", 4), ("2", 1), ("3-4", 2), ("3-4", 3), ("5", 5)]
    assert {r.number: r.value("DE") for r in rows} == {4: 0, 1: 4, 2: 1, 3: 1, 5: 0}


def test_tiebreak_after_de_splits_what_de_left():
    """PS after DE: 2 (0+1+2+4 = 7) and 3 (1+1+2+4 = 8): 3 before 2."""
    rows = standings(de_event(), ("DE", "PS"))
    assert table(rows) == [("1", 4), ("2", 1), ("3", 3), ("4", 2), ("5", 5)]


def test_bh_cut_compares_c1_then_c2():
    """BH-CUT on the clean event: 2 and 6 have (8, 5), equal all the way — they
    share; 3 (7, 4) and 4 (9, 5) split on C1.  The value shown is BH-C1."""
    rows = standings(clean_event(), ("BH-CUT",))
    assert table(rows) == [("1", 1), ("2-3", 2), ("2-3", 6), ("4", 5), ("5", 4), ("6", 3)]
    assert [r.values[0] for r in rows] == [8, 8, 8, 8, 9, 7]


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(["fide", "xiangqi"]))
def test_bh_cut_goes_on_until_the_tie_breaks(seed, mode):
    """Players level on points are ordered by (BH-C1, BH-C2, …) compared in
    turn; a shared place means the whole sequence is equal."""
    from bianpai.engine.standings.tiebreaks import bh_cut, tiebreak_event
    t = random_event(seed, n=12, rounds=6)
    s = TiebreakSettings(mode)
    ev = tiebreak_event(t, s)
    rows = standings(t, ("BH-CUT",), s)
    for a, b in zip(rows, rows[1:], strict=False):
        if a.points == b.points:
            if a.rank == b.rank:
                assert bh_cut(ev, a.number) == bh_cut(ev, b.number)
            else:
                assert bh_cut(ev, a.number) > bh_cut(ev, b.number)


def test_after_round_counts_only_those_rounds():
    """After round 1 of the clean event: winners 1 and 6 (2), drawn 2 and 5 (1),
    losers 3 and 4 (0)."""
    rows = standings(clean_event(), (), after_round=1)
    assert table(rows) == [("1-2", 1), ("1-2", 6), ("3-4", 2), ("3-4", 5), ("5-6", 3), ("5-6", 4)]
    with pytest.raises(InputError, match="after_round=4"):
        standings(clean_event(), (), after_round=4)


def test_unknown_code_in_standings_is_input_error():
    with pytest.raises(InputError, match="'XX'"):
        standings(clean_event(), ("BH", "XX"))


def test_bh_cut_star_alias_in_standings():
    assert standings(clean_event(), ("BH-CUT*",))[0].codes == ("BH-CUT",)


def test_fide_and_xiangqi_conventions_rank_the_unplayed_event():
    """Unplayed event: points decide most places — 1 (3), 5 (2), 4 (1½) —
    and 2 and 3 (½ each) split on BH, 6½ v 5, in both conventions.  1's BH
    differs: 4½ under FIDE (dummy on his own 3 for the forfeit win), 3 under
    the xiangqi convention (the forfeiting 5's plain score 2)."""
    for mode in ("fide", "xiangqi"):
        rows = standings(unplayed_event(), ("BH",), TiebreakSettings(mode))
        assert table(rows) == [("1", 1), ("2", 5), ("3", 4), ("4", 2), ("5", 3)]
    assert standings(unplayed_event(), ("BH",))[0].values == (4.5,)
    assert standings(unplayed_event(), ("BH",), TiebreakSettings("xiangqi"))[0].values == (3,)


# ---------------------------------------------------------------------------
# describe
# ---------------------------------------------------------------------------


def test_describe_every_code_in_one_line():
    for mode in ("fide", "xiangqi"):
        for code in TIEBREAK_CODES:
            text = describe(code, TiebreakSettings(mode))
            assert text and "\n" not in text
    assert "dummy" in describe("BH", TiebreakSettings("fide"))
    assert "lowest final score" in describe("SB", TiebreakSettings("xiangqi"))
    assert "forfeit wins" in describe("WIN", TiebreakSettings(forfeit_wins_count_as_wins=True))
    assert describe("BH-CUT*", TiebreakSettings()) == describe("BH-CUT", TiebreakSettings())
    with pytest.raises(InputError):
        describe("QQ", TiebreakSettings())


# ---------------------------------------------------------------------------
# Properties: ranks, determinism (random events and conformance TRFs)
# ---------------------------------------------------------------------------


def check_ranks(rows, players) -> None:
    """Ranks are 1..N in blocks: a block of k rows shares rank..rank+k-1,
    the next block starts after it; every player appears once."""
    assert sorted(r.number for r in rows) == sorted(players)
    i = 0
    while i < len(rows):
        r = rows[i]
        size = r.rank_to - r.rank + 1
        assert r.rank == i + 1
        block = rows[i:i + size]
        assert len(block) == size
        assert all((b.rank, b.rank_to) == (r.rank, r.rank_to) for b in block)
        assert [b.number for b in block] == sorted(b.number for b in block)
        assert all((b.points, b.values) == (r.points, r.values) for b in block)
        i += size


def check_order(rows, codes) -> None:
    """Points never rise down the table; with scalar codes only, a better place
    means strictly better (points, values) in list order."""
    assert all(a.points >= b.points for a, b in zip(rows, rows[1:], strict=False))
    if "DE" in codes or "BH-CUT" in codes or "PREV" in codes:  # group stage, sequences
        return

    def key(r):  # FOUL: fewer ranks higher
        return (r.points, tuple(-v if c == "FOUL" else v for c, v in zip(r.codes, r.values, strict=True)))

    for a, b in zip(rows, rows[1:], strict=False):
        if a.rank != b.rank:
            assert key(a) > key(b)


ALL_BUT_DE = tuple(c for c in TIEBREAK_CODES if c != "DE")
code_lists = st.lists(st.sampled_from(TIEBREAK_CODES), max_size=5)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6), code_lists, st.sampled_from(["fide", "xiangqi"]))
def test_ranks_are_blocks_on_random_events(seed, codes, mode):
    t = random_event(seed, n=11, rounds=5)
    rows = standings(t, codes, TiebreakSettings(mode))
    check_ranks(rows, range(1, 12))
    check_order(rows, codes)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**6), code_lists)
def test_standings_do_not_depend_on_input_order(seed, codes):
    """Players and games listed in another order give the same standings."""
    t = random_event(seed, n=10, rounds=4)
    rng = random.Random(seed)
    players = list(t.players)
    rng.shuffle(players)
    rounds = []
    for r in t.rounds:
        games = list(r.games)
        rng.shuffle(games)
        rounds.append(replace(r, games=tuple(games), byes=tuple(reversed(r.byes))))
    t2 = replace(t, players=tuple(players), rounds=tuple(rounds))
    assert standings(t, codes) == standings(t2, codes) == standings(t, codes)


def test_conformance_events_rank_in_blocks():
    """Every conformance TRF, every code, both conventions."""
    files = corpus("", "*/*.trf", minimum=273)
    assert len(files) > 200
    for f in files:
        t = read_trf(f)
        for mode in ("fide", "xiangqi"):
            rows = standings(t, TIEBREAK_CODES, TiebreakSettings(mode))
            check_ranks(rows, [p.number for p in t.players])
            check_order(rows, TIEBREAK_CODES)
            rows = standings(t, ALL_BUT_DE[:6], TiebreakSettings(mode))
            check_order(rows, ALL_BUT_DE[:6])


# ---------------------------------------------------------------------------
# Crosstable, colours, floats
# ---------------------------------------------------------------------------


def test_crosstable_of_the_clean_event():
    rows = crosstable(clean_event())
    assert [c.text for c in rows[0].cells] == ["4w1", "6b1", "2w="]
    assert [c.text for c in rows[5].cells] == ["3b1", "1w0", "5b1"]
    assert [r.total for r in rows] == [5, 4, 1, 1, 3, 4]


def test_crosstable_unplayed_cells():
    rows = crosstable(unplayed_event())
    assert [c.text for c in rows[4].cells] == ["U", "2b1", "1b-"]
    assert [c.text for c in rows[2].cells] == ["4b=", "1b0", "-"]
    assert [c.text for c in rows[3].cells] == ["3w=", "H", "2b="]


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**6))
def test_crosstable_is_symmetric(seed):
    """If i met j in round r, j met i in round r with the other colour; totals
    are the sums of the cells."""
    rows = {r.number: r for r in crosstable(random_event(seed))}
    for n, row in rows.items():
        assert row.total == sum(c.points for c in row.cells)
        for c in row.cells:
            if c.opponent is not None:
                back = rows[c.opponent].cells[c.round - 1]
                assert back.opponent == n and back.colour is c.colour.opposite


def test_colour_summary():
    """Player 1: red, black, red → R 2, B 1, d +1, last red once: 多先上先.
    Player 4: black, red, black → 少先上后."""
    rows = colour_summary(clean_event())
    r1, r4 = rows[0], rows[3]
    assert r1.by_round == (Colour.RED, Colour.BLACK, Colour.RED)
    assert (r1.reds, r1.blacks, r1.d, r1.streak, r1.label) == (2, 1, 1, 1, "多先上先")
    assert (r4.reds, r4.blacks, r4.d, r4.label) == (1, 2, -1, "少先上后")
    assert colour_summary(unplayed_event())[3].by_round == (Colour.RED, None, Colour.BLACK)


def test_float_summary():
    """Scores before R2: 1:2 2:1 3:0 4:0 5:1 6:2 — 5 (1) v 3 (0): 5 ↓, 3 ↑;
    4 (0) v 2 (1): 4 ↑, 2 ↓.  Before R3: 1:4 2:3 5:3 6:2 — 1 ↓ 2 ↑, 5 ↓ 6 ↑."""
    rows = {r.number: r for r in float_summary(clean_event())}
    assert rows[5].by_round == (None, Float.DOWN, Float.DOWN)
    assert (rows[5].downs, rows[5].ups, rows[5].down_rounds) == (2, 0, (2, 3))
    assert rows[2].by_round == (None, Float.DOWN, Float.UP)
    assert (rows[2].down_rounds, rows[2].up_rounds) == ((2,), (3,))
    assert rows[3].by_round == (None, Float.UP, None)


# ---------------------------------------------------------------------------
# bianpai trf-standings
# ---------------------------------------------------------------------------


def bianpai(*args: str) -> subprocess.CompletedProcess:
    """The command in this process (its exit code and output are what a
    separate process gives: tests/conftest.bianpai_in_process)."""
    return bianpai_in_process(*args, cwd=ROOT)


@pytest.fixture
def clean_trf(tmp_path):
    p = tmp_path / "clean.trf"
    p.write_text(format_trf(clean_event()), encoding="utf-8", newline="")
    return p


def test_cli_prints_csv(clean_trf):
    r = bianpai("trf-standings", str(clean_trf), "--tiebreaks", "BH,SB")
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines() == [
        "rank,number,points,BH,SB", "1,1,5,9,7", "2,2,4,9,5", "3,6,4,9,4", "4,5,3,9,3",
        "5,4,1,10,0.5", "6,3,1,8,0.5"]


def test_cli_shared_places_and_preset(clean_trf):
    r = bianpai("trf-standings", str(clean_trf), "--tiebreaks", "")
    assert r.stdout.splitlines()[:3] == ["rank,number,points", "1,1,5", "2-3,2,4"]
    r = bianpai("trf-standings", str(clean_trf), "--preset", "unrated")
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines()[0] == "rank,number,points,BH,BH-M1,BH-CUT"


def test_cli_bad_code_exit_3(clean_trf):
    r = bianpai("trf-standings", str(clean_trf), "--tiebreaks", "BH,NOPE")
    assert r.returncode == 3 and "'NOPE'" in r.stderr and r.stdout == ""


def test_cli_bad_round_exit_3(clean_trf):
    r = bianpai("trf-standings", str(clean_trf), "--after-round", "9")
    assert r.returncode == 3 and "after_round 9" in r.stderr


def test_cli_bad_trf_exit_3(tmp_path):
    p = tmp_path / "bad.trf"
    p.write_text("012 bad\n" + "001    1      P1".ljust(91) + "   7 w 1\n", encoding="utf-8")
    r = bianpai("trf-standings", str(p))
    assert r.returncode == 3 and "bad.trf:2" in r.stderr


def test_cli_missing_file_exit_5(tmp_path):
    r = bianpai("trf-standings", str(tmp_path / "nope.trf"))
    assert r.returncode == 5 and "nope.trf" in r.stderr


def test_cli_writes_file_and_xiangqi_convention(tmp_path):
    src = tmp_path / "u.trf"
    src.write_text(format_trf(unplayed_event()), encoding="utf-8", newline="")
    out = tmp_path / "out.csv"
    r = bianpai("trf-standings", str(src), "--tiebreaks", "BH", "--unplayed", "xiangqi",
                "-o", str(out))
    assert r.returncode == 0, r.stderr
    assert out.read_text(encoding="utf-8").splitlines()[1] == "1,1,3,3"


def test_unfinished_game_counts_as_met_without_points():
    """Standings during round 3 of the clean event, 1–2 still playing: 1 has
    4, 2 has 3; 1's BH counts 2 as met (1 + 4 + 3 = 8); DE between them waits
    for the result; 2's black game in progress is not yet in BPG."""
    from bianpai.engine.standings import tiebreaks as tb
    t = clean_event().with_results(3, {1: None})
    ev = tb.tiebreak_event(t)
    assert (ev.score[1], ev.score[2]) == (4, 3)
    assert tb.bh(ev, 1) == 8
    assert tb.de(ev, (1, 2)) is None
    assert tb.bpg(ev, 2) == 1
    assert [c.text for c in crosstable(t)[0].cells] == ["4w1", "6b1", "2w*"]


def _level_pair_event() -> Tournament:
    """Four players, one round: 1 beats 2 and 3 beats 4, both with red — 1 and 3
    are level on every tie-break of ``cxa-2020`` (PS, DE, WIN, BPG, FOUL, PREV)."""
    players = tuple(Player(n, f"P{n}") for n in range(1, 5))
    rounds = (Round(1, (Game(1, 2, GameResult.RED_WIN), Game(3, 4, GameResult.RED_WIN))),)
    return Tournament("level", players, rounds, total_rounds=5, points=XIANGQI_POINTS)


def test_cli_preset_reads_as_the_settings_sheet_reads_it(tmp_path):
    """One reading of a preset (issue 23's rule, a leftover of issue 25): ``--preset cxa-2020``
    does not share places, as a workbook whose Settings name the preset does not (lots after
    PREV), and ``--preset match-bp`` counts a bye as the lowest score (xiangqi), as the
    workbook does; the command line can still say otherwise.  Before: places shared, fide."""
    level = tmp_path / "level.trf"
    level.write_text(format_trf(_level_pair_event()), encoding="utf-8", newline="")
    r = bianpai("trf-standings", str(level), "--preset", "cxa-2020")
    assert r.returncode == 0, r.stderr
    ranks = [line.split(",")[0] for line in r.stdout.splitlines()[1:]]
    assert ranks == ["1", "2", "3", "4"]
    codes = PRESETS["cxa-2020"]
    drawn = standings(_level_pair_event(), codes, TiebreakSettings(), no_shared=True)
    assert [line.split(",")[1] for line in r.stdout.splitlines()[1:]] == [str(x.number) for x in drawn]
    shared = bianpai("trf-standings", str(level), "--preset", "cxa-2020", "--no-shared", "off")
    assert [line.split(",")[0] for line in shared.stdout.splitlines()[1:3]] == ["1-2", "1-2"]

    src = tmp_path / "u.trf"
    src.write_text(format_trf(unplayed_event()), encoding="utf-8", newline="")
    preset = bianpai("trf-standings", str(src), "--preset", "match-bp")
    xiangqi = bianpai("trf-standings", str(src), "--preset", "match-bp", "--unplayed", "xiangqi")
    fide = bianpai("trf-standings", str(src), "--preset", "match-bp", "--unplayed", "fide")
    assert preset.stdout == xiangqi.stdout != fide.stdout
