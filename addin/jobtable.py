"""The one list of the organiser's jobs, from which every front end is made.

Each :class:`Job` names what it does once: its command-line name, help and
arguments (the ``bianpai`` CLI, :mod:`bianpai.addin.cli`), the function that
runs it from the command line, and — for the jobs the ribbon and xlwings Lite
offer — its ribbon name (what the VBA passes to ``run_from_excel``), its
entry function in :mod:`bianpai.addin.xl`, the Lite script of the same name,
and the button's label.

Plain data (and the engine's list of systems, pure Python): the CLI reads
it before choosing what to import, and xlwings Lite (Pyodide) imports it too.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bianpai.engine.systems import BY_NAME, DEFAULT_SYSTEM

LANG_CHOICES: tuple[str, ...] = ("zh", "en")

DEMO_PATH = "demo.xlsx"
"""Decision: ``bianpai demo`` writes ``demo.xlsx`` in the current directory unless
``--out`` says otherwise."""

DEMO_PLAYERS = 24
DEMO_ROUNDS = 7
DEMO_TEAMS = 10
DEMO_BOARDS = 4
"""``bianpai demo --team``: a 10-team, 4-board event (7 rounds, as ``--rounds``)."""
DEMO_SEED = 2024
"""The demo's random seed: the same demo every time (``--seed`` changes it)."""


@dataclass(frozen=True)
class Arg:
    """One command-line argument: ``argparse.add_argument(*flags, **options)``."""

    flags: tuple[str, ...]
    options: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def of(cls, *flags: str, **options: Any) -> "Arg":
        return cls(flags, tuple(options.items()))


@dataclass(frozen=True)
class Job:
    """One job.  ``command``: the CLI name (None: not on the command line);
    ``run``: ``module:function`` under ``bianpai.addin`` taking the parsed
    arguments and returning the exit code; ``args``: its arguments, or None
    when the module adds them itself (``add_arguments(parser, name)``).
    ``ribbon``: the job's name for the ribbon and Lite (None: not offered
    there); ``entry``: its entry function in :mod:`bianpai.addin.xl` and the
    Lite script's name; ``label``: the button's words (zh, en); ``function``
    and ``options``: the function of :mod:`bianpai.addin.jobs` the ribbon and
    Lite run on the sheet values, with these keyword arguments."""

    command: str | None
    help: str
    run: str = ""
    args: tuple[Arg, ...] | None = ()
    ribbon: str | None = None
    entry: str | None = None
    label: str = ""
    doc: str = ""
    function: str = ""
    options: tuple[tuple[str, Any], ...] = ()


_BOOK = Arg.of("workbook")

JOBS: tuple[Job, ...] = (
    Job("trf-pair", "pair the next round of a TRF file (JaVaFo/bbpPairings output)", "cmd_trf:run", None),
    Job("trf-standings", "standings of a TRF file with tie-breaks, as CSV", "cmd_trf:run", None),
    Job("new", "create an event workbook from the zh or en template", "cmd_workbook:cmd_new",
        (Arg.of("workbook", help="the event workbook to create (EVENT.xlsx)"),
         Arg.of("--lang", choices=LANG_CHOICES, default="zh", help="template language (default zh)"),
         Arg.of("--name", help="event name"),
         Arg.of("--team", action="store_true", help="a team event (团体赛): Teams sheet, boards per match"),
         Arg.of("--force", action="store_true", help="overwrite an existing file")),
        ribbon="new_event", entry="new_event", label="新建赛事 New event", function="new_in_workbook",
        doc="create the event's sheets (Chinese template) in an empty workbook"),
    Job("draw", "draw the pairing numbers before round 1: seeded players on odd numbers (--seed N)",
        "cmd_workbook:cmd_draw",
        (_BOOK, Arg.of("--seed", type=int, default=None,
                       help="seed of the draw (default: the Settings' draw seed, else a CRC-32 of the event "
                            "and player names); recorded on the Settings sheet")),
        ribbon="draw", entry="draw_numbers", label="抽签 Draw numbers", function="draw",
        doc="renumber the players before round 1, seeded players on odd numbers; the seed is the "
            "Settings' draw-seed cell if filled, else the default, and is recorded there"),
    Job(None, "pair the next round if every round so far is complete, else update the standings",
        ribbon="next_step", entry="next_step", label="下一步 Next step", function="next_step",
        doc="pair the next round if the last is complete, else update the standings"),
    Job("pair", "pair the next round of an event workbook (--provisional: dingwei.md §8)",
        "cmd_workbook:cmd_pair",
        (_BOOK, Arg.of("--provisional", action="store_true",
                       help="count the last round's unfinished games as draws (dingwei.md §8)"),
         Arg.of("--keep", action="store_true",
                help="keep the last round's boards changed by hand (recorded in 调整 and 变更记录)")),
        ribbon="pair", entry="pair_next_round", label="编排下一轮 Pair next round", function="pair",
        doc="pair the next round with the event's pairing system"),
    Job(None, "pair the next round counting the last round's unfinished games as draws",
        ribbon="pair_provisional", entry="pair_provisional", label="预排 Provisional pairing",
        function="pair", options=(("provisional", True),),
        doc="pair the next round while games are unfinished (counted as draws, dingwei.md §8)"),
    Job("standings", "rewrite Colours, Floats, Standings, Crosstable and print the standings",
        "cmd_workbook:cmd_standings", (_BOOK,),
        ribbon="standings", entry="update_standings", label="更新名次 Update standings", function="update",
        doc="standings, colours, floats, tie-breaks and crosstable"),
    Job("undo", "remove the last round (if it has no results, or with --force)", "cmd_workbook:cmd_undo",
        (_BOOK, Arg.of("--force", action="store_true", help="remove the last round even if it has results")),
        ribbon="undo", entry="undo_last_round", label="撤销上一轮 Undo last round", function="undo",
        doc="delete the last round's sheet (refused once it has results)"),
    Job("check", "re-validate every round of a workbook; list problems with sheet and cell",
        "cmd_workbook:cmd_check", (_BOOK,),
        ribbon="check", entry="check", label="检查 Check", function="check",
        doc="validate the workbook, list every problem, write nothing"),
    Job("cards", "write the 编排卡 sheet: one pairing card per player (--brackets: the next round's rows)",
        "cmd_workbook:cmd_cards",
        (_BOOK, Arg.of("--brackets", action="store_true",
                       help="add the next round's 要先行/要后行 rows per score group"))),
    Job("slips", "write the 记分单 sheet: one score slip per board of the last round, four to an A4 page",
        "cmd_workbook:cmd_slips", (_BOOK,)),
    Job("import-trf", "write a TRF file's event into a workbook", "cmd_workbook:cmd_import_trf",
        (Arg.of("trf", help="tournament report file to import"),
         Arg.of("workbook", help="workbook to write (created, or its event replaced)"),
         Arg.of("--lang", choices=LANG_CHOICES, default="zh"))),
    Job("export-trf", "write a workbook's event as a TRF file", "cmd_workbook:cmd_export_trf",
        (_BOOK, Arg.of("-o", "--output", help="TRF file to write (default: standard output)")),
        ribbon="export_trf", entry="export_trf", label="导出 TRF Export TRF", function="export_trf",
        doc="the event as a FIDE TRF (Lite: a sheet holding the TRF text, as it cannot write files)"),
    Job("import-players", "add players to a workbook from a CSV file", "cmd_workbook:cmd_import_players",
        (_BOOK, Arg.of("csv", help="CSV file with a header row "
                                   "(序号/No., 姓名/Name, 单位/Club, 等级分/Rating …)"),
         Arg.of("--update", action="store_true",
                help="also change players who have already played (by 序号/No.); refused without it"),
         Arg.of("--allow-duplicates", action="store_true",
                help="add a row even when its name and club are those of a player already there"))),
    Job("demo", "play a 24-player, 7-round random event into demo.xlsx and print the standings",
        "cmd_workbook:cmd_demo",
        (Arg.of("--out", default=DEMO_PATH, help=f"workbook to write (default {DEMO_PATH})"),
         Arg.of("--players", type=int, default=DEMO_PLAYERS),
         Arg.of("--rounds", type=int, default=DEMO_ROUNDS),
         Arg.of("--seed", type=int, default=DEMO_SEED),
         Arg.of("--lang", choices=LANG_CHOICES, default="zh"),
         Arg.of("--team", action="store_true",
                help=f"a team event: {DEMO_TEAMS} teams, {DEMO_BOARDS} boards, the rounds of --rounds"),
         Arg.of("--system", default=DEFAULT_SYSTEM, choices=tuple(BY_NAME),
                help="pairing system; roundrobin plays the Berger schedule's rounds (--rounds ignored)"))),
    Job("addin", "build or install the Excel add-in (编排 Bianpai ribbon tab)", "cmd_addin:run", None),
)
"""Every job, in the order ``bianpai --help`` lists the commands."""


def command(name: str) -> Job | None:
    """The job run by the CLI command ``name``."""
    return next((j for j in JOBS if j.command == name), None)


def ribbon_jobs() -> tuple[Job, ...]:
    """The jobs the ribbon and xlwings Lite offer, in the table's order."""
    return tuple(j for j in JOBS if j.ribbon is not None)


__all__ = ["Arg", "JOBS", "Job", "command", "ribbon_jobs"]
