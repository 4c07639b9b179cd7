"""``check`` re-pairs only the rounds whose pairing inputs changed (issue 27, "every size
fast"): each round sheet keeps the fingerprint of what its pairing depended on, written
when it was paired (engine/checker.py ``round_fingerprints``); a round whose fingerprint
is unchanged is the system's pairing as it stands.  The findings are those of re-pairing
every round."""

from __future__ import annotations

import copy
import os
import subprocess
import sys

import pytest
from workbook_helpers import enter_results, event, game_rows, pair, play

from bianpai.addin.jobs import api as jobs
from bianpai.addin.jobs.check import repair_notes
from bianpai.addin.workbook.messages import message
from bianpai.addin.workbook import sheets as S
from bianpai.engine import checker

Values = dict[str, list[list[object]]]


def _played(n: int = 12, rounds: int = 4, seed: int = 3, **settings: object) -> Values:
    return play(event(n, rounds=rounds + 1, clubs=True, **settings), rounds, seed=seed)


def _repaired(values: Values, monkeypatch) -> list[int]:
    """The rounds ``check`` re-pairs (the system's pairing of a round's start asked for)."""
    asked: list[int] = []
    real = checker.system_pairing

    def spy(t, system, k):
        asked.append(k)
        return real(t, system, k)

    monkeypatch.setattr(checker, "system_pairing", spy)
    jobs.check(values)
    monkeypatch.setattr(checker, "system_pairing", real)
    return asked


def _every_round_repaired(values: Values) -> tuple[str, ...]:
    """``check``'s notes with every round re-paired, fingerprints unused (as before them)."""
    ev = S.read_event(values)
    report = jobs.check(values, repair=False)
    extra = tuple(message(ev.place(n), ev.lang) for n in repair_notes(ev, fingerprints=False))
    return report.notes + extra


def _swap_blacks(values: Values, k: int, i: int, j: int) -> Values:
    values = copy.deepcopy(values)
    rows = game_rows(values, k)
    for c in (S.C_BLACK_SCORE - 1, S.C_BLACK_NAME - 1, S.C_BLACK - 1):
        rows[i - 1][c], rows[j - 1][c] = rows[j - 1][c], rows[i - 1][c]
    return values


def test_pair_writes_each_rounds_fingerprint_and_the_jobs_keep_it():
    values = _played()
    ev = S.read_event(values)
    t, system = ev.tournament, S.system_of(ev)
    want = checker.round_fingerprints(t, system, range(1, 5))
    assert [rs.fingerprint for rs in ev.round_sheets] == [want[k] for k in range(1, 5)]
    assert values["第2轮"][1][S.FINGERPRINT_COLUMN - 1] == f"编排校验码 {want[2]}"
    after = jobs.apply_values(values, jobs.update(values))
    assert [rs.fingerprint for rs in S.read_event(after).round_sheets] == [want[k] for k in range(1, 5)]
    assert len(set(want.values())) == 4 and all(len(f) == checker.FINGERPRINT_LENGTH for f in want.values())


def test_nothing_changed_nothing_is_repaired(monkeypatch):
    values = _played()
    assert _repaired(values, monkeypatch) == []
    assert jobs.check(values).notes == _every_round_repaired(values) == ()


def test_an_old_round_edited_by_hand_is_repaired_and_named(monkeypatch):
    values = _played()
    edited = _swap_blacks(values, 2, 1, 2)
    asked = _repaired(edited, monkeypatch)
    assert asked[0] == 2 and 1 not in asked  # round 1 is as it was paired
    assert set(asked) <= {2, 3, 4}  # later rounds only where the change reached their start
    notes = jobs.check(edited).notes
    assert any(n.startswith("第2轮!E4: 第2轮第1台") and "裁判长调整" in n for n in notes)
    assert any(n.startswith("第2轮!E5: 第2轮第2台") and "裁判长调整" in n for n in notes)
    assert notes == _every_round_repaired(edited)


@pytest.mark.parametrize("change", ["result", "colours", "rating", "withdrawal", "setting", "cell"])
def test_the_findings_are_those_of_repairing_every_round(change, monkeypatch):
    from workbook_helpers import players_sheet, set_setting

    values = copy.deepcopy(_played(seed=5))
    if change == "result":  # a result of round 1 typed otherwise: every later start changes
        values = enter_results(values, 1, ["和"] * 6)
    elif change == "colours":
        row = game_rows(values, 3)[2]
        row[S.C_RED - 1], row[S.C_BLACK - 1] = row[S.C_BLACK - 1], row[S.C_RED - 1]
    elif change == "rating":
        values[players_sheet(values)][3 + 4][3] = 2500
    elif change == "withdrawal":  # from round 5 on: no round played so far depended on it
        values[players_sheet(values)][3 + 4][5] = "退赛 5"
    elif change == "setting":
        set_setting(values, "set.rounds", 9)
    else:  # the fingerprint cell typed over: the round is re-paired, nothing else
        values["第3轮"][1][S.FINGERPRINT_COLUMN - 1] = "编排校验码 0123"
    asked = _repaired(values, monkeypatch)
    want = {"result": [2, 3, 4], "colours": [3, 4], "rating": [1, 2, 3, 4], "withdrawal": [],
            "setting": [1, 2, 3, 4], "cell": [3]}[change]
    assert asked == want
    assert jobs.check(values).notes == _every_round_repaired(values)


def test_a_workbook_without_fingerprints_is_repaired_round_by_round(monkeypatch):
    values = _swap_blacks(_played(), 2, 1, 2)
    for k in range(1, 5):
        values[f"第{k}轮"][1][S.FINGERPRINT_COLUMN - 1] = None
    assert _repaired(values, monkeypatch) == [1, 2, 3, 4]
    assert jobs.check(values).notes == _every_round_repaired(values) != ()


def test_a_provisional_round_keeps_its_fingerprint_once_the_real_result_is_typed(monkeypatch):
    """The provisional draws a round was paired on are part of its inputs (issue 23 item 2)."""
    values = pair(play(event(10, rounds=5), 1, seed=1))
    values = enter_results(values, 2, [None] + ["和"] * 4)
    values = pair(values, provisional=True)
    real = enter_results(values, 2, ["红胜"] + ["和"] * 4)
    assert _repaired(real, monkeypatch) == []
    settled = jobs.apply_values(real, jobs.update(real))
    assert _repaired(settled, monkeypatch) == []
    assert jobs.check(settled).notes == _every_round_repaired(settled) == ()


def test_the_fingerprint_is_the_same_on_every_machine(tmp_path):
    """Sets (the rounds of 同单位回避) and dictionaries hashed in another order give the same
    fingerprint: two interpreters with other hash seeds."""
    from workbook_helpers import set_setting

    values = event(10, rounds=6, clubs=True)
    set_setting(values, "set.club_rounds", "1-3,5")
    values = play(values, 3, seed=2)
    path = tmp_path / "e.xlsx"
    from bianpai.addin.files import xlsx

    xlsx.write_new(path, jobs.update(values), values)
    code = ("import sys; from bianpai.addin.files import xlsx; from bianpai.addin.workbook import sheets as "
            "S; from bianpai.engine import checker;"
            "ev = S.read_event(xlsx.read_values(sys.argv[1]));"
            "print(checker.round_fingerprints(ev.tournament, S.system_of(ev), range(1, 4)))")
    seen = set()
    for seed in ("1", "2", "3"):
        out = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True,
                             env={**os.environ, "PYTHONHASHSEED": seed}, check=True).stdout
        seen.add(out)
    assert len(seen) == 1
    ev = S.read_event(values)
    assert seen.pop().strip() == repr(checker.round_fingerprints(ev.tournament, S.system_of(ev), range(1, 4)))


@pytest.mark.parametrize("system", ["dingwei", "dutch", "adjacent", "roundrobin"])
def test_every_system_reads_back_the_fingerprint_it_wrote(system, monkeypatch):
    """Odd players (a bye), an absence asked for round 3, a late entry, a withdrawal, fixed
    by the Players sheet's words: the workbook read back gives the fingerprint ``pair`` wrote."""
    from workbook_helpers import players_sheet, set_setting

    values = event(9, rounds=5, clubs=True)
    set_setting(values, "set.system", system)
    sheet = players_sheet(values)
    values[sheet][3 + 2][5] = "请假 3"
    if system != "roundrobin":
        values[sheet].append([10, "迟到者", "队1", 1500, None, None, 2])
        values[sheet][3 + 5][5] = "退赛 4"
    values = play(values, 4, seed=7)
    assert _repaired(values, monkeypatch) == []
    assert jobs.check(values).notes == _every_round_repaired(values)
