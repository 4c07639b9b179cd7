"""Issue 25: a player who forfeits N rounds in a row is no longer paired
(连续两轮弃权者，不再编排).  ``pair`` withdraws him from the round it pairs and
logs it on the 变更记录 sheet like a hand edit (board 0, the player, why, the
status he had), so that ``undo`` of that round restores him; the 选手 sheet
shows 退赛 k with a comment saying why."""

from __future__ import annotations

import datetime
from dataclasses import replace

from bianpai.engine.withdrawal import forfeit_withdrawals

from ..workbook import words as L
from ..workbook import sheets as S
from ..workbook.sheets.event import Event

AUTO_BOARD = 0
"""The log's board number of an automatic withdrawal (no board: a player, not a game)."""


def is_auto_withdrawal(c: S.ChangeRecord) -> bool:
    return c.board == AUTO_BOARD


def record_number(c: S.ChangeRecord) -> int | None:
    """The player an automatic-withdrawal record is about (its 改为 cell starts with his number)."""
    head = c.changed_to.split(" ", 1)[0]
    return int(head) if head.isdigit() else None


def withdraw_after_forfeits(ev: Event, k: int, when: str) -> tuple[Event, tuple[str, ...]]:
    """Before pairing round ``k``: the players the Settings' forfeits-in-a-row
    rule withdraws, withdrawn from round ``k`` and logged.  Returns the event
    and the "number name" of each (none: the event as it was)."""
    n = ev.settings.forfeits_to_withdraw
    t = ev.tournament
    gone = forfeit_withdrawals(t, n)
    if not gone:
        return ev, ()
    lang = ev.lang
    statuses = dict(ev.statuses)
    records = list(ev.changes)
    players = []
    names = []
    for p in t.players:
        if p.number in gone:
            old = S.status_text(statuses.get(p.number), lang) or ""
            rounds = "、".join(str(r) for r in range(k - n, k)) if lang == "zh" else \
                ", ".join(str(r) for r in range(k - n, k))
            why = L.text("withdraw.auto", lang, n=n, rounds=rounds, k=k)
            records.append(S.ChangeRecord(when, k - 1, AUTO_BOARD, f"{p.number} {p.name}", why, k,
                                          old_mark=old))
            statuses[p.number] = S.PlayerStatus(withdrawn=True, withdrawn_from=k)
            p = replace(p, withdrawn_from=k)
            names.append(f"{p.number} {p.name}")
        players.append(p)
    after = replace(ev, tournament=replace(t, players=tuple(players)),
                    statuses=tuple(sorted(statuses.items())), changes=tuple(records))
    return after, tuple(names)


def restore_withdrawals(ev: Event, k: int) -> tuple[Event, bool]:
    """``undo`` of round ``k``: the players its pairing withdrew get their
    status back (the log's records go with the hand edits')."""
    mine = [c for c in ev.changes if c.recorded_with == k and is_auto_withdrawal(c)]
    if not mine:
        return ev, False
    statuses = dict(ev.statuses)
    back: dict[int, int | None] = {}
    for c in mine:
        number = record_number(c)
        if number is None:
            continue
        old = S.parse_status(c.old_mark) or S.PlayerStatus()
        if old == S.PlayerStatus():
            statuses.pop(number, None)
        else:
            statuses[number] = old
        back[number] = old.withdrawn_from
    t = ev.tournament
    players = tuple(replace(p, withdrawn_from=back[p.number]) if p.number in back else p for p in t.players)
    return replace(ev, tournament=replace(t, players=players), statuses=tuple(sorted(statuses.items()))), True


def why_withdrawn(ev: Event) -> dict[int, str]:
    """Per player withdrawn by the rule: the log's words (for the 选手 sheet's comment)."""
    out: dict[int, str] = {}
    for c in ev.changes:
        n = record_number(c) if is_auto_withdrawal(c) else None
        if n is not None:
            out[n] = c.system
    return out


def now() -> str:
    return datetime.datetime.now().strftime("%Y-%m-%d %H:%M")


__all__ = ["AUTO_BOARD", "restore_withdrawals", "why_withdrawn", "withdraw_after_forfeits"]
