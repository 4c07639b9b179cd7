"""The demo workbooks are byte-identical to those the code made before the
reshaping of the package (issue 28: "the demo workbooks byte-identical to those
of the code before the move").  ``tests/data/golden/`` holds the workbooks
``bianpai demo`` wrote on 2026-12-02 before any module moved; each test builds
the same demo with today's code and compares every byte.

A change that is meant to change the demo (a new sheet, a new word) makes this
test fail on purpose: regenerate the golden files with the commands in
``DEMOS`` and say so in the commit.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bianpai.addin.cli.app import main

GOLDEN = Path(__file__).parent / "data" / "golden"

#: file name -> the ``bianpai demo`` arguments that made it.
DEMOS: dict[str, list[str]] = {
    "demo-zh-dingwei.xlsx": [],
    "demo-en-dutch.xlsx": ["--lang", "en", "--system", "dutch"],
    "demo-zh-adjacent.xlsx": ["--system", "adjacent"],
    "demo-zh-roundrobin.xlsx": ["--system", "roundrobin", "--players", "8"],
    "demo-zh-team.xlsx": ["--team"],
    "demo-en-fide-team.xlsx": ["--team", "--system", "fide-team", "--lang", "en"],
}


@pytest.mark.parametrize("name", sorted(DEMOS))
def test_demo_workbook_is_byte_identical_to_the_golden_one(name: str, tmp_path: Path, capsys):
    golden = GOLDEN / name
    assert golden.is_file(), f"golden workbook missing: {golden}"
    out = tmp_path / name
    assert main(["demo", "--out", str(out), *DEMOS[name]]) == 0
    capsys.readouterr()
    assert out.read_bytes() == golden.read_bytes(), f"{name} differs from the golden workbook"
