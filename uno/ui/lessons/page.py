"""The lessons page (pages/2_lessons.py): the lesson chosen in the sidebar (or by ``?lesson=``),
its explanation, board and quiz, progress kept in the session and mirrored in ``?done=``, and a
link to the next lesson. ``?lesson=8&done=1.2.3`` opens lesson 8 with lessons 1-3 done.

A lesson is passed in the callback of the answer that completes it
(``uno.ui.lessons.progress.settle``), so the sidebar, drawn first, already counts it in the run
that says "Lesson done!"."""

from __future__ import annotations

import streamlit as st

from uno.academy.i18n import join_words, t
from uno.academy.lessons import (
    Lesson,
    format_progress,
    lesson_steps,
    lesson_text,
    lessons,
    parse_progress,
    sections,
)
from uno.ui.device import current_device
from uno.ui.lessons import keys, progress
from uno.ui.lessons.boards import show_board
from uno.ui.lessons.join_class import show_class_join
from uno.ui.lessons.parts import rule_links, said, show_explanation
from uno.ui.lessons.quiz import show_question

__all__ = ["show_lesson", "show_lessons"]


def _go(lesson_key: str, step: int) -> None:
    """Back and Next: another step of the lesson."""
    st.session_state[keys.step(lesson_key)] = step


def _task_done(lesson: Lesson, task: str | None) -> bool:
    """Whether a step's task is answered right (a step with no task: read, so done)."""
    if task is None:
        return True
    if task == "board":
        return bool(st.session_state.get(keys.board_keys(lesson.key).right))
    attempt = progress.attempts(lesson).get(task)
    return attempt is not None and attempt.right


def show_lesson(lesson: Lesson, lang: str) -> None:
    """One step of a lesson: where the learner is ("Step 3 of 7"), the step's part of the
    explanation and the rulings it teaches, its task (the board, or a question), Back and
    Next. The last step says "Lesson done!" once every task is answered right (the answer that
    did it passed the lesson, in its callback), else which steps still wait."""
    markdown, words = lesson_text(lesson, lang)
    steps = lesson_steps(lesson)
    parts = sections(markdown)
    key = keys.step(lesson.key)
    index = min(max(int(st.session_state.get(key, 1)), 1), len(steps))
    st.session_state[key] = index
    st.query_params["step"] = str(index)
    step = steps[index - 1]
    st.title(t("lessons.heading", lang, number=lesson.number, title=words["title"]))
    st.progress(index / len(steps), text=t("lessons.step_of", lang, index=index, total=len(steps)))
    if step.section is not None and step.section <= len(parts):
        show_explanation(parts[step.section - 1], lang)
    if step.rules:
        st.caption(rule_links(step.rules, lang))
    if step.task == "board":
        show_board(lesson, lang, words)
    elif step.task is not None:
        question = next(q for q in lesson.quiz if q.id == step.task)
        show_question(lesson, question, lang, words)
    done = _task_done(lesson, step.task)
    if progress.passed(lesson):
        st.success(t("lessons.lesson_done", lang))
    elif index == len(steps):
        waiting = [str(n) for n, s in enumerate(steps, start=1) if not _task_done(lesson, s.task)]
        st.info(t("lessons.not_done_yet", lang, steps=join_words(waiting, lang)))
    back, forward = st.columns(2)
    back.button(
        t("lessons.back", lang),
        key=keys.BACK,
        on_click=_go,
        args=(lesson.key, index - 1),
        disabled=index == 1,
        icon=":material/arrow_back:",
        width="stretch",
    )
    forward.button(
        t("lessons.next", lang),
        key=keys.NEXT,
        on_click=_go,
        args=(lesson.key, index + 1),
        disabled=index == len(steps),
        type="primary" if done else "secondary",
        icon=":material/arrow_forward:",
        width="stretch",
    )


def show_lessons(lang: str) -> None:
    """The lessons page: the lesson chosen in the sidebar (or by ``?lesson=``), progress kept in
    the session and mirrored in ``?done=``, and a link to the next lesson."""
    all_lessons = lessons()

    if keys.DONE not in st.session_state:  # first visit in this session: the URL may carry it
        _, in_url = parse_progress(None, st.query_params.get("done"), len(all_lessons))
        st.session_state[keys.DONE] = in_url
    url_lesson = st.query_params.get("lesson")
    if keys.PICK not in st.session_state or url_lesson != st.session_state.get(keys.URL_LESSON):
        # A shared link, the "next lesson" link or a typed URL chose the lesson.
        st.session_state[keys.PICK] = parse_progress(url_lesson, None, len(all_lessons))[0]
    else:
        # The menu's labels carry the done mark, so a lesson passed (or progress read from the
        # device) changes the label of the lesson chosen; a browser keeps the label it has and
        # sends it back at the next click, where it matches no option (lesson 1 would open).
        # The pick set again is sent to the browser with its label as it reads in this run.
        st.session_state[keys.PICK] = st.session_state[keys.PICK]

    done: list[int] = st.session_state[keys.DONE]
    token = current_device()
    if token is not None and not progress.loaded_for(token):
        progress.load(token, done)
    st.session_state[keys.ON_ANSWER] = progress.recorder(token)
    titles = {lesson.number: lesson_text(lesson, lang)[1]["title"] for lesson in all_lessons}

    def label(number: int) -> str:
        mark = f"{t('lessons.done_mark', lang)} " if number in done else ""
        return f"{mark}{number}. {titles[number]}"

    with st.sidebar:
        st.selectbox(
            t("lessons.choose", lang),
            [lesson.number for lesson in all_lessons],
            key=keys.PICK,
            format_func=label,
        )
        st.caption(
            t("lessons.progress", lang, done=len(done), total=len(all_lessons), count=len(done))
        )
        unsaved = progress.not_saved()
        if unsaved is not None:
            st.caption(said(unsaved, lang))
        show_class_join(lang, token)

    number: int = st.session_state[keys.PICK]
    url_step = st.query_params.get("step")
    if (
        url_step != st.session_state.get(keys.URL_STEP)
        and isinstance(url_step, str)
        and url_step.isascii()
        and url_step.isdigit()
    ):
        # A link to a step ("this rule is taught in lesson 3, step 2"): that step opens.
        st.session_state[keys.step(all_lessons[number - 1].key)] = int(url_step[:3])
    st.query_params["lesson"] = str(number)
    st.session_state[keys.URL_LESSON] = str(number)
    if done:
        st.query_params["done"] = format_progress(done)
    lesson = all_lessons[number - 1]
    show_lesson(lesson, lang)
    st.session_state[keys.URL_STEP] = st.query_params.get("step")

    if number < len(all_lessons):
        st.page_link(
            "pages/2_lessons.py",
            label=t("lessons.next_lesson", lang, title=titles[number + 1]),
            icon=":material/arrow_forward:",
            query_params={
                "lang": lang,
                "lesson": str(number + 1),
                **({"done": format_progress(done)} if done else {}),
            },
        )
    elif len(done) == len(all_lessons):
        st.info(t("lessons.all_done", lang))
