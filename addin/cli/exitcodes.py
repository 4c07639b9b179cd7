"""Exit codes of the ``bianpai`` commands, as JaVaFo and bbpPairings use them.

A module of its own, so that the commands need not import the CLI that calls them.
"""

EXIT_OK = 0
EXIT_NO_PAIRING = 1
EXIT_UNEXPECTED = 2
EXIT_BAD_INPUT = 3
EXIT_FILE = 5
EXIT_INTERRUPTED = 130
"""Ctrl+C: 128 + SIGINT, as shells report a command ended by it; the command
says whether anything was written (issue 30 item 11)."""

__all__ = ["EXIT_BAD_INPUT", "EXIT_FILE", "EXIT_INTERRUPTED", "EXIT_NO_PAIRING", "EXIT_OK", "EXIT_UNEXPECTED"]
