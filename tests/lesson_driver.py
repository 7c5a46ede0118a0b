"""Moving through a lesson's steps in AppTest as a learner does, with Next and Back."""

from __future__ import annotations

from typing import Any

from streamlit.testing.v1 import AppTest

from uno.academy.lessons import lesson_steps


def step_now(at: AppTest, lesson: Any) -> int:
    """The step of ``lesson`` the page shows (from 1)."""
    return int(at.session_state[f"lesson_{lesson.key}_step"])


def step_of(lesson: Any, task: str) -> int:
    """The step whose task is ``task`` ("board" or a question's id)."""
    return next(i for i, s in enumerate(lesson_steps(lesson), start=1) if s.task == task)


def go_to(at: AppTest, lesson: Any, step: int) -> None:
    """Next or Back, as a learner clicks them, until the step ``step``."""
    while step_now(at, lesson) != step:
        button = "lesson_next" if step_now(at, lesson) < step else "lesson_back"
        at.button(key=button).click().run()
        assert not at.exception, [e.value for e in at.exception]
