"""Shortcut ``pause_collector`` (:class:`~..options.DutchOptions`): Python's
cyclic garbage collector paused while a round is paired (nothing paired
depends on it: it only frees memory)."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def _collector_paused(pause: bool) -> Iterator[None]:
    """Python's cyclic garbage collector off while a round is paired (when
    ``pause``): the pairing makes millions of small objects and no cycles,
    and each full collection walks all objects alive (the whole event's too)."""
    paused = pause and gc.isenabled()
    if paused:
        gc.disable()
    try:
        yield
    finally:
        if paused:
            gc.enable()
