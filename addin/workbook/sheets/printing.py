"""What the printed sheets carry besides their tables (issue 13 items 8–10): the
pairing method in words, the date/time and venue line and the 裁判长 / 编排
signature line, from the Settings rows of the same names."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import words as L
from ..words import text

if TYPE_CHECKING:
    from .settings import EventSettings


def system_words(name: str, lang: str) -> str:
    """A pairing system in words (定位编排法, not ``dingwei``); an unknown name as it is."""
    key = f"system.{name.replace('-', '_')}"
    return text(key, lang) if key in L.LABELS else name


def when_where(s: EventSettings, lang: str) -> str:
    """``时间: … 地点: …`` from the Settings' dates and venue rows ("" when both are blank)."""
    parts = ([text("print.when_where", lang, dates=s.dates)] if s.dates else []) + (
        [text("print.venue", lang, venue=s.venue)] if s.venue else [])
    return "　　".join(parts) if lang == "zh" else "    ".join(parts)


def signature_line(s: EventSettings, lang: str) -> str:
    """``裁判长: ____　编排: ____`` — a name from the Settings printed beside its line."""
    blank = text("print.blank_signature", lang)
    chief = f"{s.chief_arbiter} {blank}" if s.chief_arbiter else blank
    pairer = f"{s.pairing_officer} {blank}" if s.pairing_officer else blank
    return text("print.signatures", lang, chief=chief, pairer=pairer)


def signature_footer(s: EventSettings, lang: str) -> str:
    """The page footer of a sheet an arbiter signs: the signature line, then the page number."""
    return f"{signature_line(s, lang)}　　{text('print.page', lang)}"


__all__ = ["signature_footer", "signature_line", "system_words", "when_where"]
