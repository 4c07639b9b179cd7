"""Engine-only commands on TRF files: ``trf-pair`` and ``trf-standings``.

They import nothing but the engine, so that tools can call them once per round;
the word table only for a message (:func:`words_of`).
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import replace

from bianpai.engine.results import InputError, PairingError, pairing_output
from bianpai.engine.model import Tournament
from bianpai.engine.registry import SYSTEMS, pair_next_round
from bianpai.engine.registry import get as get_system
from bianpai.engine.formats.trf import parse_trf, read_text, team_records

from .exitcodes import EXIT_BAD_INPUT, EXIT_FILE, EXIT_NO_PAIRING, EXIT_OK
from ..jobs.table import Help


def add_arguments(p: argparse.ArgumentParser, name: str) -> None:
    if name == "trf-pair":
        p.add_argument("trf", help="cli.trf_pair.trf")
        p.add_argument("--system", default=None, choices=list(SYSTEMS), help="cli.trf_pair.system")
        p.add_argument("-p", dest="output", metavar="OUT", help="cli.trf_pair.output")
        p.add_argument("--provisional", action="store_true", help="cli.trf_pair.provisional")
    elif name == "trf-standings":
        # start-up time: a command imports only what it runs (tests/test_cli_help.py)
        from bianpai.engine.standings.individual import DEFAULT_PRESET, PRESETS
        from bianpai.engine.standings.tiebreaks import UNPLAYED_CONVENTIONS
        p.add_argument("trf", help="cli.trf_standings.trf")
        p.add_argument("--tiebreaks", metavar="CODES", help="cli.trf_standings.tiebreaks")
        p.add_argument("--preset", choices=list(PRESETS),
                       help=Help("cli.trf_standings.preset", preset=DEFAULT_PRESET))
        p.add_argument("--unplayed", default=None, choices=list(UNPLAYED_CONVENTIONS),
                       help="cli.trf_standings.unplayed")
        p.add_argument("--no-shared", default=None, choices=["on", "off"], help="cli.trf_standings.no_shared")
        p.add_argument("--forfeit-wins", action="store_true", help="cli.trf_standings.forfeit_wins")
        p.add_argument("--after-round", type=int, metavar="N", help="cli.trf_standings.after_round")
        p.add_argument("-o", dest="output", metavar="OUT", help="cli.trf_standings.output")


def fail(code: int, message: str) -> int:
    print(f"bianpai: {message}", file=sys.stderr)
    return code


class Failed(Exception):
    """Stop the command with ``code`` and a one-line reason on stderr."""

    def __init__(self, code: int, message: str):
        super().__init__(message)
        self.code = code


def words_of(e: InputError | PairingError) -> str:
    """The problems of ``e`` (or why no pairing exists) in words, English as the
    reference engine's interface is (the word table is imported only now)."""
    # start-up time: the word table only for help and messages (tests/test_cli_help.py)
    from ..workbook.messages import messages_of, shown, wording

    if isinstance(e, PairingError):
        return wording(e.problem, "en")
    return "; ".join(shown(messages_of(e, "en"), "en"))


def load(path: str) -> tuple[Tournament, str]:
    """The TRF at ``path`` as the engine's one reader reads it (engine/formats/trf.py:
    the ``XXB`` clubs, statuses … and the system applied), and its text;
    exit 5 if it cannot be read, 3 if it is not a valid TRF."""
    try:
        text = read_text(path)
        return parse_trf(text, path), text
    except FileNotFoundError as e:
        raise Failed(EXIT_FILE, str(e)) from None
    except InputError as e:
        raise Failed(EXIT_BAD_INPUT, words_of(e)) from None


def emit(text: str, output: str | None) -> None:
    """Write ``text`` to ``output`` (exit 5 if that fails), or to standard output."""
    if not output:
        sys.stdout.write(text)
        return
    # start-up time: a command imports only what it runs (tests/test_cli_help.py)
    from ..files.atomic import write_text
    from ..files.errors import WorkbookError

    try:  # replaced atomically, as the workbook is (issue 30 item 9)
        write_text(output, text)
    except WorkbookError as e:
        raise Failed(EXIT_FILE, str(e)) from None


def run(args: argparse.Namespace) -> int:
    try:
        if getattr(args, "command", None) == "trf-standings":
            run_standings(args)
        else:
            run_pair(args)
    except Failed as e:
        return fail(e.code, str(e))
    return EXIT_OK


def run_pair(args: argparse.Namespace) -> None:
    """``trf-pair``: the next round in the JaVaFo/bbpPairings format (exit 1:
    no pairing), by ``--system`` or else the TRF's own (``XXB set system``,
    ``092``/``192``); a TRF with team records pairs its teams."""
    t, text = load(args.trf)
    system = args.system or t.system
    if getattr(args, "provisional", False):  # the last round's unfinished games count as draws
        t = replace(t, rules=replace(t.rules, provisional=True))
    try:
        if team_records(t) or get_system(system).pairs_teams:
            # start-up time: a command imports only what it runs (tests/test_cli_help.py)
            from bianpai.engine.formats.trf_team import pair_trf

            pairing = pair_trf(t, text, args.trf, system)
        else:
            pairing = pair_next_round(t, system)
    except PairingError as e:
        raise Failed(EXIT_NO_PAIRING, f"no valid pairing for round {t.next_round}: {words_of(e)}") from None
    except InputError as e:
        raise Failed(EXIT_BAD_INPUT, words_of(e)) from None
    emit(pairing_output(pairing), args.output)


def _num(x: float) -> str:
    """12.0 -> "12", 12.5 -> "12.5"."""
    return f"{x:g}"


def standings_csv(rows, codes: tuple[str, ...]) -> str:
    """``rank,number,points,<codes…>`` then one line per player (rank "5-7" when shared)."""
    lines = [",".join(("rank", "number", "points") + codes)]
    for r in rows:
        lines.append(",".join([r.rank_label, str(r.number), _num(r.points)]
                              + [_num(v) for v in r.values]))
    return "\n".join(lines) + "\n"


def run_standings(args: argparse.Namespace) -> None:
    """``trf-standings``: the standings of a TRF as CSV (exit 3 bad input, 5 file error)."""
    # start-up time: a command imports only what it runs (tests/test_cli_help.py)
    from bianpai.engine.standings.codes import places_unshared, unplayed_rule
    from bianpai.engine.standings.individual import DEFAULT_PRESET, PRESETS, parse_tiebreaks, standings
    from bianpai.engine.standings.tiebreaks import TiebreakSettings
    try:
        codes: tuple[str, ...] = ()
        if args.preset:
            codes += PRESETS[args.preset]
        if args.tiebreaks is not None:
            codes += parse_tiebreaks(args.tiebreaks)
        if not args.preset and args.tiebreaks is None:
            codes = PRESETS[DEFAULT_PRESET]
        # one reading of a preset (as the Settings sheet's, sheets/settings.py): what its source
        # says of unplayed rounds and of shared places holds unless the command line says otherwise
        preset = args.preset or ""
        no_shared = places_unshared(preset, None if args.no_shared is None else args.no_shared == "on")
        settings = TiebreakSettings(unplayed_rule(preset, args.unplayed), args.forfeit_wins)
    except InputError as e:
        raise Failed(EXIT_BAD_INPUT, words_of(e)) from None
    t, _ = load(args.trf)
    try:
        rows = standings(t, codes, settings, args.after_round, no_shared=no_shared)
    except InputError as e:
        raise Failed(EXIT_BAD_INPUT, f"{args.trf}: " + words_of(e)) from None
    emit(standings_csv(rows, codes), args.output)
