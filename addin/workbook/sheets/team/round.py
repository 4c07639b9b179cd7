"""The round sheet of a team event (第N轮): each match and, under it, its
boards; its reader and its renderer.

A match row: 场次 (match number) in column A, the 先手队 (the team listed
first) in C–D, the match's 局分 in F, the other team in H–I, the 场分 in J.
The organiser types a forfeit (+/-, -/+, -/-) into the match row's result cell
when a team did not turn up.  Under it one row per board: 台次 in B, the first
team's player in C (number) and D, the colours in E and G, the board result in
F, the second team's player in H and I.  A board result is read as on an
individual sheet (:func:`~.round.parse_result`, issue 23 item 1): 红胜/黑胜/和
by the colours shown on that board (the red player wins 红胜, whichever team
is listed first); 2:0/1:1/0:2 (1-0, +/- …) give the first team's points first.
The line-up is pre-filled from the rosters' board order; the captain's
changes are typed over the numbers.  Team byes follow the matches (轮空 in A).
Blank lines inside the table are skipped (so no match is lost to one); the table
ends at the note below it (text in column A alone)."""

from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Mapping

from bianpai.engine.model import Colour
from bianpai.engine.problems import Problem, problem
from bianpai.engine.teams.model import (
    BoardGame,
    BoardResult,
    TeamBye,
    TeamEvent,
    TeamMatch,
    TeamRound,
    TeamSettings,
    lineup_problems,
    no_show,
    roster_owners,
)
from bianpai.engine.teams.points import (
    board_result_from_red, first_team_colour, match_board_points, match_points_for, match_outcome,
)

from ... import words as L
from ...words import text
from ..cells import (
    Cell, Rows, _at, _blank, _fmt, _find_header, _str, _table, as_int, missing_header, where,
)
from ..layout import HEADER_FILL, INPUT_FILL, NOTE_COLOUR, RED_FILL, PrintSetup, SheetOut, Style, Validation
from ..printing import system_words
from ..round import (
    _BYE_LABEL_KEY, AmbiguousResult, NotAResult, ResultReading, parse_bye, parse_result, read_result_word,
    system_line, word_result,
)

if TYPE_CHECKING:
    from .event import TeamWorkbook

TEAM_ROUND_COLUMNS: tuple[str, ...] = (
    "col.match",
    "col.board",
    "col.first_no",
    "col.first_name",
    "col.first_colour",
    "col.result",
    "col.second_colour",
    "col.second_name",
    "col.second_no",
    "col.match_points",
    "col.step",
)
(
    T_MATCH,
    T_BOARD,
    T_FIRST,
    T_FIRST_NAME,
    T_FIRST_COLOUR,
    T_RESULT,
    T_SECOND_COLOUR,
    T_SECOND_NAME,
    T_SECOND,
    T_MP,
    T_STEP,
) = range(1, 12)
TEAM_ROUND_HEADER_ROW = 3

BOARD_RESULT_TEXT: dict[str, dict[BoardResult, str]] = {
    "zh": {
        BoardResult.FIRST_WIN: "2:0",
        BoardResult.DRAW: "1:1",
        BoardResult.SECOND_WIN: "0:2",
        BoardResult.FIRST_FORFEIT_WIN: "+/-",
        BoardResult.SECOND_FORFEIT_WIN: "-/+",
        BoardResult.DOUBLE_FORFEIT: "-/-",
    },
    "en": {
        BoardResult.FIRST_WIN: "1-0",
        BoardResult.DRAW: "½-½",
        BoardResult.SECOND_WIN: "0-1",
        BoardResult.FIRST_FORFEIT_WIN: "+/-",
        BoardResult.SECOND_FORFEIT_WIN: "-/+",
        BoardResult.DOUBLE_FORFEIT: "-/-",
    },
}
"""The forms a board result is written in, read left to right (first team – second team):
the xiangqi 2:0/1:1/0:2 in Chinese, 1-0/½-½/0-1 in English; forfeits +/-, -/+, -/-."""

COLOUR_RESULT_CHOICES: dict[str, tuple[str, ...]] = {"zh": ("红胜", "和", "黑胜"), "en": ()}
"""The colour words a board's drop-down offers besides the scores (read by the colours shown on
that board, issue 23 item 1); English sheets write results as scores only (1-0 reads as red wins on
an individual sheet, but as the first team's win here), so they offer none."""

NO_SHOW_FORMS: dict[BoardResult, str] = {
    BoardResult.FIRST_FORFEIT_WIN: "+/-",
    BoardResult.SECOND_FORFEIT_WIN: "-/+",
    BoardResult.DOUBLE_FORFEIT: "-/-",
}
"""What the match row's result cell holds for a team that did not turn up (弃权): +/- the second
team, -/+ the first, -/- both."""


@dataclass(frozen=True)
class TeamRoundSheet:
    """What a team round sheet holds beyond the engine's round: its name, the system line,
    the pairing step per match."""

    name: str
    system: str = ""
    steps: tuple[str, ...] = ()
    typed: tuple[tuple[tuple[int, int], Cell], ...] = ()  # (match index, board) -> the result cell as typed
    rows: tuple[tuple[tuple[int, int], int], ...] = ()  # (match index, board; 0 the match) -> 1-based row
    explanation: tuple[
        tuple[Cell, ...], ...
    ] = ()  # how the round was paired, below the note, kept as written

    def row_of(self, match: int, board: int = 0) -> int | None:
        """The sheet row of match ``match`` (0-based, in sheet order) or of one of its boards."""
        return dict(self.rows).get((match, board))


def parse_board_result(value: Cell, first: Colour = Colour.RED) -> BoardResult | None:
    """A board result cell as the first team's result, where the first team plays ``first`` on
    that board (the colour the sheet shows): the individual sheet's parser
    (:func:`~.round.parse_result`) with the first team on the left — 红胜/黑胜/和 by the colours
    shown, 2:0/1:1/0:2 (1-0, +/- …) the first team's points first.  Raises
    :class:`~.round.NotAResult` (:class:`~.round.AmbiguousResult` for 1/0/先胜 where the first
    team has black)."""
    if isinstance(value, _dt.datetime):
        raise NotAResult(value)
    r = parse_result(value, left=first)
    return None if r is None else board_result_from_red(r, first)


def shown_colour(value: Cell) -> Colour | None:
    """The colour a board's colour cell (执) shows: 红/黑 (red/black), None when blank or not a colour."""
    key = L.lookup(value, ("team.colour_red", "team.colour_black"))
    if key is None:
        return None
    return Colour.RED if key == "team.colour_red" else Colour.BLACK


def read_team_round(
    sheet: str, k: int, rows: Rows, ev: TeamEvent, problems: list[Problem]
) -> tuple[TeamRound, TeamRoundSheet]:
    """A team round sheet → the round; every bad cell a problem (a team or player
    not known, a player not on his team's roster, a line-up against the board
    order, a result not understood)."""
    h = _find_header(rows, "col.match")
    if h is None:
        problems.append(missing_header("problem.round_header", where(sheet, TEAM_ROUND_HEADER_ROW, 1),
                                       "col.match"))
        return TeamRound(k), TeamRoundSheet(sheet)
    read = _TeamRoundReader(sheet, rows, ev, problems)
    end = len(rows)
    for r in range(h + 1, len(rows)):
        a, b = _at(rows, r, T_MATCH - 1), _at(rows, r, T_BOARD - 1)
        if _blank(a) and _blank(b):
            continue  # a blank line between matches: the table goes on
        if (
            not _blank(a)
            and as_int(a) is None
            and parse_bye(a) is None
            and all(_blank(_at(rows, r, c)) for c in range(1, T_STEP))
        ):
            end = r
            break  # the note below the table
        if not _blank(a) and as_int(a) is None:
            read.bye_row(r, a)
        elif not _blank(a):
            read.match_row(r)
        else:
            read.board_row(r, b)
    read.close()
    return TeamRound(k, tuple(read.matches), tuple(read.byes)), TeamRoundSheet(
        sheet,
        system_line(rows, h, k),
        tuple(read.steps),
        tuple(read.typed),
        tuple(read.at_rows),
        _explanation(rows[end + 1 :]),
    )


class _TeamRoundReader:
    """The rows of a team round sheet's table, read one by one: a team bye's
    row, a match's row and its boards' rows (a match is made when the next
    one starts, :meth:`close`)."""

    def __init__(self, sheet: str, rows: Rows, ev: TeamEvent, problems: list[Problem]) -> None:
        self.sheet, self.rows, self.ev, self.problems = sheet, rows, ev, problems
        self.teams = {t.number: t for t in ev.teams}
        self.owners = roster_owners(ev)  # whose player each rostered player is, for the line-up messages
        self.matches: list[TeamMatch] = []
        self.byes: list[TeamBye] = []
        self.steps: list[str] = []
        self.current: dict[str, object] | None = None
        self.used: dict[int, str] = {}
        self.typed: list[tuple[tuple[int, int], Cell]] = []
        self.at_rows: list[tuple[tuple[int, int], int]] = []

    def close(self) -> None:
        """The match being read, made and kept (unless its rows were refused)."""
        if self.current is None:
            return
        m = _match_from(self.sheet, self.current, self.ev, self.owners, self.problems)
        if m is not None:
            self.matches.append(m)

    def use(self, team: int, at: str) -> None:
        """Team ``team`` is on the sheet at ``at``: a second time is refused."""
        if team in self.used:
            self.problems.append(problem("problem.team_twice", where=at, team=team, first=self.used[team]))
        else:
            self.used[team] = at

    def bye_row(self, r: int, a: Cell) -> None:
        """A team bye's row (轮空 in A, the team in C)."""
        rows, sheet = self.rows, self.sheet
        kind = parse_bye(a)
        team_at = where(sheet, r + 1, T_FIRST)
        team = as_int(_at(rows, r, T_FIRST - 1))
        if kind is None:
            self.problems.append(
                problem("problem.team_row", where=where(sheet, r + 1, T_MATCH), value=_str(a))
            )
        elif team is None or team not in self.teams:
            self.problems.append(
                problem("problem.team_unknown", where=team_at, value=_str(_at(rows, r, T_FIRST - 1)))
            )
        else:
            self.use(team, team_at)
            self.byes.append(TeamBye(team, kind))

    def match_row(self, r: int) -> None:
        """A match's row: its two teams, a no-show typed in its result cell, its pairing step."""
        rows, sheet = self.rows, self.sheet
        self.close()
        first, second = as_int(_at(rows, r, T_FIRST - 1)), as_int(_at(rows, r, T_SECOND - 1))
        ok = True
        for col, n in ((T_FIRST, first), (T_SECOND, second)):
            if n is None or n not in self.teams:
                self.problems.append(
                    problem("problem.team_unknown", where=where(sheet, r + 1, col),
                            value=_str(_at(rows, r, col - 1)))
                )
                ok = False
            else:
                self.use(n, where(sheet, r + 1, col))
        raw = _at(rows, r, T_RESULT - 1)
        gone: tuple[int, ...] = ()
        if not _blank(raw) and _str(raw) in NO_SHOW_FORMS.values() and ok:
            form = next(res for res, f in NO_SHOW_FORMS.items() if f == _str(raw))
            gone = {
                BoardResult.FIRST_FORFEIT_WIN: (second,),
                BoardResult.SECOND_FORFEIT_WIN: (first,),
                BoardResult.DOUBLE_FORFEIT: (first, second),
            }[form]  # type: ignore[assignment]
        self.current = (
            {"first": first, "second": second, "row": r + 1, "boards": [], "ok": ok, "no_show": gone}
            if ok
            else None
        )
        self.steps.append(_str(_at(rows, r, T_STEP - 1)))
        self.at_rows.append(((len(self.steps) - 1, 0), r + 1))

    def board_row(self, r: int, b: Cell) -> None:
        """A board's row of the match being read: its number, the two players, the result."""
        rows, sheet, current = self.rows, self.sheet, self.current
        board = as_int(b)
        if current is None:
            return
        if board is None or not 1 <= board <= self.ev.boards:
            self.problems.append(
                problem("problem.board_number", where=where(sheet, r + 1, T_BOARD), value=_str(b),
                        boards=self.ev.boards)
            )
            current["ok"] = False
            return
        cells: dict[str, object] = {"board": board, "row": r + 1}
        for side, col in (("first", T_FIRST), ("second", T_SECOND)):
            v = _at(rows, r, col - 1)
            n = as_int(v)
            if not _blank(v) and (n is None or n < 1):
                self.problems.append(
                    problem("problem.board_player", where=where(sheet, r + 1, col), value=_str(v))
                )
                current["ok"] = False
            cells[side] = n
        self.typed.append(((len(self.steps) - 1, board), _at(rows, r, T_RESULT - 1)))
        self.at_rows.append(((len(self.steps) - 1, board), r + 1))
        cells["result"], ok = self.board_result(r, board)
        if not ok:
            current["ok"] = False
        current["boards"].append(cells)  # type: ignore[attr-defined]

    def board_result(self, r: int, board: int) -> tuple[BoardResult | None, bool]:
        """(the board's result as the first team's, whether it was read): a
        colour word where the sheet shows other colours than the Settings give
        the board, or a result not understood, is refused."""
        rows, sheet = self.rows, self.sheet
        raw_result = _at(rows, r, T_RESULT - 1)
        colour = first_team_colour(board, self.ev.settings.colours)
        try:
            word = read_result_word(raw_result)
            if (
                word is not None
                and word[1] in (ResultReading.COLOUR, ResultReading.LEFT_RED)
                and shown_colour(_at(rows, r, T_FIRST_COLOUR - 1)) not in (None, colour)
            ):
                # the sheet shows other colours than the Settings give this board: a colour word is ambiguous
                self.problems.append(
                    problem(
                        "problem.board_result_colour_shown",
                        where=where(sheet, r + 1, T_RESULT),
                        value=_str(raw_result),
                        shown=where(sheet, r + 1, T_FIRST_COLOUR),
                        board=board,
                    )
                )
                return None, False
            if word is None:
                return None, True
            return board_result_from_red(word_result(word, colour, raw_result), colour), True
        except AmbiguousResult:
            self.problems.append(
                problem("problem.board_result_ambiguous", where=where(sheet, r + 1, T_RESULT),
                        value=_str(raw_result), board=board)
            )
            return None, False
        except NotAResult:
            self.problems.append(
                problem(
                    "problem.board_result",
                    where=where(sheet, r + 1, T_RESULT),
                    value=_str(raw_result),
                    forms=" / ".join(BOARD_RESULT_TEXT["zh"].values())
                    + " · "
                    + " / ".join(BOARD_RESULT_TEXT["en"].values()),
                )
            )
            return None, False


def _explanation(rows: Rows) -> tuple[tuple[Cell, ...], ...]:
    """The rows below the note, without the blank lines before them."""
    out = [tuple(r) for r in rows]
    while out and all(_blank(x) for x in out[0]):
        out.pop(0)
    return tuple(out)


def _match_from(
    sheet: str, cur: dict[str, object], ev: TeamEvent, owners: Mapping[int, int], problems: list[Problem]
) -> TeamMatch | None:
    """A match from its rows, its line-ups checked against the rosters and the board order."""
    first, second = int(cur["first"]), int(cur["second"])  # type: ignore[call-overload]
    rows: list[dict[str, object]] = cur["boards"]  # type: ignore[assignment]
    by_board = {int(c["board"]): c for c in rows}  # type: ignore[call-overload]
    ok = bool(cur["ok"])
    boards: list[BoardGame] = []
    for i in range(1, ev.boards + 1):
        c = by_board.get(i)
        if c is None:
            problems.append(
                problem(
                    "problem.board_missing",
                    where=where(sheet, int(cur["row"]), T_MATCH),  # type: ignore[call-overload]
                    board=i,
                )
            )
            ok = False
            continue
        boards.append(BoardGame(i, c["first"], c["second"], c["result"]))  # type: ignore[arg-type]
    if len(boards) < ev.boards:
        return None
    gone: tuple[int, ...] = cur["no_show"]  # type: ignore[assignment]
    for side, team_no, col in (("first", first, T_FIRST), ("second", second, T_SECOND)):
        if team_no in gone:
            continue
        lineup = tuple(b.first if side == "first" else b.second for b in boards)
        for lp in lineup_problems(ev.team(team_no), lineup, ev.boards, ev.settings.lineup, owners):
            assert lp.board is not None  # every line-up problem of a full line-up names its board
            problems.append(lp.at(where(sheet, int(by_board[lp.board]["row"]), col)))  # type: ignore[call-overload]
            ok = False
        for c in rows:
            if c[side] is None and isinstance(c["result"], BoardResult) and c["result"].played:
                problems.append(problem("problem.board_played_empty", where=where(sheet, int(c["row"]), col)))  # type: ignore[call-overload]
                ok = False
    if not ok:
        return None
    m = TeamMatch(first, second, tuple(boards))
    if gone:
        return no_show(m, *gone)
    return replace(m, boards=tuple(_forfeit_if_empty(b) for b in m.boards))


def _forfeit_if_empty(b: BoardGame) -> BoardGame:
    """A board with a player missing and no result: the present side wins by forfeit."""
    if b.result is not None or (b.first is not None and b.second is not None):
        return b
    if b.first is None and b.second is None:
        return replace(b, result=BoardResult.DOUBLE_FORFEIT)
    return replace(
        b, result=BoardResult.SECOND_FORFEIT_WIN if b.first is None else BoardResult.FIRST_FORFEIT_WIN
    )


def _colour_word(c: Colour, lang: str) -> str:
    return text("team.colour_red" if c is Colour.RED else "team.colour_black", lang)


def render_team_round(wb: TeamWorkbook, k: int) -> SheetOut:
    """Round ``k``'s sheet: each match and its boards, the board results (input), the match results."""
    ev, lang = wb.event, wb.lang
    rnd = ev.rounds[k - 1]
    rs = wb.round_sheets[k - 1] if k <= len(wb.round_sheets) else TeamRoundSheet(L.round_sheet_name(k, lang))
    s = ev.settings
    players = {m.number: m.name for t in ev.teams for m in t.roster}
    teams = {t.number: t.name for t in ev.teams}
    forms = BOARD_RESULT_TEXT[lang]
    typed = dict(rs.typed)
    info = rs.system or text("round.system", lang, system=system_words(wb.event.system, lang))
    rows: list[list[Cell]] = [
        [text("round.title", lang, k=k) + " — " + wb.event.name] + [None] * 10,
        [info] + [None] * 10,
        [text(c, lang) for c in TEAM_ROUND_COLUMNS],
    ]
    match_rows: list[int] = []
    board_rows: list[int] = []
    for i, m in enumerate(rnd.matches, start=1):
        step = rs.steps[i - 1] if i - 1 < len(rs.steps) else ""
        res, mp = _match_results(m, s)
        rows.append([i, None, m.first, teams.get(m.first, ""), None, res, None, teams.get(m.second, ""),
                     m.second, mp, step or None])
        match_rows.append(len(rows))
        for b in m.boards:
            shown: Cell = forms[b.result] if b.result is not None else None
            was = typed.get((i - 1, b.board))
            if was is not None and not m.no_show:
                shown = _as_typed(was, b, s, shown)
            rows.append(_board_row(b, shown, players, s, lang))
            board_rows.append(len(rows))
    for bye in rnd.byes:
        rows.append(
            list[Cell]([text(_BYE_LABEL_KEY[bye.kind], lang), None, bye.team, teams.get(bye.team, "")])
            + [None] * 7
        )
    table_last = len(rows)
    rows.append([None] * 11)
    rows.append([text("team_round.note", lang)] + [None] * 10)
    note_row = len(rows)
    if rs.explanation:
        rows.append([None] * 11)
        rows.extend(list(er) for er in rs.explanation)
    h = TEAM_ROUND_HEADER_ROW
    choices = tuple(forms.values()) + COLOUR_RESULT_CHOICES[lang]
    validations = (Validation(f"F{h + 1}:F{table_last}", choices),) if board_rows else ()
    return SheetOut(
        rs.name,
        "round",
        _table(rows),
        widths=(6, 6, 7, 16, 7, 9, 7, 16, 7, 10, 22),
        styles=tuple(_team_round_styles(rows, table_last, note_row, match_rows, board_rows, lang)),
        validations=validations,
        print_setup=PrintSetup(
            repeat_rows=(h, h),
            header=wb.event.name,
            footer=text("print.page", lang),
            area=f"A1:J{note_row}",
        ),
        freeze=f"A{h + 1}",
    )


def _match_results(m: TeamMatch, s: TeamSettings) -> tuple[Cell, Cell]:
    """A match row's 局分 (or its no-show form) and 场分 cells (blank until the match is finished)."""
    if m.no_show:
        gone = set(m.no_show)
        res: Cell = NO_SHOW_FORMS[
            BoardResult.DOUBLE_FORFEIT
            if len(gone) == 2
            else BoardResult.SECOND_FORFEIT_WIN
            if m.first in gone
            else BoardResult.FIRST_FORFEIT_WIN
        ]
    elif m.finished:
        res = f"{_fmt(match_board_points(m, m.first, s))}:{_fmt(match_board_points(m, m.second, s))}"
    else:
        res = None
    mp: Cell = None
    if m.finished:
        mp = (
            f"{_fmt(match_points_for(match_outcome(m, m.first, s), s))}:"
            f"{_fmt(match_points_for(match_outcome(m, m.second, s), s))}"
        )
    return res, mp


def _as_typed(was: Cell, b: BoardGame, s: TeamSettings, shown: Cell) -> Cell:
    """The board's result cell kept as typed when it still reads as the result."""
    try:
        return was if parse_board_result(was, first_team_colour(b.board, s.colours)) == b.result else shown
    except NotAResult:
        return shown


def _board_row(b: BoardGame, shown: Cell, players: Mapping[int, str], s: TeamSettings,
               lang: str) -> list[Cell]:
    """A board's row: its number, the two players and their colours, the result."""
    c1 = first_team_colour(b.board, s.colours)
    c2 = Colour.BLACK if c1 is Colour.RED else Colour.RED
    return [
        None,
        b.board,
        b.first,
        players.get(b.first, "") if b.first else None,
        _colour_word(c1, lang),
        shown,
        _colour_word(c2, lang),
        players.get(b.second, "") if b.second else None,
        b.second,
        None,
        None,
    ]


def _team_round_styles(rows: list[list[Cell]], table_last: int, note_row: int, match_rows: list[int],
                       board_rows: list[int], lang: str) -> list[Style]:
    """The sheet's styles: title, header, the table's borders, the match rows, the input cells, red."""
    h = TEAM_ROUND_HEADER_ROW
    styles: list[Style] = [
        Style(1, 1, 1, 11, bold=True, size=16),
        Style(2, 1, 2, 11, colour=NOTE_COLOUR),
        Style(h, 1, h, 11, bold=True, fill=HEADER_FILL, border=True, align="center", wrap=True),
    ]
    if table_last > h:
        styles += [
            Style(h + 1, 1, table_last, 10, border=True),
            Style(h + 1, 1, table_last, 2, align="center"),
            Style(h + 1, 3, table_last, 3, align="center"),
            Style(h + 1, 9, table_last, 9, align="center"),
            Style(h + 1, 5, table_last, 7, align="center"),
            Style(h + 1, 10, table_last, 10, align="center"),
            Style(note_row, 1, note_row, 1, size=9, colour=NOTE_COLOUR),
            Style(h + 1, 11, table_last, 11, size=9, colour=NOTE_COLOUR),
        ]
    for r in match_rows:
        styles.append(Style(r, 1, r, 10, bold=True, size=12, fill=HEADER_FILL))
    for r in board_rows:
        styles.append(Style(r, 3, r, 3, fill=INPUT_FILL))
        styles.append(Style(r, 9, r, 9, fill=INPUT_FILL))
        styles.append(Style(r, 6, r, 6, fill=INPUT_FILL, bold=True, number_format="@"))
        for col, c in ((5, rows[r - 1][4]), (7, rows[r - 1][6])):
            if c == _colour_word(Colour.RED, lang):
                styles.append(Style(r, col, r, col, colour=RED_FILL, bold=True))
    return styles


__all__ = [
    "shown_colour",
    "BOARD_RESULT_TEXT",
    "NO_SHOW_FORMS",
    "TEAM_ROUND_COLUMNS",
    "TEAM_ROUND_HEADER_ROW",
    "TeamRoundSheet",
    "parse_board_result",
    "read_team_round",
    "render_team_round",
]
