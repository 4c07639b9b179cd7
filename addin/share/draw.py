"""The images and the print-all PDF of ``bianpai share`` (issue 24), drawn with Pillow: the
phone images (:mod:`.images`), the print-all PDF (:mod:`.printout`, :mod:`.pdf`), in the
font :mod:`.fonts` finds, every character checked against it first.
"""

from __future__ import annotations

from typing import Any, Sequence

from PIL import Image as PILImage

from bianpai.engine.problems import InputError, problem

from ..jobs.publication import Publication
from ..workbook import words as L
from .canvas import parallel, png
from .fonts import find_font, missing_glyphs
from .images import pairing_images, table_images
from .pdf import print_pdf
from .printout import round_pages


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


def draw_all(pub: Publication, book: Any) -> list[tuple[str, bytes]]:
    """The images and the PDF of ``pub``, as (file name, bytes).  Refused when
    no font draws Chinese or when the font lacks a character of the texts."""
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

    def add(stem: str, images: Sequence[PILImage.Image]) -> None:
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
