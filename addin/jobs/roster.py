"""Team rosters imported into a team workbook (issue 29 item 2): ``import-players``
on a 团体赛 workbook reads a registration list with a team column (队名/参赛队),
the players' names and their board order (台次, or the order of the rows), and
fills 参赛队 and 选手.

Columns are found by :mod:`bianpai.addin.jobs.registration`'s one table; every
problem is named by the file's cell (or line), all at once, nothing written:
a player without a team, a team with fewer players than a match has boards, a
board order with a gap or used twice, a team already on 参赛队."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Sequence

from bianpai.engine.checker import player_key
from bianpai.engine.problems import InputError, Problem, problem
from bianpai.engine.teams.model import Member, Team, TeamEvent

from ..workbook import words as L
from . import registration as R
from ..workbook.sheets import SheetValues
from ..workbook.sheets.cells import _optional_whole, _str, as_int
from ..workbook.sheets.players import _SEED_NO, _SEED_YES
from ..workbook.sheets.team.event import read_team_workbook

if TYPE_CHECKING:
    from ..workbook.sheets.team.event import TeamWorkbook

ROSTER_BEFORE_ROUND1 = True
"""Decision: a roster is imported before round 1 only; once a round is paired the
rosters are what the matches were played with, changed on the sheets by hand."""

TEAM_UNIT_WHEN_ONE = True
"""Decision: a 单位 column gives the team's unit (参赛队 单位) when all of the team's
rows that fill it name the same unit; when they name several, they are the
players' own clubs, and the team's unit stays blank (the team 选手 sheet has no
club column)."""

RESERVE_BEYOND_BOARDS = True
"""Decision: a player without a 替补 mark is a reserve when his 台次 is beyond a
match's boards — the rule the 选手 sheet reads a blank mark by."""


@dataclass
class _Entry:
    line: int
    name: str
    order: int | None
    rating: int
    reserve: bool | None


def import_roster(values: SheetValues, table: "R.Table | Sequence[Sequence[object]]", where: str = "CSV",
                  update: bool = False) -> "tuple[TeamWorkbook, str]":
    """The teams of ``table`` added to the team workbook ``values``: each team
    (rows of one 队名, in the order they first appear) gets the next 队号, its
    players the next 序号 in board order; 单位 and 队长 columns give the team's
    unit and captain (the first filled cell of its rows).  A team already on
    参赛队 is refused, or with ``update`` its roster replaced (its number kept).

    The steps: the columns, the rows (:func:`_read_rows`), each team's rows
    (:func:`_team_problems`) — every problem of the rows and the teams refused at once —
    then the teams made (:func:`_teams_made`) and the number of players checked.  Returns the
    workbook with its new teams and the message; the team kind renders them as the job's result
    (:meth:`~.team.TeamJobs.import_players`)."""
    wb = read_team_workbook(values)
    lang, ev = wb.lang, wb.event
    try:
        mapping = R.map_columns(R.as_table(table, where), lang, team=True)
    except InputError as refused:
        raise wb.refuse(list(refused.problems)) from None
    problems: list[Problem] = []
    if ROSTER_BEFORE_ROUND1 and ev.rounds:
        raise wb.refuse([problem("reg.roster_after_round1", where=wb.sheet_name("sheet.players"),
                                 rounds=len(ev.rounds))])
    rows = _read_rows(mapping, lang, problems)
    existing = {player_key(t.name, "")[0]: t for t in ev.teams}
    ordered = _team_problems(mapping, rows, existing, ev.boards, update, lang, problems)
    if problems:
        raise wb.refuse(problems)
    replaced = {existing[k].number for k in ordered if k in existing}
    kept = [t for t in ev.teams if t.number not in replaced]
    new_teams = _teams_made(ev, rows, ordered, existing)
    # start-up time: safezip imports zipfile, shutil and lzma (~15 ms), which only the file jobs need
    from ..files.safezip import MAX_PLAYERS

    total = sum(len(t.roster) for t in kept + new_teams)
    if total > MAX_PLAYERS:
        raise wb.refuse([problem("problem.too_many_players", where=where, total=f"{total:,}",
                                 limit=f"{MAX_PLAYERS:,}")])
    after = replace(wb, event=replace(ev, teams=tuple(sorted(kept + new_teams, key=lambda t: t.number))))
    msg = L.text("reg.roster_imported", lang, teams=len(new_teams) - len(replaced), replaced=len(replaced),
                 players=sum(len(t.roster) for t in new_teams), total=len(after.event.teams))
    return after, msg


@dataclass
class _Rows:
    """The list's rows by team: folded team name → (the name as written, its players' rows), in the
    order the teams first appear; the units its rows' 单位 cells name, its captain (the first
    队长 cell filled) and the team's first line."""

    teams: dict[str, tuple[str, list[_Entry]]] = field(default_factory=dict)
    units: dict[str, set[str]] = field(default_factory=dict)
    captain: dict[str, str] = field(default_factory=dict)
    first_line: dict[str, int] = field(default_factory=dict)


def _read_rows(mapping: R.Mapping, lang: str, problems: list[Problem]) -> _Rows:
    """Every row of the list as a player of a team (a row's problems appended to ``problems``, and
    the row left out)."""
    at = mapping.at
    out = _Rows()
    for line, got in mapping.records():
        team, name = _str(got.get("col.team_name")), _str(got.get("col.name"))
        if not team:
            problems.append(problem("reg.no_team", where=at(line, "col.team_name", lang), name=name or "—"))
            continue
        if not name:
            problems.append(problem("reg.no_name", where=at(line, "col.name", lang), team=team))
            continue
        key = player_key(team, "")[0]
        out.teams.setdefault(key, (team, []))
        out.first_line.setdefault(key, line)
        if got.get("col.club") is not None:
            out.units.setdefault(key, set()).add(_str(got["col.club"]))
        if got.get("col.captain") is not None:
            out.captain.setdefault(key, _str(got["col.captain"]))
        entry = _entry(mapping, line, name, got, lang, problems)
        if entry is not None:
            out.teams[key][1].append(entry)
    return out


def _entry(mapping: R.Mapping, line: int, name: str, got: dict[str, object], lang: str,
           problems: list[Problem]) -> _Entry | None:
    """A row's player: its 台次, rating and 替补 mark read (None, and the problem appended, when one
    of them cannot be read)."""
    at = mapping.at
    order = as_int(got.get("col.board_order"))
    if got.get("col.board_order") is not None and (order is None or order < 1):
        problems.append(problem("problem.board_order", where=at(line, "col.board_order", lang),
                                value=_str(got["col.board_order"])))
        return None
    rating = _optional_whole(got.get("col.rating"), 0, default=0)
    if rating is None:
        problems.append(problem("problem.rating", where=at(line, "col.rating", lang),
                                value=got["col.rating"]))
        return None
    mark = L.norm(_str(got.get("col.reserve")))
    reserve: bool | None = None
    if mark:
        if mark in _SEED_YES or L.lookup(mark, ("reserve.yes",)) is not None:
            reserve = True
        elif mark in _SEED_NO:
            reserve = False
        else:
            problems.append(problem("problem.reserve_mark", where=at(line, "col.reserve", lang),
                                    value=_str(got["col.reserve"])))
            return None
    return _Entry(line, name, order, rating, reserve)


def _team_problems(mapping: R.Mapping, rows: _Rows, existing: dict[str, Team], boards: int, update: bool,
                   lang: str, problems: list[Problem]) -> dict[str, list[_Entry]]:
    """Each team's rows in board order (by 台次 when given, else the rows' order); a team already
    on 参赛队 (unless ``update``), its 台次, a player twice and a team short of a match's boards
    appended to ``problems``."""
    at = mapping.at
    ordered: dict[str, list[_Entry]] = {}
    for key, (team, entries) in rows.teams.items():
        if key in existing and not update:
            problems.append(problem("reg.team_exists", where=at(rows.first_line[key], "col.team_name", lang),
                                    team=team, number=existing[key].number))
        problems += _board_problems(mapping, team, entries, lang)
        seen: dict[str, int] = {}
        for e in entries:
            k = player_key(e.name, "")[0]
            if k in seen:
                problems.append(problem("reg.player_twice", where=at(e.line, "col.name", lang), name=e.name,
                                        team=team, line=seen[k]))
            seen.setdefault(k, e.line)
        if len(entries) < boards:
            problems.append(problem("reg.team_short", where=at(rows.first_line[key], "col.team_name", lang),
                                    team=team, players=len(entries), boards=boards))
        in_order = all(e.order for e in entries)  # 台次 given, else the rows' order
        ordered[key] = sorted(entries, key=lambda e: e.order or 0) if in_order else entries
    return ordered


def _teams_made(ev: TeamEvent, rows: _Rows, ordered: dict[str, list[_Entry]],
                existing: dict[str, Team]) -> list[Team]:
    """The list's teams: a new team the next 队号, a team already on 参赛队 its own; their players
    the next 序号 in board order, reserves last."""
    boards = ev.boards
    # a 单位 column naming one unit for all of a team's rows is the team's; several: the players' own clubs
    unit = {k: next(iter(u)) for k, u in rows.units.items() if len(u) == 1 or not TEAM_UNIT_WHEN_ONE}
    next_team = max((t.number for t in ev.teams), default=0) + 1
    next_no = max((m.number for t in ev.teams for m in t.roster), default=0) + 1
    new_teams: list[Team] = []
    for key, entries in ordered.items():
        members = []
        for i, e in enumerate(entries, start=1):
            order = e.order or i
            reserve = e.reserve if e.reserve is not None else (RESERVE_BEYOND_BOARDS and order > boards)
            members.append((reserve, order, Member(next_no, e.name, e.rating, reserve=reserve)))
            next_no += 1
        roster = tuple(m for _, _, m in sorted(members, key=lambda rm: (rm[0], rm[1])))
        old = existing.get(key)
        number = old.number if old is not None else next_team
        if old is None:
            next_team += 1
        regulars = [m.rating for m in roster if not m.reserve][:boards]
        new_teams.append(Team(number, rows.teams[key][0], unit=unit.get(key, old.unit if old else ""),
                              captain=rows.captain.get(key, old.captain if old else ""), roster=roster,
                              rating=round(sum(regulars) / len(regulars)) if regulars else 0))
    return new_teams


def _board_problems(mapping: R.Mapping, team: str, entries: list[_Entry], lang: str) -> list[Problem]:
    """A team's 台次: all given or none (the rows' order); none used twice; no gap (1, 2, 4)."""
    given = [e for e in entries if e.order is not None]
    if not given:
        return []
    out: list[Problem] = []
    for e in entries:
        if e.order is None:
            out.append(problem("reg.board_blank", where=mapping.at(e.line, "col.board_order", lang),
                               team=team, name=e.name))
    first: dict[int, int] = {}
    for e in given:
        assert e.order is not None
        if e.order in first:
            out.append(problem("reg.board_twice", where=mapping.at(e.line, "col.board_order", lang),
                               team=team, order=e.order, line=first[e.order]))
        first.setdefault(e.order, e.line)
    expected = 1
    for order in sorted(first):
        if order != expected:
            e = next(x for x in given if x.order == order)
            out.append(problem("reg.board_gap", where=mapping.at(e.line, "col.board_order", lang),
                               team=team, order=order, missing=expected))
            break
        expected += 1
    return out


__all__ = ["RESERVE_BEYOND_BOARDS", "ROSTER_BEFORE_ROUND1", "TEAM_UNIT_WHEN_ONE", "import_roster"]
