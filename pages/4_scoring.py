"""Scoring: a round checker and a score pad that keeps this device's games (R-SCORE-1..3).

Thin: the frame, then ``uno.ui.scoring`` draws both tabs from ``uno.academy.scoring``,
``uno.academy.scorepad`` and the score pad's service (``uno.academy.services.scorepad``). URL
parameter: ``game``, a share link's token (``scoring?game=<token>``) that opens its game.
"""

from __future__ import annotations

import streamlit as st

from uno.academy.scoring import SHARE_PARAM
from uno.ui.frame import frame
from uno.ui.guard import shielded
from uno.ui.scoring import show_scoring

lang = frame("scoring")
with shielded(lang):
    show_scoring(lang, share=st.query_params.get(SHARE_PARAM))
