"""What every pairing system returns: the pairing of a round (:class:`Pairing`)
and its boards (:class:`Board`).

A system is a function ``pair(t: Tournament) -> Pairing`` that pairs
``t.next_round``.  Its rules come from ``t.rules`` (typed, engine/rules.py;
files and the Settings sheet are read into them at their edges).  The
registry of systems, and pairing with one by its name, is :mod:`.systems`
(this module imports no system and not the registry).
The pairing says, for every board, how it was made: the workbook shows that
to the arbiter (docs/spec/dingwei.md §10) — as the records of
:mod:`.reasons`, named here too but made only when a system that explains
its pairing first asks for one (:func:`__getattr__`), so that a Dutch
``trf-pair`` does not (issue 16).  The problem types (:class:`InputError`,
:class:`PairingError` …) are named here too, for the systems that raise them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .model import Bye, ByeKind, Game, Round, Tournament, counted_as_draws
from .problems import BianpaiError, InputError, PairingError, Problem, problem

if TYPE_CHECKING:
    from .reasons import BracketLayout as BracketLayout
    from .reasons import ByeReason as ByeReason
    from .reasons import ColourReason as ColourReason
    from .reasons import FloatReason as FloatReason
    from .reasons import PairReason as PairReason

__all__ = ["BianpaiError", "Board", "BracketLayout", "ByeReason", "ColourReason", "FloatReason", "InputError",
           "PairReason", "Pairing", "PairingError", "Problem", "pairing_output", "problem"]

_REASONS = frozenset({"BracketLayout", "ByeReason", "ColourReason", "FloatReason", "PairReason"})
"""The records of :mod:`.reasons` this module names (:func:`__getattr__`)."""


def __getattr__(name: str) -> object:
    """A record of :mod:`.reasons` (``from .pairing import PairReason``),
    imported on first use: the Dutch system gives none, and making their
    four classes is 4% of a 100-player Dutch ``trf-pair`` (issue 16)."""
    if name in _REASONS:
        from . import reasons  # start-up time: the reason records only where a system gives them

        return getattr(reasons, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# Reasons for breaking a pair (拆对) and for floating (下调): docs/spec/dingwei.md §5, §10
BECAUSE_INCOMPLETE = "incomplete"  # 排不通: the round (or the bracket) could not be completed
BECAUSE_PAIRS = "pairs"  # 最充分配对: the score group would have made one pair fewer
BECAUSE_BYE = "bye"  # the bye could not have gone to the lowest score group
BECAUSE_CLUB = "club"  # 同单位回避 (soft): fewer pairs of club mates
BECAUSE_NEAREST = "nearest"  # 近分者编对: a higher score would have floated
BECAUSE_COLOURS = "colours"  # a better colour balance
BECAUSE_FLOATS = "floats"  # 原则 9 (a setting): fewer repeated floats
FLOAT_ODD = "odd"  # the one card the bracket's order leaves over
FLOAT_MET_ALL = "met_all"  # has met (or may not meet) every card still unpaired
FLOAT_ALONE = "alone"  # alone in the bracket


@dataclass(frozen=True)
class Board:
    """A pair: ``red`` moves first.  ``step`` is how the pair was made (e.g.
    同位/错位/通行/同行/下调/拆对 for 定位编排); ``colour_rule`` the engine's code of
    the colour rule (e.g. ``colour_allocation.RULE_FEWER_REDS``).  ``why`` and
    ``colour_why``: the same as records with their arguments, for the
    explanation (None where a system gives none)."""

    number: int
    red: int
    black: int
    step: str = ""
    colour_rule: str = ""
    why: PairReason | None = None
    colour_why: ColourReason | None = None


@dataclass(frozen=True)
class Pairing:
    """The pairing of one round: boards in order, then the pairing-allocated bye."""

    round: int
    boards: tuple[Board, ...]
    bye: int | None = None
    brackets: tuple[BracketLayout, ...] = ()
    system: str = ""
    notes: tuple[Problem, ...] = ()  # keyed records (as problems are), worded by the workbook layer
    bye_why: ByeReason | None = None  # why the bye went where it did (定位编排, §10)

    def as_round(self, t: Tournament) -> Round:
        """The paired round, with the requested byes of ``t`` for it."""
        byes = [Bye(self.bye, ByeKind.PAIRING)] if self.bye is not None else []
        # a player left on a board (round robin: a scheduled game forfeited) has no bye too
        on_board = {n for b in self.boards for n in (b.red, b.black)}
        byes += [Bye(n, k) for n, k in sorted(t.requests_for(self.round).items())
                 if n not in on_board]
        games = tuple(Game(b.red, b.black) for b in self.boards)
        return Round(self.round, games, tuple(byes), paired_with_draws=counted_as_draws(t))

    def pairs(self) -> list[tuple[int, int]]:
        return [(b.red, b.black) for b in self.boards]


def pairing_output(p: Pairing) -> str:
    """The JaVaFo / bbpPairings ``-p`` format: the number of pairs, then
    ``red black`` per line, a bye as ``N 0``."""
    lines = [f"{b.red} {b.black}" for b in p.boards]
    if p.bye is not None:
        lines.append(f"{p.bye} 0")
    return "\n".join([str(len(lines))] + lines) + "\n"

