"""Issue 15 item 1: two Bianpai commands on one workbook at once — real
processes.  Without a lock both read the same version and the later write
drops the earlier one's round (a lost update), and two ``pair``s left
``.bak`` equal to the new file.  With :func:`bianpai.addin.files.lock.workbook_lock`
around the whole read–compute–write and the version check before the replace,
nothing is lost: the second command waits, then works on the new version or
refuses."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path

import pytest

from bianpai.addin.files import lock as filelock, xlsx
from bianpai.addin.jobs import api as jobs
from bianpai.addin.cli.app import EXIT_FILE, main
from bianpai.addin.files.errors import WorkbookError
from bianpai.addin.files.reader import read_workbook

from workbook_helpers import event, play

TRIES = 3
"""Simultaneous starts per test (each try starts two interpreters)."""


def write(path: Path, values) -> Path:
    res = jobs.update(values)
    xlsx.write_new(path, replace(res, changed=tuple(s.name for s in res.sheets)))
    return path


def bianpai(*args: str, env: dict[str, str] | None = None) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "bianpai.addin.cli", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=dict(os.environ, **(env or {})))


def rounds_in(path: Path) -> list[str]:
    return [n for n in read_workbook(path) if n.startswith("第") and n.endswith("轮")]


@pytest.fixture
def played(tmp_path: Path) -> Path:
    """An 8-player event with round 1 played: the next ``pair`` makes round 2."""
    return write(tmp_path / "event.xlsx", play(event(8), 1))


def test_pair_and_standings_together_lose_no_round(played: Path):
    """The failure of the issue: ``pair`` and ``standings`` started 0–90 ms
    apart; both exit 0, yet round 2 was gone.  Now round 2 is always there."""
    original = played.read_bytes()
    rng = random.Random(15)
    for _ in range(TRIES):
        played.write_bytes(original)
        a = bianpai("pair", str(played))
        time.sleep(rng.uniform(0, 0.09))
        b = bianpai("standings", str(played))
        out_a, out_b = a.communicate(timeout=120), b.communicate(timeout=120)
        assert (a.returncode, b.returncode) == (0, 0), (out_a, out_b)
        assert "第2轮" in rounds_in(played), "round 2 was lost"
        assert xlsx.backup_path(played).read_bytes() != played.read_bytes()
    assert [p.name for p in played.parent.iterdir() if ".tmp" in p.name or ".lock" in p.name] == []


def test_two_pairs_together_keep_the_previous_version(played: Path):
    """Two ``pair``s at once: one pairs round 2; the other then sees round 2
    without results and refuses (or pairs round 3 had it been finished).  The
    backup is never the new file, so the version before is not lost."""
    original = played.read_bytes()
    rng = random.Random(16)
    for _ in range(TRIES):
        played.write_bytes(original)
        xlsx.backup_path(played).unlink(missing_ok=True)
        a = bianpai("pair", str(played))
        time.sleep(rng.uniform(0, 0.09))
        b = bianpai("pair", str(played))
        a.communicate(timeout=120)
        b.communicate(timeout=120)
        assert sorted((a.returncode, b.returncode)) == [0, 3]
        assert rounds_in(played) == ["第1轮", "第2轮"]
        assert xlsx.backup_path(played).read_bytes() == original != played.read_bytes()


def _wait_for_temporary_file(proc: subprocess.Popen[str], folder: Path) -> None:
    """Until ``proc`` has written its new workbook beside the old one (and
    pauses before the replace: BIANPAI_TEST_SAVE_PAUSE)."""
    deadline = time.monotonic() + 60
    while not any(".tmp" in p.name for p in folder.iterdir()):
        assert proc.poll() is None, proc.communicate()
        assert time.monotonic() < deadline
        time.sleep(0.02)


@pytest.mark.parametrize("first", ["standings", "pair"])
def test_a_command_started_during_a_save_works_on_the_saved_version(played: Path, first: str):
    """The race made certain: the first command has read the workbook and
    written its new version beside it, and waits before the replace; a
    ``pair`` starts then.  Without the lock that ``pair`` read the old
    version, and whichever replace came last dropped the other's work (round
    2 gone, or ``.bak`` equal to the new file).  Now it waits for the first
    and pairs from what the first saved."""
    original = played.read_bytes()
    a = bianpai(first, str(played), env={xlsx.SAVE_PAUSE_ENV: "1.0"})
    _wait_for_temporary_file(a, played.parent)
    b = bianpai("pair", str(played), env={filelock.LOCK_ENV: "60"})
    out_a, out_b = a.communicate(timeout=120), b.communicate(timeout=120)
    assert a.returncode == 0, out_a
    if first == "standings":
        assert b.returncode == 0, out_b
        assert rounds_in(played) == ["第1轮", "第2轮"]
        assert xlsx.backup_path(played).read_bytes() != played.read_bytes()
    else:  # round 2 has no results yet: the second pair refuses, and says so
        assert b.returncode == 3 and "第2轮" in out_b[1], out_b
        assert rounds_in(played) == ["第1轮", "第2轮"]
        assert xlsx.backup_path(played).read_bytes() == original != played.read_bytes()


HOLD = """
import sys, time
from bianpai.addin.files.lock import workbook_lock
with workbook_lock(sys.argv[1]):
    print("held", flush=True)
    time.sleep(float(sys.argv[2]))
"""


def _holder(path: Path, seconds: float) -> subprocess.Popen[str]:
    proc = subprocess.Popen([sys.executable, "-c", HOLD, str(path), str(seconds)], stdout=subprocess.PIPE,
                            text=True)
    assert proc.stdout is not None and proc.stdout.readline().strip() == "held"
    return proc


def test_a_second_command_waits_then_refuses_naming_the_holder(played: Path, capsys, monkeypatch):
    holder = _holder(played, 60)
    try:
        before = played.read_bytes()
        monkeypatch.setenv(filelock.LOCK_ENV, "0.3")
        t0 = time.monotonic()
        assert main(["pair", str(played)]) == EXIT_FILE
        assert time.monotonic() - t0 >= 0.3
        err = capsys.readouterr().err
        assert str(played) in err and f"pid {holder.pid}" in err
        assert "正由另一个编排命令使用" in err and "is in use by another Bianpai command" in err
        assert played.read_bytes() == before
    finally:
        holder.kill()
        holder.wait()


def test_a_second_command_waits_for_a_short_job(played: Path, monkeypatch):
    """A job that ends within the wait: the second command then runs."""
    holder = _holder(played, 0.5)
    monkeypatch.setenv(filelock.LOCK_ENV, "20")
    assert main(["pair", str(played)]) == 0
    holder.wait()
    assert "第2轮" in rounds_in(played)


def test_the_lock_of_a_killed_command_is_taken_over(played: Path, monkeypatch):
    """kill -9 leaves the lock file; its process is gone, so the next command takes it."""
    holder = _holder(played, 60)
    holder.send_signal(signal.SIGKILL)
    holder.wait()
    assert filelock.lock_path(played).exists()
    monkeypatch.setenv(filelock.LOCK_ENV, "1")
    assert main(["pair", str(played)]) == 0
    assert not filelock.lock_path(played).exists()


def test_a_lock_file_of_a_dead_process_is_stale_and_one_of_a_live_one_is_not(played: Path):
    lock = filelock.lock_path(played)
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    lock.write_text(json.dumps({"pid": dead.pid, "host": filelock._host(), "time": time.time()}))
    with filelock.workbook_lock(played, wait=1) as held:
        assert held == lock and json.loads(lock.read_text())["pid"] == os.getpid()
    assert not lock.exists()
    # a lock its holder let go of but could not remove (Windows: a waiting command had it open)
    lock.write_text(json.dumps({"released": True}))
    with filelock.workbook_lock(played, wait=0):
        pass
    assert not lock.exists()
    # another host's fresh lock: not taken over (its process cannot be asked)
    lock.write_text(json.dumps({"pid": 1, "host": "elsewhere", "time": time.time()}))
    with pytest.raises(WorkbookError) as e:
        with filelock.workbook_lock(played, wait=0.2):
            pass
    assert "pid 1 @ elsewhere" in str(e.value)
    # … unless it is older than STALE_AFTER_SECONDS
    old = time.time() - filelock.STALE_AFTER_SECONDS - 60
    os.utime(lock, (old, old))
    with filelock.workbook_lock(played, wait=0.2):
        pass
    assert not lock.exists()


def test_sigterm_releases_the_lock_and_removes_temporary_files(played: Path):
    before = played.read_bytes()
    proc = bianpai("pair", str(played), env={xlsx.SAVE_PAUSE_ENV: "60"})
    deadline = time.monotonic() + 60
    while not any(".tmp" in p.name for p in played.parent.iterdir()):
        assert proc.poll() is None, proc.communicate()
        assert time.monotonic() < deadline
        time.sleep(0.05)
    proc.send_signal(signal.SIGTERM)
    proc.communicate(timeout=60)
    assert played.read_bytes() == before
    assert [p.name for p in played.parent.iterdir() if p.name.startswith(".")] == []


def test_a_file_changed_after_reading_is_not_overwritten(played: Path):
    """The version check just before the replace: another program (Excel, a
    sync client, a Bianpai without the lock) saved the workbook meanwhile."""
    values = xlsx.read_values(played)
    result = jobs.pair(values)
    other = write(played.with_name("other.xlsx"), play(event(8), 1, seed=7))
    os.replace(other, played)
    theirs = played.read_bytes()
    with pytest.raises(WorkbookError) as e:
        xlsx.apply(played, result, values)
    assert e.value.key == "file.changed" and str(played) in str(e.value)
    assert played.read_bytes() == theirs
    assert not xlsx.backup_path(played).exists()
    assert [p.name for p in played.parent.iterdir() if ".tmp" in p.name] == []


def test_no_lock_for_an_unsaved_or_web_workbook(tmp_path: Path, monkeypatch):
    """The add-in passes book.fullname as it is: ``Book1`` (never saved) or a
    OneDrive address have no folder to hold a lock file."""
    monkeypatch.chdir(tmp_path)
    for name in ("Book1", "https://d.docs.live.net/abc/event.xlsx", "", None):
        with filelock.workbook_lock(name) as held:
            assert held is None
    assert list(tmp_path.iterdir()) == []


def test_a_folder_where_no_lock_can_be_made_names_the_workbook(played: Path, capsys, monkeypatch):
    """A read-only folder: the lock file cannot be created, and the message
    names the workbook and its folder, not the lock file."""
    real_open = os.open

    def denied(path, flags, *args):
        if str(path).endswith(".lock"):
            raise PermissionError(13, "Permission denied", str(path))
        return real_open(path, flags, *args)

    monkeypatch.setattr(filelock.os, "open", denied)
    before = played.read_bytes()
    assert main(["pair", str(played)]) == EXIT_FILE
    err = capsys.readouterr().err
    assert f"cannot save {played}: cannot write in its folder {played.parent}" in err
    assert ".lock" not in err
    assert played.read_bytes() == before


def test_without_operating_system_locks_the_lock_file_alone_holds(played: Path, monkeypatch):
    """Where neither fcntl nor msvcrt exists, O_EXCL and the holder's process
    id still decide: a live holder's lock holds, a dead one's is taken over."""
    monkeypatch.setattr(filelock, "_fcntl", None)
    monkeypatch.setattr(filelock, "_msvcrt", None)
    monkeypatch.setattr(filelock, "HAS_OS_LOCK", False)
    lock = filelock.lock_path(played)
    lock.write_text(json.dumps({"pid": os.getppid(), "host": filelock._host(), "time": time.time()}))
    with pytest.raises(WorkbookError) as e:
        with filelock.workbook_lock(played, wait=0.2):
            pass
    assert f"pid {os.getppid()}" in str(e.value) and lock.exists()
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    lock.write_text(json.dumps({"pid": dead.pid, "host": filelock._host(), "time": time.time()}))
    with filelock.workbook_lock(played, wait=0.2) as held:
        assert held == lock
        with pytest.raises(WorkbookError):
            with filelock.workbook_lock(played, wait=0.1):
                pass
    assert not lock.exists()
