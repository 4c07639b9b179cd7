"""定位编排法 — the positional Swiss pairing method (dingwei.md).

:func:`pair` pairs the next round of a tournament:

* round 1 by a draw-based method (:mod:`round1`, dingwei.md §3);
* from round 2, bracket by bracket from the top score down (§4): the cards of a
  bracket are laid out in two rows, 要先行 (wants red) and 要后行 (wants black),
  each in urgency order (§2); the 先编者 chooses his opponent in the other row
  (同位, 错位), a player with none is passed over (通行), the rest pair in their
  own row (同行) or float down (下调);
* the bracket's pairing must be optimal by the criteria of §5 (completion of the
  whole round, fewest club pairs when 同单位回避 is soft, most pairs, nearest
  scores, floats when that setting is on (3b), colours); among the optimal
  pairings the one met first in the §4 order is chosen.  A pair that the plain
  §4 order would not have made is labelled 拆对, with the pair it broke and why.

How §5 is made exact and fast: every criterion of §5 is a sum over the pairs and
the left-over players of a bracket, so the best value a bracket can reach is a
maximum-weight matching (``rustworkx.max_weight_matching``) on the bracket's
players — together with the lower brackets and a bye node when the completion
of the round is at stake.  The §4 search then walks its usual order and, at each
choice, takes the first option with which that best value can still be reached;
a matching that reaches it (the *witness*) makes most checks free.  Completion
needs no matching when the players below are many: each player has met at most
k−1 others, so any even set of at least 2Δ+2 of them can be paired (Dirac's
theorem, Δ the most opponents any player may not meet).

What it shares with the other Chinese Swiss methods (entrants, met sets, the
bye group of §7, completion, the start of a round) is in :mod:`swiss`.

Colours within a pair: :func:`colours.allocate_colours` (§6).  Rules (typed,
``t.rules``, engine/rules.py): ``provisional`` (§8), ``club_rounds`` and
``club_strength`` (§4/§5 同单位回避), ``float_balance`` (§5 criterion 3b),
``high_score_first`` (§6) and ``round1`` (§3).

Every section (§) cited here is one of docs/spec/dingwei.md (version 2.1).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Sequence

from .matching import rx  # rustworkx, or the pure-Python fallback without it

from . import swiss
from .apart import apart_blocks, kept_apart
from .colours import ColourState, colour_state_of, three_in_a_row_or_three_up
from .floats import Float, float_records
from .model import Colour, Tournament, history
from .pairing import (
    BECAUSE_BYE, BECAUSE_CLUB, BECAUSE_COLOURS, BECAUSE_FLOATS, BECAUSE_INCOMPLETE, BECAUSE_NEAREST,
    FLOAT_ALONE, FLOAT_MET_ALL, FLOAT_ODD, Board, BracketLayout, FloatReason, Pairing,
    PairingError, PairReason, Problem, problem,
)
from .pairing import BECAUSE_PAIRS  # §10: the reason for one pair fewer, named as such
from .reasons import ByeReason
from .rules import AVOID_CLUB, CLUB_HARD, CLUB_SOFT  # noqa: F401  (CLUB_*: importable from here)
from .swiss import (
    BYE, Entrant, SwissRound,  # noqa: F401
    dirac_completable, may_take_bye, met_opponents, most_forbidden,
    games_counted_as_draws, provisional_note,
)

SYSTEM = "dingwei"

# ---------------------------------------------------------------------------
# Rules (dingwei.md: *setting*) — typed in ``t.rules`` (engine/rules.py):
# club_rounds (§4 同单位回避), club_strength (§5), float_balance (§5 criterion
# 3b), high_score_first (§6), provisional (§8), round1 (§3)
# ---------------------------------------------------------------------------


# ---------------------------------------------------------------------------
# Step names (§10)
# ---------------------------------------------------------------------------

STEP_SAME_POSITION = "同位"
STEP_SHIFTED = "错位"
STEP_PASSED = "通行"
STEP_SAME_ROW = "同行"
STEP_DOWNFLOAT = "下调"
STEP_BROKEN = "拆对"

NO_WANT_WEAK = True
"""Decision (§4 step 4, silent on it): a player with no colour yet counts as a
weak-want player in 同行配对 (takes the strongest category of his row first)."""

DOUBLE_FLOAT_LIMIT = 2
"""§5 criterion 3b (``000`` 原则 9 同一运动员下调或上调的次数最多不超过两次, when
``t.rules.float_balance`` is on; version 2.1): ranked after nearest scores
and before colours — first fewest players who would float more than this
many times in one direction over the event, then fewest who would float in
the same direction as in their last played round (:data:`FLOAT_FIELDS_ORDER`)."""

FLOAT_FIELDS_ORDER = ("limit", "same direction")
"""§5 criterion 3b (version 2.1): the cap of two floats each way ranks first,
the same direction as the last played round second (``F_FLIMIT`` before
``F_FSAME``); both rank after nearest scores and before colours."""

FLOAT_COUNTED_WHERE_IT_BEGAN = True
"""Decision (version 1, stands for criterion 3b): a floater left over again by
the bracket he floated into floats on, and his downfloat is counted only in
the bracket where it began."""

FLOAT_ALONE_JUDGED_NOW = True
"""Decision (§5 criterion 3b, ``000`` 原则 9 不含本积分段只有一人必然下调或上调):
a player is exempt when he is alone in his score group in the round being
paired; the float of round k−1 is not examined again."""

NEAREST_SCORES_ABOVE_STEPS = True
"""Decision (§5 criterion 3, seed ``000``/``001`` 原则 4 近分者编对 and
``001`` ⑥ 下调到下一个积分段优先编排): nearest scores rank above the order of
the steps — a floater who has met the only card of the other row takes a
same-row card, breaking the pair 通行 made, rather than float on across a
score group.  Such a pair is shown as 拆对 with 近分 as its reason."""

BROKEN_BEFORE_DOWNFLOAT = True
"""Decision (§10; seed ``001`` §3 ⑤ 拆对配对 and §5 拆对编排方法 name the broken
pair as such): a pair that §5 made instead of the first option of the §4
order is labelled 拆对 (with the pair it broke and why), also when one of the
two floated down from above; other pairs with a floater are 下调; 通行 marks a
cross-row pair made after a player above was passed over."""

STEP_ORDER_NOTE = (
    "Decision (§10): a pair that §5 made instead of the first option the §4 order offered is "
    "labelled 拆对, with the pair it broke and why, also when it holds a floater; other pairs with "
    "a player floated down from above are 下调; 通行 marks a cross-row pair made after a player "
    "above was passed over.")
"""How the §10 step of a pair is chosen when more than one applies (:data:`BROKEN_BEFORE_DOWNFLOAT`)."""

FINAL_ROUND_IGNORES_THREE_IN_A_ROW = True
"""§5 criterion 4 in the final round (seed ``000`` 具体方法 4 (10): 最后一轮中出现
连三先、连三后或相差三先的配对，均不拆开重排): (a) is not counted there; (b)–(d)
still are (``001`` 原则 (12): everyone within one 先 at the end)."""

COLOUR_SPREAD_COUNTED = 2
"""§5 criterion 4 (c): players who would have |d| ≥ this (多二先/多二后, seed
``000`` 优先配对 尽可能避免出现多三先、多三后或多二先、多二后) — ≥, so that the
final round, where (a) is off, never prefers |d| = 3 to |d| = 2."""

COLOURS_OF_THIS_BRACKET_ONLY = True
"""§5 criterion 4: only the pairs made in this bracket are counted (本积分段,
seed ``001`` §5 在本积分段中…不是最佳平衡先后走); the colours the floaters will
get below are not."""

SAME_ROW_STRONG_ORDER = (3, 2, 1, 0)
"""§4.4 (``001`` §3 ①–②): a strong-want 先编者 (多先, 少先, 平先连先, 平先连后)
takes the weakest category first: no colour, 上, 连, 多."""
SAME_ROW_WEAK_ORDER = (0, 1, 2, 3)
"""§4.4 (``001`` §3 ③–④): a weak-want 先编者 (平先上先, 平先上后) takes the
strongest first: 多, 连, 上, no colour.  Within a category: the nearest card
below him in the row (向下按序号临近), then the next."""


# ---------------------------------------------------------------------------
# Cards
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Card(Entrant):
    """A player as the arbiter's card shows him for round k (§2): the entrant
    (score, colours, may take the bye, §7) with his floats and urgency."""

    last_float: Float | None
    downs: int
    ups: int
    key: tuple[float, int, int, int]  # urgency, ascending = most urgent first

    @property
    def want(self) -> Colour | None:
        return self.colours.want

    @property
    def strong(self) -> bool:
        """多先, 少先, 连先, 连后 (§4 step 4); 平先上先/上后 are weak."""
        cs = self.colours
        if cs.last is None:
            return not NO_WANT_WEAK
        return cs.d != 0 or cs.streak >= 2

    @property
    def category(self) -> int:
        """§4.4 want category: 0 多 (d ≠ 0), 1 连 (平先, L ≥ 2), 2 上 (平先, L = 1),
        3 no colour yet."""
        cs = self.colours
        if cs.last is None:
            return 3
        if cs.d != 0:
            return 0
        return 1 if cs.streak >= 2 else 2


def aligned_streak(cs: ColourState) -> int:
    """§2 key 3: L if the player has a 连 (L ≥ 2) whose colour is the opposite
    of the wanted colour, else 0 (a single 上先/上后 counts 0: ``001`` 优先编排
    (3)–(5) count only 连走)."""
    want = cs.want
    if want is None or cs.last is None or cs.last is want or cs.streak < 2:
        return 0
    return cs.streak


def urgency_key(number: int, score: float, cs: ColourState, round_no: int) -> tuple[float, int, int, int]:
    """§2: score, |d|, aligned streak (larger first), then number — ascending in
    odd rounds (单轮次小号在前), descending in even rounds (双轮次大号在前)."""
    return (-score, -abs(cs.d), -aligned_streak(cs), number if round_no % 2 else -number)


def lay_out_rows(cards: Sequence[Card]) -> tuple[list[Card], list[Card]]:
    """§2: the 要先行 and 要后行 of a bracket, each in urgency order.  Players
    with no want join the shorter row (the red row on a tie), one at a time in
    urgency order."""
    red = sorted((c for c in cards if c.want is Colour.RED), key=lambda c: c.key)
    black = sorted((c for c in cards if c.want is Colour.BLACK), key=lambda c: c.key)
    for c in sorted((c for c in cards if c.want is None), key=lambda c: c.key):
        (red if len(red) <= len(black) else black).append(c)
    red.sort(key=lambda c: c.key)
    black.sort(key=lambda c: c.key)
    return red, black


# ---------------------------------------------------------------------------
# The round
# ---------------------------------------------------------------------------


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
    apart: dict[int, frozenset[int]] = field(default_factory=dict)  # 回避名单 (engine/apart.py)
    hard_club: bool = False  # 同单位回避 hard in this round: club mates are forbidden (§10 names them)

    @property
    def final(self) -> bool:
        """§5 criterion 4: in the final round (a) is not counted."""
        return self.k >= self.total

    def club_mates(self, a: int, b: int) -> bool:
        ca = self.club.get(a, "")
        return bool(ca) and ca == self.club.get(b, "")

    def colour_costs(self, a: Card, b: Card) -> tuple[int, int, int, int]:
        """§5 criterion 4 (a)–(d) for the pair, colours allocated by §6: (a)
        连三/多三 (not in the final round), (b) not the wanted colour, (c)
        |d| ≥ 2, (d) the same colour as last round."""
        ca, cb = a.colours, b.colours
        late = self.k >= self.total - 2
        rel = (a.score > b.score) - (a.score < b.score) if late else 0
        key = (ca.d, ca.streak, ca.last, cb.d, cb.streak, cb.last, rel,
               (a.number + b.number) % 2, a.number < b.number)
        hit = self.colour_cache.get(key)
        if hit is not None:
            return hit
        red, _, _ = self.colours_of(a, b)
        out = [0, 0, 0, 0]
        count_a = not (self.final and FINAL_ROUND_IGNORES_THREE_IN_A_ROW)
        for c, colour in ((a, Colour.RED if red == a.number else Colour.BLACK),
                          (b, Colour.RED if red == b.number else Colour.BLACK)):
            before = c.colours
            after = before.after(colour)
            out[0] += three_in_a_row_or_three_up(after) and count_a
            out[1] += before.want is not None and colour is not before.want
            out[2] += abs(after.d) >= COLOUR_SPREAD_COUNTED
            out[3] += before.last is colour
        res = (out[0], out[1], out[2], out[3])
        self.colour_cache[key] = res
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


# ---------------------------------------------------------------------------
# A bracket (§4, §5)
# ---------------------------------------------------------------------------


@dataclass
class _State:
    """The §4 search so far: players still to place, those passed over (通行),
    those left over (to float down), the pairs made, and their main value."""

    unpaired: list[int]  # in urgency order
    passed: frozenset[int]
    floated: tuple[int, ...]
    pairs: tuple[tuple[int, int], ...]
    fixed: int
    rem_lc: int  # sum of the left-over costs of ``unpaired``


MAX_WEIGHT_BITS = 116
"""Internal: matching weights stay below 2**116 (rustworkx computes in i128)."""

# The fields of a bracket's value (§5), most significant first
F_CLUB, F_PAIRS, F_NEAR, F_FLIMIT, F_FSAME, F_CA, F_CB, F_CC, F_CD = range(9)
FIELD_BECAUSE = {F_CLUB: BECAUSE_CLUB, F_PAIRS: BECAUSE_INCOMPLETE, F_NEAR: BECAUSE_NEAREST,
                 F_CA: BECAUSE_COLOURS, F_CB: BECAUSE_COLOURS, F_CC: BECAUSE_COLOURS,
                 F_CD: BECAUSE_COLOURS, F_FSAME: BECAUSE_FLOATS, F_FLIMIT: BECAUSE_FLOATS}
"""Which reason of §10 a field of the value is."""


@dataclass
class _Bracket:
    """A bracket being paired, and the matching graph of what it can still reach.

    The value of a bracket pairing is a vector of §5 criteria (the fields
    ``F_*``: club pairs, pairs, nearest scores, colours (a)–(d), floats),
    encoded as one integer in mixed radix (``unit``), larger = better.  Every
    field is a sum over the pairs (``pair_vector``) and the left-over players
    (``left_vector``), so the best value is a maximum-weight matching.

    The lowest digit of a bracket edge's weight (``tie``, below ``tie_unit``) is
    a tie-break among equally good matchings only: cross-row pairs close in the
    two rows (n² − Δpos²) are preferred, so that the witness matching tends to
    be the one the §4 order meets first.  It never changes the result, only how
    often the §4 search must verify an option.

    Graph nodes: the bracket's players (and, when the completion of the round
    is at stake, the lower brackets and a bye node).  Edge payloads are indices
    into ``weight``.  An edge between two bracket players that may still pair
    here weighs ``(value + lc(a) + lc(b)) · tie_unit + tie``; every other edge
    (both left over and paired below, lower brackets, bye) weighs 0, and so
    does a bracket edge the §4 search has ruled out (passed over, left over).
    The value of a bracket pairing is the sum of its pairs' values minus the
    left-over costs ``lc``, so a maximum-weight matching on the players still
    in play reaches the best value.
    """

    rnd: _Round
    score: float
    cards: list[Card]
    row_of: dict[int, Colour]
    rows: dict[Colour, list[int]]
    pos: dict[int, int]
    floaters: frozenset[int]
    lower: list[int]
    bye_ok: frozenset[int]
    combined: bool
    unit: list[int]
    near_w: dict[float, int]
    tie_unit: int
    bonus: int  # more than any edge weight (best_with)
    lc: dict[int, int] = field(default_factory=dict)
    graph: rx.PyGraph = field(default_factory=rx.PyGraph)
    node: dict[int, int] = field(default_factory=dict)
    weight: list[int] = field(default_factory=list)
    tid: dict[int, int] = field(default_factory=dict)  # player -> cost type
    table: list[list[int]] = field(default_factory=list)  # pair value by cost types
    matchings: int = 0
    tie_max: int = 0
    built: bool = False  # the matching graph (LAZY_GRAPH)

    def encode(self, vector: Sequence[int]) -> int:
        """A vector of the fields ``F_*`` as one integer."""
        return sum(v * u for v, u in zip(vector, self.unit, strict=True))

    def pair_vector(self, a: Card, b: Card) -> tuple[int, ...]:
        """The §5 fields of the pair a—b (larger = better)."""
        rnd = self.rnd
        club = -int(rnd.soft_club and rnd.club_mates(a.number, b.number))
        fs = fl = 0
        if rnd.floats_on and a.score != b.score:
            fs, fl = rnd.up_float_costs(a if a.score < b.score else b)
        ca, cb, cc, cd = rnd.colour_costs(a, b)
        return (club, 1, 0, -fl, -fs, -ca, -cb, -cc, -cd)

    def left_vector(self, c: Card) -> tuple[int, ...]:
        """The §5 fields of leaving ``c`` over (criterion 3 nearest scores; 3b floats)."""
        fs = fl = 0
        # a floater left over again floats on: his downfloat counted where it began (criterion 3b)
        if self.rnd.floats_on and self.lower and \
                (c.number not in self.floaters or not FLOAT_COUNTED_WHERE_IT_BEGAN):
            fs, fl = self.rnd.down_float_costs(c)
        return (0, 0, -self.near_w[c.score], -fl, -fs, 0, 0, 0, 0)

    def value(self, a: int, b: int) -> int:
        """The §5 value of the pair a—b."""
        return self.table[self.tid[a]][self.tid[b]]

    def vector_of(self, pairs: Sequence[tuple[int, int]], left: Sequence[int]) -> tuple[int, ...]:
        """The §5 fields of a whole bracket pairing."""
        e = self.rnd.entrants
        out = [0] * len(self.unit)
        for a, b in pairs:
            for i, v in enumerate(self.pair_vector(e[a], e[b])):
                out[i] += v
        for n in left:
            for i, v in enumerate(self.left_vector(e[n])):
                out[i] += v
        return tuple(out)

    def bracket_edges(self, p: int) -> list[tuple[int, int]]:
        """(weight index, other player) of ``p``'s edges to bracket players."""
        node, g = self.node[p], self.graph
        return [(e, g[v]) for _, v, e in self.graph.incident_edge_index_map(node).values()
                if g[v] in self.row_of]


def cost_type(rnd: _Round, c: Card) -> tuple[Any, ...]:
    """What a player's §5 costs depend on (players of one type are alike)."""
    cs = c.colours
    club = c.number if rnd.soft_club and rnd.club.get(c.number) else 0  # club mates: each his own type
    floats = (c.last_float, c.ups >= DOUBLE_FLOAT_LIMIT, c.number in rnd.alone) if rnd.floats_on else ()
    return (c.score, cs.d, cs.streak, cs.last, club) + floats


def nearest_weights(cards: Sequence[Card]) -> tuple[dict[float, int], int]:
    """§5 criterion 3 as one field: the weight of leaving over a player of each
    score, and the field's radix.  With the number left over fixed (criterion
    2), comparing their scores highest first is comparing how many are left at
    each score level, highest level first — a mixed-radix number: the lowest
    score weighs 0, each higher level more than all the levels below it can
    add up to."""
    count: dict[float, int] = {}
    for c in cards:
        count[c.score] = count.get(c.score, 0) + 1
    levels = sorted(count)
    weights = {levels[0]: 0}
    w = 1
    for s in levels[1:]:
        weights[s] = w
        w *= count[s] + 1
    return weights, w


def make_bracket(rnd: _Round, score: float, cards: list[Card], floaters: frozenset[int],
                 lower: list[int], bye_score: float | None) -> _Bracket:
    red, black = lay_out_rows(cards)
    row_of = {c.number: Colour.RED for c in red} | {c.number: Colour.BLACK for c in black}
    rows = {Colour.RED: [c.number for c in red], Colour.BLACK: [c.number for c in black]}
    pos = {n: i for r in rows.values() for i, n in enumerate(r)}
    n = len(cards)
    near_w, near_radix = nearest_weights(cards)
    small = 2 * n + 2  # a colour or float field: at most 2 per pair, 1 per player
    radix = [n // 2 + 1, n // 2 + 1, near_radix, small if rnd.floats_on else 1,
             small if rnd.floats_on else 1, small, small, small, small]
    if not rnd.soft_club:
        radix[F_CLUB] = 1
    unit = [1] * len(radix)
    for i in range(len(radix) - 2, -1, -1):
        unit[i] = unit[i + 1] * radix[i + 1]
    main_bits = (unit[0] * radix[0]).bit_length() + 1
    tie_max = n * n
    tie_bits = ((n // 2 + 1) * tie_max + 1).bit_length()
    if main_bits + tie_bits > MAX_WEIGHT_BITS - 1:
        tie_bits = max(1, MAX_WEIGHT_BITS - 1 - main_bits)
        tie_max = ((1 << tie_bits) - 1) // (n // 2 + 1)
    members = [c.number for c in cards]
    bye_ok = frozenset(m for m in members + lower
                       if rnd.bye_needed and rnd.entrants[m].bye_ok and rnd.entrants[m].score == bye_score)
    # completion is certain when the players below, but the bye, are many (Dirac) — not when
    # none are left but the bye: the floaters of this bracket would then have no one to meet
    below = len(lower) - (1 if rnd.bye_needed else 0)
    big_lower = below > 0 and dirac_completable(below, rnd.delta) and \
        (not rnd.bye_needed or any(m in bye_ok for m in lower))
    br = _Bracket(rnd, score, cards, row_of, rows, pos, floaters, lower, bye_ok,
                  not big_lower, unit, near_w, 1 << tie_bits, 1 << (main_bits + tie_bits))
    for c in cards:
        br.lc[c.number] = -br.encode(br.left_vector(c))
    br.tie_max = tie_max
    # §5 values by cost type: players of one type are alike (and §6.4 only
    # decides between players of one type, where the costs are symmetric)
    by_type: dict[tuple[Any, ...], list[Card]] = {}
    for c in cards:
        by_type.setdefault(cost_type(rnd, c), []).append(c)
    kinds = list(by_type.values())
    tid = br.tid
    for i, same in enumerate(kinds):
        for c in same:
            tid[c.number] = i
    table = br.table = [[0] * len(kinds) for _ in kinds]
    for i, xs in enumerate(kinds):
        for j in range(i, len(kinds)):
            ys = kinds[j]
            if i == j and len(xs) < 2:
                continue
            x, y = xs[0], (ys[1] if i == j else ys[0])  # two real players: §6.4 needs them
            table[i][j] = table[j][i] = br.encode(br.pair_vector(x, y))
    if br.combined or not LAZY_GRAPH:
        _build_graph(br)
    return br


LAZY_GRAPH = True
"""Speed only: a bracket whose completion is not at stake builds its matching
graph (every eligible pair of the bracket: quadratic in its size) only when a
matching is first needed (:func:`_graph_for`); the §4 order played out and
:func:`_pairing_bound` often show that none is."""


def _build_graph(br: _Bracket) -> None:
    """The bracket's matching graph (see :class:`_Bracket`).  Its edges in the
    order of the members (each with the later ones), weights by cost type:
    the per-player values are looked up once, not per edge (speed only)."""
    rnd, row_of, pos, tid, table = br.rnd, br.row_of, br.pos, br.tid, br.table
    members = [c.number for c in br.cards]
    lower, tie_max = br.lower, br.tie_max
    g = br.graph
    nodes = members + (lower + ([BYE] if rnd.bye_needed else []) if br.combined else [])
    br.node = {m: i for m, i in zip(nodes, g.add_nodes_from(nodes), strict=True)}
    idx, tu, lc = br.node, br.tie_unit, br.lc
    weight = br.weight
    edges: list[tuple[int, int, int]] = []
    n = len(members)
    at = {m: j for j, m in enumerate(members)}
    tids = [tid[m] for m in members]
    base = [lc[m] * tu for m in members]  # the left-over cost of each, scaled
    ps = [pos[m] for m in members]
    red = [row_of[m] is Colour.RED for m in members]
    nid = [idx[m] for m in members]
    tie = [max(0, tie_max - d * d) for d in range(n)]  # a cross-row pair |Δpos| = d apart
    by_type: dict[int, list[int]] = {}  # cost type of a -> (value with b + lc(b)) · tie_unit, by b
    for i, a in enumerate(members):
        row = by_type.get(tids[i])
        if row is None:
            va = [v * tu for v in table[tids[i]]]
            row = by_type[tids[i]] = [va[tj] + bj for tj, bj in zip(tids, base, strict=True)]
        la, pa, sa = base[i], ps[i], red[i]
        out = {at[b] for b in rnd.forbidden[a] if b in at}
        js = [j for j in range(i + 1, n) if j not in out] if out else range(i + 1, n)
        first = len(weight)
        weight.extend([row[j] + la + (tie[abs(pa - ps[j])] if red[j] is not sa else 0) for j in js])
        edges.extend(zip([nid[i]] * len(js), [nid[j] for j in js], range(first, len(weight))))
    if br.combined:
        zero = len(weight)
        weight.append(0)
        for i, a in enumerate(lower):
            for b in members + lower[:i]:
                if b not in rnd.forbidden[a]:
                    edges.append((idx[a], idx[b], zero))
        if rnd.bye_needed:
            edges += [(idx[m], idx[BYE], zero) for m in br.bye_ok]
    g.add_edges_from(edges)
    br.built = True


def _graph_for(br: _Bracket, st: _State) -> None:
    """The matching graph, built now if it was not (:data:`LAZY_GRAPH`), with
    the §4 decisions of ``st`` on it: the cross-row edges of the players passed
    over weigh 0 (:func:`_apply`; the players placed are not in play)."""
    if br.built:
        return
    _build_graph(br)
    for p in st.passed:
        for e, other in br.bracket_edges(p):
            if br.row_of[other] is not br.row_of[p]:
                br.weight[e] = 0


@dataclass(frozen=True)
class _Best:
    value: int
    partner: dict[int, int | None]  # bracket player -> in-bracket partner (None: left over)


def best(br: _Bracket, st: _State) -> _Best | None:
    """The best main value the bracket can still reach from ``st`` (None: the
    round can no longer be completed), with a matching that reaches it."""
    br.matchings += 1
    _graph_for(br, st)
    alive = list(st.unpaired)
    if br.combined:
        alive += list(st.floated) + br.lower + ([BYE] if br.rnd.bye_needed else [])
    g = br.graph.subgraph([br.node[n] for n in alive])
    weight = br.weight
    m = rx.max_weight_matching(g, max_cardinality=br.combined, weight_fn=weight.__getitem__)
    if br.combined and 2 * len(m) != len(alive):
        return None
    partner: dict[int, int | None] = {n: None for n in st.unpaired}
    total = st.fixed - st.rem_lc
    tu = br.tie_unit
    for i, j in m:
        w = weight[g.get_edge_data(i, j)]
        if w != 0:  # a pair of the bracket (a club pair may weigh less than 0, criterion 1b)
            a, b = g[i], g[j]
            partner[a], partner[b] = b, a
            total += w // tu
    return _Best(total, partner)


def _apply(br: _Bracket, st: _State, p: int, kind: str, q: int | None) -> _State:
    """Take one §4 decision (the weights of ruled-out bracket edges become 0)."""
    weight, row_of = br.weight, br.row_of
    if kind == "pass":  # no more cross-row pairs for p
        for e, other in br.bracket_edges(p) if br.built else ():
            if row_of[other] is not row_of[p]:
                weight[e] = 0
        return _State(st.unpaired, st.passed | {p}, st.floated, st.pairs, st.fixed, st.rem_lc)
    unpaired = list(st.unpaired)
    unpaired.remove(p)
    if q is not None:
        unpaired.remove(q)
    passed = st.passed - {p, q} if st.passed else st.passed
    if kind == "float":  # p is left over: he may still pair below
        for e, _ in br.bracket_edges(p) if br.built else ():
            weight[e] = 0
        return _State(unpaired, passed, st.floated + (p,), st.pairs, st.fixed - br.lc[p],
                      st.rem_lc - br.lc[p])
    assert q is not None
    return _State(unpaired, passed, st.floated, st.pairs + ((p, q),),
                  st.fixed + br.value(p, q), st.rem_lc - br.lc[p] - br.lc[q])


def _consistent(br: _Bracket, witness: dict[int, int | None], p: int, kind: str, q: int | None) -> bool:
    """Whether the witness matching takes the same decision (then it is optimal)."""
    w = witness.get(p)
    if kind == "pair":
        return w == q
    if kind == "pass":
        return w is None or br.row_of[w] is br.row_of[p]
    return w is None


def _same_row_order(br: _Bracket, p: int, own: list[int]) -> list[int]:
    """§4.4: the 先编者's own-row cards in the order he takes them — by want
    category (:data:`SAME_ROW_STRONG_ORDER` / :data:`SAME_ROW_WEAK_ORDER`),
    within one the nearest card below him first (the row's order)."""
    e = br.rnd.entrants
    order = SAME_ROW_STRONG_ORDER if e[p].strong else SAME_ROW_WEAK_ORDER
    rank = {cat: i for i, cat in enumerate(order)}
    return sorted(own, key=lambda q: rank[e[q].category])  # stable: row order within a category


def _options(br: _Bracket, st: _State) -> tuple[int, list[tuple[str, int | None]], list[int], bool]:
    """The 先编者, his options in §4 order: cross-row (同位, 错位) then passing
    over (通行); once all are passed, same-row (同行) then floating (下调); and
    the cards he may choose among, eligible or not (in order)."""
    rnd = br.rnd
    passed = st.passed
    first = next((n for n in st.unpaired if n not in passed), None)
    if first is not None:
        p = first
        other = Colour.BLACK if br.row_of[p] is Colour.RED else Colour.RED
        free_set = set(st.unpaired).difference(passed)
        cands = [q for q in br.rows[other] if q in free_set]
        met = rnd.forbidden[p]  # rnd.eligible(p, q), inline: asked of every card of the row
        opts: list[tuple[str, int | None]] = [("pair", q) for q in cands if q not in met]
        opts.append(("pass", None))
        return p, opts, cands, True
    p = st.unpaired[0]
    left = set(st.unpaired)
    own = _same_row_order(br, p, [q for q in br.rows[br.row_of[p]] if q != p and q in left])
    opts = [("pair", q) for q in own if rnd.eligible(p, q)]
    opts.append(("float", None))
    return p, opts, own, False


def best_with(br: _Bracket, st: _State, p: int, among: Sequence[int]) -> _Best | None:
    """The best value reachable with ``p`` paired to one of ``among`` now (None:
    none reachable): the matching with a bonus on ``p``'s edges to ``among``,
    large enough that he is matched to one of them if he can be, and his
    other edges at 0."""
    if len(among) == 1:  # p takes that one card: settled without a matching when the rest is plain
        q = among[0]
        got = _settled(br, _apply(br, st, p, "pair", q))
        if got is not None:
            return _Best(got.value, got.partner | {p: q, q: p})
    _graph_for(br, st)
    weight = br.weight
    keep = set(among)
    mine = br.bracket_edges(p)
    saved = [(e, weight[e]) for e, _ in mine]
    for e, other in mine:
        weight[e] = weight[e] + br.bonus if other in keep else 0
    try:
        r = best(br, st)
    finally:
        for e, w in saved:
            weight[e] = w
    if r is None or r.partner.get(p) not in keep:
        return None
    return _Best(r.value - br.bonus // br.tie_unit, r.partner)


GREEDY_WITNESS = True
"""Speed only (never the result): before a maximum-weight matching is asked
whether the 先编者's first option still reaches the bracket's best value, the
§4 order is played out from the state with every 先编者 taking his first
option (:func:`_first_options`).  When that pairing reaches the best value it
is a witness that every one of those choices does, and no matching is needed:
in a large bracket the plain order is nearly always optimal, and a matching
there costs hundreds of times more than playing the order out."""


def _first_options(br: _Bracket, st: _State) -> _Best:
    """The bracket pairing the §4 order makes from ``st`` when every 先编者
    takes his first option (:func:`_options`, :func:`_apply` without the
    weights), and its value as :func:`best` counts it.  Without a matching:
    each 先编者 takes the first eligible free card of the other row, a
    player with none is passed over, and the passed pair in their rows or
    float."""
    rnd, rows, row_of = br.rnd, br.rows, br.row_of
    order = list(st.unpaired)
    partner: dict[int, int | None] = {n: None for n in order}
    left = set(order)  # still to place
    passed = set(st.passed)
    total = st.fixed - st.rem_lc
    start = {Colour.RED: 0, Colour.BLACK: 0}  # every card before it in its row is placed or passed
    for p in order:  # the free 先编者 in urgency order (§4: 同位, 错位, else 通行)
        if p not in left or p in passed:
            continue
        other = Colour.BLACK if row_of[p] is Colour.RED else Colour.RED
        row = rows[other]
        i = start[other]
        while i < len(row) and (row[i] not in left or row[i] in passed):
            i += 1
        start[other] = i
        q = next((row[j] for j in range(i, len(row))
                  if row[j] in left and row[j] not in passed and rnd.eligible(p, row[j])), None)
        if q is None:
            passed.add(p)
            continue
        partner[p], partner[q] = q, p
        left -= {p, q}
        total += br.value(p, q) + br.lc[p] + br.lc[q]
    for p in order:  # the passed (§4 同行, else 下调)
        if p not in left:
            continue
        own = _same_row_order(br, p, [q for q in rows[row_of[p]] if q != p and q in left])
        q = next((c for c in own if rnd.eligible(p, c)), None)
        left.discard(p)
        if q is not None:
            partner[p], partner[q] = q, p
            left.discard(q)
            total += br.value(p, q) + br.lc[p] + br.lc[q]
    return _Best(total, partner)


BOUND_CLASSES = 40
"""Speed only: :func:`_pairing_bound` is tried on brackets whose players fall
into at most this many classes (alike in every §5 value)."""


def _pairing_bound(br: _Bracket, st: _State) -> int | None:
    """An upper bound on the best value reachable from ``st`` in a bracket whose
    completion is not at stake (None: not computed — too many classes).
    Players alike in every §5 value and in what the §4 search still allows
    them (cost type, left-over cost, row, passed over) form a class; forgetting who has met whom, a pairing is
    a flow between two copies of the classes, each class sending and
    receiving at most its size (twice its pairs within itself, at most its
    size rounded down to even) and all together at most the players rounded
    down to even; it carries twice the value of the pairs.  The best such flow
    (successive shortest paths, a few classes) bounds twice the best pairing,
    so half of it rounded down bounds the best value: when the §4 order
    reaches it, that order is optimal without a matching."""
    if br.combined or st.passed:
        return None
    lc, tid, table = br.lc, br.tid, br.table
    size: dict[tuple[int, int], int] = {}
    for n in st.unpaired:
        key = (tid[n], lc[n])
        size[key] = size.get(key, 0) + 1
    if len(size) > BOUND_CLASSES:
        return None
    keys = list(size)
    k = len(keys)
    source, sink = 2 * k, 2 * k + 1
    # residual graph: arcs as [head, capacity, cost, index of the reverse arc]
    arcs: list[list[list[int]]] = [[] for _ in range(2 * k + 2)]

    def arc(u: int, v: int, cap: int, cost: int) -> None:
        arcs[u].append([v, cap, cost, len(arcs[v])])
        arcs[v].append([u, 0, -cost, len(arcs[u]) - 1])

    for c, (tc, lcc) in enumerate(keys):
        arc(source, c, size[keys[c]], 0)
        arc(k + c, sink, size[keys[c]], 0)
        for d, (td, lcd) in enumerate(keys):
            w = table[tc][td] + lcc + lcd
            cap = size[keys[c]] if c != d else size[keys[c]] // 2 * 2
            if w > 0 and cap > 0:
                arc(c, k + d, cap, -w)
    room = len(st.unpaired) // 2 * 2
    total = 0
    while room > 0:
        dist: list[int | None] = [None] * (2 * k + 2)
        back: list[tuple[int, int] | None] = [None] * (2 * k + 2)
        dist[source] = 0
        for _ in range(2 * k + 1):  # Bellman-Ford (no negative cycle: the paths are shortest)
            changed = False
            for u in range(2 * k + 2):
                du = dist[u]
                if du is None:
                    continue
                for i, (v, cap, cost, _) in enumerate(arcs[u]):
                    dv = dist[v]
                    if cap > 0 and (dv is None or du + cost < dv):
                        dist[v], back[v] = du + cost, (u, i)
                        changed = True
            if not changed:
                break
        reach = dist[sink]
        if reach is None or reach >= 0:
            break
        push, v = room, sink
        while v != source:
            b = back[v]
            assert b is not None
            push = min(push, arcs[b[0]][b[1]][1])
            v = b[0]
        v = sink
        while v != source:
            b = back[v]
            assert b is not None
            a = arcs[b[0]][b[1]]
            a[1] -= push
            arcs[v][a[3]][1] += push
            v = b[0]
        total -= push * reach
        room -= push
    return st.fixed - st.rem_lc + total // 2


def _settled(br: _Bracket, st: _State) -> _Best | None:
    """The best value reachable from ``st`` and a pairing that reaches it,
    without a matching, when the §4 order played out reaches the bound of
    :func:`_pairing_bound` (None: not settled so)."""
    if br.combined or not GREEDY_WITNESS:
        return None
    plain = _first_options(br, st)
    return plain if plain.value == _pairing_bound(br, st) else None


def _first_reaching(br: _Bracket, st: _State, p: int, options: Sequence[tuple[str, int | None]],
                    upto: int, target: int) -> tuple[int | None, _Best | None, bool]:
    """Speed only: the first of ``options[:upto]`` with which the 先编者 ``p``
    still reaches ``target``, and a pairing from ``st`` that does — found
    without a matching: an option falls short when the bound of the state it
    leads to (:func:`_pairing_bound`) is below ``target``, and reaches it when
    the §4 order played out from there does.  ``(None, None, True)``: none of
    them reaches it; ``(None, None, False)``: not settled so."""
    if br.combined or not GREEDY_WITNESS:
        return None, None, False
    tid, lc, row_of = br.tid, br.lc, br.row_of
    bounds: dict[tuple[Any, ...], int | None] = {}
    for i, (kind, q) in enumerate(options[:upto]):
        if kind != "pair" and br.built:
            return None, None, False  # (:func:`_apply` would change the graph's weights)
        after = _apply(br, st, p, kind, q)
        key = (kind,) if q is None else (kind, tid[q], lc[q], row_of[q], q in st.passed)
        if key not in bounds:  # alike cards lead to alike bounds
            bounds[key] = _pairing_bound(br, after)
        bound = bounds[key]
        if bound is None:
            return None, None, False
        if bound < target:
            continue
        plain = _first_options(br, after)
        if plain.value != target:
            return None, None, False
        # p's own decision: paired to q, left over; passed over, he is still in the pairing played out
        mine: dict[int, int | None] = {p: q, q: p} if kind == "pair" and q is not None else \
            {p: None} if kind == "float" else {}
        return i, _Best(target, plain.partner | mine), True
    return None, None, True


def _best_ahead(br: _Bracket, st: _State, p: int, ahead: Sequence[int]) -> _Best | None:
    """The best value reachable with ``p`` paired to one of ``ahead`` (the
    options ahead of the one taken: :data:`BROKEN_REASON_OF_THE_OPTIONS_AHEAD`),
    each settled without a matching where it can be (:func:`_settled`)."""
    if br.combined or not GREEDY_WITNESS:
        return best_with(br, st, p, ahead)
    tid, lc, row_of = br.tid, br.lc, br.row_of
    bounds: dict[tuple[Any, ...], int | None] = {}
    bound: dict[int, int] = {}
    for q in ahead:  # alike cards lead to alike bounds
        key = (tid[q], lc[q], row_of[q], q in st.passed)
        if key not in bounds:
            bounds[key] = _pairing_bound(br, _apply(br, st, p, "pair", q))
        b = bounds[key]
        if b is None:
            return best_with(br, st, p, ahead)
        bound[q] = b
    got: _Best | None = None
    for q in sorted(ahead, key=lambda q: -bound[q]):  # stable: the order of the options within a bound
        if got is not None and got.value >= bound[q]:
            break  # no card left can do better
        r = _settled(br, _apply(br, st, p, "pair", q))
        if r is None:
            return best_with(br, st, p, ahead)
        if got is None or r.value > got.value:
            got = _Best(r.value, r.partner | {p: q, q: p})
    return got


def _full(br: _Bracket, st: _State, r: _Best) -> tuple[list[tuple[int, int]], list[int]]:
    """The whole bracket pairing of a matching reached from ``st``."""
    pairs = list(st.pairs)
    left = list(st.floated)
    for a, b in r.partner.items():
        if b is None:
            left.append(a)
        elif a < b:
            pairs.append((a, b))
    return pairs, left


def _bye_blocks(br: _Bracket, st: _State) -> bool:
    """Whether the round would complete from ``st`` if the bye could go to
    anyone still unpaired who may take one, whatever his score: then the bye
    of the lowest score group (§7) is what blocks, not a rematch.  (Used only
    to word a 拆对.)"""
    rnd = br.rnd
    if not (rnd.bye_needed and br.combined):
        return False
    alive = list(st.unpaired) + list(st.floated) + br.lower
    g = rx.PyGraph()
    idx = {m: i for m, i in zip(alive, g.add_nodes_from(alive), strict=True)}
    bye = g.add_node(BYE)
    for i, a in enumerate(alive):
        for b in alive[i + 1:]:
            if rnd.eligible(a, b):
                g.add_edge(idx[a], idx[b], 1)
        if rnd.entrants[a].bye_ok:  # any score: floated down as far as needed
            g.add_edge(idx[a], bye, 1)
    return 2 * len(rx.max_weight_matching(g, max_cardinality=True, weight_fn=lambda w: w)) == len(alive) + 1


BROKEN_REASON_OF_THE_OPTIONS_AHEAD = True
"""Decision (§10, how a 拆对's reason is found): the reason is the first
criterion of §5 by which the best pairing with the 先编者 taking any of the
options ahead of his partner (the first of them, the pair the plain order
would have made, included) falls short of the bracket's best.  It is what the
search has computed anyway, so explaining costs no matching; when those
options are the first one alone, it is that pair's own reason."""


@dataclass(frozen=True)
class _Why:
    """Why a plain option was not taken (§10): the ``BECAUSE_*`` code, what the
    pair would have cost by the colour criterion that decided (``worse``),
    who would have had no opponent (``without``) and who would have floated
    instead (``floating``: one pair fewer, or a higher score left over)."""

    because: str
    worse: tuple[tuple[int, str], ...] = ()
    without: tuple[int, ...] = ()
    floating: tuple[int, ...] = ()


def _because(br: _Bracket, st: _State, p: int, q0: int, r: _Best | None,
             target: tuple[int, ...], target_pairs: Sequence[tuple[int, int]] = ()) -> _Why:
    """§10: why the plain option (``p`` takes ``q0``) was not taken, from ``r``,
    the best with ``p`` paired to one of the options ahead
    (:data:`BROKEN_REASON_OF_THE_OPTIONS_AHEAD`; None: none completes), with
    what it compared (version 2.1: 否则 1 成为多二先, 否则 16 无人可配)."""
    if r is None:
        after = _apply(br, st, p, "pair", q0)
        if _bye_blocks(br, after):
            return _Why(BECAUSE_BYE)
        return _Why(BECAUSE_INCOMPLETE, without=_left_without(br, after))
    got_pairs, got_left = _full(br, st, r)
    got = br.vector_of(got_pairs, got_left)
    plain = r.partner.get(p) == q0  # r is the best with the plain pair itself (not another option ahead)
    for i, (x, y) in enumerate(zip(target, got, strict=True)):
        if x != y:
            worse = _colour_worse(br, p, q0, i)
            if not worse and plain:  # the pair costs nothing itself: what the pairs it leaves would cost
                best_costs = {w for a, b in target_pairs for w in _colour_worse(br, a, b, i)}
                worse = tuple(w for a, b in got_pairs for w in _colour_worse(br, a, b, i)
                              if w not in best_costs)
            floating: tuple[int, ...] = ()
            if plain and i in (F_PAIRS, F_NEAR):  # who would float that the best pairing keeps
                kept = {n for pair in target_pairs for n in pair}
                floating = tuple(sorted(n for n in got_left if n in kept))
            return _Why(BECAUSE_PAIRS if i == F_PAIRS else FIELD_BECAUSE[i], worse=worse, floating=floating)
    return _Why(BECAUSE_INCOMPLETE)  # pragma: no cover - an equal value would have been taken


def _colour_worse(br: _Bracket, a: int, b: int, field_no: int) -> tuple[tuple[int, str], ...]:
    """What the pair a–b would cost its players by the colour criterion of
    §5 (field ``field_no``, F_CA..F_CD), as (player, ``WORSE_*``); () when
    the field is not a colour one or the pair itself costs nothing by it (the
    difference lies in the pairs it would have left to the others)."""
    if field_no not in (F_CA, F_CB, F_CC, F_CD):
        return ()
    rnd = br.rnd
    e = rnd.entrants
    red, _, _ = rnd.colours_of(e[a], e[b])
    out: list[tuple[int, str]] = []
    for n in (a, b):
        colour = Colour.RED if n == red else Colour.BLACK
        before = e[n].colours
        after = before.after(colour)
        side = "red" if colour is Colour.RED else "black"
        up = "red" if after.d > 0 else "black"
        if field_no == F_CA and after.streak >= 3:
            out.append((n, f"row3.{side}"))
        elif field_no in (F_CA, F_CC) and abs(after.d) >= 3:
            out.append((n, f"up3.{up}"))
        elif field_no == F_CC and abs(after.d) >= COLOUR_SPREAD_COUNTED:
            out.append((n, f"up2.{up}"))
        elif field_no == F_CB and before.want is not None and colour is not before.want:
            out.append((n, f"want.{side}"))
        elif field_no == F_CD and before.last is colour:
            out.append((n, f"again.{side}"))
    return tuple(out)


def _left_without(br: _Bracket, st: _State) -> tuple[int, ...]:
    """Who a maximum pairing of the players still to pair from ``st`` leaves
    without an opponent (the bye aside): the card that makes the round fail
    (used only to word 排不通, §10)."""
    rnd = br.rnd
    alive = list(st.unpaired) + list(st.floated) + (br.lower if br.combined else [])
    g = rx.PyGraph()
    idx = {m: i for m, i in zip(alive, g.add_nodes_from(alive), strict=True)}
    for i, a in enumerate(alive):
        for b in alive[i + 1:]:
            if rnd.eligible(a, b):
                g.add_edge(idx[a], idx[b], 1)
    if rnd.bye_needed:
        bye = g.add_node(BYE)
        for m in alive:
            if m in br.bye_ok:
                g.add_edge(idx[m], bye, 1)
    matched = {x for pair in rx.max_weight_matching(g, max_cardinality=True, weight_fn=lambda w: w)
               for x in pair}
    return tuple(sorted(m for m in alive if idx[m] not in matched))


def _best_with_pair_values(br: _Bracket, st: _State, p: int, among: Sequence[int]) -> _Best | None:
    """:func:`best_with` when ``p``'s edges to ``among`` may have been ruled out
    by the search (passed over): their values for the pair are put back for
    the call (used only to word why ``p`` floats, §10)."""
    keep = set(among)
    saved: list[tuple[int, int]] = []
    for e, other in br.bracket_edges(p):
        if other in keep:
            saved.append((e, br.weight[e]))
            br.weight[e] = (br.value(p, other) + br.lc[p] + br.lc[other]) * br.tie_unit
    try:
        return best_with(br, st, p, among)
    finally:
        for e, w in saved:
            br.weight[e] = w


@dataclass(frozen=True)
class BracketResult:
    """What :func:`pair_bracket` returns: the pairs in the order made (a, b,
    step, reason), the players left over in that order, and why each floats."""

    pairs: list[tuple[int, int, str, PairReason]]
    left: list[int]
    floats: list[FloatReason]
    first: int | None
    handled: list[tuple[str, int]] = field(default_factory=list)  # ("pair", index) / ("float", player)


def pair_bracket(br: _Bracket) -> BracketResult:
    """§4 in order, each choice the first that keeps the §5 best value reachable.
    Returns the pairs (in the order made, with their §10 step and reason) and
    the players left over (in the order they were left over).

    At each choice the witness matching says which option reaches the best value;
    the options before it are tried together, then by halving, with
    :func:`best_with` — so a choice costs no matching when the witness agrees
    with the §4 order, and about log₂ of the options when it does not."""
    rnd = br.rnd
    unpaired = sorted((c.number for c in br.cards), key=lambda n: rnd.entrants[n].key)
    st = _State(unpaired, frozenset(), (), (), 0, sum(br.lc[n] for n in unpaired))
    top = _settled(br, st)
    if top is None and not br.combined and GREEDY_WITNESS:
        # the bound is the best value when the first 先编者 reaches it with an option
        # played out (then it is no more than the best, and no less)
        bound = _pairing_bound(br, st)
        if bound is not None:
            p0, options0, _, _ = _options(br, st)
            top = _first_reaching(br, st, p0, options0, len(options0), bound)[1]
    top = top or best(br, st)
    if top is None:
        raise PairingError(problem("pairing.bracket_incomplete", round=rnd.k, score=f"{br.score:g}"))
    target, witness = top.value, top.partner
    if GREEDY_WITNESS and not br.combined:
        plain = _first_options(br, st)
        if plain.value == target:
            witness = plain.partner
    top_pairs, top_left = _full(br, st, top)
    target_vector = br.vector_of(top_pairs, top_left)
    pending: dict[int, tuple[tuple[int, int], _Why, int]] = {}  # a 先编者 who gave up his first option
    jilted: dict[int, tuple[int, _Why]] = {}  # the other card of a broken pair, and why
    out: list[tuple[int, int, str, PairReason]] = []
    floats: list[FloatReason] = []
    first = unpaired[0] if unpaired else None
    handled: list[tuple[int, str, int]] = []  # (when decided, "pair"/"float", index/player): §10 order
    seq = 0
    while st.unpaired:
        seq += 1
        st_before = st
        p, options, cands, cross = _options(br, st)
        passed_before = tuple(n for n in st.unpaired if n in st.passed and n != p) if st.passed else ()
        partners = [q for kind, q in options if kind == "pair" and q is not None]
        j = next(i for i, (kind, q) in enumerate(options) if _consistent(br, witness, p, kind, q))
        i = j
        failed: dict[int, _Best | None] = {}  # options ahead that do not reach the best
        settled = False
        if j > 0:
            at, reached, settled = _first_reaching(br, st, p, options, j, target)
            if at is not None and reached is not None:
                i, witness = at, reached.partner
        if j > 0 and not settled:
            found: dict[int, _Best] = {}
            tried: dict[int, _Best | None] = {}

            def reach(upto: int, st: _State = st, p: int = p, partners: list[int] = partners,
                      tried: dict[int, _Best | None] = tried) -> _Best | None:
                if upto not in tried:
                    tried[upto] = best_with(br, st, p, partners[:upto])
                return tried[upto]

            def reachable(upto: int, found: dict[int, _Best] = found,
                          failed: dict[int, _Best | None] = failed) -> bool:
                r = reach(upto)
                if r is not None and r.value == target:
                    found[upto] = r
                    return True
                failed[upto] = r
                return False

            # speed only: the first option is the one most often taken (GREEDY_WITNESS)
            taken = reach(1) if min(j, len(partners)) > 1 else None
            if taken is not None and taken.value == target:
                i, witness = 0, taken.partner
            elif reachable(min(j, len(partners))):
                lo, hi = 1, min(j, len(partners))
                while lo < hi:
                    mid = (lo + hi) // 2
                    if reachable(mid):
                        hi = mid
                    else:
                        lo = mid + 1
                if lo not in found:
                    reachable(lo)
                i, witness = lo - 1, found[lo].partner
        kind, q = options[i]
        if i > 0:
            q0 = options[0][1]
            assert q0 is not None
            ahead = failed[i] if i in failed else _best_ahead(br, st, p, partners[:i])
            because = _because(br, st, p, q0, ahead, target_vector, top_pairs)
            # a second giving-up (passed over, then floating) keeps the line where the first was
            pending[p] = ((p, q0), because, pending[p][2] if p in pending else seq)
        st = _apply(br, st, p, kind, q)
        if kind == "float":
            when = seq
            if p in pending:
                (_, q0), why_not, when = pending.pop(p)
                floats.append(FloatReason(p, why_not.because, q0, worse=why_not.worse,
                                          left_without=why_not.without, would_float=why_not.floating))
            elif p in jilted:
                other, why_not = jilted.pop(p)
                floats.append(FloatReason(p, why_not.because, other, worse=why_not.worse,
                                          left_without=why_not.without, would_float=why_not.floating))
            elif not st.unpaired and not st.floated[:-1]:
                floats.append(FloatReason(p, FLOAT_ALONE if len(br.cards) == 1 else FLOAT_ODD))
            elif st.unpaired:
                floats.append(_kept_from_all(br, st_before, st, p, target_vector, top_pairs))
            else:
                floats.append(FloatReason(p, FLOAT_ODD))
            handled.append((when, "float", p))
            continue
        if kind != "pair":
            continue
        assert q is not None
        fl = tuple(n for n in (p, q) if n in br.floaters)
        passed_by = tuple(c for c in cands[:cands.index(q)] if not rnd.eligible(p, c))
        kept = rnd.apart.get(p, frozenset())
        club = tuple(c for c in passed_by if c not in kept and rnd.hard_club and rnd.club_mates(p, c))
        met = tuple(c for c in passed_by if c not in kept and c not in club)
        apart = tuple(c for c in passed_by if c in kept)
        broke = pending.pop(p, None) or pending.pop(q, None)
        when = seq
        if broke is not None:
            (x, y), why_not, when = broke
            jilted[y] = (x, why_not)  # the card the broken pair would have paired
        if broke is not None:
            step = STEP_BROKEN
        elif fl:
            step = STEP_DOWNFLOAT
        elif cross and passed_before:
            step = STEP_PASSED
        elif cross:
            step = STEP_SAME_POSITION if q == cands[0] else STEP_SHIFTED
        else:
            step = STEP_SAME_ROW
        skipped: tuple[int, ...] = ()
        if step == STEP_SAME_ROW:  # nearer cards of his row passed over for the §4.4 category order
            own_left = set(cands)  # eligible cards nearer than q are later in the category order
            skipped = tuple(c for c in br.rows[br.row_of[p]][:br.pos[q]]
                            if c in own_left and rnd.eligible(p, c))
        why = PairReason(step, p, met, tuple(n for n in passed_before if n not in pending) if cross else (),
                         broke[0] if broke else None, broke[1].because if broke else "", fl, apart,
                         club=club, worse=broke[1].worse if broke else (),
                         left_without=broke[1].without if broke else (), skipped=skipped,
                         would_float=broke[1].floating if broke else (),
                         waiting=tuple(n for n in passed_before if n in pending) if cross else ())
        handled.append((when, "pair", len(out)))
        out.append((p, q, step, why))
    order = [(kind, n) for _, kind, n in sorted(handled, key=lambda h: h[0])]  # stable: ties as made
    return BracketResult(out, list(st.floated), floats, first, order)


def _kept_from_all(br: _Bracket, st_before: _State, st: _State, p: int,
                   target: tuple[int, ...], target_pairs: Sequence[tuple[int, int]]) -> FloatReason:
    """Why ``p`` floats while cards are still unpaired (§10): when he may meet
    none of them, who he has met and who he is kept apart from (a club mate,
    the 回避名单); when he could have met one, the criterion of §5 that made
    him float rather than meet the first of them (version 2.1: not "has met
    everyone left" when the real reason is completion below)."""
    rnd = br.rnd
    still = set(st.unpaired)
    left = [c for c in br.rows[Colour.RED] + br.rows[Colour.BLACK] if c in still]
    could = [c for c in left if rnd.eligible(p, c)]
    if not could:
        kept = rnd.apart.get(p, frozenset())
        club = tuple(c for c in left if c not in kept and rnd.hard_club and rnd.club_mates(p, c))
        return FloatReason(p, FLOAT_MET_ALL, met=tuple(c for c in left if c not in kept and c not in club),
                           club=club, apart=tuple(c for c in left if c in kept))
    why_not = _because(br, st_before, p, could[0], _best_with_pair_values(br, st_before, p, could), target,
                       target_pairs)
    return FloatReason(p, why_not.because, could[0], worse=why_not.worse, left_without=why_not.without,
                       would_float=why_not.floating)


# ---------------------------------------------------------------------------
# The round, bracket by bracket
# ---------------------------------------------------------------------------


def pair(t: Tournament) -> Pairing:
    """Pair ``t.next_round`` by 定位编排法 (dingwei.md)."""
    try:
        start = swiss.start_round(t, SYSTEM, build_round)
    except PairingError as e:
        raise club_blocks(t) or apart_blocks(t, build_round) or e from None
    if isinstance(start, Pairing):
        return start
    rnd, groups, notes = start.rnd, start.groups, start.notes
    bye_score = start.bye[0] if start.bye is not None else None
    boards: list[Board] = []
    layouts: list[BracketLayout] = []
    carry: list[int] = []
    for gi, (score, members) in enumerate(groups):
        lower = [n for _, ms in groups[gi + 1:] for n in ms]
        bracket = [rnd.entrants[n] for n in carry + members]
        br = make_bracket(rnd, score, bracket, frozenset(carry), lower, bye_score)
        res = pair_bracket(br)
        numbers = []
        for a, b, step, why in res.pairs:
            boards.append(rnd.board(len(boards) + 1, a, b, step, why))
            numbers.append(len(boards))
        labels = tuple((c.number, c.colours.sized_label() if c.colours.last else "") for c in bracket)
        handled = tuple(("board", numbers[n]) if kind == "pair" else ("float", n) for kind, n in res.handled)
        layouts.append(BracketLayout(score, tuple(br.rows[Colour.RED]), tuple(br.rows[Colour.BLACK]),
                                     tuple(carry), note=_layout_note(rnd, br), labels=labels,
                                     first=res.first, boards=tuple(numbers), left=tuple(res.floats),
                                     scores=tuple((n, rnd.entrants[n].score) for n in carry),
                                     handled=handled))
        carry = res.left
    bye = swiss.left_over_bye(rnd.k, carry, start.bye)  # the explanation words it (§7, §10)
    return Pairing(round=rnd.k, boards=tuple(boards), bye=bye, brackets=tuple(layouts),
                   system=SYSTEM, notes=tuple(notes), bye_why=_bye_reason(rnd, start.players, bye))


def _bye_reason(rnd: _Round, players: Sequence[int], bye: int | None) -> ByeReason | None:
    """Why the bye went to ``bye`` (§7, §10): when players below him could not
    have it, who had had a bye (or a point without playing) before and whose
    bye would have left the round incomplete."""
    if bye is None:
        return None
    e = rnd.entrants
    score = e[bye].score
    below = sorted(n for n in players if e[n].score < score)
    return ByeReason(bye, score, not below, tuple(n for n in below if not e[n].bye_ok),
                     tuple(n for n in below if e[n].bye_ok))


def club_blocks(t: Tournament) -> PairingError | None:
    """When hard 同单位回避 leaves no pairing (§5): the error naming the club
    pairs that block it — the fewest pairs of club mates a pairing without the
    rule needs (a maximum matching preferring other pairs).  None when the
    rule is not what blocks (a rematch or the bye does)."""
    k = t.next_round
    avoid = t.rules.club_rounds
    if k < 2 or not (avoid is None or k in avoid) or t.rules.club_strength != CLUB_HARD:
        return None
    free = replace(t, rules=replace(t.rules, club_rounds=frozenset()))
    rnd, players, _ = build_round(free)
    groups = swiss.score_groups(rnd, players)
    try:
        found = swiss.completion_bye_group(rnd, groups, players)
    except PairingError:
        return None  # not the clubs: without them it fails too
    club = {p.number: p.club.strip() for p in t.players}
    edges = [(a, b, 1 if club[a] and club[a] == club[b] else 2)
             for i, a in enumerate(players) for b in players[i + 1:] if rnd.eligible(a, b)]
    nodes = list(players)
    if found is not None:
        nodes.append(BYE)
        edges += [(c, BYE, 2) for c in found[1]]
    mate = swiss.maximum_matching(nodes, edges)
    blocking = sorted({(min(a, b), max(a, b)) for a, b in mate.items()
                       if a != BYE and b != BYE and club[a] and club[a] == club[b]})
    named = ", ".join(f"{a}–{b} ({club[a]})" for a, b in blocking)
    return PairingError(problem("pairing.club_blocks", round=k, setting=AVOID_CLUB, pairs=named))


def _layout_note(rnd: _Round, br: _Bracket) -> str:
    def show(n: int) -> str:
        c = rnd.entrants[n]
        return f"{n}({c.score:g} {c.colours.label()})"
    return ("要先行: " + " ".join(show(n) for n in br.rows[Colour.RED]) +
            " | 要后行: " + " ".join(show(n) for n in br.rows[Colour.BLACK]))
