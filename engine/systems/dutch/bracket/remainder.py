"""The remainder's phases of the bracket procedure (C.04.3 2.3): its matching
with the fewest exchanges, the exchanges themselves (2.3.3), S1 and S2 as
they leave them, and S1's opponents (2.3.2)."""

from __future__ import annotations

from itertools import compress, repeat
from operator import not_

from ....matching import RUSTWORKX_WEIGHT_LIMIT
from ..ranks import _opponent_ranks, _ranked_prefix, _swap_for
from .bound import RemainderByBound
from ..weights import Weight, _PlainWeights


class RemainderPhases(RemainderByBound):
    """A bracket's remainder paired (2.3), the phases after its MDPs'."""

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
