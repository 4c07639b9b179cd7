"""The import rules of issue 28, checked on the source.

* An import inside a function is there only where start-up time needs it, and
  says so: a comment naming start-up time (``start-up``) on the import's line
  or on the line above it (the line above a block of such imports serves the
  block).  Every ``.py`` file under engine/ and addin/ is a case of its own, so
  a failure names the file and lists each offender in it.
* The import contract (pyproject.toml ``[tool.importlinter]``, run by ``make
  lint``): the engine's contracts are run here too, and the list of engine
  parts that reach a system only through the registry is whole.
"""

from __future__ import annotations

import ast
import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("engine", "addin")
MARK = "start-up"
"""What the comment of an import inside a function says (``# start-up time: …``)."""

FILES = sorted(str(p.relative_to(ROOT)) for top in PACKAGES for p in (ROOT / top).rglob("*.py"))


def imports_inside_functions(source: str) -> list[ast.Import | ast.ImportFrom]:
    """The import statements inside a function (at any depth) of ``source``."""
    found: list[ast.Import | ast.ImportFrom] = []

    def walk(node: ast.AST, inside: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if inside and isinstance(child, (ast.Import, ast.ImportFrom)):
                found.append(child)
            walk(child, inside or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)))

    walk(ast.parse(source), False)
    return found


def unexplained(source: str) -> list[str]:
    """The imports inside functions of ``source`` without a start-up comment, as
    ``line: text``.  The comment is on one of the import's lines or on the line
    above it; imports one after another share the comment above the first."""
    lines = source.splitlines()
    import_lines: set[int] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            import_lines.update(range(node.lineno, (node.end_lineno or node.lineno) + 1))
    out = []
    for node in imports_inside_functions(source):
        own = range(node.lineno, (node.end_lineno or node.lineno) + 1)
        if any(MARK in _comment(lines[i - 1]) for i in own):
            continue
        i = node.lineno - 1
        while i in import_lines and MARK not in _comment(lines[i - 1]):
            i -= 1  # an import of the same block above: its comment, or the line above the block
        if i >= 1 and MARK in _comment(lines[i - 1]):
            continue
        out.append(f"{node.lineno}: {lines[node.lineno - 1].strip()}")
    return out


def _comment(line: str) -> str:
    """The comment of a source line ('' when none; a ``#`` in a string is rare
    enough in an import line, and a comment line is all comment)."""
    at = line.find("#")
    return line[at:] if at >= 0 else ""


@pytest.mark.parametrize("path", FILES)
def test_an_import_inside_a_function_says_it_is_there_for_start_up_time(path: str) -> None:
    offenders = unexplained((ROOT / path).read_text(encoding="utf-8"))
    assert not offenders, (f"{path}: {len(offenders)} import(s) inside a function without a "
                           f"'# {MARK} time: …' comment (hoist it, or say why it waits):\n"
                           + "\n".join(offenders))


def test_the_rule_reader_sees_what_it_must() -> None:
    """The reader itself: a bare lazy import is found (in a method and in a
    nested function), a commented one and a block under one comment pass, a
    top-level import is not its business."""
    source = '''import os

def f():
    import json
    def g():
        import csv
    return json, csv

class C:
    def m(self):
        # start-up time: heavy
        import zipfile
        import tarfile
        import gzip  # start-up time: also heavy
        x = 1
        import bz2
        return zipfile, tarfile, gzip, x, bz2
'''
    assert [o.split(":")[0] for o in unexplained(source)] == ["4", "6", "16"]


def _engine_parts() -> set[str]:
    engine = ROOT / "engine"
    return {p.stem if p.is_file() else p.name for p in engine.iterdir()
            if (p.suffix == ".py" and p.name != "__init__.py") or (p / "__init__.py").exists()}


def _contracts() -> dict[str, dict[str, object]]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return {c["id"]: c for c in config["tool"]["importlinter"]["contracts"]}


def test_every_engine_part_but_the_registry_reaches_a_system_through_it() -> None:
    """The contract lists the engine's parts by name: a new part is in it."""
    contract = _contracts()["engine-systems-through-registry"]
    listed = {m.removeprefix("bianpai.engine.") for m in contract["source_modules"]}  # type: ignore[union-attr]
    assert listed == _engine_parts() - {"registry", "systems"}
    assert contract["forbidden_modules"] == ["bianpai.engine.systems"]


def test_make_lint_runs_the_contract() -> None:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    lint = makefile[makefile.index("\nlint:"):].split("\n\n")[0]
    assert "lint-imports --no-cache" in lint
    assert lint.index("mypy -p bianpai.addin") < lint.index("lint-imports")


def test_the_engine_keeps_its_import_contracts(tmp_path: Path) -> None:
    """The engine's contracts hold (they were the hand-written direction checks
    of tests/test_module_imports.py: the result types never import the
    registry; the colour history never imports the Chinese family's colours —
    no part of the engine but the registry imports a system).  Run on the
    package as installed, through links (as ``make lint`` does)."""
    package = tmp_path / "bianpai"
    package.mkdir()
    (package / "__init__.py").write_text("")
    for top in PACKAGES:
        (package / top).symlink_to(ROOT / top, target_is_directory=True)
    engine = sorted(i for i in _contracts() if i.startswith("engine-"))
    assert {"engine-results-below-registry", "engine-systems-through-registry", "engine-acyclic"} <= {*engine}
    exe = shutil.which("lint-imports", path=str(Path(sys.executable).parent))  # a test extra
    assert exe, "lint-imports is missing: pip install -e '.[test]'"
    args = [exe, "--no-cache"] + [a for i in engine for a in ("--contract", i)]
    done = subprocess.run(args, cwd=ROOT, capture_output=True, text=True, timeout=600,
                          env={**os.environ, "PYTHONPATH": str(tmp_path)})
    out = re.sub(r"\x1b\[[0-9;]*m", "", done.stdout)  # (2.6 colours its output even into a pipe)
    assert done.returncode == 0, out[-4000:] + done.stderr[-2000:]
    assert f"Contracts: {len(engine)} kept, 0 broken." in out
