"""What ``bianpai share`` publishes (issue 24), built from the workbook's values: a
:class:`Publication` — every round's pairing, the find-your-board list of the last round, the
standings (and a team event's 台次成绩) and the crosstable — as plain text in the workbook's
language.  Values in, a publication out, no files: a job's work.  The images and the page
(:mod:`bianpai.addin.share`) only lay it out, so an image and the page never say different
things.  Individual and team events give the same kinds of :class:`Board` lines and
:class:`Table` rows; each kind builds its own (:meth:`~bianpai.addin.jobs.kinds.EventKind.publication`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any, Mapping

from bianpai.engine.model import ByeKind, Colour, GameResult
from bianpai.engine.problems import problem
from bianpai.engine.teams.points import board_as_red_black, first_team_colour, match_board_points, red_team

from ..workbook import words as L
from ..workbook import sheets as S
from ..workbook.sheets.round import _BYE_LABEL_KEY
from ..workbook.sheets.standings import legend
from ..workbook.sheets.team.event import TeamWorkbook
from ..workbook.sheets.team.standings import (
    render_board_standings,
    render_team_crosstable,
    render_team_standings,
)
from .pinyin import pinyin_key

__all__ = [
    "Board", "Publication", "Round", "Table", "individual_publication", "result_words", "team_publication",
]


@dataclass(frozen=True)
class Board:
    """One line of a pairing: a board (``kind`` "board"), a team match's own
    line ("match": its teams on the name places, its 局分 in the middle) or a
    bye ("bye": the words in ``red``).  ``red``/``black`` are the left and right
    places: the red and the black player, except on a team match's board whose
    left player has black (``left_red`` False)."""

    kind: str
    label: str  # the board (or match) number as shown
    red: str
    red_sub: str = ""  # 单位 · score
    middle: str = ""  # the result in words, or 对 / v
    black: str = ""
    black_sub: str = ""
    result: bool = False  # ``middle`` is a result (drawn larger)
    left_red: bool = True  # the left player has red (a team match's board: the colours alternate)


@dataclass(frozen=True)
class Table:
    """A table as published: a title, the column heads, the rows (text), which
    columns are names (drawn bold) and how each column aligns (l/c/r).  Rows
    of one cell are sub-heads (a board of 台次成绩)."""

    title: str
    head: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    align: str  # one letter per column
    names: tuple[int, ...] = ()


@dataclass(frozen=True)
class Round:
    number: int
    title: str
    boards: tuple[Board, ...]


@dataclass(frozen=True)
class Publication:
    """Everything published about the event, in its language."""

    lang: str
    event: str  # the event's name
    info: str  # date and venue (Settings), "" when neither is set
    footer: str  # the Settings' footer line
    url: str  # the Settings' URL ("" none)
    rounds: tuple[Round, ...]  # every round, first to last
    find: Table  # the last round by name
    standings: Table
    extra: tuple[Table, ...]  # a team event's 台次成绩, one table per board
    crosstable: Table
    standings_file: str  # the standings image's file name (without .png)
    team: bool = False

    @property
    def last(self) -> Round:
        return self.rounds[-1]


RESULT_WORDS: dict[GameResult, str] = {
    GameResult.RED_WIN: "share.red_win",
    GameResult.DRAW: "share.draw",
    GameResult.BLACK_WIN: "share.black_win",
    GameResult.RED_FORFEIT_WIN: "share.red_forfeit",
    GameResult.BLACK_FORFEIT_WIN: "share.black_forfeit",
    GameResult.DOUBLE_FORFEIT: "share.double_forfeit",
}
"""A result as published: one notation, from red's side (红胜 / 和 / 黑胜), never as it was typed
(2:0, 1-0 …)."""


def result_words(r: GameResult | None, lang: str) -> str:
    return L.text(RESULT_WORDS[r], lang) if r is not None else ""


def _num(x: float) -> str:
    """A score as shown: 5, 4.5."""
    return str(S.plain_number(x))


def _score(x: float, lang: str) -> str:
    return L.text("share.score", lang, score=_num(x))


def _sub(club: str, score: str) -> str:
    return " · ".join(p for p in (club, score) if p)


def _bye_words(who: str, kind: ByeKind, lang: str) -> str:
    """轮空: 吴华（江苏南京）, with the kind of bye when it is not the pairing's (全分轮空, 请假 …)."""
    line = L.text("share.bye_line", lang, who=who)
    if kind is ByeKind.PAIRING:
        return line
    words = L.text(_BYE_LABEL_KEY[kind], lang)
    return f"{line}（{words}）" if lang == "zh" else f"{line} ({words})"


def _info(settings: S.EventSettings, lang: str) -> str:
    return ("　" if lang == "zh" else "   ").join(p for p in (settings.dates, settings.venue) if p)



# ---------------------------------------------------------------------------
# find your board
# ---------------------------------------------------------------------------


def _find_rows(entries: list[tuple[int, str, str, str, str, str]], order: str) -> tuple[tuple[str, ...], ...]:
    """(number, name, club, board, colour, opponent) rows in the Settings' order."""
    if order == "number":
        entries.sort(key=lambda e: e[0])
    else:
        entries.sort(key=lambda e: (pinyin_key(e[1]), e[0]))
    return tuple(e[1:] for e in entries)


def _find_table(
    k: int, lang: str, order: str, entries: list[tuple[int, str, str, str, str, str]], team: bool
) -> Table:
    words = L.text("share.by_number" if order == "number" else "share.by_pinyin", lang)
    club = L.text("share.col.team" if team else "col.club", lang)
    head = (
        L.text("col.name", lang),
        club,
        L.text("share.col.board", lang),
        L.text("share.col.colour", lang),
        L.text("share.col.opponent", lang),
    )
    return Table(
        L.text("share.find_title", lang, k=k, order=words), head, _find_rows(entries, order), "llccl", (0,)
    )


# ---------------------------------------------------------------------------
# an individual event
# ---------------------------------------------------------------------------


def tiebreak_name(code: str, lang: str) -> str:
    """A tie-break's column head by its name (累进分, 对手分 …), not its code: the
    words before the colon of its line in the word table."""
    line = legend(code, lang)
    return re.split(r"[:：]", line, maxsplit=1)[0].strip() or code


def _individual(ev: S.Event) -> Publication:
    t, lang, s = ev.tournament, ev.lang, ev.settings
    players = {p.number: p for p in t.players}
    scores = S.scores_before(t)
    rounds = tuple(
        Round(rnd.number, L.text("share.pairing_title", lang, k=rnd.number),
              _individual_lines(rnd, players, scores[rnd.number - 1], lang))
        for rnd in t.rounds
    )
    entries = _individual_entries(t, lang)
    find = _find_table(t.rounds[-1].number, lang, s.share_find_order, entries, team=False)
    standings, cross, file = _individual_standings(ev)
    return Publication(
        lang,
        t.name,
        _info(s, lang),
        s.share_footer,
        s.share_url,
        rounds,
        find,
        standings,
        (),
        cross,
        file,
    )


def _individual_lines(
    rnd: Any, players: Mapping[int, Any], before: Mapping[int, float], lang: str
) -> tuple[Board, ...]:
    """A round's pairing: a line per board (the players' 单位 and scores before the round), then the byes."""
    lines: list[Board] = []
    for i, g in enumerate(rnd.games, start=1):
        red, black = players[g.red], players[g.black]
        res = result_words(g.result, lang)
        lines.append(
            Board(
                "board",
                str(i),
                red.name,
                _sub(red.club, _score(before.get(g.red, 0.0), lang)),
                res or L.text("share.vs", lang),
                black.name,
                _sub(black.club, _score(before.get(g.black, 0.0), lang)),
                bool(res),
            )
        )
    for b in rnd.byes:
        p = players[b.player]
        who = (
            f"{p.name}（{p.club}）"
            if p.club and lang == "zh"
            else (f"{p.name} ({p.club})" if p.club else p.name)
        )
        lines.append(Board("bye", S.BYE_BOARD_MARK, _bye_words(who, b.kind, lang)))
    return tuple(lines)


def _individual_entries(t: Any, lang: str) -> list[tuple[int, str, str, str, str, str]]:
    """The last round's (number, name, club, board, colour, opponent) of every player in it."""
    players = {p.number: p for p in t.players}
    last = t.rounds[-1]
    red_w, black_w = L.text("share.red", lang), L.text("share.black", lang)
    entries: list[tuple[int, str, str, str, str, str]] = []
    for i, g in enumerate(last.games, start=1):
        for me, other, colour in ((g.red, g.black, red_w), (g.black, g.red, black_w)):
            p, o = players[me], players[other]
            entries.append((me, p.name, p.club, str(i), colour, o.name))
    for b in last.byes:
        p = players[b.player]
        entries.append(
            (b.player, p.name, p.club, S.BYE_BOARD_MARK, L.text(_BYE_LABEL_KEY[b.kind], lang), "")
        )
    return entries


def _individual_standings(ev: S.Event) -> tuple[Table, Table, str]:
    """The standings after the finished rounds, as the Standings sheet; the crosstable; the
    standings image's file name."""
    t, lang, s = ev.tournament, ev.lang, ev.settings
    players = {p.number: p for p in t.players}
    done = S.finished_event(ev)
    codes, table = S.standings_rows(done)
    finished = len(done.tournament.rounds)
    final = finished >= t.total_rounds and finished > 0
    title = L.text("share.final_title" if final else "share.standings_title", lang, k=finished)
    rows = [
        (r.rank_label, r.name, players[r.number].club, _num(r.points)) + tuple(_num(v) for v in r.values)
        for r in table
    ]
    if s.share_top is not None and len(rows) > s.share_top:
        rows = rows[: s.share_top]
        title += L.text("share.top", lang, n=s.share_top)
    head = (
        L.text("col.rank", lang),
        L.text("col.name", lang),
        L.text("col.club", lang),
        L.text("col.points", lang),
    ) + tuple(tiebreak_name(c, lang) for c in codes)
    standings = Table(title, head, tuple(rows), "cllc" + "c" * len(codes), (1,))
    cross = _sheet_table(S.render_crosstable(ev), L.text("share.page_crosstable", lang))
    file = L.text("share.final_file" if final else "share.standings_file", lang, k=finished)
    return standings, cross, file


def _sheet_table(sheet: S.SheetOut, title: str, header_row: int = 3) -> Table:
    """A derived sheet's table (its header in ``header_row``, rows to the first blank) as published."""
    rows = sheet.rows
    head = tuple("" if v is None else str(v) for v in rows[header_row - 1]) if len(rows) >= header_row else ()
    body: list[tuple[str, ...]] = []
    for r in rows[header_row:]:
        cells = tuple("" if v is None else str(v) for v in r)
        if not any(cells):
            break
        body.append(cells[: len(head)])
    return Table(title, head, tuple(body), "c" * len(head), (1,))


# ---------------------------------------------------------------------------
# a team event (团体赛)
# ---------------------------------------------------------------------------


def _team(wb: TeamWorkbook) -> Publication:
    ev, lang, s = wb.event, wb.lang, wb.settings
    member: dict[int, tuple[str, int]] = {}  # player -> (name, team)
    for tm in ev.teams:
        for person in tm.roster:
            member[person.number] = (person.name, tm.number)
    rounds: list[Round] = []
    last_entries: list[tuple[int, str, str, str, str, str]] = []
    for rnd in ev.rounds:
        entries = last_entries if rnd is ev.rounds[-1] else []
        lines = _team_lines(wb, rnd, member, entries)
        rounds.append(Round(rnd.number, L.text("share.pairing_title", lang, k=rnd.number), lines))
    find = _find_table(ev.rounds[-1].number, lang, s.share_find_order, last_entries, team=True)
    st, boards, cross, file = _team_standings(wb)
    return Publication(
        lang,
        ev.name,
        _info(s, lang),
        s.share_footer,
        s.share_url,
        tuple(rounds),
        find,
        st,
        boards,
        cross,
        file,
        team=True,
    )


def _team_lines(
    wb: TeamWorkbook, rnd: Any, member: Mapping[int, tuple[str, int]],
    entries: list[tuple[int, str, str, str, str, str]],
) -> tuple[Board, ...]:
    """A team round's pairing: each match's own line, then its boards; then the byes.  The
    find-your-board entries of its players are added to ``entries``."""
    ev, lang = wb.event, wb.lang
    rule = ev.settings.colours
    teams = {t.number: t for t in ev.teams}
    lines: list[Board] = []
    for n, m in enumerate(rnd.matches, start=1):
        red = red_team(m, rule)
        black = m.opponent_of(red)
        done = m.finished
        middle = L.text("share.vs", lang)
        if done:
            a = match_board_points(m, red, ev.settings)
            b = match_board_points(m, black, ev.settings)
            middle = f"{_num(a)}:{_num(b)}"
        lines.append(
            Board(
                "match",
                L.text("share.match", lang, n=n),
                teams[red].name,
                teams[red].unit,
                middle,
                teams[black].name,
                teams[black].unit,
                done,
            )
        )
        lines += _match_boards(wb, m, n, red, member, entries)
    for bye in rnd.byes:
        lines.append(Board("bye", S.BYE_BOARD_MARK, _bye_words(teams[bye.team].name, bye.kind, lang)))
    return tuple(lines)


def _match_boards(
    wb: TeamWorkbook, m: Any, n: int, red: int, member: Mapping[int, tuple[str, int]],
    entries: list[tuple[int, str, str, str, str, str]],
) -> list[Board]:
    """Match ``n``'s boards (``red``: the team on its line's left), and its players' entries."""
    ev, lang = wb.event, wb.lang
    rule = ev.settings.colours
    teams = {t.number: t for t in ev.teams}
    empty = L.text("share.empty_seat", lang)
    red_w, black_w = L.text("share.red", lang), L.text("share.black", lang)
    lines: list[Board] = []
    for bg in m.boards:
        # the match line's left team (red on board 1) stays on the left on every board; its
        # colour alternates with the board (the event's colour rule), which the names' colour shows
        first_red = first_team_colour(bg.board, rule) is Colour.RED
        left, right = (bg.first, bg.second) if red == m.first else (bg.second, bg.first)
        left_red = first_red == (red == m.first)
        ln = member[left][0] if left is not None else empty
        rn = member[right][0] if right is not None else empty
        res = result_words(board_as_red_black(bg, rule).result, lang)
        lines.append(
            Board(
                "board",
                L.text("share.board", lang, n=bg.board),
                ln,
                "",  # the teams are on the match's own line above
                res or L.text("share.vs", lang),
                rn,
                "",
                bool(res),
                left_red,
            )
        )
        where = L.text("share.match_board", lang, m=n, b=bg.board)
        for me, name, other, is_red in ((left, ln, rn, left_red), (right, rn, ln, not left_red)):
            if me is not None:
                team_name = teams[member[me][1]].name
                entries.append((me, name, team_name, where, red_w if is_red else black_w, other))
    return lines


def _team_standings(wb: TeamWorkbook) -> tuple[Table, tuple[Table, ...], Table, str]:
    """The team standings (no team number column), 台次成绩, the crosstable, the standings
    image's file name."""
    ev, lang, s = wb.event, wb.lang, wb.settings
    finished = len(ev.rounds)
    final = finished >= ev.total_rounds
    title = L.text("share.final_title" if final else "share.standings_title", lang, k=finished)
    st = _sheet_table(render_team_standings(wb), title)
    st = replace(
        st,
        rows=tuple((r[0],) + r[2:] for r in st.rows),  # no team number column
        head=(st.head[0],) + st.head[2:],
        align="clc" + "c" * (len(st.head) - 3),
        names=(1,),
    )
    if s.share_top is not None and len(st.rows) > s.share_top:
        st = replace(st, rows=st.rows[: s.share_top], title=title + L.text("share.top", lang, n=s.share_top))
    boards = _board_tables(render_board_standings(wb), L.text("share.board_title", lang, k=finished))
    cross = _sheet_table(render_team_crosstable(wb), L.text("share.page_crosstable", lang))
    file = L.text("share.final_file" if final else "share.standings_file", lang, k=finished)
    return st, boards, cross, file


def _board_tables(sheet: S.SheetOut, title: str) -> tuple[Table, ...]:
    """台次成绩 as one table: a sub-head row per board, then its players."""
    rows = sheet.rows
    head: tuple[str, ...] = ()
    body: list[tuple[str, ...]] = []
    for r in rows[2:]:
        cells = tuple("" if v is None else str(v) for v in r)
        if not any(cells):
            continue
        if L.lookup(cells[0], ("col.rank",)) is None and sum(1 for c in cells if c) == 1 and cells[0]:
            body.append((cells[0],))  # a board's sub-head (or the note below the tables)
            continue
        if L.lookup(cells[0], ("col.rank",)) is not None:
            head = cells
            continue
        body.append(cells[: len(head)])
    if not head:
        return ()
    return (Table(title, head, tuple(body), "cclccc" + "c" * max(0, len(head) - 6), (2,)),)


# ---------------------------------------------------------------------------
# by kind (EventKind.publication)
# ---------------------------------------------------------------------------


def team_publication(wb: TeamWorkbook) -> tuple[Publication, TeamWorkbook]:
    """A team event's publication (:meth:`~bianpai.addin.jobs.kinds.EventKind.publication`)."""
    if not wb.event.rounds:
        raise wb.refuse([problem("problem.share_no_round")])
    return _team(wb), wb


def individual_publication(values: S.SheetValues) -> tuple[Publication, S.Event]:
    """An individual event's publication (:meth:`~bianpai.addin.jobs.kinds.EventKind.publication`)."""
    ev = S.read_event(values)
    if not ev.tournament.rounds:
        raise ev.refuse([problem("problem.share_no_round")])
    return _individual(ev), ev
