"""Build the two Excel add-in files from text sources (``bianpai addin build``).

* ``bianpai.xlam`` — the full "编排 Bianpai" ribbon tab, one button per job.
  Its ``xl/vbaProject.bin`` is *generated* with ms-ovba from
  ``vba/RibbonBianpai.bas`` plus xlwings' own custom-add-in module
  ``xlwings_custom_addin.bas`` (the variant that runs on ``ActiveWorkbook``) and
  ``Dictionary.cls``, taken from the installed xlwings, whose version the VBA
  must match: it names the versioned xlwings DLL and AppleScript. The ribbon is
  ``ribbon/customUI.xml``.
* ``bianpai.addin.next_step.xlam`` — the known-good path: xlwings'
  ``quickstart_addin_ribbon.xlam`` with its ``vbaProject.bin`` byte-for-byte
  unmodified (the one xlwings ships to every quickstart user, known to load in
  Excel; xlwings makes its add-in files with its own tool, not by saving them in
  Excel). Its
  ``RibbonMyAddin.RunMain`` runs ``import <file name>; <file name>.main()``, so
  the file name makes it run :func:`bianpai.addin.next_step.main`. Only the
  ribbon (``ribbon/next_step_customUI.xml``) and its relationship type
  (:data:`UI_REL_2006`) are replaced.

Both builds are byte-deterministic: fixed zip timestamps and order, and the one
random input of ms-ovba (the project-protection encryption seed) seeded. The
committed files carry an inert config sheet; ``bianpai addin install`` builds
them again against the installed xlwings and fills in the config sheet the VBA
reads (:func:`configure_parts`) with the interpreter that runs the buttons.
"""

from __future__ import annotations

import contextlib
import os
import random
import re
import shutil
import tempfile
import uuid
import zipfile
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from xml.sax.saxutils import escape

import xlwings

from ..workbook import words as L
from . import ovba as ovba_compression
from xml.sax.saxutils import unescape

HERE = Path(__file__).resolve().parent
RIBBON_DIR = HERE / "ribbon"
VBA_DIR = HERE / "vba"
XLWINGS_DIR = Path(xlwings.__file__).resolve().parent

XLWINGS_MINIMUM = "0.37.5"
"""The oldest xlwings Bianpai runs with: ``Range.set_colors`` (the add-in's fill
colours, :mod:`bianpai.addin.xl`) is new in 0.37.5. pyproject.toml's floor and
docs/addin.md say the same (tested)."""

XLWINGS_BELOW = "0.38"
"""Decision: the first xlwings Bianpai does not accept (pyproject.toml's ceiling, tested).
The add-in embeds xlwings' own VBA and reaches into its engines (``Sheet.impl.copy``,
:mod:`bianpai.addin.xl`), so a new minor release is taken only after the add-in tests
have run against it; patch releases of 0.37 come in."""

OVBA_CHAIN: dict[str, str] = {"ms-ovba": "0.0.1", "ms-cfb": "0.0.6", "ms-ovba-crypto": "2.0.1",
                              "ms-ovba-compression": "1.0.1"}
"""The VBA builder and the libraries it builds with, at the versions tested (pyproject.toml
pins each exactly; tested). Older releases already break the build (ms-ovba-crypto 1.0.6,
ms-cfb 0.0.3), so a newer one is taken only after the build tests have run against it."""

FULL_ADDIN_NAME = "bianpai.xlam"
"""Decision: file name of the full ribbon add-in."""

NEXT_STEP_MODULE = "bianpai.addin.next_step"
NEXT_STEP_ADDIN_NAME = NEXT_STEP_MODULE + ".xlam"
"""Decision: the known-good add-in's file name. xlwings' unmodified RunMain
imports the file name without its extension, so a dotted name reaches a module
inside our package with no top-level module to install."""

QUICKSTART_XLAM = XLWINGS_DIR / "quickstart_addin_ribbon.xlam"
CUSTOM_ADDIN_BAS = XLWINGS_DIR / "xlwings_custom_addin.bas"
DICTIONARY_CLS = XLWINGS_DIR / "addin" / "Dictionary.cls"

RIBBON_MODULE = "RibbonBianpai"
"""The VBA module holding one ribbon callback per button."""

PROJECT_NAME = "bianpai"
"""Decision: ``PROJECT_NAME`` of the full add-in's xlwings module (xlwings' custom
add-in says ``myaddin``; its docs rename it like this). The VBA reads its config
from a sheet ``bianpai.conf`` (the active workbook's, then the add-in's own), then
``bianpai.conf`` next to the workbook, then ``%USERPROFILE%\\.bianpai\\bianpai.conf``
(macOS: ``~/Library/Containers/com.microsoft.Excel/Data/bianpai.conf``); never
xlwings' own ``xlwings.conf``."""

VBA_PROJECT_TITLE = "Bianpai"
"""Decision: the VBA project's name (PROJECT ``Name=``, dir PROJECTNAME), as
xlwings' add-in calls its project ``xlwings`` and the quickstart ``MyAddin``."""

NEXT_STEP_PROJECT_NAME = "myaddin"
"""``PROJECT_NAME`` in the known-good add-in's unmodified VBA (xlwings' quickstart),
so it reads a ``myaddin.conf`` sheet, ``%USERPROFILE%\\.myaddin\\myaddin.conf`` or
``~/Library/Containers/com.microsoft.Excel/Data/myaddin.conf`` (tested against the
VBA)."""

INERT_CONF_SHEET = "_myaddin.conf"
"""The quickstart's config sheet: the leading underscore keeps the VBA from reading it."""

CONF_SHEET_NAME = "_bianpai.conf"
"""The full add-in's config sheet as committed (inert, like the quickstart's);
:func:`configure_parts` renames it to ``bianpai.conf`` and fills it in at install."""

ZIP_DATE_TIME = (2026, 1, 1, 0, 0, 0)
"""Decision: timestamp of every zip entry, so a rebuild is byte-identical."""

VBA_ENCRYPTION_SEED = 6
"""Decision: seed for ms-ovba's random salt in the PROJECT stream's CMG/DPB/GC
(MS-OVBA 2.4.3), which is otherwise the one non-deterministic byte source."""

VBA_PROJECT_ID = "{6E3C5F8A-2B1D-4C7E-9A0B-BA1A1FA10001}"
"""Decision: the generated VBA project's ID (any GUID; fixed for determinism)."""

VERSION_COMPATIBLE32 = "393222000"
"""PROJECT ``VersionCompatible32`` as every Excel-saved project carries it (xlwings'
quickstart and add-in both say 393222000, MS-OVBA 2.3.1.17)."""

CLASS_MODULE_BASE = "0{FCFB3D2A-A0FA-1068-A738-08002B3371B5}"
"""``VB_Base`` of a class module as Excel saves it (the quickstart's ``Dictionary``)."""

WORDS_MARKER = "' <generated: BianpaiWords>"
"""The line of ``vba/RibbonBianpai.bas`` the build replaces by the function holding
the pre-check's messages, from addin/workbook/words/excel.py (VBA source is cp1252, so the
Chinese comes as character codes)."""

VBA_WORDS = ("addin.vba.title", "addin.vba.no_workbook", "addin.vba.no_python",
             "addin.vba.python_missing", "addin.vba.failed")
"""The labels the VBA pre-check shows (Chinese, a blank line, English)."""

CUSTOM_UI_PART = "customUI/customUI.xml"
RELS_PART = "_rels/.rels"
UI_REL_2007 = b"http://schemas.microsoft.com/office/2007/relationships/ui/extensibility"
UI_REL_2006 = b"http://schemas.microsoft.com/office/2006/relationships/ui/extensibility"
"""The relationship type of ``customUI/customUI.xml``. Both ribbons are written in the
2006 customUI schema (``http://schemas.microsoft.com/office/2006/01/customui``), which
the 2006 relationship type names, as in xlwings' own shipped ``xlwings.xlam``;
xlwings' quickstart carries the 2007 type (which is for the 2009 ``customUI14``
schema), so both builds switch it."""
VBA_PART = "xl/vbaProject.bin"
WORKBOOK_PART = "xl/workbook.xml"
CONF_SHEET_PART = "xl/worksheets/sheet1.xml"
SHARED_STRINGS_PART = "xl/sharedStrings.xml"


@dataclass(frozen=True)
class VbaSource:
    """One VBA module of the generated project: its name, kind and source file."""

    name: str
    kind: str  # "Module", "Class" or "Document"
    path: Path


def vba_sources(xlwings_dir: Path = XLWINGS_DIR) -> tuple[VbaSource, ...]:
    """The modules of the full add-in's VBA project, in project order.

    ``ThisWorkbook`` and ``Sheet2`` are the document modules the quickstart's
    ``workbook.xml``/``sheet1.xml`` name as code names; the rest are code.
    """
    return (
        VbaSource("ThisWorkbook", "Document", VBA_DIR / "ThisWorkbook.cls"),
        VbaSource("Sheet2", "Document", VBA_DIR / "Sheet2.cls"),
        VbaSource(RIBBON_MODULE, "Module", VBA_DIR / f"{RIBBON_MODULE}.bas"),
        VbaSource("xlwings", "Module", xlwings_dir / "xlwings_custom_addin.bas"),
        VbaSource("Dictionary", "Class", xlwings_dir / "addin" / "Dictionary.cls"),
    )


PROJECT_NAME_LINE = re.compile(r'^(Public Const PROJECT_NAME As String = ")(\w+)(")', re.MULTILINE)


def project_name_of(vba: str) -> str:
    """``PROJECT_NAME`` of an xlwings VBA module (what its config file and sheet are named after)."""
    m = PROJECT_NAME_LINE.search(vba)
    if m is None:
        raise ValueError("no PROJECT_NAME constant in this xlwings VBA module")
    return m.group(2)


def _vba_string(text: str) -> str:
    """A VBA expression for ``text``: ASCII runs as literals, the rest through ``U("hex …")``."""
    parts: list[str] = []
    for run in re.findall(r"\n|[ -~]+|[^ -~\n]+", text):
        if run == "\n":
            parts.append("vbLf")
        elif run.isascii():
            parts.append('"' + run.replace('"', '""') + '"')
        else:
            parts.append('U("' + " ".join(f"{ord(c):X}" for c in run) + '")')
    return " & ".join(parts) or '""'


def words_function() -> str:
    """The VBA function ``BianpaiWords(key)``: each pre-check message in Chinese and
    English from addin/workbook/words/excel.py (key = the label's name after ``addin.vba.``)."""
    lines = ["Private Function BianpaiWords(key As String) As String",
             "    ' Generated by bianpai addin build from addin/workbook/words/excel.py (do not edit here).",
             "    Dim s As String",
             "    Select Case key"]
    for key in VBA_WORDS:
        zh, en = L.both(key)
        lines.append(f'    Case "{key.rsplit(".", 1)[1]}"')
        pieces = [zh] if zh == en else [zh, "\n\n", en]
        for piece in pieces:
            for chunk in re.findall(r".{1,60}", piece, flags=re.DOTALL):
                lines.append(f"        s = s & {_vba_string(chunk)}")
    lines += ["    End Select", "    BianpaiWords = s", "End Function"]
    return "\n".join(lines)


def source_text(source: VbaSource) -> str:
    """The module text as it goes into the project (LF line ends).

    ``RibbonBianpai``: its pre-check messages filled in from addin/workbook/words/excel.py;
    ``xlwings``: xlwings' custom add-in module with :data:`PROJECT_NAME`; the
    others as they are.
    """
    text = source.path.read_bytes().decode("cp1252").replace("\r\n", "\n")
    if source.name == RIBBON_MODULE:
        text = text.replace(WORDS_MARKER, words_function())
    elif source.name == "xlwings":
        text = PROJECT_NAME_LINE.sub(lambda m: m.group(1) + PROJECT_NAME + m.group(3), text, count=1)
    return text


# --- the generated vbaProject.bin ------------------------------------------------


@contextlib.contextmanager
def _seeded_random(seed: int) -> Iterator[None]:
    state = random.getstate()
    random.seed(seed)
    try:
        yield
    finally:
        random.setstate(state)


@contextlib.contextmanager
def _inside(directory: Path) -> Iterator[None]:
    # ms-ovba writes its intermediate and output files into the working directory.
    old = Path.cwd()
    os.chdir(directory)
    try:
        yield
    finally:
        os.chdir(old)


@contextlib.contextmanager
def _spec_compression() -> Iterator[None]:
    """Use :mod:`bianpai.addin.excel.ovba` inside ms-ovba (its own compressor is broken)."""
    # start-up time: ms-ovba only when the add-in is built
    from ms_ovba_compression.ms_ovba import MsOvba


    original = MsOvba.compress
    MsOvba.compress = lambda self, data: ovba_compression.compress(data)  # type: ignore[method-assign]
    try:
        yield
    finally:
        MsOvba.compress = original  # type: ignore[method-assign]


@contextlib.contextmanager
def _excel_like_project(title: str) -> Iterator[None]:
    """Make ms-ovba write the project records the way Excel does (MS-OVBA 2.3.1, 2.3.4.2.1).

    ms-ovba 0.0.1 hard-codes the project name ``VBAProject`` in the PROJECT stream
    and the dir stream's PROJECTNAME record; here both say ``title``, as in
    xlwings' Excel-saved add-in (``xlwings``) and quickstart (``MyAddin``).
    """
    # start-up time: ms-ovba only when the add-in is built
    from ms_ovba.Models.Fields.idSizeField import IdSizeField
    from ms_ovba.Views.dirStream import DirStream
    from ms_ovba.Views.project import Project

    original_info = DirStream._load_information
    original_str = Project.__str__

    def load_information(self: DirStream) -> list:
        records = original_info(self)
        return [IdSizeField(4, len(title), title)
                if isinstance(r, IdSizeField) and r._id == 4 else r for r in records]

    def project_text(self: Project) -> str:
        return original_str(self).replace('Name="VBAProject"', f'Name="{title}"', 1)

    DirStream._load_information = load_information
    Project.__str__ = project_text
    try:
        yield
    finally:
        DirStream._load_information = original_info
        Project.__str__ = original_str


def excel_attributes(text: str, base: str, customizable: bool) -> str:
    """A class or document module's stored text as Excel saves it.

    The export header (``VERSION 1.0 CLASS``/``BEGIN``/``END``) goes; ``VB_Base``
    follows ``VB_Name``; ``VB_TemplateDerived`` and ``VB_Customizable`` follow
    ``VB_Exposed`` — the order of every Excel-saved module (xlwings' quickstart).
    """
    lines = text.split("\n")
    while lines and not lines[0].startswith("Attribute "):
        lines.pop(0)
    out: list[str] = []
    for line in lines:
        out.append(line)
        if line.startswith("Attribute VB_Name "):
            out.append(f'Attribute VB_Base = "{base}"')
        elif line.startswith("Attribute VB_Exposed "):
            out.append("Attribute VB_TemplateDerived = False")
            out.append(f"Attribute VB_Customizable = {'True' if customizable else 'False'}")
    return "\r\n".join(out)


def _module_types() -> tuple[type, type]:
    """(document module, class module) types for ms-ovba that store the text
    :func:`excel_attributes` makes (ms-ovba 0.0.1 has no class modules, and puts
    a document module's last two attributes after its code)."""
    # start-up time: ms-ovba only when the add-in is built
    from ms_ovba.Models.Entities.doc_module import DocModule

    class ExcelDocModule(DocModule):
        """A document module (MS-OVBA 2.3.4.2.3.2.8: MODULETYPE 0x0022, PROJECT ``Document=``)."""

        base = ""
        customizable = True

        def normalize_file(self) -> None:
            text = Path(self._file_path).read_bytes().decode("cp1252")
            Path(self._file_path + ".new").write_bytes(
                excel_attributes(text, self.base, self.customizable).encode("cp1252"))

    class ClassModule(ExcelDocModule):
        """A class module (MODULETYPE 0x0022 as for documents, PROJECT ``Class=``)."""

        base = CLASS_MODULE_BASE
        customizable = False

        def __init__(self, name: str) -> None:
            super().__init__(name)
            self.type = "Class"

        def to_project_module_string(self) -> str:
            return "Class=" + self.modName.value

        def pack(self, endien: str, cp_name: str) -> bytes:
            self.type = "Document"  # MODULETYPE 0x0022 is shared by document and class modules
            try:
                return super().pack(endien, cp_name)
            finally:
                self.type = "Class"

    return ExcelDocModule, ClassModule


DOCUMENT_BASES = {"ThisWorkbook": "0{00020819-0000-0000-C000-000000000046}"}
"""``VB_Base`` of the document modules: the Workbook's; every other is a Worksheet."""
SHEET_BASE = "0{00020820-0000-0000-C000-000000000046}"


def build_vba_project(sources: tuple[VbaSource, ...]) -> bytes:
    """The bytes of a ``vbaProject.bin`` holding ``sources`` (ms-ovba, deterministic).

    References as in xlwings' Excel-saved ``xlwings.xlam``: OLE Automation
    (stdole) and the Office library (``IRibbonControl``); PROJECTSYSKIND 64-bit
    Windows as there (no compiled code is stored, so Excel compiles the text on
    any platform).
    """
    # start-up time: ms-ovba only when the add-in is built
    from ms_ovba.Models.Entities.reference import Reference
    from ms_ovba.Models.Entities.reference_registered import ReferenceRegistered
    from ms_ovba.Models.Entities.std_module import StdModule
    from ms_ovba.Models.Fields.libid_reference import LibidReference
    from ms_ovba.vbaProject import VbaProject
    from ms_ovba.Views.project_ole_file import ProjectOleFile

    doc_module, class_module = _module_types()
    with tempfile.TemporaryDirectory(prefix="bianpai-vba-") as tmp, \
            _inside(Path(tmp)), _seeded_random(VBA_ENCRYPTION_SEED), _spec_compression(), \
            _excel_like_project(VBA_PROJECT_TITLE):
        project = VbaProject()
        project.project_id = VBA_PROJECT_ID
        project.include_projectwm()
        project.add_attribute("VersionCompatible32", VERSION_COMPATIBLE32)
        for source in sources:
            local = Path(tmp) / source.name
            local.write_bytes(source_text(source).encode("cp1252"))
            if source.kind == "Module":
                module = StdModule(source.name)
            elif source.kind == "Class":
                module = class_module(source.name)
            else:
                module = doc_module(source.name)
                module.base = DOCUMENT_BASES.get(source.name, SHEET_BASE)
            module.add_file(str(local))
            module.normalize_file()
            project.add_module(module)
        stdole = LibidReference(
            uuid.UUID("0002043000000000C000000000000046"), "2.0", "0",
            "C:\\Windows\\System32\\stdole2.tlb", "OLE Automation")
        office = LibidReference(
            uuid.UUID("2DF8D04C5BFA101BBDE500AA0044DE52"), "2.0", "0",
            r"C:\Program Files\Common Files\Microsoft Shared\OFFICE16\MSO.DLL",
            "Microsoft Office 16.0 Object Library")
        project.add_reference(Reference(ReferenceRegistered(stdole), "stdole"))
        project.add_reference(Reference(ReferenceRegistered(office), "Office"))
        ProjectOleFile.write_file(project)
        return (Path(tmp) / "vbaProject.bin").read_bytes()


# --- the zip package ----------------------------------------------------------------


def quickstart_parts(xlam: Path = QUICKSTART_XLAM) -> dict[str, bytes]:
    """Every part of xlwings' quickstart ribbon add-in, by name, in zip order."""
    with zipfile.ZipFile(xlam) as z:
        return {info.filename: z.read(info) for info in z.infolist()}


def write_package(parts: Mapping[str, bytes], target: Path) -> Path:
    """Write ``parts`` as a deterministic zip (fixed times, given order, deflated)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_suffix(target.suffix + ".tmp")
    with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in parts.items():
            info = zipfile.ZipInfo(name, date_time=ZIP_DATE_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            z.writestr(info, data)
    tmp.replace(target)
    return target


def full_addin_parts(xlwings_dir: Path = XLWINGS_DIR) -> dict[str, bytes]:
    """The parts of ``bianpai.xlam``: quickstart's workbook parts, our ribbon, generated VBA."""
    parts = quickstart_parts(xlwings_dir / "quickstart_addin_ribbon.xlam")
    parts[CUSTOM_UI_PART] = (RIBBON_DIR / "customUI.xml").read_bytes()
    parts[RELS_PART] = ribbon_relationship_2006(parts[RELS_PART])
    parts[VBA_PART] = build_vba_project(vba_sources(xlwings_dir))
    parts[WORKBOOK_PART] = parts[WORKBOOK_PART].replace(
        f'name="{INERT_CONF_SHEET}"'.encode(), f'name="{CONF_SHEET_NAME}"'.encode())
    return parts


def next_step_addin_parts(xlwings_dir: Path = XLWINGS_DIR) -> dict[str, bytes]:
    """The parts of the known-good add-in: the quickstart's, only the ribbon replaced (and
    its relationship type, :data:`UI_REL_2006`); the VBA project is xlwings' byte for byte."""
    parts = quickstart_parts(xlwings_dir / "quickstart_addin_ribbon.xlam")
    parts[CUSTOM_UI_PART] = (RIBBON_DIR / "next_step_customUI.xml").read_bytes()
    parts[RELS_PART] = ribbon_relationship_2006(parts[RELS_PART])
    return parts


def ribbon_relationship_2006(rels: bytes) -> bytes:
    """``_rels/.rels`` with the ribbon's relationship of the 2006 type (:data:`UI_REL_2006`)."""
    if UI_REL_2006 in rels:
        return rels
    if rels.count(UI_REL_2007) != 1:
        raise ValueError("the quickstart's _rels/.rels has no one ribbon relationship to retype")
    return rels.replace(UI_REL_2007, UI_REL_2006)


# --- the config sheet the VBA reads -------------------------------------------------

SHEET_NAMES = re.compile(rb'<sheet name="([^"]*)"')
ROW = re.compile(rb'<row r="(\d+)"([^>]*)>(.*?)</row>', re.DOTALL)
CELL = re.compile(rb'<c r="([A-Z]+)\d+"([^>]*?)(?:/>|>(.*?)</c>)', re.DOTALL)
SHARED_STRING = re.compile(rb"<si>(.*?)</si>", re.DOTALL)
TEXT = re.compile(rb"<t(?: [^>]*)?>(.*?)</t>", re.DOTALL)


def _unescape(data: bytes) -> str:
    return unescape(data.decode("utf-8"))


def _shared_strings(parts: Mapping[str, bytes]) -> list[str]:
    return ["".join(_unescape(t) for t in TEXT.findall(si))
            for si in SHARED_STRING.findall(parts[SHARED_STRINGS_PART])]


def _cell_value(attributes: bytes, inner: bytes | None, strings: list[str]) -> str:
    if inner is None:
        return ""
    value = re.search(rb"<v>(.*?)</v>", inner)
    if b't="s"' in attributes and value:
        return strings[int(value.group(1))]
    if b't="b"' in attributes and value:
        return "TRUE" if value.group(1) == b"1" else "FALSE"
    return _unescape(value.group(1)) if value else ""


def config_sheet(parts: Mapping[str, bytes]) -> tuple[str, dict[str, str]]:
    """(name, settings) of the add-in's config sheet: column A's keys (upper case,
    as the VBA's ``GetConfigFromSheet`` reads them) and column B's values."""
    (name,) = [_unescape(n) for n in SHEET_NAMES.findall(parts[WORKBOOK_PART])]
    strings = _shared_strings(parts)
    settings: dict[str, str] = {}
    for _, _, cells in ROW.findall(parts[CONF_SHEET_PART]):
        row = {col.decode(): _cell_value(attrs, inner, strings) for col, attrs, inner in CELL.findall(cells)}
        if row.get("A"):
            settings[row["A"].upper()] = row.get("B", "")
    return name, settings


def configure_parts(parts: Mapping[str, bytes], project_name: str,
                    settings: Mapping[str, str]) -> dict[str, bytes]:
    """The add-in's parts with its config sheet switched on and filled in.

    xlwings' VBA reads the add-in's own sheet ``<PROJECT_NAME>.conf`` (after the
    active workbook's), before any config file: the sheet is renamed to that and
    column B of each key in ``settings`` (``INTERPRETER_WIN``, ``CONDA PATH`` …,
    matched without regard to case, as the VBA does) is set. Only the sheet,
    the workbook's sheet name and the shared strings change — never the VBA.
    """
    out = dict(parts)
    (old_name,) = SHEET_NAMES.findall(out[WORKBOOK_PART])
    out[WORKBOOK_PART] = out[WORKBOOK_PART].replace(
        b'<sheet name="' + old_name + b'"', f'<sheet name="{escape(project_name)}.conf"'.encode(), 1)
    strings = _shared_strings(out)
    wanted = {k.upper(): v for k, v in settings.items()}
    new_strings: list[str] = []

    def fill(m: re.Match[bytes]) -> bytes:
        number, attrs, cells = m.group(1), m.group(2), m.group(3)
        found = {col.decode(): (cm.group(0), a) for cm in CELL.finditer(cells)
                 for col, a in [(cm.group(1), cm.group(2))]}
        if "A" not in found:
            return m.group(0)
        a_text, a_attrs = found["A"]
        key = _cell_value(a_attrs, CELL.search(a_text).group(3), strings).upper()  # type: ignore[union-attr]
        if key not in wanted:
            return m.group(0)
        index = len(strings) + len(new_strings)
        new_strings.append(wanted.pop(key))
        style = re.search(rb' s="\d+"', a_attrs)
        b_cell = (b'<c r="B' + number + b'"' + (style.group(0) if style else b"")
                  + b' t="s"><v>' + str(index).encode() + b"</v></c>")
        if "B" in found:
            cells = cells.replace(found["B"][0], b_cell)
        else:
            cells = cells.replace(a_text, a_text + b_cell)
        attrs = re.sub(rb'spans="1:1"', b'spans="1:2"', attrs)
        return b'<row r="' + number + b'"' + attrs + b">" + cells + b"</row>"

    out[CONF_SHEET_PART] = ROW.sub(fill, out[CONF_SHEET_PART])
    if wanted:
        raise ValueError(f"the add-in's config sheet has no row for {sorted(wanted)}")
    sst = out[SHARED_STRINGS_PART]
    added = b"".join(b'<si><t xml:space="preserve">' + escape(v).encode() + b"</t></si>"
                     for v in new_strings)
    sst = sst.replace(b"</sst>", added + b"</sst>")
    total = len(strings) + len(new_strings)
    sst = re.sub(rb'count="\d+"', f'count="{total}"'.encode(), sst, count=1)
    sst = re.sub(rb'uniqueCount="\d+"', f'uniqueCount="{total}"'.encode(), sst, count=1)
    out[SHARED_STRINGS_PART] = sst
    return out


def build(out_dir: Path = HERE, xlwings_dir: Path = XLWINGS_DIR) -> tuple[Path, Path]:
    """Build both add-ins into ``out_dir``; return (full, known-good) paths."""
    full = write_package(full_addin_parts(xlwings_dir), out_dir / FULL_ADDIN_NAME)
    known = write_package(next_step_addin_parts(xlwings_dir), out_dir / NEXT_STEP_ADDIN_NAME)
    return full, known


def copy_addin(source: Path, target_dir: Path) -> Path:
    """Copy one add-in file into ``target_dir`` (Excel's XLSTART), creating it."""
    target_dir.mkdir(parents=True, exist_ok=True)
    target = target_dir / source.name
    shutil.copyfile(source, target)
    return target
