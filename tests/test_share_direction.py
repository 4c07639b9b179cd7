"""One direction between the jobs and publishing (issue 28): the add-in's layers run
cli → excel → share → jobs → files → workbook → engine, so no module of addin/jobs imports
addin/share — not at the top, not inside a function, not under ``TYPE_CHECKING``.  What is
published is built by the jobs (addin/jobs/publication.py: values in, a Publication out);
the share job, which draws and writes, is named by the job table as a string the front
ends resolve (``share.job:share``)."""

from __future__ import annotations

import ast
from pathlib import Path

from bianpai.addin.excel import xl
from bianpai.addin.jobs.table import JOBS
from bianpai.addin.share import job as share_job

ADDIN = Path(__file__).resolve().parent.parent / "addin"


def addin_imports(path: Path) -> set[str]:
    """Every ``bianpai.addin`` module ``path`` imports, in any form, as a dotted name under
    ``bianpai.addin`` (relative imports resolved; ``from X import name`` gives ``X.name`` too)."""
    package = ("bianpai", "addin") + path.relative_to(ADDIN).parent.parts
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                module = ".".join(base + ((node.module,) if node.module else ()))
            else:
                module = node.module or ""
            out.update([module] + [f"{module}.{a.name}" for a in node.names])
        elif isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
    return {m for m in out if m.startswith("bianpai.addin.")}


def test_no_job_module_imports_share() -> None:
    found = {
        str(p.relative_to(ADDIN)): sorted(m for m in addin_imports(p) if m.startswith("bianpai.addin.share"))
        for p in sorted((ADDIN / "jobs").rglob("*.py"))
    }
    assert {p: m for p, m in found.items() if m} == {}


def test_the_reader_sees_lazy_and_type_checking_imports() -> None:
    """The reader itself: kinds.py imports the publication lazily and under ``TYPE_CHECKING``."""
    assert "bianpai.addin.jobs.publication.Publication" in addin_imports(ADDIN / "jobs" / "kinds.py")
    assert "bianpai.addin.jobs.publication.team_publication" in addin_imports(ADDIN / "jobs" / "kinds.py")


def test_the_job_table_names_the_share_job_and_the_ribbon_runs_it() -> None:
    row = next(j for j in JOBS if j.ribbon == "share")
    assert row.function == "share.job:share"
    assert xl._job("share") is share_job.share
