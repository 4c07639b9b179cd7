"""The print-all PDF's pages (issue 24): the round's sheets as the workbook prints them
(对阵表, 记分单, and with the Settings' 打印编排卡 the 编排卡), drawn on A4 pages at
:data:`~.pdf.PDF_DPI` by Pillow (:func:`round_pages`), with the QR code of the Settings' URL.

Decision: Bianpai does not render through LibreOffice (only its tests do), and an
organiser's computer rarely has it; the pages are drawn as the images are, so the PDF
prints the same on every machine, with no other program.  The text is pictures of text
(not selectable), which printing does not need.
"""

from __future__ import annotations

import re
from typing import Any, Iterable, Sequence

import segno
from PIL import Image as PILImage

from ..jobs.publication import Publication
from ..workbook import words as L
from ..workbook import sheets as S
from ..workbook.sheets.layout import cell_properties
from ..workbook.sheets.team.round import render_team_round
from .canvas import BLEND_STEPS, GREY, INK, WHITE, Canvas, flatten, palette_of, parallel
from .fonts import FontFiles
from .glyphs import text_width
from .pdf import PDF_DPI

A4_MM = (210, 297)
PDF_MARGIN_MM = 12


def qr_image(url: str, box: int) -> PILImage.Image:
    """The QR code of ``url`` (segno, error correction M), ``box`` px square with its quiet zone."""
    qr = segno.make(url, error="m", micro=False)
    matrix = qr.matrix
    n = len(matrix) + 8
    img = PILImage.new("1", (n, n), 1)
    px = img.load()
    assert px is not None
    for r, row in enumerate(matrix):
        for col, v in enumerate(row):
            if v:
                px[col + 4, r + 4] = 0
    return img.resize((box, box), PILImage.Resampling.NEAREST).convert("RGB")


def _mm(x: float) -> int:
    return round(x / 25.4 * PDF_DPI)


def _area(sheet: S.SheetOut) -> tuple[int, int]:
    """The printed rows and columns (from the print area's first range — a round sheet's wall copy,
    ``A1:H<n>``, before its arbiter's copy — else the whole sheet)."""
    rows = len(sheet.rows)
    cols = max((len(r) for r in sheet.rows), default=0)
    area = sheet.print_setup.area
    if area and ":" in area:
        m = re.fullmatch(r"A1:([A-Z]+)(\d+)", area.split(",", 1)[0])
        if m:
            letters = m.group(1)
            n = 0
            for ch in letters:
                n = n * 26 + ord(ch) - 64
            return min(rows, int(m.group(2))), n
    return rows, cols


def sheet_pages(
    sheet: S.SheetOut,
    fonts: FontFiles,
    title: str,
    qr: tuple[PILImage.Image, str] | None = None,
    mode: str = "RGB",
) -> list[PILImage.Image]:
    """A sheet drawn as its printout: A4, the columns fitted to the page width,
    the repeated rows on every page, the sheet's page breaks, each page
    numbered; ``qr``: a QR code with its words at the top right of the first page;
    ``mode`` "L": in shades of grey."""
    landscape = sheet.print_setup.orientation == "landscape"
    pw, ph = (_mm(A4_MM[1]), _mm(A4_MM[0])) if landscape else (_mm(A4_MM[0]), _mm(A4_MM[1]))
    margin = _mm(PDF_MARGIN_MM)
    nrows, ncols = _area(sheet)
    widths = [
        (sheet.widths[c] if c < len(sheet.widths) else 8.43) * 7 + 5 for c in range(ncols)
    ]  # px at 96 dpi
    scale = (pw - 2 * margin) / max(1.0, sum(widths))
    scale = min(scale, PDF_DPI / 96)  # fitted to the width, never enlarged (as Excel prints)
    xs = [margin + (pw - 2 * margin - sum(widths) * scale) / 2]
    for w in widths:
        xs.append(xs[-1] + w * scale)
    heights = {r: 15.0 for r in range(1, nrows + 1)}
    for first, last, hpt in sheet.row_heights:
        for r in range(first, last + 1):
            heights[r] = hpt
    props = cell_properties(sheet.styles)
    for (r, _c), p in props.items():  # a large font makes its row taller, as in Excel
        if r in heights and isinstance(p.get("size"), (int, float)):
            heights[r] = max(heights[r], float(p["size"]) * 1.35)  # type: ignore[arg-type]
    rh = {r: heights[r] * 96 / 72 * scale for r in heights}
    repeat = sheet.print_setup.repeat_rows
    breaks = set(sheet.print_setup.row_breaks)
    foot_h = _mm(8)
    qr_h = 0
    if qr is not None:
        qr_h = qr[0].height + _mm(2)
    pages: list[list[int]] = [[]]
    used = float(qr_h)
    room = ph - 2 * margin - foot_h
    rep_rows = list(range(repeat[0], repeat[1] + 1)) if repeat else []
    for r in range(1, nrows + 1):
        if pages[-1] and used + rh[r] > room:
            pages.append([x for x in rep_rows if x < r])
            used = sum(rh[x] for x in pages[-1])
        pages[-1].append(r)
        used += rh[r]
        if r in breaks and r < nrows:
            pages.append([x for x in rep_rows if x < r + 1])
            used = sum(rh[x] for x in pages[-1])
    out = []
    for i, rows in enumerate(pages, start=1):
        c = Canvas(fonts, pw, ph, mode)
        page = c.image
        y = float(margin)
        if qr is not None and i == 1:
            img, words = qr
            page.paste(img.convert(mode), (pw - margin - img.width, margin))
            _wrap_text(
                c,
                words,
                margin,
                margin + img.height / 2,
                pw - 2 * margin - img.width - _mm(4),
                round(9 * PDF_DPI / 72),
            )
            y += qr_h
        for r in rows:
            _draw_sheet_row(c, sheet, r, ncols, xs, y, rh[r], props, scale)
            y += rh[r]
        words = f"{title}　{i}/{len(pages)}"
        c.text((pw / 2, ph - margin), words, round(8 * PDF_DPI / 72), fill=GREY, anchor="md")
        out.append(page)
    palette = _sheet_palette(props.values())
    return parallel(lambda page: flatten(page, palette), out)


def _sheet_palette(props: Iterable[dict[str, object]]) -> PILImage.Image:
    """The colours a printed sheet is drawn in: its fills (and white) as backgrounds,
    its font colours, the ink, the grey of the page numbers and the borders as inks."""
    fills = {WHITE} | {_hex(p["fill"], WHITE) for p in props if p.get("fill")}
    inks = {INK, GREY, (90, 90, 90), WHITE} | {_hex(p["colour"], INK) for p in props if p.get("colour")}
    steps = max(4, min(BLEND_STEPS, 256 // (len(fills) * len(inks))))
    return palette_of(sorted(fills), sorted(inks), steps)


def _wrap_text(c: Canvas, s: str, x: float, ymid: float, width: float, size: int) -> None:
    lines: list[str] = []
    cur = ""
    for ch in s:
        if text_width(c.fonts, cur + ch, size) > width and cur:
            lines.append(cur)
            cur = ch
        else:
            cur += ch
    if cur:
        lines.append(cur)
    y = ymid - len(lines) * size * 1.3 / 2 + size * 0.65
    for line in lines:
        c.text((x, y), line, size, anchor="lm")
        y += size * 1.3


def _hex(colour: object, default: tuple[int, int, int]) -> tuple[int, int, int]:
    if not isinstance(colour, str) or len(colour) != 6:
        return default
    return (int(colour[0:2], 16), int(colour[2:4], 16), int(colour[4:6], 16))


def _draw_sheet_row(
    c: Canvas,
    sheet: S.SheetOut,
    r: int,
    ncols: int,
    xs: Sequence[float],
    y: float,
    h: float,
    props: dict[tuple[int, int], dict[str, object]],
    scale: float,
) -> None:
    row = sheet.rows[r - 1] if r - 1 < len(sheet.rows) else ()
    for col in range(1, ncols + 1):
        p = props.get((r, col), {})
        if p.get("fill"):
            c.rect((xs[col - 1], y, xs[col], y + h), fill=_hex(p["fill"], WHITE))
    for col in range(1, ncols + 1):
        p = props.get((r, col), {})
        if p.get("border"):
            c.rect((xs[col - 1], y, xs[col], y + h), outline=(90, 90, 90), width=1)
    for col in range(1, ncols + 1):
        v = row[col - 1] if col - 1 < len(row) else None
        if v is None or v == "":
            continue
        p = props.get((r, col), {})
        s = str(S.plain_number(v)) if isinstance(v, float) else str(v)
        size = max(6, round(float(p.get("size", 11)) * 96 / 72 * scale))  # type: ignore[arg-type]
        end = col  # text spills into the empty cells to its right, as Excel prints it
        while (
            not p.get("wrap")
            and end < ncols
            and (end >= len(row) or row[end] in (None, ""))
            and p.get("align") not in ("center", "right")
        ):
            end += 1
        left, right = xs[col - 1] + 3, xs[end] - 3
        bold = bool(p.get("bold"))
        fill = _hex(p.get("colour"), INK)
        if p.get("fill") in ("C00000", "000000"):
            fill = WHITE
        align = p.get("align") or (
            "right" if isinstance(v, (int, float)) and not isinstance(v, bool) else "left"
        )
        lines = s.split("\n")
        if p.get("wrap"):
            lines = _wrapped(c.fonts, s, size, bold, right - left)
        line_h = size * 1.25
        top = y + h / 2 - line_h * (len(lines) - 1) / 2
        for j, line in enumerate(lines):
            yy = top + j * line_h
            if align == "center":
                c.text(
                    ((left + right) / 2, yy),
                    line,
                    size,
                    bold=bold,
                    fill=fill,
                    anchor="mm",
                    width=right - left,
                )
            elif align == "right":
                c.text((right, yy), line, size, bold=bold, fill=fill, anchor="rm", width=right - left)
            else:
                c.text((left, yy), line, size, bold=bold, fill=fill, anchor="lm", width=right - left)


def _wrapped(fonts: FontFiles, s: str, size: int, bold: bool, width: float) -> list[str]:
    out: list[str] = []
    for part in s.split("\n"):
        cur = ""
        for ch in part:
            if cur and text_width(fonts, cur + ch, size, bold) > width:
                out.append(cur)
                cur = ch
            else:
                cur += ch
        out.append(cur)
    return out


FORMS_MODE = "L"
"""Decision: the forms filled in by hand (记分单, 编排卡) are printed in shades of
grey — most arbiters print black and white, and a grey page is drawn and stored in
a third of the time; the pairing page keeps its colours (red names)."""


def round_pages(pub: Publication, book: Any, fonts: FontFiles) -> list[PILImage.Image]:
    """The print-all PDF's pages: the round's pairing sheet (with the QR code of
    the Settings' URL and its words), its 记分单 and, if asked, the 编排卡."""
    lang = pub.lang
    k = pub.last.number
    qr = None
    if pub.url:
        qr = (qr_image(pub.url, _mm(30)), L.text("share.qr_words", lang, url=pub.url))
    if pub.team:
        sheet = render_team_round(book, k)
        return sheet_pages(sheet, fonts, sheet.name, qr)
    ev = book
    pages = sheet_pages(S.render_round(ev, k), fonts, ev.round_sheet_name(k), qr)
    slips = S.render_slips(ev)
    pages += sheet_pages(slips, fonts, slips.name, mode=FORMS_MODE)
    if ev.settings.share_cards:
        cards = S.render_cards(ev, ev.cards_brackets)
        pages += sheet_pages(cards, fonts, cards.name, mode=FORMS_MODE)
    return pages
