"""The organiser's jobs on a team workbook (团体赛, issue 18) — the same jobs as
:mod:`bianpai.addin.jobs` (which hands a team workbook to them), on the
engine's team event: new, pair, standings, undo, check, export-trf,
import-trf.  Each returns a whole :class:`~bianpai.addin.jobs.JobResult` or
raises; nothing is written by a job itself."""

from __future__ import annotations

from dataclasses import replace
from typing import Sequence

from bianpai.engine import systems
from bianpai.engine.model import DEFAULT_SYSTEM
from bianpai.engine.problems import InputError, Problem, problem
from bianpai.engine.rules import DEFAULT_RULES
from bianpai.engine.team import TeamEvent
from bianpai.engine.team import ScoreKind
from bianpai.engine.team_tournament import BOARD_POINT_PAIRING_SYSTEMS, pair_team_round

from . import labels as L
from . import sheets as S
from .jobs import JobResult, _num, _pad, _width
from .messages import WorkbookInputError
from .sheets.team_event import (
    TeamWorkbook,
    new_team_workbook,
    read_team_workbook,
    render_team_all,
    render_team_sources,
    with_team_pairing,
)
from .sheets.team_round import T_RESULT
from .sheets.team_standings import code_label, team_standing_rows


def _result(
    wb: TeamWorkbook,
    values: S.SheetValues | None,
    msg: str,
    *,
    writes: Sequence[str] = (),
    delete: Sequence[str] = (),
    output: str = "",
) -> JobResult:
    """Render ``wb``; changed: the derived sheets, the named sources, sources not in the workbook yet."""
    out = render_team_all(wb)
    changed = [s.name for s in out if s.derived or s.name in writes or values is None or s.name not in values]
    return JobResult(tuple(out), tuple(changed), tuple(delete), msg, output, lang=wb.lang)


def not_for_teams(values: S.SheetValues, job: str) -> WorkbookInputError:
    """The error of a job that has no team form (``draw``, ``import-players``), placed on the Settings'
    event-kind cell."""
    wb = read_team_workbook(values)
    cell = dict(wb.setting_cells).get("set.event_kind", "")
    return wb.refuse([problem("problem.not_for_teams", where=cell, job=job)])


def new_team(lang: str = L.DEFAULT_LANGUAGE, name: str | None = None) -> JobResult:
    """A new, empty team workbook: Settings (event kind 团体赛), Teams, Players, the derived sheets."""
    return _result(new_team_workbook(lang, name), None, L.text("job.team_new", lang))


def _unfinished(wb: TeamWorkbook, values: S.SheetValues) -> list[Problem]:
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


def pair(values: S.SheetValues) -> JobResult:
    """Pair the next round: teams as units, with the Settings' system (the engine's registry)."""
    wb = read_team_workbook(values)
    ev = wb.event
    problems = _unfinished(wb, values)
    if not ev.teams:
        problems.append(problem("problem.no_teams", where=wb.sheet_name("sheet.teams")))
    if ev.next_round > ev.total_rounds:
        problems.append(
            problem(
                "problem.all_rounds_paired",
                rounds=ev.total_rounds,
                next=ev.next_round,
                where=dict(wb.setting_cells).get("set.rounds", ""),
            )
        )
    if problems:
        raise wb.refuse(problems)
    system = systems.get(wb.event.system)
    if ev.settings.pair_by is ScoreKind.BOARD and system.name not in BOARD_POINT_PAIRING_SYSTEMS:
        raise wb.refuse(
            [
                problem(
                    "problem.pair_by_board",
                    where=dict(wb.setting_cells).get("set.pair_by", ""),
                    system=system.name,
                    systems=", ".join(BOARD_POINT_PAIRING_SYSTEMS),
                )
            ]
        )
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
    return _result(after, values, msg, writes=(name,) + stale_rounds(wb, values))


def standings_table(wb: TeamWorkbook) -> str:
    """The team standings as a plain text table (for the terminal)."""
    lang = wb.lang
    codes = wb.block.codes
    by_match = wb.event.settings.rank_by.value == "match"
    head = [
        L.text(c, lang)
        for c in ("col.rank", "col.team_no", "col.team_name", "code.MP" if by_match else "code.BP")
    ] + [code_label(c, lang) for c in codes]
    body = [
        [r.rank_label, str(r.team), r.name, _num(r.match_points if by_match else r.board_points)]
        + [_num(v) for v in r.values]
        for r in team_standing_rows(wb)
    ]
    widths = [max(_width(x) for x in col) for col in zip(head, *body, strict=True)]
    return "\n".join(
        "  ".join(_pad(c, w) for c, w in zip(row, widths, strict=True)).rstrip() for row in [head, *body]
    )


def update(values: S.SheetValues) -> JobResult:
    """Rewrite 团体名次, 台次成绩 and 团体成绩表, and the round sheets whose match
    results (局分, 场分 — derived from the boards) are not what they show; the
    message is the team standings."""
    wb = read_team_workbook(values)
    return _result(wb, values, standings_table(wb), writes=stale_rounds(wb, values))


def stale_rounds(wb: TeamWorkbook, values: S.SheetValues) -> tuple[str, ...]:
    """Round sheets whose cells differ from their rendering (the match rows' results follow
    the board results; results typed in another accepted form are kept as typed)."""
    from .sheets.team_round import render_team_round

    out = []
    for k in range(1, len(wb.event.rounds) + 1):
        sheet = render_team_round(wb, k)
        have = values.get(sheet.name, ())
        for r, row in enumerate(sheet.rows):
            old = have[r] if r < len(have) else ()
            if any(S._str(x) != S._str(old[c] if c < len(old) else None) for c, x in enumerate(row[:10])):
                out.append(sheet.name)
                break
    return tuple(out)


def undo(values: S.SheetValues, force: bool = False) -> JobResult:
    """Remove the last round's sheet (refused once a board has a result typed, unless ``force``)."""
    wb = read_team_workbook(values)
    ev = wb.event
    if not ev.rounds:
        raise wb.refuse([problem("problem.no_round_to_undo")])
    k = len(ev.rounds)
    name = wb.round_sheet_name(k)
    typed = _typed_results(wb, values)
    if typed and not force:
        raise wb.refuse([problem("problem.undo_has_results", sheet=name, count=len(typed), first=typed[0])])
    after = replace(wb, event=replace(ev, rounds=ev.rounds[:-1]), round_sheets=wb.round_sheets[:-1])
    return _result(after, values, L.text("job.undone", wb.lang, sheet=name), delete=(name,))


def _typed_results(wb: TeamWorkbook, values: S.SheetValues) -> list[str]:
    """The result cells of the last round the organiser typed (forfeits of empty boards not counted)."""
    k = len(wb.event.rounds)
    sheet = wb.round_sheet_name(k)
    rs = wb.round_sheets[k - 1]
    out: list[str] = []
    for i, m in enumerate(wb.event.rounds[-1].matches):
        cells = [0] if m.no_show else []
        cells += [
            b.board for b in m.boards if b.result is not None and b.first is not None and b.second is not None
        ]
        out += [
            S.where(sheet, row, T_RESULT) if (row := rs.row_of(i, c)) is not None else sheet for c in cells
        ]
    return out


def check(values: S.SheetValues) -> JobResult:
    """Re-read and validate the whole team workbook; every problem with its cell, nothing written."""
    try:
        wb = read_team_workbook(values)
    except WorkbookInputError as e:
        return JobResult(
            (), (), (), L.text("job.check_problems", e.lang, n=len(e.messages)), "", tuple(e.messages),
            lang=e.lang,
        )
    return JobResult((), (), (), L.text("job.check_clean", wb.lang), lang=wb.lang)


def export_trf(values: S.SheetValues) -> JobResult:
    """The team event as TRF-2026 (team records 310, matches 300, 352, 362; engine/trf_team.py)."""
    from bianpai.engine.trf_team import format_team_trf

    wb = read_team_workbook(values)
    ev = wb.event
    return JobResult(
        (),
        (),
        (),
        L.text("job.team_exported", wb.lang, teams=len(ev.teams), rounds=len(ev.rounds)),
        format_team_trf(ev),
        lang=wb.lang,
    )


def is_team_trf(text: str) -> bool:
    """Whether a TRF holds team records (TRF16 ``013``, TRF-2026 ``310``)."""
    return any(line[:3] in ("013", "310") for line in text.splitlines())


def import_trf(
    values: S.SheetValues | None, trf_text: str, lang: str = L.DEFAULT_LANGUAGE, where: str = "TRF"
) -> JobResult:
    """Replace the workbook's event by the team event of a TRF; round sheets beyond it are deleted."""
    from bianpai.engine.trf_team import parse_team_trf

    try:
        ev = parse_team_trf(trf_text, where)
    except InputError as e:
        raise WorkbookInputError([p if p.where else p.at(where) for p in e.problems], lang) from None
    base: TeamWorkbook | None = None
    if values:
        try:
            base = read_team_workbook(values)
        except InputError:
            base = None
    lang = base.lang if base else lang
    wb = event_workbook(ev, lang, base)
    keyed, rounds, _ = S.classify_sheets(values or {})
    wb = replace(wb, sheet_names=tuple(sorted(keyed.items())))
    new_names = {wb.round_sheet_name(k) for k in range(1, len(ev.rounds) + 1)}
    delete = tuple(n for _k, n in sorted(rounds.items()) if n not in new_names)
    return _result(
        wb,
        values,
        L.text("job.team_imported", lang, teams=len(ev.teams), rounds=len(ev.rounds)),
        delete=delete,
        writes=tuple(s.name for s in render_team_sources(wb)),
    )


def event_workbook(ev: TeamEvent, lang: str, base: TeamWorkbook | None = None) -> TeamWorkbook:
    """A :class:`TeamWorkbook` holding ``ev``: Settings from its points over ``base``'s."""
    start = base or new_team_workbook(lang)
    s, mp = ev.settings, ev.settings.match_points
    block = replace(
        start.block,
        team=True,
        boards=ev.boards,
        mp_win=mp.win,
        mp_draw=mp.draw,
        mp_loss=mp.loss,
        bye_mp=mp.bye,
        bye_bp=s.bye_board_points,
        pair_by=s.pair_by,
        rank_by=s.rank_by,
        colours=s.colours,
    )
    # the board bye row is the workbook's (a team bye is the team block's); the
    # system and rules are the TRF's when it gives them, else the workbook's
    bp = replace(s.board_points, bye=start.event.settings.board_points.bye)
    ev = replace(
        ev,
        name=ev.name or start.event.name,
        total_rounds=max(ev.total_rounds, len(ev.rounds), 1),
        settings=replace(s, board_points=bp),
        system=ev.system if ev.system != DEFAULT_SYSTEM else start.event.system,
        rules=ev.rules if ev.rules != DEFAULT_RULES else start.event.rules,
    )
    settings = replace(start.settings, language=lang)
    statuses = tuple(
        (t.number, S.PlayerStatus(withdrawn=True, withdrawn_from=t.withdrawn_from))
        for t in ev.teams
        if t.withdrawn_from is not None
    )
    return TeamWorkbook(settings, block, ev, (), statuses)


__all__ = [
    "check",
    "event_workbook",
    "export_trf",
    "import_trf",
    "is_team_trf",
    "new_team",
    "pair",
    "standings_table",
    "undo",
    "update",
]
