"""The explanation of a pairing in the arbiter's words (docs/spec/dingwei.md §10).

The engine says how each pair was made as records (``engine/results.py``:
:class:`PairReason`, :class:`ColourReason`, :class:`FloatReason` and the
bracket's :class:`BracketLayout`); this module turns them into the words of
the workbook's language through :mod:`bianpai.addin.workbook.words` — the seeds' own terms
(少先连后, 同位, 拆对 …) and the seed's own colour-rule numbers, never a
document's section.  A system whose boards carry no records (e.g. the Dutch
system) keeps its own step and rule text.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Sequence

from bianpai.addin.workbook.words import LABELS, text
from bianpai.addin.workbook.messages import wording
from bianpai.engine.systems.chinese.colours import (
    RULE_AVOID_THREE, RULE_FEWER_REDS, RULE_HIGH_SCORE, RULE_NUMBER_SUM, RULE_STREAK,
    SEED_RULE_LAST_COLOURS,
)
from bianpai.engine.constraints.fixed import FIXED_STEP
from bianpai.engine.results import FLOAT_MET_ALL, Board, BracketLayout, FloatReason, Pairing
from bianpai.engine.systems.round1 import RULE_EVEN_BOARD, RULE_ODD_BOARD, RULE_RANDOM, STEP_NAMES

Cell = object

_STEP_KEYS = {"同位": "xp.step.same", "错位": "xp.step.shifted", "通行": "xp.step.passed",
              "同行": "xp.step.same_row", "下调": "xp.step.down", "拆对": "xp.step.broken"}
_STEP_KEYS.update({name: f"xp.step.r1.{method}" for method, name in STEP_NAMES.items()})
# a board the arbiter fixed before pairing (engine/constraints/fixed.py)
_STEP_KEYS[FIXED_STEP] = "xp.step.fixed"
# 临近编排 (engine/systems/chinese/adjacent.py STEP_ADJACENT, STEP_NEXT_ELIGIBLE)
_STEP_KEYS.update({"相邻": "xp.step.adjacent", "顺延": "xp.step.next_eligible"})

_CARD_BASE = {"少先": "xp.card.fewer", "多先": "xp.card.more", "平先": "xp.card.level"}
_CARD_TAIL = {"连先": "xp.card.reds", "连后": "xp.card.blacks", "上先": "xp.card.last_red",
              "上后": "xp.card.last_black"}


def _numbers(ns: Sequence[int]) -> str:
    return "、".join(map(str, ns))


def _numbers_in(ns: Sequence[int], lang: str) -> str:
    return ", ".join(map(str, ns)) if lang == "en" else _numbers(ns)


_LABEL = re.compile(r"^(少先|多先|平先)(\d*)(连先|连后|上先|上后)?(\d*)$")
"""A card's label as the engine writes it: 少先/多先/平先 with |d| (少先2), then
连先/连后 with the streak length (连后2) or 上先/上后 (docs/spec/dingwei.md §10)."""


def card_label(label: str, lang: str) -> str:
    """A card's label (少先2连后2 …) in ``lang``, sizes kept; "" (no colour yet) as such."""
    if not label:
        return text("xp.card.none", lang)
    m = _LABEL.match(label)
    if lang != "en" or m is None:
        return label
    base, d, tail, run = m.groups()
    word = text(_CARD_BASE[base], lang)
    words = [text("xp.card.by", lang, base=word, n=d) if d else word]
    if tail:
        tail_word = text(_CARD_TAIL[tail], lang)
        words.append(text("xp.card.run", lang, tail=tail_word, n=run) if run else tail_word)
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
(``Pairing.notes``), worded by :func:`bianpai.addin.workbook.messages.wording`."""


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
    red, black = card_label(why.red_label, lang), card_label(why.black_label, lang)
    if why.rule in (RULE_FEWER_REDS, RULE_STREAK, RULE_HIGH_SCORE) and why.extended:
        # the seed's rule applied beyond its words: marked as such, with both cards
        key = f"xp.cr.ext.{why.seed_rule}"
        if why.seed_rule == SEED_RULE_LAST_COLOURS and not why.red_label:
            key += ".none"  # no colour yet v one whose last game was red
        out = text(key, lang, red=red, black=black)
    elif why.rule in (RULE_FEWER_REDS, RULE_STREAK, RULE_HIGH_SCORE):
        out = text(f"xp.cr.{why.seed_rule}", lang)
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


def _because(code: str, lang: str, worse: Sequence[tuple[int, str]] = (),
             without: Sequence[int] = (), floating: Sequence[int] = ()) -> str:
    """A reason of §5 with what it compared: what the plain pair would have
    cost (否则 1 成为多二先), who would have had no opponent (否则 16 无人可配),
    who would have floated (否则本积分段少配一对，7、1 下调; 否则 6（分数较高）下调)."""
    if floating and code in ("pairs", "nearest"):
        return text(f"xp.because.{code}.who", lang, who=_numbers_in(floating, lang))
    if worse:
        what = text("xp.worse.and", lang).join(text(f"xp.worse.{w}", lang, p=n) for n, w in worse)
        return text("xp.because.worse", lang, what=what)
    if without:
        return text("xp.because.without", lang, without=_numbers_in(without, lang))
    key = f"xp.because.{code}"
    return text(key, lang) if key in LABELS else code


def _ahead(lang: str, met: Sequence[int] = (), club: Sequence[int] = (), apart: Sequence[int] = ()) -> str:
    """Why cards were not taken: met before (a game on the cards), club mates
    kept apart (同单位回避, never worded as a game), the 回避名单."""
    parts = ([text("xp.ahead.met", lang, met=_numbers_in(met, lang))] if met else []) + \
        ([text("xp.ahead.club", lang, club=_numbers_in(club, lang))] if club else []) + \
        ([text("xp.ahead.apart", lang, apart=_numbers_in(apart, lang))] if apart else [])
    return text("xp.worse.and", lang).join(parts)


def _category(label: str) -> int:
    """The §4.4 want category of a card's label: 0 多, 1 连, 2 上, 3 no colour yet."""
    if not label:
        return 3
    if not label.startswith("平先"):
        return 0
    return 1 if "连" in label else 2


def pair_reason_text(board: Board, lang: str) -> str:
    """Why the pair was made: the step with its reason (whom the 同位 card had
    met or is kept apart from, who was passed, which pair was broken and what
    that compared …)."""
    why = board.why
    if why is None:
        return step_text(board, lang)
    p = why.chooser
    q = board.black if board.red == p else board.red
    args = dict(p=p, q=q)
    parts: list[str] = []
    ahead_named = False
    if why.broken is not None:
        a, b = why.broken
        because = _because(why.because, lang, why.worse, why.left_without, why.would_float)
        parts.append(text("xp.why.broken", lang, a=a, b=b, because=because, **args))
    elif why.step == "下调":
        parts.append(text("xp.why.down", lang, floaters=_numbers_in(why.floaters, lang), **args))
    elif why.step == "通行":  # who had no one left (通行), who gave up his pair (its line is above)
        if why.passed:
            parts.append(text("xp.why.passed_lack", lang, passed=_numbers_in(why.passed, lang)))
        if why.waiting:
            parts.append(text("xp.why.waiting", lang, waiting=_numbers_in(why.waiting, lang)))
        parts.append(text("xp.why.chooses", lang, **args))
    elif why.step == "同行" and why.skipped:
        q_label = why_label(board, q)
        parts.append(text("xp.why.same_row_skip", lang, skipped=_numbers_in(why.skipped, lang),
                          cat=text(f"xp.cat.{_category(q_label)}", lang), **args))
    elif why.step == "同行":
        parts.append(text("xp.why.same_row", lang, **args))
    elif why.step == "错位" and why.met and not (why.club or why.apart):
        parts.append(text("xp.why.shifted", lang, met=_numbers_in(why.met, lang), **args))
        ahead_named = True
    elif why.step == "错位":
        parts.append(text("xp.why.shifted_ahead", lang, ahead=_ahead(lang, why.met, why.club, why.apart),
                          **args))
        ahead_named = True
    else:
        parts.append(text("xp.why.same", lang, **args))
    if not ahead_named and (why.met or why.club or why.apart):
        parts.append(text("xp.why.ahead", lang, p=p, ahead=_ahead(lang, why.met, why.club, why.apart)))
    return text("xp.sep", lang).join(parts)


def why_label(board: Board, n: int) -> str:
    """The label of player ``n`` of ``board`` before the round ("" when none is recorded)."""
    cw = board.colour_why
    if cw is None:
        return ""
    return cw.red_label if board.red == n else cw.black_label


def float_reason_text(f: FloatReason, lang: str) -> str:
    """Why this card floats down and not another."""
    if f.instead is not None:
        return text("xp.float.instead", lang, p=f.player, q=f.instead,
                    because=_because(f.because, lang, f.worse, f.left_without, f.would_float))
    if f.because == FLOAT_MET_ALL and (f.club or f.apart):
        return text("xp.float.kept_all", lang, p=f.player, ahead=_ahead(lang, f.met, f.club, f.apart))
    key = f"xp.float.{f.because}"
    return text(key, lang, p=f.player) if key in LABELS else f"{f.player}: {f.because}"


def bye_text(pairing: Pairing, lang: str) -> str:
    """Who has the bye and why (§7): the one left over in the lowest score
    group, or — when it is not the lowest — who below him could not have it."""
    bw = pairing.bye_why
    if bw is None or bw.lowest:
        return text("xp.bye.why", lang, p=pairing.bye)
    reasons = ([text("xp.bye.had", lang, had=_numbers_in(bw.had_bye, lang))] if bw.had_bye else []) + \
        ([text("xp.bye.blocked", lang, blocked=_numbers_in(bw.blocked, lang))] if bw.blocked else [])
    return text("xp.bye.why.above", lang, p=bw.player, score=_score(bw.score),
                reasons=text("xp.sep", lang).join(reasons))


def board_cells(pairing: Pairing, lang: str) -> tuple[tuple[str, str], ...]:
    """Per board, the round sheet's step and colour-rule cells."""
    return tuple((step_text(b, lang), colour_rule_text(b, lang)) for b in pairing.boards)


def _row_of_cards(b: BracketLayout, row: tuple[int, ...], lang: str) -> str:
    label = dict(b.labels)
    mark = text("xp.first", lang)
    return "  ".join(f"{_with_score(b, n, lang)} {card_label(label.get(n, ''), lang)}" +
                     (mark if n == b.first else "") for n in row) or "—"


def _with_score(b: BracketLayout, n: int, lang: str) -> str:
    """A card's number, with his score when he floated into the bracket (7（4分）)."""
    scores = dict(b.scores)
    return f"{n}{text('xp.score_of', lang, score=_score(scores[n]))}" if n in scores else str(n)


def _score(x: float) -> str:
    return f"{x:g}"


BOARD_KEY = "xp.board"
"""How a pair of the explanation is named: 第N台 (a board); a team round's pairs
are matches, :data:`MATCH_KEY` (第N场)."""

MATCH_KEY = "xp.match"


LINE_UNITS = 84
"""Decision (issue 27 item 8: what is printed must be readable): a line of a
bracket's explanation is one cell in column B, its label first (要先行：…,
第1台  …  ｜  colour rule), at most this many display units long (a CJK
character counts 2, any other 1) — longer lines go on in the next row,
indented (:data:`CONTINUED`) — so that a printed line is never cut off by the
edge of the page or a cell to its right (84 fits columns B–J of a team round
sheet; a round sheet passes :data:`ROUND_LINE_UNITS`).  A bracket's score is a
row of its own (column A is narrow)."""

ROUND_LINE_UNITS = 120
""":data:`LINE_UNITS` on a round sheet, whose columns B–L are wider."""

CONTINUED = "    "
"""The indent of a line's continuation rows (:data:`LINE_UNITS`)."""

_BREAKS = re.compile(r"(?<=[；，、：）])|(?<=; )|(?<=, )|(?<=: )|(?<= )")


def _char_units(ch: str) -> int:
    return 2 if unicodedata.east_asian_width(ch) in "WF" else 1


def units(s: str) -> int:
    """Display width of ``s``: a CJK (wide) character 2, any other 1."""
    return len(s) if s.isascii() else sum(map(_char_units, s))


def wrap(line: str, width: int) -> list[str]:
    """``line`` in pieces of at most ``width`` display units, broken after a
    separator (；，、：) or a space where it can be; every piece after the first
    begins with :data:`CONTINUED`.  Joined (the indents dropped) they give
    ``line`` again.  (Each width is counted once: the units of the piece being
    built and of the token are carried along, not counted again per token.)"""
    out: list[str] = []
    cur, cur_units = "", 0
    for token in (t for t in _BREAKS.split(line) if t):
        limit = width - (len(CONTINUED) if out else 0)
        token_units = units(token)
        while token_units > limit:  # one token longer than a line: cut it
            room = limit - cur_units
            cut = used = 0
            for ch in token:
                w = _char_units(ch)
                if used + w > room:
                    break
                used += w
                cut += 1
            if cut == 0:
                out.append(cur)
                cur, cur_units = "", 0
                limit = width - len(CONTINUED)
                continue
            out.append(cur + token[:cut])
            cur, cur_units, token, token_units = "", 0, token[cut:], token_units - used
            limit = width - len(CONTINUED)
        if cur and cur_units + token_units > limit:
            out.append(cur)
            cur, cur_units = "", 0
        cur += token
        cur_units += token_units
    if cur or not out:
        out.append(cur)
    return [piece if i == 0 else CONTINUED + piece for i, piece in enumerate(out)]


def _line(label: str, body: str, lang: str, width: int) -> list[tuple[Cell, ...]]:
    """One labelled line of a bracket (label：body), as rows of column B."""
    sep = ": " if lang == "en" else "："
    return [(None, piece) for piece in wrap(f"{label}{sep}{body}", width)]


def bracket_rows(pairing: Pairing, lang: str, pair_key: str = BOARD_KEY,
                 width: int = LINE_UNITS) -> list[tuple[Cell, ...]]:
    """Every bracket: its score, its two rows of cards with their labels (the
    先编者 marked, a floater with his score), the floaters in it, then its pairs
    and floats in the order the cards were handled — each pair (named by
    ``pair_key``: a board, or a team round's match) with step, reason and
    colour rule, each float with why this card and not another — as lines of
    at most ``width`` display units (:data:`LINE_UNITS`)."""
    boards = {b.number: b for b in pairing.boards}
    rows: list[tuple[Cell, ...]] = []
    if any(not b.labels for b in pairing.brackets):  # a system that lays out no cards (临近编排)
        rows.append((text("explain.score", lang), text("xp.order", lang), text("explain.floaters", lang),
                     text("explain.note", lang)))
    bar = "  |  " if lang == "en" else "  ｜  "
    for b in pairing.brackets:
        if not b.labels:  # its order, floaters and note
            rows.append((text("xp.group", lang, score=_score(b.score)), " ".join(map(str, b.red_row)) or None,
                         " ".join(map(str, b.floaters)) or None, b.note or None))
            continue
        rows.append((text("xp.group", lang, score=_score(b.score)),))
        rows += _line(text("xp.red_row", lang), _row_of_cards(b, b.red_row, lang), lang, width)
        rows += _line(text("xp.black_row", lang), _row_of_cards(b, b.black_row, lang), lang, width)
        if b.floaters:
            rows += _line(text("xp.floated_in", lang),
                          text("xp.worse.and", lang).join(_with_score(b, n, lang) for n in b.floaters)
                          if lang == "en" else "、".join(_with_score(b, n, lang) for n in b.floaters),
                          lang, width)
        floats = {f.player: f for f in b.left}
        # the lines in the order the cards were handled (a 拆对 before what it made possible)
        handled = b.handled or (tuple(("board", n) for n in b.boards) +
                                tuple(("float", f.player) for f in b.left))
        for kind, n in handled:
            if kind == "float":
                rows += _line(text("xp.step.down", lang), float_reason_text(floats[n], lang), lang, width)
                continue
            bd = boards[n]
            sep = ": " if lang == "en" else "："
            head = f"{text(pair_key, lang, n=n)}  {bd.red}–{bd.black}  {step_text(bd, lang)}{sep}" \
                   f"{pair_reason_text(bd, lang)}"
            rows += [(None, piece) for piece in _with_rule(head, bar + colour_rule_text(bd, lang), width)]
    return rows


def _with_rule(head: str, tail: str, width: int) -> list[str]:
    """A pair's line: its step and reason (``head``), then its colour rule
    (``tail``) — on the same row when it fits, else starting a continuation
    row of its own (:func:`wrap`: joined, the pieces give head + tail)."""
    if units(head + tail) <= width:
        return [head + tail]
    pieces = wrap(head, width)
    if units(pieces[-1]) + units(tail) <= width:
        return pieces[:-1] + [pieces[-1] + tail]
    return pieces + [CONTINUED + t if i == 0 else t for i, t in enumerate(wrap(tail, width - len(CONTINUED)))]


def explanation_rows(pairing: Pairing, lang: str, pair_key: str = BOARD_KEY,
                     width: int = LINE_UNITS) -> tuple[tuple[Cell, ...], ...]:
    """The rows below a round's pairing table: how the round was paired,
    bracket by bracket (pairs named by ``pair_key``, lines of at most
    ``width`` display units), the bye, and the pairing's notes."""
    rows: list[tuple[Cell, ...]] = []
    fixed = [b.number for b in pairing.boards if b.step == FIXED_STEP]
    if fixed:
        rows.append((text("xp.fixed", lang, boards=_numbers_in(fixed, lang)),))
    if pairing.brackets:
        rows.append((text("xp.title", lang),))
        rows.extend(bracket_rows(pairing, lang, pair_key, width))
        if pairing.bye is not None and any(b.labels for b in pairing.brackets):
            rows += _line(text("xp.bye", lang), bye_text(pairing, lang), lang, width)
    if pairing.notes:
        rows.append((text("explain.notes", lang),))
        rows.extend((wording(n, lang),) for n in pairing.notes)
    return tuple(rows)
