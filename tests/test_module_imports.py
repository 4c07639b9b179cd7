"""The package folders (issue 28): every folder that is a package is installed
and carried to xlwings Lite, and the sheets package re-exports no private name.

Which module may import which is the import contract's (pyproject.toml
``[tool.importlinter]``, run by ``make lint`` and, for the engine, by
tests/test_import_rules.py): the direction checks written here by hand before
(the result types never import the registry; the colour history never imports
the Chinese family's colour allocation) are two of its rules.
"""

from __future__ import annotations

from pathlib import Path

ENGINE = Path(__file__).resolve().parent.parent / "engine"


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
