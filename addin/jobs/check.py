"""``check`` of an individual event: every problem and note, nothing written."""

from __future__ import annotations

from bianpai.engine import checker
from bianpai.engine.problems import Problem, problem

from ..workbook import sheets as S
from ..workbook import words as L
from ..workbook.messages import message
from ..workbook.sheets import Event, SheetValues
from ..workbook.sheets.cells import _fmt
from .handedits import known_fingerprints
from .result import JobResult, round_name

CHECK_REPAIRS = True
"""Decision: ``check`` also re-pairs every round with the event's system and
notes the boards that differ (a note, not a problem: the arbiter may have
changed a pairing by hand, which the seeds allow)."""


def individual_check(values: SheetValues, repair: bool = CHECK_REPAIRS) -> JobResult:
    """Re-validate every round: the rule checks of
    :func:`bianpai.engine.checker.check` (the ones ``pair`` refuses on), each
    placed on its cell.  Notes: the checker's colour notes (three equal
    colours in a row or |d| ≥ 3, dingwei.md §5 4(a): kept to a minimum but
    not forbidden); names and scores on a round sheet that differ from the
    Players sheet and the results; boards the system would have paired
    differently."""
    ev = S.read_event(values)
    lang = ev.lang
    report = checker.check(ev.tournament, S.system_of(ev))
    problems = [message(ev.place(p), lang) for p in report.problems]
    found = list(report.notes) + _sheet_notes(ev, values)
    if repair and not problems:
        found += repair_notes(ev)
    notes = [message(ev.place(n), lang) for n in found]
    if problems:
        msg = L.text("job.check_problems", lang, n=len(problems))
    else:
        msg = L.text("job.check_clean", lang)
    if notes:
        msg += L.text("job.check_notes", lang, n=len(notes))
    return JobResult((), (), (), msg, "", tuple(problems), tuple(notes), lang)


def _sheet_notes(ev: Event, values: SheetValues) -> list[Problem]:
    """Names and scores shown on the round sheets that are not the Players
    sheet's names and the scores the results give (the sheet's own cells)."""
    t = ev.tournament
    names = {p.number: p.name for p in t.players}
    shown_as = {p.number: {p.name, S.name_cell(p.name, p.club, ev.lang)} for p in t.players}
    scores = S.scores_before(t)
    h = S.ROUND_HEADER_ROW
    out: list[Problem] = []
    for rnd in t.rounds:
        k = rnd.number
        sheet = round_name(ev, k)
        rows = values.get(sheet, ())
        before = scores[k - 1]
        for i, g in enumerate(rnd.games, start=1):
            r = h + i
            row = rows[r - 1] if r - 1 < len(rows) else ()  # each board's row fetched once (issue 27)
            width = len(row)
            for num, col, score_col in ((g.red, S.C_RED_NAME, S.C_RED_SCORE),
                                        (g.black, S.C_BLACK_NAME, S.C_BLACK_SCORE)):
                shown = row[col - 1] if col <= width else None  # as cells._at reads it: blank text is empty
                if shown is not None and not (isinstance(shown, str) and not shown.strip()) \
                        and str(shown).strip() not in shown_as[num]:
                    out.append(problem("problem.note_name", where=S.where(sheet, r, col), shown=shown,
                                       player=num, name=names[num]))
                raw = row[score_col - 1] if score_col <= width else None
                sc = float(raw) if raw.__class__ in (int, float) else S.as_number(raw)  # blank text: None
                if sc is not None and abs(sc - before[num]) > 1e-9:
                    out.append(problem("problem.note_score", where=S.where(sheet, r, score_col), round=k,
                                       shown=_fmt(sc), score=_fmt(scores[k - 1][num])))
    return out


def repair_notes(ev: Event, fingerprints: bool = True) -> list[Problem]:
    """Every board the system pairs differently from its round's start (a
    pair or its colours changed by hand), what the system pairs there, and
    what the relative rules discourage (engine/checker.py: hand_edits).  A
    round whose fingerprint is still the one stored when it was paired is
    not re-paired (``fingerprints``: use them; off, every round is re-paired:
    the same findings, slower — the tests and the bench compare the two)."""
    t = ev.tournament
    return checker.hand_edits(t, S.system_of(ev), range(1, len(t.rounds) + 1), colours=False,
                              known=known_fingerprints(ev) if fingerprints else None)[1]
