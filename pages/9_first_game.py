"""First game: a guided game against two computer players that stops to explain each rule the
first time it comes up, the learner making every move; ``?kids=1`` puts the children's version
first (the classroom links to it). The view is ``uno.ui.guided``."""

from __future__ import annotations

from uno.ui.frame import frame
from uno.ui.guard import shielded
from uno.ui.guided import show_first_game

lang = frame("first_game")
with shielded(lang):
    show_first_game(lang)
