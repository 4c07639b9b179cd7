"""The shortcuts of the Dutch engine (``engine/systems/dutch/``) are speed
measures only.  Round 1 paired directly (:func:`_first_round`) is round 1 as
the matchings pair it.  The completion check without a matching
(:func:`_completion_by_dirac`) says what the matching says whenever it
decides.  The stand-ins for the players below a bracket (:class:`Outside`),
the S1 phase on the remainder alone (:meth:`MatchingState.set_apart`), and
a bracket of residents matched alone (:class:`Below`), pair every round as
the whole graph does; and what they rest on — the bound on a set of players
none of whom may meet, and Dirac's condition for the rest (or the next score
group and those below it) to take the players sent to it — holds on every
small graph."""

from __future__ import annotations

import functools
import itertools
import random
from dataclasses import replace
from functools import partial
from typing import Callable, TypeVar

import pytest

from bianpai.engine.systems import dutch
from bianpai.engine.systems.dutch import (
    DEFAULT_OPTIONS, Below, DutchOptions, Fields, MatchingState, Outside, Weight,
)
from bianpai.engine.results import PairingError
from bianpai.engine.model import CHESS_POINTS, XIANGQI_POINTS, Tournament
from bianpai.engine.simulate.individual import new_event, play_event

from replay import replay_differences
from test_conformance_dutch import FILES, event

T = TypeVar("T")

@pytest.mark.parametrize("n", list(range(2, 42)) + [99, 100])
def test_round_one_paired_directly_is_round_one_as_the_matchings_pair_it(n: int) -> None:
    t = new_event(n, seed=n, points=CHESS_POINTS if n % 3 else XIANGQI_POINTS)
    direct = dutch.pair(t)
    assert dutch.pair(t, DutchOptions(first_round_direct=False)) == direct


def test_the_completion_check_by_dirac_says_what_the_matching_says(
        monkeypatch: pytest.MonkeyPatch) -> None:
    decided = []
    by_dirac = dutch._completion_by_dirac

    def checked(sp, compat, top_score, odd):
        try:
            said = by_dirac(sp, compat, top_score, odd)
        except PairingError as e:
            said = str(e)
        if said is None:
            return None
        group_size: dict[int, int] = {}
        for p in sp:
            group_size[p.score] = group_size.get(p.score, 0) + 1
        sgb = max(group_size.values()).bit_length()
        try:
            matched = dutch._completion_by_matching(sp, compat, group_size, sgb, top_score, odd)
        except PairingError as e:
            matched = str(e)
        assert said == matched
        decided.append(odd)
        if isinstance(said, str):
            raise PairingError(said)
        return said

    monkeypatch.setattr(dutch, "_completion_by_dirac", checked)
    for path in FILES[::3]:
        t = event(path)
        for r in range(1, len(t.rounds) + 1):
            dutch.pair(t.before_round(r))
    assert decided.count(True) > 30 and decided.count(False) > 30


# (players, rounds, points, forfeit rate, absence rate, withdrawal rate, seed)
EVENTS = [
    (48, 9, CHESS_POINTS, 0.02, 0.02, 0.0, 11),
    (120, 7, XIANGQI_POINTS, 0.05, 0.02, 0.01, 12),
    (101, 9, CHESS_POINTS, 0.02, 0.01, 0.01, 13),
    (150, 7, XIANGQI_POINTS, 0.0, 0.0, 0.0, 14),
    (203, 6, CHESS_POINTS, 0.02, 0.02, 0.0, 15),
]


# each shortcut that can be turned off: its option, the method that takes it,
# and the shortcuts turned off on both sides (they would take its place)
SHORTCUTS = [("reduce_outside", "_compute_with_stand_ins", ("match_bracket_alone",)),
             ("pair_s1_apart", "_compute_apart", ()),
             ("match_bracket_alone", "_compute_bracket_alone", ())]


def watched(run: Callable[[], T]) -> tuple[T, frozenset[str]]:
    """What ``run()`` gives, and the shortcut methods of :data:`SHORTCUTS` that gave a
    matching while it ran."""
    taken: set[str] = set()
    methods = {method: getattr(MatchingState, method) for _, method, _ in SHORTCUTS}

    def watching(method: str, shortcut):  # noqa: ANN001, ANN202
        def watch(self: MatchingState, *args):  # noqa: ANN202
            mate = shortcut(self, *args)
            if mate is not None:
                taken.add(method)
            return mate
        return watch

    with pytest.MonkeyPatch.context() as m:
        for method, shortcut in methods.items():
            m.setattr(MatchingState, method, watching(method, shortcut))
        out = run()
    return out, frozenset(taken)


@functools.cache
def played(n: int, rounds: int, points, forfeits: float, absences: float, withdrawals: float,
           seed: int) -> tuple[Tournament, frozenset[str]]:
    """The simulated event (the same on every call), played once for all its tests, and
    the shortcuts taken while it was played."""
    return watched(lambda: play_event(n, rounds, "dutch", seed, points=points, forfeit_rate=forfeits,
                                      absence_rate=absences, withdraw_rate=withdrawals))


@functools.cache
def replayed(event: tuple, options: DutchOptions) -> tuple[tuple[str, ...], frozenset[str]]:
    """The rounds of the simulated ``event`` that ``options`` pair otherwise (one replay for
    every test asking; the match_bracket_alone test's replay without it is the reduce_outside
    test's base), and the shortcuts taken in the replay."""
    t, _ = played(*event)
    return watched(lambda: replay_differences(t.name, t, partial(dutch.pair, options=options)))


@pytest.mark.parametrize("setting,method,others", SHORTCUTS)
@pytest.mark.parametrize("n,rounds,points,forfeits,absences,withdrawals,seed", EVENTS)
def test_rounds_paired_with_a_shortcut_equal_those_without(
        setting: str, method: str, others: tuple[str, ...], n: int,
        rounds: int, points, forfeits: float, absences: float, withdrawals: float, seed: int) -> None:
    event = (n, rounds, points, forfeits, absences, withdrawals, seed)
    _, taken = played(*event)
    used = [method in taken]  # (the event was played with every shortcut)
    if others:  # (paired with every shortcut: the same without those that take its place)
        base = replace(DEFAULT_OPTIONS, **{other: False for other in others})
        differences, taken = replayed(event, base)
        used = [method in taken]
        assert differences == ()
    else:
        base = DEFAULT_OPTIONS
    assert any(used), "the shortcut was never taken: this event tests nothing"
    assert replayed(event, replace(base, **{setting: False}))[0] == ()


def test_a_declined_apart_matching_falls_back_to_the_whole_graph(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The remainder matched apart always pairs it all (C5); were it not to,
    the whole graph is laid out and matched again, with the same result."""
    t, _ = played(*EVENTS[2])
    declined = []

    def declining(self: MatchingState, *args):
        declined.append(True)
        return None

    monkeypatch.setattr(MatchingState, "_compute_apart", declining)
    assert replay_differences(t.name, t, dutch.pair) == ()
    assert declined


NO_SHORTCUTS = DutchOptions(first_round_direct=False, completion_by_dirac=False,
                            reduce_outside=False, pair_s1_apart=False, match_bracket_alone=False,
                            remainder_by_bound=False)


@pytest.mark.parametrize("n,rounds,points,forfeits,absences,withdrawals,seed", EVENTS[2:4])
def test_rounds_paired_with_every_shortcut_equal_those_with_none(
        n: int, rounds: int, points, forfeits: float, absences: float, withdrawals: float,
        seed: int) -> None:
    t, _ = played(n, rounds, points, forfeits, absences, withdrawals, seed)
    assert replay_differences(t.name, t, partial(dutch.pair, options=NO_SHORTCUTS)) == ()


def test_the_collector_is_paused_only_while_a_round_is_paired(monkeypatch: pytest.MonkeyPatch) -> None:
    import gc
    seen = []
    match = dutch._match

    def watching(*args):
        seen.append(gc.isenabled())
        return match(*args)

    monkeypatch.setattr(dutch, "_match", watching)
    t = play_event(60, 4, "dutch", 5, points=CHESS_POINTS, forfeit_rate=0.02)
    for r in range(1, 5):
        before = t.before_round(r)
        assert dutch.pair(before) == dutch.pair(before, DutchOptions(pause_collector=False))
    assert gc.isenabled()
    assert seen.count(False) >= 4 and seen.count(True) >= 4


def test_the_options_are_plain_values() -> None:
    assert DEFAULT_OPTIONS == DutchOptions()
    assert DEFAULT_OPTIONS.first_round_direct and DEFAULT_OPTIONS.s1_rank_cap == 10
    with pytest.raises(AttributeError):
        DEFAULT_OPTIONS.reduce_outside = False  # type: ignore[misc]


# -- the two facts the stand-ins rest on, on small random graphs ------------

def random_state(n: int, density: float, rng: random.Random) -> MatchingState:
    state = MatchingState(n)
    for a, b in itertools.combinations(range(n), 2):
        if rng.random() < density:
            state.set(a, b, Weight(Fields({("top",): 1})))
    return state


def independence_number(state: MatchingState, vertices: list[int]) -> int:
    for k in range(len(vertices), 0, -1):
        for group in itertools.combinations(vertices, k):
            if all(state.w[a][b] is None for a, b in itertools.combinations(group, 2)):
                return k
    return 0


def has_perfect_matching(state: MatchingState, vertices: list[int], sent: set[int]) -> bool:
    """By search: ``vertices`` paired off, no two of ``sent`` together."""
    if not vertices:
        return True
    a, others = vertices[0], vertices[1:]
    for i, b in enumerate(others):
        if state.w[a][b] is not None and not (a in sent and b in sent):
            if has_perfect_matching(state, others[:i] + others[i + 1:], sent):
                return True
    return False


def test_the_independence_bound_is_never_below_the_independence_number() -> None:
    rng = random.Random(7)
    for _ in range(300):
        n = rng.randint(1, 9)
        state = random_state(n, rng.random(), rng)
        vertices = list(range(n))
        assert state.independence_bound(vertices) >= independence_number(state, vertices)


def test_the_bound_is_one_on_a_complete_graph_and_all_on_an_empty_one() -> None:
    full = random_state(6, 1.0, random.Random(1))
    empty = random_state(6, 0.0, random.Random(1))
    assert full.independence_bound(list(range(6))) == 1
    assert empty.independence_bound(list(range(6))) == 6


def test_when_the_rest_completes_a_perfect_matching_exists() -> None:
    """:meth:`Outside.completes` says yes only when the rest, without the
    bye's holder, can take the players sent to it (checked by search)."""
    rng = random.Random(8)
    said_yes = 0
    for _ in range(400):
        n = rng.randint(5, 12)
        state = random_state(n, rng.uniform(0.5, 1.0), rng)
        split = rng.randint(1, n - 4)
        bracket, rest = list(range(split)), list(range(split, n))
        outside = Outside(state, bracket, rest, [0] * n, [0] * n, {})
        sent = [v for v in bracket if rng.random() < 0.5]
        bye = rng.choice(rest) if (len(rest) + len(sent)) % 2 else None
        if outside.completes(sent, int(bye is not None)):
            said_yes += 1
            players = [v for v in rest if v != bye] + sent
            assert has_perfect_matching(state, players, set(sent))
    assert said_yes > 50


def test_the_bye_stand_in_has_the_least_per_player_term() -> None:
    state = random_state(12, 1.0, random.Random(2))
    top = [1, 1, 1, 1, 1, 0, 0, 1, 1, 1, 1, 1]  # 5 and 6 may take the bye
    up = [0, 0, 0, 0, 0, 3, 1, 0, 0, 0, 0, 0]  # 6 has played more (C9)
    outside = Outside(state, [0, 1, 2], list(range(3, 12)), top, up, {})
    assert outside.lowest == 6
    assert outside.stand_ins(1) == [3, 4, 6]  # 9 in the rest: three, for the parity



# -- what matching a bracket alone rests on, on small random graphs ---------

def placed_below(state: MatchingState, group: list[int], rest: list[int], bye: int | None) -> bool:
    """By search: ``group`` and ``rest`` (but ``bye``) paired off, at most one
    pair between them (so the group makes all the pairs it can)."""
    def pairs(vertices: list[int], across: int) -> bool:
        if not vertices:
            return True
        a, others = vertices[0], vertices[1:]
        for i, b in enumerate(others):
            crossing = (a in group) != (b in group)
            if state.w[a][b] is not None and across + crossing <= 1:
                if pairs(others[:i] + others[i + 1:], across + crossing):
                    return True
        return False
    return pairs(group + [v for v in rest if v != bye], 0)


def test_the_players_a_bracket_leaves_are_placed_below_whenever_it_says_so() -> None:
    """:meth:`Below.places` says yes only when the players sent down pair
    into the next score group with the partners it names, and that group
    and the players below it (but the bye's holder, below the group or, when
    none is below it, in it) can pair off with the most pairs in the group
    (checked by search)."""
    rng = random.Random(9)
    said = {True: 0, False: 0}
    in_group = {True: 0, False: 0}
    for _ in range(600):
        bracket_size, group_size, rest_size = rng.randint(1, 4), rng.randint(1, 6), rng.randint(0, 6)
        n = bracket_size + group_size + rest_size
        state = random_state(n, rng.uniform(0.4, 1.0), rng)
        bracket = list(range(bracket_size))
        group = list(range(bracket_size, bracket_size + group_size))
        rest = list(range(bracket_size + group_size, n))
        sent = [v for v in bracket if rng.random() < 0.5]
        odd = (len(sent) + group_size + rest_size) % 2 == 1
        scores = [20] * bracket_size + [10] * group_size + [0] * rest_size
        top = [1] * bracket_size + [rng.randint(0, 1) for _ in group + rest]
        below = Below(state, bracket, group, rest, scores, top, [0] * n, odd)
        if not below.usable:  # (the bye's holder, below the group or in it, not of least term)
            assert odd and min(top[v] for v in rest or group) > min(top)
            continue
        taken = below.places(state.w, sent)
        said[taken is not None] += 1
        if taken is None:
            continue
        assert sorted(taken.values()) == sent and set(taken) <= set(group)
        assert all(state.w[g][d] is not None for g, d in taken.items())
        assert below.bye is None or top[below.bye] == min(top)
        assert below.bye is None or (below.bye in group) == (not rest) == below.bye_in_group
        assert below.bye not in taken
        left = [x for x in group if x not in taken and x != below.bye]
        assert placed_below(state, left, rest, below.bye)
        in_group[below.bye_in_group] += 1
    assert said[True] > 100 and said[False] > 50
    assert in_group[True] > 10  # (the bye in the group, the last one)
