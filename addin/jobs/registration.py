"""Registration lists as organisers receive them (issue 29): the ``.xlsx`` /
``.xls`` a form (问卷星, WPS 表单, 腾讯文档) exports, or a CSV — read with pandas,
their columns found by header words, their cells normalised.

Three steps, each its own function:

* :func:`read_file` — the file's cells as a :class:`Table` (pandas: ``read_excel``
  with the calamine engine, ``read_csv``); the only place pandas is imported.
* :func:`map_columns` — which column holds what, by the header words of
  :data:`HEADER_WORDS`; shown to the organiser (:meth:`Mapping.describe`)
  before anything is written.  A required column it cannot find is refused
  naming the words it knows.
* :meth:`Mapping.records` — the data rows, each cell normalised (:func:`clean`),
  blank rows dropped, each with the place (line or cell) problems name.

What is done with the rows is the job's (:func:`bianpai.addin.jobs.api.import_players`:
the one player-adding rule) — this module decides nothing about players.
Plain Python but :func:`read_file`, so the add-in and xlwings Lite map a sheet's
values with the same table.
"""

from __future__ import annotations

import csv
import io
import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator, Sequence

from bianpai.engine.checker import MIDDLE_DOTS  # the one list, the duplicate rule's
from bianpai.engine.problems import InputError, Problem, problem

from ..workbook import words as L
from ..workbook.sheets.cells import column_letter

FILE_MAX_BYTES = 16 << 20
"""Decision (issue 30 item 3): the largest registration file read, 16 MB (10,000
players take about 1 MB in a CSV): nothing larger is held."""

CSV_DELIMITERS = ",;\t|"
"""The separators a CSV may use (a spreadsheet's "CSV" in some locales is ``;``)."""

CSV_ENCODINGS: tuple[str, ...] = ("utf-8-sig", "gb18030")
"""The encodings a CSV is read in, the first that decodes it: UTF-8 (with or
without BOM), else GB18030 (what Excel and WPS save as "CSV" on a Chinese
system; GBK and GB2312 are its subsets)."""

EXCEL_SUFFIXES: tuple[str, ...] = (".xlsx", ".xlsm", ".xls")
TEXT_SUFFIXES: tuple[str, ...] = (".csv", ".txt", ".tsv")

HEADER_SEARCH_ROWS = 10
"""Decision: the header row is the first of the file's first 10 rows holding a
name column (a list may open with a title row: 2026年象棋公开赛报名表)."""

# ---------------------------------------------------------------------------
# the one table of header words
# ---------------------------------------------------------------------------

HEADER_WORDS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("col.number", ("序号", "编号", "no", "number")),
    ("col.name", ("姓名", "名字", "选手姓名", "棋手姓名", "运动员姓名", "参赛者姓名", "参赛选手", "选手",
                  "队员", "队员姓名", "name", "player", "playername", "fullname")),
    ("col.club", ("单位", "俱乐部", "所在俱乐部", "所在单位", "代表单位", "参赛单位", "所属单位",
                  "所属俱乐部", "学校", "club", "unit", "organisation", "organization")),
    ("col.team_name", ("队名", "参赛队", "队伍", "队伍名称", "参赛队伍", "代表队", "球队", "team",
                       "teamname")),
    ("col.board_order", ("台次", "台号", "台序", "board", "boardorder")),
    ("col.reserve", ("替补", "reserve")),
    ("col.captain", ("队长", "领队", "captain")),
    ("col.rating", ("等级分", "棋协等级分", "rating", "elo")),
    ("col.seed", ("种子", "种子选手", "seed")),
    ("col.status", ("状态", "status")),
    ("col.joins", ("报到轮次", "joins", "late")),
    ("reg.col.submitted", ("提交时间", "提交答卷时间", "答卷时间", "填写时间", "填表时间", "答题时间",
                           "提交者", "填写人", "submitted", "submittime", "timestamp")),
    ("reg.col.sex", ("性别", "sex", "gender")),
    ("reg.col.birth", ("出生年份", "出生年", "出生年月", "出生日期", "生日", "birthyear", "yearofbirth",
                       "born", "dateofbirth", "birthdate")),
    # prize group and fouls (issue 25): the 选手 sheet's own columns
    ("col.group", ("组别", "参赛组别", "分组", "group", "category", "section")),
    ("col.fouls", ("犯规", "犯规次数", "fouls")),
)
"""The one table of the usual Chinese and English header words, field key →
words (compared by :func:`header_word`: case, blanks, full-width forms, a
numbering ``1、`` and a ``（必填）``/``*`` mark aside).  The words of the
workbook's own sheets (``L.LABELS`` of each key, both languages) are known too,
so an exported list (``export-players``) reads back."""

CARRIED_FIELDS: tuple[str, ...] = ("reg.col.sex", "reg.col.birth")
"""Decision: the fields read from a registration list that the 选手 sheet has
no column of its own for are carried onto it as the organiser's own columns
(after ours, under these words in the workbook's language), matched by player
number as every organiser column is (:func:`bianpai.addin.workbook.sheets.carry_extra_columns`).
组别 and 犯规 (issue 25) are the sheet's own columns (``col.group``, ``col.fouls``)."""

INDIVIDUAL_FIELDS: tuple[str, ...] = ("col.number", "col.name", "col.club", "col.rating", "col.seed",
                                      "col.status", "col.joins", "col.fouls", "col.group", *CARRIED_FIELDS)
"""The fields an individual event reads (a team column stands for the club when there is no club column)."""

TEAM_FIELDS: tuple[str, ...] = ("col.team_name", "col.name", "col.board_order", "col.reserve", "col.rating",
                                "col.club", "col.captain")
"""The fields a team roster reads."""

FORM_NUMBERS_IGNORED = True
"""Decision: a list with a submission-time column (提交时间, 提交答卷时间 …) is a
form's export, whose 序号 numbers the answers (问卷星 puts it first): it is not
read as the players' numbers, which would replace the players holding those
numbers; the players get the next free numbers, in the list's order."""

NO_VALUE_WORDS = frozenset({"无", "暂无", "没有", "未定级", "-", "—", "--", "/", "n/a", "na", "none"})
"""Decision: a number cell (等级分, 序号 …) holding one of these means blank
(a form's answer for "no rating"); any other text is refused by the reader at its cell."""

NUMBER_FIELDS = frozenset({"col.number", "col.rating", "col.joins", "col.board_order", "col.fouls",
                           "reg.col.birth"})

_DECORATION = re.compile(
    r"^(?:q?\d{1,3}\s*[、.．:：)）]|[（(]\d{1,3}[)）])\s*"  # a form's numbering: 1、 Q3. (2)
    r"|[（(](?:必填|选填|必选|可选|required|optional)[)）]|[*＊]"  # required marks
    r"|^(?:您的|你的|请填写|请输入|请填|请选择)"  # a question's politeness
    r"|[:：。?？]$",
    re.IGNORECASE)


def header_word(value: object) -> str:
    """A header cell as compared with the table: width-normalised (NFKC),
    stripped of a form's numbering, required mark and politeness, of blanks,
    ``_``/``-``/``.``, case-folded."""
    if value is None:
        return ""
    s = unicodedata.normalize("NFKC", str(value)).strip()
    for _ in range(3):  # numbering, then politeness, then a mark: each may uncover the next
        s = _DECORATION.sub("", s).strip()
    return re.sub(r"[\s_\-.]+", "", s).casefold()


def _words_of(key: str) -> tuple[str, ...]:
    own = tuple(L.LABELS[key]) if key in L.LABELS else ()
    return tuple(dict.fromkeys(header_word(w) for w in (*dict(HEADER_WORDS)[key], *own)))


_KNOWN: dict[str, str] = {w: key for key, _ in HEADER_WORDS for w in _words_of(key) if w}


def field_of(header: object) -> str | None:
    """The field key a header names, or None."""
    return _KNOWN.get(header_word(header))


# ---------------------------------------------------------------------------
# normalising cells
# ---------------------------------------------------------------------------

_FULL_WIDTH = {**{0xFF10 + i: 0x30 + i for i in range(10)}, **{0xFF21 + i: 0x41 + i for i in range(26)},
               **{0xFF41 + i: 0x61 + i for i in range(26)}}
"""Full-width digits and Latin letters → half-width (Chinese punctuation （），： stays)."""
_CJK = r"[\u3400-\u9fff\uf900-\ufaff]"


def clean(value: object, key: str) -> object:
    """A registration cell as the job reads it: None for a blank; text
    stripped, full-width spaces, digits and letters made half-width, blank runs made one
    blank and dropped between two Chinese characters (王　伟 — a name padded to
    three characters — is 王伟); in a name every middle-dot form (・ • ‧) is the
    one ``·`` (买买提·艾力); a number cell (:data:`NUMBER_FIELDS`) a whole number
    when it is one (``１８００``, ``1800.0``), blank for a "no value" word
    (:data:`NO_VALUE_WORDS`), else the text for the reader to refuse; a date a
    ``YYYY-MM-DD`` text."""
    if value is None or (isinstance(value, float) and value != value):  # NaN: pandas' blank
        return None
    if hasattr(value, "isoformat") and hasattr(value, "year"):  # a date or time (出生日期)
        return str(value.isoformat())[:10]
    if isinstance(value, bool):
        return value
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, (int, float)):
        return value
    s = str(value).replace("\u3000", " ").translate(_FULL_WIDTH)
    s = re.sub(r"\s+", " ", s).strip()
    s = re.sub(f"(?<={_CJK}) (?={_CJK})", "", s)
    if not s:
        return None
    if key == "col.name":
        s = MIDDLE_DOTS.sub("·", s)
    if key in NUMBER_FIELDS:
        t = unicodedata.normalize("NFKC", s).strip()
        if t.casefold() in NO_VALUE_WORDS:
            return None
        if re.fullmatch(r"[+]?\d+(?:\.0+)?", t):
            return int(float(t))
        return s
    return s


# ---------------------------------------------------------------------------
# the table and its mapping
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Table:
    """The cells of a registration list: every row of the file (line 1 first,
    blank rows kept, so a line number is the file's); ``where``: the file as
    named; ``sheet``: the worksheet read (blank for a CSV)."""

    rows: tuple[tuple[object, ...], ...]
    where: str
    sheet: str = ""

    def at(self, line: int, col: int | None, lang: str) -> str:
        """The place a problem names: ``报名表.xlsx 报名!C5`` (a workbook's cell), or
        ``报名.csv 第5行`` (a CSV's line)."""
        file = f"{self.where} " if self.where else ""
        if self.sheet and col is not None:
            return f"{file}{self.sheet}!{column_letter(col + 1)}{line}"
        sheet = f"{self.sheet} " if self.sheet and not self.where else ""  # a sheet of the open workbook
        return f"{file}{sheet}{L.text('where.line', lang, n=line)}"


def as_table(rows: "Table | Sequence[Sequence[object]]", where: str) -> Table:
    """A :class:`Table` of ``rows`` (a table given as rows, header first: the demo's, a sheet's)."""
    if isinstance(rows, Table):
        return rows
    return Table(tuple(tuple(r) for r in rows), where)


@dataclass(frozen=True)
class Mapping:
    """Which column of ``table`` holds each field: ``columns`` field key → 0-based
    column; ``header``: the 1-based line of the header row; ``ignored``: the
    columns with a header this import does not use; ``form``: the list is a
    form's export (it has a submission-time column, :data:`FORM_NUMBERS_IGNORED`)."""

    table: Table
    header: int
    columns: tuple[tuple[str, int], ...]
    ignored: tuple[int, ...]
    form: bool = False

    def column(self, key: str) -> int | None:
        return dict(self.columns).get(key)

    def describe(self, lang: str) -> str:
        """``姓名 ← B列 姓名; 单位 ← D列 所在俱乐部; 已忽略: 联系电话, 提交时间``."""
        head = self.table.rows[self.header - 1]
        used = "; ".join(L.text("reg.mapped", lang, field=L.text(k, lang),
                                column=column_letter(c + 1), header=_cell_text(head[c]))
                         for k, c in self.columns)
        out = used
        if self.form:
            out += "; " + L.text("reg.form_numbers", lang)
        if self.ignored:
            out += "; " + L.text("reg.ignored", lang,
                                 columns=", ".join(_cell_text(head[c]) for c in self.ignored))
        return out

    def announce(self, lang: str) -> str:
        """``列的对应（报名.xlsx 报名，标题在第3行）：姓名 ← C列 姓名; …``: shown before
        anything is written."""
        where = " ".join(w for w in (self.table.where, self.table.sheet) if w)
        return L.text("reg.mapping", lang, where=where, line=self.header, mapping=self.describe(lang))

    def records(self) -> Iterator[tuple[int, dict[str, object]]]:
        """Each data row that is not blank in the mapped columns: its line and its cleaned cells."""
        for line in range(self.header + 1, len(self.table.rows) + 1):
            row = self.table.rows[line - 1]
            got = {k: clean(row[c] if c < len(row) else None, k) for k, c in self.columns}
            if any(v is not None for v in got.values()):
                yield line, got

    def at(self, line: int, key: str | None, lang: str) -> str:
        return self.table.at(line, self.column(key) if key else None, lang)


def _cell_text(v: object) -> str:
    return "" if v is None else str(v).strip()


def map_columns(table: Table, lang: str, team: bool = False) -> Mapping:
    """The columns of ``table`` by their header words (:data:`HEADER_WORDS`):
    the header row is the first of the first :data:`HEADER_SEARCH_ROWS` rows
    naming a name column.  Refused (every problem at once): no such row (the
    words known for a name are listed); a team roster without a team column;
    two columns naming one field.  A team column is the club in an individual
    event without a club column."""
    fields = TEAM_FIELDS if team else INDIVIDUAL_FIELDS
    if not any(any(c is not None and str(c).strip() for c in r) for r in table.rows):
        raise InputError(problem("problem.table_empty", where=table.where))
    header = next((i + 1 for i, r in enumerate(table.rows[:HEADER_SEARCH_ROWS])
                   if any(field_of(c) == "col.name" for c in r)), None)
    if header is None:
        first = next(i for i, r in enumerate(table.rows) if any(c is not None and str(c).strip() for c in r))
        raise InputError(_no_column(table, first + 1, "col.name", lang))
    head = table.rows[header - 1]
    found: dict[str, list[int]] = {}
    for c, h in enumerate(head):
        key = field_of(h)
        if key is not None:
            found.setdefault(key, []).append(c)
    if "reg.col.submitted" in found:  # a form's export: its 序号 numbers the answers, not the players
        found.pop("col.number", None)
    if not team and "col.club" not in found and "col.team_name" in found:
        found["col.club"] = found.pop("col.team_name")
    problems: list[Problem] = []
    for key, cols in found.items():
        if key in fields and len(cols) > 1:
            problems.append(problem("reg.two_columns", where=table.at(header, cols[1], lang),
                                    field=L.text(key, lang),
                                    columns=", ".join(f"{column_letter(c + 1)} {_cell_text(head[c])}"
                                                      for c in cols)))
    if team and "col.team_name" not in found:
        problems.append(_no_column(table, header, "col.team_name", lang))
    if problems:
        raise InputError(problems)
    columns = tuple(sorted(((k, cs[0]) for k, cs in found.items() if k in fields), key=lambda kc: kc[1]))
    used = {c for _, c in columns}
    ignored = tuple(c for c, h in enumerate(head) if c not in used and _cell_text(h))
    return Mapping(table, header, columns, ignored, form="reg.col.submitted" in found)


def _no_column(table: Table, line: int, key: str, lang: str) -> Problem:
    head = table.rows[line - 1] if line - 1 < len(table.rows) else ()
    known = [w for w in (*dict(HEADER_WORDS)[key], *L.LABELS[key]) if w]
    return problem("reg.no_column", where=table.at(line, None, lang), field=L.text(key, lang),
                   words=" / ".join(dict.fromkeys(known)),
                   header=", ".join(_cell_text(c) for c in head if _cell_text(c)) or "—")


# ---------------------------------------------------------------------------
# reading a file (pandas)
# ---------------------------------------------------------------------------


def read_file(path: Path) -> Table:
    """The registration list ``path`` as a :class:`Table`: an Excel workbook
    (``.xlsx``, ``.xlsm``, ``.xls``: its first sheet holding a name header,
    else its first sheet) or a CSV (:data:`CSV_ENCODINGS`, the separator found
    from the text).  Bounded before pandas holds it: the file's size
    (:data:`FILE_MAX_BYTES`), a workbook's parts (:mod:`bianpai.addin.files.safezip`),
    the rows (``safezip.MAX_PLAYERS``)."""
    # (the ribbon and Lite import a sheet of the workbook, never a file, through this module)
    # start-up time: safezip imports zipfile, shutil and lzma (~15 ms): only when a file is read
    from ..files.safezip import MAX_PLAYERS

    suffix = path.suffix.lower()
    with open(path, "rb") as fh:
        data = fh.read(FILE_MAX_BYTES + 1)
    if len(data) > FILE_MAX_BYTES:
        raise InputError(problem("problem.csv_too_big", where=str(path), limit=f"{FILE_MAX_BYTES >> 20} MB"))
    if suffix in EXCEL_SUFFIXES or data[:2] == b"PK" or data[:8] == b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1":
        table = _read_excel(path, data)
    elif suffix in TEXT_SUFFIXES or not suffix:
        table = _read_csv(path, data)
    else:
        raise InputError(problem("reg.file_kind", where=str(path),
                                 kinds=", ".join(EXCEL_SUFFIXES + TEXT_SUFFIXES)))
    filled = sum(1 for r in table.rows if any(c is not None for c in r))
    if filled > MAX_PLAYERS + HEADER_SEARCH_ROWS:  # the header and one player a row: the reader's limit
        raise InputError(problem("problem.csv_too_many_rows", where=str(path), limit=f"{MAX_PLAYERS:,}"))
    return table


def _cells(frame: object) -> tuple[tuple[object, ...], ...]:
    """A DataFrame's cells as plain rows (NaN and blank text: None; trailing blank columns dropped)."""
    rows = [tuple(None if (v is None or (isinstance(v, float) and v != v)
                           or (isinstance(v, str) and not v.strip())) else v for v in r)
            for r in frame.values.tolist()]  # type: ignore[attr-defined]
    width = max((max((i + 1 for i, v in enumerate(r) if v is not None), default=0) for r in rows), default=0)
    return tuple(r[:width] for r in rows)


def _read_excel(path: Path, data: bytes) -> Table:
    if data[:2] == b"PK":  # an .xlsx is a zip: its parts bounded as a workbook's are, before it is unpacked
        from ..files import safezip  # start-up time: only when a file is read (see read_file)

        safezip.inspect(path)
    # start-up time: pandas only here and in _read_csv (a second to import, which no other command pays)
    import pandas as pd

    try:
        frames = pd.read_excel(io.BytesIO(data), sheet_name=None, header=None, dtype=object,
                               engine="calamine")
    except Exception as e:  # calamine's errors are its own types: any failure is an unreadable file
        error = f"{type(e).__name__}: {e}"
        raise InputError(problem("reg.unreadable", where=str(path), error=error)) from None
    tables = [Table(_cells(f), str(path), str(name)) for name, f in frames.items()]
    if not tables:
        raise InputError(problem("problem.table_empty", where=str(path)))
    named = [t for t in tables
             if any(field_of(c) == "col.name" for r in t.rows[:HEADER_SEARCH_ROWS] for c in r)]
    return (named or tables)[0]


def _read_csv(path: Path, data: bytes) -> Table:
    last: Exception | None = None
    for enc in CSV_ENCODINGS:
        try:
            text = data.decode(enc)
            break
        except UnicodeDecodeError as e:
            last = e
    else:
        raise InputError(problem("problem.csv_encoding", where=str(path), error=str(last)))
    try:
        dialect: type[csv.Dialect] | csv.Dialect = csv.Sniffer().sniff(text[:4096], delimiters=CSV_DELIMITERS)
        sep = dialect.delimiter
    except csv.Error:
        sep = ","  # one column, or nothing to tell the separator by
    lines = text.splitlines()
    if not any(line.strip() for line in lines):
        raise InputError(problem("problem.table_empty", where=str(path)))
    width = max(line.count(sep) for line in lines) + 1  # at least the widest row (a quoted separator: more)
    # start-up time: pandas only here and in _read_excel (a second to import, which no other command pays)
    import pandas as pd

    try:
        frame = pd.read_csv(io.StringIO("\n".join(lines)), sep=sep, header=None, names=list(range(width)),
                            dtype=str, keep_default_na=False, skip_blank_lines=False, quotechar='"')
    except (ValueError, pd.errors.ParserError) as e:
        raise InputError(problem("problem.csv_unreadable", where=str(path), error=str(e))) from None
    return Table(_cells(frame), str(path))


__all__ = ["CARRIED_FIELDS", "HEADER_WORDS", "Mapping", "Table", "as_table", "clean", "field_of",
           "header_word", "map_columns", "read_file"]
