"""The guided first game (pages/9_first_game.py): a staged game against two computer players
that stops to explain each rule the first time it comes up, on the game table, with a children's
version. Every decision is the guided game's (``uno.academy.guided.Guided``, over one
``uno.academy.match.Match``); this package reads taps (callbacks) and draws.

- ``keys``: the session keys; ``session``: the game kept in the session; ``callbacks``: what taps
  and buttons do; ``parts``: the table, the end of the game; ``page``.
"""

from __future__ import annotations

from uno.ui.guided.page import show_first_game

__all__ = ["show_first_game"]
