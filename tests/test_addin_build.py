"""The add-in files, checked structurally (Excel does not run here).

* ``bianpai.xlam``: a valid zip, the macro-enabled add-in content types, the
  ribbon part wired in ``_rels/.rels``, every ribbon ``onAction`` naming a
  ``Sub <name>(control As IRibbonControl)`` of the named module, and the VBA that
  oletools' olevba reads back equal to the sources it was built from.
* ``bianpai.addin.next_step.xlam``: xlwings' quickstart ribbon add-in with its
  ``vbaProject.bin`` byte-for-byte unmodified; its RunMain imports the file name,
  which is an importable module with a ``main()``.
* The committed add-in files equal a fresh build (rebuild with ``bianpai addin
  build`` after changing a source or upgrading xlwings).
"""

from __future__ import annotations

import importlib
import re
import zipfile
from pathlib import Path
from xml.etree import ElementTree

import pytest
from oletools.olevba import VBA_Parser

from bianpai.addin import build_addin, cli, cmd_addin, ovba_compression

CUSTOM_UI_NS = "{http://schemas.microsoft.com/office/2006/01/customui}"
CT_NS = "{http://schemas.openxmlformats.org/package/2006/content-types}"
REL_NS = "{http://schemas.openxmlformats.org/package/2006/relationships}"
UI_REL = "http://schemas.microsoft.com/office/2007/relationships/ui/extensibility"
ADDIN_MAIN = "application/vnd.ms-excel.addin.macroEnabled.main+xml"
VBA_TYPE = "application/vnd.ms-office.vbaProject"

JOBS_ON_RIBBON = ("new_event", "draw", "check", "next_step", "pair", "pair_provisional",
                  "undo", "standings", "export_trf")


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
    assert len(actions) == len(JOBS_ON_RIBBON) == 9
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
    from bianpai.addin import xl

    code = vba_modules(built["full"])[build_addin.RIBBON_MODULE]
    called = re.findall(r'^\s*RunBianpaiJob\s+"(\w+)"', code, flags=re.MULTILINE)
    assert tuple(called) == JOBS_ON_RIBBON
    assert set(called) <= set(xl.JOBS)
    assert "bianpai_xl.run_from_excel(" in code and callable(xl.run_from_excel)


def test_vba_read_back_with_olevba_equals_the_sources(built):
    """Standard modules come back byte for byte; the class module without its
    ``VERSION 1.0 CLASS``/``BEGIN``/``END`` export header (not part of the stored
    source), document modules with the ``VB_Base`` and trailing attributes the
    project format adds."""
    modules = vba_modules(built["full"])
    sources = build_addin.vba_sources()
    assert list(modules) == [s.name for s in sources]
    for source in sources:
        text = source.path.read_bytes().decode("cp1252").replace("\r\n", "\n").replace("\n", "\r\n")
        got = modules[source.name]
        if source.kind == "Module":
            assert got == text, source.name
        elif source.kind == "Class":
            assert got == "\r\n".join(text.split("\r\n")[4:]), source.name
        else:
            lines = text.split("\r\n")
            assert got.split("\r\n")[0] == lines[4]  # Attribute VB_Name
            assert got.split("\r\n")[1].startswith('Attribute VB_Base = "0{000208')
            assert got.split("\r\n")[2:-3] == lines[5:-1]
            assert got.endswith("Attribute VB_TemplateDerived = False\r\n"
                                "Attribute VB_Customizable = True\r\n")


def test_committed_add_in_records_its_xlwings_version():
    """``bianpai addin install`` copies the committed file only for this xlwings version."""
    code = vba_modules(build_addin.HERE / build_addin.FULL_ADDIN_NAME)["xlwings"]
    assert f"'Version: {build_addin.COMMITTED_WITH_XLWINGS}\r\n" in code


def test_install_rebuilds_for_another_xlwings_version(tmp_path, monkeypatch):
    import xlwings

    builds = []
    real = build_addin.full_addin_parts
    monkeypatch.setattr(build_addin, "full_addin_parts", lambda: builds.append(1) or real())
    installed = cmd_addin.install(tmp_path / "same")
    assert builds == []  # the installed xlwings is the committed file's: copied
    monkeypatch.setattr(xlwings, "__version__", "0.0.0-other")
    rebuilt = cmd_addin.install(tmp_path / "other")
    assert builds == [1]
    # Built from the installed xlwings' own files, so here the same bytes as committed.
    assert rebuilt.read_bytes() == installed.read_bytes()


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
    # Only the ribbon differs.
    assert set(ours) == set(theirs)
    assert [n for n in ours if ours[n] != theirs[n]] == [build_addin.CUSTOM_UI_PART]


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


def test_committed_add_ins_equal_a_fresh_build(built):
    for name, path in ((build_addin.FULL_ADDIN_NAME, built["full"]),
                       (build_addin.NEXT_STEP_ADDIN_NAME, built["known"])):
        committed = build_addin.HERE / name
        assert committed.read_bytes() == path.read_bytes(), f"run `bianpai addin build` ({name})"


def test_build_is_deterministic(built, tmp_path):
    again = build_addin.build(tmp_path)
    assert again[0].read_bytes() == built["full"].read_bytes()
    assert again[1].read_bytes() == built["known"].read_bytes()


@pytest.mark.parametrize("name", ["RibbonBianpai.bas", "xlwings.bas", "Dictionary.cls"])
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
    assert (tmp_path / build_addin.NEXT_STEP_ADDIN_NAME).read_bytes() == (
        build_addin.HERE / build_addin.NEXT_STEP_ADDIN_NAME).read_bytes()
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


def test_user_config_names_this_interpreter_once(tmp_path):
    conf = tmp_path / ".xlwings" / "xlwings.conf"
    assert cmd_addin.write_user_config(conf, "/opt/py/bin/python")
    assert conf.read_text(encoding="utf-8").endswith(',"/opt/py/bin/python"\n')
    assert not cmd_addin.write_user_config(conf, "/other/python")  # never overwritten
