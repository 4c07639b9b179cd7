"""The explanation of a 定位编排 round in the arbiter's words, zh and en
(docs/spec/dingwei.md §10; addin/explain.py over the engine's records).

The events are the worked examples of tests/test_dingwei.py, whose docstrings
derive the pairings by hand with the cards.
"""

from __future__ import annotations

import re

import pytest

from bianpai.addin import explain
from bianpai.engine import adjacent, dingwei

from test_dingwei import FINAL, NEAREST, PASSED, event

FORBIDDEN = re.compile(r"§|spec|001|dingwei\.md", re.IGNORECASE)


def texts(rows) -> list[str]:
    return [str(c) for r in rows for c in r if c is not None]


def lines(p, lang: str) -> list[str]:
    return [" | ".join(str(c) for c in r if c is not None) for r in explain.explanation_rows(p, lang)]


def test_final_round_explained_in_chinese() -> None:
    """The final-round example: the bracket's two rows with labels, the
    先编者 marked, the pairs in the order made with step and reason (拆对: the
    pair broken and why; 错位: whom the 同位 card had met), the floats, the bye
    and the colour rules by the seed's number and words."""
    p = dingwei.pair(event(7, *FINAL, total=3))
    assert explain.board_cells(p, "zh") == (
        ("拆对", "(1) 少先 v 多先：少先先走"),
        ("同位", "(1) 少先 v 多先：少先先走"),
        ("错位", "(7) 平先上后 v 上先：上后先走"),
    )
    assert lines(p, "zh") == [
        "编排过程",
        "4分段 | 要先行 | —",
        "要后行 | 7 多先上先（先编）",
        "下调 | 7 是本积分段唯一的一人，下调",
        "2分段 | 要先行 | 6 少先上后  1 平先上后  4 平先上后  5 平先上后",
        "要后行 | 7 多先上先（先编）  2 平先上先  3 平先上先",
        "下调者 | 7",
        "第1台 | "
         "1–7  拆对：拆开 7–6（先后手更平衡），改由 7 取 1 | (1) 少先 v 多先：少先先走",
        "第2台 | 6–2  同位：6 先编，取异行同位的 2 | (1) 少先 v 多先：少先先走",
        "第3台 | "
         "5–3  错位：3 先编，已与同位的 4 相遇，错位取 5 | (7) 平先上后 v 上先：上后先走",
        "下调 | 4 是本积分段剩下的一人，下调",
        "轮空 | 4（最低分段中剩下的一人）",
    ]


def test_final_round_explained_in_english() -> None:
    p = dingwei.pair(event(7, *FINAL, total=3))
    assert explain.board_cells(p, "en")[2] == ("next in row",
                                               "(7) last black v last red: last black moves first")
    got = lines(p, "en")
    assert got[5] == ("Wants black | 7 more reds, last red (chooses first)  2 level, last red  "
                      "3 level, last red")
    assert got[7] == ("Board 1 | 1–7  pair broken: 7–6 broken (better colour balance); 7 takes 1 instead"
                      " | (1) fewer reds v more reds: fewer reds moves first")
    assert got[-1] == "Bye | 4 (the one left over in the lowest score group)"


def test_passed_over_broken_for_completion_and_floaters() -> None:
    """通行: who was passed; 拆对 排不通; 下调: the floaters paired first, and why
    each card floats and not another."""
    p = dingwei.pair(event(6, *PASSED, total=5))
    zh = lines(p, "zh")
    assert ("第1台 | "
            "6–2  通行：4 在异行无可配对者，通行；2 先编，取 6 | (1) 少先 v 多先：少先先走") in zh
    assert "下调 | 4 已与本段余下各人相遇，下调" in zh
    assert ("第2台 | "
            "5–4  拆对：拆开 4–1（否则排不通），改由 4 取 5 | (9) 倒数第三轮起积分不等：低分服从高分") in zh
    assert ("第3台 | "
            "1–3  下调：3 由上一积分段下调，优先编排；3 取 1 | (5) 平先上后 v 连后：连后先走") in zh
    en = lines(p, "en")
    assert ("Board 1 | 6–2  passed over: 4 passed over (no one left to meet in the other row); "
            "2 chooses and "
            "takes 6 | (1) fewer reds v more reds: fewer reds moves first") in en
    assert "floated down | 4 has met everyone left and floats down" in en


def test_nearest_scores_named_as_the_reason() -> None:
    """The floater who met the only card of the other row: the pair 通行 would
    have made is broken for nearest scores, and the card left over says why it
    floats rather than the floater."""
    p = dingwei.pair(event(7, *NEAREST, total=3))
    zh = lines(p, "zh")
    assert ("第2台 | 6–1  拆对：拆开 1–5（近分者编对，避免跨越积分段），改由 6 取 1 | "
            "(1) 少先 v 多先：少先先走") in zh
    assert "下调 | 5 下调，不与 1 配对：近分者编对，避免跨越积分段" in zh
    en = lines(p, "en")
    assert ("floated down | 5 floats rather than meet 1: nearest scores: no one floats past a score "
            "group he could play in") in en


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
