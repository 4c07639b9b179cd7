"""The command line: each command's help, its messages, and argparse's own
messages in the table's words.

Part of the one zh/en word table, :mod:`bianpai.addin.workbook.words`."""

from __future__ import annotations

#: key -> (zh, en)
WORDS: dict[str, tuple[str, str]] = {
    # -- the workbook through a real event (issue 13): finished rounds, imports, printing ------
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
    "cli.trf_standings.unplayed": ("未赛局如何计算：fide（国际棋联的名次区分规则） 或 xiangqi"
                                   "（轮空按最低分计）； 默认：预设的规定， 否则 fide",
                                   "how unplayed games count: fide (FIDE's tie-break rules) or xiangqi "
                                   "(a bye counts as the lowest score); default: the preset's, else fide"),
    "cli.trf_standings.no_shared": ("不并列名次：on（比较前几轮， 再抽签） 或 off； 默认：预设的规定"
                                    "（cxa-2020 不并列）， 否则 off",
                                    "places not shared: on (the previous rounds compared, then lots) or "
                                    "off; default: the preset's (cxa-2020: not shared), else off"),
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
    # -- issue 30 (limits, links, output files, interruption) and issue 23 item 12 (lock files) --------
    "cli.interrupted": ("已中断，未写入任何内容", "interrupted; nothing was written"),
    "cli.interrupted_wrote": ("已中断；已写入：{paths}", "interrupted; written: {paths}"),
    # --- issue 24: bianpai share (images, page, QR code, print-all PDF) --------------------
    "cli.share": ("分享最新一轮：对阵图片、查台次图片、名次图片、网页（含二维码）和打印文件（PDF），"
                  "写在工作簿旁的文件夹里",
                  "share the last round: pairing, find-your-board and standings images, a web page "
                      "(with a QR "
                  "code) and a print-all PDF, in a folder beside the workbook"),
    "cli.share.out": ("写到这个文件夹（默认: 工作簿旁的“工作簿名_分享”）",
                      "the folder to write to (default: WORKBOOK_share beside the workbook)"),
    "cli.share.no_images": ("不画图片和 PDF，只写网页", "write the page only: no images, no PDF"),
    # -- the add-in in real Excel (issue 26): install, doctor, OneDrive, the self-test --
    "cli.addin.lite": ("写出 xlwings Lite 的 main.py 和 requirements.txt，编排已装在 main.py 里"
                       "（不需要软件包索引）",
                       "write xlwings Lite's main.py and requirements.txt with Bianpai carried inside "
                       "main.py (no package index needed)"),
    "cli.addin.lite.out": ("写入的文件夹（默认：{out}）", "folder to write them into (default: {out})"),
    # -- registration lists (issue 29): import-players from a form's .xlsx/.xls/.csv, rosters, export --
    "cli.export_players": ("把选手名单导出为 Excel 或 CSV 文件（列名与导入时相同）",
                           "write the player list as an Excel or CSV file (the column words import-players "
                           "reads)"),
    "cli.export_players.output": ("要写的文件：xlsx 或 CSV 文件", "file to write: .xlsx or .csv"),
    "cli.import_players.dry_run": ("只显示列的对应和结果，不写入", "show the column mapping and the outcome, "
                                   "write nothing"),
}
