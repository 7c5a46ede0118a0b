"""The teacher's side of a room: the code, the join link and its QR code to project, the
projector's link, and the controls (pause, deal again, close after a confirmation; hand a seat
to a computer player, remove a pupil). A closed room shows that it is closed, and nothing
else."""

from __future__ import annotations

import streamlit as st

from uno.academy.i18n import t
from uno.academy.review import Request
from uno.academy.rooms import pupil_rounds
from uno.academy.services import rooms as service
from uno.ui.review import parts as review
from uno.ui.rooms import keys
from uno.ui.rooms.forms import say, show_message
from uno.ui.rooms.invite import join_link, qr_uri
from uno.ui.words import inert

__all__ = ["teacher"]


def _control(token: str, code: str, what: str, lang: str, seat: int | None = None) -> None:
    st.session_state.pop(keys.CLOSING, None)
    said = service.control(token, code, what, lang, seat)
    if said is not None:
        say(said.kind, said.text)


def _ask_close(code: str) -> None:
    st.session_state[keys.CLOSING] = code


def _ask_summary(code: str, lang: str) -> None:
    """The teacher's "Review the round": every pupil's round, reviewed as one job."""
    played = service.played_round(code, lang)
    if played.value is None:
        if played.said is not None:
            say(played.said.kind, played.said.text)
        return
    rounds = pupil_rounds(played.value.room, played.value.start, lang)
    review.ask(keys.summary(code), Request.of(*rounds))


def _keep_open() -> None:
    st.session_state.pop(keys.CLOSING, None)


def teacher(token: str, code: str, lang: str) -> bool:
    """The teacher's panel of the room of ``code``: True while the room is open (its table is
    then followed below), False once it is closed or cannot be read."""
    found = service.teacher_room(code, lang)
    room = found.value
    if room is None:
        if found.said is not None:
            getattr(st, found.said.kind)(found.said.text)
        return False
    if room.closed:
        show_message()
        st.info(t("rooms.closed_teacher", lang))
        st.page_link(
            "pages/8_rooms.py",
            label=t("rooms.open_title", lang),
            icon=":material/meeting_room:",
            query_params={"lang": lang},
        )
        return False
    link = join_link(code)
    left, right = st.columns([2, 1])
    with left:
        st.markdown(t("rooms.code_for_pupils", lang))
        st.code(code, language=None)
        st.caption(t("rooms.link", lang))
        st.code(link, language=None)
        st.page_link(
            "pages/8_rooms.py",
            label=t("rooms.projector", lang),
            icon=":material/cast_for_education:",
            query_params={"lang": lang, keys.ROOM_PARAM: code, keys.VIEW_PARAM: "projector"},
        )
    with right:
        st.image(qr_uri(link), caption=t("rooms.qr", lang), width=220)
    with st.expander(t("rooms.controls", lang), expanded=True):
        if st.session_state.get(keys.CLOSING) == code:
            st.warning(t("rooms.close_confirm", lang))
            yes, no = st.columns(2)
            yes.button(
                t("rooms.close_yes", lang),
                key=keys.control("close_yes"),
                type="primary",
                on_click=_control,
                args=(token, code, "close", lang),
                width="stretch",
            )
            no.button(
                t("rooms.close_cancel", lang),
                key=keys.control("close_no"),
                on_click=_keep_open,
                width="stretch",
            )
        first = "resume" if room.paused else "pause"
        columns = st.columns(3)
        for column, what in zip(columns[:2], (first, "restart"), strict=True):
            column.button(
                t(f"rooms.{what}", lang),
                key=keys.control(what),
                on_click=_control,
                args=(token, code, what, lang),
                width="stretch",
            )
        columns[2].button(
            t("rooms.close", lang),
            key=keys.control("close"),
            on_click=_ask_close,
            args=(code,),
            width="stretch",
        )
        for seat in room.seats:
            cols = st.columns([3, 1, 1])
            if seat.kind == "bot":
                cols[0].write(t("rooms.bot_seat", lang, number=seat.seat + 1))
                continue
            who = (
                inert(seat.name) if seat.name else t("rooms.free_seat", lang, number=seat.seat + 1)
            )
            cols[0].write(f"{seat.seat + 1}. {who}")
            cols[1].button(
                t("rooms.to_bot", lang),
                key=keys.control("bot", seat.seat),
                on_click=_control,
                args=(token, code, "bot", lang, seat.seat),
                width="stretch",
            )
            cols[2].button(
                t("rooms.remove", lang),
                key=keys.control("remove", seat.seat),
                on_click=_control,
                args=(token, code, "remove", lang, seat.seat),
                width="stretch",
                disabled=seat.name is None,
            )
        show_message()
    if room.state.is_over:
        st.button(
            t("review.teacher.button", lang),
            key=keys.control("review"),
            icon=":material/insights:",
            on_click=_ask_summary,
            args=(code, lang),
        )
    review.show_summary(lang, keys.summary(code))
    return True
