"""``draw`` of an individual event: the pairing numbers (抽签定序号) before round 1."""

from __future__ import annotations

from dataclasses import replace

from bianpai.engine.problems import Problem, problem

from ..workbook import sheets as S
from ..workbook import words as L
from ..workbook.sheets import SheetValues
from ..workbook.sheets.cells import _find_header
from .result import JobResult, result_of

def individual_draw(values: SheetValues, seed: int | None = None) -> JobResult:
    """Draw the pairing numbers (抽签定序号) before round 1 and renumber the
    Players sheet (001 §二.1, dingwei.md §3): seeded players (种子) draw the
    odd numbers, the others the even ones
    (:func:`~bianpai.engine.systems.round1.draw_numbers`).

    The seed: ``seed`` if given, else the Settings' draw-seed cell if filled,
    else :func:`~bianpai.engine.systems.round1.draw_seed` (a CRC-32 of the event name
    and the player names).  It is written into the Settings' draw-seed row so
    that the draw can be reproduced.  Each player keeps his name, club,
    rating, seed mark, status, late-entry round and the organiser's own
    columns; only the number changes.  Refused once round 1 is paired."""
    # start-up time: round 1's draw (random, zlib: ~14 ms) is imported by ``draw`` only
    from bianpai.engine.systems.round1 import draw_seed, drawn_numbers

    ev = S.read_event(values)
    t = ev.tournament
    players_sheet = ev.sheet_name("sheet.players")
    problems: list[Problem] = []
    if t.rounds:
        problems.append(problem("problem.draw_after_round1", round=1, board=1, side="red"))
    if not t.players:
        problems.append(problem("problem.draw_no_players", where=players_sheet))
    if seed is not None and seed < 0:
        problems.append(problem("problem.draw_seed", value=seed))
    if problems:
        raise ev.refuse(problems)
    if seed is None:
        seed = ev.settings.draw_seed if ev.settings.draw_seed is not None else draw_seed(t.name, t.players)
    new_of = drawn_numbers(t.players, seed)
    drawn = tuple(sorted((replace(p, number=new_of[p.number]) for p in t.players), key=lambda p: p.number))
    statuses = tuple(sorted((new_of[n], st) for n, st in ev.statuses))
    requests = tuple((k, replace(b, player=new_of[b.player])) for k, b in t.requests)
    after = replace(ev, settings=replace(ev.settings, draw_seed=seed), statuses=statuses,
                    tournament=replace(t, players=drawn, requests=requests))
    lang = ev.lang
    seeded = sum(p.seeded for p in drawn)
    msg = L.text("job.drawn", lang, players=len(drawn), seeded=seeded, seed=seed)
    notes = tuple(f"{old} → {new_of[old]} {t.player(old).name}" for old in sorted(new_of))
    res = result_of(after, values, msg, writes=(players_sheet, ev.sheet_name("sheet.settings")), notes=notes)
    old_rows = _renumbered_rows(values.get(players_sheet, ()), new_of)
    return replace(res, sheets=tuple(S.carry_extra_columns(s, old_rows) if s.name == players_sheet else s
                                     for s in res.sheets))


def _renumbered_rows(rows: S.Rows, new_of: dict[int, int]) -> list[list[object]]:
    """The old Players sheet with each number replaced by the drawn one, so
    that the organiser's own columns follow their player."""
    h = _find_header(rows, "col.number", any_column=True)
    if h is None:
        return [list(r) for r in rows]
    col = next(c for c, v in enumerate(rows[h]) if L.lookup(v, ("col.number",)))
    out = [list(r) for r in rows]
    for r in out[h + 1:]:
        n = S.as_int(r[col] if col < len(r) else None)
        if n is not None and n in new_of:
            r[col] = new_of[n]
    return out
