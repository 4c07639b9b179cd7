"""How many rounds to play (dingwei.md §9; seed ``000`` §2, seed ``003`` §(四)).

The arbiter decides; the tool only suggests.  Seed 003 §(四): with fewer than
ten players a round robin is advised; otherwise about twice the rounds of a
knock-out (2·⌈log₂ N⌉), at least seven, odd for individual events; and to
decide A places beyond the champion exactly, R = N₂ + 2A where N₂ is the
power of two (58 players, top 6 places: R = 6 + 2·5 = 16).
"""

from __future__ import annotations

MIN_SUGGESTED_ROUNDS = 7
"""dingwei.md §9: a Swiss event should have at least seven rounds."""

ROUND_ROBIN_BELOW = 10
"""Seed 003 §(四): 参赛选手少于10人时建议采用循环制 — below ten players, advise a round robin.
**Decision**: exactly 10 (the seed says "fewer than 10" and "more than 10") is
left to the Swiss system."""


def knockout_rounds(n: int) -> int:
    """⌈log₂ n⌉: the rounds of a single-elimination event of ``n`` players
    (003's N₂, "把选手数量折合成2的幂")."""
    if n < 1:
        raise ValueError(f"number of players must be positive, got {n}")
    return (n - 1).bit_length()


def round_robin_rounds(n: int, cycles: int = 1) -> int:
    """Rounds of a round robin of ``n`` players: per cycle n − 1, or n when n
    is odd (one bye a round — FIDE C.05 Annex 1, the dummy seat); times the
    number of ``cycles`` (单循环 1, 双循环 2).  :mod:`~bianpai.engine.systems.roundrobin` imports it."""
    return cycles * (n - 1 if n % 2 == 0 else n)


def suggest_rounds(n: int) -> int:
    """The suggested number of Swiss rounds for ``n`` players (dingwei.md §9):
    2·⌈log₂ n⌉, raised to at least :data:`MIN_SUGGESTED_ROUNDS`, made odd,
    and never more than a round robin would need (more rounds than that force
    rematches)."""
    r = max(MIN_SUGGESTED_ROUNDS, 2 * knockout_rounds(n))
    if r % 2 == 0:
        r += 1
    return max(1, min(r, round_robin_rounds(n)))


def rounds_to_decide(n: int, places: int) -> int:
    """Seed 003 §(四): R = N₂ + 2A, A the places after the champion to decide
    exactly (``places`` counts the champion: top 6 → A = 5)."""
    if places < 1:
        raise ValueError(f"places to decide must be at least 1, got {places}")
    return knockout_rounds(n) + 2 * (places - 1)


def advise_round_robin(n: int) -> bool:
    """Seed 003 §(四) "参赛选手少于10 人时建议采用循环制": a round robin is
    advised for ``n`` players — fewer than ten, and at least the two a round
    robin needs.  The one home of this rule (:mod:`~bianpai.engine.systems.roundrobin` and the
    workbook import it); the organiser decides."""
    return 2 <= n < ROUND_ROBIN_BELOW


__all__ = ["MIN_SUGGESTED_ROUNDS", "ROUND_ROBIN_BELOW", "advise_round_robin", "knockout_rounds",
           "round_robin_rounds", "rounds_to_decide", "suggest_rounds"]
