"""The FIDE Dutch system (分区编排, C.04.3 2025): worked examples an arbiter can
follow by hand, and the ``bianpai trf-pair --system dutch`` command end to end.
"""

from __future__ import annotations

import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from bianpai.addin.workbook.messages import wording  # the engine's records, worded as the workbook shows them
from bianpai.engine.systems.dutch import choose_colour, pair
from bianpai.engine.rules import Rules
from bianpai.engine.systems.dutch.players import DutchPlayer, colour_card
from bianpai.engine.model import (
    CHESS_POINTS, Bye, ByeKind, Colour, Game, GameResult, Player, Round, Tournament,
)
from bianpai.engine.results import InputError

from conftest import CONFORMANCE

CASES = CONFORMANCE / "dutch-cases"


def card(number: int, colours: str, score: int = 10) -> DutchPlayer:
    """A pairing card with the given played colours (``"wb"``…: TRF letters,
    w = white = red), rank = number − 1."""
    played = tuple(Colour(c) for c in colours)
    imbalance, pref, repeated, strong = colour_card(played)
    return DutchPlayer(
        number=number, rank=number - 1, score=score, entries=(), played_colours=played,
        played_games=len(colours), opponents=frozenset(), imbalance=imbalance, preference=pref,
        repeated=repeated, strong=strong, eligible_for_bye=True,
    )


WHITE, BLACK = Colour.RED, Colour.BLACK


def event(n: int, rounds: tuple[Round, ...] = ()) -> Tournament:
    players = tuple(Player(i, f"P{i}", 2000 - i) for i in range(1, n + 1))
    return Tournament("t", players, rounds, total_rounds=5, points=CHESS_POINTS,
                      first_colour=Colour.RED)


# -- colour allocation (C.04.3 article 5) ------------------------------------

def test_both_preferences_are_granted_when_they_differ() -> None:
    """5.2.1: player 1 had black (wants white), player 2 had white (wants
    black): both get what they want — 1 white."""
    assert choose_colour(card(1, "b"), card(2, "w"), WHITE) == WHITE


def test_an_absolute_preference_beats_a_mild_one() -> None:
    """5.2.2: player 1 played black then white (difference 0, last game white:
    a mild preference for black); player 2 played white twice (an absolute
    preference for black).  Both want black; the absolute preference wins:
    2 black, so 1 white."""
    p1, p2 = card(1, "bw"), card(2, "ww")
    assert (p1.preference, p1.strong, p1.absolute) == (BLACK, False, False)
    assert (p2.preference, p2.absolute) == (BLACK, True)
    assert choose_colour(p1, p2, WHITE) == WHITE
    assert choose_colour(p2, p1, WHITE) == BLACK


def test_equal_preferences_alternate_from_the_last_difference() -> None:
    """5.2.3: player 1 played w b w, player 2 w w b.  Both have one white more
    (strong preference for black).  Going back from the last round, the first
    round in which their colours differed is the last one: 1 had white, 2 had
    black.  Alternate: 1 black, 2 white."""
    p1, p2 = card(1, "wbw"), card(2, "wwb")
    assert (p1.preference, p1.strong) == (p2.preference, p2.strong) == (BLACK, True)
    assert choose_colour(p1, p2, WHITE) == BLACK


def test_same_history_gives_the_higher_ranked_player_his_preference() -> None:
    """5.2.4: both played one game with black (both mildly want white), with
    no difference to alternate from: the higher-ranked player (1, same score,
    lower pairing number) gets his preference, white."""
    assert choose_colour(card(1, "b"), card(2, "b"), WHITE) == WHITE
    assert choose_colour(card(2, "b"), card(1, "b"), WHITE) == BLACK


def test_no_preference_follows_the_drawn_colour_by_pairing_number() -> None:
    """5.2.5: nobody has a colour yet.  The higher-ranked player of the pair
    gets the colour drawn for round 1 if his pairing number is odd, the other
    colour if even: 1 (odd) gets the drawn colour, 2 (even) the opposite."""
    assert choose_colour(card(1, ""), card(4, ""), BLACK) == BLACK
    assert choose_colour(card(2, ""), card(5, ""), BLACK) == WHITE


# -- whole rounds --------------------------------------------------------------

def test_first_round_top_half_against_bottom_half_and_bye_to_the_last() -> None:
    """Round 1, five players, white drawn for player 1.  The number of players
    is odd, so the lowest-ranked player (5) gets the pairing-allocated bye
    (C.04.1, C.04.3 C5/C9).  The other four form S1 = {1, 2} and S2 = {3, 4}:
    1–3 and 2–4.  Colours alternate down the boards from the drawn colour
    (5.2.5): 1 white, then 2 black (so 4 white)."""
    p = pair(event(5))
    assert p.pairs() == [(1, 3), (4, 2)]
    assert p.bye == 5


def test_bye_and_a_downfloat_in_round_two() -> None:
    """Round 1 (chess points): 1 (white) beat 3, 4 (white) lost to 2, 5 had the
    pairing-allocated bye.  Before round 2: 1, 2 and 5 have 1 point; 3 and 4
    have 0.

    * The 1-point bracket {1, 2, 5} is odd: one player floats down.  5 scored
      a point without playing, which counts as a downfloat (1.4.3); floating
      him again would repeat it (C14), so 1 or 2 floats.  S1 = {1}, S2 = {2, 5}:
      1–2 would float 5; the next candidate 1–5 floats 2.
    * 1 had white (wants black), 5 has no colour: 5 white, 1 black (5.2.1).
    * The 0-point bracket is {2 (moved down), 3, 4}.  2 already met 4, so 2–3;
      4 gets the bye (lowest score, never had one).  2 and 3 both had black
      and nothing else (both want white, no difference to alternate from):
      the higher-ranked, 2, gets white (5.2.4)."""
    r1 = Round(1, (Game(1, 3, GameResult.RED_WIN), Game(4, 2, GameResult.BLACK_WIN)),
               (Bye(5, ByeKind.PAIRING),))
    p = pair(event(5, (r1,)))
    assert sorted(p.pairs()) == [(2, 3), (5, 1)]
    assert p.bye == 4


def test_the_bye_never_goes_twice_to_the_same_player() -> None:
    """Three players: 1 (white) beat 2 in round 1 and 3 had the bye.  In
    round 2, 1 and 2 may not meet again (C1) and 3 may not have a second bye
    (C.04.1): the only pairing is 1–3, with the bye to 2.  1 had white (wants
    black), 3 has no colour: 3 white (5.2.1)."""
    r1 = Round(1, (Game(1, 2, GameResult.RED_WIN),), (Bye(3, ByeKind.PAIRING),))
    p = pair(event(3, (r1,)))
    assert p.pairs() == [(3, 1)]
    assert p.bye == 2


def test_an_unfinished_game_is_an_input_error_unless_counted_as_a_draw() -> None:
    """Four players; in round 1, 1–3 is still being played when round 2 must
    be paired.  Without the provisional setting that is an input error naming
    the game.  With it, 1–3 counts as a draw: 1 and 3 have ½, 2 (who beat 4)
    has 1, 4 has 0.  Brackets: {2} alone floats down to {1, 3}; 1 and 3 have
    met, so 2 meets the higher, 1; then 3–4.  Colours: 2 had black, 1 white
    (5.2.1: 2 white); 4 had white, 3 black (3 white)."""
    r1 = Round(1, (Game(1, 3, None), Game(4, 2, GameResult.BLACK_WIN)))
    t = event(4, (r1,))
    with pytest.raises(InputError, match="red=1, black=3"):
        pair(t)
    p = pair(replace(t, rules=Rules(provisional=True)))
    assert sorted(p.pairs()) == [(2, 1), (3, 4)]
    assert any(wording(n, "en").endswith("as draws") for n in p.notes)


# -- the command line ------------------------------------------------------------

def bianpai_command() -> list[str]:
    script = Path(sys.executable).with_name("bianpai")
    if script.exists():
        return [str(script)]
    return [sys.executable, "-c", "import sys; from bianpai.addin.cli import main; sys.exit(main())"]


def test_trf_pair_dutch_through_the_command_line(tmp_path: Path) -> None:
    """``bianpai trf-pair --system dutch IN.trf -p OUT`` writes exactly the
    reference engine's ``-p`` output for a reported 60-player event."""
    out = tmp_path / "issue_7.pairs"
    run = subprocess.run(
        bianpai_command() + ["trf-pair", "--system", "dutch", str(CASES / "issue_7.trf"), "-p", str(out)],
        capture_output=True, text=True, timeout=120,
    )
    assert run.returncode == 0, run.stderr
    assert out.read_text(encoding="utf-8") == (CASES / "issue_7.expected").read_text(encoding="utf-8")
