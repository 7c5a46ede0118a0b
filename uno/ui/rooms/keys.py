"""Every session key and URL parameter of the rooms page, in one place."""

from __future__ import annotations

from typing import Final

#: URL parameters: the room's code, and ``view=projector``.
ROOM_PARAM: Final = "room"
VIEW_PARAM: Final = "view"
#: What the last form did: (kind, text), shown once.
MESSAGE: Final = "rm_message"
#: What each room's device saw last (``uno.academy.rooms.Seen``), by code.
SEEN: Final = "rm_seen"
#: The line at the hand of this device's table.
TABLE_MESSAGE: Final = "rm_table_message"
#: The rooms whose code this session's projector checked.
WATCHED: Final = "rm_watched"
#: The room whose seat this device lost: the page says so until the device joins again.
LEFT: Final = "rm_left"
#: A pupil asked for the page with the table's menu (the game screen folds it away otherwise).
PAGE: Final = "rm_page"
#: The room whose closing the teacher must confirm.
CLOSING: Final = "rm_closing"
#: The "Back to the game" button of a pupil's page.
BACK_TO_GAME: Final = "rm_back_to_game"

# Widgets of the forms.
CODE: Final = "rm_code"
NAME: Final = "rm_name"
JOIN: Final = "rm_join"
DECK: Final = "rm_deck"
SEATS: Final = "rm_seats"
PUPILS: Final = "rm_pupils"
PRESET: Final = "rm_preset"
CLASS: Final = "rm_class"
OPEN: Final = "rm_open"


def option(switch: str) -> str:
    """A house rule's box in the form."""
    return f"rm_opt_{switch}"


def seat_token(code: str) -> str:
    """The seat token this session holds for a room (the device keeps it too)."""
    return f"rm_seat_{code}"


def table(code: str) -> str:
    """The table component of a room."""
    return f"rm_table_{code}"


def control(what: str, seat: int | None = None) -> str:
    """A teacher's button (for a seat, when it is about one)."""
    return f"rm_{what}" if seat is None else f"rm_{what}_{seat}"


def review(code: str) -> str:
    """A pupil's "Review my round" of a room (``uno.ui.review.keys`` spells its keys from it)."""
    return f"rm_{code}"


def summary(code: str) -> str:
    """The teacher's summary of a room's round (``uno.ui.review.keys`` spells its keys)."""
    return f"rmt_{code}"
