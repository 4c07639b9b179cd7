"""The steps of §10 that name how a pair was made (同位, 错位, 通行, 同行, 下调,
拆对), and which one a pair is given when more than one applies."""

from __future__ import annotations

STEP_SAME_POSITION = "同位"
STEP_SHIFTED = "错位"
STEP_PASSED = "通行"
STEP_SAME_ROW = "同行"
STEP_DOWNFLOAT = "下调"
STEP_BROKEN = "拆对"

BROKEN_BEFORE_DOWNFLOAT = True
"""Decision (§10; seed ``001`` §3 ⑤ 拆对配对 and §5 拆对编排方法 name the broken
pair as such): a pair that §5 made instead of the first option of the §4
order is labelled 拆对 (with the pair it broke and why), also when one of the
two floated down from above; other pairs with a floater are 下调; 通行 marks a
cross-row pair made after a player above was passed over."""

STEP_ORDER_NOTE = (
    "Decision (§10): a pair that §5 made instead of the first option the §4 order offered is "
    "labelled 拆对, with the pair it broke and why, also when it holds a floater; other pairs with "
    "a player floated down from above are 下调; 通行 marks a cross-row pair made after a player "
    "above was passed over.")
"""How the §10 step of a pair is chosen when more than one applies (:data:`BROKEN_BEFORE_DOWNFLOAT`)."""


def step_of(broke: bool, floater: bool, cross: bool, passed_before: bool, first_card: bool) -> str:
    """The §10 step of a pair (:data:`STEP_ORDER_NOTE`): ``broke``, made by §5
    instead of the first option; ``floater``, one of the two floated down from
    above; ``cross``, a cross-row pair, ``passed_before`` after a player above
    was passed over, ``first_card`` with the first free card of the other row."""
    if broke:
        return STEP_BROKEN
    if floater:
        return STEP_DOWNFLOAT
    if cross and passed_before:
        return STEP_PASSED
    if cross:
        return STEP_SAME_POSITION if first_card else STEP_SHIFTED
    return STEP_SAME_ROW
