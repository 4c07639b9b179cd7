"""FIDE Swiss Team Pairing System, C.04.6 (effective 1 February 2026): ``fide-team``.

Pairs the team-level tournament (:mod:`~bianpai.engine.teams.projection`: teams as players,
matches as games, a team's colour = its board-1 colour, Art. 1.6.1).  The
Basic Rules' articles 6 and 7 (colour limits) never apply (Preface): colours
never stop two teams from meeting.  The text, by article:

* 1.1 TPN: the team's number.  1.2 scores: a primary score (match points by
  default; game points when ``t.rules.primary_scores`` gives them) and a
  secondary score used for colour allocation (4.2.2).  1.5 a floater plays an
  opponent with a different score.  1.6 colour difference CD = whites − blacks
  over matches played.  1.7 colour preferences: Type A (default), Type B
  (strong/mild) or none (:func:`colour_preference`).
* 2.1 absolute: [C1] no two teams meet twice (a match not played does not
  count, C.04.2 Art. 3.5; the pairs kept apart count as met,
  :func:`keep_apart`); [C2] no pairing-allocated bye for a team that had
  one, a forfeit win or a full-point bye.  2.2 [C3] a legal pairing always
  exists for the teams not yet paired.  2.3 quality, in priority: [C4] fewest
  upfloaters; [C5] upfloaters' scores as high as possible (ascending order);
  [C6] unless the following scoregroup was emptied by upfloating, upfloaters
  that let it be paired with C1, C3, C4 kept; [C7] fewest upfloaters who
  floated last round; [C8] fewest unfulfilled colour preferences; [C9] (Type B)
  fewest unfulfilled strong preferences; [C10] fewest upfloaters' opponents who
  floated last round ([C7], [C10] not in the last two rounds).
* 3.3 the round: the bye (3.4: legal rest, lowest score, most matches played,
  largest TPN), then bracket by bracket the top-scoregroup with the set of
  upfloaters of 3.5 (sets complying with C4/C5; upfloaters ordered by score
  descending then TPN; sets in lexicographic order of those TPNs; the first
  complying with C6/C7), paired by 3.6 (pairs' top member = smaller TPN; the
  identifier = top members ascending, then their bottom members; the first
  pairing in identifier order complying with C1, C8, C9, C10).
* 4 colours per pair (:func:`allocate`), 4.1 the initial colour (``t.first_colour``,
  red when not drawn), 4.2 the first-team, 4.3.1–4.3.9.

Minimisations named as "complies with" (3.5.5, 3.6.4) are read as the minimum
attainable, the first in order among the pairings or sets that attain it.
How it was checked (no reference engine exists): docs/team.md.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, replace
from typing import Iterable, Mapping, Sequence

from ..constraints.apart import apart_blocks, kept_apart, plain_round
from ..matching import max_weight_matching
from ..model import Colour, PlayerHistory, Tournament, history
from ..results import Board, BracketLayout, Pairing, PairingError, Problem, problem
from ..rules import COLOUR_TYPES, Scores  # noqa: F401  (COLOUR_TYPES: importable from here)

# Rules (typed, ``t.rules``, engine/rules.py): ``colour_preferences``
# (Art. 1.7: A, B or none), ``primary_scores`` and ``secondary_scores``
# (Art. 1.2 / 4.2.2, written by :func:`~bianpai.engine.teams.projection.score_rules`).

# ---------------------------------------------------------------------------
# Art. 1.6-1.7: colour difference and colour preferences
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Preference:
    """A team's colour preference (Art. 1.7): the colour (None: none) and
    whether it is strong (Type B; under Type A every preference is plain)."""

    colour: Colour | None
    strong: bool = False


NO_PREFERENCE = Preference(None)


def colour_difference(colours: Sequence[Colour]) -> int:
    """Art. 1.6.2: matches had with white (red) minus matches had with black."""
    return sum(1 if c is Colour.RED else -1 for c in colours)


def colour_preference(colours: Sequence[Colour], kind: str, last_round: bool) -> Preference:
    """Art. 1.7.1 (Type A) and 1.7.2 (Type B) of a team whose played matches
    had ``colours``; ``kind`` ``"none"``: no preferences at all."""
    if kind == "none" or not colours:
        return NO_PREFERENCE
    cd = colour_difference(colours)
    last_two = tuple(colours[-2:]) if len(colours) >= 2 else ()
    if cd < -1 or (cd in (0, -1) and last_two == (Colour.BLACK, Colour.BLACK)):
        return Preference(Colour.RED, kind == "B")
    if cd > 1 or (cd in (0, 1) and last_two == (Colour.RED, Colour.RED)):
        return Preference(Colour.BLACK, kind == "B")
    if kind == "A":
        return NO_PREFERENCE
    # Type B mild preferences
    if cd == -1:
        return Preference(Colour.RED)
    if cd == 1:
        return Preference(Colour.BLACK)
    if last_round:
        return NO_PREFERENCE
    return Preference(colours[-1].opposite)


# ---------------------------------------------------------------------------
# The teams as the pairing sees them
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class TeamState:
    """One team before the round: TPN, scores, colours, opponents met, and
    what the criteria ask of it."""

    tpn: int
    score: float  # primary
    secondary: float
    colours: tuple[Colour, ...]  # matches played, in order
    met: frozenset[int]
    bye_barred: bool  # [C2]
    matches_played: int
    floated_last_round: bool
    preference: Preference


@dataclass(frozen=True)
class _Round:
    k: int
    last_two: bool
    last: bool
    kind: str
    initial: Colour
    teams: Mapping[int, TeamState]
    use_secondary: bool


def _per_round(scores: Scores | None, hist: Mapping[int, PlayerHistory],
               k: int) -> dict[int, tuple[float, ...]] | None:
    if scores is None:
        return None
    given = dict(scores)
    return {n: tuple(given.get(n, ()))[:k - 1] for n in hist}


def build_round(t: Tournament) -> _Round:
    """The state of every team to be paired in ``t.next_round``."""
    k = t.next_round
    kind = t.rules.colour_preferences
    hist = history(t, k)
    primary = _per_round(t.rules.primary_scores, hist, k) or {
        n: tuple(e.points for e in h.entries) for n, h in hist.items()}
    secondary = _per_round(t.rules.secondary_scores, hist, k)
    last = k >= t.total_rounds
    teams: dict[int, TeamState] = {}
    before_last = {n: sum(v[:-1]) for n, v in primary.items()}
    for n in t.to_pair(k):
        h = hist[n]
        colours = h.colours
        floated = False
        if h.entries:
            e = h.entries[-1]
            if e.outcome.played and e.opponent is not None:
                floated = before_last.get(n, 0.0) != before_last.get(e.opponent, 0.0)
        teams[n] = TeamState(
            tpn=n, score=sum(primary.get(n, ())), secondary=sum((secondary or {}).get(n, ())),
            colours=colours,
            met=frozenset(h.opponents_played), bye_barred=h.had_full_point_unplayed,
            matches_played=sum(1 for e in h.entries if e.outcome.played),
            floated_last_round=floated, preference=colour_preference(colours, kind, last))
    return _Round(k, k >= t.total_rounds - 1, last, kind, t.first_colour or Colour.RED,
                  teams, secondary is not None)


# ---------------------------------------------------------------------------
# Matchings: legality ([C1], [C3]) and the cheapest bracket pairing
# ---------------------------------------------------------------------------


def _can_meet(r: _Round, a: int, b: int) -> bool:
    """[C1]: the two teams have not played each other."""
    return b not in r.teams[a].met


def perfect_matching(r: _Round, teams: Sequence[int],
                     allowed: Iterable[tuple[int, int]] | None = None) -> bool:
    """Whether ``teams`` can all be paired without a rematch ([C1])."""
    ts = list(teams)
    if len(ts) % 2:
        return False
    if not ts:
        return True
    idx = {n: i for i, n in enumerate(ts)}
    if allowed is None:
        edges = [(i, j, 1) for i, a in enumerate(ts) for j in range(i + 1, len(ts))
                 if _can_meet(r, a, ts[j])]
    else:
        edges = [(idx[a], idx[b], 1) for a, b in allowed]
    mate = max_weight_matching(len(ts), edges)
    return all(m != i for i, m in enumerate(mate))


def _pair_cost(r: _Round, a: int, b: int) -> tuple[int, int, int]:
    """([C8], [C9], [C10]) of pairing ``a`` with ``b``: a colour preference not
    fulfilled when both want the same colour (4.3.2/4.3.3 grant the others; a
    strong one over a mild one, 4.3.4); an upfloater's opponent who floated
    last round (not in the last two rounds)."""
    ta, tb = r.teams[a], r.teams[b]
    pa, pb = ta.preference, tb.preference
    c8 = int(pa.colour is not None and pa.colour is pb.colour)
    c9 = int(c8 == 1 and pa.strong and pb.strong)
    c10 = 0
    if not r.last_two and ta.score != tb.score:
        high = ta if ta.score > tb.score else tb
        c10 = int(high.floated_last_round)
    return (c8, c9, c10)


Cost = tuple[int, int, int]


class _BracketSolver:
    """Least-cost perfect matchings of a bracket under the role constraints of
    a partly fixed identifier: teams fixed as top members (partner larger),
    as bottom members (partner smaller), and pairs already fixed.  The
    ([C8], [C9], [C10]) costs are packed into one weight per pair, each count
    below the next one's unit, under a constant that makes every matching of
    more pairs weigh more (so the heaviest matching is perfect when one is)."""

    def __init__(self, r: _Round, teams: Sequence[int]):
        self.teams = sorted(teams)
        n = len(self.teams)
        base = n + 1
        big = base ** 3 * (n + 1)
        self.cost: dict[tuple[int, int], Cost] = {}
        self.edges: list[tuple[int, int, int]] = []
        for i, a in enumerate(self.teams):
            for b in self.teams[i + 1:]:
                if _can_meet(r, a, b):
                    c = _pair_cost(r, a, b)
                    self.cost[(a, b)] = c
                    self.edges.append((a, b, big - (c[0] * base * base + c[1] * base + c[2])))

    def total(self, pairs: Mapping[int, int]) -> Cost:
        out = [0, 0, 0]
        for a, b in pairs.items():
            c = self.cost[(a, b)]
            out = [out[0] + c[0], out[1] + c[1], out[2] + c[2]]
        return (out[0], out[1], out[2])

    def solve(self, tops: frozenset[int], bottoms: frozenset[int],
              fixed: Mapping[int, int]) -> tuple[Cost, dict[int, int]] | None:
        """The least cost and a witness (top member -> bottom member), or None."""
        used = set(fixed) | set(fixed.values())
        rest = [x for x in self.teams if x not in used]
        idx = {x: i for i, x in enumerate(rest)}
        edges = [(idx[a], idx[b], w) for a, b, w in self.edges
                 if a in idx and b in idx and a not in bottoms and b not in tops]
        mate = max_weight_matching(len(rest), edges)
        if any(m == i for i, m in enumerate(mate)):
            return None
        pairs = dict(fixed)
        for i, m in enumerate(mate):
            if i < m:
                pairs[rest[i]] = rest[m]
        return self.total(pairs), pairs


def pair_bracket(r: _Round, bracket: Sequence[int]) -> list[tuple[int, int]]:
    """Art. 3.6: the first pairing of ``bracket`` in identifier order among
    those with the least ([C8], [C9], [C10]) and no rematch.

    The identifier is the top members (smaller TPN of each pair) ascending,
    then each top member's bottom member.  It is fixed position by position,
    each time the smallest value with which the bracket can still be
    completed at the least cost; a least-cost completion found on the way
    (the witness) answers for its own value, so a matching is computed only
    for the values below it."""
    sv = _BracketSolver(r, bracket)
    teams = sv.teams
    m = len(teams) // 2
    start = sv.solve(frozenset(), frozenset(), {})
    if start is None:
        raise PairingError(problem("pairing.bracket_teams", round=r.k, teams=", ".join(map(str, teams))))
    best, witness = start
    natural = {teams[i]: teams[i + m] for i in range(m)}  # the very first identifier
    if all(p in sv.cost for p in natural.items()) and sv.total(natural) == best:
        return sorted(natural.items())
    # the top members, ascending
    tops: list[int] = []
    for j in range(m):
        lo = tops[-1] if tops else 0
        known = sorted(witness)[j]
        for cand in teams:
            if cand <= lo:
                continue
            if cand == known:
                tops.append(cand)
                break
            new_tops = frozenset(tops + [cand])
            below = frozenset(x for x in teams if x < cand and x not in new_tops)
            got = sv.solve(new_tops, below, {})
            if got is not None and got[0] == best:
                tops.append(cand)
                witness = got[1]
                break
    top_set = frozenset(tops)
    bottom_set = frozenset(x for x in teams if x not in top_set)
    # each top member's bottom member, in the top members' order
    fixed: dict[int, int] = {}
    for a in tops:
        known = witness[a]
        for cand in sorted(bottom_set - set(fixed.values())):
            if cand <= a or (a, cand) not in sv.cost:
                continue
            if cand == known:
                fixed[a] = cand
                break
            got = sv.solve(top_set, bottom_set, {**fixed, a: cand})
            if got is not None and got[0] == best:
                fixed[a] = cand
                witness = got[1]
                break
    return [(a, fixed[a]) for a in tops]


# ---------------------------------------------------------------------------
# Art. 3.4: the pairing-allocated bye
# ---------------------------------------------------------------------------


def choose_bye(r: _Round, teams: Sequence[int]) -> int:
    """Art. 3.4: the team that (3.4.1) leaves a legal pairing for the others,
    (3.4.2) has the lowest score, (3.4.3) played the most matches, (3.4.4)
    has the largest TPN; never one barred by [C2]."""
    order = sorted((x for x in teams if not r.teams[x].bye_barred),
                   key=lambda x: (r.teams[x].score, -r.teams[x].matches_played, -x))
    for x in order:
        if perfect_matching(r, [y for y in teams if y != x]):
            return x
    raise PairingError(problem("pairing.team_bye_blocks", round=r.k))


# ---------------------------------------------------------------------------
# Art. 3.5: the upfloaters
# ---------------------------------------------------------------------------


def _c5_key(r: _Round, floaters: Sequence[int]) -> tuple[float, ...]:
    """[C5]: the upfloaters' scores in ascending order (higher is better)."""
    return tuple(sorted(r.teams[x].score for x in floaters))


def _ordered(r: _Round, floaters: Iterable[int]) -> tuple[int, ...]:
    """3.5.3: upfloaters by descending score, then ascending TPN."""
    return tuple(sorted(floaters, key=lambda x: (-r.teams[x].score, x)))


def _legal_set(r: _Round, top: Sequence[int], floaters: Sequence[int], rest: Sequence[int]) -> bool:
    """The bracket can be paired ([C1]) and so can the teams left ([C3])."""
    return perfect_matching(r, list(top) + list(floaters)) and perfect_matching(r, rest)


def _next_group_ok(r: _Round, rest: Sequence[int], emptied: bool) -> bool:
    """[C6]: the following scoregroup (what is left of it) can be paired in its
    bracket with the fewest upfloaters its size allows ([C1], [C3], [C4])."""
    if emptied or not rest:
        return True
    hi = max(r.teams[x].score for x in rest)
    group = [x for x in rest if r.teams[x].score == hi]
    lower = [x for x in rest if r.teams[x].score != hi]
    if len(group) % 2 == 0:
        return perfect_matching(r, group) and perfect_matching(r, lower)
    return any(perfect_matching(r, group + [u]) and perfect_matching(r, [y for y in lower if y != u])
               for u in lower)


def choose_upfloaters(r: _Round, top: Sequence[int], lower: Sequence[int]) -> tuple[int, ...]:
    """Art. 3.5: the set of upfloaters for the top-scoregroup ``top``.

    [C4] the smallest size with a legal set ([C1], [C3]); [C5] among those,
    the best score profile; then the fewest [C6] failures and [C7] repeat
    floaters; then the first set in 3.5.4's order."""
    levels: dict[float, list[int]] = {}
    for x in lower:
        levels.setdefault(r.teams[x].score, []).append(x)
    scores = sorted(levels, reverse=True)
    next_score = scores[0] if scores else None
    for f in range(len(top) % 2, len(lower) + 1, 2):
        best: tuple[tuple[int, int, tuple[int, ...]], tuple[int, ...]] | None = None
        for profile in _profiles(scores, levels, f):
            for chosen in _sets_of_profile(profile, levels):
                floaters = _ordered(r, chosen)
                c7 = 0 if r.last_two else sum(1 for x in floaters if r.teams[x].floated_last_round)
                if best is not None and best[0][0] == 0 and c7 >= best[0][1]:
                    continue  # a later set in 3.5.4's order can only win on [C7]
                rest = [x for x in lower if x not in chosen]
                if not _legal_set(r, top, floaters, rest):
                    continue
                emptied = next_score is None or all(x in chosen for x in levels[next_score])
                c6 = 0 if _next_group_ok(r, rest, emptied) else 1
                key = (c6, c7, floaters)
                if best is None or key < best[0]:
                    best = (key, floaters)
                if c6 == 0 and c7 == 0:
                    break  # the first in 3.5.4's order with nothing to improve
            if best is not None:
                return best[1]
    raise PairingError(problem("pairing.score_teams", round=r.k, score=f"{r.teams[top[0]].score:g}"))


def _profiles(scores: Sequence[float], levels: Mapping[float, Sequence[int]],
              f: int) -> list[tuple[int, ...]]:
    """How many upfloaters to take from each score level (highest first),
    best [C5] profile first."""
    out: list[tuple[int, ...]] = []

    def walk(i: int, left: int, acc: tuple[int, ...]) -> None:
        if i == len(scores):
            if left == 0:
                out.append(acc)
            return
        for c in range(min(left, len(levels[scores[i]])), -1, -1):
            walk(i + 1, left - c, acc + (c,))

    walk(0, f, ())

    def key(counts: tuple[int, ...]) -> tuple[float, ...]:
        vals = sorted(s for s, c in zip(scores, counts, strict=True) for _ in range(c))
        return tuple(-v for v in vals)

    return sorted(out, key=key)


def _sets_of_profile(profile: tuple[int, ...], levels: Mapping[float, Sequence[int]]
                     ) -> Iterable[tuple[int, ...]]:
    """The sets with ``profile``, in 3.5.4's order (by score level, then TPN)."""
    scores = sorted(levels, reverse=True)
    parts = [itertools.combinations(sorted(levels[s]), c) for s, c in zip(scores, profile, strict=True)]
    for combo in itertools.product(*parts):
        yield tuple(x for part in combo for x in part)


# ---------------------------------------------------------------------------
# Art. 4: colours
# ---------------------------------------------------------------------------

RULE_INITIAL = "C.04.6 4.3.1"


def first_team(r: _Round, a: int, b: int) -> int:
    """Art. 4.2: higher primary score, then higher secondary score, then smaller TPN."""
    ta, tb = r.teams[a], r.teams[b]
    if ta.score != tb.score:
        return a if ta.score > tb.score else b
    if r.use_secondary and ta.secondary != tb.secondary:
        return a if ta.secondary > tb.secondary else b
    return min(a, b)


PLAYED_MATCHES_LINED_UP_FROM_THE_LATEST = True
"""Art. 4.3.6 read with the General Handling Rules 3.4 ("BWBuW is treated as
uBWBW"): the two teams' *played* matches are lined up from the most recent
and compared back until their colours differ, whatever rounds either did not
play — as the Dutch engine's ``first_colour_difference`` (C.04.3 5.2.3); not
round by round, where a round one team did not play hides the comparison."""


def most_recent_difference(first: Sequence[Colour], other: Sequence[Colour]) -> Colour | None:
    """Art. 4.3.6: the first team's colour in the most recent played match in
    which the two teams' colours differed, the played matches lined up from
    the latest (:data:`PLAYED_MATCHES_LINED_UP_FROM_THE_LATEST`); None when
    they never differed."""
    for x, y in zip(reversed(first), reversed(other), strict=False):  # the shorter one ends it
        if x is not y:
            return x
    return None


def allocate(r: _Round, a: int, b: int) -> tuple[int, int, str]:
    """Art. 4.3: ``(red, black, rule)`` for the pair ``a``, ``b``."""
    f = first_team(r, a, b)
    o = b if f == a else a
    tf, to = r.teams[f], r.teams[o]

    def give(team: int, colour: Colour, rule: str) -> tuple[int, int, str]:
        other = b if team == a else a
        return (team, other, rule) if colour is Colour.RED else (other, team, rule)

    if not tf.colours and not to.colours:
        c = r.initial if f % 2 == 1 else r.initial.opposite
        return give(f, c, RULE_INITIAL)
    pf, po = tf.preference, to.preference
    if pf.colour is not None and po.colour is None:
        return give(f, pf.colour, "C.04.6 4.3.2")
    if po.colour is not None and pf.colour is None:
        return give(o, po.colour, "C.04.6 4.3.2")
    if pf.colour is not None and po.colour is not None and pf.colour is not po.colour:
        return give(f, pf.colour, "C.04.6 4.3.3")
    if r.kind == "B" and pf.colour is not None and pf.strong != po.strong:
        return give(f if pf.strong else o, pf.colour, "C.04.6 4.3.4")
    cdf, cdo = colour_difference(tf.colours), colour_difference(to.colours)
    if cdf != cdo:
        return give(f if cdf < cdo else o, Colour.RED, "C.04.6 4.3.5")
    x = most_recent_difference(tf.colours, to.colours)
    if x is not None:
        return give(f, x.opposite, "C.04.6 4.3.6")
    if pf.colour is not None:
        return give(f, pf.colour, "C.04.6 4.3.7")
    if tf.colours:
        return give(f, tf.colours[-1].opposite, "C.04.6 4.3.8")
    return give(o, to.colours[-1].opposite, "C.04.6 4.3.9")


# ---------------------------------------------------------------------------
# The round
# ---------------------------------------------------------------------------


def keep_apart(r: _Round, t: Tournament) -> _Round:
    """The pairs the arbiter keeps apart in this round (engine/constraints/apart.py, TRF
    ``XXP`` / ``260``) count as met ([C1]), as in every Swiss system here."""
    apart = kept_apart(t, r.k)
    if not apart:
        return r
    return replace(r, teams={n: replace(s, met=s.met | apart.get(n, frozenset()))
                             for n, s in r.teams.items()})


def pair(t: Tournament) -> Pairing:
    """Pair ``t.next_round`` by C.04.6 (Art. 3.3).  ``Pairing.brackets``: one
    layout per bracket, its ``red_row`` the top members and ``black_row`` their
    bottom members (the two halves of the 3.6 identifier, not colours),
    ``floaters`` the upfloaters.  When the pairs kept apart are what makes the
    round unpairable, the error names them (:func:`~bianpai.engine.constraints.apart.apart_blocks`)."""
    try:
        return _pair(keep_apart(build_round(t), t))
    except PairingError as e:
        raise apart_blocks(t, lambda x: plain_round(x, forfeits_meet=False)) or e from None


def _pair(r: _Round) -> Pairing:
    teams = sorted(r.teams)
    notes: list[Problem] = []
    bye = None
    if len(teams) % 2:
        bye = choose_bye(r, teams)
        teams.remove(bye)
        notes.append(problem("xp.note.team_bye", team=bye))
    elif not perfect_matching(r, teams):
        raise PairingError(problem("pairing.incomplete_teams", round=r.k))
    pairs: list[tuple[int, int, str]] = []
    layouts: list[BracketLayout] = []
    left = teams
    while left:
        hi = max(r.teams[x].score for x in left)
        top = [x for x in left if r.teams[x].score == hi]
        lower = [x for x in left if r.teams[x].score != hi]
        floaters = choose_upfloaters(r, top, lower)
        bracket = top + list(floaters)
        step = f"bracket {hi:g}" + (f" + upfloaters {', '.join(map(str, floaters))}" if floaters else "")
        bracket_pairs = pair_bracket(r, bracket)
        pairs += [(a, b, step) for a, b in bracket_pairs]
        # 3.6: the identifier's two halves, top members and their bottom members
        layouts.append(BracketLayout(hi, tuple(a for a, _ in bracket_pairs),
                                     tuple(b for _, b in bracket_pairs), floaters, step))
        left = [x for x in left if x not in bracket]
    boards = []
    for a, b, step in pairs:
        red, black, rule = allocate(r, a, b)
        boards.append((red, black, step, rule))
    boards.sort(key=lambda x: _board_key(r, x[0], x[1]))
    return Pairing(r.k, tuple(Board(i, red, black, step, rule)
                              for i, (red, black, step, rule) in enumerate(boards, start=1)),
                   bye, brackets=tuple(layouts), system="fide-team", notes=tuple(notes))


def _board_key(r: _Round, a: int, b: int) -> tuple[float, float, int]:
    """Decision (C.04.2's board order, as engine/systems/dutch/ ``_board_order``):
    matches in order of the higher score, then the lower score (both
    descending), then the TPN of the higher-ranked team of the match (the
    one with the higher score; on equal scores the smaller TPN)."""
    sa, sb = r.teams[a].score, r.teams[b].score
    higher = a if (sa, -a) > (sb, -b) else b
    return (-max(sa, sb), -min(sa, sb), higher)


__all__ = [
    "COLOUR_TYPES", "NO_PREFERENCE", "Preference",
    "TeamState", "allocate", "build_round", "choose_bye",
    "choose_upfloaters", "colour_difference", "colour_preference", "first_team",
    "most_recent_difference",
    "keep_apart", "pair", "pair_bracket",
]
