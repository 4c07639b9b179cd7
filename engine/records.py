"""What the TRF header records a tournament keeps (``Tournament.records``) say
about the kind of event: the team records.

Apart from the reader (engine/formats/trf.py) so that a pairing system can ask
whether it was given a team event without importing the TRF reader (the
Dutch system refuses one: engine/systems/dutch/).
"""

from __future__ import annotations

from .model import Tournament

#: Team records (TRF16 ``013``; TRF-2026 ``310``, ``300``, ``320``, ``330``,
#: ``352``, ``362``, ``801``, ``802``): kept in ``Tournament.records`` like the
#: informational ones, for :mod:`.trf_team`, which reads them; the individual
#: systems refuse a tournament that has them (:func:`team_records`).
TEAM_RECORDS = frozenset({"013", "310", "300", "320", "330", "352", "362", "801", "802"})


def team_records(t: Tournament) -> tuple[str, ...]:
    """The codes of the team records ``t`` was read with (none: an individual event)."""
    return tuple(sorted({code for code, _ in t.records if code in TEAM_RECORDS}))


__all__ = ["TEAM_RECORDS", "team_records"]
