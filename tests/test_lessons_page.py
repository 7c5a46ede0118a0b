"""AppTest walks each lesson's board (a wrong move, then the right one) and its quiz, in every
language; progress is kept in the session and in the URL."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from tests.conftest import ROOT
from tests.table_driver import table_model, tap
from uno.academy.i18n import LANGS, t
from uno.academy.lessons import (
    NUMERIC_KINDS,
    board_of,
    board_options,
    lessons,
    question_answer,
    question_options,
    right_board_options,
)

ALL = lessons()


def open_lesson(lang: str, number: int, done: str | None = None) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=30)
    at.query_params["lang"] = lang
    at.run()
    at.query_params["lesson"] = str(number)
    if done is not None:
        at.query_params["done"] = done
    at.switch_page("pages/2_lessons.py").run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def texts(at: AppTest, kind: str) -> str:
    return " ".join(el.value for el in getattr(at, kind))


def answer_board(at: AppTest, lesson, option: str) -> None:
    key = f"lesson_{lesson.key}"
    board = board_of(lesson)
    if board.kind in ("play", "choice"):  # answered on the game table
        text = f"{board.learner}: {option}"
        if option.startswith("play W"):
            text += " B"
        tap(at, f"{key}_answer_table", text)
        return
    if lesson.board.kind == "points":
        at.number_input(key=f"{key}_number").set_value(int(option))
        at.button(key=f"{key}_submit").click().run()
    else:
        at.button(key=f"{key}_opt_{option}").click().run()
    assert not at.exception, [e.value for e in at.exception]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("lesson", ALL, ids=lambda lesson: lesson.key)
def test_walk_board_and_quiz(lesson, lang: str) -> None:
    at = open_lesson(lang, lesson.number)
    assert at.session_state["lesson_pick"] == lesson.number
    right = right_board_options(lesson)
    wrong = [o for o in board_options(lesson) if o not in right]
    if lesson.board.kind == "points":
        wrong = [str(int(right[0]) + 10)]
    if board_of(lesson).kind in ("play", "choice"):  # no card lit, nor the pile: no hint
        model = table_model(at, f"lesson_{lesson.key}_answer_table")
        assert not model["pile"]["lit"] and not [c for c in model["hand"]["cards"] if c["lit"]]
    # A wrong move: an error (the engine's reason) or a warning, never a success.
    answer_board(at, lesson, wrong[0])
    assert not at.success
    assert at.error or at.warning
    # The right move.
    answer_board(at, lesson, right[0])
    assert t("lessons.right", lang) in texts(at, "success")
    board = board_of(lesson)
    if board.kind in ("play", "choice"):
        # The table shows what the move did, and takes no other move.
        model = table_model(at, f"lesson_{lesson.key}_answer_table")
        assert model["story"], "the move is told at the table"
        assert not [b for b in model["buttons"] if "send" in b]
        assert not [tp for tp in model["hand"]["taps"].values() if "send" in tp]
        assert not model["pile"]["lit"]
    # The quiz: every question answered right.
    for q in lesson.quiz:
        key = f"lesson_{lesson.key}_{q.id}"
        answer = question_answer(q)
        if q.kind in NUMERIC_KINDS:
            at.number_input(key=f"{key}_value").set_value(int(answer))
        else:
            assert answer in question_options(q)
            at.radio(key=f"{key}_value").set_value(answer)
        at.button(key=f"{key}_submit").click().run()
        assert not at.exception, [e.value for e in at.exception]
    assert t("lessons.lesson_done", lang) in texts(at, "success")
    assert lesson.number in at.session_state["lessons_done"]
    assert str(lesson.number) in at.query_params["done"].split(".")


def test_show_me_plays_the_right_move() -> None:
    lesson = ALL[2]  # matching
    at = open_lesson("fr", lesson.number)
    at.button(key=f"lesson_{lesson.key}_show").click().run()
    assert t("lessons.right", "fr") in texts(at, "success")


def test_a_shared_link_opens_lesson_8_with_progress() -> None:
    at = open_lesson("ru", 8, done="1.2.3")
    assert at.session_state["lesson_pick"] == 8
    assert at.session_state["lessons_done"] == [1, 2, 3]
    assert at.title[0].value.startswith(t("lessons.heading", "ru", number=8, title="")[:6])
    labels = at.selectbox(key="lesson_pick").options
    assert labels[0].startswith(t("lessons.done_mark", "ru"))
    assert not labels[7].startswith(t("lessons.done_mark", "ru"))


@pytest.mark.parametrize(("lesson", "done"), [("99", "1.x.<b>"), ("-3", "7" * 100), ("abc", "")])
def test_strange_progress_parameters_are_ignored(lesson: str, done: str) -> None:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=30)
    at.run()
    at.query_params["lesson"] = lesson
    at.query_params["done"] = done
    at.switch_page("pages/2_lessons.py").run()
    assert not at.exception
    assert at.session_state["lesson_pick"] == 1
    assert at.session_state["lessons_done"] == ([1] if done == "1.x.<b>" else [])


def _answer(at: AppTest, lesson, q, value: str) -> None:
    key = f"lesson_{lesson.key}_{q.id}"
    if q.kind in NUMERIC_KINDS:
        at.number_input(key=f"{key}_value").set_value(int(value))
    else:
        at.radio(key=f"{key}_value").set_value(value)
    at.button(key=f"{key}_submit").click().run()
    assert not at.exception, [e.value for e in at.exception]


def _wrong(q) -> str:
    answer = question_answer(q)
    if q.kind in NUMERIC_KINDS:
        return str(int(answer) + 1)
    return next(o for o in question_options(q) if o != answer)


@pytest.mark.parametrize("lang", LANGS)
def test_a_wrong_answer_is_not_a_pass_the_learner_tries_again(lang: str) -> None:
    lesson = next(lesson for lesson in ALL if lesson.quiz and lesson.board.kind == "points")
    at = open_lesson(lang, lesson.number)
    answer_board(at, lesson, right_board_options(lesson)[0])
    for q in lesson.quiz:
        _answer(at, lesson, q, _wrong(q))
    # Every question answered, all wrong: not a pass, and no right answer given away yet.
    assert t("lessons.lesson_done", lang) not in texts(at, "success")
    assert lesson.number not in at.session_state["lessons_done"]
    assert t("lessons.try_again", lang) in texts(at, "warning")
    assert t("lessons.the_answer", lang) not in texts(at, "info")
    # A second wrong try shows the right answer with its explanation.
    first = lesson.quiz[0]
    _answer(at, lesson, first, _wrong(first))
    assert t("lessons.the_answer", lang) in texts(at, "info")
    # Then the learner answers every question right: the lesson is passed.
    for q in lesson.quiz:
        _answer(at, lesson, q, question_answer(q))
    assert t("lessons.lesson_done", lang) in texts(at, "success")
    assert lesson.number in at.session_state["lessons_done"]


def test_the_answer_on_request_and_checking_without_an_answer() -> None:
    lesson = next(lesson for lesson in ALL if lesson.quiz)
    q = lesson.quiz[0]
    at = open_lesson("fr", lesson.number)
    key = f"lesson_{lesson.key}_{q.id}"
    at.button(key=f"{key}_submit").click().run()
    assert t("lessons.choose_first", "fr") in texts(at, "info")
    at.button(key=f"{key}_reveal").click().run()
    assert t("lessons.the_answer", "fr") in texts(at, "info")
    assert t("lessons.lesson_done", "fr") not in texts(at, "success")


def _counter(at: AppTest, lang: str, done: int) -> str:
    """The sidebar's counter of lessons passed, as the reader reads it ("Lessons done: 1 of 12")."""
    return t("lessons.progress", lang, done=done, total=len(ALL), count=done)


@pytest.mark.parametrize("lang", LANGS)
def test_the_counter_counts_a_lesson_in_the_run_that_says_it_is_done(lang: str) -> None:
    """Issue 37, item 10: the run that says "Lesson done!" counts the lesson in the sidebar
    ("1 of 12") and marks it in the menu of lessons, not only the next run."""
    lesson = ALL[0]
    at = open_lesson(lang, lesson.number)
    assert _counter(at, lang, 0) in texts(at.sidebar, "caption")
    answer_board(at, lesson, right_board_options(lesson)[0])
    for q in lesson.quiz:
        _answer(at, lesson, q, question_answer(q))  # the last one completes the lesson
    assert t("lessons.lesson_done", lang) in texts(at, "success")
    assert _counter(at, lang, 1) in texts(at.sidebar, "caption")
    assert _counter(at, lang, 0) not in texts(at.sidebar, "caption")
    assert at.selectbox(key="lesson_pick").options[0].startswith(t("lessons.done_mark", lang))
    assert at.session_state["lessons_done"] == [lesson.number]
    assert at.query_params["done"] == str(lesson.number)


def test_the_board_answered_last_counts_the_lesson_in_the_same_run() -> None:
    """The quiz first, then the board's right move completes the lesson: the same run counts
    it (the board's verdict is kept in its callback, not while the board is drawn)."""
    lesson = next(lesson for lesson in ALL if lesson.board.kind == "points")
    at = open_lesson("en", lesson.number)
    for q in lesson.quiz:
        _answer(at, lesson, q, question_answer(q))
    assert t("lessons.lesson_done", "en") not in texts(at, "success")
    assert _counter(at, "en", 0) in texts(at.sidebar, "caption")
    answer_board(at, lesson, right_board_options(lesson)[0])
    assert t("lessons.lesson_done", "en") in texts(at, "success")
    assert _counter(at, "en", 1) in texts(at.sidebar, "caption")
    labels = at.selectbox(key="lesson_pick").options
    assert labels[lesson.number - 1].startswith(t("lessons.done_mark", "en"))


def test_show_me_on_the_table_completes_a_lesson_in_the_same_run() -> None:
    """A move board whose quiz is answered: "show me" plays the right move, and that run
    says the lesson is done and counts it."""
    lesson = ALL[2]  # matching: a move on the game table
    at = open_lesson("fr", lesson.number)
    for q in lesson.quiz:
        _answer(at, lesson, q, question_answer(q))
    at.button(key=f"lesson_{lesson.key}_show").click().run()
    assert t("lessons.lesson_done", "fr") in texts(at, "success")
    assert _counter(at, "fr", 1) in texts(at.sidebar, "caption")
