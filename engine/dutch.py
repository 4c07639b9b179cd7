"""分区编排 — the FIDE (Dutch) system, C.04.3 (2025 text), exactly.

The pairing is computed bracket by bracket (C.04.3 article 2) as a sequence of
maximum-weight matchings over all players to be paired.  An edge weight is a
big integer whose bit fields, from the most significant down, encode:

* the absolute criteria and the completion of the round (C1–C4, and the
  pairing-allocated bye only to an eligible player, C2 / C.04.1);
* C5 maximise the number of pairs in the bracket and C6 the scores paired
  (2025: counted by the score of the higher player of each pair);
* C7/C8 the same for the next bracket (look-ahead);
* C9 minimise the unplayed games of the bye assignee (2025);
* C10–C13 colour criteria, C14–C21 float criteria (1.4 floats; 2025: a
  player who scored more than a loss without playing floats down);
* low bits reserved for the order of the pairing within the bracket
  (MDPs first, then S1 v S2 with the fewest and smallest exchanges, 2.3–2.4).

Each field is made just wide enough for its sum over a matching, so the
integer comparison is the lexicographic one and, for events of a few hundred
players, fits the 128-bit matching of ``rustworkx`` (:mod:`.matching`).
For speed the rustworkx graph is kept from one matching to the next (only
the edges set since are changed), and a choice that the current best matching
already makes, directly or after a swap of partners that keeps its weight, is
taken without a new matching; the results are those of one matching per step.
The other shortcuts, each a setting that can be turned off and tested equal
to the way without it (``tests/test_dutch_shortcuts.py``): round 1 is paired
directly (:func:`_first_round`); the completion check of the round
(:func:`_completion_by_dirac`) and the stand-ins for the players below a
bracket and its next score group (:class:`Outside`, whose edges carry no
criterion of the bracket) rest on Dirac's theorem (a graph in which everyone
may meet at least half the others has a Hamiltonian cycle, so it can be
paired with any one player left out); once a bracket's players still to
pair are all residents, the bracket is matched alone and the players it
leaves are placed in the next score group (:class:`Below`, by Dirac's
condition too; also when the bye is in that score group, the last one);
a bracket's remainder matching is taken from its best S1 v S2 pairing when
counting bounds on each criterion prove it best
(:meth:`_Bracket._remainder_by_bound`, ``tests/test_dutch_remainder.py``);
when a bracket's remainder is all in S1 v S2 pairs its S1 phase is matched
on it alone (:meth:`MatchingState.set_apart`); and a bracket's first
matching (without MDPs the remainder's, with one MDP after the MDP's own) is
made on S1 v S2 alone when it reaches the best fields of all
(:meth:`MatchingState.compute_s1_v_s2`: no exchange is then needed).

This is the construction used by bbpPairings (a FIDE-endorsed engine, whose
output is the reference of ``conformance/dutch``); the code here is our own
and follows its order of decisions so that the result is identical.
Colours are allocated by C.04.3 article 5 (:func:`choose_colour`).
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from itertools import compress, repeat
from operator import attrgetter, itemgetter, not_
from typing import cast

from .dutch_players import DutchPlayer, dutch_players, invert, tenths
from .matching import (  # rustworkx, or the pure-Python fallback without it
    RUSTWORKX_WEIGHT_LIMIT, max_weight_matching, max_weight_matching_rx, rx,
)
from .model import Colour, Float, Tournament
from .apart import apart_blocks, plain_round
from .pairing import Board, InputError, Pairing, PairingError, Problem, problem
from .records import team_records

SYSTEM_NAME = "dutch"


#: Decision: when the tournament does not say which colour the top player had
#: in round 1 (TRF ``XXC``), it is read from round 1 (the colour of the
#: highest-ranked player who played); for round 1 itself it is white (red).
DEFAULT_FIRST_COLOUR = Colour.RED

@dataclass(frozen=True)
class DutchOptions:
    """The speed shortcuts of the Dutch engine.  None changes a pairing: each
    can be turned off and is tested equal to the way without it
    (``tests/test_dutch_shortcuts.py``)."""

    #: Pair a round nobody has played before as its matchings would, S1 v S2
    #: in order (:func:`_first_round`).
    first_round_direct: bool = True
    #: Make the round's completion check without a matching when Dirac's
    #: condition decides it (:func:`_completion_by_dirac`).
    completion_by_dirac: bool = True
    #: Stand a few players in for those below the bracket and its next score
    #: group (:class:`Outside`).
    reduce_outside: bool = True
    #: ... when those are at least this many times as many as the stand-ins.
    stand_in_factor: int = 2
    #: When the whole remainder of a bracket is in S1 v S2 pairs, find the S1
    #: players' opponents on it alone (:meth:`MatchingState.set_apart`).
    pair_s1_apart: bool = True
    #: While a bracket's players still to pair are its residents and at most
    #: one MDP, match them alone when the next score group and those below
    #: can take whichever of them float down as well as any could be taken
    #: (:class:`Below`).
    match_bracket_alone: bool = True
    #: Take a bracket's remainder matching (2.3) from its best S1 v S2
    #: pairing when counting bounds show no general matching does better
    #: (:meth:`_Bracket._remainder_by_bound`).
    remainder_by_bound: bool = True
    #: Pause Python's cyclic garbage collector while the round is paired
    #: (:func:`_collector_paused`; no effect on what is paired).
    pause_collector: bool = True
    #: When the S1 players' opponents are settled several at a time, the k-th
    #: player of a chunk ranks only his first ``k + s1_rank_cap`` possible
    #: opponents, fewer bits each, so more players per matching; a chunk whose
    #: first player got none of them is made again with all.
    s1_rank_cap: int = 10
    #: A bracket's first matching with one MDP made as the MDP's matching and
    #: then, and the remainder's matching of a bracket without MDPs, made on
    #: S1 v S2 alone when that is shown best (:meth:`MatchingState.compute_s1_v_s2`).
    first_matching_s1_v_s2: bool = True


DEFAULT_OPTIONS = DutchOptions()



# ---------------------------------------------------------------------------
# Edge weights: a field vector, encoded per bracket into one integer
# ---------------------------------------------------------------------------

FieldKey = tuple[str] | tuple[str, int]
"""A criterion's field: its name, and for the per-score ones the score."""

SharedKey = tuple[object, ...]
"""What the weights shared between pairs of a bracket are looked up by."""


class Fields:
    """The high part of an edge weight as named fields (criterion -> value).

    Encoded to an integer for one :class:`Layout` at a time (cached)."""

    __slots__ = ("values", "_magnitudes", "_layout", "_code")

    def __init__(self, values: dict[FieldKey, int]):
        self.values = values
        self._magnitudes: tuple[tuple[FieldKey, int], ...] | None = None
        self._layout: Layout | None = None
        self._code = 0

    @property
    def magnitudes(self) -> tuple[tuple[FieldKey, int], ...]:
        """The non-zero fields with their absolute values (cached)."""
        if self._magnitudes is None:
            self._magnitudes = tuple((k, -v if v < 0 else v) for k, v in self.values.items() if v)
        return self._magnitudes

    def code(self, layout: "Layout") -> int:
        if self._layout is not layout:
            off = layout.offsets
            self._code = sum(v << off[k] for k, v in self.values.items() if v and k in off)
            self._layout = layout
        return self._code


# The fields of a weight, most significant first.  A key is ``(name,)`` or,
# for a criterion counted per score, ``(name, score)`` (higher score first).
_TOP = "top"  # C1–C4: 1 + each player not a bye candidate (all pair up, bye to an eligible player)
_PC, _SC = "pc", "sc"  # C5/C6: pairs in the bracket; per score of the higher player
_PN, _SN = "pn", "sn"  # C7/C8: the same for the next bracket (look-ahead)
_UP = "up"  # C9: rank of the players' played games (the bye to the fewest unplayed)
_COLOUR_KEYS = ("c1", "c2", "c3", "c4")  # C10–C13: −1 when the pair breaks the colour criterion
_FLOAT_KEYS = ("d1", "u1", "d2", "u2")  # C14–C17: downfloats repeated (avoided, counted +), upfloats (−)
_SCORE_FLOAT_KEYS = ("sd1", "su1", "sd2", "su2")  # C18–C21: the same per score
_ORDER = {k: i for i, k in enumerate(
    (_TOP, _PC, _SC, _PN, _SN, _UP) + _COLOUR_KEYS + _FLOAT_KEYS + _SCORE_FLOAT_KEYS)}


class Layout:
    """Bit offsets of the fields in use, most significant first; each field is
    wide enough for its sum over any matching, so that comparing weights
    compares the criteria lexicographically (C.04.3 article 3.4)."""

    def __init__(self, widths: dict[FieldKey, int]):
        ordered = sorted(widths, key=lambda k: (_ORDER[k[0]], -(k[1] if len(k) > 1 else 0)))
        # Every pair counted by C5 (C7) is counted once by C6 (C8) at some
        # score, so the count at the lowest score follows from those above
        # it: that field is left out (equal sums above, equal sums there).
        for total, per_score in ((_PC, _SC), (_PN, _SN)):
            scores = [k for k in ordered if k[0] == per_score]
            if (total,) in widths and scores:
                ordered.remove(scores[-1])
        self.widths = widths
        self.offsets: dict[FieldKey, int] = {}
        pos = 0
        for k in reversed(ordered):
            self.offsets[k] = pos
            pos += widths[k]
        self.bits = pos
        # an edge's own value: its top field is at most 3, all below it is less
        # than one unit of the top field
        self.edge_bits = self.offsets[(_TOP,)] + 2 if (_TOP,) in self.offsets else pos


FINAL = Fields({})  # a pair already fixed: any positive weight keeps it


@dataclass(eq=False)  # compared by identity: a row's None entries are counted at C speed
class Weight:
    """An edge weight: ``fields`` (high part) plus ``low`` (signed, low bits)."""

    fields: Fields
    low: int = 0


_FIELDS_OF = attrgetter("fields")
_UNSET = Weight(FINAL)  # (a weight not yet looked up)


class _WeightTable(dict["Weight", int]):
    """Weight -> its value in the kept graph (:meth:`MatchingState._compute_kept`):
    its fields' code ``<< scale`` plus its low part ``<< low``, filled on demand."""

    def __init__(self, layout: "Layout", scale: int, low: int):
        super().__init__()
        self.layout = layout
        self.unit = 1 << scale
        self.low = low
        self.nonpositive = False

    def __missing__(self, x: "Weight") -> int:
        code = x.fields.code(self.layout)
        if code <= 0:
            self.nonpositive = True
            value = code
        else:
            value = code * self.unit + (x.low << self.low)
        self[x] = value
        return value


class _PlainWeights(dict["Fields | None", "Weight | None"]):
    """Fields -> one Weight of them, no low part (made on demand); None -> None."""

    def __missing__(self, f: "Fields | None") -> "Weight | None":
        x = self[f] = None if f is None else Weight(f)
        return x


class _ExchangeWeights(dict[tuple["Fields | None", int], "Weight | None"]):
    """(fields, position of the higher player in the remainder) -> one Weight
    with that position's exchange terms (made on demand); None for no fields."""

    def __init__(self, addends: list[int]):
        super().__init__()
        self.addends = addends

    def __missing__(self, key: tuple["Fields | None", int]) -> "Weight | None":
        f, pos = key
        x = self[key] = None if f is None else Weight(f, self.addends[pos])
        return x


class _PackedWeights(dict["Weight", int]):
    """Weight -> its packed value as :meth:`MatchingState._packed_edges`
    makes it (fields, then the low part when ``shift``, then room for the
    tie-break), or its fields' code when that is not positive (filled on
    demand)."""

    def __init__(self, layout: "Layout", shift: int, tbb: int):
        super().__init__()
        self.layout = layout
        self.shift = shift
        self.tbb = tbb
        self.nonpositive = False

    def __missing__(self, x: "Weight") -> int:
        h = x.fields.code(self.layout)
        if h > 0 and self.shift:
            h = (h << self.shift) + x.low
        if h > 0:
            h <<= self.tbb
        else:
            self.nonpositive = True
        self[x] = h
        return h


class Outside:
    """The players below the bracket and its next score group ("the rest")
    while that bracket is paired, and a few of them standing in for all.

    No criterion of the bracket concerns the rest: an edge at one of its
    players weighs K + φ(a) + φ(b), φ a per-player term (C2/C4: not a bye
    candidate; C9: the rank of his played games).  So, over the matchings
    that pair everyone but the bye, the weight depends on the rest only
    through the set X of bracket players paired into it and, when the bye
    is there, the φ of its holder.  A matching is made on the bracket and s
    stand-ins from the rest — one of least φ and the highest others — joined
    to each other and to every bracket player by edges of that form, whether
    or not the players could meet:

    * it is at least as good as the whole graph's best: in that, two players
      of X who may meet could be paired instead (C5 or C7 gains a pair,
      nothing above it changes), so X can be taken with no edge inside it,
      at most :meth:`MatchingState.independence_bound` players, fewer than s;
    * it is no better when the rest really takes the X it found and its bye
      (:meth:`completes`): then its bracket pairs are those of a best
      matching of the whole graph.  Otherwise the whole graph is matched.
    """

    def __init__(self, state: "MatchingState", bracket: list[int], rest: list[int],
                 top_part: list[int], up_part: list[int], shared: dict[SharedKey, Fields],
                 factor: int = DEFAULT_OPTIONS.stand_in_factor):
        self.rest = rest
        self.factor = factor  # DutchOptions.stand_in_factor
        self.inside = [False] * state.n
        for v in bracket:
            self.inside[v] = True
        self.top_part = top_part
        self.up_part = up_part
        self.max_up = max(up_part)
        self.shared = shared
        # the bye's place among the stand-ins: a player of least φ
        self.lowest = min(rest, key=lambda v: (top_part[v], up_part[v], v))
        # compatible partners in the rest (an edge at the rest is never changed in a bracket)
        get = itemgetter(*rest)
        size = len(rest)
        w = state.w
        self.degree = [0] * state.n
        for v in rest + [v for v in bracket if state.fixed[v] < 0]:
            self.degree[v] = size - get(w[v]).count(None)  # (v's own entry is None)
        self.rest_degree = min(self.degree[v] for v in rest)

    def stand_ins(self, independence: int) -> list[int] | None:
        """Enough stand-ins for at most ``independence`` bracket players
        paired into the rest and a bye (as many as the rest, in parity), or
        None when they would not be much fewer than the rest."""
        s = independence + 1
        if (len(self.rest) - s) % 2:
            s += 1
        if s * self.factor > len(self.rest):
            return None
        others = [v for v in self.rest[:s] if v != self.lowest]
        return sorted([self.lowest] + others[:s - 1])

    def stand_in_fields(self, a: int, b: int) -> Fields:
        """The fields of an edge a–b at the rest (C2/C4, C9), as the edges of
        the whole graph have them."""
        top = 1 + self.top_part[a] + self.top_part[b]
        up = self.up_part[a] + self.up_part[b]
        key = (top, up, None)
        f = self.shared.get(key)
        if f is None:
            f = self.shared[key] = Fields({(_TOP,): top, (_UP,): up} if up else {(_TOP,): top})
        return f

    def completes(self, sent: list[int], bye_in_rest: int) -> bool:
        """Whether the rest can pair the bracket players ``sent`` to it and
        all its own players but the bye's holder (when ``bye_in_rest``):
        every player of that graph (edges to the rest only) has at least half
        of it as partners, so it has a Hamiltonian cycle (Dirac) and so a
        perfect matching."""
        size = len(self.rest) - bye_in_rest + len(sent)
        if size < 3:
            return size == 0
        least = min([self.rest_degree] + [self.degree[v] for v in sent]) - bye_in_rest
        return 2 * least >= size


class Below:
    """The next score group G and the players R below it while a bracket's
    players still to pair are its residents and at most one MDP, and the
    certificate that lets the bracket B be matched alone.

    Let the bracket's players still to pair (its residents and at most one
    MDP, all above the bye's score: none is a bye candidate) have a best
    matching ``B*`` of B alone, leaving X unpaired.
    Every edge at G or R carries only C2/C4 (1 + a per-player term), C7/C8
    (one pair in the next bracket, at the higher player's score) when both
    ends are in B or G, and C9 (a per-player term); no low part, no
    tie-break.  In a best matching M of the whole graph, C2/C4 at their best
    (all paired but the bye, of least term), C5 and C6 as B* has them (B*
    has the most pairs in the bracket, and the MDP in one of them if any
    can be) leave the same f players of each score (|X| = f, the MDP among
    them or not) to G and R; then M's pairs at G or R make at most
    f + (|G| − f) // 2 pairs of the next bracket (each needs a player of G),
    at most as many at each score as X has players of it, and at best the
    bye's C9 term — all of which B* and the pairs
    :meth:`places` finds reach at once, while B* is at least M's pairs
    inside B.  Weights compare lexicographically and add, so B* with those
    pairs is a best matching of the whole graph (with the S1 ranks and the
    exchange terms: inside B).  :meth:`places` shows the pairs exist: X
    into G one by one, the rest of G paired (Dirac: a Hamiltonian cycle,
    also with any one player left out), that one paired into R, and R but
    the bye paired (Dirac).

    When R is empty and the round odd, the bye is in G (the last score
    group, the bye's): then the bye's holder is a player of G of least
    C2/C4 and C9 terms among all (:attr:`bye_in_group`), kept out of the
    players X is placed with, and G but him is paired (Dirac): every pair
    is then in the next bracket, f of them at the scores of X and the rest
    at G's, as in M (R empty: each player of X pairs into G), so the bounds
    above are reached the same way."""

    def __init__(self, state: "MatchingState", bracket: list[int], group: list[int],
                 rest: list[int], scores: list[int], top_part: list[int], up_part: list[int],
                 odd: bool):
        self.bracket = bracket
        self.group = group
        self.rest = rest
        self.scores = scores
        self.resident_score = min(scores[v] for v in bracket)
        w = state.w
        self.group_degree = {x: len(group) - itemgetter(*group)(w[x]).count(None)
                             for x in group} if len(group) > 1 else {x: 0 for x in group}
        get_rest = itemgetter(*rest) if len(rest) > 1 else None
        self.rest_degree: dict[int, int] = {}
        for v in group + rest:
            if get_rest is None:
                self.rest_degree[v] = int(bool(rest) and w[v][rest[0]] is not None)
            else:
                self.rest_degree[v] = len(rest) - get_rest(w[v]).count(None)
        # the bye's holder: a player of R of least C2/C4 and C9 terms, when
        # none of the others has less
        self.bye: int | None = None
        self.bye_in_group = False  # the bye's holder is in G (R empty)
        self.usable = True
        if odd:
            self.bye_in_group = not rest
            self.bye = min(rest or group, key=lambda v: (top_part[v], up_part[v], v))
            least = (top_part[self.bye], up_part[self.bye])
            self.usable = all(least <= (top_part[v], up_part[v]) for v in bracket + group)
            if self.bye_in_group:  # G without him takes X and pairs off
                bye = self.bye
                self.group = [x for x in group if x != bye]
                self.group_degree = {x: d - (w[x][bye] is not None)
                                     for x, d in self.group_degree.items() if x != bye}

    def residents(self, players: list[int]) -> bool:
        """Whether ``players`` (the bracket's still to pair) are all
        residents but at most one MDP."""
        scores, score = self.scores, self.resident_score
        return sum(1 for v in players if scores[v] != score) <= 1

    def places(self, w: list[list["Weight | None"]], sent: list[int]) -> dict[int, int] | None:
        """Partners in G for the players ``sent`` from the bracket such that
        G and R can pair all the others but the bye (see the class), or
        None when that is not shown."""
        group = self.group
        taken: dict[int, int] = {}
        for d in sent:
            row = w[d]
            g = next((x for x in group if x not in taken and row[x] is not None), None)
            if g is None:
                return None
            taken[g] = d
        left = [x for x in group if x not in taken]
        m = len(left)
        if m >= 3:
            partners = list(taken)
            least = min(self.group_degree[x] - sum(1 for p in partners if w[x][p] is not None)
                        for x in left)
            if 2 * least < m:
                return None
        elif m == 2 and w[left[0]][left[1]] is None:
            return None
        bye = None if self.bye_in_group else self.bye  # (in G: already left out of it)
        rest = self.rest if bye is None else [v for v in self.rest if v != bye]
        extra: int | None = None  # the one of G paired into R (m odd)
        if m % 2:
            rest_degree = self.rest_degree
            extra = max(left, key=lambda x: (rest_degree[x] - (bye is not None
                                                               and w[x][bye] is not None), -x))
        size = len(rest) + (extra is not None)
        if size % 2:
            return None
        if size == 2:
            pair = rest + ([extra] if extra is not None else [])
            return taken if w[pair[0]][pair[1]] is not None else None
        if size >= 3:
            degree = self.rest_degree
            members = rest + ([extra] if extra is not None else [])
            least = size
            for v in members:
                row = w[v]
                d = degree[v] - (bye is not None and row[bye] is not None) \
                    + (extra is not None and v != extra and row[extra] is not None)
                if d < least:
                    least = d
            if 2 * least < size:
                return None
        return taken


def _peaks_of(low: frozenset[Fields], high: frozenset[Fields]
              ) -> list[tuple[FieldKey, int, int, int]]:
    """For a vertex meeting the fields ``low`` as the lower player and
    ``high`` as the higher: per field, the largest value met (0 when none is
    positive), either way, as the higher, as the lower."""
    top_low: dict[FieldKey, int] = {}
    top_high: dict[FieldKey, int] = {}
    for side, top in ((low, top_low), (high, top_high)):
        for fields in side:
            for k, v in fields.magnitudes:
                if top.get(k, 0) < v:
                    top[k] = v
    return [(k, max(top_low.get(k, 0), top_high.get(k, 0)), top_high.get(k, 0), top_low.get(k, 0))
            for k in {**top_low, **top_high}]


class MatchingState:
    """The weighted graph on all players to pair (bbp's "matching computer")."""

    def __init__(self, n: int):
        self.n = n
        self.w: list[list[Weight | None]] = [[None] * n for _ in range(n)]
        self.layout: Layout | None = None
        self.fixed = [-1] * n  # the partner of a vertex whose pair is final
        # (higher vertex, lower vertex) -> preference among equally good matchings
        self.tiebreak: dict[tuple[int, int], int] | None = None
        self.tiebreak_bits = 0  # the tie-break's sum over a matching is below 2**tiebreak_bits
        self.lowered: dict[tuple[int, int], Weight] = {}  # (higher vertex, lower) -> weight with a low part
        # changed with the low parts or the fixed pairs: what depends only on
        # them is kept from one matching to the next (low_shift, the bracket alone)
        self.version = 0
        self._low_shift: tuple[int, int] = (-1, 0)  # (version, low_shift())
        self._lowered_inside: tuple[int, object] = (-1, None)  # (version, Below) checked
        # the rustworkx graph kept between matchings (nodes: the vertices not
        # fixed), for one layout and scale; edges changed since: ``dirty``;
        # edges whose weight there has a low part or a tie-break: ``special``
        self.graph: rx.PyGraph | None = None
        self.graph_table: _WeightTable | None = None  # the weights' values now
        self.graph_kept_table: _WeightTable | None = None  # ... in the kept graph
        self.dirty: set[tuple[int, int]] = set()
        self.special: set[tuple[int, int]] = set()
        self.gone: list[int] = []  # vertices fixed since, still to be removed from the graph
        # the players below the bracket and its next score group, while a
        # bracket is paired (None: every matching on the whole graph)
        self.outside: Outside | None = None
        # players whom every best matching pairs among themselves, matched
        # apart (None: not now); the others' partners in a best matching
        self.apart: list[bool] | None = None
        self.apart_mate: list[int] = []
        # the next score group and those below while a bracket is paired,
        # for matching the bracket alone (None: not now)
        self.below: Below | None = None
        # the kept graph: on the bracket of that Below, on the players set
        # apart (that list), or all (None)
        self.graph_scope: Below | list[bool] | None = None
        # the layout of the edges inside that bracket (narrower: made on demand)
        self.bracket_layout: Layout | None = None
        self.made_alone = False  # the last matching was of that bracket alone

    def layout_edge_bits(self) -> int:
        assert self.layout is not None
        return self.layout.edge_bits

    def set(self, a: int, b: int, weight: Weight | None) -> None:
        self.w[a][b] = weight
        self.w[b][a] = weight
        key = (a, b) if a > b else (b, a)
        if self.graph is not None:
            self.dirty.add(key)
        if weight is not None and weight.low:
            self.lowered[key] = weight
            self.version += 1
        elif self.lowered and self.lowered.pop(key, None) is not None:
            self.version += 1

    def set_row(self, a: int, others: list[int], weights: list[Weight | None]) -> None:
        """:meth:`set` for the edges from ``a`` to each of ``others``."""
        w = self.w
        row = w[a]
        dirty = self.dirty if self.graph is not None else None
        lowered = self.lowered
        self.version += 1
        for b, x in zip(others, weights, strict=True):
            row[b] = x
            w[b][a] = x
            if dirty is None and not lowered and (x is None or not x.low):
                continue
            key = (a, b) if a > b else (b, a)
            if dirty is not None:
                dirty.add(key)
            if x is not None and x.low:
                lowered[key] = x
            elif lowered:
                lowered.pop(key, None)

    def reset_among(self, players: list[int]) -> None:
        """Before every edge among ``players`` is set again: the kept graph
        goes (it would be remade: most of its edges change) and so do the
        low parts of those edges (the new weights bring their own)."""
        self.graph = None
        among = [False] * self.n
        for v in players:
            among[v] = True
        if self.lowered:
            self.lowered = {(a, b): x for (a, b), x in self.lowered.items()
                            if not (among[a] and among[b])}
            self.version += 1

    def finalize(self, a: int, b: int) -> None:
        """Fix the pair a–b: every other edge at a or b goes.  ``w`` is
        symmetric (every write sets both ``w[u][v]`` and ``w[v][u]``), so the
        edges at a are where a's own row has one: only those are cleared."""
        self.fixed[a] = b
        self.fixed[b] = a
        self.version += 1
        if self.graph is not None:  # their edges go with them (at the next matching, if any)
            self.gone.extend((a, b))
        w = self.w
        for v in (a, b):
            for u in compress(range(self.n), w[v]):
                w[u][v] = None
        w[a] = [None] * self.n
        w[b] = [None] * self.n
        w[a][b] = w[b][a] = Weight(FINAL)
        if self.lowered:
            self.lowered = {k: x for k, x in self.lowered.items() if a not in k and b not in k}

    def new_layout(self) -> None:
        """Lay out the fields of every edge now in the graph (of the edges
        among :attr:`apart`, while it is set): :meth:`layout_of`."""
        self.layout = self.layout_of(None if self.apart is None else
                                     [v for v in range(self.n) if self.apart[v]])
        self.bracket_layout = None

    def layout_of(self, players: list[int] | None) -> Layout:
        """The layout of the fields of the edges among ``players`` not fixed
        (None: all).  A field's width
        holds its largest possible sum over a matching, bounded by a vertex
        cover: every matched edge has a vertex in the cover, so the sum is at
        most the sum of the largest values met at the cover's vertices.  The
        covers tried: all vertices (counted half), the higher players, the
        lower players of the edges."""
        # per field: the sums over the vertices of the largest value met at
        # each (cover: all vertices), as the higher player, as the lower
        sums: dict[FieldKey, list[int]] = {}
        # the same fields met make the same largest values: by the fields met
        peaks: dict[tuple[frozenset[Fields], frozenset[Fields]],
                    list[tuple[FieldKey, int, int, int]]] = {}
        fixed = self.fixed
        active = [v for v in (range(self.n) if players is None else players) if fixed[v] < 0]
        whole = players is None  # (a row's entries at fixed vertices are None)
        for ia, a in enumerate(active):
            row = self.w[a]
            # the distinct fields met at a: on edges to earlier vertices (a
            # the lower player) and to later ones (a the higher)
            if whole:  # distinct weights first (few: they are shared), then their fields
                met_low, met_high = set(row[:a]), set(row[a + 1:])
                met_low.discard(None)
                met_high.discard(None)
                low = frozenset(map(_FIELDS_OF, met_low))
                high = frozenset(map(_FIELDS_OF, met_high))
            else:
                low = frozenset(map(_FIELDS_OF, filter(None, map(row.__getitem__, active[:ia]))))
                high = frozenset(map(_FIELDS_OF, filter(None, map(row.__getitem__,
                                                                   active[ia + 1:]))))
            at = peaks.get((low, high))
            if at is None:
                at = peaks[(low, high)] = _peaks_of(low, high)
            for k, both, hi, lo in at:
                per = sums.get(k)
                if per is None:
                    sums[k] = [both, hi, lo]
                else:
                    per[0] += both
                    per[1] += hi
                    per[2] += lo
        widths = {k: max(1, _bits(min(both // 2, hi, lo))) for k, (both, hi, lo) in sums.items()}
        return Layout(widths)

    def low_shift(self) -> int:
        """The bits kept below the fields for the low parts of the weights
        (of the players not fixed)."""
        version, shift = self._low_shift
        if version != self.version:
            shift = self._low_shift_of([v for v in range(self.n) if self.fixed[v] < 0])
            self._low_shift = (self.version, shift)
        return shift

    def _low_shift_of(self, active: list[int]) -> int:
        pos = [-1] * self.n
        for i, v in enumerate(active):
            pos[v] = i
        any_peak = [0] * len(active)
        high_peak = [0] * len(active)
        low_peak = [0] * len(active)
        for (a, b), x in self.lowered.items():  # the few edges with a low part (a > b)
            ia, ib = pos[a], pos[b]
            if ia < 0 or ib < 0:
                continue
            low = x.low
            m = -low if low < 0 else low
            if any_peak[ia] < m:
                any_peak[ia] = m
            if any_peak[ib] < m:
                any_peak[ib] = m
            if high_peak[ib] < m:
                high_peak[ib] = m
            if low_peak[ia] < m:
                low_peak[ia] = m
        # the low part is signed: two matchings differ by at most twice the
        # bound (by vertex cover, as for the fields) on its sum
        bound = min(sum(any_peak) // 2, sum(high_peak), sum(low_peak))
        return _bits(2 * bound)

    def compute_ranked(self, tie: dict[tuple[int, int], int], product: int) -> list[int]:
        """:meth:`compute` with ``tie`` (S1 players' opponent ranks, from
        :func:`_opponent_ranks`) below every other weight (C.04.3 2.3.2)."""
        self.tiebreak = tie
        self.tiebreak_bits = _bits(product)
        try:
            return self.compute()
        finally:
            self.tiebreak = None

    def compute_s1_v_s2(self, s1: list[int], s2: list[int], pinned: tuple[int, int] | None,
                        tie: dict[tuple[int, int], int], product: int,
                        best: list[int] | None = None) -> list[int] | None:
        """A best matching of the graph with the remainder ``s1 + s2``
        (positions in that order, ``len(s1)`` pairs) at its exchange terms
        (:meth:`_Bracket.exchange_weight`), the MDP ``pinned[0]`` at his
        opponent ranks (above the exchange terms) and ``tie`` ranking the S1
        players' opponents in S2 (:func:`_opponent_ranks`) — made on S1 v S2
        alone, when that is shown to be one; else None.  The weights now in
        the graph need not carry those terms: only the fields and ``tie``
        are read.  ``best``: the last :meth:`compute`, a best matching of
        the fields and the MDP's ranks alone (no other low part), giving the
        best sum of fields and the MDP's best opponent ``pinned[1]``; None
        (no MDP): the best sum of fields is found here.

        Weights compare lexicographically: the fields (C1–C21), the MDP's
        opponent, the exchange terms, the ranks.  The exchange terms sum to
        their most when every S1 player is the higher player of a pair (each
        pair has one; fewest exchanges, then the smallest numbers, C.04.3
        2.3), and only then: when every S1 player meets one of S2.  Let H be
        the graph without the edges inside the remainder but S1 v S2 and
        without those at the pinned players but their own; a best matching
        M of H (S1 v S2 bipartite: fast) at the fields and ``tie`` alone,
        when it pins that pair, pairs every S1 player into S2 and reaches the
        best sum of fields of the whole graph, is a best matching: any other
        is below it in the fields, or in the MDP's opponent, or in the
        exchange terms, or else it is in H with every S1 player in S2 (the
        exchange terms then all alike), so at most M.  (M pairs ``pinned``:
        no matching as good in the fields gives the MDP a higher opponent,
        ``best`` being one of the best of them.)  The graph is the
        bracket alone (the players it leaves placed below, :class:`Below`)
        or all players to pair."""
        if self.apart is not None:
            return None
        fixed = self.fixed
        tbb = _bits(product) if tie else 0
        alone = self.made_alone if best is not None else self.below is not None
        scope = self._bracket_alone_scope(tie) if alone and self.below is not None else None
        if scope is not None:
            vertices, layout = scope
        elif (alone and best is not None) or self.outside is not None:
            return None  # (not the graph ``best`` is of; the whole graph with stand-ins)
        else:
            assert self.layout is not None
            vertices, layout = [v for v in range(self.n) if fixed[v] < 0], self.layout
        ends = list(pinned) if pinned is not None else []
        remainder = s1 + s2 + ends
        at = [-1] * self.n
        for v in vertices:
            at[v] = 2
        for v in remainder:
            if at[v] != 2:
                return None
            at[v] = 1
        for v in s1:
            at[v] = 0
        others = [v for v in vertices if at[v] == 2]  # (the next score group, those below)
        w = self.w
        order = s1 + s2 + ends + others
        codes: dict[int, int] = {}  # id(weight) -> its fields' code << tbb (weights are shared)
        edges: list[tuple[int, int, int]] = []
        n1, n2 = len(s1), len(s1) + len(s2)
        first_other = n2 + len(ends)
        # the rows of H: pinned[0] to pinned[1]; each of S1 to S2; each other
        # player to S2 and the other players before him
        ranked = {v for key in tie for v in key}
        rows = [(n2, [n2 + 1])] if pinned is not None else []
        rows += [(ia, list(range(n1, n2))) for ia in range(n1)]
        rows += [(ia, list(range(n1, n2)) + list(range(first_other, ia)))
                 for ia in range(first_other, len(order))]
        for ia, among in rows:
            a = order[ia]
            row = w[a]
            for ib in among:
                b = order[ib]
                x = row[b]
                if x is None:
                    continue
                h = codes.get(id(x))
                if h is None:
                    h = codes[id(x)] = x.fields.code(layout) << tbb
                if h > 0:
                    if a in ranked:
                        h += tie.get((a, b) if a > b else (b, a), 0)
                    edges.append((ia, ib, h))
        sub = max_weight_matching(len(order), edges, layout.edge_bits + tbb)
        if pinned is not None and sub[n2 + 1] != n2:
            return None
        if any(not n1 <= sub[i] < n2 for i in range(n1)):
            return None
        mate = self.mate_of(order, sub)
        most = (self._best_fields_sum(vertices, layout) if best is None
                else self._fields_sum(best, vertices, layout))
        if self._fields_sum(mate, vertices, layout) != most:
            return None
        if scope is not None:
            assert self.below is not None
            return self.with_sent_placed(mate, vertices, self.below)
        return mate

    def _fields_sum(self, mate: list[int], vertices: list[int], layout: Layout) -> int:
        """The fields of the pairs of ``mate`` among ``vertices``, summed."""
        w = self.w
        inside = set(vertices)
        total = 0
        for v in vertices:
            m = mate[v]
            if m < v and m in inside:
                x = w[v][m]
                assert x is not None
                total += x.fields.code(layout)
        return total

    def _best_fields_sum(self, vertices: list[int], layout: Layout) -> int:
        """The largest sum of the fields over the matchings of ``vertices``:
        one matching on the fields alone (no low part, no tie-break)."""
        edges = self._packed_edges(vertices, 0, None, 0, layout)
        sub = max_weight_matching(len(vertices), edges, layout.edge_bits)
        mate = list(range(self.n))
        for i, v in enumerate(vertices):
            mate[v] = vertices[sub[i]]
        return self._fields_sum(mate, vertices, layout)

    def compute(self) -> list[int]:
        """A maximum-weight matching of the graph as it stands (bbp's
        ``computeMatching``): ``mate[v]``, or ``v`` when unmatched.  Fixed
        pairs keep their partners and are left out of the computation."""
        layout = self.layout
        assert layout is not None
        fixed = self.fixed
        active = [v for v in range(self.n) if fixed[v] < 0]
        shift = self.low_shift()
        tb = self.tiebreak
        tbb = self.tiebreak_bits if tb else 0
        self.made_alone = False
        if self.apart is not None:
            mate = self._compute_apart(active, shift, tb, tbb)
            if mate is not None:
                return mate
            # (not met: C5 pairs them all) the whole graph, laid out whole again
            self.apart = None
            self.new_layout()
            return self.compute()
        if self.below is not None:
            mate = self._compute_bracket_alone(shift, tb, tbb)
            if mate is not None:
                self.made_alone = True
                return mate
        if self.outside is not None:
            mate = self._compute_with_stand_ins(active, shift, tb, tbb)
            if mate is not None:
                return mate
        scale = RUSTWORKX_WEIGHT_LIMIT.bit_length() - 2 - layout.edge_bits
        if shift + tbb + 1 <= scale:
            return self._compute_kept(active, shift, tb, tbb, scale)
        self.graph = None
        edges = self._packed_edges(active, shift, tb, tbb)
        sub = max_weight_matching(len(active), edges, layout.edge_bits + shift + 1 + tbb)
        mate = self.mate_of(active, sub)
        return mate

    def _packed_edges(self, vertices: list[int], shift: int, tb: dict[tuple[int, int], int] | None,
                      tbb: int, layout: Layout | None = None) -> list[tuple[int, int, int]]:
        """The edges among ``vertices`` (by position) with their packed
        weights: fields (under ``layout``, by default the graph's), then the
        low part, then the tie-break."""
        layout = layout or self.layout
        assert layout is not None
        edges: list[tuple[int, int, int]] = []
        append = edges.append
        w = self.w
        packed: dict[int, int] = {}  # id(weight) -> fields and low part (weights are shared)
        for ia, a in enumerate(vertices):
            row = w[a]
            met = [(ib, x) for ib, x in enumerate(map(row.__getitem__, vertices[:ia]))
                   if x is not None]
            for ib, x in met:
                h = packed.get(id(x))
                if h is None:
                    f = x.fields
                    h = f._code if f._layout is layout else f.code(layout)
                    if h > 0 and shift:
                        h = (h << shift) + x.low
                    packed[id(x)] = h
                if h > 0:
                    if tb:
                        # below everything else: changes only which of the best matchings is found
                        h = (h << tbb) + tb.get((a, vertices[ib]), 0)
                    append((ia, ib, h))
        return edges

    def _packed_edges_by_row(self, vertices: list[int], shift: int,
                             tb: dict[tuple[int, int], int] | None, tbb: int
                             ) -> list[tuple[int, int, int]]:
        """:meth:`_packed_edges` (the same edges, weights and order), a row at
        a time at C speed: its edges found with ``compress``, their weights
        looked up per Weight (:class:`_PackedWeights`); the tie-breaks added
        on the few rows that have one."""
        layout = self.layout
        assert layout is not None
        w = self.w
        table = _PackedWeights(layout, shift, tbb if tb else 0)
        ties: dict[int, dict[int, int]] = {}  # lower vertex -> higher vertex -> tie-break
        for (a, b), t in (tb or {}).items():
            ties.setdefault(a, {})[b] = t
        edges: list[tuple[int, int, int]] = []
        for ia, a in enumerate(vertices):
            xs = list(map(w[a].__getitem__, vertices[:ia]))
            at = list(compress(range(ia), xs))
            if not at:
                continue
            hs = list(map(table.__getitem__, cast("Iterator[Weight]", compress(xs, xs))))
            tie = ties.get(a)
            if tie:
                hs = [h + tie.get(vertices[ib], 0) if h > 0 else h
                      for h, ib in zip(hs, at, strict=True)]
            edges.extend(zip(repeat(ia), at, hs))
        if table.nonpositive:
            edges = [e for e in edges if e[2] > 0]
        return edges

    def set_apart(self, players: list[int] | None, mate: list[int]) -> None:
        """From now on, while the best matchings pair ``players`` among
        themselves and no edge at the others changes, match them apart: the
        others keep their partners in ``mate`` (a best matching), which stay
        those of a best matching, whatever the players get.  None: no more."""
        if players is None:
            self.apart = None
            return
        self.apart = [False] * self.n
        for v in players:
            self.apart[v] = True
        self.apart_mate = list(mate)

    def _compute_apart(self, active: list[int], shift: int, tb: dict[tuple[int, int], int] | None,
                       tbb: int) -> list[int] | None:
        """:meth:`compute` on the players set apart alone (:meth:`set_apart`),
        or None if they are not all paired there (then the whole graph)."""
        layout = self.layout
        apart = self.apart
        assert layout is not None and apart is not None
        players = [v for v in active if apart[v]]
        scale = RUSTWORKX_WEIGHT_LIMIT.bit_length() - 2 - layout.edge_bits
        if shift + tbb + 1 <= scale:  # the kept graph, on them (from one S1 chunk to the next)
            kept = self._compute_kept(players, shift, tb, tbb, scale, apart)
            partner = [kept[v] for v in players]
        else:
            edges = self._packed_edges_by_row(players, shift, tb, tbb)
            sub = max_weight_matching(len(players), edges, layout.edge_bits + shift + 1 + tbb)
            partner = [players[i] for i in sub]
        if any(v == m for v, m in zip(players, partner, strict=True)):
            return None
        mate = list(self.apart_mate)
        for v, f in enumerate(self.fixed):
            if f >= 0:
                mate[v] = f
        for v, m in zip(players, partner, strict=True):
            mate[v] = m
        return mate

    def _compute_with_stand_ins(self, active: list[int], shift: int,
                                tb: dict[tuple[int, int], int] | None, tbb: int) -> list[int] | None:
        """:meth:`compute` on the bracket's players and a few stand-ins for
        the rest (:class:`Outside`), or None when that cannot be shown to
        give a best matching of the whole graph (then it is made whole)."""
        out = self.outside
        layout = self.layout
        assert out is not None and layout is not None
        inside = out.inside
        bracket = [v for v in active if inside[v]]
        stand_ins = out.stand_ins(self.independence_bound(bracket))
        if stand_ins is None:
            return None
        vertices = bracket + stand_ins
        half = len(vertices) // 2  # the most edges of a matching
        if (3 * half).bit_length() > layout.widths[(_TOP,)]:
            return None
        if out.max_up and (2 * out.max_up * half).bit_length() > layout.widths.get((_UP,), 0):
            return None
        edges = self._packed_edges(bracket, shift, tb, tbb)
        append = edges.append
        low = shift + tbb
        for ia in range(len(bracket), len(vertices)):
            a = vertices[ia]
            for ib in range(ia):
                h = out.stand_in_fields(a, vertices[ib]).code(layout)
                append((ia, ib, h << low))
        sub = max_weight_matching(len(vertices), edges, layout.edge_bits + shift + 1 + tbb)
        # the certificate: the rest takes the bracket players the matching
        # sends there (and the bye, when one of the stand-ins has it)
        sent = [v for i, v in enumerate(bracket) if sub[i] >= len(bracket)]
        unpaired = [i for i, j in enumerate(sub) if i == j]
        if len(unpaired) > 1 or (unpaired and out.top_part[vertices[unpaired[0]]]):
            return None  # (not all paired, the bye to a candidate: C2/C4 as the whole graph's best)
        bye_in_rest = int(bool(unpaired) and unpaired[0] >= len(bracket))
        if not out.completes(sent, bye_in_rest):
            return None
        mate = self.mate_of(vertices, sub)
        return mate

    def _bracket_alone_scope(self, tb: dict[tuple[int, int], int] | None
                             ) -> tuple[list[int], Layout] | None:
        """The bracket's players still to pair and the layout of the edges
        among them when the bracket can be matched alone (:class:`Below`):
        they are its residents and at most one MDP, and no edge at any other
        player has a low part or a tie-break; else None."""
        below = self.below
        assert below is not None
        fixed = self.fixed
        players = [v for v in below.bracket if fixed[v] < 0]
        if len(players) < 2 or not below.usable or not below.residents(players):
            return None
        inside = [False] * self.n
        for v in players:
            inside[v] = True
        # low parts and tie-breaks only inside the bracket
        if self._lowered_inside != (self.version, below):
            for a, b in self.lowered:
                if fixed[a] < 0 and fixed[b] < 0 and not (inside[a] and inside[b]):
                    return None
            self._lowered_inside = (self.version, below)
        for a, b in tb or ():
            if fixed[a] < 0 and fixed[b] < 0 and not (inside[a] and inside[b]):
                return None
        layout = self.bracket_layout
        if layout is None:
            layout = self.bracket_layout = self.layout_of(below.bracket)
        return players, layout

    def _compute_bracket_alone(self, shift: int, tb: dict[tuple[int, int], int] | None,
                               tbb: int) -> list[int] | None:
        """:meth:`compute` on the bracket's players alone, those it leaves
        unpaired placed in the next score group (:class:`Below`), or None
        when that is not shown to be a best matching of the whole graph.
        Its weights are laid out for the edges inside the bracket alone
        (narrower: no field of the next bracket), made again with the
        graph's layout and kept while the bracket lasts: its edges change
        only to the same fields or to none."""
        below = self.below
        assert below is not None
        scope = self._bracket_alone_scope(tb)
        if scope is None:
            return None
        players, layout = scope
        scale = RUSTWORKX_WEIGHT_LIMIT.bit_length() - 2 - layout.edge_bits
        if shift + tbb + 1 <= scale:
            mate = self._compute_kept(players, shift, tb, tbb, scale, below, layout)
        else:
            edges = self._packed_edges(players, shift, tb, tbb, layout)
            sub = max_weight_matching(len(players), edges, layout.edge_bits + shift + 1 + tbb)
            mate = self.mate_of(players, sub)
        return self.with_sent_placed(mate, players, below)

    def mate_of(self, vertices: list[int], sub: list[int]) -> list[int]:
        """The whole graph's mates after a matching of ``vertices`` alone
        (``sub``: by position, a player left unpaired his own): the fixed
        pairs, and ``vertices`` as ``sub`` pairs them."""
        mate = [v if f < 0 else f for v, f in enumerate(self.fixed)]
        for i, v in enumerate(vertices):
            mate[v] = vertices[sub[i]]
        return mate

    def with_sent_placed(self, mate: list[int], players: list[int], below: Below) -> list[int] | None:
        """``mate`` (the bracket matched alone) with the ``players`` it leaves
        unpaired placed in the next score group (:meth:`Below.places`), or None
        when they cannot be shown placed at no loss."""
        sent = [v for v in players if mate[v] == v]
        taken = below.places(self.w, sent)
        if taken is None:
            return None
        for g, d in taken.items():
            mate[g] = d
            mate[d] = g
        return mate

    def independence_bound(self, vertices: list[int]) -> int:
        """An upper bound on the largest set of ``vertices`` with no edge
        between any two: at most k players of it can each have k − 1
        non-neighbours among the others."""
        if len(vertices) < 2:
            return len(vertices)
        get = itemgetter(*vertices)
        w = self.w
        missing = sorted((get(w[a]).count(None) - 1 for a in vertices), reverse=True)
        bound = 0
        for i, d in enumerate(missing):
            if d < i:
                break
            bound = i + 1
        return max(bound, 1)

    def _compute_kept(self, active: list[int], shift: int, tb: dict[tuple[int, int], int] | None,
                      tbb: int, scale: int, scope: "Below | list[bool] | None" = None,
                      layout: Layout | None = None) -> list[int]:
        """:meth:`compute` on the kept rustworkx graph, changing only the
        edges set since the last matching and those with a tie-break (all
        of them when most have changed).  An edge weighs ``code << scale``
        plus its low part ``<< low`` plus its tie-break, ``low`` as far up
        as ``shift`` leaves room: the same order of matchings as the packed
        weight of :meth:`compute` (``scale`` exceeds ``shift + tbb``), and
        the same edge weights from one matching to the next while ``shift``
        stays.  The graph is on ``active``: all players not fixed, or with
        ``scope`` the bracket's (:meth:`_compute_bracket_alone`, whose
        ``layout`` is that of the bracket's edges) or those set apart
        (:meth:`_compute_apart`)."""
        layout = layout or self.layout
        assert layout is not None
        w = self.w
        fixed = self.fixed
        low = scale - shift - 1
        inside = [False] * self.n
        for v in active:
            inside[v] = True
        table = self.graph_table
        if (table is None or table.layout is not layout or table.unit != 1 << scale
                or table.low != low):
            table = self.graph_table = _WeightTable(layout, scale, low)

        def weight(a: int, b: int) -> int | None:
            x = w[a][b]
            if x is None:
                return None
            h = table[x]
            if h <= 0:
                return None
            if tb:
                h += tb.get((a, b), 0)
            return h

        g = self.graph
        if (g is None or self.graph_table is not self.graph_kept_table
                or self.graph_scope is not scope or 2 * len(self.dirty) > g.num_edges()):
            g = rx.PyGraph(multigraph=False)
            g.add_nodes_from(range(self.n))
            g.remove_nodes_from([v for v in range(self.n) if not inside[v]])
            # every edge at its weight (looked up once per Weight: they are
            # shared), in C-level iteration; then those with a tie-break
            edges: list[tuple[int, int, int]] = []
            for ia, a in enumerate(active):
                row = w[a]
                others = active[:ia]
                xs = list(map(row.__getitem__, others))
                present = list(map(bool, xs))
                edges.extend(zip(repeat(a), compress(others, present),
                                 map(table.__getitem__,
                                     cast("Iterator[Weight]", compress(xs, present)))))
            if table.nonpositive:
                edges = [e for e in edges if e[2] > 0]
            g.add_edges_from(edges)
            special: set[tuple[int, int]] = set()
            for a, b in tb or ():
                if inside[a] and inside[b]:
                    h = weight(a, b)
                    if h is not None:
                        g.update_edge(a, b, h)
                        special.add((a, b))
            self.graph = g
            self.graph_kept_table = table
            self.graph_scope = scope
        else:
            g.remove_nodes_from(self.gone)
            keys = self.dirty | self.special
            if tb:
                keys.update(tb)
            special = set()
            for key in keys:
                a, b = key
                if not (inside[a] and inside[b]):
                    continue
                h = weight(a, b)
                if h is None:
                    if g.has_edge(a, b):
                        g.remove_edge(a, b)
                    continue
                if g.has_edge(a, b):
                    g.update_edge(a, b, h)
                else:
                    g.add_edge(a, b, h)
                if tb and key in tb:
                    special.add(key)
        self.dirty = set()
        self.gone = []
        self.special = special
        mate = max_weight_matching_rx(g, self.n)
        for v, f in enumerate(fixed):
            if f >= 0:
                mate[v] = f
        return mate


def _opponent_ranks(s1: list[int], s2: list[int], base: dict[tuple[int, int], "Fields | None"],
                    pbi: list[int], room: int, cap: int | None = None,
                    cut: list[int] | None = None) -> tuple[dict[tuple[int, int], int], int, int]:
    """Tie-break values that make a best matching give the first S1 players,
    in order, the highest possible opponents (2.3.2), within ``room`` bits:
    each ranks his own possible opponents in S2 (a mixed radix, the first
    player most significant).  Returns the values by (higher vertex, lower
    vertex), their bound (the sum over a matching is below it) and how many
    S1 players they settle.

    With ``cap``, the k-th player ranks only his first ``k + cap`` possible
    opponents (the others 0; such players are added to ``cut``): a player is
    then settled only when he got a ranked opponent and so did every capped
    player before him — a better opponent would be ranked higher, so the
    matching would not be best (see :func:`_ranked_prefix`)."""
    candidates: list[list[int]] = []
    product = 1
    for pi in s1:
        own = [oi for oi in s2 if oi > pi and base.get((oi, pi)) is not None]
        if cap is not None and len(own) > len(candidates) + cap:
            del own[len(candidates) + cap:]
            if cut is not None:
                cut.append(pi)
        if _bits(product * (len(own) + 1)) > room:
            break
        product *= len(own) + 1
        candidates.append(own)
    tie: dict[tuple[int, int], int] = {}
    unit = product
    for pi, own in zip(s1, candidates, strict=False):  # (candidates may stop early)
        unit //= len(own) + 1
        for j, oi in enumerate(own):
            tie[(pbi[oi], pbi[pi])] = (len(own) - j) * unit
    return tie, product, len(candidates)


def _ranked_prefix(tie: dict[tuple[int, int], int], cut: list[int], chunk: list[int],
                   pbi: list[int], mate: list[int]) -> int:
    """How many of ``chunk`` (S1, in order) got, one after another, an
    opponent their ranks name or had all their possible opponents ranked
    (``cut``: the players whose ranks were capped)."""
    count = 0
    for pi in chunk:
        pv = pbi[pi]
        if pi in cut and not tie.get((mate[pv], pv)):
            break
        count += 1
    return count


def _swap_for(state: MatchingState, mate: list[int], v: int, b: int) -> list[int]:
    """``mate`` with ``v`` paired to ``b`` when swapping the partners of v
    and b (v–b and x–y for v–x and b–y) keeps the weight: that matching is
    then also a best one, which proves ``b`` the best opponent ``v`` can have
    without computing a new matching.  ``mate`` itself otherwise."""
    x = mate[v]
    y = mate[b]
    if x == v or state.fixed[y] >= 0 or state.fixed[x] >= 0:
        return mate
    w = state.w
    layout = state.layout
    assert layout is not None
    old1, new1 = w[v][x], w[v][b]
    if old1 is None or new1 is None:
        return mate
    old_code, old_low = old1.fields.code(layout), old1.low
    new_code, new_low = new1.fields.code(layout), new1.low
    if y != b:  # b's partner takes v's
        old2, new2 = w[y][b], w[y][x]
        if old2 is None or new2 is None:
            return mate
        old_code += old2.fields.code(layout)
        old_low += old2.low
        new_code += new2.fields.code(layout)
        new_low += new2.low
    if new_code != old_code or new_low != old_low:
        return mate
    mate = list(mate)
    if y != b:
        mate[y], mate[x] = x, y
    else:
        mate[x] = x
    mate[v], mate[b] = b, v
    return mate


def _bits(x: int) -> int:
    return int(x).bit_length()


# ---------------------------------------------------------------------------
# Absolute criteria and the weight of one pair
# ---------------------------------------------------------------------------

@dataclass(frozen=True)
class RoundInfo:
    played_rounds: int
    total_rounds: int
    win: int
    draw: int
    loss: int


def compatible(a: DutchPlayer, b: DutchPlayer, info: RoundInfo) -> bool:
    """C1 no rematch; C3 two players with the same absolute colour preference
    do not meet — except topscorers in the last round (1.7, C.04.3 C3)."""
    if b.number in a.opponents or b.number in a.forbidden:  # C1, and forbidden pairs
        return False
    if not a.absolute or not b.absolute or a.preference != b.preference:
        return True
    if info.played_rounds >= info.total_rounds - 1:
        threshold2 = info.played_rounds * max(info.win, info.draw)  # topscorer: > 50% of max
        return a.score * 2 > threshold2 or b.score * 2 > threshold2
    return False


def compatibility(sp: list[DutchPlayer], info: RoundInfo) -> list[list[bool]]:
    """:func:`compatible` for every pair: ``compat[a][b]`` for ``b < a``
    (indices in ``sp``), made row by row from the few pairs each player may
    not meet rather than pair by pair."""
    index = {p.number: i for i, p in enumerate(sp)}
    last_round = info.played_rounds >= info.total_rounds - 1
    threshold2 = info.played_rounds * max(info.win, info.draw)  # topscorer: > 50% of max
    by_preference: dict[Colour, list[int]] = {}  # absolute preference -> players (indices)
    compat: list[list[bool]] = []
    for a, p in enumerate(sp):
        row = [True] * a
        for m in p.opponents | p.forbidden:  # C1, and forbidden pairs
            b = index.get(m)
            if b is not None and b < a:
                row[b] = False
        if p.absolute and p.preference is not None:  # C3
            same = by_preference.setdefault(p.preference, [])
            if not (last_round and p.score * 2 > threshold2):
                for b in same:
                    if not (last_round and sp[b].score * 2 > threshold2):
                        row[b] = False
            same.append(a)
        compat.append(row)
    return compat


def preferences_compatible(p: Colour | None, q: Colour | None) -> bool:
    return p != q or p is None or q is None


@dataclass
class BracketContext:
    """What the weights of one bracket depend on besides the two players."""

    info: RoundInfo
    bye_score: int  # score of the player who will get the bye (C.04.1 / C2)
    single_downfloater_is_bye: bool  # C9 applies in this bracket
    unplayed_ranks: dict[int, int]  # played games -> rank (C9)
    shared: dict[SharedKey, "Fields"] = field(default_factory=dict)


def is_bye_candidate(p: DutchPlayer, bye_score: int) -> bool:
    return p.eligible_for_bye and p.score <= bye_score


def top_fields(h: DutchPlayer, l: DutchPlayer, bye_score: int) -> dict[FieldKey, int]:
    """C2/C4: completion of the round, the bye left to an eligible player."""
    return {(_TOP,): 1 + (not is_bye_candidate(h, bye_score)) + (not is_bye_candidate(l, bye_score))}


def colour_fields(p: DutchPlayer, o: DutchPlayer) -> tuple[int, int, int, int]:
    """C10–C13 (each 1 when the pair does not violate it)."""
    c1 = (not p.absolute_imbalance) or (not o.absolute_imbalance) or p.preference != o.preference
    if p.imbalance == o.imbalance:
        rep_ok = p.repeated is None or p.repeated != o.repeated
    else:
        rep_ok = (o if p.imbalance > o.imbalance else p).repeated != invert(p.preference)
    c2 = (not p.absolute) or (not o.absolute) or p.preference != o.preference or rep_ok
    c3 = preferences_compatible(p.preference, o.preference)
    c4 = ((not p.strong and not p.absolute) or (not o.strong and not o.absolute)
          or (p.absolute and o.absolute) or p.preference != o.preference)
    return int(c1), int(c2), int(c3), int(c4)


def edge_fields(h: DutchPlayer, l: DutchPlayer, in_current: bool, in_next: bool,
                ctx: BracketContext) -> Fields | None:
    """The weight of pairing ``h`` (higher in the order) with ``l``; None when
    an absolute criterion forbids it."""
    info = ctx.info
    if not compatible(h, l, info):
        return None
    f = top_fields(h, l, ctx.bye_score)
    if in_current:
        f[(_PC,)] = 1  # C5 pairs in this bracket
        f[(_SC, h.score)] = 1  # C6 scores paired (2025)
    if in_next:
        f[(_PN,)] = 1  # C7 pairs in the next bracket
        f[(_SN, h.score)] = 1
    if ctx.single_downfloater_is_bye:  # C9 unplayed games of the bye assignee
        up = 0
        if h.score == ctx.bye_score:
            up = ctx.unplayed_ranks[h.played_games]
        if l.score == ctx.bye_score:
            up += ctx.unplayed_ranks[l.played_games]
        if up:
            f[(_UP,)] = up
    if not in_current:
        # the many pairs outside the bracket share theirs (by C2/C4, C9, and
        # in the next bracket the higher score, C7/C8)
        outside_key: SharedKey = (f[(_TOP,)], f.get((_UP,), 0), h.score if in_next else None)
        shared = ctx.shared.get(outside_key)
        if shared is None:
            shared = ctx.shared[outside_key] = Fields(f)
        return shared
    # Criteria met by every pair of the bracket but a few are counted as
    # minus the violations: given the (higher) number of pairs, and of pairs
    # per score, comparing "pairs that keep it" is comparing "−pairs that
    # break it", and the narrower count keeps the weights short.
    for colour_key, v in zip(_COLOUR_KEYS, colour_fields(l, h), strict=True):  # C10–C13
        if not v:
            f[(colour_key,)] = -1
    pr = info.played_rounds
    hs, ls = h.score, l.score
    for k, fl_l, fl_h, dkey, ukey, sdkey, sukey in (
        (1, l.float1, h.float1, "d1", "u1", "sd1", "su1"),
        (2, l.float2, h.float2, "d2", "u2", "sd2", "su2"),
    ):
        if pr < k:
            continue
        d = (fl_l == Float.DOWN) + (hs <= ls and fl_h == Float.DOWN)  # C14/C16 repeated downfloats avoided
        if d:
            f[(dkey,)] = d
        if hs > ls and fl_l == Float.UP:  # C15/C17 repeated upfloat, and its score (C19/C21)
            f[(ukey,)] = -1
            f[(sukey, hs)] = -1
        # C18/C20: scores of the players whose repeated downfloat is avoided
        if fl_l == Float.DOWN:
            f[(sdkey, ls)] = f.get((sdkey, ls), 0) + 1
        if fl_h == Float.DOWN:
            f[(sdkey, hs)] = f.get((sdkey, hs), 0) + 1
    bracket_key: SharedKey = tuple(f.items())  # pairs with the same fields share them too
    shared = ctx.shared.get(bracket_key)
    if shared is None:
        shared = ctx.shared[bracket_key] = Fields(f)
    return shared


# ---------------------------------------------------------------------------
# Colours (C.04.3 article 5)
# ---------------------------------------------------------------------------

def ranks_below(p: DutchPlayer, q: DutchPlayer) -> bool:
    """p comes after q in the pairing order (1.2: score, then pairing number)."""
    return (p.score, q.rank) < (q.score, p.rank)


def first_colour_difference(p: DutchPlayer, q: DutchPlayer) -> tuple[Colour | None, Colour | None]:
    """The two players' colours in the latest round (counting back over played
    games) in which they differed (5.2.3)."""
    a, b = p.played_colours, q.played_colours
    i, j = len(a) - 1, len(b) - 1
    while i >= 0 and j >= 0 and a[i] == b[j]:
        i -= 1
        j -= 1
    return (a[i] if i >= 0 else None), (b[j] if j >= 0 else None)


def neutral_colour(p: DutchPlayer, q: DutchPlayer) -> tuple[Colour | None, str]:
    """The colour for ``p`` by 5.2.1–5.2.3 and the rule that gave it, or
    ``(None, "")`` when those do not decide."""
    if preferences_compatible(p.preference, q.preference):
        if p.preference is not None:
            return p.preference, "5.2.1 both preferences"
        if q.preference is not None:
            return invert(q.preference), "5.2.1 both preferences"
        return None, ""
    if p.absolute and (p.imbalance > q.imbalance or not q.absolute):
        return p.preference, "5.2.2 stronger (absolute) preference"
    if q.absolute and (q.imbalance > p.imbalance or not p.absolute):
        return invert(q.preference), "5.2.2 stronger (absolute) preference"
    if p.strong and not q.strong:
        return p.preference, "5.2.2 stronger (strong) preference"
    if q.strong and not p.strong:
        return invert(q.preference), "5.2.2 stronger (strong) preference"
    mine, theirs = first_colour_difference(p, q)
    if mine is not None and theirs is not None:
        return theirs, "5.2.3 alternate from the last difference"
    return None, ""


def colour_and_rule(p: DutchPlayer, q: DutchPlayer, initial: Colour) -> tuple[Colour, str]:
    """The colour of ``p`` against ``q`` (C.04.3 5.2) and the rule that gave
    it: 5.2.1–5.2.3, then 5.2.4 the higher-ranked player's preference, then
    5.2.5 by the higher-ranked player's pairing number from the colour drawn
    for round 1 (odd numbers get it)."""
    c, rule = neutral_colour(p, q)
    if c is not None:
        return c, rule
    if p.preference is None:
        if ranks_below(p, q):
            own = initial.opposite if q.rank & 1 else initial  # q's colour
            return own.opposite, "5.2.5 pairing number"
        return (initial.opposite if p.rank & 1 else initial), "5.2.5 pairing number"
    if ranks_below(p, q):
        return p.preference if q.preference is None else q.preference.opposite, \
            "5.2.4 higher-ranked player's preference"
    return p.preference, "5.2.4 higher-ranked player's preference"


def choose_colour(p: DutchPlayer, q: DutchPlayer, initial: Colour) -> Colour:
    """The colour of ``p`` against ``q`` (C.04.3 5.2)."""
    return colour_and_rule(p, q, initial)[0]


# ---------------------------------------------------------------------------
# The pairing
# ---------------------------------------------------------------------------

def _initial_colour(t: Tournament) -> Colour:
    if t.first_colour is not None:
        return t.first_colour
    if t.rounds:
        order = sorted(t.players, key=lambda p: p.number)
        first = t.rounds[0]
        for idx, p in enumerate(order):
            for g in first.games:
                if g.result is not None and not g.result.played:
                    continue
                if p.number in (g.red, g.black):
                    colour = Colour.RED if g.red == p.number else Colour.BLACK
                    return colour if idx % 2 == 0 else colour.opposite
    return DEFAULT_FIRST_COLOUR


def _games_counted_as_draws(t: Tournament) -> tuple[tuple[int, int, int], ...]:
    """The unfinished games counted as draws (the provisional setting shared
    by the Swiss methods, docs/spec/dingwei.md §8); :mod:`.swiss` is imported
    only when there is an unfinished game (start-up time)."""
    if all(g.result is not None for rnd in t.rounds for g in rnd.games):
        return ()
    from .swiss import games_counted_as_draws
    return games_counted_as_draws(t)


def pair(t: Tournament, options: DutchOptions = DEFAULT_OPTIONS) -> Pairing:
    """Pair ``t.next_round`` by the FIDE Dutch system (C.04.3); ``options``:
    the speed shortcuts (no effect on the result)."""
    teams = team_records(t)
    if teams:
        raise InputError(problem("problem.dutch_team_event", records=", ".join(teams)))
    notes: list[Problem] = []
    counted = _games_counted_as_draws(t)
    if counted:
        from .swiss import provisional_note
        notes.append(provisional_note(counted))
    provisional = bool(counted)
    cards, numbers = dutch_players(t, provisional)
    sp = sorted((cards[n] for n in numbers), key=lambda p: (-p.score, p.rank))
    info = RoundInfo(
        played_rounds=len(t.rounds), total_rounds=t.total_rounds,
        win=tenths(t.points.win), draw=tenths(t.points.draw), loss=tenths(t.points.loss),
    )
    try:
        with _collector_paused(options.pause_collector):
            mate = _match(sp, info, options)
    except PairingError as e:  # the pairs kept apart (XXP) named when they are what blocks
        raise apart_blocks(t, lambda x: plain_round(x, forfeits_meet=False)) or \
            PairingError(replace(e.problem, round=t.next_round)) from None
    initial = _initial_colour(t)
    boards: list[tuple[DutchPlayer, DutchPlayer, str]] = []
    bye: int | None = None
    for i, p in enumerate(sp):
        m = mate[i]
        if m == i:
            bye = p.number
        elif p.number < sp[m].number:  # colour chosen for the lower pairing number
            q = sp[m]
            colour, rule = colour_and_rule(p, q, initial)
            boards.append((p, q, rule) if colour == Colour.RED else (q, p, rule))
    boards.sort(key=_board_order)
    if bye is not None:
        notes.append(problem("xp.note.bye", bye=bye))
    return Pairing(
        round=t.next_round,
        boards=tuple(Board(i + 1, w.number, b.number, step=_step(w, b), colour_rule=rule)
                     for i, (w, b, rule) in enumerate(boards)),
        bye=bye,
        system=SYSTEM_NAME,
        notes=tuple(notes),
    )


@contextmanager
def _collector_paused(pause: bool) -> Iterator[None]:
    """Python's cyclic garbage collector off while a round is paired (when
    ``pause``): the pairing makes millions of small objects and no cycles,
    and each full collection walks all objects alive (the whole event's too)."""
    paused = pause and gc.isenabled()
    if paused:
        gc.disable()
    try:
        yield
    finally:
        if paused:
            gc.enable()


def _step(w: DutchPlayer, b: DutchPlayer) -> str:
    """How the pair was made: in its score group, or across groups (a float)."""
    if w.score == b.score:
        return f"{w.score / 10:g}"
    hi, lo = (w, b) if w.score > b.score else (b, w)
    return f"{hi.score / 10:g} ↓ {lo.score / 10:g} (float)"


def _board_order(board: tuple[DutchPlayer, DutchPlayer, str]) -> tuple[int, int, int]:
    """Boards by the higher player's score, the lower's score, then the
    higher player's rank (C.04.2 board order, as the reference engine); the
    real scores, without the virtual points of an accelerated pairing."""
    w, b, _ = board
    hi, lo = (b, w) if (w.real_score, b.rank) < (b.real_score, w.rank) else (w, b)
    return (-hi.real_score, -lo.real_score, hi.rank)


_NOT_COMPLETE = problem("pairing.dutch_incomplete")
"""No pairing keeps the absolute criteria (C.04.3 C1–C3; the bye only to an eligible
player, C.04.1); :func:`pair` adds the round."""


def _dirac(compat: list[list[bool]], lo: int, hi: int) -> bool:
    """Dirac's condition on the players ``lo..hi-1``: each may meet at least
    half of them, so they have a Hamiltonian cycle — and so they can all be
    paired, or all but any one of them."""
    size = hi - lo
    if size < 3:
        return size == 0 or (size == 2 and compat[hi - 1][lo])
    missing = [0] * size  # the players each may not meet (few)
    for a in range(lo, hi):
        cannot = list(compress(range(lo, a), map(not_, compat[a][lo:a])))
        missing[a - lo] += len(cannot)
        for b in cannot:
            missing[b - lo] += 1
    return 2 * (size - 1 - max(missing)) >= size


def _completion_by_dirac(sp: list[DutchPlayer], compat: list[list[bool]], top_score: int,
                         odd: bool) -> tuple[int, bool] | None:
    """The completion check (C2, C4) without a matching, when Dirac's
    condition (:func:`_dirac`) decides it: every player can then be left
    out for the bye, so it is an eligible player of the lowest score (C.04.1);
    whether the top score group pairs within itself (the first bracket's C9)
    needs the same condition on it and on the others.  None: not decided."""
    n = len(sp)
    if not _dirac(compat, 0, n):
        return None
    if not odd:
        return 0, False
    eligible = [p.score for p in sp if p.eligible_for_bye]
    if not eligible:
        raise PairingError(_NOT_COMPLETE)
    bye_score = min(eligible)
    if bye_score < top_score:
        return bye_score, False
    g = sum(1 for p in sp if p.score >= top_score)  # the top score group: players 0..g-1
    if g % 2 == 0:  # one of them pairs below, whoever has the bye
        return bye_score, False
    if _dirac(compat, 0, g) and _dirac(compat, g, n):
        return bye_score, True
    return None


def _completion_by_matching(sp: list[DutchPlayer], compat: list[list[bool]],
                            group_size: dict[int, int], sgb: int, top_score: int,
                            odd: bool) -> tuple[int, bool]:
    """The completion check (C2, C4) by a matching: all paired, the bye to an
    eligible player of the lowest score possible; and whether, so, the top
    score group pairs within itself (the first bracket's C9)."""
    n = len(sp)
    edges: list[tuple[int, int, int]] = []
    if odd:
        dense = {s: i for i, s in enumerate(sorted(group_size))}
        mid_bits = _bits(2 * len(dense) * n)
        for a in range(n):
            may_meet = compat[a]
            for b in range(a):
                if may_meet[b]:
                    top = 1 + (not sp[a].eligible_for_bye) + (not sp[b].eligible_for_bye)
                    w = (top << mid_bits) | (dense[sp[a].score] + dense[sp[b].score])
                    w = (w << sgb) | int(sp[a].score >= top_score)
                    edges.append((a, b, w))
    else:
        for a in range(n):
            edges.extend((a, b, 1) for b in compress(range(a), compat[a]))
    m0 = max_weight_matching(n, edges)
    unmatched = [i for i in range(n) if m0[i] == i]
    if len(unmatched) > 1 or (unmatched and not sp[unmatched[0]].eligible_for_bye):
        raise PairingError(_NOT_COMPLETE)
    if not odd:
        return 0, False
    bye_score = sp[unmatched[0]].score
    single_is_bye = False
    if bye_score >= top_score:
        single_is_bye = True
        for i, p in enumerate(sp):
            if p.score < top_score:
                break
            if sp[m0[i]].score < top_score:
                single_is_bye = False
                break
    return bye_score, single_is_bye


def _first_round(n: int) -> list[int]:
    """The partners when nobody has a round behind him: one bracket whose
    players no criterion tells apart (one score, no colours, floats or
    opponents, all eligible for the bye), so its best pairing is S1 v S2 in
    order (C.04.3 2.3: no exchange, each S1 player the highest S2 player
    left), the last player over for the bye when they are odd (C.04.1)."""
    mate = list(range(n))
    half = n // 2
    for i in range(half):
        mate[i] = half + i
        mate[half + i] = i
    return mate


def _score_group_end(sp: list[DutchPlayer], i: int) -> int:
    """The index after the score group that begins at ``i`` (``sp`` in
    pairing order)."""
    j = i
    while j < len(sp) and sp[j].score >= sp[i].score:
        j += 1
    return j


def _kinds(sp: list[DutchPlayer]) -> list[int]:
    """Each player's kind: players of one kind are the same to
    :func:`edge_fields` (all it reads of a player but whom he has met, which
    :func:`compatible` checks)."""
    kinds: dict[tuple[object, ...], int] = {}
    return [kinds.setdefault((p.score, p.eligible_for_bye, p.played_games, p.imbalance,
                              p.preference, p.repeated, p.strong, p.float1, p.float2), len(kinds))
            for p in sp]


def _match(sp: list[DutchPlayer], info: RoundInfo, options: DutchOptions = DEFAULT_OPTIONS
           ) -> list[int]:
    """The partner of each player in ``sp`` (index; itself for the bye): the
    brackets paired one after the other (C.04.3 article 2), each in the
    phases of :class:`_Bracket`, as the reference engine pairs them."""
    n = len(sp)
    if n <= 1:
        return list(range(n))
    if options.first_round_direct and all(not p.entries and not p.forbidden
                                          and p.score == sp[0].score for p in sp):
        return _first_round(n)
    rnd = _Round(sp, info, options)
    players_by_index = list(range(_score_group_end(sp, 0)))
    score_group_begin = 0
    score_group_begin_vertex = 0
    score_group_end = len(players_by_index)
    while len(players_by_index) > 1 or score_group_end < n:
        bracket = _Bracket(rnd, players_by_index, score_group_begin, score_group_begin_vertex,
                           score_group_end)
        bracket.set_base_edge_weights()
        bracket.first_matching()
        bracket.choose_paired_moved_down_players()
        bracket.pair_moved_down_players()
        bracket.match_remainder()
        bracket.exchange()
        bracket.fix_s1_and_s2()
        bracket.pair_s1()
        players_by_index, score_group_begin = bracket.next_bracket()
        score_group_begin_vertex = bracket.next_score_group_begin_vertex
        score_group_end = bracket.next_score_group_end
    return rnd.result


class _Round:
    """What the pairing of one round keeps from bracket to bracket: the
    players in pairing order, who may meet whom, the completion check's
    outcome (the bye assignee's score, C2/C4, C9) and the graph."""

    def __init__(self, sp: list[DutchPlayer], info: RoundInfo, options: DutchOptions):
        n = len(sp)
        self.sorted_players = sp
        self.info = info
        self.options = options
        self.n = n
        self.odd = bool(n & 1)
        group_size: dict[int, int] = {}
        for p in sp:
            group_size[p.score] = group_size.get(p.score, 0) + 1
        self.score_group_size_bits = _bits(max(group_size.values()))
        top_score = sp[0].score
        # who may meet whom (C1, C3, forbidden pairs): compat[a][b] for b < a
        self.compat = compatibility(sp, info)
        settled = (_completion_by_dirac(sp, self.compat, top_score, self.odd)
                   if options.completion_by_dirac else None)
        if settled is None:
            settled = _completion_by_matching(sp, self.compat, group_size,
                                              self.score_group_size_bits, top_score, self.odd)
        self.bye_assignee_score, single_is_bye = settled
        self.unplayed_game_ranks: dict[int, int] = {}
        if self.odd:
            counts = sorted((p.played_games for p in sp if p.score == self.bye_assignee_score),
                            reverse=True)
            for rank, g in enumerate(counts):
                self.unplayed_game_ranks[g] = rank
        self.ctx = BracketContext(info, self.bye_assignee_score, single_is_bye,
                                  self.unplayed_game_ranks)
        self.kind = _kinds(sp)
        self.scores = [p.score for p in sp]
        self.state = MatchingState(n)
        self.matched = [False] * n
        self.result = list(range(n))
        # (edge_fields outside the bracket: its shared Fields by (C2/C4, C9) key)
        self.top_part = [int(not is_bye_candidate(p, self.bye_assignee_score)) for p in sp]
        self.up_part = [self.unplayed_game_ranks[p.played_games]
                        if single_is_bye and p.score == self.bye_assignee_score else 0 for p in sp]
        self.outside_shared = self.ctx.shared
        self._set_weights_below_the_first_bracket()

    def _set_weights_below_the_first_bracket(self) -> None:
        """The first bracket sets the pairs among its players and the next
        score group itself: here only the pairs with a player below them.
        Their weights carry no criterion of a bracket: C2/C4 and C9 only,
        by each player's part (:class:`Outside`), so a row is made from the
        few kinds of part, a list at a time."""
        sp, compat, top_part, up_part = self.sorted_players, self.compat, self.top_part, self.up_part
        n = self.n
        below = _score_group_end(sp, _score_group_end(sp, 0))
        if below >= n:
            return
        parts: dict[tuple[int, int], int] = {}
        part = [parts.setdefault((top_part[v], up_part[v]), len(parts)) for v in range(n)]
        kinds = list(parts)
        shared = self.outside_shared
        weights: dict[tuple[int, int], Weight] = {}  # (C2/C4, C9) -> one Weight

        def weight(top: int, up: int) -> Weight:
            x = weights.get((top, up))
            if x is None:
                key: SharedKey = (top, up, None)
                f = shared.get(key)
                if f is None:
                    f = shared[key] = Fields({(_TOP,): top, (_UP,): up} if up else {(_TOP,): top})
                x = weights[(top, up)] = Weight(f)
            return x

        w = self.state.w
        for a in range(below, n):
            ta, ua = top_part[a], up_part[a]
            table = [weight(1 + ta + t, ua + u) for t, u in kinds]
            w[a][:a] = [table[c] if may else None
                        for c, may in zip(part[:a], compat[a], strict=True)]
        for b in range(n - 1):  # the same edges seen from the other end
            lo = max(b + 1, below)
            w[b][lo:] = [w[a][b] for a in range(lo, n)]


class _Bracket:
    """One bracket and the next score group while the bracket is paired
    (C.04.3 article 2), in the reference engine's terms: ``players_by_index``
    are their vertices in pairing order, the first ``score_group_begin`` of
    them the moved-down players (MDPs), the residents up to
    ``next_score_group_begin``, then the next score group; its phases, in
    order: base edge weights, the first matching, which MDPs are paired and
    with whom (2.2), the remainder's pairs and exchanges (2.3), S1's
    opponents (2.3.2), and what is left for the next bracket."""

    def __init__(self, rnd: _Round, players_by_index: list[int], score_group_begin: int,
                 score_group_begin_vertex: int, score_group_end: int):
        self.rnd = rnd
        self.players_by_index = players_by_index
        self.score_group_begin = score_group_begin  # number of MDPs in the bracket
        self.score_group_begin_vertex = score_group_begin_vertex  # vertex of the first resident
        self.next_score_group_begin = len(players_by_index)
        self.next_score_group_begin_vertex = (score_group_begin_vertex
                                              + (self.next_score_group_begin - score_group_begin))
        self.next_score_group_iterator = score_group_end  # first player of the next score group
        self.next_score_group_end = _score_group_end(rnd.sorted_players, score_group_end)
        players_by_index.extend(range(score_group_end, self.next_score_group_end))
        self.total = len(players_by_index)
        if score_group_begin == self.next_score_group_begin and self.total == score_group_begin:
            raise PairingError(problem("pairing.dutch_left_over"))  # C.04.3 C4
        self.base_edge_weights: dict[tuple[int, int], Fields | None] = {}
        self.stable_matching: list[int] = []
        self.first_ranked = False
        self.merged = False
        self.presettled = 0
        self.remainder: list[int] = []
        self.remainder_pairs = 0
        self.exchange_count = 0
        self.s1: list[int] = []
        # (kind of the lower player, in the bracket) -> kind of the higher ->
        # the Weight of their pairs (set_base_edge_weights)
        self.alike: dict[tuple[int, bool], dict[int, Weight | None]] = {}

    # -- what the phases read -------------------------------------------------
    def exchange_weight(self, S: int, L: int, s_rem: int, rem_pairs: int) -> Weight | None:
        """Base weight plus the exchange terms of 2.3 (fewest exchanges,
        smallest difference of exchanged numbers)."""
        f = self.base_edge_weights.get((L, S))
        if f is None:
            return None
        addend = ((int(s_rem < rem_pairs) << (2 * self.rnd.score_group_size_bits)) - s_rem) << 1
        return Weight(f, addend)

    def in_bracket(self, v: int) -> bool:
        """Whether ``v``'s partner in the current matching is in the bracket."""
        return self.score_group_begin_vertex <= self.stable_matching[v] < self.next_score_group_begin_vertex

    def in_s1(self, v: int) -> bool:
        return v < self.stable_matching[v] < self.next_score_group_begin_vertex

    # -- the phases -----------------------------------------------------------
    def set_base_edge_weights(self) -> None:
        """The base weights of the pairs in this bracket and the next score
        group (players of one kind, and pairs of the same kinds, have the
        same fields), and the stand-ins for the players below (:class:`Outside`)."""
        rnd = self.rnd
        sp, compat, kind, state, ctx = rnd.sorted_players, rnd.compat, rnd.kind, rnd.state, rnd.ctx
        pbi = self.players_by_index
        nsg_begin = self.next_score_group_begin
        base = self.base_edge_weights
        # (kind of the lower player, in the bracket) -> kind of the higher -> Weight
        alike: dict[tuple[int, bool], dict[int, Weight | None]] = {}
        self.alike = alike  # (read by _remainder_by_bound)
        plain: dict[int, Weight] = {}  # one Weight per Fields (never changed in place)
        # state.set(lv, sv, x) for every pair, written out (the weights have
        # no low part)
        w = state.w
        state.graph = None  # (a new layout follows: the kept graph is made again)
        at = [-1] * rnd.n
        for i, v in enumerate(pbi):
            at[v] = i
        sg_begin = self.score_group_begin
        if state.lowered:  # the pairs set below lose their low parts
            state.lowered = {(a, b): x for (a, b), x in state.lowered.items()
                             if at[a] < 0 or at[b] < 0 or max(at[a], at[b]) < sg_begin}
            state.version += 1
        # pbi: the MDPs, then a run of consecutive vertices from pbi[run] on
        # (the next bracket's players, its next score group): a row's
        # weights from the run are written as a slice, looked up at C speed
        total = self.total
        kinds = [kind[v] for v in pbi]
        run = total - 1
        while run > 0 and pbi[run - 1] == pbi[run] - 1:
            run -= 1
        v0 = pbi[run]
        for L in range(sg_begin, total):
            lv = pbi[L]
            current = L < nsg_begin
            may_meet = compat[lv]
            by_kind = alike.setdefault((kind[lv], current), {})
            xs = list(map(by_kind.get, kinds[:L], repeat(_UNSET)))
            head = min(run, L)
            for S in range(head):
                if not may_meet[pbi[S]]:
                    xs[S] = None
            if L > run:  # (the few who may not meet, C1/C3)
                for b in compress(range(v0, lv), map(not_, may_meet[v0:lv])):
                    xs[run + b - v0] = None
            if _UNSET in xs:  # (Weights compare by identity) a pair of kinds met first here
                for S, sv in enumerate(pbi[:L]):
                    if xs[S] is _UNSET:
                        x = by_kind.get(kind[sv], _UNSET)
                        if x is _UNSET:  # (None, from edge_fields, is not kept: as the pair's own)
                            f = edge_fields(sp[sv], sp[lv], current, not current, ctx)
                            x = None
                            if f is not None:
                                x = plain.get(id(f))
                                if x is None:
                                    x = plain[id(f)] = Weight(f)
                                by_kind[kind[sv]] = x
                        xs[S] = x
            if current:  # (no phase reads the base weights of the next score group's pairs)
                base.update(zip(zip(repeat(L), range(L)),
                                [x.fields if x is not None else None for x in xs], strict=True))
            row = w[lv]
            for S in range(head):
                row[pbi[S]] = xs[S]
            if L > run:
                row[v0:lv] = xs[run:]
        # the same edges seen from the higher player: a column at a time
        end = pbi[-1] + 1
        for S in range(total - 1):
            sv = pbi[S]
            lo = max(S + 1, sg_begin)
            if lo >= run:
                a0 = pbi[lo]
                w[sv][a0:end] = list(map(itemgetter(sv), w[a0:end]))
            else:
                for L in range(lo, total):
                    w[sv][pbi[L]] = w[pbi[L]][sv]
        state.new_layout()
        rest = list(range(self.next_score_group_end, rnd.n))  # below (never in a bracket yet)
        factor = rnd.options.stand_in_factor
        state.outside = (Outside(state, pbi, rest, rnd.top_part, rnd.up_part, rnd.outside_shared,
                                 factor)
                         if rnd.options.reduce_outside and len(rest) > 2 * factor else None)
        # the bracket alone, the players it sends down taken by the next
        # score group (above the bye's, when there is one) and those below
        # (or in the next score group when it is the last, C9 not in this bracket)
        next_score = rnd.scores[pbi[nsg_begin]] if nsg_begin < self.total else 0
        state.below = (Below(state, pbi[:nsg_begin], pbi[nsg_begin:], rest, rnd.scores,
                             rnd.top_part, rnd.up_part, rnd.odd)
                       if rnd.options.match_bracket_alone and nsg_begin < self.total
                       and (not rnd.odd or rnd.bye_assignee_score < next_score
                            or (not rest and rnd.bye_assignee_score == next_score
                                and not ctx.single_downfloater_is_bye))
                       else None)

    def first_matching(self) -> None:
        """With MDPs, the first matching only says which MDPs are paired in
        the bracket (2.2 / C6).  Guessed: all of them, and that matching made
        directly with the first MDP's opponent ranks (low bits, below C5-C21,
        so they change only which of the best matchings is found).  If every
        MDP is in the bracket in it, so they are in every best matching (each
        one paired adds its higher score to C6), the reference's MDP step
        changes no weight and its next matching is this one; else the ranks
        are taken off and the first matching made as the reference's.

        One MDP: the remainder's matching (2.3) is guessed too and made the
        same time, lexicographically below the MDP's opponent ranks (shifted
        above the exchange terms' bits): fields, then the MDP's opponent, then
        the exchanges, then the S1 ranks, as the reference's two matchings in
        turn.  The remainder's weights depend on that opponent (guessed: the
        highest possible resident) and its pair count (half, checked as
        without MDPs); if either guess is wrong all is undone."""
        state = self.rnd.state
        pbi = self.players_by_index
        base = self.base_edge_weights
        sg_begin, nsg_begin = self.score_group_begin, self.next_score_group_begin
        if sg_begin == 1:
            self._first_matching_of_one_mdp()
        elif not sg_begin and self.rnd.options.first_matching_s1_v_s2:
            self._remainder_by_s1_v_s2()
        if sg_begin and not self.first_ranked:  # (without MDPs the remainder's matching decides all)
            pv0 = pbi[0]
            ranked = []
            addend = self.total
            for oi in range(nsg_begin - 1, sg_begin - 1, -1):
                f = base.get((oi, 0))
                if f is not None:
                    ranked.append((pbi[oi], f))
                    state.set(pv0, pbi[oi], Weight(f, addend))
                    addend += 1
            self.stable_matching = state.compute()
            self.first_ranked = bool(ranked)
            if not all(self.in_bracket(pbi[pi]) for pi in range(sg_begin)):
                self.first_ranked = False
                for ov, f in ranked:
                    state.set(pv0, ov, Weight(f))
                self.stable_matching = state.compute()

    def _first_matching_of_one_mdp(self) -> None:
        state = self.rnd.state
        pbi = self.players_by_index
        base = self.base_edge_weights
        nsg_begin = self.next_score_group_begin
        best0 = next((oi for oi in range(1, nsg_begin) if base.get((oi, 0)) is not None), None)
        if best0 is None:
            return
        if self.rnd.options.first_matching_s1_v_s2:
            self._first_matching_by_s1_v_s2()
            return
        g_rem = [pi for pi in range(1, nsg_begin) if pi != best0]
        g_pairs = len(g_rem) // 2
        self._set_exchange_weights(g_rem, g_pairs)
        pv0 = pbi[0]
        ranked = self._rank_mdp_opponents(state.low_shift() + 1)
        room = (RUSTWORKX_WEIGHT_LIMIT.bit_length() - 4 - state.layout_edge_bits()
                - state.low_shift())
        tie, product, self.presettled = _opponent_ranks(
            g_rem[:g_pairs], g_rem[g_pairs:], base, pbi, room)
        self.stable_matching = (state.compute_ranked(tie, product) if self.presettled > 1
                                else state.compute())
        stable = self.stable_matching
        pairs = sum(1 for pi in g_rem if stable[pbi[pi]] < pbi[pi])
        if stable[pv0] == pbi[best0] and pairs == g_pairs:
            self.merged = self.first_ranked = True
            return
        # the MDP's opponent is right all the same (above the exchange terms):
        # this is the MDP's matching, with the remainder's guessed weights
        # taken off again
        self.presettled = 0
        self._set_base_weights(g_rem)
        if self.in_bracket(pv0):
            self.first_ranked = True
        else:
            for ov, f in ranked:
                state.set(pv0, ov, Weight(f))

    def _rank_mdp_opponents(self, shift: int) -> list[tuple[int, Fields]]:
        """The MDP's possible opponents in the bracket, each given its rank
        (higher for a higher-ranked resident) as a low part ``<< shift`` on its
        base fields; the (vertex, fields) of each, lowest-ranked first."""
        state = self.rnd.state
        pbi = self.players_by_index
        base = self.base_edge_weights
        pv0 = pbi[0]
        ranked = []
        addend = 1
        for oi in range(self.next_score_group_begin - 1, 0, -1):
            f = base.get((oi, 0))
            if f is not None:
                ranked.append((pbi[oi], f))
                state.set(pv0, pbi[oi], Weight(f, addend << shift))
                addend += 1
        return ranked

    def _first_matching_by_s1_v_s2(self) -> None:
        """:meth:`_first_matching_of_one_mdp` (the MDP may meet a resident)
        in two cheaper matchings.  First the MDP's
        matching, as the reference makes it: the fields and the MDP's
        opponent ranks alone, few distinct weights.  When it pairs the MDP
        in the bracket, the remainder's matching (the residents but his
        opponent) is sought on S1 v S2 alone
        (:meth:`MatchingState.compute_s1_v_s2`, on the base weights: the
        exchange terms are not set); shown best, it is the merged matching,
        and no exchange is needed.  Else the MDP's matching stands as the
        first: every best one has the same MDP opponent (the highest rank)
        and pairs as many in the bracket (C5), all that the phases after it
        read of it."""
        state = self.rnd.state
        pbi = self.players_by_index
        base = self.base_edge_weights
        nsg_begin = self.next_score_group_begin
        pv0 = pbi[0]
        ranked = self._rank_mdp_opponents(0)
        self.stable_matching = state.compute()
        if self.in_bracket(pv0):
            mv = self.stable_matching[pv0]
            g_rem = [pi for pi in range(1, nsg_begin) if pbi[pi] != mv]
            g_pairs = len(g_rem) // 2
            room = RUSTWORKX_WEIGHT_LIMIT.bit_length() - 4 - state.layout_edge_bits()
            tie, product, presettled = _opponent_ranks(
                g_rem[:g_pairs], g_rem[g_pairs:], base, pbi, room)
            shown = state.compute_s1_v_s2([pbi[pi] for pi in g_rem[:g_pairs]],
                                          [pbi[pi] for pi in g_rem[g_pairs:]],
                                          (pv0, mv), tie, product, self.stable_matching)
            if shown is not None:
                self.stable_matching = shown
                self.presettled = presettled
                self.merged = self.first_ranked = True
                return
        if self.in_bracket(pv0):
            self.first_ranked = True
        else:
            for ov, f in ranked:
                state.set(pv0, ov, Weight(f))

    def _remainder_by_s1_v_s2(self) -> None:
        """A bracket without MDPs: its remainder's matching (2.3), which
        :meth:`match_remainder` makes on the whole bracket with the exchange
        terms, sought on S1 v S2 alone instead
        (:meth:`MatchingState.compute_s1_v_s2`, on the base weights); shown
        best, every S1 player meets one of S2 (no exchange, half the bracket
        paired: the pairs C5 counts) and it stands as that matching."""
        state = self.rnd.state
        pbi = self.players_by_index
        nsg_begin = self.next_score_group_begin
        pairs = nsg_begin // 2
        if not pairs:
            return
        room = RUSTWORKX_WEIGHT_LIMIT.bit_length() - 4 - state.layout_edge_bits()
        tie, product, presettled = _opponent_ranks(
            list(range(pairs)), list(range(pairs, nsg_begin)), self.base_edge_weights, pbi, room)
        shown = state.compute_s1_v_s2(pbi[:pairs], pbi[pairs:nsg_begin], None, tie, product)
        if shown is not None:
            self.stable_matching = shown
            self.presettled = presettled
            self.merged = True

    def choose_paired_moved_down_players(self) -> None:
        """Which MDPs are paired in this bracket (2.2 / C6)."""
        rnd = self.rnd
        sp, state, matched = rnd.sorted_players, rnd.state, rnd.matched
        pbi = self.players_by_index
        base = self.base_edge_weights
        sg_begin, nsg_begin, total = self.score_group_begin, self.next_score_group_begin, self.total
        md_score = 0
        remaining_moved_down = 0
        remaining_matched_moved_down = 0
        for pi in range(sg_begin):
            if pi == 0 or sp[pbi[pi]].score < md_score:
                md_score = sp[pbi[pi]].score
                remaining_moved_down = 0
                remaining_matched_moved_down = 0
                mi = pi
                while mi < total and sp[pbi[mi]].score >= md_score:
                    remaining_moved_down += 1
                    if self.in_bracket(pbi[mi]):
                        remaining_matched_moved_down += 1
                    mi += 1
            if not remaining_matched_moved_down:
                continue
            pv = pbi[pi]
            if remaining_moved_down <= remaining_matched_moved_down:
                matched[pv] = True
                continue
            remaining_moved_down -= 1
            if not self.in_bracket(pv):
                for oi in range(sg_begin, nsg_begin):
                    f = base.get((oi, pi))
                    if f is not None:
                        state.set(pv, pbi[oi], Weight(f, 1))
                self.stable_matching = state.compute()
            if self.in_bracket(pv):
                matched[pv] = True
                remaining_matched_moved_down -= 1
                for oi in range(sg_begin, nsg_begin):
                    f = base.get((oi, pi))
                    if f is not None:
                        state.set(pv, pbi[oi], Weight(f, (nsg_begin - sg_begin) + 1))

    def pair_moved_down_players(self) -> None:
        """The opponents of the MDPs paired here: the highest possible resident (2.2)."""
        rnd = self.rnd
        state, matched = rnd.state, rnd.matched
        pbi = self.players_by_index
        base = self.base_edge_weights
        sg_begin, nsg_begin = self.score_group_begin, self.next_score_group_begin
        for pi in range(sg_begin):
            pv = pbi[pi]
            if not matched[pv]:
                continue
            best = next((oi for oi in range(sg_begin, nsg_begin)
                         if not matched[pbi[oi]] and base.get((oi, pi)) is not None), None)
            ranked_already = pi == 0 and self.first_ranked  # the matching above had these ranks
            if not ranked_already and best is not None and self.stable_matching[pv] != pbi[best]:
                self.stable_matching = _swap_for(state, self.stable_matching, pv, pbi[best])
            if (best is None or self.stable_matching[pv] != pbi[best]) and not ranked_already:
                addend = self.total
                for oi in range(nsg_begin - 1, sg_begin - 1, -1):
                    ov = pbi[oi]
                    if matched[ov]:
                        continue
                    f = base.get((oi, pi))
                    if f is not None:
                        state.set(pv, ov, Weight(f, addend))
                        addend += 1
                self.stable_matching = state.compute()
            mv = self.stable_matching[pv]
            matched[mv] = True
            state.finalize(pv, mv)

    def match_remainder(self) -> None:
        """The remainder: S1 v S2 with the fewest exchanges (2.3).  Without
        MDPs the remainder is the whole bracket and only its number of pairs
        (C5, the same in every best matching) is wanted from a first matching:
        guessed instead, and checked on the matching made with it; when
        right, the weights were those of the reference, one matching fewer,
        else made again with the count."""
        state = self.rnd.state
        pbi = self.players_by_index
        base = self.base_edge_weights
        sg_begin, nsg_begin = self.score_group_begin, self.next_score_group_begin
        remainder: list[int] = []
        rem_pairs = 0
        if sg_begin:
            stable = self.stable_matching
            for pi in range(sg_begin, nsg_begin):
                pv = pbi[pi]
                if stable[pv] < self.score_group_begin_vertex:
                    continue
                remainder.append(pi)
                if stable[pv] < pv:
                    rem_pairs += 1
        else:
            remainder = list(range(nsg_begin))
            rem_pairs = nsg_begin // 2
        while not self.merged:
            self._set_exchange_weights(remainder, rem_pairs)
            # below everything, the ranks of the first S1 players' opponents
            # as the S1 phase would give them (2.3.2): when no exchange is
            # needed, S1 is remainder[:rem_pairs] and they are settled here
            room = (RUSTWORKX_WEIGHT_LIMIT.bit_length() - 4 - state.layout_edge_bits()
                    - state.low_shift())
            tie, product, self.presettled = _opponent_ranks(
                remainder[:rem_pairs], remainder[rem_pairs:], base, pbi, room)
            ranked = self.presettled > 1
            mate = self._remainder_by_bound(remainder, rem_pairs, tie if ranked else None,
                                            product)
            if mate is None:
                mate = state.compute_ranked(tie, product) if ranked else state.compute()
            self.stable_matching = mate
            if sg_begin:
                break
            pairs = sum(1 for pi in remainder if self.stable_matching[pbi[pi]] < pbi[pi])
            if pairs == rem_pairs:
                break
            rem_pairs = pairs
        self.remainder = remainder
        self.remainder_pairs = rem_pairs
        self.exchange_count = sum(1 for pos in range(min(rem_pairs, len(remainder)))
                                  if not self.in_s1(pbi[remainder[pos]]))
        if self.exchange_count or self.presettled < 2:
            self.presettled = 0

    def _remainder_by_bound(self, remainder: list[int], rem_pairs: int,
                            tie: dict[tuple[int, int], int] | None, product: int
                            ) -> list[int] | None:
        """The remainder's matching (:meth:`match_remainder`) as
        :meth:`MatchingState.compute` makes it on the bracket alone
        (:class:`Below`), found on the S1 v S2 pairs only, or None when that
        is not shown to be a best matching of the bracket.

        When the bracket's players still to pair are the remainder, all of
        one score, an edge among them has (checked on each pair of kinds,
        :attr:`alike`) C2/C4, C5, C6 and the float criteria as a constant
        plus a term per player (one score: no upfloat, C14–C21 count each
        player's own downfloats), and each colour criterion as −1 or 0, −1
        at least for two players of one class (the same preference, with an
        absolute imbalance for C10, any for C12, strong or absolute but not
        both absolute for C13).  Let B be a best matching of the pairs S1 v
        S2 by the fields and the S1 ranks, pairing every S1 player (the
        exchange terms are the same on all of those), P = |S1|, with at most
        one player of the remainder left over (P is the most pairs there
        are).  Then, over all matchings M:

        * C2/C4 (1 + terms ≥ 0 per pair) is at most P plus every term but
          the least one left over, and below it when M has fewer pairs;
        * with P pairs a per-player field is its constant times P plus every
          player's term but the one left over's: at most all but the least;
        * a colour field is minus the violations, at least, for a class C,
          ⌈(2|C| − n − u) / 2⌉ pairs inside C (u players left over: the
          others are at most n − |C| partners and u left over) less one per
          two players exempt in C.

        If B reaches each bound, its fields are the best (compared field by
        field, most significant first); then the exchange terms (2.3: the
        higher players are S1, the least positions) are at their best only
        on pairings of S1 v S2 with every S1 player paired, and among those
        B is best by the S1 ranks (C.04.3 2.3.2): B is a best matching of the
        bracket.  Its player left over is then placed below as
        :meth:`MatchingState._compute_bracket_alone` places him; in the last
        bracket, when the remainder is all the players still to pair, he has
        the bye (the C2/C4 and C9 terms above are those of the bye)."""
        rnd = self.rnd
        state = rnd.state
        below = state.below
        last = below is None and self.next_score_group_begin == self.total
        if not rnd.options.remainder_by_bound or not (last or (below and below.usable)):
            return None
        pbi = self.players_by_index
        fixed = state.fixed
        vertices = [pbi[pi] for pi in remainder]
        n = len(vertices)
        if n < 4 or n - 2 * rem_pairs not in (0, 1):
            return None
        inside = [False] * rnd.n
        for v in vertices:
            inside[v] = True
        if below is None:  # (the last bracket) every player not paired is in the remainder
            if sum(1 for f in fixed if f < 0) != n or any(fixed[v] >= 0 for v in vertices):
                return None
        elif sorted(v for v in below.bracket if fixed[v] < 0) != sorted(vertices):
            return None
        scores = rnd.scores
        score = scores[vertices[0]]
        if any(scores[v] != score for v in vertices):
            return None
        for a, b in state.lowered:  # (low parts only in the remainder: exchange terms)
            if fixed[a] < 0 and fixed[b] < 0 and not (inside[a] and inside[b]):
                return None
        bounds = self._remainder_bounds(vertices, rem_pairs, score)
        if bounds is None:
            return None
        if below is None:
            layout = state.layout
            assert layout is not None
        else:
            layout = state.bracket_layout
            if layout is None:
                layout = state.bracket_layout = state.layout_of(below.bracket)
        tbb = _bits(product) if tie else 0
        s1, s2 = vertices[:rem_pairs], vertices[rem_pairs:]
        w = state.w
        # fields and S1 ranks: the exchange terms are the same on every
        # pairing of S1 v S2 with each S1 player paired (only those count)
        edges: list[tuple[int, int, int]] = []
        codes: dict[Fields, int] = {}
        for ib, b in enumerate(s2, rem_pairs):
            row = w[b]
            for ia, x in enumerate(map(row.__getitem__, s1)):
                if x is None:
                    continue
                f = x.fields
                h = codes.get(f)
                if h is None:
                    h = codes[f] = f.code(layout)
                if h > 0:
                    if tie:
                        h = (h << tbb) + tie.get((b, s1[ia]), 0)
                    edges.append((ib, ia, h))
        sub = max_weight_matching(n, edges, layout.edge_bits + 1 + tbb)
        if any(sub[i] < rem_pairs for i in range(rem_pairs)):
            return None  # (an S1 player not paired)
        sums: dict[FieldKey, int] = {}
        for ia in range(rem_pairs):
            x = w[s1[ia]][vertices[sub[ia]]]
            assert x is not None
            for k, v in x.fields.values.items():
                sums[k] = sums.get(k, 0) + v
        if any(sums.get(k, 0) != bound for k, bound in bounds.items()) or \
                any(k not in bounds for k in sums):
            return None
        mate = state.mate_of(vertices, sub)
        return mate if below is None else state.with_sent_placed(mate, vertices, below)

    def _remainder_bounds(self, vertices: list[int], pairs: int, score: int
                          ) -> dict[FieldKey, int] | None:
        """The bounds of :meth:`_remainder_by_bound` on each field's sum over
        a matching of ``vertices`` (one score) with ``pairs`` pairs, or None
        when an edge among them is not of the form they rest on."""
        rnd = self.rnd
        sp, kind, ctx = rnd.sorted_players, rnd.kind, rnd.ctx
        played = rnd.info.played_rounds
        first: dict[int, int] = {}  # kind -> a player of it
        count: dict[int, int] = {}
        for v in vertices:
            first.setdefault(kind[v], v)
            count[kind[v]] = count.get(kind[v], 0) + 1
        constant: dict[FieldKey, int] = {(_TOP,): 1, (_PC,): 1, (_SC, score): 1}
        parts: dict[int, dict[FieldKey, int]] = {}  # kind -> its player's terms
        classes: dict[int, tuple[object, object, object]] = {}  # kind -> class per C10, C12, C13
        exempt: dict[int, bool] = {}  # (C13: both absolute)
        for k, v in first.items():
            p = sp[v]
            own: dict[FieldKey, int] = {(_TOP,): int(not is_bye_candidate(p, ctx.bye_score))}
            if ctx.single_downfloater_is_bye and p.score == ctx.bye_score:
                own[(_UP,)] = ctx.unplayed_ranks[p.played_games]
            for r, fl, dkey, sdkey in ((1, p.float1, "d1", "sd1"), (2, p.float2, "d2", "sd2")):
                if played >= r and fl == Float.DOWN:
                    own[(dkey,)] = own[(sdkey, score)] = 1
            parts[k] = own
            classes[k] = (p.preference if p.absolute_imbalance else None,
                          p.preference,
                          p.preference if p.strong or p.absolute else None)
            exempt[k] = p.absolute
        colour = {_COLOUR_KEYS[0]: 0, _COLOUR_KEYS[2]: 1, _COLOUR_KEYS[3]: 2}
        classed = {c: True for c in _COLOUR_KEYS}  # the class rule holds on every pair
        keys: set[FieldKey] = set(constant)
        for terms in parts.values():
            keys.update(terms)
        for kl in first:
            by_kind = self.alike.get((kl, True), {})
            for kh in first:
                x = by_kind.get(kh)
                if x is None:
                    continue
                values = x.fields.values
                for key, v in values.items():
                    if key[0] in classed:
                        if v not in (0, -1):
                            return None
                    else:
                        keys.add(key)
                for c in _COLOUR_KEYS:
                    i = colour.get(c)
                    if i is None or not classed[c]:
                        continue
                    cls = classes[kl][i]
                    if (cls is not None and cls == classes[kh][i] and values.get((c,), 0) != -1
                            and not (i == 2 and exempt[kl] and exempt[kh])):
                        classed[c] = False
                for key in keys:
                    if key[0] in classed:
                        continue
                    if values.get(key, 0) != (constant.get(key, 0) + parts[kl].get(key, 0)
                                              + parts[kh].get(key, 0)):
                        return None
        if any(terms.get((_TOP,), 0) < 0 for terms in parts.values()):
            return None
        left = len(vertices) - 2 * pairs
        bounds: dict[FieldKey, int] = {}
        for key in keys:
            total = pairs * constant.get(key, 0) + sum(parts[k].get(key, 0) * c
                                                       for k, c in count.items())
            if left:
                total -= min(parts[k].get(key, 0) for k in first)
            bounds[key] = total
        n = len(vertices)
        for c, i in colour.items():
            if not classed[c]:
                bounds[(c,)] = 0
                continue
            members: dict[object, int] = {}
            free: dict[object, int] = {}  # exempt members (C13)
            for k, m in count.items():
                cls = classes[k][i]
                if cls is not None:
                    members[cls] = members.get(cls, 0) + m
                    if i == 2 and exempt[k]:
                        free[cls] = free.get(cls, 0) + m
            least = 0
            for cls, m in members.items():
                inside_pairs = -(-max(0, 2 * m - n - left) // 2)
                least += max(0, inside_pairs - free.get(cls, 0) // 2)
            bounds[(c,)] = -least
        bounds[(_COLOUR_KEYS[1],)] = 0  # C11: no class (its pairs break C3 but in the last round)
        return bounds

    def _set_exchange_weights(self, remainder: list[int], rem_pairs: int) -> None:
        """:meth:`exchange_weight` on every pair of the remainder, a lower
        player's row at a time (one Weight per fields and position: shared)."""
        state = self.rnd.state
        pbi = self.players_by_index
        base = self.base_edge_weights
        sgb2 = 2 * self.rnd.score_group_size_bits
        addends = [((int(a_pos < rem_pairs) << sgb2) - a_pos) << 1
                   for a_pos in range(len(remainder))]
        shared = _ExchangeWeights(addends)  # (fields, position) -> Weight
        vertices = [pbi[pi] for pi in remainder]
        state.reset_among(vertices)
        positions = range(len(remainder))
        for b_pos, oi in enumerate(remainder):
            fields = map(base.get, zip(repeat(oi), remainder[:b_pos]))
            weights = list(map(shared.__getitem__, zip(fields, positions, strict=False)))
            state.set_row(vertices[b_pos], vertices[:b_pos], weights)

    def _set_base_weights(self, players: list[int]) -> None:
        """The base weight (no exchange terms) on every pair of ``players``."""
        state = self.rnd.state
        pbi = self.players_by_index
        base = self.base_edge_weights
        plain = _PlainWeights()  # one Weight per Fields
        vertices = [pbi[pi] for pi in players]
        for b_pos, oi in enumerate(players):
            weights = list(map(plain.__getitem__, map(base.get, zip(repeat(oi), players[:b_pos]))))
            state.set_row(vertices[b_pos], vertices[:b_pos], weights)

    def exchange(self) -> None:
        """The lower players of S1 to exchange, then the higher players of
        S2, where possible (2.3.3, the fewest and smallest exchanges)."""
        state = self.rnd.state
        pbi = self.players_by_index
        base = self.base_edge_weights
        remainder, rem_pairs = self.remainder, self.remainder_pairs
        exchanges_remaining = self.exchange_count
        pos = rem_pairs
        player_remainder_index = rem_pairs
        while pos != 0 and exchanges_remaining:
            player_remainder_index -= 1
            pos -= 1
            pi = remainder[pos]
            pv = pbi[pi]
            if self.in_s1(pv):
                for oj in range(pos + 1, len(remainder)):
                    oi = remainder[oj]
                    w = self.exchange_weight(pi, oi, player_remainder_index, rem_pairs)
                    if w is not None:
                        state.set(pv, pbi[oi], Weight(w.fields, w.low - 1))
                self.stable_matching = state.compute()
            exchanged = not self.in_s1(pv)
            exchanges_remaining -= exchanged
            for oj in range(pos + 1, len(remainder)):
                oi = remainder[oj]
                if exchanged:
                    base[(oi, pi)] = None
                state.set(pv, pbi[oi], self.exchange_weight(pi, oi, player_remainder_index, rem_pairs))

        exchanges_remaining = self.exchange_count
        remainder_index = rem_pairs
        for pos in range(rem_pairs, len(remainder)):
            if not exchanges_remaining > 1:
                break
            pi = remainder[pos]
            pv = pbi[pi]
            already = self.in_s1(pv)
            if not already:
                for oj in range(pos + 1, len(remainder)):
                    oi = remainder[oj]
                    w = self.exchange_weight(pi, oi, remainder_index, rem_pairs)
                    if w is not None:
                        state.set(pv, pbi[oi], Weight(w.fields, w.low + 1))
                self.stable_matching = state.compute()
            if self.in_s1(pv):
                exchanges_remaining -= 1
                for oj in range(pos):
                    oi = remainder[oj]
                    base[(pi, oi)] = None
                    state.set(pv, pbi[oi], None)
                for oi in range(self.next_score_group_begin, self.total):
                    base[(oi, pi)] = None
                    state.set(pv, pbi[oi], None)
            if not already:
                for oj in range(pos + 1, len(remainder)):
                    oi = remainder[oj]
                    state.set(pv, pbi[oi], self.exchange_weight(pi, oi, remainder_index, rem_pairs))
            remainder_index += 1

    def fix_s1_and_s2(self) -> None:
        """S1 and S2 as the exchanges left them: only S1 v S2 pairs stay."""
        state = self.rnd.state
        pbi = self.players_by_index
        base = self.base_edge_weights
        remainder = self.remainder
        s1 = [self.in_s1(pbi[pi]) for pi in remainder]
        state.reset_among([pbi[pi] for pi in remainder])
        plain = _PlainWeights()  # one Weight per Fields
        for a_pos, pi in enumerate(remainder):
            later = remainder[a_pos + 1:]
            if s1[a_pos]:  # its pairs with the S2 players after it stay
                keep = list(map(not_, s1[a_pos + 1:]))
                weights = list(map(plain.__getitem__, map(base.get, zip(later, repeat(pi)))))
                weights = [x if k else None for x, k in zip(weights, keep, strict=True)]
                gone = list(compress(later, s1[a_pos + 1:]))
            else:
                weights = [None] * len(later)
                gone = later
            base.update(zip(zip(gone, repeat(pi)), repeat(None)))
            state.set_row(pbi[pi], [pbi[oi] for oi in later], weights)
        self.s1 = [pi for pi in remainder if self.in_s1(pbi[pi])]

    def pair_s1(self) -> None:
        """The opponent of each S1 player: the highest possible in S2
        (2.3.2), S1 in order.  That is the lexicographic best, among the best
        matchings, of (rank of S1[0]'s opponent, rank of S1[1]'s, ...): one
        matching with those ranks in the lowest bits settles as many S1
        players as the 128 bits allow; the reference settles one at a time."""
        rnd = self.rnd
        state, matched, options = rnd.state, rnd.matched, rnd.options
        pbi = self.players_by_index
        remainder, s1 = self.remainder, self.s1
        if options.pair_s1_apart and len(s1) > 1 and 2 * len(s1) == len(remainder):
            # All the remainder in S1 v S2 pairs: the bracket's most pairs
            # (C5), no other player of the bracket can join them without a
            # pair fewer or a pair at a lower score (C6; the MDPs left out
            # were left out by C6), so every best matching pairs the
            # remainder within itself; the others are matched apart from it
            # (their edges do not change here), the same whatever S1 gets.
            state.set_apart([pbi[pi] for pi in remainder], self.stable_matching)
        if len(s1) > 1:
            state.new_layout()  # S1 v S2 fixed: narrower fields, more room below them
        done = 0
        while done < self.presettled:  # settled by the remainder's matching
            pv = pbi[s1[done]]
            mv = self.stable_matching[pv]
            matched[pv] = True
            matched[mv] = True
            state.finalize(pv, mv)
            done += 1
        while done < len(s1):
            done += self._pair_s1_from(done)
        state.set_apart(None, self.stable_matching)

    def _pair_s1_from(self, done: int) -> int:
        """Settle the opponents of S1 players from ``s1[done]`` on; how many."""
        rnd = self.rnd
        state, matched = rnd.state, rnd.matched
        pbi = self.players_by_index
        base = self.base_edge_weights
        remainder, s1 = self.remainder, self.s1
        pi = s1[done]
        pv = pbi[pi]
        best = next((oi for oi in remainder if oi > pi and not matched[pbi[oi]]
                     and base.get((oi, pi)) is not None), None)
        if best is not None and self.stable_matching[pv] != pbi[best]:
            self.stable_matching = _swap_for(state, self.stable_matching, pv, pbi[best])
        if best is not None and self.stable_matching[pv] == pbi[best]:
            # already the highest possible opponent in a best matching:
            # settled without a new matching (as the reference's check)
            matched[pv] = True
            matched[self.stable_matching[pv]] = True
            state.finalize(pv, self.stable_matching[pv])
            return 1
        free = [oi for oi in remainder if not self.in_s1(pbi[oi]) and not matched[pbi[oi]]]
        room = RUSTWORKX_WEIGHT_LIMIT.bit_length() - 3 - state.layout_edge_bits()
        cut: list[int] = []
        tie, product, count = _opponent_ranks(s1[done:], free, base, pbi, room,
                                              rnd.options.s1_rank_cap, cut)
        chunk = s1[done:done + count]
        settled = False
        if len(chunk) > 1:
            self.stable_matching = state.compute_ranked(tie, product)
            chunk = chunk[:_ranked_prefix(tie, cut, chunk, pbi, self.stable_matching)]
            settled = bool(chunk)
            if not settled:  # the first one's opponent was not ranked: rank all
                tie, product, count = _opponent_ranks(s1[done:], free, base, pbi, room)
                chunk = s1[done:done + count]
                if len(chunk) > 1:
                    self.stable_matching = state.compute_ranked(tie, product)
                    settled = True
        if not settled:
            chunk = s1[done:done + 1]
            if best is None or self.stable_matching[pv] != pbi[best]:  # else it stays optimal
                addend = 0
                for oi in reversed(remainder):
                    ov = pbi[oi]
                    if oi <= pi or matched[ov]:
                        continue
                    f = base.get((oi, pi))
                    if f is not None:
                        state.set(pv, ov, Weight(f, addend))
                    addend += 1
                self.stable_matching = state.compute()
        for ci in chunk:
            cv = pbi[ci]
            mv = self.stable_matching[cv]
            matched[cv] = True
            matched[mv] = True
            state.finalize(cv, mv)
        return len(chunk)

    def next_bracket(self) -> tuple[list[int], int]:
        """Record the bracket's pairs; the players left (MDPs of the next
        bracket, then its residents) and how many of them are MDPs."""
        rnd = self.rnd
        sp, matched, result = rnd.sorted_players, rnd.matched, rnd.result
        stable = self.stable_matching
        pbi = self.players_by_index
        new_pbi: list[int] = []
        moved_down = 0
        sg_it = self.next_score_group_iterator
        next_score = sp[sg_it].score if sg_it < rnd.n else None
        single_is_bye = rnd.odd and next_score is not None and rnd.bye_assignee_score >= next_score
        for pi in range(self.total):
            pv = pbi[pi]
            if pi < self.next_score_group_begin and matched[pv]:
                result[pv] = stable[pv]
                result[stable[pv]] = pv
            else:
                new_pbi.append(pv)
                if pi < self.next_score_group_begin:
                    moved_down += 1
                if single_is_bye and next_score is not None and sp[stable[pv]].score < next_score:
                    single_is_bye = False
        rnd.ctx = BracketContext(rnd.info, rnd.bye_assignee_score, single_is_bye,
                                 rnd.unplayed_game_ranks)
        return new_pbi, moved_down


__all__ = [
    "DEFAULT_FIRST_COLOUR", "DEFAULT_OPTIONS", "DutchOptions", "SYSTEM_NAME", "choose_colour",
    "colour_and_rule",
    "compatible", "pair",
]
