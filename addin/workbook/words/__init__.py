"""Every word the workbook shows, in Chinese and English, in one table.

The writer uses the event's language; the reader recognises both, so an
organiser can switch the language (or mail the workbook to someone who uses
the other template) without breaking anything.  Keys are plain ASCII names.

The table is kept in families, a module each (``WORDS``: key -> (zh, en)):
:mod:`.sheets` (an individual event's sheets), :mod:`.team` (a team event's),
:mod:`.printing` (编排卡, 记分单), :mod:`.settings` (the Settings sheet's rows),
:mod:`.tiebreaks`, :mod:`.problems` (what is wrong with an input, why no pairing
exists), :mod:`.trf` (TRF files), :mod:`.files` (workbook files), :mod:`.explain`
(the 定位编排 explanation, the engine's notes), :mod:`.jobs` (a job's summary,
registration lists), :mod:`.cli`, :mod:`.share` and :mod:`.excel` (the add-in).
:data:`LABELS` is their union, built by :func:`merged`, which refuses a key that
two families both define (within one module, ruff's F601 refuses a repeated key).
"""

from __future__ import annotations

import re

from . import (cli, excel, explain, files, jobs, printing, problems, settings, share, sheets, team, tiebreaks,
               trf)

LANGUAGES: tuple[str, ...] = ("zh", "en")

DEFAULT_LANGUAGE = "zh"
"""Decision: a workbook without a language setting is Chinese (the tool is for xiangqi clubs)."""

FAMILIES: tuple[tuple[str, dict[str, tuple[str, str]]], ...] = tuple(
    (m.__name__.rsplit(".", 1)[1], m.WORDS) for m in (
        sheets, team, printing, settings, tiebreaks, problems, trf, files, explain, jobs, cli, share, excel))
"""Each family module's name and its words, in the order :data:`LABELS` is built."""


class DuplicateKeyError(ValueError):
    """Two families define the same key: which of the two words the workbook shows would
    depend on the order of the modules, so the table is refused at import."""


def merged(families: tuple[tuple[str, dict[str, tuple[str, str]]], ...]) -> dict[str, tuple[str, str]]:
    """One table of the families' words; :class:`DuplicateKeyError` naming every key
    that two families define, and the families."""
    table: dict[str, tuple[str, str]] = {}
    home: dict[str, str] = {}
    twice: list[str] = []
    for name, words in families:
        for key, pair in words.items():
            if key in home:
                twice.append(f"{key!r} in {home[key]} and {name}")
            else:
                table[key], home[key] = pair, name
    if twice:
        raise DuplicateKeyError("a key defined by two word families: " + "; ".join(twice))
    return table


#: key -> (zh, en)
LABELS: dict[str, tuple[str, str]] = merged(FAMILIES)


def text(key: str, lang: str, **fmt: object) -> str:
    """The label ``key`` in ``lang`` (``zh``/``en``), formatted with ``fmt``."""
    zh, en = LABELS[key]
    s = en if lang == "en" else zh
    return s.format(**fmt) if fmt else s


def both(key: str) -> tuple[str, str]:
    return LABELS[key]


_BLANKS = re.compile(r"[\s\u3000]+")
_NORMED: dict[str, str] = {}
"""Texts already normalised by :func:`norm` (labels and the few words a sheet repeats)."""


def norm(value: object) -> str:
    """A label cell as compared by the reader: stripped, case-folded, inner
    blanks and full-width spaces removed."""
    if value is None:
        return ""
    if not isinstance(value, str):
        return _BLANKS.sub("", str(value)).casefold()
    v = _NORMED.get(value)
    if v is None:
        v = _BLANKS.sub("", value).casefold()
        if len(_NORMED) < 100_000:
            _NORMED[value] = v
    return v


def lookup(value: object, keys: tuple[str, ...]) -> str | None:
    """The key among ``keys`` whose zh or en label ``value`` is, else None."""
    v = norm(value)
    if not v:
        return None
    keys = tuple(keys)  # (a list of keys works as it always did)
    found = _LOOKUPS.get(keys)
    if found is None:
        found = {}
        for k in keys:  # the first key of ``keys`` holding a label wins, as it always did
            found.setdefault(norm(LABELS[k][0]), k)
            found.setdefault(norm(LABELS[k][1]), k)
        _LOOKUPS[keys] = found
    return found.get(v)


_LOOKUPS: dict[tuple[str, ...], dict[str, str]] = {}
""":func:`lookup`'s tables: normalised label → key, for each tuple of keys asked about."""


_ROUND_NAME = re.compile(r"^(?:第\s*(\d+)\s*轮|round\s*(\d+)|r(\d+))$", re.IGNORECASE)


def round_sheet_name(k: int, lang: str) -> str:
    """``第3轮`` / ``Round 3``."""
    return f"Round {k}" if lang == "en" else f"第{k}轮"


def round_of_sheet(name: str) -> int | None:
    """The round number a sheet name stands for (either language), else None."""
    m = _ROUND_NAME.match(name.strip())
    if not m:
        return None
    return int(next(g for g in m.groups() if g))


SHEET_KEYS: tuple[str, ...] = ("sheet.settings", "sheet.players", "sheet.colours", "sheet.floats",
                               "sheet.standings", "sheet.crosstable", "sheet.apart",
                               "sheet.changes", "sheet.fixed", "sheet.cards", "sheet.slips",
                               "sheet.teams", "sheet.team_standings", "sheet.board_standings",
                               "sheet.team_crosstable", "sheet.clubs", "sheet.groups")

SOURCE_KEYS: tuple[str, ...] = ("round", "sheet.settings", "sheet.players", "sheet.teams", "sheet.apart",
                                "sheet.fixed", "sheet.changes", "sheet.cards")
"""The sheets a job reads (the sources of truth — the Teams sheet of a team event
among them — and the 编排卡 for whether it shows the next round's page); the
derived ones are rewritten from them, so the backends skip reading them
(addin/files/xlsx.py, addin/excel/xl.py)."""


def sheet_key(name: str) -> str | None:
    """``sheet.players`` for 选手 or Players …, ``round`` for a round sheet, else None."""
    if round_of_sheet(name) is not None:
        return "round"
    return lookup(name, SHEET_KEYS)
