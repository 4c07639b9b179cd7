"""``standings`` of an individual event: the derived sheets rewritten from the sources, the
provisional marks settled, the Settings sheet rewritten when its notes are stale."""

from __future__ import annotations

from dataclasses import replace

from bianpai.engine import checker
from bianpai.engine.problems import Problem

from ..workbook import sheets as S
from ..workbook import words as L
from ..workbook.messages import message
from ..workbook.sheets import Event, SheetValues
from ..workbook.sheets.cells import _at, _str
from .handedits import known_fingerprints
from .result import JobResult, result_of, round_name
from .terminal import standings_table

def system_note_stale(ev: Event, values: SheetValues) -> bool:
    """Whether the Settings' pairing-system note is not what it should be now
    — players typed straight into the Players sheet, so seed 003 §(四)'s
    advice for fewer than 10 players appeared or went (issue #7).  Then the
    job rewrites the Settings sheet so the advice is visible."""
    name = ev.sheet_name("sheet.settings")
    rows = values.get(name)
    if rows is None:
        return False
    want = next((r[2] for r in S.render_settings(ev).rows if L.lookup(r[0], ("set.system",))), None)
    have = next((_at([r], 0, 2) for r in rows if r and L.lookup(r[0], ("set.system",))), None)
    return _str(want) != _str(have)


def settings_total_differs(ev: Event, values: SheetValues) -> bool:
    """A system whose schedule fixes the rounds (a round robin) and a Settings
    total-rounds cell that disagrees with it
    (:data:`~bianpai.addin.workbook.sheets.ROUND_ROBIN_TOTAL_FROM_SCHEDULE`): the
    Settings sheet is rewritten to show the schedule's number."""
    if not S.system_of(ev).scheduled:
        return False
    rows = values.get(ev.sheet_name("sheet.settings"))
    have = next((_at([r], 0, 1) for r in rows or () if r and L.lookup(r[0], ("set.rounds",))), None)
    return S.as_int(have) != ev.tournament.total_rounds


def individual_update(values: SheetValues) -> JobResult:
    """Re-read the sources and rewrite Colours, Floats, Standings and
    Crosstable (the ``standings`` command); the message is the standings.
    Provisional marks whose real result is now typed are cleared
    (:func:`settle_provisional`)."""
    ev, settled = settle_provisional(S.read_event(values))
    report = checker.check(ev.tournament, S.system_of(ev))
    if report.problems:  # what the absolute rules forbid (a hand edit among them)
        raise ev.refuse(report.problems)
    hand: list[Problem] = []
    if ev.tournament.rounds and ev.round_sheets[-1].paired_here:
        _, hand = checker.hand_edits(ev.tournament, S.system_of(ev), [len(ev.tournament.rounds)],
                                     known=known_fingerprints(ev))
    writes = (ev.sheet_name("sheet.settings"),) if system_note_stale(ev, values) else ()
    return result_of(ev, values, standings_table(ev), writes=writes + settled,
                     notes=[message(ev.place(n), ev.lang) for n in hand])


def settle_provisional(ev: Event) -> tuple[Event, tuple[str, ...]]:
    """Issue 13 item 12: a game marked 临时和棋 (the next round was paired
    counting it as a draw) whose real result is now typed loses its mark, and
    the round sheets after it are rewritten with the scores the real result
    gives — so the next round's note and ``check``'s score notes go.  Returns
    the event and the round sheets to rewrite."""
    t = ev.tournament
    rounds = list(t.rounds)
    first: int | None = None
    for i, rnd in enumerate(rounds):
        done = {g.red for g in rnd.games if g.red in rnd.provisional and g.result is not None}
        if done:
            rounds[i] = replace(rnd, provisional=tuple(x for x in rnd.provisional if x not in done))
            first = i + 1 if first is None else first
    if first is None:
        return ev, ()
    after = replace(ev, tournament=replace(t, rounds=tuple(rounds)))
    return after, tuple(round_name(ev, k) for k in range(first, len(rounds) + 1))
