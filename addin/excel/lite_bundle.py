"""``bianpai addin lite``: the xlwings Lite files, ready to paste, Bianpai inside.

xlwings Lite installs what its ``requirements.txt`` tab names from the package
index (micropip under Pyodide). Until Bianpai is published there, the line
``bianpai`` cannot be installed ("Can't fetch metadata for 'bianpai'"), and a
wheel URL needs a web server that allows cross-origin downloads. So this command
writes the two tabs with Bianpai carried inside ``main.py``:

* ``main.py`` — a prologue holding Bianpai's Python files (zipped, base64, as
  string lines), which unpacks them into a folder of the session and puts it
  first on ``sys.path``; then the Lite script ``addin/excel/lite/main.py`` unchanged;
* ``requirements.txt`` — what Bianpai itself needs under Pyodide, read from its
  installed metadata with the Pyodide markers (openpyxl; xlwings is part of Lite).

Deterministic: the same installed Bianpai gives the same two files, byte for byte.
When Bianpai is on the index, ``addin/excel/lite/requirements.txt`` (the line
``bianpai>=…``) and ``addin/excel/lite/main.py`` are the shorter route.
"""

from __future__ import annotations

import base64
import io
import zipfile
from pathlib import Path
import importlib
from importlib.metadata import version as dist_version
import re
from importlib.metadata import requires

HERE = Path(__file__).resolve().parent
LITE_DIR = HERE / "lite"

PACKAGES = (
    "bianpai.addin",
    "bianpai.addin.cli",
    "bianpai.addin.excel",
    "bianpai.addin.files",
    "bianpai.addin.jobs",
    "bianpai.addin.share",
    "bianpai.addin.workbook",
    "bianpai.addin.workbook.sheets",
    "bianpai.addin.workbook.sheets.team",
    "bianpai.addin.workbook.words",
    "bianpai.engine",
    "bianpai.engine.constraints",
    "bianpai.engine.formats",
    "bianpai.engine.history",
    "bianpai.engine.matching",
    "bianpai.engine.simulate",
    "bianpai.engine.standings",
    "bianpai.engine.systems",
    "bianpai.engine.systems.chinese",
    "bianpai.engine.systems.chinese.dingwei",
    "bianpai.engine.systems.dutch",
    "bianpai.engine.systems.dutch.bracket",
    "bianpai.engine.systems.dutch.shortcuts",
    "bianpai.engine.teams",
)
"""The packages carried (their ``.py`` files and ``py.typed``): the whole of Bianpai's
Python, so no job meets a module left out (the same list as pyproject.toml's packages,
tests/test_module_imports.py)."""

ZIP_DATE_TIME = (2026, 1, 1, 0, 0, 0)
"""Decision: every zip entry's timestamp, so the same package gives the same main.py."""

LINE_WIDTH = 100
"""Characters of base64 per string line of the prologue."""

PYODIDE_MARKERS = {"sys_platform": "emscripten", "platform_system": "Emscripten",
                   "os_name": "posix", "platform_machine": "wasm32"}
"""The environment markers micropip evaluates under Pyodide (xlwings Lite)."""

PROVIDED_BY_LITE = ("xlwings",)
"""Requirements xlwings Lite provides itself (not listed in requirements.txt)."""

PROLOGUE_START = "# >>> Bianpai, carried inside this script"
PROLOGUE_END = "# <<< Bianpai"


def package_zip() -> bytes:
    """Bianpai's Python files as installed, zipped deterministically (sorted, fixed times)."""
    files: list[tuple[str, bytes]] = []
    for name in PACKAGES:
        folder = Path(importlib.import_module(name).__file__ or "").parent
        prefix = name.replace(".", "/")
        for path in sorted(folder.iterdir()):
            if path.is_file() and (path.suffix == ".py" or path.name == "py.typed"):
                files.append((f"{prefix}/{path.name}", path.read_bytes()))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        for arcname, data in sorted(files):
            info = zipfile.ZipInfo(arcname, date_time=ZIP_DATE_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            z.writestr(info, data)
    return out.getvalue()


def version() -> str:
    return dist_version("bianpai")


def prologue(data: bytes, bianpai_version: str) -> str:
    """The block that makes ``import bianpai`` work in Lite without the package index."""
    text = base64.b64encode(data).decode("ascii")
    lines = [text[i:i + LINE_WIDTH] for i in range(0, len(text), LINE_WIDTH)]
    return "\n".join([
        f"{PROLOGUE_START} (bianpai {bianpai_version}, written by `bianpai addin lite`) >>>",
        "# Bianpai is not on the package index yet, so its Python files come with this script:",
        "# zipped and base64-encoded below, unpacked into a folder of this session and put first",
        "# on sys.path. Leave this block as it is; the Bianpai scripts follow it.",
        "def _bianpai_unpack(lines):",
        "    import base64, hashlib, io, os, sys, tempfile, zipfile",
        "",
        '    data = base64.b64decode("".join(lines))',
        '    tag = hashlib.sha256(data).hexdigest()[:16]',
        '    folder = os.path.join(tempfile.gettempdir(), "bianpai-lite-" + tag)',
        "    if not os.path.isdir(folder):",
        '        part = f"{folder}.{os.getpid()}.part"',
        "        zipfile.ZipFile(io.BytesIO(data)).extractall(part)",
        "        try:",
        "            os.rename(part, folder)",
        "        except OSError:  # unpacked meanwhile by another run",
        "            pass",
        "    if folder not in sys.path:",
        "        sys.path.insert(0, folder)",
        '    loaded = getattr(sys.modules.get("bianpai.addin"), "__file__", None) or folder',
        "    if not loaded.startswith(folder):  # an earlier version of this script's Bianpai",
        '        for name in [m for m in sys.modules if m == "bianpai" or m.startswith("bianpai.")]:',
        "            del sys.modules[name]",
        "    return folder",
        "",
        "",
        "BIANPAI_FOLDER = _bianpai_unpack((",
        *[f'    "{line}",' for line in lines],
        "))",
        PROLOGUE_END,
        "",
    ])


def pyodide_requirements() -> list[str]:
    """Bianpai's own requirements that apply under Pyodide, less what Lite provides.

    The markers Bianpai's metadata uses are ``sys_platform != 'emscripten'`` (desktop
    only) and ``extra == '…'`` (optional); any other marker is refused rather than guessed."""
    out = []
    for line in requires("bianpai") or []:
        spec, _, marker = (part.strip() for part in line.partition(";"))
        marker = marker.replace('"', "'")
        if re.fullmatch(r"extra == '[\w-]+'", marker) or marker == "sys_platform != 'emscripten'":
            continue
        if marker:
            raise ValueError(f"bianpai's requirement {line!r}: a marker this command does not evaluate")
        name = re.split(r"[<>=!~ \[]", spec, maxsplit=1)[0]
        if name.lower() not in PROVIDED_BY_LITE:
            out.append(spec.replace(" ", ""))
    return sorted(out)


def requirements_text(bianpai_version: str) -> str:
    lines = ["# xlwings Lite installs these when this tab is saved (written by `bianpai addin lite`,",
             f"# bianpai {bianpai_version}). Bianpai itself comes inside main.py; this is what it",
             "# needs besides xlwings, which is part of xlwings Lite.",
             *pyodide_requirements()]
    return "\n".join(lines) + "\n"


def main_text(bianpai_version: str) -> str:
    script = (LITE_DIR / "main.py").read_text(encoding="utf-8")
    return prologue(package_zip(), bianpai_version) + "\n" + script


def write(out_dir: Path) -> tuple[Path, Path]:
    """Write ``main.py`` and ``requirements.txt`` into ``out_dir``; return their paths."""
    v = version()
    out_dir.mkdir(parents=True, exist_ok=True)
    main = out_dir / "main.py"
    main.write_text(main_text(v), encoding="utf-8", newline="\n")
    reqs = out_dir / "requirements.txt"
    reqs.write_text(requirements_text(v), encoding="utf-8", newline="\n")
    return main, reqs
