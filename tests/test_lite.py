"""The xlwings Lite script (``addin/lite/main.py``) runs the same jobs.

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
from bianpai.addin import cli, xl

LITE = Path(xl.__file__).parent / "lite"

SCRIPT_JOBS = {
    "next_step": "next_step", "new_event": "new_event", "draw_numbers": "draw", "check": "check",
    "pair_next_round": "pair", "pair_provisional": "pair_provisional",
    "undo_last_round": "undo", "update_standings": "standings", "export_trf": "export_trf",
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
def test_script_does_what_the_add_in_does(lite, event, tmp_path, script):
    path = None if script == "new_event" else tmp_path / "ev.xlsx"
    if path:
        shutil.copy(event, path)
    got = actions_of(path, getattr(lite, script))
    expected = actions_of(path, xl.ENTRY_FUNCTIONS[SCRIPT_JOBS[script]])
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
    from bianpai.addin import udfs

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
