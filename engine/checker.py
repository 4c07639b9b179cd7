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
  second pairing-allocated bye; two players of one club in a round of
  同单位回避; an unfinished game followed by a round without being marked
  provisional; an active player neither paired nor listed as bye/absent;
* :func:`pairing_problems`: what else stops pairing the next round — every
  round paired, no players, unfinished games of the last round;
* :func:`colour_notes`: three equal colours in a row or |d| ≥ 3 (kept to a
  minimum, not forbidden: dingwei.md §5 4(a)) — notes, not problems.
"""

from __future__ import annotations

from dataclasses import dataclass

from .colours import NO_COLOURS, three_in_a_row_or_three_up
from .model import ByeKind, Colour, Outcome, Player, Tournament
from .problems import Problem, Side, problem
from .systems import System


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
        for n in sorted(set(used)):
            if n not in seen:
                problems.append(problem("problem.unknown_player", round=i, player=n))
            if used.count(n) > 1:
                problems.append(problem("problem.player_twice", round=i, player=n, times=used.count(n)))
    return problems


def _club_rounds(t: Tournament) -> frozenset[int] | None:
    from .dingwei import club_rounds

    return club_rounds(t)


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
    :data:`~bianpai.engine.round1.CLUB_AVOIDANCE_IN_ROUND1`); ``check``
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
    for rnd in t.rounds:
        k = rnd.number
        for board, g in enumerate(rnd.games, start=1):
            sides: tuple[tuple[int, Side], ...] = ((g.red, "red"), (g.black, "black"))
            for num, side in sides:
                if (system.keeps_games_of_absent() and g.result is not None
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
            club = clubs.get(g.red, "")
            if (club and club == clubs.get(g.black) and system.avoids_clubs and _avoids_clubs(avoid, k)
                    and not (k == 1 and frozenset((g.red, g.black)) in _round1_club_pairs(t, system))):
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
        for p in sorted(t.players, key=lambda p: p.number):
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
    if k >= 2 and not provisional:
        last = t.rounds[k - 2]
        for board, g in enumerate(last.games, start=1):
            if g.result is None and g.red not in last.provisional:
                problems.append(problem("problem.unfinished_last", round=k - 1, board=board,
                                        red=g.red, black=g.black))
    found = structure(t)
    return problems + found + (history_problems(t, system) if not found else [])


def fewer_than_two(t: Tournament) -> Problem | None:
    """Fewer than two players can be paired in the next round."""
    if len(t.to_pair()) < 2:
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
    problems = found + (history_problems(t, system) if not found else [])
    return Report(tuple(problems), tuple(colour_notes(t)))


__all__ = ["Report", "check", "colour_notes", "fewer_than_two", "history_problems", "pairing_problems",
           "structure"]
