"""Drawing the probability lab (pages/5_lab.py): six questions, one ``st.fragment`` each, so
touching a section's controls redraws that section alone. Each has one chart, its data as CSV
and "how is this computed?" (the formula and the Python that made the chart). The numbers all
come from ``uno.academy.lab``; this module reads the widgets and draws.

The three simulated charts are asked of a job board shared by every session (``simulated``).
A section waits a moment for its answer; a longer simulation leaves a progress bar in a small
fragment that polls the board (``run_every``) while the rest of the page stays usable.
"""

from __future__ import annotations

import textwrap
import time
from collections.abc import Callable, Sequence
from typing import Any, Final

import pandas as pd
import plotly.graph_objects as go
import streamlit as st
from plotly.subplots import make_subplots

from uno.academy import lab, lab_strength
from uno.academy.i18n import card_label, t
from uno.academy.jobs import ABANDONED, DONE, WAITING, Job, JobBoard
from uno.bots import CHALLENGE_POLICIES, HEURISTICS
from uno.cards import CARDS, COLORS, Card, Color
from uno.ui.cards import show_cards
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
    show,
)
from uno.ui.guard import fragment
from uno.ui.words import number, percent

__all__ = ["POLL", "SETTLE", "show_lab"]

#: Seconds a section waits for its simulation before it leaves a progress bar that polls.
SETTLE: float = 1.0
#: Seconds between two looks at a running simulation.
POLL: Final = 0.5

CARD_CODES: Final = [str(card) for card in CARDS]
COLOR_CODES: Final = [c.name for c in COLORS]
SECTIONS: Final = (
    "can-play",
    "opening-hand",
    "challenge",
    "hand-worth",
    "game-length",
    "who-wins",
    "strength",
)
TITLES: Final = {
    "can-play": "lab.can_play.title",
    "opening-hand": "lab.opening.title",
    "challenge": "lab.challenge.title",
    "hand-worth": "lab.worth.title",
    "game-length": "lab.length.title",
    "who-wins": "lab.wins.title",
    "strength": "lab.strength.title",
}
DEALS: Final = "lab_deals"
DEFAULTS: Final[dict[str, Any]] = {
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


def show_lab(lang: str) -> None:
    """The whole page. This body runs on full runs only; each section is a fragment."""
    for name in lab.SIMULATIONS:  # a full run: the browser has dropped every polling timer
        st.session_state.pop(_polling(name), None)
    st.title(t("nav.lab", lang))
    st.write(t("lab.intro", lang))
    st.markdown(
        f"**{t('lab.contents', lang)}** "
        + " · ".join(f"[{i}. {_title(a, lang)}](#{a})" for i, a in enumerate(SECTIONS, 1))
    )
    with st.sidebar:
        st.number_input(
            t("lab.seed", lang),
            min_value=0,
            max_value=2**31 - 1,
            step=1,
            value=_kept_within("lab_seed", 0, 2**31 - 1),
            key="lab_seed",
            help=t("lab.seed_help", lang),
        )
    seed = int(st.session_state["lab_seed"])
    can_play(lang, seed)
    opening_hand(lang)
    challenge(lang)
    hand_worth(lang)
    game_length(lang, seed)
    who_wins(lang, seed)
    strength(lang)
    for name in lab.SIMULATIONS:  # answers a poll left for this run and it did not need
        st.session_state.pop(_seen(name), None)


# -- pieces every section uses --------------------------------------------------------------------
def _kept(key: str) -> Any:
    """The reader's value of the lab's widget ``key`` (``DEFAULTS`` until it is changed). Each
    widget is also given it as its default: Streamlit's browser side can lose a widget's value
    when a fragment's ``st.rerun`` and the full run it starts race on the page's first load, and
    the widget then comes back at its default (the hand-size slider came back at 1 and the
    next click dealt 1-card hands). With the reader's value as default, it comes back as it was."""
    default = DEFAULTS[key]
    value = st.session_state.get(key, default)
    if isinstance(default, list):
        return list(value) if isinstance(value, list) else list(default)
    return value if type(value) is type(default) else default


def _kept_among(key: str, options: Sequence[str]) -> list[str]:
    """``_kept(key)`` for a multiselect: only the values among ``options`` (a forged message
    can give the widget any text, and a default outside its options fails the page)."""
    return [value for value in _kept(key) if value in options]


def _kept_within(key: str, low: int, high: int) -> int:
    """``_kept(key)`` for a number box: its default when the value is outside the box's range
    (a number box fails the page on a default above its maximum)."""
    value = _kept(key)
    return value if isinstance(value, int) and low <= value <= high else int(DEFAULTS[key])


def _slider(label: str, low: int, high: int, key: str) -> Any:
    """A slider of the lab from ``low`` to ``high``, with the reader's value (``_kept``; its
    default when outside the range)."""
    value = _kept(key)
    ends = value if isinstance(value, tuple) else (value,)
    if not all(isinstance(end, int) and low <= end <= high for end in ends):
        value = DEFAULTS[key]
    return st.slider(label, low, high, value, key=key)


def _index(options: Sequence[str], key: str) -> int:
    """``_kept(key)``'s place among ``options`` (a selectbox's default), 0 if not among them."""
    value = _kept(key)
    return options.index(value) if value in options else 0


def _title(anchor: str, lang: str) -> str:
    return t(TITLES[anchor], lang)


def _header(anchor: str, lang: str) -> None:
    st.header(f"{SECTIONS.index(anchor) + 1}. {_title(anchor, lang)}", anchor=anchor)


def _pct(share: float, lang: str) -> str:
    return percent(share, lang, 1)


def _wrap(text: str, width: int) -> str:
    """A long Plotly label on several lines, broken between words."""
    lines = textwrap.wrap(text, width, break_long_words=False, break_on_hyphens=False)
    return "<br>".join(lines) or text


def _rules_name(preset: str, lang: str) -> str:
    return t(f"lab.rules.{preset}", lang)


def _strategy_name(name: str, lang: str) -> str:
    return t(f"bot.{name}.name", lang)


def _chart(fig: go.Figure, name: str, alt: str) -> None:
    show(fig, f"lab_chart_{name}", alt=alt)


def _download(table: pd.DataFrame, name: str, lang: str, label_key: str = "lab.download") -> None:
    st.download_button(
        t(label_key, lang),
        table.to_csv(index=False).encode("utf-8"),
        file_name=f"uno-lab-{name}.csv",
        mime="text/csv",
        key=f"lab_csv_{name}",
        icon=":material/download:",
        on_click="ignore",
    )


def _how(
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


@st.cache_data(show_spinner=False, max_entries=128)
def cached_exact(name: str, *args: Any) -> pd.DataFrame:
    table: pd.DataFrame = getattr(lab, name)(*args)
    return table


@st.cache_data(show_spinner=False, max_entries=16)
def cached_deals(top: str, color: str, hand_size: int, n: int, seed: int) -> pd.DataFrame:
    return lab.deal_hands(top, color, hand_size, n, seed)  # up to MAX_DEALT rows: keep few


# -- simulations: the shared board, a short wait, then a poll ------------------------------------
@st.cache_resource
def simulation_board() -> JobBoard:
    """Simulated frames shared by every session (``uno.academy.jobs``): each question is played
    once and one at a time, whoever asks first, and the others follow its progress. A session
    waits for at most one simulation per section at a time (its fair share), and sessions take
    turns; room for a class of twelve asking at once (waiting costs nothing until its turn)."""
    return JobBoard(per_owner=len(lab.SIMULATIONS), max_waiting=12 * len(lab.SIMULATIONS))


def _polling(name: str) -> str:
    return f"lab_polling_{name}"


def _seen(name: str) -> str:
    return f"lab_seen_{name}"


def _progress(job: Job, lang: str) -> None:
    if job.state == WAITING or not job.total:
        st.progress(0.0, text=t("lab.queued", lang))
    else:
        text = t("lab.progress", lang, done=number(job.done, lang), total=number(job.total, lang))
        st.progress(min(1.0, job.done / job.total), text=text)


def _session() -> str:
    """This reader's session: its fair share of the board's simulations is counted on it."""
    from streamlit.runtime.scriptrunner import get_script_run_ctx

    ctx = get_script_run_ctx()
    return ctx.session_id if ctx is not None else "no-session"


def simulated(lang: str, name: str, draw: Callable[[pd.DataFrame], None], **kwargs: Any) -> None:
    """Ask the board for ``uno.academy.lab.<name>(**kwargs)`` and ``draw`` its table. A quick
    answer is waited for here, under a progress bar. A longer one is followed by ``_poll``, a
    fragment that looks at the job every ``POLL`` seconds, so the section does not hold the
    page; when the job is over, one full run draws the section with its answer."""
    seen: Job | None = st.session_state.pop(_seen(name), None)  # the job a poll saw finish
    if seen is not None and seen.key == lab.question(name, **kwargs) and seen.state != ABANDONED:
        job: Job | None = seen
    else:
        job = lab.ask(simulation_board(), name, owner=_session(), **kwargs)
    if job is not None and not job.finished:
        slot = st.empty()
        deadline = time.monotonic() + SETTLE
        while not job.wait(min(0.25, max(0.0, deadline - time.monotonic()))):
            if time.monotonic() >= deadline:
                break
            with slot.container():
                _progress(job, lang)
        slot.empty()
    if job is not None and not job.finished:
        fragment(_poll, run_every=POLL)(lang, name, job)
        return
    _end_poll(name, job)
    if job is None:
        board = simulation_board()
        mine = board.owner_waiting(_session()) >= board.per_owner
        st.warning(t("lab.yours_waiting" if mine else "lab.busy", lang, count=board.per_owner))
    elif job.state != DONE:
        st.error(t("lab.sim_failed", lang))
    else:
        draw(job.result)


def _poll(lang: str, name: str, job: Job) -> None:
    """The progress of ``job`` while the board plays it (each look also tells the board that
    someone still follows it); once it is over, the full run that draws its answer."""
    if not job.wait(0):
        st.session_state[_polling(name)] = True
        _progress(job, lang)
        return
    st.session_state.pop(_polling(name), None)
    st.session_state[_seen(name)] = job
    st.rerun()


def _end_poll(name: str, job: Job | None = None) -> None:
    """If ``name`` was being polled, end the poll with one full run, which finds ``job``
    (finished) in the session. Streamlit stops a fragment's timer only on a full run or when
    the fragment around it drops it, and a dropped fragment may leave a frozen bar on screen."""
    if st.session_state.pop(_polling(name), False):
        if job is not None:
            st.session_state[_seen(name)] = job
        st.rerun()


# -- 1. Can I play? -------------------------------------------------------------------------------
def _deals(setting: tuple[Any, ...]) -> lab.Deals:
    kept = st.session_state.get(DEALS)
    deals = (kept if isinstance(kept, lab.Deals) else lab.Deals()).at(setting)
    st.session_state[DEALS] = deals
    return deals


def _deal(setting: tuple[Any, ...], count: int) -> None:
    st.session_state[DEALS] = _deals(setting).more(count)


def _deal_again(setting: tuple[Any, ...]) -> None:
    st.session_state[DEALS] = _deals(setting).again()


@fragment
def can_play(lang: str, seed: int) -> None:
    _header("can-play", lang)
    left, right = st.columns([1, 2], gap="large")
    with left:
        top_code: str = st.selectbox(
            t("lab.can_play.top", lang),
            CARD_CODES,
            index=_index(CARD_CODES, "lab_top"),
            key="lab_top",
            format_func=lambda code: card_label(Card(code), lang),
        )
        top = Card(top_code)
        named: Color | None = None
        if top.is_wild:
            st.selectbox(
                t("lab.can_play.color", lang),
                COLOR_CODES,
                index=_index(COLOR_CODES, "lab_top_color"),
                key="lab_top_color",
                format_func=lambda code: t(f"color.{code}", lang),
            )
            named = Color[st.session_state["lab_top_color"]]
        show_cards([top], lang, size="sm", named=named)
        color = lab.color_to_match(top, named)
        hand_size = int(
            _slider(t("lab.can_play.hand_size", lang), 1, lab.MAX_HAND, "lab_deal_size")
        )
        deals = _deals((top_code, color.name, hand_size, seed))
        with st.container(horizontal=True):
            for count in (1, 100, 1000):
                st.button(
                    t("lab.can_play.deal", lang, count=count),
                    key=f"lab_deal_{count}",
                    icon=":material/playing_cards:",
                    disabled=deals.full,
                    on_click=_deal,
                    args=(deals.setting, count),
                )
            st.button(
                t("lab.can_play.reset", lang),
                key="lab_deal_reset",
                icon=":material/replay:",
                on_click=_deal_again,
                args=(deals.setting,),
            )
        curve = cached_exact("can_play_curve", top_code, color.name)
        exact = float(curve.loc[curve["hand_size"] == hand_size, "p_play"].iloc[0])
        dealt = cached_deals(top_code, color.name, hand_size, deals.n, seed) if deals.n else None
        st.metric(t("lab.can_play.metric_exact", lang, count=hand_size), _pct(exact, lang))
        if dealt is not None:
            frequency = float(dealt["frequency"].iloc[-1])
            st.metric(t("lab.can_play.metric_sim", lang, count=len(dealt)), _pct(frequency, lang))
            if deals.full:
                st.caption(t("lab.can_play.limit", lang, count=lab.MAX_DEALT))
        else:
            st.caption(t("lab.can_play.no_deals", lang))
    with right:
        fig = go.Figure()
        style = series_style(0)
        style["line"]["width"] = 3
        fig.add_trace(
            go.Scatter(
                x=curve["hand_size"].tolist(),
                y=curve["p_play"].tolist(),
                mode="lines+markers",
                name=t("lab.can_play.exact", lang),
                **style,
            )
        )
        if dealt is not None:
            wins = int(dealt["playable"].sum())
            low, high = lab.wilson_interval(wins, len(dealt))
            share = wins / len(dealt)
            fig.add_trace(
                go.Scatter(
                    x=[hand_size],
                    y=[share],
                    mode="markers",
                    name=t("lab.can_play.simulated", lang, count=len(dealt)),
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
        layout(fig, t("lab.can_play.x", lang), t("lab.can_play.y", lang), lang)
        fig.update_yaxes(range=[0, 1.05])
        _chart(fig, "can_play", t("lab.can_play.explain", lang))
        st.write(t("lab.can_play.explain", lang))
        with st.container(horizontal=True):  # each button as wide as its label, side by side
            _download(curve[["hand_size", "p_play", "playable", "unseen"]], "can-play", lang)
            if dealt is not None:
                _download(dealt, "dealt-hands", lang, "lab.can_play.download_deals")
        _how(
            lang,
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
                    n=max(1, deals.n),
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


# -- 2. Your opening hand -------------------------------------------------------------------------
@fragment
def opening_hand(lang: str) -> None:
    _header("opening-hand", lang)
    size = int(_slider(t("lab.opening.hand_size", lang), 1, lab.MAX_HAND, "lab_open_size"))
    opening = cached_exact("opening_hand_tables", size)
    summary = lab.opening_summary(opening)
    cols = st.columns(3)
    cols[0].metric(t("lab.opening.metric_wild", lang), _pct(summary["wilds"], lang))
    cols[1].metric(t("lab.opening.metric_action", lang), _pct(summary["actions"], lang))
    cols[2].metric(t("lab.opening.metric_colors", lang), _pct(summary["colors"], lang))
    measures = lab.OPENING_MEASURES
    fig = make_subplots(
        rows=1,
        cols=3,
        shared_yaxes=True,
        subplot_titles=[_wrap(t(f"lab.opening.title_{m}", lang), 12) for m in measures],
        horizontal_spacing=0.05,
    )
    # Three panels side by side: short lines, so the titles stay apart on a phone too.
    x_titles = [_wrap(t(f"lab.opening.x_{m}", lang), 12) for m in measures]
    for i, (measure, hue, pattern) in enumerate(
        zip(measures, (ORANGE, SKY, GREEN), ("", "/", "x"), strict=True), 1
    ):
        part = opening[opening["measure"] == measure]
        fig.add_trace(
            go.Bar(
                x=part["count"].tolist(),
                y=part["probability"].tolist(),
                name=t(f"lab.opening.title_{measure}", lang),
                marker={"color": hue, "pattern": {"shape": pattern}, "line": {"color": GREY}},
                showlegend=False,
            ),
            row=1,
            col=i,
        )
    layout(fig, x_titles[0], t("lab.chance", lang), lang)
    for i, x_title in enumerate(x_titles, 1):
        fig.update_xaxes(title_text=x_title, dtick=1, row=1, col=i)
    _chart(fig, "opening_hand", t("lab.opening.explain", lang))
    st.write(t("lab.opening.explain", lang))
    _download(opening, "opening-hand", lang)
    _how(
        lang,
        "lab.opening.formula",
        "opening_hand",
        ("lab.code_intro", lab.snippet("opening_hand", hand_size=size)),
    )


# -- 3. Should I challenge? -----------------------------------------------------------------------
def _codes(bad: list[str]) -> str:
    """Codes that are not cards, shown back as inline code (which Markdown leaves literal)."""
    return ", ".join(f"`{code.replace('`', '')[:12]}`" for code in bad[:10])


@fragment
def challenge(lang: str) -> None:
    _header("challenge", lang)
    left, right = st.columns([1, 2], gap="large")
    with left:
        their_hand = int(_slider(t("lab.challenge.hand_size", lang), 1, 20, "lab_chal_hand"))
        color: str = st.selectbox(
            t("lab.challenge.color", lang),
            COLOR_CODES,
            index=_index(COLOR_CODES, "lab_chal_color"),
            key="lab_chal_color",
            format_func=lambda code: t(f"color.{code}", lang),
        )
        typed: str = st.text_input(
            t("lab.challenge.known", lang),
            value=_kept("lab_chal_known"),
            key="lab_chal_known",
            max_chars=500,
            help=t("lab.challenge.known_help", lang),
        )
        pending = int(
            st.number_input(
                t("lab.challenge.pending", lang),
                min_value=2,
                max_value=40,
                value=_kept_within("lab_chal_pending", 2, 40),
                step=2,
                key="lab_chal_pending",
                help=t("lab.challenge.pending_help", lang),
            )
        )
        known, bad = lab.parse_cards(typed)
        if bad:
            st.warning(t("lab.challenge.bad_codes", lang, codes=_codes(bad)))
        known_codes = tuple(str(card) for card in known)
        try:
            advice = cached_exact("challenge_table", their_hand, color, known_codes, pending)
        except ValueError:
            st.error(t("lab.challenge.impossible", lang))
            return
        chosen = advice[advice["hand_size"] == their_hand].iloc[0]
        st.metric(t("lab.challenge.metric_p", lang), _pct(float(chosen["p_guilty"]), lang))
        st.metric(
            t("lab.challenge.metric_challenge", lang),
            number(float(chosen["expected_if_challenge"]), lang, 2),
        )
        st.metric(
            t("lab.challenge.metric_accept", lang),
            number(float(chosen["expected_if_accept"]), lang),
        )
        if chosen["challenge"]:
            st.success(t("lab.challenge.advice_challenge", lang), icon=":material/gavel:")
        else:
            st.info(t("lab.challenge.advice_accept", lang), icon=":material/pan_tool:")
    with right:
        fig = go.Figure()
        style = series_style(0)
        style["line"]["width"] = 3
        fig.add_trace(
            go.Scatter(
                x=advice["hand_size"].tolist(),
                y=advice["p_guilty"].tolist(),
                mode="lines+markers",
                name=t("lab.challenge.curve", lang),
                **style,
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
                marker={"symbol": "diamond", "size": 15, "color": ORANGE},
            )
        )
        layout(fig, t("lab.challenge.x", lang), t("lab.challenge.y", lang), lang)
        fig.update_yaxes(range=[0, 1.05])
        _chart(fig, "challenge", t("lab.challenge.explain", lang))
        st.write(t("lab.challenge.explain", lang))
        _download(advice, "challenge", lang)
        code = lab.snippet(
            "challenge",
            color=color,
            known=list(known_codes),
            pending=pending,
            max_hand=int(advice["hand_size"].max()),
        )
        _how(lang, "lab.challenge.formula", "challenge", ("lab.code_intro", code))


# -- 4. What is a hand worth? ---------------------------------------------------------------------
@fragment
def hand_worth(lang: str) -> None:
    _header("hand-worth", lang)
    n = int(_slider(t("lab.worth.n", lang), 1, lab.MAX_HAND, "lab_worth_n"))
    worth = cached_exact("hand_worth", n)
    mean, median = lab.worth_summary(worth)
    cols = st.columns(3)
    cols[0].metric(t("lab.worth.metric_mean", lang), number(mean, lang, 1))
    cols[1].metric(t("lab.worth.metric_median", lang), number(median, lang))
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
    fig.add_vline(  # named in the legend above the plot, never written over the bars
        x=mean,
        line={"color": VERMILION, "dash": "dash", "width": 2},
        name=t("lab.worth.mean_line", lang, points=number(mean, lang, 1)),
        showlegend=True,
    )
    layout(fig, t("lab.worth.x", lang), t("lab.chance", lang), lang)
    _chart(fig, "hand_worth", t("lab.worth.explain", lang))
    st.write(t("lab.worth.explain", lang))
    _download(worth, "hand-worth", lang)
    _how(
        lang, "lab.worth.formula", "hand_worth", ("lab.code_intro", lab.snippet("hand_worth", n=n))
    )


# -- 5. How long is a game? -----------------------------------------------------------------------
def _games_input(key: str, lang: str) -> int:
    return int(
        st.number_input(
            t("lab.games", lang),
            min_value=100,
            max_value=20_000,
            value=_kept_within(key, 100, 20_000),
            step=500,
            key=key,
            help=t("lab.games_help", lang),
        )
    )


@fragment
def game_length(lang: str, seed: int) -> None:
    _header("game-length", lang)
    cols = st.columns(2)
    with cols[0]:
        span: Any = _slider(t("lab.length.players", lang), 2, 10, "lab_len_players")
    with cols[1]:
        total = _games_input("lab_len_games", lang)
    presets: list[str] = st.multiselect(
        t("lab.length.rules", lang),
        lab.RULE_PRESETS,
        default=_kept_among("lab_len_rules", lab.RULE_PRESETS),
        key="lab_len_rules",
        format_func=lambda preset: _rules_name(preset, lang),
        wrap=True,
    )
    if not presets:
        st.info(t("lab.length.need_rules", lang))
        _end_poll("game_length")
        return
    players = list(range(int(span[0]), int(span[1]) + 1))
    per_setting = lab.games_per_setting(total, len(presets) * len(players))

    def draw(length: pd.DataFrame) -> None:
        fig = go.Figure()
        for i, preset in enumerate(presets):
            part = length[length["rules"] == preset]
            style = series_style(i)
            style["line"]["width"] = 2.5
            fig.add_trace(
                go.Scatter(
                    x=part["players"].tolist(),
                    y=part["mean_turns"].tolist(),
                    mode="lines+markers",
                    name=_rules_name(preset, lang),
                    error_y=error_bars(part, "mean_turns"),
                    **style,
                )
            )
        layout(fig, t("lab.length.x", lang), t("lab.length.y", lang), lang, percent=False)
        fig.update_xaxes(dtick=1)
        fig.update_yaxes(rangemode="tozero")
        _chart(fig, "game_length", t("lab.length.explain", lang))
        st.caption(t("lab.games_each", lang, count=per_setting))
        st.write(t("lab.length.explain", lang))
        _download(length, "game-length", lang)
        code = lab.snippet(
            "game_length", presets=presets, players=players, n=per_setting, seed=seed
        )
        _how(lang, "lab.length.formula", "game_length", ("lab.code_intro", code))

    simulated(
        lang,
        "game_length",
        draw,
        players_list=tuple(players),
        rule_presets=tuple(presets),
        n_games=per_setting,
        seed=seed,
    )


# -- 6. Who wins? ---------------------------------------------------------------------------------
def _share_bars(table: pd.DataFrame, labels: list[str], x_title: str, lang: str) -> go.Figure:
    fig = go.Figure()
    fig.add_trace(
        go.Bar(
            x=[_wrap(label, 14) for label in labels],
            y=table["share"].tolist(),
            name=t("lab.wins.y", lang),
            marker={"color": SKY, "line": {"color": BLUE, "width": 1}},
            error_y=error_bars(table, "share"),
            showlegend=False,
        )
    )
    fair = float(table["fair"].iloc[0])
    fig.add_hline(  # named in the legend above the plot, never written over a bar
        y=fair,
        line={"color": VERMILION, "dash": "dash", "width": 2},
        name=t("lab.wins.fair", lang, share=_pct(fair, lang)),
        showlegend=True,
    )
    layout(fig, x_title, t("lab.wins.y", lang), lang)
    fig.update_xaxes(type="category")  # "1", "2", ..., "4 (dealer)": labels, not numbers
    return fig


@fragment
def who_wins(lang: str, seed: int) -> None:
    _header("who-wins", lang)
    cols = st.columns(2)
    with cols[0]:
        rules: str = st.selectbox(
            t("lab.wins.rules", lang),
            lab.RULE_PRESETS,
            index=_index(lab.RULE_PRESETS, "lab_win_rules"),
            key="lab_win_rules",
            format_func=lambda preset: _rules_name(preset, lang),
        )
    with cols[1]:
        games = _games_input("lab_win_games", lang)
    who_wins_seat(lang, seed, rules, games)
    who_wins_tournament(lang, seed, rules, games)


@fragment
def who_wins_seat(lang: str, seed: int, rules: str, games: int) -> None:
    st.subheader(t("lab.wins.seat_title", lang), anchor="seat")
    players = int(_slider(t("lab.wins.players", lang), 2, 10, "lab_seat_players"))

    def draw(seats: pd.DataFrame) -> None:
        labels = [
            t("lab.wins.dealer", lang, order=o) if o == players else str(o) for o in seats["order"]
        ]
        fig = _share_bars(seats, labels, t("lab.wins.x_seat", lang), lang)
        _chart(fig, "seat_advantage", t("lab.wins.explain_seat", lang))
        st.write(t("lab.wins.explain_seat", lang))
        _download(seats, "seat-advantage", lang)
        code = lab.snippet("seat_advantage", players=players, rules=rules, n=games, seed=seed)
        _how(lang, "lab.wins.formula_seat", "wilson", ("lab.code_intro", code))

    simulated(lang, "seat_advantage", draw, players=players, rules=rules, n_games=games, seed=seed)


@fragment
def who_wins_tournament(lang: str, seed: int, rules: str, games: int) -> None:
    st.subheader(t("lab.wins.tour_title", lang), anchor="tournament")
    cols = st.columns(2)
    with cols[0]:
        bots: list[str] = st.multiselect(
            t("lab.wins.strategies", lang),
            list(HEURISTICS),
            default=_kept_among("lab_tour_strategies", list(HEURISTICS)),
            key="lab_tour_strategies",
            format_func=lambda name: _strategy_name(name, lang),
            wrap=True,
        )
    with cols[1]:
        policy: str = st.selectbox(
            t("lab.wins.challenge", lang),
            CHALLENGE_POLICIES,
            index=_index(CHALLENGE_POLICIES, "lab_tour_challenge"),
            key="lab_tour_challenge",
            format_func=lambda policy: t(f"bot.challenge.{policy}", lang),
        )
    if len(bots) < 2:
        st.info(t("lab.wins.need_two", lang))
        _end_poll("tournament")
        return

    def draw(ranking: pd.DataFrame) -> None:
        names = [_strategy_name(s, lang) for s in ranking["strategy"]]
        fig = _share_bars(ranking, names, t("lab.wins.x_tour", lang), lang)
        _chart(fig, "tournament", t("lab.wins.explain_tour", lang))
        st.write(t("lab.wins.explain_tour", lang))
        _download(ranking, "tournament", lang)
        code = lab.snippet(
            "tournament",
            strategies=list(bots),
            challenge=policy,
            rules=rules,
            n=games,
            seed=seed,
        )
        _how(lang, "lab.wins.formula_tour", "wilson", ("lab.code_intro", code))

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


def strength(lang: str) -> None:
    """The expert against each heuristic: a run measured beforehand (a searching player is too
    slow for a click), with its sample size and 95% intervals, and the command that made it."""
    _header("strength", lang)
    st.write(t("lab.strength.intro", lang))
    table = lab_strength.strength_table()
    fig = go.Figure()
    for seats, key, hue, edge in ((2, "heads_up", SKY, BLUE), (4, "four", ORANGE, VERMILION)):
        rows = table[table["seats"] == seats]
        if rows.empty:
            continue
        fig.add_trace(
            go.Bar(
                x=[_wrap(_strategy_name(o, lang), 14) for o in rows["opponent"]],
                y=rows["share"].tolist(),
                name=t(f"lab.strength.{key}", lang),
                marker={"color": hue, "line": {"color": edge, "width": 1}},
                error_y=error_bars(rows, "share"),
            )
        )
        fig.add_hline(
            y=1 / seats,
            line={"color": edge, "dash": "dash", "width": 2},
            name=t(
                f"lab.strength.fair_{'two' if seats == 2 else 'four'}",
                lang,
                share=_pct(1 / seats, lang),
            ),
            showlegend=True,
        )
    layout(fig, t("lab.strength.x", lang), t("lab.strength.y", lang), lang)
    fig.update_layout(barmode="group")
    fig.update_xaxes(type="category")
    _chart(fig, "strength", t("lab.strength.explain", lang))
    st.write(t("lab.strength.explain", lang))
    rounds = int(table["rounds"].min()) if len(table) else 0
    st.caption(t("lab.strength.sample", lang, count=rounds, number=number(rounds, lang)))
    shown = pd.DataFrame(
        {
            t("lab.strength.col_opponent", lang): [
                _strategy_name(o, lang) for o in table["opponent"]
            ],
            t("lab.strength.col_players", lang): table["seats"].tolist(),
            t("lab.strength.col_rounds", lang): [number(r, lang) for r in table["rounds"]],
            t("lab.strength.col_wins", lang): [number(w, lang) for w in table["wins"]],
            t("lab.strength.col_share", lang): [_pct(v, lang) for v in table["share"]],
            t("lab.strength.col_interval", lang): [
                t("lab.strength.interval", lang, low=_pct(lo, lang), high=_pct(hi, lang))
                for lo, hi in zip(table["low"], table["high"], strict=True)
            ],
        }
    )
    st.dataframe(shown, hide_index=True, width="stretch")
    for seats, (median, _p95, _count) in sorted(lab_strength.decision_times().items()):
        st.caption(
            t(
                "lab.strength.speed",
                lang,
                seconds=number(median, lang, 2),
                number=number(seats, lang),
            )
        )
    st.info(
        f"{t('lab.strength.measured', lang)}\n\n`{lab_strength.COMMAND}`", icon=":material/timer:"
    )
    _download(table, "strength", lang)
    _how(
        lang, "lab.strength.formula", "wilson", ("lab.strength.code_intro", lab_strength.snippet())
    )
