"""编排卡 and 记分单 (issue 17): the cards hold every round of every player as
the round sheets say; the slips one per board, four to an A4 page; later jobs
keep both current; rendered to PDF with LibreOffice, the pages are as many as
the layout says."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from workbook_helpers import enter_results, event, game_rows, pair, play

from bianpai.addin.jobs import api as jobs
from bianpai.addin.workbook import sheets as S
from bianpai.addin.workbook.sheets.cards import CARD_WIDTH
from bianpai.addin.files.writer import write_workbook

Values = dict[str, list[list[object]]]


def _card_of(rows: list[list[object]], number: int) -> list[list[object]]:
    """The rows of player ``number``'s card (the card's 6 columns)."""
    for r, row in enumerate(rows):
        for left in range(0, len(row), CARD_WIDTH + 1):
            if row[left:left + 2] in (["序号", number], ["No.", number]):
                out = []
                for below in rows[r:]:
                    cells = list(below[left:left + 6])
                    if not any(c is not None for c in cells):
                        break
                    out.append(cells)
                return out
    raise AssertionError(f"no card for {number}")


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_cards_hold_each_round_as_the_round_sheets_say(lang: str) -> None:
    values = play(event(9, lang=lang, rounds=4), 3)
    values = jobs.apply_values(values, jobs.cards(values))
    name = "编排卡" if lang == "zh" else "Cards"
    rows = values[name]
    for number in range(1, 10):
        card = _card_of(rows, number)
        assert card[0][3] == f"选手{number}"
        body = card[3:]
        assert [r[0] for r in body] == [1, 2, 3, 4]
        for k in (1, 2, 3):
            games = game_rows(values, k)
            mine = [g for g in games if number in (g[S.C_RED - 1], g[S.C_BLACK - 1])]
            row = body[k - 1]
            if mine:
                g = mine[0]
                red = g[S.C_RED - 1] == number
                assert row[1] == (g[S.C_BLACK - 1] if red else g[S.C_RED - 1])
                assert row[2] == ({"zh": "先", "en": "R"} if red else {"zh": "后", "en": "B"})[lang]
            else:
                assert row[1] is None and row[3] == ("轮空" if lang == "zh" else "bye")
        assert body[3][1:] == [None] * 5  # round 4 not paired yet
    # the score after round 3 is the standings' score
    standings = S.standings_rows(S.read_event(values))[1]
    for r in standings:
        assert _card_of(rows, r.number)[5][4] == r.points


def test_cards_with_brackets_show_the_next_rounds_rows_and_stay_current() -> None:
    values = play(event(8, rounds=4), 2)
    values = jobs.apply_values(values, jobs.cards(values, brackets=True))
    text = [str(r[0]) for r in values["编排卡"] if r and r[0]]
    assert any(t.startswith("第3轮编排用") for t in text)
    laid = S.next_round_rows(S.read_event(values))
    assert sorted(n for _, red, black in laid for n, _ in red + black) == list(range(1, 9))
    # each card with its sizes, as the explanation shows it (issue 27 item 3): 少先1上后, 平先上先 …
    labels = {label for _, red, black in laid for _, label in red + black}
    sized = re.compile(r"(少先|多先)\d+((连先|连后)\d+|上先|上后)|平先(连先\d+|连后\d+|上先|上后)")
    assert labels and all(sized.fullmatch(label) for label in labels), labels
    after = pair(values)  # a later job keeps the sheet, now with round 3 paired and no next-round page
    rows = after["编排卡"]
    assert _card_of(rows, 1)[5][1] is not None
    assert not any(str(r[0]).startswith("第4轮编排用") for r in rows if r and r[0])


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("system", ["dutch", "adjacent", "roundrobin"])
def test_cards_with_brackets_of_another_system_are_refused_naming_its_cell(lang: str, system: str) -> None:
    """The next round's 要先行/要后行 page is 定位编排's layout of the cards: for an event
    paired by another system it is refused, naming the Settings' system cell, and
    nothing is written (was: the page laid out the dingwei way for a Dutch event)."""
    from workbook_helpers import settings_sheet

    from bianpai.addin.workbook import words as L
    from bianpai.addin.workbook.messages import WorkbookInputError
    from bianpai.engine.registry import get

    values = play(event(8, lang=lang, rounds=7, **{"set.system": system}), 2)
    sheet = settings_sheet(values)
    row = next(i for i, r in enumerate(values[sheet], start=1) if r and r[1] == system)
    with pytest.raises(WorkbookInputError) as refused:
        jobs.cards(values, brackets=True)
    said = " ".join(refused.value.messages)
    assert f"{sheet}!B{row}" in said, said
    assert L.text(get(system).label, lang) in said and "--brackets" in said
    assert not get(system).next_round_cards(S.read_event(values).tournament)
    written = jobs.apply_values(values, jobs.cards(values))  # the cards themselves are written
    assert any(r and r[0] for r in written[S.read_event(written).sheet_name("sheet.cards")])


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_ribbons_cards_button_writes_the_cards_alone_for_another_system_and_says_why(lang: str) -> None:
    """The ribbon's 编排卡 (jobs.table.WHERE_LAID_OUT): on a 定位编排 event the cards and the
    next round's page, as ``--brackets``; on a Dutch event the cards alone, the message
    naming the system and its Settings cell."""
    import typing

    from workbook_helpers import settings_sheet

    from bianpai.addin.excel import xl
    from bianpai.addin.jobs.printed import Brackets
    from bianpai.addin.jobs.table import WHERE_LAID_OUT
    from bianpai.addin.workbook import words as L

    assert typing.get_args(typing.get_args(Brackets)[1]) == (WHERE_LAID_OUT,)
    ribbon = xl._job("cards")
    dingwei = play(event(8, lang=lang, rounds=5), 2)
    outright = jobs.cards(dingwei, True)
    assert jobs.apply_values(dingwei, ribbon(dingwei)) == jobs.apply_values(dingwei, outright)
    dutch = play(event(8, lang=lang, rounds=5, **{"set.system": "dutch"}), 2)
    res = ribbon(dutch)
    sheet = settings_sheet(dutch)
    row = next(i for i, r in enumerate(dutch[sheet], start=1) if r and r[1] == "dutch")
    assert res.message.splitlines() == [jobs.cards(dutch).message, L.text(
        "job.cards_no_rows", lang, system=L.text("system.dutch", lang), where=f"{sheet}!B{row}")]
    assert jobs.apply_values(dutch, res) == jobs.apply_values(dutch, jobs.cards(dutch))


def test_cards_pages_follow_the_system_a_later_job_pairs_by() -> None:
    """A workbook whose cards have the next round's page, switched to the Dutch system in
    Settings: the next job writes the cards without the page (no 定位编排 rows for an event
    that is no longer paired by it)."""
    from workbook_helpers import set_setting

    values = play(event(8, rounds=5), 2)
    values = jobs.apply_values(values, jobs.cards(values, brackets=True))
    assert any(str(r[0]).startswith("第3轮编排用") for r in values["编排卡"] if r and r[0])
    set_setting(values, "set.system", "dutch")
    values = jobs.apply_values(values, jobs.update(values))
    assert not any(str(r[0]).startswith("第3轮编排用") for r in values["编排卡"] if r and r[0])


def test_slips_one_per_board_with_a_page_break_after_every_fourth() -> None:
    values = pair(event(19, rounds=4))
    res = jobs.slips(values)
    out = res.sheet("记分单")
    boards = len(game_rows(values, 1))
    assert boards == 9
    titles = [r for r in out.rows if r and r[5] and str(r[5]).startswith("第") and str(r[5]).endswith("台")]
    assert [r[5] for r in titles] == [f"第{n}台" for n in range(1, 10)]
    assert out.print_setup.row_breaks == (4 * 8, 8 * 8)
    # the slips follow the last round
    values = jobs.apply_values(values, res)
    values = pair(enter_results(values, 1))
    assert values["记分单"][0][3] == "第2轮 记分单"


def test_cards_and_slips_render_to_pdf_pages(tmp_path: Path) -> None:
    """LibreOffice renders the two sheets on the pages our breaks make: the
    nine slips of 18 players on three pages, the cards (with the next round's
    page per score group) never split over a page."""
    soffice = shutil.which("soffice")
    assert soffice, "LibreOffice (soffice) is needed to render the printed sheets"
    values = enter_results(pair(event(18, rounds=5)), 1, seed=4)
    values = jobs.apply_values(values, jobs.cards(values, brackets=True))
    values = jobs.apply_values(values, jobs.slips(values))
    ev = S.read_event(values)
    for key in ("sheet.slips", "sheet.cards"):
        out = next(s for s in S.render_all(ev) if s.key == key)
        pages = len(out.print_setup.row_breaks) + 1
        if key == "sheet.slips":
            assert pages == 3
        book = tmp_path / f"{key}.xlsx"
        write_workbook(book, [(out, out.rows)])
        subprocess.run([soffice, "--headless", "--convert-to", "pdf", "--outdir", str(tmp_path), str(book)],
                       check=True, capture_output=True, timeout=180)
        info = subprocess.run(["pdfinfo", str(book.with_suffix(".pdf"))], capture_output=True, text=True,
                              check=True).stdout
        assert int(info.split("Pages:", 1)[1].split()[0]) == pages, (key, info)
