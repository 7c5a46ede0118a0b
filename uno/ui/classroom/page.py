"""The classroom page below the frame (pages/6_classroom.py)."""

from __future__ import annotations

from typing import Final

import streamlit as st

from uno.academy.classroom import DECKS
from uno.academy.i18n import t
from uno.ui.chrome import fold, keep
from uno.ui.classroom import callbacks, keys, session
from uno.ui.classroom.modes import kids_game, pass_and_play
from uno.ui.table import back_to_game

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
    keep(keys.MODE)  # the mode's radio is not drawn on the game screen
    deck_param = st.query_params.get("deck")
    if deck_param in DECKS and st.session_state.get(keys.DECK_PARAM) != deck_param:
        st.session_state[keys.DECK_PARAM] = deck_param  # a teacher's link: once, then the child
        st.session_state[keys.KIDS_DECK] = deck_param
        st.session_state[keys.MODE] = "kids"
    mode = st.session_state.get(keys.MODE, MODES[0])
    prefix = keys.PASS if mode == "pass" else keys.KIDS
    folded = session.playing(prefix) and (
        mode == "kids" or st.session_state.get(keys.SHOWN) is not None
    )
    fold(folded)  # a round in play: the table is the game screen, its menu brings the page back
    if not folded:
        st.title(t("nav.classroom", lang))
        st.write(t("classroom.intro", lang))
        st.page_link(
            "pages/8_rooms.py",
            label=t("rooms.to_classroom", lang),
            icon=":material/devices:",
            query_params={"lang": lang},
        )
        st.page_link(
            "pages/9_first_game.py",
            label=t("guided.classroom_link", lang),
            icon=":material/flag:",
            query_params={"lang": lang, "kids": "1"},
        )
        st.radio(
            t("classroom.mode", lang),
            MODES,
            key=keys.MODE,
            horizontal=True,
            format_func=lambda m: t(f"classroom.mode_{m}", lang),
        )
        if session.has_game(prefix) and not session.game(prefix).state.is_over:
            back_to_game(lang, keys.BACK_TO_GAME, callbacks.back_to_game)
    if mode == "pass":
        pass_and_play(lang)
    else:
        kids_game(lang)
