"""A team workbook (团体赛) as read: Settings (with the team block), Teams,
Players (team and 台次), the round sheets; every reader run, every problem
at once; and every sheet rendered in workbook order.

A workbook is a team event when its Settings' event-kind row says 团体赛
(:func:`is_team_workbook`).  The event is the engine's
:class:`~bianpai.engine.teams.model.TeamEvent` (docs/team.md); pairing, points and
standings are the engine's."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from bianpai.engine.model import ByeKind, Player, Tournament
from bianpai.engine.problems import Problem, problem
from bianpai.engine.teams.model import Member, Team, TeamEvent, TeamRound, validate_event
from bianpai.engine.teams.projection import TeamPairing

from ... import words as L
from ...words import text
from ...messages import WorkbookInputError
from ..cells import Cell, SheetValues
from ..event import Event, classify_sheets
from ..layout import SheetOut, Validation
from ..players import PlayerStatus
from ..printing import system_words
from ..settings import EventFacts, EventSettings, read_settings, render_settings, total_rounds
from .players import read_team_players, render_team_players, rosters
from .round import TeamRoundSheet, read_team_round, render_team_round
from .settings import (
    TEAM_ROWS,
    TeamBlock,
    is_team_settings,
    read_team_block,
    split_team_rows,
    team_rows,
    team_validations,
)
from .standings import render_board_standings, render_team_crosstable, render_team_standings
from .teams import TeamRow, read_teams, render_teams
from bianpai.engine.teams.model import TeamBye
from ..layout import INPUT_FILL, NOTE_COLOUR, Style
from ..cells import display_width
from .cards import render_team_cards
from .slips import render_team_slips


@dataclass(frozen=True)
class TeamWorkbook:
    """A whole team workbook: the Settings (individual rows and the team block), the engine's
    :class:`TeamEvent`, and per round what its sheet shows besides the matches."""

    settings: EventSettings
    block: TeamBlock
    event: TeamEvent
    round_sheets: tuple[TeamRoundSheet, ...] = ()
    team_statuses: tuple[tuple[int, PlayerStatus], ...] = ()
    sheet_names: tuple[tuple[str, str], ...] = ()
    setting_cells: tuple[tuple[str, str], ...] = ()

    @property
    def lang(self) -> str:
        return self.settings.language

    def sheet_name(self, key: str) -> str:
        return dict(self.sheet_names).get(key) or text(key, self.lang)

    def round_sheet_name(self, k: int) -> str:
        if k <= len(self.round_sheets):
            return self.round_sheets[k - 1].name
        return L.round_sheet_name(k, self.lang)

    def refuse(self, problems: list[Problem]) -> WorkbookInputError:
        return WorkbookInputError(problems, self.lang)


def is_team_workbook(values: SheetValues) -> bool:
    """Whether the workbook's Settings sheet says 团体赛 (team event)."""
    keyed, _rounds, _other = classify_sheets(values)
    name = keyed.get("sheet.settings")
    return name is not None and is_team_settings(values[name])


def _last_appearance(rounds: tuple[TeamRound, ...], team: int) -> int:
    last = 0
    for rnd in rounds:
        b = rnd.bye_of(team)
        if rnd.match_of(team) is not None or (b is not None and b.kind is not ByeKind.ABSENT):
            last = rnd.number
    return last


def read_team_workbook(values: SheetValues) -> TeamWorkbook:
    """The whole team workbook → :class:`TeamWorkbook`.  Raises
    :class:`WorkbookInputError` with every problem, each naming its ``Sheet!Cell``."""
    problems: list[Problem] = []
    keyed, round_names, _other = classify_sheets(values)
    cells: dict[str, str] = {}
    settings, facts, block = _read_team_settings(values, keyed, problems, cells)
    team_rows_read = []
    if "sheet.teams" not in keyed:
        problems.append(
            problem("problem.no_teams_sheet", zh=L.LABELS["sheet.teams"][0], en=L.LABELS["sheet.teams"][1])
        )
    else:
        team_rows_read = read_teams(keyed["sheet.teams"], values[keyed["sheet.teams"]], problems)
    lines = []
    if "sheet.players" not in keyed:
        problems.append(problem("problem.no_players_sheet"))
    else:
        lines = read_team_players(
            keyed["sheet.players"],
            values[keyed["sheet.players"]],
            problems,
            block.boards,
            {tr.team.number for tr in team_rows_read},
        )
    teams = _teams_with_rosters(team_rows_read, rosters(lines), block.boards)
    ev = TeamEvent(
        facts.name,
        teams,
        boards=block.boards,
        total_rounds=total_rounds(facts, len(teams)),
        settings=block.team_settings(facts.points),
        rules=facts.rules,
        system=facts.system,
        first_colour=facts.first_colour,
    )
    sheets: list[TeamRoundSheet] = []
    if not problems:  # the round sheets need the rosters
        ev, sheets = _read_team_rounds(values, round_names, ev, problems)
    if problems:
        raise WorkbookInputError(problems, settings.language)
    statuses = {tr.team.number: tr.status for tr in team_rows_read if tr.status != PlayerStatus()}
    ev = _with_statuses(ev, statuses)
    engine_problems = validate_event(ev)
    if engine_problems:
        raise WorkbookInputError(engine_problems, settings.language)
    return TeamWorkbook(
        settings,
        block,
        ev,
        tuple(sheets),
        tuple(sorted(statuses.items())),
        tuple(sorted(keyed.items())),
        tuple(sorted(cells.items())),
    )


def _read_team_settings(values: SheetValues, keyed: dict[str, str], problems: list[Problem],
                        cells: dict[str, str]) -> tuple[EventSettings, EventFacts, TeamBlock]:
    """The Settings sheet: the individual event's rows and the team block."""
    if "sheet.settings" not in keyed:
        problems.append(problem("problem.no_settings_sheet"))
        return EventSettings(), EventFacts(), TeamBlock()
    name = keyed["sheet.settings"]
    rest, found = split_team_rows(values[name])
    settings, facts = read_settings(name, rest, problems, cells)
    return settings, facts, read_team_block(name, found, problems, cells)


def _teams_with_rosters(team_rows_read: list[TeamRow], roster: dict[int, tuple[Member, ...]],
                        boards: int) -> tuple[Team, ...]:
    """The teams in number order, each with its roster and rating."""
    return tuple(
        replace(
            tr.team,
            roster=roster.get(tr.team.number, ()),
            rating=_mean_rating(roster.get(tr.team.number, ()), boards),
        )
        for tr in sorted(team_rows_read, key=lambda tr: tr.team.number)
    )


def _read_team_rounds(values: SheetValues, round_names: dict[int, str], ev: TeamEvent,
                      problems: list[Problem]) -> tuple[TeamEvent, list[TeamRoundSheet]]:
    """The round sheets in order (a missing one is refused), read into the event."""
    sheets: list[TeamRoundSheet] = []
    for k in sorted(round_names):
        if k != len(sheets) + 1:
            problems.append(
                problem("problem.round_sheet_missing", where=round_names[k], round=len(sheets) + 1)
            )
            break
        rnd, rs = read_team_round(round_names[k], k, values[round_names[k]], ev, problems)
        ev = replace(ev, rounds=ev.rounds + (rnd,))
        sheets.append(rs)
    return ev, sheets


def _with_statuses(ev: TeamEvent, statuses: dict[int, PlayerStatus]) -> TeamEvent:
    """The teams' statuses applied: a withdrawal without a round (from the round
    after its last appearance) and the byes or absences asked for."""
    resolved: list[Team] = []
    requests = []
    for t in ev.teams:
        st = statuses.get(t.number)
        if st is not None and st.withdrawn and st.withdrawn_from is None:
            t = replace(t, withdrawn_from=max(_last_appearance(ev.rounds, t.number) + 1, t.joins_from))
        if st is not None and st.request is not None:
            k = st.request_round if st.request_round is not None else ev.next_round
            if k >= ev.next_round:
                requests.append((k, TeamBye(t.number, st.request)))
        resolved.append(t)
    return replace(ev, teams=tuple(resolved), requests=tuple(requests))


def _mean_rating(members: tuple, boards: int) -> int:
    """A team's rating (for the first round's order): the mean of its first ``boards`` regulars' ratings."""
    rated = [m.rating for m in members if not m.reserve][:boards]
    return round(sum(rated) / len(rated)) if rated else 0


def _individual_view(wb: TeamWorkbook) -> Event:
    """The Settings renderer's view: teams counted as the event's entrants."""
    players = tuple(Player(t.number, t.name) for t in wb.event.teams)
    t = Tournament(
        wb.event.name,
        players,
        total_rounds=wb.event.total_rounds,
        points=wb.event.settings.board_points,
        system=wb.event.system,
        rules=wb.event.rules,
        first_colour=wb.event.first_colour,
    )
    return Event(wb.settings, t, sheet_names=wb.sheet_names)


def render_team_settings(wb: TeamWorkbook) -> SheetOut:
    """The Settings sheet: the individual rows (win/draw/loss are a board's 局分), then the team block."""
    out = render_settings(_individual_view(wb), team=True)  # issue 25: without the individual ranking rows
    rows = [list(r) for r in out.rows]
    for r in rows:
        if L.lookup(r[0], ("set.bye",)) is not None:
            r[2] = text("note.team_bye_below", wb.lang)
        elif L.lookup(r[0], ("set.tiebreaks",)) is not None:
            r[1], r[2] = None, text("note.team_uses_own_tiebreaks", wb.lang)
        elif L.lookup(r[0], ("set.win", "set.draw", "set.loss")) is not None and r[2] is None:
            r[2] = text("note.board_points", wb.lang)
    first = len(rows) + 1
    block_rows: list[list[Cell]] = [r + [None] * (3 - len(r)) for r in team_rows(wb.block, wb.lang)]
    rows += block_rows
    choices = team_validations(wb.lang)
    fields = [f for _, f, _ in TEAM_ROWS]
    validations = out.validations + tuple(
        Validation(f"B{first + fields.index(f)}", opts) for f, opts in choices.items()
    )

    styles = out.styles + (
        Style(first, 1, len(rows), 3, border=True),
        Style(first, 2, len(rows), 2, fill=INPUT_FILL, align="left"),
        Style(first, 3, len(rows), 3, colour=NOTE_COLOUR, wrap=True),
    )

    tall = tuple(
        (i, i, 30.0)
        for i, r in enumerate(rows[first - 1 :], start=first)
        if isinstance(r[2], str) and display_width(r[2]) > NOTE_WIDTH
    )
    return replace(
        out,
        rows=tuple(tuple(r) for r in rows),
        validations=validations,
        styles=styles,
        row_heights=out.row_heights + tall,
    )


NOTE_WIDTH = 70
"""Display columns of the Settings' note column (its width, 72): a longer team note gets two lines' height."""


def render_team_sources(wb: TeamWorkbook) -> list[SheetOut]:
    """Settings, Teams, Players and every round sheet."""
    return [render_team_settings(wb), render_teams(wb), render_team_players(wb)] + [
        render_team_round(wb, k) for k in range(1, len(wb.event.rounds) + 1)
    ]


def finished_team_rounds(ev: TeamEvent) -> int:
    """How many rounds are finished: the rounds from round 1 on in which every match has all its
    results (a round paired but not yet played, or played in part, is not, nor any after it) — as
    :func:`~.event.finished_rounds` counts an individual event's."""
    k = 0
    for rnd in ev.rounds:
        if not all(m.finished for m in rnd.matches):
            break
        k += 1
    return k


def finished_team_workbook(wb: TeamWorkbook) -> TeamWorkbook:
    """``wb`` as it stood after its last finished round: what the derived sheets describe, so that
    pairing the next round leaves them as they were and their head says 第k轮后 for that round k
    (issue 23 item 11: as on an individual workbook, :func:`~.event.finished_event`)."""
    k = finished_team_rounds(wb.event)
    if k == len(wb.event.rounds):
        return wb
    return replace(wb, event=replace(wb.event, rounds=wb.event.rounds[:k]), round_sheets=wb.round_sheets[:k])


def render_team_derived(wb: TeamWorkbook) -> list[SheetOut]:
    """团体名次, 台次成绩, 团体成绩表 — always rewritten, from the finished rounds only; and the
    编排卡 and 记分单 while the workbook has them (the whole event; the slips the last round's)."""
    done = finished_team_workbook(wb)
    have = dict(wb.sheet_names)
    printed = ([render_team_cards(wb)] if "sheet.cards" in have else []) + \
        ([render_team_slips(wb)] if "sheet.slips" in have else [])
    return [render_team_standings(done), render_board_standings(done), render_team_crosstable(done)] + printed


def render_team_all(wb: TeamWorkbook) -> list[SheetOut]:
    return render_team_sources(wb) + render_team_derived(wb)


def with_team_pairing(wb: TeamWorkbook, tp: TeamPairing) -> TeamWorkbook:
    """The workbook with the paired round appended (its steps kept for the round sheet)."""
    # start-up time: the explanation words (18-35 ms) only where a round shows them
    from bianpai.addin.workbook import explain

    steps = tuple(fide_team_step(step, wb.lang) for step, _rule in explain.board_cells(tp.pairing, wb.lang))
    name = tp.pairing.system or wb.event.system
    system = text("round.system", wb.lang, system=system_words(name, wb.lang))
    rs = TeamRoundSheet(
        L.round_sheet_name(tp.round, wb.lang),
        system,
        steps,
        explanation=explain.explanation_rows(tp.pairing, wb.lang, explain.MATCH_KEY),
    )
    return replace(wb, event=wb.event.with_round(tp.as_round()), round_sheets=wb.round_sheets + (rs,))


_FIDE_TEAM_STEP = re.compile(r"bracket (\S+)(?: \+ upfloaters (.+))?")


def fide_team_step(step: str, lang: str) -> str:
    """A ``fide-team`` pairing step (the engine's ``bracket 4 + upfloaters 7``, docs/team.md) in
    the workbook's words; other steps as they are."""
    m = _FIDE_TEAM_STEP.fullmatch(step)
    if m is None:
        return step
    out = text("team.step_bracket", lang, score=m.group(1))
    return out + text("team.step_upfloaters", lang, teams=m.group(2)) if m.group(2) else out


def new_team_workbook(lang: str = L.DEFAULT_LANGUAGE, name: str | None = None) -> TeamWorkbook:
    """An empty team event in ``lang``: default settings, no teams."""
    s, facts = EventSettings(language=lang), EventFacts()
    block = TeamBlock()
    ev = TeamEvent(
        name or ("象棋团体赛" if lang == "zh" else "Xiangqi team event"),
        (),
        boards=block.boards,
        total_rounds=facts.total_rounds,
        settings=block.team_settings(facts.points),
        rules=facts.rules,
        system=facts.system,
    )
    return TeamWorkbook(s, block, ev)


__all__ = [
    "TeamWorkbook",
    "is_team_workbook",
    "new_team_workbook",
    "read_team_workbook",
    "render_team_all",
    "render_team_derived",
    "render_team_settings",
    "render_team_sources",
    "with_team_pairing",
]
