"""The explanation of a 定位编排 round in the arbiter's words, zh and en
(docs/spec/dingwei.md §10; addin/workbook/explain.py over the engine's records).

The events are the worked examples of tests/test_dingwei.py, whose docstrings
derive the pairings by hand with the cards.
"""

from __future__ import annotations

import re
import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bianpai.addin.workbook import explain
from bianpai.engine.systems.chinese import adjacent, dingwei
from bianpai.engine.history.colours import colour_state
from bianpai.engine.model import Colour
from bianpai.engine.problems import BianpaiError
from bianpai.engine.reasons import FloatReason
from bianpai.engine.rules import Rules

from test_dingwei import FINAL, NEAREST, PASSED, event

R, B = Colour.RED, Colour.BLACK

FORBIDDEN = re.compile(r"§|spec|001|dingwei\.md", re.IGNORECASE)


def texts(rows) -> list[str]:
    return [str(c) for r in rows for c in r if c is not None]


def lines(p, lang: str) -> list[str]:
    """The explanation's lines, each row's cells joined by " | ", a line's
    continuation rows joined to it (explain.wrap: the indent dropped)."""
    out: list[str] = []
    for r in explain.explanation_rows(p, lang):
        line = " | ".join(str(c) for c in r if c is not None)
        if out and r[0] is None and line.startswith(explain.CONTINUED):
            out[-1] += line[len(explain.CONTINUED):]
        else:
            out.append(line)
    return out


def test_final_round_explained_in_chinese() -> None:
    """The final-round example: the bracket's two rows with sized labels, the
    先编者 marked, the floater with his score, the pairs with step and reason
    (拆对: the pair broken and what it would have cost — 1–4 would have given
    4, 平先上后, the black he does not want; 错位: whom the 同位 card had met),
    the floats, the bye, and the colour rules by the seed's number: (1) is
    quoted only for 少先 v 多先, so 平先上后 v 多先1 and 少先1 v 平先 are its
    extension; (7) 平先上后 v 上先 fits its words."""
    p = dingwei.pair(event(7, *FINAL, total=3))
    assert explain.board_cells(p, "zh") == (
        ("拆对", "(1)引申：平先上后 v 多先1上先，先手少的先走"),
        ("同位", "(1)引申：少先1上后 v 平先上先，先手少的先走"),
        ("错位", "(7) 平先上后 v 上先：上后先走"),
    )
    assert lines(p, "zh") == [
        "编排过程",
        "4分段",
        "要先行：—",
        "要后行：7 多先1上先（先编）",
        "下调：7 是本积分段唯一的一人，下调",
        "2分段",
        "要先行：6 少先1上后  1 平先上后  4 平先上后  5 平先上后",
        "要后行：7（4分） 多先1上先（先编）  2 平先上先  3 平先上先",
        "下调者：7（4分）",
        "第1台  "
         "1–7  拆对：拆开 7–6（否则 4 要先而后走），改由 7 取 1  ｜  "
         "(1)引申：平先上后 v 多先1上先，先手少的先走",
        "第2台  6–2  同位：6 先编，取异行同位的 2  ｜  (1)引申：少先1上后 v 平先上先，先手少的先走",
        "第3台  "
         "5–3  错位：3 先编，已与同位的 4 相遇，错位取 5  ｜  (7) 平先上后 v 上先：上后先走",
        "下调：4 是本积分段剩下的一人，下调",
        "轮空：4（最低分段中剩下的一人）",
    ]


def test_final_round_explained_in_english() -> None:
    p = dingwei.pair(event(7, *FINAL, total=3))
    assert explain.board_cells(p, "en")[2] == ("next in row",
                                               "(7) last black v last red: last black moves first")
    assert explain.board_cells(p, "en")[0] == (
        "pair broken", "(1) extended: level, last black v more reds by 1, last red, the one with fewer reds "
        "moves first")
    got = lines(p, "en")
    assert got[7] == ("Wants black: 7 (4 pts) more reds by 1, last red (chooses first)  2 level, last red  "
                      "3 level, last red")
    assert got[8] == "Floated in: 7 (4 pts)"
    assert got[9] == ("Board 1  1–7  pair broken: 7–6 broken (otherwise 4 would have black though he wants "
                      "red); 7 takes 1 instead  |  (1) extended: level, last black v more reds by 1, "
                      "last red, the one with fewer reds moves first")
    assert got[-1] == "Bye: 4 (the one left over in the lowest score group)"


def test_passed_over_broken_for_completion_and_floaters() -> None:
    """通行: who was passed; 拆对 排不通, naming who would have had no one (3
    and 5, who met in round 2); 下调: the floaters paired first with their
    scores, and why each card floats and not another; (5) between two 少先1
    cards is its extension."""
    p = dingwei.pair(event(6, *PASSED, total=5))
    zh = lines(p, "zh")
    assert ("第1台  "
            "6–2  通行：4 在异行无可配对者，通行；2 先编，取 6  ｜  (1) 少先 v 多先：少先先走") in zh
    assert "下调：4 已与本段余下各人相遇，下调" in zh
    assert "下调者：4（5分）、3（3分）" in zh
    assert ("第2台  5–4  拆对：拆开 4–1（否则 3、5 无人可配，排不通），改由 4 取 5  ｜  "
            "(9) 倒数第三轮起积分不等：低分服从高分") in zh
    assert ("第3台  1–3  下调：3 由上一积分段下调，优先编排；3 取 1  ｜  "
            "(5)引申：少先1连后2 v 少先1上后，连后的先走") in zh
    en = lines(p, "en")
    assert ("Board 1  6–2  passed over: 4 passed over (no one left to meet in the other row); "
            "2 chooses and takes 6  |  (1) fewer reds v more reds: fewer reds moves first") in en
    assert "floated down: 4 has met everyone left and floats down" in en
    assert "Floated in: 4 (5 pts) and 3 (3 pts)" in en
    assert ("Board 2  5–4  pair broken: 4–1 broken (otherwise 3, 5 would have no one to meet and the round "
            "could not be completed); 4 takes 5 instead  |  (9) from the third-last round, different scores: "
            "the lower score yields") in en


def test_nearest_scores_named_as_the_reason() -> None:
    """The floater who met the only card of the other row: the pair 通行 would
    have made is broken for nearest scores, and the card left over says why it
    floats rather than the floater — naming the comparison: with 1–5, 6 (3
    points) would float instead of 5 (2 points)."""
    p = dingwei.pair(event(7, *NEAREST, total=3))
    zh = lines(p, "zh")
    assert ("第2台  6–1  拆对：拆开 1–5（否则分数较高的 6 下调，近分者编对），改由 6 取 1  ｜  "
            "(1)引申：平先上先 v 多先1上先，先手少的先走") in zh
    assert "下调：5 下调，不与 1 配对：否则分数较高的 6 下调，近分者编对" in zh
    en = lines(p, "en")
    assert ("floated down: 5 floats rather than meet 1: otherwise 6, with a higher score, would float down: "
            "nearest scores first") in en


# -- issue 27 items 1-7: a 25-player round with 同单位回避 (every round, hard), 拆对 and a bye --------

CLUBS25 = "GGAAACGBFGFGCCEBEAEFBDFDG"
"""The 单位 of players 1..25 (one letter each)."""
CLUB25 = (
    "1-3 0-1, 4-2 =, 5-6 0-1, 8-7 =, 9-10 0-1, 12-11 =, 13-15 1-0, 16-14 1-0, 17-18 =, 20-19 =, 21-22 =, "
    "24-23 =, 25 U",
    "10-16 =, 3-13 0-1, 6-25 1-0, 19-24 0-1, 23-21 1-0, 22-20 1-0, 18-12 1-0, 11-17 1-0, 2-8 1-0, 7-4 =, "
    "15-9 1-0, 14-5 1-0, 1 U",
    "16-6 0-1, 13-2 0-1, 24-10 =, 11-18 0-1, 22-23 0-1, 4-1 0-1, 25-3 1-0, 7-14 =, 8-15 =, 12-19 0-1, "
    "17-20 0-1, 21-5 =, 9 U",
    "6-23 0-1, 18-2 =, 1-24 =, 10-13 =, 20-25 1-0, 19-22 =, 14-11 0-1, 15-7 0-1, 3-16 =, 9-21 0-1, 8-4 0-1, "
    "5-17 1-0, 12 U",
    "23-18 =, 2-6 =, 13-1 =, 7-20 0-1, 11-10 0-1, 25-19 =, 24-4 0-1, 22-16 =, 21-12 =, 3-14 =, 15-5 0-1, "
    "9-8 0-1, 17 U",
)
"""Five rounds of 25 players (paired by the engine, results drawn at random),
before round 6 of 7, club mates kept apart in every round."""


def club25():
    return event(25, *CLUB25, clubs=CLUBS25, rules=Rules(club_rounds=None))


def met(t, a: int, b: int) -> bool:
    """Whether a and b have a game on the cards."""
    return any({g.red, g.black} == {a, b} for r in t.rounds for g in r.games)


def test_club_avoidance_is_named_never_a_game() -> None:
    """Item 1.  7 points: 23 (8 points) floats in and chooses first; the cards
    ahead of his partner 10 in his row are 20 and 18.  He has played 18 (round
    5) but never 20: 20 is of his club (F), kept apart — "与同单位的 20 回避",
    not "已与 20 相遇".  3 points: 15 and 17 (both E) never met, and 15 floats
    because they are kept apart, not because he "has met everyone left"."""
    t = club25()
    p = dingwei.pair(t)
    assert met(t, 23, 18) and not met(t, 23, 20) and CLUBS25[23 - 1] == CLUBS25[20 - 1]
    assert not met(t, 15, 17) and CLUBS25[15 - 1] == CLUBS25[17 - 1]
    zh, en = lines(p, "zh"), lines(p, "en")
    assert ("第1台  10–23  下调：23 由上一积分段下调，优先编排；23 取 10；"
            "23 已与 18 相遇、与同单位的 20 回避  ｜  "
            "(7)引申：少先1上后 v 少先1上先，上轮后走的先走") in zh
    assert "下调：15 与同单位的 17 回避，本段已无可配对者，下调" in zh
    said_met = {int(n) for line in zh for m in re.finditer(r"已与 ([\d、]+) 相遇", line)
                for n in m[1].split("、")}
    assert said_met and not said_met & {20, 17}
    assert ("Board 1  10–23  floated down: 23 floated down from above and is paired first; 23 takes 10; "
            "23 has met 18 and is kept apart from 20, of the same club  |  (7) extended: fewer reds by 1, "
            "last black v "
            "fewer reds by 1, last red, the one who had black last moves first") in en
    assert ("floated down: 15 is kept apart from 17, of the same club: no one is left he may meet; "
            "floats down") in en


def test_labels_keep_the_size() -> None:
    """Item 3: |d| after 少先/多先, the streak length after 连先/连后 — the
    先编者 is chosen by the larger difference, so the card must show it."""
    assert colour_state([B, B]).sized_label() == "少先2连后2"
    assert colour_state([R, B, B]).sized_label() == "少先1连后2"
    assert colour_state([R, B, R, R]).sized_label() == "多先2连先2"
    assert colour_state([B, R, R]).sized_label() == "多先1连先2"
    assert colour_state([B, R, B, B]).sized_label() == "少先2连后2"
    assert colour_state([R, R, B]).sized_label() == "多先1上后"
    assert colour_state([R, B]).sized_label() == "平先上后"
    assert explain.card_label("少先2连后2", "zh") == "少先2连后2"
    assert explain.card_label("少先2连后2", "en") == "fewer reds by 2, 2 blacks running"
    assert explain.card_label("多先1上后", "en") == "more reds by 1, last black"
    assert explain.card_label("平先上先", "en") == "level, last red"
    zh = lines(dingwei.pair(club25()), "zh")
    assert "要后行：15（3分） 多先1连先2（先编）  9 多先2连先2" in zh  # 9: d +2, two reds running


def test_lines_follow_the_order_the_cards_were_handled() -> None:
    """Item 4.  5 points: 11 chooses before 7; his plain partner 5 he gives up
    (拆对, 11 takes 25 later: with 11–5, 7 and 25, club mates, would both
    float) — that line comes first, then 7 takes the 5 it freed (board 8, 通行,
    11 waiting), though board 8 was made before board 9.  The 通行 line does
    not say 11 had no one to meet: he had 5."""
    p = dingwei.pair(club25())
    zh = lines(p, "zh")
    b9 = zh.index("第9台  25–11  拆对：拆开 11–5（否则本积分段少配一对，7、25 下调），改由 11 取 25  ｜  "
                  "(1)引申：平先上先 v 多先1上先，先手少的先走")
    b8 = zh.index("第8台  5–7  通行：11 暂不配对（见上）；7 先编，取 5  ｜  (1) 少先 v 多先：少先先走")
    assert b9 < b8
    assert [b.number for b in p.boards] == list(range(1, 13))  # the boards keep their numbers
    en = lines(p, "en")
    assert en.index("Board 8  5–7  passed over: 11 waiting (see above); 7 chooses and takes 5  |  "
                    "(1) fewer reds v more reds: fewer reds moves first") == b8


SEVEN = ("1-2 1-0, 4-3 1-0, 5-6 0-1, 7 U", "6-4 1-0, 7-1 1-0, 3-5 1-0, 2 U", "6-7 1-0, 2-3 0-1, 1-4 1-0, 5 U")
NINE = ("1-2 1-0, 4-3 1-0, 5-6 0-1, 8-7 =, 9 U", "6-4 1-0, 9-1 =, 3-8 =, 7-5 =, 2 U",
        "1-6 1-0, 2-9 0-1, 4-7 =, 5-8 1-0, 3 U")


def test_reasons_name_what_they_compared() -> None:
    """Item 5.  Seven players before round 4 of 7.  4 points: 6 (6 points)
    would take 3 (同位), but then 7 and 1, who met in round 2, are left: one
    pair fewer — said so, not "better balance".  2 points: red row 4 5 | black
    row 2; 4 would take 2, but 5 had the bye in round 3 and would be left with
    no one: "否则 5 无人可配"; 5 takes 2 while 4 waits, and 4 has the bye."""
    p = dingwei.pair(event(7, *SEVEN))
    zh = lines(p, "zh")
    assert ("第1台  1–6  拆对：拆开 6–3（否则本积分段少配一对，1、7 下调），改由 6 取 1  ｜  "
            "(6)引申：多先1上先 v 多先1连先2，上先的先走") in zh
    assert "下调：4 下调，不与 2 配对：否则 5 无人可配，排不通" in zh
    assert "第3台  5–2  通行：4 暂不配对（见上）；5 先编，取 2  ｜  (7) 平先上后 v 上先：上后先走" in zh
    assert zh.index("下调：4 下调，不与 2 配对：否则 5 无人可配，排不通") < zh.index(
        "第3台  5–2  通行：4 暂不配对（见上）；5 先编，取 2  ｜  (7) 平先上后 v 上先：上后先走")
    en = lines(p, "en")
    assert ("floated down: 4 floats rather than meet 2: otherwise 5 would have no one to meet and the round "
            "could not be completed") in en


def test_same_row_says_why_the_nearer_card_was_passed() -> None:
    """Item 5, 同行.  Nine players before round 4 of 7; 3 points: 1 (5 points)
    takes 7; the black row left is 5 4 3.  5 (多先1, a strong want) takes his
    own row's weakest category first: 3 (平先上先) before 4 (多先1), though 4
    is nearer — said so."""
    p = dingwei.pair(event(9, *NINE))
    assert ("第3台  3–5  同行：5 在异行已无对手，同行先取平先上先或上后者：取 3，不取较近的 4  ｜  "
            "(1)引申：平先上先 v 多先1上先，先手少的先走") in lines(p, "zh")
    assert ("Board 3  3–5  same row: 5 has no one left in the other row and takes from his own level cards "
            "with one last colour first: 3, not the nearer 4  |  (1) extended: level, last red v more reds "
            "by 1, last red, the one with fewer reds moves first") in lines(p, "en")


NINE2 = ("1-2 0-1, 4-3 1-0, 5-6 0-1, 8-7 0-1, 9 U", "7-4 0-1, 6-9 =, 2-8 =, 3-5 1-0, 1 U",
         "4-6 0-1, 9-2 =, 7-1 =, 8-3 =, 5 U", "6-2 0-1, 9-4 0-1, 3-7 =, 5-1 1-0, 8 U")


def test_colour_reason_says_whom_the_pair_would_spoil() -> None:
    """Item 5, colours.  Nine players before round 5 of 7; 4 points: red row 7
    | black row 6 (5 points) 9 5 8 3.  6 would take 7 (同位); then the black row
    pairs in itself, and 5–8, both 多先1上先, would give 5 red by (8) (5 + 8
    odd: the smaller): 5 多二先.  So 6–7 is broken, and the line says so —
    "否则 5 成为多二先", not "先后手更平衡".  9, who waited, floats: with 3 he
    would leave 1 (who had the bye) alone below; his line comes before the
    pair his waiting made possible (board 2)."""
    p = dingwei.pair(event(9, *NINE2))
    zh = lines(p, "zh")
    b3 = zh.index("第3台  6–8  拆对：拆开 6–7（否则 5 成为多二先），改由 6 取 8；6 已与 9 相遇  ｜  "
                  "(1)引申：平先上先 v 多先1上先，先手少的先走")
    f9 = zh.index("下调：9 下调，不与 3 配对：否则 1 无人可配，排不通")
    b2 = zh.index("第2台  7–5  通行：6、9 暂不配对（见上）；5 先编，取 7  ｜  "
                  "(1)引申：平先上后 v 多先1上先，先手少的先走")
    assert b3 < f9 < b2
    en = lines(p, "en")
    assert ("Board 3  6–8  pair broken: 6–7 broken (otherwise 5 would have two more reds than blacks); "
            "6 takes 8 instead; 6 has met 9  |  (1) extended: level, last red v more reds by 1, last red, "
            "the one with fewer reds moves first") in en
    assert ("Board 2  7–5  passed over: 6, 9 waiting (see above); 5 chooses and takes 7  |  (1) extended: "
            "level, last black v more reds by 1, last red, the one with fewer reds moves first") in en


def test_colour_reason_names_the_card_it_would_spoil() -> None:
    """Item 5, colours: a 下调 reason worded from the records says whom the
    plain pair would have spoilt and how (否则 1 成为多二先)."""
    f = FloatReason(24, "colours", 1, worse=((1, "up2.red"),))
    assert explain.float_reason_text(f, "zh") == "24 下调，不与 1 配对：否则 1 成为多二先"
    assert explain.float_reason_text(f, "en") == (
        "24 floats rather than meet 1: otherwise 1 would have two more reds than blacks")


def test_bye_line_names_who_had_had_a_bye() -> None:
    """Item 6.  The lowest score group is 9's (2 points), who had the bye in
    round 3; so the bye goes to 15, left over of the 3-point players — said
    so, not "the one left over in the lowest group"."""
    t = club25()
    p = dingwei.pair(t)
    assert p.bye == 15 and any(b.player == 9 for b in t.rounds[2].byes)
    assert lines(p, "zh")[-1] == "轮空：15（3分段中剩下的一人；分数更低的 9 已轮空过或曾不战而胜）"
    assert lines(p, "en")[-1] == ("Bye: 15 (the one left over in the 3-point group; 9, lower, had already "
                                  "had a bye or a point without playing)")


def test_floaters_show_their_score() -> None:
    """Item 7: at the head of a row and in the 下调者 line, a floater shows his score."""
    zh = lines(dingwei.pair(club25()), "zh")
    assert ("要先行：23（8分） 少先1上先（先编）  20 少先1上后  18 少先1上后  10 少先1上后  "
            "6 少先1上后  2 少先1上先") in zh
    assert "下调者：15（3分）、17（3分）" in zh
    en = lines(dingwei.pair(club25()), "en")
    assert "Floated in: 15 (3 pts) and 17 (3 pts)" in en


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_no_document_is_named(lang: str) -> None:
    """Nothing the organiser reads names a document or a section, in any of
    the worked examples, round 1, or the adjacent method's colour rules."""
    events = [event(7, *FINAL, total=3), event(6, *PASSED, total=5), event(7, *NEAREST, total=3),
              event(8), event(7)]
    for t in events:
        p = dingwei.pair(t)
        cells = [w for c in explain.board_cells(p, lang) for w in c]
        words = texts(explain.explanation_rows(p, lang)) + cells
        assert words and not [w for w in words if FORBIDDEN.search(w)], words
    a = adjacent.pair(event(7, *FINAL, total=3))
    assert not [w for c in explain.board_cells(a, lang) for w in c[1:] if FORBIDDEN.search(w)]


def test_round_one_colour_rules() -> None:
    p = dingwei.pair(event(4))
    assert explain.board_cells(p, "zh") == (("近号配对", "单号台次小号先走"),
                                            ("近号配对", "双号台次大号先走"))
    assert explain.board_cells(p, "en")[1] == ("adjacent numbers",
                                               "even board: the larger number moves first")


def test_adjacent_steps_have_words_in_both_languages() -> None:
    """临近编排's steps 相邻/顺延 (with 下调, 拆对) are worded, not left as engine text."""
    assert {adjacent.STEP_ADJACENT, adjacent.STEP_NEXT_ELIGIBLE, adjacent.STEP_DOWNFLOAT,
            adjacent.STEP_BROKEN} <= set(explain._STEP_KEYS)
    # round 3: two boards with a floater (下调), two by the order (相邻)
    t = event(8, "1-2 1-0, 3-4 1-0, 5-6 1-0, 7-8 =", "1-3 1-0, 5-8 0-1, 2-4 1-0, 6-7 0-1")
    steps = {b.step for b in adjacent.pair(t).boards}
    assert {adjacent.STEP_ADJACENT} <= steps <= set(explain._STEP_KEYS)
    en = {s for s, _rule in explain.board_cells(adjacent.pair(t), "en")}
    assert en and not any(re.search(r"[\u4e00-\u9fff]", s) for s in en)


# -- item 8: the printed round sheet carries the explanation ---------------------------------------


def _round3_of_25(lang: str):
    """A 25-player event (three clubs, kept apart in every round) paired to
    round 3 through the workbook: 拆对, 同单位回避 and a bye."""
    from workbook_helpers import enter_results, pair, round_sheet
    from workbook_helpers import event as workbook_event

    from bianpai.addin.workbook import sheets as S

    v = workbook_event(25, lang=lang, clubs=True, rounds=7, **{"set.club_rounds": "all"})
    for k in (1, 2):
        v = enter_results(pair(v), k, seed=10 + k, lang=lang)
    v = pair(v)
    ev = S.read_event(v)
    return next(s for s in S.render_all(ev) if s.key == "round" and s.name == round_sheet(v, 3))


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_round_sheet_print_area_has_a_wall_copy_and_an_arbiters_copy(lang: str) -> None:
    """The print area is two ranges: the pairing table A–H (the wall copy),
    then the table with its step and colour-rule columns and the whole
    explanation below it (the arbiter's copy)."""
    from bianpai.addin.workbook import sheets as S

    out = _round3_of_25(lang)
    rows = [[c for c in r] for r in out.rows]
    table_last = next(i for i, r in enumerate(rows, start=1)
                      if i > S.ROUND_HEADER_ROW and all(c is None for c in r)) - 1
    assert out.print_setup.area == f"A1:H{table_last},A{S.ROUND_HEADER_ROW}:L{len(rows)}"
    words = {str(c) for r in rows[table_last:] for c in r if c is not None}
    assert (explain.text("xp.title", lang)) in words


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_round_sheet_prints_the_explanation(tmp_path, lang: str) -> None:
    """Rendered to PDF by LibreOffice: page 1, the wall copy, holds the boards
    and nothing of the explanation; page 2 holds the step and colour-rule
    columns and the 编排过程, with the 拆对, the club mates kept apart and the
    bye, as the round sheet says them."""
    import shutil
    import subprocess

    from bianpai.addin.files.writer import write_workbook

    soffice = shutil.which("soffice")
    assert soffice, "LibreOffice (soffice) is needed to render the printed sheets"
    out = _round3_of_25(lang)
    cells = [str(c) for r in out.rows for c in r if c is not None]
    club = "与同单位的 13、16 回避" if lang == "zh" else "13, 16, of the same club"
    club_line = next(c for c in cells if club in c)
    book = tmp_path / "round.xlsx"
    write_workbook(book, [(out, out.rows)])
    subprocess.run([soffice, "--headless", "--convert-to", "pdf", "--outdir", str(tmp_path), str(book)],
                   check=True, capture_output=True, timeout=180)
    pdf = book.with_suffix(".pdf")
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
    assert int(info.split("Pages:", 1)[1].split()[0]) == 2, info

    def page(n: int) -> str:
        got = subprocess.run(["pdftotext", "-f", str(n), "-l", str(n), "-layout", str(pdf), "-"],
                             capture_output=True, text=True, check=True).stdout
        return re.sub(r"\s+", "", got)

    wall, arbiter = page(1), page(2)
    title, step, rule = (explain.text(k, lang).replace(" ", "")
                         for k in ("xp.title", "col.step", "col.colour_rule"))
    broken = explain.text("xp.step.broken", lang).replace(" ", "")
    for word in (title, step, rule, broken):
        assert word not in wall, word
        assert word in arbiter, word
    assert club_line.split("  ")[1] == "20–7"  # board 3: 7 passes 13 and 16, his club mates
    assert re.sub(r"\s+", "", club_line) in arbiter
    bye = explain.text("xp.bye", lang).replace(" ", "").lower()
    assert bye in wall.lower() and bye in arbiter.lower()  # the bye row of the table, and the bye line below


@pytest.mark.parametrize("width", [40, 84, 120])
def test_long_lines_go_on_in_the_next_row(width: int) -> None:
    """A line of the explanation longer than the page allows is broken after a
    separator into rows of at most ``width`` display units (a CJK character
    2), the rows after the first indented; joined, they are the line."""
    zh = ("第9台  21–19  拆对：拆开 19–5（否则 21 要先而后走、14 要后而先走），改由 19 取 21；"
          "19 与同单位的 4 回避  ｜  (7) 平先上后 v 上先：上后先走")
    en = ("Board 9  21–19  pair broken: 19–5 broken (otherwise 21 would have black though he wants red and "
          "14 would have red though he wants black); 19 takes 21 instead  |  (7) last black v last red: last "
          "black moves first")
    for line in (zh, en):
        pieces = explain.wrap(line, width)
        assert len(pieces) == (1 if explain.units(line) <= width else len(pieces)) and len(pieces) >= 1
        assert all(explain.units(piece) <= width for piece in pieces), pieces
        assert all(piece.startswith(explain.CONTINUED) for piece in pieces[1:])
        assert pieces[0] + "".join(piece[len(explain.CONTINUED):] for piece in pieces[1:]) == line
    assert explain.units("第9台 21") == 8 and explain.wrap(zh, 200) == [zh]


def _wrap_as_first_written(line: str, width: int) -> list[str]:
    """explain.wrap as first written (every width counted again, per token and per
    cut): the oracle for the faster one."""
    out: list[str] = []
    cur = ""
    for token in (t for t in explain._BREAKS.split(line) if t):
        limit = width - (len(explain.CONTINUED) if out else 0)
        while explain.units(token) > limit:
            room = limit - explain.units(cur)
            cut = 0
            while cut < len(token) and explain.units(token[:cut + 1]) <= room:
                cut += 1
            if cut == 0:
                out.append(cur)
                cur = ""
                limit = width - len(explain.CONTINUED)
                continue
            out.append(cur + token[:cut])
            cur, token = "", token[cut:]
            limit = width - len(explain.CONTINUED)
        if cur and explain.units(cur) + explain.units(token) > limit:
            out.append(cur)
            cur = ""
        cur += token
    if cur or not out:
        out.append(cur)
    return [piece if i == 0 else explain.CONTINUED + piece for i, piece in enumerate(out)]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(["拆开", "19–5", "（", "）", "；", "，", "、", "：", " ", "; ", "a", "long",
                                 "先手少者先走", "x" * 30, "象" * 25, "𠀀", "é"]), max_size=40),
       st.sampled_from([6, 8, 12, 40, 84, 120]))
def test_wrap_breaks_as_it_did_when_every_width_was_counted_again(tokens: list[str], width: int) -> None:
    line = "".join(tokens)
    assert explain.wrap(line, width) == _wrap_as_first_written(line, width)
    assert explain.units(line) == sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in line)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_no_explanation_cell_runs_past_the_page(lang: str) -> None:
    """On the 25-player round sheet every cell of the explanation fits the
    width the printed page gives it."""
    from bianpai.addin.workbook import sheets as S

    out = _round3_of_25(lang)
    long = [c for r in out.rows[S.ROUND_HEADER_ROW:] for c in r[1:2]
            if isinstance(c, str) and explain.units(c) > explain.ROUND_LINE_UNITS]
    assert not long
    assert any(isinstance(r[1], str) and r[1].startswith(explain.CONTINUED) for r in out.rows if len(r) > 1)


# -- every reason true, over random events with clubs kept apart ------------------------------------


def _random_event(seed: int):
    """An event of 10–21 players in 4 clubs kept apart in every round, paired
    by the engine for 2–5 rounds with random results (seeded)."""
    import random
    from dataclasses import replace

    from bianpai.engine.model import Bye, ByeKind, Game, GameResult, Player, Round, Tournament

    rng = random.Random(seed)
    n = rng.randint(10, 21)
    t = Tournament("random", tuple(Player(i, f"P{i}", club=rng.choice("ABCD")) for i in range(1, n + 1)), (),
                   total_rounds=7, rules=Rules(club_rounds=None))
    for _ in range(rng.randint(2, 5)):
        try:
            p = dingwei.pair(t)
        except BianpaiError:  # clubs that cannot be kept apart
            break
        games = tuple(Game(b.red, b.black, rng.choice((GameResult.RED_WIN, GameResult.DRAW,
                                                         GameResult.BLACK_WIN))) for b in p.boards)
        t = replace(t, rounds=t.rounds + (Round(t.next_round, games,
                                                (Bye(p.bye, ByeKind.PAIRING),) if p.bye else ()),))
    return t


def test_every_reason_is_true_on_the_cards() -> None:
    """Over random events with 同单位回避: whoever a reason says a player has
    met, he has a game with on the cards; whoever it says he is kept apart
    from as a club mate is of his club and has no game with him; a seed rule
    quoted as the seed's fits its words (rule (1): 少先 v 多先; (2)–(7): two
    平先 cards); the bye line's players below had a bye; every pair and float
    of a bracket is shown once."""
    from bianpai.engine.results import FLOAT_MET_ALL

    checked = {"met": 0, "club": 0, "rule": 0, "bye": 0}
    for seed in range(40):
        t = _random_event(seed)
        if len(t.rounds) < 2:
            continue
        try:
            p = dingwei.pair(t)
        except BianpaiError:
            continue
        club = {pl.number: pl.club for pl in t.players}
        byes = {b.player for r in t.rounds for b in r.byes}
        for bd in p.boards:
            why, cw = bd.why, bd.colour_why
            if why is not None:
                for c in why.met:
                    assert met(t, why.chooser, c), (seed, bd)
                    checked["met"] += 1
                for c in why.club:
                    assert club[c] == club[why.chooser] and not met(t, why.chooser, c), (seed, bd)
                    checked["club"] += 1
            if cw is not None and cw.seed_rule and not cw.extended:
                checked["rule"] += 1
                if cw.seed_rule == 1:
                    assert cw.red_label.startswith("少先") and cw.black_label.startswith("多先"), (seed, bd)
                elif 2 <= cw.seed_rule <= 7:
                    assert cw.red_label.startswith("平先") and cw.black_label.startswith("平先"), (seed, bd)
        for b in p.brackets:
            for f in b.left:
                if f.because == FLOAT_MET_ALL:
                    assert all(met(t, f.player, c) for c in f.met), (seed, f)
                    assert all(club[c] == club[f.player] and not met(t, f.player, c)
                               for c in f.club), (seed, f)
            assert sorted(n for kind, n in b.handled if kind == "board") == sorted(b.boards)
            assert sorted(n for kind, n in b.handled if kind == "float") == sorted(f.player for f in b.left)
        if p.bye_why is not None:
            assert all(n in byes for n in p.bye_why.had_bye), (seed, p.bye_why)
            checked["bye"] += 1
    assert all(checked.values()), checked


def test_a_floater_who_could_still_meet_a_card_is_told_why_he_floats() -> None:
    """Item 5, "10 已与本段余下各人相遇" when he had not: a card floating while
    a card he may meet is still unpaired is not said to have met everyone;
    the criterion that floated him is named instead.  The 2-point group of
    :data:`SEVEN` (4 5 | 2), at the moment 4 would float with 5 and 2 still
    unpaired: 4 has met neither — and with 4–5, the first of them, 2 (who had
    the bye in round 2) would be left with no one."""
    from bianpai.engine.systems.chinese import core as swiss
    from bianpai.engine.results import BECAUSE_INCOMPLETE, FLOAT_MET_ALL

    t = event(7, *SEVEN)
    start = swiss.start_round(t, dingwei.SYSTEM, dingwei.build_round)
    rnd = start.rnd
    score, members = start.groups[-1]
    assert (score, sorted(members)) == (2, [2, 4, 5]) and not met(t, 4, 2) and not met(t, 4, 5)
    br = dingwei.make_bracket(rnd, score, [rnd.entrants[n] for n in members], frozenset(), [],
                              start.bye[0] if start.bye else None)
    order = sorted(members, key=lambda n: rnd.entrants[n].key)
    st = dingwei._State(order, frozenset(), (), (), 0, sum(br.lc[n] for n in order))
    top = dingwei.best(br, st)
    assert top is not None
    pairs, left = dingwei._full(br, st, top)
    after = dingwei._apply(br, st, 4, "float", None)
    why = dingwei._kept_from_all(br, st, after, 4, br.vector_of(pairs, left), pairs)
    assert why.because != FLOAT_MET_ALL
    assert (why.because, why.instead, why.left_without) == (BECAUSE_INCOMPLETE, 5, (2,))
    assert explain.float_reason_text(why, "zh") == "4 下调，不与 5 配对：否则 2 无人可配，排不通"
    assert explain.float_reason_text(why, "en") == (
        "4 floats rather than meet 5: otherwise 2 would have no one to meet and the round could not be "
        "completed")
