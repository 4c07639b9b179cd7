"""The demos' shared steps (``bianpai demo``, ``bianpai demo --team``): a job's
result written with every sheet (or one more sheet) marked changed, and the
final standings printed from the saved workbook.  Imported by the demos only."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from ..files import xlsx
from ..jobs import api as jobs


def print_final_standings(p: Path) -> None:
    """The demos' last step: the standings rewritten once more from the saved
    workbook, and printed."""
    values = xlsx.read_values(p)
    final = jobs.update(values)
    xlsx.apply(p, final, values)
    print()
    print(final.message)
    print()


def all_changed(result):
    return replace(result, changed=tuple(s.name for s in result.sheets))


def with_changed(result, name: str):
    return replace(result, changed=tuple(dict.fromkeys(result.changed + (name,))))


__all__ = ["all_changed", "print_final_standings", "with_changed"]
