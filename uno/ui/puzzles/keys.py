"""Every session key of the puzzles page, in one place."""

from __future__ import annotations

from typing import Final

#: The puzzle on the table (its id), and the choice it was picked for (mode, theme, kids).
PUZZLE: Final = "pz_puzzle"
PICKED_FOR: Final = "pz_picked_for"
#: The reader's last answer to it (an ``uno.academy.puzzles.Answer``), None before one.
ANSWER: Final = "pz_answer"
#: The answer was shown on request.
REVEALED: Final = "pz_revealed"
#: How the last rated answer moved the reader's rating: (new rating, change).
RATED: Final = "pz_rated"
#: Moves on the table: a tap made on an older table is told apart.
VERSION: Final = "pz_version"
#: The puzzles this session has shown (a new one is picked among the others).
SEEN: Final = "pz_seen"
#: What the store keeps for this device (``services.puzzles.Kept``) and the token it is of.
KEPT: Final = "pz_kept"
KEPT_FOR: Final = "pz_kept_for"
#: The store could not save the last answer.
NOT_SAVED: Final = "pz_not_saved"
#: How many puzzles this session picked (seeds the next pick).
PICKS: Final = "pz_picks"

#: Bring the table into view at its next drawing (a new puzzle).
LAND: Final = "pz_land"
#: The ``?p=`` link last opened (it opens once).
LINK: Final = "pz_link"

# Widgets.
MODE: Final = "pz_mode"
THEME: Final = "pz_theme"
KIDS: Final = "pz_kids"
TABLE: Final = "pz_table"
