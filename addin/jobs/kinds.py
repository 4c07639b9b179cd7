"""The kind of event (individual, team): one interface, chosen once when a workbook or a TRF is
read, which every job calls without asking which kind it has (issue 23, "the structure behind
them").

A kind is a record of the organiser's jobs on its workbook (:class:`EventKind`); the jobs of
:mod:`bianpai.addin.jobs.core` choose the kind from the workbook's Settings (:func:`kind_of`: each kind
says whether it holds the workbook, the first that does is the one) or from a TRF's records
(:func:`kind_of_trf`) and call it.  The kinds are :data:`INDIVIDUAL` (the jobs of
:mod:`bianpai.addin.jobs.core`, on :class:`~bianpai.addin.workbook.sheets.Event`) and :data:`TEAM` (团体赛, on
:class:`~bianpai.addin.workbook.sheets.team.event.TeamWorkbook`: the engine's team event, paired through
its projection onto a :class:`~bianpai.engine.model.Tournament`,
:mod:`bianpai.engine.teams.projection`).  Each job returns a whole
:class:`~bianpai.addin.jobs.core.JobResult` or raises; nothing is written by a kind."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Protocol, Sequence, runtime_checkable

from bianpai.engine.problems import InputError, Problem, problem

from ..workbook import words as L
from ..workbook import sheets as S
from ..workbook.messages import WorkbookInputError
from ..workbook.sheets.cells import _at, _str

if TYPE_CHECKING:
    from bianpai.engine.teams.model import TeamEvent

    from .core import JobResult
    from .registration import Table
    from .publication import Publication
    from ..workbook.sheets.team.event import TeamWorkbook


@runtime_checkable
class EventBook(Protocol):
    """A workbook as its kind reads it (:class:`~bianpai.addin.workbook.sheets.Event`,
    :class:`~bianpai.addin.workbook.sheets.team.event.TeamWorkbook`): what every job asks of it whatever its
    kind — its language, its sheets' names, and a refusal in its language."""

    @property
    def lang(self) -> str: ...

    def sheet_name(self, key: str) -> str: ...

    def round_sheet_name(self, k: int) -> str: ...

    def refuse(self, problems: list[Problem]) -> WorkbookInputError: ...


class EventKind(Protocol):
    """What a kind of event does for each job (the job table's jobs; ``values``: the workbook's
    sheet values as read).  ``name`` is the kind's name for messages and tests, never branched on."""

    name: str
    roster: bool
    """Whether its players come as a roster: a registration list with a team column (队名/参赛队)
    and board order (import-players, issue 29)."""

    def holds(self, values: S.SheetValues | None) -> bool:
        """Whether the workbook is an event of this kind (its Settings' event-kind row)."""
        ...

    def holds_trf(self, text: str) -> bool:
        """Whether the TRF is an event of this kind (its records)."""
        ...

    def language(self, values: S.SheetValues) -> str: ...

    def new(self, lang: str, name: str | None) -> JobResult: ...

    def pair(self, values: S.SheetValues, provisional: bool, keep: bool) -> JobResult: ...

    def update(self, values: S.SheetValues) -> JobResult: ...

    def undo(self, values: S.SheetValues, force: bool) -> JobResult: ...

    def check(self, values: S.SheetValues, repair: bool) -> JobResult: ...

    def next_step(self, values: S.SheetValues) -> JobResult: ...

    def new_in_workbook(self, values: S.SheetValues) -> JobResult:
        """新建赛事 on a workbook holding this kind's sheets: completed while it holds no entrants and
        no rounds, else refused."""
        ...

    def export_trf(self, values: S.SheetValues) -> JobResult: ...

    def import_trf(self, values: S.SheetValues | None, trf_text: str, lang: str, where: str) -> JobResult: ...

    def import_players(self, values: S.SheetValues, table: "Sequence[Sequence[object]] | Table", where: str,
                       update: bool, allow_duplicates: bool) -> JobResult: ...

    def draw(self, values: S.SheetValues, seed: int | None) -> JobResult: ...

    def cards(self, values: S.SheetValues, brackets: bool) -> JobResult: ...

    def slips(self, values: S.SheetValues) -> JobResult: ...

    def publication(self, values: S.SheetValues) -> "tuple[Publication, EventBook]":
        """What ``share`` publishes of the workbook (its rounds, standings and crosstable), and the
        workbook as read; refused when no round is paired yet."""
        ...


# ---------------------------------------------------------------------------
# individual
# ---------------------------------------------------------------------------


class IndividualKind:
    """个人赛: the jobs of :mod:`bianpai.addin.jobs.core` on :class:`~bianpai.addin.workbook.sheets.Event`."""

    name = "individual"
    roster = False

    def holds(self, values: S.SheetValues | None) -> bool:
        return True  # the kind of every workbook no other kind holds (kinds are tried in order)

    def holds_trf(self, text: str) -> bool:
        return True

    def language(self, values: S.SheetValues) -> str:
        return S.read_event(values).lang

    def new(self, lang: str, name: str | None) -> JobResult:
        from . import core as jobs

        return jobs.individual_new(lang, name)

    def pair(self, values: S.SheetValues, provisional: bool, keep: bool) -> JobResult:
        from . import core as jobs

        return jobs.individual_pair(values, provisional, keep)

    def update(self, values: S.SheetValues) -> JobResult:
        from . import core as jobs

        return jobs.individual_update(values)

    def undo(self, values: S.SheetValues, force: bool) -> JobResult:
        from . import core as jobs

        return jobs.individual_undo(values, force)

    def check(self, values: S.SheetValues, repair: bool) -> JobResult:
        from . import core as jobs

        return jobs.individual_check(values, repair)

    def next_step(self, values: S.SheetValues) -> JobResult:
        from . import core as jobs

        return jobs.individual_next_step(values)

    def new_in_workbook(self, values: S.SheetValues) -> JobResult:
        from . import core as jobs

        return jobs.individual_new_in_workbook(values)

    def export_trf(self, values: S.SheetValues) -> JobResult:
        from . import core as jobs

        return jobs.individual_export_trf(values)

    def import_trf(self, values: S.SheetValues | None, trf_text: str, lang: str, where: str) -> JobResult:
        from . import core as jobs

        return jobs.individual_import_trf(values, trf_text, lang, where)

    def import_players(self, values: S.SheetValues, table: "Sequence[Sequence[object]] | Table", where: str,
                       update: bool, allow_duplicates: bool) -> JobResult:
        from . import core as jobs

        return jobs.individual_import_players(values, table, where, update, allow_duplicates)

    def draw(self, values: S.SheetValues, seed: int | None) -> JobResult:
        from . import core as jobs

        return jobs.individual_draw(values, seed)

    def cards(self, values: S.SheetValues, brackets: bool) -> JobResult:
        from . import core as jobs

        return jobs.individual_cards(values, brackets)

    def slips(self, values: S.SheetValues) -> JobResult:
        from . import core as jobs

        return jobs.individual_slips(values)

    def publication(self, values: S.SheetValues) -> "tuple[Publication, EventBook]":
        # start-up time: share alone builds a publication (the standings, the team sheets)
        from .publication import individual_publication

        return individual_publication(values)


# ---------------------------------------------------------------------------
# team (团体赛, issue 18)
# ---------------------------------------------------------------------------


_EVENT_KIND_ROW = ("set.event_kind",)
"""The label key of the Settings' event-kind row (the first of sheets.team_settings.TEAM_ROW_KEYS)."""


class TeamKind:
    """团体赛: the same jobs on a team workbook (Settings with the team block, Teams, Players with
    team and 台次, round sheets of matches and boards), on the engine's team event."""

    name = "team"
    roster = True

    def holds(self, values: S.SheetValues | None) -> bool:
        if not values:
            return False
        settings = S.classify_sheets(values)[0].get("sheet.settings")
        if settings is None:
            return False
        rows = values[settings]
        # start-up time (issue 27): a Settings sheet without the event-kind row (every individual
        # workbook but one that says 个人赛) is no team's, told without importing the team modules
        # (sheets.team_settings imports the team engine, ~11 ms); is_team_settings finds that row
        # by the same label, so the answer is the same
        if not any(L.lookup(_at(rows, r, 0), _EVENT_KIND_ROW) for r in range(len(rows))):
            return False
        from ..workbook.sheets.team.settings import is_team_settings

        return is_team_settings(rows)

    def holds_trf(self, text: str) -> bool:
        """A TRF with team records (TRF16 ``013``, TRF-2026 ``310``)."""
        return any(line[:3] in ("013", "310") for line in text.splitlines())

    def read(self, values: S.SheetValues) -> TeamWorkbook:
        from ..workbook.sheets.team.event import read_team_workbook

        return read_team_workbook(values)

    def language(self, values: S.SheetValues) -> str:
        return self.read(values).lang

    def result(self, wb: TeamWorkbook, values: S.SheetValues | None, msg: str, *,
                writes: Sequence[str] = (), delete: Sequence[str] = (), output: str = "") -> JobResult:
        """``wb`` rendered as a job's result (the derived sheets, ``writes`` and the sheets the
        workbook lacks changed)."""
        from .core import rendered_result
        from ..workbook.sheets.team.event import render_team_all

        return rendered_result(render_team_all(wb), wb.lang, values, msg, writes=writes, delete=delete,
                               output=output)

    def _not_for_teams(self, values: S.SheetValues, job: str,
                       key: str = "problem.not_for_teams") -> WorkbookInputError:
        """The error of a job that has no team form, placed on the Settings' event-kind cell."""
        wb = self.read(values)
        cell = dict(wb.setting_cells).get("set.event_kind", "")
        return wb.refuse([problem(key, where=cell, job=job)])

    def new(self, lang: str, name: str | None) -> JobResult:
        from ..workbook.sheets.team.event import new_team_workbook

        return self.result(new_team_workbook(lang, name), None, L.text("job.team_new", lang))

    def _unfinished(self, wb: TeamWorkbook) -> list[Problem]:
        """Every board of the last round without a result (each named by its result cell)."""
        from ..workbook.sheets.team.round import T_RESULT

        ev = wb.event
        if not ev.rounds:
            return []
        k = len(ev.rounds)
        sheet = wb.round_sheet_name(k)
        rs = wb.round_sheets[k - 1]
        out: list[Problem] = []
        for i, m in enumerate(ev.rounds[-1].matches):
            for b in m.boards:
                if b.result is None:
                    row = rs.row_of(i, b.board)
                    where = S.where(sheet, row, T_RESULT) if row is not None else sheet
                    out.append(problem("problem.match_unfinished", round=k, where=where))
        return out

    def pair(self, values: S.SheetValues, provisional: bool, keep: bool) -> JobResult:
        """Pair the next round: teams as units, with the Settings' system (the engine's registry)."""
        from bianpai.engine import registry as systems
        from bianpai.engine.teams.model import ScoreKind
        from bianpai.engine.teams.projection import BOARD_POINT_PAIRING_SYSTEMS, pair_team_round

        from ..workbook.sheets.team.event import with_team_pairing

        wb = self.read(values)
        ev = wb.event
        problems = self._unfinished(wb)
        if not ev.teams:
            problems.append(problem("problem.no_teams", where=wb.sheet_name("sheet.teams")))
        if ev.next_round > ev.total_rounds:
            problems.append(problem("problem.all_rounds_paired", rounds=ev.total_rounds, next=ev.next_round,
                                    where=dict(wb.setting_cells).get("set.rounds", "")))
        if problems:
            raise wb.refuse(problems)
        system = systems.get(wb.event.system)
        if ev.settings.pair_by is ScoreKind.BOARD and system.name not in BOARD_POINT_PAIRING_SYSTEMS:
            raise wb.refuse([problem("problem.pair_by_board",
                                     where=dict(wb.setting_cells).get("set.pair_by", ""),
                                     system=system.name, systems=", ".join(BOARD_POINT_PAIRING_SYSTEMS))])
        try:
            tp = pair_team_round(ev, system.name)
        except InputError as e:
            raise wb.refuse(list(e.problems)) from None
        after = with_team_pairing(wb, tp)
        name = after.round_sheet_name(tp.round)
        lang = wb.lang
        msg = L.text("job.team_paired", lang, sheet=name, matches=len(tp.matches))
        for b in tp.byes:
            msg += L.text("job.team_bye", lang, team=b.team, name=ev.team(b.team).name)
        # the rounds before it as ``standings`` writes them (match scores, a captain's substitute's name)
        return self.result(after, values, msg, writes=(name,) + self.stale_rounds(wb, values))

    def standings_table(self, wb: TeamWorkbook) -> str:
        """The team standings as a plain text table (for the terminal), after the finished rounds."""
        from .core import _num, _pad, _width
        from ..workbook.sheets.team.event import finished_team_workbook
        from ..workbook.sheets.team.standings import code_label, team_standing_rows

        wb = finished_team_workbook(wb)
        lang = wb.lang
        codes = wb.block.codes
        by_match = wb.event.settings.rank_by.value == "match"
        head = [L.text(c, lang) for c in ("col.rank", "col.team_no", "col.team_name",
                                          "code.MP" if by_match else "code.BP")]
        head += [code_label(c, lang) for c in codes]
        body = [[r.rank_label, str(r.team), r.name, _num(r.match_points if by_match else r.board_points)]
                + [_num(v) for v in r.values] for r in team_standing_rows(wb)]
        widths = [max(_width(x) for x in col) for col in zip(head, *body, strict=True)]
        return "\n".join("  ".join(_pad(c, w) for c, w in zip(row, widths, strict=True)).rstrip()
                         for row in [head, *body])

    def update(self, values: S.SheetValues) -> JobResult:
        """Rewrite 团体名次, 台次成绩 and 团体成绩表, and the round sheets whose match results (局分,
        场分 — derived from the boards) are not what they show; the message is the team standings."""
        wb = self.read(values)
        return self.result(wb, values, self.standings_table(wb), writes=self.stale_rounds(wb, values))

    def stale_rounds(self, wb: TeamWorkbook, values: S.SheetValues) -> tuple[str, ...]:
        """Round sheets whose cells differ from their rendering (the match rows' results follow the
        board results; results typed in another accepted form are kept as typed)."""
        from ..workbook.sheets.team.round import render_team_round

        out = []
        for k in range(1, len(wb.event.rounds) + 1):
            sheet = render_team_round(wb, k)
            have = values.get(sheet.name, ())
            for r, row in enumerate(sheet.rows):
                old = have[r] if r < len(have) else ()
                if any(_str(x) != _str(old[c] if c < len(old) else None) for c, x in enumerate(row[:10])):
                    out.append(sheet.name)
                    break
        return tuple(out)

    def undo(self, values: S.SheetValues, force: bool) -> JobResult:
        """Remove the last round's sheet (refused once a board has a result typed, unless ``force``)."""
        wb = self.read(values)
        ev = wb.event
        if not ev.rounds:
            raise wb.refuse([problem("problem.no_round_to_undo")])
        k = len(ev.rounds)
        name = wb.round_sheet_name(k)
        typed = self._typed_results(wb)
        if typed and not force:
            raise wb.refuse([problem("problem.undo_has_results", sheet=name, count=len(typed),
                                     first=typed[0])])
        after = replace(wb, event=replace(ev, rounds=ev.rounds[:-1]), round_sheets=wb.round_sheets[:-1])
        return self.result(after, values, L.text("job.undone", wb.lang, sheet=name), delete=(name,))

    def _typed_results(self, wb: TeamWorkbook) -> list[str]:
        """The result cells of the last round the organiser typed (forfeits of empty boards not counted)."""
        from ..workbook.sheets.team.round import T_RESULT

        k = len(wb.event.rounds)
        sheet = wb.round_sheet_name(k)
        rs = wb.round_sheets[k - 1]
        out: list[str] = []
        for i, m in enumerate(wb.event.rounds[-1].matches):
            cells = [0] if m.no_show else []
            cells += [b.board for b in m.boards
                      if b.result is not None and b.first is not None and b.second is not None]
            out += [S.where(sheet, row, T_RESULT) if (row := rs.row_of(i, c)) is not None else sheet
                    for c in cells]
        return out

    def check(self, values: S.SheetValues, repair: bool) -> JobResult:
        """Re-read and validate the whole team workbook; every problem with its cell, nothing written."""
        from .core import JobResult

        try:
            wb = self.read(values)
        except WorkbookInputError as e:
            return JobResult((), (), (), L.text("job.check_problems", e.lang, n=len(e.messages)), "",
                             tuple(e.messages), lang=e.lang)
        return JobResult((), (), (), L.text("job.check_clean", wb.lang), lang=wb.lang)

    def next_step(self, values: S.SheetValues) -> JobResult:
        """下一步: pair when every match so far is finished and rounds remain, else the standings."""
        ev = self.read(values).event
        done = all(m.finished for r in ev.rounds for m in r.matches)
        ready = done and ev.teams and ev.next_round <= ev.total_rounds
        return self.pair(values, False, False) if ready else self.update(values)

    def new_in_workbook(self, values: S.SheetValues) -> JobResult:
        wb = self.read(values)
        ev = wb.event
        if ev.teams or ev.rounds:
            raise wb.refuse([problem("problem.team_event_exists", where=wb.sheet_name("sheet.teams"),
                                     teams=len(ev.teams), rounds=len(ev.rounds))])
        return replace(self.update(values), message=L.text("job.team_new", wb.lang))

    def export_trf(self, values: S.SheetValues) -> JobResult:
        """The team event as TRF-2026 (team records 310, matches 300, 352, 362;
        engine/formats/trf_team.py)."""
        from bianpai.engine.formats.trf_team import format_team_trf

        from .core import JobResult

        wb = self.read(values)
        ev = wb.event
        msg = L.text("job.team_exported", wb.lang, teams=len(ev.teams), rounds=len(ev.rounds))
        return JobResult((), (), (), msg, format_team_trf(ev), lang=wb.lang)

    def import_trf(self, values: S.SheetValues | None, trf_text: str, lang: str, where: str) -> JobResult:
        """Replace the workbook's event by the team event of a TRF; round sheets beyond it are deleted."""
        from bianpai.engine.formats.trf_team import parse_team_trf

        from ..workbook.sheets.team.event import render_team_sources

        try:
            ev = parse_team_trf(trf_text, where)
        except InputError as e:
            raise WorkbookInputError([p if p.where else p.at(where) for p in e.problems], lang) from None
        base: TeamWorkbook | None = None
        if values:
            try:
                base = self.read(values)
            except InputError:
                base = None
        lang = base.lang if base else lang
        wb = event_workbook(ev, lang, base)
        keyed, rounds, _ = S.classify_sheets(values or {})
        wb = replace(wb, sheet_names=tuple(sorted(keyed.items())))
        new_names = {wb.round_sheet_name(k) for k in range(1, len(ev.rounds) + 1)}
        delete = tuple(n for _k, n in sorted(rounds.items()) if n not in new_names)
        msg = L.text("job.team_imported", lang, teams=len(ev.teams), rounds=len(ev.rounds))
        writes = tuple(s.name for s in render_team_sources(wb))
        return self.result(wb, values, msg, delete=delete, writes=writes)

    def import_players(self, values: S.SheetValues, table: "Sequence[Sequence[object]] | Table", where: str,
                       update: bool, allow_duplicates: bool) -> JobResult:
        """A team roster: 参赛队 and 选手 filled (issue 29 item 2, :func:`~.roster.import_roster`)."""
        from .roster import import_roster

        return import_roster(values, table, where, update=update)

    def draw(self, values: S.SheetValues, seed: int | None) -> JobResult:
        # the numbers of a team event are its Teams and Players sheets' own
        raise self._not_for_teams(values, "draw")

    def _with_sheet(self, wb: TeamWorkbook, key: str) -> TeamWorkbook:
        names = dict(wb.sheet_names)
        names.setdefault(key, wb.sheet_name(key))
        return replace(wb, sheet_names=tuple(sorted(names.items())))

    def cards(self, values: S.SheetValues, brackets: bool) -> JobResult:
        """Write the 编排卡 sheet: one card per team (per round the opponent, colour, result, 局分 and
        场分 after it); later jobs keep it current.  ``brackets`` (the next round's 要先行/要后行
        rows of 定位编排's individual cards) has no team form and is refused, naming why."""
        wb = self._with_sheet(self.read(values), "sheet.cards")
        if brackets:
            raise wb.refuse([problem("problem.team_no_brackets")])
        msg = L.text("job.team_cards", wb.lang, sheet=wb.sheet_name("sheet.cards"), n=len(wb.event.teams))
        return self.result(wb, values, msg)

    def publication(self, values: S.SheetValues) -> "tuple[Publication, EventBook]":
        # start-up time: share alone builds a publication (the standings, the team sheets)
        from .publication import team_publication

        return team_publication(self.read(values))

    def slips(self, values: S.SheetValues) -> JobResult:
        """Write the 记分单 sheet: one match slip per match of the last round (both teams, each
        board's players, colours and result cell, the captains' signatures); later jobs keep it on
        the last round."""
        wb = self._with_sheet(self.read(values), "sheet.slips")
        ev = wb.event
        msg = L.text("job.team_slips", wb.lang, sheet=wb.sheet_name("sheet.slips"), k=len(ev.rounds),
                     n=len(ev.rounds[-1].matches) if ev.rounds else 0)
        return self.result(wb, values, msg)


def event_workbook(ev: TeamEvent, lang: str, base: TeamWorkbook | None = None) -> TeamWorkbook:
    """A :class:`TeamWorkbook` holding ``ev``: Settings from its points over ``base``'s."""
    from bianpai.engine.model import DEFAULT_SYSTEM
    from bianpai.engine.rules import DEFAULT_RULES

    from ..workbook.sheets.team.event import TeamWorkbook, new_team_workbook

    start = base or new_team_workbook(lang)
    s, mp = ev.settings, ev.settings.match_points
    block = replace(start.block, team=True, boards=ev.boards, mp_win=mp.win, mp_draw=mp.draw, mp_loss=mp.loss,
                    bye_mp=mp.bye, bye_bp=s.bye_board_points, pair_by=s.pair_by, rank_by=s.rank_by,
                    colours=s.colours)
    # the board bye row is the workbook's (a team bye is the team block's); the
    # system and rules are the TRF's when it gives them, else the workbook's
    bp = replace(s.board_points, bye=start.event.settings.board_points.bye)
    ev = replace(ev, name=ev.name or start.event.name, total_rounds=max(ev.total_rounds, len(ev.rounds), 1),
                 settings=replace(s, board_points=bp),
                 system=ev.system if ev.system != DEFAULT_SYSTEM else start.event.system,
                 rules=ev.rules if ev.rules != DEFAULT_RULES else start.event.rules)
    settings = replace(start.settings, language=lang)
    statuses = tuple((t.number, S.PlayerStatus(withdrawn=True, withdrawn_from=t.withdrawn_from))
                     for t in ev.teams if t.withdrawn_from is not None)
    return TeamWorkbook(settings, block, ev, (), statuses)


INDIVIDUAL = IndividualKind()
TEAM = TeamKind()
KINDS: tuple[EventKind, ...] = (TEAM, INDIVIDUAL)
"""The kinds of event, in the order they are tried: the first that holds a workbook (or a TRF) is
its kind; the individual kind holds every workbook no other kind claims."""


def kind_of(values: S.SheetValues | None) -> EventKind:
    """The kind of the event a workbook holds — chosen once, here."""
    return next(k for k in KINDS if k.holds(values))


def kind_of_trf(text: str) -> EventKind:
    """The kind of the event a TRF holds — chosen once, here."""
    return next(k for k in KINDS if k.holds_trf(text))


def kind_named(name: str) -> EventKind:
    """The kind called ``name`` (``individual``, ``team``: ``bianpai new --team``)."""
    return next(k for k in KINDS if k.name == name)


__all__ = [
    "EventBook", "EventKind", "INDIVIDUAL", "KINDS", "TEAM", "event_workbook", "kind_named", "kind_of",
    "kind_of_trf",
]
