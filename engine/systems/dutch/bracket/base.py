"""A bracket while it is paired: what its phases (:mod:`.bracket`) and the
shortcuts among them (:mod:`.shortcuts`) read and write."""

from __future__ import annotations

from itertools import repeat

from ....results import PairingError, problem
from ..round_state import _Round, _score_group_end
from ..weights import Fields, Weight, _ExchangeWeights, _PlainWeights


class BracketBase:
    """What every phase of a bracket (:class:`~bianpai.engine.systems.dutch.bracket._Bracket`)
    shares: the round, the players by index and where the moved-down players, the residents
    and the next score group begin, and the matching state the phases change."""

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
