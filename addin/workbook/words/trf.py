"""TRF files (the FIDE tournament report): the reader's problems, each placed at
file:line:column (``problem.trf_*``), and what a TRF written out cannot carry (``trf.*``).

Part of the one zh/en word table, :mod:`bianpai.addin.workbook.words`."""

from __future__ import annotations

#: key -> (zh, en)
WORDS: dict[str, tuple[str, str]] = {
    # the TRF reader's problems (engine/formats/trf.py, engine/formats/trf_team.py)
    "problem.trf_162_pairs": (
        "162 记录应为代码/分值成对，实为 {tokens!r}",
        "162 record needs code/value pairs, got {tokens!r}"),
    "problem.trf_162_code": (
        "162 记录中的计分代码 {code!r} 不存在",
        "unknown points code {code!r} in 162 record"),
    "problem.trf_162_value": (
        "{code} 的分值 {value!r} 不是数",
        "points value {value!r} for {code} is not a number"),
    "problem.trf_number": (
        "{field} {value!r}（第{first}-{last}列）不是数",
        "{field} {value!r} (columns {first}-{last}) is not a number"),
    "problem.trf_no_number": ("选手记录没有序号", "player record without a start number"),
    "problem.trf_number_twice": (
        "序号 {number} 已在第{first}行使用",
        "start number {number} already used on line {first}"),
    "problem.trf_opponent": (
        "第{round}轮: 对手 {value!r} 不是数",
        "round {round}: opponent {value!r} is not a number"),
    "problem.trf_colour": (
        "第{round}轮: 先后手 {value!r} 不是 w、b 或 -",
        "round {round}: colour {value!r} is not w, b or -"),
    "problem.trf_unplayed": (
        "第{round}轮: {value!r} 不是未赛代码（U F H Z -）",
        "round {round}: {value!r} is not an unplayed code (U F H Z -)"),
    "problem.trf_result": (
        "第{round}轮: 结果 {value!r} 不是对局结果",
        "round {round}: result {value!r} is not a game result"),
    "problem.trf_xxc": ("XXC {value!r} 不是 white1/black1", "XXC {value!r} is not white1/black1"),
    "problem.trf_unknown_opponent": (
        "第{round}轮: 对手 {opponent} 不是参赛选手",
        "round {round}: opponent {opponent} is not a player"),
    "problem.trf_one_sided": (
        "第{round}轮: {number} 对 {opponent}，但 {opponent} 的记录（第{other_line}行）没有 {number}",
        "round {round}: {number} plays {opponent}, but {opponent}'s record (line {other_line}) does not "
        "name {number}"),
    "problem.trf_results_disagree": (
        "第{round}轮: {number} 与 {opponent} 的结果 {result!r} 和 {other!r} 不一致",
        "round {round}: results {result!r} and {other!r} of {number} and {opponent} do not agree"),
    "problem.trf_points_pair": ("{record!r}: {text!r} 不是积分代码加分值（W D L A P）",
                                "{record!r}: {text!r} is not a code and a number of points (W D L A P)"),
    "problem.trf_points_code": ("{record!r}: 未知的积分代码 {code!r}（W D L A P）",
                                "{record!r}: unknown points code {code!r} (W D L A P)"),
    "problem.trf_field_number": ("{what_zh} {value!r}（第{first}-{last}列）不是数字",
                                 "{what} {value!r} (columns {first}-{last}) is not a number"),
    "problem.trf_not_number": ("{record!r}: {what_zh} {value!r} 不是数字",
                               "{record!r}: {what} {value!r} is not a number"),
    "problem.trf_not_positive": ("{record!r}: {what_zh} {value} 不是正数",
                                 "{record!r}: {what} {value} is not positive"),
    "problem.trf_two_players": ("{record!r}: {code} 记录至少要有两个编号",
                                "{record!r}: {code} needs at least two start numbers"),
    "problem.trf_rounds_order": ("{record!r}: 起始轮 {first} 在结束轮 {last} 之后",
                                 "{record!r}: first round {first} after last round {last}"),
    "problem.trf_250_short": ("{record!r}: 250 记录要有虚拟分、两个轮次和两个编号（第10-31列）",
                              "{record!r}: 250 needs game points, two rounds and two start numbers "
                              "(columns 10-31)"),
    "problem.trf_250_match_points": ("{record!r}: 场分（第5-8列）只用于团体赛，请留空",
                                     "{record!r}: match points (columns 5-8) are for team events; "
                                     "leave them empty"),
    "problem.trf_250_zero": ("{record!r}: 虚拟分（第10-13列）不能为 0",
                             "{record!r}: virtual points (columns 10-13) must not be 0"),
    "problem.trf_250_order": ("{record!r}: 轮次或编号前后颠倒，或第31列之后还有内容",
                              "{record!r}: rounds or start numbers out of order, or text after column 31"),
    "problem.trf_bye_type": ("{record!r}: 轮空类型 {value!r}（第5列）不是 F、H 或 Z",
                             "{record!r}: bye type {value!r} (column 5) is not F, H or Z"),
    "problem.trf_240_empty": ("{record!r}: 240 记录没有编号", "{record!r}: 240 names no player"),
    "problem.trf_no_start_number": ("选手记录没有编号", "player record without a start number"),
    "problem.trf_round_block": ("第{round}轮：{block!r} 不是一轮的记录"
                                "（第{first}-{last}列为对手、先后手、结果）",
                                "round {round}: {block!r} is not a round block (opponent, colour, result "
                                "in columns {first}-{last})"),
    "problem.trf_opponent_number": ("第{round}轮：对手 {value!r} 不是数字",
                                    "round {round}: opponent {value!r} is not a number"),
    "problem.trf_unplayed_code": ("第{round}轮：没有对手时 {value!r} 不是未赛代码（U F H Z -）",
                                  "round {round}: {value!r} is not an unplayed code (U F H Z -) for a "
                                  "round without an opponent"),
    "problem.trf_game_result": ("第{round}轮：结果 {value!r} 不是对局结果",
                                "round {round}: result {value!r} is not a game result"),
    "problem.trf_self": ("第{round}轮：{player} 号与自己配对",
                         "round {round}: {player} is paired with himself"),
    "problem.trf_initial_colour": ("{record!r}: 初始先后手 {value!r} 不是 W 或 B",
                                   "{record!r}: initial colour {value!r} is not W or B"),
    "problem.trf_type": ("{record!r}: 不支持赛制类型 {value!r}（可用: {choices}）",
                         "{record!r}: tournament type {value!r} is not supported ({choices})"),
    "problem.trf_299": ("{record!r}: 299 记录：不支持非常规的分配分",
                        "{record!r}: 299 record: abnormal assignment points are not supported"),
    "problem.trf_unknown_record": ("{record!r}: 无法识别的记录 {code!r}",
                                   "{record!r}: record {code!r} is not understood"),
    "problem.trf_xxc_word": ("{record!r}: XXC {value!r} 不是 white1 或 black1",
                             "{record!r}: XXC {value!r} is not white1 or black1"),
    "problem.trf_number_used": ("编号 {player} 已在第{other}行用过",
                                "start number {player} already used on line {other}"),
    "problem.trf_code_blank": ("{record!r}: 记录代码（第1-3列）后面要有一个空格",
                               "{record!r}: a record code (columns 1-3) must be followed by a blank"),
    "problem.trf_empty": ("文件是空的：没有任何记录，不是比赛报告文件（TRF）",
                          "the file is empty: no records, not a tournament report file"),
    "problem.trf_opponent_unknown": ("第{round}轮：对手 {opponent} 不是参赛选手",
                                     "round {round}: opponent {opponent} is not a player"),
    "problem.trf_opponent_disagrees": ("第{round}轮：{player} 号对 {opponent} 号，但 {opponent} 号的记录"
                                       "（第{other}行）没有写 {player} 号",
                                       "round {round}: {player} plays {opponent}, but {opponent}'s record "
                                       "(line {other}) does not name {player}"),
    "problem.trf_same_colour": ("第{round}轮：{player} 号和 {opponent} 号的先后手都是 {colour!r}",
                                "round {round}: {player} and {opponent} both have colour {colour!r}"),
    "problem.trf_results_differ": ("第{round}轮：{player} 号和 {opponent} 号的结果 {result!r} 与 "
                                     "{other!r} 不相符",
                                     "round {round}: results {result!r} and {other!r} of {player} and "
                                     "{opponent} do not agree"),
    "problem.trf_forbidden_unknown": ("回避名单：{player} 不是参赛选手",
                                      "forbidden pair: {player} is not a player"),
    "problem.trf_system": ("XXB 记录的编排制度 {value!r} 不存在（可用: {choices}）",
                           "XXB set system {value!r}: not a system ({choices})"),
    "problem.trf_240_unknown": ("240 记录：{player} 不是参赛选手", "240 record: {player} is not a player"),
    "problem.trf_240_paired": ("240 记录：第{round}轮已经编排，{player} 号在该轮的记录不是 {kind} 轮空",
                               "240 record: round {round} is paired, and player {player}'s record of it is "
                               "not a {kind} bye"),
    "problem.trf_version": ("TRF 版本 {value!r}：请选 {choices}",
                            "TRF version {value!r}: choose {choices}"),
    "problem.trf_team_number": ("{code} 记录：{value!r} 不是编号",
                                "{code} record: {value!r} is not a start number"),
    "problem.trf_352": ("352 {value!r} 不是 W/B 先后手序列", "352 {value!r} is not a W/B colour sequence"),
    "problem.trf_362": ("362 中 {code} 的值 {value!r} 不是数字",
                        "362 value {value!r} for {code} is not a number"),
    "problem.trf_no_teams": ("没有团体记录（013 或 310）：不是团体赛",
                             "no team records (013 or 310): not a team tournament"),
    "problem.trf_300_short": ("300 记录要有轮次、两队和两队各台的选手",
                              "300 needs round, two teams and both teams' boards"),
    "problem.trf_member_unknown": ("第{team}队：队员 {player} 没有选手记录",
                                   "team {team}: member {player} has no player record"),
    "problem.trf_board_no_game": ("第{round}轮 {first} 对 {second} 第{board}台："
                                  "选手记录中没有 {a} 对 {b} 的对局",
                                  "round {round}, match {first} v {second}, board {board}: no game {a} v {b} "
                                  "in the player records"),
    "problem.trf_board_colour": ("第{round}轮 {first} 对 {second} 第{board}台："
                                 "{red} 号执红，但先后手规则应是 {want} 号",
                                 "round {round}, match {first} v {second}, board {board}: {red} had red, the "
                                 "colour rule gives it to {want}"),
    "problem.trf_team_game": ("第{round}轮：同队或无队选手之间的对局",
                              "round {round}: a game between players of the same team or of no team"),
    "problem.trf_systems_differ": ("编排制度 {system!r} 与第{other_line}行的 {other!r} 不一致",
                                   "system {system!r} disagrees with {other!r} on line {other_line}"),
    "problem.trf_xxb_player": ("{record!r}: {value!r} 不是参赛选手的编号",
                               "{record!r}: {value!r} is not a player's start number"),
    "problem.trf_xxb_record": ("{record!r}: 无法识别的 XXB 记录（应为选手编号及其单位、种子、报到轮次或状态，"
                               "或轮次及各台红方编号）",
                               "{record!r}: not understood (XXB club/seed/joins/status NUMBER …, "
                               "XXB boards ROUND RED …)"),
    "problem.trf_players_not_teams": ("{system} 只编排团体，而此 TRF 没有团体记录（310 或 013）："
                                      "不能把选手当作团体编排",
                                      "{system} pairs teams, and this TRF has no team records (310 or "
                                      "013): its players are not teams"),
    "problem.trf_rank_order": ("此 TRF 用 XXC rank 按选手记录在文件中的先后定初始名次；工作簿按序号定名次："
                               "请先按该顺序重新编号（自上而下依次为 1、2、3 …）再导入",
                               "this TRF ranks its players by the order of their player records (XXC "
                               "rank); a workbook ranks them by number: renumber them in that order (1, 2, "
                               "3 … down the file) before importing"),
    "problem.trf_too_big": ("文件超过 {limit}，远大于任何真实比赛的 TRF；未读取",
                            "the file is larger than {limit}, far more than any real event's TRF; it was "
                            "not read"),
    "problem.trf_too_many_lines": ("文件有 {lines} 行，超过上限 {limit} 行；未读取",
                                   "the file has {lines} lines, above the limit of {limit}; it was not read"),
    "problem.trf_line_too_long": ("这一行有 {length} 个字符，超过每行上限 {limit} 个字符"
                                  "（TRF 的一行通常 100–250 个字符）",
                                  "this line has {length} characters, above the limit of {limit} per line (a "
                                  "TRF line has 100–250 in practice)"),
    "problem.trf_text_too_long": ("{code} 记录的文字有 {length} 个字符，超过上限 {limit} 个字符",
                                  "the text of this {code} record has {length} characters, above the limit "
                                  "of {limit}"),
    # what a TRF cannot carry
    "trf.not_carried": (
        "TRF 不能保存: 各台的配对步骤和先后手依据、轮次表下方的编排过程、选手表中自建的列、"
        "结果的写法（如 2:0）和其他工作表。单位、种子、状态、报到轮次、设置和台次顺序"
        "写在 Bianpai 自己的 XXB 记录中（其他程序会忽略）",
        "a TRF cannot carry: each board's pairing step and colour rule, the explanation below a round sheet, "
        "your own Players columns, how a result was typed (2:0) and other sheets. Clubs, seeds, statuses, "
        "late entries, Settings and board order are written in Bianpai's own XXB records (other programs "
        "skip them)"),
    "trf.not_carried.colour_points": ("TRF 不能表示按先后手不同的得分（黑胜/黑和/黑负），"
                                      "文件中写的是红方得分；每名选手的总分仍按本赛计分",
                                      "a TRF cannot carry colour-dependent points (black win/draw/loss): "
                                      "the file gives red's; each player's total is still the event's"),
    "trf.not_carried.fouls": ("TRF 不能表示犯规次数和组别",
                              "a TRF cannot carry the fouls and the prize groups"),
}
