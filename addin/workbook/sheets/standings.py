"""The Standings sheet (名次), derived: ranks and tie-breaks as the Settings ask (docs/spec/tiebreaks.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bianpai.engine.model import (
    Tournament,
)

from .. import words as L
from ..words import text
from .cells import Cell, _fmt, _table, column_letter, wrap_text
from .layout import NOTE_COLOUR, PrintSetup, SheetOut, Style, _derived_head, _derived_styles
from .printing import signature_line, when_where
from .settings import code_word, system_of

if TYPE_CHECKING:
    from bianpai.engine.model import Player
    from bianpai.engine.standings.individual import StandingRow

    from .event import Event


def ranked_tournament(ev: Event) -> Tournament:
    """The event as the standings count it.  A round robin applies FIDE C.05
    (engine/systems/roundrobin.py :func:`for_final_standings`): a player who withdrew
    before completing half of his games is left out, with every game against
    him; the Crosstable keeps them.  Swiss events: the event as it is."""
    return system_of(ev).ranked(ev.tournament)


def excluded_players(ev: Event) -> tuple[int, ...]:
    """Players :func:`ranked_tournament` leaves out (C.05), by number."""
    return system_of(ev).excluded(ev.tournament)


def standings_rows(ev: Event) -> tuple[tuple[str, ...], tuple["StandingRow", ...]]:
    """The tie-break codes of the Settings and the standings rows (engine/standings/individual.py):
    the Settings' unplayed-rounds convention, and whether places are shared
    and the seed of the lots (blank: as the preset's source does)."""
    # start-up time: check imports no standings (tests/test_check_startup.py)
    from bianpai.engine.standings.individual import parse_tiebreaks, standings
    from bianpai.engine.standings.tiebreaks import TiebreakSettings

    codes = parse_tiebreaks(ev.settings.tiebreaks)
    s = ev.settings
    return codes, standings(ranked_tournament(ev), codes, TiebreakSettings(unplayed=s.unplayed_rule),
                            no_shared=s.places_unshared, lots_seed=s.lots_seed, playoff=s.playoff_order)


def lots_seed(ev: Event) -> int:
    """The seed the drawing of lots uses: the Settings', else the event's default."""
    # start-up time: check imports no standings (tests/test_check_startup.py)
    from bianpai.engine.standings.individual import default_lots_seed

    seed = ev.settings.lots_seed
    return default_lots_seed(ranked_tournament(ev)) if seed is None else seed


CUT_CODES = ("BH-C1", "BH-C2", "BH-M1", "BH-M2", "BH-CUT")
"""The codes that cut values: under the FIDE conventions the values of
unplayed rounds are cut first (C.07 16.5), and their legend says so."""


def legend(code: str, lang: str, unplayed: str = "fide") -> str:
    """A tie-break in a short line of the workbook's language (``tb.CODE``);
    a code without one as the engine describes it.  A cut under the FIDE
    conventions adds which values go first, so that the words say what the
    number is (an unplayed round's value is cut before the lowest opponent's)."""
    # start-up time: check imports no standings (tests/test_check_startup.py)
    from bianpai.engine.standings.individual import describe
    from bianpai.engine.standings.tiebreaks import TiebreakSettings

    key = f"tb.{code}"
    words = text(key, lang) if key in L.LABELS else describe(code, TiebreakSettings())
    if code in CUT_CODES and unplayed.startswith("fide"):
        words += text("tb.cut.fide", lang)
    return words


def remark(p: "Player", lang: str) -> str | None:
    """The standings' and crosstable's remark: 退赛 (from round k), 第k轮报到."""
    if p.withdrawn_from is not None:
        return text("remark.withdrawn_from", lang, k=p.withdrawn_from)
    if p.joins_from > 1:
        return text("remark.late", lang, k=p.joins_from)
    return None


def render_standings(ev: Event) -> SheetOut:
    """名次: rank (a number; shared places all show the first), number, name,
    club, points, the tie-breaks in the chosen order and a remark (退赛, late
    entry); below, each tie-break in a short line of the workbook's language,
    the date and venue and the 裁判长 / 编排 signature line.  Titled 最终名次
    after the last round."""
    t, lang = ev.tournament, ev.lang
    codes, table = standings_rows(ev)
    unplayed = ev.settings.unplayed_rule
    unshared = ev.settings.places_unshared
    width = 7 + len(codes)
    final = bool(t.rounds) and len(t.rounds) >= t.total_rounds
    rows = _derived_head(text("standings.final" if final else "standings.title", lang), ev, width)
    rows.append(list[Cell]([text(c, lang)
                            for c in ("col.rank", "col.number", "col.name", "col.club", "col.points")]
                + [code_word(c, lang) for c in codes]
                + [text("col.decided", lang), text("col.remark", lang)]))
    by_number = {p.number: p for p in t.players}
    for sr in table:
        p = by_number[sr.number]
        rows.append([sr.rank, sr.number, sr.name, p.club or None, _fmt(sr.points)]
                    + [_fmt(v) for v in sr.values]
                    + [code_word(sr.decided_by, lang) if sr.decided_by else None, remark(p, lang)])
    # the codes only in the header's notes (comments)
    comments = tuple((f"{column_letter(6 + i)}3", f"{c}: {legend(c, lang, unplayed)}")
                     for i, c in enumerate(codes))
    comments += ((f"{column_letter(6 + len(codes))}3", text("standings.decided_note", lang)),)
    table_last = len(rows)
    styles = _derived_styles(width, 3, table_last)
    if table_last > 3:
        styles += [Style(4, 1, table_last, 2, align="center"), Style(4, 5, table_last, 5, bold=True)]
    # how each tie-break is computed (tiebreaks.md: a note row says so)
    rows.append([None] * width)
    rows.append([text("standings.how", lang)] + [None] * (width - 1))
    widths = (6, 6, 12, 16, 6) + (8,) * len(codes) + (8, 14)
    for c in codes:
        words, line_ = code_word(c, lang), legend(c, lang, unplayed)
        line_ = line_ if line_.startswith(words) else f"{words}: {line_}"
        rows += [[line] + [None] * (width - 1) for line in wrap_text(line_, sum(widths))]
    if any(c.startswith(("BH", "SB", "ARO")) for c in codes):
        key = f"tb.unplayed.{unplayed}"
        rows += [[line] + [None] * (width - 1) for line in wrap_text(text(key, lang), sum(widths))]
    places = (text("standings.unshared", lang, seed=lots_seed(ev)) if unshared
              else text("standings.shared", lang))
    rows += [[line] + [None] * (width - 1) for line in wrap_text(places, sum(widths))]
    gone = excluded_players(ev)
    if gone:
        names = {p.number: p.name for p in t.players}
        who = ", ".join(f"{n} {names.get(n, '')}".strip() for n in gone)
        rows += [[line] + [None] * (width - 1)
                 for line in wrap_text(text("standings.excluded", lang, players=who), sum(widths))]
    notes_last = len(rows)
    place = when_where(ev.settings, lang)
    blank: list[Cell] = [None] * width
    rows.append(list(blank))
    if place:
        rows.append([place] + [None] * (width - 1))
    rows += [list(blank), [signature_line(ev.settings, lang)] + [None] * (width - 1)]
    styles += [Style(table_last + 2, 1, table_last + 2, 1, bold=True),
               Style(table_last + 3, 1, notes_last, 1, size=9, colour=NOTE_COLOUR),
               Style(len(rows), 1, len(rows), 1, bold=True, size=12)]
    return SheetOut(ev.sheet_name("sheet.standings"), "sheet.standings", _table(rows),
                    widths=widths, styles=tuple(styles), comments=comments,
                    print_setup=PrintSetup(repeat_rows=(3, 3), header=ev.tournament.name,
                                           footer=text("print.page", lang),
                                           area=f"A1:{column_letter(width)}{len(rows)}"),
                    freeze="A4", derived=True)
