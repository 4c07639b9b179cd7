"""What is wrong with an input, worded: the ``problem.*`` messages (the engine's
:class:`~bianpai.engine.problems.Problem` keys and the sheet readers'), the head of a
list of problems, and why no pairing exists (``pairing.*``).  The TRF reader's problems
are in :mod:`.trf`.

Part of the one zh/en word table, :mod:`bianpai.addin.workbook.words`."""

from __future__ import annotations

#: key -> (zh, en)
WORDS: dict[str, tuple[str, str]] = {
    # the head of a list of problems
    "problems.head": ("{n} 个问题；未写入任何内容:", "{n} problem(s); nothing was written:"),
    "problems.head1": ("未写入任何内容:", "nothing was written:"),
    "problems.more": ("……另有 {n} 个问题未列出", "… and {n} more"),
    # round sheets
    "problem.provisional_note": (
        "“{value}”读不懂：此格记录本轮按临时和棋编排的对局，应如 “{zh}”",
        "'{value}' cannot be read: this cell records the games this round was paired counting as draws, "
        "e.g. '{en}'"),
    "problem.provisional_note_board": ("此格记录本轮按和棋编排的对局，但第{round}轮没有第{board}台"
                                       "（须是第{k}轮之前的轮次）",
                                       "this cell records the games this round was paired counting as draws, "
                                       "but round {round} has no board {board} (it must be a round before "
                                       "round {k})"),
    # -- the boundary (issue 12): problems and notes, worded; engine/problems.py keys --------
    "problem.text": ("{text}", "{text}"),
    "problem.unknown_system": (
        "编排方法 {system!r} 不存在（可选: {choices}）",
        "unknown pairing system {system!r} (choose from {choices})"),
    "problem.club_rounds": (
        "同单位回避 {value!r} 不是轮数、all 或轮次列表（如 1-3,5）",
        "same-club avoidance {value!r} is not a number of rounds, 'all' or a list of rounds like 1-3,5"),
    "problem.club_rounds_range": (
        "同单位回避轮次 {rounds} 不在本赛事的第1至{total}轮之内",
        "same-club avoidance rounds {rounds} are not within the event's rounds 1-{total}"),
    "problem.club_strength": (
        "同单位回避方式 {value!r} 不是 {hard}（必须回避）或 {soft}（尽量回避）",
        "same-club avoidance {value!r} is not {hard} or {soft} (必须回避/尽量回避)"),
    "problem.round1_method": (
        "第一轮配对方法 {value!r} 不存在（可选: {choices}）",
        "unknown round-1 method {value!r} (choose from {choices})"),
    "problem.not_integer": (
        "设置 {setting}: {value!r} 不是整数",
        "setting {setting}: {value!r} is not a whole number"),
    "problem.zero_or_one": (
        "设置 {setting}: {value!r} 不是 0 或 1",
        "setting {setting}: {value!r} is not 0 or 1"),
    "problem.draw_numbers_differ": (
        "抽签要求每名选手的序号各不相同",
        "the draw needs every player's number to differ"),
    "problem.rr_cycles": (
        "循环数 {value!r} 不是 1 或 2（单循环 / 双循环）",
        "round-robin cycles {value!r} is not 1 or 2 (单循环 single / 双循环 double)"),
    "problem.unknown_tiebreak": (
        "名次区分 {codes} 不存在：可用 {choices}，或预设（{presets}）",
        "unknown tie-break {codes}: use {choices} or a preset ({presets})"),
    "problem.unplayed": (
        "未赛局计算 {value!r} 不是 {choices} 之一",
        "unplayed-games convention {value!r} is not one of {choices}"),
    "problem.after_round": (
        "第{after_round}轮后: 本赛事只有第1至{rounds}轮",
        "after_round {after_round}: the event has rounds 1..{rounds}"),
    "problem.unfinished": ("尚无结果 — 请填写", "no result yet — enter it"),
    "problem.unfinished_last": (
        "尚无结果 — 请填写，或按临时和棋预排（功能区“预排”，命令行 pair --provisional）",
        "no result yet — enter it, or pair with provisional draws (the ribbon's Provisional pairing, "
        "or pair --provisional)"),
    "problem.player_typed_twice": (
        "选手 {player} {name}（{club}）与选手 {other} 姓名、单位相同，是同一人录入了两次（会被编排两次）；"
        "请删去其中一行；若确为同名的两人，请在姓名上加以区别（如 {name}（大）、{name}（小））",
        "player {player} {name} ({club}) has the name and club of player {other}: the same player typed "
        "twice (who would be paired twice); delete one of the rows, or if they are two people of the same "
        "name, tell them apart in the name (e.g. {name} (A), {name} (B))"),
    "problem.round_just_paired": (
        "第{round}轮已编排，尚未录入成绩；录入成绩后再编排第{next}轮",
        "round {round} has been paired and no result is entered yet; enter its results before pairing "
        "round {next}"),
    "problem.unfinished_followed": (
        "没有结果，而第{next}轮已编排且未把本局标为临时和棋",
        "no result, and round {next} is paired without marking this game provisional"),
    "problem.number_not_positive": (
        "选手 {name!r}: 序号 {player} 不是正数",
        "player {name!r}: number {player} is not positive"),
    "problem.number_twice": ("序号 {player} 出现两次", "player number {player} appears twice"),
    "problem.round_position": (
        "第{round}轮排在第{position}位",
        "round {round} stands in position {position}"),
    "problem.paired_with_self": (
        "第{round}轮: 选手 {player} 与自己配对",
        "round {round}: player {player} paired with himself"),
    "problem.unknown_player": ("第{round}轮: 未知选手 {player}", "round {round}: unknown player {player}"),
    "problem.player_twice": (
        "第{round}轮: 选手 {player} 出现 {times} 次",
        "round {round}: player {player} appears {times} times"),
    "problem.withdrawn_paired": (
        "选手 {player} {name} 自第{since}轮退赛，却被编排",
        "player {player} {name} withdrew from round {since} but is paired"),
    "problem.late_paired": (
        "选手 {player} {name} 自第{joins}轮报到，却被编排",
        "player {player} {name} joins in round {joins} but is paired"),
    "problem.rematch": (
        "{red} {red_name} 与 {black} {black_name} 已在第{first}轮相遇",
        "{red} {red_name} and {black} {black_name} already met in round {first}"),
    "problem.same_club": (
        "{red} {red_name} 与 {black} {black_name} 同属 {club}，而第{round}轮回避同单位",
        "{red} {red_name} and {black} {black_name} are both of {club}, and round {round} avoids same-club "
        "pairings (同单位回避)"),
    "problem.second_bye": (
        "选手 {player} {name} 已在第{first}轮轮空",
        "player {player} {name} already had a pairing-allocated bye in round {first}"),
    "problem.not_paired": (
        "选手 {player} {name} 既未配对，也未列为轮空/请假",
        "player {player} {name} is neither paired nor listed as bye/absent"),
    "problem.all_rounds_paired": (
        "全部 {rounds} 轮已编排；要编排第{next}轮请增加总轮次",
        "all {rounds} rounds are paired; raise the total rounds to pair round {next}"),
    "problem.all_rounds_scheduled": (
        "循环赛全部 {rounds} 轮已编排（{players} 名选手的 Berger 表，{cycles} 个循环）",
        "all {rounds} rounds of the round robin are paired (the Berger schedule of {players} players, "
        "{cycles} cycle(s))"),
    "problem.no_players": ("还没有选手", "there are no players"),
    "problem.fewer_than_two": (
        "第{round}轮可编排的选手少于两名",
        "fewer than two players can be paired in round {round}"),
    "problem.note_streak_red": (
        "选手 {player} {name} 已连续 {streak} 次执红（{history}）",
        "player {player} {name} now has {streak} reds in a row ({history})"),
    "problem.note_streak_black": (
        "选手 {player} {name} 已连续 {streak} 次执黑（{history}）",
        "player {player} {name} now has {streak} blacks in a row ({history})"),
    "problem.note_imbalance": (
        "选手 {player} {name} 先后差 d = {d}（{history}）",
        "player {player} {name} now has d = {d} ({history})"),
    "problem.note_name": (
        "姓名 {shown!r} 不是选手表上 {player} 号选手的姓名 {name!r}",
        "name {shown!r} is not player {player}'s name {name!r} on the Players sheet"),
    "problem.note_score": (
        "第{round}轮前积分 {shown} 应为 {score}",
        "score {shown} before round {round} should be {score}"),
    "problem.note_repair_failed": (
        "无法用 {system} 重新编排: {error}",
        "could not re-pair with {system}: {error}"),
    "problem.note_repair_differs": (
        "第 {boards} 台与 {system} 的编排不同",
        "board(s) {boards} differ from what {system} pairs"),
    "problem.no_round_to_undo": ("没有可撤销的轮次", "there is no round to undo"),
    "problem.undo_has_results": (
        "{sheet} 已有 {count} 个结果（第一个在 {first}）；加 --force 才能撤销并删除",
        "{sheet} already has {count} result(s) (first at {first}); undo it with --force to delete them"),
    "problem.draw_after_round1": (
        "第1轮已编排 — 抽签定序号须在第1轮之前（撤销全部轮次后才能重新抽签）",
        "round 1 is already paired — the numbers are drawn before round 1 (undo every round to draw again)"),
    "problem.draw_no_players": ("没有可抽签的选手", "there are no players to draw numbers for"),
    "problem.draw_seed": (
        "抽签种子 {value!r} 不是 ≥ 0 的整数",
        "draw seed {value!r} is not a whole number ≥ 0"),
    "problem.table_empty": ("表格是空的", "the table is empty"),
    "problem.no_name_column": (
        "没有姓名列（name / 姓名），表头为 {header}",
        "no name column (name / 姓名) among {header}"),
    "problem.csv_unreadable": ("不是可读的 CSV 表格（{error}）", "not a readable CSV table ({error})"),
    "problem.csv_encoding": (
        "既不是 UTF-8 也不是 GB18030 文本（{error}）",
        "neither UTF-8 nor GB18030 text ({error})"),
    "problem.event_exists": (
        "本工作簿已有比赛（{players} 名选手，{rounds} 轮）；新比赛请打开模板或空白工作簿",
        "this workbook already holds an event ({players} players, {rounds} rounds); open the template or "
        "an empty workbook for a new event"),
    "problem.no_settings_sheet": ("工作簿没有“设置”表", "the workbook has no Settings (设置) sheet"),
    "problem.no_players_sheet": ("工作簿没有“选手”表", "the workbook has no Players (选手) sheet"),
    "problem.round_sheet_missing": ("缺少第{round}轮的工作表", "there is no sheet for round {round}"),
    "problem.unknown_setting": ("未知设置 {label!r}", "unknown setting {label!r}"),
    "problem.total_rounds": (
        "总轮次 {value!r} 不是 1 到 {most} 之间的整数",
        "total rounds {value!r} is not a whole number from 1 to {most}"),
    "problem.on_off": ("{value!r} 不是 on/off（是/否）", "{value!r} is not on/off (是/否)"),
    "problem.points": ("{what_zh} {value!r} 不是 0 到 {most} 之间的数",
                       "{what} {value!r} is not a number from 0 to {most}"),
    "problem.system_choice": (
        "编排方法 {value!r} 不是 {choices} 之一",
        "pairing system {value!r} is not one of {choices}"),
    "problem.first_round_choice": (
        "第一轮配对方法 {value!r} 不是 {choices} 之一",
        "first-round method {value!r} is not one of {choices}"),
    "problem.unplayed_choice": (
        "未赛局计算 {value!r} 不是 fide 或 xiangqi",
        "unplayed-games convention {value!r} is not fide or xiangqi"),
    "problem.language": ("语言 {value!r} 不是 zh 或 en", "language {value!r} is not zh or en"),
    "problem.players_header": (
        "找不到表头行（应有一列写 {zh} 或 {en}）",
        "header row not found (a column should read {zh} or {en})"),
    "problem.players_no_name": ("表头行没有 {zh}/Name 列", "no {zh}/Name column in the header row"),
    "problem.player_number": (
        "选手序号 {value!r} 不是 ≥ 1 的整数",
        "player number {value!r} is not a whole number ≥ 1"),
    "problem.player_number_used": (
        "选手序号 {number} 已在第{row}行使用",
        "player number {number} is already used in row {row}"),
    "problem.player_no_name": ("选手 {number} 没有姓名", "player {number} has no name"),
    "problem.rating": ("等级分 {value!r} 不是 ≥ 0 的整数", "rating {value!r} is not a whole number ≥ 0"),
    "problem.seed_mark": ("种子 {value!r} 应为“是”/yes 或留空", "seed {value!r} is not 是/yes or blank"),
    "problem.status": (
        "状态 {value!r} 不是 在赛/退赛/请假/半分轮空/全分轮空/零分轮空 之一（可加轮次）",
        "status {value!r} is not one of 在赛/退赛/请假/半分轮空/全分轮空/零分轮空 "
        "(active/withdrawn/absent/…), optionally with a round number"),
    "problem.joins": (
        "报到轮次 {value!r} 不是 ≥ 1 的整数",
        "late-entry round {value!r} is not a whole number ≥ 1"),
    "problem.round_header": (
        "找不到表头行（A列应写 {zh} 或 {en}）",
        "header row not found (column A should read {zh} or {en})"),
    "problem.round_player_number": (
        "选手序号 {value!r} 不是 ≥ 1 的整数",
        "player number {value!r} is not a whole number ≥ 1"),
    "problem.round_player_unknown": (
        "选手 {number} 不在选手表上",
        "player {number} is not on the Players sheet"),
    "problem.round_player_twice": (
        "选手 {number} 已出现在第{row}行",
        "player {number} already appears in row {row}"),
    "problem.board_twice": ("台次 {board} 已在第{row}行", "board {board} already in row {row}"),
    "problem.not_a_result": (
        "结果 {value!r} 不是对局结果（请用 {zh} 或 {en}）",
        "result {value!r} is not a result (use {zh} or {en})"),
    "problem.neither_game_nor_bye": (
        "本行既不是对局（A列为台次）也不是轮空（A列为 —，E列为 轮空/请假）",
        "row is neither a game (board number in column A) nor a bye (— in column A and "
        "轮空/请假/bye/absent in column E)"),
    "problem.two_pairing_byes": (
        "一轮中有 {count} 个轮空",
        "{count} pairing-allocated byes (轮空) in one round"),
    # -- the workbook through a real event (issue 13): finished rounds, imports, printing ------
    "problem.round1_club_mates": (
        "第1轮无法调开同单位选手 {pairs}（同单位回避方式为 hard 必须回避）；"
        "可改为 soft，或重新抽签",
        "round 1 cannot part the club mates {pairs} (same-club avoidance is hard); "
        "choose soft, or draw again"),
    "problem.player_has_games": (
        "选手 {number} {name} 已赛 {games} 轮，表中改动了 {fields}；已赛选手的资料只在加 --update 时才会改动",
        "player {number} {name} has played {games} round(s) and the table changes {fields}; a player who has "
        "games is changed only with --update"),
    "problem.player_duplicate": (
        "{name}（{club}）似乎重复：已是 {other}；"
        "确为同名的不同选手时加 --allow-duplicates（姓名后加（2）等以示区别）",
        "{name} ({club}) looks like a duplicate of {other}; add --allow-duplicates if they are different "
        "players of the same name (a number after the name tells them apart)"),
    "problem.round_sheet_unread": (
        "工作表“{sheet}”看来是轮次表，但程序只读取名为“第N轮”的工作表（如 第3轮），其中的结果不会被读取；"
        "请把它改名为 第N轮，或删除它",
        "sheet '{sheet}' looks like a round sheet, but only sheets named 'Round N' (or 第N轮) are read, "
        "so its results would be ignored; rename it to Round N (e.g. Round 3), or delete it"),
    # -- arbiter control (issue 17): 回避名单, hand edits, fixed boards, 编排卡, 记分单 --
    "problem.kept_apart": (
        "{red} {red_name} 与 {black} {black_name} 在回避名单上，第{round}轮不得编对",
        "{red} {red_name} and {black} {black_name} are kept apart in round {round} and may not be paired"),
    "problem.apart_blocks": (
        "第{round}轮: 按回避名单无法编排全部选手；阻碍编排的回避对: {pairs}",
        "round {round}: the pairs kept apart leave no pairing; the pairs that block it: {pairs}"),
    "problem.apart_players": ("回避名单一行至少要有两个不同的选手序号",
                              "a row of pairs kept apart needs at least two different player numbers"),
    "problem.apart_unknown": ("回避名单中的选手 {player} 不在选手表中",
                              "player {player} of the pairs kept apart is not on the Players sheet"),
    "problem.apart_rounds": ("回避名单的轮次不是有效的轮次范围",
                             "the rounds of a row kept apart are not a valid range"),
    "problem.note_hand_pair": (
        "第{round}轮第{board}台 {red}–{black} 为裁判长调整；系统编排为 {system}（0 为轮空）",
        "round {round} board {board}: {red}–{black} was changed by hand; the system pairs {system} "
        "(0: the bye)"),
    "problem.note_hand_colours": (
        "第{round}轮第{board}台 {red}–{black} 的先后手为裁判长调整；系统编排为 {system}",
        "round {round} board {board}: the colours of {red}–{black} were changed by hand; the system pairs "
        "{system}"),
    "problem.note_score_gap": (
        "第{round}轮第{board}台 {red}–{black} 分差 {gap}，大于系统编排的最大分差 {widest}",
        "round {round} board {board}: {red}–{black} are {gap} points apart, more than any pair the system "
        "makes ({widest})"),
    "problem.note_float_down_again": (
        "第{round}轮: {player} {name} 上一轮已下调，又被下调",
        "round {round}: {player} {name} floated down in the round before and floats down again"),
    "problem.note_float_up_again": (
        "第{round}轮: {player} {name} 上一轮已上调，又被上调",
        "round {round}: {player} {name} floated up in the round before and floats up again"),
    "problem.hand_edit_unkept": (
        "第{round}轮第{board}台 {red}–{black} 与系统编排（{system}）不同，尚未确认；要保留请用 pair --keep，"
        "或在该台的“调整”栏填写",
        "round {round} board {board}: {red}–{black} differs from the system's pairing ({system}) and is not "
        "confirmed; to keep it use pair --keep, or fill in the board's Changed cell"),
    "problem.fixed_cell": ("固定对阵: “{value}” 不是有效的轮次或序号",
                           "fixed pairs: {value!r} is not a round or number"),
    "problem.fixed_unknown": ("固定对阵中的选手 {player} 不在选手表中",
                              "player {player} of the fixed pairs is not on the Players sheet"),
    "problem.fixed_twice": ("第{round}轮固定对阵: {player} {name} 出现不止一次",
                            "round {round} fixed pairs: {player} {name} is on more than one board"),
    "problem.fixed_inactive": ("第{round}轮固定对阵: {player} {name} 本轮不参加编排（退赛、未报到或请假）",
                               "round {round} fixed pairs: {player} {name} is not to be paired this round "
                               "(withdrawn, not joined or on leave)"),
    "problem.fixed_met": ("第{round}轮固定对阵: {red} {red_name} 与 {black} {black_name} 已相遇过",
                          "round {round} fixed pairs: {red} {red_name} and {black} {black_name} have met"),
    "problem.fixed_apart": (
        "第{round}轮固定对阵: {red} {red_name} 与 {black} {black_name} 在回避名单上",
        "round {round} fixed pairs: {red} {red_name} and {black} {black_name} are kept apart"),
    "problem.fixed_scheduled": ("{system} 的赛程已定，不能固定对阵",
                                "{system} has a fixed schedule; no pair can be fixed"),
    "problem.note_same_club": (
        "{red} {red_name} 与 {black} {black_name} 同属 {club}，而第{round}轮尽量回避同单位",
        "{red} {red_name} and {black} {black_name} are both of {club}, and round {round} avoids same-club "
        "pairings where it can"),
    # ---- team events (团体赛, issue 18 workbook side) ----
    "problem.event_kind": ("赛事类型“{value}”无法识别：填 个人赛 或 团体赛",
                           "event kind {value!r} not understood: individual or team"),
    "problem.boards": ("每场台数“{value}”应为 1 到 20 的整数",
                       "boards per match {value!r}: a whole number 1 to 20"),
    "problem.score_kind": ("“{value}”无法识别：填 场分 或 局分",
                           "{value!r} not understood: match points or board points"),
    "problem.team_colours": ("“{value}”无法识别：填 单数台 或 双数台",
                             "{value!r} not understood: odd boards or even boards"),
    "problem.team_tiebreaks": ("团体名次区分“{value}”无法识别：可用 {codes}，或预设 {presets}",
                               "team tie-breaks {value!r} not understood: use {codes} or a preset "
                               "({presets})"),
    "problem.no_teams_sheet": ("缺少“{zh}”表", "the {en} sheet is missing"),
    "problem.teams_header": ("找不到表头（含“{zh}”的一行）", "no header row (the row holding {en!r})"),
    "problem.team_number": ("队号“{value}”应为正整数",
                            "team number {value!r} is not a positive whole number"),
    "problem.team_number_used": ("队号 {number} 已在第 {row} 行使用",
                                 "team number {number} is already used in row {row}"),
    "problem.team_no_name": ("第 {number} 队没有队名", "team {number} has no name"),
    "problem.team_status": ("状态“{value}”无法识别：在赛、退赛 [轮]、请假 [轮]、零分轮空 [轮]",
                            "status {value!r} not understood: active, withdrawn [round], absent [round], "
                            "zero-point bye [round]"),
    "problem.player_team": ("队号“{value}”不在“参赛队”表中", "team {value!r} is not on the Teams sheet"),
    "problem.board_order": ("台次“{value}”应为正整数",
                            "board order {value!r} is not a positive whole number"),
    "problem.board_order_used": ("第 {team} 队的台次 {order} 已在第 {row} 行使用",
                                 "team {team}: board order {order} is already used in row {row}"),
    "problem.reserve_mark": ("替补“{value}”：填 是 或留空", "reserve {value!r}: yes or blank"),
    "problem.team_row": ("“{value}”无法识别：场次填数字，轮空行填 轮空/请假",
                         "{value!r} not understood: a match number, or bye/absent"),
    "problem.team_unknown": ("队号“{value}”不在“参赛队”表中", "team {value!r} is not on the Teams sheet"),
    "problem.team_twice": ("第 {team} 队在本轮出现两次（另见 {first}）",
                           "team {team} appears twice in the round (also {first})"),
    "problem.board_number": ("台次“{value}”应为 1 到 {boards}", "board {value!r}: 1 to {boards}"),
    "problem.board_player": ("序号“{value}”应为正整数",
                             "player number {value!r} is not a positive whole number"),
    "problem.board_result": ("结果“{value}”无法识别，可填：{forms}",
                             "result {value!r} not understood; use {forms}"),
    "problem.board_missing": ("本场缺少第 {board} 台", "board {board} of this match is missing"),
    "problem.lineup_twice": ("{player} 号已在第 {other} 台出场",
                             "player {player} already plays board {other}"),
    "problem.lineup_not_roster": ("{player} 号不是第 {team} 队（{name}）的队员（所属队：{owner}）",
                                  "player {player} is not on team {team} ({name})'s roster (his team: "
                                  "{owner})"),
    "problem.lineup_below_empty": ("{player} 号排在空台之后：空台只能在最后",
                                   "player {player} sits below an empty board: empty boards come last"),
    "problem.lineup_order": ("{player} 号（台次 {order}）不能排在台次 {before} 的队员之后：须按台次顺序出场",
                             "player {player} (board order {order}) cannot sit below a player of board order "
                             "{before}: the line-up keeps the board order"),
    "problem.board_played_empty": ("此台无人出场，只能是弃权结果",
                                   "nobody on this board: only a forfeit result"),
    "problem.not_for_teams": ("团体赛不能用 {job}：在“参赛队”和“选手”表直接填写",
                              "{job} is not for a team event: fill in the Teams and Players sheets"),
    "problem.pair_by_board": ("编排方法 {system} 不能按局分编排：改用 {systems}，或按场分编排",
                              "{system} cannot pair teams by board points: use {systems}, "
                              "or pair by match points"),
    "problem.match_unfinished": ("第 {round} 轮此台尚无结果", "round {round}: this board has no result yet"),
    "problem.no_teams": ("没有参赛队：先填写“参赛队”表", "no teams: fill in the Teams sheet first"),
    "problem.board_min_games": ("“{value}”应为不小于 0 的整数", "{value!r}: a whole number, 0 or more"),
    # -- team events: the engine's structural and line-up problems (engine/teams/model.py) --
    "problem.lineup_boards": ("第 {team} 队出场名单有 {given} 台，本场有 {boards} 台",
                              "team {team}: the line-up has {given} boards, the match has {boards}"),
    "problem.team_boards": ("每场台数为 {boards}：至少应为 1", "boards per match is {boards}: at least 1"),
    "problem.event_team_number": ("参赛队“{name}”的队号 {team} 不是正整数",
                            "team {name!r}: number {team} is not a positive whole number"),
    "problem.event_team_twice": ("队号 {team} 出现两次", "team number {team} appears twice"),
    "problem.team_two_rosters": ("{player} 号同时在第 {team} 队和第 {other} 队的名单上",
                                 "player {player} is on the rosters of teams {team} and {other}"),
    "problem.team_round_position": ("第 {round} 轮排在第 {position} 个位置：轮次须依次排列",
                                    "round {round} stands in position {position}: rounds go in order"),
    "problem.team_self": ("第 {round} 轮 {first} 对 {second}：一队不能与自己对阵",
                          "round {round}, match {first} v {second}: a team is paired with itself"),
    "problem.team_match_boards": ("第 {round} 轮 {first} 对 {second}：有 {given} 台，本赛每场 {boards} 台",
                                  "round {round}, match {first} v {second}: {given} boards, the event has "
                                  "{boards}"),
    "problem.event_team_unknown": ("第 {round} 轮：没有第 {team} 队",
                                   "round {round}: there is no team {team}"),
    "problem.team_twice_in_round": ("第 {round} 轮：第 {team} 队出现 {times} 次",
                                    "round {round}: team {team} appears {times} times"),
    "problem.team_board_roster": ("第 {round} 轮 {first} 对 {second} 第 {board} 台：{player} 号不是"
                                  "第 {team} 队的队员",
                                  "round {round}, match {first} v {second}, board {board}: player {player} "
                                  "is not on team {team}'s roster"),
    "problem.team_board_played_empty": ("第 {round} 轮 {first} 对 {second} 第 {board} 台：第 {team} 队"
                                        "无人出场，却有对局结果",
                                        "round {round}, match {first} v {second}, board {board}: a played "
                                        "result with nobody of team {team}"),
    "problem.team_board_no_show": ("第 {round} 轮 {first} 对 {second} 第 {board} 台：第 {team} 队未到场，"
                                   "却有 {player} 号出场",
                                   "round {round}, match {first} v {second}, board {board}: team {team} did "
                                   "not turn up but fields player {player}"),
    # issue 23 item 3 / issue 30 item 2: the one TRF reader (engine/formats/trf.py,
    # engine/formats/trf_team.py)
    "problem.team_scores": ("设置 {setting}：{value} 不是“队号:各轮分数”",
                            "setting {setting}: {value} is not team:points,…"),
    "problem.colour_preferences": ("设置 {setting}：{value!r} 不是 {choices} 之一",
                                   "setting {setting}: {value!r} is not one of {choices}"),
    # -- the engine's pairing notes and why no pairing exists (Pairing.notes, PairingError.problem) --
    "problem.dutch_team_event": ("这是团体赛（TRF 记录 {records}）：分区编排只编排个人；"
                                 "团体赛请用团体的编排方法",
                                 "a team event (TRF records {records}): the Dutch system pairs individuals; "
                                 "pair team events with the team system"),
    "problem.baku_points": ("巴库加速法要求和棋得胜局的一半分、负局 0 分",
                            "the Baku acceleration needs a points system where a draw is half a win and a "
                            "loss nothing"),
    # -- issue 30 (limits, links, output files, interruption) and issue 23 item 12 (lock files) --------
    "problem.csv_too_many_rows": ("表格有超过 {limit} 行选手，超过一个比赛的上限（{limit} 名选手）；"
                                  "未导入",
                                  "the table has more than {limit} player rows, above an event's limit of "
                                  "{limit} players; nothing was imported"),
    "problem.too_many_players": ("导入后将有 {total} 名选手，超过一个工作簿的上限 {limit} 名；未导入",
                                 "the import would make {total} players, above a workbook's limit of "
                                 "{limit}; nothing was imported"),
    "problem.csv_too_big": ("文件超过 {limit}，远大于任何选手名单；未读取",
                            "the file is larger than {limit}, far more than any list of players; it was not "
                            "read"),
    "problem.settings_empty": ("工作表“{sheet}”是空的：没有设置的工作簿不是一个比赛（轮数、"
                               "编排方法……）；请从编排留下的备份文件恢复设置，或用 bianpai new 新建",
                               "sheet {sheet} is empty: a workbook without its settings (rounds, system …) "
                               "is not an event; restore them from the backup (.bak.xlsx), or start with "
                               "bianpai new"),
    # --- wt-team (issue 23 items 1, 10, 11; issue 30 items 1, 6) ---
    "problem.board_result_ambiguous": (
        "第 {board} 台：“{value}”既可指红方也可指先手队，而本台先手队执黑 — 请填 红胜/黑胜（按颜色）或 "
        "2:0/0:2（先手队在前）",
        "board {board}: {value!r} could mean red or the first team, and here the first team has black — "
        "type 红胜/黑胜 (by colour) or 2:0/0:2 (first team first)"),
    "problem.cards_rows_system": (
        "编排卡的下一轮要先行/要后行页是定位编排法的排法，本赛事的编排方法是{zh}，没有这一页"
        "（不加 --brackets 写编排卡，或在“设置”改用定位编排法）",
        "the next round's 要先行/要后行 page of the cards is how 定位编排 lays them out; this event is "
        "paired by {en}, which has no such page (write the cards without --brackets, or choose dingwei "
        "in Settings)"),
    "problem.team_no_brackets": (
        "团体赛的编排卡没有积分段的要先行/要后行页（--brackets 只用于个人赛的定位编排）",
        "a team event's cards have no score-group page of 要先行/要后行 (--brackets is for individual "
        "定位编排 events)"),
    "problem.would_be_rejected": (
        "未写入：执行后的工作簿将无法通过“检查”：{detail}",
        "nothing written: the workbook this would leave does not pass check: {detail}"),
    "problem.team_event_exists": (
        "本工作簿已有团体赛（{teams} 个参赛队，{rounds} 轮）；新比赛请打开模板或空白工作簿",
        "this workbook already holds a team event ({teams} teams, {rounds} rounds); open the template or "
        "an empty workbook for a new event"),
    "problem.board_result_colour_shown": (
        "第 {board} 台：“{value}”按颜色读，但颜色格 {shown} 与设置给出的颜色不同 — 请更正颜色格，或填 "
        "2:0/0:2（先手队在前）",
        "board {board}: {value!r} is read by colour, but the colour cell {shown} differs from the colours "
        "the Settings give this board — correct that cell, or type 2:0/0:2 (first team first)"),
    # --- issue 24: bianpai share (images, page, QR code, print-all PDF) --------------------
    "problem.share_find_order": ("“{value}”不是排序方式：请填 拼音 或 序号", "{value!r} is not an "
                                 "order: pinyin or number"),
    "problem.share_top": ("“{value}”不是人数：请填正整数，或 全部", "{value!r} is not a number of "
                          "players: a whole "
                          "number from 1, or all"),
    "problem.share_cards": ("“{value}”：请填 on 或 off", "{value!r}: on or off"),
    "problem.share_no_round": ("还没有编排任何一轮，没有可分享的对阵", "no round is paired yet: "
                               "there is no pairing to "
                               "share"),
    "problem.share_no_font": (
        "找不到能画中文的字体（找过: {searched}）。请安装中文字体（Windows: 微软雅黑或黑体；macOS: 苹方；"
        "Linux: sudo apt install fonts-noto-cjk），或在设置表加一行“分享字体文件”，填字体文件的完整路径",
        "no font that draws Chinese was found (looked for: {searched}). Install a Chinese font (Windows: "
        "Microsoft YaHei or SimHei; macOS: PingFang; Linux: sudo apt install fonts-noto-cjk), or add a "
        "Settings row \"Share font file\" with the full path of a font file"),
    "problem.share_font_file": ("字体文件 {path} 不存在或不能读取（{error}）",
                                "the font file {path} does not exist or cannot be read ({error})"),
    "problem.share_glyphs": (
        "字体 {font} 里没有这些字: {chars}（{names}）。图片不会画成方框: 请在设置表“分享字体文件”填"
            "一个有这些字的字体"
        "（如 Windows 的 simsun.ttc、思源黑体），或改正这些文字",
        "the font {font} has no glyph for {chars} ({names}). The images would show empty boxes: give a font "
        "that has them in the Settings row \"Share font file\", or correct the text"),
    "problem.share_no_pillow": ("画图片需要 Pillow: pip install \"Pillow>=10\"（或重新安装 bianpai）",
                                "drawing the images needs Pillow: pip install \"Pillow>=10\" (or "
                                    "reinstall bianpai)"),
    "problem.share_unsaved": ("请先保存工作簿: 分享的图片、网页和 PDF 写在工作簿所在的文件夹里",
                              "save the workbook first: the images, the page and the PDF go into its folder"),
    # -- issue 25: ranking as xiangqi events do (wt-rank) --------------------
    "problem.playoff": ("加赛名次 {value!r} 应是不重复的选手序号，如 17, 6",
                        "playoff order {value!r}: player numbers, each once, e.g. 17, 6"),
    "problem.club_totals": ("单位团体总分 {value!r} 不认识（例: {choices}；积分/名次 加人数）",
                            "club totals {value!r} not understood (e.g. {choices})"),
    "problem.prize_places": ("分组录取名次 {value!r} 不认识（例: 6 或 女子组 3, 少年组 6）",
                             "places per group {value!r} not understood (e.g. 6, or women 3, juniors 6)"),
    "problem.auto_withdraw": ("连续弃权退赛轮数 {value!r} 不是0或正整数",
                              "forfeits in a row {value!r}: not a whole number from 0"),
    "problem.points_scheme": ("计分方案 {value!r} 不认识（可用: {choices}）",
                              "points scheme {value!r} is not known (choices: {choices})"),
    "problem.fouls": ("犯规次数 {value!r} 不是0或正整数", "fouls {value!r}: not a whole number from 0"),
    # why no pairing exists (PairingError.problem and the engine's notes)
    "pairing.nobody_for_bye": ("第{round}轮：待编排的 {players} 人都已轮空过（或得过整分轮空、弃权胜），"
                               "无人可以轮空",
                               "round {round}: {players} players to pair and every one has had a bye, a "
                               "full-point bye or a forfeit win"),
    "pairing.bye_blocks": ("第{round}轮：无论谁轮空，其余选手都无法不重复对局地全部编排",
                           "round {round}: no player may take the bye so that the others can all be paired "
                           "without a rematch"),
    "pairing.incomplete": ("第{round}轮：{players} 名选手无法不重复对局地全部编排（已相遇过的对手不再编对）",
                           "round {round}: the {players} players cannot all be paired without a rematch"),
    "pairing.left_over": ("第{round}轮：选手 {players} 未能编排",
                          "round {round}: players {players} are left unpaired"),
    "pairing.from_on": ("第{round}轮：自 {player} 号起的选手无法不重复对局地全部编排",
                        "round {round}: the players from {player} on cannot all be paired without a rematch"),
    "pairing.bracket_incomplete": ("第{round}轮：{score}分组起排不通", "round {round}: from score group "
                                   "{score} on the round cannot be completed"),
    "pairing.club_blocks": ("第{round}轮：无法做到同单位回避；阻碍编排的同单位对：{pairs}",
                            "round {round}: no pairing keeps club mates apart; the club pairs that block it: "
                            "{pairs}"),
    "pairing.incomplete_teams": ("第{round}轮：各队无法不重复对阵地全部编排",
                                 "round {round}: the teams cannot all be paired without a rematch"),
    "pairing.bracket_teams": ("第{round}轮：{teams} 队所在的积分组无法编排",
                              "round {round}: the score group of teams {teams} cannot be paired"),
    "pairing.team_bye_blocks": ("第{round}轮：无论哪队轮空，其余各队都无法合规编排",
                                "round {round}: no team can take the bye and leave the others a legal "
                                "pairing"),
    "pairing.score_teams": ("第{round}轮：{score}分的各队无法编排",
                            "round {round}: the teams on {score} cannot be paired"),
    "pairing.dutch_incomplete": ("第{round}轮：无法在不违反绝对条件的情况下编排全部选手"
                                 "（不重复对局；轮空只给可以轮空的选手）",
                                 "round {round}: the players cannot all be paired without breaking an "
                                 "absolute criterion (no rematch; the bye only to a player who may have it)"),
    "pairing.dutch_left_over": ("第{round}轮：最后一个积分组之后仍有选手未编排",
                                "round {round}: players are left over after the last bracket"),
    "pairing.rr_too_few": ("循环赛至少需要两名选手", "a round robin needs at least two players"),
    "pairing.rr_no_round": ("{players} 人的循环赛共 {rounds} 轮，没有第{round}轮",
                            "the round robin of {players} players has {rounds} rounds; round {round} "
                            "does not exist"),
}
