"""The ``bianpai`` command's entry point (pyproject.toml ``[project.scripts]``):
:func:`bianpai.addin.cli.main` with Python's cyclic garbage collector paused
while the command's modules load.

Loading them (the job table, the engine's model, the job's own module) makes
only objects that live as long as the process — modules, classes, functions,
the table — and no garbage, yet the collector walks them again and again as
they are made: at 100 players that is about a twentieth of a Dutch
``trf-pair``'s whole run (issue 16).  So the collector is off until the job's
parser is built, and what exists then is frozen out of later collections
(:func:`gc.freeze`): the job itself runs with the collector on
(:func:`bianpai.addin.cli.main`, ``resume_collector``).  ``python -m
bianpai.addin.cli`` and a caller of :func:`bianpai.addin.cli.main` keep the
collector as it is.
"""

from __future__ import annotations

import gc
import sys

from .exitcodes import EXIT_INTERRUPTED


def main() -> int:
    """Run the command of the process's arguments; its exit code."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        # start-up time: the command's modules load here, with the collector paused (above)
        from .app import main as run
    except KeyboardInterrupt:  # Ctrl+C while the modules load: nothing was written (issue 30 item 11)
        # start-up time: the word table only for help and messages (tests/test_cli_help.py)
        from ..workbook import words as L

        said = "\n".join(L.text("cli.interrupted", lang) for lang in L.LANGUAGES)
        print(f"bianpai: {said}", file=sys.stderr)
        return EXIT_INTERRUPTED
    return run(resume_collector=collecting)


__all__ = ["main"]
