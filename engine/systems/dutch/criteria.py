"""The FIDE criteria of C.04.3 (2025 text) as the weight of one pair: the
absolute criteria C1–C4 (:func:`compatible`, :func:`compatibility`, :func:`top_fields`),
the quality criteria C5–C21 as the fields of :func:`edge_fields` (C10–C13:
:func:`colour_fields`), each function citing its articles."""

from __future__ import annotations

from dataclasses import dataclass, field

from ...model import Colour, Float
from .players import DutchPlayer, invert
from .weights import (
    _COLOUR_KEYS, _PC, _PN, _SC, _SN, _TOP, _UP, FieldKey, Fields, SharedKey,
)


@dataclass(frozen=True)
class RoundInfo:
    """What the criteria read of the round: the rounds played and in all
    (C3's last-round exception for topscorers, 1.7; C14–C21 look one and two
    rounds back) and the points of a win, draw and loss (tenths; 1.7)."""

    played_rounds: int
    total_rounds: int
    win: int
    draw: int
    loss: int


def compatible(a: DutchPlayer, b: DutchPlayer, info: RoundInfo) -> bool:
    """C1 no rematch; C3 two players with the same absolute colour preference
    do not meet — except topscorers in the last round (1.7, C.04.3 C3)."""
    if b.number in a.opponents or b.number in a.forbidden:  # C1, and forbidden pairs
        return False
    if not a.absolute or not b.absolute or a.preference != b.preference:
        return True
    if info.played_rounds >= info.total_rounds - 1:
        threshold2 = info.played_rounds * max(info.win, info.draw)  # topscorer: > 50% of max
        return a.score * 2 > threshold2 or b.score * 2 > threshold2
    return False


def compatibility(sp: list[DutchPlayer], info: RoundInfo) -> list[list[bool]]:
    """C1 and C3, :func:`compatible`, for every pair: ``compat[a][b]`` for ``b < a``
    (indices in ``sp``), made row by row from the few pairs each player may
    not meet rather than pair by pair."""
    index = {p.number: i for i, p in enumerate(sp)}
    last_round = info.played_rounds >= info.total_rounds - 1
    threshold2 = info.played_rounds * max(info.win, info.draw)  # topscorer: > 50% of max
    by_preference: dict[Colour, list[int]] = {}  # absolute preference -> players (indices)
    compat: list[list[bool]] = []
    for a, p in enumerate(sp):
        row = [True] * a
        for m in p.opponents | p.forbidden:  # C1, and forbidden pairs
            b = index.get(m)
            if b is not None and b < a:
                row[b] = False
        if p.absolute and p.preference is not None:  # C3
            same = by_preference.setdefault(p.preference, [])
            if not (last_round and p.score * 2 > threshold2):
                for b in same:
                    if not (last_round and sp[b].score * 2 > threshold2):
                        row[b] = False
            same.append(a)
        compat.append(row)
    return compat


def preferences_compatible(p: Colour | None, q: Colour | None) -> bool:
    """C12 (and 5.2.1): the two colour preferences can both be met."""
    return p != q or p is None or q is None


@dataclass
class BracketContext:
    """What the weights of one bracket depend on besides the two players: the
    bye assignee's score (C2/C4), whether C9 applies in it and its ranks of
    played games, and the fields shared between pairs."""

    info: RoundInfo
    bye_score: int  # score of the player who will get the bye (C.04.1 / C2)
    single_downfloater_is_bye: bool  # C9 applies in this bracket
    unplayed_ranks: dict[int, int]  # played games -> rank (C9)
    shared: dict[SharedKey, "Fields"] = field(default_factory=dict)


def is_bye_candidate(p: DutchPlayer, bye_score: int) -> bool:
    """C2/C4 (C.04.1 and 1.5): ``p`` may get the pairing-allocated bye — he is
    eligible and of a score no higher than the bye assignee's."""
    return p.eligible_for_bye and p.score <= bye_score


def top_fields(h: DutchPlayer, l: DutchPlayer, bye_score: int) -> dict[FieldKey, int]:
    """C2/C4: completion of the round, the bye left to an eligible player."""
    return {(_TOP,): 1 + (not is_bye_candidate(h, bye_score)) + (not is_bye_candidate(l, bye_score))}


def colour_fields(p: DutchPlayer, o: DutchPlayer) -> tuple[int, int, int, int]:
    """C10–C13 (each 1 when the pair does not violate it)."""
    c1 = (not p.absolute_imbalance) or (not o.absolute_imbalance) or p.preference != o.preference
    if p.imbalance == o.imbalance:
        rep_ok = p.repeated is None or p.repeated != o.repeated
    else:
        rep_ok = (o if p.imbalance > o.imbalance else p).repeated != invert(p.preference)
    c2 = (not p.absolute) or (not o.absolute) or p.preference != o.preference or rep_ok
    c3 = preferences_compatible(p.preference, o.preference)
    c4 = ((not p.strong and not p.absolute) or (not o.strong and not o.absolute)
          or (p.absolute and o.absolute) or p.preference != o.preference)
    return int(c1), int(c2), int(c3), int(c4)


def edge_fields(h: DutchPlayer, l: DutchPlayer, in_current: bool, in_next: bool,
                ctx: BracketContext) -> Fields | None:
    """The weight of pairing ``h`` (higher in the order) with ``l``: C1–C4
    (None when an absolute criterion forbids it, else :func:`top_fields`),
    C5/C6 in the bracket, C7/C8 in the next, C9, C10–C13
    (:func:`colour_fields`), C14–C21 (floats, 1.4), as the fields of article 3."""
    info = ctx.info
    if not compatible(h, l, info):
        return None
    f = top_fields(h, l, ctx.bye_score)
    if in_current:
        f[(_PC,)] = 1  # C5 pairs in this bracket
        f[(_SC, h.score)] = 1  # C6 scores paired (2025)
    if in_next:
        f[(_PN,)] = 1  # C7 pairs in the next bracket
        f[(_SN, h.score)] = 1
    if ctx.single_downfloater_is_bye:  # C9 unplayed games of the bye assignee
        up = 0
        if h.score == ctx.bye_score:
            up = ctx.unplayed_ranks[h.played_games]
        if l.score == ctx.bye_score:
            up += ctx.unplayed_ranks[l.played_games]
        if up:
            f[(_UP,)] = up
    if not in_current:
        # the many pairs outside the bracket share theirs (by C2/C4, C9, and
        # in the next bracket the higher score, C7/C8)
        outside_key: SharedKey = (f[(_TOP,)], f.get((_UP,), 0), h.score if in_next else None)
        shared = ctx.shared.get(outside_key)
        if shared is None:
            shared = ctx.shared[outside_key] = Fields(f)
        return shared
    # Criteria met by every pair of the bracket but a few are counted as
    # minus the violations: given the (higher) number of pairs, and of pairs
    # per score, comparing "pairs that keep it" is comparing "−pairs that
    # break it", and the narrower count keeps the weights short.
    for colour_key, v in zip(_COLOUR_KEYS, colour_fields(l, h), strict=True):  # C10–C13
        if not v:
            f[(colour_key,)] = -1
    pr = info.played_rounds
    hs, ls = h.score, l.score
    for k, fl_l, fl_h, dkey, ukey, sdkey, sukey in (
        (1, l.float1, h.float1, "d1", "u1", "sd1", "su1"),
        (2, l.float2, h.float2, "d2", "u2", "sd2", "su2"),
    ):
        if pr < k:
            continue
        d = (fl_l == Float.DOWN) + (hs <= ls and fl_h == Float.DOWN)  # C14/C16 repeated downfloats avoided
        if d:
            f[(dkey,)] = d
        if hs > ls and fl_l == Float.UP:  # C15/C17 repeated upfloat, and its score (C19/C21)
            f[(ukey,)] = -1
            f[(sukey, hs)] = -1
        # C18/C20: scores of the players whose repeated downfloat is avoided
        if fl_l == Float.DOWN:
            f[(sdkey, ls)] = f.get((sdkey, ls), 0) + 1
        if fl_h == Float.DOWN:
            f[(sdkey, hs)] = f.get((sdkey, hs), 0) + 1
    bracket_key: SharedKey = tuple(f.items())  # pairs with the same fields share them too
    shared = ctx.shared.get(bracket_key)
    if shared is None:
        shared = ctx.shared[bracket_key] = Fields(f)
    return shared
