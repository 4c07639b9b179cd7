"""The openpyxl backend: read a workbook file into sheet values, apply a
:class:`~bianpai.addin.jobs.result.JobResult` to it and save it safely.

Safety rules (issue #5):

* a workbook open in Excel (its lock file ``~$NAME.xlsx`` beside it, or
  LibreOffice's ``.~lock.NAME.xlsx#``) is refused;
* a workbook holding charts, images, pivot tables or other objects openpyxl
  would silently drop is refused (the add-in, which edits through Excel, has
  no such limit);
* saves are atomic: the new workbook is written beside the old one and moved
  over it with ``os.replace``, keeping the old file's permissions; the
  previous version is kept as ``NAME.bak.xlsx``.  A save killed half-way
  leaves the original intact.

Issue #15 added: a writing command holds :func:`locked` (one Bianpai command
at a time on a workbook) and, just before the replace, checks that the file is
still the version it read (:func:`fingerprint`), else writes nothing; a
read-only workbook is refused; hostile and foreign files are refused before
anything reads them (:mod:`bianpai.addin.files.safezip`); every temporary file is
removed on every way out, and those of killed commands on the next run; each
I/O error names the workbook (:class:`~bianpai.addin.files.errors.WorkbookError`).

Two ways to write.  When every sheet is one of ours, the workbook is written
afresh (fast: a 1,000-player event is read and written in about two seconds);
sheets the job did not change are written with the values read from the file.
When the workbook also holds sheets that are not ours, formulas or comments,
it is loaded whole and only our changed sheets are replaced, so those are kept
(see :data:`FRESH_WRITE_REFORMATS`).
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import shutil
import stat
import time
import zipfile
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

from . import atomic
from ..workbook import sheets as S
from .errors import WorkbookError
from .lock import STALE_AFTER_SECONDS, pid_running, workbook_lock
from ..workbook.words import SOURCE_KEYS, sheet_key
from .safezip import MAX_PLAYERS, MAX_SHEET_COLUMNS, MAX_SHEET_ROWS, Package, inspect
from ..workbook.sheets import SheetOut
from ..workbook.sheets.cells import _find_header
from ..workbook.sheets.layout import cell_properties
from ..workbook.words import text
from .reader import read_workbook
from copy import copy
from .reader import reason_of

__all__ = ["WorkbookError", "apply", "backup_path", "foreign_objects", "lock_files", "locked", "read_values",
           "refuse_if_unsafe", "write_new"]

SAVE_PAUSE_ENV = "BIANPAI_TEST_SAVE_PAUSE"
"""Test hook: seconds to sleep after the temporary file is written and
before it replaces the workbook (lets a test kill the process mid-save)."""

locked = workbook_lock
"""``with xlsx.locked(path):`` around a job's read, compute and write: one
Bianpai command at a time on a workbook (:mod:`bianpai.addin.files.lock`)."""


def lock_files(path: Path) -> list[Path]:
    """Lock files that say the workbook is open: Excel's ``~$NAME.xlsx`` and
    LibreOffice's (or WPS Office's) ``.~lock.NAME.xlsx#``."""
    d, name = path.parent, path.name
    return [p for p in (d / f"~${name}", d / f".~lock.{name}#") if p.exists()]


def _open_elsewhere(path: Path, lock: Path) -> WorkbookError:
    """The refusal for the lock file ``lock`` beside ``path``: the program it
    belongs to (Excel's ``~$``; LibreOffice's and WPS's ``.~lock.…#``, which
    says who holds it: ``name,user,host,date,…``), and what to do when it
    is left over from a crash (issue 23 item 12)."""
    if not lock.name.startswith(".~lock."):
        return WorkbookError("file.open_in_excel", path=path, lock=lock.name)
    holder = ""
    with contextlib.suppress(OSError, ValueError):
        with open(lock, "rb") as fh:
            fields = fh.read(1024).decode("utf-8", "replace").split(";")[0].split(",")
        if len(fields) >= 4:
            who = fields[0].strip() or fields[1].strip()
            holder = f"{who} @ {fields[2].strip()}, {fields[3].strip()}"
    return WorkbookError("file.open_in_libreoffice", path=path, lock=lock.name,
                         holder=f"（{holder}）" if holder else "")


_PACKAGES: dict[tuple[str, int, int, int], Package] = {}


def package(path: Path) -> Package:
    """What :func:`bianpai.addin.files.safezip.inspect` finds in ``path`` (looked
    at once per version of the file)."""
    try:
        st = path.stat()
    except OSError as e:
        raise WorkbookError("file.read_failed", path=path, reason=e.strerror or e) from None
    key = (str(path.resolve()), st.st_size, st.st_mtime_ns, st.st_ino)
    pkg = _PACKAGES.get(key)
    if pkg is None:
        pkg = inspect(path, ours=lambda name: sheet_key(name) is not None)
        _PACKAGES.clear()  # one workbook at a time
        _PACKAGES[key] = pkg
    return pkg


def foreign_objects(path: Path) -> list[str]:
    """What the workbook holds that openpyxl would drop (empty: nothing),
    found by content type and relationship type."""
    return [text(k, "en") for k in package(path).foreign]


def is_read_only(path: Path) -> bool:
    """Whether the file may not be written: no write permission bit at all
    (``chmod 444``; Windows' read-only attribute), or no write access for a
    user who is not the superuser."""
    st = path.stat()
    if not st.st_mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH):
        return True
    return not os.access(path, os.W_OK)


def refuse_if_unsafe(path: Path) -> None:
    """Raise :class:`WorkbookError` when ``path`` must not be overwritten."""
    locks = lock_files(path)
    if locks:
        raise _open_elsewhere(path, locks[0])
    atomic.check_name(path)
    atomic.refuse_hard_link(path)
    if path.exists():
        if path.is_dir():
            raise WorkbookError("file.not_xlsx", path=path, what="file.what.not_zip")
        if is_read_only(path):
            raise WorkbookError("file.read_only", path=path)
        found = package(path).foreign
        if found:
            raise WorkbookError("file.foreign", path=path, what=tuple(found))


Fingerprint = tuple[int, int, str]


def fingerprint(path: Path) -> Fingerprint:
    """Size, modification time and SHA-256 of the file: the version read."""
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        st = os.fstat(fh.fileno())
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return st.st_size, st.st_mtime_ns, h.hexdigest()


class WorkbookValues(dict):
    """Sheet values as read, which source sheets hold formulas (None: not
    known), and the version of the file read (:func:`fingerprint`; None: not
    read from a file)."""

    def __init__(self, values: Mapping[str, list[list[object]]], formulas: frozenset[str] | None = None,
                 version: Fingerprint | None = None, package: Package | None = None):
        super().__init__(values)
        self.formulas = formulas
        self.version = version
        self.package = package


def read_values(path: Path | str) -> dict[str, list[list[object]]]:
    """Every sheet name of the workbook → its values (row-major, None for
    empty).  Only the sources (Settings, Players, round sheets) and the sheets
    not ours (a round sheet renamed at will stops every command,
    :func:`~bianpai.addin.workbook.sheets.event.looks_like_round_sheet`) are read; the
    derived sheets come back empty (the jobs rewrite them).  A hostile or
    foreign file is refused before anything reads it (:mod:`bianpai.addin.files.safezip`)."""
    path = Path(path)
    if not path.exists():
        raise WorkbookError("file.missing", path=path, name=path.name)
    if path.is_dir():
        raise WorkbookError("file.not_xlsx", path=path, what="file.what.not_zip")

    def wanted(name: str) -> bool:  # and sheets not ours: a renamed round sheet is told by its header
        key = sheet_key(name)
        return key is None or key in SOURCE_KEYS


    package(path)  # what is no workbook is refused before its bytes are hashed (issue 30 item 12)
    try:
        version = fingerprint(path)
    except OSError as e:
        raise WorkbookError("file.read_failed", path=path, reason=e.strerror or e) from None
    pkg = package(path)  # the same look unless the file changed meanwhile
    formulas: set[str] = set()
    values = read_workbook(path, wanted, formulas, package=pkg)
    return WorkbookValues(values, formulas=frozenset(formulas), version=version, package=pkg)


_FORMULA = re.compile(rb"<(?:\w+:)?f[ >/]")


def has_formulas(path: Path) -> bool:
    """Whether any worksheet holds a formula (the fresh writer would keep only
    its value, so such workbooks are edited in place)."""
    with zipfile.ZipFile(path) as z:
        return any(_FORMULA.search(z.read(n)) for n in z.namelist()
                   if n.startswith("xl/worksheets/") and n.endswith(".xml"))


def has_comments(path: Path) -> bool:
    """Whether any sheet holds cell comments (notes); openpyxl keeps them, the
    fresh writer would not, so such workbooks are edited in place."""
    with zipfile.ZipFile(path) as z:
        return any(n.startswith("xl/comments") for n in z.namelist())


EXCEL_CELL_CHARS = 32_767
"""Excel's limit on the characters of one cell: a longer text would be cut
(or refused) when the workbook is opened."""


def refuse_beyond_limits(path: Path, result) -> None:
    """Refuse (:class:`WorkbookError`, nothing written) a result that would
    make a workbook the reader refuses (issue 30 item 3: the same limits,
    :data:`~bianpai.addin.files.safezip.MAX_SHEET_ROWS` and
    :data:`~bianpai.addin.files.safezip.MAX_SHEET_COLUMNS`) or Excel cannot hold
    (:data:`EXCEL_CELL_CHARS`)."""
    deleted = set(result.delete)
    for s in result.sheets:
        if s.name in deleted:
            continue
        if len(s.rows) > MAX_SHEET_ROWS:
            raise WorkbookError("file.write_too_many_rows", path=path, sheet=s.name, rows=f"{len(s.rows):,}",
                                limit=f"{MAX_SHEET_ROWS:,}", players=f"{MAX_PLAYERS:,}")
        for r, row in enumerate(s.rows, start=1):
            if len(row) > MAX_SHEET_COLUMNS:
                raise WorkbookError("file.write_too_many_columns", path=path, sheet=s.name, columns=len(row),
                                    limit=f"{MAX_SHEET_COLUMNS:,}")
            for c, v in enumerate(row, start=1):
                if isinstance(v, str) and len(v) > EXCEL_CELL_CHARS:
                    raise WorkbookError("file.cell_too_long", path=path, cell=S.where(s.name, r, c),
                                        length=f"{len(v):,}", limit=f"{EXCEL_CELL_CHARS:,}")


FRESH_WRITE_REFORMATS = True
"""Decision: when every sheet is ours the workbook is written afresh (the fast
path the speed goals need): every value is kept, but formatting an organiser
added by hand to our sheets (colours, merged cells, widths) is replaced by
bianpai's.  Workbooks with sheets not ours, formulas or comments are edited in
place instead, which keeps everything openpyxl understands."""


def backup_path(path: Path) -> Path:
    """``EVENT.xlsx`` → ``EVENT.bak.xlsx``: the version before the last save."""
    return path.with_name(path.stem + ".bak" + path.suffix)


# ---------------------------------------------------------------------------
# Writing a SheetOut into an openpyxl worksheet
# ---------------------------------------------------------------------------


def _apply_style(cell, p: dict[str, object]) -> None:
    # start-up time: openpyxl (tens of ms) only when a workbook is edited in place
    from openpyxl.styles import Alignment, Border, Font, PatternFill, Side

    if "bold" in p or "size" in p or "colour" in p:
        cell.font = Font(bold=bool(p.get("bold")),
                         size=p.get("size") or 11, color=p.get("colour"))
    if "fill" in p:
        cell.fill = PatternFill("solid", fgColor=p["fill"])
    if "align" in p or "wrap" in p:
        cell.alignment = Alignment(horizontal=p.get("align"), vertical="center",
                                   wrap_text=bool(p.get("wrap")))
    if p.get("border"):
        thin = Side(style="thin", color="808080")
        cell.border = Border(left=thin, right=thin, top=thin, bottom=thin)
    if "number_format" in p:
        cell.number_format = p["number_format"]


def write_sheet(ws, sheet: SheetOut, rows: Sequence[Sequence[object]] | None = None) -> None:
    """Fill the empty worksheet ``ws`` with ``sheet`` (values from ``rows``
    instead when given: a sheet kept as read, formatted as rendered)."""
    # start-up time: openpyxl (tens of ms) only when a workbook is edited in place
    from openpyxl.comments import Comment
    from openpyxl.worksheet.datavalidation import DataValidation
    from openpyxl.worksheet.properties import PageSetupProperties

    values = sheet.rows if rows is None else rows
    for row in values:
        ws.append([_safe(v) for v in row])
        for c, v in enumerate(row, start=1):
            if isinstance(v, str) and v.startswith("="):
                cell = ws.cell(ws.max_row, c)
                cell.value = v
                cell.data_type = "s"  # text, never a formula
    made: dict[tuple, object] = {}
    for (r, c), p in cell_properties(sheet.styles).items():
        cell = ws.cell(r, c)
        key = tuple(sorted(p.items()))
        style = made.get(key)
        if style is None:
            _apply_style(cell, p)
            made[key] = copy(cell._style)
        else:
            cell._style = copy(style)
    for i, w in enumerate(sheet.widths, start=1):
        ws.column_dimensions[S.column_letter(i)].width = w
    for v in sheet.validations:
        formula = '"' + ",".join(v.options) + '"'
        dv = DataValidation(type="list", formula1=formula, allow_blank=True, showErrorMessage=False,
                            showDropDown=False)
        if v.prompt:
            dv.prompt = v.prompt
        ws.add_data_validation(dv)
        dv.add(v.ref)
    for ref, note in sheet.comments:
        cm = Comment(note, "bianpai")
        cm.width, cm.height = 320, 120
        ws[ref].comment = cm
    for first, last, height in sheet.row_heights:
        for r in range(first, last + 1):
            ws.row_dimensions[r].height = height
    ps = sheet.print_setup
    if ps.area:
        ws.print_area = ps.area
    ws.page_setup.paperSize = ws.PAPERSIZE_A4
    ws.page_setup.orientation = ps.orientation
    if ps.fit_width:
        ws.sheet_properties.pageSetUpPr = PageSetupProperties(fitToPage=True)
        ws.page_setup.fitToWidth = 1
        ws.page_setup.fitToHeight = 0
    if ps.repeat_rows:
        ws.print_title_rows = f"{ps.repeat_rows[0]}:{ps.repeat_rows[1]}"
    if ps.header:
        ws.oddHeader.center.text = ps.header.replace("&", "&&")
    if ps.footer:
        ws.oddFooter.center.text = ps.footer
    ws.print_options.horizontalCentered = ps.centre_horizontally
    if ps.row_breaks:  # manual page breaks (the score slips: four to a page)
        # start-up time: openpyxl (tens of ms) only when a workbook is edited in place
        from openpyxl.worksheet.pagebreak import Break

        for r in ps.row_breaks:
            ws.row_breaks.append(Break(id=r))
    ws.page_margins.left = ws.page_margins.right = 0.4
    ws.page_margins.top = ws.page_margins.bottom = 0.6
    if sheet.freeze:
        ws.freeze_panes = sheet.freeze


def _safe(v: object) -> object:
    if isinstance(v, str) and v.startswith("="):
        return None  # written as text afterwards
    return v


# ---------------------------------------------------------------------------
# Applying a job result
# ---------------------------------------------------------------------------


def _temporary_names(path: Path) -> tuple[re.Pattern[str], re.Pattern[str]]:
    """Our temporary files beside ``path``: ``.EVENT.PID.tmp.xlsx`` (the new
    workbook) and ``.EVENT.bak.xlsx.PID.tmp`` (the backup being copied)."""
    bak = backup_path(path)
    return (re.compile(rf"^\.{re.escape(path.stem)}\.(\d+)\.tmp{re.escape(path.suffix)}$"),
            re.compile(rf"^\.{re.escape(bak.name)}\.(\d+)\.tmp$"))


def remove_leftovers(path: Path) -> list[Path]:
    """Remove the temporary files an earlier, killed command left beside
    ``path`` (its process no longer runs, or the file is older than a stale
    lock); returns what was removed."""
    removed: list[Path] = []
    patterns = _temporary_names(path)
    try:
        entries = list(os.scandir(path.parent))
    except OSError:
        return removed
    now = time.time()
    for e in entries:
        for pat in patterns:
            m = pat.match(e.name)
            if not m:
                continue
            pid = int(m.group(1))
            with contextlib.suppress(OSError):
                old = now - e.stat().st_mtime > STALE_AFTER_SECONDS
                if pid == os.getpid() or not pid_running(pid) or old:
                    os.unlink(e.path)
                    removed.append(Path(e.path))
    return removed


def _save_error(path: Path, e: OSError) -> WorkbookError:
    """An I/O error while saving, as a message that names the workbook."""
    return atomic.save_error(path, e)


def _check_unchanged(path: Path, expected: Fingerprint | None) -> None:
    """Refuse when the file is no longer the version that was read."""
    if expected is None:
        return
    try:
        now = fingerprint(path) if path.exists() else None
    except OSError:
        now = None
    if now is None or now[0] != expected[0] or now[2] != expected[2]:
        raise WorkbookError("file.changed", path=path)


def _save_atomically(save: Callable[[Path], object], path: Path, keep_backup: bool = True,
                     expected: Fingerprint | None = None) -> None:
    """``save(tmp)`` writes the workbook beside ``path``; the old file is
    kept as NAME.bak.xlsx, then the new one replaces it (``os.replace``),
    with the old file's permissions.  ``expected``: the version that was read;
    when the file is no longer that version nothing is replaced, and when the
    new bytes are that version's nothing is written (so the backup still holds
    the version before: ``standings`` right after ``pair`` keeps it).  Every
    temporary file is removed on every way out, and those of killed earlier
    commands first; an I/O error names the workbook."""
    path = atomic.target(path)
    remove_leftovers(path)
    bak_tmp: Path | None = None

    def before_replace(tmp: Path) -> bool:
        nonlocal bak_tmp
        pause = os.environ.get(SAVE_PAUSE_ENV)
        if pause:
            time.sleep(float(pause))
        if expected is not None and fingerprint(tmp)[2] == expected[2]:
            _check_unchanged(path, expected)
            return False  # the same bytes: nothing to save, and the backup keeps the version before
        if keep_backup and path.exists():
            bak_tmp = backup_path(path).with_name(f".{backup_path(path).name}.{os.getpid()}.tmp")
            shutil.copy2(path, bak_tmp)
        _check_unchanged(path, expected)
        return True

    def backup() -> None:  # with the replace: Ctrl+C leaves both files as they were, or neither
        if bak_tmp is not None:
            os.replace(bak_tmp, backup_path(path))

    try:
        atomic.replace_file(path, save, before_replace, with_replace=backup)
    finally:
        if bak_tmp is not None:
            with contextlib.suppress(OSError):
                bak_tmp.unlink()


def write_new(path: Path | str, result, values: Mapping[str, Any] | None = None) -> None:
    """Write every sheet of ``result`` into a fresh workbook at ``path``
    (unchanged sheets with their values as read)."""
    # start-up time: the writer (6 ms) only when a workbook is written new
    from .writer import write_workbook

    path = atomic.target(path)
    refuse_if_unsafe(path)
    refuse_beyond_limits(path, result)
    changed = set(result.changed)
    todo: list[tuple[SheetOut, Sequence[Sequence[object]]]] = []
    for s in result.sheets:
        if s.name in result.delete:
            continue
        kept = values.get(s.name) if values is not None and s.name not in changed else None
        todo.append((s, kept if kept else s.rows))
    _save_atomically(lambda tmp: write_workbook(tmp, todo), path,
                     expected=getattr(values, "version", None))


FORMULAS_BECOME_VALUES = True
"""Decision (issue 13 item 6): a formula in one of our source sheets (a name
Excel saved as ``="张"&"三"``) is written back as the value it showed (its
cached value, which every command read), and :func:`apply` names each such
cell.  openpyxl would save the formula without its value, and the next
command would read an empty cell.  Formulas on sheets not ours stay."""


def _read_columns(key: str | None, rows: Sequence[Sequence[object]]) -> set[int] | None:
    """The 1-based columns of a source sheet the readers read (None: not ours):
    a round sheet's A–K, the Settings' A–C, the Players columns under our headers
    (an organiser's own column, 电话 …, is not read)."""
    if key == "round":
        return set(range(1, S.C_PROV + 1))
    if key == "sheet.settings":
        return {1, 2, 3}
    if key == "sheet.players":
        h = _find_header(rows, "col.number", any_column=True)
        header = rows[h] if h is not None else ()
        return {c + 1 for c, v in enumerate(header) if S.L.lookup(v, S.PLAYER_COLUMNS)} or set(range(1, 8))
    return None


def _formulas_to_values(wb, result, values: Mapping[str, object]) -> list[str]:
    """Our unchanged source sheets' formula cells in the columns we read set
    to the values read; the cells, as ``Sheet!Cell``."""
    changed = set(result.changed)
    done: list[str] = []
    for name in wb.sheetnames:
        rows: Sequence[Sequence[object]] = values.get(name) or []  # type: ignore[assignment]
        columns = _read_columns(sheet_key(name), rows)
        if name in changed or columns is None:
            continue
        for row in wb[name].iter_rows():
            for cell in row:
                if cell.data_type != "f" or cell.column not in columns:
                    continue
                r, c = cell.row - 1, cell.column - 1
                row_values: Sequence[object] = rows[r] if r < len(rows) else ()
                cell.value = row_values[c] if c < len(row_values) else None
                done.append(S.where(name, cell.row, cell.column))
    return done


def apply(path: Path | str, result, values: Mapping[str, object] | None = None) -> tuple[str, ...]:
    """Apply ``result`` to the workbook at ``path`` (created when missing).

    ``values``: what :func:`read_values` read before the job (to write
    unchanged sheets as they were).  Returns the cells of our source sheets
    whose formulas were written as their values
    (:data:`FORMULAS_BECOME_VALUES`)."""
    path = atomic.target(path)
    refuse_if_unsafe(path)
    if not path.exists():
        write_new(path, result, values)
        return ()
    refuse_beyond_limits(path, result)
    if values is None:
        values = read_values(path)
    names = list(values)
    ours = {s.name for s in result.sheets}
    _keyed, _rounds, other = S.classify_sheets(names)
    other = [n for n in other if n not in ours]
    known = getattr(values, "formulas", None)
    formulas = bool(known) if known is not None else has_formulas(path)
    pkg = getattr(values, "package", None)
    comments = pkg.comments if pkg is not None else has_comments(path)
    if not other and not formulas and not comments:
        write_new(path, result, values)
        return ()
    # The workbook holds sheets that are not ours, or formulas: edit it in place.
    # start-up time: openpyxl (tens of ms) only when a workbook is edited in place
    import openpyxl

    try:
        wb = openpyxl.load_workbook(path)
    except Exception as e:  # noqa: BLE001 - calamine read it, openpyxl cannot load it to edit: damaged

        raise WorkbookError("file.damaged", path=path, part="xl", reason=reason_of(e)) from None
    for name in result.delete:
        if name in wb.sheetnames:
            wb.remove(wb[name])
    prev_index = -1
    for s in result.sheets:
        if s.name in wb.sheetnames:
            index = wb.sheetnames.index(s.name)
            if s.name in result.changed:
                wb.remove(wb[s.name])
                write_sheet(wb.create_sheet(s.name, index), s)
        elif s.name not in result.delete:
            index = prev_index + 1
            write_sheet(wb.create_sheet(s.name, index), s)
        prev_index = wb.sheetnames.index(s.name) if s.name in wb.sheetnames else prev_index
    converted = _formulas_to_values(wb, result, values) if formulas and FORMULAS_BECOME_VALUES else []
    _save_atomically(wb.save, path, expected=getattr(values, "version", None))
    return tuple(converted)
