"""Simulated events: seeded random players and results.

Used by ``bianpai demo``, the property tests and the benchmarks.  Everything
is driven by one ``random.Random(seed)``: the same seed gives the same event.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Sequence

from ..model import (
    XIANGQI_POINTS, Bye, ByeKind, Game, GameResult, Player, Points, Round, Tournament,
)
from ..rules import DEFAULT_RULES, Rules
from ..registry import pair_next_round

SURNAMES = ("王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹"
            "彭曾肖田董袁潘蒋蔡余杜叶程苏魏吕丁任沈")
GIVEN = ("伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂英华玉兰红梅"
         "鹏飞宇航浩然子轩思远")
CLUBS = ("北京棋院", "上海象棋队", "广东象棋协会", "四川成都", "浙江杭州", "江苏南京", "湖北武汉",
         "河北石家庄")

#: Result weights for a played game, from red's side: red moves first and
#: wins a little more often.
RESULT_WEIGHTS: tuple[tuple[GameResult, int], ...] = (
    (GameResult.RED_WIN, 38), (GameResult.DRAW, 30), (GameResult.BLACK_WIN, 32),
)


def random_players(n: int, rng: random.Random, seeded: int = 0) -> tuple[Player, ...]:
    """``n`` players with Chinese names, clubs and ratings; the first ``seeded``
    numbers are seeds (种子)."""
    out = []
    taken: dict[tuple[str, str], int] = {}
    for i in range(1, n + 1):
        name = rng.choice(SURNAMES) + "".join(rng.choice(GIVEN) for _ in range(rng.choice((1, 2))))
        rating, club = rng.randrange(1400, 2500), rng.choice(CLUBS)
        # namesakes of one club told apart as an organiser would (a players list refuses the
        # same name and club twice: checker.duplicate_players); no further random draws
        times = taken[(name, club)] = taken.get((name, club), 0) + 1
        if times > 1:
            name = f"{name}{times}"
        out.append(Player(number=i, name=name, rating=rating, club=club, seeded=i <= seeded))
    return tuple(out)


def random_result(rng: random.Random, forfeit_rate: float = 0.0) -> GameResult:
    """A result for one game; ``forfeit_rate`` of games are forfeited by one side."""
    if forfeit_rate and rng.random() < forfeit_rate:
        return rng.choice((GameResult.RED_FORFEIT_WIN, GameResult.BLACK_FORFEIT_WIN))
    r = rng.randrange(sum(w for _, w in RESULT_WEIGHTS))
    for result, w in RESULT_WEIGHTS:
        if r < w:
            return result
        r -= w
    raise AssertionError("unreachable")


def random_round(rng: random.Random, round_no: int, everyone: Sequence[int], active: Sequence[int],
                 results: Sequence[GameResult], requested: Sequence[Bye] = ()) -> Round:
    """Round ``round_no`` paired at random, by no system: players of ``everyone``
    not in ``active`` are absent, ``requested`` byes stand as given, the others
    are shuffled into games whose results are drawn from ``results``, and an
    odd one out gets the pairing bye.  For tie-break tests and benchmarks,
    which need many events quickly."""
    playing = list(active)
    absent = set(playing) | {b.player for b in requested}
    byes = [Bye(x, ByeKind.ABSENT) for x in everyone if x not in absent] + list(requested)
    rng.shuffle(playing)
    if len(playing) % 2:
        byes.append(Bye(playing.pop(), ByeKind.PAIRING))
    games = tuple(Game(playing[i], playing[i + 1], rng.choice(results))
                  for i in range(0, len(playing), 2))
    return Round(round_no, games, tuple(byes))


def play_round(t: Tournament, system: str, rng: random.Random, forfeit_rate: float = 0.0) -> Tournament:
    """Pair the next round with ``system`` and give every game a random result."""
    pairing = pair_next_round(t, system)
    rnd = pairing.as_round(t)
    games = tuple(replace(g, result=random_result(rng, forfeit_rate)) for g in rnd.games)
    return t.with_round(replace(rnd, games=games))


def new_event(n: int, seed: int, total_rounds: int = 7, points: Points = XIANGQI_POINTS,
              name: str = "模拟赛 Demo event", rules: Rules = DEFAULT_RULES) -> Tournament:
    rng = random.Random(seed)
    return Tournament(name=name, players=random_players(n, rng), total_rounds=total_rounds,
                      points=points, rules=rules)


def play_event(n: int, rounds: int, system: str, seed: int, *, points: Points = XIANGQI_POINTS,
               forfeit_rate: float = 0.0, absence_rate: float = 0.0,
               withdraw_rate: float = 0.0, upto: int | None = None,
               rules: Rules = DEFAULT_RULES) -> Tournament:
    """A whole simulated event of ``n`` players and ``rounds`` rounds (or the
    first ``upto`` rounds).  Before each round a player may ask for a bye
    (``absence_rate``, half-point) or withdraw for good (``withdraw_rate``)."""
    rng = random.Random(seed)
    t = Tournament(name=f"Simulated {system} {n}", players=random_players(n, rng),
                   total_rounds=rounds, points=points, rules=rules, system=system)
    for k in range(1, (upto or rounds) + 1):
        if k > 1 and (absence_rate or withdraw_rate):
            t = _absences(t, k, rng, absence_rate, withdraw_rate)
        t = play_round(t, system, rng, forfeit_rate)
    return t


def _absences(t: Tournament, k: int, rng: random.Random, absence_rate: float,
              withdraw_rate: float) -> Tournament:
    players = list(t.players)
    requests = list(t.requests)
    for i, p in enumerate(players):
        if not p.active_in(k):
            continue
        if rng.random() < withdraw_rate:
            players[i] = replace(p, withdrawn_from=k)
        elif rng.random() < absence_rate:
            requests.append((k, Bye(p.number, ByeKind.HALF)))
    if sum(1 for p in players if p.active_in(k)) - sum(1 for r, _ in requests if r == k) < 2:
        return t  # keep at least two players in the event
    return replace(t, players=tuple(players), requests=tuple(requests))


__all__ = ["new_event", "play_event", "play_round", "random_players", "random_result", "random_round"]


def simulated_trf(t: Tournament) -> str:
    """``t`` as a TRF that keeps each player's club (``XXB club N …``, as ``export-trf`` writes
    it): :func:`~bianpai.engine.formats.trf.format_trf` writes only what a TRF itself holds, and a
    simulated event's players of one name are told apart by their clubs (the duplicate rule)."""
    from ..formats.trf import format_trf  # start-up time: the TRF writer (13 ms) not for demo or new

    return format_trf(t) + "".join(f"XXB club {p.number} {p.club}\r" for p in t.players if p.club)
