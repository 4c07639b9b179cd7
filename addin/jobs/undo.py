"""``undo`` of an individual event: the last round removed."""

from __future__ import annotations

from dataclasses import replace

from bianpai.engine.problems import problem

from ..workbook import sheets as S
from ..workbook import words as L
from ..workbook.sheets import SheetValues
from .autowithdraw import restore_withdrawals  # issue 25: the players its pairing withdrew come back
from .handedits import unrecord_hand_edits
from .result import JobResult, result_of, round_name

def individual_undo(values: SheetValues, force: bool = False) -> JobResult:
    """Remove the last round: its sheet is deleted, the provisional marks it
    put on the round before are cleared, the derived sheets rewritten.  A
    round with results is removed only with ``force``."""
    ev = S.read_event(values)
    t = ev.tournament
    if not t.rounds:
        raise ev.refuse([problem("problem.no_round_to_undo")])
    k = len(t.rounds)
    name = round_name(ev, k)
    done = [i for i, g in enumerate(t.rounds[-1].games, start=1) if g.result is not None]
    if done and not force:
        first = ev.place(problem("", round=k, board=done[0])).where
        raise ev.refuse([problem("problem.undo_has_results", sheet=name, count=len(done), first=first)])
    rounds = list(t.rounds[:-1])
    if rounds:
        rounds[-1] = replace(rounds[-1], provisional=())
    after = replace(ev, tournament=replace(t, rounds=tuple(rounds)), round_sheets=ev.round_sheets[:-1])
    writes: tuple[str, ...] = (round_name(ev, k - 1),) if k >= 2 and t.rounds[-2].provisional else ()

    after, restored = restore_withdrawals(after, k)
    if restored:
        writes += (ev.sheet_name("sheet.players"),)
    after, hand = unrecord_hand_edits(after, k)
    delete: tuple[str, ...] = (name,)
    if hand and not after.changes:
        delete += (ev.sheet_name("sheet.changes"),)  # the log this round's pairing began
    return result_of(after, values, L.text("job.undone", ev.lang, sheet=name), writes=writes + hand,
                     delete=delete)
