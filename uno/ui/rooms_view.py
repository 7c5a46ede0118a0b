"""The rooms page: a class plays one game, each pupil on their own device, the board on the
projector.

- A teacher opens a room (deck, house rules, seats, computer players for the empty ones, the
  class if any) and gets a short code, a join link and its QR code to project; their device
  also holds the room's controls (pause, deal again, hand a seat to a computer player, remove a
  pupil, close).
- A pupil joins with the code (or the link) and a first name; the seat token is kept on the
  device, so a reload or a tablet that slept gets the seat back.
- ``?room=CODE&view=projector``: the table for the whole class, large, with no hand shown.

Every device polls the store about once a second (a fragment with ``run_every``): any server
process serves any pupil, and the computer players' moves are made by whichever device polls
first (the store's version settles who). A device only ever receives its own hand.
"""

from __future__ import annotations

from typing import Any, Final
from urllib.parse import urlsplit

import streamlit as st

from uno.academy import store as db
from uno.academy.classroom import DECKS
from uno.academy.faults import store_fault
from uno.academy.i18n import t
from uno.academy.rooms import Seen, bots_to_move, follow, room_table
from uno.academy.store.codes import ROOM_CODE_LENGTH, read_code
from uno.academy.table import Message, refusal_message
from uno.errors import IllegalAction, NotationError, ScenarioError
from uno.rules import PRESETS, SWITCHES
from uno.ui.device import current_device, keep_seat, kept_seat, network_address
from uno.ui.guard import fragment
from uno.ui.table import show_table
from uno.ui.words import inert

__all__ = ["POLL_SECONDS", "projector_view", "show_rooms"]

#: How often each device looks at its room: every move shows within about a second.
POLL_SECONDS: Final = 1.0
ROOM_PARAM: Final = "room"
VIEW_PARAM: Final = "view"
MESSAGE: Final = "rm_message"
SEEN: Final = "rm_seen"
_TABLE_MESSAGE: Final = "rm_table_message"
#: The rooms whose code this session's projector checked (``_watch``).
WATCHED: Final = "rm_watched"
#: The room whose seat this device lost: the page says so until the device joins again.
LEFT: Final = "rm_left"


def _code_param() -> str | None:
    return read_code(st.query_params.get(ROOM_PARAM), ROOM_CODE_LENGTH)


def _say(kind: str, text: str) -> None:
    st.session_state[MESSAGE] = (kind, text)


def _show_message() -> None:
    message = st.session_state.pop(MESSAGE, None)
    if message:
        getattr(st, message[0])(message[1])


def _join_link(code: str) -> str:
    """The address pupils open: this server's, whatever path prefix a proxy adds."""
    parts = urlsplit(str(getattr(st.context, "url", "") or ""))
    prefix = parts.path.rsplit("/", 1)[0]
    origin = f"{parts.scheme}://{parts.netloc}" if parts.netloc else ""
    return f"{origin}{prefix}/rooms?{ROOM_PARAM}={code}"


# -- opening a room (the teacher) ------------------------------------------------------------


def _open(token: str, lang: str) -> None:
    get = st.session_state.get
    seats = int(get("rm_seats", 4))
    pupils = min(int(get("rm_pupils", seats)), seats)
    preset = get("rm_preset", "single_round")
    rules: dict[str, Any] = {"preset": preset if preset in PRESETS else "single_round"}
    for option in SWITCHES:
        if get(f"rm_opt_{option}"):
            rules[option] = True
    plan: list[db.SeatSpec] = [("pupil", None)] * pupils
    plan += [("bot", "friendly")] * (seats - pupils)
    klass = get("rm_class") or None
    try:
        with db.open_store() as store:
            room = store.create_room(
                token,
                rules=rules,
                deck=get("rm_deck", "full") if get("rm_deck") in DECKS else "full",
                seats=plan,
                class_code=klass,
                address=network_address(),
            )
    except (db.StoreError, OSError) as fault:
        _say("error", t(store_fault(fault, "rooms.store"), lang))
        return
    except db.NotAllowed as refused:
        key = "rooms.too_many_rooms" if refused.what == "rooms" else "rooms.bad_settings"
        _say("warning", t(key, lang))
        return
    except ValueError:
        _say("warning", t("rooms.bad_settings", lang))
        return
    st.query_params[ROOM_PARAM] = room.code
    st.session_state.pop(SEEN, None)


def _open_form(token: str, lang: str) -> None:
    with st.expander(t("rooms.open_title", lang), expanded=False, icon=":material/add:"):
        st.radio(
            t("classroom.deck_label", lang),
            DECKS,
            index=len(DECKS) - 1,
            key="rm_deck",
            horizontal=True,
            format_func=lambda d: t(f"classroom.deck.{d}", lang),
        )
        left, right = st.columns(2)
        left.number_input(
            t("rooms.seats", lang), min_value=2, max_value=10, value=4, step=1, key="rm_seats"
        )
        right.number_input(
            t("rooms.pupils", lang), min_value=1, max_value=10, value=4, step=1, key="rm_pupils"
        )
        st.caption(t("rooms.bots_fill", lang))
        st.selectbox(
            t("sandbox.preset", lang),
            list(PRESETS),
            index=list(PRESETS).index("single_round"),
            key="rm_preset",
            format_func=lambda p: t(f"sandbox.presets.{p}", lang),
        )
        columns = st.columns(2)
        for i, option in enumerate(SWITCHES):
            columns[i % 2].checkbox(t(f"sandbox.options.{option}", lang), key=f"rm_opt_{option}")
        classes: list[db.ClassInfo] = []
        try:
            with db.open_store() as store:
                classes = store.classes_of(token)
        except (db.StoreError, OSError):
            classes = []
        if classes:
            names = {c.code: c.name for c in classes}
            st.selectbox(
                t("rooms.class", lang),
                ["", *names],
                key="rm_class",
                format_func=lambda c: names.get(c, t("rooms.no_class", lang)),
            )
        st.button(
            t("rooms.open", lang),
            key="rm_open",
            type="primary",
            on_click=_open,
            args=(token, lang),
        )


# -- joining a room (a pupil) ----------------------------------------------------------------


def _join(token: str, lang: str) -> None:
    code = str(st.session_state.get("rm_code", ""))
    name = str(st.session_state.get("rm_name", ""))
    try:
        with db.open_store() as store:
            seated = store.join_room(code, token, name, address=network_address())
    except db.CodeRefused as refused:
        key = "lessons.class_too_many" if refused.reason == "too_many" else "rooms.wrong_code"
        _say("warning", t(key, lang))
        return
    except ScenarioError:
        _say("warning", t("lessons.class_bad_name", lang))
        return
    except (db.StoreError, OSError) as fault:
        _say("error", t(store_fault(fault, "rooms.store"), lang))
        return
    keep_seat(seated.code, seated.token)
    st.session_state[f"rm_seat_{seated.code}"] = seated.token
    st.session_state.pop(LEFT, None)
    st.query_params[ROOM_PARAM] = seated.code
    st.session_state.pop(SEEN, None)


def _join_form(token: str, lang: str, code: str | None) -> None:
    with st.container(border=True):
        st.subheader(t("rooms.join_title", lang))
        if code is not None and "rm_code" not in st.session_state:
            st.session_state["rm_code"] = code
        st.text_input(
            t("rooms.code", lang),
            key="rm_code",
            max_chars=16,
            placeholder=t("rooms.code_hint", lang),
        )
        st.text_input(
            t("lessons.class_name", lang),
            key="rm_name",
            max_chars=40,
            placeholder=t("lessons.class_name_hint", lang),
        )
        st.button(
            t("rooms.join", lang),
            key="rm_join",
            type="primary",
            on_click=_join,
            args=(token, lang),
        )
        _show_message()


# -- playing (the pupil's table), watching (the projector) -----------------------------------


def _seat_token(code: str) -> str | None:
    return st.session_state.get(f"rm_seat_{code}") or kept_seat(code)


def _act(code: str, seat_token: str, text: str, version: int, lang: str) -> None:
    """A pupil's tap: the store checks the seat behind the token and the version shown."""
    try:
        with db.open_store() as store:
            store.apply_room_action(code, seat_token, version, text)
    except db.RoomChanged:
        st.session_state[_TABLE_MESSAGE] = Message("warning", t("table.stale", lang))
    except db.RoomClosed:
        st.session_state[_TABLE_MESSAGE] = Message("info", t("rooms.paused", lang))
    except IllegalAction as refusal:
        st.session_state[_TABLE_MESSAGE] = refusal_message(refusal, lang)
    except (NotationError, db.NotAllowed, db.CodeRefused):
        st.session_state[_TABLE_MESSAGE] = Message("error", t("table.not_yours", lang))
    except (db.StoreError, OSError) as fault:
        st.session_state[_TABLE_MESSAGE] = Message(
            "error", t(store_fault(fault, "rooms.store"), lang)
        )
    else:
        st.session_state.pop(_TABLE_MESSAGE, None)


def _seen(code: str) -> Seen:
    book: dict[str, Seen] = st.session_state.setdefault(SEEN, {})
    return book.setdefault(code, Seen())


def _tips(seen: Seen, lang: str) -> None:
    from uno.academy.classroom import tip_lesson

    for tip in seen.tips:
        number = tip_lesson(tip)
        st.info(t(f"classroom.tip.{tip}", lang), icon="💡")
        st.caption(t("rooms.tip_lesson", lang, number=number))


def _still_seated(store: db.Store, code: str, seat: int, seat_token: str) -> bool:
    """Whether ``seat_token`` still holds ``seat`` (the teacher may have freed it, handed it
    to a computer player, or another pupil may sit there now)."""
    try:
        return store.rejoin(code, seat_token).seat == seat
    except db.CodeRefused:
        return False


def _left_seat(code: str, lang: str) -> None:
    """This device no longer holds its seat: forget the seat and everything seen from it, and
    run the whole page again (it then says so and offers to join again). Nothing of the
    table is drawn by the run that found out."""
    st.session_state.get(SEEN, {}).pop(code, None)
    st.session_state.pop(f"rm_seat_{code}", None)
    st.session_state.pop(_TABLE_MESSAGE, None)
    keep_seat(code, None)
    st.session_state[LEFT] = code
    st.rerun(scope="app")


def _live(code: str, seat: int | None, seat_token: str | None, lang: str, projector: bool) -> None:
    """The room as it is now: read the store, let a computer player move when it is its turn,
    draw the table for this device. Runs again every ``POLL_SECONDS``.

    A pupil's device checks its seat token on every run, after reading the room: if the token
    still holds the seat then, the state read before was the seat's while this device held
    it; if not, nothing of it is drawn (a removed pupil never sees the next pupil's cards)."""
    known = _seen(code)
    start = None
    try:
        with db.open_store() as store:
            room = store.room_state(code)
            if bots_to_move(room):
                try:
                    room = store.apply_bot_moves(code, room.version)
                except (db.RoomChanged, db.RoomClosed):
                    room = store.room_state(code)
            if known.state is None or known.deal != room.deal:
                start = store.room_start(code, room.deal)  # this device comes in mid-round
            seated = (
                seat is None or seat_token is None or _still_seated(store, code, seat, seat_token)
            )
    except db.CodeRefused:
        st.warning(t("rooms.gone", lang))
        return
    except (db.StoreError, OSError) as fault:
        st.error(t(store_fault(fault, "rooms.store"), lang))
        return
    if not seated:
        _left_seat(code, lang)
        return
    book: dict[str, Seen] = st.session_state.setdefault(SEEN, {})
    seen = follow(known, room, seat, lang, start)
    book[code] = seen
    message = st.session_state.get(_TABLE_MESSAGE)
    model = room_table(
        room, seat, lang, story=seen.story, message=message, size="xl" if projector else "md"
    )

    def act(text: str, version: int) -> None:
        if seat_token is not None:  # the projector and the teacher's screen act for no seat
            _act(code, seat_token, text, version, lang)

    show_table(model, key=f"rm_table_{code}", on_action=act)
    _tips(seen, lang)
    if room.state.is_over:
        st.success(t("rooms.round_over", lang))


# -- the teacher's controls ------------------------------------------------------------------


def _control(token: str, code: str, what: str, lang: str, seat: int | None = None) -> None:
    try:
        with db.open_store() as store:
            if what == "pause":
                store.pause_room(token, code, True)
            elif what == "resume":
                store.pause_room(token, code, False)
            elif what == "restart":
                store.restart_room(token, code)
            elif what == "close":
                store.close_room(token, code)
            elif what == "bot" and seat is not None:
                store.seat_to_bot(token, code, seat)
            elif what == "remove" and seat is not None:
                store.remove_pupil(token, code, seat)
    except (db.StoreError, OSError, db.NotAllowed, db.CodeRefused):
        _say("error", t("rooms.store", lang))


def _qr(link: str) -> str:
    import segno

    return str(segno.make(link, error="m").svg_data_uri(scale=6, border=2, dark="#000000"))


def _teacher(token: str, code: str, lang: str) -> None:
    with db.open_store() as store:
        room = store.room_state(code)
    link = _join_link(code)
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
            query_params={"lang": lang, ROOM_PARAM: code, VIEW_PARAM: "projector"},
        )
    with right:
        st.image(_qr(link), caption=t("rooms.qr", lang), width=220)
    with st.expander(t("rooms.controls", lang), expanded=True):
        first = "resume" if room.paused else "pause"
        actions = ((first, False), ("restart", False), ("close", room.closed))
        for column, (what, disabled) in zip(st.columns(3), actions, strict=True):
            column.button(
                t(f"rooms.{what}", lang),
                key=f"rm_{what}",
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
                key=f"rm_bot_{seat.seat}",
                on_click=_control,
                args=(token, code, "bot", lang, seat.seat),
                width="stretch",
            )
            cols[2].button(
                t("rooms.remove", lang),
                key=f"rm_remove_{seat.seat}",
                on_click=_control,
                args=(token, code, "remove", lang, seat.seat),
                width="stretch",
                disabled=seat.name is None,
            )
        _show_message()


# -- the page --------------------------------------------------------------------------------


def _watch(code: str, token: str, lang: str) -> bool:
    """Whether this screen may show the room of ``code`` on a projector: the code is looked
    up once per session under the same limit as joining (a wrong code counts), then
    followed."""
    watched: set[str] = st.session_state.setdefault(WATCHED, set())
    if code in watched:
        return True
    try:
        with db.open_store() as store:
            store.watch_room(code, token, address=network_address())
    except db.CodeRefused as refused:
        key = "lessons.class_too_many" if refused.reason == "too_many" else "rooms.gone"
        st.warning(t(key, lang))
        return False
    except (db.StoreError, OSError) as fault:
        st.error(t(store_fault(fault, "rooms.store"), lang))
        return False
    watched.add(code)
    return True


def projector_view() -> bool:
    """True when this page is a room's projector (``?room=CODE&view=projector``)."""
    return st.query_params.get(VIEW_PARAM) == "projector"


def show_rooms(lang: str) -> None:
    """The whole page below the frame."""
    st.title(t("nav.rooms", lang))
    token = current_device()
    code = _code_param()
    if token is None:
        st.caption(t("teachers.class.loading", lang))
        return
    if code is not None and projector_view():
        if _watch(code, token, lang):
            # Big enough to read from the back of the class: how a latecomer joins.
            st.subheader(t("rooms.projector_code", lang, code=inert(code)))
            fragment(_live, run_every=POLL_SECONDS)(code, None, None, lang, True)
        return
    mine: list[str] = []
    try:
        with db.open_store() as store:
            mine = store.rooms_of(token)
    except (db.StoreError, OSError) as fault:
        st.error(t(store_fault(fault, "rooms.store"), lang))
        return
    if code is not None and code in mine:
        _teacher(token, code, lang)
        fragment(_live, run_every=POLL_SECONDS)(code, None, None, lang, False)
        return
    seat_token = _seat_token(code) if code is not None else None
    left = code is not None and st.session_state.get(LEFT) == code  # until a join
    if code is not None and seat_token is not None:
        try:
            with db.open_store() as store:
                seated = store.rejoin(code, seat_token)
        except db.CodeRefused:
            keep_seat(code, None)
            st.session_state.pop(f"rm_seat_{code}", None)
            st.session_state.get(SEEN, {}).pop(code, None)
            st.session_state[LEFT] = code
            left = True
        except (db.StoreError, OSError) as fault:
            st.error(t(store_fault(fault, "rooms.store"), lang))
            return
        else:
            fragment(_live, run_every=POLL_SECONDS)(code, seated.seat, seat_token, lang, False)
            return
    if left:
        st.warning(t("rooms.seat_gone", lang))
    st.write(t("rooms.intro", lang))
    _join_form(token, lang, code)
    _open_form(token, lang)
    if mine:
        st.caption(t("rooms.mine", lang))
        for room_code in mine:
            st.page_link(
                "pages/8_rooms.py",
                label=room_code,
                icon=":material/meeting_room:",
                query_params={"lang": lang, ROOM_PARAM: room_code},
            )
