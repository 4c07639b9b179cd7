"""What is printed on paper: page footers, the 编排卡 (pairing cards) and the 记分单
(score slips), individual and team.

Part of the one zh/en word table, :mod:`bianpai.addin.workbook.words`."""

from __future__ import annotations

#: key -> (zh, en)
WORDS: dict[str, tuple[str, str]] = {
    # page footer and signatures
    "print.page": ("第 &P 页 / 共 &N 页", "Page &P of &N"),
    "print.when_where": ("时间: {dates}", "Date: {dates}"),
    "print.venue": ("地点: {venue}", "Venue: {venue}"),
    "print.signatures": ("裁判长: {chief}　　　　编排: {pairer}",
                         "Chief arbiter: {chief}        Pairing officer: {pairer}"),
    "print.blank_signature": ("__________", "__________"),
    # 编排卡 (pairing cards)
    "cards.title": ("编排卡", "Pairing cards"),
    "cards.next": ("第{k}轮编排用: 各积分段的要先行与要后行（卡片顺序）",
                   "For pairing round {k}: each score group's wants-red and wants-black rows, in card order"),
    "card.round": ("轮次", "Rd"),
    "card.opponent": ("对手", "Opp."),
    "card.colour": ("先/后", "R/B"),
    "card.result": ("结果", "Res."),
    "card.score": ("积分", "Pts"),
    "card.float": ("升降", "↑/↓"),
    "card.label": ("卡片", "Card"),
    "card.red": ("先", "R"),
    "card.black": ("后", "B"),
    "card.win": ("胜", "W"),
    "card.draw": ("和", "D"),
    "card.loss": ("负", "L"),
    "card.forfeit_win": ("胜(弃)", "W(f)"),
    "card.forfeit_loss": ("负(弃)", "L(f)"),
    "card.bye": ("轮空", "bye"),
    "card.full_bye": ("全分轮空", "full bye"),
    "card.half_bye": ("半分轮空", "half bye"),
    "card.zero_bye": ("零分轮空", "zero bye"),
    "card.absent": ("缺席", "absent"),
    "card.unfinished": ("未完", "*"),
    "team_card.colour": ("红/黑", "Colour"),
    "team_card.match_points": ("累计场分", "MP total"),
    # 记分单 (score slips)
    "slips.none": ("尚未编排任何轮次", "no round has been paired yet"),
    "slip.title": ("第{k}轮 记分单", "Round {k} score slip"),
    "slip.board": ("第{n}台", "Board {n}"),
    "slip.red": ("红方（先）", "Red"),
    "slip.black": ("黑方（后）", "Black"),
    "slip.result": ("结果", "Result"),
    "slip.red_win": ("红胜", "red wins"),
    "slip.draw": ("和", "draw"),
    "slip.black_win": ("黑胜", "black wins"),
    "slip.score_line": ("比分/备注:", "Score / note:"),
    "slip.red_sign": ("红方签名:", "Red signs:"),
    "slip.black_sign": ("黑方签名:", "Black signs:"),
    "slip.arbiter_sign": ("裁判签名:", "Arbiter signs:"),
    "slip.time": ("结束时间:", "Finished at:"),
    "team_slip.match": ("第{n}场", "Match {n}"),
    "team_slip.first_player": ("先手队队员", "First team's player"),
    "team_slip.second_player": ("后手队队员", "Second team's player"),
    "team_slip.board_points": ("局分（先:后）", "Board points (first:second)"),
    "team_slip.match_points": ("场分（先:后）", "Match points (first:second)"),
    "team_slip.first_captain": ("先手队队长签名:", "First team's captain signs:"),
    "team_slip.second_captain": ("后手队队长签名:", "Second team's captain signs:"),
    "team_slip.note": ("结果按本台颜色填写：红胜 / 黑胜 / 和；也可填局分 2:0 / 1:1 / 0:2（先手队在前）",
                       "result by the colours on the board: red wins / black wins / draw; or the board "
                       "points 2:0 / 1:1 / 0:2 (first team first)"),
}
