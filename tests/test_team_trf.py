"""TRF team records: 013 (TRF16), 310/300/352/362 (TRF-2026), written with
trf.format_trf's 001 records and read back."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bianpai.addin.workbook.messages import messages_of
from bianpai.engine.results import InputError
from bianpai.engine.teams.model import (
    BoardResult,
    ColourRule,
    MatchPoints,
    TeamEvent,
    TeamRound,
    TeamSettings,
)
from bianpai.engine.teams.model import new_match, no_show, with_results
from bianpai.engine.simulate.team import play_team_event
from bianpai.engine.formats.trf_team import (
    TRF16, TRF2026, format_team_trf, parse_team_trf, team_record_013, team_record_310,
)

from test_team_helpers import make_event, make_team

W, D, L = BoardResult.FIRST_WIN, BoardResult.DRAW, BoardResult.SECOND_WIN


def comparable(ev: TeamEvent) -> TeamEvent:
    """What a TRF keeps: no unit, captain or withdrawal."""
    return replace(ev, teams=tuple(replace(t, unit="", captain="", withdrawn_from=None)
                                   for t in ev.teams))


def test_013_columns() -> None:
    line = team_record_013(make_team(2, boards=2, reserves=1))
    assert line[:4] == "013 " and line[4:36].rstrip() == "队2"
    assert line[36:40] == "  21" and line[41:45] == "  22" and line[46:50] == "  23"


def test_310_columns() -> None:
    line = team_record_310(replace(make_team(12, boards=2, reserves=0), rating=1834), 5.0, 11.5, 3)
    assert line[:3] == "310" and line[4:7] == " 12" and line[8:41].rstrip() == "队12"
    assert line[46:53] == "   1834" and line[53:59] == "   5.0" and line[59:67] == "    11.5"
    assert line[67:71] == "   3" and line[72:].split() == ["121", "122"]


@pytest.mark.parametrize("rule", list(ColourRule))
def test_trf2026_round_trip_keeps_everything(rule: ColourRule) -> None:
    s = TeamSettings(colours=rule, match_points=MatchPoints(3, 1, 0, 3, 0, 3))
    ev = play_team_event(9, 4, 5, "fide-team", 11, settings=s, reserve_rate=0.3, empty_rate=0.2,
                         no_show_rate=0.1)
    text = format_team_trf(ev, TRF2026)
    assert "\r352 " + ("WBWB" if rule is ColourRule.ODD_BOARDS_RED else "BWBW") + "\r" in text
    back = parse_team_trf(text)
    want = comparable(ev)
    assert back.teams == want.teams
    assert back.rounds == want.rounds
    assert back.settings.colours is rule and back.settings.match_points.win == 3
    assert back.boards == 4 and back.total_rounds == 5


def test_trf16_round_trip_without_empty_boards() -> None:
    ev = play_team_event(8, 3, 4, "dingwei", 5, reserve_rate=0.3)
    text = format_team_trf(ev, TRF16)
    assert "\r013 " in text and "\r310 " not in text
    back = parse_team_trf(text, boards=3)
    # TRF16 does not keep the order of the matches in a round
    for got, want in zip(back.rounds, comparable(ev).rounds, strict=True):
        assert sorted(got.matches, key=lambda m: m.first) == sorted(want.matches, key=lambda m: m.first)
        assert got.byes == want.byes
    assert [t.name for t in back.teams] == [t.name for t in ev.teams]


def test_trf16_no_show_reads_as_byes() -> None:
    # TRF16 cannot say a team did not turn up: its opponent's players carry F
    ev = make_event(4, boards=2)
    m1 = no_show(new_match(ev, 1, 2), 2)
    m2 = with_results(new_match(ev, 3, 4), (W, D))
    ev = ev.with_round(TeamRound(1, (m1, m2)))
    back = parse_team_trf(format_team_trf(ev, TRF16), boards=2)
    assert [(b.team, b.kind.value) for b in back.rounds[0].byes] == [(1, "F"), (2, "-")]
    assert len(back.rounds[0].matches) == 1
    # TRF-2026 keeps it
    back26 = parse_team_trf(format_team_trf(ev, TRF2026))
    assert back26.rounds[0].matches[0].no_show == (2,)


def test_not_a_team_file() -> None:
    with pytest.raises(InputError) as e:
        parse_team_trf("012 x\r001    1      A                                 1500\r")
    assert messages_of(e.value, "en") == ["<trf>: no team records (013 or 310): not a team tournament"]


def test_standings_survive_the_round_trip() -> None:
    from bianpai.engine.standings.team import TEAM_PRESETS, board_standings, team_standings
    ev = play_team_event(10, 4, 7, "dingwei", 21, reserve_rate=0.2, empty_rate=0.05, no_show_rate=0.05)
    back = parse_team_trf(format_team_trf(ev))
    strip = lambda rows: [(r.rank_label, r.team, r.match_points, r.board_points, r.values)  # noqa: E731
                          for r in rows]
    codes = TEAM_PRESETS["team"]
    assert strip(team_standings(back, codes)) == strip(team_standings(ev, codes))
    assert board_standings(back) == board_standings(ev)
