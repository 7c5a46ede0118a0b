"""The classroom's session: the game of each mode, its message, the seed of the next deal."""

from __future__ import annotations

import secrets
from dataclasses import replace

import streamlit as st

from uno.academy.classroom import DECKS, Game
from uno.academy.table import Message
from uno.ui.classroom import keys
from uno.ui.table import bot_pause_ms

__all__ = [
    "at_once",
    "chosen_deck",
    "game",
    "has_game",
    "land",
    "landing",
    "next_seed",
    "playing",
    "set_game",
]


def next_seed() -> int:
    seed = st.session_state.get(keys.SEED)
    if not isinstance(seed, int) or isinstance(seed, bool):
        seed = secrets.randbelow(2**31)
    st.session_state[keys.SEED] = seed + 1
    return seed


def chosen_deck(key: str) -> str:
    value = st.session_state.get(key)
    return value if value in DECKS else DECKS[0]


def has_game(prefix: str) -> bool:
    return isinstance(st.session_state.get(keys.of(prefix, "game")), Game)


def game(prefix: str) -> Game:
    kept: Game = st.session_state[keys.of(prefix, "game")]
    return kept


def set_game(
    prefix: str, new: Game, message: Message | None = None, *, redraw: bool = False
) -> None:
    """Show ``new`` (with ``message`` at the hand); ``redraw``: the same game drawn anew, so the
    table hears the message."""
    if redraw:
        new = replace(new, match=new.match.touched())
    st.session_state[keys.of(prefix, "game")] = new
    st.session_state[keys.of(prefix, "message")] = message


def at_once() -> bool:
    """No pause between computer moves (tests): they answer in the child's own run."""
    return bot_pause_ms() == 0


def playing(prefix: str) -> bool:
    """Whether the table of ``prefix`` is the game screen now: a round in play, and the page not
    asked for with the table's menu."""
    return (
        has_game(prefix)
        and not game(prefix).state.is_over
        and not bool(st.session_state.get(keys.PAGE))
    )


def land() -> None:
    """The next drawing of the table brings it into view."""
    st.session_state[keys.LAND] = True


def landing() -> bool:
    return bool(st.session_state.pop(keys.LAND, False))
