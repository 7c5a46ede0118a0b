"""The sandbox page below the frame (pages/3_sandbox.py)."""

from __future__ import annotations

import streamlit as st

from uno.academy.i18n import t
from uno.ui.sandbox import callbacks, parts, session

__all__ = ["show_sandbox"]


def show_sandbox(lang: str) -> None:
    """The whole page below the frame."""
    callbacks.open_link(lang)
    st.title(t("nav.sandbox", lang))
    if not session.has_match():
        st.write(t("sandbox.intro", lang))
        parts.setup(lang, has_game=False)
        st.info(t("sandbox.no_game", lang))
        return
    state = session.match().state
    parts.rules_line(state, lang)
    parts.game_area(lang)
    parts.seat_controls(state, lang)
    parts.setup(lang, has_game=True)
