"""The classroom page: Uno for children on one screen. Play a round against friendly computer
players, or pass one device around (the hands are hidden between turns). The game is played on
the table (``uno.ui.table``) with its children's size: big cards, short sentences, a hint
button, a tip the first time a rule comes up. Every decision is the game's match's
(``uno.academy.classroom.Game`` holds a ``uno.academy.match.Match``); this package reads taps
(callbacks) and draws.

- ``keys``: the session keys; ``words``: the children's sentences; ``session``: the games kept
  in the session; ``callbacks``: what taps and buttons do; ``parts``: the table, the tips, the
  end of a round; ``modes``: the kids' game and pass-and-play; ``page``.
"""

from __future__ import annotations

from uno.ui.classroom.page import show_classroom
from uno.ui.classroom.parts import challenge_steps
from uno.ui.classroom.words import color_word

__all__ = ["challenge_steps", "color_word", "show_classroom"]
