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

from bianpai.addin.workbook.messages import wording  # the engine's records, worded as the workbook shows them
from bianpai.engine.systems.chinese import dingwei
from bianpai.engine.systems.chinese.colours import (
    RULE_AVOID_THREE, RULE_FEWER_REDS, RULE_HIGH_SCORE, RULE_NUMBER_SUM, RULE_STREAK,
    allocate_colours, seed_reading, seed_rule_of,
)
from bianpai.engine.history.colours import colour_state
from bianpai.engine.model import Bye, ByeKind, Colour, Game, GameResult, Player, Round, Tournament
from bianpai.engine.results import InputError, PairingError
from bianpai.engine.registry import pair_next_round
from bianpai.engine.systems.round1 import (
    FIRST_LAST, HALF_CROSS, RANDOM,
    round1_pairs,
)
from bianpai.engine.rules import AVOID_CLUB, AVOID_CLUB_STRENGTH, DEFAULT_RULES, ROUND1, Rules, parse_rules

R, B = Colour.RED, Colour.BLACK
RESULTS = {"1-0": GameResult.RED_WIN, "0-1": GameResult.BLACK_WIN, "=": GameResult.DRAW,
           "+-": GameResult.RED_FORFEIT_WIN, "-+": GameResult.BLACK_FORFEIT_WIN,
           "--": GameResult.DOUBLE_FORFEIT, "*": None}


def event(n: int, *rounds: str, total: int = 7, rules: Rules = DEFAULT_RULES,
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
    return Tournament("example", players, tuple(rs), total_rounds=total, rules=rules,
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
    p = dingwei.pair(event(8, rules=parse_rules([(ROUND1, method)], 7)))
    assert p.pairs() == expected


def test_round1_random_draw_is_seeded_and_recorded() -> None:
    """随机配对: the same seed gives the same draw; the seed is in the notes."""
    t = event(10, rules=Rules(round1=RANDOM, round1_seed=42))
    p, again = dingwei.pair(t), dingwei.pair(t)
    assert p.pairs() == again.pairs()
    assert sorted(n for pair in p.pairs() for n in pair) == list(range(1, 11))
    assert any(n.key == "xp.note.seed" and n.arg("seed") == 42 for n in p.notes)
    other = dingwei.pair(event(10, rules=Rules(round1=RANDOM, round1_seed=43)))
    assert other.pairs() != p.pairs()
    unseeded = dingwei.pair(event(10, rules=Rules(round1=RANDOM)))
    assert any(n.key == "xp.note.seed" for n in unseeded.notes)  # a default seed, recorded
    assert round1_pairs(range(1, 11), RANDOM, 42)[0] == round1_pairs(range(1, 11), RANDOM, 42)[0]


def test_round1_black1_swaps_the_colours() -> None:
    """TRF ``XXC black1``: player 1 is black in round 1, so every board turns."""
    t = replace(event(4), first_colour=Colour.BLACK)
    assert dingwei.pair(t).pairs() == [(2, 1), (3, 4)]


def test_round1_unknown_method_is_an_input_error() -> None:
    with pytest.raises(InputError, match="problem.round1_method"):
        parse_rules([(ROUND1, "alphabetical")], 7)


# ---------------------------------------------------------------------------
# §2 rows, §4 同位 / 错位, §6.3
# ---------------------------------------------------------------------------

ALL_DRAWN = "1-2 =, 4-3 =, 5-6 =, 8-7 ="


def test_rows_in_an_even_round_put_larger_numbers_first() -> None:
    """Round 1 all drawn: everyone has 1 point.  The round-1 reds 1 4 5 8 are
    多先上先 (d +1) and want black; the blacks 2 3 6 7 are 少先上后 (d −1) and
    want red.  All keys are equal (|d| 1; a single 上先/上后 is no 连, key 3 is 0) but
    the number, and round 2 is
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


def test_same_row_strong_want_takes_the_nearest_card_below() -> None:
    """Round 1 (as given): 1-5 1-0, 2-6 1-0, 3-7 1-0, 4-8 1-0.  Round 2 (even).
    2 points: 1 2 3 4 are all 多先上先 — a strong want — in the black row 4 3 2 1.
    No one is in the red row: all are passed over, then 同行.  A strong want
    takes the weakest category first (no colour, 上, 连, 多); here every card is
    多, so 4 takes the nearest card below him, 3 (向下按序号临近); then 2 takes 1.
    Every same-row pair leaves one player without his wanted colour, so breaking
    pairs cannot do better and the order stands.  Colours (8): 3 + 4 and 1 + 2
    are odd, the smaller number red.
    0 points: 5 6 7 8 are 少先上后 (strong) in the red row 8 7 6 5: 8—7, 6—5;
    7 and 5 red (odd sums)."""
    p = dingwei.pair(event(8, "1-5 1-0, 2-6 1-0, 3-7 1-0, 4-8 1-0"))
    assert boards(p) == [(3, 4, "同行"), (1, 2, "同行"), (7, 8, "同行"), (5, 6, "同行")]


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


PASSED = ("1-2 0-1, 4-3 1-0, 5-6 =", "6-1 =, 2-4 0-1, 3-5 1-0", "5-1 =, 2-3 =, 4-6 =")


def test_passed_over_player_and_the_next_chooser() -> None:
    """Six players, round 4 of 5 (2/1/0).  Before it: 4: 5 points (先后先,
    多先上先); 2: 3 (后先先, 多先连先); 3: 3 (后先后, 少先上后); 6: 3 (后先后,
    少先上后); 1: 2 (先后后, 少先连后); 5: 2 (先后先, 多先上先).

    5 points: 4 alone floats (下调).
    3 points, cards: red row 6 3 (|d| 1 each, round 4 even: larger number
    first) | black row 4 2 (4 first: the higher score).  先编者 4 has met 6 and
    3, the whole red row: he is passed over (通行).  The next 先编者 is 2: all
    three left have |d| 1, and 2's 连先 (L 2, red, against his want black)
    counts for key 3 while a single 上后 does not.  He takes the head of the
    red row, 6 — a
    通行 pair (4 was passed).  Colours (1) 少先 v 多先: 6 red.  3 has no card
    left in the black row (4 was passed); 4 has none in his own row: 4 and 3
    float to 2 points.
    2 points: 4 (5 points) and 3 (3 points) first.  Red row 3 1 | black row
    4 5.  先编者 4: 同位 3 he has met, 错位 1 — but then 3 and 5 are left, who
    met in round 2: the bracket cannot be completed (排不通).  That pair is
    broken (拆对): 4 takes 5, and 3 takes 1 (下调: 3 floated down).
    Colours: 5—4 are both 多先上先 (d +1, t −1); round 4 ≥ 5 − 2, so (9)
    低分服从高分: 4 (5 points) wants black, 5 is red.  1—3: both 少先, 1 has
    连后 (t +2) and 3 上后 (t +1): 连后的先走, 1 red — the comparison of (5),
    whose words speak of 平先 cards: an extension of (5)."""
    p = dingwei.pair(event(6, *PASSED, total=5))
    assert boards(p) == [(6, 2, "通行"), (5, 4, "拆对"), (1, 3, "下调")]
    why = [b.why for b in p.boards]
    assert why[0].passed == (4,) and why[0].chooser == 2
    assert (why[1].broken, why[1].because) == ((4, 1), "incomplete")
    assert [b.colour_why.seed_rule for b in p.boards] == [1, 9, 5]
    # (5) speaks of 平先 cards: between two 少先1 cards it is extended
    assert [b.colour_why.extended for b in p.boards] == [False, False, True]
    assert p.bye is None


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
    nearest card below him, 1; 1 + 3 even → the larger number red: 3—1 (§6.5).
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
    assert (p.boards[1].why.broken, p.boards[1].why.because) == ((6, 7), "bye")
    assert p.bye == 3


FINAL = ("1-2 =, 4-3 =, 5-6 1-0, 7 U", "7-5 1-0, 2-4 =, 3-1 =, 6 U")


def test_final_round_breaks_a_pair_for_colours() -> None:
    """Seven players before round 3 of 3 (the final round).  7 has 4 points
    (先, 多先上先); the other six 2: 1, 4, 5 先后 (平先上后, want red), 2, 3 后先
    (平先上先, want black), 6 后 (round 2 a bye: 少先上后, d −1).
    4 points: 7 alone floats (下调).
    2 points, round 3 odd (smaller number first): red row 6 1 4 5 (6 first:
    |d| 1) | black row 7 2 3 (7 first: 4 points).  A single 上先/上后 does not
    count for key 3, so 1 … 5 stand by number.
    The plain order: 先编者 7 takes 6 (同位); 1 has met 2 and 3: passed; 2
    takes 5 (错位: he met 4); 3 has met 4: passed, and so is 4 (no card left in
    the black row); 同行: 1 takes 4; 3 is left over and has the bye.  But 1—4
    are both 平先上后: one of them gets black, which he does not want, and
    moves the same colour as last round (criterion 4 (b), (d)).
    In the final round only (a) (三先/三后) is not counted, so the colours still
    break pairs: the first pair is broken (拆对, for colours): 7 takes 1
    instead.  Then 6 takes 2 (同位), 3 takes 5 (错位: 3 met 4), and 4, of the
    lowest group, has the bye.  Everyone has his wanted colour.
    Colours: by (1) — 1 (d 0) red v 7 (d +1), 6 (d −1) red v 2 (d 0) — but
    the seed's (1) says 少先 v 多先, and these are 平先 v 多先 and 少先 v 平先:
    extensions of (1), shown as such; (7) 平先上后 v 上先: 5 red v 3, the
    seed's own words."""
    p = dingwei.pair(event(7, *FINAL, total=3))
    assert boards(p) == [(1, 7, "拆对"), (6, 2, "同位"), (5, 3, "错位")]
    assert p.bye == 4
    first = p.boards[0].why
    assert (first.broken, first.because, first.floaters) == ((7, 6), "colours", (7,))
    assert p.boards[2].why.met == (4,)
    assert [b.colour_why.seed_rule for b in p.boards] == [1, 1, 7]
    assert [b.colour_why.extended for b in p.boards] == [True, True, False]
    assert dingwei.pair(event(7, *FINAL, total=4)).pairs() == p.pairs()


THREE = ("1-2 0-1, 4-3 0-1, 5-6 0-1, 7 U", "6-7 0-1, 2-3 0-1, 4-5 =, 1 U",
         "3-7 0-1, 6-1 0-1, 5-2 1-0, 4 U", "7-1 1-0, 3-5 0-1, 2-4 =, 6 U")


def test_final_round_does_not_break_pairs_for_three_in_a_row() -> None:
    """Seven players before round 5.  The 4-point group: 1 先后后 (少先连后, wants
    red), 6 后先先 (多先连先), 4 先先后 (多先上后), 3 后后先先 (平先连先), the last
    three wanting black.  (Above: 7, 8 points, floats to 5 and meets 5; below:
    2, alone with 3 points, has the bye.)
    Rows, round 5 odd: red row 1 | black row 6 4 3 (6 and 4 have |d| 1, 6's 连先
    counts for key 3; 3 has d 0).  先编者 1 (|d| 1 and his 连后, smaller number
    than 6) has met 6: 错位, he takes 4.  6 and 3 pair in their row (同行).
    Colours: 1—4 (1) 1 red; 6—3 (1) 3 (d 0) red — his third red in a row
    (连三先), and not his want.  Counting the four colour criteria:
      1–4, 6–3: (a) 1 (3), (b) 1 (3), (c) 0, (d) 2 (3 red again, 4 black again);
      1–3, 4–6: (a) 0, (b) 1 (4 red), (c) 1 (4 at d +2), (d) 0.
    With a round still to come (total 6), (a) decides: 1–4 is broken (拆对, for
    colours), 1 takes 3 and 4 meets 6.  In the final round (total 5) (a) is
    not counted (最后一轮…连三先…均不拆开重排): (b) ties and (c) keeps the plain
    order, 1–4 and 3–6."""
    last = dingwei.pair(event(7, *THREE, total=5))
    assert boards(last) == [(7, 5, "下调"), (1, 4, "错位"), (3, 6, "同行")]
    assert last.bye == 2
    on = dingwei.pair(event(7, *THREE, total=6))
    assert boards(on) == [(7, 5, "下调"), (1, 3, "拆对"), (4, 6, "同行")]
    assert (on.boards[1].why.broken, on.boards[1].why.because) == ((1, 4), "colours")


NEAREST = ("1-2 0-1, 4-3 =, 5-6 0-1, 7 U", "6-7 =, 2-4 1-0, 3-5 0-1, 1 U")


def test_floater_who_met_the_only_card_of_the_other_row_pairs_in_his_own_row() -> None:
    """Seven players before round 3 of 3 (the final round; 2/1/0).  Scores and
    cards: 2: 4 (后先, 平先上先); 6: 3 (后先, 平先上先); 7: 3 (后, round 1 a
    bye: 少先上后); 1: 2 (先, round 2 a bye: 多先上先); 5: 2 (先后, 平先上后);
    3: 1 (后先, 平先上先); 4: 1 (先后, 平先上后).
    4 points: 2 alone floats.
    3 points: 2 | red row 7 | black row 2 6.  先编者 2 takes 7 (下调; (1) 少先
    v 平先: 7 red).  6 is left and floats.
    2 points: 6 (3 points) | red row 5 | black row 6 1.  The floater 6 has met
    5, the only card of the other row: he is passed over, and 1 would take 5
    (通行) — carrying 6 on to the 1-point group, past a score group where he
    can play (6 and 1 have not met).  Nearest scores rank above the order of
    the steps: the pair 1–5 is broken (拆对, 近分者编对) and 6 takes 1 from his
    own row; 5 (2 points) floats instead.  Colours (1): 6 (d 0) red v 1 (d +1).
    1 point: 5 (2 points) | red row 5 4 | black row 3.  5 has met 3: passed;
    4 has met 3: passed; 3 has no card left in the red row: passed.  同行: 5
    takes 4 (下调); 3 is left over and has the bye (the lowest group, no bye
    yet).  Colours: 5 and 4 are both 平先上后; the final round is past the
    third-last, the scores differ: (9) 低分服从高分, 5 has his want, red."""
    p = dingwei.pair(event(7, *NEAREST, total=3))
    assert boards(p) == [(7, 2, "下调"), (6, 1, "拆对"), (5, 4, "下调")]
    why = p.boards[1].why
    assert (why.broken, why.because, why.chooser, why.floaters) == ((1, 5), "nearest", 6, (6,))
    assert [b.colour_why.seed_rule for b in p.boards] == [1, 1, 9]
    assert p.bye == 3
    mid = p.brackets[2]
    assert (mid.red_row, mid.black_row, mid.first) == ((5,), (6, 1), 6)
    assert [(f.player, f.because) for f in mid.left] == [(5, "nearest")]


BYE_BREAK = ("1-2 =, 4-3 =, 5 U", "5-4 0-1, 3-1 1-0, 2 U")


def test_breaking_a_pair_for_the_bye() -> None:
    """Five players before round 3 of 4.  Scores: 2, 3, 4: 3; 5: 2; 1: 1.
    Cards: 2 后 (round 2 a bye: 少先上后), 4 先后 (平先上后), 3 后先 (平先上先),
    5 先 (round 1 a bye: 多先上先), 1 先后 (平先上后).
    The bye: the lowest score group is {1}; 1 has had no bye, and 2 3 4 5 can
    be paired (2–4, 3–5), so 1 has it and every bracket above must pair out.
    3 points: red row 2 4 (2 first: |d| 1) | black row 3.  先编者 2 would take
    3 (同位); then 4 floats to 2 points, but has met 5 there: 5 would have to
    meet 1 and 4 take the bye — not the lowest group.  So 2–3 is broken (拆对,
    for the bye): 2 takes 4, and 3 floats.  Colours (1): 2 (d −1) red.
    2 points: 3 | black row 3 5 (3 first: 3 points).  Everyone is in the black
    row: both are passed, and 3 takes 5 in his row (下调).  Colours (1): 3
    (d 0) red v 5 (d +1).  1 has the bye."""
    p = dingwei.pair(event(5, *BYE_BREAK, total=4))
    assert boards(p) == [(2, 4, "拆对"), (3, 5, "下调")]
    assert (p.boards[0].why.broken, p.boards[0].why.because) == ((2, 3), "bye")
    assert p.bye == 1


COLOURS_6 = ("1-2 =, 4-3 1-0, 5-6 1-0", "4-5 1-0, 6-1 1-0, 2-3 1-0", "2-4 =, 5-1 1-0, 3-6 =")


def test_colour_rules_in_a_final_round() -> None:
    """Six players before round 4 of 4 (the final round, even: larger numbers
    first).  Scores and cards: 4: 5 (先先后, 多先上后); 2: 4 (后先先, 多先连先);
    5: 4 (先后先, 多先上先); 6: 3 (后先后, 少先上后); 1: 1 (先后后, 少先连后);
    3: 1 (后后先, 少先上先).
    5 points: 4 alone floats.
    4 points: everyone wants black: black row 4 2 5 (4: 5 points; 2 before 5:
    his 连先 counts for key 3).  All are passed; 同行: 4 (多先, a strong want)
    takes the weakest category first — all are 多 — so the nearest card below,
    2, whom he met in round 3, then 5, met in round 2: 4 floats.  2 takes 5.
    Colours: both d +1; 5 上先 (t −1) v 2 连先 (t −2): 5 red by the comparison
    of (6) 上先先走 — but (6) speaks of 平先 cards, and these are 多先1: an
    extension of (6), not the seed's words.
    3 points: 4 | red row 6 | black row 4: 6–4 (下调); (1): 6 (d −1) red v 4
    (d +1): 少先 v 多先, the seed's own words.
    1 point: red row 1 3 (1 first: his 连后 counts); 1 takes 3 (同行).  Both
    d −1; 1 连后 (t +2) v 3 上先 (t −1): a pair the seed's rules (2)–(7) do not
    list; the larger t gives red to 1, the one whose last game was black — an
    extension of (7) 上后 v 上先."""
    p = dingwei.pair(event(6, *COLOURS_6, total=4))
    assert boards(p) == [(5, 2, "同行"), (6, 4, "下调"), (1, 3, "同行")]
    assert [b.colour_why.seed_rule for b in p.boards] == [6, 1, 7]
    assert [b.colour_why.extended for b in p.boards] == [True, False, True]
    assert [b.colour_rule for b in p.boards] == [RULE_STREAK, RULE_FEWER_REDS, RULE_STREAK]


FLOATS = ("1-2 =, 4-3 =, 5-6 0-1", "6-4 =, 3-1 1-0, 2-5 1-0")


def test_float_balance_is_a_setting() -> None:
    """Six players before round 3 of 5.  Scores: 2, 3, 6: 3; 4: 2; 1: 1; 5: 0.
    Cards: 2, 3, 6 后先 (平先上先); 1, 4, 5 先后 (平先上后).  Round 2's floats:
    6 (2 points) v 4 (1): 6 down, 4 up; 2 (1) v 5 (0): 2 down, 5 up.
    Off (the default): floats do not break pairs.  3 points: black row 2 3 6,
    all passed; 同行: 2 (a weak want) takes the nearest card below, 3; 6 floats.
    2 points: 6 | red row 4 | black row 6: they met — both float.  1 point:
    6 | red row 4 1 | black row 6: 6 has met 4, takes 1; 4 floats to 0 points
    and meets 5.
    On (原则 9): 2–3 would float 6 down twice running; 2 takes 6 instead
    (拆对, for the floats) and 3 floats.  3 has met 4 (2 points) and 1 (1
    point) and meets 5; 4 takes 1."""
    t = event(6, *FLOATS, total=5)
    assert sorted(dingwei.pair(t).pairs()) == [(1, 6), (2, 3), (4, 5)]
    on = dingwei.pair(replace(t, rules=Rules(float_balance=True)))
    assert sorted(on.pairs()) == [(4, 1), (5, 3), (6, 2)]
    assert (on.boards[0].why.broken, on.boards[0].why.because) == ((2, 3), "floats")


# ---------------------------------------------------------------------------
# §6 colours within a pair
# ---------------------------------------------------------------------------


def test_no_colour_rule_avoids_three_in_a_row() -> None:
    """a = 后后后先先 (d −1, two reds running), b = 先后先 (d +1).  定位编排
    (version 2) has no rule ahead of (1) 少先 v 多先: a, the 少先, is red — a
    third red in a row, which the pairing avoids by choosing other pairs where
    it can (the colour criterion (a)), not by turning the colours.  The
    adjacent method, which does not choose pairs by colour, keeps the rule
    that avoids it (``avoid_three``): b red."""
    a, b = colour_state([B, B, B, R, R]), colour_state([R, B, R])
    assert allocate_colours(a, b, 1, 2, 0, 0, 4, 7, avoid_three=False) == (1, 2, RULE_FEWER_REDS)
    assert allocate_colours(a, b, 1, 2, 0, 0, 4, 7) == (2, 1, RULE_AVOID_THREE)


S = {"先": R, "后": B}


def cs(text: str):
    return colour_state([S[c] for c in text])


@pytest.mark.parametrize("a, b, k, scores, numbers, red, rule, seed", [
    # (1) 少先 v 多先: 后 (d −1) v 先 (d +1): the 少先 is red
    ("后", "先", 2, (0, 0), (1, 2), 1, RULE_FEWER_REDS, 1),
    # (2) 平先连后 v 连先: 先先后后 (d 0, t +2) v 后后先先 (d 0, t −2): the larger t, 连后
    ("先先后后", "后后先先", 2, (0, 0), (1, 2), 1, RULE_STREAK, 2),
    # (3) 平先连后 v 连后: 先先先后后后 (t +3) v 后先先先后后 (t +2): more 连后 is red
    ("先先先后后后", "后先先先后后", 2, (0, 0), (1, 2), 1, RULE_STREAK, 3),
    # (4) 平先连先 v 连先: 后后先先 (t −2) v 后后后先先先 (t −3): fewer 连先 is red
    ("后后先先", "后后后先先先", 2, (0, 0), (1, 2), 1, RULE_STREAK, 4),
    # (5) 平先上后 v 连后: 后先先后 (t +1) v 先先后后 (t +2): the 连后 is red
    ("后先先后", "先先后后", 2, (0, 0), (1, 2), 2, RULE_STREAK, 5),
    # (6) 平先上先 v 连先: 先后后先 (t −1) v 后后先先 (t −2): the 上先 is red
    ("先后后先", "后后先先", 2, (0, 0), (1, 2), 1, RULE_STREAK, 6),
    # (7) 平先上后 v 上先: 先后 (t +1) v 后先 (t −1): the 上后 is red
    ("先后", "后先", 2, (0, 0), (1, 2), 1, RULE_STREAK, 7),
    # (8) all equal, 3 + 4 = 7 odd: the smaller number red
    ("先后", "先后", 2, (0, 0), (3, 4), 3, RULE_NUMBER_SUM, 8),
    # (8) all equal, 3 + 5 = 8 even: the larger number red
    ("先后", "先后", 2, (0, 0), (3, 5), 5, RULE_NUMBER_SUM, 8),
    # (9) round 5 of 7 (≥ 7 − 2), both 平先上后, 4 v 6 points: the higher score has his want, red
    ("先后", "先后", 5, (4, 6), (1, 2), 2, RULE_HIGH_SCORE, 9),
    # not listed by the seed: 连后 (先先后后, t +2) v 上先 (后先后先, t −1): the larger t, the 连后
    ("先先后后", "后先后先", 2, (0, 0), (1, 2), 1, RULE_STREAK, 0),
])
def test_colour_rules_by_the_seeds_number(a: str, b: str, k: int, scores: tuple[float, float],
                                          numbers: tuple[int, int], red: int, rule: str, seed: int) -> None:
    """Each of the seed's colour rules (1)–(9), worked on two cards (t = +L
    for a black streak, −L for a red one): who is red, by which rule of
    docs/spec/dingwei.md §6, and the seed's number that names it."""
    x, y = cs(a), cs(b)
    got = allocate_colours(x, y, numbers[0], numbers[1], scores[0], scores[1], k, 7, avoid_three=False)
    assert got[0] == red and got[2] == rule
    black = numbers[1] if red == numbers[0] else numbers[0]
    rc, bc = (x, y) if red == numbers[0] else (y, x)
    assert got[1] == black
    assert seed_rule_of(rule, rc, bc) == seed
    # every listed case is the seed's own words; the unlisted one extends (7)
    assert seed_reading(rule, rc, bc) == ((seed, False) if seed else (7, True))


@pytest.mark.parametrize("a, b, k, scores, numbers, first, red, rule, reading", [
    # (1) beyond 少先 v 多先: 平先 (先后) v 多先1 (先): fewer reds red, an extension
    ("先后", "先", 2, (0, 0), (1, 2), False, 1, RULE_FEWER_REDS, (1, True)),
    # (1) beyond: 多先1 (先) v 多先2 (先先): an extension
    ("先", "先先", 2, (0, 0), (1, 2), False, 1, RULE_FEWER_REDS, (1, True)),
    # (1) beyond: 少先2 (后后) v 少先1 (后): an extension
    ("后后", "后", 2, (0, 0), (1, 2), False, 1, RULE_FEWER_REDS, (1, True)),
    # (1) beyond: 未走过 v 多先1: an extension
    ("", "先", 2, (0, 0), (1, 2), False, 1, RULE_FEWER_REDS, (1, True)),
    # (6) between two 多先1 cards: 先后先 (上先) v 后先先 (连先2): the 上先 red; not 平先, an extension
    ("先后先", "后先先", 2, (0, 0), (1, 2), False, 1, RULE_STREAK, (6, True)),
    # (7) between two 多先1 cards: 先先后 (上后) v 先后先 (上先): the 上后 red; not 平先, an extension
    ("先先后", "先后先", 2, (0, 0), (1, 2), False, 1, RULE_STREAK, (7, True)),
    # (5) between two 少先1 cards: 先后后 (连后2) v 后先后 (上后): the 连后 red; not 平先, an extension
    ("先后后", "后先后", 2, (0, 0), (1, 2), False, 1, RULE_STREAK, (5, True)),
    # (7) 未走过 v 平先上先: no colour yet is red, an extension of (7)
    ("", "后先", 2, (0, 0), (1, 2), False, 1, RULE_STREAK, (7, True)),
    # (7) 平先上后 v 未走过: the 上后 is red, an extension of (7)
    ("先后", "", 2, (0, 0), (1, 2), False, 1, RULE_STREAK, (7, True)),
    # (9) with 低分服从高分 first (setting): 少先 (后, 2 points) v 多先 (先, 4 points) in round 5 of 7:
    # the higher score wants black, so the 少先 still red — but (9) before (1) is beyond (9)'s words
    ("后", "先", 5, (2, 4), (1, 2), True, 1, RULE_HIGH_SCORE, (9, True)),
    # (9) as written: both 平先上后, round 5 of 7, 4 v 6 points
    ("先后", "先后", 5, (4, 6), (1, 2), False, 2, RULE_HIGH_SCORE, (9, False)),
    # (8) as written
    ("先后", "先后", 2, (0, 0), (3, 4), False, 3, RULE_NUMBER_SUM, (8, False)),
])
def test_colour_rules_beyond_the_seeds_words_are_extensions(
        a: str, b: str, k: int, scores: tuple[float, float], numbers: tuple[int, int], first: bool,
        red: int, rule: str, reading: tuple[int, bool]) -> None:
    """All nine rules of the seed's §二.4 against the cases the engine cites
    them for: a rule is quoted as the seed's only where its words fit the two
    cards; applied beyond them it is the same number marked as an extension
    (docs/spec/dingwei.md §10, version 2.1) — and no allocation is left
    without a number."""
    x, y = cs(a), cs(b)
    got = allocate_colours(x, y, numbers[0], numbers[1], scores[0], scores[1], k, 7, high_score_first=first,
                           avoid_three=False)
    assert (got[0], got[2]) == (red, rule)
    rc, bc = (x, y) if red == numbers[0] else (y, x)
    assert seed_reading(rule, rc, bc) == reading


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
                               rules=Rules(club_rounds=None)))
    assert sorted(map(sorted, avoid.pairs())) == [[1, 3], [2, 4]]
    later = dingwei.pair(event(4, "1-2 1-0, 4-3 1-0", clubs="ABBA",
                               rules=parse_rules([(AVOID_CLUB, "3-5")], 7)))
    assert sorted(map(sorted, later.pairs())) == [[1, 4], [2, 3]]  # not in round 2


def test_same_club_soft_avoidance() -> None:
    """Soft (尽量回避): fewest pairs of club mates, right after completion.
    Clubs A B B A, as above: 1 and 4 float rather than meet, as with hard
    avoidance.  With four players of one club no pairing keeps them apart:
    hard avoidance fails naming the club pairs that block it (not a rematch).
    Soft counts the club pairs bracket by bracket: at 2 points 1–4 would be
    one, so 1 and 4 float; at 0 points every pair is of club A and the round
    must be completed: 1–3 and 4–2 (1 met 2, 4 met 3)."""
    soft = parse_rules([(AVOID_CLUB, "all"), (AVOID_CLUB_STRENGTH, "soft")], 7)
    p = dingwei.pair(event(4, "1-2 1-0, 4-3 1-0", clubs="ABBA", rules=soft))
    assert sorted(map(sorted, p.pairs())) == [[1, 3], [2, 4]]
    one = dingwei.pair(event(4, "1-2 1-0, 4-3 1-0", clubs="AAAA", rules=soft))
    assert sorted(map(sorted, one.pairs())) == [[1, 3], [2, 4]]
    with pytest.raises(PairingError) as e:
        dingwei.pair(event(4, "1-2 1-0, 4-3 1-0", clubs="AAAA",
                           rules=Rules(club_rounds=None)))
    message = wording(e.value.problem, "zh")
    assert "同单位回避" in message and "(A)" in message and "重复" not in message
    assert "1–4 (A)" in message or "1–3 (A)" in message


@pytest.mark.parametrize("value", ["1-30000000", "8", "0-3", "3-2", "5,99999999999999"])
def test_club_rounds_outside_the_event_are_refused(value: str) -> None:
    """The rounds of 同单位回避 must lie within the event's rounds (7 here); a
    huge range is refused at once, never expanded (when the rules are read)."""
    with pytest.raises(InputError,
                       match=f"problem.club_rounds_range .*setting=.{AVOID_CLUB}.*total=7"):
        parse_rules([(AVOID_CLUB, value)], 7)


def test_bad_club_strength_is_an_input_error() -> None:
    with pytest.raises(InputError, match=AVOID_CLUB_STRENGTH):
        parse_rules([(AVOID_CLUB_STRENGTH, "maybe")], 7)


def test_provisional_pairing_counts_unfinished_games_as_draws() -> None:
    """Round 1: 1-2 1-0, 4-3 still playing.  Without the setting: an input error
    naming the game.  With it, 4 and 3 count 1 point each: 1 (2 points) floats
    to them, takes 3 (4 met 3; §6.2: 3 red); 4 floats to 0 points and meets 2
    (2 red, §6.2).  The notes say so and list the game."""
    t = event(4, "1-2 1-0, 4-3 *")
    with pytest.raises(InputError, match="problem.unfinished_last .*round=1.*red=4, black=3"):
        dingwei.pair(t)
    p = dingwei.pair(replace(t, rules=Rules(provisional=True)))
    assert p.pairs() == [(3, 1), (2, 4)]
    assert any(n.key == "xp.note.provisional" and "4–3" in wording(n, "en") for n in p.notes)


def test_an_earlier_provisional_game_still_counts_as_a_draw() -> None:
    """Round 2 was paired with 4–3 (round 1) counted as a draw and marked so in
    round 1 (``Round.provisional``).  Its result is still missing when round 3 is
    paired: it counts as a draw again, and the notes say so.  An unfinished
    game that was never marked is an input error, setting or not."""
    t = event(4, "1-2 1-0, 4-3 *", "3-1 =, 2-4 =")
    marked = replace(t, rounds=(replace(t.rounds[0], provisional=(4,)), t.rounds[1]))
    p = dingwei.pair(marked)
    assert len(p.pairs()) == 2
    assert any("round 1: 4–3" in wording(n, "en") for n in p.notes)
    for rules in (Rules(), Rules(provisional=True)):
        with pytest.raises(InputError, match="problem.unfinished .*round=1.*red=4, black=3"):
            dingwei.pair(replace(t, rules=rules))


# ---------------------------------------------------------------------------
# No pairing
# ---------------------------------------------------------------------------


def test_everyone_has_met_everyone() -> None:
    """Four players after a full round robin: no fourth round exists."""
    t = event(4, "1-2 =, 3-4 =", "1-3 =, 2-4 =", "1-4 =, 2-3 =")
    with pytest.raises(PairingError) as e:
        dingwei.pair(t)
    assert "without a rematch" in wording(e.value.problem, "en")


def test_no_one_may_take_the_bye() -> None:
    """Three players, each has had the bye and met the other two."""
    t = event(3, "1-2 =, 3 U", "2-3 =, 1 U", "1-3 =, 2 U")
    with pytest.raises(PairingError) as e:
        dingwei.pair(t)
    assert "bye" in wording(e.value.problem, "en")


def test_registered_as_a_system() -> None:
    t = event(8, ALL_DRAWN)
    assert pair_next_round(t, "dingwei").pairs() == dingwei.pair(t).pairs()
