"""AppTest walks each lesson step by step in every language (issue 38): each step shows where
the learner is ("Step 3 of 7"), its part of the explanation and its task; the board takes a
wrong move (a try, explained in the lesson's words, the answer not given) and the right one; no
step shows its answer before two wrong tries; a wrong number names the card probably
miscounted; a refusal points at the step that teaches its rule; progress is kept in the session
and in the URL, and the run that passes a lesson counts it."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from tests.conftest import ROOT
from tests.lesson_driver import go_to, step_now, step_of
from tests.table_driver import table_model, tap
from uno.academy.i18n import LANGS, card_the, t
from uno.academy.lessons import (
    NUMERIC_KINDS,
    board_of,
    board_options,
    lesson_steps,
    lesson_text,
    lessons,
    question_answer,
    question_options,
    right_board_options,
    sections,
    step_for_rule,
)
from uno.cards import Card

ALL = lessons()


def open_lesson(
    lang: str, number: int, done: str | None = None, step: int | None = None
) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=30)
    at.query_params["lang"] = lang
    at.run()
    at.query_params["lesson"] = str(number)
    if done is not None:
        at.query_params["done"] = done
    if step is not None:
        at.query_params["step"] = str(step)
    at.switch_page("pages/2_lessons.py").run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def texts(at: AppTest, kind: str) -> str:
    return " ".join(el.value for el in getattr(at, kind))


def answer_board(at: AppTest, lesson, option: str) -> None:
    key = f"lesson_{lesson.key}"
    go_to(at, lesson, step_of(lesson, "board"))
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


def board_said(at: AppTest, lesson) -> tuple[str, str]:
    """What the lesson said about the board's last answer: (kind, text), at the hand on a
    table, else below the board."""
    if board_of(lesson).kind in ("play", "choice"):
        message = table_model(at, f"lesson_{lesson.key}_answer_table")["message"]
        return (message["kind"], message["text"]) if message else ("", "")
    for kind in ("success", "error", "warning"):
        if getattr(at, kind):
            return kind, texts(at, kind)
    return "", ""


def wrong_board_option(lesson) -> str:
    right = right_board_options(lesson)
    if lesson.board.kind == "points":
        return str(int(right[0]) + 10)
    return next(o for o in board_options(lesson) if o not in right)


def _answer(at: AppTest, lesson, q, value: str) -> None:
    go_to(at, lesson, step_of(lesson, q.id))
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
@pytest.mark.parametrize("lesson", ALL, ids=lambda lesson: lesson.key)
def test_walk_every_step(lesson, lang: str) -> None:
    at = open_lesson(lang, lesson.number)
    assert at.session_state["lesson_pick"] == lesson.number
    steps = lesson_steps(lesson)
    parts = sections(lesson_text(lesson, lang)[0])
    assert len(parts) == len([s for s in steps if s.section is not None])
    for index, step in enumerate(steps, start=1):
        go_to(at, lesson, index)
        assert at.progress[0].text == t("lessons.step_of", lang, index=index, total=len(steps))
        assert at.query_params["step"] == [str(index)] or at.query_params["step"] == str(index)
        if step.section is not None:  # the step's part of the explanation, and only it
            # drawn one level up (an h2 under the page's h1: headings in order)
            heading = parts[step.section - 1].splitlines()[0].replace("### ", "## ", 1)
            shown = [line for el in at.markdown for line in el.value.splitlines()]
            assert heading in shown
            others = [
                p.splitlines()[0].replace("### ", "## ", 1)
                for p in parts
                if p != parts[step.section - 1]
            ]
            assert not any(other in shown for other in others)
        if step.task == "board":
            wrong = wrong_board_option(lesson)
            if board_of(lesson).kind in ("play", "choice"):  # nothing lit: no hint given away
                model = table_model(at, f"lesson_{lesson.key}_answer_table")
                assert not model["pile"]["lit"] and not [
                    c for c in model["hand"]["cards"] if c["lit"]
                ]
            answer_board(at, lesson, wrong)
            kind, said = board_said(at, lesson)
            assert kind in ("error", "warning"), (kind, said)
            assert t("lessons.the_answer", lang) not in said  # the answer is not given yet
            assert not [b for b in at.button if b.key == f"lesson_{lesson.key}_show"]
            answer_board(at, lesson, right_board_options(lesson)[0])
            kind, said = board_said(at, lesson)
            assert kind == "success" and t("lessons.right", lang) in said
            if board_of(lesson).kind in ("play", "choice"):
                # The table shows what the move did, and takes no other move.
                model = table_model(at, f"lesson_{lesson.key}_answer_table")
                assert model["story"], "the move is told at the table"
                assert not [b for b in model["buttons"] if "send" in b]
                assert not [tp for tp in model["hand"]["taps"].values() if "send" in tp]
        elif step.task is not None:
            q = next(q for q in lesson.quiz if q.id == step.task)
            answer = question_answer(q)
            if q.kind not in NUMERIC_KINDS:
                assert answer in question_options(q)
            _answer(at, lesson, q, answer)
            assert t("lessons.right", lang) in texts(at, "success")
    assert t("lessons.lesson_done", lang) in texts(at, "success")
    assert lesson.number in at.session_state["lessons_done"]
    assert str(lesson.number) in at.query_params["done"].split(".")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("lesson", ALL, ids=lambda lesson: lesson.key)
def test_no_step_shows_its_answer_before_two_wrong_tries(lesson, lang: str) -> None:
    at = open_lesson(lang, lesson.number)
    show = f"lesson_{lesson.key}_show"
    wrong = wrong_board_option(lesson)
    answer_board(at, lesson, wrong)
    assert not [b for b in at.button if b.key == show]  # no "show me" after one wrong try
    assert t("lessons.the_answer", lang) not in board_said(at, lesson)[1]
    at.button(key=f"lesson_{lesson.key}_board_hint").click().run()  # a hint, on request
    hint = lesson_text(lesson, lang)[1]["board"]["hint"]
    assert hint in texts(at, "info")
    answer_board(at, lesson, wrong)
    assert [b for b in at.button if b.key == show]  # two wrong tries: "show me" comes
    assert t("lessons.the_answer", lang) in board_said(at, lesson)[1]
    for q in lesson.quiz:
        _answer(at, lesson, q, _wrong(q))
        assert t("lessons.the_answer", lang) not in texts(at, "info")
        assert t("lessons.wrong", lang) in texts(at, "warning")
        at.button(key=f"lesson_{lesson.key}_{q.id}_hint").click().run()
        assert lesson_text(lesson, lang)[1]["quiz"][q.id]["hint"] in texts(at, "info")
        _answer(at, lesson, q, _wrong(q))
        assert t("lessons.the_answer", lang) in texts(at, "info")
    assert lesson.number not in at.session_state["lessons_done"]


def test_show_me_after_two_tries_plays_the_right_move() -> None:
    lesson = ALL[2]  # matching
    at = open_lesson("fr", lesson.number)
    wrong = wrong_board_option(lesson)
    answer_board(at, lesson, wrong)
    answer_board(at, lesson, wrong)
    at.button(key=f"lesson_{lesson.key}_show").click().run()
    assert board_said(at, lesson)[0] == "success"


@pytest.mark.parametrize("lang", LANGS)
def test_a_wrong_number_names_the_card_probably_miscounted(lang: str) -> None:
    lesson = next(lesson for lesson in ALL if lesson.board.kind == "points")
    q = next(q for q in lesson.quiz if q.kind == "points")
    assert "WD4" in q.cards
    wild = int(question_answer(q)) - 50 + 20  # the Wild Draw Four counted as 20
    at = open_lesson(lang, lesson.number)
    _answer(at, lesson, q, str(wild))
    said = t(
        "lessons.miscount.value", lang, the_card=card_the(Card("WD4"), lang), counted=20, count=50
    )
    assert said in texts(at, "warning")
    assert t("lessons.the_answer", lang) not in texts(at, "info")


@pytest.mark.parametrize("lang", LANGS)
def test_a_refusal_points_at_the_step_that_teaches_its_rule(lang: str) -> None:
    lesson = ALL[2]  # matching: a blue 3 on a red 7 is refused (R-PLAY-1)
    at = open_lesson(lang, lesson.number)
    answer_board(at, lesson, "play B3")
    message = table_model(at, f"lesson_{lesson.key}_answer_table")["message"]
    assert message["kind"] == "error"
    assert lesson_text(lesson, lang)[1]["board"]["look"] in message["text"]
    where = step_for_rule("R-PLAY-1")
    assert where is not None and where[0] == lesson.number
    hrefs = [link["href"] for link in message["links"]]
    assert f"lessons?lang={lang}&lesson={lesson.number}&step={where[1]}" in hrefs
    assert f"lessons?lang={lang}&lesson={lesson.number}" not in hrefs  # not the page itself
    # The link opens that step.
    again = open_lesson(lang, lesson.number, step=where[1])
    assert step_now(again, lesson) == where[1]


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
    at.query_params["step"] = "<b>9999</b>"
    at.switch_page("pages/2_lessons.py").run()
    assert not at.exception
    assert at.session_state["lesson_pick"] == 1
    assert at.session_state["lessons_done"] == ([1] if done == "1.x.<b>" else [])
    assert step_now(at, ALL[0]) == 1


@pytest.mark.parametrize("lang", LANGS)
def test_a_wrong_answer_is_not_a_pass_the_learner_tries_again(lang: str) -> None:
    lesson = next(lesson for lesson in ALL if lesson.quiz and lesson.board.kind == "points")
    at = open_lesson(lang, lesson.number)
    answer_board(at, lesson, right_board_options(lesson)[0])
    for q in lesson.quiz:
        _answer(at, lesson, q, _wrong(q))
        assert t("lessons.wrong", lang) in texts(at, "warning")
    assert lesson.number not in at.session_state["lessons_done"]
    for q in lesson.quiz:
        _answer(at, lesson, q, question_answer(q))
    assert t("lessons.lesson_done", lang) in texts(at, "success")
    assert lesson.number in at.session_state["lessons_done"]


def test_checking_without_an_answer_asks_for_one() -> None:
    lesson = next(lesson for lesson in ALL if lesson.quiz)
    q = lesson.quiz[0]
    at = open_lesson("fr", lesson.number)
    go_to(at, lesson, step_of(lesson, q.id))
    at.button(key=f"lesson_{lesson.key}_{q.id}_submit").click().run()
    assert t("lessons.choose_first", "fr") in texts(at, "info")
    assert not [b for b in at.button if b.key == f"lesson_{lesson.key}_{q.id}_reveal"]
    assert t("lessons.the_answer", "fr") not in texts(at, "info")


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
    """A move board whose quiz is answered: "show me" (after two wrong tries) plays the right
    move, and that run says the lesson is done and counts it."""
    lesson = ALL[2]  # matching: a move on the game table
    at = open_lesson("fr", lesson.number)
    for q in lesson.quiz:
        _answer(at, lesson, q, question_answer(q))
    wrong = wrong_board_option(lesson)
    answer_board(at, lesson, wrong)
    answer_board(at, lesson, wrong)
    at.button(key=f"lesson_{lesson.key}_show").click().run()
    assert t("lessons.lesson_done", "fr") in texts(at, "success")
    assert _counter(at, "fr", 1) in texts(at.sidebar, "caption")
