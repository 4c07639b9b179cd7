"""The one list of the organiser's jobs, from which every front end is made.

Each :class:`Job` names what it does once: its command-line name, help and
arguments (the ``bianpai`` CLI, :mod:`bianpai.addin.cli`; the help as keys of
the zh/en word table, :class:`Help`), the function that runs it from the
command line, and — for the jobs the ribbon and xlwings Lite
offer — its ribbon name (what the VBA passes to ``run_from_excel``), its
entry function in :mod:`bianpai.addin.xl`, the Lite script of the same name,
and the button's label.

Plain data (and the engine's list of systems, pure Python): the CLI reads
it before choosing what to import, and xlwings Lite (Pyodide) imports it too.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from bianpai.engine.registry import BY_NAME, DEFAULT_SYSTEM

WHERE_LAID_OUT = "where laid out"
"""Decision: what the ribbon's 编排卡 button (and Lite's script) asks of ``cards`` — the
next round's 要先行/要后行 pages where the event's method lays its cards out that way
(定位编排, the registry's ``card_rows``), and the cards alone where it does not (another
system, a team event), the message saying so for an individual event.  ``bianpai cards
--brackets`` asks for the pages outright (``True``), and an event without them is refused
naming why.  (Before: the button asked outright, so on a team workbook it was always
refused, and a Dutch event got 定位编排's rows.)"""

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


class Help(str):
    """A help text of the command line: the key of its words in the zh/en table
    (:mod:`bianpai.addin.workbook.words`), with the values those words name
    (``Help("cli.demo.out", path=DEMO_PATH)``).  A plain key string serves where
    the words name none.  The CLI turns keys into words only when help is shown
    (:class:`bianpai.addin.cli.HelpWords`), so the table is not imported to run a job."""

    values: tuple[tuple[str, Any], ...]

    def __new__(cls, key: str, **values: Any) -> "Help":
        h = super().__new__(cls, key)
        h.values = tuple(values.items())
        return h


class Arg(NamedTuple):
    """One command-line argument: ``argparse.add_argument(*flags, **options)``
    (``help``: a key of the word table, or a :class:`Help`).  A named tuple,
    as :class:`Job`."""

    flags: tuple[str, ...]
    options: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def of(cls, *flags: str, **options: Any) -> "Arg":
        return cls(flags, tuple(options.items()))


class Job(NamedTuple):
    """One job.  ``command``: the CLI name (None: not on the command line);
    ``help``: the key of its help words in the zh/en table, or a :class:`Help`
    ("" for a job not on the command line);
    ``run``: ``module:function`` under ``bianpai.addin`` taking the parsed
    arguments and returning the exit code; ``args``: its arguments, or None
    when the module adds them itself (``add_arguments(parser, name)``).
    ``ribbon``: the job's name for the ribbon and Lite (None: not offered
    there); ``entry``: its entry function in :mod:`bianpai.addin.xl` and the
    Lite script's name; ``label``: the button's words (zh, en); ``function``
    and ``options``: the function of :mod:`bianpai.addin.jobs.api` the ribbon and
    Lite run on the sheet values (a job of a layer above the jobs as ``module:function``
    under ``bianpai.addin``: ``share.job:share``), with these keyword arguments.  ``quick_exit``:
    the job has closed everything it wrote when it returns, so the command ends
    its process at once, without tearing the interpreter down (the engine-only
    TRF jobs, which tools call once per round: :func:`bianpai.addin.cli.main`).

    A named tuple, an immutable record as a frozen dataclass would be, made
    without generating its six functions at import: the command imports this
    table before anything else (a dataclass each cost ``trf-pair`` 1%, issue 16)."""

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
    quick_exit: bool = False


_BOOK = Arg.of("workbook", help="cli.workbook")

JOBS: tuple[Job, ...] = (
    Job("trf-pair", "cli.trf_pair", "cli.trf:run", None, quick_exit=True),
    Job("trf-standings", "cli.trf_standings", "cli.trf:run", None, quick_exit=True),
    Job("new", "cli.new", "cli.workbook:cmd_new",
        (Arg.of("workbook", help="cli.new.workbook"),
         Arg.of("--lang", choices=LANG_CHOICES, default="zh", help="cli.new.lang"),
         Arg.of("--name", help="cli.new.name"),
         Arg.of("--team", action="store_true", help="cli.new.team"),
         Arg.of("--force", action="store_true", help="cli.new.force")),
        ribbon="new_event", entry="new_event", label="新建赛事 New event", function="new_in_workbook",
        doc="create the event's sheets (Chinese template) in an empty workbook"),
    Job("draw", "cli.draw",
        "cli.workbook:cmd_draw",
        (_BOOK, Arg.of("--seed", type=int, default=None,
                       help="cli.draw.seed")),
        ribbon="draw", entry="draw_numbers", label="抽签 Draw numbers", function="draw",
        doc="renumber the players before round 1, seeded players on odd numbers; the seed is the "
            "Settings' draw-seed cell if filled, else the default, and is recorded there"),
    Job(None, "",
        ribbon="next_step", entry="next_step", label="下一步 Next step", function="next_step",
        doc="pair the next round if the last is complete, else update the standings"),
    Job("pair", "cli.pair",
        "cli.workbook:cmd_pair",
        (_BOOK, Arg.of("--provisional", action="store_true",
                       help="cli.pair.provisional"),
         Arg.of("--keep", action="store_true",
                help="cli.pair.keep")),
        ribbon="pair", entry="pair_next_round", label="编排下一轮 Pair next round", function="pair",
        doc="pair the next round with the event's pairing system"),
    Job(None, "",
        ribbon="pair_provisional", entry="pair_provisional", label="预排 Provisional pairing",
        function="pair", options=(("provisional", True),),
        doc="pair the next round while games are unfinished (they count as draws for this pairing)"),
    Job("standings", "cli.standings",
        "cli.workbook:cmd_standings", (_BOOK,),
        ribbon="standings", entry="update_standings", label="更新名次 Update standings", function="update",
        doc="standings, colours, floats, tie-breaks and crosstable"),
    Job("undo", "cli.undo", "cli.workbook:cmd_undo",
        (_BOOK, Arg.of("--force", action="store_true", help="cli.undo.force")),
        ribbon="undo", entry="undo_last_round", label="撤销上一轮 Undo last round", function="undo",
        doc="delete the last round's sheet (refused once it has results)"),
    Job("check", "cli.check",
        "cli.workbook:cmd_check", (_BOOK,),
        ribbon="check", entry="check", label="检查 Check", function="check",
        doc="validate the workbook, list every problem, write nothing",
        quick_exit=True),  # writes nothing: the process ends without tearing down what it read (issue 27)
    Job("cards", "cli.cards",
        "cli.workbook:cmd_cards",
        (_BOOK, Arg.of("--brackets", action="store_true",
                       help="cli.cards.brackets")),
        ribbon="cards", entry="pairing_cards", label="编排卡 Pairing cards", function="cards",
        options=(("brackets", WHERE_LAID_OUT),),
        doc="write the 编排卡 sheet: a card per player and the next round's score groups in card order"),
    Job("slips", "cli.slips",
        "cli.workbook:cmd_slips", (_BOOK,),
        ribbon="slips", entry="score_slips", label="记分单 Score slips", function="slips",
        doc="write the 记分单 sheet: a score slip per board of the last round, four to an A4 page"),
    Job("share", "cli.share", "cli.share:cmd_share",
        (_BOOK, Arg.of("--out", default=None, help="cli.share.out"),
         Arg.of("--no-images", action="store_true", help="cli.share.no_images")),
        ribbon="share", entry="share", label="分享 Share", function="share.job:share",
        doc="the last round's pairing, find-your-board and standings images, a web page with a QR code and a "
            "print-all PDF, beside the workbook (xlwings Lite: the page alone, in a sheet)"),
    Job("import-trf", "cli.import_trf", "cli.workbook:cmd_import_trf",
        (Arg.of("trf", help="cli.import_trf.trf"),
         Arg.of("workbook", help="cli.import_trf.workbook"),
         Arg.of("--lang", choices=LANG_CHOICES, default="zh", help="cli.workbook_lang"))),
    Job("export-trf", "cli.export_trf", "cli.workbook:cmd_export_trf",
        (_BOOK, Arg.of("-o", "--output", help="cli.export_trf.output")),
        ribbon="export_trf", entry="export_trf", label="导出 TRF Export TRF", function="export_trf",
        doc="the event as a FIDE TRF (Lite: a sheet holding the TRF text, as it cannot write files)"),
    Job("import-players", "cli.import_players", "cli.workbook:cmd_import_players",
        (_BOOK, Arg.of("csv", metavar="FILE", help="cli.import_players.csv"),
         Arg.of("--update", action="store_true",
                help="cli.import_players.update"),
         Arg.of("--allow-duplicates", action="store_true",
                help="cli.import_players.duplicates"),
         Arg.of("--dry-run", action="store_true", help="cli.import_players.dry_run"))),
    Job(None, "", ribbon="import_players", entry="import_players", label="导入选手 Import players",
        function="import_registration",
        doc="add the players (or a team event's rosters) of a registration list: on the desktop the file "
            "picked (.xlsx, .xls, .csv); on Lite, a sheet of the list moved or copied into the workbook"),
    Job("export-players", "cli.export_players", "cli.workbook:cmd_export_players",
        (_BOOK, Arg.of("output", metavar="FILE", help="cli.export_players.output"))),
    Job("demo", Help("cli.demo", players=DEMO_PLAYERS, rounds=DEMO_ROUNDS, path=DEMO_PATH),
        "cli.workbook:cmd_demo",
        (Arg.of("--out", default=DEMO_PATH, help=Help("cli.demo.out", path=DEMO_PATH)),
         Arg.of("--players", type=int, default=DEMO_PLAYERS, help="cli.demo.players"),
         Arg.of("--rounds", type=int, default=DEMO_ROUNDS, help="cli.demo.rounds"),
         Arg.of("--seed", type=int, default=DEMO_SEED, help="cli.demo.seed"),
         Arg.of("--lang", choices=LANG_CHOICES, default="zh", help="cli.workbook_lang"),
         Arg.of("--team", action="store_true",
                help=Help("cli.demo.team", teams=DEMO_TEAMS, boards=DEMO_BOARDS)),
         Arg.of("--system", default=DEFAULT_SYSTEM, choices=tuple(BY_NAME),
                help="cli.demo.system"))),
    Job("addin", "cli.addin", "cli.addin:run", None),
)
"""Every job, in the order ``bianpai --help`` lists the commands."""


def command(name: str) -> Job | None:
    """The job run by the CLI command ``name``."""
    return next((j for j in JOBS if j.command == name), None)


def ribbon_jobs() -> tuple[Job, ...]:
    """The jobs the ribbon and xlwings Lite offer, in the table's order."""
    return tuple(j for j in JOBS if j.ribbon is not None)


__all__ = ["Arg", "Help", "JOBS", "Job", "command", "ribbon_jobs"]
