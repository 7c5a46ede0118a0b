"""The sandbox's session: the match on the table, who plays each seat, the pause between
computer moves, and the messages, read and written in one place."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import streamlit as st

from uno.academy.match import Match
from uno.academy.table import Message, TableSetup
from uno.ui.sandbox import keys
from uno.ui.table import bot_pause_ms

__all__ = [
    "HUMAN",
    "controllers",
    "default_seat",
    "has_match",
    "landing",
    "match",
    "pause",
    "playing",
    "refuse",
    "say_setup",
    "set_match",
    "set_playing",
    "start",
    "table_message",
]

#: What the seat controls call a seat a person plays.
HUMAN: Final = "human"
#: Who plays the other seats of a new deal.
DEFAULT_BOT: Final = "greedy"


def has_match() -> bool:
    return keys.MATCH in st.session_state


def match() -> Match:
    """The game on the table."""
    kept: Match = st.session_state[keys.MATCH]
    return kept


def set_match(new: Match, message: Message | None = None) -> None:
    """Show ``new`` (with ``message`` at the hand, or none)."""
    st.session_state[keys.MATCH] = new
    st.session_state[keys.TABLE_MESSAGE] = message


def refuse(message: Message) -> None:
    """Nothing changes but the message (and the version, so the table hears the answer)."""
    set_match(match().touched(), message)


def table_message() -> Message | None:
    message = st.session_state.get(keys.TABLE_MESSAGE)
    return message if isinstance(message, Message) else None


def controllers(seats: Sequence[str | None]) -> list[str]:
    """Each seat as the seat controls name it: "human", or the computer player's strategy."""
    return [HUMAN if seat is None else seat for seat in seats]


def pause() -> int:
    """Milliseconds between computer moves (0: at once, -1: one step at a click)."""
    return int(st.session_state.get(keys.PAUSE, bot_pause_ms()))


def start(
    new: Match, setup: TableSetup | None = None, chosen: Sequence[str | None] | None = None
) -> None:
    """A new game on the table, shown as the game screen; ``setup`` (from a link or a file)
    says who plays each seat and how the table shows it; ``chosen``: who plays each seat of a
    situation built by hand; a new deal keeps who played each seat before."""
    if setup is not None:
        seats: list[str | None] = [setup.bots.get(s) for s in range(new.state.n_players)]
        new = new.with_view(viewer=setup.viewer, hide=setup.hide_hands)
    else:
        if chosen is not None:  # a situation built card by card: who plays each seat was asked
            seats = list(chosen)
        else:  # a new deal: the first seat is a person, the others computer players
            before = list(match().seats) if has_match() else []
            default = [None] + [DEFAULT_BOT] * (new.state.n_players - 1)
            seats = [before[i] if i < len(before) else default[i] for i in range(len(default))]
        # Against computer players their hands are hidden (a switch shows them, for study).
        new = new.with_view(hide=any(seat is not None for seat in seats))
    for seat, controller in enumerate(controllers(seats)):
        st.session_state[keys.controller(seat)] = controller
    st.session_state[keys.HIDE] = new.hide
    st.session_state[keys.PLAYING] = True
    st.session_state[keys.LAND] = True
    set_match(new.with_seats(seats))
    play_bots_now()


def default_seat(seat: int) -> str:
    """Who plays a seat unless asked otherwise: the first a person, the others a computer."""
    return HUMAN if seat == 0 else DEFAULT_BOT


def playing() -> bool:
    """Whether the table is the game screen now (the page's chrome folded away)."""
    return bool(st.session_state.get(keys.PLAYING, True))


def set_playing(on: bool) -> None:
    st.session_state[keys.PLAYING] = on
    if on:
        st.session_state[keys.LAND] = True


def landing() -> bool:
    """Whether this drawing brings the table into view (once after a new game)."""
    return bool(st.session_state.pop(keys.LAND, False))


def play_bots_now() -> None:
    """With no pause (tests, or "at once"), the computer players answer in the same run."""
    if pause() == 0:
        set_match(match().play_bots(), table_message())


def say_setup(kind: str, text: str) -> None:
    st.session_state[keys.SETUP_MESSAGE] = (kind, text)
