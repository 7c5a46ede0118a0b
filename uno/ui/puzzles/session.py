"""The puzzles page's session: the puzzle on the table, the reader's answer, and what the
store keeps for this device (read once per session when the device is known)."""

from __future__ import annotations

import datetime
import random
from dataclasses import replace

import streamlit as st

from uno.academy.puzzles import EASY_RATING, Answer, Puzzle, by_id, daily, load_bank, pick
from uno.academy.services import puzzles as service
from uno.ui.puzzles import keys

__all__ = [
    "MODES",
    "answer",
    "current",
    "kept",
    "mode",
    "open_link",
    "rating_of",
    "today",
]

#: The ways to get puzzles: the puzzle of the day, training (by theme), the class's set.
MODES = ("daily", "train", "class")


def today() -> datetime.date:
    """Today's date (UTC): the puzzle of the day is the same for everyone on a date."""
    return datetime.datetime.now(datetime.UTC).date()


def kept(token: str | None) -> service.Kept:
    """What the store keeps for this device (read once per session and token)."""
    if token is None:
        return service.Kept(service.NEW_PROFILE, {}, {})
    if st.session_state.get(keys.KEPT_FOR) != token or keys.KEPT not in st.session_state:
        st.session_state[keys.KEPT] = service.read_kept(token)
        st.session_state[keys.KEPT_FOR] = token
    found = st.session_state[keys.KEPT]
    assert isinstance(found, service.Kept)
    return found


def mode() -> str:
    """The chosen mode (``MODES``)."""
    chosen = st.session_state.get(keys.MODE)
    return chosen if chosen in MODES else "daily"


def rating_of(puzzle: Puzzle, found: service.Kept) -> float:
    """A puzzle's rating now: from the answers when it has some, else the miner's prior."""
    rated = found.ratings.get(puzzle.id)
    return rated[0] if rated else float(puzzle.rating)


def answer() -> Answer | None:
    """The reader's last answer to the puzzle on the table."""
    found = st.session_state.get(keys.ANSWER)
    return found if isinstance(found, Answer) else None


def _choose(chosen: str, theme: str | None, kids: bool, found: service.Kept) -> Puzzle | None:
    bank = load_bank()
    if chosen == "daily":
        return daily(today(), [p for p in bank if p.rating <= EASY_RATING] if kids else bank)
    if chosen == "class":
        ids = [pid for pid in found.set if by_id(pid) is not None]
        if not ids:
            return None
        seen = set(st.session_state.get(keys.SEEN, ()))
        fresh = [pid for pid in ids if pid not in found.tried and pid not in seen]
        return by_id((fresh or ids)[0])
    picks = int(st.session_state.get(keys.PICKS, 0))
    st.session_state[keys.PICKS] = picks + 1
    rng = random.Random(f"{found.profile.rating:.0f}:{picks}")
    avoid = set(found.tried) | set(st.session_state.get(keys.SEEN, ()))
    # Each puzzle at its rating now (from the answers when it has some).
    rated = [
        replace(p, rating=round(found.ratings[p.id][0])) if p.id in found.ratings else p
        for p in bank
    ]
    return pick(rated, found.profile.rating, rng, theme=theme, easy=kids, avoid=avoid)


def open_link(pid: str) -> None:
    """``?p=<id>``: that puzzle on the table (training), once per session and id."""
    if st.session_state.get(keys.LINK) == pid or by_id(pid) is None:
        return
    st.session_state[keys.LINK] = pid
    kids = bool(st.session_state.get(keys.KIDS, False))
    st.session_state[keys.MODE] = "train"
    st.session_state[keys.THEME] = ""
    st.session_state[keys.PICKED_FOR] = ("train", None, kids)
    st.session_state[keys.PUZZLE] = pid
    st.session_state[keys.ANSWER] = None
    st.session_state[keys.REVEALED] = False
    st.session_state[keys.LAND] = True


def current(theme: str | None, kids: bool, found: service.Kept) -> Puzzle | None:
    """The puzzle on the table for the chosen mode, theme and kids' choice: the one already
    there, or a new one when the choice changed (or none was picked yet)."""
    wanted = (mode(), theme, kids)
    pid = st.session_state.get(keys.PUZZLE)
    if st.session_state.get(keys.PICKED_FOR) == wanted and isinstance(pid, str):
        puzzle = by_id(pid)
        if puzzle is not None:
            return puzzle
    puzzle = _choose(wanted[0], theme, kids, found)
    st.session_state[keys.PICKED_FOR] = wanted
    st.session_state[keys.PUZZLE] = None if puzzle is None else puzzle.id
    st.session_state[keys.ANSWER] = None
    st.session_state[keys.REVEALED] = False
    st.session_state[keys.VERSION] = int(st.session_state.get(keys.VERSION, 0)) + 1
    st.session_state[keys.LAND] = True
    return puzzle
