"""The arbiter's cards of round k (dingwei.md §2): a player's score, colours,
floats and urgency, and the two rows of a bracket (要先行, 要后行) in urgency
order; the want categories of §4 step 4 (同行配对)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ....history.colours import ColourState
from ....history.floats import Float
from ....model import Colour
from ..core import Entrant

NO_WANT_WEAK = True
"""Decision (§4 step 4, silent on it): a player with no colour yet counts as a
weak-want player in 同行配对 (takes the strongest category of his row first)."""

SAME_ROW_STRONG_ORDER = (3, 2, 1, 0)
"""§4.4 (``001`` §3 ①–②): a strong-want 先编者 (多先, 少先, 平先连先, 平先连后)
takes the weakest category first: no colour, 上, 连, 多."""

SAME_ROW_WEAK_ORDER = (0, 1, 2, 3)
"""§4.4 (``001`` §3 ③–④): a weak-want 先编者 (平先上先, 平先上后) takes the
strongest first: 多, 连, 上, no colour.  Within a category: the nearest card
below him in the row (向下按序号临近), then the next."""


@dataclass(frozen=True)
class Card(Entrant):
    """A player as the arbiter's card shows him for round k (§2): the entrant
    (score, colours, may take the bye, §7) with his floats and urgency."""

    last_float: Float | None
    downs: int
    ups: int
    key: tuple[float, int, int, int]  # urgency, ascending = most urgent first

    @property
    def want(self) -> Colour | None:
        return self.colours.want

    @property
    def strong(self) -> bool:
        """多先, 少先, 连先, 连后 (§4 step 4); 平先上先/上后 are weak."""
        cs = self.colours
        if cs.last is None:
            return not NO_WANT_WEAK
        return cs.d != 0 or cs.streak >= 2

    @property
    def category(self) -> int:
        """§4.4 want category: 0 多 (d ≠ 0), 1 连 (平先, L ≥ 2), 2 上 (平先, L = 1),
        3 no colour yet."""
        cs = self.colours
        if cs.last is None:
            return 3
        if cs.d != 0:
            return 0
        return 1 if cs.streak >= 2 else 2


def aligned_streak(cs: ColourState) -> int:
    """§2 key 3: L if the player has a 连 (L ≥ 2) whose colour is the opposite
    of the wanted colour, else 0 (a single 上先/上后 counts 0: ``001`` 优先编排
    (3)–(5) count only 连走)."""
    want = cs.want
    if want is None or cs.last is None or cs.last is want or cs.streak < 2:
        return 0
    return cs.streak


def urgency_key(number: int, score: float, cs: ColourState, round_no: int) -> tuple[float, int, int, int]:
    """§2: score, |d|, aligned streak (larger first), then number — ascending in
    odd rounds (单轮次小号在前), descending in even rounds (双轮次大号在前)."""
    return (-score, -abs(cs.d), -aligned_streak(cs), number if round_no % 2 else -number)


def lay_out_rows(cards: Sequence[Card]) -> tuple[list[Card], list[Card]]:
    """§2: the 要先行 and 要后行 of a bracket, each in urgency order.  Players
    with no want join the shorter row (the red row on a tie), one at a time in
    urgency order."""
    red = sorted((c for c in cards if c.want is Colour.RED), key=lambda c: c.key)
    black = sorted((c for c in cards if c.want is Colour.BLACK), key=lambda c: c.key)
    for c in sorted((c for c in cards if c.want is None), key=lambda c: c.key):
        (red if len(red) <= len(black) else black).append(c)
    red.sort(key=lambda c: c.key)
    black.sort(key=lambda c: c.key)
    return red, black
