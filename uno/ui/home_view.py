"""The home page: Uno in two minutes, the cards (each colour also has its shape), and a way into
every part of the app."""

from __future__ import annotations

import streamlit as st

from uno.academy.i18n import page_text, t
from uno.cards import Card, Color
from uno.ui.cards import color_badge_html, show_cards
from uno.ui.frame import PAGES


def show_home(lang: str) -> None:
    """The whole page below the frame."""
    st.title(t("app.title", lang))
    st.write(t("app.tagline", lang))

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
    parts = [page for page in PAGES if page.id != "home"]
    for column, page in zip(st.columns(max(len(parts), 1)), parts, strict=False):
        with column, st.container(border=True):
            st.page_link(
                page.path,
                label=t(f"nav.{page.id}", lang),
                icon=page.icon,
                query_params={"lang": lang},
            )
            st.write(t(f"home.part.{page.id}", lang))
