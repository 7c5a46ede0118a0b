"""Opening a room (a teacher) and joining one (a pupil): the forms and what their buttons do."""

from __future__ import annotations

from typing import Any

import streamlit as st

from uno.academy.classroom import DECKS
from uno.academy.i18n import t
from uno.academy.services import rooms as service
from uno.rules import PRESETS, SWITCHES
from uno.ui.device import keep_seat, network_address
from uno.ui.rooms import keys

__all__ = ["join_form", "open_form", "say", "show_message"]


def say(kind: str, text: str) -> None:
    """What a form did, shown once below it."""
    st.session_state[keys.MESSAGE] = (kind, text)


def show_message() -> None:
    message = st.session_state.pop(keys.MESSAGE, None)
    if message:
        getattr(st, message[0])(message[1])


def _open(token: str, lang: str) -> None:
    get = st.session_state.get
    seats = int(get(keys.SEATS, 4))
    pupils = min(int(get(keys.PUPILS, seats)), seats)
    preset = get(keys.PRESET, "single_round")
    rules: dict[str, Any] = {"preset": preset if preset in PRESETS else "single_round"}
    for option in SWITCHES:
        if get(keys.option(option)):
            rules[option] = True
    plan = [("pupil", None)] * pupils + [("bot", "friendly")] * (seats - pupils)
    settings = {
        "rules": rules,
        "deck": get(keys.DECK, "full") if get(keys.DECK) in DECKS else "full",
        "seats": plan,
        "class_code": get(keys.CLASS) or None,
    }
    opened = service.open_room(token, settings, lang, address=network_address())
    if opened.value is None:
        if opened.said is not None:
            say(opened.said.kind, opened.said.text)
        return
    st.query_params[keys.ROOM_PARAM] = opened.value.code
    st.session_state.pop(keys.SEEN, None)


def open_form(token: str, lang: str) -> None:
    """A teacher's form: the deck, the seats, the rules, the class; "Open a room"."""
    with st.expander(t("rooms.open_title", lang), expanded=False, icon=":material/add:"):
        st.radio(
            t("classroom.deck_label", lang),
            DECKS,
            index=len(DECKS) - 1,
            key=keys.DECK,
            horizontal=True,
            format_func=lambda d: t(f"classroom.deck.{d}", lang),
        )
        left, right = st.columns(2)
        left.number_input(
            t("rooms.seats", lang), min_value=2, max_value=10, value=4, step=1, key=keys.SEATS
        )
        right.number_input(
            t("rooms.pupils", lang), min_value=1, max_value=10, value=4, step=1, key=keys.PUPILS
        )
        st.caption(t("rooms.bots_fill", lang))
        st.selectbox(
            t("sandbox.preset", lang),
            list(PRESETS),
            index=list(PRESETS).index("single_round"),
            key=keys.PRESET,
            format_func=lambda p: t(f"sandbox.presets.{p}", lang),
        )
        columns = st.columns(2)
        for i, option in enumerate(SWITCHES):
            columns[i % 2].checkbox(t(f"sandbox.options.{option}", lang), key=keys.option(option))
        classes = service.classes_of(token)
        if classes:
            names = {c.code: c.name for c in classes}
            st.selectbox(
                t("rooms.class", lang),
                ["", *names],
                key=keys.CLASS,
                format_func=lambda c: names.get(c, t("rooms.no_class", lang)),
            )
        st.button(
            t("rooms.open", lang), key=keys.OPEN, type="primary", on_click=_open, args=(token, lang)
        )


def _join(token: str, lang: str) -> None:
    code = str(st.session_state.get(keys.CODE, ""))
    name = str(st.session_state.get(keys.NAME, ""))
    joined = service.join_room(code, token, name, lang, address=network_address())
    seated = joined.value
    if seated is None:
        if joined.said is not None:
            say(joined.said.kind, joined.said.text)
        return
    keep_seat(seated.code, seated.token)
    st.session_state[keys.seat_token(seated.code)] = seated.token
    st.session_state.pop(keys.LEFT, None)
    st.query_params[keys.ROOM_PARAM] = seated.code
    st.session_state.pop(keys.SEEN, None)


def join_form(token: str, lang: str, code: str | None) -> None:
    """A pupil's form: the room's code (filled from a link) and a first name; "Join"."""
    with st.container(border=True):
        st.header(t("rooms.join_title", lang))  # under the page's h1: headings in order
        if code is not None and keys.CODE not in st.session_state:
            st.session_state[keys.CODE] = code
        st.text_input(
            t("rooms.code", lang),
            key=keys.CODE,
            max_chars=16,
            placeholder=t("rooms.code_hint", lang),
        )
        st.text_input(
            t("lessons.class_name", lang),
            key=keys.NAME,
            max_chars=40,
            placeholder=t("lessons.class_name_hint", lang),
        )
        st.button(
            t("rooms.join", lang), key=keys.JOIN, type="primary", on_click=_join, args=(token, lang)
        )
        show_message()
