"""The pairing systems as records: what each one is, asked by whoever needs it.

A :class:`System` says how to pair (``pair``), how many rounds the event has
(a round robin's come from its schedule, docs/spec/systems.md), which results
the pairing fills in itself (a round robin's forfeits of absent players, FIDE
C.05), how often two players may meet, which players the standings rank, and
the key of its name in the workbook's word table.  The workbook layer asks the
record; it never branches on a system's name.  :data:`REGISTRY` is the one
list of systems; :func:`pair_next_round` pairs with one by its name.

The systems' modules are imported on use, from the ``module:function``
strings of their records, so that the CLI starts fast and a job imports only
the system it pairs with.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Mapping

from .model import DEFAULT_SYSTEM, GameResult, Tournament
from .problems import InputError, problem

if TYPE_CHECKING:
    from .results import Pairing


def _function(target: str) -> Callable[..., object]:
    module, func = target.split(":")
    f: Callable[..., object] = getattr(importlib.import_module(f"{__package__}.{module}"), func)
    return f


CardRows = tuple[float, list[tuple[int, str]], list[tuple[int, str]]]
"""A score group of the next round as its cards sit: the score, the 要先行 and the 要后行
row, each card as (number, label)."""


@dataclass(frozen=True)
class System:
    """One pairing system.

    ``name``: the key in settings and files (``dingwei``); ``target``: its pair
    function as ``module:function``; ``label``: the key of its name in the
    word table; ``swiss``: a Swiss system (seed 003 §(四) advises a round robin
    below ten players instead); ``scheduled``: the whole schedule is fixed
    before round 1 (a round robin: the total rounds, the games of absent
    players, the meetings per cycle follow from it); ``tiebreaks``: the
    tie-break preset usual for it (engine/standings/individual.py PRESETS; "" the
    event's default); ``forfeits_meet``: a forfeited game counts as a meeting
    (定位编排 and the adjacent method: paired is met, engine/systems/chinese/core.py
    MET_INCLUDES_FORFEITS; FIDE: only games played over the board);
    ``workbook``: offered on the Settings sheet (the team system pairs a TRF
    of teams, engine/teams/projection.py, not yet a workbook); ``avoids_clubs``:
    the system keeps club mates apart in the Settings' 同单位回避 rounds
    (定位编排, engine/systems/chinese/dingwei/), so ``check`` holds its rounds to that —
    the other systems pair without regard to clubs after round 1 (issue 13:
    what ``pair`` does is what ``check`` accepts); ``pairs_teams``: the
    system pairs teams only (a TRF of players without team records is
    refused, engine/formats/trf_team.py :func:`pair_trf`); ``card_rows``: its
    ``module:function`` laying out the next round's score groups as its cards sit
    (定位编排's 要先行/要后行 rows, dingwei.md §2) for the 编排卡 sheet's pages, ""
    for a system that pairs without such rows (the pages are refused, never shown
    in another method's layout)."""

    name: str
    target: str
    label: str
    swiss: bool = True
    scheduled: bool = False
    tiebreaks: str = ""
    forfeits_meet: bool = True
    workbook: bool = True
    avoids_clubs: bool = False
    pairs_teams: bool = False
    card_rows: str = ""

    def pair(self, t: Tournament) -> "Pairing":
        """Pair ``t.next_round``."""
        pairing: Pairing = _function(self.target)(t)  # type: ignore[assignment]
        return pairing

    def next_round_cards(self, t: Tournament) -> list[CardRows]:
        """The next round's cards by score group (``card_rows``; empty without it)."""
        if not self.card_rows:
            return []
        rows: list[CardRows] = _function(self.card_rows)(t)  # type: ignore[assignment]
        return rows

    def total_rounds(self, t: Tournament) -> int:
        """The event's rounds: a scheduled system's from its schedule (for at
        least two players, every entrant keeping a seat), else ``t.total_rounds``."""
        if self.scheduled and len(t.players) >= 2:
            # start-up time: a system's module is imported on use, only by the event that pairs with it
            from .systems.roundrobin import cycles_of
            from .advice import round_robin_rounds

            return round_robin_rounds(len(t.players), cycles_of(t))
        return t.total_rounds

    def meetings(self, t: Tournament) -> int:
        """How often two players may meet: once, or once per cycle of a round robin."""
        if self.scheduled:
            from .systems.roundrobin import cycles_of  # start-up time: a system's module on use

            return cycles_of(t)
        return 1

    def prefilled(self, t: Tournament, pairing: "Pairing") -> dict[int, GameResult]:
        """Results the pairing decides in advance, by red player: a round
        robin's scheduled games of players who do not take part (C.05)."""
        if not self.scheduled:
            return {}
        from .systems.roundrobin import forfeit_results  # start-up time: a system's module on use

        return forfeit_results(t, pairing)

    def keeps_games_of_absent(self) -> bool:
        """Whether a player who does not take part keeps his scheduled game,
        forfeited (a round robin, C.05) instead of being left out."""
        return self.scheduled

    def ranked(self, t: Tournament) -> Tournament:
        """The event as the standings count it: a round robin leaves out a
        player who withdrew before half of his games, with every game against
        him (C.05, engine/systems/roundrobin.py); a Swiss event is counted as it is."""
        if not self.scheduled:
            return t
        from .systems.roundrobin import for_final_standings  # start-up time: a system's module on use

        return for_final_standings(t)

    def excluded(self, t: Tournament) -> tuple[int, ...]:
        """The players :meth:`ranked` leaves out, by number."""
        if not self.scheduled:
            return ()
        from .systems.roundrobin import excluded_from_standings  # start-up time: a system's module on use

        return excluded_from_standings(t)


REGISTRY: tuple[System, ...] = (
    System("dingwei", "systems.chinese.dingwei:pair", "system.dingwei", avoids_clubs=True,
           card_rows="systems.chinese.dingwei:next_round_cards"),
    System("dutch", "systems.dutch:pair", "system.dutch", forfeits_meet=False),
    System("adjacent", "systems.chinese.adjacent:pair", "system.adjacent"),
    System("roundrobin", "systems.roundrobin:pair", "system.roundrobin", swiss=False, scheduled=True,
           tiebreaks="round-robin"),
    System("fide-team", "systems.fide_team:pair", "system.fide_team", forfeits_meet=False, workbook=False,
           pairs_teams=True),
)
"""Every system, in the order the Settings drop-down offers them."""

BY_NAME: Mapping[str, System] = {s.name: s for s in REGISTRY}


def get(name: str) -> System:
    """The system called ``name``; an :class:`InputError` for an unknown name."""
    try:
        return BY_NAME[name]
    except KeyError:
        raise InputError(problem("problem.unknown_system", system=name,
                                 choices=", ".join(BY_NAME))) from None


def of(t: Tournament) -> System:
    """The system ``t`` is paired with (``t.system``)."""
    return get(t.system)


SYSTEMS: dict[str, str] = {s.name: s.target for s in REGISTRY}
"""name -> "module:function", from :data:`REGISTRY`, which is the one list."""


def system(name: str) -> Callable[[Tournament], "Pairing"]:
    """The pairing function of the system called ``name``."""
    return get(name).pair


def pair_next_round(t: Tournament, system_name: str | None = None) -> "Pairing":
    """Pair ``t.next_round`` with the named system (default: the event's own, ``t.system``)."""
    return system(t.system if system_name is None else system_name)(t)


__all__ = ["BY_NAME", "DEFAULT_SYSTEM", "REGISTRY", "SYSTEMS", "System", "get", "of", "pair_next_round",
           "system"]
