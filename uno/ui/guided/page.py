"""The guided first game below the frame (pages/9_first_game.py)."""

from __future__ import annotations

import streamlit as st

from uno.academy.i18n import t
from uno.ui.chrome import fold
from uno.ui.guided import callbacks, keys, parts, session
from uno.ui.table import back_to_game

__all__ = ["show_first_game"]


def show_first_game(lang: str) -> None:
    """The whole page below the frame: what the guided game is and how to start it, then its
    table (the game screen while it is played: the page folds away)."""
    playing = session.playing()
    fold(playing)  # the table is the game screen; its menu brings the page back
    game = session.game()
    if not playing:
        st.title(t("nav.first_game", lang))
        parts.intro(lang, kids_first=st.query_params.get("kids") == "1")
        if game is not None and not session.over(game):
            back_to_game(lang, keys.BACK_TO_GAME, callbacks.back_to_game)
    if game is not None:
        parts.game_area(lang)
