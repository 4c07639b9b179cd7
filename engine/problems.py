"""What is wrong with an input: structured problems, and the error that carries them.

A :class:`Problem` says *what* (a message key and its arguments) and *where*
in the event's own terms (round, board, player, side, setting key; a line of
a file).  It holds no words: the workbook layer looks the key up in its zh/en
table (``addin/workbook/words.py``) and maps the locator to a sheet cell or a file
line.  An edge that read the input itself (a sheet reader, a file parser)
may name the place directly in ``where``.

:class:`InputError` carries every problem found, so that an organiser sees
them all at once and nothing is written.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Iterable, Literal

Side = Literal["red", "black"]


@dataclass(frozen=True)
class Problem:
    """One thing wrong with the input.

    ``key``: the message's key in the zh/en table; ``args``: its arguments
    (name, value), values already plain (numbers, strings).  Locators: any of
    ``round``, ``board`` (1-based, in board order), ``player`` (pairing
    number), ``side`` (of the board), ``setting`` (an option key), ``line``
    (of a file).  ``where``: the place, when the edge that read it named it
    (``第3轮!E7``, ``in.trf line 4``)."""

    key: str
    args: tuple[tuple[str, object], ...] = ()
    round: int | None = None
    board: int | None = None
    player: int | None = None
    side: Side | None = None
    setting: str | None = None
    line: int | None = None
    where: str = ""

    def arg(self, name: str, default: object = None) -> object:
        for k, v in self.args:
            if k == name:
                return v
        return default

    @property
    def kwargs(self) -> dict[str, object]:
        """The arguments to word the message with: the locators given, then ``args``."""
        out: dict[str, object] = {k: v for k, v in (("round", self.round), ("board", self.board),
                                                     ("player", self.player), ("side", self.side),
                                                     ("setting", self.setting), ("line", self.line))
                                  if v is not None}
        out.update(self.args)
        return out

    def at(self, where: str) -> "Problem":
        """The problem placed at ``where`` (a cell, a file line)."""
        return replace(self, where=where)

    def __str__(self) -> str:
        """A plain rendering without the word table: key and arguments (the
        workbook layer shows the worded message)."""
        head = f"{self.where}: " if self.where else ""
        if self.key == PLAIN_TEXT:
            return f"{head}{self.arg('text')}"
        args = ", ".join(f"{k}={v!r}" for k, v in self.kwargs.items())
        return f"{head}{self.key}" + (f" ({args})" if args else "")


def problem(key: str, *, round: int | None = None, board: int | None = None, player: int | None = None,
            side: Side | None = None, setting: str | None = None, line: int | None = None,
            where: str = "", **args: object) -> Problem:
    """A :class:`Problem`: locators by name, every other keyword a message argument."""
    return Problem(key, tuple(args.items()), round, board, player, side, setting, line, where)


class BianpaiError(Exception):
    """Base of the engine's errors."""


class InputError(BianpaiError):
    """The input is not a valid tournament.  ``problems``: every problem found."""

    def __init__(self, problems: Problem | str | Iterable[Problem | str]):
        many = [problems] if isinstance(problems, (Problem, str)) else list(problems)
        self.problems: list[Problem] = [_plain(p) if isinstance(p, str) else p for p in many]
        super().__init__("; ".join(str(p) for p in self.problems))


PLAIN_TEXT = "problem.text"
"""The key of a problem given as a plain string (``InputError("…")``): shown
as it is, in either language.  Kept so that code written before structured
problems still reports; new code gives a key from the zh/en table."""


def _plain(text: str) -> Problem:
    return Problem(PLAIN_TEXT, (("text", text),))


class PairingError(BianpaiError):
    """No pairing exists that keeps the absolute rules.  ``problem``: why, as a
    keyed :class:`Problem` (round and the rest among its locators and
    arguments), worded by the workbook layer; a plain string is kept as
    :data:`PLAIN_TEXT`."""

    def __init__(self, why: Problem | str):
        self.problem: Problem = _plain(why) if isinstance(why, str) else why
        super().__init__(str(self.problem))


__all__ = ["BianpaiError", "InputError", "PairingError", "Problem", "Side", "problem"]
