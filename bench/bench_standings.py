"""Benchmark: standings of 3,000 players × 11 rounds with every tie-break.

Goal (issue #4): under 1 s.  The event is built directly with the model:
random pairings from a seeded RNG (a tie-break benchmark needs realistic
results, not a real pairing system), a pairing bye each round, a few
forfeits, half-point byes and withdrawals.

Also times the same BH/SB/PS/ARO family through tiebreak-core (fide-2024), the
library considered for wrapping, for the comparison in the commit message.

Run: ``.venv/bin/python bench/bench_standings.py``
"""

from __future__ import annotations

import random
import statistics
import time

from bianpai.engine.model import (
    Bye, ByeKind, GameResult, Player, Tournament, history,
)
from bianpai.engine.simulate.individual import random_round
from bianpai.engine.standings.individual import TIEBREAK_CODES, standings

N_PLAYERS = 3000
N_ROUNDS = 11
REPEATS = 5


def random_event(n: int = N_PLAYERS, rounds: int = N_ROUNDS, seed: int = 2026) -> Tournament:
    rng = random.Random(seed)
    players = tuple(Player(i, f"P{i:04d}", rating=rng.choice([0, 1200 + rng.randrange(1400)]))
                    for i in range(1, n + 1))
    withdrawn = {i: rng.randrange(2, rounds + 1) for i in rng.sample(range(1, n + 1), n // 100)}
    results = [GameResult.RED_WIN] * 40 + [GameResult.DRAW] * 25 + [GameResult.BLACK_WIN] * 33 + \
        [GameResult.RED_FORFEIT_WIN, GameResult.BLACK_FORFEIT_WIN]
    rnds = []
    for r in range(1, rounds + 1):
        active = [p.number for p in players if withdrawn.get(p.number, rounds + 1) > r]
        half = rng.sample(active, 5)
        rnds.append(random_round(rng, r, range(1, n + 1), [x for x in active if x not in set(half)],
                                 results, [Bye(x, ByeKind.HALF) for x in half]))
    return Tournament("bench", players, tuple(rnds), total_rounds=rounds)


def time_bianpai(t: Tournament) -> list[float]:
    times = []
    for _ in range(REPEATS):
        t0 = time.perf_counter()
        standings(t, TIEBREAK_CODES)
        times.append(time.perf_counter() - t0)
    return times


def time_tiebreak_core(t: Tournament) -> float | None:
    try:
        from tiebreak_core import GameRecord, PlayerTiebreakData
        from tiebreak_core import fide2024
    except ImportError:
        return None
    from bianpai.engine.model import Outcome
    kind = {Outcome.WIN: "played", Outcome.DRAW: "played", Outcome.LOSS: "played",
            Outcome.FORFEIT_WIN: "forfeit_win", Outcome.FORFEIT_LOSS: "forfeit_loss",
            Outcome.PAIRING_BYE: "pairing_bye", Outcome.FULL_BYE: "requested_bye",
            Outcome.HALF_BYE: "requested_bye", Outcome.ZERO_BYE: "requested_bye",
            Outcome.ABSENT: "requested_bye"}
    t0 = time.perf_counter()
    rating = {p.number: p.rating for p in t.players}
    data = {}
    for n, h in history(t).items():
        met = ("played", "forfeit_win", "forfeit_loss")
        games = [GameRecord(e.opponent if kind[e.outcome] in met else -1,
                            rating.get(e.opponent, 0), e.points / 2,
                            "black" if e.colour and e.colour.value == "b" else "white",
                            e.round, kind[e.outcome]) for e in h.entries]
        data[n] = PlayerTiebreakData(n, rating[n], h.score / 2, games)
    crit = ["buchholz", "buchholz_cut1", "buchholz_cut2", "median_buchholz", "median_buchholz_2",
            "sonneborn_berger", "progressive", "progressive_cut1", "won", "wins_black",
            "games_black", "aro", "aro_cut1"]
    fide2024.rank_standings(data, crit, len(t.rounds))
    return time.perf_counter() - t0


def main() -> None:
    t = random_event()
    n_games = sum(len(r.games) for r in t.rounds)
    print(f"event: {N_PLAYERS} players, {N_ROUNDS} rounds, {n_games} games; "
          f"codes: {','.join(TIEBREAK_CODES)}")
    times = time_bianpai(t)
    print(f"bianpai standings: median {statistics.median(times):.3f} s "
          f"(min {min(times):.3f}, max {max(times):.3f}, {REPEATS} runs; goal < 1 s)")
    tc = time_tiebreak_core(t)
    if tc is not None:
        print(f"tiebreak-core fide-2024 rank_standings (13 criteria, conversion included): "
              f"{tc:.3f} s (1 run)")


if __name__ == "__main__":
    main()
