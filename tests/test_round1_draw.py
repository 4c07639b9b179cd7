"""The draw of pairing numbers before round 1 (抽签定序号, issue #2): seeded
players (种子) draw the odd numbers, the others the even ones (001 §二.1,
dingwei.md §3) — engine/systems/round1.py ``draw_numbers`` and the workbook job
``jobs.draw`` / ``bianpai draw EVENT.xlsx [--seed N]``."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest

from bianpai.addin.jobs import api as jobs
from bianpai.addin.workbook import sheets as S
from bianpai.addin.files.reader import read_workbook
from bianpai.engine.model import ByeKind, Player, Tournament
from bianpai.engine.results import InputError
from bianpai.engine.systems.round1 import draw_numbers, draw_seed, drawn_numbers, pair_round1

from conftest import bianpai_in_process
from workbook_helpers import event, normal, pair, players_sheet, set_setting, settings_sheet


def field(n: int, seeded: int) -> list[Player]:
    """``n`` players P01…, ratings descending, the first ``seeded`` of them seeds."""
    return [Player(i, f"P{i:02d}", rating=2500 - 10 * i, seeded=i <= seeded) for i in range(1, n + 1)]


def numbers_by_name(players) -> dict[str, int]:
    return {p.name: p.number for p in players}


# ---------------------------------------------------------------------------
# The engine: draw_numbers
# ---------------------------------------------------------------------------


def test_worked_example_five_players_two_seeds():
    """Five players, seeds A (2300) and B (2200), unseeded C, D, E; seed 7.

    In an odd field the upper group has ⌊5/2⌋ = 2 players and draws 1 and 3
    (1, 3, …, N−2); the lower group draws 2, 4 and 5 (the even numbers and N),
    so the bye of round 1 (the highest number) falls on an unseeded player.
    Here the upper group is just the two seeds.  With ``random.Random(7)``:

    1. the unseeded, in name order [C, D, E], are shuffled → [E, C, D] (their
       temporary order after the seeds; no one is needed to fill the group);
    2. the upper group [A, B] is shuffled → [A, B]: A 1, B 3;
    3. the lower group [E, C, D] is shuffled → [C, E, D]: C 2, E 4, D 5.

    Round 1 by 近号配对 is then 1–2 (A–C), 4–3 (E–B), and 5 (D, unseeded) has
    the bye: neither seed meets the other, and no seed sits out.
    """
    rng = random.Random(7)
    others = ["C", "D", "E"]
    rng.shuffle(others)
    assert others == ["E", "C", "D"]
    upper = ["A", "B"]
    rng.shuffle(upper)
    assert upper == ["A", "B"]
    lower = ["E", "C", "D"]
    rng.shuffle(lower)
    assert lower == ["C", "E", "D"]

    players = [Player(1, "A", 2300, seeded=True), Player(2, "B", 2200, seeded=True), Player(3, "C"),
               Player(4, "D"), Player(5, "E")]
    drawn = draw_numbers(players, 7)
    assert [(p.number, p.name) for p in drawn] == [(1, "A"), (2, "C"), (3, "B"), (4, "E"), (5, "D")]
    p1 = pair_round1(Tournament("t", drawn, total_rounds=5))
    assert p1.pairs() == [(1, 2), (4, 3)] and p1.bye == 5


@pytest.mark.parametrize("n", range(1, 17))
def test_seeds_on_odd_numbers_the_others_on_even(n: int):
    """For every field size and number of seeds: the numbers are 1..N, each
    player's other data unchanged; while the seeds fit into the upper group
    (⌊N/2⌋: the odd numbers 1 … N−2 in an odd field) they all draw those odd
    numbers, and while the unseeded fit into the lower group they all draw its
    numbers (the even ones, and N in an odd field) — so in an odd field a seed
    never has the round-1 bye while the unseeded can take it (001 §二.1,
    docs/spec/dingwei.md §3)."""
    upper = n // 2
    upper_numbers = set(range(1, 2 * upper, 2))
    for seeded in range(n + 1):
        players = field(n, seeded)
        for seed in range(5):
            drawn = draw_numbers(players, seed)
            assert sorted(p.number for p in drawn) == list(range(1, n + 1))
            before = {p.name: replace(p, number=0) for p in players}
            assert all(replace(p, number=0) == before[p.name] for p in drawn)
            seeds = [p.number for p in drawn if p.seeded]
            unseeded = [p.number for p in drawn if not p.seeded]
            if seeded and seeded <= upper:
                assert all(x in upper_numbers for x in seeds), (n, seeded, seed, seeds)
            if seeded >= upper:
                assert all(x not in upper_numbers for x in unseeded), (n, seeded, seed, unseeded)


def test_more_seeds_than_odd_numbers_the_lowest_rated_seeds_draw_even():
    """Six players, five of them seeded: three odd numbers.  The three
    highest-rated seeds (P01–P03) draw 1, 3, 5; the two lowest-rated seeds
    (P04, P05) and the unseeded P06 draw 2, 4, 6 (upper_group_size)."""
    for seed in range(10):
        got = numbers_by_name(draw_numbers(field(6, 5), seed))
        assert sorted(got[x] for x in ("P01", "P02", "P03")) == [1, 3, 5]
        assert sorted(got[x] for x in ("P04", "P05", "P06")) == [2, 4, 6]


def test_fewer_seeds_the_upper_group_is_filled_by_lot():
    """Eight players, two seeds: both seeds draw odd numbers; two unseeded
    players, chosen by lot, draw the other two odd numbers — not always the
    same two."""
    fillers = set()
    for seed in range(30):
        got = numbers_by_name(draw_numbers(field(8, 2), seed))
        assert got["P01"] % 2 == 1 and got["P02"] % 2 == 1
        fillers.add(frozenset(name for name, x in got.items() if x % 2 == 1) - {"P01", "P02"})
    assert len(fillers) > 5


def test_without_seeds_everyone_draws_among_all_numbers():
    """No seeds (001: 混抽): the draw is one shuffle of the players in name
    order; over many seeds, player P01 draws odd and even numbers alike."""
    players = field(8, 0)
    for seed in range(5):
        order = sorted(players, key=lambda p: p.name)
        random.Random(seed).shuffle(order)
        assert numbers_by_name(draw_numbers(players, seed)) == {p.name: i for i, p in enumerate(order, 1)}
    parities = {numbers_by_name(draw_numbers(players, s))["P01"] % 2 for s in range(20)}
    assert parities == {0, 1}


def test_same_seed_same_draw_different_seeds_different_draws():
    players = field(10, 5)
    assert draw_numbers(players, 42) == draw_numbers(players, 42)
    draws = {tuple(p.name for p in draw_numbers(players, s)) for s in range(20)}
    assert len(draws) >= 18


def test_the_draw_does_not_depend_on_the_entry_order():
    """DRAW_ENTRY_ORDER: the same players typed in another order, or already
    drawn once, draw the same numbers with the same seed — so the recorded
    seed reproduces the draw from the Players sheet at any time."""
    players = field(9, 4)
    first = numbers_by_name(draw_numbers(players, 5))
    shuffled = [replace(p, number=i) for i, p in enumerate(reversed(players), start=1)]
    assert numbers_by_name(draw_numbers(shuffled, 5)) == first
    assert numbers_by_name(draw_numbers(draw_numbers(players, 5), 5)) == first


def test_drawn_numbers_is_the_map_old_to_new():
    players = field(7, 3)
    new_of = drawn_numbers(players, 3)
    assert {p.name: new_of[p.number] for p in players} == numbers_by_name(draw_numbers(players, 3))
    with pytest.raises(InputError):
        drawn_numbers([Player(1, "A"), Player(1, "B")], 0)
    assert draw_numbers([], 1) == ()


def test_default_seed_is_a_crc_of_event_and_names_in_any_order():
    players = field(5, 1)
    s = draw_seed("周末赛", players)
    assert s == draw_seed("周末赛", list(reversed(players)))
    assert s != draw_seed("周日赛", players)
    assert s != draw_seed("周末赛", players[:4])
    import zlib

    assert s == zlib.crc32("周末赛|P01|P02|P03|P04|P05".encode("utf-8"))


# ---------------------------------------------------------------------------
# The workbook job
# ---------------------------------------------------------------------------


def seeded_event() -> dict:
    """Six players 选手1…6 (ratings 1990…1940); 选手1 and 选手2 seeded, 选手3
    absent in round 1 (请假 1), and an extra column 电话 typed by the
    organiser."""
    v = event(6)
    rows = v[players_sheet(v)]
    h = S.PLAYERS_HEADER_ROW - 1
    rows[h] = list(rows[h]) + ["电话"]
    for r in rows[h + 1:]:
        n = S.as_int(r[0])
        r += [None] * (7 - len(r))
        r[4] = "是" if n in (1, 2) else None
        r[5] = "请假 1" if n == 3 else None
        r.append(f"1380000000{n}")
    return v


def player_rows(values) -> dict[str, list]:
    rows = values[players_sheet(values)]
    return {r[1]: list(r) for r in rows[S.PLAYERS_HEADER_ROW:] if r and S.as_int(r[0]) is not None}


def test_draw_job_renumbers_keeping_each_players_data_together():
    v = seeded_event()
    before = player_rows(v)
    result = jobs.draw(v, seed=3)
    assert set(result.changed) >= {players_sheet(v), settings_sheet(v)}
    after_values = jobs.apply_values(v, result)
    after = player_rows(after_values)
    assert set(after) == set(before)
    new_of = drawn_numbers(S.read_event(v).tournament.players, 3)
    for name, row in after.items():
        old = before[name]
        assert row[0] == new_of[old[0]]
        assert row[1:] == old[1:], name  # club, rating, seed, status, joins, 电话
    ev = S.read_event(after_values)
    seeds = [p.number for p in ev.tournament.players if p.seeded]
    assert len(seeds) == 2 and all(x % 2 for x in seeds)
    absent = next(p.number for p in ev.tournament.players if p.name == "选手3")
    assert ev.tournament.requests_for(1) == {absent: ByeKind.ABSENT}
    assert ev.settings.draw_seed == 3
    assert "抽签种子 3" in result.message
    assert len(result.notes) == 6


def test_draw_seed_is_recorded_and_reproduces_the_draw():
    """Without --seed: the CRC of the event and names, written into the
    Settings' 抽签种子 row; drawing again (no seed, the recorded one is used)
    changes nothing; a seed typed into that row is the one used."""
    v = seeded_event()
    ev = S.read_event(v)
    once = jobs.apply_values(v, jobs.draw(v))
    assert S.read_event(once).settings.draw_seed == draw_seed(ev.tournament.name, ev.tournament.players)
    twice = jobs.apply_values(once, jobs.draw(once))
    assert normal(twice) == normal(once)
    set_setting(v, "set.draw_seed", 99)
    by_cell = jobs.apply_values(v, jobs.draw(v))
    v2 = seeded_event()
    by_option = jobs.apply_values(v2, jobs.draw(v2, seed=99))
    assert normal(by_cell) == normal(by_option)
    assert S.read_event(by_cell).settings.draw_seed == 99


def test_a_bad_draw_seed_cell_names_its_cell():
    v = event(4)
    set_setting(v, "set.draw_seed", "abc")
    with pytest.raises(InputError) as e:
        jobs.draw(v)
    row = S.SETTINGS_FIRST_ROW + [f for _, f, _ in S.SETTING_ROWS].index("draw_seed")
    assert e.value.messages == [f"设置!B{row}: 抽签种子 'abc' 不是 ≥ 0 的整数"]
    with pytest.raises(InputError, match="抽签种子 -1 不是 ≥ 0 的整数"):
        jobs.draw(event(4), seed=-1)


def test_draw_is_refused_once_round_1_is_paired():
    v = pair(event(6))
    with pytest.raises(InputError) as e:
        jobs.draw(v, seed=1)
    assert e.value.messages == ["第1轮!B4: 第1轮已编排 — 抽签定序号须在第1轮之前"
                                "（撤销全部轮次后才能重新抽签）"]


def test_draw_needs_players():
    v = jobs.apply_values({}, jobs.new("en"))
    with pytest.raises(InputError, match="Players: there are no players"):
        jobs.draw(v)


def test_draw_from_the_command_line(tmp_path: Path):
    """``bianpai draw`` on a real file (8 players, 3 seeds): seeds on odd numbers, the seed in the
    Settings sheet; after ``pair`` it is refused (exit 3) and the file stays."""
    path = tmp_path / "event.xlsx"
    csv = tmp_path / "players.csv"
    csv.write_text("姓名,单位,等级分,种子\n" + "".join(
        f"选手{i},队{i % 3},{2000 - i},{'是' if i <= 3 else ''}\n" for i in range(1, 9)),
        encoding="utf-8-sig")
    run = bianpai_in_process  # the command's exit code and output, in this process
    assert run("new", str(path), "--name", "周末赛").returncode == 0
    assert run("import-players", str(path), str(csv)).returncode == 0
    out = run("draw", str(path), "--seed", "11")
    assert out.returncode == 0, out.stderr
    assert "抽签种子 11" in out.stdout
    values = read_workbook(path)
    ev = S.read_event(values)
    assert all(p.number % 2 for p in ev.tournament.players if p.seeded)
    assert sum(p.number % 2 == 0 for p in ev.tournament.players if not p.seeded) == 4  # one fills the 4th odd
    assert ev.settings.draw_seed == 11
    assert run("pair", str(path)).returncode == 0
    before = path.read_bytes()
    out = run("draw", str(path))
    assert out.returncode == 3
    assert "第1轮!B4: 第1轮已编排" in out.stderr
    assert path.read_bytes() == before
