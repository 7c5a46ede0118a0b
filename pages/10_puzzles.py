"""Puzzles: situations from real games where one move is clearly best, solved on the table,
with a rating per device (Glicko-2), a puzzle of the day, themes, and a class's set.
``?kids=1`` opens the children's easy puzzles, ``?p=<id>`` one puzzle. The view is
``uno.ui.puzzles``."""

from __future__ import annotations

import streamlit as st

from uno.ui.frame import frame
from uno.ui.guard import shielded
from uno.ui.puzzles import show_puzzles

lang = frame("puzzles")
with shielded(lang):
    show_puzzles(lang, kids_link=st.query_params.get("kids") == "1", link=st.query_params.get("p"))
