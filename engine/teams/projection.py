"""The team-level tournament: a team event as an ordinary :class:`model.Tournament`
with teams as players and match results as game results (issue 18).

Every system pairs teams exactly as it pairs players (docs/seeds/000: the rules
speak of 人（队）): 定位编排 (:mod:`~bianpai.engine.systems.chinese.dingwei`), 临近编排
(:mod:`~bianpai.engine.systems.chinese.adjacent`), round robin (:mod:`~bianpai.engine.systems.roundrobin`),
Dutch and the FIDE team system (:mod:`~bianpai.engine.systems.fide_team`)
all pair the team-level tournament, whose history is the teams' history:

* a team is a player with the team's number, name and unit (as club);
* a match is a game between the team red on board 1 and the team black on
  board 1 (C.04.6 Art. 1.6.1: the team's colour is its board-1 colour), with
  the match result (:func:`~bianpai.engine.teams.points.match_outcome`) as the game result —
  a match with no board played over the board is a forfeit, so it gives no
  colour and (FIDE) does not count as met;
* a team bye, a requested bye, an absence or a withdrawal is the player's;
* the points are the 场分 (``TeamSettings.match_points``).

Pairing by 局分 (``pair_by = BOARD``) needs a score per match that the
points system cannot express; :mod:`fide_team` takes the scores from the
rules this module writes (``Rules.primary_scores``, :func:`score_rules`), the
other systems refuse it (see docs/team.md).  The event's other rules
(``TeamEvent.rules``) are handed on as they are.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..model import Bye, Game, GameResult, Outcome, Player, Points, Round, Tournament
from ..results import InputError, Pairing
from ..rules import Rules, Scores
from ..registry import pair_next_round
from .model import (
    ScoreKind, TeamBye, TeamEvent, TeamMatch, TeamRound, TeamSettings, new_match, validate_event,
)
from .points import first_team_for, match_outcome, red_team, team_history

BOARD_POINT_PAIRING_SYSTEMS: tuple[str, ...] = ("fide-team", "roundrobin")
"""Systems that can pair by 局分: the FIDE team system reads the scores from
the rules; round robin does not pair by score at all."""


def team_points_system(s: TeamSettings) -> Points:
    """The team-level points system: 场分 (a team bye and a full-point bye
    score ``bye``, a half-point bye a match draw)."""
    mp = s.match_points
    return Points(win=mp.win, draw=mp.draw, loss=mp.loss, bye=mp.bye, forfeit_win=mp.forfeit_win,
                  forfeit_loss=mp.forfeit_loss, full_bye=mp.bye, half_bye=mp.draw, zero_bye=0.0)


def team_player(ev: TeamEvent, number: int) -> Player:
    t = ev.team(number)
    return Player(number=t.number, name=t.name, rating=t.rating, club=t.unit,
                  withdrawn_from=t.withdrawn_from, joins_from=t.joins_from)


def match_game(match: TeamMatch, s: TeamSettings) -> Game:
    """The match as a team-level game: red = the team red on board 1."""
    red = red_team(match, s.colours)
    black = match.opponent_of(red)
    o = match_outcome(match, red, s)
    result: GameResult | None
    if o is Outcome.UNFINISHED:
        result = None
    elif o is Outcome.FORFEIT_LOSS:
        other = match_outcome(match, black, s)
        result = GameResult.BLACK_FORFEIT_WIN if other is Outcome.FORFEIT_WIN \
            else GameResult.DOUBLE_FORFEIT
    else:
        result = {Outcome.WIN: GameResult.RED_WIN, Outcome.DRAW: GameResult.DRAW,
                  Outcome.LOSS: GameResult.BLACK_WIN,
                  Outcome.FORFEIT_WIN: GameResult.RED_FORFEIT_WIN}[o]
    return Game(red, black, result)


def team_round(rnd: TeamRound, s: TeamSettings) -> Round:
    return Round(rnd.number, tuple(match_game(m, s) for m in rnd.matches),
                 tuple(Bye(b.team, b.kind) for b in rnd.byes))


def score_rules(ev: TeamEvent) -> Rules:
    """``ev.rules`` with the teams' scores for :mod:`fide_team`: the primary
    score when it is 局分 (C.04.6 Art. 1.2), and the secondary score (the
    other one, used for colour allocation, Art. 4.2.2)."""
    h = team_history(ev)
    primary = ev.settings.pair_by
    secondary = ScoreKind.BOARD if primary is ScoreKind.MATCH else ScoreKind.MATCH

    def per_round(kind: ScoreKind) -> Scores:
        return tuple((n, tuple(e.score(kind) for e in x.entries)) for n, x in sorted(h.items()))

    return replace(ev.rules, secondary_scores=per_round(secondary),
                   primary_scores=per_round(ScoreKind.BOARD) if primary is ScoreKind.BOARD else None)


def team_tournament(ev: TeamEvent) -> Tournament:
    """The team-level tournament of ``ev`` (see the module docstring)."""
    problems = validate_event(ev)
    if problems:
        raise InputError(problems)
    s = ev.settings
    return Tournament(
        name=ev.name,
        players=tuple(team_player(ev, t.number) for t in sorted(ev.teams, key=lambda t: t.number)),
        rounds=tuple(team_round(r, s) for r in ev.rounds),
        total_rounds=ev.total_rounds,
        points=team_points_system(s),
        requests=tuple((r, Bye(b.team, b.kind)) for r, b in ev.requests),
        rules=score_rules(ev),
        system=ev.system,
        first_colour=ev.first_colour,
    )


@dataclass(frozen=True)
class TeamPairing:
    """A team round as paired: ``matches`` (先手队 first, line-ups from the
    board order, no results), the team byes, and the team-level
    :class:`Pairing` with its explanation (steps, colour rules, notes)."""

    round: int
    matches: tuple[TeamMatch, ...]
    byes: tuple[TeamBye, ...]
    pairing: Pairing

    def as_round(self) -> TeamRound:
        return TeamRound(self.round, self.matches, self.byes)


def pair_team_round(ev: TeamEvent, system_name: str) -> TeamPairing:
    """Pair ``ev.next_round`` with the named system on the team-level tournament."""
    if ev.settings.pair_by is ScoreKind.BOARD and system_name not in BOARD_POINT_PAIRING_SYSTEMS:
        raise InputError(
            f"system {system_name!r} cannot pair teams by board points (局分); "
            f"use {' or '.join(BOARD_POINT_PAIRING_SYSTEMS)}, or pair by match points (场分)")
    t = team_tournament(ev)
    p = pair_next_round(t, system_name)
    rnd = p.as_round(t)
    matches = tuple(new_match(ev, *first_team_for(g.red, g.black, ev.settings.colours))
                    for g in rnd.games)
    byes = tuple(TeamBye(b.player, b.kind) for b in rnd.byes)
    return TeamPairing(p.round, matches, byes, p)


__all__ = [
    "BOARD_POINT_PAIRING_SYSTEMS", "TeamPairing", "match_game", "pair_team_round", "score_rules",
    "team_player", "team_points_system", "team_round", "team_tournament",
]
