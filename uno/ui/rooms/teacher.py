"""The teacher's side of a room: the code, the join link and its QR code to project, the
projector's link, and the controls (pause, deal again, close; hand a seat to a computer
player, remove a pupil)."""

from __future__ import annotations

from urllib.parse import urlsplit

import streamlit as st

from uno.academy.i18n import t
from uno.academy.services import rooms as service
from uno.ui.rooms import keys
from uno.ui.rooms.forms import say, show_message
from uno.ui.words import inert

__all__ = ["join_link", "teacher"]


def join_link(code: str) -> str:
    """The address pupils open: this server's, whatever path prefix a proxy adds."""
    parts = urlsplit(str(getattr(st.context, "url", "") or ""))
    prefix = parts.path.rsplit("/", 1)[0]
    origin = f"{parts.scheme}://{parts.netloc}" if parts.netloc else ""
    return f"{origin}{prefix}/rooms?{keys.ROOM_PARAM}={code}"


def _control(token: str, code: str, what: str, lang: str, seat: int | None = None) -> None:
    said = service.control(token, code, what, lang, seat)
    if said is not None:
        say(said.kind, said.text)


def _qr(link: str) -> str:
    import segno

    return str(segno.make(link, error="m").svg_data_uri(scale=6, border=2, dark="#000000"))


def teacher(token: str, code: str, lang: str) -> None:
    """The teacher's panel of the room of ``code``."""
    found = service.teacher_room(code, lang)
    room = found.value
    if room is None:
        if found.said is not None:
            getattr(st, found.said.kind)(found.said.text)
        return
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
        st.image(_qr(link), caption=t("rooms.qr", lang), width=220)
    with st.expander(t("rooms.controls", lang), expanded=True):
        first = "resume" if room.paused else "pause"
        actions = ((first, False), ("restart", False), ("close", room.closed))
        for column, (what, disabled) in zip(st.columns(3), actions, strict=True):
            column.button(
                t(f"rooms.{what}", lang),
                key=keys.control(what),
                on_click=_control,
                args=(token, code, what, lang),
                width="stretch",
                disabled=disabled,
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
