"""Simulated team events: seeded random teams, line-ups and board results.

For the property tests, the benchmark and ``bianpai demo --team``.  One
``random.Random(seed)`` drives everything: the same seed, the same event.
"""

from __future__ import annotations

import random
from dataclasses import replace

from ..model import ByeKind
from ..rules import DEFAULT_RULES, Rules
from .individual import CLUBS, random_players
from ..teams.model import (
    BoardResult, Member, Team, TeamBye, TeamEvent, TeamMatch, TeamSettings, default_lineup,
    no_show, with_empty_boards_forfeited, with_lineup,
)
from ..teams.projection import pair_team_round

#: Board results from the first team's side (first, draw, second).
BOARD_RESULT_WEIGHTS: tuple[tuple[BoardResult, int], ...] = (
    (BoardResult.FIRST_WIN, 35), (BoardResult.DRAW, 30), (BoardResult.SECOND_WIN, 35),
)


def random_teams(n: int, boards: int, rng: random.Random, reserves: int = 1) -> tuple[Team, ...]:
    """``n`` teams of ``boards`` regulars and ``reserves`` reserves; player
    numbers run 1.. over the whole event, in team and board order."""
    per = boards + reserves
    people = random_players(n * per, rng)
    out = []
    for i in range(n):
        roster = tuple(Member(p.number, p.name, p.rating, reserve=j >= boards)
                       for j, p in enumerate(people[i * per:(i + 1) * per]))
        unit = CLUBS[i % len(CLUBS)]
        out.append(Team(i + 1, f"{unit}{i + 1}队", unit=unit, captain=roster[0].name, roster=roster))
    return tuple(out)


def random_board_result(rng: random.Random) -> BoardResult:
    r = rng.randrange(sum(w for _, w in BOARD_RESULT_WEIGHTS))
    for res, w in BOARD_RESULT_WEIGHTS:
        if r < w:
            return res
        r -= w
    raise AssertionError("unreachable")


def random_lineup(team: Team, boards: int, rng: random.Random, reserve_rate: float,
                  empty_rate: float) -> tuple[int | None, ...]:
    """The board-order line-up; a reserve comes in for a random regular with
    ``reserve_rate`` (the order kept); the last board stays empty with
    ``empty_rate``."""
    players = list(default_lineup(team, boards))
    if team.reserves and rng.random() < reserve_rate:
        out = rng.randrange(boards)
        players = players[:out] + players[out + 1:] + [team.reserves[0].number]
    if rng.random() < empty_rate:
        players[-1] = None
    return tuple(players)


def play_match(ev: TeamEvent, m: TeamMatch, rng: random.Random, reserve_rate: float,
               empty_rate: float, no_show_rate: float, round_no: int) -> TeamMatch:
    gone = [x for x in m.teams() if not ev.team(x).active_in(round_no) or rng.random() < no_show_rate]
    if gone:
        return no_show(m, *gone)
    for x in m.teams():
        m = with_lineup(m, x, random_lineup(ev.team(x), ev.boards, rng, reserve_rate, empty_rate))
    m = with_empty_boards_forfeited(m)
    return replace(m, boards=tuple(b if b.result is not None else replace(b, result=random_board_result(rng))
                                   for b in m.boards))


def play_team_round(ev: TeamEvent, system: str, rng: random.Random, *, reserve_rate: float = 0.0,
                    empty_rate: float = 0.0, no_show_rate: float = 0.0) -> TeamEvent:
    """Pair the next round with ``system`` and play every match at random."""
    tp = pair_team_round(ev, system)
    k = tp.round
    matches = tuple(play_match(ev, m, rng, reserve_rate, empty_rate, no_show_rate, k)
                    for m in tp.matches)
    return ev.with_round(replace(tp.as_round(), matches=matches))


def play_team_event(n: int, boards: int, rounds: int, system: str, seed: int, *,
                    settings: TeamSettings | None = None, upto: int | None = None,
                    reserve_rate: float = 0.0, empty_rate: float = 0.0, no_show_rate: float = 0.0,
                    absence_rate: float = 0.0, withdraw_rate: float = 0.0,
                    rules: Rules = DEFAULT_RULES) -> TeamEvent:
    """A whole simulated team event (or its first ``upto`` rounds).  Before
    each round a team may ask for a bye (``absence_rate``, zero points) or
    withdraw for good (``withdraw_rate``)."""
    rng = random.Random(seed)
    ev = TeamEvent(f"模拟团体赛 {system} {n}", random_teams(n, boards, rng), boards=boards,
                   total_rounds=rounds, settings=settings or TeamSettings(), rules=rules,
                   system=system)
    for k in range(1, (rounds if upto is None else upto) + 1):
        if k > 1 and (absence_rate or withdraw_rate):
            ev = _absences(ev, k, rng, absence_rate, withdraw_rate)
        ev = play_team_round(ev, system, rng, reserve_rate=reserve_rate, empty_rate=empty_rate,
                             no_show_rate=no_show_rate)
    return ev


def _absences(ev: TeamEvent, k: int, rng: random.Random, absence_rate: float,
              withdraw_rate: float) -> TeamEvent:
    teams = list(ev.teams)
    requests = list(ev.requests)
    for i, t in enumerate(teams):
        if not t.active_in(k):
            continue
        if rng.random() < withdraw_rate:
            teams[i] = replace(t, withdrawn_from=k)
        elif rng.random() < absence_rate:
            requests.append((k, TeamBye(t.number, ByeKind.ZERO)))
    if sum(1 for t in teams if t.active_in(k)) - sum(1 for r, _ in requests if r == k) < 2:
        return ev
    return replace(ev, teams=tuple(teams), requests=tuple(requests))


__all__ = ["play_match", "play_team_event", "play_team_round", "random_board_result",
           "random_lineup", "random_teams"]
