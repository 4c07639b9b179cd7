"""How a system made its pairing, as records the workbook words (``addin/workbook/explain.py``):
why a board's colours (:class:`ColourReason`), how a pair was made
(:class:`PairReason`), why a player floats (:class:`FloatReason`) and how a
bracket's cards were laid (:class:`BracketLayout`); docs/spec/dingwei.md §10.

They are named by :mod:`~bianpai.engine.results` too, where a :class:`~bianpai.engine.results.Board` and a
:class:`~bianpai.engine.results.Pairing` carry them; this module is imported only by a
system that explains its pairing (定位编排, the adjacent method, round 1,
the team system), so that a Dutch ``trf-pair`` does not make their classes
(issue 16: start-up).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ColourReason:
    """Why red went to the red player of a board, as a record the workbook words
    (``addin/workbook/explain.py``).  ``rule``: the engine's code of the rule
    (``colour_allocation.RULE_*``, ``round1.RULE_*``); ``seed_rule``: the seed's own rule
    number (``001`` §二.4 (1)–(9), docs/spec/dingwei.md §10), 0 when the seed
    numbers none; ``red_label``/``black_label``: the two cards' labels before
    the round, with their sizes (少先2连后2, 平先上先 …; "" for no colour yet);
    ``swapped``: every colour of round 1 turned (TRF ``XXC black1``);
    ``extended``: the seed's rule applied beyond its words (e.g. rule (1) for
    平先 v 多先1), shown as such (docs/spec/dingwei.md §10, version 2.1)."""

    rule: str
    seed_rule: int = 0
    red_label: str = ""
    black_label: str = ""
    swapped: bool = False
    extended: bool = False


@dataclass(frozen=True)
class PairReason:
    """How one pair was made (docs/spec/dingwei.md §10): ``step`` (the system's
    code: 同位/错位/通行/同行/下调/拆对 for 定位编排); ``chooser`` the 先编者 who
    chose; ``met`` the cards he had met ahead of his partner (错位); ``passed``
    the players passed over before this pair (通行); ``broken`` the pair the
    plain order would have made and ``because`` why it was not (拆对,
    ``BECAUSE_*``); ``floaters`` the players of the pair floated down from above;
    ``apart`` the cards ahead of his partner he is kept apart from (回避名单,
    engine/constraints/apart.py); ``club`` the club mates ahead of his partner he is kept
    apart from (同单位回避, never worded as a game); ``worse`` what the broken
    pair would have cost, as (player, ``WORSE_*``) (否则 1 成为多二先);
    ``left_without`` who would have had no opponent (否则 16 无人可配);
    ``would_float`` who would have floated that the pairing keeps (one pair
    fewer, or a higher score left over: 否则 6 下调);
    ``skipped`` the nearer cards of his own row he passed over for the §4.4
    category order (同行); ``waiting`` the players passed over before this
    pair who had given up a pair of their own (their 拆对 or 下调 line comes
    first), apart from ``passed``, who had no one left to meet."""

    step: str
    chooser: int = 0
    met: tuple[int, ...] = ()
    passed: tuple[int, ...] = ()
    broken: tuple[int, int] | None = None
    because: str = ""
    floaters: tuple[int, ...] = ()
    apart: tuple[int, ...] = ()
    club: tuple[int, ...] = ()
    worse: tuple[tuple[int, str], ...] = ()
    left_without: tuple[int, ...] = ()
    skipped: tuple[int, ...] = ()
    waiting: tuple[int, ...] = ()
    would_float: tuple[int, ...] = ()


WORSE_THREE_RED, WORSE_THREE_BLACK = "row3.red", "row3.black"  # 连三先 / 连三后
WORSE_UP3_RED, WORSE_UP3_BLACK = "up3.red", "up3.black"  # 多三先 / 多三后
WORSE_UP2_RED, WORSE_UP2_BLACK = "up2.red", "up2.black"  # 多二先 / 多二后
WORSE_WANT_RED, WORSE_WANT_BLACK = "want.red", "want.black"  # wants black but red / wants red but black
WORSE_AGAIN_RED, WORSE_AGAIN_BLACK = "again.red", "again.black"  # the same colour as last round
"""What a pair would have cost a player by the colour criteria (docs/spec/dingwei.md
§5 criterion 4 (a)–(d)), named in a 拆对 or 下调 reason: the colour he would have
had and what it would have made of his card."""


@dataclass(frozen=True)
class FloatReason:
    """Why ``player`` floats down out of a bracket (下调): ``because`` is
    ``FLOAT_*`` or, when another card could have floated in the plain order,
    the ``BECAUSE_*`` reason that chose him; ``instead`` that other card.
    ``met``/``club``/``apart``: for ``FLOAT_MET_ALL``, the cards still
    unpaired he has met, is kept apart from as a club mate, or by the 回避名单;
    ``worse``, ``left_without`` and ``would_float`` as in :class:`PairReason`."""

    player: int
    because: str
    instead: int | None = None
    met: tuple[int, ...] = ()
    club: tuple[int, ...] = ()
    apart: tuple[int, ...] = ()
    worse: tuple[tuple[int, str], ...] = ()
    left_without: tuple[int, ...] = ()
    would_float: tuple[int, ...] = ()


@dataclass(frozen=True)
class ByeReason:
    """Why ``player`` has the bye (docs/spec/dingwei.md §7, §10): his score,
    whether his group is the lowest of the round, and the players below him
    who could not have it — ``had_bye`` had a bye or a point without playing
    before, ``blocked`` would have left the round incomplete."""

    player: int
    score: float
    lowest: bool
    had_bye: tuple[int, ...] = ()
    blocked: tuple[int, ...] = ()


@dataclass(frozen=True)
class BracketLayout:
    """A bracket as the arbiter lays the cards: its score and its two rows
    (要先行 wants red, 要后行 wants black), each in urgency order.  ``labels``:
    each card's label (number, 少先连后 …); ``first``: the bracket's first
    先编者; ``boards``: the board numbers of its pairs in the order made;
    ``left``: who floats down out of it, and why; ``scores``: the score of
    each player floated into it (a floater shows his score); ``handled``: the
    pairs (``("board", n)``) and floats (``("float", player)``) in the order
    the cards were handled — a 拆对 where its 先编者 gave up his first
    option, before the pairs it made possible (§10, version 2.1)."""

    score: float
    red_row: tuple[int, ...]
    black_row: tuple[int, ...]
    floaters: tuple[int, ...] = ()
    note: str = ""
    labels: tuple[tuple[int, str], ...] = ()
    first: int | None = None
    boards: tuple[int, ...] = ()
    left: tuple[FloatReason, ...] = ()
    scores: tuple[tuple[int, float], ...] = ()
    handled: tuple[tuple[str, int], ...] = ()


__all__ = ["BracketLayout", "ByeReason", "ColourReason", "FloatReason", "PairReason"]
