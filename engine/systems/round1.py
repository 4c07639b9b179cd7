"""Round 1 (第一轮编排): the draw-based pairings of dingwei.md §3.

Shared by the positional (定位编排) and the adjacent (临近编排) methods.  The
method is a rule of the event: ``t.rules.round1`` (engine/rules.py), one of

* ``adjacent-numbers`` (近号配对, default): the players present, in number
  order, pair 1st–2nd, 4th–3rd, 5th–6th, 8th–7th …: on odd boards the smaller
  number is red, on even boards the larger (dingwei.md §3);
* ``first-last`` (首尾配对): 1st v last, 2nd v last-but-one …;
* ``half-cross`` (对半交叉): 1st v (m/2+1)th, 2nd v (m/2+2)th …;
* ``random`` (随机配对): the players present are shuffled with
  ``random.Random(seed)``; the seed is ``t.rules.round1_seed`` or, if
  not given, :func:`default_seed` of the event; it is written in the notes so
  that the draw can be reproduced.

With an odd number of players present the highest number gets the bye
(dingwei.md §3 **Decision**), in every method.

同单位回避 in round 1: see :data:`CLUB_AVOIDANCE_IN_ROUND1`.
"""

from __future__ import annotations

import random
import zlib
from dataclasses import replace
from typing import Sequence

from ..constraints.apart import kept_apart, separate_round1
from ..model import Colour, Player, Tournament
from ..results import Board, ColourReason, InputError, Pairing, problem
from ..rules import (  # the methods and their spellings are the rules' (engine/rules.py)
    ADJACENT_NUMBERS, CLUB_HARD, FIRST_LAST, HALF_CROSS, RANDOM, ROUND1_METHODS, ROUND1_SEED,
)

CLUB_AVOIDANCE_IN_ROUND1 = True
"""**Decision**: when the Settings' 同单位回避 rounds include round 1, the draw's
pairs are kept as the method makes them except that a board pairing two
players of one club exchanges its black player with the nearest board (below
first, then above) where the exchange parts both pairs
(:func:`part_club_mates`); a pair no exchange can part stays.  ``check``
(:mod:`engine.checker`) accepts in round 1 exactly the club pairs this
pairing keeps, so what ``pair`` does is what ``check`` accepts."""

#: The default method (dingwei.md §3: 近号配对, "普遍采用").
DEFAULT_ROUND1_METHOD = ADJACENT_NUMBERS

STEP_NAMES = {ADJACENT_NUMBERS: "近号配对", FIRST_LAST: "首尾配对", HALF_CROSS: "对半交叉",
              RANDOM: "随机配对"}
RULE_ODD_BOARD = "§3 单号台次小号先走"
RULE_EVEN_BOARD = "§3 双号台次大号先走"
RULE_RANDOM = "§3 随机: 抽签在前者先走"
RULE_FIRST_COLOUR = "; XXC black1: 全部先后对调"


def default_seed(t: Tournament) -> int:
    """A seed for the random draw when none is given: a CRC-32 of the event name
    and the player numbers, so that the draw is the same on every computer."""
    text = t.name + "|" + ",".join(str(n) for n in t.numbers)
    return zlib.crc32(text.encode("utf-8"))


def round1_seed(t: Tournament) -> int:
    """The seed of the random draw: ``t.rules.round1_seed``, else :func:`default_seed`."""
    return default_seed(t) if t.rules.round1_seed is None else t.rules.round1_seed


def _alternate(pairs: Sequence[tuple[int, int]]) -> list[tuple[int, int, str]]:
    """Board b (from 1): odd boards the smaller number red, even boards the larger."""
    out = []
    for b, (x, y) in enumerate(pairs, start=1):
        small, large = min(x, y), max(x, y)
        out.append((small, large, RULE_ODD_BOARD) if b % 2 else (large, small, RULE_EVEN_BOARD))
    return out


def round1_pairs(numbers: Sequence[int], method: str = DEFAULT_ROUND1_METHOD,
                 seed: int = 0) -> tuple[list[tuple[int, int, str]], int | None]:
    """Round-1 boards ``(red, black, colour rule)`` and the bye for the players
    present, ``numbers`` (any order; they are taken in number order)."""
    present = sorted(numbers)
    bye = present.pop() if len(present) % 2 else None
    m = len(present)
    if method == ADJACENT_NUMBERS:
        boards = _alternate([(present[i], present[i + 1]) for i in range(0, m, 2)])
    elif method == FIRST_LAST:
        boards = _alternate([(present[i], present[m - 1 - i]) for i in range(m // 2)])
    elif method == HALF_CROSS:
        h = m // 2
        boards = _alternate([(present[i], present[h + i]) for i in range(h)])
    elif method == RANDOM:
        drawn = list(present)
        random.Random(seed).shuffle(drawn)
        boards = [(drawn[i], drawn[i + 1], RULE_RANDOM) for i in range(0, m, 2)]
    else:
        raise InputError(problem("problem.round1_method", value=method,
                                 choices=", ".join(sorted(set(ROUND1_METHODS.values())))))
    return boards, bye


def part_club_mates(pairs: Sequence[tuple[int, int, str]], clubs: dict[int, str]
                    ) -> list[tuple[int, int, str]]:
    """:data:`CLUB_AVOIDANCE_IN_ROUND1`: each board (in board order) pairing two
    players of one club exchanges its black player with the nearest board
    (below first, then above) where both new pairs are of different clubs."""
    out = list(pairs)

    def same(a: int, b: int) -> bool:
        return bool(clubs.get(a)) and clubs.get(a) == clubs.get(b)

    for i in range(len(out)):
        r, b, rule = out[i]
        if not same(r, b):
            continue
        order = sorted((j for j in range(len(out)) if j != i), key=lambda j: (abs(j - i), j < i))
        for j in order:
            rj, bj, rule_j = out[j]
            if not same(r, bj) and not same(rj, b):
                out[i], out[j] = (r, bj, rule), (rj, b, rule_j)
                break
    return out


def _round1_avoids_clubs(t: Tournament) -> bool:
    rounds = t.rules.club_rounds
    return CLUB_AVOIDANCE_IN_ROUND1 and (rounds is None or 1 in rounds)


def _refuse_club_mates_if_hard(t: Tournament, system: str, pairs: Sequence[tuple[int, int, str]],
                               clubs: dict[int, str]) -> None:
    """定位编排 with 必须回避 (hard): club mates no exchange could part stop
    round 1 (as they stop a later round), naming the pairs; soft, and the
    systems that do not avoid clubs later, keep them."""
    if system != "dingwei" or t.rules.club_strength != CLUB_HARD:
        return
    left = [(r, b) for r, b, _ in pairs if clubs.get(r) and clubs.get(r) == clubs.get(b)]
    if left:
        raise InputError(problem("problem.round1_club_mates", setting="avoid_same_club.strength",
                                 pairs=", ".join(f"{r}–{b}" for r, b in left)))


def pair_round1(t: Tournament, system: str = "dingwei") -> Pairing:
    """The round-1 pairing of ``t`` by the method of its settings (dingwei.md §3).

    ``t.first_colour`` BLACK (TRF ``XXC black1``) swaps every board's colours.
    """
    method = t.rules.round1
    seed = round1_seed(t) if method == RANDOM else 0
    numbers = t.to_pair(1)
    pairs, bye = round1_pairs(numbers, method, seed)
    if _round1_avoids_clubs(t):
        clubs = {p.number: p.club.strip() for p in t.players}
        pairs = part_club_mates(pairs, clubs)
        _refuse_club_mates_if_hard(t, system, pairs, clubs)
    # 回避名单 (engine/constraints/apart.py)
    pairs, bye, exchanged = separate_round1(list(pairs), kept_apart(t, 1), bye)
    swap = t.first_colour is Colour.BLACK
    boards = tuple(
        Board(i, b if swap else r, r if swap else b, STEP_NAMES[method],
              rule + (RULE_FIRST_COLOUR if swap else ""), colour_why=ColourReason(rule, swapped=swap))
        for i, (r, b, rule) in enumerate(pairs, start=1)
    )
    notes = [problem(f"xp.note.round1.{method}")]
    if method == RANDOM:
        notes.append(problem("xp.note.seed", seed=seed, option=ROUND1_SEED))
    if bye is not None:
        notes.append(problem("xp.note.bye_highest", bye=bye))
    notes += [problem("xp.note.apart_exchange", board=a, other=b) if b
              else problem("xp.note.apart_bye", board=a) for a, b in exchanged]
    return Pairing(round=1, boards=boards, bye=bye, system=system, notes=tuple(notes))


# ---------------------------------------------------------------------------
# The draw of pairing numbers (抽签定序号) before round 1
# ---------------------------------------------------------------------------


def upper_group_size(n: int) -> int:
    """001 §二.1 / docs/spec/dingwei.md §3: with seeded players (种子) the field is
    split into an upper and a lower group; the upper group draws the odd numbers
    1, 3, 5 …, the lower group the even numbers 2, 4, 6 … — so that under 近号配对
    (1–2, 4–3 …) every seed meets an unseeded player in round 1.

    **Decision** (docs/spec/dingwei.md §3, version 2; 001 asks for two groups
    "人数相等"): the upper group has ⌊N/2⌋ players.  In an odd field it draws
    1, 3, …, N−2 and the lower group the even numbers and N, so that the bye
    of round 1 (the highest number, :func:`round1_pairs`) falls on the unseeded
    half and every board of round 1 is upper v lower group.  When the seeds are
    not exactly that many:

    * fewer seeds: the seeds, then unseeded players *drawn by lot* to fill the
      group (001: the others are ordered "抽签或采用其他方法暂时排序" after the
      seeds);
    * more seeds: the seeds in order of rating (highest first; equal ratings in
      the order of :data:`DRAW_ENTRY_ORDER`); the lowest-rated seeds fall into
      the lower group (two seeds then meet in round 1 — unavoidable).

    Without seeds everybody draws among all the numbers (001: "如不宜设种子选手则混抽").
    """
    return n // 2


def lower_group_numbers(n: int) -> list[int]:
    """The numbers the lower group draws: 2, 4, 6 … and, in an odd field, N
    (:func:`upper_group_size`)."""
    return list(range(2, n + 1, 2)) + ([n] if n % 2 else [])


DRAW_ENTRY_ORDER = "name, club, rating, number"
"""**Decision**: the players are put in order of name (Unicode code points),
then club, rating and old number before the lots are drawn, so that the draw
depends on the seed and on who entered — not on the order they were typed in.
The recorded seed therefore reproduces the draw from the Players list at any
time, before or after the draw (drawing again with the same seed gives the
same numbers, as long as no two players share name and club)."""


def _entry_key(p: Player) -> tuple[str, str, int, int]:
    return (p.name, p.club, p.rating, p.number)


def draw_seed(event_name: str, players: Sequence[Player]) -> int:
    """The draw's seed when the arbiter gives none: a CRC-32 of the event name
    and the players' names in code-point order — the same on every computer,
    whatever the order the players were entered in (no clock, no hash)."""
    text = event_name + "|" + "|".join(sorted(p.name for p in players))
    return zlib.crc32(text.encode("utf-8"))


def draw_numbers(players: Sequence[Player], seed: int) -> tuple[Player, ...]:
    """The players renumbered 1..N by a draw of lots with ``random.Random(seed)``
    (001 §二.1, dingwei.md §3: seeded players draw the odd numbers, the others
    the even ones; :func:`upper_group_size` says what happens when the seeds are
    not half the field).  Pure: the same players and seed give the same numbers.

    The lots, in this order, from one ``random.Random(seed)``:

    1. without seeds: all players (in :data:`DRAW_ENTRY_ORDER`) are shuffled;
       the k-th drawn gets number k;
    2. with seeds: the unseeded (in :data:`DRAW_ENTRY_ORDER`) are shuffled —
       their temporary order, which decides who fills the upper group; then
       the upper group (⌈N/2⌉ players: seeds by rating, then unseeded in that
       temporary order) is shuffled and takes 1, 3, 5 … in drawn order; then
       the lower group is shuffled and takes 2, 4, 6 ….

    Returns the players (every other field unchanged) in new-number order.
    """
    new_of = drawn_numbers(players, seed)
    return tuple(sorted((replace(p, number=new_of[p.number]) for p in players), key=lambda p: p.number))


def drawn_numbers(players: Sequence[Player], seed: int) -> dict[int, int]:
    """The draw of :func:`draw_numbers` as old number → new number (the
    players' numbers must differ)."""
    if len({p.number for p in players}) != len(players):
        raise InputError(problem("problem.draw_numbers_differ"))
    entry = sorted(players, key=_entry_key)
    rng = random.Random(seed)
    # stable: entry order within a rating
    seeds = sorted((p for p in entry if p.seeded), key=lambda p: -p.rating)
    if not seeds:  # 混抽
        rng.shuffle(entry)
        return {p.number: i for i, p in enumerate(entry, start=1)}
    others = [p for p in entry if not p.seeded]
    rng.shuffle(others)  # the others' temporary order (001: 抽签暂时排序)
    ranked = seeds + others
    half = upper_group_size(len(ranked))
    upper, lower = ranked[:half], ranked[half:]
    rng.shuffle(upper)
    rng.shuffle(lower)
    new_of = {p.number: 2 * i + 1 for i, p in enumerate(upper)}  # 单数号
    lower_numbers = lower_group_numbers(len(ranked))  # 双数号, and N in an odd field
    new_of.update({p.number: x for p, x in zip(lower, lower_numbers, strict=True)})
    return new_of
