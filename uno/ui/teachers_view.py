"""For teachers: activities by age, each with links to its lessons, the kids' game and the other
tools (the lab only when it is listed in ``PAGES``), and the printable one-page rules sheet
(HTML with print styles, to download) whose points table comes from the engine."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import streamlit as st

from uno.academy import classroom
from uno.academy.i18n import LANGS, catalog, t
from uno.academy.lessons import COUNTS, lesson_for_rule, lesson_text, lessons
from uno.academy.scoring import Message
from uno.academy.services import classes
from uno.ui.device import current_device
from uno.ui.frame import PAGES
from uno.ui.puzzles.teachers import class_puzzles
from uno.ui.words import inert

#: Each age group: its content key, the rulings whose lessons it uses, the deck of the kids' game
#: it suggests (None: no kids' game) and the other pages it opens (skipped when not in PAGES).
ACTIVITIES: tuple[tuple[str, tuple[str, ...], str | None, tuple[str, ...]], ...] = (
    ("young", ("R-DECK-1", "R-PLAY-1"), "numbers", ()),
    ("middle", ("R-PLAY-1", "R-DRAW-1", "R-ACT-1", "R-UNO-1"), "actions", ("sandbox",)),
    ("older", ("R-DECK-1", "R-CHAL-1", "R-SCORE-1"), None, ("lab", "scoring")),
)
#: Charts of the lab page for the probability activity: (anchor on the lab page, its title key).
#: A chart whose title is missing is left out, like a page missing from PAGES.
LAB_CHARTS = (
    ("can-play", "lab.can_play.title"),
    ("challenge", "lab.challenge.title"),
    ("hand-worth", "lab.worth.title"),
    ("game-length", "lab.length.title"),
)
PAGE_BY_ID = {page.id: page for page in PAGES}


def show_teachers(lang: str) -> None:
    """The whole page below the frame."""
    titles = {lesson.number: str(lesson_text(lesson, lang)[1]["title"]) for lesson in lessons()}

    st.title(t("nav.teachers", lang))
    st.write(t("teachers.intro", lang))
    show_classes(lang, titles)

    st.header(t("teachers.ages_title", lang))
    for key, rules, deck, page_ids in ACTIVITIES:
        with st.container(border=True):
            st.subheader(t(f"teachers.age.{key}.title", lang))
            st.markdown(f"**{t('teachers.goal', lang)}** {t(f'teachers.age.{key}.goal', lang)}")
            deck_cards = t("scoring.cards", lang, count=COUNTS["deck"])  # "108 cards"
            color_cards = t("scoring.cards", lang, count=COUNTS["color"])
            st.markdown(t(f"teachers.age.{key}.steps", lang, deck=deck_cards, color=color_cards))
            st.markdown(f"**{t('teachers.open', lang)}**")
            numbers = sorted({n for rule in rules if (n := lesson_for_rule(rule)) is not None})
            for number in numbers:
                st.page_link(
                    "pages/2_lessons.py",
                    label=t("teachers.link_lesson", lang, number=number, title=titles[number]),
                    icon=":material/school:",
                    query_params={"lang": lang, "lesson": str(number)},
                )
            kids_page = PAGE_BY_ID.get("classroom")
            if deck is not None and kids_page is not None:
                st.page_link(
                    kids_page.path,
                    label=t(
                        "teachers.link_classroom", lang, deck=t(f"classroom.deck.{deck}", lang)
                    ),
                    icon=kids_page.icon,
                    query_params={"lang": lang, "deck": deck},
                )
            for page_id in page_ids:
                page = PAGE_BY_ID.get(page_id)
                if page is not None:  # a page not (yet) in the app is simply left out
                    st.page_link(
                        page.path,
                        label=t(f"nav.{page.id}", lang),
                        icon=page.icon,
                        query_params={"lang": lang},
                    )
                    if page.id == "lab":
                        url = Path(page.path).stem.split("_", 1)[-1]  # pages/5_lab.py -> lab
                        words = catalog(lang)
                        charts = [
                            f"[{words[key]}]({url}?lang={lang}#{anchor})"
                            for anchor, key in LAB_CHARTS
                            if key in words
                        ]
                        if charts:
                            st.markdown(f"{t('teachers.lab_charts', lang)} " + " · ".join(charts))

    st.header(t("teachers.sheet_title", lang))
    st.write(t("teachers.sheet_intro", lang))
    sheet_lang = st.selectbox(
        t("teachers.sheet_lang", lang),
        LANGS,
        index=LANGS.index(lang),
        key="cl_sheet_lang",
        format_func=lambda code: t("frame.language_name", code),
    )
    st.download_button(
        t("teachers.download", lang),
        classroom.rules_sheet_html(sheet_lang).encode("utf-8"),
        file_name=f"uno-rules-{sheet_lang}.html",
        mime="text/html",
        key="cl_sheet_download",
        type="primary",
        icon=":material/print:",
        on_click="ignore",
    )
    with st.container(border=True):
        st.html(classroom.rules_sheet_body(sheet_lang))


# -- a class: its code for pupils, and what the teacher sees ---------------------------------

CLASS_PICK = "tc_class"
CLASS_MESSAGE = "tc_message"


def _create(token: str, lang: str) -> None:
    name = str(st.session_state.get("tc_name", "")).strip() or t("teachers.class.default", lang)
    made, kind, said = classes.create_class(token, name)
    if made is not None:
        st.session_state[CLASS_PICK] = made.code
    st.session_state[CLASS_MESSAGE] = (kind, t(said.key, lang, **said.values))


def _question_text(number: int, question: str, lang: str) -> str:
    for lesson in lessons():
        if lesson.number == number:
            words = lesson_text(lesson, lang)[1]
            prompt = words.get("quiz", {}).get(question, {}).get("prompt")
            if prompt:
                return str(prompt)
    return question


def show_classes(lang: str, titles: dict[int, str]) -> None:
    """A class code for pupils to type on the lessons page, the lessons each pupil passed and
    the questions the class gets wrong most. Only this device (the teacher's) sees it."""
    st.header(t("teachers.class.title", lang))
    token = current_device()
    if token is None:
        st.caption(t("teachers.class.loading", lang))
        return
    taught = classes.classes_of(token)
    if taught.said is not None:
        st.warning(t(taught.said.key, lang, **taught.said.values))
        return
    mine = taught.classes
    with st.container(border=True):
        left, right = st.columns([3, 1], vertical_alignment="bottom")
        left.text_input(
            t("teachers.class.name", lang),
            key="tc_name",
            max_chars=40,
            placeholder=t("teachers.class.name_hint", lang),
        )
        right.button(
            t("teachers.class.make", lang),
            key="tc_make",
            on_click=_create,
            args=(token, lang),
            type="primary",
            width="stretch",
        )
        message = st.session_state.pop(CLASS_MESSAGE, None)
        if message:
            getattr(st, message[0])(message[1])
    if not mine:
        st.caption(t("teachers.class.none", lang))
        return
    codes = [c.code for c in mine]
    if st.session_state.get(CLASS_PICK) not in codes:
        st.session_state[CLASS_PICK] = codes[0]
    names = {c.code: c.name for c in mine}
    st.selectbox(
        t("teachers.class.pick", lang),
        codes,
        key=CLASS_PICK,
        format_func=lambda code: names[code],
    )
    code = str(st.session_state[CLASS_PICK])
    st.markdown(t("teachers.class.code_intro", lang))
    st.code(classes.shown_code(code), language=None)
    st.caption(t("teachers.class.steps", lang))
    class_puzzles(token, code, lang)
    report = classes.class_report(token, code)
    if isinstance(report, Message):
        st.warning(t(report.key, lang, **report.values))
        return
    if not report.pupils:
        st.info(t("teachers.class.no_pupils", lang))
        return
    mark = t("lessons.done_mark", lang)
    rows = []
    for pupil in report.pupils:
        row: dict[str, object] = {t("teachers.class.col_pupil", lang): pupil.first_name}
        for number in sorted(titles):
            row[str(number)] = mark if number in pupil.passed else ""
        row[t("teachers.class.col_passed", lang)] = len(pupil.passed)
        rows.append(row)
    st.subheader(t("teachers.class.passed_title", lang))
    st.dataframe(pd.DataFrame(rows), hide_index=True, width="stretch")
    st.caption(t("teachers.class.columns", lang))
    if report.hardest:
        st.subheader(t("teachers.class.hardest_title", lang))
        hard = [
            {
                t("teachers.class.col_lesson", lang): f"{q.lesson}. {titles.get(q.lesson, '')}",
                t("teachers.class.col_question", lang): _question_text(q.lesson, q.question, lang),
                t("teachers.class.col_wrong", lang): f"{q.wrong} / {q.asked}",
            }
            for q in report.hardest[:8]
        ]
        st.dataframe(pd.DataFrame(hard), hide_index=True, width="stretch")
    st.caption(inert(t("teachers.class.private", lang)))
