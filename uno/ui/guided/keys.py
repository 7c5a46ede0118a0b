"""Every session key of the guided first game, in one place (all start with ``fg_``)."""

from __future__ import annotations

from typing import Final

#: The guided game (``uno.academy.guided.Guided``), once started.
GAME: Final = "fg_game"
#: The page is shown around the table (its menu was pressed): no game screen.
PAGE: Final = "fg_page"
#: The next drawing of the table brings it into view (a new game).
LAND: Final = "fg_land"
#: The table component.
TABLE: Final = "fg_table"
#: The buttons: start the guided game, its children's version, start again, back to the game.
START: Final = "fg_start"
KIDS: Final = "fg_kids"
AGAIN: Final = "fg_again"
BACK_TO_GAME: Final = "fg_back_to_game"
