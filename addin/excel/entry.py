"""What the ribbon's RunPython calls: :func:`run_from_excel` runs a job of the job table
(:data:`~.xl.ENTRY_FUNCTIONS`) or the self-test (:mod:`.selftest`) on the active workbook.

Apart from :mod:`.xl` because the self-test drives xl's entry functions: xl cannot import
the self-test without a cycle, so the one function that chooses between them lives above
both.  ``bianpai.addin.xl.run_from_excel`` (what the add-in's VBA calls) is this function.
"""

from __future__ import annotations

from typing import Any

import xlwings as xw

from . import xl
from .xl import MESSAGE_TITLE, SELF_TEST, STATUS_PREFIX

NO_WORKBOOK_MESSAGE = ("请先打开赛事工作簿（或模板）。\n"
                       "Open the event workbook (or the template) first.")


def target_book() -> Any:
    """The organiser's workbook when RunPython is called from an add-in.

    ``Book.caller()`` is the add-in itself (``ThisWorkbook``); the event is the
    active workbook (``None`` when no workbook is open: then ``books.active``
    wraps ``None`` or raises).
    """
    caller = xw.Book.caller()
    if caller.name.lower().endswith(".xlam"):
        try:  # no workbook open: Windows wraps ActiveWorkbook None (its .name raises), macOS raises
            active = caller.app.books.active
            active.name  # noqa: B018
        except Exception:
            return None
        return active
    return caller


def run_from_excel(job: str) -> None:
    """What the ribbon's RunPython calls: run ``job`` on the active workbook and
    leave the job's message in the status bar (自检: the self-test, on the new
    workbook its button opened, :mod:`bianpai.addin.excel.selftest`)."""
    book = target_book()
    if book is None:  # Excel with only the add-in open

        xw.Book.caller().app.alert(NO_WORKBOOK_MESSAGE, title=MESSAGE_TITLE)
        return
    if job == SELF_TEST:
        # the self-test runs the share job and its publication (~85 ms to import):
        # start-up time: imported only when its button is clicked, not on every ribbon job
        from . import selftest

        selftest.run_on_excel(book)
        return
    outcome = xl.ENTRY_FUNCTIONS[job](book)
    if outcome.ok and outcome.message:
        try:
            book.app.status_bar = STATUS_PREFIX + outcome.message.splitlines()[0]
        except (NotImplementedError, AttributeError):
            pass
