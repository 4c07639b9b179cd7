"""Entry point of the known-good add-in ``bianpai.addin.next_step.xlam``.

That add-in is xlwings' quickstart ribbon add-in with its VBA untouched: its one
button runs ``import <file name>; <file name>.main()``, and the file name is this
module's dotted name. :func:`main` runs the organiser's next step on the active
workbook (see :func:`bianpai.addin.xl.next_step`).
"""

from __future__ import annotations

from . import entry


def main() -> None:
    """下一步 Next step: pair the next round when the last round is complete, else
    update the standings (the decision is ``bianpai.addin.xl.next_step``'s)."""
    entry.run_from_excel("next_step")
