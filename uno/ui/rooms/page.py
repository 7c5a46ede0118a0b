"""The rooms page below the frame (pages/8_rooms.py)."""

from __future__ import annotations

import streamlit as st

from uno.academy.i18n import t
from uno.academy.services import rooms as service
from uno.ui.chrome import fold
from uno.ui.device import current_device, keep_seat, kept_seat, network_address
from uno.ui.guard import fragment
from uno.ui.review import parts as review
from uno.ui.rooms import keys
from uno.ui.rooms.forms import join_form, open_form
from uno.ui.rooms.live import POLL_SECONDS, close_review, live, pupil_folded
from uno.ui.rooms.teacher import teacher
from uno.ui.table import back_to_game

__all__ = ["POLL_SECONDS", "projector_view", "show_rooms"]


def projector_view() -> bool:
    """True when this page is a room's projector (``?room=CODE&view=projector``)."""
    return st.query_params.get(keys.VIEW_PARAM) == "projector"


def _code_param() -> str | None:
    return service.read_room_code(st.query_params.get(keys.ROOM_PARAM))


def _seat_token(code: str) -> str | None:
    kept = st.session_state.get(keys.seat_token(code))
    return kept if isinstance(kept, str) else kept_seat(code)


def _watch(code: str, token: str, lang: str) -> bool:
    """Whether this screen may show the room of ``code`` on a projector: the code is looked
    up once per session under the same limit as joining (a wrong code counts), then
    followed."""
    watched: set[str] = st.session_state.setdefault(keys.WATCHED, set())
    if code in watched:
        return True
    checked = service.watch_room(code, token, lang, address=network_address())
    if not checked.value:
        if checked.said is not None:
            getattr(st, checked.said.kind)(checked.said.text)
        return False
    watched.add(code)
    return True


def _back_to_game() -> None:
    st.session_state[keys.PAGE] = False


def show_rooms(lang: str) -> None:
    """The whole page below the frame."""
    token = current_device()
    code = _code_param()
    if code is not None and projector_view():
        fold(wall=True)  # the wall: the table, and how to join while pupils join; nothing else
        if token is None:
            st.caption(t("teachers.class.loading", lang))
        elif _watch(code, token, lang):
            fragment(live, run_every=POLL_SECONDS)(code, None, None, lang, "wall")
        return
    seat_token = _seat_token(code) if code is not None else None
    mine = service.rooms_of(token, lang) if token is not None else None
    if token is not None and mine is not None and mine.value and code in mine.value:
        st.title(t("nav.rooms", lang))
        if teacher(token, code, lang):
            fragment(live, run_every=POLL_SECONDS)(code, None, None, lang, "page")
        return
    if token is not None and code is not None and seat_token is not None:
        seated = service.rejoin(code, seat_token, lang)
        if seated.said is not None:
            st.title(t("nav.rooms", lang))
            getattr(st, seated.said.kind)(seated.said.text)
            return
        if seated.value is not None:
            folded = pupil_folded()
            fold(folded)  # the pupil's table is their game screen; its menu shows the page
            if not folded:
                st.title(t("nav.rooms", lang))
                back_to_game(lang, keys.BACK_TO_GAME, _back_to_game)
                review.show_review(
                    lang,
                    keys.review(code),
                    kids=True,
                    redeal=True,
                    on_close=lambda: close_review(code),
                )
            seat = seated.value.seat
            fragment(live, run_every=POLL_SECONDS)(code, seat, seat_token, lang, "pupil")
            return
        keep_seat(code, None)
        st.session_state.pop(keys.seat_token(code), None)
        st.session_state.get(keys.SEEN, {}).pop(code, None)
        st.session_state[keys.LEFT] = code
    st.title(t("nav.rooms", lang))
    if token is None:
        st.caption(t("teachers.class.loading", lang))
        return
    if mine is None or mine.value is None:
        if mine is not None and mine.said is not None:
            getattr(st, mine.said.kind)(mine.said.text)
        return
    left = code is not None and st.session_state.get(keys.LEFT) == code  # until a join
    if left:
        st.warning(t("rooms.seat_gone", lang))
    st.write(t("rooms.intro", lang))
    join_form(token, lang, code)
    open_form(token, lang)
    if mine.value:
        st.caption(t("rooms.mine", lang))
        for room_code in mine.value:
            st.page_link(
                "pages/8_rooms.py",
                label=room_code,
                icon=":material/meeting_room:",
                query_params={"lang": lang, keys.ROOM_PARAM: room_code},
            )
