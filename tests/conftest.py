"""Shared test fixtures: where the conformance data lives.

The tests read only what the repository holds: the reference data is a copy of
the steering repository's ``shared/conformance`` in ``tests/data/conformance``
(``tests/test_data_copy.py`` checks that the copy equals ``../shared`` whenever
that folder is beside the clone).  A corpus that is missing is a failure, never
a skip: :func:`corpus` raises, naming the folder.
"""
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data"
CONFORMANCE = DATA / "conformance"
SPEC = ROOT / "docs" / "spec"


class MissingData(AssertionError):
    """The reference data a test needs is not in the repository."""


def corpus(name: str, pattern: str = "*.trf", minimum: int = 1) -> list[Path]:
    """The files of one corpus, sorted; fails when fewer than ``minimum`` are there.

    Called at collection time, so a missing corpus stops the run with its name
    rather than parametrizing a test over nothing."""
    folder = CONFORMANCE / name
    files = sorted(folder.glob(pattern))
    if len(files) < minimum:
        raise MissingData(f"conformance data missing: {folder} holds {len(files)} "
                          f"{pattern} files, at least {minimum} expected "
                          f"(copy ../shared/conformance/{name} into tests/data/conformance)")
    return files


@pytest.fixture
def conformance() -> Path:
    return CONFORMANCE
