"""The rooms' service: what the rooms page asks of the store, answered with what to say.

Each function takes what the page knows (this device's token, its network address, the room's
code, a seat token, the version of the table it showed) and returns the result with what to
tell the reader, a ``uno.academy.table.Message`` in the reader's language, so the page never
handles one of the store's exceptions (a wrong or refused code, a room that changed or closed,
a store that cannot be used) and never compares versions itself.

- ``open_room``, ``join_room``, ``watch_room``: a teacher opens a room; a pupil joins one with
  its code; a projector checks its code (all under the store's limits).
- ``live``: the room as it is now for one device, after the computer players' move if one was
  due, and whether the device still holds its seat.
- ``tap``: a pupil's move, checked by the room's match in the store.
- ``control``: the teacher's buttons.
- ``played_round``: a finished round of a room with the deal's first state, for "Review my
  round" (a pupil's, checked against its seat token) and the teacher's summary.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final, Generic, TypeVar

from uno.academy import store as db
from uno.academy.faults import store_fault
from uno.academy.i18n import t
from uno.academy.rooms import bots_to_move
from uno.academy.table import Message, refusal_message
from uno.errors import IllegalAction, NotationError, ScenarioError
from uno.state import GameState

__all__ = [
    "CONTROLS",
    "Live",
    "Played",
    "Said",
    "classes_of",
    "control",
    "join_room",
    "live",
    "open_room",
    "played_round",
    "read_room_code",
    "rejoin",
    "rooms_of",
    "tap",
    "teacher_room",
    "watch_room",
]

T = TypeVar("T")

#: The teacher's buttons: what each does to the room.
CONTROLS: Final = ("pause", "resume", "restart", "close", "bot", "remove")


@dataclass(frozen=True)
class Said(Generic[T]):
    """A result (None when refused) and what to tell the reader (None: nothing)."""

    value: T | None = None
    said: Message | None = None


@dataclass(frozen=True)
class Live:
    """A room for one device now: the room, the deal's first state when this device needs the
    story so far (None otherwise), and whether the device still holds its seat."""

    room: db.RoomState
    start: GameState | None
    seated: bool


@dataclass(frozen=True)
class Played:
    """A room's finished round: the room and the first state of its deal."""

    room: db.RoomState
    start: GameState


def read_room_code(text: object) -> str | None:
    """A room's code as typed or in a link (any case, dashes and spaces ignored), or None when
    it cannot be one. Says nothing about whether the room exists."""
    from uno.academy.store.codes import ROOM_CODE_LENGTH, read_code

    return read_code(text, ROOM_CODE_LENGTH)


def _store(fault: BaseException, lang: str) -> Message:
    return Message("error", t(store_fault(fault, "rooms.store"), lang))


def open_room(
    token: str, settings: Mapping[str, Any], lang: str, *, address: str | None = None
) -> Said[db.RoomState]:
    """A new room of this device (its teacher): ``settings`` holds ``rules``, ``deck``,
    ``seats`` (``store.SeatSpec`` pairs) and ``class_code``."""
    try:
        with db.open_store() as store:
            room = store.create_room(
                token,
                rules=settings.get("rules"),
                deck=str(settings.get("deck", "full")),
                seats=settings["seats"],
                class_code=settings.get("class_code"),
                address=address,
            )
    except (db.StoreError, OSError) as fault:
        return Said(said=_store(fault, lang))
    except db.NotAllowed as refused:
        key = "rooms.too_many_rooms" if refused.what == "rooms" else "rooms.bad_settings"
        return Said(said=Message("warning", t(key, lang)))
    except ValueError:
        return Said(said=Message("warning", t("rooms.bad_settings", lang)))
    return Said(room)


def join_room(
    code: str, token: str, name: str, lang: str, *, address: str | None = None
) -> Said[db.Seated]:
    """A pupil's device takes a seat in the room of a typed ``code`` under ``name``."""
    try:
        with db.open_store() as store:
            return Said(store.join_room(code, token, name, address=address))
    except db.CodeRefused as refused:
        key = "lessons.class_too_many" if refused.reason == "too_many" else "rooms.wrong_code"
        return Said(said=Message("warning", t(key, lang)))
    except ScenarioError:
        return Said(said=Message("warning", t("lessons.class_bad_name", lang)))
    except (db.StoreError, OSError) as fault:
        return Said(said=_store(fault, lang))


def watch_room(code: str, token: str, lang: str, *, address: str | None = None) -> Said[bool]:
    """Whether a screen may show the room of a typed ``code`` (a projector), under the same
    limit as joining."""
    try:
        with db.open_store() as store:
            store.watch_room(code, token, address=address)
    except db.CodeRefused as refused:
        key = "lessons.class_too_many" if refused.reason == "too_many" else "rooms.gone"
        return Said(said=Message("warning", t(key, lang)))
    except (db.StoreError, OSError) as fault:
        return Said(said=_store(fault, lang))
    return Said(True)


def rooms_of(token: str, lang: str) -> Said[list[str]]:
    """The codes of the rooms this device opened."""
    try:
        with db.open_store() as store:
            return Said(store.rooms_of(token))
    except (db.StoreError, OSError) as fault:
        return Said(said=_store(fault, lang))


def classes_of(token: str) -> list[db.ClassInfo]:
    """The classes this device teaches (none when the store cannot say)."""
    try:
        with db.open_store() as store:
            return store.classes_of(token)
    except (db.StoreError, OSError):
        return []


def live(
    code: str, seat: int | None, seat_token: str | None, deal: int | None, lang: str
) -> Said[Live]:
    """The room for one device: the computer players' move first if one is due (any device
    that polls makes it; the store's version settles who), the deal's first state when the
    device has not followed this deal (``deal``: the deal it saw, None for none), and for a
    pupil's device whether its token still holds ``seat`` (checked after the room was read:
    a state read while the device held the seat is the seat's)."""
    try:
        with db.open_store() as store:
            room = store.room_state(code)
            if bots_to_move(room):
                try:
                    room = store.apply_bot_moves(code, room.version)
                except (db.RoomChanged, db.RoomClosed):
                    room = store.room_state(code)
            start = store.room_start(code, room.deal) if deal != room.deal else None
            seated = True
            if seat is not None and seat_token is not None:
                try:
                    seated = store.rejoin(code, seat_token).seat == seat
                except db.CodeRefused:
                    seated = False
    except db.CodeRefused:
        return Said(said=Message("warning", t("rooms.gone", lang)))
    except (db.StoreError, OSError) as fault:
        return Said(said=_store(fault, lang))
    return Said(Live(room, start, seated))


def rejoin(code: str, seat_token: str, lang: str) -> Said[db.Seated]:
    """The seat a token kept on the device holds (a reload); None when it holds none."""
    try:
        with db.open_store() as store:
            return Said(store.rejoin(code, seat_token))
    except db.CodeRefused:
        return Said()
    except (db.StoreError, OSError) as fault:
        return Said(said=_store(fault, lang))


def tap(code: str, seat_token: str, text: str, version: int, lang: str) -> Message | None:
    """A pupil's move (the store asks the room's match, for the seat behind the token, on the
    table at ``version``); what to say at the hand, None when it was made."""
    try:
        with db.open_store() as store:
            store.apply_room_action(code, seat_token, version, text)
    except db.RoomChanged:
        return Message("warning", t("table.stale", lang))
    except db.RoomClosed:
        return Message("info", t("rooms.paused", lang))
    except IllegalAction as refusal:
        return refusal_message(refusal, lang)
    except (NotationError, db.NotAllowed, db.CodeRefused):
        return Message("error", t("table.not_yours", lang))
    except (db.StoreError, OSError) as fault:
        return _store(fault, lang)
    return None


def teacher_room(code: str, lang: str) -> Said[db.RoomState]:
    """The teacher's room as it is now (for its controls)."""
    try:
        with db.open_store() as store:
            return Said(store.room_state(code))
    except db.CodeRefused:
        return Said(said=Message("warning", t("rooms.gone", lang)))
    except (db.StoreError, OSError) as fault:
        return Said(said=_store(fault, lang))


def control(token: str, code: str, what: str, lang: str, seat: int | None = None) -> Message | None:
    """One of the teacher's buttons (``CONTROLS``) on the room; what to say when it failed."""
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
    except (db.StoreError, OSError) as fault:
        return _store(fault, lang)
    except (db.NotAllowed, db.CodeRefused, ValueError):
        return Message("error", t("rooms.store", lang))
    return None


def played_round(
    code: str, lang: str, *, seat: int | None = None, seat_token: str | None = None
) -> Said[Played]:
    """The room's round with its deal's first state, once it is over, to review it: for a
    pupil's device, only while ``seat_token`` holds ``seat``; for the teacher's page, the room
    (the page checked it is theirs)."""
    try:
        with db.open_store() as store:
            room = store.room_state(code)
            start = store.room_start(code, room.deal)
            if seat_token is not None:
                try:
                    held: int | None = store.rejoin(code, seat_token).seat
                except db.CodeRefused:
                    held = None
                if held is None or held != seat:
                    return Said(said=Message("error", t("table.not_yours", lang)))
    except db.CodeRefused:
        return Said(said=Message("warning", t("rooms.gone", lang)))
    except (db.StoreError, OSError) as fault:
        return Said(said=_store(fault, lang))
    if start is None or not room.state.is_over:
        return Said(said=Message("info", t("review.failed", lang)))
    return Said(Played(room, start))
