"""The ``share`` job (issue 24): every file that publishes the last round.

The job reads the workbook's sheet values like every job and returns a whole
:class:`~bianpai.addin.jobs.result.JobResult` whose ``files`` are what to write — the
pairing image(s) of the last round, the find-your-board image(s), the
standings image(s), one self-contained web page and one print-all PDF — as
(file name, bytes).  It writes nothing: the command line and the add-in write
the files beside the workbook, all or none (:func:`bianpai.addin.share.files.write_files`).

What is published is built once by the job layer (:mod:`bianpai.addin.jobs.publication`, by the
workbook's kind of event); the images (:mod:`.draw`) and the page (:mod:`.page`) lay it out.
The job table names this job by the string ``share.job:share``; nothing below this package
imports it.
"""

from __future__ import annotations

import sys

from bianpai.engine.problems import problem

from ..jobs.result import JobResult
from ..jobs.kinds import EventBook, kind_of
from ..jobs.publication import Publication
from ..workbook import words as L
from ..workbook import sheets as S
from .page import page_html

__all__ = ["IMAGES_UNDER_PYODIDE", "publication", "share"]


def publication(values: S.SheetValues) -> tuple[Publication, EventBook]:
    """What is published, and the workbook as read, by the workbook's kind of event; refused
    (nothing written) when no round is paired yet."""
    return kind_of(values).publication(values)


IMAGES_UNDER_PYODIDE = False
"""Decision: under xlwings Lite (Pyodide, ``sys.platform == "emscripten"``) the
job makes the page alone — there are no system fonts to draw Chinese with and
no folder to write to — and says so."""


def share(values: S.SheetValues, images: bool | None = None, stem: str = "") -> JobResult:
    """The ``share`` job: every file to publish the last round, as
    (name, bytes) in ``JobResult.files``; the message names them.  ``images``:
    draw the images and the PDF (None: unless under Pyodide,
    :data:`IMAGES_UNDER_PYODIDE`); ``stem``: the workbook's file name without
    its suffix (the page's file name).  Refused, writing nothing, when no
    round is paired, when no font draws Chinese, or when the font lacks a
    character of a name (never tofu boxes)."""
    pub, book = publication(values)
    lang = pub.lang
    if images is None:
        images = sys.platform != "emscripten" or IMAGES_UNDER_PYODIDE
    files: list[tuple[str, bytes]] = []
    notes: list[str] = []
    if images:
        try:
            # where Pillow is not installed (xlwings Lite) the job says so;
            # start-up time: Pillow is imported (with the drawing) only when images are made
            from .draw import draw_all

            files += draw_all(pub, book)
        except ImportError:
            raise book.refuse([problem("problem.share_no_pillow")]) from None
    page_name = f"{stem or 'index'}.html"
    files.append((page_name, page_html(pub).encode("utf-8")))
    if not pub.url:
        notes.append(L.text("share.no_url", lang))
    if pub.team and images:
        notes.append(L.text("share.pdf_team_note", lang))
    msg = L.text(
        "share.written",
        lang,
        folder=L.text("share.folder", lang, stem=stem or "EVENT"),
        files=", ".join(n for n, _ in files),
    )
    return JobResult((), (), message=msg, notes=tuple(notes), lang=lang, files=tuple(files))
