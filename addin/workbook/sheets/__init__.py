"""The tournament workbook as plain values: read sheets into the engine's
:class:`Tournament`, and render the event back into sheets.

Backend-neutral: no openpyxl, no xlwings.  Reading takes what a backend read
from the workbook — ``{sheet name: rows}`` with each row a list of cell values
(None for empty cells) — and raises :class:`InputError` naming every problem
as ``Sheet!Cell``.  Writing returns :class:`SheetOut` records: the 2-D values
plus formatting as plain data (fills, bold, widths, number formats, drop-down
lists, A4 print setup), which :mod:`bianpai.addin.files.xlsx` (openpyxl) and the
Excel add-in (xlwings) apply in the same way.

Sources of truth are the Settings sheet, the Players sheet and the round
sheets.  Colours, Floats, Standings and Crosstable are derived: rewritten from
the sources every time, and they say so in their second row.

One module per sheet kind, its reader and its renderer side by side:
:mod:`.settings`, :mod:`.players`, :mod:`.round`, :mod:`.colours`, :mod:`.floats`,
:mod:`.standings`, :mod:`.crosstable`, :mod:`.apart` (回避名单); beside them :mod:`.cells` (coercion and cell
addresses), :mod:`.layout` (formatting records and the one style merge) and
:mod:`.event` (the whole workbook in and out).  This package re-exports their
public names, so ``from bianpai.addin.workbook import sheets as S`` sees every one; a
module's own helpers (``_str``, ``_at`` …) are imported from the module that
defines them.
"""

from __future__ import annotations

from .. import words as L
from .cells import (
    Cell,
    Rows,
    SheetValues,
    as_int,
    as_number,
    column_letter,
    display_width,
    plain_number,
    same_values,
    where,
    wrap_text,
)
from .apart import (
    APART_COLUMNS,
    APART_HEADER_ROW,
    read_apart,
    render_apart,
)
from .cards import (
    CARDS_ACROSS,
    SLIPS_PER_PAGE,
    next_round_rows,
    render_cards,
    render_slips,
)
from .changes import (
    CHANGES_COLUMNS,
    ChangeRecord,
    read_changes,
    render_changes,
)
from .colours import (
    render_colours,
)
from .crosstable import (
    crosstable_text,
    render_crosstable,
)
from .event import (
    Event,

    classify_sheets,
    finished_event,
    finished_rounds,
    new_event,
    read_event,
    render_all,
    render_derived,
    render_sources,
)
from .fixed import (
    FIXED_COLUMNS,
    FIXED_HEADER_ROW,
    read_fixed,
    render_fixed,
)
from .floats import (
    render_floats,
)
from .layout import (
    BLACK_FILL,
    HEADER_FILL,
    INPUT_FILL,
    NOTE_COLOUR,
    RED_FILL,
    WHITE,
    PrintSetup,
    SheetOut,
    Style,
    Validation,
)
from .players import (
    PLAYER_COLUMNS,
    PLAYERS_BLANK_ROWS,
    PLAYERS_HEADER_ROW,
    PLAYERS_INPUT_ROWS,
    PlayerStatus,
    carry_extra_columns,
    parse_status,
    read_players,
    render_players,
    status_text,
)
from .round import (
    BOARD_ROW_HEIGHT,
    BYE_BOARD_MARK,
    C_ADJUST,
    C_BLACK,
    C_BLACK_NAME,
    C_BLACK_SCORE,
    C_BOARD,
    C_PROV,
    C_RED,
    C_RED_NAME,
    C_RED_SCORE,
    C_RESULT,
    FINGERPRINT_COLUMN,
    FINGERPRINT_ROW,
    C_RULE,
    C_STEP,
    CANONICAL_RESULTS,
    PRINT_EXPLANATION,
    ROUND_COLUMNS,
    ROUND_HEADER_ROW,
    AmbiguousResult,
    NotAResult,
    ResultReading,
    RoundSheet,
    name_cell,
    parse_bye,
    parse_result,
    read_result_word,
    read_round,
    render_round,
    scores_before,
    with_pairing,
)
from .settings import (
    DEFAULT_CLUB_ROUNDS,
    DEFAULT_FIRST_ROUND,
    DEFAULT_RR_CYCLES,
    DEFAULT_TIEBREAKS,
    FIRST_COLOUR_OPTION,
    FIRST_ROUND_METHODS,
    POINT_ROWS,
    ROUND_ROBIN_TOTAL_FROM_SCHEDULE,
    SETTING_ROWS,
    SETTINGS_FIRST_ROW,
    WORKBOOK_SYSTEMS,
    EventFacts,
    EventSettings,
    active_players,
    code_word,
    four_points,
    key_rows,
    point_rows,
    rr_cycles,
    setting_values,
    read_settings,
    render_settings,
    suggests_round_robin,
    system_of,
    total_rounds,
)
from .standings import (
    excluded_players,
    ranked_tournament,
    render_standings,
    standings_rows,
)

__all__ = [
    "POINT_ROWS",
    "point_rows",
    "L",
    "Cell", "Rows", "SheetValues", "column_letter", "where", "as_int", "as_number",
    "plain_number", "display_width",
    "wrap_text", "same_values", "RED_FILL", "BLACK_FILL", "WHITE", "HEADER_FILL", "NOTE_COLOUR",
    "INPUT_FILL", "Style", "Validation", "PrintSetup", "SheetOut",
    "WORKBOOK_SYSTEMS", "system_of", "DEFAULT_RR_CYCLES",
    "ROUND_ROBIN_TOTAL_FROM_SCHEDULE", "DEFAULT_FIRST_ROUND", "FIRST_ROUND_METHODS", "DEFAULT_TIEBREAKS",
    "DEFAULT_CLUB_ROUNDS", "EventFacts", "EventSettings", "SETTING_ROWS", "SETTINGS_FIRST_ROW",
    "read_settings", "FIRST_COLOUR_OPTION", "four_points", "key_rows", "rr_cycles", "setting_values",
    "total_rounds",
    "active_players", "suggests_round_robin", "render_settings", "PlayerStatus", "PLAYER_COLUMNS",
    "PLAYERS_HEADER_ROW", "parse_status", "read_players", "status_text",
    "PLAYERS_BLANK_ROWS", "PLAYERS_INPUT_ROWS", "render_players", "carry_extra_columns",
    "CANONICAL_RESULTS", "NotAResult", "AmbiguousResult",
    "ResultReading", "read_result_word",
    "parse_result", "parse_bye", "RoundSheet", "ROUND_COLUMNS", "C_BOARD",
    "C_RED", "C_RED_NAME", "C_RED_SCORE", "C_RESULT", "C_BLACK_SCORE", "C_BLACK_NAME", "C_BLACK",
    "FINGERPRINT_COLUMN", "FINGERPRINT_ROW",
    "C_STEP", "C_RULE", "C_PROV", "C_ADJUST", "ROUND_HEADER_ROW", "BYE_BOARD_MARK", "read_round",
    "scores_before",
    "render_round", "PRINT_EXPLANATION", "BOARD_ROW_HEIGHT", "with_pairing",
    "render_colours", "render_floats", "ranked_tournament", "excluded_players", "standings_rows", "code_word",
    "render_standings", "crosstable_text", "render_crosstable", "Event",
    "classify_sheets", "read_event", "render_sources", "render_derived",
    "render_all", "new_event",
    "finished_event", "finished_rounds",  # issue 13: the derived sheets describe the finished rounds
    "name_cell",
    "APART_COLUMNS", "APART_HEADER_ROW", "read_apart", "render_apart",
    "CHANGES_COLUMNS", "ChangeRecord", "read_changes", "render_changes",
    "FIXED_COLUMNS", "FIXED_HEADER_ROW", "read_fixed", "render_fixed",
    "CARDS_ACROSS", "SLIPS_PER_PAGE", "next_round_rows", "render_cards", "render_slips",
]
