"""Pieces every section of the lab uses: its numbered header, the chart with its data as CSV
and "how is this computed?", the reader's percents and names, the cached exact tables."""

from __future__ import annotations

from typing import Any, Final

import pandas as pd
import plotly.graph_objects as go
import streamlit as st

from uno.academy import lab
from uno.academy.i18n import t
from uno.cards import CARDS, COLORS
from uno.ui.charts import show
from uno.ui.lab import keys
from uno.ui.words import percent

__all__ = [
    "CARD_CODES",
    "COLOR_CODES",
    "SECTIONS",
    "TITLES",
    "cached_deals",
    "cached_exact",
    "chart",
    "download",
    "games_input",
    "header",
    "how",
    "pct",
    "rules_name",
    "strategy_name",
    "title",
]

#: The cards a pile may show, and the colours, by code (the options of the lab's boxes).
CARD_CODES: Final = [str(card) for card in CARDS]
COLOR_CODES: Final = [c.name for c in COLORS]
#: The sections' anchors, in the page's order (``#can-play`` links to the first one).
SECTIONS: Final = (
    "can-play",
    "opening-hand",
    "challenge",
    "hand-worth",
    "game-length",
    "who-wins",
    "strength",
)
#: Each section's title.
TITLES: Final = {
    "can-play": "lab.can_play.title",
    "opening-hand": "lab.opening.title",
    "challenge": "lab.challenge.title",
    "hand-worth": "lab.worth.title",
    "game-length": "lab.length.title",
    "who-wins": "lab.wins.title",
    "strength": "lab.strength.title",
}


def title(anchor: str, lang: str) -> str:
    """The title of the section ``anchor``."""
    return t(TITLES[anchor], lang)


def header(anchor: str, lang: str) -> None:
    """The section's header, numbered, with its anchor."""
    st.header(f"{SECTIONS.index(anchor) + 1}. {title(anchor, lang)}", anchor=anchor)


def pct(share: float, lang: str) -> str:
    """A share as the lab writes it: a percent with one decimal, in the reader's way."""
    return percent(share, lang, 1)


def rules_name(preset: str, lang: str) -> str:
    """The name of a rules preset (``lab.RULE_PRESETS``)."""
    return t(f"lab.rules.{preset}", lang)


def strategy_name(name: str, lang: str) -> str:
    """The name of a computer player's strategy."""
    return t(f"bot.{name}.name", lang)


def chart(fig: go.Figure, name: str, alt: str) -> None:
    """Draw the figure ``name`` (its key is ``keys.chart(name)``) with its text alternative."""
    show(fig, keys.chart(name), alt=alt)


def download(table: pd.DataFrame, name: str, lang: str, label_key: str = "lab.download") -> None:
    """The chart's data as a CSV file to download (``uno-lab-<name>.csv``)."""
    st.download_button(
        t(label_key, lang),
        table.to_csv(index=False).encode("utf-8"),
        file_name=f"uno-lab-{name}.csv",
        mime="text/csv",
        key=keys.csv(name),
        icon=":material/download:",
        on_click="ignore",
    )


def how(
    lang: str, text_key: str, formula: str, *codes: tuple[str, str], note: str | None = None
) -> None:
    """The notebook-style expander: the formula in words and in math, then the Python that
    made the chart (each snippet after its one-line introduction)."""
    with st.expander(t("lab.how", lang), icon=":material/function:"):
        st.markdown(t(text_key, lang))
        st.latex(lab.FORMULAS[formula])
        if note:
            st.markdown(note)
        for intro_key, code in codes:
            st.markdown(t(intro_key, lang))
            st.code(code, language="python")


def games_input(setting: keys.Setting[int], lang: str) -> int:
    """The number box of the rounds a simulation plays."""
    return int(
        st.number_input(
            t("lab.games", lang),
            min_value=100,
            max_value=20_000,
            value=keys.kept_within(setting, 100, 20_000),
            step=500,
            key=setting.key,
            help=t("lab.games_help", lang),
        )
    )


@st.cache_data(show_spinner=False, max_entries=128)
def cached_exact(name: str, *args: Any) -> pd.DataFrame:
    """``uno.academy.lab.<name>(*args)``, an exact table, kept for every session."""
    table: pd.DataFrame = getattr(lab, name)(*args)
    return table


@st.cache_data(show_spinner=False, max_entries=16)
def cached_deals(top: str, color: str, hand_size: int, n: int, seed: int) -> pd.DataFrame:
    """``uno.academy.lab.deal_hands``, kept for every session (up to ``MAX_DEALT`` rows each:
    only a few)."""
    return lab.deal_hands(top, color, hand_size, n, seed)
