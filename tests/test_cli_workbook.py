"""The workbook commands end to end: ``bianpai new / pair / standings / undo /
check / import-trf / export-trf / import-players / demo`` on real files."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import openpyxl
import pytest

from bianpai.addin.cli.app import EXIT_BAD_INPUT, EXIT_FILE, main
from bianpai.addin.files.reader import read_workbook

from workbook_helpers import normal

ROOT = Path(__file__).resolve().parents[1]


def values(path: Path):
    return normal(read_workbook(path))


def set_cell(path: Path, sheet: str, ref: str, value) -> None:
    """Type into a cell as an organiser would (openpyxl, like a save from Excel)."""
    wb = openpyxl.load_workbook(path)
    wb[sheet][ref] = value
    wb.save(path)


def type_results(path: Path, sheet: str, results: list[str]) -> None:
    wb = openpyxl.load_workbook(path)
    for i, r in enumerate(results):
        wb[sheet].cell(4 + i, 5).value = r
    wb.save(path)


@pytest.fixture
def event6(tmp_path: Path) -> Path:
    """A new zh event with six players imported from a CSV file."""
    path = tmp_path / "event.xlsx"
    assert main(["new", str(path), "--name", "周末赛"]) == 0
    csv = tmp_path / "players.csv"
    csv.write_text("姓名,单位,等级分\n" + "".join(f"选手{i},队{i % 2},{2000 - i}\n" for i in range(1, 7)),
                   encoding="utf-8-sig")
    assert main(["import-players", str(path), str(csv)]) == 0
    return path


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_templates_are_a_fresh_generation(tmp_path: Path, lang: str):
    """templates/bianpai-LANG.xlsx is exactly what ``bianpai new --lang LANG`` makes."""
    fresh = tmp_path / f"bianpai-{lang}.xlsx"
    assert main(["new", str(fresh), "--lang", lang]) == 0
    template = ROOT / "templates" / f"bianpai-{lang}.xlsx"
    assert list(read_workbook(template)) == list(read_workbook(fresh))
    assert values(template) == values(fresh)


def test_new_refuses_to_overwrite(tmp_path: Path, capsys):
    path = tmp_path / "e.xlsx"
    assert main(["new", str(path), "--lang", "en"]) == 0
    before = path.read_bytes()
    assert main(["new", str(path)]) == EXIT_FILE
    assert "已存在" in capsys.readouterr().err
    assert path.read_bytes() == before
    assert list(read_workbook(path)) == ["Settings", "Players", "Colours", "Floats", "Standings",
                                         "Crosstable"]


def test_a_round_by_hand(event6: Path, capsys):
    """Pair round 1, type results, see the standings, pair round 2."""
    assert main(["pair", str(event6)]) == 0
    assert "第1轮: 3 台" in capsys.readouterr().out
    type_results(event6, "第1轮", ["红胜", "2:0", "1-1"])
    assert main(["standings", str(event6)]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].split()[:4] == ["名次", "序号", "姓名", "积分"]
    assert main(["pair", str(event6)]) == 0
    v = values(event6)
    # round 2 is paired, not played: the standings stay after round 1 (issue 13 item 1)
    assert "第2轮" in v and v["名次"][0][0].endswith("(第1轮后)")


def test_pair_provisional_from_the_command_line(event6: Path, capsys):
    assert main(["pair", str(event6)]) == 0
    type_results(event6, "第1轮", ["红胜", None, "和"])
    assert main(["pair", str(event6)]) == EXIT_BAD_INPUT
    assert "第1轮!E5: 尚无结果" in capsys.readouterr().err
    assert main(["pair", str(event6), "--provisional"]) == 0
    v = values(event6)
    assert v["第1轮"][4][10] == "临时和棋"


def test_undo_restores_the_workbook_values_exactly(event6: Path):
    assert main(["pair", str(event6)]) == 0
    type_results(event6, "第1轮", ["红胜", "和", "黑胜"])
    assert main(["standings", str(event6)]) == 0
    before = values(event6)
    assert main(["pair", str(event6)]) == 0
    assert values(event6) != before
    assert main(["undo", str(event6)]) == 0
    assert values(event6) == before


def test_undo_with_results_needs_force(event6: Path, capsys):
    assert main(["pair", str(event6)]) == 0
    type_results(event6, "第1轮", ["红胜"])
    before = event6.read_bytes()
    assert main(["undo", str(event6)]) == EXIT_BAD_INPUT
    assert "加 --force 才能撤销" in capsys.readouterr().err
    assert event6.read_bytes() == before
    assert main(["undo", str(event6), "--force"]) == 0
    assert "第1轮" not in values(event6)


def test_check_lists_problems_with_cells(event6: Path, capsys):
    """Player 1 is marked withdrawn from round 2 after round 2 was paired: check
    names the round-2 cell that still pairs him."""
    assert main(["pair", str(event6)]) == 0
    type_results(event6, "第1轮", ["红胜", "和", "黑胜"])
    assert main(["pair", str(event6)]) == 0
    set_cell(event6, "选手", "F4", "退赛 2")
    rows = values(event6)["第2轮"]
    r, col = next((i + 1, "B" if row[1] == 1 else "H") for i, row in enumerate(rows[3:9], start=3)
                  if 1 in (row[1], row[7]))
    capsys.readouterr()
    assert main(["check", str(event6)]) == EXIT_BAD_INPUT
    out = capsys.readouterr().out
    assert f"问题: 第2轮!{col}{r}: 选手 1 选手1 自第2轮退赛，却被编排" in out


def test_check_reports_unreadable_cells(event6: Path, capsys):
    assert main(["pair", str(event6)]) == 0
    set_cell(event6, "第1轮", "E5", "2-2")
    set_cell(event6, "选手", "D6", "很高")
    before = event6.read_bytes()
    assert main(["check", str(event6)]) == EXIT_BAD_INPUT
    err = capsys.readouterr().err
    assert "2 个问题；未写入任何内容:" in err  # no knock-on problems for player 3
    assert "第1轮!E5: 结果 '2-2' 不是对局结果" in err and "选手!D6: 等级分 '很高'" in err
    assert event6.read_bytes() == before


def test_trf_export_and_import(event6: Path, tmp_path: Path):
    assert main(["pair", str(event6)]) == 0
    type_results(event6, "第1轮", ["红胜", "和", "黑胜"])
    assert main(["standings", str(event6)]) == 0
    trf = tmp_path / "e.trf"
    assert main(["export-trf", str(event6), "-o", str(trf)]) == 0
    assert trf.read_text(encoding="utf-8").startswith("012 周末赛")
    copy = tmp_path / "copy.xlsx"
    assert main(["import-trf", str(trf), str(copy)]) == 0
    a, b = values(event6), values(copy)
    assert a["成绩表"] == b["成绩表"]
    # a TRF has no club field: the standings agree but for the club column
    assert [r[:3] + r[4:] for r in a["名次"]] == [r[:3] + r[4:] for r in b["名次"]]


def test_import_players_gb18030_and_bad_rows(tmp_path: Path, capsys):
    path = tmp_path / "e.xlsx"
    assert main(["new", str(path)]) == 0
    csv = tmp_path / "p.csv"
    csv.write_bytes("姓名,等级分\n王伟,1800\n李强,abc\n".encode("gb18030"))
    before = path.read_bytes()
    assert main(["import-players", str(path), str(csv)]) == EXIT_BAD_INPUT
    assert f"{csv} 第3行: 等级分 'abc' 不是 ≥ 0 的整数" in capsys.readouterr().err
    assert path.read_bytes() == before
    csv.write_bytes("姓名,等级分\n王伟,1800\n李强,1700\n".encode("gb18030"))
    assert main(["import-players", str(path), str(csv)]) == 0
    assert values(path)["选手"][3][:4] == (1, "王伟", None, 1800)


def test_missing_workbook(tmp_path: Path, capsys):
    assert main(["pair", str(tmp_path / "nope.xlsx")]) == EXIT_FILE
    assert "no such workbook" in capsys.readouterr().err


def test_demo_and_the_same_event_twice(tmp_path: Path):
    """``bianpai demo`` (the README's main job) plays 24 players × 7 rounds through
    the workbook; run twice it gives identical workbooks."""
    exe = Path(sys.executable).with_name("bianpai")
    runs = []
    for name in ("a", "b"):
        d = tmp_path / name
        d.mkdir()
        r = subprocess.run([str(exe), "demo"], cwd=d, capture_output=True, text=True, timeout=120)
        assert r.returncode == 0, r.stderr
        runs.append((d / "demo.xlsx", r.stdout))
    (a, out_a), (b, out_b) = runs
    assert "名次  序号  姓名" in out_a and f"已写入 {a}" in out_a
    v = values(a)
    assert [n for n in v if n.startswith("第")] == [f"第{k}轮" for k in range(1, 8)]
    assert len(v["名次"]) >= 3 + 24
    assert values(a) == values(b)
    assert a.read_bytes() == b.read_bytes()  # even byte for byte (fixed zip timestamps)
    assert out_a.replace(str(a), "") == out_b.replace(str(b), "")
    assert main(["check", str(a)]) == 0


def test_same_event_twice_through_the_cli(tmp_path: Path):
    """new, import, pair, results, standings — twice: identical workbook values."""
    outs = []
    for name in ("one", "two"):
        d = tmp_path / name
        d.mkdir()
        path = d / "e.xlsx"
        assert main(["new", str(path), "--lang", "en"]) == 0
        csv = d / "p.csv"
        csv.write_text("Name,Club,Rating\n" + "".join(f"P{i},C{i % 3},{1500 + i}\n" for i in range(9)),
                       encoding="utf-8")
        assert main(["import-players", str(path), str(csv)]) == 0
        for k in (1, 2, 3):
            assert main(["pair", str(path)]) == 0
            type_results(path, f"Round {k}", ["1-0", "½-½", "0-1", "1-0"])
        assert main(["standings", str(path)]) == 0
        outs.append(values(path))
    assert outs[0] == outs[1]
    assert outs[0]["Standings"][2][:5] == ("Rank", "No.", "Name", "Club", "Points")


def test_backup_is_the_previous_version(event6: Path):
    before = values(event6)
    assert main(["pair", str(event6)]) == 0
    assert values(event6.with_name("event.bak.xlsx")) == before
    shutil.copy(event6.with_name("event.bak.xlsx"), event6)
    assert values(event6) == before


def test_csv_tables_with_other_separators_and_one_column(tmp_path: Path):
    """The players table read by the registration reader (pandas): the separator is
    found (``;`` as some spreadsheets save it, a tab), a one-column file is read too,
    blank cells are None and blank lines keep the file's line numbers."""
    from bianpai.addin.jobs.registration import read_file

    p = tmp_path / "t.csv"
    p.write_text("姓名;单位\n王伟;北京\n\n李强;\n", encoding="utf-8-sig")
    assert read_file(p).rows == (("姓名", "单位"), ("王伟", "北京"), (None, None), ("李强", None))
    p.write_text("Name\tRating\nA\t1800\n", encoding="utf-8")
    assert read_file(p).rows == (("Name", "Rating"), ("A", "1800"))
    p.write_text("Name\nA\nB\n", encoding="utf-8")
    assert read_file(p).rows == (("Name",), ("A",), ("B",))


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_every_job_result_says_the_workbooks_language(tmp_path: Path, lang: str):
    """The CLI words its own lines (问题/note …) in the language the job's result
    carries, without reading the workbook a second time."""
    from bianpai.addin.jobs import api as jobs
    from bianpai.addin.files import xlsx

    path = tmp_path / "e.xlsx"
    assert main(["new", str(path), "--lang", lang]) == 0
    csv = tmp_path / "p.csv"
    csv.write_text("姓名\n" + "".join(f"P{i}\n" for i in range(1, 7)), encoding="utf-8-sig")
    assert main(["import-players", str(path), str(csv)]) == 0
    v = xlsx.read_values(path)
    for result in (jobs.pair(v), jobs.update(v), jobs.check(v), jobs.export_trf(v)):
        assert result.lang == lang
