"""The tournament workbook as plain values: read sheets into the engine's
:class:`Tournament`, and render the event back into sheets.

Backend-neutral: no openpyxl, no xlwings.  Reading takes what a backend read
from the workbook — ``{sheet name: rows}`` with each row a list of cell values
(None for empty cells) — and raises :class:`InputError` naming every problem
as ``Sheet!Cell``.  Writing returns :class:`SheetOut` records: the 2-D values
plus formatting as plain data (fills, bold, widths, number formats, drop-down
lists, A4 print setup), which :mod:`bianpai.addin.xlsx` (openpyxl) and the
Excel add-in (xlwings) apply in the same way.

Sources of truth are the Settings sheet, the Players sheet and the round
sheets.  Colours, Floats, Standings and Crosstable are derived: rewritten from
the sources every time, and they say so in their second row.
"""

from __future__ import annotations

import datetime as _dt
import re
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Callable, Iterable, Mapping, Sequence

from bianpai.engine.model import (
    Bye, ByeKind, Colour, Game, GameResult, Player, Points, Round, Tournament, round_entries,
)
from bianpai.engine import systems
from bianpai.engine.pairing import InputError, Pairing
from bianpai.engine.problems import Problem, problem
from bianpai.engine.systems import DEFAULT_SYSTEM, REGISTRY, System
from bianpai.engine.rounds import advise_round_robin, round_robin_rounds, suggest_rounds

from . import labels as L
from .labels import text
from .messages import WorkbookInputError

if TYPE_CHECKING:  # the standings module is imported on use (the CLI starts faster)
    from bianpai.engine.standings import CrosstableCell, StandingRow

Cell = object
Rows = Sequence[Sequence[Cell]]
SheetValues = Mapping[str, Rows]

# ---------------------------------------------------------------------------
# Settings
# ---------------------------------------------------------------------------

WORKBOOK_SYSTEMS: tuple[str, ...] = tuple(s.name for s in REGISTRY)
"""The systems the Settings drop-down offers: the engine's registry
(engine/systems.py), the three Swiss systems and the round robin 循环制."""

_SYSTEM_WORDS: dict[str, str] = {
    "定位": "dingwei", "定位编排": "dingwei", "定位编排法": "dingwei", "荷兰制": "dutch", "临近": "adjacent",
    "临近编排": "adjacent", "邻近编排": "adjacent", "循环": "roundrobin", "循环制": "roundrobin",
    "循环赛": "roundrobin", "round robin": "roundrobin", "round-robin": "roundrobin",
}
"""Words an organiser may type for a system besides its name."""


def system_of(ev: "Event | EventSettings") -> System:
    """The registry's record of the Settings' pairing system."""
    settings = ev.settings if isinstance(ev, Event) else ev
    return systems.get(settings.system)

DEFAULT_RR_CYCLES = 1
"""Decision: a round robin is single (单循环) unless the Settings say 2."""

ROUND_ROBIN_TOTAL_FROM_SCHEDULE = True
"""Decision (issue #7): when the system is ``roundrobin`` the total rounds are
not the organiser's to choose — they are the Berger schedule's, cycles ×
(N − 1, or N for an odd field) for the N players on the Players sheet
(withdrawn ones keep their seat), :func:`~bianpai.engine.rounds.round_robin_rounds`.
The Settings' total-rounds cell is read but overridden (no problem is
reported); the sheet shows the schedule's number with a note saying so, and
``pair`` rewrites the Settings sheet when the cell disagreed."""

DEFAULT_FIRST_ROUND = "adjacent-numbers"
"""dingwei.md §3: 近号配对 unless the arbiter chooses otherwise (engine/round1.py)."""

FIRST_ROUND_METHODS: tuple[str, ...] = ("adjacent-numbers", "first-last", "half-cross", "random")

DEFAULT_TIEBREAKS = "unrated"
"""Decision (as engine/standings.py DEFAULT_PRESET): most club xiangqi events are mostly unrated."""

DEFAULT_CLUB_ROUNDS = "0"
"""Decision: 同单位回避 is off unless the organiser sets it (dingwei 原则 7: 原则上不回避)."""


def club_rounds_option(value: str) -> str:
    """The Settings cell → the engine's ``avoid_same_club`` value: a whole
    number N means the first N rounds (``1-N``; 0 none); ``all`` and round
    lists such as ``1-3,5`` pass through."""
    v = value.strip()
    n = as_int(v)
    if n is not None:
        return f"1-{n}" if n > 0 else ""
    return v


@dataclass(frozen=True)
class EventSettings:
    """The Settings sheet."""

    name: str = "象棋比赛"
    total_rounds: int = 7
    system: str = DEFAULT_SYSTEM
    first_round: str = DEFAULT_FIRST_ROUND
    win: float = 2.0
    draw: float = 1.0
    loss: float = 0.0
    bye: float = 2.0
    tiebreaks: str = DEFAULT_TIEBREAKS
    unplayed: str = "fide"
    club_rounds: str = DEFAULT_CLUB_ROUNDS
    high_score_first: str = "off"
    language: str = L.DEFAULT_LANGUAGE
    rr_cycles: int = DEFAULT_RR_CYCLES  # round robin: 1 单循环 / 2 双循环
    draw_seed: int | None = None  # the seed of the last draw of numbers (jobs.draw), to reproduce it
    extra: tuple[tuple[str, str], ...] = ()  # engine options given by key in Settings

    @property
    def points(self) -> Points:
        """Forfeits score like wins/losses, a full-point bye like a win, a
        half-point bye like a draw (engine/model.py Points)."""
        return Points(win=self.win, draw=self.draw, loss=self.loss, bye=self.bye,
                      forfeit_win=self.win, forfeit_loss=self.loss, full_bye=self.win,
                      half_bye=self.draw, zero_bye=0.0)

    def options(self) -> tuple[tuple[str, str], ...]:
        """The engine options (strings) these settings give."""
        from bianpai.engine.dingwei import AVOID_CLUB_OPTION
        from bianpai.engine.round1 import ROUND1_OPTION
        from bianpai.engine.swiss import HIGH_SCORE_FIRST_OPTION

        out = [(ROUND1_OPTION, self.first_round), (AVOID_CLUB_OPTION, club_rounds_option(self.club_rounds)),
               (HIGH_SCORE_FIRST_OPTION, self.high_score_first)]
        if systems.get(self.system).scheduled:
            from bianpai.engine.roundrobin import CYCLES_OPTION

            out.append((CYCLES_OPTION, str(self.rr_cycles)))
        keys = {k for k, _ in out}
        out += [(k, v) for k, v in self.extra if k not in keys]
        return tuple(out)


SETTING_ROWS: tuple[tuple[str, str, str], ...] = (
    # (label key, EventSettings field, note key)
    ("set.name", "name", ""),
    ("set.rounds", "total_rounds", "note.rounds"),
    ("set.system", "system", "note.system"),
    ("set.first_round", "first_round", "note.first_round"),
    ("set.win", "win", ""),
    ("set.draw", "draw", ""),
    ("set.loss", "loss", ""),
    ("set.bye", "bye", ""),
    ("set.tiebreaks", "tiebreaks", "note.tiebreaks"),
    ("set.unplayed", "unplayed", "note.unplayed"),
    ("set.club_rounds", "club_rounds", "note.club_rounds"),
    ("set.high_score_first", "high_score_first", "note.high_score_first"),
    ("set.language", "language", "note.language"),
    ("set.rr_cycles", "rr_cycles", "note.rr_cycles"),
    ("set.draw_seed", "draw_seed", "note.draw_seed"),  # last: earlier rows keep their cells
)
SETTINGS_FIRST_ROW = 3  # 1-based row of the first setting (row 1 title, row 2 header)

# ---------------------------------------------------------------------------
# Results
# ---------------------------------------------------------------------------

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


class NotAResult(ValueError):
    pass


def parse_result(value: Cell) -> GameResult | None:
    """A result cell → the result (None: no result yet).

    Accepts the canonical forms of both languages and the usual variants:
    红胜/和/黑胜, 2:0/1:1/0:2, 1-0/½-½/0-1, forfeits +/- -/+ and the double
    forfeit -/-.  A time of day (Excel turns a typed ``2:0`` into 02:00) is
    read back as the score it was typed as.  Raises :class:`NotAResult`.
    """
    if value is None:
        return None
    if isinstance(value, _dt.time):
        value = f"{value.hour}:{value.minute}"
    elif isinstance(value, _dt.datetime):
        raise NotAResult(value)
    elif isinstance(value, bool):
        raise NotAResult(value)
    elif isinstance(value, (int, float)):
        value = {1: "1", 0: "0", 0.5: "½"}.get(value, repr(value))  # type: ignore[call-overload]
    key = L.norm(value).replace("：", ":").replace("－", "-").replace("（", "(").replace("）", ")")
    if key in _UNFINISHED_FORMS:
        return None
    try:
        return _RESULTS[key]
    except KeyError:
        raise NotAResult(value) from None


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


# ---------------------------------------------------------------------------
# Cells and plain values
# ---------------------------------------------------------------------------


def column_letter(col: int) -> str:
    """1 → A, 27 → AA."""
    s = ""
    while col:
        col, r = divmod(col - 1, 26)
        s = chr(65 + r) + s
    return s


def where(sheet: str, row: int, col: int) -> str:
    """``第3轮!E7`` for 1-based row and column."""
    return f"{sheet}!{column_letter(col)}{row}"


def _at(rows: Rows, r: int, c: int) -> Cell:
    """Cell at 0-based (r, c), None beyond the data."""
    if r < len(rows):
        row = rows[r]
        if c < len(row):
            v = row[c]
            if isinstance(v, str) and not v.strip():
                return None
            return v
    return None


def _blank(v: Cell) -> bool:
    return v is None or (isinstance(v, str) and not v.strip())


def as_int(v: Cell) -> int | None:
    """An integer cell (1, 1.0, "1", " 1 "), else None."""
    if isinstance(v, bool):
        return None
    if isinstance(v, int):
        return v
    if isinstance(v, float) and v.is_integer():
        return int(v)
    if isinstance(v, str) and re.fullmatch(r"\s*[+]?\d+(\.0+)?\s*", v):
        return int(float(v))
    return None


def as_number(v: Cell) -> float | None:
    if isinstance(v, bool):
        return None
    if isinstance(v, (int, float)):
        return float(v)
    if isinstance(v, str):
        try:
            return float(v.strip().replace("½", ".5"))
        except ValueError:
            return None
    return None


def plain_number(x: float) -> int | float:
    """2.0 → 2 for the sheet; 1.5 stays."""
    return int(x) if float(x).is_integer() else x


def _str(v: Cell) -> str:
    if v is None:
        return ""
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    return str(v).strip()


# ---------------------------------------------------------------------------
# The event as read
# ---------------------------------------------------------------------------


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


@dataclass(frozen=True)
class PlayerStatus:
    """The Players sheet's status cell: a withdrawal (from a round, or from
    the next one when no round is given) or a bye/absence request (for one
    round, or for every round not yet paired while the status stays)."""

    withdrawn: bool = False
    withdrawn_from: int | None = None
    request: ByeKind | None = None
    request_round: int | None = None


@dataclass(frozen=True)
class Event:
    """A whole workbook: settings, the engine's tournament, and per round
    what the round sheet shows besides the games."""

    settings: EventSettings
    tournament: Tournament
    round_sheets: tuple[RoundSheet, ...] = ()
    statuses: tuple[tuple[int, PlayerStatus], ...] = ()
    sheet_names: tuple[tuple[str, str], ...] = ()  # sheet key -> actual name
    setting_cells: tuple[tuple[str, str], ...] = ()  # Settings label key (or option key) -> its value cell

    @property
    def lang(self) -> str:
        return self.settings.language

    def sheet_name(self, key: str) -> str:
        for k, v in self.sheet_names:
            if k == key:
                return v
        return text(key, self.lang)

    def round_sheet_name(self, k: int) -> str:
        if k <= len(self.round_sheets):
            return self.round_sheets[k - 1].name
        return L.round_sheet_name(k, self.lang)

    def place(self, p: Problem) -> Problem:
        """``p`` placed on the cell the organiser looks at: a board's cell of
        its side (its result cell without a side), a player's bye row in a
        round, the value cell of a setting; a problem already placed stays."""
        if p.where:
            return p
        if p.round is not None and 1 <= p.round <= len(self.tournament.rounds):
            sheet = self.round_sheet_name(p.round)
            rnd = self.tournament.rounds[p.round - 1]
            if p.board is not None:
                col = {"red": C_RED, "black": C_BLACK}.get(p.side or "", C_RESULT)
                return p.at(where(sheet, ROUND_HEADER_ROW + p.board, col))
            for j, b in enumerate(rnd.byes, start=len(rnd.games) + 1):
                if b.player == p.player:
                    return p.at(where(sheet, ROUND_HEADER_ROW + j, C_RED))
            return p.at(sheet)
        if p.setting is not None:
            from .messages import SETTING_LABELS

            cells = dict(self.setting_cells)
            cell = cells.get(SETTING_LABELS.get(p.setting, p.setting)) or cells.get(p.setting)
            return p.at(cell or self.sheet_name("sheet.settings"))
        if p.player is not None or p.key in ("problem.no_players", "problem.fewer_than_two"):
            return p.at(self.sheet_name("sheet.players"))
        return p

    def refuse(self, problems: Iterable[Problem]) -> WorkbookInputError:
        """The error a job raises: ``problems`` placed, in the workbook's language."""
        return WorkbookInputError([self.place(p) for p in problems], self.lang)


# ---------------------------------------------------------------------------
# Reading
# ---------------------------------------------------------------------------


def classify_sheets(names: Iterable[str]) -> tuple[dict[str, str], dict[int, str], list[str]]:
    """Our sheets by key, round sheets by number, and the sheets that are not ours."""
    keyed: dict[str, str] = {}
    rounds: dict[int, str] = {}
    other: list[str] = []
    for name in names:
        k = L.round_of_sheet(name)
        if k is not None:
            rounds.setdefault(k, name)
            continue
        key = L.sheet_key(name)
        if key is not None and key not in keyed:
            keyed[key] = name
        else:
            other.append(name)
    return keyed, rounds, other


def read_settings(sheet: str, rows: Rows, problems: list[Problem],
                  cells_out: dict[str, str] | None = None) -> EventSettings:
    """The Settings sheet: one setting per row, its label (zh or en) in column
    A and its value in column B.  Rows labelled with an engine option key
    (lower-case ASCII such as ``round1.seed``) are passed to the engine."""
    s = EventSettings()
    label_keys = tuple(k for k, _, _ in SETTING_ROWS)
    field_of = {k: f for k, f, _ in SETTING_ROWS}
    found: dict[str, Cell] = {}
    cells: dict[str, str] = {}
    extra: list[tuple[str, str]] = []
    header_keys = ("settings.title", "settings.item")
    for r in range(len(rows)):
        label, value = _at(rows, r, 0), _at(rows, r, 1)
        if _blank(label):
            continue
        key = L.lookup(label, label_keys)
        if key is None:
            if L.lookup(label, header_keys) is not None or r < SETTINGS_FIRST_ROW - 1:
                continue
            raw = _str(label)
            if re.fullmatch(r"[a-z][a-z0-9_\-]*(\.[A-Za-z0-9_\-]+)*", raw) and not _blank(value):
                extra.append((raw, _str(value)))
                if cells_out is not None:
                    cells_out.setdefault(raw, where(sheet, r + 1, 2))
                continue
            if not _blank(value):
                problems.append(problem("problem.unknown_setting", where=where(sheet, r + 1, 1), label=raw))
            continue
        found[key] = value
        cells[key] = where(sheet, r + 1, 2)
    if cells_out is not None:
        cells_out.update(cells)
    values: dict[str, object] = {}
    for key, value in found.items():
        f, at = field_of[key], cells[key]
        if _blank(value):
            continue
        if f == "name":
            values[f] = _str(value)
        elif f == "total_rounds":
            n = as_int(value)
            if n is None or n < 1:
                problems.append(problem("problem.total_rounds", where=at, value=value))
            else:
                values[f] = n
        elif f == "club_rounds":
            from bianpai.engine.dingwei import AVOID_CLUB_OPTION, club_rounds

            v = _str(value)
            probe = Tournament("", (), options=((AVOID_CLUB_OPTION, club_rounds_option(v)),))
            try:
                club_rounds(probe)
                values[f] = v
            except (InputError, ValueError):
                problems.append(problem("problem.club_rounds", where=at, value=value))
        elif f == "high_score_first":
            v = L.norm(value)
            if v in ("on", "1", "yes", "true", "是", "开", "y"):
                values[f] = "on"
            elif v in ("off", "0", "no", "false", "否", "关", "n"):
                values[f] = "off"
            else:
                problems.append(problem("problem.on_off", where=at, value=value))
        elif f in ("win", "draw", "loss", "bye"):
            x = as_number(value)
            if x is None or x < 0:
                problems.append(problem("problem.points", where=at, what=text(key, "en").lower(),
                                        what_zh=text(key, "zh"), value=value))
            else:
                values[f] = x
        elif f == "system":
            v = _str(value).lower()
            v = _SYSTEM_WORDS.get(v, v)
            if v not in systems.BY_NAME:
                problems.append(problem("problem.system_choice", where=at, value=value,
                                        choices=", ".join(WORKBOOK_SYSTEMS)))
            else:
                values[f] = v
        elif f == "rr_cycles":
            n = {"单循环": 1, "single": 1, "双循环": 2, "double": 2}.get(L.norm(value), as_int(value))
            if n not in (1, 2):
                problems.append(problem("problem.rr_cycles", where=at, value=value))
            else:
                values[f] = n
        elif f == "draw_seed":
            n = as_int(value)
            if n is None or n < 0:
                problems.append(problem("problem.draw_seed", where=at, value=value))
            else:
                values[f] = n
        elif f == "first_round":
            v = _first_round_method(_str(value))
            if v is None:
                problems.append(problem("problem.first_round_choice", where=at, value=value,
                                        choices=", ".join(FIRST_ROUND_METHODS)))
            else:
                values[f] = v
        elif f == "tiebreaks":
            from bianpai.engine.standings import parse_tiebreaks

            try:
                parse_tiebreaks(_str(value))
            except InputError as e:
                problems.extend(p.at(at) for p in e.problems)
            values[f] = _str(value)
        elif f == "unplayed":
            v = _str(value).lower()
            if v not in ("fide", "xiangqi"):
                problems.append(problem("problem.unplayed_choice", where=at, value=value))
            else:
                values[f] = v
        elif f == "language":
            v = {"中文": "zh", "chinese": "zh", "english": "en", "英文": "en"}.get(_str(value).lower(),
                                                                                _str(value).lower())
            if v not in L.LANGUAGES:
                problems.append(problem("problem.language", where=at, value=value))
            else:
                values[f] = v
    return replace(s, extra=tuple(extra), **values)  # type: ignore[arg-type]


def _first_round_method(raw: str) -> str | None:
    try:
        from bianpai.engine.round1 import ROUND1_METHODS
    except ImportError:  # pragma: no cover - engine always has round1
        ROUND1_METHODS = {m: m for m in FIRST_ROUND_METHODS}
    aliases = {"fold": "first-last", "slide": "half-cross", "近号": "adjacent-numbers",
               "首尾": "first-last", "对半": "half-cross", "随机": "random", "抽签": "random"}
    v = raw.strip()
    return ROUND1_METHODS.get(v) or ROUND1_METHODS.get(v.lower()) or aliases.get(v.lower())


PLAYER_COLUMNS: tuple[str, ...] = ("col.number", "col.name", "col.club", "col.rating", "col.seed",
                                   "col.status", "col.joins")
PLAYERS_HEADER_ROW = 3  # 1-based (row 1 title, row 2 note)

_SEED_YES = frozenset({"是", "yes", "y", "1", "true", "x", "✓", "√", "种子", "seed", "s"})
_SEED_NO = frozenset({"", "否", "no", "n", "0", "false"})


def parse_status(value: Cell) -> PlayerStatus | None:
    """``在赛``/blank; ``退赛 [N]``; ``请假 [N]``; ``半分轮空 [N]`` … (either
    language).  None when not understood."""
    raw = _str(value)
    if not raw:
        return PlayerStatus()
    m = re.fullmatch(r"(.*?)[\s:：(（]*(?:(?:第|from|in|round|r)\s*)*(\d+)?\s*(?:轮起|轮)?[)）]?", raw,
                     re.IGNORECASE)
    word, num = (m.group(1), m.group(2)) if m else (raw, None)
    k = int(num) if num else None
    key = L.lookup(word, ("status.active", "status.withdrawn", "status.absent", "status.half_bye",
                          "status.full_bye", "status.zero_bye"))
    if key is None:
        return None
    if key == "status.active":
        return PlayerStatus() if k is None else None
    if key == "status.withdrawn":
        return PlayerStatus(withdrawn=True, withdrawn_from=k)
    kind = {"status.absent": ByeKind.ABSENT, "status.half_bye": ByeKind.HALF,
            "status.full_bye": ByeKind.FULL, "status.zero_bye": ByeKind.ZERO}[key]
    return PlayerStatus(request=kind, request_round=k)


def _find_header(rows: Rows, label_key: str, within: int = 12, any_column: bool = False) -> int | None:
    """The first row (of the first ``within``) whose column A — or any column —
    holds the label ``label_key`` in either language."""
    for r in range(min(within, len(rows))):
        cols = range(len(rows[r])) if any_column else (0,)
        if any(L.lookup(_at(rows, r, c), (label_key,)) == label_key for c in cols):
            return r
    return None


def _optional_whole(value: Cell, least: int, default: int) -> int | None:
    """A cell that may be blank (``default``) or hold a whole number ≥
    ``least``; None when it holds anything else."""
    if _blank(value):
        return default
    x = as_int(value)
    return x if x is not None and x >= least else None


def read_players(sheet: str, rows: Rows, problems: list[Problem], numbers: set[int] | None = None,
                 locate: Callable[[int, int], str] | None = None) -> tuple[list[Player], dict[int, PlayerStatus]]:
    """The Players sheet: a header row (the one holding 序号/No.; every column
    found by its header, in any order, other columns ignored), one player per
    row; blank rows skipped.  ``locate(row, column)`` (1-based) names a cell
    in problems (default ``Sheet!Cell``; a table read from a file names its
    line)."""
    place = locate or (lambda row, col: where(sheet, row, col))
    h = _find_header(rows, "col.number", any_column=True)
    if h is None:
        problems.append(problem("problem.players_header", where=place(PLAYERS_HEADER_ROW, 1),
                                zh=L.LABELS["col.number"][0], en=L.LABELS["col.number"][1]))
        return [], {}
    col: dict[str, int] = {}
    header = rows[h]
    for c in range(len(header)):
        key = L.lookup(header[c], PLAYER_COLUMNS)
        if key is not None and key not in col:
            col[key] = c
    if "col.name" not in col:
        problems.append(problem("problem.players_no_name", where=place(h + 1, 2), zh=L.LABELS["col.name"][0]))
        return [], {}
    players: list[Player] = []
    statuses: dict[int, PlayerStatus] = {}
    first_row: dict[int, int] = {}
    for r in range(h + 1, len(rows)):
        def get(key: str) -> Cell:
            return _at(rows, r, col[key]) if key in col else None

        if all(_blank(get(k)) for k in col):
            continue
        at = lambda key: place(r + 1, col.get(key, 0) + 1)  # noqa: E731
        number, name = as_int(get("col.number")), _str(get("col.name"))
        ok = True
        if number is None or number < 1:
            problems.append(problem("problem.player_number", where=at("col.number"), value=get("col.number")))
            ok = False
        elif number in first_row:
            problems.append(problem("problem.player_number_used", where=at("col.number"), number=number,
                                    row=first_row[number]))
            ok = False
        if not name:
            problems.append(problem("problem.player_no_name", where=at("col.name"), number=number or ""))
            ok = False
        rating = _optional_whole(get("col.rating"), 0, default=0)
        if rating is None:
            problems.append(problem("problem.rating", where=at("col.rating"), value=get("col.rating")))
            ok = False
        seed_raw = L.norm(_str(get("col.seed")))
        if seed_raw not in _SEED_YES and seed_raw not in _SEED_NO:
            problems.append(problem("problem.seed_mark", where=at("col.seed"), value=get("col.seed")))
            ok = False
        status = parse_status(get("col.status"))
        if status is not None and 0 in (status.withdrawn_from, status.request_round):
            status = None
        if status is None:
            problems.append(problem("problem.status", where=at("col.status"), value=get("col.status")))
            ok = False
        joins = _optional_whole(get("col.joins"), 1, default=1)
        if joins is None:
            problems.append(problem("problem.joins", where=at("col.joins"), value=get("col.joins")))
            ok = False
        if number is not None and number >= 1 and number not in first_row:
            first_row[number] = r + 1  # known, even with a bad cell: round sheets may name it
        if not ok or number is None or rating is None or joins is None:
            continue
        players.append(Player(number=number, name=name, rating=rating, club=_str(get("col.club")),
                              seeded=seed_raw in _SEED_YES, joins_from=joins,
                              withdrawn_from=status.withdrawn_from if status else None))
        if status is not None and status != PlayerStatus():
            statuses[number] = status
    if numbers is not None:
        numbers.update(first_row)
    return players, statuses


# round sheet layout (1-based columns)
ROUND_COLUMNS: tuple[str, ...] = ("col.board", "col.red_no", "col.red_name", "col.red_score", "col.result",
                                  "col.black_score", "col.black_name", "col.black_no", "col.step",
                                  "col.colour_rule", "col.provisional")
C_BOARD, C_RED, C_RED_NAME, C_RED_SCORE, C_RESULT, C_BLACK_SCORE, C_BLACK_NAME, C_BLACK, C_STEP, C_RULE, \
    C_PROV = range(1, 12)
ROUND_HEADER_ROW = 3
BYE_BOARD_MARK = "—"


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
    seen: dict[int, int] = {}
    boards: dict[int, int] = {}
    r = h + 1
    n = len(rows)

    def use(num: int | None, raw: Cell, row: int, col: int) -> bool:
        at = where(sheet, row + 1, col)
        if num is None or num < 1:
            problems.append(problem("problem.round_player_number", where=at, value=raw))
            return False
        if num not in numbers:
            problems.append(problem("problem.round_player_unknown", where=at, number=num))
            return False
        if num in seen:
            problems.append(problem("problem.round_player_twice", where=at, number=num, row=seen[num]))
            return False
        seen[num] = row + 1
        return True

    while r < n and not all(_blank(_at(rows, r, c)) for c in range(C_PROV)):
        board_raw = _at(rows, r, C_BOARD - 1)
        board = as_int(board_raw)
        red_raw, black_raw = _at(rows, r, C_RED - 1), _at(rows, r, C_BLACK - 1)
        res_raw = _at(rows, r, C_RESULT - 1)
        if board is not None:
            if board in boards:
                problems.append(problem("problem.board_twice", where=where(sheet, r + 1, C_BOARD), board=board,
                                        row=boards[board]))
            boards[board] = r + 1
            ok = use(as_int(red_raw), red_raw, r, C_RED)
            ok = use(as_int(black_raw), black_raw, r, C_BLACK) and ok
            try:
                result = parse_result(res_raw)
            except NotAResult:
                problems.append(problem("problem.not_a_result", where=where(sheet, r + 1, C_RESULT),
                                        value=_str(res_raw), zh=" / ".join(CANONICAL_RESULTS["zh"].values()),
                                        en=" / ".join(CANONICAL_RESULTS["en"].values())))
                ok = False
                result = None
            if ok:
                red, black = as_int(red_raw), as_int(black_raw)
                games.append(Game(red, black, result))  # type: ignore[arg-type]
                if not _blank(_at(rows, r, C_PROV - 1)):
                    provisional.append(red)  # type: ignore[arg-type]
                steps.append((_str(_at(rows, r, C_STEP - 1)), _str(_at(rows, r, C_RULE - 1))))
                typed.append(res_raw)
        else:
            kind = parse_bye(res_raw)
            if kind is None or not (_blank(board_raw) or _str(board_raw) in (BYE_BOARD_MARK, "-", "–")):
                problems.append(problem("problem.neither_game_nor_bye", where=where(sheet, r + 1, C_BOARD)))
            elif use(as_int(red_raw), red_raw, r, C_RED):
                byes.append(Bye(as_int(red_raw), kind))  # type: ignore[arg-type]
        r += 1
    explanation = tuple(tuple(row) for row in rows[r + 1:]) if r + 1 < n else ()
    while explanation and all(_blank(v) for v in explanation[-1]):
        explanation = explanation[:-1]
    system = _str(_at(rows, 1, 0))
    pairing_bye = [b for b in byes if b.kind is ByeKind.PAIRING]
    if len(pairing_bye) > 1:
        problems.append(problem("problem.two_pairing_byes", where=sheet, count=len(pairing_bye)))
    rnd = Round(k, tuple(games), tuple(byes), tuple(provisional))
    return rnd, RoundSheet(sheet, system, tuple(steps), explanation, tuple(typed))


FIRST_COLOUR_OPTION = "first_colour"
"""Settings row (engine option key) for TRF ``XXC``: the colour of player 1 in
round 1, ``red``/``white`` or ``black``; blank leaves it to the system."""


def first_colour_of(settings: EventSettings) -> Colour | None:
    for k, v in settings.extra:
        if k == FIRST_COLOUR_OPTION:
            return {"red": Colour.RED, "white": Colour.RED, "w": Colour.RED, "红": Colour.RED,
                    "black": Colour.BLACK, "b": Colour.BLACK, "黑": Colour.BLACK}.get(v.strip().lower())
    return None


def total_rounds(settings: EventSettings, n_players: int) -> int:
    """The event's total rounds: the Settings' number, or for a round robin of
    at least two players the schedule's (:data:`ROUND_ROBIN_TOTAL_FROM_SCHEDULE`)."""
    if system_of(settings).scheduled and n_players >= 2 and ROUND_ROBIN_TOTAL_FROM_SCHEDULE:
        return round_robin_rounds(n_players, settings.rr_cycles)
    return settings.total_rounds


def active_players(t: Tournament) -> int:
    """Players who have not withdrawn (the count seed 003 §(四)'s advice is about)."""
    return sum(1 for p in t.players if p.withdrawn_from is None)


def suggests_round_robin(settings: EventSettings, t: Tournament) -> bool:
    """Seed 003 §(四): a Swiss system is chosen, and fewer than 10 (at least
    2) players are active — a round robin is suggested; the organiser decides."""
    return system_of(settings).swiss and advise_round_robin(active_players(t))


def _last_appearance(rounds: Sequence[Round], number: int) -> int:
    last = 0
    for rnd in rounds:
        e = rnd.entry_of(number)
        if e is not None and not (isinstance(e, Bye) and e.kind is ByeKind.ABSENT):
            last = rnd.number
    return last


def read_event(values: SheetValues) -> Event:
    """The whole workbook → :class:`Event`.  Raises :class:`InputError` with
    every problem found, each naming its ``Sheet!Cell``."""
    problems: list[Problem] = []
    keyed, round_names, _other = classify_sheets(values)
    setting_cells: dict[str, str] = {}
    if "sheet.settings" not in keyed:
        problems.append(problem("problem.no_settings_sheet"))
        settings = EventSettings()
    else:
        settings = read_settings(keyed["sheet.settings"], values[keyed["sheet.settings"]], problems,
                                 setting_cells)
    if "sheet.players" not in keyed:
        problems.append(problem("problem.no_players_sheet"))
        players, statuses = [], {}
    numbers: set[int] = set()
    if "sheet.players" in keyed:
        players, statuses = read_players(keyed["sheet.players"], values[keyed["sheet.players"]], problems,
                                         numbers)
    rounds: list[Round] = []
    sheets: list[RoundSheet] = []
    for k in sorted(round_names):
        if k != len(sheets) + 1:
            problems.append(problem("problem.round_sheet_missing", where=round_names[k], round=len(sheets) + 1))
            break
        rnd, rs = read_round(round_names[k], k, values[round_names[k]], numbers, problems)
        rounds.append(rnd)
        sheets.append(rs)
    if problems:
        raise WorkbookInputError(problems, settings.language)
    # 退赛 without a round: from the round after the player's last game.
    resolved = []
    requests: list[tuple[int, Bye]] = []
    next_round = len(rounds) + 1
    for p in sorted(players, key=lambda p: p.number):
        st = statuses.get(p.number)
        if st is not None and st.withdrawn and st.withdrawn_from is None:
            p = replace(p, withdrawn_from=max(_last_appearance(rounds, p.number) + 1, p.joins_from))
        if st is not None and st.request is not None:
            k = st.request_round if st.request_round is not None else next_round
            if k >= next_round:
                requests.append((k, Bye(p.number, st.request)))
        resolved.append(p)
    t = Tournament(name=settings.name, players=tuple(resolved), rounds=tuple(rounds),
                   total_rounds=total_rounds(settings, len(resolved)), points=settings.points,
                   requests=tuple(requests), options=settings.options(),
                   first_colour=first_colour_of(settings))
    names = tuple(sorted(keyed.items()))
    return Event(settings, t, tuple(sheets), tuple(sorted(statuses.items())), names,
                 tuple(sorted(setting_cells.items())))


# ---------------------------------------------------------------------------
# Writing: plain formatting records
# ---------------------------------------------------------------------------

RED_FILL = "C00000"
BLACK_FILL = "000000"
WHITE = "FFFFFF"
HEADER_FILL = "D9D9D9"
NOTE_COLOUR = "7F7F7F"
INPUT_FILL = "FFF2CC"  # cells the organiser types into


@dataclass(frozen=True)
class Style:
    """Formatting of the cells in rows ``top..bottom``, columns
    ``left..right`` (1-based, inclusive).  None leaves a property alone."""

    top: int
    left: int
    bottom: int
    right: int
    bold: bool = False
    size: float | None = None
    fill: str | None = None  # RGB hex
    colour: str | None = None  # font RGB hex
    align: str | None = None  # left / center / right
    wrap: bool = False
    border: bool = False
    number_format: str | None = None

    def properties(self) -> dict[str, object]:
        """The properties this style sets (what a backend applies to each cell)."""
        p: dict[str, object] = {}
        if self.bold:
            p["bold"] = True
        for name in ("size", "fill", "colour", "align", "number_format"):
            v = getattr(self, name)
            if v is not None:
                p[name] = v
        if self.wrap:
            p["wrap"] = True
        if self.border:
            p["border"] = True
        return p


@dataclass(frozen=True)
class Validation:
    """A drop-down list on a range (``E4:E40``); other values are still allowed
    (the reader accepts variants), so Excel only warns."""

    ref: str
    options: tuple[str, ...]
    prompt: str = ""


@dataclass(frozen=True)
class PrintSetup:
    """A4 page setup: orientation, fit all columns to the page width, the
    rows repeated at the top of every page, header and footer text."""

    orientation: str = "portrait"
    paper: str = "A4"
    fit_width: bool = True
    repeat_rows: tuple[int, int] | None = None
    header: str = ""
    footer: str = ""
    centre_horizontally: bool = True
    area: str | None = None  # e.g. "A:H"; None prints everything


@dataclass(frozen=True)
class SheetOut:
    """One sheet to write: values (row-major, None for empty) and formatting.

    ``key`` is the sheet's role (``sheet.players``, ``round``, …); ``derived``
    sheets are rewritten from the sources every time."""

    name: str
    key: str
    rows: tuple[tuple[Cell, ...], ...]
    widths: tuple[float, ...] = ()  # column widths from column A
    styles: tuple[Style, ...] = ()
    validations: tuple[Validation, ...] = ()
    print_setup: PrintSetup = field(default_factory=PrintSetup)
    freeze: str | None = None  # top-left unfrozen cell, e.g. "A4"
    comments: tuple[tuple[str, str], ...] = ()  # (cell, text)
    derived: bool = False
    row_heights: tuple[tuple[int, int, float], ...] = ()  # (first row, last row, height in points)


def _table(rows: list[list[Cell]]) -> tuple[tuple[Cell, ...], ...]:
    return tuple(tuple(r) for r in rows)


def _fmt(x: float) -> int | float:
    return plain_number(x)


# -- Settings ----------------------------------------------------------------


def render_settings(ev: Event) -> SheetOut:
    s, lang = ev.settings, ev.lang
    n = len(ev.tournament.players)
    from bianpai.engine.standings import TIEBREAK_CODES

    rows: list[list[Cell]] = [[text("settings.title", lang), None, None],
                              [text("settings.item", lang), text("settings.value", lang), text("settings.note", lang)]]
    for key, f, note_key in SETTING_ROWS:
        value = getattr(s, f)
        if isinstance(value, float):
            value = _fmt(value)
        note = ""
        if note_key == "note.rounds" and system_of(s).scheduled and n >= 2:
            value = total_rounds(s, n)
            note = text("note.rr_rounds", lang, n=n, cycles=s.rr_cycles, rounds=value)
        elif note_key == "note.rounds":
            note = text(note_key, lang, n=suggest_rounds(n)) if n >= 2 else text("note.rounds0", lang)
        elif note_key == "note.system" and suggests_round_robin(s, ev.tournament):
            note = text(note_key, lang) + "\n" + text("note.rr", lang, n=active_players(ev.tournament))
        elif note_key == "note.tiebreaks":
            note = text(note_key, lang, codes=", ".join(TIEBREAK_CODES))
        elif note_key:
            note = text(note_key, lang)
        rows.append([text(key, lang), value, note or None])
    for k, v in s.extra:
        rows.append([k, v, None])
    last = len(rows)
    first = SETTINGS_FIRST_ROW

    def row_of(field_name: str) -> int:
        return first + [f for _, f, _ in SETTING_ROWS].index(field_name)

    validations = (
        Validation(f"B{row_of('system')}", WORKBOOK_SYSTEMS),
        Validation(f"B{row_of('first_round')}", FIRST_ROUND_METHODS),
        Validation(f"B{row_of('unplayed')}", ("fide", "xiangqi")),
        Validation(f"B{row_of('language')}", L.LANGUAGES),
        Validation(f"B{row_of('high_score_first')}", ("on", "off")),
        Validation(f"B{row_of('tiebreaks')}", ("unrated", "mostly-rated", "rated", "round-robin")),
        Validation(f"B{row_of('rr_cycles')}", ("1", "2")),
    )
    styles = (Style(1, 1, 1, 3, bold=True, size=14),
              Style(2, 1, 2, 3, bold=True, fill=HEADER_FILL, border=True),
              Style(first, 1, last, 3, border=True),
              Style(first, 2, last, 2, fill=INPUT_FILL, align="left"),
              Style(first, 3, last, 3, colour=NOTE_COLOUR, wrap=True))
    return SheetOut(ev.sheet_name("sheet.settings"), "sheet.settings", _table(rows), widths=(24, 28, 72),
                    styles=styles, validations=validations,
                    row_heights=((row_of("tiebreaks"), row_of("tiebreaks"), 30.0),)
                    + (((row_of("system"), row_of("system"), 45.0),) if suggests_round_robin(s, ev.tournament) else ()),
                    print_setup=PrintSetup(header=s.name, footer=text("print.page", lang)))


# -- Players -----------------------------------------------------------------


def status_text(st: PlayerStatus | None, lang: str) -> str | None:
    if st is None or st == PlayerStatus():
        return None
    if st.withdrawn:
        word = text("status.withdrawn", lang)
        k = st.withdrawn_from
    else:
        word = text({ByeKind.ABSENT: "status.absent", ByeKind.HALF: "status.half_bye",
                     ByeKind.FULL: "status.full_bye", ByeKind.ZERO: "status.zero_bye"}[st.request], lang)  # type: ignore[index]
        k = st.request_round
    return word if k is None else f"{word} {k}"


PLAYERS_BLANK_ROWS = 0
"""Decision: the Players sheet has no pre-formatted blank rows; the drop-downs
and the yellow input fill reach :data:`PLAYERS_INPUT_ROWS` rows down."""

PLAYERS_INPUT_ROWS = 200


def render_players(ev: Event) -> SheetOut:
    lang = ev.lang
    statuses = dict(ev.statuses)
    rows: list[list[Cell]] = [[text("players.title", lang) + " — " + ev.settings.name] + [None] * 6,
                              [text("players.note", lang)] + [None] * 6,
                              [text(k, lang) for k in PLAYER_COLUMNS]]
    for p in sorted(ev.tournament.players, key=lambda p: p.number):
        st = statuses.get(p.number)
        rows.append([p.number, p.name, p.club or None, p.rating or None,
                     text("seed.yes", lang) if p.seeded else None, status_text(st, lang),
                     p.joins_from if p.joins_from != 1 else None])
    h = PLAYERS_HEADER_ROW
    last = max(len(rows), h + 1)
    input_last = max(last, h + PLAYERS_INPUT_ROWS)
    status_opts = tuple(text(k, lang) for k in ("status.active", "status.withdrawn", "status.absent",
                                                "status.half_bye", "status.full_bye", "status.zero_bye"))
    styles = (Style(1, 1, 1, 7, bold=True, size=14), Style(2, 1, 2, 7, colour=NOTE_COLOUR),
              Style(h, 1, h, 7, bold=True, fill=HEADER_FILL, border=True, align="center"),
              Style(h + 1, 1, last, 7, border=True),
              Style(h + 1, 1, last, 1, align="center"))
    return SheetOut(ev.sheet_name("sheet.players"), "sheet.players", _table(rows),
                    widths=(7, 14, 18, 9, 7, 16, 10), styles=styles,
                    validations=(Validation(f"E{h + 1}:E{input_last}", (text("seed.yes", lang),)),
                                 Validation(f"F{h + 1}:F{input_last}", status_opts)),
                    print_setup=PrintSetup(repeat_rows=(h, h), header=ev.settings.name,
                                           footer=text("print.page", lang)),
                    freeze=f"A{h + 1}")


# -- Round sheets -------------------------------------------------------------


def scores_before(t: Tournament) -> list[dict[int, float]]:
    """``out[k-1]``: every player's score before round k (k = 1..rounds+1)."""
    score = {p.number: 0.0 for p in t.players}
    out = [dict(score)]
    for rnd in t.rounds:
        for num, e in round_entries(t, rnd).items():
            score[num] = score.get(num, 0.0) + e.points
        out.append(dict(score))
    return out


def explanation_rows(pairing: Pairing, lang: str) -> tuple[tuple[Cell, ...], ...]:
    """§10: every bracket as the arbiter lays the cards (score, 要先行, 要后行,
    floaters) and the pairing's notes."""
    rows: list[tuple[Cell, ...]] = []
    if pairing.brackets:
        rows.append((text("round.explain", lang),))
        rows.append((text("explain.score", lang), text("explain.red_row", lang), None, None,
                     text("explain.black_row", lang), None, None, text("explain.floaters", lang),
                     text("explain.note", lang)))
        for b in pairing.brackets:
            rows.append((_fmt(b.score), " ".join(map(str, b.red_row)) or None, None, None,
                         " ".join(map(str, b.black_row)) or None, None, None,
                         " ".join(map(str, b.floaters)) or None, b.note or None))
    if pairing.notes:
        rows.append((text("explain.notes", lang),))
        rows.extend((n,) for n in pairing.notes)
    return tuple(rows)


def render_round(ev: Event, k: int, scores: list[dict[int, float]] | None = None) -> SheetOut:
    """Round ``k``'s sheet: the pairing table the arbiter pins on the wall
    (big board numbers, A4, header repeated), the result column with its
    drop-down, and below it the §10 explanation."""
    t, lang = ev.tournament, ev.lang
    rnd = t.rounds[k - 1]
    rs = ev.round_sheets[k - 1] if k <= len(ev.round_sheets) else RoundSheet(L.round_sheet_name(k, lang))
    scores = scores or scores_before(t)
    before = scores[k - 1]
    names = {p.number: p.name for p in t.players}
    canon = CANONICAL_RESULTS[lang]
    info = rs.system or text("round.system", lang, system=ev.settings.system)
    prev = t.rounds[k - 2] if k >= 2 else None
    info_note: Cell = None
    if prev is not None and prev.provisional:
        boards = [i for i, g in enumerate(prev.games, start=1) if g.red in prev.provisional]
        info_note = text("round.provisional", lang, k=k - 1, boards=", ".join(map(str, boards)))
    rows: list[list[Cell]] = [
        [text("round.title", lang, k=k) + " — " + ev.settings.name] + [None] * 10,
        [info, None, None, None, info_note] + [None] * 6,
        [text(c, lang) for c in ROUND_COLUMNS],
    ]
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
                     rule or None, prov_mark if g.red in rnd.provisional else None])
    for b in rnd.byes:
        rows.append([BYE_BOARD_MARK, b.player, names.get(b.player, ""), _fmt(before.get(b.player, 0.0)),
                     text(_BYE_LABEL_KEY[b.kind], lang)] + [None] * 6)
    table_last = len(rows)
    rows.append([None] * 11)
    for er in rs.explanation:
        rows.append(list(er))
    h = ROUND_HEADER_ROW
    n_games = len(rnd.games)
    styles: list[Style] = [
        Style(1, 1, 1, 11, bold=True, size=16),
        Style(2, 1, 2, 11, colour=NOTE_COLOUR),
        Style(h, 1, h, 11, bold=True, fill=HEADER_FILL, border=True, align="center", wrap=True),
    ]
    if table_last > h:
        styles += [
            Style(h + 1, 1, table_last, 11, border=True),
            Style(h + 1, 1, table_last, 1, bold=True, size=18, align="center"),  # big board numbers
            Style(h + 1, 2, table_last, 2, align="center", bold=True),
            Style(h + 1, 8, table_last, 8, align="center", bold=True),
            Style(h + 1, 3, table_last, 3, colour=RED_FILL, bold=True, size=12, align="left"),
            Style(h + 1, 7, table_last, 7, bold=True, size=12, align="left"),
            Style(h + 1, 4, table_last, 6, align="center"),
            Style(h + 1, 9, table_last, 11, size=9, colour=NOTE_COLOUR),
        ]
    if n_games:
        styles.append(Style(h + 1, C_RESULT, h + n_games, C_RESULT, fill=INPUT_FILL, bold=True, size=12,
                            number_format="@"))
    if len(rows) > table_last + 1:
        styles.append(Style(table_last + 2, 1, table_last + 2, 11, bold=True))
        styles.append(Style(table_last + 2, 1, len(rows), 11, size=9))
    validations = (Validation(f"E{h + 1}:E{h + n_games}", tuple(canon.values())),) if n_games else ()
    heights = ((1, 1, 26.0), (h, h, 30.0)) + (((h + 1, table_last, BOARD_ROW_HEIGHT),) if table_last > h else ())
    return SheetOut(rs.name, "round", _table(rows), widths=(7, 7, 14, 6, 11, 6, 14, 7, 10, 18, 9),
                    styles=tuple(styles), validations=validations,
                    print_setup=PrintSetup(repeat_rows=(h, h), header=ev.settings.name,
                                           footer=text("print.page", lang),
                                           area=None if PRINT_EXPLANATION else f"A1:H{table_last}"),
                    freeze=f"A{h + 1}", row_heights=heights)


PRINT_EXPLANATION = False
"""Decision: the printed round sheet (the one pinned on the wall) holds the
pairing table only, columns A–H; the §10 explanation (steps, colour rules,
the brackets below) stays on screen for the arbiter."""

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
    steps = tuple((b.step, b.colour_rule) for b in pairing.boards)
    sysname = text("round.system", ev.lang, system=pairing.system or ev.settings.system)
    rs = RoundSheet(L.round_sheet_name(rnd.number, ev.lang), sysname, steps,
                    explanation_rows(pairing, ev.lang), ())
    return replace(ev, tournament=t, round_sheets=ev.round_sheets + (rs,))


# -- Derived sheets -----------------------------------------------------------


def display_width(s: str) -> int:
    """Columns a text takes: CJK characters two, others one."""
    return sum(2 if ord(ch) > 0x2E80 else 1 for ch in s)


def wrap_text(s: str, width: float) -> list[str]:
    """``s`` cut into lines of at most ``width`` display columns, at spaces
    where it can (a long note then prints inside the table's width)."""
    lines: list[str] = []
    line = ""
    for word in re.split(r"(?<= )", s):
        if line and display_width(line + word) > width:
            lines.append(line.rstrip())
            line = ""
        while display_width(word) > width:
            cut = 1
            while display_width(word[:cut + 1]) <= width:
                cut += 1
            lines.append(word[:cut])
            word = word[cut:]
        line += word
    if line.strip():
        lines.append(line.rstrip())
    return lines


def _derived_head(title: str, ev: Event, width: int) -> list[list[Cell]]:
    k = len(ev.tournament.rounds)
    after = text("standings.after", ev.lang, k=k)
    return [[f"{title} — {ev.settings.name} ({after})"] + [None] * (width - 1),
            [text("derived.note", ev.lang)] + [None] * (width - 1)]


def _derived_styles(width: int, header_row: int, last: int) -> list[Style]:
    out = [Style(1, 1, 1, width, bold=True, size=14), Style(2, 1, 2, width, colour=RED_FILL, bold=True),
           Style(header_row, 1, header_row, width, bold=True, fill=HEADER_FILL, border=True, align="center")]
    if last > header_row:
        out.append(Style(header_row + 1, 1, last, width, border=True))
    return out


def render_colours(ev: Event) -> SheetOut:
    """先后手: per player per round 红/黑 (filled red / black), then R, B, d,
    streak and the arbiter's label (dingwei.md §1)."""
    from bianpai.engine.standings import colour_summary

    t, lang = ev.tournament, ev.lang
    k = len(t.rounds)
    width = 2 + k + 5
    rows = _derived_head(text("colours.title", lang), ev, width)
    rows.append([text("col.number", lang), text("col.name", lang)]
                + [text("col.round", lang, k=i) for i in range(1, k + 1)]
                + [text(c, lang) for c in ("col.R", "col.B", "col.d", "col.streak", "col.label")])
    names = {p.number: p.name for p in t.players}
    red, black = text("colour.red", lang), text("colour.black", lang)
    styles: list[Style] = []
    for cr in colour_summary(t):
        r = len(rows) + 1
        cells: list[Cell] = []
        for i, c in enumerate(cr.by_round):
            if c is Colour.RED:
                cells.append(red)
                styles.append(Style(r, 3 + i, r, 3 + i, fill=RED_FILL, colour=WHITE, align="center", bold=True))
            elif c is Colour.BLACK:
                cells.append(black)
                styles.append(Style(r, 3 + i, r, 3 + i, fill=BLACK_FILL, colour=WHITE, align="center",
                                    bold=True))
            else:
                cells.append(None)
        cells += [None] * (k - len(cells))
        rows.append([cr.number, names.get(cr.number, "")] + cells
                    + [cr.reds, cr.blacks, cr.d, cr.streak, cr.label])
    base = _derived_styles(width, 3, len(rows))
    return SheetOut(ev.sheet_name("sheet.colours"), "sheet.colours", _table(rows),
                    widths=(6, 12) + (5,) * k + (4, 4, 7, 6, 10), styles=tuple(base + styles),
                    print_setup=PrintSetup(orientation="landscape", repeat_rows=(3, 3),
                                           header=ev.settings.name, footer=text("print.page", lang)),
                    freeze="C4", derived=True)


def render_floats(ev: Event) -> SheetOut:
    """升降: ↓ (下调) / ↑ (上调) per round and the counts (dingwei.md §1)."""
    from bianpai.engine.standings import float_summary

    t, lang = ev.tournament, ev.lang
    k = len(t.rounds)
    width = 2 + k + 2
    rows = _derived_head(text("floats.title", lang), ev, width)
    rows.append([text("col.number", lang), text("col.name", lang)]
                + [text("col.round", lang, k=i) for i in range(1, k + 1)]
                + [text("col.downs", lang), text("col.ups", lang)])
    names = {p.number: p.name for p in t.players}
    for fr in float_summary(t):
        cells: list[Cell] = [f.value if f is not None else None for f in fr.by_round]
        cells += [None] * (k - len(cells))
        rows.append([fr.number, names.get(fr.number, "")] + cells + [fr.downs, fr.ups])
    styles = _derived_styles(width, 3, len(rows))
    if len(rows) > 3 and k:
        styles.append(Style(4, 3, len(rows), 2 + k, align="center"))
    return SheetOut(ev.sheet_name("sheet.floats"), "sheet.floats", _table(rows),
                    widths=(6, 12) + (5,) * k + (8, 8), styles=tuple(styles),
                    print_setup=PrintSetup(orientation="landscape", repeat_rows=(3, 3),
                                           header=ev.settings.name, footer=text("print.page", lang)),
                    freeze="C4", derived=True)


def ranked_tournament(ev: Event) -> Tournament:
    """The event as the standings count it.  A round robin applies FIDE C.05
    (engine/roundrobin.py :func:`for_final_standings`): a player who withdrew
    before completing half of his games is left out, with every game against
    him; the Crosstable keeps them.  Swiss events: the event as it is."""
    return system_of(ev).ranked(ev.tournament)


def excluded_players(ev: Event) -> tuple[int, ...]:
    """Players :func:`ranked_tournament` leaves out (C.05), by number."""
    return system_of(ev).excluded(ev.tournament)


def standings_rows(ev: Event) -> tuple[tuple[str, ...], tuple["StandingRow", ...]]:
    """The tie-break codes of the Settings and the standings rows (engine/standings.py)."""
    from bianpai.engine.standings import parse_tiebreaks, standings
    from bianpai.engine.tiebreaks import TiebreakSettings

    codes = parse_tiebreaks(ev.settings.tiebreaks)
    return codes, standings(ranked_tournament(ev), codes, TiebreakSettings(unplayed=ev.settings.unplayed))


def render_standings(ev: Event) -> SheetOut:
    """名次: rank (shared places as 5-7), number, name, club, points and the
    tie-breaks in the chosen order; each tie-break header carries a comment
    saying how it is computed (tiebreaks.md)."""
    from bianpai.engine.standings import describe
    from bianpai.engine.tiebreaks import TiebreakSettings

    t, lang = ev.tournament, ev.lang
    codes, table = standings_rows(ev)
    width = 5 + len(codes)
    rows = _derived_head(text("standings.title", lang), ev, width)
    rows.append([text(c, lang) for c in ("col.rank", "col.number", "col.name", "col.club", "col.points")]
                + list(codes))
    clubs = {p.number: p.club for p in t.players}
    for sr in table:
        rows.append([sr.rank_label, sr.number, sr.name, clubs.get(sr.number) or None, _fmt(sr.points)]
                    + [_fmt(v) for v in sr.values])
    settings = TiebreakSettings(unplayed=ev.settings.unplayed)
    comments = tuple((f"{column_letter(6 + i)}3", f"{c}: {describe(c, settings)}") for i, c in enumerate(codes))
    table_last = len(rows)
    styles = _derived_styles(width, 3, table_last)
    if table_last > 3:
        styles += [Style(4, 1, table_last, 2, align="center"), Style(4, 5, table_last, 5, bold=True)]
    # how each tie-break is computed (tiebreaks.md: a note row says so)
    rows.append([None] * width)
    rows.append([text("standings.how", lang)] + [None] * (width - 1))
    widths = (7, 6, 14, 16, 7) + (8,) * len(codes)
    for c in codes:
        rows += [[line] + [None] * (width - 1) for line in wrap_text(f"{c}: {describe(c, settings)}", sum(widths))]
    gone = excluded_players(ev)
    if gone:
        names = {p.number: p.name for p in t.players}
        who = ", ".join(f"{n} {names.get(n, '')}".strip() for n in gone)
        rows += [[line] + [None] * (width - 1)
                 for line in wrap_text(text("standings.excluded", lang, players=who), sum(widths))]
    styles += [Style(table_last + 2, 1, table_last + 2, 1, bold=True),
               Style(table_last + 3, 1, len(rows), 1, size=9, colour=NOTE_COLOUR)]
    return SheetOut(ev.sheet_name("sheet.standings"), "sheet.standings", _table(rows),
                    widths=widths, styles=tuple(styles), comments=comments,
                    print_setup=PrintSetup(repeat_rows=(3, 3), header=ev.settings.name,
                                           footer=text("print.page", lang),
                                           area=f"A1:{column_letter(width)}{len(rows)}"),
                    freeze="A4", derived=True)


_CROSS_MARK = {
    "zh": {"1": "胜", "=": "和", "0": "负", "+": "+", "-": "-", "*": "*",
           "U": "轮空", "F": "全分轮空", "H": "半分轮空", "Z": "零分轮空", "A": "缺席"},
    "en": {"1": "1", "=": "=", "0": "0", "+": "+", "-": "-", "*": "*",
           "U": "bye", "F": "F", "H": "H", "Z": "Z", "A": "-"},
}


def crosstable_text(cell: "CrosstableCell", lang: str) -> str:
    """``12先胜`` / ``12R1``: opponent, colour (先 red / 后 black), result;
    unpaired rounds 轮空/请假… (``U``, ``H`` … in English)."""
    from bianpai.engine.model import Outcome

    mark = {Outcome.WIN: "1", Outcome.DRAW: "=", Outcome.LOSS: "0", Outcome.FORFEIT_WIN: "+",
            Outcome.FORFEIT_LOSS: "-", Outcome.UNFINISHED: "*", Outcome.PAIRING_BYE: "U",
            Outcome.FULL_BYE: "F", Outcome.HALF_BYE: "H", Outcome.ZERO_BYE: "Z",
            Outcome.ABSENT: "A"}[cell.outcome]
    m = _CROSS_MARK[lang][mark]
    if cell.opponent is None:
        return m
    side = ("先" if cell.colour is Colour.RED else "后") if lang == "zh" else (
        "R" if cell.colour is Colour.RED else "B")
    return f"{cell.opponent}{side}{m}"


def render_crosstable(ev: Event) -> SheetOut:
    from bianpai.engine.standings import crosstable

    t, lang = ev.tournament, ev.lang
    k = len(t.rounds)
    width = 2 + k + 1
    rows = _derived_head(text("crosstable.title", lang), ev, width)
    rows.append([text("col.number", lang), text("col.name", lang)]
                + [text("col.round", lang, k=i) for i in range(1, k + 1)] + [text("col.total", lang)])
    for cr in crosstable(t):
        cells: list[Cell] = [crosstable_text(c, lang) for c in cr.cells]
        cells += [None] * (k - len(cells))
        rows.append([cr.number, cr.name] + cells + [_fmt(cr.total)])
    styles = _derived_styles(width, 3, len(rows))
    if len(rows) > 3 and k:
        styles.append(Style(4, 3, len(rows), 2 + k, align="center"))
    return SheetOut(ev.sheet_name("sheet.crosstable"), "sheet.crosstable", _table(rows),
                    widths=(6, 12) + (8,) * k + (7,), styles=tuple(styles),
                    print_setup=PrintSetup(orientation="landscape", repeat_rows=(3, 3),
                                           header=ev.settings.name, footer=text("print.page", lang)),
                    freeze="C4", derived=True)


def carry_extra_columns(out: SheetOut, old: Rows) -> SheetOut:
    """The Players sheet ``out`` with the organiser's own columns of the old
    sheet (headers that are not ours: 电话, 性别 …) carried over, matched by
    player number, after our columns."""
    h = _find_header(old, "col.number", any_column=True)
    if h is None:
        return out
    header = old[h]
    num_col = next(c for c in range(len(header)) if L.lookup(header[c], ("col.number",)))
    extra = [c for c in range(len(header))
             if not _blank(header[c]) and L.lookup(header[c], PLAYER_COLUMNS) is None]
    if not extra:
        return out
    by_number: dict[int, Sequence[Cell]] = {}
    for row in old[h + 1:]:
        n = as_int(row[num_col] if num_col < len(row) else None)
        if n is not None:
            by_number.setdefault(n, row)
    oh = PLAYERS_HEADER_ROW - 1
    rows = [list(r) for r in out.rows]
    width = len(PLAYER_COLUMNS)
    for i, row in enumerate(rows):
        row += [None] * (width - len(row))
        if i == oh:
            row += [header[c] for c in extra]
        elif i > oh:
            src = by_number.get(as_int(row[0]) or 0, ())
            row += [src[c] if c < len(src) else None for c in extra]
    last = len(rows)
    styles = out.styles + (Style(oh + 1, width + 1, oh + 1, width + len(extra), bold=True, fill=HEADER_FILL,
                                 border=True, align="center"),
                           Style(oh + 2, width + 1, max(last, oh + 2), width + len(extra), border=True))
    return replace(out, rows=_table(rows), styles=styles, widths=out.widths + (12,) * len(extra))


def render_sources(ev: Event) -> list[SheetOut]:
    """Settings, Players and every round sheet."""
    scores = scores_before(ev.tournament)
    return [render_settings(ev), render_players(ev)] + [
        render_round(ev, k, scores) for k in range(1, len(ev.tournament.rounds) + 1)]


def render_derived(ev: Event) -> list[SheetOut]:
    """Colours, Floats, Standings, Crosstable — always rewritten."""
    return [render_colours(ev), render_floats(ev), render_standings(ev), render_crosstable(ev)]


def render_all(ev: Event) -> list[SheetOut]:
    """Every sheet of the workbook in order: Settings, Players, rounds, then
    the derived sheets."""
    return render_sources(ev) + render_derived(ev)


def new_event(lang: str = L.DEFAULT_LANGUAGE, name: str | None = None) -> Event:
    """An empty event in ``lang``: default settings, no players."""
    if lang not in L.LANGUAGES:
        raise InputError(f"language {lang!r} is not zh or en")
    s = EventSettings(language=lang, name=name or ("象棋比赛" if lang == "zh" else "Xiangqi event"))
    t = Tournament(name=s.name, players=(), total_rounds=s.total_rounds, points=s.points, options=s.options())
    return Event(s, t)


def same_values(a: Rows, b: Rows) -> bool:
    """Whether two sheets hold the same values (trailing empty cells and rows
    ignored; 2 and 2.0 equal)."""
    def norm_rows(rows: Rows) -> list[tuple[Cell, ...]]:
        out = []
        for row in rows:
            r = list(row)
            while r and _blank(r[-1]):
                r.pop()
            out.append(tuple(None if _blank(v) else (float(v) if isinstance(v, int) and not isinstance(v, bool)
                                                         else v) for v in r))
        while out and not out[-1]:
            out.pop()
        return out
    return norm_rows(a) == norm_rows(b)


__all__ = [
    "CANONICAL_RESULTS", "Event", "EventSettings", "NotAResult", "PlayerStatus", "PrintSetup", "RoundSheet",
    "SheetOut", "Style", "Validation", "classify_sheets", "new_event", "parse_result", "parse_status",
    "read_event", "render_all", "render_derived", "render_round", "render_sources", "same_values", "where",
    "with_pairing",
]
