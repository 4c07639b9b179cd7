"""The Settings sheet of a team event (团体赛): the team block — event kind,
boards per match, 场分/局分 and what each is used for, the team bye, the team
colour rule, the team tie-breaks — its reader and its renderer.

The rest of the Settings sheet (name, rounds, system, the points of a board
game as 局分 …) is the individual event's (:mod:`.settings`); the team rows
are taken out before that reader runs and read here into the engine's
:class:`~bianpai.engine.teams.model.TeamSettings` (docs/team.md)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Mapping

from bianpai.engine.model import Points
from bianpai.engine.problems import InputError, Problem, problem
from bianpai.engine.rules import yes_no
from bianpai.engine.teams.model import ColourRule, LineupRules, MatchPoints, ScoreKind, TeamSettings

from ... import words as L
from ...words import text
from ..cells import Cell, Rows, _at, _blank, _fmt, _str, as_int, where
from ..settings_values import NO_VALUE, read_points_row

EVENT_KINDS: tuple[str, str] = ("kind.individual", "kind.team")
"""The event kinds (个人赛 / 团体赛) of the Settings' event-kind row."""

BOARD_MIN_GAMES_DEFAULT = None
"""Decision: 台次成绩 (the board standings, for board prizes) list the players who played at
least half the rounds so far on that board (rounded up), unless the Settings give a number."""

DEFAULT_TEAM_TIEBREAKS = "team"
"""As engine/standings/team.py DEFAULT_TEAM_PRESET: 局分, 对手分, 直胜, 胜场数 (kept here so that telling a
team workbook apart imports no pairing engine)."""

DEFAULT_BOARDS = 4
"""Decision: a team workbook has 4 boards per match unless the Settings say otherwise
(3, 4 and 6 are the common numbers)."""


@dataclass(frozen=True)
class TeamBlock:
    """The team rows of the Settings sheet."""

    team: bool = True
    boards: int = DEFAULT_BOARDS
    mp_win: float = 2.0
    mp_draw: float = 1.0
    mp_loss: float = 0.0
    bye_mp: float = 2.0
    bye_bp: float | None = None  # None: boards × a board draw (engine BYE_BOARD_POINTS_DEFAULT)
    pair_by: ScoreKind = ScoreKind.MATCH
    rank_by: ScoreKind = ScoreKind.MATCH
    colours: ColourRule = ColourRule.ODD_BOARDS_RED
    tiebreaks: str = DEFAULT_TEAM_TIEBREAKS
    board_min_games: int | None = None  # None: BOARD_MIN_GAMES_DEFAULT
    keep_order: bool = True  # 出场须按台次顺序 (engine/teams/model.py LineupRules.keep_order)
    vacancies_last: bool = True  # 空台只能在最后 (LineupRules.vacancies_last)

    def least_games(self, rounds_played: int) -> int:
        """The games a player needs on a board to be listed in 台次成绩."""
        if self.board_min_games is not None:
            return self.board_min_games
        return (rounds_played + 1) // 2

    def team_settings(self, board_points: Points) -> TeamSettings:
        """The engine's settings: ``board_points`` are the Settings' win/draw/loss rows (局分 of a board)."""
        mp = MatchPoints(
            self.mp_win,
            self.mp_draw,
            self.mp_loss,
            forfeit_win=self.mp_win,
            forfeit_loss=self.mp_loss,
            bye=self.bye_mp,
        )
        return TeamSettings(
            match_points=mp,
            board_points=board_points,
            pair_by=self.pair_by,
            rank_by=self.rank_by,
            bye_board_points=self.bye_bp,
            colours=self.colours,
            lineup=LineupRules(keep_order=self.keep_order, vacancies_last=self.vacancies_last),
        )

    @property
    def codes(self) -> tuple[str, ...]:
        # start-up time: the team standings only for a team workbook
        from bianpai.engine.standings.team import parse_team_tiebreaks

        return parse_team_tiebreaks(self.tiebreaks)


TEAM_ROWS: tuple[tuple[str, str, str], ...] = (
    # (label key, TeamBlock field, note key)
    ("set.event_kind", "team", "note.event_kind"),
    ("set.boards", "boards", "note.boards"),
    ("set.mp_win", "mp_win", "note.mp"),
    ("set.mp_draw", "mp_draw", ""),
    ("set.mp_loss", "mp_loss", ""),
    ("set.team_bye_mp", "bye_mp", ""),
    ("set.team_bye_bp", "bye_bp", "note.team_bye_bp"),
    ("set.pair_by", "pair_by", "note.pair_by"),
    ("set.rank_by", "rank_by", "note.rank_by"),
    ("set.team_colours", "colours", "note.team_colours"),
    ("set.team_tiebreaks", "tiebreaks", "note.team_tiebreaks"),
    ("set.board_min_games", "board_min_games", "note.board_min_games"),
    ("set.lineup_order", "keep_order", "note.lineup_order"),
    ("set.lineup_vacancies_last", "vacancies_last", "note.lineup_vacancies_last"),
)
TEAM_ROW_KEYS = tuple(k for k, _, _ in TEAM_ROWS)

_SCORE_WORDS = {"score.match": ScoreKind.MATCH, "score.board": ScoreKind.BOARD}
_COLOUR_WORDS = {"colours.odd": ColourRule.ODD_BOARDS_RED, "colours.even": ColourRule.EVEN_BOARDS_RED}


def split_team_rows(rows: Rows) -> tuple[list[list[Cell]], dict[str, tuple[int, Cell]]]:
    """The Settings rows without the team rows (blanked, so row numbers stay), and
    the team rows by label key: (1-based row, value)."""
    rest: list[list[Cell]] = []
    team: dict[str, tuple[int, Cell]] = {}
    for r, row in enumerate(rows):
        key = L.lookup(_at(rows, r, 0), TEAM_ROW_KEYS)
        if key is None:
            rest.append(list(row))
        else:
            team.setdefault(key, (r + 1, _at(rows, r, 1)))
            rest.append([None] * len(row))
    return rest, team


def is_team_settings(rows: Rows) -> bool:
    """Whether the Settings' event-kind row says 团体赛 / team."""
    _rest, team = split_team_rows(rows)
    if "set.event_kind" not in team:
        return False
    return L.lookup(team["set.event_kind"][1], EVENT_KINDS) == "kind.team"


def read_team_block(
    sheet: str, found: dict[str, tuple[int, Cell]], problems: list[Problem], cells_out: dict[str, str]
) -> TeamBlock:
    """The team rows (from :func:`split_team_rows`) → :class:`TeamBlock`; every bad cell a problem."""
    field_of = {k: f for k, f, _ in TEAM_ROWS}
    values: dict[str, object] = {}
    for key, (row, value) in found.items():
        at = where(sheet, row, 2)
        cells_out[key] = at
        f = field_of[key]
        if _blank(value):
            continue
        v = _team_value(f, key, value, at, problems)
        if v is not NO_VALUE:
            values[f] = v
    return replace(TeamBlock(), **values)  # type: ignore[arg-type]


def _team_value(f: str, key: str, value: Cell, at: str, problems: list[Problem]) -> object:
    """The value of the team row of field ``f``, or :data:`NO_VALUE` (a problem on its cell)."""
    if f == "team":
        kind = L.lookup(value, EVENT_KINDS)
        if kind is None:
            problems.append(problem("problem.event_kind", where=at, value=_str(value)))
        return kind != "kind.individual"
    if f == "board_min_games":
        n = as_int(value)
        if n is None or n < 0:
            problems.append(problem("problem.board_min_games", where=at, value=_str(value)))
            return NO_VALUE
        return n
    if f in ("keep_order", "vacancies_last"):
        on = yes_no(_str(value))
        if on is None:
            problems.append(problem("problem.on_off", where=at, value=_str(value)))
            return NO_VALUE
        return on
    if f == "boards":
        n = as_int(value)
        if n is None or not 1 <= n <= 20:
            problems.append(problem("problem.boards", where=at, value=_str(value)))
            return NO_VALUE
        return n
    if f in ("mp_win", "mp_draw", "mp_loss", "bye_mp", "bye_bp"):
        return read_points_row(value, at, key, problems)  # the individual points rows' rule
    if f in ("pair_by", "rank_by"):
        return _word(value, _SCORE_WORDS, "problem.score_kind", at, problems)
    if f == "colours":
        return _word(value, _COLOUR_WORDS, "problem.team_colours", at, problems)
    if f == "tiebreaks":
        return _team_tiebreaks(value, at, problems)
    return NO_VALUE


def _word(value: Cell, words: Mapping[str, object], key: str, at: str, problems: list[Problem]) -> object:
    """What the word typed means (``words``: label key -> meaning), or the problem ``key`` on its cell."""
    k = L.lookup(value, tuple(words))
    if k is None:
        problems.append(problem(key, where=at, value=_str(value)))
        return NO_VALUE
    return words[k]


def _team_tiebreaks(value: Cell, at: str, problems: list[Problem]) -> object:
    # start-up time: the team standings only for a team workbook
    from bianpai.engine.standings.team import TEAM_PRESETS, parse_team_tiebreaks

    try:
        parse_team_tiebreaks(_str(value))
        return _str(value)
    except InputError:
        # start-up time: the team standings only for a team workbook
        from bianpai.engine.standings.team import TEAM_CODES

        problems.append(problem("problem.team_tiebreaks", where=at, value=_str(value),
                                codes=", ".join(TEAM_CODES), presets=", ".join(TEAM_PRESETS)))
        return NO_VALUE


def team_rows(block: TeamBlock, lang: str) -> list[list[Cell]]:
    """The team block as Settings rows (label, value, note)."""
    out: list[list[Cell]] = []
    words = {v: k for k, v in {**_SCORE_WORDS, **_COLOUR_WORDS}.items()}
    for key, f, note_key in TEAM_ROWS:
        value: Cell
        v = getattr(block, f)
        if f == "team":
            value = text("kind.team" if v else "kind.individual", lang)
        elif f in ("keep_order", "vacancies_last"):
            value = text("word.yes" if v else "word.no", lang)
        elif isinstance(v, (ScoreKind, ColourRule)):
            value = text(words[v], lang)
        elif isinstance(v, float):
            value = _fmt(v)
        else:
            value = v
        note: Cell = None
        if note_key == "note.team_tiebreaks":
            # start-up time: the team standings only for a team workbook
            from bianpai.engine.standings.team import TEAM_PRESETS

            note = text(note_key, lang, presets=", ".join(TEAM_PRESETS))
        elif note_key:
            note = text(note_key, lang)
        out.append([text(key, lang), value, note])
    return out


def team_validations(lang: str) -> dict[str, tuple[str, ...]]:
    """Drop-down choices of the team rows, by field."""
    # start-up time: the team standings only for a team workbook
    from bianpai.engine.standings.team import TEAM_PRESETS

    return {
        "team": tuple(text(k, lang) for k in EVENT_KINDS),
        "pair_by": tuple(text(k, lang) for k in _SCORE_WORDS),
        "rank_by": tuple(text(k, lang) for k in _SCORE_WORDS),
        "colours": tuple(text(k, lang) for k in _COLOUR_WORDS),
        "tiebreaks": tuple(TEAM_PRESETS),
        "keep_order": (text("word.yes", lang), text("word.no", lang)),
        "vacancies_last": (text("word.yes", lang), text("word.no", lang)),
    }


__all__ = [
    "DEFAULT_BOARDS",
    "EVENT_KINDS",
    "TEAM_ROWS",
    "TEAM_ROW_KEYS",
    "TeamBlock",
    "is_team_settings",
    "read_team_block",
    "split_team_rows",
    "team_rows",
    "team_validations",
]
