"""Issue 25: the 单位团体 sheet (club totals from an individual event) and the
分组名次 sheet (prize groups), derived from the players' standings."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..words import text
from .cells import Cell, _fmt, _table, column_letter, wrap_text
from .layout import NOTE_COLOUR, PrintSetup, SheetOut, Style, _derived_head, _derived_styles
from .printing import signature_line, when_where
from .standings import standings_rows

if TYPE_CHECKING:
    from .event import Event


def _tail(ev: Event, rows: list[list[Cell]], width: int) -> None:
    """Date and venue, then the 裁判长 / 编排 signature line (as the standings)."""
    place = when_where(ev.settings, ev.lang)
    rows.append([None] * width)
    if place:
        rows.append([place] + [None] * (width - 1))
    rows += [[None] * width, [signature_line(ev.settings, ev.lang)] + [None] * (width - 1)]


def render_clubs(ev: Event) -> SheetOut:
    """单位团体: each club's place, total (its k best players' points, or the
    sum of their places), the players counted with their places, and its best
    place; below, how the total is counted."""
    # start-up time: check imports no standings (tests/test_check_startup.py)
    from bianpai.engine.standings.prizes import CLUB_POINTS, club_totals, parse_club_totals

    lang = ev.lang
    how = parse_club_totals(ev.settings.club_totals)
    assert how is not None
    method, k = how
    _, table = standings_rows(ev)
    clubs = {p.number: p.club for p in ev.tournament.players}
    names = {p.number: p.name for p in ev.tournament.players}
    place = {r.number: r.rank_label for r in table}
    width = 5
    rows = _derived_head(text("clubs.title", lang), ev, width)
    total_word = "col.club_points" if method == CLUB_POINTS else "col.place_sum"
    rows.append([text(c, lang)
                 for c in ("col.rank", "col.club", total_word, "col.counted", "col.best_place")])
    for c in club_totals(table, clubs, method, k):
        counted = "、".join(f"{names[n]}({place[n]})" for n in c.counted) if lang == "zh" else \
            ", ".join(f"{names[n]} ({place[n]})" for n in c.counted)
        rows.append([c.rank_label if c.shared else c.rank, c.club, _fmt(c.total), counted, c.best])
    last = len(rows)
    widths = (6, 18, 8, 60, 8)
    rows.append([None] * width)
    words = text("clubs.how.points" if method == CLUB_POINTS else "clubs.how.places", lang, k=k)
    rows += [[line] + [None] * (width - 1) for line in wrap_text(words, sum(widths))]
    notes_last = len(rows)
    _tail(ev, rows, width)
    styles = _derived_styles(width, 3, last) + [
        Style(last + 2, 1, notes_last, 1, size=9, colour=NOTE_COLOUR),
        Style(len(rows), 1, len(rows), 1, bold=True, size=12)]
    if last > 3:
        styles += [Style(4, 1, last, 1, align="center"), Style(4, 3, last, 3, bold=True)]
    return SheetOut(ev.sheet_name("sheet.clubs"), "sheet.clubs", _table(rows), widths=widths,
                    styles=tuple(styles),
                    print_setup=PrintSetup(repeat_rows=(3, 3), header=ev.tournament.name,
                                           footer=text("print.page", lang),
                                           area=f"A1:{column_letter(width)}{len(rows)}"),
                    freeze="A4", derived=True)


def render_groups(ev: Event) -> SheetOut:
    """分组名次: each prize group (the 组别 column of 选手) in turn — its title
    with the places awarded (录取), then per player the place in the group,
    the overall place, number, name, club, points and 录取 for a place
    awarded."""
    # start-up time: check imports no standings (tests/test_check_startup.py)
    from bianpai.engine.standings.prizes import group_standings, parse_prize_places

    lang = ev.lang
    _, table = standings_rows(ev)
    players = {p.number: p for p in ev.tournament.players}
    every, per = parse_prize_places(ev.settings.prize_places)
    width = 7
    rows = _derived_head(text("groups.title", lang), ev, width)
    head = [text(c, lang) for c in ("col.group_rank", "col.overall_rank", "col.number", "col.name",
                                    "col.club", "col.points", "col.prize")]
    styles: list[Style] = _derived_styles(width, 3, 2)[:2]  # the title and the red "derived" note
    for group, lines in group_standings(table, {n: p.group for n, p in players.items()}).items():
        n = per.get(group, every)
        rows.append([None] * width)
        title = text("groups.group", lang, group=group) + (text("groups.count", lang, n=n) if n else "")
        rows.append([title] + [None] * (width - 1))
        styles.append(Style(len(rows), 1, len(rows), width, bold=True, size=12))
        rows.append(list[Cell](head))
        h = len(rows)
        for g in lines:
            p = players[g.number]
            awarded = text("word.prize", lang) if n and g.rank <= n else None
            rows.append([g.rank_label if g.shared else g.rank, g.overall.rank_label, g.number, p.name,
                         p.club or None, _fmt(g.overall.points), awarded])
        styles += [Style(h, 1, h, width, bold=True, border=True, align="center"),
                   Style(h + 1, 1, len(rows), width, border=True),
                   Style(h + 1, 1, len(rows), 3, align="center"),
                   Style(h + 1, width, len(rows), width, align="center")]
    rows.append([None] * width)
    rows += [[line] + [None] * (width - 1) for line in wrap_text(text("groups.how", lang), 80)]
    styles.append(Style(len(rows), 1, len(rows), 1, size=9, colour=NOTE_COLOUR))
    _tail(ev, rows, width)
    styles.append(Style(len(rows), 1, len(rows), 1, bold=True, size=12))
    return SheetOut(ev.sheet_name("sheet.groups"), "sheet.groups", _table(rows),
                    widths=(8, 8, 6, 12, 16, 6, 6), styles=tuple(styles),
                    print_setup=PrintSetup(header=ev.tournament.name, footer=text("print.page", lang),
                                           area=f"A1:{column_letter(width)}{len(rows)}"),
                    derived=True)


__all__ = ["render_clubs", "render_groups"]
