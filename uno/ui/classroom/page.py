"""The classroom page below the frame (pages/6_classroom.py)."""

from __future__ import annotations

from typing import Final

import streamlit as st

from uno.academy.classroom import DECKS
from uno.academy.i18n import t
from uno.ui.classroom import keys
from uno.ui.classroom.modes import kids_game, pass_and_play

__all__ = ["MODES", "show_classroom"]

MODES: Final = ("kids", "pass")

_CSS: Final = """<style>
[data-testid="stMainBlockContainer"] .stButton button{min-height:3rem}
[data-testid="stMainBlockContainer"] .stButton button p{font-size:1.15rem;font-weight:600;
  white-space:normal;overflow:visible;text-overflow:clip}
[data-testid="stMainBlockContainer"] .stButton button[kind="primary"]{min-height:4rem}
[data-testid="stMainBlockContainer"] .stButton button[kind="primary"] p{font-size:1.6rem}
[data-testid="stMainBlockContainer"] [data-testid="stAlert"] p{font-size:1.2rem}
.uno-card{max-width:100%}
.uno-card img{max-width:100%;height:auto}
</style>"""


def show_classroom(lang: str) -> None:
    """The whole page below the frame: the kids' game or pass-and-play."""
    st.html(_CSS)
    deck_param = st.query_params.get("deck")
    if deck_param in DECKS and st.session_state.get(keys.DECK_PARAM) != deck_param:
        st.session_state[keys.DECK_PARAM] = deck_param  # a teacher's link: once, then the child
        st.session_state[keys.KIDS_DECK] = deck_param
        st.session_state[keys.MODE] = "kids"
    st.title(t("nav.classroom", lang))
    st.write(t("classroom.intro", lang))
    st.page_link(
        "pages/8_rooms.py",
        label=t("rooms.to_classroom", lang),
        icon=":material/devices:",
        query_params={"lang": lang},
    )
    mode = st.radio(
        t("classroom.mode", lang),
        MODES,
        key=keys.MODE,
        horizontal=True,
        format_func=lambda m: t(f"classroom.mode_{m}", lang),
    )
    if mode == "pass":
        pass_and_play(lang)
    else:
        kids_game(lang)
