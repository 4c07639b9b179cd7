"""bianpai share: images, the page, the QR code, the print-all PDF.

Part of the one zh/en word table, :mod:`bianpai.addin.workbook.words`."""

from __future__ import annotations

#: key -> (zh, en)
WORDS: dict[str, tuple[str, str]] = {
    # --- issue 24: bianpai share (images, page, QR code, print-all PDF) --------------------
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
}
