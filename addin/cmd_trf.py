"""Engine-only commands on TRF files: ``trf-pair`` (and later ``trf-standings``).

They import nothing but the engine, so that tools can call them once per round.
"""

from __future__ import annotations

import argparse
import sys

from bianpai.engine.pairing import (
    SYSTEMS, InputError, PairingError, pair_next_round, pairing_output,
)
from bianpai.engine.trf import read_trf

from .cli import EXIT_BAD_INPUT, EXIT_FILE, EXIT_NO_PAIRING, EXIT_OK


def add_arguments(p: argparse.ArgumentParser, name: str) -> None:
    if name == "trf-pair":
        p.add_argument("trf", help="tournament report file (rounds so far)")
        p.add_argument("--system", default="dingwei", choices=list(SYSTEMS))
        p.add_argument("-p", dest="output", metavar="OUT",
                       help="write the pairing here (default: standard output)")


def fail(code: int, message: str) -> int:
    print(f"bianpai: {message}", file=sys.stderr)
    return code


def run(args: argparse.Namespace) -> int:
    try:
        t = read_trf(args.trf)
    except FileNotFoundError as e:
        return fail(EXIT_FILE, str(e))
    except InputError as e:
        return fail(EXIT_BAD_INPUT, "; ".join(e.problems))
    try:
        pairing = pair_next_round(t, args.system)
    except PairingError as e:
        return fail(EXIT_NO_PAIRING, f"no valid pairing for round {t.next_round}: {e}")
    except InputError as e:
        return fail(EXIT_BAD_INPUT, "; ".join(e.problems))
    text = pairing_output(pairing)
    if args.output:
        try:
            with open(args.output, "w", encoding="utf-8") as fh:
                fh.write(text)
        except OSError as e:
            return fail(EXIT_FILE, f"{args.output}: {e.strerror}")
    else:
        sys.stdout.write(text)
    return EXIT_OK
