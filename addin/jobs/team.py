"""The jobs of a team event (团体赛, issue 18) on a team workbook (Settings with the team block, Teams,
Players with team and 台次, round sheets of matches and boards), on the engine's team event: what
:class:`~.kinds.TeamKind` runs once it holds a workbook.  Imported only for a team event (the team
modules cost an individual event's commands ~11 ms of start-up time)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Sequence

from bianpai.engine import registry as systems
from bianpai.engine.model import DEFAULT_SYSTEM
from bianpai.engine.problems import InputError, Problem, problem
from bianpai.engine.rules import DEFAULT_RULES
from bianpai.engine.teams.model import ScoreKind, TeamEvent
from bianpai.engine.teams.projection import BOARD_POINT_PAIRING_SYSTEMS, pair_team_round

from ..workbook import sheets as S
from ..workbook import words as L
from ..workbook.messages import WorkbookInputError
from ..workbook.sheets.cells import _str
from ..workbook.sheets.team.event import (TeamWorkbook, finished_team_workbook, new_team_workbook,
                                          read_team_workbook, render_team_all, render_team_sources,
                                          with_team_pairing)
from ..workbook.sheets.team.round import T_RESULT, render_team_round
from ..workbook.sheets.team.standings import code_label, team_standing_rows
from .result import JobResult, rendered_result
from .terminal import display_width, padded, plain_number

if TYPE_CHECKING:
    from .printed import Brackets
    from .registration import Table


class TeamJobs:
    """The jobs of :class:`~.kinds.EventKind` on a team workbook (:class:`~.kinds.TeamKind` answers
    which workbooks and TRFs are a team event's, and passes every job here)."""

    def read(self, values: S.SheetValues) -> TeamWorkbook:

        return read_team_workbook(values)

    def language(self, values: S.SheetValues) -> str:
        return self.read(values).lang

    def result(self, wb: TeamWorkbook, values: S.SheetValues | None, msg: str, *,
                writes: Sequence[str] = (), delete: Sequence[str] = (), output: str = "") -> JobResult:
        """``wb`` rendered as a job's result (the derived sheets, ``writes`` and the sheets the
        workbook lacks changed)."""
        return rendered_result(render_team_all(wb), wb.lang, values, msg, writes=writes, delete=delete,
                               output=output)

    def _not_for_teams(self, values: S.SheetValues, job: str,
                       key: str = "problem.not_for_teams") -> WorkbookInputError:
        """The error of a job that has no team form, placed on the Settings' event-kind cell."""
        wb = self.read(values)
        cell = dict(wb.setting_cells).get("set.event_kind", "")
        return wb.refuse([problem(key, where=cell, job=job)])

    def new(self, lang: str, name: str | None) -> JobResult:

        return self.result(new_team_workbook(lang, name), None, L.text("job.team_new", lang))

    def _unfinished(self, wb: TeamWorkbook) -> list[Problem]:
        """Every board of the last round without a result (each named by its result cell)."""
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
        wb = finished_team_workbook(wb)
        lang = wb.lang
        codes = wb.block.codes
        by_match = wb.event.settings.rank_by.value == "match"
        head = [L.text(c, lang) for c in ("col.rank", "col.team_no", "col.team_name",
                                          "code.MP" if by_match else "code.BP")]
        head += [code_label(c, lang) for c in codes]
        body = [[r.rank_label, str(r.team), r.name,
                 plain_number(r.match_points if by_match else r.board_points)]
                + [plain_number(v) for v in r.values] for r in team_standing_rows(wb)]
        widths = [max(display_width(x) for x in col) for col in zip(head, *body, strict=True)]
        return "\n".join("  ".join(padded(c, w) for c, w in zip(row, widths, strict=True)).rstrip()
                         for row in [head, *body])

    def update(self, values: S.SheetValues) -> JobResult:
        """Rewrite 团体名次, 台次成绩 and 团体成绩表, and the round sheets whose match results (局分,
        场分 — derived from the boards) are not what they show; the message is the team standings."""
        wb = self.read(values)
        return self.result(wb, values, self.standings_table(wb), writes=self.stale_rounds(wb, values))

    def stale_rounds(self, wb: TeamWorkbook, values: S.SheetValues) -> tuple[str, ...]:
        """Round sheets whose cells differ from their rendering (the match rows' results follow the
        board results; results typed in another accepted form are kept as typed)."""
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
        # start-up time: the team TRF (and the TRF reader, ~15 ms) only for the TRF jobs
        from bianpai.engine.formats.trf_team import format_team_trf

        wb = self.read(values)
        ev = wb.event
        msg = L.text("job.team_exported", wb.lang, teams=len(ev.teams), rounds=len(ev.rounds))
        return JobResult((), (), (), msg, format_team_trf(ev), lang=wb.lang)

    def import_trf(self, values: S.SheetValues | None, trf_text: str, lang: str, where: str) -> JobResult:
        """Replace the workbook's event by the team event of a TRF; round sheets beyond it are deleted."""
        # start-up time: the team TRF (and the TRF reader, ~15 ms) only for the TRF jobs
        from bianpai.engine.formats.trf_team import parse_team_trf

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
        # start-up time: the roster reader (and the registration list's, ~8 ms) only for imports
        from .roster import import_roster

        wb, msg = import_roster(values, table, where, update=update)
        return self.result(wb, values, msg,
                           writes=(wb.sheet_name("sheet.teams"), wb.sheet_name("sheet.players")))

    def draw(self, values: S.SheetValues, seed: int | None) -> JobResult:
        # the numbers of a team event are its Teams and Players sheets' own
        raise self._not_for_teams(values, "draw")

    def _with_sheet(self, wb: TeamWorkbook, key: str) -> TeamWorkbook:
        names = dict(wb.sheet_names)
        names.setdefault(key, wb.sheet_name(key))
        return replace(wb, sheet_names=tuple(sorted(names.items())))

    def cards(self, values: S.SheetValues, brackets: "Brackets") -> JobResult:
        """Write the 编排卡 sheet: one card per team (per round the opponent, colour, result, 局分 and
        场分 after it); later jobs keep it current.  ``brackets`` (the next round's 要先行/要后行
        rows of 定位编排's individual cards) has no team form: asked outright (``--brackets``)
        it is refused, naming why; asked where laid out (the ribbon, :data:`~.table.WHERE_LAID_OUT`)
        the cards are written alone."""
        wb = self._with_sheet(self.read(values), "sheet.cards")
        if brackets is True:  # asked outright; the ribbon's WHERE_LAID_OUT: the cards alone
            raise wb.refuse([problem("problem.team_no_brackets")])
        msg = L.text("job.team_cards", wb.lang, sheet=wb.sheet_name("sheet.cards"), n=len(wb.event.teams))
        return self.result(wb, values, msg)


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


TEAM_JOBS = TeamJobs()
