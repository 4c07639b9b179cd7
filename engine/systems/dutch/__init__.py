"""
The pairing is computed bracket by bracket (C.04.3 article 2) as a sequence of
maximum-weight matchings over all players to be paired.  An edge weight is a
big integer whose bit fields, from the most significant down, encode:

* the absolute criteria and the completion of the round (C1–C4, and the
  pairing-allocated bye only to an eligible player, C2 / C.04.1);
* C5 maximise the number of pairs in the bracket and C6 the scores paired
  (2025: counted by the score of the higher player of each pair);
* C7/C8 the same for the next bracket (look-ahead);
* C9 minimise the unplayed games of the bye assignee (2025);
* C10–C13 colour criteria, C14–C21 float criteria (1.4 floats; 2025: a
  player who scored more than a loss without playing floats down);
* low bits reserved for the order of the pairing within the bracket
  (MDPs first, then S1 v S2 with the fewest and smallest exchanges, 2.3–2.4).

Each field is made just wide enough for its sum over a matching, so the
integer comparison is the lexicographic one and, for events of a few hundred
players, fits the 128-bit matching of ``rustworkx`` (:mod:`.matching`).
For speed the rustworkx graph is kept from one matching to the next (only
the edges set since are changed), and a choice that the current best matching
already makes, directly or after a swap of partners that keeps its weight, is
taken without a new matching; the results are those of one matching per step.
The other shortcuts, each a setting that can be turned off and tested equal
to the way without it (``tests/test_dutch_shortcuts.py``): round 1 is paired
directly (:func:`_first_round`); the completion check of the round
(:func:`_completion_by_dirac`) and the stand-ins for the players below a
bracket and its next score group (:class:`Outside`, whose edges carry no
criterion of the bracket) rest on Dirac's theorem (a graph in which everyone
may meet at least half the others has a Hamiltonian cycle, so it can be
paired with any one player left out); once a bracket's players still to
pair are all residents, the bracket is matched alone and the players it
leaves are placed in the next score group (:class:`Below`, by Dirac's
condition too; also when the bye is in that score group, the last one);
a bracket's remainder matching is taken from its best S1 v S2 pairing when
counting bounds on each criterion prove it best
(:meth:`_Bracket._remainder_by_bound`, ``tests/test_dutch_remainder.py``);
when a bracket's remainder is all in S1 v S2 pairs its S1 phase is matched
on it alone (:meth:`MatchingState.set_apart`); and a bracket's first
matching (without MDPs the remainder's, with one MDP after the MDP's own) is
made on S1 v S2 alone when it reaches the best fields of all
(:meth:`MatchingState.compute_s1_v_s2`: no exchange is then needed).

This is the construction used by bbpPairings (a FIDE-endorsed engine, whose
output is the reference of ``conformance/dutch``); the code here is our own
and follows its order of decisions so that the result is identical.

The package: :mod:`.players` (the pairing cards), :mod:`.criteria` (C1–C21 as
the weight of a pair), :mod:`.weights` (the bit fields), :mod:`.colours` (article 5),
:mod:`.completion` (the completion check), :mod:`.graph` and :mod:`.state` (the
matchings), :mod:`.round_state`, :mod:`.bracket` (the bracket procedure, article 2:
its base, its phases, the remainder's, and the two shortcuts that work on a bracket's
phases, ``remainder_by_bound`` and the bracket's side of ``first_matching_s1_v_s2``),
:mod:`.ranks` (2.3.2), and
:mod:`.shortcuts` (one module per speed shortcut, each with its proof; each a
:class:`DutchOptions` flag).  This module: :func:`pair` and the round's loop over
the brackets (:func:`_match`).
"""

from __future__ import annotations

from dataclasses import replace

from ...constraints.apart import apart_blocks, plain_round
from ...history.provisional import games_counted_as_draws, provisional_note
from ...model import Colour, Tournament
from ...results import Board, InputError, Pairing, PairingError, Problem, problem
from ...records import team_records
from .bracket import _Bracket as _Bracket
from .colours import DEFAULT_FIRST_COLOUR, _initial_colour, choose_colour, colour_and_rule
from .completion import _completion_by_matching as _completion_by_matching
from .criteria import RoundInfo, compatible
from .options import DEFAULT_OPTIONS, DutchOptions
from .players import DutchPlayer, dutch_players, tenths
from .round_state import _Round, _score_group_end
from .shortcuts.alone import Below as Below
from .shortcuts.collector import _collector_paused
from .shortcuts.dirac import _completion_by_dirac as _completion_by_dirac
from .shortcuts.first_round import _first_round
from .shortcuts.stand_ins import Outside as Outside
from .state import MatchingState as MatchingState
from .weights import Fields as Fields, Layout as Layout, Weight as Weight

SYSTEM_NAME = "dutch"


def pair(t: Tournament, options: DutchOptions = DEFAULT_OPTIONS) -> Pairing:
    """Pair ``t.next_round`` by the FIDE Dutch system (C.04.3); ``options``:
    the speed shortcuts (no effect on the result)."""
    teams = team_records(t)
    if teams:
        raise InputError(problem("problem.dutch_team_event", records=", ".join(teams)))
    notes: list[Problem] = []
    counted = games_counted_as_draws(t)  # the provisional setting every system shares (dingwei.md §8)
    if counted:
        notes.append(provisional_note(counted))
    provisional = bool(counted)
    cards, numbers = dutch_players(t, provisional)
    sp = sorted((cards[n] for n in numbers), key=lambda p: (-p.score, p.rank))
    info = RoundInfo(
        played_rounds=len(t.rounds), total_rounds=t.total_rounds,
        win=tenths(t.points.win), draw=tenths(t.points.draw), loss=tenths(t.points.loss),
    )
    try:
        with _collector_paused(options.pause_collector):
            mate = _match(sp, info, options)
    except PairingError as e:  # the pairs kept apart (XXP) named when they are what blocks
        raise apart_blocks(t, lambda x: plain_round(x, forfeits_meet=False)) or \
            PairingError(replace(e.problem, round=t.next_round)) from None
    initial = _initial_colour(t)
    boards: list[tuple[DutchPlayer, DutchPlayer, str]] = []
    bye: int | None = None
    for i, p in enumerate(sp):
        m = mate[i]
        if m == i:
            bye = p.number
        elif p.number < sp[m].number:  # colour chosen for the lower pairing number
            q = sp[m]
            colour, rule = colour_and_rule(p, q, initial)
            boards.append((p, q, rule) if colour == Colour.RED else (q, p, rule))
    boards.sort(key=_board_order)
    if bye is not None:
        notes.append(problem("xp.note.bye", bye=bye))
    return Pairing(
        round=t.next_round,
        boards=tuple(Board(i + 1, w.number, b.number, step=_step(w, b), colour_rule=rule)
                     for i, (w, b, rule) in enumerate(boards)),
        bye=bye,
        system=SYSTEM_NAME,
        notes=tuple(notes),
    )


def _step(w: DutchPlayer, b: DutchPlayer) -> str:
    """How the pair was made: in its score group, or across groups (a float)."""
    if w.score == b.score:
        return f"{w.score / 10:g}"
    hi, lo = (w, b) if w.score > b.score else (b, w)
    return f"{hi.score / 10:g} ↓ {lo.score / 10:g} (float)"


def _board_order(board: tuple[DutchPlayer, DutchPlayer, str]) -> tuple[int, int, int]:
    """Boards by the higher player's score, the lower's score, then the
    higher player's rank (C.04.2 board order, as the reference engine); the
    real scores, without the virtual points of an accelerated pairing."""
    w, b, _ = board
    hi, lo = (b, w) if (w.real_score, b.rank) < (b.real_score, w.rank) else (w, b)
    return (-hi.real_score, -lo.real_score, hi.rank)


def _completion(rnd: _Round) -> tuple[int, bool]:
    """The round's completion check (C2, C4; the first bracket's C9): by Dirac's
    condition when it decides (the shortcut ``completion_by_dirac``), else by a
    matching.  (Both looked up here, in the package: the tests watch them.)"""
    sp = rnd.sorted_players
    top_score = sp[0].score
    settled = (_completion_by_dirac(sp, rnd.compat, top_score, rnd.odd)
               if rnd.options.completion_by_dirac else None)
    if settled is None:
        settled = _completion_by_matching(sp, rnd.compat, rnd.group_size,
                                          rnd.score_group_size_bits, top_score, rnd.odd)
    return settled


def _match(sp: list[DutchPlayer], info: RoundInfo, options: DutchOptions = DEFAULT_OPTIONS
           ) -> list[int]:
    """The partner of each player in ``sp`` (index; itself for the bye): the
    brackets paired one after the other (C.04.3 article 2), each in the
    phases of :class:`_Bracket`, as the reference engine pairs them."""
    n = len(sp)
    if n <= 1:
        return list(range(n))
    if options.first_round_direct and all(not p.entries and not p.forbidden
                                          and p.score == sp[0].score for p in sp):
        return _first_round(n)
    rnd = _Round(sp, info, options)
    rnd.settle(*_completion(rnd))
    players_by_index = list(range(_score_group_end(sp, 0)))
    score_group_begin = 0
    score_group_begin_vertex = 0
    score_group_end = len(players_by_index)
    while len(players_by_index) > 1 or score_group_end < n:
        bracket = _Bracket(rnd, players_by_index, score_group_begin, score_group_begin_vertex,
                           score_group_end)
        bracket.set_base_edge_weights()
        bracket.first_matching()
        bracket.choose_paired_moved_down_players()
        bracket.pair_moved_down_players()
        bracket.match_remainder()
        bracket.exchange()
        bracket.fix_s1_and_s2()
        bracket.pair_s1()
        players_by_index, score_group_begin = bracket.next_bracket()
        score_group_begin_vertex = bracket.next_score_group_begin_vertex
        score_group_end = bracket.next_score_group_end
    return rnd.result


__all__ = [
    "DEFAULT_FIRST_COLOUR", "DEFAULT_OPTIONS", "DutchOptions", "SYSTEM_NAME", "choose_colour",
    "colour_and_rule",
    "compatible", "pair",
]
