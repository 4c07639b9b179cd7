"""``bianpai check`` fast with nothing changed (issue 27, "every size fast"): the work
taken out of it gives what the slow way gave — the points of a round without an entry
made per player (``model.round_points``), and no module an individual event never needs
imported by the command."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from dataclasses import replace

import pytest
from workbook_helpers import event, play

from bianpai.addin.jobs import api as jobs
from bianpai.addin.files import xlsx
from bianpai.engine.model import (
    CHESS_POINTS,
    XIANGQI_POINTS,
    Bye,
    ByeKind,
    Game,
    GameResult,
    Round,
    round_entries,
    round_points,
    scheme_points,
)
from bianpai.engine.simulate.individual import play_event


def _slow(t, rnd, provisional_draws=False):
    return {n: e.points for n, e in round_entries(t, rnd, provisional_draws).items()}


@pytest.mark.parametrize("points", [XIANGQI_POINTS, CHESS_POINTS, scheme_points("match-bp", XIANGQI_POINTS)],
                         ids=["xiangqi", "chess", "colour points"])
def test_round_points_are_round_entries_points(points):
    t = play_event(15, 5, "dingwei", 3, points=points, forfeit_rate=0.2, absence_rate=0.1, withdraw_rate=0.05)
    rng = random.Random(1)
    odd = Round(6, (Game(1, 2, None), Game(3, 3, GameResult.RED_WIN),
                    Game(4, 5, GameResult.BLACK_FORFEIT_WIN), Game(6, 99, GameResult.DOUBLE_FORFEIT),
                    Game(7, 1, GameResult.DRAW)),
                (Bye(8, ByeKind.PAIRING), Bye(9, ByeKind.HALF), Bye(10, ByeKind.ZERO), Bye(11, ByeKind.FULL),
                 Bye(12, ByeKind.ABSENT), Bye(2, ByeKind.HALF)))
    for rnd in (*t.rounds, odd):
        for draws in (False, True):
            fast = round_points(t, rnd, draws)
            slow = _slow(t, rnd, draws)
            assert list(fast.items()) == list(slow.items())  # the same players, order and points
    unfinished = replace(t.rounds[-1], games=tuple(replace(g, result=None) if rng.random() < 0.5 else g
                                                   for g in t.rounds[-1].games))
    for draws in (False, True):
        assert list(round_points(t, unfinished, draws).items()) == list(_slow(t, unfinished, draws).items())


def test_check_of_an_individual_event_imports_nothing_it_does_not_need(tmp_path):
    """Start-up time: ``bianpai check`` of an individual workbook never imports the team
    modules, the standings and tie-breaks (the Settings' tie-break codes are checked by
    engine/standings/codes.py), openpyxl, pandas or Pillow (each costs milliseconds to tens
    of milliseconds)."""
    values = play(event(10, rounds=4, clubs=True), 2, seed=2)
    path = tmp_path / "e.xlsx"
    xlsx.write_new(path, jobs.update(values), values)
    code = ("import sys\nfrom bianpai.addin.cli import main\nrc = main([\"check\", sys.argv[1]])\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('openpyxl', 'pandas', 'PIL')"
            " or m.startswith(('bianpai.engine.teams.model', 'bianpai.addin.workbook.sheets.team'))"
            " or m in ('bianpai.engine.standings.individual', 'bianpai.engine.standings.tiebreaks')))")
    out = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True,
                         env={**os.environ, "COLUMNS": "200"}, check=True).stdout
    assert out.strip().splitlines()[-1] == "[]"


def test_check_of_a_team_event_imports_no_trf_and_no_registration_reader(tmp_path):
    """Start-up time: ``bianpai check`` of a team workbook imports the team jobs
    (addin/jobs/team.py) but not what only other jobs need: the TRF reader and writer (the
    TRF jobs), the roster and registration-list readers (import-players), openpyxl or pandas."""
    path = tmp_path / "team.xlsx"
    subprocess.run([sys.executable, "-c", "from bianpai.addin.cli import main; main()", "demo", "--team",
                    "--out", str(path)], capture_output=True, check=True)
    code = ("import sys\nfrom bianpai.addin.cli import main\nrc = main([\"check\", sys.argv[1]])\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('openpyxl', 'pandas')"
            " or m.startswith(('bianpai.engine.formats', 'bianpai.addin.jobs.registration',"
            " 'bianpai.addin.jobs.roster'))), 'bianpai.addin.jobs.team' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True,
                         env={**os.environ, "COLUMNS": "200"}, check=True).stdout
    assert out.strip().splitlines()[-1] == "[] True"


def test_names_and_scores_typed_on_a_round_sheet_are_read_as_before():
    """The score notes read each board's row once: blank text is no value (no note), a number or a
    number typed as text is compared, a name typed as a number is named."""
    from bianpai.addin.workbook import sheets as S

    values = play(event(8, rounds=4), 2, seed=3)
    sheet = next(n for n in values if S.as_int(str(n).strip("第轮")) == 2)
    row = values[sheet][S.ROUND_HEADER_ROW]
    while len(row) < S.C_BLACK_SCORE:
        row.append(None)
    assert jobs.check(values).notes == ()
    row[S.C_RED_NAME - 1], row[S.C_RED_SCORE - 1] = "  ", " "
    assert jobs.check(values).notes == ()
    row[S.C_RED_SCORE - 1] = " 9 "
    row[S.C_BLACK_NAME - 1] = 123
    row[S.C_BLACK_SCORE - 1] = 7.5
    notes = jobs.check(values).notes
    assert len(notes) == 3
    cell = f"{S.column_letter(S.C_BLACK_NAME)}{S.ROUND_HEADER_ROW + 1}"
    assert any(cell in n and "123" in n for n in notes)
