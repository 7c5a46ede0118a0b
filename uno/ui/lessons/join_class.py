"""Joining a class, in the lessons page's sidebar: a pupil types the class code the teacher
shows, and a first name, once; the teacher then sees the lessons they pass (the teacher's side
is ``uno.ui.teachers_view``). Pupils see nothing of each other. The store is reached through
``uno.academy.services.classes``, which says what to tell the pupil."""

from __future__ import annotations

import streamlit as st

from uno.academy.i18n import t
from uno.academy.services import classes
from uno.ui.device import network_address
from uno.ui.lessons import keys
from uno.ui.lessons.parts import said
from uno.ui.lessons.progress import saved
from uno.ui.words import inert

__all__ = ["show_class_join"]


def _join(token: str, lang: str) -> None:
    """The "join" button: the code and first name typed, checked by the store."""
    code = str(st.session_state.get(keys.CLASS_CODE, ""))
    name = str(st.session_state.get(keys.CLASS_NAME, ""))
    outcome = classes.join_class(token, code, name, address=network_address())
    tone = "success" if outcome.done else "error" if outcome.fault else "warning"
    st.session_state[keys.CLASS_MESSAGE] = (tone, said(outcome.said, lang))
    if outcome.done:
        st.session_state.pop(keys.CLASS_CODE, None)


def _leave(token: str, lang: str) -> None:
    """The "leave" button. When the store cannot be used, the sidebar says progress is not
    saved (``progress.saved``)."""
    outcome = classes.leave_class(token)
    if saved(None if outcome.done else outcome.said):
        st.session_state[keys.CLASS_MESSAGE] = ("info", said(outcome.said, lang))


def show_class_join(lang: str, token: str | None) -> None:
    """The sidebar's class: the class this device is in (and a button to leave it), or the
    form to join one; then what the last click said, once."""
    if token is None:
        return
    member = classes.membership(token)
    with st.expander(t("lessons.class_title", lang), expanded=False):
        if member is not None:
            st.write(
                t(
                    "lessons.class_member",
                    lang,
                    name=inert(member.first_name),
                    klass=inert(member.class_name),
                )
            )
            st.button(
                t("lessons.class_leave", lang),
                key=keys.CLASS_LEAVE,
                on_click=_leave,
                args=(token, lang),
            )
        else:
            st.caption(t("lessons.class_help", lang))
            st.text_input(
                t("lessons.class_code", lang),
                key=keys.CLASS_CODE,
                max_chars=24,
                placeholder=t("lessons.class_code_hint", lang),
            )
            st.text_input(
                t("lessons.class_name", lang),
                key=keys.CLASS_NAME,
                max_chars=40,
                placeholder=t("lessons.class_name_hint", lang),
            )
            st.button(
                t("lessons.class_join", lang),
                key=keys.CLASS_JOIN,
                on_click=_join,
                args=(token, lang),
                type="primary",
            )
        message = st.session_state.pop(keys.CLASS_MESSAGE, None)
        if message:
            getattr(st, message[0])(message[1])
