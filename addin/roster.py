"""Team rosters imported into a team workbook (issue 29 item 2)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .sheets import SheetValues

if TYPE_CHECKING:
    from .jobs import JobResult


def import_roster(values: SheetValues, table: object, where: str = "CSV") -> JobResult:
    """Not yet: a team event's import is refused as before."""
    from .team_jobs import not_for_teams

    raise not_for_teams(values, "import-players")
