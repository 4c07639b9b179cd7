"""What the FIDE Dutch system (C.04.3, 2025 text) needs to know of each player.

Scores are kept as integers in tenths of a point (½ = 5), so that sums and
comparisons are exact.  Colours are the model's :class:`~.model.Colour`
(white = ``RED``, 先手; black = ``BLACK``), floats the :class:`~bianpai.engine.history.floats.Float`
of :mod:`~bianpai.engine.history.floats` (None: no float).
Only games played over the board give colours and make two players "met"
(C.04.1 basic rules; systems.md format notes).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, NamedTuple

from ...model import BAKU, Colour, Float, Outcome, RoundEntry, Tournament, history
from ...results import InputError, problem

def invert(colour: Colour | None) -> Colour | None:
    """The other colour (None stays None)."""
    return None if colour is None else colour.opposite


def tenths(x: float) -> int:
    """A score in tenths of a point."""
    return int(round(x * 10))


class Entry(NamedTuple):
    """One round of a player's history, as the Dutch rules see it (a named
    tuple: made for every player and round each time a round is paired)."""

    opponent: int | None  # None: no opponent (bye, absence)
    colour: Colour | None  # colour of a game played over the board
    points: int  # tenths
    played: bool  # played over the board
    participated: bool  # paired (game or forfeit) or given the pairing-allocated bye


@dataclass(frozen=True)
class DutchPlayer:
    """A player's pairing card (C.04.3 articles 1.2, 1.4, 1.6, 1.7)."""

    number: int
    rank: int  # 0-based effective pairing number among the valid players
    score: int  # tenths, with the virtual points of this round (accelerated pairing, C.04.5)
    entries: tuple[Entry, ...]
    played_colours: tuple[Colour, ...]
    played_games: int
    opponents: frozenset[int]  # met over the board (C.04.1: never again)
    imbalance: int  # |whites − blacks|
    preference: Colour | None  # colour preference (1.6)
    repeated: Colour | None  # colour of the last two played games, when equal
    strong: bool  # strong preference: colour difference ±1, not absolute
    eligible_for_bye: bool  # no unplayed round scored as much as a win (C.04.1 / 1.5)
    float1: Float | None = None  # float received in the last round (1.4)
    float2: Float | None = None  # float received two rounds before
    forbidden: frozenset[int] = frozenset()  # may not meet (TRF XXP / 260): like a rematch
    accelerations: tuple[int, ...] = ()  # virtual points (tenths) by round index (C.04.5)

    @property
    def absolute_imbalance(self) -> bool:
        return self.imbalance > 1

    @property
    def absolute(self) -> bool:
        """Absolute colour preference (1.6.1): difference beyond ±1 or the same
        colour in the two last played games."""
        return self.imbalance > 1 or self.repeated is not None

    def score_back(self, k: int) -> int:
        """The pairing score before the last ``k`` rounds: the points then, and
        the virtual points of that round (accelerated pairings, C.04.5)."""
        return _score_back(self.score, self.entries, self.accelerations, k)

    @property
    def real_score(self) -> int:
        """The score without virtual points (C.04.5: those are for pairing only)."""
        return self.score - self.acceleration(len(self.entries))

    def acceleration(self, round_index: int) -> int:
        """The virtual points (tenths) in round ``round_index + 1``."""
        acc = self.accelerations
        return acc[round_index] if round_index < len(acc) else 0


def _score_back(score: int, entries: tuple[Entry, ...], accelerations: tuple[int, ...], k: int) -> int:
    """:meth:`DutchPlayer.score_back` of a card with this score, these entries and
    these virtual points."""
    if not k:
        return score
    played = len(entries)
    now = accelerations[played] if played < len(accelerations) else 0
    real = score - now - sum(e.points for e in entries[played - k:])
    return real + (accelerations[played - k] if played - k < len(accelerations) else 0)


def _entry(e: RoundEntry) -> Entry:
    played = e.outcome.played or e.outcome is Outcome.UNFINISHED
    colour = None
    if played and e.colour is not None:
        colour = e.colour
    participated = e.opponent is not None or e.outcome is Outcome.PAIRING_BYE
    return Entry(e.opponent, colour, tenths(e.points), played, participated)


def colour_card(colours: tuple[Colour, ...]) -> tuple[int, Colour | None, Colour | None, bool]:
    """(imbalance, preference, repeated colour, strong) from the played colours
    (C.04.3 1.6: absolute when the difference is beyond ±1 or the last two
    played games had the same colour; strong when the difference is ±1;
    mild otherwise, alternating from the last game)."""
    whites = colours.count(Colour.RED)
    blacks = len(colours) - whites
    run = 0
    last: Colour | None = None
    for c in colours:
        run = 1 if (run == 0 or c != last) else run + 1
        last = c
    lower = Colour.BLACK if whites > blacks else Colour.RED
    imbalance = abs(whites - blacks)
    if imbalance > 1:
        pref: Colour | None = lower
    elif run > 1:
        pref = invert(last)
    elif imbalance > 0:
        pref = lower
    elif run:
        pref = invert(last)
    else:
        pref = None
    repeated = last if run > 1 else None
    absolute = imbalance > 1 or repeated is not None
    strong = (not absolute) and imbalance > 0
    return imbalance, pref, repeated, strong


def accelerations(t: Tournament) -> dict[int, tuple[int, ...]]:
    """Each player's virtual points (tenths) by round index, for pairing only
    (C.04.5): as given (TRF ``XXA`` / ``250``), else by the Baku method.

    Baku (C.04.5.1, as the reference engine computes it): the first half of
    the players by start number (⌈N/2⌉) get a win's points in the rounds up to
    the half of the first half of the event, a draw's in the rest of it."""
    if t.accelerations:
        return {a.player: tuple(tenths(x) for x in a.points) for a in t.accelerations}
    if t.acceleration_method != BAKU or not t.players:
        return {}
    win, draw = tenths(t.points.win), tenths(t.points.draw)
    if t.points.loss or 2 * draw != win:
        raise InputError(problem("problem.baku_points"))
    last_round = (t.total_rounds - 1) // 2  # round indices 0..last_round are accelerated
    last_full = last_round // 2
    plan = tuple(win if r <= last_full else draw for r in range(last_round + 1))
    ordered = [p.number for p in t.in_initial_order()]  # the top half of the initial ranking
    return {n: plan for n in ordered[:(len(ordered) + 1) // 2]}


def forbidden_partners(t: Tournament, round_no: int) -> dict[int, frozenset[int]]:
    """Whom each player may not meet in ``round_no`` (TRF ``XXP`` / ``260``)."""
    out: dict[int, set[int]] = {}
    for fp in t.forbidden_pairs:
        if fp.applies_to(round_no):
            for n in fp.players:
                out.setdefault(n, set()).update(m for m in fp.players if m != n)
    return {n: frozenset(s) for n, s in out.items()}


def dutch_players(t: Tournament, provisional_draws: bool = False
                  ) -> tuple[dict[int, DutchPlayer], list[int]]:
    """Every player's card before ``t.next_round``, and the numbers to pair.

    The effective pairing numbers (``rank``) count the players still in the
    event: those to be paired now and those who have been paired before
    (C.04.2 initial order: ``t.initial_order``, else the start-number order).  ``provisional_draws``:
    unfinished games count as draws.  Scores include the virtual points of
    an accelerated pairing (:func:`accelerations`).
    """
    r = t.next_round
    virtual = accelerations(t)
    forbidden = forbidden_partners(t, r)
    hist = history(t, before_round=r, provisional_draws=provisional_draws)
    to_pair = t.to_pair(r)
    pairing_set = set(to_pair)
    win = tenths(t.points.win)
    loss = tenths(t.points.loss)
    # first each card's entries and score, then the cards with their floats, which
    # compare the scores of the two players of a game (each card made once)
    back: dict[int, _Back] = {}
    for p in t.in_initial_order():
        entries = tuple(map(_entry, hist[p.number].entries))
        acc = virtual.get(p.number, ())
        back[p.number] = (sum(e.points for e in entries) + (acc[r - 1] if r - 1 < len(acc) else 0),
                          entries, acc)
    cards: dict[int, DutchPlayer] = {}
    rank = 0
    for number, (score, entries, acc) in back.items():
        valid = number in pairing_set or any(e.participated for e in entries)
        colours = tuple(e.colour for e in entries if e.played and e.colour is not None)
        imbalance, pref, repeated, strong = colour_card(colours)
        eligible = not any((not e.played) and e.points >= win for e in entries)
        cards[number] = DutchPlayer(
            number=number,
            rank=rank if valid else -1,
            score=score,
            entries=entries,
            played_colours=colours,
            played_games=len(colours),
            opponents=frozenset(e.opponent for e in entries if e.played and e.opponent is not None),
            imbalance=imbalance,
            preference=pref,
            repeated=repeated,
            strong=strong,
            eligible_for_bye=eligible,
            float1=_float_back(entries, score, acc, 1, back.__getitem__, loss),
            float2=_float_back(entries, score, acc, 2, back.__getitem__, loss),
            forbidden=forbidden.get(number, frozenset()),
            accelerations=acc,
        )
        if valid:
            rank += 1
    return cards, list(to_pair)


_Back = tuple[int, tuple[Entry, ...], tuple[int, ...]]
"""What :func:`_score_back` needs of a card: its score, entries and virtual points."""


def _float_back(entries: tuple[Entry, ...], score: int, acc: tuple[int, ...], k: int,
                other: Callable[[int], _Back], loss: int) -> Float | None:
    """:func:`float_of` for the card of ``entries``, ``score`` and ``acc``, the
    other cards' given by ``other`` (number -> score, entries, virtual points)."""
    if len(entries) < k:
        return None
    e = entries[len(entries) - k]
    if not e.played:
        return Float.DOWN if e.points > loss else None
    assert e.opponent is not None  # a game played over the board has one
    mine = _score_back(score, entries, acc, k)
    theirs = _score_back(*other(e.opponent), k)
    return Float.DOWN if mine > theirs else Float.UP if mine < theirs else None


def float_of(c: DutchPlayer, k: int, cards: dict[int, DutchPlayer], loss: int) -> Float | None:
    """The float ``c`` received ``k`` rounds ago (C.04.3 1.4.2–1.4.3): a player
    scoring more than a loss without playing floats down; otherwise the
    higher of two opponents with different scores floats down, the lower up."""
    def other(n: int) -> _Back:
        return cards[n].score, cards[n].entries, cards[n].accelerations

    return _float_back(c.entries, c.score, c.accelerations, k, other, loss)


__all__ = [
    "DutchPlayer", "Entry",
    "accelerations", "colour_card", "dutch_players", "forbidden_partners", "float_of", "invert", "tenths",
]
