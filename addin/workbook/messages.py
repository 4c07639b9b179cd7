"""Problems shown to the organiser: worded from the zh/en table, placed on a cell.

The engine's :class:`~bianpai.engine.problems.Problem` names a round, board,
side, player or setting; :func:`place` turns that into the sheet cell the
organiser looks at (the result cell of a board, a player's cell on it, the
row of a bye, the Settings row of a setting).  :func:`wording` looks the key
up in :mod:`bianpai.addin.workbook.words` in the workbook's language.  A job raises
:class:`WorkbookInputError`: every problem placed, and the language to show
them in.
"""

from __future__ import annotations

from typing import Iterable, Mapping

from bianpai.engine.problems import InputError, Problem

from . import words as L


def wording(p: Problem, lang: str) -> str:
    """The message of ``p`` alone, in ``lang``; an argument that is a tuple of
    problems (the games of a note …) is worded item by item and joined."""
    kwargs = {k: _joined(v, lang) if _records(v) else v for k, v in p.kwargs.items()}
    return L.text(p.key, lang, **kwargs)


def _records(v: object) -> bool:
    return isinstance(v, tuple) and bool(v) and all(isinstance(x, Problem) for x in v)


def _joined(items: object, lang: str) -> str:
    assert isinstance(items, tuple)
    return ("、" if lang == "zh" else ", ").join(wording(x, lang) for x in items)


def message(p: Problem, lang: str) -> str:
    """``Sheet!Cell: message`` (or the message alone when ``p`` has no place)."""
    words = wording(p, lang)
    return f"{p.where}: {words}" if p.where else words


class WorkbookInputError(InputError):
    """An :class:`InputError` whose problems are placed on the workbook,
    with the language to word them in.  ``messages``: the worded lines."""

    def __init__(self, problems: Problem | Iterable[Problem], lang: str = L.DEFAULT_LANGUAGE):
        super().__init__(problems)
        self.lang = lang
        self.messages: list[str] = [message(p, lang) for p in self.problems]
        Exception.__init__(self, "; ".join(self.messages))


def messages_of(e: InputError, lang: str = L.DEFAULT_LANGUAGE) -> list[str]:
    """The worded lines of any :class:`InputError` (a job's carry their own language)."""
    if isinstance(e, WorkbookInputError):
        return e.messages
    return [message(p, lang) for p in e.problems]


MAX_SHOWN_PROBLEMS = 50
"""Decision (issue 30 item 4): the command line prints at most this many
problems, then one line counting the rest ("and 9,812 more"): the first ones
say what is wrong, and thousands of lines say nothing more."""


def shown(lines: list[str], lang: str) -> list[str]:
    """``lines`` cut to :data:`MAX_SHOWN_PROBLEMS`, the rest counted in one more line."""
    if len(lines) <= MAX_SHOWN_PROBLEMS:
        return lines
    more = len(lines) - MAX_SHOWN_PROBLEMS
    return lines[:MAX_SHOWN_PROBLEMS] + [L.text("problems.more", lang, n=f"{more:,}")]


SETTING_LABELS: Mapping[str, str] = {
    "total_rounds": "set.rounds", "system": "set.system", "round1": "set.first_round",
    "avoid_same_club": "set.club_rounds", "high_score_first": "set.high_score_first",
    "rr.cycles": "set.rr_cycles",
}
"""Engine setting keys → the label key of their Settings row (keys not listed
stand in column A as they are)."""


__all__ = ["MAX_SHOWN_PROBLEMS", "SETTING_LABELS", "WorkbookInputError", "message", "messages_of", "shown",
           "wording"]
