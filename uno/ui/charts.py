"""Charts: one palette and one look for every Plotly figure of the app (the lab, the score pad);
``uno.ui.plot.show`` draws them on a page.

The palette is Okabe and Ito's, which most colour-blind readers tell apart; a series never
relies on colour alone: lines also differ by dash and marker, bars by pattern. The same hues
colour the cards (``uno.ui.cards``). Black is left out of the series so a line never vanishes
on a dark theme; Streamlit's Plotly theme draws the background, the grid and the text.
"""

from __future__ import annotations

from math import ceil
from typing import Any, Final

import pandas as pd
import plotly.graph_objects as go

from uno.academy.i18n import normalize_lang
from uno.academy.i18n import percent as percent_text

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
        _percent_ticks(fig, lang)
    return fig


#: The tick steps a share axis may take, so that it has at most ``_TICKS`` steps.
_STEPS: Final = (0.001, 0.002, 0.005, 0.01, 0.02, 0.025, 0.05, 0.1, 0.2, 0.25)
_TICKS: Final = 6


def _highest(fig: go.Figure) -> float:
    """The highest share the figure draws: its traces' values, their error bars, its lines."""
    top = 0.0
    for trace in fig.data:
        ys = getattr(trace, "y", None)
        if ys is None:
            continue
        errors = getattr(getattr(trace, "error_y", None), "array", None) or ()
        for i, y in enumerate(ys):
            if isinstance(y, int | float):
                top = max(top, float(y) + (float(errors[i]) if i < len(errors) else 0.0))
    for shape in fig.layout.shapes:  # add_hline / add_vline: only the horizontal ones count
        if str(shape.yref).startswith("y") and "domain" not in str(shape.yref):
            for y in (shape.y0, shape.y1):
                if y is not None:
                    top = max(top, float(y))
    return top


def _percent_ticks(fig: go.Figure, lang: str) -> None:
    """Share axes from 0 past the highest value drawn, with ticks written as the app writes a
    percent ("25 %" in French and Russian, with its narrow no-break space; Plotly's own format
    glues the sign on). On hover, one decimal."""
    high = max(_highest(fig), 0.01)
    step = next((s for s in _STEPS if high / s <= _TICKS), 0.25)
    digits = next(d for d in (0, 1) if abs(round(step * 100, d) - step * 100) < 1e-9)
    values = [round(i * step, 6) for i in range(ceil(high / step - 1e-9) + 1)]  # the last >= high
    fig.update_yaxes(
        tickmode="array",
        tickvals=values,
        ticktext=[percent_text(v, lang, digits) for v in values],
        range=[0, high * 1.08],
        hoverformat=".1%",
    )


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
