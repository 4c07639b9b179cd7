"""Hand edits of a pairing (裁判长调整, issue 17): recorded in the log before the next round is
paired, taken out again by ``undo``, and the fingerprints that say a round need not be re-paired."""

from __future__ import annotations

import datetime
from dataclasses import replace

from bianpai.engine import checker
from bianpai.engine.checker import BoardChange
from bianpai.engine.problems import Problem, problem

from ..workbook import sheets as S
from ..workbook import words as L
from ..workbook.sheets import Event

def known_fingerprints(ev: Event) -> dict[int, str]:
    """The fingerprints the round sheets hold, by round (engine/checker.py :func:`hand_edits`)."""
    return {k: rs.fingerprint for k, rs in enumerate(ev.round_sheets, start=1) if rs.fingerprint}


def _recorded(ev: Event, c: BoardChange) -> bool:
    """Whether the log already holds this hand edit (same round, board and pair)."""
    return any(r.round == c.round and r.board == c.board and r.changed_to == f"{c.red}–{c.black}"
               for r in ev.changes)


HAND_EDIT_TIME_FORMAT = "%Y-%m-%d %H:%M"
"""Decision: the log's time is the computer's local time to the minute."""


def keep_hand_edits(ev: Event, keep: bool, k: int) -> tuple[Event, tuple[str, ...], list[Problem]]:
    """Before pairing round ``k``: the hand edits of round ``k − 1`` not yet in
    the log.  Refused (every board named, with the system's pairing) unless
    ``keep`` or the board's 调整 cell is filled; otherwise recorded — the
    board's 调整 cell says it was changed by hand and what the system had
    paired, its step (or, for colours, its colour-rule) cell no longer names
    the system's step, and a 变更记录 row keeps the cells as they were, so that
    ``undo`` of round ``k`` restores them.  Returns the event, the sheets to
    write and the notes (:func:`bianpai.engine.checker.hand_edits`)."""
    t = ev.tournament
    if not t.rounds or not ev.round_sheets[-1].paired_here:
        return ev, (), []
    last = len(t.rounds)
    changes, notes = checker.hand_edits(t, S.system_of(ev), [last], known=known_fingerprints(ev))
    new = [c for c in changes if not _recorded(ev, c)]
    if not new:
        return ev, (), notes
    rs = ev.round_sheets[last - 1]
    unconfirmed = [c for c in new if not rs.adjusted_at(c.board)]
    if unconfirmed and not keep:
        raise ev.refuse([problem("problem.hand_edit_unkept", round=c.round, board=c.board, side="red",
                                 red=c.red, black=c.black, system=c.system_text()) for c in unconfirmed])
    lang = ev.lang
    when = datetime.datetime.now().strftime(HAND_EDIT_TIME_FORMAT)
    steps = list(rs.steps) + [("", "")] * (len(t.rounds[-1].games) - len(rs.steps))
    adjusted = list(rs.adjusted) + [""] * (len(steps) - len(rs.adjusted))
    records = list(ev.changes)
    for c in new:
        step, rule = steps[c.board - 1]
        records.append(S.ChangeRecord(when, c.round, c.board, f"{c.red}–{c.black}", c.system_text(), k,
                                      step, rule, adjusted[c.board - 1]))
        by_hand = L.text("adjust.step", lang)
        steps[c.board - 1] = (step, by_hand) if c.kind == checker.CHANGED_COLOURS else (by_hand, "")
        adjusted[c.board - 1] = L.text("adjust.cell", lang, system=c.system_text())
    sheets = list(ev.round_sheets)
    sheets[last - 1] = replace(rs, steps=tuple(steps), adjusted=tuple(adjusted))
    after = replace(ev, round_sheets=tuple(sheets), changes=tuple(records))
    return after, (rs.name, after.sheet_name("sheet.changes")), notes


def unrecord_hand_edits(ev: Event, k: int) -> tuple[Event, tuple[str, ...]]:
    """``undo`` of round ``k``: the hand edits its pairing recorded are taken
    out of the log and round ``k − 1``'s cells restored as they were."""
    mine = [c for c in ev.changes if c.recorded_with == k]
    if not mine or k < 2:
        return ev, ()
    rs = ev.round_sheets[k - 2]
    steps, adjusted = list(rs.steps), list(rs.adjusted)
    for c in mine:
        if c.round == k - 1 and 0 < c.board <= len(steps):
            steps[c.board - 1] = (c.old_step, c.old_rule)
            adjusted[c.board - 1] = c.old_mark
    sheets = list(ev.round_sheets)
    sheets[k - 2] = replace(rs, steps=tuple(steps), adjusted=tuple(adjusted))
    rest = tuple(c for c in ev.changes if c.recorded_with != k)
    return replace(ev, round_sheets=tuple(sheets), changes=rest), (rs.name, ev.sheet_name("sheet.changes"))
