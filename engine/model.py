"""The tournament model: players, rounds, games, byes and the points system.

Everything here is a plain immutable value.  What a player *has* (score, colour
history, floats, opponents) is never stored: it is derived from the rounds by
:func:`history` (and by :mod:`~bianpai.engine.history.colours` /
:mod:`~bianpai.engine.history.floats`), so it cannot disagree with the results.

Colours are named after xiangqi: ``RED`` moves first (先手, TRF ``w``) and
``BLACK`` second (后手, TRF ``b``).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace
from typing import Mapping, Sequence

from .rules import DEFAULT_RULES, Rules


class Colour(enum.Enum):
    """The side a player had in a played game."""

    RED = "w"  # 红 / 先: moves first
    BLACK = "b"  # 黑 / 后

    @property
    def opposite(self) -> "Colour":
        return Colour.BLACK if self is Colour.RED else Colour.RED


class GameResult(enum.Enum):
    """The result of a paired game, from red's side (TRF letters red/black)."""

    RED_WIN = "1-0"
    DRAW = "=-="
    BLACK_WIN = "0-1"
    RED_FORFEIT_WIN = "+--"  # black did not come: red wins by forfeit
    BLACK_FORFEIT_WIN = "--+"
    DOUBLE_FORFEIT = "---"  # neither came

    @property
    def played(self) -> bool:
        """Whether the game was played over the board (it gives colours)."""
        return self in (GameResult.RED_WIN, GameResult.DRAW, GameResult.BLACK_WIN)


class ByeKind(enum.Enum):
    """A round a player did not play a paired game (TRF unplayed codes)."""

    PAIRING = "U"  # pairing-allocated bye (轮空), scored Points.bye
    FULL = "F"  # requested/awarded full-point bye
    HALF = "H"  # requested half-point bye
    ZERO = "Z"  # requested zero-point bye
    ABSENT = "-"  # absent / withdrawn, no points


class Outcome(enum.Enum):
    """One player's outcome in one round."""

    WIN = "1"
    DRAW = "="
    LOSS = "0"
    FORFEIT_WIN = "+"
    FORFEIT_LOSS = "-"
    PAIRING_BYE = "U"
    FULL_BYE = "F"
    HALF_BYE = "H"
    ZERO_BYE = "Z"
    ABSENT = "A"
    UNFINISHED = "*"  # paired, no result yet

    @property
    def played(self) -> bool:
        return self in (Outcome.WIN, Outcome.DRAW, Outcome.LOSS)


class Float(enum.Enum):
    """A float (升降): paired against a higher or lower score than one's own.
    Defined here, beside the colours, as both kinds of system read floats:
    the Swiss methods' records (:mod:`~bianpai.engine.history.floats`, dingwei.md §1) and the Dutch
    cards (engine/systems/dutch/players.py, C.04.3 1.4), which need nothing else of
    :mod:`~bianpai.engine.history.floats`."""

    DOWN = "↓"  # 下调
    UP = "↑"  # 上调


@dataclass(frozen=True)
class Points:
    """The points system.  Default: xiangqi 2/1/0, a bye counts as a win.

    ``bye`` is the pairing-allocated bye (轮空); ``full_bye``/``half_bye``/
    ``zero_bye`` are requested byes; forfeit wins/losses score like wins/losses
    unless set otherwise.  An absence scores as a zero-point bye (as the FIDE
    reference engine counts it).  TRF: ``162`` codes W, D, L, U/P, F, Z, H and
    the ``BBW BBD BBL BBZ BBF BBU`` lines (:mod:`~bianpai.engine.formats.trf`).
    """

    win: float = 2.0
    draw: float = 1.0
    loss: float = 0.0
    bye: float = 2.0
    forfeit_win: float = 2.0
    forfeit_loss: float = 0.0
    full_bye: float = 2.0
    half_bye: float = 1.0
    zero_bye: float = 0.0
    black_win: float | None = None
    black_draw: float | None = None
    black_loss: float | None = None
    """Colour-dependent points (issue 25: 红胜/红和/红负/黑胜/黑和/黑负): what a
    game played over the board scores for black; None: as for red
    (``win``/``draw``/``loss``, the red values then).  Forfeits and byes are
    not games with a colour and keep their own points.  Every score —
    standings, tie-breaks, the pairing score — is the sum of these."""

    @property
    def by_colour(self) -> bool:
        """Whether black scores differently from red in some result."""
        return any(x is not None and x != y for x, y in ((self.black_win, self.win),
                                                          (self.black_draw, self.draw),
                                                          (self.black_loss, self.loss)))

    @classmethod
    def chess(cls) -> "Points":
        """FIDE 1 / ½ / 0."""
        return cls(1.0, 0.5, 0.0, 1.0, 1.0, 0.0, 1.0, 0.5, 0.0)

    def for_outcome(self, outcome: Outcome, provisional_draws: bool = False,
                    colour: "Colour | None" = None) -> float:
        """The points of ``outcome``; with ``colour`` BLACK, a game played over
        the board scores the black points when they are set."""
        if outcome is Outcome.UNFINISHED:
            outcome = Outcome.DRAW if provisional_draws else outcome
            if outcome is Outcome.UNFINISHED:
                return 0.0
        if colour is Colour.BLACK and outcome in _BLACK_POINTS:
            black: float | None = getattr(self, _BLACK_POINTS[outcome])
            if black is not None:
                return black
        points: float = getattr(self, _POINTS_OF[outcome])
        return points


_POINTS_OF: Mapping[Outcome, str] = {
    Outcome.WIN: "win",
    Outcome.DRAW: "draw",
    Outcome.LOSS: "loss",
    Outcome.FORFEIT_WIN: "forfeit_win",
    Outcome.FORFEIT_LOSS: "forfeit_loss",
    Outcome.PAIRING_BYE: "bye",
    Outcome.FULL_BYE: "full_bye",
    Outcome.HALF_BYE: "half_bye",
    Outcome.ZERO_BYE: "zero_bye",
    Outcome.ABSENT: "zero_bye",
}
"""The :class:`Points` field an outcome scores (an absence as a zero-point bye)."""

_BLACK_POINTS: Mapping[Outcome, str] = {
    Outcome.WIN: "black_win", Outcome.DRAW: "black_draw", Outcome.LOSS: "black_loss"}
"""The :class:`Points` field black scores for a game played over the board."""


POINT_SCHEMES: dict[str, tuple[float, float, float, float, float, float]] = {
    "2-1-0": (2.0, 1.0, 0.0, 2.0, 1.0, 0.0),
    "3-1-0": (3.0, 1.0, 0.0, 3.0, 1.0, 0.0),
    "match-bp": (3.0, 1.0, 0.0, 3.0, 2.0, 0.0),
    "black-draw-1.5": (2.0, 1.0, 0.0, 2.0, 1.5, 0.0),
    "1-0.5-0": (1.0, 0.5, 0.0, 1.0, 0.5, 0.0),
}
"""The common points schemes by name, as (红胜, 红和, 红负, 黑胜, 黑和, 黑负):
xiangqi's 2/1/0 (since 2007), football's 3/1/0, Match BP's colour-dependent
3:1:0:3:2:0 (a black draw worth two, a red one one), 先和1分·后和1.5分
(``black-draw-1.5``), and chess 1/½/0."""


def scheme_points(name: str, base: "Points") -> "Points":
    """``base`` with the six game points of the scheme ``name`` (:data:`POINT_SCHEMES`)."""
    rw, rd, rl, bw, bd, bl = POINT_SCHEMES[name]
    return replace(base, win=rw, draw=rd, loss=rl, black_win=bw if bw != rw else None,
                   black_draw=bd if bd != rd else None, black_loss=bl if bl != rl else None)


XIANGQI_POINTS = Points()
CHESS_POINTS = Points.chess()


@dataclass(frozen=True)
class Player:
    """An entrant.  ``number`` is the pairing number (序号), 1..N.

    ``withdrawn_from``: first round the player no longer takes part in (None =
    still in).  ``joins_from``: first round the player takes part in (late
    entry; rounds before it count as absent).
    """

    number: int
    name: str
    rating: int = 0
    club: str = ""
    seeded: bool = False
    withdrawn_from: int | None = None
    joins_from: int = 1
    title: str = ""
    sex: str = ""
    federation: str = ""
    fide_id: str = ""
    birth: str = ""
    fouls: int = 0
    """犯规: the fouls the arbiter recorded against the player in the whole
    event (a count typed on the Players sheet); the tie-break FOUL ranks
    fewer fouls higher (engine/standings/tiebreaks.py :func:`foul`)."""
    group: str = ""
    """组别: the prize group the player also competes in (女子组, 少年组 …;
    free text, blank: none) — ranked again within the group on its own sheet."""

    def active_in(self, round_no: int) -> bool:
        """Whether the player is to be paired in ``round_no`` (byes aside)."""
        if round_no < self.joins_from:
            return False
        return self.withdrawn_from is None or round_no < self.withdrawn_from


@dataclass(frozen=True)
class Game:
    """A paired game.  ``result`` None: not finished (or not yet played)."""

    red: int
    black: int
    result: GameResult | None = None

    def outcome_for(self, number: int) -> Outcome:
        r = self.result
        is_red = number == self.red
        if r is None:
            return Outcome.UNFINISHED
        if r is GameResult.DRAW:
            return Outcome.DRAW
        if r is GameResult.DOUBLE_FORFEIT:
            return Outcome.FORFEIT_LOSS
        if r is GameResult.RED_WIN:
            return Outcome.WIN if is_red else Outcome.LOSS
        if r is GameResult.BLACK_WIN:
            return Outcome.LOSS if is_red else Outcome.WIN
        if r is GameResult.RED_FORFEIT_WIN:
            return Outcome.FORFEIT_WIN if is_red else Outcome.FORFEIT_LOSS
        return Outcome.FORFEIT_LOSS if is_red else Outcome.FORFEIT_WIN

    def opponent_of(self, number: int) -> int:
        return self.black if number == self.red else self.red


@dataclass(frozen=True)
class Bye:
    """A player not paired against anyone in a round (轮空, requested bye, absence)."""

    player: int
    kind: ByeKind = ByeKind.PAIRING


@dataclass(frozen=True)
class Round:
    """A round: its games in board order, then its byes.

    ``provisional`` lists the games (by red player) that were unfinished when
    the *next* round was paired and were counted as draws for it (spec §8).
    ``paired_with_draws``: the earlier games, as (round, red player), that had
    no result when *this* round was paired and were counted as draws for it —
    kept once their real results are entered, since the pairing stands
    whatever the real result (seed rule 8): the round is checked against the
    history it was paired on (:meth:`Tournament.before_round`).
    """

    number: int
    games: tuple[Game, ...] = ()
    byes: tuple[Bye, ...] = ()
    provisional: tuple[int, ...] = ()
    paired_with_draws: tuple[tuple[int, int], ...] = ()

    @property
    def pairing_bye(self) -> int | None:
        for b in self.byes:
            if b.kind is ByeKind.PAIRING:
                return b.player
        return None

    def entry_of(self, number: int) -> Game | Bye | None:
        for g in self.games:
            if number in (g.red, g.black):
                return g
        for b in self.byes:
            if b.player == number:
                return b
        return None


DEFAULT_SYSTEM = "dingwei"
"""Decision: an event is paired with 定位编排法 (the method of seeds 000/001)
unless it names another system (engine/registry.py)."""


@dataclass(frozen=True)
class ForbiddenPairs:
    """Players none of whom may be paired with another (an absolute criterion,
    like a rematch).  TRF ``XXP a b …``: every round; TRF-2026 ``260``: rounds
    ``first_round``..``last_round``."""

    players: tuple[int, ...]
    first_round: int = 1
    last_round: int | None = None  # None: to the last round

    def applies_to(self, round_no: int) -> bool:
        return self.first_round <= round_no and (self.last_round is None or round_no <= self.last_round)


@dataclass(frozen=True)
class Acceleration:
    """Virtual points a player carries for pairing only (FIDE accelerated
    pairings, C.04.5): ``points[r - 1]`` in round ``r``, none after the tuple
    ends.  TRF ``XXA`` / TRF-2026 ``250``."""

    player: int
    points: tuple[float, ...]

    def in_round(self, round_no: int) -> float:
        return self.points[round_no - 1] if 0 < round_no <= len(self.points) else 0.0


#: ``Tournament.acceleration_method``: the Baku method (FIDE C.04.5.1; TRF
#: ``192 FIDE_DUTCH_2025_BAKU``), used unless ``accelerations`` are given.
BAKU = "baku"


@dataclass(frozen=True)
class Tournament:
    """A whole event: players, the rounds paired so far, and the settings.

    ``requests`` are byes/absences already known for rounds not yet paired
    (a TRF's ``0000 - H`` in the next round's column, a withdrawal notice).
    ``system``: the pairing system's name in the registry (engine/registry.py);
    ``rules``: how it pairs this event (engine/rules.py), typed.  ``records``:
    TRF header records kept verbatim to be written back, as (code, rest of
    the line) — never rules (engine/formats/trf.py).
    """

    name: str
    players: tuple[Player, ...]
    rounds: tuple[Round, ...] = ()
    total_rounds: int = 7
    points: Points = XIANGQI_POINTS
    requests: tuple[tuple[int, Bye], ...] = ()  # (round, bye) for unpaired rounds
    first_colour: Colour | None = None  # TRF XXC: colour of player 1 in round 1
    rules: Rules = DEFAULT_RULES
    records: tuple[tuple[str, str], ...] = ()  # TRF header records kept verbatim (engine/formats/trf.py)
    # TRF XXP / 260; the 回避名单 sheet (engine/constraints/apart.py)
    forbidden_pairs: tuple[ForbiddenPairs, ...] = ()
    accelerations: tuple[Acceleration, ...] = ()  # TRF XXA / 250: given by hand
    acceleration_method: str = ""  # BAKU, or "" (none unless given by hand)
    system: str = DEFAULT_SYSTEM
    # (round, red, black) set by hand (engine/constraints/fixed.py)
    fixed_pairs: tuple[tuple[int, int, int], ...] = ()
    #: The initial ranking (C.04.2's initial order: the effective pairing numbers that
    #: choose colours and break ties) when it is not the start-number order — the
    #: numbers in that order (TRF ``XXC rank``: the order of the ``001`` lines); empty:
    #: by number.
    initial_order: tuple[int, ...] = ()

    # -- lookup -------------------------------------------------------------
    def player(self, number: int) -> Player:
        for p in self.players:
            if p.number == number:
                return p
        raise KeyError(number)

    @property
    def numbers(self) -> tuple[int, ...]:
        return tuple(sorted(p.number for p in self.players))

    def in_initial_order(self) -> list[Player]:
        """The players in their initial ranking: ``initial_order``, else by number."""
        if not self.initial_order:
            return sorted(self.players, key=lambda p: p.number)
        at = {n: i for i, n in enumerate(self.initial_order)}
        return sorted(self.players, key=lambda p: (at.get(p.number, len(at)), p.number))

    @property
    def next_round(self) -> int:
        return len(self.rounds) + 1

    def requests_for(self, round_no: int) -> dict[int, ByeKind]:
        return {b.player: b.kind for r, b in self.requests if r == round_no}

    def to_pair(self, round_no: int | None = None) -> tuple[int, ...]:
        """Numbers of the players to be paired in ``round_no`` (default: next).

        Withdrawn, not-yet-joined and players with a requested bye/absence
        for that round are left out, and so are the players of the round's
        fixed boards (``fixed_pairs``: the system pairs around them).
        """
        k = self.next_round if round_no is None else round_no
        requested = self.requests_for(k)
        fixed = {n for r, a, b in self.fixed_pairs if r == k for n in (a, b)}
        return tuple(
            p.number
            for p in sorted(self.players, key=lambda p: p.number)
            if p.active_in(k) and p.number not in requested and p.number not in fixed
        )

    # -- changes (new values) ----------------------------------------------
    def with_round(self, rnd: Round) -> "Tournament":
        """The tournament with ``rnd`` appended (requests for it are consumed)."""
        if rnd.number != self.next_round:
            raise ValueError(f"round {rnd.number} is not the next round ({self.next_round})")
        rest = tuple((r, b) for r, b in self.requests if r != rnd.number)
        return replace(self, rounds=self.rounds + (rnd,), requests=rest)

    def with_results(self, round_no: int, results: Mapping[int, GameResult | None]) -> "Tournament":
        """Set results of round ``round_no``'s games, keyed by the red player."""
        rounds = list(self.rounds)
        rnd = rounds[round_no - 1]
        games = tuple(
            replace(g, result=results[g.red]) if g.red in results else g for g in rnd.games
        )
        rounds[round_no - 1] = replace(rnd, games=games)
        return replace(self, rounds=tuple(rounds))

    def without_last_round(self) -> "Tournament":
        return replace(self, rounds=self.rounds[:-1])

    def before_round(self, round_no: int) -> "Tournament":
        """The event as it stood when ``round_no`` was about to be paired: rounds
        before it, and its requested byes/absences (not the pairing bye) as
        requests.  Used to replay a finished event round by round."""
        rnd = self.rounds[round_no - 1]
        req = tuple((round_no, b) for b in rnd.byes if b.kind is not ByeKind.PAIRING)
        later = tuple((r, b) for r, b in self.requests if r > round_no)
        return replace(self, rounds=_as_paired_on(self.rounds[:round_no - 1], rnd.paired_with_draws),
                       requests=req + later)


def _as_paired_on(rounds: tuple[Round, ...], counted: tuple[tuple[int, int], ...]) -> tuple[Round, ...]:
    """``rounds`` as they stood when a later round was paired counting the games
    ``counted`` ((round, red player)) as draws: those games without their
    result and marked provisional, as the pairing saw them (spec §8)."""
    if not counted:
        return rounds
    out = list(rounds)
    for r in sorted({r for r, _ in counted}):
        if not 1 <= r <= len(out):
            continue
        reds = {red for rr, red in counted if rr == r}
        prev = out[r - 1]
        marks = prev.provisional + tuple(sorted(red for red in reds if red not in prev.provisional
                                                and any(g.red == red for g in prev.games)))
        out[r - 1] = replace(prev, games=tuple(replace(g, result=None) if g.red in reds else g
                                               for g in prev.games), provisional=marks)
    return tuple(out)


def counted_as_draws(t: Tournament) -> tuple[tuple[int, int], ...]:
    """The games (round, red player) of ``t`` that count as draws for pairing
    its next round (spec §8): every game without a result marked provisional,
    and with ``t.rules.provisional`` those of the last round too."""
    last = len(t.rounds)
    return tuple((rnd.number, g.red) for rnd in t.rounds for g in rnd.games
                 if g.result is None and (g.red in rnd.provisional
                                          or (t.rules.provisional and rnd.number == last)))


# ---------------------------------------------------------------------------
# Derived history
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class RoundEntry:
    """One player's round, as a crosstable cell."""

    round: int
    opponent: int | None  # None: no paired opponent (bye, absence)
    colour: Colour | None  # colour of a paired game (also of a forfeit); None for byes
    outcome: Outcome
    points: float

    @property
    def played(self) -> bool:
        """Played over the board: gives colours, counts as met in every system."""
        return self.outcome.played or (self.outcome is Outcome.UNFINISHED)


@dataclass(frozen=True)
class PlayerHistory:
    """A player's rounds before some round, and what follows from them."""

    number: int
    entries: tuple[RoundEntry, ...]

    @property
    def score(self) -> float:
        return sum(e.points for e in self.entries)

    @property
    def colours(self) -> tuple[Colour, ...]:
        """Colours of the games played over the board, in order."""
        return tuple(e.colour for e in self.entries if e.played and e.colour is not None)

    @property
    def opponents_played(self) -> tuple[int, ...]:
        """Opponents met over the board (FIDE: only these count as met)."""
        return tuple(e.opponent for e in self.entries if e.played and e.opponent is not None)

    @property
    def opponents_paired(self) -> tuple[int, ...]:
        """Opponents paired against, forfeits included (定位编排: these are met)."""
        return tuple(e.opponent for e in self.entries if e.opponent is not None)

    @property
    def had_pairing_bye(self) -> bool:
        return any(e.outcome is Outcome.PAIRING_BYE for e in self.entries)

    @property
    def had_full_point_unplayed(self) -> bool:
        """A pairing-allocated bye, a full-point bye or a forfeit win."""
        return any(
            e.outcome in (Outcome.PAIRING_BYE, Outcome.FULL_BYE, Outcome.FORFEIT_WIN)
            for e in self.entries
        )


_BYE_OUTCOME: Mapping[ByeKind, Outcome] = {
    ByeKind.PAIRING: Outcome.PAIRING_BYE,
    ByeKind.FULL: Outcome.FULL_BYE,
    ByeKind.HALF: Outcome.HALF_BYE,
    ByeKind.ZERO: Outcome.ZERO_BYE,
    ByeKind.ABSENT: Outcome.ABSENT,
}
"""The outcome of each kind of bye."""


def round_entries(t: Tournament, rnd: Round, provisional_draws: bool = False) -> dict[int, RoundEntry]:
    """Every player's entry in ``rnd``; players with none are absent."""
    out: dict[int, RoundEntry] = {}
    pts = t.points
    for g in rnd.games:
        for num, colour in ((g.red, Colour.RED), (g.black, Colour.BLACK)):
            o = g.outcome_for(num)
            out[num] = RoundEntry(rnd.number, g.opponent_of(num), colour, o,
                                  pts.for_outcome(o, provisional_draws, colour))
    for b in rnd.byes:
        o = _BYE_OUTCOME[b.kind]
        out[b.player] = RoundEntry(rnd.number, None, None, o, pts.for_outcome(o))
    for p in t.players:
        if p.number not in out:
            out[p.number] = RoundEntry(rnd.number, None, None, Outcome.ABSENT, 0.0)
    return out


def round_points(t: Tournament, rnd: Round, provisional_draws: bool = False) -> dict[int, float]:
    """``{n: e.points for n, e in round_entries(t, rnd, provisional_draws).items()}`` — the same
    players in the same order with the same points — without an entry made for each player: the
    points of each result for red and for black are worked out once (issue 27: ``check`` adds
    up every round's points of a 1,000-player event, where making the entries took most of the
    time)."""
    pts = t.points
    games: dict[GameResult | None, tuple[float, float]] = {}
    for r in (None, *GameResult):
        g = Game(1, 2, r)
        games[r] = (pts.for_outcome(g.outcome_for(1), provisional_draws, Colour.RED),
                    pts.for_outcome(g.outcome_for(2), provisional_draws, Colour.BLACK))
    out: dict[int, float] = {}
    for g in rnd.games:
        red, black = games[g.result]
        out[g.red] = red
        if g.black == g.red:  # paired with himself (a problem check names): as outcome_for reads it
            black = pts.for_outcome(g.outcome_for(g.black), provisional_draws, Colour.BLACK)
        out[g.black] = black
    for b in rnd.byes:
        out[b.player] = pts.for_outcome(_BYE_OUTCOME[b.kind])
    for p in t.players:
        if p.number not in out:
            out[p.number] = 0.0
    return out


def last_appearance(rounds: Sequence[Round], number: int) -> int:
    """The last round ``number`` took part in (0: none): paired, or given a bye other than an
    absence.  A withdrawal given without a round counts from the round after it, read so by the
    Players sheet and by a TRF's ``XXB status N withdrawn`` alike (one rule for both routes)."""
    last = 0
    for rnd in rounds:
        e = rnd.entry_of(number)
        if e is not None and not (isinstance(e, Bye) and e.kind is ByeKind.ABSENT):
            last = rnd.number
    return last


def history(
    t: Tournament, before_round: int | None = None, provisional_draws: bool = False
) -> dict[int, PlayerHistory]:
    """Each player's history over rounds 1..before_round−1 (default: all rounds).

    ``provisional_draws``: unfinished games count as draws (spec §8); otherwise
    they count as played games with no points yet.
    """
    upto = len(t.rounds) if before_round is None else before_round - 1
    kept: dict[tuple[int, bool], dict[int, PlayerHistory]] = t.__dict__.setdefault(HISTORIES, {})
    made = kept.get((upto, provisional_draws))
    if made is None:
        per: dict[int, list[RoundEntry]] = {p.number: [] for p in t.players}
        for rnd in t.rounds[:upto]:
            for num, e in round_entries(t, rnd, provisional_draws).items():
                per.setdefault(num, []).append(e)
        made = {n: PlayerHistory(n, tuple(es)) for n, es in sorted(per.items())}
        kept[(upto, provisional_draws)] = made
    return dict(made)


HISTORIES = "_histories"
"""Speed only: where :func:`history` keeps what it made for a tournament, in the instance's
own ``__dict__`` as :func:`functools.cached_property` keeps a value (a frozen dataclass
bars ``setattr``, not that).  A tournament never changes, so its history up to a round is
made once: the standings, the tie-breaks, the cross table, the colour sheet and the
pairing each asked for it again (two in three calls, issue 27).  Not a field: equality,
``repr`` and :func:`dataclasses.replace` (a new tournament, nothing kept) ignore it; each
caller gets its own dict of the (immutable) histories."""


def unfinished_games(t: Tournament, round_no: int) -> tuple[Game, ...]:
    """Games of ``round_no`` without a result."""
    return tuple(g for g in t.rounds[round_no - 1].games if g.result is None)


__all__ = [
    "Acceleration", "BAKU", "POINT_SCHEMES", "scheme_points", "Bye", "ByeKind", "CHESS_POINTS", "Colour",
    "DEFAULT_SYSTEM", "Float",
    "ForbiddenPairs", "Game", "GameResult", "Outcome",
    "Player", "PlayerHistory", "Points", "Round", "RoundEntry", "Tournament",
    "XIANGQI_POINTS", "counted_as_draws", "history", "last_appearance", "round_entries", "round_points",
    "unfinished_games",
]
