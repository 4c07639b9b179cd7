"""The sheets of a team event (团体赛): the Teams sheet, match and board points, team
standings, board standings and the team crosstable, and the team tie-break codes.

Part of the one zh/en word table, :mod:`bianpai.addin.workbook.words`."""

from __future__ import annotations

#: key -> (zh, en)
WORDS: dict[str, tuple[str, str]] = {
    # the kind of event and the two scores of a team event
    "kind.individual": ("个人赛", "individual"),
    "kind.team": ("团体赛", "team"),
    "score.match": ("场分", "match points"),
    "score.board": ("局分", "board points"),
    # the Teams sheet and team rounds
    "teams.title": ("参赛队", "Teams"),
    "teams.note": ("每行一队：队号、队名、单位、领队/队长；状态：退赛 [轮]、请假 [轮]。队员在“选手”表填写。",
                   "one team a row: number, name, unit, captain; status: withdrawn [round], absent "
                   "[round]. The players go on the Players sheet."),
    "team_players.note": ("每行一名队员：所属队号和台次（1 为第一台）；替补填“是”（或台次大于每场台数）",
                          "one player a row: team number and board order (1 = board 1); reserves "
                          "marked yes (or a board order beyond the boards of a match)"),
    "reserve.yes": ("是", "yes"),
    "team.colour_red": ("红", "red"),
    "team.colour_black": ("黑", "black"),
    "team_round.note": ("结果：红胜/黑胜/和 按本台所示颜色（执红者胜为红胜）；"
                        "2:0/1:1/0:2 为局分，先手队在前；"
                        "某队未到：在该场的结果格填 +/-（后手队未到）、-/+ 或 -/-",
                        "results: 红胜/黑胜/和 (red wins/black wins/draw) by the colours shown on the board; "
                        "2:0/1:1/0:2 (1-0/½-½/0-1) give the first team's points first; a team that did not "
                        "turn up: type +/- (second absent), -/+ or -/- into the match's result cell"),
    "team.step_bracket": ("{score}分组", "score group {score}"),
    "team.step_upfloaters": ("，上调 {teams}", " + upfloaters {teams}"),
    # team tie-break codes
    "code.MP": ("场分", "MP"),
    "code.BP": ("局分", "BP"),
    "code.OPP": ("对手分", "OPP"),
    "code.OBP": ("对手局分", "OBP"),
    "code.DE": ("直胜", "DE"),
    "code.MW": ("胜场数", "MW"),
    # team standings, board standings, team crosstable
    "team_standings.title": ("团体名次", "Team standings"),
    "team_standings.how": ("先按{first}，再依次比较：{codes}", "ranked by {first}, then: {codes}"),
    "board_standings.title": ("台次成绩", "Board standings"),
    "board_standings.board": ("第{board}台", "Board {board}"),
    "team_crosstable.title": ("团体成绩表", "Team crosstable"),
    "team_crosstable.legend": ("每格：对手队号、执色（w 红 b 黑）、结果（1 胜 = 和 0 负 + 对方未到 - "
    "未到 U 轮空）、局分 己方:对方",
                               "each cell: opponent, colour (w red, b black), result (1 win, = draw, 0 loss, "
                               "+ forfeit win, - forfeit loss, U bye), board points for:against"),
    "board_standings.least": ("出场不足 {n} 局者不列入", "players with fewer than {n} games are not listed"),
}
