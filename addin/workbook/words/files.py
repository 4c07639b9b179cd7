"""Workbook files: locks, saves, links, limits and hostile files (addin/files/:
xlsx, lock, safezip, errors).

Part of the one zh/en word table, :mod:`bianpai.addin.workbook.words`."""

from __future__ import annotations

#: key -> (zh, en)
WORDS: dict[str, tuple[str, str]] = {
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
    # -- the workbook through a real event (issue 13): finished rounds, imports, printing ------
    "file.formulas_to_values": (
        "这些单元格中的公式已换成它显示的值（程序保存时不保留来源表中的公式）: {cells}",
        "the formulas in these cells were replaced by the values they showed (formulas in the source sheets "
        "are not kept when the workbook is saved): {cells}"),
    # -- issue 30 (limits, links, output files, interruption) and issue 23 item 12 (lock files) --------
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
}
