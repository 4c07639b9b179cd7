"""临近编排 — the adjacent method (seed ``003`` §(三)3, systems.md).

:func:`pair` pairs the next round:

* round 1 by the draw-based methods of dingwei.md §3 (:mod:`~bianpai.engine.systems.round1`; 近号配对 by
  default);
* from round 2, score groups (积分段) from the top.  In a group the players stand
  in number order, ascending in odd rounds and descending in even rounds
  (奇数轮小号在前，双数轮大号在前); the players floated down from above stand first,
  in the order they left their bracket (被移到下一段…高分数选手优先).  Positions
  1–2, 3–4, … are paired: the first unpaired player takes the next player in
  the order (相邻); if they have met, the next eligible one (顺延).  A player
  left without a partner floats into the next group (下调), where he is paired
  first.
* Completion (seed ``001`` §5, as dingwei.md §5 criteria 1–2): a group's pairing
  must leave the whole round completable without rematches (one player taking
  the bye when the number is odd) and must pair as many of its players as it
  can.  Among such pairings the one met first in the order above is taken:
  the pairs made in order are kept as long as they can be, and an earlier pair
  is broken (拆对) only when the group or the groups below could not be
  completed otherwise (breaking the most recent pairs first).
* Colours within a pair by dingwei.md §6 (:func:`colour_allocation.allocate_colours`);
  the bye as dingwei.md §7 (the lowest score group that can give it, to the
  player the order leaves over).

Met = paired before, forfeits included (:data:`~bianpai.engine.systems.chinese.core.MET_INCLUDES_FORFEITS`).

How it is computed: first the plain order (the greedy walk) is tried for the
rest of the round; when it leaves every group with at most its odd player over
and the round complete, it *is* the answer (each of its choices provably keeps
the best reachable).  Otherwise the group is paired by a search that at each
choice takes the first option from which the group's best number of pairs (with
the round completable) can still be reached — checked on a maximum-cardinality
matching (``rustworkx.max_weight_matching``), with a witness matching so that
most checks cost nothing.  With many players below, completion is certain
(each player has met at most k−1 others, so any even set of at least 2Δ+2 of
them can be paired — Dirac's theorem) and only the group's own graph is used.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

from . import core as swiss
from ...constraints.apart import apart_blocks, kept_apart
from ...model import Tournament, history
from ...results import Board, BracketLayout, Pairing, PairingError, Problem, problem
from .core import (  # MET_INCLUDES_FORFEITS: the shared decision, named here too
    BYE, MET_INCLUDES_FORFEITS, Entrant, SwissRound,
    dirac_completable, entrant_of, maximum_matching, met_opponents, most_forbidden,
    games_counted_as_draws, provisional_note,
)

SYSTEM = "adjacent"

FLOATERS_FIRST = True
"""Seed 003 §(三)3 (3), (5): players floated down stand first in the next group
(higher score first, then in the order they stood in their own group).
**Decision**: two floaters who may meet are paired with each other, as the
order says (the seed's example has floaters who could not)."""

PAIRS_BY_ORDER_ONLY = True
"""**Decision**: beyond completion and the most pairs in a group (dingwei.md §5
criteria 1–2, seed 001 §5), who meets whom follows the order alone.  Float
history (§5 criterion 3) and colours (§5 criterion 4) do not change the pairs
in this method: seed 003 §(三)3 (6)–(9) name them as aims, reached by the colour
allocation after pairing (rule (8)); systems.md defines the method this way.
The 同单位回避 setting of 定位编排 is not applied either."""

STEP_ADJACENT = "相邻"  # the next player in the order
STEP_NEXT_ELIGIBLE = "顺延"  # the next was met before: the next eligible one
STEP_DOWNFLOAT = "下调"  # a player floated down from a higher group is in the pair
STEP_BROKEN = "拆对"  # a nearer eligible partner was given up to complete the round


def group_order(numbers: Iterable[int], round_no: int) -> list[int]:
    """§(三)3 (2), (4): ascending numbers in odd rounds, descending in even rounds."""
    return sorted(numbers, reverse=round_no % 2 == 0)


# ---------------------------------------------------------------------------
# The round
# ---------------------------------------------------------------------------


@dataclass
class _Round(SwissRound[Entrant]):
    """The round (:class:`~bianpai.engine.systems.chinese.core.SwissRound`): ``forbidden`` is who has met whom
    (已相遇过的对手不再编对) and nothing else; and the bye group's players who may
    take the bye, once :func:`~bianpai.engine.systems.chinese.core.bye_group` has found it."""

    bye_cands: frozenset[int] = frozenset()  # the bye group's players who may take it


def build_round(t: Tournament) -> tuple[_Round, list[int], list[Problem]]:
    """The entrants of ``t.next_round`` (k ≥ 2) and what they may not do.
    Unfinished games are counted as draws or refused as dingwei.md §8 says
    (:func:`~bianpai.engine.systems.chinese.core.games_counted_as_draws`)."""
    k = t.next_round
    notes: list[Problem] = []
    counted = games_counted_as_draws(t)
    if counted:
        notes.append(provisional_note(counted))
    provisional = bool(counted)
    hist = history(t, k, provisional_draws=provisional)
    players = list(t.to_pair(k))
    in_play = set(players)
    apart = kept_apart(t, k)
    entrants: dict[int, Entrant] = {}
    forbidden: dict[int, frozenset[int]] = {}
    for n in players:
        h = hist[n]
        entrants[n] = entrant_of(h)
        forbidden[n] = met_opponents(h, in_play) | (apart.get(n, frozenset()) & in_play)  # kept apart as met
    rnd = _Round(k, t.total_rounds, t.rules.high_score_first, entrants, forbidden,
                 most_forbidden(forbidden), len(players) % 2 == 1)
    return rnd, players, notes


# ---------------------------------------------------------------------------
# A group (bracket): the plain order, and the search when it is not enough
# ---------------------------------------------------------------------------

Pair = tuple[int, int, str]  # (first in the order, partner, step)


def _step(p: int, q: int, skipped: bool, floaters: frozenset[int], broken: bool) -> str:
    """How the pair was made (shown to the arbiter): 拆对 before 下调 before 顺延."""
    if broken:
        return STEP_BROKEN
    if p in floaters or q in floaters:
        return STEP_DOWNFLOAT
    return STEP_NEXT_ELIGIBLE if skipped else STEP_ADJACENT


def plain_order(rnd: _Round, order: Sequence[int], floaters: frozenset[int]) -> tuple[list[Pair], list[int]]:
    """The group paired in order: the first unpaired player takes the next
    eligible one; a player with none left is left over (floats down)."""
    rest = list(order)
    pairs: list[Pair] = []
    left: list[int] = []
    while rest:
        p = rest.pop(0)
        for i, q in enumerate(rest):
            if rnd.eligible(p, q):
                pairs.append((p, q, _step(p, q, i > 0, floaters, False)))
                del rest[i]
                break
        else:
            left.append(p)
    return pairs, left


def plain_rest_of_round(rnd: _Round, groups: Sequence[tuple[float, list[int]]],
                        carry: list[int]) -> list[tuple[list[int], list[Pair], list[int]]] | None:
    """The plain order for every remaining group, if it is the answer: every
    group leaves over at most its odd player and the last one only the bye (a
    player of the bye group who may take it).  None otherwise."""
    out = []
    for _, members in groups:
        order = carry + members
        pairs, left = plain_order(rnd, order, frozenset(carry))
        if len(left) != len(order) % 2:
            return None
        out.append((order, pairs, left))
        carry = left
    if rnd.bye_needed:
        return out if len(carry) == 1 and carry[0] in rnd.bye_cands else None
    return out if not carry else None


class _GroupSearch:
    """The completion check of one group: the most pairs its undecided players
    ``U`` can still make with the round completable, the ones left over ``F``
    pairing below (with the players of the lower groups ``rest`` and the bye)."""

    def __init__(self, rnd: _Round, order: Sequence[int], rest: Sequence[int]):
        self.rnd = rnd
        self.rest = list(rest)
        self.below_set = frozenset(rest)
        par = len(order) % 2
        bye = rnd.bye_needed
        below_has_bye = not bye or bool(rnd.bye_cands & set(rest))
        # Dirac: whatever the group leaves over, the players below complete the round.
        self.local = bool(rest) and below_has_bye and \
            dirac_completable(len(rest) + par - (1 if bye else 0), rnd.delta) and \
            len(rest) + par - (1 if bye else 0) > 0

    def best(self, undecided: Sequence[int], left: Sequence[int]) -> tuple[int, dict[int, int]] | None:
        """(most pairs among ``undecided``, a witness matching) or None if the
        round cannot be completed at all."""
        rnd = self.rnd
        u = list(undecided)
        edges = [(a, b, 2) for i, a in enumerate(u) for b in u[i + 1:] if rnd.eligible(a, b)]
        if self.local:
            mate = maximum_matching(u, edges)
            return len(mate) // 2, mate
        below = list(left) + self.rest
        edges += [(a, b, 1) for a in u for b in self.rest if rnd.eligible(a, b)]
        edges += [(a, b, 1) for i, a in enumerate(below) for b in below[i + 1:]
                  if rnd.eligible(a, b) and not (a in left and b in left)]
        nodes = u + below
        if rnd.bye_needed:
            nodes.append(BYE)
            edges += [(c, BYE, 1) for c in u + below if c in rnd.bye_cands]
        mate = maximum_matching(nodes, edges)
        if len(mate) != len(nodes):
            return None
        inside = set(u)
        return sum(1 for a in u if mate[a] in inside) // 2, mate

    def allowed(self, a: int, b: int, left: set[int]) -> bool:
        """Whether a witness may pair ``a`` and ``b``: the bye only with a
        player who may take it; a player left over only with one below."""
        if a == BYE or b == BYE:
            other = b if a == BYE else a
            return other in self.rnd.bye_cands
        if a in left and b not in self.below_set or b in left and a not in self.below_set:
            return False
        return self.rnd.eligible(a, b)


def search_group(rnd: _Round, order: Sequence[int], floaters: frozenset[int],
                 rest: Sequence[int]) -> tuple[list[Pair], list[int]]:
    """The group's pairing when the plain order is not enough (seed 001 §5):
    at each choice, the first option in the order from which the group's best
    number of pairs, with the round completable, can still be reached."""
    search = _GroupSearch(rnd, order, rest)
    undecided = list(order)
    left: list[int] = []
    found = search.best(undecided, left)
    if found is None:
        raise PairingError(problem("pairing.from_on", round=rnd.k, player=order[0]))
    target, mate = found
    pairs: list[Pair] = []
    while undecided:
        p = undecided[0]
        u_set = set(undecided)
        chosen: int | None = None
        broken = False
        for i, q in enumerate(undecided[1:], start=1):
            if not rnd.eligible(p, q):
                continue
            ok, new_mate = _try_pair(search, undecided, left, mate, p, q, target - len(pairs) - 1)
            if ok:
                chosen, mate = q, new_mate
                pairs.append((p, q, _step(p, q, i > 1, floaters, broken)))
                break
            broken = True
        if chosen is None:
            ok, mate = _try_leave(search, undecided, u_set, left, mate, p, target - len(pairs))
            if not ok:  # pragma: no cover - the target was reachable
                raise PairingError(f"round {rnd.k}: internal error pairing the group of {p}")  # a bug
            undecided.remove(p)
            left.append(p)
        else:
            undecided.remove(p)
            undecided.remove(chosen)
    return pairs, left


def _try_pair(search: _GroupSearch, undecided: list[int], left: list[int],
              mate: dict[int, int], p: int, q: int, need: int) -> tuple[bool, dict[int, int]]:
    """Whether pairing ``p``–``q`` still lets the group reach ``need`` more pairs
    (first by mending the witness, else by a new matching)."""
    if mate.get(p) == q:
        kept = dict(mate)
        del kept[p], kept[q]
        return True, kept
    rest_u = [x for x in undecided if x not in (p, q)]
    mended = _mend(search, mate, p, q, set(rest_u), set(left))
    if mended is not None and _pairs_within(mended, rest_u) >= need:
        return True, mended
    found = search.best(rest_u, left)
    if found is None or found[0] < need:
        return False, mate
    return True, found[1]


def _pairs_within(mate: dict[int, int], players: Sequence[int]) -> int:
    inside = set(players)
    return sum(1 for a in players if mate.get(a) in inside) // 2


def _mend(search: _GroupSearch, mate: dict[int, int], p: int, q: int, undecided: set[int],
          left: set[int]) -> dict[int, int] | None:
    """The witness with ``p`` and ``q`` taken out and their partners re-paired:
    with each other, or through one pair of the witness (p2–x, y–q2 instead of
    x–y).  A group-only witness may leave them single (they would float).
    None: no such mend keeps the witness valid."""
    new = dict(mate)
    free = []
    for x in (p, q):
        partner = new.pop(x, None)
        if partner is not None and partner not in (p, q):
            new.pop(partner, None)
            free.append(partner)
    if len(free) < 2:
        return new if search.local or not free else None
    a, b = free
    if search.allowed(a, b, left):
        new[a], new[b] = b, a
        return new
    for x, y in list(new.items()):
        if x > y:
            continue
        for u, v in ((x, y), (y, x)):
            if search.allowed(a, u, left) and search.allowed(v, b, left):
                del new[x], new[y]
                new[a], new[u], new[v], new[b] = u, a, b, v
                return new
    return new if search.local else None


def _try_leave(search: _GroupSearch, undecided: list[int], u_set: set[int], left: list[int],
               mate: dict[int, int], p: int, need: int) -> tuple[bool, dict[int, int]]:
    """Whether leaving ``p`` over (he floats down) still lets the group reach ``need`` pairs."""
    partner = mate.get(p)
    if partner is None or partner not in u_set:
        return True, mate
    found = search.best([x for x in undecided if x != p], left + [p])
    if found is None or found[0] < need:
        return False, mate
    return True, found[1]


# ---------------------------------------------------------------------------
# Pairing a round
# ---------------------------------------------------------------------------


def pair(t: Tournament) -> Pairing:
    """Pair ``t.next_round`` by 临近编排 (seed 003 §(三)3)."""
    try:
        start = swiss.start_round(t, SYSTEM, build_round, group_order)
    except PairingError as e:
        raise apart_blocks(t, build_round) or e from None
    if isinstance(start, Pairing):
        return start
    rnd, groups, notes = start.rnd, start.groups, start.notes
    bye_score: float | None = None
    if start.bye is not None:
        bye_score, rnd.bye_cands = start.bye
    boards: list[Board] = []
    layouts: list[BracketLayout] = []
    carry: list[int] = []
    planned: list[tuple[list[int], list[Pair], list[int]]] = []
    for gi, (score, members) in enumerate(groups):
        if not planned:
            planned = plain_rest_of_round(rnd, groups[gi:], carry) or []
        if planned:
            order, pairs, left = planned.pop(0)
        else:
            order = carry + members
            rest = [n for _, ms in groups[gi + 1:] for n in ms]
            pairs, left = search_group(rnd, order, frozenset(carry), rest)
        layouts.append(BracketLayout(score, tuple(order), (), tuple(carry), _layout_note(rnd, order)))
        for a, b, step in pairs:
            boards.append(rnd.board(len(boards) + 1, a, b, step))
        carry = left
    bye = swiss.left_over_bye(rnd.k, carry, start.bye)
    if bye is not None:
        notes.append(problem("xp.note.bye_lowest", bye=bye, score=f"{bye_score:g}"))
    return Pairing(round=rnd.k, boards=tuple(boards), bye=bye, brackets=tuple(layouts),
                   system=SYSTEM, notes=tuple(notes))


def _layout_note(rnd: _Round, order: Sequence[int]) -> str:
    """The group as the arbiter reads it: the order (no rows in this method)."""
    way = "单轮次 小号在前" if rnd.k % 2 else "双轮次 大号在前"
    return f"临近编排 {way}: " + " ".join(
        f"{n}({rnd.entrants[n].score:g} {rnd.entrants[n].colours.label()})" for n in order)


__all__ = [
    "FLOATERS_FIRST", "MET_INCLUDES_FORFEITS", "PAIRS_BY_ORDER_ONLY", "STEP_ADJACENT", "STEP_BROKEN",
    "STEP_DOWNFLOAT", "STEP_NEXT_ELIGIBLE", "SYSTEM", "group_order", "pair",
    "plain_order", "plain_rest_of_round", "search_group",
]
