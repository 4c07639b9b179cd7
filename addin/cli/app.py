"""The ``bianpai`` command, made from the job table (:mod:`bianpai.addin.jobtable`).

Start-up is kept short, since tools call ``trf-pair`` once per round (issue
16): only the chosen job's module is imported (engine-only commands such as
``trf-pair`` and ``trf-standings`` never load the workbook layer), and when
the command is the first argument only its own parser is built.  The help
texts are keys of the zh/en word table (:mod:`bianpai.addin.workbook.words`), turned
into words by :class:`HelpWords` only when help is shown, in
:func:`help_language`; the table is not imported otherwise.  The TRF jobs end
the process without tearing the interpreter down (:func:`quick_exit`).  The console
script enters through :mod:`bianpai.addin.cli.command`, which pauses Python's
cyclic collector while the modules load (:func:`main`, ``resume_collector``).
Exit codes live in :mod:`bianpai.addin.cli.exitcodes`; nothing imports back into
this module.
"""

from __future__ import annotations

import argparse
import re
import unicodedata
import gc
import importlib
import os
import sys
from typing import Any, Callable, NoReturn

from .exitcodes import EXIT_BAD_INPUT, EXIT_FILE, EXIT_INTERRUPTED, EXIT_NO_PAIRING, EXIT_OK, EXIT_UNEXPECTED
from ..jobs.table import JOBS, Job, command

__all__ = ["EXIT_BAD_INPUT", "EXIT_FILE", "EXIT_INTERRUPTED", "EXIT_NO_PAIRING", "EXIT_OK", "EXIT_UNEXPECTED",
           "SafeStream", "interrupted", "safe_console",
           "ARGPARSE_MESSAGES", "HELP_LANGUAGE_VARIABLES", "HelpWords", "argparse_words", "help_language",
           "main", "parser", "quick_exit"]

HELP_LANGUAGE_VARIABLES: tuple[str, ...] = ("LC_ALL", "LC_MESSAGES", "LANG")
"""Decision: the command's help (``bianpai -h``) is Chinese when the
environment's locale is — the first of these variables that is set (the order
in which POSIX reads them) starts with ``zh`` — and English otherwise.  What
the commands write into a workbook follows the workbook's language."""

DESCRIPTION = "cli.description"
"""The key of the words ``bianpai -h`` opens with."""


def help_language(environ: Any = None) -> str:
    """``zh`` or ``en`` for the help texts (:data:`HELP_LANGUAGE_VARIABLES`)."""
    env = os.environ if environ is None else environ
    locale = next((env[v] for v in HELP_LANGUAGE_VARIABLES if env.get(v)), "")
    return "zh" if locale.lower().startswith("zh") else "en"


def _words(key: str | None) -> str | None:
    """The words of a help key (with the values a :class:`~bianpai.addin.jobtable.Help`
    carries); anything that is not a key of the table (argparse's own) as it is."""
    if not key:
        return key
    # start-up time: the word table only for help and messages (tests/test_cli_help.py)
    from ..workbook import words as L

    if str(key) not in L.LABELS:
        return key
    return L.text(str(key), help_language(), **dict(getattr(key, "values", ())))


def _terminal_width() -> int:
    """The width help is wrapped to, as ``shutil.get_terminal_size`` finds it
    (``$COLUMNS``, else the terminal, else 80), without importing shutil."""
    try:
        return int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        pass
    try:
        return os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
    except (AttributeError, ValueError, OSError):
        return 80


_CLOSING = frozenset("）】」』，。；：、！？")
"""Chinese punctuation that does not begin a line of help (it stays on the line before)."""


class HelpWords(argparse.HelpFormatter):
    """argparse's help formatter with the words from the zh/en table: the help
    texts, the description, the headings and the ``usage:`` prefix are keys,
    turned into words here, when help is shown."""

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24,
                 width: int | None = None, **more: Any) -> None:
        super().__init__(prog, indent_increment, max_help_position,
                         _terminal_width() if width is None else width, **more)

    def _get_help_string(self, action: argparse.Action) -> str | None:
        return _words(action.help)

    def _format_text(self, text: str) -> str:
        return super()._format_text(_words(text) or "")

    def start_section(self, heading: str | None) -> None:
        super().start_section(_words(heading))

    def add_usage(self, usage: str | None, actions: Any, groups: Any, prefix: str | None = None) -> None:
        super().add_usage(usage, actions, groups, _words("cli.usage") if prefix is None else prefix)

    def _split_lines(self, text: str, width: int) -> list[str]:
        """Lines of at most ``width`` columns, a Chinese character taking two
        (argparse counts characters), broken between words or characters."""
        if text.isascii():
            return super()._split_lines(text, width)
        lines: list[str] = []
        line, used = "", 0
        for token in re.findall(r"\s+|[\x21-\x7e]+|.", text):
            if token.isspace():
                token = " "
            size = sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in token)
            if line and used + size > width and token not in _CLOSING:
                lines.append(line.rstrip())
                line, used = "", 0
            if token == " " and not line:
                continue
            line, used = line + token, used + size
        return lines + [line.rstrip()] if line.strip() else lines

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        return "\n".join(indent + line for line in self._split_lines(text, width - len(indent)))


ARGPARSE_MESSAGES: tuple[str, ...] = (
    "cli.arg.argument", "cli.arg.required", "cli.arg.unrecognized", "cli.arg.one_of",
    "cli.arg.not_allowed", "cli.arg.ignored", "cli.arg.one", "cli.arg.at_most_one",
    "cli.arg.at_least_one", "cli.arg.counts", "cli.arg.count", "cli.arg.ambiguous",
    "cli.arg.invalid_int", "cli.arg.invalid_type", "cli.arg.invalid_choice")
"""The keys of argparse's own error messages.  Their English words are argparse's
(Python 3.11–3.13) with ``{name}`` where it fills a value in; a message is
recognised by them and given the words of the help's language.  Decision: a
message argparse words otherwise (another Python) stays as argparse has it."""


def _message_pattern(key: str) -> Any:
    """The regular expression of a key's English words: its ``{name}`` fields
    become named groups (the last one reaching to the end)."""
    # start-up time: the word table only for help and messages (tests/test_cli_help.py)
    from ..workbook import words as L

    words = L.LABELS[key][1]
    parts = re.split(r"\{(\w+)\}", words)
    pattern = "".join(re.escape(part) if i % 2 == 0 else f"(?P<{part}>.+?)"
                      for i, part in enumerate(parts))
    return re.compile(pattern + "$", re.DOTALL)


def argparse_words(message: str, lang: str) -> str:
    """argparse's error ``message`` in ``lang``: in the table's words when it is
    one of :data:`ARGPARSE_MESSAGES` (an argument's message within it too), else
    as it is."""
    if lang == "en":
        return message
    # start-up time: the word table only for help and messages (tests/test_cli_help.py)
    from ..workbook import words as L

    for key in ARGPARSE_MESSAGES:
        m = _message_pattern(key).match(message)
        if m:
            values = m.groupdict()
            if "message" in values:
                values["message"] = argparse_words(values["message"], lang)
            return L.text(key, lang, **values)
    return message


class _Parser(argparse.ArgumentParser):
    """A parser whose words are keys of the table (:class:`HelpWords`); its
    subparsers (``add_subparsers``) are of the same kind, and its errors are
    worded in the help's language (:func:`argparse_words`)."""

    def error(self, message: str) -> NoReturn:
        """The usage and the error, worded by the table; exit code 2 as argparse's."""
        # start-up time: the word table only for help and messages (tests/test_cli_help.py)
        from ..workbook import words as L

        lang = help_language()
        self.print_usage(sys.stderr)
        self.exit(2, L.text("cli.error", lang, prog=self.prog, message=argparse_words(message, lang)))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", HelpWords)
        kwargs["add_help"] = False
        super().__init__(*args, **kwargs)
        self._positionals.title = "cli.positional"
        self._optionals.title = "cli.options"
        self.add_argument("-h", "--help", action="help", help="cli.help")


def _runner(job: Job) -> Callable[[argparse.Namespace], Any]:
    module, func = job.run.split(":")
    f: Callable[[argparse.Namespace], Any] = getattr(importlib.import_module(f"bianpai.addin.{module}"), func)
    return f


def _add_arguments(p: argparse.ArgumentParser, job: Job) -> None:
    """The job's arguments from the table, or from its module when it adds its own."""
    if job.args is None:
        module = importlib.import_module(f"bianpai.addin.{job.run.split(':')[0]}")
        module.add_arguments(p, job.command)
        return
    for arg in job.args:
        p.add_argument(*arg.flags, **dict(arg.options))


def parser(argv: list[str]) -> argparse.ArgumentParser:
    """The parser for ``argv``.  When ``argv`` starts with a command, only that
    command's parser is built (with its arguments and the function that runs
    it); otherwise every command's, without arguments, for the list of commands."""
    top = _Parser(prog="bianpai", description=DESCRIPTION)
    sub = top.add_subparsers(dest="command", metavar="COMMAND")
    chosen = command(argv[0]) if argv else None
    for job in (chosen,) if chosen is not None else JOBS:
        if job.command is None:
            continue
        p = sub.add_parser(job.command, help=job.help, description=job.help)
        if job is chosen:
            _add_arguments(p, job)
            p.set_defaults(_run=_runner(job), _quick_exit=job.quick_exit)
    return top


def quick_exit(code: int) -> int:
    """End the process now with ``code``, its output flushed, without tearing the
    interpreter down (freeing every module and object costs a TRF command a
    tenth of its run at 100 players, issue 16).  Returns ``code`` when the
    output cannot be flushed (a closed pipe): the interpreter then ends as usual."""
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (AttributeError, OSError, ValueError):  # (no stdout at all: None)
        return code
    os._exit(code)


class SafeStream:
    """A console stream whose writes never fail (issue 30 item 8): what the
    stream cannot take (a closed pipe, a full disk, a character its encoding
    lacks) is dropped, so that printing after a write never turns a command
    that succeeded into a failure.  Everything else is the stream's."""

    def __init__(self, stream: Any) -> None:
        self._stream = stream
        self.failed = False

    def write(self, text: str) -> int:
        try:
            return int(self._stream.write(text))
        except (OSError, ValueError, UnicodeError):
            self.failed = True
            return len(text)

    def flush(self) -> None:
        try:
            self._stream.flush()
        except (OSError, ValueError):
            self.failed = True

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


CONSOLE_TEXT = "编排"
"""What the console must carry for a command's words (Chinese)."""


def _carries(stream: Any) -> bool:
    try:
        CONSOLE_TEXT.encode(getattr(stream, "encoding", None) or "ascii")
    except (LookupError, UnicodeError):
        return False
    return True


def safe_console() -> tuple[Any, Any]:
    """Make printing safe for the command (issue 30 item 8); returns the
    streams to put back.  Decision: a console whose encoding cannot carry
    Chinese (Windows with an English locale: cp1252) is written in UTF-8
    when it is a file or a pipe and no encoding was asked for
    (``PYTHONIOENCODING``), since files and scripts read UTF-8; otherwise what
    the encoding lacks is replaced (``?``).  Either way the streams are
    :class:`SafeStream`."""
    saved = (sys.stdout, sys.stderr)
    for name in ("stdout", "stderr"):
        stream = getattr(sys, name)
        if stream is None:
            continue
        if not _carries(stream) and hasattr(stream, "reconfigure"):
            try:
                redirected = not stream.isatty()
            except (OSError, ValueError):
                redirected = True
            try:
                if redirected and not os.environ.get("PYTHONIOENCODING"):
                    stream.reconfigure(encoding="utf-8", errors="replace")
                else:
                    stream.reconfigure(errors="replace")
            except (OSError, ValueError, LookupError):
                pass
        setattr(sys, name, SafeStream(stream))
    return saved


def interrupted() -> int:
    """Ctrl+C: say (both languages, as a file-level message) whether anything
    was written, and :data:`~bianpai.addin.cli.exitcodes.EXIT_INTERRUPTED`; no traceback."""
    # start-up time: the word table only for help and messages (tests/test_cli_help.py)
    from ..workbook import words as L
    # start-up time: a command imports only what it runs (tests/test_cli_help.py)
    from ..files.atomic import WRITTEN

    paths = ", ".join(dict.fromkeys(str(p) for p in WRITTEN))
    key = "cli.interrupted_wrote" if WRITTEN else "cli.interrupted"
    print("bianpai: " + "\n".join(L.text(key, lang, paths=paths) for lang in L.LANGUAGES), file=sys.stderr)
    return EXIT_INTERRUPTED


def main(argv: list[str] | None = None, *, resume_collector: bool = False) -> int:
    """Run the command of ``argv`` (default: the process's arguments) and return
    its exit code; printing never fails (:func:`safe_console`), and Ctrl+C
    ends it with a sentence, not a traceback (:func:`interrupted`).  Run as the
    process's command (no ``argv``), a job marked
    ``quick_exit`` in the table ends the process itself (:func:`quick_exit`).
    ``resume_collector``: the command's entry point (:mod:`bianpai.addin.cli.command`)
    paused Python's cyclic collector while the modules loaded; once the job's
    parser is built (its module imported) what exists is frozen out of later
    collections and the collector is on again for the job."""
    saved = safe_console()
    try:
        return _main(argv, resume_collector)
    except KeyboardInterrupt:
        return interrupted()
    finally:
        sys.stdout, sys.stderr = saved


def _main(argv: list[str] | None, resume_collector: bool) -> int:
    as_command = argv is None
    argv = sys.argv[1:] if argv is None else argv
    top = parser(argv)
    args = top.parse_args(argv)
    if resume_collector:
        gc.freeze()
        gc.enable()
    if not getattr(args, "_run", None):
        top.print_help()
        return EXIT_OK if not argv else EXIT_UNEXPECTED
    code = int(args._run(args) or 0)
    if as_command and args._quick_exit:
        return quick_exit(code)
    return code


if __name__ == "__main__":
    sys.exit(main())
