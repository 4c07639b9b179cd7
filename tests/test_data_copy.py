"""The repository's copy of the reference data and the specs equals ``../shared``.

The tests read only ``tests/data`` and ``docs/spec`` (a public clone has no
``../shared``).  When the steering repository's ``shared/`` is beside the clone,
its corpora, specs and seeds must equal the copies here, file for file; when it
is revised, copy it in again (``make copy-shared``).  Without ``../shared`` the
copy is checked against itself only (every corpus the tests use is present).
"""
from __future__ import annotations

from pathlib import Path

import pytest

from conftest import CONFORMANCE, ROOT

SHARED = ROOT.parent / "shared"

RETIRED: dict[str, str] = {"dingwei": "spec v1, replaced by dingwei-v2"}
"""Corpora of ``../shared/conformance`` deliberately not kept in the repository,
with the reason (e.g. a corpus of a spec version the engine no longer follows)."""

COPIES = [
    (CONFORMANCE, SHARED / "conformance"),
    (ROOT / "docs" / "spec", SHARED / "spec"),
    (ROOT / "docs" / "seeds", SHARED / "seeds"),
]


def files_below(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def test_the_copies_are_in_the_repository() -> None:
    for ours, _ in COPIES:
        assert ours.is_dir() and any(ours.iterdir()), f"missing: {ours}"


@pytest.mark.parametrize("ours, theirs", COPIES, ids=["conformance", "spec", "seeds"])
def test_copy_equals_shared(ours: Path, theirs: Path) -> None:
    if not SHARED.is_dir():
        # a public clone: nothing to compare with; the copy itself must be there
        assert files_below(ours)
        return
    mine, shared = files_below(ours), files_below(theirs)
    retired = {k for k in shared if k.split("/", 1)[0] in RETIRED} if ours == CONFORMANCE else set()
    missing = sorted(set(shared) - set(mine) - retired)
    extra = sorted(set(mine) - set(shared))
    changed = sorted(k for k in set(mine) & set(shared) if mine[k] != shared[k])
    assert (missing, extra, changed) == ([], [], []), (
        f"{ours} differs from {theirs}: copy it in again "
        f"(missing {missing[:5]}, extra {extra[:5]}, changed {changed[:5]})")
