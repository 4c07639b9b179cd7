"""One Bianpai command at a time on a workbook: a lock file beside it.

A job reads the workbook, computes and writes it back.  Two jobs on one
workbook at once would each write what they computed from the same version,
and the later one would silently drop the other's round (a lost update).  So
every writing job holds :func:`workbook_lock` from before it reads until after
it has written — the command line (``bianpai pair`` …) and the add-in (which
writes through Excel) alike.

The lock is the file ``.~bianpai.NAME.xlsx.lock`` beside the workbook:

* it is created atomically (``O_CREAT | O_EXCL``), which every file system
  Windows, macOS and Linux use supports; it holds the holder's process id,
  host, user and start time as JSON, so the refusal says who holds it;
* where the platform has them, the holder also keeps an operating-system lock
  on it (``fcntl.flock`` on macOS and Linux, ``msvcrt.locking`` on Windows),
  which the system releases when the holder dies, however it dies;
* a lock whose holder is gone (killed, crashed, machine switched off) is
  stale and is taken over: on the same host as soon as its operating-system
  lock is free, whoever has its process id now (after a reboot the id may
  belong to another process: issue 30 item 10); where the platform has no
  such lock, when its process no longer runs; a lock from another host (a
  shared folder) when it is also older than :data:`STALE_AFTER_SECONDS`;
* a second command waits :data:`WAIT_SECONDS`, then refuses with a message
  naming the workbook and the holder.

While the lock is held, ``SIGTERM`` ends the command through the normal
clean-up (temporary files removed, lock released) instead of killing it.
"""

from __future__ import annotations

import contextlib
import datetime as _dt
import errno
import getpass
import os
import signal
import threading
import time
from pathlib import Path
from typing import Iterator

from .errors import WorkbookError
import json
from .atomic import check_name, save_error, target

__all__ = ["STALE_AFTER_SECONDS", "WAIT_SECONDS", "Holder", "WorkbookError", "lock_path", "pid_running",
           "workbook_lock"]

WAIT_SECONDS = 5.0
"""Decision: how long a second command waits for the first to finish before
it refuses.  A 1,000-player ``pair`` reads, pairs and writes in about two
seconds; an organiser who starts two commands by accident gets the second one
done when the first is quick, and a clear refusal otherwise."""

POLL_SECONDS = 0.05
"""How often a waiting command looks at the lock again."""

STALE_AFTER_SECONDS = 15 * 60.0
"""Decision: a lock written by another computer (a shared folder) is taken
over only when its operating-system lock is free and it is older than this —
no job runs for a quarter of an hour, and another computer's process cannot
be asked whether it still runs."""

UNFINISHED_GRACE_SECONDS = 2.0
"""A lock file without readable holder data is being written by its creator
for this long; after it, such a lock is stale."""

LOCK_ENV = "BIANPAI_LOCK_WAIT"
"""Test hook: seconds to wait instead of :data:`WAIT_SECONDS`."""


def lock_path(workbook: Path) -> Path:
    """``EVENT.xlsx`` → ``.~bianpai.EVENT.xlsx.lock`` beside it."""
    return workbook.with_name(f".~bianpai.{workbook.name}.lock")


class Holder(dict):
    """What a lock file says about its holder (pid, host, user, since)."""

    def describe(self) -> str:
        who = f"pid {self.get('pid', '?')} @ {self.get('host', '?')}"
        user = self.get("user")
        return f"{who}, {user}" if user else who

    @property
    def since(self) -> str:
        t = self.get("time")
        if not isinstance(t, (int, float)):
            return "?"
        return _dt.datetime.fromtimestamp(t).strftime("%Y-%m-%d %H:%M:%S")


def _host() -> str:
    # start-up time: socket only where a lock is taken (check takes none)
    import socket  # here: commands that take no lock (check) do without it

    return socket.gethostname() or "?"


def _user() -> str:
    try:
        return getpass.getuser()
    except Exception:  # noqa: BLE001 - no user name where there is no login (containers)
        return ""


# -- operating-system locks where present -----------------------------------

try:
    import fcntl as _fcntl
except ImportError:  # Windows
    _fcntl = None  # type: ignore[assignment]
try:
    import msvcrt as _msvcrt
except ImportError:  # macOS, Linux
    _msvcrt = None  # type: ignore[assignment]

HAS_OS_LOCK = _fcntl is not None or _msvcrt is not None
_MSVCRT_LOCK_OFFSET = 1 << 30


def _os_lock(fd: int) -> bool:
    """Take the operating-system lock on ``fd`` without waiting; False when
    another process holds it (True also where there is no such lock)."""
    try:
        if _fcntl is not None:
            _fcntl.flock(fd, _fcntl.LOCK_EX | _fcntl.LOCK_NB)
        elif _msvcrt is not None:
            # a byte far past the holder data: Windows' byte locks also bar reading what they cover
            os.lseek(fd, _MSVCRT_LOCK_OFFSET, os.SEEK_SET)
            _msvcrt.locking(fd, _msvcrt.LK_NBLCK, 1)
    except OSError:
        return False
    return True


def pid_running(pid: int) -> bool:
    """Whether process ``pid`` runs on this host (True when unknown)."""
    if pid <= 0:
        return False
    if os.name == "nt":  # os.kill would terminate it there
        # start-up time: ctypes only on Windows
        import ctypes

        kernel32 = ctypes.windll.kernel32  # type: ignore[attr-defined]
        handle = kernel32.OpenProcess(0x1000, False, pid)  # PROCESS_QUERY_LIMITED_INFORMATION
        if not handle:
            return kernel32.GetLastError() == 5  # access denied: it runs
        code = ctypes.c_ulong()
        ok = kernel32.GetExitCodeProcess(handle, ctypes.byref(code))
        kernel32.CloseHandle(handle)
        return not ok or code.value == 259  # STILL_ACTIVE
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


# -- the lock file ------------------------------------------------------------


def _read_holder(path: Path) -> Holder | None:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return Holder(data) if isinstance(data, dict) else None


def _try_create(path: Path) -> int | None:
    """Create the lock file (None: it exists).  The operating-system lock is
    taken before the holder data is written, so data that can be read always
    belongs to a holder that has its lock."""
    flags = os.O_CREAT | os.O_EXCL | os.O_RDWR | getattr(os, "O_NOINHERIT", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags, 0o644)
    except FileExistsError:
        return None
    try:
        held = _os_lock(fd) and HAS_OS_LOCK
        data = {"pid": os.getpid(), "host": _host(), "user": _user(), "time": time.time(),
                "program": "bianpai", "os_lock": held}
        os.write(fd, json.dumps(data).encode("utf-8"))
        os.fsync(fd)
    except BaseException:
        os.close(fd)
        with contextlib.suppress(OSError):
            os.unlink(path)
        raise
    return fd


def _break_if_stale(path: Path) -> bool:
    """Remove the lock at ``path`` when its holder is gone; True when the
    caller should try to create it again (removed, or vanished meanwhile)."""
    try:
        fd = os.open(path, os.O_RDWR | getattr(os, "O_NOINHERIT", 0) | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        return True
    except OSError:
        return False  # Windows: the holder has it open
    try:
        free = _os_lock(fd)
        if not free:
            return False
        try:
            same = os.path.samestat(os.fstat(fd), os.stat(path))
        except FileNotFoundError:
            return True
        if not same:
            return True  # replaced meanwhile: look again
        holder = _read_holder(path)
        age = time.time() - os.fstat(fd).st_mtime
        if holder is not None and holder.get("released"):
            stale = True  # its holder let go, and could not remove it (Windows: we had it open)
        elif holder is None or not isinstance(holder.get("pid"), int):
            stale = age > UNFINISHED_GRACE_SECONDS
        elif holder.get("host") == _host():
            # its operating-system lock is free (above): the holder is gone, whoever has its id now —
            # unless the holder could not take that lock (it says so), or the platform has none
            held = HAS_OS_LOCK and holder.get("os_lock", True) is not False
            stale = held or not pid_running(holder["pid"]) or age > STALE_AFTER_SECONDS
        else:
            stale = age > STALE_AFTER_SECONDS
        if not stale:
            return False
        if _msvcrt is not None:  # Windows deletes no open file
            os.close(fd)
            fd = -1
        try:
            os.unlink(path)
        except FileNotFoundError:
            pass
        except OSError:
            return False
        return True
    finally:
        if fd >= 0:
            os.close(fd)


def _release(path: Path, fd: int) -> None:
    with contextlib.suppress(OSError):  # should the removal fail, a waiting command sees it let go
        os.lseek(fd, 0, os.SEEK_SET)
        os.ftruncate(fd, 0)

        os.write(fd, json.dumps({"released": True}).encode("utf-8"))
    if _msvcrt is not None:
        os.close(fd)
        with contextlib.suppress(OSError):
            os.unlink(path)
        return
    with contextlib.suppress(OSError):
        os.unlink(path)  # while the operating-system lock is still ours
    os.close(fd)


@contextlib.contextmanager
def _terminate_cleanly() -> Iterator[None]:
    """While held: ``SIGTERM`` (and ``SIGHUP``, a closed terminal) raise
    :class:`SystemExit` (exit 128 + the signal), so the temporary files are
    removed and the lock released; ``Ctrl+C`` does so already."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(signum: int, frame: object) -> None:
        raise SystemExit(128 + signum)

    previous = {}
    for name in ("SIGTERM", "SIGHUP"):
        sig = getattr(signal, name, None)
        if sig is not None:
            with contextlib.suppress(ValueError, OSError):
                previous[sig] = signal.signal(sig, stop)
    try:
        yield
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)


@contextlib.contextmanager
def workbook_lock(workbook: Path | str | None, wait: float | None = None) -> Iterator[Path | None]:
    """Hold the lock of ``workbook`` for the ``with`` block: the whole read,
    compute and write of one job.  Waits up to ``wait`` seconds (default
    :data:`WAIT_SECONDS`) for another command to finish, then raises
    :class:`~bianpai.addin.files.errors.WorkbookError` (``file.busy``).

    Yields the lock file's path; ``None`` (and no lock) when ``workbook`` is
    not an existing file on this machine — there is nothing to lose then: a
    workbook still to be created, an unsaved Excel workbook (``Book1``), a web
    address (OneDrive, SharePoint), xlwings Lite's browser — the add-in passes
    ``book.fullname`` as it is."""
    text = str(workbook) if workbook is not None else ""
    if not text or "://" in text or not Path(text).is_file():
        yield None
        return

    path = target(text)  # a symbolic link: the file it points to is locked (and replaced)
    check_name(path)
    if wait is None:
        wait = float(os.environ.get(LOCK_ENV, WAIT_SECONDS))
    lock = lock_path(path)
    deadline = time.monotonic() + wait
    while True:
        try:
            fd = _try_create(lock)
        except OSError as e:  # a read-only folder or disk, a full disk: say it of the workbook
            if e.errno == errno.ENAMETOOLONG:
                raise save_error(path, e) from None
            key = "file.no_space" if e.errno == errno.ENOSPC else "file.folder_denied"
            raise WorkbookError(key, path=path, folder=path.parent.resolve(),
                                reason=e.strerror or e) from None
        if fd is not None:
            break
        if _break_if_stale(lock):
            continue
        if time.monotonic() >= deadline:
            holder = _read_holder(lock) or Holder()
            raise WorkbookError("file.busy", path=path, holder=holder.describe(), since=holder.since,
                                wait=f"{wait:g}")
        time.sleep(POLL_SECONDS)
    try:
        with _terminate_cleanly():
            yield lock
    finally:
        _release(lock, fd)
