"""Round sheets (第k轮): results and bye words, the layout, the reader and the renderer, and a new
pairing turned into the next round's sheet."""

from __future__ import annotations

import datetime as _dt
import enum
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Mapping

from bianpai.engine.model import (
    Bye,
    ByeKind,
    Colour,
    Game,
    GameResult,
    Round,
    Tournament,
    round_points,
)
from bianpai.engine.results import Pairing
from bianpai.engine.problems import Problem, problem

from .. import words as L
from ..words import text
from .cells import Cell, Rows, _at, _blank, _find_header, _fmt, _str, _table, as_int, where
from .layout import HEADER_FILL, INPUT_FILL, NOTE_COLOUR, RED_FILL, PrintSetup, SheetOut, Style, Validation
from .printing import signature_footer, system_words, when_where
from .provisional import note_cell

if TYPE_CHECKING:

    from .event import Event


CANONICAL_RESULTS: dict[str, dict[GameResult, str]] = {
    "zh": {GameResult.RED_WIN: "红胜", GameResult.DRAW: "和", GameResult.BLACK_WIN: "黑胜",
           GameResult.RED_FORFEIT_WIN: "红胜(弃权)", GameResult.BLACK_FORFEIT_WIN: "黑胜(弃权)",
           GameResult.DOUBLE_FORFEIT: "双方弃权"},
    "en": {GameResult.RED_WIN: "1-0", GameResult.DRAW: "½-½", GameResult.BLACK_WIN: "0-1",
           GameResult.RED_FORFEIT_WIN: "+/-", GameResult.BLACK_FORFEIT_WIN: "-/+",
           GameResult.DOUBLE_FORFEIT: "-/-"},
}
"""The drop-down forms of a round sheet's result column, red's side first."""

_RESULT_VARIANTS: dict[GameResult, tuple[str, ...]] = {
    GameResult.RED_WIN: ("红胜", "红", "先胜", "1-0", "1:0", "2-0", "2:0", "1", "r", "red", "redwin",
                         "红方胜", "w"),
    GameResult.DRAW: ("和", "和棋", "和局", "½-½", "1/2-1/2", "0.5-0.5", ".5-.5", "1-1", "1:1", "=",
                      "=-=", "d", "draw", "½"),
    GameResult.BLACK_WIN: ("黑胜", "黑", "后胜", "0-1", "0:1", "0-2", "0:2", "0", "b", "black",
                           "blackwin", "黑方胜"),
    GameResult.RED_FORFEIT_WIN: ("红胜(弃权)", "红胜（弃权）", "黑弃权", "黑方弃权", "+/-", "+:-", "+-",
                                 "+--", "1f-0f", "1-0f", "1-0(f)", "2:0(f)"),
    GameResult.BLACK_FORFEIT_WIN: ("黑胜(弃权)", "黑胜（弃权）", "红弃权", "红方弃权", "-/+", "-:+", "-+",
                                   "--+", "0f-1f", "0-1f", "0-1(f)", "0:2(f)"),
    GameResult.DOUBLE_FORFEIT: ("双方弃权", "双弃权", "双弃", "-/-", "-:-", "--", "---", "0f-0f",
                                "0-0f", "0-0"),
}
_RESULTS: dict[str, GameResult] = {L.norm(v): r for r, vs in _RESULT_VARIANTS.items() for v in vs}
_UNFINISHED_FORMS = frozenset({"", "*", "-", "未完", "未赛", "进行中"})


class ResultReading(enum.Enum):
    """How a result word names the winner (issue 23 item 1: one parser for the individual and the
    team round sheets, whose meaning is the colour shown beside the cell)."""

    COLOUR = "colour"
    """红胜/黑胜/red/black, 红胜(弃权), 黑弃权 …: by the colours — the player shown with red wins."""
    SIDES = "sides"
    """2:0/0:2, 1-0/0-1, +/-, -/+ …: the left side's points first (the individual sheet's red
    column; the team sheet's first team)."""
    SYMMETRIC = "symmetric"
    """和/1:1/½-½, 双方弃权/-/-: the same whichever side or colour reads it."""
    LEFT_RED = "left_red"
    """1, 0, w, 先胜, 后胜: say "red" and "the left side" at once (红先: red moves first) —
    understood only where the left side plays red, refused where it plays black (ambiguous)."""


_LEFT_RED_FORMS = frozenset(L.norm(v) for v in ("1", "0", "w", "先胜", "后胜"))
_COLOUR_FORMS = frozenset(L.norm(v) for v in (
    "红胜", "红", "r", "red", "redwin", "红方胜", "黑胜", "黑", "b", "black", "blackwin", "黑方胜",
    "红胜(弃权)", "红胜（弃权）", "黑弃权", "黑方弃权", "黑胜(弃权)", "黑胜（弃权）", "红弃权", "红方弃权"))


def _reading(key: str) -> ResultReading:
    r = _RESULTS[key]
    if r in (GameResult.DRAW, GameResult.DOUBLE_FORFEIT):
        return ResultReading.SYMMETRIC
    if key in _LEFT_RED_FORMS:
        return ResultReading.LEFT_RED
    if key in _COLOUR_FORMS:
        return ResultReading.COLOUR
    return ResultReading.SIDES


RESULT_READINGS: dict[str, ResultReading] = {k: _reading(k) for k in _RESULTS}
"""Every accepted result form (normalised) and how it names the winner."""

_SWAPPED: dict[GameResult, GameResult] = {
    GameResult.RED_WIN: GameResult.BLACK_WIN, GameResult.BLACK_WIN: GameResult.RED_WIN,
    GameResult.DRAW: GameResult.DRAW, GameResult.DOUBLE_FORFEIT: GameResult.DOUBLE_FORFEIT,
    GameResult.RED_FORFEIT_WIN: GameResult.BLACK_FORFEIT_WIN,
    GameResult.BLACK_FORFEIT_WIN: GameResult.RED_FORFEIT_WIN,
}


class NotAResult(ValueError):
    pass


class AmbiguousResult(NotAResult):
    """A result word that names the left side and red at once, where the left side plays black."""


def read_result_word(value: Cell) -> tuple[GameResult, ResultReading] | None:
    """A result cell → (the result as written — red's/the left side's first —, how it names the
    winner); None: no result yet.  Raises :class:`NotAResult`."""
    if value is None:
        return None
    if isinstance(value, str):  # a word read before is not normalised again (issue 27: check's time)
        if value in _WORDS_READ:
            return _WORDS_READ[value]
        found = _read_result_word(value)
        if len(_WORDS_READ) < 1_000:
            _WORDS_READ[value] = found
        return found
    return _read_result_word(value)


_WORDS_READ: dict[str, tuple[GameResult, ResultReading] | None] = {}
""":func:`read_result_word`'s answers for the result words read so far (words it refuses are
not kept: each refusal is raised again)."""


def _read_result_word(value: Cell) -> tuple[GameResult, ResultReading] | None:
    if isinstance(value, _dt.time):
        value = f"{value.hour}:{value.minute}"
    elif isinstance(value, _dt.datetime):
        raise NotAResult(value)
    elif isinstance(value, bool):
        raise NotAResult(value)
    elif isinstance(value, (int, float)):
        value = {1: "1", 0: "0", 0.5: "½"}.get(value, repr(value))
    key = L.norm(value).replace("：", ":").replace("－", "-").replace("（", "(").replace("）", ")")
    if key in _UNFINISHED_FORMS:
        return None
    try:
        return _RESULTS[key], RESULT_READINGS[key]
    except KeyError:
        raise NotAResult(value) from None


def parse_result(value: Cell, left: Colour = Colour.RED) -> GameResult | None:
    """A result cell → the result from red's side (None: no result yet), where the player on the
    cell's left plays ``left`` (the individual sheet: always red; a team sheet: the first team's
    colour shown on that board).

    Accepts the canonical forms of both languages and the usual variants:
    红胜/和/黑胜 (by the colours shown), 2:0/1:1/0:2, 1-0/½-½/0-1, forfeits +/- -/+ and the
    double forfeit -/- (the left side's points first).  A time of day (Excel turns a typed
    ``2:0`` into 02:00) is read back as the score it was typed as.  Raises :class:`NotAResult`,
    :class:`AmbiguousResult` for a word that says red and the left side at once (1, 0, 先胜)
    where the left side plays black.
    """
    word = read_result_word(value)
    return None if word is None else word_result(word, left, value)


def word_result(word: tuple[GameResult, ResultReading], left: Colour, value: Cell = None) -> GameResult:
    """A result word (:func:`read_result_word`) from red's side, where the left side plays ``left``."""
    result, reading = word
    if left is Colour.RED or reading in (ResultReading.COLOUR, ResultReading.SYMMETRIC):
        return result
    if reading is ResultReading.LEFT_RED:
        raise AmbiguousResult(value)
    return _SWAPPED[result]


_BYE_KEYS: dict[str, ByeKind] = {"bye.pairing": ByeKind.PAIRING, "bye.full": ByeKind.FULL,
                                 "bye.half": ByeKind.HALF, "bye.zero": ByeKind.ZERO,
                                 "bye.absent": ByeKind.ABSENT}
_BYE_LABEL_KEY: dict[ByeKind, str] = {v: k for k, v in _BYE_KEYS.items()}


def parse_bye(value: Cell) -> ByeKind | None:
    key = L.lookup(value, tuple(_BYE_KEYS))
    if key is not None:
        return _BYE_KEYS[key]
    v = L.norm(value)
    return {"u": ByeKind.PAIRING, "f": ByeKind.FULL, "h": ByeKind.HALF, "z": ByeKind.ZERO,
            "轮空(全分)": ByeKind.FULL}.get(v)


@dataclass(frozen=True)
class RoundSheet:
    """What a round sheet holds beyond the engine's :class:`Round`: the §10
    explanation written when it was paired, and the result cells as typed
    (kept verbatim so that re-writing an unchanged sheet changes nothing)."""

    name: str
    system: str = ""
    steps: tuple[tuple[str, str], ...] = ()  # per game: (step, colour rule)
    explanation: tuple[tuple[Cell, ...], ...] = ()  # rows below the table
    typed_results: tuple[Cell, ...] = ()  # per game, as typed
    adjusted: tuple[str, ...] = ()  # per game: the 调整 cell (a hand edit, and what the system had paired)
    fingerprint: str = ""  # of what the pairing depended on, when paired (engine checker.round_fingerprints)

    @property
    def paired_here(self) -> bool:
        """Whether the sheet holds the system's explanation cells: it was paired
        by this workbook (a round imported from a TRF holds none, and is not
        compared with the system's pairing before the next round)."""
        return any(step or rule for step, rule in self.steps)

    def adjusted_at(self, board: int) -> str:
        """The 调整 cell of ``board`` (1-based), "" when blank."""
        return self.adjusted[board - 1] if 0 < board <= len(self.adjusted) else ""


ROUND_COLUMNS: tuple[str, ...] = ("col.board", "col.red_no", "col.red_name", "col.red_score", "col.result",
                                  "col.black_score", "col.black_name", "col.black_no", "col.step",
                                  "col.colour_rule", "col.provisional", "col.adjust")
C_BOARD, C_RED, C_RED_NAME, C_RED_SCORE, C_RESULT, C_BLACK_SCORE, C_BLACK_NAME, C_BLACK, C_STEP, C_RULE, \
    C_PROV, C_ADJUST = range(1, 13)
"""C_ADJUST: 调整 — a board changed by hand, and what the system had paired (issue 17)."""
ROUND_HEADER_ROW = 3
BYE_BOARD_MARK = "—"
FINGERPRINT_ROW, FINGERPRINT_COLUMN = 2, C_ADJUST
"""L2: the fingerprint of what the round's pairing depended on, written when it
was paired (:func:`bianpai.engine.checker.round_fingerprints`)."""


def system_line(rows: Rows, header: int, k: int) -> str:
    """The system line of round ``k``'s sheet (the line under the title, above the header row at
    0-based row ``header``), where it is — a row deleted above the header (issue 30 item 1) moves
    it up, and a sheet without it has none ("": the event's system is shown).  The title line
    (第k轮 …) is never taken for it, nor the header row."""
    above = [_str(_at(rows, r, 0)) for r in range(header)]
    titles = tuple(text("round.title", lang, k=k) for lang in ("zh", "en"))
    lines = [x for x in above if x and not x.startswith(titles)]
    return lines[-1] if lines else ""


def read_round(sheet: str, k: int, rows: Rows, numbers: set[int],
               problems: list[Problem]) -> tuple[Round, RoundSheet]:
    """A round sheet: the header row (台次/Board in column A), then one game
    per row (board, red number, …, result in column E, …, black number in
    column H), then the bye rows (— in column A, the player in column B and
    轮空/请假/… in column E), ending at the first blank row; below it the §10
    explanation, kept as written."""
    h = _find_header(rows, "col.board")
    if h is None:
        problems.append(problem("problem.round_header", where=where(sheet, ROUND_HEADER_ROW, 1),
                                zh=L.LABELS["col.board"][0], en=L.LABELS["col.board"][1]))
        return Round(k), RoundSheet(sheet)
    games: list[Game] = []
    byes: list[Bye] = []
    provisional: list[int] = []
    steps: list[tuple[str, str]] = []
    typed: list[Cell] = []
    adjusted: list[str] = []
    seen: dict[int, int] = {}
    boards: dict[int, int] = {}
    r = h + 1
    n = len(rows)

    def use(num: int | None, raw: Cell, row: int, col: int) -> bool:
        if num is not None and num >= 1 and num in numbers and num not in seen:  # the usual case: no address
            seen[num] = row + 1
            return True
        at = where(sheet, row + 1, col)
        if num is None or num < 1:
            problems.append(problem("problem.round_player_number", where=at, value=raw))
            return False
        if num not in numbers:
            problems.append(problem("problem.round_player_unknown", where=at, number=num))
            return False
        problems.append(problem("problem.round_player_twice", where=at, number=num, row=seen[num]))
        return False

    width = len(ROUND_COLUMNS)
    while r < n:
        cells = [None if isinstance(v, str) and not v.strip() else v for v in rows[r][:width]]  # as _at reads
        cells += [None] * (width - len(cells))
        if cells[:C_PROV].count(None) == C_PROV:
            break
        board_raw = cells[C_BOARD - 1]
        board = as_int(board_raw)
        red_raw, black_raw = cells[C_RED - 1], cells[C_BLACK - 1]
        res_raw = cells[C_RESULT - 1]
        if board is not None:
            if board in boards:
                problems.append(problem("problem.board_twice", where=where(sheet, r + 1, C_BOARD),
                                        board=board,
                                        row=boards[board]))
            boards[board] = r + 1
            red, black = as_int(red_raw), as_int(black_raw)
            ok = use(red, red_raw, r, C_RED)
            ok = use(black, black_raw, r, C_BLACK) and ok
            result, read = _game_result(res_raw, sheet, r, problems)
            if ok and read:
                games.append(Game(red, black, result))  # type: ignore[arg-type]
                if not _blank(cells[C_PROV - 1]):
                    provisional.append(red)  # type: ignore[arg-type]
                steps.append((_str(cells[C_STEP - 1]), _str(cells[C_RULE - 1])))
                typed.append(res_raw)
                adjusted.append(_str(cells[C_ADJUST - 1]))
        else:
            kind = parse_bye(res_raw)
            if kind is None or not (_blank(board_raw) or _str(board_raw) in (BYE_BOARD_MARK, "-", "–")):
                problems.append(problem("problem.neither_game_nor_bye", where=where(sheet, r + 1, C_BOARD)))
            elif use(as_int(red_raw), red_raw, r, C_RED):
                byes.append(Bye(as_int(red_raw), kind))  # type: ignore[arg-type]
        r += 1
    explanation = _explanation_below(rows, r)
    system = system_line(rows, h, k)
    pairing_bye = [b for b in byes if b.kind is ByeKind.PAIRING]
    if len(pairing_bye) > 1:
        problems.append(problem("problem.two_pairing_byes", where=sheet, count=len(pairing_bye)))
    rnd = Round(k, tuple(games), tuple(byes), tuple(provisional))
    return rnd, RoundSheet(sheet, system, tuple(steps), explanation, tuple(typed), tuple(adjusted))


def _game_result(res_raw: Cell, sheet: str, r: int,
                 problems: list[Problem]) -> tuple[GameResult | None, bool]:
    """(a game row's result, whether it was read): a result not understood is refused."""
    try:
        return parse_result(res_raw), True
    except NotAResult:
        problems.append(problem("problem.not_a_result", where=where(sheet, r + 1, C_RESULT),
                                value=_str(res_raw), zh=" / ".join(CANONICAL_RESULTS["zh"].values()),
                                en=" / ".join(CANONICAL_RESULTS["en"].values())))
        return None, False


def _explanation_below(rows: Rows, r: int) -> tuple[tuple[Cell, ...], ...]:
    """The rows below the table's end (row ``r``, 0-based), kept as written, without trailing blank rows."""
    explanation = tuple(tuple(row) for row in rows[r + 1:]) if r + 1 < len(rows) else ()
    while explanation and all(_blank(v) for v in explanation[-1]):
        explanation = explanation[:-1]
    return explanation


# -- Round sheets -------------------------------------------------------------


def scores_before(t: Tournament) -> list[dict[int, float]]:
    """``out[k-1]``: every player's score before round k (k = 1..rounds+1)."""
    score = {p.number: 0.0 for p in t.players}
    out = [dict(score)]
    for rnd in t.rounds:
        for num, points in round_points(t, rnd).items():  # round_entries' points, quicker (issue 27)
            score[num] = score.get(num, 0.0) + points
        out.append(dict(score))
    return out


def render_round(ev: Event, k: int, scores: list[dict[int, float]] | None = None) -> SheetOut:
    """Round ``k``'s sheet: the pairing table the arbiter pins on the wall
    (big board numbers, A4, header repeated), the result column with its
    drop-down, and below it the §10 explanation; printed as the wall copy
    (page 1) and the arbiter's copy (the pages after it, :data:`PRINT_EXPLANATION`)."""
    t, lang = ev.tournament, ev.lang
    rnd = t.rounds[k - 1]
    rs = ev.round_sheets[k - 1] if k <= len(ev.round_sheets) else RoundSheet(L.round_sheet_name(k, lang))
    scores = scores or scores_before(t)
    before = scores[k - 1]
    names = {p.number: name_cell(p.name, p.club, lang) for p in t.players}
    canon = CANONICAL_RESULTS[lang]
    info = rs.system or round_info(ev, ev.tournament.system)

    info_note: Cell = note_cell(t.rounds, k, lang)
    rows: list[list[Cell]] = [
        [text("round.title", lang, k=k) + " — " + ev.tournament.name] + [None] * 11,
        [info, None, None, None, info_note] + [None] * 7,
        [text(c, lang) for c in ROUND_COLUMNS],
    ]
    changed = [i + 1 for i in range(len(rnd.games)) if rs.adjusted_at(i + 1)]
    if changed:  # the explanation below is the system's pairing, not the boards as they stand
        rows[1][C_STEP - 1] = text("round.adjusted", lang, boards=", ".join(map(str, changed)))
    if rs.fingerprint:  # beside the table, not printed (issue 27: check re-pairs only changed rounds)
        rows[1][FINGERPRINT_COLUMN - 1] = text("round.fingerprint", lang, code=rs.fingerprint)
    prov_mark = text("provisional.mark", lang)
    for i, g in enumerate(rnd.games):
        step, rule = rs.steps[i] if i < len(rs.steps) else ("", "")
        typed = rs.typed_results[i] if i < len(rs.typed_results) else None
        try:
            same = typed is not None and parse_result(typed) == g.result
        except NotAResult:
            same = False
        result: Cell = typed if same else (canon[g.result] if g.result is not None else None)
        rows.append([i + 1, g.red, names.get(g.red, ""), _fmt(before.get(g.red, 0.0)), result,
                     _fmt(before.get(g.black, 0.0)), names.get(g.black, ""), g.black, step or None,
                     rule or None, prov_mark if g.red in rnd.provisional else None,
                     rs.adjusted_at(i + 1) or None])
    for b in rnd.byes:
        rows.append([BYE_BOARD_MARK, b.player, names.get(b.player, ""), _fmt(before.get(b.player, 0.0)),
                     text(_BYE_LABEL_KEY[b.kind], lang)] + [None] * 7)
    table_last = len(rows)
    rows.append([None] * 12)
    for er in rs.explanation:
        rows.append(list(er))
    h = ROUND_HEADER_ROW
    n_games = len(rnd.games)
    styles: list[Style] = [
        Style(1, 1, 1, 12, bold=True, size=16),
        Style(2, 1, 2, 12, colour=NOTE_COLOUR, size=10),
        Style(h, 1, h, 12, bold=True, fill=HEADER_FILL, border=True, align="center", wrap=True),
    ]
    if table_last > h:
        styles += [
            Style(h + 1, 1, table_last, 12, border=True),
            Style(h + 1, 1, table_last, 1, bold=True, size=18, align="center"),  # big board numbers
            Style(h + 1, 2, table_last, 2, align="center", bold=True),
            Style(h + 1, 8, table_last, 8, align="center", bold=True),
            Style(h + 1, 3, table_last, 3, colour=RED_FILL, bold=True, size=12, align="left"),
            Style(h + 1, 7, table_last, 7, bold=True, size=12, align="left"),
            Style(h + 1, 4, table_last, 6, align="center"),
            Style(h + 1, 9, table_last, 12, size=9, colour=NOTE_COLOUR),
        ]
    if n_games:
        styles.append(Style(h + 1, C_RESULT, h + n_games, C_RESULT, fill=INPUT_FILL, bold=True, size=12,
                            number_format="@"))
    if len(rows) > table_last + 1:
        styles.append(Style(table_last + 2, 1, table_last + 2, 11, bold=True))
        styles.append(Style(table_last + 2, 1, len(rows), 11, size=11))  # printed on the arbiter's copy
    validations = (Validation(f"E{h + 1}:E{h + n_games}", tuple(canon.values())),) if n_games else ()
    heights = ((1, 1, 26.0), (h, h, 30.0)) + (((h + 1, table_last, BOARD_ROW_HEIGHT),) if table_last > h
                                             else ())
    return SheetOut(rs.name, "round", _table(rows), widths=ROUND_WIDTHS,
                    styles=tuple(styles), validations=validations,
                    print_setup=PrintSetup(repeat_rows=(h, h), header=ev.tournament.name,
                                           footer=signature_footer(ev.settings, lang),
                                           area=round_print_area(table_last, len(rows), rs)),
                    freeze=f"A{h + 1}", row_heights=heights)


ROUND_WIDTHS: tuple[float, ...] = (6, 6, 24, 5, 9, 5, 24, 6, 10, 18, 9, 22)
"""Column widths of a round sheet: the name columns hold 姓名（单位） (:data:`NAME_WITH_CLUB`)."""

NAME_WITH_CLUB = True
"""Decision (issue 13 item 8): a round sheet's name cells show the player's 单位
after the name, 王天一（杭州）, as Chinese pairing lists print them; the
columns stay as they are (the readers read the numbers, never the names)."""


def name_cell(name: str, club: str, lang: str) -> str:
    """What a round sheet's name cell shows (:data:`NAME_WITH_CLUB`)."""
    if not (NAME_WITH_CLUB and club):
        return name
    return f"{name}（{club}）" if lang == "zh" else f"{name} ({club})"


def round_info(ev: Event, system: str) -> str:
    """A round sheet's second row: the method in words, then the date/time
    and venue of the Settings."""
    lang = ev.lang
    line = text("round.system", lang, system=system_words(system, lang))
    extra = when_where(ev.settings, lang)
    return f"{line}{'　　' if lang == 'zh' else '    '}{extra}" if extra else line


PRINT_EXPLANATION = True
"""Decision (issue 27 item 8, docs/spec/dingwei.md §10 version 2.1: what is not
printed cannot be checked at the table): a round sheet prints in two parts.
Page 1 is the wall copy — the pairing table, columns A–H, nothing else; the
pages after it are the arbiter's copy — the table again with its 配对步骤,
先后手依据, 暂按和局 and 调整 columns (A–L), then the whole 编排过程 below it.
Two print ranges of one print area (Excel and LibreOffice start each on a new
page); a sheet with no step, rule or explanation prints the wall copy only."""


def round_print_area(table_last: int, last: int, rs: RoundSheet) -> str:
    """The print area of a round sheet (:data:`PRINT_EXPLANATION`): the wall
    copy ``A1:H<table>``, then the arbiter's copy ``A<header>:L<last>``."""
    wall = f"A1:H{table_last}"
    if not PRINT_EXPLANATION or not (rs.explanation or any(a or b for a, b in rs.steps)):
        return wall
    return f"{wall},A{ROUND_HEADER_ROW}:L{last}"

BOARD_ROW_HEIGHT = 24.0
"""Row height (points) of a board row, so the big board numbers read from afar."""


def with_pairing(ev: Event, pairing: Pairing, provisional: tuple[int, ...] = (),
                 results: Mapping[int, GameResult] | None = None) -> Event:
    """The event with ``pairing`` as its next round (its §10 explanation kept
    for the round sheet); ``provisional``: the previous round's unfinished
    games (by red player) that were counted as draws for it (spec §8);
    ``results``: results known in advance, by red player (a round robin's
    forfeits of absent players, C.05 — prefilled on the round sheet)."""
    t = ev.tournament
    if provisional:
        rounds = list(t.rounds)
        rounds[-1] = replace(rounds[-1], provisional=tuple(provisional))
        t = replace(t, rounds=tuple(rounds))
    rnd = pairing.as_round(t)
    if results:
        rnd = replace(rnd, games=tuple(replace(g, result=results.get(g.red, g.result)) for g in rnd.games))
    t = t.with_round(rnd)
    # with_round consumed this round's requests; requests that stay on the
    # Players sheet without a round (请假 with no number) still apply next time.
    # start-up time: the explanation words (18-35 ms) only where a round shows them
    from bianpai.addin.workbook import explain  # the words of the engine's explanation records

    steps = explain.board_cells(pairing, ev.lang)
    sysname = round_info(ev, pairing.system or ev.tournament.system)
    rs = RoundSheet(L.round_sheet_name(rnd.number, ev.lang), sysname, steps,
                    explain.explanation_rows(pairing, ev.lang, width=explain.ROUND_LINE_UNITS), ())
    return replace(ev, tournament=t, round_sheets=ev.round_sheets + (rs,))
