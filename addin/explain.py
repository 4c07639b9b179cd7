"""The explanation of a pairing in the arbiter's words (docs/spec/dingwei.md §10).

The engine says how each pair was made as records (``engine/pairing.py``:
:class:`PairReason`, :class:`ColourReason`, :class:`FloatReason` and the
bracket's :class:`BracketLayout`); this module turns them into the words of
the workbook's language through :mod:`addin.labels` — the seeds' own terms
(少先连后, 同位, 拆对 …) and the seed's own colour-rule numbers, never a
document's section.  A system whose boards carry no records (e.g. the Dutch
system) keeps its own step and rule text.
"""

from __future__ import annotations

import re
from typing import Sequence

from bianpai.addin.labels import LABELS, text
from bianpai.addin.messages import wording
from bianpai.engine.colours import (
    RULE_AVOID_THREE, RULE_FEWER_REDS, RULE_HIGH_SCORE, RULE_NUMBER_SUM, RULE_STREAK,
)
from bianpai.engine.fixed import FIXED_STEP
from bianpai.engine.pairing import Board, BracketLayout, FloatReason, Pairing
from bianpai.engine.round1 import RULE_EVEN_BOARD, RULE_ODD_BOARD, RULE_RANDOM, STEP_NAMES

Cell = object

_STEP_KEYS = {"同位": "xp.step.same", "错位": "xp.step.shifted", "通行": "xp.step.passed",
              "同行": "xp.step.same_row", "下调": "xp.step.down", "拆对": "xp.step.broken"}
_STEP_KEYS.update({name: f"xp.step.r1.{method}" for method, name in STEP_NAMES.items()})
_STEP_KEYS[FIXED_STEP] = "xp.step.fixed"  # a board the arbiter fixed before pairing (engine/fixed.py)
# 临近编排 (engine/adjacent.py STEP_ADJACENT, STEP_NEXT_ELIGIBLE)
_STEP_KEYS.update({"相邻": "xp.step.adjacent", "顺延": "xp.step.next_eligible"})

_CARD_BASE = {"少先": "xp.card.fewer", "多先": "xp.card.more", "平先": "xp.card.level"}
_CARD_TAIL = {"连先": "xp.card.reds", "连后": "xp.card.blacks", "上先": "xp.card.last_red",
              "上后": "xp.card.last_black"}


def _numbers(ns: Sequence[int]) -> str:
    return "、".join(map(str, ns))


def _numbers_in(ns: Sequence[int], lang: str) -> str:
    return ", ".join(map(str, ns)) if lang == "en" else _numbers(ns)


def card_label(label: str, lang: str) -> str:
    """A card's label (少先连后 …) in ``lang``; "" (no colour yet) as such."""
    if not label:
        return text("xp.card.none", lang)
    if lang != "en":
        return label
    base, tail = label[:2], label[2:]
    words = [text(_CARD_BASE[base], lang)] if base in _CARD_BASE else [base]
    if tail in _CARD_TAIL:
        words.append(text(_CARD_TAIL[tail], lang))
    return ", ".join(words)


def step_text(board: Board, lang: str) -> str:
    """The step that made the pair (同位, 错位 … / same position …)."""
    key = _STEP_KEYS.get(board.step)
    return text(key, lang) if key else worded(board.step, lang)


# -- the plain-text steps, colour rules and notes some systems give (issue 13 item 7) -----------

_WORDED: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"^5\.2\.1 both preferences$"), "xp.dutch.both"),
    (re.compile(r"^5\.2\.2 stronger \(strong\) preference$"), "xp.dutch.stronger"),
    (re.compile(r"^5\.2\.2 stronger \(absolute\) preference$"), "xp.dutch.absolute"),
    (re.compile(r"^5\.2\.3 alternate from the last difference$"), "xp.dutch.alternate"),
    (re.compile(r"^5\.2\.4 higher-ranked player's preference$"), "xp.dutch.higher"),
    (re.compile(r"^5\.2\.5 pairing number$"), "xp.dutch.number"),
    (re.compile(r"^(?P<a>\S+) ↓ (?P<b>\S+) \(float\)$"), "xp.dutch.float"),
)
"""The engine's plain-text steps and colour rules (the Dutch system's rule
lines and float lines) and the label that words each in the workbook's
language; other text stays as it is.  A pairing's notes are keyed records
(``Pairing.notes``), worded by :func:`bianpai.addin.messages.wording`."""


def worded(raw: str, lang: str) -> str:
    """An engine's plain-text step or colour rule in ``lang`` (:data:`_WORDED`)."""
    for pattern, key in _WORDED:
        m = pattern.match(raw)
        if m:
            return text(key, lang, **m.groupdict())
    return raw


def colour_rule_text(board: Board, lang: str) -> str:
    """The colour rule that gave red, by the seed's own number and words."""
    why = board.colour_why
    if why is None:
        if board.colour_rule == FIXED_STEP:
            return text("xp.cr.fixed", lang)
        return worded(board.colour_rule, lang)
    if why.rule == RULE_FEWER_REDS:
        out = text("xp.cr.1", lang)
    elif why.rule == RULE_STREAK:
        red, black = card_label(why.red_label, lang), card_label(why.black_label, lang)
        out = text(f"xp.cr.{why.seed_rule}", lang) if why.seed_rule else \
            text("xp.cr.streak", lang, red=red, black=black)
    elif why.rule == RULE_HIGH_SCORE:
        out = text("xp.cr.9", lang)
    elif why.rule == RULE_NUMBER_SUM:
        total = board.red + board.black
        out = text("xp.cr.8.odd" if total % 2 else "xp.cr.8.even", lang, sum=total)
    elif why.rule == RULE_AVOID_THREE:
        out = text("xp.cr.avoid_three", lang)
    elif why.rule in (RULE_ODD_BOARD, RULE_EVEN_BOARD, RULE_RANDOM):
        out = text({RULE_ODD_BOARD: "xp.cr.r1.odd", RULE_EVEN_BOARD: "xp.cr.r1.even",
                    RULE_RANDOM: "xp.cr.r1.random"}[why.rule], lang)
    else:
        out = why.rule
    if why.swapped:
        out += text("xp.cr.swapped", lang)
    return out


def _because(code: str, lang: str) -> str:
    key = f"xp.because.{code}"
    return text(key, lang) if key in LABELS else code


def pair_reason_text(board: Board, lang: str) -> str:
    """Why the pair was made: the step with its reason (whom the 同位 card had
    met, who was passed, which pair was broken and why …)."""
    why = board.why
    if why is None:
        return step_text(board, lang)
    p = why.chooser
    q = board.black if board.red == p else board.red
    args = dict(p=p, q=q)
    parts: list[str] = []
    if why.broken is not None:
        a, b = why.broken
        parts.append(text("xp.why.broken", lang, a=a, b=b, because=_because(why.because, lang), **args))
    elif why.step == "下调":
        parts.append(text("xp.why.down", lang, floaters=_numbers_in(why.floaters, lang), **args))
    elif why.step == "通行":
        parts.append(text("xp.why.passed", lang, passed=_numbers_in(why.passed, lang), **args))
    elif why.step == "同行":
        parts.append(text("xp.why.same_row", lang, **args))
    elif why.step == "错位" and not why.met and why.apart:
        parts.append(text("xp.why.shifted_apart", lang, apart=_numbers_in(why.apart, lang), **args))
    elif why.step == "错位":
        parts.append(text("xp.why.shifted", lang, met=_numbers_in(why.met, lang), **args))
    else:
        parts.append(text("xp.why.same", lang, **args))
    if why.met and why.step != "错位":
        parts.append(text("xp.why.had_met", lang, p=p, met=_numbers_in(why.met, lang)))
    if why.apart and not (why.step == "错位" and not why.met):
        parts.append(text("xp.why.apart", lang, p=p, apart=_numbers_in(why.apart, lang)))  # 回避名单
    return text("xp.sep", lang).join(parts)


def float_reason_text(f: FloatReason, lang: str) -> str:
    """Why this card floats down and not another."""
    if f.instead is not None:
        return text("xp.float.instead", lang, p=f.player, q=f.instead, because=_because(f.because, lang))
    key = f"xp.float.{f.because}"
    return text(key, lang, p=f.player) if key in LABELS else f"{f.player}: {f.because}"


def board_cells(pairing: Pairing, lang: str) -> tuple[tuple[str, str], ...]:
    """Per board, the round sheet's step and colour-rule cells."""
    return tuple((step_text(b, lang), colour_rule_text(b, lang)) for b in pairing.boards)


def _row_of_cards(b: BracketLayout, row: tuple[int, ...], lang: str) -> str:
    label = dict(b.labels)
    mark = text("xp.first", lang)
    return "  ".join(f"{n} {card_label(label.get(n, ''), lang)}" + (mark if n == b.first else "")
                     for n in row) or "—"


def _score(x: float) -> str:
    return f"{x:g}"


BOARD_KEY = "xp.board"
"""How a pair of the explanation is named: 第N台 (a board); a team round's pairs
are matches, :data:`MATCH_KEY` (第N场)."""

MATCH_KEY = "xp.match"


def bracket_rows(pairing: Pairing, lang: str, pair_key: str = BOARD_KEY) -> list[tuple[Cell, ...]]:
    """Every bracket: its two rows of cards with their labels (the 先编者
    marked), the floaters in it, its pairs in the order made with step,
    reason and colour rule (each named by ``pair_key``: a board, or a team
    round's match), and who floats out of it and why."""
    boards = {b.number: b for b in pairing.boards}
    rows: list[tuple[Cell, ...]] = []
    if any(not b.labels for b in pairing.brackets):  # a system that lays out no cards (临近编排)
        rows.append((text("explain.score", lang), text("xp.order", lang), text("explain.floaters", lang),
                     text("explain.note", lang)))
    for b in pairing.brackets:
        if not b.labels:  # its order, floaters and note
            rows.append((text("xp.group", lang, score=_score(b.score)), " ".join(map(str, b.red_row)) or None,
                         " ".join(map(str, b.floaters)) or None, b.note or None))
            continue
        rows.append((text("xp.group", lang, score=_score(b.score)), text("xp.red_row", lang),
                     _row_of_cards(b, b.red_row, lang)))
        rows.append((None, text("xp.black_row", lang), _row_of_cards(b, b.black_row, lang)))
        if b.floaters:
            rows.append((None, text("xp.floated_in", lang), _numbers_in(b.floaters, lang)))
        for n in b.boards:
            bd = boards[n]
            rows.append((None, text(pair_key, lang, n=n),
                         f"{bd.red}–{bd.black}  {step_text(bd, lang)}：{pair_reason_text(bd, lang)}"
                         if lang != "en" else
                         f"{bd.red}–{bd.black}  {step_text(bd, lang)}: {pair_reason_text(bd, lang)}",
                         None, None, None, None, None, None, colour_rule_text(bd, lang)))
        for f in b.left:
            rows.append((None, text("xp.step.down", lang), float_reason_text(f, lang)))
    return rows


def explanation_rows(pairing: Pairing, lang: str, pair_key: str = BOARD_KEY) -> tuple[tuple[Cell, ...], ...]:
    """The rows below a round's pairing table: how the round was paired,
    bracket by bracket (pairs named by ``pair_key``), the bye, and the
    pairing's notes."""
    rows: list[tuple[Cell, ...]] = []
    fixed = [b.number for b in pairing.boards if b.step == FIXED_STEP]
    if fixed:
        rows.append((text("xp.fixed", lang, boards=_numbers_in(fixed, lang)),))
    if pairing.brackets:
        rows.append((text("xp.title", lang),))
        rows.extend(bracket_rows(pairing, lang, pair_key))
        if pairing.bye is not None and any(b.labels for b in pairing.brackets):
            rows.append((None, text("xp.bye", lang), text("xp.bye.why", lang, p=pairing.bye)))
    if pairing.notes:
        rows.append((text("explain.notes", lang),))
        rows.extend((wording(n, lang),) for n in pairing.notes)
    return tuple(rows)
