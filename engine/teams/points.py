"""Team points and colours: 局分 from the boards, the match result, 场分, and
which colour each board plays (issue 18).

* 局分 (board points): each board scores the event's individual points
  (``TeamSettings.board_points``, xiangqi 2/1/0); a team's 局分 in a match is
  the sum over its boards.  A forfeited board scores ``forfeit_win`` /
  ``forfeit_loss``; a double forfeit ``forfeit_loss`` for both.
* The match result follows from the board results: more 局分 wins, equal
  局分 is a draw.  A match with no board played over the board (a team did
  not turn up, or every board forfeited) is a forfeit (C.04.2 Art. 3.5: the
  two teams did not meet): the side with more 局分 wins by forfeit, equal is
  a double forfeit.
* 场分 (match points): ``TeamSettings.match_points`` of the match result; a
  team bye is a match win (docs/seeds/000 5) with ``bye_board_points`` 局分.
* Colours: the 先手队's colour on each board by the event's
  :class:`~bianpai.engine.teams.model.ColourRule`; a team's colour in a match is its board-1 colour,
  and only a match played over the board gives a colour (C.04.6 Art. 1.6.1).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..model import ByeKind, Colour, GameResult, Outcome
from .model import (
    BoardGame, BoardResult, ColourRule, ScoreKind, TeamEvent, TeamMatch, TeamRound, TeamSettings,
)

# ---------------------------------------------------------------------------
# Colours
# ---------------------------------------------------------------------------


def first_team_colour(board: int, rule: ColourRule) -> Colour:
    """The 先手队's colour on ``board``: ODD_BOARDS_RED — red on 1, 3, 5 …;
    EVEN_BOARDS_RED — red on 2, 4, 6 …."""
    odd = board % 2 == 1
    red = odd if rule is ColourRule.ODD_BOARDS_RED else not odd
    return Colour.RED if red else Colour.BLACK


def team_colour(match: TeamMatch, team: int, rule: ColourRule) -> Colour:
    """The colour ``team`` has in ``match``: its board-1 colour (C.04.6 1.6.1)."""
    c = first_team_colour(1, rule)
    return c if team == match.first else c.opposite


def red_team(match: TeamMatch, rule: ColourRule) -> int:
    """The team that plays red on board 1."""
    return match.first if first_team_colour(1, rule) is Colour.RED else match.second


def first_team_for(red: int, black: int, rule: ColourRule) -> tuple[int, int]:
    """(先手队, second team) of a pairing that gives ``red`` red on board 1."""
    return (red, black) if first_team_colour(1, rule) is Colour.RED else (black, red)


_AS_RED = {
    BoardResult.FIRST_WIN: GameResult.RED_WIN, BoardResult.DRAW: GameResult.DRAW,
    BoardResult.SECOND_WIN: GameResult.BLACK_WIN,
    BoardResult.FIRST_FORFEIT_WIN: GameResult.RED_FORFEIT_WIN,
    BoardResult.SECOND_FORFEIT_WIN: GameResult.BLACK_FORFEIT_WIN,
    BoardResult.DOUBLE_FORFEIT: GameResult.DOUBLE_FORFEIT,
}


_FROM_RED = {v: k for k, v in _AS_RED.items()}


@dataclass(frozen=True)
class BoardColours:
    """A board as red–black: the players (None: empty seat) and the result
    from red's side, as :class:`model.Game` reads it."""

    board: int
    red: int | None
    black: int | None
    result: GameResult | None


def board_as_red_black(b: BoardGame, rule: ColourRule) -> BoardColours:
    """The board read red–black under ``rule``."""
    r = _AS_RED[b.result] if b.result is not None else None
    if first_team_colour(b.board, rule) is Colour.RED:
        return BoardColours(b.board, b.first, b.second, r)
    rev = _AS_RED[b.result.reversed] if b.result is not None else None
    return BoardColours(b.board, b.second, b.first, rev)


def board_result_from_red(result: GameResult, first: Colour) -> BoardResult:
    """A board's result from red's side as the first team's (``first``: its colour on the board)."""
    res = _FROM_RED[result]
    return res if first is Colour.RED else res.reversed


def board_from_red_black(board: int, first_player: int | None, second_player: int | None,
                         result: GameResult | None, rule: ColourRule) -> BoardGame:
    """A board typed red–black (``result`` from red's side) as a :class:`BoardGame`."""
    if result is None:
        return BoardGame(board, first_player, second_player)
    return BoardGame(board, first_player, second_player,
                     board_result_from_red(result, first_team_colour(board, rule)))


# ---------------------------------------------------------------------------
# 局分 board points
# ---------------------------------------------------------------------------


def board_score(result: BoardResult | None, first: bool, s: TeamSettings) -> float:
    """The 局分 one side of a board scores (unfinished: 0)."""
    if result is None:
        return 0.0
    return float(getattr(s.board_points, _BOARD_POINTS_FIELD[first][result]))


_BOARD_POINTS_FIELD: dict[bool, dict[BoardResult, str]] = {
    True: {BoardResult.FIRST_WIN: "win", BoardResult.DRAW: "draw", BoardResult.SECOND_WIN: "loss",
           BoardResult.FIRST_FORFEIT_WIN: "forfeit_win", BoardResult.SECOND_FORFEIT_WIN: "forfeit_loss",
           BoardResult.DOUBLE_FORFEIT: "forfeit_loss"},
}
_BOARD_POINTS_FIELD[False] = {r: _BOARD_POINTS_FIELD[True][r.reversed] for r in BoardResult}
"""The :class:`Points` field a board result scores, for the first team (True) and the second
(read from its side: the result reversed) — looked up, as :func:`board_score` is the inner loop
of every score and standing."""


def match_board_points(match: TeamMatch, team: int, s: TeamSettings) -> float:
    """``team``'s 局分 in ``match``: the sum over its boards."""
    first = team == match.first
    return sum(board_score(b.result, first, s) for b in match.boards)


def bye_board_points(ev: TeamEvent, kind: ByeKind = ByeKind.PAIRING) -> float:
    """局分 of a team bye: the setting, else half the match's board points
    (:data:`~bianpai.engine.teams.model.BYE_BOARD_POINTS_DEFAULT`).  Decision: a half-point bye gets
    half of that, a zero-point bye and an absence none."""
    s = ev.settings
    full = s.bye_board_points if s.bye_board_points is not None else ev.boards * s.board_points.draw
    if kind in (ByeKind.PAIRING, ByeKind.FULL):
        return full
    if kind is ByeKind.HALF:
        return full / 2
    return 0.0


# ---------------------------------------------------------------------------
# The match result and 场分
# ---------------------------------------------------------------------------


def match_played(match: TeamMatch) -> bool:
    """Played over the board: some board was played and nobody failed to turn up."""
    return not match.no_show and any(b.result is not None and b.result.played for b in match.boards)


def match_outcome(match: TeamMatch, team: int, s: TeamSettings) -> Outcome:
    """``team``'s result in ``match`` from the board results: WIN/DRAW/LOSS by
    局分; FORFEIT_WIN/FORFEIT_LOSS when no board was played over the board
    (equal 局分 then: a double forfeit, FORFEIT_LOSS for both); UNFINISHED
    while a board has no result."""
    if not match.finished:
        return Outcome.UNFINISHED
    mine = match_board_points(match, team, s)
    theirs = match_board_points(match, match.opponent_of(team), s)
    if not match_played(match):
        return Outcome.FORFEIT_WIN if mine > theirs else Outcome.FORFEIT_LOSS
    if mine > theirs:
        return Outcome.WIN
    return Outcome.DRAW if mine == theirs else Outcome.LOSS


def match_result(match: TeamMatch, s: TeamSettings) -> BoardResult | None:
    """The match result read first–second, in the board results' letters."""
    o = match_outcome(match, match.first, s)
    if o is Outcome.UNFINISHED:
        return None
    if o is Outcome.FORFEIT_LOSS:
        other = match_outcome(match, match.second, s)
        return BoardResult.SECOND_FORFEIT_WIN if other is Outcome.FORFEIT_WIN \
            else BoardResult.DOUBLE_FORFEIT
    return {Outcome.WIN: BoardResult.FIRST_WIN, Outcome.DRAW: BoardResult.DRAW,
            Outcome.LOSS: BoardResult.SECOND_WIN,
            Outcome.FORFEIT_WIN: BoardResult.FIRST_FORFEIT_WIN}[o]


def match_points_for(outcome: Outcome, s: TeamSettings) -> float:
    """场分 of a team's outcome in a round (a match or a bye)."""
    mp = s.match_points
    return {
        Outcome.WIN: mp.win, Outcome.DRAW: mp.draw, Outcome.LOSS: mp.loss,
        Outcome.FORFEIT_WIN: mp.forfeit_win, Outcome.FORFEIT_LOSS: mp.forfeit_loss,
        Outcome.PAIRING_BYE: mp.bye, Outcome.FULL_BYE: mp.bye, Outcome.HALF_BYE: mp.draw,
        Outcome.ZERO_BYE: 0.0, Outcome.ABSENT: 0.0, Outcome.UNFINISHED: 0.0,
    }[outcome]


_BYE_OUTCOME = {
    ByeKind.PAIRING: Outcome.PAIRING_BYE, ByeKind.FULL: Outcome.FULL_BYE,
    ByeKind.HALF: Outcome.HALF_BYE, ByeKind.ZERO: Outcome.ZERO_BYE, ByeKind.ABSENT: Outcome.ABSENT,
}


# ---------------------------------------------------------------------------
# A team's rounds
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class TeamRoundEntry:
    """One team's round: opponent (None: bye/absence), its colour (board 1's,
    None unless the match was played over the board), outcome, 场分 and 局分."""

    round: int
    opponent: int | None
    colour: Colour | None
    outcome: Outcome
    match_points: float
    board_points: float
    first: bool = False  # listed first (先手队)

    def score(self, kind: ScoreKind) -> float:
        return self.match_points if kind is ScoreKind.MATCH else self.board_points


@dataclass(frozen=True)
class TeamHistory:
    """A team's rounds and totals."""

    team: int
    entries: tuple[TeamRoundEntry, ...]

    @property
    def match_points(self) -> float:
        return sum(e.match_points for e in self.entries)

    @property
    def board_points(self) -> float:
        return sum(e.board_points for e in self.entries)

    def score(self, kind: ScoreKind) -> float:
        return self.match_points if kind is ScoreKind.MATCH else self.board_points

    @property
    def colours(self) -> tuple[Colour, ...]:
        return tuple(e.colour for e in self.entries if e.colour is not None)

    @property
    def match_wins(self) -> int:
        """胜场数: matches won, over the board or because the opponent did not turn up."""
        return sum(1 for e in self.entries if e.outcome in (Outcome.WIN, Outcome.FORFEIT_WIN))


def round_entries(ev: TeamEvent, rnd: TeamRound) -> dict[int, TeamRoundEntry]:
    """Every team's entry in ``rnd``; teams with none are absent."""
    s = ev.settings
    out: dict[int, TeamRoundEntry] = {}
    for m in rnd.matches:
        played = match_played(m)
        for team in m.teams():
            o = match_outcome(m, team, s)
            out[team] = TeamRoundEntry(
                rnd.number, m.opponent_of(team), team_colour(m, team, s.colours) if played else None,
                o, match_points_for(o, s), match_board_points(m, team, s), team == m.first)
    for b in rnd.byes:
        o = _BYE_OUTCOME[b.kind]
        out[b.team] = TeamRoundEntry(rnd.number, None, None, o, match_points_for(o, s),
                                     bye_board_points(ev, b.kind))
    for t in ev.teams:
        if t.number not in out:
            out[t.number] = TeamRoundEntry(rnd.number, None, None, Outcome.ABSENT, 0.0, 0.0)
    return out


def team_history(ev: TeamEvent, before_round: int | None = None) -> dict[int, TeamHistory]:
    """Each team's rounds 1..before_round−1 (default: all rounds)."""
    upto = len(ev.rounds) if before_round is None else before_round - 1
    per: dict[int, list[TeamRoundEntry]] = {t.number: [] for t in ev.teams}
    for rnd in ev.rounds[:upto]:
        for n, e in round_entries(ev, rnd).items():
            per.setdefault(n, []).append(e)
    return {n: TeamHistory(n, tuple(es)) for n, es in sorted(per.items())}


__all__ = [
    "BoardColours", "TeamHistory", "TeamRoundEntry", "board_as_red_black", "board_from_red_black",
    "board_score", "bye_board_points", "first_team_colour", "first_team_for", "match_board_points",
    "match_outcome", "match_played", "match_points_for", "match_result", "red_team",
    "round_entries", "team_colour", "team_history",
]
