"""Colours within a pair (确定先后走, docs/spec/dingwei.md §6) for the Chinese
family — 定位编排 and the adjacent method (engine/systems/chinese/core.py) — and the seed's
numbers of its rules (``001`` §二.4), which the explanation quotes.

It reads the colour history (:mod:`.colours`: d, t, the streak); the history
does not import it.
"""

from __future__ import annotations

from ...history.colours import ColourState, three_in_a_row_or_three_up
from ...model import Colour

RULE_AVOID_THREE = "§6.1 避免三先/三后"
RULE_FEWER_REDS = "§6.2 少先先走"
RULE_STREAK = "§6.3 连后先走"
RULE_HIGH_SCORE = "§6.4 低分服从高分"
RULE_NUMBER_SUM = "§6.5 号码之和"
"""Engine codes of the colour rules (``Board.colour_rule``).  What the arbiter
reads is :class:`~bianpai.engine.results.ColourReason` (``Board.colour_why``), worded by
``addin/workbook/explain.py`` with the seed's own rule number."""

SEED_RULE_FEWER_REDS = 1
"""Seed ``001`` §二.4 (1) 少先 v 多先：少先的先走 (docs/spec/dingwei.md §6 rule 1)."""
SEED_RULE_NUMBER_SUM = 8
"""Seed ``001`` §二.4 (8): the sum of the two numbers decides (§6 rule 4)."""
SEED_RULE_HIGH_SCORE = 9
"""Seed ``001`` §二.4 (9) 低分服从高分 (§6 rule 3)."""


def seed_streak_rule(red: ColourState, black: ColourState) -> int:
    """The rule of seed ``001`` §二.4 (2)–(7) that gives red to ``red`` over
    ``black`` when d is equal and the larger t decides (docs/spec/dingwei.md §6
    rule 2): (2) 连后 v 连先, (3) 连后 v 连后 (more), (4) 连先 v 连先 (fewer),
    (5) 连后 v 上后, (6) 上先 v 连先, (7) 上后 v 上先.  0 for a pair the seed
    does not list (连后 v 上先, 上后 v 连先, or a player with no colour yet):
    the larger t still decides — the one whose last game was black, or the
    shorter run of reds — and the explanation says so in those words."""
    if red.last is None or black.last is None:
        return 0
    r_run, b_run = red.streak >= 2, black.streak >= 2
    if red.last is Colour.BLACK and black.last is Colour.BLACK:
        return 3 if r_run and b_run else 5
    if red.last is Colour.RED and black.last is Colour.RED:
        return 4 if r_run and b_run else 6
    if red.last is Colour.BLACK and r_run == b_run:
        return 2 if r_run else 7
    return 0


def _high_score_want(a: ColourState, b: ColourState, a_score: float,
                     b_score: float) -> bool | None:
    """§6.4 低分服从高分: True if ``a`` gets red, False if ``b`` does, None: no decision."""
    if a_score == b_score:
        return None
    high = a if a_score > b_score else b
    if high.want is None:
        return None
    high_red = high.want is Colour.RED
    return high_red if a_score > b_score else not high_red


def allocate_colours(
    a: ColourState, b: ColourState, a_num: int, b_num: int, a_score: float, b_score: float,
    round_no: int, total_rounds: int, high_score_first: bool = False,
    avoid_three: bool = True,
) -> tuple[int, int, str]:
    """Who of two paired players gets red: ``(red, black, rule)``.

    docs/spec/dingwei.md §6 (version 2), in this order:

    1. the smaller d (少先 red);
    2. the larger t (+L if the streak is black, −L if red);
    3. from the third-last round on (k ≥ total − 2), when the scores differ, the
       higher score's want (低分服从高分);
    4. the sum of the numbers: odd — the smaller number red, even — the larger.

    ``avoid_three`` (the adjacent method, which does not choose pairs by
    colour): first the way that creates fewer cases of three equal colours in
    a row or |d| ≥ 3.  定位编排 (version 2) has no such rule: it avoids three in
    a row by choosing pairs (§5 criterion 4a).

    ``high_score_first`` (the ``000`` reading, §6 last paragraph): 低分服从高分
    is tried first, before the colour history comparison.
    """
    if avoid_three:
        a_red_bad = (three_in_a_row_or_three_up(a.after(Colour.RED))
                     + three_in_a_row_or_three_up(b.after(Colour.BLACK)))
        b_red_bad = (three_in_a_row_or_three_up(b.after(Colour.RED))
                     + three_in_a_row_or_three_up(a.after(Colour.BLACK)))
        if a_red_bad != b_red_bad:
            return _as_pair(a_red_bad < b_red_bad, a_num, b_num, RULE_AVOID_THREE)
    late = round_no >= total_rounds - 2
    if high_score_first and late:
        h = _high_score_want(a, b, a_score, b_score)
        if h is not None:
            return _as_pair(h, a_num, b_num, RULE_HIGH_SCORE)
    if a.d != b.d:
        return _as_pair(a.d < b.d, a_num, b_num, RULE_FEWER_REDS)
    if a.t != b.t:
        return _as_pair(a.t > b.t, a_num, b_num, RULE_STREAK)
    if late and not high_score_first:
        h = _high_score_want(a, b, a_score, b_score)
        if h is not None:
            return _as_pair(h, a_num, b_num, RULE_HIGH_SCORE)
    small, large = min(a_num, b_num), max(a_num, b_num)
    red = small if (a_num + b_num) % 2 else large
    return (red, large if red == small else small, RULE_NUMBER_SUM)


def seed_rule_of(rule: str, red: ColourState, black: ColourState) -> int:
    """The seed's rule number (``001`` §二.4) of an allocation by ``rule``
    (0: a rule the seed does not number, e.g. the adjacent method's 避免三先)."""
    if rule == RULE_FEWER_REDS:
        return SEED_RULE_FEWER_REDS
    if rule == RULE_STREAK:
        return seed_streak_rule(red, black)
    if rule == RULE_HIGH_SCORE:
        return SEED_RULE_HIGH_SCORE
    if rule == RULE_NUMBER_SUM:
        return SEED_RULE_NUMBER_SUM
    return 0


SEED_RULE_LAST_COLOURS = 7
"""The seed rule a colour streak comparison the seed does not list extends
(连后 v 上先, 上后 v 连先, a card with no colour yet v one with): ``001`` §二.4
(7) 上后 v 上先 — the one whose last game was black (or who has no colour yet
against one whose last was red) moves first."""


def seed_reading(rule: str, red: ColourState, black: ColourState) -> tuple[int, bool]:
    """The seed's rule number (``001`` §二.4 (1)–(9)) an allocation by ``rule``
    follows, and whether it goes beyond the rule's words (docs/spec/dingwei.md
    §10, version 2.1: shown as an extension, never quoted as the seed's):

    * (1) says 少先 v 多先; any other two different d (平先 v 多先, 多先1 v
      多先2, 未走过 v 少先) extend it;
    * (2)–(7) speak of 平先 cards; the same comparison between two 少先 or
      two 多先 cards extends them, and a pair they do not list (连后 v 上先,
      上后 v 连先, no colour yet) extends (7) (:data:`SEED_RULE_LAST_COLOURS`);
    * (9) applies when the colours are alike; applied before them (the
      ``high_score_first`` setting) it is extended;
    * (8) applies to every pair it decides.

    (0, False) for a rule the seed does not number."""
    if rule == RULE_FEWER_REDS:
        return SEED_RULE_FEWER_REDS, not (red.d < 0 < black.d)
    if rule == RULE_STREAK:
        n = seed_streak_rule(red, black)
        if n and red.d == 0 and black.d == 0:
            return n, False
        return n or SEED_RULE_LAST_COLOURS, True
    if rule == RULE_HIGH_SCORE:
        return SEED_RULE_HIGH_SCORE, not (red.d == black.d and red.t == black.t)
    if rule == RULE_NUMBER_SUM:
        return SEED_RULE_NUMBER_SUM, False
    return 0, False


def _as_pair(a_red: bool, a_num: int, b_num: int, rule: str) -> tuple[int, int, str]:
    return (a_num, b_num, rule) if a_red else (b_num, a_num, rule)


__all__ = [
    "RULE_AVOID_THREE", "RULE_FEWER_REDS", "RULE_HIGH_SCORE", "RULE_NUMBER_SUM", "RULE_STREAK",
    "SEED_RULE_FEWER_REDS", "SEED_RULE_HIGH_SCORE", "SEED_RULE_LAST_COLOURS", "SEED_RULE_NUMBER_SUM",
    "allocate_colours", "seed_reading", "seed_rule_of", "seed_streak_rule",
]
