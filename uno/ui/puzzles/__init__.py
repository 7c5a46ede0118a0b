"""The puzzles page (pages/10_puzzles.py): a situation from a real game on the table, the
reader's move judged, a rating per device, the puzzle of the day, a class's set. The logic is
``uno.academy.puzzles``; here: session keys, session, callbacks, parts, page."""

from __future__ import annotations

from uno.ui.puzzles.page import show_puzzles

__all__ = ["show_puzzles"]
