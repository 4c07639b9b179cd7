"""Issue 25: ranking as xiangqi events do — worked examples an arbiter can check by hand.

Every event here is small: four players level on points (1–4), each of whom
plays one-off opponents ("fillers", numbered from 100) unless a test says
otherwise, so that direct encounter does not apply and the step under test is
the one that decides.  Points are xiangqi 2/1/0.
"""

from __future__ import annotations

import random

from bianpai.engine.standings import tiebreaks as tb
from bianpai.engine.model import (
    CHESS_POINTS, Bye, ByeKind, Game, GameResult, Player, Round, Tournament,
)
from bianpai.engine.standings.individual import (
    PRESET_AUTO_WITHDRAW, PRESET_NO_SHARED, PRESET_UNPLAYED, PRESETS, STEP_LOTS, default_lots_seed, standings,
)
from bianpai.engine.standings.tiebreaks import TiebreakSettings, tiebreak_event

RW, D, BW = GameResult.RED_WIN, GameResult.DRAW, GameResult.BLACK_WIN
CXA = PRESETS["cxa-2020"]


def event(specs: list[str], fouls: dict[int, int] | None = None, name: str = "t") -> Tournament:
    """Player i (1..4) plays, round by round, ``specs[i-1]`` — ``rw`` red win,
    ``bd`` black draw, ``rl`` red loss … — each game against a filler who
    plays that one game only (100 + 10·i + round)."""
    rows = [s.split() for s in specs]
    n_rounds = len(rows[0])
    rounds = []
    for k in range(n_rounds):
        games = []
        for i, row in enumerate(rows, start=1):
            colour, result = row[k][0], row[k][1]
            f = 100 + 10 * i + k + 1
            if colour == "r":
                games.append(Game(i, f, {"w": RW, "d": D, "l": BW}[result]))
            else:
                games.append(Game(f, i, {"w": BW, "d": D, "l": RW}[result]))
        rounds.append(Round(k + 1, tuple(games)))
    players = [Player(i, f"P{i}", fouls=(fouls or {}).get(i, 0)) for i in range(1, len(rows) + 1)]
    players += [Player(100 + 10 * i + k + 1, f"F{i}{k + 1}") for i in range(1, len(rows) + 1)
                for k in range(n_rounds)]
    return Tournament(name, tuple(players), tuple(rounds), total_rounds=n_rounds)


def tied(rows) -> list[tuple[int, int, str]]:
    """(place, number, step that decided it) of the four tied players, top first."""
    return [(r.rank, r.number, r.decided_by) for r in rows if r.number < 100]


# -- the presets --------------------------------------------------------------------------------


def test_cxa_2020_is_the_2020_rules_order_without_shared_places_and_two_forfeits():
    """积分 → 累进分 → 直胜 → 胜局多者 → 后手局多者 → 犯规少者 → 前轮成绩;
    录取名次不并列; 连续两轮弃权不再编排."""
    assert CXA == ("PS", "DE", "WIN", "BPG", "FOUL", "PREV")
    assert PRESET_NO_SHARED == {"cxa-2020": True}
    assert PRESET_AUTO_WITHDRAW == {"cxa-2020": 2}
    assert PRESET_UNPLAYED["match-bp"] == "xiangqi"  # Match BP: a bye counts the lowest score
    assert PRESET_UNPLAYED["fide-2026"] == "fide-2026"


# -- cxa-2020: a 4-way tie broken by each step ----------------------------------------------------


def test_cxa_progressive_score_decides():
    """All on 4 points after 3 rounds.  Running scores: 1 w w l → 2, 4, 4 = 10;
    2 w l w → 2, 2, 4 = 8; 3 d d w → 1, 2, 4 = 7; 4 l w w → 0, 2, 4 = 6."""
    t = event(["rw rw rl", "rw rl rw", "rd rd rw", "rl rw rw"])
    rows = standings(t, CXA, no_shared=True)
    assert tied(rows)[:4] == [(1, 1, "PS"), (2, 2, "PS"), (3, 3, "PS"), (4, 4, "PS")]
    assert [r.value("PS") for r in rows[:4]] == [10, 8, 7, 6]


def test_cxa_direct_encounter_decides_within_a_progressive_tie():
    """The four meet each other in rounds 2–4 (round 1 against fillers, all won):

    ===  ==========  ==========  ==========  ======  ==================
    No.  R2          R3          R4          points  running, PS
    ===  ==========  ==========  ==========  ======  ==================
    1    2 red W     4 black L   3 red D     5       2 4 4 5 = 15
    2    1 black L   3 red D     4 black W   5       2 2 3 5 = 12
    3    4 red D     2 black D   1 black D   5       2 3 4 5 = 14
    4    3 black D   1 red W     2 red L     5       2 3 5 5 = 15
    ===  ==========  ==========  ==========  ======  ==================

    PS puts 1 and 4 (15) over 3 (14) over 2 (12); between 1 and 4 direct
    encounter: 4 beat 1 in round 3, so 4 is first."""
    players = tuple(Player(i, f"P{i}") for i in range(1, 5)) + \
        tuple(Player(100 + i, f"F{i}") for i in range(1, 5))
    rounds = (Round(1, tuple(Game(i, 100 + i, RW) for i in range(1, 5))),
              Round(2, (Game(1, 2, RW), Game(3, 4, D))),
              Round(3, (Game(4, 1, RW), Game(2, 3, D))),
              Round(4, (Game(1, 3, D), Game(4, 2, BW))))
    t = Tournament("de", players, rounds, total_rounds=4)
    rows = standings(t, CXA, no_shared=True)
    assert tied(rows) == [(1, 4, "DE"), (2, 1, "DE"), (3, 3, "PS"), (4, 2, "PS")]
    assert [r.value("DE") for r in rows[:2]] == [2, 0]  # the mini-table of 1 and 4


def test_cxa_wins_then_previous_rounds_then_lots():
    """All on 4 points and PS 10 after 4 rounds (all red):
    1 w l l w (2 2 2 4), 2 d d d d (1 2 3 4), 3 l w w l (0 2 4 4), 4 d d d d.
    Wins: 1 and 3 have 2, 2 and 4 none.  Black games, fouls: all 0.  Previous
    rounds (score after round 3, 2, 1): 3 (4, 2, 0) over 1 (2, 2, 2); 2 and 4
    (3, 2, 1) stay level — lots decide."""
    t = event(["rw rl rl rw", "rd rd rd rd", "rl rw rw rl", "rd rd rd rd"])
    rows = standings(t, CXA, no_shared=True, lots_seed=7)
    top = tied(rows)
    assert top[:2] == [(1, 3, "PREV"), (2, 1, "PREV")]
    assert {n for _, n, _ in top[2:]} == {2, 4} and [d for _, _, d in top[2:]] == ["LOTS", "LOTS"]
    assert [r.value("WIN") for r in rows[:4]] == [2, 2, 0, 0]
    assert [r.value("PREV") for r in rows[:2]] == [4, 2]  # shown: the score after the round before


def test_cxa_black_games_decide():
    """All draw four games (4 points, PS 10, no wins); with black: 1 in three
    games, 2 in two, 3 in one, 4 in none."""
    t = event(["bd bd bd rd", "bd bd rd rd", "bd rd rd rd", "rd rd rd rd"])
    rows = standings(t, CXA, no_shared=True)
    assert tied(rows) == [(1, 1, "BPG"), (2, 2, "BPG"), (3, 3, "BPG"), (4, 4, "BPG")]
    assert [r.value("BPG") for r in rows[:4]] == [3, 2, 1, 0]


def test_cxa_fewer_fouls_rank_higher():
    """Everything level (two red draws each); fouls 1: 3, 2: 0, 3: 2, 4: 1 → 2, 4, 3, 1."""
    t = event(["rd rd"] * 4, fouls={1: 3, 2: 0, 3: 2, 4: 1})
    rows = standings(t, CXA, no_shared=True)
    assert tied(rows) == [(1, 2, "FOUL"), (2, 4, "FOUL"), (3, 3, "FOUL"), (4, 1, "FOUL")]
    assert [r.value("FOUL") for r in rows[:4]] == [0, 1, 2, 3]  # the count is shown, fewer first
    assert tb.foul(tiebreak_event(t), 1) == 3


def test_lots_are_drawn_from_the_recorded_seed():
    """Four identical records: lots decide.  The order is the players by number
    shuffled by Python's Random(seed) — the same seed, the same order, on
    every machine; with no seed the event's own (a CRC-32 of its name and
    numbers) is used and can be printed."""
    t = event(["rd rd"] * 4)
    by_seed = {}
    for seed in (1, 2, 3, 4, 5):
        rows = standings(t, CXA, no_shared=True, lots_seed=seed)
        by_seed[seed] = [n for _, n, _ in tied(rows)]
        assert [d for _, _, d in tied(rows)] == [STEP_LOTS] * 4
        assert [r.rank for r in rows[:4]] == [1, 2, 3, 4]
        # reproducible by hand: the tied group, 1..4 plus the fillers level with them, shuffled
        assert standings(t, CXA, no_shared=True, lots_seed=seed) == rows
    expected = sorted(n for n in tiebreak_event(t).score if tiebreak_event(t).score[n] == 2)
    random.Random(1).shuffle(expected)
    assert by_seed[1] == [n for n in expected if n < 100]
    assert len({tuple(v) for v in by_seed.values()}) > 1  # the seed matters
    assert standings(t, CXA, no_shared=True) == standings(t, CXA, no_shared=True,
                                                          lots_seed=default_lots_seed(t))


def test_without_no_shared_places_are_shared():
    t = event(["rd rd"] * 4)
    rows = standings(t, CXA)
    assert {r.rank_label for r in rows if r.number < 100} == {"1-4"}
    assert {r.decided_by for r in rows} == {""}


def test_a_playoff_result_decides_before_the_lots():
    t = event(["rd rd"] * 4)
    rows = standings(t, CXA, no_shared=True, lots_seed=1, playoff={3: 2, 1: 1})
    assert tied(rows)[:2] == [(1, 3, "PLAYOFF"), (2, 1, "PLAYOFF")]


# -- match-bp ------------------------------------------------------------------------------------


def test_match_bp_order():
    """All on 4 points after 3 rounds; every BH 6 − 4 = 2 (each filler scored
    what the player did not).  Wins: 1 (rw rw rl), 2 (rl rw rw), 4 (bw bw bl)
    two, 3 (rd rd rw) one.  Fouls: 1 has one.  Wins with black: 4 two, 2 none.
    → 4, 2, 1, 3."""
    t = event(["rw rw rl", "rl rw rw", "rd rd rw", "bw bw bl"], fouls={1: 1})
    rows = standings(t, PRESETS["match-bp"], TiebreakSettings(unplayed="xiangqi"))
    assert [r.value("BH") for r in rows if r.number < 100] == [2, 2, 2, 2]
    assert tied(rows) == [(1, 4, "BWIN"), (2, 2, "BWIN"), (3, 1, "FOUL"), (4, 3, "WIN")]


# -- issue item 8: what BH-M1 computes with an unplayed round -------------------------------------


def unplayed_event() -> Tournament:
    """As tests/test_tiebreaks.py: five players, three rounds, 1/½/0; player 5
    had the pairing bye in round 1, beat 2 (½ point) in round 2, and lost by
    forfeit to 1 in round 3."""
    players = tuple(Player(n, f"P{n}", withdrawn_from=3 if n == 3 else None) for n in range(1, 6))
    rounds = (
        Round(1, (Game(1, 2, RW), Game(4, 3, D)), (Bye(5, ByeKind.PAIRING),)),
        Round(2, (Game(1, 3, RW), Game(2, 5, BW)), (Bye(4, ByeKind.HALF),)),
        Round(3, (Game(1, 5, GameResult.RED_FORFEIT_WIN), Game(2, 4, D)), (Bye(3, ByeKind.ABSENT),)),
    )
    return Tournament("unplayed", players, rounds, total_rounds=3, points=CHESS_POINTS)


def test_bh_m1_cuts_the_unplayed_round_first_and_the_words_say_so():
    """Player 5's values: the bye's dummy 2 (his own score), 2's ½, the forfeit
    loss's dummy 2 (a voluntarily unplayed round).  FIDE cuts the unplayed
    round's value first, then the highest: ½ is left.  "Without the highest
    and the lowest" read literally would leave 2 — so the words on the sheet
    say the unplayed round goes first (addin/workbook/sheets/standings.py legend)."""
    from bianpai.addin.workbook.sheets.standings import legend

    ev = tiebreak_event(unplayed_event())
    assert tb.bh_m1(ev, 5) == 0.5
    plain = sorted(c.value for c in ev.contributions[5])
    assert sum(plain[1:-1]) == 2  # the number the old words gave
    assert "先去掉这些轮次的值" in legend("BH-M1", "zh", "fide")
    assert "cut first" in legend("BH-M1", "en", "fide")
    assert "先去掉" not in legend("BH-M1", "zh", "xiangqi")  # the xiangqi convention cuts plain values


# -- fide-2026: the dummy caps (Art. 16.4) --------------------------------------------------------


def test_fide_2026_caps_the_dummy():
    """Player 1 won by forfeit against 5 in round 3: his dummy is his own 3
    points in the 2023 text, capped at 5's adjusted score 2 in the 2026 text —
    BH 0.5 + 1 + 3 = 4.5 becomes 3.5.  Player 5's pairing bye: own 2, capped
    at a draw × 3 rounds = 1.5; his forfeit loss: own 2, under 1's 3 — BH
    2 + 0.5 + 2 = 4.5 becomes 4."""
    t = unplayed_event()
    old = tiebreak_event(t, TiebreakSettings(unplayed="fide"))
    new = tiebreak_event(t, TiebreakSettings(unplayed="fide-2026"))
    assert (tb.bh(old, 1), tb.bh(new, 1)) == (4.5, 3.5)
    assert (tb.bh(old, 5), tb.bh(new, 5)) == (4.5, 4.0)
    assert tb.bh(old, 4) == tb.bh(new, 4)  # the half-point bye: own 1.5 is the cap itself


def test_standard_points():
    """C.07 2026 7.7: 1 w l l w → 2; 2 d d d d → 2 (four halves); a pairing bye
    (2 points, more than a draw's 1) counts 1."""
    t = event(["rw rl rl rw", "rd rd rd rd", "rl rw rw rl", "rd rd rd rd"])
    ev = tiebreak_event(t)
    assert [tb.std(ev, n) for n in (1, 2, 3, 4)] == [2, 2, 2, 2]
    t2 = Tournament("b", (Player(1, "a"), Player(2, "b"), Player(3, "c")),
                    (Round(1, (Game(1, 2, D),), (Bye(3, ByeKind.PAIRING),)),), total_rounds=1)
    ev2 = tiebreak_event(t2)
    assert [tb.std(ev2, n) for n in (1, 2, 3)] == [0.5, 0.5, 1.0]


# -- colour-dependent points ------------------------------------------------------------------------


def test_colour_dependent_draws_change_a_rank_and_the_pairing_score():
    """Round 1: 1 (red) draws 2 (black); 3 (red) loses to 4 (black).  In 2/1/0
    1 and 2 share 2nd–3rd on 1 point; in Match BP's 3:1:0:3:2:0 black's draw
    is worth 2 — 2 is second, 1 third.  The score the next round is paired on
    is the same sum (history)."""
    from bianpai.engine.model import XIANGQI_POINTS, history, scheme_points

    rounds = (Round(1, (Game(1, 2, D), Game(3, 4, BW))),)
    players = tuple(Player(n, f"P{n}") for n in range(1, 5))
    plain = Tournament("c", players, rounds, total_rounds=3)
    bp = Tournament("c", players, rounds, total_rounds=3, points=scheme_points("match-bp", XIANGQI_POINTS))
    assert [(r.rank_label, r.number, r.points) for r in standings(plain, ("BH",))] == [
        ("1", 4, 2), ("2-3", 1, 1), ("2-3", 2, 1), ("4", 3, 0)]
    assert [(r.rank_label, r.number, r.points) for r in standings(bp, ("BH",))] == [
        ("1", 4, 3), ("2", 2, 2), ("3", 1, 1), ("4", 3, 0)]
    assert {n: h.score for n, h in history(bp, before_round=2).items()} == {1: 1, 2: 2, 3: 0, 4: 3}
    assert bp.points.by_colour and not plain.points.by_colour
    # 先和1分，后和1.5分
    half = Tournament("c", players, rounds, total_rounds=3,
                      points=scheme_points("black-draw-1.5", XIANGQI_POINTS))
    assert {n: h.score for n, h in history(half).items()} == {1: 1, 2: 1.5, 3: 0, 4: 2}


# -- automatic withdrawal after forfeits in a row ------------------------------------------------


def test_forfeits_in_a_row_not_absences():
    """1 forfeits rounds 2 and 3 (two in a row); 2 forfeits round 1 and 3 (not in a
    row); 3 is absent by request in round 2 and forfeits round 3 (an absence is
    no forfeit); 4 forfeits both rounds 2–3 of a double forfeit with 1."""
    from bianpai.engine.withdrawal import forfeit_streak, forfeit_withdrawals

    RF, FF = GameResult.RED_FORFEIT_WIN, GameResult.DOUBLE_FORFEIT
    players = tuple(Player(n, f"P{n}") for n in range(1, 7))
    rounds = (
        Round(1, (Game(1, 3, D), Game(5, 2, RF), Game(4, 6, D))),
        Round(2, (Game(5, 1, RF), Game(6, 4, RF)), (Bye(3, ByeKind.ABSENT), Bye(2, ByeKind.PAIRING))),
        Round(3, (Game(1, 4, FF), Game(6, 2, RF), Game(5, 3, RF))),
    )
    t = Tournament("w", players, rounds, total_rounds=5)
    assert [forfeit_streak(t, n) for n in range(1, 7)] == [2, 1, 1, 2, 0, 0]
    assert forfeit_withdrawals(t, 2) == (1, 4)
    assert forfeit_withdrawals(t, 0) == ()
    assert forfeit_withdrawals(t, 1) == (1, 2, 3, 4)


# -- club totals and prize groups ---------------------------------------------------------------------


def _rows(points: list[float]):
    """Standings rows for players 1..n with these points, all places distinct
    except equal points (shared), in that order."""
    from bianpai.engine.standings.individual import StandingRow

    out = []
    i = 0
    while i < len(points):
        j = i
        while j + 1 < len(points) and points[j + 1] == points[i]:
            j += 1
        out += [StandingRow(i + 1, j + 1, n + 1, f"P{n + 1}", points[n], ()) for n in range(i, j + 1)]
        i = j + 1
    return out


def test_club_totals_by_points_and_by_places():
    """Places 1..7 with points 10, 9, 8, 7, 6, 5, 4.  Clubs: A = 1, 4, 6; B = 2, 3, 7; C = 5.
    Best 2 by points: A 10+7 = 17, B 9+8 = 17 — level: A's best place 1 beats B's 2 —
    then C (one player, short) last.  Best 2 by places: B 2+3 = 5 before A 1+4 = 5?
    level again: A's best place 1 first."""
    from bianpai.engine.standings.prizes import CLUB_PLACES, CLUB_POINTS, club_totals, parse_club_totals

    rows = _rows([10, 9, 8, 7, 6, 5, 4])
    clubs = {1: "A", 4: "A", 6: "A", 2: "B", 3: "B", 7: "B", 5: "C"}
    by_points = club_totals(rows, clubs, CLUB_POINTS, 2)
    assert [(c.rank, c.club, c.total, c.counted, c.complete) for c in by_points] == [
        (1, "A", 17, (1, 4), True), (2, "B", 17, (2, 3), True), (3, "C", 6, (5,), False)]
    by_places = club_totals(rows, clubs, CLUB_PLACES, 2)
    assert [(c.rank, c.club, c.total) for c in by_places] == [(1, "A", 5), (2, "B", 5), (3, "C", 5)]
    clubs3 = {1: "A", 4: "A", 2: "B", 3: "B", 5: "C", 6: "C"}
    assert [(c.club, c.total) for c in club_totals(rows, clubs3, CLUB_PLACES, 2)] == [
        ("A", 5), ("B", 5), ("C", 11)]
    assert parse_club_totals("积分 4") == (CLUB_POINTS, 4)
    assert parse_club_totals("名次和3") == (CLUB_PLACES, 3)
    assert parse_club_totals("") is None


def test_prize_groups_keep_the_overall_order_and_shared_places():
    """Overall: 1, 2–3 (shared), 4, 5.  少年组 = 2, 3, 5: group places 1–2 (shared:
    2 and 3 share their overall place), then 3.  女子组 = 1, 4: 1 and 2."""
    from bianpai.engine.standings.prizes import group_standings, parse_prize_places

    rows = _rows([5, 4, 4, 3, 2])
    groups = {2: "少年组", 3: "少年组", 5: "少年组", 1: "女子组", 4: "女子组"}
    got = group_standings(rows, groups)
    assert list(got) == ["女子组", "少年组"]
    assert [(g.rank_label, g.number, g.overall.rank_label) for g in got["少年组"]] == [
        ("1-2", 2, "2-3"), ("1-2", 3, "2-3"), ("3", 5, "5")]
    assert [(g.rank, g.number) for g in got["女子组"]] == [(1, 1), (2, 4)]
    assert parse_prize_places("女子组 3, 少年组 6") == (None, {"女子组": 3, "少年组": 6})
    assert parse_prize_places("6") == (6, {})
