"""Standings (名次): ranking with tie-breaks and shared places, the crosstable,
and the colour and float summaries — plain records for the workbook.

tiebreaks.md: the arbiter lists tie-breaks in order; players still level after
the last one share the place ("5-7").  The pairing number never decides a
place; inside a shared place players are listed by pairing number only so the
sheet reads the same every time.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from . import tiebreaks as tb
from .colours import ColourState, colour_state
from .floats import Float, float_records
from .model import Colour, Outcome, RoundEntry, Tournament, history
from .problems import InputError, problem
from .tiebreaks import DEFAULT_SETTINGS, TiebreakEvent, TiebreakSettings, tiebreak_event

TIEBREAK_CODES: tuple[str, ...] = (
    "BH", "BH-C1", "BH-C2", "BH-M1", "BH-M2", "BH-CUT", "SB", "PS", "PS-C1",
    "WIN", "BWIN", "BPG", "DE", "ARO", "ARO-C1", "RTG", "KOYA",
)
"""Every code of tiebreaks.md (``BH-CUT*`` is accepted as ``BH-CUT``), and
KOYA (C.07 9.2) for round robins (issue #7)."""

CODE_ALIASES: dict[str, str] = {"BH-CUT*": "BH-CUT", "SOLKOFF": "BH", "BUCHHOLZ": "BH", "KS": "KOYA"}

PRESETS: dict[str, tuple[str, ...]] = {
    "rated": ("ARO", "ARO-C1"),
    "mostly-rated": ("PS", "PS-C1", "RTG", "WIN"),
    "unrated": ("BH", "BH-M1", "BH-CUT"),
    "round-robin": ("SB", "DE", "WIN", "KOYA"),
}
"""The three lists recommended by seed 003 §(五) for Swiss events, and the
round robin's usual list (issue #7: Sonneborn-Berger, direct encounter, wins,
Koya — FIDE C.07's round-robin tie-breaks):

* ``rated`` — 1. 对于全部选手有等级分的比赛: (1) 对手平均等级分 ARO, (2) 扣除平均等级分 ARO-C1;
* ``mostly-rated`` — 2. 对于大多数选手有等级分的比赛: (1) 总累进分 PS, (2) 扣除累进分 PS-C1,
  (3) 等级分 RTG, (4) 总胜局 WIN;
* ``unrated`` — 3. 对于大多数选手无等级分的比赛: (1) Solkoff 对手分 BH, (2) Solkoff 中间值 BH-M1,
  (3) Solkoff 截断法 BH-CUT.
* ``round-robin`` — 循环赛: 索贝分 SB, 直胜 DE, 胜局数 WIN, Koya 分 KOYA.
"""

DEFAULT_PRESET = "unrated"
"""Decision: when no list is given (CLI without --tiebreaks/--preset), the
``unrated`` preset is used — most club xiangqi events are mostly unrated."""


def parse_tiebreaks(text: str) -> tuple[str, ...]:
    """``"BH,BH-C1,SB"`` or a preset name (``"unrated"``) → codes in order.

    Separators: commas, spaces, 、 and ，.  Case does not matter.  Preset names
    may stand among codes (they expand in place).  Every unknown entry is
    named at once in an :class:`InputError`.
    """
    out: list[str] = []
    bad: list[str] = []
    for raw in re.split(r"[,\s、，;；]+", text.strip()):
        if not raw:
            continue
        word = raw.strip()
        if word.lower() in PRESETS:
            out.extend(PRESETS[word.lower()])
            continue
        code = word.upper()
        code = CODE_ALIASES.get(code, code)
        if code in TIEBREAK_CODES:
            out.append(code)
        else:
            bad.append(raw)
    if bad:
        raise InputError(problem("problem.unknown_tiebreak", codes=", ".join(repr(b) for b in bad),
                                 choices=", ".join(TIEBREAK_CODES), presets=", ".join(PRESETS)))
    return tuple(out)


# ---------------------------------------------------------------------------
# Standings
# ---------------------------------------------------------------------------


class Placed:
    """What a line of any standings says of its place: ``rank``..``rank_to``
    (the same when the place is not shared) and its tie-break values in the
    order of ``codes``.  Shared by the players' and the teams' standings."""

    rank: int
    rank_to: int
    values: tuple[float, ...]
    codes: tuple[str, ...]

    @property
    def rank_label(self) -> str:
        return str(self.rank) if self.rank == self.rank_to else f"{self.rank}-{self.rank_to}"

    @property
    def shared(self) -> bool:
        return self.rank != self.rank_to

    def value(self, code: str) -> float:
        return self.values[self.codes.index(code)]


@dataclass(frozen=True)
class StandingRow(Placed):
    """One line of the standings: place (``rank``..``rank_to`` when shared),
    player, points and the tie-break values in the order asked."""

    rank: int
    rank_to: int
    number: int
    name: str
    points: float
    values: tuple[float, ...]
    codes: tuple[str, ...] = ()



def _canonical(codes: Sequence[str]) -> tuple[str, ...]:
    out: list[str] = []
    bad: list[str] = []
    for c in codes:
        k = CODE_ALIASES.get(c.upper(), c.upper())
        if k in TIEBREAK_CODES:
            out.append(k)
        else:
            bad.append(c)
    if bad:
        raise InputError(problem("problem.unknown_tiebreak", codes=", ".join(repr(b) for b in bad),
                                 choices=", ".join(TIEBREAK_CODES), presets=", ".join(PRESETS)))
    return tuple(out)


def split_groups(groups: list[tuple[int, ...]], key: Callable[[int], Any]) -> list[tuple[int, ...]]:
    """Split every group by ``key`` (higher first), keeping order within."""
    out: list[tuple[int, ...]] = []
    for g in groups:
        if len(g) == 1:
            out.append(g)
            continue
        buckets: dict[object, list[int]] = {}
        for n in g:
            buckets.setdefault(key(n), []).append(n)
        for k in sorted(buckets, reverse=True):  # type: ignore[type-var]
            out.append(tuple(buckets[k]))
    return out


def de_stage(ev: TiebreakEvent, group: tuple[int, ...],
             shown: dict[int, float]) -> list[tuple[int, ...]]:
    """C.07 6.2: split a tied group by its mini-table when all of them met;
    re-apply to every smaller group still tied.  ``shown`` gets each member's
    mini-table points (of the first mini-table that applied)."""
    if len(group) < 2:
        return [group]
    mini = tb.de(ev, group)
    if mini is None:
        return [group]
    for n, v in mini.items():
        shown.setdefault(n, v)
    parts = split_groups([group], lambda n: mini[n])
    if len(parts) == 1:
        return parts
    return [sub for p in parts for sub in de_stage(ev, p, shown)]


def standings(t: Tournament, codes: Sequence[str],
              settings: TiebreakSettings = DEFAULT_SETTINGS,
              after_round: int | None = None) -> tuple[StandingRow, ...]:
    """The ranking after ``after_round`` (default: all rounds paired): points,
    then each tie-break in ``codes`` in turn, splitting only players still
    level.  Players level after the last code share the place."""
    codes = _canonical(codes)
    ev = tiebreak_event(t, settings, after_round)
    numbers = tuple(sorted(ev.score))
    values: dict[str, dict[int, float]] = {}
    keys: dict[str, dict[int, object]] = {}
    for code in dict.fromkeys(codes):
        if code in tb.SCALAR_TIEBREAKS:
            f = tb.SCALAR_TIEBREAKS[code]
            values[code] = {n: f(ev, n) for n in numbers}
            keys[code] = values[code]  # type: ignore[assignment]
        elif code == "BH-CUT":
            seq = {n: tb.bh_cut(ev, n) for n in numbers}
            keys[code] = seq  # type: ignore[assignment]
            values[code] = {n: s[0] if s else 0.0 for n, s in seq.items()}
    de_shown: dict[int, float] = {}
    groups = split_groups([numbers], lambda n: ev.score[n])
    for code in codes:
        if code == "DE":
            groups = [p for g in groups for p in de_stage(ev, g, de_shown)]
        else:
            k = keys[code]
            groups = split_groups(groups, k.__getitem__)
    values["DE"] = {n: de_shown.get(n, 0.0) for n in numbers}
    names = {p.number: p.name for p in t.players}
    rows: list[StandingRow] = []
    place = 1
    for g in groups:
        for n in sorted(g):
            rows.append(StandingRow(place, place + len(g) - 1, n, names[n], ev.score[n],
                                    tuple(values[c][n] for c in codes), codes))
        place += len(g)
    return tuple(rows)


def describe(code: str, settings: TiebreakSettings = DEFAULT_SETTINGS) -> str:
    """One line for a cell comment: how ``code`` is computed and how byes,
    forfeits and withdrawals count under ``settings``."""
    c = CODE_ALIASES.get(code.upper(), code.upper())
    fide = settings.unplayed == "fide"
    if fide:
        unplayed = ("own bye/forfeit/absence = dummy opponent on the player's own final score "
                    "(FIDE C.07 16.4); an opponent's rounds after withdrawal count as draws (16.3)")
        cut = "; half/zero byes, absences and forfeit losses are cut first (16.5)"
    else:
        unplayed = ("bye/absence = opponent on the lowest final score in the event (xiangqi); "
                    "forfeits count the real opponent's final score")
        cut = ""
    text = {
        "BH": f"Buchholz 对手分: sum of opponents' scores; {unplayed}",
        "BH-C1": f"Buchholz Cut-1: BH without the lowest value{cut}; {unplayed}",
        "BH-C2": f"Buchholz Cut-2: BH without the two lowest values{cut}; {unplayed}",
        "BH-M1": f"Median Buchholz 中间对手分: BH without the highest and lowest value{cut}; {unplayed}",
        "BH-M2": f"Median-2: BH without the two highest and two lowest values{cut}; {unplayed}",
        "BH-CUT": f"Solkoff 截断法: compare BH-C1, then BH-C2, … until the tie breaks (shown: BH-C1){cut}; "
                  f"{unplayed}",
        "SB": f"Sonneborn-Berger 索贝分: sum of opponent's score × points scored against him ÷ points for "
              f"a win; {unplayed}",
        "PS": "Progressive 累进分: sum of the running score after each round; byes and forfeits at the "
              "points awarded, absences 0",
        "PS-C1": "Progressive Cut-1 扣除累进分: PS without the score after round 1; byes and forfeits at "
                 "the points awarded",
        "WIN": "Wins 胜局数: games won over the board" + (
            " plus forfeit wins" if settings.forfeit_wins_count_as_wins
            else " (forfeit wins and byes not counted)"),
        "BWIN": "Black wins 后胜局数: games won over the board with black (forfeits and byes not counted)",
        "BPG": "Black games 后手局数: games played over the board with black (forfeits and byes not counted)",
        "DE": "Direct encounter 直胜: points among the tied players only, used only when all of them met "
              "over the board "
              "(forfeits do not count, FIDE C.07 6); 0 when not applied",
        "ARO": "ARO 对手平均等级分: average rating of rated opponents met over the board, rounded half up "
               "(byes, forfeits excluded)",
        "ARO-C1": "ARO-C1 扣除对手平均等级分: ARO without the lowest-rated opponent (byes, forfeits "
                  "excluded)",
        "RTG": "Rating 等级分: the player's own rating",
        "KOYA": "Koya 分 (round robins, FIDE C.07 9.2): points scored over the board against the "
                "opponents who finished with at least 50% of the maximum possible score (forfeits and "
                "byes not counted)",
    }
    if c not in text:
        raise InputError(problem("problem.unknown_tiebreak", codes=repr(code),
                                 choices=", ".join(TIEBREAK_CODES), presets=", ".join(PRESETS)))
    return text[c]


# ---------------------------------------------------------------------------
# Crosstable and summaries
# ---------------------------------------------------------------------------

RESULT_MARK: dict[Outcome, str] = {
    Outcome.WIN: "1", Outcome.DRAW: "=", Outcome.LOSS: "0", Outcome.FORFEIT_WIN: "+",
    Outcome.FORFEIT_LOSS: "-", Outcome.PAIRING_BYE: "U", Outcome.FULL_BYE: "F",
    Outcome.HALF_BYE: "H", Outcome.ZERO_BYE: "Z", Outcome.ABSENT: "-", Outcome.UNFINISHED: "*",
}


@dataclass(frozen=True)
class CrosstableCell:
    """One player's round: opponent (None for byes/absence), colour of a paired
    game, outcome and points."""

    round: int
    opponent: int | None
    colour: Colour | None
    outcome: Outcome
    points: float

    @property
    def text(self) -> str:
        """TRF-like: ``"12w1"``, ``"7b="``, ``"3w+"``; unpaired rounds ``"U"``,
        ``"F"``, ``"H"``, ``"Z"`` or ``"-"``."""
        mark = RESULT_MARK[self.outcome]
        if self.opponent is None:
            return mark
        return f"{self.opponent}{self.colour.value if self.colour else ''}{mark}"


@dataclass(frozen=True)
class CrosstableRow:
    number: int
    name: str
    cells: tuple[CrosstableCell, ...]
    total: float


def _cell(e: RoundEntry) -> CrosstableCell:
    return CrosstableCell(e.round, e.opponent, e.colour, e.outcome, e.points)


def crosstable(t: Tournament) -> tuple[CrosstableRow, ...]:
    """Per player (by pairing number): every round's cell and the total."""
    names = {p.number: p.name for p in t.players}
    return tuple(CrosstableRow(n, names[n], tuple(_cell(e) for e in h.entries), h.score)
                 for n, h in history(t).items())


@dataclass(frozen=True)
class ColourRow:
    """Colours by round (None: no game over the board) and the dingwei.md §1
    summary: R, B, d = R − B, streak, and the arbiter's label (少先/多先…)."""

    number: int
    by_round: tuple[Colour | None, ...]
    reds: int
    blacks: int
    d: int
    streak: int
    label: str


def colour_summary(t: Tournament) -> tuple[ColourRow, ...]:
    out = []
    for n, h in history(t).items():
        by_round = tuple(e.colour if e.played else None for e in h.entries)
        s: ColourState = colour_state(h.colours)
        out.append(ColourRow(n, by_round, s.reds, s.blacks, s.d, s.streak, s.label()))
    return tuple(out)


@dataclass(frozen=True)
class FloatRow:
    """Floats by round (↓ down, ↑ up, None) as dingwei.md §1 defines them."""

    number: int
    by_round: tuple[Float | None, ...]
    downs: int
    ups: int
    down_rounds: tuple[int, ...]
    up_rounds: tuple[int, ...]


def float_summary(t: Tournament) -> tuple[FloatRow, ...]:
    return tuple(
        FloatRow(n, r.by_round, r.downs, r.ups, r.rounds_of(Float.DOWN), r.rounds_of(Float.UP))
        for n, r in float_records(t).items())


__all__ = [
    "CODE_ALIASES", "ColourRow", "CrosstableCell", "CrosstableRow", "DEFAULT_PRESET",
    "FloatRow", "PRESETS", "StandingRow", "TIEBREAK_CODES", "TiebreakSettings",
    "colour_summary", "crosstable", "describe", "float_summary", "parse_tiebreaks", "standings",
]
