"""``bianpai share`` (issue 24): the phone images, the web page, the QR codes and the
print-all PDF, golden on the demo event (``bianpai demo``, zh and en, and ``--team``).

The images are read back by a test that knows their layout: each name is drawn
again, alone, where the layout puts it, and the image must hold exactly those
pixels there.  The page is parsed with the standard library's parser; the QR
codes are decoded (zxing-cpp) from the PDF's first page and from Chromium's
screenshot of the page.  Chromium (``make render-tools``) renders the page at
phone width (390 px) and desktop width; the screenshots and every image are kept
under ``build/share-look/`` for a person to look at.
"""

from __future__ import annotations

import html.parser
import math
import os
import shutil
import subprocess
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from bianpai.addin.cli import app as cli
from bianpai.addin.jobs import api as jobs
from bianpai.addin.jobs import pinyin as share_pinyin, publication as share_publication
from bianpai.addin.share import canvas as share_canvas, files as share_files, fonts as share_fonts
from bianpai.addin.share import glyphs as share_glyphs, images as share_images, job as share_job
from bianpai.addin.share import page as share_page, printout as share_printout
from bianpai.addin.files import xlsx
from bianpai.addin.workbook import words as L
from bianpai.addin.workbook import sheets as S

import workbook_helpers as H

ROOT = Path(__file__).resolve().parents[1]
LOOK = ROOT / "build" / "share-look"
"""Where the test leaves the images and the page's screenshots for a person to look at."""

URL = "https://example.org/club/demo.html"
FOOTER = "市象棋协会 · 每周六俱乐部赛"


def run_cli(*argv: str) -> int:
    return cli.main(list(argv))


def add_settings(path: Path, rows: list[tuple[str, object]]) -> None:
    """Rows typed below the Settings sheet's last row, as an organiser adds them."""
    import openpyxl

    wb = openpyxl.load_workbook(path)
    ws = wb[next(n for n in wb.sheetnames if L.sheet_key(n) == "sheet.settings")]
    for label, value in rows:
        ws.append([label, value])
    wb.save(path)


@pytest.fixture(scope="module")
def demo(tmp_path_factory) -> Path:
    """The demo event (24 players, 7 rounds, Chinese) with a footer, a URL and 打印编排卡 on."""
    d = tmp_path_factory.mktemp("share")
    path = d / "demo.xlsx"
    assert run_cli("demo", "--out", str(path)) == 0
    add_settings(path, [("分享页脚", FOOTER), ("分享网址", URL), ("打印编排卡", "on")])
    return path


@pytest.fixture(scope="module")
def shared(demo) -> Path:
    """``bianpai share demo.xlsx`` run once: its folder."""
    assert run_cli("share", str(demo)) == 0
    folder = demo.parent / "demo_分享"
    LOOK.mkdir(parents=True, exist_ok=True)
    for f in folder.iterdir():
        shutil.copy(f, LOOK / f"zh-{f.name}")
    return folder


@pytest.fixture(scope="module")
def pub(demo):
    return share_job.publication(xlsx.read_values(demo))


@pytest.fixture(scope="module")
def fonts():
    return share_fonts.find_font("", "")


def drawn_at(
    img: Image.Image,
    fonts,
    background,
    xy,
    text: str,
    size: int,
    *,
    bold=False,
    fill=share_canvas.INK,
    anchor="lm",
    width=None,
) -> bool:
    """Whether ``img`` (as saved: in its palette, :func:`share_canvas.flatten`) holds exactly
    ``text`` drawn at ``xy`` as the layout draws it: the text drawn alone on the
    background and saved the same way, and the pixels where it differs compared."""
    ref = share_canvas.Canvas(fonts, *img.size)
    ref.rect((0, 0, img.width, img.height), fill=background)
    blank = share_canvas.flatten(ref.image).convert("RGB")
    ref.text(xy, text, size, bold=bold, fill=fill, anchor=anchor, width=width)
    drawn = share_canvas.flatten(ref.image).convert("RGB")
    box = ImageChops.difference(drawn, blank).getbbox()
    assert box is not None, f"{text!r} draws nothing"
    return img.convert("RGB").crop(box).tobytes() == drawn.crop(box).tobytes()


def first_row_top(pub, fonts, title: str) -> int:
    scratch = share_canvas.Canvas(fonts, share_images.IMAGE_WIDTH, 400)
    return share_images._draw_header(scratch, pub, title, "")


# ---------------------------------------------------------------------------
# the pairing image
# ---------------------------------------------------------------------------


def test_the_pairing_is_one_phone_image_with_every_name_read_back(shared, pub, fonts):
    p, ev = pub
    img = Image.open(shared / "第7轮对阵.png").convert("RGB")
    assert img.width == 1080 and img.height <= share_images.MAX_IMAGE_HEIGHT
    assert not list(shared.glob("第7轮对阵-*.png"))  # 11 boards and a bye: one image
    t = ev.tournament
    rnd = t.rounds[-1]
    names = {pl.number: pl for pl in t.players}
    top = first_row_top(p, fonts, p.last.title)
    d = share_images.DENSITY
    side = share_images.X_MID - share_images.MID_HALF - share_images.X_RED - 6 * d
    for j, g in enumerate(rnd.games):
        y = top + j * share_images.ROW
        bg = share_canvas.LIGHT if j % 2 == 0 else share_canvas.WHITE
        red, black = names[g.red], names[g.black]
        assert drawn_at(
            img,
            fonts,
            bg,
            (share_images.X_NO, y + share_images.ROW / 2),
            str(j + 1),
            share_images.BOARD_NO,
            bold=True,
            anchor="mm",
            width=share_images.X_RED - share_images.MARGIN - 8 * d,
        )
        assert drawn_at(
            img,
            fonts,
            bg,
            (share_images.X_RED, y + share_images.ROW * 0.36),
            red.name,
            share_images.NAME,
            bold=True,
            fill=share_canvas.RED,
            width=side,
        ), (j + 1, red.name)
        assert drawn_at(
            img,
            fonts,
            bg,
            (share_images.X_BLACK, y + share_images.ROW * 0.36),
            black.name,
            share_images.NAME,
            bold=True,
            anchor="rm",
            width=side,
        ), (j + 1, black.name)
        # a wrong name is told apart (the read-back is not vacuous)
        other = names[rnd.games[(j + 1) % len(rnd.games)].red].name
        assert not drawn_at(
            img,
            fonts,
            bg,
            (share_images.X_RED, y + share_images.ROW * 0.36),
            other,
            share_images.NAME,
            bold=True,
            fill=share_canvas.RED,
            width=side,
        )
        # the result in one notation: 红胜 / 和 / 黑胜, never as typed
        words = share_publication.result_words(g.result, "zh")
        assert words in ("红胜", "和", "黑胜")
        colour = share_canvas.RED if words == "红胜" else share_canvas.INK
        assert drawn_at(
            img,
            fonts,
            bg,
            (share_images.X_MID, y + share_images.ROW / 2),
            words,
            share_images.RESULT,
            bold=True,
            fill=colour,
            anchor="mm",
            width=2 * share_images.MID_HALF,
        )
        sub = f"{red.club} · {S.plain_number(S.scores_before(t)[rnd.number - 1][g.red])}分"
        assert drawn_at(
            img,
            fonts,
            bg,
            (share_images.X_RED, y + share_images.ROW * 0.74),
            sub,
            share_images.SUB,
            fill=share_canvas.GREY,
            width=side,
        )
    bye = names[rnd.byes[0].player]
    y = top + len(rnd.games) * share_images.ROW
    assert drawn_at(
        img,
        fonts,
        share_canvas.WHITE,
        (share_images.X_RED, y + share_images.BYE_ROW / 2),
        f"轮空: {bye.name}（{bye.club}）",
        share_images.SUB + 2 * d,
        width=1080 - share_images.MARGIN - share_images.X_RED,
    )
    # title (event, 第7轮, date and venue from Settings) and the footer line
    w = share_images.IMAGE_WIDTH
    assert drawn_at(
        img,
        fonts,
        share_canvas.WHITE,
        (w / 2, share_images.MARGIN + share_images.TITLE // 2),
        t.name,
        share_images.TITLE,
        bold=True,
        anchor="mm",
        width=w - 2 * share_images.MARGIN,
    )
    assert "2026年12月5日" in p.info and "市文化宫二楼棋室" in p.info
    assert drawn_at(
        img,
        fonts,
        share_canvas.WHITE,
        (w / 2, img.height - share_images.FOOTER_H / 2),
        FOOTER,
        share_images.FOOT,
        fill=share_canvas.GREY,
        anchor="mm",
        width=w - 2 * share_images.MARGIN,
    )


def test_a_long_round_is_split_into_numbered_parts_below_the_height(tmp_path, fonts):
    """60 players: 30 boards do not fit one image under 1,920 px; each part holds the
    boards that follow the last part's, and says which part it is (1/3 …)."""
    values = H.pair(H.event(60, rounds=5, clubs=True))
    p, _ = share_job.publication(values)
    parts = [share_canvas.flatten(im) for im in share_images.pairing_images(p, fonts)]
    top = first_row_top(p, fonts, p.last.title)
    per = (
        share_images.MAX_IMAGE_HEIGHT
        - share_images._header_height(p)
        - share_images.FOOTER_H
        - share_images.MARGIN // 2
    ) // share_images.ROW
    assert len(parts) == math.ceil(30 / per) == 3
    board = 1
    for i, img in enumerate(parts, start=1):
        assert img.width == 1080 and img.height <= share_images.MAX_IMAGE_HEIGHT
        rows = (img.height - top - share_images.MARGIN // 2 - share_images.FOOTER_H) // share_images.ROW
        y = top + (rows - 1) * share_images.ROW  # the part's last board
        bg = share_canvas.LIGHT if (rows - 1) % 2 == 0 else share_canvas.WHITE
        last = board + rows - 1
        assert drawn_at(
            img.convert("RGB"),
            fonts,
            bg,
            (share_images.X_NO, y + share_images.ROW / 2),
            str(last),
            share_images.BOARD_NO,
            bold=True,
            anchor="mm",
            width=share_images.X_RED - share_images.MARGIN - 8 * share_images.DENSITY,
        )
        d = share_images.DENSITY
        title_y = share_images.MARGIN + share_images.TITLE + 14 * d + share_images.SUBTITLE // 2
        assert drawn_at(
            img.convert("RGB"),
            fonts,
            share_canvas.WHITE,
            (540, title_y),
            f"第1轮 对阵　{i}/3",
            share_images.SUBTITLE,
            bold=True,
            fill=share_canvas.RED,
            anchor="mm",
            width=1080 - 2 * share_images.MARGIN,
        )
        board = last + 1
    assert board == 31
    result = share_job.share(values, stem="ev")
    names = [n for n, _ in result.files]
    assert [n for n in names if n.startswith("第1轮对阵")] == [
        "第1轮对阵-1.png",
        "第1轮对阵-2.png",
        "第1轮对阵-3.png",
    ]


# ---------------------------------------------------------------------------
# find your board, standings
# ---------------------------------------------------------------------------


def test_find_your_board_lists_everyone_by_pinyin_with_board_and_colour(pub, shared):
    p, ev = pub
    t = ev.tournament
    rnd = t.rounds[-1]
    rows = p.find.rows
    playing = {g.red for g in rnd.games} | {g.black for g in rnd.games} | {b.player for b in rnd.byes}
    assert len(rows) == len(playing)
    where = {r[0]: r for r in rows}
    for i, g in enumerate(rnd.games, start=1):
        red, black = t.player(g.red).name, t.player(g.black).name
        assert where[red][2:] == (str(i), "红", black)
        assert where[black][2:] == (str(i), "黑", red)
    keys = [share_pinyin.pinyin_key(r[0]) for r in rows]
    assert keys == sorted(keys)
    order = [r[0] for r in rows]
    assert (
        order.index("叶明") < order.index("曾杰") < order.index("朱涛")
    )  # 曾 as a surname is zeng, not ceng
    assert order[0] == "丁超子"
    assert share_pinyin.pinyin_key("曾杰") == ("zeng", "jie")
    assert share_pinyin.pinyin_key("单雄") == ("shan", "xiong")
    imgs = sorted(shared.glob("第7轮查台次*.png"))
    assert [i.name for i in imgs] == ["第7轮查台次-1.png", "第7轮查台次-2.png"]
    assert all(Image.open(i).size[0] == 1080 and Image.open(i).size[1] <= 1920 for i in imgs)


def test_find_your_board_by_number_is_a_setting():
    values = H.pair(H.event(8, rounds=3))
    settings = H.settings_sheet(values)
    values[settings].append(["查台次排序", "序号"])
    p, _ = share_job.publication(values)
    assert [r[0] for r in p.find.rows] == [f"选手{i}" for i in range(1, 9)]
    values[settings][-1] = ["查台次排序", "按笔画"]
    with pytest.raises(jobs.InputError) as e:
        share_job.publication(values)
    assert "设置!B" in str(e.value.messages) and "拼音 或 序号" in str(e.value.messages)  # type: ignore[attr-defined]


def test_standings_name_the_tiebreaks_in_chinese_and_show_the_top_n(pub, shared, fonts):
    p, ev = pub
    st = p.standings
    assert st.title == "最终名次"
    # the demo ranks by cxa-2020 (a new Chinese workbook's preset): each tie-break by its Chinese name
    assert st.head == ("名次", "姓名", "单位", "积分", "累进分", "直胜", "胜局数", "后手局数", "犯规",
                       "前轮成绩")
    assert len(st.rows) == len(ev.tournament.players)
    img = Image.open(shared / "最终名次.png")
    assert img.size[0] == 1080 and img.size[1] <= 1920
    values = xlsx.read_values(Path(shared).parent / "demo.xlsx")
    values[H.settings_sheet(values)].append(["分享名次人数", 8])
    p8, _ = share_job.publication(values)
    assert p8.standings.title == "最终名次（前8名）" and len(p8.standings.rows) == 8
    assert [r[1] for r in p8.standings.rows] == [r[1] for r in st.rows[:8]]


def test_standings_before_the_last_round_say_after_which_round():
    values = H.pair(H.play(H.event(8, rounds=5), 2))
    p, _ = share_job.publication(values)
    assert p.standings.title == "第2轮后名次" and p.last.number == 3
    assert p.standings_file == "第2轮后名次"


# ---------------------------------------------------------------------------
# the page
# ---------------------------------------------------------------------------

VOID = {"meta", "br", "img", "input", "link", "hr", "col", "source", "wbr"}


class PageParser(html.parser.HTMLParser):
    """Checks that every element is closed in order, and collects the text of each
    section's table rows."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.errors: list[str] = []
        self.section: str | None = None
        self.rows: dict[str, list[list[str]]] = {}
        self.cell: list[str] | None = None
        self.row: list[str] | None = None
        self.links: list[str] = []
        self.svg = 0

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag in ("link", "script", "img", "iframe"):
            self.errors.append(f"external or active element <{tag}>")
        for k, v in a.items():
            if k in ("src", "href") and v and not v.startswith("#"):
                self.errors.append(f"a reference outside the page: {k}={v}")
        if tag == "a":
            self.links.append(a.get("href") or "")
        if tag == "svg":
            self.svg += 1
        if tag not in VOID:
            self.stack.append(tag)
        if tag == "section":
            self.section = a.get("id")
            self.rows[self.section or ""] = []
        elif tag == "tr":
            self.row = []
        elif tag in ("td", "th"):
            self.cell = []

    def handle_startendtag(self, tag, attrs):
        if tag not in VOID and tag not in ("path", "rect"):
            self.errors.append(f"self-closed <{tag}/>")

    def handle_endtag(self, tag):
        if not self.stack or self.stack[-1] != tag:
            self.errors.append(f"</{tag}> closes {self.stack[-1:] or 'nothing'}")
            return
        self.stack.pop()
        if tag in ("td", "th") and self.cell is not None and self.row is not None:
            self.row.append(" ".join("".join(self.cell).split()))
            self.cell = None
        elif tag == "tr" and self.row is not None and self.section:
            self.rows[self.section].append(self.row)
            self.row = None

    def handle_data(self, data):
        if self.cell is not None:
            self.cell.append(data)


def parse_page(text: str) -> PageParser:
    pp = PageParser()
    pp.feed(text)
    pp.close()
    assert pp.errors == [] and pp.stack == []
    return pp


def test_the_page_is_one_valid_file_with_every_board_of_every_round(shared, pub):
    p, ev = pub
    text = (shared / "demo.html").read_text(encoding="utf-8")
    assert text.startswith("<!DOCTYPE html>") and '<meta name="viewport"' in text
    assert "http" not in text.replace(URL, "").replace("http://www.w3.org/2000/svg", "")  # no network
    pp = parse_page(text)
    t = ev.tournament
    for rnd in t.rounds:
        rows = pp.rows[f"r{rnd.number}"][1:]  # below the head
        assert len(rows) == len(rnd.games) + len(rnd.byes)
        for i, (g, row) in enumerate(zip(rnd.games, rows, strict=False), start=1):
            red, black = t.player(g.red), t.player(g.black)
            assert row[0] == str(i)
            assert row[1].startswith(red.name) and red.club in row[1]
            assert row[2] == share_publication.result_words(g.result, "zh")
            assert row[3].startswith(black.name) and black.club in row[3]
        for b, row in zip(rnd.byes, rows[len(rnd.games) :], strict=True):
            assert t.player(b.player).name in row[1]
    assert len(pp.rows["standings"]) == 1 + len(t.players)
    assert len(pp.rows["find"]) == 1 + len(p.find.rows)
    cross = pp.rows["crosstable"]
    assert len(cross) == 1 + len(t.players) and cross[0][3 : 3 + len(t.rounds)] == [
        f"第{k}轮" for k in range(1, 8)
    ]
    assert sorted(pp.links) == sorted(f"#{s}" for s in pp.rows)
    assert pp.svg == 1 and FOOTER in text and "扫码打开本赛事网页" in text


def test_the_page_qr_code_is_the_url_as_segno_makes_it(pub):
    """The SVG's dark modules are segno's matrix of the URL (error correction M)."""
    import re

    import segno

    svg = share_page.qr_svg(URL)
    qr = segno.make(URL, error="m", micro=False)
    n = len(qr.matrix)
    m = re.search(r'viewBox="0 0 (\d+) (\d+)"', svg) or re.search(r'width="(\d+)" height="(\d+)"', svg)
    assert m and int(m.group(1)) == (n + 8) * 4
    # redraw segno's own SVG path and compare: the page carries exactly the code of the URL
    assert svg == str(segno.make(URL, error="m", micro=False).svg_inline(scale=4, border=4, omitsize=False))
    assert qr.designator.endswith("-M")


def test_the_page_in_chromium_at_phone_and_desktop_width(shared):
    """Chromium renders the page at 390 and 1280 px; the screenshots are kept for a person
    to look at, show the page (not a blank or an error page), and the QR code in the
    screenshot decodes to the URL."""
    import zxingcpp

    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    assert chromium, "Chromium is needed to look at the page: make render-tools"
    LOOK.mkdir(parents=True, exist_ok=True)
    page = (shared / "demo.html").resolve()
    for width in (390, 1280):
        shot = LOOK / f"page-{width}.png"
        shot.unlink(missing_ok=True)
        subprocess.run(
            [
                chromium,
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--hide-scrollbars",
                f"--window-size={width},2400",
                f"--screenshot={shot}",
                page.as_uri(),
            ],
            check=True,
            capture_output=True,
            timeout=120,
            env={**os.environ, "HOME": str(LOOK)},
        )
        img = Image.open(shot).convert("RGB")
        assert img.size == (width, 2400)
        # the title's red rule and dark text are there: not a blank page
        r, g, _ = img.crop((0, 0, width, 800)).split()
        red = ImageChops.multiply(
            r.point(lambda v: 255 if v > 150 else 0), g.point(lambda v: 255 if v < 60 else 0)
        )
        assert red.histogram()[255] > 100
        codes = zxingcpp.read_barcodes(img)
        assert [c.text for c in codes] == [URL]


# ---------------------------------------------------------------------------
# the print-all PDF
# ---------------------------------------------------------------------------


def test_print_pdf_holds_the_pairing_with_its_qr_code_the_slips_and_the_cards(shared, pub):
    import zxingcpp

    p, ev = pub
    pdf = shared / "第7轮打印.pdf"
    data = pdf.read_bytes()
    assert data.startswith(b"%PDF-")
    pdfinfo = shutil.which("pdfinfo")
    assert pdfinfo, "poppler (pdfinfo, pdftoppm) is needed: make render-tools"
    info = subprocess.run([pdfinfo, str(pdf)], capture_output=True, text=True, check=True).stdout
    pages = int(next(line.split()[-1] for line in info.splitlines() if line.startswith("Pages:")))
    t = ev.tournament
    slips = math.ceil(len(t.rounds[-1].games) / S.SLIPS_PER_PAGE)
    cards = len(S.render_cards(ev).print_setup.row_breaks) + 1
    assert pages == 1 + slips + cards
    assert "595.2 x 841.9" in info  # A4
    subprocess.run(
        ["pdftoppm", "-r", "100", "-png", "-f", "1", "-l", "1", str(pdf), str(LOOK / "pdf")], check=True
    )
    first = Image.open(LOOK / "pdf-1.png")
    assert [c.text for c in zxingcpp.read_barcodes(first)] == [URL]
    assert L.text("share.qr_words", "zh", url=URL).startswith("扫码打开本赛事网页")


def test_without_cards_and_without_url_the_pdf_is_the_pairing_and_the_slips(tmp_path):
    values = H.pair(H.play(H.event(8, rounds=3), 1))
    result = share_job.share(values, stem="ev")
    files = dict(result.files)
    assert "第2轮打印.pdf" in files
    assert L.text("share.no_url", "zh") in result.notes
    ev = S.read_event(values)
    fonts = share_fonts.find_font("", "")
    p, _ = share_job.publication(values)
    assert len(share_printout.round_pages(p, ev, fonts)) == 1 + 1  # 4 boards: one page of slips


# ---------------------------------------------------------------------------
# refusals: nothing written
# ---------------------------------------------------------------------------


def test_no_round_yet_is_refused_and_nothing_is_written(tmp_path, capsys):
    path = tmp_path / "ev.xlsx"
    assert run_cli("new", str(path)) == 0
    assert run_cli("share", str(path)) == 3
    assert "还没有编排任何一轮" in capsys.readouterr().err
    assert not (tmp_path / "ev_分享").exists()


def test_no_font_is_refused_saying_how_to_fix_it(demo, tmp_path, monkeypatch, capsys):
    path = tmp_path / "ev.xlsx"
    shutil.copy(demo, path)
    monkeypatch.setattr(share_fonts, "FONT_CANDIDATES", (("/nonexistent/msyh.ttc", ""),))
    assert run_cli("share", str(path)) == 3
    err = capsys.readouterr().err
    assert "找不到能画中文的字体" in err and "fonts-noto-cjk" in err and "分享字体文件" in err
    assert not (tmp_path / "ev_分享").exists()


def test_a_font_file_in_settings_is_used_and_a_missing_one_named(demo, tmp_path, capsys):
    path = tmp_path / "ev.xlsx"
    shutil.copy(demo, path)
    add_settings(path, [("分享字体文件", "/nonexistent/font.ttf")])
    assert run_cli("share", str(path)) == 3
    err = capsys.readouterr().err
    assert "/nonexistent/font.ttf" in err and "设置!B" in err
    assert not (tmp_path / "ev_分享").exists()
    fonts = share_fonts.find_font("", "")
    shutil.copy(demo, path)
    add_settings(path, [("分享字体文件", fonts.regular)])
    assert run_cli("share", str(path)) == 0


def test_a_character_the_font_lacks_is_refused_never_drawn_as_a_box(tmp_path, fonts):
    values = H.event(4, rounds=3)
    rows = values[H.players_sheet(values)]
    header = next(i for i, r in enumerate(rows) if r and L.lookup(r[0], ("col.number",)))
    odd = "\U0002a6a5"  # 𪚥, CJK Extension B: not in Noto Sans CJK
    assert share_fonts.missing_glyphs(fonts, ["王" + odd]) == [odd]
    assert share_fonts.missing_glyphs(fonts, ["王天一", "曾杰", "Li Wen"]) == []
    rows[header + 1][1] = "王" + odd
    values = H.pair(values)
    with pytest.raises(jobs.InputError) as e:
        share_job.share(values)
    words = " ".join(e.value.messages)  # type: ignore[attr-defined]
    assert odd in words and "方框" in words and "分享字体文件" in words
    assert "王" + odd in words
    # the page alone (the browser's fonts) is still possible
    assert [n for n, _ in share_job.share(values, images=False).files] == ["index.html"]


def test_files_are_written_all_or_none(tmp_path, monkeypatch):
    folder = tmp_path / "out"
    folder.mkdir()
    (folder / "a.png").write_bytes(b"old")
    calls = {"n": 0}
    real = os.fsync

    def failing(fd):
        calls["n"] += 1
        if calls["n"] == 2:
            raise OSError(28, "No space left on device")
        real(fd)

    monkeypatch.setattr(share_files.os, "fsync", failing)
    with pytest.raises(OSError):
        share_files.write_files(folder, [("a.png", b"new"), ("b.png", b"new")])
    assert sorted(p.name for p in folder.iterdir()) == ["a.png"]
    assert (folder / "a.png").read_bytes() == b"old"
    monkeypatch.setattr(share_files.os, "fsync", real)
    share_files.write_files(folder, [("a-1.png", b"1"), ("a-2.png", b"2")])
    assert sorted(p.name for p in folder.iterdir()) == ["a-1.png", "a-2.png"]  # the old single image went
    share_files.write_files(folder, [("a.png", b"x"), ("page.html", b"y")])
    assert sorted(p.name for p in folder.iterdir()) == ["a.png", "page.html"]  # and the stale parts


def test_share_settings_are_read_in_either_language_and_kept_when_a_job_rewrites_settings():
    values = H.pair(H.event(6, rounds=3))
    sheet = H.settings_sheet(values)
    values[sheet] += [
        ["Share footer", "Club"],
        ["分享网址", URL],
        ["Standings shown", "全部"],
        ["打印编排卡", "off"],
    ]
    ev = S.read_event(values)
    assert (
        ev.settings.share_footer,
        ev.settings.share_url,
        ev.settings.share_top,
        ev.settings.share_cards,
    ) == ("Club", URL, None, False)
    rendered = S.render_settings(ev).rows
    labels = [r[0] for r in rendered]
    assert "分享页脚" in labels and "分享网址" in labels and "打印编排卡" not in labels  # off is the default
    values[sheet].append(["分享名次人数", "前十"])
    with pytest.raises(jobs.InputError) as e:
        S.read_event(values)
    assert "不是人数" in " ".join(e.value.messages)  # type: ignore[attr-defined]
    fresh = jobs.new("zh")
    assert not any(
        L.lookup(r[0], tuple(k for k, _, _ in S.settings.SHARE_ROWS)) for r in fresh.sheets[0].rows
    )


# ---------------------------------------------------------------------------
# English, team events, the add-in and Lite
# ---------------------------------------------------------------------------


def test_an_english_workbook_is_shared_in_english(tmp_path):
    path = tmp_path / "en.xlsx"
    assert run_cli("demo", "--lang", "en", "--out", str(path), "--rounds", "3") == 0
    assert run_cli("share", str(path)) == 0
    folder = tmp_path / "en_share"
    names = sorted(p.name for p in folder.iterdir())
    assert "round3-pairing.png" in names and "en.html" in names and "round3-print.pdf" in names
    assert "standings-after-round3.png" not in names and "final-standings.png" in names
    text = (folder / "en.html").read_text(encoding="utf-8")
    pp = parse_page(text)
    results = {row[2] for row in pp.rows["r3"][1:] if len(row) > 2}
    assert results <= {"red wins", "draw", "black wins"} and results
    assert '<html lang="en">' in text


def test_a_team_event_shares_matches_with_their_boards_team_standings_and_board_results(tmp_path, fonts):
    path = tmp_path / "team.xlsx"
    assert run_cli("demo", "--team", "--out", str(path)) == 0
    assert run_cli("share", str(path)) == 0
    folder = tmp_path / "team_分享"
    LOOK.mkdir(parents=True, exist_ok=True)
    for f in folder.iterdir():
        shutil.copy(f, LOOK / f"team-{f.name}")
    from bianpai.addin.workbook.sheets.team.event import read_team_workbook

    wb = read_team_workbook(xlsx.read_values(path))
    ev = wb.event
    p, _ = share_job.publication(xlsx.read_values(path))
    last = ev.rounds[-1]
    lines = p.last.boards
    matches = [b for b in lines if b.kind == "match"]
    boards = [b for b in lines if b.kind == "board"]
    assert len(matches) == len(last.matches) and len(boards) == len(last.matches) * ev.boards
    assert all(b.middle in ("红胜", "和", "黑胜", "红胜（弃权）", "黑胜（弃权）", "双方弃权") for b in boards)
    parts = sorted(folder.glob("第7轮对阵*.png"))
    assert len(parts) >= 2
    for part in parts:
        img = Image.open(part)
        assert img.width == 1080 and img.height <= 1920
    text = (folder / "team.html").read_text(encoding="utf-8")
    pp = parse_page(text)
    rows = pp.rows[f"r{last.number}"][1:]
    assert len(rows) == len(lines)
    names = {m.number: m.name for tm in ev.teams for m in tm.roster}
    for m in last.matches:
        for bg in m.boards:
            for player in (bg.first, bg.second):
                if player is not None:
                    assert any(names[player] in " ".join(r) for r in rows)
    # every board keeps the match line's left team on the left; the colours alternate with the board
    from bianpai.engine.model import Colour
    from bianpai.engine.teams.points import first_team_colour, red_team

    team_of = {m.number: tm.name for tm in ev.teams for m in tm.roster}
    at = 0
    for m in last.matches:
        line = lines[at]
        left_team = next(t for t in ev.teams if t.number == red_team(m, ev.settings.colours))
        assert line.kind == "match" and line.red == left_team.name
        for bg, b in zip(m.boards, lines[at + 1 : at + 1 + len(m.boards)], strict=True):
            left = bg.first if left_team.number == m.first else bg.second
            assert left is None or team_of[left] == left_team.name
            assert b.red == (names[left] if left is not None else "（空台）")
            first_red = first_team_colour(bg.board, ev.settings.colours) is Colour.RED
            assert b.left_red == (first_red == (left_team.number == m.first))
        at += 1 + len(m.boards)
    for row in p.find.rows:  # each player's own team beside his name
        assert team_of[next(n for n, name in names.items() if name == row[0])] == row[1] or any(
            team_of[n] == row[1] for n, name in names.items() if name == row[0]
        )
    assert {b.left_red for b in boards} == {True, False}
    assert p.find.rows[0][2].endswith("台") and "场" in p.find.rows[0][2]  # 2场4台: the match, then the board
    assert p.standings.head[:2] == ("名次", "队名")
    assert len(p.standings.rows) == len(ev.teams)
    assert p.extra and p.extra[0].rows[0] == ("第1台",)
    assert sorted(folder.glob("第7轮后台次成绩*.png"))
    assert len(pp.rows["crosstable"]) == 1 + len(ev.teams)


def test_the_add_in_writes_the_files_beside_the_workbook_and_lite_puts_the_page_in_a_sheet(
    demo, tmp_path, monkeypatch
):
    import openpyxl
    import xlwings as xw

    import remote
    from bianpai.addin.excel import xl

    monkeypatch.setenv("XLWINGS_LICENSE_KEY", "noncommercial")
    remote.ensure_remote_engine()

    class DesktopApp:  # the remote book's app, seen as desktop Excel
        class engine:  # noqa: N801 - mimics xlwings' App.engine
            name = "excel"

        def __init__(self, app) -> None:
            self._app, self.status_bar = app, False

        def alert(self, *args, **kwargs):
            return self._app.alert(*args, **kwargs)

    class Desktop:  # an xlwings Book on desktop Excel, as far as the add-in uses it
        def __init__(self, book, fullname: str) -> None:
            self._book, self.fullname, self.app = book, fullname, DesktopApp(book.app)

        @property
        def sheets(self):
            return self._book.sheets

        def json(self):
            return self._book.json()

    wb = openpyxl.load_workbook(demo)
    target = tmp_path / "club.xlsx"
    book = Desktop(xw.Book(json=remote.payload_from_workbook(wb)), str(target))
    outcome = xl.ENTRY_FUNCTIONS["share"](book)
    assert outcome.ok and str(tmp_path / "club_分享") in outcome.message
    assert sorted(p.name for p in (tmp_path / "club_分享").iterdir()) == sorted(
        n for n, _ in share_job.share(xlsx.read_values(demo), stem="club").files
    )
    assert book.json()["actions"] == []  # nothing written into the workbook
    # desktop Excel, a workbook never saved: refused, nothing written
    unsaved = Desktop(xw.Book(json=remote.payload_from_workbook(wb)), "Book1")
    outcome = xl.ENTRY_FUNCTIONS["share"](unsaved)
    assert not outcome.ok and "请先保存工作簿" in outcome.problems[0]
    assert [a["func"] for a in unsaved.json()["actions"]] == ["alert"]
    # xlwings Lite (Office.js): no folder, no fonts — the page in the sheet 分享网页
    lite = xw.Book(json=remote.payload_from_workbook(wb))
    outcome = xl.ENTRY_FUNCTIONS["share"](lite)
    replay = remote.apply_actions(wb, lite.json()["actions"])
    assert replay.alerts == [] and outcome.ok
    assert "xlwings Lite 里没有系统字体" in outcome.message and "分享网页" in outcome.message
    lines = [r[0].value for r in wb["分享网页"].iter_rows()]
    page = "\n".join((v or "")[1:] if (v or "").startswith(" @") else (v or "") for v in lines)
    assert lines[0] == "<!DOCTYPE html>"
    parse_page(page)
    assert not any(str(v).startswith(("=", "+", "-", "@")) for v in lines if v)


def test_the_page_alone_into_a_folder_of_ones_choice(demo, tmp_path):
    out = tmp_path / "web"
    assert run_cli("share", str(demo), "--no-images", "--out", str(out)) == 0
    assert sorted(p.name for p in out.iterdir()) == ["demo.html"]
    files = dict(share_job.share(xlsx.read_values(demo), stem="demo").files)
    assert (out / "demo.html").read_bytes() == files["demo.html"]


def test_the_same_workbook_gives_the_same_bytes(demo):
    values = xlsx.read_values(demo)
    assert share_job.share(values, stem="demo").files == share_job.share(values, stem="demo").files


def test_a_workbook_open_in_excel_or_read_only_is_shared_all_the_same(demo, tmp_path):
    """share reads the workbook and never writes it: Excel's lock file beside it, or a
    read-only file, stop the commands that write, not this one."""
    path = tmp_path / "ev.xlsx"
    shutil.copy(demo, path)
    (tmp_path / "~$ev.xlsx").write_bytes(b"\0" * 165)
    path.chmod(0o444)
    try:
        assert run_cli("share", str(path), "--no-images") == 0
    finally:
        path.chmod(0o644)
    assert (tmp_path / "ev_分享" / "ev.html").is_file()


KERNING_FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
"""A Latin font that kerns (A V, T o) and whose advances are not whole pixels
(fonts-dejavu-core, which LibreOffice of ``make render-tools`` brings)."""


@pytest.mark.parametrize("which", ["cjk", "cjk without a bold face", "kerning latin"])
def test_a_text_is_drawn_with_the_pixels_pillow_draws_it_with(fonts, which):
    """The images paste each text's mask, put together from its characters' masks
    where that gives the same pixels (:func:`share_glyphs._glyphs_mask`): every text,
    size, weight and anchor here comes out exactly as ``ImageDraw.text`` draws it
    at the same whole-pixel point — including overlapping Latin letters, a kerned
    pair, a stroked fake bold and an anchor at the text's own top."""
    from PIL import ImageDraw

    if which == "cjk without a bold face":
        fonts = share_fonts.FontFiles(fonts.regular, fonts.regular_index, "", 0)
    elif which == "kerning latin":
        fonts = share_fonts.FontFiles(KERNING_FONT, 0, "", 0)
    texts = ["张三丰", "第1台 1½-½", "Wolfgang Jäger", "AVATAR To", "fjord ff", "(12) 红胜", "黑", " a ", "1"]
    for size in (28, 33, 42):
        for bold in (False, True):
            for anchor in ("lm", "mm", "rm", "md", "ls", "la", "lt"):
                canvas = share_canvas.Canvas(fonts, 900, 120)
                ref = Image.new("RGB", (900, 120), share_canvas.WHITE)
                draw = ImageDraw.Draw(ref)
                for i, s in enumerate(texts):
                    xy = (30 + 97 * i, 60)
                    canvas.text(xy, s, size, bold=bold, fill=share_canvas.RED, anchor=anchor)
                    font = fonts.font(size, bold)
                    stroke = max(1, size // 28) if bold and fonts.fake_bold else 0
                    draw.text(
                        xy, s, font=font, fill=share_canvas.RED, anchor=anchor,
                        stroke_width=stroke, stroke_fill=share_canvas.RED,
                    )
                assert canvas.image.tobytes() == ref.tobytes(), (which, size, bold, anchor)
            for s in texts:  # a text's width, from its characters' where the font does not kern
                assert share_glyphs.text_width(fonts, s, size, bold) == fonts.font(size, bold).getlength(s), s
