"""The ``bianpai`` command.

Each sub-command lives in a module with ``add_arguments(parser)`` and
``run(args) -> int``; only the chosen one is imported, so engine-only commands
(``trf-pair``, ``trf-standings``) start without loading openpyxl or pandas.
"""

from __future__ import annotations

import argparse
import importlib
import sys

# name -> (module under bianpai.addin, one-line help)
COMMANDS: dict[str, tuple[str, str]] = {
    "trf-pair": ("cmd_trf", "pair the next round of a TRF file (JaVaFo/bbpPairings output)"),
    "trf-standings": ("cmd_trf", "standings of a TRF file with tie-breaks, as CSV"),
    "new": ("cmd_workbook", "create an event workbook from the zh or en template"),
    "draw": ("cmd_workbook", "draw the pairing numbers before round 1: seeded players on odd numbers (--seed N)"),
    "pair": ("cmd_workbook", "pair the next round of an event workbook (--provisional: spec §8)"),
    "standings": ("cmd_workbook", "rewrite Colours, Floats, Standings, Crosstable and print the standings"),
    "undo": ("cmd_workbook", "remove the last round (if it has no results, or with --force)"),
    "check": ("cmd_workbook", "re-validate every round of a workbook; list problems with sheet and cell"),
    "import-trf": ("cmd_workbook", "write a TRF file's event into a workbook"),
    "export-trf": ("cmd_workbook", "write a workbook's event as a TRF file"),
    "import-players": ("cmd_workbook", "add players to a workbook from a CSV file"),
    "demo": ("cmd_workbook", "play a 24-player, 7-round random event into demo.xlsx and print the standings"),
    "addin": ("cmd_addin", "build or install the Excel add-in (编排 Bianpai ribbon tab)"),
}

# Exit codes, as JaVaFo and bbpPairings use them.
EXIT_OK = 0
EXIT_NO_PAIRING = 1
EXIT_UNEXPECTED = 2
EXIT_BAD_INPUT = 3
EXIT_FILE = 5


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    parser = argparse.ArgumentParser(
        prog="bianpai", description="Swiss-system pairing for club events (编排).")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    chosen = next((a for a in argv if not a.startswith("-")), None)
    for name, (module, help_text) in COMMANDS.items():
        p = sub.add_parser(name, help=help_text)
        if name == chosen:
            mod = importlib.import_module(f"{__package__}.{module}")
            mod.add_arguments(p, name)
            p.set_defaults(_run=mod.run)
    args = parser.parse_args(argv)
    if not getattr(args, "_run", None):
        parser.print_help()
        return EXIT_OK if not argv else EXIT_UNEXPECTED
    return int(args._run(args) or 0)


if __name__ == "__main__":
    sys.exit(main())
