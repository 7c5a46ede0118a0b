"""Probability lab: the odds of Uno, exact (``uno.odds``) and simulated (``uno.simulate``), one
question per section, each with one chart, its data as CSV and "how is this computed?" (the
formula and the Python that made the chart). The numbers all come from ``uno.academy.lab``."""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

import pandas as pd
import plotly.graph_objects as go
import streamlit as st
from plotly.subplots import make_subplots

from uno.academy import lab
from uno.academy.i18n import t
from uno.academy.jobs import ABANDONED, DONE, WAITING, JobBoard
from uno.bots import CHALLENGE_POLICIES, HEURISTICS
from uno.cards import CARDS, COLORS, Card, Color
from uno.ui.cards import card_label, show_cards
from uno.ui.frame import frame

lang = frame("lab")

# Okabe-Ito: told apart by most colour-blind readers; lines also differ by dash and marker.
ORANGE, SKY, GREEN, YELLOW, BLUE, VERMILION, PURPLE, BLACK = (
    "#E69F00",
    "#56B4E9",
    "#009E73",
    "#F0E442",
    "#0072B2",
    "#D55E00",
    "#CC79A7",
    "#000000",
)
LINE_STYLES = [
    (BLUE, "solid", "circle"),
    (VERMILION, "dash", "square"),
    (GREEN, "dot", "diamond"),
    (PURPLE, "dashdot", "triangle-up"),
]
WORKERS = min(2, os.cpu_count() or 1)
MAX_DEALT = 20_000
CARD_CODES = [str(card) for card in CARDS]
SECTIONS = ("can-play", "opening-hand", "challenge", "hand-worth", "game-length", "who-wins")

DEFAULTS: dict[str, Any] = {
    "lab_seed": 1,
    "lab_top": "R7",
    "lab_top_color": "R",
    "lab_deal_size": 7,
    "lab_open_size": 7,
    "lab_chal_hand": 5,
    "lab_chal_color": "R",
    "lab_chal_known": "WD4",
    "lab_chal_pending": 4,
    "lab_worth_n": 7,
    "lab_len_players": (2, 6),
    "lab_len_rules": ["official", "house"],
    "lab_len_games": 2000,
    "lab_win_rules": "official",
    "lab_win_games": 2000,
    "lab_seat_players": 4,
    "lab_tour_strategies": list(HEURISTICS),
    "lab_tour_challenge": "never",
}
for _key, _value in DEFAULTS.items():
    st.session_state.setdefault(_key, _value)


# -- words and numbers in the reader's language ---------------------------------------------------
def num(value: float, digits: int = 0) -> str:
    """``1,234.5`` (en), ``1 234,5`` (fr, ru)."""
    text = f"{value:,.{digits}f}"
    return (
        text.replace(",", "\u202f").replace(".", t("lab.decimal", lang)) if lang != "en" else text
    )


def pct(p: float, digits: int = 1) -> str:
    return t("lab.percent", lang, value=num(100 * p, digits))


def rules_name(preset: str) -> str:
    return t(f"lab.rules.{preset}", lang)


def strategy_name(name: str) -> str:
    return t(f"bot.{name}.name", lang)


# -- charts ---------------------------------------------------------------------------------------
def layout(fig: go.Figure, x: str, y: str, *, percent: bool = True) -> go.Figure:
    fig.update_layout(
        xaxis_title=x,
        yaxis_title=y,
        separators=t("lab.separators", lang),
        height=400,
        margin={"l": 10, "r": 10, "t": 50, "b": 10},
        legend={"orientation": "h", "yanchor": "bottom", "y": 1.02, "x": 0},
        hovermode="closest",
    )
    if percent:
        fig.update_yaxes(tickformat=".0%", rangemode="tozero")
    return fig


def show(fig: go.Figure, name: str) -> None:
    st.plotly_chart(fig, key=f"lab_chart_{name}", config={"displaylogo": False})


def download(table: pd.DataFrame, name: str, label_key: str = "lab.download") -> None:
    st.download_button(
        t(label_key, lang),
        table.to_csv(index=False).encode("utf-8"),
        file_name=f"uno-lab-{name}.csv",
        mime="text/csv",
        key=f"lab_csv_{name}",
        icon=":material/download:",
        on_click="ignore",
    )


def how(text_key: str, formula: str, *codes: tuple[str, str], note: str | None = None) -> None:
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


def error_bars(table: pd.DataFrame, value: str) -> dict[str, Any]:
    return {
        "type": "data",
        "symmetric": False,
        "array": (table["high"] - table[value]).tolist(),
        "arrayminus": (table[value] - table["low"]).tolist(),
        "color": BLACK,
        "thickness": 1.5,
    }


# -- caches ---------------------------------------------------------------------------------------
@st.cache_data(show_spinner=False, max_entries=128)
def cached_exact(name: str, *args: Any) -> pd.DataFrame:
    return getattr(lab, name)(*args)


@st.cache_data(show_spinner=False, max_entries=16)
def cached_deals(top: str, color: str, hand_size: int, n: int, seed: int) -> pd.DataFrame:
    return lab.deal_hands(top, color, hand_size, n, seed)  # up to MAX_DEALT rows: keep few


@st.cache_resource
def simulation_board() -> JobBoard:
    """Simulated frames shared by every session (``uno.academy.jobs``): each question is played once
    and one at a time, whoever asks first, and the others follow its progress. Not
    st.cache_data: its replay of st calls cannot carry the progress bar."""
    return JobBoard()


def simulated(name: str, **kwargs: Any) -> pd.DataFrame | None:
    """``uno.academy.lab.<name>(**kwargs)`` from the board, under a progress bar while it is
    played."""
    board = simulation_board()
    key = (name, tuple(sorted(kwargs.items())))
    func: Callable[..., pd.DataFrame] = getattr(lab, name)

    def work(progress: Callable[[int, int], None]) -> pd.DataFrame:
        return func(**kwargs, workers=WORKERS, progress=progress)

    bar = None
    while True:
        job = board.submit(key, work)
        if job is None:
            st.warning(t("lab.busy", lang))
            return None
        while not job.wait(0.25):
            if bar is None:
                bar = st.empty()
            if job.state == WAITING:
                bar.progress(0.0, text=t("lab.queued", lang))
            elif job.total:
                text = t("lab.progress", lang, done=num(job.done), total=num(job.total))
                bar.progress(min(1.0, job.done / job.total), text=text)
        if job.state != ABANDONED:  # else: dropped just as we came back to it; ask again
            break
    if bar is not None:
        bar.empty()
    if job.state != DONE:
        st.error(t("lab.sim_failed", lang))
        return None
    table: pd.DataFrame = job.result
    return table


# -- the page -------------------------------------------------------------------------------------
st.title(t("nav.lab", lang))
st.write(t("lab.intro", lang))
titles = {
    "can-play": t("lab.can_play.title", lang),
    "opening-hand": t("lab.opening.title", lang),
    "challenge": t("lab.challenge.title", lang),
    "hand-worth": t("lab.worth.title", lang),
    "game-length": t("lab.length.title", lang),
    "who-wins": t("lab.wins.title", lang),
}
st.markdown(
    f"**{t('lab.contents', lang)}** "
    + " · ".join(f"[{i}. {titles[a]}](#{a})" for i, a in enumerate(SECTIONS, 1))
)
with st.sidebar:
    st.number_input(
        t("lab.seed", lang),
        min_value=0,
        max_value=2**31 - 1,
        step=1,
        key="lab_seed",
        help=t("lab.seed_help", lang),
    )
seed = int(st.session_state["lab_seed"])


# 1. Can I play? ----------------------------------------------------------------------------------
st.header(f"1. {titles['can-play']}", anchor="can-play")
left, right = st.columns([1, 2], gap="large")
with left:
    top_code = st.selectbox(
        t("lab.can_play.top", lang),
        CARD_CODES,
        key="lab_top",
        format_func=lambda code: card_label(Card(code), lang),
    )
    top = Card(top_code)
    named: Color | None = None
    if top.is_wild:
        st.selectbox(
            t("lab.can_play.color", lang),
            [c.name for c in COLORS],
            key="lab_top_color",
            format_func=lambda code: t(f"card.color.{code}", lang),
        )
        named = Color[st.session_state["lab_top_color"]]
    show_cards([top], lang, size="sm", named=named)
    color = lab.color_to_match(top, named)
    hand_size = st.slider(t("lab.can_play.hand_size", lang), 1, lab.MAX_HAND, key="lab_deal_size")

    deal_key = (top_code, color.name, hand_size, seed)
    deals = st.session_state.setdefault("lab_deals", {"key": deal_key, "n": 0})
    if deals["key"] != deal_key:
        deals.update(key=deal_key, n=0)
    with st.container(horizontal=True):
        for count in (1, 100, 1000):
            if st.button(
                t("lab.can_play.deal", lang, count=count),
                key=f"lab_deal_{count}",
                icon=":material/playing_cards:",
                disabled=deals["n"] >= MAX_DEALT,
            ):
                deals["n"] = min(MAX_DEALT, deals["n"] + count)
        if st.button(t("lab.can_play.reset", lang), key="lab_deal_reset", icon=":material/replay:"):
            deals["n"] = 0

curve = cached_exact("can_play_curve", top_code, color.name)
exact = float(curve.loc[curve["hand_size"] == hand_size, "p_play"].iloc[0])
dealt = cached_deals(top_code, color.name, hand_size, deals["n"], seed) if deals["n"] else None
with left:
    st.metric(t("lab.can_play.metric_exact", lang, count=hand_size), pct(exact))
    if dealt is not None:
        frequency = float(dealt["frequency"].iloc[-1])
        st.metric(t("lab.can_play.metric_sim", lang, count=len(dealt)), pct(frequency))
        if deals["n"] >= MAX_DEALT:
            st.caption(t("lab.can_play.limit", lang, count=MAX_DEALT))
    else:
        st.caption(t("lab.can_play.no_deals", lang))
with right:
    fig = go.Figure()
    fig.add_trace(
        go.Scatter(
            x=curve["hand_size"].tolist(),
            y=curve["p_play"].tolist(),
            mode="lines+markers",
            name=t("lab.can_play.exact", lang),
            line={"color": BLUE, "width": 3},
            marker={"symbol": "circle", "size": 7},
        )
    )
    if dealt is not None:
        wins = int(dealt["playable"].sum())
        low, high = lab.wilson_interval(wins, len(dealt))
        fig.add_trace(
            go.Scatter(
                x=[hand_size],
                y=[wins / len(dealt)],
                mode="markers",
                name=t("lab.can_play.simulated", lang, count=len(dealt)),
                marker={"symbol": "diamond", "size": 14, "color": VERMILION, "line": {"width": 1}},
                error_y={
                    "type": "data",
                    "symmetric": False,
                    "array": [high - wins / len(dealt)],
                    "arrayminus": [wins / len(dealt) - low],
                    "color": VERMILION,
                },
            )
        )
    layout(fig, t("lab.can_play.x", lang), t("lab.can_play.y", lang))
    fig.update_yaxes(range=[0, 1.05])
    show(fig, "can_play")
    st.write(t("lab.can_play.explain", lang))
    row = st.columns(2)
    with row[0]:
        download(curve[["hand_size", "p_play", "playable", "unseen"]], "can-play")
    if dealt is not None:
        with row[1]:
            download(dealt, "dealt-hands", "lab.can_play.download_deals")
    how(
        "lab.can_play.formula",
        "can_play",
        (
            "lab.code_intro",
            lab.snippet("can_play", top=top_code, color=named.name if named else None),
        ),
        (
            "lab.can_play.code_deals",
            lab.snippet(
                "deal_hands",
                top=top_code,
                color=color.name,
                hand_size=hand_size,
                n=max(1, deals["n"]),
                seed=seed,
            ),
        ),
        note=t(
            "lab.can_play.values",
            lang,
            unseen=int(curve["unseen"].iloc[0]),
            playable=int(curve["playable"].iloc[0]),
        ),
    )


# 2. Your opening hand ----------------------------------------------------------------------------
st.header(f"2. {titles['opening-hand']}", anchor="opening-hand")
open_size = st.slider(t("lab.opening.hand_size", lang), 1, lab.MAX_HAND, key="lab_open_size")
opening = cached_exact("opening_hand_tables", open_size)
measures = lab.OPENING_MEASURES
cols = st.columns(3)
at_least_one = {
    m: float(opening[(opening["measure"] == m) & (opening["count"] >= 1)]["probability"].sum())
    for m in ("wilds", "actions")
}
four_colors = float(
    opening[(opening["measure"] == "colors") & (opening["count"] == 4)]["probability"].sum()
)
cols[0].metric(t("lab.opening.metric_wild", lang), pct(at_least_one["wilds"]))
cols[1].metric(t("lab.opening.metric_action", lang), pct(at_least_one["actions"]))
cols[2].metric(t("lab.opening.metric_colors", lang), pct(four_colors))
fig = make_subplots(
    rows=1,
    cols=3,
    shared_yaxes=True,
    subplot_titles=[t(f"lab.opening.title_{m}", lang) for m in measures],
    horizontal_spacing=0.05,
)
for i, (measure, hue, pattern) in enumerate(
    zip(measures, (ORANGE, SKY, GREEN), ("", "/", "x"), strict=True), 1
):
    part = opening[opening["measure"] == measure]
    fig.add_trace(
        go.Bar(
            x=part["count"].tolist(),
            y=part["probability"].tolist(),
            name=t(f"lab.opening.title_{measure}", lang),
            marker={"color": hue, "pattern": {"shape": pattern}, "line": {"color": BLACK}},
            showlegend=False,
        ),
        row=1,
        col=i,
    )
    fig.update_xaxes(title_text=t(f"lab.opening.x_{measure}", lang), dtick=1, row=1, col=i)
layout(fig, t(f"lab.opening.x_{measures[0]}", lang), t("lab.chance", lang))
show(fig, "opening_hand")
st.write(t("lab.opening.explain", lang))
download(opening, "opening-hand")
how(
    "lab.opening.formula",
    "opening_hand",
    ("lab.code_intro", lab.snippet("opening_hand", hand_size=open_size)),
)


# 3. Should I challenge? --------------------------------------------------------------------------
st.header(f"3. {titles['challenge']}", anchor="challenge")
left, right = st.columns([1, 2], gap="large")
with left:
    their_hand = st.slider(t("lab.challenge.hand_size", lang), 1, 20, key="lab_chal_hand")
    st.selectbox(
        t("lab.challenge.color", lang),
        [c.name for c in COLORS],
        key="lab_chal_color",
        format_func=lambda code: t(f"card.color.{code}", lang),
    )
    chal_color: str = st.session_state["lab_chal_color"]
    st.text_input(
        t("lab.challenge.known", lang),
        key="lab_chal_known",
        max_chars=500,
        help=t("lab.challenge.known_help", lang),
    )
    pending = st.number_input(
        t("lab.challenge.pending", lang),
        min_value=2,
        max_value=40,
        step=2,
        key="lab_chal_pending",
        help=t("lab.challenge.pending_help", lang),
    )
    known, bad = lab.parse_cards(st.session_state["lab_chal_known"])
    if bad:
        codes = ", ".join(f"`{code.replace('`', '')[:12]}`" for code in bad[:10])
        st.warning(t("lab.challenge.bad_codes", lang, codes=codes))
known_codes = tuple(str(card) for card in known)
try:
    advice = cached_exact("challenge_table", their_hand, chal_color, known_codes, int(pending))
except ValueError:
    advice = None
    with left:
        st.error(t("lab.challenge.impossible", lang))
if advice is not None:
    chosen = advice[advice["hand_size"] == their_hand].iloc[0]
    with left:
        st.metric(t("lab.challenge.metric_p", lang), pct(float(chosen["p_guilty"])))
        st.metric(
            t("lab.challenge.metric_challenge", lang), num(chosen["expected_if_challenge"], 2)
        )
        st.metric(t("lab.challenge.metric_accept", lang), num(chosen["expected_if_accept"]))
        if chosen["challenge"]:
            st.success(t("lab.challenge.advice_challenge", lang), icon=":material/gavel:")
        else:
            st.info(t("lab.challenge.advice_accept", lang), icon=":material/pan_tool:")
    with right:
        fig = go.Figure()
        fig.add_trace(
            go.Scatter(
                x=advice["hand_size"].tolist(),
                y=advice["p_guilty"].tolist(),
                mode="lines+markers",
                name=t("lab.challenge.curve", lang),
                line={"color": BLUE, "width": 3},
                marker={"symbol": "circle", "size": 7},
            )
        )
        fig.add_trace(
            go.Scatter(
                x=advice["hand_size"].tolist(),
                y=advice["threshold"].tolist(),
                mode="lines",
                name=t("lab.challenge.threshold", lang),
                line={"color": VERMILION, "dash": "dash", "width": 2},
            )
        )
        fig.add_trace(
            go.Scatter(
                x=[their_hand],
                y=[float(chosen["p_guilty"])],
                mode="markers",
                name=t("lab.challenge.chosen", lang),
                marker={"symbol": "diamond", "size": 15, "color": ORANGE, "line": {"width": 1}},
            )
        )
        layout(fig, t("lab.challenge.x", lang), t("lab.challenge.y", lang))
        fig.update_yaxes(range=[0, 1.05])
        show(fig, "challenge")
        st.write(t("lab.challenge.explain", lang))
        download(advice, "challenge")
        code = lab.snippet(
            "challenge",
            color=chal_color,
            known=list(known_codes),
            pending=int(pending),
            max_hand=int(advice["hand_size"].max()),
        )
        how("lab.challenge.formula", "challenge", ("lab.code_intro", code))


# 4. What is a hand worth? ------------------------------------------------------------------------
st.header(f"4. {titles['hand-worth']}", anchor="hand-worth")
worth_n = st.slider(t("lab.worth.n", lang), 1, lab.MAX_HAND, key="lab_worth_n")
worth = cached_exact("hand_worth", worth_n)
mean_points = float((worth["points"] * worth["probability"]).sum())
median_points = int(worth.loc[worth["cumulative"] >= 0.5, "points"].iloc[0])
cols = st.columns(3)
cols[0].metric(t("lab.worth.metric_mean", lang), num(mean_points, 1))
cols[1].metric(t("lab.worth.metric_median", lang), num(median_points))
with cols[2]:
    st.page_link(
        "pages/2_lessons.py",
        label=t("lab.worth.lesson_link", lang),
        icon=":material/school:",
        query_params={"lang": lang, "lesson": "10"},
    )
fig = go.Figure()
fig.add_trace(
    go.Bar(
        x=worth["points"].tolist(),
        y=worth["probability"].tolist(),
        name=t("lab.chance", lang),
        marker={"color": SKY, "line": {"color": BLUE, "width": 0.5}},
        showlegend=False,
    )
)
fig.add_vline(
    x=mean_points,
    line={"color": VERMILION, "dash": "dash", "width": 2},
    annotation_text=f"{t('lab.worth.mean_line', lang)}: {num(mean_points, 1)}",
    annotation_position="top right",
)
layout(fig, t("lab.worth.x", lang), t("lab.chance", lang))
fig.update_yaxes(tickformat=".1%")
show(fig, "hand_worth")
st.write(t("lab.worth.explain", lang))
download(worth, "hand-worth")
how("lab.worth.formula", "hand_worth", ("lab.code_intro", lab.snippet("hand_worth", n=worth_n)))


# 5. How long is a game? --------------------------------------------------------------------------
st.header(f"5. {titles['game-length']}", anchor="game-length")
cols = st.columns(3)
with cols[0]:
    low_players, high_players = st.slider(
        t("lab.length.players", lang), 2, 10, key="lab_len_players"
    )
with cols[1]:
    presets = st.multiselect(
        t("lab.length.rules", lang), lab.RULE_PRESETS, key="lab_len_rules", format_func=rules_name
    )
with cols[2]:
    total_games = st.number_input(
        t("lab.games", lang),
        min_value=100,
        max_value=20_000,
        step=500,
        key="lab_len_games",
        help=t("lab.games_help", lang),
    )
players_list = list(range(low_players, high_players + 1))
if not presets:
    st.info(t("lab.length.need_rules", lang))
else:
    per_setting = lab.games_per_setting(int(total_games), len(presets) * len(players_list))
    length = simulated(
        "game_length",
        players_list=tuple(players_list),
        rule_presets=tuple(presets),
        n_games=per_setting,
        seed=seed,
    )
    if length is not None:
        fig = go.Figure()
        for i, preset in enumerate(presets):
            part = length[length["rules"] == preset]
            hue, dash, symbol = LINE_STYLES[i % len(LINE_STYLES)]
            fig.add_trace(
                go.Scatter(
                    x=part["players"].tolist(),
                    y=part["mean_turns"].tolist(),
                    mode="lines+markers",
                    name=rules_name(preset),
                    line={"color": hue, "dash": dash, "width": 2.5},
                    marker={"symbol": symbol, "size": 9},
                    error_y=error_bars(part, "mean_turns"),
                )
            )
        layout(fig, t("lab.length.x", lang), t("lab.length.y", lang), percent=False)
        fig.update_xaxes(dtick=1)
        fig.update_yaxes(rangemode="tozero")
        show(fig, "game_length")
        st.caption(t("lab.games_each", lang, count=per_setting))
        st.write(t("lab.length.explain", lang))
        download(length, "game-length")
        code = lab.snippet(
            "game_length", presets=presets, players=players_list, n=per_setting, seed=seed
        )
        how("lab.length.formula", "game_length", ("lab.code_intro", code))


# 6. Who wins? ------------------------------------------------------------------------------------
st.header(f"6. {titles['who-wins']}", anchor="who-wins")
cols = st.columns(2)
with cols[0]:
    win_rules = st.selectbox(
        t("lab.wins.rules", lang), lab.RULE_PRESETS, key="lab_win_rules", format_func=rules_name
    )
with cols[1]:
    win_games = int(
        st.number_input(
            t("lab.games", lang),
            min_value=100,
            max_value=20_000,
            step=500,
            key="lab_win_games",
            help=t("lab.games_help", lang),
        )
    )


def share_bars(table: pd.DataFrame, labels: list[str], x_title: str) -> go.Figure:
    fig = go.Figure()
    fig.add_trace(
        go.Bar(
            x=labels,
            y=table["share"].tolist(),
            name=t("lab.wins.y", lang),
            marker={"color": SKY, "line": {"color": BLUE, "width": 1}},
            error_y=error_bars(table, "share"),
            showlegend=False,
        )
    )
    fair = float(table["fair"].iloc[0])
    fig.add_hline(
        y=fair,
        line={"color": VERMILION, "dash": "dash", "width": 2},
        annotation_text=f"{t('lab.wins.fair', lang)}: {pct(fair)}",
        annotation_position="top left",
    )
    layout(fig, x_title, t("lab.wins.y", lang))
    fig.update_xaxes(type="category")  # "1", "2", ..., "4 (dealer)": labels, not numbers
    return fig


st.subheader(t("lab.wins.seat_title", lang), anchor="seat")
seat_players = st.slider(t("lab.wins.players", lang), 2, 10, key="lab_seat_players")
seats = simulated(
    "seat_advantage", players=seat_players, rules=win_rules, n_games=win_games, seed=seed
)
if seats is not None:
    labels = [
        t("lab.wins.dealer", lang, order=o) if o == seat_players else str(o) for o in seats["order"]
    ]
    show(share_bars(seats, labels, t("lab.wins.x_seat", lang)), "seat_advantage")
    st.write(t("lab.wins.explain_seat", lang))
    download(seats, "seat-advantage")
    code = lab.snippet(
        "seat_advantage", players=seat_players, rules=win_rules, n=win_games, seed=seed
    )
    how("lab.wins.formula_seat", "wilson", ("lab.code_intro", code))

st.subheader(t("lab.wins.tour_title", lang), anchor="tournament")
cols = st.columns(2)
with cols[0]:
    chosen_bots = st.multiselect(
        t("lab.wins.strategies", lang),
        list(HEURISTICS),
        key="lab_tour_strategies",
        format_func=strategy_name,
    )
with cols[1]:
    challenge = st.selectbox(
        t("lab.wins.challenge", lang),
        CHALLENGE_POLICIES,
        key="lab_tour_challenge",
        format_func=lambda policy: t(f"bot.challenge.{policy}", lang),
    )
if len(chosen_bots) < 2:
    st.info(t("lab.wins.need_two", lang))
else:
    ranking = simulated(
        "tournament",
        strategies=tuple(chosen_bots),
        rules=win_rules,
        n_games=win_games,
        seed=seed,
        challenge=challenge,
    )
    if ranking is not None:
        names = [strategy_name(s) for s in ranking["strategy"]]
        show(share_bars(ranking, names, t("lab.wins.x_tour", lang)), "tournament")
        st.write(t("lab.wins.explain_tour", lang))
        download(ranking, "tournament")
        code = lab.snippet(
            "tournament",
            strategies=list(chosen_bots),
            challenge=challenge,
            rules=win_rules,
            n=win_games,
            seed=seed,
        )
        how("lab.wins.formula_tour", "wilson", ("lab.code_intro", code))
