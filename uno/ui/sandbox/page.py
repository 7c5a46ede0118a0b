"""The sandbox page below the frame (pages/3_sandbox.py)."""

from __future__ import annotations

import streamlit as st

from uno.academy.i18n import t
from uno.ui.chrome import fold
from uno.ui.sandbox import callbacks, keys, parts, session
from uno.ui.table import back_to_game

__all__ = ["show_sandbox"]


def show_sandbox(lang: str) -> None:
    """The whole page below the frame."""
    callbacks.open_link(lang)
    if not session.has_match():
        fold(False)
        st.title(t("nav.sandbox", lang))
        st.write(t("sandbox.intro", lang))
        parts.setup(lang, has_game=False)
        st.info(t("sandbox.no_game", lang))
        return
    state = session.match().state
    fold(session.playing())  # the table is the game screen: its menu brings the page back
    if not session.playing():
        st.title(t("nav.sandbox", lang))
        back_to_game(lang, keys.BACK_TO_GAME, callbacks.back_to_game)
    parts.game_area(lang)
    parts.rules_line(state, lang)
    parts.seat_controls(state, lang)
    parts.setup(lang, has_game=True)
