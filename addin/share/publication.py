"""``bianpai share``: publish the last round where the players look (issue 24).

The job reads the workbook's sheet values like every job and returns a whole
:class:`~bianpai.addin.jobs.result.JobResult` whose ``files`` are what to write — the
pairing image(s) of the last round, the find-your-board image(s), the
standings image(s), one self-contained web page and one print-all PDF — as
(file name, bytes).  It writes nothing: the command line and the add-in write
the files beside the workbook, all or none (:func:`write_files`).

What is published is built here once, as plain text in the workbook's
language (:class:`Publication`): the images (:mod:`.share_draw`) and the page
(:mod:`.share_page`) only lay it out, so an image and the page never say
different things.  Individual and team events give the same kinds of
:class:`Board` lines and :class:`Table` rows.
"""

from __future__ import annotations

import functools
import os
import re
import sys
import tempfile
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Sequence

from bianpai.engine.model import ByeKind, GameResult
from bianpai.engine.problems import problem

from ..workbook import words as L
from ..workbook import sheets as S
from ..workbook.sheets.round import _BYE_LABEL_KEY

if TYPE_CHECKING:
    from ..jobs.result import JobResult
    from ..jobs.kinds import EventBook
    from ..workbook.sheets.team.event import TeamWorkbook

__all__ = ["Board", "Publication", "Table", "publication", "share", "write_files", "folder_for"]


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
# find your board: the order of names
# ---------------------------------------------------------------------------


SURNAME_READINGS: dict[str, str] = {
    "曾": "zeng",
    "单": "shan",
    "仇": "qiu",
    "解": "xie",
    "查": "zha",
    "区": "ou",
    "朴": "piao",
    "覃": "qin",
    "翟": "zhai",
    "盖": "ge",
    "缪": "miao",
    "乐": "yue",
    "种": "chong",
    "秘": "bi",
    "召": "shao",
    "员": "yun",
    "隗": "wei",
    "宓": "mi",
    "繁": "po",
    "折": "she",
    "薄": "bo",
    "柏": "bai",
    "都": "du",
    "莘": "shen",
    "能": "nai",
    "宿": "su",
    "冼": "xian",
    "洗": "xian",
    "尉": "wei",
    "郇": "huan",
    "句": "gou",
    "祭": "zhai",
    "长孙": "zhangsun",
    "尉迟": "yuchi",
    "万俟": "moqi",
    "单于": "chanyu",
    "澹台": "tantai",
    "令狐": "linghu",
}
"""Decision: a name is read surname first, and a surname with a reading of its own
is ordered by it (曾 zeng, not ceng; 单 shan, not dan) — pypinyin reads a
character as it is read most often, which for these surnames is not how a
name is said; the compound surnames first."""


def pinyin_key(name: str) -> tuple[str, ...]:
    """A name's place in pinyin order: a syllable per character, tone-less, ü as
    v (pypinyin's readings: :func:`_readings`), the surname by
    :data:`SURNAME_READINGS`; a run of other characters (Latin letters, digits)
    as itself, lower-case."""
    name = name.strip()
    out: list[str] = []
    for n in (2, 1):
        if len(name) > n and name[:n] in SURNAME_READINGS:
            out, name = [SURNAME_READINGS[name[:n]]], name[n:]
            break
    other = ""
    for ch in name:
        r = _reading(ch)
        if r is None:
            other += ch.lower()
            continue
        if other:
            out.append(other)
            other = ""
        out.append(r)
    if other:
        out.append(other)
    return tuple(out)


_TONELESS = str.maketrans({"ü": "v", "ǖ": "v", "ǘ": "v", "ǚ": "v", "ǜ": "v"})


@functools.lru_cache(maxsize=4096)
def _reading(ch: str) -> str | None:
    """A character's first (most common) reading, tone-less, ü as v; None for a
    character that is not Chinese."""
    import unicodedata

    r = _readings().get(str(ord(ch)))
    if r is None:
        return None
    r = unicodedata.normalize("NFD", r.split(",")[0].translate(_TONELESS))
    return "".join(c for c in r if not unicodedata.combining(c))


@functools.lru_cache(maxsize=1)
def _readings() -> dict[str, str]:
    """pypinyin's character table (code point as text: readings).  Decision: names
    are read a character at a time, not by pypinyin's phrase table (a given name
    is not a phrase), and the table is read straight from pypinyin's data file
    when it is there — importing pypinyin itself loads its phrases and its
    segmenter too (~0.5 s); otherwise through pypinyin's own module."""
    import importlib.util
    import json

    spec = importlib.util.find_spec("pypinyin")
    folder = next(iter(spec.submodule_search_locations or ()), None) if spec else None
    data = Path(folder) / "pinyin_dict.json" if folder else None
    if data is not None and data.is_file():
        loaded: dict[str, str] = json.loads(data.read_text(encoding="utf-8"))
        return loaded
    from pypinyin.pinyin_dict import pinyin_dict

    return {str(k): v for k, v in pinyin_dict.items()}


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
    from ..workbook.sheets.standings import legend

    line = legend(code, lang)
    return re.split(r"[:：]", line, maxsplit=1)[0].strip() or code


def _individual(ev: S.Event) -> Publication:
    t, lang, s = ev.tournament, ev.lang, ev.settings
    players = {p.number: p for p in t.players}
    scores = S.scores_before(t)
    rounds: list[Round] = []
    for rnd in t.rounds:
        k = rnd.number
        before = scores[k - 1]
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
        rounds.append(Round(k, L.text("share.pairing_title", lang, k=k), tuple(lines)))
    last = t.rounds[-1]
    k = last.number
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
    find = _find_table(k, lang, s.share_find_order, entries, team=False)
    # standings after the finished rounds, as the Standings sheet
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
    return Publication(
        lang,
        t.name,
        _info(s, lang),
        s.share_footer,
        s.share_url,
        tuple(rounds),
        find,
        standings,
        (),
        cross,
        file,
    )


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


def _team(wb: "TeamWorkbook") -> Publication:
    from bianpai.engine.model import Colour
    from bianpai.engine.teams.points import (
        board_as_red_black,
        first_team_colour,
        match_board_points,
        red_team,
    )

    from ..workbook.sheets.team.standings import (
            render_board_standings,
            render_team_crosstable,
            render_team_standings,
        )

    ev, lang, s = wb.event, wb.lang, wb.settings
    rule = ev.settings.colours
    teams = {t.number: t for t in ev.teams}
    member: dict[int, tuple[str, int]] = {}  # player -> (name, team)
    for tm in ev.teams:
        for person in tm.roster:
            member[person.number] = (person.name, tm.number)
    empty = L.text("share.empty_seat", lang)
    rounds: list[Round] = []
    last_entries: list[tuple[int, str, str, str, str, str]] = []
    red_w, black_w = L.text("share.red", lang), L.text("share.black", lang)
    for rnd in ev.rounds:
        k = rnd.number
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
                if rnd is ev.rounds[-1]:
                    where = L.text("share.match_board", lang, m=n, b=bg.board)
                    for me, name, other, is_red in ((left, ln, rn, left_red), (right, rn, ln, not left_red)):
                        if me is not None:
                            team_name = teams[member[me][1]].name
                            last_entries.append(
                                (me, name, team_name, where, red_w if is_red else black_w, other)
                            )
        for bye in rnd.byes:
            lines.append(Board("bye", S.BYE_BOARD_MARK, _bye_words(teams[bye.team].name, bye.kind, lang)))
        rounds.append(Round(k, L.text("share.pairing_title", lang, k=k), tuple(lines)))
    k = ev.rounds[-1].number
    find = _find_table(k, lang, s.share_find_order, last_entries, team=True)
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
# the job
# ---------------------------------------------------------------------------


def team_publication(wb: "TeamWorkbook") -> tuple[Publication, "TeamWorkbook"]:
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


def publication(values: S.SheetValues) -> "tuple[Publication, EventBook]":
    """What is published, and the workbook as read, by the workbook's kind of event; refused
    (nothing written) when no round is paired yet."""
    from ..jobs.kinds import kind_of

    return kind_of(values).publication(values)


IMAGES_UNDER_PYODIDE = False
"""Decision: under xlwings Lite (Pyodide, ``sys.platform == "emscripten"``) the
job makes the page alone — there are no system fonts to draw Chinese with and
no folder to write to — and says so."""


def share(values: S.SheetValues, images: bool | None = None, stem: str = "") -> "JobResult":
    """The ``share`` job: every file to publish the last round, as
    (name, bytes) in ``JobResult.files``; the message names them.  ``images``:
    draw the images and the PDF (None: unless under Pyodide,
    :data:`IMAGES_UNDER_PYODIDE`); ``stem``: the workbook's file name without
    its suffix (the page's file name).  Refused, writing nothing, when no
    round is paired, when no font draws Chinese, or when the font lacks a
    character of a name (never tofu boxes)."""
    from ..jobs.result import JobResult
    from .page import page_html

    pub, book = publication(values)
    lang = pub.lang
    if images is None:
        images = sys.platform != "emscripten" or IMAGES_UNDER_PYODIDE
    files: list[tuple[str, bytes]] = []
    notes: list[str] = []
    if images:
        from .draw import draw_all

        try:
            files += draw_all(pub, book)
        except ImportError:
            raise book.refuse([problem("problem.share_no_pillow")]) from None
    page_name = f"{stem or 'index'}.html"
    files.append((page_name, page_html(pub).encode("utf-8")))
    if not pub.url:
        notes.append(L.text("share.no_url", lang))
    if pub.team and images:
        notes.append(L.text("share.pdf_team_note", lang))
    msg = L.text(
        "share.written",
        lang,
        folder=L.text("share.folder", lang, stem=stem or "EVENT"),
        files=", ".join(n for n, _ in files),
    )
    return JobResult((), (), message=msg, notes=tuple(notes), lang=lang, files=tuple(files))


# ---------------------------------------------------------------------------
# writing: beside the workbook, all files or none
# ---------------------------------------------------------------------------


def folder_for(workbook: Path, lang: str) -> Path:
    """The folder beside the workbook the files go to (``demo_分享`` / ``demo_share``)."""
    return workbook.parent / L.text("share.folder", lang, stem=workbook.stem)


FILE_MODE = 0o644
"""The files written are readable by everyone (a web space serves them), as a saved file is."""

_PART = re.compile(r"^(?P<stem>.+?)(?:-\d+)?\.png$")


def write_files(folder: Path, files: Sequence[tuple[str, bytes]]) -> list[Path]:
    """Write ``files`` into ``folder`` (made if missing): each into a temporary
    file of the folder first, then, once every one is written, each renamed
    into place (:func:`os.replace`); if any write fails, the temporary files
    are removed and nothing is replaced.  An image set of an earlier share
    split otherwise (``第7轮对阵-3.png`` of three, now two) is removed, so the
    folder never holds a stale part.  Returns the paths written."""
    folder.mkdir(parents=True, exist_ok=True)
    temps: list[tuple[str, str]] = []
    try:
        for name, data in files:
            fd, tmp = tempfile.mkstemp(prefix=".share-", suffix=".tmp", dir=folder)
            temps.append((tmp, name))
            os.chmod(tmp, FILE_MODE)
            with os.fdopen(fd, "wb") as f:
                f.write(data)
                f.flush()
                os.fsync(f.fileno())
    except BaseException:
        for tmp, _ in temps:
            try:
                os.unlink(tmp)
            except OSError:
                pass
        raise
    new = {name for name, _ in files}
    stems = {m.group("stem") for name in new if (m := _PART.match(name))}
    for old in folder.iterdir():
        m = _PART.match(old.name)
        if m and m.group("stem") in stems and old.name not in new:
            old.unlink()
    out = []
    for tmp, name in temps:
        os.replace(tmp, folder / name)
        out.append(folder / name)
    return out
