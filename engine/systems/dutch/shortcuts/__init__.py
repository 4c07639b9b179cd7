"""The Dutch engine's speed shortcuts, one module each (a few hold two
closely bound parts), each with the proof that it pairs as the way without
it, each a :class:`~..options.DutchOptions` flag that turns it off, each
tested equal to the slow path (``tests/test_dutch_shortcuts.py``,
``test_dutch_remainder.py``, ``test_dutch_s1_v_s2.py``).

* :mod:`.first_round` — ``first_round_direct``
* :mod:`.dirac` — ``completion_by_dirac``
* :mod:`.stand_ins` — ``reduce_outside`` (and ``stand_in_factor``)
* :mod:`.apart` — ``pair_s1_apart``
* :mod:`.alone` — ``match_bracket_alone``
* :mod:`..bracket.bound` — ``remainder_by_bound``
* :mod:`.s1_v_s2` and :mod:`..bracket.first_matching` — ``first_matching_s1_v_s2``
* :mod:`.collector` — ``pause_collector``

(``s1_rank_cap`` is a setting of the S1 phase, :func:`..ranks._opponent_ranks`.)

The two shortcuts that are methods of a bracket's phases (``bound``, and the
bracket's side of ``first_matching_s1_v_s2``) live in :mod:`..bracket`, beside
the base they extend: this package sits below the matching state
(:class:`~..state.MatchingState` is made of its matchings), the bracket above
it, and a package cannot be both (the import contract in pyproject.toml keeps
the Dutch package's parts acyclic).
"""
