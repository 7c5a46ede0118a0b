"""The learner's progress: this session's tries on each question and the lessons passed, and
what stays on the device (``uno.academy.services.progress``): read once per session when the
device is known, written with each answer and each lesson passed. A store that cannot be used
leaves progress in the tab, and the sidebar says so (``not_saved``).

A lesson is passed in the callback of the answer that completes it (``settle``), before the page
is drawn: the run that says "Lesson done!" counts it in the sidebar too."""

from __future__ import annotations

from collections.abc import Callable

import streamlit as st

from uno.academy.lessons import Attempt, Lesson, Question, lesson_passed, lessons
from uno.academy.scoring import Message
from uno.academy.services import progress as service
from uno.ui.device import current_device
from uno.ui.lessons import keys

__all__ = [
    "attempts",
    "load",
    "loaded_for",
    "not_saved",
    "pass_lesson",
    "passed",
    "recorder",
    "saved",
    "settle",
]


def attempts(lesson: Lesson) -> dict[str, Attempt]:
    """This session's tries on the lesson's questions (kept per lesson)."""
    book: dict[str, dict[str, Attempt]] = st.session_state.setdefault(keys.ATTEMPTS, {})
    return book.setdefault(lesson.key, {})


def saved(said: Message | None) -> bool:
    """After a change of the store: whether it was saved (``said`` is None). What the service
    said when it was not is kept for the sidebar until a later change is saved."""
    if said is not None:
        st.session_state[keys.SAVE_FAILED] = said
        return False
    st.session_state.pop(keys.SAVE_FAILED, None)
    return True


def not_saved() -> Message | None:
    """What to say while progress is in this tab only (the last change, or reading progress,
    failed), else None."""
    said = st.session_state.get(keys.SAVE_FAILED)
    return said if isinstance(said, Message) else None


def load(token: str, done: list[int]) -> None:
    """Once per session, when the device is known: the lessons it passed and the questions it
    answered right come back (from any earlier visit), joined with this session's."""
    st.session_state[keys.LOADED] = token
    kept = service.read_progress(token)
    if kept.said is not None:
        st.session_state[keys.SAVE_FAILED] = kept.said
        return
    for number in sorted(kept.passed):
        if number not in done:
            done.append(number)
    done.sort()
    by_key = {lesson.number: lesson for lesson in lessons()}
    for (number, question), wrong in kept.right.items():
        lesson = by_key.get(number)
        if lesson is None:
            continue
        book = attempts(lesson)
        book.setdefault(question, Attempt(wrong=wrong, right=True))
    for number in kept.passed:
        if number in by_key:
            st.session_state[keys.board_keys(by_key[number].key).right] = True


def loaded_for(token: str | None) -> bool:
    """Whether this session has read the progress of the device ``token`` already."""
    return st.session_state.get(keys.LOADED) == token


def recorder(token: str | None) -> Callable[[Lesson, Question, bool], None] | None:
    """What records each answer of the device ``token`` (None: a device not known yet)."""
    if token is None:
        return None

    def record(lesson: Lesson, q: Question, right: bool) -> None:
        saved(service.record_answer(token, lesson.number, q.id, right))

    return record


def pass_lesson(token: str, number: int) -> None:
    """Keep that the device ``token`` passed lesson ``number``."""
    saved(service.pass_lesson(token, number))


def passed(lesson: Lesson) -> bool:
    """Whether the lesson's board and every question of its quiz are answered right (in this
    session, or on an earlier visit of this device)."""
    board_right = bool(st.session_state.get(keys.board_keys(lesson.key).right))
    return lesson_passed(board_right, attempts(lesson), lesson)


def settle(lesson: Lesson) -> None:
    """In the callback of an answer: when that answer completes the lesson, it is passed, once:
    added to the lessons done (the sidebar's counter and menu, and ``?done=``, are drawn from
    them in the run that follows) and kept on the device."""
    if not passed(lesson):
        return
    done: list[int] = st.session_state.setdefault(keys.DONE, [])
    if lesson.number in done:
        return
    done.append(lesson.number)
    done.sort()
    token = current_device()
    if token is not None:
        pass_lesson(token, lesson.number)
