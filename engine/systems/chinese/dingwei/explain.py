"""Why (§10): why a 先编者 gave up the plain option (the criterion of §5 that
decided, and what it compared), why a player floats while cards are still
unpaired, who would be left without an opponent, and the layout's note."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ....matching import rx  # rustworkx, or the pure-Python fallback without it

from ....model import Colour
from ....results import BECAUSE_BYE, BECAUSE_INCOMPLETE, BECAUSE_PAIRS, FLOAT_MET_ALL, FloatReason
from ..core import BYE
from .best import _best_with_pair_values, _full
from .bracket import _Bracket, _State
from .bye import _bye_blocks
from .criteria import F_CA, F_CB, F_CC, F_CD, F_NEAR, F_PAIRS, FIELD_BECAUSE
from .order import _apply
from .pair_colours import colour_worse
from .round import _Round
from .witness import _Best

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
    """:func:`pair_colours.colour_worse` for the pair a–b of the bracket, colours by §6."""
    if field_no not in (F_CA, F_CB, F_CC, F_CD):
        return ()
    e = br.rnd.entrants
    red, _, _ = br.rnd.colours_of(e[a], e[b])
    return colour_worse(e[a], e[b], red, field_no)


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


def _layout_note(rnd: _Round, br: _Bracket) -> str:
    def show(n: int) -> str:
        c = rnd.entrants[n]
        return f"{n}({c.score:g} {c.colours.label()})"
    return ("要先行: " + " ".join(show(n) for n in br.rows[Colour.RED]) +
            " | 要后行: " + " ".join(show(n) for n in br.rows[Colour.BLACK]))
