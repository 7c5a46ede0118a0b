"""Uno Academy: the home page. Run with `make run`."""

from __future__ import annotations

import streamlit as st

from uno.cards import Kind, deck_summary
from uno.i18n import t
from uno.ui.lang import current_lang

lang = current_lang()
st.set_page_config(page_title=t("app.title", lang), layout="wide")

st.title(t("app.title", lang))
st.write(t("app.tagline", lang))

st.subheader(t("deck.title", lang))
rows = []
total = 0
for kind, count, points in deck_summary():
    total += count
    shown = t("deck.face_value", lang) if kind is Kind.NUMBER else ", ".join(str(p) for p in points)
    rows.append(
        {
            t("deck.col_card", lang): t(f"card.kind.{kind.name.lower()}", lang),
            t("deck.col_count", lang): count,
            t("deck.col_points", lang): shown,
        }
    )
st.table(rows)
st.caption(t("deck.total", lang, count=total))
