"""2. Your opening hand: the exact chances of how many wilds, action cards and colours seven
(or any number of) cards dealt hold."""

from __future__ import annotations

import streamlit as st

from uno.academy import lab
from uno.academy.i18n import t
from uno.ui.guard import fragment
from uno.ui.lab import figures, keys
from uno.ui.lab.parts import cached_exact, chart, download, header, how, notebook_button, pct

__all__ = ["opening_hand"]


@fragment
def opening_hand(lang: str) -> None:
    """The section: the hand size, three metrics, then three panels side by side."""
    header("opening-hand", lang)
    size = int(keys.slider(t("lab.opening.hand_size", lang), 1, lab.MAX_HAND, keys.OPEN_SIZE))
    opening = cached_exact("opening_hand_tables", size)
    summary = lab.opening_summary(opening)
    cols = st.columns(3)
    cols[0].metric(t("lab.opening.metric_wild", lang), pct(summary["wilds"], lang))
    cols[1].metric(t("lab.opening.metric_action", lang), pct(summary["actions"], lang))
    cols[2].metric(t("lab.opening.metric_colors", lang), pct(summary["colors"], lang))
    measures = lab.OPENING_MEASURES
    fig = figures.opening_hand(
        opening,
        lang=lang,
        measures=measures,
        titles=[t(f"lab.opening.title_{m}", lang) for m in measures],
        x_titles=[t(f"lab.opening.x_{m}", lang) for m in measures],
        y_title=t("lab.chance", lang),
    )
    chart(fig, "opening_hand", t("lab.opening.explain", lang))
    st.write(t("lab.opening.explain", lang))
    download(opening, "opening-hand", lang)
    how(
        lang,
        "opening_hand",
        "lab.opening.formula",
        "opening_hand",
        ("lab.code_intro", lab.snippet("opening_hand", hand_size=size)),
    )
    notebook_button("opening-hand", lang, hand_size=size)
