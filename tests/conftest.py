"""Shared test fixtures: where the conformance data lives.

The tests read only what the repository holds: the reference data is a copy of
the steering repository's ``shared/conformance`` in ``tests/data/conformance``
(``tests/test_data_copy.py`` checks that the copy equals ``../shared`` whenever
that folder is beside the clone).  A corpus that is missing is a failure, never
a skip: :func:`corpus` raises, naming the folder.
"""
import contextlib
import io
import subprocess
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


def bianpai_in_process(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """``bianpai ARGS`` run by the command line's ``main`` in this process, its output
    caught as a pipe catches it (UTF-8 text, not a terminal): the exit code, standard
    output and standard error a ``subprocess.run(..., capture_output=True, text=True)``
    of the command gives, without starting Python again (about half a second of CPU a
    call).  For tests of what a command does; the tests of the process itself (the
    installed ``bianpai`` entry point, exit on its own, file locks, hash seeds) keep
    their real processes."""
    from bianpai.addin.cli.app import main

    buffers = [io.BytesIO(), io.BytesIO()]
    streams = [io.TextIOWrapper(b, encoding="utf-8", newline="") for b in buffers]
    with contextlib.ExitStack() as stack:
        stack.enter_context(contextlib.redirect_stdout(streams[0]))
        stack.enter_context(contextlib.redirect_stderr(streams[1]))
        if cwd is not None:
            stack.enter_context(contextlib.chdir(cwd))
        try:
            code = main(list(args))
        except SystemExit as e:  # argparse's usage errors end the process: exit 2
            code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
    for s in streams:
        s.flush()
    # text=True reads universal newlines
    texts = [b.getvalue().decode("utf-8").replace("\r\n", "\n").replace("\r", "\n") for b in buffers]
    return subprocess.CompletedProcess(["bianpai", *args], code, texts[0], texts[1])


SLOWEST_FIRST = (
    "test_lite.py", "test_workbook_conformance.py", "test_addin_desktop.py", "test_properties.py",
    "test_share.py", "test_dutch_shortcuts.py", "test_workbook_concurrency.py", "test_dutch_s1_v_s2.py",
    "test_conformance_dutch.py", "test_workbook_fuzz.py", "test_dutch_remainder.py",
)
"""Decision (issue 27): the test files that take longest (3.8–22 s each, measured with
``--junitxml`` on two workers; the whole suite some 150 s of test time) run first, each
whole and in its own order, the rest after them in the usual order.  ``make test`` runs
the suite on every core (pytest-xdist, ``--dist worksteal``): a worker that runs out of
tests takes the last ones queued on another, so when the long files come first the run
ends on short tests and no core waits for a long one started last (the 11 s replay of
every 定位编排 round through the workbook was among the last files alphabetically).
Order only: every test runs, and none depends on another's order."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    rank = {name: i for i, name in enumerate(SLOWEST_FIRST)}
    # stable: the files after them, and each file's tests, keep their order
    items.sort(key=lambda item: rank.get(item.path.name, len(rank)))
