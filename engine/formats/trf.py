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

This module is the reader of the whole file (:func:`parse_trf`: the ``001``
records and the event they make); its parts: engine/formats/trf_fields.py (columns,
fields, problems), engine/formats/trf_header.py (the header records),
engine/formats/trf_xxb.py (Bianpai's ``XXB`` records) and the writer
engine/formats/trf_write.py (:func:`format_trf`, :func:`write_trf`, imported here too
for the callers that read and write).
"""

from __future__ import annotations

import os
from dataclasses import replace
from typing import TYPE_CHECKING

from ..model import Acceleration, Bye, ByeKind, Game, GameResult, Player, Round, Tournament
from ..problems import InputError, Problem
from ..records import team_records as team_records
from ..registry import get as get_system
from .trf_fields import BLOCK_START, BLOCK_WIDTH, UNPLAYED, BadRecord, TrfProblems, int_field, split_lines
from .trf_header import Header, points_from
from .trf_limits import check_text, read_bounded
from .trf_write import format_trf as format_trf, write_trf as write_trf
from .trf_xxb import STATUS_WORDS as STATUS_WORDS, program_records, rules_and_system

if TYPE_CHECKING:
    from pathlib import Path


_WIN, _DRAW, _LOSS = set("1W"), set("=D"), set("0L")


def _read_player(line: str, i: int, problems: TrfProblems
                 ) -> tuple[Player, list[tuple[int, int, str, str]]] | None:
    """A ``001`` record: the player and his round blocks (round, opponent,
    colour, result); None when it has no start number."""
    at = (problems, i)
    num = int_field(line, 4, 8, "start number", at, None)
    if num is None:
        problems.add(i, 5, "problem.trf_no_start_number")
        return None
    rating = int_field(line, 48, 52, "rating", at) or 0
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
            if opp == 0 and result not in UNPLAYED:
                problems.add(i, col + 8, "problem.trf_unplayed_code", round=rnd, value=result)
            elif opp != 0 and result not in "10=WDL+- ":
                problems.add(i, col + 8, "problem.trf_game_result", round=rnd, value=result)
            elif opp == num:
                problems.add(i, col + 1, "problem.trf_self", round=rnd, player=num)
            entries.append((rnd, opp, colour, result))
        col += BLOCK_WIDTH
        rnd += 1
    return player, entries


def parse_trf(text: str, source: str = "<trf>") -> Tournament:
    """Read a TRF.  Every problem is reported at once (one :class:`InputError`),
    each at ``source:line:column``."""
    check_text(text, source)  # the bounds first (issue 30 item 4)
    problems = TrfProblems(source)
    header = Header()
    players: list[Player] = []
    blocks: dict[int, list[tuple[int, int, str, str]]] = {}  # number -> [(round, opp, col, res)]
    line_of: dict[int, int] = {}
    lines = split_lines(text)

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
        except BadRecord as e:
            problems.add_args(i, 1, e.key, {"record": line.rstrip()[:60], **e.args_})
    if not any(line.strip() for line in lines):
        problems.add(1, 1, "problem.trf_empty")

    t = _tournament(header, players, blocks, line_of, problems)
    if problems:
        raise InputError(problems)
    assert t is not None
    return t


def _tournament(header: Header, players: list[Player],
                blocks: dict[int, list[tuple[int, int, str, str]]], line_of: dict[int, int],
                problems: TrfProblems) -> Tournament | None:
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
                byes.append(Bye(num, UNPLAYED.get(res, ByeKind.ABSENT)))
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
    rules, system = rules_and_system(header.rules, header.declared, total, problems)
    players, rounds, requests = program_records(header.program, players, rounds, requests, problems)
    if problems:
        return None
    return Tournament(
        name=header.name, players=tuple(sorted(players, key=lambda p: p.number)),
        rounds=tuple(rounds), total_rounds=total, points=points_from(header.points),
        requests=tuple(requests), first_colour=header.first_colour,
        initial_order=tuple(p.number for p in players) if header.by_file_order else (),
        rules=rules, system=system, records=tuple(header.records),
        forbidden_pairs=tuple(fp for fp, _ in header.forbidden),
        accelerations=tuple(Acceleration(p, tuple(v))
                            for p, v in sorted(header.accelerations.items())),
        acceleration_method=header.acceleration_method,
    )


def _bye_records(header: Header, rounds: list[Round], numbers: set[int],
                 requests: list[tuple[int, Bye]], problems: TrfProblems) -> list[tuple[int, Bye]]:
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
    for i, line in enumerate(split_lines(text), start=1):
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
    # start-up time: the checker (25 ms) only for import-trf, not for trf-pair or export-trf
    from ..checker import history_problems, structure

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
