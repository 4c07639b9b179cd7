"""The TRF writer: :func:`format_trf` writes an event as the reader
(engine/formats/trf.py) reads it back — the header records (those kept, the ``XXB``
rule records, rounds, colour, points, forbidden pairs, virtual points, the
byes asked for later rounds) and one ``001`` record per player with his
round blocks."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ..model import (
    BAKU, CHESS_POINTS, Bye, ByeKind, Colour, ForbiddenPairs, Game, GameResult, Outcome, Round, Tournament,
    history,
)
from .trf_fields import BYE_LETTER, BYE_RECORD_KINDS
from .trf_header import format_points
from .trf_xxb import rule_records

if TYPE_CHECKING:
    from pathlib import Path

_RESULT_LETTERS = {
    GameResult.RED_WIN: ("1", "0"), GameResult.DRAW: ("=", "="), GameResult.BLACK_WIN: ("0", "1"),
    GameResult.RED_FORFEIT_WIN: ("+", "-"), GameResult.BLACK_FORFEIT_WIN: ("-", "+"),
    GameResult.DOUBLE_FORFEIT: ("-", "-"), None: (" ", " "),
}


def _block(rnd: Round | None, num: int, request: ByeKind | None) -> str:
    if rnd is None:
        return f"0000 - {BYE_LETTER[request]}" if request else "        "
    entry = rnd.entry_of(num)
    if isinstance(entry, Game):
        red = entry.red == num
        letters = _RESULT_LETTERS[entry.result]
        return f"{entry.opponent_of(num):>4} {'w' if red else 'b'} {letters[0 if red else 1]}"
    kind = entry.kind if isinstance(entry, Bye) else ByeKind.ABSENT
    return f"0000 - {BYE_LETTER[kind]}"


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
        letter = BYE_LETTER[bye.kind]
        if letter in BYE_RECORD_KINDS:
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
