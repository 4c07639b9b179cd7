"""The Settings sheet (设置): the settings schema and vocabularies, its reader and its renderer
(each row's value is read by its reader in :mod:`.settings_values`)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, cast

from bianpai.engine import registry as systems
from bianpai.engine.model import POINT_SCHEMES, XIANGQI_POINTS, Colour, Points, Tournament
from bianpai.engine.results import InputError
from bianpai.engine.problems import Problem, problem
from bianpai.engine.advice import advise_round_robin, round_robin_rounds, suggest_rounds
from bianpai.engine.rules import (
    DEFAULT_RULES, FIRST_ROUND_CHOICES, SHEET_ROWS, Rules, changed_rule_texts, is_rule_key, parse_rules,
    rule_texts,
)
from bianpai.engine.registry import DEFAULT_SYSTEM, System

from bianpai.engine.rules import yes_no
from bianpai.engine.standings.codes import (
    PRESET_AUTO_WITHDRAW, PRESET_NO_SHARED, PRESETS, TIEBREAK_CODES, forfeits_to_withdraw, places_unshared,
    unplayed_rule,
)

from .. import words as L
from ..words import text
from .cells import (
    Cell, Rows, _at, _blank, _fmt, _str, _table, display_width, plain_number, where,
)
from .layout import HEADER_FILL, INPUT_FILL, NOTE_COLOUR, PrintSetup, SheetOut, Style, Validation
from .settings_values import (
    _SYSTEM_WORDS as _SYSTEM_WORDS, FACT_FIELDS, GAME_POINT_FIELDS, MAX_POINTS as MAX_POINTS,
    MAX_TOTAL_ROUNDS as MAX_TOTAL_ROUNDS, NO_VALUE, UNPLAYED_CHOICES as UNPLAYED_CHOICES, VALUE_READERS,
    WORKBOOK_SYSTEMS as WORKBOOK_SYSTEMS, points_value,
)

if TYPE_CHECKING:

    from .event import Event


def system_of(ev: "Event | EventFacts") -> System:
    """The registry's record of the event's pairing system."""
    if isinstance(ev, EventFacts):
        return systems.get(ev.system)
    return systems.of(ev.tournament)

DEFAULT_RR_CYCLES = 1
"""Decision: a round robin is single (单循环) unless the Settings say 2."""

ROUND_ROBIN_TOTAL_FROM_SCHEDULE = True
"""Decision (issue #7): when the system is ``roundrobin`` the total rounds are
not the organiser's to choose — they are the Berger schedule's, cycles ×
(N − 1, or N for an odd field) for the N players on the Players sheet
(withdrawn ones keep their seat), :func:`~bianpai.engine.advice.round_robin_rounds`.
The Settings' total-rounds cell is read but overridden (no problem is
reported); the sheet shows the schedule's number with a note saying so, and
``pair`` rewrites the Settings sheet when the cell disagreed."""

DEFAULT_FIRST_ROUND = "adjacent-numbers"
"""dingwei.md §3: 近号配对 unless the arbiter chooses otherwise (engine/systems/round1.py)."""

FIRST_ROUND_METHODS: tuple[str, ...] = FIRST_ROUND_CHOICES

DEFAULT_TIEBREAKS = "unrated"
"""Decision (as engine/standings/individual.py DEFAULT_PRESET): most club xiangqi events are mostly unrated.
The tie-breaks of a workbook whose Settings leave the row blank; a NEW
Chinese workbook writes ``cxa-2020`` there (:data:`NEW_WORKBOOK_TIEBREAKS`)."""

NEW_WORKBOOK_TIEBREAKS: dict[str, str] = {"zh": "cxa-2020"}
"""Decision (issue 25): the tie-breaks a NEW individual workbook starts with,
by language — a Chinese one the 2020 xiangqi competition rules' order
(engine/standings/individual.py NEW_CHINESE_PRESET: the order Chinese event regulations
print, which players and arbiters know); an English one keeps
:data:`DEFAULT_TIEBREAKS`.  Existing workbooks keep what their Settings say."""

TIEBREAK_CHOICES: tuple[str, ...] = ("cxa-2020", "match-bp", "axf", "fide-2026", "unrated", "mostly-rated",
                                     "rated", "round-robin")
"""The presets the Settings drop-down offers, in this order (engine/standings/individual.py PRESETS)."""

SCHEME_OVERRIDES_ROWS = True
"""Decision (issue 25, as :data:`ROUND_ROBIN_TOTAL_FROM_SCHEDULE`): a named
计分方案 gives all six game points (红胜/红和/红负 on the win/draw/loss rows,
黑胜/黑和/黑负 on the black rows); those rows are read but overridden, and the
next write shows the scheme's numbers in them (the note says so).  Blank
scheme: the rows say the points, a blank black row meaning "as red"."""

DEFAULT_CLUB_ROUNDS = "0"
"""Decision: 同单位回避 is off unless the organiser sets it (dingwei 原则 7: 原则上不回避)."""


@dataclass(frozen=True)
class EventSettings:
    """What the Settings sheet holds that is the workbook's own: the language,
    the standings' tie-breaks and unplayed-rounds convention, the seed of the
    last draw of numbers, and the lines printed on the sheets.  The event's
    facts (name, system, total rounds, points, first colour) and its pairing
    rules are the engine's: :class:`EventFacts`, then ``Tournament``."""

    tiebreaks: str = DEFAULT_TIEBREAKS
    # blank: the preset's source's (engine/standings/codes.py unplayed_rule), else fide
    unplayed: str = ""
    language: str = L.DEFAULT_LANGUAGE
    draw_seed: int | None = None  # the seed of the last draw of numbers (jobs.draw), to reproduce it
    # issue 13 (printing): the lines an arbiter pins up carry these
    dates: str = ""  # 比赛日期/时间, free text
    venue: str = ""  # 比赛地点
    chief_arbiter: str = ""  # 裁判长
    pairing_officer: str = ""  # 编排
    # issue 24 (bianpai share): the optional Settings rows of :data:`SHARE_ROWS`
    share_footer: str = ""  # 分享页脚: the last line of every image and of the page
    share_url: str = ""  # 分享网址: where the page is put; its QR code on the page and the printed pairing
    share_font: str = ""  # 分享字体文件: a font file to draw the images with (else the system's)
    share_find_order: str = "pinyin"  # 查台次排序: pinyin (by name) or number
    share_top: int | None = None  # 分享名次人数: the standings image shows the first N (None: all)
    share_cards: bool = False  # 打印编排卡: the print-all PDF adds the 编排卡
    # issue 25 (ranking): blank means "as the tie-break preset's source does"
    no_shared: str = ""  # 不并列名次: on / off / blank (engine/standings/codes.py places_unshared)
    lots_seed: int | None = None  # 名次抽签种子; None: engine/standings/individual.py default_lots_seed
    playoff: str = ""  # 加赛名次: numbers in the playoff's order, "17, 6" (before the lots)
    auto_withdraw: int | None = None  # 连续弃权退赛: forfeits in a row; None: the preset's (0: never)
    club_totals: str = ""  # 单位团体总分: "points 4" / "places 3" (engine/standings/prizes.py); blank: none
    prize_places: str = ""  # 分组录取名次: "6" or "女子组 3, 少年组 6" (engine/standings/prizes.py)
    points_scheme: str = ""  # 计分方案 (engine/model.py POINT_SCHEMES); blank: the rows say the points

    @property
    def preset(self) -> str:
        """The tie-break preset the Settings name ("" when a list of codes is given)."""
        v = self.tiebreaks.strip().lower()

        return v if v in PRESETS else ""

    @property
    def unplayed_rule(self) -> str:
        """The unplayed-rounds convention: the Settings', else the preset's source's, else fide."""
        return unplayed_rule(self.preset, self.unplayed)

    @property
    def playoff_order(self) -> dict[int, float]:
        """加赛名次 as the engine's playoff scores: the first named ranks highest."""
        numbers = [int(x) for x in re.split(r"[,\s、，;；>]+", self.playoff.strip()) if x]
        return {n: float(len(numbers) - i) for i, n in enumerate(numbers)}

    @property
    def forfeits_to_withdraw(self) -> int:
        """Forfeits in a row after which a player is no longer paired (0: never):
        the Settings' number, else the preset's source's."""
        return forfeits_to_withdraw(self.preset, self.auto_withdraw)

    @property
    def places_unshared(self) -> bool:
        """Whether places are not shared: the Settings' on/off, else the preset's source's."""
        return places_unshared(self.preset, yes_no(self.no_shared) if self.no_shared else None)


@dataclass(frozen=True)
class EventFacts:
    """What the Settings sheet says about the event itself, for the engine's
    ``Tournament`` (or ``TeamEvent``): its name, system, total rounds (as the
    cell gives them: :func:`total_rounds` makes a round robin's the
    schedule's), points, first colour and pairing rules."""

    name: str = "象棋比赛"
    system: str = DEFAULT_SYSTEM
    total_rounds: int = 7
    points: Points = XIANGQI_POINTS
    first_colour: Colour | None = None
    rules: Rules = DEFAULT_RULES
    records: tuple[tuple[str, str], ...] = ()  # TRF header records kept (rows ``trf.<code>``)


def four_points(win: float, draw: float, loss: float, bye: float) -> Points:
    """The points of the four rows alone: forfeits score like wins/losses, a
    full-point bye like a win, a half-point bye like a draw (engine/model.py
    Points), unless a row of :data:`POINT_ROWS` says otherwise."""
    return Points(win=win, draw=draw, loss=loss, bye=bye, forfeit_win=win, forfeit_loss=loss,
                  full_bye=win, half_bye=draw, zero_bye=0.0)


POINT_ROWS: dict[str, str] = {
    "points.forfeit_win": "forfeit_win", "points.forfeit_loss": "forfeit_loss",
    "points.full_bye": "full_bye", "points.half_bye": "half_bye", "points.zero_bye": "zero_bye",
}
"""Settings rows (by key, in column A) for points beyond the four rows: a
TRF's ``162`` record may give a forfeit, a full-, half- or zero-point bye
its own value (engine/formats/trf.py).  A row is written only for a value that
differs from what the four rows give, so the workbook keeps every point of
the TRF."""


def point_rows(points: Points) -> tuple[tuple[str, str], ...]:
    """The :data:`POINT_ROWS` that ``points`` needs beyond its four rows."""
    four = four_points(points.win, points.draw, points.loss, points.bye)
    return tuple((k, f"{plain_number(getattr(points, f))}") for k, f in POINT_ROWS.items()
                 if getattr(points, f) != getattr(four, f))


FIRST_COLOUR_OPTION = "first_colour"
"""Settings row (by key) for TRF ``XXC``: the colour of player 1 in round 1,
``red``/``white`` or ``black``; blank leaves it to the system."""

_FIRST_COLOURS = {"red": Colour.RED, "white": Colour.RED, "w": Colour.RED, "红": Colour.RED,
                  "black": Colour.BLACK, "b": Colour.BLACK, "黑": Colour.BLACK}


def key_rows(t: Tournament) -> tuple[tuple[str, str], ...]:
    """The rows below the labelled ones, by key: the rules without a labelled
    row that are not the defaults, the first colour, the points beyond the
    four rows (:data:`POINT_ROWS`)."""
    out = list(changed_rule_texts(t.rules, sheet=True, skip=SHEET_ROWS))
    if t.first_colour is not None:
        out.append((FIRST_COLOUR_OPTION, "red" if t.first_colour is Colour.RED else "black"))
    return tuple(out) + point_rows(t.points) + tuple((RECORD_ROW + code, v) for code, v in t.records)


RECORD_ROW = "trf."
"""Settings rows ``trf.<code>`` (by key) keep a TRF's header records that
Bianpai does not read (city, arbiters, …: ``Tournament.records``, engine/formats/trf.py),
so that ``export-trf`` writes them back."""


SETTING_ROWS: tuple[tuple[str, str, str], ...] = (
    # (label key, field: of EventSettings, of EventFacts, or the rule's sheet name, engine/rules.py; note key)
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
    # issue 25 (ranking)
    ("set.no_shared", "no_shared", "note.no_shared"),
    ("set.lots_seed", "lots_seed", "note.lots_seed"),
    ("set.playoff", "playoff", "note.playoff"),
    ("set.auto_withdraw", "auto_withdraw", "note.auto_withdraw"),
    ("set.club_totals", "club_totals", "note.club_totals"),
    ("set.prize_places", "prize_places", "note.prize_places"),
    ("set.points_scheme", "points_scheme", "note.points_scheme"),
    ("set.black_win", "black_win", "note.black_points"),
    ("set.black_draw", "black_draw", "note.black_points"),
    ("set.black_loss", "black_loss", "note.black_points"),
)
SETTINGS_FIRST_ROW = 3  # 1-based row of the first setting (row 1 title, row 2 header)

SHARE_ROWS: tuple[tuple[str, str, str], ...] = (
    ("set.share_footer", "share_footer", "note.share_footer"),
    ("set.share_url", "share_url", "note.share_url"),
    ("set.share_font", "share_font", "note.share_font"),
    ("set.share_find_order", "share_find_order", "note.share_find_order"),
    ("set.share_top", "share_top", "note.share_top"),
    ("set.share_cards", "share_cards", "note.share_cards"),
)
"""Issue 24 (``bianpai share``): optional Settings rows, read in either language
wherever they stand below the header.  Decision: they are written back only
when set (below the other rows), so that a workbook, and the templates, that do
not use them stay as they were; the README and ``bianpai share``'s own message
name them."""

def read_settings(sheet: str, rows: Rows, problems: list[Problem],
                  cells_out: dict[str, str] | None = None) -> tuple[EventSettings, EventFacts]:
    """The Settings sheet: one setting per row, its label (zh or en) in column
    A and its value in column B.  Rows labelled with a key (lower-case ASCII
    such as ``round1.seed``) give a rule (engine/rules.py), the first colour
    or a point value (:data:`POINT_ROWS`).  The workbook's own settings, and
    the event's facts and rules (read by the engine's
    :func:`~bianpai.engine.rules.parse_rules`, each problem on its cell)."""
    found, cells, keyed = _settings_cells(sheet, rows, problems, cells_out)
    got = _read_labelled(found, cells, problems)
    event = _read_keyed(keyed, sheet, got, problems)
    return replace(EventSettings(), **got.own), event  # type: ignore[arg-type]


def _settings_cells(sheet: str, rows: Rows, problems: list[Problem], cells_out: dict[str, str] | None
                    ) -> tuple[dict[str, Cell], dict[str, str], list[tuple[str, str, str]]]:
    """The labelled rows' values and cells (by label key), and the rows
    labelled with a key: (key, value, cell).  A label neither is refused
    (unless its value is blank); an empty sheet is refused."""
    label_keys = tuple(k for k, _, _ in SETTING_ROWS + SHARE_ROWS)
    found: dict[str, Cell] = {}
    cells: dict[str, str] = {}
    keyed: list[tuple[str, str, str]] = []  # (key, value, cell)
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
                keyed.append((raw, _str(value), where(sheet, r + 1, 2)))
                if cells_out is not None:
                    cells_out.setdefault(raw, where(sheet, r + 1, 2))
                continue
            if not _blank(value):
                problems.append(problem("problem.unknown_setting", where=where(sheet, r + 1, 1), label=raw))
            continue
        found[key] = value
        cells[key] = where(sheet, r + 1, 2)
    if not found and not keyed:  # an emptied sheet: no event without its settings (issue 30 item 12)
        problems.append(problem("problem.settings_empty", where=f"{sheet}!A{SETTINGS_FIRST_ROW}",
                                sheet=sheet))
    if cells_out is not None:
        cells_out.update(cells)
    return found, cells, keyed


@dataclass
class _Read:
    """What the Settings rows give, as they are read."""

    own: dict[str, object] = field(default_factory=dict)  # the workbook's own settings (EventSettings)
    facts: dict[str, object] = field(default_factory=dict)  # the event's facts (EventFacts)
    four: dict[str, float] = field(default_factory=dict)  # the game points rows (win, draw, …)
    rule_pairs: list[tuple[str, str]] = field(default_factory=list)  # (rule, value) for parse_rules
    rule_cells: dict[str, str] = field(default_factory=dict)  # rule -> its cell


def _read_labelled(found: dict[str, Cell], cells: dict[str, str], problems: list[Problem]) -> _Read:
    """The labelled rows' values, each by its row's reader (:data:`VALUE_READERS`;
    a rule's row: its words, for :func:`~bianpai.engine.rules.parse_rules`)."""
    field_of = {k: f for k, f, _ in SETTING_ROWS + SHARE_ROWS}
    got = _Read()
    for key, value in found.items():
        f, at = field_of[key], cells[key]
        if _blank(value):
            continue
        if f in SHEET_ROWS:
            got.rule_pairs.append((f, L.norm(_str(value)) if f in _NORMED_RULES else _str(value)))
            got.rule_cells[f] = at
            continue
        reader = VALUE_READERS.get(f)
        v = NO_VALUE if reader is None else reader(value, at, key, problems)
        if v is NO_VALUE:
            continue
        if f in FACT_FIELDS:
            got.facts[f] = v
        elif f in GAME_POINT_FIELDS:
            got.four[f] = cast(float, v)
        else:
            got.own[f] = v
    return got


def _game_points(own: dict[str, object], four: dict[str, float]) -> Points:
    """The points of the four rows and the black rows, or of the named scheme."""
    scheme = str(own.get("points_scheme", ""))
    if scheme:  # SCHEME_OVERRIDES_ROWS: the scheme gives the six game points
        four.update(zip(("win", "draw", "loss", "black_win", "black_draw", "black_loss"),
                        POINT_SCHEMES[scheme], strict=True))
    points = four_points(four.get("win", 2.0), four.get("draw", 1.0), four.get("loss", 0.0),
                         four.get("bye", 2.0))
    black = {f: four[f] for f in ("black_win", "black_draw", "black_loss")
             if f in four and four[f] != four.get(f[6:], getattr(points, f[6:]))}
    return replace(points, **black)


def _read_keyed(keyed: list[tuple[str, str, str]], sheet: str, got: _Read,
                problems: list[Problem]) -> EventFacts:
    """The event's facts: the labelled rows' and those of the rows labelled
    with a key (a point value, a TRF record kept, the first colour, a rule)."""
    base = EventFacts()
    points = _game_points(got.own, got.four)
    given: dict[str, float] = {}
    first_colour: Colour | None = None
    records: list[tuple[str, str]] = []
    for k, v, at in keyed:
        if k in POINT_ROWS:
            x = points_value(v)
            if x is None:
                problems.append(problem("problem.points", where=at, what=k, what_zh=k, value=v,
                                        most=plain_number(MAX_POINTS)))
            else:
                given[POINT_ROWS[k]] = x
        elif k.startswith(RECORD_ROW):
            records.append((k[len(RECORD_ROW):], v))
        elif k == FIRST_COLOUR_OPTION:
            first_colour = _FIRST_COLOURS.get(v.strip().lower())
        elif k in SHEET_ROWS:  # a labelled row's rule by its name: as the labelled row
            if k not in got.rule_cells:
                got.rule_pairs.append((k, v))
                got.rule_cells[k] = at
        elif is_rule_key(k):
            got.rule_pairs.append((k, v))
            got.rule_cells.setdefault(k, at)
        else:
            problems.append(problem("problem.unknown_setting", where=at, label=k))
    rules = DEFAULT_RULES
    try:
        rules = parse_rules(got.rule_pairs, int(got.facts.get("total_rounds", base.total_rounds)))  # type: ignore[call-overload]
    except InputError as e:
        problems.extend(p.at(got.rule_cells.get(p.setting or "", sheet)) for p in e.problems)
    return replace(base, points=replace(points, **given), first_colour=first_colour, rules=rules,
                   records=tuple(records), **got.facts)  # type: ignore[arg-type]


def share_rows(s: EventSettings, lang: str) -> list[list[Cell]]:
    """The :data:`SHARE_ROWS` that are set (label, value, note), as the Settings sheet shows them."""
    base = EventSettings()
    out: list[list[Cell]] = []
    for key, f, note in SHARE_ROWS:
        v = getattr(s, f)
        if v == getattr(base, f):
            continue
        shown: Cell = ("on" if v else "off") if isinstance(v, bool) else v
        out.append([text(key, lang), shown, text(note, lang)])
    return out


_NORMED_RULES = ("club_strength", "float_balance", "high_score_first", "rr_cycles")
"""The labelled rule rows whose words are read in any case (the others as typed)."""


def rr_cycles(rules: Rules) -> int:
    """The round robin's cycles as the Settings sheet counts them (1 unless set)."""
    return DEFAULT_RR_CYCLES if rules.rr_cycles is None else rules.rr_cycles


def total_rounds(facts: EventFacts, n_players: int) -> int:
    """The event's total rounds: the Settings' number, or for a round robin of
    at least two players the schedule's (:data:`ROUND_ROBIN_TOTAL_FROM_SCHEDULE`)."""
    if system_of(facts).scheduled and n_players >= 2 and ROUND_ROBIN_TOTAL_FROM_SCHEDULE:
        return round_robin_rounds(n_players, rr_cycles(facts.rules))
    return facts.total_rounds


def active_players(t: Tournament) -> int:
    """Players who have not withdrawn (the count seed 003 §(四)'s advice is about)."""
    return sum(1 for p in t.players if p.withdrawn_from is None)


def suggests_round_robin(t: Tournament) -> bool:
    """Seed 003 §(四): a Swiss system is chosen, and fewer than 10 (at least
    2) players are active — a round robin is suggested; the organiser decides."""
    return systems.of(t).swiss and advise_round_robin(active_players(t))


def setting_values(ev: Event) -> dict[str, object]:
    """The value of every labelled Settings row (:data:`SETTING_ROWS`, by
    field) as the sheet shows it: the event's facts and rules from its
    tournament, the rest from the workbook's own settings."""
    s, t = ev.settings, ev.tournament
    p = t.points
    out: dict[str, object] = {f: getattr(s, f) for _, f, _ in SETTING_ROWS if hasattr(s, f)}
    out.update(dict(rule_texts(t.rules, sheet=True)))
    out.update(name=t.name, total_rounds=t.total_rounds, system=t.system, win=p.win, draw=p.draw,
               loss=p.loss, bye=p.bye, rr_cycles=rr_cycles(t.rules),
               black_win=p.black_win, black_draw=p.black_draw, black_loss=p.black_loss)
    return out


# -- Settings ----------------------------------------------------------------


INDIVIDUAL_ONLY_FIELDS: tuple[str, ...] = ("no_shared", "lots_seed", "playoff", "auto_withdraw",
                                            "club_totals", "prize_places", "points_scheme",
                                            "black_win", "black_draw", "black_loss")
"""Issue 25's rows that rank or score players of an individual event: a team
workbook's Settings leave them out (its standings and board points have rows
of their own), so that nothing typed there is silently ignored."""


def render_settings(ev: Event, team: bool = False) -> SheetOut:
    """The Settings sheet; ``team``: a team workbook's individual rows
    (without :data:`INDIVIDUAL_ONLY_FIELDS`)."""
    lang, t = ev.lang, ev.tournament
    n = len(t.players)
    values = setting_values(ev)

    rows: list[list[Cell]] = [[text("settings.title", lang), None, None],
                              [text("settings.item", lang), text("settings.value", lang),
                               text("settings.note", lang)]]
    for key, f, note_key in SETTING_ROWS:
        if team and f in INDIVIDUAL_ONLY_FIELDS:
            continue
        value = values[f]
        if isinstance(value, float):
            value = _fmt(value)
        note = ""
        if note_key == "note.rounds" and system_of(ev).scheduled and n >= 2:
            value = round_robin_rounds(n, rr_cycles(t.rules))
            note = text("note.rr_rounds", lang, n=n, cycles=rr_cycles(t.rules), rounds=value)
        elif note_key == "note.rounds":
            note = text(note_key, lang, n=suggest_rounds(n)) if n >= 2 else text("note.rounds0", lang)
        elif note_key == "note.system" and suggests_round_robin(t):
            note = text(note_key, lang) + "\n" + text("note.rr", lang, n=active_players(t))
        elif note_key == "note.tiebreaks":
            note = tiebreaks_note(ev.settings, lang, ", ".join(TIEBREAK_CODES))
        elif note_key == "note.no_shared":
            now = text("word.on" if ev.settings.places_unshared else "word.off", lang)
            note = text(note_key, lang, now=now)
        elif note_key == "note.auto_withdraw":
            note = text(note_key, lang, now=ev.settings.forfeits_to_withdraw)
        elif note_key == "note.unplayed":
            note = text(note_key, lang, now=ev.settings.unplayed_rule)
        elif note_key:
            note = text(note_key, lang)
        rows.append([text(key, lang), value, note or None])
    for k, v in key_rows(t):
        rows.append([k, v, None])
    rows += share_rows(ev.settings, lang)
    last = len(rows)
    first = SETTINGS_FIRST_ROW

    shown = [f for _, f, _ in SETTING_ROWS if not (team and f in INDIVIDUAL_ONLY_FIELDS)]

    def row_of(field_name: str) -> int:
        return first + shown.index(field_name)

    validations = tuple(v for v in (
        Validation(f"B{row_of('system')}", WORKBOOK_SYSTEMS),
        Validation(f"B{row_of('first_round')}", FIRST_ROUND_METHODS),
        Validation(f"B{row_of('unplayed')}", UNPLAYED_CHOICES),
        None if team else Validation(f"B{row_of('no_shared')}", ("on", "off")),
        Validation(f"B{row_of('language')}", L.LANGUAGES),
        Validation(f"B{row_of('high_score_first')}", ("on", "off")),
        Validation(f"B{row_of('club_strength')}", ("hard", "soft")),
        Validation(f"B{row_of('float_balance')}", ("on", "off")),
        Validation(f"B{row_of('tiebreaks')}", TIEBREAK_CHOICES),
        Validation(f"B{row_of('rr_cycles')}", ("1", "2")),
        None if team else Validation(f"B{row_of('points_scheme')}", tuple(POINT_SCHEMES)),
    ) if v is not None)
    styles = (Style(1, 1, 1, 3, bold=True, size=14),
              Style(2, 1, 2, 3, bold=True, fill=HEADER_FILL, border=True),
              Style(first, 1, last, 3, border=True),
              Style(first, 2, last, 2, fill=INPUT_FILL, align="left", wrap=True),
              Style(first, 3, last, 3, colour=NOTE_COLOUR, wrap=True))
    widths = SETTINGS_WIDTHS
    return SheetOut(ev.sheet_name("sheet.settings"), "sheet.settings", _table(rows), widths=widths,
                    styles=styles, validations=validations,
                    row_heights=tuple((r, r, h) for r, h in _fitted_heights(rows, widths) if r >= first),
                    print_setup=PrintSetup(header=t.name, footer=text("print.page", lang)))


def code_word(code: str, lang: str) -> str:
    """A tie-break (or a step deciding a place: LOTS, PLAYOFF) in a word or two
    of the workbook's language (``tbh.CODE``): 累进分, 直胜, 后手局 …"""
    return text(f"tbh.{code}", lang)


def preset_words(name: str, lang: str) -> str:
    """A preset in words: its source, then its order (积分 → 累进分 → …) and
    whether places are shared — as the Settings note lists it."""
    steps = " → ".join([text("col.points", lang)] + [
        text(f"tbo.{c}", lang) if f"tbo.{c}" in L.LABELS else code_word(c, lang) for c in PRESETS[name]])
    extra = []
    if PRESET_NO_SHARED.get(name):
        extra.append(text("preset.no_shared", lang))
    if PRESET_AUTO_WITHDRAW.get(name):
        extra.append(text("preset.auto_withdraw", lang, n=PRESET_AUTO_WITHDRAW[name]))
    sep = "；" if lang == "zh" else "; "
    source = text("preset." + name, lang)
    head = f"{name}（{source}）" if lang == "zh" else f"{name} ({source})"
    return f"{head}: {steps}" + (sep + sep.join(extra) if extra else "")


def tiebreaks_note(s: EventSettings, lang: str, codes: str) -> str:
    """The tie-break row's note: the chosen preset in words first, then the
    others, why a new Chinese workbook starts with cxa-2020, and the codes."""
    chosen = s.preset
    lines = [preset_words(chosen, lang)] if chosen else []
    lines += [preset_words(n, lang) for n in TIEBREAK_CHOICES if n != chosen]
    lines.append(text("note.tiebreaks.new", lang))
    lines.append(text("note.tiebreaks", lang, codes=codes))
    return "\n".join(lines)


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
