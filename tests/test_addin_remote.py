"""The add-in's entry functions on xlwings' remote interpreter, against the CLI.

Excel does not run here; xlwings' remote interpreter does. For each job the
event workbook is built with the CLI (``bianpai new``, ``import-players``,
``pair`` …, results typed in with openpyxl), then run two ways from the same
file:

* the CLI command on one copy;
* the add-in: the copy turned into the JSON payload an Office.js client sends,
  ``xlwings.Book(json=payload)``, the entry function of :mod:`bianpai.addin.xl`,
  and the returned actions replayed onto the openpyxl workbook
  (tests/remote.py).

Every sheet's values must then be equal. The actions are counted per job:
each source sheet is read once, each written sheet gets exactly one
``setValues``, and bad input gives exactly one message box and no write.
The counts are printed (``pytest -s``) for the report.

xlwings' remote interpreter is xlwings PRO code used under its non-commercial
licence (``XLWINGS_LICENSE_KEY=noncommercial``).
"""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import openpyxl
import pytest
import xlwings as xw

import remote
from bianpai.addin.cli import app as cli
from bianpai.addin.jobs import api as jobs
from bianpai.addin.workbook import sheets as S
from bianpai.addin.excel import entry, xl, xl_cells, xl_write
from bianpai.addin.workbook.words import sheet_key

PLAYERS_CSV = "No.,Name,Club,Rating\n" + "".join(
    f"{i},Player {i},Club {chr(64 + i)},{2100 - 50 * i}\n" for i in range(1, 8))
"""Seven players: an odd field, so every round has a pairing-allocated bye."""

WRITE_ACTIONS_IGNORED = {"alert"}

FORMAT_ACTIONS = {"setRangeColors", "setFontProperty", "setHorizontalAlignment", "setWrapText",
                  "setBorderProperty", "setColumnWidth", "setDataValidationList", "addNote",
                  "freezePaneAtRange"}


@pytest.fixture(autouse=True)
def licence(monkeypatch):
    monkeypatch.setenv("XLWINGS_LICENSE_KEY", "noncommercial")
    remote.ensure_remote_engine()


# --- building event files with the CLI -----------------------------------------------


def run_cli(*argv: str) -> None:
    assert cli.main(list(argv)) == 0, argv


def type_results(path: Path, round_no: int, results: list[str | None]) -> None:
    """Type results into round ``round_no``'s result column, board by board (None: leave empty)."""
    wb = openpyxl.load_workbook(path)
    name = next(n for n in wb.sheetnames if sheet_key(n) == "round"
                and S.L.round_of_sheet(n) == round_no)
    ws = wb[name]
    row = S.ROUND_HEADER_ROW + 1
    for result in results:
        assert isinstance(ws.cell(row, S.C_BOARD).value, int)
        ws.cell(row, S.C_RESULT).value = result
        row += 1
    wb.save(path)


@pytest.fixture(scope="module")
def states(tmp_path_factory) -> dict[str, Path]:
    """Event files at the points where an organiser clicks (English template).

    * ``players``: 7 players, nothing paired;
    * ``r1_done``: round 1 paired and every result in;
    * ``r2_part``: round 2 paired, one result in, two boards unfinished;
    * ``r2_paired``: round 2 paired, no result yet (undo is allowed).
    """
    d = tmp_path_factory.mktemp("states")
    (d / "players.csv").write_text(PLAYERS_CSV, encoding="utf-8")
    ev = d / "ev.xlsx"
    run_cli("new", str(ev), "--lang", "en", "--name", "Club night")
    run_cli("import-players", str(ev), str(d / "players.csv"))
    out = {"players": d / "players.xlsx"}
    shutil.copy(ev, out["players"])
    run_cli("pair", str(ev))
    type_results(ev, 1, ["1-0", "½-½", "0-1"])
    run_cli("standings", str(ev))
    out["r1_done"] = d / "r1_done.xlsx"
    shutil.copy(ev, out["r1_done"])
    run_cli("pair", str(ev))
    out["r2_paired"] = d / "r2_paired.xlsx"
    shutil.copy(ev, out["r2_paired"])
    type_results(ev, 2, ["1-0", None, None])
    out["r2_part"] = d / "r2_part.xlsx"
    shutil.copy(ev, out["r2_part"])
    return out


# --- the two paths ---------------------------------------------------------------------


def values_of(path: Path) -> dict[str, list[list[object]]]:
    return remote.workbook_values(openpyxl.load_workbook(path))


def by_cli(state: Path, tmp_path: Path, *argv: str) -> dict[str, list[list[object]]]:
    copy = tmp_path / "cli.xlsx"
    shutil.copy(state, copy)
    run_cli(argv[0], str(copy), *argv[1:])
    return values_of(copy)


def by_addin(state: Path | None, entry) -> tuple[dict, remote.Replay, xl.Outcome, list[dict]]:
    """Run ``entry`` on the Office.js payload of ``state`` and replay its actions."""
    wb = openpyxl.load_workbook(state) if state else openpyxl.Workbook()
    book = xw.Book(json=remote.payload_from_workbook(wb))
    outcome = entry(book)
    actions = book.json()["actions"]
    replay = remote.apply_actions(wb, actions)
    return remote.workbook_values(wb), replay, outcome, actions


def check_counts(job: str, outcome: xl.Outcome, replay: remote.Replay, actions: list[dict],
                 state: Path | None) -> None:
    """One read per source sheet; one setValues per written sheet; no message box."""
    if state is None:  # 新建赛事 reads every sheet of the fresh workbook: its one "Sheet"
        sources = 1
    else:
        sources = sum(1 for n in openpyxl.load_workbook(state).sheetnames
                      if sheet_key(n) in xl.SOURCE_KEYS)
    assert outcome.calls.get("read.values", 0) == sources
    written = [a["sheet_position"] for a in actions if a["func"] == "setValues"]
    assert len(written) == len(set(written)), "a sheet was written twice"
    assert replay.alerts == [] and outcome.ok
    writes = sum(n for f, n in replay.counts.items() if f not in WRITE_ACTIONS_IGNORED)
    formatting = sum(n for f, n in replay.counts.items() if f in FORMAT_ACTIONS)
    print(f"\n{job}: reads {outcome.calls.get('read.values', 0)}, actions {len(actions)} "
          f"(setValues {replay.counts.get('setValues', 0)}, formatting {formatting}, "
          f"sheets +{replay.counts.get('addSheet', 0)} -{replay.counts.get('sheetDelete', 0)}, "
          f"clear {replay.counts.get('sheetClear', 0)}); all writes {writes}")
    assert len(actions) == writes


# --- one test per job ------------------------------------------------------------------


def test_new_event_writes_the_template_sheets_the_cli_writes(tmp_path):
    """新建赛事 on a fresh workbook (one empty ``Sheet``) gives the sheets of
    ``bianpai new`` (Chinese template), and the empty sheet is gone."""
    values, replay, outcome, actions = by_addin(None, xl.new_event)
    cli_path = tmp_path / "new.xlsx"
    run_cli("new", str(cli_path))
    assert values == values_of(cli_path)
    assert list(values) == openpyxl.load_workbook(cli_path).sheetnames
    check_counts("new_event", outcome, replay, actions, None)
    assert replay.counts["setValues"] == len(values) == 6
    assert replay.counts["sheetDelete"] == 1


@pytest.mark.parametrize("state", ["players", "r1_done"])
def test_new_event_refuses_a_workbook_that_holds_an_event(states, state):
    values, replay, outcome, actions = by_addin(states[state], xl.new_event)
    assert values == values_of(states[state])
    assert [a["func"] for a in actions] == ["alert"]
    (problem,) = outcome.problems
    assert problem.startswith("Players: this workbook already holds an event (7 players")


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_new_event_on_the_template_keeps_it_as_bianpai_new_makes_it(lang, tmp_path):
    """Open the template, click 新建赛事: the sheets stay what ``bianpai new`` writes
    (only the derived ones are rewritten)."""
    template = Path(__file__).resolve().parents[1] / "templates" / f"bianpai-{lang}.xlsx"
    values, replay, outcome, actions = by_addin(template, xl.new_event)
    run_cli("new", str(tmp_path / "new.xlsx"), "--lang", lang)
    assert values == values_of(tmp_path / "new.xlsx")
    assert outcome.ok and replay.counts["setValues"] == 4  # Colours, Floats, Standings, Crosstable


# --- 抽签 Draw numbers --------------------------------------------------------------------


def with_seeds(state: Path, tmp_path: Path, seeded: tuple[int, ...] = (1, 2),
               draw_seed: int | None = None) -> Path:
    """A copy of ``state`` with players ``seeded`` marked 种子 (Seed: yes) and, if given,
    ``draw_seed`` typed into the Settings' 抽签种子/Draw seed row."""
    path = tmp_path / "seeded.xlsx"
    shutil.copy(state, path)
    wb = openpyxl.load_workbook(path)
    ws = wb[next(n for n in wb.sheetnames if sheet_key(n) == "sheet.players")]
    header = [c.value for c in ws[S.PLAYERS_HEADER_ROW]]
    col = header.index("Seed") + 1
    for row in range(S.PLAYERS_HEADER_ROW + 1, ws.max_row + 1):
        if ws.cell(row, 1).value in seeded:
            ws.cell(row, col).value = "yes"
    if draw_seed is not None:
        st = wb[next(n for n in wb.sheetnames if sheet_key(n) == "sheet.settings")]
        row = next(r for r in range(1, st.max_row + 1) if st.cell(r, 1).value == "Draw seed")
        st.cell(row, 2).value = draw_seed
    wb.save(path)
    return path


def seeds_and_numbers(values: dict) -> list[tuple[str, int, bool]]:
    """(name, number, seeded) of every player, as the workbook layer reads them."""
    t = S.read_event(values).tournament
    return [(p.name, p.number, p.seeded) for p in t.players]


def test_draw_numbers_equals_cli_draw(states, tmp_path):
    """抽签 before round 1, Players 1 and 2 seeded, no draw seed typed: the add-in
    renumbers the Players sheet and records the default seed on Settings exactly as
    ``bianpai draw`` does; both seeds draw odd numbers, every player keeps his
    name, club and rating."""
    state = with_seeds(states["players"], tmp_path)
    values, replay, outcome, actions = by_addin(state, xl.draw_numbers)
    assert values == by_cli(state, tmp_path, "draw")
    check_counts("draw", outcome, replay, actions, state)
    before = {name: seeded for name, _, seeded in seeds_and_numbers(values_of(state))}
    after = seeds_and_numbers(values)
    assert sorted(n for _, n, _ in after) == list(range(1, 8))
    assert {name: seeded for name, _, seeded in after} == before
    assert all(n % 2 == 1 for _, n, seeded in after if seeded)
    assert values != values_of(state)  # the draw moved someone
    assert S.read_event(values).settings.draw_seed is not None


def test_draw_numbers_uses_the_seed_typed_on_settings(states, tmp_path):
    """No seed comes from the ribbon: a seed typed into Settings' Draw seed row is
    the one used, the same draw as ``bianpai draw --seed``."""
    state = with_seeds(states["players"], tmp_path, draw_seed=5)
    values, replay, outcome, actions = by_addin(state, xl.draw_numbers)
    assert values == by_cli(state, tmp_path, "draw", "--seed", "5")
    assert S.read_event(values).settings.draw_seed == 5
    assert outcome.message.endswith("draw seed 5")


def test_draw_numbers_refused_once_round_1_is_paired(states):
    """After round 1 the numbers are fixed: one message box naming the round sheet's
    first board, nothing written."""
    values, replay, outcome, actions = by_addin(states["r1_done"], xl.draw_numbers)
    assert [a["func"] for a in actions] == ["alert"]
    assert values == values_of(states["r1_done"])
    round1 = next(n for n in values if sheet_key(n) == "round")
    assert outcome.problems == (f"{round1}!B4: round 1 is already paired — the numbers are drawn "
                                f"before round 1 (undo every round to draw again)",)
    (text, title), = replay.alerts
    assert title == xl.MESSAGE_TITLE and outcome.problems[0] in text and "Nothing was written" in text


@pytest.mark.parametrize("state", ["players", "r1_done"])
def test_pair_next_round_equals_cli_pair(states, tmp_path, state):
    values, replay, outcome, actions = by_addin(states[state], xl.pair_next_round)
    assert values == by_cli(states[state], tmp_path, "pair")
    check_counts(f"pair ({state})", outcome, replay, actions, states[state])
    assert replay.counts["addSheet"] == 1  # the new round sheet
    # It sits after the previous round (or Players) and before the derived sheets.
    expected_order = openpyxl.load_workbook(tmp_path / "cli.xlsx").sheetnames
    assert list(values) == expected_order


def test_pair_provisional_equals_cli_pair_provisional(states, tmp_path):
    values, replay, outcome, actions = by_addin(states["r2_part"], xl.pair_provisional)
    assert values == by_cli(states["r2_part"], tmp_path, "pair", "--provisional")
    check_counts("pair_provisional", outcome, replay, actions, states["r2_part"])


def test_update_standings_equals_cli_standings(states, tmp_path):
    values, replay, outcome, actions = by_addin(states["r2_part"], xl.update_standings)
    assert values == by_cli(states["r2_part"], tmp_path, "standings")
    check_counts("standings", outcome, replay, actions, states["r2_part"])
    # Only the derived sheets are rewritten: sources are neither cleared nor written.
    assert replay.counts["setValues"] == 4


def test_undo_last_round_equals_cli_undo(states, tmp_path):
    values, replay, outcome, actions = by_addin(states["r2_paired"], xl.undo_last_round)
    assert values == by_cli(states["r2_paired"], tmp_path, "undo")
    check_counts("undo", outcome, replay, actions, states["r2_paired"])
    assert replay.counts["sheetDelete"] == 1


def test_pairing_cards_equal_cli_cards_with_the_next_rounds_page(states, tmp_path):
    """编排卡: the ribbon writes what ``bianpai cards --brackets`` writes (the cards, and the
    next round's score groups in card order — the arbiter's working sheet)."""
    values, replay, outcome, actions = by_addin(states["r1_done"], xl.pairing_cards)
    assert values == by_cli(states["r1_done"], tmp_path, "cards", "--brackets")
    check_counts("cards", outcome, replay, actions, states["r1_done"])
    assert "Cards" in values  # the English event's 编排卡 sheet


def test_score_slips_equal_cli_slips(states, tmp_path):
    values, replay, outcome, actions = by_addin(states["r2_part"], xl.score_slips)
    assert values == by_cli(states["r2_part"], tmp_path, "slips")
    check_counts("slips", outcome, replay, actions, states["r2_part"])
    assert "Score slips" in values


def test_next_step_pairs_when_the_last_round_is_complete(states, tmp_path):
    values, replay, outcome, actions = by_addin(states["r1_done"], xl.next_step)
    assert values == by_cli(states["r1_done"], tmp_path, "pair")
    check_counts("next_step (pair)", outcome, replay, actions, states["r1_done"])


def test_next_step_updates_standings_while_games_are_unfinished(states, tmp_path):
    values, replay, outcome, actions = by_addin(states["r2_part"], xl.next_step)
    assert values == by_cli(states["r2_part"], tmp_path, "standings")
    check_counts("next_step (standings)", outcome, replay, actions, states["r2_part"])


def test_export_trf_puts_the_cli_trf_into_a_sheet(states, tmp_path):
    """On Office.js there is no folder to write ``<workbook>.trf`` into, so the TRF
    goes into the ``TRF`` sheet, one line per row — the text ``export-trf`` writes."""
    values, replay, outcome, actions = by_addin(states["r2_part"], xl.export_trf)
    trf = tmp_path / "cli.trf"
    run_cli("export-trf", str(states["r2_part"]), "-o", str(trf))
    lines = trf.read_text(encoding="utf-8").splitlines()
    assert [r[0] for r in values[xl_write.TRF_SHEET_NAME]] == [line or None for line in lines]
    assert outcome.output.splitlines() == lines
    before = values_of(states["r2_part"])
    assert {k: v for k, v in values.items() if k != xl_write.TRF_SHEET_NAME} == before
    assert [a["func"] for a in actions] == ["addSheet", "setValues"]


def test_check_of_a_sound_workbook_writes_nothing_and_reports_once(states):
    values, replay, outcome, actions = by_addin(states["r2_part"], xl.check)
    assert values == values_of(states["r2_part"])
    assert [a["func"] for a in actions] == ["alert"]
    assert outcome.ok and outcome.message == jobs.check(
        openpyxl_values(states["r2_part"])).message


def openpyxl_values(path: Path) -> dict[str, list[list[object]]]:
    from bianpai.addin.files import xlsx

    return xlsx.read_values(path)


# --- problems: one message box, nothing written ------------------------------------------


@pytest.fixture
def broken(states, tmp_path) -> Path:
    """``r1_done`` with two bad cells: a result nobody can read and a player number
    that is not on the Players sheet."""
    path = tmp_path / "broken.xlsx"
    shutil.copy(states["r1_done"], path)
    wb = openpyxl.load_workbook(path)
    ws = wb[next(n for n in wb.sheetnames if sheet_key(n) == "round")]
    ws.cell(S.ROUND_HEADER_ROW + 1, S.C_RESULT).value = "won"
    ws.cell(S.ROUND_HEADER_ROW + 2, S.C_BLACK).value = 99
    wb.save(path)
    return path


@pytest.mark.parametrize("entry", [xl.pair_next_round, xl.pair_provisional, xl.update_standings,
                                   xl.undo_last_round, xl.check, xl.export_trf, xl.next_step])
def test_problems_show_in_one_message_box_and_nothing_is_written(broken, entry):
    values, replay, outcome, actions = by_addin(broken, entry)
    assert [a["func"] for a in actions] == ["alert"]
    assert values == values_of(broken)
    (text, title), = replay.alerts
    assert title == xl.MESSAGE_TITLE
    assert not outcome.ok and len(outcome.problems) >= 2
    for problem in outcome.problems:
        assert problem in text
    round_sheet = next(n for n in values if sheet_key(n) == "round")
    assert f"{round_sheet}!E4" in text  # the unreadable result, by sheet and cell
    assert f"{round_sheet}!H5" in text  # the unknown player number
    assert "Nothing was written" in text


def test_cli_reports_the_same_problems(broken, capsys):
    assert cli.main(["pair", str(broken)]) == cli.EXIT_BAD_INPUT
    err = capsys.readouterr().err
    _, _, outcome, _ = by_addin(broken, xl.pair_next_round)
    for problem in outcome.problems:
        assert problem in err


def test_pairing_refused_when_a_result_is_missing(states):
    """编排下一轮 with round 2 unfinished: the missing results are listed by cell."""
    values, replay, outcome, actions = by_addin(states["r2_part"], xl.pair_next_round)
    assert [a["func"] for a in actions] == ["alert"]
    round2 = [n for n in values if sheet_key(n) == "round"][1]
    assert [p.split(":")[0] for p in outcome.problems] == [f"{round2}!E5", f"{round2}!E6"]


# --- counting ------------------------------------------------------------------------------


def test_reads_are_one_per_source_sheet_and_derived_sheets_are_not_read(states):
    wb = openpyxl.load_workbook(states["r2_part"])
    book = xw.Book(json=remote.payload_from_workbook(wb))
    io = xl.Gateway(book)
    values = xl.read_sheets(io)
    sources = [n for n in wb.sheetnames if sheet_key(n) in xl.SOURCE_KEYS]
    assert io.calls == {"read.sheet_names": 1, "read.extent": len(sources),
                        "read.values": len(sources)} == {
        "read.sheet_names": 1, "read.extent": 4, "read.values": 4}
    assert all(values[n] == [] for n in wb.sheetnames if n not in sources)


def test_a_result_excel_turned_into_a_time_reads_as_the_cli_reads_it(states, tmp_path):
    """Typed ``2:0`` (red wins, 2 points to 0), Excel keeps 02:00; Office.js sends it as
    ``1899-12-30T02:00:00.000Z``. The add-in reads it back as the time openpyxl gives
    the CLI, so both pair round 3 the same. (The CLI rewrites the whole file and
    stores the kept time as the text ``2:0``; the add-in leaves the unchanged
    Round 2 sheet alone, so there the cell is still the time.)"""
    import datetime as dt

    path = tmp_path / "times.xlsx"
    shutil.copy(states["r2_part"], path)
    wb = openpyxl.load_workbook(path)
    ws = wb[[n for n in wb.sheetnames if sheet_key(n) == "round"][1]]
    ws.cell(S.ROUND_HEADER_ROW + 2, S.C_RESULT).value = dt.time(2, 0)
    ws.cell(S.ROUND_HEADER_ROW + 3, S.C_RESULT).value = "0-1"
    wb.save(path)
    values, replay, outcome, actions = by_addin(path, xl.pair_next_round)
    assert outcome.ok
    round2 = [n for n in values if sheet_key(n) == "round"][1]
    assert values[round2][S.ROUND_HEADER_ROW + 1][S.C_RESULT - 1] == dt.time(2, 0)
    values[round2][S.ROUND_HEADER_ROW + 1][S.C_RESULT - 1] = "2:0"
    assert values == by_cli(path, tmp_path, "pair")


def test_a_used_range_not_at_a1_is_read_from_a1(monkeypatch):
    """Excel's used range of a sheet whose first used cell is C2 starts there; the
    rows handed to the jobs still start at A1."""
    wb = openpyxl.Workbook()
    ws = wb.active
    ws["C2"], ws["D3"] = "x", 5
    payload = remote.payload_from_workbook(wb)  # Office.js sends values from A1 on
    payload["sheets"][0]["used_range_address"] = "$C$2:$D$3"
    io = xl.Gateway(xw.Book(json=payload))
    assert io.read_sheet(ws.title) == [[None, None, None, None],
                                       [None, None, "x", None],
                                       [None, None, None, 5]]
    assert xl_cells.top_left_of("$C$2:$F$9") == (2, 3) and xl_cells.top_left_of("A1") == (1, 1)


def test_rectangles_cover_cells_with_few_boxes():
    """A 3×2 block and a lone cell: two rectangles; an L shape: two."""
    block = {(r, c) for r in (4, 5, 6) for c in (3, 4)} | {(9, 1)}
    assert xl_cells.rectangles(block) == [xl_cells.Box(4, 3, 6, 4), xl_cells.Box(9, 1, 9, 1)]
    ell = {(1, 1), (2, 1), (2, 2)}
    assert xl_cells.rectangles(ell) == [xl_cells.Box(1, 1, 1, 1), xl_cells.Box(2, 1, 2, 2)]


@pytest.mark.parametrize("cell, frozen", [("C4", "A1:B3"), ("A4", "1:3"), ("C1", "A:B"), ("A1", None)])
def test_frozen_range_from_the_top_left_unfrozen_cell(cell, frozen):
    assert xl_cells.frozen_range(cell) == frozen


def test_text_that_looks_like_a_formula_is_written_as_text():
    assert xl_cells.excel_value("+/-") == "'+/-"
    assert xl_cells.excel_value("=x") == "'=x"
    assert xl_cells.excel_value("1-0") == "1-0" and xl_cells.excel_value(3) == 3


def test_action_counts_per_job(states, capsys):
    """The whole table at once (``pytest -s`` shows it): actions per job."""
    table = Counter()
    for job, state in (("draw", "players"), ("pair", "r1_done"), ("pair_provisional", "r2_part"),
                       ("standings", "r2_part"), ("undo", "r2_paired"), ("check", "r2_part"),
                       ("export_trf", "r2_part"), ("next_step", "r1_done")):
        _, replay, outcome, actions = by_addin(states[state], xl.ENTRY_FUNCTIONS[job])
        table[job] = len(actions)
        assert outcome.ok
    _, _, _, actions = by_addin(None, xl.new_event)
    table["new_event"] = len(actions)
    print("\nactions per job:", dict(table))
    assert table["check"] == 1 and table["export_trf"] == 2
    assert all(n < 400 for n in table.values())


# --- desktop Excel: status bar and the TRF file ----------------------------------------------


class DesktopApp:
    """The remote book's app, seen as desktop Excel: it has a status bar."""

    class engine:  # noqa: N801 - mimics xlwings' App.engine
        name = "excel"

    def __init__(self, app) -> None:
        self._app = app
        self.status_history: list[object] = []

    @property
    def status_bar(self) -> object:
        return self.status_history[-1] if self.status_history else False

    @status_bar.setter
    def status_bar(self, value: object) -> None:
        self.status_history.append(value)

    def alert(self, *args, **kwargs):
        return self._app.alert(*args, **kwargs)


class DesktopBook:
    """An ``xlwings.Book`` on desktop Excel, as far as :mod:`bianpai.addin.xl` uses it."""

    def __init__(self, book, fullname: str) -> None:
        self._book = book
        self.app = DesktopApp(book.app)
        self.fullname = fullname

    @property
    def sheets(self):
        return self._book.sheets

    def json(self):
        return self._book.json()


def test_progress_shows_in_the_status_bar_and_excel_gets_it_back(states, tmp_path):
    wb = openpyxl.load_workbook(states["r2_part"])
    book = DesktopBook(xw.Book(json=remote.payload_from_workbook(wb)), str(tmp_path / "ev.xlsx"))
    outcome = xl.update_standings(book)
    history = book.app.status_history
    assert outcome.ok and history[-1] is False
    shown = [h for h in history if h is not False]
    assert all(h.startswith(xl.STATUS_PREFIX) for h in shown)
    assert sum("读取 reading" in h for h in shown) == 1 + 4  # start, then one per source sheet
    assert sum("写入 writing" in h for h in shown) == 4  # one per derived sheet written
    assert outcome.calls["status"] == len(history)


def test_export_trf_on_the_desktop_writes_the_file_next_to_the_workbook(states, tmp_path):
    wb = openpyxl.load_workbook(states["r2_part"])
    book = DesktopBook(xw.Book(json=remote.payload_from_workbook(wb)), str(tmp_path / "ev.xlsx"))
    outcome = xl.export_trf(book)
    cli_trf = tmp_path / "cli.trf"
    run_cli("export-trf", str(states["r2_part"]), "-o", str(cli_trf))
    assert (tmp_path / "ev.trf").read_text(encoding="utf-8") == cli_trf.read_text(encoding="utf-8")
    assert book.json()["actions"] == []  # nothing written into the workbook
    assert str(tmp_path / "ev.trf") in outcome.message


def test_desktop_excel_freezes_panes_through_the_window(monkeypatch):
    """xlwings' desktop engines have no ``freeze_at``; on Windows the sheet's window
    is split at the SheetOut's top-left unfrozen cell (C4: 3 rows, 2 columns) and
    frozen, and the organiser's sheet is active again afterwards."""
    events: list[tuple[str, object]] = []

    class Window:
        def __setattr__(self, key, value):
            events.append((key, value))

    class Sheet:
        def __init__(self, name):
            self.name = name

        @property
        def freeze_panes(self):
            raise AttributeError("freeze_panes")

        def activate(self):
            events.append(("activate", self.name))

    class Sheets(dict):
        active = Sheet("Players")

    class App:
        class engine:  # noqa: N801
            name = type = "excel"

        class api:  # noqa: N801
            ActiveWindow = Window()

    class Book:
        app = App()
        sheets = Sheets({"Colours": Sheet("Colours")})

    monkeypatch.setattr("sys.platform", "win32")
    io = xl.Gateway(Book())
    io.freeze("Colours", "C4")
    assert events == [("activate", "Colours"), ("FreezePanes", False), ("SplitColumn", 2),
                      ("SplitRow", 3), ("FreezePanes", True), ("activate", "Players")]
    assert io.calls == {"write.freeze": 1}


# --- RunPython entry points ------------------------------------------------------------------


def test_ribbon_runs_the_job_on_the_active_workbook_not_on_the_add_in(monkeypatch):
    """RunPython from ``bianpai.xlam`` makes the add-in ``Book.caller()``; the job runs on
    the workbook the organiser has open (the active one), and its message stays in the
    status bar."""
    ran: list[tuple[str, object]] = []

    class App:
        status_bar: object = False

    class Book:
        def __init__(self, name):
            self.name = name
            self.app = app

    app = App()
    event, addin = Book("event.xlsx"), Book("bianpai.xlam")
    app.books = type("Books", (), {"active": event})()
    monkeypatch.setattr(xw.Book, "caller", staticmethod(lambda: addin))
    monkeypatch.setitem(xl.ENTRY_FUNCTIONS, "standings",
                        lambda book: ran.append(("standings", book))
                        or xl.Outcome("standings", "Rank  No.\n1  6", (), {}))
    entry.run_from_excel("standings")
    assert ran == [("standings", event)]
    assert app.status_bar == xl.STATUS_PREFIX + "Rank  No."
    assert entry.target_book() is event
    monkeypatch.setattr(xw.Book, "caller", staticmethod(lambda: event))
    assert entry.target_book() is event  # RunPython from a macro workbook itself


def test_ribbon_with_no_workbook_open_says_so(monkeypatch):
    alerts = []

    class App:
        books = type("Books", (), {"active": None})()

        def alert(self, text, title):
            alerts.append((text, title))

    addin = type("Book", (), {"name": "bianpai.xlam", "app": App()})()
    monkeypatch.setattr(xw.Book, "caller", staticmethod(lambda: addin))
    entry.run_from_excel("pair")
    assert alerts == [(entry.NO_WORKBOOK_MESSAGE, xl.MESSAGE_TITLE)]


def test_known_good_add_in_main_runs_the_next_step(monkeypatch):
    from bianpai.addin.excel import next_step

    calls = []
    monkeypatch.setattr(entry, "run_from_excel", calls.append)
    next_step.main()
    assert calls == ["next_step"]


def test_a_sheet_the_add_in_adds_gets_the_a4_page_setup_on_windows(monkeypatch):
    """Clearing a sheet keeps its page setup, so only added sheets need one; on
    Windows it is set through Excel's PageSetup with printer communication off
    around it (one printer round trip)."""
    log: list[tuple[str, object]] = []

    class Recorder:
        def __init__(self, prefix):
            object.__setattr__(self, "prefix", prefix)

        def __setattr__(self, key, value):
            log.append((f"{self.prefix}{key}", value))

    class Sheet:
        api = type("SheetApi", (), {"PageSetup": Recorder("")})()

    class App:
        class engine:  # noqa: N801
            name = type = "excel"

        api = Recorder("app.")

    class Book:
        app = App()
        sheets = {"Round 3": Sheet()}

    monkeypatch.setattr("sys.platform", "win32")
    io = xl.Gateway(Book())
    io.page_setup("Round 3", S.PrintSetup(orientation="landscape", repeat_rows=(3, 3),
                                          header="Club & friends", footer="Page &P"))
    assert log == [("app.PrintCommunication", False), ("PaperSize", 9), ("Orientation", 2),
                   ("Zoom", False), ("FitToPagesWide", 1), ("FitToPagesTall", False),
                   ("PrintTitleRows", "$3:$3"), ("CenterHeader", "Club && friends"),
                   ("CenterFooter", "Page &P"), ("CenterHorizontally", True),
                   ("app.PrintCommunication", True)]
    assert io.calls == {"write.page_setup": 1}
