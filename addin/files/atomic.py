"""Every file Bianpai writes is replaced atomically (issue 30 items 7, 9, 11, 12).

The workbook (:mod:`bianpai.addin.files.xlsx`) and every other file a command
writes (``export-trf -o``, ``trf-pair -p``, ``trf-standings -o``) go through
:func:`replace_file`: the new content is written to a temporary file beside
the old one, flushed to the disk, given the old file's permissions and moved
over it with ``os.replace``.  A full disk, a kill or Ctrl+C half-way leaves
the old file as it was; the temporary file is removed on every way out; every
error names the file (:class:`~bianpai.addin.files.errors.WorkbookError`).

Links (item 7): a symbolic link (a synced folder, a shortcut) is written
through — the file it points to is locked and replaced, the link stays a link
(:func:`target`).  A file with a second name (a hard link) cannot be replaced
without splitting the two names, so it is refused naming both
(:func:`refuse_hard_link`).

Names (item 12): the file system limits the bytes of one file name (255 on
the usual ones; a Chinese character takes 3), and Bianpai writes files whose
names are the file's and up to :data:`NAME_SLACK` bytes more beside it.  A
name too long for that is refused saying so (:func:`check_name`).

This module imports nothing of the workbook layer (the TRF commands use it
and start fast); the word table only when there is an error to word.
"""

from __future__ import annotations

import contextlib
import errno
import os
import signal
import stat
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterator

if TYPE_CHECKING:
    from .errors import WorkbookError

__all__ = ["NAME_SLACK", "WRITTEN", "check_name", "deferred_interrupt", "refuse_hard_link", "replace_file",
           "save_error", "target", "temp_path", "write_text"]

WRITTEN: list[Path] = []
"""The files this process has replaced, in order (what an interrupted
command says it wrote; :func:`bianpai.addin.cli.main`)."""

NAME_SLACK = len(".") + len(".bak") + len(".4194304.tmp")
"""Bytes the longest name Bianpai makes beside a file adds to the file's own
name (the backup's temporary copy ``.EVENT.bak.xlsx.PID.tmp``; the lock
``.~bianpai.EVENT.xlsx.lock`` adds 15)."""

DEFAULT_NAME_MAX = 255
"""The bytes of one file name where the system does not say (ext4, APFS,
NTFS in UTF-16 units, exFAT …: 255)."""


def target(path: Path | str) -> Path:
    """The file a write to ``path`` replaces: ``path`` itself, or the file a
    symbolic link at ``path`` points to (followed to its end)."""
    p = Path(path)
    if p.is_symlink():
        return Path(os.path.realpath(p))
    return p


def _error(key: str, **fmt: object) -> WorkbookError:
    # start-up time: errors imports the word table; the TRF commands write without it
    from .errors import WorkbookError

    return WorkbookError(key, **fmt)


def refuse_hard_link(path: Path) -> None:
    """Refuse a file that has another name (a hard link), naming both when
    the other is in the same folder."""
    try:
        st = path.stat()
    except OSError:
        return
    if st.st_nlink <= 1 or not stat.S_ISREG(st.st_mode):
        return
    other = ""
    with contextlib.suppress(OSError):
        for e in os.scandir(path.parent):
            if e.name != path.name and e.is_file(follow_symlinks=False):
                est = e.stat(follow_symlinks=False)
                if (est.st_ino, est.st_dev) == (st.st_ino, st.st_dev):
                    other = e.path
                    break
    raise _error("file.hard_link", path=path, links=st.st_nlink,
                 other=other or ("file.hard_link_elsewhere"))


def _name_length(name: str) -> int:
    """The length of a file name as the file system counts it: UTF-16 units
    on Windows, bytes elsewhere."""
    if os.name == "nt":
        return len(name.encode("utf-16-le")) // 2
    return len(os.fsencode(name))


def name_max(folder: Path) -> int:
    """The longest file name ``folder``'s file system takes (:data:`DEFAULT_NAME_MAX`
    where it does not say)."""
    try:
        return int(os.pathconf(folder if folder.exists() else ".", "PC_NAME_MAX"))
    except (AttributeError, OSError, ValueError):
        return DEFAULT_NAME_MAX


def check_name(path: Path) -> None:
    """Refuse ``path`` when the names Bianpai writes beside it would be longer
    than the file system allows, saying how long it may be."""
    length = _name_length(path.name)
    limit = name_max(path.parent)
    if length + NAME_SLACK <= limit:
        return
    most = max(limit - NAME_SLACK, 0)
    raise _error("file.name_too_long", path=path, length=length, extra=NAME_SLACK, limit=limit, most=most,
                 chars=(most - _name_length(path.suffix)) // 3)


def temp_path(path: Path) -> Path:
    """``EVENT.xlsx`` → ``.EVENT.PID.tmp.xlsx`` beside it (the new content while it is written)."""
    return path.with_name(f".{path.stem}.{os.getpid()}.tmp{path.suffix}")


def save_error(path: Path, e: OSError, workbook: bool = True) -> WorkbookError:
    """An I/O error while writing ``path``, as a message that names it (of a
    workbook, or of another file: ``workbook=False``)."""
    reason = e.strerror or str(e)
    out = "" if workbook else "out_"
    if e.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
        return _error(f"file.{out}no_space", path=path)
    if e.errno == errno.ENAMETOOLONG:
        try:
            check_name(path)
        except Exception as named:  # noqa: BLE001 - the WorkbookError saying the limit
            return named  # type: ignore[return-value]
    if e.errno in (errno.EACCES, errno.EPERM, errno.EROFS) and e.filename and Path(str(e.filename)) != path:
        return _error(f"file.{out}folder_denied", path=path, folder=path.parent.resolve(), reason=reason)
    return _error(f"file.{out}write_failed", path=path, reason=reason)


@contextlib.contextmanager
def deferred_interrupt() -> Iterator[None]:
    """Ctrl+C (``SIGINT``) inside the block takes effect when it ends: the
    replace and the record of it (:data:`WRITTEN`) happen together or not at all."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught: list[int] = []
    try:
        previous = signal.signal(signal.SIGINT, lambda signum, frame: caught.append(signum))
    except (ValueError, OSError):
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
        if caught and callable(previous):  # Python's own handler raises KeyboardInterrupt
            previous(signal.SIGINT, None)


def replace_file(path: Path | str, save: Callable[[Path], object],
                 before_replace: Callable[[Path], bool] | None = None, workbook: bool = True,
                 with_replace: Callable[[], object] | None = None) -> bool:
    """Write ``path`` atomically: ``save(tmp)`` writes the new content to a
    temporary file beside it, which is flushed, given ``path``'s permissions
    and moved over it.  ``before_replace(tmp)`` (when given) runs just before
    the move; when it returns False nothing is replaced.  ``with_replace()``
    (when given) runs together with the move, Ctrl+C deferred over both (the
    workbook's backup is moved into place there).  A symbolic link is
    written through (:func:`target`).  Returns whether ``path`` was replaced;
    an I/O error is raised as a :class:`WorkbookError` naming ``path``."""
    path = target(path)
    check_name(path)
    tmp = temp_path(path)
    try:
        try:
            mode = stat.S_IMODE(path.stat().st_mode) if path.exists() else None
            save(tmp)
            with open(tmp, "rb") as fh:
                os.fsync(fh.fileno())
            if mode is not None:
                os.chmod(tmp, mode)
            if before_replace is not None and not before_replace(tmp):
                return False
            with deferred_interrupt():
                if with_replace is not None:
                    with_replace()
                os.replace(tmp, path)
                WRITTEN.append(path)
            return True
        except OSError as e:
            raise save_error(path, e, workbook) from None
    finally:
        with contextlib.suppress(OSError):
            tmp.unlink()


def write_text(path: Path | str, text: str, encoding: str = "utf-8") -> None:
    """Write ``text`` to the file ``path`` atomically (:func:`replace_file`),
    its line ends as they are; a hard-linked file is refused."""
    p = target(path)
    refuse_hard_link(p)

    def save(tmp: Path) -> None:
        with open(tmp, "w", encoding=encoding, newline="") as fh:
            fh.write(text)

    replace_file(p, save, workbook=False)
