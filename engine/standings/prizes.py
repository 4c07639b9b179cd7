"""Results beyond the players' standings, from the same ranking (issue 25):
club totals from an individual event (单位团体总分) and prize groups (分组名次).

Both start from the players' standings (engine/standings/individual.py), so that a club's
or a group's order follows the very tie-breaks the event's places do.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence

from ..problems import InputError, problem
from .individual import Placed, StandingRow

CLUB_POINTS = "points"
"""队员总分制: a club's total is its k best-placed players' points, higher better."""

CLUB_PLACES = "places"
"""名次和: a club's total is its k best players' places, lower better (as world
championships rank national teams)."""

CLUB_METHODS: dict[str, str] = {CLUB_POINTS: CLUB_POINTS, "积分": CLUB_POINTS, "总分": CLUB_POINTS,
                                CLUB_PLACES: CLUB_PLACES, "名次": CLUB_PLACES, "名次和": CLUB_PLACES}
"""The words the Settings' club-totals row accepts for each method."""

CLUB_TIEBREAK_BEST_PLACE = True
"""Decision: clubs level on their total are ranked by the place of their best
counted player (lower better); still level, they share the place.  A club
with fewer than k players ranked is ranked after every complete club (its
total cannot be compared), by its total in the method's direction."""


@dataclass(frozen=True)
class ClubRow(Placed):
    """A club's line: place, club, total (points, or the sum of places), the
    players counted (by number, best first) and its best place."""

    rank: int
    rank_to: int
    club: str
    total: float
    counted: tuple[int, ...]
    best: int
    complete: bool
    values: tuple[float, ...] = ()
    codes: tuple[str, ...] = ()


def parse_club_totals(raw: str) -> tuple[str, int] | None:
    """``"points 4"`` / ``"积分 4"`` / ``"places 3"`` / ``"名次和3"`` → (method, k);
    blank → None (no club totals).  Anything else: :class:`InputError`."""
    v = raw.strip().lower()
    if not v:
        return None
    digits = "".join(ch for ch in v if ch.isdigit())
    word = "".join(ch for ch in v if not ch.isdigit()).strip(" :：,，")
    method = CLUB_METHODS.get(word)
    if method is None or not digits or int(digits) < 1:
        raise InputError(problem("problem.club_totals", value=raw, choices="points 4, places 3"))
    return method, int(digits)


def club_totals(rows: Sequence[StandingRow], clubs: Mapping[int, str], method: str, k: int
                ) -> tuple[ClubRow, ...]:
    """Rank the clubs (players without a club left out) by ``method`` over
    their ``k`` best-placed players (:data:`CLUB_TIEBREAK_BEST_PLACE`)."""
    members: dict[str, list[StandingRow]] = {}
    for r in rows:  # rows are in standings order: a club's best first
        club = clubs.get(r.number, "").strip()
        if club:
            members.setdefault(club, []).append(r)
    lines = []
    for club, rs in members.items():
        counted = rs[:k]
        total = sum(r.points for r in counted) if method == CLUB_POINTS else \
            float(sum(r.rank for r in counted))
        lines.append((club, total, tuple(r.number for r in counted), counted[0].rank, len(counted) == k))

    def key(x: tuple[str, float, tuple[int, ...], int, bool]) -> tuple[int, float, int]:
        _, total, _, best, complete = x
        return (0 if complete else 1, -total if method == CLUB_POINTS else total, best)

    lines.sort(key=lambda x: (key(x), x[0]))
    out: list[ClubRow] = []
    i = 0
    while i < len(lines):
        j = i
        while j + 1 < len(lines) and key(lines[j + 1]) == key(lines[i]):
            j += 1
        for name, sum_, numbers, best, complete in lines[i:j + 1]:
            out.append(ClubRow(i + 1, j + 1, name, sum_, numbers, best, complete))
        i = j + 1
    return tuple(out)


@dataclass(frozen=True)
class GroupRow(Placed):
    """A player's line in his prize group: the place in the group (shared
    when his overall place is shared with a group mate) and the overall one."""

    rank: int
    rank_to: int
    number: int
    overall: StandingRow
    values: tuple[float, ...] = ()
    codes: tuple[str, ...] = ()


GROUP_ORDER_IS_OVERALL = True
"""Decision (FIDE's way for category prizes too): a group is ranked in the
order of the overall standings — the same tie-breaks over the whole field —
so a group place never contradicts the overall places beside it."""


def group_standings(rows: Sequence[StandingRow],
                    groups: Mapping[int, str]) -> dict[str, tuple[GroupRow, ...]]:
    """Each prize group (players' ``group``, blank: none) ranked as the
    overall standings rank it (:data:`GROUP_ORDER_IS_OVERALL`); groups in the
    order of their best player."""
    by_group: dict[str, list[StandingRow]] = {}
    for r in rows:
        g = groups.get(r.number, "").strip()
        if g:
            by_group.setdefault(g, []).append(r)
    out: dict[str, tuple[GroupRow, ...]] = {}
    for g, rs in by_group.items():
        lines: list[GroupRow] = []
        i = 0
        while i < len(rs):
            j = i
            while j + 1 < len(rs) and (rs[j + 1].rank, rs[j + 1].rank_to) == (rs[i].rank, rs[i].rank_to):
                j += 1
            lines += [GroupRow(i + 1, j + 1, r.number, r) for r in rs[i:j + 1]]
            i = j + 1
        out[g] = tuple(lines)
    return out


def parse_prize_places(raw: str) -> tuple[int | None, dict[str, int]]:
    """分组录取名次: ``"6"`` (every group) and/or ``"女子组 3, 少年组 6"`` →
    (the count for every group, the counts by group).  Blank: (None, {})."""
    every: int | None = None
    per: dict[str, int] = {}
    bad = []
    for part in raw.replace("，", ",").replace("、", ",").replace(";", ",").split(","):
        part = part.strip()
        if not part:
            continue
        name = part.rstrip("0123456789 :：").strip()
        digits = part[len(name):].strip(" :：")
        if not digits.isdigit():
            bad.append(part)
        elif name:
            per[name] = int(digits)
        else:
            every = int(digits)
    if bad:
        raise InputError(problem("problem.prize_places", value=", ".join(bad)))
    return every, per


__all__ = ["CLUB_METHODS", "CLUB_PLACES", "CLUB_POINTS", "ClubRow", "GroupRow", "club_totals",
           "group_standings", "parse_club_totals", "parse_prize_places"]
