"""The event as read: the whole workbook in and out — sheets classified, every reader run, every
problem at once, and every sheet rendered in workbook order."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Iterable, Sequence

from bianpai.engine.model import (
    last_appearance,
    Bye,
    ForbiddenPairs,
    Player,
    Round,
    Tournament,
)
from bianpai.engine.results import InputError
from bianpai.engine.problems import Problem, problem

from .. import words as L
from ..words import text
from ..messages import WorkbookInputError
from .cells import SheetValues, _at, _find_header, where
from .apart import read_apart, render_apart
from .cards import render_cards, render_slips
from .changes import ChangeRecord, read_changes, render_changes
from .fixed import read_fixed, render_fixed
from .colours import render_colours
from .crosstable import render_crosstable
from .floats import render_floats
from .layout import SheetOut
from .players import PlayerStatus, read_players, render_players
from .provisional import NOTE_COLUMN, NOTE_ROW, read_note, with_provisional_history
from .round import (
    C_BLACK,
    C_RED,
    C_RESULT,
    FINGERPRINT_COLUMN,
    FINGERPRINT_ROW,
    ROUND_HEADER_ROW,
    RoundSheet,
    read_round,
    render_round,
    scores_before,
)
from .settings import EventFacts, EventSettings, read_settings, render_settings, total_rounds
from .standings import render_standings
from ..messages import SETTING_LABELS
from .prizes import render_clubs, render_groups
from .settings import DEFAULT_TIEBREAKS, NEW_WORKBOOK_TIEBREAKS


@dataclass(frozen=True)
class Event:
    """A whole workbook: settings, the engine's tournament, and per round
    what the round sheet shows besides the games."""

    settings: EventSettings
    tournament: Tournament
    round_sheets: tuple[RoundSheet, ...] = ()
    statuses: tuple[tuple[int, PlayerStatus], ...] = ()
    sheet_names: tuple[tuple[str, str], ...] = ()  # sheet key -> actual name
    setting_cells: tuple[tuple[str, str], ...] = ()  # Settings label key (or option key) -> its value cell
    apart_notes: tuple[str, ...] = ()  # 回避名单: each row's note, beside tournament.forbidden_pairs
    apart_sheet: bool = False  # the workbook has (or is to get) a 回避名单 sheet
    changes: tuple[ChangeRecord, ...] = ()  # 变更记录: the hand edits kept (sheets/changes.py)
    fixed_notes: tuple[str, ...] = ()  # 固定对阵: each row's note, beside tournament.fixed_pairs
    cards_brackets: bool = False  # the 编排卡 sheet shows the next round's rows (sheets/cards.py)
    player_cells: tuple[tuple[int, str], ...] = ()  # each player's name cell on the Players sheet

    @property
    def lang(self) -> str:
        return self.settings.language

    def sheet_name(self, key: str) -> str:
        for k, v in self.sheet_names:
            if k == key:
                return v
        return text(key, self.lang)

    def round_sheet_name(self, k: int) -> str:
        if k <= len(self.round_sheets):
            return self.round_sheets[k - 1].name
        return L.round_sheet_name(k, self.lang)

    def place(self, p: Problem) -> Problem:
        """``p`` placed on the cell the organiser looks at: a board's cell of
        its side (its result cell without a side), a player's bye row in a
        round, the value cell of a setting; a problem already placed stays."""
        if p.where:
            return p
        if p.round is not None and 1 <= p.round <= len(self.tournament.rounds):
            sheet = self.round_sheet_name(p.round)
            rnd = self.tournament.rounds[p.round - 1]
            if p.board is not None:
                col = {"red": C_RED, "black": C_BLACK}.get(p.side or "", C_RESULT)
                return p.at(where(sheet, ROUND_HEADER_ROW + p.board, col))
            for j, b in enumerate(rnd.byes, start=len(rnd.games) + 1):
                if b.player == p.player:
                    return p.at(where(sheet, ROUND_HEADER_ROW + j, C_RED))
            return p.at(sheet)
        if p.key.startswith("problem.apart"):  # 回避名单 (issue 17)
            return p.at(self.sheet_name("sheet.apart"))
        if p.key.startswith("problem.fixed"):  # 固定对阵 (issue 17)
            return p.at(self.sheet_name("sheet.fixed"))
        if p.setting is not None:
            cells = dict(self.setting_cells)
            cell = cells.get(SETTING_LABELS.get(p.setting, p.setting)) or cells.get(p.setting)
            return p.at(cell or self.sheet_name("sheet.settings"))
        if p.key == "problem.player_typed_twice" and p.player is not None:  # the row typed again
            cell = dict(self.player_cells).get(p.player)
            if cell:
                return p.at(cell)
        if p.player is not None or p.key in ("problem.no_players", "problem.fewer_than_two"):
            return p.at(self.sheet_name("sheet.players"))
        return p

    def refuse(self, problems: Iterable[Problem]) -> WorkbookInputError:
        """The error a job raises: ``problems`` placed, in the workbook's language."""
        return WorkbookInputError([self.place(p) for p in problems], self.lang)




def classify_sheets(names: Iterable[str]) -> tuple[dict[str, str], dict[int, str], list[str]]:
    """Our sheets by key, round sheets by number, and the sheets that are not ours."""
    keyed: dict[str, str] = {}
    rounds: dict[int, str] = {}
    other: list[str] = []
    for name in names:
        k = L.round_of_sheet(name)
        if k is not None:
            rounds.setdefault(k, name)
            continue
        key = L.sheet_key(name)
        if key is not None and key not in keyed:
            keyed[key] = name
        else:
            other.append(name)
    return keyed, rounds, other


_ROUND_LIKE = re.compile(r"^\s*(?:第\s*[0-9一二三四五六七八九十百零〇两]+\s*轮|round\s*\S+|r\d+)",
                         re.IGNORECASE)
_ROUND_WORD = re.compile(r"轮|(?<![a-z])round", re.IGNORECASE)
_ROUND_NUMBER = re.compile(r"[0-9０-９一二三四五六七八九十百零〇两]")


def looks_like_round_sheet(name: str, rows: Sequence[Sequence[object]]) -> bool:
    """A sheet that is not read as a round sheet but looks like one (issue 13
    item 5, issue 23 item 6): its name holds a round number and 轮 / Round
    (5轮, 第3轮对阵, Round5 copy, 第八轮) or begins like a round sheet's (Round
    three), or its header row is a round sheet's (台次/Board in column A, with
    红方序号 and 黑方序号 beside it: 对阵5, a copy renamed at will).  Its typed
    results would be ignored, so the commands stop and name it."""
    if L.round_of_sheet(name) is not None:
        return False
    if _ROUND_LIKE.match(name) or (_ROUND_WORD.search(name) and _ROUND_NUMBER.search(name)):
        return True
    h = _find_header(rows, "col.board")
    if h is None:
        return False
    header = {L.lookup(v, ("col.red_no", "col.black_no")) for v in rows[h]}
    return {"col.red_no", "col.black_no"} <= header


_FINGERPRINT = re.compile("|".join(re.escape(L.LABELS["round.fingerprint"][i]).replace(r"\{code\}",
                                                                                      "([0-9]+)")
                                  for i in (0, 1)), re.IGNORECASE)


def _fingerprint(value: object) -> str:
    """The fingerprint a round sheet's L2 holds ("" when it holds none: the
    round is re-paired by ``check``, which is all a lost fingerprint costs)."""
    m = _FINGERPRINT.fullmatch(str(value).strip()) if isinstance(value, str) else None
    return next((g for g in m.groups() if g), "") if m else ""


def read_event(values: SheetValues) -> Event:
    """The whole workbook → :class:`Event`.  Raises :class:`InputError` with
    every problem found, each naming its ``Sheet!Cell``."""
    problems: list[Problem] = []
    keyed, round_names, other = classify_sheets(values)
    setting_cells: dict[str, str] = {}
    problems += [problem("problem.round_sheet_unread", where=name, sheet=name)
                 for name in other if looks_like_round_sheet(name, values[name])]
    if "sheet.settings" not in keyed:
        problems.append(problem("problem.no_settings_sheet"))
        settings, facts = EventSettings(), EventFacts()
    else:
        settings, facts = read_settings(keyed["sheet.settings"], values[keyed["sheet.settings"]], problems,
                                        setting_cells)
    if "sheet.players" not in keyed:
        problems.append(problem("problem.no_players_sheet"))
    players: list[Player] = []
    statuses: dict[int, PlayerStatus] = {}
    numbers: set[int] = set()
    player_cells: dict[int, str] = {}
    if "sheet.players" in keyed:
        players, statuses = read_players(keyed["sheet.players"], values[keyed["sheet.players"]], problems,
                                         numbers, cells=player_cells)
    apart: tuple[ForbiddenPairs, ...] = ()
    apart_notes: tuple[str, ...] = ()
    if "sheet.apart" in keyed:
        apart, apart_notes = read_apart(keyed["sheet.apart"], values[keyed["sheet.apart"]], problems, numbers)
    fixed: tuple[tuple[int, int, int], ...] = ()
    fixed_notes: tuple[str, ...] = ()
    if "sheet.fixed" in keyed:
        fixed, fixed_notes = read_fixed(keyed["sheet.fixed"], values[keyed["sheet.fixed"]], problems,
                                        numbers)
    changes: tuple[ChangeRecord, ...] = ()
    if "sheet.changes" in keyed:
        changes = read_changes(keyed["sheet.changes"], values[keyed["sheet.changes"]], problems)
    rounds: list[Round] = []
    sheets: list[RoundSheet] = []
    noted: list[tuple[tuple[int, int], ...]] = []  # the provisional draws each round was paired on
    for k in sorted(round_names):
        if k != len(sheets) + 1:
            problems.append(problem("problem.round_sheet_missing", where=round_names[k],
                                    round=len(sheets) + 1))
            break
        rows = values[round_names[k]]
        rnd, rs = read_round(round_names[k], k, rows, numbers, problems)
        rs = replace(rs, fingerprint=_fingerprint(_at(rows, FINGERPRINT_ROW - 1, FINGERPRINT_COLUMN - 1)))
        noted.append(read_note(round_names[k], k, _at(rows, NOTE_ROW - 1, NOTE_COLUMN - 1), rounds, problems))
        rounds.append(rnd)
        sheets.append(rs)
    rounds = list(with_provisional_history(rounds, noted))
    if problems:
        raise WorkbookInputError(problems, settings.language)
    # 退赛 without a round: from the round after the player's last game.
    resolved = []
    requests: list[tuple[int, Bye]] = []
    next_round = len(rounds) + 1
    for p in sorted(players, key=lambda p: p.number):
        st = statuses.get(p.number)
        if st is not None and st.withdrawn and st.withdrawn_from is None:
            p = replace(p, withdrawn_from=max(last_appearance(rounds, p.number) + 1, p.joins_from))
        if st is not None and st.request is not None:
            k = st.request_round if st.request_round is not None else next_round
            if k >= next_round:
                requests.append((k, Bye(p.number, st.request)))
        resolved.append(p)
    t = Tournament(name=facts.name, players=tuple(resolved), rounds=tuple(rounds),
                   total_rounds=total_rounds(facts, len(resolved)), points=facts.points,
                   requests=tuple(requests), rules=facts.rules, system=facts.system,
                   first_colour=facts.first_colour, records=facts.records, forbidden_pairs=apart,
                   fixed_pairs=fixed)
    names = tuple(sorted(keyed.items()))
    return Event(settings, t, tuple(sheets), tuple(sorted(statuses.items())), names,
                 tuple(sorted(setting_cells.items())), apart_notes, "sheet.apart" in keyed, changes,
                 fixed_notes, _cards_show_brackets(values, keyed), tuple(sorted(player_cells.items())))


def _cards_show_brackets(values: SheetValues, keyed: dict[str, str]) -> bool:
    """Whether the workbook's 编排卡 sheet has the next round's page (either language)."""
    rows = values.get(keyed.get("sheet.cards", ""), ())
    heads = tuple(L.LABELS["cards.next"][i].split("{")[0] for i in (0, 1))
    return any(isinstance(v, str) and v.startswith(heads) for row in rows for v in row[:1])


def render_sources(ev: Event) -> list[SheetOut]:
    """Settings, Players, the 回避名单 (when the workbook has one or the event
    keeps pairs apart), every round sheet and the 变更记录 (when a hand edit was kept)."""
    scores = scores_before(ev.tournament)
    apart = [render_apart(ev)] if ev.apart_sheet or ev.tournament.forbidden_pairs else []
    log = [render_changes(ev)] if ev.changes else []
    apart += [render_fixed(ev)] if ev.tournament.fixed_pairs else []
    return [render_settings(ev), render_players(ev)] + apart + [
        render_round(ev, k, scores) for k in range(1, len(ev.tournament.rounds) + 1)] + log


def finished_rounds(t: Tournament) -> int:
    """How many rounds are finished: the rounds from round 1 on in which every
    game has a result (a round paired but not yet played, or played only in
    part, is not finished, and neither is any round after it)."""
    k = 0
    for rnd in t.rounds:
        if any(g.result is None for g in rnd.games):
            break
        k += 1
    return k


def finished_event(ev: Event) -> Event:
    """``ev`` as it stood after its last finished round (:func:`finished_rounds`):
    what the derived sheets describe, so that pairing the next round (or
    typing some of its results) leaves the standings, crosstable, colours and
    floats as they were, and their head says 第k轮后 for that round k."""
    t = ev.tournament
    k = finished_rounds(t)
    if k == len(t.rounds):
        return ev
    return replace(ev, tournament=replace(t, rounds=t.rounds[:k]))


def render_derived(ev: Event) -> list[SheetOut]:
    """Colours, Floats, Standings, Crosstable — always rewritten, from the
    finished rounds only (:func:`finished_event`); the 编排卡 and 记分单 too
    while the workbook has them (from the whole event: the slips are the last
    round's)."""
    have = dict(ev.sheet_names)
    printed = ([render_cards(ev, ev.cards_brackets)] if "sheet.cards" in have else []) + \
        ([render_slips(ev)] if "sheet.slips" in have else [])
    done = finished_event(ev)

    prizes = ([render_clubs(done)] if ev.settings.club_totals else []) + \
        ([render_groups(done)] if any(p.group for p in ev.tournament.players) else [])
    return [render_colours(done), render_floats(done), render_standings(done),
            render_crosstable(done)] + prizes + printed


def render_all(ev: Event) -> list[SheetOut]:
    """Every sheet of the workbook in order: Settings, Players, rounds, then
    the derived sheets."""
    return render_sources(ev) + render_derived(ev)


def new_event(lang: str = L.DEFAULT_LANGUAGE, name: str | None = None) -> Event:
    """An empty event in ``lang``: default settings, no players."""
    if lang not in L.LANGUAGES:
        raise InputError(f"language {lang!r} is not zh or en")

    s = EventSettings(language=lang, tiebreaks=NEW_WORKBOOK_TIEBREAKS.get(lang, DEFAULT_TIEBREAKS))
    facts = EventFacts()
    t = Tournament(name=name or ("象棋比赛" if lang == "zh" else "Xiangqi event"), players=(),
                   total_rounds=facts.total_rounds, points=facts.points, rules=facts.rules,
                   system=facts.system)
    return Event(s, t)
