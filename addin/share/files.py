"""The files of ``bianpai share`` written beside the workbook, all or none (issue 24)."""

from __future__ import annotations

import os
import re
import tempfile
from pathlib import Path
from typing import Sequence

from ..workbook import words as L

__all__ = ["FILE_MODE", "folder_for", "write_files"]


def folder_for(workbook: Path, lang: str) -> Path:
    """The folder beside the workbook the files go to (``demo_分享`` / ``demo_share``)."""
    return workbook.parent / L.text("share.folder", lang, stem=workbook.stem)


FILE_MODE = 0o644
"""The files written are readable by everyone (a web space serves them), as a saved file is."""

_PART = re.compile(r"^(?P<stem>.+?)(?:-\d+)?\.png$")


def write_files(folder: Path, files: Sequence[tuple[str, bytes]]) -> list[Path]:
    """Write ``files`` into ``folder`` (made if missing): each into a temporary
    file of the folder first, then, once every one is written, each renamed
    into place (:func:`os.replace`); if any write fails, the temporary files
    are removed and nothing is replaced.  An image set of an earlier share
    split otherwise (``第7轮对阵-3.png`` of three, now two) is removed, so the
    folder never holds a stale part.  Returns the paths written."""
    folder.mkdir(parents=True, exist_ok=True)
    temps: list[tuple[str, str]] = []
    try:
        for name, data in files:
            fd, tmp = tempfile.mkstemp(prefix=".share-", suffix=".tmp", dir=folder)
            temps.append((tmp, name))
            os.chmod(tmp, FILE_MODE)
            with os.fdopen(fd, "wb") as f:
                f.write(data)
                f.flush()
                os.fsync(f.fileno())
    except BaseException:
        for tmp, _ in temps:
            try:
                os.unlink(tmp)
            except OSError:
                pass
        raise
    new = {name for name, _ in files}
    stems = {m.group("stem") for name in new if (m := _PART.match(name))}
    for old in folder.iterdir():
        m = _PART.match(old.name)
        if m and m.group("stem") in stems and old.name not in new:
            old.unlink()
    out = []
    for tmp, name in temps:
        os.replace(tmp, folder / name)
        out.append(folder / name)
    return out
