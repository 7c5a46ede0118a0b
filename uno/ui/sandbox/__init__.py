"""The sandbox page: set up any situation, see what is legal and why, play it out against
computer players, undo, save and share it.

Once a game is dealt the table comes first (``uno.ui.table``, drawn from the view model of
``uno.academy.table``); the setup folds away below it. The game is a ``uno.academy.match.Match``
kept in the session: every change happens in a callback (a click runs the script once) on that
match, which judges a person's move and makes the computer players' moves, one at a time with a
short pause. The game area is a fragment: a move redraws it alone.

- ``keys``: every session key of the page, in one place;
- ``session``: the match, who plays each seat and the messages, read and written;
- ``callbacks``: what each button and each tap does;
- ``parts``: the setup, the seat controls, the game area, the end of a round, the history,
  saving and sharing;
- ``page``: the page (``show_sandbox``), and ``words``: sentences built for the page.
"""

from __future__ import annotations

from uno.ui.sandbox.page import show_sandbox
from uno.ui.sandbox.words import error_text, story_lines

__all__ = ["error_text", "show_sandbox", "story_lines"]
