"""The new game's form: the players' names, the target, the scoring method and, for a device
in a class or teaching one, who sees the game."""

from __future__ import annotations

from collections.abc import Sequence

import streamlit as st

from uno.academy import scorepad as sp
from uno.academy.i18n import t
from uno.ui.scoring import callbacks, flash, keys
from uno.ui.words import inert

__all__ = ["start_form"]


def start_form(lang: str, classes: Sequence[tuple[str, str]] = ()) -> None:
    """The new game's form; ``classes`` are the (code, name) of the classes this device is in
    or teaches: the game may be shown to one of them."""
    st.subheader(t("scoring.pad.new_title", lang))
    st.text_area(
        t("scoring.pad.names", lang),
        key=keys.NAMES,
        placeholder=t("scoring.pad.names_hint", lang),
        height=140,
        max_chars=1000,
    )
    st.number_input(
        t("scoring.pad.target", lang),
        min_value=sp.MIN_TARGET,
        max_value=sp.MAX_TARGET,
        value=sp.DEFAULT_TARGET,
        step=50,
        key=keys.TARGET,
    )
    st.radio(
        t("scoring.pad.method", lang),
        sp.METHODS,
        format_func=lambda m: t(f"scoring.method.{m}", lang),
        captions=[t("scoring.method.standard_help", lang), t("scoring.method.lowest_help", lang)],
        key=keys.METHOD,
    )
    if classes:
        names = dict(classes)
        if st.session_state.get(keys.CLASS) not in ("", *names):
            st.session_state[keys.CLASS] = ""
        st.radio(
            t("scoring.pad.who_sees", lang),
            ["", *names],
            format_func=lambda code: (
                t("scoring.pad.who_class", lang, name=inert(names[code]))
                if code
                else t("scoring.pad.who_me", lang)
            ),
            key=keys.CLASS,
        )
    else:
        st.session_state[keys.CLASS] = ""
    st.button(
        t("scoring.pad.start", lang),
        key=keys.START,
        type="primary",
        on_click=callbacks.on_start,
        args=(lang,),
    )
    flash.show(flash.START, lang)
