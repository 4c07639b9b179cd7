"""The command's help texts: every one from the zh/en word table, none citing a
document the organiser lacks, in the language of the environment's locale."""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import unicodedata

import pytest

from bianpai.addin.cli import app as cli
from bianpai.addin.workbook import words as L
from bianpai.addin.jobs.table import JOBS

COMMANDS = [j.command for j in JOBS if j.command is not None]
CITES = ("§", ".md", "spec")


def parsers(p: argparse.ArgumentParser) -> list[argparse.ArgumentParser]:
    """``p`` and every parser below it (``bianpai addin``'s actions …)."""
    out = [p]
    for a in p._actions:
        if isinstance(a, argparse._SubParsersAction):
            for sub in dict.fromkeys(a.choices.values()):
                out += parsers(sub)
    return out


def help_keys(p: argparse.ArgumentParser) -> list[str]:
    """The help keys of ``p``: its description, its arguments' and its commands'."""
    keys = [p.description] if p.description else []
    for a in p._actions:
        if a.help:
            keys.append(a.help)
        if isinstance(a, argparse._SubParsersAction):
            keys += [c.help for c in a._choices_actions if c.help]
    return keys


ALL_PARSERS = [q for c in [None, *COMMANDS] for q in parsers(cli.parser([c] if c else []))]


def test_every_help_text_is_a_key_of_the_word_table() -> None:
    keys = {str(k) for q in ALL_PARSERS for k in help_keys(q)}
    assert keys and keys <= set(L.LABELS), sorted(keys - set(L.LABELS))
    # each command's arguments are there: trf-pair's own (from cmd_trf) and the addin's actions
    assert {"cli.trf_pair.output", "cli.addin.install.next_step", "cli.demo.team"} <= keys


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_no_help_text_cites_a_document(lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LC_ALL", "zh_CN.UTF-8" if lang == "zh" else "en_GB.UTF-8")
    assert cli.help_language() == lang
    for q in ALL_PARSERS:
        shown = q.format_help()
        for key in help_keys(q):
            words = cli._words(key)
            assert words and words != str(key)
            assert "".join(words.split()) in "".join(shown.split())  # (as wrapped)
        for cite in CITES:
            assert cite not in shown.lower(), (q.prog, cite, shown)
    for key, (zh, en) in L.LABELS.items():
        if key.startswith("cli."):
            assert not any(c in w.lower() for c in CITES for w in (zh, en)), key


def test_help_language_follows_the_locale() -> None:
    assert cli.help_language({"LANG": "zh_CN.UTF-8"}) == "zh"
    assert cli.help_language({"LANG": "zh_TW"}) == "zh"
    assert cli.help_language({"LC_ALL": "en_US.UTF-8", "LANG": "zh_CN.UTF-8"}) == "en"
    assert cli.help_language({"LC_ALL": "", "LC_MESSAGES": "zh_CN", "LANG": "C"}) == "zh"
    assert cli.help_language({"LANG": "C.UTF-8"}) == "en"
    assert cli.help_language({}) == "en"


def test_help_is_printed_in_chinese_under_a_chinese_locale(monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("LC_ALL", "zh_CN.UTF-8")
    with pytest.raises(SystemExit) as stop:
        cli.main(["pair", "--help"])
    assert stop.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith("用法：bianpai pair")
    assert L.text("cli.pair.provisional", "zh") in out and L.text("cli.help", "zh") in out
    assert cli.main([]) == 0
    assert L.text("cli.trf_pair", "zh")[:10] in capsys.readouterr().out


def test_running_a_job_imports_no_words() -> None:
    """The table is imported for help only: running ``trf-pair`` (and building any
    command's parser) does not import it, nor shutil (argparse's width)."""
    code = ("import sys; from bianpai.addin import cli; "
            "[cli.parser([c]) for c in %r]; "
            "print(' '.join(m for m in ('bianpai.addin.workbook.words', 'bianpai.addin.workbook.messages', "
            "'shutil') "
            "if m in sys.modules))" % (["trf-pair", "trf-standings", "pair", "demo", "new"],))
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == []


def test_chinese_help_fits_the_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """A Chinese character takes two columns: the help's lines fit the width."""
    monkeypatch.setenv("LC_ALL", "zh_CN.UTF-8")
    monkeypatch.setenv("COLUMNS", "60")
    for q in ALL_PARSERS:
        for line in q.format_help().splitlines():
            if line.startswith(("usage", "用法")) or "{" in line:  # (usage and choices: argparse's own lines)
                continue
            assert sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in line) <= 60 + 2, line


@pytest.mark.parametrize("argv, zh", [
    (["trf-pair"], "bianpai trf-pair：错误：缺少必需的参数：trf"),
    (["trf-pair", "--system", "nosuch", "x.trf"],
     "bianpai trf-pair：错误：参数 --system：'nosuch' 不是可选值（可选："),
    (["trf-pair", "a.trf", "b.trf"], "bianpai：错误：无法识别的参数：b.trf"),
    (["demo", "--players", "many"], "bianpai demo：错误：参数 --players：'many' 不是整数"),
    (["pair", "--keep=3", "a.xlsx"], "bianpai pair：错误：参数 --keep：多余的值 '3' 未被采用"),
    (["trf-pair", "-p"], "bianpai trf-pair：错误：参数 -p：须给一个值"),
])
def test_command_line_errors_are_worded_in_the_locale_language(
        argv: list[str], zh: str, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """argparse's own error messages come in the help's language; in English
    they stay argparse's words, and the exit code stays 2."""
    for lang, locale in (("zh", "zh_CN.UTF-8"), ("en", "C")):
        monkeypatch.setenv("LC_ALL", locale)
        with pytest.raises(SystemExit) as stop:
            cli.main(argv)
        assert stop.value.code == 2
        err = capsys.readouterr().err
        usage, _, last = err.rstrip("\n").rpartition("\n")
        assert usage.startswith(L.text("cli.usage", lang))
        if lang == "zh":
            assert last.startswith(zh), last
        else:
            assert ": error: " in last and not any("\u4e00" <= c <= "\u9fff" for c in last), last


def test_every_argparse_message_key_reads_back_its_own_english_words() -> None:
    """Each key's English words, with values filled in, are recognised as that
    key (the patterns and the words cannot drift apart)."""
    for key in cli.ARGPARSE_MESSAGES:
        zh, en = L.LABELS[key]
        fields = {name: f"'v{i}'" for i, name in enumerate(re.findall(r"\{(\w+)\}", en))
                  if name != "message"}
        inner = {"message": L.text("cli.arg.one", "en")} if "{message}" in en else {}
        worded = {"message": L.text("cli.arg.one", "zh")} if inner else {}
        assert cli.argparse_words(en.format(**fields, **inner), "zh") == zh.format(**fields, **worded), key
