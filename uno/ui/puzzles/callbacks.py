"""What the puzzles page's widgets do (each runs before the page is drawn again)."""

from __future__ import annotations

from dataclasses import replace

import streamlit as st

from uno.academy.puzzles import Puzzle, judge
from uno.academy.services import puzzles as service
from uno.academy.store import PuzzleOutcome
from uno.errors import UnoError
from uno.ui.device import current_device
from uno.ui.puzzles import keys, session

__all__ = ["next_puzzle", "on_move", "on_tool", "show_answer", "try_again"]


def _bump() -> None:
    st.session_state[keys.VERSION] = int(st.session_state.get(keys.VERSION, 0)) + 1


def on_move(puzzle: Puzzle, text: str, version: int) -> None:
    """A move on the puzzle's table: judged (after a wrong answer, another move is the next
    try); the first answer of this device to this puzzle is rated (the device's rating and the
    puzzle's). A move that cannot be read, made on an older table, or after the right answer,
    changes nothing."""
    before = session.answer()
    if version != int(st.session_state.get(keys.VERSION, 0)) or (before and before.right):
        return
    try:
        answer = judge(puzzle, text)
    except (UnoError, ValueError):
        return
    st.session_state[keys.ANSWER] = answer
    st.session_state[keys.REVEALED] = False
    _bump()
    token = current_device()
    if token is None:
        return
    found = session.kept(token)
    if puzzle.id in found.tried:
        return  # answered on an earlier visit: rated once
    prior = session.rating_of(puzzle, found)
    outcome = service.answer(token, puzzle.id, prior, answer.right)
    if not isinstance(outcome, PuzzleOutcome):
        st.session_state[keys.NOT_SAVED] = True
        return
    st.session_state.pop(keys.NOT_SAVED, None)
    ratings = dict(found.ratings)
    if outcome.puzzle_rating is not None:
        raters = ratings.get(puzzle.id, (0.0, 0.0, 0))[2]
        ratings[puzzle.id] = (outcome.puzzle_rating, 0.0, raters + 1)
    tried = {**found.tried, puzzle.id: answer.right}
    st.session_state[keys.KEPT] = replace(
        found, profile=outcome.after, tried=tried, ratings=ratings
    )
    if outcome.rated:
        change = outcome.after.rating - outcome.before.rating
        st.session_state[keys.RATED] = (outcome.after.rating, change)


def on_tool(tool: str) -> None:
    """A button beside the hand: ``again``, ``show`` or ``next``."""
    {"again": try_again, "show": show_answer, "next": next_puzzle}[tool]()


def try_again() -> None:
    """After a wrong answer: the same puzzle again."""
    st.session_state[keys.ANSWER] = None
    st.session_state[keys.REVEALED] = False
    st.session_state.pop(keys.RATED, None)
    _bump()


def show_answer() -> None:
    """After a wrong answer: the solution, with why."""
    st.session_state[keys.REVEALED] = True


def next_puzzle() -> None:
    """Another puzzle of the same choice."""
    pid = st.session_state.get(keys.PUZZLE)
    seen = list(st.session_state.get(keys.SEEN, ()))
    if isinstance(pid, str):
        seen.append(pid)
    st.session_state[keys.SEEN] = seen[-200:]
    st.session_state[keys.PICKED_FOR] = None
    st.session_state.pop(keys.RATED, None)
    if session.mode() == "daily":
        st.session_state[keys.MODE] = "train"
