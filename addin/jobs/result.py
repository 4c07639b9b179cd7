"""What a job returns: :class:`JobResult` (every sheet of ours rendered, which to write, which to
delete, a message), how a job renders it, and how a result is applied in memory.

A job takes the workbook's sheet values (``{sheet name: rows}``, as a backend read them) and
returns a whole :class:`JobResult` or raises; it never writes anything itself.  The CLI
(openpyxl, :mod:`bianpai.addin.files.xlsx`) and the Excel add-in (xlwings) apply the same results."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ..workbook import sheets as S
from ..workbook import words as L
from ..workbook.sheets import Event, SheetOut, SheetValues

@dataclass(frozen=True)
class JobResult:
    """What a job asks the backend to do.

    ``sheets``: every sheet of ours, rendered, in workbook order (Settings,
    Players, rounds, derived).  ``changed``: names of the sheets to write —
    the derived sheets always, the sources only when the job changed them
    (a new round sheet; the round before it when provisional marks are set
    or cleared; Players and Settings on imports).
    A backend may write every sheet instead (values of unchanged sheets are
    what it read).  ``delete``: sheets to remove.  ``output``: text the job
    produced (the TRF of ``export_trf``).  ``problems``: what ``check`` found.
    ``lang``: the workbook's language, which the CLI's own lines follow (so
    that it need not read the workbook again to know it).  ``files``: what
    ``share`` publishes, (file name, bytes), which the front end writes
    beside the workbook (:func:`bianpai.addin.share.files.write_files`).
    """

    sheets: tuple[SheetOut, ...]
    changed: tuple[str, ...]
    delete: tuple[str, ...] = ()
    message: str = ""
    output: str = ""
    problems: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    lang: str = L.DEFAULT_LANGUAGE
    files: tuple[tuple[str, bytes], ...] = ()  # issue 24 (share): (file name, bytes) to write

    def sheet(self, name: str) -> SheetOut:
        for s in self.sheets:
            if s.name == name:
                return s
        raise KeyError(name)


def result_of(ev: Event, values: SheetValues | None, message: str, *, writes: Sequence[str] = (),
              delete: Sequence[str] = (), output: str = "", problems: Sequence[str] = (),
              notes: Sequence[str] = ()) -> JobResult:
    """Render ``ev``.  Changed: the derived sheets, the source sheets named in
    ``writes``, and sources the workbook does not have yet.  A source sheet
    the job did not change is never rewritten, so what the organiser typed
    there (a result as 2:0, an extra column) stays as it is."""
    return rendered_result(S.render_all(ev), ev.lang, values, message, writes=writes, delete=delete,
                           output=output, problems=problems, notes=notes)


def rendered_result(out: Sequence[SheetOut], lang: str, values: SheetValues | None, message: str, *,
                    writes: Sequence[str] = (), delete: Sequence[str] = (), output: str = "",
                    problems: Sequence[str] = (), notes: Sequence[str] = ()) -> JobResult:
    """A job's result from its rendered sheets (of either kind of event, :mod:`.kinds`): changed are
    the derived sheets, the sources named in ``writes`` and the sheets the workbook lacks."""
    changed = [s.name for s in out
               if s.derived or s.name in writes or values is None or s.name not in values]
    return JobResult(tuple(out), tuple(changed), tuple(delete), message, output, tuple(problems),
                     tuple(notes), lang)


def apply_values(values: SheetValues, result: JobResult) -> dict[str, list[list[object]]]:
    """The sheet values after ``result`` is applied (an in-memory backend:
    ``demo`` and the tests use it; sheet order follows ``result.sheets``)."""
    out: dict[str, list[list[object]]] = {}
    ours = {s.name for s in result.sheets}
    changed = set(result.changed)
    for s in result.sheets:
        if s.name in result.delete:
            continue
        if s.name in changed or s.name not in values:
            out[s.name] = [list(r) for r in s.rows]
        else:
            out[s.name] = [list(r) for r in values[s.name]]
    for name, rows in values.items():
        if name not in ours and name not in result.delete:
            out[name] = [list(r) for r in rows]
    return out


def round_name(ev: Event, k: int) -> str:
    return ev.round_sheet_name(k)
