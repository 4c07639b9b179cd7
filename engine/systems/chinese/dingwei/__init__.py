"""定位编排法 — the positional Swiss pairing method (dingwei.md).

:func:`pair` pairs the next round of a tournament:

* round 1 by a draw-based method (:mod:`~bianpai.engine.systems.round1`, dingwei.md §3);
* from round 2, bracket by bracket from the top score down (§4): the cards of a
  bracket are laid out in two rows, 要先行 (wants red) and 要后行 (wants black),
  each in urgency order (§2); the 先编者 chooses his opponent in the other row
  (同位, 错位), a player with none is passed over (通行), the rest pair in their
  own row (同行) or float down (下调);
* the bracket's pairing must be optimal by the criteria of §5 (completion of the
  whole round, fewest club pairs when 同单位回避 is soft, most pairs, nearest
  scores, floats when that setting is on (3b), colours); among the optimal
  pairings the one met first in the §4 order is chosen.  A pair that the plain
  §4 order would not have made is labelled 拆对, with the pair it broke and why.

How §5 is made exact and fast: every criterion of §5 is a sum over the pairs and
the left-over players of a bracket, so the best value a bracket can reach is a
maximum-weight matching (``rustworkx.max_weight_matching``) on the bracket's
players — together with the lower brackets and a bye node when the completion
of the round is at stake.  The §4 search then walks its usual order and, at each
choice, takes the first option with which that best value can still be reached;
a matching that reaches it (the *witness*) makes most checks free.  Completion
needs no matching when the players below are many: each player has met at most
k−1 others, so any even set of at least 2Δ+2 of them can be paired (Dirac's
theorem, Δ the most opponents any player may not meet).

What it shares with the other Chinese Swiss methods (entrants, met sets, the
bye group of §7, completion, the start of a round) is in :mod:`~bianpai.engine.systems.chinese.core`.

Colours within a pair: :func:`~bianpai.engine.history.colours.allocate_colours` (§6).  Rules (typed,
``t.rules``, engine/rules.py): ``provisional`` (§8), ``club_rounds`` and
``club_strength`` (§4/§5 同单位回避), ``float_balance`` (§5 criterion 3b),
``high_score_first`` (§6) and ``round1`` (§3).

Every section (§) cited here is one of docs/spec/dingwei.md (version 2.1).

The package, one idea a module (each imports only those above it):

* :mod:`.cards` — the cards and the two rows of a bracket (§2, §4.4 categories);
* :mod:`.steps` — the step names of §10 and which one a pair is given;
* :mod:`.criteria` — the criteria of §5 as the fields of a bracket's value;
* :mod:`.pair_colours` — what a pair costs by criterion 4, its colours by §6;
* :mod:`.round` — round k: its cards, whom each may not meet, its costs;
* :mod:`.bracket` — a bracket: its value and its matching graph;
* :mod:`.order` — the §4 order: the 先编者's options and taking one;
* :mod:`.witness` — what a bracket can reach without a matching (speed only);
* :mod:`.best` — what a bracket can reach, by maximum-weight matching;
* :mod:`.bye` — the bye (§7) as the explanation words it;
* :mod:`.explain` — why a plain option was given up, why a player floats (§10);
* :mod:`.procedure` — the bracket procedure: §4 in order, each choice §5-optimal;
* :mod:`.entry` — :func:`pair`, bracket by bracket, and what blocks a round.
"""

from __future__ import annotations

from ....rules import AVOID_CLUB, CLUB_HARD, CLUB_SOFT
from ..core import BYE, Entrant, SwissRound
from .bracket import LAZY_GRAPH, MAX_WEIGHT_BITS, cost_type, make_bracket, nearest_weights
from .cards import (
    NO_WANT_WEAK, SAME_ROW_STRONG_ORDER, SAME_ROW_WEAK_ORDER, Card, aligned_streak, lay_out_rows, urgency_key,
)
from .criteria import (
    DOUBLE_FLOAT_LIMIT, F_CA, F_CB, F_CC, F_CD, F_CLUB, F_FLIMIT, F_FSAME, F_NEAR, F_PAIRS, FIELD_BECAUSE,
    FLOAT_ALONE_JUDGED_NOW, FLOAT_COUNTED_WHERE_IT_BEGAN, FLOAT_FIELDS_ORDER, NEAREST_SCORES_ABOVE_STEPS,
)
from .entry import SYSTEM, club_blocks, next_round_cards, pair
from .explain import BROKEN_REASON_OF_THE_OPTIONS_AHEAD
from .pair_colours import (
    COLOUR_SPREAD_COUNTED, COLOURS_OF_THIS_BRACKET_ONLY, FINAL_ROUND_IGNORES_THREE_IN_A_ROW,
)
from .procedure import BracketResult, pair_bracket
from .round import build_round
from .steps import (
    BROKEN_BEFORE_DOWNFLOAT, STEP_BROKEN, STEP_DOWNFLOAT, STEP_ORDER_NOTE, STEP_PASSED, STEP_SAME_POSITION,
    STEP_SAME_ROW, STEP_SHIFTED,
)
from .witness import BOUND_CLASSES, GREEDY_WITNESS

# The search's insides, for the tests that take a bracket apart (tests/test_explain.py)
from .best import _full, best, best_with  # noqa: F401
from .bracket import _Bracket, _State  # noqa: F401
from .explain import _kept_from_all  # noqa: F401
from .order import _apply  # noqa: F401
from .round import _Round  # noqa: F401

__all__ = [
    "AVOID_CLUB", "BOUND_CLASSES", "BROKEN_BEFORE_DOWNFLOAT", "BROKEN_REASON_OF_THE_OPTIONS_AHEAD", "BYE",
    "BracketResult", "CLUB_HARD", "CLUB_SOFT", "COLOURS_OF_THIS_BRACKET_ONLY", "COLOUR_SPREAD_COUNTED",
    "Card",
    "DOUBLE_FLOAT_LIMIT", "Entrant", "FIELD_BECAUSE", "FINAL_ROUND_IGNORES_THREE_IN_A_ROW",
    "FLOAT_ALONE_JUDGED_NOW", "FLOAT_COUNTED_WHERE_IT_BEGAN", "FLOAT_FIELDS_ORDER", "F_CA", "F_CB", "F_CC",
    "F_CD", "F_CLUB", "F_FLIMIT", "F_FSAME", "F_NEAR", "F_PAIRS", "GREEDY_WITNESS", "LAZY_GRAPH",
    "MAX_WEIGHT_BITS", "NEAREST_SCORES_ABOVE_STEPS", "NO_WANT_WEAK", "SAME_ROW_STRONG_ORDER",
    "SAME_ROW_WEAK_ORDER", "STEP_BROKEN", "STEP_DOWNFLOAT", "STEP_ORDER_NOTE", "STEP_PASSED",
    "STEP_SAME_POSITION", "STEP_SAME_ROW", "STEP_SHIFTED", "SYSTEM", "SwissRound", "aligned_streak",
    "best", "best_with", "build_round", "club_blocks", "cost_type", "lay_out_rows", "make_bracket",
    "nearest_weights", "next_round_cards", "pair", "pair_bracket", "urgency_key",
]
