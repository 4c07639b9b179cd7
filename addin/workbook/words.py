"""Every word the workbook shows, in Chinese and English, in one table.

The writer uses the event's language; the reader recognises both, so an
organiser can switch the language (or mail the workbook to someone who uses
the other template) without breaking anything.  Keys are plain ASCII names.
"""

from __future__ import annotations

import re

LANGUAGES: tuple[str, ...] = ("zh", "en")

DEFAULT_LANGUAGE = "zh"
"""Decision: a workbook without a language setting is Chinese (the tool is for xiangqi clubs)."""

#: key -> (zh, en)
LABELS: dict[str, tuple[str, str]] = {
    # sheet names (a round sheet's name is built by round_sheet_name)
    "sheet.settings": ("设置", "Settings"),
    "sheet.players": ("选手", "Players"),
    "sheet.colours": ("先后手", "Colours"),
    "sheet.floats": ("升降", "Floats"),
    "sheet.standings": ("名次", "Standings"),
    "sheet.crosstable": ("成绩表", "Crosstable"),
    # Settings sheet
    "settings.title": ("比赛设置", "Event settings"),
    "settings.item": ("项目", "Item"),
    "settings.value": ("值", "Value"),
    "settings.note": ("说明", "Note"),
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
    # Players sheet
    "players.title": ("选手名单", "Players"),
    "players.note": ("状态: 在赛 / 退赛 [轮次] / 请假 [轮次] / 半分轮空 [轮次]（不写轮次 = 下一轮起）",
                     "Status: active / withdrawn [round] / absent [round] / half-point bye [round] "
                     "(no round = from the next round on)"),
    "col.number": ("序号", "No."),
    "col.name": ("姓名", "Name"),
    "col.club": ("单位", "Club"),
    "col.rating": ("等级分", "Rating"),
    "col.seed": ("种子", "Seed"),
    "col.status": ("状态", "Status"),
    "col.joins": ("报到轮次", "Joins in round"),
    "status.active": ("在赛", "active"),
    "status.withdrawn": ("退赛", "withdrawn"),
    "status.absent": ("请假", "absent"),
    "status.half_bye": ("半分轮空", "half-point bye"),
    "status.full_bye": ("全分轮空", "full-point bye"),
    "status.zero_bye": ("零分轮空", "zero-point bye"),
    "seed.yes": ("是", "yes"),
    # round sheets
    "round.title": ("第{k}轮 对阵表", "Round {k} pairings"),
    "round.system": ("编排方法: {system}", "Pairing system: {system}"),
    "round.provisional": ("按临时和棋编排: 第{k}轮 第{boards}台",
                          "paired with provisional draws: round {k}, board(s) {boards}"),
    "round.fingerprint": ("编排校验码 {code}", "pairing check {code}"),
    "round.provisional_settled": ("按和棋编排（结果后录入，对阵不变）: 第{k}轮 第{boards}台",
                                  "paired counting as draws (the pairing stands, results entered since): "
                                  "round {k}, board(s) {boards}"),
    "problem.provisional_note": (
        "“{value}”读不懂：此格记录本轮按临时和棋编排的对局，应如 “{zh}”",
        "'{value}' cannot be read: this cell records the games this round was paired counting as draws, "
        "e.g. '{en}'"),
    "problem.provisional_note_board": ("此格记录本轮按和棋编排的对局，但第{round}轮没有第{board}台"
                                       "（须是第{k}轮之前的轮次）",
                                       "this cell records the games this round was paired counting as draws, "
                                       "but round {round} has no board {board} (it must be a round before "
                                       "round {k})"),
    "col.board": ("台次", "Board"),
    "col.red_no": ("红方序号", "Red No."),
    "col.red_name": ("红方", "Red"),
    "col.red_score": ("积分", "Pts"),
    "col.result": ("结果", "Result"),
    "col.black_score": ("积分", "Pts"),
    "col.black_name": ("黑方", "Black"),
    "col.black_no": ("黑方序号", "Black No."),
    "col.step": ("配对步骤", "Step"),
    "col.colour_rule": ("先后手依据", "Colour rule"),
    "col.provisional": ("临时", "Provisional"),
    "provisional.mark": ("临时和棋", "provisional draw"),
    "round.explain": ("编排过程", "How the round was paired"),
    "explain.score": ("积分段", "Score"),
    "explain.red_row": ("要先行", "Wants red"),
    "explain.black_row": ("要后行", "Wants black"),
    "explain.floaters": ("下调", "Floaters"),
    "explain.note": ("说明", "Note"),
    "explain.notes": ("备注", "Notes"),
    "round.enter": ("在“结果”列填写: 红胜 / 和 / 黑胜 / 红胜(弃权) / 黑胜(弃权) / 双方弃权",
                    "Type results in the Result column: 1-0 / ½-½ / 0-1 / +/- / -/+ / -/-"),
    # bye rows (in the result column of a round sheet)
    "bye.pairing": ("轮空", "bye"),
    "bye.full": ("全分轮空", "full-point bye"),
    "bye.half": ("半分轮空", "half-point bye"),
    "bye.zero": ("零分轮空", "zero-point bye"),
    "bye.absent": ("请假", "absent"),
    # derived sheets
    "derived.note": ("本表由程序根据各轮对阵表和选手名单自动生成，每次都会重写，请勿在此修改。",
                     "Written by bianpai from the round sheets and Players every time: do not edit here."),
    "colours.title": ("先后手记录", "Colours"),
    "col.R": ("先", "R"),
    "col.B": ("后", "B"),
    "col.d": ("先后差 d", "d"),
    "col.streak": ("连续", "Streak"),
    "col.label": ("状态", "State"),
    "colour.red": ("红", "R"),
    "colour.black": ("黑", "B"),
    "floats.title": ("升降记录", "Floats"),
    "col.downs": ("下调次数", "Down"),
    "col.ups": ("上调次数", "Up"),
    "standings.title": ("名次表", "Standings"),
    "col.rank": ("名次", "Rank"),
    "col.points": ("积分", "Points"),
    "standings.how": ("名次区分的计算方法", "How the tie-breaks are computed"),
    "standings.after": ("第{k}轮后", "after round {k}"),
    "standings.excluded": ("循环赛中退赛且完成对局不足一半者，不计入名次"
                           "（其所得分及对手对其所得分均不计；成绩表保留）: {players}",
                           "withdrew from the round robin before completing half of the games, not ranked "
                           "(points scored by "
                           "and against them do not count; the crosstable keeps them): {players}"),
    "crosstable.title": ("成绩表", "Crosstable"),
    "col.round": ("第{k}轮", "R{k}"),
    "col.total": ("总分", "Total"),
    "print.page": ("第 &P 页 / 共 &N 页", "Page &P of &N"),
    # add-in install and doctor (issue 14): the VBA pre-check and `bianpai addin doctor`
    "addin.vba.title": ("编排 Bianpai",
                        "编排 Bianpai"),
    "addin.vba.no_workbook": ("请先打开赛事工作簿（或模板）。",
                              "Open the event workbook (or the template) first."),
    "addin.vba.no_python": ("编排 Bianpai 加载项没有配置 Python。请在命令提示符（macOS：终端）中运行 bianpa"
                            "i addin doctor，按它的提示修复。",
                            "The Bianpai add-in names no Python. In a Command Prompt (macOS: Terminal) run "
                            "bianpai addin doctor and do what it says."),
    "addin.vba.python_missing": ("找不到加载项配置的 Python：{python}。请在命令提示符（macOS：终端）中运行 "
                                 "bianpai addin doctor，按它的提示修复。",
                                 "The Python the add-in names was not found: {python}. In a Command Prompt "
                                 "(macOS: Terminal) run bianpai addin doctor and do what it says."),
    "addin.vba.failed": ("Python 未能完成这项工作（原因见上一个消息框）。请在命令提示符（macOS：终端）中运"
                         "行 bianpai addin doctor 查找原因。",
                         "Python could not do the job (the message before says why). In a Command Prompt (m"
                         "acOS: Terminal) run bianpai addin doctor to find the cause."),
    "doctor.python": ("Python：{python}（{version}）",
                      "Python: {python} ({version})"),
    "doctor.xlwings": ("xlwings {version}",
                       "xlwings {version}"),
    "doctor.xlwings_old": ("xlwings {version} 太旧，编排需要 {minimum} 或更新的版本",
                           "xlwings {version} is too old: Bianpai needs {minimum} or newer"),
    "doctor.bianpai_imports": ("这个 Python 能导入编排（bianpai）",
                               "bianpai imports in this Python"),
    "doctor.conda": ("在 conda 环境中运行：{env}（{path}）",
                     "running under conda: environment {env} ({path})"),
    "doctor.no_xlstart": ("无法得知 Excel 的启动文件夹（XLSTART）",
                          "cannot tell Excel's start-up folder (XLSTART)"),
    "doctor.not_installed": ("Excel 的启动文件夹中没有编排加载项：{folder}",
                             "no Bianpai add-in in Excel's start-up folder {folder}"),
    "doctor.both_installed": ("启动文件夹中有两个编排加载项（两个「编排 Bianpai」选项卡）：{folder}",
                              "both Bianpai add-ins are in {folder} (two 编排 Bianpai tabs)"),
    "doctor.installed": ("已安装加载项：{path}",
                         "add-in installed: {path}"),
    "doctor.source_sheet": ("加载项自带的配置表「{sheet}」",
                            "its own config sheet '{sheet}'"),
    "doctor.reads": ("{addin} 读取的配置：{source}（之后是 {file}；从不读取 xlwings.conf）",
                     "{addin} reads its config from {source} (then {file}; never xlwings.conf)"),
    "doctor.reads_file": ("{addin} 读取的配置：{file}（配置表未启用；从不读取 xlwings.conf）",
                          "{addin} reads its config from {file} (its config sheet is switched off; never xl"
                          "wings.conf)"),
    "doctor.conda_names": ("配置指定 conda：{path}，环境 {env}",
                           "the config names conda {path}, environment {env}"),
    "doctor.names_no_python": ("配置没有指定 Python（Excel 会在 PATH 中找 python，通常找不到）",
                               "the config names no Python (Excel would look for python on PATH, usually in"
                               " vain)"),
    "doctor.python_missing": ("配置指定的 Python 不存在：{python}",
                              "the config names a Python that does not exist: {python}"),
    "doctor.names_python": ("配置指定的 Python：{python}，能导入编排",
                            "the config names {python}, which imports bianpai"),
    "doctor.no_import": ("配置指定的 Python {python} 无法导入编排：{error}",
                         "the config names {python}, which cannot import bianpai: {error}"),
    "doctor.xlwings_conf_other": ("{file} 指定的是另一个 Python：{python}。编排加载项不读取它，但 xlwings "
                                  "自己的加载项（工作表函数用它）读取",
                                  "{file} names another Python: {python}. The Bianpai add-in does not read "
                                  "it, but xlwings' own add-in (for the worksheet functions) does"),
    "doctor.no_applescript": ("缺少 macOS 上 RunPython 需要的 AppleScript：{file}",
                              "the AppleScript RunPython needs on macOS is missing: {file}"),
    "doctor.store_python": ("这是 Microsoft Store 的 Python，Excel 通常无法启动它；请从 python.org 安装 "
                            "Python，再用它安装编排和加载项",
                            "this is the Microsoft Store's Python, which Excel usually cannot start: install "
                            "Python from python.org, then Bianpai and the add-in with it"),
    "doctor.fix": ("修复：{command}",
                   "fix: {command}"),
    "doctor.all_ok": ("没有发现问题。",
                      "No problem found."),
    "doctor.problems": ("发现 {n} 个问题，请逐条执行上面的修复命令。",
                        "{n} problem(s) found: run the fix under each."),
    # workbook files (addin/files/xlsx.py, addin/files/lock.py, addin/files/safezip.py): locks, saves, hostile
    # files
    "file.missing": ("{path}: 没有这个工作簿（新建: bianpai new {name}）",
                     "{path}: no such workbook (create one with: bianpai new {name})"),
    "file.open_in_excel": ("{path} 正在 Excel 中打开（旁边有锁文件 {lock}）：请先在 Excel 中关闭，或在 "
                           "Excel 里用编排加载项。若 Excel 并没有打开它（锁文件是 Excel 崩溃或断电后"
                           "留下的），删除 {lock} 后再试",
                           "{path} is open in Excel (lock file {lock} is present): close it there first, "
                           "or use the Bianpai add-in inside Excel. If Excel does not have it open (the lock "
                           "file was left over by a crash or a power cut), delete {lock} and try again"),
    "file.busy": ("{path} 正由另一个编排命令使用（{holder}，{since} 起）；等了 {wait} 秒仍未结束，"
                  "未做任何修改，请稍后再试",
                  "{path} is in use by another Bianpai command ({holder}, since {since}); waited {wait} s; "
                  "nothing was written: try again when it has finished"),
    "file.changed": ("{path} 在读取之后被其他程序改过，未写入（以免覆盖那些修改）：请重新运行",
                     "{path} was changed by another program after it was read; nothing was written (so as "
                     "not to overwrite those changes): run the command again"),
    "file.read_only": ("{path} 是只读文件，未写入：请先取消只读，或另存一份",
                       "{path} is read-only; nothing was written: clear its read-only flag, or save a copy"),
    "file.no_space": ("无法保存 {path}：磁盘空间不足；工作簿未改变，临时文件已删除",
                      "cannot save {path}: no space left on the disk; the workbook is unchanged and the "
                      "temporary files were removed"),
    "file.folder_denied": ("无法保存 {path}：不能在文件夹 {folder} 中写入（{reason}）；工作簿未改变",
                           "cannot save {path}: cannot write in its folder {folder} ({reason}); the "
                           "workbook is unchanged"),
    "file.write_failed": ("无法保存 {path}（{reason}）；工作簿未改变",
                          "cannot save {path} ({reason}); the workbook is unchanged"),
    "file.read_failed": ("无法读取 {path}（{reason}）", "cannot read {path} ({reason})"),
    "file.foreign": ("{path} 含有{what}，命令行工具无法保留：不会覆盖它（请在 Excel 里用编排加载项，"
                     "或先删除这些对象）",
                     "{path} holds {what}, which the command-line tool cannot keep: it will not overwrite "
                     "it (use the Bianpai add-in inside Excel, or remove them)"),
    "file.ods": ("{path} 是 LibreOffice/OpenDocument 表格（.ods），不是 Excel 工作簿：请在 LibreOffice "
                 "中选“文件 → 另存为”，文件类型选 Excel 2007-365 (.xlsx)（另存为 Excel 工作簿），再用新文件",
                 "{path} is a LibreOffice/OpenDocument spreadsheet (.ods), not an Excel workbook: in "
                 "LibreOffice choose File → Save As, type Excel 2007-365 (.xlsx), and use the new file"),
    "file.xls": ("{path} 是旧版 Excel 97-2003 工作簿（.xls）或设了打开密码的工作簿：请在 Excel 中选“文件 → "
                 "另存为”，保存类型选 Excel 工作簿 (*.xlsx)（另存为 Excel 工作簿，不设密码），再用新文件",
                 "{path} is an old Excel 97-2003 workbook (.xls) or a password-protected one: in Excel "
                 "choose File → Save As, type Excel Workbook (*.xlsx), without a password, and use the new "
                 "file"),
    "file.not_xlsx": ("{path} 不是 Excel 工作簿（{what}）：请用 Excel 打开，选“文件 → 另存为”，保存类型选 "
                      "Excel 工作簿 (*.xlsx)",
                      "{path} is not an Excel workbook ({what}): open it in Excel and save it as an Excel "
                      "Workbook (*.xlsx) (File → Save As)"),
    "file.what.not_zip": ("不是 zip 格式的 .xlsx 文件", "not a zip-packed .xlsx file"),
    "file.what.text": ("是文本文件，例如 CSV", "a text file, such as a CSV"),
    "file.what.no_types": ("zip 文件中没有 Excel 工作簿的内容",
                           "a zip file without an Excel workbook inside"),
    "file.damaged": ("{path} 已损坏，无法读取（{part}: {reason}）；未做任何修改",
                     "{path} is damaged and cannot be read ({part}: {reason}); nothing was written"),
    "file.too_big": ("{path} 解压后超过 {limit} MB（{part}），远大于任何真实比赛的工作簿；未读取",
                     "{path} unpacks to more than {limit} MB ({part}), far more than any real event's "
                     "workbook; it was not read"),
    "file.ratio": ("{path} 中 {part} 的压缩比为 {ratio}:1，超过上限 {limit}:1（疑似压缩炸弹）；未读取",
                   "{part} in {path} is compressed {ratio}:1, above the limit of {limit}:1 (a zip bomb?); "
                   "it was not read"),
    "file.too_many_parts": ("{path} 含有 {n} 个部件，超过上限 {limit}；未读取",
                            "{path} holds {n} parts, above the limit of {limit}; it was not read"),
    "file.too_many_rows": ("{path} 的工作表“{sheet}”有 {rows} 行，超过每表上限 {limit} 行（足够 {players} "
                           "名选手的比赛）；未读取",
                           "sheet {sheet} of {path} has {rows} rows, above the limit of {limit} rows per "
                           "sheet (enough for an event of {players} players); it was not read"),
    "file.too_many_columns": ("{path} 的工作表“{sheet}”有 {columns} 列，超过每表上限 {limit} 列；未读取",
                              "sheet {sheet} of {path} has {columns} columns, above the limit of {limit} "
                              "per sheet; it was not read"),
    "file.dtd": ("{path} 的 {part} 含有 DTD 或实体声明（Excel 从不写这些，可能是恶意文件）；未读取",
                 "{part} of {path} holds a DTD or entity declaration (Excel never writes one; the file may "
                 "be hostile); it was not read"),
    "file.control_char": ("{path} 的 {part} 含有 XML 不允许的控制字符（第 {offset} 字节），文件已损坏；"
                          "未读取",
                          "{part} of {path} holds a control character that XML forbids (byte {offset}): "
                          "the file is damaged; it was not read"),
    "file.encoding": ("{path} 的 {part} 不是 UTF-8 编码的 XML（{encoding}），Excel 不会这样写；未读取",
                      "{part} of {path} is not UTF-8 XML ({encoding}), which Excel never writes; it was "
                      "not read"),
    "file.obj.charts": ("图表", "charts"),
    "file.obj.chartsheets": ("图表工作表", "chart sheets"),
    "file.obj.images": ("图片", "images"),
    "file.obj.drawings": ("绘图（形状、图片或图表）", "drawings (shapes, images or charts)"),
    "file.obj.pivots": ("数据透视表", "pivot tables"),
    "file.obj.embedded": ("嵌入对象", "embedded objects"),
    "file.obj.slicers": ("切片器", "slicers"),
    "file.obj.timelines": ("日程表", "timelines"),
    "file.obj.controls": ("控件", "controls"),
    "file.obj.macros": ("宏", "macros"),
    "file.obj.threaded": ("批注（新式）", "threaded comments"),
    "file.obj.smartart": ("SmartArt 图形", "SmartArt"),
    "file.obj.macrosheets": ("宏表或对话框表", "macro or dialog sheets"),
    # -- 定位编排 explanation (engine/dingwei.py records, addin/workbook/explain.py) and its settings --
    "set.club_strength": ("同单位回避方式", "Same-club avoidance"),
    "note.club_strength": ("hard = 必须回避（无法回避时不编排，并列出同单位的对子）/ soft = "
                           "尽量回避（同单位对局尽量少）",
                           "hard = never pair club mates (no pairing if it cannot be done; the club pairs "
                           "are named) / soft = as few club pairs as possible"),
    "set.float_balance": ("平衡上调下调", "Balance floats"),
    "note.float_balance": ("on: 拆对时也平衡上调下调，排在尽量同分、近分配对之后，先后手之前："
                           "先使同一方向（下调或上调）超过两次的选手最少，再使与其上一轮所下对局同向调动的选手最少；"
                           "本积分段只有一人而必然下调或上调的不计 / off（默认：只为排通和先后手拆对）",
                           "on: pairs are also broken to balance floats, after nearest scores and before "
                           "colours: first as few players as possible floating a third time the same way "
                           "(down or up), then as few as possible floating the same way as in their last "
                           "game played; a player alone in his score group, who must float, is not counted "
                           "/ off (default: pairs are broken only to complete the round and for colours)"),
    "xp.title": ("编排过程", "How the round was paired"),
    "xp.group": ("{score}分段", "{score} points"),
    "xp.red_row": ("要先行", "Wants red"),
    "xp.order": ("顺序", "Order"),
    "xp.black_row": ("要后行", "Wants black"),
    "xp.floated_in": ("下调者", "Floated in"),
    "xp.first": ("（先编）", " (chooses first)"),
    "xp.board": ("第{n}台", "Board {n}"),
    "xp.match": ("第{n}场", "Match {n}"),
    "xp.bye": ("轮空", "Bye"),
    "xp.bye.why": ("{p}（最低分段中剩下的一人）", "{p} (the one left over in the lowest score group)"),
    "xp.sep": ("；", "; "),
    "xp.card.none": ("未走过", "no colour yet"),
    "xp.card.fewer": ("少先", "fewer reds"),
    "xp.card.more": ("多先", "more reds"),
    "xp.card.level": ("平先", "level"),
    "xp.card.reds": ("连先", "reds running"),
    "xp.card.blacks": ("连后", "blacks running"),
    "xp.card.last_red": ("上先", "last red"),
    "xp.card.last_black": ("上后", "last black"),
    "xp.step.same": ("同位", "same position"),
    "xp.step.shifted": ("错位", "next in row"),
    "xp.step.passed": ("通行", "passed over"),
    "xp.step.same_row": ("同行", "same row"),
    "xp.step.down": ("下调", "floated down"),
    "xp.step.broken": ("拆对", "pair broken"),
    "xp.step.adjacent": ("相邻", "next in order"),
    "xp.step.next_eligible": ("顺延", "next eligible"),
    "xp.step.r1.adjacent-numbers": ("近号配对", "adjacent numbers"),
    "xp.step.r1.first-last": ("首尾配对", "first v last"),
    "xp.step.r1.half-cross": ("对半交叉", "half v half"),
    "xp.step.r1.random": ("随机配对", "random draw"),
    "xp.why.same": ("{p} 先编，取异行同位的 {q}",
                    "{p} chooses first and takes {q}, the head of the other row"),
    "xp.why.shifted": ("{p} 先编，已与同位的 {met} 相遇，错位取 {q}",
                       "{p} chooses first; he has met {met} ahead in the other row, so takes {q}"),
    "xp.why.same_row": ("{p} 在异行已无对手，同行取 {q}",
                        "{p} has no one left in the other row and takes {q} from his own"),
    "xp.why.down": ("{floaters} 由上一积分段下调，优先编排；{p} 取 {q}",
                    "{floaters} floated down from above and is paired first; {p} takes {q}"),
    "xp.why.broken": ("拆开 {a}–{b}（{because}），改由 {p} 取 {q}",
                      "{a}–{b} broken ({because}); {p} takes {q} instead"),
    "xp.why.had_met": ("{p} 已与 {met} 相遇", "{p} had met {met}"),
    "xp.because.incomplete": ("否则排不通", "otherwise the round cannot be completed"),
    "xp.because.bye": ("否则最低分段无人可轮空",
                       "otherwise no one in the lowest score group could have the bye"),
    "xp.because.club": ("同单位尽量回避", "club mates kept apart"),
    "xp.because.nearest": ("近分者编对，避免跨越积分段",
                           "nearest scores: no one floats past a score group he could play in"),
    "xp.because.colours": ("先后手更平衡", "better colour balance"),
    "xp.because.floats": ("上调下调更平衡", "fewer repeated floats"),
    "xp.float.odd": ("{p} 是本积分段剩下的一人，下调", "{p} is the one card left over and floats down"),
    "xp.float.met_all": ("{p} 已与本段余下各人相遇，下调", "{p} has met everyone left and floats down"),
    "xp.float.alone": ("{p} 是本积分段唯一的一人，下调", "{p} is alone in the score group and floats down"),
    "xp.float.instead": ("{p} 下调，不与 {q} 配对：{because}", "{p} floats rather than meet {q}: {because}"),
    "xp.cr.1": ("(1) 少先 v 多先：少先先走", "(1) fewer reds v more reds: fewer reds moves first"),
    "xp.cr.2": ("(2) 平先连后 v 连先：连后先走",
                "(2) blacks running v reds running: blacks running moves first"),
    "xp.cr.3": ("(3) 平先连后 v 连后：连后多的先走",
                "(3) blacks running v blacks running: more blacks running moves first"),
    "xp.cr.4": ("(4) 平先连先 v 连先：连先少的先走",
                "(4) reds running v reds running: fewer reds running moves first"),
    "xp.cr.5": ("(5) 平先上后 v 连后：连后先走",
                "(5) last black v blacks running: blacks running moves first"),
    "xp.cr.6": ("(6) 平先上先 v 连先：上先先走", "(6) last red v reds running: last red moves first"),
    "xp.cr.7": ("(7) 平先上后 v 上先：上后先走", "(7) last black v last red: last black moves first"),
    "xp.cr.8.odd": ("(8) 条件相同，两号之和 {sum} 为奇数：小号先走",
                    "(8) all else equal, the numbers add up to {sum}, odd: the smaller number moves first"),
    "xp.cr.8.even": ("(8) 条件相同，两号之和 {sum} 为偶数：大号先走",
                     "(8) all else equal, the numbers add up to {sum}, even: the larger number moves first"),
    "xp.cr.9": ("(9) 倒数第三轮起积分不等：低分服从高分",
                "(9) from the third-last round, different scores: the lower score yields"),
    "xp.cr.avoid_three": ("避免连三先、连三后、多三先、多三后",
                          "avoids three in a row and three more of one colour"),
    "xp.cr.r1.odd": ("单号台次小号先走", "odd board: the smaller number moves first"),
    "xp.cr.r1.even": ("双号台次大号先走", "even board: the larger number moves first"),
    "xp.cr.r1.random": ("随机：抽签在前者先走", "random draw: the first drawn moves first"),
    "xp.cr.swapped": ("；首台先后对调，各台随之对调", "; colours turned on every board (first player black)"),
    # -- the boundary (issue 12): problems and notes, worded; engine/problems.py keys --------
    "problem.text": ("{text}", "{text}"),
    "system.dingwei": ("定位编排法", "dingwei (positional)"),
    "system.dutch": ("荷兰制", "dutch (FIDE)"),
    "system.adjacent": ("临近编排", "adjacent"),
    "system.roundrobin": ("循环制", "round robin"),
    "system.fide_team": ("团体瑞士制（FIDE）", "fide-team (FIDE team Swiss)"),
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
    "job.paired": ("{sheet}: {boards} 台", "{sheet}: {boards} boards"),
    "job.provisional": ("；{sheet} 有 {n} 局按临时和棋", "; {n} provisional draw(s) in {sheet}"),
    "job.forfeits": (
        "；已填入 {n} 局弃权（缺席者判负，对手判胜）",
        "; {n} forfeit(s) entered (absent player −, opponent +)"),
    "job.undone": ("{sheet} 已撤销", "{sheet} removed"),
    "job.check_problems": ("发现 {n} 个问题", "{n} problem(s) found"),
    "job.check_clean": ("没有发现问题", "no problems found"),
    "job.check_notes": ("（{n} 条提示）", " ({n} note(s))"),
    "job.exported": ("{players} 名选手，{rounds} 轮", "{players} players, {rounds} rounds"),
    "job.imported": ("已导入 {players} 名选手，{rounds} 轮", "imported {players} players, {rounds} rounds"),
    "job.players_imported": (
        "新增 {added} 名选手，更新 {updated} 名；共 {total} 名",
        "{added} player(s) added, {updated} updated; {total} in all"),
    "job.drawn": (
        "抽签完成: {players} 名选手重新编号（种子选手 {seeded} 名抽单数号），抽签种子 {seed}",
        "numbers drawn for {players} players ({seeded} seeded on odd numbers); draw seed {seed}"),
    "problems.head": ("{n} 个问题；未写入任何内容:", "{n} problem(s); nothing was written:"),
    "problems.head1": ("未写入任何内容:", "nothing was written:"),
    # -- the workbook through a real event (issue 13): finished rounds, imports, printing ------
    "standings.before": ("赛前", "before round 1"),
    "problem.round1_club_mates": (
        "第1轮无法调开同单位选手 {pairs}（同单位回避方式为 hard 必须回避）；"
        "可改为 soft，或重新抽签",
        "round 1 cannot part the club mates {pairs} (same-club avoidance is hard); "
        "choose soft, or draw again"),
    "standings.final": ("最终名次", "Final standings"),
    "where.line": ("第{n}行", "line {n}"),
    "problem.player_has_games": (
        "选手 {number} {name} 已赛 {games} 轮，表中改动了 {fields}；已赛选手的资料只在加 --update 时才会改动",
        "player {number} {name} has played {games} round(s) and the table changes {fields}; a player who has "
        "games is changed only with --update"),
    "problem.player_duplicate": (
        "{name}（{club}）似乎重复：已是 {other}；"
        "确为同名的不同选手时加 --allow-duplicates（姓名后加（2）等以示区别）",
        "{name} ({club}) looks like a duplicate of {other}; add --allow-duplicates if they are different "
        "players of the same name (a number after the name tells them apart)"),
    "job.numbers_before_draw": (
        "表中的序号不是选手表的序号（{rows} 行中 {moved} 行的序号在选手表上是另一人，多为抽签前的序号），"
        "不按序号对应：各行按姓名和单位对应选手表上的选手，新的姓名为新增选手。",
        "The table's numbers are not the Players sheet's ({moved} of {rows} rows give the number of another "
        "player there, as numbers from before the draw do), so they are not used: each row is matched to the "
        "player of its name and club, and a new name is a new player. "),
    "job.namesakes_told_apart": ("（同名同单位者姓名后加了编号以示区别: {players}）",
                                 " (namesakes of one club told apart by a number after the name: {players})"),
    "job.players_updated_which": ("（已更新: {players}）", " (updated: {players})"),
    "field.name": ("姓名", "name"),
    "field.club": ("单位", "club"),
    "field.rating": ("等级分", "rating"),
    "field.seeded": ("种子", "seed"),
    "field.joins": ("报到轮次", "late-entry round"),
    "field.status": ("状态", "status"),
    "where.existing": ("选手 {number}", "player {number}"),
    "club.none": ("无单位", "no club"),
    "trf.not_carried": (
        "TRF 不能保存: 各台的配对步骤和先后手依据、轮次表下方的编排过程、选手表中自建的列、"
        "结果的写法（如 2:0）和其他工作表。单位、种子、状态、报到轮次、设置和台次顺序"
        "写在 Bianpai 自己的 XXB 记录中（其他程序会忽略）",
        "a TRF cannot carry: each board's pairing step and colour rule, the explanation below a round sheet, "
        "your own Players columns, how a result was typed (2:0) and other sheets. Clubs, seeds, statuses, "
        "late entries, Settings and board order are written in Bianpai's own XXB records (other programs "
        "skip them)"),
    "file.formulas_to_values": (
        "这些单元格中的公式已换成它显示的值（程序保存时不保留来源表中的公式）: {cells}",
        "the formulas in these cells were replaced by the values they showed (formulas in the source sheets "
        "are not kept when the workbook is saved): {cells}"),
    "set.dates": ("比赛日期/时间", "Dates / times"),
    "set.venue": ("比赛地点", "Venue"),
    "set.chief_arbiter": ("裁判长", "Chief arbiter"),
    "set.pairing_officer": ("编排", "Pairing officer"),
    "note.dates": ("印在对阵表和名次表上，如 2026年12月5日—6日，每天9:00、14:00",
                   "printed on the pairings and standings, e.g. 5–6 December 2026, 9:00 and 14:00"),
    "note.venue": ("印在对阵表和名次表上", "printed on the pairings and standings"),
    "note.signature": (
        "姓名印在签名行旁；留空则只印签名线",
        "printed beside the signature line; blank: the line alone"),
    "print.when_where": ("时间: {dates}", "Date: {dates}"),
    "print.venue": ("地点: {venue}", "Venue: {venue}"),
    "print.signatures": ("裁判长: {chief}　　　　编排: {pairer}",
                         "Chief arbiter: {chief}        Pairing officer: {pairer}"),
    "print.blank_signature": ("__________", "__________"),
    "col.remark": ("备注", "Remark"),
    "remark.withdrawn": ("退赛", "withdrew"),
    "remark.withdrawn_from": ("第{k}轮起退赛", "withdrew from round {k}"),
    "remark.late": ("第{k}轮报到", "joined in round {k}"),
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
    "cross.not_yet": ("未报到", "not yet"),
    "job.new": ("新比赛已建立：先在“选手”表填写选手，再编排第1轮。",
                "New event: fill in the Players sheet, then pair round 1. "),
    "job.new_rr_note": ("少于10名选手时，编排规则建议采用循环制（设置→编排方法 roundrobin），由组织者决定。",
                        "With fewer than 10 players the pairing rules suggest a round robin "
                        "(Settings → pairing system roundrobin); the organiser decides."),
    "cli.exists": (
        "{path} 已存在（加 --force 才会覆盖）",
        "{path} already exists (use --force to overwrite it)"),
    "cli.problem": ("问题", "problem"),
    "cli.note": ("提示", "note"),
    "cli.no_pairing": ("无法编排: {error}；未写入任何内容", "no valid pairing: {error}; nothing was written"),
    "cli.wrote": (
        "已写入 {path}（{players} 名选手，{rounds} 轮）",
        "wrote {path} ({players} players, {rounds} rounds)"),
    "cli.wrote_team": (
        "已写入 {path}（{teams} 队，每场 {boards} 台，{rounds} 轮）",
        "wrote {path} ({teams} teams, {boards} boards, {rounds} rounds)"),
    "xp.dutch.both": ("双方的先后手要求都得到满足", "5.2.1 both preferences"),
    "xp.dutch.stronger": ("先后手要求较强的一方优先", "5.2.2 stronger (strong) preference"),
    "xp.dutch.alternate": (
        "从两人先后手最近一次不同的轮次起交替",
        "5.2.3 alternate from the last difference"),
    "xp.dutch.absolute": ("绝对的先后手要求优先", "5.2.2 stronger (absolute) preference"),
    "xp.dutch.higher": ("排名较高者的先后手要求优先", "5.2.4 higher-ranked player's preference"),
    "xp.dutch.number": ("按排名较高者的序号与首轮抽定的先后手", "5.2.5 pairing number"),
    "xp.dutch.float": ("{a} ↓ {b}（下调）", "{a} ↓ {b} (float)"),
    "xp.note.provisional": ("暂按和局编排: {games}", "paired counting {games} as draws"),
    "xp.note.bye_lowest": ("轮空: {bye}（最低分段 {score}）", "bye: {bye} (lowest score group {score})"),
    "xp.note.bye": ("轮空: {bye}", "pairing-allocated bye: {bye}"),
    "xp.note.seed": ("随机配对种子 {seed}（设置 {option}）", "random pairing seed {seed} (setting {option})"),
    "xp.note.bye_highest": ("轮空: {bye}（人数为单数，最大号轮空）",
                            "bye: {bye} (odd number of players: the highest number)"),
    "problem.round_sheet_unread": (
        "工作表“{sheet}”看来是轮次表，但程序只读取名为“第N轮”的工作表（如 第3轮），其中的结果不会被读取；"
        "请把它改名为 第N轮，或删除它",
        "sheet '{sheet}' looks like a round sheet, but only sheets named 'Round N' (or 第N轮) are read, "
        "so its results would be ignored; rename it to Round N (e.g. Round 3), or delete it"),
    # -- arbiter control (issue 17): 回避名单, hand edits, fixed boards, 编排卡, 记分单 --
    "sheet.apart": ("回避名单", "Kept apart"),
    "apart.title": ("回避名单（名单上的选手互不编对）", "Pairs kept apart (the players of a row never meet)"),
    "apart.help": ("每行一组：选手序号用空格或逗号分开；轮次留空为全部轮次",
                   "One group a row: numbers separated by blanks or commas; rounds blank: every round"),
    "col.apart_players": ("选手序号", "Players"),
    "col.apart_first": ("自第几轮", "From round"),
    "col.apart_last": ("至第几轮", "To round"),
    "col.apart_note": ("说明", "Note"),
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
    "col.adjust": ("调整", "Changed"),
    "job.hand_kept": ("；保留并记录 {sheet} 的 {n} 台裁判长调整",
                      "; {n} board(s) of {sheet} changed by hand kept and recorded"),
    "adjust.step": ("裁判长调整", "changed by hand"),
    "round.adjusted": ("第 {boards} 台为裁判长调整（见调整栏）；下方的编排说明是系统原来的编排",
                       "board(s) {boards} changed by hand (Changed column); the explanation below is the "
                       "system's own pairing"),
    "adjust.cell": ("调整；系统编排 {system}", "changed; the system paired {system}"),
    "sheet.changes": ("变更记录", "Changes"),
    "changes.title": ("变更记录（裁判长调整）", "Changes made by hand"),
    "col.when": ("时间", "When"),
    "col.round_no": ("轮次", "Round"),
    "col.changed_to": ("调整后", "Paired by hand"),
    "col.system_pairing": ("系统编排", "System's pairing"),
    "col.recorded_with": ("记录于第几轮编排", "Recorded when pairing round"),
    "col.old_step": ("原编排方法", "Step before"),
    "col.old_rule": ("原先后手规则", "Colour rule before"),
    "col.old_mark": ("原调整栏", "Changed cell before"),
    "sheet.fixed": ("固定对阵", "Fixed pairs"),
    "fixed.title": ("固定对阵（裁判长在编排前指定的对局）",
                    "Fixed pairs (boards the chief arbiter sets before pairing)"),
    "fixed.help": (
        "每行一台：轮次、红方序号、黑方序号；编排该轮时固定台排在最前，其余选手照常编排",
        "One board a row: round, red, black; pairing that round puts them first and pairs the rest"),
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
    "xp.step.fixed": ("裁判长固定", "fixed by hand"),
    "xp.cr.fixed": ("裁判长指定", "set by hand"),
    "xp.fixed": ("第 {boards} 台为裁判长固定对阵（见固定对阵表），其余选手按编排方法编排",
                 "board(s) {boards} fixed by the chief arbiter (Fixed pairs sheet); the others paired by the "
                 "system"),
    "sheet.cards": ("编排卡", "Cards"),
    "sheet.slips": ("记分单", "Score slips"),
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
    "job.cards": ("已写入 {sheet}: {n} 张编排卡", "{sheet} written: {n} card(s)"),
    "job.slips": ("已写入 {sheet}: 第{k}轮 {n} 张记分单", "{sheet} written: {n} slip(s) of round {k}"),
    "problem.note_same_club": (
        "{red} {red_name} 与 {black} {black_name} 同属 {club}，而第{round}轮尽量回避同单位",
        "{red} {red_name} and {black} {black_name} are both of {club}, and round {round} avoids same-club "
        "pairings where it can"),
    "xp.why.apart": ("{p} 与 {apart} 回避，不编对", "{p} and {apart} are kept apart"),
    "xp.why.shifted_apart": (
        "{p} 先编，与同位的 {apart} 回避，错位取 {q}",
        "{p} chooses first; he is kept apart from {apart} ahead in the other row, so takes {q}"),
    # ---- team events (团体赛, issue 18 workbook side) ----
    "sheet.teams": ("参赛队", "Teams"),
    "sheet.team_standings": ("团体名次", "Team standings"),
    "sheet.board_standings": ("台次成绩", "Board standings"),
    "sheet.team_crosstable": ("团体成绩表", "Team crosstable"),
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
    "kind.individual": ("个人赛", "individual"),
    "kind.team": ("团体赛", "team"),
    "score.match": ("场分", "match points"),
    "score.board": ("局分", "board points"),
    "colours.odd": ("单数台", "odd boards"),
    "colours.even": ("双数台", "even boards"),
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
    "teams.title": ("参赛队", "Teams"),
    "teams.note": ("每行一队：队号、队名、单位、领队/队长；状态：退赛 [轮]、请假 [轮]。队员在“选手”表填写。",
                   "one team a row: number, name, unit, captain; status: withdrawn [round], absent "
                   "[round]. The players go on the Players sheet."),
    "team_players.note": ("每行一名队员：所属队号和台次（1 为第一台）；替补填“是”（或台次大于每场台数）",
                          "one player a row: team number and board order (1 = board 1); reserves "
                          "marked yes (or a board order beyond the boards of a match)"),
    "col.team_no": ("队号", "Team No."),
    "col.team_name": ("队名", "Team"),
    "col.captain": ("队长", "Captain"),
    "col.board_order": ("台次", "Board order"),
    "col.reserve": ("替补", "Reserve"),
    "reserve.yes": ("是", "yes"),
    "col.match": ("场次", "Match"),
    "col.first_no": ("序号", "No."),
    "col.first_name": ("先手队", "First team"),
    "col.first_colour": ("执", "Colour"),
    "col.second_colour": ("执", "Colour"),
    "col.second_name": ("后手队", "Second team"),
    "col.second_no": ("序号", "No."),
    "col.match_points": ("场分", "Match pts"),
    "team.colour_red": ("红", "red"),
    "team.colour_black": ("黑", "black"),
    "team_round.note": ("结果：红胜/黑胜/和 按本台所示颜色（执红者胜为红胜）；"
                        "2:0/1:1/0:2 为局分，先手队在前；"
                        "某队未到：在该场的结果格填 +/-（后手队未到）、-/+ 或 -/-",
                        "results: 红胜/黑胜/和 (red wins/black wins/draw) by the colours shown on the board; "
                        "2:0/1:1/0:2 (1-0/½-½/0-1) give the first team's points first; a team that did not "
                        "turn up: type +/- (second absent), -/+ or -/- into the match's result cell"),
    "code.MP": ("场分", "MP"),
    "code.BP": ("局分", "BP"),
    "code.OPP": ("对手分", "OPP"),
    "code.OBP": ("对手局分", "OBP"),
    "code.DE": ("直胜", "DE"),
    "code.MW": ("胜场数", "MW"),
    "col.games": ("局数", "Games"),
    "col.percentage": ("得分率", "Score %"),
    "team_standings.title": ("团体名次", "Team standings"),
    "team_standings.how": ("先按{first}，再依次比较：{codes}", "ranked by {first}, then: {codes}"),
    "board_standings.title": ("台次成绩", "Board standings"),
    "board_standings.board": ("第{board}台", "Board {board}"),
    "team_crosstable.title": ("团体成绩表", "Team crosstable"),
    "team_crosstable.legend": ("每格：对手队号、执色（w 红 b 黑）、结果（1 胜 = 和 0 负 + 对方未到 - "
    "未到 U 轮空）、局分 己方:对方",
                               "each cell: opponent, colour (w red, b black), result (1 win, = draw, 0 loss, "
                               "+ forfeit win, - forfeit loss, U bye), board points for:against"),
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
    "team.step_bracket": ("{score}分组", "score group {score}"),
    "team.step_upfloaters": ("，上调 {teams}", " + upfloaters {teams}"),
    "problem.not_for_teams": ("团体赛不能用 {job}：在“参赛队”和“选手”表直接填写",
                              "{job} is not for a team event: fill in the Teams and Players sheets"),
    "problem.pair_by_board": ("编排方法 {system} 不能按局分编排：改用 {systems}，或按场分编排",
                              "{system} cannot pair teams by board points: use {systems}, "
                              "or pair by match points"),
    "problem.match_unfinished": ("第 {round} 轮此台尚无结果", "round {round}: this board has no result yet"),
    "problem.no_teams": ("没有参赛队：先填写“参赛队”表", "no teams: fill in the Teams sheet first"),
    "job.team_paired": ("已编排 {sheet}：{matches} 场", "paired {sheet}: {matches} matches"),
    "job.team_bye": ("；轮空：{team} {name}", "; bye: {team} {name}"),
    "job.team_exported": ("已导出 {teams} 队、{rounds} 轮", "exported {teams} teams, {rounds} rounds"),
    "job.team_imported": ("已导入 {teams} 队、{rounds} 轮", "imported {teams} teams, {rounds} rounds"),
    "problem.board_min_games": ("“{value}”应为不小于 0 的整数", "{value!r}: a whole number, 0 or more"),
    "set.board_min_games": ("台次成绩最少局数", "Board standings: least games"),
    "set.lineup_order": ("出场须按台次顺序", "Line-up keeps the board order"),
    "note.lineup_order": ("是：替补可以上场，但队员不得排在名单中列于其后的队员之下；否：队长可任意排台",
                          "yes: a reserve may come in, but nobody sits below a player listed after him; "
                          "no: the captain orders the boards freely"),
    "set.lineup_vacancies_last": ("空台只能在最后", "Empty boards come last"),
    "note.lineup_vacancies_last": ("是：缺人时下面的队员依次上移，空台只能是最后几台；否：空台可在任意台次",
                                   "yes: when a player is missing the players below move up, so only the "
                                   "last boards may be empty; no: any board may be empty"),
    "word.yes": ("是", "yes"),
    "word.no": ("否", "no"),
    "note.board_min_games": ("空白：已赛轮次的一半（进位）；出场不足者不列入台次成绩",
                             "blank: half the rounds played (rounded up); players with fewer games "
                             "are not listed in the board standings"),
    "board_standings.least": ("出场不足 {n} 局者不列入", "players with fewer than {n} games are not listed"),
    "job.team_new": ("新团体赛已建立：先填“参赛队”和“选手”表（队号、台次），再编排第1轮。",
                     "New team event: fill in the Teams and Players sheets (team, board order), then "
                     "pair round 1."),
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
    # issue 12: TRF reading (engine/formats/trf.py, engine/formats/trf_team.py; each placed at
    # file:line:column;
    # they use "problem.trf_colour" above too)
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
    # issue 23 item 3 / issue 30 item 2: the one TRF reader (engine/formats/trf.py,
    # engine/formats/trf_team.py)
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
    "problem.team_scores": ("设置 {setting}：{value} 不是“队号:各轮分数”",
                            "setting {setting}: {value} is not team:points,…"),
    "problem.colour_preferences": ("设置 {setting}：{value!r} 不是 {choices} 之一",
                                   "setting {setting}: {value!r} is not one of {choices}"),
    # issue 16: CLI help
    "cli.description": ("编排：象棋俱乐部比赛的积分编排（瑞士制）。",
                        "Swiss-system pairing for club events (编排)."),
    "cli.usage": ("用法：", "usage: "),
    "cli.positional": ("参数", "positional arguments"),
    "cli.options": ("选项", "options"),
    "cli.help": ("显示此帮助并退出", "show this help message and exit"),
    # argparse's own messages (the command line's errors), in the table's words
    "cli.error": ("{prog}：错误：{message}\n", "{prog}: error: {message}\n"),
    "cli.arg.argument": ("参数 {argument}：{message}", "argument {argument}: {message}"),
    "cli.arg.required": ("缺少必需的参数：{names}", "the following arguments are required: {names}"),
    "cli.arg.unrecognized": ("无法识别的参数：{names}", "unrecognized arguments: {names}"),
    "cli.arg.one_of": ("须给出参数 {names} 之一", "one of the arguments {names} is required"),
    "cli.arg.not_allowed": ("不能与参数 {other} 同用", "not allowed with argument {other}"),
    "cli.arg.ignored": ("多余的值 {value} 未被采用", "ignored explicit argument {value}"),
    "cli.arg.one": ("须给一个值", "expected one argument"),
    "cli.arg.at_most_one": ("至多给一个值", "expected at most one argument"),
    "cli.arg.at_least_one": ("至少给一个值", "expected at least one argument"),
    "cli.arg.count": ("须给 {count} 个值", "expected {count} argument"),
    "cli.arg.counts": ("须给 {count} 个值", "expected {count} arguments"),
    "cli.arg.ambiguous": ("选项 {option} 不明确，可指 {matches}",
                          "ambiguous option: {option} could match {matches}"),
    "cli.arg.invalid_int": ("{value} 不是整数", "invalid int value: {value}"),
    "cli.arg.invalid_type": ("{value} 不是有效的 {type} 值", "invalid {type} value: {value}"),
    "cli.arg.invalid_choice": ("{value} 不是可选值（可选：{choices}）",
                               "invalid choice: {value} (choose from {choices})"),
    "cli.workbook": ("赛事工作簿（xlsx 文件）", "the event workbook (EVENT.xlsx)"),
    "cli.workbook_lang": ("工作簿的语言（默认 zh）", "the workbook's language (default zh)"),
    "cli.trf_pair": ("编排 TRF 文件的下一轮，输出格式同 FIDE 认可的编排程序",
                     "pair the next round of a TRF file, written as JaVaFo and bbpPairings write it"),
    "cli.trf_pair.trf": ("TRF 文件（已赛各轮）", "tournament report file (the rounds so far)"),
    "cli.trf_pair.system": ("编排方法（默认：TRF 文件记录的编排方法 XXB 或 092/192，否则定位编排）",
                            "pairing system (default: the TRF's own XXB set system or 092/192 record, "
                            "else dingwei)"),
    "cli.trf_pair.provisional": ("上一轮未完成的对局按和棋计，先行编排（同 pair --provisional）",
                                 "count the last round's unfinished games as draws for this pairing "
                                 "(as pair --provisional)"),
    "cli.trf_pair.output": ("把编排写到此文件（默认：标准输出）",
                            "write the pairing here (default: standard output)"),
    "cli.trf_standings": ("TRF 文件的名次及名次区分，输出 CSV",
                          "standings of a TRF file with tie-breaks, as CSV"),
    "cli.trf_standings.trf": ("TRF 文件", "tournament report file"),
    "cli.trf_standings.tiebreaks": ("名次区分，按先后次序，用代码（如 BH,BH-C1,SB）或预设的名称",
                                    "the tie-breaks in order, as codes (e.g. BH,BH-C1,SB) or a "
                                    "preset's name"),
    "cli.trf_standings.preset": ("预设的一组名次区分（未指定名次区分时：{preset}）",
                                 "a preset list of tie-breaks (without --tiebreaks: {preset})"),
    "cli.trf_standings.unplayed": ("未赛局如何计算：fide（国际棋联的名次区分规则）"
                                   "或 xiangqi（轮空按最低分计）",
                                   "how unplayed games count: fide (FIDE's tie-break rules) or xiangqi "
                                   "(a bye counts as the lowest score)"),
    "cli.trf_standings.forfeit_wins": ("WIN（胜局数）也计弃权胜", "WIN counts forfeit wins as well"),
    "cli.trf_standings.after_round": ("第 N 轮后的名次（默认：全部轮次）",
                                      "standings after round N (default: all rounds)"),
    "cli.trf_standings.output": ("把 CSV 写到此文件（默认：标准输出）",
                                 "write the CSV here (default: standard output)"),
    "cli.new": ("用中文或英文模板建立赛事工作簿", "create an event workbook from the zh or en template"),
    "cli.new.workbook": ("要建立的赛事工作簿（xlsx 文件）", "the event workbook to create (EVENT.xlsx)"),
    "cli.new.lang": ("模板的语言（默认 zh）", "template language (default zh)"),
    "cli.new.name": ("比赛名称", "event name"),
    "cli.new.team": ("团体赛：含“参赛队”表，每场若干台",
                     "a team event (团体赛): a Teams sheet, boards per match"),
    "cli.new.force": ("覆盖已有的文件", "overwrite an existing file"),
    "cli.draw": ("第一轮前抽签定序号：种子选手排单号（--seed N）",
                 "draw the pairing numbers before round 1: seeded players on odd numbers (--seed N)"),
    "cli.draw.seed": ("抽签种子（默认：“设置”表的抽签种子，否则由比赛名称和选手姓名算出）；记入“设置”表",
                      "seed of the draw (default: the Settings' draw seed, else one made from the event and "
                      "player names); recorded on the Settings sheet"),
    "cli.pair": ("编排赛事工作簿的下一轮", "pair the next round of an event workbook"),
    "cli.pair.provisional": ("预排：上一轮未完成的对局按和棋计算",
                             "provisional pairing: count the last round's unfinished games as draws"),
    "cli.pair.keep": ("保留上一轮手工改动的台次（记入“调整”列和“变更记录”表）",
                      "keep the last round's boards changed by hand (recorded in the Changed column and "
                      "the Changes sheet)"),
    "cli.standings": ("重写先后手、升降、名次、成绩表，并打印名次",
                      "rewrite Colours, Floats, Standings, Crosstable and print the standings"),
    "cli.undo": ("撤销上一轮（须尚无结果，或加 --force）",
                 "remove the last round (if it has no results, or with --force)"),
    "cli.undo.force": ("即使已有结果也撤销上一轮", "remove the last round even if it has results"),
    "cli.check": ("重新检查工作簿的每一轮，列出每个问题及其工作表和单元格",
                  "re-validate every round of a workbook; list problems with sheet and cell"),
    "cli.cards": ("写“编排卡”表：每名选手一张编排卡（--brackets：另加下一轮各分组的行）",
                  "write the 编排卡 sheet: one pairing card per player (--brackets: the next round's rows)"),
    "cli.cards.brackets": ("另加下一轮每个分数组的“要先行”“要后行”两行",
                           "add the next round's 要先行/要后行 rows per score group"),
    "cli.slips": ("写“记分单”表：上一轮每台一张记分单，一页纸四张",
                  "write the 记分单 sheet: one score slip per board of the last round, four to an A4 page"),
    "cli.import_trf": ("把 TRF 文件的赛事写入工作簿", "write a TRF file's event into a workbook"),
    "cli.import_trf.trf": ("要导入的 TRF 文件", "tournament report file to import"),
    "cli.import_trf.workbook": ("要写入的工作簿（新建，或替换其中的赛事）",
                                "workbook to write (created, or its event replaced)"),
    "cli.export_trf": ("把工作簿的赛事写成 TRF 文件", "write a workbook's event as a TRF file"),
    "cli.export_trf.output": ("要写的 TRF 文件（默认：标准输出）",
                              "TRF file to write (default: standard output)"),
    "cli.import_players": ("从报名表（Excel 或 CSV 文件）向工作簿添加选手或参赛队",
                           "add players (or teams) to a workbook from a registration list (Excel or CSV)"),
    "cli.import_players.csv": ("报名表：Excel 文件（xlsx、xls）或 CSV 文件，"
                               "带标题行（姓名、单位、等级分 …，列的顺序不限）",
                               ".xlsx, .xls or .csv file with a header row (姓名/Name, 单位/Club, "
                               "等级分/Rating …, in any order)"),
    "cli.import_players.update": ("也修改已经出场的选手（按序号）；不加此项则拒绝",
                                  "also change players who have already played (by 序号/No.); refused "
                                  "without it"),
    "cli.import_players.duplicates": ("姓名和单位与已有选手相同时也添加",
                                      "add a row even when its name and club are those of a player already "
                                      "there"),
    "cli.demo": ("模拟一场 {players} 人、{rounds} 轮的随机比赛，写入 {path} 并打印名次",
                 "play a {players}-player, {rounds}-round random event into {path} and print the standings"),
    "cli.demo.out": ("要写的工作簿（默认 {path}）", "workbook to write (default {path})"),
    "cli.demo.players": ("选手人数", "number of players"),
    "cli.demo.rounds": ("轮数", "number of rounds"),
    "cli.demo.seed": ("随机种子：种子相同，比赛相同", "random seed: the same seed plays the same event"),
    "cli.demo.team": ("团体赛：{teams} 队，每场 {boards} 台，轮数照常",
                      "a team event: {teams} teams, {boards} boards, the rounds of --rounds"),
    "cli.demo.system": ("编排方法；roundrobin 按 Berger 表的轮次进行（不看轮数）",
                        "pairing system; roundrobin plays the Berger schedule's rounds (--rounds ignored)"),
    "cli.addin": ("生成或安装 Excel 加载项（“编排 Bianpai”功能区选项卡）",
                  "build or install the Excel add-in (the 编排 Bianpai ribbon tab)"),
    "cli.addin.build": ("生成两个加载项文件：完整功能区的和只有一个按钮的",
                        "build bianpai.xlam and bianpai.addin.next_step.xlam"),
    "cli.addin.build.out": ("加载项文件写入的文件夹（默认：程序包的 addin 文件夹）",
                            "folder to write the add-in files to (default: the package's addin folder)"),
    "cli.addin.install": ("把加载项安装到 Excel 的 XLSTART 文件夹",
                          "install the add-in into Excel's XLSTART folder"),
    "cli.addin.install.next_step": ("改装只有一个按钮、已知可用的加载项，而不是完整的功能区",
                                    "install the one-button known-good add-in instead of the full ribbon"),
    "cli.addin.target": ("安装到的文件夹（默认：${env}，否则 Excel 的 XLSTART）",
                         "folder to install into (default: ${env}, else Excel's XLSTART)"),
    "cli.addin.install.no_config": ("加载项的配置表留空（解释器则取自其配置文件，否则为 PATH 上的 python）",
                                    "leave the add-in's config sheet empty (the interpreter then comes from "
                                    "its config file, else 'python' on PATH)"),
    "cli.addin.lang": ("最后的诊断报告所用的语言", "language of the doctor's report at the end"),
    "cli.addin.remove": ("从 Excel 的 XLSTART 文件夹移除 Bianpai 加载项",
                         "remove the Bianpai add-ins from Excel's XLSTART folder"),
    "cli.addin.doctor": ("查明功能区按钮为什么没有反应，以及如何修复",
                         "find out why a ribbon button does nothing, and how to fix it"),
    "cli.addin.doctor.target": ("Excel 的 XLSTART 文件夹（默认：${env}，否则询问 Excel）",
                                "Excel's XLSTART folder (default: ${env}, else Excel is asked)"),
    "problem.trf_rank_order": ("此 TRF 用 XXC rank 按选手记录在文件中的先后定初始名次；工作簿按序号定名次："
                               "请先按该顺序重新编号（自上而下依次为 1、2、3 …）再导入",
                               "this TRF ranks its players by the order of their player records (XXC "
                               "rank); a workbook ranks them by number: renumber them in that order (1, 2, "
                               "3 … down the file) before importing"),
    # -- the engine's pairing notes and why no pairing exists (Pairing.notes, PairingError.problem) --
    "xp.game": ("第{round}轮 {red}–{black}", "round {round}: {red}–{black}"),
    "xp.note.team_bye": ("轮空：第 {team} 队", "bye: team {team}"),
    "xp.note.rr_forfeit": ("第{board}台 {red}–{black}：{absent} 号不参赛，对手判胜（+），本人判负（−）",
                           "board {board} {red}–{black}: {absent} takes no part; the opponent wins by "
                           "forfeit (+), he loses (−)"),
    "xp.note.rr_rounds": ("总轮次 {total} 与循环赛的 {rounds} 轮不符",
                          "total rounds {total}, the round robin has {rounds}"),
    "xp.note.rr_differs": ("第{round}轮的对阵与贝格尔表不同", "round {round} differs from the Berger table"),
    "xp.note.round1.adjacent-numbers": ("第一轮：近号配对", "round 1: adjacent numbers"),
    "xp.note.round1.first-last": ("第一轮：首尾配对", "round 1: first v last"),
    "xp.note.round1.half-cross": ("第一轮：对半交叉", "round 1: half v half"),
    "xp.note.round1.random": ("第一轮：随机配对", "round 1: random draw"),
    "xp.note.apart_exchange": ("回避名单：第{board}台与第{other}台交换选手",
                               "kept apart: boards {board} and {other} exchange a player"),
    "xp.note.apart_bye": ("回避名单：第{board}台与轮空者交换",
                          "kept apart: board {board} exchanges with the bye"),
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
    "problem.dutch_team_event": ("这是团体赛（TRF 记录 {records}）：分区编排只编排个人；"
                                 "团体赛请用团体的编排方法",
                                 "a team event (TRF records {records}): the Dutch system pairs individuals; "
                                 "pair team events with the team system"),
    "problem.baku_points": ("巴库加速法要求和棋得胜局的一半分、负局 0 分",
                            "the Baku acceleration needs a points system where a draw is half a win and a "
                            "loss nothing"),
    "pairing.rr_too_few": ("循环赛至少需要两名选手", "a round robin needs at least two players"),
    "pairing.rr_no_round": ("{players} 人的循环赛共 {rounds} 轮，没有第{round}轮",
                            "the round robin of {players} players has {rounds} rounds; round {round} "
                            "does not exist"),
    # -- issue 30 (limits, links, output files, interruption) and issue 23 item 12 (lock files) --------
    "problems.more": ("……另有 {n} 个问题未列出", "… and {n} more"),
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
    "file.open_in_libreoffice": ("{path} 正在 LibreOffice 或 WPS 中打开（旁边有它们的锁文件 "
                                 "{lock}{holder}）：请先在那里关闭。若 LibreOffice/WPS 并没有"
                                 "打开它（锁文件是程序崩溃或断电后留下的），删除 {lock} 后再试",
                                 "{path} is open in LibreOffice or WPS Office (their lock file {lock} is "
                                 "present{holder}): close it there first. If neither has it open (the lock "
                                 "file was left over by a crash or a power cut), delete {lock} and try "
                                 "again"),
    "file.hard_link": ("{path} 还有别的名字（硬链接，共 {links} 个名字：{other}）：保存时替换它"
                       "会把这些名字分开，另一个名字仍是旧版本；未写入。请复制出一个独立的文件再用",
                       "{path} has other names (a hard link, {links} names: {other}): replacing it on save "
                       "would split them, and the other name would keep the old version; nothing was "
                       "written. Make a separate copy and use that"),
    "file.hard_link_elsewhere": ("另一个在别的文件夹里", "another one in another folder"),
    "file.name_too_long": ("{path}：文件名占 {length} 字节，而编排要在它旁边写名字再长 {extra} "
                           "字节的临时文件和备份，超过了文件系统每个文件名 {limit} 字节的上限"
                           "（一个汉字占 3 字节）；未写入。请把文件名缩短到 {most} 字节以内"
                           "（约 {chars} 个汉字）",
                           "{path}: its name takes {length} bytes, and Bianpai writes a temporary file and a "
                           "backup beside it whose names are up to {extra} bytes longer, above the file "
                           "system's limit of {limit} bytes per file name (a Chinese character takes 3); "
                           "nothing was written. Shorten the name to at most {most} bytes (about {chars} "
                           "Chinese characters)"),
    "file.out_no_space": ("无法写入 {path}：磁盘空间不足；{path} 未改变，临时文件已删除",
                          "cannot write {path}: no space left on the disk; {path} is unchanged and the "
                          "temporary file was removed"),
    "file.out_folder_denied": ("无法写入 {path}：不能在文件夹 {folder} 中写入（{reason}）；"
                               "{path} 未改变",
                               "cannot write {path}: cannot write in its folder {folder} ({reason}); {path} "
                               "is unchanged"),
    "file.out_write_failed": ("无法写入 {path}（{reason}）；{path} 未改变",
                              "cannot write {path} ({reason}); {path} is unchanged"),
    "file.write_too_many_rows": ("{path}：写入后工作表“{sheet}”将有 {rows} 行，超过每表上限 "
                                 "{limit} 行（足够 {players} 名选手的比赛），之后的每个命令都会"
                                 "拒绝它；未写入任何内容",
                                 "{path}: sheet {sheet} would have {rows} rows, above the limit of {limit} "
                                 "rows per sheet (enough for an event of {players} players) that every "
                                 "command then refuses; nothing was written"),
    "file.write_too_many_columns": ("{path}：写入后工作表“{sheet}”将有 {columns} 列，超过每表"
                                    "上限 {limit} 列；未写入任何内容",
                                    "{path}: sheet {sheet} would have {columns} columns, above the limit of "
                                    "{limit} per sheet; nothing was written"),
    "file.cell_too_long": ("{path}：{cell} 的内容有 {length} 个字符，超过 Excel 每个单元格 "
                           "{limit} 个字符的上限；未写入任何内容",
                           "{path}: {cell} would hold {length} characters, above Excel's limit of {limit} "
                           "per cell; nothing was written"),
    "file.too_many_strings": ("{path} 的共享字符串表（{part}）解压后有 {mb} MB，超过上限 "
                              "{limit} MB（一万名选手的比赛约 3 MB）；未读取",
                              "the shared strings of {path} ({part}) unpack to {mb} MB, above the limit of "
                              "{limit} MB (a 10,000-player event has about 3 MB); it was not read"),
    "file.part_too_big": ("{path} 的 {part} 解压后有 {mb} MB，超过每个部件的上限 {limit} MB"
                          "（一万名选手的比赛最大的工作表约 20 MB）；未读取",
                          "{part} of {path} unpacks to {mb} MB, above the limit of {limit} MB per part (the "
                          "largest sheet of a 10,000-player event is about 20 MB); it was not read"),
    "file.other_sheets_too_big": ("{path} 中不属于编排的工作表解压后共有 {mb} MB（最大的是“{sheet}”），"
                                  "超过上限 {limit} MB：每个命令都要整个载入它们；未读取。请把它们移到"
                                  "另一个工作簿",
                                  "the sheets of {path} that are not Bianpai's unpack to {mb} MB (the "
                                  "largest is {sheet}), above the limit of {limit} MB: every command loads "
                                  "them whole; it was not read. Move them into another workbook"),
    "file.too_many_sheets": ("{path} 有 {n} 张工作表，超过上限 {limit} 张；未读取。请把不属于"
                             "比赛的工作表移到另一个工作簿",
                             "{path} has {n} sheets, above the limit of {limit}; it was not read. Move the "
                             "sheets that are not the event's into another workbook"),
    "file.too_many_cells": ("{path} 的单元格超过 {limit} 个（数到工作表“{sheet}”时），远多于"
                            "任何真实比赛的工作簿（{players} 名选手的比赛约 120 万个）；未读取",
                            "{path} holds more than {limit} cells (counting up to sheet {sheet}), far more "
                            "than any real event's workbook (about 1.2 million for {players} players); it "
                            "was not read"),
    "file.too_large_area": ("{path} 的工作表“{sheet}”用到了 {corner}（从左上角起共 {cells} 个"
                            "单元格），编排要读的工作表合计超过上限 {limit} 个单元格；未读取。"
                            "请删除远处的单元格（例如 {corner}）后再试",
                            "sheet {sheet} of {path} reaches {corner} ({cells} cells from A1), and the "
                            "sheets Bianpai reads span more than {limit} cells in all; it was not read. "
                            "Delete the far-away cells (such as {corner}) and try again"),
    "cli.interrupted": ("已中断，未写入任何内容", "interrupted; nothing was written"),
    "cli.interrupted_wrote": ("已中断；已写入：{paths}", "interrupted; written: {paths}"),
    # --- wt-team (issue 23 items 1, 10, 11; issue 30 items 1, 6) ---
    "problem.board_result_ambiguous": (
        "第 {board} 台：“{value}”既可指红方也可指先手队，而本台先手队执黑 — 请填 红胜/黑胜（按颜色）或 "
        "2:0/0:2（先手队在前）",
        "board {board}: {value!r} could mean red or the first team, and here the first team has black — "
        "type 红胜/黑胜 (by colour) or 2:0/0:2 (first team first)"),
    "problem.team_no_brackets": (
        "团体赛的编排卡没有积分段的要先行/要后行页（--brackets 只用于个人赛的定位编排）",
        "a team event's cards have no score-group page of 要先行/要后行 (--brackets is for individual "
        "定位编排 events)"),
    "job.team_cards": ("已写入 {sheet}: {n} 张编排卡（每队一张）", "{sheet} written: {n} team card(s)"),
    "team_card.colour": ("红/黑", "Colour"),
    "team_card.match_points": ("累计场分", "MP total"),
    "job.team_slips": ("已写入 {sheet}: 第{k}轮 {n} 张记分单（每场一张）",
                       "{sheet} written: {n} match slip(s) of round {k}"),
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
    # -- the 定位编排 explanation, version 2.1 (issue 27 items 1-7): sizes, extensions, comparisons --
    "xp.card.by": ("{base}{n}", "{base} by {n}"),
    "xp.card.run": ("{tail}{n}", "{n} {tail}"),
    "xp.score_of": ("（{score}分）", " ({score} pts)"),
    "xp.cr.ext.1": ("(1)引申：{red} v {black}，先手少的先走",
                    "(1) extended: {red} v {black}, the one with fewer reds moves first"),
    "xp.cr.ext.2": ("(2)引申：{red} v {black}，连后的先走",
                    "(2) extended: {red} v {black}, blacks running moves first"),
    "xp.cr.ext.3": ("(3)引申：{red} v {black}，连后多的先走",
                    "(3) extended: {red} v {black}, the longer run of blacks moves first"),
    "xp.cr.ext.4": ("(4)引申：{red} v {black}，连先少的先走",
                    "(4) extended: {red} v {black}, the shorter run of reds moves first"),
    "xp.cr.ext.5": ("(5)引申：{red} v {black}，连后的先走",
                    "(5) extended: {red} v {black}, blacks running moves first"),
    "xp.cr.ext.6": ("(6)引申：{red} v {black}，上先的先走",
                    "(6) extended: {red} v {black}, a single last red moves first"),
    "xp.cr.ext.7": ("(7)引申：{red} v {black}，上轮后走的先走",
                    "(7) extended: {red} v {black}, the one who had black last moves first"),
    "xp.cr.ext.7.none": ("(7)引申：{red} v {black}，上轮先走的后走",
                         "(7) extended: {red} v {black}, the one who had red last moves second"),
    "xp.cr.ext.9": ("(9)引申：倒数第三轮起积分不等，先照顾高分者的先后走",
                    "(9) extended: from the third-last round, different scores: the higher score's colour "
                    "comes first"),
    "xp.worse.row3.red": ("{p} 连三先", "{p} would have three reds in a row"),
    "xp.worse.row3.black": ("{p} 连三后", "{p} would have three blacks in a row"),
    "xp.worse.up3.red": ("{p} 成为多三先", "{p} would have three more reds than blacks"),
    "xp.worse.up3.black": ("{p} 成为多三后", "{p} would have three more blacks than reds"),
    "xp.worse.up2.red": ("{p} 成为多二先", "{p} would have two more reds than blacks"),
    "xp.worse.up2.black": ("{p} 成为多二后", "{p} would have two more blacks than reds"),
    "xp.worse.want.red": ("{p} 要后而先走", "{p} would have red though he wants black"),
    "xp.worse.want.black": ("{p} 要先而后走", "{p} would have black though he wants red"),
    "xp.worse.again.red": ("{p} 再走先手", "{p} would have red again"),
    "xp.worse.again.black": ("{p} 再走后手", "{p} would have black again"),
    "xp.worse.and": ("、", " and "),
    "xp.because.worse": ("否则 {what}", "otherwise {what}"),
    "xp.because.without": ("否则 {without} 无人可配，排不通",
                           "otherwise {without} would have no one to meet and the round could not be "
                           "completed"),
    "xp.because.pairs": ("否则本积分段少配一对", "otherwise the score group would make one pair fewer"),
    "xp.because.pairs.who": ("否则本积分段少配一对，{who} 下调",
                             "otherwise the score group would make one pair fewer and {who} would float "
                             "down"),
    "xp.because.nearest.who": ("否则分数较高的 {who} 下调，近分者编对",
                               "otherwise {who}, with a higher score, would float down: nearest scores "
                               "first"),
    "xp.ahead.met": ("已与 {met} 相遇", "has met {met}"),
    "xp.ahead.club": ("与同单位的 {club} 回避", "is kept apart from {club}, of the same club"),
    "xp.ahead.apart": ("与 {apart} 回避", "is kept apart from {apart}"),
    "xp.why.shifted_ahead": ("{p} 先编，{ahead}，错位取 {q}",
                             "{p} chooses first; he {ahead}, ahead in the other row, so takes {q}"),
    "xp.why.ahead": ("{p} {ahead}", "{p} {ahead}"),
    "xp.why.passed_lack": ("{passed} 在异行无可配对者，通行",
                           "{passed} passed over (no one left to meet in the other row)"),
    "xp.why.waiting": ("{waiting} 暂不配对（见上）", "{waiting} waiting (see above)"),
    "xp.why.chooses": ("{p} 先编，取 {q}", "{p} chooses and takes {q}"),
    "xp.why.same_row_skip": ("{p} 在异行已无对手，同行先取{cat}：取 {q}，不取较近的 {skipped}",
                             "{p} has no one left in the other row and takes from his own {cat} first: "
                             "{q}, not the nearer {skipped}"),
    "xp.cat.0": ("多先或少先者", "cards with more or fewer reds"),
    "xp.cat.1": ("平先连走者", "level cards with a run"),
    "xp.cat.2": ("平先上先或上后者", "level cards with one last colour"),
    "xp.cat.3": ("未走过者", "cards with no colour yet"),
    "xp.float.kept_all": ("{p} {ahead}，本段已无可配对者，下调",
                          "{p} {ahead}: no one is left he may meet; floats down"),
    "xp.bye.why.above": ("{p}（{score}分段中剩下的一人；{reasons}）",
                         "{p} (the one left over in the {score}-point group; {reasons})"),
    "xp.bye.had": ("分数更低的 {had} 已轮空过或曾不战而胜",
                   "{had}, lower, had already had a bye or a point without playing"),
    "xp.bye.blocked": ("{blocked} 轮空则本轮排不通", "a bye for {blocked} would leave the round incomplete"),
    # --- issue 24: bianpai share (images, page, QR code, print-all PDF) --------------------
    "set.share_footer": ("分享页脚", "Share footer"),
    "set.share_url": ("分享网址", "Share URL"),
    "set.share_font": ("分享字体文件", "Share font file"),
    "set.share_find_order": ("查台次排序", "Find-your-board order"),
    "set.share_top": ("分享名次人数", "Standings shown"),
    "set.share_cards": ("打印编排卡", "Print pairing cards"),
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
    "share.folder": ("{stem}_分享", "{stem}_share"),
    "share.pairing_file": ("第{k}轮对阵", "round{k}-pairing"),
    "share.find_file": ("第{k}轮查台次", "round{k}-find-your-board"),
    "share.standings_file": ("第{k}轮后名次", "standings-after-round{k}"),
    "share.final_file": ("最终名次", "final-standings"),
    "share.board_file": ("第{k}轮后台次成绩", "boards-after-round{k}"),
    "share.pdf_file": ("第{k}轮打印", "round{k}-print"),
    "share.pairing_title": ("第{k}轮 对阵", "Round {k} pairing"),
    "share.find_title": ("第{k}轮 查台次（{order}）", "Round {k}: find your board ({order})"),
    "share.by_pinyin": ("按姓名拼音", "by name"),
    "share.by_number": ("按序号", "by number"),
    "share.standings_title": ("第{k}轮后名次", "Standings after round {k}"),
    "share.final_title": ("最终名次", "Final standings"),
    "share.board_title": ("第{k}轮后台次成绩", "Board results after round {k}"),
    "share.top": ("（前{n}名）", " (top {n})"),
    "share.part": ("{i}/{n}", "{i}/{n}"),
    "share.vs": ("对", "v"),
    "share.red_win": ("红胜", "red wins"),
    "share.draw": ("和", "draw"),
    "share.black_win": ("黑胜", "black wins"),
    "share.red_forfeit": ("红胜（弃权）", "red wins (forfeit)"),
    "share.black_forfeit": ("黑胜（弃权）", "black wins (forfeit)"),
    "share.double_forfeit": ("双方弃权", "both forfeit"),
    "share.score": ("{score}分", "{score} pts"),
    "share.bye_line": ("轮空: {who}", "Bye: {who}"),
    "share.empty_seat": ("（空台）", "(empty)"),
    "share.match_board": ("{m}场{b}台", "M{m} B{b}"),
    "share.match": ("第{n}场", "Match {n}"),
    "share.board": ("第{n}台", "Board {n}"),
    "share.match_score": ("局分 {a}:{b}", "board points {a}:{b}"),
    "share.col.board": ("台号", "Board"),
    "share.col.colour": ("执", "Colour"),
    "share.col.opponent": ("对手", "Opponent"),
    "share.col.team": ("队名", "Team"),
    "share.red": ("红", "red"),
    "share.black": ("黑", "black"),
    "share.bye": ("轮空", "bye"),
    "share.page_rounds": ("各轮对阵", "Pairings"),
    "share.page_standings": ("名次", "Standings"),
    "share.page_crosstable": ("成绩表", "Crosstable"),
    "share.page_made": ("由 Bianpai 编排生成；第{k}轮后", "Made with Bianpai; after round {k}"),
    "share.qr_words": ("扫码打开本赛事网页（对阵、名次、成绩表）: {url}",
                       "Scan to open the event's page (pairings, standings, crosstable): {url}"),
    "share.no_url": ("设置表加一行“分享网址”，填网页放到网上后的地址，网页和打印的对阵表就会有二维码",
                     "add a Settings row \"Share URL\" with the page's web address: the page and the printed "
                     "pairing then carry its QR code"),
    "share.written": ("已写入 {folder}: {files}", "written to {folder}: {files}"),
    "share.lite": ("xlwings Lite 里没有系统字体，也不能写文件: 图片和打印文件（PDF）没有生成；网页已"
                   "写入“{sheet}”表"
                   "（把 A 列复制到记事本，存为 .html 文件即可）。图片和 PDF 请用电脑上的 Excel 加载"
                       "项或 bianpai share",
                   "xlwings Lite has no system fonts and cannot write files: the images and the print "
                       "file (PDF) "
                   "were not made; the page is in the sheet \"{sheet}\" (copy column A into a text "
                       "editor and save "
                   "it as .html). For the images and the PDF use the desktop add-in or bianpai share"),
    "share.lite_sheet": ("分享网页", "Share page"),
    "share.no_images": ("未画图片（{why}）: 只写了网页", "no images drawn ({why}): the page alone "
                        "was written"),
    "share.pdf_team_note": ("团体赛的打印文件含对阵表；记分单和编排卡是个人赛的", "a team event's "
                            "print file holds "
                            "the pairing; score slips and pairing cards are an individual event's"),
    "cli.share": ("分享最新一轮：对阵图片、查台次图片、名次图片、网页（含二维码）和打印文件（PDF），"
                  "写在工作簿旁的文件夹里",
                  "share the last round: pairing, find-your-board and standings images, a web page "
                      "(with a QR "
                  "code) and a print-all PDF, in a folder beside the workbook"),
    "cli.share.out": ("写到这个文件夹（默认: 工作簿旁的“工作簿名_分享”）",
                      "the folder to write to (default: WORKBOOK_share beside the workbook)"),
    "cli.share.no_images": ("不画图片和 PDF，只写网页", "write the page only: no images, no PDF"),
    # -- the add-in in real Excel (issue 26): install, doctor, OneDrive, the self-test --
    "addin.build_failed": ("生成 {addin} 失败（{error}）。只有一个按钮的加载项无需生成，请改装它：{command}",
                           "building {addin} failed ({error}). The one-button add-in needs no build; "
                           "install it instead: {command}"),
    "addin.in_use": ("Excel 正在使用 {path}，无法替换或删除。请退出 Excel（关闭所有 Excel 窗口），"
                     "再运行一次：{command}",
                     "Excel holds {path}, so it cannot be replaced or removed. Quit Excel (close every "
                     "Excel window), then run the command again: {command}"),
    "addin.onedrive": ("这个工作簿存放在 OneDrive 或 SharePoint 上，Excel 没有给出它在本机的路径，"
                       "编排无法处理它。请让 OneDrive 把它同步到本机，从本机的 OneDrive 文件夹"
                       "（文件资源管理器；macOS：访达）打开它，或用“文件 > 另存为”把它存到本机文件夹，"
                       "然后再点按钮。（{error}）",
                       "This workbook is stored on OneDrive or SharePoint and Excel gives no local path "
                       "for it, so Bianpai cannot work on it. Let OneDrive sync it to this computer and "
                       "open it from the OneDrive folder (File Explorer; macOS: Finder), or save it to a "
                       "folder on this computer (File > Save As), then click the button again. ({error})"),
    "cli.addin.lite": ("写出 xlwings Lite 的 main.py 和 requirements.txt，编排已装在 main.py 里"
                       "（不需要软件包索引）",
                       "write xlwings Lite's main.py and requirements.txt with Bianpai carried inside "
                       "main.py (no package index needed)"),
    "cli.addin.lite.out": ("写入的文件夹（默认：{out}）", "folder to write them into (default: {out})"),
    "addin.lite_written": ("在 xlwings Lite 任务窗格中：把 main.py 的全部内容粘贴到 main.py 选项卡，"
                           "把 requirements.txt 的内容粘贴到 requirements.txt 选项卡（都替换原有内容），"
                           "然后保存。文件夹：{folder}",
                           "In the xlwings Lite task pane: paste all of main.py into the main.py tab "
                           "and requirements.txt into the requirements.txt tab (replacing what is "
                           "there), then save. Folder: {folder}"),
    "selftest.title": ("编排 Bianpai 自检", "Bianpai self-test"),
    "selftest.summary": ("{passed}/{total} 项通过", "{passed} of {total} steps passed"),
    "selftest.col.step": ("步骤", "Step"),
    "selftest.col.seconds": ("秒", "Seconds"),
    "selftest.col.result": ("结果", "Result"),
    "selftest.col.calls": ("读写次数", "Reads and writes"),
    "selftest.col.problem": ("问题", "Problem"),
    "selftest.failed": ("失败", "failed"),
    "selftest.not_empty": ("自检只在新的空白工作簿中运行，不会改动赛事工作簿。"
                           "请点“自检”按钮，由它新建工作簿。",
                           "The self-test runs only in a new, empty workbook, never in an event workbook. "
                           "Click the Self-test button: it opens a new workbook itself."),
    "selftest.done": ("自检完成：{passed}/{total} 项通过。结果在本工作簿的“{sheet}”表中；请保存本工作簿，"
                      "连同结果发回。",
                      "Self-test done: {passed} of {total} steps passed. The results are on the sheet "
                      "\"{sheet}\" of this workbook; please save it and mail it back."),
    "doctor.asking_excel": ("正在询问 Excel 它的启动文件夹（XLSTART）：Excel 没有运行时，会在后台短暂启动"
                            "（不显示窗口）；macOS 可能询问是否允许“终端”控制 Microsoft Excel，请选“好”。",
                            "Asking Excel for its start-up folder (XLSTART): if Excel is not running, it is "
                            "started hidden for a moment; macOS may ask whether Terminal may control "
                            "Microsoft Excel: choose OK."),
    "doctor.xlstart_where": ("Excel 的启动文件夹通常是 — Windows：{win}；macOS：{mac}",
                             "Excel's start-up folder is usually — Windows: {win}; macOS: {mac}"),
    "doctor.macos_permission": ("macOS：如果曾拒绝“终端想要控制 Microsoft Excel”，请打开“系统设置 > "
                                "隐私与安全性 > 自动化”，在“终端”下勾选 Microsoft Excel（或运行 tccutil "
                                "reset AppleEvents），再运行一次；也可以用 --target 直接指定文件夹",
                                "macOS: if \"Terminal wants to control Microsoft Excel\" was declined, open "
                                "System Settings > Privacy & Security > Automation and tick Microsoft Excel "
                                "under Terminal (or run tccutil reset AppleEvents), then run again; or name "
                                "the folder with --target"),
    # -- registration lists (issue 29): import-players from a form's .xlsx/.xls/.csv, rosters, export --
    "reg.col.sex": ("性别", "Sex"),
    "reg.col.birth": ("出生年份", "Year of birth"),
    "reg.col.group": ("组别", "Group"),
    "reg.col.fouls": ("犯规", "Fouls"),
    "reg.mapping": ("列的对应（{where}，标题在第{line}行）：{mapping}",
                    "columns ({where}, header in line {line}): {mapping}"),
    "reg.mapped": ("{field} ← {column}列 {header}", "{field} ← column {column} {header}"),
    "reg.ignored": ("已忽略: {columns}", "ignored: {columns}"),
    "reg.two_columns": ("有两列都是{field}：{columns}；请删去一列或改掉它的标题",
                        "two columns are both {field}: {columns}; delete one or rename its header"),
    "reg.no_column": ("找不到{field}列；标题行是：{header}。认得的{field}标题：{words}"
                      "（把对应的列标题改成其中之一）",
                      "no {field} column; the header row is: {header}. Headers known for {field}: {words} "
                      "(rename that column's header to one of them)"),
    "reg.unreadable": ("不是可读的 Excel 文件（{error}）", "not a readable Excel file ({error})"),
    "reg.file_kind": ("不认得这种文件；可以读的是 {kinds}", "not a kind of file read here; read are {kinds}"),
    "reg.col.submitted": ("提交时间", "Submitted"),
    "reg.form_numbers": ("表单的序号是答卷的编号，不作选手序号", "the form's numbers count its answers and "
                         "are not taken as player numbers"),
    "reg.roster_after_round1": ("已编排 {rounds} 轮：参赛队的名单只在第1轮前导入；之后请在表中直接修改",
                                "{rounds} round(s) paired: rosters are imported before round 1 only; change "
                                "them on the sheets"),
    "reg.no_team": ("{name} 没有参赛队（队名）", "{name} has no team"),
    "reg.no_name": ("{team} 的这一行没有姓名", "this row of {team} has no name"),
    "reg.team_exists": ("参赛队 {team} 已在参赛队表上（队号 {number}）；要替换它的名单请加 --update",
                        "team {team} is already on the Teams sheet (team no. {number}); add --update to "
                        "replace its roster"),
    "reg.player_twice": ("{name} 在 {team} 中出现两次（第{line}行已有）", "{name} appears twice in {team} "
                         "(already in line {line})"),
    "reg.team_short": ("{team} 只有 {players} 名选手，每场比赛 {boards} 台",
                       "{team} has {players} player(s); a match has {boards} boards"),
    "reg.board_blank": ("{team} 的其他选手填了台次，{name} 没有填",
                        "{name} has no board order while the rest of {team} have one"),
    "reg.board_twice": ("{team} 的台次 {order} 已在第{line}行", "board order {order} of {team} is already in "
                        "line {line}"),
    "reg.board_gap": ("{team} 的台次缺 {missing}（下一个是 {order}）", "the board order of {team} misses "
                      "{missing} (the next is {order})"),
    "reg.roster_imported": ("新增 {teams} 个参赛队，替换 {replaced} 个的名单，共 {players} 名选手；"
                            "现有 {total} 个参赛队",
                            "{teams} team(s) added, {replaced} roster(s) replaced, {players} player(s); "
                            "{total} teams in all"),
    "reg.export_kind": ("只能导出为 {kinds}", "a player list is written as {kinds} only"),
    "reg.exported": ("已导出 {players} 名选手", "{players} player(s) exported"),
    "cli.export_players": ("把选手名单导出为 Excel 或 CSV 文件（列名与导入时相同）",
                           "write the player list as an Excel or CSV file (the column words import-players "
                           "reads)"),
    "cli.export_players.output": ("要写的文件：xlsx 或 CSV 文件", "file to write: .xlsx or .csv"),
    "reg.no_list_sheet": ("没有报名表：请打开报名表文件，把它的工作表移动或复制到本工作簿（右键工作表标签 → "
                          "移动或复制），再按“导入选手”",
                          "no registration list: open the list's file, move or copy its sheet into this "
                          "workbook (right-click the sheet tab → Move or Copy), then press Import players"),
    "reg.dry_run": ("试运行：未写入任何内容", "dry run: nothing was written"),
    "cli.import_players.dry_run": ("只显示列的对应和结果，不写入", "show the column mapping and the outcome, "
                                   "write nothing"),
    # -- issue 25: ranking as xiangqi events do (wt-rank) --------------------
    "set.no_shared": ("不并列名次", "No shared places"),
    "note.no_shared": ("on: 名次不并列——列出的名次区分之后，比较前一轮成绩（以此类推），"
                       "再以“名次抽签种子”抽签；"
                       "off: 仍相同者名次并列；留空: 按所选预设（cxa-2020 为 on）。现在: {now}",
                       "on: places are not shared — after the listed tie-breaks the previous rounds are "
                       "compared, then lots are drawn with the seed below; off: players still level share "
                       "the place; blank: as the chosen preset (on for cxa-2020). Now: {now}"),
    "set.lots_seed": ("名次抽签种子", "Seed of the lots for places"),
    "note.lots_seed": ("名次仍相同时抽签所用的随机种子；留空则由赛事名称和选手序号算出，名次表上印出，可重现",
                       "random seed of the lots that decide places still level; blank: one made from the "
                       "event's name and numbers, printed on the standings so the lots can be repeated"),
    "word.on": ("on（是）", "on"),
    "word.off": ("off（否）", "off"),
    "col.fouls": ("犯规", "Fouls"),
    "col.group": ("组别", "Group"),
    "col.decided": ("名次决定于", "Decided by"),
    "standings.decided_note": ("与同积分的相邻选手，由哪一项分出先后（空白: 积分已分出先后，或名次并列）",
                               "which step separated the player from a neighbour on the same points (blank: "
                               "points alone, or the place is shared)"),
    "standings.unshared": ("名次不并列：列出的名次区分仍相同时，比较前一轮成绩（以此类推），再抽签决定；"
                           "抽签的随机种子 {seed}（设置“名次抽签种子”，同一种子抽签结果相同）",
                           "Places are not shared: players still level after the listed tie-breaks are "
                           "compared by the previous rounds, then by lots drawn with seed {seed} (Settings, "
                           "seed of the lots: the same seed draws the same lots)"),
    "standings.shared": ("列出的名次区分仍相同者，名次并列",
                         "Players still level after the listed tie-breaks "
                         "share the place"),
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
    "set.playoff": ("加赛名次", "Playoff order"),
    "note.playoff": ("名次不并列时，仍相同的选手若加赛，按加赛名次先后填序号，如 17, 6；在抽签之前使用",
                     "when places are not shared and players still level played a playoff: their numbers "
                     "in the playoff's order, e.g. 17, 6; used before the lots"),
    "problem.playoff": ("加赛名次 {value!r} 应是不重复的选手序号，如 17, 6",
                        "playoff order {value!r}: player numbers, each once, e.g. 17, 6"),
    "sheet.clubs": ("单位团体", "Clubs"),
    "sheet.groups": ("分组名次", "Prize groups"),
    "set.club_totals": ("单位团体总分", "Club totals"),
    "note.club_totals": ("留空: 不计；积分 4 = 每单位成绩最好的4名选手积分之和（多者列前）；"
                         "名次 3 = 最好3名选手的名次之和（少者列前）；相同时比最好一名选手的名次；"
                         "人数不足者列于足数单位之后",
                         "blank: none; points 4 = each club's 4 best players' points (more ranks higher); "
                         "places 3 = the sum of its 3 best players' places (fewer ranks higher); level: the "
                         "best player's place; clubs short of players rank after the complete ones"),
    "set.prize_places": ("分组录取名次", "Places awarded per group"),
    "note.prize_places": ("选手表“组别”列（女子组、少年组……）各组录取几名: 如 6，或 女子组 3, 少年组 6；"
                          "分组名次表按总名次的先后排列各组",
                          "how many places each prize group (Players sheet, Group column) awards: 6, or "
                          "women 3, juniors 6; each group is ranked in the order of the overall standings"),
    "problem.club_totals": ("单位团体总分 {value!r} 不认识（例: {choices}；积分/名次 加人数）",
                            "club totals {value!r} not understood (e.g. {choices})"),
    "problem.prize_places": ("分组录取名次 {value!r} 不认识（例: 6 或 女子组 3, 少年组 6）",
                             "places per group {value!r} not understood (e.g. 6, or women 3, juniors 6)"),
    "clubs.title": ("单位团体总分", "Club totals"),
    "col.club_points": ("总分", "Points"),
    "col.place_sum": ("名次和", "Sum of places"),
    "col.counted": ("计入选手（名次）", "Players counted (place)"),
    "col.best_place": ("最好名次", "Best place"),
    "clubs.how.points": ("每单位取名次最好的{k}名选手，积分相加，多者列前；相同时比其中最好一名选手的名次；"
                         "不足{k}名选手的单位列于足数单位之后",
                         "each club's {k} best-placed players' points added, more ranks higher; level: the "
                         "best player's place; clubs with fewer than {k} players rank after the others"),
    "clubs.how.places": ("每单位取名次最好的{k}名选手，名次相加，少者列前；相同时比其中最好一名选手的名次；"
                         "不足{k}名选手的单位列于足数单位之后",
                         "each club's {k} best players' places added, fewer ranks higher; level: the best "
                         "player's place; clubs with fewer than {k} players rank after the others"),
    "groups.title": ("分组名次", "Prize groups"),
    "groups.group": ("{group}", "{group}"),
    "groups.count": ("（录取{n}名）", " ({n} places awarded)"),
    "col.group_rank": ("组内名次", "Group place"),
    "col.overall_rank": ("总名次", "Overall"),
    "col.prize": ("录取", "Prize"),
    "word.prize": ("录取", "yes"),
    "groups.how": ("各组按总名次的先后排列（同样的名次区分）；总名次并列者组内名次也并列",
                   "each group in the order of the overall standings (the same tie-breaks); players sharing "
                   "an overall place share the group place"),
    "set.auto_withdraw": ("连续弃权退赛轮数", "Forfeits in a row to withdraw"),
    "note.auto_withdraw": ("连续弃权达此轮数的选手，下一轮起不再编排（记入变更记录，撤销该轮编排即恢复）；"
                           "0 = 不自动退赛；留空: 按所选预设（cxa-2020 为 2）。现在: {now}",
                           "a player who forfeits this many rounds in a row is not paired from the next "
                           "round on (logged on the Changes sheet; undoing that round's pairing restores "
                           "him); 0 = never; blank: as the chosen preset (2 for cxa-2020). Now: {now}"),
    "problem.auto_withdraw": ("连续弃权退赛轮数 {value!r} 不是0或正整数",
                              "forfeits in a row {value!r}: not a whole number from 0"),
    "withdraw.auto": ("连续{n}轮弃权（第{rounds}轮），第{k}轮起不再编排", "{n} forfeits in a row (rounds "
                      "{rounds}): not paired from round {k} on"),
    "job.auto_withdrawn": ("；连续弃权退赛: {players}", "; withdrawn after forfeits in a row: {players}"),
    "set.black_win": ("黑胜得分", "Points for a win with black"),
    "set.black_draw": ("黑和得分", "Points for a draw with black"),
    "set.black_loss": ("黑负得分", "Points for a loss with black"),
    "set.points_scheme": ("计分方案", "Points scheme"),
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
    "problem.points_scheme": ("计分方案 {value!r} 不认识（可用: {choices}）",
                              "points scheme {value!r} is not known (choices: {choices})"),
    "trf.not_carried.colour_points": ("TRF 不能表示按先后手不同的得分（黑胜/黑和/黑负），"
                                      "文件中写的是红方得分；每名选手的总分仍按本赛计分",
                                      "a TRF cannot carry colour-dependent points (black win/draw/loss): "
                                      "the file gives red's; each player's total is still the event's"),
    "trf.not_carried.fouls": ("TRF 不能表示犯规次数和组别",
                              "a TRF cannot carry the fouls and the prize groups"),
    "tbo.WIN": ("胜局多者", "more wins"),
    "tbo.BWIN": ("后胜局多者", "more wins with black"),
    "tbo.BPG": ("后手局多者", "more games with black"),
    "tbo.FOUL": ("犯规少者", "fewer fouls"),
    "problem.fouls": ("犯规次数 {value!r} 不是0或正整数", "fouls {value!r}: not a whole number from 0"),
    "tbh.PLAYOFF": ("加赛", "Playoff"),
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
    "note.tiebreaks.new": ("新建中文工作簿默认 cxa-2020：国内象棋比赛规程普遍采用这一顺序，选手和裁判都熟悉；"
                           "已有工作簿仍按本格所写",
                           "A new Chinese workbook starts with cxa-2020, the order Chinese xiangqi event "
                           "regulations print; existing workbooks keep what this cell says"),
}


def text(key: str, lang: str, **fmt: object) -> str:
    """The label ``key`` in ``lang`` (``zh``/``en``), formatted with ``fmt``."""
    zh, en = LABELS[key]
    s = en if lang == "en" else zh
    return s.format(**fmt) if fmt else s


def both(key: str) -> tuple[str, str]:
    return LABELS[key]


_BLANKS = re.compile(r"[\s\u3000]+")
_NORMED: dict[str, str] = {}
"""Texts already normalised by :func:`norm` (labels and the few words a sheet repeats)."""


def norm(value: object) -> str:
    """A label cell as compared by the reader: stripped, case-folded, inner
    blanks and full-width spaces removed."""
    if value is None:
        return ""
    if not isinstance(value, str):
        return _BLANKS.sub("", str(value)).casefold()
    v = _NORMED.get(value)
    if v is None:
        v = _BLANKS.sub("", value).casefold()
        if len(_NORMED) < 100_000:
            _NORMED[value] = v
    return v


def lookup(value: object, keys: tuple[str, ...]) -> str | None:
    """The key among ``keys`` whose zh or en label ``value`` is, else None."""
    v = norm(value)
    if not v:
        return None
    keys = tuple(keys)  # (a list of keys works as it always did)
    found = _LOOKUPS.get(keys)
    if found is None:
        found = {}
        for k in keys:  # the first key of ``keys`` holding a label wins, as it always did
            found.setdefault(norm(LABELS[k][0]), k)
            found.setdefault(norm(LABELS[k][1]), k)
        _LOOKUPS[keys] = found
    return found.get(v)


_LOOKUPS: dict[tuple[str, ...], dict[str, str]] = {}
""":func:`lookup`'s tables: normalised label → key, for each tuple of keys asked about."""


_ROUND_NAME = re.compile(r"^(?:第\s*(\d+)\s*轮|round\s*(\d+)|r(\d+))$", re.IGNORECASE)


def round_sheet_name(k: int, lang: str) -> str:
    """``第3轮`` / ``Round 3``."""
    return f"Round {k}" if lang == "en" else f"第{k}轮"


def round_of_sheet(name: str) -> int | None:
    """The round number a sheet name stands for (either language), else None."""
    m = _ROUND_NAME.match(name.strip())
    if not m:
        return None
    return int(next(g for g in m.groups() if g))


SHEET_KEYS: tuple[str, ...] = ("sheet.settings", "sheet.players", "sheet.colours", "sheet.floats",
                               "sheet.standings", "sheet.crosstable", "sheet.apart",
                               "sheet.changes", "sheet.fixed", "sheet.cards", "sheet.slips",
                               "sheet.teams", "sheet.team_standings", "sheet.board_standings",
                               "sheet.team_crosstable", "sheet.clubs", "sheet.groups")

SOURCE_KEYS: tuple[str, ...] = ("round", "sheet.settings", "sheet.players", "sheet.teams", "sheet.apart",
                                "sheet.fixed", "sheet.changes", "sheet.cards")
"""The sheets a job reads (the sources of truth — the Teams sheet of a team event
among them — and the 编排卡 for whether it shows the next round's page); the
derived ones are rewritten from them, so the backends skip reading them
(addin/files/xlsx.py, addin/excel/xl.py)."""


def sheet_key(name: str) -> str | None:
    """``sheet.players`` for 选手 or Players …, ``round`` for a round sheet, else None."""
    if round_of_sheet(name) is not None:
        return "round"
    return lookup(name, SHEET_KEYS)
