"""TRF team records: a team event written to and read from a FIDE Tournament
Report File, on top of :mod:`trf` (whose ``001`` player records carry the
individual games).

TRF16 (C.04 Annex 2) has one team record, ``013``: the team name in columns
5–36, then the members' start numbers, 4 columns each with a blank between,
from column 37; teams are numbered in the order of their ``013`` records.
TRF-2026, as its published descriptions read (the FIDE text was not at hand
here), replaces it by ``310`` and adds records this module also uses:

* ``310`` — team number (columns 5–7), name (9–41), federation (42–46),
  average rating (47–53), match points (54–59), game points (60–67), rank
  (68–71), then the members' start numbers (4 columns each, blank between)
  from column 73;
* ``300`` — a match: round, first team, second team, then the first team's
  players on boards 1..n and the second team's (``0``: an empty board);
  a team whose players are all ``0`` did not turn up;
* ``352`` — the first team's colour on each board (``WBWB`` …);
* ``362`` — match points: ``TW 2.0 TD 1.0 TL 0.0``.

The board results are the ``001`` games; a player whose board had nobody
opposite is written as a full-point bye ``F`` in his round column (TRF has no
forfeit without an opponent), and members of a team with a team bye carry the
bye's letter (``U``, ``F``, ``H``, ``Z``, ``-``).  Reading TRF16 (no ``300``),
matches are rebuilt from the games, boards in roster order; an empty board or a
team that did not turn up cannot be told from a bye there — TRF-2026 files
keep everything.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Callable

from ..model import Bye, ByeKind, Colour, Game, Player, Round, Tournament
from ..results import InputError, Pairing
from ..problems import Problem, problem
from ..teams.model import (
    BoardGame, BoardResult, ColourRule, MatchPoints, Member, Team, TeamBye, TeamEvent, TeamMatch,
    TeamRound, TeamSettings, validate_event,
)
from ..teams.points import board_as_red_black, board_from_red_black, first_team_colour, team_history
from ..records import team_records
from ..registry import get as get_system
from ..registry import pair_next_round
from ..teams.projection import pair_team_round
from .trf import parse_trf, player_lines
from .trf_fields import BLOCK_START, BLOCK_WIDTH, split_lines
from .trf_write import format_trf

TRF16 = "16"
TRF2026 = "2026"


# ---------------------------------------------------------------------------
# Writing
# ---------------------------------------------------------------------------


def individual_tournament(ev: TeamEvent) -> Tournament:
    """The players' tournament: every member a player, every board with two
    players a game (red–black by the event's colour rule), a board with one
    player a full-point bye, a team bye its members' bye."""
    s = ev.settings
    players = tuple(sorted(
        (Player(m.number, m.name, m.rating, club=t.name, sex=m.sex, fide_id=m.fide_id)
         for t in ev.teams for m in t.roster), key=lambda p: p.number))
    rounds = []
    for rnd in ev.rounds:
        games: list[Game] = []
        byes: list[Bye] = []
        for m in rnd.matches:
            for b in m.boards:
                rb = board_as_red_black(b, s.colours)
                if rb.red is not None and rb.black is not None:
                    games.append(Game(rb.red, rb.black, rb.result))
                elif rb.red is not None or rb.black is not None:
                    byes.append(Bye(rb.red if rb.red is not None else rb.black,  # type: ignore[arg-type]
                                    ByeKind.FULL))
        for tb in rnd.byes:
            byes += [Bye(mem.number, tb.kind) for mem in ev.team(tb.team).roster]
        rounds.append(Round(rnd.number, tuple(games), tuple(byes)))
    return Tournament(ev.name, players, tuple(rounds), ev.total_rounds, s.board_points,
                      rules=ev.rules, system=ev.system)


def _members(team: Team) -> str:
    return " ".join(f"{m.number:>4}" for m in team.roster)


def team_record_013(team: Team) -> str:
    """TRF16 ``013``: name in columns 5-36, members from column 37."""
    return f"013 {team.name[:32]:<32}{_members(team)}"


def team_record_310(team: Team, mp: float, gp: float, rank: int) -> str:
    """TRF-2026 ``310`` (columns as the module docstring says)."""
    return (f"310 {team.number:>3} {team.name[:33]:<33}{'':<5}{team.rating or '':>7}"
            f"{mp:>6.1f}{gp:>8.1f}{rank:>4} {_members(team)}")


def match_record_300(round_no: int, m: TeamMatch) -> str:
    """``300``: round, the two teams, their players board by board (0: empty)."""
    firsts = " ".join(f"{b.first or 0:>4}" for b in m.boards)
    seconds = " ".join(f"{b.second or 0:>4}" for b in m.boards)
    return f"300 {round_no:>3} {m.first:>3} {m.second:>3} {firsts} {seconds}"


def colour_record_352(ev: TeamEvent) -> str:
    return "352 " + "".join("W" if first_team_colour(b, ev.settings.colours) is Colour.RED else "B"
                            for b in range(1, ev.boards + 1))


def points_record_362(mp: MatchPoints) -> str:
    return f"362 TW {mp.win:.1f} TD {mp.draw:.1f} TL {mp.loss:.1f}"


def format_team_trf(ev: TeamEvent, version: str = TRF2026) -> str:
    """The TRF text of ``ev``: ``001`` records by :func:`trf.format_trf`, and
    the team records of ``version`` (``"16"``: ``013``; ``"2026"``: ``310``,
    ``300``, ``352``, ``362``)."""
    if version not in (TRF16, TRF2026):
        raise InputError(problem("problem.trf_version", value=version, choices=f"{TRF16}, {TRF2026}"))
    t = individual_tournament(ev)
    records: list[str] = []
    h = team_history(ev)
    order = sorted(ev.teams, key=lambda x: x.number)
    if version == TRF16:
        records += [team_record_013(x) for x in order]
    else:
        records += [colour_record_352(ev), points_record_362(ev.settings.match_points)]
        for x in order:
            mp = h[x.number].match_points
            rank = 1 + sum(1 for y in h.values() if y.match_points > mp)
            records.append(team_record_310(x, mp, h[x.number].board_points, rank))
        records += [match_record_300(r.number, m) for r in ev.rounds for m in r.matches]
    records += team_status_records(ev)
    kept = tuple((line[:3], line[4:]) for line in records)
    return format_trf(replace(t, records=kept))


TEAM_RECORD = "team"
"""Bianpai's ``XXB team T …`` records: what a team event says of a team beyond
its roster — ``XXB team T withdrawn K`` (withdrawn from round K), ``XXB team
T joins K`` (a late entry from round K) and ``XXB team T absent K`` (or
``half-point bye``, ``full-point bye``, ``zero-point bye``: a team bye asked
for round K).  TRF-2026 has none of these; without them a TRF pairs a
withdrawn team, or one that asked for a bye."""

_REQUEST_WORDS = {ByeKind.ABSENT: "absent", ByeKind.HALF: "half-point bye", ByeKind.FULL: "full-point bye",
                  ByeKind.ZERO: "zero-point bye", ByeKind.PAIRING: "pairing bye"}


def team_status_records(ev: TeamEvent) -> list[str]:
    """The ``XXB team`` records of ``ev`` (:data:`TEAM_RECORD`)."""
    out = [f"XXB {TEAM_RECORD} {x.number} withdrawn {x.withdrawn_from}"
           for x in sorted(ev.teams, key=lambda x: x.number) if x.withdrawn_from is not None]
    out += [f"XXB {TEAM_RECORD} {x.number} joins {x.joins_from}"
            for x in sorted(ev.teams, key=lambda x: x.number) if x.joins_from != 1]
    out += [f"XXB {TEAM_RECORD} {b.team} {_REQUEST_WORDS[b.kind]} {r}" for r, b in ev.requests]
    return out


def _read_team_status(text: str, source: str, ev: TeamEvent, problems: list[Problem]) -> TeamEvent:
    """``ev`` with its ``XXB team`` records applied (:data:`TEAM_RECORD`); one
    not understood, or naming no team, is refused naming its line."""
    teams = {x.number: x for x in ev.teams}
    requests = list(ev.requests)
    kinds = {w: k for k, w in _REQUEST_WORDS.items()}
    for i, line in enumerate(split_lines(text), start=1):
        words = line[4:].split()
        if line[:3] != "XXB" or not words or words[0] != TEAM_RECORD:
            continue
        record = line.rstrip()[:60]
        team = int(words[1]) if len(words) > 1 and words[1].isdigit() else None
        k = int(words[-1]) if len(words) > 3 and words[-1].isdigit() and int(words[-1]) >= 1 else None
        what = " ".join(words[2:-1])
        if team not in teams:
            problems.append(problem("problem.trf_xxb_player", where=f"{source}:{i}:5", line=i, record=record,
                                    value=words[1] if len(words) > 1 else ""))
        elif k is not None and what == "withdrawn":
            teams[team] = replace(teams[team], withdrawn_from=k)
        elif k is not None and what == "joins":
            teams[team] = replace(teams[team], joins_from=k)
        elif k is not None and what in kinds:
            if k >= ev.next_round and (k, team) not in {(r, b.team) for r, b in requests}:
                requests.append((k, TeamBye(team, kinds[what])))
        else:
            problems.append(problem("problem.trf_xxb_record", where=f"{source}:{i}:5", line=i, record=record))
    return replace(ev, teams=tuple(teams[x.number] for x in ev.teams), requests=tuple(requests))


# ---------------------------------------------------------------------------
# Reading
# ---------------------------------------------------------------------------


Place = tuple[str, int | None]
"""Where a team record is: (``file:line:column``, line)."""


def _numbers(text: str, at: Place, problems: list[Problem], code: str) -> list[int]:
    out = []
    for tok in text.split():
        try:
            out.append(int(tok))
        except ValueError:
            problems.append(problem("problem.trf_team_number", where=at[0], line=at[1], code=code, value=tok))
    return out


def _colour_rule(pattern: str, at: Place, problems: list[Problem]) -> ColourRule:
    p = pattern.strip().upper()
    if p.startswith("W"):
        return ColourRule.ODD_BOARDS_RED
    if p.startswith("B"):
        return ColourRule.EVEN_BOARDS_RED
    problems.append(problem("problem.trf_352", where=at[0], line=at[1], value=pattern))
    return ColourRule.ODD_BOARDS_RED


def _match_points(text: str, at: Place, problems: list[Problem]) -> MatchPoints:
    toks = text.split()
    got: dict[str, float] = {}
    for code, val in zip(toks[::2], toks[1::2], strict=False):
        try:
            got[code] = float(val)
        except ValueError:
            problems.append(problem("problem.trf_362", where=at[0], line=at[1], value=val, code=code))
    d = MatchPoints()
    win = got.get("TW", d.win)
    return MatchPoints(win=win, draw=got.get("TD", d.draw), loss=got.get("TL", d.loss),
                       forfeit_win=win, forfeit_loss=got.get("TL", d.loss), bye=win)


TEAM_CODES = ("013", "310", "300", "352", "362")
"""The team records (TRF16 ``013``; TRF-2026 ``310`` team, ``300`` match,
``352`` colours, ``362`` match points)."""


def parse_team_trf(text: str, source: str = "<trf>", boards: int | None = None) -> TeamEvent:
    """Read a team event from a TRF16 or TRF-2026 text; every problem at once."""
    t = parse_trf(text, source)
    problems: list[Problem] = []
    team_lines, line_nos = _team_record_lines(t, text, source)
    players = {p.number: p for p in t.players}
    got = _read_team_records(team_lines, line_nos, source, boards, problems)
    owner = _owners(got, players, source, problems)
    n_boards = got.boards if got.boards is not None else _boards_played(t, owner)
    first_record = min(got.roster_line.values(), default=1)

    def place(found: list[Problem]) -> list[Problem]:
        return _placed(found, text, source,
                       lambda p: _team_line(p, got.roster_line, got.match_line) or first_record)

    if problems:
        raise InputError(place(problems))
    teams = _teams(got.rosters, players, n_boards)
    settings = TeamSettings(match_points=got.match_points, board_points=t.points, colours=got.rule)
    ev = TeamEvent(t.name, teams, boards=n_boards, total_rounds=t.total_rounds, settings=settings,
                   rules=t.rules, system=t.system)
    rounds = _team_rounds(ev, t, got.match_rows, owner, source, problems)
    if problems:
        raise InputError(place(problems))
    ev = replace(ev, rounds=tuple(rounds), requests=tuple(_team_requests(t, teams)))
    ev = _read_team_status(text, source, ev, problems)
    if problems:
        raise InputError(problems)
    # the team event's own rules (engine/teams/model.py), each at the record it comes from
    found = validate_event(ev)
    if found:
        raise InputError(place([p if p.where else p.at(source) for p in found]))
    return ev


def _team_record_lines(t: Tournament, text: str, source: str) -> tuple[list[tuple[str, str]], list[int]]:
    """The team records the reader kept, (code, rest of the line), and their
    lines; refused when there is no ``013``/``310`` team record."""
    team_lines = [(code, v) for code, v in t.records if code in TEAM_CODES]
    line_nos = [i for i, line in enumerate(split_lines(text), start=1) if line[:3] in TEAM_CODES]
    if not any(k in ("013", "310") for k, _ in team_lines):  # (at the first match record, if any)
        if not line_nos:  # no team record of any kind: not a team file
            raise InputError(problem("problem.trf_no_teams", where=source))
        raise InputError(problem("problem.trf_no_teams", where=f"{source}:{line_nos[0]}:1", line=line_nos[0]))
    return team_lines, line_nos


@dataclass
class _TeamRecords:
    """What the team records say, as they are read."""

    boards: int | None
    # (team, name, rating, members) of each 013/310 record
    rosters: list[tuple[int, str, int, list[int]]] = field(default_factory=list)
    rule: ColourRule = ColourRule.ODD_BOARDS_RED
    match_points: MatchPoints = field(default_factory=MatchPoints)
    # (round, team, team, the boards' players) of each 300 record
    match_rows: list[tuple[int, int, int, list[int]]] = field(default_factory=list)
    roster_line: dict[int, int] = field(default_factory=dict)  # team -> the line of its 013/310 record
    # (round, team) -> the line of its 300 record
    match_line: dict[tuple[int, int], int] = field(default_factory=dict)


def _read_team_records(team_lines: list[tuple[str, str]], line_nos: list[int], source: str,
                       boards: int | None, problems: list[Problem]) -> _TeamRecords:
    """The rosters, colours, match points and matches of the team records."""
    got = _TeamRecords(boards)
    for i, (code, v) in enumerate(team_lines):
        line_no = line_nos[i] if i < len(line_nos) else None
        at: Place = (f"{source}:{line_no}:1" if line_no is not None else source, line_no)
        if code in ("013", "310"):
            got.rosters.append(_roster(code, f"{code} {v}", len(got.rosters) + 1, at, problems))
            if line_no is not None:
                got.roster_line[got.rosters[-1][0]] = line_no
        elif code == "352":
            got.rule = _colour_rule(v, at, problems)
            got.boards = got.boards or len(v.strip())
        elif code == "362":
            got.match_points = _match_points(v, at, problems)
        else:
            _read_match_300(v, line_no, at, got, problems)
    return got


def _roster(code: str, line: str, default: int, at: Place, problems: list[Problem]
            ) -> tuple[int, str, int, list[int]]:
    """(team, name, rating, members) of a TRF16 ``013`` (numbered in order:
    ``default``) or TRF-2026 ``310`` record."""
    if code == "013":
        return default, line[4:36].strip(), 0, _numbers(line[36:], at, problems, code)
    num = _numbers(line[4:7], at, problems, code)
    rating = _numbers(line[46:53], at, problems, code)
    return (num[0] if num else default, line[8:41].strip(),
            rating[0] if rating else 0, _numbers(line[72:], at, problems, code))


def _read_match_300(v: str, line_no: int | None, at: Place, got: _TeamRecords,
                    problems: list[Problem]) -> None:
    """A TRF-2026 ``300`` record (round, the two teams, the boards' players)."""
    nums = _numbers(v, at, problems, "300")
    if len(nums) < 3 or (len(nums) - 3) % 2:
        problems.append(problem("problem.trf_300_short", where=at[0], line=at[1]))
        return
    got.match_rows.append((nums[0], nums[1], nums[2], nums[3:]))
    if line_no is not None:
        for team in nums[1:3]:
            got.match_line.setdefault((nums[0], team), line_no)
    got.boards = got.boards or (len(nums) - 3) // 2


def _owners(got: _TeamRecords, players: dict[int, Player], source: str,
            problems: list[Problem]) -> dict[int, int]:
    """Each member's team; a member who is no player is refused."""
    owner: dict[int, int] = {}
    for team_no, _, _, roster in got.rosters:
        for m in roster:
            if m not in players:
                problems.append(problem("problem.trf_member_unknown", where=source, team=team_no, player=m,
                                        line=got.roster_line.get(team_no)))
            owner[m] = team_no
    return owner


def _boards_played(t: Tournament, owner: dict[int, int]) -> int:
    """TRF16 (no board count): the most games two teams played in a round."""
    counts = [sum(1 for g in r.games if {owner.get(g.red), owner.get(g.black)} == pair)
              for r in t.rounds for pair in ({owner.get(g.red), owner.get(g.black)} for g in r.games)]
    return max(counts, default=1)


def _teams(rosters: list[tuple[int, str, int, list[int]]], players: dict[int, Player], n_boards: int
           ) -> tuple[Team, ...]:
    """The teams of the rosters (members past the boards are reserves)."""
    return tuple(Team(num, name, rating=rating, roster=tuple(
        Member(m, players[m].name, players[m].rating, reserve=j >= n_boards, sex=players[m].sex,
               fide_id=players[m].fide_id) for j, m in enumerate(members)))
        for num, name, rating, members in rosters)


def _team_rounds(ev: TeamEvent, t: Tournament, match_rows: list[tuple[int, int, int, list[int]]],
                 owner: dict[int, int], source: str, problems: list[Problem]) -> list[TeamRound]:
    """The rounds' matches (from the ``300`` records, else from the games) and byes."""
    rounds = []
    for rnd in t.rounds:
        rows = [row for row in match_rows if row[0] == rnd.number]
        matches = (_matches_from_300(ev, rnd, rows, problems, source) if match_rows
                   else _matches_from_games(ev, rnd, owner, problems, source))
        in_match = {x for m in matches for x in m.teams()}
        byes = tuple(TeamBye(x.number, kind) for x in ev.teams if x.number not in in_match
                     for kind in [_team_bye_kind(x, rnd)])
        rounds.append(TeamRound(rnd.number, tuple(matches), byes))
    return rounds


def _team_requests(t: Tournament, teams: tuple[Team, ...]) -> list[tuple[int, TeamBye]]:
    """A team's request: every member asked the same."""
    requests: list[tuple[int, TeamBye]] = []
    for r in sorted({r for r, _ in t.requests}):
        asked = t.requests_for(r)
        for x in teams:
            kinds = {asked.get(m.number) for m in x.roster}
            kind = kinds.pop() if len(kinds) == 1 else None
            if kind is not None:
                requests.append((r, TeamBye(x.number, kind)))
    return requests


def _team_line(p: Problem, roster_line: dict[int, int], match_line: dict[tuple[int, int], int]) -> int | None:
    """The line of the team record a problem of the team event is about: the
    round's ``300`` record of its team, else the team's ``310``/``013`` record."""
    team = next((v for v in (p.arg("team"), p.arg("first")) if isinstance(v, int)), None)
    if team is None:
        return None
    if p.round is not None and (p.round, team) in match_line:
        return match_line[(p.round, team)]
    return roster_line.get(team)


def _placed(problems: list[Problem], text: str, source: str,
            team_line: Callable[[Problem], int | None] = lambda p: None) -> list[Problem]:
    """The problems, each placed at ``source:line:column``: a problem of a
    round and a player at that round's block of his ``001`` record, one of a
    record at its line, one of a team at its team or match record
    (``team_line``)."""
    lines = player_lines(text)
    out = []
    for p in problems:
        if p.where != source:
            out.append(p)
            continue
        if p.line is None and (line := team_line(p)) is not None:
            p = replace(p, line=line)
        who = next((v for v in (p.player, p.arg("a"), p.arg("b"), p.arg("red")) if isinstance(v, int)
                    and v in lines), None)
        if p.round is not None and who in lines:
            line = lines[who]
            out.append(replace(p, line=line,
                               where=f"{source}:{line}:{BLOCK_START + (p.round - 1) * BLOCK_WIDTH + 1}"))
        elif p.line is not None:
            out.append(replace(p, where=f"{source}:{p.line}:1"))
        else:
            out.append(p)
    return out


def _team_bye_kind(team: Team, rnd: Round) -> ByeKind:
    kinds = [b.kind for b in rnd.byes if any(b.player == m.number for m in team.roster)]
    for k in (ByeKind.PAIRING, ByeKind.FULL, ByeKind.HALF, ByeKind.ZERO):
        if k in kinds:
            return k
    return ByeKind.ABSENT


def _game_between(rnd: Round, a: int, b: int) -> Game | None:
    for g in rnd.games:
        if {g.red, g.black} == {a, b}:
            return g
    return None


def _board(ev: TeamEvent, rnd: Round, board: int, a: int | None, b: int | None,
           match: tuple[int, int], problems: list[Problem], source: str) -> BoardGame:
    rule = ev.settings.colours
    if a is None or b is None:
        res = (BoardResult.DOUBLE_FORFEIT if a is None and b is None
               else BoardResult.SECOND_FORFEIT_WIN if a is None else BoardResult.FIRST_FORFEIT_WIN)
        return BoardGame(board, a, b, res)
    g = _game_between(rnd, a, b)
    if g is None:
        problems.append(problem("problem.trf_board_no_game", where=source, round=rnd.number, board=board,
                                first=match[0], second=match[1], a=a, b=b))
        return BoardGame(board, a, b)
    first_red = first_team_colour(board, rule) is Colour.RED
    if (g.red == a) != first_red:
        problems.append(problem("problem.trf_board_colour", where=source, round=rnd.number, board=board,
                                first=match[0], second=match[1], red=g.red, want=a if first_red else b))
    return board_from_red_black(board, a, b, g.result, rule)


def _matches_from_300(ev: TeamEvent, rnd: Round, rows: list[tuple[int, int, int, list[int]]],
                      problems: list[Problem], source: str) -> list[TeamMatch]:
    out = []
    for _, first, second, seats in rows:
        n = len(seats) // 2
        a_s = [x or None for x in seats[:n]]
        b_s = [x or None for x in seats[n:]]
        no_show = tuple(x for x, side in ((first, a_s), (second, b_s)) if all(p is None for p in side))
        boards = tuple(_board(ev, rnd, i + 1, a_s[i], b_s[i], (first, second), problems, source)
                       for i in range(n))
        out.append(TeamMatch(first, second, boards, no_show))
    return out


def _matches_from_games(ev: TeamEvent, rnd: Round, owner: dict[int, int],
                        problems: list[Problem], source: str) -> list[TeamMatch]:
    """TRF16: the games grouped by the two teams, boards in the roster order
    of the players; the first team is the one whose board-1 player had the
    colour the rule gives the first team."""
    groups: dict[frozenset[int], list[Game]] = {}
    for g in rnd.games:
        key = frozenset((owner.get(g.red, 0), owner.get(g.black, 0)))
        groups.setdefault(key, []).append(g)
    out = []
    rule = ev.settings.colours
    for key, games in sorted(groups.items(), key=lambda kv: min(min(g.red, g.black) for g in kv[1])):
        if len(key) != 2 or 0 in key:
            problems.append(problem("problem.trf_team_game", where=source, round=rnd.number,
                                    player=games[0].red))
            continue
        lo = min(key)
        games.sort(key=lambda g, lo=lo: _roster_rank(ev, owner, lo, g))  # type: ignore[misc]
        g1 = games[0]
        first = owner[g1.red] if first_team_colour(1, rule) is Colour.RED else owner[g1.black]
        second = max(key) if first == lo else lo
        boards = []
        for i, g in enumerate(games, start=1):
            a = g.red if owner[g.red] == first else g.black
            b = g.black if a == g.red else g.red
            boards.append(_board(ev, rnd, i, a, b, (first, second), problems, source))
        out.append(TeamMatch(first, second, tuple(boards)))
    return out


def _roster_rank(ev: TeamEvent, owner: dict[int, int], team: int, g: Game) -> int:
    """The 台次 of ``team``'s player in the game ``g``."""
    return ev.team(team).board_order(g.red if owner[g.red] == team else g.black)


def pair_trf(t: Tournament, text: str, source: str, system_name: str) -> Pairing:
    """The next round of the TRF ``text`` (read by :func:`trf.parse_trf` as
    ``t``) by the named system, as ``trf-pair`` gives it: a TRF with team
    records (``310``/``013``) is a team event, whose teams are paired (the
    team-level tournament, as the team workbook pairs it: each board 1's red
    team first, a team bye as the bye); a TRF of players only is paired
    player by player — refused when the system pairs teams only
    (``fide-team``): its players are not teams."""
    if team_records(t):
        return pair_team_round(parse_team_trf(text, source), system_name).pairing
    if get_system(system_name).pairs_teams:
        line = min(player_lines(text).values(), default=1)  # the first player record: players, not teams
        raise InputError(problem("problem.trf_players_not_teams", where=f"{source}:{line}:1", line=line,
                                 system=system_name))
    return pair_next_round(t, system_name)


def read_team_trf(path: str, boards: int | None = None) -> TeamEvent:
    with open(path, "rb") as f:
        data = f.read()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        text = data.decode("latin-1")
    return parse_team_trf(text, path, boards)


def write_team_trf(ev: TeamEvent, path: str, version: str = TRF2026) -> None:
    with open(path, "w", encoding="utf-8", newline="") as f:
        f.write(format_team_trf(ev, version))


__all__ = [
    "TRF16", "TRF2026", "colour_record_352", "format_team_trf", "individual_tournament",
    "match_record_300", "parse_team_trf", "points_record_362", "read_team_trf", "team_record_013",
    "team_record_310", "write_team_trf",
]
