"""What a round sheet records of the provisional draws it was paired on (dingwei.md §8,
issue 23 item 2).

A round paired with ``pair --provisional`` counts the earlier round's unfinished games
as draws; its sheet says so in its second row (column E): ``按临时和棋编排: 第3轮 第2台``.
Once the real result is typed, the game's 临时和棋 mark goes (the standings use the real
result) but this note stays, worded ``按和棋编排（结果后录入，对阵不变）: 第3轮 第2台``: the
pairing stands whatever the real result (seed rule 8), and ``check``, ``standings`` and
the next ``pair`` compare the round with what the system pairs from the history it was
paired on (:attr:`bianpai.engine.model.Round.paired_with_draws`), never from the real
results typed later.  A workbook written before the note was kept reads as before: its
games still marked 临时和棋 are counted for every later round (that is what the mark
meant), and a round whose note went has no provisional history.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Sequence

from bianpai.engine.model import Round
from bianpai.engine.problems import Problem, problem

from .. import words as L
from .cells import Cell, _str, where

NOTE_ROW, NOTE_COLUMN = 2, 5
"""The cell of a round sheet that records its provisional history: E2."""

_KEYS = ("round.provisional", "round.provisional_settled")
_SEPARATORS = ("；", "; ")


def _pattern(template: str) -> re.Pattern[str]:
    body = re.escape(template).replace(r"\{k\}", r"(?P<k>\d+)").replace(
        r"\{boards\}", r"(?P<boards>\d+(?:\s*[,，、]\s*\d+)*)")
    return re.compile(body)


_PATTERNS: tuple[re.Pattern[str], ...] = tuple(_pattern(L.LABELS[key][i]) for key in _KEYS for i in (0, 1))
_PREFIXES: tuple[str, ...] = tuple(L.LABELS[key][i].split("{")[0].split(":")[0].strip()
                                   for key in _KEYS for i in (0, 1))


def note_cell(rounds: Sequence[Round], k: int, lang: str) -> str | None:
    """Round ``k``'s note: the games counted as draws when it was paired, by
    round and board, worded by whether their result is typed yet."""
    rnd = rounds[k - 1]
    if not rnd.paired_with_draws:
        return None
    parts: list[str] = []
    for r in sorted({r for r, _ in rnd.paired_with_draws}):
        games = rounds[r - 1].games if 1 <= r <= len(rounds) else ()
        reds = {red for rr, red in rnd.paired_with_draws if rr == r}
        for key, settled in (("round.provisional", False), ("round.provisional_settled", True)):
            boards = [i for i, g in enumerate(games, start=1)
                      if g.red in reds and (g.result is not None) == settled]
            if boards:
                parts.append(L.text(key, lang, k=r, boards=", ".join(map(str, boards))))
    return _SEPARATORS[0 if lang == "zh" else 1].join(parts) or None


def read_note(sheet: str, k: int, value: Cell, rounds: Sequence[Round],
              problems: list[Problem]) -> tuple[tuple[int, int], ...]:
    """The games (round, red player) round ``k``'s note names; a note that
    names a round or board that is not there, or cannot be read, is a
    problem naming the cell.  A cell holding none of the note's words is no
    note (nothing is read)."""
    text = _str(value).strip()
    if not text or not any(prefix and prefix in text for prefix in _PREFIXES):
        return ()
    at = where(sheet, NOTE_ROW, NOTE_COLUMN)
    parts = [x.strip() for x in re.split(r"[；;]", text) if x.strip()]
    out: list[tuple[int, int]] = []
    for part in parts:
        m = next((m for p in _PATTERNS if (m := p.fullmatch(part))), None)
        if m is None:
            problems.append(problem("problem.provisional_note", where=at, value=part,
                                    zh=L.LABELS["round.provisional"][0].format(k=1, boards="2"),
                                    en=L.LABELS["round.provisional"][1].format(k=1, boards="2")))
            continue
        r = int(m.group("k"))
        boards = [int(b) for b in re.findall(r"\d+", m.group("boards"))]
        games = rounds[r - 1].games if 1 <= r < k else ()
        for b in boards:
            if not 1 <= b <= len(games):
                problems.append(problem("problem.provisional_note_board", where=at, round=r, board=b, k=k))
            else:
                out.append((r, games[b - 1].red))
    return tuple(out)


def with_provisional_history(rounds: Sequence[Round], noted: Sequence[tuple[tuple[int, int], ...]]
                             ) -> tuple[Round, ...]:
    """``rounds`` with each round's :attr:`~Round.paired_with_draws`: the games its
    note names, and every game of an earlier round still marked 临时和棋 (a mark
    means the game counted as a draw for every round paired after it)."""
    out: list[Round] = []
    for i, rnd in enumerate(rounds):
        games = set(noted[i]) if i < len(noted) else set()
        games |= {(r.number, red) for r in rounds[:i] for red in r.provisional}
        if games or rnd.paired_with_draws:
            rnd = replace(rnd, paired_with_draws=tuple(sorted(games | set(rnd.paired_with_draws))))
        out.append(rnd)
    return tuple(out)
