"""What the classroom's taps and buttons do: deal a game, a child's move (the game's match
judges it), a computer player's move after the table's pause, the hint, the coach, showing the
hand in pass-and-play."""

from __future__ import annotations

from collections.abc import Sequence

import streamlit as st

import uno
from uno.academy import classroom, coach
from uno.academy.match import Refusal
from uno.academy.table import refusal_words
from uno.setup import check_names
from uno.ui.classroom import keys, session
from uno.ui.classroom.words import kid_names
from uno.ui.review import parts as review

__all__ = [
    "act",
    "ask_coach",
    "back_to_game",
    "flag",
    "on_tool",
    "pass_act",
    "reveal",
    "show_page",
    "start_kids",
    "start_pass",
    "tick",
]


def start_kids(lang: str) -> None:
    friends = st.session_state.get(keys.FRIENDS, 2)
    count = 1 + (friends if friends in (1, 2, 3) else 2)
    game = classroom.start_game(
        session.chosen_deck(keys.KIDS_DECK),
        kid_names(lang, count),
        session.next_seed(),
        (0,),
        bots=session.at_once(),
    )
    st.session_state.pop(keys.of(keys.KIDS, "hint"), None)
    st.session_state.pop(keys.of(keys.KIDS, "coach"), None)
    review.close(keys.KIDS)
    st.session_state[keys.PAGE] = False
    session.land()
    session.set_game(keys.KIDS, game)


def start_pass(lang: str) -> None:
    count = st.session_state.get(keys.COUNT, 2)
    if count not in range(classroom.MIN_PLAYERS, classroom.MAX_PLAYERS + 1):
        count = 2
    names = [str(st.session_state.get(keys.pass_name(i)) or "").strip() for i in range(count)]
    try:
        check_names(names)
    except uno.ScenarioError:
        st.session_state[keys.PASS_ERROR] = True
        return
    st.session_state[keys.PASS_ERROR] = False
    game = classroom.start_game(
        session.chosen_deck(keys.PASS_DECK), names, session.next_seed(), range(count)
    )
    st.session_state[keys.SHOWN] = None
    st.session_state.pop(keys.of(keys.PASS, "hint"), None)
    st.session_state.pop(keys.of(keys.PASS, "coach"), None)
    review.close(keys.PASS)
    st.session_state[keys.PAGE] = False
    session.set_game(keys.PASS, game)


def act(prefix: str, text: str, version: int, lang: str) -> None:
    """A child's tap on the table, made by the game's match for the child this device plays
    (in pass-and-play, whoever holds it): checked against the table shown, the seat and the
    rules; a refusal is explained at the hand and changes nothing."""
    game = session.game(prefix)
    seat = game.state.turn if prefix == keys.PASS else game.humans[0]
    after = classroom.act(game, seat, text, version=version, bots=session.at_once())
    if isinstance(after, Refusal):
        # both classroom games speak to children
        session.set_game(prefix, game, refusal_words(after, lang, kids=True), redraw=True)
        return
    st.session_state.pop(keys.of(prefix, "hint"), None)
    session.set_game(prefix, after)
    if prefix == keys.PASS and (after.state.is_over or after.state.turn != seat):
        st.session_state[keys.SHOWN] = None  # hide the hands until the next player is ready


def pass_act(action: uno.Action, lang: str) -> None:
    """A button of the pass screen (a late "Uno", a catch): the move it names."""
    game = session.game(keys.PASS)
    after = classroom.act(game, action.seat, action, bots=session.at_once())
    if isinstance(after, Refusal):
        session.set_game(keys.PASS, game, refusal_words(after, lang, kids=True), redraw=True)
        return
    session.set_game(keys.PASS, after)


def tick(prefix: str, version: int) -> None:
    """The table waited its pause: the next computer move, if the table is still the one shown."""
    game = session.game(prefix)
    after = classroom.bot_step(game, version=version)
    if after is not game:
        session.set_game(prefix, after)


def flag(key: str, moves: int) -> None:
    st.session_state[key] = moves  # a flag that holds until the next move


def ask_coach(prefix: str, names: Sequence[str], seat: int, lang: str) -> None:
    """ "What would a good player do?": the gentle words of the coach for the child at ``seat``
    (the search sees only what that child sees), until the next move."""
    game = session.game(prefix)
    state = game.state
    asks = state.turn == seat and not state.is_over
    moves = coach.advice(state, seat, log=game.round_log) if asks else []
    st.session_state[keys.of(prefix, "coach")] = (game.moves, coach.kids_text(moves, lang, names))
    st.session_state[keys.of(prefix, "message")] = None  # the coach answers now, at the hand


def reveal(seat: int) -> None:
    st.session_state[keys.SHOWN] = seat
    session.land()


def show_page() -> None:
    """The table's menu: the page, its settings and its menu come back (the table stays)."""
    st.session_state[keys.PAGE] = True


def back_to_game() -> None:
    st.session_state[keys.PAGE] = False
    session.land()


def on_tool(prefix: str, tool: str, names: Sequence[str], seat: int, moves: int, lang: str) -> None:
    """The table's buttons that are not moves: the hint, the coach."""
    if tool == "hint":
        flag(keys.of(prefix, "hint"), moves)
    elif tool == "coach":
        ask_coach(prefix, names, seat, lang)
