"""Whether a round can be completed, and who may take its bye (dingwei.md §5
criterion 1, §7): a matching question every Swiss system asks of a round
before it pairs, and the one :func:`~..constraints.apart.apart_blocks` asks
to name the kept-apart pairs that block a round.

A round is anything shaped as :class:`CompletionRound` — the Chinese family's
:class:`~..systems.chinese.core.SwissRound`, or :class:`PlainRound`, the round
as it is before any system's own rules (who may not meet whom, who may take
the bye).  Sections (§) are those of docs/spec/dingwei.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable, Mapping, Protocol, Sequence

from ..problems import PairingError, problem
from .backend import rx  # rustworkx, or the pure-Python fallback without it

BYE = -1  # the bye node of a completion matching


class Seat(Protocol):
    """What completion reads of an entrant: his score and whether he may take the bye."""

    @property
    def score(self) -> float: ...

    @property
    def bye_ok(self) -> bool: ...


class CompletionRound(Protocol):
    """What completion reads of a round."""

    @property
    def k(self) -> int: ...

    @property
    def entrants(self) -> Mapping[int, Seat]: ...

    @property
    def delta(self) -> int: ...

    @property
    def bye_needed(self) -> bool: ...

    def eligible(self, a: int, b: int) -> bool: ...


@dataclass(frozen=True)
class PlainSeat:
    """An entrant as completion reads him (:class:`Seat`)."""

    score: float
    bye_ok: bool


@dataclass(frozen=True)
class PlainRound:
    """Round k with no system's rules but who may not meet whom (``forbidden``)
    and who may take the bye (:class:`CompletionRound`)."""

    k: int
    entrants: Mapping[int, PlainSeat]
    forbidden: Mapping[int, frozenset[int]]
    delta: int  # the most opponents any player may not meet (Δ)
    bye_needed: bool

    def eligible(self, a: int, b: int) -> bool:
        """``a`` and ``b`` may be paired."""
        return b not in self.forbidden[a]


def most_forbidden(forbidden: Mapping[int, frozenset[int]]) -> int:
    """Δ: the most players of the round any one player may not meet."""
    return max((len(f) for f in forbidden.values()), default=0)


ScoreGroups = list[tuple[float, list[int]]]


def by_number(numbers: Iterable[int], round_no: int) -> list[int]:
    """A score group's players by number, whatever the round."""
    return sorted(numbers)


def score_groups(rnd: CompletionRound, players: Iterable[int],
                 order: Callable[[list[int], int], list[int]] = by_number) -> ScoreGroups:
    """积分段: the players by score, highest first, each group in ``order``."""
    by: dict[float, list[int]] = {}
    for n in players:
        by.setdefault(rnd.entrants[n].score, []).append(n)
    return [(s, order(by[s], rnd.k)) for s in sorted(by, reverse=True)]


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


def completable(rnd: CompletionRound, players: Sequence[int], bye_cands: Iterable[int] | None) -> bool:
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


def bye_group(rnd: CompletionRound, groups: ScoreGroups,
              players: list[int]) -> tuple[float, frozenset[int]] | None:
    """§7: the lowest score group with a player who may take the bye and whose
    bye leaves the rest completable; and its players who may."""
    for score, members in reversed(groups):
        cands = [n for n in members if rnd.entrants[n].bye_ok]
        if cands and completable(rnd, players, cands):
            return score, frozenset(cands)
    return None


def completion_bye_group(rnd: CompletionRound, groups: ScoreGroups,
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


__all__ = [
    "BYE", "CompletionRound", "PlainRound", "PlainSeat", "ScoreGroups", "Seat", "by_number", "bye_group",
    "completable", "completion_bye_group", "dirac_completable", "maximum_matching", "most_forbidden",
    "score_groups",
]
