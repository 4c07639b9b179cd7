"""What a workbook keeps in a TRF beyond FIDE's fields: Bianpai's own ``XXB`` records.

A TRF-2026 file carries the players (number, name, rating), the results
round by round with colours, byes and absences, the total rounds, the first
colour and the points.  A workbook holds more, and ``export-trf`` →
``import-trf`` must not lose it silently (issue 13 item 14).  Each of these
is written as one header record ``XXB <what> …`` (other programs skip header
records they do not know, as TRF-2026 asks) and read back by ``import-trf``:

* ``XXB club N <club>`` — the Players sheet's 单位 (a TRF has only a
  three-letter federation; a TRF without ``XXB club`` records gives each
  player his federation as club: engine/formats/trf.py, which reads the player
  records below for every route);
* ``XXB seed N`` — a seeded player (种子);
* ``XXB joins N K`` — a late entry from round K (报到轮次);
* ``XXB status N <status>`` — the status cell (退赛 3, 请假 …), as the English
  status words the Players reader understands;
* ``XXB set <field> <value>`` — a Settings row of the workbook's own
  (tie-breaks, unplayed rounds, draw seed: :data:`CARRIED_SETTINGS`); the
  system and the pairing rules (``XXB set first_round …``, ``XXB option
  round1.seed …``) are the engine's to write and read (engine/formats/trf.py
  ``rule_records``, engine/rules.py);
* ``XXB boards K R1 R2 …`` — round K's board order, by red player (a TRF
  orders nothing but the players);
* ``XXB provisional K R1 R2 …`` — round K's games (by red player) counted as
  draws when the next round was paired (``pair --provisional``).

What a TRF cannot carry even so (:data:`NOT_CARRIED`): the steps and colour
rules of each board and the explanation below a round sheet, the organiser's
own Players columns (电话 …), the way a result was typed (2:0 for 红胜), and
sheets that are not ours.  ``export-trf`` says so.
"""

from __future__ import annotations

from dataclasses import fields, replace

from bianpai.engine.model import Tournament

from . import words as L
from .sheets import Event, EventSettings, PlayerStatus, parse_status, status_text

RECORD = "XXB"
"""Bianpai's own TRF header record (``XX`` records are for programs' own use)."""

OPTION_KEY = RECORD
"""How :func:`bianpai.engine.formats.trf.parse_trf` keeps an ``XXB`` line that is not
a rule: a record ``("XXB", rest of the line)`` in ``Tournament.records``."""

NOT_CARRIED = "trf.not_carried"
"""The label saying what a TRF cannot carry (written after every export)."""

CARRIED_SETTINGS: tuple[str, ...] = ("tiebreaks", "unplayed", "draw_seed")
"""The :class:`~bianpai.addin.workbook.sheets.EventSettings` fields an ``XXB set`` record
carries (the name, total rounds, points and first colour are FIDE records; the
system and rules the engine's ``XXB`` records)."""


def records(ev: Event) -> tuple[tuple[str, str], ...]:
    """``ev``'s ``XXB`` records as TRF records (``(OPTION_KEY, rest of line)``)."""
    t = ev.tournament
    out: list[str] = []
    for p in t.players:
        if p.club:
            out.append(f"club {p.number} {p.club}")
        if p.seeded:
            out.append(f"seed {p.number}")
        if p.joins_from != 1:
            out.append(f"joins {p.number} {p.joins_from}")
    for n, st in ev.statuses:
        words = status_text(st, "en")
        if words:
            out.append(f"status {n} {words}")
    s = ev.settings
    for f in CARRIED_SETTINGS:
        v = getattr(s, f)
        if v is not None:
            out.append(f"set {f} {v}")
    for rnd in t.rounds:
        if rnd.games and [g.red for g in rnd.games] != sorted(g.red for g in rnd.games):
            out.append(f"boards {rnd.number} " + " ".join(str(g.red) for g in rnd.games))
        if rnd.provisional:
            out.append(f"provisional {rnd.number} " + " ".join(str(r) for r in rnd.provisional))
    return tuple((OPTION_KEY, line) for line in out)


def with_records(ev: Event) -> Tournament:
    """The tournament to write as a TRF: ``ev``'s, with its ``XXB`` records."""
    t = ev.tournament
    return replace(t, records=tuple(o for o in t.records if o[0] != OPTION_KEY) + records(ev))


def _parse_settings(base: EventSettings, lines: list[list[str]]) -> EventSettings:
    types = {f.name: f.type for f in fields(base)}
    values: dict[str, object] = {}
    for parts in lines:
        if parts[0] == "set" and len(parts) >= 3 and parts[1] in CARRIED_SETTINGS:
            raw = " ".join(parts[2:])
            kind = str(types[parts[1]])
            if "int" in kind:
                try:
                    values[parts[1]] = int(raw)
                except ValueError:
                    continue
            else:
                values[parts[1]] = raw
    return replace(base, **values)  # type: ignore[arg-type]


def _whole(raw: str) -> int | None:
    try:
        return int(raw)
    except ValueError:
        return None


def read_records(t: Tournament, settings: EventSettings
                 ) -> tuple[Tournament, EventSettings, dict[int, PlayerStatus]]:
    """The tournament of a TRF without its ``XXB`` records, the Settings they
    give over ``settings``, and the Players statuses as the records typed
    them.  The clubs, seeds, late entries, withdrawals, requests and board
    order they give are already in ``t``: the engine's one reader
    (:func:`bianpai.engine.formats.trf.parse_trf`) applied them, for ``trf-pair``
    and ``trf-standings`` alike; this reads only what is the workbook's own."""
    lines = [v.split() for k, v in t.records if k == OPTION_KEY and v.split()]
    if not lines:
        return t, settings, {}
    numbers = {p.number for p in t.players}
    statuses: dict[int, PlayerStatus] = {}
    for parts in lines:
        if parts[0] == "status" and len(parts) >= 3 and (n := _whole(parts[1])) in numbers:
            st = parse_status(" ".join(parts[2:]))
            if st is not None:
                statuses[n] = st
    t = replace(t, records=tuple(o for o in t.records if o[0] != OPTION_KEY))
    return t, _parse_settings(settings, lines), statuses


def not_carried(lang: str) -> str:
    """What a TRF cannot carry, in words."""
    return L.text(NOT_CARRIED, lang)


__all__ = ["CARRIED_SETTINGS", "NOT_CARRIED", "OPTION_KEY", "RECORD",
           "not_carried", "read_records", "records", "with_records"]
