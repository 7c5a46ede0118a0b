"""For teachers: activities by age, each with links to its lessons, the kids' game and the other
tools (the lab only when it is listed in ``PAGES``), and the printable one-page rules sheet
(HTML with print styles, to download) whose points table comes from the engine."""

from __future__ import annotations

from pathlib import Path

import streamlit as st

from uno.academy import classroom
from uno.academy.i18n import LANGS, catalog, t
from uno.academy.lessons import COUNTS, lesson_for_rule, lesson_text, lessons
from uno.ui.frame import PAGES

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
