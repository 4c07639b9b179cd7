"""An image being drawn (:class:`Canvas`), its colours, and how it is saved (issue 24): in the
few colours it is drawn with (:func:`flatten`), as PNG (:func:`png`), encoded on a few threads
(:func:`parallel`)."""

from __future__ import annotations

import io
import os
from concurrent.futures import ThreadPoolExecutor
from functools import lru_cache
from typing import Any, Iterable, Sequence

from PIL import Image, ImageDraw

from .fonts import FontFiles
from .glyphs import _text_mask, fit_size

RED = (192, 0, 0)
INK = (17, 17, 17)
GREY = (110, 110, 110)
LIGHT = (244, 244, 244)
HEAD_FILL = (226, 226, 226)
MATCH_FILL = (232, 238, 247)
WHITE = (255, 255, 255)


class Canvas:
    """An image being drawn, with the fonts."""

    def __init__(self, fonts: FontFiles, width: int, height: int, mode: str = "RGB") -> None:
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


def png(image: Image.Image) -> bytes:
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
) -> Image.Image:
    """A palette of every ``ink`` over every ``background`` in ``steps`` shades (at most 256 colours)."""
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
def _image_palette() -> Image.Image:
    return palette_of((WHITE, LIGHT, HEAD_FILL, MATCH_FILL), (INK, RED, GREY, (200, 200, 200)))


_GREYS = [v for g in range(256) for v in (g, g, g)]


def flatten(image: Image.Image, palette: Image.Image | None = None) -> Image.Image:
    """Decision: an image is saved in the few colours it is drawn with — its
    inks blended over its backgrounds in :data:`BLEND_STEPS` shades, no
    dithering — a palette image: the same to the eye, a third of the bytes,
    and two to three times faster to encode than 24-bit colour."""
    if image.mode == "P":
        return image  # already in its palette
    if image.mode == "L":  # grey: the same bytes as a palette of greys, which PNG stores without filtering
        grey = Image.frombytes("P", image.size, image.tobytes())
        grey.putpalette(_GREYS)
        return grey
    return image.quantize(palette=palette or _image_palette(), dither=Image.Dither.NONE)


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
        _POOL.append(ThreadPoolExecutor(max_workers=ENCODERS, thread_name_prefix="bianpai-share"))
    return list(_POOL[0].map(f, items))
