"""Build the two Excel add-in files from text sources (``bianpai addin build``).

* ``bianpai.xlam`` — the full "编排 Bianpai" ribbon tab, one button per job.
  Its ``xl/vbaProject.bin`` is *generated* with ms-ovba from
  ``vba/RibbonBianpai.bas`` plus xlwings' own ``xlwings.bas`` and
  ``Dictionary.cls`` (taken from the installed xlwings, whose version the VBA
  must match: it names the versioned xlwings DLL). The ribbon is
  ``ribbon/customUI.xml``.
* ``bianpai.addin.next_step.xlam`` — the known-good path: xlwings'
  ``quickstart_addin_ribbon.xlam`` with its ``vbaProject.bin`` byte-for-byte
  unmodified (the only one known to load in real Excel, saved by Excel). Its
  ``RibbonMyAddin.RunMain`` runs ``import <file name>; <file name>.main()``, so
  the file name makes it run :func:`bianpai.addin.next_step.main`. Only the
  ribbon (``ribbon/next_step_customUI.xml``) is replaced.

Both builds are byte-deterministic: fixed zip timestamps and order, and the one
random input of ms-ovba (the project-protection encryption seed) seeded.
"""

from __future__ import annotations

import contextlib
import os
import random
import shutil
import tempfile
import uuid
import zipfile
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

import xlwings

HERE = Path(__file__).resolve().parent
RIBBON_DIR = HERE / "ribbon"
VBA_DIR = HERE / "vba"
XLWINGS_DIR = Path(xlwings.__file__).resolve().parent

FULL_ADDIN_NAME = "bianpai.xlam"
"""Decision: file name of the full ribbon add-in."""

NEXT_STEP_MODULE = "bianpai.addin.next_step"
NEXT_STEP_ADDIN_NAME = NEXT_STEP_MODULE + ".xlam"
"""Decision: the known-good add-in's file name. xlwings' unmodified RunMain
imports the file name without its extension, so a dotted name reaches a module
inside our package with no top-level module to install."""

QUICKSTART_XLAM = XLWINGS_DIR / "quickstart_addin_ribbon.xlam"
XLWINGS_BAS = XLWINGS_DIR / "xlwings.bas"
DICTIONARY_CLS = XLWINGS_DIR / "addin" / "Dictionary.cls"

RIBBON_MODULE = "RibbonBianpai"
"""The VBA module holding one ribbon callback per button."""

CONF_SHEET_NAME = "_bianpai.conf"
"""Decision: the full add-in's one (hidden-by-add-in) sheet, renamed from the
quickstart's ``_myaddin.conf``; xlwings only reads a sheet named ``xlwings.conf``,
so it is inert either way."""

ZIP_DATE_TIME = (2026, 1, 1, 0, 0, 0)
"""Decision: timestamp of every zip entry, so a rebuild is byte-identical."""

VBA_ENCRYPTION_SEED = 6
"""Decision: seed for ms-ovba's random salt in the PROJECT stream's CMG/DPB/GC
(MS-OVBA 2.4.3), which is otherwise the one non-deterministic byte source."""

VBA_PROJECT_ID = "{6E3C5F8A-2B1D-4C7E-9A0B-BA1A1FA10001}"
"""Decision: the generated VBA project's ID (any GUID; fixed for determinism)."""

COMMITTED_WITH_XLWINGS = "0.37.8"
"""The xlwings version the committed ``bianpai.xlam`` embeds (its ``xlwings.bas``);
``bianpai addin install`` copies that file when the installed xlwings is this
version and rebuilds it (which needs ms-ovba) otherwise."""

CUSTOM_UI_PART = "customUI/customUI.xml"
VBA_PART = "xl/vbaProject.bin"


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
        VbaSource("xlwings", "Module", xlwings_dir / "xlwings.bas"),
        VbaSource("Dictionary", "Class", xlwings_dir / "addin" / "Dictionary.cls"),
    )


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
    """Use :mod:`bianpai.addin.ovba_compression` inside ms-ovba (its own compressor is broken)."""
    from ms_ovba_compression.ms_ovba import MsOvba

    from . import ovba_compression

    original = MsOvba.compress
    MsOvba.compress = lambda self, data: ovba_compression.compress(data)  # type: ignore[method-assign]
    try:
        yield
    finally:
        MsOvba.compress = original  # type: ignore[method-assign]


def _class_module_type() -> type:
    from ms_ovba.Models.Entities.doc_module import DocModule

    class ClassModule(DocModule):  # type: ignore[misc, valid-type]
        """A class module (MS-OVBA 2.3.4.2.3.2.8: MODULETYPE 0x0022, PROJECT ``Class=``).

        ms-ovba 0.0.1 only knows standard and document modules; a class module
        is stored like a document module without the ``VB_Base`` attribute.
        """

        def __init__(self, name: str) -> None:
            super().__init__(name)
            self.type = "Class"

        def to_project_module_string(self) -> str:
            return "Class=" + self.modName.value

        def normalize_file(self) -> None:
            lines = Path(self._file_path).read_text(encoding="cp1252").splitlines()
            body = lines[4:]  # drop VERSION 1.0 CLASS / BEGIN .. END
            Path(self._file_path + ".new").write_bytes(
                ("\r\n".join(body) + "\r\n").encode("cp1252"))

        def pack(self, endien: str, cp_name: str) -> bytes:
            self.type = "Document"  # MODULETYPE 0x0022 is shared by document and class modules
            try:
                return super().pack(endien, cp_name)
            finally:
                self.type = "Class"

    return ClassModule


def build_vba_project(sources: tuple[VbaSource, ...]) -> bytes:
    """The bytes of a ``vbaProject.bin`` holding ``sources`` (ms-ovba, deterministic)."""
    from ms_ovba.Models.Entities.doc_module import DocModule
    from ms_ovba.Models.Entities.reference import Reference
    from ms_ovba.Models.Entities.reference_registered import ReferenceRegistered
    from ms_ovba.Models.Entities.std_module import StdModule
    from ms_ovba.Models.Fields.libid_reference import LibidReference
    from ms_ovba.vbaProject import VbaProject
    from ms_ovba.Views.project_ole_file import ProjectOleFile

    class_module = _class_module_type()
    # Document module GUIDs (VB_Base): Worksheet and Workbook.
    doc_guids = {"ThisWorkbook": uuid.UUID("0002081900000000C000000000000046")}
    sheet_guid = uuid.UUID("0002082000000000C000000000000046")
    with tempfile.TemporaryDirectory(prefix="bianpai-vba-") as tmp, \
            _inside(Path(tmp)), _seeded_random(VBA_ENCRYPTION_SEED), _spec_compression():
        project = VbaProject()
        project.project_id = VBA_PROJECT_ID
        project.include_projectwm()
        for source in sources:
            local = Path(tmp) / source.name
            # ms-ovba reads text in the locale encoding; hand it LF text.
            text = source.path.read_bytes().decode("cp1252").replace("\r\n", "\n")
            local.write_bytes(text.encode("cp1252"))
            module = (StdModule(source.name) if source.kind == "Module"
                      else class_module(source.name) if source.kind == "Class"
                      else DocModule(source.name))
            module.add_file(str(local))
            if source.kind == "Document":
                module.add_guid(doc_guids.get(source.name, sheet_guid))
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
    parts[VBA_PART] = build_vba_project(vba_sources(xlwings_dir))
    parts["xl/workbook.xml"] = parts["xl/workbook.xml"].replace(
        b'name="_myaddin.conf"', f'name="{CONF_SHEET_NAME}"'.encode())
    return parts


def next_step_addin_parts(xlwings_dir: Path = XLWINGS_DIR) -> dict[str, bytes]:
    """The parts of the known-good add-in: the quickstart's, only the ribbon replaced."""
    parts = quickstart_parts(xlwings_dir / "quickstart_addin_ribbon.xlam")
    parts[CUSTOM_UI_PART] = (RIBBON_DIR / "next_step_customUI.xml").read_bytes()
    return parts


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
