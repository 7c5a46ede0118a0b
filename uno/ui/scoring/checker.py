"""The round checker (a fragment: typing or tapping a hand redraws the checker alone), and the
grid of card buttons it shares with the pad's round form (R-SCORE-1).
"""

from __future__ import annotations

import pandas as pd
import streamlit as st

from uno.academy import scorepad as sp
from uno.academy import scoring as sc
from uno.academy.i18n import t
from uno.ui.cards import show_cards
from uno.ui.scoring import callbacks, keys
from uno.ui.scoring.flash import words
from uno.ui.words import inert

__all__ = ["round_checker", "tap_cards"]


def tap_cards(prefix: str, boxes: list[tuple[str, str]], lang: str) -> None:
    """A compact grid of card buttons: a tap adds the card's code to the chosen text box.
    ``boxes`` are the (key, label) of the text boxes; ``prefix`` names the grid's keys."""
    if not boxes:
        return
    target_key = keys.tap_to(prefix)
    labels = dict(boxes)
    if st.session_state.get(target_key) not in labels:
        st.session_state[target_key] = boxes[0][0]
    if len(boxes) > 1:
        st.radio(
            t("scoring.tap.target", lang),
            list(labels),
            format_func=lambda key: inert(labels.get(key, "")),  # labels may be player names
            key=target_key,
            horizontal=True,
        )
    for name, group in sc.tap_rows(lang):
        pick_key = keys.pick(prefix, group[0].code)
        st.pills(
            name,
            [c.code for c in group],
            format_func=lambda code: sc.tap_face(code, lang),
            key=pick_key,
            on_change=callbacks.on_tap,
            args=(pick_key, target_key, boxes[0][0]),
        )


@st.fragment
def round_checker(lang: str) -> None:
    """Type or tap the losing hands; see every card's points, each hand's and the round's."""
    st.write(t("scoring.check.intro", lang))
    st.caption(t("scoring.check.codes", lang))
    count = st.number_input(
        t("scoring.check.count", lang),
        min_value=1,
        max_value=sc.MAX_CHECK_HANDS,
        value=3,
        step=1,
        key=keys.CHECK_COUNT,
    )
    boxes = [
        (keys.check_hand(i), t("scoring.check.hand", lang, number=i + 1)) for i in range(count)
    ]
    for key, label in boxes:
        hint = t("scoring.check.hand_hint", lang)
        st.text_input(label, key=key, placeholder=hint, max_chars=sp.MAX_HAND_TEXT)
    with st.expander(t("scoring.tap.title", lang)):
        tap_cards(keys.CHECK, boxes, lang)
    st.button(
        t("scoring.check.clear", lang),
        key=keys.CHECK_CLEAR,
        on_click=callbacks.on_clear_checker,
        args=(sc.MAX_CHECK_HANDS,),
    )

    hands: list[sp.Hand] = []
    for key, label in boxes:
        hand, problem = sc.read_hand(st.session_state.get(key) or "", lang)
        if problem is not None:
            problem_text = words(problem, lang)
            st.error(t("scoring.check.hand_problem", lang, hand=inert(label), problem=problem_text))
        hands.append(hand)
        with st.container(border=True):
            st.markdown(
                f"**{inert(label)}** · "
                + t("scoring.cards", lang, count=len(hand.cards))
                + " · "
                + t("scoring.points", lang, count=hand.points)
            )
            if hand.cards:
                show_cards(hand.cards, lang, size="sm", caption=True)
                st.markdown(inert(sc.points_sum(hand.cards, lang)))
            unknown = sc.unknown_message(hand, lang)
            if unknown is not None:
                st.warning(words(unknown, lang))

    check = sp.RoundCheck(tuple(hands))
    st.metric(t("scoring.check.total", lang), t("scoring.points", lang, count=check.total))
    too_many = sc.over_deck_message(check.cards, lang)
    if too_many is not None:
        st.warning(words(too_many, lang))
    st.markdown(f"**{t('scoring.check.table_title', lang)}**")
    table = pd.DataFrame(sc.kind_rows(check.cards, lang))
    st.table(table.set_index(t("scoring.check.col_kind", lang)))
    st.caption(f"R-SCORE-1 · {t('rules.text.R-SCORE-1', lang)}")
    st.caption(f"R-SCORE-3 · {t('scoring.check.lowest_note', lang)}")
