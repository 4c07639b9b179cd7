"""Colour allocation, C.04.3 article 5 (5.2.1–5.2.5), and the colour drawn for
round 1 that 5.2.5 starts from."""

from __future__ import annotations

from ...model import Colour, Tournament
from .criteria import preferences_compatible
from .players import DutchPlayer, invert


#: Decision: when the tournament does not say which colour the top player had
#: in round 1 (TRF ``XXC``), it is read from round 1 (the colour of the
#: highest-ranked player who played); for round 1 itself it is white (red).
DEFAULT_FIRST_COLOUR = Colour.RED


def ranks_below(p: DutchPlayer, q: DutchPlayer) -> bool:
    """p comes after q in the pairing order (1.2: score, then pairing number)."""
    return (p.score, q.rank) < (q.score, p.rank)


def first_colour_difference(p: DutchPlayer, q: DutchPlayer) -> tuple[Colour | None, Colour | None]:
    """The two players' colours in the latest round (counting back over played
    games) in which they differed (5.2.3)."""
    a, b = p.played_colours, q.played_colours
    i, j = len(a) - 1, len(b) - 1
    while i >= 0 and j >= 0 and a[i] == b[j]:
        i -= 1
        j -= 1
    return (a[i] if i >= 0 else None), (b[j] if j >= 0 else None)


def neutral_colour(p: DutchPlayer, q: DutchPlayer) -> tuple[Colour | None, str]:
    """The colour for ``p`` by 5.2.1–5.2.3 and the rule that gave it, or
    ``(None, "")`` when those do not decide."""
    if preferences_compatible(p.preference, q.preference):
        if p.preference is not None:
            return p.preference, "5.2.1 both preferences"
        if q.preference is not None:
            return invert(q.preference), "5.2.1 both preferences"
        return None, ""
    if p.absolute and (p.imbalance > q.imbalance or not q.absolute):
        return p.preference, "5.2.2 stronger (absolute) preference"
    if q.absolute and (q.imbalance > p.imbalance or not p.absolute):
        return invert(q.preference), "5.2.2 stronger (absolute) preference"
    if p.strong and not q.strong:
        return p.preference, "5.2.2 stronger (strong) preference"
    if q.strong and not p.strong:
        return invert(q.preference), "5.2.2 stronger (strong) preference"
    mine, theirs = first_colour_difference(p, q)
    if mine is not None and theirs is not None:
        return theirs, "5.2.3 alternate from the last difference"
    return None, ""


def colour_and_rule(p: DutchPlayer, q: DutchPlayer, initial: Colour) -> tuple[Colour, str]:
    """The colour of ``p`` against ``q`` (C.04.3 5.2) and the rule that gave
    it: 5.2.1–5.2.3, then 5.2.4 the higher-ranked player's preference, then
    5.2.5 by the higher-ranked player's pairing number from the colour drawn
    for round 1 (odd numbers get it)."""
    c, rule = neutral_colour(p, q)
    if c is not None:
        return c, rule
    if p.preference is None:
        if ranks_below(p, q):
            own = initial.opposite if q.rank & 1 else initial  # q's colour
            return own.opposite, "5.2.5 pairing number"
        return (initial.opposite if p.rank & 1 else initial), "5.2.5 pairing number"
    if ranks_below(p, q):
        return p.preference if q.preference is None else q.preference.opposite, \
            "5.2.4 higher-ranked player's preference"
    return p.preference, "5.2.4 higher-ranked player's preference"


def choose_colour(p: DutchPlayer, q: DutchPlayer, initial: Colour) -> Colour:
    """The colour of ``p`` against ``q`` (C.04.3 5.2)."""
    return colour_and_rule(p, q, initial)[0]


def _initial_colour(t: Tournament) -> Colour:
    if t.first_colour is not None:
        return t.first_colour
    if t.rounds:
        order = sorted(t.players, key=lambda p: p.number)
        first = t.rounds[0]
        for idx, p in enumerate(order):
            for g in first.games:
                if g.result is not None and not g.result.played:
                    continue
                if p.number in (g.red, g.black):
                    colour = Colour.RED if g.red == p.number else Colour.BLACK
                    return colour if idx % 2 == 0 else colour.opposite
    return DEFAULT_FIRST_COLOUR
