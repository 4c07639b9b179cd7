"""Teams are paired exactly as players (issue 18): the team pairing of a random
team event equals the individual engine's pairing of its team-level
tournament — built here by hand from the board results, independently of
:mod:`team_tournament` — and random team events played to the end by every
system have no team rematch and board results that sum to the match result."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bianpai.engine.systems.fide_team import build_round
from bianpai.engine.model import Bye, Game, GameResult, Player, Points, Round, Tournament
from bianpai.engine.results import InputError, PairingError
from bianpai.engine.registry import SYSTEMS, pair_next_round
from bianpai.engine.teams.model import (
    BoardResult,
    ColourRule,
    MatchPoints,
    ScoreKind,
    TeamEvent,
    TeamSettings,
)
from bianpai.engine.teams.points import bye_board_points, team_history
from bianpai.engine.simulate.team import play_team_event, play_team_round
from bianpai.engine.teams.projection import pair_team_round, team_tournament

PAIRING_SYSTEMS = ("dingwei", "adjacent", "roundrobin", "dutch")
ALL_SYSTEMS = tuple(SYSTEMS)

# a board from the first team's side: (first's points, second's points, played over the board)
BOARD = {
    BoardResult.FIRST_WIN: ("w", "l", True), BoardResult.DRAW: ("d", "d", True),
    BoardResult.SECOND_WIN: ("l", "w", True), BoardResult.FIRST_FORFEIT_WIN: ("fw", "fl", False),
    BoardResult.SECOND_FORFEIT_WIN: ("fl", "fw", False), BoardResult.DOUBLE_FORFEIT: ("fl", "fl", False),
}


def by_hand(ev: TeamEvent) -> Tournament:
    """The team-level tournament as an arbiter would write it: each match a game
    between the team red on board 1 and the other, won by the team with more
    board points (a forfeit when no board was played), 场分 as the points."""
    s = ev.settings
    bp = s.board_points
    val = {"w": bp.win, "d": bp.draw, "l": bp.loss, "fw": bp.forfeit_win, "fl": bp.forfeit_loss}
    first_red = s.colours is ColourRule.ODD_BOARDS_RED
    rounds = []
    for rnd in ev.rounds:
        games = []
        for m in rnd.matches:
            a = sum(val[BOARD[b.result][0]] for b in m.boards if b.result)
            b_ = sum(val[BOARD[b.result][1]] for b in m.boards if b.result)
            played = not m.no_show and any(BOARD[b.result][2] for b in m.boards if b.result)
            red, black = (m.first, m.second) if first_red else (m.second, m.first)
            ra, rb = (a, b_) if first_red else (b_, a)
            res: GameResult | None
            if any(b.result is None for b in m.boards):
                res = None
            elif played:
                res = GameResult.RED_WIN if ra > rb else GameResult.BLACK_WIN if ra < rb else GameResult.DRAW
            else:
                res = (GameResult.RED_FORFEIT_WIN if ra > rb else GameResult.BLACK_FORFEIT_WIN
                       if ra < rb else GameResult.DOUBLE_FORFEIT)
            games.append(Game(red, black, res))
        rounds.append(Round(rnd.number, tuple(games), tuple(Bye(b.team, b.kind) for b in rnd.byes)))
    mp = s.match_points
    return Tournament(
        ev.name, tuple(Player(t.number, t.name, t.rating, t.unit, withdrawn_from=t.withdrawn_from,
                              joins_from=t.joins_from) for t in sorted(ev.teams, key=lambda t: t.number)),
        tuple(rounds), ev.total_rounds,
        Points(mp.win, mp.draw, mp.loss, mp.bye, mp.forfeit_win, mp.forfeit_loss, mp.bye, mp.draw, 0.0),
        tuple((r, Bye(b.team, b.kind)) for r, b in ev.requests))


def same_pairing(ev: TeamEvent, system: str) -> bool:
    """The two pairings agree (or both fail); False when no pairing exists."""
    try:
        p = pair_next_round(by_hand(ev), system)
    except PairingError:
        with pytest.raises(PairingError):
            pair_team_round(ev, system)
        return False
    tp = pair_team_round(ev, system)
    first_red = ev.settings.colours is ColourRule.ODD_BOARDS_RED
    expect = [(b.red, b.black) if first_red else (b.black, b.red) for b in p.boards]
    assert [(m.first, m.second) for m in tp.matches] == expect
    assert tp.pairing.bye == p.bye
    return True


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.integers(2, 13), boards=st.integers(1, 6), rounds=st.integers(1, 7),
       seed=st.integers(0, 10 ** 6), system=st.sampled_from(PAIRING_SYSTEMS),
       even=st.booleans(), mp3=st.booleans())
def test_team_pairing_is_the_individual_pairing_of_the_team_level_tournament(
        n: int, boards: int, rounds: int, seed: int, system: str, even: bool, mp3: bool) -> None:
    s = TeamSettings(colours=ColourRule.EVEN_BOARDS_RED if even else ColourRule.ODD_BOARDS_RED,
                     match_points=MatchPoints(3, 1, 0, 3, 0, 3) if mp3 else MatchPoints())
    rounds = min(rounds, n - 1 if n % 2 == 0 else n) if system == "roundrobin" else min(rounds, n // 2 + 1)
    rng = random.Random(seed)
    ev = play_team_event(n, boards, rounds, system, seed, settings=s, upto=0)
    for _ in range(rounds):
        assert team_tournament(ev) == replace(by_hand(ev), rules=team_tournament(ev).rules,
                                              system=team_tournament(ev).system)
        if not same_pairing(ev, system):
            break
        ev = play_team_round(ev, system, rng, reserve_rate=0.3, empty_rate=0.15, no_show_rate=0.08)
    assert team_tournament(ev).rounds == by_hand(ev).rounds


@pytest.mark.parametrize("system", ALL_SYSTEMS)
@pytest.mark.parametrize("seed", range(4))
def test_team_events_to_the_end(system: str, seed: int) -> None:
    """Every system: no team rematch, every board counted, match results as the boards say."""
    n = 9 + 2 * seed
    rounds = (n if n % 2 else n - 1) if system == "roundrobin" else 6
    ev = play_team_event(n, 4 + seed % 3, rounds, system, seed, reserve_rate=0.2, empty_rate=0.05,
                         no_show_rate=0.03 if system != "roundrobin" else 0.0, absence_rate=0.02)
    assert len(ev.rounds) == rounds
    met: set[frozenset[int]] = set()
    s = ev.settings
    bp = s.board_points
    val = {"w": bp.win, "d": bp.draw, "l": bp.loss, "fw": bp.forfeit_win, "fl": bp.forfeit_loss}
    totals = {t.number: 0.0 for t in ev.teams}
    team_level = team_tournament(ev)
    for rnd in ev.rounds:
        for m in rnd.matches:
            key = frozenset(m.teams())
            played = not m.no_show and any(b.result is not None and b.result.played for b in m.boards)
            if played or system in ("dingwei", "adjacent", "roundrobin"):
                assert key not in met, f"round {rnd.number}: {sorted(key)} meet again"
                met.add(key)
            assert len(m.boards) == ev.boards and all(b.result is not None for b in m.boards)
            a = sum(val[BOARD[b.result][0]] for b in m.boards if b.result)
            b_ = sum(val[BOARD[b.result][1]] for b in m.boards if b.result)
            totals[m.first] += a
            totals[m.second] += b_
            game = team_level.rounds[rnd.number - 1].entry_of(m.first)
            assert isinstance(game, Game) and game.result is not None
            first_points = game.outcome_for(m.first)
            won, lost = a > b_, a < b_
            assert (first_points.value in ("1", "+")) == won and (first_points.value in ("0", "-")) == (
                lost or (not played and a == b_))
    h = team_history(ev)
    for t in ev.teams:
        byes = sum(bye_board_points(ev, rnd.bye_of(t.number).kind)  # type: ignore[union-attr]
                   for rnd in ev.rounds if rnd.bye_of(t.number) is not None)
        assert h[t.number].board_points == totals[t.number] + byes


def test_board_points_pairing_only_where_a_system_can() -> None:
    ev = play_team_event(6, 4, 5, "fide-team", 3, upto=2,
                         settings=TeamSettings(pair_by=ScoreKind.BOARD))
    with pytest.raises(InputError, match="board points"):
        pair_team_round(ev, "dingwei")
    tp = pair_team_round(ev, "fide-team")
    assert len(tp.matches) == 3
    # fide-team pairs on 局分 (C.04.6 Art. 1.2), 场分 being the secondary score
    state = build_round(team_tournament(ev))
    h = team_history(ev)
    assert {n: x.score for n, x in state.teams.items()} == {n: x.board_points for n, x in h.items()}
    assert {n: x.secondary for n, x in state.teams.items()} == {n: x.match_points for n, x in h.items()}
    # match points pair by default, board points are the secondary score
    ev_mp = replace(ev, settings=TeamSettings())
    state = build_round(team_tournament(ev_mp))
    assert {n: x.score for n, x in state.teams.items()} == {n: x.match_points for n, x in h.items()}
    assert {n: x.secondary for n, x in state.teams.items()} == {n: x.board_points for n, x in h.items()}
