"""Workbook commands: ``new``, ``draw``, ``pair``, ``standings``, ``undo``, ``check``,
``import-trf``, ``export-trf``, ``import-players``, ``export-players`` and ``demo`` (their names, help and
arguments are in :mod:`bianpai.addin.jobtable`).

Each reads the workbook once (:func:`bianpai.addin.files.xlsx.read_values`), runs
one job of :mod:`bianpai.addin.jobs.api` and applies its result atomically — or
prints every problem (sheet and cell) and leaves the file untouched.
"""

from __future__ import annotations

import argparse
import functools
import random
import sys
from dataclasses import replace
from pathlib import Path
from typing import Callable

from bianpai.engine.results import InputError, PairingError
from bianpai.engine.problems import problem

from .exitcodes import EXIT_BAD_INPUT, EXIT_FILE, EXIT_NO_PAIRING, EXIT_OK

def fail(code: int, message: str) -> int:
    print(f"bianpai: {message}", file=sys.stderr)
    return code


def problems_text(e: InputError) -> str:
    """Every problem, one a line, under a head saying that nothing was written
    (in the workbook's language)."""
    # start-up time: the word table only for help and messages (tests/test_cli_help.py)
    from ..workbook import words as L
    from ..workbook.messages import WorkbookInputError, messages_of, shown

    lang = e.lang if isinstance(e, WorkbookInputError) else L.DEFAULT_LANGUAGE
    lines = messages_of(e, lang)
    n = len(lines)
    head = L.text("problems.head", lang, n=f"{n:,}") if n > 1 else L.text("problems.head1", lang)
    return head + "".join(f"\n  {p}" for p in shown(lines, lang))


def guarded(command: Callable[[argparse.Namespace], int]) -> Callable[[argparse.Namespace], int]:
    """``command`` with its errors as exit codes and messages: a file that
    cannot be read or written (5), bad input — every problem, nothing
    written — (3), no valid pairing (1)."""

    @functools.wraps(command)
    def run(args: argparse.Namespace) -> int:
        # start-up time: a command imports only what it runs (tests/test_cli_help.py)
        from ..files.xlsx import WorkbookError

        try:
            return command(args)
        except WorkbookError as e:
            return fail(EXIT_FILE, str(e))
        except InputError as e:
            return fail(EXIT_BAD_INPUT, problems_text(e))
        except PairingError as e:
            # start-up time: the word table only for help and messages (tests/test_cli_help.py)
            from ..workbook import words as L

            # start-up time: the word table only for help and messages (tests/test_cli_help.py)
            from ..workbook.messages import wording

            lang = getattr(e, "lang", L.DEFAULT_LANGUAGE)
            return fail(EXIT_NO_PAIRING, L.text("cli.no_pairing", lang, error=wording(e.problem, lang)))
        except OSError as e:  # every error names the file (issue 30 item 9)
            named = getattr(e, "filename", "") or getattr(args, "workbook", "") or ""
            return fail(EXIT_FILE, f"{named}: {e.strerror or e}")

    return run


def _job(path: str, job, *args, **kw):
    """Read ``path``, run ``job``, apply its result atomically; returns the result."""
    # start-up time: a command imports only what it runs (tests/test_cli_help.py)
    from ..files import atomic, xlsx

    p = atomic.target(path)  # a symbolic link: its target is read, locked and replaced (issue 30 item 7)
    with xlsx.locked(p):  # one command at a time: the whole read, compute and write (issue #15)
        xlsx.refuse_if_unsafe(p)
        values = xlsx.read_values(p)
        try:
            result = job(values, *args, **kw)
        except PairingError as e:
            # start-up time: a command imports only what it runs (tests/test_cli_help.py)
            from ..jobs.api import language

            e.lang = language(values)  # type: ignore[attr-defined]  # the message in the workbook's language
            raise
        converted = xlsx.apply(p, result, values)
    if converted:
        # start-up time: the word table only for help and messages (tests/test_cli_help.py)
        from ..workbook import words as L

        print(L.text("file.formulas_to_values", result.lang, cells=", ".join(converted)))
    return result


@guarded
def cmd_new(args: argparse.Namespace) -> int:
    # start-up time: a command imports only what it runs (tests/test_cli_help.py)
    from ..files import atomic, xlsx
    from ..jobs import api as jobs

    p = atomic.target(args.workbook)
    if p.exists() and not args.force:
        # start-up time: the word table only for help and messages (tests/test_cli_help.py)
        from ..workbook import words as L

        return fail(EXIT_FILE, L.text("cli.exists", args.lang, path=p))
    result = jobs.new(args.lang, args.name, team=getattr(args, "team", False))
    xlsx.refuse_if_unsafe(p)
    xlsx.write_new(p, result)
    print(f"{p}: {result.message}")
    return EXIT_OK


@guarded
def cmd_draw(args: argparse.Namespace) -> int:
    # start-up time: a command imports only what it runs (tests/test_cli_help.py)
    from ..jobs import api as jobs

    result = _job(args.workbook, jobs.draw, seed=args.seed)
    print(f"{args.workbook}: {result.message}")
    for n in result.notes:
        print(f"  {n}")
    return EXIT_OK


@guarded
def cmd_pair(args: argparse.Namespace) -> int:
    # start-up time: a command imports only what it runs (tests/test_cli_help.py)
    from ..jobs import api as jobs

    # start-up time: the word table only for help and messages (tests/test_cli_help.py)
    from ..workbook import words as L

    result = _job(args.workbook, jobs.pair, provisional=args.provisional, keep=args.keep)
    for n in result.notes:
        print(f"{L.text('cli.note', result.lang)}: {n}")
    print(f"{args.workbook}: {result.message}")
    for line in result.output.splitlines():  # the pairing, as the round sheet shows it
        print(f"  {line}")
    return EXIT_OK


@guarded
def cmd_standings(args: argparse.Namespace) -> int:
    # start-up time: a command imports only what it runs (tests/test_cli_help.py)
    from ..jobs import api as jobs

    # start-up time: the word table only for help and messages (tests/test_cli_help.py)
    from ..workbook import words as L

    result = _job(args.workbook, jobs.update)
    for n in result.notes:
        print(f"{L.text('cli.note', result.lang)}: {n}")
    print(result.message)
    return EXIT_OK


@guarded
def cmd_undo(args: argparse.Namespace) -> int:
    # start-up time: a command imports only what it runs (tests/test_cli_help.py)
    from ..jobs import api as jobs

    result = _job(args.workbook, jobs.undo, force=args.force)
    print(f"{args.workbook}: {result.message}")
    return EXIT_OK


@guarded
def cmd_cards(args: argparse.Namespace) -> int:
    # start-up time: a command imports only what it runs (tests/test_cli_help.py)
    from ..jobs import api as jobs

    result = _job(args.workbook, jobs.cards, brackets=args.brackets)
    print(f"{args.workbook}: {result.message}")
    return EXIT_OK


@guarded
def cmd_slips(args: argparse.Namespace) -> int:
    # start-up time: a command imports only what it runs (tests/test_cli_help.py)
    from ..jobs import api as jobs

    result = _job(args.workbook, jobs.slips)
    print(f"{args.workbook}: {result.message}")
    return EXIT_OK


@guarded
def cmd_check(args: argparse.Namespace) -> int:
    # start-up time: a command imports only what it runs (tests/test_cli_help.py)
    from ..jobs import api as jobs
    from ..files import xlsx

    # start-up time: the word table only for help and messages (tests/test_cli_help.py)
    from ..workbook import words as L

    values = xlsx.read_values(Path(args.workbook))
    result = jobs.check(values)
    lang = result.lang
    for p in result.problems:
        print(f"{L.text('cli.problem', lang)}: {p}")
    for n in result.notes:
        print(f"{L.text('cli.note', lang)}: {n}")
    print(f"{args.workbook}: {result.message}")
    return EXIT_BAD_INPUT if result.problems else EXIT_OK


@guarded
def cmd_import_trf(args: argparse.Namespace) -> int:
    # start-up time: a command imports only what it runs (tests/test_cli_help.py)
    from bianpai.engine.formats.trf_limits import check_text, read_bounded

    # start-up time: a command imports only what it runs (tests/test_cli_help.py)
    from ..files import atomic, xlsx
    from ..jobs import api as jobs
    # start-up time: the word table only for help and messages (tests/test_cli_help.py)
    from ..workbook.messages import WorkbookInputError

    trf = Path(args.trf)
    try:  # the bounds before anything parses it (issue 30 item 4)
        with open(trf, "rb") as fh:
            text = read_bounded(fh, str(trf)).decode("utf-8", errors="replace")
        check_text(text, str(trf))
    except InputError as e:
        raise WorkbookInputError(e.problems, args.lang) from None
    p = atomic.target(args.workbook)
    with xlsx.locked(p):
        xlsx.refuse_if_unsafe(p)
        values = xlsx.read_values(p) if p.exists() else None
        result = jobs.import_trf(values, text, args.lang, where=str(trf))
        xlsx.apply(p, result, values)
    print(f"{p}: {result.message}")
    return EXIT_OK


@guarded
def cmd_export_trf(args: argparse.Namespace) -> int:
    # start-up time: a command imports only what it runs (tests/test_cli_help.py)
    from ..files import atomic, xlsx
    from ..jobs import api as jobs

    result = jobs.export_trf(xlsx.read_values(Path(args.workbook)))
    if args.output:  # replaced atomically, as the workbook is (issue 30 item 9)
        atomic.write_text(args.output, result.output)
        print(f"{args.output}: {result.message}")
    else:
        sys.stdout.write(result.output)
        print(result.message, file=sys.stderr)  # what the TRF cannot carry, beside the TRF itself
    return EXIT_OK


@guarded
def cmd_import_players(args: argparse.Namespace) -> int:
    """``import-players EVENT.xlsx FILE``: the registration list read
    (:func:`bianpai.addin.jobs.registration.read_file`), its column mapping printed
    before anything is written, then the job; ``--dry-run``: the mapping and
    the outcome, nothing written."""
    # start-up time: a command imports only what it runs (tests/test_cli_help.py)
    from ..files import atomic, xlsx
    from ..jobs import api as jobs, registration as R
    # start-up time: the word table only for help and messages (tests/test_cli_help.py)
    from ..workbook import words as L
    from ..workbook.messages import WorkbookInputError
    # start-up time: a command imports only what it runs (tests/test_cli_help.py)
    from ..workbook.sheets.team.event import is_team_workbook

    p = atomic.target(args.workbook)
    with xlsx.locked(p):
        xlsx.refuse_if_unsafe(p)
        values = xlsx.read_values(p)
        lang = jobs.language(values)
        try:
            table = R.read_file(Path(args.csv))
            mapping = R.map_columns(table, lang, team=is_team_workbook(values))
        except InputError as e:
            raise WorkbookInputError(e.problems, lang) from None
        print(mapping.announce(lang))
        result = jobs.import_players(values, table, where=str(args.csv),
                                     update=getattr(args, "update", False),
                                     allow_duplicates=getattr(args, "allow_duplicates", False))
        if not getattr(args, "dry_run", False):
            converted = xlsx.apply(p, result, values)
            if converted:
                print(L.text("file.formulas_to_values", result.lang, cells=", ".join(converted)))
    print(f"{args.workbook}: {result.message}")
    if getattr(args, "dry_run", False):
        print(L.text("reg.dry_run", lang))
    return EXIT_OK


@guarded
def cmd_export_players(args: argparse.Namespace) -> int:
    """``export-players EVENT.xlsx FILE``: the player list as .xlsx or CSV, in the
    column words ``import-players`` reads (:mod:`bianpai.addin.jobs.player_list`)."""
    # start-up time: the word table only for help and messages (tests/test_cli_help.py)
    from ..workbook import words as L
    # start-up time: a command imports only what it runs (tests/test_cli_help.py)
    from ..files import xlsx
    from ..jobs.player_list import EXPORT_SUFFIXES, player_list, write_list

    out = Path(args.output)
    if out.suffix.lower() not in EXPORT_SUFFIXES:
        raise InputError(problem("reg.export_kind", where=str(out), kinds=", ".join(EXPORT_SUFFIXES)))
    lang, rows = player_list(xlsx.read_values(Path(args.workbook)))
    write_list(out, rows, L.text("sheet.players", lang))
    print(f"{out}: {L.text('reg.exported', lang, players=len(rows) - 1)}")
    return EXIT_OK


@guarded
def cmd_demo(args: argparse.Namespace) -> int:
    """A whole event through the real workbook path: new workbook, players,
    then per round: pair, type random results into the round sheet, save;
    finally the standings.  ``--team``: a team event (:func:`bianpai.addin.cli.team.team_demo`)."""
    if getattr(args, "team", False):
        # start-up time: a command imports only what it runs (tests/test_cli_help.py)
        from .team import team_demo

        return team_demo(args)

    # start-up time: a command imports only what it runs (tests/test_cli_help.py)
    from bianpai.engine import registry as systems
    from bianpai.engine.simulate.individual import CLUBS, random_players, random_result
    from ..files import xlsx
    from ..jobs import api as jobs
    from ..workbook import sheets as S
    from .demo_steps import all_changed, print_final_standings, with_changed

    rng = random.Random(args.seed)
    p = Path(args.out)
    xlsx.refuse_if_unsafe(p)
    lang = args.lang
    name = "象棋公开赛（演示）" if lang == "zh" else "Xiangqi Open (demo)"
    result = jobs.new(lang, name)
    values = jobs.apply_values({}, result)
    _demo_settings(values[result.sheets[0].name], args, S.L.lookup, systems.get(args.system).tiebreaks)
    scheduled = systems.get(args.system).scheduled  # a round robin: no late entry, no withdrawal
    players = _distinct(random_players(args.players, rng, seeded=DEMO_SEEDED), rng)
    players = tuple(replace(pl, club=CLUBS[i % DEMO_CLUBS]) for i, pl in enumerate(players))
    late, players = (players[-1], players[:-1]) if not scheduled and len(players) > 2 else (None, players)
    head: list[object] = ["No.", "Name", "Club", "Rating", "Seed"]
    table: list[list[object]] = [head, *([pl.number, pl.name, pl.club, pl.rating, "是" if pl.seeded else None]
                                         for pl in players)]
    values = jobs.apply_values(values, jobs.import_players(values, table, where="demo players"))
    values = jobs.apply_values(values, jobs.draw(values))
    xlsx.write_new(p, all_changed(jobs.update(values)), None)
    canon = S.CANONICAL_RESULTS[lang]
    rounds = S.read_event(values).tournament.total_rounds  # a round robin's come from its schedule
    for k in range(1, rounds + 1):
        values = xlsx.read_values(p)
        if k == DEMO_LATE_ROUND and late is not None:  # a late entry (the last of the players), from here on
            entry = jobs.import_players(values, [["Name", "Club", "Rating"],
                                                 [late.name, late.club, late.rating]],
                                        where="demo late entry")
            xlsx.apply(p, entry, values)
            print(entry.message)
            values = xlsx.read_values(p)
        if k == DEMO_WITHDRAWAL_ROUND and not scheduled:  # the last player withdraws before this round
            gone = max((pl for pl in S.read_event(values).tournament.players if pl.joins_from == 1),
                       key=lambda pl: pl.number)
            quit_ = jobs.import_players(values, [["No.", "Name", "Status"],
                                                 [gone.number, gone.name,
                                                  S.L.text("status.withdrawn", lang)]],
                                        where="demo withdrawal", update=True)
            xlsx.apply(p, quit_, values)
            print(quit_.message)
            values = xlsx.read_values(p)
        result = jobs.pair(values)
        xlsx.apply(p, result, values)
        print(f"{result.message}")
        values = xlsx.read_values(p)
        sheet = [s.name for s in result.sheets if s.key == "round"][k - 1]
        rows = values[sheet]
        for r in range(S.ROUND_HEADER_ROW, len(rows)):
            if S.as_int(rows[r][0] if rows[r] else None) is None:
                break
            rows[r][S.C_RESULT - 1] = canon[random_result(rng)]
        result = jobs.update(values)
        xlsx.apply(p, with_changed(result, sheet), values)
    print_final_standings(p)
    print(S.L.text("cli.wrote", lang, path=p.resolve(), players=args.players, rounds=rounds))
    return EXIT_OK


def _demo_settings(settings: list[list[object]], args: argparse.Namespace,
                   lookup: Callable[[object, tuple[str, ...]], str | None], tiebreaks: str) -> None:
    """The demo's Settings rows, in place: its rounds, system and usual
    tie-breaks, and :data:`DEMO_SETTINGS`."""
    for row in settings:
        key = lookup(row[0], ("set.rounds", "set.system", "set.tiebreaks") + tuple(DEMO_SETTINGS))
        if key in DEMO_SETTINGS:
            row[1] = DEMO_SETTINGS[key][0 if args.lang == "zh" else 1]
        elif key == "set.rounds":
            row[1] = args.rounds
        elif key == "set.system":
            row[1] = args.system
        elif key == "set.tiebreaks" and tiebreaks:
            row[1] = tiebreaks  # e.g. the round robin's usual list (issue #7)


DEMO_CLUBS = 6
"""The demo's players come from six clubs, in turn (several players per club)."""

DEMO_SETTINGS: dict[str, tuple[object, object]] = {
    "set.club_rounds": (3, 3),
    "set.dates": ("2026年12月5日—6日，每天 9:00、14:00", "5–6 December 2026, 9:00 and 14:00"),
    "set.venue": ("市文化宫二楼棋室", "City cultural centre, 2nd floor"),
    "set.chief_arbiter": ("王国平", "Wang Guoping"),
    "set.pairing_officer": ("李文", "Li Wen"),
}
"""Settings of the demo besides rounds and system (zh, en): 同单位回避 in the first
three rounds, and what the printed sheets carry (dates, venue, arbiters)."""

DEMO_SEEDED = 4
"""The demo's seeded players (种子): they draw the odd numbers (``bianpai draw``)."""

DEMO_LATE_ROUND = 2
"""The demo's late entry joins before this round (a Swiss event; a round robin has none)."""

DEMO_WITHDRAWAL_ROUND = 5
"""Before this round of the demo one player withdraws (退赛), through ``import-players --update``."""


def _distinct(players, rng):
    """``players`` with every name distinct (a re-drawn given name where two
    coincide), so that the demo's import flags no duplicate."""
    # start-up time: a command imports only what it runs (tests/test_cli_help.py)
    from bianpai.engine.simulate.individual import GIVEN

    seen: set[str] = set()
    out = []
    for pl in players:
        name = pl.name
        while name in seen:
            name = name[0] + rng.choice(GIVEN) + rng.choice(GIVEN)
        seen.add(name)
        out.append(replace(pl, name=name))
    return tuple(out)
