"""FIDE Tournament Report File (TRF16 / TRF-2026): read and write.

Colour ``w`` is red (先), ``b`` black.  Player records (``001``) carry one
10-column block per round from column 92: opponent (4), blank, colour, blank,
result.  Results: ``1 = 0`` played (``W D L`` unrated played), ``+ -`` forfeit,
and with opponent ``0000``: ``U`` pairing-allocated bye, ``F`` full-point bye,
``H`` half-point bye, ``Z`` zero-point bye, ``-`` absent.  A blank result with
an opponent is a game not finished yet.

The last round column holding only requested byes/absences (no game, no
``U``) is the round to pair next: those entries become ``Tournament.requests``.

Header records are read as the FIDE reference engine (bbpPairings) reads them:
``012`` name; ``XXR``/``142`` rounds; ``XXC white1|black1``/``152 W|B`` the
initial colour; the points system from ``162`` (W D L A P) and ``BBW BBD BBL
BBZ BBF BBU``; forbidden pairs ``XXP a b …`` (every round) and TRF-2026
``260`` (some rounds); virtual points for pairing only ``XXA`` and ``250``,
or ``192 FIDE_DUTCH_2025_BAKU`` (the Baku method); byes of the next round
``240``.  The informational records (:data:`INFORMATIONAL_RECORDS`: city,
dates, arbiters …, ``###`` comments) are kept in ``Tournament.records`` as
(code, rest of the line) and written back unchanged.  Bianpai's own ``XXB``
records that give a rule (``XXB set first_round random``, ``XXB option
round1.seed 7``; :data:`RULE_RECORDS`) and the system (``XXB set system
dutch``) are read into ``Tournament.rules`` and ``system`` by
:func:`engine.rules.parse_rules` (the way back: :func:`rule_records`); a
``092``/``192`` FIDE type names the system too (:data:`TYPE_SYSTEMS`).  The
``XXB`` records about players and rounds (club, seed, late entry, status,
board order, provisional draws: :data:`PLAYER_RECORDS`) are applied to the
players, rounds and requests here — this is the one reader of a TRF into
the engine's event, for ``trf-pair``, ``trf-standings`` and ``import-trf``
alike.  Any other record is refused
(exit 3 in ``trf-pair``) naming its line: an unknown input never passes
silently.  Problems are reported all at once, each a structured
:class:`~.problems.Problem` (a ``problem.trf_*`` key of the zh/en table, its
arguments, ``line=``, and ``where`` = ``file:line:column``).
"""

from __future__ import annotations

import os
import re
from dataclasses import replace
from typing import TYPE_CHECKING, Mapping

from .model import (
    BAKU, CHESS_POINTS, DEFAULT_SYSTEM, Acceleration, Bye, ByeKind, Colour, ForbiddenPairs, Game, GameResult,
    Outcome, Player, Points, Round, Tournament, history, last_appearance,
)
from .problems import InputError, Problem
from .records import TEAM_RECORDS, team_records as team_records
from .rules import DEFAULT_RULES, SHEET_KEYS, SHEET_ROWS, Rules, changed_rule_texts, is_rule_key, parse_rules
from .systems import SYSTEMS as SYSTEM_NAMES
from .trf_limits import check_text, read_bounded

if TYPE_CHECKING:
    from pathlib import Path

BLOCK_START = 91  # 0-based column of the first round block (column 92)
BLOCK_WIDTH = 10

_UNPLAYED = {"U": ByeKind.PAIRING, "F": ByeKind.FULL, "H": ByeKind.HALF,
             "Z": ByeKind.ZERO, "-": ByeKind.ABSENT, " ": ByeKind.ABSENT}
_BYE_LETTER = {v: k for k, v in _UNPLAYED.items() if k != " "}
_WIN, _DRAW, _LOSS = set("1W"), set("=D"), set("0L")

#: Header records kept as they are (``Tournament.records``)
#: and written back unchanged: what they say does not change a pairing
#: (TRF16 / TRF-2026 tournament data: city, federation, dates, arbiters, time
#: control, tie-breaks; ``###`` comments).  Every other record the reader does
#: not know is refused, naming its line: an unknown input never passes silently.
INFORMATIONAL_RECORDS = frozenset({
    "022", "032", "042", "052", "062", "072", "082", "092", "102", "112", "122", "132",
    "172", "182", "202", "212", "222", "###",
})

#: Bianpai's own header record (``XXB``: a workbook's clubs, seeds, statuses,
#: Settings and board order, addin/trfbook.py): kept in ``Tournament.records``
#: (written back unchanged); the engine reads those that give a rule or the
#: system (:data:`RULE_RECORDS`) and those about the players and rounds
#: (:data:`PLAYER_RECORDS`), for every route alike; the workbook layer reads
#: its own Settings from the rest.
PROGRAM_RECORDS = frozenset({"XXB"})

#: Records the engine cannot honour: refused.
UNSUPPORTED_RECORDS = {"299": "problem.trf_299"}
"""(the key of the problem saying why)"""


RULE_RECORDS = ("set", "option")
"""``XXB set <name> <value>`` (a rule by its Settings-sheet name, or ``system``)
and ``XXB option <key> <value>`` (a rule by its key, engine/rules.py): read
into ``Tournament.rules`` (and ``system``) when they name a rule; any other
``XXB`` record is the workbook's (addin/trfbook.py), kept in the records."""


def _rule_record(text: str) -> tuple[str, str] | None:
    """The (key, value) an ``XXB`` record's text gives, when it gives a rule
    or the system (``system`` is the key of the system)."""
    parts = text.split(None, 2)
    if len(parts) < 2 or parts[0] not in RULE_RECORDS:
        return None
    key, value = parts[1], parts[2] if len(parts) > 2 else ""
    if parts[0] == "set" and (key == "system" or key in SHEET_ROWS):
        return key, value
    if parts[0] == "option" and is_rule_key(key) and key not in SHEET_KEYS:
        return key, value
    return None


def rule_records(t: Tournament) -> list[str]:
    """The ``XXB`` records of ``t``'s system and of its rules that are not the
    defaults (read back by :func:`parse_trf` to the same rules)."""
    out = [f"XXB set system {t.system}"] if t.system != DEFAULT_SYSTEM else []
    for key, value in changed_rule_texts(t.rules, sheet=True):
        out.append(f"XXB {'set' if key in SHEET_ROWS else 'option'} {key} {value}".rstrip())
    return out


#: TRF-2026 ``192`` tournament types (FIDE Dutch, with or without the Baku
#: acceleration, as the reference engine reads them).
DUTCH_TYPES = {"FIDE_DUTCH_2025": "", "FIDE_DUTCH": "",
               "FIDE_DUTCH_2025_BAKU": BAKU, "FIDE_DUTCH_BAKU": BAKU}

#: The system each tournament type of a ``092``/``192`` record names (the
#: FIDE codes; a ``092`` of free text names none).  Decision: a type names the
#: event's system as ``XXB set system`` does; the two disagreeing is refused.
TYPE_SYSTEMS: dict[str, str] = {**{kind: "dutch" for kind in DUTCH_TYPES}}

FIDE_TYPE_PREFIX = "FIDE_"
"""A ``092`` of this prefix is a FIDE system code: one not in :data:`TYPE_SYSTEMS` is refused."""


def _type_system(kind: str) -> str | None:
    return TYPE_SYSTEMS.get(kind.strip().upper())


_BYE_RECORD_KINDS = {"F": ByeKind.FULL, "H": ByeKind.HALF, "Z": ByeKind.ZERO}

# TRF 162 codes (TRF-2026: W D L A P; A and its older name Z: a zero-point
# bye and a forfeit loss; P and our older U: the pairing-allocated bye; F and
# H are our own: a forfeit loss / a half-point bye scored apart).
# (patterns compiled on first use, by re's cache: not when a TRF without them is read)
_POINT_PAIR = r"\s*([A-Za-z])\s*(-?\d+(?:\.\d*)?|-?\.\d+)"


def _lines(text: str) -> list[str]:
    """The lines of ``text``, ended by CR LF, CR or LF."""
    return text.replace("\r\n", "\n").replace("\r", "\n").split("\n")


class _Problems(list[Problem]):
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


class _Bad(ValueError):
    """What is wrong with a header record: a ``problem.trf_*`` key and its arguments."""

    def __init__(self, key: str, **args: object):
        super().__init__(key)
        self.key, self.args_ = key, args


_WHAT_ZH = {"start number": "编号", "rating": "等级分", "virtual points": "虚拟分",
            "match points": "场分", "round": "轮次", "number of rounds": "总轮数", "points": "积分"}
"""The Chinese of the field names the TRF problems name (``what_zh``)."""


def _what(what: str) -> dict[str, str]:
    return {"what": what, "what_zh": _WHAT_ZH.get(what, what)}


#: 162 code -> the Points fields it sets, in reading order (the reference
#: engine's meaning; A/Z: a zero-point bye and a forfeit loss alike).
_CODE_FIELDS = {"W": ("W",), "D": ("D",), "L": ("L",), "A": ("ZB", "FL"), "Z": ("ZB", "FL"),
                "P": ("P",), "U": ("P",), "F": ("FL",), "H": ("H",)}


def _points_from(given: dict[str, float]) -> Points:
    """The points system from the fields read (defaults: FIDE 1/½/0; a bye, a
    forfeit win and a full-point bye score W; a half-point bye scores D)."""
    win = given.get("W", CHESS_POINTS.win)
    draw = given.get("D", CHESS_POINTS.draw)
    return Points(
        win=win, draw=draw, loss=given.get("L", 0.0), bye=given.get("P", win),
        forfeit_win=win, forfeit_loss=given.get("FL", 0.0), full_bye=win,
        half_bye=given.get("H", draw), zero_bye=given.get("ZB", 0.0),
    )


def _point_fields(text: str) -> dict[str, float]:
    """The fields a ``162`` record's text (after the code) sets; :class:`_Bad`
    says what is wrong."""
    given: dict[str, float] = {}
    pos = 0
    while pos < len(text) and text[pos:].strip():
        m = re.compile(_POINT_PAIR).match(text, pos)
        if m is None:
            raise _Bad("problem.trf_points_pair", text=text[pos:].strip())
        code = m.group(1).upper()
        if code not in _CODE_FIELDS:
            raise _Bad("problem.trf_points_code", code=code)
        for f in _CODE_FIELDS[code]:
            given[f] = float(m.group(2))
        pos = m.end()
    return given


def parse_points(text: str, where: str) -> Points:
    """``W 2.0    D 1.0 …`` (a ``162`` record after its code): the points
    system (TRF-2026 codes W D L A P; see :data:`_CODE_FIELDS`)."""
    try:
        return _points_from(_point_fields(text))
    except _Bad as e:
        args = {"record": f"162 {text}".strip()[:60], **e.args_}
        raise InputError(Problem(e.key, tuple(args.items()), where=where)) from None


def _fmt_points(x: float) -> str:
    return f"{x:.1f}"


def format_points(p: Points) -> str:
    """The ``162`` record of ``p`` (TRF-2026 codes, then F/H when those differ)."""
    codes = [("W", p.win), ("D", p.draw), ("L", p.loss), ("A", p.zero_bye), ("P", p.bye)]
    if p.forfeit_loss != p.zero_bye:
        codes.append(("F", p.forfeit_loss))
    if p.half_bye != p.draw:
        codes.append(("H", p.half_bye))
    return "162 " + " ".join(f"{c} {_fmt_points(v)}" for c, v in codes)


def _int_field(line: str, a: int, b: int, what: str, at: tuple[_Problems, int],
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


def _number(raw: str, what: str) -> float:
    try:
        return float(raw)
    except ValueError:
        raise _Bad("problem.trf_not_number", value=raw.strip(), **_what(what)) from None


def _positive_whole(raw: str, what: str) -> int:
    """A whole number ≥ 1 of a header record (a start number, a round)."""
    try:
        n = int(raw)
    except ValueError:
        raise _Bad("problem.trf_not_number", value=raw.strip(), **_what(what)) from None
    if n < 1:
        raise _Bad("problem.trf_not_positive", value=n, **_what(what))
    return n


def _player_id(raw: str) -> int:
    """A start number (1..9999) in a header record."""
    return _positive_whole(raw, "start number")


def _round_no(raw: str) -> int:
    return _positive_whole(raw, "round")


def _fields(line: str, start: int, width: int) -> list[tuple[int, str]]:
    """The ``width``-column fields from column ``start`` (0-based) to the end
    of the line, one blank apart, as (column, text)."""
    text = line.rstrip()
    return [(col, text[col:col + width]) for col in range(start, len(text), width + 1)]


def _read_forbidden_xxp(line: str) -> ForbiddenPairs:
    """``XXP 3 17 25``: these players are never paired together (reference
    engine's extension)."""
    tokens = line[3:].split()
    if len(tokens) < 2:
        raise _Bad("problem.trf_two_players", code="XXP")
    return ForbiddenPairs(tuple(_player_id(x) for x in tokens))


def _read_forbidden_260(line: str) -> ForbiddenPairs:
    """TRF-2026 ``260 RR1 RRL PPP1 PPP2 …``: the players may not meet in
    rounds RR1..RRL."""
    first, last = _round_no(line[4:7]), _round_no(line[8:11])
    if first > last:
        raise _Bad("problem.trf_rounds_order", first=first, last=last)
    players = tuple(_player_id(text) for _, text in _fields(line, 12, 4))
    if len(players) < 2:
        raise _Bad("problem.trf_two_players", code="260")
    return ForbiddenPairs(players, first, last)


def _read_acceleration_xxa(line: str, acc: dict[int, list[float]]) -> None:
    """``XXA NNNN pp.p pp.p …``: the player's virtual points, round by round
    (blank: none), appended to what he has (as the reference engine reads it)."""
    player = _player_id(line[4:8])
    values = acc.setdefault(player, [])
    for _, text in _fields(line, 9, 4):
        values.append(_number(text, "virtual points") if text.strip() else 0.0)


def _read_acceleration_250(line: str, acc: dict[int, list[float]]) -> None:
    """TRF-2026 ``250 MMMM GGGG RRF RRL PPPF PPPL``: players PPPF..PPPL carry
    GGGG virtual points in rounds RRF..RRL (match points: team events only)."""
    if len(line.rstrip()) < 31:
        raise _Bad("problem.trf_250_short")
    if line[4:8].strip() and _number(line[4:8], "match points"):
        raise _Bad("problem.trf_250_match_points")
    points = _number(line[9:13], "virtual points")
    if not points:
        raise _Bad("problem.trf_250_zero")
    first, last = _round_no(line[14:17]), _round_no(line[18:21])
    lo, hi = _player_id(line[22:26]), _player_id(line[27:31])
    if first > last or lo > hi or line[31:].strip():
        raise _Bad("problem.trf_250_order")
    for player in range(lo, hi + 1):
        values = acc.setdefault(player, [])
        if len(values) < last:
            values.extend([0.0] * (last - len(values)))
        values[first - 1:last] = [points] * (last - first + 1)


def _read_bye_240(line: str) -> list[tuple[int, Bye]]:
    """TRF-2026 ``240 T RRR PPPP PPPP …``: byes of type T (F, H, Z) in round RRR."""
    kind = _BYE_RECORD_KINDS.get(line[4:5])
    if kind is None:
        raise _Bad("problem.trf_bye_type", value=line[4:5])
    rnd = _round_no(line[6:9])
    players = [_player_id(text) for _, text in _fields(line, 10, 4)]
    if not players:
        raise _Bad("problem.trf_240_empty")
    return [(rnd, Bye(p, kind)) for p in players]


def _read_bb_points(line: str) -> float:
    """``BBW  2.0`` and the like: one points value (reference engine's extension)."""
    return _number(line[4:12], f"{line[:3]} points")


#: ``BBx`` record -> the Points field it sets (the reference engine's meaning:
#: BBZ a zero-point bye, BBF a forfeit loss, BBU the pairing-allocated bye).
_BB_CODES = {"BBW": "W", "BBD": "D", "BBL": "L", "BBZ": "ZB", "BBF": "FL", "BBU": "P"}


def _read_player(line: str, i: int, problems: _Problems
                 ) -> tuple[Player, list[tuple[int, int, str, str]]] | None:
    """A ``001`` record: the player and his round blocks (round, opponent,
    colour, result); None when it has no start number."""
    at = (problems, i)
    num = _int_field(line, 4, 8, "start number", at, None)
    if num is None:
        problems.add(i, 5, "problem.trf_no_start_number")
        return None
    rating = _int_field(line, 48, 52, "rating", at) or 0
    player = Player(
        number=num, name=line[14:47].strip(), rating=rating, sex=line[9:10].strip(),
        title=line[10:13].strip(), federation=line[53:56].strip(),
        fide_id=line[57:68].strip(), birth=line[69:79].strip(),
    )
    entries = []
    col = BLOCK_START
    rnd = 1
    while col < len(line):
        block = line[col:col + BLOCK_WIDTH].ljust(BLOCK_WIDTH)
        if block.strip():
            opp_raw, colour, result = block[0:4].strip(), block[5], block[7].upper()
            if block[4] != " " or block[6] != " " or block[8:].strip():
                problems.add(i, col + 1, "problem.trf_round_block", round=rnd, block=block.rstrip(),
                             first=col + 1, last=col + 8)
                col += BLOCK_WIDTH
                rnd += 1
                continue
            try:
                opp = int(opp_raw) if opp_raw else 0
                if opp < 0:
                    raise ValueError
            except ValueError:
                problems.add(i, col + 1, "problem.trf_opponent_number", round=rnd, value=opp_raw)
                opp = 0
            if colour not in "wb- ":
                problems.add(i, col + 6, "problem.trf_colour", round=rnd, value=colour)
            if opp == 0 and result not in _UNPLAYED:
                problems.add(i, col + 8, "problem.trf_unplayed_code", round=rnd, value=result)
            elif opp != 0 and result not in "10=WDL+- ":
                problems.add(i, col + 8, "problem.trf_game_result", round=rnd, value=result)
            elif opp == num:
                problems.add(i, col + 1, "problem.trf_self", round=rnd, player=num)
            entries.append((rnd, opp, colour, result))
        col += BLOCK_WIDTH
        rnd += 1
    return player, entries


class _Header:
    """What the header records say, as they are read."""

    def __init__(self) -> None:
        self.name = ""
        self.total_rounds: int | None = None
        self.points: dict[str, float] = {}
        self.first_colour: Colour | None = None
        self.by_file_order = False  # XXC rank
        self.records: list[tuple[str, str]] = []
        self.rules: list[tuple[str, str, int]] = []  # (key, value, line) of the XXB rule records
        self.system = DEFAULT_SYSTEM
        self.forbidden: list[tuple[ForbiddenPairs, int]] = []  # (pairs, line)
        self.accelerations: dict[int, list[float]] = {}
        self.acceleration_method = ""
        self.byes: list[tuple[int, Bye, int]] = []  # (round, bye, line)
        self.program: list[tuple[list[str], int]] = []  # (words, line) of the XXB records not rules
        self.declared: list[tuple[str, int]] = []  # (system, line) a 092/192 type record names

    def read(self, code: str, line: str, i: int) -> None:
        """Read one header record; :class:`_Bad` says what is wrong with it."""
        if code == "012":
            self.name = line[4:].strip()
        elif code in PROGRAM_RECORDS and (rule := _rule_record(line[4:])) is not None:
            self.rules.append((*rule, i))
        elif code in INFORMATIONAL_RECORDS or code in TEAM_RECORDS or code in PROGRAM_RECORDS:
            self.records.append((code, line[4:] if len(line) > 4 else ""))
            if code in PROGRAM_RECORDS and line[4:].split():
                self.program.append((line[4:].split(), i))
            elif code == "092":
                self._read_type(line[4:].strip(), i, refuse_unknown=False)
        elif code in ("XXR", "142"):
            self.total_rounds = _positive_whole(line[3:].strip(), "number of rounds")
        elif code == "XXC":
            self._read_xxc(line)
        elif code == "152":
            c = line[4:].strip()
            if c not in ("W", "B"):
                raise _Bad("problem.trf_initial_colour", value=c)
            self.first_colour = Colour.RED if c == "W" else Colour.BLACK
        elif code == "162":
            self.points.update(_point_fields(line[4:]))
        elif code in _BB_CODES:
            self.points[_BB_CODES[code]] = _read_bb_points(line)
        elif code == "XXP":
            self.forbidden.append((_read_forbidden_xxp(line), i))
        elif code == "260":
            self.forbidden.append((_read_forbidden_260(line), i))
        elif code == "XXA":
            _read_acceleration_xxa(line, self.accelerations)
        elif code == "250":
            _read_acceleration_250(line, self.accelerations)
        elif code == "192":
            self._read_type(line[4:].strip(), i, refuse_unknown=True)
            if not DUTCH_TYPES.get(line[4:].strip().upper()):
                self.records.append(("192", line[4:]))
        elif code == "240":
            self.byes += [(r, b, i) for r, b in _read_bye_240(line)]
        elif code in UNSUPPORTED_RECORDS:
            raise _Bad(UNSUPPORTED_RECORDS[code], code=code)
        else:
            raise _Bad("problem.trf_unknown_record", code=code)

    def _read_type(self, kind: str, i: int, refuse_unknown: bool) -> None:
        """A ``192`` (or ``092``) tournament type: the system it names
        (:data:`TYPE_SYSTEMS`) and the Baku acceleration.  A ``092`` that is
        free text (TRF16: ``Individual: Swiss-System``) names none; one that
        is a FIDE code (``FIDE_…``) Bianpai cannot pair is refused."""
        system = _type_system(kind)
        if system is None:
            if refuse_unknown or kind.upper().startswith(FIDE_TYPE_PREFIX):
                raise _Bad("problem.trf_type", value=kind, choices=", ".join(TYPE_SYSTEMS))
            return
        self.declared.append((system, i))
        if DUTCH_TYPES.get(kind.upper()):
            self.acceleration_method = DUTCH_TYPES[kind.upper()]

    def _read_xxc(self, line: str) -> None:
        for word in line[3:].lower().split():
            if word.startswith("white") or word.startswith("red"):
                self.first_colour = Colour.RED
            elif word.startswith("black"):
                self.first_colour = Colour.BLACK
            elif word == "rank":  # the initial ranking is the order of the 001 lines
                self.by_file_order = True
            else:
                raise _Bad("problem.trf_xxc_word", value=word)


def parse_trf(text: str, source: str = "<trf>") -> Tournament:
    """Read a TRF.  Every problem is reported at once (one :class:`InputError`),
    each at ``source:line:column``."""
    check_text(text, source)  # the bounds first (issue 30 item 4)
    problems = _Problems(source)
    header = _Header()
    players: list[Player] = []
    blocks: dict[int, list[tuple[int, int, str, str]]] = {}  # number -> [(round, opp, col, res)]
    line_of: dict[int, int] = {}
    lines = _lines(text)

    for i, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        code = line[:3]
        if code == "001":
            read = _read_player(line, i, problems)
            if read is None:
                continue
            player, entries = read
            if player.number in line_of:
                problems.add(i, 5, "problem.trf_number_used", player=player.number,
                             other=line_of[player.number])
                continue
            line_of[player.number] = i
            players.append(player)
            blocks[player.number] = entries
            continue
        if len(line) > 3 and line[3] != " " and code != "###":
            problems.add(i, 4, "problem.trf_code_blank", record=line.rstrip()[:40])
            continue
        try:
            header.read(code, line, i)
        except _Bad as e:
            problems.add_args(i, 1, e.key, {"record": line.rstrip()[:60], **e.args_})
    if not any(line.strip() for line in lines):
        problems.add(1, 1, "problem.trf_empty")

    t = _tournament(header, players, blocks, line_of, problems)
    if problems:
        raise InputError(problems)
    assert t is not None
    return t


def _tournament(header: _Header, players: list[Player],
                blocks: dict[int, list[tuple[int, int, str, str]]], line_of: dict[int, int],
                problems: _Problems) -> Tournament | None:
    """The tournament the records describe (None when they contradict)."""
    numbers = {p.number for p in players}
    n_cols = max((r for es in blocks.values() for r, *_ in es), default=0)
    rounds: list[Round] = []
    requests: list[tuple[int, Bye]] = []
    ent_of = {num: {rr: (o, c, res) for rr, o, c, res in es} for num, es in blocks.items()}
    for r in range(1, n_cols + 1):
        games: list[Game] = []
        byes: list[Bye] = []
        done: set[int] = set()
        for num in sorted(blocks):
            ent = ent_of[num]
            if num in done:
                continue
            i = line_of[num]
            col = BLOCK_START + (r - 1) * BLOCK_WIDTH + 1
            if r not in ent:
                byes.append(Bye(num, ByeKind.ABSENT))
                continue
            opp, colour, res = ent[r]
            if opp == 0:
                byes.append(Bye(num, _UNPLAYED.get(res, ByeKind.ABSENT)))
                continue
            if opp not in numbers:
                problems.add(i, col, "problem.trf_opponent_unknown", round=r, opponent=opp)
                continue
            other = ent_of[opp].get(r)
            if other is None or other[0] != num:
                problems.add(i, col, "problem.trf_opponent_disagrees", round=r, player=num, opponent=opp,
                             other=line_of[opp])
                continue
            _, ocolour, ores = other
            if colour in "wb" and colour == ocolour:
                problems.add(i, col + 5, "problem.trf_same_colour", round=r, player=num, opponent=opp,
                             colour=colour)
                continue
            if colour == "w" or (colour != "b" and ocolour == "b") or \
                    (colour not in "wb" and ocolour not in "wb" and num < opp):
                red, black, rres, bres = num, opp, res, ores
            else:
                red, black, rres, bres = opp, num, ores, res
            result = _game_result(rres, bres)
            if result is False:
                problems.add(i, col + 7, "problem.trf_results_differ", round=r, player=num, opponent=opp,
                             result=res, other=ores)
                continue
            games.append(Game(red, black, result))  # type: ignore[arg-type]
            done.update((num, opp))
        if not games and not any(b.kind is ByeKind.PAIRING for b in byes) and r == n_cols:
            requests += [(r, b) for b in byes if not _blank(blocks[b.player], r)]
        else:
            rounds.append(Round(r, tuple(games), tuple(byes)))
    requests += _bye_records(header, rounds, numbers, requests, problems)
    for fp, i in header.forbidden:
        for n in fp.players:
            if n not in numbers:
                problems.add(i, 1, "problem.trf_forbidden_unknown", player=n)
    total = header.total_rounds if header.total_rounds is not None else max(n_cols, len(rounds))
    rules, system = _rules(header, total, problems)
    players, rounds, requests = _program_records(header.program, players, rounds, requests, problems)
    if problems:
        return None
    return Tournament(
        name=header.name, players=tuple(sorted(players, key=lambda p: p.number)),
        rounds=tuple(rounds), total_rounds=total, points=_points_from(header.points),
        requests=tuple(requests), first_colour=header.first_colour,
        initial_order=tuple(p.number for p in players) if header.by_file_order else (),
        rules=rules, system=system, records=tuple(header.records),
        forbidden_pairs=tuple(fp for fp, _ in header.forbidden),
        accelerations=tuple(Acceleration(p, tuple(v))
                            for p, v in sorted(header.accelerations.items())),
        acceleration_method=header.acceleration_method,
    )


def _rules(header: _Header, total: int, problems: _Problems) -> tuple[Rules, str]:
    """The rules and the system the ``XXB`` rule records give (a later record
    wins), the system also from a ``092``/``192`` type record: a type and an
    ``XXB set system`` that disagree are refused, naming both lines."""
    rules, system = DEFAULT_RULES, DEFAULT_SYSTEM
    said: list[tuple[str, int]] = list(header.declared)
    for key, value, i in header.rules:
        if key == "system":
            if value.strip() not in SYSTEM_NAMES:
                problems.add(i, 1, "problem.trf_system", value=value.strip(), choices=", ".join(SYSTEM_NAMES))
            else:
                said.append((value.strip(), i))
            continue
        try:
            rules = parse_rules([(key, value)], total, rules)
        except InputError as e:
            problems += [replace(p, line=i, where=f"{problems.source}:{i}:1") for p in e.problems]
    for name, i in said:
        first, at = said[0]
        if name != first:
            problems.add(i, 1, "problem.trf_systems_differ", system=name, other=first, other_line=at)
    if said:
        system = said[-1][0]
    return rules, system


#: The words of an ``XXB status N <status> [round]`` record (what
#: ``export-trf`` writes: the Players sheet's status words in English; the
#: Chinese ones are read too): (withdrawn, the bye or absence asked for).
STATUS_WORDS: dict[str, tuple[bool, ByeKind | None]] = {
    "active": (False, None), "在赛": (False, None),
    "withdrawn": (True, None), "退赛": (True, None),
    "absent": (False, ByeKind.ABSENT), "请假": (False, ByeKind.ABSENT),
    "half-point bye": (False, ByeKind.HALF), "半分轮空": (False, ByeKind.HALF),
    "full-point bye": (False, ByeKind.FULL), "全分轮空": (False, ByeKind.FULL),
    "zero-point bye": (False, ByeKind.ZERO), "零分轮空": (False, ByeKind.ZERO),
}

PLAYER_RECORDS = ("club", "seed", "joins", "status")
"""The ``XXB`` records about one player (``XXB club 7 东城``, ``XXB seed 7``,
``XXB joins 7 3``, ``XXB status 7 withdrawn 4``): read into the players (his
club, seed, first round, withdrawal) and the requests, the way the Players
sheet's cells are read (a withdrawal without a round: from the round after
his last appearance).  ``XXB boards K r1 r2 …`` orders round K's games by red
player; ``XXB provisional K r1 r2 …``: round K's games (by red player) that
were counted as draws when the round after it was paired (``pair
--provisional``, ``Round.provisional``).  A TRF with no ``XXB club`` record
gives each player his federation as club (the one group a TRF from another
program knows)."""


def _status(words: list[str]) -> tuple[bool, ByeKind | None, int | None] | None:
    """(withdrawn, bye asked for, round) of an ``XXB status`` record's words; None: not understood."""
    k: int | None = None
    if len(words) > 1 and words[-1].isdigit():
        k, words = int(words[-1]), words[:-1]
    got = STATUS_WORDS.get(" ".join(words).lower())
    if got is None or (k is not None and (k < 1 or got == (False, None))):
        return None
    return (*got, k)


def _program_records(program: list[tuple[list[str], int]], players: list[Player], rounds: list[Round],
                     requests: list[tuple[int, Bye]], problems: _Problems
                     ) -> tuple[list[Player], list[Round], list[tuple[int, Bye]]]:
    """The players, rounds and requests with the ``XXB`` player and board
    records applied (:data:`PLAYER_RECORDS`); a record naming no player, or
    one not understood, is refused naming its line."""
    by_number = {p.number: p for p in players}
    statuses: dict[int, tuple[bool, ByeKind | None, int | None]] = {}
    clubs = False
    boards: dict[int, list[int]] = {}
    marks: dict[int, tuple[int, ...]] = {}  # round -> its games counted as draws when the next was paired
    for words, i in program:
        what = words[0]
        if what in ("boards", "provisional"):
            try:
                rk, reds = int(words[1]), [int(w) for w in words[2:]]
            except (IndexError, ValueError):
                problems.add(i, 5, "problem.trf_xxb_record", record=" ".join(["XXB", *words])[:60])
                continue
            if what == "boards":
                boards[rk] = reds
            elif not 1 <= rk <= len(rounds) or not set(reds) <= {g.red for g in rounds[rk - 1].games}:
                problems.add(i, 5, "problem.trf_xxb_record", record=" ".join(["XXB", *words])[:60])
            else:
                marks[rk] = tuple(reds)
            continue
        if what not in PLAYER_RECORDS:
            continue
        n = int(words[1]) if len(words) > 1 and words[1].isdigit() else None
        if n is None or n not in by_number:
            problems.add(i, 5, "problem.trf_xxb_player", record=" ".join(["XXB", *words])[:60],
                         value=words[1] if len(words) > 1 else "")
            continue
        p = by_number[n]
        rest = words[2:]
        if what == "club" and rest:
            by_number[n] = replace(p, club=" ".join(rest))
            clubs = True
        elif what == "seed" and not rest:
            by_number[n] = replace(p, seeded=True)
        elif what == "joins" and len(rest) == 1 and rest[0].isdigit() and int(rest[0]) >= 1:
            by_number[n] = replace(p, joins_from=int(rest[0]))
        elif what == "status" and (st := _status(rest)) is not None:
            statuses[n] = st
        else:
            problems.add(i, 5, "problem.trf_xxb_record", record=" ".join(["XXB", *words])[:60])
    if not clubs:
        by_number = {n: p if p.club or not p.federation else replace(p, club=p.federation)
                     for n, p in by_number.items()}
    next_round = len(rounds) + 1
    requests = list(requests)
    asked = {(r, b.player) for r, b in requests}
    for num, (withdrawn, kind, k) in sorted(statuses.items()):
        p = by_number[num]
        if withdrawn:
            since = k if k is not None else max(last_appearance(rounds, num) + 1, p.joins_from)
            by_number[num] = replace(p, withdrawn_from=since)
        elif kind is not None:
            r = k if k is not None else next_round
            if r >= next_round and (r, num) not in asked:
                requests.append((r, Bye(num, kind)))
                asked.add((r, num))
    rounds = [_in_board_order(rnd, boards[rnd.number]) if rnd.number in boards else rnd for rnd in rounds]
    rounds = [replace(rnd, provisional=marks[rnd.number]) if rnd.number in marks else rnd for rnd in rounds]
    return [by_number[p.number] for p in players], rounds, requests


def _in_board_order(rnd: Round, reds: list[int]) -> Round:
    """Round ``rnd`` with its games in the order of their red players ``reds``."""
    place = {r: i for i, r in enumerate(reds)}
    return replace(rnd, games=tuple(sorted(rnd.games, key=lambda g: (place.get(g.red, len(place)), g.red))))


def _bye_records(header: _Header, rounds: list[Round], numbers: set[int],
                 requests: list[tuple[int, Bye]], problems: _Problems) -> list[tuple[int, Bye]]:
    """The ``240`` byes of rounds not yet paired, as requests.  Those of rounds
    already paired say again what the round columns say (the reference engine
    reads only the next round's); one that contradicts its column is refused."""
    out: list[tuple[int, Bye]] = []
    known = {(r, b.player) for r, b in requests}
    for r, bye, i in header.byes:
        if bye.player not in numbers:
            problems.add(i, 1, "problem.trf_240_unknown", player=bye.player)
        elif r <= len(rounds):
            if bye not in rounds[r - 1].byes:
                problems.add(i, 1, "problem.trf_240_paired", round=r, player=bye.player,
                             kind=bye.kind.value)
        elif (r, bye.player) not in known:
            known.add((r, bye.player))
            out.append((r, bye))
    return out


def _blank(entries: list[tuple[int, int, str, str]], r: int) -> bool:
    return all(rr != r for rr, *_ in entries)


def _game_result(red: str, black: str) -> GameResult | None | bool:
    if red == " " and black == " ":
        return None
    if red in _WIN and black in _LOSS:
        return GameResult.RED_WIN
    if red in _DRAW and black in _DRAW:
        return GameResult.DRAW
    if red in _LOSS and black in _WIN:
        return GameResult.BLACK_WIN
    if red == "+" and black == "-":
        return GameResult.RED_FORFEIT_WIN
    if red == "-" and black == "+":
        return GameResult.BLACK_FORFEIT_WIN
    if red == "-" and black == "-":
        return GameResult.DOUBLE_FORFEIT
    return False


def player_lines(text: str) -> dict[int, int]:
    """The line of each player's ``001`` record in a TRF's ``text`` (by start number)."""
    out: dict[int, int] = {}
    for i, line in enumerate(_lines(text), start=1):
        if line[:3] == "001" and line[4:8].strip().isdigit():
            out.setdefault(int(line[4:8]), i)
    return out


def system_problems(t: Tournament, text: str, source: str) -> list[Problem]:
    """What the event's own system (``t.system``: its ``XXB set system`` or
    ``092``/``192`` record, else 定位编排) cannot hold in the rounds the TRF
    ``text`` gives — a rematch (under 定位编排 a forfeit is a meeting; under
    FIDE rules it is not), club mates in a 同单位回避 round, a withdrawn
    player paired … (the checks of ``check``, engine/checker.py) — each
    placed at ``source:line:column`` of the round's block in its player's
    ``001`` record.  ``import-trf`` refuses them: a workbook it writes is one
    ``check`` accepts."""
    from .checker import history_problems, structure
    from .systems import get as get_system

    found = structure(t)
    if not found:
        found = history_problems(t, get_system(t.system))
    lines = player_lines(text)
    out = []
    for p in found:
        who = p.player if p.player is not None else p.arg("red")
        line = lines.get(who) if isinstance(who, int) else None
        if line is None:
            out.append(p.at(source))
            continue
        col = BLOCK_START + (p.round - 1) * BLOCK_WIDTH + 1 if p.round else 1
        out.append(replace(p, line=line, where=f"{source}:{line}:{col}"))
    return out


def read_text(path: str | Path) -> str:
    """The text of the TRF at ``path`` (UTF-8, else Latin-1); a
    :class:`FileNotFoundError` naming the file when it cannot be read."""
    p = os.fspath(path)
    try:
        with open(p, "rb") as fh:
            data = read_bounded(fh, p)
    except OSError as e:
        raise FileNotFoundError(f"{p}: {e.strerror}") from e
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def read_trf(path: str | Path) -> Tournament:
    """The TRF at ``path`` (:func:`parse_trf`)."""
    return parse_trf(read_text(path), os.fspath(path))


_RESULT_LETTERS = {
    GameResult.RED_WIN: ("1", "0"), GameResult.DRAW: ("=", "="), GameResult.BLACK_WIN: ("0", "1"),
    GameResult.RED_FORFEIT_WIN: ("+", "-"), GameResult.BLACK_FORFEIT_WIN: ("-", "+"),
    GameResult.DOUBLE_FORFEIT: ("-", "-"), None: (" ", " "),
}


def _block(rnd: Round | None, num: int, request: ByeKind | None) -> str:
    if rnd is None:
        return f"0000 - {_BYE_LETTER[request]}" if request else "        "
    entry = rnd.entry_of(num)
    if isinstance(entry, Game):
        red = entry.red == num
        letters = _RESULT_LETTERS[entry.result]
        return f"{entry.opponent_of(num):>4} {'w' if red else 'b'} {letters[0 if red else 1]}"
    kind = entry.kind if isinstance(entry, Bye) else ByeKind.ABSENT
    return f"0000 - {_BYE_LETTER[kind]}"


_LINE_BREAKS = r"\s*[\r\n\v\f\x1c-\x1e\x85\u2028\u2029]+\s*"


def one_line(text: str) -> str:
    """``text`` with each line break (typed with Alt+Enter in a cell) and the
    blanks around it as one space: a TRF record is one line (other runs of
    blanks stay: fixed-column records keep their columns)."""
    return re.sub(_LINE_BREAKS, " ", text)


def format_trf(t: Tournament) -> str:
    """The TRF text of ``t`` (lines end with CR as in TRF-2026; readers take any).
    Names and header values are written on one line (:func:`one_line`)."""
    lines = [f"012 {one_line(t.name)}"]
    lines += [f"{code} {one_line(v)}".rstrip() for code, v in t.records]
    lines += rule_records(t)
    lines.append(f"XXR {t.total_rounds}")
    xxc = ([] if t.first_colour is None else ["white1" if t.first_colour is Colour.RED else "black1"]) + (
        ["rank"] if t.initial_order else [])
    if xxc:
        lines.append("XXC " + " ".join(xxc))
    if t.points != CHESS_POINTS:
        lines.append(format_points(t.points))
    lines += [_forbidden_line(fp) for fp in t.forbidden_pairs]
    lines += [f"XXA {a.player:>4}" + "".join(f" {v:>4.1f}" for v in a.points)
              for a in t.accelerations]
    if t.acceleration_method == BAKU:
        lines.append("192 FIDE_DUTCH_2025_BAKU")
    lines += _later_requests(t)
    h = history(t)
    scores = {n: ph.score for n, ph in h.items()}
    nxt = t.next_round
    for r, bye in t.requests:  # a requested bye's points are known: the score counts them
        if r == nxt:
            points = t.points.for_outcome(_REQUEST_OUTCOME[bye.kind])
            scores[bye.player] = scores.get(bye.player, 0.0) + points
    requested_rounds = [nxt] if any(r == nxt for r, _ in t.requests) else []
    for p in t.in_initial_order():
        rank = 1 + sum(1 for s in scores.values() if s > scores[p.number])
        head = (f"001 {p.number:>4} {p.sex[:1]:1}{p.title[:3]:>3} {one_line(p.name)[:33]:<33} "
                f"{(p.rating or ''):>4} {p.federation[:3]:<3} {p.fide_id[:11]:>11} "
                f"{p.birth[:10]:<10} {scores[p.number]:>4.1f} {rank:>4}")
        blocks = [_block(rnd, p.number, None) for rnd in t.rounds]
        for r in requested_rounds:
            blocks.append(_block(None, p.number, t.requests_for(r).get(p.number)))
        lines.append((head + "".join("  " + b for b in blocks)).rstrip())
    return "\r".join(lines) + "\r"


_REQUEST_OUTCOME = {ByeKind.PAIRING: Outcome.PAIRING_BYE, ByeKind.FULL: Outcome.FULL_BYE,
                    ByeKind.HALF: Outcome.HALF_BYE, ByeKind.ZERO: Outcome.ZERO_BYE,
                    ByeKind.ABSENT: Outcome.ABSENT}


def _later_requests(t: Tournament) -> list[str]:
    """The byes and absences asked for rounds after the next one: a column
    holds only the next round's (a second column would read as a round
    paired), so these are TRF-2026 ``240`` records (F, H, Z) and, for an
    absence, ``XXB status N absent K`` (unless the records say so already)."""
    nxt = t.next_round
    kept = {tuple(v.split()) for k, v in t.records if k == "XXB"}
    by_kind: dict[tuple[int, str], list[int]] = {}
    out: list[str] = []
    for r, bye in sorted(t.requests, key=lambda rb: (rb[0], rb[1].player)):
        if r <= nxt:
            continue
        letter = _BYE_LETTER[bye.kind]
        if letter in _BYE_RECORD_KINDS:
            by_kind.setdefault((r, letter), []).append(bye.player)
        elif bye.kind is ByeKind.ABSENT and ("status", str(bye.player), "absent", str(r)) not in kept:
            out.append(f"XXB status {bye.player} absent {r}")
    out += [f"240 {letter} {r:03d} " + " ".join(f"{n:>4}" for n in players)
            for (r, letter), players in sorted(by_kind.items())]
    return out


def _forbidden_line(fp: ForbiddenPairs) -> str:
    if fp.first_round == 1 and fp.last_round is None:
        return "XXP " + " ".join(str(n) for n in fp.players)
    last = fp.last_round if fp.last_round is not None else 999
    return f"260 {fp.first_round:03d} {last:03d} " + " ".join(f"{n:>4}" for n in fp.players)


def write_trf(t: Tournament, path: str | Path) -> None:
    with open(path, "w", encoding="utf-8", newline="") as fh:
        fh.write(format_trf(t))
