"""§5 criterion 4 for one pair, its colours allocated by §6: what the pair
costs its two players ((a) 连三/多三, (b) not the wanted colour, (c) |d| ≥ 2,
(d) the same colour as last round), and the same in words for §10."""

from __future__ import annotations

from ....history.colours import three_in_a_row_or_three_up
from ....model import Colour
from .cards import Card
from .criteria import F_CA, F_CB, F_CC, F_CD

FINAL_ROUND_IGNORES_THREE_IN_A_ROW = True
"""§5 criterion 4 in the final round (seed ``000`` 具体方法 4 (10): 最后一轮中出现
连三先、连三后或相差三先的配对，均不拆开重排): (a) is not counted there; (b)–(d)
still are (``001`` 原则 (12): everyone within one 先 at the end)."""

COLOUR_SPREAD_COUNTED = 2
"""§5 criterion 4 (c): players who would have |d| ≥ this (多二先/多二后, seed
``000`` 优先配对 尽可能避免出现多三先、多三后或多二先、多二后) — ≥, so that the
final round, where (a) is off, never prefers |d| = 3 to |d| = 2."""

COLOURS_OF_THIS_BRACKET_ONLY = True
"""§5 criterion 4: only the pairs made in this bracket are counted (本积分段,
seed ``001`` §5 在本积分段中…不是最佳平衡先后走); the colours the floaters will
get below are not."""


def colour_costs(a: Card, b: Card, red: int, final: bool) -> tuple[int, int, int, int]:
    """§5 criterion 4 (a)–(d) for the pair a–b when ``red`` has red: (a)
    连三/多三 (not in the final round), (b) not the wanted colour, (c)
    |d| ≥ 2, (d) the same colour as last round."""
    out = [0, 0, 0, 0]
    count_a = not (final and FINAL_ROUND_IGNORES_THREE_IN_A_ROW)
    for c, colour in ((a, Colour.RED if red == a.number else Colour.BLACK),
                      (b, Colour.RED if red == b.number else Colour.BLACK)):
        before = c.colours
        after = before.after(colour)
        out[0] += three_in_a_row_or_three_up(after) and count_a
        out[1] += before.want is not None and colour is not before.want
        out[2] += abs(after.d) >= COLOUR_SPREAD_COUNTED
        out[3] += before.last is colour
    return (out[0], out[1], out[2], out[3])


def colour_worse(a: Card, b: Card, red: int, field_no: int) -> tuple[tuple[int, str], ...]:
    """What the pair a–b (``red`` has red) would cost its players by the colour
    criterion of §5 (field ``field_no``, F_CA..F_CD), as (player, ``WORSE_*``);
    () when the field is not a colour one or the pair itself costs nothing by
    it (the difference lies in the pairs it would have left to the others)."""
    if field_no not in (F_CA, F_CB, F_CC, F_CD):
        return ()
    out: list[tuple[int, str]] = []
    for c in (a, b):
        n = c.number
        colour = Colour.RED if n == red else Colour.BLACK
        before = c.colours
        after = before.after(colour)
        side = "red" if colour is Colour.RED else "black"
        up = "red" if after.d > 0 else "black"
        if field_no == F_CA and after.streak >= 3:
            out.append((n, f"row3.{side}"))
        elif field_no in (F_CA, F_CC) and abs(after.d) >= 3:
            out.append((n, f"up3.{up}"))
        elif field_no == F_CC and abs(after.d) >= COLOUR_SPREAD_COUNTED:
            out.append((n, f"up2.{up}"))
        elif field_no == F_CB and before.want is not None and colour is not before.want:
            out.append((n, f"want.{side}"))
        elif field_no == F_CD and before.last is colour:
            out.append((n, f"again.{side}"))
    return tuple(out)
