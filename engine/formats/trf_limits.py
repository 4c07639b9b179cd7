"""The bounds of a TRF, checked before it is parsed (issue 30 item 4).

A real TRF is small: one ``001`` line of 100–250 characters per player, a few
header lines.  A reader that splits and parses whatever it is given spends
minutes and gigabytes on a 10 MB line, and a 10 MB name would reach the
workbook.  So the text is looked at first, in a few passes that hold nothing
but the problems found:

* the file's size (:data:`MAX_TRF_BYTES`), checked while it is read
  (:func:`read_bounded`), before it is decoded;
* the number of lines (:data:`MAX_TRF_LINES`);
* each line's length (:data:`MAX_LINE_CHARS`), and each free-text record's
  (:data:`TEXT_RECORDS`: name, city, arbiters …, ``XXB``) text
  (:data:`MAX_TEXT_CHARS`); the fixed-column fields of ``001`` are bounded by
  their columns.

Every problem is a :class:`~.problems.Problem` placed at ``source:line:column``
(all of them at once; the command line prints the first few and counts the rest).
"""

from __future__ import annotations

import re
from typing import BinaryIO

from ..problems import InputError, Problem, problem

__all__ = ["MAX_LINE_CHARS", "MAX_TEXT_CHARS", "MAX_TRF_BYTES", "MAX_TRF_LINES", "TEXT_RECORDS",
           "check_text", "read_bounded"]

MAX_TRF_BYTES = 16 << 20
"""Decision: 16 MB.  A TRF of 10,000 players (the largest event the workbook
is sized for) and 100 rounds is about 11 MB; a real one is tens of KB."""

MAX_TRF_LINES = 100_000
"""Decision: lines of one TRF: a ``001`` line per player (10,000), Bianpai's
``XXB`` club and status lines, forbidden pairs, byes, with room to spare."""

MAX_LINE_CHARS = 4_096
"""Decision: characters per line.  A ``001`` line is 91 characters and 10 per
round (400 rounds fit); an ``XXP`` line of 800 players fits."""

MAX_TEXT_CHARS = 500
"""Decision: characters of one free-text record (a tournament name, a city,
arbiters' names, a club's name in ``XXB club``): far more than any real one,
far less than a workbook cell holds (32,767)."""

TEXT_RECORDS: tuple[str, ...] = ("012", "022", "032", "042", "052", "062", "072", "082", "092", "102", "112",
                                 "122", "###", "XXB")
"""The records whose rest of line is a free text (bounded by :data:`MAX_TEXT_CHARS`)."""


def _size(n: int) -> str:
    return f"{n >> 20:,} MB" if n >= 1 << 20 else f"{n:,} B"


def read_bounded(fh: BinaryIO, source: str) -> bytes:
    """The bytes of an open TRF file, refused (:class:`InputError`) once more
    than :data:`MAX_TRF_BYTES` are read: nothing larger is ever held."""
    data = fh.read(MAX_TRF_BYTES + 1)
    if len(data) > MAX_TRF_BYTES:
        raise InputError(problem("problem.trf_too_big", where=source, limit=_size(MAX_TRF_BYTES)))
    return data


_TEXT = re.compile("^(" + "|".join(re.escape(c) for c in TEXT_RECORDS) + f")[^\\n]{{{MAX_TEXT_CHARS + 4},}}",
                   re.MULTILINE)
_LONG = re.compile(f"[^\\n]{{{MAX_LINE_CHARS + 1},}}")


def check_text(text: str, source: str = "<trf>") -> None:
    """Refuse ``text`` (:class:`InputError`, every problem at once) when it is
    larger than the bounds; return when it is within them."""
    if len(text) > MAX_TRF_BYTES:
        raise InputError(problem("problem.trf_too_big", where=source, limit=_size(MAX_TRF_BYTES)))
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    lines = text.count("\n") + 1
    if lines > MAX_TRF_LINES:
        raise InputError(problem("problem.trf_too_many_lines", where=source, lines=f"{lines:,}",
                                 limit=f"{MAX_TRF_LINES:,}"))
    problems: list[Problem] = []
    line, pos = 1, 0
    for m in _LONG.finditer(text):
        line += text.count("\n", pos, m.start())
        pos = m.start()
        problems.append(problem("problem.trf_line_too_long", line=line,
                                where=f"{source}:{line}:{MAX_LINE_CHARS + 1}",
                                length=f"{len(m.group()):,}", limit=f"{MAX_LINE_CHARS:,}"))
    line, pos = 1, 0
    for m in _TEXT.finditer(text):
        line += text.count("\n", pos, m.start())
        pos = m.start()
        length = len(m.group()) - 4
        if length <= MAX_LINE_CHARS:  # a longer one is said above
            problems.append(problem("problem.trf_text_too_long", line=line, where=f"{source}:{line}:5",
                                    code=m.group(1), length=f"{length:,}", limit=f"{MAX_TEXT_CHARS:,}"))
    if problems:
        problems.sort(key=lambda p: p.line or 0)
        raise InputError(problems)
