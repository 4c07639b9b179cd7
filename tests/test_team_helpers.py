"""Small team events built by hand for the team tests (helpers only, no tests)."""

from __future__ import annotations

from bianpai.engine.teams.model import Member, Team, TeamEvent, TeamSettings


def make_team(number: int, boards: int = 4, reserves: int = 1) -> Team:
    """Team ``number``: players number*10+1 … in board order, then reserves."""
    roster = tuple(Member(number * 10 + i, f"T{number}P{i}", reserve=i > boards)
                   for i in range(1, boards + reserves + 1))
    return Team(number, f"队{number}", unit=f"单位{number}", captain=f"队长{number}", roster=roster)


def make_event(n_teams: int = 4, boards: int = 4, total_rounds: int = 5,
               settings: TeamSettings | None = None, reserves: int = 1) -> TeamEvent:
    return TeamEvent("团体赛", tuple(make_team(i, boards, reserves) for i in range(1, n_teams + 1)),
                     boards=boards, total_rounds=total_rounds, settings=settings or TeamSettings())
