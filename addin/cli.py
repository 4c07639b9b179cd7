"""The ``bianpai`` command, made from the job table (:mod:`bianpai.addin.jobtable`).

Only the chosen job's module is imported, so engine-only commands
(``trf-pair``, ``trf-standings``) start without loading openpyxl.  Exit codes
live in :mod:`bianpai.addin.exitcodes`; nothing imports back into this module.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from typing import Any, Callable

from .exitcodes import EXIT_BAD_INPUT, EXIT_FILE, EXIT_NO_PAIRING, EXIT_OK, EXIT_UNEXPECTED
from .jobtable import JOBS, Job

__all__ = ["EXIT_BAD_INPUT", "EXIT_FILE", "EXIT_NO_PAIRING", "EXIT_OK", "EXIT_UNEXPECTED", "main"]


def _runner(job: Job) -> Callable[[argparse.Namespace], Any]:
    module, func = job.run.split(":")
    f: Callable[[argparse.Namespace], Any] = getattr(importlib.import_module(f"{__package__}.{module}"), func)
    return f


def _add_arguments(p: argparse.ArgumentParser, job: Job) -> None:
    """The job's arguments from the table, or from its module when it adds its own."""
    if job.args is None:
        module = importlib.import_module(f"{__package__}.{job.run.split(':')[0]}")
        module.add_arguments(p, job.command)
        return
    for arg in job.args:
        p.add_argument(*arg.flags, **dict(arg.options))


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    parser = argparse.ArgumentParser(
        prog="bianpai", description="Swiss-system pairing for club events (编排).")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    chosen = next((a for a in argv if not a.startswith("-")), None)
    for job in JOBS:
        if job.command is None:
            continue
        p = sub.add_parser(job.command, help=job.help)
        if job.command == chosen:
            _add_arguments(p, job)
            p.set_defaults(_run=_runner(job))
    args = parser.parse_args(argv)
    if not getattr(args, "_run", None):
        parser.print_help()
        return EXIT_OK if not argv else EXIT_UNEXPECTED
    return int(args._run(args) or 0)


if __name__ == "__main__":
    sys.exit(main())
