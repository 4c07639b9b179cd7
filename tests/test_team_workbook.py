"""The team workbook (团体赛, issue 18 workbook side): a whole team event through
the CLI, worked examples at the workbook level (a reserve playing, a forfeited
board, a team that did not turn up, a team bye, a team withdrawing), and bad
input named by sheet and cell with nothing written."""

from __future__ import annotations

import random
from pathlib import Path

import openpyxl
import pytest

from bianpai.addin.jobs import api as jobs
from bianpai.addin.workbook import sheets as S
from bianpai.addin.cli.app import EXIT_BAD_INPUT, main
from bianpai.addin.cli.team import _fill
from bianpai.addin.workbook.messages import WorkbookInputError
from bianpai.addin.workbook.sheets.team.event import read_team_workbook
from bianpai.addin.workbook.sheets.team.round import T_FIRST, T_RESULT, T_SECOND
from bianpai.addin.files.reader import read_workbook
from bianpai.engine.model import ByeKind
from bianpai.engine.teams.model import BoardResult
from bianpai.engine.teams.points import team_history
from bianpai.engine.simulate.team import random_teams

from workbook_helpers import normal

ROOT = Path(__file__).resolve().parents[1]
Values = dict[str, list[list[object]]]


def team_event(
    n: int = 4, boards: int = 4, rounds: int = 3, lang: str = "zh", system: str = "dingwei"
) -> Values:
    """A new team workbook with ``n`` teams of ``boards`` regulars and one reserve each."""
    values = jobs.apply_values({}, jobs.new(lang, "团体赛" if lang == "zh" else "Team event", team=True))
    settings = next(iter(values))
    for row in values[settings]:
        key = S.L.lookup(row[0], ("set.rounds", "set.system", "set.boards"))
        if key is not None:
            row[1] = {"set.rounds": rounds, "set.system": system, "set.boards": boards}[key]
    _fill(values, random_teams(n, boards, random.Random(7)), lang)
    return jobs.apply_values(values, jobs.update(values))


def round_rows(values: Values, k: int) -> list[list[object]]:
    return values[S.L.round_sheet_name(k, "zh")]


def match_rows(values: Values, k: int) -> list[int]:
    """0-based rows of the match lines of round ``k``."""
    rows = round_rows(values, k)
    return [r for r in range(S.ROUND_HEADER_ROW, len(rows)) if rows[r] and S.as_int(rows[r][0]) is not None]


def type_all(values: Values, k: int, form: str = "2:0") -> None:
    rows = round_rows(values, k)
    rs = read_team_workbook(values).round_sheets[k - 1]  # the board rows, as the reader found them
    for (_match, board), row in rs.rows:
        line = rows[row - 1]
        if (
            board
            and line[T_RESULT - 1] is None
            and line[T_FIRST - 1] is not None
            and line[T_SECOND - 1] is not None
        ):
            line[T_RESULT - 1] = form


def pair(values: Values) -> Values:
    return jobs.apply_values(values, jobs.pair(values))


# ---------------------------------------------------------------------------
# worked examples
# ---------------------------------------------------------------------------


def test_round_sheet_shows_each_match_and_its_boards_with_lineups_from_the_board_order():
    v = pair(team_event())
    wb = read_team_workbook(v)
    rnd = wb.event.rounds[0]
    assert len(rnd.matches) == 2
    rows = round_rows(v, 1)
    for m, r in zip(rnd.matches, match_rows(v, 1), strict=True):
        assert (rows[r][T_FIRST - 1], rows[r][T_SECOND - 1]) == (m.first, m.second)
        first, second = wb.event.team(m.first), wb.event.team(m.second)
        for b in range(1, 5):  # boards under the match, pre-filled from the regulars in board order
            line = rows[r + b]
            assert line[1] == b
            assert line[T_FIRST - 1] == first.regulars[b - 1].number
            assert line[T_SECOND - 1] == second.regulars[b - 1].number
            # 先手队 red on the odd boards (the default colour rule)
            assert line[4] == ("红" if b % 2 else "黑") and line[6] == ("黑" if b % 2 else "红")


def test_the_explanation_under_a_team_round_names_matches_not_boards():
    v = pair(team_event())
    type_all(v, 1)
    v = pair(v)
    cells = [c for line in round_rows(v, 2) for c in line[:2] if isinstance(c, str)]
    # the system in words; the matches explained as 第1场 …  (a match's boards are 台次 inside it)
    assert "编排方法: 定位编排法" in cells
    lines = [c.split("  ")[0] for c in cells]  # a line of the explanation: 第1场  1–2  同位：…
    assert "第1场" in lines and "第2场" in lines and "第1台" not in lines


def test_match_result_follows_from_board_results():
    v = pair(team_event())
    rows = round_rows(v, 1)
    r = match_rows(v, 1)[0]
    for b, form in zip(range(1, 5), ("2:0", "1:1", "0:2", "2:0"), strict=True):
        rows[r + b][T_RESULT - 1] = form
    type_all(v, 1, "1:1")
    v = jobs.apply_values(v, jobs.update(v))
    assert round_rows(v, 1)[r][T_RESULT - 1] == "5:3"  # 局分: 2+1+0+2 against 0+1+2+0
    assert round_rows(v, 1)[r][9] == "2:0"  # 场分: a match win
    wb = read_team_workbook(v)
    m = wb.event.rounds[0].matches[0]
    h = team_history(wb.event)
    assert (h[m.first].match_points, h[m.first].board_points) == (2, 5)
    assert (h[m.second].match_points, h[m.second].board_points) == (0, 3)


def test_a_reserve_plays_when_the_captain_types_him_over_the_lineup():
    v = pair(team_event())
    rows = round_rows(v, 1)
    r = match_rows(v, 1)[0]
    wb = read_team_workbook(v)
    first = wb.event.team(wb.event.rounds[0].matches[0].first)
    reserve = first.reserves[0].number
    # board 2's regular sits out: boards 3, 4 move up, the reserve takes board 4 (board order kept)
    regs = [m.number for m in first.regulars]
    for b, p in zip(range(1, 5), (regs[0], regs[2], regs[3], reserve), strict=True):
        rows[r + b][T_FIRST - 1] = p
    type_all(v, 1)
    v = jobs.apply_values(v, jobs.update(v))
    wb = read_team_workbook(v)
    assert [b.first for b in wb.event.rounds[0].matches[0].boards] == [regs[0], regs[2], regs[3], reserve]
    rows = v[S.L.text("sheet.board_standings", "zh")]
    start = next(i for i, row in enumerate(rows) if row[0] == "第4台")
    board4 = [row[2] for row in rows[start + 2 :] if row[0] is not None and not str(row[0]).startswith("第")]
    assert first.reserves[0].name in board4  # 台次成绩 lists the reserve on board 4


def test_a_forfeited_board_and_a_team_that_did_not_turn_up():
    v = pair(team_event())
    rows = round_rows(v, 1)
    r1, r2 = match_rows(v, 1)
    rows[r1 + 4][T_SECOND - 1] = None  # the second team's board-4 player did not come
    rows[r2][T_RESULT - 1] = "+/-"  # the second team of match 2 did not turn up
    type_all(v, 1, "1:1")
    v = jobs.apply_values(v, jobs.update(v))
    wb = read_team_workbook(v)
    m1, m2 = wb.event.rounds[0].matches
    assert m1.boards[3].result is BoardResult.FIRST_FORFEIT_WIN
    assert round_rows(v, 1)[r1 + 4][T_RESULT - 1] == "+/-"
    assert round_rows(v, 1)[r1][T_RESULT - 1] == "5:3"
    assert m2.no_show == (m2.second,)
    assert all(b.second is None and b.result is BoardResult.FIRST_FORFEIT_WIN for b in m2.boards)
    h = team_history(wb.event)
    assert h[m2.first].match_points == 2 and h[m2.second].match_points == 0
    assert round_rows(v, 1)[r2][T_RESULT - 1] == "+/-"


def test_a_team_bye_is_a_match_win_worth_the_settings_board_points():
    v = pair(team_event(n=5))
    wb = read_team_workbook(v)
    (bye,) = wb.event.rounds[0].byes
    assert bye.kind is ByeKind.PAIRING
    rows = round_rows(v, 1)
    assert any(row and row[0] == "轮空" and row[T_FIRST - 1] == bye.team for row in rows)
    type_all(v, 1)
    v = jobs.apply_values(v, jobs.update(v))
    h = team_history(read_team_workbook(v).event)
    assert (h[bye.team].match_points, h[bye.team].board_points) == (2, 4)  # default: boards × a draw
    settings = next(iter(v))
    for row in v[settings]:
        if S.L.lookup(row[0], ("set.team_bye_bp",)):
            row[1] = 6
    h = team_history(read_team_workbook(v).event)
    assert h[bye.team].board_points == 6


def test_a_team_withdrawing_is_not_paired_again():
    v = pair(team_event(n=6))
    type_all(v, 1)
    teams = S.L.text("sheet.teams", "zh")
    for row in v[teams]:
        if row and row[0] == 3:
            row[4] = "退赛"
    v = pair(v)
    wb = read_team_workbook(v)
    assert wb.event.team(3).withdrawn_from == 2
    assert all(3 not in m.teams() for m in wb.event.rounds[1].matches)
    assert wb.event.rounds[1].bye_of(3) is None or wb.event.rounds[1].bye_of(3).kind is not ByeKind.PAIRING


def test_pairing_is_refused_while_a_board_has_no_result_naming_the_cell():
    v = pair(team_event())
    type_all(v, 1)
    r = match_rows(v, 1)[1]
    round_rows(v, 1)[r + 2][T_RESULT - 1] = None
    with pytest.raises(WorkbookInputError) as e:
        jobs.pair(v)
    assert e.value.messages == [f"第1轮!F{r + 3}: 第 1 轮此台尚无结果"]
    rows = round_rows(v, 1)
    rows.insert(r, [None] * 11)  # a blank line typed between the matches: still the right cell
    with pytest.raises(WorkbookInputError) as e:
        jobs.pair(v)
    assert e.value.messages == [f"第1轮!F{r + 4}: 第 1 轮此台尚无结果"]


@pytest.mark.parametrize("case", ["other_team", "order", "twice", "result"])
def test_bad_lineups_and_results_are_refused_with_the_cell(case: str):
    v = pair(team_event())
    rows = round_rows(v, 1)
    r1, r2 = match_rows(v, 1)
    wb = read_team_workbook(v)
    m2 = wb.event.rounds[0].matches[1]
    if case == "other_team":
        rows[r1 + 1][T_FIRST - 1] = wb.event.team(m2.first).roster[0].number
        want = "不是第"
    elif case == "order":
        rows[r1 + 1][T_FIRST - 1], rows[r1 + 2][T_FIRST - 1] = (
            rows[r1 + 2][T_FIRST - 1],
            rows[r1 + 1][T_FIRST - 1],
        )
        want = "号（台次 1）不能排在台次 2 的队员之后：须按台次顺序出场"  # boards 1 and 2 swapped
    elif case == "twice":
        rows[r1 + 2][T_FIRST - 1] = rows[r1 + 1][T_FIRST - 1]
        want = "已在第 1 台出场"
    else:
        rows[r1 + 3][T_RESULT - 1] = "赢了"
        want = "无法识别"
    with pytest.raises(WorkbookInputError) as e:
        jobs.update(v)
    (msg,) = e.value.messages
    col = "F" if case == "result" else "C"
    row = r1 + (4 if case == "result" else 3 if case in ("order", "twice") else 2)
    assert msg.startswith(f"第1轮!{col}{row}: ") and want in msg


def set_team_row(values: Values, key: str, value: object) -> int:
    """Type ``value`` into the Settings row ``key``; its 1-based row."""
    rows = values["设置"]
    r = next(i for i, row in enumerate(rows) if S.L.lookup(row[0], (key,)) is not None)
    rows[r][1] = value
    return r + 1


def test_the_line_up_rules_are_settings_rows():
    """出场须按台次顺序 = 否: the captain may order his boards freely; a word that is not
    是/否 is refused on its cell."""
    v = pair(team_event())
    rows = round_rows(v, 1)
    r1 = match_rows(v, 1)[0]
    first, second = rows[r1 + 1], rows[r1 + 2]  # boards 1 and 2 of match 1
    first[T_FIRST - 1], second[T_FIRST - 1] = second[T_FIRST - 1], first[T_FIRST - 1]
    with pytest.raises(WorkbookInputError):
        jobs.update(v)  # the default: the board order is kept
    set_team_row(v, "set.lineup_order", "否")
    assert read_team_workbook(v).event.settings.lineup.keep_order is False
    jobs.update(v)  # the swapped boards stand
    row = set_team_row(v, "set.lineup_vacancies_last", "也许")
    with pytest.raises(WorkbookInputError) as e:
        jobs.update(v)
    assert e.value.messages == [f"设置!B{row}: '也许' 不是 on/off（是/否）"]
    # both rows written on a new team workbook, 是 by default
    keys = ("set.lineup_order", "set.lineup_vacancies_last")
    assert [r[1] for r in team_event()["设置"] if S.L.lookup(r[0], keys)] == ["是", "是"]


def test_bad_registration_is_named_by_sheet_and_cell():
    v = team_event()
    players = S.L.text("sheet.players", "zh")
    v[players][3][2] = 99  # an unknown team
    v[players][4][3] = v[players][5][3]  # the same 台次 twice in a team
    settings = next(iter(v))
    for row in v[settings]:
        if S.L.lookup(row[0], ("set.boards",)):
            row[1] = "四台"
    with pytest.raises(WorkbookInputError) as e:
        jobs.pair(v)
    places = [m.split(": ")[0] for m in e.value.messages]
    assert "选手!C4" in places and "选手!D5" in places or "选手!D6" in places
    assert any(p.startswith("设置!B") for p in places)


@pytest.mark.parametrize("system", ["dingwei", "adjacent", "dutch", "fide-team", "roundrobin"])
def test_every_system_pairs_teams_through_the_workbook(system: str):
    """Five rounds of seven teams: every team meets another at most once, one bye a round."""
    v = team_event(n=7, rounds=5, system=system)
    for k in range(1, 6):
        v = jobs.apply_values(v, jobs.next_step(v))  # 下一步: pairs, as the last round is complete
        type_all(v, k, ("2:0", "1:1", "0:2")[k % 3])
    ev = read_team_workbook(v).event
    assert len(ev.rounds) == 5
    met = [frozenset(m.teams()) for r in ev.rounds for m in r.matches]
    assert len(met) == len(set(met)) == 15
    assert all(len(r.byes) == 1 for r in ev.rounds)


def test_pairing_by_board_points_is_refused_for_a_system_that_cannot_with_the_setting_cell():
    v = team_event()
    settings = next(iter(v))
    row = next(i for i, r in enumerate(v[settings]) if S.L.lookup(r[0], ("set.pair_by",)))
    v[settings][row][1] = "局分"
    with pytest.raises(WorkbookInputError) as e:
        jobs.pair(v)
    assert e.value.messages[0].startswith(f"设置!B{row + 1}: 编排方法 dingwei 不能按局分编排")
    system_row = next(i for i, r in enumerate(v[settings]) if S.L.lookup(r[0], ("set.system",)))
    v[settings][system_row][1] = "fide-team"
    assert read_team_workbook(pair(v)).event.rounds[0].matches


def test_check_lists_every_problem_of_a_team_workbook_and_writes_nothing():
    v = pair(team_event())
    r1, _r2 = match_rows(v, 1)
    rows = round_rows(v, 1)
    rows[r1 + 1][T_RESULT - 1] = "赢了"
    rows[r1 + 2][T_SECOND - 1] = 999
    result = jobs.check(v)
    assert result.sheets == () and result.changed == ()
    assert [p.split(": ")[0] for p in result.problems] == [f"第1轮!F{r1 + 2}", f"第1轮!I{r1 + 3}"]
    assert jobs.check(pair(team_event())).problems == ()


def test_a_trf16_team_file_imports_as_a_team_workbook():
    """TRF16 (013 team records only) keeps the games; the matches are rebuilt from them."""
    from bianpai.engine.standings.team import team_standings
    from bianpai.engine.formats.trf_team import format_team_trf

    v = pair(team_event(n=4))
    type_all(v, 1, "2:0")
    v = pair(v)
    type_all(v, 2, "1:1")
    ev = read_team_workbook(v).event
    result = jobs.import_trf(None, format_team_trf(ev, "16"), "zh", where="in.trf")
    again = read_team_workbook(jobs.apply_values({}, result)).event
    assert [t.roster for t in again.teams] == [t.roster for t in ev.teams]
    assert [(r.rank, r.team, r.match_points, r.board_points) for r in team_standings(again, ("BP",))] == [
        (r.rank, r.team, r.match_points, r.board_points) for r in team_standings(ev, ("BP",))
    ]


def test_draw_is_refused_for_a_team_event_and_import_players_asks_for_a_roster():
    v = team_event()
    with pytest.raises(WorkbookInputError) as e:
        jobs.draw(v)
    (msg,) = e.value.messages
    assert msg.startswith("设置!B") and "团体赛不能用" in msg
    # import-players reads a team roster (issue 29): a list without a team column is refused
    with pytest.raises(WorkbookInputError) as e:
        jobs.import_players(v, [["姓名"], ["张三"]])
    (msg,) = e.value.messages
    assert msg.startswith("CSV 第1行: 找不到队名列")


def test_fide_team_steps_are_in_the_workbooks_words():
    from bianpai.addin.workbook.sheets.team.event import fide_team_step

    assert fide_team_step("bracket 4 + upfloaters 7, 9", "zh") == "4分组，上调 7, 9"
    assert fide_team_step("bracket 2.5", "en") == "score group 2.5"
    assert fide_team_step("同行", "zh") == "同行"


def test_english_team_workbook():
    v = pair(team_event(lang="en"))
    assert "Round 1" in v and "Teams" in v and "Team standings" in v and "Board standings" in v
    rows = v["Round 1"]
    assert rows[2][:4] == ["Match", "Board", "No.", "First team"]


# ---------------------------------------------------------------------------
# the whole event through the CLI
# ---------------------------------------------------------------------------


def _type(path: Path, sheet: str, cells: dict[tuple[int, int], object]) -> None:
    wb = openpyxl.load_workbook(path)
    for (r, c), x in cells.items():
        wb[sheet].cell(r, c).value = x
    wb.save(path)


def _fill_file(path: Path, n: int, boards: int) -> None:
    wb = openpyxl.load_workbook(path)
    teams = random_teams(n, boards, random.Random(3))
    for i, t in enumerate(teams):
        for c, x in enumerate((t.number, t.name, t.unit, t.captain), start=1):
            wb["参赛队"].cell(4 + i, c).value = x
    r = 4
    for t in teams:
        for i, m in enumerate(t.roster, start=1):
            for c, x in enumerate(
                (m.number, m.name, t.number, i, "是" if m.reserve else None, m.rating), start=1
            ):
                wb["选手"].cell(r, c).value = x
            r += 1
    for row in wb["设置"].iter_rows():
        if row[0].value == "每场台数":
            row[1].value = boards
        if row[0].value == "总轮次":
            row[1].value = 3
    wb.save(path)


def _results_of(path: Path, k: int, seed: int) -> dict[tuple[int, int], object]:
    rng = random.Random(seed)
    rs = read_team_workbook(normal_values(path)).round_sheets[k - 1]
    return {(r, T_RESULT): rng.choice(("2:0", "1:1", "0:2")) for (_m, board), r in rs.rows if board}


def test_whole_team_event_through_the_cli(tmp_path: Path, capsys):
    path = tmp_path / "team.xlsx"
    assert main(["new", str(path), "--team", "--name", "城市团体赛"]) == 0
    _fill_file(path, 6, 3)
    assert main(["pair", str(path)]) == 0
    before = path.read_bytes()
    assert main(["pair", str(path)]) == EXIT_BAD_INPUT  # round 1 has no results: nothing written
    assert path.read_bytes() == before
    assert "第1轮!F5" in capsys.readouterr().err
    _type(path, "第1轮", _results_of(path, 1, 1))
    assert main(["pair", str(path)]) == 0
    assert main(["undo", str(path)]) == 0  # round 2 has no results: removed
    assert "第2轮" not in read_workbook(path)
    assert main(["pair", str(path)]) == 0
    _type(path, "第2轮", _results_of(path, 2, 2))
    assert main(["undo", str(path)]) == EXIT_BAD_INPUT  # has results: refused
    assert main(["check", str(path)]) == 0
    assert main(["pair", str(path)]) == 0
    _type(path, "第3轮", _results_of(path, 3, 3))
    capsys.readouterr()
    assert main(["standings", str(path)]) == 0
    table = capsys.readouterr().out
    assert table.splitlines()[0].split()[:4] == ["名次", "队号", "队名", "场分"]
    trf = tmp_path / "team.trf"
    assert main(["export-trf", str(path), "-o", str(trf)]) == 0
    text = trf.read_text(encoding="utf-8")
    assert sum(line.startswith("310") for line in text.splitlines()) == 6
    again = tmp_path / "again.xlsx"
    assert main(["import-trf", str(trf), str(again)]) == 0
    a, b = read_team_workbook(normal_values(path)), read_team_workbook(normal_values(again))
    assert [t.roster for t in a.event.teams] == [t.roster for t in b.event.teams]
    assert a.event.rounds == b.event.rounds

    # the same standings (the unit is not in TRF: docs/team.md)
    def table_of(p: Path) -> list[tuple[object, ...]]:
        return [r[:3] + r[4:] for r in normal(read_workbook(p))["团体名次"]]

    assert table_of(again) == table_of(path)


def normal_values(path: Path) -> Values:
    from bianpai.addin.files import xlsx

    return xlsx.read_values(path)  # type: ignore[return-value]


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_team_templates_are_a_fresh_generation(tmp_path: Path, lang: str):
    """templates/bianpai-team-LANG.xlsx is exactly what ``bianpai new --team --lang LANG`` makes."""
    fresh = tmp_path / f"bianpai-team-{lang}.xlsx"
    assert main(["new", str(fresh), "--team", "--lang", lang]) == 0
    template = ROOT / "templates" / f"bianpai-team-{lang}.xlsx"
    assert list(read_workbook(template)) == list(read_workbook(fresh))
    assert normal(read_workbook(template)) == normal(read_workbook(fresh))
