"""Issue #7 in the workbook: the round robin (循环制) chosen in Settings and run
through the same jobs as the Swiss systems (CLI and add-in alike).

* Settings: ``roundrobin`` in the system drop-down, a 循环数 row (1 single,
  2 double); the total rounds come from the Berger schedule
  (:data:`~bianpai.addin.workbook.sheets.ROUND_ROBIN_TOTAL_FROM_SCHEDULE`).
* Round sheets: the Berger table's pairs; an absent player's scheduled game is
  on its board with the forfeit already entered (FIDE C.05).
* Standings: the round-robin preset (SB, DE, WIN, KOYA); a player who withdrew
  before completing half of his games is not ranked (C.05).
* Seed 003 §(四): fewer than 10 active players in a Swiss event — the Settings
  sheet, ``new`` and round 1's ``pair`` say a round robin is suggested.
"""

from __future__ import annotations

import pytest

from bianpai.addin.jobs import api as jobs
from bianpai.addin.workbook import words as L
from bianpai.addin.workbook import sheets as S
from bianpai.engine.results import InputError
from bianpai.engine.systems.roundrobin import schedule

from workbook_helpers import (
    enter_results, event, game_rows, pair, players_sheet, round_sheet, set_setting, settings_sheet,
)

RR = {"set.system": "roundrobin", "set.tiebreaks": "round-robin"}


def setting_row(values, key: str) -> list[object]:
    return next(r for r in values[settings_sheet(values)] if r and L.lookup(r[0], (key,)))


def pairs_of(values, k: int) -> list[tuple[int, int]]:
    return [(int(r[S.C_RED - 1]), int(r[S.C_BLACK - 1])) for r in game_rows(values, k)]


def sheet_rows(values, key: str) -> list[list[object]]:
    return next(rows for name, rows in values.items() if L.sheet_key(name) == key)


def test_six_players_played_to_the_end_follow_the_berger_table():
    """6 players, single round robin: 5 rounds (the organiser's 7 is
    overridden), round k's boards are the Berger table's round k (first-named
    red: round 1 is 1–6, 2–5, 3–4), every pair meets exactly once, and a sixth
    round cannot be paired."""
    v = event(6, rounds=7, **RR)
    assert setting_row(v, "set.rounds")[1] == 5
    assert "Berger" in setting_row(v, "set.rounds")[2]
    plan = schedule(6)
    met: list[frozenset[int]] = []
    for k in range(1, 6):
        v = enter_results(pair(v), k, seed=k)
        assert pairs_of(v, k) == list(plan[k - 1].pairs)
        met += [frozenset(p) for p in pairs_of(v, k)]
    assert pairs_of(v, 1) == [(1, 6), (2, 5), (3, 4)]
    assert len(met) == len(set(met)) == 15  # C(6, 2): each pair once
    with pytest.raises(InputError) as e:
        jobs.pair(v)
    assert e.value.messages == ["设置!B5: 循环赛全部 5 轮已编排（6 名选手的 Berger 表，1 个循环）"]
    res = jobs.check(v)
    assert res.problems == () and res.notes == ()
    v = jobs.apply_values(v, jobs.update(v))
    standings = sheet_rows(v, "sheet.standings")
    assert standings[2][5:9] == ["索贝分", "直胜", "胜局数", "科亚分"]  # SB, DE, WIN, KOYA in words
    assert len(sheet_rows(v, "sheet.crosstable")) == 3 + 6


def test_pair_rewrites_a_settings_total_that_disagrees_with_the_schedule():
    """The organiser typed 7 rounds after the players were in: ``pair`` reads
    5 and writes the Settings sheet back with the schedule's number."""
    v = event(6, **RR)
    set_setting(v, "set.rounds", 7)
    res = jobs.pair(v)
    assert settings_sheet(v) in res.changed
    v = enter_results(jobs.apply_values(v, res), 1)
    assert setting_row(v, "set.rounds")[1] == 5
    assert settings_sheet(v) not in jobs.pair(v).changed  # now it agrees: left as it is


def test_double_round_robin_from_the_cycles_row():
    """循环数 2: 4 players play 2 × 3 = 6 rounds; the second cycle repeats the
    pairs with the colours reversed, and ``check`` accepts the second meeting."""
    v = event(4, **RR, **{"set.rr_cycles": 2})
    assert setting_row(v, "set.rounds")[1] == 6
    for k in range(1, 7):
        v = enter_results(pair(v), k, seed=k)
    plan = schedule(4, 2)
    assert [pairs_of(v, k) for k in range(1, 7)] == [list(r.pairs) for r in plan]
    met = [frozenset(p) for k in range(1, 7) for p in pairs_of(v, k)]
    assert all(met.count(p) == 2 for p in met)
    assert jobs.check(v).problems == ()
    assert S.read_event(v).tournament.rules.rr_cycles == 2


def test_cycles_setting_must_be_one_or_two():
    v = event(4, **RR)
    set_setting(v, "set.rr_cycles", 3)
    row = S.SETTINGS_FIRST_ROW + [f for _, f, _ in S.SETTING_ROWS].index("rr_cycles")
    with pytest.raises(InputError) as e:
        jobs.pair(v)
    assert e.value.messages == [f"设置!B{row}: 循环数 3 不是 1 或 2（单循环 / 双循环）"]
    set_setting(v, "set.rr_cycles", "双循环")
    assert S.read_event(v).tournament.rules.rr_cycles == 2


def test_withdrawn_player_forfeits_are_prefilled_and_left_out_of_the_standings():
    """Player 6 plays round 1 (1–6: 1 wins) and withdraws.  In rounds 2–5 his
    scheduled game stays on its board with 红胜(弃权)/黑胜(弃权) for his
    opponent already entered (C.05).  He completed 1 of 5 games (< 50%), so
    C.05 leaves him out of the standings, with every point scored against
    him: player 1's 2 points from round 1 and each opponent's forfeit win do
    not count; the Crosstable keeps all six."""
    v = event(6, **RR)
    v = enter_results(pair(v), 1, ["红胜", "和", "和"])
    for row in sheet_rows(v, "sheet.players")[3:]:
        if row[0] == 6:
            row[5] = "退赛"
    for k in range(2, 6):
        v = pair(v)
        rows = game_rows(v, k)
        with6 = [r for r in rows if 6 in (r[S.C_RED - 1], r[S.C_BLACK - 1])]
        assert len(with6) == 1
        assert with6[0][S.C_RESULT - 1] == ("黑胜(弃权)" if with6[0][S.C_RED - 1] == 6 else "红胜(弃权)")
        others = [r for r in rows if r is not with6[0]]
        for r in others:
            r[S.C_RESULT - 1] = "和"
    ev = S.read_event(v)
    assert S.excluded_players(ev) == (6,)
    res = jobs.check(v)
    assert res.problems == ()
    v = jobs.apply_values(v, jobs.update(v))
    cross = {r[0]: r[-2] for r in sheet_rows(v, "sheet.crosstable")[3:]}  # 总分 (名次 last)
    ranked = {r[1]: r[4] for r in sheet_rows(v, "sheet.standings")[3:] if isinstance(r[1], int)}
    assert sorted(cross) == [1, 2, 3, 4, 5, 6]
    assert sorted(ranked) == [1, 2, 3, 4, 5]
    # every game among players 1–5 was a draw (round 1: 2–5, 3–4 drawn too)
    assert ranked == {1: 4, 2: 4, 3: 4, 4: 4, 5: 4}
    assert cross[1] == 4 + 2 and cross[6] == 0
    assert all(cross[n] == 4 + 2 for n in (2, 3, 4, 5))  # the forfeit win against 6 is in the crosstable
    below = "".join(r[0] for r in sheet_rows(v, "sheet.standings")[3 + 5:] if r and isinstance(r[0], str))
    assert "不计入名次" in below and "6 选手6" in below  # the note under the table names him


def test_fewer_than_ten_players_note_in_a_swiss_event():
    """Seed 003 §(四): 8 players with a Swiss system — the Settings sheet's
    system row and round 1's message say a round robin is suggested; with 10
    players, or with the round robin chosen, nothing is said."""
    v = event(8)
    note = setting_row(v, "set.system")[2]
    assert "建议采用循环制" in note and "8" in note and "roundrobin" in note
    res = jobs.pair(v)
    assert L.text("note.rr", "zh", n=8) in res.message
    v = enter_results(jobs.apply_values(v, res), 1)
    assert L.text("note.rr", "zh", n=8) not in jobs.pair(v).message  # round 1 only
    for w in (event(10), event(8, **RR)):
        assert "建议采用循环制" not in (setting_row(w, "set.system")[2] or "")
        assert "建议采用循环制" not in jobs.pair(w).message
    # withdrawn players do not count: 10 entered, 2 withdrawn → 8 active
    w = event(10)
    for row in sheet_rows(w, "sheet.players")[3:5]:
        row[5] = "退赛"
    w = jobs.apply_values(w, jobs.import_players(w, [["序号", "姓名"], [1, "选手1"]]))
    assert "建议采用循环制" in setting_row(w, "set.system")[2]


def test_new_event_says_seed_003_suggests_a_round_robin():
    assert "建议采用循环制" in jobs.new("zh").message  # the rule in words (issue 13 item 7)
    assert "round robin" in jobs.new("en").message and "organiser decides" in jobs.new("en").message


def test_round_robin_through_the_add_in_next_step():
    """The add-in's 下一步 (jobs.next_step) runs the same jobs: it pairs the
    round robin round after round and then only updates the standings."""
    v = event(5, **RR)
    for k in range(1, 6):  # 5 players: 5 rounds, one bye each
        res = jobs.next_step(v)
        assert round_sheet(jobs.apply_values(v, res), k) in res.changed
        v = enter_results(jobs.apply_values(v, res), k, seed=k)
    assert [r for r in jobs.next_step(v).changed if L.round_of_sheet(r)] == []
    assert players_sheet(v)


def test_players_typed_straight_into_the_sheet_bring_the_note_on_the_next_job():
    """Players typed into the Players sheet (no import): the next job that
    reads the workbook (standings, pair) rewrites Settings so the seed 003
    §(四) advice shows; when it is already there, Settings is left alone."""
    v = jobs.apply_values({}, jobs.new("zh"))
    players = v[players_sheet(v)]
    players += [[i, f"选手{i}"] for i in range(1, 8)]
    res = jobs.update(v)
    assert settings_sheet(v) in res.changed
    v = jobs.apply_values(v, res)
    assert L.text("note.rr", "zh", n=7) in setting_row(v, "set.system")[2]
    assert settings_sheet(v) not in jobs.update(v).changed
