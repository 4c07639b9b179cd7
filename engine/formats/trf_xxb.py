"""Bianpai's own ``XXB`` header records: those that give a rule or the
system (:data:`RULE_RECORDS`, read into ``Tournament.rules`` and ``system``;
written by :func:`rule_records`) and those about the players and rounds
(:data:`PLAYER_RECORDS`: club, seed, late entry, status, board order,
provisional draws), applied to what the ``001`` records give.  The other
``XXB`` records are the workbook's (addin/workbook/trfbook.py), kept unchanged."""

from __future__ import annotations

from dataclasses import replace

from ..model import DEFAULT_SYSTEM, Bye, ByeKind, Player, Round, Tournament, last_appearance
from ..problems import InputError
from ..registry import SYSTEMS as SYSTEM_NAMES
from ..rules import DEFAULT_RULES, SHEET_KEYS, SHEET_ROWS, Rules, changed_rule_texts, is_rule_key, parse_rules
from .trf_fields import TrfProblems

RULE_RECORDS = ("set", "option")
"""``XXB set <name> <value>`` (a rule by its Settings-sheet name, or ``system``)
and ``XXB option <key> <value>`` (a rule by its key, engine/rules.py): read
into ``Tournament.rules`` (and ``system``) when they name a rule; any other
``XXB`` record is the workbook's (addin/workbook/trfbook.py), kept in the records."""


def rule_record(text: str) -> tuple[str, str] | None:
    """The (key, value) an ``XXB`` record's text gives, when it gives a rule
    or the system (``system`` is the key of the system)."""
    parts = text.split(None, 2)
    if len(parts) < 2 or parts[0] not in RULE_RECORDS:
        return None
    key, value = parts[1], parts[2] if len(parts) > 2 else ""
    if parts[0] == "set" and (key == "system" or key in SHEET_ROWS):
        return key, value
    if parts[0] == "option" and is_rule_key(key) and key not in SHEET_KEYS:
        return key, value
    return None


def rule_records(t: Tournament) -> list[str]:
    """The ``XXB`` records of ``t``'s system and of its rules that are not the
    defaults (read back by :func:`parse_trf` to the same rules)."""
    out = [f"XXB set system {t.system}"] if t.system != DEFAULT_SYSTEM else []
    for key, value in changed_rule_texts(t.rules, sheet=True):
        out.append(f"XXB {'set' if key in SHEET_ROWS else 'option'} {key} {value}".rstrip())
    return out


def rules_and_system(records: list[tuple[str, str, int]], declared: list[tuple[str, int]], total: int,
                     problems: TrfProblems) -> tuple[Rules, str]:
    """The rules and the system the ``XXB`` rule records give (``records``:
    (key, value, line); a later record wins), the system also from a
    ``092``/``192`` type record (``declared``: (system, line)): a type and an
    ``XXB set system`` that disagree are refused, naming both lines."""
    rules, system = DEFAULT_RULES, DEFAULT_SYSTEM
    said: list[tuple[str, int]] = list(declared)
    for key, value, i in records:
        if key == "system":
            if value.strip() not in SYSTEM_NAMES:
                problems.add(i, 1, "problem.trf_system", value=value.strip(), choices=", ".join(SYSTEM_NAMES))
            else:
                said.append((value.strip(), i))
            continue
        try:
            rules = parse_rules([(key, value)], total, rules)
        except InputError as e:
            problems += [replace(p, line=i, where=f"{problems.source}:{i}:1") for p in e.problems]
    for name, i in said:
        first, at = said[0]
        if name != first:
            problems.add(i, 1, "problem.trf_systems_differ", system=name, other=first, other_line=at)
    if said:
        system = said[-1][0]
    return rules, system


#: The words of an ``XXB status N <status> [round]`` record (what
#: ``export-trf`` writes: the Players sheet's status words in English; the
#: Chinese ones are read too): (withdrawn, the bye or absence asked for).
STATUS_WORDS: dict[str, tuple[bool, ByeKind | None]] = {
    "active": (False, None), "在赛": (False, None),
    "withdrawn": (True, None), "退赛": (True, None),
    "absent": (False, ByeKind.ABSENT), "请假": (False, ByeKind.ABSENT),
    "half-point bye": (False, ByeKind.HALF), "半分轮空": (False, ByeKind.HALF),
    "full-point bye": (False, ByeKind.FULL), "全分轮空": (False, ByeKind.FULL),
    "zero-point bye": (False, ByeKind.ZERO), "零分轮空": (False, ByeKind.ZERO),
}

PLAYER_RECORDS = ("club", "seed", "joins", "status")
"""The ``XXB`` records about one player (``XXB club 7 东城``, ``XXB seed 7``,
``XXB joins 7 3``, ``XXB status 7 withdrawn 4``): read into the players (his
club, seed, first round, withdrawal) and the requests, the way the Players
sheet's cells are read (a withdrawal without a round: from the round after
his last appearance).  ``XXB boards K r1 r2 …`` orders round K's games by red
player; ``XXB provisional K r1 r2 …``: round K's games (by red player) that
were counted as draws when the round after it was paired (``pair
--provisional``, ``Round.provisional``).  A TRF with no ``XXB club`` record
gives each player his federation as club (the one group a TRF from another
program knows)."""


def _status(words: list[str]) -> tuple[bool, ByeKind | None, int | None] | None:
    """(withdrawn, bye asked for, round) of an ``XXB status`` record's words; None: not understood."""
    k: int | None = None
    if len(words) > 1 and words[-1].isdigit():
        k, words = int(words[-1]), words[:-1]
    got = STATUS_WORDS.get(" ".join(words).lower())
    if got is None or (k is not None and (k < 1 or got == (False, None))):
        return None
    return (*got, k)


def program_records(program: list[tuple[list[str], int]], players: list[Player], rounds: list[Round],
                     requests: list[tuple[int, Bye]], problems: TrfProblems
                     ) -> tuple[list[Player], list[Round], list[tuple[int, Bye]]]:
    """The players, rounds and requests with the ``XXB`` player and board
    records applied (:data:`PLAYER_RECORDS`); a record naming no player, or
    one not understood, is refused naming its line."""
    by_number = {p.number: p for p in players}
    statuses: dict[int, tuple[bool, ByeKind | None, int | None]] = {}
    clubs = False
    boards: dict[int, list[int]] = {}
    marks: dict[int, tuple[int, ...]] = {}  # round -> its games counted as draws when the next was paired
    for words, i in program:
        what = words[0]
        if what in ("boards", "provisional"):
            try:
                rk, reds = int(words[1]), [int(w) for w in words[2:]]
            except (IndexError, ValueError):
                problems.add(i, 5, "problem.trf_xxb_record", record=" ".join(["XXB", *words])[:60])
                continue
            if what == "boards":
                boards[rk] = reds
            elif not 1 <= rk <= len(rounds) or not set(reds) <= {g.red for g in rounds[rk - 1].games}:
                problems.add(i, 5, "problem.trf_xxb_record", record=" ".join(["XXB", *words])[:60])
            else:
                marks[rk] = tuple(reds)
            continue
        if what not in PLAYER_RECORDS:
            continue
        n = int(words[1]) if len(words) > 1 and words[1].isdigit() else None
        if n is None or n not in by_number:
            problems.add(i, 5, "problem.trf_xxb_player", record=" ".join(["XXB", *words])[:60],
                         value=words[1] if len(words) > 1 else "")
            continue
        p = by_number[n]
        rest = words[2:]
        if what == "club" and rest:
            by_number[n] = replace(p, club=" ".join(rest))
            clubs = True
        elif what == "seed" and not rest:
            by_number[n] = replace(p, seeded=True)
        elif what == "joins" and len(rest) == 1 and rest[0].isdigit() and int(rest[0]) >= 1:
            by_number[n] = replace(p, joins_from=int(rest[0]))
        elif what == "status" and (st := _status(rest)) is not None:
            statuses[n] = st
        else:
            problems.add(i, 5, "problem.trf_xxb_record", record=" ".join(["XXB", *words])[:60])
    if not clubs:
        by_number = {n: p if p.club or not p.federation else replace(p, club=p.federation)
                     for n, p in by_number.items()}
    next_round = len(rounds) + 1
    requests = list(requests)
    asked = {(r, b.player) for r, b in requests}
    for num, (withdrawn, kind, k) in sorted(statuses.items()):
        p = by_number[num]
        if withdrawn:
            since = k if k is not None else max(last_appearance(rounds, num) + 1, p.joins_from)
            by_number[num] = replace(p, withdrawn_from=since)
        elif kind is not None:
            r = k if k is not None else next_round
            if r >= next_round and (r, num) not in asked:
                requests.append((r, Bye(num, kind)))
                asked.add((r, num))
    rounds = [_in_board_order(rnd, boards[rnd.number]) if rnd.number in boards else rnd for rnd in rounds]
    rounds = [replace(rnd, provisional=marks[rnd.number]) if rnd.number in marks else rnd for rnd in rounds]
    return [by_number[p.number] for p in players], rounds, requests


def _in_board_order(rnd: Round, reds: list[int]) -> Round:
    """Round ``rnd`` with its games in the order of their red players ``reds``."""
    place = {r: i for i, r in enumerate(reds)}
    return replace(rnd, games=tuple(sorted(rnd.games, key=lambda g: (place.get(g.red, len(place)), g.red))))
