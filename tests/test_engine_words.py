"""Every word the engine's records lead to is in the zh/en table.

The engine says *what* (a key and its arguments: a problem, a pairing note,
why no pairing exists) and the workbook layer words it (the package addin/workbook/words/).
These tests hold the two together: every key the engine writes has its zh
and en words, and the notes and errors of real pairings read in the
workbook's language, naming no document.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bianpai.addin.workbook.words import LABELS
from bianpai.addin.workbook.messages import wording
from bianpai.engine.systems import roundrobin
from bianpai.engine.model import Bye, ByeKind, Player, Tournament
from bianpai.engine.results import PairingError
from bianpai.engine.registry import pair_next_round
from bianpai.engine.rules import Rules
from bianpai.engine.simulate.individual import play_event

ENGINE = Path(__file__).resolve().parents[1] / "engine"
KEY = re.compile(r"""\bproblem\(\s*f?["']([a-z_]+\.[A-Za-z0-9_.{}\-]+)["']""")
CJK = re.compile(r"[\u4e00-\u9fff]")
DOCUMENTS = re.compile(r"§|\.md\b|\bspec\b|C\.0\d|\b00[0-3]\b")


def engine_keys() -> set[str]:
    keys: set[str] = set()
    for path in ENGINE.rglob("*.py"):  # the packages too (engine/systems/chinese/dingwei/)
        keys |= set(KEY.findall(path.read_text(encoding="utf-8")))
    return keys


def test_every_key_the_engine_writes_has_zh_and_en_words():
    keys = engine_keys()
    assert len(keys) > 40  # the scan finds the engine's keys
    plain = {k for k in keys if "{" not in k}
    assert sorted(k for k in plain if k not in LABELS) == []
    # the round-1 notes name their method in the key
    from bianpai.engine.rules import ROUND1_METHODS

    assert all(f"xp.note.round1.{m}" in LABELS for m in set(ROUND1_METHODS.values()))


def _notes_of(system: str, n: int, seed: int) -> list:
    t = play_event(n, 5, system, seed, upto=4)
    return list(pair_next_round(t, system).notes) + list(pair_next_round(
        Tournament("r1", t.players, total_rounds=5, rules=Rules(round1="random")), system).notes)


@pytest.mark.parametrize("system", ["dingwei", "adjacent", "dutch", "roundrobin"])
def test_pairing_notes_read_in_the_workbooks_language(system: str):
    notes = _notes_of(system, 7, 3)
    assert notes
    for n in notes:
        zh, en = wording(n, "zh"), wording(n, "en")
        assert CJK.search(zh) and not CJK.search(en), (zh, en)
        assert not DOCUMENTS.search(zh) and not DOCUMENTS.search(en), (zh, en)


def test_a_round_robin_forfeit_note_names_no_document():
    """A player withdrawn before round 2 of a round robin: his scheduled game is
    forfeited, and the note says so in words (it cited C.05)."""
    players = tuple(Player(i, f"P{i}") for i in range(1, 5))
    t = Tournament("rr", players, total_rounds=3, requests=((1, Bye(4, ByeKind.ABSENT)),),
                   system="roundrobin")
    p = roundrobin.pair(t)
    (note,) = [n for n in p.notes if n.key == "xp.note.rr_forfeit"]
    assert "不参赛" in wording(note, "zh") and "C.05" not in wording(note, "zh")
    assert "forfeit" in wording(note, "en")


def test_no_pairing_is_said_in_the_workbooks_language():
    t = play_event(4, 3, "dingwei", 1, upto=3)  # four players after three rounds: all have met
    with pytest.raises(PairingError) as e:
        pair_next_round(t, "dingwei")
    zh, en = wording(e.value.problem, "zh"), wording(e.value.problem, "en")
    assert zh.startswith("第4轮：") and "重复对局" in zh
    assert en.startswith("round 4: ") and "rematch" in en
