"""The TRF's columns and fields, shared by the reader (engine/formats/trf.py), the
header records (engine/formats/trf_header.py), Bianpai's ``XXB`` records
(engine/formats/trf_xxb.py), the writer (engine/formats/trf_write.py) and the team records
(engine/formats/trf_team.py): where a ``001`` record's round blocks are, the letters
of a block's result, a number read from its columns, and the problems each
placed at ``file:line:column``."""

from __future__ import annotations

from typing import Mapping

from ..model import ByeKind
from ..problems import Problem

BLOCK_START = 91  # 0-based column of the first round block (column 92)
BLOCK_WIDTH = 10

#: A round block's result letter when it has no opponent (``0000``).
UNPLAYED = {"U": ByeKind.PAIRING, "F": ByeKind.FULL, "H": ByeKind.HALF,
            "Z": ByeKind.ZERO, "-": ByeKind.ABSENT, " ": ByeKind.ABSENT}
BYE_LETTER = {v: k for k, v in UNPLAYED.items() if k != " "}

#: The bye types of a TRF-2026 ``240`` record.
BYE_RECORD_KINDS = {"F": ByeKind.FULL, "H": ByeKind.HALF, "Z": ByeKind.ZERO}


def split_lines(text: str) -> list[str]:
    """The lines of ``text``, ended by CR LF, CR or LF."""
    return text.replace("\r\n", "\n").replace("\r", "\n").split("\n")


class TrfProblems(list[Problem]):
    """The problems found, each placed at ``source:line:column``."""

    def __init__(self, source: str):
        super().__init__()
        self.source = source

    def add(self, line: int, column: int, key: str, *, round: int | None = None,
            player: int | None = None, **args: object) -> None:
        self.add_args(line, column, key, args, round=round, player=player)

    def add_args(self, line: int, column: int, key: str, args: Mapping[str, object],
                 round: int | None = None, player: int | None = None) -> None:
        self.append(Problem(key, tuple(args.items()), round=round, player=player, line=line,
                            where=f"{self.source}:{line}:{column}"))


class BadRecord(ValueError):
    """What is wrong with a header record: a ``problem.trf_*`` key and its arguments."""

    def __init__(self, key: str, **args: object):
        super().__init__(key)
        self.key, self.args_ = key, args


_WHAT_ZH = {"start number": "编号", "rating": "等级分", "virtual points": "虚拟分",
            "match points": "场分", "round": "轮次", "number of rounds": "总轮数", "points": "积分"}
"""The Chinese of the field names the TRF problems name (``what_zh``)."""


def _what(what: str) -> dict[str, str]:
    return {"what": what, "what_zh": _WHAT_ZH.get(what, what)}


def int_field(line: str, a: int, b: int, what: str, at: tuple[TrfProblems, int],
               default: int | None = 0) -> int | None:
    """The whole number in columns ``a+1..b`` (blank: ``default``)."""
    raw = line[a:b].strip()
    if not raw:
        return default
    try:
        return int(raw)
    except ValueError:
        problems, i = at
        problems.add_args(i, a + 1, "problem.trf_field_number",
                          {"value": raw, "first": a + 1, "last": b, **_what(what)})
        return default


def read_number(raw: str, what: str) -> float:
    try:
        return float(raw)
    except ValueError:
        raise BadRecord("problem.trf_not_number", value=raw.strip(), **_what(what)) from None


def positive_whole(raw: str, what: str) -> int:
    """A whole number ≥ 1 of a header record (a start number, a round)."""
    try:
        n = int(raw)
    except ValueError:
        raise BadRecord("problem.trf_not_number", value=raw.strip(), **_what(what)) from None
    if n < 1:
        raise BadRecord("problem.trf_not_positive", value=n, **_what(what))
    return n


def player_id(raw: str) -> int:
    """A start number (1..9999) in a header record."""
    return positive_whole(raw, "start number")


def round_no(raw: str) -> int:
    return positive_whole(raw, "round")


def fixed_fields(line: str, start: int, width: int) -> list[tuple[int, str]]:
    """The ``width``-column fields from column ``start`` (0-based) to the end
    of the line, one blank apart, as (column, text)."""
    text = line.rstrip()
    return [(col, text[col:col + width]) for col in range(start, len(text), width + 1)]
