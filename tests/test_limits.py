"""Issue 30 items 3, 4, 5, 7–12 and issue 23 item 12: every input has a
limit, checked before the work; links, long names, stale locks, consoles that
cannot print Chinese, Ctrl+C and the files Bianpai writes besides the
workbook.  Each test failed before its fix.  The files are small: the limits
are lowered (monkeypatch) where a real-size file would be slow to build; the
hostile sizes themselves are measured by ``bench/bench_limits.py``."""

from __future__ import annotations

import errno
import json
import os
import signal
import socket
import subprocess
import sys
import time
import zipfile
from dataclasses import replace
from pathlib import Path

import pytest

from bianpai.addin.files import atomic, lock as filelock, safezip, xlsx
from bianpai.addin.jobs import api as jobs
from bianpai.addin.files import reader as R
from bianpai.addin.cli.app import EXIT_BAD_INPUT, EXIT_FILE, EXIT_INTERRUPTED, EXIT_OK, main
from bianpai.addin.workbook.messages import MAX_SHOWN_PROBLEMS
from bianpai.engine.formats import trf_limits
from bianpai.engine.simulate.individual import play_event
from bianpai.engine.formats.trf import format_trf

from workbook_helpers import event, parts_of, play, settings_sheet, write

BIANPAI = [sys.executable, "-m", "bianpai.addin.cli"]


@pytest.fixture
def workbook(tmp_path: Path) -> Path:
    return write(tmp_path / "event.xlsx", play(event(8), 1))


def write_parts(path: Path, parts: dict[str, bytes]) -> None:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for n, b in parts.items():
            z.writestr(n, b)


def refused(argv: list[str], capsys, code: int, *words: str) -> str:
    """Run ``argv``: exit ``code``, no traceback, every word said; the words said."""
    assert main(argv) == code
    out = capsys.readouterr()
    said = out.err + out.out
    assert "Traceback" not in said
    for w in words:
        assert w in said, (w, said)
    return said


def trf_text(n: int = 8, rounds: int = 5, played: int = 2) -> str:
    return format_trf(play_event(n, rounds, "dingwei", 3, upto=played))


# -- item 3: import-players is refused by the reader's own limit -------------------


def test_import_players_refuses_more_players_than_a_workbook_holds(tmp_path: Path, capsys):
    """Was: 12,000 rows imported (exit 0), then every command refused the
    workbook as hostile.  The CSV is refused before the job runs, by
    safezip.MAX_PLAYERS, the limit the reader's row limit is made of."""
    wb = tmp_path / "new.xlsx"
    xlsx.write_new(wb, jobs.new("zh", "测试"))
    before = wb.read_bytes()
    csv = tmp_path / "players.csv"
    csv.write_text("姓名,单位\n" + "".join(f"选手{i},队{i % 7}\n" for i in range(safezip.MAX_PLAYERS + 1)),
                   encoding="utf-8")
    refused(["import-players", str(wb), str(csv)], capsys, EXIT_BAD_INPUT, str(csv),
            f"{safezip.MAX_PLAYERS:,}")
    assert wb.read_bytes() == before


def test_the_import_job_counts_the_players_already_there(workbook: Path, capsys, monkeypatch):
    """The same limit on the whole event (the add-in's import runs the job
    too): 8 players and 3 more above a (lowered) limit of 10."""
    monkeypatch.setattr(safezip, "MAX_PLAYERS", 10)
    before = workbook.read_bytes()
    csv = workbook.with_name("more.csv")
    csv.write_text("姓名\n" + "".join(f"新人{i}\n" for i in range(3)), encoding="utf-8")
    refused(["import-players", str(workbook), str(csv)], capsys, EXIT_BAD_INPUT, "11 名选手", "上限 10 名")
    assert workbook.read_bytes() == before


def test_no_command_writes_a_sheet_the_reader_refuses(workbook: Path, capsys, monkeypatch):
    """The writer holds every sheet to the reader's row limit: 8 players and
    20 more would be more rows than a (lowered) limit allows; nothing is written."""
    monkeypatch.setattr(xlsx, "MAX_SHEET_ROWS", 20)
    before = workbook.read_bytes()
    csv = workbook.with_name("more.csv")
    csv.write_text("姓名\n" + "".join(f"新人{i}\n" for i in range(20)), encoding="utf-8")
    refused(["import-players", str(workbook), str(csv)], capsys, EXIT_FILE, "选手", "rows per sheet",
            "nothing was written")
    assert workbook.read_bytes() == before


def test_no_command_writes_a_cell_excel_cannot_hold(tmp_path: Path, capsys):
    """A 40,000-character club name: refused by the writer (Excel's 32,767)."""
    wb = tmp_path / "new.xlsx"
    xlsx.write_new(wb, jobs.new("zh", "测试"))
    csv = tmp_path / "players.csv"
    csv.write_text("姓名,单位\n张三," + "棋" * 40_000 + "\n", encoding="utf-8")
    refused(["import-players", str(wb), str(csv)], capsys, EXIT_FILE, "32,767", "40,000")


# -- item 4: TRF bounds before parsing ------------------------------------------------


def test_a_long_player_line_is_refused_before_parsing(tmp_path: Path, capsys):
    """Was: a 10 MB 001 line ran over 120 s and 1.5 GB in trf-pair."""
    text = trf_text()
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    i = next(k for k, line in enumerate(lines) if line.startswith("001"))
    lines[i] += "  " + "   1 w 1" * 600
    trf = tmp_path / "long.trf"
    trf.write_text("\n".join(lines), encoding="utf-8")
    for command in ("trf-pair", "trf-standings"):
        said = refused([command, str(trf)], capsys, EXIT_BAD_INPUT, f"{trf}:{i + 1}:",
                       f"above the limit of {trf_limits.MAX_LINE_CHARS:,} per line")
        assert len(said) < 1000
    wb = tmp_path / "t.xlsx"
    refused(["import-trf", str(trf), str(wb)], capsys, EXIT_BAD_INPUT, "每行上限")
    assert not wb.exists()


def test_a_long_event_name_is_refused_by_import_trf(tmp_path: Path, capsys):
    """Was: a 10 MB 012 name imported (exit 0), and check then refused the workbook."""
    trf = tmp_path / "name.trf"
    trf.write_text("012 " + "名" * 600 + "\n" + trf_text(), encoding="utf-8")
    wb = tmp_path / "t.xlsx"
    refused(["import-trf", str(trf), str(wb)], capsys, EXIT_BAD_INPUT, f"{trf}:1:", "012",
            f"上限 {trf_limits.MAX_TEXT_CHARS}")
    assert not wb.exists()


def test_a_long_forbidden_pairs_line_is_refused_with_little_text(tmp_path: Path, capsys):
    """Was: a 5 MB XXP line refused after 17–25 s with 73.7 MB of error text."""
    trf = tmp_path / "xxp.trf"
    trf.write_text(trf_text() + "\nXXP " + " ".join(str(1 + i % 8) for i in range(20_000)) + "\n",
                   encoding="utf-8")
    said = refused(["trf-pair", str(trf)], capsys, EXIT_BAD_INPUT, "characters")
    assert len(said) < 1000


def test_a_file_over_the_size_limit_is_not_read_whole(tmp_path: Path, capsys, monkeypatch):
    monkeypatch.setattr(trf_limits, "MAX_TRF_BYTES", 4096)
    trf = tmp_path / "big.trf"
    trf.write_text(trf_text(40, 9, 8), encoding="utf-8")
    assert trf.stat().st_size > 4096
    refused(["trf-pair", str(trf)], capsys, EXIT_BAD_INPUT, "larger than")
    refused(["import-trf", str(trf), str(tmp_path / "t.xlsx")], capsys, EXIT_BAD_INPUT, "文件超过 4,096 B")


def test_thousands_of_problems_print_the_first_and_count_the_rest(tmp_path: Path, capsys):
    n = 300
    trf = tmp_path / "many.trf"
    trf.write_text(trf_text() + "\n" + "".join(f"ZZ{i % 10} unknown\n" for i in range(n)), encoding="utf-8")
    said = refused(["trf-pair", str(trf)], capsys, EXIT_BAD_INPUT, f"and {n - MAX_SHOWN_PROBLEMS:,} more")
    assert said.count(" unknown'") == MAX_SHOWN_PROBLEMS
    said = refused(["import-trf", str(trf), str(tmp_path / "t.xlsx")], capsys, EXIT_BAD_INPUT,
                   f"{n:,} 个问题", f"另有 {n - MAX_SHOWN_PROBLEMS:,} 个问题")
    assert said.count("\n  ") == MAX_SHOWN_PROBLEMS + 1


def test_a_real_trf_is_within_the_bounds():
    trf_limits.check_text(format_trf(play_event(200, 11, "dingwei", 1, upto=10)))


# -- item 5: hostile workbooks inside the old limits ------------------------------------


def _with_far_cell(workbook: Path, sheet: str, cell: bytes = b"AMJ10999") -> Path:
    parts = parts_of(workbook)
    part = xlsx.package(workbook).sheets[sheet]
    row = cell.lstrip(b"ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    parts[part] = parts[part].replace(b"</sheetData>",
                                      b'<row r="%s"><c r="%s"><v>1</v></c></row></sheetData>' % (row, cell))
    out = workbook.with_name("far.xlsx")
    write_parts(out, parts)
    return out


def test_a_far_away_cell_in_a_sheet_read_is_refused_before_reading(workbook: Path, capsys, monkeypatch):
    """Was: one cell at AMJ10999 in 5 sheets, 33 s and 916 MB (the reader built
    11 million cells a sheet).  The cell reader is never called."""
    far = _with_far_cell(workbook, "选手")

    def never(*a, **k):
        raise AssertionError("the cells were read")

    monkeypatch.setattr(R, "_read_calamine", never)
    refused(["pair", str(far)], capsys, EXIT_FILE, "选手", "AMJ10999", f"{R.MAX_READ_CELLS:,}")


def test_a_far_away_cell_in_a_sheet_not_read_is_harmless(workbook: Path):
    far = _with_far_cell(workbook, "名次")
    assert main(["pair", str(far)]) == EXIT_OK


def test_a_sheet_of_millions_of_cells_stops_the_count(workbook: Path, capsys, monkeypatch):
    """Was: a Settings sheet of 10,989 × 1,000 cells, 40 s and 552 MB (and the
    cells without an address were counted cell by cell: 40 s alone)."""
    monkeypatch.setattr(safezip, "MAX_CELLS", 5_000)
    parts = parts_of(workbook)
    part = xlsx.package(workbook).sheets["设置"]
    rows = b"".join(b'<row r="%d">' % r + b"<c><v>7</v></c>" * 1000 + b"</row>" for r in range(60, 80))
    parts[part] = parts[part].replace(b"</sheetData>", rows + b"</sheetData>")
    big = workbook.with_name("big.xlsx")
    write_parts(big, parts)
    refused(["pair", str(big)], capsys, EXIT_FILE, "5,000", "设置")


def test_a_huge_sheet_is_refused_by_its_declared_size(workbook: Path, capsys, monkeypatch):
    """The 176 MB Settings sheet of 11 million numbers is refused before a byte is unpacked."""
    monkeypatch.setattr(safezip, "MAX_PART_MB", 1)
    parts = parts_of(workbook)
    part = xlsx.package(workbook).sheets["设置"]
    rows = b"".join(b'<row r="%d">' % r + b"<c><v>%d</v></c>" % r * 100 + b"</row>" for r in range(60, 1060))
    parts[part] = parts[part].replace(b"</sheetData>", rows + b"</sheetData>")
    big = workbook.with_name("big.xlsx")
    write_parts(big, parts)

    def never(*a, **k):
        raise AssertionError("streamed")

    monkeypatch.setattr(safezip, "_scan", never)
    refused(["pair", str(big)], capsys, EXIT_FILE, part, "limit of 1 MB per part")


def test_unaddressed_cells_still_count_as_columns(workbook: Path):
    parts = parts_of(workbook)
    part = xlsx.package(workbook).sheets["设置"]
    row = b'<row r="90">' + b"<c><v>7</v></c>" * (safezip.MAX_SHEET_COLUMNS + 1) + b"</row>"
    parts[part] = parts[part].replace(b"</sheetData>", row + b"</sheetData>")
    wide = workbook.with_name("wide.xlsx")
    write_parts(wide, parts)
    with pytest.raises(xlsx.WorkbookError) as e:
        safezip.inspect(wide)
    assert e.value.key == "file.too_many_columns"


def test_a_large_shared_string_table_is_refused_by_its_size(workbook: Path, capsys, monkeypatch):
    """Was: 240 MB of shared strings, 32 s and 652 MB."""
    monkeypatch.setattr(safezip, "MAX_SHARED_STRINGS_MB", 1)
    parts = parts_of(workbook)
    parts["[Content_Types].xml"] = parts["[Content_Types].xml"].replace(
        b"</Types>", b'<Override PartName="/xl/sharedStrings.xml" ContentType="application/'
                     b'vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>')
    strings = b"".join(b"<si><t>s%08d</t></si>" % i for i in range(60_000))
    parts["xl/sharedStrings.xml"] = (b'<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.'
                                     b'openxmlformats.org/spreadsheetml/2006/main">' + strings + b"</sst>")
    big = workbook.with_name("strings.xlsx")
    write_parts(big, parts)
    refused(["pair", str(big)], capsys, EXIT_FILE, "sharedStrings.xml", "shared strings")


def test_large_sheets_not_ours_are_refused_before_they_are_streamed(workbook: Path, capsys, monkeypatch):
    """250 MB of text in six sheets not ours ran over two minutes (openpyxl
    loads them whole to edit the workbook in place)."""
    import openpyxl

    monkeypatch.setattr(safezip, "MAX_OTHER_SHEETS_MB", 1)
    wb = openpyxl.load_workbook(workbook)
    ws = wb.create_sheet("Notes")
    import random

    for r in range(1, 40):
        ws.cell(r, 1, random.Random(r).randbytes(16_000).hex())
    notes = workbook.with_name("notes.xlsx")
    wb.save(notes)
    refused(["pair", str(notes)], capsys, EXIT_FILE, "Notes", "limit of 1 MB")
    monkeypatch.setattr(safezip, "MAX_OTHER_SHEETS_MB", 2)
    assert main(["pair", str(notes)]) == EXIT_OK


def test_too_many_sheets_are_refused_before_any_is_read(workbook: Path, capsys, monkeypatch):
    """Was: 1,000 extra sheets, pair 21 s; 4,900, over two minutes."""
    import openpyxl

    wb = openpyxl.load_workbook(workbook)
    n = len(wb.sheetnames)
    for i in range(3):
        wb.create_sheet(f"Extra{i}")
    many = workbook.with_name("many.xlsx")
    wb.save(many)
    monkeypatch.setattr(safezip, "MAX_SHEETS", n + 2)
    refused(["pair", str(many)], capsys, EXIT_FILE, f"{n + 3} sheets", f"limit of {n + 2}")
    monkeypatch.setattr(safezip, "MAX_SHEETS", n + 3)
    assert main(["pair", str(many)]) == EXIT_OK


# -- item 7: links --------------------------------------------------------------------


def test_a_symbolic_link_is_written_through(workbook: Path, tmp_path: Path):
    """Was: the link became a plain file and the real workbook kept the old version."""
    folder = tmp_path / "synced"
    folder.mkdir()
    real = folder / "event.xlsx"
    workbook.rename(real)
    link = tmp_path / "link.xlsx"
    link.symlink_to(real)
    assert main(["pair", str(link)]) == EXIT_OK
    assert link.is_symlink() and link.resolve() == real.resolve()
    assert "第2轮" in xlsx.read_values(real)
    assert xlsx.backup_path(real).exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.xlsx", "synced"]


def test_a_hard_link_is_refused_naming_both(workbook: Path, capsys):
    """Was: the save split the two names; the other kept the old version."""
    other = workbook.with_name("copy.xlsx")
    os.link(workbook, other)
    before = workbook.read_bytes()
    refused(["pair", str(workbook)], capsys, EXIT_FILE, str(workbook), str(other), "hard link")
    assert workbook.read_bytes() == before == other.read_bytes()
    assert os.path.samefile(workbook, other)


def test_export_trf_writes_through_a_symbolic_link(workbook: Path, tmp_path: Path):
    real = tmp_path / "out" / "event.trf"
    real.parent.mkdir()
    real.write_text("old", encoding="utf-8")
    link = tmp_path / "event.trf"
    link.symlink_to(real)
    assert main(["export-trf", str(workbook), "-o", str(link)]) == EXIT_OK
    assert link.is_symlink() and real.read_text(encoding="utf-8").startswith("012")


# -- item 8: printing never fails after a write -------------------------------------------


def test_a_console_without_chinese_never_fails_a_command(workbook: Path, tmp_path: Path):
    """Was: PYTHONIOENCODING=cp1252 … > out.txt wrote the round, then
    UnicodeEncodeError and exit 1 (the "no pairing" code)."""
    out = tmp_path / "out.txt"
    with open(out, "wb") as fh:
        r = subprocess.run(BIANPAI + ["pair", str(workbook)], stdout=fh, stderr=subprocess.PIPE,
                           env=dict(os.environ, PYTHONIOENCODING="cp1252"))
    assert r.returncode == EXIT_OK, r.stderr
    assert b"Traceback" not in r.stderr
    assert "第2轮" in xlsx.read_values(workbook)
    assert str(workbook).encode() in out.read_bytes()


def test_an_output_that_fails_does_not_change_the_exit_code(workbook: Path, monkeypatch):
    class Broken:
        encoding = "utf-8"

        def write(self, text):
            raise OSError(errno.EPIPE, "Broken pipe")

        def flush(self):
            raise OSError(errno.EPIPE, "Broken pipe")

    monkeypatch.setattr(sys, "stdout", Broken())
    assert main(["pair", str(workbook)]) == EXIT_OK
    assert "第2轮" in xlsx.read_values(workbook)


# -- item 9: every file written atomically, every error naming it ------------------------


def _full_disk(path, *a, **k):
    raise OSError(errno.ENOSPC, "No space left on device")


def test_export_trf_on_a_full_disk_keeps_the_old_file_and_names_it(workbook: Path, capsys, monkeypatch):
    """Was: an earlier TRF truncated to a partial file, and ``bianpai: : No space left on device``."""
    out = workbook.with_name("event.trf")
    out.write_text("the earlier TRF", encoding="utf-8")
    real_replace = os.replace

    def full(src, dst):
        if str(dst) == str(out):
            raise OSError(errno.ENOSPC, "No space left on device")
        return real_replace(src, dst)

    monkeypatch.setattr(atomic.os, "replace", full)
    said = refused(["export-trf", str(workbook), "-o", str(out)], capsys, EXIT_FILE, str(out),
                   "no space left on the disk")
    assert "bianpai: :" not in said
    assert out.read_text(encoding="utf-8") == "the earlier TRF"
    assert sorted(p.name for p in out.parent.iterdir() if ".tmp" in p.name) == []


def test_trf_pair_output_is_replaced_atomically(tmp_path: Path, capsys, monkeypatch):
    trf = tmp_path / "in.trf"
    trf.write_text(trf_text(), encoding="utf-8")
    out = tmp_path / "pairs.txt"
    out.write_text("earlier", encoding="utf-8")
    monkeypatch.setattr(atomic.os, "fsync", lambda fd: _full_disk(fd))
    refused(["trf-pair", str(trf), "-p", str(out)], capsys, EXIT_FILE, str(out), "no space")
    assert out.read_text(encoding="utf-8") == "earlier"
    assert [p.name for p in tmp_path.iterdir() if ".tmp" in p.name] == []


# -- item 10: a stale lock whose process id belongs to another process now ------------------


def test_a_stale_lock_with_a_reused_process_id_is_taken_over(workbook: Path, monkeypatch):
    """Was: ``"pid": 1`` (after a reboot) blocked every writing command for 15
    minutes, though nothing held the operating-system lock."""
    if not filelock.HAS_OS_LOCK:
        pytest.skip("no operating-system lock here")  # pragma: no cover - Linux and macOS have it
    monkeypatch.setenv(filelock.LOCK_ENV, "0.5")
    lock = filelock.lock_path(workbook)
    lock.write_text(json.dumps({"pid": 1, "host": socket.gethostname() or "?", "user": "root",
                                "time": time.time(), "program": "bianpai"}), encoding="utf-8")
    assert main(["pair", str(workbook)]) == EXIT_OK
    assert not lock.exists()


def test_a_live_lock_still_blocks(workbook: Path, capsys, monkeypatch):
    monkeypatch.setenv(filelock.LOCK_ENV, "0.3")
    holder = subprocess.Popen([sys.executable, "-c", (
        "import sys, time; from bianpai.addin.files.lock import workbook_lock\n"
        f"with workbook_lock({str(workbook)!r}):\n    print('held', flush=True); time.sleep(30)")],
        stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        refused(["pair", str(workbook)], capsys, EXIT_FILE, "in use by another Bianpai command")
    finally:
        holder.kill()
        holder.wait()


# -- item 11: Ctrl+C ------------------------------------------------------------------------


def test_ctrl_c_says_nothing_was_written(workbook: Path):
    """Was: a Python traceback in 30 of 40 runs."""
    before = workbook.read_bytes()
    proc = subprocess.Popen(BIANPAI + ["pair", str(workbook)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env=dict(os.environ, **{xlsx.SAVE_PAUSE_ENV: "60"}))
    deadline = time.monotonic() + 60
    while not any(".tmp" in p.name for p in workbook.parent.iterdir()):
        assert proc.poll() is None and time.monotonic() < deadline
        time.sleep(0.05)
    proc.send_signal(signal.SIGINT)
    _out, err = proc.communicate(timeout=60)
    text = err.decode("utf-8")
    assert proc.returncode == EXIT_INTERRUPTED, text
    assert "Traceback" not in text and "已中断，未写入任何内容" in text
    assert workbook.read_bytes() == before
    assert sorted(p.name for p in workbook.parent.iterdir()) == ["event.xlsx"]


def test_ctrl_c_after_the_write_says_what_was_written(workbook: Path, capsys, monkeypatch):
    real = xlsx.apply

    def then_interrupted(*a, **k):
        real(*a, **k)
        raise KeyboardInterrupt

    monkeypatch.setattr(xlsx, "apply", then_interrupted)
    monkeypatch.setattr(atomic, "WRITTEN", [])
    said = refused(["pair", str(workbook)], capsys, EXIT_INTERRUPTED, "已中断；已写入", str(workbook))
    assert "nothing was written" not in said
    assert "第2轮" in xlsx.read_values(workbook)


def test_ctrl_c_during_the_replace_takes_effect_after_it():
    """The replace and its record (what the interrupted command says it wrote) happen together."""
    reached = []
    with pytest.raises(KeyboardInterrupt):
        with atomic.deferred_interrupt():
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(0.05)
            reached.append(True)
    assert reached == [True]


# -- item 12: long names, non-workbooks, an emptied Settings sheet ---------------------------------


def test_a_long_file_name_is_refused_naming_the_byte_limit(tmp_path: Path, capsys):
    """Was: 78+ Chinese characters refused as "cannot write in its folder"."""
    name = "象棋" * 40 + ".xlsx"  # 245 bytes: the file may exist, its temporary files may not
    wb = write(tmp_path / "short.xlsx", play(event(8), 1)).rename(tmp_path / name)
    said = refused(["pair", str(wb)], capsys, EXIT_FILE, "255", "bytes", "字节")
    assert "cannot write in its folder" not in said


def test_check_looks_at_a_file_before_hashing_it(tmp_path: Path, capsys, monkeypatch):
    """Was: check hashed a 4 GB non-workbook (12 s) before refusing it."""
    big = tmp_path / "big.xlsx"
    big.write_bytes(b"\x00\x01 not a workbook" * 100)

    def never(path):
        raise AssertionError("hashed")

    monkeypatch.setattr(xlsx, "fingerprint", never)
    refused(["check", str(big)], capsys, EXIT_FILE, "not an Excel workbook")


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_an_emptied_settings_sheet_is_refused(tmp_path: Path, capsys, lang: str):
    """Was: accepted with every default (a workbook without its settings is not an event)."""
    values = play(event(8, lang=lang), 1)
    name = settings_sheet(values)
    values[name] = []
    wb = tmp_path / "event.xlsx"
    xlsx.write_new(wb, replace(jobs.new(lang, "x"), sheets=()))  # a file to overwrite
    from bianpai.addin.workbook import sheets as S

    res = jobs.update(play(event(8, lang=lang), 1))
    out = [S.SheetOut(s.name, s.key, []) if s.name == name else s for s in res.sheets]
    xlsx.write_new(wb, replace(res, sheets=tuple(out), changed=tuple(s.name for s in out)))
    assert xlsx.read_values(wb)[name] == []
    # without its settings the workbook's language is not known: the default's words
    refused(["check", str(wb)], capsys, EXIT_BAD_INPUT, name, "是空的")
    refused(["pair", str(wb)], capsys, EXIT_BAD_INPUT, name)


# -- issue 23 item 12: the program a lock file belongs to ---------------------------------------


def test_a_libreoffice_lock_names_libreoffice_and_what_to_do(workbook: Path, capsys):
    lock = workbook.with_name(f".~lock.{workbook.name}#")
    lock.write_text("Zhang San,zhang,club-pc,01.12.2026 10:00,file:///tmp/event.xlsx;", encoding="utf-8")
    said = refused(["pair", str(workbook)], capsys, EXIT_FILE, "LibreOffice", "WPS", "Zhang San @ club-pc",
                   f"delete {lock.name}", "崩溃")
    assert "Excel 中打开" not in said and "open in Excel" not in said


def test_an_excel_lock_says_what_to_do_when_left_over(workbook: Path, capsys):
    lock = workbook.with_name(f"~${workbook.name}")
    lock.write_bytes(b"lock")
    refused(["pair", str(workbook)], capsys, EXIT_FILE, "is open in Excel", f"delete {lock.name}")
