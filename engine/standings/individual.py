"""Standings (名次): ranking with tie-breaks and shared places, the crosstable,
and the colour and float summaries — plain records for the workbook.

tiebreaks.md: the arbiter lists tie-breaks in order; players still level after
the last one share the place ("5-7").  The pairing number never decides a
place; inside a shared place players are listed by pairing number only so the
sheet reads the same every time.
"""

from __future__ import annotations

import random
import zlib
from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence

from . import tiebreaks as tb
from ..history.colours import ColourState, colour_state
from ..history.floats import Float, float_records
from ..model import Colour, Outcome, RoundEntry, Tournament, history
from ..problems import InputError, problem
from .codes import (  # the Settings' codes and presets, kept apart for start-up time (issue 27)
    CODE_ALIASES,
    DEFAULT_PRESET,
    NEW_CHINESE_PRESET,
    PRESET_AUTO_WITHDRAW,
    PRESET_NO_SHARED,
    PRESET_UNPLAYED,
    PRESETS,
    TIEBREAK_CODES,
    canonical_codes,
    parse_tiebreaks,
)
from .tiebreaks import DEFAULT_SETTINGS, TiebreakEvent, TiebreakSettings, tiebreak_event

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
    player, points and the tie-break values in the order asked.
    ``decided_by``: the step that decided the place of a player level on
    points with a neighbour (a code, :data:`STEP_LOTS` or
    :data:`STEP_PLAYOFF`); "" when points alone placed him or the place is
    shared."""

    rank: int
    rank_to: int
    number: int
    name: str
    points: float
    values: tuple[float, ...]
    codes: tuple[str, ...] = ()
    decided_by: str = ""


STEP_LOTS = "LOTS"
"""The last step when places are not shared: a drawing of lots (抽签)."""

STEP_PLAYOFF = "PLAYOFF"
"""A playoff result the arbiter typed (加赛): decides before the lots."""


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


def default_lots_seed(t: Tournament) -> int:
    """The seed of the drawing of lots when the Settings give none: a CRC-32
    of the event's name and player numbers (as the round-1 draw's), so that
    the lots fall the same on every computer; the standings print it."""
    text = "lots|" + t.name + "|" + ",".join(str(p.number) for p in t.players)
    return zlib.crc32(text.encode("utf-8"))


def draw_lots(group: tuple[int, ...], rng: random.Random) -> list[tuple[int, ...]]:
    """A drawing of lots among ``group``: its members by pairing number,
    shuffled by ``rng`` (:func:`random.Random.shuffle`) — the first drawn
    ranks highest."""
    order = sorted(group)
    rng.shuffle(order)
    return [(n,) for n in order]


def standings(t: Tournament, codes: Sequence[str],
              settings: TiebreakSettings = DEFAULT_SETTINGS,
              after_round: int | None = None, no_shared: bool = False,
              lots_seed: int | None = None,
              playoff: Mapping[int, float] | None = None) -> tuple[StandingRow, ...]:
    """The ranking after ``after_round`` (default: all rounds paired): points,
    then each tie-break in ``codes`` in turn, splitting only players still
    level.  Players level after the last code share the place — unless
    ``no_shared`` (录取名次不并列): then the previous rounds are compared
    (PREV, when not listed already), then a playoff result the arbiter
    typed (``playoff``: higher ranks higher; players without one stay
    level), then lots are drawn with ``lots_seed`` (default
    :func:`default_lots_seed`), one group after the other from the top.
    Every row says which step decided its place (``decided_by``)."""
    codes = canonical_codes(codes)
    ev = tiebreak_event(t, settings, after_round)
    numbers = tuple(sorted(ev.score))
    values: dict[str, dict[int, float]] = {}
    keys: dict[str, dict[int, object]] = {}
    steps = list(codes)
    if no_shared and "PREV" not in steps:
        steps.append("PREV")
    for code in dict.fromkeys(steps):
        if code in tb.SCALAR_TIEBREAKS:
            f = tb.SCALAR_TIEBREAKS[code]
            values[code] = {n: f(ev, n) for n in numbers}
            sign = -1.0 if code in tb.LOWER_IS_BETTER else 1.0
            keys[code] = {n: sign * v for n, v in values[code].items()}
        elif code in ("BH-CUT", "PREV"):
            seq = {n: (tb.bh_cut(ev, n) if code == "BH-CUT" else tb.previous_rounds(ev, n)) for n in numbers}
            keys[code] = seq  # type: ignore[assignment]
            values[code] = {n: s[0] if s else 0.0 for n, s in seq.items()}
    de_shown: dict[int, float] = {}
    groups = split_groups([numbers], lambda n: ev.score[n])
    history_: list[tuple[str, dict[int, int]]] = []

    def record(step: str) -> None:
        history_.append((step, {n: i for i, g in enumerate(groups) for n in g}))

    for code in steps:
        if code == "DE":
            groups = [p for g in groups for p in de_stage(ev, g, de_shown)]
        else:
            k = keys[code]
            groups = split_groups(groups, k.__getitem__)
        record(code)
    if no_shared:
        if playoff:
            groups = split_groups(groups, lambda n: playoff.get(n, float("-inf")))
            record(STEP_PLAYOFF)
        rng = random.Random(default_lots_seed(t) if lots_seed is None else lots_seed)
        groups = [p for g in groups for p in (draw_lots(g, rng) if len(g) > 1 else [g])]
        record(STEP_LOTS)
    values["DE"] = {n: de_shown.get(n, 0.0) for n in numbers}
    names = {p.number: p.name for p in t.players}
    order = [n for g in groups for n in sorted(g)]
    decided = _decided_by(order, ev.score, history_)
    rows: list[StandingRow] = []
    place = 1
    for g in groups:
        for n in sorted(g):
            rows.append(StandingRow(place, place + len(g) - 1, n, names[n], ev.score[n],
                                    tuple(values[c][n] for c in codes), codes,
                                    decided[n] if len(g) == 1 else ""))
        place += len(g)
    return tuple(rows)


def _decided_by(order: list[int], score: Mapping[int, float],
                history_: list[tuple[str, dict[int, int]]]) -> dict[int, str]:
    """Per player: the step that separated him from a neighbour level on
    points — of his boundaries with the players just above and below, the
    later one (the step that finally fixed his place); "" when no neighbour
    is level on points."""
    def split_at(a: int, b: int) -> int:
        return next((i for i, (_, at) in enumerate(history_) if at[a] != at[b]), -1)

    out: dict[int, str] = {}
    for i, n in enumerate(order):
        around = (order[i - 1] if i else None, order[i + 1] if i + 1 < len(order) else None)
        level = [m for m in around if m is not None and score[m] == score[n]]
        found = [k for k in (split_at(n, m) for m in level) if k >= 0]
        out[n] = history_[max(found)][0] if found else ""
    return out


def describe(code: str, settings: TiebreakSettings = DEFAULT_SETTINGS) -> str:
    """One line for a cell comment: how ``code`` is computed and how byes,
    forfeits and withdrawals count under ``settings``."""
    c = CODE_ALIASES.get(code.upper(), code.upper())
    fide = settings.unplayed in ("fide", "fide-2026")
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
        "FOUL": "Fouls 犯规少者: the fouls the arbiter recorded; fewer ranks higher",
        "PREV": "Previous rounds 前轮成绩: the score after the round before, then the one before that, "
                "… until the tie breaks (shown: the score after the round before)",
        "STD": "Standard points 标准分 (FIDE C.07 2026 7.7): 1 per round won, ½ per draw, by the result; "
               "a round without an opponent by its points against those of a draw",
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
    "CODE_ALIASES", "ColourRow", "CrosstableCell", "CrosstableRow", "DEFAULT_PRESET", "NEW_CHINESE_PRESET",
    "PRESET_AUTO_WITHDRAW", "PRESET_NO_SHARED", "PRESET_UNPLAYED", "STEP_LOTS", "STEP_PLAYOFF",
    "FloatRow", "PRESETS", "StandingRow", "TIEBREAK_CODES", "TiebreakSettings", "default_lots_seed",
    "colour_summary", "crosstable", "describe", "float_summary", "parse_tiebreaks", "standings",
]
