"""Shortcut ``remainder_by_bound`` (:class:`~..options.DutchOptions`): a
bracket's remainder matching taken from its best S1 v S2 pairing when
counting bounds on each criterion prove it best
(:meth:`RemainderByBound._remainder_by_bound`, whose docstring is the proof)."""

from __future__ import annotations

from ....matching import max_weight_matching
from ....model import Float
from .base import BracketBase
from ..criteria import is_bye_candidate
from ..weights import _COLOUR_KEYS, _PC, _SC, _TOP, _UP, FieldKey, Fields, Layout, _bits


class RemainderByBound(BracketBase):
    """The remainder's matching by counting bounds."""

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
        vertices = self._remainder_alone(remainder, rem_pairs)
        if vertices is None:
            return None
        bounds = self._remainder_bounds(vertices, rem_pairs, rnd.scores[vertices[0]])
        if bounds is None:
            return None
        if below is None:
            layout = state.layout
            assert layout is not None
        else:
            layout = state.bracket_layout
            if layout is None:
                layout = state.bracket_layout = state.layout_of(below.bracket)
        sub = self._s1_v_s2_matching(vertices, rem_pairs, tie, product, layout)
        if sub is None:
            return None
        w = state.w
        sums: dict[FieldKey, int] = {}
        for ia in range(rem_pairs):
            x = w[vertices[ia]][vertices[sub[ia]]]
            assert x is not None
            for k, v in x.fields.values.items():
                sums[k] = sums.get(k, 0) + v
        if any(sums.get(k, 0) != bound for k, bound in bounds.items()) or \
                any(k not in bounds for k in sums):
            return None
        mate = state.mate_of(vertices, sub)
        return mate if below is None else state.with_sent_placed(mate, vertices, below)

    def _remainder_alone(self, remainder: list[int], rem_pairs: int) -> list[int] | None:
        """The remainder's vertices when they are all the bracket's players
        still to pair (in the last bracket: all players still to pair), of
        one score, at least 4, with at most one left over, and no edge at
        another player has a low part; else None (:meth:`_remainder_by_bound`)."""
        rnd = self.rnd
        state = rnd.state
        below = state.below
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
        return vertices

    def _s1_v_s2_matching(self, vertices: list[int], rem_pairs: int,
                          tie: dict[tuple[int, int], int] | None, product: int, layout: Layout
                          ) -> list[int] | None:
        """A best matching (by position in ``vertices``) of the pairs S1 v S2
        (S1: the first ``rem_pairs``) by the fields and the S1 ranks ``tie``,
        or None when it leaves an S1 player unpaired (:meth:`_remainder_by_bound`)."""
        w = self.rnd.state.w
        n = len(vertices)
        tbb = _bits(product) if tie else 0
        s1, s2 = vertices[:rem_pairs], vertices[rem_pairs:]
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
        return sub

    def _remainder_bounds(self, vertices: list[int], pairs: int, score: int
                          ) -> dict[FieldKey, int] | None:
        """The bounds of :meth:`_remainder_by_bound` on each field's sum over
        a matching of ``vertices`` (one score) with ``pairs`` pairs, or None
        when an edge among them is not of the form they rest on."""
        kind = self.rnd.kind
        first: dict[int, int] = {}  # kind -> a player of it
        count: dict[int, int] = {}
        for v in vertices:
            first.setdefault(kind[v], v)
            count[kind[v]] = count.get(kind[v], 0) + 1
        constant: dict[FieldKey, int] = {(_TOP,): 1, (_PC,): 1, (_SC, score): 1}
        parts, classes, exempt = self._kind_terms(first, score)
        keys: set[FieldKey] = set(constant)
        for terms in parts.values():
            keys.update(terms)
        classed = self._classed(first, constant, parts, classes, exempt, keys)
        if classed is None:
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
        for c, i in _CLASS_INDEX.items():
            bounds[(c,)] = -_least_inside(classes, exempt, count, i, n, left) if classed[c] else 0
        bounds[(_COLOUR_KEYS[1],)] = 0  # C11: no class (its pairs break C3 but in the last round)
        return bounds

    def _kind_terms(self, first: dict[int, int], score: int
                    ) -> tuple[dict[int, dict[FieldKey, int]], _Classes, dict[int, bool]]:
        """Per kind (``first``: kind -> a player of it, all of ``score``): its
        player's own terms (C2/C4, C9, C14/C16 and C18/C20), his class per
        C10, C12, C13, and whether he is exempt from C13's (absolute)
        (:meth:`_remainder_bounds`)."""
        rnd = self.rnd
        sp, ctx = rnd.sorted_players, rnd.ctx
        played = rnd.info.played_rounds
        parts: dict[int, dict[FieldKey, int]] = {}  # kind -> its player's terms
        classes: _Classes = {}  # kind -> class per C10, C12, C13
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
        return parts, classes, exempt

    def _classed(self, first: dict[int, int], constant: dict[FieldKey, int],
                 parts: dict[int, dict[FieldKey, int]], classes: _Classes,
                 exempt: dict[int, bool], keys: set[FieldKey]) -> dict[str, bool] | None:
        """Whether each colour criterion's class rule holds on every pair of
        kinds (:meth:`_remainder_bounds`), or None when an edge among them is
        not of the form the bounds rest on: a colour field not −1 or 0, or
        another field not the constant plus both players' terms.  ``keys``
        (the fields met) gets the fields the edges have."""
        classed = {c: True for c in _COLOUR_KEYS}  # the class rule holds on every pair
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
                    i = _CLASS_INDEX.get(c)
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
        return classed


_Classes = dict[int, tuple[object, object, object]]
"""Kind -> its player's class per C10, C12, C13 (None: in none)."""

_CLASS_INDEX = {_COLOUR_KEYS[0]: 0, _COLOUR_KEYS[2]: 1, _COLOUR_KEYS[3]: 2}
"""The colour criteria counted by class (C10, C12, C13) -> their index in a class tuple."""


def _least_inside(classes: _Classes, exempt: dict[int, bool], count: dict[int, int], i: int,
                  n: int, left: int) -> int:
    """The fewest violations of the colour criterion of class index ``i`` over
    the matchings of ``n`` players (``count`` per kind) leaving ``left``: per
    class C, ⌈(2|C| − n − left) / 2⌉ pairs inside C, less one per two players
    exempt in C (:meth:`RemainderByBound._remainder_bounds`)."""
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
    return least
