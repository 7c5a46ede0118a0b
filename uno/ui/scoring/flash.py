"""Messages a callback leaves for the next drawing, each shown once, beside the control that
caused it (a slot), or never.

A callback calls ``say(slot, level, message)``; the part that draws the slot's control calls
``show(slot, lang)`` right after it; the page forgets what was not shown at the end of its run
(``forget``). Message values that are user text (names, typed codes) are made inert here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, Literal

import streamlit as st

from uno.academy import scoring as sc
from uno.academy.i18n import t
from uno.ui.scoring import keys
from uno.ui.words import inert

__all__ = [
    "GAME",
    "RENAME",
    "ROUND",
    "SAVED",
    "SHARE",
    "START",
    "TOP",
    "UNDO",
    "drop",
    "forget",
    "say",
    "show",
    "words",
]

Level = Literal["success", "warning", "error"]

#: Where a message is shown: the slot of the control whose callback left it.
TOP: Final = "top"  # the top of the score pad: a game deleted elsewhere
START: Final = "start"  # under the start button
GAME: Final = "game"  # under the game's title: it has started
ROUND: Final = "round"  # under the add button (or "the game is over")
UNDO: Final = "undo"  # under the undo button
RENAME: Final = "rename"  # under the rename button
SAVED: Final = "saved"  # under the saved games' buttons
SHARE: Final = "share"  # under the share button

_LEVELS: Final[dict[str, Callable[..., object]]] = {
    "success": st.success,
    "warning": st.warning,
    "error": st.error,
}


def words(message: sc.Message, lang: str) -> str:
    """A message in the reader's language, its text values (names, typed codes) made inert."""
    values = {k: inert(v) if isinstance(v, str) else v for k, v in message.values.items()}
    return t(message.key, lang, **values)


def say(slot: str, level: Level, message: sc.Message) -> None:
    """Leave a message (from a callback) for the next drawing of ``slot``."""
    st.session_state.setdefault(keys.FLASH, []).append((slot, level, message))


def show(slot: str, lang: str) -> None:
    """Show the messages left for ``slot``, and forget them."""
    kept = []
    for item in st.session_state.get(keys.FLASH, []):
        where, level, message = item
        if where == slot:
            _LEVELS.get(level, st.info)(words(message, lang))
        else:
            kept.append(item)
    st.session_state[keys.FLASH] = kept


def drop(key: str) -> None:
    """Forget the messages of catalog key ``key`` not shown yet (before saying it again)."""
    kept = [item for item in st.session_state.get(keys.FLASH, []) if item[2].key != key]
    st.session_state[keys.FLASH] = kept


def forget() -> None:
    """Forget every message not shown: a message is shown once, where it belongs, or never."""
    st.session_state[keys.FLASH] = []
