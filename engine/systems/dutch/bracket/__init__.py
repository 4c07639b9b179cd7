"""The bracket procedure (C.04.3 article 2, in the reference engine's phases):
:class:`_Bracket`, one bracket and the next score group while it is paired —
here its base weights, first matching and MDPs (2.1, 2.2) and what is left
for the next bracket; the remainder's phases (2.3) are :mod:`.remainder`'s.

The package: :mod:`.base` (what the phases read and write), :mod:`.remainder`
(2.3), and the shortcuts that are methods of the phases, each with its proof
and its :class:`~..options.DutchOptions` flag: :mod:`.bound`
(``remainder_by_bound``) and :mod:`.first_matching` (the bracket's side of
``first_matching_s1_v_s2``; the matching's side is :mod:`..shortcuts.s1_v_s2`)."""

from __future__ import annotations

from itertools import compress, repeat
from operator import itemgetter, not_

from ....matching import RUSTWORKX_WEIGHT_LIMIT
from ..criteria import BracketContext, edge_fields
from ..ranks import _opponent_ranks, _swap_for
from ..shortcuts.alone import Below
from ..shortcuts.stand_ins import Outside
from ..weights import _UNSET, Weight
from .first_matching import FirstMatchingByS1VS2
from .remainder import RemainderPhases


class _Bracket(RemainderPhases, FirstMatchingByS1VS2):
    """One bracket and the next score group while the bracket is paired
    (C.04.3 article 2), in the reference engine's terms: ``players_by_index``
    are their vertices in pairing order, the first ``score_group_begin`` of
    them the moved-down players (MDPs), the residents up to
    ``next_score_group_begin``, then the next score group; its phases, in
    order: base edge weights, the first matching, which MDPs are paired and
    with whom (2.2), the remainder's pairs and exchanges (2.3), S1's
    opponents (2.3.2), and what is left for the next bracket."""

    # -- the phases -----------------------------------------------------------
    def set_base_edge_weights(self) -> None:
        """The base weights of the pairs in this bracket and the next score
        group (players of one kind, and pairs of the same kinds, have the
        same fields), and the stand-ins for the players below (:class:`Outside`)."""
        state = self.rnd.state
        pbi = self.players_by_index
        # (kind of the lower player, in the bracket) -> kind of the higher -> Weight
        self.alike = {}  # (read by _remainder_by_bound)
        state.graph = None  # (a new layout follows: the kept graph is made again)
        at = [-1] * self.rnd.n
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
        run = self.total - 1
        while run > 0 and pbi[run - 1] == pbi[run] - 1:
            run -= 1
        self._set_base_rows(run)
        self._mirror_base_rows(run)
        state.new_layout()
        self._set_outside_and_below()

    def _set_base_rows(self, run: int) -> None:
        """:meth:`set_base_edge_weights`: each lower player's row, ``state.set(lv,
        sv, x)`` for every pair written out (the weights have no low part),
        from the run of consecutive vertices ``pbi[run:]`` on as a slice."""
        rnd = self.rnd
        sp, compat, kind, ctx = rnd.sorted_players, rnd.compat, rnd.kind, rnd.ctx
        pbi = self.players_by_index
        nsg_begin = self.next_score_group_begin
        base = self.base_edge_weights
        alike = self.alike
        plain: dict[int, Weight] = {}  # one Weight per Fields (never changed in place)
        w = rnd.state.w
        kinds = [kind[v] for v in pbi]
        v0 = pbi[run]
        for L in range(self.score_group_begin, self.total):
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

    def _mirror_base_rows(self, run: int) -> None:
        """The edges :meth:`_set_base_rows` wrote seen from the higher player:
        a column at a time (a slice from the run ``pbi[run:]`` on)."""
        pbi = self.players_by_index
        w = self.rnd.state.w
        sg_begin = self.score_group_begin
        total = self.total
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

    def _set_outside_and_below(self) -> None:
        """The shortcuts' view of the players below the bracket: the stand-ins
        for those below the next score group (:class:`Outside`), and the next
        score group and those below for matching the bracket alone
        (:class:`Below`), when their options allow and they apply."""
        rnd = self.rnd
        state, ctx = rnd.state, rnd.ctx
        pbi = self.players_by_index
        nsg_begin = self.next_score_group_begin
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
