"""The bianpai command (:mod:`.app`); ``from bianpai.addin.cli import main`` and
``python -m bianpai.addin.cli`` keep working for the callers of the old module."""

from .app import *  # noqa: F401,F403
from .app import __all__ as __all__  # noqa: F401
