"""What every Swiss method of the Chinese family shares (定位编排 dingwei.md,
临近编排 seed ``003`` §(三)3): the round's entrants, who has met whom, who may
take the bye (dingwei.md §7), score groups, and whether the round can be
completed (§5 criterion 1) — the last two, and the unfinished games counted as
draws (§8), are every system's and live below the systems
(engine/matching/completion.py, engine/history/provisional.py); they are named
here too, for the family's methods.

A method builds its round (:class:`SwissRound`, with its own entrant type: an
:class:`Entrant` or a richer card) and :func:`start_round` does the rest of
what comes before its own bracket-by-bracket pairing: round 1 by
:mod:`~bianpai.engine.systems.round1` (§3), the empty round, the score groups, and the bye group or
the :class:`PairingError` when the round cannot be completed.

Rules shared by the methods (typed, ``t.rules``, engine/rules.py):
``provisional`` (§8) and ``high_score_first`` (§6).  Sections (§) are those
of docs/spec/dingwei.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, ClassVar, Generic, TypeVar

from ...history.colours import ColourState, colour_state_of
from ...history.provisional import games_counted_as_draws, provisional_note
from ...matching.completion import (  # completion is every system's question: one module for all
    BYE, ScoreGroups, by_number, bye_group, completable, completion_bye_group, dirac_completable,
    maximum_matching, most_forbidden, score_groups,
)
from ...model import PlayerHistory, Tournament
from ...results import Board, ColourReason, Pairing, PairingError, PairReason, Problem, problem
from ..round1 import pair_round1
from .colours import allocate_colours, seed_reading

AVOID_THREE_WHERE_PAIRS_IGNORE_COLOURS = True
"""**Decision** (docs/spec/systems.md 临近编排: "Colours by the rules of
dingwei.md §6"): version 2 of §6 dropped its "avoid three in a row" rule
because 定位编排 avoids three in a row by choosing pairs (§5 criterion 4a).
The adjacent method chooses no pair by colour (seed ``003`` §(三)3 (8) balances
colours after pairing, ``adjacent.PAIRS_BY_ORDER_ONLY``), so it keeps that
rule ahead of §6 rule 1, as seed ``000`` 原则 11 asks (尽可能避免连走三先或连走三后):
otherwise nothing in that method would avoid it."""

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


# ---------------------------------------------------------------------------
# Completion (§5 criterion 1, §7)
# ---------------------------------------------------------------------------

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
    (:func:`~bianpai.engine.systems.round1.pair_round1`), a round with nobody to pair as an empty
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
    "dirac_completable", "entrant_of", "games_counted_as_draws", "left_over_bye", "may_take_bye",
    "maximum_matching", "met_opponents", "most_forbidden", "provisional_note", "score_groups", "start_round",
]
