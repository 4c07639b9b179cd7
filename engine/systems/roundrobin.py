"""循环制 — the round robin, paired from the FIDE Berger tables (issue #7).

Seed ``003`` §(四): "参赛选手少于10 人时建议采用循环制。多于10 人时可采用积分编排制"
(with fewer than 10 players a round robin is recommended; with more, the Swiss
system may be used).  The schedule is fixed before round 1 by the players'
pairing numbers (序号):

* FIDE handbook C.05 Annex 1 (Berger tables): with an odd number of players the
  highest number counts as a bye — here the dummy seat N+1; being paired
  against it is the round's bye.  The first-named player of a pair moves first
  (red, TRF ``w``).
* The tables follow one construction rule, which :func:`berger_round` implements
  (and the tests check against the published tables): round 1 pairs 1–N,
  2–(N−1), … , N/2–(N/2+1); each next round adds N/2 to every number other than
  N, counted round 1..N−1 (i.e. modulo N−1), keeps the board order and the
  colours, except that the board of player N swaps colours (N alternates).
* Double round robin: the second cycle repeats the table with the colours
  reversed.  C.05 Annex 1 recommends switching the last two rounds of the first
  cycle so that nobody gets three equal colours in a row across the cycles;
  that is done by default (:data:`SWAP_LAST_TWO_DEFAULT`).
* Withdrawals (FIDE C.05, General Regulations for Competitions, ex-C.06 art. 5.4):
  a player who withdraws keeps his results in the crosstable; his unplayed games
  are written ``−`` for him and ``+`` for his opponent (``− −`` if neither is
  there).  If he completed less than 50% of his games, the points scored by him
  or against him are not counted in the final standings; with at least 50% they
  are.  Pairing applies the first part (:data:`ABSENT_PLAYER_FORFEITS`); the
  second is exposed as data for the standings (:func:`withdrawals`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from ..model import Colour, GameResult, Tournament, history
from ..results import Board, Pairing, PairingError, Problem, problem
from ..rules import Rules
from ..advice import ROUND_ROBIN_BELOW, advise_round_robin, round_robin_rounds

# ---------------------------------------------------------------------------
# Rules (typed, ``t.rules``, engine/rules.py) and Decisions
# ---------------------------------------------------------------------------
# ``rr_cycles`` (1 单循环 / 2 双循环; None: inferred, :func:`cycles_of`),
# ``rr_draw_seed`` (the recorded draw of Berger numbers) and
# ``rr_swap_last_two`` (C.05 Annex 1).

#: **Decision**: follow the C.05 Annex 1 recommendation by default in a double
#: round robin (a single round robin is never changed).
SWAP_LAST_TWO_DEFAULT = Rules().rr_swap_last_two

#: **Decision**: a scheduled game of a player who does not take part in the
#: round (withdrawn, not yet joined, or with a requested bye/absence for it)
#: stays on its board, marked :data:`STEP_FORFEIT`, and is decided by forfeit
#: as C.05 writes it: ``+`` for the opponent, ``−`` for the absent player, ``− −``
#: when both are absent (:func:`forfeit_results`).  The round robin has no
#: requested byes: the schedule cannot move a game.
ABSENT_PLAYER_FORFEITS = True

#: **Decision**: ``t.first_colour`` BLACK (TRF ``XXC black1``: seat 1 drew black
#: for round 1) swaps the colours of every board of the whole schedule, as the
#: round-1 methods do (:mod:`round1`); the table's balance is unchanged.
FIRST_COLOUR_BLACK_SWAPS = True

STEP_SCHEDULED = "循环"  # the Berger table's pair
STEP_FORFEIT = "弃权"  # scheduled, but a player does not take part (C.05: + / −)
RULE_TABLE = "Berger 表"  # first-named player red
RULE_REVERSED = "Berger 表颠倒（第二循环）"  # second cycle: colours reversed
RULE_FIRST_COLOUR_BLACK = "; XXC black1: 全部先后对调"


# Seed 003 §(四) "fewer than 10 players: a round robin" (ROUND_ROBIN_BELOW,
# advise_round_robin) and the number of rounds (round_robin_rounds) live in
# :mod:`rounds`, the module of how many rounds to play; imported above.


# ---------------------------------------------------------------------------
# The Berger tables
# ---------------------------------------------------------------------------

Pair = tuple[int, int]  # (red seat, black seat)


def berger_size(n_players: int) -> int:
    """Seats in the table: N, or N+1 for an odd field (the dummy seat is the bye)."""
    return n_players + (n_players % 2)


def berger_first_round(size: int) -> tuple[Pair, ...]:
    """Round 1 of the table: 1–N, 2–(N−1), …, N/2–(N/2+1), first-named red."""
    return tuple((s, size + 1 - s) for s in range(1, size // 2 + 1))


def berger_next_round(size: int, previous: tuple[Pair, ...]) -> tuple[Pair, ...]:
    """The round after ``previous``: every seat other than N advances by N/2
    (counted 1..N−1); boards and colours stay, except that the board of seat N
    swaps colours (N alternates red and black)."""
    def advance(s: int) -> int:
        return s if s == size else (s - 1 + size // 2) % (size - 1) + 1

    out = []
    for red, black in previous:
        r, b = advance(red), advance(black)
        out.append((b, r) if size in (r, b) else (r, b))
    return tuple(out)


def berger_table(size: int) -> tuple[tuple[Pair, ...], ...]:
    """The whole Berger table for ``size`` (even) seats: size−1 rounds."""
    if size < 2 or size % 2:
        raise ValueError(f"a Berger table needs an even number of seats, not {size}")
    rounds = [berger_first_round(size)]
    while len(rounds) < size - 1:
        rounds.append(berger_next_round(size, rounds[-1]))
    return tuple(rounds)


def berger_round(size: int, r: int) -> tuple[Pair, ...]:
    """Round ``r`` (1-based) of the Berger table for ``size`` seats."""
    return berger_table(size)[r - 1]


@dataclass(frozen=True)
class ScheduledRound:
    """One round of the schedule: seat pairs (red first), its cycle, and whether
    the colours are the table's reversed."""

    number: int
    cycle: int
    table_round: int  # the Berger table round it is taken from
    pairs: tuple[Pair, ...]
    reversed: bool


def schedule(n_players: int, cycles: int = 1,
             swap_last_two: bool = SWAP_LAST_TWO_DEFAULT) -> tuple[ScheduledRound, ...]:
    """The whole event: ``cycles`` × (size−1) rounds of seat pairs.

    Cycle 1 is the table (in a double round robin with ``swap_last_two`` its
    last two rounds switched, C.05 Annex 1); cycle 2 is the table again with the
    colours reversed; further cycles alternate the same way.
    """
    if n_players < 2:
        raise ValueError("a round robin needs at least two players")
    if cycles < 1:
        raise ValueError(f"cycles must be at least 1, not {cycles}")
    size = berger_size(n_players)
    table = berger_table(size)
    order = list(range(1, size))
    if cycles >= 2 and swap_last_two and len(order) >= 2:
        order[-2], order[-1] = order[-1], order[-2]
    out: list[ScheduledRound] = []
    for c in range(1, cycles + 1):
        rev = c % 2 == 0
        for tr in (order if c == 1 else range(1, size)):
            pairs = tuple((b, r) for r, b in table[tr - 1]) if rev else table[tr - 1]
            out.append(ScheduledRound(len(out) + 1, c, tr, pairs, rev))
    return tuple(out)


def rounds_per_cycle(n_players: int) -> int:
    """N−1 rounds for an even field, N for an odd one (everyone has one bye)."""
    return round_robin_rounds(n_players, 1)


# ---------------------------------------------------------------------------
# Seats: who sits at which Berger number
# ---------------------------------------------------------------------------


def draw_order(numbers: tuple[int, ...] | list[int], seed: int) -> tuple[int, ...]:
    """The draw of lots (抽签) with a recorded ``seed``: the players' numbers in
    Berger seat order (seat 1 first).  Same seed, same draw, on any machine."""
    order = sorted(numbers)
    random.Random(seed).shuffle(order)
    return tuple(order)


def seat_order(t: Tournament) -> tuple[int, ...]:
    """Player numbers by Berger seat: drawn with ``t.rules.rr_draw_seed`` if it
    is set, else the pairing numbers as entered (ascending).  Every entrant
    keeps a seat, withdrawn or not: the schedule is fixed before round 1."""
    seed = t.rules.rr_draw_seed
    return t.numbers if seed is None else draw_order(t.numbers, seed)


def cycles_of(t: Tournament) -> int:
    """The number of cycles: ``t.rules.rr_cycles`` if set, else **Decision**:
    inferred from ``t.total_rounds`` (2 when it covers two cycles, else 1),
    so that a TRF file with ``XXR`` is enough."""
    if t.rules.rr_cycles is not None:
        return t.rules.rr_cycles
    per = rounds_per_cycle(len(t.players))
    return 2 if t.total_rounds >= 2 * per else 1


def event_schedule(t: Tournament) -> tuple[ScheduledRound, ...]:
    """The schedule of ``t`` in seats (see :func:`schedule`)."""
    return schedule(len(t.players), cycles_of(t), t.rules.rr_swap_last_two)


# ---------------------------------------------------------------------------
# Pairing a round
# ---------------------------------------------------------------------------


def takes_part(t: Tournament, number: int, round_no: int) -> bool:
    """Whether the player plays ``round_no``: active, and no requested bye or
    absence for it (otherwise his scheduled game is forfeited)."""
    return t.player(number).active_in(round_no) and number not in t.requests_for(round_no)


def pair(t: Tournament) -> Pairing:
    """Pair ``t.next_round`` from the Berger schedule.

    Boards follow the table's order (the bye pair left out); a pair with the
    dummy seat is the bye; a game of a player who does not take part stays on
    its board as a forfeit (:data:`ABSENT_PLAYER_FORFEITS`).
    """
    n = len(t.players)
    if n < 2:
        raise PairingError(problem("pairing.rr_too_few"))
    k = t.next_round
    plan = event_schedule(t)
    if k > len(plan):
        raise PairingError(problem("pairing.rr_no_round", round=k, players=n, rounds=len(plan)))
    seats = seat_order(t)
    player_at = {s: num for s, num in enumerate(seats, start=1)}
    sched = plan[k - 1]
    rule = RULE_REVERSED if sched.reversed else RULE_TABLE
    swap = FIRST_COLOUR_BLACK_SWAPS and t.first_colour is Colour.BLACK
    if swap:
        rule += RULE_FIRST_COLOUR_BLACK
    boards: list[Board] = []
    bye: int | None = None
    notes: list[Problem] = []
    for red_seat, black_seat in sched.pairs:
        if swap:
            red_seat, black_seat = black_seat, red_seat
        red, black = player_at.get(red_seat), player_at.get(black_seat)
        if red is None or black is None:  # the dummy seat N+1
            sitter = black if red is None else red
            assert sitter is not None
            if takes_part(t, sitter, k):
                bye = sitter
            continue
        step = STEP_SCHEDULED
        absent = [p for p in (red, black) if not takes_part(t, p, k)]
        if absent:
            step = STEP_FORFEIT
            notes.append(problem("xp.note.rr_forfeit", board=len(boards) + 1, red=red, black=black,
                                 absent=", ".join(str(p) for p in absent)))
        boards.append(Board(len(boards) + 1, red, black, step, rule))
    notes += _schedule_notes(t, plan, seats)
    return Pairing(k, tuple(boards), bye, (), "roundrobin", tuple(notes))


def forfeit_results(t: Tournament, p: Pairing) -> dict[int, GameResult]:
    """The results C.05 fixes in advance for the forfeit boards of ``p``, keyed
    by the red player: the player present wins by forfeit (+), the absent one
    loses (−); both absent: double forfeit (− −)."""
    out: dict[int, GameResult] = {}
    for b in p.boards:
        red_in, black_in = takes_part(t, b.red, p.round), takes_part(t, b.black, p.round)
        if red_in and black_in:
            continue
        if red_in:
            out[b.red] = GameResult.RED_FORFEIT_WIN
        elif black_in:
            out[b.red] = GameResult.BLACK_FORFEIT_WIN
        else:
            out[b.red] = GameResult.DOUBLE_FORFEIT
    return out


def _schedule_notes(t: Tournament, plan: tuple[ScheduledRound, ...],
                    seats: tuple[int, ...]) -> list[Problem]:
    """Warnings for the arbiter: total rounds not those of the schedule, and
    rounds already paired that differ from it."""
    notes: list[Problem] = []
    if t.total_rounds != len(plan):
        notes.append(problem("xp.note.rr_rounds", total=t.total_rounds, rounds=len(plan)))
    for rnd in t.rounds:
        if rnd.number > len(plan):
            break
        expected = {frozenset((seats[a - 1], seats[b - 1]))
                    for a, b in plan[rnd.number - 1].pairs if a <= len(seats) and b <= len(seats)}
        actual = {frozenset((g.red, g.black)) for g in rnd.games}
        if actual != expected:
            notes.append(problem("xp.note.rr_differs", round=rnd.number))
    return notes


# ---------------------------------------------------------------------------
# Withdrawals: what the standings need (C.05)
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Withdrawal:
    """A player who withdrew: his games played over the board and scheduled
    (byes not counted), and whether C.05 keeps his results in the standings
    (he completed at least 50% of his games)."""

    player: int
    from_round: int
    games_played: int
    games_scheduled: int

    @property
    def counts_in_standings(self) -> bool:
        """C.05: at least 50% completed — his score and his opponents' points
        against him count; less — "the points scored by him or against him are
        not counted in the final standings" (they stay in the crosstable)."""
        return 2 * self.games_played >= self.games_scheduled


def withdrawals(t: Tournament) -> tuple[Withdrawal, ...]:
    """Every withdrawn player (``Player.withdrawn_from`` set), in number order."""
    scheduled = cycles_of(t) * (len(t.players) - 1)
    hist = history(t)
    out = []
    for p in sorted(t.players, key=lambda p: p.number):
        if p.withdrawn_from is None:
            continue
        played = sum(1 for e in hist[p.number].entries if e.outcome.played)
        out.append(Withdrawal(p.number, p.withdrawn_from, played, scheduled))
    return tuple(out)


def excluded_from_standings(t: Tournament) -> tuple[int, ...]:
    """Players whose results (by them and against them) C.05 leaves out of the
    final standings: withdrawn before completing 50% of their games."""
    return tuple(w.player for w in withdrawals(t) if not w.counts_in_standings)


def for_final_standings(t: Tournament) -> Tournament:
    """The event as C.05 counts it for the final standings: the players of
    :func:`excluded_from_standings` and every game with them are left out (the
    crosstable keeps them; this view is for ranking only).  Their opponents
    then have no entry in those rounds (no points, no game)."""
    gone = set(excluded_from_standings(t))
    if not gone:
        return t
    rounds = tuple(
        replace(r, games=tuple(g for g in r.games if g.red not in gone and g.black not in gone),
                byes=tuple(b for b in r.byes if b.player not in gone),
                provisional=tuple(n for n in r.provisional if n not in gone))
        for r in t.rounds
    )
    return replace(t, players=tuple(p for p in t.players if p.number not in gone), rounds=rounds,
                   requests=tuple((k, b) for k, b in t.requests if b.player not in gone))


__all__ = [
    "ABSENT_PLAYER_FORFEITS", "FIRST_COLOUR_BLACK_SWAPS",
    "ROUND_ROBIN_BELOW",
    "SWAP_LAST_TWO_DEFAULT", "ScheduledRound", "Withdrawal",
    "berger_first_round", "berger_next_round", "berger_round", "berger_size", "berger_table",
    "cycles_of", "draw_order", "event_schedule", "excluded_from_standings", "for_final_standings",
    "forfeit_results",
    "pair", "round_robin_rounds", "rounds_per_cycle", "schedule", "seat_order",
    "advise_round_robin", "withdrawals",
]
