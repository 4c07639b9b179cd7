"""Round k of 定位编排: its cards, whom each may not meet (§4: met before, the
回避名单, club mates when 同单位回避 is hard), and what a pair or a left-over
player costs by the criteria of §5 that depend on the round (colours, floats)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ....constraints.apart import kept_apart
from ....history.colours import colour_state_of
from ....history.floats import Float, float_records
from ....model import Tournament, history
from ....results import Problem
from ....rules import CLUB_HARD, CLUB_SOFT
from ..core import (
    SwissRound, games_counted_as_draws, may_take_bye, met_opponents, most_forbidden, provisional_note,
)
from .cards import Card, urgency_key
from .criteria import DOUBLE_FLOAT_LIMIT
from .pair_colours import colour_costs


@dataclass
class _Round(SwissRound[Card]):
    """Everything the brackets of round k need: the cards (``entrants``), and
    ``forbidden`` = met before or, when 同单位回避 is hard, club mates (§4)."""

    avoid_three = False  # §6 version 2: three in a row is avoided by choosing pairs

    colour_cache: dict[tuple[Any, ...], tuple[int, int, int, int]] = field(default_factory=dict)
    club: dict[int, str] = field(default_factory=dict)
    soft_club: bool = False  # 同单位回避 soft in this round (§5 criterion 1b)
    floats_on: bool = False  # §5 criterion 3b (rules.float_balance)
    alone: frozenset[int] = frozenset()  # players alone in their score group
    apart: dict[int, frozenset[int]] = field(default_factory=dict)  # 回避名单 (engine/constraints/apart.py)
    hard_club: bool = False  # 同单位回避 hard in this round: club mates are forbidden (§10 names them)

    @property
    def final(self) -> bool:
        """§5 criterion 4: in the final round (a) is not counted."""
        return self.k >= self.total

    def club_mates(self, a: int, b: int) -> bool:
        ca = self.club.get(a, "")
        return bool(ca) and ca == self.club.get(b, "")

    def colour_costs(self, a: Card, b: Card) -> tuple[int, int, int, int]:
        """§5 criterion 4 (a)–(d) for the pair, colours allocated by §6
        (:func:`pair_colours.colour_costs`), kept for pairs alike in all it
        depends on."""
        ca, cb = a.colours, b.colours
        late = self.k >= self.total - 2
        rel = (a.score > b.score) - (a.score < b.score) if late else 0
        key = (ca.d, ca.streak, ca.last, cb.d, cb.streak, cb.last, rel,
               (a.number + b.number) % 2, a.number < b.number)
        hit = self.colour_cache.get(key)
        if hit is not None:
            return hit
        red, _, _ = self.colours_of(a, b)
        res = self.colour_cache[key] = colour_costs(a, b, red, self.final)
        return res

    def up_float_costs(self, low: Card) -> tuple[int, int]:
        """§5 criterion 3b for a player floating up: (same direction as his last
        played round, a third upfloat); nothing when he is alone in his score group."""
        if low.number in self.alone:
            return (0, 0)
        return (int(low.last_float is Float.UP), int(low.ups >= DOUBLE_FLOAT_LIMIT))

    def down_float_costs(self, c: Card) -> tuple[int, int]:
        """§5 criterion 3b for a player left over (floating down at once)."""
        if c.number in self.alone:
            return (0, 0)
        return (int(c.last_float is Float.DOWN), int(c.downs >= DOUBLE_FLOAT_LIMIT))


def build_round(t: Tournament) -> tuple[_Round, list[int], list[Problem]]:
    k = t.next_round
    notes: list[Problem] = []
    provisional_games = games_counted_as_draws(t)
    if provisional_games:
        notes.append(provisional_note(provisional_games))
    provisional = bool(provisional_games)
    hist = history(t, k, provisional_draws=provisional)
    floats_on = t.rules.float_balance
    # the floats matter only to criterion 3b (a setting, off by default)
    floats = float_records(t, k, provisional_draws=provisional) if floats_on else {}
    players = list(t.to_pair(k))
    in_play = set(players)
    apart = kept_apart(t, k)
    avoid = t.rules.club_rounds
    strength = t.rules.club_strength
    avoid_now = avoid is None or k in avoid
    hard = avoid_now and strength == CLUB_HARD
    club = {p.number: p.club.strip() for p in t.players}
    mates: dict[str, set[int]] = {}
    for n in players:
        if club[n]:
            mates.setdefault(club[n], set()).add(n)
    cards: dict[int, Card] = {}
    forbidden: dict[int, frozenset[int]] = {}
    by_score: dict[float, int] = {}
    for n in players:
        h = hist[n]
        score = h.score  # (a sum over his rounds: once)
        by_score[score] = by_score.get(score, 0) + 1
        cs = colour_state_of(h)
        fr = floats.get(n)
        last = fr.last_played if fr else None  # §5 3b: as in his last played round
        cards[n] = Card(n, score, cs, may_take_bye(h), last_float=last,
                        downs=fr.downs if fr else 0, ups=fr.ups if fr else 0,
                        key=urgency_key(n, score, cs, k))
        f = met_opponents(h, in_play) | (apart.get(n, frozenset()) & in_play)  # kept apart as met
        if hard and club[n]:
            f |= mates[club[n]] - {n}
        forbidden[n] = f
    alone = frozenset(n for n in players if by_score[cards[n].score] == 1)
    rnd = _Round(k, t.total_rounds, t.rules.high_score_first, cards, forbidden,
                 most_forbidden(forbidden), len(players) % 2 == 1,
                 club={n: club[n] for n in players}, soft_club=avoid_now and strength == CLUB_SOFT,
                 hard_club=hard,
                 floats_on=floats_on, alone=alone, apart=apart)
    return rnd, players, notes
