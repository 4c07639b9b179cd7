"""The TRF's header records, read as the FIDE reference engine (bbpPairings)
reads them (:class:`Header`): ``012`` name; ``XXR``/``142`` rounds;
``XXC``/``152`` the initial colour; the points system (``162``, ``BBx``);
forbidden pairs (``XXP``, ``260``); virtual points (``XXA``, ``250``, the
Baku method of a ``192`` type); byes of the next round (``240``); the records
kept unchanged (:data:`INFORMATIONAL_RECORDS`, ``XXB``).  Each reader raises
:class:`~.trf_fields.BadRecord` saying what is wrong with its record; the
reader of the whole file (engine/formats/trf.py) places it at its line."""

from __future__ import annotations

import re

from ..model import BAKU, CHESS_POINTS, DEFAULT_SYSTEM, Bye, Colour, ForbiddenPairs, Points
from ..problems import InputError
from ..problems import Problem
from ..records import TEAM_RECORDS
from .trf_fields import (
    BYE_RECORD_KINDS, BadRecord, fixed_fields, player_id, positive_whole, read_number, round_no,
)
from .trf_xxb import rule_record

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
#: Settings and board order, addin/workbook/trfbook.py): kept in ``Tournament.records``
#: (written back unchanged); the engine reads those that give a rule or the
#: system (:data:`RULE_RECORDS`) and those about the players and rounds
#: (:data:`PLAYER_RECORDS`), for every route alike; the workbook layer reads
#: its own Settings from the rest.
PROGRAM_RECORDS = frozenset({"XXB"})

#: Records the engine cannot honour: refused.
UNSUPPORTED_RECORDS = {"299": "problem.trf_299"}
"""(the key of the problem saying why)"""


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


# TRF 162 codes (TRF-2026: W D L A P; A and its older name Z: a zero-point
# bye and a forfeit loss; P and our older U: the pairing-allocated bye; F and
# H are our own: a forfeit loss / a half-point bye scored apart).
# (patterns compiled on first use, by re's cache: not when a TRF without them is read)
_POINT_PAIR = r"\s*([A-Za-z])\s*(-?\d+(?:\.\d*)?|-?\.\d+)"


#: 162 code -> the Points fields it sets, in reading order (the reference
#: engine's meaning; A/Z: a zero-point bye and a forfeit loss alike).
_CODE_FIELDS = {"W": ("W",), "D": ("D",), "L": ("L",), "A": ("ZB", "FL"), "Z": ("ZB", "FL"),
                "P": ("P",), "U": ("P",), "F": ("FL",), "H": ("H",)}


def points_from(given: dict[str, float]) -> Points:
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
    """The fields a ``162`` record's text (after the code) sets; :class:`BadRecord`
    says what is wrong."""
    given: dict[str, float] = {}
    pos = 0
    while pos < len(text) and text[pos:].strip():
        m = re.compile(_POINT_PAIR).match(text, pos)
        if m is None:
            raise BadRecord("problem.trf_points_pair", text=text[pos:].strip())
        code = m.group(1).upper()
        if code not in _CODE_FIELDS:
            raise BadRecord("problem.trf_points_code", code=code)
        for f in _CODE_FIELDS[code]:
            given[f] = float(m.group(2))
        pos = m.end()
    return given


def parse_points(text: str, where: str) -> Points:
    """``W 2.0    D 1.0 …`` (a ``162`` record after its code): the points
    system (TRF-2026 codes W D L A P; see :data:`_CODE_FIELDS`)."""
    try:
        return points_from(_point_fields(text))
    except BadRecord as e:
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


def _read_forbidden_xxp(line: str) -> ForbiddenPairs:
    """``XXP 3 17 25``: these players are never paired together (reference
    engine's extension)."""
    tokens = line[3:].split()
    if len(tokens) < 2:
        raise BadRecord("problem.trf_two_players", code="XXP")
    return ForbiddenPairs(tuple(player_id(x) for x in tokens))


def _read_forbidden_260(line: str) -> ForbiddenPairs:
    """TRF-2026 ``260 RR1 RRL PPP1 PPP2 …``: the players may not meet in
    rounds RR1..RRL."""
    first, last = round_no(line[4:7]), round_no(line[8:11])
    if first > last:
        raise BadRecord("problem.trf_rounds_order", first=first, last=last)
    players = tuple(player_id(text) for _, text in fixed_fields(line, 12, 4))
    if len(players) < 2:
        raise BadRecord("problem.trf_two_players", code="260")
    return ForbiddenPairs(players, first, last)


def _read_acceleration_xxa(line: str, acc: dict[int, list[float]]) -> None:
    """``XXA NNNN pp.p pp.p …``: the player's virtual points, round by round
    (blank: none), appended to what he has (as the reference engine reads it)."""
    player = player_id(line[4:8])
    values = acc.setdefault(player, [])
    for _, text in fixed_fields(line, 9, 4):
        values.append(read_number(text, "virtual points") if text.strip() else 0.0)


def _read_acceleration_250(line: str, acc: dict[int, list[float]]) -> None:
    """TRF-2026 ``250 MMMM GGGG RRF RRL PPPF PPPL``: players PPPF..PPPL carry
    GGGG virtual points in rounds RRF..RRL (match points: team events only)."""
    if len(line.rstrip()) < 31:
        raise BadRecord("problem.trf_250_short")
    if line[4:8].strip() and read_number(line[4:8], "match points"):
        raise BadRecord("problem.trf_250_match_points")
    points = read_number(line[9:13], "virtual points")
    if not points:
        raise BadRecord("problem.trf_250_zero")
    first, last = round_no(line[14:17]), round_no(line[18:21])
    lo, hi = player_id(line[22:26]), player_id(line[27:31])
    if first > last or lo > hi or line[31:].strip():
        raise BadRecord("problem.trf_250_order")
    for player in range(lo, hi + 1):
        values = acc.setdefault(player, [])
        if len(values) < last:
            values.extend([0.0] * (last - len(values)))
        values[first - 1:last] = [points] * (last - first + 1)


def _read_bye_240(line: str) -> list[tuple[int, Bye]]:
    """TRF-2026 ``240 T RRR PPPP PPPP …``: byes of type T (F, H, Z) in round RRR."""
    kind = BYE_RECORD_KINDS.get(line[4:5])
    if kind is None:
        raise BadRecord("problem.trf_bye_type", value=line[4:5])
    rnd = round_no(line[6:9])
    players = [player_id(text) for _, text in fixed_fields(line, 10, 4)]
    if not players:
        raise BadRecord("problem.trf_240_empty")
    return [(rnd, Bye(p, kind)) for p in players]


def _read_bb_points(line: str) -> float:
    """``BBW  2.0`` and the like: one points value (reference engine's extension)."""
    return read_number(line[4:12], f"{line[:3]} points")


#: ``BBx`` record -> the Points field it sets (the reference engine's meaning:
#: BBZ a zero-point bye, BBF a forfeit loss, BBU the pairing-allocated bye).
_BB_CODES = {"BBW": "W", "BBD": "D", "BBL": "L", "BBZ": "ZB", "BBF": "FL", "BBU": "P"}


class Header:
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
        """Read one header record; :class:`BadRecord` says what is wrong with it."""
        if code == "012":
            self.name = line[4:].strip()
        elif code in PROGRAM_RECORDS and (rule := rule_record(line[4:])) is not None:
            self.rules.append((*rule, i))
        elif code in INFORMATIONAL_RECORDS or code in TEAM_RECORDS or code in PROGRAM_RECORDS:
            self.records.append((code, line[4:] if len(line) > 4 else ""))
            if code in PROGRAM_RECORDS and line[4:].split():
                self.program.append((line[4:].split(), i))
            elif code == "092":
                self._read_type(line[4:].strip(), i, refuse_unknown=False)
        elif code in ("XXR", "142"):
            self.total_rounds = positive_whole(line[3:].strip(), "number of rounds")
        elif code == "XXC":
            self._read_xxc(line)
        elif code == "152":
            c = line[4:].strip()
            if c not in ("W", "B"):
                raise BadRecord("problem.trf_initial_colour", value=c)
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
            raise BadRecord(UNSUPPORTED_RECORDS[code], code=code)
        else:
            raise BadRecord("problem.trf_unknown_record", code=code)

    def _read_type(self, kind: str, i: int, refuse_unknown: bool) -> None:
        """A ``192`` (or ``092``) tournament type: the system it names
        (:data:`TYPE_SYSTEMS`) and the Baku acceleration.  A ``092`` that is
        free text (TRF16: ``Individual: Swiss-System``) names none; one that
        is a FIDE code (``FIDE_…``) Bianpai cannot pair is refused."""
        system = _type_system(kind)
        if system is None:
            if refuse_unknown or kind.upper().startswith(FIDE_TYPE_PREFIX):
                raise BadRecord("problem.trf_type", value=kind, choices=", ".join(TYPE_SYSTEMS))
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
                raise BadRecord("problem.trf_xxc_word", value=word)
