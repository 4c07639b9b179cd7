"""Fixed pairs (裁判长固定对阵): boards the chief arbiter sets before pairing.

The arbiter lists pairs for a round (``Tournament.fixed_pairs``: round, red,
black; the workbook's 固定对阵 sheet).  :func:`pair_around_fixed` pairs every
other player by the event's system around them (``Tournament.to_pair``
leaves the fixed players out) and puts the fixed boards first, marked
:data:`FIXED_STEP` so that the explanation says they were fixed by hand.  A
fixed pair must keep the absolute rules: both players to be paired in that
round, each on one board, not met before, not kept apart
(:func:`fixed_problems`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Callable

from .apart import apart_in
from ..model import Tournament, history
from ..results import Board, Pairing
from ..problems import InputError, Problem, problem

FIXED_STEP = "fixed"
"""The step and colour-rule code of a board fixed by hand (worded by addin/workbook/explain.py)."""


def fixed_in(t: Tournament, round_no: int) -> list[tuple[int, int]]:
    """The fixed boards (red, black) of ``round_no``, in the list's order."""
    return [(r, b) for k, r, b in t.fixed_pairs if k == round_no]


def fixed_problems(t: Tournament, round_no: int, forfeits_meet: bool = True) -> list[Problem]:
    """What is wrong with the fixed boards of ``round_no``: a player on two
    boards (or paired with himself), a player not to be paired in that round
    (withdrawn, not yet joined, asked for a bye), two players who have met,
    two players kept apart."""
    boards = fixed_in(t, round_no)
    if not boards:
        return []
    names = {p.number: p.name for p in t.players}
    requested = t.requests_for(round_no)
    active = {p.number for p in t.players if p.active_in(round_no) and p.number not in requested}
    hist = history(t, round_no)
    found: list[Problem] = []
    seen: set[int] = set()
    for red, black in boards:
        for n in (red, black):
            if n in seen or red == black:
                found.append(problem("problem.fixed_twice", round=round_no, player=n, name=names.get(n, "")))
            seen.add(n)
            if n not in active:
                found.append(problem("problem.fixed_inactive", round=round_no, player=n,
                                     name=names.get(n, "")))
        h = hist.get(red)
        met = (h.opponents_paired if forfeits_meet else h.opponents_played) if h else ()
        if black in met:
            found.append(problem("problem.fixed_met", round=round_no, red=red, black=black,
                                 red_name=names.get(red, ""), black_name=names.get(black, "")))
        if apart_in(t, round_no, red, black):
            found.append(problem("problem.fixed_apart", round=round_no, red=red, black=black,
                                 red_name=names.get(red, ""), black_name=names.get(black, "")))
    return found


def pair_around_fixed(t: Tournament, pair: Callable[[Tournament], Pairing],
                      forfeits_meet: bool = True) -> Pairing:
    """``t.next_round`` paired by ``pair`` around its fixed boards, which come
    first (boards 1..f, the list's order; the system's boards follow,
    renumbered).  :class:`InputError` for every problem of the fixed boards."""
    k = t.next_round
    boards = fixed_in(t, k)
    if not boards:
        return pair(t)
    found = fixed_problems(t, k, forfeits_meet)
    if found:
        raise InputError(found)
    rest = pair(t)
    f = len(boards)
    fixed = tuple(Board(i, red, black, FIXED_STEP, FIXED_STEP)
                  for i, (red, black) in enumerate(boards, start=1))
    moved = tuple(replace(b, number=b.number + f) for b in rest.boards)
    brackets = tuple(replace(br, boards=tuple(n + f for n in br.boards)) for br in rest.brackets)
    return replace(rest, boards=fixed + moved, brackets=brackets)


__all__ = ["FIXED_STEP", "fixed_in", "fixed_problems", "pair_around_fixed"]
