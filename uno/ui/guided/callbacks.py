"""What the guided game's buttons and the table's taps do. Each runs before the page is drawn
again (a click runs the script once) and changes the game through ``session``; the guided game
(``uno.academy.guided``) decides, the engine judges."""

from __future__ import annotations

import streamlit as st

from uno.academy import guided
from uno.academy.guided import Guided
from uno.ui.guided import keys, session

__all__ = ["act", "back_to_game", "on_tool", "show_page", "start", "tick"]


def _moved(game: Guided) -> Guided:
    """In tests (no pause between computer moves) the computer players answer at once."""
    return game.advance() if session.at_once() else game


def start(kids: bool) -> None:
    """A new guided game (the children's version with ``kids``), on the game screen."""
    session.set_game(_moved(guided.start(kids)))
    st.session_state[keys.PAGE] = False
    session.land()


def act(text: str, version: int) -> None:
    """A tap on the table: the guided game takes the move it waits for; any other changes
    nothing and the table says why."""
    game = session.game()
    if game is not None:
        session.set_game(_moved(game.tap(text, version)))


def tick(version: int) -> None:
    """The table waited its pause: the next computer move, if the table is still the one shown."""
    game = session.game()
    if game is not None:
        after = game.step(version)
        if after is not game:
            session.set_game(after)


def on_tool(tool: str) -> None:
    """The table's "Continue": the pause is read, the game goes on."""
    game = session.game()
    if game is not None and tool == "continue":
        session.set_game(_moved(game.go_on()))


def show_page() -> None:
    """The table's menu: the page, its buttons and its menu come back (the table stays)."""
    st.session_state[keys.PAGE] = True


def back_to_game() -> None:
    st.session_state[keys.PAGE] = False
    session.land()
