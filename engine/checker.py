"""Every rule check on an event's history, in one place.

``bianpai check`` reports what :func:`check` finds; every command that writes
(``pair``, ``standings`` …) refuses an event with problems through the same
functions, so a problem reads the same wherever it is found.  Each check
returns structured :class:`~bianpai.engine.problems.Problem` values naming the
round, board, side and player; the workbook layer words them and names cells.

The checks (dingwei.md §2 and §5; docs/spec/systems.md for the round robin):

* :func:`structure`: numbers positive and distinct, rounds in order, nobody
  paired with himself, no unknown player, nobody twice in a round;
* :func:`history_problems`: a player paired while withdrawn or before his
  late entry; two players meeting again (a round robin: once per cycle); a
  second pairing-allocated bye; two players kept apart (回避名单,
  engine/constraints/apart.py) paired in a round the list applies to; two players of one club in a round of
  同单位回避; an unfinished game followed by a round without being marked
  provisional; an active player neither paired nor listed as bye/absent;
* :func:`pairing_problems`: what else stops pairing the next round — every
  round paired, no players, unfinished games of the last round;
* :func:`club_notes`: with soft 同单位回避 (尽量回避), club mates paired in a
  round that avoids them — notes (hard: a problem of :func:`history_problems`);
* :func:`colour_notes`: three equal colours in a row or |d| ≥ 3 (kept to a
  minimum, not forbidden: dingwei.md §5 4(a)) — notes, not problems;
* :func:`duplicate_players`: the same player typed twice (one name and club,
  :func:`player_key`, the rule ``import-players`` applies too);
* :func:`pairing_problems` also refuses a next round while no game of the
  last round has a result (:func:`just_paired`);
* :func:`hand_edits`: the boards that differ from what the system pairs from
  their round's start (as it stood: the provisional draws the round was
  paired on count, ``Round.paired_with_draws``), re-pairing only the rounds
  whose :func:`round_fingerprints` changed since they were paired.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from collections import Counter
from dataclasses import dataclass, fields, is_dataclass
from enum import Enum
from operator import attrgetter
from typing import TYPE_CHECKING, Iterable, Mapping

from .constraints.apart import apart_in
from .constraints.fixed import pair_around_fixed
from .history.colours import NO_COLOURS, three_in_a_row_or_three_up
from .history.floats import Float, float_records
from .model import ByeKind, Colour, Outcome, Player, Round, Tournament, history
from .problems import InputError, PairingError, Problem, Side, problem
from .rules import CLUB_SOFT
from .registry import System

if TYPE_CHECKING:
    from .results import Pairing


def structure(t: Tournament) -> list[Problem]:
    """Structural problems of ``t`` (empty: none).  Used by every reader."""
    problems: list[Problem] = []
    seen: set[int] = set()
    for p in t.players:
        if p.number < 1:
            problems.append(problem("problem.number_not_positive", player=p.number, name=p.name))
        if p.number in seen:
            problems.append(problem("problem.number_twice", player=p.number))
        seen.add(p.number)
    for i, rnd in enumerate(t.rounds, start=1):
        if rnd.number != i:
            problems.append(problem("problem.round_position", round=rnd.number, position=i))
        used: list[int] = []
        for g in rnd.games:
            used += [g.red, g.black]
            if g.red == g.black:
                problems.append(problem("problem.paired_with_self", round=i, player=g.red))
        used += [b.player for b in rnd.byes]
        times = Counter(used)
        for n in sorted(times):
            if n not in seen:
                problems.append(problem("problem.unknown_player", round=i, player=n))
            if times[n] > 1:
                problems.append(problem("problem.player_twice", round=i, player=n, times=times[n]))
    return problems


def player_key(name: str, club: str) -> tuple[str, str]:
    """What makes two rows of the players list the same player: the name and
    the club, blanks (a trailing space, a full-width space), full-width forms
    (选手８, ＡＢ — what a registration list's normalising makes half-width),
    the form of a name's middle dot (买买提・艾力 is 买买提·艾力) and case
    aside.  The one rule for the Players sheet (:func:`duplicate_players`) and
    for a players table imported into it (``import-players``)."""
    return (_folded(name), _folded(club))


MIDDLE_DOTS = re.compile("[\u30fb\uff65\u2022\u2027\u2219\u22c5\u0387]")
"""The forms of the middle dot of a name (・ ･ • ‧ …), all read as ``·``."""


def _folded(s: str) -> str:
    return MIDDLE_DOTS.sub("·", re.sub(r"\s+", "", unicodedata.normalize("NFKC", s))).casefold()


def duplicate_players(t: Tournament) -> list[Problem]:
    """Every player whose name and club are those of a player with a lower
    number (:func:`player_key`): the same player typed twice, who would be
    paired twice (issue 23 item 7).  Two people of one name and club are told
    apart in their names, as the pairing list must tell them apart."""
    first: dict[tuple[str, str], Player] = {}
    out: list[Problem] = []
    for p in sorted(t.players, key=lambda p: p.number):
        key = player_key(p.name, p.club)
        if not key[0]:
            continue
        if key in first:
            out.append(problem("problem.player_typed_twice", player=p.number, name=p.name.strip(),
                               club=p.club.strip() or (problem("club.none"),), other=first[key].number))
        else:
            first[key] = p
    return out


def _club_rounds(t: Tournament) -> frozenset[int] | None:
    return t.rules.club_rounds


def _club_soft(t: Tournament) -> bool:
    """同单位回避 尽量回避 (soft): club mates are avoided where the round allows,
    so a pair of them is a note (a relative rule), not a problem."""
    return t.rules.club_strength == CLUB_SOFT


def club_notes(t: Tournament) -> list[Problem]:
    """With soft 同单位回避: every pair of club mates in a round that avoids
    them, as a note (``problem.note_same_club``)."""
    if not _club_soft(t):
        return []
    avoid = _club_rounds(t)
    names = {p.number: p.name for p in t.players}
    clubs = {p.number: p.club.strip() for p in t.players}
    out: list[Problem] = []
    for rnd in t.rounds:
        for board, g in enumerate(rnd.games, start=1):
            club = clubs.get(g.red, "")
            if club and club == clubs.get(g.black) and (avoid is None or rnd.number in avoid):
                out.append(problem("problem.note_same_club", round=rnd.number, board=board, side="red",
                                   red=g.red, black=g.black, red_name=names.get(g.red, ""),
                                   black_name=names.get(g.black, ""), club=club))
    return out


def _inactive_paired(p: Player, k: int, board: int, side: Side) -> Problem | None:
    num = p.number
    if p.active_in(k):
        return None
    if p.withdrawn_from is not None and k >= p.withdrawn_from:
        return problem("problem.withdrawn_paired", round=k, board=board, side=side, player=num, name=p.name,
                       since=p.withdrawn_from)
    return problem("problem.late_paired", round=k, board=board, side=side, player=num, name=p.name,
                   joins=p.joins_from)


def _avoids_clubs(avoid: frozenset[int] | None, k: int) -> bool:
    """Whether round ``k`` keeps club mates apart: one of the Settings'
    avoidance rounds (None: every round)."""
    return avoid is None or k in avoid


def _round1_club_pairs(t: Tournament, system: System) -> frozenset[frozenset[int]]:
    """The pairs the system's own round 1 makes (a draw can leave club mates
    together where no exchange parts them:
    :data:`~bianpai.engine.systems.round1.CLUB_AVOIDANCE_IN_ROUND1`); ``check``
    accepts these in round 1."""
    try:
        return frozenset(frozenset(p) for p in system.pair(t.before_round(1)).pairs())
    except Exception:  # noqa: BLE001 - a round 1 that cannot be re-paired accepts nothing
        return frozenset()


def history_problems(t: Tournament, system: System) -> list[Problem]:
    """The rule checks on the rounds paired so far (see the module docstring)."""
    problems: list[Problem] = []
    names = {p.number: p.name for p in t.players}
    by_number = {p.number: p for p in t.players}
    meetings = system.meetings(t)
    met: dict[frozenset[int], list[int]] = {}
    byes: dict[int, int] = {}
    avoid = _club_rounds(t)
    clubs = {p.number: p.club.strip() for p in t.players}
    if _club_soft(t):
        clubs = {}  # soft 同单位回避: notes (club_notes), not problems
    drawn: list[frozenset[frozenset[int]]] = []

    def round1_pairs() -> frozenset[frozenset[int]]:  # the system's own round 1, paired once at most
        if not drawn:
            drawn.append(_round1_club_pairs(t, system))
        return drawn[0]

    keeps_games = system.keeps_games_of_absent()  # asked once, not per board (issue 27: check's time)
    in_order = sorted(t.players, key=lambda p: p.number)
    for rnd in t.rounds:
        k = rnd.number
        for board, g in enumerate(rnd.games, start=1):
            sides: tuple[tuple[int, Side], ...] = ((g.red, "red"), (g.black, "black"))
            for num, side in sides:
                if (keeps_games and g.result is not None
                        and g.outcome_for(num) is Outcome.FORFEIT_LOSS):
                    continue  # C.05: a round robin keeps the absent player's scheduled game, forfeited
                found = _inactive_paired(by_number[num], k, board, side)
                if found is not None:
                    problems.append(found)
            if system.forfeits_meet or g.result is None or g.result.played:
                earlier = met.setdefault(frozenset((g.red, g.black)), [])
                if len(earlier) >= meetings:
                    problems.append(problem("problem.rematch", round=k, board=board, side="red", red=g.red,
                                            black=g.black, red_name=names.get(g.red, ""),
                                            black_name=names.get(g.black, ""), first=earlier[0]))
                earlier.append(k)
            if t.forbidden_pairs and apart_in(t, k, g.red, g.black):
                problems.append(problem("problem.kept_apart", round=k, board=board, side="red", red=g.red,
                                        black=g.black, red_name=names.get(g.red, ""),
                                        black_name=names.get(g.black, "")))
            club = clubs.get(g.red, "")
            if (club and club == clubs.get(g.black) and system.avoids_clubs and _avoids_clubs(avoid, k)
                    and not (k == 1 and frozenset((g.red, g.black)) in round1_pairs())):
                problems.append(problem("problem.same_club", round=k, board=board, side="red", red=g.red,
                                        black=g.black, red_name=names.get(g.red, ""),
                                        black_name=names.get(g.black, ""), club=club))
            if g.result is None and k < len(t.rounds) and g.red not in rnd.provisional:
                problems.append(problem("problem.unfinished_followed", round=k, board=board, next=k + 1))
        for b in rnd.byes:
            if b.kind is ByeKind.PAIRING:
                if b.player in byes:
                    problems.append(problem("problem.second_bye", round=k, player=b.player,
                                            name=names.get(b.player, ""), first=byes[b.player]))
                byes.setdefault(b.player, k)
        present = {n for g in rnd.games for n in (g.red, g.black)} | {b.player for b in rnd.byes}
        for p in in_order:
            if p.active_in(k) and p.number not in present:
                problems.append(problem("problem.not_paired", round=k, player=p.number, name=p.name))
    return problems


def pairing_problems(t: Tournament, system: System, provisional: bool = False) -> list[Problem]:
    """What stops pairing ``t.next_round``: every round paired already, no
    players, a game of the last round without a result (unless it is to be
    counted as a provisional draw, dingwei.md §8), and every problem of
    :func:`structure` and :func:`history_problems`."""
    k = t.next_round
    problems: list[Problem] = []
    total = system.total_rounds(t)
    if k > total:
        key = "problem.all_rounds_scheduled" if system.scheduled else "problem.all_rounds_paired"
        setting = "system" if system.scheduled else "total_rounds"
        problems.append(problem(key, setting=setting, rounds=total, next=k, players=len(t.players),
                                cycles=system.meetings(t)))
    if not t.players:
        problems.append(problem("problem.no_players"))
    last_round = t.rounds[k - 2] if k >= 2 else None
    if last_round is not None and just_paired(last_round):
        problems.append(problem("problem.round_just_paired", round=k - 1, next=k))
    elif last_round is not None and not provisional:
        last = last_round
        for board, g in enumerate(last.games, start=1):
            if g.result is None and g.red not in last.provisional:
                problems.append(problem("problem.unfinished_last", round=k - 1, board=board,
                                        red=g.red, black=g.black))
    found = structure(t)
    return problems + found + duplicate_players(t) + (history_problems(t, system) if not found else [])


def just_paired(rnd: Round) -> bool:
    """Whether no game of ``rnd`` has a result yet (it has games): the round was
    just paired, so pairing the next one is refused whatever the options — the
    advice to pair with provisional draws (dingwei.md §8) is for a round played
    in part, never for one not yet played (issue 23 item 9: ``pair`` run twice)."""
    return bool(rnd.games) and all(g.result is None for g in rnd.games)


def fewer_than_two(t: Tournament) -> Problem | None:
    """Fewer than two players can be paired in the next round."""
    # boards fixed by hand (engine/constraints/fixed.py)
    fixed = sum(2 for r, _, _ in t.fixed_pairs if r == t.next_round)
    if len(t.to_pair()) + fixed < 2:
        return problem("problem.fewer_than_two", round=t.next_round)
    return None


def colour_notes(t: Tournament) -> list[Problem]:
    """Players with three equal colours in a row or |d| ≥ 3 after a game
    (dingwei.md §5 4(a): kept to a minimum, not forbidden)."""
    notes: list[Problem] = []
    names = {p.number: p.name for p in t.players}
    colours = {p.number: NO_COLOURS for p in t.players}
    for rnd in t.rounds:
        for board, g in enumerate(rnd.games, start=1):
            if g.result is not None and not g.result.played:
                continue
            sides: tuple[tuple[int, Colour, Side], ...] = ((g.red, Colour.RED, "red"),
                                                           (g.black, Colour.BLACK, "black"))
            for num, colour, side in sides:
                cs = colours[num] = colours[num].after(colour)
                if not three_in_a_row_or_three_up(cs):
                    continue
                key = ("problem.note_streak_red" if colour is Colour.RED else "problem.note_streak_black") \
                    if cs.streak >= 3 else "problem.note_imbalance"
                notes.append(problem(key, round=rnd.number, board=board, side=side,
                                     player=num, name=names.get(num, ""), streak=cs.streak, d=f"{cs.d:+d}",
                                     history=cs.label()))
    return notes


@dataclass(frozen=True)
class Report:
    """What :func:`check` found: problems (the event breaks a rule) and notes."""

    problems: tuple[Problem, ...]
    notes: tuple[Problem, ...]


def check(t: Tournament, system: System) -> Report:
    """Every check on ``t``'s history: problems and colour notes."""
    found = structure(t)
    problems = found + duplicate_players(t) + (history_problems(t, system) if not found else [])
    return Report(tuple(problems), tuple(colour_notes(t)) + tuple(club_notes(t) if not found else ()))


# ---------------------------------------------------------------------------
# Hand edits (裁判长调整): the boards that differ from what the system pairs
# ---------------------------------------------------------------------------

CHANGED_PAIR = "pair"  # the two players are not a pair of the system's pairing
CHANGED_COLOURS = "colours"  # the system's pair, with the colours the other way round


@dataclass(frozen=True)
class BoardChange:
    """A board of round ``round`` that is not what the system pairs from the
    round's starting position: ``kind`` (:data:`CHANGED_PAIR` or
    :data:`CHANGED_COLOURS`) and the system's boards holding these two players
    (``system``: (red, black) pairs; a player the system gave the bye: (n, 0))."""

    round: int
    board: int
    red: int
    black: int
    kind: str
    system: tuple[tuple[int, int], ...]

    def system_text(self) -> str:
        """``3–5, 4–6`` (``7 轮空`` style is left to the wording: ``7–0``)."""
        return ", ".join(f"{a}–{b}" for a, b in self.system)


def system_pairing(t: Tournament, system: System, k: int) -> Pairing:
    """What ``system`` pairs for round ``k`` from the round's starting position
    (the rounds before it and its requested byes; :meth:`Tournament.before_round`).
    Raises what the system raises.  Boards fixed by hand for the round
    (engine/constraints/fixed.py) are the system's too: it pairs around them."""
    return pair_around_fixed(t.before_round(k), system.pair, system.forfeits_meet)


FINGERPRINT_VERSION = 1
"""Part of every round's fingerprint (:func:`round_fingerprints`): raise it
when a change to a pairing system could pair a round stored by an earlier
version otherwise, so that ``check`` re-pairs every such round once more."""

_FROM_ROUND_OF_PAIRING = frozenset({"players", "rounds", "requests", "fixed_pairs"})
"""The fields of a :class:`Tournament` a round's fingerprint takes as they
stood for that round (the others are taken whole)."""


def _canon(x: object) -> object:
    """``x`` as plain nested tuples whose ``repr`` is the same on every machine
    (sets sorted, enumerations by name, dataclasses field by field)."""
    if is_dataclass(x) and not isinstance(x, type):
        return (type(x).__name__,) + tuple((f.name, _canon(getattr(x, f.name))) for f in fields(x))
    if isinstance(x, Enum):
        return x.name
    if isinstance(x, (set, frozenset)):
        return ("set",) + tuple(sorted((_canon(v) for v in x), key=repr))
    if isinstance(x, dict):
        return ("dict",) + tuple(sorted(((_canon(k), _canon(v)) for k, v in x.items()), key=repr))
    if isinstance(x, (tuple, list)):
        return tuple(_canon(v) for v in x)
    return x


def _digest(*parts: object) -> str:
    return hashlib.sha256(repr(parts).encode("utf-8")).hexdigest()


def _round_digest(rnd: Round) -> str:
    """A played round as the pairing of a later round sees it: its games with
    their results, its byes, its provisional marks."""
    games = [(g.red, g.black, g.result.name if g.result is not None else None) for g in rnd.games]
    return _digest(rnd.number, games, [(b.player, b.kind.name) for b in rnd.byes], sorted(rnd.provisional))


def round_fingerprints(t: Tournament, system: System, rounds: Iterable[int]) -> dict[int, str]:
    """For each round ``k`` of ``rounds``: a fingerprint of what the system's
    pairing of round ``k`` depended on — the event as it stood when round ``k``
    was paired (:meth:`Tournament.before_round`, with the provisional draws it
    was paired on), the players as they stood for it (a withdrawal from a later
    round left out), its requested byes and fixed boards, every setting, the
    system — together with the round's pairs as they stand now.

    The ``pair`` job stores the fingerprint of the round it makes; while the
    fingerprint computed from the workbook is the stored one, the round's
    pairs are still the system's pairing of an unchanged starting position
    (pairing is deterministic), so :func:`hand_edits` need not re-pair it.
    Anything else — a board or its colours changed, a result or a player of an
    earlier round changed, a setting changed — gives another fingerprint, and
    the round is re-paired as before (issue 27)."""
    wanted = sorted({k for k in rounds if 1 <= k <= len(t.rounds)})
    if not wanted:
        return {}
    static = _digest(FINGERPRINT_VERSION, system.name,
                     [(f.name, _canon(getattr(t, f.name))) for f in fields(t)
                      if f.name not in _FROM_ROUND_OF_PAIRING])
    own = attrgetter(*(f.name for f in fields(Player) if f.name != "withdrawn_from"))  # plain values
    players = _digest(sorted(own(p) for p in t.players))
    withdrawn = sorted((p.number, p.withdrawn_from) for p in t.players if p.withdrawn_from is not None)
    cache: dict[int, tuple[Round, str]] = {}

    def digest_of(rnd: Round) -> str:
        hit = cache.get(id(rnd))
        if hit is None or hit[0] is not rnd:
            hit = cache[id(rnd)] = (rnd, _round_digest(rnd))
        return hit[1]

    out: dict[int, str] = {}
    for k in wanted:
        rnd = t.rounds[k - 1]
        before = t.before_round(k)
        pairs = sorted((g.red, g.black) for g in rnd.games)
        out[k] = _digest(static, players, [(n, w) for n, w in withdrawn if w <= k],
                         sorted((b.player, b.kind.name) for r, b in before.requests if r == k),
                         sorted((a, b) for r, a, b in t.fixed_pairs if r == k),
                         [digest_of(r) for r in before.rounds], pairs, rnd.pairing_bye)
        out[k] = str(int(out[k], 16) % 10 ** FINGERPRINT_LENGTH).zfill(FINGERPRINT_LENGTH)
    return out


FINGERPRINT_LENGTH = 24
"""Decimal digits of a round's fingerprint (of SHA-256; about 80 bits): digits,
so that the round sheet's cell holds no Latin letters."""


def board_changes(t: Tournament, k: int, theirs: Pairing) -> list[BoardChange]:
    """Every board of round ``k`` that differs from ``theirs`` (the system's
    pairing of the same starting position), in board order."""
    rnd = t.rounds[k - 1]
    pairs = {frozenset((b.red, b.black)): (b.red, b.black) for b in theirs.boards}
    holding: dict[int, tuple[int, int]] = {n: (b.red, b.black) for b in theirs.boards
                                           for n in (b.red, b.black)}
    if theirs.bye is not None:
        holding[theirs.bye] = (theirs.bye, 0)
    out: list[BoardChange] = []
    for board, g in enumerate(rnd.games, start=1):
        same = pairs.get(frozenset((g.red, g.black)))
        if same == (g.red, g.black):
            continue
        kind = CHANGED_COLOURS if same is not None else CHANGED_PAIR
        system_boards = tuple(dict.fromkeys(holding[n] for n in (g.red, g.black) if n in holding))
        out.append(BoardChange(k, board, g.red, g.black, kind, system_boards))
    return out


def change_notes(t: Tournament, changes: list[BoardChange], theirs: Pairing,
                 colours: bool = True) -> list[Problem]:
    """What the relative rules discourage on the changed boards (notes, not
    problems): with ``colours`` three equal colours in a row or |d| ≥ 3 on
    them (:func:`colour_notes`, dingwei.md §5 4(a)) and club mates in a round
    of soft 同单位回避 (:func:`club_notes`); a player floated again
    the same way as in the round before (dingwei.md §5 criterion 5), and a
    score gap wider than any the system's pairing makes."""
    if not changes:
        return []
    k = changes[0].round
    names = {p.number: p.name for p in t.players}
    hist = history(t, k)
    score = {n: h.score for n, h in hist.items()}
    widest = max((abs(score.get(b.red, 0.0) - score.get(b.black, 0.0)) for b in theirs.boards), default=0.0)
    last_float: dict[int, Float | None] = {}
    if k >= 3:
        for n, fr in float_records(t, k).items():
            last_float[n] = fr.by_round[k - 2] if len(fr.by_round) >= k - 1 else None
    out: list[Problem] = []
    if colours:
        boards = {c.board for c in changes}
        out += [n for n in colour_notes(t) + club_notes(t) if n.round == k and n.board in boards]
    for c in changes:
        if c.kind != CHANGED_PAIR:
            continue
        a, b = score.get(c.red, 0.0), score.get(c.black, 0.0)
        gap = abs(a - b)
        if gap > widest:
            out.append(problem("problem.note_score_gap", round=k, board=c.board, red=c.red, black=c.black,
                               gap=f"{gap:g}", widest=f"{widest:g}"))
        if gap:
            high, low = (c.red, c.black) if a > b else (c.black, c.red)
            for n, way in ((high, Float.DOWN), (low, Float.UP)):
                if last_float.get(n) is way:
                    key = ("problem.note_float_down_again" if way is Float.DOWN
                           else "problem.note_float_up_again")
                    out.append(problem(key, round=k, board=c.board, player=n, name=names.get(n, "")))
    return out


def hand_edits(t: Tournament, system: System, rounds: Iterable[int],
               colours: bool = True, known: Mapping[int, str] | None = None
               ) -> tuple[list[BoardChange], list[Problem]]:
    """The changed boards of ``rounds`` and their notes: one note per changed
    board (``problem.note_hand_pair`` / ``problem.note_hand_colours``, naming
    the system's pairing), the notes of :func:`change_notes` (``colours``:
    with the colour notes of the changed boards; ``check`` gives those of
    every board already), and ``problem.note_repair_failed`` for a round the
    system cannot pair now.  ``known``: the fingerprints stored when rounds
    were paired (:func:`round_fingerprints`); a round whose fingerprint is
    still the stored one is the system's pairing as it stands and is not
    re-paired (it has no changed board)."""
    rounds = list(rounds)
    known = {k: v for k, v in (known or {}).items() if v}
    same = round_fingerprints(t, system, [k for k in rounds if k in known])
    changes: list[BoardChange] = []
    notes: list[Problem] = []
    for k in rounds:
        if k in known and same.get(k) == known[k]:
            continue
        try:
            theirs = system_pairing(t, system, k)
        except (PairingError, InputError, ImportError, NotImplementedError) as e:
            notes.append(problem("problem.note_repair_failed", round=k, system=system.name,
                                 error="; ".join(str(p) for p in e.problems) if isinstance(e, InputError)
                                 else str(e)))
            continue
        found = board_changes(t, k, theirs)
        for c in found:
            key = "problem.note_hand_colours" if c.kind == CHANGED_COLOURS else "problem.note_hand_pair"
            notes.append(problem(key, round=k, board=c.board, red=c.red, black=c.black,
                                 system=c.system_text()))
        notes += change_notes(t, found, theirs, colours)
        changes += found
    return changes, notes


__all__ = ["BoardChange", "CHANGED_COLOURS", "CHANGED_PAIR", "board_changes", "change_notes", "club_notes",
           "duplicate_players", "player_key", "round_fingerprints", "FINGERPRINT_VERSION",
           "hand_edits",
           "system_pairing",
           "Report", "check", "colour_notes", "fewer_than_two", "history_problems", "just_paired",
           "pairing_problems",
           "structure"]
