"""The puzzle trainer's store, as the puzzles and teachers' pages ask it: a device's rating and
streak, an answer rated, the puzzles' ratings from the answers, a class's set and its report.

A store that cannot be used never fails the page: the puzzle can still be solved, and each
function says so with ``NOT_SAVED`` (``puzzles.not_saved``: "kept in this tab only"). A store
not made yet reads as empty, and is made by the first answer.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from uno.academy import store as db
from uno.academy.faults import store_fault
from uno.academy.scoring import Message

__all__ = [
    "NEW_PROFILE",
    "NOT_SAVED",
    "Kept",
    "answer",
    "class_report",
    "class_set",
    "read_kept",
    "set_class_set",
]

#: What to say when the rating could not be read or saved.
NOT_SAVED: Final = Message("puzzles.not_saved")


@dataclass(frozen=True)
class Kept:
    """What the store keeps for a device: its ``profile``, the puzzles it answered (id ->
    right at the first try), the ``ratings`` of the answered puzzles, its class's ``set``;
    ``said`` is what to say when the store could not be read (then all is empty)."""

    profile: db.PuzzleProfile
    tried: dict[str, bool]
    ratings: dict[str, tuple[float, float, int]]
    set: tuple[str, ...] = ()
    said: Message | None = None


NEW_PROFILE: Final = db.PuzzleProfile(1500.0, 350.0, 0.06)


def read_kept(token: str) -> Kept:
    """The device's rating, answers and class set, and the puzzles' ratings."""
    if not db.database_exists():
        return Kept(NEW_PROFILE, {}, {})
    try:
        with db.open_store() as store:
            return Kept(
                store.puzzle_profile(token),
                store.puzzles_tried(token),
                store.puzzle_ratings(),
                store.class_puzzles(token),
            )
    except (db.StoreError, OSError):
        return Kept(NEW_PROFILE, {}, {}, said=NOT_SAVED)


def answer(token: str, puzzle_id: str, prior: float, right: bool) -> db.PuzzleOutcome | Message:
    """One answer of the device to a puzzle (the first one rates both), or what to say."""
    try:
        with db.open_store() as store:
            return store.answer_puzzle(token, puzzle_id, prior, right)
    except (db.StoreError, OSError, ValueError):
        return NOT_SAVED


def class_set(token: str, code: str) -> tuple[str, ...] | Message:
    """The set of puzzles of the class ``code`` as its teacher made it (via the report)."""
    report = class_report(token, code)
    return report if isinstance(report, Message) else report.puzzles


def set_class_set(token: str, code: str, ids: Sequence[str]) -> Message:
    """The teacher's set of puzzles for the class ``code``; what to say (saved or not)."""
    try:
        with db.open_store() as store:
            store.set_class_puzzles(token, code, list(ids))
    except (db.StoreError, OSError) as fault:
        return Message(store_fault(fault, "teachers.class.store"))
    except (db.NotAllowed, ValueError):
        return Message("teachers.class.store")
    return Message("teachers.puzzles.saved", {"count": len(ids)})


def class_report(token: str, code: str) -> db.ClassPuzzleReport | Message:
    """The class's set and each pupil's answers, or what to say when it cannot be read."""
    try:
        with db.open_store() as store:
            return store.class_puzzle_report(token, code)
    except (db.StoreError, OSError) as fault:
        return Message(store_fault(fault, "teachers.class.store"))
    except db.NotAllowed:
        return Message("teachers.class.store")
