"""The add-in files, checked structurally (Excel does not run here).

* ``bianpai.xlam``: a valid zip, the macro-enabled add-in content types, the
  ribbon part wired in ``_rels/.rels``, every ribbon ``onAction`` naming a
  ``Sub <name>(control As IRibbonControl)`` of the named module, and the VBA that
  oletools' olevba reads back equal to the sources it was built from.
* ``bianpai.addin.next_step.xlam``: xlwings' quickstart ribbon add-in with its
  ``vbaProject.bin`` byte-for-byte unmodified; its RunMain imports the file name,
  which is an importable module with a ``main()``.
* The committed add-in files equal a fresh build in what matters — the VBA
  modules, the ribbon and its relationship, the config sheet (rebuild with
  ``bianpai addin build`` after changing a source); the modules taken from xlwings
  come from a release the pins accept.
"""

from __future__ import annotations

import importlib
import re
import zipfile
from pathlib import Path
from xml.etree import ElementTree

import pytest
from oletools.olevba import VBA_Parser

from bianpai.addin.excel import build as build_addin, ovba as ovba_compression
from bianpai.addin.cli import app as cli, addin as cmd_addin

CUSTOM_UI_NS = "{http://schemas.microsoft.com/office/2006/01/customui}"
CT_NS = "{http://schemas.openxmlformats.org/package/2006/content-types}"
REL_NS = "{http://schemas.openxmlformats.org/package/2006/relationships}"
UI_REL = "http://schemas.microsoft.com/office/2006/relationships/ui/extensibility"
"""The 2006 relationship type, as in xlwings' own Excel-saved ``xlwings.xlam`` (the ribbons
are in the 2006/01 customUI schema); the quickstart's 2007 type is for customUI14."""
ADDIN_MAIN = "application/vnd.ms-excel.addin.macroEnabled.main+xml"
VBA_TYPE = "application/vnd.ms-office.vbaProject"

JOBS_ON_RIBBON = ("new_event", "draw", "check", "self_test", "next_step", "pair", "pair_provisional",
                  "undo", "standings", "export_trf", "cards", "slips", "share", "import_players")


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    out = tmp_path_factory.mktemp("addin")
    full, known = build_addin.build(out)
    return {"full": full, "known": known}


def parts_of(path: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(path) as z:
        assert z.testzip() is None
        return {name: z.read(name) for name in z.namelist()}


def content_types(parts: dict[str, bytes]) -> dict[str, str]:
    root = ElementTree.fromstring(parts["[Content_Types].xml"])
    overrides = {e.get("PartName"): e.get("ContentType") for e in root.iter(CT_NS + "Override")}
    defaults = {e.get("Extension"): e.get("ContentType") for e in root.iter(CT_NS + "Default")}
    return {**{f"*.{k}": v for k, v in defaults.items()}, **overrides}


def ribbon_actions(parts: dict[str, bytes]) -> list[tuple[str, str, str]]:
    """(button id, label, onAction) of every ribbon button."""
    root = ElementTree.fromstring(parts[build_addin.CUSTOM_UI_PART])
    return [(b.get("id", ""), b.get("label", ""), b.get("onAction", ""))
            for b in root.iter(CUSTOM_UI_NS + "button")]


def vba_modules(path: Path) -> dict[str, str]:
    """Module name -> source code, as oletools' olevba reads it back."""
    parser = VBA_Parser(str(path))
    try:
        return {Path(name).stem: code for (_, _, name, code) in parser.extract_macros()}
    finally:
        parser.close()


def ribbon_procedures(code: str) -> set[str]:
    """Names of the procedures a ribbon button can call: ``Sub X(control As IRibbonControl)``."""
    return set(re.findall(r"^(?:Public\s+)?Sub\s+(\w+)\s*\(\s*control\s+As\s+IRibbonControl\s*\)",
                          code, flags=re.MULTILINE | re.IGNORECASE))


@pytest.mark.parametrize("which", ["full", "known"])
def test_add_in_is_a_zip_with_macro_enabled_add_in_content_types(built, which):
    parts = parts_of(built[which])
    types = content_types(parts)
    assert types["/xl/workbook.xml"] == ADDIN_MAIN
    assert types["/xl/vbaProject.bin"] == VBA_TYPE
    assert types["*.xml"] == "application/xml"  # covers customUI/customUI.xml
    # Every part but the rels and the content types has a content type.
    for name in parts:
        if name.endswith(".rels") or name == "[Content_Types].xml":
            continue
        assert f"/{name}" in types or f"*.{name.rsplit('.', 1)[1]}" in types, name
    rels = ElementTree.fromstring(parts["_rels/.rels"])
    ui = [r.get("Target") for r in rels.iter(REL_NS + "Relationship") if r.get("Type") == UI_REL]
    assert ui == [build_addin.CUSTOM_UI_PART]


def test_full_ribbon_has_one_button_per_job_with_chinese_and_english_labels(built):
    actions = ribbon_actions(parts_of(built["full"]))
    assert len(actions) == len(JOBS_ON_RIBBON) == 14  # 13 jobs and 自检
    root = ElementTree.fromstring(parts_of(built["full"])[build_addin.CUSTOM_UI_PART])
    assert [t.get("label") for t in root.iter(CUSTOM_UI_NS + "tab")] == ["编排 Bianpai"]
    for _, label, _ in actions:
        assert re.search(r"[\u4e00-\u9fff]", label) and re.search(r"[A-Za-z]", label), label


BUTTON_ATTRIBUTES = {"id", "label", "size", "imageMso", "screentip", "supertip", "onAction"}
"""Attributes of ``<button>`` this ribbon uses, all in the 2006/01 customUI schema."""


@pytest.mark.parametrize("which", ["full", "known"])
def test_ribbon_ids_are_unique_and_buttons_use_known_attributes(built, which):
    root = ElementTree.fromstring(parts_of(built[which])[build_addin.CUSTOM_UI_PART])
    ids = [e.get("id") for e in root.iter() if e.get("id")]
    assert len(ids) == len(set(ids))
    for button in root.iter(CUSTOM_UI_NS + "button"):
        assert set(button.attrib) <= BUTTON_ATTRIBUTES
        assert button.get("size") == "large" and len(button.get("label")) <= 1024
    assert [c.tag for c in root] == [CUSTOM_UI_NS + "ribbon"]


def test_every_on_action_names_an_existing_vba_procedure(built):
    modules = vba_modules(built["full"])
    for button, _, action in ribbon_actions(parts_of(built["full"])):
        module, _, procedure = action.partition(".")
        assert module in modules, (button, action)
        assert procedure in ribbon_procedures(modules[module]), (button, action)


def test_every_ribbon_procedure_runs_a_known_job(built):
    """Each callback passes a job name the Python side knows (``xl.JOBS``)."""
    from bianpai.addin.excel import xl

    code = vba_modules(built["full"])[build_addin.RIBBON_MODULE]
    called = re.findall(r'^\s*RunBianpaiJob\s+"(\w+)"', code, flags=re.MULTILINE)
    assert tuple(called) == JOBS_ON_RIBBON
    assert set(called) <= set(xl.JOBS) | {xl.SELF_TEST}
    from bianpai.addin import xl as shim

    assert "bianpai_xl.run_from_excel(" in code and callable(shim.run_from_excel)


def test_vba_read_back_with_olevba_equals_the_sources(built):
    """Standard modules come back as their source (the pre-check's words filled in,
    xlwings' module with its PROJECT_NAME); class and document modules as their
    source's code behind the attribute lines Excel writes (the next test)."""
    modules = vba_modules(built["full"])
    sources = build_addin.vba_sources()
    assert list(modules) == [s.name for s in sources]
    for source in sources:
        text = build_addin.source_text(source).replace("\n", "\r\n")
        got = modules[source.name]
        if source.kind == "Module":
            assert got == text, source.name
        else:
            assert code_of(got) == code_of(text), source.name


def attribute_lines(code: str) -> list[str]:
    return [line for line in code.splitlines() if line.startswith("Attribute ")]


def code_of(code: str) -> list[str]:
    lines = code.splitlines()
    while lines and not lines[0].startswith("Attribute "):
        lines.pop(0)  # the export header VERSION 1.0 CLASS / BEGIN .. END
    return [line for line in lines if not line.startswith("Attribute ")]


@pytest.mark.parametrize("name", ["ThisWorkbook", "Sheet2", "Dictionary"])
def test_class_and_document_modules_carry_the_attributes_excel_saves(built, name):
    """VB_Base, VB_TemplateDerived and VB_Customizable, in Excel's order, exactly as
    in xlwings' Excel-saved quickstart project (the class module too)."""
    ours = vba_modules(built["full"])[name]
    excel = vba_modules(build_addin.QUICKSTART_XLAM)[name]
    assert attribute_lines(ours) == attribute_lines(excel)
    assert [a.split(" = ")[0] for a in attribute_lines(ours)[:8]] == [
        "Attribute VB_Name", "Attribute VB_Base", "Attribute VB_GlobalNameSpace",
        "Attribute VB_Creatable", "Attribute VB_PredeclaredId", "Attribute VB_Exposed",
        "Attribute VB_TemplateDerived", "Attribute VB_Customizable"]


def test_xlwings_module_is_the_custom_add_in_variant(built):
    """xlwings' ``xlwings_custom_addin.bas`` (RunPython on ``ActiveWorkbook``, so
    ``Book.caller()`` is the organiser's workbook on macOS too), with only its
    PROJECT_NAME changed, as xlwings' docs rename a custom add-in."""
    import xlwings

    got = vba_modules(built["full"])["xlwings"].split("\r\n")
    variant = build_addin.CUSTOM_ADDIN_BAS.read_bytes().decode("cp1252").split("\r\n")
    assert len(got) == len(variant)
    differ = [(a, b) for a, b in zip(got, variant, strict=True) if a != b]
    assert differ == [('Public Const PROJECT_NAME As String = "bianpai"',
                       'Public Const PROJECT_NAME As String = "myaddin"')]
    code = "\n".join(got)
    assert "Set wb = ActiveWorkbook" in code
    assert "BOOK_CALLER\", ActiveWorkbook" in code
    assert f"'Version: {xlwings.__version__}" in code and "Public Function RunPython(" in code


def dir_records(xlam: Path) -> list[tuple[int, bytes]]:
    """(id, data) of every record of the VBA project's dir stream (MS-OVBA 2.3.4.2)."""
    import io
    import struct

    import olefile

    ole = olefile.OleFileIO(io.BytesIO(parts_of(xlam)[build_addin.VBA_PART]))
    data = ovba_compression.decompress(ole.openstream("VBA/dir").read())
    out, pos = [], 0
    while pos < len(data):
        rid, size = struct.unpack_from("<HI", data, pos)
        if rid == 0x0009:  # PROJECTVERSION: Reserved (4) then VersionMajor (4), VersionMinor (2)
            size = 6
        out.append((rid, data[pos + 6:pos + 6 + size]))
        pos += 6 + size
    return out


def project_stream(xlam: Path) -> dict[str, str]:
    import io

    import olefile

    ole = olefile.OleFileIO(io.BytesIO(parts_of(xlam)[build_addin.VBA_PART]))
    lines = ole.openstream("PROJECT").read().decode("cp1252").split("\r\n")
    return dict(line.split("=", 1) for line in lines if "=" in line and not line.startswith("&H"))


XLWINGS_ADDIN = build_addin.XLWINGS_DIR / "addin" / "xlwings.xlam"


def test_project_records_are_like_excel_saved_ones(built):
    """Against xlwings' own Excel-saved add-in (``xlwings.xlam``) and quickstart:
    PROJECTSYSKIND and the references (OLE Automation, Office) as the add-in's,
    VersionCompatible32 as both, and a project name of our own in the PROJECT
    stream and the PROJECTNAME record alike. (The quickstart also references
    MSForms through a path on its author's disk, which no Bianpai code uses.)"""
    ours, excel = dir_records(built["full"]), dir_records(XLWINGS_ADDIN)
    assert dict(ours)[0x0001] == dict(excel)[0x0001]  # PROJECTSYSKIND
    assert [d for r, d in ours if r == 0x0016] == [d for r, d in excel if r == 0x0016] == [
        b"stdole", b"Office"]  # REFERENCENAME
    project = project_stream(built["full"])
    for other in (XLWINGS_ADDIN, build_addin.QUICKSTART_XLAM):
        assert project["VersionCompatible32"] == project_stream(other)["VersionCompatible32"]
    assert project["Name"] == f'"{build_addin.VBA_PROJECT_TITLE}"'
    assert dict(ours)[0x0004] == build_addin.VBA_PROJECT_TITLE.encode()  # PROJECTNAME


def test_pre_check_runs_before_python_and_speaks_both_languages(built):
    """Every button goes through BianpaiReady (a workbook is open, the config names
    a Python that exists) before RunPython, and after a failed run names the doctor;
    the words are the labels' Chinese and English, decoded from the VBA."""
    from bianpai.addin.workbook import words as labels

    code = vba_modules(built["full"])[build_addin.RIBBON_MODULE]
    run_job = code[code.index("Private Sub RunBianpaiJob"):]
    run_job = run_job[:run_job.index("End Sub")]
    assert run_job.index("BianpaiReady()") < run_job.index("RunPython(")
    assert 'Say BianpaiWords("failed")' in run_job
    ready = code[code.index("Private Function BianpaiReady"):]
    assert "ActiveWorkbook Is Nothing" in ready and "FileExists(interpreter)" in ready
    for key in build_addin.VBA_WORDS:
        words = vba_words(code, key.rsplit(".", 1)[1])
        zh, en = labels.both(key)
        assert words == (zh if zh == en else zh + "\n\n" + en)
        if key not in ("addin.vba.title", "addin.vba.no_workbook"):
            assert words.count("bianpai addin doctor") == 2


def vba_words(code: str, case: str) -> str:
    """What ``BianpaiWords(case)`` returns: its ``s = s & …`` lines evaluated."""
    body = code[code.index(f'    Case "{case}"'):].split("\r\n")[1:]
    out = ""
    for line in body:
        line = line.strip()
        if not line.startswith("s = s & "):
            break
        for piece in line[len("s = s & "):].split(" & "):
            if piece == "vbLf":
                out += "\n"
            elif piece.startswith('U("'):
                out += "".join(chr(int(c, 16)) for c in piece[3:-2].split())
            else:
                out += piece[1:-1].replace('""', '"')
    return out


def test_vba_project_streams_parse_cleanly(built, caplog):
    """olevba reads the generated project without complaint (before the spec
    compressor, ms-ovba's own one made it report an invalid dir stream), and the
    PROJECT stream declares each module with its kind (MS-OVBA 2.3.1.7)."""
    import io
    import logging

    import olefile

    with caplog.at_level(logging.WARNING, logger="olevba"):
        assert list(vba_modules(built["full"])) == [s.name for s in build_addin.vba_sources()]
    complaints = [r.getMessage() for r in caplog.records
                  if "stomping cannot be detected" not in r.getMessage()]
    assert complaints == []
    ole = olefile.OleFileIO(io.BytesIO(parts_of(built["full"])[build_addin.VBA_PART]))
    project = ole.openstream("PROJECT").read().decode("cp1252").splitlines()
    kinds = {"Document": "Document=", "Module": "Module=", "Class": "Class="}
    for source in build_addin.vba_sources():
        assert any(line.startswith(kinds[source.kind] + source.name) for line in project)
    assert sorted("/".join(e) for e in ole.listdir()) == sorted(
        ["PROJECT", "PROJECTwm", "VBA/_VBA_PROJECT", "VBA/dir"]
        + [f"VBA/{s.name}" for s in build_addin.vba_sources()])


def test_vba_embeds_the_installed_xlwings_module(built):
    """RunPython comes from xlwings' own ``xlwings.bas``, whose version must match the
    installed xlwings (it names the versioned DLL)."""
    import xlwings

    code = vba_modules(built["full"])["xlwings"]
    assert f"'Version: {xlwings.__version__}" in code
    assert "Public Function RunPython(" in code


def test_known_good_add_in_keeps_xlwings_vba_project_byte_for_byte(built):
    ours = parts_of(built["known"])
    theirs = parts_of(build_addin.QUICKSTART_XLAM)
    assert ours[build_addin.VBA_PART] == theirs[build_addin.VBA_PART]
    # Only the ribbon differs, and its relationship's type.
    assert set(ours) == set(theirs)
    assert sorted(n for n in ours if ours[n] != theirs[n]) == [build_addin.RELS_PART,
                                                               build_addin.CUSTOM_UI_PART]
    assert ours[build_addin.RELS_PART] == theirs[build_addin.RELS_PART].replace(
        build_addin.UI_REL_2007, build_addin.UI_REL_2006)


@pytest.mark.parametrize("which", ["full", "known"])
def test_ribbon_relationship_is_the_2006_type_as_in_xlwings_own_add_in(built, which):
    """The quickstart says 2007 (customUI14's type) for a 2006-schema ribbon; xlwings'
    own Excel-saved ``xlwings.xlam`` says 2006, and so do both builds (before: 2007)."""
    own = parts_of(build_addin.XLWINGS_DIR / "addin" / "xlwings.xlam")
    assert build_addin.UI_REL_2006 in own[build_addin.RELS_PART]
    rels = parts_of(built[which])[build_addin.RELS_PART]
    assert build_addin.UI_REL_2006 in rels and build_addin.UI_REL_2007 not in rels
    root = ElementTree.fromstring(parts_of(built[which])[build_addin.CUSTOM_UI_PART])
    assert root.tag == CUSTOM_UI_NS + "customUI"
    committed = parts_of(build_addin.HERE / built[which].name)[build_addin.RELS_PART]
    assert committed == rels


def test_known_good_ribbon_button_runs_run_main_which_imports_the_file_name(built):
    actions = ribbon_actions(parts_of(built["known"]))
    assert [a for _, _, a in actions] == ["RibbonMyAddin.RunMain"]
    assert actions[0][1] == "下一步 Next step"
    run_main = vba_modules(built["known"])["RibbonMyAddin"]
    # mymodule = Left(ThisWorkbook.Name, InStrRev(ThisWorkbook.Name, ".") - 1)
    assert 'RunPython "import " & mymodule & ";" & mymodule & ".main()"' in run_main
    module_name = built["known"].name.rsplit(".", 1)[0]
    assert module_name == build_addin.NEXT_STEP_MODULE == "bianpai.addin.next_step"
    assert callable(importlib.import_module(module_name).main)


XLWINGS_MODULES = {"xlwings", "Dictionary"}
"""The full add-in's modules taken from the installed xlwings (its version in their text)."""


def essentials(path: Path) -> dict[str, object]:
    """What an add-in file is, whatever xlwings patch release built it: its parts, its
    ribbon and the ribbon's relationship, its config sheet, and its VBA modules as
    olevba reads them — those of ours whole, those of xlwings by their version."""
    parts = parts_of(path)
    modules = vba_modules(path)
    taken = XLWINGS_MODULES if path.name == build_addin.FULL_ADDIN_NAME else {"xlwings"}
    return {"parts": sorted(parts), "ribbon": parts[build_addin.CUSTOM_UI_PART],
            "rels": parts[build_addin.RELS_PART], "config": build_addin.config_sheet(parts),
            "modules": list(modules), "module text": {k: v for k, v in modules.items() if k not in taken}}


def xlwings_version_of(path: Path) -> str:
    (version,) = re.findall(r"^'Version: (\S+)", vba_modules(path)["xlwings"], flags=re.MULTILINE)
    return version


def test_committed_add_ins_equal_a_fresh_build(built):
    """Compared in what matters, not byte for byte: a fresh build under another patch
    release of xlwings differs in xlwings' own module (its version) and nothing else of
    ours (before: bytes compared, and xlwings 0.37.5 failed it). The committed files
    embed a release the pins accept."""
    for name, path in ((build_addin.FULL_ADDIN_NAME, built["full"]),
                       (build_addin.NEXT_STEP_ADDIN_NAME, built["known"])):
        committed = build_addin.HERE / name
        assert essentials(committed) == essentials(path), f"run `bianpai addin build` ({name})"
        version = cmd_addin._version_tuple(xlwings_version_of(committed))
        assert (cmd_addin._version_tuple(build_addin.XLWINGS_MINIMUM) <= version
                < cmd_addin._version_tuple(build_addin.XLWINGS_BELOW))


def test_build_is_deterministic(built, tmp_path):
    again = build_addin.build(tmp_path)
    assert again[0].read_bytes() == built["full"].read_bytes()
    assert again[1].read_bytes() == built["known"].read_bytes()


@pytest.mark.parametrize("name", ["RibbonBianpai.bas", "xlwings_custom_addin.bas", "Dictionary.cls"])
def test_ovba_compression_round_trips_through_oletools(name):
    from oletools.olevba import decompress_stream

    path = next(s.path for s in build_addin.vba_sources() if s.path.name == name)
    data = path.read_bytes()
    packed = ovba_compression.compress(data)
    assert ovba_compression.decompress(packed) == data
    assert bytes(decompress_stream(bytearray(packed))) == data
    assert len(packed) < len(data)


def test_ovba_compression_handles_chunk_boundaries():
    """Containers of 0 to 3 chunks (4096 bytes each), including a run longer than
    the longest copy token, decompress to the input."""
    from oletools.olevba import decompress_stream

    for data in (b"", b"a", b"ab", b"abc", b"x" * 4095, b"x" * 4096, b"x" * 4097,
                 bytes(range(256)) * 40, (b"Sub A()\r\nEnd Sub\r\n" * 700)):
        packed = ovba_compression.compress(data)
        assert ovba_compression.decompress(packed) == data
        assert bytes(decompress_stream(bytearray(packed))) == data


def test_install_copies_into_target_and_keeps_one_bianpai_add_in(tmp_path):
    assert cli.main(["addin", "install", "--target", str(tmp_path), "--no-config"]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == [build_addin.FULL_ADDIN_NAME]
    assert cli.main(["addin", "install", "--target", str(tmp_path), "--no-config",
                     "--next-step"]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == [build_addin.NEXT_STEP_ADDIN_NAME]
    assert essentials(tmp_path / build_addin.NEXT_STEP_ADDIN_NAME) == essentials(
        build_addin.HERE / build_addin.NEXT_STEP_ADDIN_NAME)
    assert cli.main(["addin", "remove", "--target", str(tmp_path)]) == 0
    assert list(tmp_path.iterdir()) == []


def test_install_target_from_environment(tmp_path, monkeypatch):
    monkeypatch.setenv(cmd_addin.XLSTART_ENV, str(tmp_path / "XLSTART"))
    assert cmd_addin.xlstart_dir(None) == tmp_path / "XLSTART"
    assert cmd_addin.xlstart_dir(tmp_path) == tmp_path


def test_install_without_excel_says_how_to_name_the_folder(monkeypatch):
    import xlwings.cli

    def no_excel(*args):
        raise RuntimeError("The interactive mode of xlwings is only supported on Windows and macOS")

    monkeypatch.delenv(cmd_addin.XLSTART_ENV, raising=False)
    monkeypatch.setattr(xlwings.cli, "get_addin_dir", no_excel)
    with pytest.raises(SystemExit, match="--target FOLDER"):
        cmd_addin.xlstart_dir(None)


# --- the config each add-in reads (issue 14) ------------------------------------------

PYTHON = r"C:\Users\Organiser\AppData\Local\Programs\Python\Python312\python.exe"


def installed_parts(path: Path) -> dict[str, bytes]:
    return parts_of(path)


@pytest.mark.parametrize("next_step", [True, False])
def test_config_is_written_where_the_add_in_vba_reads_it(tmp_path, next_step):
    """The project name is read out of the installed add-in's own VBA; the config
    goes into the sheet that name leads to (``<name>.conf``, which its GetConfig
    reads from ``ThisWorkbook`` before any file). The fallback's VBA stays byte
    for byte xlwings' own."""
    installed = cmd_addin.install(tmp_path, next_step=next_step,
                                  settings={"Interpreter_Win": PYTHON, "Interpreter_Mac": "/usr/bin/python3"})
    code = vba_modules(installed)["xlwings"]
    name = build_addin.project_name_of(code)
    assert name == cmd_addin.project_name_for(installed.name)
    assert 'SheetExists(ThisWorkbook, PROJECT_NAME & ".conf")' in code
    assert "GetConfigFromSheet(ThisWorkbook).Item(configKey)" in code
    sheet, settings = build_addin.config_sheet(parts_of(installed))
    assert sheet == f"{name}.conf"
    assert settings["INTERPRETER_WIN"] == PYTHON and settings["INTERPRETER_MAC"] == "/usr/bin/python3"
    assert settings["CONDA PATH"] == settings["CONDA ENV"] == ""
    assert settings["SHOW CONSOLE"] == "FALSE"  # the quickstart's other rows are kept
    if next_step:
        assert parts_of(installed)[build_addin.VBA_PART] == parts_of(build_addin.QUICKSTART_XLAM)[
            build_addin.VBA_PART]
        assert name == "myaddin"
    for part in (build_addin.CONF_SHEET_PART, build_addin.SHARED_STRINGS_PART, build_addin.WORKBOOK_PART):
        ElementTree.fromstring(parts_of(installed)[part])  # well-formed
    # The sheet's A column is contiguous from A1: GetConfigFromSheet reads A1 to A1.End(xlDown).
    rows = re.findall(rb'<c r="A(\d+)" s="1" t="s">', parts_of(installed)[build_addin.CONF_SHEET_PART])
    assert [int(r) for r in rows] == list(range(1, len(rows) + 1))


def test_committed_add_ins_carry_an_inert_config_sheet():
    """Unconfigured files read no sheet (the underscore), so nothing stale is baked in."""
    for name in (build_addin.FULL_ADDIN_NAME, build_addin.NEXT_STEP_ADDIN_NAME):
        sheet, settings = build_addin.config_sheet(parts_of(build_addin.HERE / name))
        assert sheet.startswith("_") and settings["INTERPRETER_WIN"] == ""


@pytest.mark.parametrize("project", ["bianpai", "myaddin"])
def test_user_config_file_is_where_the_vba_looks(project):
    """The file after the sheets: GetConfigFilePath of xlwings' VBA, on both systems."""
    code = build_addin.CUSTOM_ADDIN_BAS.read_text(encoding="cp1252")
    assert ('GetConfigFilePath = Environ("USERPROFILE") & "\\." & PROJECT_NAME & "\\" & PROJECT_NAME'
            ' & ".conf"') in code
    assert 'GetConfigFilePath = GetMacDir("$HOME", False) & "/" & PROJECT_NAME & ".conf"' in code
    home = Path("/home/o")
    assert cmd_addin.user_config_file(project, "win32", home) == home / f".{project}" / f"{project}.conf"
    assert cmd_addin.user_config_file(project, "darwin", home) == (
        home / "Library/Containers/com.microsoft.Excel/Data" / f"{project}.conf")


def test_interpreter_settings_as_xlwings_addin_install_writes_them():
    conda = {"CONDA_DEFAULT_ENV": "chess", "CONDA_EXE": r"C:\Users\O\anaconda3\Scripts\conda.exe"}
    assert cmd_addin.interpreter_settings("win32", PYTHON, {}) == {"Interpreter_Win": PYTHON}
    assert cmd_addin.interpreter_settings("win32", PYTHON, conda) == {
        "Conda Path": r"C:\Users\O\anaconda3", "Conda Env": "chess"}
    mac_conda = {"CONDA_DEFAULT_ENV": "base", "CONDA_EXE": "/opt/anaconda3/bin/conda"}
    assert cmd_addin.interpreter_settings("darwin", "/opt/anaconda3/bin/python", mac_conda) == {
        "Interpreter_Mac": "/opt/anaconda3/bin/python"}


def test_conda_settings_fill_the_conda_rows(tmp_path):
    installed = cmd_addin.install(tmp_path, settings={"Conda Path": r"C:\anaconda3", "Conda Env": "base"})
    _, settings = build_addin.config_sheet(parts_of(installed))
    assert (settings["CONDA PATH"], settings["CONDA ENV"], settings["INTERPRETER_WIN"]) == (
        r"C:\anaconda3", "base", "")


def test_install_builds_from_the_installed_xlwings(tmp_path, monkeypatch):
    """The add-in is built at install time from the installed xlwings' own VBA, so a
    newer xlwings gets a matching add-in (here a copy of xlwings' files relabelled 9.9.9)."""
    import shutil

    fake = tmp_path / "xlwings"
    (fake / "addin").mkdir(parents=True)
    shutil.copy(build_addin.QUICKSTART_XLAM, fake)
    shutil.copy(build_addin.DICTIONARY_CLS, fake / "addin")
    text = build_addin.CUSTOM_ADDIN_BAS.read_bytes().replace(
        f"{__import__('xlwings').__version__}".encode(), b"9.9.9")
    (fake / "xlwings_custom_addin.bas").write_bytes(text)
    monkeypatch.setattr(build_addin, "XLWINGS_DIR", fake)
    installed = cmd_addin.install(tmp_path / "XLSTART")
    code = vba_modules(installed)["xlwings"]
    assert "'Version: 9.9.9" in code and '"xlwings64-9.9.9.dll"' in code


def test_xlwings_floor_is_the_documented_minimum_and_has_the_api():
    """pyproject's xlwings floor = ``XLWINGS_MINIMUM`` = what docs/addin.md says; the
    API it is the floor for (``Range.set_colors``) is there."""
    import tomllib

    import xlwings

    root = Path(__file__).resolve().parents[1]
    deps = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["project"]["dependencies"]
    (xlwings_dep,) = [d for d in deps if d.startswith("xlwings")]
    assert xlwings_dep == f"xlwings>={build_addin.XLWINGS_MINIMUM},<{build_addin.XLWINGS_BELOW}"
    assert cmd_addin._version_tuple(xlwings.__version__) < cmd_addin._version_tuple(build_addin.XLWINGS_BELOW)
    docs = (root / "docs" / "addin.md").read_text(encoding="utf-8")
    assert f"xlwings {build_addin.XLWINGS_MINIMUM} or newer" in docs
    assert callable(getattr(xlwings.Range, "set_colors", None))


# --- bianpai addin doctor ----------------------------------------------------------------


def report(findings) -> list[tuple[bool, str, str]]:
    return [(f.ok, f.text, f.fix) for f in findings]


def test_doctor_after_install_finds_no_problem(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr("xlwings.USER_CONFIG_FILE", str(tmp_path / "none.conf"))
    assert cli.main(["addin", "install", "--target", str(tmp_path), "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "bianpai addin doctor:" in out and "No problem found." in out
    assert "its own config sheet 'bianpai.conf'" in out and "which imports bianpai" in out


def test_doctor_names_each_problem_with_its_fix(tmp_path, monkeypatch):
    import sys

    conf = tmp_path / "xlwings.conf"
    conf.write_text('"INTERPRETER_WIN","C:\\Python39\\python.exe"\n"INTERPRETER_MAC","/usr/bin/python3"\n',
                    encoding="utf-8")
    monkeypatch.setattr("xlwings.USER_CONFIG_FILE", str(conf))
    folder = tmp_path / "XLSTART"
    got = report(cmd_addin.doctor(folder, "en", platform="win32", environ={}, home=tmp_path))
    assert (False, f"no Bianpai add-in in Excel's start-up folder {folder}", "bianpai addin install") in got
    assert (False, f"{conf} names another Python: C:\\Python39\\python.exe. The Bianpai add-in does not "
            "read it, but xlwings' own add-in (for the worksheet functions) does",
            "xlwings config create --force") in got
    cmd_addin.install(folder, next_step=True, settings={"Interpreter_Win": str(tmp_path / "gone.exe")})
    got = report(cmd_addin.doctor(folder, "en", platform="win32", environ={}, home=tmp_path))
    assert (False, f"the config names a Python that does not exist: {tmp_path / 'gone.exe'}",
            "bianpai addin install --next-step") in got
    cmd_addin.install(folder, next_step=True)  # inert sheet: the file ~/.myaddin/myaddin.conf is read
    got = report(cmd_addin.doctor(folder, "en", platform="win32", environ={}, home=tmp_path))
    reads = f"bianpai.addin.next_step.xlam reads its config from {tmp_path / '.myaddin' / 'myaddin.conf'}"
    assert any(text.startswith(reads) for _, text, _ in got)
    assert (False, "the config names no Python (Excel would look for python on PATH, usually in vain)",
            "bianpai addin install --next-step") in got
    fake = tmp_path / "python"
    fake.write_text("#!/bin/sh\necho 'ModuleNotFoundError: No module named bianpai' >&2\nexit 1\n")
    fake.chmod(0o755)
    cmd_addin.install(folder, settings={"Interpreter_Win": str(fake)})
    got = report(cmd_addin.doctor(folder, "en", platform="win32", environ={}, home=tmp_path))
    assert (False, f"the config names {fake}, which cannot import bianpai: ModuleNotFoundError: No module "
            "named bianpai", f"{sys.executable} -m bianpai.addin.cli addin install") in got
    assert cmd_addin.print_report(cmd_addin.doctor(folder, "zh", "win32", {}, tmp_path), "zh") == 1


def test_doctor_on_macos_checks_the_applescript(tmp_path, monkeypatch):
    import xlwings

    monkeypatch.setattr("xlwings.USER_CONFIG_FILE", str(tmp_path / "none.conf"))
    got = report(cmd_addin.doctor(tmp_path, "en", platform="darwin", environ={}, home=tmp_path))
    script = (tmp_path / "Library/Application Scripts/com.microsoft.Excel"
              / f"xlwings-{xlwings.__version__}.applescript")
    assert (False, f"the AppleScript RunPython needs on macOS is missing: {script}",
            "xlwings runpython install") in got


def test_doctor_reports_conda(tmp_path, monkeypatch):
    monkeypatch.setattr("xlwings.USER_CONFIG_FILE", str(tmp_path / "none.conf"))
    cmd_addin.install(tmp_path, settings={"Conda Path": str(tmp_path), "Conda Env": "base"})
    env = {"CONDA_DEFAULT_ENV": "base", "CONDA_EXE": str(tmp_path / "Scripts" / "conda.exe")}
    got = report(cmd_addin.doctor(tmp_path, "en", platform="win32", environ=env, home=tmp_path))
    assert (True, f"running under conda: environment base ({tmp_path})", "") in got
    assert (True, f"the config names conda {tmp_path}, environment base", "") in got


class _NoActiveBook:
    """What xlwings' Windows ``books.active`` gives with no workbook open: a Book around None."""

    @property
    def name(self):
        raise AttributeError("'NoneType' object has no attribute 'Name'")


class _RaisingBooks:
    @property
    def active(self):  # macOS: appscript raises when Excel has no active workbook
        raise RuntimeError("CommandError: no active workbook")


@pytest.mark.parametrize("books", [type("Books", (), {"active": _NoActiveBook()})(), _RaisingBooks()])
def test_open_a_workbook_first_shows_when_books_active_wraps_none_or_raises(monkeypatch, books):
    import xlwings as xw

    from bianpai.addin.excel import entry, xl

    alerts = []
    app = type("App", (), {"books": books, "alert": lambda self, text, title: alerts.append((text, title))})()
    addin = type("Book", (), {"name": "bianpai.addin.next_step.xlam", "app": app})()
    monkeypatch.setattr(xw.Book, "caller", staticmethod(lambda: addin))
    assert entry.target_book() is None
    entry.run_from_excel("next_step")
    assert alerts == [(entry.NO_WORKBOOK_MESSAGE, xl.MESSAGE_TITLE)]


def test_doctor_warns_of_the_microsoft_store_python(tmp_path, monkeypatch):
    monkeypatch.setattr("xlwings.USER_CONFIG_FILE", str(tmp_path / "none.conf"))
    store = r"C:\Users\O\AppData\Local\Microsoft\WindowsApps\python3.12.exe"
    got = report(cmd_addin.doctor(tmp_path, "en", "win32", {}, tmp_path, executable=store))
    assert [f for f in got if "Microsoft Store" in f[1]] == [(
        False, "this is the Microsoft Store's Python, which Excel usually cannot start: install Python "
        "from python.org, then Bianpai and the add-in with it",
        "https://www.python.org/downloads/ → py -m pip install bianpai-….whl → "
        "py -m bianpai.addin.cli addin install")]
    assert not [f for f in report(cmd_addin.doctor(tmp_path, "en", "win32", {}, tmp_path, executable=PYTHON))
                if "Microsoft Store" in f[1]]


def test_config_sheet_keeps_a_chinese_path_with_an_ampersand(tmp_path):
    """A user folder named in Chinese (and an ``&``) goes into the shared strings escaped."""
    python = r"C:\Users\张三 & 李四\AppData\Local\Programs\Python\Python312\python.exe"
    installed = cmd_addin.install(tmp_path, next_step=True, settings={"Interpreter_Win": python})
    parts = parts_of(installed)
    ElementTree.fromstring(parts[build_addin.SHARED_STRINGS_PART])
    assert b"&amp; " in parts[build_addin.SHARED_STRINGS_PART]
    assert build_addin.config_sheet(parts)[1]["INTERPRETER_WIN"] == python


# --- an install that cannot drift (issue 26) ------------------------------------------------


def test_the_vba_builder_chain_is_pinned_to_the_tested_versions_and_installed_so():
    """ms-ovba and the libraries it builds with are pinned exactly (older releases of
    them already break the build), and what is installed is what the pins say."""
    import tomllib
    from importlib.metadata import version

    from packaging.requirements import Requirement

    root = Path(__file__).resolve().parents[1]
    deps = [Requirement(d) for d in tomllib.loads((root / "pyproject.toml").read_text(
        encoding="utf-8"))["project"]["dependencies"]]
    pins = {d.name: str(d.specifier) for d in deps if d.name.startswith("ms-")}
    assert pins == {name: f"=={v}" for name, v in build_addin.OVBA_CHAIN.items()}
    assert {name: version(name) for name in build_addin.OVBA_CHAIN} == build_addin.OVBA_CHAIN


@pytest.mark.parametrize("failure", [ImportError("No module named 'ms_ovba'", name="ms_ovba"),
                                     TypeError("unsupported operand type(s) for +: 'int' and 'str'"),
                                     AttributeError("module 'ms_ovba_crypto' has no attribute 'encrypt'")])
def test_any_failure_of_the_build_ends_in_one_message_naming_the_one_button_add_in(tmp_path, monkeypatch,
                                                                                      failure):
    """ms-cfb 0.0.3 gave a raw TypeError, ms-ovba-crypto 1.0.6 a misleading message: every
    failure of the full add-in's build now says the same thing, in the organiser's
    language, with the command that installs the add-in needing no build."""
    def broken(*args, **kwargs):
        raise failure

    monkeypatch.setattr(build_addin, "build_vba_project", broken)
    for lang, words in (("en", "The one-button add-in needs no build"),
                        ("zh", "只有一个按钮的加载项无需生成")):
        with pytest.raises(SystemExit) as exit_:
            cmd_addin.install(tmp_path, lang=lang)
        message = str(exit_.value)
        assert words in message and "bianpai addin install --next-step" in message
        assert type(failure).__name__ in message
    assert list(tmp_path.iterdir()) == []
    assert cmd_addin.install(tmp_path, next_step=True).name == build_addin.NEXT_STEP_ADDIN_NAME


def test_reinstalling_while_excel_holds_the_add_in_says_what_to_close(tmp_path, monkeypatch):
    """Windows keeps an open add-in's file locked: copying over it raises PermissionError;
    the command says to quit Excel and run it again (before: a traceback)."""
    def locked(*args, **kwargs):
        raise PermissionError(13, "The process cannot access the file because it is being used")

    monkeypatch.setattr(build_addin.shutil, "copyfile", locked)
    with pytest.raises(SystemExit) as exit_:
        cmd_addin.install(tmp_path, next_step=True, lang="en")
    assert str(exit_.value) == "bianpai: " + L_text("addin.in_use", "en",
                                                    path=tmp_path / build_addin.NEXT_STEP_ADDIN_NAME,
                                                    command="bianpai addin install --next-step")
    assert "Quit Excel" in str(exit_.value)


def test_removing_an_add_in_excel_holds_says_what_to_close(tmp_path, monkeypatch):
    (tmp_path / build_addin.FULL_ADDIN_NAME).write_bytes(b"x")

    def locked(self, missing_ok=False):
        raise PermissionError(32, "being used by another process")

    monkeypatch.setattr(Path, "unlink", locked)
    with pytest.raises(SystemExit, match="退出 Excel"):
        cli.main(["addin", "remove", "--target", str(tmp_path)])


def L_text(key: str, lang: str, **fmt) -> str:  # noqa: N802
    from bianpai.addin.workbook import words as labels

    return labels.text(key, lang, **fmt)


def test_doctor_says_before_it_asks_excel_and_names_the_start_up_folders(tmp_path, monkeypatch, capsys):
    """Asking Excel for XLSTART starts a hidden Excel when none runs: the doctor says so
    first; when Excel cannot be asked it names the usual folders of both systems, and on
    macOS what to do when the permission prompt was declined."""
    import xlwings.cli

    asked = []

    def no_excel(*args):
        asked.append(capsys.readouterr().out)
        raise RuntimeError("Excel refused")

    monkeypatch.delenv(cmd_addin.XLSTART_ENV, raising=False)
    monkeypatch.setattr(xlwings.cli, "get_addin_dir", no_excel)
    monkeypatch.setattr("xlwings.USER_CONFIG_FILE", str(tmp_path / "none.conf"))
    got = report(cmd_addin.doctor(None, "en", platform="darwin", environ={}, home=tmp_path))
    assert asked == [L_text("doctor.asking_excel", "en") + "\n"]
    assert "started hidden" in asked[0]
    texts = [text for _, text, _ in got]
    assert L_text("doctor.xlstart_where", "en", win=r"%APPDATA%\Microsoft\Excel\XLSTART",
                  mac="~/Library/Group Containers/UBF8T346G9.Office/User Content.localized/"
                      "Startup.localized/Excel") in texts
    assert any("Privacy & Security > Automation" in t for t in texts)
    got = report(cmd_addin.doctor(None, "en", platform="win32", environ={}, home=tmp_path))
    assert not any("Automation" in text for _, text, _ in got)
    assert cmd_addin.doctor(tmp_path, "en", platform="win32", environ={}, home=tmp_path) and len(asked) == 2


def test_ribbon_messages_go_through_messageboxw_on_windows(built):
    """VBA's MsgBox shows Chinese as "?" unless Windows' language for non-Unicode programs
    is Chinese: every message of the ribbon module goes through Say, which calls
    MessageBoxW on Windows (MsgBox only on the Mac, whose VBA is Unicode)."""
    code = vba_modules(built["full"])[build_addin.RIBBON_MODULE]
    say = code[code.index("Private Sub Say("):]
    say = say[:say.index("End Sub")]
    assert "#If Mac Then\r\n        MsgBox text, style" in say
    assert "MessageBoxW Application.Hwnd, StrPtr(text), StrPtr(BianpaiWords(\"title\")), style" in say
    assert 'Private Declare PtrSafe Function MessageBoxW Lib "user32"' in code
    outside = code.replace(say, "")
    assert not re.findall(r"^\s*MsgBox\b", outside, flags=re.MULTILINE)
    assert len(re.findall(r"^\s*Say\b", outside, flags=re.MULTILINE)) == 4


def test_release_workflow_is_manual_tests_the_wheel_and_publishes_through_the_trusted_publisher():
    """.github/workflows/release.yml: started by hand; builds once; tests that wheel in a
    clean venv at the xlwings floor and the newest the pins accept, and under Pyodide;
    publishes only when asked and every test passed, with OIDC (no stored token)."""
    import yaml

    root = Path(__file__).resolve().parents[1]
    flow = yaml.safe_load((root / ".github" / "workflows" / "release.yml").read_text(encoding="utf-8"))
    assert list(flow[True]) == ["workflow_dispatch"]  # YAML 1.1 reads the key `on` as True
    jobs = flow["jobs"]
    assert set(jobs) == {"build", "wheel", "pyodide", "publish"}
    assert jobs["wheel"]["strategy"]["matrix"]["xlwings"] == [
        f"xlwings=={build_addin.XLWINGS_MINIMUM}",
        f"xlwings>={build_addin.XLWINGS_MINIMUM},<{build_addin.XLWINGS_BELOW}"]
    assert "BIANPAI_WHEEL" in str(jobs["pyodide"]["steps"])
    publish = jobs["publish"]
    assert publish["needs"] == ["wheel", "pyodide"] and publish["permissions"] == {"id-token": "write"}
    assert publish["if"] == "${{ inputs.publish }}"
    assert [s.get("uses") for s in publish["steps"]][-1] == "pypa/gh-action-pypi-publish@release/v1"
    assert "password" not in str(publish) and "token" not in str(publish["steps"])
    for test in re.findall(r"tests/test_\w+\.py", str(jobs["wheel"]["steps"])):
        assert (root / test).is_file(), test


def test_self_test_button_sits_in_a_help_group_and_opens_a_new_workbook_first(built):
    """自检 in the 帮助 group; its procedure adds a workbook before RunPython, so the
    self-test never runs in the organiser's workbook (and has one to run in when none
    is open)."""
    root = ElementTree.fromstring(parts_of(built["full"])[build_addin.CUSTOM_UI_PART])
    (group,) = [g for g in root.iter(CUSTOM_UI_NS + "group") if g.get("id") == "bianpaiHelp"]
    assert group.get("label") == "帮助 Help"
    assert [(b.get("label"), b.get("onAction")) for b in group] == [
        ("自检 Self-test", "RibbonBianpai.BianpaiSelfTest")]
    code = vba_modules(built["full"])[build_addin.RIBBON_MODULE]
    sub = code[code.index("Sub BianpaiSelfTest("):]
    sub = sub[:sub.index("End Sub")]
    assert sub.index("Workbooks.Add") < sub.index('RunBianpaiJob "self_test"')
