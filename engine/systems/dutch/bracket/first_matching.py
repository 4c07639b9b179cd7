"""Shortcut ``first_matching_s1_v_s2`` (:class:`~..options.DutchOptions`), the
bracket's side: a bracket's first matching (without MDPs the remainder's,
with one MDP after the MDP's own) made on S1 v S2 alone when that is shown
best (:meth:`.s1_v_s2.S1VS2Matching.compute_s1_v_s2`, the proof)."""

from __future__ import annotations

from ....matching import RUSTWORKX_WEIGHT_LIMIT
from .base import BracketBase
from ..ranks import _opponent_ranks
from ..weights import Weight


class FirstMatchingByS1VS2(BracketBase):
    """The first matching made on S1 v S2 alone."""

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
