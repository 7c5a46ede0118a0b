"""Progress that stays and a class that sees it (#18), through AppTest: lessons passed on one
visit come back on the next one from the same device; a wrong answer is stored as a try, not a
pass; a teacher makes a class code, a pupil joins it with a first name, and the teacher sees the
pupil's lessons and the questions the class gets wrong; a wrong code is refused quietly."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tests.conftest import ROOT
from tests.lesson_driver import go_to, step_of
from tests.table_driver import set_device
from uno.academy import store as db
from uno.academy.i18n import t
from uno.academy.lessons import board_of, lessons, question_answer, right_board_options

PUPIL = "pupil-device-token-0123456789ab"
TEACHER = "teacher-device-token-0123456789"
LESSON = next(lesson for lesson in lessons() if lesson.board.kind == "points")


@pytest.fixture
def db_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "store.sqlite3"
    monkeypatch.setenv("UNO_ACADEMY_DB", str(path))
    return path


def open_page(page: str, lang: str, device: str, **params: str) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=30)
    at.query_params["lang"] = lang
    at.run()
    for key, value in params.items():
        at.query_params[key] = value
    at.switch_page(page).run()
    set_device(at, device)
    assert not at.exception, [e.value for e in at.exception]
    return at


def pass_lesson(at: AppTest) -> None:
    key = f"lesson_{LESSON.key}"
    go_to(at, LESSON, step_of(LESSON, "board"))
    at.number_input(key=f"{key}_number").set_value(int(right_board_options(LESSON)[0]))
    at.button(key=f"{key}_submit").click().run()
    for q in LESSON.quiz:
        qkey = f"{key}_{q.id}"
        go_to(at, LESSON, step_of(LESSON, q.id))
        answer = question_answer(q)
        if q.kind in ("points", "round_points", "drawn_count", "count"):
            at.number_input(key=f"{qkey}_value").set_value(int(answer))
        else:
            at.radio(key=f"{qkey}_value").set_value(answer)
        at.button(key=f"{qkey}_submit").click().run()
    assert not at.exception


def test_progress_comes_back_on_the_next_visit_from_the_same_device(db_file: Path) -> None:
    assert board_of(LESSON).kind == "points"
    first = open_page("pages/2_lessons.py", "en", PUPIL, lesson=str(LESSON.number))
    pass_lesson(first)
    assert LESSON.number in first.session_state["lessons_done"]
    again = open_page("pages/2_lessons.py", "en", PUPIL, lesson=str(LESSON.number))
    assert LESSON.number in again.session_state["lessons_done"]  # no ?done= in the URL
    assert t("lessons.lesson_done", "en") in [s.value for s in again.success]
    other = open_page("pages/2_lessons.py", "en", "another-device-0123456789abcdef")
    assert other.session_state["lessons_done"] == []
    with db.open_store() as store:
        kept = store.progress(PUPIL)
    assert kept.passed == {LESSON.number}


def test_a_wrong_answer_is_stored_as_a_try_not_a_pass(db_file: Path) -> None:
    at = open_page("pages/2_lessons.py", "fr", PUPIL, lesson=str(LESSON.number))
    q = LESSON.quiz[0]
    key = f"lesson_{LESSON.key}_{q.id}"
    go_to(at, LESSON, step_of(LESSON, q.id))
    wrong = str(int(question_answer(q)) + 1) if q.kind != "choice" else "x"
    if q.kind in ("points", "round_points", "drawn_count", "count"):
        at.number_input(key=f"{key}_value").set_value(int(wrong))
    else:
        at.radio(key=f"{key}_value").set_value(
            next(o for o in at.radio(key=f"{key}_value").options if o != question_answer(q))
        )
    at.button(key=f"{key}_submit").click().run()
    with db.open_store() as store:
        kept = store.progress(PUPIL)
    assert kept.passed == frozenset()
    answer = kept.answers[(LESSON.number, q.id)]
    assert (answer.tries, answer.wrong, answer.ever_right) == (1, 1, False)


@pytest.mark.parametrize("lang", ["en", "fr", "ru"])
def test_a_class_sees_its_pupils_passes(db_file: Path, lang: str) -> None:
    teacher = open_page("pages/7_teachers.py", lang, TEACHER)
    assert t("teachers.class.none", lang) in [c.value for c in teacher.caption]
    teacher.text_input(key="tc_name").input("CM1 B")
    teacher.button(key="tc_make").click().run()
    assert t("teachers.class.made", lang) in [s.value for s in teacher.success]
    (code,) = [c.value for c in teacher.code]
    pupil = open_page("pages/2_lessons.py", lang, PUPIL, lesson=str(LESSON.number))
    pupil.text_input(key="lessons_class_code").input("WRONG-CODE-0000-0")
    pupil.text_input(key="lessons_class_name").input("Inès")
    pupil.button(key="lessons_class_join").click().run()
    assert t("lessons.class_wrong", lang) in [w.value for w in pupil.warning]
    pupil.text_input(key="lessons_class_code").input(code.lower())
    pupil.button(key="lessons_class_join").click().run()
    assert any("CM1 B" in s.value for s in pupil.success)
    pass_lesson(pupil)
    teacher.run()
    frames = teacher.dataframe
    assert frames, "the teacher sees a table of the pupils"
    passed = frames[0].value
    assert list(passed[t("teachers.class.col_pupil", lang)]) == ["Inès"]
    assert passed[str(LESSON.number)].iloc[0] == t("lessons.done_mark", lang)
    # Another device sees no class, and no report.
    stranger = open_page("pages/7_teachers.py", lang, "stranger-device-0123456789abcd")
    assert not stranger.dataframe and not stranger.code
