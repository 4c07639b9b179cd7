"""定位编排法, worked examples (dingwei.md §2–§8), each derived by hand.

Notation in the docstrings: ``5-6 1-0`` is a game, red first (5 red, won);
``7 U`` a pairing bye.  After a round, a player's colour history is written
as the arbiter's cards do: 平先上先 (d = 0, last red), 少先上后 (d < 0, last
black) and so on.  A bracket's rows are written ``red row | black row``
(要先行 | 要后行), each in urgency order (§2): score, |d|, aligned streak,
then the number — ascending in odd rounds, descending in even rounds.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from bianpai.engine import dingwei
from bianpai.engine.colours import (
    RULE_AVOID_THREE, RULE_FEWER_REDS, RULE_HIGH_SCORE, RULE_NUMBER_SUM, RULE_STREAK,
    allocate_colours, colour_state,
)
from bianpai.engine.model import Bye, ByeKind, Colour, Game, GameResult, Player, Round, Tournament
from bianpai.engine.pairing import InputError, PairingError, pair_next_round
from bianpai.engine.round1 import (
    ADJACENT_NUMBERS, FIRST_LAST, HALF_CROSS, RANDOM, ROUND1_OPTION, ROUND1_SEED_OPTION,
    round1_pairs,
)

R, B = Colour.RED, Colour.BLACK
RESULTS = {"1-0": GameResult.RED_WIN, "0-1": GameResult.BLACK_WIN, "=": GameResult.DRAW,
           "+-": GameResult.RED_FORFEIT_WIN, "-+": GameResult.BLACK_FORFEIT_WIN,
           "--": GameResult.DOUBLE_FORFEIT, "*": None}


def event(n: int, *rounds: str, total: int = 7, options: tuple[tuple[str, str], ...] = (),
          clubs: str = "", requests: tuple[tuple[int, Bye], ...] = ()) -> Tournament:
    """An event of ``n`` players and the given rounds, e.g. ``"1-2 1-0, 4-3 =, 5 U"``
    (``*``: no result yet; ``U H F Z -``: byes and absence).  ``clubs``: one
    letter per player."""
    players = tuple(Player(i, f"P{i}", club=clubs[i - 1] if clubs else "") for i in range(1, n + 1))
    rs = []
    for k, text in enumerate(rounds, start=1):
        games, byes = [], []
        for item in text.split(","):
            a, b = item.split()
            if "-" in a:
                red, black = a.split("-")
                games.append(Game(int(red), int(black), RESULTS[b]))
            else:
                byes.append(Bye(int(a), ByeKind(b)))
        rs.append(Round(k, tuple(games), tuple(byes)))
    return Tournament("example", players, tuple(rs), total_rounds=total, options=options,
                      requests=requests)


def boards(p) -> list[tuple[int, int, str]]:
    return [(b.red, b.black, b.step) for b in p.boards]


# ---------------------------------------------------------------------------
# §3 Round 1
# ---------------------------------------------------------------------------


def test_round1_adjacent_numbers() -> None:
    """近号配对: board b pairs 2b−1 and 2b; odd boards the smaller number is red,
    even boards the larger: 1—2, 4—3, 5—6, 8—7."""
    p = dingwei.pair(event(8))
    assert p.pairs() == [(1, 2), (4, 3), (5, 6), (8, 7)]
    assert p.bye is None
    assert [b.step for b in p.boards] == ["近号配对"] * 4
    assert [b.colour_rule for b in p.boards] == ["§3 单号台次小号先走", "§3 双号台次大号先走"] * 2


def test_round1_odd_number_of_players_highest_number_gets_the_bye() -> None:
    """Seven players: 7 (the highest number) has the bye, the rest 1—2, 4—3, 5—6;
    the bye is shown after the boards."""
    p = dingwei.pair(event(7))
    assert p.pairs() == [(1, 2), (4, 3), (5, 6)]
    assert p.bye == 7


def test_round1_absent_players_are_skipped_by_position() -> None:
    """3 is absent: present 1 2 4 5 6 7 8 (odd, so 8 has the bye).  By position:
    1st–2nd = 1—2, 4th–3rd = 5—4 (even board: larger red), 5th–6th = 6—7."""
    t = event(8, requests=((1, Bye(3, ByeKind.ABSENT)),))
    p = dingwei.pair(t)
    assert p.pairs() == [(1, 2), (5, 4), (6, 7)]
    assert p.bye == 8


@pytest.mark.parametrize("method, expected", [
    (FIRST_LAST, [(1, 8), (7, 2), (3, 6), (5, 4)]),  # 首尾配对: 1v8 2v7 3v6 4v5
    (HALF_CROSS, [(1, 5), (6, 2), (3, 7), (8, 4)]),  # 对半交叉: 1v5 2v6 3v7 4v8
    ("首尾配对", [(1, 8), (7, 2), (3, 6), (5, 4)]),  # the Chinese name works too
])
def test_round1_other_methods(method: str, expected: list[tuple[int, int]]) -> None:
    """首尾配对 and 对半交叉 with eight players; colours alternate by board as in
    近号配对 (odd boards the smaller number red)."""
    p = dingwei.pair(event(8, options=((ROUND1_OPTION, method),)))
    assert p.pairs() == expected


def test_round1_random_draw_is_seeded_and_recorded() -> None:
    """随机配对: the same seed gives the same draw; the seed is in the notes."""
    t = event(10, options=((ROUND1_OPTION, RANDOM), (ROUND1_SEED_OPTION, "42")))
    p, again = dingwei.pair(t), dingwei.pair(t)
    assert p.pairs() == again.pairs()
    assert sorted(n for pair in p.pairs() for n in pair) == list(range(1, 11))
    assert any("seed = 42" in note for note in p.notes)
    other = dingwei.pair(event(10, options=((ROUND1_OPTION, RANDOM), (ROUND1_SEED_OPTION, "43"))))
    assert other.pairs() != p.pairs()
    unseeded = dingwei.pair(event(10, options=((ROUND1_OPTION, RANDOM),)))
    assert any("seed =" in note for note in unseeded.notes)  # a default seed, recorded
    assert round1_pairs(range(1, 11), RANDOM, 42)[0] == round1_pairs(range(1, 11), RANDOM, 42)[0]


def test_round1_black1_swaps_the_colours() -> None:
    """TRF ``XXC black1``: player 1 is black in round 1, so every board turns."""
    t = replace(event(4), first_colour=Colour.BLACK)
    assert dingwei.pair(t).pairs() == [(2, 1), (3, 4)]


def test_round1_unknown_method_is_an_input_error() -> None:
    with pytest.raises(InputError, match="problem.round1_method"):
        dingwei.pair(event(4, options=((ROUND1_OPTION, "alphabetical"),)))


# ---------------------------------------------------------------------------
# §2 rows, §4 同位 / 错位, §6.3
# ---------------------------------------------------------------------------

ALL_DRAWN = "1-2 =, 4-3 =, 5-6 =, 8-7 ="


def test_rows_in_an_even_round_put_larger_numbers_first() -> None:
    """Round 1 all drawn: everyone has 1 point.  The round-1 reds 1 4 5 8 are
    多先上先 (d +1) and want black; the blacks 2 3 6 7 are 少先上后 (d −1) and
    want red.  All keys are equal (|d| 1, aligned streak 1) but the number, and round 2 is
    even (双轮次大号在前): red row 7 6 3 2 | black row 8 5 4 1."""
    p = dingwei.pair(event(8, ALL_DRAWN))
    (layout,) = p.brackets
    assert layout.score == 1
    assert layout.red_row == (7, 6, 3, 2)
    assert layout.black_row == (8, 5, 4, 1)


def test_same_and_shifted_position() -> None:
    """Same event.  The 先编者 is 8 (first by number in an even round).  The head
    of the other row is 7, but 8 met 7: 错位, he takes 6.  Next 先编者 7 takes
    the head of the black row, 5 (同位).  Then 4: the red row's head 3 met him
    (错位: 2); last 3 takes 1 (同位).  Every player gets his wanted colour, so
    §5 has nothing to improve.  Colours §6.2: the 少先 player (d −1) is red:
    6, 7, 2 and 3."""
    p = dingwei.pair(event(8, ALL_DRAWN))
    assert boards(p) == [(6, 8, "错位"), (7, 5, "同位"), (2, 4, "错位"), (3, 1, "同位")]
    assert {b.colour_rule for b in p.boards} == {RULE_FEWER_REDS}


def test_same_row_pairing() -> None:
    """Round 1: 1-2 1-0, 4-3 1-0, 5-6 =, 8-7 =.  Round 2 (even: larger numbers first).
    2 points {1, 4}, both 多先上先 (want black): red row empty | black row 4 1.
    Both are passed over (no opponent in the other row) and pair in their own
    row (同行).  §6: equal d and t, not late (round 2 of 7), 1 + 4 = 5 odd →
    the smaller number red: 1—4 (§6.5).
    1 point: red row 7 6 | black row 8 5.  8 met 7 → 错位 6 (6 red, §6.2: d −1);
    7 takes 5 (同位; 7 red, §6.2).
    0 points: red row 3 2: 3 (少先, a strong want) takes the weakest of his row
    first — here the only one, 2 (同行); 2 + 3 odd → 2 red (§6.5)."""
    p = dingwei.pair(event(8, "1-2 1-0, 4-3 1-0, 5-6 =, 8-7 ="))
    assert boards(p) == [(1, 4, "同行"), (6, 8, "错位"), (7, 5, "同位"), (2, 3, "同行")]
    assert [b.colour_rule for b in p.boards] == [
        RULE_NUMBER_SUM, RULE_FEWER_REDS, RULE_FEWER_REDS, RULE_NUMBER_SUM]


def test_same_row_strong_want_takes_the_weakest_first() -> None:
    """Round 1 (as given): 1-5 1-0, 2-6 1-0, 3-7 1-0, 4-8 1-0.  Round 2 (even).
    2 points: 1 2 3 4 are all 多先上先 — a strong want — in the black row 4 3 2 1.
    No one is in the red row: all are passed over, then 同行: 4 takes the
    weakest of his row first, read bottom-up: 1; then 3 takes 2.  Every same-row
    pair leaves one player without his wanted colour, so §5 cannot choose and the
    §4 order stands.  §6.5: 1 + 4 and 2 + 3 are odd, the smaller number red.
    0 points: 5 6 7 8 are 少先上后 (strong) in the red row 8 7 6 5: 8—5, 7—6;
    5 and 6 red (odd sums)."""
    p = dingwei.pair(event(8, "1-5 1-0, 2-6 1-0, 3-7 1-0, 4-8 1-0"))
    assert boards(p) == [(1, 4, "同行"), (2, 3, "同行"), (5, 8, "同行"), (6, 7, "同行")]


def test_same_row_weak_want_takes_the_strongest_first() -> None:
    """Round 1: 5-1 0-1, 6-2 0-1, 7-3 0-1, 8-4 0-1; round 2: 1-6 1-0, 2-5 1-0, 3-8 1-0,
    4-7 1-0.  Before round 3 (odd: smaller numbers first) 1 2 3 4 have 4 points
    and are 平先上先 (后 then 先: d 0, last red) — a weak want — in the black row
    1 2 3 4.  同行: 1 takes the strongest of his row first, read top-down: 2; then
    3—4.  §6.5 (round 3 of 7 is not late): odd sums, the smaller number red.
    0 points: 5 6 7 8 are 平先上后 (weak) in the red row: 5—6, 7—8."""
    p = dingwei.pair(event(8, "5-1 0-1, 6-2 0-1, 7-3 0-1, 8-4 0-1",
                           "1-6 1-0, 2-5 1-0, 3-8 1-0, 4-7 1-0"))
    assert boards(p) == [(1, 2, "同行"), (3, 4, "同行"), (5, 6, "同行"), (7, 8, "同行")]


def test_passed_over_player_and_the_next_chooser() -> None:
    """通行: in the final-round example below, 1 and 4 (red row) met both 2 and
    3 of the black row, so each is passed over in turn; 5, the next 先编者,
    takes 2 — a 通行 pair."""
    p = dingwei.pair(event(7, *FINAL, total=3))
    assert (5, 2, "通行") in boards(p)


# ---------------------------------------------------------------------------
# 先编者 with a floater, 下调, and the bye (§4, §7)
# ---------------------------------------------------------------------------


def test_floater_chooses_first_and_lowest_group_gets_the_bye() -> None:
    """Round 1: 1-2 1-0, 4-3 1-0, 5 U.  Round 2, five players, so a bye.
    2 points {1, 4, 5}: 1 and 4 are 多先上先 (want black); 5 has no colour yet and
    joins the shorter row, the red row: 5 | 4 1.  先编者 4 (|d| 1, aligned
    streak 1, larger number in an even round) takes 5 (同位); 5 is red (§6.2:
    d 0 < 1).  1 is left and floats down (下调).
    The bye goes to the lowest group (0 points: 2 and 3, no bye yet).  Bracket 0:
    1 (floated, 2 points, first) | red row 3 2.  1 met 2, so 1 takes 3; 3 is red
    (§6.2).  2 is left over: the bye."""
    p = dingwei.pair(event(5, "1-2 1-0, 4-3 1-0, 5 U"))
    assert boards(p) == [(5, 4, "同位"), (3, 1, "下调")]
    assert p.bye == 2
    top, low = p.brackets
    assert (top.red_row, top.black_row) == ((5,), (4, 1))
    assert (low.red_row, low.black_row, low.floaters) == ((3, 2), (1,), (1,))


def test_late_entrant_joins_the_shorter_row() -> None:
    """Round 1: 1-2 1-0, 3-4 1-0; player 5 enters from round 2 (no colour, no want).
    2 points: 3 1, both 多先上先 (strong), black row 3 1: 同行, 3 takes the
    bottom of his row, 1; 1 + 3 even → the larger number red: 3—1 (§6.5).
    0 points: 2 and 4 want red (red row 4 2); 5 joins the shorter row, the black
    row.  先编者 4 takes 5 (同位); 4 (少先) red, §6.2.  2 is left over: the bye
    (2—4 would cost one of them his wanted colour)."""
    t = event(5, "1-2 1-0, 3-4 1-0, 5 -")
    t = replace(t, players=t.players[:4] + (replace(t.players[4], joins_from=2),))
    p = dingwei.pair(t)
    assert boards(p) == [(3, 1, "同行"), (4, 5, "同位")]
    assert p.bye == 2
    assert (p.brackets[1].red_row, p.brackets[1].black_row) == ((4, 2), (5,))


def test_bye_never_twice_to_one_player() -> None:
    """Round 1: 1-2 0-1, 3 U.  Round 2: 2-3 0-1, 1 U.  Scores: 3: 4, 1: 2, 2: 2.
    The lowest group {1, 2}: 1 has had the bye, so 2 takes it; 3 floats down and
    meets 1 (he met 2).  3 (少先上后) is red against 1 (多先上先), §6.2."""
    p = dingwei.pair(event(3, "1-2 0-1, 3 U", "2-3 0-1, 1 U"))
    assert boards(p) == [(3, 1, "下调")]
    assert p.bye == 2


# ---------------------------------------------------------------------------
# §5 拆对 and the final round
# ---------------------------------------------------------------------------

BROKEN = ("1-2 0-1, 4-3 =, 5-6 1-0, 7 U", "2-5 0-1, 7-4 0-1, 3-1 0-1, 6 U")


def test_breaking_a_pair_so_that_the_round_completes() -> None:
    """Seven players, round 3 of 5.  Scores: 5: 4; 4: 3; 6 7 1 2: 2; 3: 1.
    The bye: the lowest group is {3} (no bye yet, and 5 4 6 7 1 2 can be
    paired), so every bracket above must pair out completely.
    4 points: 5 alone floats.  3 points: 5 | 4 → 5—4 (下调); 5 and 4 are both
    平先上后 with d 0, t +1; round 3 ≥ 5 − 2, so §6.4: the higher score (5)
    has his want, red.
    2 points: red row 6 1 | black row 7 2 (odd round, smaller number first;
    6 and 7 have |d| 1).  先编者 6 would take 7 (同位), but then 1 and 2 are
    left, who met in round 1: 2 would float to the 1-point group and 3 could not
    have the bye.  So the pair is broken (拆对): 6 takes 2 instead, and 1 takes
    7 (同位).  Colours §6.2: 6 (少先) red v 2 (平先); 1 (平先) red v 7 (多先)."""
    p = dingwei.pair(event(7, *BROKEN, total=5))
    assert boards(p) == [(5, 4, "下调"), (6, 2, "拆对"), (1, 7, "同位")]
    assert [b.colour_rule for b in p.boards] == [RULE_HIGH_SCORE, RULE_FEWER_REDS, RULE_FEWER_REDS]
    assert p.bye == 3


FINAL = ("1-2 =, 4-3 =, 5-6 1-0, 7 U", "7-5 1-0, 2-4 =, 3-1 =, 6 U")


def test_final_round_does_not_choose_pairs_by_colour() -> None:
    """Seven players before round 3.  7 has 4 points, the other six 2 (6 has had
    the bye).  Bracket 2: 7 floats in; red row 6 1 4 5 | black row 7 2 3.
    In the final round (3 of 3) colours do not choose pairs (000 4(10)): the
    §4 order stands.  7 takes 6 (§6.2: 6 red); 1 met 2 and 3, so does 4: both
    are passed over (通行); 5 takes 2 (§6.3: 5 上后 red); 3 has no one left in
    the red row and floats; 1 and 4 pair in their row (同行; 1 + 4 odd, 1 red);
    3, of the lowest group, takes the bye.
    With four rounds planned, 1—4 would put one of them on an unwanted colour,
    so §5 criterion 4 breaks 7—6: 7 takes 1 instead, and all get their wants:
    6—2, 5—3, bye 4."""
    last = dingwei.pair(event(7, *FINAL, total=3))
    assert boards(last) == [(6, 7, "下调"), (5, 2, "通行"), (1, 4, "同行")]
    assert last.bye == 3
    earlier = dingwei.pair(event(7, *FINAL, total=4))
    assert earlier.pairs() == [(1, 7), (6, 2), (5, 3)]
    assert earlier.bye == 4


# ---------------------------------------------------------------------------
# §6 colours within a pair
# ---------------------------------------------------------------------------


def test_colour_rule_1_avoids_three_in_a_row() -> None:
    """a = 后后后先先 (d −1, two reds running), b = 先后先 (d +1).  §6.2 alone
    would give a red, but that is a third red in a row; b red makes no such
    case: b red (§6.1)."""
    a, b = colour_state([B, B, B, R, R]), colour_state([R, B, R])
    assert allocate_colours(a, b, 1, 2, 0, 0, 4, 7) == (2, 1, RULE_AVOID_THREE)


def test_colour_rule_2_fewer_reds_first() -> None:
    """少先 v 多先: 少先 red (001 §4 (1))."""
    assert allocate_colours(colour_state([R]), colour_state([B]), 1, 2, 0, 0, 2, 7) == (2, 1, RULE_FEWER_REDS)


def test_colour_rule_3_larger_t() -> None:
    """平先上后 (t = +1) v 平先上先 (t = −1): 上后 red (001 §4 (7))."""
    a, b = colour_state([R, B]), colour_state([B, R])
    assert allocate_colours(a, b, 1, 2, 0, 0, 3, 7) == (1, 2, RULE_STREAK)


def test_colour_rule_4_lower_score_yields_from_the_third_last_round() -> None:
    """Two 平先上后 (both want red): from round 5 of 7 (≥ 7 − 2) the higher
    score (player 2, 6 points) has his want; in round 4 it goes to §6.5:
    1 + 2 = 3 odd, smaller number red."""
    s = colour_state([R, B])
    assert allocate_colours(s, s, 1, 2, 4, 6, 5, 7) == (2, 1, RULE_HIGH_SCORE)
    assert allocate_colours(s, s, 1, 2, 4, 6, 4, 7) == (1, 2, RULE_NUMBER_SUM)


def test_colour_rule_5_sum_of_numbers() -> None:
    """Everything equal: 3 + 5 = 8 even → the larger number red; 3 + 4 odd →
    the smaller."""
    s = colour_state([R, B])
    assert allocate_colours(s, s, 3, 5, 2, 2, 2, 7)[:2] == (5, 3)
    assert allocate_colours(s, s, 3, 4, 2, 2, 2, 7)[:2] == (3, 4)


def test_high_score_first_setting() -> None:
    """a = 后后先 (少先, d −1, 2 points), b = 先后 (平先上后, d 0, 4 points), round 5
    of 7.  Both want red.  By default §6.2 decides: a red.  With the ``000``
    reading (低分服从高分 before the colour history) b, the higher score, is red."""
    a, b = colour_state([B, B, R]), colour_state([R, B])
    assert allocate_colours(a, b, 1, 2, 2, 4, 5, 7) == (1, 2, RULE_FEWER_REDS)
    assert allocate_colours(a, b, 1, 2, 2, 4, 5, 7, high_score_first=True) == (2, 1, RULE_HIGH_SCORE)


# ---------------------------------------------------------------------------
# Settings: 同单位回避, provisional results (§8)
# ---------------------------------------------------------------------------


def test_same_club_avoidance() -> None:
    """Round 1: 1-2 1-0, 4-3 1-0; clubs A B B A.  Without avoidance, 1 and 4
    pair in their row and so do 2 and 3.  With 同单位回避, 1 and 4 (club A) may
    not meet: both float to 0 points, where 1 met 2, so 1—3 and 4—2."""
    plain = dingwei.pair(event(4, "1-2 1-0, 4-3 1-0", clubs="ABBA"))
    assert sorted(map(sorted, plain.pairs())) == [[1, 4], [2, 3]]
    avoid = dingwei.pair(event(4, "1-2 1-0, 4-3 1-0", clubs="ABBA",
                               options=((dingwei.AVOID_CLUB_OPTION, "all"),)))
    assert sorted(map(sorted, avoid.pairs())) == [[1, 3], [2, 4]]
    later = dingwei.pair(event(4, "1-2 1-0, 4-3 1-0", clubs="ABBA",
                               options=((dingwei.AVOID_CLUB_OPTION, "3-5"),)))
    assert sorted(map(sorted, later.pairs())) == [[1, 4], [2, 3]]  # not in round 2


def test_provisional_pairing_counts_unfinished_games_as_draws() -> None:
    """Round 1: 1-2 1-0, 4-3 still playing.  Without the setting: an input error
    naming the game.  With it, 4 and 3 count 1 point each: 1 (2 points) floats
    to them, takes 3 (4 met 3; §6.2: 3 red); 4 floats to 0 points and meets 2
    (2 red, §6.2).  The notes say so and list the game."""
    t = event(4, "1-2 1-0, 4-3 *")
    with pytest.raises(InputError, match="problem.unfinished_last .*round=1.*red=4, black=3"):
        dingwei.pair(t)
    p = dingwei.pair(replace(t, options=((dingwei.PROVISIONAL_OPTION, "on"),)))
    assert p.pairs() == [(3, 1), (2, 4)]
    assert any("provisional" in n and "4–3" in n for n in p.notes)


def test_an_earlier_provisional_game_still_counts_as_a_draw() -> None:
    """Round 2 was paired with 4–3 (round 1) counted as a draw and marked so in
    round 1 (``Round.provisional``).  Its result is still missing when round 3 is
    paired: it counts as a draw again, and the notes say so.  An unfinished
    game that was never marked is an input error, setting or not."""
    t = event(4, "1-2 1-0, 4-3 *", "3-1 =, 2-4 =")
    marked = replace(t, rounds=(replace(t.rounds[0], provisional=(4,)), t.rounds[1]))
    p = dingwei.pair(marked)
    assert len(p.pairs()) == 2
    assert any("round 1: 4–3" in n for n in p.notes)
    for options in ((), ((dingwei.PROVISIONAL_OPTION, "on"),)):
        with pytest.raises(InputError, match="problem.unfinished .*round=1.*red=4, black=3"):
            dingwei.pair(replace(t, options=options))


# ---------------------------------------------------------------------------
# No pairing
# ---------------------------------------------------------------------------


def test_everyone_has_met_everyone() -> None:
    """Four players after a full round robin: no fourth round exists."""
    t = event(4, "1-2 =, 3-4 =", "1-3 =, 2-4 =", "1-4 =, 2-3 =")
    with pytest.raises(PairingError, match="rematch"):
        dingwei.pair(t)


def test_no_one_may_take_the_bye() -> None:
    """Three players, each has had the bye and met the other two."""
    t = event(3, "1-2 =, 3 U", "2-3 =, 1 U", "1-3 =, 2 U")
    with pytest.raises(PairingError, match="bye"):
        dingwei.pair(t)


def test_registered_as_a_system() -> None:
    t = event(8, ALL_DRAWN)
    assert pair_next_round(t, "dingwei").pairs() == dingwei.pair(t).pairs()
