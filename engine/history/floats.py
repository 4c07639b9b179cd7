"""Floats (升降): 下调 downfloat and 上调 upfloat, per round and counted.

dingwei.md §1: a player floats when paired against an opponent whose score
before the round was different — down if his own was higher, up if lower.
Byes, forfeits and absences give no float.  (The FIDE Dutch system has its
own float definition, in :mod:`dutch`.)
"""

from __future__ import annotations

from dataclasses import dataclass

from ..model import Float, Outcome, Tournament, round_entries

__all__ = ["Float", "FloatRecord", "float_records"]


@dataclass(frozen=True)
class FloatRecord:
    """A player's floats by round (None: no float that round)."""

    number: int
    by_round: tuple[Float | None, ...]
    played: tuple[bool, ...] = ()  # by round: a game (or an unfinished one) against an opponent

    @property
    def downs(self) -> int:
        return sum(1 for f in self.by_round if f is Float.DOWN)

    @property
    def ups(self) -> int:
        return sum(1 for f in self.by_round if f is Float.UP)

    def rounds_of(self, kind: Float) -> tuple[int, ...]:
        return tuple(i for i, f in enumerate(self.by_round, start=1) if f is kind)

    @property
    def last(self) -> Float | None:
        return self.by_round[-1] if self.by_round else None

    @property
    def last_played(self) -> Float | None:
        """The float of the last round in which he played (a bye, a forfeit or
        an absence is no round played): ``000`` 原则 9 (dingwei.md §5 3b)."""
        for f, played in zip(reversed(self.by_round), reversed(self.played), strict=True):
            if played:
                return f
        return None


def float_records(t: Tournament, before_round: int | None = None,
                  provisional_draws: bool = False) -> dict[int, FloatRecord]:
    """Every player's floats over rounds 1..before_round−1 (default: all)."""
    upto = len(t.rounds) if before_round is None else before_round - 1
    score = {p.number: 0.0 for p in t.players}
    floats: dict[int, list[Float | None]] = {p.number: [] for p in t.players}
    played: dict[int, list[bool]] = {p.number: [] for p in t.players}
    for rnd in t.rounds[:upto]:
        entries = round_entries(t, rnd, provisional_draws)
        for num, e in entries.items():
            f: Float | None = None
            counts = e.opponent is not None and (e.played or e.outcome is Outcome.UNFINISHED)
            if counts:
                mine, theirs = score[num], score[e.opponent]  # type: ignore[index]
                f = Float.DOWN if mine > theirs else Float.UP if mine < theirs else None
            floats.setdefault(num, []).append(f)
            played.setdefault(num, []).append(counts)
        for num, e in entries.items():
            score[num] = score.get(num, 0.0) + e.points
    return {n: FloatRecord(n, tuple(fs), tuple(played.get(n, ()))) for n, fs in sorted(floats.items())}
