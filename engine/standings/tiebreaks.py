"""Tie-breaks (名次区分): one small function per code of tiebreaks.md.

Every function takes the precomputed :class:`TiebreakEvent` (the results of
the rounds counted, built once by :func:`tiebreak_event`) and a pairing number,
and returns a float: higher is better for every code.  Ranking, shared places
and Direct Encounter (a group stage, not a per-player number) are in
:mod:`~bianpai.engine.standings.individual`.

Unplayed rounds — two conventions, chosen by ``TiebreakSettings.unplayed``:

``"fide"`` (default) — FIDE C.07 Tie-Break Regulations (2023 edition, Art. 16):
  * 16.2 an unplayed round is a pairing-allocated or full-point bye (16.2.1), a
    forfeit win (16.2.2), a half/zero-point bye or absence followed by a round
    the player came back for (16.2.3), a forfeit loss (16.2.4), or a
    half/zero-point bye or absence *not* followed by one (16.2.5: withdrawal).
    Half/zero-point byes, absences and forfeit losses are *voluntarily
    unplayed rounds* (VUR).
  * 16.3 an opponent's score, as his opponents use it, counts 16.2.1–16.2.4
    rounds at the points awarded and 16.2.5 rounds as draws (``adjusted``).
  * 16.4 the player's own unplayed round counts as a game against a dummy
    opponent with the player's own final score, the result being the points
    awarded.
  * 16.5 cuts remove VUR values first (the lowest VUR value, again for each
    further cut); medians then remove the highest values as usual.
  * Ratings (ARO) and own-record codes (WIN, BWIN, BPG) count games played
    over the board only.

``"fide-2026"`` — the text in force from 1 March 2026 (Play-Off and
  Tie-Break Regulations, Art. 16.4): as ``"fide"``, except that the dummy's
  score — the player's own final score — is capped: for a forfeit (16.2.2,
  16.2.4) at the scheduled opponent's adjusted score (16.3), for every other
  unplayed round (16.2.1, 16.2.3, 16.2.5) at the points for a draw × the
  rounds of the event.  Articles 16.1–16.3 and 16.5 did not change.

``"xiangqi"`` — the convention of xiangqi world championships: a round without
  a paired opponent (pairing bye, requested bye, absence) counts as a game
  against an opponent whose score is the lowest final score in the event; a
  forfeit counts against the real opponent; opponents' scores are their plain
  final scores; cuts remove the plain lowest values.

Points: the event's own points system (xiangqi 2/1/0 by default).  SB divides
by the points for a win, so that it reads as "opponent's score × the share of
the game won" in any system (tiebreaks.md).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import Callable, Mapping

from ..model import Colour, Outcome, Points, RoundEntry, Tournament, history
from ..problems import InputError, problem

# ---------------------------------------------------------------------------
# Settings
# ---------------------------------------------------------------------------

UNPLAYED_CONVENTIONS: tuple[str, ...] = ("fide", "fide-2026", "xiangqi")


@dataclass(frozen=True)
class TiebreakSettings:
    """How unplayed games count (see the module docstring).

    ``unplayed``: ``"fide"`` (C.07 2023 Art. 16, default), ``"fide-2026"``
    (the 2026 text: the dummy's score capped, Art. 16.4) or ``"xiangqi"`` (a
    bye counts as an opponent with the lowest final score in the event).

    ``forfeit_wins_count_as_wins``: Decision — WIN counts games won over the
    board only (tiebreaks.md: "over the board"); set True to count forfeit wins
    as well.  Byes never count as wins (no game was won).
    """

    unplayed: str = "fide"
    forfeit_wins_count_as_wins: bool = False

    def __post_init__(self) -> None:
        if self.unplayed not in UNPLAYED_CONVENTIONS:
            raise InputError(problem("problem.unplayed", value=self.unplayed,
                                     choices=", ".join(UNPLAYED_CONVENTIONS)))


DEFAULT_SETTINGS = TiebreakSettings()

# Outcomes of rounds the player was paired and sat at the board for (finished or not).
_AT_BOARD = (Outcome.WIN, Outcome.DRAW, Outcome.LOSS, Outcome.UNFINISHED)

VUR_OUTCOMES: tuple[Outcome, ...] = (
    Outcome.HALF_BYE, Outcome.ZERO_BYE, Outcome.ABSENT, Outcome.FORFEIT_LOSS)
"""C.07 Art. 16.1–16.2: voluntarily unplayed rounds.  A full-point bye is not
one (it scores like a pairing-allocated bye, 16.2.1); a double forfeit is a
forfeit loss for both players."""

RETURN_OUTCOMES: tuple[Outcome, ...] = _AT_BOARD + (Outcome.PAIRING_BYE, Outcome.FORFEIT_WIN)
"""C.07 Art. 16.2.3/16.2.5: rounds that show the player was there to play.  A
half/zero-point bye or absence followed by one of these is 16.2.3 (counted at
the points awarded); without one later it is 16.2.5 (counted as a draw for
the opponents)."""

UNFINISHED_GAMES_COUNT_AS_MET = True
"""Decision: a game without a result yet (standings during a round) counts as
played over the board — its opponent is met (BH, SB, ARO) — with no points
for either player until the result is in.  DE needs the result: an unfinished
game between tied players leaves DE unapplied; BPG/BWIN count finished games."""


# ---------------------------------------------------------------------------
# The precomputed event
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Contribution:
    """One opponent-score element of a BH-family tie-break: ``value`` is the
    opponent's (or the dummy's) score, ``points`` what the player scored in
    that round, ``vur`` whether it stands for a voluntarily unplayed round
    (cut first, C.07 16.5)."""

    value: float
    points: float
    vur: bool


@dataclass(frozen=True)
class TiebreakEvent:
    """What every tie-break needs, computed once for the rounds counted."""

    points: Points
    rounds: int
    settings: TiebreakSettings
    entries: Mapping[int, tuple[RoundEntry, ...]]
    score: Mapping[int, float]  # final score (after the rounds counted)
    rating: Mapping[int, int]
    opponent_score: Mapping[int, float]  # score as the player's opponents use it
    contributions: Mapping[int, tuple[Contribution, ...]] = field(default_factory=dict)
    fouls: Mapping[int, int] = field(default_factory=dict)  # 犯规, as the arbiter typed them


def counted_rounds(t: Tournament, after_round: int | None) -> Tournament:
    """``t`` with only rounds 1..after_round (default: every round paired)."""
    if after_round is None:
        return t
    if not 0 <= after_round <= len(t.rounds):
        raise InputError(problem("problem.after_round", after_round=after_round, rounds=len(t.rounds)))
    return replace(t, rounds=t.rounds[:after_round])


def tiebreak_event(t: Tournament, settings: TiebreakSettings = DEFAULT_SETTINGS,
                   after_round: int | None = None) -> TiebreakEvent:
    """Precompute scores, adjusted scores and every player's contributions."""
    t = counted_rounds(t, after_round)
    hist = history(t)
    entries = {n: h.entries for n, h in hist.items()}
    score = {n: h.score for n, h in hist.items()}
    rating = {p.number: p.rating for p in t.players}
    if settings.unplayed in ("fide", "fide-2026"):
        opp = {n: fide_adjusted_score(es, t.points) for n, es in entries.items()}
        cap = t.points.draw * t.total_rounds if settings.unplayed == "fide-2026" else None
        contribs = {n: fide_contributions(es, score[n], opp, cap) for n, es in entries.items()}
    else:
        opp = dict(score)
        lowest = min(score.values(), default=0.0)
        contribs = {n: xiangqi_contributions(es, lowest, opp) for n, es in entries.items()}
    fouls = {p.number: p.fouls for p in t.players}
    return TiebreakEvent(t.points, len(t.rounds), settings, entries, score, rating, opp, contribs, fouls)


WITHDRAWAL_OUTCOMES: tuple[Outcome, ...] = (Outcome.HALF_BYE, Outcome.ZERO_BYE, Outcome.ABSENT)
"""Decision (C.07 16.2.5, read as tiebreak-core's fide-2024 reads it): only
half/zero-point byes and absences become "rounds after withdrawal" (counted as
draws for the opponents) when no round the player came back for follows.  A
forfeit loss always stays 16.2.4 — counted at its 0 points — even when it is
the player's last round."""


def is_vur(e: RoundEntry) -> bool:
    return e.outcome in VUR_OUTCOMES


def withdrawn_rounds(entries: tuple[RoundEntry, ...]) -> tuple[bool, ...]:
    """Per round: a VUR bye/absence not followed by a round the player came
    back for (C.07 16.2.5).  Forfeit losses stay 16.2.4."""
    out: list[bool] = []
    returned = False
    for e in reversed(entries):
        late = (not returned) and e.outcome in WITHDRAWAL_OUTCOMES
        out.append(late)
        if e.outcome in RETURN_OUTCOMES:
            returned = True
    return tuple(reversed(out))


def fide_adjusted_score(entries: tuple[RoundEntry, ...], points: Points) -> float:
    """C.07 16.3: the score a player's opponents use — awarded points, except
    rounds after withdrawal (16.2.5), which count as draws."""
    late = withdrawn_rounds(entries)
    return sum(points.draw if w else e.points for e, w in zip(entries, late, strict=True))


def fide_contributions(entries: tuple[RoundEntry, ...], own: float,
                       adjusted: Mapping[int, float], cap: float | None = None) -> tuple[Contribution, ...]:
    """C.07 16.3–16.4: an opponent met over the board gives his adjusted score;
    any unplayed round gives a dummy with the player's own final score.
    ``cap`` (the 2026 text, 16.4.2): the points for a draw × the event's
    rounds — the dummy of a forfeit is capped at the scheduled opponent's
    adjusted score instead (16.4.1); None: no cap (the 2023 text)."""
    out = []
    for e in entries:
        if e.outcome in _AT_BOARD and e.opponent is not None:
            out.append(Contribution(adjusted[e.opponent], e.points, False))
            continue
        dummy = own
        if cap is not None:
            forfeit = e.outcome in (Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS) and e.opponent is not None
            dummy = min(own, adjusted[e.opponent] if forfeit and e.opponent is not None else cap)
        out.append(Contribution(dummy, e.points, is_vur(e)))
    return tuple(out)


def xiangqi_contributions(entries: tuple[RoundEntry, ...], lowest: float,
                          score: Mapping[int, float]) -> tuple[Contribution, ...]:
    """Xiangqi convention: a paired opponent (forfeits too) gives his final
    score; a round without one gives ``lowest``, the lowest final score."""
    return tuple(
        Contribution(score[e.opponent] if e.opponent is not None else lowest, e.points, False)
        for e in entries)


# ---------------------------------------------------------------------------
# Cuts (C.07 Art. 14 with 16.5)
# ---------------------------------------------------------------------------


def cut_order(cs: tuple[Contribution, ...]) -> tuple[float, ...]:
    """The values in the order cuts remove them: VUR values first, lowest
    first (C.07 16.5.1, reapplied for every cut, 16.5.2), then the others,
    lowest first (14.1–14.2)."""
    return tuple(sorted(c.value for c in cs if c.vur)) + \
        tuple(sorted(c.value for c in cs if not c.vur))


def cut_lowest(cs: tuple[Contribution, ...], k: int) -> tuple[float, ...]:
    """The values left after cutting ``k`` least significant ones.  Decision
    (as tiebreak-core): a cut never removes the last value."""
    order = cut_order(cs)
    return order[min(k, max(len(order) - 1, 0)):]


def cut_highest(values: tuple[float, ...], k: int) -> tuple[float, ...]:
    """The values left after removing the ``k`` highest (medians, 14.3–14.4)."""
    rest = sorted(values)
    return tuple(rest[:len(rest) - k]) if k else tuple(rest)


MEDIAN_NEEDS_MORE_VALUES = True
"""Decision (as tiebreak-core): BH-M1 needs at least 3 values and BH-M2 at
least 5; with fewer, the uncut BH counts (a median never removes everything)."""


def _total(cs: tuple[Contribution, ...]) -> float:
    return sum(c.value for c in cs)


# ---------------------------------------------------------------------------
# One function per code
# ---------------------------------------------------------------------------


def bh(ev: TiebreakEvent, n: int) -> float:
    """BH 对手分 (C.07 8.1): sum of the opponents' scores."""
    return _total(ev.contributions[n])


def bh_c1(ev: TiebreakEvent, n: int) -> float:
    """BH-C1 截断对手分 (C.07 14.1): BH without the least significant value."""
    return sum(cut_lowest(ev.contributions[n], 1))


def bh_c2(ev: TiebreakEvent, n: int) -> float:
    """BH-C2 (C.07 14.2): BH without the two least significant values."""
    return sum(cut_lowest(ev.contributions[n], 2))


def bh_m1(ev: TiebreakEvent, n: int) -> float:
    """BH-M1 中间对手分 (C.07 14.3): without the lowest and the highest value."""
    cs = ev.contributions[n]
    if len(cs) < 3:
        return _total(cs)
    return sum(cut_highest(cut_lowest(cs, 1), 1))


def bh_m2(ev: TiebreakEvent, n: int) -> float:
    """BH-M2 (C.07 14.4): without the two lowest and the two highest values."""
    cs = ev.contributions[n]
    if len(cs) < 5:
        return _total(cs)
    return sum(cut_highest(cut_lowest(cs, 2), 2))


def bh_cut(ev: TiebreakEvent, n: int) -> tuple[float, ...]:
    """BH-CUT* Solkoff 截断法 (003 §(五)3(3)): BH-C1, then BH-C2, … — compared in
    that order until the tie breaks.  Returns the whole sequence."""
    order = cut_order(ev.contributions[n])
    total = sum(order)
    out, cut = [], 0.0
    for k in range(1, max(ev.rounds, 2)):
        if k < len(order):  # never the last value
            cut += order[k - 1]
        out.append(total - cut)
    return tuple(out)


def sb(ev: TiebreakEvent, n: int) -> float:
    """SB 索贝分 (C.07 9.1): Σ opponent's score × points scored against him ÷
    points for a win (unplayed rounds: the dummy / lowest-score opponent)."""
    return sum(c.value * c.points for c in ev.contributions[n]) / (ev.points.win or 1.0)


def _running_scores(ev: TiebreakEvent, n: int) -> list[float]:
    run, out = 0.0, []
    for e in ev.entries[n]:
        run += e.points
        out.append(run)
    return out


def ps(ev: TiebreakEvent, n: int) -> float:
    """PS 累进分 (C.07 7.5): sum of the running score after each round (byes
    and forfeits at the points awarded)."""
    return sum(_running_scores(ev, n))


def ps_c1(ev: TiebreakEvent, n: int) -> float:
    """PS-C1 扣除累进分 (C.07 14.1.1.c): PS without the score after round 1."""
    run = _running_scores(ev, n)
    return sum(run[1:])


def win(ev: TiebreakEvent, n: int) -> float:
    """WIN 胜局数: games won over the board (C.07 7.2 WON); forfeit wins too
    when ``forfeit_wins_count_as_wins``."""
    counted = (Outcome.WIN, Outcome.FORFEIT_WIN) if ev.settings.forfeit_wins_count_as_wins \
        else (Outcome.WIN,)
    return float(sum(1 for e in ev.entries[n] if e.outcome in counted))


def bwin(ev: TiebreakEvent, n: int) -> float:
    """BWIN 后胜局数 (C.07 7.4): games won over the board with black."""
    return float(sum(1 for e in ev.entries[n]
                     if e.outcome is Outcome.WIN and e.colour is Colour.BLACK))


def bpg(ev: TiebreakEvent, n: int) -> float:
    """BPG 后手局数 (C.07 7.3): finished games played over the board with black."""
    return float(sum(1 for e in ev.entries[n]
                     if e.outcome.played and e.colour is Colour.BLACK))


def round_half_up(x: float) -> int:
    """C.07 10.1: averages are rounded to the nearest whole number, 0.5 up."""
    return int(math.floor(x + 0.5))


def foul(ev: TiebreakEvent, n: int) -> float:
    """FOUL 犯规少者 (2020 xiangqi competition rules; Match BP): the fouls the
    arbiter recorded against the player.  Fewer ranks higher — the one code
    where a lower number is better (:data:`LOWER_IS_BETTER`)."""
    return float(ev.fouls.get(n, 0))


def previous_rounds(ev: TiebreakEvent, n: int) -> tuple[float, ...]:
    """PREV 前轮成绩 (2020 xiangqi competition rules: 比较前一轮成绩，以此类推):
    the player's score after the round before the last one counted, then
    after the round before that, … down to round 1 — compared in that order
    until the tie breaks, higher first.  Decision: "成绩" is read as the score
    the player had then (the running score, byes and forfeits at the points
    awarded), the one number every standings of an earlier round starts with."""
    return tuple(reversed(_running_scores(ev, n)[:-1]))


STD_OUTCOME: Mapping[Outcome, float] = {
    Outcome.WIN: 1.0, Outcome.FORFEIT_WIN: 1.0, Outcome.DRAW: 0.5,
    Outcome.LOSS: 0.0, Outcome.FORFEIT_LOSS: 0.0, Outcome.UNFINISHED: 0.0,
}
"""C.07 (2026) 7.7 for a paired round: beating the scheduled opponent (over
the board or by forfeit) is 1, a draw ½, a loss or no result yet 0."""


def std(ev: TiebreakEvent, n: int) -> float:
    """STD Standard Points 标准分 (C.07 2026, 7.7): each round scored as 1 / ½ / 0
    — more points than the scheduled opponent, the same, fewer; a round
    without an opponent by its points against those for a draw.  Decision:
    a paired round counts by its result (:data:`STD_OUTCOME`), so that
    colour-dependent points (a black draw worth more than a red one) do not
    turn a draw into a win."""
    total = 0.0
    for e in ev.entries[n]:
        if e.opponent is not None:
            total += STD_OUTCOME[e.outcome]
        else:
            total += 1.0 if e.points > ev.points.draw else 0.5 if e.points == ev.points.draw else 0.0
    return total


ARO_COUNTS_RATED_OPPONENTS_ONLY = True
"""Decision: ARO averages the ratings of opponents met over the board who have
a rating (> 0); unrated opponents are left out of sum and count (003 §(五)1
recommends ARO only when everyone is rated).  No rated opponent: 0."""


def _opponent_ratings(ev: TiebreakEvent, n: int) -> list[int]:
    rs = [ev.rating[e.opponent] for e in ev.entries[n]
          if e.outcome in _AT_BOARD and e.opponent is not None]
    return sorted(r for r in rs if r > 0)


def aro(ev: TiebreakEvent, n: int) -> float:
    """ARO 对手平均等级分 (C.07 10.1): average rating of the opponents met over
    the board, rounded half up."""
    rs = _opponent_ratings(ev, n)
    return float(round_half_up(sum(rs) / len(rs))) if rs else 0.0


def aro_c1(ev: TiebreakEvent, n: int) -> float:
    """ARO-C1 扣除对手平均等级分 (C.07 14.1.1.b): ARO without the lowest-rated
    opponent (fewer than two rated opponents: ARO)."""
    rs = _opponent_ratings(ev, n)
    if len(rs) < 2:
        return aro(ev, n)
    return float(round_half_up(sum(rs[1:]) / len(rs[1:])))


def rtg(ev: TiebreakEvent, n: int) -> float:
    """RTG 等级分: the player's own rating."""
    return float(ev.rating[n])


KOYA_SHARE = 0.5
"""C.07 9.2 (Koya, for round robins): opponents count when their final score
is at least this share of the maximum possible score (the rounds counted ×
the points for a win)."""

KOYA_COUNTS_GAMES_PLAYED_ONLY = True
"""Decision (as tiebreak-core's fide-2024): Koya is not one of the tie-breaks
C.07 Art. 16 adjusts, so it sums the points of games played over the board
only (forfeits, byes and absences add nothing) and qualifies the opponents
by their plain final score."""


def koya_threshold(ev: TiebreakEvent) -> float:
    """The score an opponent needs to count for Koya: 50% of the maximum."""
    return KOYA_SHARE * ev.rounds * ev.points.win


def koya(ev: TiebreakEvent, n: int) -> float:
    """KOYA Koya 分 (C.07 9.2, round robins): the points scored against the
    opponents who finished with at least 50% of the maximum possible score."""
    limit = koya_threshold(ev)
    return sum(e.points for e in ev.entries[n]
               if e.outcome.played and e.opponent is not None and ev.score.get(e.opponent, 0.0) >= limit)


# ---------------------------------------------------------------------------
# Direct encounter (C.07 Art. 6) — a stage over a tied group
# ---------------------------------------------------------------------------


def mutual_results(ev: TiebreakEvent, group: tuple[int, ...]) -> dict[tuple[int, int], list[float]]:
    """Points each member scored against each other member in games played
    over the board (forfeits do not count, C.07 6.1.1)."""
    members = set(group)
    out: dict[tuple[int, int], list[float]] = {}
    for n in group:
        for e in ev.entries[n]:
            if e.outcome.played and e.opponent in members:
                out.setdefault((n, e.opponent), []).append(e.points)
    return out


def de(ev: TiebreakEvent, group: tuple[int, ...]) -> dict[int, float] | None:
    """DE 直胜 (C.07 6.1): each member's points against the other members of the
    tied ``group``, or None when not every two of them met over the board
    (then DE does not separate them).  A pair that met more than once counts
    the average of its games (6.1.2)."""
    res = mutual_results(ev, group)
    for i, a in enumerate(group):
        for b in group[i + 1:]:
            if (a, b) not in res:
                return None
    return {n: sum(sum(v) / len(v) for (x, _), v in res.items() if x == n) for n in group}


# ---------------------------------------------------------------------------
# Registry
# ---------------------------------------------------------------------------

Scalar = Callable[[TiebreakEvent, int], float]

SCALAR_TIEBREAKS: dict[str, Scalar] = {
    "BH": bh, "BH-C1": bh_c1, "BH-C2": bh_c2, "BH-M1": bh_m1, "BH-M2": bh_m2,
    "SB": sb, "PS": ps, "PS-C1": ps_c1, "WIN": win, "BWIN": bwin, "BPG": bpg,
    "ARO": aro, "ARO-C1": aro_c1, "RTG": rtg, "KOYA": koya, "FOUL": foul, "STD": std,
}

LOWER_IS_BETTER: frozenset[str] = frozenset({"FOUL"})
"""Codes whose smaller number ranks higher (the value shown is the count)."""
"""Codes with one number per player.  BH-CUT and PREV (sequences) and DE (a
group stage) are handled by :mod:`~bianpai.engine.standings.individual`."""
