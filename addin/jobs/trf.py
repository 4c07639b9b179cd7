"""An individual event as a FIDE TRF and back: ``export-trf`` and ``import-trf``."""

from __future__ import annotations

from dataclasses import replace

from bianpai.engine.checker import history_problems, structure
from bianpai.engine.model import Tournament
from bianpai.engine.problems import InputError, problem

from ..workbook import sheets as S
from ..workbook import words as L
from ..workbook.messages import WorkbookInputError
from ..workbook.sheets import Event, PlayerStatus, SheetValues
from ..workbook.trfbook import not_carried, read_records, with_records
from .result import JobResult, result_of

def individual_export_trf(values: SheetValues) -> JobResult:
    """An individual event as a TRF (``output``)."""
    # start-up time: the TRF reader and writer (~15 ms) are imported by the TRF jobs only
    from bianpai.engine.formats.trf import format_trf

    ev = S.read_event(values)
    t = ev.tournament
    # a TRF says only what the workbook holds: one that check refuses (a player neither paired nor
    # listed, a withdrawn player paired …) is refused too, not written as something else (an absence)
    found = structure(t) or history_problems(t, S.system_of(ev))
    if found:
        raise ev.refuse(found)
    msg = L.text("job.exported", ev.lang, players=len(t.players), rounds=len(t.rounds))
    lost = not_carried(ev.lang)
    if t.points.by_colour:  # issue 25: what a TRF cannot carry of the ranking
        lost += "\n" + L.text("trf.not_carried.colour_points", ev.lang)
    if any(p.fouls or p.group for p in t.players):
        lost += "\n" + L.text("trf.not_carried.fouls", ev.lang)
    return JobResult((), (), (), msg + "\n" + lost, format_trf(with_records(ev)), lang=ev.lang)


def event_from_tournament(t: Tournament, lang: str, base: S.EventSettings | None = None,
                          base_event: Tournament | None = None) -> Event:
    """An :class:`Event` holding ``t``, with the workbook's own settings
    ``base``; the system and rules are ``t``'s when it gives them (a TRF's
    ``XXB`` records), else ``base_event``'s; byes/absences asked for unpaired
    rounds and withdrawals become Players statuses."""
    s = replace(base or S.EventSettings(), language=lang)
    if base_event is not None:  # a TRF without XXB records keeps the workbook's system and rules
        default = Tournament("", ())
        t = replace(t, system=t.system if t.system != default.system else base_event.system,
                    rules=t.rules if t.rules != default.rules else base_event.rules)
    t = replace(t, name=t.name or (base_event.name if base_event is not None else "") or
                S.EventFacts().name, total_rounds=max(t.total_rounds, len(t.rounds), 1))
    statuses: dict[int, PlayerStatus] = {}
    for p in t.players:
        if p.withdrawn_from is not None:
            statuses[p.number] = PlayerStatus(withdrawn=True, withdrawn_from=p.withdrawn_from)
    for k, b in t.requests:
        if b.player not in statuses:
            statuses[b.player] = PlayerStatus(request=b.kind, request_round=k)
    sheets = tuple(S.RoundSheet(L.round_sheet_name(r.number, lang)) for r in t.rounds)
    return Event(s, t, sheets, tuple(sorted(statuses.items())))


def individual_import_trf(values: SheetValues | None, trf_text: str, lang: str = L.DEFAULT_LANGUAGE,
                          where: str = "TRF") -> JobResult:
    """Replace the workbook's event by the individual event in ``trf_text``.  Round sheets
    of the workbook beyond the TRF's rounds are deleted; sheets not ours are
    left alone."""
    # start-up time: the TRF reader and writer (~15 ms) are imported by the TRF jobs only
    from bianpai.engine.formats.trf import parse_trf, system_problems

    try:
        t = parse_trf(trf_text, where)
    except InputError as e:
        raise WorkbookInputError(e.problems, lang) from None
    problems = structure(t)
    if t.initial_order and list(t.initial_order) != sorted(t.initial_order):
        # a workbook ranks its players by number (the Players sheet's 序号): say so, keep nothing
        problems.append(problem("problem.trf_rank_order"))
    if problems:
        raise WorkbookInputError([p if p.where else p.at(where) for p in problems], lang)
    base: Event | None = None
    if values:
        try:
            base = S.read_event(values)
        except InputError:
            base = None

    t, carried, statuses = read_records(t, base.settings if base else S.EventSettings(language=lang))
    ev = event_from_tournament(t, base.lang if base else lang, carried,
                               base.tournament if base else None)
    if statuses:
        ev = replace(ev, statuses=tuple(sorted({**dict(ev.statuses), **statuses}.items())))
    # what the event's system (the TRF's own, else the workbook's) cannot hold, by the TRF's line
    found = system_problems(ev.tournament, trf_text, where)
    if found:
        raise WorkbookInputError(found, ev.lang)
    new_names = {ev.round_sheet_name(k) for k in range(1, len(t.rounds) + 1)}
    keyed, rounds, _ = S.classify_sheets(values or {})
    ev = replace(ev, sheet_names=tuple(sorted(keyed.items())))
    delete = tuple(n for k, n in sorted(rounds.items()) if n not in new_names)
    msg = L.text("job.imported", ev.lang, players=len(t.players), rounds=len(t.rounds))
    return result_of(ev, values, msg, delete=delete,
                     writes=tuple(s.name for s in S.render_sources(ev)))
