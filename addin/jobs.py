"""The organiser's jobs on a tournament workbook — one function per job.

Every job takes the workbook's current sheet values (``{sheet name: rows}``,
as a backend read them) and options, and returns a :class:`JobResult`: every
sheet of ours rendered (:class:`~bianpai.addin.sheets.SheetOut`), which of them
to write, which sheets to delete and a message.  A job either returns its
whole result or raises :class:`InputError` / :class:`PairingError`; it never
writes anything itself.  The CLI (openpyxl, :mod:`bianpai.addin.xlsx`) and the
Excel add-in (xlwings) apply the same results.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Sequence

from bianpai.engine.model import ByeKind, Colour, GameResult, Tournament, validate
from bianpai.engine.pairing import InputError, Pairing, PairingError, pair_next_round

from . import labels as L
from . import sheets as S
from .sheets import Event, PlayerStatus, SheetOut, SheetValues

__all__ = [
    "JobResult", "apply_values", "check", "draw", "export_trf", "import_players", "import_trf", "new", "pair", "standings_table",
    "undo", "update", "InputError", "PairingError",
]


@dataclass(frozen=True)
class JobResult:
    """What a job asks the backend to do.

    ``sheets``: every sheet of ours, rendered, in workbook order (Settings,
    Players, rounds, derived).  ``changed``: names of the sheets to write —
    the derived sheets always, the sources only when the job changed them
    (a new round sheet; the round before it when provisional marks are set
    or cleared; Players and Settings on imports).
    A backend may write every sheet instead (values of unchanged sheets are
    what it read).  ``delete``: sheets to remove.  ``output``: text the job
    produced (the TRF of ``export_trf``).  ``problems``: what ``check`` found.
    """

    sheets: tuple[SheetOut, ...]
    changed: tuple[str, ...]
    delete: tuple[str, ...] = ()
    message: str = ""
    output: str = ""
    problems: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()

    def sheet(self, name: str) -> SheetOut:
        for s in self.sheets:
            if s.name == name:
                return s
        raise KeyError(name)


def _result(ev: Event, values: SheetValues | None, message: str, *, writes: Sequence[str] = (),
            delete: Sequence[str] = (), output: str = "", problems: Sequence[str] = (),
            notes: Sequence[str] = ()) -> JobResult:
    """Render ``ev``.  Changed: the derived sheets, the source sheets named in
    ``writes``, and sources the workbook does not have yet.  A source sheet
    the job did not change is never rewritten, so what the organiser typed
    there (a result as 2:0, an extra column) stays as it is."""
    out = S.render_all(ev)
    changed = [s.name for s in out
               if s.derived or s.name in writes or values is None or s.name not in values]
    return JobResult(tuple(out), tuple(changed), tuple(delete), message, output, tuple(problems), tuple(notes))


def apply_values(values: SheetValues, result: JobResult) -> dict[str, list[list[object]]]:
    """The sheet values after ``result`` is applied (an in-memory backend:
    ``demo`` and the tests use it; sheet order follows ``result.sheets``)."""
    out: dict[str, list[list[object]]] = {}
    ours = {s.name for s in result.sheets}
    changed = set(result.changed)
    for s in result.sheets:
        if s.name in result.delete:
            continue
        if s.name in changed or s.name not in values:
            out[s.name] = [list(r) for r in s.rows]
        else:
            out[s.name] = [list(r) for r in values[s.name]]
    for name, rows in values.items():
        if name not in ours and name not in result.delete:
            out[name] = [list(r) for r in rows]
    return out


def _round_name(ev: Event, k: int) -> str:
    return ev.round_sheet_name(k)


# ---------------------------------------------------------------------------
# new
# ---------------------------------------------------------------------------


def new(lang: str = L.DEFAULT_LANGUAGE, name: str | None = None) -> JobResult:
    """A new, empty event workbook in ``lang`` (``zh``/``en``): Settings with
    the defaults, an empty Players sheet, the derived sheets (empty)."""
    ev = S.new_event(lang, name)
    return _result(ev, None, "新比赛已建立：先在“选手”表填写选手，再编排第1轮。" + NEW_EVENT_RR_NOTE[0]
                   if lang == "zh" else "New event: fill in the Players sheet, then pair round 1. "
                   + NEW_EVENT_RR_NOTE[1])


NEW_EVENT_RR_NOTE: tuple[str, str] = (
    "少于10名选手时，003 §(四) 建议采用循环制（设置→编排方法 roundrobin），由组织者决定。",
    "With fewer than 10 players seed 003 §(四) suggests a round robin (Settings → pairing system "
    "roundrobin); the organiser decides.")
"""What ``new`` adds to its message (zh, en): issue #7 — the event is created
before the players are known, so the advice is given as a rule."""


# ---------------------------------------------------------------------------
# pair
# ---------------------------------------------------------------------------

def _unfinished_cells(ev: Event, k: int) -> list[tuple[str, int]]:
    """(cell, red player) of round ``k``'s games without a result."""
    rnd = ev.tournament.rounds[k - 1]
    name = _round_name(ev, k)
    return [(S.where(name, S.ROUND_HEADER_ROW + i, S.C_RESULT), g.red)
            for i, g in enumerate(rnd.games, start=1) if g.result is None]


def _pairing_tournament(t: Tournament, provisional: bool) -> Tournament:
    if not provisional:
        return t
    from bianpai.engine.swiss import PROVISIONAL_OPTION as key

    return replace(t, options=tuple((k, v) for k, v in t.options if k != key) + ((key, "on"),))


def pair(values: SheetValues, provisional: bool = False) -> JobResult:
    """Pair the next round with the Settings' system and add its sheet.

    Every game of earlier rounds must have a result.  With ``provisional``
    the last round's unfinished games are counted as draws for this pairing
    and marked as such on that round's sheet (spec §8); the standings keep
    using the real results once they are entered."""
    ev = S.read_event(values)
    t = ev.tournament
    k = t.next_round
    problems: list[str] = []
    if k > t.total_rounds and ev.settings.system == S.ROUND_ROBIN:
        problems.append(f"{ev.sheet_name('sheet.settings')}!B{S.SETTINGS_FIRST_ROW + 2}: all {t.total_rounds} "
                        f"rounds of the round robin are paired (the Berger schedule of {len(t.players)} "
                        f"players, {ev.settings.rr_cycles} cycle(s))")
    elif k > t.total_rounds:
        problems.append(f"{ev.sheet_name('sheet.settings')}!B{S.SETTINGS_FIRST_ROW + 1}: all {t.total_rounds} "
                        f"rounds are paired; raise the total rounds to pair round {k}")
    if not t.players:
        problems.append(f"{ev.sheet_name('sheet.players')}: there are no players")
    marks: list[int] = []
    for j in range(1, k):
        prev = t.rounds[j - 1]
        for cell, red in _unfinished_cells(ev, j):
            if red in prev.provisional:
                continue
            if provisional and j == k - 1:
                marks.append(red)
            else:
                problems.append(f"{cell}: no result yet — enter it"
                                + (", or pair with provisional draws (spec §8)" if j == k - 1 else ""))
    problems += validate(t)
    if problems:
        raise InputError(problems)
    if len(t.to_pair()) < 2:
        raise InputError(f"{ev.sheet_name('sheet.players')}: fewer than two players can be paired in round {k}")
    ev_marked = ev
    if marks:
        rounds = list(t.rounds)
        rounds[-1] = replace(rounds[-1], provisional=tuple(rounds[-1].provisional) + tuple(marks))
        ev_marked = replace(ev, tournament=replace(t, rounds=tuple(rounds)))
    system = ev.settings.system
    to_pair = _pairing_tournament(ev_marked.tournament, bool(marks))
    try:
        pairing = pair_next_round(to_pair, system)
    except InputError as e:
        raise InputError([_locate_setting(ev, values, p) for p in e.problems]) from None
    fixed = _round_robin_forfeits(to_pair, pairing) if system == S.ROUND_ROBIN else {}
    after = S.with_pairing(ev_marked, pairing, results=fixed)
    name = after.round_sheet_name(k)
    lang = ev.lang
    bye = f"; {L.text('bye.pairing', lang)}: {pairing.bye} {t.player(pairing.bye).name}" if pairing.bye else ""
    prov = (f"; {len(marks)} provisional draw(s) in {_round_name(ev, k - 1)}" if marks else "")
    forfeits = f"; {len(fixed)} forfeit(s) entered (C.05: absent player −, opponent +)" if fixed else ""
    msg = f"{name}: {len(pairing.boards)} boards{bye}{prov}{forfeits}"
    if k == 1 and S.suggests_round_robin(ev.settings, t):
        msg += "\n" + L.text("note.rr", lang, n=S.active_players(t))
    writes = (name,) + ((_round_name(ev, k - 1),) if marks else ())
    if _settings_total_differs(ev, values) or _system_note_stale(ev, values):
        writes += (ev.sheet_name("sheet.settings"),)
    return _result(after, values, msg, writes=writes)


def _round_robin_forfeits(t: Tournament, pairing: Pairing) -> dict[int, GameResult]:
    """C.05: a round robin's scheduled games of players who do not take part
    (withdrawn, absent) are decided in advance — prefilled on the round sheet."""
    from bianpai.engine.roundrobin import forfeit_results

    return forfeit_results(t, pairing)


def _system_note_stale(ev: Event, values: SheetValues) -> bool:
    """Whether the Settings' pairing-system note is not what it should be now
    — players typed straight into the Players sheet, so seed 003 §(四)'s
    advice for fewer than 10 players appeared or went (issue #7).  Then the
    job rewrites the Settings sheet so the advice is visible."""
    name = ev.sheet_name("sheet.settings")
    rows = values.get(name)
    if rows is None:
        return False
    want = next((r[2] for r in S.render_settings(ev).rows if L.lookup(r[0], ("set.system",))), None)
    have = next((S._at([r], 0, 2) for r in rows if r and L.lookup(r[0], ("set.system",))), None)
    return S._str(want) != S._str(have)


def _settings_total_differs(ev: Event, values: SheetValues) -> bool:
    """A round robin whose Settings total-rounds cell disagrees with the
    schedule (:data:`~bianpai.addin.sheets.ROUND_ROBIN_TOTAL_FROM_SCHEDULE`):
    the Settings sheet is rewritten to show the schedule's number."""
    return ev.settings.system == S.ROUND_ROBIN and ev.settings.total_rounds != ev.tournament.total_rounds


def _locate_setting(ev: Event, values: SheetValues, problem: str) -> str:
    """An engine problem about ``setting KEY`` named by its Settings cell."""
    import re

    from bianpai.engine.dingwei import AVOID_CLUB_OPTION
    from bianpai.engine.round1 import ROUND1_OPTION
    from bianpai.engine.roundrobin import CYCLES_OPTION
    from bianpai.engine.swiss import HIGH_SCORE_FIRST_OPTION

    m = re.search(r"setting ([A-Za-z0-9_.\-]+)", problem)
    if not m:
        return problem
    key = m.group(1)
    label = {ROUND1_OPTION: "set.first_round", AVOID_CLUB_OPTION: "set.club_rounds",
             HIGH_SCORE_FIRST_OPTION: "set.high_score_first", CYCLES_OPTION: "set.rr_cycles"}.get(key)
    sheet = ev.sheet_name("sheet.settings")
    for r, row in enumerate(values.get(sheet, ()), start=1):
        first = row[0] if row else None
        if (label and L.lookup(first, (label,))) or (not label and S._str(first) == key):
            return f"{S.where(sheet, r, 2)}: {problem}"
    return problem


# ---------------------------------------------------------------------------
# standings / update
# ---------------------------------------------------------------------------


def standings_table(ev: Event) -> str:
    """The standings as a plain text table (for the terminal)."""
    codes, rows = S.standings_rows(ev)
    lang = ev.lang
    head = [L.text(c, lang) for c in ("col.rank", "col.number", "col.name", "col.points")] + list(codes)
    body = [[r.rank_label, str(r.number), r.name, _num(r.points)] + [_num(v) for v in r.values] for r in rows]
    widths = [max(_width(x) for x in col) for col in zip(head, *body)] if body else [_width(h) for h in head]
    lines = ["  ".join(_pad(c, w) for c, w in zip(row, widths)).rstrip() for row in [head] + body]
    return "\n".join(lines)


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


def _width(s: str) -> int:
    """Display width: CJK characters take two columns."""
    return sum(2 if ord(ch) > 0x2E80 else 1 for ch in s)


def _pad(s: str, w: int) -> str:
    return s + " " * (w - _width(s))


def update(values: SheetValues) -> JobResult:
    """Re-read the sources and rewrite Colours, Floats, Standings and
    Crosstable (the ``standings`` command); the message is the standings."""
    ev = S.read_event(values)
    writes = (ev.sheet_name("sheet.settings"),) if _system_note_stale(ev, values) else ()
    return _result(ev, values, standings_table(ev), writes=writes)


# ---------------------------------------------------------------------------
# undo
# ---------------------------------------------------------------------------


def undo(values: SheetValues, force: bool = False) -> JobResult:
    """Remove the last round: its sheet is deleted, the provisional marks it
    put on the round before are cleared, the derived sheets rewritten.  A
    round with results is removed only with ``force``."""
    ev = S.read_event(values)
    t = ev.tournament
    if not t.rounds:
        raise InputError("there is no round to undo")
    k = len(t.rounds)
    name = _round_name(ev, k)
    done = [S.where(name, S.ROUND_HEADER_ROW + i, S.C_RESULT)
            for i, g in enumerate(t.rounds[-1].games, start=1) if g.result is not None]
    if done and not force:
        raise InputError([f"{name} already has {len(done)} result(s) (first at {done[0]}); "
                          f"undo it with --force to delete them"])
    rounds = list(t.rounds[:-1])
    if rounds:
        rounds[-1] = replace(rounds[-1], provisional=())
    after = replace(ev, tournament=replace(t, rounds=tuple(rounds)), round_sheets=ev.round_sheets[:-1])
    writes = (_round_name(ev, k - 1),) if k >= 2 and t.rounds[-2].provisional else ()
    return _result(after, values, f"{name} removed", writes=writes, delete=(name,))


# ---------------------------------------------------------------------------
# check
# ---------------------------------------------------------------------------

CHECK_REPAIRS = True
"""Decision: ``check`` also re-pairs every round with the event's system and
notes the boards that differ (a note, not a problem: the arbiter may have
changed a pairing by hand, which the seeds allow)."""


def check(values: SheetValues, repair: bool = CHECK_REPAIRS) -> JobResult:
    """Re-validate every round against the rules and the data.  Problems
    (each with sheet and cell): a player paired while withdrawn or before his
    late entry; an active player missing from a round; two players meeting
    again; a second pairing-allocated bye; an unfinished game in a round
    that is followed by another without being marked provisional; two
    players of one club paired in a round of 同单位回避.  Notes: names and
    scores on a round sheet that differ from the Players sheet and the
    results; players with three equal colours in a row or |d| ≥ 3 (dingwei.md
    §5 4(a), kept to a minimum but not forbidden); boards the system would
    have paired differently."""
    ev = S.read_event(values)
    t = ev.tournament
    problems: list[str] = list(validate(t))
    notes: list[str] = []
    names = {p.number: p.name for p in t.players}
    rr = ev.settings.system == S.ROUND_ROBIN
    meetings = ev.settings.rr_cycles if rr else 1  # a round robin meets once per cycle
    met: dict[frozenset[int], list[int]] = {}
    byes: dict[int, int] = {}
    scores = S.scores_before(t)
    h = S.ROUND_HEADER_ROW
    from bianpai.engine.colours import NO_COLOURS, three_in_a_row_or_three_up
    from bianpai.engine.dingwei import club_rounds
    from bianpai.engine.model import Colour, Outcome

    avoid = club_rounds(t)
    clubs = {p.number: p.club.strip() for p in t.players}
    colours = {p.number: NO_COLOURS for p in t.players}
    for rnd in t.rounds:
        k = rnd.number
        sheet = _round_name(ev, k)
        rows = values.get(sheet, ())
        for i, g in enumerate(rnd.games, start=1):
            r = h + i
            for num, col in ((g.red, S.C_RED), (g.black, S.C_BLACK)):
                p = t.player(num)
                if rr and g.result is not None and g.outcome_for(num) is Outcome.FORFEIT_LOSS:
                    continue  # C.05: a round robin keeps the absent player's scheduled game, forfeited
                if not p.active_in(k):
                    why = (f"withdrew from round {p.withdrawn_from}" if p.withdrawn_from is not None
                           and k >= p.withdrawn_from else f"joins in round {p.joins_from}")
                    problems.append(f"{S.where(sheet, r, col)}: player {num} {p.name} {why} but is paired")
            earlier = met.setdefault(frozenset((g.red, g.black)), [])
            if len(earlier) >= meetings:
                problems.append(f"{S.where(sheet, r, S.C_RED)}: {g.red} {names[g.red]} and {g.black} "
                                f"{names[g.black]} already met in round {earlier[0]}")
            earlier.append(k)
            if clubs[g.red] and clubs[g.red] == clubs[g.black] and (avoid is None or k in avoid):
                problems.append(f"{S.where(sheet, r, S.C_RED)}: {g.red} {names[g.red]} and {g.black} "
                                f"{names[g.black]} are both of {clubs[g.red]}, and round {k} avoids "
                                f"same-club pairings (同单位回避)")
            if g.result is None or g.result.played:
                for num, colour, col in ((g.red, Colour.RED, S.C_RED), (g.black, Colour.BLACK, S.C_BLACK)):
                    colours[num] = colours[num].after(colour)
                    if three_in_a_row_or_three_up(colours[num]):
                        cs = colours[num]
                        what = (f"{cs.streak} {'reds' if colour is Colour.RED else 'blacks'} in a row"
                                if cs.streak >= 3 else f"d = {cs.d:+d}")
                        notes.append(f"{S.where(sheet, r, col)}: player {num} {names[num]} now has {what} "
                                     f"({cs.label()})")
            if g.result is None and k < len(t.rounds) and g.red not in rnd.provisional:
                problems.append(f"{S.where(sheet, r, S.C_RESULT)}: no result, and round {k + 1} is paired "
                                f"without marking this game provisional")
            for num, col, score_col in ((g.red, S.C_RED_NAME, S.C_RED_SCORE),
                                        (g.black, S.C_BLACK_NAME, S.C_BLACK_SCORE)):
                shown = S._at(rows, r - 1, col - 1)
                if shown is not None and str(shown).strip() != names[num]:
                    notes.append(f"{S.where(sheet, r, col)}: name {shown!r} is not player {num}'s name "
                                 f"{names[num]!r} on the Players sheet")
                sc = S.as_number(S._at(rows, r - 1, score_col - 1))
                if sc is not None and abs(sc - scores[k - 1][num]) > 1e-9:
                    notes.append(f"{S.where(sheet, r, score_col)}: score {S._fmt(sc)} before round {k} "
                                 f"should be {S._fmt(scores[k - 1][num])}")
        for j, b in enumerate(rnd.byes, start=len(rnd.games) + 1):
            r = h + j
            p = t.player(b.player)
            if b.kind is ByeKind.PAIRING:
                if b.player in byes:
                    problems.append(f"{S.where(sheet, r, S.C_RED)}: player {b.player} {p.name} already had a "
                                    f"pairing-allocated bye in round {byes[b.player]}")
                byes.setdefault(b.player, k)
        present = {n for g in rnd.games for n in (g.red, g.black)} | {b.player for b in rnd.byes}
        for p in sorted(t.players, key=lambda p: p.number):
            if p.active_in(k) and p.number not in present:
                problems.append(f"{sheet}: player {p.number} {p.name} is neither paired nor listed "
                                f"as bye/absent")
    if repair and not problems:
        notes += _repair_notes(ev)
    lang = ev.lang
    if problems:
        msg = f"{len(problems)} problem(s) found" + (f", {len(notes)} note(s)" if notes else "")
    else:
        msg = ("没有发现问题" if lang == "zh" else "no problems found") + (
            f" ({len(notes)} note(s))" if notes else "")
    return JobResult((), (), (), msg, "", tuple(problems), tuple(notes))


def _repair_notes(ev: Event) -> list[str]:
    """Rounds the system pairs differently now (as pairs, ignoring colours and board order)."""
    t = ev.tournament
    out: list[str] = []
    for rnd in t.rounds:
        k = rnd.number
        try:
            p = pair_next_round(t.before_round(k), ev.settings.system)
        except (PairingError, InputError, ImportError, NotImplementedError) as e:
            out.append(f"{_round_name(ev, k)}: could not re-pair with {ev.settings.system}: {e}")
            continue
        mine = {frozenset((g.red, g.black)): i for i, g in enumerate(rnd.games, start=1)}
        theirs = {frozenset(pr) for pr in p.pairs()}
        differ = sorted(i for pr, i in mine.items() if pr not in theirs)
        if differ:
            out.append(f"{_round_name(ev, k)}: board(s) {', '.join(map(str, differ))} differ from what "
                       f"{ev.settings.system} pairs")
    return out


# ---------------------------------------------------------------------------
# TRF
# ---------------------------------------------------------------------------


def export_trf(values: SheetValues) -> JobResult:
    """The event as a TRF (``output``); nothing is written to the workbook."""
    from bianpai.engine.trf import format_trf

    ev = S.read_event(values)
    return JobResult((), (), (), f"{len(ev.tournament.players)} players, {len(ev.tournament.rounds)} rounds",
                     format_trf(ev.tournament))


def event_from_tournament(t: Tournament, lang: str, base: S.EventSettings | None = None) -> Event:
    """An :class:`Event` holding ``t``; Settings from ``t`` (name, rounds,
    points, options) over ``base``; byes/absences asked for unpaired rounds
    and withdrawals become Players statuses."""
    s = base or S.EventSettings(language=lang)
    known = {k for k, _ in s.options()}
    extra = tuple((k, v) for k, v in t.options if k not in known)
    if t.first_colour is not None:
        extra += ((S.FIRST_COLOUR_OPTION, "red" if t.first_colour is Colour.RED else "black"),)
    opts = dict(t.options)
    from bianpai.engine.round1 import ROUND1_OPTION

    first = opts.get(ROUND1_OPTION, s.first_round)
    s = replace(s, name=t.name or s.name, total_rounds=max(t.total_rounds, len(t.rounds), 1),
                win=t.points.win, draw=t.points.draw, loss=t.points.loss, bye=t.points.bye,
                first_round=first, language=lang, extra=extra)
    statuses: dict[int, PlayerStatus] = {}
    for p in t.players:
        if p.withdrawn_from is not None:
            statuses[p.number] = PlayerStatus(withdrawn=True, withdrawn_from=p.withdrawn_from)
    for k, b in t.requests:
        if b.player not in statuses:
            statuses[b.player] = PlayerStatus(request=b.kind, request_round=k)
    t = replace(t, name=s.name, total_rounds=s.total_rounds, options=s.options())
    sheets = tuple(S.RoundSheet(L.round_sheet_name(r.number, lang)) for r in t.rounds)
    return Event(s, t, sheets, tuple(sorted(statuses.items())))


def import_trf(values: SheetValues | None, trf_text: str, lang: str = L.DEFAULT_LANGUAGE,
               where: str = "TRF") -> JobResult:
    """Replace the workbook's event by the one in ``trf_text``.  Round sheets
    of the workbook beyond the TRF's rounds are deleted; sheets not ours are
    left alone."""
    from bianpai.engine.trf import parse_trf

    try:
        t = parse_trf(trf_text)
    except InputError as e:
        raise InputError([p if p.startswith(where) else f"{where}: {p}" for p in e.problems])
    problems = validate(t)
    if problems:
        raise InputError([f"{where}: {p}" for p in problems])
    base = None
    if values:
        try:
            base = S.read_event(values).settings
        except InputError:
            base = None
    ev = event_from_tournament(t, base.language if base else lang, base)
    new_names = {ev.round_sheet_name(k) for k in range(1, len(t.rounds) + 1)}
    keyed, rounds, _ = S.classify_sheets(values or {})
    ev = replace(ev, sheet_names=tuple(sorted(keyed.items())))
    delete = tuple(n for k, n in sorted(rounds.items()) if n not in new_names)
    return _result(ev, values, f"imported {len(t.players)} players, {len(t.rounds)} rounds", delete=delete,
                   writes=tuple(s.name for s in S.render_sources(ev)))


# ---------------------------------------------------------------------------
# import players
# ---------------------------------------------------------------------------

_CSV_HEADERS: dict[str, str] = {
    "number": "col.number", "no": "col.number", "no.": "col.number", "id": "col.number", "序号": "col.number",
    "编号": "col.number", "name": "col.name", "姓名": "col.name", "名字": "col.name", "club": "col.club",
    "unit": "col.club", "team": "col.club", "单位": "col.club", "队名": "col.club", "代表队": "col.club",
    "rating": "col.rating", "elo": "col.rating", "等级分": "col.rating", "seed": "col.seed",
    "种子": "col.seed", "status": "col.status", "状态": "col.status", "joins": "col.joins",
    "报到轮次": "col.joins", "late": "col.joins",
}


def import_players(values: SheetValues, table: Sequence[Sequence[object]], where: str = "CSV") -> JobResult:
    """Add (or update, by number) players from a table: its first row holds
    the headers (序号/No., 姓名/Name, 单位/Club, 等级分/Rating, 种子/Seed,
    状态/Status, 报到轮次/Joins, in either language; only the name is
    required).  Rows without a number get the next free numbers in table
    order.  Once rounds are paired, new players are late entries from the
    next round, and the numbers of players already paired cannot change."""
    ev = S.read_event(values)
    t = ev.tournament
    if not table:
        raise InputError(f"{where}: the table is empty")
    header = table[0]
    cols: dict[str, int] = {}
    for c, h in enumerate(header):
        key = _CSV_HEADERS.get(L.norm(h)) or L.lookup(h, S.PLAYER_COLUMNS)
        if key and key not in cols:
            cols[key] = c
    if "col.name" not in cols:
        raise InputError(f"{where} line 1: no name column (name / 姓名) among {list(header)!r}")
    # reuse the Players reader on a table laid out like the Players sheet
    existing = {p.number: p for p in t.players}
    next_no = max(existing, default=0) + 1
    rows: list[list[object]] = []
    for line in table[1:]:
        row: list[object] = [None] * 7
        for i, key in enumerate(S.PLAYER_COLUMNS):
            if key in cols and cols[key] < len(line):
                v = line[cols[key]]
                row[i] = None if v is None or (isinstance(v, float) and v != v) else v
        if all(S._blank(v) for v in row):
            continue
        if S._blank(row[0]):
            row[0] = next_no
            next_no += 1
        elif S.as_int(row[0]) is not None:
            next_no = max(next_no, S.as_int(row[0]) + 1)  # type: ignore[operator]
        rows.append(row)
    problems: list[str] = []
    sheet_rows: list[list[object]] = [[None], [None], [L.text(k, "en") for k in S.PLAYER_COLUMNS]] + rows
    players, statuses = S.read_players(where, sheet_rows, problems)
    if problems:
        # name the table's line, not the stand-in sheet's cell
        fixed = []
        for p in problems:
            head, _, rest = p.partition(": ")
            cell = head.rsplit("!", 1)[-1]
            line = int("".join(ch for ch in cell if ch.isdigit()) or 0) - 2
            fixed.append(f"{where} line {line}: {rest}")
        raise InputError(fixed)
    k = t.next_round
    merged = dict(existing)
    new_statuses = dict(ev.statuses)
    added = updated = 0
    for p in players:
        if p.number in merged:
            updated += 1
            old = merged[p.number]
            p = replace(p, joins_from=old.joins_from if p.joins_from == 1 else p.joins_from)
        else:
            added += 1
            if t.rounds and p.joins_from < k:
                p = replace(p, joins_from=k)
        merged[p.number] = p
        if p.number in statuses:
            new_statuses[p.number] = statuses[p.number]
    t2 = replace(t, players=tuple(merged[n] for n in sorted(merged)))
    after = replace(ev, tournament=t2, statuses=tuple(sorted(new_statuses.items())))
    res = _result(after, values, f"{added} player(s) added, {updated} updated; {len(merged)} in all",
                  writes=(after.sheet_name("sheet.players"), after.sheet_name("sheet.settings")))
    name = after.sheet_name("sheet.players")
    return replace(res, sheets=tuple(S.carry_extra_columns(s, values.get(name, ())) if s.name == name else s
                                     for s in res.sheets))


# ---------------------------------------------------------------------------
# draw: the pairing numbers before round 1
# ---------------------------------------------------------------------------


def draw(values: SheetValues, seed: int | None = None) -> JobResult:
    """Draw the pairing numbers (抽签定序号) before round 1 and renumber the
    Players sheet (001 §二.1, dingwei.md §3): seeded players (种子) draw the
    odd numbers, the others the even ones
    (:func:`~bianpai.engine.round1.draw_numbers`).

    The seed: ``seed`` if given, else the Settings' draw-seed cell if filled,
    else :func:`~bianpai.engine.round1.draw_seed` (a CRC-32 of the event name
    and the player names).  It is written into the Settings' draw-seed row so
    that the draw can be reproduced.  Each player keeps his name, club,
    rating, seed mark, status, late-entry round and the organiser's own
    columns; only the number changes.  Refused once round 1 is paired."""
    from bianpai.engine.round1 import draw_seed, drawn_numbers

    ev = S.read_event(values)
    t = ev.tournament
    players_sheet = ev.sheet_name("sheet.players")
    problems: list[str] = []
    if t.rounds:
        problems.append(f"{S.where(_round_name(ev, 1), S.ROUND_HEADER_ROW + 1, S.C_RED)}: round 1 is already "
                        f"paired — the numbers are drawn before round 1 (undo every round to draw again)")
    if not t.players:
        problems.append(f"{players_sheet}: there are no players to draw numbers for")
    if seed is not None and seed < 0:
        problems.append(f"draw seed {seed} is not a whole number ≥ 0")
    if problems:
        raise InputError(problems)
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
    msg = (f"抽签完成: {len(drawn)} 名选手重新编号（种子选手 {seeded} 名抽单数号），抽签种子 {seed}"
           if lang == "zh" else
           f"numbers drawn for {len(drawn)} players ({seeded} seeded on odd numbers); draw seed {seed}")
    notes = tuple(f"{old} → {new_of[old]} {t.player(old).name}" for old in sorted(new_of))
    res = _result(after, values, msg, writes=(players_sheet, ev.sheet_name("sheet.settings")), notes=notes)
    old_rows = _renumbered_rows(values.get(players_sheet, ()), new_of)
    return replace(res, sheets=tuple(S.carry_extra_columns(s, old_rows) if s.name == players_sheet else s
                                     for s in res.sheets))


def _renumbered_rows(rows: S.Rows, new_of: dict[int, int]) -> list[list[object]]:
    """The old Players sheet with each number replaced by the drawn one, so
    that the organiser's own columns follow their player."""
    h = S._find_header(rows, "col.number", any_column=True)
    if h is None:
        return [list(r) for r in rows]
    col = next(c for c, v in enumerate(rows[h]) if L.lookup(v, ("col.number",)))
    out = [list(r) for r in rows]
    for r in out[h + 1:]:
        n = S.as_int(r[col] if col < len(r) else None)
        if n is not None and n in new_of:
            r[col] = new_of[n]
    return out
