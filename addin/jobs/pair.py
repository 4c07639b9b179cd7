"""``pair`` of an individual event: the next round with the Settings' system (and 下一步, which
pairs when every round so far is complete, else updates the standings)."""

from __future__ import annotations

import datetime
from dataclasses import replace

from bianpai.engine.checker import fewer_than_two, pairing_problems, round_fingerprints
from bianpai.engine.constraints.fixed import fixed_in, pair_around_fixed
from bianpai.engine.model import Tournament
from bianpai.engine.problems import InputError, problem
from bianpai.engine.registry import System

from ..workbook import sheets as S
from ..workbook import words as L
from ..workbook.messages import message
from ..workbook.sheets import Event, SheetValues
from .autowithdraw import withdraw_after_forfeits  # issue 25: 连续弃权者，不再编排
from .handedits import HAND_EDIT_TIME_FORMAT, keep_hand_edits
from .result import JobResult, result_of, round_name
from .standings import individual_update, settings_total_differs, settle_provisional, system_note_stale
from .terminal import pairing_lines

def individual_pair(values: SheetValues, provisional: bool = False, keep: bool = False) -> JobResult:
    """Pair the next round of an individual event with the Settings' system and add its sheet.

    Refused for every problem :func:`bianpai.engine.checker.pairing_problems`
    finds — the checks of ``check`` and what stops the next round (every
    game of earlier rounds must have a result).  With ``provisional`` the
    last round's unfinished games are counted as draws for this pairing and
    marked as such on that round's sheet (dingwei.md §8); the standings keep
    using the real results once they are entered.

    Boards of the last round changed by hand (they differ from what the
    system pairs from that round's start, engine/checker.py; a round this
    workbook paired, :attr:`RoundSheet.paired_here`) are refused
    unless ``keep`` or the board's 调整 cell is filled; a kept hand edit is
    recorded (:func:`keep_hand_edits`) and the notes name what the relative
    rules discourage."""
    ev, settled = settle_provisional(S.read_event(values))
    t = ev.tournament
    k = t.next_round
    system = S.system_of(ev)
    problems = pairing_problems(t, system, provisional)
    if problems:
        raise ev.refuse(problems)
    too_few = fewer_than_two(t)
    if too_few is not None:
        raise ev.refuse([too_few])
    logged = len(ev.changes)
    ev, hand_writes, hand_notes = keep_hand_edits(ev, keep, k)

    ev, withdrawn = withdraw_after_forfeits(ev, k, datetime.datetime.now().strftime(HAND_EDIT_TIME_FORMAT))
    if withdrawn:
        hand_writes += (ev.sheet_name("sheet.players"), ev.sheet_name("sheet.changes"))
    t = ev.tournament
    last = t.rounds[-1] if t.rounds else None
    marks = [g.red for g in last.games if g.result is None and g.red not in last.provisional] \
        if provisional and last is not None else []
    ev_marked = ev
    if marks:
        rounds = list(t.rounds)
        rounds[-1] = replace(rounds[-1], provisional=tuple(rounds[-1].provisional) + tuple(marks))
        ev_marked = replace(ev, tournament=replace(t, rounds=tuple(rounds)))
    to_pair = _pairing_tournament(ev_marked.tournament, bool(marks))
    if system.scheduled and fixed_in(to_pair, k):
        raise ev.refuse([problem("problem.fixed_scheduled", system=system.name)])
    try:
        pairing = pair_around_fixed(to_pair, system.pair, system.forfeits_meet)  # 固定对阵 first
    except InputError as e:
        raise ev.refuse(e.problems) from None
    fixed = system.prefilled(to_pair, pairing)
    after = _fingerprinted(S.with_pairing(ev_marked, pairing, results=fixed), system, k)
    name = after.round_sheet_name(k)
    lang = ev.lang
    bye = (f"; {L.text('bye.pairing', lang)}: {pairing.bye} {t.player(pairing.bye).name}"
           if pairing.bye else "")
    prov = L.text("job.provisional", lang, n=len(marks), sheet=round_name(ev, k - 1)) if marks else ""
    forfeits = L.text("job.forfeits", lang, n=len(fixed)) if fixed else ""
    msg = L.text("job.paired", lang, sheet=name, boards=len(pairing.boards)) + bye + prov + forfeits
    if withdrawn:
        msg += L.text("job.auto_withdrawn", lang, players=", ".join(withdrawn))
    if k == 1 and S.suggests_round_robin(t):
        msg += "\n" + L.text("note.rr", lang, n=S.active_players(t))
    writes = (name,) + ((round_name(ev, k - 1),) if marks else ()) + hand_writes + settled
    if settings_total_differs(ev, values) or system_note_stale(ev, values):
        writes += (ev.sheet_name("sheet.settings"),)
    if hand_writes and len(ev.changes) - logged > len(withdrawn):
        msg += L.text("job.hand_kept", lang, n=len(ev.changes) - logged - len(withdrawn),
                      sheet=round_name(ev, k - 1))
    result = result_of(after, values, msg, writes=writes,
                       notes=[message(ev.place(n), lang) for n in hand_notes])
    if withdrawn:  # the Players sheet rewritten: the organiser's own columns kept
        players = ev.sheet_name("sheet.players")
        result = replace(result, sheets=tuple(S.carry_extra_columns(s, values.get(players, ()))
                                              if s.name == players else s for s in result.sheets))
    return replace(result, output="\n".join(pairing_lines(result.sheet(name))))


def _fingerprinted(ev: Event, system: System, k: int) -> Event:
    """``ev`` with round ``k``'s sheet holding the fingerprint of what its
    pairing depended on (engine/checker.py :func:`round_fingerprints`), so
    that ``check``, ``standings`` and the next ``pair`` re-pair it only when
    that changed (issue 27)."""
    sheets = list(ev.round_sheets)
    sheets[k - 1] = replace(sheets[k - 1], fingerprint=round_fingerprints(ev.tournament, system, [k])[k])
    return replace(ev, round_sheets=tuple(sheets))


def _pairing_tournament(t: Tournament, provisional: bool) -> Tournament:
    if not provisional:
        return t
    return replace(t, rules=replace(t.rules, provisional=True))


def individual_next_step(values: SheetValues) -> JobResult:
    """下一步 on an individual event: pair the next round when every round so far is complete (each
    game has a result or was paired on provisionally) and rounds remain; otherwise update the
    standings."""
    t = S.read_event(values).tournament
    pending = [g for r in t.rounds for g in r.games if g.result is None and g.red not in r.provisional]
    if t.next_round <= t.total_rounds and not pending and t.players:
        return individual_pair(values)
    return individual_update(values)
