"""Team standings, board standings and the team crosstable: worked by hand.

Four teams, two boards, xiangqi 2/1/0 on the boards, 场分 2/1/0:

    round 1: 1 v 2  W D  (3:1, 1 wins)     3 v 4  D D  (2:2, drawn)
    round 2: 1 v 3  L D  (1:3, 3 wins)     2 v 4  W W  (4:0, 2 wins)
    round 3: 1 v 4  W W  (4:0, 1 wins)     2 v 3  W L  (2:2, drawn)

    team  场分  局分  对手分 (opponents' 场分)        胜场数
    1     4     8     2:3 + 3:4 + 4:1 = 8            2
    3     4     7     4:1 + 1:4 + 2:3 = 8            1
    2     3     7     1:4 + 4:1 + 3:4 = 9            1
    4     1     2     3:4 + 2:3 + 1:4 = 11           0

直胜 between 1 and 3 (level on 场分): they met in round 2 and 3 won.
"""

from __future__ import annotations

import pytest

from bianpai.engine.model import Colour, Outcome
from bianpai.engine.results import InputError
from bianpai.engine.teams.model import (
    BoardResult, ScoreKind, TeamEvent, TeamRound, TeamSettings, new_match, with_results,
)
from bianpai.engine.standings.team import (
    TEAM_PRESETS, best_on_board, board_standings, parse_team_tiebreaks, team_crosstable, team_standings,
)

from test_team_helpers import make_event

W, D, L = BoardResult.FIRST_WIN, BoardResult.DRAW, BoardResult.SECOND_WIN


def event(settings: TeamSettings | None = None) -> TeamEvent:
    ev = make_event(4, boards=2, total_rounds=3, settings=settings)
    plan = (((1, 2, (W, D)), (3, 4, (D, D))),
            ((1, 3, (L, D)), (2, 4, (W, W))),
            ((1, 4, (W, W)), (2, 3, (W, L))))
    for k, matches in enumerate(plan, start=1):
        ev = ev.with_round(TeamRound(k, tuple(with_results(new_match(ev, a, b), res)
                                              for a, b, res in matches)))
    return ev


def test_points_and_opponents_match_points_by_hand() -> None:
    rows = team_standings(event(), ("BP", "OPP", "MW"))
    got = {r.team: (r.match_points, r.board_points, r.value("OPP"), r.value("MW")) for r in rows}
    assert got == {1: (4, 8, 8, 2), 3: (4, 7, 8, 1), 2: (3, 7, 9, 1), 4: (1, 2, 11, 0)}
    assert [r.team for r in rows] == [1, 3, 2, 4]  # 1 before 3 on 局分


def test_direct_encounter_by_hand() -> None:
    rows = team_standings(event(), ("DE", "BP"))
    assert [r.team for r in rows] == [3, 1, 2, 4]  # 3 beat 1 in round 2
    assert rows[0].value("DE") == 2.0 and rows[1].value("DE") == 0.0


def test_shared_place_when_the_tie_breaks_do_not_separate() -> None:
    rows = team_standings(event(), ("OPP",))
    assert [(r.team, r.rank_label) for r in rows] == [(1, "1-2"), (3, "1-2"), (2, "3"), (4, "4")]
    rows = team_standings(event(), ("OPP", "MW"))
    assert [(r.team, r.rank_label) for r in rows][:2] == [(1, "1"), (3, "2")]


def test_ranked_by_board_points_first() -> None:
    rows = team_standings(event(TeamSettings(rank_by=ScoreKind.BOARD)), TEAM_PRESETS["team-board"])
    # 局分 8, 7, 7, 2; 3 and 2 level on 局分, 3 ahead on 场分
    assert [r.team for r in rows] == [1, 3, 2, 4]


def test_presets_and_codes() -> None:
    assert parse_team_tiebreaks("team") == ("BP", "OPP", "DE", "MW")
    assert parse_team_tiebreaks("bp、SB") == ("BP", "SB")
    with pytest.raises(InputError, match="XYZ"):
        parse_team_tiebreaks("BP,XYZ")
    rows = team_standings(event(), ("SB",))  # individual codes on the team-level tournament
    assert {r.team: r.value("SB") for r in rows}[1] == 3.0 + 1.0  # beat 2 (3) and 4 (1), lost to 3


def test_after_round() -> None:
    rows = team_standings(event(), ("BP",), after_round=1)
    assert [(r.team, r.match_points, r.board_points) for r in rows][0] == (1, 2, 3)


def test_board_standings_by_hand() -> None:
    b = board_standings(event())
    # board 1: 11 W L W = 4/6; 21 L W W = 4/6; 31 D W L = 3/6; 41 D L L = 1/6
    assert [(r.player, r.rank_label, r.games, r.points, round(r.percentage, 1)) for r in b[1]] == [
        (11, "1-2", 3, 4.0, 66.7), (21, "1-2", 3, 4.0, 66.7), (31, "3", 3, 3.0, 50.0),
        (41, "4", 3, 1.0, 16.7)]
    # board 2: 12 D D W = 4; 32 D D W = 4; 22 D W L = 3; 42 D L L = 1
    assert [(r.player, r.points) for r in b[2]] == [(12, 4.0), (32, 4.0), (22, 3.0), (42, 1.0)]
    assert [r.player for r in best_on_board(event())[2]] == [12, 32]


def test_team_crosstable() -> None:
    rows = {r.team: r for r in team_crosstable(event())}
    c = rows[1].cells
    assert [x.text for x in c] == ["2w1 3:1", "3w0 1:3", "4w1 4:0"]
    assert c[0].colour is Colour.RED and rows[2].cells[0].colour is Colour.BLACK
    assert rows[3].cells[2].outcome is Outcome.DRAW and rows[3].cells[2].text == "2b= 2:2"
    assert (rows[1].match_points, rows[1].board_points) == (4, 8)
