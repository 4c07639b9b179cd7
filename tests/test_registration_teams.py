"""Team rosters through ``import-players`` (issue 29 item 2): a registration list with a
team column (队名/参赛队) and board order (台次, or the rows' order) fills 参赛队 and 选手;
a player without a team, a team short of players and a board order with a gap are refused
by cell or line, nothing written.  Fixtures are made here (made-up names)."""

from __future__ import annotations

import random
from pathlib import Path

import openpyxl
import pytest

from bianpai.addin.cli.app import EXIT_BAD_INPUT, main
from bianpai.addin.files.reader import read_workbook

from workbook_helpers import normal

SURNAMES = "赵钱孙李周吴郑王冯陈褚卫蒋沈韩杨朱秦尤许"
GIVEN = "伟强磊军勇杰涛明超华平刚辉鹏"
TEAMS = [f"{city}象棋队" for city in ("东城", "西城", "南山", "北湖", "江岸", "河西", "青山", "白云", "红星",
                                    "金沙")]


def names(n: int, rng: random.Random) -> list[str]:
    seen: set[str] = set()
    out = []
    while len(out) < n:
        name = rng.choice(SURNAMES) + rng.choice(GIVEN) + rng.choice(GIVEN)
        if name not in seen:
            seen.add(name)
            out.append(name)
    return out


def roster_rows(players_per_team: int = 5, seed: int = 7) -> list[list[object]]:
    """10 teams × 5 players (4 boards and a reserve), 台次 given, rows of a team not in board order."""
    rng = random.Random(seed)
    pool = names(len(TEAMS) * players_per_team, rng)
    rows: list[list[object]] = []
    for t, team in enumerate(TEAMS):
        orders = list(range(1, players_per_team + 1))
        rng.shuffle(orders)
        for order in orders:
            rows.append([team, order, pool[t * players_per_team + order - 1], 2100 - 40 * t - 10 * order,
                         f"{team[:2]}棋协", f"000-{t}{order}"])
    return rows


HEADER = ["参赛队", "台次", "姓名", "等级分", "单位", "联系电话"]


def xlsx(path: Path, rows: list[list[object]], header=HEADER) -> Path:
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "名单"
    ws.append(header)
    for r in rows:
        ws.append(r)
    wb.save(path)
    return path


@pytest.fixture
def team_event(tmp_path: Path) -> Path:
    path = tmp_path / "team.xlsx"
    assert main(["new", str(path), "--team", "--name", "象棋团体赛"]) == 0
    return path


def sheets(path: Path):
    return normal(read_workbook(path))


def test_a_roster_of_ten_teams_fills_the_teams_and_players_sheets(team_event: Path, tmp_path: Path, capsys):
    rows = roster_rows()
    form = xlsx(tmp_path / "名单.xlsx", rows)
    capsys.readouterr()
    assert main(["import-players", str(team_event), str(form)]) == 0
    out = capsys.readouterr().out
    assert ("队名 ← A列 参赛队; 台次 ← B列 台次; 姓名 ← C列 姓名; 等级分 ← D列 等级分; 单位 ← E列 单位; "
            "已忽略: 联系电话") in out
    assert "新增 10 个参赛队，替换 0 个的名单，共 50 名选手；现有 10 个参赛队" in out
    v = sheets(team_event)
    teams = [r for r in v["参赛队"][3:] if r and r[0] is not None]
    assert [r[:3] for r in teams] == [(i, team, f"{team[:2]}棋协") for i, team in enumerate(TEAMS, start=1)]
    players = [r for r in v["选手"][3:] if r and r[0] is not None]
    assert len(players) == 50
    by_name = {r[2]: (r[0], r[1]) for r in rows}  # name → (team, 台次)
    for _number, name, team_no, order, *rest in players:
        assert (TEAMS[team_no - 1], order) == by_name[name]
        assert (rest[0] == "是") == (order == 5)  # beyond 4 boards: the reserve
    assert [p[0] for p in players] == list(range(1, 51))  # numbered team by team, in board order
    # the sheets are a team event the program pairs
    assert main(["pair", str(team_event)]) == 0


def test_without_a_board_column_the_rows_order_is_the_board_order(team_event: Path, tmp_path: Path, capsys):
    csv = tmp_path / "名单.csv"
    lines = ["队名,队员,等级分"] + [f"{team},{team[:2]}{i}号,{1800 - i}"
                                  for team in TEAMS[:4] for i in range(1, 5)]
    csv.write_bytes(("\n".join(lines) + "\n").encode("gb18030"))
    assert main(["import-players", str(team_event), str(csv)]) == 0
    players = [r for r in sheets(team_event)["选手"][3:] if r and r[0] is not None]
    assert [(p[1], p[2], p[3]) for p in players[:4]] == [
        ("东城1号", 1, 1), ("东城2号", 1, 2), ("东城3号", 1, 3), ("东城4号", 1, 4)]


def test_a_player_without_a_team_a_short_team_and_a_gap_are_refused_by_cell(team_event: Path, tmp_path: Path,
                                                                             capsys):
    rows = roster_rows()
    lost = next(i for i, r in enumerate(rows) if r[0] == TEAMS[0] and r[1] == 5)
    rows[lost][0] = None  # 东城's reserve: no team
    for r in [r for r in rows if r[0] == TEAMS[1] and r[1] >= 4]:  # 西城: boards 1-3 left
        rows.remove(r)
    for r in rows:
        if r[0] == TEAMS[2] and r[1] == 3:
            r[1] = 6  # 南山: 1, 2, 4, 5, 6 — board 3 missing
    form = xlsx(tmp_path / "名单.xlsx", rows)
    before = team_event.read_bytes()
    assert main(["import-players", str(team_event), str(form)]) == EXIT_BAD_INPUT
    err = capsys.readouterr().err
    assert f"{form} 名单!A{lost + 2}: {rows[lost][2]} 没有参赛队（队名）" in err
    west = 2 + next(i for i, r in enumerate(rows) if r[0] == TEAMS[1])
    assert f"{form} 名单!A{west}: 西城象棋队 只有 3 名选手，每场比赛 4 台" in err
    gap = 2 + next(i for i, r in enumerate(rows) if r[0] == TEAMS[2] and r[1] == 4)
    assert f"{form} 名单!B{gap}: 南山象棋队 的台次缺 3（下一个是 4）" in err
    assert "3 个问题；未写入任何内容" in err
    assert team_event.read_bytes() == before


def test_a_team_already_on_the_sheet_is_refused_unless_update(team_event: Path, tmp_path: Path, capsys):
    form = xlsx(tmp_path / "名单.xlsx", roster_rows())
    assert main(["import-players", str(team_event), str(form)]) == 0
    before = team_event.read_bytes()
    assert main(["import-players", str(team_event), str(form)]) == EXIT_BAD_INPUT
    assert f"{form} 名单!A2: 参赛队 东城象棋队 已在参赛队表上（队号 1）" in capsys.readouterr().err
    assert team_event.read_bytes() == before
    assert main(["import-players", str(team_event), str(form), "--update"]) == 0
    assert "新增 0 个参赛队，替换 10 个的名单" in capsys.readouterr().out


def test_a_roster_without_a_team_column_is_refused_naming_the_words_known(team_event: Path, tmp_path: Path,
                                                                          capsys):
    csv = tmp_path / "名单.csv"
    csv.write_text("姓名,单位\n王伟,东城\n", encoding="utf-8")
    assert main(["import-players", str(team_event), str(csv)]) == EXIT_BAD_INPUT
    assert "找不到队名列；标题行是：姓名, 单位。认得的队名标题：队名 / 参赛队 /" in capsys.readouterr().err


def test_a_unit_column_naming_several_clubs_in_a_team_is_not_the_teams_unit(team_event: Path,
                                                                            tmp_path: Path):
    """TEAM_UNIT_WHEN_ONE: one 单位 for all of a team's rows is the team's; several are the players' clubs."""
    csv = tmp_path / "名单.csv"
    clubs = ["甲俱乐部", "乙俱乐部", "甲俱乐部", "丙俱乐部"]
    rows = ["队名,姓名,单位"] + [f"东城象棋队,东城{i}号,东城棋协" for i in range(1, 5)] + [
        f"联队,联队{i}号,{club}" for i, club in enumerate(clubs, 1)]
    csv.write_text("\n".join(rows) + "\n", encoding="utf-8")
    assert main(["import-players", str(team_event), str(csv)]) == 0
    teams = [r for r in sheets(team_event)["参赛队"][3:] if r and r[0] is not None]
    assert [r[:3] for r in teams] == [(1, "东城象棋队", "东城棋协"), (2, "联队")]
