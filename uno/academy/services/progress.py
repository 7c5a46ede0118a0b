"""A device's progress in the lessons: what the lessons page asks of the store, answered with
what to say.

- ``read_progress``: the lessons a device passed and the questions it answered right, on any
  earlier visit (``Kept``);
- ``record_answer``: one answer to a quiz's question, right or wrong (a try, not a pass);
- ``pass_lesson``: a lesson passed.

A store that cannot be used (a full disk, a server that does not answer, a damaged file) never
fails the page: progress stays in the reader's tab, and each function says so with
``NOT_SAVED`` (``lessons.not_saved``: "kept in this tab only"); the page shows it until a later
change is saved. A token is a device's (``uno.ui.device``); a store not made yet reads as
empty, and is made by the first change.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Final

from uno.academy import store as db
from uno.academy.scoring import Message

__all__ = ["NOT_SAVED", "Kept", "pass_lesson", "read_progress", "record_answer"]

#: What to say when progress could not be read or saved: it is kept in this tab only.
NOT_SAVED: Final = Message("lessons.not_saved")


@dataclass(frozen=True)
class Kept:
    """What a device kept of the lessons: the lessons it ``passed``, and the questions it ever
    answered ``right`` ((lesson, question id) -> its wrong tries); ``said`` is what to tell the
    reader when the store could not be read (then nothing was), else None."""

    passed: frozenset[int] = frozenset()
    right: Mapping[tuple[int, str], int] = field(default_factory=lambda: MappingProxyType({}))
    said: Message | None = None


def read_progress(token: str) -> Kept:
    """The progress the device ``token`` kept in the store (nothing when no store exists yet)."""
    if not db.database_exists():
        return Kept()
    try:
        with db.open_store() as store:
            kept = store.progress(token)
    except (db.StoreError, OSError):
        return Kept(said=NOT_SAVED)
    right = {key: answer.wrong for key, answer in kept.answers.items() if answer.ever_right}
    return Kept(frozenset(kept.passed), MappingProxyType(right))


def record_answer(token: str, lesson: int, question_id: str, right: bool) -> Message | None:
    """Keep one answer of the device ``token`` to the question ``question_id`` of lesson
    number ``lesson``. None when it was saved, else what to say (``NOT_SAVED``)."""
    return _save(lambda store: store.record_answer(token, lesson, question_id, right))


def pass_lesson(token: str, lesson: int) -> Message | None:
    """Keep that the device ``token`` passed lesson number ``lesson``. None when it was saved,
    else what to say (``NOT_SAVED``)."""
    return _save(lambda store: store.pass_lesson(token, lesson))


def _save(write: Callable[[db.Store], object]) -> Message | None:
    """One change in the store, in one transaction; what to say when it could not be made."""
    try:
        with db.open_store() as store:
            write(store)
    except (db.StoreError, OSError):
        return NOT_SAVED
    return None
