"""The criteria of §5 a bracket's pairing is judged by, most significant
first, as the fields of its value (``F_*``), with the decisions that settle
what §5 leaves open about floats (criterion 3b) and nearest scores (3)."""

from __future__ import annotations

from ....results import (
    BECAUSE_CLUB, BECAUSE_COLOURS, BECAUSE_FLOATS, BECAUSE_INCOMPLETE, BECAUSE_NEAREST,
)

DOUBLE_FLOAT_LIMIT = 2
"""§5 criterion 3b (``000`` 原则 9 同一运动员下调或上调的次数最多不超过两次, when
``t.rules.float_balance`` is on; version 2.1): ranked after nearest scores
and before colours — first fewest players who would float more than this
many times in one direction over the event, then fewest who would float in
the same direction as in their last played round (:data:`FLOAT_FIELDS_ORDER`)."""

FLOAT_FIELDS_ORDER = ("limit", "same direction")
"""§5 criterion 3b (version 2.1): the cap of two floats each way ranks first,
the same direction as the last played round second (``F_FLIMIT`` before
``F_FSAME``); both rank after nearest scores and before colours."""

FLOAT_COUNTED_WHERE_IT_BEGAN = True
"""Decision (version 1, stands for criterion 3b): a floater left over again by
the bracket he floated into floats on, and his downfloat is counted only in
the bracket where it began."""

FLOAT_ALONE_JUDGED_NOW = True
"""Decision (§5 criterion 3b, ``000`` 原则 9 不含本积分段只有一人必然下调或上调):
a player is exempt when he is alone in his score group in the round being
paired; the float of round k−1 is not examined again."""

NEAREST_SCORES_ABOVE_STEPS = True
"""Decision (§5 criterion 3, seed ``000``/``001`` 原则 4 近分者编对 and
``001`` ⑥ 下调到下一个积分段优先编排): nearest scores rank above the order of
the steps — a floater who has met the only card of the other row takes a
same-row card, breaking the pair 通行 made, rather than float on across a
score group.  Such a pair is shown as 拆对 with 近分 as its reason."""

# The fields of a bracket's value (§5), most significant first
F_CLUB, F_PAIRS, F_NEAR, F_FLIMIT, F_FSAME, F_CA, F_CB, F_CC, F_CD = range(9)
FIELD_BECAUSE = {F_CLUB: BECAUSE_CLUB, F_PAIRS: BECAUSE_INCOMPLETE, F_NEAR: BECAUSE_NEAREST,
                 F_CA: BECAUSE_COLOURS, F_CB: BECAUSE_COLOURS, F_CC: BECAUSE_COLOURS,
                 F_CD: BECAUSE_COLOURS, F_FSAME: BECAUSE_FLOATS, F_FLIMIT: BECAUSE_FLOATS}
"""Which reason of §10 a field of the value is."""
