"""Issue 23 items 1, 10, 11 and issue 30 items 1, 6 on a team workbook: a board result read by the
colours shown on that board; the derived sheets after ``pair``; ``cards``/``slips``; bad team
Settings; a writing command refusing what ``check`` refuses."""

from __future__ import annotations

import pytest

from bianpai.addin.jobs import api as jobs
from bianpai.addin.workbook import sheets as S
from bianpai.addin.workbook.messages import WorkbookInputError
from bianpai.addin.workbook.sheets.team.event import read_team_workbook
from bianpai.addin.workbook.sheets.team.round import T_FIRST_COLOUR, T_RESULT
from bianpai.engine.teams.model import BoardResult

from test_team_workbook import pair, round_rows, team_event, type_all

# round 1 of team_event(): match 1 in row 4, its boards in rows 5–8; the first team has red on the
# odd boards (row 5: board 1, row 7: board 3) and black on the even ones (row 6: board 2, row 8: board 4)
F = T_RESULT - 1


def _round1(form: str, board_row: int, others: str = "1:1") -> dict[str, list[list[object]]]:
    v = pair(team_event())
    type_all(v, 1, others)
    round_rows(v, 1)[board_row - 1][F] = form
    return v


def _match1(v: dict[str, list[list[object]]]):
    return read_team_workbook(v).event.rounds[0].matches[0]


def test_red_win_on_a_board_where_the_first_team_has_black_is_the_second_teams_win():
    """第1轮!F6=红胜 where the first team plays black: the red player (second team's) wins the board,
    and the match is the second team's 5:3 (0:2 场分), not the first team's."""
    v = _round1("红胜", 6)
    assert round_rows(v, 1)[5][T_FIRST_COLOUR - 1] == "黑"
    m = _match1(v)
    assert m.boards[1].result is BoardResult.SECOND_WIN
    v = jobs.apply_values(v, jobs.update(v))
    row = round_rows(v, 1)[3]
    assert (row[F], row[9]) == ("3:5", "0:2")
    assert round_rows(v, 1)[5][F] == "红胜"  # kept as typed


@pytest.mark.parametrize(
    ("form", "board_row", "want"),
    [
        ("红胜", 5, BoardResult.FIRST_WIN),  # the first team has red on board 1
        ("黑胜", 6, BoardResult.FIRST_WIN),  # … black on board 2
        ("黑胜", 5, BoardResult.SECOND_WIN),
        ("red", 6, BoardResult.SECOND_WIN),
        ("红胜(弃权)", 6, BoardResult.SECOND_FORFEIT_WIN),
        ("黑弃权", 6, BoardResult.SECOND_FORFEIT_WIN),
        ("2:0", 6, BoardResult.FIRST_WIN),  # the first team's points first, whatever its colour
        ("0:2", 6, BoardResult.SECOND_WIN),
        ("1-0", 6, BoardResult.FIRST_WIN),
        ("+/-", 6, BoardResult.FIRST_FORFEIT_WIN),
        ("和", 6, BoardResult.DRAW),
        ("先胜", 5, BoardResult.FIRST_WIN),  # first team red: both meanings agree
    ],
)
def test_board_results_are_read_by_the_colours_shown_and_scores_first_team_first(form, board_row, want):
    board = board_row - 4
    assert _match1(_round1(form, board_row)).boards[board - 1].result is want


@pytest.mark.parametrize("form", ["先胜", "后胜", "1", "w"])
def test_a_word_meaning_red_and_first_team_at_once_is_refused_where_the_first_team_has_black(form):
    v = _round1(form, 6)
    with pytest.raises(WorkbookInputError) as e:
        read_team_workbook(v)
    assert any("F6" in m and ("先手队执黑" in m) for m in e.value.messages), e.value.messages
    res = jobs.check(v)
    assert any("第1轮!F6" in p for p in res.problems)


def test_a_colour_word_beside_a_colour_cell_the_settings_contradict_is_refused_naming_both_cells():
    v = _round1("红胜", 6)
    round_rows(v, 1)[5][T_FIRST_COLOUR - 1] = "红"  # the sheet shows red, the Settings give black
    with pytest.raises(WorkbookInputError) as e:
        read_team_workbook(v)
    assert any("F6" in m and "E6" in m for m in e.value.messages), e.value.messages
    round_rows(v, 1)[5][F] = "2:0"  # a score is not read by colour: accepted
    assert _match1(v).boards[1].result is BoardResult.FIRST_WIN


def test_the_individual_sheet_reads_the_same_words_with_red_on_the_left():
    for form, want in (("红胜", "RED_WIN"), ("2:0", "RED_WIN"), ("先胜", "RED_WIN"), ("黑胜", "BLACK_WIN"),
                       ("0:2", "BLACK_WIN"), ("和", "DRAW")):
        assert S.parse_result(form).name == want
    from bianpai.engine.model import Colour

    assert S.parse_result("2:0", left=Colour.BLACK).name == "BLACK_WIN"
    assert S.parse_result("红胜", left=Colour.BLACK).name == "RED_WIN"
    with pytest.raises(S.AmbiguousResult):
        S.parse_result("1", left=Colour.BLACK)


def test_the_zh_board_drop_down_offers_the_colour_words_beside_the_scores():
    res = jobs.pair(team_event())
    (dv,) = res.sheet("第1轮").validations
    assert {"2:0", "1:1", "0:2", "红胜", "和", "黑胜"} <= set(dv.options)


def test_the_team_round_note_says_how_results_are_read_in_both_languages():
    for lang, words in (("zh", ("红胜", "颜色", "先手队在前")),
                        ("en", ("colours shown", "first team's points first"))):
        note = S.L.text("team_round.note", lang)
        assert all(w in note for w in words), note


# ---------------------------------------------------------------------------
# issue 23 item 11: after pair, the derived sheets and the rounds before read as after standings
# ---------------------------------------------------------------------------


def test_after_pair_the_team_sheets_hold_the_finished_round_and_the_substitute_without_standings():
    from test_team_workbook import match_rows
    from bianpai.addin.workbook.sheets.team.round import T_FIRST, T_FIRST_NAME

    v = pair(team_event())
    rows = round_rows(v, 1)
    r = match_rows(v, 1)[0]
    wb = read_team_workbook(v)
    first = wb.event.team(wb.event.rounds[0].matches[0].first)
    reserve = first.reserves[0]
    regs = [m.number for m in first.regulars]
    for b, p in zip(range(1, 5), (regs[0], regs[2], regs[3], reserve.number), strict=True):
        rows[r + b][T_FIRST - 1] = p  # the captain's line-up: board 2's regular sits out
    type_all(v, 1, "2:0")
    before = jobs.apply_values(v, jobs.update(v))  # what standings shows after round 1
    after = pair(v)  # round 2 paired straight away, no standings in between
    assert after[S.L.round_sheet_name(1, "zh")] == before[S.L.round_sheet_name(1, "zh")]
    assert round_rows(after, 1)[r + 4][T_FIRST_NAME - 1] == reserve.name  # the substitute's name
    assert round_rows(after, 1)[r][9] == "2:0"  # the match's 场分
    for key in ("sheet.team_standings", "sheet.board_standings", "sheet.team_crosstable"):
        name = S.L.text(key, "zh")
        assert after[name] == before[name], key
        assert "第1轮后" in str(after[name][0][0])
    # and standings right after pair changes nothing
    again = jobs.apply_values(after, jobs.update(after))
    assert again == after


# ---------------------------------------------------------------------------
# issue 30 item 6: a bad 场分 / 轮空场分 / 轮空局分 is refused naming the cell (was KeyError 'most')
# ---------------------------------------------------------------------------


def _settings_row(v, key: str) -> int:
    name = next(iter(v))
    return next(i for i, r in enumerate(v[name]) if S.L.lookup(r[0], (key,))) + 1


@pytest.mark.parametrize("key", ["set.mp_win", "set.mp_draw", "set.mp_loss", "set.team_bye_mp",
                                 "set.team_bye_bp"])
@pytest.mark.parametrize("value", [-1, "x", 1e9])
def test_a_bad_team_points_cell_is_refused_naming_it_by_every_command(key, value):
    v = pair(team_event())
    row = _settings_row(v, key)
    v["设置"][row - 1][1] = value
    res = jobs.check(v)
    assert len(res.problems) == 1 and res.problems[0].startswith(f"设置!B{row}: "), res.problems
    assert "0 到 100" in res.problems[0]
    for job in (jobs.pair, jobs.update, jobs.undo, jobs.export_trf):
        with pytest.raises(WorkbookInputError) as e:
            job(v)
        assert [m.split(":")[0] for m in e.value.messages] == [f"设置!B{row}"]


# ---------------------------------------------------------------------------
# issue 23 item 10: cards and slips on a team workbook say in one sentence why not
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_cards_on_a_team_workbook_write_one_card_per_team(lang):
    """Before: 15 misleading errors (未知设置 '赛事类型', 找不到表头行)."""
    v = pair(team_event(lang=lang))
    if lang == "zh":
        type_all(v, 1, "2:0")
    res = jobs.cards(v)
    assert res.message == S.L.text("job.team_cards", lang, sheet=S.L.text("sheet.cards", lang), n=4)
    rows = jobs.apply_values(v, res)[S.L.text("sheet.cards", lang)]
    wb = read_team_workbook(v)
    heads = [(r[1], r[3]) for r in rows if r[0] == S.L.text("col.team_no", lang)]
    heads += [(r[8], r[10]) for r in rows if len(r) > 8 and r[7] == S.L.text("col.team_no", lang)]
    assert sorted(heads) == [(t.number, t.name) for t in wb.event.teams]
    if lang == "zh":  # team 1 won round 1 2:0 on each of the 4 boards (first team, red on board 1)
        m = wb.event.rounds[0].matches[0]
        first = m.first
        i = next(i for i, r in enumerate(rows) if r[0] == "队号" and r[1] == first)
        assert rows[i + 2][:6] == ["轮次", "对手", "红/黑", "结果", "局分", "累计场分"]
        assert rows[i + 3][:6] == [1, m.second, "红", "胜", "8:0", 2]
        assert rows[i + 4][:6] == [2, None, None, None, None, None]


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_ribbons_cards_button_on_a_team_workbook_writes_the_team_cards(lang):
    """The ribbon's 编排卡 asks for the next round's pages where the method lays them out
    (jobs.table.WHERE_LAID_OUT); a team event has none, so the team cards are written —
    before, the button asked outright and every click on a team workbook was refused."""
    from bianpai.addin.excel import xl

    v = pair(team_event(lang=lang))
    res = xl._job("cards")(v)
    assert res.message == jobs.cards(v).message
    assert jobs.apply_values(v, res) == jobs.apply_values(v, jobs.cards(v))


def test_cards_and_slips_through_the_cli_and_brackets_refused_in_one_sentence(tmp_path, capsys):
    from test_team_workbook import _fill_file

    from bianpai.addin.cli.app import EXIT_BAD_INPUT, main
    from bianpai.addin.files.reader import read_workbook

    path = tmp_path / "team.xlsx"
    assert main(["new", str(path), "--team"]) == 0
    _fill_file(path, 4, 3)
    assert main(["pair", str(path)]) == 0
    before = path.read_bytes()
    capsys.readouterr()
    assert main(["cards", str(path), "--brackets"]) == EXIT_BAD_INPUT
    err = capsys.readouterr().err
    assert S.L.text("problem.team_no_brackets", "zh") in err
    assert "未知设置" not in err and "表头" not in err
    assert path.read_bytes() == before
    assert main(["cards", str(path)]) == 0
    assert main(["slips", str(path)]) == 0
    assert "2 张记分单（每场一张）" in capsys.readouterr().out
    book = read_workbook(path)  # derived sheets: the jobs' reader skips them
    slips = book["记分单"]
    assert [r[5] for r in slips if len(r) > 5 and str(r[3]).endswith("记分单")] == ["第1场", "第2场"]
    assert sum(1 for r in book["编排卡"] for c in r if c == "队号") == 4
    assert main(["check", str(path)]) == 0


def test_a_match_slip_shows_both_teams_each_board_its_players_colours_and_the_captains_signatures():
    v = pair(team_event(lang="en"))
    v = jobs.apply_values(v, jobs.slips(v))
    wb = read_team_workbook(v)
    rows = v["Score slips"]
    m = wb.event.rounds[0].matches[0]
    names = {p.number: p.name for t in wb.event.teams for p in t.roster}
    assert rows[0][3] == "Round 1 score slip" and rows[0][5] == "Match 1"
    assert rows[1] == ["First team", m.first, wb.event.team(m.first).name, "Second team", m.second,
                       wb.event.team(m.second).name]
    for b, row in zip(m.boards, rows[3:3 + len(m.boards)], strict=True):
        red_first = b.board % 2 == 1  # the first team has red on the odd boards
        assert row == [b.board, "red" if red_first else "black", f"{b.first} {names[b.first]}", None,
                       "black" if red_first else "red", f"{b.second} {names[b.second]}"]
    after = rows[3 + len(m.boards):]
    assert [r[0] for r in after[:4]] == ["Board points (first:second)", "Match points (first:second)",
                                         "First team's captain signs:", "Arbiter signs:"]
    assert after[2][3] == "Second team's captain signs:"
    assert "by the colours on the board" in after[4][0]
    # kept on the last round by later jobs
    v = pair(team_event())
    v = jobs.apply_values(v, jobs.slips(v))
    type_all(v, 1, "2:0")
    v = pair(v)
    assert v["记分单"][0][3] == "第2轮 记分单"


# ---------------------------------------------------------------------------
# issue 23 "the structure behind them": the kind of event is one interface, chosen once
# ---------------------------------------------------------------------------


def test_every_kind_implements_every_job_of_the_interface():
    from bianpai.addin.jobs import kinds

    members = [m for m in vars(kinds.EventKind) if not m.startswith("_")]
    assert {"pair", "update", "undo", "check", "cards", "slips", "export_trf", "import_trf"} <= set(members)
    for kind in kinds.KINDS:
        for m in members:
            assert hasattr(kind, m), (kind.name, m)


def test_the_jobs_call_the_kind_chosen_once_without_asking_which_it_is(monkeypatch):
    """A new kind put first: every job goes to it, and it alone decides (no job tests the kind)."""
    from bianpai.addin.jobs import kinds

    calls: list[str] = []

    class Probe:
        name = "probe"

        def holds(self, values):
            return True

        def holds_trf(self, text):
            return True

        def __getattr__(self, job):
            def run(*args, **kw):
                calls.append(job)
                return jobs.JobResult((), (), message=job)

            return run

    monkeypatch.setattr(kinds, "KINDS", (Probe(),) + kinds.KINDS)
    v = team_event()
    for job, call in (("pair", lambda: jobs.pair(v)), ("update", lambda: jobs.update(v)),
                      ("undo", lambda: jobs.undo(v)), ("check", lambda: jobs.check(v)),
                      ("cards", lambda: jobs.cards(v)), ("slips", lambda: jobs.slips(v)),
                      ("draw", lambda: jobs.draw(v)), ("export_trf", lambda: jobs.export_trf(v)),
                      ("import_trf", lambda: jobs.import_trf(v, "012 x")),
                      ("import_players", lambda: jobs.import_players(v, [["姓名"]])),
                      ("next_step", lambda: jobs.next_step(v)), ("language", lambda: jobs.language(v)),
                      ("new_in_workbook", lambda: jobs.new_in_workbook(v))):
        calls.clear()
        out = call()
        assert calls == [job], (job, calls)
        assert job == "language" or out.message == job


# ---------------------------------------------------------------------------
# issue 30 item 1: a writing job never returns a workbook check would reject
# ---------------------------------------------------------------------------


def test_a_job_whose_result_check_would_reject_is_refused_and_nothing_is_written(monkeypatch):
    """A renderer that disagrees with its reader (here: one that drops the header row of 第1轮, as a
    row deleted above the table used to end up) is refused with what check would say."""
    from dataclasses import replace as dc_replace

    from bianpai.addin.jobs import kinds

    v = pair(team_event())
    type_all(v, 1, "2:0")
    honest = kinds.TeamKind.update

    def broken(self, values):
        res = honest(self, values)
        sheets = tuple(dc_replace(s, rows=s.rows[:2] + s.rows[3:]) if s.name == "第1轮" else s
                       for s in res.sheets)
        return dc_replace(res, sheets=sheets, changed=res.changed + ("第1轮",))

    monkeypatch.setattr(kinds.TeamKind, "update", broken)
    with pytest.raises(WorkbookInputError) as e:
        jobs.update(v)
    want = "未写入：执行后的工作簿将无法通过“检查”：第1轮!"
    assert e.value.messages and all(m.startswith(want) for m in e.value.messages)
    monkeypatch.setattr(kinds.TeamKind, "update", honest)
    assert jobs.update(v).changed  # the honest job is accepted


def test_new_event_in_a_team_template_completes_it_and_refuses_a_team_workbook_with_teams():
    """The ribbon's 新建赛事 on the team template read it as an individual event (未知设置 '赛事类型')."""
    template = jobs.apply_values({}, jobs.new("zh", team=True))
    res = jobs.new_in_workbook(template)
    assert res.message == S.L.text("job.team_new", "zh")
    assert read_team_workbook(jobs.apply_values(template, res)).event.teams == ()
    with pytest.raises(WorkbookInputError) as e:
        jobs.new_in_workbook(team_event())
    (msg,) = e.value.messages
    assert msg.startswith("参赛队: ") and "4 个参赛队" in msg


def test_both_kinds_of_workbook_are_one_book_interface():
    from bianpai.addin.jobs import kinds

    individual = jobs.apply_values({}, jobs.new("zh"))
    for values, read in ((team_event(), read_team_workbook), (individual, S.read_event)):
        book = read(values)
        assert isinstance(book, kinds.EventBook)
        assert book.round_sheet_name(1) == "第1轮" and book.lang == "zh"
