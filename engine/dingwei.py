"""定位编排法 — the positional Swiss pairing method (dingwei.md).

:func:`pair` pairs the next round of a tournament:

* round 1 by a draw-based method (:mod:`round1`, dingwei.md §3);
* from round 2, bracket by bracket from the top score down (§4): the cards of a
  bracket are laid out in two rows, 要先行 (wants red) and 要后行 (wants black),
  each in urgency order (§2); the 先编者 chooses his opponent in the other row
  (同位, 错位), a player with none is passed over (通行), the rest pair in their
  own row (同行) or float down (下调);
* the bracket's pairing must be optimal by the criteria of §5 (completion of the
  whole round, most pairs, floats, colours); among the optimal pairings the one
  met first in the §4 order is chosen.  A pair that the plain §4 order would not
  have made is labelled 拆对.

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

Colours within a pair: :func:`colours.allocate_colours` (§6).  Settings (all
``t.option`` strings): :data:`swiss.PROVISIONAL_OPTION`, :data:`AVOID_CLUB_OPTION`,
:data:`swiss.HIGH_SCORE_FIRST_OPTION`, and :data:`round1.ROUND1_OPTION`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

import rustworkx as rx

from . import swiss
from .colours import ColourState, colour_state_of, three_in_a_row_or_three_up
from .floats import Float, float_records
from .model import Colour, Tournament, history
from .pairing import Board, BracketLayout, InputError, Pairing, PairingError, problem
from .swiss import (  # the shared settings stay importable from here
    BYE, HIGH_SCORE_FIRST_OPTION, PROVISIONAL_OPTION, TRUE_WORDS, Entrant, SwissRound,
    dirac_completable, may_take_bye, met_opponents, most_forbidden, option_on,
    games_counted_as_draws, provisional_note,
)

SYSTEM = "dingwei"

# ---------------------------------------------------------------------------
# Settings (dingwei.md: *setting*) — t.option keys
# ---------------------------------------------------------------------------

AVOID_CLUB_OPTION = "avoid_same_club"
"""§4 同单位回避: the rounds in which players of the same club/unit may not meet:
``all``, or a list such as ``1-3,5``.  Default: none (原则 7: 原则上不回避)."""

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
weak-want player in 同行配对 (takes the strongest of his row first)."""

DOUBLE_FLOAT_LIMIT = 2
"""§5 criterion 3 (``000`` 原则 9): floating a third time in one direction is avoided."""

FLOAT_COUNTED_WHERE_IT_BEGAN = True
"""Decision (§5 criterion 3 says a player left over "counts as floating down at
once, in that bracket", silent on one floated down already): a floater left
over again by the bracket he floated into floats on, and his downfloat is
counted only in the bracket where it began.  The reference implementation
reads it so (833/833 conformance rounds; counting it in every bracket he is
left over by gives 780/833)."""

STEP_ORDER_NOTE = (
    "Decision (§10): a pair with a player floated down from above is labelled 下调, "
    "even when §5 broke a pair to make it; 拆对 marks a pair §5 made instead of the "
    "first option the §4 order offered; 通行 a cross-row pair made after a player "
    "above was passed over.")
"""How the §10 step of a pair is chosen when more than one applies."""


def club_rounds(t: Tournament) -> frozenset[int] | None:
    """Rounds of :data:`AVOID_CLUB_OPTION` (None: every round)."""
    raw = t.option(AVOID_CLUB_OPTION, "").strip().lower()
    if raw in ("all", "全部", "每轮") or raw in TRUE_WORDS:
        return None
    if raw in ("", "0", "none", "off", "no", "false", "否"):
        return frozenset()
    out: set[int] = set()
    try:
        for part in raw.replace("，", ",").split(","):
            part = part.strip()
            if not part:
                continue
            if "-" in part:
                a, b = part.split("-", 1)
                out.update(range(int(a), int(b) + 1))
            else:
                out.add(int(part))
    except ValueError:
        raise InputError(problem("problem.club_rounds", setting=AVOID_CLUB_OPTION, value=raw)) from None
    return frozenset(out)


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
    key: tuple  # urgency, ascending = most urgent first

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


def aligned_streak(cs: ColourState) -> int:
    """§2 key 3: L if the streak colour is the opposite of the wanted colour."""
    want = cs.want
    if want is None or cs.last is None or cs.last is want:
        return 0
    return cs.streak


def urgency_key(number: int, score: float, cs: ColourState, round_no: int) -> tuple:
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
    ``forbidden`` = met before or, when 同单位回避 is on, club mates (§4)."""

    colour_cache: dict = field(default_factory=dict)

    @property
    def final(self) -> bool:
        """§5: in the final round criterion 4 is not used to choose pairs."""
        return self.k >= self.total

    def colour_costs(self, a: Card, b: Card) -> tuple[int, int, int, int]:
        """§5 criterion 4 (a)–(d) for the pair, colours allocated by §6."""
        if self.final:
            return (0, 0, 0, 0)
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
        for c, colour in ((a, Colour.RED if red == a.number else Colour.BLACK),
                          (b, Colour.RED if red == b.number else Colour.BLACK)):
            before = c.colours
            after = before.after(colour)
            out[0] += three_in_a_row_or_three_up(after)
            out[1] += before.want is not None and colour is not before.want
            out[2] += abs(after.d) == 2
            out[3] += before.last is colour
        res = (out[0], out[1], out[2], out[3])
        self.colour_cache[key] = res
        return res


def up_float_costs(low: Card) -> tuple[int, int]:
    """§5 criterion 3 for a player floating up: (same direction as round k−1,
    already two upfloats)."""
    return (int(low.last_float is Float.UP), int(low.ups >= DOUBLE_FLOAT_LIMIT))


def down_float_costs(c: Card) -> tuple[int, int]:
    """§5 criterion 3 for a player left over (floating down at once)."""
    return (int(c.last_float is Float.DOWN), int(c.downs >= DOUBLE_FLOAT_LIMIT))


def build_round(t: Tournament) -> tuple[_Round, list[int], list[str]]:
    k = t.next_round
    notes: list[str] = []
    provisional_games = games_counted_as_draws(t)
    if provisional_games:
        notes.append(provisional_note(provisional_games))
    provisional = bool(provisional_games)
    hist = history(t, k, provisional_draws=provisional)
    floats = float_records(t, k, provisional_draws=provisional)
    players = list(t.to_pair(k))
    in_play = set(players)
    avoid = club_rounds(t)
    avoid_now = avoid is None or k in avoid
    club = {p.number: p.club.strip() for p in t.players}
    mates: dict[str, set[int]] = {}
    for n in players:
        if club[n]:
            mates.setdefault(club[n], set()).add(n)
    cards: dict[int, Card] = {}
    forbidden: dict[int, frozenset[int]] = {}
    for n in players:
        h = hist[n]
        cs = colour_state_of(h)
        fr = floats[n]
        cards[n] = Card(n, h.score, cs, may_take_bye(h),
                        last_float=fr.by_round[k - 2] if k >= 2 and len(fr.by_round) >= k - 1 else None,
                        downs=fr.downs, ups=fr.ups, key=urgency_key(n, h.score, cs, k))
        f = met_opponents(h, in_play)
        if avoid_now and club[n]:
            f |= mates[club[n]] - {n}
        forbidden[n] = f
    rnd = _Round(k, t.total_rounds, option_on(t, HIGH_SCORE_FIRST_OPTION), cards, forbidden,
                 most_forbidden(forbidden), len(players) % 2 == 1)
    if avoid_now and any(club[n] for n in players):
        notes.append(f"同单位回避 (setting {AVOID_CLUB_OPTION}) in round {k}")
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
    pairs: tuple[tuple[int, int, str], ...]
    fixed: int
    rem_lc: int  # sum of the left-over costs of ``unpaired``


MAX_WEIGHT_BITS = 116
"""Internal: matching weights stay below 2**116 (rustworkx computes in i128)."""


@dataclass
class _Bracket:
    """A bracket being paired, and the matching graph of what it can still reach.

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
    digit: int
    tie_unit: int
    bonus: int  # more than any edge weight (best_with)
    lc: dict[int, int] = field(default_factory=dict)
    graph: rx.PyGraph = field(default_factory=rx.PyGraph)
    node: dict[int, int] = field(default_factory=dict)
    weight: list[int] = field(default_factory=list)
    tid: dict[int, int] = field(default_factory=dict)  # player -> cost type
    table: list[list[int]] = field(default_factory=list)  # pair value by cost types
    matchings: int = 0

    def encode(self, pairs: int, costs: Sequence[int]) -> int:
        """The criteria of §5 as one integer, larger = better: pairs, then
        minus each cost, each in its own digit."""
        v = pairs
        for c in costs:
            v = v * self.digit - c
        return v

    def pair_costs(self, a: Card, b: Card) -> tuple[int, ...]:
        fa = fb = 0
        if a.score != b.score:
            fa, fb = up_float_costs(a if a.score < b.score else b)
        return (fa, fb) + self.rnd.colour_costs(a, b)

    def value(self, a: int, b: int) -> int:
        """The §5 value of the pair a—b."""
        return self.table[self.tid[a]][self.tid[b]]

    def bracket_edges(self, p: int) -> list[tuple[int, int]]:
        """(weight index, other player) of ``p``'s edges to bracket players."""
        node, g = self.node[p], self.graph
        return [(e, g[v]) for _, v, e in self.graph.incident_edge_index_map(node).values()
                if g[v] in self.row_of]


def cost_type(c: Card) -> tuple:
    """What a player's §5 costs depend on (players of one type are alike)."""
    cs = c.colours
    return (c.score, cs.d, cs.streak, cs.last, c.last_float, c.ups >= DOUBLE_FLOAT_LIMIT)


def make_bracket(rnd: _Round, score: float, cards: list[Card], floaters: frozenset[int],
                 lower: list[int], bye_score: float | None) -> _Bracket:
    red, black = lay_out_rows(cards)
    row_of = {c.number: Colour.RED for c in red} | {c.number: Colour.BLACK for c in black}
    rows = {Colour.RED: [c.number for c in red], Colour.BLACK: [c.number for c in black]}
    pos = {n: i for r in rows.values() for i, n in enumerate(r)}
    n = len(cards)
    digit_bits = (2 * n + 2).bit_length()
    main_bits = 7 * digit_bits + 1
    tie_max = n * n
    tie_bits = ((n // 2 + 1) * tie_max + 1).bit_length()
    if main_bits + tie_bits > MAX_WEIGHT_BITS - 1:
        tie_bits = max(1, MAX_WEIGHT_BITS - 1 - main_bits)
        tie_max = ((1 << tie_bits) - 1) // (n // 2 + 1)
    members = [c.number for c in cards]
    bye_ok = frozenset(m for m in members + lower
                       if rnd.bye_needed and rnd.entrants[m].bye_ok and rnd.entrants[m].score == bye_score)
    big_lower = len(lower) > 0 and \
        dirac_completable(len(lower) - (1 if rnd.bye_needed else 0), rnd.delta) and \
        (not rnd.bye_needed or any(m in bye_ok for m in lower))
    br = _Bracket(rnd, score, cards, row_of, rows, pos, floaters, lower, bye_ok,
                  not big_lower, 1 << digit_bits, 1 << tie_bits, 1 << (main_bits + tie_bits))
    for c in cards:
        # a floater left over again floats on: his downfloat counted where it began (§5.3)
        counted = lower and (c.number not in floaters or not FLOAT_COUNTED_WHERE_IT_BEGAN)
        br.lc[c.number] = -br.encode(0, down_float_costs(c) + (0,) * 4) if counted else 0
    g = br.graph
    nodes = members + (lower + ([BYE] if rnd.bye_needed else []) if br.combined else [])
    br.node = {m: i for m, i in zip(nodes, g.add_nodes_from(nodes))}
    idx, tu, lc = br.node, br.tie_unit, br.lc
    weight = br.weight
    edges: list[tuple[int, int, int]] = []
    # §5 values by cost type: players of one type are alike (and §6.5 only
    # decides between players of one type, where the costs are symmetric)
    by_type: dict[tuple, list[Card]] = {}
    for c in cards:
        by_type.setdefault(cost_type(c), []).append(c)
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
            a, b = xs[0], (ys[1] if i == j else ys[0])  # two real players: §6.5 needs them
            table[i][j] = table[j][i] = br.encode(1, br.pair_costs(a, b))
    scaled = [[v * tu for v in row] for row in table]
    lc_tu = {m: lc[m] * tu for m in members}
    side = {m: row_of[m] is Colour.RED for m in members}
    for i, a in enumerate(members):
        fa = rnd.forbidden[a]
        va, la, pa, sa = scaled[tid[a]], lc_tu[a], pos[a], side[a]
        cand = [b for b in members[i + 1:] if b not in fa]
        first = len(weight)
        weight.extend([
            va[tid[b]] + la + lc_tu[b] + (max(0, tie_max - (pa - pos[b]) ** 2) if side[b] is not sa else 0)
            for b in cand])
        ia = idx[a]
        edges.extend([(ia, idx[b], first + k) for k, b in enumerate(cand)])
    if br.combined:
        zero = len(weight)
        weight.append(0)
        for i, a in enumerate(lower):
            for b in members + lower[:i]:
                if b not in rnd.forbidden[a]:
                    edges.append((idx[a], idx[b], zero))
        if rnd.bye_needed:
            edges += [(idx[m], idx[BYE], zero) for m in bye_ok]
    g.add_edges_from(edges)
    return br


@dataclass(frozen=True)
class _Best:
    value: int
    partner: dict[int, int | None]  # bracket player -> in-bracket partner (None: left over)


def best(br: _Bracket, st: _State) -> _Best | None:
    """The best main value the bracket can still reach from ``st`` (None: the
    round can no longer be completed), with a matching that reaches it."""
    br.matchings += 1
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
        if w > 0:
            a, b = g[i], g[j]
            partner[a], partner[b] = b, a
            total += w // tu
    return _Best(total, partner)


def _apply(br: _Bracket, st: _State, p: int, kind: str, q: int | None) -> _State:
    """Take one §4 decision (the weights of ruled-out bracket edges become 0)."""
    weight, row_of = br.weight, br.row_of
    if kind == "pass":  # no more cross-row pairs for p
        for e, other in br.bracket_edges(p):
            if row_of[other] is not row_of[p]:
                weight[e] = 0
        return _State(st.unpaired, st.passed | {p}, st.floated, st.pairs, st.fixed, st.rem_lc)
    unpaired = [n for n in st.unpaired if n != p and n != q]
    passed = st.passed - {p, q}
    if kind == "float":  # p is left over: he may still pair below
        for e, _ in br.bracket_edges(p):
            weight[e] = 0
        return _State(unpaired, passed, st.floated + (p,), st.pairs, st.fixed - br.lc[p],
                      st.rem_lc - br.lc[p])
    assert q is not None
    return _State(unpaired, passed, st.floated, st.pairs + ((p, q, ""),),
                  st.fixed + br.value(p, q), st.rem_lc - br.lc[p] - br.lc[q])


def _consistent(br: _Bracket, witness: dict[int, int | None], p: int, kind: str, q: int | None) -> bool:
    """Whether the witness matching takes the same decision (then it is optimal)."""
    w = witness.get(p)
    if kind == "pair":
        return w == q
    if kind == "pass":
        return w is None or br.row_of[w] is br.row_of[p]
    return w is None


def _options(br: _Bracket, st: _State) -> tuple[int, list[tuple[str, int | None]], int | None, bool]:
    """The 先编者 and his options in §4 order: cross-row (同位, 错位) then
    passing over (通行); once all are passed, same-row (同行) then floating (下调)."""
    rnd = br.rnd
    free = [n for n in st.unpaired if n not in st.passed]
    if free:
        p = free[0]
        other = Colour.BLACK if br.row_of[p] is Colour.RED else Colour.RED
        free_set = set(free)
        cands = [q for q in br.rows[other] if q in free_set]
        opts: list[tuple[str, int | None]] = [("pair", q) for q in cands if rnd.eligible(p, q)]
        opts.append(("pass", None))
        return p, opts, (cands[0] if cands else None), True
    p = st.unpaired[0]
    left = set(st.unpaired)
    own = [q for q in br.rows[br.row_of[p]] if q != p and q in left]
    if rnd.entrants[p].strong:
        own.reverse()  # strong want takes the weakest first (bottom-up)
    opts = [("pair", q) for q in own if rnd.eligible(p, q)]
    opts.append(("float", None))
    return p, opts, None, False


def best_with(br: _Bracket, st: _State, p: int, among: Sequence[int]) -> _Best | None:
    """The best value reachable with ``p`` paired to one of ``among`` now (None:
    none reachable): the matching with a bonus on ``p``'s edges to ``among``,
    large enough that he is matched to one of them if he can be, and his
    other edges at 0."""
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


def pair_bracket(br: _Bracket) -> tuple[list[tuple[int, int, str]], list[int]]:
    """§4 in order, each choice the first that keeps the §5 best value reachable.
    Returns the pairs (in the order made, with their §10 step) and the players
    left over (in the order they were left over).

    At each choice the witness matching says which option reaches the best value;
    the options before it are tried together, then by halving, with
    :func:`best_with` — so a choice costs no matching when the witness agrees
    with the §4 order, and about log₂ of the options when it does not."""
    rnd = br.rnd
    unpaired = sorted((c.number for c in br.cards), key=lambda n: rnd.entrants[n].key)
    st = _State(unpaired, frozenset(), (), (), 0, sum(br.lc[n] for n in unpaired))
    top = best(br, st)
    if top is None:
        raise PairingError(f"bracket {br.score:g}: the round cannot be completed")
    target, witness = top.value, top.partner
    while st.unpaired:
        p, options, head, cross = _options(br, st)
        passed_before = bool(st.passed)
        partners = [q for kind, q in options if kind == "pair"]
        j = next(i for i, (kind, q) in enumerate(options) if _consistent(br, witness, p, kind, q))
        i = j
        if j > 0:
            found: dict[int, _Best] = {}

            def reachable(upto: int) -> bool:
                r = best_with(br, st, p, partners[:upto])
                if r is not None and r.value == target:
                    found[upto] = r
                    return True
                return False

            if reachable(min(j, len(partners))):
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
        st = _apply(br, st, p, kind, q)
        if kind == "pair":
            a, b, _ = st.pairs[-1]
            if a in br.floaters or b in br.floaters:
                step = STEP_DOWNFLOAT
            elif i > 0:
                step = STEP_BROKEN
            elif cross and passed_before:
                step = STEP_PASSED
            elif cross:
                step = STEP_SAME_POSITION if q == head else STEP_SHIFTED
            else:
                step = STEP_SAME_ROW
            st.pairs = st.pairs[:-1] + ((a, b, step),)
    return list(st.pairs), list(st.floated)


# ---------------------------------------------------------------------------
# The round, bracket by bracket
# ---------------------------------------------------------------------------


def pair(t: Tournament) -> Pairing:
    """Pair ``t.next_round`` by 定位编排法 (dingwei.md)."""
    start = swiss.start_round(t, SYSTEM, build_round)
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
        layouts.append(BracketLayout(score, tuple(br.rows[Colour.RED]), tuple(br.rows[Colour.BLACK]),
                                     tuple(carry), note=_layout_note(rnd, br)))
        pairs, left = pair_bracket(br)
        for a, b, step in pairs:
            boards.append(rnd.board(len(boards) + 1, a, b, step))
        carry = left
    bye = swiss.left_over_bye(rnd.k, carry, start.bye)
    if bye is not None:
        notes.append(f"轮空 bye: {bye} (§7: score group {bye_score:g}, the lowest with a player "
                     "who may take the bye)")
    return Pairing(round=rnd.k, boards=tuple(boards), bye=bye, brackets=tuple(layouts),
                   system=SYSTEM, notes=tuple(notes))


def _layout_note(rnd: _Round, br: _Bracket) -> str:
    def show(n: int) -> str:
        c = rnd.entrants[n]
        return f"{n}({c.score:g} {c.colours.label()})"
    return ("要先行: " + " ".join(show(n) for n in br.rows[Colour.RED]) +
            " | 要后行: " + " ".join(show(n) for n in br.rows[Colour.BLACK]))
