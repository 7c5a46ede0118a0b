"""6. Who wins? Simulated rounds (on the shared job board, ``uno.ui.lab.polls``): the share
each seat wins, the dealer's last, and a tournament of the computer players' strategies. One
fragment for both charts: its notebook holds both, so a change to either redraws its button."""

from __future__ import annotations

import pandas as pd
import plotly.graph_objects as go
import streamlit as st

from uno.academy import lab
from uno.academy.i18n import t
from uno.bots import CHALLENGE_POLICIES, HEURISTICS
from uno.ui.guard import fragment
from uno.ui.lab import figures, keys
from uno.ui.lab.parts import (
    chart,
    download,
    games_input,
    header,
    how,
    notebook_button,
    pct,
    rules_name,
    strategy_name,
)
from uno.ui.lab.polls import end_poll, simulated

__all__ = ["who_wins", "who_wins_seat", "who_wins_tournament"]


def _share_bars(table: pd.DataFrame, labels: list[str], x_title: str, lang: str) -> go.Figure:
    """Both charts' bars, worded: the share won, and the fair share named above the plot."""
    fair = figures.fair_share(table)
    return figures.share_bars(
        table,
        labels,
        lang=lang,
        x_title=x_title,
        y_title=t("lab.wins.y", lang),
        fair_name=t("lab.wins.fair", lang, share=pct(fair, lang)),
    )


@fragment
def who_wins(lang: str, seed: int) -> None:
    """The question: the rules and rounds both charts share, each chart, and the notebook."""
    header("who-wins", lang)
    cols = st.columns(2)
    with cols[0]:
        rules: str = st.selectbox(
            t("lab.wins.rules", lang),
            lab.RULE_PRESETS,
            index=keys.index_of(lab.RULE_PRESETS, keys.WIN_RULES),
            key=keys.WIN_RULES.key,
            format_func=lambda preset: rules_name(preset, lang),
        )
    with cols[1]:
        games = games_input(keys.WIN_GAMES, lang)
    players = who_wins_seat(lang, seed, rules, games)
    bots, policy = who_wins_tournament(lang, seed, rules, games)
    notebook_button(
        "who-wins",
        lang,
        players=players,
        rules=rules,
        n=games,
        strategies=bots,
        challenge=policy,
        seed=seed,
    )


def who_wins_seat(lang: str, seed: int, rules: str, games: int) -> int:
    """Does the seat matter? The share each seat wins, for a number of players (returned)."""
    st.subheader(t("lab.wins.seat_title", lang), anchor="seat")
    players = int(keys.slider(t("lab.wins.players", lang), 2, 10, keys.SEAT_PLAYERS))

    def draw(seats: pd.DataFrame) -> None:
        labels = [
            t("lab.wins.dealer", lang, order=o) if o == players else str(o) for o in seats["order"]
        ]
        fig = _share_bars(seats, labels, t("lab.wins.x_seat", lang), lang)
        chart(fig, "seat_advantage", t("lab.wins.explain_seat", lang))
        st.write(t("lab.wins.explain_seat", lang))
        download(seats, "seat-advantage", lang)
        code = lab.snippet("seat_advantage", players=players, rules=rules, n=games, seed=seed)
        how(lang, "seat_advantage", "lab.wins.formula_seat", "wilson", ("lab.code_intro", code))

    simulated(lang, "seat_advantage", draw, players=players, rules=rules, n_games=games, seed=seed)
    return players


def who_wins_tournament(lang: str, seed: int, rules: str, games: int) -> tuple[list[str], str]:
    """Which strategy wins? A tournament of the strategies chosen, and how they challenge
    (both returned)."""
    st.subheader(t("lab.wins.tour_title", lang), anchor="tournament")
    cols = st.columns(2)
    with cols[0]:
        bots: list[str] = st.multiselect(
            t("lab.wins.strategies", lang),
            list(HEURISTICS),
            default=keys.kept_among(keys.TOUR_STRATEGIES, list(HEURISTICS)),
            key=keys.TOUR_STRATEGIES.key,
            format_func=lambda name: strategy_name(name, lang),
            wrap=True,
        )
    with cols[1]:
        policy: str = st.selectbox(
            t("lab.wins.challenge", lang),
            CHALLENGE_POLICIES,
            index=keys.index_of(CHALLENGE_POLICIES, keys.TOUR_CHALLENGE),
            key=keys.TOUR_CHALLENGE.key,
            format_func=lambda policy: t(f"bot.challenge.{policy}", lang),
        )
    if len(bots) < 2:
        st.info(t("lab.wins.need_two", lang))
        end_poll("tournament")
        return bots, policy

    def draw(ranking: pd.DataFrame) -> None:
        names = [strategy_name(s, lang) for s in ranking["strategy"]]
        fig = _share_bars(ranking, names, t("lab.wins.x_tour", lang), lang)
        chart(fig, "tournament", t("lab.wins.explain_tour", lang))
        st.write(t("lab.wins.explain_tour", lang))
        download(ranking, "tournament", lang)
        code = lab.snippet(
            "tournament",
            strategies=list(bots),
            challenge=policy,
            rules=rules,
            n=games,
            seed=seed,
        )
        how(lang, "tournament", "lab.wins.formula_tour", "wilson", ("lab.code_intro", code))

    simulated(
        lang,
        "tournament",
        draw,
        strategies=tuple(bots),
        rules=rules,
        n_games=games,
        seed=seed,
        challenge=policy,
    )
    return bots, policy
