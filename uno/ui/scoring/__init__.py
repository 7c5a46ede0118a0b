"""The scoring page (R-SCORE-1..3): a round checker and a score pad that keeps every game.

Widgets -> ``uno.academy.scoring`` (the rows of the tables, the chart's lines, what a message
says), ``uno.academy.scorepad`` (parsing, points, the game model) and the score pad's service
``uno.academy.services.scorepad`` (the games this device may open, every change, what to say)
-> tables, a chart and words. The view never meets the store itself.

The package, by what a change touches:

- ``page``: ``show_scoring`` (called by pages/4_scoring.py) and the score pad's layout;
- ``keys``: every key kept in ``st.session_state``, and typed readers of the shared values;
- ``callbacks``: what a click does (one callback per control; it runs before the page is drawn
  again, so a click runs the script once);
- ``flash``: the messages a callback leaves beside the control that caused it, shown once;
- the parts that draw: ``checker`` (the round checker, a fragment, and the grid of tappable
  cards), ``new_game`` (the new game's form), ``game`` (the open game and its forms),
  ``history`` (its table and chart), ``saved`` (the saved games).

Player names and typed codes are user text: they reach Markdown only through ``inert``, Plotly
only through ``inert_html``, and otherwise only widgets that show plain text (tables, select
boxes).
"""

from __future__ import annotations

from uno.ui.scoring.checker import round_checker
from uno.ui.scoring.page import score_pad, show_scoring

__all__ = ["round_checker", "score_pad", "show_scoring"]
