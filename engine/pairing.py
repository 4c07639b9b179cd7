"""What every pairing system returns, and the registry of systems.

A system is a function ``pair(t: Tournament) -> Pairing`` that pairs
``t.next_round``.  Its settings come from ``t.options`` (strings, so that TRF
files and the Settings sheet can carry them).  The pairing says, for every
board, how it was made: the workbook shows that to the arbiter (spec §10).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from .model import Bye, ByeKind, Game, Round, Tournament
from .problems import BianpaiError, InputError, PairingError, Problem, problem
from .systems import REGISTRY
from .systems import get as get_system

__all__ = ["BianpaiError", "Board", "BracketLayout", "InputError", "Pairing", "PairingError", "Problem",
           "SYSTEMS", "pair_next_round", "pairing_output", "problem", "system"]


@dataclass(frozen=True)
class Board:
    """A pair: ``red`` moves first.  ``step`` is how the pair was made (e.g.
    同位/错位/通行/同行/下调/拆对 for 定位编排); ``colour_rule`` why red went to
    ``red`` (e.g. "§6.2 少先 red")."""

    number: int
    red: int
    black: int
    step: str = ""
    colour_rule: str = ""


@dataclass(frozen=True)
class BracketLayout:
    """A bracket as the arbiter lays the cards: its score and its two rows
    (要先行 wants red, 要后行 wants black), each in urgency order."""

    score: float
    red_row: tuple[int, ...]
    black_row: tuple[int, ...]
    floaters: tuple[int, ...] = ()
    note: str = ""


@dataclass(frozen=True)
class Pairing:
    """The pairing of one round: boards in order, then the pairing-allocated bye."""

    round: int
    boards: tuple[Board, ...]
    bye: int | None = None
    brackets: tuple[BracketLayout, ...] = ()
    system: str = ""
    notes: tuple[str, ...] = ()

    def as_round(self, t: Tournament) -> Round:
        """The paired round, with the requested byes of ``t`` for it."""
        byes = [Bye(self.bye, ByeKind.PAIRING)] if self.bye is not None else []
        # a player left on a board (round robin: a scheduled game forfeited) has no bye too
        on_board = {n for b in self.boards for n in (b.red, b.black)}
        byes += [Bye(n, k) for n, k in sorted(t.requests_for(self.round).items())
                 if n not in on_board]
        games = tuple(Game(b.red, b.black) for b in self.boards)
        return Round(self.round, games, tuple(byes))

    def pairs(self) -> list[tuple[int, int]]:
        return [(b.red, b.black) for b in self.boards]


def pairing_output(p: Pairing) -> str:
    """The JaVaFo / bbpPairings ``-p`` format: the number of pairs, then
    ``red black`` per line, a bye as ``N 0``."""
    lines = [f"{b.red} {b.black}" for b in p.boards]
    if p.bye is not None:
        lines.append(f"{p.bye} 0")
    return "\n".join([str(len(lines))] + lines) + "\n"


SYSTEMS: dict[str, str] = {s.name: s.target for s in REGISTRY}
"""name -> "module:function", from the registry (engine/systems.py), which is the one list."""


def system(name: str) -> Callable[[Tournament], Pairing]:
    """The pairing function of the system called ``name``."""
    return get_system(name).pair


def pair_next_round(t: Tournament, system_name: str | None = None) -> Pairing:
    """Pair ``t.next_round`` with the named system (default: the event's own, ``t.system``)."""
    return system(t.system if system_name is None else system_name)(t)
