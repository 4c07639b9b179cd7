"""The event's pairing rules: one typed, frozen record (:class:`Rules`), and its two edges.

Every pairing system reads the rules it needs from ``Tournament.rules``
(engine/model.py) as typed fields — never from text.  Text (a TRF's ``XXB``
records, the Settings sheet's rows) is turned into :class:`Rules` once, at the
edge that read it, by :func:`parse_rules`, which reports every problem at once
(each naming the setting as it was given: ``Problem.setting``); the way back is
:func:`rule_texts` (the text of every rule, as the Settings sheet and the TRF
writer spell it).

The rules' key names (:data:`KEYS`) are those files have always used: the
engine option keys (``round1``, ``avoid_same_club`` …) and, for the rules that
have a labelled Settings row, that row's field name (``first_round``,
``club_rounds`` …; :data:`SHEET_KEYS`), which ``XXB set`` records use too.

Sections (§) are those of docs/spec/dingwei.md (version 2); seed rule numbers
(原则 7 …) those of docs/seeds/000.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Callable, Iterable, Mapping, Sequence

from .problems import InputError, Problem, problem

# -- the values some rules take ---------------------------------------------

ADJACENT_NUMBERS = "adjacent-numbers"  # 近号配对
FIRST_LAST = "first-last"  # 首尾配对
HALF_CROSS = "half-cross"  # 对半交叉
RANDOM = "random"  # 随机配对

ROUND1_METHODS: dict[str, str] = {
    ADJACENT_NUMBERS: ADJACENT_NUMBERS, "近号配对": ADJACENT_NUMBERS, "adjacent": ADJACENT_NUMBERS,
    FIRST_LAST: FIRST_LAST, "首尾配对": FIRST_LAST,
    HALF_CROSS: HALF_CROSS, "对半交叉": HALF_CROSS, "对半交叉配对": HALF_CROSS,
    RANDOM: RANDOM, "随机配对": RANDOM,
}
"""The round-1 methods (engine/systems/round1.py) and their accepted spellings."""

FIRST_ROUND_WORDS: dict[str, str] = {
    "fold": FIRST_LAST, "slide": HALF_CROSS, "近号": ADJACENT_NUMBERS, "首尾": FIRST_LAST,
    "对半": HALF_CROSS, "随机": RANDOM, "抽签": RANDOM,
}
"""Further words the Settings sheet's first-round row accepts (any case)."""

FIRST_ROUND_CHOICES: tuple[str, ...] = (ADJACENT_NUMBERS, FIRST_LAST, HALF_CROSS, RANDOM)
"""The round-1 methods in the order the Settings sheet offers them."""

CLUB_HARD = "hard"
CLUB_SOFT = "soft"
CLUB_STRENGTHS = {CLUB_HARD: CLUB_HARD, "硬": CLUB_HARD, "必须回避": CLUB_HARD, "必须": CLUB_HARD,
                  CLUB_SOFT: CLUB_SOFT, "软": CLUB_SOFT, "尽量回避": CLUB_SOFT, "尽量": CLUB_SOFT}
"""The strengths of 同单位回避 and their accepted spellings."""

COLOUR_TYPE_A, COLOUR_TYPE_B, COLOUR_TYPE_NONE = "A", "B", "none"
COLOUR_TYPES = (COLOUR_TYPE_A, COLOUR_TYPE_B, COLOUR_TYPE_NONE)
"""FIDE team system (C.04.6) Art. 1.7: the kinds of colour preference."""

TRUE_WORDS = ("1", "on", "yes", "true", "y", "是", "开")
"""The words that switch a yes/no rule on (any case)."""

FALSE_WORDS = ("0", "off", "no", "false", "n", "否", "关")
"""The words that switch a yes/no rule off (any case)."""

Scores = tuple[tuple[int, tuple[float, ...]], ...]
"""Each team's points round by round: ``((team, (round 1, round 2, …)), …)``."""


@dataclass(frozen=True)
class Rules:
    """How the event is paired, beyond its system, total rounds and points
    (``Tournament.system``, ``total_rounds``, ``points``).  Defaults: the
    rules an event has when nobody chose otherwise."""

    round1: str = ADJACENT_NUMBERS
    """§3: the round-1 method: 近号配对 (:data:`ADJACENT_NUMBERS`, "普遍采用",
    the default), 首尾配对, 对半交叉 or 随机配对 (:data:`ROUND1_METHODS`)."""

    round1_seed: int | None = None
    """§3 随机配对: the seed of the draw (None: one made from the event's name
    and numbers, engine/systems/round1.py ``default_seed``), written in the notes so
    that the draw can be repeated."""

    club_rounds: frozenset[int] | None = frozenset()
    """§4 同单位回避: the rounds in which players of one club/unit are kept
    apart; None: every round.  Default: none (seed 000 原则 7: 原则上不回避)."""

    club_strength: str = CLUB_HARD
    """§5 同单位回避 strength: :data:`CLUB_HARD` (default): a club mate is
    treated like a past opponent; :data:`CLUB_SOFT` (尽量回避, seed 000 原则 7):
    criterion 1b right after completion — fewest pairs of club mates."""

    float_balance: bool = False
    """§5 criterion 3b (seed 000 原则 9; dingwei.md version 2.1): after nearest
    scores and before colours, fewest players floating a third time one way,
    then fewest floating in the same direction as in their last played round
    (a player alone in his score group never counts).  Off (default): floats
    never break pairs."""

    high_score_first: bool = False
    """§6 last paragraph: 低分服从高分 (§6.4) applies before the colour history
    comparison (§6.2–6.3), as seed 000 §4 (9) does.  Default off."""

    provisional: bool = False
    """§8: pair with the unfinished games of the last round counted as draws
    (the notes list them).  Off (default): an unfinished game is an input error."""

    rr_cycles: int | None = None
    """Round robin (docs/spec/systems.md): 1 (单循环) or 2 (双循环) cycles;
    None: **Decision** — inferred from the total rounds (2 when they cover
    two cycles), so that a TRF with ``XXR`` is enough."""

    rr_draw_seed: int | None = None
    """Round robin: the recorded seed of the draw of lots (抽签) that gives the
    players their Berger numbers; None: the pairing numbers as entered."""

    rr_swap_last_two: bool = True
    """Round robin (FIDE C.05 Annex 1 recommendation): in a double round robin
    the last two rounds of the first cycle are switched.  Default on."""

    colour_preferences: str = COLOUR_TYPE_A
    """FIDE team system (C.04.6) Art. 1.7: Type ``A`` (default), ``B``
    (strong/mild preferences) or ``none``."""

    primary_scores: Scores | None = None
    """C.04.6 Art. 1.2: each team's primary score round by round, when it is
    not the tournament's own score (局分); None: the tournament's points.
    Written by engine/teams/projection.py from the team event."""

    secondary_scores: Scores | None = None
    """C.04.6 Art. 1.2 / 4.2.2: each team's secondary score round by round
    (used for colour allocation); None: no secondary score."""


DEFAULT_RULES = Rules()

# -- key names ---------------------------------------------------------------

ROUND1 = "round1"
ROUND1_SEED = "round1.seed"
AVOID_CLUB = "avoid_same_club"
AVOID_CLUB_STRENGTH = "avoid_same_club.strength"
FLOAT_BALANCE = "float_balance"
HIGH_SCORE_FIRST = "high_score_first"
PROVISIONAL = "provisional"
RR_CYCLES = "rr.cycles"
RR_DRAW_SEED = "rr.draw_seed"
RR_SWAP_LAST_TWO = "rr.swap_last_two"
COLOUR_PREFERENCES = "fide-team.colour-preferences"
PRIMARY_SCORES = "fide-team.primary-scores"
SECONDARY_SCORES = "fide-team.secondary-scores"

KEYS: Mapping[str, str] = {
    ROUND1: "round1", ROUND1_SEED: "round1_seed", AVOID_CLUB: "club_rounds",
    AVOID_CLUB_STRENGTH: "club_strength", FLOAT_BALANCE: "float_balance",
    HIGH_SCORE_FIRST: "high_score_first", PROVISIONAL: "provisional", RR_CYCLES: "rr_cycles",
    RR_DRAW_SEED: "rr_draw_seed", RR_SWAP_LAST_TWO: "rr_swap_last_two",
    COLOUR_PREFERENCES: "colour_preferences", PRIMARY_SCORES: "primary_scores",
    SECONDARY_SCORES: "secondary_scores",
}
"""Each rule's key (as files name it) → its :class:`Rules` field."""

SHEET_KEYS: Mapping[str, str] = {
    "first_round": ROUND1, "club_rounds": AVOID_CLUB, "club_strength": AVOID_CLUB_STRENGTH,
    "rr_cycles": RR_CYCLES,
}
"""The Settings sheet's names of the rules it has a labelled row for (also
``XXB set`` records; ``high_score_first`` and ``float_balance`` are the same
as the key) → the key.  ``club_rounds`` counts rounds as the sheet does: a
whole number N is the first N rounds."""

SHEET_ROWS: tuple[str, ...] = (
    "first_round", "club_rounds", HIGH_SCORE_FIRST, "rr_cycles", "club_strength", FLOAT_BALANCE)
"""The rules with a labelled Settings row, by their sheet name."""


def is_rule_key(key: str) -> bool:
    """Whether ``key`` names a rule (a key of :data:`KEYS` or :data:`SHEET_KEYS`)."""
    return key in KEYS or key in SHEET_KEYS


# -- text -> Rules -----------------------------------------------------------


def yes_no(raw: str) -> bool | None:
    """A yes/no word (:data:`TRUE_WORDS`, :data:`FALSE_WORDS`, either language), else None."""
    v = raw.strip().lower()
    return True if v in TRUE_WORDS else False if v in FALSE_WORDS else None


def _yes_no(raw: str, key: str, problems: list[Problem]) -> bool | None:
    on = yes_no(raw)
    if on is None:
        problems.append(problem("problem.on_off", setting=key, value=raw))
    return on


def _whole(raw: str, key: str, problems: list[Problem]) -> int | None:
    try:
        return int(raw.strip())
    except ValueError:
        problems.append(problem("problem.not_integer", setting=key, value=raw.strip()))
        return None


def club_rounds_of(raw: str, total_rounds: int, key: str = AVOID_CLUB) -> frozenset[int] | None:
    """§4 同单位回避 rounds from text: ``all`` (None: every round), nothing,
    or a list such as ``1-3,5``; with ``key`` ``club_rounds`` (the Settings
    sheet's) a whole number N is the first N rounds.  Every round named must
    lie in 1..``total_rounds``; a list is checked before it is expanded, so a
    huge range is refused at once, never built (:class:`InputError`)."""
    v = raw.strip().lower()
    if key == "club_rounds" and v.isdigit():
        v = f"1-{int(v)}" if int(v) > 0 else ""
    if v in ("all", "全部", "每轮") or v in TRUE_WORDS:
        return None
    if v in ("", "0", "none", "off", "no", "false", "否"):
        return frozenset()
    spans: list[tuple[int, int]] = []
    try:
        for part in v.replace("，", ",").split(","):
            part = part.strip()
            if not part:
                continue
            if "-" in part:
                first, last = part.split("-", 1)
                spans.append((int(first), int(last)))
            else:
                spans.append((int(part), int(part)))
    except ValueError:
        raise InputError(problem("problem.club_rounds", setting=key, value=raw.strip())) from None
    for a, b in spans:
        if not 1 <= a <= b <= total_rounds:
            raise InputError(problem("problem.club_rounds_range", setting=key,
                                     rounds=f"{a}-{b}" if a != b else str(a), total=total_rounds))
    return frozenset(r for a, b in spans for r in range(a, b + 1))


def parse_scores(raw: str, key: str) -> Scores:
    """``"1:5,4.5;2:3,4"`` (team: points of each round) → :data:`Scores`."""
    out: dict[int, tuple[float, ...]] = {}
    bad: list[str] = []
    for part in raw.split(";"):
        if not part.strip():
            continue
        try:
            n, _, vals = part.partition(":")
            out[int(n)] = tuple(float(v) for v in vals.split(",") if v.strip())
        except ValueError:
            bad.append(part)
    if bad:
        raise InputError(problem("problem.team_scores", setting=key,
                                 value=", ".join(repr(b) for b in bad)))
    return tuple(sorted(out.items()))


def format_scores(scores: Scores | Mapping[int, Sequence[float]]) -> str:
    """``{1: (2.0, 1.0)} -> "1:2,1"`` (team: each round's points)."""
    items = sorted(scores.items()) if isinstance(scores, Mapping) else sorted(scores)
    return ";".join(f"{n}:" + ",".join(f"{x:g}" for x in v) for n, v in items)


class _Invalid:
    """The type of :data:`_INVALID`."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "<invalid rule value: its problem is reported>"


_INVALID = _Invalid()
"""What a rule's parser returns for a value given wrongly (its problem is
already in the list): never a rule's value, and not None, which some rules
take (``round1.seed`` empty: no seed)."""


def _or_invalid(x: object) -> object:
    return _INVALID if x is None else x


_Parser = Callable[[str, str, int, list[Problem]], object]
"""A rule's parser: ``(key as given, text, total rounds, problems)`` → the
rule's typed value, or :data:`_INVALID` with its problem appended."""


def _round1(key: str, raw: str, total_rounds: int, problems: list[Problem]) -> object:
    """§3 the round-1 method; the Settings sheet's row (``first_round``) also
    takes :data:`FIRST_ROUND_WORDS`.  Nothing: 近号配对."""
    v = raw.strip()
    if not v:
        return ADJACENT_NUMBERS
    method = ROUND1_METHODS.get(v) or ROUND1_METHODS.get(v.lower())
    if method is None and key == "first_round":
        method = FIRST_ROUND_WORDS.get(v.lower())
    if method is not None:
        return method
    if key == "first_round":
        problems.append(problem("problem.first_round_choice", setting=key, value=raw,
                                choices=", ".join(FIRST_ROUND_CHOICES)))
    else:
        problems.append(problem("problem.round1_method", setting=key, value=v,
                                choices=", ".join(sorted(set(ROUND1_METHODS.values())))))
    return _INVALID


def _seed(key: str, raw: str, total_rounds: int, problems: list[Problem]) -> object:
    """A draw's seed: a whole number; nothing: None (no seed given)."""
    v = raw.strip()
    return None if not v else _or_invalid(_whole(v, key, problems))


def _club_rounds(key: str, raw: str, total_rounds: int, problems: list[Problem]) -> object:
    """§4 同单位回避 rounds (:func:`club_rounds_of`)."""
    try:
        return club_rounds_of(raw.strip(), total_rounds, key)
    except InputError as e:
        problems.extend(e.problems)
        return _INVALID


def _club_strength(key: str, raw: str, total_rounds: int, problems: list[Problem]) -> object:
    """§5 同单位回避 strength (:data:`CLUB_STRENGTHS`); nothing: hard."""
    v = raw.strip().lower()
    strength = CLUB_STRENGTHS.get(v or CLUB_HARD)
    if strength is None:
        problems.append(problem("problem.club_strength", setting=key, value=v,
                                hard=CLUB_HARD, soft=CLUB_SOFT))
        return _INVALID
    return strength


def _switch(key: str, raw: str, total_rounds: int, problems: list[Problem]) -> object:
    """A yes/no rule (:func:`yes_no`); nothing: off."""
    return False if not raw.strip() else _or_invalid(_yes_no(raw, key, problems))


_RR_CYCLE_WORDS = {"单循环": 1, "single": 1, "双循环": 2, "double": 2}


def _rr_cycles(key: str, raw: str, total_rounds: int, problems: list[Problem]) -> object:
    """A round robin's cycles: 1 or 2 (or 单循环/双循环, single/double); nothing: None (inferred)."""
    v = raw.strip()
    if not v:
        return None
    n = _RR_CYCLE_WORDS.get(v.lower())
    if n is None and v in ("1", "2"):
        n = int(v)
    if n is None:
        problems.append(problem("problem.rr_cycles", setting=key, value=int(v) if v.isdigit() else raw))
        return _INVALID
    return n


def _zero_one(key: str, raw: str, total_rounds: int, problems: list[Problem]) -> object:
    """A 0/1 rule (``rr.swap_last_two``); nothing: on."""
    v = raw.strip()
    if not v:
        return True
    if v not in ("0", "1"):
        problems.append(problem("problem.zero_or_one", setting=key, value=v))
        return _INVALID
    return v == "1"


def _colour_preferences(key: str, raw: str, total_rounds: int, problems: list[Problem]) -> object:
    """C.04.6 Art. 1.7 the kind of colour preference (:data:`COLOUR_TYPES`, any case); nothing: A."""
    v = raw.strip()
    kind = COLOUR_TYPE_NONE if v.lower() == COLOUR_TYPE_NONE else (v.upper() or COLOUR_TYPE_A)
    if kind not in COLOUR_TYPES:
        problems.append(problem("problem.colour_preferences", setting=key, value=v,
                                choices=", ".join(COLOUR_TYPES)))
        return _INVALID
    return kind


def _scores(key: str, raw: str, total_rounds: int, problems: list[Problem]) -> object:
    """Each team's points round by round (:func:`parse_scores`); nothing: None."""
    v = raw.strip()
    if not v:
        return None
    try:
        return parse_scores(v, key)
    except InputError as e:
        problems.extend(e.problems)
        return _INVALID


_PARSERS: Mapping[str, _Parser] = {
    ROUND1: _round1, ROUND1_SEED: _seed, RR_DRAW_SEED: _seed, AVOID_CLUB: _club_rounds,
    AVOID_CLUB_STRENGTH: _club_strength, FLOAT_BALANCE: _switch, HIGH_SCORE_FIRST: _switch,
    PROVISIONAL: _switch, RR_CYCLES: _rr_cycles, RR_SWAP_LAST_TWO: _zero_one,
    COLOUR_PREFERENCES: _colour_preferences, PRIMARY_SCORES: _scores, SECONDARY_SCORES: _scores,
}
"""Each rule's key → its parser: one per rule, the key as given passed on so
that a problem names the setting as it was written."""


def _value(key: str, raw: str, total_rounds: int, problems: list[Problem]) -> object:
    """The typed value of one rule (:data:`_INVALID` when it is wrong; the problem is in ``problems``)."""
    parse = _PARSERS.get(SHEET_KEYS.get(key, key))
    if parse is None:
        problems.append(problem("problem.unknown_setting", setting=key, label=key))
        return _INVALID
    return parse(key, raw, total_rounds, problems)


def parse_rules(pairs: Iterable[tuple[str, str]], total_rounds: int, base: Rules = DEFAULT_RULES) -> Rules:
    """The rules ``pairs`` (key, text) give over ``base``; a later pair of a
    key wins.  ``total_rounds`` bounds the 同单位回避 rounds.  Every problem
    (an unknown key, a value that is not the rule's) is reported at once in one
    :class:`InputError`, each with ``setting`` = the key as given."""
    problems: list[Problem] = []
    values: dict[str, object] = {}
    for key, raw in pairs:
        x = _value(key, raw, total_rounds, problems)
        if x is not _INVALID:
            values[KEYS[SHEET_KEYS.get(key, key)]] = x
    if problems:
        raise InputError(problems)
    return replace(base, **values)  # type: ignore[arg-type]


# -- Rules -> text -----------------------------------------------------------


def _on_off(x: bool) -> str:
    return "on" if x else "off"


def club_rounds_text(rounds: frozenset[int] | None, sheet: bool = False) -> str:
    """The 同单位回避 rounds as text: ``all``, ``1-3,5``, nothing (none); with
    ``sheet`` as the Settings sheet counts them: the first N rounds as ``N``
    and none as ``0``."""
    if rounds is None:
        return "all"
    if not rounds:
        return "0" if sheet else ""
    ordered = sorted(rounds)
    if sheet and ordered == list(range(1, len(ordered) + 1)):
        return str(len(ordered))
    spans: list[str] = []
    start = prev = ordered[0]
    for r in ordered[1:] + [0]:
        if r != prev + 1:
            spans.append(str(start) if start == prev else f"{start}-{prev}")
            start = r
        prev = r
    return ",".join(spans)


def rule_texts(rules: Rules, sheet: bool = False) -> tuple[tuple[str, str], ...]:
    """Every rule of ``rules`` as (key, text), read back by :func:`parse_rules`
    to the same rules.  ``sheet``: the rules with a labelled Settings row by
    their sheet name (:data:`SHEET_ROWS`) and in its spelling (``club_rounds``
    ``3`` for the first three rounds; the cycles ``1`` when they are inferred)."""
    r = rules
    seed = "" if r.round1_seed is None else str(r.round1_seed)
    draw = "" if r.rr_draw_seed is None else str(r.rr_draw_seed)
    out = [
        ("first_round" if sheet else ROUND1, r.round1),
        ("club_rounds" if sheet else AVOID_CLUB, club_rounds_text(r.club_rounds, sheet)),
        (HIGH_SCORE_FIRST, _on_off(r.high_score_first)),
        ("rr_cycles" if sheet else RR_CYCLES,
         str(r.rr_cycles if r.rr_cycles is not None else (1 if sheet else ""))),
        ("club_strength" if sheet else AVOID_CLUB_STRENGTH, r.club_strength),
        (FLOAT_BALANCE, _on_off(r.float_balance)),
        (ROUND1_SEED, seed), (PROVISIONAL, _on_off(r.provisional)), (RR_DRAW_SEED, draw),
        (RR_SWAP_LAST_TWO, "1" if r.rr_swap_last_two else "0"),
        (COLOUR_PREFERENCES, r.colour_preferences),
        (PRIMARY_SCORES, "" if r.primary_scores is None else format_scores(r.primary_scores)),
        (SECONDARY_SCORES, "" if r.secondary_scores is None else format_scores(r.secondary_scores)),
    ]
    return tuple(out)


def changed_rule_texts(rules: Rules, sheet: bool = False,
                       skip: Iterable[str] = ()) -> tuple[tuple[str, str], ...]:
    """:func:`rule_texts` of the rules that differ from :data:`DEFAULT_RULES`
    (those named in ``skip`` left out)."""
    left = set(skip)
    default = dict(rule_texts(DEFAULT_RULES, sheet))
    return tuple((k, v) for k, v in rule_texts(rules, sheet)
                 if k not in left and v != default[k])


assert {f.name for f in fields(Rules)} == set(KEYS.values())
assert set(_PARSERS) == set(KEYS)

__all__ = [
    "ADJACENT_NUMBERS", "AVOID_CLUB", "AVOID_CLUB_STRENGTH", "CLUB_HARD", "CLUB_SOFT", "CLUB_STRENGTHS",
    "COLOUR_PREFERENCES", "COLOUR_TYPES", "DEFAULT_RULES", "FALSE_WORDS", "FIRST_LAST", "FIRST_ROUND_CHOICES",
    "FLOAT_BALANCE", "HALF_CROSS", "HIGH_SCORE_FIRST", "KEYS", "PRIMARY_SCORES", "PROVISIONAL", "RANDOM",
    "ROUND1", "ROUND1_METHODS", "ROUND1_SEED", "RR_CYCLES", "RR_DRAW_SEED", "RR_SWAP_LAST_TWO", "Rules",
    "SECONDARY_SCORES", "SHEET_KEYS", "SHEET_ROWS", "Scores", "TRUE_WORDS", "changed_rule_texts", "yes_no",
    "club_rounds_of", "club_rounds_text", "format_scores", "is_rule_key", "parse_rules", "parse_scores",
    "rule_texts",
]
