"""The one error of the workbook file layer: :class:`WorkbookError`.

Every message names the workbook and comes from the zh/en table
(:mod:`bianpai.addin.workbook.words`, keys ``file.*``).
"""

from __future__ import annotations

from pathlib import Path

from ..workbook import words as L

__all__ = ["BOTH_LANGUAGES", "WorkbookError"]

BOTH_LANGUAGES = True
"""Decision: a file-level message (the workbook cannot be read, is locked, is
hostile …) is shown in both languages, Chinese first: the workbook's language
is written inside the file, which these refusals never read.  A caller that
knows the language uses :meth:`WorkbookError.text`."""


class WorkbookError(Exception):
    """The workbook file cannot be used as asked (missing, open in Excel, in
    use by another Bianpai command, read-only, hostile, holding objects that
    would be lost, full disk …).  Nothing was written.

    ``key`` is the ``file.*`` label, ``fmt`` its fields (``path`` is always the
    workbook); ``str()`` gives both languages."""

    def __init__(self, key: str, **fmt: object) -> None:
        self.key = key
        self.fmt: dict[str, object] = {k: (str(v) if isinstance(v, Path) else v) for k, v in fmt.items()}
        super().__init__(str(self))

    def text(self, lang: str) -> str:
        """The message in ``lang`` (``zh``/``en``); ``what`` fields that are
        label keys are translated too."""
        return L.text(self.key, lang, **{k: _word(v, lang) for k, v in self.fmt.items()})

    def __str__(self) -> str:
        if not BOTH_LANGUAGES:
            return self.text(L.DEFAULT_LANGUAGE)
        return f"{self.text('zh')}\n{self.text('en')}"


def _word(value: object, lang: str) -> object:
    """A field as shown: a label key becomes its words, a tuple of keys a list."""
    if isinstance(value, tuple):
        return ("、" if lang == "zh" else ", ").join(str(_word(v, lang)) for v in value)
    if isinstance(value, str) and value in L.LABELS:
        return L.text(value, lang)
    return value
