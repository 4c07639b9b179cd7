"""回避名单 (pairs kept apart, issue 17): every Swiss system honours the list as
a past meeting, 定位编排 explains it on the board, the checker refuses a round
that pairs a kept-apart pair, an unpairable list names the pairs that block
it, and the workbook's 回避名单 sheet carries it (engine/constraints/apart.py,
addin/workbook/sheets/apart.py)."""

from __future__ import annotations

import copy
from dataclasses import replace

import pytest

from bianpai.addin.workbook.messages import wording
from bianpai.addin.jobs import api as jobs
from bianpai.addin.workbook import sheets as S
from bianpai.addin.workbook.explain import pair_reason_text
from bianpai.addin.workbook.messages import message
from bianpai.engine import checker
from bianpai.engine.model import ForbiddenPairs, Game, GameResult, Player, Round, Tournament
from bianpai.engine.results import InputError, PairingError
from bianpai.engine.registry import pair_next_round
from bianpai.engine.registry import get as get_system

from workbook_helpers import enter_results, game_rows, normal, pair, round_sheet


def _eight(*groups: ForbiddenPairs, rounds: int = 5) -> Tournament:
    return Tournament("t", tuple(Player(i, f"p{i}") for i in range(1, 9)), total_rounds=rounds,
                      forbidden_pairs=groups)


def _after_round1(t: Tournament) -> Tournament:
    p = pair_next_round(t)
    t = t.with_round(p.as_round(t))
    return t.with_results(1, {g.red: GameResult.RED_WIN for g in t.rounds[0].games})


def _pairs(p) -> set[frozenset[int]]:
    return {frozenset(x) for x in p.pairs()}


def test_round1_exchanges_the_nearest_black_for_a_kept_apart_pair() -> None:
    # 近号配对 would pair 1–2; 1 and 2 are siblings: board 1 and 2 exchange their second player
    t = _eight(ForbiddenPairs((1, 2)))
    p = pair_next_round(t)
    assert frozenset((1, 2)) not in _pairs(p)
    assert p.pairs()[:2] == [(1, 3), (4, 2)]
    assert any(wording(n, "en").startswith("kept apart") for n in p.notes)


@pytest.mark.parametrize("system", ["dingwei", "adjacent"])
def test_round2_keeps_the_pair_apart_as_a_past_meeting(system: str) -> None:
    base = _after_round1(replace(_eight(), system=system))
    free = get_system(system).pair(base)
    a, b = free.pairs()[0]
    kept = replace(base, forbidden_pairs=(ForbiddenPairs((a, b)),))
    p = get_system(system).pair(kept)
    assert frozenset((a, b)) not in _pairs(p)
    assert p.pairs() != free.pairs()
    # the list applies from round 3 only: round 2 pairs as without it
    later = replace(base, forbidden_pairs=(ForbiddenPairs((a, b), 3),))
    assert get_system(system).pair(later).pairs() == free.pairs()


def test_dingwei_explains_the_board_kept_apart_in_zh_and_en() -> None:
    base = _after_round1(_eight())
    top = pair_next_round(base).boards[0]
    kept = replace(base, forbidden_pairs=(ForbiddenPairs((top.red, top.black)),))
    p = pair_next_round(kept)
    texts = [(pair_reason_text(b, "zh"), pair_reason_text(b, "en"))
             for b in p.boards if b.why and b.why.apart]
    assert texts, "a board names the card it is kept apart from"
    zh, en = texts[0]
    assert "回避" in zh and "kept apart" in en
    assert {top.red, top.black} & {int(x) for x in en.replace(",", " ").split() if x.isdigit()}


def test_a_list_that_makes_the_round_unpairable_names_the_pairs() -> None:
    # four players: 1, 2, 3 kept apart from each other, so all three would need player 4
    t = Tournament("t", tuple(Player(i, f"p{i}") for i in range(1, 5)), total_rounds=3)
    t = _after_round1(t)
    t = replace(t, forbidden_pairs=(ForbiddenPairs((1, 2, 3)),))
    for system in ("dingwei", "adjacent"):
        with pytest.raises(InputError) as e:
            get_system(system).pair(replace(t, system=system))
        (found,) = e.value.problems
        assert found.key == "problem.apart_blocks"
        zh, en = message(found, "zh"), message(found, "en")
        pairs = str(found.arg("pairs"))
        assert pairs and all(p in ("1–2", "1–3", "2–3") for p in pairs.split(", "))
        assert "回避名单" in zh and pairs in zh
        assert "kept apart" in en and pairs in en


def test_checker_refuses_a_round_that_pairs_a_kept_apart_pair() -> None:
    t = _eight(ForbiddenPairs((3, 4), 1, 2))
    rnd = Round(1, (Game(1, 2), Game(3, 4), Game(5, 6), Game(7, 8)))
    t = replace(t, rounds=(rnd,))
    system = get_system("dingwei")
    (found,) = checker.check(t, system).problems
    assert (found.key, found.round, found.board) == ("problem.kept_apart", 1, 2)
    assert "回避名单" in message(found, "zh") and "kept apart" in message(found, "en")
    # outside the rounds of the list it is no problem
    assert not checker.check(replace(t, forbidden_pairs=(ForbiddenPairs((3, 4), 2),)), system).problems


# ---------------------------------------------------------------------------
# The workbook's 回避名单 sheet
# ---------------------------------------------------------------------------


def _sheet_pairs(rows: list[list[object]]) -> set[frozenset[object]]:
    return {frozenset((r[S.C_RED - 1], r[S.C_BLACK - 1])) for r in rows}


def _with_sheet(values: dict, lang: str, *rows: list[object]) -> dict:
    values = copy.deepcopy(values)
    name = "回避名单" if lang == "zh" else "Kept apart"
    head: list[list[object]] = [["回避名单"], [None], ["选手序号", "自第几轮", "至第几轮", "说明"]]
    values[name] = head + [list(r) for r in rows]
    return values


def _event(lang: str = "zh") -> dict:
    from workbook_helpers import event

    return event(8, lang=lang, rounds=5)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_sheet_is_read_and_honoured_by_pair(lang: str) -> None:
    values = _with_sheet(_event(lang), lang, ["1 2", None, None, "兄弟"], ["5、6、7", 2, 3, None])
    ev = S.read_event(values)
    assert ev.tournament.forbidden_pairs == (ForbiddenPairs((1, 2)), ForbiddenPairs((5, 6, 7), 2, 3))
    after = pair(values)
    pairs = _sheet_pairs(game_rows(after, 1))
    assert frozenset((1, 2)) not in pairs
    # the sheet stays, with its note
    sheet = next(n for n in after if S.L.sheet_key(n) == "sheet.apart")
    assert ["1 2", None, None, "兄弟"] == list(after[sheet][3][:4])
    after = enter_results(after, 1, lang=lang)
    after = pair(after)
    assert not _sheet_pairs(game_rows(after, 2)) & {
        frozenset(x) for x in ((5, 6), (5, 7), (6, 7), (1, 2))}


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_bad_rows_are_named_by_cell_and_nothing_is_written(lang: str) -> None:
    values = _with_sheet(_event(lang), lang, ["1", None, None, None], ["3 99", None, None, None],
                         ["4 5", 3, 2, None])
    with pytest.raises(InputError) as e:
        jobs.pair(values)
    text = str(e.value)
    assert "!A4" in text and "!A5" in text and "!B6" in text
    assert ("99" in text) and (("回避名单" in text) if lang == "zh" else ("kept apart" in text))


def test_hand_edit_onto_a_kept_apart_pair_is_refused_by_check_and_pair() -> None:
    values = pair(_with_sheet(_event(), "zh", ["1 8", None, None, None]))
    rows = game_rows(values, 1)
    assert frozenset((1, 8)) not in _sheet_pairs(rows)
    edited = copy.deepcopy(values)
    er = game_rows(edited, 1)
    # the arbiter swaps the black players of the boards of 1 and 8
    i = next(j for j, r in enumerate(er) if 1 in (r[S.C_RED - 1], r[S.C_BLACK - 1]))
    j = next(j for j, r in enumerate(er) if 8 in (r[S.C_RED - 1], r[S.C_BLACK - 1]))
    col_i = S.C_BLACK - 1 if er[i][S.C_RED - 1] == 1 else S.C_RED - 1  # 1's opponent
    col_j = S.C_RED - 1 if er[j][S.C_RED - 1] == 8 else S.C_BLACK - 1  # 8 himself
    er[i][col_i], er[j][col_j] = er[j][col_j], er[i][col_i]
    assert frozenset((1, 8)) in _sheet_pairs(er)
    res = jobs.check(edited)
    assert any("回避名单" in p for p in res.problems)
    finished = enter_results(edited, 1)
    before = normal(finished)
    with pytest.raises(InputError) as e:
        jobs.pair(finished)
    assert "回避名单" in str(e.value)
    assert normal(finished) == before
    assert round_sheet(finished, 1)


# ---------------------------------------------------------------------------
# Property: random lists on random events
# ---------------------------------------------------------------------------

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.integers(5, 14), rounds=st.integers(1, 4), system=st.sampled_from(["dingwei", "adjacent"]),
       seed=st.integers(0, 10_000))
def test_no_system_pairs_a_kept_apart_pair(n: int, rounds: int, system: str, seed: int) -> None:
    import random

    rng = random.Random(seed)
    groups = tuple(ForbiddenPairs(tuple(rng.sample(range(1, n + 1), rng.choice((2, 2, 3)))),
                                  rng.choice((1, 1, 2)), rng.choice((None, 3)))
                   for _ in range(rng.randrange(1, 4)))
    t = Tournament("t", tuple(Player(i, f"p{i}") for i in range(1, n + 1)), total_rounds=rounds + 1,
                   forbidden_pairs=groups, system=system)
    results = (GameResult.RED_WIN, GameResult.DRAW, GameResult.BLACK_WIN)
    for _ in range(rounds):
        try:
            p = pair_next_round(t)
        except InputError as e:  # only when the list is what blocks, naming pairs of it
            (found,) = e.problems
            assert found.key == "problem.apart_blocks"
            for text in str(found.arg("pairs")).split(", "):
                a, b = map(int, text.split("–"))
                assert any(g.applies_to(t.next_round) and {a, b} <= set(g.players) for g in groups)
            return
        except PairingError:  # a rematch blocks (not the list): the plain error
            return
        k = t.next_round
        for b in p.boards:
            assert not any(g.applies_to(k) and {b.red, b.black} <= set(g.players) for g in groups), (k, b)
        t = t.with_round(p.as_round(t))
        t = t.with_results(k, {g.red: rng.choice(results) for g in t.rounds[-1].games})
        assert not checker.check(t, get_system(system)).problems
