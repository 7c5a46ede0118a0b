"""Lessons: learn the rules step by step. ``?lesson=8&done=1.2.3`` opens lesson 8 with lessons
1-3 marked done, so a teacher can share "start at lesson 8"."""

from __future__ import annotations

import streamlit as st

from uno.academy.i18n import t
from uno.academy.lessons import format_progress, lesson_text, lessons, parse_progress
from uno.ui.frame import frame
from uno.ui.lesson_view import show_lesson

lang = frame("lessons")
ALL = lessons()
DONE_KEY = "lessons_done"
PICK_KEY = "lesson_pick"

if DONE_KEY not in st.session_state:  # first visit in this session: the URL may carry progress
    st.session_state[DONE_KEY] = parse_progress(None, st.query_params.get("done"), len(ALL))[1]
url_lesson = st.query_params.get("lesson")
if PICK_KEY not in st.session_state or url_lesson != st.session_state.get("lesson_url"):
    # A shared link, the "next lesson" link or a typed URL chose the lesson.
    st.session_state[PICK_KEY] = parse_progress(url_lesson, None, len(ALL))[0]

done: list[int] = st.session_state[DONE_KEY]
titles = {lesson.number: lesson_text(lesson, lang)[1]["title"] for lesson in ALL}


def label(number: int) -> str:
    mark = f"{t('lessons.done_mark', lang)} " if number in done else ""
    return f"{mark}{number}. {titles[number]}"


with st.sidebar:
    st.selectbox(
        t("lessons.choose", lang),
        [lesson.number for lesson in ALL],
        key=PICK_KEY,
        format_func=label,
    )
    st.caption(t("lessons.progress", lang, done=len(done), total=len(ALL)))

number: int = st.session_state[PICK_KEY]
st.query_params["lesson"] = str(number)
st.session_state["lesson_url"] = str(number)
if done:
    st.query_params["done"] = format_progress(done)
lesson = ALL[number - 1]


def mark_done() -> None:
    if number not in done:
        done.append(number)
        done.sort()
        st.query_params["done"] = format_progress(done)


show_lesson(lesson, lang, mark_done)

if number < len(ALL):
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
elif len(done) == len(ALL):
    st.info(t("lessons.all_done", lang))
