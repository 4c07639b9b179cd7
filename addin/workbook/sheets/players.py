"""The Players sheet (选手): the status vocabulary, its reader and its renderer, and the organiser's own
columns carried over."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Callable, Sequence

from bianpai.engine.model import (
    ByeKind,
    Player,
)
from bianpai.engine.problems import Problem, problem

from .. import words as L
from ..words import text
from .cells import (
    Cell, Rows, _blank, _find_header, _optional_whole, _str, _table, as_int, header_columns,
    missing_header, table_rows, where,
)
from .layout import HEADER_FILL, NOTE_COLOUR, PrintSetup, SheetOut, Style, Validation

if TYPE_CHECKING:

    from .event import Event


@dataclass(frozen=True)
class PlayerStatus:
    """The Players sheet's status cell: a withdrawal (from a round, or from
    the next one when no round is given) or a bye/absence request (for one
    round, or for every round not yet paired while the status stays)."""

    withdrawn: bool = False
    withdrawn_from: int | None = None
    request: ByeKind | None = None
    request_round: int | None = None


PLAYER_COLUMNS: tuple[str, ...] = ("col.number", "col.name", "col.club", "col.rating", "col.seed",
                                   "col.status", "col.joins", "col.fouls", "col.group")
"""The Players sheet's columns.  Issue 25: 犯规 — **Decision**: the fouls
are one count per player on this sheet, not a cell per round on the round
sheets: what ranks is the event's total, an arbiter keeps the foul record
on paper at the table and types the tally here between rounds (one cell to
correct, nothing to add up), and a round sheet stays the pairing and its
results.  组别: the prize group (女子组, 少年组 … free text) the player is
ranked in again."""
PLAYERS_HEADER_ROW = 3  # 1-based (row 1 title, row 2 note)

_SEED_YES = frozenset({"是", "yes", "y", "1", "true", "x", "✓", "√", "种子", "seed", "s"})
_SEED_NO = frozenset({"", "否", "no", "n", "0", "false"})


def parse_status(value: Cell) -> PlayerStatus | None:
    """``在赛``/blank; ``退赛 [N]``; ``请假 [N]``; ``半分轮空 [N]`` … (either
    language).  None when not understood."""
    raw = _str(value)
    if not raw:
        return PlayerStatus()
    m = re.fullmatch(r"(.*?)[\s:：(（]*(?:(?:第|from|in|round|r)\s*)*(\d+)?\s*(?:轮起|轮)?[)）]?", raw,
                     re.IGNORECASE)
    word, num = (m.group(1), m.group(2)) if m else (raw, None)
    k = int(num) if num else None
    key = L.lookup(word, ("status.active", "status.withdrawn", "status.absent", "status.half_bye",
                          "status.full_bye", "status.zero_bye"))
    if key is None:
        return None
    if key == "status.active":
        return PlayerStatus() if k is None else None
    if key == "status.withdrawn":
        return PlayerStatus(withdrawn=True, withdrawn_from=k)
    kind = {"status.absent": ByeKind.ABSENT, "status.half_bye": ByeKind.HALF,
            "status.full_bye": ByeKind.FULL, "status.zero_bye": ByeKind.ZERO}[key]
    return PlayerStatus(request=kind, request_round=k)


def read_players(sheet: str, rows: Rows, problems: list[Problem], numbers: set[int] | None = None,
                 locate: Callable[[int, int], str] | None = None, cells: dict[int, str] | None = None
                 ) -> tuple[list[Player], dict[int, PlayerStatus]]:
    """The Players sheet: a header row (the one holding 序号/No.; every column
    found by its header, in any order, other columns ignored), one player per
    row; blank rows skipped.  ``locate(row, column)`` (1-based) names a cell
    in problems (default ``Sheet!Cell``; a table read from a file names its
    line).  ``cells``: filled with each player's name cell, by number."""
    place = locate or (lambda row, col: where(sheet, row, col))
    h = _find_header(rows, "col.number", any_column=True)
    if h is None:
        problems.append(missing_header("problem.players_header", place(PLAYERS_HEADER_ROW, 1), "col.number"))
        return [], {}
    col = header_columns(rows[h], PLAYER_COLUMNS)
    if "col.name" not in col:
        problems.append(problem("problem.players_no_name", where=place(h + 1, 2), zh=L.LABELS["col.name"][0]))
        return [], {}
    players: list[Player] = []
    statuses: dict[int, PlayerStatus] = {}
    first_row: dict[int, int] = {}
    for row in table_rows(rows, h, col, place):
        get, at = row.get, row.at
        number, name = as_int(get("col.number")), _str(get("col.name"))
        ok = True
        if number is None or number < 1:
            problems.append(problem("problem.player_number", where=at("col.number"), value=get("col.number")))
            ok = False
        elif number in first_row:
            problems.append(problem("problem.player_number_used", where=at("col.number"), number=number,
                                    row=first_row[number]))
            ok = False
        if not name:
            problems.append(problem("problem.player_no_name", where=at("col.name"), number=number or ""))
            ok = False
        rating = _optional_whole(get("col.rating"), 0, default=0)
        if rating is None:
            problems.append(problem("problem.rating", where=at("col.rating"), value=get("col.rating")))
            ok = False
        seed_raw = L.norm(_str(get("col.seed")))
        if seed_raw not in _SEED_YES and seed_raw not in _SEED_NO:
            problems.append(problem("problem.seed_mark", where=at("col.seed"), value=get("col.seed")))
            ok = False
        status = parse_status(get("col.status"))
        if status is not None and 0 in (status.withdrawn_from, status.request_round):
            status = None
        if status is None:
            problems.append(problem("problem.status", where=at("col.status"), value=get("col.status")))
            ok = False
        joins = _optional_whole(get("col.joins"), 1, default=1)
        if joins is None:
            problems.append(problem("problem.joins", where=at("col.joins"), value=get("col.joins")))
            ok = False
        fouls = _optional_whole(get("col.fouls"), 0, default=0)
        if fouls is None:
            problems.append(problem("problem.fouls", where=at("col.fouls"), value=get("col.fouls")))
            ok = False
        if number is not None and number >= 1 and number not in first_row:
            first_row[number] = row.row  # known, even with a bad cell: round sheets may name it
        if not ok or number is None or rating is None or joins is None or fouls is None:
            continue
        players.append(Player(number=number, name=name, rating=rating, club=_str(get("col.club")),
                              seeded=seed_raw in _SEED_YES, joins_from=joins, fouls=fouls,
                              group=_str(get("col.group")),
                              withdrawn_from=status.withdrawn_from if status else None))
        if cells is not None:
            cells[number] = at("col.name")
        if status is not None and status != PlayerStatus():
            statuses[number] = status
    if numbers is not None:
        numbers.update(first_row)
    return players, statuses


# round sheet layout (1-based columns)


# -- Players -----------------------------------------------------------------


def status_text(st: PlayerStatus | None, lang: str) -> str | None:
    if st is None or st == PlayerStatus():
        return None
    if st.withdrawn:
        word = text("status.withdrawn", lang)
        k = st.withdrawn_from
    else:
        word = text({ByeKind.ABSENT: "status.absent", ByeKind.HALF: "status.half_bye",
                     ByeKind.FULL: "status.full_bye", ByeKind.ZERO: "status.zero_bye"}[st.request], lang)  # type: ignore[index]
        k = st.request_round
    return word if k is None else f"{word} {k}"


PLAYERS_BLANK_ROWS = 0
"""Decision: the Players sheet has no pre-formatted blank rows; the drop-downs
and the yellow input fill reach :data:`PLAYERS_INPUT_ROWS` rows down."""

PLAYERS_INPUT_ROWS = 200


def render_players(ev: Event) -> SheetOut:
    lang = ev.lang
    statuses = dict(ev.statuses)
    w = len(PLAYER_COLUMNS)
    rows: list[list[Cell]] = [[text("players.title", lang) + " — " + ev.tournament.name] + [None] * (w - 1),
                              [text("players.note", lang)] + [None] * (w - 1),
                              [text(k, lang) for k in PLAYER_COLUMNS]]
    for p in sorted(ev.tournament.players, key=lambda p: p.number):
        st = statuses.get(p.number)
        rows.append([p.number, p.name, p.club or None, p.rating or None,
                     text("seed.yes", lang) if p.seeded else None, status_text(st, lang),
                     p.joins_from if p.joins_from != 1 else None, p.fouls or None, p.group or None])
    h = PLAYERS_HEADER_ROW
    last = max(len(rows), h + 1)
    input_last = max(last, h + PLAYERS_INPUT_ROWS)
    status_opts = tuple(text(k, lang) for k in ("status.active", "status.withdrawn", "status.absent",
                                                "status.half_bye", "status.full_bye", "status.zero_bye"))
    styles = (Style(1, 1, 1, w, bold=True, size=14), Style(2, 1, 2, w, colour=NOTE_COLOUR),
              Style(h, 1, h, w, bold=True, fill=HEADER_FILL, border=True, align="center"),
              Style(h + 1, 1, last, w, border=True),
              Style(h + 1, 1, last, 1, align="center"))
    # issue 25: a player the forfeits-in-a-row rule withdrew — why, on his status cell
    why = {c.changed_to.split(" ", 1)[0]: c.system for c in ev.changes if c.board == 0}
    out_now = {str(n) for n, st in ev.statuses if st.withdrawn}
    comments = tuple((f"F{r}", why[str(row[0])]) for r, row in enumerate(rows, start=1)
                     if r > h and str(row[0]) in why and str(row[0]) in out_now)
    return SheetOut(ev.sheet_name("sheet.players"), "sheet.players", _table(rows), comments=comments,
                    widths=(7, 14, 18, 9, 7, 16, 10, 7, 10), styles=styles,
                    validations=(Validation(f"E{h + 1}:E{input_last}", (text("seed.yes", lang),)),
                                 Validation(f"F{h + 1}:F{input_last}", status_opts)),
                    print_setup=PrintSetup(repeat_rows=(h, h), header=ev.tournament.name,
                                           footer=text("print.page", lang)),
                    freeze=f"A{h + 1}")


def carry_extra_columns(out: SheetOut, old: Rows) -> SheetOut:
    """The Players sheet ``out`` with the organiser's own columns of the old
    sheet (headers that are not ours: 电话, 性别 …) carried over, matched by
    player number, after our columns."""
    h = _find_header(old, "col.number", any_column=True)
    if h is None:
        return out
    header = old[h]
    num_col = next(c for c in range(len(header)) if L.lookup(header[c], ("col.number",)))
    extra = [c for c in range(len(header))
             if not _blank(header[c]) and L.lookup(header[c], PLAYER_COLUMNS) is None]
    if not extra:
        return out
    by_number: dict[int, Sequence[Cell]] = {}
    for row in old[h + 1:]:
        n = as_int(row[num_col] if num_col < len(row) else None)
        if n is not None:
            by_number.setdefault(n, row)
    oh = PLAYERS_HEADER_ROW - 1
    rows = [list(r) for r in out.rows]
    width = len(PLAYER_COLUMNS)
    for i, row in enumerate(rows):
        row += [None] * (width - len(row))
        if i == oh:
            row += [header[c] for c in extra]
        elif i > oh:
            src = by_number.get(as_int(row[0]) or 0, ())
            row += [src[c] if c < len(src) else None for c in extra]
    last = len(rows)
    styles = out.styles + (Style(oh + 1, width + 1, oh + 1, width + len(extra), bold=True, fill=HEADER_FILL,
                                 border=True, align="center"),
                           Style(oh + 2, width + 1, max(last, oh + 2), width + len(extra), border=True))
    return replace(out, rows=_table(rows), styles=styles, widths=out.widths + (12,) * len(extra))
