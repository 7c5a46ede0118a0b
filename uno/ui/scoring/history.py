"""A game's history: the table of its rounds (running totals, or each round's points) and the
chart of the running totals against the target. Player names are labels, kept as text.
"""

from __future__ import annotations

from typing import Any

import pandas as pd
import plotly.graph_objects as go
import streamlit as st

from uno.academy import scorepad as sp
from uno.academy import scoring as sc
from uno.academy.i18n import t
from uno.ui.charts import GREY, layout, series_style
from uno.ui.plot import show
from uno.ui.scoring import keys
from uno.ui.words import inert_html

__all__ = ["totals_chart", "totals_table"]


def totals_table(game: sp.Game, lang: str) -> None:
    """One row per round, then the totals; a toggle shows each round's own points instead."""
    per_round = st.toggle(t("scoring.pad.per_round", lang), key=keys.PER_ROUND)
    config: dict[str, Any] = {
        "round": st.column_config.TextColumn(t("scoring.pad.col_round", lang)),
        "winner": st.column_config.TextColumn(t("scoring.pad.col_winner", lang)),
    }
    for seat, name in enumerate(game.players):  # a name is only a label (plain text)
        config[sc.player_column(seat)] = st.column_config.NumberColumn(name)
    rows = pd.DataFrame(sc.totals_rows(game, lang, per_round))
    st.dataframe(rows, hide_index=True, column_config=config, key=keys.TOTALS)


def totals_chart(game: sp.Game, lang: str) -> None:
    """Each player's running total, round after round, and the target as a dotted line."""
    data = sc.chart_data(game)
    fig = go.Figure()
    for seat, (name, totals) in enumerate(data.lines):
        fig.add_trace(
            go.Scatter(
                x=list(data.rounds),
                y=list(totals),
                name=inert_html(name),  # Plotly reads tags in names: keep them text
                mode="lines+markers",
                **series_style(seat),
            )
        )
    fig.add_hline(
        y=data.target,
        line_dash="dot",
        line_color=GREY,
        annotation_text=inert_html(t("scoring.chart.target", lang, target=data.target)),
    )
    layout(
        fig,
        t("scoring.chart.x", lang),
        t("scoring.chart.y", lang),
        lang,
        percent=False,
        height=360,
        legend=t("scoring.chart.legend", lang),
    )
    fig.update_xaxes(tickmode="linear", dtick=data.dtick, rangemode="tozero")
    fig.update_yaxes(rangemode="tozero")
    # No Plotly toolbar: a phone shows it all the time, over the legend (the totals are in the
    # table above).
    show(fig, keys.CHART, t("scoring.chart.alt", lang), toolbar=False)
