"""定位编排法's entry: :func:`pair` pairs the next round bracket by bracket
from the top score down (§4), carrying the players left over; when no
pairing exists, the error says what blocks it (hard 同单位回避, the 回避名单)."""

from __future__ import annotations

from dataclasses import replace

from .. import core as swiss
from ....constraints.apart import apart_blocks
from ....model import Colour, Tournament
from ....results import BianpaiError, Board, BracketLayout, Pairing, PairingError, problem
from ....rules import AVOID_CLUB, CLUB_HARD
from ..core import BYE
from .bracket import make_bracket
from .bye import _bye_reason
from .cards import lay_out_rows
from .explain import _layout_note
from .procedure import pair_bracket
from .round import build_round

SYSTEM = "dingwei"


def next_round_cards(t: Tournament) -> list[tuple[float, list[tuple[int, str]], list[tuple[int, str]]]]:
    """The next round's score groups as the arbiter lays the cards out (§2): per
    group, from the top score down, its 要先行 and 要后行 rows in card order, each
    card as (number, label with its sizes, 少先2连后2); empty when the round cannot
    be laid out (round 1 is drawn, every round paired, a result missing, a rule
    broken).  The 编排卡 sheet's pages (the registry's ``card_rows``)."""
    if t.next_round < 2 or t.next_round > t.total_rounds:
        return []
    try:
        rnd, players, _ = build_round(t)
    except BianpaiError:
        return []
    out = []
    for score, members in swiss.score_groups(rnd, players):
        red, black = lay_out_rows([rnd.entrants[n] for n in members])
        out.append((score, [(c.number, c.colours.sized_label()) for c in red],
                    [(c.number, c.colours.sized_label()) for c in black]))
    return out


def pair(t: Tournament) -> Pairing:
    """Pair ``t.next_round`` by 定位编排法 (dingwei.md)."""
    try:
        start = swiss.start_round(t, SYSTEM, build_round)
    except PairingError as e:
        raise club_blocks(t) or apart_blocks(t, build_round) or e from None
    if isinstance(start, Pairing):
        return start
    rnd, groups, notes = start.rnd, start.groups, start.notes
    bye_score = start.bye[0] if start.bye is not None else None
    boards: list[Board] = []
    layouts: list[BracketLayout] = []
    carry: list[int] = []
    for gi, (score, members) in enumerate(groups):
        lower = [n for _, ms in groups[gi + 1:] for n in ms]
        bracket = [rnd.entrants[n] for n in carry + members]
        br = make_bracket(rnd, score, bracket, frozenset(carry), lower, bye_score)
        res = pair_bracket(br)
        numbers = []
        for a, b, step, why in res.pairs:
            boards.append(rnd.board(len(boards) + 1, a, b, step, why))
            numbers.append(len(boards))
        labels = tuple((c.number, c.colours.sized_label() if c.colours.last else "") for c in bracket)
        handled = tuple(("board", numbers[n]) if kind == "pair" else ("float", n) for kind, n in res.handled)
        layouts.append(BracketLayout(score, tuple(br.rows[Colour.RED]), tuple(br.rows[Colour.BLACK]),
                                     tuple(carry), note=_layout_note(rnd, br), labels=labels,
                                     first=res.first, boards=tuple(numbers), left=tuple(res.floats),
                                     scores=tuple((n, rnd.entrants[n].score) for n in carry),
                                     handled=handled))
        carry = res.left
    bye = swiss.left_over_bye(rnd.k, carry, start.bye)  # the explanation words it (§7, §10)
    return Pairing(round=rnd.k, boards=tuple(boards), bye=bye, brackets=tuple(layouts),
                   system=SYSTEM, notes=tuple(notes), bye_why=_bye_reason(rnd, start.players, bye))


def club_blocks(t: Tournament) -> PairingError | None:
    """When hard 同单位回避 leaves no pairing (§5): the error naming the club
    pairs that block it — the fewest pairs of club mates a pairing without the
    rule needs (a maximum matching preferring other pairs).  None when the
    rule is not what blocks (a rematch or the bye does)."""
    k = t.next_round
    avoid = t.rules.club_rounds
    if k < 2 or not (avoid is None or k in avoid) or t.rules.club_strength != CLUB_HARD:
        return None
    free = replace(t, rules=replace(t.rules, club_rounds=frozenset()))
    rnd, players, _ = build_round(free)
    groups = swiss.score_groups(rnd, players)
    try:
        found = swiss.completion_bye_group(rnd, groups, players)
    except PairingError:
        return None  # not the clubs: without them it fails too
    club = {p.number: p.club.strip() for p in t.players}
    edges = [(a, b, 1 if club[a] and club[a] == club[b] else 2)
             for i, a in enumerate(players) for b in players[i + 1:] if rnd.eligible(a, b)]
    nodes = list(players)
    if found is not None:
        nodes.append(BYE)
        edges += [(c, BYE, 2) for c in found[1]]
    mate = swiss.maximum_matching(nodes, edges)
    blocking = sorted({(min(a, b), max(a, b)) for a, b in mate.items()
                       if a != BYE and b != BYE and club[a] and club[a] == club[b]})
    named = ", ".join(f"{a}–{b} ({club[a]})" for a, b in blocking)
    return PairingError(problem("pairing.club_blocks", round=k, setting=AVOID_CLUB, pairs=named))
