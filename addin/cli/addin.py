"""``bianpai addin build``, ``install``, ``remove`` and ``doctor``.

``build`` writes the two add-in files (see :mod:`bianpai.addin.excel.build`).
``install`` works like ``xlwings addin install``: it builds the chosen add-in
against the *installed* xlwings (the VBA names xlwings' versioned DLL and
AppleScript, so it must match; the builder is a normal dependency), fills in the
add-in's own config sheet with this Python — or, under conda on Windows, the
conda settings, as ``xlwings addin install`` writes them — copies it into Excel's
XLSTART folder, removes the other Bianpai add-in from there (both show a
"编排 Bianpai" tab) and ends with ``doctor``. The add-ins never read xlwings'
``xlwings.conf``: each reads its own sheet first (``excel.build.PROJECT_NAME``,
``excel.build.NEXT_STEP_PROJECT_NAME``).

``doctor`` is the one command to run when a button does nothing: it says which
Python and xlwings it finds, whether each installed add-in sits in XLSTART,
which config it reads and which interpreter that names (and whether that Python
imports Bianpai), conda, and a ``xlwings.conf`` naming another Python — each
problem with the exact command that fixes it.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import zipfile
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from ..excel import build as build_addin
from ..jobs.table import Help
from ..workbook import words as L

XLSTART_ENV = "BIANPAI_XLSTART"
"""Decision: environment variable that overrides Excel's XLSTART folder (tests, CI,
or an organiser whose Excel cannot be asked for it); ``--target`` wins over it."""

IMPORT_CHECK_TIMEOUT = 120
"""Decision: seconds ``doctor`` waits for a configured Python to import Bianpai."""

IMPORT_CHECK = "import bianpai.addin.xl, xlwings; print(xlwings.__version__)"

STORE_PYTHON_FOLDER = "\\microsoft\\windowsapps\\"
"""Part of the path of the Microsoft Store's Python (an app alias Excel's VBA cannot
test or start reliably: xlwings' "Could not find Interpreter!")."""


def add_arguments(parser: argparse.ArgumentParser, name: str) -> None:
    xlstart = Help("cli.addin.target", env=XLSTART_ENV)
    sub = parser.add_subparsers(dest="addin_command", metavar="ACTION", required=True)
    b = sub.add_parser("build", help="cli.addin.build", description="cli.addin.build")
    b.add_argument("--out", type=Path, default=build_addin.HERE, help="cli.addin.build.out")
    i = sub.add_parser("install", help="cli.addin.install", description="cli.addin.install")
    i.add_argument("--next-step", action="store_true", help="cli.addin.install.next_step")
    i.add_argument("--target", type=Path, default=None, help=xlstart)
    i.add_argument("--no-config", action="store_true", help="cli.addin.install.no_config")
    i.add_argument("--lang", choices=L.LANGUAGES, default=L.DEFAULT_LANGUAGE, help="cli.addin.lang")
    r = sub.add_parser("remove", help="cli.addin.remove", description="cli.addin.remove")
    r.add_argument("--target", type=Path, default=None, help=xlstart)
    lt = sub.add_parser("lite", help="cli.addin.lite", description="cli.addin.lite")
    lt.add_argument("--out", type=Path, default=Path(LITE_OUT), help=Help("cli.addin.lite.out", out=LITE_OUT))
    d = sub.add_parser("doctor", help="cli.addin.doctor", description="cli.addin.doctor")
    d.add_argument("--target", type=Path, default=None, help=Help("cli.addin.doctor.target", env=XLSTART_ENV))
    d.add_argument("--lang", choices=L.LANGUAGES, default=L.DEFAULT_LANGUAGE, help="cli.addin.lang")


XLSTART_WINDOWS = r"%APPDATA%\Microsoft\Excel\XLSTART"
XLSTART_MACOS = "~/Library/Group Containers/UBF8T346G9.Office/User Content.localized/Startup.localized/Excel"
"""Excel's usual start-up folders, which ``doctor`` names when Excel cannot be asked."""


LITE_OUT = "bianpai-lite"
"""Decision: the folder ``bianpai addin lite`` writes main.py and requirements.txt into."""


def xlstart_dir(target: Path | None, lang: str = L.DEFAULT_LANGUAGE) -> Path:
    """Where add-ins go: ``--target``, else $BIANPAI_XLSTART, else Excel's own XLSTART
    (asking Excel, which xlwings starts hidden when it is not running: said first)."""
    if target is not None:
        return target
    if os.environ.get(XLSTART_ENV):
        return Path(os.environ[XLSTART_ENV])
    # start-up time: xlwings (and Excel) only for the add-in commands
    from xlwings.cli import get_addin_dir  # asks a running (or started) Excel

    print(L.text("doctor.asking_excel", lang), flush=True)
    try:
        return Path(get_addin_dir())
    except Exception as e:  # no Excel here (Linux, CI) or Excel refused
        raise SystemExit(f"bianpai: cannot ask Excel for its XLSTART folder ({e}); name it with "
                         f"--target FOLDER or ${XLSTART_ENV}. "
                         + L.text("doctor.xlstart_where", lang, win=XLSTART_WINDOWS, mac=XLSTART_MACOS)
                         + (". " + L.text("doctor.macos_permission", lang) if sys.platform == "darwin"
                            else "")) from None


# --- what the add-in's config sheet says -------------------------------------------


def conda_settings(environ: Mapping[str, str]) -> tuple[str, str] | None:
    """(conda path, environment) when running under conda, as xlwings' ``get_conda_settings``
    finds them: ``CONDA_EXE`` without its trailing ``Scripts\\conda.exe`` / ``bin/conda``."""
    env, exe = environ.get("CONDA_DEFAULT_ENV"), environ.get("CONDA_EXE")
    if not (env and exe):
        return None
    sep = "\\" if "\\" in exe else "/"
    return sep.join(exe.split(sep)[:-2]), env


def interpreter_settings(platform: str = sys.platform, executable: str = sys.executable,
                         environ: Mapping[str, str] = os.environ) -> dict[str, str]:
    """The config-sheet settings naming this Python, as ``xlwings addin install``
    writes them into ``xlwings.conf`` (xlwings' ``config_create``): under conda on
    Windows the conda path and environment (the VBA then activates it and runs its
    ``python``), else ``Interpreter_Mac`` (macOS) or ``Interpreter_Win``."""
    conda = conda_settings(environ)
    if conda and platform.startswith("win"):
        return {"Conda Path": conda[0], "Conda Env": conda[1]}
    key = "Interpreter_Mac" if platform.startswith("darwin") else "Interpreter_Win"
    return {key: executable}


def project_name_for(addin_name: str) -> str:
    """The ``PROJECT_NAME`` the add-in's VBA carries (what its config is named after)."""
    return (build_addin.NEXT_STEP_PROJECT_NAME if addin_name == build_addin.NEXT_STEP_ADDIN_NAME
            else build_addin.PROJECT_NAME)


def user_config_file(project_name: str, platform: str = sys.platform, home: Path | None = None) -> Path:
    """The config file xlwings' VBA reads after the sheets (its ``GetConfigFilePath``)."""
    home = Path.home() if home is None else home
    if platform.startswith("darwin"):
        return home / "Library" / "Containers" / "com.microsoft.Excel" / "Data" / f"{project_name}.conf"
    return home / f".{project_name}" / f"{project_name}.conf"


NEXT_STEP_INSTALL = "bianpai addin install --next-step"
"""What to run when the full add-in cannot be built: the one-button add-in is xlwings'
own shipped file with only its ribbon changed, so it needs no VBA builder."""


def install(target_dir: Path, next_step: bool = False,
            settings: Mapping[str, str] | None = None, lang: str = L.DEFAULT_LANGUAGE) -> Path:
    """Build the chosen add-in against the installed xlwings, fill in its config
    sheet with ``settings`` (none: left inert) and put it into ``target_dir``.

    Any failure of the full add-in's build (the VBA builder missing, or a release of
    it or its libraries other than the tested ones) ends in one message naming
    :data:`NEXT_STEP_INSTALL`; a file Excel holds open, in one naming what to close."""
    chosen, other = ((build_addin.NEXT_STEP_ADDIN_NAME, build_addin.FULL_ADDIN_NAME) if next_step
                     else (build_addin.FULL_ADDIN_NAME, build_addin.NEXT_STEP_ADDIN_NAME))
    xlwings_dir = build_addin.XLWINGS_DIR
    try:
        parts = (build_addin.next_step_addin_parts(xlwings_dir) if next_step
                 else build_addin.full_addin_parts(xlwings_dir))
    except Exception as e:
        if next_step:
            raise
        error = f"{type(e).__name__}: {e}" if str(e) else type(e).__name__
        raise SystemExit("bianpai: " + L.text("addin.build_failed", lang, addin=chosen, error=error,
                                              command=NEXT_STEP_INSTALL)) from None
    if settings:
        parts = build_addin.configure_parts(parts, project_name_for(chosen), settings)
    command = "bianpai addin install" + (" --next-step" if next_step else "")
    with tempfile.TemporaryDirectory(prefix="bianpai-addin-") as tmp:
        source = build_addin.write_package(parts, Path(tmp) / chosen)
        try:
            installed = build_addin.copy_addin(source, target_dir)
        except PermissionError:  # Windows: Excel has the add-in open
            raise SystemExit("bianpai: " + L.text("addin.in_use", lang, path=target_dir / chosen,
                                                  command=command)) from None
    remove_addin(target_dir / other, lang, command)
    return installed


def remove_addin(path: Path, lang: str, command: str) -> None:
    """Delete an installed add-in file (gone already: nothing to do), or say what to close."""
    try:
        path.unlink(missing_ok=True)
    except PermissionError:
        raise SystemExit("bianpai: " + L.text("addin.in_use", lang, path=path, command=command)) from None


# --- doctor ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Finding:
    """One line of the doctor's report: what was found, and the fix if it is a problem."""

    ok: bool
    text: str
    fix: str = ""


def _version_tuple(version: str) -> tuple[int, ...]:
    out: list[int] = []
    for part in version.split("."):
        digits = "".join(c for c in part if c.isdigit())
        if not digits:
            break
        out.append(int(digits))
    return tuple(out)


def _quoted(path: str) -> str:
    return f'"{path}"' if " " in path else path


def _conf_file_setting(path: Path, key: str) -> str:
    """``key``'s value in an xlwings-style config file (``"KEY","value"`` lines), or ''."""
    try:
        lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return ""
    for line in lines:
        name, _, value = line.partition(",")
        if name.strip().strip('"').upper() == key:
            return value.strip().strip('"')
    return ""


def _imports_bianpai(python: str) -> str | None:
    """None if ``python`` imports Bianpai and xlwings, else the error it gave."""
    try:
        done = subprocess.run([python, "-c", IMPORT_CHECK], capture_output=True, text=True,
                              timeout=IMPORT_CHECK_TIMEOUT)
    except (OSError, subprocess.TimeoutExpired) as e:
        return str(e)
    if done.returncode != 0:
        return (done.stderr.strip().splitlines() or ["exit code %d" % done.returncode])[-1]
    return None


def addin_findings(path: Path, lang: str, platform: str, home: Path) -> list[Finding]:
    """Which config the installed add-in at ``path`` reads, and what its interpreter is."""
    t = lambda key, **fmt: L.text(key, lang, **fmt)  # noqa: E731
    reinstall = "bianpai addin install" + (" --next-step" if path.name == build_addin.NEXT_STEP_ADDIN_NAME
                                           else "")
    project = project_name_for(path.name)
    with zipfile.ZipFile(path) as z:
        parts = {n: z.read(n) for n in (build_addin.WORKBOOK_PART, build_addin.CONF_SHEET_PART,
                                        build_addin.SHARED_STRINGS_PART)}
    sheet, settings = build_addin.config_sheet(parts)
    conf_file = user_config_file(project, platform, home)
    key = "INTERPRETER_MAC" if platform.startswith("darwin") else "INTERPRETER_WIN"
    out: list[Finding] = []
    if sheet == f"{project}.conf":
        source, interpreter = t("doctor.source_sheet", sheet=sheet), settings.get(key, "")
        conda_path = settings.get("CONDA PATH", "")
        conda_env = settings.get("CONDA ENV", "")
    else:
        source = ""
        interpreter = _conf_file_setting(conf_file, key)
        conda_path, conda_env = _conf_file_setting(conf_file, "CONDA PATH"), _conf_file_setting(
            conf_file, "CONDA ENV")
    if sheet == f"{project}.conf":
        out.append(Finding(True, t("doctor.reads", addin=path.name, source=source, file=conf_file)))
    else:
        out.append(Finding(True, t("doctor.reads_file", addin=path.name, file=conf_file)))
    if conda_path and not platform.startswith("darwin"):
        exists = Path(conda_path).is_dir()
        out.append(Finding(exists, t("doctor.conda_names", path=conda_path, env=conda_env),
                           "" if exists else reinstall))
        return out
    if not interpreter:
        out.append(Finding(False, t("doctor.names_no_python"), reinstall))
        return out
    if not Path(interpreter).is_file():
        out.append(Finding(False, t("doctor.python_missing", python=interpreter), reinstall))
        return out
    error = _imports_bianpai(interpreter)
    if error is None:
        out.append(Finding(True, t("doctor.names_python", python=interpreter)))
    else:
        out.append(Finding(False, t("doctor.no_import", python=interpreter, error=error),
                           f"{_quoted(sys.executable)} -m bianpai.addin.cli addin install"))
    return out


def doctor(target: Path | None, lang: str = L.DEFAULT_LANGUAGE, platform: str = sys.platform,
           environ: Mapping[str, str] = os.environ, home: Path | None = None,
           executable: str = sys.executable) -> list[Finding]:
    """Every check of ``bianpai addin doctor``, in the order it prints them."""
    # start-up time: xlwings (and Excel) only for the add-in commands
    import xlwings

    home = Path.home() if home is None else home
    t = lambda key, **fmt: L.text(key, lang, **fmt)  # noqa: E731
    here = _quoted(sys.executable)
    out = [Finding(True, t("doctor.python", python=sys.executable, version=sys.version.split()[0]))]
    if platform.startswith("win") and STORE_PYTHON_FOLDER in executable.lower():
        out.append(Finding(False, t("doctor.store_python"),
                           "https://www.python.org/downloads/ → py -m pip install bianpai-….whl → "
                           "py -m bianpai.addin.cli addin install"))
    if _version_tuple(xlwings.__version__) >= _version_tuple(build_addin.XLWINGS_MINIMUM):
        out.append(Finding(True, t("doctor.xlwings", version=xlwings.__version__)))
    else:
        out.append(Finding(False, t("doctor.xlwings_old", version=xlwings.__version__,
                                    minimum=build_addin.XLWINGS_MINIMUM),
                           f'{here} -m pip install --upgrade "xlwings>={build_addin.XLWINGS_MINIMUM}" '
                           f"&& bianpai addin install"))
    out.append(Finding(True, t("doctor.bianpai_imports")))
    conda = conda_settings(environ)
    if conda:
        out.append(Finding(True, t("doctor.conda", path=conda[0], env=conda[1])))
    try:
        folder: Path | None = xlstart_dir(target, lang)
    except SystemExit:
        folder = None
        out.append(Finding(False, t("doctor.no_xlstart"), "bianpai addin doctor --target FOLDER"))
        out.append(Finding(True, t("doctor.xlstart_where", win=XLSTART_WINDOWS, mac=XLSTART_MACOS)))
        if platform.startswith("darwin"):
            out.append(Finding(True, t("doctor.macos_permission")))
    if folder is not None:
        installed = [folder / n for n in (build_addin.FULL_ADDIN_NAME, build_addin.NEXT_STEP_ADDIN_NAME)
                     if (folder / n).is_file()]
        if not installed:
            out.append(Finding(False, t("doctor.not_installed", folder=folder), "bianpai addin install"))
        elif len(installed) > 1:
            out.append(Finding(False, t("doctor.both_installed", folder=folder), "bianpai addin install"))
        for path in installed:
            out.append(Finding(True, t("doctor.installed", path=path)))
            out.extend(addin_findings(path, lang, platform, home))
    xlwings_conf = Path(xlwings.USER_CONFIG_FILE)
    key = "INTERPRETER_MAC" if platform.startswith("darwin") else "INTERPRETER_WIN"
    other = _conf_file_setting(xlwings_conf, key)
    if other and os.path.normcase(other) != os.path.normcase(sys.executable):
        out.append(Finding(False, t("doctor.xlwings_conf_other", file=xlwings_conf, python=other),
                           "xlwings config create --force"))
    if platform.startswith("darwin"):
        script = (home / "Library" / "Application Scripts" / "com.microsoft.Excel"
                  / f"xlwings-{xlwings.__version__}.applescript")
        if not script.is_file():
            out.append(Finding(False, t("doctor.no_applescript", file=script), "xlwings runpython install"))
    return out


def print_report(findings: list[Finding], lang: str) -> int:
    """Print the findings (problems with their fix); 0 if there is none, else 1."""
    problems = 0
    for f in findings:
        print(("  ok  " if f.ok else "  !!  ") + f.text)
        if not f.ok:
            problems += 1
            if f.fix:
                print("      " + L.text("doctor.fix", lang, command=f.fix))
    print(L.text("doctor.all_ok" if problems == 0 else "doctor.problems", lang, n=problems))
    return 0 if problems == 0 else 1


def run(args: argparse.Namespace) -> int:
    if args.addin_command == "build":
        for path in build_addin.build(args.out):
            print(f"built {path}")
        return 0
    if args.addin_command == "lite":
        # start-up time: a command imports only what it runs (tests/test_cli_help.py)
        from ..excel import lite_bundle

        for path in lite_bundle.write(args.out):
            print(f"wrote {path}")
        for lang in L.LANGUAGES:
            print(L.text("addin.lite_written", lang, folder=args.out))
        return 0
    if args.addin_command == "doctor":
        return print_report(doctor(args.target, args.lang), args.lang)
    lang = getattr(args, "lang", L.DEFAULT_LANGUAGE)
    target_dir = xlstart_dir(args.target, lang)
    if args.addin_command == "remove":
        for name in (build_addin.FULL_ADDIN_NAME, build_addin.NEXT_STEP_ADDIN_NAME):
            remove_addin(target_dir / name, lang, "bianpai addin remove")
        print(f"removed the Bianpai add-ins from {target_dir}")
        return 0
    settings = None if args.no_config else interpreter_settings()
    installed = install(target_dir, next_step=args.next_step, settings=settings, lang=lang)
    print(f"installed {installed}" + (f" ({', '.join(f'{k}: {v}' for k, v in settings.items())})"
                                      if settings else ""))
    if sys.platform.startswith("darwin"):
        # start-up time: xlwings (and Excel) only for the add-in commands
        from xlwings.cli import runpython_install

        runpython_install(None)  # the AppleScript RunPython needs on macOS
    print("Restart Excel: the 编排 Bianpai tab appears on the ribbon.")
    print("bianpai addin doctor:")
    print_report(doctor(target_dir, args.lang), args.lang)
    return 0  # installed; the report says what is still wrong
