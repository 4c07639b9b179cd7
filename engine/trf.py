"""FIDE Tournament Report File (TRF16 / TRF-2026): read and write.

Colour ``w`` is red (先), ``b`` black.  Player records (``001``) carry one
10-column block per round from column 92: opponent (4), blank, colour, blank,
result.  Results: ``1 = 0`` played (``W D L`` unrated played), ``+ -`` forfeit,
and with opponent ``0000``: ``U`` pairing-allocated bye, ``F`` full-point bye,
``H`` half-point bye, ``Z`` zero-point bye, ``-`` absent.  A blank result with
an opponent is a game not finished yet.

The last round column holding only requested byes/absences (no game, no
``U``) is the round to pair next: those entries become ``Tournament.requests``.
Header records other than ``012``, ``XXR``, ``XXC`` and ``162`` are kept in
``Tournament.options`` as ``trf.<code>`` and written back unchanged.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Literal

from .model import (
    CHESS_POINTS, Bye, ByeKind, Colour, Game, GameResult, Player, Points, Round, Tournament,
    history,
)
from .problems import InputError, Problem, problem

BLOCK_START = 91  # 0-based column of the first round block (column 92)
BLOCK_WIDTH = 10

_UNPLAYED = {"U": ByeKind.PAIRING, "F": ByeKind.FULL, "H": ByeKind.HALF,
             "Z": ByeKind.ZERO, "-": ByeKind.ABSENT, " ": ByeKind.ABSENT}
_BYE_LETTER = {v: k for k, v in _UNPLAYED.items() if k != " "}
_WIN, _DRAW, _LOSS = set("1W"), set("=D"), set("0L")

# TRF 162 codes -> Points fields
_POINT_CODES = {"W": ("win",), "D": ("draw",), "L": ("loss",), "U": ("bye",),
                "F": ("forfeit_loss",), "Z": ("zero_bye",), "H": ("half_bye",)}


def _lines(text: str) -> list[str]:
    return re.split(r"\r\n|\r|\n", text)


def parse_points(tokens: list[str], where: str, line: int | None = None) -> Points:
    """``162 W 2.0 D 1.0 …``: the points system (defaults: FIDE 1/½/0; a bye,
    a forfeit win and a full-point bye score W; a half-point bye scores D)."""
    given: dict[str, float] = {}
    if len(tokens) % 2:
        raise InputError(problem("problem.trf_162_pairs", line=line, where=where, tokens=" ".join(tokens)))
    for code, value in zip(tokens[::2], tokens[1::2], strict=True):
        if code not in _POINT_CODES:
            raise InputError(problem("problem.trf_162_code", line=line, where=where, code=code))
        try:
            given[code] = float(value)
        except ValueError:
            raise InputError(problem("problem.trf_162_value", line=line, where=where, code=code,
                                     value=value)) from None
    win = given.get("W", CHESS_POINTS.win)
    draw = given.get("D", CHESS_POINTS.draw)
    return Points(
        win=win, draw=draw, loss=given.get("L", 0.0), bye=given.get("U", win),
        forfeit_win=win, forfeit_loss=given.get("F", 0.0), full_bye=win,
        half_bye=given.get("H", draw), zero_bye=given.get("Z", 0.0),
    )


def _fmt_points(x: float) -> str:
    return f"{x:.1f}"


def format_points(p: Points) -> str:
    return (f"162 W {_fmt_points(p.win)} D {_fmt_points(p.draw)} L {_fmt_points(p.loss)}"
            f" U {_fmt_points(p.bye)} F {_fmt_points(p.forfeit_loss)}"
            f" Z {_fmt_points(p.zero_bye)} H {_fmt_points(p.half_bye)}")


def _int_field(line: str, a: int, b: int, what: str, where: str, problems: list[Problem],
               default: int | None = 0, line_no: int | None = None) -> int | None:
    raw = line[a:b].strip()
    if not raw:
        return default
    try:
        return int(raw)
    except ValueError:
        problems.append(problem("problem.trf_number", line=line_no, where=where, field=what, value=raw,
                                first=a + 1, last=b))
        return default


def parse_trf(text: str, source: str = "<trf>") -> Tournament:
    """Read a TRF.  Every problem is reported at once, as ``source:line: …``."""
    problems: list[Problem] = []
    name = ""
    total_rounds: int | None = None
    points = CHESS_POINTS
    first_colour: Colour | None = None
    options: list[tuple[str, str]] = []
    players: list[Player] = []
    blocks: dict[int, list[tuple[int, int, str, str]]] = {}  # number -> [(round, opp, colour, result)]
    line_of: dict[int, int] = {}

    for i, line in enumerate(_lines(text), start=1):
        where = f"{source}:{i}"
        if not line.strip():
            continue
        code = line[:3]
        rest = line[4:] if len(line) > 3 else ""
        if code == "001":
            num = _int_field(line, 4, 8, "start number", where, problems, None, i)
            if num is None:
                problems.append(problem("problem.trf_no_number", line=i, where=where))
                continue
            if num in line_of:
                problems.append(problem("problem.trf_number_twice", line=i, where=where, number=num,
                                        first=line_of[num]))
                continue
            line_of[num] = i
            rating = _int_field(line, 48, 52, "rating", where, problems, 0, i) or 0
            players.append(Player(
                number=num, name=line[14:47].strip(), rating=rating, sex=line[9:10].strip(),
                title=line[10:13].strip(), federation=line[53:56].strip(),
                fide_id=line[57:68].strip(), birth=line[69:79].strip(),
            ))
            entries = []
            col = BLOCK_START
            rnd = 1
            while col < len(line):
                block = line[col:col + 8].ljust(8)
                if block.strip():
                    opp_raw, colour, result = block[0:4].strip(), block[5], block[7]
                    try:
                        opp = int(opp_raw) if opp_raw else 0
                    except ValueError:
                        problems.append(problem("problem.trf_opponent", line=i, where=where, round=rnd,
                                                value=opp_raw))
                        opp = 0
                    if colour not in "wb- ":
                        problems.append(problem("problem.trf_colour", line=i, where=where, round=rnd,
                                                value=colour))
                    if opp == 0 and result not in _UNPLAYED:
                        problems.append(problem("problem.trf_unplayed", line=i, where=where, round=rnd,
                                                value=result))
                    if opp != 0 and result not in "10=WDL+- ":
                        problems.append(problem("problem.trf_result", line=i, where=where, round=rnd,
                                                value=result))
                    entries.append((rnd, opp, colour, result))
                col += BLOCK_WIDTH
                rnd += 1
            blocks[num] = [(r, o, c, res) for r, o, c, res in entries]
        elif code == "012":
            name = rest.strip()
        elif line.startswith("XXR"):
            total_rounds = _int_field(line, 3, len(line), "XXR", where, problems, None, i)
        elif line.startswith("XXC"):
            word = line[3:].strip().lower()
            if word.startswith("white") or word.startswith("red"):
                first_colour = Colour.RED
            elif word.startswith("black"):
                first_colour = Colour.BLACK
            else:
                problems.append(problem("problem.trf_xxc", line=i, where=where, value=word))
        elif code == "162":
            try:
                points = parse_points(rest.split(), where, i)
            except InputError as e:
                problems.extend(e.problems)
        else:
            options.append((f"trf.{line[:3].strip()}", line[4:] if len(line) > 4 else ""))

    numbers = {p.number for p in players}
    n_cols = max((r for es in blocks.values() for r, *_ in es), default=0)
    rounds: list[Round] = []
    requests: list[tuple[int, Bye]] = []
    for r in range(1, n_cols + 1):
        games: list[Game] = []
        byes: list[Bye] = []
        done: set[int] = set()
        for num in sorted(blocks):
            ent = {rr: (o, c, res) for rr, o, c, res in blocks[num]}
            if num in done:
                continue
            where = f"{source}:{line_of[num]}"
            if r not in ent:
                byes.append(Bye(num, ByeKind.ABSENT))
                continue
            opp, colour, res = ent[r]
            if opp == 0:
                byes.append(Bye(num, _UNPLAYED[res]))
                continue
            if opp not in numbers:
                problems.append(problem("problem.trf_unknown_opponent", line=line_of[num], where=where,
                                        round=r, opponent=opp))
                continue
            other = {rr: (o, c, s) for rr, o, c, s in blocks[opp]}.get(r)
            if other is None or other[0] != num:
                problems.append(problem("problem.trf_one_sided", line=line_of[num], where=where, round=r,
                                        number=num, opponent=opp, other_line=line_of[opp]))
                continue
            _, ocolour, ores = other
            if colour == "w" or (colour != "b" and ocolour == "b") or \
                    (colour not in "wb" and ocolour not in "wb" and num < opp):
                red, black, rres, bres = num, opp, res, ores
            else:
                red, black, rres, bres = opp, num, ores, res
            outcome = _game_result(rres, bres)
            if outcome is False:
                problems.append(problem("problem.trf_results_disagree", line=line_of[num], where=where,
                                        round=r, number=num, opponent=opp, result=res, other=ores))
                continue
            games.append(Game(red, black, outcome))
            done.update((num, opp))
        if not games and not any(b.kind is ByeKind.PAIRING for b in byes) and r == n_cols:
            requests += [(r, b) for b in byes if not _blank(blocks[b.player], r)]
        else:
            rounds.append(Round(r, tuple(games), tuple(byes)))

    if problems:
        raise InputError(problems)
    t = Tournament(
        name=name, players=tuple(sorted(players, key=lambda p: p.number)), rounds=tuple(rounds),
        total_rounds=total_rounds if total_rounds is not None else max(n_cols, len(rounds)),
        points=points, requests=tuple(requests), first_colour=first_colour,
        options=tuple(options),
    )
    return t


def _blank(entries: list[tuple[int, int, str, str]], r: int) -> bool:
    return all(rr != r for rr, *_ in entries)


def _game_result(red: str, black: str) -> GameResult | None | Literal[False]:
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


def read_trf(path: str | Path) -> Tournament:
    p = Path(path)
    try:
        data = p.read_bytes()
    except OSError as e:
        raise FileNotFoundError(f"{p}: {e.strerror}") from e
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        text = data.decode("latin-1")
    return parse_trf(text, str(p))


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


_LINE_BREAKS = re.compile(r"\s*[\r\n\v\f\x1c-\x1e\x85\u2028\u2029]+\s*")


def one_line(text: str) -> str:
    """``text`` with each line break (typed with Alt+Enter in a cell) and the
    blanks around it as one space: a TRF record is one line (other runs of
    blanks stay: fixed-column records keep their columns)."""
    return _LINE_BREAKS.sub(" ", text)


def format_trf(t: Tournament) -> str:
    """The TRF text of ``t`` (lines end with CR as in TRF-2026; readers take any).
    Names and header values are written on one line (:func:`one_line`)."""
    lines = [f"012 {one_line(t.name)}"]
    lines += [f"{k[4:]} {one_line(v)}".rstrip() for k, v in t.options if k.startswith("trf.")]
    lines.append(f"XXR {t.total_rounds}")
    if t.first_colour is not None:
        lines.append("XXC white1" if t.first_colour is Colour.RED else "XXC black1")
    if t.points != CHESS_POINTS:
        lines.append(format_points(t.points))
    h = history(t)
    scores = {n: ph.score for n, ph in h.items()}
    requested_rounds = sorted({r for r, _ in t.requests})
    for p in t.players:
        rank = 1 + sum(1 for s in scores.values() if s > scores[p.number])
        head = (f"001 {p.number:>4} {p.sex[:1]:1}{p.title[:3]:>3} {one_line(p.name)[:33]:<33} "
                f"{(p.rating or ''):>4} {p.federation[:3]:<3} {p.fide_id[:11]:>11} "
                f"{p.birth[:10]:<10} {scores[p.number]:>4.1f} {rank:>4}")
        blocks = [_block(rnd, p.number, None) for rnd in t.rounds]
        for r in requested_rounds:
            blocks.append(_block(None, p.number, t.requests_for(r).get(p.number)))
        lines.append((head + "".join("  " + b for b in blocks)).rstrip())
    return "\r".join(lines) + "\r"


def write_trf(t: Tournament, path: str | Path) -> None:
    Path(path).write_text(format_trf(t), encoding="utf-8", newline="")
