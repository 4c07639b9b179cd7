"""Edge weights: a field vector (one field per criterion of C.04.3 article 3),
encoded per bracket into one integer whose bit fields, from the most
significant down, compare the criteria lexicographically (3.4)."""

from __future__ import annotations

from dataclasses import dataclass
from operator import attrgetter


FieldKey = tuple[str] | tuple[str, int]
"""A criterion's field: its name, and for the per-score ones the score."""

SharedKey = tuple[object, ...]
"""What the weights shared between pairs of a bracket are looked up by."""


class Fields:
    """The high part of an edge weight as named fields (criterion -> value).

    Encoded to an integer for one :class:`Layout` at a time (cached)."""

    __slots__ = ("values", "_magnitudes", "_layout", "_code")

    def __init__(self, values: dict[FieldKey, int]):
        self.values = values
        self._magnitudes: tuple[tuple[FieldKey, int], ...] | None = None
        self._layout: Layout | None = None
        self._code = 0

    @property
    def magnitudes(self) -> tuple[tuple[FieldKey, int], ...]:
        """The non-zero fields with their absolute values (cached)."""
        if self._magnitudes is None:
            self._magnitudes = tuple((k, -v if v < 0 else v) for k, v in self.values.items() if v)
        return self._magnitudes

    def code(self, layout: "Layout") -> int:
        if self._layout is not layout:
            off = layout.offsets
            self._code = sum(v << off[k] for k, v in self.values.items() if v and k in off)
            self._layout = layout
        return self._code


# The fields of a weight, most significant first.  A key is ``(name,)`` or,
# for a criterion counted per score, ``(name, score)`` (higher score first).
_TOP = "top"  # C1–C4: 1 + each player not a bye candidate (all pair up, bye to an eligible player)
_PC, _SC = "pc", "sc"  # C5/C6: pairs in the bracket; per score of the higher player
_PN, _SN = "pn", "sn"  # C7/C8: the same for the next bracket (look-ahead)
_UP = "up"  # C9: rank of the players' played games (the bye to the fewest unplayed)
_COLOUR_KEYS = ("c1", "c2", "c3", "c4")  # C10–C13: −1 when the pair breaks the colour criterion
_FLOAT_KEYS = ("d1", "u1", "d2", "u2")  # C14–C17: downfloats repeated (avoided, counted +), upfloats (−)
_SCORE_FLOAT_KEYS = ("sd1", "su1", "sd2", "su2")  # C18–C21: the same per score
_ORDER = {k: i for i, k in enumerate(
    (_TOP, _PC, _SC, _PN, _SN, _UP) + _COLOUR_KEYS + _FLOAT_KEYS + _SCORE_FLOAT_KEYS)}


class Layout:
    """Bit offsets of the fields in use, most significant first; each field is
    wide enough for its sum over any matching, so that comparing weights
    compares the criteria lexicographically (C.04.3 article 3.4)."""

    def __init__(self, widths: dict[FieldKey, int]):
        ordered = sorted(widths, key=lambda k: (_ORDER[k[0]], -(k[1] if len(k) > 1 else 0)))
        # Every pair counted by C5 (C7) is counted once by C6 (C8) at some
        # score, so the count at the lowest score follows from those above
        # it: that field is left out (equal sums above, equal sums there).
        for total, per_score in ((_PC, _SC), (_PN, _SN)):
            scores = [k for k in ordered if k[0] == per_score]
            if (total,) in widths and scores:
                ordered.remove(scores[-1])
        self.widths = widths
        self.offsets: dict[FieldKey, int] = {}
        pos = 0
        for k in reversed(ordered):
            self.offsets[k] = pos
            pos += widths[k]
        self.bits = pos
        # an edge's own value: its top field is at most 3, all below it is less
        # than one unit of the top field
        self.edge_bits = self.offsets[(_TOP,)] + 2 if (_TOP,) in self.offsets else pos


FINAL = Fields({})  # a pair already fixed: any positive weight keeps it


@dataclass(eq=False)  # compared by identity: a row's None entries are counted at C speed
class Weight:
    """An edge weight: ``fields`` (high part) plus ``low`` (signed, low bits)."""

    fields: Fields
    low: int = 0


_FIELDS_OF = attrgetter("fields")
_UNSET = Weight(FINAL)  # (a weight not yet looked up)


class _WeightTable(dict["Weight", int]):
    """Weight -> its value in the kept graph (:meth:`MatchingState._compute_kept`):
    its fields' code ``<< scale`` plus its low part ``<< low``, filled on demand."""

    def __init__(self, layout: "Layout", scale: int, low: int):
        super().__init__()
        self.layout = layout
        self.unit = 1 << scale
        self.low = low
        self.nonpositive = False

    def __missing__(self, x: "Weight") -> int:
        code = x.fields.code(self.layout)
        if code <= 0:
            self.nonpositive = True
            value = code
        else:
            value = code * self.unit + (x.low << self.low)
        self[x] = value
        return value


class _PlainWeights(dict["Fields | None", "Weight | None"]):
    """Fields -> one Weight of them, no low part (made on demand); None -> None."""

    def __missing__(self, f: "Fields | None") -> "Weight | None":
        x = self[f] = None if f is None else Weight(f)
        return x


class _ExchangeWeights(dict[tuple["Fields | None", int], "Weight | None"]):
    """(fields, position of the higher player in the remainder) -> one Weight
    with that position's exchange terms (made on demand); None for no fields."""

    def __init__(self, addends: list[int]):
        super().__init__()
        self.addends = addends

    def __missing__(self, key: tuple["Fields | None", int]) -> "Weight | None":
        f, pos = key
        x = self[key] = None if f is None else Weight(f, self.addends[pos])
        return x


class _PackedWeights(dict["Weight", int]):
    """Weight -> its packed value as :meth:`MatchingState._packed_edges`
    makes it (fields, then the low part when ``shift``, then room for the
    tie-break), or its fields' code when that is not positive (filled on
    demand)."""

    def __init__(self, layout: "Layout", shift: int, tbb: int):
        super().__init__()
        self.layout = layout
        self.shift = shift
        self.tbb = tbb
        self.nonpositive = False

    def __missing__(self, x: "Weight") -> int:
        h = x.fields.code(self.layout)
        if h > 0 and self.shift:
            h = (h << self.shift) + x.low
        if h > 0:
            h <<= self.tbb
        else:
            self.nonpositive = True
        self[x] = h
        return h


def _peaks_of(low: frozenset[Fields], high: frozenset[Fields]
              ) -> list[tuple[FieldKey, int, int, int]]:
    """For a vertex meeting the fields ``low`` as the lower player and
    ``high`` as the higher: per field, the largest value met (0 when none is
    positive), either way, as the higher, as the lower."""
    top_low: dict[FieldKey, int] = {}
    top_high: dict[FieldKey, int] = {}
    for side, top in ((low, top_low), (high, top_high)):
        for fields in side:
            for k, v in fields.magnitudes:
                if top.get(k, 0) < v:
                    top[k] = v
    return [(k, max(top_low.get(k, 0), top_high.get(k, 0)), top_high.get(k, 0), top_low.get(k, 0))
            for k in {**top_low, **top_high}]


def _bits(x: int) -> int:
    return int(x).bit_length()
