"""What every Swiss method of the Chinese family shares (定位编排 dingwei.md,
临近编排 seed ``003`` §(三)3): the round's entrants, who has met whom, who may
take the bye (dingwei.md §7), score groups, and whether the round can be
completed (§5 criterion 1).

A method builds its round (:class:`SwissRound`, with its own entrant type: an
:class:`Entrant` or a richer card) and :func:`start_round` does the rest of
what comes before its own bracket-by-bracket pairing: round 1 by
:mod:`round1` (§3), the empty round, the score groups, and the bye group or
the :class:`PairingError` when the round cannot be completed.

Rules shared by the methods (typed, ``t.rules``, engine/rules.py):
``provisional`` (§8) and ``high_score_first`` (§6).  Sections (§) are those
of docs/spec/dingwei.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, ClassVar, Generic, Iterable, Mapping, Sequence, TypeVar

from ...matching import rx  # rustworkx, or the pure-Python fallback without it

from .colours import allocate_colours, seed_reading
from ...history.colours import ColourState, colour_state_of
from ...model import PlayerHistory, Tournament
from ...results import Board, ColourReason, InputError, Pairing, PairingError, PairReason, Problem, problem
from ..round1 import pair_round1

AVOID_THREE_WHERE_PAIRS_IGNORE_COLOURS = True
"""**Decision** (docs/spec/systems.md 临近编排: "Colours by the rules of
dingwei.md §6"): version 2 of §6 dropped its "avoid three in a row" rule
because 定位编排 avoids three in a row by choosing pairs (§5 criterion 4a).
The adjacent method chooses no pair by colour (seed ``003`` §(三)3 (8) balances
colours after pairing, ``adjacent.PAIRS_BY_ORDER_ONLY``), so it keeps that
rule ahead of §6 rule 1, as seed ``000`` 原则 11 asks (尽可能避免连走三先或连走三后):
otherwise nothing in that method would avoid it."""

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


# ---------------------------------------------------------------------------
# The round's entrants (§1, §7)
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Entrant:
    """A player to be paired in round k: score, colours, and whether he may
    take the bye (§7: no pairing bye, full-point bye or forfeit win yet)."""

    number: int
    score: float
    colours: ColourState
    bye_ok: bool


def may_take_bye(h: PlayerHistory) -> bool:
    """§7: a player who has had a pairing bye, a full-point bye or a forfeit
    win (a point without playing) does not take the bye again."""
    return not h.had_full_point_unplayed


def entrant_of(h: PlayerHistory) -> Entrant:
    """The player of ``h`` as an entrant of the next round."""
    return Entrant(h.number, h.score, colour_state_of(h), may_take_bye(h))


MET_INCLUDES_FORFEITS = True
"""**Decision** (dingwei.md §1, for every method of the family): two players
have met once they were paired against each other, whether the game was played
or forfeited; they are not paired again."""


def met_opponents(h: PlayerHistory, in_play: frozenset[int] | set[int]) -> frozenset[int]:
    """§1 已相遇过的对手不再编对: the opponents of ``h`` among ``in_play`` that he
    may not meet again (:data:`MET_INCLUDES_FORFEITS`)."""
    return frozenset(h.opponents_paired if MET_INCLUDES_FORFEITS else h.opponents_played) & in_play


def most_forbidden(forbidden: Mapping[int, frozenset[int]]) -> int:
    """Δ: the most players of the round any one player may not meet."""
    return max((len(f) for f in forbidden.values()), default=0)


E = TypeVar("E", bound=Entrant)


@dataclass
class SwissRound(Generic[E]):
    """Round k as every method needs it: its entrants, whom each may not meet
    (``forbidden``, Δ = ``delta``), and whether one of them takes the bye."""

    k: int
    total: int
    high_score_first: bool
    entrants: dict[int, E]
    forbidden: dict[int, frozenset[int]]
    delta: int  # the most opponents any player may not meet (Δ)
    bye_needed: bool

    avoid_three: ClassVar[bool] = True
    """Whether the colour allocation first avoids three in a row: the adjacent
    method (:data:`AVOID_THREE_WHERE_PAIRS_IGNORE_COLOURS`); 定位编排 version 2
    does not (docs/spec/dingwei.md §6)."""

    def eligible(self, a: int, b: int) -> bool:
        """§4: ``a`` and ``b`` may be paired (not met before, and whatever else
        the method forbids)."""
        return b not in self.forbidden[a]

    def colours_of(self, a: E, b: E) -> tuple[int, int, str]:
        """§6: ``(red, black, rule)`` for the pair ``a``–``b``."""
        return allocate_colours(a.colours, b.colours, a.number, b.number, a.score, b.score,
                                self.k, self.total, self.high_score_first, self.avoid_three)

    def board(self, number: int, a: int, b: int, step: str, why: PairReason | None = None) -> Board:
        """Board ``number``: ``a``–``b`` with colours by §6 and the step that
        made the pair (§10), with the colour rule as a record."""
        red, black, rule = self.colours_of(self.entrants[a], self.entrants[b])
        rc, bc = self.entrants[red].colours, self.entrants[black].colours
        seed, extended = seed_reading(rule, rc, bc)
        reason = ColourReason(rule, seed, rc.sized_label() if rc.last else "",
                              bc.sized_label() if bc.last else "", extended=extended)
        return Board(number, red, black, step, rule, why, reason)


ScoreGroups = list[tuple[float, list[int]]]


def by_number(numbers: Iterable[int], round_no: int) -> list[int]:
    """A score group's players by number, whatever the round."""
    return sorted(numbers)


def score_groups(rnd: SwissRound[Any], players: Iterable[int],
                 order: Callable[[list[int], int], list[int]] = by_number) -> ScoreGroups:
    """积分段: the players by score, highest first, each group in ``order``."""
    by: dict[float, list[int]] = {}
    for n in players:
        by.setdefault(rnd.entrants[n].score, []).append(n)
    return [(s, order(by[s], rnd.k)) for s in sorted(by, reverse=True)]


# ---------------------------------------------------------------------------
# Completion (§5 criterion 1, §7)
# ---------------------------------------------------------------------------

BYE = -1  # the bye node of a completion matching


def dirac_completable(size: int, delta: int) -> bool:
    """Any even set of ``size`` players, each of whom may not meet at most
    ``delta`` of them, can be paired when size ≥ 2Δ+2 (Dirac: everyone may meet
    at least half of the others, so there is a Hamiltonian cycle)."""
    return size == 0 or size >= max(2 * delta + 2, 3)


def maximum_matching(nodes: Sequence[int], edges: list[tuple[int, int, int]]) -> dict[int, int]:
    """A maximum-cardinality matching of largest weight: ``{player: partner}``
    both ways (``BYE`` may be a partner)."""
    idx = {n: i for i, n in enumerate(nodes)}
    g = rx.PyGraph(multigraph=False)
    g.add_nodes_from(range(len(nodes)))
    g.add_edges_from([(idx[a], idx[b], w) for a, b, w in edges])
    mate: dict[int, int] = {}
    for u, v in rx.max_weight_matching(g, max_cardinality=True, weight_fn=lambda w: w):
        mate[nodes[u]] = nodes[v]
        mate[nodes[v]] = nodes[u]
    return mate


def completable(rnd: SwissRound[Any], players: Sequence[int], bye_cands: Iterable[int] | None) -> bool:
    """§5 criterion 1: whether ``players`` can all be paired without rematches,
    one of ``bye_cands`` taking the bye (None: no bye)."""
    present = set(players)
    cands = [] if bye_cands is None else [c for c in bye_cands if c in present]
    if bye_cands is not None and not cands:
        return False
    size = len(players) - (0 if bye_cands is None else 1)
    if size % 2:
        return False
    if dirac_completable(size, rnd.delta):
        return True
    nodes = list(players) + ([BYE] if bye_cands is not None else [])
    edges = [(a, b, 1) for i, a in enumerate(players) for b in players[i + 1:] if rnd.eligible(a, b)]
    edges += [(c, BYE, 1) for c in cands]
    return len(maximum_matching(nodes, edges)) == len(nodes)


def bye_group(rnd: SwissRound[Any], groups: ScoreGroups,
              players: list[int]) -> tuple[float, frozenset[int]] | None:
    """§7: the lowest score group with a player who may take the bye and whose
    bye leaves the rest completable; and its players who may."""
    for score, members in reversed(groups):
        cands = [n for n in members if rnd.entrants[n].bye_ok]
        if cands and completable(rnd, players, cands):
            return score, frozenset(cands)
    return None


def completion_bye_group(rnd: SwissRound[Any], groups: ScoreGroups,
                         players: list[int]) -> tuple[float, frozenset[int]] | None:
    """§5 criterion 1, §7: the round must be completable — with the bye in
    :func:`bye_group` when the number is odd (returned; None when no bye is
    needed).  :class:`PairingError` otherwise, saying why."""
    k = rnd.k
    if rnd.bye_needed:
        found = bye_group(rnd, groups, players)
        if found is None:
            if not any(e.bye_ok for e in rnd.entrants.values()):
                raise PairingError(problem("pairing.nobody_for_bye", round=k, players=len(players)))
            raise PairingError(problem("pairing.bye_blocks", round=k))
        return found
    if not completable(rnd, players, None):
        raise PairingError(problem("pairing.incomplete", round=k, players=len(players)))
    return None


def left_over_bye(k: int, carry: list[int], bye: tuple[float, frozenset[int]] | None) -> int | None:
    """§7: within the bye group, the bye goes to the one the pairing leaves
    over (None: nobody is left over).  Completion (§5.1) makes him one player
    of the group who may take it."""
    if not carry:
        return None
    if bye is None or len(carry) != 1 or carry[0] not in bye[1]:  # pragma: no cover - completion forbids it
        raise PairingError(problem("pairing.left_over", round=k, players=", ".join(map(str, carry))))
    return carry[0]


# ---------------------------------------------------------------------------
# The start of a round
# ---------------------------------------------------------------------------

R = TypeVar("R", bound="SwissRound[Any]")


@dataclass(frozen=True)
class RoundStart(Generic[R]):
    """Round k ≥ 2, ready for a method's brackets: the round, its players, the
    notes so far, the score groups, and the bye group (score, players who may
    take the bye) when one is needed."""

    rnd: R
    players: list[int]
    notes: list[Problem]
    groups: ScoreGroups
    bye: tuple[float, frozenset[int]] | None


def start_round(t: Tournament, system: str,
                build_round: Callable[[Tournament], tuple[R, list[int], list[Problem]]],
                order: Callable[[list[int], int], list[int]] = by_number) -> Pairing | RoundStart[R]:
    """``t.next_round`` up to its brackets: round 1 paired by §3
    (:func:`round1.pair_round1`), a round with nobody to pair as an empty
    :class:`Pairing`; otherwise the round built by ``build_round``, grouped by
    score (each group in ``order``) and checked completable (§5.1, §7)."""
    k = t.next_round
    if k == 1:
        return pair_round1(t, system)
    rnd, players, notes = build_round(t)
    if not players:
        return Pairing(round=k, boards=(), system=system, notes=tuple(notes))
    groups = score_groups(rnd, players, order)
    return RoundStart(rnd, players, notes, groups, completion_bye_group(rnd, groups, players))


__all__ = [
    "BYE", "Entrant", "MET_INCLUDES_FORFEITS", "RoundStart",
    "ScoreGroups",
    "SwissRound", "by_number", "bye_group", "completable", "completion_bye_group",
    "dirac_completable", "entrant_of", "left_over_bye", "may_take_bye", "maximum_matching", "met_opponents",
    "most_forbidden", "score_groups", "start_round",
]
