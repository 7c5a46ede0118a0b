"""Charts: one palette and one look for every Plotly figure of the app (the lab, the score pad).

The palette is Okabe and Ito's, which most colour-blind readers tell apart; a series never
relies on colour alone: lines also differ by dash and marker, bars by pattern. The same hues
colour the cards (``uno.ui.cards``). Black is left out of the series so a line never vanishes
on a dark theme; Streamlit's Plotly theme draws the background, the grid and the text.
"""

from __future__ import annotations

from typing import Any, Final

import pandas as pd
import plotly.graph_objects as go
import streamlit as st

from uno.academy.i18n import normalize_lang

__all__ = [
    "BLUE",
    "GREEN",
    "GREY",
    "ORANGE",
    "PURPLE",
    "SERIES",
    "SKY",
    "VERMILION",
    "YELLOW",
    "error_bars",
    "layout",
    "series_style",
    "show",
]

ORANGE: Final = "#E69F00"
SKY: Final = "#56B4E9"
GREEN: Final = "#009E73"
YELLOW: Final = "#F0E442"
BLUE: Final = "#0072B2"
VERMILION: Final = "#D55E00"
PURPLE: Final = "#CC79A7"
#: For marks that must read on light and dark backgrounds alike (error bars, outlines).
GREY: Final = "#8C8C8C"

#: One look per series: (colour, dash, marker). Ten players never share one.
SERIES: Final[tuple[tuple[str, str, str], ...]] = (
    (BLUE, "solid", "circle"),
    (VERMILION, "dash", "square"),
    (GREEN, "dot", "diamond"),
    (PURPLE, "dashdot", "triangle-up"),
    (ORANGE, "longdash", "x"),
    (SKY, "longdashdot", "star"),
    (YELLOW, "solid", "cross"),
    (GREY, "dash", "hexagon"),
    (BLUE, "dot", "triangle-down"),
    (VERMILION, "dashdot", "pentagon"),
)
#: Plotly's separators (decimal, thousands) for each language.
_SEPARATORS: Final = {"en": ".,", "fr": ",\u202f", "ru": ",\u202f"}


def series_style(index: int) -> dict[str, Any]:
    """The ``line`` and ``marker`` of series ``index`` for a Scatter trace."""
    hue, dash, symbol = SERIES[index % len(SERIES)]
    return {"line": {"color": hue, "dash": dash}, "marker": {"symbol": symbol, "size": 8}}


def layout(
    fig: go.Figure,
    x: str,
    y: str,
    lang: str,
    *,
    percent: bool = True,
    height: int = 400,
    legend: str | None = None,
) -> go.Figure:
    """The app's layout: axis titles, the reader's number separators, a legend above the plot
    (so long labels never sit on the bars), percent ticks when the values are shares."""
    fig.update_layout(
        xaxis_title=x,
        yaxis_title=y,
        separators=_SEPARATORS[normalize_lang(lang)],
        height=height,
        # The toolbar stands down the right edge, in its own margin: on a phone (where Plotly
        # shows it all the time) it no longer covers the legend above the plot.
        margin={"l": 10, "r": 34, "t": 50, "b": 10},
        modebar={"orientation": "v"},
        legend={"orientation": "h", "yanchor": "bottom", "y": 1.02, "x": 0},
        hovermode="closest",
    )
    if legend is not None:
        fig.update_layout(legend_title_text=legend)
    if percent:
        fig.update_yaxes(tickformat=".0%", rangemode="tozero")
    return fig


def error_bars(table: pd.DataFrame, value: str) -> dict[str, Any]:
    """Plotly error bars from a frame's ``low`` and ``high`` columns (a 95% interval)."""
    return {
        "type": "data",
        "symmetric": False,
        "array": (table["high"] - table[value]).tolist(),
        "arrayminus": (table[value] - table["low"]).tolist(),
        "color": GREY,
        "thickness": 1.5,
    }


def show(fig: go.Figure, key: str, alt: str | None = None) -> None:
    """Draw a figure (no Plotly logo), with a text alternative for screen readers."""
    st.plotly_chart(fig, key=key, config={"displaylogo": False}, alt=alt)
