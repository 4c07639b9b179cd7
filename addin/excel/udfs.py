"""Worksheet functions (xlwings ``@func``) for organisers who build their own sheets.

Each takes cells the event workbook already has and applies the same rules the
add-in does:

* ``=BIANPAI_SCORE(number, Settings!A1:C20, Round1!A1:K40, Round2!A1:K40, …)`` — a
  player's score from the round sheets (header row included), scored with the
  Settings' points (win/draw/loss, byes);
* ``=BIANPAI_COLOUR_DIFF(C5:K5)``, ``=BIANPAI_COLOUR_STATE(C5:K5)``,
  ``=BIANPAI_COLOUR_WANT(C5:K5)`` — from a row of the Colours sheet (红/黑 or R/B per
  round): d = R − B, the arbiter's words (少先上后 …) and the colour wanted next
  (dingwei.md §1, §2);
* ``=BIANPAI_FLOATS(C5:K5)`` / ``=BIANPAI_FLOATS(C5:K5, "up")`` — from a row of the
  Floats sheet (↓/↑ per round): how many times the player floated down / up.

On Windows, add ``bianpai.addin.udfs`` to xlwings' UDF Modules and click *Import
Functions* (docs/addin.md); in xlwings Lite they come with ``lite/main.py``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import xlwings as xw
from bianpai.engine.history.colours import ColourState, colour_state
from bianpai.engine.history.floats import Float
from bianpai.engine.model import ByeKind, Colour, Outcome, Points
from bianpai.engine.problems import Problem

from ..workbook import words as L
from ..workbook import sheets as S

BYE_OUTCOMES: dict[ByeKind, Outcome] = {
    ByeKind.PAIRING: Outcome.PAIRING_BYE, ByeKind.FULL: Outcome.FULL_BYE,
    ByeKind.HALF: Outcome.HALF_BYE, ByeKind.ZERO: Outcome.ZERO_BYE, ByeKind.ABSENT: Outcome.ABSENT,
}

UP_WORDS = frozenset({"up", "↑", "上调", "u"})
"""What ``BIANPAI_FLOATS``' second argument may say to count up-floats (else down)."""


def _flat(cells: Any) -> list[Any]:
    """A cell range as one list (a single cell, a row, a column or a block)."""
    if not isinstance(cells, (list, tuple)):
        return [cells]
    out: list[Any] = []
    for c in cells:
        out.extend(_flat(c))
    return out


def _table(cells: Any) -> list[list[Any]]:
    if not isinstance(cells, (list, tuple)):
        return [[cells]]
    return [list(r) if isinstance(r, (list, tuple)) else [r] for r in cells]


def colours_of(cells: Any) -> tuple[Colour, ...]:
    """The colours a row of the Colours sheet shows (红/R red, 黑/B black; others: no game)."""
    out: list[Colour] = []
    for v in _flat(cells):
        key = L.lookup(v, ("colour.red", "colour.black"))
        if key == "colour.red":
            out.append(Colour.RED)
        elif key == "colour.black":
            out.append(Colour.BLACK)
    return tuple(out)


def state_of(cells: Any) -> ColourState:
    return colour_state(colours_of(cells))


@xw.func
@xw.arg("colours", ndim=1)
def BIANPAI_COLOUR_DIFF(colours: Any) -> int:
    """先后差 d = R − B of a row of colours (dingwei.md §1): > 0 多先, < 0 少先."""
    return state_of(colours).d


@xw.func
@xw.arg("colours", ndim=1)
def BIANPAI_COLOUR_STATE(colours: Any) -> str:
    """The arbiter's words for a row of colours: 少先/多先/平先 and 上先/上后/连先/连后."""
    return state_of(colours).label()


@xw.func
@xw.arg("colours", ndim=1)
def BIANPAI_COLOUR_WANT(colours: Any, lang: str = "zh") -> str:
    """The colour wanted next (dingwei.md §2): 红/黑 (``lang`` "en": R/B), empty if none."""
    want = state_of(colours).want
    if want is None:
        return ""
    return L.text("colour.red" if want is Colour.RED else "colour.black", lang if lang == "en" else "zh")


@xw.func
@xw.arg("floats", ndim=1)
def BIANPAI_FLOATS(floats: Any, direction: str = "down") -> int:
    """How many ↓ (下调, default) or ↑ (上调: ``direction`` "up") a row of floats shows."""
    mark = Float.UP.value if str(direction).strip().casefold() in UP_WORDS else Float.DOWN.value
    return sum(1 for v in _flat(floats) if isinstance(v, str) and v.strip() == mark)


def points_of(settings: Any) -> Points:
    """The points system of a Settings sheet range (defaults where it says nothing)."""
    problems: list[Problem] = []  # a UDF shows what it can read; the jobs report problems
    return S.read_settings("Settings", _table(settings), problems)[1].points


def score_in_round(number: int, table: Any, points: Points) -> float:
    """What player ``number`` scored in one round sheet (its used range, header included)."""
    rows = _table(table)
    numbers = {n for r in rows for n in (S.as_int(r[S.C_RED - 1]) if len(r) >= S.C_RED else None,
                                         S.as_int(r[S.C_BLACK - 1]) if len(r) >= S.C_BLACK else None)
               if n is not None and n >= 1}
    problems: list[Problem] = []
    rnd, _ = S.read_round("round", 1, rows, numbers | {number}, problems)
    for game in rnd.games:
        if number in (game.red, game.black):
            return points.for_outcome(game.outcome_for(number))
    for bye in rnd.byes:
        if bye.player == number:
            return points.for_outcome(BYE_OUTCOMES[bye.kind])
    return 0.0


@xw.func
@xw.arg("settings", ndim=2)
@xw.arg("rounds", ndim=2)
def BIANPAI_SCORE(number: float, settings: Any, *rounds: Any) -> float:
    """A player's score over the given round sheets, with the Settings' points
    (unfinished games score nothing yet)."""
    points = points_of(settings)
    n = int(number)
    total = sum(score_in_round(n, table, points) for table in rounds)
    return S.plain_number(total)


__all__: Sequence[str] = ("BIANPAI_COLOUR_DIFF", "BIANPAI_COLOUR_STATE", "BIANPAI_COLOUR_WANT",
                          "BIANPAI_FLOATS", "BIANPAI_SCORE")
