"""The room as one device sees it, polled about once a second (a fragment with ``run_every``):
a pupil's own table (the game screen, speaking to them), the projector's wall (the table for
the back of the room, with how to join while pupils' seats are free), the teacher's view."""

from __future__ import annotations

from typing import Final

import streamlit as st

from uno.academy.classroom import tip_lesson
from uno.academy.i18n import t
from uno.academy.review import Request
from uno.academy.rooms import Seen, follow, joining, room_round, room_table
from uno.academy.services import rooms as service
from uno.academy.table import Message
from uno.ui import chrome
from uno.ui.device import keep_seat
from uno.ui.review import parts as review
from uno.ui.rooms import keys
from uno.ui.rooms.invite import join_link, qr_uri
from uno.ui.table import show_table

__all__ = ["POLL_SECONDS", "close_review", "live", "pupil_folded"]

#: How often each device looks at its room: every move shows within about a second.
POLL_SECONDS: Final = 1.0


def _seen(code: str) -> Seen:
    book: dict[str, Seen] = st.session_state.setdefault(keys.SEEN, {})
    return book.setdefault(code, Seen())


def _tips(seen: Seen, lang: str) -> None:
    for tip in seen.tips:
        st.info(t(f"classroom.tip.{tip}", lang), icon="💡")
        st.caption(t("rooms.tip_lesson", lang, number=tip_lesson(tip)))


def _act(code: str, seat_token: str, text: str, version: int, lang: str) -> None:
    """A pupil's tap: the store asks the room's match, for the seat behind the token and the
    version shown."""
    said = service.tap(code, seat_token, text, version, lang)
    if said is None:
        st.session_state.pop(keys.TABLE_MESSAGE, None)
    else:
        st.session_state[keys.TABLE_MESSAGE] = said


def _left_seat(code: str) -> None:
    """This device no longer holds its seat: forget the seat and everything seen from it, and
    run the whole page again (it then says so and offers to join again). Nothing of the
    table is drawn by the run that found out."""
    st.session_state.get(keys.SEEN, {}).pop(code, None)
    st.session_state.pop(keys.seat_token(code), None)
    st.session_state.pop(keys.TABLE_MESSAGE, None)
    keep_seat(code, None)
    st.session_state[keys.LEFT] = code
    st.rerun(scope="app")


def pupil_folded() -> bool:
    """Whether a pupil's page is folded away (the table is their game screen) or shown (they
    pressed the table's menu)."""
    return not st.session_state.get(keys.PAGE)


def _show_page() -> None:
    st.session_state[keys.PAGE] = True


def _ask_review(code: str, seat: int, seat_token: str, lang: str) -> None:
    """ "Review my round" on a pupil's device: its own seat's round, asked of the store under
    its seat token; the page unfolds to show it above the table."""
    played = service.played_round(code, lang, seat=seat, seat_token=seat_token)
    if played.value is None:
        st.session_state[keys.TABLE_MESSAGE] = played.said
        return
    round = room_round(played.value.room, played.value.start, seat, lang)
    review.ask(keys.review(code), Request.of(round))
    st.session_state[keys.PAGE] = True


def close_review(code: str) -> None:
    """The review closed: back to the game screen."""
    review.close(keys.review(code))
    st.session_state[keys.PAGE] = False


def _join(code: str, lang: str) -> dict[str, str]:
    """How to join: the code, the link and its QR code (on the wall while pupils join)."""
    link = join_link(code)
    return {
        "code": code,
        "how": t("rooms.join_how", lang),
        "link": link,
        "qr": qr_uri(link),
        "qr_alt": t("rooms.qr_alt", lang),
    }


def live(code: str, seat: int | None, seat_token: str | None, lang: str, screen: str) -> None:
    """The room as it is now: read the store, let a computer player move when it is its turn,
    draw the table for this device. Runs again every ``POLL_SECONDS``. ``screen``: ``wall``
    (the projector), ``pupil`` (a pupil's device: the game screen, or the page when they asked
    for it) or ``page`` (the teacher's page).

    A pupil's device checks its seat token on every run, after reading the room: if the token
    still holds the seat then, the state read before was the seat's while this device held
    it; if not, nothing of it is drawn (a removed pupil never sees the next pupil's cards)."""
    if screen == "pupil":
        chrome.follow(pupil_folded())  # the table's menu unfolds the page
    known = _seen(code)
    deal = None if known.state is None else known.deal
    now = service.live(code, seat, seat_token, deal, lang)
    if now.value is None:
        if now.said is not None:
            getattr(st, now.said.kind)(now.said.text)
        return
    if not now.value.seated:
        _left_seat(code)
        return
    room = now.value.room
    seen = follow(known, room, seat, lang, now.value.start)
    st.session_state.setdefault(keys.SEEN, {})[code] = seen
    message = st.session_state.get(keys.TABLE_MESSAGE)
    game = screen == "pupil" and pupil_folded()
    model = room_table(
        room,
        seat,
        lang,
        story=seen.story,
        message=message if isinstance(message, Message) else None,
        screen="wall" if screen == "wall" else "game" if game else "page",
        join=_join(code, lang) if screen == "wall" and joining(room) else None,
        menu=game,
    )

    def act(text: str, version: int) -> None:
        if seat_token is not None:  # the projector and the teacher's screen act for no seat
            _act(code, seat_token, text, version, lang)

    tools: list[tuple[str, str]] = []
    if room.state.is_over and seat is not None and seat_token is not None:
        tools.append(("review", t("review.kids.button", lang)))

    def tool(name: str) -> None:
        if name == "review" and seat is not None and seat_token is not None:
            _ask_review(code, seat, seat_token, lang)

    show_table(
        model,
        key=keys.table(code),
        on_action=act,
        on_menu=_show_page if game else None,
        tools=tools,
        on_tool=tool,
    )
    _tips(seen, lang)
    if room.state.is_over:
        st.success(t("rooms.round_over", lang))
