"""Printed sheets for the arbiter's table (issue 17): the 编排卡 (pairing cards)
and the 记分单 (score slips).  Both are derived: made by their jobs (``bianpai
cards``, ``bianpai slips``) and rewritten by every later job while the workbook
has them.

* 编排卡: one card per player as the arbiter keeps them — 序号, 姓名, 单位, and
  per round the opponent, 先/后, the result, the score after the round and
  ↑/↓ (floats, docs/spec/dingwei.md §1) — two cards across, in number order.
  With ``brackets`` a page follows for the next round: per score group the
  要先行 and 要后行 rows in card order (the 定位编排 layout, dingwei.md §2),
  the arbiter's working sheet.
* 记分单: one slip per board of the last round (board, red, black, result
  boxes, signatures), :data:`SLIPS_PER_PAGE` to an A4 page.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Sequence

from bianpai.engine.model import Colour, Outcome, round_entries
from bianpai.engine.registry import CardRows

from ..words import text
from .cells import Cell, _fmt, _table
from .layout import HEADER_FILL, NOTE_COLOUR, RED_FILL, PrintSetup, SheetOut, Style
from .settings import system_of
from bianpai.engine.history.floats import float_records

if TYPE_CHECKING:

    from .event import Event


CARD_WIDTH = 6  # columns of one card: round, opponent, 先/后, result, score, ↑/↓
CARDS_ACROSS = 2
"""Decision: two cards side by side (A4 portrait), as cards lie in two columns on the table."""

_OUTCOME_KEYS = {Outcome.WIN: "card.win", Outcome.DRAW: "card.draw", Outcome.LOSS: "card.loss",
                 Outcome.FORFEIT_WIN: "card.forfeit_win", Outcome.FORFEIT_LOSS: "card.forfeit_loss",
                 Outcome.PAIRING_BYE: "card.bye", Outcome.FULL_BYE: "card.full_bye",
                 Outcome.HALF_BYE: "card.half_bye", Outcome.ZERO_BYE: "card.zero_bye",
                 Outcome.ABSENT: "card.absent", Outcome.UNFINISHED: "card.unfinished"}


def _card_rows(ev: Event, number: int, per_round: list[dict[int, tuple[Cell, ...]]]) -> list[list[Cell]]:
    lang = ev.lang
    p = ev.tournament.player(number)
    rows: list[list[Cell]] = [
        [text("col.number", lang), number, text("col.name", lang), p.name, None, None],
        [text("col.club", lang), p.club or None, None, None, None, None],
        [text(k, lang) for k in ("card.round", "card.opponent", "card.colour", "card.result", "card.score",
                                 "card.float")],
    ]
    for k in range(1, ev.tournament.total_rounds + 1):
        cells = per_round[k - 1].get(number) if k <= len(per_round) else None
        rows.append([k] + (list(cells) if cells else [None] * (CARD_WIDTH - 1)))
    return rows


def _per_round(ev: Event) -> list[dict[int, tuple[Cell, ...]]]:
    """Per round, per player: (opponent, 先/后, result, score after, ↑/↓)."""
    t, lang = ev.tournament, ev.lang
    floats = float_records(t)
    score = {p.number: 0.0 for p in t.players}
    out: list[dict[int, tuple[Cell, ...]]] = []
    for rnd in t.rounds:
        row: dict[int, tuple[Cell, ...]] = {}
        for n, e in round_entries(t, rnd).items():
            score[n] = score.get(n, 0.0) + e.points
            side = "card.red" if e.colour is Colour.RED else "card.black"
            colour = None if e.colour is None else text(side, lang)
            fr = floats.get(n)
            f = fr.by_round[rnd.number - 1] if fr and len(fr.by_round) >= rnd.number else None
            row[n] = (e.opponent, colour, text(_OUTCOME_KEYS[e.outcome], lang), _fmt(score[n]),
                      f.value if f is not None else None)
        out.append(row)
    return out


def next_round_rows(ev: Event) -> list[CardRows]:
    """The next round's score groups with their 要先行 and 要后行 rows in card
    order, each card as (number, label), as the event's pairing system lays its
    cards out (the registry's ``card_rows``: 定位编排's layout, dingwei.md §2);
    empty for a system without one, and when the next round cannot be laid out
    (every round paired, a result missing, a rule broken)."""
    return system_of(ev).next_round_cards(ev.tournament)


ROWS_PER_PAGE = 46
"""Decision: rows of the default height (15 pt) an A4 portrait page holds
below its header; a row of cards that would not fit starts a new page."""


def place_cards(rows: list[list[Cell]], styles: list[Style], breaks: list[int], numbers: Sequence[int],
                card_height: int, card_rows: Callable[[int], Sequence[list[Cell]]],
                row_styles: Callable[[int, int, list[Cell]], list[Style]] | None = None) -> None:
    """Lay out one card per number, :data:`CARDS_ACROSS` to a row of cards, a blank row above
    each, a card never split over two pages (a page break before a row of cards that would
    not fit); ``card_rows(n)``: card ``n``'s rows; ``row_styles(sheet row, card's first column,
    card row)``: further styles of a card's row (the 编排卡 of players and of teams alike)."""
    width = CARDS_ACROSS * CARD_WIDTH + (CARDS_ACROSS - 1)
    page_top = 1
    for i in range(0, len(numbers), CARDS_ACROSS):
        if len(rows) + 1 + card_height - page_top + 1 > ROWS_PER_PAGE:
            breaks.append(len(rows))
            page_top = len(rows) + 1
        top = len(rows) + 2  # a blank row above each row of cards
        rows.append([None] * width)
        block: list[list[Cell]] = [[None] * width for _ in range(card_height)]
        for j, n in enumerate(numbers[i:i + CARDS_ACROSS]):
            left = j * (CARD_WIDTH + 1)
            for r, cells in enumerate(card_rows(n)):
                block[r][left:left + CARD_WIDTH] = cells
                if row_styles is not None:
                    styles += row_styles(top + r, left, cells) if r >= 3 else []
            c1, c2 = left + 1, left + CARD_WIDTH
            styles += [Style(top, c1, top + card_height - 1, c2, border=True, align="center"),
                       Style(top, c1, top + 1, c2, bold=True, fill=HEADER_FILL, align="left"),
                       Style(top, c1 + 1, top, c1 + 1, bold=True, size=14, colour=RED_FILL, fill=HEADER_FILL),
                       Style(top + 2, c1, top + 2, c2, bold=True, size=9, colour=NOTE_COLOUR)]
        rows += block


def render_cards(ev: Event, brackets: bool = False) -> SheetOut:
    """编排卡: two cards across, a card never split over two pages; then
    (``brackets``) a page per score group of the next round with its 要先行
    and 要后行 cards side by side, in card order."""
    # start-up time: the explanation words (18-35 ms) only where a card shows them
    from ..explain import card_label  # 少先连后 … in the workbook's language

    lang, t = ev.lang, ev.tournament
    width = CARDS_ACROSS * CARD_WIDTH + (CARDS_ACROSS - 1)
    rows: list[list[Cell]] = [[text("cards.title", lang) + " — " + ev.tournament.name] + [None] * (width - 1)]
    styles: list[Style] = [Style(1, 1, 1, width, bold=True, size=14)]
    breaks: list[int] = []
    per_round = _per_round(ev)
    numbers = sorted(p.number for p in t.players)
    place_cards(rows, styles, breaks, numbers, 3 + t.total_rounds,
                lambda n: _card_rows(ev, n, per_round))
    if brackets:
        scores = {p.number: 0.0 for p in t.players}
        for rnd in t.rounds:
            for n, e in round_entries(t, rnd).items():
                scores[n] = scores.get(n, 0.0) + e.points
        names = {p.number: p.name for p in t.players}
        for score, red, black in next_round_rows(ev):
            breaks.append(len(rows))  # a page per score group
            rows.append([text("cards.next", lang, k=t.next_round)] + [None] * (width - 1))
            styles.append(Style(len(rows), 1, len(rows), width, bold=True, size=12))
            rows.append([text("xp.group", lang, score=f"{score:g}")] + [None] * (width - 1))
            styles.append(Style(len(rows), 1, len(rows), width, bold=True, size=13))
            head: list[Cell] = [text("col.number", lang), text("col.name", lang), text("card.score", lang),
                                text("card.label", lang), None, None]
            sides: list[Cell] = [None] * width
            sides[0], sides[CARD_WIDTH + 1] = text("xp.red_row", lang), text("xp.black_row", lang)
            rows.append(sides)
            rows.append(head + [None] + head[:width - CARD_WIDTH - 1])
            top = len(rows)
            styles += [Style(top - 1, 1, top, width, bold=True, fill=HEADER_FILL)]
            for i in range(max(len(red), len(black))):
                row: list[Cell] = [None] * width
                for side, cards in ((0, red), (CARD_WIDTH + 1, black)):
                    if i < len(cards):
                        n, label = cards[i]
                        row[side:side + 4] = [n, names.get(n, ""), _fmt(scores.get(n, 0.0)),
                                              card_label(label, lang)]
                rows.append(row)
            if len(rows) > top:
                styles += [Style(top + 1, 1, len(rows), 4, border=True),
                           Style(top + 1, CARD_WIDTH + 2, len(rows), CARD_WIDTH + 5, border=True)]
    widths = tuple(([6, 9, 6, 13, 6, 5] + [2]) * CARDS_ACROSS)[:width]  # column 4: the card label too
    return SheetOut(ev.sheet_name("sheet.cards"), "sheet.cards", _table(rows), widths=widths,
                    styles=tuple(styles),
                    print_setup=PrintSetup(header=ev.tournament.name, footer=text("print.page", lang),
                                           row_breaks=tuple(breaks)),
                    derived=True)


SLIPS_PER_PAGE = 4
SLIP_ROWS = 8  # rows of one slip, the blank row below it included
SLIP_ROW_HEIGHT = 21.0
"""Decision: a slip is 8 rows of 21 points (168 pt), so four fit an A4 page
with the header; a page break follows every fourth slip; one slip per
board, in board order."""


def render_slips(ev: Event) -> SheetOut:
    """记分单 of the last round: one slip per board."""
    lang, t = ev.lang, ev.tournament
    width = 6
    rows: list[list[Cell]] = []
    styles: list[Style] = []
    heights: list[tuple[int, int, float]] = []
    breaks: list[int] = []
    if not t.rounds:
        rows.append([text("slips.none", lang)] + [None] * (width - 1))
    else:
        rnd = t.rounds[-1]
        names = {p.number: p for p in t.players}
        boxes = "   ".join(f"□ {text(k, lang)}" for k in ("slip.red_win", "slip.draw", "slip.black_win"))
        for board, g in enumerate(rnd.games, start=1):
            top = len(rows) + 1
            red, black = names[g.red], names[g.black]
            rows += [
                [ev.tournament.name, None, None, text("slip.title", lang, k=rnd.number), None,
                 text("slip.board", lang, n=board)],
                [text("slip.red", lang), g.red, red.name, text("slip.black", lang), g.black, black.name],
                [text("col.club", lang), None, red.club or None, text("col.club", lang), None,
                 black.club or None],
                [text("slip.result", lang), boxes, None, None, None, None],
                [text("slip.score_line", lang), None, None, None, None, None],
                [text("slip.red_sign", lang), None, text("slip.black_sign", lang), None,
                 text("slip.arbiter_sign", lang), None],
                [text("slip.time", lang), None, None, None, None, None],
                [None] * width,
            ]
            last = top + SLIP_ROWS - 2
            styles += [Style(top, 1, last, width, border=True),
                       Style(top, 1, top, width, bold=True, fill=HEADER_FILL),
                       Style(top, width, top, width, bold=True, size=16, align="center", fill=HEADER_FILL),
                       Style(top + 1, 1, top + 1, 3, bold=True, colour=RED_FILL, size=12),
                       Style(top + 1, 4, top + 1, 6, bold=True, size=12),
                       Style(top + 3, 2, top + 3, 2, size=13)]
            heights.append((top, top + SLIP_ROWS - 1, SLIP_ROW_HEIGHT))
            if board % SLIPS_PER_PAGE == 0 and board < len(rnd.games):
                breaks.append(top + SLIP_ROWS - 1)
    return SheetOut(ev.sheet_name("sheet.slips"), "sheet.slips", _table(rows), widths=(12, 8, 18, 12, 8, 18),
                    styles=tuple(styles),
                    print_setup=PrintSetup(header=ev.tournament.name, footer=text("print.page", lang),
                                           row_breaks=tuple(breaks)),
                    derived=True, row_heights=tuple(heights))


__all__ = ["CARDS_ACROSS", "CARD_WIDTH", "SLIPS_PER_PAGE", "next_round_rows", "place_cards", "render_cards",
           "render_slips"]
