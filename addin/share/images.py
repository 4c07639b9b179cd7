"""The phone images of ``bianpai share`` (issue 24): the pairing (:func:`pairing_images`) and
the tables — find your board, standings, 台次成绩 (:func:`table_images`).

:data:`IMAGE_WIDTH` px wide at :data:`DENSITY`× (type sized for a phone held at arm's
length), split into numbered parts (1/3, 2/3 …) so that none is taller than
:data:`MAX_IMAGE_HEIGHT` — chat apps shrink taller ones.
"""

from __future__ import annotations

from typing import Any, Sequence

from PIL import Image as PILImage

from ..jobs.publication import Board, Publication, Table
from ..workbook import words as L
from .canvas import GREY, HEAD_FILL, INK, LIGHT, MATCH_FILL, RED, Canvas
from .fonts import FontFiles
from .glyphs import text_width


IMAGE_WIDTH = 1080
"""Decision: the phone images are 1080 px wide — 540 CSS px at 2× density, the
width chat apps show an image at without scaling it down."""
DENSITY = 2
"""Every size below is in CSS px, drawn at this density."""
MAX_IMAGE_HEIGHT = 1920
"""Decision: an image taller than this (16:9 at 1080 px) is split into numbered
parts; WeChat and QQ shrink a taller image to fit the chat's width and height."""
MARGIN = 20 * DENSITY


# ---------------------------------------------------------------------------
# the pairing image(s)
# ---------------------------------------------------------------------------

D = DENSITY
TITLE = 26 * D
SUBTITLE = 21 * D
INFO = 15 * D
FOOT = 14 * D
NAME = 21 * D
SUB = 14 * D
BOARD_NO = 24 * D
RESULT = 17 * D
ROW = 62 * D
MATCH_ROW = 48 * D
BYE_ROW = 40 * D
FOOTER_H = 40 * D
SEAT_ROW = 34 * D


def _header_height(pub: Publication) -> int:
    return MARGIN + TITLE + 14 * D + SUBTITLE + (10 * D + INFO if pub.info else 0) + 14 * D


def _draw_header(c: Canvas, pub: Publication, title: str, part: str) -> int:
    w = c.image.width
    y = MARGIN + TITLE // 2
    c.text((w / 2, y), pub.event, TITLE, bold=True, anchor="mm", width=w - 2 * MARGIN)
    y += TITLE // 2 + 14 * D + SUBTITLE // 2
    c.text(
        (w / 2, y),
        f"{title}　{part}" if part else title,
        SUBTITLE,
        bold=True,
        fill=RED,
        anchor="mm",
        width=w - 2 * MARGIN,
    )
    y += SUBTITLE // 2
    if pub.info:
        y += 10 * D + INFO // 2
        c.text((w / 2, y), pub.info, INFO, fill=GREY, anchor="mm", width=w - 2 * MARGIN)
        y += INFO // 2
    y += 10 * D
    c.line((MARGIN, y, w - MARGIN, y), fill=INK, width=D)
    return y + 4 * D


def _draw_footer(c: Canvas, pub: Publication) -> None:
    w, h = c.image.size
    y = h - FOOTER_H
    c.line((MARGIN, y, w - MARGIN, y), fill=(200, 200, 200), width=D)
    if pub.footer:
        c.text((w / 2, y + FOOTER_H / 2), pub.footer, FOOT, fill=GREY, anchor="mm", width=w - 2 * MARGIN)


def _row_height(b: Board) -> int:
    if b.kind == "board" and not (b.red_sub or b.black_sub):
        return SEAT_ROW  # a team match's board: one line, the teams are on the match's line
    return {"board": ROW, "match": MATCH_ROW, "bye": BYE_ROW}[b.kind]


def _groups(lines: Sequence[Board]) -> list[list[Board]]:
    """Lines kept on one image: a team match with its boards; each board or bye alone."""
    out: list[list[Board]] = []
    for b in lines:
        if b.kind == "match" or not out or out[-1][0].kind != "match" or b.kind == "bye":
            out.append([b])
        else:
            out[-1].append(b)
    return out


def split_pages(groups: Sequence[Sequence[Any]], height: Any, room: int) -> list[list[Any]]:
    """Items in pages of at most ``room`` px: whole groups while they fit (a
    group taller than a page is split)."""
    pages: list[list[Any]] = [[]]
    used = 0
    for g in groups:
        gh = sum(height(x) for x in g)
        if used + gh > room and pages[-1] and gh <= room:
            pages.append([])
            used = 0
        for x in g:
            hx = height(x)
            if used + hx > room and pages[-1]:
                pages.append([])
                used = 0
            pages[-1].append(x)
            used += hx
    return pages


def pairing_images(pub: Publication, fonts: FontFiles, k: int | None = None) -> list["PILImage.Image"]:
    """The pairing of round ``k`` (the last by default): one image, or numbered parts."""
    rnd = pub.rounds[-1] if k is None else pub.rounds[k - 1]
    head = _header_height(pub)
    room = MAX_IMAGE_HEIGHT - head - FOOTER_H - MARGIN // 2
    pages = split_pages(_groups(rnd.boards), _row_height, room)
    out = []
    for i, lines in enumerate(pages, start=1):
        part = L.text("share.part", pub.lang, i=i, n=len(pages)) if len(pages) > 1 else ""
        h = head + sum(_row_height(b) for b in lines) + MARGIN // 2 + FOOTER_H
        c = Canvas(fonts, IMAGE_WIDTH, h)
        y = _draw_header(c, pub, rnd.title, part)
        for j, b in enumerate(lines):
            y = _draw_board(c, b, y, j)
        _draw_footer(c, pub)
        out.append(c.image)
    return out


# x positions of a board line (device px)
X_NO = MARGIN + 28 * D
X_RED = MARGIN + 62 * D
X_MID = IMAGE_WIDTH // 2
MID_HALF = 42 * D
X_BLACK = IMAGE_WIDTH - MARGIN - 8 * D


def _draw_board(c: Canvas, b: Board, y: int, j: int) -> int:
    h = _row_height(b)
    w = c.image.width
    side = X_MID - MID_HALF - X_RED - 6 * D  # room for a name on either side
    if b.kind == "match":
        c.rect((MARGIN, y + 2 * D, w - MARGIN, y + h - 2 * D), fill=MATCH_FILL)
        mid = y + h / 2
        c.text(
            (MARGIN + 8 * D, mid),
            b.label,
            SUB,
            bold=True,
            fill=GREY,
            anchor="lm",
            width=X_RED - MARGIN - 10 * D,
        )
        c.text((X_RED, mid), b.red, NAME - 2 * D, bold=True, fill=RED, anchor="lm", width=side)
        c.text(
            (X_MID, mid),
            b.middle,
            RESULT,
            bold=True,
            fill=INK if b.result else GREY,
            anchor="mm",
            width=2 * MID_HALF,
        )
        c.text((X_BLACK, mid), b.black, NAME - 2 * D, bold=True, anchor="rm", width=side)
        return y + h
    if b.kind == "bye":
        c.text((X_NO, y + h / 2), b.label, SUB, fill=GREY, anchor="mm")
        c.text((X_RED, y + h / 2), b.red, SUB + 2 * D, fill=INK, anchor="lm", width=w - MARGIN - X_RED)
        return y + h
    if j % 2 == 0:
        c.rect((MARGIN, y, w - MARGIN, y + h), fill=LIGHT)
    top, bottom = (y + h * 0.36, y + h * 0.74) if h == ROW else (y + h / 2, y + h / 2)
    label_size = BOARD_NO if len(b.label) <= 3 else SUB + 2 * D
    c.text((X_NO, y + h / 2), b.label, label_size, bold=True, anchor="mm", width=X_RED - MARGIN - 8 * D)
    left, right = (RED, INK) if b.left_red else (INK, RED)
    c.text((X_RED, top), b.red, NAME, bold=True, fill=left, anchor="lm", width=side)
    c.text((X_RED, bottom), b.red_sub, SUB, fill=GREY, anchor="lm", width=side)
    colour = RED if b.middle == L.text("share.red_win", "zh") or b.middle.startswith("red") else INK
    c.text(
        (X_MID, y + h / 2),
        b.middle,
        RESULT if b.result else SUB,
        bold=b.result,
        fill=colour if b.result else GREY,
        anchor="mm",
        width=2 * MID_HALF,
    )
    c.text((X_BLACK, top), b.black, NAME, bold=True, fill=right, anchor="rm", width=side)
    c.text((X_BLACK, bottom), b.black_sub, SUB, fill=GREY, anchor="rm", width=side)
    return y + h


# ---------------------------------------------------------------------------
# tables: find your board, standings, 台次成绩
# ---------------------------------------------------------------------------

CELL = 17 * D
CELL_PAD = 8 * D
MIN_CELL = 10 * D


def _column_widths(fonts: FontFiles, t: Table, size: int) -> list[float]:
    n = len(t.head)
    widths = [text_width(fonts, h, size, True) for h in t.head]
    for r in t.rows:
        if len(r) == 1 and n > 1:
            continue
        for i, v in enumerate(r[:n]):
            widths[i] = max(widths[i], text_width(fonts, v, size, i in t.names))
    return [w + 2 * CELL_PAD for w in widths]


TABLE_MODE = "L"
"""Decision: the table images (find your board, standings, 台次成绩) are drawn in
shades of grey (the title's red a dark grey): they need no colour, and a grey
image is drawn and saved in a third of the time of a colour one — what keeps
a 200-player round's images within the time a click may take."""


def table_images(pub: Publication, t: Table, fonts: FontFiles) -> list["PILImage.Image"]:
    """A table as phone image(s): the type as large as the columns allow, numbered parts below the height."""
    room_w = IMAGE_WIDTH - 2 * MARGIN
    size = CELL
    widths = _column_widths(fonts, t, size)
    while sum(widths) > room_w and size > MIN_CELL:
        size -= D
        widths = _column_widths(fonts, t, size)
    extra = max(0.0, room_w - sum(widths)) / max(1, len(widths))
    widths = [w + extra for w in widths]
    row_h = int(size * 2.1)
    head = _header_height(pub) + row_h
    room = MAX_IMAGE_HEIGHT - head - FOOTER_H - MARGIN // 2
    pages = split_pages([[r] for r in t.rows], lambda r: row_h, room) if t.rows else [[]]
    out = []
    for i, rows in enumerate(pages, start=1):
        part = L.text("share.part", pub.lang, i=i, n=len(pages)) if len(pages) > 1 else ""
        h = head + row_h * len(rows) + MARGIN // 2 + FOOTER_H
        c = Canvas(fonts, IMAGE_WIDTH, h, TABLE_MODE)
        y = _draw_header(c, pub, t.title, part)
        c.rect((MARGIN, y, IMAGE_WIDTH - MARGIN, y + row_h), fill=HEAD_FILL)
        _draw_cells(c, t.head, widths, y, row_h, size, "c" * len(t.head), (), bold=True)
        y += row_h
        for j, r in enumerate(rows):
            if len(r) == 1 and len(t.head) > 1:
                c.rect((MARGIN, y, IMAGE_WIDTH - MARGIN, y + row_h), fill=MATCH_FILL)
                c.text((MARGIN + CELL_PAD, y + row_h / 2), r[0], size, bold=True, width=room_w - 2 * CELL_PAD)
            else:
                if j % 2 == 1:
                    c.rect((MARGIN, y, IMAGE_WIDTH - MARGIN, y + row_h), fill=LIGHT)
                _draw_cells(c, r, widths, y, row_h, size, t.align, t.names)
            y += row_h
        _draw_footer(c, pub)
        out.append(c.image)
    return out


def _draw_cells(
    c: Canvas,
    cells: Sequence[str],
    widths: Sequence[float],
    y: float,
    h: float,
    size: int,
    align: str,
    names: Sequence[int],
    bold: bool = False,
) -> None:
    x = float(MARGIN)
    for i, (v, w) in enumerate(zip(cells, widths, strict=False)):
        a = align[i] if i < len(align) else "c"
        inner = w - 2 * CELL_PAD
        if a == "l":
            c.text((x + CELL_PAD, y + h / 2), v, size, bold=bold or i in names, anchor="lm", width=inner)
        elif a == "r":
            c.text((x + w - CELL_PAD, y + h / 2), v, size, bold=bold or i in names, anchor="rm", width=inner)
        else:
            c.text((x + w / 2, y + h / 2), v, size, bold=bold or i in names, anchor="mm", width=inner)
        x += w
