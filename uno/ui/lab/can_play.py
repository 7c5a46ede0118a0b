"""1. Can I play? The exact chance that a hand holds a card for the pile, by hand size, and
hands dealt at the reader's click (1, 100 or 1,000 at a time) that converge on it."""

from __future__ import annotations

from typing import Any

import streamlit as st

from uno.academy import lab
from uno.academy.i18n import card_label, t
from uno.cards import Card, Color
from uno.ui.cards import show_cards
from uno.ui.guard import fragment
from uno.ui.lab import figures, keys
from uno.ui.lab.parts import (
    CARD_CODES,
    COLOR_CODES,
    cached_deals,
    cached_exact,
    chart,
    download,
    header,
    how,
    notebook_button,
    pct,
)

__all__ = ["can_play"]


def _deals(setting: tuple[Any, ...]) -> lab.Deals:
    """The hands dealt for ``setting`` (a new count when the setting changed)."""
    kept = st.session_state.get(keys.DEALS)
    deals = (kept if isinstance(kept, lab.Deals) else lab.Deals()).at(setting)
    st.session_state[keys.DEALS] = deals
    return deals


def _deal(setting: tuple[Any, ...], count: int) -> None:
    """A deal button: ``count`` more hands for ``setting``."""
    st.session_state[keys.DEALS] = _deals(setting).more(count)


def _deal_again(setting: tuple[Any, ...]) -> None:
    """The "start again" button: no hand dealt for ``setting``."""
    st.session_state[keys.DEALS] = _deals(setting).again()


@fragment
def can_play(lang: str, seed: int) -> None:
    """The section: the pile's card and the hand size on the left, the chart on the right."""
    header("can-play", lang)
    left, right = st.columns([1, 2], gap="large")
    with left:
        top_code: str = st.selectbox(
            t("lab.can_play.top", lang),
            CARD_CODES,
            index=keys.index_of(CARD_CODES, keys.TOP),
            key=keys.TOP.key,
            format_func=lambda code: card_label(Card(code), lang),
        )
        top = Card(top_code)
        named: Color | None = None
        if top.is_wild:
            st.selectbox(
                t("lab.can_play.color", lang),
                COLOR_CODES,
                index=keys.index_of(COLOR_CODES, keys.TOP_COLOR),
                key=keys.TOP_COLOR.key,
                format_func=lambda code: t(f"color.{code}", lang),
            )
            named = Color[keys.current(keys.TOP_COLOR)]
        show_cards([top], lang, size="sm", named=named)
        color = lab.color_to_match(top, named)
        hand_size = int(
            keys.slider(t("lab.can_play.hand_size", lang), 1, lab.MAX_HAND, keys.DEAL_SIZE)
        )
        deals = _deals((top_code, color.name, hand_size, seed))
        with st.container(horizontal=True):
            for count in (1, 100, 1000):
                st.button(
                    t("lab.can_play.deal", lang, count=count),
                    key=keys.deal_button(count),
                    icon=":material/playing_cards:",
                    disabled=deals.full,
                    on_click=_deal,
                    args=(deals.setting, count),
                )
            st.button(
                t("lab.can_play.reset", lang),
                key=keys.DEAL_RESET,
                icon=":material/replay:",
                on_click=_deal_again,
                args=(deals.setting,),
            )
        curve = cached_exact("can_play_curve", top_code, color.name)
        exact = float(curve.loc[curve["hand_size"] == hand_size, "p_play"].iloc[0])
        dealt = cached_deals(top_code, color.name, hand_size, deals.n, seed) if deals.n else None
        st.metric(t("lab.can_play.metric_exact", lang, count=hand_size), pct(exact, lang))
        if dealt is not None:
            frequency = float(dealt["frequency"].iloc[-1])
            st.metric(t("lab.can_play.metric_sim", lang, count=len(dealt)), pct(frequency, lang))
            if deals.full:
                st.caption(t("lab.can_play.limit", lang, count=lab.MAX_DEALT))
        else:
            st.caption(t("lab.can_play.no_deals", lang))
    with right:
        fig = figures.can_play(
            curve,
            lang=lang,
            x_title=t("lab.can_play.x", lang),
            y_title=t("lab.can_play.y", lang),
            exact_name=t("lab.can_play.exact", lang),
            dealt=dealt,
            hand_size=hand_size,
            dealt_name=(
                t("lab.can_play.simulated", lang, count=len(dealt)) if dealt is not None else ""
            ),
        )
        chart(fig, "can_play", t("lab.can_play.explain", lang))
        st.write(t("lab.can_play.explain", lang))
        with st.container(horizontal=True):  # each button as wide as its label, side by side
            download(curve[["hand_size", "p_play", "playable", "unseen"]], "can-play", lang)
            if dealt is not None:
                download(dealt, "dealt-hands", lang, "lab.can_play.download_deals")
        how(
            lang,
            "can_play",
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
        notebook_button(
            "can-play",
            lang,
            top=top_code,
            color=named.name if named else None,
            hand_size=hand_size,
            deals=deals.n,
            seed=seed,
        )
