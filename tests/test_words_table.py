"""The zh/en word table kept in families (issue 28): addin/workbook/words/ holds one
module per family of words, and ``LABELS`` is their union.

* every family module of the folder is merged (a module left out of the list would
  drop its words without a sound);
* a key defined by two families is refused at import, naming the key and both
  families; a key written twice in one family's dict literal is refused too (ruff's
  F601 says so in ``make lint``; this test says so without ruff);
* each entry is a pair of non-empty strings (Chinese, English) under a plain
  ASCII key, and each family says in its docstring which words it holds;
* every key the add-in's code names in a call has its words.
"""

from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path

import pytest

from bianpai.addin.workbook import words as L

FOLDER = Path(L.__file__).parent
FAMILY_FILES = sorted(p for p in FOLDER.glob("*.py") if p.name != "__init__.py")


def test_every_family_module_is_merged_into_the_one_table() -> None:
    assert len(FAMILY_FILES) >= 10
    assert sorted(name for name, _words in L.FAMILIES) == sorted(p.stem for p in FAMILY_FILES)
    assert sum(len(words) for _name, words in L.FAMILIES) == len(L.LABELS)
    for name, words in L.FAMILIES:
        assert words is importlib.import_module(f"{L.__name__}.{name}").WORDS
        assert all(L.LABELS[key] == pair for key, pair in words.items())


def test_a_key_two_families_define_is_refused_naming_both() -> None:
    a = {"x.one": ("一", "one"), "x.two": ("二", "two")}
    b = {"x.three": ("三", "three"), "x.two": ("贰", "two (again)")}
    c = {"x.one": ("壹", "one (again)")}
    with pytest.raises(L.DuplicateKeyError) as e:
        L.merged((("first", a), ("second", b), ("third", c)))
    assert str(e.value) == ("a key defined by two word families: 'x.two' in first and second; "
                            "'x.one' in first and third")
    assert L.merged((("first", a), ("second", {"x.three": ("三", "three")}))) == {
        "x.one": ("一", "one"), "x.two": ("二", "two"), "x.three": ("三", "three")}


def test_the_table_is_built_by_the_guard_at_import() -> None:
    """``LABELS`` is :func:`merged` of the families (not a plain union that would let
    the later family win)."""
    source = (FOLDER / "__init__.py").read_text(encoding="utf-8")
    assert re.search(r"^LABELS: dict\[str, tuple\[str, str\]\] = merged\(FAMILIES\)$", source, re.MULTILINE)
    assert L.merged(L.FAMILIES) == L.LABELS


@pytest.mark.parametrize("path", FAMILY_FILES, ids=lambda p: p.stem)
def test_a_family_writes_each_key_once_and_says_which_words_it_holds(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    doc = ast.get_docstring(tree)
    assert doc and len(doc.split()) >= 8, path.name
    (table,) = [n.value for n in tree.body if isinstance(n, ast.AnnAssign)
                and isinstance(n.target, ast.Name) and n.target.id == "WORDS"]
    assert isinstance(table, ast.Dict)
    keys = [k.value for k in table.keys if isinstance(k, ast.Constant)]
    assert len(keys) == len(table.keys)  # literal keys only
    assert sorted({k for k in keys if keys.count(k) > 1}) == []


def test_each_entry_is_two_words_under_a_plain_key() -> None:
    bad = [k for k, v in L.LABELS.items()
           if not re.fullmatch(r"[a-z_]+(\.[A-Za-z0-9_-]+)+", k)
           or not (isinstance(v, tuple) and len(v) == 2 and all(isinstance(s, str) and s for s in v))]
    assert bad == []


ADDIN = FOLDER.parents[1]
USED_KEY = re.compile(r"""\b(?:text|both|problem)\(\s*["']([a-z_]+\.[A-Za-z0-9_.\-]+)["']""")


def test_every_key_the_add_in_names_is_in_the_table() -> None:
    """Each key written out in a call of ``text``/``L.text``, ``both`` or ``problem``
    anywhere in addin/ has its words (the engine's keys: tests/test_engine_words.py)."""
    used = {(key, str(path.relative_to(ADDIN))) for path in ADDIN.rglob("*.py") if FOLDER not in path.parents
            for key in USED_KEY.findall(path.read_text(encoding="utf-8"))}
    assert len({key for key, _path in used}) > 300  # the scan finds the add-in's keys
    assert sorted((key, path) for key, path in used if key not in L.LABELS) == []
