"""The Settings sheet (设置): the settings schema and vocabularies, its reader and its renderer."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from bianpai.engine import systems
from bianpai.engine.model import (
    Colour,
    Points,
    Tournament,
)
from bianpai.engine.pairing import InputError
from bianpai.engine.problems import Problem, problem
from bianpai.engine.rounds import advise_round_robin, round_robin_rounds, suggest_rounds
from bianpai.engine.systems import DEFAULT_SYSTEM, REGISTRY, System

from .. import labels as L
from ..labels import text
from .cells import (
    Cell, Rows, _at, _blank, _fmt, _str, _table, as_int, as_number, display_width, plain_number, where,
)
from .layout import HEADER_FILL, INPUT_FILL, NOTE_COLOUR, PrintSetup, SheetOut, Style, Validation

if TYPE_CHECKING:

    from .event import Event


WORKBOOK_SYSTEMS: tuple[str, ...] = tuple(s.name for s in REGISTRY if s.workbook)
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
    if isinstance(ev, EventSettings):
        return systems.get(ev.system)
    return systems.of(ev.tournament)

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


MAX_TOTAL_ROUNDS = 200
"""Decision: the most rounds the Settings sheet accepts — more than a Swiss event
or a double round robin of 100 players needs; a larger number is a typing error
(and is refused before anything is laid out for it)."""

MAX_POINTS = 100.0
"""Decision: the most points a game result or a bye may be worth on the Settings
sheet (xiangqi scores 2/1/0, chess 1/½/0, football-style 3/1/0); a larger (or
an infinite) number is a typing error and would make every sum meaningless."""


def _points_value(value: object) -> float | None:
    """A points cell's number when it is one from 0 to :data:`MAX_POINTS`."""
    x = as_number(value)
    return x if x is not None and 0 <= x <= MAX_POINTS else None


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
    club_strength: str = "hard"  # 定位编排 同单位回避: hard / soft (engine/dingwei.py)
    float_balance: str = "off"  # 定位编排 原则 9 as a criterion (engine/dingwei.py)
    language: str = L.DEFAULT_LANGUAGE
    rr_cycles: int = DEFAULT_RR_CYCLES  # round robin: 1 单循环 / 2 双循环
    draw_seed: int | None = None  # the seed of the last draw of numbers (jobs.draw), to reproduce it
    extra: tuple[tuple[str, str], ...] = ()  # engine options given by key in Settings
    # issue 13 (printing): the lines an arbiter pins up carry these
    dates: str = ""  # 比赛日期/时间, free text
    venue: str = ""  # 比赛地点
    chief_arbiter: str = ""  # 裁判长
    pairing_officer: str = ""  # 编排

    @property
    def points(self) -> Points:
        """Forfeits score like wins/losses, a full-point bye like a win, a
        half-point bye like a draw (engine/model.py Points), unless a row of
        :data:`POINT_ROWS` says otherwise."""
        given = {POINT_ROWS[k]: x for k, v in self.extra
                 if k in POINT_ROWS and (x := as_number(v)) is not None}
        return replace(self.four_points, **given)

    @property
    def four_points(self) -> Points:
        """The points of the four rows alone (the others follow from them)."""
        return Points(win=self.win, draw=self.draw, loss=self.loss, bye=self.bye,
                      forfeit_win=self.win, forfeit_loss=self.loss, full_bye=self.win,
                      half_bye=self.draw, zero_bye=0.0)

    def options(self) -> tuple[tuple[str, str], ...]:
        """The engine options (strings) these settings give."""
        from bianpai.engine.dingwei import AVOID_CLUB_OPTION
        from bianpai.engine.round1 import ROUND1_OPTION
        from bianpai.engine.swiss import HIGH_SCORE_FIRST_OPTION

        from bianpai.engine.dingwei import AVOID_CLUB_STRENGTH_OPTION, FLOAT_CRITERION_OPTION

        out = [(ROUND1_OPTION, self.first_round), (AVOID_CLUB_OPTION, club_rounds_option(self.club_rounds)),
               (HIGH_SCORE_FIRST_OPTION, self.high_score_first),
               (AVOID_CLUB_STRENGTH_OPTION, self.club_strength), (FLOAT_CRITERION_OPTION, self.float_balance)]
        if systems.get(self.system).scheduled:
            from bianpai.engine.roundrobin import CYCLES_OPTION

            out.append((CYCLES_OPTION, str(self.rr_cycles)))
        keys = {k for k, _ in out}
        out += [(k, v) for k, v in self.extra if k not in keys and k not in POINT_ROWS]
        return tuple(out)


POINT_ROWS: dict[str, str] = {
    "points.forfeit_win": "forfeit_win", "points.forfeit_loss": "forfeit_loss",
    "points.full_bye": "full_bye", "points.half_bye": "half_bye", "points.zero_bye": "zero_bye",
}
"""Settings rows (by key, in column A) for points beyond the four rows: a
TRF's ``162`` record may give a forfeit, a full-, half- or zero-point bye
its own value (engine/trf.py).  ``import-trf`` writes a row only for a value
that differs from what the four rows give, so the workbook keeps every
point of the TRF."""


def point_rows(points: Points, settings: "EventSettings") -> tuple[tuple[str, str], ...]:
    """The :data:`POINT_ROWS` that ``points`` needs beyond ``settings``' four rows."""
    four = settings.four_points
    return tuple((k, f"{plain_number(getattr(points, f))}") for k, f in POINT_ROWS.items()
                 if getattr(points, f) != getattr(four, f))


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
    ("set.club_strength", "club_strength", "note.club_strength"),  # 定位编排 (added after draw_seed)
    ("set.float_balance", "float_balance", "note.float_balance"),
    # issue 13 (printing): printed on the round sheets and the standings
    ("set.dates", "dates", "note.dates"),
    ("set.venue", "venue", "note.venue"),
    ("set.chief_arbiter", "chief_arbiter", "note.signature"),
    ("set.pairing_officer", "pairing_officer", "note.signature"),
)
SETTINGS_FIRST_ROW = 3  # 1-based row of the first setting (row 1 title, row 2 header)


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
                if raw in POINT_ROWS and _points_value(value) is None:
                    problems.append(problem("problem.points", where=where(sheet, r + 1, 2), what=raw,
                                            what_zh=raw, value=value, most=plain_number(MAX_POINTS)))
                    continue
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
        if f in ("name", "dates", "venue", "chief_arbiter", "pairing_officer"):
            values[f] = _str(value)
        elif f == "total_rounds":
            n = as_int(value)
            if n is None or not 1 <= n <= MAX_TOTAL_ROUNDS:
                problems.append(problem("problem.total_rounds", where=at, value=value,
                                        most=MAX_TOTAL_ROUNDS))
            else:
                values[f] = n
        elif f == "club_rounds":
            from bianpai.engine.dingwei import AVOID_CLUB_OPTION, club_rounds

            v = _str(value)
            probe = Tournament("", (), total_rounds=int(values.get("total_rounds", 7)),  # type: ignore[call-overload]
                               options=((AVOID_CLUB_OPTION, club_rounds_option(v)),))
            try:
                club_rounds(probe)
                values[f] = v
            except InputError as e:
                problems.extend(p.at(at) for p in e.problems)
            except ValueError:
                problems.append(problem("problem.club_rounds", where=at, value=value))
        elif f in ("club_strength", "float_balance"):
            from bianpai.engine.dingwei import club_strength, float_criterion_on

            v = L.norm(value)
            if f == "club_strength":
                try:
                    values[f] = club_strength(Tournament("", (), options=(("avoid_same_club.strength", v),)))
                except InputError as e:
                    problems.extend(p.at(at) for p in e.problems)
            elif v in ("on", "off", "1", "0", "yes", "no", "true", "false", "是", "否", "开", "关", "y", "n"):
                on = float_criterion_on(Tournament("", (), options=(("float_balance", v),)))
                values[f] = "on" if on else "off"
            else:
                problems.append(problem("problem.on_off", where=at, value=value))
        elif f == "high_score_first":
            v = L.norm(value)
            if v in ("on", "1", "yes", "true", "是", "开", "y"):
                values[f] = "on"
            elif v in ("off", "0", "no", "false", "否", "关", "n"):
                values[f] = "off"
            else:
                problems.append(problem("problem.on_off", where=at, value=value))
        elif f in ("win", "draw", "loss", "bye"):
            x = _points_value(value)
            if x is None:
                problems.append(problem("problem.points", where=at, what=text(key, "en").lower(),
                                        what_zh=text(key, "zh"), value=value, most=plain_number(MAX_POINTS)))
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
            method = _first_round_method(_str(value))
            if method is None:
                problems.append(problem("problem.first_round_choice", where=at, value=value,
                                        choices=", ".join(FIRST_ROUND_METHODS)))
            else:
                values[f] = method
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


# -- Settings ----------------------------------------------------------------


def render_settings(ev: Event) -> SheetOut:
    s, lang = ev.settings, ev.lang
    n = len(ev.tournament.players)
    from bianpai.engine.standings import TIEBREAK_CODES

    rows: list[list[Cell]] = [[text("settings.title", lang), None, None],
                              [text("settings.item", lang), text("settings.value", lang),
                               text("settings.note", lang)]]
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
        Validation(f"B{row_of('club_strength')}", ("hard", "soft")),
        Validation(f"B{row_of('float_balance')}", ("on", "off")),
        Validation(f"B{row_of('tiebreaks')}", ("unrated", "mostly-rated", "rated", "round-robin")),
        Validation(f"B{row_of('rr_cycles')}", ("1", "2")),
    )
    styles = (Style(1, 1, 1, 3, bold=True, size=14),
              Style(2, 1, 2, 3, bold=True, fill=HEADER_FILL, border=True),
              Style(first, 1, last, 3, border=True),
              Style(first, 2, last, 2, fill=INPUT_FILL, align="left", wrap=True),
              Style(first, 3, last, 3, colour=NOTE_COLOUR, wrap=True))
    widths = SETTINGS_WIDTHS
    return SheetOut(ev.sheet_name("sheet.settings"), "sheet.settings", _table(rows), widths=widths,
                    styles=styles, validations=validations,
                    row_heights=tuple((r, r, h) for r, h in _fitted_heights(rows, widths) if r >= first),
                    print_setup=PrintSetup(header=s.name, footer=text("print.page", lang)))


SETTINGS_WIDTHS: tuple[float, float, float] = (24, 28, 72)
"""Column widths of the Settings sheet: item, value, note."""

LINE_HEIGHT = 15.0
"""Points per line of a wrapped Settings cell."""


def _fitted_heights(rows: list[list[Cell]], widths: tuple[float, ...]) -> list[tuple[int, float]]:
    """Issue 13 item 11: each Settings row (1-based) tall enough for its
    wrapped value and note, so that printed notes neither clip nor overlap
    (a row of one line keeps the default height)."""
    out = []
    for r, row in enumerate(rows, start=1):
        lines = 1
        for c, width in enumerate(widths[1:], start=1):
            v = row[c] if c < len(row) else None
            if isinstance(v, str) and v:
                per = max(width - 4, 1)  # a little margin: the print and the screen font differ
                lines = max(lines, sum(-(-display_width(part) // int(per)) or 1 for part in v.split("\n")))
        if lines > 1:
            out.append((r, LINE_HEIGHT * lines))
    return out
