"""Pieces every question of the lab uses: its numbered header, the chart with its data as CSV,
"how is this computed?" and "open as a notebook", the reader's percents and names, the cached
exact tables."""

from __future__ import annotations

from typing import Any, Final

import pandas as pd
import plotly.graph_objects as go
import streamlit as st

from uno.academy import lab, notebooks
from uno.academy.i18n import t
from uno.cards import CARDS, COLORS
from uno.ui.lab import keys
from uno.ui.plot import show
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
    "notebook_button",
    "pct",
    "rules_name",
    "strategy_name",
    "title",
]

#: The cards a pile may show, and the colours, by code (the options of the lab's boxes).
CARD_CODES: Final = [str(card) for card in CARDS]
COLOR_CODES: Final = [c.name for c in COLORS]
#: The questions, in the contents' order (``?q=can-play`` opens the first; its header's anchor
#: is its id too).
SECTIONS: Final = lab.QUESTIONS
#: Each question's title.
TITLES: Final = {question: f"lab.{lab.QUESTION_WORDS[question]}.title" for question in SECTIONS}


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
    """Draw the figure ``name`` (its key is ``keys.chart(name)``) with its text alternative,
    without Plotly's toolbar: on a phone it covered the legend and the lines (the data is a
    download below the chart, and the notebook draws it again)."""
    show(fig, keys.chart(name), alt=alt, toolbar=False)


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
    lang: str,
    name: str,
    text_key: str,
    formula: str,
    *codes: tuple[str, str],
    note: str | None = None,
) -> None:
    """The notebook-style expander under the chart ``name``: the formula in words and in math,
    then the Python that made the chart (each snippet after its one-line introduction). Drawn
    only once opened (the expander reruns the question when it opens): the maths and code
    renderers then load only for a reader who asks, not before the chart on a phone."""
    box = st.expander(
        t("lab.how", lang), icon=":material/function:", key=keys.how(name), on_change="rerun"
    )
    if not box.open:
        return
    with box:
        st.markdown(t(text_key, lang))
        st.latex(lab.FORMULAS[formula])
        if note:
            st.markdown(note)
        for intro_key, code in codes:
            st.markdown(t(intro_key, lang))
            st.code(code, language="python")


def notebook_button(question: str, lang: str, **settings: Any) -> None:
    """The "open as a notebook" button: ``question`` as a Jupyter notebook in the reader's
    language with these settings (``uno.academy.notebooks``). Settings no notebook can take
    (no card seen could be) offer none."""
    try:
        book = notebooks.notebook(question, lang, **settings)
    except ValueError:
        return
    st.download_button(
        t("lab.notebook.download", lang),
        notebooks.dumps(book).encode("utf-8"),
        file_name=notebooks.file_name(question, lang),
        mime=notebooks.MIME,
        key=keys.notebook(question),
        icon=":material/code_blocks:",
        help=t("lab.notebook.download_help", lang),
        on_click="ignore",
    )


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
