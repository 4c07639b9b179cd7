"""Which engine module may import which (issue 28): the splits made in place
keep one direction.  Every import is read from the source, those inside
functions and under ``TYPE_CHECKING`` too, so a lazy import cannot hide one.

* the result types (engine/results.py) never import the registry of systems
  (engine/registry.py), which pairs through them;
* the colour history (engine/history/colours.py) never imports the Chinese family's
  colour allocation (engine/systems/chinese/colours.py), which reads it.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ENGINE = Path(__file__).resolve().parent.parent / "engine"


def engine_imports(path: Path) -> set[str]:
    """The engine modules ``path`` imports, as dotted names under the engine
    (``systems``, ``matching.backend``; a ``from X import name`` gives both
    ``X`` and ``X.name``, since the name may be a module): relative imports
    resolved, and the absolute ``bianpai.engine.…`` ones."""
    parts = path.relative_to(ENGINE).with_suffix("").parts
    package = parts if path.name == "__init__.py" else parts[:-1]
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[:len(package) - node.level + 1]
                module = ".".join(base + ((node.module,) if node.module else ()))
            elif (node.module or "").startswith("bianpai.engine"):
                module = (node.module or "").removeprefix("bianpai.engine").lstrip(".")
            else:
                continue
            out.update(x for x in [module] + [f"{module}.{a.name}".lstrip(".") for a in node.names] if x)
        elif isinstance(node, ast.Import):
            out.update(a.name.removeprefix("bianpai.engine.") for a in node.names
                       if a.name.startswith("bianpai.engine."))
    return out


@pytest.mark.parametrize(("module", "never"), [
    ("results.py", "registry"),
    ("history/colours.py", "systems.chinese.colours"),
])
def test_a_module_does_not_import_what_builds_on_it(module: str, never: str) -> None:
    imported = engine_imports(ENGINE / module)
    assert not {m for m in imported if m == never or m.startswith(never + ".")}, sorted(imported)


def test_the_import_reader_sees_every_form() -> None:
    """The reader itself: top-level, ``TYPE_CHECKING`` and lazy imports."""
    found = engine_imports(ENGINE / "registry.py")
    assert {"model", "problems", "results", "systems.roundrobin", "advice"} <= found


def test_every_package_folder_is_installed_and_carried_to_lite() -> None:
    """A folder that became a package (engine/matching/ …) is in pyproject.toml's
    packages — an editable install finds it anyway, a wheel would leave it out —
    and in the packages the xlwings Lite script carries (addin/excel/lite_bundle.py)."""
    import tomllib

    from bianpai.addin.excel.lite_bundle import PACKAGES

    root = ENGINE.parent
    folders = {"bianpai." + ".".join(p.parent.relative_to(root).parts)
               for top in ("engine", "addin") for p in (root / top).rglob("__init__.py")}
    pyproject = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    assert sorted(pyproject["tool"]["setuptools"]["packages"]) == sorted(folders)
    assert sorted(PACKAGES) == sorted(folders)


def test_the_sheets_package_names_no_module_s_private_helper() -> None:
    """``bianpai.addin.workbook.sheets`` re-exports its modules' public names only; a helper
    such as ``cells._str`` is imported from the module that defines it (issue 28:
    the package re-exported 18 underscore names)."""
    from bianpai.addin.workbook import sheets as S

    assert [n for n in S.__all__ if n.startswith("_")] == []
    assert sorted(n for n in vars(S) if n.startswith("_") and not n.startswith("__")) == []
