"""Cross-route property (issue 23 "Done when"): one event, one reading, every route.

For random individual events of every system — clubs, 同单位回避 rounds,
withdrawals, requested absences, late entries, forfeits, a round paired
provisionally on an unfinished game — the next round paired

* through the workbook (the ``pair`` job),
* through the TRF (``export-trf``, then ``trf-pair``), and
* through ``import-trf`` of that TRF, then ``pair``

is identical (pairs with their colours, and the bye; or the same refusal).
For random team events the team workbook, the TRF-2026 team file
(``trf-pair``) and the team-level tournament give the same team pairing.

Seeded (the same events on every run), a modest number of each, so that the
whole test takes seconds.  A disagreement names the event's seed and the route.
"""

from __future__ import annotations

import copy
import random
from pathlib import Path

import pytest

from bianpai.addin.jobs import api as jobs
from bianpai.addin.workbook import words as L
from bianpai.addin.workbook import sheets as S
from bianpai.addin.cli.app import main
from bianpai.addin.workbook.sheets.team.event import read_team_workbook
from bianpai.addin.workbook.sheets.team.round import T_FIRST, T_RESULT, T_SECOND
from bianpai.addin.workbook.sheets.team.teams import TEAM_COLUMNS, TEAMS_HEADER_ROW
from bianpai.engine.model import ByeKind, GameResult
from bianpai.engine.results import InputError, PairingError
from bianpai.engine.registry import pair_next_round
from bianpai.engine.teams.model import ColourRule, TeamEvent, TeamRound
from bianpai.engine.teams.points import first_team_for
from bianpai.engine.teams.projection import team_tournament

from workbook_helpers import event, game_rows, players_sheet

INDIVIDUAL_SYSTEMS = ("dingwei", "dutch", "adjacent", "roundrobin")
EVENTS_PER_SYSTEM = 8
SEED = 2326

Answer = tuple[object, ...]


# -- random individual events, typed as an organiser would -----------------------------------------


def _result_word(result: GameResult, lang: str) -> str:
    return S.CANONICAL_RESULTS[lang][result]


def _players_rows(values: S.SheetValues) -> list[list[object]]:
    rows = values[players_sheet(values)]
    return [r for r in rows[S.PLAYERS_HEADER_ROW:] if r and S.as_int(r[0]) is not None]


def _set_status(values: S.SheetValues, number: int, text: str) -> None:
    for r in _players_rows(values):
        if S.as_int(r[0]) == number:
            while len(r) < 7:
                r.append(None)
            r[5] = text
            return
    raise KeyError(number)


def _type_results(values: S.SheetValues, k: int, rng: random.Random, lang: str,
                  unfinished: int = 0) -> S.SheetValues:
    """Results for round ``k``: mostly played, some forfeits; the last
    ``unfinished`` boards left without a result."""
    values = copy.deepcopy(values)
    rows = game_rows(values, k)
    played = (GameResult.RED_WIN, GameResult.DRAW, GameResult.BLACK_WIN)
    forfeits = (GameResult.RED_FORFEIT_WIN, GameResult.BLACK_FORFEIT_WIN, GameResult.DOUBLE_FORFEIT)
    for i, row in enumerate(rows):
        if i >= len(rows) - unfinished:
            row[S.C_RESULT - 1] = None
            continue
        if row[S.C_RESULT - 1] not in (None, ""):
            continue  # decided by the pairing (a round robin's game of a player who withdrew: forfeited)
        result = rng.choice(forfeits) if rng.random() < 0.08 else rng.choice(played)
        row[S.C_RESULT - 1] = _result_word(result, lang)
    return values


def _pair(values: S.SheetValues, provisional: bool = False) -> S.SheetValues:
    return jobs.apply_values(values, jobs.pair(values, provisional=provisional))


def individual_event(seed: int, system: str, settled: bool = False) -> tuple[S.SheetValues, bool, str]:
    """A workbook with some rounds played (seeded), its round to pair next
    not yet paired; (values, whether that round is paired provisionally, lang).
    A round may be paired provisionally on an unfinished game of the round
    before (counted as a draw); ``settled``: there is always such a round
    before the last, and that game's real result is typed after it."""
    rng = random.Random(seed)
    lang = rng.choice(("zh", "en"))
    n = rng.randint(6, 13) if system != "roundrobin" else rng.randint(4, 7)
    total = rng.randint(4, 7)
    later = ("1-3,5",) if total >= 5 and system != "roundrobin" else ()
    club_rounds = rng.choice(("", "all", "2-3") + later)
    values = event(n, lang, total, clubs=True, **{"set.system": system, "set.club_rounds": club_rounds})
    clubs = [f"C{rng.randint(1, max(2, n // 3))}" if rng.random() < 0.8 else None for _ in range(n)]
    for r, club in zip(_players_rows(values), clubs, strict=True):
        r[2] = club
    rounds = S.read_event(values).tournament.total_rounds
    played = rng.randint(2 if settled else 1, max(2, min(rounds - 1, 4)))
    provisional_round = rng.randint(1, played - 1) if settled else \
        rng.randint(1, played) if rng.random() < 0.3 else -1
    for k in range(1, played + 1):
        if k >= 2:
            numbers = [S.as_int(r[0]) for r in _players_rows(values)]
            if rng.random() < 0.3:  # a withdrawal, with or without its round
                word = L.text("status.withdrawn", lang)
                _set_status(values, rng.choice(numbers), word if rng.random() < 0.5 else f"{word} {k}")
            if rng.random() < 0.3:  # an absence or a bye asked for, for this round or while it stays
                word = L.text(rng.choice(("status.absent", "status.half_bye", "status.zero_bye")), lang)
                when = rng.choice(("", f" {k}", f" {k + 1}"))  # while it stays, this round, or the next
                _set_status(values, rng.choice(numbers), word + when)
            if rng.random() < 0.25 and system != "roundrobin":  # a late entry from round k
                table = [["姓名", "单位", "等级分"], [f"迟到{k}", f"C{rng.randint(1, 3)}", 1500 + k]]
                values = jobs.apply_values(values, jobs.import_players(values, table))
        try:
            values = _pair(values, provisional=k - 1 == provisional_round)
        except (InputError, PairingError):
            return values, k - 1 == provisional_round, lang  # round k is the one to pair (refused)
        values = _type_results(values, k, rng, lang, 1 if k == provisional_round else 0)
        if k - 1 == provisional_round and settled:
            # the real result of the game counted as a draw, typed after round k was paired on it
            for row in game_rows(values, k - 1):
                if row[S.C_RESULT - 1] in (None, ""):
                    row[S.C_RESULT - 1] = _result_word(GameResult.RED_WIN, lang)
    if rng.random() < 0.4:  # a bye or absence asked for the round to pair, or for the one after it
        word = L.text(rng.choice(("status.absent", "status.half_bye", "status.full_bye")), lang)
        numbers = [S.as_int(r[0]) for r in _players_rows(values)]
        _set_status(values, rng.choice(numbers), f"{word} {played + rng.choice((1, 2))}")
    next_provisional = provisional_round == played
    return values, next_provisional, lang


# -- the three routes ------------------------------------------------------------------------------


def _refusal(e: Exception) -> Answer:
    """A refusal: bad input (exit 3) or no pairing (exit 1), whatever route said it."""
    return ("refused", "InputError" if isinstance(e, InputError) else type(e).__name__)


def by_workbook(values: S.SheetValues, provisional: bool) -> Answer:
    try:
        paired = _pair(values, provisional)
    except (InputError, PairingError) as e:
        return _refusal(e)
    rnd = S.read_event(paired).tournament.rounds[-1]
    return tuple(sorted((g.red, g.black) for g in rnd.games)), rnd.pairing_bye


def by_trf_pair(text: str, tmp_path: Path, provisional: bool, name: str = "ev") -> Answer:
    src, out = tmp_path / f"{name}.trf", tmp_path / f"{name}.txt"
    src.write_text(text, encoding="utf-8", newline="")
    code = main(["trf-pair", str(src), "-p", str(out)] + (["--provisional"] if provisional else []))
    if code != 0:
        return ("refused", {1: "PairingError", 3: "InputError"}.get(code, f"exit {code}"))
    lines = out.read_text(encoding="utf-8").split("\n")
    pairs, bye = [], None
    for line in lines[1:int(lines[0]) + 1]:
        a, b = (int(x) for x in line.split())
        if b == 0:
            bye = a
        else:
            pairs.append((a, b))
    return tuple(sorted(pairs)), bye


def by_import(text: str, lang: str, provisional: bool) -> Answer:
    try:
        values = jobs.apply_values({}, jobs.import_trf(None, text, lang))
    except (InputError, PairingError) as e:
        return ("import refused",) + tuple(str(e).split("\n")[:1])
    return by_workbook(values, provisional)


def individual_disagreements(seed: int, system: str, tmp_path: Path, settled: bool = False) -> list[str]:
    values, provisional, lang = individual_event(seed, system, settled)
    try:
        text = jobs.export_trf(values).output
    except InputError as e:  # a workbook check refuses: no TRF, and no route pairs it
        text = ""
        refused = _refusal(e)
    answers = {"workbook pair": by_workbook(values, provisional),
               "export-trf + trf-pair": by_trf_pair(text, tmp_path, provisional) if text else refused,
               "import-trf + pair": by_import(text, lang, provisional) if text else refused}
    want = answers["workbook pair"]
    return [f"{system} event seed {seed}: {route} gives {got}, the workbook {want}"
            for route, got in answers.items() if got != want]


@pytest.mark.parametrize("system", INDIVIDUAL_SYSTEMS)
def test_individual_events_pair_the_same_by_every_route(system: str, tmp_path: Path) -> None:
    found: list[str] = []
    for i in range(EVENTS_PER_SYSTEM):
        seed = SEED * 1000 + INDIVIDUAL_SYSTEMS.index(system) * 100 + i
        found += individual_disagreements(seed, system, tmp_path)
    assert found == [], "\n".join(found)


@pytest.mark.parametrize("system", ("dingwei", "dutch"))
def test_a_provisional_pairing_stands_by_every_route_once_the_real_result_is_typed(
        system: str, tmp_path: Path) -> None:
    """Seed rule 8: a round paired on a provisional draw stands whatever the
    real result typed later; the next round is paired alike by every route
    (issue 23 item 2 is the workbook's part of this)."""
    found: list[str] = []
    for i in range(3):
        seed = SEED * 1000 + 500 + INDIVIDUAL_SYSTEMS.index(system) * 10 + i
        found += individual_disagreements(seed, system, tmp_path, settled=True)
    assert found == [], "\n".join(found)


# -- random team events ----------------------------------------------------------------------------

TEAM_WORKBOOK_SYSTEMS = ("dingwei", "dutch", "adjacent")
TEAM_EVENTS_PER_SYSTEM = 3
TEAM_TRF_EVENTS = 6


def _team_level(pairs: list[tuple[int, int]], bye: int | None) -> Answer:
    return tuple(sorted(pairs)), bye


def _team_matches(rnd: TeamRound, rule: ColourRule) -> Answer:
    """A team round as (board 1's red team, black team) pairs and the team bye."""
    pairs = [first_team_for(m.first, m.second, rule) for m in rnd.matches]
    bye = next((b.team for b in rnd.byes if b.kind is ByeKind.PAIRING), None)
    return _team_level(pairs, bye)


def _team_tournament_pairing(ev: TeamEvent) -> Answer:
    try:
        p = pair_next_round(team_tournament(ev), ev.system)
    except (InputError, PairingError) as e:
        return _refusal(e)
    return _team_level(p.pairs(), p.bye)


def _set_team_status(values: S.SheetValues, team: int, text: str) -> None:
    """Type ``text`` into the team's 状态 cell on the Teams sheet."""
    rows = next(rows for name, rows in values.items() if L.sheet_key(name) == "sheet.teams")
    for r in rows[TEAMS_HEADER_ROW:]:
        if r and S.as_int(r[0]) == team:
            while len(r) < len(TEAM_COLUMNS):
                r.append(None)
            r[TEAM_COLUMNS.index("col.status")] = text
            return
    raise KeyError(team)


def team_workbook_event(seed: int, system: str) -> S.SheetValues:
    """A team workbook with some rounds played (seeded): board results typed
    as the first team's points (2:0, 1:1, 0:2); a team may withdraw or ask
    for a bye (its 状态 on the Teams sheet)."""
    from test_team_workbook import team_event

    rng = random.Random(seed)
    n = rng.randint(4, 9)
    total = rng.randint(4, 6)
    values = team_event(n, rng.choice((2, 4)), total, "zh", system)
    for k in range(1, rng.randint(1, min(3, total - 1)) + 1):
        if k >= 2 and rng.random() < 0.4:  # a team withdraws, or asks for a bye, from round k
            word = L.text(rng.choice(("status.withdrawn", "status.absent", "status.zero_bye")), "zh")
            _set_team_status(values, rng.randint(1, n), f"{word} {k}" if rng.random() < 0.5 else word)
        try:
            values = jobs.apply_values(values, jobs.pair(values))
        except (InputError, PairingError):
            return values  # round k is the one to pair (refused)
        rs = read_team_workbook(values).round_sheets[k - 1]
        rows = values[S.L.round_sheet_name(k, "zh")]
        for (_match, board), row in rs.rows:
            line = rows[row - 1]
            if board and line[T_RESULT - 1] is None and line[T_FIRST - 1] is not None \
                    and line[T_SECOND - 1] is not None:
                line[T_RESULT - 1] = rng.choice(("2:0", "1:1", "0:2"))
    return values


def team_disagreements(seed: int, system: str, tmp_path: Path) -> list[str]:
    values = team_workbook_event(seed, system)
    ev = read_team_workbook(values).event
    rule = ev.settings.colours
    try:
        paired = read_team_workbook(jobs.apply_values(values, jobs.pair(values))).event.rounds[-1]
        want = _team_matches(paired, rule)
    except (InputError, PairingError) as e:
        want = _refusal(e)
    text = jobs.export_trf(values).output
    answers = {"team workbook pair": want,
               "TRF-2026 team file + trf-pair": by_trf_pair(text, tmp_path, False, f"team{seed}"),
               "team-level tournament": _team_tournament_pairing(ev)}
    return [f"team {system} event seed {seed}: {route} gives {got}, the team workbook {want}"
            for route, got in answers.items() if got != want]


@pytest.mark.parametrize("system", TEAM_WORKBOOK_SYSTEMS)
def test_team_events_pair_the_same_by_every_route(system: str, tmp_path: Path) -> None:
    found: list[str] = []
    for i in range(TEAM_EVENTS_PER_SYSTEM):
        found += team_disagreements(SEED * 1000 + 700 + TEAM_WORKBOOK_SYSTEMS.index(system) * 10 + i,
                                    system, tmp_path)
    assert found == [], "\n".join(found)


def test_fide_team_events_pair_the_same_from_the_trf_and_the_team_level_tournament(tmp_path: Path) -> None:
    """The FIDE Team Swiss (not offered on the Settings sheet): a simulated
    event's TRF-2026 file through ``trf-pair --system fide-team``, and its
    team-level tournament, give the same team pairing — with teams that
    withdrew or asked for a bye (``XXB team`` records: without them the TRF
    paired them)."""
    from bianpai.engine.simulate.team import play_team_event
    from bianpai.engine.formats.trf_team import format_team_trf

    found: list[str] = []
    events, seed = 0, SEED * 1000 + 800
    while events < TEAM_TRF_EVENTS:  # the simulated events (one the simulation cannot finish: the next seed)
        seed += 1
        rng = random.Random(seed)
        try:
            ev = play_team_event(rng.randint(4, 11), 4, 7, "fide-team", seed, upto=rng.randint(1, 5),
                                 reserve_rate=0.2, empty_rate=0.05, no_show_rate=0.05,
                                 absence_rate=0.1, withdraw_rate=0.05)
        except (InputError, PairingError):
            continue
        events += 1
        want = _team_tournament_pairing(ev)
        got = by_trf_pair(format_team_trf(ev), tmp_path, False, f"fide{seed}")
        if got != want:
            found.append(f"fide-team event seed {seed}: the TRF-2026 team file + trf-pair gives {got}, "
                         f"the team-level tournament {want}")
    assert found == [], "\n".join(found)
