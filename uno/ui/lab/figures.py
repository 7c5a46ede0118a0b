"""The lab's figures, built from data: one function per chart, from the tables of
``uno.academy.lab`` (pandas DataFrames), numbers and labels already worded, to a Plotly
``go.Figure``. Nothing here draws or reads a widget (no Streamlit), so a notebook or a test
builds the very figure the page shows:

>>> from uno.academy import lab
>>> fig = hand_worth(
...     lab.hand_worth(3), 30.5, lang="en", x_title="Points", y_title="Chance",
...     bar_name="Chance", mean_name="Average: 30.5 points",
... )
>>> [trace.type for trace in fig.data], fig.layout.xaxis.title.text
(['bar'], 'Points')

The palette and the layout (axis titles, the reader's separators, percent ticks) are
``uno.ui.charts``'s, as for every chart of the app; ``lang`` only picks how numbers are written.
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping, Sequence

import pandas as pd
import plotly.graph_objects as go
from plotly.subplots import make_subplots

from uno.academy.lab import wilson_interval
from uno.ui.charts import (
    BLUE,
    GREEN,
    GREY,
    ORANGE,
    SKY,
    VERMILION,
    error_bars,
    layout,
    series_style,
)

__all__ = [
    "STRENGTH_SEATS",
    "can_play",
    "challenge",
    "fair_share",
    "game_length",
    "hand_worth",
    "opening_hand",
    "share_bars",
    "strength",
    "wrap",
]

#: The tables of players the strength chart compares, with their bars' fill and edge.
STRENGTH_SEATS: tuple[tuple[int, str, str], ...] = ((2, SKY, BLUE), (4, ORANGE, VERMILION))


def wrap(text: str, width: int) -> str:
    """A long Plotly label on several lines, broken between words.

    >>> wrap("Fidèle à sa couleur", 14)
    'Fidèle à sa<br>couleur'
    """
    lines = textwrap.wrap(text, width, break_long_words=False, break_on_hyphens=False)
    return "<br>".join(lines) or text


def can_play(
    curve: pd.DataFrame,
    *,
    lang: str,
    x_title: str,
    y_title: str,
    exact_name: str,
    dealt: pd.DataFrame | None = None,
    hand_size: int = 0,
    dealt_name: str = "",
) -> go.Figure:
    """1. Can I play? The exact chance by hand size (``lab.can_play_curve``) and, when hands were
    dealt (``lab.deal_hands``), their share at ``hand_size`` with its 95% interval."""
    fig = go.Figure()
    style = series_style(0)
    style["line"]["width"] = 3
    fig.add_trace(
        go.Scatter(
            x=curve["hand_size"].tolist(),
            y=curve["p_play"].tolist(),
            mode="lines+markers",
            name=exact_name,
            **style,
        )
    )
    if dealt is not None:
        wins = int(dealt["playable"].sum())
        low, high = wilson_interval(wins, len(dealt))
        share = wins / len(dealt)
        fig.add_trace(
            go.Scatter(
                x=[hand_size],
                y=[share],
                mode="markers",
                name=dealt_name,
                marker={"symbol": "diamond", "size": 14, "color": VERMILION},
                error_y={
                    "type": "data",
                    "symmetric": False,
                    "array": [high - share],
                    "arrayminus": [share - low],
                    "color": VERMILION,
                },
            )
        )
    layout(fig, x_title, y_title, lang)
    fig.update_yaxes(range=[0, 1.05])
    return fig


def opening_hand(
    opening: pd.DataFrame,
    *,
    lang: str,
    measures: Sequence[str],
    titles: Sequence[str],
    x_titles: Sequence[str],
    y_title: str,
) -> go.Figure:
    """2. Your opening hand: one panel per measure of ``lab.opening_hand_tables`` (its title and
    its x axis's title given in the same order), side by side with one y axis."""
    fig = make_subplots(
        rows=1,
        cols=len(measures),
        shared_yaxes=True,
        subplot_titles=[wrap(title, 12) for title in titles],
        horizontal_spacing=0.05,
    )
    # Panels side by side: short lines, so the titles stay apart on a phone too.
    wrapped = [wrap(x_title, 12) for x_title in x_titles]
    for i, (measure, title, hue, pattern) in enumerate(
        zip(measures, titles, (ORANGE, SKY, GREEN), ("", "/", "x"), strict=True), 1
    ):
        part = opening[opening["measure"] == measure]
        fig.add_trace(
            go.Bar(
                x=part["count"].tolist(),
                y=part["probability"].tolist(),
                name=title,
                marker={"color": hue, "pattern": {"shape": pattern}, "line": {"color": GREY}},
                showlegend=False,
            ),
            row=1,
            col=i,
        )
    layout(fig, wrapped[0], y_title, lang)
    for i, x_title in enumerate(wrapped, 1):
        fig.update_xaxes(title_text=x_title, dtick=1, row=1, col=i)
    return fig


def challenge(
    advice: pd.DataFrame,
    *,
    lang: str,
    hand: int,
    p_guilty: float,
    x_title: str,
    y_title: str,
    curve_name: str,
    threshold_name: str,
    chosen_name: str,
) -> go.Figure:
    """3. Should I challenge? The chance of a bluff by hand size (``lab.challenge_table``), the
    chance above which a challenge pays, and the reader's case (``hand``, ``p_guilty``)."""
    fig = go.Figure()
    style = series_style(0)
    style["line"]["width"] = 3
    fig.add_trace(
        go.Scatter(
            x=advice["hand_size"].tolist(),
            y=advice["p_guilty"].tolist(),
            mode="lines+markers",
            name=curve_name,
            **style,
        )
    )
    fig.add_trace(
        go.Scatter(
            x=advice["hand_size"].tolist(),
            y=advice["threshold"].tolist(),
            mode="lines",
            name=threshold_name,
            line={"color": VERMILION, "dash": "dash", "width": 2},
        )
    )
    fig.add_trace(
        go.Scatter(
            x=[hand],
            y=[p_guilty],
            mode="markers",
            name=chosen_name,
            marker={"symbol": "diamond", "size": 15, "color": ORANGE},
        )
    )
    layout(fig, x_title, y_title, lang)
    fig.update_yaxes(range=[0, 1.05])
    return fig


def hand_worth(
    worth: pd.DataFrame,
    mean: float,
    *,
    lang: str,
    x_title: str,
    y_title: str,
    bar_name: str,
    mean_name: str,
) -> go.Figure:
    """4. What is a hand worth? The chance of each total (``lab.hand_worth``) and its average
    as a dashed line, named in the legend above the plot (never written over the bars)."""
    fig = go.Figure()
    fig.add_trace(
        go.Bar(
            x=worth["points"].tolist(),
            y=worth["probability"].tolist(),
            name=bar_name,
            marker={"color": SKY, "line": {"color": BLUE, "width": 0.5}},
            showlegend=False,
        )
    )
    fig.add_vline(
        x=mean,
        line={"color": VERMILION, "dash": "dash", "width": 2},
        name=mean_name,
        showlegend=True,
    )
    layout(fig, x_title, y_title, lang)
    return fig


def game_length(
    length: pd.DataFrame,
    presets: Sequence[str],
    names: Sequence[str],
    *,
    lang: str,
    x_title: str,
    y_title: str,
) -> go.Figure:
    """5. How long is a game? The mean number of moves by players (``lab.game_length``), one
    line per rules preset (named by ``names``, in the same order), with 95% intervals."""
    fig = go.Figure()
    for i, (preset, name) in enumerate(zip(presets, names, strict=True)):
        part = length[length["rules"] == preset]
        style = series_style(i)
        style["line"]["width"] = 2.5
        fig.add_trace(
            go.Scatter(
                x=part["players"].tolist(),
                y=part["mean_turns"].tolist(),
                mode="lines+markers",
                name=name,
                error_y=error_bars(part, "mean_turns"),
                **style,
            )
        )
    layout(fig, x_title, y_title, lang, percent=False)
    fig.update_xaxes(dtick=1)
    fig.update_yaxes(rangemode="tozero")
    return fig


def fair_share(table: pd.DataFrame) -> float:
    """The share each would win if all were equal (the ``fair`` column of a table of shares)."""
    return float(table["fair"].iloc[0])


def share_bars(
    table: pd.DataFrame,
    labels: Sequence[str],
    *,
    lang: str,
    x_title: str,
    y_title: str,
    fair_name: str,
) -> go.Figure:
    """6. Who wins? The share of rounds won by each seat (``lab.seat_advantage``) or strategy
    (``lab.tournament``), a bar per ``labels`` with its 95% interval, and the fair share
    (``fair_share``) as a dashed line named in the legend above the plot."""
    fig = go.Figure()
    fig.add_trace(
        go.Bar(
            x=[wrap(label, 14) for label in labels],
            y=table["share"].tolist(),
            name=y_title,
            marker={"color": SKY, "line": {"color": BLUE, "width": 1}},
            error_y=error_bars(table, "share"),
            showlegend=False,
        )
    )
    fig.add_hline(
        y=fair_share(table),
        line={"color": VERMILION, "dash": "dash", "width": 2},
        name=fair_name,
        showlegend=True,
    )
    layout(fig, x_title, y_title, lang)
    fig.update_xaxes(type="category")  # "1", "2", ..., "4 (dealer)": labels, not numbers
    return fig


def strength(
    table: pd.DataFrame,
    *,
    lang: str,
    x_title: str,
    y_title: str,
    opponents: Mapping[str, str],
    series_names: Mapping[int, str],
    fair_names: Mapping[int, str],
) -> go.Figure:
    """7. How strong are the computer players? The expert's share of rounds won against each
    heuristic (``lab_strength.strength_table``; ``opponents`` names them), grouped by table
    (``STRENGTH_SEATS``, named by ``series_names``), each with its fair share as a dashed line
    (named by ``fair_names``)."""
    fig = go.Figure()
    for seats, hue, edge in STRENGTH_SEATS:
        rows = table[table["seats"] == seats]
        if rows.empty:
            continue
        fig.add_trace(
            go.Bar(
                x=[wrap(opponents[o], 14) for o in rows["opponent"]],
                y=rows["share"].tolist(),
                name=series_names[seats],
                marker={"color": hue, "line": {"color": edge, "width": 1}},
                error_y=error_bars(rows, "share"),
            )
        )
        fig.add_hline(
            y=1 / seats,
            line={"color": edge, "dash": "dash", "width": 2},
            name=fair_names[seats],
            showlegend=True,
        )
    layout(fig, x_title, y_title, lang)
    fig.update_layout(barmode="group")
    fig.update_xaxes(type="category")
    return fig
