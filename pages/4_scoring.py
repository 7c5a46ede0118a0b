"""Scoring: a round checker and a score pad that keeps every game (R-SCORE-1..3).

Thin: the frame, then ``uno.ui.scoring_view`` draws both tabs from ``uno.academy.scoring`` and
``uno.academy.scorepad``. No URL parameters: a saved game is chosen on the page.
"""

from __future__ import annotations

from uno.ui.frame import frame
from uno.ui.scoring_view import show_scoring

lang = frame("scoring")
show_scoring(lang)
