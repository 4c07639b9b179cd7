"""``import-players`` of an individual event: players added (or updated, by number) from a
registration list or rows."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Sequence

from bianpai.engine.checker import player_key  # the one rule of check and pair (issue 23 item 7)
from bianpai.engine.model import Player
from bianpai.engine.problems import InputError, Problem, problem

from ..workbook import sheets as S
from ..workbook import words as L
from ..workbook.sheets import Event, PlayerStatus, SheetValues
from ..workbook.sheets.cells import _blank, _find_header, _str
from .result import JobResult, result_of

if TYPE_CHECKING:
    from .registration import Mapping, Table

IMPORT_REFUSES_DUPLICATES = True
"""Decision: ``import-players`` refuses a row whose name and club are those of
a player already on the sheet or of an earlier row (a CSV imported twice, a
player typed in and imported) — the rule ``check`` and ``pair`` apply to the
sheet (:func:`bianpai.engine.checker.player_key`); ``--allow-duplicates`` adds
namesakes, told apart by :data:`NAMESAKE_MARK`."""


def individual_import_players(values: SheetValues, table: "Sequence[Sequence[object]] | Table",
                              where: str = "CSV", update: bool = False,
                              allow_duplicates: bool = not IMPORT_REFUSES_DUPLICATES) -> JobResult:
    """Add (or update, by number) players from a table — a registration list
    (:class:`bianpai.addin.jobs.registration.Table`) or rows: its columns found by
    their header words (``registration.HEADER_WORDS``: 序号/No., 姓名/Name,
    单位/Club, 等级分/Rating, 种子/Seed, 状态/Status, 报到轮次/Joins … in any
    order; only the name is required), its cells normalised.  Rows without
    a number get the next free numbers in table order.  Once rounds are
    paired, new players are late entries from the next round, and the numbers
    of players already paired cannot change.

    The steps, each refusing with every problem it finds before the next runs: the columns
    (:func:`_mapping`), the rows read as the Players sheet reads its own (:func:`_read_rows`),
    namesakes and rows that would change players with games (:func:`_namesakes`,
    :func:`_changes`), the number of players (:func:`_merged`)."""
    ev = S.read_event(values)
    mapping = _mapping(ev, table, where)
    rows = _table_rows(mapping)
    by_name = _numbers_before_draw(rows.rows, ev.tournament.players)
    _number_rows(rows.rows, by_name, max((p.number for p in ev.tournament.players), default=0) + 1)
    players, statuses = _read_rows(ev, mapping, rows, where)
    line_of = {S.as_int(r[0]): n for r, n in zip(rows.rows, rows.lines, strict=True)}
    refused, told_apart = _namesakes(ev, mapping, players, line_of, allow_duplicates)
    cols = tuple(dict(mapping.columns))
    changes = _changes(ev, mapping, players, statuses, line_of, cols, update, refused)
    if refused:
        if by_name is not None:  # say why the rows are matched by name, before what that refuses
            refused.insert(0, problem("job.numbers_before_draw", where=where, moved=by_name.moved,
                                      rows=by_name.numbered))
        raise ev.refuse(refused)
    after, added, updated = _merged(ev, players, statuses, changes, cols, where)
    merged = {p.number: p for p in after.tournament.players}
    msg = L.text("job.players_imported", ev.lang, added=added, updated=updated, total=len(merged))
    if by_name is not None:
        msg = L.text("job.numbers_before_draw", ev.lang, moved=by_name.moved, rows=by_name.numbered) + msg
    if told_apart:
        msg += L.text("job.namesakes_told_apart", ev.lang, players=", ".join(told_apart))
    if changes:
        msg += L.text("job.players_updated_which", ev.lang,
                      players=", ".join(f"{n} {merged[n].name}" for n in sorted(changes)))
    res = result_of(after, values, msg,
                    writes=(after.sheet_name("sheet.players"), after.sheet_name("sheet.settings")))
    name = after.sheet_name("sheet.players")
    # the registration list's carried columns (性别, 出生年份, 组别 …) of the players added or changed
    existing = {p.number for p in ev.tournament.players}
    taken = {n: rows.carried[id(r)] for r in rows.rows if (n := S.as_int(r[0])) is not None
             and (n not in existing or n in changes) and rows.carried[id(r)]}
    old_rows = _with_carried(values.get(name, ()), taken, ev.lang)
    return replace(res, sheets=tuple(S.carry_extra_columns(s, old_rows) if s.name == name else s
                                     for s in res.sheets))


def _mapping(ev: Event, table: "Sequence[Sequence[object]] | Table", where: str) -> Mapping:
    """The table's columns by their header words (the one table of ``registration.HEADER_WORDS``)."""
    from . import registration as R  # start-up time: the registration list's reader (~8 ms) for imports only

    try:
        return R.map_columns(R.as_table(table, where), ev.lang)
    except InputError as e:
        raise ev.refuse(list(e.problems)) from None


@dataclass(frozen=True)
class _Rows:
    """The table's rows laid out as the Players sheet's (``S.PLAYER_COLUMNS``; blank rows left
    out), the table's line of each, and each row's carried columns (``registration.CARRIED_FIELDS``)
    by ``id`` of the row."""

    rows: list[list[object]]
    lines: list[int | None]
    carried: dict[int, dict[str, object]]


def _table_rows(mapping: Mapping) -> _Rows:
    from . import registration as R  # start-up time: the registration list's reader (~8 ms) for imports only

    out = _Rows([], [], {})
    for number, got in mapping.records():
        row: list[object] = [got.get(key) for key in S.PLAYER_COLUMNS]
        if all(_blank(v) for v in row):
            continue
        out.rows.append(row)
        out.lines.append(number)
        out.carried[id(row)] = {k: got[k] for k in R.CARRIED_FIELDS if got.get(k) is not None}
    return out


def _number_rows(rows: list[list[object]], by_name: _ByName | None, next_no: int) -> None:
    """Each row's number: the sheet's player's of its name when the table's numbers are from before
    the draw (``by_name``), else the table's; a row without one gets the next free number."""
    for row in rows:
        if by_name is not None:  # the table's numbers are not the sheet's: its rows are matched by name
            row[0] = by_name.get(id(row))
        if _blank(row[0]):
            row[0] = next_no
            next_no += 1
        elif (given := S.as_int(row[0])) is not None:
            next_no = max(next_no, given + 1)


def _read_rows(ev: Event, mapping: Mapping, rows: _Rows,
               where: str) -> tuple[list[Player], dict[int, PlayerStatus]]:
    """The Players reader on the table laid out as the Players sheet (header in row 3 = the table's
    line 1), each problem named by the file's line (or cell); refused if any."""
    problems: list[Problem] = []
    header_row: list[object] = [L.text(k, "en") for k in S.PLAYER_COLUMNS]
    sheet_rows: list[list[object]] = [[None], [None], header_row, *rows.rows]
    lines: list[int | None] = [None, None, mapping.header, *rows.lines]

    def locate(row: int, col: int) -> str:  # a cell of the laid-out table → the file's line (or cell)
        key = S.PLAYER_COLUMNS[col - 1] if 1 <= col <= len(S.PLAYER_COLUMNS) else None
        return mapping.at(lines[row - 1] or 0, key, ev.lang)

    players, statuses = S.read_players(where, sheet_rows, problems, locate=locate)
    if problems:
        raise ev.refuse(problems)
    return players, statuses


def _namesakes(ev: Event, mapping: Mapping, players: list[Player], line_of: dict[int | None, int | None],
               allow_duplicates: bool) -> tuple[list[Problem], list[str]]:
    """New players of the name and club of a player on the sheet or of an earlier row: refused, or
    with ``allow_duplicates`` told apart in the name (:data:`NAMESAKE_MARK`, ``players`` changed in
    place).  Returns the refusals and the players told apart."""
    t = ev.tournament
    existing = {p.number for p in t.players}
    refused: list[Problem] = []
    seen: dict[tuple[str, str], str] = {player_key(p.name, p.club): L.text("where.existing", ev.lang,
                                                                           number=p.number)
                                        for p in t.players}
    told_apart: list[str] = []
    for i, p in enumerate(players):
        if p.number in existing:
            continue
        same = player_key(p.name, p.club)
        at = mapping.at(line_of.get(p.number) or 0, "col.name", ev.lang)
        if same in seen and not allow_duplicates:
            refused.append(problem("problem.player_duplicate", where=at, name=p.name,
                                   club=p.club or L.text("club.none", ev.lang), other=seen[same]))
        elif same in seen:  # namesakes: told apart in the name, as the sheet's rule asks
            mark = 2
            while player_key(_namesake(p.name, mark, ev.lang), p.club) in seen:
                mark += 1
            players[i] = p = replace(p, name=_namesake(p.name, mark, ev.lang))
            told_apart.append(f"{p.number} {p.name}")
            same = player_key(p.name, p.club)
        seen.setdefault(same, at)
    return refused, told_apart


def _changes(ev: Event, mapping: Mapping, players: Sequence[Player], statuses: dict[int, PlayerStatus],
             line_of: dict[int | None, int | None], cols: Sequence[str], update: bool,
             refused: list[Problem]) -> dict[int, list[str]]:
    """The fields the table changes of each player on the sheet; a change to a player with games is
    refused (appended to ``refused``) unless ``update``."""
    t = ev.tournament
    existing = {p.number: p for p in t.players}
    old_statuses = dict(ev.statuses)
    played = {n: sum(1 for rnd in t.rounds if rnd.entry_of(n) is not None) for n in existing}
    changes: dict[int, list[str]] = {}
    for p in players:
        if p.number in existing:
            fields = _changed_fields(existing[p.number], p, old_statuses.get(p.number),
                                     statuses.get(p.number), cols)
            if fields:
                changes[p.number] = fields
                if played.get(p.number) and not update:
                    old = existing[p.number]
                    refused.append(problem("problem.player_has_games",
                                           where=mapping.at(line_of.get(p.number) or 0, None, ev.lang),
                                           number=p.number, name=old.name, games=played[p.number],
                                           fields="、".join(L.text(f, ev.lang) for f in fields)))
    return changes


def _merged(ev: Event, players: Sequence[Player], statuses: dict[int, PlayerStatus],
            changes: dict[int, list[str]], cols: Sequence[str], where: str) -> tuple[Event, int, int]:
    """The event with the table's players added and changed (new players after round 1 join from
    the next round), and how many were added and updated; refused beyond the players a workbook
    holds."""
    t = ev.tournament
    k = t.next_round
    merged = {p.number: p for p in t.players}
    new_statuses = dict(ev.statuses)
    added = updated = 0
    for p in players:
        if p.number in merged:
            if p.number not in changes:
                continue
            updated += 1
            old = merged[p.number]
            p = replace(_kept_columns(old, p, tuple(cols)),
                        joins_from=old.joins_from if p.joins_from == 1 else p.joins_from)
        else:
            added += 1
            if t.rounds and p.joins_from < k:
                p = replace(p, joins_from=k)
        merged[p.number] = p
        if p.number in statuses:
            new_statuses[p.number] = statuses[p.number]
        elif "col.status" in cols and p.number in changes:
            new_statuses.pop(p.number, None)
    # the limit the reader's rows are made of (issue 30 item 3);
    # start-up time: safezip imports zipfile, shutil and lzma (~15 ms), which only the file jobs need
    from ..files.safezip import MAX_PLAYERS

    if len(merged) > MAX_PLAYERS:
        raise ev.refuse([problem("problem.too_many_players", where=where, total=f"{len(merged):,}",
                                 limit=f"{MAX_PLAYERS:,}")])
    t2 = replace(t, players=tuple(merged[n] for n in sorted(merged)))
    return replace(ev, tournament=t2, statuses=tuple(sorted(new_statuses.items()))), added, updated


def _with_carried(old: S.Rows, taken: dict[int, dict[str, object]], lang: str) -> S.Rows:
    """The old Players sheet with the carried columns (``registration.CARRIED_FIELDS``)
    of ``taken`` (number → field → value) filled in, as the organiser's own
    columns (a column of the field's words found, else added), for
    :func:`~bianpai.addin.workbook.sheets.carry_extra_columns` to carry by number."""
    if not taken:
        return old
    from . import registration as R  # start-up time: the registration list's reader (~8 ms) for imports only

    h = _find_header(old, "col.number", any_column=True)
    header: list[object] = list(old[h]) if h is not None else [L.text("col.number", lang)]
    body = [list(r) for r in old[h + 1:]] if h is not None else []
    num_col = next(c for c, v in enumerate(header) if L.lookup(v, ("col.number",)))
    col_of: dict[str, int] = {}
    for key in R.CARRIED_FIELDS:
        if not any(key in got for got in taken.values()):
            continue
        col = next((c for c, v in enumerate(header) if R.field_of(v) == key), None)
        if col is None:
            col = len(header)
            header.append(L.text(key, lang))
        col_of[key] = col
    width = len(header)
    row_of = {S.as_int(r[num_col]) if num_col < len(r) else None: r for r in body}
    for n, got in sorted(taken.items()):
        row = row_of.get(n)
        if row is None:
            row = [None] * width
            row[num_col] = n
            body.append(row)
            row_of[n] = row
        row += [None] * (width - len(row))
        for key, value in got.items():
            row[col_of[key]] = value
    return [header, *body]


class _ByName(dict[int, int]):
    """Rows of an imported table (by ``id``) → the number of the player of the
    sheet with their name and club; ``moved`` of the ``numbered`` rows naming
    a player of the sheet gave another player's number."""

    moved = numbered = 0


def _numbers_before_draw(rows: Sequence[list[object]], players: Sequence[Player]) -> _ByName | None:
    """Issue 23 item 8: the original players table imported again after the
    draw (抽签) carries the numbers from before it.  When most of the table's
    numbered rows (:data:`PRE_DRAW_MOST`) give a number under which the sheet
    holds another player, while the sheet holds a player of that row's name and
    club under another number, the table's numbers are the pre-draw ones: they
    are not read (matching by them would rename the players who have played),
    and each row is matched by name and club instead — by the name alone when
    one player of the sheet has it (a club corrected since) — and a row naming
    no player of the sheet is a new player.  None: the numbers are the sheet's."""
    if not players:
        return None
    by_number = {p.number for p in players}
    by_key = {player_key(p.name, p.club): p.number for p in players}
    named: dict[str, list[int]] = {}
    for p in players:
        named.setdefault(player_key(p.name, "")[0], []).append(p.number)
    out = _ByName()
    for row in rows:
        key = player_key(_str(row[1]), _str(row[2]))
        same_name = named.get(key[0], [])
        match = by_key.get(key, same_name[0] if len(same_name) == 1 else None)  # a club corrected since
        n = S.as_int(row[0])
        if n is not None and n in by_number and match is not None:
            out.numbered += 1
            out.moved += match != n
        if match is not None:
            out[id(row)] = match
    if out.moved < PRE_DRAW_MOST[0] or out.moved * PRE_DRAW_MOST[2] <= out.numbered * PRE_DRAW_MOST[1]:
        return None
    return out


PRE_DRAW_MOST: tuple[int, int, int] = (2, 1, 2)
"""Decision (issue 23 item 8): a table's numbers are taken as those from
before the draw when at least 2, and more than 1/2, of its rows that name a
player of the sheet give him another player's number."""


NAMESAKE_MARK: tuple[str, str] = ("{name}（{n}）", "{name} ({n})")
"""Decision (issue 23 item 7): ``import-players --allow-duplicates`` adds a
namesake of a player of the same club with a number after the name —
王伟（2） — since the Players sheet refuses two rows of one name and club (the
same player typed twice); the organiser may change the mark to any other."""


def _namesake(name: str, n: int, lang: str) -> str:
    return NAMESAKE_MARK[0 if lang == "zh" else 1].format(name=name.strip(), n=n)


_TABLE_FIELDS: tuple[tuple[str, str, str], ...] = (
    ("col.name", "name", "field.name"), ("col.club", "club", "field.club"),
    ("col.rating", "rating", "field.rating"), ("col.seed", "seeded", "field.seeded"))


def _kept_columns(old: Player, new: Player, columns: Sequence[str]) -> Player:
    """``new`` with the fields of the columns the table lacks taken from ``old``."""
    return replace(new, **{f: getattr(old, f) for col, f, _ in _TABLE_FIELDS if col not in columns})


def _changed_fields(old: Player, new: Player, old_status: PlayerStatus | None,
                    new_status: PlayerStatus | None, columns: Sequence[str]) -> list[str]:
    """The label keys of the fields a table row changes of a player on the
    sheet: only the table's columns count (a blank late-entry cell keeps the
    player's round)."""
    out = [key for col, f, key in _TABLE_FIELDS if col in columns and getattr(old, f) != getattr(new, f)]
    if "col.joins" in columns and new.joins_from != 1 and new.joins_from != old.joins_from:
        out.append("field.joins")
    if "col.status" in columns and (old_status or PlayerStatus()) != (new_status or PlayerStatus()):
        out.append("field.status")
    return out
