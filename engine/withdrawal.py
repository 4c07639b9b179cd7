"""Automatic withdrawal after forfeits in a row (issue 25).

A regulation under the 2020 xiangqi competition rules: "连续两轮弃权者，不再编排"
— a player who forfeits two rounds in a row is no longer paired.  The number
of forfeits is the event's setting (0: never, the default; 2 with the
``cxa-2020`` preset, engine/standings/individual.py PRESET_AUTO_WITHDRAW).
"""

from __future__ import annotations

from .model import Outcome, Tournament, history

FORFEITS_ONLY = True
"""Decision: only forfeit losses count (the player was paired and did not
come: 弃权, a double forfeit included); an absence or a bye the player asked
for (请假, 轮空) is not a forfeit and breaks no streak, nor does it continue one."""


def forfeit_streak(t: Tournament, number: int) -> int:
    """How many of the player's last rounds in a row were forfeit losses."""
    run = 0
    for e in reversed(history(t)[number].entries):
        if e.outcome is not Outcome.FORFEIT_LOSS:
            break
        run += 1
    return run


def forfeit_withdrawals(t: Tournament, after: int) -> tuple[int, ...]:
    """The players still in who forfeited at least ``after`` rounds in a row
    up to the last round paired, by number — to be withdrawn from the next
    round.  ``after`` 0: nobody (the rule is off)."""
    if after <= 0 or len(t.rounds) < after:
        return ()
    k = len(t.rounds) + 1
    return tuple(p.number for p in sorted(t.players, key=lambda p: p.number)
                 if p.active_in(k) and forfeit_streak(t, p.number) >= after)


__all__ = ["FORFEITS_ONLY", "forfeit_streak", "forfeit_withdrawals"]
