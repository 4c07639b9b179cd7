"""The order the suite runs in (tests/conftest.py ``SLOWEST_FIRST``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import SLOWEST_FIRST

HERE = Path(__file__).resolve().parent


def test_every_file_named_to_run_first_is_there() -> None:
    """A file renamed or removed would silently fall back to its place in the order."""
    assert [n for n in SLOWEST_FIRST if not (HERE / n).is_file()] == []
    assert len(set(SLOWEST_FIRST)) == len(SLOWEST_FIRST)


def test_the_slowest_files_come_first_each_whole(request: pytest.FixtureRequest) -> None:
    """(Of the files this run collected: all of them in ``make test``.)"""
    names = [item.path.name for item in request.session.items]
    slow = [n for n in SLOWEST_FIRST if n in names]
    assert list(dict.fromkeys(names))[:len(slow)] == slow
    for n in slow:  # each file's tests together
        at = [i for i, m in enumerate(names) if m == n]
        assert at == list(range(at[0], at[0] + len(at)))
