"""Unfinished games the pairing counts as draws (dingwei.md §8, every system):
a round may be paired before the last games end when ``t.rules.provisional``
is on, and a round keeps the draws it was paired on (``Round.provisional``).

Shared by every system that pairs with a history (the Chinese family, the
Dutch system): a rule of the event's history, not of one system.
"""

from __future__ import annotations

from typing import Sequence

from ..model import Tournament
from ..problems import InputError, Problem, problem


def games_counted_as_draws(t: Tournament) -> tuple[tuple[int, int, int], ...]:
    """§8: the unfinished games that count as draws for pairing ``t.next_round``
    (as ``(round, red, black)``): those of the last round when
    ``t.rules.provisional`` is on (§8), and those of earlier rounds marked
    provisional in their round.  Any other unfinished game is an
    :class:`InputError` naming every one of them."""
    k = t.next_round
    on = t.rules.provisional
    counted: list[tuple[int, int, int]] = []
    missing: list[Problem] = []
    for r in range(1, k):
        for board, g in enumerate(t.rounds[r - 1].games, start=1):
            if g.result is not None:
                continue
            marked = g.red in t.rounds[r - 1].provisional  # counted as a draw before
            if marked or (on and r == k - 1):
                counted.append((r, g.red, g.black))
            else:
                key = "problem.unfinished_last" if r == k - 1 else "problem.unfinished"
                missing.append(problem(key, round=r, board=board, red=g.red, black=g.black))
    if missing:
        raise InputError(missing)
    return tuple(counted)


def provisional_note(counted: Sequence[tuple[int, int, int]]) -> Problem:
    """§8: the Pairing note listing the games counted as draws (each a record the
    workbook layer words, :func:`bianpai.addin.workbook.messages.wording`)."""
    games = tuple(problem("xp.game", round=r, red=red, black=black) for r, red, black in counted)
    return problem("xp.note.provisional", games=games)


__all__ = ["games_counted_as_draws", "provisional_note"]
