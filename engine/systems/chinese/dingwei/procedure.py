"""The bracket procedure (§4, §5): the 先编者 in urgency order, each taking the
first of his options with which the bracket's best value (§5) can still be
reached; each pair with its §10 step and reason, each floater with why.

At each choice the witness matching says which option reaches the best value;
the options before it are tried together, then by halving, with
:func:`best.best_with` — so a choice costs no matching when the witness agrees
with the §4 order, and about log₂ of the options when it does not."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from ....results import FLOAT_ALONE, FLOAT_ODD, FloatReason, PairingError, PairReason, problem
from .best import _best_ahead, _full, best, best_with
from .bracket import _Bracket, _State
from .explain import _because, _kept_from_all, _Why
from .order import _apply, _consistent, _options
from .steps import STEP_SAME_ROW, step_of
from .witness import GREEDY_WITNESS, _Best, _first_options, _first_reaching, _pairing_bound, _settled


@dataclass(frozen=True)
class BracketResult:
    """What :func:`pair_bracket` returns: the pairs in the order made (a, b,
    step, reason), the players left over in that order, and why each floats."""

    pairs: list[tuple[int, int, str, PairReason]]
    left: list[int]
    floats: list[FloatReason]
    first: int | None
    handled: list[tuple[str, int]] = field(default_factory=list)  # ("pair", index) / ("float", player)


@dataclass
class _Made:
    """What the search of one bracket has decided so far, and what it still
    owes an explanation (:func:`pair_bracket`)."""

    target_vector: tuple[int, ...]  # the §5 fields of the best pairing
    top_pairs: list[tuple[int, int]]  # the pairs of a best pairing (the first found)
    pending: dict[int, tuple[tuple[int, int], _Why, int]] = field(default_factory=dict)  # gave up his first
    jilted: dict[int, tuple[int, _Why]] = field(default_factory=dict)  # the other card of a broken pair, why
    pairs: list[tuple[int, int, str, PairReason]] = field(default_factory=list)
    floats: list[FloatReason] = field(default_factory=list)
    handled: list[tuple[int, str, int]] = field(default_factory=list)  # (when, "pair"/"float", index/player)


def _top(br: _Bracket, st: _State) -> tuple[_Best, dict[int, int | None]]:
    """The best value the bracket can reach from ``st`` (a pairing that reaches
    it), and the witness the search starts from: the §4 order played out when
    it reaches that value.  :class:`PairingError` when none completes the round."""
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
        raise PairingError(problem("pairing.bracket_incomplete", round=br.rnd.k, score=f"{br.score:g}"))
    witness = top.partner
    if GREEDY_WITNESS and not br.combined:
        plain = _first_options(br, st)
        if plain.value == top.value:
            witness = plain.partner
    return top, witness


def _halving(br: _Bracket, st: _State, p: int, partners: list[int], j: int, target: int,
             failed: dict[int, _Best | None]) -> tuple[int, _Best] | None:
    """The first of ``partners[:j]`` with which ``p`` still reaches ``target``
    (its index and a matching that does; None: none of them): the first alone,
    then all together, then by halving.  ``failed``: what each prefix tried
    that falls short reached (for the reason of a 拆对)."""
    tried: dict[int, _Best | None] = {}
    found: dict[int, _Best] = {}

    def reach(upto: int) -> _Best | None:
        if upto not in tried:
            tried[upto] = best_with(br, st, p, partners[:upto])
        return tried[upto]

    def reachable(upto: int) -> bool:
        r = reach(upto)
        if r is not None and r.value == target:
            found[upto] = r
            return True
        failed[upto] = r
        return False

    # speed only: the first option is the one most often taken (GREEDY_WITNESS)
    taken = reach(1) if min(j, len(partners)) > 1 else None
    if taken is not None and taken.value == target:
        return 0, taken
    if not reachable(min(j, len(partners))):
        return None
    lo, hi = 1, min(j, len(partners))
    while lo < hi:
        mid = (lo + hi) // 2
        if reachable(mid):
            hi = mid
        else:
            lo = mid + 1
    if lo not in found:
        reachable(lo)
    return lo - 1, found[lo]


def _partners(options: Sequence[tuple[str, int | None]]) -> list[int]:
    """The cards among the 先编者's options (asked only when the first is not taken)."""
    return [q for kind, q in options if kind == "pair" and q is not None]


def _choose(br: _Bracket, st: _State, p: int, options: Sequence[tuple[str, int | None]],
            witness: dict[int, int | None], target: int
            ) -> tuple[int, dict[int, int | None], dict[int, _Best | None]]:
    """The first of the 先编者's options that keeps ``target`` reachable, the
    witness from there, and what the options that fall short reached."""
    j = next(i for i, (kind, q) in enumerate(options) if _consistent(br, witness, p, kind, q))
    i = j
    failed: dict[int, _Best | None] = {}  # options ahead that do not reach the best
    settled = False
    if j > 0:
        at, reached, settled = _first_reaching(br, st, p, options, j, target)
        if at is not None and reached is not None:
            i, witness = at, reached.partner
    if j > 0 and not settled:
        got = _halving(br, st, p, _partners(options), j, target, failed)
        if got is not None:
            i, witness = got[0], got[1].partner
    return i, witness, failed


def _float_reason(br: _Bracket, st_before: _State, st: _State, p: int, made: _Made, seq: int) -> None:
    """Record why ``p`` floats (§10), decided at step ``seq`` (or where he
    first gave up his first option)."""
    when = seq
    if p in made.pending:
        (_, q0), why_not, when = made.pending.pop(p)
        made.floats.append(FloatReason(p, why_not.because, q0, worse=why_not.worse,
                                       left_without=why_not.without, would_float=why_not.floating))
    elif p in made.jilted:
        other, why_not = made.jilted.pop(p)
        made.floats.append(FloatReason(p, why_not.because, other, worse=why_not.worse,
                                       left_without=why_not.without, would_float=why_not.floating))
    elif not st.unpaired and not st.floated[:-1]:
        made.floats.append(FloatReason(p, FLOAT_ALONE if len(br.cards) == 1 else FLOAT_ODD))
    elif st.unpaired:
        made.floats.append(_kept_from_all(br, st_before, st, p, made.target_vector, made.top_pairs))
    else:
        made.floats.append(FloatReason(p, FLOAT_ODD))
    made.handled.append((when, "float", p))


def _pair_reason(br: _Bracket, p: int, q: int, cands: list[int], cross: bool,
                 passed_before: tuple[int, ...], made: _Made, seq: int) -> None:
    """Record the pair p–q with its §10 step and reason, made at step ``seq``
    (or, for a 拆对, where the pair it broke would have been made)."""
    rnd = br.rnd
    fl = tuple(n for n in (p, q) if n in br.floaters)
    passed_by = tuple(c for c in cands[:cands.index(q)] if not rnd.eligible(p, c))
    kept = rnd.apart.get(p, frozenset())
    club = tuple(c for c in passed_by if c not in kept and rnd.hard_club and rnd.club_mates(p, c))
    met = tuple(c for c in passed_by if c not in kept and c not in club)
    apart = tuple(c for c in passed_by if c in kept)
    broke = made.pending.pop(p, None) or made.pending.pop(q, None)
    when = seq
    if broke is not None:
        (x, y), why_not, when = broke
        made.jilted[y] = (x, why_not)  # the card the broken pair would have paired
    step = step_of(broke is not None, bool(fl), cross, bool(passed_before), bool(cands) and q == cands[0])
    skipped: tuple[int, ...] = ()
    if step == STEP_SAME_ROW:  # nearer cards of his row passed over for the §4.4 category order
        own_left = set(cands)  # eligible cards nearer than q are later in the category order
        skipped = tuple(c for c in br.rows[br.row_of[p]][:br.pos[q]]
                        if c in own_left and rnd.eligible(p, c))
    pending = made.pending
    why = PairReason(step, p, met, tuple(n for n in passed_before if n not in pending) if cross else (),
                     broke[0] if broke else None, broke[1].because if broke else "", fl, apart,
                     club=club, worse=broke[1].worse if broke else (),
                     left_without=broke[1].without if broke else (), skipped=skipped,
                     would_float=broke[1].floating if broke else (),
                     waiting=tuple(n for n in passed_before if n in pending) if cross else ())
    made.handled.append((when, "pair", len(made.pairs)))
    made.pairs.append((p, q, step, why))


def pair_bracket(br: _Bracket) -> BracketResult:
    """§4 in order, each choice the first that keeps the §5 best value reachable.
    Returns the pairs (in the order made, with their §10 step and reason) and
    the players left over (in the order they were left over)."""
    rnd = br.rnd
    unpaired = sorted((c.number for c in br.cards), key=lambda n: rnd.entrants[n].key)
    st = _State(unpaired, frozenset(), (), (), 0, sum(br.lc[n] for n in unpaired))
    top, witness = _top(br, st)
    target = top.value
    top_pairs, top_left = _full(br, st, top)
    made = _Made(br.vector_of(top_pairs, top_left), top_pairs)
    first = unpaired[0] if unpaired else None
    seq = 0
    while st.unpaired:
        seq += 1
        st_before = st
        p, options, cands, cross = _options(br, st)
        passed_before = tuple(n for n in st.unpaired if n in st.passed and n != p) if st.passed else ()
        i, witness, failed = _choose(br, st, p, options, witness, target)
        kind, q = options[i]
        if i > 0:
            q0 = options[0][1]
            assert q0 is not None
            ahead = failed[i] if i in failed else _best_ahead(br, st, p, _partners(options)[:i])
            because = _because(br, st, p, q0, ahead, made.target_vector, top_pairs)
            # a second giving-up (passed over, then floating) keeps the line where the first was
            made.pending[p] = ((p, q0), because, made.pending[p][2] if p in made.pending else seq)
        st = _apply(br, st, p, kind, q)
        if kind == "float":
            _float_reason(br, st_before, st, p, made, seq)
        elif kind == "pair":
            assert q is not None
            _pair_reason(br, p, q, cands, cross, passed_before, made, seq)
    order = [(kind, n) for _, kind, n in sorted(made.handled, key=lambda h: h[0])]  # stable: ties as made
    return BracketResult(made.pairs, list(st.floated), made.floats, first, order)
