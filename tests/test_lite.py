"""The xlwings Lite script (``addin/excel/lite/main.py``) runs the same jobs.

Lite hands each ``@script`` function the workbook as ``xlwings.Book(json=...)``,
the same remote interpreter the add-in tests use, so the scripts are run here on
the same Office.js payloads: each must produce exactly the actions of the
add-in's entry function for its job. The requirements list must name Bianpai.
"""

from __future__ import annotations

import importlib.util
import inspect
import shutil
from pathlib import Path

import openpyxl
import pytest
import xlwings as xw

import remote
from bianpai.addin.cli import app as cli
from bianpai.addin.excel import xl

LITE = Path(xl.__file__).parent / "lite"

SCRIPT_JOBS = {
    "next_step": "next_step", "new_event": "new_event", "draw_numbers": "draw", "check": "check",
    "pair_next_round": "pair", "pair_provisional": "pair_provisional",
    "undo_last_round": "undo", "update_standings": "standings", "export_trf": "export_trf",
    "pairing_cards": "cards", "score_slips": "slips", "share": "share", "import_players": "import_players",
}
"""Each Lite script and the ribbon job it runs: one script per ribbon button."""


@pytest.fixture(autouse=True)
def licence(monkeypatch):
    monkeypatch.setenv("XLWINGS_LICENSE_KEY", "noncommercial")
    remote.ensure_remote_engine()


@pytest.fixture(scope="module")
def lite():
    spec = importlib.util.spec_from_file_location("bianpai_lite_main", LITE / "main.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def event(tmp_path_factory) -> Path:
    """Seven players, round 1 paired (no results yet)."""
    d = tmp_path_factory.mktemp("lite")
    (d / "p.csv").write_text("No.,Name\n" + "".join(f"{i},P{i}\n" for i in range(1, 8)),
                             encoding="utf-8")
    ev = d / "ev.xlsx"
    assert cli.main(["new", str(ev), "--lang", "en"]) == 0
    assert cli.main(["import-players", str(ev), str(d / "p.csv")]) == 0
    assert cli.main(["pair", str(ev)]) == 0
    return ev


def actions_of(path: Path | None, function) -> list[dict]:
    wb = openpyxl.load_workbook(path) if path else openpyxl.Workbook()
    book = xw.Book(json=remote.payload_from_workbook(wb))
    function(book)
    return book.json()["actions"]


@pytest.fixture(scope="module")
def add_in_runs(event, tmp_path_factory) -> dict[str, tuple[dict, list[dict]]]:
    """For each Lite script: (the Office.js payload it is handed — the shared event, a new
    workbook for new_event —, the actions the add-in's entry function for its job returns
    on that payload). Made once for the module: the CPython scripts and the four Pyodide
    runs are all compared with these, instead of each running every job again."""
    import copy

    d = tmp_path_factory.mktemp("add-in-runs")
    runs = {}
    for script, name in SCRIPT_JOBS.items():
        path = None if script == "new_event" else d / f"{script}.xlsx"
        if path:
            shutil.copy(event, path)
        wb = openpyxl.load_workbook(path) if path else openpyxl.Workbook()
        payload = remote.payload_from_workbook(wb)
        runs[script] = (copy.deepcopy(payload), actions_of(path, xl.ENTRY_FUNCTIONS[name]))
    return runs


def test_one_script_per_ribbon_job(lite):
    scripts = {name for name, f in vars(lite).items()
               if inspect.isfunction(f) and f.__module__ == lite.__name__ and not name.isupper()
               and not name.startswith("_")}  # _script: the helper that makes them from the job table
    assert scripts == set(SCRIPT_JOBS)
    assert set(SCRIPT_JOBS.values()) == set(xl.JOB_NAMES)
    for name in scripts:
        (param,) = inspect.signature(getattr(lite, name)).parameters.values()
        assert param.name == "book" and param.annotation in (xw.Book, "xw.Book")


@pytest.mark.parametrize("script", sorted(SCRIPT_JOBS))
def test_script_does_what_the_add_in_does(lite, event, add_in_runs, tmp_path, script):
    path = None if script == "new_event" else tmp_path / "ev.xlsx"
    if path:
        shutil.copy(event, path)
    got = actions_of(path, getattr(lite, script))
    expected = add_in_runs[script][1]
    assert got == expected
    assert got  # every job does something: writes, or one message box


def test_draw_script_before_round_1_does_what_the_add_in_does(lite, tmp_path):
    """The shared event already has round 1, where 抽签 is refused (one message box);
    before round 1 the draw script renumbers the Players sheet as the add-in does."""
    (tmp_path / "p.csv").write_text("No.,Name,Seed\n" + "".join(
        f"{i},P{i},{'yes' if i <= 2 else ''}\n" for i in range(1, 8)), encoding="utf-8")
    path = tmp_path / "ev.xlsx"
    assert cli.main(["new", str(path), "--lang", "en"]) == 0
    assert cli.main(["import-players", str(path), str(tmp_path / "p.csv")]) == 0
    got = actions_of(path, lite.draw_numbers)
    assert got == actions_of(path, xl.ENTRY_FUNCTIONS["draw"])
    assert "setValues" in [a["func"] for a in got] and "alert" not in [a["func"] for a in got]


def test_worksheet_functions_are_the_add_in_ones(lite):
    from bianpai.addin.excel import udfs

    row = ["红", "黑", "黑", None]
    assert lite.BIANPAI_COLOUR_DIFF(row) == udfs.BIANPAI_COLOUR_DIFF(row) == -1
    assert lite.BIANPAI_COLOUR_STATE(row) == udfs.BIANPAI_COLOUR_STATE(row) == "少先连后"
    assert lite.BIANPAI_COLOUR_WANT(row, "en") == "R"
    assert lite.BIANPAI_FLOATS(["↓", "↑", "↓"]) == 2
    assert lite.BIANPAI_FLOATS(["↓", "↑", "↓"], "up") == 1


def test_requirements_name_bianpai():
    lines = [line.strip() for line in (LITE / "requirements.txt").read_text(encoding="utf-8").splitlines()
             if line.strip() and not line.lstrip().startswith("#")]
    assert lines == ["bianpai>=0.1.0"]


# --- lite/main.py under real Pyodide in Node.js (issue 14) ------------------------------

ROOT = Path(__file__).resolve().parents[1]
NODE = shutil.which("node")
PYODIDE_VERSIONS = ("0.27.7", "314.0.8")
"""Decision: the Pyodides the test runs (npm's ``pyodide`` package): 0.27 (Python 3.12),
which has no rustworkx build at all, and 314 (Python 3.14), the platform xlwings publishes
its own Pyodide wheels for. Lite installs no rustworkx on either (pyproject's markers)."""
PYODIDE_CACHE = ROOT / "build" / "pyodide-test"
"""Where npm's pyodide and the bootstrap wheels are kept between runs (git-ignored)."""
ABSENT_IN_LITE = ("pandas", "rustworkx", "ms_ovba", "numpy")
"""What Lite must not install for Bianpai (its metadata leaves them out under emscripten)."""

DRIVER = r'''
import importlib.util, json, os, sys
# As in xlwings Lite: the remote interpreter's licence, and xlwings' server-side
# decorators (func/script register functions and scripts there).
os.environ["XLWINGS_LICENSE_KEY"] = "noncommercial"
os.environ["XLWINGS_ON_SERVER"] = "true"
import micropip
job = json.load(open("/job/job.json", encoding="utf-8"))
# What xlwings Lite itself comes with (xlwings), before the user's tab.
await micropip.install(job["lite_provides"])
# The requirements.txt tab as Lite reads it: every line but blanks and comments.
requirements = [line.strip() for line in open("/job/requirements.txt", encoding="utf-8")
                if line.strip() and not line.strip().startswith("#")]
await micropip.install(requirements)
result = {"python": sys.version, "platform": sys.platform, "requirements": requirements,
          "packages": sorted(micropip.list()),
          "present": {m: importlib.util.find_spec(m) is not None for m in job["absent"]}}
import xlwings as xw
from xlwings.pro import udfs_officejs as u
spec = importlib.util.spec_from_file_location("main", "/job/main.py")
lite = importlib.util.module_from_spec(spec)
spec.loader.exec_module(lite)
import bianpai.addin.xl
result["bianpai_from"] = bianpai.addin.xl.__file__
result["scripts"] = sorted(s["function_name"] for s in u.custom_scripts_meta(lite))
result["functions"] = sorted(f["name"] for f in u.custom_functions_meta(lite)["functions"])
result["actions"] = {}
for name, payload in job["payloads"].items():
    book = xw.Book(json=payload)
    await u.custom_scripts_call(lite, name, typehint_to_value={xw.Book: book})
    result["actions"][name] = book.json()["actions"]
result["calls"] = []
for call in job["calls"]:
    data = {"func_name": call["func"], "args": call["args"], "version": xw.__version__,
            "client": "Office.js", "runtime": "1.4", "culture_info_name": "zh-CN",
            "date_format": "yyyy/m/d"}  # what Excel sends with a call
    result["calls"].append(await u.custom_functions_call(data, lite))
from bianpai.engine import matching
result["rustworkx_used"] = bool(matching.rustworkx()) if hasattr(matching, "rustworkx") else None
with open("/job/result.json", "w", encoding="utf-8") as f:
    json.dump(result, f, ensure_ascii=False)
'''

RUNNER = r'''
import { loadPyodide } from "pyodide";
import fs from "node:fs";
import path from "node:path";
const [bootDir, jobDir] = process.argv.slice(2);
const py = await loadPyodide();
// micropip and its one dependency come as wheels from PyPI (no Pyodide CDN here).
for (const name of fs.readdirSync(bootDir).filter((n) => n.endsWith(".whl"))) {
  py.unpackArchive(new Uint8Array(fs.readFileSync(path.join(bootDir, name))), "wheel");
}
py.FS.mkdirTree("/job");
py.FS.mount(py.FS.filesystems.NODEFS, { root: jobDir }, "/job");
try {
  await py.runPythonAsync(fs.readFileSync(path.join(jobDir, "driver.py"), "utf8"));
} catch (e) {
  console.error(String(e && e.message ? e.message : e));  // the Python traceback
  process.exit(1);
}
'''


def _run(cmd: list[str], cwd: Path | None = None, timeout: int = 600) -> None:
    import subprocess

    done = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=timeout)
    assert done.returncode == 0, f"{' '.join(cmd)}\n{done.stdout[-3000:]}\n{done.stderr[-6000:]}"


def pyodide_ready(version: str) -> tuple[Path, Path]:
    """(npm folder, bootstrap wheels) of npm's pyodide ``version``: the micropip and
    packaging wheels its lock names, from PyPI."""
    import fcntl

    PYODIDE_CACHE.mkdir(parents=True, exist_ok=True)
    with open(PYODIDE_CACHE / ".lock", "w") as lock:  # pytest-xdist: one worker fills the cache
        fcntl.flock(lock, fcntl.LOCK_EX)
        return _pyodide_ready(version)


def _pyodide_ready(version: str) -> tuple[Path, Path]:
    import json
    import sys

    folder = PYODIDE_CACHE / version
    modules = folder / "node_modules" / "pyodide"
    if not (modules / "package.json").is_file() or json.loads(
            (modules / "package.json").read_text())["version"] != version:
        folder.mkdir(parents=True, exist_ok=True)
        _run(["npm", "install", "--no-audit", "--no-fund", "--prefix", str(folder), f"pyodide@{version}"])
    boot = folder / "boot"
    if not boot.is_dir():
        lock = json.loads((modules / "pyodide-lock.json").read_text())
        python = ".".join(lock["info"]["python"].split(".")[:2])
        wanted = [f"{n}=={lock['packages'][n]['version']}" for n in ("micropip", "packaging")]
        tmp = boot.with_suffix(".tmp")
        _run([sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--only-binary=:all:",
              "--python-version", python, "-d", str(tmp), *wanted])
        tmp.rename(boot)
    if not (folder / "runner.mjs").is_file() or (folder / "runner.mjs").read_text(encoding="utf-8") != RUNNER:
        (folder / "runner.mjs").write_text(RUNNER, encoding="utf-8")
    return folder, boot


@pytest.fixture(scope="module")
def bianpai_wheel(tmp_path_factory) -> Path:
    """This tree as the wheel Lite's requirements tab would name (built from a copy,
    so the build leaves nothing in the tree)."""
    import sys

    if NODE is None:
        return Path("not-built")
    import os

    if os.environ.get("BIANPAI_WHEEL"):  # the release workflow: the wheel it built and will publish
        return Path(os.environ["BIANPAI_WHEEL"])
    source = tmp_path_factory.mktemp("source")
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, source / name)
    for name in ("engine", "addin"):
        shutil.copytree(ROOT / name, source / name, ignore=shutil.ignore_patterns("__pycache__"))
    out = tmp_path_factory.mktemp("wheel")
    _run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(out), str(source)])
    (wheel,) = out.glob("bianpai-*.whl")
    return wheel


def lite_provides() -> list[str]:
    """What xlwings Lite brings itself, as the test installs it first: xlwings, within
    Bianpai's own bounds (pyproject.toml)."""
    import tomllib

    deps = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["dependencies"]
    return [d for d in deps if d.startswith("xlwings")]


LITE_ROUTES = ("pasted", "index")
"""The two ways to Lite: ``pasted`` — the main.py and requirements.txt ``bianpai addin
lite`` writes, run exactly as written (no package index has Bianpai); ``index`` — the
repository's lite/main.py and requirements.txt, its ``bianpai`` line served by this
tree's wheel as the index will serve it once Bianpai is published (``$BIANPAI_WHEEL``:
a wheel already built, as the release workflow tests it)."""


@pytest.mark.parametrize("route", LITE_ROUTES)
@pytest.mark.parametrize("version", PYODIDE_VERSIONS)
def test_lite_script_under_pyodide_in_node_without_rustworkx(event, add_in_runs, bianpai_wheel, tmp_path,
                                                             capsys, version, route):
    """The Lite tabs in real Pyodide (Node.js): micropip installs the requirements tab,
    which brings no pandas and no rustworkx; Lite finds one script per ribbon job and
    the add-in's worksheet functions; each script, run as Lite runs it on an
    Office.js payload of the event, returns exactly the actions CPython's add-in
    entry function returns; the worksheet functions give the add-in's values.
    Pasted: the files as written, Bianpai imported from main.py's own folder and
    not installed by micropip (before: the test swapped the requirements line)."""
    import json

    from bianpai.addin.excel import lite_bundle, udfs

    if NODE is None:
        with capsys.disabled():
            print("\ntest_lite: SKIPPED the Pyodide run of lite/main.py: node is not installed")
        pytest.skip("node is not installed: the Pyodide run of lite/main.py needs Node.js")
    folder, boot = pyodide_ready(version)
    job = tmp_path / "job"
    job.mkdir()
    if route == "pasted":
        assert cli.main(["addin", "lite", "--out", str(job)]) == 0
    else:
        wheel = shutil.copy(bianpai_wheel, job / bianpai_wheel.name)
        lines = (LITE / "requirements.txt").read_text(encoding="utf-8").splitlines()
        (job / "requirements.txt").write_text("\n".join(
            f"emfs:/job/{Path(wheel).name}" if line.startswith("bianpai") else line for line in lines),
            encoding="utf-8")
        shutil.copy(LITE / "main.py", job / "main.py")
    payloads = {script: add_in_runs[script][0] for script in SCRIPT_JOBS}
    expected = {script: add_in_runs[script][1] for script in SCRIPT_JOBS}
    wb = openpyxl.load_workbook(event)
    settings, round1 = (remote.sheet_values(wb.worksheets[0]),
                        remote.sheet_values(wb[next(n for n in wb.sheetnames if n.startswith("Round"))]))
    calls = [{"func": "BIANPAI_SCORE", "args": [[[n]], settings, [round1]]} for n in (1, 4, 7)]
    calls += [{"func": "BIANPAI_COLOUR_DIFF", "args": [[["红", "黑", "黑", None]]]},
              {"func": "BIANPAI_FLOATS", "args": [[["↓", "↑", "↓"]], [["up"]]]}]
    (job / "job.json").write_text(json.dumps({"absent": ABSENT_IN_LITE, "payloads": payloads,
                                              "calls": calls, "lite_provides": lite_provides()},
                                             default=str), encoding="utf-8")
    pasted = {name: (job / name).read_bytes() for name in ("main.py", "requirements.txt")}
    (job / "driver.py").write_text(DRIVER, encoding="utf-8")
    _run([NODE, str(folder / "runner.mjs"), str(boot), str(job)], cwd=folder)
    result = json.loads((job / "result.json").read_text(encoding="utf-8"))
    assert {name: (job / name).read_bytes() for name in pasted} == pasted  # run as written
    installed = {p.split()[0].lower() if isinstance(p, str) else p for p in result["packages"]}
    if route == "pasted":
        assert result["requirements"] == lite_bundle.pyodide_requirements() == [
            "openpyxl>=3.1", "pypinyin>=0.44", "segno>=1.5"]
        assert "bianpai" not in installed
        assert result["bianpai_from"].startswith("/tmp/bianpai-lite-")
    else:
        assert "bianpai" in installed
    assert result["platform"] == "emscripten"
    assert result["python"].startswith({"0.27.7": "3.12.", "314.0.8": "3.14."}[version])
    assert result["present"] == {m: False for m in ABSENT_IN_LITE}, result["packages"]
    assert result["rustworkx_used"] in (False, None)
    assert result["scripts"] == sorted(SCRIPT_JOBS)
    assert result["functions"] == sorted(udfs.__all__)
    for script in SCRIPT_JOBS:
        assert result["actions"][script] == json.loads(json.dumps(expected[script], default=str)), script
    scores = [udfs.BIANPAI_SCORE(n, settings, round1) for n in (1, 4, 7)]
    assert result["calls"][:3] == [[[s]] for s in scores]
    assert result["calls"][3:] == [[[-1]], [[1]]]


def test_under_pyodide_bianpai_requires_only_what_the_lite_script_uses():
    """Evaluated as micropip does under Pyodide (``sys_platform`` "emscripten"), the
    dependencies are openpyxl and xlwings, and for 分享's page segno (its QR code) and
    pypinyin (the find-your-board order), both pure Python; rustworkx, the add-in builder,
    the file backend's readers (python-calamine, defusedxml; pandas for registration lists)
    and Pillow (the share images, made on the desktop only) stay on the desktop (without
    node, this is the part of the Lite check left)."""
    import tomllib

    from packaging.requirements import Requirement

    deps = [Requirement(d) for d in tomllib.loads((ROOT / "pyproject.toml").read_text(
        encoding="utf-8"))["project"]["dependencies"]]
    pyodide = {"sys_platform": "emscripten", "platform_system": "Emscripten"}
    assert sorted(d.name for d in deps if d.marker is None or d.marker.evaluate(pyodide)) == [
        "openpyxl", "pypinyin", "segno", "xlwings"]
    desktop = {"sys_platform": "win32", "platform_system": "Windows"}
    assert sorted(d.name for d in deps if d.marker is None or d.marker.evaluate(desktop)) == [
        "Pillow", "defusedxml", "ms-cfb", "ms-ovba", "ms-ovba-compression", "ms-ovba-crypto", "openpyxl",
        "pandas", "pypinyin", "python-calamine", "rustworkx", "segno", "xlwings"]


# --- `bianpai addin lite`: the tabs to paste, Bianpai inside main.py (issue 26) ----------------


def test_addin_lite_writes_main_and_requirements_deterministically(tmp_path):
    """The same Bianpai gives the same two files; main.py is the prologue carrying every
    Python file of the packages, then lite/main.py unchanged; requirements.txt
    names what Bianpai needs under Pyodide besides xlwings (no ``bianpai`` line)."""
    import base64
    import io
    import zipfile

    from bianpai.addin.excel import lite_bundle

    assert cli.main(["addin", "lite", "--out", str(tmp_path / "a")]) == 0
    assert cli.main(["addin", "lite", "--out", str(tmp_path / "b")]) == 0
    for name in ("main.py", "requirements.txt"):
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes()
    main = (tmp_path / "a" / "main.py").read_text(encoding="utf-8")
    assert main.endswith((LITE / "main.py").read_text(encoding="utf-8"))
    lines = [line.strip() for line in (tmp_path / "a" / "requirements.txt").read_text(encoding="utf-8")
             .splitlines() if line.strip() and not line.startswith("#")]
    assert lines == ["openpyxl>=3.1", "pypinyin>=0.44", "segno>=1.5"]
    prologue = main[:main.index(lite_bundle.PROLOGUE_END)]
    text = "".join(part[5:-2] for part in prologue.splitlines() if part.startswith('    "'))
    names = zipfile.ZipFile(io.BytesIO(base64.b64decode(text))).namelist()
    root = Path(xl.__file__).parents[2]
    expected = sorted(f"bianpai/{p.relative_to(root).as_posix()}" for p in [
        *(p for p in root.glob("engine/**/*.py") if "__pycache__" not in p.parts),
        *(p for p in root.glob("addin/**/*.py") if "__pycache__" not in p.parts and "lite" not in p.parts),
        root / "engine/py.typed", root / "addin/py.typed"])
    assert sorted(names) == expected


def test_the_pasted_main_imports_bianpai_from_its_own_folder(tmp_path):
    """Run as CPython runs it, in a fresh interpreter: main.py unpacks Bianpai, imports it
    from there (before the installed one) and defines every script and worksheet function."""
    import json
    import os
    import subprocess
    import sys

    assert cli.main(["addin", "lite", "--out", str(tmp_path)]) == 0
    probe = (
        "import json, runpy, sys\n"
        f"g = runpy.run_path({str(tmp_path / 'main.py')!r})\n"
        "import bianpai.addin.xl as x\n"
        "print(json.dumps({'folder': g['BIANPAI_FOLDER'], 'xl': x.__file__,"
        " 'names': sorted(n for n in g if not n.startswith('_'))}))\n")
    env = {**os.environ, "XLWINGS_LICENSE_KEY": "noncommercial", "TMPDIR": str(tmp_path)}
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=env,
                          cwd=tmp_path, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    got = json.loads(done.stdout.splitlines()[-1])
    assert got["folder"].startswith(str(tmp_path)) and got["xl"].startswith(got["folder"])
    assert set(SCRIPT_JOBS) <= set(got["names"])
    from bianpai.addin.excel import udfs

    assert set(udfs.__all__) <= set(got["names"])
