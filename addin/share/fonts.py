"""The font the images and the print-all PDF are drawn with (issue 24).

The Settings' 分享字体文件, else the system's CJK font (:data:`FONT_CANDIDATES`:
Microsoft YaHei / SimHei on Windows, PingFang / Hiragino on macOS, Noto Sans CJK /
WenQuanYi on Linux).  None found: the job is refused with what was looked for and
how to fix it.  Every character to be drawn is checked against the font first
(:func:`missing_glyphs`): a character the font lacks refuses the job, naming it —
never a tofu box.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable, Sequence

from PIL import ImageFont

from bianpai.engine.problems import InputError, problem


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

    def font(self, size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
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
def _font(path: str, index: int, size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(path, size, index=index, layout_engine=ImageFont.Layout.BASIC)


LAYOUT = "basic"
"""Decision: text is laid out by FreeType alone (Pillow's basic layout), not
HarfBuzz/Raqm: Chinese and Latin names need no shaping, and it is faster and the
same on every machine (Raqm is not in every Pillow build)."""


def _face(path: str) -> int:
    """The face of a font collection to use: the simplified-Chinese one (SC / GB
    in its name) when there is one, else the first."""
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


def _glyph(font: ImageFont.FreeTypeFont, ch: str) -> tuple[Any, ...]:
    mask = font.getmask(ch)
    return (mask.size, bytes(mask))
