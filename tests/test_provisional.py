"""A round paired with provisional draws (dingwei.md §8, seed rule 8: the provisional
pairing stands whatever the real result) is checked against the history it was paired
on, never against the real results typed later (issue 23 item 2)."""

from __future__ import annotations

import pytest
from workbook_helpers import enter_results, event, game_rows, pair, play

from bianpai.addin.jobs import api as jobs
from bianpai.addin.workbook import sheets as S
from bianpai.engine.model import Game, GameResult, Player, Round, Tournament

W, D = GameResult.RED_WIN, GameResult.DRAW


def _provisional_round_3(lang: str = "zh"):
    """Ten players; round 2's first game unfinished, round 3 paired counting it as a draw
    (the issue's case: typing 红胜 there makes the system pair round 3 otherwise)."""
    values = pair(play(event(10, rounds=5, lang=lang), 1, seed=1))
    draw = S.CANONICAL_RESULTS[lang][D]
    values = enter_results(values, 2, [None] + [draw] * 4)
    values = pair(values, provisional=True)
    real = enter_results(values, 2, [S.CANONICAL_RESULTS[lang][W]] + [draw] * 4)
    return values, real


def _hand(notes, lang="zh"):
    return [n for n in notes if ("裁判长调整" in n if lang == "zh" else "changed by hand" in n)]


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_typing_the_real_result_makes_no_false_hand_edits(lang):
    values, real = _provisional_round_3(lang)
    # the real result pairs round 3 otherwise: the history matters
    t = S.read_event(real).tournament
    from bianpai.engine import checker, registry as systems
    from dataclasses import replace
    forgot = replace(t, rounds=tuple(replace(r, paired_with_draws=()) for r in t.rounds))
    assert checker.hand_edits(forgot, systems.get("dingwei"), [3])[0], "the case needs a different pairing"
    assert _hand(jobs.check(real).notes, lang) == []
    assert _hand(jobs.update(real).notes, lang) == []
    after = jobs.apply_values(real, jobs.update(real))  # the mark goes, the record stays
    assert [r[S.C_PROV - 1] for r in game_rows(after, 2)] == [None] * 5
    settled = ("按和棋编排（结果后录入，对阵不变）: 第2轮 第1台" if lang == "zh" else
               "paired counting as draws (the pairing stands, results entered since): round 2, board(s) 1")
    assert after[S.L.round_sheet_name(3, lang)][1][4] == settled
    assert jobs.check(after).notes == ()
    assert S.read_event(after).tournament.rounds[2].paired_with_draws == (
        (2, S.read_event(after).tournament.rounds[1].games[0].red),)


def test_the_next_round_needs_no_keep_and_logs_nothing():
    _, real = _provisional_round_3()
    real = enter_results(real, 3, seed=5)
    result = jobs.pair(real)  # no --keep
    assert "变更记录" not in result.changed and result.notes == ()
    after = jobs.apply_values(real, result)
    assert "变更记录" not in after
    assert after["第3轮"][1][4] == "按和棋编排（结果后录入，对阵不变）: 第2轮 第1台"
    assert after["第4轮"][1][4] is None  # round 4 was paired on the real result
    assert _hand(jobs.check(after).notes) == []
    undone = jobs.apply_values(after, jobs.undo(after))
    assert undone["第3轮"][1][4] == "按和棋编排（结果后录入，对阵不变）: 第2轮 第1台"


def test_a_game_still_unfinished_when_two_rounds_are_paired_counts_for_both():
    values, _ = _provisional_round_3()
    values = enter_results(values, 3, seed=5)
    values = pair(values)  # round 2's first game is still marked: counted for round 4 too
    assert values["第4轮"][1][4] == "按临时和棋编排: 第2轮 第1台"
    real = enter_results(values, 2, ["红胜"] + ["和"] * 4)
    assert _hand(jobs.check(real).notes) == []
    after = jobs.apply_values(real, jobs.update(real))
    for k in (3, 4):
        assert after[f"第{k}轮"][1][4] == "按和棋编排（结果后录入，对阵不变）: 第2轮 第1台"
    assert jobs.check(after).notes == ()


def test_a_workbook_written_before_the_record_reads_as_before():
    """As the previous version left it: the mark and its note while the game was
    unfinished (the same cells: counted), or neither once the real result was typed
    (the history is lost: no record, the round is compared with the real results)."""
    values, real = _provisional_round_3()
    red = S.read_event(values).tournament.rounds[1].games[0].red
    assert S.read_event(real).tournament.rounds[2].paired_with_draws == ((2, red),)
    old = {n: [list(r) for r in rows] for n, rows in real.items()}
    old["第3轮"][1][4] = None
    for r in game_rows(old, 2):
        r[S.C_PROV - 1] = None
    assert S.read_event(old).tournament.rounds[2].paired_with_draws == ()
    no_note = {n: [list(r) for r in rows] for n, rows in real.items()}
    no_note["第3轮"][1][4] = None  # the mark alone still says what round 3 was paired on
    assert S.read_event(no_note).tournament.rounds[2].paired_with_draws == ((2, red),)


@pytest.mark.parametrize("cell, message", [
    ("按临时和棋编排: 第2轮 第9台",
     "第3轮!E2: 此格记录本轮按和棋编排的对局，但第2轮没有第9台（须是第3轮之前的轮次）"),
    ("按临时和棋编排: 第3轮 第1台",
     "第3轮!E2: 此格记录本轮按和棋编排的对局，但第3轮没有第1台（须是第3轮之前的轮次）"),
    ("按临时和棋编排: 第二轮",
     "第3轮!E2: “按临时和棋编排: 第二轮”读不懂：此格记录本轮按临时和棋编排的对局，应如 "
     "“按临时和棋编排: 第1轮 第2台”"),
])
def test_a_record_that_cannot_be_read_names_the_cell(cell, message):
    _, real = _provisional_round_3()
    real["第3轮"][1][4] = cell
    with pytest.raises(jobs.InputError) as e:
        jobs.check(real)
    assert e.value.messages == [message]


def test_before_round_gives_the_history_the_round_was_paired_on():
    players = tuple(Player(n, f"P{n}") for n in range(1, 5))
    r1 = Round(1, (Game(1, 2, W), Game(3, 4, W)))
    r2 = Round(2, (Game(1, 3, W), Game(2, 4)), provisional=(2,))
    r3 = Round(3, (Game(1, 4), Game(3, 2)), paired_with_draws=((2, 2),))
    t = Tournament("t", players, (r1, r2, r3))
    assert t.before_round(3).rounds[1] == r2
    done = Tournament("t", players, (r1, Round(2, (Game(1, 3, W), Game(2, 4, W))), r3))
    assert done.before_round(3).rounds[1] == Round(2, (Game(1, 3, W), Game(2, 4)), provisional=(2,))
    assert done.before_round(2).rounds == (r1,)
