"""The home page: Uno in two minutes, the cards (each colour also has its shape), and a way into
every part of the app."""

from __future__ import annotations

from typing import Final

import streamlit as st

from uno.academy.i18n import page_text, t
from uno.cards import Card, Color
from uno.ui.cards import color_badge_html, show_cards
from uno.ui.frame import PAGES

#: The parts' cards wrap onto as many rows as the width needs (three at 1280 px, one on a phone),
#: each wide enough for its link on one line; words wrap whole (hyphenated if they must).
_PARTS_CSS: Final = """<style>
.st-key-home_parts > [data-testid="stLayoutWrapper"]:has(> [class*="st-key-home_part_"]){
  flex:1 1 15rem;min-width:min(15rem,100%);max-width:100%}
.st-key-home_parts [data-testid="stMarkdownContainer"] p{overflow-wrap:normal;word-break:normal;
  hyphens:auto}
</style>"""


def show_home(lang: str) -> None:
    """The whole page below the frame."""
    st.title(t("app.title", lang))
    st.write(t("app.tagline", lang))
    st.page_link(
        "pages/9_first_game.py",
        label=t("guided.home_link", lang),
        icon=":material/flag:",
        query_params={"lang": lang},
    )

    left, right = st.columns([3, 2], gap="large")
    with left:
        st.markdown(page_text("quickstart", lang))
    with right:
        st.subheader(t("home.deck_preview", lang))
        show_cards(
            [Card(c) for c in ("R7", "Y7", "GS", "BR", "YD2", "W", "WD4")], lang, caption=True
        )
        st.caption(t("home.legend", lang))
        st.html("".join(color_badge_html(color, lang) + "&ensp;" for color in Color))

    st.subheader(t("home.parts_title", lang))
    st.html(_PARTS_CSS)
    parts = [page for page in PAGES if page.id != "home"]
    with st.container(horizontal=True, wrap=True, gap="medium", key="home_parts"):
        for page in parts:
            with st.container(border=True, key=f"home_part_{page.id}"):
                st.page_link(
                    page.path,
                    label=t(f"nav.{page.id}", lang),
                    icon=page.icon,
                    query_params={"lang": lang},
                )
                st.write(t(f"home.part.{page.id}", lang))
