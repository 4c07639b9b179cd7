"""Pairs kept apart (回避名单): players the chief arbiter keeps from meeting.

The arbiter lists pairs or groups (siblings, a coach and pupil, one school)
with the rounds the list applies to (:class:`~.model.ForbiddenPairs`, TRF
``XXP`` / ``260``; the workbook's 回避名单 sheet).  Every Swiss system honours
the list as it honours a past meeting (已相遇过的对手不再编对): the Chinese
methods add it to each player's met set (:func:`kept_apart`), the Dutch system
takes it as the reference engine takes ``XXP``.  The checker refuses a round
that pairs a kept-apart pair (engine/checker.py, with :func:`apart_in`), and when the list makes
a round unpairable :func:`apart_blocks` names the pairs that block it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Callable, Iterable

from ..matching.completion import (
    BYE, CompletionRound, PlainRound, PlainSeat, completion_bye_group, maximum_matching, most_forbidden,
    score_groups,
)
from ..model import Tournament, history
from ..problems import InputError, PairingError, Problem, problem


def kept_apart(t: Tournament, round_no: int) -> dict[int, frozenset[int]]:
    """For each player, the players he is kept apart from in ``round_no``."""
    out: dict[int, set[int]] = {}
    for fp in t.forbidden_pairs:
        if not fp.applies_to(round_no):
            continue
        group = set(fp.players)
        for n in group:
            out.setdefault(n, set()).update(group - {n})
    return {n: frozenset(s) for n, s in out.items()}


def apart_in(t: Tournament, round_no: int, a: int, b: int) -> bool:
    """Whether ``a`` and ``b`` are kept apart in ``round_no``."""
    return any(fp.applies_to(round_no) and a in fp.players and b in fp.players and a != b
               for fp in t.forbidden_pairs)


Boards1 = list[tuple[int, int, str]]  # round 1's (red, black, colour rule)


def separate_round1(pairs: Boards1, apart: dict[int, frozenset[int]],
                    bye: int | None = None) -> tuple[Boards1, int | None, list[tuple[int, int]]]:
    """Round 1 (drawn, not chosen, dingwei.md §3): a board of two players kept
    apart exchanges its second player with a player of the nearest board
    (below first; his black, else his red) or with the bye, whichever first
    leaves both boards free of the list.  Returns the boards, the bye and the
    exchanges made (board numbers, 1-based; 0 for the bye).  **Decision**: the
    nearest exchange keeps the round-1 method's shape as far as it can; when
    none helps the round is refused naming the pairs (:class:`InputError`)."""
    out = list(pairs)
    swaps: list[tuple[int, int]] = []

    def bad(a: int, b: int) -> bool:
        return b in apart.get(a, frozenset())

    def exchange(i: int) -> bool:
        nonlocal bye
        ri, bi, rule_i = out[i]
        for d in range(1, len(out)):
            for j in (i + d, i - d):
                if not 0 <= j < len(out):
                    continue
                rj, bj, rule_j = out[j]
                for mine, theirs in (((ri, bj), (rj, bi)), ((ri, rj), (bi, bj))):
                    if not bad(*mine) and not bad(*theirs):
                        out[i], out[j] = (*mine, rule_i), (*theirs, rule_j)
                        swaps.append((min(i, j) + 1, max(i, j) + 1))
                        return True
        if bye is not None and not bad(ri, bye):
            out[i], bye = (ri, bye, rule_i), bi
            swaps.append((i + 1, 0))
            return True
        return False

    stuck = [(min(out[i][:2]), max(out[i][:2])) for i in range(len(out))
             if bad(out[i][0], out[i][1]) and not exchange(i)]
    if stuck:
        raise InputError(problem("problem.apart_blocks", round=1, pairs=_pairs_text(stuck)))
    return out, bye, swaps


def without_list(t: Tournament) -> Tournament:
    """``t`` with no pairs kept apart."""
    return replace(t, forbidden_pairs=())


def plain_round(t: Tournament, forfeits_meet: bool = True) -> tuple[PlainRound, list[int], list[Problem]]:
    """``t.next_round`` as a plain Swiss round (:class:`~..matching.completion.PlainRound`):
    who may not meet whom (met before, or — with ``forfeits_meet`` false —
    played before; kept apart) and who may take the bye (no pairing bye,
    full-point bye or forfeit win yet).  For a system that builds no such
    round itself (the Dutch system, the team system) when :func:`apart_blocks`
    looks for the pairs in the way."""
    k = t.next_round
    hist = history(t, k)
    players = list(t.to_pair(k))
    in_play = frozenset(players)
    apart = kept_apart(t, k)
    entrants = {n: PlainSeat(hist[n].score, not hist[n].had_full_point_unplayed) for n in players}
    met = {n: hist[n].opponents_paired if forfeits_meet else hist[n].opponents_played for n in players}
    forbidden = {n: (frozenset(met[n]) | apart.get(n, frozenset())) & in_play for n in players}
    rnd = PlainRound(k, entrants, forbidden, most_forbidden(forbidden), len(players) % 2 == 1)
    return rnd, players, []


def apart_blocks(t: Tournament,
                 build_round: Callable[[Tournament], tuple[CompletionRound, list[int], list[Problem]]]
                 ) -> InputError | None:
    """When the list makes ``t.next_round`` unpairable: the error naming the
    kept-apart pairs that block it — the fewest of them a pairing without the
    list needs (a maximum matching preferring other pairs).  None when the
    list is not what blocks (a rematch or the bye does, or no pair applies)."""
    k = t.next_round
    if k < 2 or not kept_apart(t, k):
        return None
    rnd, players, _ = build_round(without_list(t))
    groups = score_groups(rnd, players)
    try:
        found = completion_bye_group(rnd, groups, players)
    except PairingError:
        return None
    edges = [(a, b, 1 if apart_in(t, k, a, b) else 2)
             for i, a in enumerate(players) for b in players[i + 1:] if rnd.eligible(a, b)]
    nodes = list(players)
    if found is not None:
        nodes.append(BYE)
        edges += [(c, BYE, 2) for c in found[1]]
    mate = maximum_matching(nodes, edges)
    blocking = sorted({(min(a, b), max(a, b)) for a, b in mate.items()
                       if BYE not in (a, b) and apart_in(t, k, a, b)})
    return InputError(problem("problem.apart_blocks", round=k,
                              pairs=_pairs_text(blocking)))


def _pairs_text(pairs: Iterable[tuple[int, int]]) -> str:
    return ", ".join(f"{a}–{b}" for a, b in pairs)


__all__ = ["apart_blocks", "apart_in", "kept_apart", "plain_round", "separate_round1", "without_list"]
