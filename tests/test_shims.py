"""The module paths installed add-ins and Lite scripts call still work after the package
tree was reshaped (issue 28): each old path is a shim giving the names its callers use."""

import importlib
import os
import subprocess
import sys

import pytest

CALLERS = {
    # addin/excel/vba/RibbonBianpai.bas: RunPython("import bianpai.addin.xl as bianpai_xl;
    # bianpai_xl.run_from_excel(...)"); older Lite scripts: xl.ENTRY_FUNCTIONS
    "bianpai.addin.xl": ["run_from_excel", "ENTRY_FUNCTIONS", "next_step"],
    # the known-good add-in bianpai.addin.next_step.xlam runs bianpai.addin.next_step.main()
    "bianpai.addin.next_step": ["main"],
    # the README and scripts: python -m bianpai.addin.cli, from bianpai.addin.cli import main
    "bianpai.addin.cli": ["main", "parser", "HelpWords", "quick_exit"],
    # older Lite scripts: from bianpai.addin.jobtable import Job, ribbon_jobs
    "bianpai.addin.jobtable": ["Job", "ribbon_jobs", "JOBS", "command"],
}


@pytest.mark.parametrize("module", sorted(CALLERS))
def test_the_old_module_path_gives_what_its_callers_use(module):
    m = importlib.import_module(module)
    missing = [name for name in CALLERS[module] if not hasattr(m, name)]
    assert missing == []


def test_the_udfs_shim_exposes_every_worksheet_function_to_xlwings():
    """xlwings reads the decorated functions from the module named in its settings."""
    old = importlib.import_module("bianpai.addin.udfs")
    new = importlib.import_module("bianpai.addin.excel.udfs")
    assert list(new.__all__)
    for name in new.__all__:
        assert getattr(old, name) is getattr(new, name), name
    star: dict[str, object] = {}
    exec("from bianpai.addin.udfs import *", star)
    assert set(new.__all__) <= set(star)


def test_the_shims_give_the_moved_modules_own_objects():
    # run_from_excel lives in excel.entry (above xl and the self-test, which it chooses between)
    pairs = {"bianpai.addin.xl": ("bianpai.addin.excel.entry", "bianpai.addin.excel.xl"),
             "bianpai.addin.next_step": ("bianpai.addin.excel.next_step",),
             "bianpai.addin.jobtable": ("bianpai.addin.jobs.table",),
             "bianpai.addin.cli": ("bianpai.addin.cli.app",)}
    for old, new in pairs.items():
        o, ns = importlib.import_module(old), [importlib.import_module(m) for m in new]
        for name in CALLERS[old]:
            n = next(m for m in ns if hasattr(m, name))
            assert getattr(o, name) is getattr(n, name), (old, name)


def test_python_m_bianpai_addin_cli_runs_the_command():
    env = {k: v for k, v in os.environ.items() if k not in ("LC_ALL", "LC_MESSAGES", "LANG")}
    out = subprocess.run([sys.executable, "-m", "bianpai.addin.cli", "--help"], capture_output=True,
                         text=True, env=env, timeout=300)
    assert out.returncode == 0, out.stderr
    assert "trf-pair" in out.stdout
