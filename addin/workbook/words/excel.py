"""The Excel add-in: the VBA pre-check's messages (``addin.vba.*``, built into the
.xlam by addin/excel/build.py), install and ``bianpai addin doctor``, and the
self-test.

Part of the one zh/en word table, :mod:`bianpai.addin.workbook.words`."""

from __future__ import annotations

#: key -> (zh, en)
WORDS: dict[str, tuple[str, str]] = {
    # the add-in: the VBA pre-check and install
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
    "addin.lite_written": ("在 xlwings Lite 任务窗格中：把 main.py 的全部内容粘贴到 main.py 选项卡，"
                           "把 requirements.txt 的内容粘贴到 requirements.txt 选项卡（都替换原有内容），"
                           "然后保存。文件夹：{folder}",
                           "In the xlwings Lite task pane: paste all of main.py into the main.py tab "
                           "and requirements.txt into the requirements.txt tab (replacing what is "
                           "there), then save. Folder: {folder}"),
    # bianpai addin doctor
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
    # the self-test
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
}
