"""The kind of event (individual, team): one interface, chosen once when a workbook or a TRF is
read, which every job calls without asking which kind it has (issue 23, "the structure behind
them").

A kind is a record of the organiser's jobs on its workbook (:class:`EventKind`); the jobs of
:mod:`bianpai.addin.jobs.api` choose the kind from the workbook's Settings (:func:`kind_of`: each kind
says whether it holds the workbook, the first that does is the one) or from a TRF's records
(:func:`kind_of_trf`) and call it.  The kinds are :data:`INDIVIDUAL` (the jobs of :mod:`.pair`,
:mod:`.standings`, :mod:`.check` …, on :class:`~bianpai.addin.workbook.sheets.Event`) and :data:`TEAM`
(团体赛, :mod:`.team`, on :class:`~bianpai.addin.workbook.sheets.team.event.TeamWorkbook`: the engine's
team event, paired through
its projection onto a :class:`~bianpai.engine.model.Tournament`,
:mod:`bianpai.engine.teams.projection`).  Each job returns a whole
:class:`~bianpai.addin.jobs.result.JobResult` or raises; nothing is written by a kind."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, Sequence, runtime_checkable

from bianpai.engine.problems import Problem

from ..workbook import sheets as S
from ..workbook import words as L
from ..workbook.messages import WorkbookInputError
from ..workbook.sheets.cells import _at
from .check import individual_check
from .draw import individual_draw
from .new import individual_new, individual_new_in_workbook
from .pair import individual_next_step, individual_pair
from .players import individual_import_players
from .printed import Brackets, individual_cards, individual_slips
from .result import JobResult
from .standings import individual_update
from .trf import individual_export_trf, individual_import_trf
from .undo import individual_undo

if TYPE_CHECKING:
    from .registration import Table
    from .publication import Publication
    from .team import TeamJobs
    from ..workbook.sheets.team.event import TeamWorkbook



@runtime_checkable
class EventBook(Protocol):
    """A workbook as its kind reads it (:class:`~bianpai.addin.workbook.sheets.Event`,
    :class:`~bianpai.addin.workbook.sheets.team.event.TeamWorkbook`): what every job asks of it whatever its
    kind — its language, its sheets' names, and a refusal in its language."""

    @property
    def lang(self) -> str: ...

    def sheet_name(self, key: str) -> str: ...

    def round_sheet_name(self, k: int) -> str: ...

    def refuse(self, problems: list[Problem]) -> WorkbookInputError: ...


class EventKind(Protocol):
    """What a kind of event does for each job (the job table's jobs; ``values``: the workbook's
    sheet values as read).  ``name`` is the kind's name for messages and tests, never branched on."""

    name: str
    roster: bool
    """Whether its players come as a roster: a registration list with a team column (队名/参赛队)
    and board order (import-players, issue 29)."""

    def holds(self, values: S.SheetValues | None) -> bool:
        """Whether the workbook is an event of this kind (its Settings' event-kind row)."""
        ...

    def holds_trf(self, text: str) -> bool:
        """Whether the TRF is an event of this kind (its records)."""
        ...

    def language(self, values: S.SheetValues) -> str: ...

    def new(self, lang: str, name: str | None) -> JobResult: ...

    def pair(self, values: S.SheetValues, provisional: bool, keep: bool) -> JobResult: ...

    def update(self, values: S.SheetValues) -> JobResult: ...

    def undo(self, values: S.SheetValues, force: bool) -> JobResult: ...

    def check(self, values: S.SheetValues, repair: bool) -> JobResult: ...

    def next_step(self, values: S.SheetValues) -> JobResult: ...

    def new_in_workbook(self, values: S.SheetValues) -> JobResult:
        """新建赛事 on a workbook holding this kind's sheets: completed while it holds no entrants and
        no rounds, else refused."""
        ...

    def export_trf(self, values: S.SheetValues) -> JobResult: ...

    def import_trf(self, values: S.SheetValues | None, trf_text: str, lang: str, where: str) -> JobResult: ...

    def import_players(self, values: S.SheetValues, table: "Sequence[Sequence[object]] | Table", where: str,
                       update: bool, allow_duplicates: bool) -> JobResult: ...

    def draw(self, values: S.SheetValues, seed: int | None) -> JobResult: ...

    def cards(self, values: S.SheetValues, brackets: Brackets) -> JobResult: ...

    def slips(self, values: S.SheetValues) -> JobResult: ...

    def publication(self, values: S.SheetValues) -> "tuple[Publication, EventBook]":
        """What ``share`` publishes of the workbook (its rounds, standings and crosstable), and the
        workbook as read; refused when no round is paired yet."""
        ...




# ---------------------------------------------------------------------------
# individual
# ---------------------------------------------------------------------------


class IndividualKind:
    """个人赛: the jobs of :mod:`.new`, :mod:`.pair`, :mod:`.standings`, :mod:`.undo`, :mod:`.check`,
    :mod:`.trf`, :mod:`.players`, :mod:`.draw` and :mod:`.printed` on
    :class:`~bianpai.addin.workbook.sheets.Event`."""

    name = "individual"
    roster = False

    def holds(self, values: S.SheetValues | None) -> bool:
        return True  # the kind of every workbook no other kind holds (kinds are tried in order)

    def holds_trf(self, text: str) -> bool:
        return True

    def language(self, values: S.SheetValues) -> str:
        return S.read_event(values).lang

    def new(self, lang: str, name: str | None) -> JobResult:
        return individual_new(lang, name)

    def pair(self, values: S.SheetValues, provisional: bool, keep: bool) -> JobResult:
        return individual_pair(values, provisional, keep)

    def update(self, values: S.SheetValues) -> JobResult:
        return individual_update(values)

    def undo(self, values: S.SheetValues, force: bool) -> JobResult:
        return individual_undo(values, force)

    def check(self, values: S.SheetValues, repair: bool) -> JobResult:
        return individual_check(values, repair)

    def next_step(self, values: S.SheetValues) -> JobResult:
        return individual_next_step(values)

    def new_in_workbook(self, values: S.SheetValues) -> JobResult:
        return individual_new_in_workbook(values)

    def export_trf(self, values: S.SheetValues) -> JobResult:
        return individual_export_trf(values)

    def import_trf(self, values: S.SheetValues | None, trf_text: str, lang: str, where: str) -> JobResult:
        return individual_import_trf(values, trf_text, lang, where)

    def import_players(self, values: S.SheetValues, table: "Sequence[Sequence[object]] | Table", where: str,
                       update: bool, allow_duplicates: bool) -> JobResult:
        return individual_import_players(values, table, where, update, allow_duplicates)

    def draw(self, values: S.SheetValues, seed: int | None) -> JobResult:
        return individual_draw(values, seed)

    def cards(self, values: S.SheetValues, brackets: Brackets) -> JobResult:
        return individual_cards(values, brackets)

    def slips(self, values: S.SheetValues) -> JobResult:
        return individual_slips(values)

    def publication(self, values: S.SheetValues) -> "tuple[Publication, EventBook]":
        # start-up time: share alone builds a publication (the standings, the team sheets)
        from .publication import individual_publication

        return individual_publication(values)



# ---------------------------------------------------------------------------
# team (团体赛, issue 18)
# ---------------------------------------------------------------------------


_EVENT_KIND_ROW = ("set.event_kind",)
"""The label key of the Settings' event-kind row (the first of sheets.team_settings.TEAM_ROW_KEYS)."""


class TeamKind:
    """团体赛: the same jobs on a team workbook (Settings with the team block, Teams, Players with
    team and 台次, round sheets of matches and boards), on the engine's team event."""

    name = "team"
    roster = True

    def holds(self, values: S.SheetValues | None) -> bool:
        if not values:
            return False
        settings = S.classify_sheets(values)[0].get("sheet.settings")
        if settings is None:
            return False
        rows = values[settings]
        # start-up time (issue 27): a Settings sheet without the event-kind row (every individual
        # workbook but one that says 个人赛) is no team's, told without importing the team modules
        # (sheets.team_settings imports the team engine, ~11 ms); is_team_settings finds that row
        # by the same label, so the answer is the same
        if not any(L.lookup(_at(rows, r, 0), _EVENT_KIND_ROW) for r in range(len(rows))):
            return False
        # start-up time: the team modules only for a Settings sheet with that row (above)
        from ..workbook.sheets.team.settings import is_team_settings

        return is_team_settings(rows)

    def holds_trf(self, text: str) -> bool:
        """A TRF with team records (TRF16 ``013``, TRF-2026 ``310``)."""
        return any(line[:3] in ("013", "310") for line in text.splitlines())

    def read(self, values: S.SheetValues) -> TeamWorkbook:
        return _team().read(values)

    def result(self, wb: TeamWorkbook, values: S.SheetValues | None, msg: str, *,
               writes: Sequence[str] = (), delete: Sequence[str] = (), output: str = "") -> JobResult:
        """``wb`` rendered as a job's result (:meth:`~.team.TeamJobs.result`)."""
        return _team().result(wb, values, msg, writes=writes, delete=delete, output=output)

    def language(self, values: S.SheetValues) -> str:
        return _team().language(values)

    def new(self, lang: str, name: str | None) -> JobResult:
        return _team().new(lang, name)

    def pair(self, values: S.SheetValues, provisional: bool, keep: bool) -> JobResult:
        return _team().pair(values, provisional, keep)

    def update(self, values: S.SheetValues) -> JobResult:
        return _team().update(values)

    def undo(self, values: S.SheetValues, force: bool) -> JobResult:
        return _team().undo(values, force)

    def check(self, values: S.SheetValues, repair: bool) -> JobResult:
        return _team().check(values, repair)

    def next_step(self, values: S.SheetValues) -> JobResult:
        return _team().next_step(values)

    def new_in_workbook(self, values: S.SheetValues) -> JobResult:
        return _team().new_in_workbook(values)

    def export_trf(self, values: S.SheetValues) -> JobResult:
        return _team().export_trf(values)

    def import_trf(self, values: S.SheetValues | None, trf_text: str, lang: str, where: str) -> JobResult:
        return _team().import_trf(values, trf_text, lang, where)

    def import_players(self, values: S.SheetValues, table: "Sequence[Sequence[object]] | Table", where: str,
                       update: bool, allow_duplicates: bool) -> JobResult:
        return _team().import_players(values, table, where, update, allow_duplicates)

    def draw(self, values: S.SheetValues, seed: int | None) -> JobResult:
        return _team().draw(values, seed)

    def cards(self, values: S.SheetValues, brackets: Brackets) -> JobResult:
        return _team().cards(values, brackets)

    def slips(self, values: S.SheetValues) -> JobResult:
        return _team().slips(values)

    def publication(self, values: S.SheetValues) -> "tuple[Publication, EventBook]":
        # start-up time: share alone builds a publication (the standings, the team sheets)
        from .publication import team_publication

        return team_publication(self.read(values))


def _team() -> TeamJobs:
    """The team jobs (:mod:`.team`)."""
    # start-up time: the team modules (the team engine, ~11 ms) are imported for a team event only
    from .team import TEAM_JOBS

    return TEAM_JOBS


INDIVIDUAL = IndividualKind()
TEAM = TeamKind()
KINDS: tuple[EventKind, ...] = (TEAM, INDIVIDUAL)
"""The kinds of event, in the order they are tried: the first that holds a workbook (or a TRF) is
its kind; the individual kind holds every workbook no other kind claims."""


def kind_of(values: S.SheetValues | None) -> EventKind:
    """The kind of the event a workbook holds — chosen once, here."""
    return next(k for k in KINDS if k.holds(values))


def kind_of_trf(text: str) -> EventKind:
    """The kind of the event a TRF holds — chosen once, here."""
    return next(k for k in KINDS if k.holds_trf(text))


def kind_named(name: str) -> EventKind:
    """The kind called ``name`` (``individual``, ``team``: ``bianpai new --team``)."""
    return next(k for k in KINDS if k.name == name)


__all__ = [
    "EventBook", "EventKind", "INDIVIDUAL", "KINDS", "TEAM", "kind_named", "kind_of", "kind_of_trf",
]
