"""What the pairing of one round keeps from bracket to bracket (:class:`_Round`)."""

from __future__ import annotations

from .criteria import BracketContext, RoundInfo, compatibility, is_bye_candidate
from .options import DutchOptions
from .players import DutchPlayer
from .state import MatchingState
from .weights import _TOP, _UP, Fields, SharedKey, Weight, _bits


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
        self.group_size = group_size  # (the completion check's)
        # who may meet whom (C1, C3, forbidden pairs): compat[a][b] for b < a
        self.compat = compatibility(sp, info)

    def settle(self, bye_assignee_score: int, single_is_bye: bool) -> None:
        """The completion check's outcome (:func:`~.completion._completion_by_matching`):
        the bye assignee's score (C2/C4) and whether the first bracket's C9
        applies; then the graph."""
        sp, n = self.sorted_players, self.n
        self.bye_assignee_score = bye_assignee_score
        self.unplayed_game_ranks: dict[int, int] = {}
        if self.odd:
            counts = sorted((p.played_games for p in sp if p.score == self.bye_assignee_score),
                            reverse=True)
            for rank, g in enumerate(counts):
                self.unplayed_game_ranks[g] = rank
        self.ctx = BracketContext(self.info, self.bye_assignee_score, single_is_bye,
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
