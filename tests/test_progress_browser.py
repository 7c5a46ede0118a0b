"""Progress that stays, in real browsers (#18): a lesson passed survives a new page load in the
same browser, and a class shows a pupil's passes to the teacher's browser, while a stranger's
browser sees neither. The page that says "Lesson done!" counts the lesson already (#37)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser import streamlit_server, wait_for_app
from uno.academy.i18n import t
from uno.academy.lessons import lesson_steps, lesson_text, lessons

pytestmark = pytest.mark.browser
LESSON = "10-scoring"  # a number to type on the board, three numbers in the quiz
ANSWERS = {"board": "88", "q1": "77", "q2": "17", "q3": "500"}


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db = tmp_path_factory.mktemp("store") / "store.sqlite3"
    with streamlit_server({"UNO_ACADEMY_DB": str(db)}) as url:
        yield url


def pass_lesson(page: Any) -> None:
    """Every step of the lesson in order, as a learner: the step's task answered, then Next."""
    key = f"lesson_{LESSON}"
    steps = lesson_steps(lessons()[9])
    for number, step in enumerate(steps, start=1):
        if step.task is not None:
            suffix = "" if step.task == "board" else f"_{step.task}"
            field = "_number" if step.task == "board" else "_value"
            box = page.locator(f".st-key-{key}{suffix}{field} input")
            box.fill(ANSWERS[step.task])
            box.press("Enter")
            wait_for_app(page)
            page.locator(f".st-key-{key}{suffix}_submit button").click()
            wait_for_app(page)
        if number < len(steps):
            page.locator(".st-key-lesson_next button").click()
            wait_for_app(page)
    page.get_by_text(t("lessons.lesson_done", "en")).wait_for(timeout=30_000)


def test_a_lesson_passed_survives_a_reload_and_a_class_sees_it(browser: Any, base: str) -> None:
    pupil = browser.new_context().new_page()
    pupil.goto(f"{base}/lessons?lang=en&lesson=10")
    wait_for_app(pupil)
    pass_lesson(pupil)
    # A new page load, with no ?done= in the address: the progress comes from this browser.
    pupil.goto(f"{base}/lessons?lang=en&lesson=1")
    wait_for_app(pupil)
    pupil.wait_for_function(
        "t => document.body.innerText.includes(t)",
        arg=t("lessons.progress", "en", done=1, total=12, count=1),
        timeout=30_000,
    )
    # The teacher's browser makes a class; the pupil joins it.
    teacher = browser.new_context().new_page()
    teacher.goto(f"{base}/teachers?lang=en")
    wait_for_app(teacher)
    teacher.locator(".st-key-tc_name input").fill("Year 3")
    teacher.locator(".st-key-tc_make button").click()
    wait_for_app(teacher)
    code = teacher.locator("[data-testid=stCode] code").first.inner_text().strip()
    pupil.get_by_text(t("lessons.class_title", "en"), exact=True).click()
    pupil.locator(".st-key-lessons_class_code input").fill(code)
    pupil.locator(".st-key-lessons_class_name input").fill("Inès")
    pupil.locator(".st-key-lessons_class_name input").press("Enter")
    wait_for_app(pupil)
    pupil.locator(".st-key-lessons_class_join button").click()
    wait_for_app(pupil)
    teacher.reload()
    wait_for_app(teacher)
    teacher.get_by_role("heading", name=t("teachers.class.passed_title", "en")).wait_for(
        timeout=30_000
    )
    # The heading is drawn before the grid under it: wait for the grid itself.
    teacher.locator("[data-testid=stDataFrame]").first.wait_for(timeout=30_000)
    stranger = browser.new_context().new_page()
    stranger.goto(f"{base}/teachers?lang=en")
    wait_for_app(stranger)
    stranger.get_by_text(t("teachers.class.none", "en")).wait_for(timeout=30_000)
    assert stranger.locator("[data-testid=stCode]").count() == 0
    stranger.goto(f"{base}/lessons?lang=en")
    wait_for_app(stranger)
    assert t("lessons.progress", "en", done=0, total=12, count=0) in stranger.inner_text("body")
    for page in (pupil, teacher, stranger):
        page.context.close()


def test_the_page_that_says_lesson_done_counts_it(browser: Any, base: str) -> None:
    """Issue 37, item 10: with no other click, the page that says "Lesson done!" shows the
    sidebar's counter at 1 of 12 and the lesson ticked in the menu of lessons; the next click
    stays on the lesson."""
    page = browser.new_context().new_page()
    page.goto(f"{base}/lessons?lang=en&lesson=10")
    wait_for_app(page)
    sidebar = page.locator("[data-testid=stSidebar]")
    assert t("lessons.progress", "en", done=0, total=12, count=0) in sidebar.inner_text()
    pass_lesson(page)
    wait_for_app(page)
    shown = sidebar.inner_text()
    assert t("lessons.progress", "en", done=1, total=12, count=1) in shown
    assert t("lessons.progress", "en", done=0, total=12, count=0) not in shown
    title = lesson_text(lessons()[9], "en")[1]["title"]
    menu = page.locator(".st-key-lesson_pick input")
    ticked = f"{t('lessons.done_mark', 'en')} 10. {title}"
    assert menu.input_value() == ticked
    # The next click stays on lesson 10 (the menu's old label, sent back, matched no option
    # and opened lesson 1).
    page.locator(".st-key-lesson_back button").click()
    wait_for_app(page)
    assert menu.input_value() == ticked
    heading = t("lessons.heading", "en", number=10, title=title)
    assert page.locator("h1").first.inner_text().strip() == heading
    page.context.close()
