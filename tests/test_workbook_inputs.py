"""What the workbook commands refuse on the organiser's input (issue 23 items 6–9):
a round paired twice, a renamed round sheet, a player typed twice, a CSV numbered
before the draw."""

from __future__ import annotations

import pytest
from workbook_helpers import enter_results, event, pair, play

from bianpai.addin.jobs import api as jobs
from bianpai.addin.workbook import sheets as S


# -- item 9: pair run twice on a round with no results -----------------------------------------

@pytest.mark.parametrize("provisional", [False, True])
def test_pair_twice_says_the_round_was_just_paired_and_offers_no_provisional_pairing(provisional):
    values = pair(play(event(8, rounds=7), 5, seed=3))  # round 6 paired, nothing typed
    with pytest.raises(jobs.InputError) as e:
        jobs.pair(values, provisional=provisional)
    assert e.value.messages == ["第6轮: 第6轮已编排，尚未录入成绩；录入成绩后再编排第7轮"]
    assert "--provisional" not in str(e.value) and "预排" not in str(e.value)


def test_pair_twice_in_english():
    values = pair(play(event(8, rounds=7, lang="en"), 1, seed=3))
    with pytest.raises(jobs.InputError) as e:
        jobs.pair(values)
    assert e.value.messages == ["Round 2: round 2 has been paired and no result is entered yet; "
                                "enter its results before pairing round 3"]


def test_a_round_played_in_part_still_offers_provisional_pairing():
    values = enter_results(pair(play(event(6, rounds=5), 1, seed=3)), 2, ["红胜", None, "和"])
    with pytest.raises(jobs.InputError) as e:
        jobs.pair(values)
    assert len(e.value.messages) == 1 and "pair --provisional" in e.value.messages[0]
    assert "第3轮" in jobs.pair(values, provisional=True).message


# -- item 7: the same player typed twice on 选手 ------------------------------------------------

def _typed_twice(values, row, lang="zh"):
    """Player 8 typed again at the end of the Players sheet, ``row`` as the organiser typed it."""
    from workbook_helpers import players_sheet

    values = {n: [list(r) for r in rows] for n, rows in values.items()}
    values[players_sheet(values)].append(row)
    return values


@pytest.mark.parametrize("name", ["选手8", "选手8 ", " 选手8", "选手 8", "选手8\u3000"])
def test_the_same_player_typed_twice_is_refused_by_check_and_pair(name):
    values = _typed_twice(event(8, rounds=5, clubs=True), [9, name, "队2", 1500])
    for job in (jobs.check, jobs.pair, jobs.update):
        if job is jobs.check:
            problems = job(values).problems
        else:
            with pytest.raises(jobs.InputError) as e:
                job(values)
            problems = tuple(e.value.messages)
        assert len(problems) == 1, job
        assert problems[0].startswith(f"选手!B12: 选手 9 {name.strip()}（队2）与选手 8 姓名、单位相同"), job


def test_the_same_player_typed_twice_after_round_1_stops_the_next_round():
    values = _typed_twice(play(event(8, rounds=5), 1, seed=2), [9, "选手3", None, None, None, None, 2])
    with pytest.raises(jobs.InputError) as e:
        jobs.pair(values)
    assert e.value.messages == [
        "选手!B12: 选手 9 选手3（无单位）与选手 3 姓名、单位相同，是同一人录入了两次（会被编排两次）；"
        "请删去其中一行；若确为同名的两人，请在姓名上加以区别（如 选手3（大）、选手3（小））"]


def test_namesakes_of_different_clubs_and_told_apart_are_paired():
    values = _typed_twice(event(8, rounds=5, clubs=True), [9, "选手8", "队0", 1500])
    values = _typed_twice(values, [10, "选手8（小）", "队2", 1500])
    assert not jobs.check(values).problems
    assert "5 台" in jobs.pair(values).message


def test_import_players_and_the_sheet_share_one_rule():
    """A row import-players refuses as a duplicate is what check refuses on the sheet, and
    the reverse: the same pairs of (name, club), in the same forms."""
    from bianpai.engine.checker import player_key

    forms = [("选手8", "队2"), ("选手8 ", "队2"), ("选手８", "队2"), ("选手8", "队2 "), ("选手8", "队1"),
             ("Wang Wei", "A"), ("wang wei", "a"), ("WangWei", "A")]
    for name, club in forms:
        base = event(8, rounds=5, clubs=True)
        imported = True
        try:
            jobs.import_players(base, [["姓名", "单位"], [name, club]])
        except jobs.InputError:
            imported = False
        typed = _typed_twice(base, [9, name, club])
        on_sheet = not jobs.check(typed).problems
        assert imported == on_sheet, (name, club)
        assert imported == (player_key(name, club) != player_key("选手8", "队2")
                            and player_key(name, club) not in {player_key(f"选手{i}", f"队{i % 3}")
                                                               for i in range(1, 9)}), (name, club)


def test_import_players_allow_duplicates_tells_the_namesakes_apart_so_the_sheet_pairs():
    values = event(8, rounds=5, clubs=True)
    table = [["姓名", "单位"], ["选手2", "队2"], ["新人", "队9"], ["新人", "队9"], ["新人", "队9"]]
    result = jobs.import_players(values, table, allow_duplicates=True)
    assert "新增 4 名" in result.message and "9 选手2（2）, 11 新人（2）, 12 新人（3）" in result.message
    after = jobs.apply_values(values, result)
    assert not jobs.check(after).problems
    assert "6 台" in jobs.pair(after).message


# -- item 6: a round sheet renamed at will stops every command, naming the sheet ----------------

def _renamed(values, old, new):
    return {(new if n == old else n): rows for n, rows in values.items()}


@pytest.mark.parametrize("new_name", ["5轮", "对阵5", "3轮", "第3轮对阵", "Round3 copy", "3", "Sheet3"])
def test_a_round_sheet_renamed_at_will_stops_pair_check_and_standings(new_name):
    values = pair(play(event(8, rounds=5), 2, seed=4))
    values = _renamed(values, "第3轮", new_name)
    for job in (jobs.pair, jobs.check, jobs.update, jobs.undo):
        with pytest.raises(jobs.InputError) as e:
            job(values)
        assert any(m.startswith(f"{new_name}: 工作表“{new_name}”看来是轮次表") for m in e.value.messages), job


@pytest.mark.parametrize("name, rows", [
    ("备注", [["本轮比赛 3 点开始"]]), ("报名表", [["序号", "姓名", "单位"], [1, "张三", "队1"]]),
    ("Background 2", [["notes"]]), ("Sheet1", []), ("第3轮后记", None)])
def test_sheets_of_the_organiser_that_are_no_round_sheet_are_left_alone(name, rows):
    values = pair(play(event(8, rounds=5), 2, seed=4))
    if rows is None:  # a name with a round number and 轮 is stopped whatever it holds
        values[name] = [["随便写写"]]
        with pytest.raises(jobs.InputError):
            jobs.check(values)
        return
    values[name] = rows
    assert jobs.check(values).problems == ()


@pytest.mark.parametrize("new_name", ["5轮", "对阵5"])
def test_a_renamed_round_sheet_in_a_file_stops_every_command(tmp_path, capsys, new_name):
    """From a file: the sheets not ours are read too, so the header of 对阵5 is seen;
    nothing is written."""
    import openpyxl

    from bianpai.addin.cli.app import EXIT_BAD_INPUT, main

    path = tmp_path / "event.xlsx"
    assert main(["new", str(path)]) == 0
    csv = tmp_path / "players.csv"
    csv.write_text("姓名,单位\n" + "".join(f"选手{i},队{i % 3}\n" for i in range(1, 9)), encoding="utf-8")
    assert main(["import-players", str(path), str(csv)]) == 0
    for k in range(1, 6):
        assert main(["pair", str(path)]) == 0
        wb = openpyxl.load_workbook(path)
        for r in range(4, 8):
            wb[f"第{k}轮"].cell(r, 5).value = "和"
        if k == 5:
            wb[f"第{k}轮"].title = new_name
        wb.save(path)
    before = path.read_bytes()
    capsys.readouterr()
    for command in (["pair"], ["check"], ["standings"], ["undo"], ["export-trf"]):
        assert main([command[0], str(path)]) == EXIT_BAD_INPUT, command
        assert f"工作表“{new_name}”看来是轮次表" in capsys.readouterr().err, command
    assert path.read_bytes() == before


# -- item 8: the original CSV imported again after the draw ---------------------------------------

def _drawn_and_played(tmp_path):
    """Twelve players imported from a CSV numbered 1–12, the draw, round 1 played."""
    from workbook_helpers import players_sheet

    table = [["序号", "姓名", "单位", "等级分"]] + [[i, f"棋手{i}", f"队{i % 4}", 2000 - 10 * i]
                                                    for i in range(1, 13)]
    values = jobs.apply_values({}, jobs.new("zh", "测试赛"))
    values = jobs.apply_values(values, jobs.import_players(values, table))
    values = jobs.apply_values(values, jobs.draw(values, seed=7))
    values = play(values, 1, seed=2)
    names = {r[0]: r[1] for r in values[players_sheet(values)][3:] if r and r[0]}
    assert sum(names[i] != f"棋手{i}" for i in names) > 6  # the draw moved most numbers
    return values, table, names


def test_the_original_csv_again_after_the_draw_is_matched_by_name(tmp_path):
    from workbook_helpers import players_sheet

    values, table, names = _drawn_and_played(tmp_path)
    again = table + [[13, "新来的", "队9", 1500]]
    again[3][3] = 1999  # one rating corrected
    values = {n: [list(r) for r in rows] for n, rows in values.items()}
    five = next(r for r in values[players_sheet(values)][3:] if r and r[1] == "棋手5")
    five[2] = "队5"  # a club corrected on the sheet since the CSV: still the same player, by name
    for update in (False, True):
        if not update:  # the corrected rating of a player who has played needs --update, by name
            with pytest.raises(jobs.InputError) as e:
                jobs.import_players(values, again)
            assert len(e.value.messages) == 3
            assert "棋手3" in e.value.messages[1] and "棋手5" in e.value.messages[2]
            assert e.value.messages[0].startswith("CSV: 表中的序号不是选手表的序号（12 行中 ")
            continue
        result = jobs.import_players(values, again, update=True)
        assert result.message.startswith("表中的序号不是选手表的序号（12 行中 ")
        assert "多为抽签前的序号" in result.message and "新增 1 名选手，更新 2 名；共 13 名" in result.message
        after = jobs.apply_values(values, result)
        rows = {r[0]: r for r in after[players_sheet(after)][3:] if r and r[0]}
        assert {n: rows[n][1] for n in names} == names  # nobody renamed: round 1 stays theirs
        three = next(n for n, name in names.items() if name == "棋手3")
        assert rows[three][3] == 1999 and rows[13][1] == "新来的"
        assert S.read_event(after).tournament.player(13).joins_from == 2


def test_the_same_csv_again_without_changes_changes_nothing(tmp_path):
    values, table, names = _drawn_and_played(tmp_path)
    result = jobs.import_players(values, table)
    assert "新增 0 名选手，更新 0 名；共 12 名" in result.message


def test_a_table_renaming_by_the_sheets_numbers_is_still_a_rename():
    """One or two rows giving new names to numbers: the numbers are the sheet's."""
    values = play(event(8, rounds=5, clubs=True), 1, seed=4)
    table = [["序号", "姓名", "单位"], [2, "改名甲", "队2"], [3, "改名乙", "队0"]]
    result = jobs.import_players(values, table, update=True)
    assert "表中的序号" not in result.message and "更新 2 名" in result.message
    swapped = [["序号", "姓名", "单位"], [2, "选手3", "队0"], [3, "选手2", "队2"], [4, "选手4", "队1"],
               [5, "选手5", "队2"]]
    result = jobs.import_players(values, swapped, update=True)  # 2 of 4 rows: not most
    assert "表中的序号" not in result.message
