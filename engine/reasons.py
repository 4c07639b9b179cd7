"""How a system made its pairing, as records the workbook words (``addin/explain.py``):
why a board's colours (:class:`ColourReason`), how a pair was made
(:class:`PairReason`), why a player floats (:class:`FloatReason`) and how a
bracket's cards were laid (:class:`BracketLayout`); docs/spec/dingwei.md §10.

They are named by :mod:`.pairing` too, where a :class:`~.pairing.Board` and a
:class:`~.pairing.Pairing` carry them; this module is imported only by a
system that explains its pairing (定位编排, the adjacent method, round 1,
the team system), so that a Dutch ``trf-pair`` does not make their classes
(issue 16: start-up).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ColourReason:
    """Why red went to the red player of a board, as a record the workbook words
    (``addin/explain.py``).  ``rule``: the engine's code of the rule
    (``colours.RULE_*``, ``round1.RULE_*``); ``seed_rule``: the seed's own rule
    number (``001`` §二.4 (1)–(9), docs/spec/dingwei.md §10), 0 when the seed
    numbers none; ``red_label``/``black_label``: the two cards' labels before
    the round (少先连后, 平先上先 …; "" for no colour yet); ``swapped``: every
    colour of round 1 turned (TRF ``XXC black1``)."""

    rule: str
    seed_rule: int = 0
    red_label: str = ""
    black_label: str = ""
    swapped: bool = False


@dataclass(frozen=True)
class PairReason:
    """How one pair was made (docs/spec/dingwei.md §10): ``step`` (the system's
    code: 同位/错位/通行/同行/下调/拆对 for 定位编排); ``chooser`` the 先编者 who
    chose; ``met`` the cards he had met ahead of his partner (错位); ``passed``
    the players passed over before this pair (通行); ``broken`` the pair the
    plain order would have made and ``because`` why it was not (拆对,
    ``BECAUSE_*``); ``floaters`` the players of the pair floated down from above;
    ``apart`` the cards ahead of his partner he is kept apart from (回避名单,
    engine/apart.py)."""

    step: str
    chooser: int = 0
    met: tuple[int, ...] = ()
    passed: tuple[int, ...] = ()
    broken: tuple[int, int] | None = None
    because: str = ""
    floaters: tuple[int, ...] = ()
    apart: tuple[int, ...] = ()


@dataclass(frozen=True)
class FloatReason:
    """Why ``player`` floats down out of a bracket (下调): ``because`` is
    ``FLOAT_*`` or, when another card could have floated in the plain order,
    the ``BECAUSE_*`` reason that chose him; ``instead`` that other card."""

    player: int
    because: str
    instead: int | None = None


@dataclass(frozen=True)
class BracketLayout:
    """A bracket as the arbiter lays the cards: its score and its two rows
    (要先行 wants red, 要后行 wants black), each in urgency order.  ``labels``:
    each card's label (number, 少先连后 …); ``first``: the bracket's first
    先编者; ``boards``: the board numbers of its pairs in the order made;
    ``left``: who floats down out of it, and why."""

    score: float
    red_row: tuple[int, ...]
    black_row: tuple[int, ...]
    floaters: tuple[int, ...] = ()
    note: str = ""
    labels: tuple[tuple[int, str], ...] = ()
    first: int | None = None
    boards: tuple[int, ...] = ()
    left: tuple[FloatReason, ...] = ()


__all__ = ["BracketLayout", "ColourReason", "FloatReason", "PairReason"]
