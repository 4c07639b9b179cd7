"""Issue 13: the workbook through a real event — each test reproduces one item
of the issue (standings between pairing and results, data loss, Chinese
throughout, printing)."""

from __future__ import annotations

import re

import pytest

from bianpai.engine.standings.team import TEAM_CODES
from bianpai.addin.jobs import api as jobs
from bianpai.addin.workbook import words as L
from bianpai.addin.workbook import sheets as S

from workbook_helpers import enter_results, event, pair, play, game_rows


def _sheet(values, key):
    return next(rows for name, rows in values.items() if L.sheet_key(name) == key)


DERIVED = ("sheet.standings", "sheet.crosstable", "sheet.colours", "sheet.floats")


# -- item 1: the derived sheets describe finished rounds only ---------------------------------

def test_derived_sheets_are_the_same_before_and_after_the_next_round_is_paired():
    values = play(event(12, rounds=5, clubs=True), 3, seed=5)
    before = jobs.apply_values(values, jobs.update(values))
    after = pair(before)
    for key in DERIVED:
        assert _sheet(after, key) == _sheet(before, key), key
    head = _sheet(after, "sheet.standings")[0][0]
    assert "第3轮后" in head


def test_a_round_with_some_results_is_not_counted_yet():
    values = pair(play(event(10, rounds=5), 2, seed=3))
    rows = game_rows(values, 3)
    rows[0][S.C_RESULT - 1] = "1:0"
    done = jobs.apply_values(values, jobs.update(values))
    assert "第2轮后" in _sheet(done, "sheet.standings")[0][0]
    cross = _sheet(done, "sheet.crosstable")
    assert not any(str(c).startswith("第3轮") for c in cross[2] if c)


# -- item 2: round 1 and 同单位回避: what pair does is what check accepts and Settings say ------

def test_round_one_parts_club_mates_and_check_accepts_what_pair_does():
    from workbook_helpers import set_setting

    values = event(12, rounds=5, clubs=True)
    for r in _sheet(values, "sheet.players")[3:]:
        if r and r[0]:
            r[2] = f"队{(r[0] - 1) // 4}"  # 1-4, 5-8, 9-12: round 1 (1-2, 4-3 …) pairs club mates
    set_setting(values, "set.club_rounds", "all")
    values = pair(values)
    clubs = {r[0]: r[2] for r in _sheet(values, "sheet.players")[3:] if r and r[0]}
    # the adjacent-numbers draw (1-2, 4-3 …) would pair club mates on every board: exchanges part them
    assert not [r for r in game_rows(values, 1) if clubs[r[S.C_RED - 1]] == clubs[r[S.C_BLACK - 1]]]
    assert jobs.check(values).problems == ()
    note = next(r[2] for r in _sheet(values, "sheet.settings") if r and L.lookup(r[0], ("set.club_rounds",)))
    assert "第1轮" in note
    # later rounds still avoid: round 2 pairs no club mates
    values = pair(enter_results(values, 1, seed=2))
    assert not [r for r in game_rows(values, 2) if clubs[r[S.C_RED - 1]] == clubs[r[S.C_BLACK - 1]]]


def test_round_one_club_mates_no_exchange_can_part_are_refused_when_hard_and_accepted_when_soft():
    from workbook_helpers import set_setting

    values = event(4, rounds=3, clubs=True)
    for r in _sheet(values, "sheet.players")[3:]:
        if r and r[0]:
            r[2] = "队A" if r[0] <= 3 else "队B"
    set_setting(values, "set.club_rounds", "all")
    with pytest.raises(jobs.InputError) as e:  # hard (必须回避): round 1 stops, naming the pair
        jobs.pair(values)
    assert "第1轮无法调开同单位选手" in str(e.value)
    set_setting(values, "set.club_strength", "soft")
    values = pair(values)
    assert jobs.check(values).problems == ()


# -- item 5: a renamed round sheet or a missing round stops the command, naming the sheet --------

def _renamed(values, old, new):
    return {(new if n == old else n): rows for n, rows in values.items()}


@pytest.mark.parametrize("new_name", ["第三轮", "第3轮 (2)", "Round three"])
def test_a_renamed_round_sheet_stops_pair_check_and_standings(new_name):
    values = pair(play(event(8, rounds=5), 2, seed=4))
    values = _renamed(values, "第3轮", new_name)
    for job in (jobs.pair, jobs.check, jobs.update):
        with pytest.raises(jobs.InputError) as e:
            job(values)
        text = "\n".join(str(x) for x in e.value.problems) + str(e.value)
        assert new_name in text, job


def test_a_missing_middle_round_names_the_sheet():
    values = play(event(8, rounds=5), 3, seed=4)
    del values["第2轮"]
    with pytest.raises(jobs.InputError) as e:
        jobs.pair(values)
    assert "第3轮" in str(e.value) and "2" in str(e.value)


# -- item 4: import-players into a running event ------------------------------------------------

def test_import_players_refuses_to_change_a_player_with_games_unless_update():
    values = play(event(8, rounds=5, clubs=True), 2, seed=4)
    table = [["序号", "姓名", "单位", "等级分"], [5, "新名字", "新队", 1500]]
    with pytest.raises(jobs.InputError) as e:
        jobs.import_players(values, table)
    text = str(e.value)
    assert "5" in text and "选手5" in text and "--update" in text
    result = jobs.import_players(values, table, update=True)
    after = jobs.apply_values(values, result)
    row = next(r for r in _sheet(after, "sheet.players")[3:] if r and r[0] == 5)
    assert row[1] == "新名字"
    assert "5" in result.message


def test_import_players_same_values_again_is_not_an_update():
    values = play(event(6, rounds=5, clubs=True), 1, seed=4)
    rows = [r for r in _sheet(values, "sheet.players")[3:] if r and r[0]]
    table = [["序号", "姓名", "单位", "等级分"]] + [[r[0], r[1], r[2], r[3]] for r in rows]
    result = jobs.import_players(values, table)
    assert "更新 0 名" in result.message


def test_import_players_flags_likely_duplicates():
    values = play(event(6, rounds=5, clubs=True), 1, seed=4)
    table = [["姓名", "单位"], ["选手2", "队2"], ["新人", "队9"], ["新人", "队9"]]
    with pytest.raises(jobs.InputError) as e:
        jobs.import_players(values, table)
    text = str(e.value)
    assert "选手2" in text and "新人" in text and "第2行" in text and "第4行" in text
    result = jobs.import_players(values, table[:3], allow_duplicates=True)
    assert "新增 2 名" in result.message


def test_import_players_update_from_the_command_line(tmp_path, capsys):
    from bianpai.addin.cli.app import main
    from bianpai.addin.files import xlsx

    path = tmp_path / "e.xlsx"
    assert main(["new", str(path)]) == 0
    csv = tmp_path / "p.csv"
    csv.write_text("姓名,单位\n" + "".join(f"选手{i},队{i % 2}\n" for i in range(1, 7)), encoding="utf-8")
    assert main(["import-players", str(path), str(csv)]) == 0
    assert main(["pair", str(path)]) == 0
    before = path.read_bytes()
    fix = tmp_path / "fix.csv"
    fix.write_text("序号,姓名\n2,改名\n", encoding="utf-8")
    capsys.readouterr()
    assert main(["import-players", str(path), str(fix)]) == 3
    assert "--update" in capsys.readouterr().err and path.read_bytes() == before
    assert main(["import-players", str(path), str(fix), "--update"]) == 0
    assert "2 改名" in capsys.readouterr().out
    players = next(rows for n, rows in xlsx.read_values(path).items() if n == "选手")
    assert [r[2] for r in players[3:] if r and r[0] == 2] == ["队0"]  # the club column was not in the table


# -- item 16: bianpai pair prints the pairing itself -----------------------------------------

def test_pair_prints_board_red_and_black(tmp_path, capsys):
    from bianpai.addin.cli.app import main

    path = tmp_path / "e.xlsx"
    assert main(["new", str(path)]) == 0
    csv = tmp_path / "p.csv"
    csv.write_text("姓名,单位\n" + "".join(f"选手{i},队{i % 2}\n" for i in range(1, 8)), encoding="utf-8")
    assert main(["import-players", str(path), str(csv)]) == 0
    capsys.readouterr()
    assert main(["pair", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].endswith("第1轮: 3 台; 轮空: 7 选手7")
    out = out[next(i for i, line in enumerate(out) if "台次" in line):]
    assert out[0].split()[:3] == ["台次", "红方序号", "红方"]
    assert out[1].split()[:3] == ["1", "1", "选手1（队1）"] and out[1].split()[-2:] == ["选手2（队0）", "2"]
    assert out[-1].split()[:3] == ["—", "7", "选手7（队1）"] and "轮空" in out[-1]


# -- items 14, 15: export-trf → import-trf keeps what a TRF can carry ----------------------------

def _event_for_trf():
    from workbook_helpers import set_setting

    values = event(9, rounds=5, clubs=True)
    players = _sheet(values, "sheet.players")
    for r in players[3:]:
        if r and r[0] == 1:
            r[4] = "是"  # seeded
    set_setting(values, "set.club_rounds", "all")
    set_setting(values, "set.tiebreaks", "BH, SB")
    set_setting(values, "set.high_score_first", "on")
    values = play(values, 2, seed=7)
    for r in _sheet(values, "sheet.players")[3:]:
        if r and r[0] == 4:
            r[5] = "退赛 3"
    values = jobs.apply_values(values, jobs.import_players(values, [["姓名", "单位"], ["迟到者", "队9"]]))
    values = pair(values)
    rows = game_rows(values, 3)
    rows[0][:8], rows[1][:8] = [1] + rows[1][1:8], [2] + rows[0][1:8]  # the arbiter swaps boards 1 and 2
    return values


def test_trf_round_trip_keeps_clubs_statuses_seeds_settings_and_board_order():
    values = _event_for_trf()
    out = jobs.export_trf(values)
    back = jobs.apply_values({}, jobs.import_trf(None, out.output, "zh"))
    a, b = S.read_event(values), S.read_event(back)
    assert b.tournament.players == a.tournament.players
    assert dict(b.statuses) == dict(a.statuses)
    assert b.settings.tiebreaks == a.settings.tiebreaks
    assert b.tournament.rules == a.tournament.rules and a.tournament.rules.club_rounds is None
    assert a.tournament.rules.high_score_first
    for f in ("system", "total_rounds"):
        assert getattr(b.tournament, f) == getattr(a.tournament, f), f
    assert [(g.red, g.black) for g in b.tournament.rounds[2].games] == \
        [(g.red, g.black) for g in a.tournament.rounds[2].games]
    assert "TRF" in out.message and "不能" in out.message  # says plainly what a TRF cannot carry


def test_a_name_with_a_line_break_exports_a_trf_bianpai_reads_back():
    values = play(event(6, rounds=3), 1, seed=2)
    for r in _sheet(values, "sheet.players")[3:]:
        if r and r[0] == 2:
            r[1] = "张\n三"
    trf = jobs.export_trf(values).output
    back = jobs.apply_values({}, jobs.import_trf(None, trf, "zh"))
    t = S.read_event(back).tournament
    assert t.player(2).name == "张 三" and len(t.rounds) == 1


# -- item 6: formulas in source cells ---------------------------------------------------------

def _with_formula(path, sheet_xml: str, cell: str, formula: str, cached: str) -> None:
    """Replace ``cell`` of a worksheet part by a formula with its cached value, as Excel saves it."""
    import re
    import zipfile

    with zipfile.ZipFile(path) as z:
        parts = {n: z.read(n) for n in z.namelist()}
    xml = parts[sheet_xml].decode()
    xml, n = re.subn(rf'<c r="{cell}"( s="\d+")?[^>]*>.*?</c>',
                     rf'<c r="{cell}"\1 t="str"><f>{formula}</f><v>{cached}</v></c>', xml, count=1)
    assert n == 1
    parts[sheet_xml] = xml.encode()
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in parts.items():
            z.writestr(name, data)


def test_a_formula_name_keeps_its_value_through_every_command(tmp_path, capsys):
    from bianpai.addin.cli.app import main
    from bianpai.addin.files import xlsx

    path = tmp_path / "e.xlsx"
    assert main(["new", str(path)]) == 0
    csv = tmp_path / "p.csv"
    csv.write_text("姓名,单位\n甲,队1\n乙,队2\n丙,队1\n丁,队2\n", encoding="utf-8")
    assert main(["import-players", str(path), str(csv)]) == 0
    _with_formula(path, "xl/worksheets/sheet2.xml", "B5", '"乙"&amp;""', "乙")
    assert main(["check", str(path)]) == 0
    capsys.readouterr()
    assert main(["pair", str(path)]) == 0
    out = capsys.readouterr().out
    assert "选手!B5" in out  # says the formula's value was written in its place
    assert main(["check", str(path)]) == 0
    players = xlsx.read_values(path)["选手"]
    assert players[4][1] == "乙"


# -- items 8-10: what an arbiter pins up -----------------------------------------------------

def _printed_event():
    from workbook_helpers import set_setting

    values = event(8, rounds=3, clubs=True)
    set_setting(values, "set.dates", "2026年12月5日 9:00")
    set_setting(values, "set.venue", "市棋院")
    set_setting(values, "set.chief_arbiter", "王裁判")
    values = play(values, 1, seed=3)
    for r in _sheet(values, "sheet.players")[3:]:
        if r and r[0] == 8:
            r[5] = "退赛"
    values = jobs.apply_values(values, jobs.import_players(values, [["姓名", "单位"], ["迟到者", "队5"]]))
    return values


def test_round_sheet_prints_club_method_in_words_date_venue_and_signatures():
    values = pair(_printed_event())
    out = jobs.update(values).sheet("第2轮")
    assert out.rows[1][0].startswith("编排方法: 定位编排法") and "2026年12月5日 9:00" in out.rows[1][0] \
        and "市棋院" in out.rows[1][0]
    assert "（队" in out.rows[3][S.C_RED_NAME - 1]
    assert "裁判长: 王裁判" in out.print_setup.footer and "编排: ___" in out.print_setup.footer
    assert jobs.check(values).notes == ()  # the names with their clubs are what the sheet should show


def test_standings_final_title_rank_number_short_legend_signatures_and_withdrawal():
    values = _printed_event()
    values = play(values, 0)
    for k in (2, 3):
        values = enter_results(pair(values), k, seed=k)
    out = jobs.update(values).sheet("名次")
    assert out.rows[0][0].startswith("最终名次")
    body = [r for r in out.rows[3:] if isinstance(r[1], int)]
    assert all(isinstance(r[0], int) for r in body)
    assert [r[-1] for r in body if r[1] == 8] == ["第2轮起退赛"]
    assert [r[-1] for r in body if r[1] == 9] == ["第2轮报到"]
    below = [str(r[0]) for r in out.rows[3 + len(body):] if r[0]]
    assert any(line.startswith("累进分: 每轮后的累计积分之和") for line in below)  # cxa-2020, in words
    assert not any("Buchholz" in line or "FIDE" in line for line in below)
    assert below[-1].startswith("裁判长: 王裁判")


def test_crosstable_shows_withdrawal_and_late_entry_with_rank_and_club():
    values = _printed_event()
    values = enter_results(pair(values), 2, seed=2)
    out = jobs.update(values).sheet("成绩表")
    head = out.rows[2]
    assert head[:3] == ("序号", "姓名", "单位") and head[-2:] == ("总分", "名次")
    row8 = next(r for r in out.rows[3:] if r[0] == 8)
    row9 = next(r for r in out.rows[3:] if r[0] == 9)
    assert row8[4] == "退赛" and row9[3] == "未报到"
    assert isinstance(row8[-1], int) and row9[2] == "队5"


# -- item 12: the provisional mark goes, its note is reworded, once the real result is typed ----

def test_provisional_mark_and_score_note_go_once_the_real_result_is_typed():
    values = pair(event(6))
    values = enter_results(values, 1, ["红胜", None, "黑胜"])
    values = pair(values, provisional=True)
    assert [r[S.C_PROV - 1] for r in game_rows(values, 1)] == [None, "临时和棋", None]
    values = enter_results(values, 1, ["红胜", "红胜", "黑胜"])
    assert jobs.check(values, repair=False).notes  # the round-2 sheet shows the provisional scores
    for job in (jobs.update, jobs.next_step):
        after = jobs.apply_values(values, job(values))
        assert [r[S.C_PROV - 1] for r in game_rows(after, 1)] == [None, None, None]
        # the provisional note is reworded, not dropped: it records the history round 2 was
        # paired on, which the pairing keeps whatever the real result (issue 23 item 2)
        assert after["第2轮"][1][4] == "按和棋编排（结果后录入，对阵不变）: 第1轮 第2台"
        # no score notes, and no hand edits: round 2 is compared with the history it was paired on
        assert jobs.check(after, repair=False).notes == ()
        assert jobs.check(after).notes == ()
        assert after["第2轮"][3][S.C_RED_SCORE - 1] in (0, 2, "0", "2")


# -- item 7: Chinese throughout: no Latin words beyond codes, no document cited ------------------

ALLOWED_LATIN = frozenset("""
dingwei dutch adjacent roundrobin fide-team adjacent-numbers first-last half-cross random fold slide
unrated mostly-rated rated round-robin on off yes all hard soft fide xiangqi zh en English FIDE
cxa-2020 match-bp axf fide-2026 FOUL PREV STD Match BP black-draw-1.5 2-1-0 3-1-0 1-0.5-0
BH BH-C1 BH-C2 BH-M1 BH-M2 BH-CUT SB PS PS-C1 WIN BWIN BPG DE ARO ARO-C1 RTG KOYA Berger log
TRF CSV UTF-8 GB18030 Excel LibreOffice WPS OpenDocument xlsx xls ods zip XML DTD SmartArt MB XXB XXC rank
white1 black1 Python python python.org xlwings xlwings.conf conda macOS PATH AppleScript Microsoft Store
RunPython XLSTART VBA Bianpai bianpai new draw addin doctor name Name round1.seed
--force --update --provisional --allow-duplicates --keep --brackets --seed
pair undo check standings cards slips import-players import-trf export-trf
share PDF html ttf otf ttc simsun.ttc Windows Linux sudo apt pip install fonts-noto-cjk Pillow Lite
Windows OneDrive SharePoint Lite main.py requirements.txt tccutil reset AppleEvents --target
""".split()) | frozenset(TEAM_CODES)
"""Latin words a Chinese user may see: system, method, preset, tie-break and setting codes
(typed into Settings; the team tie-break codes among them), file formats and program
names, command-line words."""

CITATION = re.compile(r"§|\bspec\b|\b00[1-3]\b|\bC\.0\d\b|\.md\b", re.IGNORECASE)
LATIN = re.compile(r"-{0,2}[A-Za-z][A-Za-z0-9\-\.]*[A-Za-z0-9]")


def foreign_words(s: str) -> list[str]:
    s = re.sub(r"\{[^}]*\}", "", s).replace("&P", "").replace("&N", "")
    return [w for w in LATIN.findall(s) if w not in ALLOWED_LATIN] + CITATION.findall(s)


def test_every_chinese_label_is_chinese_and_cites_no_document():
    bad = {k: foreign_words(zh) for k, (zh, _en) in L.LABELS.items() if foreign_words(zh)}
    assert bad == {}
    cited = {k: CITATION.findall(en) for k, (_zh, en) in L.LABELS.items() if CITATION.findall(en)}
    assert cited == {}


@pytest.mark.parametrize("system", ["dingwei", "dutch", "adjacent", "roundrobin"])
def test_every_sheet_of_a_chinese_demo_is_chinese(tmp_path, system, capsys):
    from bianpai.addin.cli.app import main
    from bianpai.addin.files.reader import read_workbook

    path = tmp_path / "demo.xlsx"
    players = ["--players", "8"] if system == "roundrobin" else []
    assert main(["demo", "--out", str(path), "--system", system, *players]) == 0
    printed = capsys.readouterr().out
    lines = [line.replace(str(path), "") for line in printed.splitlines()]
    bad = [(line, foreign_words(line)) for line in lines if foreign_words(line)]
    assert bad == []
    found = []
    for name, rows in read_workbook(path, lambda n: True, set()).items():
        for r, row in enumerate(rows, start=1):
            for c, cell in enumerate(row, start=1):
                if isinstance(cell, str) and foreign_words(cell):
                    found.append((name, r, c, cell))
    assert found == []


# -- item 11: 设置 prints without clipped or overlapping notes ---------------------------------

def test_every_wrapped_settings_note_has_the_lines_it_needs():
    values = event(8)
    out = jobs.update(values).sheet("设置")
    heights = {}
    for first, last, h in out.row_heights:
        for r in range(first, last + 1):
            heights[r] = h
    width = out.widths[2] - 4
    for r, row in enumerate(out.rows, start=1):
        note = row[2] if len(row) > 2 else None
        if r >= S.SETTINGS_FIRST_ROW and isinstance(note, str):
            lines = -(-S.display_width(note) // int(width))
            assert heights.get(r, 15.0) >= 15.0 * lines, (r, note)
