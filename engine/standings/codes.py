"""The tie-break codes and presets the Settings may name, and :func:`parse_tiebreaks`
(re-exported by :mod:`bianpai.engine.standings.individual`).  Apart from the standings so that
reading a workbook's Settings imports no tie-break computation (start-up time of
``bianpai check``, issue 27: the standings and tie-break modules take ~9 ms to import)."""

from __future__ import annotations

import re
from typing import Sequence

from ..problems import InputError, problem

TIEBREAK_CODES: tuple[str, ...] = (
    "BH", "BH-C1", "BH-C2", "BH-M1", "BH-M2", "BH-CUT", "SB", "PS", "PS-C1",
    "WIN", "BWIN", "BPG", "DE", "ARO", "ARO-C1", "RTG", "KOYA", "FOUL", "PREV", "STD",
)
"""Every code of tiebreaks.md (``BH-CUT*`` is accepted as ``BH-CUT``), KOYA
(C.07 9.2) for round robins (issue #7), and the xiangqi rules' FOUL (犯规少者)
and PREV (前轮成绩), and STD (C.07 2026 7.7 Standard Points)."""

CODE_ALIASES: dict[str, str] = {"BH-CUT*": "BH-CUT", "SOLKOFF": "BH", "BUCHHOLZ": "BH", "KS": "KOYA",
                                "FOULS": "FOUL"}

PRESETS: dict[str, tuple[str, ...]] = {
    "cxa-2020": ("PS", "DE", "WIN", "BPG", "FOUL", "PREV"),
    "match-bp": ("BH", "WIN", "FOUL", "BWIN", "BPG"),
    "axf": ("BH", "DE", "WIN", "BWIN", "BPG", "FOUL"),
    "fide-2026": ("BH-C1", "BH", "DE", "WIN", "BWIN", "STD"),
    "rated": ("ARO", "ARO-C1"),
    "mostly-rated": ("PS", "PS-C1", "RTG", "WIN"),
    "unrated": ("BH", "BH-M1", "BH-CUT"),
    "round-robin": ("SB", "DE", "WIN", "KOYA"),
}
"""Tie-break presets, each named after its source (docs/spec/tiebreaks.md
says each source in full):

* ``cxa-2020`` — the 2020 xiangqi competition rules as event regulations
  apply them to individual Swiss events: (积分,) 累进分 PS, 直胜 DE, 胜局多者
  WIN, 后手局多者 BPG, 犯规少者 FOUL, then the previous rounds compared
  backwards PREV; places are not shared (:data:`PRESET_NO_SHARED`), and two
  forfeits in a row withdraw a player (:data:`PRESET_AUTO_WITHDRAW`).
* ``match-bp`` — Match BP Online's default: 对手分 BH (a bye counts an
  opponent on the lowest score: :data:`PRESET_UNPLAYED`), 胜局 WIN, 犯规少
  FOUL, 后胜局 BWIN, 后手局 BPG.
* ``axf`` — an Asian federation event: 对手分 BH, 直胜 DE, 胜局 WIN, 后胜局
  BWIN, 后手局 BPG, technical fouls FOUL.  **Decision**: its sixth step, the
  best ranking among the opponents, has no code here and is left out (the
  Settings note says so).
* ``fide-2026`` — FIDE's tie-break text in force from 1 March 2026 leaves the
  list to each event's regulations; this is the usual individual Swiss list
  (BH-C1, BH, DE, WIN, BWIN) with its new Standard Points STD last, under
  its unplayed-round rule with the dummy caps (``fide-2026``).
* ``rated`` / ``mostly-rated`` / ``unrated`` — seed 003 §(五)'s three lists;
* ``round-robin`` — the round robin's usual list.

Seed 003 §(五) and the round robin (issue #7: Sonneborn-Berger, direct
encounter, wins, Koya — FIDE C.07's round-robin tie-breaks):

* ``rated`` — 1. 对于全部选手有等级分的比赛: (1) 对手平均等级分 ARO, (2) 扣除平均等级分 ARO-C1;
* ``mostly-rated`` — 2. 对于大多数选手有等级分的比赛: (1) 总累进分 PS, (2) 扣除累进分 PS-C1,
  (3) 等级分 RTG, (4) 总胜局 WIN;
* ``unrated`` — 3. 对于大多数选手无等级分的比赛: (1) Solkoff 对手分 BH, (2) Solkoff 中间值 BH-M1,
  (3) Solkoff 截断法 BH-CUT.
* ``round-robin`` — 循环赛: 索贝分 SB, 直胜 DE, 胜局数 WIN, Koya 分 KOYA.
"""

PRESET_NO_SHARED: dict[str, bool] = {"cxa-2020": True}
"""Presets whose source does not share places (录取名次不并列): after the
listed tie-breaks the previous rounds are compared (PREV), then lots are
drawn (:func:`~bianpai.engine.standings.individual` ``no_shared``).  The others share places."""

PRESET_AUTO_WITHDRAW: dict[str, int] = {"cxa-2020": 2}
"""Presets whose source withdraws a player after that many forfeits in a
row (连续两轮弃权者，不再编排); the others: never (0)."""

PRESET_UNPLAYED: dict[str, str] = {"match-bp": "xiangqi", "axf": "xiangqi", "fide-2026": "fide-2026"}
"""The unplayed-rounds convention each preset's source uses, when the
Settings leave it blank (engine/standings/tiebreaks.py UNPLAYED_CONVENTIONS)."""



def unplayed_rule(preset: str, given: str | None) -> str:
    """The unplayed-rounds convention: the one ``given`` (the Settings' row, the command
    line's option), else the preset's source's, else fide — one reading of a preset for the
    workbook and ``trf-standings`` alike."""
    return given or PRESET_UNPLAYED.get(preset, "fide")


def places_unshared(preset: str, given: bool | None) -> bool:
    """Whether places are not shared: ``given`` (on/off), else the preset's source's."""
    return PRESET_NO_SHARED.get(preset, False) if given is None else given


def forfeits_to_withdraw(preset: str, given: int | None) -> int:
    """Forfeits in a row after which a player is no longer paired (0: never): ``given``,
    else the preset's source's."""
    return PRESET_AUTO_WITHDRAW.get(preset, 0) if given is None else given


NEW_CHINESE_PRESET = "cxa-2020"
"""Decision (issue 25): a NEW Chinese individual workbook starts with
``cxa-2020`` — the order Chinese xiangqi event regulations print, which the
players and arbiters already know; existing workbooks keep what their
Settings say."""

DEFAULT_PRESET = "unrated"
"""Decision: when no list is given (CLI without --tiebreaks/--preset), the
``unrated`` preset is used — most club xiangqi events are mostly unrated."""


def canonical_codes(codes: Sequence[str]) -> tuple[str, ...]:
    """Tie-break codes as the table spells them (any case, aliases resolved: ``bh-c1`` →
    ``BH-C1``); every unknown one named at once in an :class:`InputError`."""
    out: list[str] = []
    bad: list[str] = []
    for c in codes:
        code = CODE_ALIASES.get(c.upper(), c.upper())
        if code in TIEBREAK_CODES:
            out.append(code)
        else:
            bad.append(c)
    if bad:
        raise _unknown(bad)
    return tuple(out)


def _unknown(bad: Sequence[str]) -> InputError:
    return InputError(problem("problem.unknown_tiebreak", codes=", ".join(repr(b) for b in bad),
                              choices=", ".join(TIEBREAK_CODES), presets=", ".join(PRESETS)))


def parse_tiebreaks(text: str) -> tuple[str, ...]:
    """``"BH,BH-C1,SB"`` or a preset name (``"unrated"``) → codes in order.

    Separators: commas, spaces, 、 and ，.  Case does not matter.  Preset names
    may stand among codes (they expand in place).  Every unknown entry is
    named at once in an :class:`InputError`.
    """
    words: list[str] = []
    for word in re.split(r"[,\s、，;；]+", text.strip()):
        if word:  # a preset expands in place into its codes (the table's own spelling)
            words.extend(PRESETS.get(word.lower(), (word,)))
    return canonical_codes(words)


__all__ = [
    "CODE_ALIASES", "DEFAULT_PRESET", "NEW_CHINESE_PRESET", "PRESET_AUTO_WITHDRAW", "PRESET_NO_SHARED",
    "PRESET_UNPLAYED", "PRESETS", "TIEBREAK_CODES", "canonical_codes", "forfeits_to_withdraw",
    "parse_tiebreaks", "places_unshared", "unplayed_rule",
]
