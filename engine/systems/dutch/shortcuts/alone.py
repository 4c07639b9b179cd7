"""Shortcut ``match_bracket_alone`` (:class:`~..options.DutchOptions`): while a
bracket's players still to pair are its residents and at most one MDP, the
bracket matched alone and the players it leaves placed in the next score
group (:class:`Below`, whose docstring is the proof: Dirac's condition)."""

from __future__ import annotations

from operator import itemgetter

from ....matching import RUSTWORKX_WEIGHT_LIMIT, max_weight_matching
from ..graph import Graph
from ..weights import Layout, Weight


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

    def __init__(self, state: Graph, bracket: list[int], group: list[int],
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


class AloneMatching(Graph):
    """:meth:`compute` on the bracket alone (:class:`Below`)."""

    below: Below | None

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
