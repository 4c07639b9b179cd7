"""Shared test fixtures: where the conformance data lives."""
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"
CONFORMANCE = SHARED / "conformance"


@pytest.fixture
def conformance() -> Path:
    return CONFORMANCE
