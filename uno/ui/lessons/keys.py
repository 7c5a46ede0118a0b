"""Every session key of the lessons page, in one place.

The page's own keys are constants. A lesson's board and each question of its quiz have keys of
their own, prefixed with the lesson's key (``lesson_<key>``) so lessons never share state:
``BoardKeys`` and ``QuestionKeys`` spell them (``board_keys``, ``question_keys``). Tests and
browsers find widgets by these keys: change one, and they change.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

__all__ = [
    "ATTEMPTS",
    "CLASS_CODE",
    "CLASS_JOIN",
    "CLASS_LEAVE",
    "CLASS_MESSAGE",
    "CLASS_NAME",
    "DONE",
    "LOADED",
    "ON_ANSWER",
    "PICK",
    "SAVE_FAILED",
    "URL_LESSON",
    "BoardKeys",
    "QuestionKeys",
    "board_keys",
    "question_keys",
]

# -- the page -------------------------------------------------------------------------------------
#: The numbers of the lessons passed (a sorted list), mirrored in ``?done=``.
DONE: Final = "lessons_done"
#: The lesson chosen in the sidebar (its number).
PICK: Final = "lesson_pick"
#: The ``?lesson=`` the page last wrote: another one in the URL chose a lesson.
URL_LESSON: Final = "lesson_url"
#: This session's tries on each lesson's questions: {lesson key: {question id: Attempt}}.
ATTEMPTS: Final = "lesson_attempts"
#: A callable (lesson, question, right) the page leaves here to record each answer.
ON_ANSWER: Final = "lesson_on_answer"

# -- progress kept on the device ------------------------------------------------------------------
#: The device whose stored progress this session has read (once per session).
LOADED: Final = "lessons_loaded_for"
#: What to say while progress could not be saved (that it is kept in this tab only).
SAVE_FAILED: Final = "lessons_save_failed"

# -- the class a pupil joins ----------------------------------------------------------------------
#: The class code and the first name typed, and the buttons.
CLASS_CODE: Final = "lessons_class_code"
CLASS_NAME: Final = "lessons_class_name"
CLASS_JOIN: Final = "lessons_class_join"
CLASS_LEAVE: Final = "lessons_class_leave"
#: What joining or leaving said, (alert, text), shown once.
CLASS_MESSAGE: Final = "lessons_class_message"


def step(lesson_key: str) -> str:
    """The step of a lesson the learner is on (from 1)."""
    return f"lesson_{lesson_key}_step"


#: The step the URL asked for (``?step=``), to tell a new link from the page's own.
URL_STEP: Final = "lesson_url_step"
#: The Back and Next buttons.
BACK: Final = "lesson_back"
NEXT: Final = "lesson_next"


# -- a lesson's board -----------------------------------------------------------------------------
@dataclass(frozen=True)
class BoardKeys:
    """The keys of one lesson's board (``prefix`` is ``lesson_<lesson key>``)."""

    prefix: str

    @property
    def answer(self) -> str:
        """The learner's answer: an option (``play R7``, ``draw``, a seat, a number)."""
        return f"{self.prefix}_answer"

    @property
    def color(self) -> str:
        """The colour named with a wild played on the table (None: none)."""
        return f"{self.answer}_color"

    @property
    def version(self) -> str:
        """How many moves the table has sent (the table's version)."""
        return f"{self.answer}_version"

    @property
    def table(self) -> str:
        """The game table component."""
        return f"{self.answer}_table"

    @property
    def number(self) -> str:
        """The number box, when the answer is a number."""
        return f"{self.prefix}_number"

    @property
    def submit(self) -> str:
        """The button that checks the number typed."""
        return f"{self.prefix}_submit"

    @property
    def show(self) -> str:
        """The "show me" button."""
        return f"{self.prefix}_show"

    @property
    def right(self) -> str:
        """Set once the board was answered right (in this session, or on an earlier visit)."""
        return f"{self.prefix}_board_right"

    @property
    def tries(self) -> str:
        """The learner's tries on the board (``uno.academy.lessons.Attempt``)."""
        return f"{self.prefix}_board_tries"

    @property
    def hint(self) -> str:
        """The "hint" button."""
        return f"{self.prefix}_board_hint"

    @property
    def hinted(self) -> str:
        """Set once the hint was asked for."""
        return f"{self.prefix}_board_hinted"

    def option(self, option: str) -> str:
        """The button of one answer."""
        return f"{self.prefix}_opt_{option}"


def board_keys(lesson_key: str) -> BoardKeys:
    """The keys of the board of the lesson whose key is ``lesson_key``."""
    return BoardKeys(f"lesson_{lesson_key}")


# -- a question of a lesson's quiz ----------------------------------------------------------------
@dataclass(frozen=True)
class QuestionKeys:
    """The keys of one question of a quiz (``prefix`` is ``lesson_<lesson key>_<question id>``)."""

    prefix: str

    @property
    def value(self) -> str:
        """The answer chosen (a radio's option, or a number)."""
        return f"{self.prefix}_value"

    @property
    def empty(self) -> str:
        """Set when "check" was pressed with no answer chosen."""
        return f"{self.prefix}_empty"

    @property
    def box(self) -> str:
        """The question's bordered box."""
        return f"{self.prefix}_box"

    @property
    def submit(self) -> str:
        """The "check" button."""
        return f"{self.prefix}_submit"

    @property
    def reveal(self) -> str:
        """The "show the answer" button."""
        return f"{self.prefix}_reveal"

    @property
    def hint(self) -> str:
        """The "hint" button."""
        return f"{self.prefix}_hint"

    @property
    def hinted(self) -> str:
        """Set once the hint was asked for."""
        return f"{self.prefix}_hinted"


def question_keys(lesson_key: str, question_id: str) -> QuestionKeys:
    """The keys of the question ``question_id`` of the lesson whose key is ``lesson_key``."""
    return QuestionKeys(f"lesson_{lesson_key}_{question_id}")
