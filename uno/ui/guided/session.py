"""The guided game kept in the session, and whether the table is the game screen now."""

from __future__ import annotations

import streamlit as st

from uno.academy.guided import Guided
from uno.ui.guided import keys
from uno.ui.table import bot_pause_ms

__all__ = ["at_once", "game", "land", "landing", "over", "playing", "set_game"]


def game() -> Guided | None:
    """The guided game of this session, if one was started."""
    value = st.session_state.get(keys.GAME)
    return value if isinstance(value, Guided) else None


def set_game(value: Guided) -> None:
    st.session_state[keys.GAME] = value


def at_once() -> bool:
    """No pause between computer moves (tests): they answer in the learner's own run."""
    return bot_pause_ms() == 0


def over(value: Guided) -> bool:
    """Whether the game's end is shown: its last pause read, or (children's version, whose end
    is drawn without the table) its last card played."""
    return value.finished or (value.kids and value.state.is_over)


def playing() -> bool:
    """Whether the table is the game screen now: a game in play, and the page not asked for
    with the table's menu."""
    value = game()
    return value is not None and not over(value) and not bool(st.session_state.get(keys.PAGE))


def land() -> None:
    """The next drawing of the table brings it into view."""
    st.session_state[keys.LAND] = True


def landing() -> bool:
    return bool(st.session_state.pop(keys.LAND, False))
