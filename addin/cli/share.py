"""``bianpai share EVENT.xlsx``: the files that publish the last round (issue 24),
written beside the workbook, all or none (:mod:`bianpai.addin.share.job`,
:mod:`bianpai.addin.share.files`)."""

from __future__ import annotations

import argparse
from pathlib import Path

from .workbook import guarded
from .exitcodes import EXIT_OK


@guarded
def cmd_share(args: argparse.Namespace) -> int:
    # start-up time: a command imports only what it runs (tests/test_cli_help.py)
    from ..files import xlsx
    from ..share.files import folder_for, write_files
    from ..share.job import share

    p = Path(args.workbook)
    with xlsx.locked(p):  # the workbook read while no other command writes it; share never writes it
        values = xlsx.read_values(p)
    result = share(values, images=False if args.no_images else None, stem=p.stem)
    folder = Path(args.out) if args.out else folder_for(p, result.lang)
    written = write_files(folder, result.files)
    # start-up time: the word table only for help and messages (tests/test_cli_help.py)
    from ..workbook import words as L

    for n in result.notes:
        print(f"{L.text('cli.note', result.lang)}: {n}")
    print(L.text("share.written", result.lang, folder=folder, files=", ".join(w.name for w in written)))
    return EXIT_OK
