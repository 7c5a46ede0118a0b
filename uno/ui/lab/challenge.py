"""3. Should I challenge? The chance that a Wild Draw Four was played as a bluff, from the size
of the player's hand and the cards the reader has seen, and whether a challenge pays."""

from __future__ import annotations

import streamlit as st

from uno.academy import lab
from uno.academy.i18n import t
from uno.ui.guard import fragment
from uno.ui.lab import figures, keys
from uno.ui.lab.parts import (
    COLOR_CODES,
    cached_exact,
    chart,
    download,
    header,
    how,
    notebook_button,
    pct,
)
from uno.ui.words import number

__all__ = ["challenge"]


def _codes(bad: list[str]) -> str:
    """Codes that are not cards, shown back as inline code (which Markdown leaves literal)."""
    return ", ".join(f"`{code.replace('`', '')[:12]}`" for code in bad[:10])


@fragment
def challenge(lang: str) -> None:
    """The section: the case and the advice on the left, the chart on the right."""
    header("challenge", lang)
    left, right = st.columns([1, 2], gap="large")
    with left:
        their_hand = int(keys.slider(t("lab.challenge.hand_size", lang), 1, 20, keys.CHAL_HAND))
        color: str = st.selectbox(
            t("lab.challenge.color", lang),
            COLOR_CODES,
            index=keys.index_of(COLOR_CODES, keys.CHAL_COLOR),
            key=keys.CHAL_COLOR.key,
            format_func=lambda code: t(f"color.{code}", lang),
        )
        typed: str = st.text_input(
            t("lab.challenge.known", lang),
            value=keys.kept(keys.CHAL_KNOWN),
            key=keys.CHAL_KNOWN.key,
            max_chars=500,
            help=t("lab.challenge.known_help", lang),
        )
        pending = int(
            st.number_input(
                t("lab.challenge.pending", lang),
                min_value=2,
                max_value=40,
                value=keys.kept_within(keys.CHAL_PENDING, 2, 40),
                step=2,
                key=keys.CHAL_PENDING.key,
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
        st.metric(t("lab.challenge.metric_p", lang), pct(float(chosen["p_guilty"]), lang))
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
        fig = figures.challenge(
            advice,
            lang=lang,
            hand=their_hand,
            p_guilty=float(chosen["p_guilty"]),
            x_title=t("lab.challenge.x", lang),
            y_title=t("lab.challenge.y", lang),
            curve_name=t("lab.challenge.curve", lang),
            threshold_name=t("lab.challenge.threshold", lang),
            chosen_name=t("lab.challenge.chosen", lang),
        )
        chart(fig, "challenge", t("lab.challenge.explain", lang))
        st.write(t("lab.challenge.explain", lang))
        download(advice, "challenge", lang)
        code = lab.snippet(
            "challenge",
            color=color,
            known=list(known_codes),
            pending=pending,
            max_hand=int(advice["hand_size"].max()),
        )
        how(lang, "challenge", "lab.challenge.formula", "challenge", ("lab.code_intro", code))
        notebook_button(
            "challenge",
            lang,
            hand_size=their_hand,
            color=color,
            known=list(known_codes),
            pending=pending,
        )
