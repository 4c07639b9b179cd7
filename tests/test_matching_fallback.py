"""rustworkx is optional at run time: without it the pure-Python blossom of
``engine/matching/blossom.py`` serves, with the same results.

A sample of conformance rounds of every system that matches (Dutch, 定位编排
dingwei, adjacent) is paired twice, with rustworkx and with the fallback
forced (:func:`matching.use_rustworkx`), and must give the same boards and
bye; and the whole command pairs in a process where rustworkx is switched off
(``BIANPAI_NO_RUSTWORKX``), where nothing imports it.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from bianpai.engine import matching
from bianpai.engine.model import Tournament
from bianpai.engine.results import pairing_output
from bianpai.engine.registry import pair_next_round
from bianpai.engine.formats.trf import read_trf

from conftest import CONFORMANCE, corpus

SAMPLE_EVENTS = 4  # per system: the smallest events of its corpus, every round
MAX_PLAYERS = 30


def _small_events(name: str) -> list[Path]:
    files = [f for f in corpus(name) if f.read_text(encoding="utf-8").count("\n001") +
             f.read_text(encoding="utf-8").count("\r001") <= MAX_PLAYERS]
    return files[:SAMPLE_EVENTS]


SAMPLES = ([("dutch", f) for f in _small_events("dutch")]
           + [("dingwei", f) for f in _small_events("dingwei-v2")]
           + [("adjacent", f) for f in _small_events("dingwei-v2")])


@pytest.fixture
def fallback() -> Iterator[None]:
    matching.use_rustworkx(False)
    try:
        yield
    finally:
        matching.use_rustworkx(True)


def _rounds(system: str, t: Tournament) -> list[str]:
    out = []
    for r in range(1, len(t.rounds) + 1):
        try:
            p = pair_next_round(t.before_round(r), system)
            out.append(pairing_output(p) + "|" + " ".join(b.colour_rule for b in p.boards))
        except Exception as e:  # the same failure both ways is the same result
            out.append(f"{type(e).__name__}: {e}")
    return out


def test_the_sample_is_there() -> None:
    assert len(SAMPLES) == 3 * SAMPLE_EVENTS


@pytest.mark.parametrize("system, path", SAMPLES, ids=[f"{s}-{p.stem}" for s, p in SAMPLES])
def test_fallback_pairs_as_rustworkx(system: str, path: Path) -> None:
    t = read_trf(path)
    with_rx = _rounds(system, t)
    matching.use_rustworkx(False)
    try:
        assert matching.rustworkx() is None
        without = _rounds(system, t)
    finally:
        matching.use_rustworkx(True)
    assert without == with_rx


def test_pure_graph_matches_as_rustworkx(fallback: None) -> None:
    g = matching.rx.PyGraph(multigraph=False)
    assert isinstance(g, matching.Graph)
    g.add_nodes_from("abcd")
    g.add_edges_from([(0, 1, 2), (1, 2, 9), (2, 3, 2)])
    assert matching.rx.max_weight_matching(g, weight_fn=int) == {(1, 2)}
    assert matching.rx.max_weight_matching(g, max_cardinality=True, weight_fn=int) == {(0, 1), (2, 3)}
    sub = g.subgraph([1, 2, 3])
    assert [sub[i] for i in range(3)] == ["b", "c", "d"] and sub.get_edge_data(0, 1) == 9
    assert not sub.has_edge(0, 2) and sub.get_edge_data(1, 2) == 2


@pytest.mark.parametrize("system, path", [
    ("dutch", CONFORMANCE / "dutch-cases" / "issue_7.trf"),
    ("dingwei", CONFORMANCE / "dingwei-v2" / sorted(os.listdir(CONFORMANCE / "dingwei-v2"))[0]),
])
def test_command_without_rustworkx(system: str, path: Path, tmp_path: Path) -> None:
    t = read_trf(path)
    if t.rounds and system == "dingwei":
        t = t.before_round(len(t.rounds))
    src = tmp_path / "in.trf"
    from bianpai.engine.formats.trf import write_trf
    write_trf(t, src)
    code = ("import sys; from bianpai.addin.cli import main; rc = main(sys.argv[1:]); "
            "assert 'rustworkx' not in sys.modules, 'rustworkx imported'; sys.exit(rc)")
    env = dict(os.environ, BIANPAI_NO_RUSTWORKX="1")
    done = subprocess.run([sys.executable, "-c", code, "trf-pair", "--system", system, str(src)],
                          capture_output=True, text=True, timeout=120, env=env)
    assert done.returncode == 0, done.stderr
    assert done.stdout == pairing_output(pair_next_round(t, system))
