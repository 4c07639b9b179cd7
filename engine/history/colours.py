"""Colour history (先后手): R, B, d, streak and the colour a player wants.

Only games played over the board give colours; a bye, a forfeit and an
absence leave everything unchanged (dingwei.md §1, as FIDE does).  Who of
two paired players gets red (the Chinese family's §6) is
:mod:`.colour_allocation`, which reads this history; this module imports
nothing of it.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..model import Colour, PlayerHistory


@dataclass(frozen=True)
class ColourState:
    """A player's colours so far (dingwei.md §1 terms)."""

    reds: int  # R
    blacks: int  # B
    streak: int  # L: length of the trailing run of equal colours
    last: Colour | None  # colour of the last played game

    @property
    def d(self) -> int:
        """R − B: > 0 多先, < 0 少先, 0 平先."""
        return self.reds - self.blacks

    @property
    def played(self) -> int:
        return self.reds + self.blacks

    @property
    def want(self) -> Colour | None:
        """要先 / 要后 (dingwei.md §2): d < 0 or (d = 0 and last black) wants red;
        d > 0 or (d = 0 and last red) wants black; no colour yet: no want."""
        if self.d < 0:
            return Colour.RED
        if self.d > 0:
            return Colour.BLACK
        if self.last is None:
            return None
        return self.last.opposite

    @property
    def t(self) -> int:
        """+L if the streak is black, −L if red (dingwei.md §6.3)."""
        if self.last is None:
            return 0
        return self.streak if self.last is Colour.BLACK else -self.streak

    def after(self, colour: Colour) -> "ColourState":
        """The state after one more game with ``colour``."""
        streak = self.streak + 1 if colour is self.last else 1
        if colour is Colour.RED:
            return ColourState(self.reds + 1, self.blacks, streak, colour)
        return ColourState(self.reds, self.blacks + 1, streak, colour)

    def label(self) -> str:
        """The arbiter's words: 少先/多先/平先 with 连先/连后/上先/上后."""
        base = "少先" if self.d < 0 else "多先" if self.d > 0 else "平先"
        if self.last is None:
            return base
        if self.streak >= 2:
            return base + ("连先" if self.last is Colour.RED else "连后")
        return base + ("上先" if self.last is Colour.RED else "上后")

    def sized_label(self) -> str:
        """The card's label with its sizes, as the explanation shows it
        (docs/spec/dingwei.md §10, version 2.1): |d| after 少先/多先 and the
        streak length after 连先/连后 — 少先2上后, 少先2连后2, 多先1连先2,
        平先上先 — since the 先编者 is chosen by the larger difference."""
        base = "少先" if self.d < 0 else "多先" if self.d > 0 else "平先"
        if self.d:
            base += str(abs(self.d))
        if self.last is None:
            return base
        if self.streak >= 2:
            return base + ("连先" if self.last is Colour.RED else "连后") + str(self.streak)
        return base + ("上先" if self.last is Colour.RED else "上后")


NO_COLOURS = ColourState(0, 0, 0, None)


def colour_state(colours: tuple[Colour, ...] | list[Colour]) -> ColourState:
    """The state after the given sequence of played colours (as many
    :meth:`ColourState.after` from :data:`NO_COLOURS`, counted at once)."""
    if not colours:
        return NO_COLOURS
    last = colours[-1]
    streak = 0
    for c in reversed(colours):
        if c is not last:
            break
        streak += 1
    reds = sum(1 for c in colours if c is Colour.RED)
    return ColourState(reds, len(colours) - reds, streak, last)


def colour_state_of(h: PlayerHistory) -> ColourState:
    return colour_state(h.colours)


def colour_string(h: PlayerHistory) -> str:
    """Colours as the cards show them: 先 for red, 后 for black, in order."""
    return "".join("先" if c is Colour.RED else "后" for c in h.colours)


def three_in_a_row_or_three_up(s: ColourState) -> bool:
    """连三先/连三后/多三先/多三后: L ≥ 3 or |d| ≥ 3 (dingwei.md §5 4(a), §6.1)."""
    return s.streak >= 3 or abs(s.d) >= 3


__all__ = [
    "NO_COLOURS", "ColourState", "colour_state", "colour_state_of", "colour_string",
    "three_in_a_row_or_three_up",
]
