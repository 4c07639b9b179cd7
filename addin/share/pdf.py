"""The print-all PDF's file (issue 24): A4 pages drawn as images, put into one PDF."""

from __future__ import annotations

import zlib
from typing import Sequence

from PIL import Image as PILImage

from .canvas import PNG_LEVEL, PNG_STRATEGY, flatten, parallel

PDF_DPI = 150
"""The print-all PDF's pages: A4 at 150 dots per inch (1240 × 1754)."""


def print_pdf(pages: Sequence[PILImage.Image]) -> bytes:
    """The pages (palette images, :func:`flatten`) as one PDF of A4 pages at
    :data:`PDF_DPI`: each page one image, its palette an indexed colour space,
    its pixels zlib-compressed (FlateDecode).

    Decision: written here, in a few lines of the PDF format, because Pillow's
    own PDF writer stores a palette image uncompressed (over 4 MB a page) and a
    colour one as JPEG (blurred text); the same pages give the same bytes."""
    objects: list[bytes] = []

    def add(body: bytes) -> int:
        objects.append(body)
        return len(objects)

    catalog = add(b"")  # filled in below
    tree = add(b"")
    kids: list[int] = []
    flat = [page if page.mode in ("P", "L") else flatten(page) for page in pages]

    def deflate(img: PILImage.Image) -> bytes:
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
