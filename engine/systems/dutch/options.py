"""The speed shortcuts of the Dutch engine as settings (:class:`DutchOptions`):
each is a module of :mod:`.shortcuts` with its proof, can be turned off, and is
tested equal to the way without it (``tests/test_dutch_shortcuts.py``)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class DutchOptions:
    """The speed shortcuts of the Dutch engine.  None changes a pairing: each
    can be turned off and is tested equal to the way without it
    (``tests/test_dutch_shortcuts.py``)."""

    #: Pair a round nobody has played before as its matchings would, S1 v S2
    #: in order (:func:`_first_round`).
    first_round_direct: bool = True
    #: Make the round's completion check without a matching when Dirac's
    #: condition decides it (:func:`_completion_by_dirac`).
    completion_by_dirac: bool = True
    #: Stand a few players in for those below the bracket and its next score
    #: group (:class:`Outside`).
    reduce_outside: bool = True
    #: ... when those are at least this many times as many as the stand-ins.
    stand_in_factor: int = 2
    #: When the whole remainder of a bracket is in S1 v S2 pairs, find the S1
    #: players' opponents on it alone (:meth:`MatchingState.set_apart`).
    pair_s1_apart: bool = True
    #: While a bracket's players still to pair are its residents and at most
    #: one MDP, match them alone when the next score group and those below
    #: can take whichever of them float down as well as any could be taken
    #: (:class:`Below`).
    match_bracket_alone: bool = True
    #: Take a bracket's remainder matching (2.3) from its best S1 v S2
    #: pairing when counting bounds show no general matching does better
    #: (:meth:`.bracket.bound.RemainderByBound._remainder_by_bound`).
    remainder_by_bound: bool = True
    #: Pause Python's cyclic garbage collector while the round is paired
    #: (:func:`_collector_paused`; no effect on what is paired).
    pause_collector: bool = True
    #: When the S1 players' opponents are settled several at a time, the k-th
    #: player of a chunk ranks only his first ``k + s1_rank_cap`` possible
    #: opponents, fewer bits each, so more players per matching; a chunk whose
    #: first player got none of them is made again with all.
    s1_rank_cap: int = 10
    #: A bracket's first matching with one MDP made as the MDP's matching and
    #: then, and the remainder's matching of a bracket without MDPs, made on
    #: S1 v S2 alone when that is shown best (:meth:`MatchingState.compute_s1_v_s2`).
    first_matching_s1_v_s2: bool = True


DEFAULT_OPTIONS = DutchOptions()
