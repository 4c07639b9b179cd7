"""What a job says when it is done (``job.*``), and the registration lists:
import-players from a form's .xlsx/.xls/.csv, rosters, export (``reg.*``), with the
fields an import updates (``field.*``) and where a player is (``where.*``).

Part of the one zh/en word table, :mod:`bianpai.addin.workbook.words`."""

from __future__ import annotations

#: key -> (zh, en)
WORDS: dict[str, tuple[str, str]] = {
    # a job's summary
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
    "job.numbers_before_draw": (
        "表中的序号不是选手表的序号（{rows} 行中 {moved} 行的序号在选手表上是另一人，多为抽签前的序号），"
        "不按序号对应：各行按姓名和单位对应选手表上的选手，新的姓名为新增选手。",
        "The table's numbers are not the Players sheet's ({moved} of {rows} rows give the number of another "
        "player there, as numbers from before the draw do), so they are not used: each row is matched to the "
        "player of its name and club, and a new name is a new player. "),
    "job.namesakes_told_apart": ("（同名同单位者姓名后加了编号以示区别: {players}）",
                                 " (namesakes of one club told apart by a number after the name: {players})"),
    "job.players_updated_which": ("（已更新: {players}）", " (updated: {players})"),
    "job.new": ("新比赛已建立：先在“选手”表填写选手，再编排第1轮。",
                "New event: fill in the Players sheet, then pair round 1. "),
    "job.new_rr_note": ("少于10名选手时，编排规则建议采用循环制（设置→编排方法 roundrobin），由组织者决定。",
                        "With fewer than 10 players the pairing rules suggest a round robin "
                        "(Settings → pairing system roundrobin); the organiser decides."),
    "job.hand_kept": ("；保留并记录 {sheet} 的 {n} 台裁判长调整",
                      "; {n} board(s) of {sheet} changed by hand kept and recorded"),
    "job.cards": ("已写入 {sheet}: {n} 张编排卡", "{sheet} written: {n} card(s)"),
    "job.cards_no_rows": (
        "（没有下一轮要先行/要后行页：那是定位编排法的排法；本赛事的编排方法是{system}，见 {where}）",
        "(no next-round 要先行/要后行 page: that is how 定位编排 lays out the cards; this event is "
        "paired by {system}, see {where})"),
    "job.slips": ("已写入 {sheet}: 第{k}轮 {n} 张记分单", "{sheet} written: {n} slip(s) of round {k}"),
    "job.team_paired": ("已编排 {sheet}：{matches} 场", "paired {sheet}: {matches} matches"),
    "job.team_bye": ("；轮空：{team} {name}", "; bye: {team} {name}"),
    "job.team_exported": ("已导出 {teams} 队、{rounds} 轮", "exported {teams} teams, {rounds} rounds"),
    "job.team_imported": ("已导入 {teams} 队、{rounds} 轮", "imported {teams} teams, {rounds} rounds"),
    "job.team_new": ("新团体赛已建立：先填“参赛队”和“选手”表（队号、台次），再编排第1轮。",
                     "New team event: fill in the Teams and Players sheets (team, board order), then "
                     "pair round 1."),
    "job.team_cards": ("已写入 {sheet}: {n} 张编排卡（每队一张）", "{sheet} written: {n} team card(s)"),
    "job.team_slips": ("已写入 {sheet}: 第{k}轮 {n} 张记分单（每场一张）",
                       "{sheet} written: {n} match slip(s) of round {k}"),
    "job.auto_withdrawn": ("；连续弃权退赛: {players}", "; withdrawn after forfeits in a row: {players}"),
    # registration lists
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
    "reg.no_list_sheet": ("没有报名表：请打开报名表文件，把它的工作表移动或复制到本工作簿（右键工作表标签 → "
                          "移动或复制），再按“导入选手”",
                          "no registration list: open the list's file, move or copy its sheet into this "
                          "workbook (right-click the sheet tab → Move or Copy), then press Import players"),
    "reg.dry_run": ("试运行：未写入任何内容", "dry run: nothing was written"),
    # importing players: the fields a list updates, and where a player is
    "where.line": ("第{n}行", "line {n}"),
    "field.name": ("姓名", "name"),
    "field.club": ("单位", "club"),
    "field.rating": ("等级分", "rating"),
    "field.seeded": ("种子", "seed"),
    "field.joins": ("报到轮次", "late-entry round"),
    "field.status": ("状态", "status"),
    "where.existing": ("选手 {number}", "player {number}"),
}
