"""Issue 15 items 3, 5, 6 and issue 13 item 13: hostile and foreign files,
read-only files and folders, full disks and leftovers.  Every refusal is exit
5 with a message naming the workbook, nothing is written, and no temporary
file stays behind.  The tests build every file themselves."""

from __future__ import annotations

import errno
import os
import signal
import stat
import struct
import subprocess
import sys
import time
import zipfile
import zlib
from pathlib import Path

import pytest

from bianpai.addin.files import safezip, xlsx
from bianpai.addin.cli.app import EXIT_FILE, main

from workbook_helpers import event, parts_of, play, write

SHEET_HEAD = (b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
              b'<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>')
SHEET_TAIL = b"</sheetData></worksheet>"


@pytest.fixture
def workbook(tmp_path: Path) -> Path:
    return write(tmp_path / "event.xlsx", play(event(8), 1))


def sheet_part(path: Path, key: str = "选手") -> str:
    return xlsx.package(path).sheets[key]


def write_parts(path: Path, parts: dict[str, bytes]) -> None:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for n, b in parts.items():
            z.writestr(n, b)


def write_zip_with_repeated_part(path: Path, parts: dict[str, bytes], name: str, head: bytes, chunk: bytes,
                                 count: int, tail: bytes) -> None:
    """A zip whose part ``name`` is ``head + chunk * count + tail``, written
    without ever holding or compressing that much: deflate segments ended by
    a full flush are independent, so one compressed chunk is repeated."""
    out = bytearray()
    central = bytearray()

    def member(n: str, pieces: list[tuple[bytes, int]]) -> None:
        co = zlib.compressobj(9, zlib.DEFLATED, -15)
        data = bytearray()
        crc = size = 0
        for piece, times in pieces:
            seg = co.compress(piece) + co.flush(zlib.Z_FULL_FLUSH)
            data += seg
            for _ in range(times):
                crc = zlib.crc32(piece, crc)
            size += len(piece) * times
            if times > 1:
                co2 = zlib.compressobj(9, zlib.DEFLATED, -15)
                again = co2.compress(piece) + co2.flush(zlib.Z_FULL_FLUSH)
                assert again == seg
                data += seg * (times - 1)
        data += co.flush()
        nb = n.encode()
        offset = len(out)
        out.extend(struct.pack("<IHHHHHIIIHH", 0x04034B50, 20, 0, 8, 0, 0x21, crc, len(data), size,
                               len(nb), 0))
        out.extend(nb)
        out.extend(data)
        central.extend(struct.pack("<IHHHHHHIIIHHHHHII", 0x02014B50, 20, 20, 0, 8, 0, 0x21, crc, len(data),
                                   size, len(nb), 0, 0, 0, 0, 0, offset))
        central.extend(nb)

    count_members = 0
    for n, b in parts.items():
        if n != name:
            member(n, [(b, 1)])
            count_members += 1
    member(name, [(head, 1), (chunk, count), (tail, 1)])
    count_members += 1
    cd_offset = len(out)
    out.extend(central)
    out.extend(struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, count_members, count_members, len(central),
                           cd_offset, 0))
    path.write_bytes(bytes(out))


def refused(path: Path, capsys, *words: str, command: str = "pair") -> str:
    """Run ``command`` on ``path``: exit 5, the file byte-identical, no
    traceback, the message naming the workbook and saying ``words``."""
    before = path.read_bytes()
    t0 = time.monotonic()
    assert main([command, str(path)]) == EXIT_FILE
    seconds = time.monotonic() - t0
    err = capsys.readouterr().err
    assert "Traceback" not in err and str(path) in err, err
    for w in words:
        assert w in err, (w, err)
    assert path.read_bytes() == before
    assert [p.name for p in path.parent.iterdir() if ".tmp" in p.name or ".bak" in p.name] == []
    print(f"{path.name}: refused in {seconds:.2f} s")
    return err


# -- item 3: hostile workbooks ------------------------------------------------


def test_zip_bomb_is_refused_before_reading(workbook: Path, capsys):
    """1 GB of sheet XML packed into 3 MB: refused by its declared size."""
    bomb = workbook.with_name("bomb.xlsx")
    parts = parts_of(workbook)
    row = b'<row><c t="inlineStr"><is><t>x</t></is></c></row>'
    megabyte = row * ((1 << 20) // len(row) + 1)
    write_zip_with_repeated_part(bomb, parts, sheet_part(workbook), SHEET_HEAD, megabyte, 1024, SHEET_TAIL)
    assert bomb.stat().st_size < 4 << 20
    err = refused(bomb, capsys, f"{safezip.MAX_UNPACKED_MB} MB", "unpacks to more than")
    assert "解压后超过" in err
    refused(bomb, capsys, "unpacks to more than", command="check")


def test_a_part_packed_like_a_bomb_is_refused(workbook: Path, capsys):
    """30 MB of spaces packed 1,000 to 1: under the size cap, over the ratio."""
    bomb = workbook.with_name("ratio.xlsx")
    part = sheet_part(workbook)
    write_zip_with_repeated_part(bomb, parts_of(workbook), part, SHEET_HEAD, b" " * (1 << 20), 30, SHEET_TAIL)
    refused(bomb, capsys, f"above the limit of {safezip.MAX_RATIO}:1", part)


def test_a_lying_zip_header_is_damaged_not_read(workbook: Path, capsys):
    """A part that unpacks to more than its header says: the reader stops at
    the declared size, and the checksum tells."""
    parts = parts_of(workbook)
    part = sheet_part(workbook)
    data = bytearray(workbook.read_bytes())
    with zipfile.ZipFile(workbook) as z:
        info = z.getinfo(part)
    # shrink the declared size in the central directory and the local header
    for sig in (b"PK\x01\x02", b"PK\x03\x04"):
        start = 0
        while (i := data.find(sig, start)) >= 0:
            start = i + 4
            off = 24 if sig == b"PK\x01\x02" else 22
            name_at = 46 if sig == b"PK\x01\x02" else 30
            nlen = struct.unpack_from("<H", data, i + (28 if sig == b"PK\x01\x02" else 26))[0]
            if bytes(data[i + name_at:i + name_at + nlen]) == part.encode():
                struct.pack_into("<I", data, i + off, info.file_size // 10)
    liar = workbook.with_name("liar.xlsx")
    liar.write_bytes(bytes(data))
    assert parts  # the original was readable
    refused(liar, capsys, "damaged")


DTD_CASES = {
    "xxe": b'<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>',
    "billion-laughs": b'<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">'
                      + b"".join(b'<!ENTITY lol%d "%s">' % (i, (b"&lol%d;" % (i - 1) if i > 1 else b"&lol;")
                                                              * 10) for i in range(1, 10)) + b"]>",
}


@pytest.mark.parametrize("case", sorted(DTD_CASES))
@pytest.mark.parametrize("where", ["sheet", "sharedStrings", "content types"])
def test_entities_are_refused(workbook: Path, case: str, where: str, capsys):
    parts = parts_of(workbook)
    name = {"sheet": sheet_part(workbook), "sharedStrings": "xl/sharedStrings.xml",
            "content types": "[Content_Types].xml"}[where]
    body = parts[name]
    body = body[body.index(b"?>") + 2:] if body.startswith(b"<?xml") else body
    parts[name] = DTD_CASES[case] + body.replace(b'preserve">', b'preserve">&lol9;&e;', 1)
    hostile = workbook.with_name(f"{case}.xlsx")
    write_parts(hostile, parts)
    err = refused(hostile, capsys, "DTD or entity declaration", name)
    assert "root:" not in err


@pytest.mark.parametrize("char", ["\x01", "\x00", "\x1b"])
def test_raw_control_characters_are_refused(workbook: Path, char: str, capsys):
    parts = parts_of(workbook)
    sst = parts["xl/sharedStrings.xml"]
    assert b'<t xml:space="preserve">' in sst
    t = b'<t xml:space="preserve">'
    parts["xl/sharedStrings.xml"] = sst.replace(t, t + char.encode(), 1)
    bad = workbook.with_name("control.xlsx")
    write_parts(bad, parts)
    refused(bad, capsys, "control character that XML forbids", "xl/sharedStrings.xml")


def test_xml_in_another_encoding_is_refused(workbook: Path, capsys):
    parts = parts_of(workbook)
    part = sheet_part(workbook)
    parts[part] = parts[part].decode("utf-8").replace('encoding="UTF-8"', 'encoding="UTF-7"').encode("utf-8")
    if b"UTF-7" not in parts[part]:
        parts[part] = b'<?xml version="1.0" encoding="UTF-7"?>' + parts[part]
    bad = workbook.with_name("utf7.xlsx")
    write_parts(bad, parts)
    refused(bad, capsys, "not UTF-8 XML (UTF-7)")


def _players_rows(n: int) -> bytes:
    rows = [b'<row r="%d"><c r="A%d"><v>%d</v></c><c r="B%d" t="inlineStr"><is><t>P%d</t></is></c></row>'
            % (r, r, r - 3, r, r) for r in range(4, n + 4)]
    return SHEET_HEAD + b"".join(rows) + SHEET_TAIL


def test_a_200000_row_players_sheet_is_refused(workbook: Path, capsys):
    parts = parts_of(workbook)
    parts[sheet_part(workbook)] = _players_rows(200_000)
    big = workbook.with_name("big.xlsx")
    write_parts(big, parts)
    err = refused(big, capsys, f"above the limit of {safezip.MAX_SHEET_ROWS} rows per sheet", "选手",
                  f"{safezip.MAX_PLAYERS:,} players")
    assert "每表上限" in err


def test_a_players_sheet_of_a_real_large_event_is_read(workbook: Path):
    """10,000 players are within the limits (the limit is sized for them)."""
    parts = parts_of(workbook)
    parts[sheet_part(workbook)] = _players_rows(safezip.MAX_PLAYERS)
    big = workbook.with_name("large.xlsx")
    write_parts(big, parts)
    values = xlsx.read_values(big)
    assert len(values["选手"]) == safezip.MAX_PLAYERS + 3


def test_one_far_away_cell_is_refused(workbook: Path, capsys):
    """A cell at XFD1048576 would make a cell reader build a 17-billion-cell rectangle."""
    parts = parts_of(workbook)
    part = sheet_part(workbook, "第1轮")
    far_cell = b'<row r="9"><c r="XFD9"><v>1</v></c></row></sheetData>'
    parts[part] = parts[part].replace(b"</sheetData>", far_cell)
    far = workbook.with_name("far.xlsx")
    write_parts(far, parts)
    refused(far, capsys, f"above the limit of {safezip.MAX_SHEET_COLUMNS}", "第1轮")
    parts[part] = parts[part].replace(b'<row r="9"><c r="XFD9">', b'<row r="1048576"><c r="A1048576">')
    write_parts(far, parts)
    refused(far, capsys, "rows per sheet")


def test_too_many_parts_are_refused(workbook: Path, capsys):
    parts = parts_of(workbook)
    for i in range(safezip.MAX_PARTS):
        parts[f"customXml/item{i}.bin"] = b""
    many = workbook.with_name("many.xlsx")
    write_parts(many, parts)
    refused(many, capsys, f"above the limit of {safezip.MAX_PARTS}")


def test_a_truncated_workbook_is_damaged(workbook: Path, capsys):
    cut = workbook.with_name("cut.xlsx")
    cut.write_bytes(workbook.read_bytes()[: workbook.stat().st_size // 2])
    refused(cut, capsys, "is damaged and cannot be read", "已损坏")


# -- issue 13 item 13: not an .xlsx -------------------------------------------


def test_an_ods_says_what_it_is_and_how_to_save_it(tmp_path: Path, capsys):
    ods = tmp_path / "event.ods"
    with zipfile.ZipFile(ods, "w") as z:
        z.writestr("mimetype", "application/vnd.oasis.opendocument.spreadsheet",
                   compress_type=zipfile.ZIP_STORED)
        z.writestr("content.xml", "<office:document-content/>")
        z.writestr("META-INF/manifest.xml", "<manifest/>")
    err = refused(ods, capsys, "OpenDocument spreadsheet (.ods)", "Excel 2007-365 (.xlsx)",
                  "另存为 Excel 工作簿")
    renamed = tmp_path / "event.xlsx"
    ods.rename(renamed)
    assert "(.ods)" in refused(renamed, capsys, command="check") and err


def test_an_xls_says_what_it_is_and_how_to_save_it(tmp_path: Path, capsys):
    xls = tmp_path / "event.xls"
    xls.write_bytes(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 1024)
    refused(xls, capsys, "Excel 97-2003 workbook (.xls)", "Excel Workbook (*.xlsx)", "另存为 Excel 工作簿")


def test_a_csv_named_xlsx_says_what_it_is(tmp_path: Path, capsys):
    csv = tmp_path / "event.xlsx"
    csv.write_text("序号,姓名\n1,张三\n", encoding="utf-8")
    refused(csv, capsys, "a text file, such as a CSV", "是文本文件")


# -- item 5: read-only files and folders --------------------------------------


def test_a_read_only_workbook_is_refused(workbook: Path, capsys):
    os.chmod(workbook, 0o444)
    try:
        refused(workbook, capsys, "is read-only", "只读")
        assert stat.S_IMODE(workbook.stat().st_mode) == 0o444
        assert main(["check", str(workbook)]) == 0  # reading is fine
    finally:
        os.chmod(workbook, 0o644)


@pytest.mark.parametrize("mode", [0o600, 0o640, 0o664])
def test_the_file_mode_is_kept(workbook: Path, mode: int):
    """Was: every save gave the file the umask's mode (a 0o600 file became 0o644)."""
    os.chmod(workbook, mode)
    old = os.umask(0o077)
    try:
        assert main(["pair", str(workbook)]) == 0
    finally:
        os.umask(old)
    assert stat.S_IMODE(workbook.stat().st_mode) == mode


def test_a_read_only_folder_names_the_workbook_not_the_temporary_file(workbook: Path, capsys, monkeypatch):
    """The superuser may write anywhere, so the folder's refusal is simulated
    where the temporary file is created."""
    from bianpai.addin.files import writer as xlsxwriter_fast

    def denied(path, sheets):
        raise PermissionError(errno.EACCES, "Permission denied", str(path))

    monkeypatch.setattr(xlsxwriter_fast, "write_workbook", denied)
    err = refused(workbook, capsys, "cannot write in its folder", str(workbook.parent), "Permission denied")
    assert ".tmp" not in err


# -- item 6: full disk, kills, leftovers --------------------------------------


def _full_disk_after(n: int):
    """A write that fills the disk after ``n`` bytes, leaving a partial file."""
    def copy(src, dst, *a, **k):
        with open(dst, "wb") as fh:
            fh.write(Path(src).read_bytes()[:n])
        raise OSError(errno.ENOSPC, "No space left on device", str(dst))
    return copy


def test_a_full_disk_during_the_backup_copy(workbook: Path, capsys, monkeypatch):
    """Was: ``bianpai: : No space left on device`` and a partial
    ``.event.bak.xlsx.PID.tmp`` left on every try."""
    monkeypatch.setattr(xlsx.shutil, "copy2", _full_disk_after(1000))
    for _ in range(3):
        err = refused(workbook, capsys, "no space left on the disk", "磁盘空间不足")
        assert "bianpai: :" not in err
    assert sorted(p.name for p in workbook.parent.iterdir()) == ["event.xlsx"]


def test_a_full_disk_while_writing_the_new_workbook(workbook: Path, capsys, monkeypatch):
    from bianpai.addin.files import writer as xlsxwriter_fast

    real = xlsxwriter_fast.write_workbook

    def full(path, sheets):
        real(path, sheets)
        with open(path, "r+b") as fh:
            fh.truncate(100)
        raise OSError(errno.ENOSPC, "No space left on device", str(path))

    monkeypatch.setattr(xlsxwriter_fast, "write_workbook", full)
    refused(workbook, capsys, "no space left on the disk")
    assert sorted(p.name for p in workbook.parent.iterdir()) == ["event.xlsx"]


def test_leftovers_of_killed_commands_are_removed_on_the_next_run(workbook: Path):
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    d = workbook.parent
    old = [d / f".event.{dead.pid}.tmp.xlsx", d / f".event.bak.xlsx.{dead.pid}.tmp"]
    alive = d / f".event.{os.getppid()}.tmp.xlsx"  # a running process's: kept
    other = d / ".other.123.tmp.xlsx"  # another workbook's: not ours to remove
    for p in old + [alive, other]:
        p.write_bytes(b"partial")
    assert main(["pair", str(workbook)]) == 0
    assert [p for p in old if p.exists()] == []
    assert alive.exists() and other.exists()


def test_a_killed_save_leaves_nothing_after_the_next_run(workbook: Path):
    """kill -9 between writing the new file and replacing: the original is
    intact; the next command removes the leftover and the stale lock."""
    before = workbook.read_bytes()
    proc = subprocess.Popen([sys.executable, "-m", "bianpai.addin.cli", "pair", str(workbook)],
                            env=dict(os.environ, **{xlsx.SAVE_PAUSE_ENV: "60"}),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 60
    while not any(".tmp" in p.name for p in workbook.parent.iterdir()):
        assert proc.poll() is None and time.monotonic() < deadline
        time.sleep(0.05)
    proc.send_signal(signal.SIGKILL)
    proc.communicate()
    assert workbook.read_bytes() == before
    assert any(".tmp" in p.name for p in workbook.parent.iterdir())
    assert main(["pair", str(workbook)]) == 0
    assert sorted(p.name for p in workbook.parent.iterdir()) == ["event.bak.xlsx", "event.xlsx"]


def test_a_missing_workbook_names_it(tmp_path: Path, capsys):
    path = tmp_path / "nope.xlsx"
    assert main(["pair", str(path)]) == EXIT_FILE
    err = capsys.readouterr().err
    assert str(path) in err and "bianpai new nope.xlsx" in err


# -- found by the workbook fuzz (tests/test_workbook_fuzz.py) -----------------


def test_a_shared_string_index_past_the_table_is_damaged(workbook: Path, capsys):
    """Was an IndexError traceback (the openpyxl fallback read past the table)."""
    parts = parts_of(workbook)
    part = sheet_part(workbook)
    parts[part] = parts[part].replace(b't="s"><v>', b't="s"><v>99999', 1)
    bad = workbook.with_name("sst.xlsx")
    write_parts(bad, parts)
    refused(bad, capsys, "is damaged and cannot be read")


def test_two_sheets_of_one_name_are_damaged(workbook: Path, capsys):
    """Was a ValueError traceback: openpyxl cannot load such a workbook to edit it."""
    parts = parts_of(workbook)
    book = parts["xl/workbook.xml"].decode()
    names = [n for n in xlsx.package(workbook).sheets if n != "第1轮"]
    parts["xl/workbook.xml"] = book.replace(f'name="{names[-1]}"', 'name="第1轮"', 1).encode()
    bad = workbook.with_name("twice.xlsx")
    write_parts(bad, parts)
    refused(bad, capsys, "is damaged and cannot be read")
