"""Team events (团体赛): teams, rosters, matches, line-ups and board results.

The seeds speak of 人（队） throughout (docs/seeds/000 1、3、5): every rule of
the pairing systems applies to teams as to players.  A team event is played
in *matches*: two teams meet, their players sit on boards 1..n (台次), and the
board results make the match result (:mod:`~bianpai.engine.teams.points`).

Everything here is a plain immutable value, as in :mod:`model`.  What a team
*has* (scores, colour history, opponents) is never stored; it is derived from
the rounds (:mod:`~bianpai.engine.teams.points`, :mod:`~bianpai.engine.teams.projection`), so it
cannot disagree with the board results.

Terms:

* 先手队 — the team listed first in a match (``TeamMatch.first``).  Which colour
  it plays on which board is the event's :class:`ColourRule`.
* 台次 — a member's place in the roster's board order; reserves (替补) stand
  after the regular players and play only when the captain puts them in.
* line-up (出场名单) — the players a team fields on boards 1..n of one match,
  pre-filled from the board order; the captain may change it within the
  :class:`LineupRules`.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace

from typing import Mapping

from ..model import DEFAULT_SYSTEM, XIANGQI_POINTS, ByeKind, Colour, Points
from ..problems import Problem, problem
from ..rules import DEFAULT_RULES, Rules


class BoardResult(enum.Enum):
    """A board's result read *first team's player – second team's player*
    (not red–black: the colours follow from the board number and the event's
    :class:`ColourRule`)."""

    FIRST_WIN = "1-0"
    DRAW = "=-="
    SECOND_WIN = "0-1"
    FIRST_FORFEIT_WIN = "+--"  # the second team's player did not come (or no player)
    SECOND_FORFEIT_WIN = "--+"
    DOUBLE_FORFEIT = "---"

    @property
    def played(self) -> bool:
        """Played over the board."""
        return self in (BoardResult.FIRST_WIN, BoardResult.DRAW, BoardResult.SECOND_WIN)

    @property
    def reversed(self) -> "BoardResult":
        """The same result read from the other team's side."""
        return _REVERSED[self]


_REVERSED = {
    BoardResult.FIRST_WIN: BoardResult.SECOND_WIN, BoardResult.SECOND_WIN: BoardResult.FIRST_WIN,
    BoardResult.DRAW: BoardResult.DRAW, BoardResult.DOUBLE_FORFEIT: BoardResult.DOUBLE_FORFEIT,
    BoardResult.FIRST_FORFEIT_WIN: BoardResult.SECOND_FORFEIT_WIN,
    BoardResult.SECOND_FORFEIT_WIN: BoardResult.FIRST_FORFEIT_WIN,
}


class ColourRule(enum.Enum):
    """Which colour the 先手队 plays on which board (issue 18).

    ``ODD_BOARDS_RED`` (default): red on boards 1, 3, 5 …, black on 2, 4, 6 ….
    ``EVEN_BOARDS_RED`` (Decision: the other common rule, as FIDE team events
    often have it): black on boards 1, 3, 5 …, red on 2, 4, 6 ….
    A team's colour in a match is its board-1 colour (C.04.6 Art. 1.6.1).
    """

    ODD_BOARDS_RED = "odd"
    EVEN_BOARDS_RED = "even"


DEFAULT_COLOUR_RULE = ColourRule.ODD_BOARDS_RED


class ScoreKind(enum.Enum):
    """The two scores of a team: 场分 match points and 局分 board points."""

    MATCH = "match"  # 场分
    BOARD = "board"  # 局分


@dataclass(frozen=True)
class MatchPoints:
    """场分: points for a match won, drawn, lost (default 2/1/0).  A match won
    because the opponent did not turn up scores ``forfeit_win``; the team that
    did not turn up scores ``forfeit_loss``.  A team bye (轮空) is a match win
    (docs/seeds/000 5: 轮空者均以胜局计算) and scores ``bye``."""

    win: float = 2.0
    draw: float = 1.0
    loss: float = 0.0
    forfeit_win: float = 2.0
    forfeit_loss: float = 0.0
    bye: float = 2.0


@dataclass(frozen=True)
class LineupRules:
    """What a captain may change in a line-up (出场名单).

    ``keep_order`` (default True): the players sit in roster order (台次) —
    a reserve may come in, but nobody plays above a player listed before him
    (the board order of FIDE and CXA team events).  ``vacancies_last``
    (default True): an empty board (a player missing) may only be a last
    board — the players below move up.
    """

    keep_order: bool = True
    vacancies_last: bool = True


BYE_BOARD_POINTS_DEFAULT: float | None = None
"""Decision: the board points of a team bye, when the setting is not given:
half of the match's board points (boards × a board draw), as FIDE counts a
pairing-allocated bye's game points (C.04.6 Art. 1.4).  The bye is a match
win in 场分 all the same."""


@dataclass(frozen=True)
class TeamSettings:
    """The points settings of a team event (issue 18).

    ``match_points`` 场分 and ``board_points`` 局分 (the individual points of a
    board, xiangqi 2/1/0 by default).  ``pair_by``: the score the systems pair
    by; ``rank_by``: the score the standings rank by first (default: 场分 for
    both; 局分 is then the first tie-break).  ``bye_board_points``: 局分 of a
    team bye (None: :data:`BYE_BOARD_POINTS_DEFAULT`).
    """

    match_points: MatchPoints = MatchPoints()
    board_points: Points = XIANGQI_POINTS
    pair_by: ScoreKind = ScoreKind.MATCH
    rank_by: ScoreKind = ScoreKind.MATCH
    bye_board_points: float | None = BYE_BOARD_POINTS_DEFAULT
    colours: ColourRule = DEFAULT_COLOUR_RULE
    lineup: LineupRules = LineupRules()


@dataclass(frozen=True)
class Member:
    """A player of a team.  ``number``: unique in the whole event (the
    individual's pairing card and TRF ``001`` number).  ``reserve``: 替补."""

    number: int
    name: str
    rating: int = 0
    reserve: bool = False
    sex: str = ""
    fide_id: str = ""


@dataclass(frozen=True)
class Team:
    """A team: number (队序号, the team's pairing number), name, unit (单位),
    captain (领队/队长), and its roster in board order (台次), regulars first.

    ``withdrawn_from`` / ``joins_from`` as for :class:`model.Player`.
    ``rating``: the team's pairing strength when the event needs one (0: none).
    """

    number: int
    name: str
    unit: str = ""
    captain: str = ""
    roster: tuple[Member, ...] = ()
    withdrawn_from: int | None = None
    joins_from: int = 1
    rating: int = 0

    def active_in(self, round_no: int) -> bool:
        """Whether the team is to be paired in ``round_no``."""
        if round_no < self.joins_from:
            return False
        return self.withdrawn_from is None or round_no < self.withdrawn_from

    def member(self, number: int) -> Member:
        for m in self.roster:
            if m.number == number:
                return m
        raise KeyError(number)

    def board_order(self, number: int) -> int:
        """The member's 台次 in the roster (1 = first)."""
        for i, m in enumerate(self.roster, start=1):
            if m.number == number:
                return i
        raise KeyError(number)

    @property
    def regulars(self) -> tuple[Member, ...]:
        return tuple(m for m in self.roster if not m.reserve)

    @property
    def reserves(self) -> tuple[Member, ...]:
        return tuple(m for m in self.roster if m.reserve)


@dataclass(frozen=True)
class BoardGame:
    """One board of a match: the first team's player, the second team's player
    (None: no player on that board — the board is forfeited), and the result
    read first–second (None: not finished yet)."""

    board: int
    first: int | None
    second: int | None
    result: BoardResult | None = None


@dataclass(frozen=True)
class TeamMatch:
    """A match of a round: ``first`` is the 先手队.  ``boards`` in board order.
    ``no_show``: the teams that did not turn up (all their boards forfeited)."""

    first: int
    second: int
    boards: tuple[BoardGame, ...] = ()
    no_show: tuple[int, ...] = ()

    def teams(self) -> tuple[int, int]:
        return (self.first, self.second)

    def opponent_of(self, team: int) -> int:
        return self.second if team == self.first else self.first

    @property
    def finished(self) -> bool:
        return bool(self.boards) and all(b.result is not None for b in self.boards)


@dataclass(frozen=True)
class TeamBye:
    """A team not paired in a round: the pairing bye (轮空, a match win), a
    requested bye, or an absence (withdrawn, not yet joined)."""

    team: int
    kind: ByeKind = ByeKind.PAIRING


@dataclass(frozen=True)
class TeamRound:
    """A round: its matches (in match-table order), then its team byes."""

    number: int
    matches: tuple[TeamMatch, ...] = ()
    byes: tuple[TeamBye, ...] = ()

    def match_of(self, team: int) -> TeamMatch | None:
        for m in self.matches:
            if team in (m.first, m.second):
                return m
        return None

    def bye_of(self, team: int) -> TeamBye | None:
        for b in self.byes:
            if b.team == team:
                return b
        return None


@dataclass(frozen=True)
class TeamEvent:
    """A whole team event: teams, boards per match, rounds so far, settings.

    ``requests``: byes/absences known for rounds not yet paired.  ``rules``:
    how the event is paired (engine/rules.py, as ``Tournament.rules``), handed
    on to the team-level tournament, as is ``first_colour`` (the initial colour
    drawn by lot, C.04.6 Art. 4.1; None: the system's own rule).
    """

    name: str
    teams: tuple[Team, ...]
    boards: int = 4
    rounds: tuple[TeamRound, ...] = ()
    total_rounds: int = 7
    settings: TeamSettings = TeamSettings()
    requests: tuple[tuple[int, TeamBye], ...] = ()
    rules: Rules = DEFAULT_RULES
    system: str = DEFAULT_SYSTEM  # the pairing system's name in the registry (engine/registry.py)
    first_colour: Colour | None = None  # as Tournament.first_colour (TRF XXC): team 1's in round 1

    def team(self, number: int) -> Team:
        for t in self.teams:
            if t.number == number:
                return t
        raise KeyError(number)

    def team_of(self, player: int) -> int:
        """The number of the team ``player`` belongs to."""
        for t in self.teams:
            if any(m.number == player for m in t.roster):
                return t.number
        raise KeyError(player)

    @property
    def next_round(self) -> int:
        return len(self.rounds) + 1

    def with_round(self, rnd: TeamRound) -> "TeamEvent":
        """The event with ``rnd`` appended (requests for it are consumed)."""
        if rnd.number != self.next_round:
            raise ValueError(f"round {rnd.number} is not the next round ({self.next_round})")
        rest = tuple((r, b) for r, b in self.requests if r != rnd.number)
        return replace(self, rounds=self.rounds + (rnd,), requests=rest)

    def with_match(self, round_no: int, match: TeamMatch) -> "TeamEvent":
        """The event with the match of the same two teams in ``round_no``
        replaced by ``match`` (line-up changes, results typed in)."""
        rounds = list(self.rounds)
        rnd = rounds[round_no - 1]
        key = {match.first, match.second}
        if not any({m.first, m.second} == key for m in rnd.matches):
            raise KeyError(f"round {round_no} has no match {match.first} v {match.second}")
        rounds[round_no - 1] = replace(rnd, matches=tuple(
            match if {m.first, m.second} == key else m for m in rnd.matches))
        return replace(self, rounds=tuple(rounds))

    def withdraw(self, team: int, from_round: int) -> "TeamEvent":
        """Team withdrawal (退赛): ``team`` takes no part from ``from_round`` on;
        its matches already played stand."""
        return replace(self, teams=tuple(
            replace(t, withdrawn_from=from_round) if t.number == team else t for t in self.teams))


# ---------------------------------------------------------------------------
# Line-ups
# ---------------------------------------------------------------------------


def default_lineup(team: Team, boards: int) -> tuple[int | None, ...]:
    """The line-up pre-filled from the board order: the first ``boards``
    regular players, then reserves if regulars are missing; empty boards
    (None) at the end when the roster is short."""
    order = list(team.regulars) + list(team.reserves)
    players: list[int | None] = [m.number for m in order[:boards]]
    return tuple(players + [None] * (boards - len(players)))


def lineup_problems(team: Team, players: tuple[int | None, ...], boards: int,
                    rules: LineupRules = LineupRules(),
                    owners: Mapping[int, int] | None = None) -> list[Problem]:
    """Every way ``players`` (boards 1..n; None = empty board) breaks the
    line-up rules for ``team`` (empty list: a valid line-up), each a
    :class:`~bianpai.engine.problems.Problem` located on its ``board``.

    The rules (出场名单): a player sits on one board only; only the team's own
    players sit (``owners``: every rostered player's team, to say whose he
    is); with ``rules.vacancies_last`` empty boards come last; with
    ``rules.keep_order`` the players sit in their 台次 order (a reserve below
    the regulars he stands in for)."""
    out: list[Problem] = []
    if len(players) != boards:
        out.append(problem("problem.lineup_boards", team=team.number, given=len(players), boards=boards))
    seen: dict[int, int] = {}
    last_order, vacant = 0, False
    for board, p in enumerate(players, start=1):
        if p is None:
            vacant = True
            continue
        if p in seen:
            out.append(problem("problem.lineup_twice", board=board, player=p, team=team.number,
                               other=seen[p]))
            continue
        seen[p] = board
        try:
            order = team.board_order(p)
        except KeyError:
            owner = (owners or {}).get(p)
            out.append(problem("problem.lineup_not_roster", board=board, player=p, team=team.number,
                               name=team.name, owner=owner if owner is not None else "—"))
            continue
        if rules.vacancies_last and vacant:
            out.append(problem("problem.lineup_below_empty", board=board, player=p))
        if rules.keep_order and order < last_order:
            out.append(problem("problem.lineup_order", board=board, player=p, order=order,
                               before=last_order))
        last_order = max(last_order, order)
    return out


def event_lineup_problems(ev: TeamEvent) -> list[Problem]:
    """Every line-up of every match that breaks the event's :class:`LineupRules`,
    each located on its round and board, with the match's teams (``first``,
    ``second``) and the fielding ``team`` among its arguments (the pairing does
    not depend on line-ups, so :func:`validate_event` leaves them out)."""
    owners = roster_owners(ev)
    out: list[Problem] = []
    for rnd in ev.rounds:
        for m in rnd.matches:
            if m.no_show:
                continue
            for team, players in ((m.first, tuple(b.first for b in m.boards)),
                                  (m.second, tuple(b.second for b in m.boards))):
                out += [replace(p, round=rnd.number,
                                args=p.args + (("first", m.first), ("second", m.second))
                                + (() if p.arg("team") is not None else (("team", team),)))
                        for p in lineup_problems(ev.team(team), players, ev.boards, ev.settings.lineup,
                                                 owners)]
    return out


def roster_owners(ev: TeamEvent) -> dict[int, int]:
    """Every rostered player's team (the first roster naming him)."""
    out: dict[int, int] = {}
    for t in ev.teams:
        for m in t.roster:
            out.setdefault(m.number, t.number)
    return out


def new_match(event: TeamEvent, first: int, second: int,
              first_lineup: tuple[int | None, ...] | None = None,
              second_lineup: tuple[int | None, ...] | None = None) -> TeamMatch:
    """A match with line-ups (default: from the board order) and no results."""
    a = first_lineup if first_lineup is not None else default_lineup(event.team(first), event.boards)
    b = second_lineup if second_lineup is not None else default_lineup(event.team(second), event.boards)
    return TeamMatch(first, second, tuple(
        BoardGame(i, a[i - 1] if i <= len(a) else None, b[i - 1] if i <= len(b) else None)
        for i in range(1, event.boards + 1)))


def with_lineup(match: TeamMatch, team: int, players: tuple[int | None, ...]) -> TeamMatch:
    """The match with ``team``'s line-up replaced (the captain's changes);
    results already typed are kept only where the same two players still sit."""
    first = team == match.first
    boards = []
    for b in match.boards:
        p = players[b.board - 1] if b.board <= len(players) else None
        nb = replace(b, first=p) if first else replace(b, second=p)
        if (nb.first, nb.second) != (b.first, b.second):
            nb = replace(nb, result=None)
        boards.append(nb)
    return replace(match, boards=tuple(boards))


def with_results(match: TeamMatch, results: tuple[BoardResult | None, ...]) -> TeamMatch:
    """The match with board results (first–second) for boards 1..n."""
    return replace(match, boards=tuple(
        replace(b, result=results[b.board - 1]) if b.board <= len(results) else b
        for b in match.boards))


def with_empty_boards_forfeited(match: TeamMatch) -> TeamMatch:
    """Boards with a missing player (None) get their forfeit result: the
    present side wins by forfeit; both missing: a double forfeit."""
    boards = []
    for b in match.boards:
        if b.first is None and b.second is None:
            b = replace(b, result=BoardResult.DOUBLE_FORFEIT)
        elif b.first is None:
            b = replace(b, result=BoardResult.SECOND_FORFEIT_WIN)
        elif b.second is None:
            b = replace(b, result=BoardResult.FIRST_FORFEIT_WIN)
        boards.append(b)
    return replace(match, boards=tuple(boards))


def no_show(match: TeamMatch, *teams: int) -> TeamMatch:
    """``teams`` did not turn up (弃权): all their boards are empty and forfeited;
    the other team wins every board by forfeit (both absent: double forfeits)."""
    gone = set(teams)
    boards = tuple(replace(b, first=None if match.first in gone else b.first,
                           second=None if match.second in gone else b.second)
                   for b in match.boards)
    m = replace(match, boards=boards, no_show=tuple(sorted(gone)))
    return with_empty_boards_forfeited(m)


# ---------------------------------------------------------------------------
# Validation
# ---------------------------------------------------------------------------


def validate_event(ev: TeamEvent) -> list[Problem]:
    """Structural problems of ``ev`` (empty: none), all at once, each a
    :class:`~bianpai.engine.problems.Problem` naming the round, board, team or
    player (a match by its two teams, ``first`` and ``second``)."""
    out: list[Problem] = []
    if ev.boards < 1:
        out.append(problem("problem.team_boards", boards=ev.boards))
    seen_teams: set[int] = set()
    owner: dict[int, int] = {}
    for t in ev.teams:
        if t.number < 1:
            out.append(problem("problem.event_team_number", team=t.number, name=t.name))
        if t.number in seen_teams:
            out.append(problem("problem.event_team_twice", team=t.number))
        seen_teams.add(t.number)
        for m in t.roster:
            if m.number in owner:
                out.append(problem("problem.team_two_rosters", player=m.number, team=owner[m.number],
                                   other=t.number))
            owner[m.number] = t.number
    for i, rnd in enumerate(ev.rounds, start=1):
        if rnd.number != i:
            out.append(problem("problem.team_round_position", round=rnd.number, position=i))
        used: list[int] = []
        for match in rnd.matches:
            used += [match.first, match.second]
            if match.first == match.second:
                out.append(problem("problem.team_self", round=rnd.number, first=match.first,
                                   second=match.second))
            if len(match.boards) != ev.boards:
                out.append(problem("problem.team_match_boards", round=rnd.number, first=match.first,
                                   second=match.second, given=len(match.boards), boards=ev.boards))
            for b in match.boards:
                out += _board_problems(rnd.number, match, b, owner)
        used += [b.team for b in rnd.byes]
        for n in sorted(set(used)):
            if n not in seen_teams:
                out.append(problem("problem.event_team_unknown", round=rnd.number, team=n))
            if used.count(n) > 1:
                out.append(problem("problem.team_twice_in_round", round=rnd.number, team=n,
                                   times=used.count(n)))
    return out


def _board_problems(round_no: int, m: TeamMatch, b: BoardGame, owner: dict[int, int]) -> list[Problem]:
    """A board's players are of the teams of its match; a played result has two players;
    a team that did not turn up fields nobody."""
    out = []
    for team, p in ((m.first, b.first), (m.second, b.second)):
        played = b.result is not None and b.result.played
        key = ("problem.team_board_roster" if p is not None and owner.get(p) != team
               else "problem.team_board_played_empty" if p is None and played else None)
        if key is not None:
            out.append(problem(key, round=round_no, board=b.board, player=p, first=m.first,
                               second=m.second, team=team))
        if team in m.no_show and p is not None:
            out.append(problem("problem.team_board_no_show", round=round_no, board=b.board, player=p,
                               first=m.first, second=m.second, team=team))
    return out


__all__ = [
    "BYE_BOARD_POINTS_DEFAULT", "BoardGame", "BoardResult", "ColourRule", "DEFAULT_COLOUR_RULE",
    "LineupRules", "MatchPoints", "Member", "ScoreKind", "Team", "TeamBye", "TeamEvent",
    "TeamMatch", "TeamRound", "TeamSettings", "default_lineup", "event_lineup_problems",
    "lineup_problems", "new_match", "roster_owners",
    "no_show", "validate_event", "with_empty_boards_forfeited", "with_lineup", "with_results",
]
