"""The Settings sheet's rows: each setting's name (``set.*``), its note (``note.*``), the
tie-break presets and the pairing systems' names.

Part of the one zh/en word table, :mod:`bianpai.addin.workbook.words`."""

from __future__ import annotations

#: key -> (zh, en)
WORDS: dict[str, tuple[str, str]] = {
    # settings' names
    "set.name": ("比赛名称", "Event name"),
    "set.rounds": ("总轮次", "Total rounds"),
    "set.system": ("编排方法", "Pairing system"),
    "set.first_round": ("第一轮配对", "First-round method"),
    "set.win": ("胜局得分", "Points for a win"),
    "set.draw": ("和局得分", "Points for a draw"),
    "set.loss": ("负局得分", "Points for a loss"),
    "set.bye": ("轮空得分", "Points for a bye"),
    "set.tiebreaks": ("名次区分", "Tie-breaks"),
    "set.unplayed": ("未赛局计算", "Unplayed games in tie-breaks"),
    "set.club_rounds": ("同单位回避轮次", "Same-club avoidance rounds"),
    "set.high_score_first": ("低分服从高分", "Lower score yields colour"),
    "set.language": ("语言", "Language"),
    "set.rr_cycles": ("循环数", "Round-robin cycles"),
    "set.draw_seed": ("抽签种子", "Draw seed"),
    "set.club_strength": ("同单位回避方式", "Same-club avoidance"),
    "set.float_balance": ("平衡上调下调", "Balance floats"),
    "set.dates": ("比赛日期/时间", "Dates / times"),
    "set.venue": ("比赛地点", "Venue"),
    "set.chief_arbiter": ("裁判长", "Chief arbiter"),
    "set.pairing_officer": ("编排", "Pairing officer"),
    "set.event_kind": ("赛事类型", "Event kind"),
    "set.boards": ("每场台数", "Boards per match"),
    "set.mp_win": ("场分：胜", "Match points: win"),
    "set.mp_draw": ("场分：和", "Match points: draw"),
    "set.mp_loss": ("场分：负", "Match points: loss"),
    "set.team_bye_mp": ("轮空场分", "Match points of a team bye"),
    "set.team_bye_bp": ("轮空局分", "Board points of a team bye"),
    "set.pair_by": ("编排依据", "Teams paired by"),
    "set.rank_by": ("名次依据", "Teams ranked first by"),
    "set.team_colours": ("先手队执红台次", "First team plays red on"),
    "set.team_tiebreaks": ("团体名次区分", "Team tie-breaks"),
    "set.board_min_games": ("台次成绩最少局数", "Board standings: least games"),
    "set.lineup_order": ("出场须按台次顺序", "Line-up keeps the board order"),
    "set.lineup_vacancies_last": ("空台只能在最后", "Empty boards come last"),
    "set.share_footer": ("分享页脚", "Share footer"),
    "set.share_url": ("分享网址", "Share URL"),
    "set.share_font": ("分享字体文件", "Share font file"),
    "set.share_find_order": ("查台次排序", "Find-your-board order"),
    "set.share_top": ("分享名次人数", "Standings shown"),
    "set.share_cards": ("打印编排卡", "Print pairing cards"),
    "set.no_shared": ("不并列名次", "No shared places"),
    "set.lots_seed": ("名次抽签种子", "Seed of the lots for places"),
    "set.playoff": ("加赛名次", "Playoff order"),
    "set.club_totals": ("单位团体总分", "Club totals"),
    "set.prize_places": ("分组录取名次", "Places awarded per group"),
    "set.auto_withdraw": ("连续弃权退赛轮数", "Forfeits in a row to withdraw"),
    "set.black_win": ("黑胜得分", "Points for a win with black"),
    "set.black_draw": ("黑和得分", "Points for a draw with black"),
    "set.black_loss": ("黑负得分", "Points for a loss with black"),
    "set.points_scheme": ("计分方案", "Points scheme"),
    # settings' notes (the column beside the value)
    "note.high_score_first": ("on: 先后手先按低分服从高分，再比先后手记录 / off",
                              "on: the higher score gets its colour first / off"),
    "note.rounds0": ("建议轮次: 人数以2为底的对数取整再乘2，至少7轮，取单数；少于10人建议循环制",
                     "suggested: twice the base-2 logarithm of the players, rounded up, at least 7, odd; "
                     "below 10 players a round robin"),
    "note.rounds": ("建议轮次 {n}（人数以2为底的对数取整再乘2，至少7轮，取单数）",
                    "suggested: {n} rounds (twice the base-2 logarithm of the players, rounded up, "
                    "at least 7, odd)"),
    "note.rr": ("注意: 在赛选手 {n} 人，少于10人 — 人数这样少时，编排规则建议采用循环制"
                "（编排方法 roundrobin），由组织者决定",
                "Note: {n} active players, fewer than 10 — with so few players the pairing rules suggest a "
                "round robin (pairing system roundrobin); the organiser decides"),
    "note.rr_rounds": ("循环制: {n}人 {cycles} 个循环，按 Berger 表共 {rounds} 轮"
                       "（由人数和循环数决定，不按此格）",
                       "round robin: {n} players, {cycles} cycle(s), {rounds} rounds by the Berger tables "
                       "(set by the players and cycles, not by this cell)"),
    "note.system": ("dingwei 定位编排法 / dutch 荷兰制 / adjacent 临近编排 / roundrobin 循环制",
                    "dingwei (positional) / dutch (FIDE) / adjacent / roundrobin (round robin)"),
    "note.rr_cycles": ("循环制: 1 单循环 / 2 双循环（第二循环先后手对调）",
                       "round robin: 1 single / 2 double (colours reversed in the second cycle)"),
    "note.first_round": ("adjacent 近号 (1—2, 4—3 …) / fold 首尾 / slide 对半交叉 / random 抽签",
                         "adjacent (1—2, 4—3 …) / fold (1—N) / slide (1—N/2+1) / random"),
    "note.draw_seed": ("抽签定序号 (bianpai draw) 所用的随机种子，由程序记下，以便重现抽签；种子选手抽单数号",
                       "random seed of the draw of numbers (bianpai draw), recorded so that the draw can be "
                       "reproduced; seeded players draw odd numbers"),
    "note.tiebreaks": ("填预设名称（如上），或代码列表: {codes}",
                       "a preset's name (as above), or codes: {codes}"),
    "note.unplayed": ("fide（国际棋联规则：轮空等按与本人同分的虚拟对手计）/ "
                      "fide-2026（同上，2026年起设上限）/ "
                      "xiangqi（轮空按最低分对手计）；留空: 按所选预设。现在: {now}",
                      "fide (FIDE rules: a bye counts a virtual opponent on the player's own score) / "
                      "fide-2026 (the same, capped as from 2026) / xiangqi (a bye counts the lowest final "
                      "score); blank: as the chosen preset. Now: {now}"),
    "note.club_rounds": ("前N轮避免同单位选手相遇（0 = 不回避；all = 每轮；或 1-3,5）；"
                         "第1轮在抽签配对中尽量调开；以后各轮只有定位编排法回避",
                         "avoid same-club pairings in the first N rounds (0 = never; all; or rounds 1-3,5); "
                         "round 1 parts them by exchanging boards where it can; later rounds: dingwei only"),
    "note.language": ("zh 中文 / en English", "zh Chinese / en English"),
    "note.club_strength": ("hard = 必须回避（无法回避时不编排，并列出同单位的对子）/ soft = "
                           "尽量回避（同单位对局尽量少）",
                           "hard = never pair club mates (no pairing if it cannot be done; the club pairs "
                           "are named) / soft = as few club pairs as possible"),
    "note.float_balance": ("on: 拆对时也平衡上调下调，排在尽量同分、近分配对之后，先后手之前："
                           "先使同一方向（下调或上调）超过两次的选手最少，再使与其上一轮所下对局同向调动的选手最少；"
                           "本积分段只有一人而必然下调或上调的不计 / off（默认：只为排通和先后手拆对）",
                           "on: pairs are also broken to balance floats, after nearest scores and before "
                           "colours: first as few players as possible floating a third time the same way "
                           "(down or up), then as few as possible floating the same way as in their last "
                           "game played; a player alone in his score group, who must float, is not counted "
                           "/ off (default: pairs are broken only to complete the round and for colours)"),
    "note.dates": ("印在对阵表和名次表上，如 2026年12月5日—6日，每天9:00、14:00",
                   "printed on the pairings and standings, e.g. 5–6 December 2026, 9:00 and 14:00"),
    "note.venue": ("印在对阵表和名次表上", "printed on the pairings and standings"),
    "note.signature": (
        "姓名印在签名行旁；留空则只印签名线",
        "printed beside the signature line; blank: the line alone"),
    "note.event_kind": ("团体赛：按队编排，每场多台", "team: teams are paired, several boards a match"),
    "note.boards": ("常用 3、4 或 6 台", "commonly 3, 4 or 6"),
    "note.mp": ("每场比赛的得分（场分），默认 胜2 和1 负0；局分为每台的胜和负得分（见上）",
                "points per match (match points), default 2/1/0; board points are the per-board "
                "win/draw/loss rows above"),
    "note.team_bye_bp": ("空白：台数 × 和局得分", "blank: boards × the points of a draw"),
    "note.pair_by": ("场分 或 局分（局分编排只用于 fide-team 和循环制）",
                     "match or board points (board points pair only with fide-team and round robin)"),
    "note.rank_by": ("场分 或 局分；另一项为第一个名次区分", "match or board points; the other is then "
                     "the first tie-break"),
    "note.team_colours": ("单数台：先手队在第1、3、5…台执红；双数台：在第2、4、6…台执红",
                          "odd boards: the first team has red on boards 1, 3, 5 …; even: on 2, 4, 6 …"),
    "note.team_tiebreaks": ("代码 BP 局分, OPP 对手分, OBP 对手局分, DE 直胜, MW 胜场数 …，或预设 {presets}",
                            "codes BP board points, OPP opponents' match points, OBP opponents' board "
                            "points, DE direct encounter, MW match wins …, or a preset: {presets}"),
    "note.team_uses_own_tiebreaks": ("团体赛按下方“团体名次区分”",
                                     "a team event uses the team tie-breaks below"),
    "note.team_bye_below": ("团体赛：一队轮空的得分见下方“轮空场分”“轮空局分”",
                            "team event: a team bye scores the team-bye rows below"),
    "note.board_points": ("团体赛：每台的局分", "team event: board points of one board"),
    "note.lineup_order": ("是：替补可以上场，但队员不得排在名单中列于其后的队员之下；否：队长可任意排台",
                          "yes: a reserve may come in, but nobody sits below a player listed after him; "
                          "no: the captain orders the boards freely"),
    "note.lineup_vacancies_last": ("是：缺人时下面的队员依次上移，空台只能是最后几台；否：空台可在任意台次",
                                   "yes: when a player is missing the players below move up, so only the "
                                   "last boards may be empty; no: any board may be empty"),
    "note.board_min_games": ("空白：已赛轮次的一半（进位）；出场不足者不列入台次成绩",
                             "blank: half the rounds played (rounded up); players with fewer games "
                             "are not listed in the board standings"),
    "note.share_footer": ("印在分享图片和网页的最下面，如俱乐部名称", "printed at the foot of the "
                          "shared images and "
                          "the page, e.g. the club's name"),
    "note.share_url": ("网页放到网上后的地址：网页和打印的对阵表印出它的二维码",
                       "where the page is put on the web: the page and the printed pairing carry its QR "
                           "code"),
    "note.share_font": ("画图片用的中文字体文件（.ttf / .otf / .ttc 的完整路径）；空白则用系统字体",
                        "the Chinese font file the images are drawn with (full path of a .ttf, .otf or "
                            ".ttc); "
                        "blank: the system's"),
    "note.share_find_order": ("拼音: 按姓名拼音排序 / 序号: 按选手序号", "pinyin: by name / number: "
                              "by number"),
    "note.share_top": ("名次图片列出前几名；空白或“全部”列出所有人", "the standings image lists the "
                       "first N; blank or "
                       "all: everyone"),
    "note.share_cards": ("on: 每轮打印文件（PDF）另加编排卡 / off", "on: the print-all PDF adds the "
                         "pairing cards / off"),
    "note.no_shared": ("on: 名次不并列——列出的名次区分之后，比较前一轮成绩（以此类推），"
                       "再以“名次抽签种子”抽签；"
                       "off: 仍相同者名次并列；留空: 按所选预设（cxa-2020 为 on）。现在: {now}",
                       "on: places are not shared — after the listed tie-breaks the previous rounds are "
                       "compared, then lots are drawn with the seed below; off: players still level share "
                       "the place; blank: as the chosen preset (on for cxa-2020). Now: {now}"),
    "note.lots_seed": ("名次仍相同时抽签所用的随机种子；留空则由赛事名称和选手序号算出，名次表上印出，可重现",
                       "random seed of the lots that decide places still level; blank: one made from the "
                       "event's name and numbers, printed on the standings so the lots can be repeated"),
    "note.playoff": ("名次不并列时，仍相同的选手若加赛，按加赛名次先后填序号，如 17, 6；在抽签之前使用",
                     "when places are not shared and players still level played a playoff: their numbers "
                     "in the playoff's order, e.g. 17, 6; used before the lots"),
    "note.club_totals": ("留空: 不计；积分 4 = 每单位成绩最好的4名选手积分之和（多者列前）；"
                         "名次 3 = 最好3名选手的名次之和（少者列前）；相同时比最好一名选手的名次；"
                         "人数不足者列于足数单位之后",
                         "blank: none; points 4 = each club's 4 best players' points (more ranks higher); "
                         "places 3 = the sum of its 3 best players' places (fewer ranks higher); level: the "
                         "best player's place; clubs short of players rank after the complete ones"),
    "note.prize_places": ("选手表“组别”列（女子组、少年组……）各组录取几名: 如 6，或 女子组 3, 少年组 6；"
                          "分组名次表按总名次的先后排列各组",
                          "how many places each prize group (Players sheet, Group column) awards: 6, or "
                          "women 3, juniors 6; each group is ranked in the order of the overall standings"),
    "note.auto_withdraw": ("连续弃权达此轮数的选手，下一轮起不再编排（记入变更记录，撤销该轮编排即恢复）；"
                           "0 = 不自动退赛；留空: 按所选预设（cxa-2020 为 2）。现在: {now}",
                           "a player who forfeits this many rounds in a row is not paired from the next "
                           "round on (logged on the Changes sheet; undoing that round's pairing restores "
                           "him); 0 = never; blank: as the chosen preset (2 for cxa-2020). Now: {now}"),
    "note.black_points": ("执黑的得分与上面的胜局/和局/负局（执红）不同时填写；留空: 与执红相同。"
                          "名次、对手分等名次区分和编排用的积分都按此计算",
                          "fill in when black scores differently from the win/draw/loss rows above "
                          "(then red's); blank: as red.  Standings, every tie-break and the pairing score "
                          "use them"),
    "note.points_scheme": ("常用方案（红胜/红和/红负/黑胜/黑和/黑负）: 2-1-0 (2/1/0/2/1/0) / 3-1-0 / "
                           "match-bp (3/1/0/3/2/0，黑和多得) / black-draw-1.5（先和1分，后和1.5分）/ "
                           "1-0.5-0；填写方案后，胜局、和局、负局及黑方各行按方案改写",
                           "common schemes (red win/draw/loss, black win/draw/loss): 2-1-0 (2/1/0/2/1/0) / "
                           "3-1-0 / match-bp (3/1/0/3/2/0, a black draw scores more) / black-draw-1.5 "
                           "(red draw 1, black draw 1.5) / 1-0.5-0; when set, the win, draw, loss and "
                           "black rows are rewritten to the scheme"),
    "note.tiebreaks.new": ("新建中文工作簿默认 cxa-2020：国内象棋比赛规程普遍采用这一顺序，选手和裁判都熟悉；"
                           "已有工作簿仍按本格所写",
                           "A new Chinese workbook starts with cxa-2020, the order Chinese xiangqi event "
                           "regulations print; existing workbooks keep what this cell says"),
    # tie-break presets
    "preset.cxa-2020": ("2020年象棋竞赛规则", "2020 xiangqi competition rules"),
    "preset.match-bp": ("Match BP 在线编排的默认顺序；轮空按本赛最低分对手计",
                        "Match BP Online's default; a bye "
                        "counts an opponent on the event's lowest score"),
    "preset.axf": ("亚洲象棋联合会赛事；其“对手最好名次”一项本程序没有，略去",
                   "an Asian federation event; its step 'best ranking among the opponents' has no code here "
                   "and is left out"),
    "preset.fide-2026": ("国际棋联2026年3月起的名次区分规则，常用的个人积分编排赛顺序",
                         "FIDE's tie-break rules from March 2026, the usual individual Swiss list"),
    "preset.rated": ("编排规则: 全部选手有等级分", "pairing rules: every player rated"),
    "preset.mostly-rated": ("编排规则: 大多数选手有等级分", "pairing rules: most players rated"),
    "preset.unrated": ("编排规则: 大多数选手无等级分", "pairing rules: most players unrated"),
    "preset.round-robin": ("循环赛", "round robin"),
    "preset.no_shared": ("名次不并列（再比较前一轮成绩，以此类推，最后抽签）",
                         "places not shared (then the previous rounds, then lots)"),
    "preset.auto_withdraw": ("连续{n}轮弃权者不再编排", "{n} forfeits in a row: no longer paired"),
    # pairing systems
    "system.dingwei": ("定位编排法", "dingwei (positional)"),
    "system.dutch": ("荷兰制", "dutch (FIDE)"),
    "system.adjacent": ("临近编排", "adjacent"),
    "system.roundrobin": ("循环制", "round robin"),
    "system.fide_team": ("团体瑞士制（FIDE）", "fide-team (FIDE team Swiss)"),
}
