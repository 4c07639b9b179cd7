"""The find-your-board list's order: names in pinyin order (issue 24), read a character at a
time from pypinyin's table, a surname by its own reading (:data:`SURNAME_READINGS`)."""

from __future__ import annotations

import functools
import importlib.util
import json
import unicodedata
from pathlib import Path

__all__ = ["SURNAME_READINGS", "pinyin_key"]

SURNAME_READINGS: dict[str, str] = {
    "曾": "zeng",
    "单": "shan",
    "仇": "qiu",
    "解": "xie",
    "查": "zha",
    "区": "ou",
    "朴": "piao",
    "覃": "qin",
    "翟": "zhai",
    "盖": "ge",
    "缪": "miao",
    "乐": "yue",
    "种": "chong",
    "秘": "bi",
    "召": "shao",
    "员": "yun",
    "隗": "wei",
    "宓": "mi",
    "繁": "po",
    "折": "she",
    "薄": "bo",
    "柏": "bai",
    "都": "du",
    "莘": "shen",
    "能": "nai",
    "宿": "su",
    "冼": "xian",
    "洗": "xian",
    "尉": "wei",
    "郇": "huan",
    "句": "gou",
    "祭": "zhai",
    "长孙": "zhangsun",
    "尉迟": "yuchi",
    "万俟": "moqi",
    "单于": "chanyu",
    "澹台": "tantai",
    "令狐": "linghu",
}
"""Decision: a name is read surname first, and a surname with a reading of its own
is ordered by it (曾 zeng, not ceng; 单 shan, not dan) — pypinyin reads a
character as it is read most often, which for these surnames is not how a
name is said; the compound surnames first."""


def pinyin_key(name: str) -> tuple[str, ...]:
    """A name's place in pinyin order: a syllable per character, tone-less, ü as
    v (pypinyin's readings: :func:`_readings`), the surname by
    :data:`SURNAME_READINGS`; a run of other characters (Latin letters, digits)
    as itself, lower-case."""
    name = name.strip()
    out: list[str] = []
    for n in (2, 1):
        if len(name) > n and name[:n] in SURNAME_READINGS:
            out, name = [SURNAME_READINGS[name[:n]]], name[n:]
            break
    other = ""
    for ch in name:
        r = _reading(ch)
        if r is None:
            other += ch.lower()
            continue
        if other:
            out.append(other)
            other = ""
        out.append(r)
    if other:
        out.append(other)
    return tuple(out)


_TONELESS = str.maketrans({"ü": "v", "ǖ": "v", "ǘ": "v", "ǚ": "v", "ǜ": "v"})


@functools.lru_cache(maxsize=4096)
def _reading(ch: str) -> str | None:
    """A character's first (most common) reading, tone-less, ü as v; None for a
    character that is not Chinese."""
    r = _readings().get(str(ord(ch)))
    if r is None:
        return None
    r = unicodedata.normalize("NFD", r.split(",")[0].translate(_TONELESS))
    return "".join(c for c in r if not unicodedata.combining(c))


@functools.lru_cache(maxsize=1)
def _readings() -> dict[str, str]:
    """pypinyin's character table (code point as text: readings).  Decision: names
    are read a character at a time, not by pypinyin's phrase table (a given name
    is not a phrase), and the table is read straight from pypinyin's data file
    when it is there — importing pypinyin itself loads its phrases and its
    segmenter too (~0.5 s); otherwise through pypinyin's own module."""
    spec = importlib.util.find_spec("pypinyin")
    folder = next(iter(spec.submodule_search_locations or ()), None) if spec else None
    data = Path(folder) / "pinyin_dict.json" if folder else None
    if data is not None and data.is_file():
        loaded: dict[str, str] = json.loads(data.read_text(encoding="utf-8"))
        return loaded
    # start-up time: pypinyin's own module (~0.5 s with its phrases) only where its data file is not found
    from pypinyin.pinyin_dict import pinyin_dict

    return {str(k): v for k, v in pinyin_dict.items()}
