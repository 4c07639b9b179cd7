"""Issue 25 in the workbook: fouls on 选手, colour-dependent points on 设置, the TRF's note."""

from __future__ import annotations

import pytest

from bianpai.addin.jobs import api as jobs
from bianpai.addin.workbook import sheets as S
from bianpai.addin.workbook.messages import WorkbookInputError

from workbook_helpers import event, players_sheet


def _column(values, key: str) -> int:
    header = values[players_sheet(values)][S.PLAYERS_HEADER_ROW - 1]
    return next(i for i, h in enumerate(header) if S.L.lookup(h, (key,)))


def test_fouls_typed_on_the_players_sheet_reach_the_ranking():
    v = event(4)
    c = _column(v, "col.fouls")
    rows = v[players_sheet(v)]
    rows[S.PLAYERS_HEADER_ROW][c] = 2  # player 1
    rows[S.PLAYERS_HEADER_ROW + 1][_column(v, "col.group")] = "少年组"  # player 2
    t = S.read_event(v).tournament
    assert [(p.number, p.fouls, p.group) for p in t.players][:2] == [(1, 2, ""), (2, 0, "少年组")]
    out = jobs.update(v).sheet("名次")
    i = out.rows[2].index("犯规")
    assert next(r[i] for r in out.rows[3:7] if r[1] == 1) == 2


def test_a_bad_foul_count_is_refused_at_its_cell():
    v = event(4)
    c = _column(v, "col.fouls")
    v[players_sheet(v)][S.PLAYERS_HEADER_ROW + 2][c] = "两次"
    with pytest.raises(WorkbookInputError) as e:
        S.read_event(v)
    assert "选手!H6" in str(e.value)


def test_a_points_scheme_sets_the_six_points_and_the_trf_says_what_it_cannot_carry():
    v = event(4, **{"set.points_scheme": "match-bp"})
    p = S.read_event(v).tournament.points
    assert (p.win, p.draw, p.loss, p.black_win, p.black_draw, p.black_loss) == (3, 1, 0, None, 2, None)
    after = jobs.apply_values(v, jobs.update(v))
    rows = {r[0]: r[1] for r in after["设置"] if r}
    assert (rows["胜局得分"], rows["和局得分"], rows["黑和得分"]) == (3, 1, 2)
    assert S.read_event(after).tournament.points == p  # read back the same
    out = jobs.export_trf(after)
    assert "TRF 不能表示按先后手不同的得分" in out.message


def test_black_rows_alone_give_colour_dependent_points_and_an_unknown_scheme_is_refused():
    v = event(4, **{"set.black_draw": 1.5})
    assert S.read_event(v).tournament.points.black_draw == 1.5
    bad = event(4)
    from workbook_helpers import set_setting
    set_setting(bad, "set.points_scheme", "3-2-1")
    with pytest.raises(WorkbookInputError) as e:
        S.read_event(bad)
    assert "3-2-1" in str(e.value) and "match-bp" in str(e.value)


def _forfeit(values, k: int, who: int):
    """Round k's results: ``who`` does not come, every other game drawn."""
    from workbook_helpers import enter_results, game_rows

    res = []
    for row in game_rows(values, k):
        if who in (row[S.C_RED - 1], row[S.C_BLACK - 1]):
            res.append("黑胜(弃权)" if row[S.C_RED - 1] == who else "红胜(弃权)")
        else:
            res.append("和")
    return enter_results(values, k, res)


def _status(values, n: int):
    rows = values[players_sheet(values)]
    c = _column(values, "col.status")
    return next(r[c] for r in rows[S.PLAYERS_HEADER_ROW:] if r and r[0] == n)


def test_two_forfeits_in_a_row_withdraw_a_player_and_undo_restores_him():
    """cxa-2020 (a new Chinese workbook): player 6 forfeits rounds 1 and 2 — round 3
    is paired without him, 选手 shows 退赛 3 with why, 变更记录 logs it; undo of
    round 3 gives him his status back."""
    from workbook_helpers import pair

    v = event(8)
    for k in (1, 2):
        v = _forfeit(pair(v), k, 6)
    res = jobs.pair(v)
    assert "连续弃权退赛: 6 选手6" in res.message
    after = jobs.apply_values(v, res)
    assert _status(after, 6) == "退赛 3"
    players = res.sheet(players_sheet(after))
    assert any("连续2轮弃权（第1、2轮），第3轮起不再编排" in text for _, text in players.comments)
    r3 = S.read_event(after).tournament.rounds[2]
    assert 6 not in {n for g in r3.games for n in (g.red, g.black)} | {b.player for b in r3.byes}
    log = S.read_event(after).changes
    assert [(c.round, c.board, c.changed_to, c.recorded_with) for c in log] == [(2, 0, "6 选手6", 3)]
    back = jobs.apply_values(after, jobs.undo(after))
    assert _status(back, 6) in (None, "")
    assert S.read_event(back).tournament.player(6).withdrawn_from is None
    assert S.read_event(back).changes == ()


def test_the_rule_is_off_by_default_outside_cxa_2020_and_a_setting_switches_it():
    from workbook_helpers import pair

    v = event(8, **{"set.tiebreaks": "unrated"})
    for k in (1, 2):
        v = _forfeit(pair(v), k, 6)
    assert S.read_event(jobs.apply_values(v, jobs.pair(v))).tournament.player(6).withdrawn_from is None
    w = event(8, **{"set.auto_withdraw": 1, "set.tiebreaks": "unrated"})
    w = _forfeit(pair(w), 1, 6)
    assert S.read_event(jobs.apply_values(w, jobs.pair(w))).tournament.player(6).withdrawn_from == 2


def test_club_totals_and_prize_group_sheets():
    from workbook_helpers import play

    v = event(8, clubs=True, **{"set.club_totals": "积分 2", "set.prize_places": "少年组 2"})
    rows = v[players_sheet(v)]
    g = _column(v, "col.group")
    for r in rows[S.PLAYERS_HEADER_ROW:S.PLAYERS_HEADER_ROW + 8]:
        if r[0] in (2, 5, 7):
            r[g] = "少年组"
    v = play(v, 2)
    res = jobs.update(v)
    clubs = res.sheet("单位团体")
    assert clubs.rows[2][:5] == ("名次", "单位", "总分", "计入选手（名次）", "最好名次")
    body = [r for r in clubs.rows[3:] if isinstance(r[0], int)]
    assert sorted(r[1] for r in body) == ["队0", "队1", "队2"]
    groups = res.sheet("分组名次")
    assert groups.rows[3][0] == "少年组（录取2名）"
    member = [r for r in groups.rows[5:8]]
    assert sorted(r[2] for r in member) == [2, 5, 7]
    assert [r[6] for r in member] == ["录取", "录取", None]


def test_a_playoff_typed_on_settings_decides_before_the_lots():
    """Before round 1 everyone is level (cxa-2020: no shared places): the playoff
    order 5, 2 puts 5 first and 2 second, 加赛 beside them; the rest by lots."""
    v = event(6, **{"set.playoff": "5, 2"})
    s = jobs.update(v).sheet("名次")
    body = s.rows[3:9]
    assert [(r[0], r[1], r[11]) for r in body[:2]] == [(1, 5, "加赛"), (2, 2, "加赛")]
    assert {r[11] for r in body[2:]} == {"抽签"}
    with pytest.raises(WorkbookInputError):
        S.read_event(event(6, **{"set.playoff": "5, 5"}))
