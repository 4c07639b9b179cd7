"""What every pairing system returns, and the registry of systems.

A system is a function ``pair(t: Tournament) -> Pairing`` that pairs
``t.next_round``.  Its settings come from ``t.options`` (strings, so that TRF
files and the Settings sheet can carry them).  The pairing says, for every
board, how it was made: the workbook shows that to the arbiter (spec §10).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Callable

from .model import Bye, ByeKind, Game, Round, Tournament


class BianpaiError(Exception):
    """Base of the engine's errors."""


class InputError(BianpaiError):
    """The input is not a valid tournament.  ``problems``: every problem found,
    each naming where it is (file and line, sheet and cell)."""

    def __init__(self, problems: list[str] | str):
        self.problems = [problems] if isinstance(problems, str) else list(problems)
        super().__init__("; ".join(self.problems))


class PairingError(BianpaiError):
    """No pairing exists that keeps the absolute rules; the message says why."""


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


# name -> "module:function"; imported on use so that the CLI starts fast.
SYSTEMS: dict[str, str] = {
    "dingwei": "dingwei:pair",
    "dutch": "dutch:pair",
    "adjacent": "adjacent:pair",
    "roundrobin": "roundrobin:pair",
    "fide-team": "fide_team:pair",
}


def system(name: str) -> Callable[[Tournament], Pairing]:
    """The pairing function of the system called ``name``."""
    try:
        spec = SYSTEMS[name]
    except KeyError:
        raise InputError(f"unknown pairing system {name!r} (choose from {', '.join(SYSTEMS)})")
    module, func = spec.split(":")
    return getattr(importlib.import_module(f"{__package__}.{module}"), func)


def pair_next_round(t: Tournament, system_name: str) -> Pairing:
    """Pair ``t.next_round`` with the named system."""
    return system(system_name)(t)
