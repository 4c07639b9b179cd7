"""The workbook layer in memory (addin/workbook/sheets/, addin/jobs/): reading and
writing sheets, the organiser's jobs, and the rules of issue #5."""

from __future__ import annotations

import copy
import datetime as dt

import pytest

from bianpai.addin.jobs import api as jobs
from bianpai.addin.workbook import words as L
from bianpai.addin.workbook import sheets as S
from bianpai.engine.model import ByeKind, GameResult
from bianpai.engine.results import InputError
from bianpai.engine.advice import advise_round_robin, rounds_to_decide, suggest_rounds

from workbook_helpers import (
    enter_results, event, game_rows, normal, pair, play, players_sheet, set_setting,
    settings_sheet,
)

# ---------------------------------------------------------------------------
# Results typed into the result column
# ---------------------------------------------------------------------------

RED, DRAW, BLACK = GameResult.RED_WIN, GameResult.DRAW, GameResult.BLACK_WIN
RF, BF, DF = GameResult.RED_FORFEIT_WIN, GameResult.BLACK_FORFEIT_WIN, GameResult.DOUBLE_FORFEIT


@pytest.mark.parametrize("typed, result", [
    ("红胜", RED), ("和", DRAW), ("黑胜", BLACK),  # the zh drop-down
    ("1-0", RED), ("½-½", DRAW), ("0-1", BLACK),  # the en drop-down
    ("2:0", RED), ("1:1", DRAW), ("0:2", BLACK), ("2：0", RED),  # xiangqi points
    ("1/2-1/2", DRAW), (" 1 - 0 ", RED), ("和棋", DRAW),
    ("+/-", RF), ("-/+", BF), ("-/-", DF), ("红胜(弃权)", RF), ("黑胜（弃权）", BF), ("双方弃权", DF),
    ("+:-", RF), ("--", DF),
    (dt.time(2, 0), RED), (dt.time(1, 1), DRAW), (dt.time(0, 2), BLACK),  # Excel turned 2:0 into 02:00
    (None, None), ("", None), ("*", None),
])
def test_result_forms(typed, result):
    """The canonical forms of both languages and the usual variants are read."""
    assert S.parse_result(typed) is result


@pytest.mark.parametrize("typed", ["2-2", "红负", "3", "win", dt.datetime(2024, 1, 2), 7])
def test_not_a_result(typed):
    with pytest.raises(S.NotAResult):
        S.parse_result(typed)


def test_bad_result_is_reported_with_sheet_and_cell():
    """Issue #5's example: a "2-2" typed on board 4 of round 1 (row 7, column E)."""
    v = event(8)
    v = pair(v)
    v = enter_results(v, 1, ["红胜", "和", "黑胜", "2-2"])
    with pytest.raises(InputError) as e:
        jobs.pair(v)
    assert e.value.messages == [
        "第1轮!E7: 结果 '2-2' 不是对局结果（请用 红胜 / 和 / 黑胜 / 红胜(弃权) / 黑胜(弃权) / 双方弃权 "
        "或 1-0 / ½-½ / 0-1 / +/- / -/+ / -/-）"]


def test_every_problem_is_reported_at_once():
    """Problems on the Players sheet and on a round sheet come together, each with its cell."""
    v = pair(event(6))
    v = enter_results(v, 1, ["红胜", "x", "黑胜"])
    p = v[players_sheet(v)]
    p[4][3] = "高"  # rating of player 2 (row 5, column D)
    p[5][0] = 1  # player 3's number duplicates player 1's (row 6)
    v[settings_sheet(v)][3][1] = "seven"  # total rounds (B4)
    with pytest.raises(InputError) as e:
        jobs.update(v)
    text = "\n".join(e.value.messages)
    assert "设置!B4: 总轮次 'seven' 不是 1 到 200 之间的整数" in text
    assert "选手!D5: 等级分 '高' 不是 ≥ 0 的整数" in text
    assert "选手!A6: 选手序号 1 已在第4行使用" in text
    assert "第1轮!E5: 结果 'x' 不是对局结果" in text
    assert len(e.value.messages) >= 4


def test_round_sheet_player_problems_name_the_cell():
    v = pair(event(6))
    rows = game_rows(v, 1)
    rows[0][S.C_BLACK - 1] = 99  # H4: no such player
    rows[1][S.C_RED - 1] = 1  # B5: player 1 again
    with pytest.raises(InputError) as e:
        jobs.update(v)
    assert "第1轮!H4: 选手 99 不在选手表上" in e.value.messages
    assert "第1轮!B5: 选手 1 已出现在第4行" in e.value.messages


# ---------------------------------------------------------------------------
# Templates and languages
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("lang, names", [
    ("zh", ["设置", "选手", "先后手", "升降", "名次", "成绩表"]),
    ("en", ["Settings", "Players", "Colours", "Floats", "Standings", "Crosstable"]),
])
def test_new_event_sheets(lang, names):
    result = jobs.new(lang)
    assert [s.name for s in result.sheets] == names
    assert set(result.changed) == set(names)
    ev = S.read_event(jobs.apply_values({}, result))
    assert ev.settings.language == lang
    assert ev.tournament.system == "dingwei" and ev.tournament.total_rounds == 7
    assert ev.tournament.players == ()


def test_settings_sheet_carries_every_setting():
    """Settings rows: event name, rounds (with the 003 §(四) suggestion), system,
    first-round method, points for win/draw/loss/bye, tie-breaks, 同单位回避, language."""
    v = event(24)
    rows = v[settings_sheet(v)]
    labels = [r[0] for r in rows[2:]]
    assert labels[:13] == ["比赛名称", "总轮次", "编排方法", "第一轮配对", "胜局得分", "和局得分", "负局得分",
                           "轮空得分", "名次区分", "未赛局计算", "同单位回避轮次", "低分服从高分", "语言"]
    assert rows[3][2].startswith("建议轮次 11")  # 24 players: 2·⌈log₂24⌉ = 10 → odd 11


def test_reader_accepts_both_languages():
    """An event written in English and one in Chinese read to the same tournament."""
    zh = play(event(8, "zh"), 2)
    ev = S.read_event(zh)
    en_event = S.Event(S.EventSettings(**{**ev.settings.__dict__, "language": "en"}), ev.tournament,
                       tuple(S.RoundSheet(L.round_sheet_name(k, "en")) for k in (1, 2)), ev.statuses)
    en = {s.name: [list(r) for r in s.rows] for s in S.render_all(en_event)}
    assert "Round 2" in en and "Players" in en
    assert S.read_event(en).tournament == ev.tournament


def test_settings_values_in_chinese():
    v = event(8)
    set_setting(v, "set.system", "定位编排法")
    set_setting(v, "set.first_round", "首尾配对")
    set_setting(v, "set.language", "英文")
    ev = S.read_event(v)
    assert (ev.tournament.system, ev.tournament.rules.round1, ev.settings.language) == (
        "dingwei", "first-last", "en")


def test_settings_errors_name_cells():
    v = event(8)
    set_setting(v, "set.system", "swiss-magic")
    set_setting(v, "set.win", -1)
    set_setting(v, "set.tiebreaks", "BH, XYZ")
    set_setting(v, "set.club_rounds", "sometimes")
    with pytest.raises(InputError) as e:
        jobs.update(v)
    text = "\n".join(e.value.messages)
    for cell in ("设置!B5", "设置!B7", "设置!B11", "设置!B13"):
        assert cell in text
    assert "XYZ" in text


# ---------------------------------------------------------------------------
# Pairing a round
# ---------------------------------------------------------------------------


def test_round_one_sheet():
    """dingwei.md §3 近号配对: boards 1–2, 4–3, 5–6 (odd boards: smaller number red),
    and the §10 explanation: step and colour rule on every board."""
    v = pair(event(6))
    rows = v["第1轮"]
    assert rows[2] == ["台次", "红方序号", "红方", "积分", "结果", "积分", "黑方", "黑方序号", "配对步骤",
                       "先后手依据", "临时", "调整"]
    assert [(r[0], r[1], r[7]) for r in game_rows(v, 1)] == [(1, 1, 2), (2, 4, 3), (3, 5, 6)]
    assert game_rows(v, 1)[1][2] == "选手4" and game_rows(v, 1)[1][6] == "选手3"
    assert all(r[8] and r[9] for r in game_rows(v, 1))


def test_round_two_shows_scores_and_brackets():
    """Round 2's sheet shows scores before the round and lays the brackets out as cards (§10)."""
    v = play(event(6), 1)
    v = pair(v)
    rows = v["第2轮"]
    scores = sorted((r[3], r[5]) for r in game_rows(v, 2))
    assert all(a in (0, 1, 2) and b in (0, 1, 2) for a, b in scores)
    text = [str(c) for r in rows for c in r if c is not None]
    assert "编排过程" in text  # each line of a bracket one cell, its label first (要先行：…)
    assert any(t.startswith("要先行：") for t in text) and any(t.startswith("要后行：") for t in text)


def test_odd_number_of_players_gives_a_bye_row():
    """dingwei.md §3: with 7 players the highest number gets the round-1 bye, shown
    after the boards as — / 7 / … / 轮空."""
    v = pair(event(7))
    rows = v["第1轮"]
    bye = rows[S.ROUND_HEADER_ROW + 3]
    assert (bye[0], bye[1], bye[4]) == ("—", 7, "轮空")
    t = S.read_event(v).tournament
    assert t.rounds[0].pairing_bye == 7


def test_pairing_needs_every_result():
    v = pair(event(6))
    v = enter_results(v, 1, ["红胜", None, None])
    with pytest.raises(InputError) as e:
        jobs.pair(v)
    assert e.value.messages == [
        "第1轮!E5: 尚无结果 — 请填写，或按临时和棋预排（功能区“预排”，命令行 pair --provisional）",
        "第1轮!E6: 尚无结果 — 请填写，或按临时和棋预排（功能区“预排”，命令行 pair --provisional）"]


def test_provisional_pairing_is_recorded():
    """Spec §8: the unfinished games of round 1 are counted as draws for round 2,
    marked 临时和棋 on round 1's sheet and named on round 2's; the standings use
    the real result once it is entered."""
    v = pair(event(6))
    v = enter_results(v, 1, ["红胜", None, "黑胜"])
    v = pair(v, provisional=True)
    assert [r[S.C_PROV - 1] for r in game_rows(v, 1)] == [None, "临时和棋", None]
    assert v["第2轮"][1][4] == "按临时和棋编排: 第1轮 第2台"
    t = S.read_event(v).tournament
    assert t.rounds[0].provisional == (4,)
    v = enter_results(v, 1, ["红胜", "红胜", "黑胜"])
    table = jobs.update(v).message
    assert "选手4" in table
    ev = S.read_event(v)
    codes, rows = S.standings_rows(ev)
    assert {r.number: r.points for r in rows}[4] == 2  # the real win, not the provisional draw


def test_all_rounds_paired():
    v = play(event(4, rounds=1), 1)
    with pytest.raises(InputError) as e:
        jobs.pair(v)
    assert e.value.messages == ["设置!B4: 全部 1 轮已编排；要编排第2轮请增加总轮次"]


def test_players_status_withdrawn_absent_and_late_entry():
    """退赛 (no round: from the next round), 请假 3 (absent in round 3 only), late entry in round 2."""
    v = event(8)
    p = v[players_sheet(v)]
    p.append([9, "迟到者", None, None, None, None, 2])
    v = play(v, 1)
    p = v[players_sheet(v)]
    p[3 + 1][5] = "退赛"  # player 2
    p[3 + 2][5] = "请假 3"  # player 3
    v = enter_results(pair(v), 2)
    t = S.read_event(v).tournament
    r2 = t.rounds[1]
    assert r2.entry_of(2) is None  # withdrawn: not paired
    assert r2.entry_of(9) is not None  # late entry joins in round 2
    assert r2.entry_of(3) is not None  # 请假 3 is for round 3 only
    v = enter_results(pair(v), 3)
    r3 = S.read_event(v).tournament.rounds[2]
    assert [(b.player, b.kind) for b in r3.byes if b.player == 3] == [(3, ByeKind.ABSENT)]
    assert S.read_event(v).tournament.player(2).withdrawn_from == 2


@pytest.mark.parametrize("typed, status", [
    ("", S.PlayerStatus()), ("在赛", S.PlayerStatus()), ("active", S.PlayerStatus()),
    ("退赛", S.PlayerStatus(withdrawn=True)),
    ("退赛 第5轮", S.PlayerStatus(withdrawn=True, withdrawn_from=5)),
    ("withdrawn from round 5", S.PlayerStatus(withdrawn=True, withdrawn_from=5)),
    ("请假3", S.PlayerStatus(request=ByeKind.ABSENT, request_round=3)),
    ("absent", S.PlayerStatus(request=ByeKind.ABSENT)),
    ("半分轮空 4", S.PlayerStatus(request=ByeKind.HALF, request_round=4)),
    ("zero-point bye", S.PlayerStatus(request=ByeKind.ZERO)),
    ("生病", None), ("在赛 3", None),
])
def test_status_forms(typed, status):
    assert S.parse_status(typed) == status


def test_bad_status_is_reported():
    v = event(4)
    v[players_sheet(v)][3][5] = "生病"
    with pytest.raises(InputError) as e:
        jobs.update(v)
    assert e.value.messages[0].startswith(
        "选手!F4: 状态 '生病' 不是 在赛/退赛/请假/半分轮空/全分轮空/零分轮空 之一")


# ---------------------------------------------------------------------------
# Undo
# ---------------------------------------------------------------------------


def test_undo_restores_the_previous_state_exactly():
    before = play(event(8), 2)
    before = jobs.apply_values(before, jobs.update(before))
    after = pair(before)
    assert normal(jobs.apply_values(after, jobs.undo(after))) == normal(before)


def test_undo_of_a_provisional_round_clears_the_marks():
    before = pair(play(event(6), 1))
    before = enter_results(before, 2, ["红胜", None, "和"])
    before = jobs.apply_values(before, jobs.update(before))
    after = pair(before, provisional=True)
    assert any(r[S.C_PROV - 1] for r in game_rows(after, 2))
    assert normal(jobs.apply_values(after, jobs.undo(after))) == normal(before)


def test_undo_refuses_a_round_with_results_unless_forced():
    v = play(event(6), 1)
    with pytest.raises(InputError) as e:
        jobs.undo(v)
    assert "第1轮 已有 3 个结果（第一个在 第1轮!E4）" in e.value.messages[0]
    res = jobs.undo(v, force=True)
    assert res.delete == ("第1轮",)
    assert "第1轮" not in jobs.apply_values(v, res)


# ---------------------------------------------------------------------------
# Derived sheets
# ---------------------------------------------------------------------------


def test_derived_sheets_say_they_are_rewritten():
    v = play(event(6), 2)
    res = jobs.update(v)
    for s in res.sheets:
        if s.derived:
            assert s.rows[1][0] == L.text("derived.note", "zh")
            assert s.name in res.changed
    assert {s.name for s in res.sheets if s.derived} == {"先后手", "升降", "名次", "成绩表"}


def test_colours_sheet_fills_red_and_black():
    """先后手: a red game is a 红 cell filled red, a black game a 黑 cell filled black;
    then R, B, d and the streak."""
    v = play(event(6), 2)
    s = jobs.update(v).sheet("先后手")
    row = s.rows[3]  # player 1
    assert row[2] in ("红", "黑") and row[3] in ("红", "黑")
    fills = {(st.top, st.left): st.fill for st in s.styles if st.top == st.bottom == 4 and st.left in (3, 4)}
    for col in (3, 4):
        assert fills[(4, col)] == (S.RED_FILL if row[col - 1] == "红" else S.BLACK_FILL)
    reds = [row[2], row[3]].count("红")
    assert row[4:7] == (reds, 2 - reds, 2 * reds - 2)


def test_standings_shared_places_and_tiebreak_notes():
    """Before any round everyone is level: one shared place, each rank the
    number 1 (issue 13 item 9: rank is a number); the tie-break list is
    explained below the table."""
    v = event(6, **{"set.tiebreaks": "unrated"})  # seed 003's list: places may be shared
    s = jobs.update(v).sheet("名次")
    assert [r[0] for r in s.rows[3:9]] == [1] * 6
    # issue 25: the codes in words of the workbook's language (the codes only in the header's notes)
    assert s.rows[2][5:] == ("对手分", "中间对手分", "截断对手分", "名次决定于", "备注")
    assert any(str(r[0]).startswith("对手分: 各对手积分之和") for r in s.rows[9:])
    assert any(str(r[0]).startswith("列出的名次区分仍相同者，名次并列") for r in s.rows[9:])


def test_a_new_chinese_workbook_ranks_by_cxa_2020_without_shared_places():
    """Issue 25: a new Chinese workbook starts with cxa-2020 (its order in words on
    the Settings note); before round 1 everyone is level and lots decide every
    place, with the seed printed below the table."""
    v = event(6)
    res = jobs.update(v)
    st = res.sheet("设置")
    row = next(r for r in st.rows if r[0] == "名次区分")
    assert row[1] == "cxa-2020"
    assert row[2].startswith("cxa-2020（2020年象棋竞赛规则）: 积分 → 累进分 → 直胜 → 胜局多者 → 后手局多者 → "
                             "犯规少者 → 前轮成绩；名次不并列")
    s = res.sheet("名次")
    assert s.rows[2][5:] == ("累进分", "直胜", "胜局数", "后手局数", "犯规", "前轮成绩", "名次决定于", "备注")
    assert [r[0] for r in s.rows[3:9]] == [1, 2, 3, 4, 5, 6]
    assert [r[11] for r in s.rows[3:9]] == ["抽签"] * 6
    assert any("抽签的随机种子" in str(r[0]) for r in s.rows[9:])


def test_crosstable_and_floats():
    v = play(event(6), 2)
    res = jobs.update(v)
    cross = res.sheet("成绩表").rows[3]
    assert cross[0] == 1 and cross[3].startswith("2先")  # round 1: 1 (red) v 2 (after 序号, 姓名, 单位)
    floats = res.sheet("升降").rows
    assert floats[2][-2:] == ("下调次数", "上调次数")


# ---------------------------------------------------------------------------
# check
# ---------------------------------------------------------------------------


def test_check_passes_a_clean_event():
    res = jobs.check(play(event(8), 3))
    assert res.problems == () and res.notes == ()


def test_check_finds_rematch_second_bye_and_missing_player():
    """Round 2 is edited by hand so that 1 and 2 meet again, 7 gets a second
    pairing bye, and player 6 vanishes from the sheet."""
    v = play(event(7), 1)
    v = pair(v)
    rows = game_rows(v, 2)
    rows[0][S.C_RED - 1], rows[0][S.C_BLACK - 1] = 1, 2
    sheet = v["第2轮"]
    first = S.ROUND_HEADER_ROW  # keep board 1 (1 v 2) and a bye row for 7; drop the rest
    sheet[first:first + len(rows) + 1] = [rows[0], ["—", 7, None, None, "轮空"]]
    res = jobs.check(v)
    text = "\n".join(res.problems)
    assert "第2轮!B4: 1 选手1 与 2 选手2 已在第1轮相遇" in text
    assert "第2轮!B5: 选手 7 选手7 已在第1轮轮空" in text
    assert "第2轮: 选手 6 选手6 既未配对，也未列为轮空/请假" in text


def test_check_finds_same_club_pairing_in_an_avoidance_round():
    """同单位回避 for round 1: a board edited to pair two players of 队1 is a problem."""
    v = event(6, clubs=True)  # clubs 队1: 1, 4; 队2: 2, 5; 队0: 3, 6
    set_setting(v, "set.club_rounds", 1)
    v = pair(v)
    assert jobs.check(v).problems == ()
    rows = game_rows(v, 1)
    firsts = [(r[1], r[7]) for r in rows]
    # swap so that 1 and 4 meet: put 4 opposite 1, and 1's old opponent where 4 was
    opp = firsts[0][1]
    for r in rows:
        if r[1] == 4:
            r[1] = opp
        elif r[7] == 4:
            r[7] = opp
    rows[0][7] = 4
    text = "\n".join(jobs.check(v).problems)
    assert "第1轮!B4: 1 选手1 与 4 选手4 同属 队1，而第1轮回避同单位" in text


def test_check_notes_three_colours_in_a_row():
    """Player 1 is given red three times by hand (kept: pair --keep): check notes 连三先 (not a problem)."""
    v = event(4, rounds=3)
    for k in (1, 2, 3):
        v = jobs.apply_values(v, jobs.pair(v, keep=True))
        rows = game_rows(v, k)
        for r in rows:
            if r[7] == 1:  # make player 1 red on his board
                r[1], r[7] = r[7], r[1]
        v = enter_results(v, k, ["和", "和"])
    res = jobs.check(v, repair=False)
    assert any(n.startswith("第3轮!B") and "选手 1 选手1 已连续 3 次执红" in n for n in res.notes)


def test_check_notes_edited_names_and_scores():
    v = play(event(6), 2)
    game_rows(v, 2)[0][S.C_RED_NAME - 1] = "张三"
    game_rows(v, 2)[0][S.C_RED_SCORE - 1] = 99
    res = jobs.check(v)
    assert res.problems == ()
    assert any(n.startswith("第2轮!C4: 姓名 '张三'") for n in res.notes)
    assert any(n.startswith("第2轮!D4: 第2轮前积分 99 应为") for n in res.notes)


# ---------------------------------------------------------------------------
# Players and TRF
# ---------------------------------------------------------------------------


def test_import_players_assigns_numbers_and_reports_lines():
    v = event(2)
    table = [["姓名", "单位", "等级分"], ["甲", "北京", 1800], ["乙", None, None]]
    v2 = jobs.apply_values(v, jobs.import_players(v, table))
    t = S.read_event(v2).tournament
    assert [(p.number, p.name, p.club, p.rating) for p in t.players][-2:] == [(3, "甲", "北京", 1800),
                                                                             (4, "乙", "", 0)]
    with pytest.raises(InputError) as e:
        jobs.import_players(v, [["name", "rating"], ["A", "x"], ["B", 1500], [None, 10]])
    assert e.value.messages == ["CSV 第2行: 等级分 'x' 不是 ≥ 0 的整数",
                                "CSV 第4行: 选手 5 没有姓名"]


def test_import_players_keeps_the_organisers_columns():
    """An extra column (电话) on the Players sheet survives an import, row by player number."""
    v = event(2)
    rows = v[players_sheet(v)]
    rows[2] += [None, "电话"]
    rows[3] += [None, "139-1"]
    rows[4] += [None, "139-2"]
    v2 = jobs.apply_values(v, jobs.import_players(v, [["姓名"], ["丙"]]))
    out = v2[players_sheet(v2)]
    w = len(S.PLAYER_COLUMNS)  # our columns (犯规 and 组别 among them, issue 25), then the organiser's
    assert out[2][w] == "电话"
    assert [(r[0], r[w]) for r in out[3:6]] == [(1, "139-1"), (2, "139-2"), (3, None)]
    assert [p.name for p in S.read_event(v2).tournament.players] == ["选手1", "选手2", "丙"]


def test_late_import_is_a_late_entry():
    v = play(event(6), 1)
    v = jobs.apply_values(v, jobs.import_players(v, [["name"], ["新人"]]))
    assert S.read_event(v).tournament.player(7).joins_from == 2


def test_trf_round_trip():
    """Games, results and byes survive export and import (a TRF has no board
    numbers, so the boards are compared as a set)."""
    v = play(event(9), 3)
    trf = jobs.export_trf(v).output
    back = jobs.apply_values({}, jobs.import_trf(None, trf, "zh"))
    a, b = S.read_event(v).tournament, S.read_event(back).tournament
    for ra, rb in zip(a.rounds, b.rounds, strict=True):
        assert set(ra.games) == set(rb.games) and set(ra.byes) == set(rb.byes)
    assert ([(p.number, p.name, p.rating) for p in a.players]
            == [(p.number, p.name, p.rating) for p in b.players])


def test_import_trf_reports_problems_with_file():
    with pytest.raises(InputError) as e:
        jobs.import_trf(None, "012 x\n001    1      A                                 1500\n162 Q 1", "zh",
                        where="in.trf")
    assert all(p.startswith("in.trf") for p in e.value.messages)


# ---------------------------------------------------------------------------
# Number of rounds (seed 003 §(四))
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("n, rounds", [(10, 9), (16, 9), (24, 11), (64, 13), (100, 15), (8, 7), (4, 3)])
def test_suggest_rounds(n, rounds):
    """2·⌈log₂N⌉, at least 7, odd — but never more than a round robin needs
    (4 players: 3 rounds; 8 players: 2·3 = 6 → 7 = 8 − 1)."""
    assert suggest_rounds(n) == rounds


def test_rounds_to_decide_places():
    """Seed 003 §(四): 58 players, top 6 places: R = 6 + 2·5 = 16."""
    assert rounds_to_decide(58, 6) == 16
    assert advise_round_robin(9) and not advise_round_robin(10)


# ---------------------------------------------------------------------------
# Sheet values unchanged by re-writing
# ---------------------------------------------------------------------------


def test_typed_variants_survive_a_rewrite():
    """A result typed as 2:0 stays 2:0 when the round sheet is rewritten (the
    workbook changes only where the job changes it)."""
    v = pair(event(4))
    v = enter_results(v, 1, ["2:0", "1:1"])
    res = jobs.update(v)
    assert "第1轮" not in res.changed
    assert [r[4] for r in res.sheet("第1轮").rows[3:5]] == ["2:0", "1:1"]


def test_same_values_ignores_trailing_blanks():
    assert S.same_values([[1, None], [None]], [[1.0]])
    assert not S.same_values([[1]], [[2]])


def test_jobs_never_change_their_input():
    v = play(event(6), 1)
    snapshot = copy.deepcopy(v)
    jobs.pair(v)
    jobs.update(v)
    jobs.check(v)
    assert v == snapshot


def test_engine_options_in_settings_rows():
    """A Settings row labelled with a rule's key gives the engine that rule
    (typed); a bad value is named by its cell, as soon as the sheet is read."""
    v = event(8)
    v[settings_sheet(v)].append(["round1.seed", "abc"])
    set_setting(v, "set.first_round", "random")
    with pytest.raises(InputError) as e:
        jobs.pair(v)
    row = len(v[settings_sheet(v)])
    assert e.value.messages[0].startswith(f"设置!B{row}: 设置 round1.seed")
    v[settings_sheet(v)][-1][1] = 7
    assert S.read_event(v).tournament.rules.round1_seed == 7
    assert len(game_rows(pair(v), 1)) == 4


def test_language_switch_keeps_existing_sheets():
    """Switching Settings to English: new sheets get English names and headers;
    the sheets already there keep theirs (the reader reads both)."""
    v = play(event(6), 1)
    set_setting(v, "set.language", "en")
    v = pair(v)
    assert "第1轮" in v and "Round 2" in v and "名次" in v
    assert v["Round 2"][2][0] == "Board"
    assert S.read_event(v).tournament.next_round == 3


def test_players_columns_in_any_order():
    """The organiser may move the Players columns and add his own: headers decide."""
    v = event(4)
    rows = v[players_sheet(v)]
    rows[2:] = [["电话", "姓名", "序号", "等级分"]] + [[f"139{i}", f"选手{i}", i, 2000 - 10 * i]
                                                 for i in (1, 2, 3, 4)]
    t = S.read_event(v).tournament
    assert [(p.number, p.name, p.rating) for p in t.players] == [(1, "选手1", 1990), (2, "选手2", 1980),
                                                                (3, "选手3", 1970), (4, "选手4", 1960)]


def test_trf_points_beyond_the_four_rows_survive_the_workbook():
    """A TRF ``162`` record's half- and zero-point bye values (H, Z) differ from
    what the four points rows give: import-trf writes them as points.* rows,
    the reader counts them, export-trf writes the same 162 record back; a bad
    value names its cell."""
    from bianpai.engine.model import Player, Points, Tournament
    from bianpai.engine.formats.trf import format_trf

    t = Tournament("x", tuple(Player(i, f"P{i}") for i in (1, 2, 3, 4)),
                   points=Points(3, 1, 0, 3, 3, 0, 3, 1.5, 0.5))
    v = jobs.apply_values({}, jobs.import_trf(None, format_trf(t), "zh"))
    rows = [r for r in v["设置"] if r and str(r[0]).startswith("points.")]
    assert [r[:2] for r in rows] == [["points.half_bye", "1.5"], ["points.zero_bye", "0.5"]]
    assert S.read_event(v).tournament.points == t.points
    def points_line(trf: str) -> str:
        return next(x for x in trf.splitlines() if x.startswith("162"))

    assert points_line(jobs.export_trf(v).output) == points_line(format_trf(t))
    row = next(i for i, r in enumerate(v["设置"], start=1) if r and r[0] == "points.zero_bye")
    v["设置"][row - 1][1] = "half"
    with pytest.raises(InputError) as e:
        jobs.update(v)
    assert e.value.messages == [f"设置!B{row}: points.zero_bye 'half' 不是 0 到 100 之间的数"]


@pytest.mark.parametrize("row, value, message", [
    (4, 1_000_000_000, "设置!B4: 总轮次 1000000000 不是 1 到 200 之间的整数"),
    (7, 1e308, "设置!B7: 胜局得分 1e+308 不是 0 到 100 之间的数"),
    (8, float("inf"), "设置!B8: 和局得分 inf 不是 0 到 100 之间的数"),
    (10, -2, "设置!B10: 轮空得分 -2 不是 0 到 100 之间的数"),
])
def test_numeric_settings_are_bounded(row: int, value: object, message: str) -> None:
    """Issue 15 item 4: a numeric setting out of all reason (a billion rounds, an
    infinite win) is refused with its cell before anything is computed from it."""
    v = pair(event(6))
    sheet = v[settings_sheet(v)]
    sheet[row - 1][1] = value
    with pytest.raises(InputError) as e:
        jobs.update(v)
    assert message in e.value.messages
