"""The one self-contained web page of ``bianpai share`` (issue 24): every
round's pairing, the find-your-board list of the last round, the standings
(and a team event's 台次成绩) and the crosstable, with the QR code of the
Settings' URL.

Decision: the standard library writes it (``html.escape``, no template
engine: one page of a fixed shape does not earn Jinja2 its place).  No external
file and no network: the CSS is inline, the fonts are the system's
(:data:`FONT_STACK`), the QR code an inline SVG (segno).  Readable on a phone
(the tables scroll sideways inside their box, the pairing stacks red over
black below 560 px) and printable (the navigation is not printed, each
section starts a page).
"""

from __future__ import annotations

from html import escape

import segno

from ..workbook import words as L
from ..jobs.publication import Board, Publication, Table

FONT_STACK = (
    '-apple-system, BlinkMacSystemFont, "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", '
    '"Noto Sans CJK SC", "Source Han Sans SC", "WenQuanYi Micro Hei", sans-serif'
)

CSS = """
*{box-sizing:border-box}
body{margin:0;font-family:%(fonts)s;color:#111;background:#fff;font-size:16px;line-height:1.45}
header,main,footer{max-width:980px;margin:0 auto;padding:0 12px}
header{padding-top:16px}
h1{font-size:1.5em;margin:.2em 0}
h2{font-size:1.25em;margin:1.2em 0 .4em;border-bottom:2px solid #c00000;padding-bottom:.15em}
h3{font-size:1.05em;margin:1em 0 .3em;color:#333}
.info{color:#555;margin:.2em 0}
nav{display:flex;flex-wrap:wrap;gap:6px;margin:.6em 0}
nav a{display:inline-block;padding:4px 10px;border:1px solid #bbb;border-radius:14px;color:#111;
 text-decoration:none}
.scroll{overflow-x:auto;-webkit-overflow-scrolling:touch}
table{border-collapse:collapse;width:100%%;margin:.2em 0 1em}
th,td{border:1px solid #ccc;padding:4px 6px;text-align:center;white-space:nowrap}
th{background:#e8e8e8}
td.l{text-align:left}
td.name{font-weight:bold}
tr:nth-child(even) td{background:#f7f7f7}
tr.sub td{background:#e8eef7;font-weight:bold;text-align:left}
table.pairing td{white-space:normal}
table.pairing .left{font-weight:bold;text-align:right}
table.pairing .right{font-weight:bold;text-align:left}
table.pairing .red{color:#c00000}
table.pairing .no{font-weight:bold;font-size:1.2em;width:3em;white-space:nowrap}
table.pairing .res{width:5.5em;font-weight:bold}
table.pairing small{display:block;color:#666;font-weight:normal}
table.pairing tr.match td{background:#e8eef7;font-weight:bold}
table.pairing tr.bye td{text-align:left;color:#333}
.qr{display:flex;align-items:center;gap:12px;margin:.8em 0}
.qr svg{width:132px;height:132px;flex:none}
.qr p{overflow-wrap:anywhere;margin:0}
footer{color:#666;font-size:.9em;padding:16px 12px 24px}
@media (max-width:560px){
 body{font-size:15px}
 table.pairing td{padding:4px 3px}
 table.pairing .no{width:2.2em}
 table.pairing .res{width:3.6em}
}
@media print{
 nav,.noprint{display:none}
 section{break-before:page}
 section:first-of-type{break-before:auto}
 .scroll{overflow:visible}
 th,td{font-size:10pt}
}
""" % {"fonts": FONT_STACK}


def _t(s: str) -> str:
    return escape(s, quote=True)


def _pairing_table(boards: tuple[Board, ...], lang: str) -> str:
    # a team match's colours alternate with the board: its columns are the two teams (names in their colour)
    team = any(b.kind == "match" for b in boards)
    red, black = ("", "") if team else (L.text("share.red", lang), L.text("share.black", lang))
    head = (
        f"<tr><th>{_t(L.text('share.col.board', lang))}</th><th>{_t(red)}</th>"
        f"<th></th><th>{_t(black)}</th></tr>"
    )
    rows = [head]
    for b in boards:
        if b.kind == "bye":
            rows.append(
                f'<tr class="bye"><td class="no">{_t(b.label)}</td><td colspan="3">{_t(b.red)}</td></tr>'
            )
            continue
        cls = ' class="match"' if b.kind == "match" else ""
        red_sub = f"<small>{_t(b.red_sub)}</small>" if b.red_sub else ""
        black_sub = f"<small>{_t(b.black_sub)}</small>" if b.black_sub else ""
        left, right = ("red", "black") if b.left_red else ("black", "red")
        rows.append(
            f'<tr{cls}><td class="no">{_t(b.label)}</td><td class="{left} left">{_t(b.red)}{red_sub}</td>'
            f'<td class="res">{_t(b.middle)}</td><td class="{right} right">{_t(b.black)}{black_sub}</td></tr>'
        )
    return '<table class="pairing">' + "\n".join(rows) + "</table>"


def _table(t: Table, heading: bool = True) -> str:
    n = len(t.head)
    rows = ["<tr>" + "".join(f"<th>{_t(h)}</th>" for h in t.head) + "</tr>"]
    for r in t.rows:
        if len(r) == 1 and n > 1:
            rows.append(f'<tr class="sub"><td colspan="{n}">{_t(r[0])}</td></tr>')
            continue
        cells = []
        for i, v in enumerate(r):
            cls = " ".join(
                c
                for c in (
                    "l" if i < len(t.align) and t.align[i] == "l" else "",
                    "name" if i in t.names else "",
                )
                if c
            )
            cells.append(f'<td class="{cls}">{_t(v)}</td>' if cls else f"<td>{_t(v)}</td>")
        rows.append("<tr>" + "".join(cells) + "</tr>")
    title = f"<h3>{_t(t.title)}</h3>\n" if heading else ""
    return title + '<div class="scroll"><table>' + "\n".join(rows) + "</table></div>"


def qr_svg(url: str) -> str:
    """The QR code of ``url`` as inline SVG (segno, error correction M)."""
    return str(segno.make(url, error="m", micro=False).svg_inline(scale=4, border=4, omitsize=False))


def page_html(pub: Publication) -> str:
    """The page: title, date and venue, the links to its sections, the QR code,
    the last round's pairing and find-your-board list, the standings, every
    earlier round (latest first), the crosstable and the footer line."""
    lang = pub.lang
    k = pub.last.number
    ids = [("r%d" % k, pub.last.title), ("find", pub.find.title), ("standings", pub.standings.title)]
    ids += [("r%d" % r.number, r.title) for r in reversed(pub.rounds[:-1])]
    ids.append(("crosstable", L.text("share.page_crosstable", lang)))
    nav = "".join(f'<a href="#{i}">{_t(title)}</a>' for i, title in ids)
    parts = [
        "<!DOCTYPE html>",
        f'<html lang="{"zh-CN" if lang == "zh" else "en"}">',
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{_t(pub.event)} — {_t(pub.last.title)}</title>",
        f"<style>{CSS}</style>",
        "</head>",
        "<body>",
        "<header>",
        f"<h1>{_t(pub.event)}</h1>",
    ]
    if pub.info:
        parts.append(f'<p class="info">{_t(pub.info)}</p>')
    parts.append(f"<nav>{nav}</nav>")
    if pub.url:
        parts.append(
            f'<div class="qr">{qr_svg(pub.url)}<p>{_t(L.text("share.qr_words", lang, url=pub.url))}</p></div>'
        )
    parts.append("</header>")
    parts.append("<main>")
    parts.append(
        f'<section id="r{k}"><h2>{_t(pub.last.title)}</h2>\n{_pairing_table(pub.last.boards, lang)}</section>'
    )
    parts.append(
        f'<section id="find"><h2>{_t(pub.find.title)}</h2>\n{_table(pub.find, heading=False)}</section>'
    )
    parts.append(
        f'<section id="standings"><h2>{_t(pub.standings.title)}</h2>\n{_table(pub.standings, heading=False)}'
    )
    for t in pub.extra:
        parts.append(_table(t))
    parts.append("</section>")
    for r in reversed(pub.rounds[:-1]):
        parts.append(
            f'<section id="r{r.number}"><h2>{_t(r.title)}</h2>\n{_pairing_table(r.boards, lang)}</section>'
        )
    parts.append(
        f'<section id="crosstable"><h2>{_t(L.text("share.page_crosstable", lang))}</h2>\n'
        f"{_table(pub.crosstable, heading=False)}</section>"
    )
    parts.append("</main>")
    foot = [pub.footer] if pub.footer else []
    foot.append(L.text("share.page_made", lang, k=k))
    parts.append("<footer>" + "<br>".join(_t(f) for f in foot) + "</footer>")
    parts.append("</body>")
    parts.append("</html>")
    return "\n".join(parts) + "\n"
