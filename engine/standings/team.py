"""Team standings (团体名次), individual board standings (台次成绩) and the team
crosstable — plain records for the workbook, as :mod:`~bianpai.engine.standings.individual` gives for
players, whose ranking and shared-place logic they reuse.

Team ranking: the ``rank_by`` score (场分 by default, ``TeamSettings.rank_by``),
then the tie-breaks in the order asked; teams still level after the last one
share the place.  The codes:

* ``MP`` 场分 — match points (a tie-break when the ranking is by 局分);
* ``BP`` 局分 — board points;
* ``OPP`` 对手分 — the sum of the opponents' 场分 (Buchholz on match points;
  byes, forfeits and withdrawals count as :mod:`tiebreaks` counts them under
  the :class:`~tiebreaks.TiebreakSettings` given);
* ``OBP`` 对手局分 — the sum of the opponents' 局分 (matches paired, forfeits too);
* ``DE`` 直胜 — direct encounter: 场分 in the matches among the tied teams, only
  when every two of them met over the board (C.07 Art. 6);
* ``MW`` 胜场数 — matches won (Decision: a match won because the opponent did not
  turn up counts; a bye does not);
* and every code of :data:`~bianpai.engine.standings.individual.TIEBREAK_CODES` (``SB``, ``PS``, ``BH-C1`` …),
  computed on the team-level tournament (场分 as the score).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Callable, Sequence

from . import tiebreaks as tb
from ..model import Colour, Outcome
from ..results import InputError
from .individual import CODE_ALIASES, RESULT_MARK, TIEBREAK_CODES, Placed, de_stage
from .individual import split_groups
from ..teams.model import TeamEvent
from ..teams.points import TeamHistory, TeamRoundEntry, board_score, team_history
from ..teams.projection import team_tournament
from .tiebreaks import DEFAULT_SETTINGS, TiebreakSettings

TEAM_CODES: tuple[str, ...] = ("MP", "BP", "OPP", "OBP", "DE", "MW")
"""The team tie-breaks of this module (see the module docstring)."""

TEAM_PRESETS: dict[str, tuple[str, ...]] = {
    "team": ("BP", "OPP", "DE", "MW"),
    "team-board": ("MP", "OPP", "DE", "MW"),
    "team-round-robin": ("DE", "BP", "SB", "MW"),
}
"""Presets: ``team`` — ranked by 场分: 局分, 对手分, 直胜, 胜场数 (issue 18's
list); ``team-board`` — ranked by 局分: 场分 first, then the same; ``team-round-robin``
— 直胜, 局分, Sonneborn-Berger on 场分, 胜场数."""

DEFAULT_TEAM_PRESET = "team"


def parse_team_tiebreaks(text: str) -> tuple[str, ...]:
    """``"BP,OPP,DE"`` or a preset name → codes; every unknown entry named at once."""
    out: list[str] = []
    bad: list[str] = []
    for raw in re.split(r"[,\s、，;；]+", text.strip()):
        if not raw:
            continue
        if raw.lower() in TEAM_PRESETS:
            out.extend(TEAM_PRESETS[raw.lower()])
            continue
        code = CODE_ALIASES.get(raw.upper(), raw.upper())
        if code in TEAM_CODES or code in TIEBREAK_CODES:
            out.append(code)
        else:
            bad.append(raw)
    if bad:
        raise InputError(
            f"unknown team tie-break {', '.join(repr(b) for b in bad)}: use "
            f"{', '.join(TEAM_CODES + TIEBREAK_CODES)} or a preset ({', '.join(TEAM_PRESETS)})")
    return tuple(out)


@dataclass(frozen=True)
class TeamStandingRow(Placed):
    """One line of the team standings: place (``rank``..``rank_to`` when
    shared), team, 场分, 局分 and the tie-break values in the order asked."""

    rank: int
    rank_to: int
    team: int
    name: str
    match_points: float
    board_points: float
    values: tuple[float, ...]
    codes: tuple[str, ...] = ()



def opponents_match_points(h: dict[int, TeamHistory], team: int) -> float:
    """对手分 as the arbiter adds it by hand: the opponents' final 场分 over the
    matches paired (forfeits too), a bye adding nothing."""
    return sum(h[e.opponent].match_points for e in h[team].entries if e.opponent is not None)


def opponents_board_points(h: dict[int, TeamHistory], team: int) -> float:
    """对手局分: the opponents' final 局分 over the matches paired."""
    return sum(h[e.opponent].board_points for e in h[team].entries if e.opponent is not None)


def team_standings(ev: TeamEvent, codes: Sequence[str],
                   settings: TiebreakSettings = DEFAULT_SETTINGS,
                   after_round: int | None = None) -> tuple[TeamStandingRow, ...]:
    """The team ranking after ``after_round`` (default: every round paired)."""
    if after_round is not None:
        if not 0 <= after_round <= len(ev.rounds):
            raise InputError(f"after_round {after_round}: the event has rounds 1..{len(ev.rounds)}")
        ev = replace(ev, rounds=ev.rounds[:after_round])
    codes = parse_team_tiebreaks(",".join(codes)) if codes else ()
    h = team_history(ev)
    tev = tb.tiebreak_event(team_tournament(ev), settings)
    numbers = tuple(sorted(h))
    team_values: dict[str, Callable[[int], float]] = {
        "MP": lambda n: h[n].match_points,
        "BP": lambda n: h[n].board_points,
        "OPP": lambda n: tb.bh(tev, n),
        "OBP": lambda n: opponents_board_points(h, n),
        "MW": lambda n: float(h[n].match_wins),
    }
    values: dict[str, dict[int, float]] = {}
    keys: dict[str, dict[int, object]] = {}
    for code in dict.fromkeys(codes):
        if code in team_values:
            f = team_values[code]
            values[code] = {n: f(n) for n in numbers}
            keys[code] = dict(values[code])
        elif code in tb.SCALAR_TIEBREAKS:
            g = tb.SCALAR_TIEBREAKS[code]
            values[code] = {n: g(tev, n) for n in numbers}
            keys[code] = dict(values[code])
        elif code == "BH-CUT":
            seq = {n: tb.bh_cut(tev, n) for n in numbers}
            keys[code] = dict(seq)
            values[code] = {n: s[0] if s else 0.0 for n, s in seq.items()}
    primary = ev.settings.rank_by
    de_shown: dict[int, float] = {}
    groups = split_groups([numbers], lambda n: h[n].score(primary))
    for code in codes:
        if code == "DE":
            groups = [p for g in groups for p in de_stage(tev, g, de_shown)]
        else:
            groups = split_groups(groups, keys[code].__getitem__)
    values["DE"] = {n: de_shown.get(n, 0.0) for n in numbers}
    names = {t.number: t.name for t in ev.teams}
    rows: list[TeamStandingRow] = []
    place = 1
    for grp in groups:
        for n in sorted(grp):
            rows.append(TeamStandingRow(place, place + len(grp) - 1, n, names[n], h[n].match_points,
                                        h[n].board_points, tuple(values[c][n] for c in codes), codes))
        place += len(grp)
    return tuple(rows)


# ---------------------------------------------------------------------------
# 台次成绩: individual results by board
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class BoardStandingRow:
    """A player's results on one board: games (boards with a result the player
    sat at — forfeits too), 局分, and the percentage of the most possible."""

    board: int
    rank: int
    rank_to: int
    player: int
    name: str
    team: int
    games: int
    points: float
    percentage: float

    @property
    def rank_label(self) -> str:
        return str(self.rank) if self.rank == self.rank_to else f"{self.rank}-{self.rank_to}"


def board_standings(ev: TeamEvent, min_games: int = 0) -> dict[int, tuple[BoardStandingRow, ...]]:
    """台次成绩: for each board 1..n, its players ranked by percentage, then
    points, then games (more first); players level share the place.  Players
    with fewer than ``min_games`` games on the board are left out (the event's
    rule for board prizes: Decision — 0, everyone listed).  A player who sat
    on two boards has a row on each."""
    s = ev.settings
    acc: dict[tuple[int, int], list[float]] = {}
    for rnd in ev.rounds:
        for m in rnd.matches:
            for b in m.boards:
                if b.result is None:
                    continue
                for p, first in ((b.first, True), (b.second, False)):
                    if p is not None:
                        acc.setdefault((b.board, p), []).append(board_score(b.result, first, s))
    names = {mem.number: (mem.name, t.number) for t in ev.teams for mem in t.roster}
    win = s.board_points.win or 1.0
    out: dict[int, tuple[BoardStandingRow, ...]] = {}
    for board in range(1, ev.boards + 1):
        rows = [(p, len(v), sum(v)) for (bd, p), v in acc.items() if bd == board and len(v) >= min_games]
        pct = {p: 100.0 * pts / (g * win) for p, g, pts in rows}
        info = {p: (g, pts) for p, g, pts in rows}
        order = {p: (pct[p], info[p][1], info[p][0]) for p in info}
        groups = split_groups([tuple(sorted(info))], order.__getitem__)
        ranked: list[BoardStandingRow] = []
        place = 1
        for grp in groups:
            for p in sorted(grp):
                g, pts = info[p]
                ranked.append(BoardStandingRow(board, place, place + len(grp) - 1, p, names[p][0],
                                               names[p][1], g, pts, pct[p]))
            place += len(grp)
        out[board] = tuple(ranked)
    return out


def best_on_board(ev: TeamEvent, min_games: int = 0) -> dict[int, tuple[BoardStandingRow, ...]]:
    """Each board's best score (台次最佳): the rows in first place."""
    return {b: tuple(r for r in rows if r.rank == 1) for b, rows in board_standings(ev, min_games).items()}


# ---------------------------------------------------------------------------
# The team crosstable
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class TeamCrosstableCell:
    """One team's round: opponent (None: bye/absence), its board-1 colour when
    played, outcome, 场分, its 局分 and the opponent's 局分."""

    round: int
    opponent: int | None
    colour: Colour | None
    outcome: Outcome
    match_points: float
    board_points: float
    opponent_board_points: float

    @property
    def text(self) -> str:
        """TRF-like: ``"5w1 5:3"`` (opponent, colour, result, 局分 for–against);
        unpaired rounds ``"U 4"`` (the bye's 局分), ``"-"``."""
        mark = RESULT_MARK[self.outcome]
        if self.opponent is None:
            return f"{mark} {self.board_points:g}" if self.board_points else mark
        colour = self.colour.value if self.colour else ""
        return f"{self.opponent}{colour}{mark} {self.board_points:g}:{self.opponent_board_points:g}"


@dataclass(frozen=True)
class TeamCrosstableRow:
    team: int
    name: str
    cells: tuple[TeamCrosstableCell, ...]
    match_points: float
    board_points: float


def team_crosstable(ev: TeamEvent) -> tuple[TeamCrosstableRow, ...]:
    """Per team (by number): every round's match result and board points, totals."""
    h = team_history(ev)
    names = {t.number: t.name for t in ev.teams}
    by_round = {n: {e.round: e for e in x.entries} for n, x in h.items()}

    def cell(e: TeamRoundEntry) -> TeamCrosstableCell:
        theirs = by_round[e.opponent][e.round].board_points if e.opponent is not None else 0.0
        return TeamCrosstableCell(e.round, e.opponent, e.colour, e.outcome, e.match_points,
                                  e.board_points, theirs)

    return tuple(TeamCrosstableRow(n, names[n], tuple(cell(e) for e in x.entries), x.match_points,
                                   x.board_points) for n, x in h.items())


def ranking_score(ev: TeamEvent, team: int) -> float:
    """The score the standings rank by first (``TeamSettings.rank_by``)."""
    return team_history(ev)[team].score(ev.settings.rank_by)


__all__ = [
    "BoardStandingRow", "DEFAULT_TEAM_PRESET", "TEAM_CODES", "TEAM_PRESETS", "TeamCrosstableCell",
    "TeamCrosstableRow", "TeamStandingRow", "best_on_board", "board_standings",
    "opponents_board_points", "opponents_match_points", "parse_team_tiebreaks", "ranking_score",
    "team_crosstable", "team_standings",
]
