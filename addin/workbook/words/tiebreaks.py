"""Tie-breaks: what each code means (``tb.*``), its column head on the standings
(``tbh.*``) and the words of the order it ranks in (``tbo.*``).

Part of the one zh/en word table, :mod:`bianpai.addin.workbook.words`."""

from __future__ import annotations

#: key -> (zh, en)
WORDS: dict[str, tuple[str, str]] = {
    # what each tie-break counts
    "tb.BH": ("对手分: 各对手积分之和", "Buchholz: sum of the opponents' scores"),
    "tb.BH-C1": ("对手分去最低: 对手分减去最低的一个", "Buchholz cut 1: without the lowest opponent's score"),
    "tb.BH-C2": ("对手分去两个最低: 对手分减去最低的两个", "Buchholz cut 2: without the two lowest"),
    "tb.BH-M1": ("中间对手分: 去掉最高和最低的一个", "Median Buchholz: without the highest and the lowest"),
    "tb.BH-M2": ("中间对手分2: 去掉最高和最低各两个", "Median 2: without the two highest and the two lowest"),
    "tb.BH-CUT": ("截断对手分: 依次去掉最低的，直到分出先后（表中为去最低一个）",
                  "Solkoff cut: the lowest cut one by one until the tie breaks (shown: cut 1)"),
    "tb.SB": ("索贝分: 每个对手的积分 × 对他所得分 ÷ 胜局得分，再求和",
              "Sonneborn-Berger: each opponent's score × points scored against him ÷ points for a win, "
              "summed"),
    "tb.PS": ("累进分: 每轮后的累计积分之和", "Progressive: the running scores after each round, summed"),
    "tb.PS-C1": ("扣除累进分: 累进分去掉第1轮后的积分", "Progressive cut 1: without the score after round 1"),
    "tb.WIN": (
        "胜局数: 实际对局获胜的局数（弃权胜、轮空不计）",
        "Wins over the board (forfeits and byes not counted)"),
    "tb.BWIN": ("后胜局数: 执黑实际对局获胜的局数", "Wins with black over the board"),
    "tb.BPG": ("后手局数: 执黑实际对局的局数", "Games played with black over the board"),
    "tb.DE": ("直胜: 同分选手之间的对局所得分（仅当彼此都赛过）",
              "Direct encounter: points among the tied players (only when all of them met)"),
    "tb.ARO": (
        "对手平均等级分: 实际对局对手的平均等级分",
        "Average rating of the opponents met over the board"),
    "tb.ARO-C1": ("对手平均等级分去最低: 去掉等级分最低的对手", "ARO without the lowest-rated opponent"),
    "tb.RTG": ("等级分: 本人等级分", "Rating: the player's own rating"),
    "tb.KOYA": (
        "科亚分: 对得分不少于一半的对手所得的分",
        "Koya: points against the opponents who scored at least half"),
    "tb.unplayed.fide": ("轮空、弃权和缺席的轮次，按与本人最终积分相同的虚拟对手计入；"
                         "对手退赛后的轮次按和棋计",
                         "byes, forfeits and absences count as a virtual opponent on the player's own final "
                         "score; an opponent's rounds after withdrawal count as draws"),
    "tb.unplayed.xiangqi": ("轮空和缺席的轮次，按本赛最终积分最低的对手计入；弃权局按实际对手计",
                            "byes and absences count as an opponent on the lowest final score of the event; "
                            "forfeits count the real opponent"),
    "tb.cut.fide": ("（有未赛轮次时——弃权负、请假、缺席、半分或零分轮空——"
                    "先去掉这些轮次的值，而不是最低的对手分）",
                    " (with an unplayed round — a forfeit loss, an absence, a half- or zero-point bye — "
                    "that round's value is cut first, not the lowest opponent's score)"),
    "tb.unplayed.fide-2026": ("轮空、弃权和缺席的轮次，按与本人最终积分相同的虚拟对手计入，"
                              "但弃权局不超过原定对手的积分，"
                              "其他未赛轮次不超过和棋得分×总轮数（国际棋联2026年3月起的规则）；对手退赛后的轮次按和棋计",
                              "byes, forfeits and absences count as a virtual opponent on the player's "
                              "own final score, at most the scheduled opponent's score for a forfeit and "
                              "the points for a "
                              "draw × the rounds for any other unplayed round (FIDE, from March 2026); an "
                              "opponent's rounds after withdrawal count as draws"),
    "tb.FOUL": ("犯规: 裁判记录的犯规次数（选手表“犯规”列），少者列前",
                "Fouls: the fouls the arbiter recorded (Players sheet, Fouls column); fewer ranks higher"),
    "tb.PREV": ("前轮成绩: 比较前一轮结束时的积分，仍相同再比较再前一轮，以此类推（表中为前一轮积分）",
                "Previous rounds: the score after the round before, then the one before that, and so on "
                "(shown: the score after the round before)"),
    "tb.STD": ("标准分: 按胜1、和½、负0计每轮（未对局的轮次按得分与和棋分比较）",
               "Standard points: each round as win 1, draw ½, loss 0 (a round without an opponent by its "
               "points against a draw's)"),
    # column heads
    "tbh.BH": ("对手分", "Buchholz"),
    "tbh.BH-C1": ("对手分去最低", "Buchholz cut 1"),
    "tbh.BH-C2": ("对手分去两个最低", "Buchholz cut 2"),
    "tbh.BH-M1": ("中间对手分", "Median Buchholz"),
    "tbh.BH-M2": ("中间对手分2", "Median 2"),
    "tbh.BH-CUT": ("截断对手分", "Solkoff cut"),
    "tbh.SB": ("索贝分", "Sonneborn-Berger"),
    "tbh.PS": ("累进分", "Progressive"),
    "tbh.PS-C1": ("扣除累进分", "Progressive cut 1"),
    "tbh.WIN": ("胜局数", "Wins"),
    "tbh.BWIN": ("后胜局数", "Black wins"),
    "tbh.BPG": ("后手局数", "Black games"),
    "tbh.DE": ("直胜", "Direct encounter"),
    "tbh.ARO": ("对手平均等级分", "ARO"),
    "tbh.ARO-C1": ("对手平均等级分去最低", "ARO cut 1"),
    "tbh.RTG": ("等级分", "Rating"),
    "tbh.KOYA": ("科亚分", "Koya"),
    "tbh.FOUL": ("犯规", "Fouls"),
    "tbh.PREV": ("前轮成绩", "Previous rounds"),
    "tbh.STD": ("标准分", "Standard points"),
    "tbh.LOTS": ("抽签", "Lots"),
    "tbh.PLAYOFF": ("加赛", "Playoff"),
    # which ranks higher
    "tbo.WIN": ("胜局多者", "more wins"),
    "tbo.BWIN": ("后胜局多者", "more wins with black"),
    "tbo.BPG": ("后手局多者", "more games with black"),
    "tbo.FOUL": ("犯规少者", "fewer fouls"),
}
