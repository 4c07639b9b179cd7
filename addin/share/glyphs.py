"""Text as Pillow draws it, rendered and measured once (issue 24): a text's coverage mask
put together from its characters' cached masks where that gives FreeType's own pixels, and
its width from its characters' advances where the font does not kern."""

from __future__ import annotations

import struct
from functools import lru_cache

from PIL import Image, ImageChops

from .fonts import FontFiles


@lru_cache(maxsize=4096)
def _text_mask(
    fonts: FontFiles, s: str, size: int, bold: bool, anchor: str
) -> tuple[Image.Image, tuple[int, int]]:
    """``s`` rendered once as a coverage mask, and where it goes from its anchor
    point (whole pixels): a text drawn again (a club, 红, 黑, a slip's labels) is
    pasted, not rendered again.  A font without a bold face draws bold with a stroke.

    The mask is FreeType's own (``getmask2``, as ``ImageDraw.text`` draws it at a
    whole-pixel point, the stroke filled), or the same pixels put together from
    each character's (:func:`_glyphs_mask`)."""
    font = fonts.font(size, bold)
    stroke = max(1, size // 28) if bold and fonts.fake_bold else 0
    if not stroke:
        composed = _glyphs_mask(fonts, s, size, bold, anchor)
        if composed is not None:
            return composed
    core, (x0, y0) = font.getmask2(
        s, "L", anchor=anchor, ink=255, start=(0.0, 0.0), stroke_width=stroke, stroke_filled=True
    )
    mask = Image.Image()._new(core)
    if mask.width == 0 or mask.height == 0:
        mask = Image.new("L", (max(1, mask.width), max(1, mask.height)), 0)
    return mask, (int(x0), int(y0))


def _pixel(x: int) -> int:
    """FreeType's 26.6 fixed point rounded to a whole pixel (Pillow's ``PIXEL``)."""
    return ((x + 32) & -64) >> 6


@lru_cache(maxsize=8192)
def _glyph_mask(
    fonts: FontFiles, ch: str, size: int, bold: bool
) -> tuple[Image.Image | None, int, int, int]:
    """One character's mask, where it goes from the pen on the baseline, and the pen's advance (26.6)."""
    font = fonts.font(size, bold)
    core, (x0, y0) = font.getmask2(ch, "L", anchor="ls", ink=255, start=(0.0, 0.0))
    mask = Image.Image()._new(core) if core.size[0] and core.size[1] else None
    return mask, int(x0), int(y0), _advance(fonts, ch, size, bold)


@lru_cache(maxsize=64)
def _baseline_below(fonts: FontFiles, size: int, bold: bool, vertical: str) -> int:
    """How far below a point anchored ``vertical`` (a: ascender, m: middle, s: baseline,
    d: descender) the baseline is: the font's, not the text's."""
    font = fonts.font(size, bold)
    at = font.getmask2("中", "L", anchor="l" + vertical)[1][1]
    return int(at - font.getmask2("中", "L", anchor="ls")[1][1])


def _glyphs_mask(
    fonts: FontFiles, s: str, size: int, bold: bool, anchor: str
) -> tuple[Image.Image, tuple[int, int]] | None:
    """The mask of ``s`` put together from each character's mask, cached
    (:func:`_glyph_mask`): a name's characters recur in other names, so most are
    rendered once.  The same pixels where FreeType would put them — each
    character's bitmap at the pen rounded to a whole pixel, as Pillow's basic
    layout draws a line; None (render the whole text) where that does not hold:
    a font that kerns this text, two characters inking the same pixel (FreeType
    blends them), or an anchor at the text's own top or bottom."""
    if anchor[0] not in "lmr" or anchor[1] not in "amsd":
        return None
    glyphs = [_glyph_mask(fonts, ch, size, bold) for ch in s]
    pen = 0
    placed: list[tuple[Image.Image, int, int]] = []
    for mask, gx, gy, advance in glyphs:
        if mask is not None:
            placed.append((mask, _pixel(pen) + gx, gy))
        pen += advance
    if pen != round(_width(fonts, s, size, bold) * 64):
        return None  # the font kerns some pair of these characters
    x_anchor = {"l": 0, "m": _pixel(pen // 2), "r": _pixel(pen)}[anchor[0]]
    below = _baseline_below(fonts, size, bold, anchor[1])
    if not placed:
        return Image.new("L", (1, 1), 0), (-x_anchor, below)
    left = min(x for _, x, _ in placed)
    top = min(y for _, _, y in placed)
    right = max(x + m.width for m, x, _ in placed)
    bottom = max(y + m.height for m, _, y in placed)
    if len(placed) == 1:
        out = placed[0][0]
    else:
        out = Image.new("L", (right - left, bottom - top), 0)
        reach = left  # right edge of what is pasted so far: a glyph right of it is copied in
        for m, x, y in placed:
            box = (x - left, y - top, x - left + m.width, y - top + m.height)
            if x >= reach:
                out.im.paste(m.im, box)
            else:  # edges that touch: where both are inked FreeType blends them, so render the whole text
                under = out.crop(box)
                if ImageChops.darker(under, m).getbbox() is not None:
                    return None
                out.paste(ImageChops.lighter(under, m), box[:2])
            reach = max(reach, x + m.width)
    return out, (left - x_anchor, top + below)


def text_width(fonts: FontFiles, s: str, size: int, bold: bool = False) -> float:
    return _width(fonts, s, size, bold) if s else 0.0


@lru_cache(maxsize=8192)
def _width(fonts: FontFiles, s: str, size: int, bold: bool) -> float:
    """The pen's advance over ``s`` (Pillow's ``getlength``): the sum of its
    characters' advances when the font does not kern (:func:`_kerns`) — each
    character measured once — else the text measured whole."""
    font_file = fonts.bold if bold and fonts.bold else fonts.regular
    index = fonts.bold_index if bold and fonts.bold else fonts.regular_index
    if len(s) > 1 and not _kerns(font_file, index):
        return sum(_advance(fonts, ch, size, bold) for ch in s) / 64
    return float(fonts.font(size, bold).getlength(s))


@lru_cache(maxsize=8192)
def _advance(fonts: FontFiles, ch: str, size: int, bold: bool) -> int:
    """One character's advance, in FreeType's 26.6 fixed point (whole, as ``getlength`` measures it)."""
    return round(fonts.font(size, bold).getlength(ch) * 64)


@lru_cache(maxsize=16)
def _kerns(path: str, index: int) -> bool:
    """Whether FreeType may kern a text in this font face: it has a 'kern' table
    (what Pillow's basic layout applies), or its file is not a TrueType/OpenType
    font or collection this reads (then every text is measured whole).  A FreeType
    built to kern from 'GPOS' too (FT_CONFIG_OPTION_GPOS_KERNING, not the default,
    not in Pillow's wheels) would kern fonts this says do not."""
    try:
        with open(path, "rb") as f:
            head = f.read(12)
            base = 0
            if head[:4] == b"ttcf":
                f.seek(12 + 4 * index)
                (base,) = struct.unpack(">I", f.read(4))
                f.seek(base)
                head = f.read(12)
            if head[:4] not in (b"\x00\x01\x00\x00", b"OTTO", b"true"):
                return True
            (count,) = struct.unpack(">H", head[4:6])
            records = f.read(16 * count)
    except (OSError, struct.error):
        return True
    if len(records) != 16 * count:
        return True
    return any(records[i : i + 4] == b"kern" for i in range(0, len(records), 16))


def fit_size(fonts: FontFiles, s: str, size: int, bold: bool, width: float | None) -> int:
    """The largest size up to ``size`` at which ``s`` fits ``width`` (at least half of ``size``)."""
    if width is None:
        return size
    w = text_width(fonts, s, size, bold)
    if w <= width:
        return size
    return max(size // 2, int(size * width / w))
