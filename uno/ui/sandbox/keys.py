"""Every session key of the sandbox page, in one place (the widgets' keys and the page's own)."""

from __future__ import annotations

from typing import Final

#: The game on the table: a ``uno.academy.match.Match``.
MATCH: Final = "sb_match"
#: The line said at the hand of the table (a ``Message``), until the next change.
TABLE_MESSAGE: Final = "sb_table_message"
#: What the last setup did: (kind, text) for ``st.success``, ``st.error``...
SETUP_MESSAGE: Final = "sb_setup_message"
#: The coach's words: (the match they answer, the words).
COACH: Final = "sb_coach"
#: The share link last opened (``?s=``), so that it opens once.
LINK_APPLIED: Final = "sb_link_applied"
#: The table is the game screen (the page's chrome folded away); False: the page is shown.
PLAYING: Final = "sb_playing"
#: The next drawing of the table brings it into view (a new game).
LAND: Final = "sb_land"
BACK_TO_GAME: Final = "sb_back_to_game"
#: The table's id for "Review my round" (``uno.ui.review.keys`` spells its keys from it).
REVIEW: Final = "sb"

# Widgets.
COUNT: Final = "sb_count"
PRESET: Final = "sb_preset"
SEED: Final = "sb_seed"
TOP: Final = "sb_top"
COLOR: Final = "sb_color"
TURN: Final = "sb_turn"
DIRECTION: Final = "sb_direction"
DRAW: Final = "sb_draw"
UPLOAD: Final = "sb_upload"
HIDE: Final = "sb_hide"
PAUSE: Final = "sb_pause"
STORY_PAGE: Final = "sb_story_page"
SHARE_HIDE: Final = "sb_share_hide"
SHARE_VIEWER: Final = "sb_share_viewer"
# Buttons.
DEAL: Final = "sb_deal"
BUILD: Final = "sb_build"
OPEN: Final = "sb_open"
STEP: Final = "sb_step"
NEXT_ROUND: Final = "sb_next_round"
COACH_BUTTON: Final = "sb_coach_btn"
DOWNLOAD: Final = "sb_download"
TABLE: Final = "sb_table"


def name(seat: int) -> str:
    """The box of a player's name in the setup."""
    return f"sb_name_{seat}"


def hand(seat: int) -> str:
    """The box of a player's hand in the build tab."""
    return f"sb_hand_{seat}"


def controller(seat: int) -> str:
    """Who plays a seat: "human" or a computer player's strategy."""
    return f"sb_ctrl_{seat}"


def option(switch: str, preset: str) -> str:
    """A house rule's box, per set of rules (each preset keeps its own choices)."""
    return f"sb_opt_{switch}_{preset}"


def window(preset: str) -> str:
    """When a forgotten "Uno" can be caught, per set of rules."""
    return f"sb_window_{preset}"


def single(preset: str) -> str:
    """One round only, per set of rules."""
    return f"sb_single_{preset}"


def travel(to: str) -> str:
    """A button of the history: start, undo, redo, back, forward."""
    return f"sb_{to}"


def build_seat(seat: int) -> str:
    """Who plays a seat of a situation built card by card: "human" or a computer player."""
    return f"sb_build_seat_{seat}"
