"""``bianpai addin build`` and ``bianpai addin install``.

``build`` writes the two add-in files (see :mod:`bianpai.addin.build_addin`).
``install`` works like ``xlwings addin install``: it builds the add-in against
the installed xlwings (the VBA names xlwings' versioned DLL, so it must match),
copies it into Excel's XLSTART folder, removes the other Bianpai add-in from
there (both show a "编排 Bianpai" tab) and, like xlwings, writes the user
``xlwings.conf`` with this Python as the interpreter unless that file exists.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

from . import build_addin

XLSTART_ENV = "BIANPAI_XLSTART"
"""Decision: environment variable that overrides Excel's XLSTART folder (tests, CI,
or an organiser whose Excel cannot be asked for it); ``--target`` wins over it."""


def add_arguments(parser: argparse.ArgumentParser, name: str) -> None:
    sub = parser.add_subparsers(dest="addin_command", metavar="ACTION", required=True)
    b = sub.add_parser("build", help="build bianpai.xlam and bianpai.addin.next_step.xlam")
    b.add_argument("--out", type=Path, default=build_addin.HERE,
                   help="folder to write the add-in files to (default: the package's addin folder)")
    i = sub.add_parser("install", help="install the add-in into Excel's XLSTART folder")
    i.add_argument("--next-step", action="store_true",
                   help="install the one-button known-good add-in instead of the full ribbon")
    i.add_argument("--target", type=Path, default=None,
                   help=f"folder to install into (default: ${XLSTART_ENV}, else Excel's XLSTART)")
    i.add_argument("--no-config", action="store_true",
                   help="don't write the xlwings user config (interpreter path)")
    r = sub.add_parser("remove", help="remove the Bianpai add-ins from Excel's XLSTART folder")
    r.add_argument("--target", type=Path, default=None)


def xlstart_dir(target: Path | None) -> Path:
    """Where add-ins go: ``--target``, else $BIANPAI_XLSTART, else Excel's own XLSTART."""
    if target is not None:
        return target
    if os.environ.get(XLSTART_ENV):
        return Path(os.environ[XLSTART_ENV])
    from xlwings.cli import get_addin_dir  # asks a running (or started) Excel

    try:
        return Path(get_addin_dir())
    except Exception as e:  # no Excel here (Linux, CI) or Excel refused
        raise SystemExit(f"bianpai: cannot ask Excel for its XLSTART folder ({e}); name it with "
                         f"--target FOLDER or ${XLSTART_ENV}") from None


def write_user_config(path: Path, executable: str = sys.executable) -> bool:
    """Write xlwings' user config naming ``executable`` unless it exists (as xlwings does)."""
    if path.exists():
        return False
    key = "INTERPRETER_MAC" if sys.platform.startswith("darwin") else "INTERPRETER_WIN"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f'"{key}","{executable}"\n', encoding="utf-8")
    return True


def install(target_dir: Path, next_step: bool = False) -> Path:
    """Put the chosen add-in, matching the installed xlwings, into ``target_dir``.

    The known-good add-in is always rebuilt (a zip of xlwings' own parts, no
    ms-ovba needed). The full add-in is the committed file when the installed
    xlwings is the version it was built with, else rebuilt from the sources.
    """
    import xlwings

    chosen, other = ((build_addin.NEXT_STEP_ADDIN_NAME, build_addin.FULL_ADDIN_NAME) if next_step
                     else (build_addin.FULL_ADDIN_NAME, build_addin.NEXT_STEP_ADDIN_NAME))
    with tempfile.TemporaryDirectory(prefix="bianpai-addin-") as tmp:
        if next_step:
            source = build_addin.write_package(build_addin.next_step_addin_parts(),
                                               Path(tmp) / chosen)
        elif xlwings.__version__ == build_addin.COMMITTED_WITH_XLWINGS and (
                build_addin.HERE / chosen).exists():
            source = build_addin.HERE / chosen
        else:
            try:
                parts = build_addin.full_addin_parts()
            except ImportError as e:
                raise SystemExit(
                    f"bianpai: building {chosen} for xlwings {xlwings.__version__} needs the "
                    f"add-in build tools ({e.name}): pip install 'bianpai[addin]', or use "
                    f"--next-step") from None
            source = build_addin.write_package(parts, Path(tmp) / chosen)
        installed = build_addin.copy_addin(source, target_dir)
    (target_dir / other).unlink(missing_ok=True)
    return installed


def run(args: argparse.Namespace) -> int:
    if args.addin_command == "build":
        for path in build_addin.build(args.out):
            print(f"built {path}")
        return 0
    target_dir = xlstart_dir(args.target)
    if args.addin_command == "remove":
        for name in (build_addin.FULL_ADDIN_NAME, build_addin.NEXT_STEP_ADDIN_NAME):
            (target_dir / name).unlink(missing_ok=True)
        print(f"removed the Bianpai add-ins from {target_dir}")
        return 0
    installed = install(target_dir, next_step=args.next_step)
    print(f"installed {installed}")
    if not args.no_config:
        import xlwings

        config = Path(xlwings.USER_CONFIG_FILE)
        if write_user_config(config):
            print(f"wrote {config} (Python interpreter: {sys.executable})")
        if sys.platform.startswith("darwin"):
            from xlwings.cli import runpython_install

            runpython_install(None)  # the AppleScript RunPython needs on macOS
    print("Restart Excel: the 编排 Bianpai tab appears on the ribbon.")
    return 0
