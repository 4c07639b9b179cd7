"""The images and the print-all PDF of ``bianpai share`` (issue 24), drawn with Pillow.

* Fonts: the Settings' 分享字体文件, else the system's CJK font
  (:data:`FONT_CANDIDATES`: Microsoft YaHei / SimHei on Windows, PingFang /
  Hiragino on macOS, Noto Sans CJK / WenQuanYi on Linux).  None found: the job
  is refused with what was looked for and how to fix it.  Every character to
  be drawn is checked against the font first (:func:`missing_glyphs`): a
  character the font lacks refuses the job, naming it — never a tofu box.
* Phone images (:func:`pairing_images`, :func:`table_images`):
  :data:`IMAGE_WIDTH` px wide at :data:`DENSITY`× (type sized for a phone held
  at arm's length), split into numbered parts (1/3, 2/3 …) so that none is
  taller than :data:`MAX_IMAGE_HEIGHT` — chat apps shrink taller ones.
* The print-all PDF (:func:`print_pdf`): the round's sheets as the workbook
  prints them (对阵表, 记分单, and with the Settings' 打印编排卡 the 编排卡),
  drawn on A4 pages at :data:`PDF_DPI` by Pillow and put into one PDF
  (:func:`print_pdf`).  Decision: Bianpai does not render through LibreOffice
  (only its tests do), and an organiser's computer rarely has it; the pages are
  drawn as the images are, so the PDF prints the same on every machine, with
  no other program.  The text is pictures of text (not selectable), which
  printing does not need.
"""

from __future__ import annotations

import io
import os
import sys
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable, Sequence

from bianpai.engine.problems import problem

from ..workbook import words as L
from ..workbook import sheets as S
from .publication import Board, Publication, Table

if TYPE_CHECKING:
    from PIL import Image as PILImage
    from PIL import ImageFont

IMAGE_WIDTH = 1080
"""Decision: the phone images are 1080 px wide — 540 CSS px at 2× density, the
width chat apps show an image at without scaling it down."""
DENSITY = 2
"""Every size below is in CSS px, drawn at this density."""
MAX_IMAGE_HEIGHT = 1920
"""Decision: an image taller than this (16:9 at 1080 px) is split into numbered
parts; WeChat and QQ shrink a taller image to fit the chat's width and height."""
MARGIN = 20 * DENSITY
PDF_DPI = 150
"""The print-all PDF's pages: A4 at 150 dots per inch (1240 × 1754)."""
A4_MM = (210, 297)
PDF_MARGIN_MM = 12

RED = (192, 0, 0)
INK = (17, 17, 17)
GREY = (110, 110, 110)
LIGHT = (244, 244, 244)
HEAD_FILL = (226, 226, 226)
MATCH_FILL = (232, 238, 247)
WHITE = (255, 255, 255)


# ---------------------------------------------------------------------------
# fonts
# ---------------------------------------------------------------------------

FONT_CANDIDATES: tuple[tuple[str, str], ...] = (
    # (regular, bold) — the first whose regular file exists is used
    ("C:/Windows/Fonts/msyh.ttc", "C:/Windows/Fonts/msyhbd.ttc"),  # 微软雅黑
    ("C:/Windows/Fonts/msyh.ttf", "C:/Windows/Fonts/msyhbd.ttf"),
    ("C:/Windows/Fonts/simhei.ttf", ""),  # 黑体
    ("/System/Library/Fonts/PingFang.ttc", ""),  # 苹方
    ("/System/Library/Fonts/Hiragino Sans GB.ttc", ""),
    ("/System/Library/Fonts/STHeiti Medium.ttc", ""),
    (
        "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
        "/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc",
    ),
    ("/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc", "/usr/share/fonts/noto-cjk/NotoSansCJK-Bold.ttc"),
    (
        "/usr/share/fonts/google-noto-cjk/NotoSansCJK-Regular.ttc",
        "/usr/share/fonts/google-noto-cjk/NotoSansCJK-Bold.ttc",
    ),
    (
        "/usr/share/fonts/truetype/noto/NotoSansCJK-Regular.ttc",
        "/usr/share/fonts/truetype/noto/NotoSansCJK-Bold.ttc",
    ),
    ("/usr/share/fonts/truetype/wqy/wqy-microhei.ttc", ""),
    ("/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc", ""),
)
"""Where the system's CJK fonts are, in the order tried (Windows, macOS, Linux).
In a collection (.ttc) the simplified-Chinese face is taken (:func:`_face`)."""


@dataclass(frozen=True)
class FontFiles:
    """The font the images are drawn with: a regular and a bold face (the
    bold is the regular one drawn with a stroke when there is none)."""

    regular: str
    regular_index: int
    bold: str
    bold_index: int

    def font(self, size: int, bold: bool = False) -> "ImageFont.FreeTypeFont":
        return _font(
            self.bold if bold and self.bold else self.regular,
            self.bold_index if bold and self.bold else self.regular_index,
            size,
        )

    @property
    def fake_bold(self) -> bool:
        return not self.bold

    @property
    def name(self) -> str:
        family, style = self.font(20).getname()
        return f"{family} ({Path(self.regular).name})" if family else Path(self.regular).name


@lru_cache(maxsize=256)
def _font(path: str, index: int, size: int) -> "ImageFont.FreeTypeFont":
    from PIL import ImageFont

    return ImageFont.truetype(path, size, index=index, layout_engine=ImageFont.Layout.BASIC)


LAYOUT = "basic"
"""Decision: text is laid out by FreeType alone (Pillow's basic layout), not
HarfBuzz/Raqm: Chinese and Latin names need no shaping, and it is faster and the
same on every machine (Raqm is not in every Pillow build)."""


def _face(path: str) -> int:
    """The face of a font collection to use: the simplified-Chinese one (SC / GB
    in its name) when there is one, else the first."""
    from PIL import ImageFont

    if not path.lower().endswith(".ttc"):
        return 0
    for i in range(16):
        try:
            family = ImageFont.truetype(path, 12, index=i).getname()[0] or ""
        except OSError:
            break
        if family.endswith((" SC", " GB")) or "SC" in family.split() or family in ("PingFang SC",):
            return i
    return 0


def find_font(setting: str, where: str, candidates: Sequence[tuple[str, str]] | None = None) -> FontFiles:
    """The font to draw with: the Settings' font file (``setting``, its cell
    ``where``) if given, else the first of ``candidates`` that exists.
    Raises :class:`InputError` saying what is missing and how to fix it."""
    from bianpai.engine.problems import InputError

    candidates = FONT_CANDIDATES if candidates is None else candidates
    if setting:
        path = os.path.expanduser(setting.strip().strip('"'))
        try:
            idx = _face(path)
            _font(path, idx, 12)
        except OSError as e:
            raise InputError(
                problem("problem.share_font_file", where=where, path=path, error=e.strerror or str(e))
            ) from None
        return FontFiles(path, idx, "", 0)
    for regular, bold in candidates:
        if os.path.isfile(regular):
            b = bold if bold and os.path.isfile(bold) else ""
            return FontFiles(regular, _face(regular), b, _face(b) if b else 0)
    searched = "; ".join(r for r, _ in candidates if _for_this_system(r)) or "; ".join(
        r for r, _ in candidates
    )
    raise InputError(problem("problem.share_no_font", searched=searched))


def _for_this_system(path: str) -> bool:
    if sys.platform.startswith("win"):
        return path.startswith("C:")
    if sys.platform == "darwin":
        return path.startswith("/System")
    return path.startswith("/usr")


_NOT_A_CHARACTER = "\U0010fffd"  # a private-use code point no font draws: its glyph is the font's .notdef


def missing_glyphs(fonts: FontFiles, texts: Iterable[str]) -> list[str]:
    """The characters of ``texts`` the font has no glyph for (drawn as its
    .notdef box), in order of first appearance."""
    font = fonts.font(24)
    notdef = _glyph(font, _NOT_A_CHARACTER)
    seen: set[str] = set()
    out: list[str] = []
    for t in texts:
        for ch in t:
            if ch in seen or ch.isspace() or ord(ch) < 0x21:
                continue
            seen.add(ch)
            if _glyph(font, ch) == notdef:
                out.append(ch)
    return out


def _glyph(font: "ImageFont.FreeTypeFont", ch: str) -> tuple[Any, ...]:
    mask = font.getmask(ch)
    return (mask.size, bytes(mask))


# ---------------------------------------------------------------------------
# drawing helpers
# ---------------------------------------------------------------------------


class Canvas:
    """An image being drawn, with the fonts."""

    def __init__(self, fonts: FontFiles, width: int, height: int, mode: str = "RGB") -> None:
        from PIL import Image, ImageDraw

        self.fonts = fonts
        self.image = Image.new(mode, (width, height), self.ink(WHITE, mode))
        self.draw = ImageDraw.Draw(self.image)

    def line(self, xy: tuple[float, float, float, float], fill: tuple[int, int, int], width: int = 1) -> None:
        self.draw.line(xy, fill=self.ink(fill, self.image.mode), width=width)

    @staticmethod
    def ink(colour: tuple[int, int, int], mode: str) -> Any:
        """A colour as the image's mode takes it (grey: its luminance)."""
        if mode == "L":
            return (colour[0] * 299 + colour[1] * 587 + colour[2] * 114 + 500) // 1000
        return colour

    def text(
        self,
        xy: tuple[float, float],
        s: str,
        size: int,
        *,
        bold: bool = False,
        fill: tuple[int, int, int] = INK,
        anchor: str = "lm",
        width: float | None = None,
    ) -> None:
        """``s`` at ``xy`` (PIL anchor), shrunk to ``width`` when given and too wide."""
        if not s:
            return
        size = fit_size(self.fonts, s, size, bold, width) if width else size
        mask, (dx, dy) = _text_mask(self.fonts, s, size, bold, anchor)
        x, y = round(xy[0]) + dx, round(xy[1]) + dy
        # Image.paste's own work, without its checks (a canvas is always writable, a mask loaded)
        self.image.im.paste(self.ink(fill, self.image.mode), (x, y, x + mask.width, y + mask.height), mask.im)

    def rect(
        self,
        box: tuple[float, float, float, float],
        fill: tuple[int, int, int] | None = None,
        outline: tuple[int, int, int] | None = None,
        width: int = 1,
    ) -> None:
        mode = self.image.mode
        self.draw.rectangle(
            box,
            fill=None if fill is None else self.ink(fill, mode),
            outline=None if outline is None else self.ink(outline, mode),
            width=width,
        )


@lru_cache(maxsize=4096)
def _text_mask(
    fonts: FontFiles, s: str, size: int, bold: bool, anchor: str
) -> tuple["PILImage.Image", tuple[int, int]]:
    """``s`` rendered once as a coverage mask, and where it goes from its anchor
    point (whole pixels): a text drawn again (a club, 红, 黑, a slip's labels) is
    pasted, not rendered again.  A font without a bold face draws bold with a stroke.

    The mask is FreeType's own (``getmask2``, as ``ImageDraw.text`` draws it at a
    whole-pixel point, the stroke filled), or the same pixels put together from
    each character's (:func:`_glyphs_mask`)."""
    from PIL import Image

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
) -> tuple["PILImage.Image | None", int, int, int]:
    """One character's mask, where it goes from the pen on the baseline, and the pen's advance (26.6)."""
    from PIL import Image

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
) -> tuple["PILImage.Image", tuple[int, int]] | None:
    """The mask of ``s`` put together from each character's mask, cached
    (:func:`_glyph_mask`): a name's characters recur in other names, so most are
    rendered once.  The same pixels where FreeType would put them — each
    character's bitmap at the pen rounded to a whole pixel, as Pillow's basic
    layout draws a line; None (render the whole text) where that does not hold:
    a font that kerns this text, two characters inking the same pixel (FreeType
    blends them), or an anchor at the text's own top or bottom."""
    from PIL import Image, ImageChops

    if anchor[0] not in "lmr" or anchor[1] not in "amsd":
        return None
    glyphs = [_glyph_mask(fonts, ch, size, bold) for ch in s]
    pen = 0
    placed: list[tuple["PILImage.Image", int, int]] = []
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
    import struct

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


def png(image: "PILImage.Image") -> bytes:
    """An image as PNG, in the colours it was drawn with (:func:`flatten`)."""
    buf = io.BytesIO()
    flatten(image).save(
        buf, format="PNG", optimize=False, compress_level=PNG_LEVEL, compress_type=PNG_STRATEGY
    )
    return buf.getvalue()


PNG_LEVEL = 3
"""zlib's level for the images and the PDF's pages: mostly white, they compress
nearly as well at 3 as at 6, in half the time."""
PNG_STRATEGY = 3
"""zlib's strategy for the images and the PDF's pages: Z_RLE (3), runs of one
colour only — a flat drawing's pixels are long runs of white, of a row's shade,
of ink; a third less time to compress than the default strategy (64 teams × 6
boards: 0.40 s for 0.58 s), for 4 % more bytes (7.3 MB for 7.0 MB) in the images
and 1 % in the PDF."""

BLEND_STEPS = 16
"""Each ink's antialiased edge over each background in this many shades."""


def palette_of(
    backgrounds: Iterable[tuple[int, int, int]],
    inks: Iterable[tuple[int, int, int]],
    steps: int = BLEND_STEPS,
) -> "PILImage.Image":
    """A palette of every ``ink`` over every ``background`` in ``steps`` shades (at most 256 colours)."""
    from PIL import Image

    colours: list[tuple[int, int, int]] = []
    inks = list(inks)
    backgrounds = list(backgrounds)
    for bg in backgrounds:
        for ink in inks:
            for i in range(steps):
                a = i / (steps - 1)
                colours.append(
                    (
                        round(bg[0] + (ink[0] - bg[0]) * a),
                        round(bg[1] + (ink[1] - bg[1]) * a),
                        round(bg[2] + (ink[2] - bg[2]) * a),
                    )
                )
    bgs = backgrounds
    # Pillow maps a pixel to the palette through a coarse colour cube: no other entry may sit within a cube
    # cell (8 levels) of a background, or the background itself comes out a shade off
    near = [
        c for c in colours if c not in bgs and any(max(abs(c[k] - b[k]) for k in range(3)) < 8 for b in bgs)
    ]
    unique = [c for c in dict.fromkeys(colours) if c not in set(near)][:256]
    pal = Image.new("P", (1, 1))
    flat = [c for rgb in unique for c in rgb]
    pal.putpalette(flat + flat[:3] * (256 - len(unique)))
    return pal


@lru_cache(maxsize=4)
def _image_palette() -> "PILImage.Image":
    return palette_of((WHITE, LIGHT, HEAD_FILL, MATCH_FILL), (INK, RED, GREY, (200, 200, 200)))


_GREYS = [v for g in range(256) for v in (g, g, g)]


def flatten(image: "PILImage.Image", palette: "PILImage.Image | None" = None) -> "PILImage.Image":
    """Decision: an image is saved in the few colours it is drawn with — its
    inks blended over its backgrounds in :data:`BLEND_STEPS` shades, no
    dithering — a palette image: the same to the eye, a third of the bytes,
    and two to three times faster to encode than 24-bit colour."""
    from PIL import Image

    if image.mode == "P":
        return image  # already in its palette
    if image.mode == "L":  # grey: the same bytes as a palette of greys, which PNG stores without filtering
        grey = Image.frombytes("P", image.size, image.tobytes())
        grey.putpalette(_GREYS)
        return grey
    return image.quantize(palette=palette or _image_palette(), dither=Image.Dither.NONE)


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


# ---------------------------------------------------------------------------
# QR code
# ---------------------------------------------------------------------------


def qr_image(url: str, box: int) -> "PILImage.Image":
    """The QR code of ``url`` (segno, error correction M), ``box`` px square with its quiet zone."""
    import segno
    from PIL import Image

    qr = segno.make(url, error="m", micro=False)
    matrix = qr.matrix
    n = len(matrix) + 8
    img = Image.new("1", (n, n), 1)
    px = img.load()
    assert px is not None
    for r, row in enumerate(matrix):
        for col, v in enumerate(row):
            if v:
                px[col + 4, r + 4] = 0
    return img.resize((box, box), Image.Resampling.NEAREST).convert("RGB")


# ---------------------------------------------------------------------------
# print-all PDF: the workbook's printed sheets on A4 pages
# ---------------------------------------------------------------------------


def _mm(x: float) -> int:
    return round(x / 25.4 * PDF_DPI)


def _area(sheet: S.SheetOut) -> tuple[int, int]:
    """The printed rows and columns (from the print area's first range — a round sheet's wall copy,
    ``A1:H<n>``, before its arbiter's copy — else the whole sheet)."""
    rows = len(sheet.rows)
    cols = max((len(r) for r in sheet.rows), default=0)
    area = sheet.print_setup.area
    if area and ":" in area:
        import re

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
    qr: tuple["PILImage.Image", str] | None = None,
    mode: str = "RGB",
) -> list["PILImage.Image"]:
    """A sheet drawn as its printout: A4, the columns fitted to the page width,
    the repeated rows on every page, the sheet's page breaks, each page
    numbered; ``qr``: a QR code with its words at the top right of the first page;
    ``mode`` "L": in shades of grey."""

    from ..workbook.sheets.layout import cell_properties

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


def _sheet_palette(props: Iterable[dict[str, object]]) -> "PILImage.Image":
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


def print_pdf(pages: Sequence["PILImage.Image"]) -> bytes:
    """The pages (palette images, :func:`flatten`) as one PDF of A4 pages at
    :data:`PDF_DPI`: each page one image, its palette an indexed colour space,
    its pixels zlib-compressed (FlateDecode).

    Decision: written here, in a few lines of the PDF format, because Pillow's
    own PDF writer stores a palette image uncompressed (over 4 MB a page) and a
    colour one as JPEG (blurred text); the same pages give the same bytes."""
    import zlib

    objects: list[bytes] = []

    def add(body: bytes) -> int:
        objects.append(body)
        return len(objects)

    catalog = add(b"")  # filled in below
    tree = add(b"")
    kids: list[int] = []
    flat = [page if page.mode in ("P", "L") else flatten(page) for page in pages]

    def deflate(img: "PILImage.Image") -> bytes:
        packer = zlib.compressobj(PNG_LEVEL, zlib.DEFLATED, 15, 8, PNG_STRATEGY)
        return packer.compress(img.tobytes()) + packer.flush()

    packed = parallel(deflate, flat)
    for img, data in zip(flat, packed, strict=True):
        w, h = img.size
        if img.mode == "L":
            space = b"/DeviceGray"
        else:
            pal = (img.getpalette() or [])[: 3 * 256]
            pal += [0] * (768 - len(pal))
            space = b"[/Indexed /DeviceRGB 255 <%s>]" % bytes(pal).hex().encode()
        image = add(
            b"<< /Type /XObject /Subtype /Image /Width %d /Height %d /BitsPerComponent 8 "
            b"/ColorSpace %s /Filter /FlateDecode /Length %d >>\nstream\n"
            % (w, h, space, len(data))
            + data
            + b"\nendstream"
        )
        pw, ph = w * 72 / PDF_DPI, h * 72 / PDF_DPI
        content = b"q %.2f 0 0 %.2f 0 0 cm /Im Do Q" % (pw, ph)
        stream = add(b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream")
        kids.append(
            add(
                b"<< /Type /Page /Parent %d 0 R /MediaBox [0 0 %.2f %.2f] "
                b"/Resources << /XObject << /Im %d 0 R >> >> /Contents %d 0 R >>"
                % (tree, pw, ph, image, stream)
            )
        )
    objects[catalog - 1] = b"<< /Type /Catalog /Pages %d 0 R >>" % tree
    objects[tree - 1] = b"<< /Type /Pages /Kids [%s] /Count %d >>" % (
        b" ".join(b"%d 0 R" % k for k in kids),
        len(kids),
    )
    info = add(b"<< /Producer (Bianpai) /Creator (Bianpai) >>")
    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for n, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % n + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % o for o in offsets)
    out += b"trailer\n<< /Size %d /Root %d 0 R /Info %d 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (
        len(objects) + 1,
        catalog,
        info,
        xref,
    )
    return bytes(out)


# ---------------------------------------------------------------------------
# everything the job publishes as images
# ---------------------------------------------------------------------------


def all_texts(pub: Publication) -> list[str]:
    """Every text drawn on the images (to check the font has each character)."""
    out = [pub.event, pub.info, pub.footer]
    for b in pub.last.boards:
        out += [b.label, b.red, b.red_sub, b.middle, b.black, b.black_sub]
    for t in (pub.find, pub.standings, *pub.extra):
        out += [t.title, *t.head]
        for r in t.rows:
            out += list(r)
    return [x for x in out if x]


def _names_with(pub: Publication, chars: Sequence[str]) -> str:
    hits = [t for t in all_texts(pub) if any(ch in t for ch in chars)]
    return "、".join(dict.fromkeys(hits[:5]))


ENCODERS = max(1, min(4, os.cpu_count() or 1))
"""The images are encoded (palette, PNG, the PDF's pages) on this many threads:
Pillow and zlib work outside the interpreter lock, so the same bytes come in
less time where the computer has the cores."""

_POOL: list[Any] = []


def parallel(f: Any, items: Sequence[Any]) -> list[Any]:
    """``[f(x) for x in items]``, on :data:`ENCODERS` threads (in order)."""
    if ENCODERS == 1 or len(items) < 2:
        return [f(x) for x in items]
    if not _POOL:
        from concurrent.futures import ThreadPoolExecutor

        _POOL.append(ThreadPoolExecutor(max_workers=ENCODERS, thread_name_prefix="bianpai-share"))
    return list(_POOL[0].map(f, items))


def draw_all(pub: Publication, book: Any) -> list[tuple[str, bytes]]:
    """The images and the PDF of ``pub``, as (file name, bytes).  Refused when
    no font draws Chinese or when the font lacks a character of the texts."""
    from bianpai.engine.problems import InputError

    settings = book.settings
    cell = dict(book.setting_cells).get("set.share_font") or book.sheet_name("sheet.settings")
    try:
        fonts = find_font(settings.share_font, cell)
    except InputError as e:
        raise book.refuse(e.problems) from None
    texts = all_texts(pub)
    missing = missing_glyphs(fonts, texts)
    if missing:
        raise book.refuse(
            [
                problem(
                    "problem.share_glyphs",
                    font=fonts.name,
                    chars=" ".join(missing),
                    names=_names_with(pub, missing),
                )
            ]
        )
    lang = pub.lang
    k = pub.last.number
    files: list[tuple[str, bytes]] = []

    def add(stem: str, images: Sequence["PILImage.Image"]) -> None:
        encoded = parallel(png, images)
        if len(images) == 1:
            files.append((f"{stem}.png", encoded[0]))
        else:
            files.extend((f"{stem}-{i}.png", data) for i, data in enumerate(encoded, start=1))

    add(L.text("share.pairing_file", lang, k=k), pairing_images(pub, fonts))
    add(L.text("share.find_file", lang, k=k), table_images(pub, pub.find, fonts))
    add(pub.standings_file, table_images(pub, pub.standings, fonts))
    for t in pub.extra:
        add(L.text("share.board_file", lang, k=k), table_images(pub, t, fonts))
    files.append((L.text("share.pdf_file", lang, k=k) + ".pdf", print_pdf(round_pages(pub, book, fonts))))
    return files


FORMS_MODE = "L"
"""Decision: the forms filled in by hand (记分单, 编排卡) are printed in shades of
grey — most arbiters print black and white, and a grey page is drawn and stored in
a third of the time; the pairing page keeps its colours (red names)."""


def round_pages(pub: Publication, book: Any, fonts: FontFiles) -> list["PILImage.Image"]:
    """The print-all PDF's pages: the round's pairing sheet (with the QR code of
    the Settings' URL and its words), its 记分单 and, if asked, the 编排卡."""
    lang = pub.lang
    k = pub.last.number
    qr = None
    if pub.url:
        qr = (qr_image(pub.url, _mm(30)), L.text("share.qr_words", lang, url=pub.url))
    if pub.team:
        from ..workbook.sheets.team.round import render_team_round

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
