"""Rooms, the app's side (no Streamlit): what each device of a room shows.

A room lives in the store (``uno.academy.store``): its game, its version, the list of actions
since the deal and who sits where. Every device polls it; this module turns what the store
returns into the table a device may see. A pupil's device gets its own hand and nothing of the
others' (only how many cards they hold); the projector gets no hand at all. The story is
rebuilt on each device by replaying the new actions from the state it saw last (the engine is
deterministic), worded for that device: a card a player drew is named only to that player.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from uno.academy.classroom import FRIENDLY, new_tips
from uno.academy.i18n import t
from uno.academy.match import Match
from uno.academy.review import Round
from uno.academy.store import RoomState
from uno.academy.table import Message, TableView, story_entries, table_model
from uno.errors import UnoError
from uno.history import replay
from uno.state import Event, GameState

__all__ = [
    "STORY_LINES",
    "Seen",
    "bots_to_move",
    "follow",
    "joining",
    "pupil_rounds",
    "room_match",
    "room_names",
    "room_round",
    "room_table",
    "strategy_label",
]

#: How many lines of the story a device keeps: a whole round (the newest is drawn in view),
#: bounded so that a session's memory is too.
STORY_LINES: Final = 400

#: A line of the story: its words and the id of the rule it applies (None: no ruling).
Line = tuple[str, str | None]


def strategy_label(strategy: str | None) -> str:
    """The strategy name whose words label a computer seat ("friendly" is the classroom's)."""
    return FRIENDLY.name if strategy in (None, "friendly") else str(strategy)


def room_match(room: RoomState) -> Match:
    """The room as a match: its state, and who plays each seat (a pupil, or a computer
    player: ``"friendly"`` unless the teacher chose another)."""
    seats = [(seat.strategy or "friendly") if seat.kind == "bot" else None for seat in room.seats]
    return Match.new(room.state, seats)


def bots_to_move(room: RoomState) -> bool:
    """True when a computer player has a move to make now (and the room is open)."""
    if room.paused or room.closed:
        return False
    return room_match(room).waiting


def room_names(room: RoomState, lang: str) -> list[str]:
    """The names shown at each seat: the pupil's first name, a free seat, a computer player."""
    names = []
    for seat in room.seats:
        if seat.kind == "bot":
            names.append(t("rooms.bot_seat", lang, number=seat.seat + 1))
        elif seat.name is None:
            names.append(t("rooms.free_seat", lang, number=seat.seat + 1))
        else:
            names.append(seat.name)
    return names


@dataclass
class Seen:
    """What one device saw of a room last: the deal and the number of actions, the state then,
    the story so far (worded for this device) and the tips already shown."""

    deal: int = 0
    actions: int = 0
    state: GameState | None = None
    story: list[Line] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    tips: list[str] = field(default_factory=list)
    seen_tips: set[str] = field(default_factory=set)


def _replay(state: GameState, room: RoomState, done: int) -> list[Event] | None:
    """What the room's actions after the first ``done`` did, replayed from ``state`` (the state
    after those): None when the replay does not lead to the room's state."""
    try:
        steps = replay(state, [logged.action for logged in room.log[done:]])
    except UnoError:
        return None
    after = steps[-1].state if steps else state
    return [e for step in steps for e in step.events] if after == room.state else None


def follow(
    seen: Seen, room: RoomState, viewer: int | None, lang: str, start: GameState | None = None
) -> Seen:
    """Bring ``seen`` up to ``room``: replay the actions this device has not seen yet from the
    state it saw, add their story lines and the tips that come up for the first time. A device
    that comes in mid-round (a projector switched on late, a tablet that slept) gets the story
    so far, replayed from the deal's ``start`` (``store.room_start``) when given; its tips start
    with the next move. A new deal (or a gap the replay cannot bridge) starts the story again."""
    names = room_names(room, lang)
    if seen.state is None or seen.deal != room.deal or len(room.log) < seen.actions:
        # From the deal's first state, when given: the story so far; the tips wait for a move.
        past = None if start is None else _replay(start, room, 0)
        story = [] if past is None else story_entries(past, names, lang, viewer)[-STORY_LINES:]
        return Seen(room.deal, len(room.log), room.state, story, [], [], seen.seen_tips)
    events = _replay(seen.state, room, seen.actions)
    if events is None:  # a gap the replay cannot bridge: the story starts again
        return Seen(room.deal, len(room.log), room.state, [], [], [], seen.seen_tips)
    lines = story_entries(events, names, lang, viewer)
    fresh = new_tips(events, room.state, frozenset(seen.seen_tips)) if events else []
    return Seen(
        room.deal,
        len(room.log),
        room.state,
        (seen.story + lines)[-STORY_LINES:],
        events,
        fresh if events else seen.tips,
        seen.seen_tips | set(fresh),
    )


def joining(room: RoomState) -> bool:
    """Whether pupils are still joining: the room is open and a pupil's seat is free."""
    return not room.closed and any(seat.kind != "bot" and seat.name is None for seat in room.seats)


def room_table(
    room: RoomState,
    viewer: int | None,
    lang: str,
    *,
    story: Sequence[str | Line] = (),
    message: Message | None = None,
    size: str = "md",
    screen: str = "page",
    join: Mapping[str, str] | None = None,
    menu: bool = False,
) -> dict[str, Any]:
    """The table model of ``room`` for one device: the pupil at ``viewer`` sees and plays their
    own hand only, on a screen that speaks to them ("Your turn"); ``viewer=None`` is the
    projector or the teacher's page (every hand hidden, nobody acts). ``screen``: ``page`` (a
    table among the page's parts), ``game`` (the table fills the window: a pupil's phone) or
    ``wall`` (a projector: filled and sized for the back of the room, with ``join``, how to
    join, while pupils' seats are free)."""
    if screen not in ("page", "game", "wall"):
        raise ValueError("screen must be page, game or wall")
    strategies = [
        strategy_label(seat.strategy) if seat.kind == "bot" else None for seat in room.seats
    ]
    playing = viewer is not None and not room.paused and not room.closed
    view = TableView(
        acting=frozenset({viewer}) if playing and viewer is not None else frozenset(),
        hand=viewer,
        bots=tuple(strategies),
        size=size,
        personal=viewer is not None,
        private=True,
        bot_names=False,  # a classroom's computer players are "computer", no strategy named
        fill=screen != "page",
        wall=screen == "wall",
    )
    if message is None and room.paused:
        message = Message("info", t("rooms.paused", lang))
    if message is None and room.closed:
        message = Message("info", t("rooms.closed", lang))
    names = room_names(room, lang)
    to_play = room.seats[room.state.turn]
    # A pupil's seat nobody has taken yet is to play: the room waits for a pupil, not a player.
    waiting = not room.state.is_over and not to_play.taken
    if message is None and waiting:
        joined = sum(1 for seat in room.seats if seat.kind != "bot" and seat.name is not None)
        pupils = sum(1 for seat in room.seats if seat.kind != "bot")
        message = Message("info", t("rooms.waiting", lang, count=joined, total=pupils))
    model = table_model(
        room.state,
        view,
        lang,
        names=names,
        story=story,
        message=message,
        version=room.version,
        thinking=bots_to_move(room),
        join=join,
        menu=menu,
    )
    if waiting:
        model["status"] = t("rooms.waiting_status", lang, name=names[room.state.turn])
    return model


def room_round(room: RoomState, start: GameState, seat: int, lang: str) -> Round:
    """The room's round (from its deal's first state) for one seat, to review: judged from what
    that seat saw only (``uno.review``)."""
    actions = tuple(logged.action for logged in room.log)
    names = tuple(room_names(room, lang))
    return Round(start, actions, seat, room_match(room).seats, names)


def pupil_rounds(room: RoomState, start: GameState, lang: str) -> list[Round]:
    """The round of every seat a pupil holds (the teacher's summary)."""
    return [
        room_round(room, start, seat.seat, lang)
        for seat in room.seats
        if seat.kind != "bot" and seat.name is not None
    ]
