"""Helpers for the workbook tests: build events as sheet values in memory,
type results into round sheets as an organiser would."""

from __future__ import annotations

from pathlib import Path

import copy
import random

from bianpai.addin.jobs import api as jobs
from bianpai.addin.workbook import words as L
from bianpai.addin.workbook import sheets as S

Values = dict[str, list[list[object]]]


def event(n: int = 6, lang: str = "zh", rounds: int = 5, clubs: bool = False, **settings: object) -> Values:
    """A new event of ``n`` players (numbered 1..n, ratings descending) as sheet values."""
    values = jobs.apply_values({}, jobs.new(lang, "测试赛" if lang == "zh" else "Test event"))
    set_setting(values, "set.rounds", rounds)
    for key, value in settings.items():
        set_setting(values, key, value)
    table: list[list[object]] = [["序号", "姓名", "单位", "等级分"]] + [
        [i, f"选手{i}", (f"队{i % 3}" if clubs else None), 2000 - 10 * i] for i in range(1, n + 1)]
    return jobs.apply_values(values, jobs.import_players(values, table))


def settings_sheet(values: Values) -> str:
    return next(name for name in values if L.sheet_key(name) == "sheet.settings")


def players_sheet(values: Values) -> str:
    return next(name for name in values if L.sheet_key(name) == "sheet.players")


def set_setting(values: Values, key: str, value: object) -> None:
    for row in values[settings_sheet(values)]:
        if row and L.lookup(row[0], (key,)):
            row[1] = value
            return
    raise KeyError(key)


def round_sheet(values: Values, k: int) -> str:
    return next(name for name in values if L.round_of_sheet(name) == k)


def game_rows(values: Values, k: int) -> list[list[object]]:
    """The game rows of round ``k`` (board number in column A)."""
    rows = values[round_sheet(values, k)]
    out = []
    for r in rows[S.ROUND_HEADER_ROW:]:
        if not r or S.as_int(r[0]) is None:
            break
        out.append(r)
    return out


def enter_results(values: Values, k: int, results: list[object] | None = None, seed: int = 1,
                  lang: str = "zh") -> Values:
    """Type results into round ``k``'s result column (random ones unless given)."""
    values = copy.deepcopy(values)
    rng = random.Random(seed)
    forms = list(S.CANONICAL_RESULTS[lang].values())[:3]
    for i, row in enumerate(game_rows(values, k)):
        row[S.C_RESULT - 1] = results[i] if results is not None else rng.choice(forms)
    return values


def pair(values: Values, provisional: bool = False) -> Values:
    return jobs.apply_values(values, jobs.pair(values, provisional=provisional))


def play(values: Values, rounds: int, seed: int = 1) -> Values:
    for k in range(1, rounds + 1):
        values = enter_results(pair(values), k, seed=seed + k)
    return values


def normal(values: Values) -> dict[str, list[tuple[object, ...]]]:
    """Values with trailing empty cells and rows dropped (to compare workbooks)."""
    out = {}
    for name, rows in values.items():
        rs = []
        for r in rows:
            r = list(r)
            while r and r[-1] in (None, ""):
                r.pop()
            rs.append(tuple(r))
        while rs and not rs[-1]:
            rs.pop()
        out[name] = rs
    return out


def write(path: "Path", values: dict) -> "Path":
    """``values`` (a played event) written as a new workbook file, every sheet rendered."""
    from dataclasses import replace

    from bianpai.addin.files import xlsx

    res = jobs.update(values)
    xlsx.write_new(path, replace(res, changed=tuple(s.name for s in res.sheets)))
    return path


def parts_of(path: "Path") -> dict[str, bytes]:
    """Each part of the .xlsx file ``path`` (a zip), by name."""
    import zipfile

    with zipfile.ZipFile(path) as z:
        return {n: z.read(n) for n in z.namelist()}
