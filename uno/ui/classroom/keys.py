"""Every session key of the classroom page, in one place. The kids' game and pass-and-play
keep the same things under their own prefix."""

from __future__ import annotations

from typing import Final

KIDS: Final = "cl_k_"  # the game against the computer: session keys cl_k_*
PASS: Final = "cl_p_"  # pass and play: session keys cl_p_*
#: The seat whose cards pass-and-play shows (None: the pass screen).
SHOWN: Final = "cl_p_shown"
#: The next deal's seed.
SEED: Final = "cl_seed"
MODE: Final = "cl_mode"
#: A teacher's link's deck (``?deck=``), applied once.
DECK_PARAM: Final = "cl_deck_param"
#: The kids' game's settings.
KIDS_DECK: Final = "cl_k_deck"
FRIENDS: Final = "cl_k_friends"
#: Pass-and-play's settings.
PASS_DECK: Final = "cl_p_deck"
COUNT: Final = "cl_p_count"
PASS_ERROR: Final = "cl_p_error"
SHOW: Final = "cl_p_show"
#: The page is shown around the table (its menu was pressed): no game screen.
PAGE: Final = "cl_page"
#: The next drawing of the table brings it into view (a new game, a new turn).
LAND: Final = "cl_land"
BACK_TO_GAME: Final = "cl_back_to_game"


def of(prefix: str, name: str) -> str:
    """A key of one mode: ``game``, ``message``, ``hint``, ``coach``, ``table``, ``start``,
    ``again``, ``hint_btn``, ``coach_btn``."""
    return f"{prefix}{name}"


def pass_name(seat: int) -> str:
    """A pass-and-play player's name box."""
    return f"cl_p_name_{seat}"


def late(seat: int) -> str:
    """The pass screen's "I say Uno" button of a seat."""
    return f"cl_p_late_{seat}"


def catch(seat: int) -> str:
    """The pass screen's button that catches a seat."""
    return f"cl_p_catch_{seat}"
