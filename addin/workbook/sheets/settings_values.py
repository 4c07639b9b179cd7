"""The Settings sheet's values, one reader per row (:data:`VALUE_READERS`):
each reads its row's cell and gives the value, or puts a problem on the cell
and gives :data:`NO_VALUE`.  The vocabularies and bounds they check are here
too (the sheet's drop-downs, addin/workbook/sheets/settings.py, offer the same)."""

from __future__ import annotations

import re
from typing import Callable

from bianpai.engine import registry as systems
from bianpai.engine.model import POINT_SCHEMES
from bianpai.engine.problems import InputError
from bianpai.engine.problems import Problem, problem
from bianpai.engine.registry import REGISTRY

from .. import words as L
from ..words import text
from .cells import Cell, _str, as_int, as_number, plain_number
from bianpai.engine.standings.codes import parse_tiebreaks
from bianpai.engine.rules import yes_no

WORKBOOK_SYSTEMS: tuple[str, ...] = tuple(s.name for s in REGISTRY if s.workbook)
"""The systems the Settings drop-down offers: the engine's registry
(engine/registry.py), the three Swiss systems and the round robin 循环制."""

_SYSTEM_WORDS: dict[str, str] = {
    "定位": "dingwei", "定位编排": "dingwei", "定位编排法": "dingwei", "荷兰制": "dutch", "临近": "adjacent",
    "临近编排": "adjacent", "邻近编排": "adjacent", "循环": "roundrobin", "循环制": "roundrobin",
    "循环赛": "roundrobin", "round robin": "roundrobin", "round-robin": "roundrobin",
}
"""Words an organiser may type for a system besides its name."""

UNPLAYED_CHOICES: tuple[str, ...] = ("fide", "fide-2026", "xiangqi")
"""The unplayed-rounds conventions (engine/standings/tiebreaks.py UNPLAYED_CONVENTIONS)."""

MAX_TOTAL_ROUNDS = 200
"""Decision: the most rounds the Settings sheet accepts — more than a Swiss event
or a double round robin of 100 players needs; a larger number is a typing error
(and is refused before anything is laid out for it)."""

MAX_POINTS = 100.0
"""Decision: the most points a game result or a bye may be worth on the Settings
sheet (xiangqi scores 2/1/0, chess 1/½/0, football-style 3/1/0); a larger (or
an infinite) number is a typing error and would make every sum meaningless."""

SHARE_FIND_ORDERS: dict[str, str] = {"pinyin": "pinyin", "拼音": "pinyin", "姓名": "pinyin", "name": "pinyin",
                                     "number": "number", "序号": "number", "编号": "number", "no": "number"}
"""The words of the 查台次排序 row: by name in pinyin order (the default) or by number."""

_LANGUAGE_WORDS = {"中文": "zh", "chinese": "zh", "english": "en", "英文": "en"}


def points_value(value: object) -> float | None:
    """A points cell's number when it is one from 0 to :data:`MAX_POINTS`."""
    x = as_number(value)
    return x if x is not None and 0 <= x <= MAX_POINTS else None


class _NoValue:
    """The value of a row that gives none: a problem on its cell said why (or the row keeps the default)."""


NO_VALUE = _NoValue()

Reader = Callable[[Cell, str, str, list[Problem]], object]
"""(cell value, the cell's place, the row's label key, the problems) -> the value or :data:`NO_VALUE`."""


def _text(value: Cell, at: str, key: str, problems: list[Problem]) -> object:
    return _str(value)


def _total_rounds(value: Cell, at: str, key: str, problems: list[Problem]) -> object:
    n = as_int(value)
    if n is None or not 1 <= n <= MAX_TOTAL_ROUNDS:
        problems.append(problem("problem.total_rounds", where=at, value=value, most=MAX_TOTAL_ROUNDS))
        return NO_VALUE
    return n


def _points_scheme(value: Cell, at: str, key: str, problems: list[Problem]) -> object:
    v = _str(value).lower()
    if v not in POINT_SCHEMES:
        problems.append(problem("problem.points_scheme", where=at, value=value,
                                choices=", ".join(POINT_SCHEMES)))
        return NO_VALUE
    return v


def read_points_row(value: Cell, at: str, key: str, problems: list[Problem]) -> object:
    """A points row (label key ``key``): a number from 0 to :data:`MAX_POINTS`
    (:func:`points_value`), else the problem naming the row on its cell."""
    x = points_value(value)
    if x is None:
        problems.append(problem("problem.points", where=at, what=text(key, "en").lower(),
                                what_zh=text(key, "zh"), value=value, most=plain_number(MAX_POINTS)))
        return NO_VALUE
    return x


def _system(value: Cell, at: str, key: str, problems: list[Problem]) -> object:
    v = _str(value).lower()
    v = _SYSTEM_WORDS.get(v, v)
    if v not in systems.BY_NAME:
        problems.append(problem("problem.system_choice", where=at, value=value,
                                choices=", ".join(WORKBOOK_SYSTEMS)))
        return NO_VALUE
    return v


def _whole_number(least: int, problem_key: str) -> Reader:
    """The reader of a whole number ≥ ``least``; anything else is ``problem_key`` on its cell."""
    def read(value: Cell, at: str, key: str, problems: list[Problem]) -> object:
        n = as_int(value)
        if n is None or n < least:
            problems.append(problem(problem_key, where=at, value=value))
            return NO_VALUE
        return n
    return read


_seed = _whole_number(0, "problem.draw_seed")
"""A draw's seed (抽签种子, 抽签定名次种子): a whole number ≥ 0."""

_share_count = _whole_number(1, "problem.share_top")


def _tiebreaks(value: Cell, at: str, key: str, problems: list[Problem]) -> object:
    """The tie-breaks, kept as typed even when refused (the problem says why)."""
    try:
        parse_tiebreaks(_str(value))
    except InputError as e:
        problems.extend(p.at(at) for p in e.problems)
    return _str(value)


def _on_off(value: Cell, at: str, key: str, problems: list[Problem]) -> object:
    if yes_no(_str(value)) is None:
        problems.append(problem("problem.on_off", where=at, setting=text(key, "en"), value=value))
        return NO_VALUE
    return _str(value).lower()


def _auto_withdraw(value: Cell, at: str, key: str, problems: list[Problem]) -> object:
    n = as_int(value)
    if n is None or not 0 <= n <= MAX_TOTAL_ROUNDS:
        problems.append(problem("problem.auto_withdraw", where=at, value=value))
        return NO_VALUE
    return n


def _playoff(value: Cell, at: str, key: str, problems: list[Problem]) -> object:
    parts = [x for x in re.split(r"[,\s、，;；>]+", _str(value).strip()) if x]
    if not all(x.isdigit() for x in parts) or len(set(parts)) != len(parts):
        problems.append(problem("problem.playoff", where=at, value=value))
        return NO_VALUE
    return _str(value)


def _checked(parse: Callable[[str], object], value: Cell, at: str, problems: list[Problem]) -> object:
    """The row's text when ``parse`` (engine/standings/prizes.py) takes it, else its problems on the cell."""
    try:
        parse(_str(value))
    except InputError as e:
        problems.extend(p.at(at) for p in e.problems)
        return NO_VALUE
    return _str(value)


def _club_totals(value: Cell, at: str, key: str, problems: list[Problem]) -> object:
    # start-up time: check imports no standings (tests/test_check_startup.py)
    from bianpai.engine.standings.prizes import parse_club_totals

    return _checked(parse_club_totals, value, at, problems)


def _prize_places(value: Cell, at: str, key: str, problems: list[Problem]) -> object:
    # start-up time: check imports no standings (tests/test_check_startup.py)
    from bianpai.engine.standings.prizes import parse_prize_places

    return _checked(parse_prize_places, value, at, problems)


def _unplayed(value: Cell, at: str, key: str, problems: list[Problem]) -> object:
    v = _str(value).lower()
    if v not in UNPLAYED_CHOICES:
        problems.append(problem("problem.unplayed_choice", where=at, value=value))
        return NO_VALUE
    return v


def _language(value: Cell, at: str, key: str, problems: list[Problem]) -> object:
    v = _LANGUAGE_WORDS.get(_str(value).lower(), _str(value).lower())
    if v not in L.LANGUAGES:
        problems.append(problem("problem.language", where=at, value=value))
        return NO_VALUE
    return v


def _share_find_order(value: Cell, at: str, key: str, problems: list[Problem]) -> object:
    v = SHARE_FIND_ORDERS.get(L.norm(value))
    if v is None:
        problems.append(problem("problem.share_find_order", where=at, value=value))
        return NO_VALUE
    return v


def _share_top(value: Cell, at: str, key: str, problems: list[Problem]) -> object:
    """How many places the standings image shows: 全部/all (the default), or a whole number ≥ 1."""
    if L.norm(value) in ("all", "全部"):
        return NO_VALUE
    return _share_count(value, at, key, problems)


def _share_cards(value: Cell, at: str, key: str, problems: list[Problem]) -> object:
    v = L.norm(value)
    if v not in ("on", "off", "是", "否"):
        problems.append(problem("problem.share_cards", where=at, value=value))
        return NO_VALUE
    return v in ("on", "是")


GAME_POINT_FIELDS = ("win", "draw", "loss", "bye", "black_win", "black_draw", "black_loss")
"""The rows of a game result's (or a bye's) points."""

FACT_FIELDS = ("name", "total_rounds", "system")
"""The rows that are facts of the event (``EventFacts``); the others are the workbook's own."""

VALUE_READERS: dict[str, Reader] = {
    "dates": _text, "venue": _text, "chief_arbiter": _text, "pairing_officer": _text,
    "share_footer": _text, "share_url": _text, "share_font": _text,
    "share_find_order": _share_find_order, "share_top": _share_top, "share_cards": _share_cards,
    "name": _text, "total_rounds": _total_rounds, "points_scheme": _points_scheme,
    **{f: read_points_row for f in GAME_POINT_FIELDS},
    "system": _system, "draw_seed": _seed, "tiebreaks": _tiebreaks, "no_shared": _on_off,
    "auto_withdraw": _auto_withdraw, "playoff": _playoff,
    "club_totals": _club_totals, "prize_places": _prize_places,
    "lots_seed": _seed, "unplayed": _unplayed, "language": _language,
}
"""The reader of each labelled row that is not a rule's (those: engine/rules.py)."""
