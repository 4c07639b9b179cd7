"""``bianpai demo --team``: a whole team event through the real workbook path —
a new team workbook, its Teams and Players sheets filled, then per round:
pair, type the board results (a reserve now and then, the captain's change
typed over the pre-filled line-up) into the round sheet, save; finally the
team standings."""

from __future__ import annotations

import argparse
import random
from pathlib import Path

from typing import TYPE_CHECKING, Sequence

from .exitcodes import EXIT_OK

if TYPE_CHECKING:
    from bianpai.engine.teams.model import Team
from ..jobs.table import DEMO_BOARDS, DEMO_TEAMS

DEMO_RESERVE_RATE = 0.15
"""How often a demo team fields its reserve (for a random regular, the board order kept)."""


def _fill(values: dict[str, list[list[object]]], teams: Sequence[Team], lang: str) -> None:
    # start-up time: a command imports only what it runs (tests/test_cli_help.py)
    from ..workbook import sheets as S

    keyed, _r, _o = S.classify_sheets(values)
    team_rows = values[keyed["sheet.teams"]]
    del team_rows[3:]
    player_rows = values[keyed["sheet.players"]]
    del player_rows[3:]
    yes = S.L.text("reserve.yes", lang)
    for t in teams:
        team_rows.append([t.number, t.name, t.unit, t.captain, None])
        for i, m in enumerate(t.roster, start=1):
            player_rows.append([m.number, m.name, t.number, i, yes if m.reserve else None, m.rating])


def team_demo(args: argparse.Namespace) -> int:
    # start-up time: a command imports only what it runs (tests/test_cli_help.py)
    from bianpai.engine.teams.model import default_lineup
    from bianpai.engine.simulate.team import random_board_result, random_lineup, random_teams

    # start-up time: a command imports only what it runs (tests/test_cli_help.py)
    from ..jobs import api as jobs
    from ..files import xlsx
    from ..workbook import sheets as S
    from ..jobs.kinds import TEAM
    from .demo_steps import all_changed, print_final_standings, with_changed
    from ..workbook.sheets.team.round import BOARD_RESULT_TEXT, T_FIRST, T_RESULT, T_SECOND

    rng = random.Random(args.seed)
    p = Path(args.out if args.out != "demo.xlsx" else "demo-team.xlsx")
    xlsx.refuse_if_unsafe(p)
    lang = args.lang
    name = "象棋团体赛（演示）" if lang == "zh" else "Xiangqi team event (demo)"
    result = jobs.new(lang, name, team=True)
    values = jobs.apply_values({}, result)
    for row in values[result.sheets[0].name]:
        key = S.L.lookup(row[0], ("set.rounds", "set.system", "set.boards"))
        if key == "set.rounds":
            row[1] = args.rounds
        elif key == "set.system":
            row[1] = args.system
        elif key == "set.boards":
            row[1] = DEMO_BOARDS
    teams = random_teams(DEMO_TEAMS, DEMO_BOARDS, rng)
    _fill(values, teams, lang)
    xlsx.write_new(p, all_changed(jobs.update(values)), None)
    forms = BOARD_RESULT_TEXT[lang]
    by_no = {t.number: t for t in teams}
    rounds = TEAM.read(values).event.total_rounds
    for _k in range(1, rounds + 1):
        values = xlsx.read_values(p)
        result = jobs.pair(values)
        xlsx.apply(p, result, values)
        print(result.message)
        values = xlsx.read_values(p)
        sheet = [s.name for s in result.sheets if s.key == "round"][-1]
        rows = values[sheet]
        lineups: dict[tuple[int, int], tuple[int | None, ...]] = {}
        rs = TEAM.read(values).round_sheets[-1]
        for (match, board), r in rs.rows:  # the match and board rows, as the reader found them
            row = rows[r - 1]
            if board == 0:
                for side in (T_FIRST, T_SECOND):
                    t = by_no[S.as_int(row[side - 1]) or 0]
                    lineups[(match, side)] = (
                        random_lineup(t, DEMO_BOARDS, rng, DEMO_RESERVE_RATE, 0.0)
                        if t.reserves
                        else default_lineup(t, DEMO_BOARDS)
                    )
                continue
            for side in (T_FIRST, T_SECOND):
                row[side - 1] = lineups[(match, side)][board - 1]  # the captain's line-up typed over
            row[T_RESULT - 1] = forms[random_board_result(rng)]
        result = jobs.update(values)
        xlsx.apply(p, with_changed(result, sheet), values)
    print_final_standings(p)
    print(S.L.text("cli.wrote_team", lang, path=p.resolve(), teams=DEMO_TEAMS, boards=DEMO_BOARDS,
                   rounds=rounds))
    return EXIT_OK


__all__ = ["DEMO_RESERVE_RATE", "team_demo"]
