"""Team events: worked examples of the model, line-ups, board results, 场分/局分
and team colours (issue 18), each worked by hand."""

from __future__ import annotations

from dataclasses import replace

from bianpai.engine.model import ByeKind, Colour, GameResult, Outcome
from bianpai.engine.teams.model import (
    BoardResult, ColourRule, LineupRules, MatchPoints, TeamBye, TeamRound, TeamSettings,
    default_lineup, event_lineup_problems, lineup_problems, new_match, no_show, validate_event,
    with_empty_boards_forfeited, with_lineup, with_results,
)
from bianpai.engine.teams.points import (
    board_as_red_black, board_from_red_black, bye_board_points, first_team_colour,
    match_board_points, match_outcome, match_played, match_result, red_team, team_colour,
    team_history,
)

from test_team_helpers import make_event, make_team

W, D, L = BoardResult.FIRST_WIN, BoardResult.DRAW, BoardResult.SECOND_WIN


def test_team_colours_default_rule_odd_boards_red() -> None:
    # 先手队 red on boards 1, 3, 5; black on 2, 4, 6
    rule = ColourRule.ODD_BOARDS_RED
    assert [first_team_colour(b, rule) for b in range(1, 7)] == [
        Colour.RED, Colour.BLACK, Colour.RED, Colour.BLACK, Colour.RED, Colour.BLACK]
    ev = make_event()
    m = new_match(ev, 3, 1)
    assert team_colour(m, 3, rule) is Colour.RED and team_colour(m, 1, rule) is Colour.BLACK
    assert red_team(m, rule) == 3
    # board 2: team 1's player (12) is red; a first-team win reads black wins
    b2 = board_as_red_black(replace(m.boards[1], result=W), rule)
    assert (b2.red, b2.black, b2.result) == (12, 32, GameResult.BLACK_WIN)
    b1 = board_as_red_black(replace(m.boards[0], result=W), rule)
    assert (b1.red, b1.black, b1.result) == (31, 11, GameResult.RED_WIN)
    assert board_from_red_black(2, 32, 12, GameResult.BLACK_WIN, rule).result is W


def test_team_colours_other_rule_even_boards_red() -> None:
    rule = ColourRule.EVEN_BOARDS_RED
    assert [first_team_colour(b, rule) for b in range(1, 5)] == [
        Colour.BLACK, Colour.RED, Colour.BLACK, Colour.RED]
    ev = make_event(settings=TeamSettings(colours=rule))
    m = new_match(ev, 3, 1)
    assert red_team(m, rule) == 1  # board 1: the second team is red
    # a played match: the team's colour history is its board-1 colour
    ev = ev.with_round(TeamRound(1, (with_results(m, (W, D, L, D)),), (TeamBye(2), TeamBye(4))))
    h = team_history(ev)
    assert h[3].colours == (Colour.BLACK,) and h[1].colours == (Colour.RED,)


def test_match_points_from_board_results() -> None:
    ev = make_event()
    s = ev.settings
    m = new_match(ev, 1, 2)
    # 4 boards, 2/1/0: W D L W -> team 1: 2+1+0+2 = 5, team 2: 0+1+2+0 = 3 -> team 1 wins
    won = with_results(m, (W, D, L, W))
    assert match_board_points(won, 1, s) == 5.0 and match_board_points(won, 2, s) == 3.0
    assert match_outcome(won, 1, s) is Outcome.WIN and match_outcome(won, 2, s) is Outcome.LOSS
    assert match_result(won, s) is BoardResult.FIRST_WIN
    # W L D D -> 4 : 4, a drawn match
    drawn = with_results(m, (W, L, D, D))
    assert match_outcome(drawn, 1, s) is Outcome.DRAW and match_result(drawn, s) is BoardResult.DRAW
    # unfinished board: no result yet
    assert match_outcome(with_results(m, (W, L, D, None)), 1, s) is Outcome.UNFINISHED
    ev1 = ev.with_round(TeamRound(1, (won, with_results(new_match(ev, 3, 4), (L, L, D, D)))))
    h = team_history(ev1)
    assert (h[1].match_points, h[1].board_points) == (2.0, 5.0)
    assert (h[2].match_points, h[2].board_points) == (0.0, 3.0)
    assert (h[4].match_points, h[4].board_points) == (2.0, 6.0)
    assert (h[3].match_points, h[3].board_points) == (0.0, 2.0)
    assert h[1].match_wins == 1 and h[4].match_wins == 1


def test_match_points_settings() -> None:
    s = TeamSettings(match_points=MatchPoints(win=3, draw=1, loss=0))
    ev = make_event(settings=s)
    m = with_results(new_match(ev, 1, 2), (W, L, D, D))
    ev = ev.with_round(TeamRound(1, (m, with_results(new_match(ev, 3, 4), (W, W, W, L)))))
    h = team_history(ev)
    assert h[1].match_points == 1 and h[3].match_points == 3 and h[4].match_points == 0


def test_lineup_pre_filled_and_a_reserve_playing() -> None:
    t = make_team(1)  # 11 12 13 14, reserve 15
    assert default_lineup(t, 4) == (11, 12, 13, 14)
    # the captain puts the reserve in for board 3's player: 11 12 14 15 keeps the order
    assert lineup_problems(t, (11, 12, 14, 15), 4) == []
    # the reserve above a regular breaks the board order
    probs = lineup_problems(t, (11, 15, 12, 13), 4)
    assert [(p.key, p.board, p.player) for p in probs] == [
        ("problem.lineup_order", 3, 12), ("problem.lineup_order", 4, 13)]
    # 12 is 台次 2, below the reserve 15 (台次 5); board_order counts from 1 (the workbook's message
    # said 台次 3 and 6 until the rule moved into the engine)
    assert (probs[0].arg("order"), probs[0].arg("before")) == (2, 5)
    assert lineup_problems(t, (11, 15, 12, 13), 4, LineupRules(keep_order=False)) == []
    # unknown player (whose team he is on), duplicate, empty board above a player, too few boards
    (unknown,) = lineup_problems(t, (11, 12, 13, 21), 4, owners={21: 2})
    assert (unknown.key, unknown.board, unknown.player, unknown.arg("owner")) == (
        "problem.lineup_not_roster", 4, 21, 2)
    assert [(p.key, p.board, p.arg("other")) for p in lineup_problems(t, (11, 11, 13, 14), 4)] == [
        ("problem.lineup_twice", 2, 1)]
    assert [(p.key, p.board) for p in lineup_problems(t, (11, None, 13, 14), 4)] == [
        ("problem.lineup_below_empty", 3), ("problem.lineup_below_empty", 4)]
    assert [p.key for p in lineup_problems(t, (11, 12, 13), 4)] == ["problem.lineup_boards"]
    # the reserve's board result counts for the team as any other
    ev = make_event()
    m = with_lineup(new_match(ev, 1, 2), 1, (11, 12, 14, 15))
    assert [b.first for b in m.boards] == [11, 12, 14, 15]
    m = with_results(m, (L, L, D, W))
    ev = ev.with_round(TeamRound(1, (m, with_results(new_match(ev, 3, 4), (D, D, D, D)))))
    assert validate_event(ev) == []
    assert team_history(ev)[1].board_points == 3.0


def test_a_forfeited_board() -> None:
    ev = make_event()
    s = ev.settings
    # team 2 has only three players: board 4 empty, forfeited to team 1
    m = new_match(ev, 1, 2, second_lineup=(21, 22, 23, None))
    m = with_empty_boards_forfeited(m)
    assert m.boards[3].result is BoardResult.FIRST_FORFEIT_WIN
    m = with_results(m, (L, D, D, BoardResult.FIRST_FORFEIT_WIN))
    # 0+1+1+2 = 4 : 2+1+1+0 = 4 -> a drawn match, played over the board
    assert match_played(m)
    assert match_outcome(m, 1, s) is Outcome.DRAW
    ev = ev.with_round(TeamRound(1, (m, with_results(new_match(ev, 3, 4), (W, W, L, L)))))
    h = team_history(ev)
    assert h[1].colours == (Colour.RED,) and h[2].colours == (Colour.BLACK,)


def test_a_team_that_does_not_turn_up() -> None:
    ev = make_event()
    s = ev.settings
    m = no_show(new_match(ev, 1, 2), 2)
    assert all(b.second is None and b.result is BoardResult.FIRST_FORFEIT_WIN for b in m.boards)
    assert not match_played(m)
    assert match_outcome(m, 1, s) is Outcome.FORFEIT_WIN
    assert match_outcome(m, 2, s) is Outcome.FORFEIT_LOSS
    assert match_result(m, s) is BoardResult.FIRST_FORFEIT_WIN
    ev = ev.with_round(TeamRound(1, (m, with_results(new_match(ev, 3, 4), (W, W, L, L)))))
    assert validate_event(ev) == []
    h = team_history(ev)
    assert (h[1].match_points, h[1].board_points) == (2.0, 8.0)  # 4 boards x forfeit win 2
    assert (h[2].match_points, h[2].board_points) == (0.0, 0.0)
    assert h[1].colours == () and h[2].colours == ()  # not played: no colour
    both = no_show(new_match(ev, 1, 2), 1, 2)
    assert match_result(both, s) is BoardResult.DOUBLE_FORFEIT


def test_a_team_bye() -> None:
    # 5 teams, 4 boards: the bye is a match win (2 场分) worth half the board points (4 局分)
    ev = make_event(5)
    r1 = TeamRound(1, (with_results(new_match(ev, 1, 2), (W, W, D, D)),
                       with_results(new_match(ev, 3, 4), (D, D, D, D))), (TeamBye(5),))
    ev1 = ev.with_round(r1)
    h = team_history(ev1)
    assert h[5].entries[0].outcome is Outcome.PAIRING_BYE
    assert (h[5].match_points, h[5].board_points) == (2.0, 4.0)
    assert h[5].match_wins == 0 and h[5].colours == ()
    # the setting
    ev2 = replace(ev, settings=TeamSettings(bye_board_points=6.0)).with_round(r1)
    assert team_history(ev2)[5].board_points == 6.0
    assert bye_board_points(ev2, ByeKind.HALF) == 3.0 and bye_board_points(ev2, ByeKind.ABSENT) == 0.0


def test_a_team_withdrawing() -> None:
    ev = make_event(4)
    ev = ev.with_round(TeamRound(1, (with_results(new_match(ev, 1, 2), (W, W, D, D)),
                                     with_results(new_match(ev, 3, 4), (D, D, D, D)))))
    ev = ev.withdraw(4, 2)
    assert not ev.team(4).active_in(2) and ev.team(4).active_in(1)
    ev = ev.with_round(TeamRound(2, (with_results(new_match(ev, 1, 3), (L, D, D, D)),),
                                 (TeamBye(2),)))
    h = team_history(ev)
    # round 1 stands; round 2: team 4 absent, no points
    assert h[4].entries[0].outcome is Outcome.DRAW and h[4].entries[1].outcome is Outcome.ABSENT
    assert h[4].match_points == 1.0 and h[4].board_points == 4.0


def test_validation_names_every_problem() -> None:
    ev = make_event(4)
    bad = new_match(ev, 1, 2, first_lineup=(11, 12, 13, 21))
    ev = ev.with_round(TeamRound(1, (bad, new_match(ev, 3, 3))))
    probs = validate_event(ev)
    assert ("problem.team_board_roster", 1, 4, 21, 1) in [
        (p.key, p.round, p.board, p.player, p.arg("team")) for p in probs]
    assert ("problem.team_self", 1, 3) in [(p.key, p.round, p.arg("first")) for p in probs]
    assert ("problem.team_twice_in_round", 3, 2) in [(p.key, p.arg("team"), p.arg("times")) for p in probs]
    # every one worded in both languages, naming the round and the match
    from bianpai.addin.workbook.messages import wording
    words = [wording(p, lang) for p in probs for lang in ("zh", "en")]
    assert "第 1 轮 1 对 2 第 4 台：21 号不是第 1 队的队员" in words
    assert "round 1, match 3 v 3: a team is paired with itself" in words


def test_line_ups_of_the_whole_event_checked() -> None:
    ev = make_event(4)
    bad = with_lineup(new_match(ev, 1, 2), 1, (11, 15, 12, 13))  # the reserve above regulars
    ev = ev.with_round(TeamRound(1, (bad, new_match(ev, 3, 4))))
    probs = event_lineup_problems(ev)
    assert [(p.key, p.round, p.arg("first"), p.arg("second"), p.arg("team"), p.board, p.player)
            for p in probs] == [("problem.lineup_order", 1, 1, 2, 1, 3, 12),
                                ("problem.lineup_order", 1, 1, 2, 1, 4, 13)]
    relaxed = replace(ev, settings=TeamSettings(lineup=LineupRules(keep_order=False)))
    assert event_lineup_problems(relaxed) == []
